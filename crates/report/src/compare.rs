//! `barrage compare A B`: are B's numbers different from A's, and by how much?
//!
//! A and B are two results directories of `barrage run` (their
//! `results.json`, schema `barrage.run/1`) or two `barrage load --json` files
//! (schema `barrage.load/1`, one run each).
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

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use barrage_lab::driver::LevelStats;
use barrage_lab::suite::Level;
use serde::Deserialize;

use crate::stats;

/// What to do, in one clause, after any problem with an input.
const WHAT_TO_GIVE: &str = "give a results directory of `barrage run` (results/SUITE-TIMESTAMP) or a file written by `barrage load --json`";

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
    Run(RunInput),
    Load(LoadInput),
}

/// A `barrage run` results file, reduced to what a comparison reads (any
/// other field is ignored, so results of other barrage versions still load).
#[derive(Debug, Clone, Deserialize)]
pub struct RunResults {
    pub schema: String,
    #[serde(default)]
    pub suite_file: String,
    #[serde(default)]
    pub suite: serde_json::Value,
    #[serde(default)]
    pub quick: bool,
    #[serde(default)]
    pub started_at: String,
    #[serde(default)]
    pub complete: bool,
    pub runs: Vec<RunSample>,
}

/// One measured level of `results.json` (`barrage_lab::store::RunRecord`,
/// the fields compare reads).
#[derive(Debug, Clone, Deserialize)]
pub struct RunSample {
    pub repeat: u32,
    pub server: String,
    pub variant: String,
    pub scenario: String,
    pub driver: String,
    pub level_index: usize,
    pub level: Level,
    pub stats: Option<LevelStats>,
    #[serde(default)]
    pub client_bound: bool,
}

#[derive(Debug, Clone)]
pub struct RunInput {
    /// What the user gave (the directory, or the file).
    pub path: PathBuf,
    pub results: RunResults,
}

