//! The database workloads' rules (docs/workloads.md, "Database
//! workloads"): the tables' facts, how a request's parameters are read,
//! the fortunes page, the items' JSON, and the work each request must do
//! in the database (the proof of work the lab reads from
//! `pg_stat_statements`). The rows themselves are made by
//! `data/database/hello_world.sql` from a fixed seed.
//!
//! Pure data and functions, like the rest of this crate: the servers, the
//! checks and the lab all read the same rules here.

use crate::query_param;
use crate::Workload;

/// Rows of `world`, ids `1..=WORLD_ROWS`; `randomnumber` is in the same range.
pub const WORLD_ROWS: i32 = 10_000;
/// Rows of `items`, ids `1..=ITEM_ROWS`.
pub const ITEM_ROWS: i32 = 100_000;
/// Most rows one `/queries` or `/updates` request asks for.
pub const MAX_QUERIES: usize = 500;
/// Most items one `/items` request returns.
pub const MAX_ITEMS: usize = 50;
/// `/items` without (valid) parameters: `min=10&max=50&limit=50`, HttpArena's.
pub const ITEMS_DEFAULT: ItemSearch = ItemSearch {
    min: 10,
    max: 50,
    limit: MAX_ITEMS,
};

/// The database the lab creates, its owner and password (TechEmpower's).
pub const DATABASE_NAME: &str = "hello_world";
pub const DATABASE_USER: &str = "benchmarkdbuser";
pub const DATABASE_PASSWORD: &str = "benchmarkdbpass";

/// The 12 rows of `fortune` (TechEmpower's, a public fact of the benchmark).
pub const FORTUNES: [(i32, &str); 12] = [
    (1, "fortune: No such file or directory"),
    (
        2,
        "A computer scientist is someone who fixes things that aren't broken.",
    ),
    (3, "After enough decimal places, nobody gives a damn."),
    (
        4,
        "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1",
    ),
    (
        5,
        "A computer program does what you tell it to do, not what you want it to do.",
    ),
    (
        6,
        "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen",
    ),
    (7, "Any program that runs right is obsolete."),
    (
        8,
        "A list is only as strong as its weakest link. — Donald Knuth",
    ),
    (9, "Feature: A bug with seniority."),
    (10, "Computers make very fast, very accurate mistakes."),
    (
        11,
        "<script>alert(\"This should not be displayed in a browser alert box.\");</script>",
    ),
    (12, "フレームワークのベンチマーク"),
];

/// The row every `/fortunes` request adds before sorting (id 0).
pub const ADDED_FORTUNE: &str = "Additional fortune added at request time.";

/// `Content-Type` of the fortunes page.
pub const FORTUNES_CONTENT_TYPE: &str = "text/html; charset=utf-8";

/// The rows a `/fortunes` page shows: the table's, the added one, sorted
/// by message (byte order of UTF-8, which is code-point order).
pub fn fortunes_page_rows() -> Vec<(i32, String)> {
    let mut rows: Vec<(i32, String)> = FORTUNES
        .iter()
        .map(|&(id, m)| (id, m.to_string()))
        .collect();
    rows.push((0, ADDED_FORTUNE.to_string()));
    sort_fortunes(&mut rows);
    rows
}

/// Sorts rows by message, as the page must.
pub fn sort_fortunes(rows: &mut [(i32, String)]) {
    rows.sort_by(|a, b| a.1.cmp(&b.1));
}

/// `text` escaped for HTML text and attribute values: `&`, `<`, `>`, `"`, `'`.
pub fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The fortunes page of `rows` (already sorted): TechEmpower's markup,
/// one line, messages escaped.
pub fn fortunes_html(rows: &[(i32, String)]) -> String {
    let mut out = String::from(
        "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>",
    );
    for (id, message) in rows {
        out.push_str(&format!(
            "<tr><td>{id}</td><td>{}</td></tr>",
            html_escape(message)
        ));
    }
    out.push_str("</table></body></html>");
    out
}

/// The `queries` parameter of `/queries` and `/updates`, clamped: missing,
/// empty, not a number or below 1 gives 1; above 500 gives 500.
pub fn parse_queries(query: Option<&str>) -> usize {
    let value = query_param(query, "queries");
    match value.as_deref().map(str::trim).map(str::parse::<i64>) {
        Some(Ok(n)) => n.clamp(1, MAX_QUERIES as i64) as usize,
        _ => 1,
    }
}

