//! `report.md` and `report.csv`.
//!
//! The report's text is built once as a [`Block`] list ([`document`]) and
//! written as Markdown here and as HTML by html.rs, so the two always say
//! the same. The CSV is the data behind it: one row per measured level and
//! repeat.
//!
//! Marks in the tables (both formats):
//! - `*` client-bound: some repeat used 90% or more of the client's cores,
//!   so the number measures the load generator;
//! - `!` invalid: some repeat had errors, timeouts or non-2xx responses, or
//!   no numbers at all (the reasons are listed under the table);
//! - `failed`: no repeat gave numbers; `–`: not measured.

use std::fmt::Write as _;

use barrage_model::results::{Results, RunRecord, StartStatus};

use barrage_model::suite::Level;

use crate::model::{self, Cell, Group, Metric};
use crate::stats;

/// A piece of running text.
#[derive(Debug, Clone, PartialEq)]
pub enum Span {
    Text(String),
    /// Monospace: file names, commands, values.
    Code(String),
    Strong(String),
}

/// A list item, with an optional block of verbatim text under it (a
/// multi-line reason, a log excerpt).
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub spans: Vec<Span>,
    pub pre: Option<String>,
}

/// One cell of a table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TableCell {
    /// The text, marks (`*`, `!`) included.
    pub text: String,
    pub client_bound: bool,
    pub invalid: bool,
    /// Every repeat failed, or nothing was measured.
    pub missing: bool,
    /// Why the cell is marked (HTML shows it as the cell's tooltip).
    pub note: Option<String>,
}

impl TableCell {
    fn plain(text: impl Into<String>) -> TableCell {
        TableCell {
            text: text.into(),
            ..TableCell::default()
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The table's id (HTML), unique in the report.
    pub id: String,
    pub head: Vec<String>,
    /// Right-aligned (numeric) columns.
    pub numeric: Vec<bool>,
    /// The first cell of a row is its header.
    pub rows: Vec<Vec<TableCell>>,
}

/// A block of the report.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Heading {
        level: u8,
        id: String,
        text: String,
    },
    Para(Vec<Span>),
    /// A paragraph that must not be missed (a partial report).
    Alert(Vec<Span>),
    List(Vec<Item>),
    Table(Table),
    /// Where the HTML report puts its table of contents (Markdown: nothing).
    Contents,
    /// Where the HTML report puts charts (Markdown: nothing): those of the
    /// table group with this id (chart ids `GROUP-...`), or with `None`
    /// every chart no group took.
    Charts(Option<String>),
}

fn legend() -> Vec<Span> {
    vec![
        text("Medians over repeats. "),
        code("*"),
        text(" marks a client-bound level (the client used 90% or more of its cores: the number measures the client), "),
        code("!"),
        text(" an invalid level (errors, timeouts, non-2xx responses, or a repeat without numbers), "),
        code("failed"),
        text(" a level no repeat measured, "),
        code("–"),
        text(" one not run."),
    ]
}

fn text(s: impl Into<String>) -> Span {
    Span::Text(s.into())
}

fn code(s: impl Into<String>) -> Span {
    Span::Code(s.into())
}

fn strong(s: impl Into<String>) -> Span {
    Span::Strong(s.into())
}

fn heading(level: u8, id: impl Into<String>, t: impl Into<String>) -> Block {
    Block::Heading {
        level,
        id: id.into(),
        text: t.into(),
    }
}

fn item(spans: Vec<Span>) -> Item {
    Item { spans, pre: None }
}

/// The report as blocks, in order.
pub fn document(r: &Results) -> Vec<Block> {
    let mut d = Vec::new();
    let name = model::suite_name(r);
    d.push(heading(1, "top", format!("barrage report: {name}")));
    if let Some(desc) = model::suite_description(r) {
        d.push(Block::Para(vec![text(desc)]));
    }
    d.push(Block::List(overview(r)));
    if !r.complete {
        d.push(Block::Alert(vec![strong(format!(
            "{}: this report shows only what was measured before it stopped ({} levels). Levels and servers that were not reached are missing.",
            model::state(r),
            r.runs.len()
        ))]));
    }
    d.push(Block::Para(legend()));
    d.push(Block::Contents);
    ranking_blocks(r, &mut d);
    if !r.warnings.is_empty() {
        d.push(heading(2, "warnings", "Warnings"));
        d.push(Block::List(
            r.warnings.iter().map(|w| item(vec![text(w)])).collect(),
        ));
    }
    side_by_side_blocks(r, &mut d);
    for g in model::groups(r) {
        group_blocks(r, &g, &mut d);
    }
    capacity_blocks(r, &mut d);
    d.push(Block::Charts(None));
    if r.runs.is_empty() {
        d.push(heading(2, "no-runs", "Measurements"));
        d.push(Block::Para(vec![text("No level was measured.")]));
    }
    failures(r, &mut d);
    probes(r, &mut d);
    hosts(r, &mut d);
    environment(r, &mut d);
    d
}