/// A `barrage load --json` report, reduced to what a comparison reads.
#[derive(Debug, Clone, Deserialize)]
pub struct LoadReport {
    pub schema: String,
    pub target: LoadTarget,
    pub spec: LoadSpec,
    pub totals: LoadTotals,
    pub series: Vec<LoadSecond>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LoadTarget {
    pub url: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LoadSpec {
    pub model: String,
    pub protocol: String,
    pub connections: u64,
    #[serde(default)]
    pub streams: Option<u64>,
    #[serde(default)]
    pub pipeline: Option<u64>,
    #[serde(default)]
    pub rate_per_s: Option<f64>,
    #[serde(default)]
    pub conn_rate_per_s: Option<f64>,
    #[serde(default)]
    pub calls_per_session: Option<u64>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LoadTotals {
    pub elapsed_s: f64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LoadSecond {
    pub t_s: u64,
    pub responses: u64,
    #[serde(default)]
    pub p99_us: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct LoadInput {
    pub path: PathBuf,
    pub report: LoadReport,
}

impl LoadReport {
    /// The URL and the load model: `http://…/hello [HTTP/1.1, closed c=10]`,
    /// `… [h2, open 2000/s c=10 m=4]`, …
    pub fn model(&self) -> String {
        let s = &self.spec;
        let mut text = match s.model.as_str() {
            "open" => format!("open {}/s c={}", s.rate_per_s.unwrap_or(0.0), s.connections),
            "sessions" => format!(
                "sessions {}/s x{}",
                s.conn_rate_per_s.unwrap_or(0.0),
                s.calls_per_session.unwrap_or(0)
            ),
            other => format!("{other} c={}", s.connections),
        };
        if let Some(m) = s.streams.filter(|&m| m > 1) {
            let _ = write!(text, " m={m}");
        }
        if let Some(p) = s.pipeline.filter(|&p| p > 1) {
            let _ = write!(text, " pipeline={p}");
        }
        format!("{} [{}, {text}]", self.target.url, s.protocol)
    }

    /// The seconds that lie wholly inside the measured phase: the entry
    /// after the last one holds only the answers that came in after the end.
    fn whole_seconds(&self) -> impl Iterator<Item = &LoadSecond> {
        let end = self.totals.elapsed_s + 1e-6;
        self.series
            .iter()
            .filter(move |s| (s.t_s + 1) as f64 <= end)
    }

    /// Responses in each whole second (= responses/s of that second).
    pub fn rates(&self) -> Vec<f64> {
        self.whole_seconds().map(|s| s.responses as f64).collect()
    }

    /// The p99 of each whole second that had responses, µs.
    pub fn p99s(&self) -> Vec<f64> {
        self.whole_seconds()
            .filter(|s| s.responses > 0)
            .filter_map(|s| s.p99_us.map(|v| v as f64))
            .collect()
    }
}

/// Reads one side: a results directory (or its results.json) or a
/// `barrage load --json` file. The error is one line naming the file and
/// what to give instead.
pub fn load(path: &Path) -> Result<Input, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!("{shown}: no such file or directory; {WHAT_TO_GIVE}")
        } else {
            format!("{shown}: cannot read it ({e}); {WHAT_TO_GIVE}")
        }
    })?;
    let file = if meta.is_dir() {
        let f = path.join("results.json");
        if !f.is_file() {
            return Err(format!(
                "{shown}: no results.json in this directory; {WHAT_TO_GIVE}"
            ));
        }
        f
    } else {
        path.to_path_buf()
    };
    let fshown = file.display();
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("{fshown}: cannot read it ({e}); {WHAT_TO_GIVE}"))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| format!("{fshown}: not JSON ({e}); {WHAT_TO_GIVE}"))?;
    let schema = value.get("schema").and_then(|s| s.as_str());
    match schema {
        Some(barrage_lab::store::SCHEMA) => {
            let results: RunResults = serde_json::from_str(&text).map_err(|e| {
                format!(
                    "{fshown}: not a valid {} results file ({e}); {WHAT_TO_GIVE}",
                    barrage_lab::store::SCHEMA
                )
            })?;
            Ok(Input::Run(RunInput {
                path: path.to_path_buf(),
                results,
            }))
        }
        Some("barrage.load/1") => {
            let report: LoadReport = serde_json::from_str(&text).map_err(|e| {
                format!("{fshown}: not a valid barrage.load/1 file ({e}); {WHAT_TO_GIVE}")
            })?;
            Ok(Input::Load(LoadInput {
                path: path.to_path_buf(),
                report,
            }))
        }
        Some(other) => Err(format!(
            "{fshown}: schema \"{other}\" is neither barrage.run/1 (results.json of `barrage run`) nor barrage.load/1 (`barrage load --json`); {WHAT_TO_GIVE}"
        )),
        None => Err(format!(
            "{fshown}: JSON without a \"schema\" string, so not barrage's; {WHAT_TO_GIVE}"
        )),
    }
}

/// Which quantity a table compares.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Metric {
    Rate,
    P99,
}

