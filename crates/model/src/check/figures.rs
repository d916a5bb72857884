//! The figures a check reads of a run, however it was measured: a
//! `barrage load` report, a suite level's statistics (any driver), or a
//! capacity search's answer. What a source does not give is absent, never
//! a made-up zero. A level's figures are read beside its statistics
//! (`Figures::of_level`, results.rs), which the suite's types import.

use crate::load::RunReport;
use crate::search::{Quantile, SearchReport};

/// What a check reads.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figures {
    /// Responses per second of the measured window (a search: the
    /// capacity found, per second).
    pub rate_per_s: Option<f64>,
    /// Errors and responses outside 200–399, as a share of the requests
    /// (0.001 is 0.1%).
    pub error_share: Option<f64>,
    /// The latency figures measured, microseconds. A quantile absent here
    /// was not: no responses, or a tool that does not report it.
    pub latency_us: Vec<(Quantile, u64)>,
}

impl Figures {
    /// `quantile`'s figure, if it was measured.
    pub fn latency(&self, quantile: Quantile) -> Option<u64> {
        self.latency_us
            .iter()
            .find(|(q, _)| *q == quantile)
            .map(|(_, v)| *v)
    }

    /// A `barrage load` run's figures (latency only when something answered).
    pub fn of_run(r: &RunReport) -> Figures {
        let latency_us = match r.totals.responses {
            0 => Vec::new(),
            _ => Quantile::ALL.iter().map(|q| (*q, q.of(r))).collect(),
        };
        Figures {
            rate_per_s: Some(r.totals.responses_per_s),
            error_share: Some(error_share(r)),
            latency_us,
        }
    }

    /// A capacity search's answer: the capacity found as the rate, and the
    /// latency and errors of the step that gave it (its confirmation). No
    /// figure at all when the search found no rate.
    pub fn of_search(s: &SearchReport) -> Figures {
        let Some(step) = s.answer_step() else {
            return Figures::default();
        };
        let latency_us = [
            (Quantile::P50, Some(step.p50_us)),
            (Quantile::P90, step.p90_us),
            (Quantile::P99, Some(step.p99_us)),
            (Quantile::P999, Some(step.p99_9_us)),
            (Quantile::Max, Some(step.max_us)),
        ]
        .into_iter()
        .filter_map(|(q, v)| Some((q, v?)))
        .collect();
        Figures {
            rate_per_s: Some(step.offered_per_s),
            // A step records its errors and responses outside 200–399
            // together, and the requests it sent.
            error_share: Some(share(step.errors, step.requests_sent.max(step.errors))),
            latency_us,
        }
    }
}

/// Errors and responses outside 200–399 as a share of the requests: of
/// those sent, or of those answered or failed when more (connections that
/// failed before a request was sent count too). What `--slo`'s and
/// `--check`'s `errors` read.
pub fn error_share(r: &RunReport) -> f64 {
    let t = &r.totals;
    share(
        t.errors + t.responses_not_2xx_3xx,
        t.requests_sent.max(t.responses + t.errors),
    )
}

/// `bad` of `attempts` (none: 0).
pub(crate) fn share(bad: u64, attempts: u64) -> f64 {
    bad as f64 / attempts.max(1) as f64
}
