//! The one tabulation of results that summary.md, report.md/csv, the
//! charts and `barrage compare` share: which tables there are (scenario ×
//! driver, and the suite's side-by-side tables of several scenarios), their
//! rows (server variants) and columns (load levels; level × scenario side
//! by side) in a stable order, and the cells (the repeats of one level)
//! with their medians and marks (`*` client-bound, `!` not valid as a
//! server's number).
//!
//! Nothing here depends on when or where it runs: the same results give
//! the same tables.

use std::path::Path;

use crate::results::{LevelStats, ProbeRecord, Results, RunRecord, ServerRecord, StartStatus};
use crate::search::{Bound, Outcome};
use crate::suite::Scenario;

/// What the reports call a server variant: its label, or the server's name
/// when the variant has no label of its own.
pub fn row_name(server: &str, variant: &str) -> String {
    if variant.is_empty() {
        server.to_string()
    } else {
        variant.to_string()
    }
}

/// The suite's name: `suite.name`, else the suite file's stem.
pub fn suite_name(r: &Results) -> String {
    if !r.suite.name.is_empty() {
        return r.suite.name.clone();
    }
    Path::new(&r.suite_file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| r.suite_file.clone())
}

/// A scenario's request in one line (`GET /hello over h1`).
pub fn scenario_line(s: &Scenario) -> String {
    let mut line = format!("{} {} over {}", s.method, s.path, s.protocol);
    if s.protocol.multiplexed() && s.streams > 1 {
        line.push_str(&format!(", {} streams per connection", s.streams));
    }
    if !s.keepalive {
        line.push_str(", a connection per request");
    }
    if s.http10 {
        line.push_str(", HTTP/1.0");
    }
    line
}

/// Labels of the suite's server variants, in the file's order.
fn suite_variants(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for entry in &r.suite.servers {
        for v in &entry.variants {
            push_new(&mut out, v.label.clone());
        }
    }
    out
}

fn suite_scenarios(r: &Results) -> Vec<String> {
    r.suite.scenarios.iter().map(|s| s.name.clone()).collect()
}

fn suite_drivers(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for d in &r.suite.drivers {
        push_new(&mut out, d.name().to_string());
    }
    if out.is_empty() {
        out.push(r.suite.driver.name().to_string());
    }
    out
}

fn push_new(v: &mut Vec<String>, s: String) {
    if !v.contains(&s) {
        v.push(s);
    }
}

/// `known` first (in its order, those that occur), then the others in the
/// order they occur.
fn ordered(known: Vec<String>, occurring: impl IntoIterator<Item = String>) -> Vec<String> {
    let occurring: Vec<String> = {
        let mut v = Vec::new();
        for s in occurring {
            push_new(&mut v, s);
        }
        v
    };
    let mut out: Vec<String> = known
        .into_iter()
        .filter(|k| occurring.contains(k))
        .collect();
    for s in occurring {
        push_new(&mut out, s);
    }
    out
}

/// Every server variant the results name (runs, starts, probes), in the
/// suite's order.
pub fn variants(r: &Results) -> Vec<String> {
    let occurring = r
        .servers
        .iter()
        .map(|s| row_name(&s.server, &s.variant))
        .chain(r.probes.iter().map(|p| row_name(&p.server, &p.variant)))
        .chain(r.runs.iter().map(|x| row_name(&x.server, &x.variant)));
    ordered(suite_variants(r), occurring)
}

/// One table of the report: the runs of one scenario with one driver.
#[derive(Debug, Clone)]
pub struct Group<'a> {
    pub scenario: String,
    pub driver: String,
    /// Columns: (level index, label such as `c=100`), by index.
    pub levels: Vec<(usize, String)>,
    /// Rows: server variants, in the suite's order.
    pub rows: Vec<String>,
    pub runs: Vec<&'a RunRecord>,
}

