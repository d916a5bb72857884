//! The database workloads of docs/workloads.md ("Database workloads"):
//! `/db`, `/queries`, `/fortunes`, `/updates` and `/items` on PostgreSQL
//! through tokio-postgres and a deadpool-postgres pool, as actix's
//! database examples are written. Every statement is prepared once per
//! connection (deadpool's statement cache); every World read is its own
//! statement (the reads of one request are pipelined on one connection);
//! the updates are written by one batch statement with the ids sorted.
//!
//! The pool is made from the environment: `DATABASE_URL` (without it the
//! endpoints answer 503) and `DATABASE_POOL` (default [`DEFAULT_POOL`], the
//! manifest's `[database] pool`).

use std::cell::Cell;
use std::str::FromStr;

use actix_web::http::header::CONTENT_TYPE;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures_util::future::try_join_all;
use serde::Serialize;
use tokio_postgres::types::ToSql;
use tokio_postgres::NoTls;

use crate::handlers::query_param;

/// Connections in the pool when `DATABASE_POOL` is unset: the manifest's
/// `[database] pool` (servers/actix/server.toml says why).
pub const DEFAULT_POOL: usize = 16;

/// Rows of `world`, ids and random numbers `1..=WORLD_ROWS`.
const WORLD_ROWS: u64 = 10_000;
/// Most rows of one `/queries` or `/updates`.
const MAX_QUERIES: i64 = 500;
/// Most items of one `/items`.
const MAX_ITEMS: i64 = 50;
/// `/items`' range when `min` or `max` is missing or not an integer.
const ITEMS_DEFAULT: (i64, i64) = (10, 50);

const WORLD_SQL: &str = "SELECT id, randomnumber FROM world WHERE id = $1";
const FORTUNE_SQL: &str = "SELECT id, message FROM fortune";
/// The rows of one request written by one statement: ids (sorted) and new
/// numbers as two arrays, unnested side by side.
const UPDATE_SQL: &str = "UPDATE world SET randomnumber = v.r \
     FROM (SELECT unnest($1::int[]) AS id, unnest($2::int[]) AS r) AS v WHERE world.id = v.id";
/// The contract's `ITEMS_SQL`.
const ITEMS_SQL: &str = "SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";

const ADDED_FORTUNE: &str = "Additional fortune added at request time.";
const NO_DATABASE: &str = "DATABASE_URL is unset: no database for this endpoint\n";

/// The pool, or none when `DATABASE_URL` is unset.
pub struct Db {
    pool: Option<Pool>,
}

impl Db {
    /// The pool `DATABASE_URL` and `DATABASE_POOL` describe (no connection
    /// is made before the first request); an error for a bad value.
    pub fn from_env() -> Result<Db, String> {
        let Some(url) = std::env::var_os("DATABASE_URL") else {
            return Ok(Db { pool: None });
        };
        let url = url.into_string().map_err(|_| "DATABASE_URL is not UTF-8")?;
        let size = match std::env::var("DATABASE_POOL") {
            Ok(v) => match v.trim().parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => return Err(format!("DATABASE_POOL={v}: expected a positive integer")),
            },
            Err(_) => DEFAULT_POOL,
        };
        let config =
            tokio_postgres::Config::from_str(&url).map_err(|e| format!("DATABASE_URL: {e}"))?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(size)
            .build()
            .map_err(|e| format!("database pool: {e}"))?;
        Ok(Db { pool: Some(pool) })
    }

    /// "pool of N" or "no DATABASE_URL", for the start line.
    pub fn describe(&self) -> String {
        match &self.pool {
            Some(pool) => format!("database pool of {}", pool.status().max_size),
            None => "no DATABASE_URL: database endpoints answer 503".to_string(),
        }
    }

    async fn client(&self) -> Result<deadpool_postgres::Client, HttpResponse> {
        let Some(pool) = &self.pool else {
            return Err(text(StatusCode::SERVICE_UNAVAILABLE, NO_DATABASE.into()));
        };
        pool.get().await.map_err(failed)
    }
}

fn text(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((CONTENT_TYPE, "text/plain"))
        .body(body)
}

