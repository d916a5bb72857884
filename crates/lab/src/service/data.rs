//! The database workloads' data in a running cluster: creating the role
//! and the database, loading `data/database/hello_world.sql` with `psql`,
//! and checking what is there against the contract (counts, ids, the
//! fortunes) and against the checksums taken when it was loaded.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use barrage_contract::database::{
    DATABASE_NAME, DATABASE_PASSWORD, DATABASE_USER, FORTUNES, ITEM_ROWS, WORLD_ROWS,
};
use postgres::Client;

use super::cluster::{self, Binaries, SUPERUSER};
use super::postgres::{describe, Postgres};

/// Checksums of a loaded database (md5 of every row, in id order): kept
/// beside the cache, compared at each start from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checksums {
    pub world: String,
    pub items: String,
}

impl Checksums {
    pub fn to_text(&self) -> String {
        format!("world {}\nitems {}\n", self.world, self.items)
    }

    pub fn parse(text: &str) -> Option<Checksums> {
        let mut world = None;
        let mut items = None;
        for line in text.lines() {
            match line.split_once(' ') {
                Some(("world", sum)) => world = Some(sum.trim().to_string()),
                Some(("items", sum)) => items = Some(sum.trim().to_string()),
                _ => {}
            }
        }
        Some(Checksums {
            world: world.filter(|s| !s.is_empty())?,
            items: items.filter(|s| !s.is_empty())?,
        })
    }
}

/// Creates `benchmarkdbuser` and `hello_world`, runs the SQL file with
/// `psql` as the superuser, and adds `pg_stat_statements`. Returns how long
/// it took.
pub fn load(pg: &Postgres, bin: &Binaries, sql: &Path) -> Result<Duration, String> {
    let began = Instant::now();
    let mut admin = pg.connect("postgres")?;
    let statements = [
        format!("CREATE ROLE {DATABASE_USER} LOGIN PASSWORD '{DATABASE_PASSWORD}'"),
        format!("CREATE DATABASE {DATABASE_NAME} OWNER {DATABASE_USER}"),
    ];
    for statement in statements {
        admin
            .batch_execute(&statement)
            .map_err(|e| format!("{statement}: {}", describe(&e)))?;
    }
    drop(admin);
    psql(pg, bin, sql)?;
    let mut db = pg.connect(DATABASE_NAME)?;
    db.batch_execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        .map_err(|e| format!("CREATE EXTENSION pg_stat_statements: {}", describe(&e)))?;
    Ok(began.elapsed())
}

/// `psql -f SQL` as the superuser over the Unix socket; an error is the
/// line of psql's output that says why.
fn psql(pg: &Postgres, bin: &Binaries, sql: &Path) -> Result<(), String> {
    let dir = sql.parent().unwrap_or(Path::new("/"));
    let out = cluster::command(&bin.tool("psql"), None, dir)
        .env("PGCLIENTENCODING", "UTF8")
        .args(["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h"])
        .arg(&pg.places().base)
        .args([
            "-p",
            &pg.port().to_string(),
            "-U",
            SUPERUSER,
            "-d",
            DATABASE_NAME,
        ])
        .arg("-f")
        .arg(sql)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run psql: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let why = stderr
        .lines()
        .find(|l| l.contains("ERROR") || l.contains("FATAL"))
        .or_else(|| stderr.lines().find(|l| !l.trim().is_empty()))
        .unwrap_or("no message");
    Err(format!(
        "loading {} failed ({}): {why}",
        sql.display(),
        out.status
    ))
}

/// Checks the data: World has ids 1..=10000, Fortune the contract's 12
/// rows, items 100,000 rows; with `expected`, both checksums match. The
/// answer is the checksums and a line saying what was found.
pub fn check(
    client: &mut Client,
    expected: Option<&Checksums>,
) -> Result<(Checksums, String), String> {
    let world = client
        .query_one(
            "SELECT count(*), count(DISTINCT id), coalesce(min(id), 0), coalesce(max(id), 0), \
             coalesce(md5(string_agg(id || ':' || randomnumber, ',' ORDER BY id)), '') FROM world",
            &[],
        )
        .map_err(|e| format!("reading world: {}", describe(&e)))?;
    let (rows, distinct, min, max): (i64, i64, i32, i32) =
        (world.get(0), world.get(1), world.get(2), world.get(3));
    if rows != i64::from(WORLD_ROWS) || distinct != rows || min != 1 || max != WORLD_ROWS {
        return Err(format!(
            "world has {rows} rows with ids {min}..{max} ({WORLD_ROWS} rows, ids 1..{WORLD_ROWS} expected)"
        ));
    }
    check_fortunes(client)?;
    let items = client
        .query_one(
            "SELECT count(*), coalesce(md5(string_agg(i::text, ',' ORDER BY i.id)), '') FROM items i",
            &[],
        )
        .map_err(|e| format!("reading items: {}", describe(&e)))?;
    let item_rows: i64 = items.get(0);
    if item_rows != i64::from(ITEM_ROWS) {
        return Err(format!("items has {item_rows} rows ({ITEM_ROWS} expected)"));
    }
    let sums = Checksums {
        world: world.get(4),
        items: items.get(1),
    };
    let against = match expected {
        Some(want) if want.world != sums.world => {
            return Err(format!(
                "world's checksum is {}, {} when it was loaded",
                sums.world, want.world
            ))
        }
        Some(want) if want.items != sums.items => {
            return Err(format!(
                "items' checksum is {}, {} when it was loaded",
                sums.items, want.items
            ))
        }
        Some(_) => "as when loaded",
        None => "just loaded",
    };
    let line = format!(
        "world {WORLD_ROWS} rows, ids 1..{WORLD_ROWS}, md5 {}; fortune {} rows as the contract's; \
         items {ITEM_ROWS} rows, md5 {} ({against})",
        short(&sums.world),
        FORTUNES.len(),
        short(&sums.items)
    );
    Ok((sums, line))
}

fn check_fortunes(client: &mut Client) -> Result<(), String> {
    let rows = client
        .query("SELECT id, message FROM fortune ORDER BY id", &[])
        .map_err(|e| format!("reading fortune: {}", describe(&e)))?;
    let found: Vec<(i32, String)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    if found.len() != FORTUNES.len() {
        return Err(format!(
            "fortune has {} rows ({} expected)",
            found.len(),
            FORTUNES.len()
        ));
    }
    for ((id, message), (want_id, want)) in found.iter().zip(FORTUNES) {
        if *id != want_id || message != want {
            return Err(format!(
                "fortune row {id} is {message:?} (the contract's row {want_id} is {want:?})"
            ));
        }
    }
    Ok(())
}

/// The first 12 hex digits of a checksum, for the line.
fn short(sum: &str) -> &str {
    sum.get(..12).unwrap_or(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_round_trip_through_their_file() {
        let sums = Checksums {
            world: "abc".into(),
            items: "def".into(),
        };
        assert_eq!(Checksums::parse(&sums.to_text()), Some(sums));
        assert_eq!(Checksums::parse("world abc\n"), None);
        assert_eq!(Checksums::parse(""), None);
    }
}
