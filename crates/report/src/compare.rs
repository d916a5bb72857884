//! `barrage compare A B`: are B's numbers different from A's, and by how much?
//!
//! A and B are two results directories of `barrage run` (their
//! `results.json`, schema `barrage.run/1`) or two `barrage load --json` files
//! (schema `barrage.load/1`, one run each), read into the shared
//! model's types; rows come from the shared tabulation ([`table`]).
//!
//! - **Results directories**: a row per server variant × scenario × driver ×
//!   level present in either; its samples are the repeats' responses/s and
//!   p99 latency (levels without statistics, e.g. failed ones, give none).
//! - **`barrage load` files**: one row, the run's URL and load model; its
//!   samples are the run's *per-second* values (responses in each whole
//!   second of the measured phase, and that second's p99). Seconds of one
//!   run are not independent repeats, and the output says so.
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

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use barrage_model::load::{ModelKind, Second};
use barrage_model::results::{self, Results};
use barrage_model::suite::Counted;
use barrage_model::table::{self, Metric};
use barrage_model::RunReport;
use serde::Deserialize;

use crate::stats;

/// What to do, in one clause, after any problem with an input.
const WHAT_TO_GIVE: &str = "give a results directory of `barrage run` (results/SUITE-TIMESTAMP) or a file written by `barrage load --json`";

/// The metrics compared, in order (capacities only where there are searches).
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

/// The URL and the load model: `http://…/hello [HTTP/1.1, closed c=10]`,
/// `… [h2, open 2000/s c=10 m=4]`, …
pub fn load_model(r: &RunReport) -> String {
    let s = &r.spec;
    let mut text = match s.model {
        ModelKind::Open => format!("open {}/s c={}", s.rate_per_s.unwrap_or(0.0), s.connections),
        ModelKind::Sessions => format!(
            "sessions {}/s x{}",
            s.conn_rate_per_s.unwrap_or(0.0),
            s.calls_per_session.unwrap_or(0)
        ),
        ModelKind::Closed => format!("closed c={}", s.connections),
    };
    if let Some(m) = s.streams.filter(|&m| m > 1) {
        let _ = write!(text, " m={m}");
    }
    if let Some(p) = s.pipeline.filter(|&p| p > 1) {
        let _ = write!(text, " pipeline={p}");
    }
    format!("{} [{}, {text}]", r.target.url, s.wire.label())
}

/// The seconds that lie wholly inside the measured phase: the entry
/// after the last one holds only the answers that came in after the end.
fn whole_seconds(r: &RunReport) -> impl Iterator<Item = &Second> {
    let end = r.totals.elapsed_s + 1e-6;
    r.series.iter().filter(move |s| (s.t_s + 1) as f64 <= end)
}

