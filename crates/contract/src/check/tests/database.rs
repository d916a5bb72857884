//! A reference database server for the database workloads' checks: a
//! fake database (a `world` of 10,000 rows, a few thousand items) that
//! answers the checks' queries as PostgreSQL would (every column as
//! text), and the five endpoints answered from it, correctly or in one of
//! the broken ways the checks must catch.

use std::cell::RefCell;
use std::collections::BTreeMap;

use super::super::database::{decode_entities, items_in_range_sql, WORLD_SQL};
use super::*;
use crate::database::{
    fortunes_html, fortunes_page_rows, parse_item_search, parse_queries, FORTUNES_CONTENT_TYPE,
    WORLD_ROWS,
};

/// How the reference answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Correct,
    /// db and queries answer from a stale copy of `world`.
    Cached,
    /// The fortunes' messages are not escaped.
    Unescaped,
    /// updates answers new numbers but writes nothing.
    NoWrite,
    /// queries and updates do not clamp; items ignores the limit.
    WrongCount,
}

const CATEGORIES: [&str; 4] = ["books", "garden", "toys", "tools"];
const ITEMS: i64 = 10_000;

struct Fake {
    world: BTreeMap<i64, i64>,
    items: Vec<Vec<Option<String>>>,
    rng: Rng,
}

impl Fake {
    fn new() -> Fake {
        let mut rng = Rng::new(28);
        let world = (1..=WORLD_ROWS as i64)
            .map(|id| (id, rng.range(1, WORLD_ROWS as i64)))
            .collect();
        let items = (1..=ITEMS)
            .map(|id| {
                let category = CATEGORIES[rng.range(0, 3) as usize];
                let tags = match rng.range(0, 2) {
                    0 => "[]",
                    1 => r#"["eco"]"#,
                    _ => r#"["eco", "imported"]"#,
                };
                let score = rng.range(10, 50) as f64 / 10.0;
                [
                    id.to_string(),
                    format!("Item {id}"),
                    category.to_string(),
                    rng.range(1, 1000).to_string(),
                    rng.range(0, 100).to_string(),
                    ["t", "f"][rng.range(0, 1) as usize].to_string(),
                    tags.to_string(),
                    score.to_string(),
                    rng.range(0, 5000).to_string(),
                ]
                .into_iter()
                .map(Some)
                .collect()
            })
            .collect();
        Fake { world, items, rng }
    }

    fn items_in(&self, min: i64, max: i64) -> Vec<Vec<Option<String>>> {
        let price = |row: &Vec<Option<String>>| row[3].as_deref().unwrap().parse::<i64>().unwrap();
        self.items
            .iter()
            .filter(|row| (min..=max).contains(&price(row)))
            .cloned()
            .collect()
    }
}

thread_local! {
    static DB: RefCell<Fake> = RefCell::new(Fake::new());
}

/// What the fake database answers to one of the checks' queries.
pub(super) fn query(sql: &str) -> Vec<Vec<Option<String>>> {
    DB.with_borrow(|db| {
        if sql == WORLD_SQL {
            return db
                .world
                .iter()
                .map(|(id, n)| vec![Some(id.to_string()), Some(n.to_string())])
                .collect();
        }
        let range = sql.split_once(" BETWEEN ").expect("a query of items").1;
        let (min, rest) = range.split_once(" AND ").unwrap();
        let max = rest.split_whitespace().next().unwrap();
        let rows = db.items_in(min.parse().unwrap(), max.parse().unwrap());
        assert_eq!(
            sql,
            items_in_range_sql(min.parse().unwrap(), max.parse().unwrap())
        );
        rows
    })
}

fn json(v: serde_json::Value) -> Response {
    Response::new(
        200,
        &[("Content-Type", "application/json")],
        serde_json::to_vec(&v).unwrap(),
    )
}

fn row(id: i64, n: i64) -> serde_json::Value {
    serde_json::json!({"id": id, "randomNumber": n})
}

