//! A server of the database workloads (docs/workloads.md, "Database
//! workloads") on a real PostgreSQL, correct or breaking one rule on
//! request, for the tests of validation and of the proof of work: with
//! [`DbBreak::None`] it answers `/db`, `/queries`, `/fortunes`, `/updates`
//! and `/items` as the contract says; each other [`DbBreak`] breaks what
//! one check (or the proof of work) is there to catch.
//!
//! HTTP/1.1 on `127.0.0.1` with keep-alive, one thread per connection (the
//! [`crate::listener`] half every testkit server shares, the wire format
//! of [`crate::workloads`]). Its database connections (the synchronous
//! `postgres` crate) are a pool of at most [`POOL`], each with its
//! statements prepared; a request waits for a free one.

use std::cell::Cell;
use std::hash::{BuildHasher, RandomState};
use std::net::SocketAddr;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::SystemTime;

use barrage_contract::database::{
    fortunes_html, html_escape, parse_item_search, parse_queries, sort_fortunes, ADDED_FORTUNE,
    FORTUNES_CONTENT_TYPE, WORLD_ROWS,
};
use postgres::{Client, NoTls, Statement};
use serde_json::{json, Value};

use crate::listener::{Conn, Listener, Spec};
use crate::workloads::wire::{http_date, Next, Reader, Reply, Request};

/// Most database connections the server holds.
pub const POOL: usize = 8;

/// The rule a [`DbServer`] breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbBreak {
    /// None: every database workload answered as the contract says.
    None,
    /// db and queries: after the first such request, which reads the
    /// whole of `world` once, rows come from that copy in memory and no
    /// query is made (a cache: the proof of work catches it).
    CachesRows,
    /// fortunes: the messages are not HTML-escaped.
    UnescapedFortunes,
    /// updates: rows read and answered with new numbers, nothing written.
    UpdatesWriteNothing,
}

/// A database workload server on `127.0.0.1`, stopped when dropped.
pub struct DbServer {
    listener: Listener,
}

impl std::fmt::Debug for DbServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DbServer")
            .field("addr", &self.addr())
            .finish()
    }
}

/// One database connection and its prepared statements.
struct Session {
    client: Client,
    world: Statement,
    fortunes: Statement,
    items: Statement,
    update: Statement,
}

impl Session {
    fn connect(url: &str) -> Result<Session, postgres::Error> {
        let mut client = Client::connect(url, NoTls)?;
        let world = client.prepare("SELECT id, randomnumber FROM world WHERE id = $1")?;
        let fortunes = client.prepare("SELECT id, message FROM fortune")?;
        // The contract's ITEMS_SQL with `tags` as text (this crate's driver
        // decodes no JSON).
        let items = client.prepare(
            "SELECT id, name, category, price, quantity, active, tags::text, rating_score, \
             rating_count FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3",
        )?;
        let update = client.prepare("UPDATE world SET randomnumber = $2 WHERE id = $1")?;
        Ok(Session {
            client,
            world,
            fortunes,
            items,
            update,
        })
    }
}

struct Shared {
    broken: DbBreak,
    url: String,
    /// Idle sessions, and how many exist (idle or in use).
    pool: Mutex<(Vec<Session>, usize)>,
    freed: Condvar,
    /// [`DbBreak::CachesRows`]' copy of `world`, index id - 1.
    cache: OnceLock<Vec<i32>>,
}