/// A run's per-second samples of `metric`: responses in each whole second
/// (= responses/s of that second), or the p99 of each whole second that
/// had responses, µs.
pub fn seconds(r: &RunReport, metric: Metric) -> Vec<f64> {
    whole_seconds(r)
        .filter(|s| metric == Metric::ResponsesPerS || s.responses > 0)
        .map(|s| match metric {
            Metric::P99 => s.p99_us as f64,
            _ => s.responses as f64,
        })
        .collect()
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

/// A metric's table title, in the words of what was counted (WebSocket:
/// messages/s and the round trip).
fn title(metric: Metric, counted: Counted) -> String {
    match metric {
        Metric::P99 => format!("p99 {} (lower is better)", counted.time),
        Metric::Capacity => {
            "capacity: the highest rate within the objective (higher is better)".to_string()
        }
        _ => format!("{} (higher is better)", counted.per_s),
    }
}

/// The words of two results: WebSocket's (gRPC's) when every scenario of
/// both is a WebSocket (gRPC) scenario counting the same.
fn run_counted(a: &Results, b: &Results) -> Counted {
    Counted::of_all(a.suite.scenarios.iter().chain(&b.suite.scenarios))
}

/// The words of two `barrage load` reports: theirs when both count the
/// same (WebSocket messages, gRPC calls or messages), else HTTP's.
fn load_counted(a: &RunReport, b: &RunReport) -> Counted {
    let (ca, cb) = (Counted::of_report(a), Counted::of_report(b));
    if ca == cb {
        ca
    } else {
        Counted::HTTP
    }
}

fn format_value(metric: Metric, v: f64) -> String {
    match metric {
        Metric::ResponsesPerS | Metric::Capacity if v.abs() >= 100.0 => format!("{v:.0}"),
        Metric::ResponsesPerS | Metric::Capacity => format!("{v:.1}"),
        _ if v >= 1000.0 => format!("{:.2} ms", v / 1000.0),
        _ => format!("{v:.0} µs"),
    }
}

/// One side of a row: its samples, and whether any came from a
/// client-bound level.
#[derive(Debug, Clone, Default)]
struct Side {
    samples: Vec<f64>,
    client_bound: bool,
}

#[derive(Debug, Clone)]
struct Row {
    key: String,
    a: Option<Side>,
    b: Option<Side>,
}

/// What the samples of the compared rows are.
#[derive(Debug, Clone, Copy, PartialEq)]
enum SampleKind {
    Repeats,
    Seconds,
}

/// Compares A with B and returns the text to print; `Err` (one line) when
/// they are not of the same kind.
pub fn compare(a: &Input, b: &Input, opts: &Options) -> Result<String, String> {
    let mut out = String::new();
    match (a, b) {
        (Input::Run(a), Input::Run(b)) => compare_runs(&mut out, a, b, opts),
        (Input::Load(a), Input::Load(b)) => compare_loads(&mut out, a, b, opts),
        (a, b) => {
            let kind = |i: &Input| match i {
                Input::Run(r) => {
                    format!("a `barrage run` results directory ({})", r.path.display())
                }
                Input::Load(l) => format!("a `barrage load --json` file ({})", l.path.display()),
            };
            return Err(format!(
                "A is {} but B is {}; compare two results directories or two `barrage load --json` files",
                kind(a),
                kind(b)
            ));
        }
    }
    Ok(out)
}

fn compare_runs(out: &mut String, a: &RunInput, b: &RunInput, opts: &Options) {
    header_run(out, "A", a);
    header_run(out, "B", b);
    let (na, nb) = (table::suite_name(&a.results), table::suite_name(&b.results));
    if na != nb {
        let _ = writeln!(
            out,
            "warning: A is suite \"{na}\" and B is suite \"{nb}\": rows are matched by server variant, scenario, driver and level"
        );
    }
    if a.results.quick != b.results.quick {
        let _ = writeln!(
            out,
            "warning: only one of A and B was run with --quick: their durations and levels may differ"
        );
    }
    let counted = run_counted(&a.results, &b.results);
    let _ = writeln!(
        out,
        "Samples: one per repeat (each level's {} and p99 {}).",
        counted.per_s, counted.time
    );
    method(out, opts);
    for metric in METRICS {
        let rows = run_rows(&a.results, &b.results, metric);
        if metric == Metric::Capacity && rows.is_empty() {
            continue;
        }
        let kind = SampleKind::Repeats;
        table(out, (metric, counted), &rows, kind, opts);
    }
}

fn compare_loads(out: &mut String, a: &LoadInput, b: &LoadInput, opts: &Options) {
    header_load(out, "A", a);
    header_load(out, "B", b);
    let (ka, kb) = (load_model(&a.report), load_model(&b.report));
    if ka != kb {
        let _ = writeln!(
            out,
            "note: A loaded {ka} and B {kb}: compared anyway (one run each), under A's name"
        );
    }
    let counted = load_counted(&a.report, &b.report);
    let _ = writeln!(
        out,
        "Samples: per-second values of each run ({}s in each whole second, and that second's p99),\nnot independent repeats: seconds of one run are correlated, so p-values overstate the evidence;\ncompare `barrage run` results (repeats) for a sound test.",
        counted.one
    );
    method(out, opts);
    for metric in METRICS {
        let (sa, sb) = (seconds(&a.report, metric), seconds(&b.report, metric));
        if metric == Metric::P99 && sa.is_empty() && sb.is_empty() {
            continue;
        }
        let side = |samples| {
            Some(Side {
                samples,
                client_bound: false,
            })
        };
        let rows = vec![Row {
            key: ka.clone(),
            a: side(sa),
            b: side(sb),
        }];
        table(out, (metric, counted), &rows, SampleKind::Seconds, opts);
    }
}

fn header_run(out: &mut String, which: &str, input: &RunInput) {
    let r = &input.results;
    let repeats = r.runs.iter().map(|x| x.repeat + 1).max().unwrap_or(0);
    let mut extra = String::new();
    if r.quick {
        extra.push_str(", --quick");
    }
    if !r.complete {
        extra.push_str(", incomplete");
    }
    let _ = writeln!(
        out,
        "{which}: {} (suite {}, {repeats} repeat{}, started {}{extra})",
        input.path.display(),
        table::suite_name(r),
        if repeats == 1 { "" } else { "s" },
        r.started_at
    );
}

fn header_load(out: &mut String, which: &str, input: &LoadInput) {
    let r = &input.report;
    let _ = writeln!(
        out,
        "{which}: {} (barrage load, {}; {} s measured, {} whole seconds)",
        input.path.display(),
        load_model(r),
        r.totals.elapsed_s,
        whole_seconds(r).count()
    );
}

fn method(out: &mut String, opts: &Options) {
    let _ = writeln!(
        out,
        "A, B: median ± the largest distance of a sample from it. change: the Hodges–Lehmann shift of B from A, as % of A's median, with its {} CI.",
        confidence_label(opts.alpha)
    );
    let _ = writeln!(
        out,
        "p: Mann–Whitney U test, two-sided. \"~\": p ≥ {}, no significant change. n: samples in A + in B.",
        opts.alpha
    );
}

fn confidence_label(alpha: f64) -> String {
    let c = (1.0 - alpha) * 100.0;
    if (c - c.round()).abs() < 1e-9 {
        format!("{c:.0}%")
    } else {
        format!("{}%", (c * 10.0).round() / 10.0)
    }
}

/// A row of results: its key (variant / scenario / driver / level) and
/// its repeats' samples, from the shared tabulation.
type Keyed = (String, Side);

/// The cells of `r` in the tabulation's order, variant by variant.
fn keyed_cells(r: &Results, metric: Metric) -> Vec<Keyed> {
    let mut cells = Vec::new();
    if metric == Metric::Capacity {
        // Searches: one row per variant and search scenario.
        for (scenario, rows) in table::capacities(r) {
            for row in rows {
                let side = Side {
                    samples: row.rates(),
                    client_bound: row.client_bound(),
                };
                let key = format!("{} / {scenario} / capacity", row.row);
                cells.push((row.row.clone(), key, side));
            }
        }
    }
    for g in table::groups(r)
        .iter()
        .filter(|_| metric != Metric::Capacity)
    {
        for row in &g.rows {
            for (li, label) in &g.levels {
                let cell = g.cell(row, *li);
                let samples: Vec<f64> = cell.runs.iter().filter_map(|x| metric.of(x)).collect();
                let side = Side {
                    client_bound: cell
                        .runs
                        .iter()
                        .any(|x| x.client_bound && metric.of(x).is_some()),
                    samples,
                };
                let key = format!("{row} / {} / {} / {label}", g.scenario, g.driver);
                cells.push((row.clone(), key, side));
            }
        }
    }
    let variants = table::variants(r);
    cells.sort_by_key(|(row, _, _)| variants.iter().position(|v| v == row));
    cells.into_iter().map(|(_, k, s)| (k, s)).collect()
}

/// The rows of one metric for two results files: A's in its order, then
/// what only B has.
fn run_rows(a: &Results, b: &Results, metric: Metric) -> Vec<Row> {
    let (ca, cb) = (keyed_cells(a, metric), keyed_cells(b, metric));
    let find = |cells: &[Keyed], key: &str| cells.iter().find(|c| c.0 == key).map(|c| c.1.clone());
    let mut keys: Vec<&String> = ca.iter().map(|c| &c.0).collect();
    for (k, _) in &cb {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys.into_iter()
        .map(|k| Row {
            key: k.clone(),
            a: find(&ca, k),
            b: find(&cb, k),
        })
        // A metric neither side recorded (p99 of a driver that gives none).
        .filter(|r| {
            r.a.as_ref().is_some_and(|s| !s.samples.is_empty())
                || r.b.as_ref().is_some_and(|s| !s.samples.is_empty())
                || metric == Metric::ResponsesPerS
        })
        .collect()
}

/// The cells of one row: key, A, B, change, CI, p, n, note.
fn row_cells(row: &Row, metric: Metric, kind: SampleKind, opts: &Options) -> [String; 8] {
    let key = row.key.clone();
    match (&row.a, &row.b) {
        (Some(a), Some(b)) => compared_cells(key, a, b, metric, kind, opts),
        (Some(a), None) => one_side_cells(key, side_cell(a, metric), String::new(), "only in A"),
        (None, Some(b)) => one_side_cells(key, String::new(), side_cell(b, metric), "only in B"),
        (None, None) => unreachable!("a row comes from A or B"),
    }
}

/// One side's cell: its median, `*` when client-bound, and its spread.
fn side_cell(s: &Side, metric: Metric) -> String {
    let Some(m) = stats::median(&s.samples) else {
        return "–".to_string();
    };
    let spread = stats::spread(&s.samples)
        .map(|sp| {
            let pct = sp * 100.0;
            if pct < 10.0 {
                format!(" ± {pct:.1}%")
            } else {
                format!(" ± {pct:.0}%")
            }
        })
        .unwrap_or_default();
    let star = if s.client_bound { "*" } else { "" };
    format!("{}{star}{spread}", format_value(metric, m))
}

/// A row only one side has: its cells `a` and `b` (one of them empty) and
/// the `note` saying which.
fn one_side_cells(key: String, a: String, b: String, note: &str) -> [String; 8] {
    [
        key,
        a,
        b,
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        note.into(),
    ]
}

/// A row both sides have: the change of B against A where the test finds
/// one, its confidence interval and p, or why it cannot say.
fn compared_cells(
    key: String,
    a: &Side,
    b: &Side,
    metric: Metric,
    kind: SampleKind,
    opts: &Options,
) -> [String; 8] {
    let dash = || "–".to_string();
    let (cell_a, cell_b) = (side_cell(a, metric), side_cell(b, metric));
    let (n, m) = (a.samples.len(), b.samples.len());
    let ncell = format!("{n}+{m}");
    if n == 0 || m == 0 {
        let which = match (n, m) {
            (0, 0) => "A or B",
            (0, _) => "A",
            _ => "B",
        };
        let note = format!("no samples in {which} (failed levels?)");
        return [key, cell_a, cell_b, dash(), dash(), dash(), ncell, note];
    }
    let test = stats::mann_whitney(&a.samples, &b.samples).expect("both sides have samples");
    let shift =
        stats::hodges_lehmann(&a.samples, &b.samples, opts.alpha).expect("both sides have samples");
    let base = stats::median(&a.samples).unwrap_or(0.0);
    let pct = |d: f64| {
        if base == 0.0 {
            "n/a".to_string()
        } else {
            format!("{:+.1}%", d / base * 100.0)
        }
    };
    let pcell = if test.p < 0.001 {
        "<0.001".to_string()
    } else {
        format!("{:.3}", test.p)
    };
    if stats::min_p_value(n, m) >= opts.alpha {
        let note = too_few_note(kind, n, m, opts.alpha);
        return [key, cell_a, cell_b, dash(), dash(), pcell, ncell, note];
    }
    let ci = match shift.interval {
        Some((lo, hi)) => format!("[{}, {}]", pct(lo), pct(hi)),
        None => dash(),
    };
    let change = if test.p < opts.alpha {
        pct(shift.estimate)
    } else {
        "~".to_string()
    };
    [key, cell_a, cell_b, change, ci, pcell, ncell, String::new()]
}

/// Why `n` against `m` samples cannot reach p < `alpha`, and what to do.
fn too_few_note(kind: SampleKind, n: usize, m: usize, alpha: f64) -> String {
    let need = stats::samples_needed(alpha);
    match kind {
        SampleKind::Repeats => format!(
            "too few repeats: {n} vs {m} cannot reach p<{alpha}; rerun with repeats ≥ {need}"
        ),
        SampleKind::Seconds => format!(
            "too few samples: {n} vs {m} seconds cannot reach p<{alpha}; run longer (-d ≥ {need}s)"
        ),
    }
}

fn table(
    out: &mut String,
    (metric, counted): (Metric, Counted),
    rows: &[Row],
    kind: SampleKind,
    opts: &Options,
) {
    let _ = writeln!(out, "\n{}", title(metric, counted));
    if rows.is_empty() {
        let _ = writeln!(out, "  (no rows)");
        return;
    }
    let mut lines: Vec<[String; 8]> = vec![[
        String::new(),
        "A".into(),
        "B".into(),
        "change".into(),
        format!("{} CI", confidence_label(opts.alpha)),
        "p".into(),
        "n".into(),
        String::new(),
    ]];
    lines.extend(rows.iter().map(|r| row_cells(r, metric, kind, opts)));
    let width = |i: usize| {
        lines
            .iter()
            .map(|l| l[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..8).map(width).collect();
    for l in &lines {
        let mut s = String::new();
        for (i, c) in l.iter().enumerate() {
            let pad = widths[i].saturating_sub(c.chars().count());
            match i {
                0 => {
                    s.push_str(c);
                    s.push_str(&" ".repeat(pad));
                }
                7 => {
                    s.push_str("  ");
                    s.push_str(c);
                }
                _ => {
                    s.push_str("  ");
                    s.push_str(&" ".repeat(pad));
                    s.push_str(c);
                }
            }
        }
        let _ = writeln!(out, "{}", s.trim_end());
    }
    if rows
        .iter()
        .flat_map(|r| [&r.a, &r.b])
        .flatten()
        .any(|s| s.client_bound)
    {
        let _ = writeln!(
            out,
            "* client-bound in some repeats: those numbers measure the load generator, not the server"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confidence_labels() {
        assert_eq!(confidence_label(0.05), "95%");
        assert_eq!(confidence_label(0.01), "99%");
        assert_eq!(confidence_label(0.025), "97.5%");
    }

    #[test]
    fn formats() {
        assert_eq!(format_value(Metric::ResponsesPerS, 30261.4), "30261");
        assert_eq!(format_value(Metric::ResponsesPerS, 12.34), "12.3");
        assert_eq!(format_value(Metric::P99, 2301.0), "2.30 ms");
        assert_eq!(format_value(Metric::P99, 975.0), "975 µs");
    }
}