/// A run across hosts: the hosts, then every level's share per client host.
fn hosts(r: &Results, d: &mut Vec<Block>) {
    if r.hosts.is_empty() {
        return;
    }
    let table = |id: &str, head: &[&str], numeric: &[bool], rows: Vec<Vec<String>>| {
        Block::Table(Table {
            id: id.into(),
            head: head.iter().map(|h| h.to_string()).collect(),
            numeric: numeric.to_vec(),
            rows: rows
                .into_iter()
                .map(|r| r.into_iter().map(TableCell::plain).collect())
                .collect(),
        })
    };
    d.push(heading(2, "hosts", "Hosts"));
    d.push(table(
        "t-hosts",
        &[
            "host",
            "role",
            "address",
            "cores",
            "kernel",
            "CPU",
            "clock offset",
        ],
        &[false, false, false, false, false, false, true],
        barrage_model::table::host_rows(r)
            .into_iter()
            .map(Vec::from)
            .collect(),
    ));
    d.push(heading(2, "client-hosts", "Per client host"));
    d.push(Block::Para(vec![text(
        "Each level's share of the load on every client host. Percentiles a tool printed only as a summary cannot be merged across hosts: the level's tables say \"not mergeable\", and each host's own p99 is here.",
    )]));
    d.push(table(
        "t-client-hosts",
        &[
            "server",
            "scenario",
            "driver",
            "level",
            "repeat",
            "host",
            "responses/s",
            "p99",
            "client CPU per response",
            "client-bound",
        ],
        &[
            false, false, false, false, true, false, true, true, true, false,
        ],
        barrage_model::table::client_host_rows(r)
            .into_iter()
            .map(Vec::from)
            .collect(),
    ));
}

fn overview(r: &Results) -> Vec<Item> {
    let mut items = vec![
        item(vec![text("Suite file: "), code(&r.suite_file)]),
        item(vec![
            text("Started "),
            text(&r.started_at),
            text(match &r.finished_at {
                Some(f) => format!(", finished {f}"),
                None => ", not finished".into(),
            }),
            text(": "),
            if r.complete {
                text(model::state(r))
            } else {
                strong(model::state(r))
            },
        ]),
    ];
    let mut plan = Vec::new();
    plan.push(format!("{} repeats", r.suite.repeats));
    plan.push(format!(
        "{}s measured per level",
        model::fmt_num(r.suite.duration.as_secs_f64())
    ));
    plan.push(format!(
        "{}s warm-up",
        model::fmt_num(r.suite.warmup.as_secs_f64())
    ));
    if r.quick {
        plan.push("--quick".into());
    }
    if let Some(only) = &r.only {
        plan.push(format!("--only {only}"));
    }
    if !plan.is_empty() {
        items.push(item(vec![text(format!("Plan: {}", plan.join(", ")))]));
    }
    let cores = |list: &[usize]| -> String {
        if list.is_empty() {
            return "not pinned".into();
        }
        let names: Vec<String> = list.iter().map(|c| c.to_string()).collect();
        names.join(",")
    };
    items.push(item(vec![text(format!(
        "Cores: server {}, client {}",
        cores(&r.suite.cores.server),
        cores(&r.suite.cores.client)
    ))]));
    items.push(item(vec![text(format!(
        "{} levels measured; {} server starts, {} of them not measured",
        r.runs.len(),
        r.servers.len(),
        r.servers
            .iter()
            .filter(|s| s.status != StartStatus::Ok)
            .count()
    ))]));
    items
}