impl<'a> Group<'a> {
    /// The repeats of one row at one level, by repeat.
    pub fn cell(&self, row: &str, level_index: usize) -> Cell<'a> {
        cell_of(&self.runs, row, |x| x.level_index == level_index)
    }

    /// The table as the reports lay it out: a column per level.
    pub fn grid(&self) -> Grid<'a> {
        Grid {
            columns: self.levels.iter().map(|l| l.1.clone()).collect(),
            rows: self
                .rows
                .iter()
                .map(|row| {
                    let cells = self.levels.iter().map(|l| self.cell(row, l.0));
                    (row.clone(), cells.collect())
                })
                .collect(),
        }
    }

    /// An id for HTML anchors: lowercase letters, digits and '-' (the
    /// prefix of the group's chart ids in chart.rs).
    pub fn id(&self) -> String {
        format!("{}-{}", slug(&self.scenario), slug(&self.driver))
    }

    /// The rows ranked by the median of `m` at one level: the highest
    /// level at which every row has a median of `m` or, when there is
    /// none, the highest of those at which the most rows have one. Best
    /// first: the highest median first, or the lowest with `lower_first`
    /// (see [`rank_by`]). `None` when no row has a median at any level.
    pub fn ranking(&self, m: Metric, lower_first: bool) -> Option<Ranking<'a>> {
        let count = |index: usize| {
            self.rows
                .iter()
                .filter(|row| self.cell(row, index).median(m).is_some())
                .count()
        };
        let most = self
            .levels
            .iter()
            .map(|l| count(l.0))
            .max()
            .filter(|n| *n > 0)?;
        let (level_index, level) = self.levels.iter().rev().find(|l| count(l.0) == most)?;
        let mut rows: Vec<(String, Cell<'a>)> = self
            .rows
            .iter()
            .map(|row| (row.clone(), self.cell(row, *level_index)))
            .collect();
        rank_by(&mut rows, lower_first, |(_, cell)| cell.median(m));
        Some(Ranking {
            level_index: *level_index,
            level: level.clone(),
            every_row: most == self.rows.len(),
            rows,
        })
    }
}

/// A table's rows ranked at one of its levels ([`Group::ranking`]).
#[derive(Debug, Clone)]
pub struct Ranking<'a> {
    pub level_index: usize,
    /// The level's label (`c=100`).
    pub level: String,
    /// Every row has a median there (else: the most rows do).
    pub every_row: bool,
    /// Each row with its cell at that level, best first; rows without a
    /// median last, in the suite's order.
    pub rows: Vec<(String, Cell<'a>)>,
}

/// Sorts `items` best first by `key`: the highest value first, or the
/// lowest with `lower_first`. Stable: ties keep their order, and items
/// without a value go last, in their order.
pub fn rank_by<T>(items: &mut [T], lower_first: bool, key: impl Fn(&T) -> Option<f64>) {
    use std::cmp::Ordering;
    items.sort_by(|a, b| match (key(a), key(b)) {
        (Some(x), Some(y)) if lower_first => x.total_cmp(&y),
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
}

/// The lowest and the highest of `values`; `None` when there are none.
pub fn min_max(values: &[f64]) -> Option<(f64, f64)> {
    let lo = values.iter().copied().reduce(f64::min)?;
    let hi = values.iter().copied().reduce(f64::max)?;
    Some((lo, hi))
}

/// The repeats of one row among `runs` that `keep` takes, by repeat.
fn cell_of<'a>(runs: &[&'a RunRecord], row: &str, keep: impl Fn(&RunRecord) -> bool) -> Cell<'a> {
    let mut runs: Vec<&'a RunRecord> = runs
        .iter()
        .copied()
        .filter(|x| row_name(&x.server, &x.variant) == row && keep(x))
        .collect();
    runs.sort_by_key(|x| x.repeat);
    Cell { runs }
}

/// A table as the reports lay it out, whatever its kind: the columns'
/// labels, and each row's label (a server variant) with one cell per
/// column.
#[derive(Debug, Clone)]
pub struct Grid<'a> {
    pub columns: Vec<String>,
    pub rows: Vec<(String, Vec<Cell<'a>>)>,
}

/// A column of a side-by-side table: one scenario at one level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub level_index: usize,
    pub scenario: String,
    /// The level and the scenario's label in the table: `c=10 h1`.
    pub label: String,
}

/// A suite's `[[table]]` ([`crate::suite::SuiteTable`]) laid out from the
/// runs: its scenarios side by side, with one driver, the first of the
/// suite's drivers that ran any of them (every driver runs every
/// scenario; the others are in the scenarios' own tables).
#[derive(Debug, Clone)]
pub struct SideBySide<'a> {
    pub title: String,
    pub driver: String,
    /// The table's scenarios, in its order.
    pub scenarios: Vec<String>,
    /// Each scenario's label in the column headers (its `columns`).
    pub labels: Vec<String>,
    /// Every level the runs reached (in the suite's order) × every
    /// scenario (in the table's order), grouped by level.
    pub columns: Vec<Column>,
    /// Rows: server variants, in the suite's order.
    pub rows: Vec<String>,
    pub runs: Vec<&'a RunRecord>,
    /// The table's place among the suite's tables, from 1.
    pub number: usize,
}

