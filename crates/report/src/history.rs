//! `barrage history DIR...`: how a suite's numbers moved over many runs.
//!
//! Each results directory is one run (its `results.json`); runs are put
//! in the order they started (or as given) and named by their label
//! (`barrage run --label`), else the git commit barrage ran in, else the
//! directory's name. For each metric, each row (server variant × scenario
//! × driver × level, or a capacity search, as `barrage compare` has them)
//! gets, per run, the median over its repeats and the median's
//! distribution-free interval ([`stats::median_interval`]); and between a
//! run and the run before it that has the row, the change `barrage
//! compare` would print ([`Change`]). A change that fails a gate
//! ([`crate::gate`]: significant and past its limit; [`DEFAULT_GATES`]
//! unless others are given) is flagged.
//!
//! The history is computed once ([`history`]) and written as Markdown (a
//! table per metric, `blocks`) and as one HTML page with a chart per
//! metric and place, a series per server variant, each point with its
//! interval and each flagged change ringed (`charts`).

use std::path::PathBuf;

use barrage_model::suite::Counted;
use barrage_model::table::{self, Metric};

use crate::compare::{self, keyed_cells, Change, Row, RowKey, RunInput, Side};
use crate::gate::{self, Gate, Gates};
use crate::stats::{self, MedianInterval};

mod blocks;
mod charts;

pub use blocks::{html, markdown};
pub use charts::charts;

/// The gates that flag a change when none are given: a drop of responses/s
/// past 5%, or a rise of p99 past 10%, significant at the level asked.
pub const DEFAULT_GATES: &str = "rate<-5%,p99>+10%";

/// What a history shows and flags.
#[derive(Debug, Clone)]
pub struct Options {
    /// The significance level of the changes, and the intervals'
    /// confidence (`1 − alpha`).
    pub alpha: f64,
    /// The gates whose failures are flagged.
    pub gates: Gates,
    /// The metrics shown (the gates' are added).
    pub metrics: Vec<Metric>,
    /// Keep the runs in the order given, not in the order they started.
    pub in_order: bool,
}

/// One run of the history.
#[derive(Debug, Clone)]
pub struct Run {
    pub path: PathBuf,
    /// Its name in the tables and charts (unique in the history).
    pub label: String,
    pub started_at: String,
    /// The git commit barrage ran in, as results.json records it.
    pub commit: Option<String>,
    /// `--label` gave the name (else the commit, or the directory).
    pub labelled: bool,
    pub quick: bool,
    pub complete: bool,
}

/// A row's value in one run.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub median: f64,
    /// The median's interval; `None` for a single repeat.
    pub interval: Option<MedianInterval>,
    /// Repeats with the metric.
    pub n: usize,
    pub client_bound: bool,
}

/// A row's change into one run from the run before that has it.
#[derive(Debug, Clone)]
pub struct Step {
    /// The earlier run's index.
    pub from: usize,
    pub change: Change,
    /// The gate the change fails, when it fails one.
    pub flagged: Option<Gate>,
}

/// One row over the runs: a point and a step per run (`None`: not
/// measured in that run; no run before it has the row).
#[derive(Debug, Clone)]
pub struct RowHistory {
    pub key: RowKey,
    pub points: Vec<Option<Point>>,
    pub steps: Vec<Option<Step>>,
}

/// One metric over the runs.
#[derive(Debug, Clone)]
pub struct MetricHistory {
    pub metric: Metric,
    pub title: String,
    pub rows: Vec<RowHistory>,
}

/// The history of a suite's runs.
#[derive(Debug, Clone)]
pub struct History {
    /// The newest run's suite name.
    pub suite: String,
    pub runs: Vec<Run>,
    /// Runs of other suites, or of `--quick` beside full ones.
    pub warnings: Vec<String>,
    pub alpha: f64,
    pub gates: Gates,
    pub in_order: bool,
    pub metrics: Vec<MetricHistory>,
}

impl History {
    /// Every flagged step: its metric, row and step.
    pub fn flagged(&self) -> Vec<(&MetricHistory, &RowHistory, &Step)> {
        let mut out = Vec::new();
        for m in &self.metrics {
            for row in &m.rows {
                for step in row.steps.iter().flatten() {
                    if step.flagged.is_some() {
                        out.push((m, row, step));
                    }
                }
            }
        }
        out
    }

    /// `rate 41000 → 36000, -12.2% (95% CI […], p=0.008): past rate<-5%`.
    pub fn step_line(&self, step: &Step) -> String {
        let Some(test) = step.change.test() else {
            return format!("{}: not compared", step.change.metric.name());
        };
        let mut line = gate::describe(&step.change, test, self.alpha);
        if let Some(g) = &step.flagged {
            line.push_str(&format!(": past {g}"));
        }
        line
    }
}

impl RowHistory {
    /// The index of the run `step` leads into.
    pub fn run_of(&self, step: &Step) -> usize {
        self.steps
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| std::ptr::eq(s, step)))
            .expect("the step is the row's")
    }
}

