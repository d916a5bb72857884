//! The checks of the database workloads (docs/workloads.md, "Database
//! workloads"): db and queries compare their rows with `world` as the
//! database holds it; the clamps of `queries=N` are counted; fortunes
//! parses the HTML table (whitespace between tags ignored, entities
//! decoded) and compares it with the 13 expected rows, failing a raw `<` or
//! `>` in a cell as not escaped; updates reads `world` before and after a
//! request and wants every returned row written and at least 90% of them
//! changed; items compares each item with its row and the count with the
//! database's.
//!
//! The database is read by [`Step::Query`] steps (every column as text):
//! the judges stay pure, their rows are replies like the responses.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{
    content_type, json_body, quote, response, status, Check, Exchange, Fault, Reply, Requests,
    Response, Step,
};
use crate::database::{fortunes_page_rows, ItemSearch, ITEMS_DEFAULT, MAX_QUERIES, WORLD_ROWS};

/// The whole of `world`: the rows db, queries and updates are compared with.
pub(crate) const WORLD_SQL: &str = "SELECT id, randomnumber FROM world ORDER BY id";

/// Every item priced in `min..=max`, the columns of `ITEMS_SQL` in its order.
pub(crate) fn items_in_range_sql(min: i32, max: i32) -> String {
    format!(
        "SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count \
         FROM items WHERE price BETWEEN {min} AND {max} ORDER BY id"
    )
}

/// The `queries` values whose clamps are checked, and the rows each gives.
const CLAMPS: [(&str, usize); 3] = [("0", 1), ("foo", 1), ("501", MAX_QUERIES)];
/// The `N` of the checks that compare rows with the database.
const CHECKED_QUERIES: usize = 20;
/// Share of the rows an update must really change (a new random number
/// can equal the old one).
const CHANGED_SHARE: f64 = 0.9;

pub(super) fn db(req: &Requests) -> Vec<Check> {
    let get = || Step::Exchange(Exchange::whole(req.get("/db", &[])));
    let steps = vec![get(), get(), Step::Query(WORLD_SQL.into())];
    vec![Check::new(
        "db: two rows equal to the database's",
        steps,
        |replies| {
            let world = world_at(replies, 2)?;
            for i in 0..2 {
                let r = response_at(replies, i)?;
                let one = || {
                    let body = json_of(r)?;
                    let row = world_row(&body, "the body")?;
                    same_as_database(row, &world, "the row")
                };
                one().map_err(|e: String| Fault::at(i, e))?;
            }
            Ok(())
        },
    )]
}

pub(super) fn queries(req: &Requests) -> Vec<Check> {
    let path = format!("/queries?queries={CHECKED_QUERIES}");
    let steps = vec![
        Step::Exchange(Exchange::whole(req.get(&path, &[]))),
        Step::Query(WORLD_SQL.into()),
    ];
    let mut out = vec![Check::new(
        format!("queries: {path} gives {CHECKED_QUERIES} rows equal to the database's"),
        steps,
        |replies| {
            let world = world_at(replies, 1)?;
            let rows = world_array(response_at(replies, 0)?, CHECKED_QUERIES).map_err(at(0))?;
            rows.iter()
                .enumerate()
                .try_for_each(|(i, &row)| same_as_database(row, &world, &format!("row {i}")))
                .map_err(at(0))
        },
    )];
    let clamps = [("/queries?queries=", 1), ("/queries", 1)]
        .into_iter()
        .map(|(p, n)| (p.to_string(), n))
        .chain(CLAMPS.map(|(q, n)| (format!("/queries?queries={q}"), n)));
    out.extend(clamps.map(|(path, n)| count_check("queries", req, path, n)));
    out
}

pub(super) fn updates(req: &Requests) -> Vec<Check> {
    let path = format!("/updates?queries={CHECKED_QUERIES}");
    let steps = vec![
        Step::Query(WORLD_SQL.into()),
        Step::Exchange(Exchange::whole(req.get(&path, &[]))),
        Step::Query(WORLD_SQL.into()),
    ];
    let mut out = vec![Check::new(
        format!("updates: {path} writes its rows"),
        steps,
        |replies| {
            let before = world_at(replies, 0)?;
            let after = world_at(replies, 2)?;
            let rows = world_array(response_at(replies, 1)?, CHECKED_QUERIES).map_err(at(1))?;
            updated(&rows, &before, &after).map_err(at(1))
        },
    )];
    let clamps = CLAMPS.map(|(q, n)| (format!("/updates?queries={q}"), n));
    out.extend(clamps.map(|(path, n)| count_check("updates", req, path, n)));
    out
}

