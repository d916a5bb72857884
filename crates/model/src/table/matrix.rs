//! The servers × workloads table that opens the reports of a suite with
//! workload scenarios (`workload = "json"`): for each level the workloads
//! reached, one cell per server variant and workload scenario, measured
//! (the repeats, as every table's [`Cell`]), "not implemented" or "failed
//! validation" (from [`Results::validations`]), or not run; and the
//! composite ranking over the workloads every ranked server has numbers
//! for (docs/workloads.md, "Ranking"). Lays out and scores; formats
//! nothing.

use barrage_contract::Workload;

use crate::results::{Results, RunRecord, ValidationFailure, ValidationOutcome};

use super::{ordered, row_name, suite_drivers, variants, Cell, Metric};

/// One column: a workload scenario (not a search).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkloadColumn {
    /// The scenario's name (its label in the table).
    pub scenario: String,
    /// Its workload.
    pub workload: Workload,
}

/// What one server variant did on one workload scenario at one level.
#[derive(Debug, Clone)]
pub enum MatrixCell<'a> {
    /// The repeats at the level (perhaps failed ones: [`Cell::failed`]).
    Measured(Cell<'a>),
    /// The server's manifest does not declare the workload.
    NotImplemented,
    /// The server failed the workload's checks: not loaded on it.
    FailedValidation(&'a ValidationFailure),
    /// No run at this level (a level the server entry skips, a server
    /// that did not start, a run not reached).
    NotRun,
}

impl MatrixCell<'_> {
    /// The median responses/s of a measured cell whose repeats are valid
    /// for the workload ([`workload_invalid_reasons`]).
    pub fn valid_median(&self, workload: Workload) -> Option<f64> {
        match self {
            MatrixCell::Measured(cell) if workload_invalid_reasons(cell, workload).is_empty() => {
                cell.median(Metric::ResponsesPerS)
            }
            _ => None,
        }
    }
}

/// Why a cell's numbers are not a server's throughput on `workload`: the
/// reasons of [`Cell::invalid_reasons`], except non-2xx responses for a
/// workload that answers some requests 4xx by design (noisy).
pub fn workload_invalid_reasons(cell: &Cell<'_>, workload: Workload) -> Vec<String> {
    let mut reasons = cell.invalid_reasons();
    if workload.answers_errors_by_design() {
        reasons.retain(|r| !r.ends_with("non-2xx responses"));
    }
    // A database workload: the work its responses need was not done, or
    // the level was marked (its service died during it).
    for run in &cell.runs {
        if let Some(why) = run.proof.as_ref().and_then(|p| p.invalid.as_ref()) {
            reasons.push(format!("proof of work invalid: {why}"));
        }
        if let (Some(_), Some(e)) = (&run.stats, &run.error) {
            reasons.push(e.lines().next().unwrap_or_default().to_string());
        }
    }
    reasons
}

