//! The database workloads' validation against a real PostgreSQL 15,
//! started by the lab's own service calls (`ServiceStart` … `Stop`, the
//! data of `data/database/hello_world.sql` loaded): the executor's queries
//! read every column as text and a bad statement is one reason; the
//! built-in target (`barrage serve`) on that database passes the checks of
//! the five workloads through the agent's `Validate` call, which carries
//! the database's URL (and fail, saying why, without it); the testkit's
//! database server passes too, and fails the check named for the rule it
//! breaks (fortunes not escaped, updates that write nothing; a cache is
//! the proof of work's to catch, not validation's). One PostgreSQL start
//! for the whole file (CI time).
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use barrage_contract::check::{Check, Fault, Reply, Step};
use barrage_contract::Workload;
use barrage_lab::host::{Agent, Call, ServiceStarted};
use barrage_lab::validate::{run_check, Target, ValidationOutcome};
use barrage_model::suite::Service;
use barrage_target::{Database, DatabaseConfig, TargetConfig};
use barrage_testkit::{DbBreak, DbServer};

/// The lab's PostgreSQL in a directory of the test's own; stopped and
/// removed on drop.
struct Pg {
    agent: Agent,
    started: ServiceStarted,
    dir: PathBuf,
}

impl Pg {
    fn start() -> Pg {
        let dir = std::env::temp_dir().join(format!("barrage-validate-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let agent = Agent::new();
        let service = Service::postgres();
        let call = Call::ServiceStart {
            service,
            max_connections: 50,
            host: "127.0.0.1".into(),
            cores: vec![],
            data_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data"),
            run_dir: dir.join("run"),
            cache: dir.join("cache"),
            log: dir.join("postgres.log"),
        };
        let started = call_agent(&agent, &call).expect("PostgreSQL starts");
        Pg {
            agent,
            started,
            dir,
        }
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let stop = Call::Stop {
            id: self.started.id,
            grace_ms: 10_000,
        };
        let _ = call_agent::<serde_json::Value>(&self.agent, &stop);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn call_agent<T: serde::de::DeserializeOwned>(agent: &Agent, call: &Call) -> Result<T, String> {
    let answer = agent.call(serde_json::to_value(call).unwrap())?;
    Ok(serde_json::from_value(answer).unwrap())
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

/// The executor reads rows as text, NULL as `None`; a bad statement is
/// one reason without the password.
fn queries_read_text(url: &str) {
    let target = Target {
        database: Some(url),
        ..Target::new("127.0.0.1", 9)
    };
    let sql = "SELECT id, name, active, tags, rating_score, NULL FROM items WHERE id = 1";
    let (check, seen) = query_check(sql);
    assert_eq!(run_check(&check, &target), Ok(()));
    let seen = seen.lock().unwrap();
    let [Reply::Rows(rows)] = seen.as_slice() else {
        panic!("{seen:?}")
    };
    let row: Vec<Option<&str>> = rows[0].iter().map(Option::as_deref).collect();
    assert_eq!(row[..2], [Some("1"), Some("Item 1")]);
    assert!(matches!(row[2], Some("t" | "f")), "{row:?}");
    let tags: serde_json::Value = serde_json::from_str(row[3].unwrap()).unwrap();
    assert!(tags.is_array(), "{row:?}");
    let score: f64 = row[4].unwrap().parse().unwrap();
    assert!((1.0..=5.0).contains(&score), "{row:?}");
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

/// `workload`'s outcome through the agent's `Validate` call.
fn validate_call(
    agent: &Agent,
    w: Workload,
    port: u16,
    database: Option<&str>,
) -> ValidationOutcome {
    let call = Call::Validate {
        workload: w,
        host: "127.0.0.1".into(),
        port,
        timeout_ms: 10_000,
        seed: 28,
        database: database.map(str::to_string),
    };
    call_agent(agent, &call).unwrap()
}

#[test]
#[ignore = "needs PostgreSQL"]
fn the_database_workloads_are_checked_against_the_database() {
    let pg = Pg::start();
    let url = pg.started.url.clone();
    queries_read_text(&url);

    let database = Database::new(&DatabaseConfig {
        url: url.clone(),
        pool: 4,
    })
    .unwrap();
    let cfg = TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    };
    let serve = barrage_target::Target::start_with_database(cfg, Some(database)).unwrap();
    let port = serve.local_addr().port();
    for w in Workload::ALL.into_iter().filter(|w| w.needs_database()) {
        match validate_call(&pg.agent, w, port, Some(&url)) {
            ValidationOutcome::Passed { checks } => assert!(checks > 0, "{w}"),
            other => panic!("barrage serve on {w}: {other:?}"),
        }
    }
    let ValidationOutcome::Failed(f) = validate_call(&pg.agent, Workload::Db, port, None) else {
        panic!("db without a database passed")
    };
    assert!(
        f.reason.starts_with("no database to check against: "),
        "{f:?}"
    );
    serve.shutdown();
    testkit_modes(&pg.agent, &url);
}

/// The testkit's database server: correct (and caching: its rows are
/// still the database's) it passes; each other rule broken fails its check.
fn testkit_modes(agent: &Agent, url: &str) {
    for broken in [DbBreak::None, DbBreak::CachesRows] {
        let server = DbServer::start(url, broken).unwrap();
        for w in Workload::ALL.into_iter().filter(|w| w.needs_database()) {
            let outcome = validate_call(agent, w, server.addr().port(), Some(url));
            assert!(
                matches!(outcome, ValidationOutcome::Passed { .. }),
                "{broken:?} on {w}: {outcome:?}"
            );
        }
    }
    let table = [
        (
            DbBreak::UnescapedFortunes,
            Workload::Fortunes,
            "fortunes: the table, sorted and escaped",
            "not escaped: a raw '<' or '>' in the cell \"<script>",
        ),
        (
            DbBreak::UpdatesWriteNothing,
            Workload::Updates,
            "updates: /updates?queries=20 writes its rows",
            "the update was not written",
        ),
    ];
    for (broken, w, check, why) in table {
        let server = DbServer::start(url, broken).unwrap();
        let outcome = validate_call(agent, w, server.addr().port(), Some(url));
        let ValidationOutcome::Failed(f) = outcome else {
            panic!("{broken:?} passed {w}: {outcome:?}")
        };
        assert_eq!(f.check, check, "{f:?}");
        assert!(f.reason.contains(why), "{broken:?}: {}", f.reason);
        assert!(f.response.starts_with("HTTP/1.1 200"), "{f:?}");
    }
}