/// The reference's answer to a database endpoint, `None` for other paths.
pub(super) fn answer(r: &Request, mode: Mode) -> Option<Response> {
    let query = r.query.as_deref();
    let n = match mode {
        Mode::WrongCount => query
            .and_then(|q| q.strip_prefix("queries="))
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(1),
        _ => parse_queries(query),
    };
    DB.with_borrow_mut(|db| {
        let read = |db: &mut Fake| {
            let id = db.rng.range(1, WORLD_ROWS as i64);
            let n = db.world[&id];
            match mode {
                Mode::Cached => (id, n % WORLD_ROWS as i64 + 1),
                _ => (id, n),
            }
        };
        Some(match r.path.as_str() {
            "/db" => {
                let (id, n) = read(db);
                json(row(id, n))
            }
            "/queries" => json((0..n).map(|_| read(db)).map(|(i, n)| row(i, n)).collect()),
            "/updates" => {
                let rows: Vec<_> = (0..n)
                    .map(|_| {
                        let (id, _) = read(db);
                        let new = db.rng.range(1, WORLD_ROWS as i64);
                        if mode != Mode::NoWrite {
                            db.world.insert(id, new);
                        }
                        row(id, new)
                    })
                    .collect();
                json(rows.into())
            }
            "/fortunes" => fortunes(mode),
            "/items" => items(db, query, mode),
            _ => return None,
        })
    })
}

fn fortunes(mode: Mode) -> Response {
    let rows = fortunes_page_rows();
    let mut html = fortunes_html(&rows);
    if mode == Mode::Unescaped {
        html = html
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"");
    }
    Response::new(200, &[("Content-Type", "text/html; charset=utf-8")], html)
}

fn items(db: &Fake, query: Option<&str>, mode: Mode) -> Response {
    let s = parse_item_search(query);
    let limit = match mode {
        Mode::WrongCount => 50,
        _ => s.limit,
    };
    let items: Vec<serde_json::Value> = db
        .items_in(s.min.into(), s.max.into())
        .iter()
        .take(limit)
        .map(|row| {
            let col = |i: usize| row[i].clone().unwrap();
            let int = |i: usize| col(i).parse::<i64>().unwrap();
            serde_json::json!({
                "id": int(0), "name": col(1), "category": col(2), "price": int(3),
                "quantity": int(4), "active": col(5) == "t",
                "tags": serde_json::from_str::<serde_json::Value>(&col(6)).unwrap(),
                "rating": {"score": col(7).parse::<f64>().unwrap(), "count": int(8)},
            })
        })
        .collect();
    let count = items.len();
    json(serde_json::json!({"items": items, "count": count}))
}

/// The reference in `mode` for the database endpoints, correct elsewhere.
fn answering(mode: Mode) -> impl Fn(&Request) -> Response {
    move |r| answer(r, mode).unwrap_or_else(|| super::answer(r))
}

#[test]
fn broken_database_answers_fail_and_say_why() {
    use Workload::*;
    let cached = answering(Mode::Cached);
    fails(Db, "db: two rows", &cached, "the database has randomNumber");
    fails(Queries, "queries=20 gives 20", &cached, "the database has");
    let unescaped = answering(Mode::Unescaped);
    fails(Fortunes, "fortunes: the table", &unescaped, "not escaped");
    let no_write = answering(Mode::NoWrite);
    fails(Updates, "queries=20 writes", &no_write, "not written");
    let wrong = answering(Mode::WrongCount);
    fails(Queries, "queries=0 gives 1 row", &wrong, "0 rows, want 1");
    fails(
        Queries,
        "queries=501 gives 500",
        &wrong,
        "501 rows, want 500",
    );
    fails(Updates, "queries=0 gives 1", &wrong, "0 rows, want 1");
    fails(Items, "limit=5 gives as many", &wrong, "want 5");
    let stale_item = with(|r, resp| {
        if r.path == "/items" {
            let mut v: serde_json::Value = serde_json::from_slice(&resp.body).unwrap();
            if let Some(item) = v["items"].get_mut(0) {
                item["rating"]["score"] = serde_json::json!(9.5);
            }
            resp.body = serde_json::to_vec(&v).unwrap();
        }
    });
    fails(
        Items,
        "limit=50 gives 50",
        &stale_item,
        "rating is {\"count\"",
    );
    let flat_rating = with(|r, resp| {
        if r.path == "/items" {
            let mut v: serde_json::Value = serde_json::from_slice(&resp.body).unwrap();
            if let Some(item) = v["items"].get_mut(0) {
                item["rating"] = serde_json::json!(4.5);
            }
            resp.body = serde_json::to_vec(&v).unwrap();
        }
    });
    fails(Items, "limit=50 gives 50", &flat_rating, "want an object");
    let empty_html = with(|r, resp| {
        if r.path == "/fortunes" {
            resp.headers = vec![("content-type".into(), "text/html; charset=utf-8".into())];
            resp.body = b"<table></table>".to_vec();
        }
    });
    fails(
        Fortunes,
        "fortunes: the table",
        &empty_html,
        "0 rows in the table, want 13",
    );
}

