//! The servers × workloads tables that open the report of a suite with
//! workload scenarios ([`model::workload_matrices`]): a table per level,
//! each cell the median responses/s with its interval and marks, "not
//! implemented", "failed validation: CHECK", `failed` or `–`; the
//! composite ranking under each (docs/workloads.md, "Ranking"); the failed
//! checks with their request and response. Also `workloads.csv`, the same
//! cells as data. Builds blocks and text; reads no file.

use barrage_model::results::Results;
use barrage_model::Workload;

use super::{code, csv_field, heading, item, strong, text, Block, Item, Table, TableCell};
use crate::model::{self, Cell, MatrixCell, Metric, WorkloadMatrix};
use crate::stats;

/// The confidence the cells' intervals are asked for.
const ALPHA: f64 = 0.05;

pub(super) fn workload_blocks(r: &Results, d: &mut Vec<Block>) {
    let tables = model::workload_matrices(r);
    if tables.is_empty() {
        return;
    }
    d.push(heading(2, "workloads", "Servers × workloads"));
    d.push(Block::Para(vec![text(
        "A table per level: each cell the median responses/s over repeats, with the interval of the median from the repeats' order statistics (from the lowest to the highest with fewer than 6 repeats; its confidence is in workloads.csv and the HTML's tooltips), and the marks of the tables below (",
    ), code("*"), text(" client-bound, "), code("!"), text(
        " invalid: errors, timeouts or non-2xx responses, except noisy's answers to its noise, and a database level whose proof of work failed or whose service died). A database workload's figure has its queries per request beside it (q/req, from pg_stat_statements). A server that does not declare a workload is not implemented for it; one that failed a check before any load was not loaded on it (the checks are listed below). The composite under each table: each workload's median divided by the best server's, summed over the workloads every ranked server has a valid number for.",
    )]));
    for t in &tables {
        let id = format!("workloads-{}", model::slug(&t.level));
        d.push(heading(
            3,
            format!("sec-{id}"),
            format!("At {} ({})", t.level, t.driver),
        ));
        d.push(Block::Table(matrix_table(t, &id)));
        composite_blocks(t, &id, d);
    }
    failed_checks(&tables[0], d);
}

fn matrix_table(t: &WorkloadMatrix<'_>, id: &str) -> Table {
    let mut head = vec!["server".to_string()];
    head.extend(t.columns.iter().map(|c| {
        if c.scenario == c.workload.name() {
            c.scenario.clone()
        } else {
            format!("{} ({})", c.scenario, c.workload)
        }
    }));
    let mut numeric = vec![false];
    numeric.extend(t.columns.iter().map(|_| true));
    let rows = t
        .rows
        .iter()
        .map(|(row, cells)| {
            let mut out = vec![TableCell::plain(row)];
            out.extend(
                cells
                    .iter()
                    .zip(&t.columns)
                    .map(|(cell, c)| matrix_cell(cell, c.workload)),
            );
            out
        })
        .collect();
    Table {
        id: format!("t-{id}"),
        head,
        numeric,
        rows,
    }
}

/// One cell's text and marks.
fn matrix_cell(cell: &MatrixCell<'_>, workload: Workload) -> TableCell {
    match cell {
        MatrixCell::NotImplemented => TableCell {
            text: "not implemented".into(),
            missing: true,
            note: Some(format!("the manifest does not declare {workload}")),
            ..TableCell::default()
        },
        MatrixCell::FailedValidation(f) => TableCell {
            text: format!("failed validation: {}", f.check),
            missing: true,
            invalid: true,
            note: Some(f.reason.clone()),
            ..TableCell::default()
        },
        MatrixCell::NotRun => TableCell {
            text: "–".into(),
            missing: true,
            note: Some("not run".into()),
            ..TableCell::default()
        },
        MatrixCell::Measured(c) => measured(c, workload),
    }
}

fn measured(c: &Cell<'_>, workload: Workload) -> TableCell {
    let values = c.values(Metric::ResponsesPerS);
    let Some(median) = c.median(Metric::ResponsesPerS) else {
        let why: Vec<&str> = c.runs.iter().filter_map(|x| x.error.as_deref()).collect();
        return TableCell {
            text: "failed".into(),
            missing: true,
            invalid: true,
            note: Some(why.join("; ").lines().next().unwrap_or("").to_string()),
            ..TableCell::default()
        };
    };
    let mut t = model::fmt_rate(median);
    let mut notes = Vec::new();
    // A database workload: the queries each response cost, beside it.
    if let Some(q) = model::queries_per_request(c) {
        t.push_str(&format!(" ({q:.1} q/req)"));
        notes.push(format!(
            "{q:.2} database queries per successful response (proof of work)"
        ));
    }
    if let Some(iv) = stats::median_interval(&values, ALPHA) {
        t.push_str(&format!(
            " ({}–{})",
            model::fmt_rate(iv.lo),
            model::fmt_rate(iv.hi)
        ));
        notes.push(format!(
            "{:.0}% interval over {} repeats",
            iv.confidence * 100.0,
            values.len()
        ));
    }
    let reasons = model::workload_invalid_reasons(c, workload);
    t.push_str(model::workload_marks(c, workload));
    notes.extend(c.client_bound_note());
    notes.extend(reasons.iter().cloned());
    TableCell {
        text: t,
        client_bound: c.client_bound(),
        invalid: !reasons.is_empty(),
        missing: false,
        note: (!notes.is_empty()).then(|| notes.join(", ")),
    }
}

