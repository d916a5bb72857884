//! The database workloads (docs/workloads.md, "Database workloads"): `db`,
//! `queries`, `fortunes`, `updates` and `items`, answered from a
//! PostgreSQL through tokio-postgres and a deadpool pool, with prepared
//! statements (cached per connection).
//!
//! Routing turns a request head into a [`DbTask`]; [`Database::answer`]
//! runs it. Every World read is a statement of its own (the lab counts
//! them in `pg_stat_statements`); the reads of one request are sent
//! together on one connection, which tokio-postgres pipelines. Updates
//! write in one batch statement, ids sorted. Without a database every one
//! of these endpoints answers 503.

use std::cell::Cell;
use std::future::Future;
use std::hash::{BuildHasher, RandomState};
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::Poll;
use std::time::{Duration, Instant};

use bytes::Bytes;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use hyper::header::HeaderValue;
use hyper::{Method, StatusCode};
use serde::Serialize;
use tokio_postgres::types::{FromSql, Type};
use tokio_postgres::NoTls;

use super::reply::{Reply, APPLICATION_JSON};
use super::Outcome;
use crate::contract::database::{
    fortunes_html, parse_item_search, parse_queries, sort_fortunes, ItemSearch, ADDED_FORTUNE,
    FORTUNES_CONTENT_TYPE, ITEMS_SQL, WORLD_ROWS,
};

const WORLD_SQL: &str = "SELECT id, randomnumber FROM world WHERE id = $1";
const FORTUNE_SQL: &str = "SELECT id, message FROM fortune";
/// One statement for all the rows of an `/updates` request: the ids and
/// their new numbers as two arrays, ids sorted (concurrent batches then
/// lock rows in the same order and cannot deadlock).
const UPDATE_SQL: &str = "UPDATE world SET randomnumber = v.r \
     FROM (SELECT unnest($1::int[]) AS id, unnest($2::int[]) AS r) AS v \
     WHERE world.id = v.id";

/// How long [`Database::connect`] keeps trying a database that refuses
/// connections (one that is still starting) before giving up.
const CONNECT_RETRY: Duration = Duration::from_secs(5);

const NO_DATABASE: &[u8] =
    b"no database: DATABASE_URL is unset (start barrage serve with --database URL)\n";
const UNREACHABLE: &[u8] = b"the database cannot be reached\n";
const QUERY_FAILED: &[u8] = b"the database query failed\n";

/// A database endpoint's request, read from its head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DbTask {
    /// `GET /db`
    Db,
    /// `GET /queries?queries=N`, N clamped.
    Queries(usize),
    /// `GET /fortunes`
    Fortunes,
    /// `GET /updates?queries=N`, N clamped.
    Updates(usize),
    /// `GET /items?min=&max=&limit=`
    Items(ItemSearch),
}

/// The outcome of a request for a database path; `None` for other paths.
pub(crate) fn route(method: &Method, path: &str, query: Option<&str>) -> Option<Outcome> {
    let task = match path {
        "/db" => DbTask::Db,
        "/queries" => DbTask::Queries(parse_queries(query)),
        "/fortunes" => DbTask::Fortunes,
        "/updates" => DbTask::Updates(parse_queries(query)),
        "/items" => DbTask::Items(parse_item_search(query)),
        _ => return None,
    };
    if method != Method::GET && method != Method::HEAD {
        return Some(Outcome::Now(Reply::method_not_allowed("GET, HEAD")));
    }
    Some(Outcome::Database(task))
}

/// Where the database is and how many connections to hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseConfig {
    /// `postgres://USER:PASSWORD@HOST:PORT/DB` (or key=value form).
    pub url: String,
    /// Connections in the pool, at least 1.
    pub pool: usize,
}

/// A pool of connections to the database, shared by every request (and
/// by every [`Target`](crate::Target) given a clone of it).
#[derive(Clone)]
pub struct Database {
    pool: Pool,
    /// The URL with its password hidden, for messages.
    shown: String,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("url", &self.shown)
            .field("pool", &self.pool.status())
            .finish()
    }
}

/// The URL, password hidden, and the pool size: `postgres://u:***@h/db (pool 16)`.
impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (pool {})", self.shown, self.pool_size())
    }
}