impl Metric {
    fn title(self) -> &'static str {
        match self {
            Metric::Rate => "responses/s (higher is better)",
            Metric::P99 => "p99 latency (lower is better)",
        }
    }

    fn format(self, v: f64) -> String {
        match self {
            Metric::Rate if v.abs() >= 100.0 => format!("{v:.0}"),
            Metric::Rate => format!("{v:.1}"),
            Metric::P99 if v >= 1000.0 => format!("{:.2} ms", v / 1000.0),
            Metric::P99 => format!("{v:.0} µs"),
        }
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
        (Input::Run(a), Input::Run(b)) => {
            header_run(&mut out, "A", a);
            header_run(&mut out, "B", b);
            let (na, nb) = (suite_name(&a.results), suite_name(&b.results));
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
            let _ = writeln!(
                out,
                "Samples: one per repeat (each level's responses/s and p99 latency)."
            );
            method(&mut out, opts);
            for metric in [Metric::Rate, Metric::P99] {
                let rows = run_rows(a, b, metric);
                table(&mut out, metric, &rows, SampleKind::Repeats, opts);
            }
        }
        (Input::Load(a), Input::Load(b)) => {
            header_load(&mut out, "A", a);
            header_load(&mut out, "B", b);
            let (ka, kb) = (a.report.model(), b.report.model());
            if ka != kb {
                let _ = writeln!(
                    out,
                    "note: A loaded {ka} and B {kb}: compared anyway (one run each), under A's name"
                );
            }
            let _ = writeln!(
                out,
                "Samples: per-second values of each run (responses in each whole second, and that second's p99),\nnot independent repeats: seconds of one run are correlated, so p-values overstate the evidence;\ncompare `barrage run` results (repeats) for a sound test."
            );
            method(&mut out, opts);
            for metric in [Metric::Rate, Metric::P99] {
                let pick = |r: &LoadReport| match metric {
                    Metric::Rate => r.rates(),
                    Metric::P99 => r.p99s(),
                };
                let (sa, sb) = (pick(&a.report), pick(&b.report));
                if metric == Metric::P99 && sa.is_empty() && sb.is_empty() {
                    continue;
                }
                let rows = vec![Row {
                    key: ka.clone(),
                    a: Some(Side {
                        samples: sa,
                        client_bound: false,
                    }),
                    b: Some(Side {
                        samples: sb,
                        client_bound: false,
                    }),
                }];
                table(&mut out, metric, &rows, SampleKind::Seconds, opts);
            }
        }
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

fn suite_name(r: &RunResults) -> String {
    r.suite
        .get("name")
        .and_then(|v| v.as_str())
        .map(str::to_string)
        .unwrap_or_else(|| r.suite_file.clone())
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
        suite_name(r),
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
        r.model(),
        r.totals.elapsed_s,
        r.whole_seconds().count()
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

/// The rows of one metric for two results files, in suite order.
fn run_rows(a: &RunInput, b: &RunInput, metric: Metric) -> Vec<Row> {
    type Key = (String, String, String, String);
    let collect = |r: &RunResults| {
        let mut m: BTreeMap<Key, Side> = BTreeMap::new();
        for x in &r.runs {
            let key = (
                x.variant.clone(),
                x.scenario.clone(),
                x.driver.clone(),
                x.level.to_string(),
            );
            let side = m.entry(key).or_default();
            let value = x.stats.as_ref().and_then(|s| match metric {
                Metric::Rate => Some(s.responses_per_s),
                Metric::P99 => s.latency_p99_us,
            });
            if let Some(v) = value {
                side.samples.push(v);
                side.client_bound |= x.client_bound;
            }
        }
        m
    };
    let (ma, mb) = (collect(&a.results), collect(&b.results));
    let order = Order::new(&a.results, &b.results);
    let mut keys: Vec<&Key> = ma.keys().chain(mb.keys()).collect();
    keys.sort_by_key(|k| order.rank(k));
    keys.dedup();
    keys.into_iter()
        .map(|k| Row {
            key: format!("{} / {} / {} / {}", k.0, k.1, k.2, k.3),
            a: ma.get(k).cloned(),
            b: mb.get(k).cloned(),
        })
        // A metric neither side recorded (p99 of a driver that gives none).
        .filter(|r| {
            r.a.as_ref().is_some_and(|s| !s.samples.is_empty())
                || r.b.as_ref().is_some_and(|s| !s.samples.is_empty())
                || metric == Metric::Rate
        })
        .collect()
}

/// The suite's order of variants, scenarios, drivers and levels: A's
/// suite, then B's, then whatever runs name that neither suite lists.
struct Order {
    variants: Vec<String>,
    scenarios: Vec<String>,
    drivers: Vec<String>,
    levels: Vec<String>,
}

impl Order {
    fn new(a: &RunResults, b: &RunResults) -> Order {
        let mut o = Order {
            variants: Vec::new(),
            scenarios: Vec::new(),
            drivers: Vec::new(),
            levels: Vec::new(),
        };
        for r in [a, b] {
            let s = &r.suite;
            for server in s
                .get("servers")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                for v in server
                    .get("variants")
                    .and_then(|v| v.as_array())
                    .into_iter()
                    .flatten()
                {
                    if let Some(l) = v.get("label").and_then(|l| l.as_str()) {
                        push_new(&mut o.variants, l);
                    }
                }
            }
            for sc in s
                .get("scenarios")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                if let Some(n) = sc.get("name").and_then(|l| l.as_str()) {
                    push_new(&mut o.scenarios, n);
                }
            }
            for d in s
                .get("drivers")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                if let Some(n) = d.as_str() {
                    push_new(&mut o.drivers, n);
                }
            }
        }
        for r in [a, b] {
            let mut runs: Vec<&RunSample> = r.runs.iter().collect();
            runs.sort_by_key(|x| x.level_index);
            for x in runs {
                push_new(&mut o.variants, &x.variant);
                push_new(&mut o.scenarios, &x.scenario);
                push_new(&mut o.drivers, &x.driver);
                push_new(&mut o.levels, &x.level.to_string());
            }
        }
        o
    }

    fn rank(&self, k: &(String, String, String, String)) -> (usize, usize, usize, usize) {
        let at = |list: &[String], s: &str| list.iter().position(|x| x == s).unwrap_or(usize::MAX);
        (
            at(&self.variants, &k.0),
            at(&self.scenarios, &k.1),
            at(&self.drivers, &k.2),
            at(&self.levels, &k.3),
        )
    }
}

