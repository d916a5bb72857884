//! The efficiency tables: per scenario with `efficiency` (one open-loop
//! level at a rate every server holds), each server variant's CPU per
//! response over its repeats, ranked lowest first, with the latency and
//! the memory beside it. A level at the client's ceiling, or one that did
//! not reach its rate, ranks nothing: its number is not the server's
//! efficiency at that rate.

use crate::limit::LimitKind;
use crate::results::{Results, RunRecord};

use super::{by_variant, median, ordered, rank_by, suite_scenarios};

/// One server variant's fixed-rate levels in one scenario.
#[derive(Debug, Clone)]
pub struct EfficiencyRow<'a> {
    pub row: String,
    pub runs: Vec<&'a RunRecord>,
}

impl EfficiencyRow<'_> {
    /// The repeats that measured the server at the rate: numbers, the
    /// rate reached, the client not at its limit.
    fn valid(&self) -> impl Iterator<Item = &&RunRecord> {
        self.runs.iter().filter(|x| {
            x.stats.is_some()
                && x.error.is_none()
                && !x.client_bound
                && x.limit
                    .as_ref()
                    .is_none_or(|l| l.kind == LimitKind::Nothing)
        })
    }

    /// The server's CPU (user + system of its process tree) per response,
    /// µs, of each valid repeat.
    pub fn cpu_per_response_us(&self) -> Vec<f64> {
        self.valid()
            .filter_map(|x| {
                let s = x.stats.as_ref()?;
                let u = &x.server_usage;
                (s.responses > 0 && !u.samples.is_empty())
                    .then(|| (u.cpu_user_s + u.cpu_sys_s) * 1e6 / s.responses as f64)
            })
            .collect()
    }

    /// The median CPU per response over the valid repeats.
    pub fn median(&self) -> Option<f64> {
        median(&self.cpu_per_response_us())
    }

    /// Median of a figure of the valid repeats' statistics.
    pub fn median_of(&self, f: impl Fn(&RunRecord) -> Option<f64>) -> Option<f64> {
        let v: Vec<f64> = self.valid().filter_map(|x| f(x)).collect();
        median(&v)
    }

    /// Why a repeat ranks nothing: each one's limit or error, once.
    pub fn excluded(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for x in &self.runs {
            let why = match (&x.error, &x.limit) {
                (Some(e), _) => format!("failed: {}", e.lines().next().unwrap_or("")),
                (None, _) if x.stats.is_none() => "no numbers".into(),
                (None, Some(l)) if l.kind != LimitKind::Nothing || x.client_bound => l.to_string(),
                (None, None) if x.client_bound => "client-bound".into(),
                _ => continue,
            };
            if !out.contains(&why) {
                out.push(why);
            }
        }
        out
    }
}

/// The efficiency tables: per scenario with `efficiency`, in the suite's
/// order, its server variants ranked by median CPU per response, lowest
/// first (variants without a valid repeat last, in the suite's order).
pub fn efficiencies(r: &Results) -> Vec<(String, f64, Vec<EfficiencyRow<'_>>)> {
    let scenarios = ordered(
        suite_scenarios(r),
        r.runs.iter().map(|x| x.scenario.clone()),
    );
    let mut out = Vec::new();
    for scenario in scenarios {
        let Some(spec) = r
            .suite
            .scenarios
            .iter()
            .find(|s| s.name == scenario)
            .and_then(|s| s.efficiency)
        else {
            continue;
        };
        let runs: Vec<&RunRecord> = r.runs.iter().filter(|x| x.scenario == scenario).collect();
        if runs.is_empty() {
            continue;
        }
        let mut rows: Vec<EfficiencyRow<'_>> = by_variant(r, &runs)
            .into_iter()
            .map(|(row, runs)| EfficiencyRow { row, runs })
            .collect();
        rank_by(&mut rows, true, |row| row.median());
        out.push((scenario, spec.rate, rows));
    }
    out
}
