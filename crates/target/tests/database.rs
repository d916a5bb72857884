//! The database workloads (docs/workloads.md, "Database workloads") of
//! `barrage serve` against a real PostgreSQL 15 that this test starts
//! itself (once for the binary: one test runs the checks in turn), and the
//! testkit's `DbServer` in each of its modes. The work done is read from
//! `pg_stat_statements`, as the lab's proof of work reads it.
//!
//! Needs PostgreSQL's binaries (`BARRAGE_PG_BIN`, else
//! /usr/lib/postgresql/15/bin) and root (the server runs as `postgres`).

use crate::common;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;

use barrage_target::contract::database::{
    fortunes_html, fortunes_page_rows, FORTUNES_CONTENT_TYPE, MAX_QUERIES, WORLD_ROWS,
};
use barrage_target::{Database, DatabaseConfig, Target, TargetConfig};
use barrage_testkit::{DbBreak, DbServer};
use common::{get, Resp};
use serde_json::Value;

/// A PostgreSQL with the workloads' data on 127.0.0.1, stopped (and its
/// directory removed) when dropped.
struct Pg {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
}

impl Pg {
    fn start() -> Pg {
        let bin = PathBuf::from(
            std::env::var("BARRAGE_PG_BIN").unwrap_or("/usr/lib/postgresql/15/bin".into()),
        );
        assert!(
            bin.join("initdb").exists(),
            "no initdb in {}: install postgresql (scripts/setup.sh does) or set BARRAGE_PG_BIN",
            bin.display()
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let dir = std::env::temp_dir().join(format!("barrage-target-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        run(Command::new("chown").arg("postgres").arg(&dir));
        let pg = Pg { bin, dir, port };
        let data = pg.dir.join("data");
        run(pg
            .as_postgres("initdb")
            .args(["-A", "trust", "-U", "postgres", "-N", "-D"])
            .arg(&data));
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c synchronous_commit=off -c fsync=off \
             -c max_connections=100 -c shared_preload_libraries=pg_stat_statements \
             -c pg_stat_statements.track=top",
            pg.dir.display()
        );
        run(pg
            .as_postgres("pg_ctl")
            .args(["-w", "-l"])
            .arg(pg.dir.join("log"))
            .arg("-D")
            .arg(&data)
            .args(["-o", &options, "start"]));
        run(pg.psql("postgres").args([
            "-c",
            "CREATE ROLE benchmarkdbuser LOGIN PASSWORD 'benchmarkdbpass'",
            "-c",
            "CREATE DATABASE hello_world OWNER benchmarkdbuser",
        ]));
        let sql = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/database/hello_world.sql");
        run(pg.psql("hello_world").arg("-f").arg(sql));
        run(pg
            .psql("hello_world")
            .args(["-c", "CREATE EXTENSION pg_stat_statements"]));
        pg
    }

    fn as_postgres(&self, program: &str) -> Command {
        let mut cmd = Command::new("runuser");
        cmd.args(["-u", "postgres", "--"])
            .arg(self.bin.join(program));
        cmd
    }

    fn psql(&self, db: &str) -> Command {
        let mut cmd = Command::new(self.bin.join("psql"));
        cmd.args([
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-U",
            "postgres",
            "-d",
            db,
            "-h",
        ])
        .arg(&self.dir)
        .args(["-p", &self.port.to_string()]);
        cmd
    }

    /// The servers' URL.
    fn url(&self) -> String {
        format!(
            "postgres://benchmarkdbuser:benchmarkdbpass@127.0.0.1:{}/hello_world",
            self.port
        )
    }

    /// The superuser, over the socket (stats, checks).
    fn admin(&self) -> postgres::Client {
        let conn = format!(
            "host={} port={} user=postgres dbname=hello_world",
            self.dir.display(),
            self.port
        );
        postgres::Client::connect(&conn, postgres::NoTls).expect("superuser connects")
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let _ = self
            .as_postgres("pg_ctl")
            .args(["-m", "immediate", "-D"])
            .arg(self.dir.join("data"))
            .arg("stop")
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Calls and rows of benchmarkdbuser's statements since the last reset,
/// by kind as the lab sorts them ("world reads", "world writes", ...).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Work {
    calls: i64,
    rows: i64,
}

fn reset_stats(admin: &mut postgres::Client) {
    admin
        .execute("SELECT pg_stat_statements_reset()", &[])
        .unwrap();
}

fn work(admin: &mut postgres::Client) -> BTreeMap<&'static str, Work> {
    let rows = admin
        .query(
            "SELECT lower(query), calls, rows FROM pg_stat_statements \
             WHERE userid = (SELECT oid FROM pg_roles WHERE rolname = 'benchmarkdbuser')",
            &[],
        )
        .unwrap();
    let mut out: BTreeMap<&'static str, Work> = BTreeMap::new();
    for row in rows {
        let query: String = row.get(0);
        let kind = match () {
            _ if query.starts_with("select") && query.contains("world") => "world reads",
            _ if query.starts_with("update") && query.contains("world") => "world writes",
            _ if query.starts_with("select") && query.contains("fortune") => "fortune reads",
            _ if query.starts_with("select") && query.contains("items") => "item reads",
            _ => "other",
        };
        let entry = out.entry(kind).or_default();
        entry.calls += row.get::<_, i64>(1);
        entry.rows += row.get::<_, i64>(2);
    }
    out
}

fn calls(work: &BTreeMap<&str, Work>, kind: &str) -> (i64, i64) {
    work.get(kind).map_or((0, 0), |w| (w.calls, w.rows))
}

/// The whole of `world`, by id.
fn world_table(admin: &mut postgres::Client) -> BTreeMap<i64, i64> {
    admin
        .query("SELECT id, randomnumber FROM world", &[])
        .unwrap()
        .iter()
        .map(|r| (i64::from(r.get::<_, i32>(0)), i64::from(r.get::<_, i32>(1))))
        .collect()
}

fn json(resp: &Resp) -> Value {
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.header("content-type"), Some("application/json"));
    serde_json::from_slice(&resp.body).unwrap_or_else(|e| panic!("{e}: {resp:?}"))
}

/// A World object: exactly `id` (1..=10000) and `randomNumber`.
fn world_row(value: &Value) -> (i64, i64) {
    let object = value.as_object().unwrap_or_else(|| panic!("{value}"));
    assert_eq!(object.len(), 2, "{value}");
    let id = object["id"].as_i64().unwrap();
    assert!((1..=i64::from(WORLD_ROWS)).contains(&id), "{value}");
    (id, object["randomNumber"].as_i64().unwrap())
}

fn rows_of(addr: SocketAddr, path: &str) -> Vec<(i64, i64)> {
    let value = json(&get(addr, path));
    value.as_array().unwrap().iter().map(world_row).collect()
}

fn start_serve(pg: &Pg) -> Target {
    let database = Database::new(&DatabaseConfig {
        url: pg.url(),
        pool: 4,
    })
    .unwrap();
    let cfg = TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 2,
        tls: None,
        h3: false,
    };
    Target::start_with_database(cfg, Some(database)).expect("target starts with its database")
}