pub(super) fn fortunes(req: &Requests) -> Vec<Check> {
    vec![Check::one(
        "fortunes: the table, sorted and escaped",
        Exchange::whole(req.get("/fortunes", &[])),
        |reply| {
            let r = response(reply)?;
            status(r, 200)?;
            html_utf8(r)?;
            let html =
                std::str::from_utf8(&r.body).map_err(|e| format!("the body is not UTF-8: {e}"))?;
            same_fortunes(&table_rows(html)?)
        },
    )]
}

pub(super) fn items(req: &Requests) -> Vec<Check> {
    let searches = [
        ITEMS_DEFAULT,
        ItemSearch {
            min: 100,
            max: 101,
            limit: 5,
        },
    ];
    let mut out: Vec<Check> = searches
        .into_iter()
        .map(|s| {
            let path = format!("/items?min={}&max={}&limit={}", s.min, s.max, s.limit);
            let steps = vec![
                Step::Exchange(Exchange::whole(req.get(&path, &[]))),
                Step::Query(items_in_range_sql(s.min, s.max)),
            ];
            let name = match s == ITEMS_DEFAULT {
                true => format!(
                    "items: {path} gives {} items equal to the database's",
                    s.limit
                ),
                false => format!(
                    "items: {path} gives as many as the database has, up to {}",
                    s.limit
                ),
            };
            Check::new(name, steps, move |replies| {
                let rows = rows_at(replies, 1)?;
                let db = item_table(rows).map_err(at(1))?;
                let body = json_of(response_at(replies, 0)?).map_err(at(0))?;
                same_items(&body, &db, s).map_err(at(0))
            })
        })
        .collect();
    let path = "/items?min=9999&max=9999";
    out.push(Check::one(
        format!("items: {path} gives none"),
        Exchange::whole(req.get(path, &[])),
        |reply| {
            let r = response(reply)?;
            status(r, 200)?;
            content_type(r, "application/json")?;
            json_body(&r.body, &serde_json::json!({"items": [], "count": 0}))
        },
    ));
    out
}

// ---------------------------------------------------------------- replies

/// Turns a reason into a fault about reply `i`.
fn at(i: usize) -> impl Fn(String) -> Fault {
    move |reason| Fault::at(i, reason)
}

fn reply_at(replies: &[Reply], i: usize) -> Result<&Reply, Fault> {
    replies.get(i).ok_or_else(|| Fault::at(i, "no reply"))
}

fn response_at(replies: &[Reply], i: usize) -> Result<&Response, Fault> {
    response(reply_at(replies, i)?).map_err(at(i))
}

/// The rows of reply `i`, which a query gave.
fn rows_at(replies: &[Reply], i: usize) -> Result<&[Vec<Option<String>>], Fault> {
    match reply_at(replies, i)? {
        Reply::Rows(rows) => Ok(rows),
        _ => Err(Fault::at(
            i,
            "a response where the database's rows were expected",
        )),
    }
}

/// `world` as the query of reply `i` read it: id to randomnumber.
fn world_at(replies: &[Reply], i: usize) -> Result<BTreeMap<i64, i64>, Fault> {
    let rows = rows_at(replies, i)?;
    let mut out = BTreeMap::new();
    for row in rows {
        let int = |k: usize| row.get(k)?.as_deref()?.trim().parse::<i64>().ok();
        match (row.len(), int(0), int(1)) {
            (2, Some(id), Some(n)) => out.insert(id, n),
            _ => {
                let why = format!("the database's world row {row:?} is not (id, randomnumber)");
                return Err(Fault::at(i, why));
            }
        };
    }
    match out.is_empty() {
        true => Err(Fault::at(i, "the database's world table is empty")),
        false => Ok(out),
    }
}

/// A `200` with `application/json`, its body parsed.
fn json_of(r: &Response) -> Result<Value, String> {
    status(r, 200)?;
    content_type(r, "application/json")?;
    serde_json::from_slice(&r.body)
        .map_err(|e| format!("the body is not JSON ({e}): {}", quote(&r.body)))
}

// ---------------------------------------------------------------- world rows