fn push_new(list: &mut Vec<String>, s: &str) {
    if !list.iter().any(|x| x == s) {
        list.push(s.to_string());
    }
}

/// The cells of one row: key, A, B, change, CI, p, n, note.
fn row_cells(row: &Row, metric: Metric, kind: SampleKind, opts: &Options) -> [String; 8] {
    let dash = || "–".to_string();
    let cell = |s: &Side| match stats::median(&s.samples) {
        None => dash(),
        Some(m) => {
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
            format!("{}{star}{spread}", metric.format(m))
        }
    };
    let key = row.key.clone();
    let (a, b) = match (&row.a, &row.b) {
        (Some(a), Some(b)) => (a, b),
        (Some(a), None) => {
            return [
                key,
                cell(a),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                "only in A".into(),
            ];
        }
        (None, Some(b)) => {
            return [
                key,
                String::new(),
                cell(b),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                "only in B".into(),
            ];
        }
        (None, None) => unreachable!("a row comes from A or B"),
    };
    let (n, m) = (a.samples.len(), b.samples.len());
    let ncell = format!("{n}+{m}");
    if n == 0 || m == 0 {
        let which = match (n, m) {
            (0, 0) => "A or B",
            (0, _) => "A",
            _ => "B",
        };
        return [
            key,
            cell(a),
            cell(b),
            dash(),
            dash(),
            dash(),
            ncell,
            format!("no samples in {which} (failed levels?)"),
        ];
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
        let need = stats::samples_needed(opts.alpha);
        let note = match kind {
            SampleKind::Repeats => format!(
                "too few repeats: {n} vs {m} cannot reach p<{}; rerun with repeats ≥ {need}",
                opts.alpha
            ),
            SampleKind::Seconds => format!(
                "too few samples: {n} vs {m} seconds cannot reach p<{}; run longer (-d ≥ {need}s)",
                opts.alpha
            ),
        };
        return [key, cell(a), cell(b), dash(), dash(), pcell, ncell, note];
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
    [
        key,
        cell(a),
        cell(b),
        change,
        ci,
        pcell,
        ncell,
        String::new(),
    ]
}

fn table(out: &mut String, metric: Metric, rows: &[Row], kind: SampleKind, opts: &Options) {
    let _ = writeln!(out, "\n{}", metric.title());
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
        assert_eq!(Metric::Rate.format(30261.4), "30261");
        assert_eq!(Metric::Rate.format(12.34), "12.3");
        assert_eq!(Metric::P99.format(2301.0), "2.30 ms");
        assert_eq!(Metric::P99.format(975.0), "975 µs");
    }
}
