//! The services a suite starts for its servers: for now PostgreSQL 15 with
//! the database workloads' data (docs/workloads.md "Database workloads").
//! Owns a service's whole life on its host: finding the binaries, `initdb`
//! as user `postgres`, the settings, the start (pinned) and readiness, the
//! data loaded and checked, the cache of loaded data directories, the
//! statement counters of the proof of work, and the stop with nothing left
//! behind (Ctrl-C included, through `process::kill_all_started`).
//!
//! The agent answers `Call::ServiceStart`, `ServiceReset` and
//! `ServiceWork` with [`start`], [`Postgres::reset`] and [`Postgres::work`],
//! and keeps the [`Postgres`] beside its servers, so that `Alive`,
//! `LogTail`, `MonitorStart`/`MonitorStop` and `Stop` take its id. It knows
//! nothing of suites' levels or of judging the work (the runner does).

mod cache;
mod cluster;
mod data;
mod leftovers;
mod log;
mod postgres;
mod work;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use barrage_contract::database::{DATABASE_NAME, DATABASE_PASSWORD, DATABASE_USER};
use barrage_model::suite::{Service, ServiceKind};

use self::cache::Cache;
use self::cluster::{Binaries, RunAs};
use self::data::Checksums;
use self::postgres::{Launch, Places};
use crate::host::ServiceStarted;
use crate::process;

pub use self::cluster::{short_version, BIN_ENV, DEFAULT_BIN};
pub use self::leftovers::kill_all_started;
pub use self::log::log_line;
pub use self::postgres::{Postgres, Spawn, MIN_GRACE};
pub use self::work::{classify, Statement};

/// How long PostgreSQL may take to accept connections once started.
const READY_LIMIT: Duration = Duration::from_secs(60);
/// How long the shutdown before the cache is copied may take.
const CACHE_SHUTDOWN: Duration = Duration::from_secs(60);
/// The longest Unix socket path (`sun_path` holds 108 bytes), with margin.
const SOCKET_PATH_MAX: usize = 100;

/// What [`start`] is asked for (`Call::ServiceStart`'s fields).
#[derive(Debug, Clone, Copy)]
pub struct StartRequest<'a> {
    pub service: &'a Service,
    /// `max_connections` unless the service's settings give it.
    pub max_connections: u32,
    /// The address it listens on.
    pub host: &'a str,
    /// Cores it is pinned to (empty: not pinned).
    pub cores: &'a [usize],
    /// The repository's `data/` (the SQL is `database/hello_world.sql`
    /// below it); the `data/database` directory itself also does.
    pub data_dir: &'a Path,
    /// A directory of the run: the data directory and the socket go in
    /// `RUN_DIR/postgres` (removed at the stop).
    pub run_dir: &'a Path,
    /// The lab's cache: loaded data directories go in `CACHE/postgres-<hash>`.
    pub cache: &'a Path,
    /// PostgreSQL's log (appended to).
    pub log: &'a Path,
}

/// Starts a service, its data loaded (or copied from the checked cache)
/// and checked. The answer's `id` is 0: the agent gives the id.
///
/// The postmaster is spawned with `spawn` and dies with the thread that
/// spawns it: that thread must outlive the service.
pub fn start(req: &StartRequest, spawn: Spawn) -> Result<(Postgres, ServiceStarted), String> {
    match req.service.kind {
        ServiceKind::Postgres => start_postgres(req, spawn),
    }
}

/// A service up and checked, and how it got there.
struct Up {
    pg: Postgres,
    check: String,
    load_ms: Option<u64>,
    cached: bool,
}

fn start_postgres(req: &StartRequest, spawn: Spawn) -> Result<(Postgres, ServiceStarted), String> {
    let began = Instant::now();
    let bin = Binaries::find()?;
    let version = bin.version()?;
    let run_as = RunAs::for_this_process()?;
    let settings = cluster::settings(&req.service.settings, req.max_connections, req.host)?;
    let sql = sql_file(req.data_dir)?;
    let text = fs::read(&sql).map_err(|e| format!("cannot read {}: {e}", sql.display()))?;
    let cache = Cache::new(req.cache, &text, &version);
    let [port] = process::free_ports::<1>(req.host);
    if port == 0 {
        return Err(format!("no free port on {} for PostgreSQL", req.host));
    }
    let places = places(req.run_dir, run_as, port)?;
    let launch = Launch {
        bin: &bin,
        run_as,
        places: &places,
        port,
        settings: &settings,
        cores: req.cores,
        log: req.log,
        spawn,
    };
    let setup = Setup {
        launch: &launch,
        cache: &cache,
        sql: &sql,
        host: req.host,
    };
    let up = setup.up().inspect_err(|_| {
        // Nothing runs any more (a Postgres is killed when dropped).
        let _ = fs::remove_dir_all(&places.base);
    })?;
    let started = ServiceStarted {
        id: 0,
        url: url(req.host, port),
        port,
        version: Some(short_version(&version)),
        pinned_cpus: process::cpu_affinity(up.pg.pid()).ok(),
        settings,
        cached: up.cached,
        ready_ms: began.elapsed().as_millis() as u64,
        load_ms: up.load_ms,
        check: up.check,
    };
    Ok((up.pg, started))
}