/// `v` as a World row: an object of exactly `id` (1 to 10,000) and
/// `randomNumber` (1 to 10,000), both integers.
fn world_row(v: &Value, what: &str) -> Result<(i64, i64), String> {
    let Value::Object(o) = v else {
        return Err(format!(
            "{what} is {}, want an object {{\"id\",\"randomNumber\"}}",
            short(v)
        ));
    };
    if let Some(k) = o.keys().find(|k| *k != "id" && *k != "randomNumber") {
        return Err(format!(
            "{what} has a key {k:?} it should not (want id, randomNumber)"
        ));
    }
    let int = |k: &str| match o.get(k) {
        None => Err(format!("{what} has no key {k:?}")),
        Some(n) => match n.as_i64() {
            Some(n) if (1..=WORLD_ROWS as i64).contains(&n) => Ok(n),
            _ => Err(format!(
                "{what}: {k} is {n}, want an integer 1 to {WORLD_ROWS}"
            )),
        },
    };
    Ok((int("id")?, int("randomNumber")?))
}

/// The JSON array of exactly `n` World rows.
fn world_array(r: &Response, n: usize) -> Result<Vec<(i64, i64)>, String> {
    let body = json_of(r)?;
    let Value::Array(rows) = &body else {
        return Err(format!(
            "the body is {}, want an array of {n} rows",
            short(&body)
        ));
    };
    if rows.len() != n {
        return Err(format!("{} rows, want {n}", rows.len()));
    }
    rows.iter()
        .enumerate()
        .map(|(i, v)| world_row(v, &format!("row {i}")))
        .collect()
}

/// The row is the database's.
fn same_as_database(
    (id, n): (i64, i64),
    world: &BTreeMap<i64, i64>,
    what: &str,
) -> Result<(), String> {
    match world.get(&id) {
        Some(&want) if want == n => Ok(()),
        Some(want) => Err(format!(
            "{what} {{id {id}, randomNumber {n}}}: the database has randomNumber {want}"
        )),
        None => Err(format!("{what}: the database has no world row of id {id}")),
    }
}

/// `/updates`' returned rows against `world` before and after: each is the
/// row after (of an id returned twice, the last written of its values),
/// and at least 90% differ from the row before.
fn updated(
    rows: &[(i64, i64)],
    before: &BTreeMap<i64, i64>,
    after: &BTreeMap<i64, i64>,
) -> Result<(), String> {
    for (i, &(id, n)) in rows.iter().enumerate() {
        let Some(&now) = after.get(&id) else {
            return Err(format!("row {i}: the database has no world row of id {id}"));
        };
        let returned = |v: i64| rows.iter().any(|&(rid, rn)| rid == id && rn == v);
        if now != n && !returned(now) {
            return Err(format!(
                "row {i} {{id {id}, randomNumber {n}}} is not in the database after the request \
                 (it has randomNumber {now}): the update was not written"
            ));
        }
    }
    let changed = rows
        .iter()
        .filter(|(id, n)| before.get(id) != Some(n))
        .count();
    let need = (rows.len() as f64 * CHANGED_SHARE).ceil() as usize;
    match changed >= need {
        true => Ok(()),
        false => Err(format!(
            "only {changed} of {} rows differ from the database's before the request, want at \
             least {need}: the rows were not given new random numbers",
            rows.len()
        )),
    }
}

/// `GET path` answers an array of `n` World rows.
fn count_check(workload: &str, req: &Requests, path: String, n: usize) -> Check {
    let plural = if n == 1 { "row" } else { "rows" };
    Check::one(
        format!("{workload}: {path} gives {n} {plural}"),
        Exchange::whole(req.get(&path, &[])),
        move |reply| world_array(response(reply)?, n).map(|_| ()),
    )
}

// ---------------------------------------------------------------- fortunes

/// `Content-Type` is `text/html` with `charset=utf-8`.
fn html_utf8(r: &Response) -> Result<(), String> {
    content_type(r, "text/html")?;
    let got = r.header("content-type").unwrap_or_default();
    let utf8 = got.split(';').skip(1).any(|p| {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        k.trim().eq_ignore_ascii_case("charset")
            && v.trim().trim_matches('"').eq_ignore_ascii_case("utf-8")
    });
    match utf8 {
        true => Ok(()),
        false => Err(format!("Content-Type {got:?}, want charset=utf-8")),
    }
}

