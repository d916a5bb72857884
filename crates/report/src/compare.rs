//! `barrage compare A B`: are B's numbers different from A's, and by how much?
//!
//! A and B are two results directories of `barrage run` (their
//! `results.json`, schema `barrage.run/1`) or two `barrage load --json` files
//! (schema `barrage.load/1`, one run each), read into the shared
//! model's types; rows come from the shared tabulation ([`table`]).
//!
//! - **Results directories**: a row per server variant × scenario × driver ×
//!   level present in either; its samples are the repeats' responses/s and
//!   p99 latency (levels without statistics, e.g. failed ones, give none),
//!   and the other figures a gate names (p50, p90, p99.9, errors, client
//!   CPU); a capacity search's row has its repeats' answers.
//! - **`barrage load` files**: one row, the run's URL and load model; its
//!   samples are the run's *per-second* values (responses in each whole
//!   second of the measured phase, and that second's p99; p50 and errors
//!   when a gate names them). Seconds of one run are not independent
//!   repeats, and the output says so.
//!
//! For each metric a table gives A's and B's median (± the largest distance
//! of a sample from it), the change (the Hodges–Lehmann shift of B from A,
//! as % of A's median) with its confidence interval, and the two-sided
//! Mann–Whitney U p-value (see [`crate::stats`] for both and why). As in
//! benchstat, a change with `p ≥ alpha` prints as `~`; a row whose sample
//! counts can never reach `p < alpha` says so instead (3 vs 3 repeats: the
//! smallest possible p is 0.1). The output is a pure function of the two
//! inputs; rows follow the suite's order (A's, then what only B has).
//! docs/compare.md describes every column.
//!
//! The comparison is computed once ([`comparison`]: a [`Change`] per row
//! and metric) and written as text (`text`); the gates of `--fail-on`
//! judge it, and write it as Markdown and JUnit ([`crate::gate`]). The rows and their
//! samples are `rows`, what the test found for one row is `change`.

use std::path::{Path, PathBuf};

use barrage_model::results::{self, Results};
use barrage_model::suite::Counted;
use barrage_model::table::{self, Metric};
use barrage_model::RunReport;
use serde::Deserialize;

mod change;
mod rows;
mod text;

pub use change::{Change, Found, Test, Which};
pub(crate) use rows::keyed_cells;
pub use rows::{load_model, seconds, Row, RowKey, Side};
pub(crate) use text::{cells, format_p, title, too_few_note};
pub use text::{confidence_label, format_change, format_value};

use rows::{load_row, run_rows};

/// What to do, in one clause, after any problem with an input.
const WHAT_TO_GIVE: &str = "give a results directory of `barrage run` (results/SUITE-TIMESTAMP) or a file written by `barrage load --json`";

/// The metrics always compared, in order (capacities only where there are
/// searches); a gate adds the one it names.
const METRICS: [Metric; 3] = [Metric::ResponsesPerS, Metric::P99, Metric::Capacity];

/// Options of the comparison.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The significance level: a change with `p ≥ alpha` prints as `~`, and
    /// intervals have confidence `1 − alpha`.
    pub alpha: f64,
}

impl Default for Options {
    fn default() -> Self {
        Options { alpha: 0.05 }
    }
}

/// One side of a comparison, as read from disk.
#[derive(Debug, Clone)]
pub enum Input {
    /// Both boxed: the two are large and of different sizes.
    Run(Box<RunInput>),
    Load(Box<LoadInput>),
}

#[derive(Debug, Clone)]
pub struct RunInput {
    /// What the user gave (the directory, or the file).
    pub path: PathBuf,
    pub results: Results,
}

#[derive(Debug, Clone)]
pub struct LoadInput {
    pub path: PathBuf,
    pub report: RunReport,
}

/// Just the schema, to tell the two kinds of file apart before reading one whole.
#[derive(Deserialize)]
struct Schema {
    schema: Option<String>,
}