impl<'a> SideBySide<'a> {
    /// The repeats of one row in one column, by repeat.
    pub fn cell(&self, row: &str, column: &Column) -> Cell<'a> {
        cell_of(&self.runs, row, |x| {
            x.level_index == column.level_index && x.scenario == column.scenario
        })
    }

    /// The table as the reports lay it out.
    pub fn grid(&self) -> Grid<'a> {
        Grid {
            columns: self.columns.iter().map(|c| c.label.clone()).collect(),
            rows: self
                .rows
                .iter()
                .map(|row| {
                    let cells = self.columns.iter().map(|c| self.cell(row, c));
                    (row.clone(), cells.collect())
                })
                .collect(),
        }
    }

    /// An id for HTML anchors, `side-by-side-N`: no group's id (which
    /// ends with a driver's name) is one.
    pub fn id(&self) -> String {
        format!("side-by-side-{}", self.number)
    }
}

/// The suite's side-by-side tables (`[[table]]`), in its order; a table
/// none of whose scenarios has a run yet is left out.
pub fn side_by_side(r: &Results) -> Vec<SideBySide<'_>> {
    let drivers = ordered(suite_drivers(r), r.runs.iter().map(|x| x.driver.clone()));
    let variants = variants(r);
    let mut out = Vec::new();
    for (i, t) in r.suite.tables.iter().enumerate() {
        let mine: Vec<&RunRecord> = r
            .runs
            .iter()
            .filter(|x| t.scenarios.contains(&x.scenario) && !x.level.is_search())
            .collect();
        let Some(driver) = drivers
            .iter()
            .find(|d| mine.iter().any(|x| &x.driver == *d))
        else {
            continue;
        };
        let runs: Vec<&RunRecord> = mine.into_iter().filter(|x| &x.driver == driver).collect();
        let labels: Vec<String> = t
            .scenarios
            .iter()
            .enumerate()
            .map(|(j, s)| t.columns.get(j).unwrap_or(s).clone())
            .collect();
        let mut columns = Vec::new();
        for (level_index, level) in levels_of(&runs) {
            for (scenario, label) in t.scenarios.iter().zip(&labels) {
                columns.push(Column {
                    level_index,
                    scenario: scenario.clone(),
                    label: format!("{level} {label}"),
                });
            }
        }
        out.push(SideBySide {
            title: t.title.clone(),
            driver: driver.clone(),
            scenarios: t.scenarios.clone(),
            labels,
            columns,
            rows: rows_of(&variants, &runs),
            runs,
            number: i + 1,
        });
    }
    out
}

/// The levels of `runs`: (index, label), by index.
fn levels_of(runs: &[&RunRecord]) -> Vec<(usize, String)> {
    let mut levels: Vec<(usize, String)> = Vec::new();
    for x in runs {
        if !levels.iter().any(|l| l.0 == x.level_index) {
            levels.push((x.level_index, x.level.to_string()));
        }
    }
    levels.sort();
    levels
}

/// The `variants` that have a run among `runs`, in their order.
fn rows_of(variants: &[String], runs: &[&RunRecord]) -> Vec<String> {
    variants
        .iter()
        .filter(|v| runs.iter().any(|x| &row_name(&x.server, &x.variant) == *v))
        .cloned()
        .collect()
}

/// Lowercase letters, digits and single '-' from any text.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// The report's tables: scenario (in the suite's order) × driver (in the
/// suite's order), each with the levels and server variants it measured.
pub fn groups(r: &Results) -> Vec<Group<'_>> {
    let scenarios = ordered(
        suite_scenarios(r),
        r.runs.iter().map(|x| x.scenario.clone()),
    );
    let drivers = ordered(suite_drivers(r), r.runs.iter().map(|x| x.driver.clone()));
    let variants = variants(r);
    let mut out = Vec::new();
    for scenario in &scenarios {
        for driver in &drivers {
            // Searches have a table of their own (capacities).
            let runs: Vec<&RunRecord> = r
                .runs
                .iter()
                .filter(|x| &x.scenario == scenario && &x.driver == driver)
                .filter(|x| !x.level.is_search())
                .collect();
            if runs.is_empty() {
                continue;
            }
            out.push(Group {
                scenario: scenario.clone(),
                driver: driver.clone(),
                levels: levels_of(&runs),
                rows: rows_of(&variants, &runs),
                runs,
            });
        }
    }
    out
}

