//! A capacity search's record (`barrage load --find-max`, schema
//! `barrage.search/1`, docs/json.md): the service-level objective, each
//! step with its verdict, and the outcome. The search itself and the
//! judging of a step are `barrage_engine::search`; the lab keeps a search's
//! record in its results and the report reads it from there.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::check::measured_us;
use crate::check::CheckResult;
use crate::client_bound::Reason;
use crate::load::{LatencyStats, RunReport};

/// A latency figure of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantile {
    P50,
    P90,
    P99,
    #[serde(rename = "p99.9")]
    P999,
    Max,
}

impl Quantile {
    /// Every figure, lowest first.
    pub const ALL: [Quantile; 5] = [
        Quantile::P50,
        Quantile::P90,
        Quantile::P99,
        Quantile::P999,
        Quantile::Max,
    ];

    /// `p50`, `p90`, `p99`, `p99.9`, `max`.
    pub fn name(self) -> &'static str {
        match self {
            Quantile::P50 => "p50",
            Quantile::P90 => "p90",
            Quantile::P99 => "p99",
            Quantile::P999 => "p99.9",
            Quantile::Max => "max",
        }
    }

    /// This figure of `r`'s latency, microseconds.
    pub fn of(self, r: &RunReport) -> u64 {
        self.of_stats(&r.latency_us)
    }

    /// The quantile of any latency figures (a run's send delays, say).
    pub fn of_stats(self, l: &LatencyStats) -> u64 {
        match self {
            Quantile::P50 => l.p50,
            Quantile::P90 => l.p90,
            Quantile::P99 => l.p99,
            Quantile::P999 => l.p99_9,
            Quantile::Max => l.max,
        }
    }
}

/// One objective of an SLO.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Objective {
    /// The step's `quantile` at most `max_us` microseconds.
    Latency { quantile: Quantile, max_us: u64 },
    /// Errors (and non-2xx/3xx responses) at most this share of requests.
    Errors { max_share: f64 },
}

/// A service-level objective: every objective must hold.
/// Written `p99<=10ms,errors<=0.1%` (docs/load.md), and read by the one
/// objective syntax `--check` shares ([`crate::check`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Slo {
    pub objectives: Vec<Objective>,
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Objective::Latency { quantile, max_us } => {
                write!(f, "{}<={}", quantile.name(), human_us(*max_us))
            }
            Objective::Errors { max_share } => write!(f, "errors<={}%", max_share * 100.0),
        }
    }
}

impl fmt::Display for Slo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.objectives.iter().map(|o| o.to_string()).collect();
        write!(f, "{}", parts.join(","))
    }
}

/// A bound as written in an SLO: `10ms`, `1s`, `250us`.
pub fn human_us(us: u64) -> String {
    if us / 1_000_000 * 1_000_000 == us {
        format!("{}s", us / 1_000_000)
    } else if us / 1000 * 1000 == us {
        format!("{}ms", us / 1000)
    } else {
        format!("{us}us")
    }
}

/// Whether one step passed, and why not.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub pass: bool,
    /// Every reason it failed (empty when it passed).
    pub reasons: Vec<String>,
    /// The step was the client's fault by at least one of
    /// `client_bound_reasons` (or the sessions' schedule alone slipped): a
    /// failure may be the client's, not the server's.
    pub client_bound: bool,
    /// Which reasons of the client-bound rule held (docs/load.md, "When is
    /// a run client-bound?"): `cpu`, `send_delay`, `offer`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub client_bound_reasons: Vec<Reason>,
    /// The verdict hinged on a figure within noise of its objective (a
    /// latency bound within 25% of it): the search runs the rate again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub marginal: bool,
}

/// One step as recorded (`barrage.search/1`, docs/json.md).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// From 1.
    pub step: u32,
    pub offered_per_s: f64,
    pub achieved_per_s: f64,
    /// A failing step: what the server delivered per second all the same,
    /// its own backlog included (estimated from the bytes read; it steers
    /// the search, see `served_rate` in barrage_engine::search).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub served_per_s: Option<f64>,
    pub p50_us: u64,
    /// Absent in records written before it was kept, and in a step the
    /// client refused to run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p90_us: Option<u64>,
    pub p99_us: u64,
    pub p99_9_us: u64,
    pub max_us: u64,
    /// Errors and responses outside 200–399.
    pub errors: u64,
    pub requests_sent: u64,
    /// Sent later than the late threshold after their intended time, or never.
    pub late: u64,
    /// The client's CPU over the step as a share of its worker threads' cores.
    pub client_cpu_share: Option<f64>,
    /// The share of those cores' time the client's threads were ready to
    /// run but waited for a core (Linux schedstat; None when unknown): with
    /// the CPU share, how much of its cores the client wanted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_wait_share: Option<f64>,
    /// The client's own send delay p99, microseconds: how late the
    /// requests that found a connection free were sent (an open loop's
    /// `open_loop.client_delay_us.p99`; None for sessions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_delay_p99_us: Option<u64>,
    /// The step's measured window when it differs from the search's
    /// `step_duration_s` (steps near the knee are longer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_s: Option<f64>,
    /// After this step the server had fallen behind: how long the search
    /// then waited, without load but for probes, for it to answer promptly
    /// again, seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_s: Option<f64>,
    /// A second run of the step before at the same rate (whose verdict was
    /// marginal); the rate passes only when both did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
    /// The run that confirms the answer.
    pub confirm: bool,
    pub verdict: Verdict,
}

