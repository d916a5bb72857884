//! What limited each number: the client's ceilings measured in the same
//! sitting, each level's limit and warm-up, each server start's warm-up
//! until steady (docs/load.md "What limited a number", docs/suites.md
//! "Warm-up" and "The client's ceiling"). Builds blocks only.

use barrage_model::limit::LimitKind;
use barrage_model::results::{Results, RunRecord};
use barrage_model::table::{Cell, Grid};
use barrage_model::warmup::{request_key, WarmupRecord};

use super::{code, heading, text, Block, Table, TableCell};
use crate::model;

fn pct(v: Option<f64>) -> String {
    v.map_or("–".into(), |v| format!("{:.0}%", v * 100.0))
}

/// The ceilings, under their own heading: one row per shape of load.
pub(super) fn ceiling_blocks(r: &Results, d: &mut Vec<Block>) {
    if r.ceilings.is_empty() {
        return;
    }
    d.push(heading(2, "ceilings", "The client's ceiling"));
    d.push(Block::Para(vec![
        text("What the client reached with each shape of load, measured in this sitting before the first server, against a responder on the server's cores that costs next to nothing ("),
        code("barrage serve --precomputed"),
        text(" for plain GETs over HTTP/1.1, "),
        code("barrage serve"),
        text(" for the other protocols). A closed loop's ceiling is its rate; an open loop's, the rate it sent while asked for more. A level at 90% of its shape's ceiling or more is client-bound ("),
        code("ceiling"),
        text("), and so is a capacity whose failing steps ran there. A ceiling whose responder filled its core first is a lower bound and judges nothing."),
    ]));
    let rows = r
        .ceilings
        .iter()
        .map(|c| {
            let limited = match (&c.error, c.client_limited) {
                (Some(e), _) => format!("not measured: {e}"),
                (None, true) => "the client".into(),
                (None, false) => "the responder (a lower bound)".into(),
            };
            vec![
                TableCell::plain(c.shape.to_string()),
                TableCell::plain(&c.responder),
                TableCell::plain(match c.error {
                    Some(_) => "–".into(),
                    None => format!(
                        "{}{}/s",
                        if c.client_limited { "" } else { "≥ " },
                        model::fmt_rate(c.rate_per_s)
                    ),
                }),
                TableCell::plain(pct(c.client_cpu_share)),
                TableCell::plain(pct(c.responder_cpu_share)),
                TableCell::plain(limited),
            ]
        })
        .collect();
    d.push(Block::Table(Table {
        id: "t-ceilings".into(),
        head: [
            "shape",
            "responder",
            "ceiling",
            "client CPU",
            "responder CPU",
            "limited by",
        ]
        .iter()
        .map(|h| h.to_string())
        .collect(),
        numeric: vec![false, false, true, true, true, false],
        rows,
    }));
}

/// The kind of limit most of a cell's repeats had, and every reason.
fn limit_cell(cell: &Cell<'_>) -> TableCell {
    let limits: Vec<_> = cell.runs.iter().filter_map(|x| x.limit.as_ref()).collect();
    if limits.is_empty() {
        return TableCell {
            text: "–".into(),
            missing: true,
            ..TableCell::default()
        };
    }
    let mut kinds: Vec<LimitKind> = limits.iter().map(|l| l.kind).collect();
    kinds.sort();
    let most = kinds
        .iter()
        .max_by_key(|k| kinds.iter().filter(|x| x == k).count())
        .copied()
        .unwrap_or(LimitKind::Nothing);
    let mut whys: Vec<String> = limits.iter().map(|l| l.to_string()).collect();
    whys.dedup();
    // The limit beside the figure, with its reason (the first repeat's of
    // that kind; every repeat's in the tooltip).
    let shown = limits
        .iter()
        .find(|l| l.kind == most)
        .map_or(most.name().to_string(), |l| l.to_string());
    TableCell {
        text: shown,
        client_bound: most == LimitKind::Client,
        note: Some(whys.join("; ")),
        ..TableCell::default()
    }
}

