//! `results.json`, the record of one `barrage run` (schema `barrage.run/1`):
//! the suite as run, the environment, every server start, every probe and
//! every measured level with its statistics, the client's and the server's
//! resources, and barrage's own [`RunReport`] where the native driver ran.
//! The lab writes it after every level; `barrage report` and `compare`
//! read it. Types only, with their JSON edge ([`Results::from_json`]).

use std::collections::BTreeMap;

use barrage_contract::Workload;
use serde::{Deserialize, Serialize};

use crate::check::{CheckResult, Figures};
use crate::client_bound::Reason;
use crate::limit::Limit;
use crate::load::RunReport;
use crate::search::{Quantile, SearchReport};
use crate::suite::{Level, Suite};
use crate::warmup::WarmupRecord;
use crate::LoadError;

/// The schema name of `results.json`.
pub const SCHEMA: &str = "barrage.run/1";

/// Everything one `barrage run` produced.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Results {
    pub schema: String,
    pub suite_file: String,
    /// The suite as run (after `--quick` and `--only`).
    pub suite: Suite,
    pub quick: bool,
    pub only: Option<String>,
    /// What the run measured, in the user's words (`barrage run --label`:
    /// a commit, a branch, a pull request); `barrage history` names the
    /// run by it. Absent when none was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub started_at: String,
    pub finished_at: Option<String>,
    /// False until the whole plan ran (an interrupted run stays false).
    pub complete: bool,
    /// Set when the run was stopped from outside (Ctrl-C).
    pub interrupted: bool,
    pub environment: Environment,
    /// Limits too low for the planned load, each with its fix.
    pub warnings: Vec<String>,
    /// One entry per server variant per repeat that was started (or could not be).
    pub servers: Vec<ServerRecord>,
    pub probes: Vec<ProbeRecord>,
    /// One entry per measured level.
    pub runs: Vec<RunRecord>,
    /// The hosts of a run across hosts (`barrage run --hosts`), each with
    /// its environment; empty for a run on this machine.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hosts: Vec<HostRecord>,
    /// One entry per server variant per workload a scenario names: whether
    /// the server passed the workload's checks before any load
    /// (docs/workloads.md). Empty when no scenario names a workload.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validations: Vec<ValidationRecord>,
    /// One entry per start of a suite's service (`[[service]]`): where, how
    /// long its start and data took, and how it ended.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub services: Vec<ServiceRecord>,
    /// The client's ceiling for each shape of load the suite runs, measured
    /// in the same sitting against a responder that costs next to nothing
    /// (docs/suites.md, "The client's ceiling"); empty in results written
    /// before ceilings existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ceilings: Vec<CeilingRecord>,
}

/// The shape of a level's load, as far as the client's cost goes: the
/// scenario (protocol and request), the driver, the loop and its
/// connections. Levels of one shape share one ceiling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    pub scenario: String,
    pub driver: String,
    /// An open loop (rate levels, capacity searches); false: a closed loop.
    pub open: bool,
    pub connections: usize,
}

impl Shape {
    /// The shape of `level` of `scenario` run by `driver`; none for sessions
    /// (each a connection of its own: their cost is the connections').
    pub fn of(scenario: &str, driver: &str, level: &Level) -> Option<Shape> {
        let (open, connections) = match level {
            Level::Connections(c) => (false, *c),
            Level::Rate { connections, .. } => (true, *connections),
            Level::Search {
                spec, calls: None, ..
            } => (true, spec.connections),
            Level::Sessions { .. } | Level::Search { calls: Some(_), .. } => return None,
        };
        Some(Shape {
            scenario: scenario.to_string(),
            driver: driver.to_string(),
            open,
            connections,
        })
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lp = if self.open {
            "open loop"
        } else {
            "closed loop"
        };
        write!(
            f,
            "{} ({}, {lp}, {} connections)",
            self.scenario, self.driver, self.connections
        )
    }
}