fn composite_blocks(t: &WorkloadMatrix<'_>, id: &str, d: &mut Vec<Block>) {
    let Some(c) = t.composite() else {
        d.push(Block::Para(vec![text(
            "No composite ranking: fewer than two servers have valid numbers for every workload that has any.",
        )]));
        return;
    };
    d.push(Block::Para(vec![
        strong(format!("Composite at {}", t.level)),
        text(format!(
            " over {} (the most a server can score is {}):",
            c.workloads.join(", "),
            c.workloads.len()
        )),
    ]));
    let rows = c
        .ranked
        .iter()
        .enumerate()
        .map(|(i, (server, score))| {
            vec![
                TableCell::plain((i + 1).to_string()),
                TableCell::plain(server),
                TableCell::plain(format!("{score:.3}")),
            ]
        })
        .collect();
    d.push(Block::Table(Table {
        id: format!("t-composite-{id}"),
        head: ["rank", "server", "score"].map(String::from).to_vec(),
        numeric: vec![true, false, true],
        rows,
    }));
    if !c.unranked.is_empty() {
        let items = c
            .unranked
            .iter()
            .map(|(server, lacking)| {
                item(vec![text(format!(
                    "{server}: no valid number for {}",
                    lacking.join(", ")
                ))])
            })
            .collect();
        d.push(Block::Para(vec![text("Not ranked:")]));
        d.push(Block::List(items));
    }
}

/// Each failed check once (validation is per run, not per level).
fn failed_checks(t: &WorkloadMatrix<'_>, d: &mut Vec<Block>) {
    let mut items: Vec<Item> = Vec::new();
    for (row, cells) in &t.rows {
        for (cell, c) in cells.iter().zip(&t.columns) {
            let MatrixCell::FailedValidation(f) = cell else {
                continue;
            };
            items.push(Item {
                spans: vec![
                    strong(format!("{row}, {}", c.workload)),
                    text(": "),
                    code(&f.check),
                    text(format!(": {}", f.reason)),
                ],
                pre: Some(format!("request:  {}\nresponse: {}", f.request, f.response)),
            });
        }
    }
    if items.is_empty() {
        return;
    }
    d.push(heading(3, "failed-validations", "Failed validations"));
    d.push(Block::List(items));
}

/// `workloads.csv`'s columns.
pub const WORKLOADS_CSV_COLUMNS: [&str; 15] = [
    "level_index",
    "level",
    "driver",
    "server",
    "scenario",
    "workload",
    "outcome",
    "repeats",
    "median_responses_per_s",
    "interval_lo",
    "interval_hi",
    "interval_confidence",
    "marks",
    "check",
    "queries_per_request",
];

/// `workloads.csv`: the servers × workloads cells, one row per level,
/// server variant and workload scenario; `outcome` is `measured`,
/// `failed` (no repeat gave numbers), `not_implemented`,
/// `failed_validation` or `not_run`; `queries_per_request` the database
/// queries per successful response of a database workload (its proof of
/// work, mean over repeats). Empty (no file) without workload
/// scenarios. CRLF line ends, as report.csv.
pub fn workloads_csv(r: &Results) -> String {
    let tables = model::workload_matrices(r);
    if tables.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    row(&mut s, WORKLOADS_CSV_COLUMNS.iter().map(|c| c.to_string()));
    for t in &tables {
        for (server, cells) in &t.rows {
            for (cell, c) in cells.iter().zip(&t.columns) {
                let mut fields = vec![
                    t.level_index.to_string(),
                    t.level.clone(),
                    t.driver.clone(),
                    server.clone(),
                    c.scenario.clone(),
                    c.workload.name().to_string(),
                ];
                fields.extend(csv_cell(cell, c.workload));
                row(&mut s, fields);
            }
        }
    }
    s
}

/// `outcome` to `check` of one cell.
fn csv_cell(cell: &MatrixCell<'_>, workload: Workload) -> [String; 9] {
    let empty = String::new;
    let plain = |outcome: &str, check: String| {
        [
            outcome.into(),
            empty(),
            empty(),
            empty(),
            empty(),
            empty(),
            empty(),
            check,
            empty(),
        ]
    };
    match cell {
        MatrixCell::NotImplemented => plain("not_implemented", empty()),
        MatrixCell::FailedValidation(f) => plain("failed_validation", f.check.clone()),
        MatrixCell::NotRun => plain("not_run", empty()),
        MatrixCell::Measured(c) => {
            let values = c.values(Metric::ResponsesPerS);
            let Some(median) = c.median(Metric::ResponsesPerS) else {
                let mut out = plain("failed", empty());
                out[1] = c.runs.len().to_string();
                return out;
            };
            let iv = stats::median_interval(&values, ALPHA);
            let num = |v: Option<f64>| v.map(model::fmt_num).unwrap_or_default();
            [
                "measured".into(),
                c.runs.len().to_string(),
                model::fmt_num(median),
                num(iv.map(|i| i.lo)),
                num(iv.map(|i| i.hi)),
                num(iv.map(|i| i.confidence)),
                model::workload_marks(c, workload).into(),
                empty(),
                num(model::queries_per_request(c)),
            ]
        }
    }
}

fn row(s: &mut String, fields: impl IntoIterator<Item = String>) {
    let fields: Vec<String> = fields.into_iter().map(|f| csv_field(&f)).collect();
    s.push_str(&fields.join(","));
    s.push_str("\r\n");
}