/// The warm-up a run had: its start's warm-up until steady of its request
/// (when the start ran one), and its own.
pub(super) fn warmup_of<'r>(r: &'r Results, x: &RunRecord) -> Option<&'r WarmupRecord> {
    let scenario = r.suite.scenarios.iter().find(|s| s.name == x.scenario)?;
    let key = request_key(scenario);
    r.servers
        .iter()
        .filter(|s| s.repeat == x.repeat && s.variant == x.variant)
        .flat_map(|s| &s.warmups)
        .find(|w| w.request == key)
}

fn warmup_cell(r: &Results, cell: &Cell<'_>) -> TableCell {
    let Some(x) = cell.runs.first() else {
        return TableCell {
            text: "–".into(),
            missing: true,
            ..TableCell::default()
        };
    };
    let own = x
        .warmup_s
        .map(|s| format!(" + {s:.2} s"))
        .unwrap_or_default();
    let capped = cell
        .runs
        .iter()
        .filter_map(|x| warmup_of(r, x))
        .any(|w| !w.steady);
    let text_ = match warmup_of(r, x) {
        Some(w) if w.steady => format!("{:.1} s{own}", w.seconds),
        Some(w) if w.error.is_some() => format!("{:.1} s, not warmed{own}", w.seconds),
        Some(w) => format!("{:.1} s capped{own}", w.seconds),
        None => format!("none{own}"),
    };
    let notes: Vec<String> = cell
        .runs
        .iter()
        .filter_map(|x| warmup_of(r, x))
        .map(|w| format!("{}: {}", w.scenario, w.summary()))
        .collect();
    TableCell {
        text: if capped { format!("{text_}!") } else { text_ },
        invalid: capped,
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        ..TableCell::default()
    }
}

/// A group's two tables of context: what limited each level, and its
/// warm-up (the start's until steady, then the level's own).
pub(super) fn limit_tables(r: &Results, grid: &Grid<'_>, id: &str, level: u8, d: &mut Vec<Block>) {
    let any = |has: &dyn Fn(&RunRecord) -> bool| {
        grid.rows
            .iter()
            .any(|(_, cells)| cells.iter().any(|c| c.runs.iter().any(|x| has(x))))
    };
    if any(&|x| x.limit.is_some()) {
        let title = "What limited each level";
        text_table(grid, level, &format!("limit-{id}"), title, &limit_cell, d);
    }
    if any(&|x| x.warmup_s.is_some()) {
        let title = "Warm-up before each level (until steady, then the level's own)";
        let cell = |c: &Cell<'_>| warmup_cell(r, c);
        text_table(grid, level, &format!("warmup-{id}"), title, &cell, d);
    }
}

/// A heading and a table of `grid`'s rows and columns, each cell `cell`'s
/// text (not numbers).
fn text_table(
    grid: &Grid<'_>,
    level: u8,
    id: &str,
    title: &str,
    cell: &dyn Fn(&Cell<'_>) -> TableCell,
    d: &mut Vec<Block>,
) {
    let mut head = vec!["server".to_string()];
    head.extend(grid.columns.iter().cloned());
    d.push(heading(level, id.to_string(), title));
    d.push(Block::Table(Table {
        id: format!("t-{id}"),
        numeric: vec![false; head.len()],
        head,
        rows: grid
            .rows
            .iter()
            .map(|(row, cells)| {
                let mut out = vec![TableCell::plain(row)];
                out.extend(cells.iter().map(cell));
                out
            })
            .collect(),
    }));
}

/// The limit of a capacity search's answer in words, for its table.
pub(super) fn search_limit(runs: &[&RunRecord]) -> String {
    let mut out: Vec<String> = runs
        .iter()
        .filter_map(|x| x.limit.as_ref().map(|l| l.to_string()))
        .collect();
    out.dedup();
    out.join("; ")
}