/// The client's ceiling for one shape: what it reached on its own cores
/// against a responder that costs next to nothing on the server's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CeilingRecord {
    pub shape: Shape,
    /// The responder (`barrage serve`, one thread on the server's cores).
    pub responder: String,
    /// What the client reached, per second: a closed loop's rate; an open
    /// loop's, the rate it sent while asked for more than it could.
    pub rate_per_s: f64,
    /// The client's CPU over its cores, and the responder's over its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_cpu_share: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub responder_cpu_share: Option<f64>,
    /// The client was the limit (its CPU, or the responder had room): the
    /// figure is its ceiling. False: the responder's core was full first,
    /// and the client's ceiling is at least this.
    pub client_limited: bool,
    pub command: String,
    /// Why it could not be measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Results {
    /// The ceiling measured for `shape`, if one was and the client was its
    /// limit (a responder that filled its core first says only that the
    /// ceiling is higher: nothing to judge a level by).
    pub fn ceiling(&self, shape: &Shape) -> Option<&CeilingRecord> {
        self.ceilings.iter().find(|c| {
            &c.shape == shape && c.error.is_none() && c.rate_per_s > 0.0 && c.client_limited
        })
    }

    /// The ceiling of `run`'s shape.
    pub fn ceiling_of(&self, run: &RunRecord) -> Option<&CeilingRecord> {
        self.ceiling(&Shape::of(&run.scenario, &run.driver, &run.level)?)
    }
}

/// One start of a service (a restart after it died is another).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ServiceRecord {
    /// The suite's name for it (`[[service]] name`).
    pub name: String,
    /// `postgres`.
    pub kind: String,
    /// The host it ran on (a run across hosts); none: this machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// `postgres --version`'s words, e.g. `PostgreSQL 15.18`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The connection string the servers were given, password elided.
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pinned_cpus: Option<Vec<usize>>,
    /// The settings it ran with (the lab's defaults and the suite's).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub settings: BTreeMap<String, String>,
    /// Its data directory came from the checked cache (else it was made
    /// and loaded afresh).
    pub cached: bool,
    /// From the start call to the data checked and the service ready, ms.
    pub ready_ms: u64,
    /// Loading the data (fresh only), ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_ms: Option<u64>,
    /// What the check of its data found (row counts, checksums).
    pub check: String,
    /// Why it failed to start, died, or was restarted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Statements of the benchmark's user since the last reset of
/// `pg_stat_statements`, sorted by table and kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkDone {
    /// `SELECT`s of `world` (calls) and the rows they returned.
    pub world_reads: u64,
    pub world_rows_read: u64,
    /// `UPDATE`s of `world` (calls) and the rows they changed.
    pub world_writes: u64,
    pub world_rows_written: u64,
    /// `SELECT`s of `fortune` (calls).
    pub fortune_reads: u64,
    /// `SELECT`s of `items` (calls) and the rows they returned.
    pub item_reads: u64,
    pub item_rows_read: u64,
    /// Every other statement (transactions, `SET`, prepared statements' admin).
    pub other: u64,
}

/// A database workload level's proof of work (docs/workloads.md "Proof of
/// work"): what the server did in the database against what its successful
/// responses need.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProofOfWork {
    /// Successful (2xx) responses of the level, warm-up included when the
    /// driver counts it.
    pub requests: u64,
    pub done: WorkDone,
    /// Reads of the workload's table per request.
    pub queries_per_request: f64,
    /// Rows of the table read (db, queries, items) or written (updates) per request.
    pub rows_per_request: f64,
    /// What each request needs (`barrage_contract::database::required_work`).
    pub required_queries: u64,
    pub required_rows_written: u64,
    /// Why the level is invalid (fewer queries or rows than needed), with
    /// the figures; none: the work was done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invalid: Option<String>,
}

/// A server's validation on one workload, done once per run before any
/// load on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValidationRecord {
    /// The server variant's label, as in [`ServerRecord`].
    pub server: String,
    /// The workload (written by its name).
    pub workload: Workload,
    pub outcome: ValidationOutcome,
}

/// What validation found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum ValidationOutcome {
    /// Every check passed; `checks` were run.
    Passed { checks: usize },
    /// The server's manifest does not declare the workload: not loaded on it.
    NotImplemented,
    /// A check failed: not loaded on the workload.
    Failed(ValidationFailure),
}