fn group_blocks(r: &Results, g: &Group<'_>, d: &mut Vec<Block>) {
    let id = g.id();
    d.push(heading(
        2,
        format!("sec-{id}"),
        format!("{} ({})", g.scenario, g.driver),
    ));
    let mut line = Vec::new();
    if let Some(s) = r.suite.scenarios.iter().find(|s| s.name == g.scenario) {
        line.push(code(model::scenario_line(s)));
        line.push(text(", "));
    }
    line.push(text(format!("driver {}.", g.driver)));
    d.push(Block::Para(line));
    metric_tables(&g.grid(), &id, 3, d);
    let mut marked = Vec::new();
    for row in &g.rows {
        for (li, label) in &g.levels {
            let cell = g.cell(row, *li);
            let mut why = Vec::new();
            if cell.client_bound() {
                why.push("client-bound".to_string());
            }
            why.extend(cell.invalid_reasons());
            if !why.is_empty() {
                marked.push(item(vec![
                    text(format!("{row} at {label}: ")),
                    text(why.join(", ")),
                ]));
            }
        }
    }
    if !marked.is_empty() {
        d.push(Block::Para(vec![strong("Marked levels:")]));
        d.push(Block::List(marked));
    }
    d.push(Block::Charts(Some(id)));
}

/// A table's four tables (responses/s, p99, errors, client CPU per
/// response), each under a heading of level `level`; `id` makes their ids
/// (`rate-ID`, `t-rate-ID`, ...).
fn metric_tables(grid: &model::Grid<'_>, id: &str, level: u8, d: &mut Vec<Block>) {
    let tables: [(&str, &str, Option<Metric>); 4] = [
        ("rate", "Median responses/s", Some(Metric::ResponsesPerS)),
        ("p99", "Median p99 latency", Some(Metric::P99)),
        (
            "errors",
            "Errors / timeouts / non-2xx (sums over repeats)",
            None,
        ),
        (
            "cpu",
            "Median client CPU per response",
            Some(Metric::ClientCpu),
        ),
    ];
    for (key, title, metric) in tables {
        d.push(heading(level, format!("{key}-{id}"), title));
        d.push(Block::Table(grid_table(
            grid,
            &format!("t-{key}-{id}"),
            metric,
        )));
    }
}

/// The suite's side-by-side tables (`[[table]]`), under one heading: for
/// each, the scenarios' requests and the four tables with a column per
/// level and scenario.
fn side_by_side_blocks(r: &Results, d: &mut Vec<Block>) {
    let sides = model::side_by_side(r);
    if sides.is_empty() {
        return;
    }
    d.push(heading(2, "side-by-side", "Side by side"));
    d.push(Block::Para(vec![text(
        "The suite's tables of several scenarios: a column per level and scenario, grouped by level. Each scenario's own section follows, with the reasons for the marks.",
    )]));
    for t in &sides {
        let id = t.id();
        d.push(heading(
            3,
            format!("sec-{id}"),
            format!("{} ({})", t.title, t.driver),
        ));
        let mut items = Vec::new();
        for (name, label) in t.scenarios.iter().zip(&t.labels) {
            let mut spans = vec![code(label)];
            if label != name {
                spans.push(text(format!(" ({name})")));
            }
            if let Some(s) = r.suite.scenarios.iter().find(|s| &s.name == name) {
                spans.push(text(": "));
                spans.push(code(model::scenario_line(s)));
            }
            items.push(item(spans));
        }
        d.push(Block::Para(vec![text(format!(
            "Driver {}; the columns' scenarios:",
            t.driver
        ))]));
        d.push(Block::List(items));
        metric_tables(&t.grid(), &id, 4, d);
    }
}

