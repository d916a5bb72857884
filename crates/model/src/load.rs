//! The result of one load run ([`RunReport`]): everything measured, in units
//! named on every field, read and written as barrage's versioned JSON
//! (`barrage.load/1`, docs/json.md). The engine produces it, the lab stores
//! it in results.json, the reports read it, and [`RunReport::merge`] combines
//! the reports of loads run side by side (several workers or hosts).
//!
//! This module holds the report and its run-level parts; the rest lives
//! beside it: the load as asked for (`spec`), the measured statistics
//! (`stats`), the rate schedule and its stages (`schedule`), what TLS, HTTP/2 and HTTP/3 saw (`protocol`), the protocol
//! and scheme a run spoke (`wire`), and the merge of side-by-side reports
//! (`merge`).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::check::CheckResult;
use crate::client_bound::ClientBoundReport;
use crate::LoadError;

mod merge;
mod protocol;
mod schedule;
mod spec;
mod stats;
mod templates;
mod wire;

pub use protocol::{
    grpc_code_name, GrpcReport, GrpcStatusCount, H2Events, H2Report, H3Report, TlsReport, WsReport,
};
pub use schedule::{Schedule, Stage, StageReport, MAX_STAGES};
pub use spec::{
    ArrivalKind, GrpcShape, GrpcSpecSummary, GrpcUnit, IoKind, ModelKind, Scheme, SpecSummary,
    WsMode, WsSpecSummary,
};
pub use stats::{
    ConnectionStats, ErrorCount, Histograms, LatencyStats, OpenLoopStats, Second, SessionStats,
    Totals,
};
pub use templates::TemplateReport;
pub use wire::WireSummary;

/// The JSON schema name and version of [`RunReport`]. Fields are added
/// within a version (docs/json.md): `histograms.send_delay_us` came later
/// than the rest, so a report without it still reads.
pub const SCHEMA: &str = "barrage.load/1";

/// Why a run ended. Ordered by precedence: the merge of several runs ends
/// for the greatest reason among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The request budget (`-n`) was spent and answered.
    Requests,
    /// Every session was run.
    Sessions,
    /// The duration ran out.
    Duration,
    /// Nothing connected or answered for a whole timeout, while errors kept coming.
    Unreachable,
    /// Stopped from outside (Ctrl-C).
    Interrupted,
    /// The load script ended it: a hook failed (the message is in
    /// `script_error`), or every thread called `thread:stop()`.
    Script,
}

impl StopReason {
    /// The name in the JSON: `requests`, `sessions`, `duration`, `unreachable`,
    /// `interrupted`, `script`.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Requests => "requests",
            StopReason::Sessions => "sessions",
            StopReason::Duration => "duration",
            StopReason::Unreachable => "unreachable",
            StopReason::Interrupted => "interrupted",
            StopReason::Script => "script",
        }
    }
}

/// A full run report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    /// [`SCHEMA`] when written by this version.
    pub schema: String,
    pub barrage_version: String,
    pub target: TargetReport,
    pub spec: SpecSummary,
    pub stop_reason: StopReason,
    /// A load script's hook failed during the run (`stop_reason` is
    /// `script`): its message, one line with the script's file and line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script_error: Option<String>,
    /// Wall-clock time (Unix milliseconds) at which the measured phase
    /// began: what aligns the per-second series of reports merged from
    /// several processes or hosts. Absent in reports written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured_from_unix_ms: Option<u64>,
    pub totals: Totals,
    /// Response time: from the request's intended start (open loop) or its
    /// send (closed loop, sessions) to the last byte of its response.
    pub latency_us: LatencyStats,
    /// TCP connect time: from `connect()` to the socket being writable.
    pub connect_us: LatencyStats,
    pub connections: ConnectionStats,
    /// `https://` runs: what TLS the handshakes settled and how long they took.
    pub tls: Option<TlsReport>,
    /// HTTP/2 runs: connections by protocol, and frames counted by kind.
    pub h2: Option<H2Report>,
    /// HTTP/3 runs: connections, and stream and connection events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h3: Option<H3Report>,
    /// WebSocket runs: upgrades, messages and frames each way, close codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ws: Option<WsReport>,
    /// gRPC runs: calls by `grpc-status`, messages each way, per-call and
    /// per-message latency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc: Option<GrpcReport>,
    pub open_loop: Option<OpenLoopStats>,
    pub sessions: Option<SessionStats>,
    /// Responses by status code (measured phase).
    pub status_counts: BTreeMap<String, u64>,
    /// Errors by kind (`connect`, `read`, `write`, `timeout`, `reset`,
    /// `protocol`, `tls`, `stream`), each with the first message seen.
    pub errors: BTreeMap<String, ErrorCount>,
    /// One entry per second of the measured phase.
    pub series: Vec<Second>,
    /// A run whose rate followed a schedule of stages (`-R` or
    /// `--conn-rate` with stages): each stage's figures. Empty (and absent
    /// from the JSON) for a constant rate and the closed loop.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<StageReport>,
    /// The merged histograms, for exact re-merging later.
    pub histograms: Histograms,
    /// A run with several request templates (a weighted mix): each one's
    /// latency, status counts and errors beside the totals. Empty (and
    /// absent from the JSON) when the run has one template.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub templates: Vec<TemplateReport>,
    /// A run split over agents (`barrage load --agents`): each agent's part,
    /// clock and start. Absent in a run on one process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agents: Option<AgentsReport>,
    /// Whether the run was the client's fault, as `barrage load` judged
    /// its own process at the end (docs/load.md, "When is a run
    /// client-bound?"). Absent where nobody judged it (an agent's part,
    /// older reports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_bound: Option<ClientBoundReport>,
    /// `--check`: each threshold, the figure it read and whether it held
    /// (docs/load.md, "Checks"). Absent without `--check`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<CheckResult>,
}

/// How a run split over agents started, and what each part did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentsReport {
    /// The start instant every agent was given (controller's clock, Unix µs).
    pub start_at_unix_us: u64,
    /// The latest agent's measured window began this long after the
    /// earliest one's (both on the controller's clock).
    pub start_skew_us: u64,
    pub hosts: Vec<AgentReport>,
}

/// One agent's part of a split run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentReport {
    /// As the inventory or `--agents` names it (`local`, `ssh://…`).
    pub host: String,
    /// The agent's clock minus the controller's (NTP's estimate from the
    /// round trip with the lowest delay).
    pub clock_offset_us: i64,
    /// That round trip's delay.
    pub clock_delay_us: u64,
    /// When its measured window began, on the controller's clock, after
    /// the earliest agent's.
    pub started_after_us: u64,
    pub requests_sent: u64,
    pub responses: u64,
    pub errors: u64,
    pub latency_p99_us: f64,
    /// CPU the agent process used during the run (user + system seconds).
    pub cpu_s: f64,
    pub stop_reason: StopReason,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetReport {
    pub url: String,
    pub address: String,
}

impl RunReport {
    /// Reads a report from its JSON. A schema this version does not read
    /// says which wrote it; a missing or mistyped field names its path.
    pub fn from_json(text: &str) -> Result<RunReport, LoadError> {
        crate::from_json(text, &[SCHEMA], "a `barrage load --json` report")
    }

    /// The report as pretty JSON, as `barrage load --json` writes it.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always encodes")
    }
}

macro_rules! display_by_name {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    )*};
}

display_by_name!(StopReason, ModelKind, Scheme, ArrivalKind, WsMode);

#[cfg(test)]
mod tests;