/// The first check a server failed, with what was sent and what came back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValidationFailure {
    /// The check's name, e.g. `baseline: POST chunked`.
    pub check: String,
    /// Why it failed, one line.
    pub reason: String,
    /// The request, as sent (its head and the start of its body, escaped).
    pub request: String,
    /// The start of the response (escaped), or what happened instead
    /// ("connection closed", "timed out after 5s").
    pub response: String,
}

/// One host of a run across hosts.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HostRecord {
    /// Its name in the inventory.
    pub name: String,
    /// `server`, `client`, or `server+client`.
    pub role: String,
    /// How it was reached (`local`, `ssh://…`).
    pub address: String,
    /// Its clock minus the controller's, and the round trip that measured it.
    pub clock_offset_us: i64,
    pub clock_delay_us: u64,
    /// The cores barrage used there (the inventory's), when it names them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cores: Option<Vec<usize>>,
    pub environment: Environment,
}

/// What one client host did in a level of a run across hosts.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ClientHostUsage {
    pub host: String,
    pub responses: u64,
    pub errors: u64,
    pub responses_per_s: f64,
    /// That host's 99th percentile, microseconds (as its tool reported it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_p99_us: Option<f64>,
    pub usage: ClientUsage,
    /// That host used 90% or more of its cores.
    pub client_bound: bool,
}

/// What happened to one start of a server variant.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ServerRecord {
    pub repeat: u32,
    pub server: String,
    pub variant: String,
    pub version: Option<String>,
    pub status: StartStatus,
    pub reason: Option<String>,
    /// The log of this start, relative to the results directory.
    pub log: Option<String>,
    pub ready_ms: Option<u64>,
    /// The server's CPU affinity as /proc showed it after the start.
    pub pinned_cpus: Option<Vec<usize>>,
    /// Connections in its database pool (its manifest's `[database] pool`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub database_pool: Option<u32>,
    /// Its warm-ups until steady, one per request its levels send, each
    /// before that request's first level (none in results written before
    /// warm-ups existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warmups: Vec<WarmupRecord>,
}

/// A scenario's probe on one server start.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProbeRecord {
    pub repeat: u32,
    pub server: String,
    pub variant: String,
    pub scenario: String,
    pub result: Option<ProbeResult>,
    /// Why the scenario is skipped on this server (a failed or invalid probe).
    pub invalid: Option<String>,
}

/// The client's resources over the measured window.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ClientUsage {
    pub user_s: f64,
    pub sys_s: f64,
    pub cores: usize,
    /// CPU per response, microseconds.
    pub cpu_per_response_us: Option<f64>,
}

/// One measured level.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunRecord {
    pub repeat: u32,
    pub server: String,
    pub variant: String,
    pub scenario: String,
    pub driver: String,
    pub level_index: usize,
    pub level: Level,
    /// The load generator's command line.
    pub command: String,
    pub started_at: String,
    pub stats: Option<LevelStats>,
    /// Why the level has no statistics (the tool failed, the server died).
    pub error: Option<String>,
    /// The level was the client's fault (any of `client_bound_reasons`; a
    /// search: it ended client-bound): the numbers measure the client.
    pub client_bound: bool,
    /// Which reasons of the client-bound rule held (docs/load.md, "When is
    /// a run client-bound?"): `cpu`, `send_delay`, `offer`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub client_bound_reasons: Vec<Reason>,
    pub client: ClientUsage,
    pub server_usage: MonitorReport,
    pub time_wait_before: u64,
    pub time_wait_after: u64,
    /// barrage's own report (driver `barrage` only), histograms included.
    pub report: Option<RunReport>,
    /// Each client host's share, in a run across hosts (empty otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clients: Vec<ClientHostUsage>,
    /// The tool printed its percentiles only as a summary on each of
    /// several client hosts: they cannot be merged, so `stats` has none
    /// (each host's p99 is in `clients`). The mean and the maximum are exact.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub latency_not_mergeable: bool,
    /// A capacity search (`level` is a search): every step and the
    /// outcome; `stats` are then the step that gave the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchReport>,
    /// The server host's accept-queue overflows during the level (absent
    /// when they could not be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listen_queue: Option<ListenQueue>,
    /// A database workload's proof of work (none for other scenarios, or
    /// when the counters could not be read: then `error` says why).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofOfWork>,
    /// The suite's services' CPU and memory during the level, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub service_usage: BTreeMap<String, MonitorReport>,
    /// The level's own warm-up before its measured window, seconds (the
    /// server's warm-up until steady is its start's, `servers[].warmup`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warmup_s: Option<f64>,
    /// What limited it (docs/load.md, "What limited a number").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// The scenario's `check`, judged against the level's figures (a
    /// search: its answer): each threshold, the figure it read and whether
    /// it held. Absent when the scenario has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<CheckResult>,
}

