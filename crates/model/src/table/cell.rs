//! A table's cell: the repeats of one server variant at one level, the
//! numbers taken from them ([`Metric`]), their medians, sums and marks.

use crate::client_bound::Reason;
use crate::results::{LevelStats, RunRecord};
use crate::search::Outcome;

use super::{median, min_max};

/// A number of a level's statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    ResponsesPerS,
    P50,
    P90,
    P99,
    P999,
    /// Failed requests: errors (no response) and responses outside
    /// 200–399, as a percentage of the requests (the share an SLO's
    /// `errors<=` bounds, in %).
    Errors,
    /// The load generator's CPU per response, µs.
    ClientCpu,
    /// A search's answer: the capacity, or the rate sustained at least.
    Capacity,
}

impl Metric {
    /// Every metric, in the order comparisons list them.
    pub const ALL: [Metric; 8] = [
        Metric::ResponsesPerS,
        Metric::P50,
        Metric::P90,
        Metric::P99,
        Metric::P999,
        Metric::Errors,
        Metric::ClientCpu,
        Metric::Capacity,
    ];

    pub fn of(self, x: &RunRecord) -> Option<f64> {
        let st = x.stats.as_ref();
        match self {
            Metric::ResponsesPerS => st.map(|s| s.responses_per_s),
            Metric::P50 => st.and_then(|s| s.latency_p50_us),
            Metric::P90 => st.and_then(|s| s.latency_p90_us),
            Metric::P99 => st.and_then(|s| s.latency_p99_us),
            Metric::P999 => st.and_then(|s| s.latency_p99_9_us),
            Metric::Errors => st.and_then(error_percent),
            Metric::ClientCpu => st.and(x.client.cpu_per_response_us),
            Metric::Capacity => match x.search.as_ref()?.outcome {
                Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => Some(rate),
                Outcome::BelowMin { .. } => None,
            },
        }
    }

    /// The name a gate (`--fail-on rate<-5%`) or a history names it by:
    /// `rate`, `p50`, `p90`, `p99`, `p99.9`, `errors`, `cpu`, `capacity`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::ResponsesPerS => "rate",
            Metric::P50 => "p50",
            Metric::P90 => "p90",
            Metric::P99 => "p99",
            Metric::P999 => "p99.9",
            Metric::Errors => "errors",
            Metric::ClientCpu => "cpu",
            Metric::Capacity => "capacity",
        }
    }

    /// The metric of that [`Metric::name`].
    pub fn named(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Lower values are better (latencies, errors, CPU).
    pub fn lower_is_better(self) -> bool {
        !matches!(self, Metric::ResponsesPerS | Metric::Capacity)
    }

    /// A percentage already: its changes are differences in percentage
    /// points, not percentages of a baseline that is often 0.
    pub fn is_percent(self) -> bool {
        self == Metric::Errors
    }
}

/// Errors and responses outside 200–399 as a percentage of the requests
/// (those sent, or at least the responses and errors); `None` when the
/// tool counts neither errors nor statuses, or nothing was sent.
fn error_percent(s: &LevelStats) -> Option<f64> {
    if s.errors.is_none() && s.non_2xx.is_none() {
        return None;
    }
    let errors = s.errors.unwrap_or(0);
    let bad = errors + s.non_2xx.unwrap_or(0);
    let all = s.requests_sent.unwrap_or(0).max(s.responses + errors);
    (all > 0).then(|| bad as f64 * 100.0 / all as f64)
}

/// The repeats of one server variant at one level (one scenario, one driver).
#[derive(Debug, Clone)]
pub struct Cell<'a> {
    pub runs: Vec<&'a RunRecord>,
}

impl Cell<'_> {
    /// Some run of the cell had its percentiles summed away (summaries from
    /// several client hosts): a percentile is "not mergeable", not missing.
    pub fn not_mergeable(&self) -> bool {
        self.runs.iter().any(|r| r.latency_not_mergeable)
    }

    /// Nothing was run.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The metric of each repeat that has it (a finite value), by repeat:
    /// the values [`Cell::median`] is the median of.
    pub fn values(&self, m: Metric) -> Vec<f64> {
        self.runs
            .iter()
            .filter_map(|x| m.of(x))
            .filter(|v| v.is_finite())
            .collect()
    }

    /// The median of a metric over the repeats that have it.
    pub fn median(&self, m: Metric) -> Option<f64> {
        median(&self.values(m))
    }

    /// The lowest and the highest value of a metric over the repeats that
    /// have it (the spread the median is taken from).
    pub fn range(&self, m: Metric) -> Option<(f64, f64)> {
        min_max(&self.values(m))
    }

    /// Some repeat was the client's fault (the client-bound rule).
    pub fn client_bound(&self) -> bool {
        self.runs.iter().any(|x| x.client_bound)
    }

    /// Why some repeat was client-bound: `client-bound`, with the rule's
    /// reasons when the records name them (`client-bound: cpu, send_delay`);
    /// None when no repeat was.
    pub fn client_bound_note(&self) -> Option<String> {
        if !self.client_bound() {
            return None;
        }
        let mut reasons: Vec<Reason> = self
            .runs
            .iter()
            .flat_map(|x| x.client_bound_reasons.iter().copied())
            .collect();
        reasons.sort();
        reasons.dedup();
        let names: Vec<&str> = reasons.iter().map(|r| r.name()).collect();
        Some(match names.is_empty() {
            true => "client-bound".into(),
            false => format!("client-bound: {}", names.join(", ")),
        })
    }

    /// Every repeat failed (no statistics at all).
    pub fn failed(&self) -> bool {
        !self.runs.is_empty() && self.runs.iter().all(|x| x.stats.is_none())
    }

    /// Why the level's numbers are not to be trusted as a server's
    /// throughput: errors, timeouts or non-2xx responses in some repeat, or
    /// a repeat without statistics. Empty when valid.
    pub fn invalid_reasons(&self) -> Vec<String> {
        let mut out = Vec::new();
        let errors = self.sum(|s| s.errors);
        let timeouts = self.sum(|s| s.timeouts);
        let non_2xx = self.sum(|s| s.non_2xx);
        if errors.unwrap_or(0) > 0 {
            out.push(format!("{} errors", errors.unwrap_or(0)));
        }
        if timeouts.unwrap_or(0) > 0 {
            out.push(format!("{} timeouts", timeouts.unwrap_or(0)));
        }
        if non_2xx.unwrap_or(0) > 0 {
            out.push(format!("{} non-2xx responses", non_2xx.unwrap_or(0)));
        }
        let failed = self.runs.iter().filter(|x| x.stats.is_none()).count();
        if failed > 0 {
            out.push(format!(
                "{failed} of {} repeats without numbers",
                self.runs.len()
            ));
        }
        out
    }

    pub fn invalid(&self) -> bool {
        !self.invalid_reasons().is_empty()
    }

    /// The marks after a cell's number: `*` when client-bound, `!` when
    /// invalid ([`Cell::invalid_reasons`]).
    pub fn marks(&self) -> &'static str {
        match (self.client_bound(), self.invalid()) {
            (true, true) => "*!",
            (true, false) => "*",
            (false, true) => "!",
            (false, false) => "",
        }
    }

    /// A count summed over the repeats that give it; `None` when none does.
    pub fn sum(&self, f: impl Fn(&LevelStats) -> Option<u64>) -> Option<u64> {
        let v: Vec<u64> = self
            .runs
            .iter()
            .filter_map(|x| x.stats.as_ref())
            .filter_map(f)
            .collect();
        if v.is_empty() {
            None
        } else {
            Some(v.iter().sum())
        }
    }
}