#[test]
#[ignore = "needs PostgreSQL"]
fn database_workloads_on_postgres() {
    let pg = Pg::start();
    let mut admin = pg.admin();
    let target = start_serve(&pg);
    let addr = target.local_addr();
    serve_answers_as_the_doc_says(addr, &mut admin);
    serve_answers_over_h2(addr, &mut admin);
    serve_does_the_work(addr, &mut admin);
    drop(target);
    testkit_modes_misbehave_as_named(&pg, &mut admin);
}

fn serve_answers_as_the_doc_says(addr: SocketAddr, admin: &mut postgres::Client) {
    let table = world_table(admin);
    // db: two requests, each a row as the table holds it.
    for _ in 0..2 {
        let (id, number) = world_row(&json(&get(addr, "/db")));
        assert_eq!(table[&id], number, "/db row {id}");
    }
    // queries: 20 rows equal to the table's; the clamps.
    let rows = rows_of(addr, "/queries?queries=20");
    assert_eq!(rows.len(), 20);
    for (id, number) in rows {
        assert_eq!(table[&id], number, "/queries row {id}");
    }
    for (path, n) in [
        ("/queries?queries=0", 1),
        ("/queries?queries=foo", 1),
        ("/queries?queries=", 1),
        ("/queries", 1),
        ("/queries?queries=501", MAX_QUERIES),
    ] {
        assert_eq!(rows_of(addr, path).len(), n, "{path}");
    }
    // fortunes: the 13 rows, sorted and escaped, as the contract renders them.
    let page = get(addr, "/fortunes");
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), Some(FORTUNES_CONTENT_TYPE));
    assert_eq!(page.body_str(), fortunes_html(&fortunes_page_rows()));
    // updates: every row as the table holds it after, at least 90% changed.
    let before = world_table(admin);
    let rows = rows_of(addr, "/updates?queries=20");
    let after = world_table(admin);
    assert_eq!(rows.len(), 20);
    let changed = rows
        .iter()
        .filter(|(id, _)| before[id] != after[id])
        .count();
    for (id, number) in &rows {
        assert_eq!(after[id], *number, "/updates row {id} written back");
    }
    assert!(changed >= 18, "only {changed} of 20 rows changed");
    for (path, n) in [("/updates?queries=foo", 1), ("/updates?queries=501", 500)] {
        assert_eq!(rows_of(addr, path).len(), n, "{path}");
    }
    items_answer_as_the_doc_says(addr, admin);
}