/// A host's listen-queue counters (`TcpExt` of /proc/net/netstat), read
/// before and after a level; in a [`RunRecord`], the difference. Counted
/// over the whole host, every listening socket.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListenQueue {
    /// `ListenOverflows`: a SYN or a handshake's last ACK found the accept
    /// queue full (the client then retries after a second or more).
    pub overflows: u64,
    /// `ListenDrops`: connection requests dropped by a listener, overflows included.
    pub drops: u64,
    /// `net.core.somaxconn` on that host, the cap of every accept queue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub somaxconn: Option<u64>,
}

impl ListenQueue {
    /// What happened between `before` and `self` (somaxconn: the later one's).
    pub fn since(&self, before: &ListenQueue) -> ListenQueue {
        ListenQueue {
            overflows: self.overflows.saturating_sub(before.overflows),
            drops: self.drops.saturating_sub(before.drops),
            somaxconn: self.somaxconn,
        }
    }
}

/// How a server start went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StartStatus {
    /// Built, started, ready; its levels ran.
    Ok,
    /// The build, the start or the readiness check failed, or it died mid-run.
    Failed,
    /// Cannot be had on this machine (the manifest says why).
    Unavailable,
}

impl StartStatus {
    /// `ok`, `failed` or `unavailable`.
    pub fn name(self) -> &'static str {
        match self {
            StartStatus::Ok => "ok",
            StartStatus::Failed => "failed",
            StartStatus::Unavailable => "unavailable",
        }
    }
}

impl Results {
    /// Reads a results.json. A schema this version does not read says
    /// which wrote it; a missing or mistyped field names its path.
    pub fn from_json(text: &str) -> Result<Results, LoadError> {
        crate::from_json(text, &[SCHEMA], "the results.json of `barrage run`")
    }

    /// The results as pretty JSON, as the lab writes results.json.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("results always encode")
    }
}

/// The numbers of one level, in one form for every driver.
///
/// A number the tool does not give is `None` and absent from the JSON, never
/// a made-up zero. Counts and latencies cover the measured window only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LevelStats {
    /// Complete responses, of any status (ab: its "Complete requests").
    pub responses: u64,
    /// `responses` per second of the measured window.
    pub responses_per_s: f64,
    /// Length of the measured window, seconds.
    pub elapsed_s: f64,
    /// Requests sent; `responses` is a subset (barrage, h2load, httperf).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requests_sent: Option<u64>,
    /// Requests or connections that failed without a response: connect,
    /// read, write and protocol errors and timeouts (ab: its "Failed
    /// requests", which also counts responses of an unexpected length).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<u64>,
    /// The timeouts among `errors`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeouts: Option<u64>,
    /// Responses whose status is outside 200–399; a subset of `responses`
    /// (ab counts 3xx here too: outside 200–299).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_2xx: Option<u64>,
    /// Bytes received, heads and bodies (wrk: rounded to the three digits it
    /// prints; httperf: from its mean reply size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes_read: Option<u64>,
    /// Response time, microseconds: mean and percentiles, when the tool
    /// recorded any (wrk and ab in whole units of their output: ab in ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_mean_us: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_p50_us: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_p90_us: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_p99_us: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_p99_9_us: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_max_us: Option<f64>,
}

impl Figures {
    /// A suite level's figures, from the statistics every driver gives.
    pub fn of_level(s: &LevelStats) -> Figures {
        let latency_us = match s.responses {
            0 => Vec::new(),
            _ => [
                (Quantile::P50, s.latency_p50_us),
                (Quantile::P90, s.latency_p90_us),
                (Quantile::P99, s.latency_p99_us),
                (Quantile::P999, s.latency_p99_9_us),
                (Quantile::Max, s.latency_max_us),
            ]
            .into_iter()
            .filter_map(|(q, v)| Some((q, v?.round() as u64)))
            .collect(),
        };
        let error_share = match (s.errors, s.non_2xx) {
            (None, None) => None,
            (errors, non_2xx) => {
                let errors = errors.unwrap_or(0);
                let attempts = s.requests_sent.unwrap_or(0).max(s.responses + errors);
                Some(crate::check::share(errors + non_2xx.unwrap_or(0), attempts))
            }
        };
        Figures {
            rate_per_s: Some(s.responses_per_s),
            error_share,
            latency_us,
        }
    }
}