/// A whole search (`barrage load --find-max --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    /// [`SEARCH_SCHEMA`].
    pub schema: String,
    pub barrage_version: String,
    pub url: String,
    pub slo: Slo,
    pub limits: Limits,
    /// Each step's measured window and its warm-up, seconds (sessions: the
    /// window in which they arrive, no warm-up).
    pub step_duration_s: f64,
    pub step_warmup_s: f64,
    /// A search of the session rate: each session's calls (rates are then
    /// sessions per second).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calls_per_session: Option<u32>,
    pub steps: Vec<StepRecord>,
    pub outcome: Outcome,
    /// The client's ceiling the steps were judged against, and how it was
    /// had (docs/load.md, "The client's ceiling"); none: not known (the
    /// target on another machine, or `--client-ceiling off`), and the
    /// client-bound rule judged by the client's CPU, send delay and offer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_ceiling: Option<ClientCeiling>,
    /// The precision the answer holds to: `limits.precision`, widened
    /// (doubled, up to 10%) each time one rate both passed and failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
    /// The search was stopped from outside (Ctrl-C).
    pub interrupted: bool,
    pub elapsed_s: f64,
    /// `--check`, judged against the answer ([`crate::check::Figures::of_search`]):
    /// each threshold, the figure it read and whether it held. Absent
    /// without `--check`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<CheckResult>,
}

impl SearchReport {
    /// The step that gave the answer: a passing step at the rate the
    /// outcome names, its confirmation when it has one (else the last);
    /// none when the search found no rate.
    pub fn answer_step(&self) -> Option<&StepRecord> {
        let rate = match self.outcome {
            Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => rate,
            Outcome::BelowMin { .. } => return None,
        };
        let mut at_rate = self
            .steps
            .iter()
            .rev()
            .filter(|s| s.verdict.pass && s.offered_per_s == rate);
        let last = at_rate.clone().next();
        at_rate.find(|s| s.confirm).or(last)
    }
}

/// The client's ceiling a search was judged against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClientCeiling {
    /// Per second (requests, or sessions).
    pub rate_per_s: f64,
    /// How it was had: `measured against barrage serve on cores 1` or
    /// `given with --client-ceiling`.
    pub how: String,
}

/// The schema name of [`SearchReport`].
pub const SEARCH_SCHEMA: &str = "barrage.search/1";

/// The search's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    pub min_rate: f64,
    pub max_rate: f64,
    /// The answer is within this share of the true capacity (0.02: 2%).
    pub precision: f64,
    /// Each passing growth step multiplies the rate by this.
    pub growth: f64,
    /// Steps at most, the confirmation included.
    pub max_steps: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            min_rate: 10.0,
            max_rate: 1_000_000.0,
            precision: 0.02,
            growth: 10.0,
            max_steps: 20,
        }
    }
}

/// Why a search ended without an exact answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// The highest rate allowed passed.
    MaxRate,
    /// A failure came with the client saturated.
    ClientBound,
    /// The step limit (or the caller's time limit) came first.
    Steps,
    /// The step limit came first after the verdicts near the answer both
    /// passed and failed at one rate (pauses of the server or the machine
    /// longer than a step can average out): the highest rate under every
    /// failure (it passed each time it ran), with the noise stated.
    Noisy,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    /// The highest rate that passed, confirmed, within the precision.
    Capacity { rate: f64 },
    /// At least this rate is sustained; how much more is unknown.
    AtLeast { rate: f64, bound: Bound },
    /// Even the lowest rate failed.
    BelowMin { min_rate: f64 },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Capacity { rate } => write!(f, "{rate:.0}/s"),
            Outcome::AtLeast { rate, bound } => write!(
                f,
                "≥ {rate:.0}/s ({})",
                match bound {
                    Bound::MaxRate => "max-rate reached",
                    Bound::ClientBound => "client-bound",
                    Bound::Steps => "step or time limit",
                    Bound::Noisy => "noisy: verdicts near it both passed and failed",
                }
            ),
            Outcome::BelowMin { min_rate } => write!(f, "below min-rate {min_rate:.0}/s"),
        }
    }
}