/// Reads one side: a results directory (or its results.json) or a
/// `barrage load --json` file. The error is one line naming the file and
/// what to give instead.
pub fn load(path: &Path) -> Result<Input, String> {
    let file = input_file(path)?;
    let fshown = file.display();
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("{fshown}: cannot read it ({e}); {WHAT_TO_GIVE}"))?;
    let schema: Schema = serde_json::from_str(&text)
        .map_err(|e| format!("{fshown}: not JSON ({e}); {WHAT_TO_GIVE}"))?;
    let path = path.to_path_buf();
    match schema.schema.as_deref() {
        Some(s) if s.starts_with("barrage.run/") => Results::from_json(&text)
            .map(|results| Input::Run(Box::new(RunInput { path, results })))
            .map_err(|e| format!("{fshown}: {e}; {WHAT_TO_GIVE}")),
        Some(s) if s.starts_with("barrage.load/") => RunReport::from_json(&text)
            .map(|report| Input::Load(Box::new(LoadInput { path, report })))
            .map_err(|e| format!("{fshown}: {e}; {WHAT_TO_GIVE}")),
        Some(other) => Err(format!(
            "{fshown}: schema \"{other}\" is neither {} (results.json of `barrage run`) nor {} (`barrage load --json`); {WHAT_TO_GIVE}",
            results::SCHEMA,
            barrage_model::load::SCHEMA
        )),
        None => Err(format!(
            "{fshown}: JSON without a \"schema\" string, so not barrage's; {WHAT_TO_GIVE}"
        )),
    }
}

/// The file to read for `path`: itself, or a directory's results.json.
fn input_file(path: &Path) -> Result<PathBuf, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!("{shown}: no such file or directory; {WHAT_TO_GIVE}")
        } else {
            format!("{shown}: cannot read it ({e}); {WHAT_TO_GIVE}")
        }
    })?;
    if !meta.is_dir() {
        return Ok(path.to_path_buf());
    }
    let f = path.join("results.json");
    if !f.is_file() {
        return Err(format!(
            "{shown}: no results.json in this directory; {WHAT_TO_GIVE}"
        ));
    }
    Ok(f)
}

/// What the samples of the compared rows are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleKind {
    /// One per repeat of a level (results directories).
    Repeats,
    /// One per whole second of one run (`barrage load` files).
    Seconds,
}

/// A comparison of A and B: what was compared and every row's change, by
/// metric.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// `A: …` and `B: …`: each input and what it is.
    pub inputs: [String; 2],
    /// Warnings and notes about the pair (suites or load models that differ).
    pub warnings: Vec<String>,
    /// What one sample is.
    pub samples: String,
    pub kind: SampleKind,
    pub alpha: f64,
    /// The suite's name (B's; results directories only).
    pub suite: Option<String>,
    /// One table per metric compared, in [`Metric::ALL`]'s order.
    pub tables: Vec<Changes>,
}

/// The changes of one metric.
#[derive(Debug, Clone)]
pub struct Changes {
    pub metric: Metric,
    /// `responses/s (higher is better)`, in the words of what was counted.
    pub title: String,
    pub changes: Vec<Change>,
}

impl Comparison {
    /// The comparison as text, as `barrage compare` prints it.
    pub fn text(&self) -> String {
        text::render(self)
    }

    /// Every change of `metric`.
    pub fn of(&self, metric: Metric) -> &[Change] {
        self.tables
            .iter()
            .find(|t| t.metric == metric)
            .map_or(&[], |t| &t.changes)
    }
}

/// Compares A with B and returns the text to print; `Err` (one line) when
/// they are not of the same kind.
pub fn compare(a: &Input, b: &Input, opts: &Options) -> Result<String, String> {
    Ok(comparison(a, b, opts, &[])?.text())
}

