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
    P99,
    P999,
    /// The load generator's CPU per response, µs.
    ClientCpu,
    /// A search's answer: the capacity, or the rate sustained at least.
    Capacity,
}

impl Metric {
    pub fn of(self, x: &RunRecord) -> Option<f64> {
        let st = x.stats.as_ref();
        match self {
            Metric::ResponsesPerS => st.map(|s| s.responses_per_s),
            Metric::P50 => st.and_then(|s| s.latency_p50_us),
            Metric::P99 => st.and_then(|s| s.latency_p99_us),
            Metric::P999 => st.and_then(|s| s.latency_p99_9_us),
            Metric::ClientCpu => st.and(x.client.cpu_per_response_us),
            Metric::Capacity => match x.search.as_ref()?.outcome {
                Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => Some(rate),
                Outcome::BelowMin { .. } => None,
            },
        }
    }
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
