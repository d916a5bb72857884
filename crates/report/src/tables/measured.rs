//! The tables of what was measured: each scenario's section (responses/s,
//! p99, errors, client CPU by level), the side-by-side tables, the
//! capacities of searches and the rankings, with their cells' marks.
//! Builds blocks only: writing them is the writers' work.

use barrage_model::results::Results;
use barrage_model::suite::{Counted, Level};

use super::{code, heading, item, strong, text, Block, Table, TableCell};
use crate::chart::Home;
use crate::model::{self, Cell, Group, Metric};
use crate::stats;

pub(super) fn group_blocks(r: &Results, g: &Group<'_>, d: &mut Vec<Block>) {
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
    let counted = r.suite.counted([g.scenario.as_str()]);
    let grid = g.grid();
    metric_tables(&grid, &id, 3, counted, d);
    super::limits::limit_tables(r, &grid, &id, 3, d);
    let mut marked = Vec::new();
    for row in &g.rows {
        for (li, label) in &g.levels {
            let cell = g.cell(row, *li);
            let mut why: Vec<String> = cell.client_bound_note().into_iter().collect();
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
    d.push(Block::Charts(Some(Home::Group {
        scenario: g.scenario.clone(),
        driver: g.driver.clone(),
    })));
}

/// A table's tables (responses/s, p99, errors, client CPU per response;
/// for WebSocket messages/s, the round trip's p50, p99 and p99.9, errors,
/// client CPU per message; for gRPC calls/s or messages/s, their latency's
/// p50, p99 and p99.9, errors with the failed calls, client CPU per call
/// or message), each under a heading of level `level`; `id`
/// makes their ids (`rate-ID`, `t-rate-ID`, ...).
fn metric_tables(
    grid: &model::Grid<'_>,
    id: &str,
    level: u8,
    counted: Counted,
    d: &mut Vec<Block>,
) {
    let ws = counted == Counted::WS;
    let every = counted.every_percentile();
    let (per_s, time, one) = (counted.per_s, counted.time, counted.one);
    let mut tables: Vec<(&str, String, Option<Metric>)> = vec![(
        "rate",
        format!("Median {per_s}"),
        Some(Metric::ResponsesPerS),
    )];
    if every {
        tables.push(("p50", format!("Median p50 {time}"), Some(Metric::P50)));
    }
    tables.push(("p99", format!("Median p99 {time}"), Some(Metric::P99)));
    if every {
        tables.push(("p99-9", format!("Median p99.9 {time}"), Some(Metric::P999)));
    }
    let errors = if ws {
        // Messages are not HTTP responses: no status to count.
        "Errors / timeouts (sums over repeats)"
    } else if counted.every_percentile() {
        // gRPC: a call that ends with a grpc-status other than 0 is an
        // error (kind grpc_status), counted here.
        "Errors (failed calls: grpc-status not OK, among them) / timeouts / non-2xx (sums over repeats)"
    } else {
        "Errors / timeouts / non-2xx (sums over repeats)"
    };
    tables.push(("errors", errors.to_string(), None));
    tables.push((
        "cpu",
        format!("Median client CPU per {one}"),
        Some(Metric::ClientCpu),
    ));
    for (key, title, metric) in tables {
        d.push(heading(level, format!("{key}-{id}"), title));
        d.push(Block::Table(grid_table(
            grid,
            &format!("t-{key}-{id}"),
            metric,
            ws,
        )));
    }
}

/// The suite's side-by-side tables (`[[table]]`), under one heading: for
/// each, the scenarios' requests and the four tables with a column per
/// level and scenario.
pub(super) fn side_by_side_blocks(r: &Results, d: &mut Vec<Block>) {
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
        let counted = r.suite.counted(t.scenarios.iter().map(String::as_str));
        metric_tables(&t.grid(), &id, 4, counted, d);
    }
}

/// Each search scenario's capacity table: server variants ranked by their
/// median capacity, with its confidence interval over repeats, and each
/// repeat's answer.
pub(super) fn capacity_blocks(r: &Results, d: &mut Vec<Block>) {
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
            _ => r
                .suite
                .counted([scenario.as_str()])
                .offered_per_s
                .to_string(),
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
            "rank",
            "server",
            "capacity",
            "interval",
            "repeats",
            "steps",
            "limited by",
            "notes",
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
                    TableCell::plain(super::limits::search_limit(&row.runs)),
                    TableCell::plain(bounded.join("; ")),
                ]
            })
            .collect();
        d.push(Block::Table(Table {
            id: format!("t-{id}"),
            head: head.iter().map(|h| h.to_string()).collect(),
            numeric: vec![true, false, true, true, false, true, false, false],
            rows: rows_out,
        }));
        d.push(Block::Charts(Some(Home::Capacity {
            scenario: scenario.clone(),
        })));
    }
}

