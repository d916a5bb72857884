//! `report.md` and `report.csv`.
//!
//! The report's text is built once as a [`Block`] list ([`document`]) and
//! written as Markdown here and as HTML by html.rs, so the two always say
//! the same. The CSV is the data behind it: one row per measured level and
//! repeat.
//!
//! Marks in the tables (both formats):
//! - `*` client-bound: some repeat was the client's fault by the rule of
//!   docs/load.md (its CPU, its own send delay, or a rate it did not
//!   offer), so the number measures the load generator; the reasons are
//!   listed under the table and in the HTML's tooltips;
//! - `!` invalid: some repeat had errors, timeouts or non-2xx responses, or
//!   no numbers at all (the reasons are listed under the table);
//! - `failed`: no repeat gave numbers; `–`: not measured.
//!
//! A suite with workload scenarios opens with the servers × workloads
//! tables (`workloads`; cells also "not implemented" and "failed
//! validation: CHECK"), which `workloads.csv` gives as data.
//!
//! This module holds the blocks and the document's order; the sections live
//! beside it: the measured tables (`measured`), the workload tables
//! (`workloads`), the run's context
//! (`context`), and the two writers (`markdown`,
//! `csv`).

use barrage_model::results::Results;

use crate::model;

mod blocks;
mod context;
mod csv;
mod database;
mod efficiency;
mod limits;
mod markdown;
mod measured;
mod workloads;

pub use self::csv::{csv, csv_field, CSV_COLUMNS};
pub use self::markdown::{markdown, render_markdown};
use blocks::{code, heading, item, strong, text};
pub use blocks::{Block, Item, Span, Table, TableCell};
use context::{environment, failures, hosts, overview, probes};
use database::database_blocks;
use measured::{capacity_blocks, group_blocks, ranking_blocks, side_by_side_blocks};
use workloads::workload_blocks;
pub use workloads::{workloads_csv, WORKLOADS_CSV_COLUMNS};

fn legend() -> Vec<Span> {
    vec![
        text("Medians over repeats. "),
        code("*"),
        text(" marks a client-bound level: the number measures the client, by its ceiling measured in this sitting (90% of it or more: "),
        code("ceiling"),
        text("), its CPU (with its wait for a core, 90% or more of its cores: "),
        code("cpu"),
        text("), its own send delay (a quarter or more of the latency p99, and 1 ms or more: "),
        code("send_delay"),
        text("), or a rate it did not offer with connections free ("),
        code("offer"),
        text("; docs/load.md, \"When is a run client-bound?\"), "),
        code("!"),
        text(" an invalid level (errors, timeouts, non-2xx responses, or a repeat without numbers), "),
        code("failed"),
        text(" a level no repeat measured, "),
        code("–"),
        text(" one not run."),
    ]
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
    d.push(Block::Legend(legend()));
    d.push(Block::Contents);
    limits::ceiling_blocks(r, &mut d);
    workload_blocks(r, &mut d);
    database_blocks(r, &mut d);
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
    efficiency::efficiency_blocks(r, &mut d);
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