/// Each search scenario's capacity table: server variants ranked by their
/// median capacity, with its confidence interval over repeats, and each
/// repeat's answer.
fn capacity_blocks(r: &Results, d: &mut Vec<Block>) {
    for (scenario, rows) in model::capacities(r) {
        let id = format!("capacity-{}", model::slug(&scenario));
        d.push(heading(
            2,
            format!("sec-{id}"),
            format!("Capacity: {scenario}"),
        ));
        let first = rows.first().and_then(|row| row.runs.first());
        let unit = match first.map(|x| &x.level) {
            Some(Level::Search {
                calls: Some(calls), ..
            }) => format!("sessions/s ({calls} calls each)"),
            _ => "requests/s".to_string(),
        };
        let mut line = Vec::new();
        if let Some(sc) = r.suite.scenarios.iter().find(|s| s.name == scenario) {
            line.push(code(model::scenario_line(sc)));
            line.push(text(". "));
            if let Some(spec) = &sc.search {
                line.push(text("The highest rate, in "));
                line.push(text(unit.clone()));
                line.push(text(", at which every step met "));
                line.push(code(spec.slo.clone()));
                line.push(text(format!(
                    " (searched from {} to {}, to {}%; barrage's engine, open loop timed from the intended send). ",
                    model::fmt_rate(spec.min),
                    model::fmt_rate(spec.max),
                    spec.precision * 100.0
                )));
            }
        }
        line.push(text(
            "Ranked by the median over repeats; the interval is the median's, from the repeats' order statistics, with the confidence it has.",
        ));
        d.push(Block::Para(line));
        let head = [
            "rank", "server", "capacity", "interval", "repeats", "steps", "notes",
        ];
        let rows_out = rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let rates = row.rates();
                let median = row.median();
                let bounded = row.bounded();
                let capacity = capacity_cell(row);
                let interval = match stats::median_interval(&rates, 0.05) {
                    Some(iv) => format!(
                        "{}–{}/s ({:.0}%)",
                        model::fmt_rate(iv.lo),
                        model::fmt_rate(iv.hi),
                        iv.confidence * 100.0
                    ),
                    None => "–".into(),
                };
                vec![
                    rank_cell(i, median),
                    TableCell::plain(&row.row),
                    capacity,
                    TableCell::plain(interval),
                    TableCell::plain(row.answers().join(", ")),
                    TableCell::plain(row.steps().to_string()),
                    TableCell::plain(bounded.join("; ")),
                ]
            })
            .collect();
        d.push(Block::Table(Table {
            id: format!("t-{id}"),
            head: head.iter().map(|h| h.to_string()).collect(),
            numeric: vec![true, false, true, true, false, true, false],
            rows: rows_out,
        }));
        d.push(Block::Charts(Some(id)));
    }
}

/// A capacity row's median answer: `19,609/s`, `≥ 19,609/s` when some
/// repeat's answer is only a lower bound (marked `*` when the client was
/// the limit, `!` otherwise), `none` without any answer.
fn capacity_cell(row: &model::CapacityRow<'_>) -> TableCell {
    let median = row.median();
    let bounded = row.bounded();
    let mut capacity = TableCell::plain(match median {
        Some(m) => format!(
            "{}{}/s",
            if bounded.is_empty() { "" } else { "≥ " },
            model::fmt_rate(m)
        ),
        None => "none".into(),
    });
    if !bounded.is_empty() {
        capacity.client_bound = row.client_bound();
        capacity.invalid = !capacity.client_bound;
        capacity
            .text
            .push(if capacity.client_bound { '*' } else { '!' });
        capacity.note = Some(bounded.join("; "));
    }
    capacity.missing = median.is_none();
    capacity
}

/// The rank of the `i`-th row (from 0) of a ranked table: `–` for a row
/// without a value.
fn rank_cell(i: usize, value: Option<f64>) -> TableCell {
    TableCell::plain(if value.is_some() {
        (i + 1).to_string()
    } else {
        "–".into()
    })
}

/// The spread of a ranked row's repeats: `80,417–84,210 (3 repeats)`,
/// `82,716 (1 repeat)`, `–` without any value.
fn spread_cell(values: &[f64], unit: &str) -> TableCell {
    TableCell::plain(match model::min_max(values) {
        None => "–".to_string(),
        Some((lo, hi)) if values.len() == 1 && lo == hi => {
            format!("{}{unit} (1 repeat)", model::fmt_rate(lo))
        }
        Some((lo, hi)) => format!(
            "{}–{}{unit} ({} repeats)",
            model::fmt_rate(lo),
            model::fmt_rate(hi),
            values.len()
        ),
    })
}

