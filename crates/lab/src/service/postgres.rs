//! A running PostgreSQL: its postmaster (a child of the lab in a process
//! group of its own, run as user `postgres`, pinned before exec), its
//! readiness, the lab's superuser connection over the Unix socket, the
//! statement counters (work.rs reads them) and its stop: a fast shutdown
//! (SIGINT to the postmaster), SIGKILL to every process of the cluster only
//! if that is not enough, and then nothing left (leftovers.rs).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::thread;
use std::time::{Duration, Instant};

use barrage_contract::database::DATABASE_NAME;
use barrage_model::results::WorkDone;
use postgres::Client;

use super::cluster::{self, Binaries, RunAs, SUPERUSER};
use super::leftovers::{self, Leftovers};
use super::log::log_line;
use super::work;
use crate::process::{self, Stopped};

const POLL: Duration = Duration::from_millis(20);
/// The database the lab's connections before the load go to (the
/// cluster's `postgres` database is dropped after it: data.rs).
pub const ADMIN_DATABASE: &str = "template1";
/// The least time a fast shutdown gets (it writes a checkpoint).
pub const MIN_GRACE: Duration = Duration::from_secs(10);

/// Spawns the postmaster's command. The agent runs it on the thread its
/// servers are started from: the postmaster gets SIGKILL when that thread
/// ends (PR_SET_PDEATHSIG), so it cannot outlive the agent.
pub type Spawn<'a> = &'a (dyn Fn(Command) -> io::Result<Child> + Sync);

/// Where a cluster lives on the host: `base` holds the data directory and
/// is the socket directory; it is removed when the service stops.
#[derive(Debug, Clone)]
pub struct Places {
    pub base: PathBuf,
    pub data: PathBuf,
}

/// What a postmaster is started with.
pub struct Launch<'a> {
    pub bin: &'a Binaries,
    pub run_as: Option<RunAs>,
    pub places: &'a Places,
    pub port: u16,
    pub settings: &'a BTreeMap<String, String>,
    pub cores: &'a [usize],
    pub log: &'a Path,
    pub spawn: Spawn<'a>,
}

impl Launch<'_> {
    /// Starts the postmaster and waits until it accepts the lab's
    /// connection, within `limit`. A failure is one line naming the line
    /// of the log that says why.
    pub fn start(&self, limit: Duration) -> Result<Postgres, String> {
        let from = fs::metadata(self.log).map(|m| m.len()).unwrap_or(0);
        let base = &self.places.base;
        let mut cmd = cluster::command(&self.bin.tool("postgres"), self.run_as, base);
        cmd.arg("-D")
            .arg(&self.places.data)
            .arg("-p")
            .arg(self.port.to_string())
            .arg("-k")
            .arg(base);
        for (name, value) in self.settings {
            cmd.arg("-c").arg(format!("{name}={value}"));
        }
        let (out, err) = cluster::log_files(self.log)?;
        cmd.stdout(out).stderr(err).process_group(0);
        process::pin_command(&mut cmd, self.cores)?;
        // SAFETY: the hook runs in the child between fork and exec and only
        // makes the prctl system call (after the change of user, which
        // would clear it).
        unsafe {
            cmd.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            })
        };
        let child = (self.spawn)(cmd)
            .map_err(|e| format!("cannot start {}: {e}", self.bin.tool("postgres").display()))?;
        process::register_group(child.id());
        leftovers::register(Leftovers {
            postmaster: child.id(),
            data: self.places.data.clone(),
            socket_dir: base.clone(),
            port: self.port,
            base: base.clone(),
            segments: BTreeSet::new(),
        });
        let mut pg = Postgres {
            child,
            exit: None,
            port: self.port,
            places: self.places.clone(),
            log: self.log.to_path_buf(),
            admin: None,
            finished: false,
        };
        pg.wait_ready(from, limit)?;
        leftovers::note_segments(pg.pid());
        Ok(pg)
    }
}

/// A running PostgreSQL cluster.
pub struct Postgres {
    child: Child,
    /// The postmaster's status once it has exited.
    exit: Option<ExitStatus>,
    port: u16,
    places: Places,
    log: PathBuf,
    /// The lab's connection to `hello_world` as the superuser.
    admin: Option<Client>,
    /// Shut down: nothing is left for Drop to do.
    finished: bool,
}