/// The cells of each `<tr>` that has `<td>` cells, trimmed and decoded; a
/// cell with a raw `<` or `>` fails as not escaped.
fn table_rows(html: &str) -> Result<Vec<Vec<String>>, String> {
    let lower = html.to_ascii_lowercase();
    let rows = tag_starts(&lower, "tr");
    let mut out = Vec::new();
    for (k, &start) in rows.iter().enumerate() {
        let end = rows.get(k + 1).copied().unwrap_or(lower.len());
        let (row, row_lower) = (&html[start..end], &lower[start..end]);
        let mut cells = Vec::new();
        for cell in tag_starts(row_lower, "td") {
            let Some(open) = row_lower[cell..].find('>') else {
                return Err(format!(
                    "a <td> that does not close: {}",
                    quote(row.as_bytes())
                ));
            };
            let from = cell + open + 1;
            let rest = &row_lower[from..];
            let len = ["</td", "<td", "</tr", "</table"]
                .iter()
                .filter_map(|t| rest.find(t))
                .min()
                .unwrap_or(rest.len());
            let text = row[from..from + len].trim();
            if text.contains(['<', '>']) {
                return Err(format!(
                    "not escaped: a raw '<' or '>' in the cell {}",
                    quote(text.as_bytes())
                ));
            }
            cells.push(decode_entities(text));
        }
        if !cells.is_empty() {
            out.push(cells);
        }
    }
    Ok(out)
}

/// Where the tags `<name` (then `>`, `/` or whitespace) start in `lower`.
fn tag_starts(lower: &str, name: &str) -> Vec<usize> {
    let open = format!("<{name}");
    lower
        .match_indices(&open)
        .map(|(i, _)| i)
        .filter(|&i| {
            let next = lower[i + open.len()..].chars().next();
            matches!(next, Some(c) if c == '>' || c == '/' || c.is_ascii_whitespace())
        })
        .collect()
}

