//! The capacity tables: per search scenario, each server variant's
//! searches, their answers and why an answer is only a lower bound.

use crate::results::{Results, RunRecord};
use crate::search::{Bound, Outcome};

use super::{by_variant, median, ordered, rank_by, suite_scenarios};

/// One server variant's capacity searches in one scenario (a row of the
/// capacity table): every repeat's search.
#[derive(Debug, Clone)]
pub struct CapacityRow<'a> {
    pub row: String,
    pub runs: Vec<&'a RunRecord>,
}

impl CapacityRow<'_> {
    /// The answer of each repeat that has one: its capacity, or the rate
    /// it sustained at least (see [`CapacityRow::bounded`]); a search
    /// below its lowest rate gives none.
    pub fn rates(&self) -> Vec<f64> {
        self.runs
            .iter()
            .filter_map(|x| match x.search.as_ref()?.outcome {
                Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => Some(rate),
                Outcome::BelowMin { .. } => None,
            })
            .collect()
    }

    /// The median answer over repeats.
    pub fn median(&self) -> Option<f64> {
        median(&self.rates())
    }

    /// Why some repeat's answer is only a lower bound (client-bound, the
    /// highest rate, the step or time limit), or none at all.
    pub fn bounded(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for x in &self.runs {
            let why = match (&x.search, &x.error) {
                (_, Some(e)) => format!("failed: {}", e.lines().next().unwrap_or("")),
                (None, None) => "no search record".into(),
                (Some(s), None) => match s.outcome {
                    Outcome::Capacity { .. } if s.interrupted => "interrupted".into(),
                    Outcome::AtLeast {
                        bound: Bound::ClientBound,
                        ..
                    } if s.client_ceiling.is_some() => format!(
                        "{} at the client's ceiling, {:.0}/s",
                        s.outcome,
                        s.client_ceiling.as_ref().map_or(0.0, |c| c.rate_per_s)
                    ),
                    Outcome::Capacity { .. } => match s.tolerance {
                        Some(t) => format!("to {:.0}% (noisy verdicts)", t * 100.0),
                        None => continue,
                    },
                    o => o.to_string(),
                },
            };
            if !out.contains(&why) {
                out.push(why);
            }
        }
        out
    }

    /// Some repeat's answer is only a lower bound (or none): a search that
    /// ended short of a capacity, failed or was interrupted. A capacity to
    /// a tolerance wider than asked is a capacity.
    pub fn lower_bound(&self) -> bool {
        self.runs.iter().any(|x| match (&x.search, &x.error) {
            (Some(s), None) => s.interrupted || !matches!(s.outcome, Outcome::Capacity { .. }),
            _ => true,
        })
    }

    /// Some repeat's answer is a lower bound because the client gave out.
    pub fn client_bound(&self) -> bool {
        self.runs.iter().any(|x| {
            x.search.as_ref().is_some_and(|s| {
                matches!(
                    s.outcome,
                    Outcome::AtLeast {
                        bound: Bound::ClientBound,
                        ..
                    }
                )
            })
        })
    }

    /// Each repeat's answer in words: `462/s`, `≥ 40000/s (client-bound)`,
    /// `below min-rate 100/s`, or `failed: WHY`.
    pub fn answers(&self) -> Vec<String> {
        self.runs
            .iter()
            .map(|x| match (&x.search, &x.error) {
                (Some(s), _) => s.outcome.to_string(),
                (None, Some(e)) => format!("failed: {}", e.lines().next().unwrap_or("")),
                (None, None) => "failed".into(),
            })
            .collect()
    }

    /// The client's ceiling the searches were judged against (the first
    /// repeat's that had one), per second.
    pub fn ceiling(&self) -> Option<f64> {
        self.runs
            .iter()
            .find_map(|x| x.search.as_ref()?.client_ceiling.as_ref())
            .map(|c| c.rate_per_s)
    }

    /// Steps the searches took, summed over repeats.
    pub fn steps(&self) -> usize {
        self.runs
            .iter()
            .filter_map(|x| x.search.as_ref())
            .map(|s| s.steps.len())
            .sum()
    }
}

/// The capacity tables: per scenario with a search (in the suite's order),
/// its server variants ranked by median capacity, highest first (variants
/// without an answer last, in the suite's order).
pub fn capacities(r: &Results) -> Vec<(String, Vec<CapacityRow<'_>>)> {
    let scenarios = ordered(
        suite_scenarios(r),
        r.runs.iter().map(|x| x.scenario.clone()),
    );
    let mut out = Vec::new();
    for scenario in scenarios {
        let runs: Vec<&RunRecord> = r
            .runs
            .iter()
            .filter(|x| x.scenario == scenario && x.level.is_search())
            .collect();
        if runs.is_empty() {
            continue;
        }
        let mut rows: Vec<CapacityRow<'_>> = by_variant(r, &runs)
            .into_iter()
            .map(|(row, runs)| CapacityRow { row, runs })
            .collect();
        // Stable: ties and rows without an answer keep the suite's order.
        rank_by(&mut rows, false, |row| row.median());
        out.push((scenario, rows));
    }
    out
}