/// A capacity row's median answer: `19,609/s`, `≥ 19,609/s` when some
/// repeat's answer is only a lower bound (marked `*` when the client was
/// the limit, `!` otherwise), `none` without any answer.
fn capacity_cell(row: &model::CapacityRow<'_>) -> TableCell {
    let median = row.median();
    let bounded = row.bounded();
    // A capacity to a tolerance wider than asked is still a capacity: its
    // note says so, without the lower bound's mark.
    let lower = row.lower_bound();
    let mut capacity = TableCell::plain(match median {
        Some(m) => format!("{}{}/s", if lower { "≥ " } else { "" }, model::fmt_rate(m)),
        None => "none".into(),
    });
    if !bounded.is_empty() && !lower {
        capacity.note = Some(bounded.join("; "));
    }
    if lower {
        capacity.client_bound = row.client_bound();
        capacity.invalid = !capacity.client_bound;
        capacity
            .text
            .push(if capacity.client_bound { '*' } else { '!' });
        if let (true, Some(c)) = (capacity.client_bound, row.ceiling()) {
            capacity.text.push_str(&format!(
                " (client-bound: the client's ceiling here is {}/s)",
                model::fmt_rate(c)
            ));
        }
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
pub(super) fn ranking_blocks(r: &Results, d: &mut Vec<Block>) {
    let groups: Vec<(Group<'_>, model::Ranking<'_>)> = model::groups(r)
        .into_iter()
        // A fixed rate's level ranks by CPU per response (below), not by
        // the rate every server was asked for.
        .filter(|g| {
            r.suite
                .scenario_named(&g.scenario)
                .is_none_or(|s| s.efficiency.is_none())
        })
        .filter_map(|g| {
            let ranking = g.ranking(Metric::ResponsesPerS, false)?;
            Some((g, ranking))
        })
        .collect();
    let capacities = model::capacities(r);
    let efficiencies = barrage_model::table::efficiencies(r);
    if groups.is_empty() && capacities.is_empty() && efficiencies.is_empty() {
        return;
    }
    d.push(heading(2, "ranking", "Ranking"));
    // WebSocket and gRPC scenarios rank by messages/s or calls/s: said
    // when there are any.
    let per_s = r.suite.ranked_per_s();
    d.push(Block::Para(vec![text(format!(
        "Each table's servers, best first: by median {per_s} at the highest level with numbers for every server (capacity searches: by median capacity), with the lowest and highest value of the repeats and the marks of the tables below.",
    ))]));
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
            head: head(r.suite.counted([g.scenario.as_str()]).per_s),
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
    efficiency_rankings(&efficiencies, &head("server CPU per response"), d);
}

/// The ranking section's efficiency tables: the servers by CPU per
/// response at each fixed rate, lowest first.
fn efficiency_rankings(
    efficiencies: &[(String, f64, Vec<barrage_model::table::EfficiencyRow<'_>>)],
    head: &[String],
    d: &mut Vec<Block>,
) {
    for (scenario, rate, rows) in efficiencies {
        d.push(Block::Para(vec![
            strong(format!("Efficiency: {scenario}")),
            text(format!(
                ", the server's CPU per response at {}/s, lowest first:",
                model::fmt_rate(*rate)
            )),
        ]));
        let rows = rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let median = row.median();
                vec![
                    rank_cell(i, median),
                    TableCell::plain(&row.row),
                    TableCell::plain(median.map_or("–".into(), |m| format!("{m:.1} µs"))),
                    spread_cell(&row.cpu_per_response_us(), " µs"),
                ]
            })
            .collect();
        d.push(Block::Table(Table {
            id: format!("t-rank-efficiency-{}", model::slug(scenario)),
            head: head.to_vec(),
            numeric: vec![true, false, true, true],
            rows,
        }));
    }
}

/// One metric of a table (`None`: the error counts), a row per server
/// variant.
fn grid_table(grid: &model::Grid<'_>, id: &str, metric: Option<Metric>, ws: bool) -> Table {
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
                None => errors_cell(cell, ws),
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
    let mut why: Vec<String> = cell.client_bound_note().into_iter().collect();
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
        Metric::P50 | Metric::P90 | Metric::P99 | Metric::P999 => model::fmt_latency_us(v),
        Metric::Errors => format!("{v:.2}%"),
        Metric::ClientCpu => format!("{v:.2} µs"),
    };
    marks(cell, TableCell::plain(t))
}

/// `errors / timeouts / non-2xx`; `errors / timeouts` for WebSocket.
fn errors_cell(cell: &Cell<'_>, ws: bool) -> TableCell {
    if let Some(t) = missing(cell) {
        return t;
    }
    let n = |v: Option<u64>| v.map_or("–".to_string(), model::group_digits);
    if ws {
        let t = format!(
            "{} / {}",
            n(cell.sum(|s| s.errors)),
            n(cell.sum(|s| s.timeouts))
        );
        return marks(cell, TableCell::plain(t));
    }
    let t = format!(
        "{} / {} / {}",
        n(cell.sum(|s| s.errors)),
        n(cell.sum(|s| s.timeouts)),
        n(cell.sum(|s| s.non_2xx))
    );
    marks(cell, TableCell::plain(t))
}