/// The ranking that opens the report: for each table (scenario × driver)
/// its server variants ranked by median responses/s at the highest level
/// every variant ran ([`model::Group::ranking`]), and for each capacity
/// search by median capacity; each with the spread of its repeats and the
/// tables' marks.
fn ranking_blocks(r: &Results, d: &mut Vec<Block>) {
    let groups: Vec<(Group<'_>, model::Ranking<'_>)> = model::groups(r)
        .into_iter()
        .filter_map(|g| {
            let ranking = g.ranking(Metric::ResponsesPerS, false)?;
            Some((g, ranking))
        })
        .collect();
    let capacities = model::capacities(r);
    if groups.is_empty() && capacities.is_empty() {
        return;
    }
    d.push(heading(2, "ranking", "Ranking"));
    d.push(Block::Para(vec![text(
        "Each table's servers, best first: by median responses/s at the highest level with numbers for every server (capacity searches: by median capacity), with the lowest and highest value of the repeats and the marks of the tables below.",
    )]));
    let head = |what: &str| -> Vec<String> {
        ["rank", "server", what, "repeats: lowest–highest"]
            .iter()
            .map(|h| h.to_string())
            .collect()
    };
    for (g, ranking) in &groups {
        let which = if ranking.every_row {
            ", the highest level with numbers for every server:"
        } else {
            ", the highest level with numbers for the most servers (the others have none there):"
        };
        d.push(Block::Para(vec![
            strong(format!("{} ({})", g.scenario, g.driver)),
            text(" at "),
            code(&ranking.level),
            text(which),
        ]));
        let rows = ranking
            .rows
            .iter()
            .enumerate()
            .map(|(i, (row, cell))| {
                let m = Metric::ResponsesPerS;
                vec![
                    rank_cell(i, cell.median(m)),
                    TableCell::plain(row),
                    metric_cell(cell, m),
                    spread_cell(&cell.values(m), ""),
                ]
            })
            .collect();
        d.push(Block::Table(Table {
            id: format!("t-rank-{}", g.id()),
            head: head("responses/s"),
            numeric: vec![true, false, true, true],
            rows,
        }));
    }
    for (scenario, rows) in &capacities {
        d.push(Block::Para(vec![
            strong(format!("Capacity: {scenario}")),
            text(", the capacity search's median answer:"),
        ]));
        let rows = rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                vec![
                    rank_cell(i, row.median()),
                    TableCell::plain(&row.row),
                    capacity_cell(row),
                    spread_cell(&row.rates(), "/s"),
                ]
            })
            .collect();
        d.push(Block::Table(Table {
            id: format!("t-rank-capacity-{}", model::slug(scenario)),
            head: head("capacity"),
            numeric: vec![true, false, true, true],
            rows,
        }));
    }
}

/// One metric of a table (`None`: the error counts), a row per server
/// variant.
fn grid_table(grid: &model::Grid<'_>, id: &str, metric: Option<Metric>) -> Table {
    let mut head = vec!["server".to_string()];
    head.extend(grid.columns.iter().cloned());
    let mut numeric = vec![false];
    numeric.extend(grid.columns.iter().map(|_| true));
    let rows = grid
        .rows
        .iter()
        .map(|(row, cells)| {
            let mut out = vec![TableCell::plain(row)];
            out.extend(cells.iter().map(|cell| match metric {
                Some(m) => metric_cell(cell, m),
                None => errors_cell(cell),
            }));
            out
        })
        .collect();
    Table {
        id: id.to_string(),
        head,
        numeric,
        rows,
    }
}

fn marks(cell: &Cell<'_>, mut t: TableCell) -> TableCell {
    t.client_bound = cell.client_bound();
    t.invalid = cell.invalid();
    if t.client_bound {
        t.text.push('*');
    }
    if t.invalid {
        t.text.push('!');
    }
    let mut why = Vec::new();
    if t.client_bound {
        why.push("client-bound".to_string());
    }
    why.extend(cell.invalid_reasons());
    if !why.is_empty() {
        t.note = Some(why.join(", "));
    }
    t
}