/// A number of a level's statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    ResponsesPerS,
    P50,
    P99,
    P999,
    /// The load generator's CPU per response, µs.
    ClientCpu,
    /// A search's answer: the capacity, or the rate sustained at least.
    Capacity,
}

impl Metric {
    pub fn of(self, x: &RunRecord) -> Option<f64> {
        let st = x.stats.as_ref();
        match self {
            Metric::ResponsesPerS => st.map(|s| s.responses_per_s),
            Metric::P50 => st.and_then(|s| s.latency_p50_us),
            Metric::P99 => st.and_then(|s| s.latency_p99_us),
            Metric::P999 => st.and_then(|s| s.latency_p99_9_us),
            Metric::ClientCpu => st.and(x.client.cpu_per_response_us),
            Metric::Capacity => match x.search.as_ref()?.outcome {
                Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => Some(rate),
                Outcome::BelowMin { .. } => None,
            },
        }
    }
}

/// The repeats of one server variant at one level (one scenario, one driver).
#[derive(Debug, Clone)]
pub struct Cell<'a> {
    pub runs: Vec<&'a RunRecord>,
}

impl Cell<'_> {
    /// Some run of the cell had its percentiles summed away (summaries from
    /// several client hosts): a percentile is "not mergeable", not missing.
    pub fn not_mergeable(&self) -> bool {
        self.runs.iter().any(|r| r.latency_not_mergeable)
    }

    /// Nothing was run.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The metric of each repeat that has it (a finite value), by repeat:
    /// the values [`Cell::median`] is the median of.
    pub fn values(&self, m: Metric) -> Vec<f64> {
        self.runs
            .iter()
            .filter_map(|x| m.of(x))
            .filter(|v| v.is_finite())
            .collect()
    }

    /// The median of a metric over the repeats that have it.
    pub fn median(&self, m: Metric) -> Option<f64> {
        median(&self.values(m))
    }

    /// The lowest and the highest value of a metric over the repeats that
    /// have it (the spread the median is taken from).
    pub fn range(&self, m: Metric) -> Option<(f64, f64)> {
        min_max(&self.values(m))
    }

    /// Some repeat used 90% or more of the client's cores.
    pub fn client_bound(&self) -> bool {
        self.runs.iter().any(|x| x.client_bound)
    }

    /// Every repeat failed (no statistics at all).
    pub fn failed(&self) -> bool {
        !self.runs.is_empty() && self.runs.iter().all(|x| x.stats.is_none())
    }

    /// Why the level's numbers are not to be trusted as a server's
    /// throughput: errors, timeouts or non-2xx responses in some repeat, or
    /// a repeat without statistics. Empty when valid.
    pub fn invalid_reasons(&self) -> Vec<String> {
        let mut out = Vec::new();
        let errors = self.sum(|s| s.errors);
        let timeouts = self.sum(|s| s.timeouts);
        let non_2xx = self.sum(|s| s.non_2xx);
        if errors.unwrap_or(0) > 0 {
            out.push(format!("{} errors", errors.unwrap_or(0)));
        }
        if timeouts.unwrap_or(0) > 0 {
            out.push(format!("{} timeouts", timeouts.unwrap_or(0)));
        }
        if non_2xx.unwrap_or(0) > 0 {
            out.push(format!("{} non-2xx responses", non_2xx.unwrap_or(0)));
        }
        let failed = self.runs.iter().filter(|x| x.stats.is_none()).count();
        if failed > 0 {
            out.push(format!(
                "{failed} of {} repeats without numbers",
                self.runs.len()
            ));
        }
        out
    }

    pub fn invalid(&self) -> bool {
        !self.invalid_reasons().is_empty()
    }

    /// The marks after a cell's number: `*` when client-bound, `!` when
    /// invalid ([`Cell::invalid_reasons`]).
    pub fn marks(&self) -> &'static str {
        match (self.client_bound(), self.invalid()) {
            (true, true) => "*!",
            (true, false) => "*",
            (false, true) => "!",
            (false, false) => "",
        }
    }

    /// A count summed over the repeats that give it; `None` when none does.
    pub fn sum(&self, f: impl Fn(&LevelStats) -> Option<u64>) -> Option<u64> {
        let v: Vec<u64> = self
            .runs
            .iter()
            .filter_map(|x| x.stats.as_ref())
            .filter_map(f)
            .collect();
        if v.is_empty() {
            None
        } else {
            Some(v.iter().sum())
        }
    }
}

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
                    Outcome::Capacity { .. } => continue,
                    o => o.to_string(),
                },
            };
            if !out.contains(&why) {
                out.push(why);
            }
        }
        out
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
        let mut rows: Vec<CapacityRow<'_>> = variants(r)
            .into_iter()
            .filter_map(|row| {
                let mine: Vec<&RunRecord> = runs
                    .iter()
                    .copied()
                    .filter(|x| row_name(&x.server, &x.variant) == row)
                    .collect();
                (!mine.is_empty()).then_some(CapacityRow { row, runs: mine })
            })
            .collect();
        // Stable: ties and rows without an answer keep the suite's order.
        rank_by(&mut rows, false, |row| row.median());
        out.push((scenario, rows));
    }
    out
}