/// An `/items` request's range and limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ItemSearch {
    /// Lowest price, included.
    pub min: i32,
    /// Highest price, included (below `min`: no item).
    pub max: i32,
    /// Most items returned, 1..=50.
    pub limit: usize,
}

/// `/items`' parameters: `min` and `max` (integers; missing or not a number
/// gives 10 and 50), `limit` clamped to 1..=50 (missing or not a number: 50).
pub fn parse_item_search(query: Option<&str>) -> ItemSearch {
    let int = |name: &str| query_param(query, name).and_then(|v| v.trim().parse::<i64>().ok());
    let clamp32 = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    ItemSearch {
        min: int("min").map_or(ITEMS_DEFAULT.min, clamp32),
        max: int("max").map_or(ITEMS_DEFAULT.max, clamp32),
        limit: int("limit").map_or(MAX_ITEMS, |n| n.clamp(1, MAX_ITEMS as i64) as usize),
    }
}

/// The statement a server may run for `/items` (any equivalent will do;
/// no `ORDER BY`: the rows a scan meets first).
pub const ITEMS_SQL: &str = "SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";

/// The database work one request of a workload must do, per request
/// (TechEmpower's verification counts the same): checked against
/// `pg_stat_statements` after every level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Work {
    /// Statements reading `table` per request (exact lower bound).
    pub reads: u64,
    /// Rows of `world` written per request (updates only; a batch of one
    /// statement is allowed, so rows are counted, not statements).
    pub rows_written: u64,
    /// The table the reads are of.
    pub table: &'static str,
}

/// What one request of `workload` with `queries` (the clamped N of
/// queries and updates) must do in the database; `None` for the workloads
/// that need none.
pub fn required_work(workload: Workload, queries: usize) -> Option<Work> {
    let n = queries.clamp(1, MAX_QUERIES) as u64;
    let work = |reads, rows_written, table| {
        Some(Work {
            reads,
            rows_written,
            table,
        })
    };
    match workload {
        Workload::Db => work(1, 0, "world"),
        Workload::Queries => work(n, 0, "world"),
        Workload::Updates => work(n, n, "world"),
        Workload::Fortunes => work(1, 0, "fortune"),
        Workload::Items => work(1, 0, "items"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_are_clamped_as_techempower_says() {
        let q = |s: &str| parse_queries(Some(s));
        assert_eq!(parse_queries(None), 1);
        assert_eq!(q(""), 1);
        assert_eq!(q("queries="), 1);
        assert_eq!(q("queries=foo"), 1);
        assert_eq!(q("queries=0"), 1);
        assert_eq!(q("queries=-3"), 1);
        assert_eq!(q("queries=7"), 7);
        assert_eq!(q("queries=500"), 500);
        assert_eq!(q("queries=501"), 500);
        assert_eq!(q("queries=99999999999999999999"), 1);
    }

    #[test]
    fn item_search_defaults_and_clamps() {
        assert_eq!(parse_item_search(None), ITEMS_DEFAULT);
        let s = parse_item_search(Some("min=100&max=200&limit=500"));
        assert_eq!((s.min, s.max, s.limit), (100, 200, 50));
        let s = parse_item_search(Some("min=x&max=9999&limit=0"));
        assert_eq!((s.min, s.max, s.limit), (10, 9999, 1));
    }

    #[test]
    fn the_fortunes_page_is_sorted_and_escaped() {
        let rows = fortunes_page_rows();
        assert_eq!(rows.len(), 13);
        assert_eq!(rows[0].0, 11, "'<' sorts before letters");
        assert_eq!(rows[12].0, 12, "the Japanese message sorts last");
        assert!(rows.iter().any(|r| r.0 == 0 && r.1 == ADDED_FORTUNE));
        let html = fortunes_html(&rows);
        assert!(html.contains("<td>&lt;script&gt;alert(&quot;This should not"));
        assert!(!html.contains("<script>"));
        assert!(html.contains("aren&#39;t broken"));
    }

    #[test]
    fn every_database_workload_requires_work() {
        for w in Workload::ALL {
            assert_eq!(required_work(w, 5).is_some(), w.needs_database(), "{w}");
        }
        let u = required_work(Workload::Updates, 20).unwrap();
        assert_eq!((u.reads, u.rows_written), (20, 20));
        assert_eq!(required_work(Workload::Queries, 900).unwrap().reads, 500);
    }
}