/// What the servers connect with: `postgres://benchmarkdbuser:benchmarkdbpass@HOST:PORT/hello_world`.
pub fn url(host: &str, port: u16) -> String {
    let host = if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    format!("postgres://{DATABASE_USER}:{DATABASE_PASSWORD}@{host}:{port}/{DATABASE_NAME}")
}

/// `DATA/database/hello_world.sql`, or `DATA/hello_world.sql`.
fn sql_file(data_dir: &Path) -> Result<PathBuf, String> {
    let candidates = [
        data_dir.join("database/hello_world.sql"),
        data_dir.join("hello_world.sql"),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .ok_or_else(|| {
            format!(
                "no database/hello_world.sql in {} (the repository's data directory)",
                data_dir.display()
            )
        })
}

/// `RUN_DIR/postgres` when user postgres can reach it and its socket path
/// is short enough, else a directory of its own under the system's
/// temporary directory.
fn places(run_dir: &Path, run_as: Option<RunAs>, port: u16) -> Result<Places, String> {
    fs::create_dir_all(run_dir).map_err(|e| format!("cannot create {}: {e}", run_dir.display()))?;
    let in_run = run_dir.join("postgres");
    let socket = in_run.join(format!(".s.PGSQL.{port}"));
    let fits = socket.as_os_str().len() <= SOCKET_PATH_MAX;
    let reachable = run_as.is_none_or(|user| user.can_reach(run_dir));
    let base = if fits && reachable {
        in_run
    } else {
        std::env::temp_dir().join(format!("barrage-pg-{}-{port}", std::process::id()))
    };
    Ok(Places {
        data: base.join("data"),
        base,
    })
}

/// The steps of a start: from the cache when it has an entry, else (or
/// when that entry fails) a fresh load that makes the entry.
struct Setup<'a> {
    launch: &'a Launch<'a>,
    cache: &'a Cache,
    sql: &'a Path,
    host: &'a str,
}

/// Why a start from the cache did not give checked data.
enum CacheFailure {
    /// PostgreSQL did not start on the copy (perhaps not the copy's fault).
    Start(String),
    /// The data is not what it should be.
    Check(String),
}