/// A database error as a 500 of one line, with its sources (tokio-postgres
/// says "db error" and keeps PostgreSQL's message in the source).
fn failed<E: std::error::Error>(e: E) -> HttpResponse {
    let mut line = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let more = s.to_string();
        if !line.contains(&more) {
            line = format!("{line}: {more}");
        }
        source = s.source();
    }
    let line = line.replace('\n', " ");
    text(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("database: {line}\n"),
    )
}

thread_local! {
    /// splitmix64's state, seeded per thread from the clock and the thread.
    static RNG: Cell<u64> = Cell::new(seed());
}

fn seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    nanos ^ (&local as *const u8 as u64).rotate_left(32)
}

/// A number in `1..=WORLD_ROWS` (splitmix64; the modulo's bias is 1e-15).
fn random_row() -> i32 {
    RNG.with(|state| {
        let s = state.get().wrapping_add(0x9E37_79B9_7F4A_7C15);
        state.set(s);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (1 + z % WORLD_ROWS) as i32
    })
}

/// The query's `queries`, clamped to 1..=500: missing, empty, not a number
/// or below 1 gives 1 (the contract's `parse_queries`).
fn queries(req: &HttpRequest) -> usize {
    match query_param(req.query_string(), "queries").map(|v| v.trim().parse::<i64>()) {
        Some(Ok(n)) => n.clamp(1, MAX_QUERIES) as usize,
        _ => 1,
    }
}

#[derive(Serialize)]
struct World {
    id: i32,
    #[serde(rename = "randomNumber")]
    random_number: i32,
}

/// Reads the rows `ids`, one statement each, pipelined on `client`.
async fn read_worlds(
    client: &deadpool_postgres::Client,
    ids: &[i32],
) -> Result<Vec<World>, tokio_postgres::Error> {
    let stmt = client.prepare_cached(WORLD_SQL).await?;
    let params: Vec<[&(dyn ToSql + Sync); 1]> = ids.iter().map(|id| [id as _]).collect();
    let reads = params.iter().map(|p| client.query_one(&stmt, p));
    let rows = try_join_all(reads).await?;
    Ok(rows
        .iter()
        .map(|row| World {
            id: row.get(0),
            random_number: row.get(1),
        })
        .collect())
}

/// `GET /db`: one random World row.
pub async fn db(db: web::Data<Db>) -> HttpResponse {
    let client = match db.client().await {
        Ok(c) => c,
        Err(res) => return res,
    };
    match read_worlds(&client, &[random_row()]).await {
        Ok(mut rows) => HttpResponse::Ok().json(rows.pop()),
        Err(e) => failed(e),
    }
}

/// `GET /queries?queries=N`: N random World rows, one query each.
pub async fn queries_handler(req: HttpRequest, db: web::Data<Db>) -> HttpResponse {
    let ids: Vec<i32> = (0..queries(&req)).map(|_| random_row()).collect();
    let client = match db.client().await {
        Ok(c) => c,
        Err(res) => return res,
    };
    match read_worlds(&client, &ids).await {
        Ok(rows) => HttpResponse::Ok().json(rows),
        Err(e) => failed(e),
    }
}

/// `n` distinct ids, sorted: a row appears once in a request's batch (two
/// new numbers for one row could not both be what the table holds after).
fn distinct_rows(n: usize) -> Vec<i32> {
    let mut ids: Vec<i32> = Vec::with_capacity(n);
    while ids.len() < n {
        ids.extend((ids.len()..n).map(|_| random_row()));
        ids.sort_unstable();
        ids.dedup();
    }
    ids
}

/// `GET /updates?queries=N`: N distinct World rows read (one query each),
/// given new random numbers, written back by one batch statement.
pub async fn updates(req: HttpRequest, db: web::Data<Db>) -> HttpResponse {
    let ids = distinct_rows(queries(&req));
    let client = match db.client().await {
        Ok(c) => c,
        Err(res) => return res,
    };
    let result = async {
        let mut rows = read_worlds(&client, &ids).await?;
        for row in &mut rows {
            row.random_number = random_row();
        }
        let numbers: Vec<i32> = rows.iter().map(|r| r.random_number).collect();
        let stmt = client.prepare_cached(UPDATE_SQL).await?;
        client.execute(&stmt, &[&ids, &numbers]).await?;
        Ok::<_, tokio_postgres::Error>(rows)
    };
    match result.await {
        Ok(rows) => HttpResponse::Ok().json(rows),
        Err(e) => failed(e),
    }
}

