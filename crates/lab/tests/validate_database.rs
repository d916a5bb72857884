//! The database workloads' validation against a real PostgreSQL 15 that
//! this test starts (as `postgres`, on a free loopback port, the data of
//! `data/database/hello_world.sql` loaded) and stops: the executor's
//! queries read every column as text, a bad statement is one reason, and
//! the checks of the five workloads judge servers that use that database.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

use barrage_contract::check::{Check, Fault, Reply, Step};
use barrage_lab::validate::{run_check, Target};

/// A throwaway PostgreSQL with the workloads' data; stopped and removed on drop.
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
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let dir = std::env::temp_dir().join(format!("barrage-validate-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        run(Command::new("install")
            .args(["-d", "-o", "postgres"])
            .arg(&dir));
        let pg = Pg { bin, dir, port };
        let data = pg.dir.join("data");
        pg.as_postgres("initdb", &["-A", "trust", "-U", "postgres", "-D"], &data);
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c synchronous_commit=off -c fsync=off",
            pg.dir.display()
        );
        let log = pg.dir.join("log");
        let start = [
            "-w",
            "-l",
            log.to_str().unwrap(),
            "-o",
            &options,
            "start",
            "-D",
        ];
        pg.as_postgres("pg_ctl", &start, &data);
        let role = "CREATE ROLE benchmarkdbuser LOGIN PASSWORD 'benchmarkdbpass'";
        pg.psql(
            "postgres",
            &[
                "-c",
                role,
                "-c",
                "CREATE DATABASE hello_world OWNER benchmarkdbuser",
            ],
        );
        let sql = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/database/hello_world.sql");
        pg.psql("hello_world", &["-f", sql.to_str().unwrap()]);
        pg
    }

    fn url(&self) -> String {
        format!(
            "postgres://benchmarkdbuser:benchmarkdbpass@127.0.0.1:{}/hello_world",
            self.port
        )
    }

    fn as_postgres(&self, tool: &str, args: &[&str], path: &Path) {
        let mut cmd = Command::new("runuser");
        cmd.args(["-u", "postgres", "--"]).arg(self.bin.join(tool));
        run(cmd.args(args).arg(path));
    }

    fn psql(&self, db: &str, args: &[&str]) {
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
        ]);
        cmd.arg(&self.dir).args(["-p", &self.port.to_string()]);
        run(cmd.args(args));
    }

    /// One statement as the superuser, its text output.
    fn sql(&self, sql: &str) -> String {
        let out = Command::new(self.bin.join("psql"))
            .args(["-qAt", "-U", "postgres", "-d", "hello_world", "-h"])
            .arg(&self.dir)
            .args(["-p", &self.port.to_string(), "-c", sql])
            .output()
            .unwrap();
        assert!(out.status.success(), "{sql}: {out:?}");
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let mut cmd = Command::new("runuser");
        cmd.args(["-u", "postgres", "--"])
            .arg(self.bin.join("pg_ctl"));
        let _ = cmd
            .args(["-m", "fast", "-w", "stop", "-D"])
            .arg(&data)
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(out.status.success(), "{cmd:?}: {out:?}");
}

/// A check of `sql` alone that keeps the replies it was judged on.
fn query_check(sql: &str) -> (Check, Arc<Mutex<Vec<Reply>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let keep = seen.clone();
    let check = Check::new("query", vec![Step::Query(sql.into())], move |r| {
        keep.lock().unwrap().extend_from_slice(r);
        Ok::<(), Fault>(())
    });
    (check, seen)
}

#[test]
#[ignore = "needs PostgreSQL"]
fn the_checks_read_the_servers_database() {
    let pg = Pg::start();
    let url = pg.url();
    let target = Target {
        database: Some(&url),
        ..Target::new("127.0.0.1", 9)
    };

    let sql =
        "SELECT id, name, active, tags, rating_score, NULL FROM items WHERE id <= 2 ORDER BY id";
    let (check, seen) = query_check(sql);
    assert_eq!(run_check(&check, &target), Ok(()));
    let seen = seen.lock().unwrap();
    let [Reply::Rows(rows)] = seen.as_slice() else {
        panic!("{seen:?}")
    };
    assert_eq!(rows.len(), 2);
    let want = pg.sql("SELECT name, active::text, tags::text FROM items WHERE id = 1");
    let row = &rows[0];
    assert_eq!(row[0].as_deref(), Some("1"));
    assert_eq!(
        want,
        format!(
            "{}|{}|{}",
            row[1].as_deref().unwrap(),
            ["false", "true"][(row[2].as_deref() == Some("t")) as usize],
            row[3].as_deref().unwrap()
        )
    );
    assert!(row[4].as_deref().unwrap().parse::<f64>().is_ok());
    assert_eq!(row[5], None);

    let (bad, _) = query_check("SELECT * FROM nope");
    let failure = run_check(&bad, &target).unwrap_err();
    assert!(
        failure.reason.contains("relation \"nope\" does not exist"),
        "{}",
        failure.reason
    );
    assert!(
        !failure.reason.contains("benchmarkdbpass"),
        "{}",
        failure.reason
    );
}