impl Setup<'_> {
    fn up(&self) -> Result<Up, String> {
        let Some(sums) = self.cache.stored() else {
            return self.fresh();
        };
        let name = self.cache.name();
        match self.copied(&sums) {
            Ok(up) => Ok(up),
            Err(CacheFailure::Check(why)) => {
                self.cache.remove();
                let mut up = self.fresh()?;
                up.check = format!(
                    "the cache {name} failed its check ({why}): removed and rebuilt; {}",
                    up.check
                );
                Ok(up)
            }
            Err(CacheFailure::Start(why)) => {
                let mut up = self.fresh()?;
                up.check = format!(
                    "PostgreSQL did not start on the cache {name} ({why}): rebuilt; {}",
                    up.check
                );
                Ok(up)
            }
        }
    }

    /// A start on a copy of the cache entry, checked against its checksums.
    fn copied(&self, sums: &Checksums) -> Result<Up, CacheFailure> {
        let places = self.launch.places;
        self.clear().map_err(CacheFailure::Start)?;
        self.cache
            .copy_into(&places.data, self.launch.run_as)
            .map_err(CacheFailure::Check)?;
        self.write_hba().map_err(CacheFailure::Start)?;
        let pg = self
            .launch
            .start(READY_LIMIT)
            .map_err(CacheFailure::Start)?;
        let mut client = pg.connect(DATABASE_NAME).map_err(CacheFailure::Check)?;
        let (_, check) = data::check(&mut client, Some(sums)).map_err(CacheFailure::Check)?;
        Ok(Up {
            pg,
            check,
            load_ms: None,
            cached: true,
        })
    }

    /// `initdb`, start, load, check, a clean shutdown, the cache entry
    /// made from it, and a start again.
    fn fresh(&self) -> Result<Up, String> {
        let launch = self.launch;
        self.clear()?;
        cluster::initdb(launch.bin, launch.run_as, &launch.places.data, launch.log)?;
        self.write_hba()?;
        let mut pg = launch.start(READY_LIMIT)?;
        let load = data::load(&pg, launch.bin, self.sql)?;
        let mut client = pg.connect(DATABASE_NAME)?;
        let (sums, check) = data::check(&mut client, None)?;
        drop(client);
        let stopped = pg.shutdown(CACHE_SHUTDOWN);
        if stopped.killed || stopped.exit != Some(0) {
            return Err(format!(
                "PostgreSQL did not shut down cleanly after the load ({stopped:?}); see {}",
                launch.log.display()
            ));
        }
        drop(pg);
        // Without a cache the run goes on; the next start loads again.
        let check = match self.cache.save(&launch.places.data, &sums) {
            Ok(()) => check,
            Err(e) => format!("{check}; not cached: {e}"),
        };
        let pg = launch.start(READY_LIMIT)?;
        Ok(Up {
            pg,
            check,
            load_ms: Some(load.as_millis() as u64),
            cached: false,
        })
    }

    /// An empty directory for the cluster, given to user postgres.
    fn clear(&self) -> Result<(), String> {
        let base = &self.launch.places.base;
        match fs::remove_dir_all(base) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot empty {}: {e}", base.display())),
        }
        fs::create_dir_all(base).map_err(|e| format!("cannot create {}: {e}", base.display()))?;
        cluster::hand_over(base, self.launch.run_as, 0o755)
    }

    fn write_hba(&self) -> Result<(), String> {
        let path = self.launch.places.data.join("pg_hba.conf");
        fs::write(&path, cluster::hba(self.host))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_line_is_the_first_fatal_after_the_start() {
        let dir = std::env::temp_dir().join(format!("barrage-log-line-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let log = dir.join("postgres.log");
        let old = "2026 LOG:  old start\n2026 FATAL:  an old failure\n";
        let new = "2026 LOG:  starting\n2026 ERROR:  x\n2026 FATAL:  unrecognized configuration parameter \"foo\"\n2026 LOG:  shut down\n";
        fs::write(&log, format!("{old}{new}")).unwrap();
        let line = log_line(&log, old.len() as u64).unwrap();
        assert_eq!(
            line,
            format!(
                "{}:5: 2026 FATAL:  unrecognized configuration parameter \"foo\"",
                log.display()
            )
        );
        fs::write(&log, "one\ntwo\n\n").unwrap();
        assert!(log_line(&log, 0).unwrap().ends_with(":2: two"));
        fs::write(&log, "").unwrap();
        assert_eq!(log_line(&log, 0), None);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_cluster_goes_in_the_run_unless_postgres_cannot_reach_it() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = std::env::temp_dir().join(format!("barrage-places-{}", std::process::id()));
        let closed = tmp.join("closed");
        fs::create_dir_all(&closed).unwrap();
        fs::set_permissions(&closed, fs::Permissions::from_mode(0o700)).unwrap();
        // A user that owns nothing here (not this process's).
        let stranger = Some(RunAs {
            uid: 54_321,
            gid: 54_321,
        });
        let open = places(&tmp.join("run"), stranger, 5432).unwrap();
        assert_eq!(open.base, tmp.join("run/postgres"));
        assert_eq!(open.data, tmp.join("run/postgres/data"));
        let elsewhere = places(&closed.join("run"), stranger, 5432).unwrap();
        assert!(elsewhere.base.starts_with(std::env::temp_dir()));
        assert!(!elsewhere.base.starts_with(&closed), "{elsewhere:?}");
        let long = tmp.join("x".repeat(120));
        let short = places(&long, None, 5432).unwrap();
        assert!(!short.base.starts_with(&long), "{short:?}");
        let _ = fs::remove_dir_all(&tmp);
    }

    #[test]
    fn the_url_brackets_ipv6() {
        assert_eq!(
            url("127.0.0.1", 5432),
            "postgres://benchmarkdbuser:benchmarkdbpass@127.0.0.1:5432/hello_world"
        );
        assert!(url("::1", 5432).contains("@[::1]:5432/"));
    }
}