/// `text` with its character references decoded (`&amp;`, `&lt;`, `&gt;`,
/// `&quot;`, `&apos;`, `&#NN;`, `&#xHH;`); anything else kept as it is.
pub(super) fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let entity = rest[1..]
            .find(';')
            .filter(|&n| n <= 10)
            .and_then(|n| Some((entity(&rest[1..1 + n])?, n + 2)));
        match entity {
            Some((c, used)) => {
                out.push(c);
                rest = &rest[used..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character of the reference `&name;`.
fn entity(name: &str) -> Option<char> {
    let number = |digits: &str, radix| u32::from_str_radix(digits, radix).ok();
    let code = match name {
        "amp" => Some('&' as u32),
        "lt" => Some('<' as u32),
        "gt" => Some('>' as u32),
        "quot" => Some('"' as u32),
        "apos" => Some('\'' as u32),
        _ => match name.strip_prefix('#') {
            Some(hex) if hex.starts_with(['x', 'X']) => number(&hex[1..], 16),
            Some(dec) => number(dec, 10),
            None => None,
        },
    };
    code.and_then(char::from_u32)
}

/// The table's rows are the 13 expected, in order.
fn same_fortunes(got: &[Vec<String>]) -> Result<(), String> {
    let want = fortunes_page_rows();
    if got.len() != want.len() {
        return Err(format!(
            "{} rows in the table, want {} (the database's {} and the one added at request time)",
            got.len(),
            want.len(),
            want.len() - 1
        ));
    }
    for (i, (cells, (id, message))) in got.iter().zip(&want).enumerate() {
        let n = i + 1;
        let [got_id, got_message] = cells.as_slice() else {
            return Err(format!(
                "row {n} has {} cells, want 2 (id, message)",
                cells.len()
            ));
        };
        if got_message != message {
            return Err(format!(
                "row {n}: message {got_message:?}, want {message:?} (sorted by message)"
            ));
        }
        if got_id.parse::<i32>().ok() != Some(*id) {
            return Err(format!("row {n} ({message:?}): id {got_id:?}, want {id}"));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- items

/// One row of `items` as the database gave it, in the JSON of an item.
fn item_table(rows: &[Vec<Option<String>>]) -> Result<BTreeMap<i64, Value>, String> {
    let mut out = BTreeMap::new();
    for row in rows {
        let item = item_of_row(row)
            .ok_or_else(|| format!("the database's items row {row:?} does not read as an item"))?;
        out.insert(item["id"].as_i64().unwrap_or_default(), item);
    }
    Ok(out)
}

fn item_of_row(row: &[Option<String>]) -> Option<Value> {
    let [id, name, category, price, quantity, active, tags, score, count] = row else {
        return None;
    };
    fn text(c: &Option<String>) -> Option<&str> {
        c.as_deref().map(str::trim)
    }
    let int = |c: &Option<String>| text(c)?.parse::<i64>().ok();
    let active = match text(active)? {
        "t" | "true" => true,
        "f" | "false" => false,
        _ => return None,
    };
    Some(serde_json::json!({
        "id": int(id)?,
        "name": text(name)?,
        "category": text(category)?,
        "price": int(price)?,
        "quantity": int(quantity)?,
        "active": active,
        "tags": serde_json::from_str::<Value>(text(tags)?).ok()?,
        "rating": {"score": text(score)?.parse::<f64>().ok()?, "count": int(count)?},
    }))
}

/// `{"items":[…],"count":K}`: as many items as the database has in the
/// range up to the limit, each its row, none twice.
fn same_items(body: &Value, db: &BTreeMap<i64, Value>, s: ItemSearch) -> Result<(), String> {
    let keys = |o: &serde_json::Map<String, Value>| o.keys().cloned().collect::<Vec<_>>();
    let (Some(items), Some(count)) = (body["items"].as_array(), body["count"].as_i64()) else {
        return Err(format!(
            "the body is {}, want {{\"items\":[…],\"count\":K}}",
            short(body)
        ));
    };
    if let Some(o) = body.as_object().filter(|o| o.len() != 2) {
        return Err(format!(
            "the body has keys {:?}, want items and count",
            keys(o)
        ));
    }
    let want = db.len().min(s.limit);
    if items.len() != want {
        return Err(format!(
            "{} items, want {want} (the database has {} priced {} to {}, limit {})",
            items.len(),
            db.len(),
            s.min,
            s.max,
            s.limit
        ));
    }
    if count != items.len() as i64 {
        return Err(format!("count is {count}, but {} items came", items.len()));
    }
    let mut seen = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let id = item["id"].as_i64();
        let Some(row) = id.and_then(|id| db.get(&id)) else {
            return Err(format!(
                "item {i} {}: the database has no item of that id priced {} to {}",
                short(item),
                s.min,
                s.max
            ));
        };
        if seen.contains(&id) {
            return Err(format!("item {i}: id {} came twice", row["id"]));
        }
        seen.push(id);
        same_item(item, row).map_err(|e| format!("item {i} (id {}): {e}", row["id"]))?;
    }
    Ok(())
}

/// An item is its row: the same keys (`rating` an object, `tags` an
/// array), the same values (the score as a number within 1e-9).
fn same_item(got: &Value, want: &Value) -> Result<(), String> {
    let (Value::Object(g), Value::Object(w)) = (got, want) else {
        return Err(format!("{} is not an object", short(got)));
    };
    if let Some(k) = g.keys().find(|k| !w.contains_key(*k)) {
        return Err(format!("a key {k:?} it should not have"));
    }
    for (k, wv) in w {
        let Some(gv) = g.get(k) else {
            return Err(format!("no key {k:?}"));
        };
        let same = match k.as_str() {
            "rating" => same_rating(gv, wv)?,
            "tags" if !gv.is_array() => {
                return Err(format!("tags is {}, want an array", short(gv)))
            }
            _ => gv == wv,
        };
        if !same {
            return Err(format!(
                "{k} is {}, the database has {}",
                short(gv),
                short(wv)
            ));
        }
    }
    Ok(())
}

fn same_rating(got: &Value, want: &Value) -> Result<bool, String> {
    let Value::Object(g) = got else {
        return Err(format!(
            "rating is {}, want an object {{score, count}}",
            short(got)
        ));
    };
    if let Some(k) = g.keys().find(|k| *k != "score" && *k != "count") {
        return Err(format!("rating has a key {k:?} it should not"));
    }
    let score = |v: &Value| v["score"].as_f64();
    let close = match (score(got), score(want)) {
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * b.abs().max(1.0),
        _ => false,
    };
    Ok(close && got["count"] == want["count"])
}

/// `v` as JSON, cut short for a reason.
fn short(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}