impl Database {
    /// The pool of `config`, without connecting yet (each
    /// [`Target`](crate::Target) checks it at start). A malformed URL is an
    /// `InvalidInput` error naming it, its password hidden.
    pub fn new(config: &DatabaseConfig) -> io::Result<Database> {
        let shown = hide_password(&config.url);
        let mut pg: tokio_postgres::Config = config.url.parse().map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("bad database URL {shown}: {e}"),
            )
        })?;
        if pg.get_connect_timeout().is_none() {
            pg.connect_timeout(CONNECT_RETRY);
        }
        let manager = Manager::from_config(
            pg,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(config.pool.max(1))
            .build()
            .map_err(|e| io::Error::other(format!("cannot make the database pool: {e}")))?;
        Ok(Database { pool, shown })
    }

    /// Connections the pool holds at most.
    pub fn pool_size(&self) -> usize {
        self.pool.status().max_size
    }

    /// Takes one connection, to check that the database answers: a
    /// database that refuses connections is tried again for up to
    /// [`CONNECT_RETRY`]; an error from the database itself (a wrong
    /// password, no such database) is returned at once, as a
    /// `ConnectionRefused` error naming the database.
    pub(crate) async fn check(&self) -> io::Result<()> {
        let deadline = Instant::now() + CONNECT_RETRY;
        loop {
            match self.pool.get().await {
                Ok(_) => return Ok(()),
                Err(e) if retryable(&e) && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => {
                    return Err(io::Error::new(
                        io::ErrorKind::ConnectionRefused,
                        format!(
                            "cannot connect to the database {}: {}",
                            self.shown,
                            describe(&e)
                        ),
                    ))
                }
            }
        }
    }

    /// The reply to `task`: 503 when no connection can be had, 500 when a
    /// statement fails (the first such error is written to stderr).
    pub(crate) async fn answer(&self, task: DbTask) -> Reply {
        let client = match self.pool.get().await {
            Ok(client) => client,
            Err(e) => {
                report_once(&describe(&e));
                return Reply::text(StatusCode::SERVICE_UNAVAILABLE, UNREACHABLE);
            }
        };
        let result = match task {
            DbTask::Db => db(&client).await,
            DbTask::Queries(n) => queries(&client, n).await,
            DbTask::Fortunes => fortunes(&client).await,
            DbTask::Updates(n) => updates(&client, n).await,
            DbTask::Items(search) => items(&client, search).await,
        };
        result.unwrap_or_else(|e| {
            report_once(&e.to_string());
            Reply::text(StatusCode::INTERNAL_SERVER_ERROR, QUERY_FAILED)
        })
    }
}

/// The reply of a database endpoint on a server without a database.
pub(crate) fn no_database() -> Reply {
    Reply::text(StatusCode::SERVICE_UNAVAILABLE, NO_DATABASE)
}

type Client = deadpool_postgres::Object;
type DbResult = Result<Reply, tokio_postgres::Error>;

/// A World row as the workloads show it.
#[derive(Debug, Clone, Copy, Serialize)]
struct World {
    id: i32,
    #[serde(rename = "randomNumber")]
    random_number: i32,
}

fn json(value: &impl Serialize) -> Reply {
    let body = serde_json::to_vec(value).expect("rows serialize");
    Reply::ok(APPLICATION_JSON, Bytes::from(body))
}

async fn read_world(
    client: &Client,
    statement: &tokio_postgres::Statement,
    id: i32,
) -> Result<World, tokio_postgres::Error> {
    let row = client.query_one(statement, &[&id]).await?;
    Ok(World {
        id: row.get(0),
        random_number: row.get(1),
    })
}

/// The rows of `ids`, one statement each, sent together (pipelined).
async fn read_worlds(client: &Client, ids: &[i32]) -> Result<Vec<World>, tokio_postgres::Error> {
    let statement = client.prepare_cached(WORLD_SQL).await?;
    join_all(ids.iter().map(|&id| read_world(client, &statement, id)))
        .await
        .into_iter()
        .collect()
}

async fn db(client: &Client) -> DbResult {
    let statement = client.prepare_cached(WORLD_SQL).await?;
    Ok(json(&read_world(client, &statement, random_id()).await?))
}

async fn queries(client: &Client, n: usize) -> DbResult {
    let ids: Vec<i32> = (0..n).map(|_| random_id()).collect();
    Ok(json(&read_worlds(client, &ids).await?))
}