fn missing(cell: &Cell<'_>) -> Option<TableCell> {
    if cell.is_empty() {
        return Some(TableCell {
            text: "–".into(),
            missing: true,
            note: Some("not run".into()),
            ..TableCell::default()
        });
    }
    if cell.failed() {
        let why: Vec<&str> = cell
            .runs
            .iter()
            .filter_map(|x| x.error.as_deref())
            .collect();
        return Some(TableCell {
            text: "failed".into(),
            missing: true,
            invalid: true,
            note: Some(first_line(&why.join("; ")).to_string()),
            ..TableCell::default()
        });
    }
    None
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

fn metric_cell(cell: &Cell<'_>, m: Metric) -> TableCell {
    if let Some(t) = missing(cell) {
        return t;
    }
    let Some(v) = cell.median(m) else {
        if matches!(m, Metric::P50 | Metric::P99 | Metric::P999) && cell.not_mergeable() {
            let mut t = TableCell::plain("not mergeable");
            t.note = Some(
                "the tool printed its percentiles only as a summary on each client host; each host's p99 is under Per client host"
                    .into(),
            );
            return marks(cell, t);
        }
        return marks(cell, TableCell::plain("–"));
    };
    let t = match m {
        Metric::ResponsesPerS | Metric::Capacity => model::fmt_rate(v),
        Metric::P50 | Metric::P99 | Metric::P999 => model::fmt_latency_us(v),
        Metric::ClientCpu => format!("{v:.2} µs"),
    };
    marks(cell, TableCell::plain(t))
}

fn errors_cell(cell: &Cell<'_>) -> TableCell {
    if let Some(t) = missing(cell) {
        return t;
    }
    let n = |v: Option<u64>| v.map_or("–".to_string(), model::group_digits);
    let t = format!(
        "{} / {} / {}",
        n(cell.sum(|s| s.errors)),
        n(cell.sum(|s| s.timeouts)),
        n(cell.sum(|s| s.non_2xx))
    );
    marks(cell, TableCell::plain(t))
}

fn failures(r: &Results, d: &mut Vec<Block>) {
    let starts = model::not_measured(r);
    if !starts.is_empty() {
        d.push(heading(2, "not-measured", "Servers not measured"));
        d.push(Block::List(
            starts
                .iter()
                .map(|s| Item {
                    spans: vec![
                        strong(model::row_name(&s.server, &s.variant)),
                        text(format!(" (repeat {}): {}", s.repeat + 1, s.status.name())),
                    ],
                    pre: s.reason.clone().filter(|x| !x.is_empty()),
                })
                .collect(),
        ));
    }
    let runs = model::failed_runs(r);
    if !runs.is_empty() {
        d.push(heading(2, "failed-levels", "Levels with an error"));
        d.push(Block::List(
            runs.iter()
                .map(|x| Item {
                    spans: vec![
                        strong(model::row_name(&x.server, &x.variant)),
                        text(format!(
                            ", {} ({}) at {}, repeat {}{}",
                            x.scenario,
                            x.driver,
                            x.level,
                            x.repeat + 1,
                            if x.stats.is_none() {
                                ": no numbers"
                            } else {
                                ""
                            }
                        )),
                    ],
                    pre: x.error.clone(),
                })
                .collect(),
        ));
    }
}

fn probes(r: &Results, d: &mut Vec<Block>) {
    let probes = model::probes(r);
    if probes.is_empty() {
        return;
    }
    d.push(heading(2, "probes", "Responses (probes)"));
    d.push(Block::Para(vec![text(
        "Each server's response to each scenario before the load: header bytes as HTTP/1.1 text, body bytes.",
    )]));
    let head = [
        "server",
        "scenario",
        "status",
        "version",
        "framing",
        "header bytes",
        "body bytes",
        "notes",
    ];
    let rows = probes
        .iter()
        .map(|p| {
            let row = model::row_name(&p.server, &p.variant);
            let mut notes: Vec<String> = Vec::new();
            if let Some(why) = &p.invalid {
                notes.push(format!("skipped: {why}"));
            }
            let mut cells = vec![TableCell::plain(row), TableCell::plain(&p.scenario)];
            match &p.result {
                Some(res) => {
                    if !res.deviations.is_empty() {
                        notes.push(format!("deviations: {}", res.deviations.join("; ")));
                    }
                    cells.push(TableCell::plain(res.status.to_string()));
                    cells.push(TableCell::plain(&res.version));
                    cells.push(TableCell::plain(&res.framing));
                    cells.push(TableCell::plain(res.header_bytes.to_string()));
                    cells.push(TableCell::plain(res.body_bytes.to_string()));
                }
                None => {
                    for _ in 0..5 {
                        cells.push(TableCell::plain("–"));
                    }
                }
            }
            let mut last = TableCell::plain(notes.join("; "));
            last.invalid = p.invalid.is_some();
            cells.push(last);
            cells
        })
        .collect();
    d.push(Block::Table(Table {
        id: "t-probes".into(),
        head: head.iter().map(|h| h.to_string()).collect(),
        numeric: vec![false, false, true, false, false, true, true, false],
        rows,
    }));
}

fn environment(r: &Results, d: &mut Vec<Block>) {
    let e = &r.environment;
    d.push(heading(2, "environment", "Environment"));
    let mut rows: Vec<(String, String)> = vec![
        ("host".into(), e.hostname.clone()),
        ("kernel".into(), e.kernel.clone()),
        ("CPU".into(), e.cpu_model.clone()),
        ("cores".into(), e.cores.to_string()),
        (
            "memory".into(),
            format!(
                "{} ({} bytes)",
                model::fmt_bytes(e.memory_bytes),
                e.memory_bytes
            ),
        ),
        (
            "open files".into(),
            format!("{} soft, {} hard", e.open_files_soft, e.open_files_hard),
        ),
        (
            "barrage".into(),
            match &e.git_commit {
                Some(c) => format!("{} at {c}", e.barrage_version),
                None => e.barrage_version.clone(),
            },
        ),
        ("captured at".into(), e.captured_at.clone()),
    ];
    for (k, v) in &e.sysctls {
        rows.push((k.clone(), v.clone()));
    }
    for (k, v) in &e.server_versions {
        rows.push((format!("{k} version"), v.clone()));
    }
    d.push(Block::Table(Table {
        id: "t-environment".into(),
        head: vec!["".into(), "".into()],
        numeric: vec![false, false],
        rows: rows
            .into_iter()
            .map(|(k, v)| vec![TableCell::plain(k), TableCell::plain(v)])
            .collect(),
    }));
}

// ---- Markdown ----

/// `report.md`.
pub fn markdown(r: &Results) -> String {
    render_markdown(&document(r))
}

/// Blocks as Markdown (CommonMark with GFM tables).
pub fn render_markdown(blocks: &[Block]) -> String {
    let mut s = String::new();
    for b in blocks {
        match b {
            Block::Heading { level, text, .. } => {
                let _ = writeln!(
                    s,
                    "{} {}\n",
                    "#".repeat(usize::from(*level)),
                    md_escape(text)
                );
            }
            Block::Para(spans) => {
                let _ = writeln!(s, "{}\n", md_spans(spans));
            }
            Block::Alert(spans) => {
                let _ = writeln!(s, "> {}\n", md_spans(spans));
            }
            Block::List(items) => {
                for (i, it) in items.iter().enumerate() {
                    let _ = writeln!(s, "- {}", md_spans(&it.spans));
                    if let Some(pre) = &it.pre {
                        let fence = fence_for(pre);
                        let _ = writeln!(s, "\n  {fence}");
                        for line in pre.lines() {
                            let _ = writeln!(s, "  {line}");
                        }
                        let _ = writeln!(s, "  {fence}");
                        if i + 1 < items.len() {
                            s.push('\n');
                        }
                    }
                }
                s.push('\n');
            }
            Block::Table(t) => {
                let _ = writeln!(
                    s,
                    "| {} |",
                    t.head
                        .iter()
                        .map(|h| md_cell(h))
                        .collect::<Vec<_>>()
                        .join(" | ")
                );
                let _ = writeln!(
                    s,
                    "|{}",
                    t.numeric
                        .iter()
                        .map(|n| if *n { "--:|" } else { "---|" })
                        .collect::<String>()
                );
                for row in &t.rows {
                    let _ = writeln!(
                        s,
                        "| {} |",
                        row.iter()
                            .map(|c| md_cell(&c.text))
                            .collect::<Vec<_>>()
                            .join(" | ")
                    );
                }
                s.push('\n');
            }
            Block::Contents | Block::Charts(_) => {}
        }
    }
    while s.ends_with("\n\n") {
        s.pop();
    }
    s
}

/// A code fence longer than any run of backticks in the text.
fn fence_for(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    "`".repeat((longest + 1).max(3))
}

fn md_spans(spans: &[Span]) -> String {
    spans
        .iter()
        .map(|sp| match sp {
            Span::Text(t) => md_escape(t),
            Span::Strong(t) => format!("**{}**", md_escape(t)),
            Span::Code(t) => {
                let ticks = if t.contains('`') { "`` " } else { "`" };
                let close = if t.contains('`') { " ``" } else { "`" };
                format!("{ticks}{}{close}", t.replace('\n', " "))
            }
        })
        .collect()
}

/// Text that Markdown shows as written: the characters that would start
/// emphasis, code, HTML or a link are escaped; line breaks become spaces.
fn md_escape(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '\\' | '*' | '`' | '<' | '>' | '[' | ']' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

fn md_cell(t: &str) -> String {
    // Marks at the end of numbers are shown as they are (`1,234*!`).
    let (body, marks) = split_marks(t);
    format!("{}{marks}", md_escape(body))
}

/// `"1,234*!"` → (`"1,234"`, `"*!"`).
fn split_marks(t: &str) -> (&str, &str) {
    let body = t.trim_end_matches(['*', '!']);
    (body, &t[body.len()..])
}

// ---- CSV ----

/// The CSV's columns.
pub const CSV_COLUMNS: [&str; 24] = [
    "suite",
    "server",
    "variant",
    "scenario",
    "driver",
    "level_index",
    "level",
    "repeat",
    "responses",
    "responses_per_s",
    "errors",
    "timeouts",
    "non_2xx",
    "latency_mean_us",
    "latency_p50_us",
    "latency_p90_us",
    "latency_p99_us",
    "latency_p99_9_us",
    "latency_max_us",
    "client_cpu_per_response_us",
    "client_bound",
    "server_cpu_s",
    "server_peak_rss_bytes",
    "error",
];

/// `report.csv`: a header row, then one row per measured level and repeat
/// in report order (scenario, driver, server variant, level, repeat).
/// `repeat` and `level_index` count from 0, as in results.json. A cell is
/// empty where the tool (or the monitor) gave nothing, never 0. RFC 4180:
/// CRLF line ends, fields with `,`, `"` or line breaks quoted.
pub fn csv(r: &Results) -> String {
    let suite = model::suite_name(r);
    let mut s = String::new();
    csv_row(&mut s, CSV_COLUMNS.iter().map(|c| c.to_string()));
    for x in model::ordered_runs(r) {
        csv_row(&mut s, csv_fields(&suite, x));
    }
    s
}

fn csv_fields(suite: &str, x: &RunRecord) -> Vec<String> {
    let st = x.stats.as_ref();
    let int = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
    let num = |v: Option<f64>| v.map(model::fmt_num).unwrap_or_default();
    let usage = &x.server_usage;
    let monitored = !usage.samples.is_empty();
    vec![
        suite.to_string(),
        x.server.clone(),
        model::row_name(&x.server, &x.variant),
        x.scenario.clone(),
        x.driver.clone(),
        x.level_index.to_string(),
        x.level.to_string(),
        x.repeat.to_string(),
        int(st.map(|s| s.responses)),
        num(st.map(|s| s.responses_per_s)),
        int(st.and_then(|s| s.errors)),
        int(st.and_then(|s| s.timeouts)),
        int(st.and_then(|s| s.non_2xx)),
        num(st.and_then(|s| s.latency_mean_us)),
        num(st.and_then(|s| s.latency_p50_us)),
        num(st.and_then(|s| s.latency_p90_us)),
        num(st.and_then(|s| s.latency_p99_us)),
        num(st.and_then(|s| s.latency_p99_9_us)),
        num(st.and_then(|s| s.latency_max_us)),
        num(x.client.cpu_per_response_us),
        x.client_bound.to_string(),
        num(monitored.then_some(usage.cpu_user_s + usage.cpu_sys_s)),
        int(monitored.then_some(usage.max_rss_bytes)),
        x.error.clone().unwrap_or_default(),
    ]
}

fn csv_row(s: &mut String, fields: impl IntoIterator<Item = String>) {
    let mut first = true;
    for f in fields {
        if !first {
            s.push(',');
        }
        first = false;
        s.push_str(&csv_field(&f));
    }
    s.push_str("\r\n");
}

/// One field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quoting() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field(""), "");
    }

    #[test]
    fn markdown_escapes() {
        assert_eq!(md_escape("a*b <x> | `c`"), "a\\*b \\<x\\> \\| \\`c\\`");
        assert_eq!(md_cell("1,234*!"), "1,234*!");
        assert_eq!(md_cell("a|b"), "a\\|b");
        assert_eq!(fence_for("no ticks"), "```");
        assert_eq!(fence_for("x ```` y"), "`````");
    }
}
