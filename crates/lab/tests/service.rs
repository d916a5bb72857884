//! The lab's PostgreSQL service through the agent's calls, on a real
//! PostgreSQL 15 (`/usr/lib/postgresql/15/bin`, or `BARRAGE_PG_BIN`): a
//! fresh start, the work of a known set of statements counted and reset,
//! a stop that leaves nothing, a cached start, a killed postmaster seen by
//! `Alive`, a broken cache rebuilt, and a start that fails naming its log
//! line. Few starts (CI time): one test walks the whole life.
#![cfg(target_os = "linux")]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use barrage_lab::host::{Agent, Call, ServiceStarted};
use barrage_lab::process::Stopped;
use barrage_model::results::WorkDone;
use barrage_model::suite::{Service, ServiceKind};
use serde_json::Value;

/// A directory of the test's own, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("barrage-svc-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn call(agent: &Agent, c: Call) -> Result<Value, String> {
    agent.call(serde_json::to_value(c).unwrap())
}

fn start(
    agent: &Agent,
    scratch: &Scratch,
    run: &str,
    settings: BTreeMap<String, String>,
) -> Result<ServiceStarted, String> {
    let data_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let service = Service {
        name: "postgres".into(),
        kind: ServiceKind::Postgres,
        host: None,
        cores: None,
        settings,
    };
    let v = call(
        agent,
        Call::ServiceStart {
            service,
            max_connections: 50,
            host: "127.0.0.1".into(),
            cores: vec![],
            data_dir,
            run_dir: scratch.0.join(run),
            cache: scratch.0.join("cache"),
            log: scratch.0.join(format!("{run}.log")),
        },
    )?;
    Ok(serde_json::from_value(v).unwrap())
}

fn stop(agent: &Agent, id: u64) -> Stopped {
    let v = call(
        agent,
        Call::Stop {
            id,
            grace_ms: 10_000,
        },
    )
    .unwrap();
    serde_json::from_value(v).unwrap()
}

fn alive(agent: &Agent, id: u64) -> bool {
    serde_json::from_value(call(agent, Call::Alive { id }).unwrap()).unwrap()
}

fn work(agent: &Agent, id: u64) -> WorkDone {
    serde_json::from_value(call(agent, Call::ServiceWork { id }).unwrap()).unwrap()
}

/// What a running cluster has on the host, read before it stops.
struct Footprint {
    postmaster: u32,
    base: PathBuf,
    socket: PathBuf,
    /// Line 7 of postmaster.pid: the System V segment's key and id.
    sysv: (i32, i32),
    segments: Vec<PathBuf>,
}

impl Footprint {
    fn of(scratch: &Scratch, run: &str, port: u16) -> Footprint {
        let base = scratch.0.join(run).join("postgres");
        let pid_file = fs::read_to_string(base.join("data/postmaster.pid")).unwrap();
        let lines: Vec<&str> = pid_file.lines().collect();
        let postmaster: u32 = lines[0].trim().parse().unwrap();
        let mut words = lines[6].split_whitespace().map(|w| w.parse().unwrap());
        let sysv = (words.next().unwrap(), words.next().unwrap());
        let maps = fs::read_to_string(format!("/proc/{postmaster}/maps")).unwrap();
        let segments = maps
            .lines()
            .filter_map(|l| {
                l.find("/dev/shm/PostgreSQL.")
                    .map(|i| PathBuf::from(&l[i..]))
            })
            .collect();
        let socket = base.join(format!(".s.PGSQL.{port}"));
        assert!(socket.exists(), "{} while it runs", socket.display());
        Footprint {
            postmaster,
            base,
            socket,
            sysv,
            segments,
        }
    }

    /// No process of the cluster, no socket, no shared memory, no directory.
    fn assert_gone(&self) {
        let data = self.base.join("data");
        for entry in fs::read_dir("/proc").unwrap().flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let zombie = stat
                .rsplit(')')
                .next()
                .is_some_and(|r| r.trim_start().starts_with('Z'));
            let cwd = fs::read_link(format!("/proc/{pid}/cwd")).ok();
            let ours = pid == self.postmaster || cwd.as_deref() == Some(data.as_path());
            assert!(
                !ours || zombie || stat.is_empty(),
                "process {pid} is left: {stat}"
            );
        }
        assert!(!self.socket.exists(), "{} is left", self.socket.display());
        assert!(!self.base.exists(), "{} is left", self.base.display());
        // SAFETY: shmid_ds is plain data; IPC_STAT fills it.
        let mut ds: libc::shmid_ds = unsafe { std::mem::zeroed() };
        let found = unsafe { libc::shmctl(self.sysv.1, libc::IPC_STAT, &mut ds) } == 0;
        assert!(
            !(found && ds.shm_perm.__key == self.sysv.0),
            "System V segment {:?} is left",
            self.sysv
        );
        for segment in &self.segments {
            assert!(!segment.exists(), "{} is left", segment.display());
        }
    }
}