async fn fortunes(client: &Client) -> DbResult {
    let statement = client.prepare_cached(FORTUNE_SQL).await?;
    let mut rows: Vec<(i32, String)> = client
        .query(&statement, &[])
        .await?
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect();
    rows.push((0, ADDED_FORTUNE.to_string()));
    sort_fortunes(&mut rows);
    let body = Bytes::from(fortunes_html(&rows));
    Ok(Reply::ok(
        HeaderValue::from_static(FORTUNES_CONTENT_TYPE),
        body,
    ))
}

/// N distinct rows (a batch writes each row once, and the lab counts the
/// rows written), each read by its own statement, given a new number
/// (never the one it had) and written back in one statement.
async fn updates(client: &Client, n: usize) -> DbResult {
    let mut worlds = read_worlds(client, &distinct_ids(n)).await?;
    for world in &mut worlds {
        world.random_number = random_id_except(world.random_number);
    }
    let mut sorted = worlds.clone();
    sorted.sort_unstable_by_key(|w| w.id);
    let ids: Vec<i32> = sorted.iter().map(|w| w.id).collect();
    let numbers: Vec<i32> = sorted.iter().map(|w| w.random_number).collect();
    let statement = client.prepare_cached(UPDATE_SQL).await?;
    client.execute(&statement, &[&ids, &numbers]).await?;
    Ok(json(&worlds))
}

/// An item as `/items` shows it.
#[derive(Serialize)]
struct Item {
    id: i32,
    name: String,
    category: String,
    price: i32,
    quantity: i32,
    active: bool,
    tags: Vec<String>,
    rating: Rating,
}

#[derive(Serialize)]
struct Rating {
    score: f64,
    count: i32,
}

#[derive(Serialize)]
struct Items {
    items: Vec<Item>,
    count: usize,
}

async fn items(client: &Client, search: ItemSearch) -> DbResult {
    let statement = client.prepare_cached(ITEMS_SQL).await?;
    let limit = search.limit as i64;
    let rows = client
        .query(&statement, &[&search.min, &search.max, &limit])
        .await?;
    let items: Vec<Item> = rows
        .iter()
        .map(|row| Item {
            id: row.get(0),
            name: row.get(1),
            category: row.get(2),
            price: row.get(3),
            quantity: row.get(4),
            active: row.get(5),
            tags: row.get::<_, Tags>(6).0,
            rating: Rating {
                score: row.get(7),
                count: row.get(8),
            },
        })
        .collect();
    let count = items.len();
    Ok(json(&Items { items, count }))
}

/// A `jsonb` array of strings (the driver decodes JSON only with a feature
/// this crate does without): its binary form is a version byte, 1, then
/// the JSON text.
struct Tags(Vec<String>);

impl<'a> FromSql<'a> for Tags {
    fn from_sql(
        ty: &Type,
        raw: &'a [u8],
    ) -> Result<Tags, Box<dyn std::error::Error + Sync + Send>> {
        let text = match (ty, raw.split_first()) {
            (&Type::JSONB, Some((1, text))) => text,
            (&Type::JSONB, _) => return Err("unknown jsonb version".into()),
            _ => raw,
        };
        Ok(Tags(serde_json::from_slice(text)?))
    }

    fn accepts(ty: &Type) -> bool {
        *ty == Type::JSONB || *ty == Type::JSON
    }
}

/// Runs every future at once (each is polled as soon as it is made, so
/// the statements go out together) and gives their outputs in order.
async fn join_all<F: Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut pending: Vec<Pin<Box<F>>> = futures.map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = pending.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut done = true;
        for (future, output) in pending.iter_mut().zip(outputs.iter_mut()) {
            if output.is_none() {
                match future.as_mut().poll(cx) {
                    Poll::Ready(value) => *output = Some(value),
                    Poll::Pending => done = false,
                }
            }
        }
        if done {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    })
    .await;
    outputs
        .into_iter()
        .map(|o| o.expect("every future finished"))
        .collect()
}

thread_local! {
    /// wyrand's state, seeded per thread from std's random hasher keys.
    static RNG: Cell<u64> = Cell::new(RandomState::new().hash_one(0u64) | 1);
}