/// The median (the mean of the middle two for an even count), the one
/// every table, chart and comparison uses.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

/// The first probe of each (server variant, scenario), in the order of
/// [`variants`] and the suite's scenarios; an invalid probe of any repeat
/// wins over a valid one.
pub fn probes(r: &Results) -> Vec<&ProbeRecord> {
    let variants = variants(r);
    let scenarios = ordered(
        suite_scenarios(r),
        r.probes.iter().map(|p| p.scenario.clone()),
    );
    let mut out = Vec::new();
    for v in &variants {
        for s in &scenarios {
            let mut these: Vec<&ProbeRecord> = r
                .probes
                .iter()
                .filter(|p| &row_name(&p.server, &p.variant) == v && &p.scenario == s)
                .collect();
            these.sort_by_key(|p| (p.invalid.is_none(), p.repeat));
            if let Some(p) = these.first() {
                out.push(*p);
            }
        }
    }
    out
}

/// Server starts that were not `ok`, in variant order, then by repeat.
pub fn not_measured(r: &Results) -> Vec<&ServerRecord> {
    let variants = variants(r);
    let mut out: Vec<&ServerRecord> = r
        .servers
        .iter()
        .filter(|s| s.status != StartStatus::Ok)
        .collect();
    out.sort_by_key(|s| {
        (
            variants
                .iter()
                .position(|v| *v == row_name(&s.server, &s.variant)),
            s.repeat,
        )
    });
    out
}

/// Runs with an error (no statistics, or the tool's complaint), in table order.
pub fn failed_runs(r: &Results) -> Vec<&RunRecord> {
    let mut out = Vec::new();
    for g in groups(r) {
        for row in &g.rows {
            for (li, _) in &g.levels {
                for x in g.cell(row, *li).runs {
                    if x.error.is_some() {
                        out.push(x);
                    }
                }
            }
        }
    }
    for (_, rows) in capacities(r) {
        out.extend(
            rows.iter()
                .flat_map(|row| &row.runs)
                .filter(|x| x.error.is_some()),
        );
    }
    out
}

/// The runs in report order: scenario, driver, server variant, level,
/// repeat; then the searches, by scenario and rank.
pub fn ordered_runs(r: &Results) -> Vec<&RunRecord> {
    let mut out = Vec::new();
    for g in groups(r) {
        for row in &g.rows {
            for (li, _) in &g.levels {
                out.extend(g.cell(row, *li).runs);
            }
        }
    }
    for (_, rows) in capacities(r) {
        out.extend(rows.iter().flat_map(|row| row.runs.iter().copied()));
    }
    out
}

/// Whether the run measured everything it planned, in words.
pub fn state(r: &Results) -> &'static str {
    match (r.complete, r.interrupted) {
        (true, _) => "complete",
        (false, true) => "PARTIAL: the run was interrupted",
        (false, false) => "PARTIAL: the run did not finish",
    }
}