/// Where and with what a run ran.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Environment {
    /// RFC 3339, UTC: `2024-05-01T12:00:00Z`.
    pub captured_at: String,
    pub hostname: String,
    /// `Linux 6.8.0-45-generic (x86_64)`.
    pub kernel: String,
    pub cpu_model: String,
    /// Online CPUs of the machine (not only those this process may use).
    pub cores: usize,
    pub memory_bytes: u64,
    /// The values of `SYSCTLS` that could be read, whitespace collapsed.
    pub sysctls: BTreeMap<String, String>,
    pub open_files_soft: u64,
    pub open_files_hard: u64,
    pub barrage_version: String,
    /// `git rev-parse HEAD` of the repository, `-dirty` appended when tracked files changed.
    pub git_commit: Option<String>,
    /// Server name -> version line. Left empty by `capture`: the runner fills it.
    pub server_versions: BTreeMap<String, String>,
}

/// One reading of the monitored tree. CPU and context switches are
/// cumulative since the monitor started; RSS, threads and processes are what
/// was running at `t_ms`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sample {
    /// Milliseconds since the monitor started.
    pub t_ms: u64,
    pub cpu_user_s: f64,
    pub cpu_sys_s: f64,
    /// Resident memory summed over the tree's processes (shared pages count once per process, as in ps).
    pub rss_bytes: u64,
    pub threads: u64,
    pub voluntary_switches: u64,
    pub involuntary_switches: u64,
    pub processes: u32,
}

/// A monitored window: its samples and its totals. Totals are deltas over the
/// window summed over the tree; a process that exited during the window
/// counts with the last values seen.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct MonitorReport {
    pub interval_ms: u64,
    pub samples: Vec<Sample>,
    pub cpu_user_s: f64,
    pub cpu_sys_s: f64,
    pub max_rss_bytes: u64,
    pub max_threads: u64,
    pub voluntary_switches: u64,
    pub involuntary_switches: u64,
}

/// What one request of a scenario got back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProbeResult {
    pub status: u16,
    /// `HTTP/1.1`, `HTTP/1.0`, `h2` or `h3`.
    pub version: String,
    /// Response header names, lower-case, in the order received.
    pub header_names: Vec<String>,
    /// Size of the head written as HTTP/1.1 text: status line, one
    /// `name: value\r\n` per header, and the blank line. For HTTP/1 this is
    /// the head's real size on the wire.
    pub header_bytes: usize,
    /// Body bytes received (after chunked decoding).
    pub body_bytes: usize,
    /// SHA-256 of the body, lower-case hex.
    pub body_sha256: String,
    /// How the body was delimited: `content-length`, `chunked`, `close`, `h2`
    /// or `h3`.
    pub framing: String,
    /// Why the response is wrong for the contract; empty when it is valid.
    pub problems: Vec<String>,
    /// Departures from the contract the server's manifest declares
    /// (`missing_headers`): recorded, not disqualifying.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deviations: Vec<String>,
}

impl ProbeResult {
    /// True when nothing is wrong for the contract.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// Moves the "no `NAME` header" problems of the headers a manifest
    /// declares missing (`missing_headers`) to `deviations`.
    pub fn excuse_missing_headers(&mut self, missing: &[String]) {
        let (excused, problems) =
            std::mem::take(&mut self.problems)
                .into_iter()
                .partition(|p: &String| {
                    missing
                        .iter()
                        .any(|name| *p == missing_header_problem(&name.to_ascii_lowercase()))
                });
        self.problems = problems;
        self.deviations = excused;
    }
}

/// The problem a response without the contract header `name` gets.
pub fn missing_header_problem(name: &str) -> String {
    format!("no `{name}` header")
}
