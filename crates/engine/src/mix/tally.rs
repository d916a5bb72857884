//! Each template's tally in a worker (a latency histogram of the
//! recorder's fixed bounds, status counts, errors), and the report's
//! `templates` section made from every worker's.

use std::collections::BTreeMap;

use hdrhistogram::Histogram;

use super::Mix;
use crate::recorder::{histogram, micros};
use barrage_model::load::{LatencyStats, TemplateReport};

/// One template's measured-phase counts in one worker.
#[derive(Debug, Clone)]
pub(crate) struct TemplateTally {
    pub latency_us: Histogram<u64>,
    /// Responses by status code (index: the code, below 1000).
    pub statuses: Vec<u64>,
    pub requests_sent: u64,
    pub closed_without_answer: u64,
    pub errors: u64,
}

impl TemplateTally {
    pub fn new() -> TemplateTally {
        TemplateTally {
            latency_us: histogram(),
            statuses: vec![0; 1000],
            requests_sent: 0,
            closed_without_answer: 0,
            errors: 0,
        }
    }

    #[inline]
    pub fn record(&mut self, latency: std::time::Duration, status: u16) {
        self.latency_us.saturating_record(micros(latency));
        self.statuses[usize::from(status) % 1000] += 1;
    }

    fn add(&mut self, o: &TemplateTally) {
        let _ = self.latency_us.add(&o.latency_us);
        for (a, b) in self.statuses.iter_mut().zip(&o.statuses) {
            *a += b;
        }
        self.requests_sent += o.requests_sent;
        self.closed_without_answer += o.closed_without_answer;
        self.errors += o.errors;
    }
}

/// The report's `templates` section: every worker's tallies summed per
/// template; empty when the run has fewer than two templates.
pub(crate) fn reports<'a>(
    mix: Option<&Mix>,
    workers: impl Iterator<Item = &'a [TemplateTally]>,
) -> Vec<TemplateReport> {
    let Some(mix) = mix.filter(|m| m.entries.len() > 1) else {
        return Vec::new();
    };
    let mut sums: Vec<TemplateTally> = mix.entries.iter().map(|_| TemplateTally::new()).collect();
    for tallies in workers {
        for (sum, t) in sums.iter_mut().zip(tallies) {
            sum.add(t);
        }
    }
    mix.entries
        .iter()
        .zip(sums)
        .map(|(e, t)| {
            let status_counts: BTreeMap<String, u64> = t
                .statuses
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(code, &n)| (code.to_string(), n))
                .collect();
            let bad = |code: &String| !(200..400).contains(&code.parse::<u16>().unwrap_or(0));
            TemplateReport {
                name: e.name.clone(),
                weight: e.weight,
                requests_sent: t.requests_sent,
                responses: status_counts.values().sum(),
                responses_not_2xx_3xx: status_counts
                    .iter()
                    .filter(|(c, _)| bad(c))
                    .map(|(_, n)| n)
                    .sum(),
                closed_without_answer: t.closed_without_answer,
                errors: t.errors,
                status_counts,
                latency_us: LatencyStats::from_histogram(&t.latency_us),
                histogram_us: t.latency_us,
            }
        })
        .collect()
}