fn items_answer_as_the_doc_says(addr: SocketAddr, admin: &mut postgres::Client) {
    let value = json(&get(addr, "/items"));
    let items = value["items"].as_array().unwrap();
    assert_eq!(items.len(), 50);
    assert_eq!(value["count"], 50);
    assert_eq!(value.as_object().unwrap().len(), 2);
    for item in items {
        let id = item["id"].as_i64().unwrap() as i32;
        let row = admin
            .query_one(
                "SELECT name, category, price, quantity, active, tags::text, rating_score, \
                 rating_count FROM items WHERE id = $1",
                &[&id],
            )
            .unwrap();
        let tags: Value = serde_json::from_str(&row.get::<_, String>(5)).unwrap();
        let expected = serde_json::json!({
            "id": id, "name": row.get::<_, String>(0), "category": row.get::<_, String>(1),
            "price": row.get::<_, i32>(2), "quantity": row.get::<_, i32>(3),
            "active": row.get::<_, bool>(4), "tags": tags,
            "rating": {"score": row.get::<_, f64>(6), "count": row.get::<_, i32>(7)},
        });
        assert_eq!(item, &expected);
        assert!(
            (10..=50).contains(&item["price"].as_i64().unwrap()),
            "{item}"
        );
        assert!(
            item["tags"].is_array() && item["rating"].is_object(),
            "{item}"
        );
    }
    let in_range: i64 = admin
        .query_one(
            "SELECT count(*) FROM items WHERE price BETWEEN 100 AND 101",
            &[],
        )
        .unwrap()
        .get(0);
    let few = json(&get(addr, "/items?min=100&max=101&limit=5"));
    assert_eq!(few["count"].as_i64().unwrap(), in_range.min(5));
    let none = get(addr, "/items?min=9999&max=9999");
    assert_eq!(none.body_str(), r#"{"items":[],"count":0}"#);
}

fn serve_answers_over_h2(addr: SocketAddr, admin: &mut postgres::Client) {
    use http_body_util::{BodyExt, Empty};
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (status, version, body) = rt.block_on(async {
        let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let io = hyper_util::rt::TokioIo::new(stream);
        let (mut sender, conn) =
            hyper::client::conn::http2::handshake(hyper_util::rt::TokioExecutor::new(), io)
                .await
                .unwrap();
        tokio::spawn(conn);
        let req = hyper::Request::get(format!("http://{addr}/queries?queries=3"))
            .body(Empty::<bytes::Bytes>::new())
            .unwrap();
        let resp = sender.send_request(req).await.unwrap();
        let (head, body) = resp.into_parts();
        let body = body.collect().await.unwrap().to_bytes();
        (head.status, head.version, body)
    });
    assert_eq!((status.as_u16(), version), (200, hyper::Version::HTTP_2));
    let table = world_table(admin);
    let rows: Vec<Value> = serde_json::from_slice(&body).unwrap();
    assert_eq!(rows.len(), 3);
    for row in &rows {
        let (id, number) = world_row(row);
        assert_eq!(table[&id], number);
    }
}

/// pg_stat_statements: exactly N world reads per /queries?queries=N, one
/// per /db and /fortunes, N reads and N rows written per /updates.
fn serve_does_the_work(addr: SocketAddr, admin: &mut postgres::Client) {
    reset_stats(admin);
    for _ in 0..5 {
        assert_eq!(rows_of(addr, "/queries?queries=7").len(), 7);
    }
    for _ in 0..3 {
        json(&get(addr, "/db"));
        assert_eq!(get(addr, "/fortunes").status, 200);
    }
    let done = work(admin);
    assert_eq!(
        calls(&done, "world reads"),
        (5 * 7 + 3, 5 * 7 + 3),
        "{done:?}"
    );
    assert_eq!(calls(&done, "fortune reads"), (3, 3 * 12), "{done:?}");
    assert_eq!(calls(&done, "world writes"), (0, 0), "{done:?}");

    reset_stats(admin);
    for _ in 0..4 {
        assert_eq!(rows_of(addr, "/updates?queries=15").len(), 15);
    }
    json(&get(addr, "/items"));
    let done = work(admin);
    assert_eq!(calls(&done, "world reads"), (60, 60), "{done:?}");
    let (_, written) = calls(&done, "world writes");
    assert_eq!(written, 60, "rows written: {done:?}");
    assert_eq!(calls(&done, "item reads"), (1, 50), "{done:?}");
    assert_eq!(calls(&done, "other"), (0, 0), "{done:?}");
}

fn testkit_modes_misbehave_as_named(pg: &Pg, admin: &mut postgres::Client) {
    let start = |mode| DbServer::start(&pg.url(), mode).expect("the testkit server starts");

    // None: right answers, and the work done.
    let good = start(DbBreak::None);
    let addr = good.addr();
    reset_stats(admin);
    let table = world_table(admin);
    for (id, number) in rows_of(addr, "/queries?queries=5") {
        assert_eq!(table[&id], number);
    }
    let (id, number) = world_row(&json(&get(addr, "/db")));
    assert_eq!(table[&id], number);
    assert_eq!(
        get(addr, "/fortunes").body_str(),
        fortunes_html(&fortunes_page_rows())
    );
    let rows = rows_of(addr, "/updates?queries=10");
    let after = world_table(admin);
    assert!(rows
        .iter()
        .all(|(id, n)| after[id] == *n && table[id] != *n));
    assert_eq!(json(&get(addr, "/items?limit=3"))["count"], 3);
    let done = work(admin);
    assert_eq!(calls(&done, "world reads").0, 5 + 1 + 10, "{done:?}");
    assert_eq!(calls(&done, "world writes").1, 10, "{done:?}");
    drop(good);

    // CachesRows: right rows, but after the first request no query.
    let caching = start(DbBreak::CachesRows);
    reset_stats(admin);
    let table = world_table(admin);
    for _ in 0..5 {
        for (id, number) in rows_of(caching.addr(), "/queries?queries=5") {
            assert_eq!(table[&id], number);
        }
        world_row(&json(&get(caching.addr(), "/db")));
    }
    let done = work(admin);
    // One read of the whole table, where 30 requests needed 30 reads.
    assert_eq!(
        calls(&done, "world reads"),
        (1, i64::from(WORLD_ROWS)),
        "{done:?}"
    );
    drop(caching);

    // UnescapedFortunes: the script tag raw.
    let unescaped = start(DbBreak::UnescapedFortunes);
    let page = get(unescaped.addr(), "/fortunes");
    assert!(page.body_str().contains("<td><script>alert("), "{page:?}");
    drop(unescaped);

    // UpdatesWriteNothing: new numbers answered, the table unchanged.
    let lazy = start(DbBreak::UpdatesWriteNothing);
    let before = world_table(admin);
    let rows = rows_of(lazy.addr(), "/updates?queries=20");
    assert_eq!(rows.len(), 20);
    assert!(rows.iter().all(|(id, n)| before[id] != *n));
    assert_eq!(world_table(admin), before, "nothing written");
}

#[test]
fn without_a_database_the_database_endpoints_answer_503() {
    let target = common::start();
    for path in [
        "/db",
        "/queries?queries=2",
        "/fortunes",
        "/updates",
        "/items",
    ] {
        let resp = get(target.local_addr(), path);
        assert_eq!(resp.status, 503, "{path}");
        assert!(resp.body_str().contains("DATABASE_URL is unset"), "{path}");
        assert_eq!(resp.body_str().lines().count(), 1, "{path}");
    }
    assert_eq!(get(target.local_addr(), "/hello").status, 200);
}

#[test]
fn an_unreachable_database_fails_the_start_in_one_line() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    // A port that was free a moment ago: refused (tried again for 5 s).
    let database = Database::new(&DatabaseConfig {
        url: format!("postgres://u:secret@127.0.0.1:{port}/db"),
        pool: 2,
    })
    .unwrap();
    let cfg = TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    };
    let err = Target::start_with_database(cfg, Some(database)).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with("cannot connect to the database postgres://u:***@127.0.0.1:"),
        "{msg}"
    );
    assert!(!msg.contains("secret") && !msg.contains('\n'), "{msg}");
    let bad = Database::new(&DatabaseConfig {
        url: "postgres://u@h:notaport/db".into(),
        pool: 1,
    })
    .unwrap_err();
    assert_eq!(bad.kind(), std::io::ErrorKind::InvalidInput, "{bad}");
}
