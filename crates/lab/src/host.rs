//! The hosts of a lab run and what the lab asks of them.
//!
//! Every host, this machine included, answers the same lab requests
//! ([`Call`]: prepare a server, start it, sample it, stop it, read its log,
//! probe a URL, validate a workload, run a load generator, describe the host). [`Agent`]
//! answers them on a host with the lab's own code (process.rs, monitor.rs,
//! probe.rs, env.rs, tool.rs); [`Hosts`] is the set of a run's hosts and
//! sends them, to an agent in this process or to one reached over
//! barrage-dist's agent protocol (SSH, a namespace, a child process).
//!
//! This module holds the calls and their answers: the one contract between
//! the runner and a host. It runs nothing itself, and knows nothing of
//! suites' levels or results.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::process::Stopped;
use crate::suite::{Scenario, Variant};

mod agent;
mod set;

pub use agent::Agent;
pub use set::{Hosts, Layout, CALL_LIMIT};

/// Stands for the agent's own barrage binary in [`Call::Exec`]'s program
/// and in manifest variables: the controller does not know its path there.
pub const BARRAGE: &str = "{barrage}";

/// One lab request to an agent.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "lab", rename_all = "snake_case")]
pub enum Call {
    /// The host's kernel, CPU, memory, sysctls and limits ([`barrage_model::results::Environment`]).
    Environment { root: PathBuf },
    /// Requirements, build (cached in `cache`) and version of a manifest
    /// of `servers_dir`, the build's output appended to `log`.
    Prepare {
        servers_dir: PathBuf,
        server: String,
        vars: BTreeMap<String, String>,
        cache: PathBuf,
        log: PathBuf,
    },
    /// Start a variant on free ports of `host`, pinned to `cores`, and wait
    /// until it is ready ([`Started`]).
    Start {
        servers_dir: PathBuf,
        server: String,
        variant: Variant,
        host: String,
        cores: Vec<usize>,
        run_dir: PathBuf,
        log: PathBuf,
    },
    /// Whether started server `id` is still running.
    Alive { id: u64 },
    /// The last `lines` lines of server `id`'s log.
    LogTail { id: u64, lines: usize },
    /// Start sampling server `id`'s process tree (every 100 ms).
    MonitorStart { id: u64 },
    /// Stop sampling it and return the samples ([`crate::monitor::MonitorReport`]).
    MonitorStop { id: u64 },
    /// SIGTERM the server's group, SIGKILL after `grace_ms` ([`Stopped`]).
    Stop { id: u64, grace_ms: u64 },
    /// A file's text (a log).
    Read { path: PathBuf },
    /// Sockets in TIME_WAIT on the host.
    TimeWait,
    /// The host's listen-queue counters, if readable
    /// (`Option<`[`barrage_model::results::ListenQueue`]`>`).
    ListenQueue,
    /// Remove a run's scratch directory (only one under `results/.remote/`).
    Clean { path: PathBuf },
    /// Kill the tools running there now (another client host failed).
    Cancel,
    /// The last `barrage-progress` line of the tool running there, if one
    /// came since the last time this was asked (for the live line).
    Progress,
    /// Probe `scenario` at `host:port` once ([`barrage_model::results::ProbeResult`]).
    Probe {
        scenario: Box<Scenario>,
        host: String,
        port: u16,
        timeout_ms: u64,
    },
    /// Run `workload`'s checks at `host:port` over HTTP/1.1, each within
    /// `timeout_ms`, numbers drawn from `seed`
    /// ([`barrage_model::results::ValidationOutcome`], `crate::validate`);
    /// the database workloads' checks read `database` (the URL the server
    /// was given; without one they fail saying so).
    Validate {
        workload: barrage_contract::Workload,
        host: String,
        port: u16,
        timeout_ms: u64,
        seed: u64,
        #[serde(default)]
        database: Option<String>,
    },
    /// Start a suite's service on this host ([`ServiceStarted`]): for
    /// PostgreSQL, `initdb` into `run_dir` (or a copy of the checked cache
    /// under `cache`), the data of `data/database/hello_world.sql` (from
    /// `data_dir`) loaded and checked, listening on `host` and a Unix socket
    /// in `run_dir`, pinned to `cores` (empty: not pinned), its log in
    /// `log`. The service then has an id like a server's: `Alive`,
    /// `LogTail`, `MonitorStart`/`MonitorStop` and `Stop` take it.
    ServiceStart {
        service: barrage_model::suite::Service,
        /// `max_connections` when the suite's settings give none.
        max_connections: u32,
        host: String,
        cores: Vec<usize>,
        data_dir: PathBuf,
        run_dir: PathBuf,
        cache: PathBuf,
        log: PathBuf,
    },
    /// Reset service `id`'s statement counters (`pg_stat_statements_reset()`).
    ServiceReset { id: u64 },
    /// Service `id`'s statements since the last reset
    /// ([`barrage_model::results::WorkDone`]).
    ServiceWork { id: u64 },
    /// Run a load generator pinned to `cores` ([`Executed`]); past
    /// `limit_ms` it is killed. Its CPU of the first `warmup_ms` is not
    /// counted. With `read_back`, that file's text comes back too (and is
    /// removed).
    Exec {
        program: String,
        args: Vec<String>,
        cores: Vec<usize>,
        limit_ms: u64,
        warmup_ms: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        read_back: Option<PathBuf>,
    },
}

/// [`Call::Prepare`]'s answer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Prepared {
    /// Why the server cannot run on that host (a missing requirement).
    pub unavailable: Option<String>,
    pub version: Option<String>,
}

/// [`Call::Start`]'s answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Started {
    pub id: u64,
    pub port: u16,
    pub tls_port: u16,
    pub backend_port: u16,
    pub ready_ms: u64,
    pub pinned_cpus: Option<Vec<usize>>,
}

/// [`Call::ServiceStart`]'s answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ServiceStarted {
    pub id: u64,
    /// The connection string the servers get (`DATABASE_URL`), with the
    /// password: `postgres://benchmarkdbuser:benchmarkdbpass@HOST:PORT/hello_world`.
    pub url: String,
    pub port: u16,
    pub version: Option<String>,
    pub pinned_cpus: Option<Vec<usize>>,
    /// The settings it runs with.
    pub settings: BTreeMap<String, String>,
    /// The data directory is a copy of the checked cache.
    pub cached: bool,
    pub ready_ms: u64,
    pub load_ms: Option<u64>,
    /// What the data check found.
    pub check: String,
}

/// [`Call::Exec`]'s answer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Executed {
    pub stdout: String,
    pub stderr: String,
    /// The measured window (after the warm-up), seconds.
    pub elapsed_s: f64,
    /// CPU of the measured window.
    pub user_s: f64,
    pub sys_s: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// What arrives with a [`Call::Stop`]: how the server ended.
pub type StopAnswer = Stopped;