/// The next 64 random bits (wyrand: fast, good enough to pick rows).
fn next_random() -> u64 {
    RNG.with(|state| {
        let s = state.get().wrapping_add(0xa076_1d64_78bd_642f);
        state.set(s);
        let t = u128::from(s) * u128::from(s ^ 0xe703_7ed1_a0b4_28db);
        ((t >> 64) as u64) ^ (t as u64)
    })
}

/// A World id (and a `randomNumber`): uniform in 1..=10000.
fn random_id() -> i32 {
    let span = WORLD_ROWS as u64;
    1 + ((((next_random() >> 32) * span) >> 32) as i32)
}

fn random_id_except(old: i32) -> i32 {
    loop {
        let id = random_id();
        if id != old {
            return id;
        }
    }
}

/// `n` (at most [`WORLD_ROWS`]) different ids, in drawing order.
fn distinct_ids(n: usize) -> Vec<i32> {
    let n = n.min(WORLD_ROWS as usize);
    let mut ids = Vec::with_capacity(n);
    while ids.len() < n {
        let id = random_id();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// Can a failed first connection be tried again? Not when the database
/// itself said no (authentication, an unknown database).
fn retryable(e: &deadpool_postgres::PoolError) -> bool {
    match e {
        deadpool_postgres::PoolError::Backend(e) => e.as_db_error().is_none(),
        _ => true,
    }
}

/// A pool error in one line, with the driver's cause.
fn describe(e: &deadpool_postgres::PoolError) -> String {
    match e {
        deadpool_postgres::PoolError::Backend(e) => match e.as_db_error() {
            Some(db) => db.message().to_string(),
            None => match std::error::Error::source(e) {
                Some(cause) => format!("{e}: {cause}"),
                None => e.to_string(),
            },
        },
        e => e.to_string(),
    }
}

/// Writes the first failure of a request to stderr (the rest would flood it).
fn report_once(what: &str) {
    static REPORTED: AtomicBool = AtomicBool::new(false);
    if !REPORTED.swap(true, Ordering::Relaxed) {
        eprintln!("barrage serve: database error (further ones not shown): {what}");
    }
}

/// `url` with the password (between `:` and `@` after `://`) as `***`.
fn hide_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_paths_route_to_tasks() {
        let task = |path, query| match route(&Method::GET, path, query) {
            Some(Outcome::Database(task)) => task,
            _ => panic!("{path} is a database path"),
        };
        assert_eq!(task("/db", None), DbTask::Db);
        assert_eq!(task("/queries", Some("queries=501")), DbTask::Queries(500));
        assert_eq!(task("/queries", Some("queries=foo")), DbTask::Queries(1));
        assert_eq!(task("/updates", Some("queries=0")), DbTask::Updates(1));
        assert_eq!(task("/fortunes", None), DbTask::Fortunes);
        assert!(matches!(task("/items", None), DbTask::Items(s) if s.limit == 50));
        assert!(route(&Method::GET, "/dbx", None).is_none());
        assert!(matches!(
            route(&Method::POST, "/db", None),
            Some(Outcome::Now(r)) if r.status == StatusCode::METHOD_NOT_ALLOWED
        ));
    }

    #[test]
    fn random_ids_cover_the_table_and_stay_in_it() {
        let ids: Vec<i32> = (0..200_000).map(|_| random_id()).collect();
        assert!(ids.iter().all(|&id| (1..=WORLD_ROWS).contains(&id)));
        assert!(ids.contains(&1) && ids.contains(&WORLD_ROWS));
        let distinct = distinct_ids(500);
        let mut sorted = distinct.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 500);
        assert_ne!(random_id_except(7), 7);
    }

    #[test]
    fn passwords_are_hidden() {
        assert_eq!(
            hide_password("postgres://u:secret@h:5432/db"),
            "postgres://u:***@h:5432/db"
        );
        assert_eq!(hide_password("postgres://h/db"), "postgres://h/db");
        assert_eq!(hide_password("host=h user=u"), "host=h user=u");
    }

    #[test]
    fn jsonb_tags_decode() {
        let raw = b"\x01[\"eco\", \"sale\"]";
        let tags = Tags::from_sql(&Type::JSONB, raw).unwrap();
        assert_eq!(tags.0, ["eco", "sale"]);
        assert!(Tags::from_sql(&Type::JSONB, b"\x02[]").is_err());
    }
}