impl Shared {
    /// An idle session, a new one while fewer than [`POOL`] exist, else
    /// the next one freed.
    fn take(&self) -> Result<Session, postgres::Error> {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(session) = pool.0.pop() {
                return Ok(session);
            }
            if pool.1 < POOL {
                pool.1 += 1;
                drop(pool);
                let session = Session::connect(&self.url);
                if session.is_err() {
                    self.forget();
                }
                return session;
            }
            pool = self.freed.wait(pool).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn give_back(&self, session: Session) {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        pool.0.push(session);
        self.freed.notify_one();
    }

    /// A session that failed is dropped: room for a new one.
    fn forget(&self) {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        pool.1 -= 1;
        self.freed.notify_one();
    }
}

impl DbServer {
    /// Binds `127.0.0.1:0` and serves from the database at `url`
    /// (`postgres://benchmarkdbuser:benchmarkdbpass@HOST:PORT/hello_world`),
    /// breaking `broken`. One connection is made first: an unreachable
    /// database is an error here, not at the first request.
    pub fn start(url: &str, broken: DbBreak) -> Result<DbServer, String> {
        let first = Session::connect(url).map_err(|e| format!("cannot connect to {url}: {e}"))?;
        let shared = Arc::new(Shared {
            broken,
            url: url.to_string(),
            pool: Mutex::new((vec![first], 1)),
            freed: Condvar::new(),
            cache: OnceLock::new(),
        });
        let spec = Spec {
            name: "database",
            conn_stack: 1 << 20,
            backlog: Some(1024),
            close_on_accept: false,
        };
        Ok(DbServer {
            listener: Listener::start(spec, shared, serve),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.listener.addr()
    }

    /// `http://127.0.0.1:PORT/path`.
    pub fn url(&self, path: &str) -> String {
        self.listener.url(path)
    }
}

fn serve(mut conn: Conn, shared: Arc<Shared>) {
    let mut reader = Reader::new(false);
    while !conn.stopping() {
        let req = match reader.next(&mut conn.stream) {
            Ok(Next::Request(req)) => req,
            Ok(Next::Bad(_)) => {
                let bad = Reply::new(400, "text/plain", "bad request\n");
                let _ = bad.write(&mut conn.stream, Some(&http_date(SystemTime::now())));
                return;
            }
            Ok(Next::Closed) | Err(_) => return,
        };
        let reply = answer(&req, &shared);
        let date = http_date(SystemTime::now());
        if reply.write(&mut conn.stream, Some(&date)).is_err() {
            return;
        }
        let close = req
            .header("connection")
            .is_some_and(|v| v.eq_ignore_ascii_case("close"));
        if close {
            return;
        }
    }
}

/// The answer to `req`: the workload's, 404 for another path, 405 for
/// another method, 500 when the database fails.
fn answer(req: &Request, shared: &Shared) -> Reply {
    let text = |status, body: &str| Reply::new(status, "text/plain", body);
    let known = ["/db", "/queries", "/fortunes", "/updates", "/items"];
    if !known.contains(&req.path.as_str()) {
        return text(404, "not found\n");
    }
    if req.method != "GET" && req.method != "HEAD" {
        return text(405, "method not allowed\n");
    }
    let mut session = match shared.take() {
        Ok(session) => session,
        Err(e) => return text(503, &format!("the database cannot be reached: {e}\n")),
    };
    match workload(req, &mut session, shared) {
        Ok(reply) => {
            shared.give_back(session);
            reply
        }
        Err(e) => {
            shared.forget();
            text(500, &format!("the database query failed: {e}\n"))
        }
    }
}

type DbResult = Result<Reply, postgres::Error>;

fn workload(req: &Request, session: &mut Session, shared: &Shared) -> DbResult {
    let query = req.query.as_deref();
    let b = shared.broken;
    match req.path.as_str() {
        "/db" if b == DbBreak::CachesRows => {
            Ok(json_reply(cached(session, shared, 1)?.swap_remove(0)))
        }
        "/db" => Ok(json_reply(world(session, random_id())?)),
        "/queries" if b == DbBreak::CachesRows => Ok(json_reply(Value::Array(cached(
            session,
            shared,
            parse_queries(query),
        )?))),
        "/queries" => {
            let rows = (0..parse_queries(query))
                .map(|_| world(session, random_id()))
                .collect::<Result<Vec<Value>, _>>()?;
            Ok(json_reply(Value::Array(rows)))
        }
        "/fortunes" => fortunes(session, b == DbBreak::UnescapedFortunes),
        "/updates" => updates(
            session,
            parse_queries(query),
            b == DbBreak::UpdatesWriteNothing,
        ),
        _ => items(session, query),
    }
}

fn json_reply(value: Value) -> Reply {
    Reply::new(
        200,
        "application/json",
        serde_json::to_vec(&value).unwrap_or_default(),
    )
}

fn world_json(id: i32, random_number: i32) -> Value {
    json!({ "id": id, "randomNumber": random_number })
}

/// One World row, by its own query.
fn world(session: &mut Session, id: i32) -> Result<Value, postgres::Error> {
    let row = session.client.query_one(&session.world, &[&id])?;
    Ok(world_json(row.get(0), row.get(1)))
}

/// `n` random rows from [`DbBreak::CachesRows`]' copy, read whole by the
/// first request (one query) and never again.
fn cached(session: &mut Session, shared: &Shared, n: usize) -> Result<Vec<Value>, postgres::Error> {
    let table = match shared.cache.get() {
        Some(table) => table,
        None => {
            let rows = session
                .client
                .query("SELECT id, randomnumber FROM world ORDER BY id", &[])?;
            shared
                .cache
                .get_or_init(|| rows.iter().map(|row| row.get(1)).collect())
        }
    };
    Ok((0..n)
        .map(|_| {
            let id = random_id();
            world_json(id, table[id as usize - 1])
        })
        .collect())
}

fn fortunes(session: &mut Session, unescaped: bool) -> DbResult {
    let mut rows: Vec<(i32, String)> = session
        .client
        .query(&session.fortunes, &[])?
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect();
    rows.push((0, ADDED_FORTUNE.to_string()));
    sort_fortunes(&mut rows);
    let mut html = fortunes_html(&rows);
    if unescaped {
        for (_, message) in &rows {
            html = html.replace(&html_escape(message), message);
        }
    }
    Ok(Reply::new(200, FORTUNES_CONTENT_TYPE, html))
}

/// `n` distinct rows, each read by its own query, given new numbers and
/// (unless `write_nothing`) written back one `UPDATE` each, in id order.
fn updates(session: &mut Session, n: usize, write_nothing: bool) -> DbResult {
    let mut rows = Vec::with_capacity(n);
    for id in distinct_ids(n) {
        let row = session.client.query_one(&session.world, &[&id])?;
        let old: i32 = row.get(1);
        rows.push((id, random_id_except(old)));
    }
    if !write_nothing {
        let mut sorted = rows.clone();
        sorted.sort_unstable();
        for (id, number) in &sorted {
            session.client.execute(&session.update, &[id, number])?;
        }
    }
    let json: Vec<Value> = rows.iter().map(|&(id, n)| world_json(id, n)).collect();
    Ok(json_reply(Value::Array(json)))
}

fn items(session: &mut Session, query: Option<&str>) -> DbResult {
    let search = parse_item_search(query);
    let limit = search.limit as i64;
    let rows = session
        .client
        .query(&session.items, &[&search.min, &search.max, &limit])?;
    let items: Vec<Value> = rows
        .iter()
        .map(|row| {
            let tags: String = row.get(6);
            json!({
                "id": row.get::<_, i32>(0),
                "name": row.get::<_, String>(1),
                "category": row.get::<_, String>(2),
                "price": row.get::<_, i32>(3),
                "quantity": row.get::<_, i32>(4),
                "active": row.get::<_, bool>(5),
                "tags": serde_json::from_str::<Value>(&tags).unwrap_or(Value::Null),
                "rating": { "score": row.get::<_, f64>(7), "count": row.get::<_, i32>(8) },
            })
        })
        .collect();
    let count = items.len();
    Ok(json_reply(json!({ "items": items, "count": count })))
}

thread_local! {
    static RNG: Cell<u64> = Cell::new(RandomState::new().hash_one(0u64) | 1);
}

/// A World id or number, 1..=10000 (xorshift64*).
fn random_id() -> i32 {
    let x = RNG.with(|state| {
        let mut x = state.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        state.set(x);
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    });
    1 + (x >> 33) as i32 % WORLD_ROWS
}

fn random_id_except(old: i32) -> i32 {
    loop {
        let id = random_id();
        if id != old {
            return id;
        }
    }
}

fn distinct_ids(n: usize) -> Vec<i32> {
    let mut ids = Vec::with_capacity(n);
    while ids.len() < n.min(WORLD_ROWS as usize) {
        let id = random_id();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}