impl Postgres {
    /// The postmaster's pid (the root of the cluster's process tree).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn places(&self) -> &Places {
        &self.places
    }

    /// The postmaster has not exited.
    pub fn alive(&mut self) -> bool {
        self.exited().is_none()
    }

    /// The last `lines` lines of its log.
    pub fn log_tail(&self, lines: usize) -> String {
        process::tail(&self.log, lines)
    }

    /// A new superuser connection over the Unix socket to `database`.
    pub fn connect(&self, database: &str) -> Result<Client, String> {
        self.try_connect(database).map_err(|e| {
            format!(
                "cannot connect to {database} as {SUPERUSER}: {}",
                describe(&e)
            )
        })
    }

    fn try_connect(&self, database: &str) -> Result<Client, postgres::Error> {
        postgres::Config::new()
            .host_path(&self.places.base)
            .port(self.port)
            .user(SUPERUSER)
            .dbname(database)
            .application_name("barrage-lab")
            .connect_timeout(Duration::from_secs(5))
            .connect(postgres::NoTls)
    }

    /// Resets the statement counters (`pg_stat_statements_reset()`).
    pub fn reset(&mut self) -> Result<(), String> {
        self.with_admin(work::reset)
    }

    /// The statements of `benchmarkdbuser` since the last reset.
    pub fn work(&mut self) -> Result<WorkDone, String> {
        self.with_admin(work::read)
    }

    /// Runs `f` on the lab's connection to `hello_world`, connecting again
    /// (once) when it was closed.
    pub fn with_admin<T>(
        &mut self,
        f: impl Fn(&mut Client) -> Result<T, postgres::Error>,
    ) -> Result<T, String> {
        if let Some(how) = self.exited() {
            return Err(format!("PostgreSQL is not running (its postmaster {how})"));
        }
        for attempt in 0..2 {
            if self.admin.as_ref().is_none_or(|c| c.is_closed()) {
                self.admin = Some(self.connect(DATABASE_NAME)?);
            }
            let client = self.admin.as_mut().expect("connected just above");
            match f(client) {
                Ok(v) => return Ok(v),
                // A connection closed under it (a restart): once more.
                Err(_) if attempt == 0 && client.is_closed() => self.admin = None,
                Err(e) => return Err(describe(&e)),
            }
        }
        Err("the lab's connection to PostgreSQL keeps closing".into())
    }

    /// A fast shutdown: SIGINT to the postmaster, then, if the cluster is
    /// still there after `grace`, SIGKILL to all of it. Whatever it leaves
    /// (shared memory, socket files) is removed; its data directory is
    /// kept (for the cache).
    pub fn shutdown(&mut self, grace: Duration) -> Stopped {
        self.admin = None;
        let pid = self.pid();
        let places = leftovers::unregister(pid);
        if self.exited().is_none() {
            // SAFETY: kill has no memory-safety preconditions; the pid is
            // our unreaped child.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGINT) };
        }
        let deadline = Instant::now() + grace;
        let killed = loop {
            let gone =
                self.exited().is_some() && leftovers::cluster_pids(&self.places.data).is_empty();
            if gone {
                break false;
            }
            if Instant::now() >= deadline {
                break true;
            }
            thread::sleep(POLL);
        };
        let clean = !killed && self.exit.and_then(|s| s.code()) == Some(0);
        if let Some(l) = &places {
            if clean {
                leftovers::remove_sockets(l);
            } else {
                leftovers::kill_and_clean(l);
            }
        }
        if killed {
            // Reap the postmaster killed just now.
            let deadline = Instant::now() + Duration::from_secs(5);
            while self.exited().is_none() && Instant::now() < deadline {
                thread::sleep(POLL);
            }
        }
        process::unregister_group(pid);
        self.finished = true;
        Stopped {
            exit: self.exit.and_then(|s| s.code()),
            signal: self.exit.and_then(|s| s.signal()),
            killed,
        }
    }

    /// [`Postgres::shutdown`] with at least [`MIN_GRACE`], then its
    /// directory (data and sockets) goes.
    pub fn stop(mut self, grace: Duration) -> Stopped {
        let stopped = self.shutdown(grace.max(MIN_GRACE));
        let _ = fs::remove_dir_all(&self.places.base);
        stopped
    }

    /// "exited (exit status: 1)" once the postmaster has exited.
    fn exited(&mut self) -> Option<String> {
        if self.exit.is_none() {
            match self.child.try_wait() {
                Ok(Some(status)) => self.exit = Some(status),
                Ok(None) => return None,
                Err(_) => self.exit = Some(ExitStatus::from_raw(0)),
            }
        }
        self.exit.map(|s| format!("exited ({s})"))
    }

    /// Waits for `postmaster.pid` to say `ready`, then for the lab's
    /// connection to be accepted.
    fn wait_ready(&mut self, from: u64, limit: Duration) -> Result<(), String> {
        let deadline = Instant::now() + limit;
        let mut last = String::from("postmaster.pid never said ready");
        loop {
            if let Some(how) = self.exited() {
                return Err(failure(
                    &self.log,
                    from,
                    &format!("{how} before it was ready"),
                ));
            }
            if postmaster_status(&self.places.data).as_deref() == Some("ready") {
                match self.try_connect(ADMIN_DATABASE) {
                    Ok(_) => return Ok(()),
                    // Refused for good (not "starting up"): no use waiting.
                    Err(e) if e.as_db_error().is_some() && !starting(&e) => {
                        let what = format!("refused the lab's connection ({})", describe(&e));
                        return Err(failure(&self.log, from, &what));
                    }
                    Err(e) => last = describe(&e),
                }
            }
            if Instant::now() >= deadline {
                let what = format!("was not ready after {limit:?} ({last})");
                return Err(failure(&self.log, from, &what));
            }
            thread::sleep(POLL);
        }
    }
}

impl Drop for Postgres {
    /// Kills the cluster if it was not shut down (an error path).
    fn drop(&mut self) {
        if !self.finished {
            self.shutdown(Duration::ZERO);
            let _ = fs::remove_dir_all(&self.places.base);
        }
    }
}

/// "the database system is starting up" (or shutting down).
fn starting(e: &postgres::Error) -> bool {
    e.code() == Some(&postgres::error::SqlState::CANNOT_CONNECT_NOW)
}

/// The status line of `postmaster.pid` (`starting`, `ready`, `stopping`).
fn postmaster_status(data: &Path) -> Option<String> {
    let text = fs::read_to_string(data.join("postmaster.pid")).ok()?;
    Some(text.lines().nth(7)?.trim().to_string())
}

/// `PostgreSQL WHAT: LOG:LINE: TEXT`, the line of the log that says why.
fn failure(log: &Path, from: u64, what: &str) -> String {
    match log_line(log, from) {
        Some(line) => format!("PostgreSQL {what}: {line}"),
        None => format!("PostgreSQL {what}; its log {} says nothing", log.display()),
    }
}

/// A driver error as one line: the server's message when there is one.
pub fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => match std::error::Error::source(e) {
            Some(source) => format!("{e}: {source}"),
            None => e.to_string(),
        },
    }
}