/// A latency in microseconds as the tables print it: `850 µs`, `12.40 ms`.
pub fn latency_text(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

/// The hosts of a run across hosts, one row each: name, role, address,
/// cores, kernel, CPU, clock offset.
pub fn host_rows(r: &crate::Results) -> Vec<[String; 7]> {
    r.hosts
        .iter()
        .map(|h| {
            [
                h.name.clone(),
                h.role.clone(),
                h.address.clone(),
                h.cores.as_ref().map_or("all".into(), |c| {
                    c.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                }),
                h.environment.kernel.clone(),
                format!(
                    "{} ({} cores)",
                    h.environment.cpu_model, h.environment.cores
                ),
                format!(
                    "{:+.2} ms (±{:.2} ms)",
                    h.clock_offset_us as f64 / 1000.0,
                    h.clock_delay_us as f64 / 2000.0
                ),
            ]
        })
        .collect()
}

/// Every level's share per client host, one row each: server, scenario,
/// driver, level, repeat, host, responses/s, p99, client CPU per response,
/// client-bound.
pub fn client_host_rows(r: &crate::Results) -> Vec<[String; 10]> {
    let mut rows = Vec::new();
    for x in &r.runs {
        for c in &x.clients {
            rows.push([
                row_name(&x.server, &x.variant),
                x.scenario.clone(),
                x.driver.clone(),
                x.level.to_string(),
                (x.repeat + 1).to_string(),
                c.host.clone(),
                format!("{:.0}", c.responses_per_s),
                c.latency_p99_us.map_or("–".into(), latency_text),
                c.usage
                    .cpu_per_response_us
                    .map_or("–".into(), |v| format!("{v:.2} µs")),
                if c.client_bound { "yes" } else { "no" }.into(),
            ]);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn row_names() {
        assert_eq!(row_name("nginx", ""), "nginx");
        assert_eq!(row_name("nginx", "nginx WORKERS=2"), "nginx WORKERS=2");
    }

    use std::collections::BTreeMap;
    use std::time::Duration;

    use crate::results::{ClientUsage, Environment, LevelStats, MonitorReport, SCHEMA};
    use crate::suite::{
        Cores, Driver, Level, Load, Protocol, Quick, SearchSpec, ServerEntry, Suite, SuiteTable,
        Variant,
    };

    /// One repeat of `variant` in `scenario` at level `level` (c=10, c=100)
    /// with `driver`, at `rate` responses/s, as results.json has it.
    fn run(variant: &str, scenario: &str, driver: &str, level: usize, rate: f64) -> RunRecord {
        let stats = LevelStats {
            responses: rate as u64,
            responses_per_s: rate,
            elapsed_s: 1.0,
            ..LevelStats::default()
        };
        let json = serde_json::json!({
            "repeat": 0, "server": variant, "variant": variant,
            "scenario": scenario, "driver": driver,
            "level_index": level, "level": Level::Connections([10, 100][level]),
            "command": "", "started_at": "", "stats": stats, "client_bound": false,
            "client": ClientUsage::default(), "server_usage": MonitorReport::default(),
            "time_wait_before": 0, "time_wait_after": 0,
        });
        serde_json::from_value(json).unwrap()
    }

    /// Servers x and y, scenarios h1, h2 and h3, drivers wrk then barrage,
    /// levels c=10 and c=100; `tables` as given.
    fn results(runs: Vec<RunRecord>, tables: Vec<SuiteTable>) -> Results {
        let entry = |name: &str| ServerEntry {
            server: name.into(),
            variants: vec![Variant {
                label: name.into(),
                vars: BTreeMap::new(),
                cores: None,
            }],
            levels: None,
        };
        let scenario = |name: &str| Scenario {
            name: name.into(),
            ..Scenario::get(Protocol::H1, "/hello")
        };
        let second = Duration::from_secs(1);
        Results {
            schema: SCHEMA.into(),
            suite_file: "suites/t.toml".into(),
            suite: Suite {
                name: "t".into(),
                description: String::new(),
                servers: vec![entry("x"), entry("y")],
                scenarios: vec![scenario("h1"), scenario("h2"), scenario("h3")],
                load: Load::Concurrency(vec![10, 100]),
                driver: Driver::Wrk,
                duration: second,
                warmup: second,
                timeout: second,
                repeats: 1,
                cores: Cores::default(),
                quick: Quick {
                    duration: second,
                    warmup: second,
                    levels: None,
                },
                session_window: None,
                drivers: vec![Driver::Wrk, Driver::Barrage],
                hosts: None,
                tables,
            },
            quick: false,
            only: None,
            started_at: String::new(),
            finished_at: None,
            complete: true,
            interrupted: false,
            environment: Environment {
                captured_at: String::new(),
                hostname: String::new(),
                kernel: String::new(),
                cpu_model: String::new(),
                cores: 2,
                memory_bytes: 0,
                sysctls: BTreeMap::new(),
                open_files_soft: 0,
                open_files_hard: 0,
                barrage_version: String::new(),
                git_commit: None,
                server_versions: BTreeMap::new(),
            },
            warnings: Vec::new(),
            servers: Vec::new(),
            probes: Vec::new(),
            runs,
            hosts: Vec::new(),
        }
    }

    fn table(title: &str, scenarios: &[&str], columns: &[&str]) -> SuiteTable {
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
        SuiteTable {
            title: title.into(),
            scenarios: strings(scenarios),
            columns: strings(columns),
        }
    }

    /// The cells of a grid as the medians of responses/s with their marks
    /// (`-` for an empty cell).
    fn texts(grid: &Grid) -> Vec<(String, Vec<String>)> {
        grid.rows
            .iter()
            .map(|(row, cells)| {
                let cells = cells.iter().map(|c| match c.median(Metric::ResponsesPerS) {
                    _ if c.is_empty() => "-".to_string(),
                    Some(m) => format!("{m}{}", c.marks()),
                    None => format!("none{}", c.marks()),
                });
                (row.clone(), cells.collect())
            })
            .collect()
    }

    #[test]
    fn side_by_side_columns_go_by_level_then_by_the_tables_scenarios() {
        let mut runs = Vec::new();
        for (v, base) in [("y", 100.0), ("x", 200.0)] {
            for (s, add) in [("h1", 1.0), ("h2", 2.0), ("h3", 3.0)] {
                for level in [1, 0] {
                    runs.push(run(v, s, "wrk", level, base + add + 10.0 * level as f64));
                }
            }
        }
        let r = results(runs, vec![table("T", &["h3", "h1"], &["three", "one"])]);
        let tables = side_by_side(&r);
        assert_eq!(tables.len(), 1);
        let t = &tables[0];
        assert_eq!((t.title.as_str(), t.driver.as_str()), ("T", "wrk"));
        assert_eq!((t.number, t.id()), (1, "side-by-side-1".to_string()));
        let grid = t.grid();
        assert_eq!(
            grid.columns,
            ["c=10 three", "c=10 one", "c=100 three", "c=100 one"]
        );
        // Rows in the suite's order, whatever the order of the runs.
        assert_eq!(
            texts(&grid),
            [
                ("x".to_string(), vec!["203", "201", "213", "211"]),
                ("y".to_string(), vec!["103", "101", "113", "111"]),
            ]
            .map(|(row, cells)| (row, cells.iter().map(|c| c.to_string()).collect()))
        );
        // A group's grid: a column per level.
        let g = &groups(&r)[0];
        assert_eq!(g.grid().columns, ["c=10", "c=100"]);
        assert_eq!(texts(&g.grid())[0].1, ["201", "211"]);
    }

    #[test]
    fn side_by_side_cells_are_empty_where_nothing_ran_and_keep_their_marks() {
        let mut bound = run("x", "h1", "barrage", 0, 500.0);
        bound.client_bound = true;
        let mut failed = run("x", "h2", "barrage", 1, 0.0);
        failed.stats = None;
        failed.error = Some("the server died".into());
        let mut errors = run("y", "h2", "barrage", 0, 300.0);
        errors.stats.as_mut().unwrap().errors = Some(3);
        let mut repeat = run("y", "h2", "barrage", 0, 100.0);
        repeat.repeat = 1;
        let mut search = run("y", "h1", "barrage", 0, 9.0);
        search.level = Level::Search {
            spec: SearchSpec {
                slo: "p99<=10ms".into(),
                min: 1.0,
                max: 10.0,
                precision: 0.02,
                max_steps: 20,
                connections: 10,
            },
            calls: None,
        };
        let runs = vec![
            bound,
            failed,
            errors,
            repeat,
            run("y", "h1", "barrage", 1, 50.0),
            // Another table's scenario, and a capacity search: not here.
            run("x", "h3", "barrage", 0, 1.0),
            search,
        ];
        let r = results(runs, vec![table("h1 and h2", &["h1", "h2"], &["h1", "h2"])]);
        let t = &side_by_side(&r)[0];
        // wrk, the suite's first driver, ran none of them: barrage's.
        assert_eq!(t.driver, "barrage");
        assert_eq!(
            texts(&t.grid()),
            [
                ("x".to_string(), vec!["500*", "-", "-", "none!"]),
                // The median of two repeats, marked for the errors.
                ("y".to_string(), vec!["-", "200!", "50", "-"]),
            ]
            .map(|(row, cells)| (row, cells.iter().map(|c| c.to_string()).collect()))
        );
        let y_h2 = t.cell("y", &t.columns[1]);
        assert_eq!(
            y_h2.runs.iter().map(|x| x.repeat).collect::<Vec<_>>(),
            [0, 1]
        );
        assert_eq!(y_h2.invalid_reasons(), ["3 errors"]);
    }

    #[test]
    fn rankings_go_by_the_highest_level_every_row_ran() {
        let mut again = run("y", "h1", "wrk", 1, 900.0);
        again.repeat = 1;
        let runs = vec![
            run("x", "h1", "wrk", 0, 100.0),
            run("x", "h1", "wrk", 1, 300.0),
            run("y", "h1", "wrk", 0, 200.0),
            run("y", "h1", "wrk", 1, 500.0),
            again,
        ];
        let r = results(runs, Vec::new());
        let g = &groups(&r)[0];
        let ranked = g.ranking(Metric::ResponsesPerS, false).unwrap();
        assert_eq!((ranked.level.as_str(), ranked.every_row), ("c=100", true));
        let order: Vec<&str> = ranked.rows.iter().map(|(row, _)| row.as_str()).collect();
        assert_eq!(order, ["y", "x"]);
        // The median of 500 and 900, and the spread over the repeats.
        let y = &ranked.rows[0].1;
        assert_eq!(y.median(Metric::ResponsesPerS), Some(700.0));
        assert_eq!(y.values(Metric::ResponsesPerS), [500.0, 900.0]);
        assert_eq!(y.range(Metric::ResponsesPerS), Some((500.0, 900.0)));
        let low = g.ranking(Metric::ResponsesPerS, true).unwrap();
        assert_eq!(low.rows[0].0, "x");

        // x did not reach c=100: ranked at c=10, where both ran.
        let runs = vec![
            run("x", "h1", "wrk", 0, 100.0),
            run("y", "h1", "wrk", 0, 200.0),
            run("y", "h1", "wrk", 1, 500.0),
        ];
        let r = results(runs, Vec::new());
        let ranked = groups(&r)[0].ranking(Metric::ResponsesPerS, false).unwrap();
        assert_eq!((ranked.level.as_str(), ranked.every_row), ("c=10", true));
        // Without a level they all ran: the highest where the most did,
        // the others last.
        let mut failed = run("x", "h1", "wrk", 0, 0.0);
        failed.stats = None;
        let runs = vec![
            failed,
            run("y", "h1", "wrk", 0, 200.0),
            run("x", "h1", "wrk", 1, 50.0),
        ];
        let r = results(runs, Vec::new());
        let ranked = groups(&r)[0].ranking(Metric::ResponsesPerS, false).unwrap();
        assert_eq!((ranked.level.as_str(), ranked.every_row), ("c=100", false));
        let order: Vec<&str> = ranked.rows.iter().map(|(row, _)| row.as_str()).collect();
        assert_eq!(order, ["x", "y"]);
        assert!(ranked.rows[1].1.is_empty());
    }

    #[test]
    fn rank_by_is_stable_and_puts_missing_values_last() {
        let mut v = vec![
            ("a", None),
            ("b", Some(2.0)),
            ("c", Some(3.0)),
            ("d", Some(2.0)),
        ];
        rank_by(&mut v, false, |x| x.1);
        assert_eq!(v.iter().map(|x| x.0).collect::<String>(), "cbda");
        rank_by(&mut v, true, |x| x.1);
        assert_eq!(v.iter().map(|x| x.0).collect::<String>(), "bdca");
        assert_eq!(min_max(&[3.0, 1.0, 2.0]), Some((1.0, 3.0)));
        assert_eq!(min_max(&[]), None);
    }

    #[test]
    fn side_by_side_tables_without_runs_are_left_out_and_keep_their_number() {
        let runs = vec![run("x", "h2", "wrk", 0, 1.0), run("x", "h3", "wrk", 0, 2.0)];
        let r = results(
            runs,
            vec![
                table("none yet", &["h1", "h1"], &["a", "b"]),
                table("h2 and h3", &["h2", "h3"], &["h2", "h3"]),
            ],
        );
        let tables = side_by_side(&r);
        assert_eq!(tables.len(), 1);
        assert_eq!(
            (tables[0].number, tables[0].title.as_str()),
            (2, "h2 and h3")
        );
        // Only the levels the runs reached.
        assert_eq!(tables[0].grid().columns, ["c=10 h2", "c=10 h3"]);
        // No tables, no side-by-side tables.
        assert!(side_by_side(&results(Vec::new(), Vec::new())).is_empty());
    }
}