/// `text` escaped for HTML: `&`, `<`, `>`, `"`, `'` (the contract's `html_escape`).
fn html_escape(text: &str, out: &mut String) {
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
}

/// `GET /fortunes`: the table's rows and one added, sorted by message
/// (byte order of UTF-8: code-point order), as an escaped HTML table.
pub async fn fortunes(db: web::Data<Db>) -> HttpResponse {
    let client = match db.client().await {
        Ok(c) => c,
        Err(res) => return res,
    };
    let rows = async {
        let stmt = client.prepare_cached(FORTUNE_SQL).await?;
        client.query(&stmt, &[]).await
    };
    let mut fortunes: Vec<(i32, String)> = match rows.await {
        Ok(rows) => rows.iter().map(|r| (r.get(0), r.get(1))).collect(),
        Err(e) => return failed(e),
    };
    drop(client);
    fortunes.push((0, ADDED_FORTUNE.to_string()));
    fortunes.sort_by(|a, b| a.1.cmp(&b.1));
    let mut html = String::with_capacity(2048);
    html.push_str("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>");
    for (id, message) in &fortunes {
        html.push_str("<tr><td>");
        html.push_str(&id.to_string());
        html.push_str("</td><td>");
        html_escape(message, &mut html);
        html.push_str("</td></tr>");
    }
    html.push_str("</table></body></html>");
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/html; charset=utf-8"))
        .body(html)
}

#[derive(Serialize)]
struct ItemRating {
    score: f64,
    count: i32,
}

#[derive(Serialize)]
struct Item {
    id: i32,
    name: String,
    category: String,
    price: i32,
    quantity: i32,
    active: bool,
    tags: serde_json::Value,
    rating: ItemRating,
}

#[derive(Serialize)]
struct Items {
    items: Vec<Item>,
    count: usize,
}

/// `/items`' `min`, `max` (integers, else 10 and 50) and `limit` (1..=50,
/// else 50): the contract's `parse_item_search`.
fn item_search(req: &HttpRequest) -> (i32, i32, i64) {
    let query = req.query_string();
    let int = |name| query_param(query, name).and_then(|v| v.trim().parse::<i64>().ok());
    let clamp32 = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    (
        clamp32(int("min").unwrap_or(ITEMS_DEFAULT.0)),
        clamp32(int("max").unwrap_or(ITEMS_DEFAULT.1)),
        int("limit").map_or(MAX_ITEMS, |n| n.clamp(1, MAX_ITEMS)),
    )
}

/// `GET /items?min=&max=&limit=`: up to `limit` items priced in the range.
pub async fn items(req: HttpRequest, db: web::Data<Db>) -> HttpResponse {
    let (min, max, limit) = item_search(&req);
    let client = match db.client().await {
        Ok(c) => c,
        Err(res) => return res,
    };
    let rows = async {
        let stmt = client.prepare_cached(ITEMS_SQL).await?;
        client.query(&stmt, &[&min, &max, &limit]).await
    };
    let rows = match rows.await {
        Ok(rows) => rows,
        Err(e) => return failed(e),
    };
    drop(client);
    let items: Vec<Item> = rows
        .iter()
        .map(|r| Item {
            id: r.get(0),
            name: r.get(1),
            category: r.get(2),
            price: r.get(3),
            quantity: r.get(4),
            active: r.get(5),
            tags: r.get(6),
            rating: ItemRating {
                score: r.get(7),
                count: r.get(8),
            },
        })
        .collect();
    let count = items.len();
    HttpResponse::Ok().json(Items { items, count })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_in_range_and_distinct() {
        for _ in 0..10_000 {
            assert!((1..=WORLD_ROWS as i32).contains(&random_row()));
        }
        let ids = distinct_rows(500);
        assert_eq!(ids.len(), 500);
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
    }
}