/// The database queries per successful response of a cell, the mean over
/// its repeats' proofs of work (none: not a database workload, or no
/// proof read).
pub fn queries_per_request(cell: &Cell<'_>) -> Option<f64> {
    let values: Vec<f64> = cell
        .runs
        .iter()
        .filter_map(|r| r.proof.as_ref())
        .filter(|p| p.requests > 0)
        .map(|p| p.queries_per_request)
        .collect();
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// The marks of a measured cell on `workload`: `*` client-bound, `!`
/// invalid ([`workload_invalid_reasons`]).
pub fn workload_marks(cell: &Cell<'_>, workload: Workload) -> &'static str {
    let invalid = !workload_invalid_reasons(cell, workload).is_empty();
    match (cell.client_bound(), invalid) {
        (true, true) => "*!",
        (true, false) => "*",
        (false, true) => "!",
        (false, false) => "",
    }
}

/// The servers × workloads table at one level.
#[derive(Debug, Clone)]
pub struct WorkloadMatrix<'a> {
    pub level_index: usize,
    /// The level's label (`c=512`).
    pub level: String,
    /// The driver whose runs fill the table (the suite's first that ran).
    pub driver: String,
    pub columns: Vec<WorkloadColumn>,
    /// Rows: server variants, in the suite's order, each with a cell per column.
    pub rows: Vec<(String, Vec<MatrixCell<'a>>)>,
}

/// One table per level that some workload scenario reached, by level
/// index; none when the suite has no workload scenario.
pub fn workload_matrices(r: &Results) -> Vec<WorkloadMatrix<'_>> {
    let columns: Vec<WorkloadColumn> = r
        .suite
        .scenarios
        .iter()
        .filter(|s| s.search.is_none())
        .filter_map(|s| {
            Some(WorkloadColumn {
                scenario: s.name.clone(),
                workload: s.workload?,
            })
        })
        .collect();
    if columns.is_empty() {
        return Vec::new();
    }
    let mine: Vec<&RunRecord> = r
        .runs
        .iter()
        .filter(|x| !x.level.is_search() && columns.iter().any(|c| c.scenario == x.scenario))
        .collect();
    let drivers = ordered(suite_drivers(r), mine.iter().map(|x| x.driver.clone()));
    let driver = drivers
        .iter()
        .find(|d| mine.iter().any(|x| &x.driver == *d))
        .cloned()
        .unwrap_or_else(|| r.suite.driver.name().to_string());
    let runs: Vec<&RunRecord> = mine.into_iter().filter(|x| x.driver == driver).collect();
    let mut levels: Vec<(usize, String)> = Vec::new();
    for x in &runs {
        if !levels.iter().any(|l| l.0 == x.level_index) {
            levels.push((x.level_index, x.level.to_string()));
        }
    }
    levels.sort();
    if levels.is_empty() {
        // Nothing measured yet: one table of what validation found.
        if let Some(first) = r.suite.load.level(0) {
            levels.push((0, first.to_string()));
        }
    }
    let rows = matrix_rows(r);
    levels
        .into_iter()
        .map(|(level_index, level)| WorkloadMatrix {
            rows: rows
                .iter()
                .map(|row| {
                    let cells = columns
                        .iter()
                        .map(|c| cell_at(r, &runs, row, c, level_index))
                        .collect();
                    (row.clone(), cells)
                })
                .collect(),
            level_index,
            level,
            driver: driver.clone(),
            columns: columns.clone(),
        })
        .collect()
}

/// Every server variant the results name or validated, in the suite's order.
fn matrix_rows(r: &Results) -> Vec<String> {
    let mut rows = variants(r);
    for v in &r.validations {
        if !rows.contains(&v.server) {
            rows.push(v.server.clone());
        }
    }
    rows
}

fn cell_at<'a>(
    r: &'a Results,
    runs: &[&'a RunRecord],
    row: &str,
    column: &WorkloadColumn,
    level_index: usize,
) -> MatrixCell<'a> {
    let validation = r
        .validations
        .iter()
        .find(|v| v.server == row && v.workload == column.workload);
    match validation.map(|v| &v.outcome) {
        Some(ValidationOutcome::NotImplemented) => return MatrixCell::NotImplemented,
        Some(ValidationOutcome::Failed(f)) => return MatrixCell::FailedValidation(f),
        Some(ValidationOutcome::Passed { .. }) | None => {}
    }
    let mut mine: Vec<&RunRecord> = runs
        .iter()
        .copied()
        .filter(|x| {
            x.scenario == column.scenario
                && x.level_index == level_index
                && row_name(&x.server, &x.variant) == row
        })
        .collect();
    mine.sort_by_key(|x| x.repeat);
    if mine.is_empty() {
        MatrixCell::NotRun
    } else {
        MatrixCell::Measured(Cell { runs: mine })
    }
}

/// The composite ranking of one table (docs/workloads.md, "Ranking"):
/// each workload's valid medians divided by the best of them, summed over
/// the workloads every ranked server has a valid median for. The ranked
/// servers are those with a valid median in every column that has any;
/// the others are listed with the workloads they lack.
#[derive(Debug, Clone, PartialEq)]
pub struct Composite {
    /// The columns (scenario names) the scores sum over.
    pub workloads: Vec<String>,
    /// `(server, score)`, best first; a score is at most `workloads.len()`.
    pub ranked: Vec<(String, f64)>,
    /// `(server, the columns without a valid median)`, in the table's order.
    pub unranked: Vec<(String, Vec<String>)>,
}

impl WorkloadMatrix<'_> {
    /// The composite ranking; `None` when fewer than two servers can be
    /// ranked together.
    pub fn composite(&self) -> Option<Composite> {
        let median =
            |row: &[MatrixCell<'_>], j: usize| row[j].valid_median(self.columns[j].workload);
        // The columns with any valid median.
        let used: Vec<usize> = (0..self.columns.len())
            .filter(|&j| {
                self.rows
                    .iter()
                    .any(|(_, cells)| median(cells, j).is_some())
            })
            .collect();
        if used.is_empty() {
            return None;
        }
        let mut ranked: Vec<(&str, &[MatrixCell<'_>])> = Vec::new();
        let mut unranked = Vec::new();
        for (row, cells) in &self.rows {
            let lacking: Vec<String> = used
                .iter()
                .filter(|&&j| median(cells, j).is_none())
                .map(|&j| self.columns[j].scenario.clone())
                .collect();
            if lacking.is_empty() {
                ranked.push((row, cells));
            } else {
                unranked.push((row.clone(), lacking));
            }
        }
        if ranked.len() < 2 {
            return None;
        }
        let best: Vec<f64> = used
            .iter()
            .map(|&j| {
                ranked
                    .iter()
                    .filter_map(|(_, cells)| median(cells, j))
                    .fold(0.0, f64::max)
            })
            .collect();
        let mut scores: Vec<(String, f64)> = ranked
            .iter()
            .map(|(row, cells)| {
                let score = used
                    .iter()
                    .zip(&best)
                    .filter(|(_, b)| **b > 0.0)
                    .map(|(&j, b)| median(cells, j).unwrap_or(0.0) / b)
                    .sum();
                (row.to_string(), score)
            })
            .collect();
        scores.sort_by(|a, b| b.1.total_cmp(&a.1));
        Some(Composite {
            workloads: used
                .iter()
                .map(|&j| self.columns[j].scenario.clone())
                .collect(),
            ranked: scores,
            unranked,
        })
    }
}