/// 7 reads of World by id, 2 updates, 1 read of fortune, 1 of 5 items,
/// as benchmarkdbuser over TCP with the URL the servers get.
fn known_work(url: &str) {
    let mut db = postgres::Client::connect(url, postgres::NoTls).unwrap();
    let read = db
        .prepare("SELECT id, randomnumber FROM world WHERE id = $1")
        .unwrap();
    for id in 1..=7i32 {
        let row = db.query_one(&read, &[&id]).unwrap();
        assert_eq!(row.get::<_, i32>(0), id);
    }
    let write = db
        .prepare("UPDATE world SET randomnumber = $1 WHERE id = $2")
        .unwrap();
    for id in [3i32, 4] {
        assert_eq!(db.execute(&write, &[&77i32, &id]).unwrap(), 1);
    }
    assert_eq!(
        db.query("SELECT id, message FROM fortune", &[])
            .unwrap()
            .len(),
        12
    );
    let items = db
        .query("SELECT id FROM items ORDER BY id LIMIT 5", &[])
        .unwrap();
    assert_eq!(items.len(), 5);
}

#[test]
#[ignore = "needs PostgreSQL"]
fn postgres_service_lifecycle() {
    let scratch = Scratch::new("life");
    let agent = Agent::new();

    // A fresh start: initdb, load, check, the cache made.
    let fresh = start(&agent, &scratch, "run1", BTreeMap::new()).unwrap();
    eprintln!("fresh: {fresh:?}");
    assert!(!fresh.cached && fresh.load_ms.is_some(), "{fresh:?}");
    assert!(fresh.check.contains("world 10000 rows"), "{}", fresh.check);
    assert!(fresh
        .version
        .as_deref()
        .unwrap()
        .starts_with("PostgreSQL 15"));
    assert_eq!(fresh.settings["max_connections"], "50");
    assert_eq!(fresh.settings["synchronous_commit"], "off");
    assert!(alive(&agent, fresh.id));

    // The work of a known set of statements, exactly; a reset zeroes it.
    call(&agent, Call::ServiceReset { id: fresh.id }).unwrap();
    known_work(&fresh.url);
    let done = work(&agent, fresh.id);
    let want = WorkDone {
        world_reads: 7,
        world_rows_read: 7,
        world_writes: 2,
        world_rows_written: 2,
        fortune_reads: 1,
        item_reads: 1,
        item_rows_read: 5,
        other: 0,
    };
    assert_eq!(done, want);
    call(&agent, Call::ServiceReset { id: fresh.id }).unwrap();
    assert_eq!(work(&agent, fresh.id), WorkDone::default());
    let tail: String = serde_json::from_value(
        call(
            &agent,
            Call::LogTail {
                id: fresh.id,
                lines: 5,
            },
        )
        .unwrap(),
    )
    .unwrap();
    assert!(!tail.is_empty());

    // A stop is a fast shutdown that leaves nothing.
    let footprint = Footprint::of(&scratch, "run1", fresh.port);
    let stopped = stop(&agent, fresh.id);
    assert_eq!(
        (stopped.exit, stopped.killed),
        (Some(0), false),
        "{stopped:?}"
    );
    footprint.assert_gone();

    // From the cache: no load, the same data, sooner.
    let cached = start(&agent, &scratch, "run2", BTreeMap::new()).unwrap();
    eprintln!("cached: {cached:?}");
    assert!(cached.cached && cached.load_ms.is_none(), "{cached:?}");
    assert!(cached.check.contains("as when loaded"), "{}", cached.check);
    assert!(cached.ready_ms < fresh.ready_ms, "{cached:?} {fresh:?}");

    // A killed postmaster is not alive; the stop still cleans up.
    let footprint = Footprint::of(&scratch, "run2", cached.port);
    // SAFETY: kill has no memory-safety preconditions.
    unsafe { libc::kill(footprint.postmaster as i32, libc::SIGKILL) };
    let deadline = Instant::now() + Duration::from_secs(10);
    while alive(&agent, cached.id) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive(&agent, cached.id));
    let e = call(&agent, Call::ServiceWork { id: cached.id }).unwrap_err();
    assert!(e.contains("not running"), "{e}");
    let stopped = stop(&agent, cached.id);
    assert_eq!(stopped.signal, Some(libc::SIGKILL), "{stopped:?}");
    footprint.assert_gone();

    // A cache whose data does not check out is removed and rebuilt.
    let entry = fs::read_dir(scratch.0.join("cache"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("postgres-")
        })
        .unwrap();
    let sums = fs::read_to_string(entry.join("checksums")).unwrap();
    fs::write(entry.join("checksums"), sums.replace("items ", "items 0")).unwrap();
    let rebuilt = start(&agent, &scratch, "run3", BTreeMap::new()).unwrap();
    eprintln!("rebuilt: {rebuilt:?}");
    assert!(!rebuilt.cached && rebuilt.load_ms.is_some(), "{rebuilt:?}");
    assert!(
        rebuilt.check.contains("failed its check") && rebuilt.check.contains("rebuilt"),
        "{}",
        rebuilt.check
    );
    assert_eq!(fs::read_to_string(entry.join("checksums")).unwrap(), sums);
    let footprint = Footprint::of(&scratch, "run3", rebuilt.port);
    stop(&agent, rebuilt.id);
    footprint.assert_gone();
}

#[test]
#[ignore = "needs PostgreSQL"]
fn a_start_that_fails_names_the_log_line() {
    let scratch = Scratch::new("bad");
    let agent = Agent::new();
    let settings = [("no_such_setting".to_string(), "1".to_string())].into();
    let e = start(&agent, &scratch, "run", settings).unwrap_err();
    eprintln!("{e}");
    assert!(!e.contains('\n'), "one line: {e}");
    assert!(
        e.contains("unrecognized configuration parameter \"no_such_setting\"")
            && e.contains("run.log:"),
        "{e}"
    );
    assert!(!scratch.0.join("run/postgres").exists());
}
