//! The checks section: every level a scenario's `check` judged (a search:
//! its answer), whether it met it, and each threshold with the figure it
//! read; and the overview's line that says how many failed.

use barrage_model::check::all_pass;
use barrage_model::results::{Results, RunRecord};

use super::{code, heading, item, strong, text, Block, Item, Table, TableCell};
use crate::model;

/// `## Checks`, when some scenario has a `check`.
pub(super) fn check_blocks(r: &Results, d: &mut Vec<Block>) {
    let runs = model::checked_runs(r);
    if runs.is_empty() {
        return;
    }
    d.push(heading(2, "checks", "Checks"));
    d.push(Block::Para(vec![
        text("Each level of a scenario with a "),
        code("check"),
        text(" against its thresholds (a capacity search: its answer, the rate being the capacity found); "),
        code("barrage run"),
        text(" exits 3 when a level failed one. A figure the level has no number for (no responses, or a tool that does not report it) fails."),
    ]));
    let head = [
        "server",
        "scenario",
        "level",
        "repeat",
        "check",
        "thresholds",
    ];
    let rows = runs.iter().map(|x| row(x)).collect();
    d.push(Block::Table(Table {
        id: "t-checks".into(),
        head: head.iter().map(|h| h.to_string()).collect(),
        numeric: vec![false, false, false, true, false, false],
        rows,
    }));
}

fn row(x: &RunRecord) -> Vec<TableCell> {
    let pass = all_pass(&x.checks);
    let thresholds: Vec<String> = x
        .checks
        .iter()
        .map(|c| format!("{} {}: {}", c.verdict(), c.check, c.measured_text()))
        .collect();
    let verdict = TableCell {
        text: if pass { "pass" } else { "FAIL" }.into(),
        invalid: !pass,
        ..TableCell::default()
    };
    vec![
        TableCell::plain(model::row_name(&x.server, &x.variant)),
        TableCell::plain(format!("{} ({})", x.scenario, x.driver)),
        TableCell::plain(x.level.to_string()),
        TableCell::plain((x.repeat + 1).to_string()),
        verdict,
        TableCell::plain(thresholds.join("; ")),
    ]
}

/// The overview's line: how many of the levels checked failed.
pub(super) fn overview_item(r: &Results) -> Option<Item> {
    let runs = model::checked_runs(r);
    if runs.is_empty() {
        return None;
    }
    let failed = runs.iter().filter(|x| !all_pass(&x.checks)).count();
    let counted = format!("{failed} of {} levels checked failed", runs.len());
    Some(item(vec![
        text("Checks: "),
        match failed {
            0 => text(format!("every level met its check ({} levels)", runs.len())),
            _ => strong(format!("{counted} (see Checks)")),
        },
    ]))
}