#[test]
fn an_update_that_changes_too_few_rows_fails() {
    let check = checks_of(Workload::Updates, "writes its rows");
    let world = |n: i64| Reply::Rows(vec![vec![Some("1".into()), Some(n.to_string())]]);
    let body = |n: i64| {
        let rows: Vec<_> = (0..20).map(|_| row(1, n)).collect();
        Reply::Response(json(rows.into()))
    };
    // Twenty rows of id 1, all written (the last value is in the table).
    assert_eq!(check.judge(&[world(5), body(7), world(7)]), Ok(()));
    let same = check.judge(&[world(7), body(7), world(7)]).unwrap_err();
    assert_eq!(same.reply, 1);
    assert!(
        same.reason.contains("only 0 of 20 rows differ"),
        "{}",
        same.reason
    );
    assert!(check.judge(&[world(5), body(7), world(5)]).is_err());
    assert_eq!(check.exchange_of(1).map(|e| e.responses), Some(1));
    assert!(check.exchange_of(0).is_none() && check.exchange_of(2).is_none());
    assert!(check.needs_database());
}

#[test]
fn the_fortunes_table_is_read_tolerantly() {
    let check = checks_of(Workload::Fortunes, "the table");
    let page = |html: String, ct: &str| {
        check.judge(&[Reply::Response(Response::new(
            200,
            &[("Content-Type", ct)],
            html,
        ))])
    };
    let mut pretty = String::from(
        "<!doctype html>\n<html>\n<body>\n<TABLE>\n<tr><th>id</th><th>message</th></tr>\n",
    );
    for (id, message) in fortunes_page_rows() {
        let message = message
            .replace('&', "&amp;")
            .replace('<', "&#60;")
            .replace('>', "&GT;".to_ascii_lowercase().as_str())
            .replace('"', "&#34;")
            .replace('\'', "&#x27;");
        pretty.push_str(&format!(
            "  <tr>\n    <td> {id} </td>\n    <td>{message}</td>\n  </tr>\n"
        ));
    }
    pretty.push_str("</TABLE></body></html>\n");
    assert_eq!(page(pretty.clone(), "text/html; charset=UTF-8"), Ok(()));
    let latin = page(pretty.clone(), "text/html; charset=iso-8859-1").unwrap_err();
    assert!(latin.reason.contains("charset=utf-8"), "{}", latin.reason);
    assert!(page(pretty.clone(), "text/html").is_err());
    let unsorted = pretty.replacen("<td> 11 </td>", "<td> 99 </td>", 1);
    let fault = page(unsorted, FORTUNES_CONTENT_TYPE).unwrap_err();
    assert!(
        fault.reason.contains("id \"99\", want 11"),
        "{}",
        fault.reason
    );
    let short = fortunes_html(&fortunes_page_rows()[1..]);
    let fault = page(short, FORTUNES_CONTENT_TYPE).unwrap_err();
    assert!(
        fault.reason.starts_with("12 rows in the table, want 13"),
        "{}",
        fault.reason
    );
    assert_eq!(
        decode_entities("a &amp;amp; &#x27;b&#39; &bogus; &"),
        "a &amp; 'b' &bogus; &"
    );
}

#[test]
fn a_database_check_tells_the_rows_from_the_responses() {
    let check = checks_of(Workload::Db, "two rows");
    let ok = Reply::Response(json(row(1, 2)));
    let world = Reply::Rows(vec![vec![Some("1".into()), Some("2".into())]]);
    assert_eq!(
        check.judge(&[ok.clone(), ok.clone(), world.clone()]),
        Ok(())
    );
    let no_rows = check
        .judge(&[ok.clone(), ok.clone(), ok.clone()])
        .unwrap_err();
    assert_eq!(no_rows.reply, 2);
    let empty = check
        .judge(&[ok.clone(), ok, Reply::Rows(vec![])])
        .unwrap_err();
    assert!(
        empty.reason.contains("world table is empty"),
        "{}",
        empty.reason
    );
    let extra = Reply::Response(json(
        serde_json::json!({"id": 1, "randomNumber": 2, "x": 0}),
    ));
    let fault = check
        .judge(&[Reply::Response(json(row(1, 2))), extra, world])
        .unwrap_err();
    assert_eq!(fault.reply, 1);
    assert!(fault.reason.contains("key \"x\""), "{}", fault.reason);
    assert!(!checks_of(Workload::Fortunes, "table").needs_database());
}