/// Compares A with B on the usual metrics and on `more` (those gates
/// name); `Err` (one line) when they are not of the same kind.
pub fn comparison(
    a: &Input,
    b: &Input,
    opts: &Options,
    more: &[Metric],
) -> Result<Comparison, String> {
    let metrics: Vec<Metric> = Metric::ALL
        .into_iter()
        .filter(|m| METRICS.contains(m) || more.contains(m))
        .collect();
    match (a, b) {
        (Input::Run(a), Input::Run(b)) => Ok(compare_runs(a, b, opts, &metrics)),
        (Input::Load(a), Input::Load(b)) => Ok(compare_loads(a, b, opts, &metrics)),
        (a, b) => {
            let kind = |i: &Input| match i {
                Input::Run(r) => {
                    format!("a `barrage run` results directory ({})", r.path.display())
                }
                Input::Load(l) => format!("a `barrage load --json` file ({})", l.path.display()),
            };
            Err(format!(
                "A is {} but B is {}; compare two results directories or two `barrage load --json` files",
                kind(a),
                kind(b)
            ))
        }
    }
}

fn compare_runs(a: &RunInput, b: &RunInput, opts: &Options, metrics: &[Metric]) -> Comparison {
    let mut warnings = Vec::new();
    let (na, nb) = (table::suite_name(&a.results), table::suite_name(&b.results));
    if na != nb {
        warnings.push(format!(
            "warning: A is suite \"{na}\" and B is suite \"{nb}\": rows are matched by server variant, scenario, driver and level"
        ));
    }
    if a.results.quick != b.results.quick {
        warnings.push(
            "warning: only one of A and B was run with --quick: their durations and levels may differ"
                .into(),
        );
    }
    let counted = Counted::of_all(
        a.results
            .suite
            .scenarios
            .iter()
            .chain(&b.results.suite.scenarios),
    );
    let samples = format!(
        "Samples: one per repeat (each level's {} and p99 {}).",
        counted.per_s, counted.time
    );
    let tables = metrics
        .iter()
        .map(|&metric| Changes {
            metric,
            title: text::title(metric, counted),
            changes: run_rows(&a.results, &b.results, metric)
                .into_iter()
                .map(|row| Change::of(row, metric, opts.alpha))
                .collect(),
        })
        .filter(|t| t.metric != Metric::Capacity || !t.changes.is_empty())
        .collect();
    Comparison {
        inputs: [text::run_header("A", a), text::run_header("B", b)],
        warnings,
        samples,
        kind: SampleKind::Repeats,
        alpha: opts.alpha,
        suite: Some(nb),
        tables,
    }
}

fn compare_loads(a: &LoadInput, b: &LoadInput, opts: &Options, metrics: &[Metric]) -> Comparison {
    let mut warnings = Vec::new();
    let (ka, kb) = (load_model(&a.report), load_model(&b.report));
    if ka != kb {
        warnings.push(format!(
            "note: A loaded {ka} and B {kb}: compared anyway (one run each), under A's name"
        ));
    }
    let (ca, cb) = (Counted::of_report(&a.report), Counted::of_report(&b.report));
    let counted = if ca == cb { ca } else { Counted::HTTP };
    let samples = format!(
        "Samples: per-second values of each run ({}s in each whole second, and that second's p99),\nnot independent repeats: seconds of one run are correlated, so p-values overstate the evidence;\ncompare `barrage run` results (repeats) for a sound test.",
        counted.one
    );
    let tables = metrics
        .iter()
        .map(|&metric| (metric, load_row(&a.report, &b.report, metric)))
        // A metric not kept per second (p90, capacity), or with no sample
        // on either side (p99 of a run without responses).
        .filter(|(metric, row)| {
            *metric == Metric::ResponsesPerS
                || [&row.a, &row.b]
                    .into_iter()
                    .flatten()
                    .any(|s| !s.samples.is_empty())
        })
        .map(|(metric, row)| Changes {
            metric,
            title: text::title(metric, counted),
            changes: vec![Change::of(row, metric, opts.alpha)],
        })
        .collect();
    Comparison {
        inputs: [text::load_header("A", a), text::load_header("B", b)],
        warnings,
        samples,
        kind: SampleKind::Seconds,
        alpha: opts.alpha,
        suite: None,
        tables,
    }
}