/// The history of `inputs` (at least one).
pub fn history(mut inputs: Vec<RunInput>, opts: &Options) -> History {
    if !opts.in_order {
        // Stable: runs that started at the same second keep their order.
        inputs.sort_by(|a, b| a.results.started_at.cmp(&b.results.started_at));
    }
    let runs = labelled(&inputs);
    let suite = inputs
        .last()
        .map(|i| table::suite_name(&i.results))
        .unwrap_or_default();
    let counted = Counted::of_all(inputs.iter().flat_map(|i| &i.results.suite.scenarios));
    let metrics = Metric::ALL
        .into_iter()
        .filter(|m| opts.metrics.contains(m) || opts.gates.metrics().contains(m))
        .map(|metric| MetricHistory {
            metric,
            title: compare::title(metric, counted),
            rows: rows(&inputs, metric, opts),
        })
        .filter(|m| !m.rows.is_empty())
        .collect();
    History {
        warnings: warnings(&inputs, &suite),
        suite,
        runs,
        alpha: opts.alpha,
        gates: opts.gates.clone(),
        in_order: opts.in_order,
        metrics,
    }
}

/// Each run's name: its label, else its commit (12 digits, `-dirty`
/// kept), else its directory's name; a name already taken gets ` (2)`,
/// ` (3)`, ….
fn labelled(inputs: &[RunInput]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for input in inputs {
        let r = &input.results;
        let commit = r.environment.git_commit.clone();
        let short = commit.as_deref().map(|c| {
            let (hash, rest) = c.split_once('-').unwrap_or((c, ""));
            let hash: String = hash.chars().take(12).collect();
            match rest {
                "" => hash,
                rest => format!("{hash}-{rest}"),
            }
        });
        // The directory, also when its results.json was given.
        let dir = match input.path.file_name() {
            Some(n) if n == "results.json" => input.path.parent().and_then(|p| p.file_name()),
            n => n,
        }
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| input.path.display().to_string());
        let base = r.label.clone().or(short).unwrap_or(dir);
        let mut label = base.clone();
        let mut k = 2;
        while runs.iter().any(|x| x.label == label) {
            label = format!("{base} ({k})");
            k += 1;
        }
        runs.push(Run {
            path: input.path.clone(),
            label,
            started_at: r.started_at.clone(),
            commit,
            labelled: r.label.is_some(),
            quick: r.quick,
            complete: r.complete,
        });
    }
    runs
}

fn warnings(inputs: &[RunInput], suite: &str) -> Vec<String> {
    let mut out = Vec::new();
    for i in inputs {
        let name = table::suite_name(&i.results);
        if name != suite {
            out.push(format!(
                "{} is suite \"{name}\", not \"{suite}\": rows are matched by server variant, scenario, driver and level",
                i.path.display()
            ));
        }
    }
    let quick = inputs.iter().filter(|i| i.results.quick).count();
    if quick > 0 && quick < inputs.len() {
        out.push(format!(
            "{quick} of the {} runs were run with --quick: their durations and levels may differ from the others'",
            inputs.len()
        ));
    }
    out
}

/// The rows of `metric`: the newest run's in its order, then those only
/// older runs have; rows without a sample in any run are left out.
fn rows(inputs: &[RunInput], metric: Metric, opts: &Options) -> Vec<RowHistory> {
    let cells: Vec<Vec<(RowKey, Side)>> = inputs
        .iter()
        .map(|i| keyed_cells(&i.results, metric))
        .collect();
    let mut keys: Vec<&RowKey> = Vec::new();
    for (key, side) in cells.iter().rev().flatten() {
        if !side.samples.is_empty() && !keys.contains(&key) {
            keys.push(key);
        }
    }
    let gated = opts.gates.metrics().contains(&metric);
    keys.into_iter()
        .map(|key| {
            let sides: Vec<Option<&Side>> = cells
                .iter()
                .map(|c| {
                    c.iter()
                        .find(|(k, s)| k == key && !s.samples.is_empty())
                        .map(|(_, s)| s)
                })
                .collect();
            let steps = steps(key, &sides, metric, opts, gated);
            RowHistory {
                key: key.clone(),
                points: sides
                    .iter()
                    .map(|s| s.map(|s| point(s, opts.alpha)))
                    .collect(),
                steps,
            }
        })
        .collect()
}

/// A run's point: the median of its samples and the median's interval.
fn point(side: &Side, alpha: f64) -> Point {
    let median = stats::median(&side.samples).unwrap_or(0.0);
    Point {
        median,
        interval: stats::median_interval(&side.samples, alpha),
        n: side.samples.len(),
        client_bound: side.client_bound,
    }
}

/// Each run's change from the run before it that has the row, flagged
/// when it fails a gate (only `gated` metrics are judged).
fn steps(
    key: &RowKey,
    sides: &[Option<&Side>],
    metric: Metric,
    opts: &Options,
    gated: bool,
) -> Vec<Option<Step>> {
    let mut out = Vec::with_capacity(sides.len());
    let mut last: Option<usize> = None;
    for (i, side) in sides.iter().enumerate() {
        let step = match (last, side) {
            (Some(from), Some(b)) => {
                let row = Row {
                    key: key.clone(),
                    a: sides[from].cloned(),
                    b: Some((*b).clone()),
                };
                let change = Change::of(row, metric, opts.alpha);
                let flagged = if gated {
                    opts.gates.failed(&change).copied()
                } else {
                    None
                };
                Some(Step {
                    from,
                    change,
                    flagged,
                })
            }
            _ => None,
        };
        out.push(step);
        if side.is_some() {
            last = Some(i);
        }
    }
    out
}

#[cfg(test)]
mod tests;
