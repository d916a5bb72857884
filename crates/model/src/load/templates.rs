//! Per-request-template results of a run with several templates (a
//! weighted mix, `barrage load --mix`): each template's latency histogram,
//! status counts and errors beside the run's totals, and their merge.

use std::collections::BTreeMap;

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};

use super::LatencyStats;
use crate::histogram;

/// One request template's share of a run. Its counts are a part of the
/// totals': `requests_sent`, `responses`, `responses_not_2xx_3xx` and the
/// status counts sum over templates to the run's; `errors` sum to at most
/// the run's (a connect error belongs to no template).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TemplateReport {
    /// As the mix file names it (default `METHOD PATH`, without the query).
    pub name: String,
    /// Its weight in the mix: it is sent `weight / sum of weights` of the time.
    pub weight: u32,
    /// Requests of this template written in the measured phase.
    pub requests_sent: u64,
    /// Complete responses to it, whatever their status.
    pub responses: u64,
    /// Responses with a status outside 200–399.
    pub responses_not_2xx_3xx: u64,
    /// Raw templates: the server closed (or reset) the connection without
    /// an answer. Expected of a server that drops a bad request, so counted
    /// here and not as an error.
    #[serde(default)]
    pub closed_without_answer: u64,
    /// Errors that ended a request of this template: a transport error on
    /// its connection while it was the oldest in flight, a timeout, or a
    /// stream reset.
    pub errors: u64,
    /// Responses by status code.
    pub status_counts: BTreeMap<String, u64>,
    /// From the request's intended start to the last byte of its response.
    pub latency_us: LatencyStats,
    /// The latency histogram (microseconds), for exact merging.
    #[serde(with = "histogram::base64")]
    pub histogram_us: Histogram<u64>,
}

impl TemplateReport {
    /// Adds `o`, the same template's part of load run beside this one.
    pub fn merge(&mut self, o: &TemplateReport) {
        self.requests_sent += o.requests_sent;
        self.responses += o.responses;
        self.responses_not_2xx_3xx += o.responses_not_2xx_3xx;
        self.closed_without_answer += o.closed_without_answer;
        self.errors += o.errors;
        for (code, n) in &o.status_counts {
            *self.status_counts.entry(code.clone()).or_insert(0) += n;
        }
        histogram::add(&mut self.histogram_us, &o.histogram_us);
        self.latency_us = LatencyStats::from_histogram(&self.histogram_us);
    }
}

/// Adds `theirs` template by template, matched by position and name (the
/// same mix file gives both); a template only one side has is kept as is.
pub(super) fn merge_templates(mine: &mut Vec<TemplateReport>, theirs: &[TemplateReport]) {
    for (i, t) in theirs.iter().enumerate() {
        match mine.get_mut(i).filter(|m| m.name == t.name) {
            Some(m) => m.merge(t),
            None => match mine.iter_mut().find(|m| m.name == t.name) {
                Some(m) => m.merge(t),
                None => mine.push(t.clone()),
            },
        }
    }
}
