//! `report.md`, `summary.md` and `report.csv`.
//!
//! The report's text is built once as a [`Block`] list ([`document`], in
//! [`Part`]s) and written as Markdown here and as HTML by html.rs, so the
//! two always say the same; summary.md is a selection of the same parts
//! ([`summary_document`]), written as Markdown by the same writer. The CSV
//! is the data behind it: one row per measured level and repeat.
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
//! This module holds the document's order (its parts); the blocks and the
//! sections live beside it: the blocks (`blocks`), the checks
//! (`checks`), the measured tables
//! (`measured`), the workload tables (`workloads`), the limits
//! (`limits`), the database (`database`), the efficiency sections
//! (`efficiency`), the run's context (`context`), and the two writers
//! (`markdown`, `csv`).

use barrage_model::results::Results;

use crate::model;

mod blocks;
mod checks;
mod context;
mod csv;
mod database;
mod efficiency;
mod limits;
mod markdown;
mod measured;
mod workloads;

pub use self::csv::{csv, csv_field, CSV_COLUMNS};
pub use self::markdown::{markdown, render_markdown, summary};
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

/// The parts of the results' report, in the report's order: each a run of
/// blocks that some results leave empty. report.md and report.html have
/// every part ([`document`]); summary.md a selection ([`summary_document`],
/// [`Part::in_summary`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The title, the suite's description, the overview, a partial run's
    /// alert, the legend of the marks and (HTML) the contents.
    Opening,
    /// The client's ceilings measured in the sitting.
    Ceilings,
    /// The servers × workloads tables.
    Workloads,
    /// The services (a database), the servers' pools, the database levels.
    Database,
    Ranking,
    Warnings,
    /// The levels a scenario's `check` judged, and whether they met it.
    Checks,
    /// The suite's tables of several scenarios (`[[table]]`).
    SideBySide,
    /// Each scenario with each driver: its tables by level and its charts.
    Scenarios,
    /// Each search scenario's capacity table and charts.
    Capacities,
    /// Each scenario with `efficiency`: the servers' CPU at a fixed rate.
    Efficiency,
    /// (HTML) the charts no section took.
    Charts,
    /// A run without a measured level says so.
    NoRuns,
    /// The servers not measured and the levels with an error.
    Failures,
    /// Each server's response to each scenario before the load.
    Probes,
    /// The hosts of a run across hosts and each client host's share.
    Hosts,
    Environment,
}

impl Part {
    /// Every part, in the report's order.
    pub const ALL: [Part; 17] = [
        Part::Opening,
        Part::Ceilings,
        Part::Workloads,
        Part::Database,
        Part::Ranking,
        Part::Warnings,
        Part::Checks,
        Part::SideBySide,
        Part::Scenarios,
        Part::Capacities,
        Part::Efficiency,
        Part::Charts,
        Part::NoRuns,
        Part::Failures,
        Part::Probes,
        Part::Hosts,
        Part::Environment,
    ];

    /// Whether summary.md has this part: all but the client's ceilings,
    /// the database and the efficiency sections, which report.md adds, and
    /// the charts (report.html's).
    pub fn in_summary(self) -> bool {
        !matches!(
            self,
            Part::Ceilings | Part::Database | Part::Efficiency | Part::Charts
        )
    }

    /// The part's blocks; `file` names the file in the opening.
    fn blocks(self, r: &Results, file: File) -> Vec<Block> {
        let mut d = Vec::new();
        match self {
            Part::Opening => opening(r, file, &mut d),
            Part::Ceilings => limits::ceiling_blocks(r, &mut d),
            Part::Workloads => workload_blocks(r, &mut d),
            Part::Database => database_blocks(r, &mut d),
            Part::Ranking => ranking_blocks(r, &mut d),
            Part::Warnings => warnings(r, &mut d),
            Part::Checks => checks::check_blocks(r, &mut d),
            Part::SideBySide => side_by_side_blocks(r, &mut d),
            Part::Scenarios => {
                for g in model::groups(r) {
                    group_blocks(r, &g, &mut d);
                }
            }
            Part::Capacities => capacity_blocks(r, &mut d),
            Part::Efficiency => efficiency::efficiency_blocks(r, &mut d),
            Part::Charts => d.push(Block::Charts(None)),
            Part::NoRuns => {
                if r.runs.is_empty() {
                    d.push(heading(2, "no-runs", "Measurements"));
                    d.push(Block::Para(vec![text("No level was measured.")]));
                }
            }
            Part::Failures => failures(r, &mut d),
            Part::Probes => probes(r, &mut d),
            Part::Hosts => hosts(r, &mut d),
            Part::Environment => environment(r, &mut d),
        }
        d
    }
}

/// Which file the blocks are written to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum File {
    /// report.md and report.html.
    Report,
    /// summary.md.
    Summary,
}

/// The report as blocks, in order: every [`Part`].
pub fn document(r: &Results) -> Vec<Block> {
    Part::ALL
        .into_iter()
        .flat_map(|p| p.blocks(r, File::Report))
        .collect()
}

/// summary.md as blocks, in the report's order: the parts
/// [`Part::in_summary`] keeps, the same blocks as the report's.
pub fn summary_document(r: &Results) -> Vec<Block> {
    Part::ALL
        .into_iter()
        .filter(|p| p.in_summary())
        .flat_map(|p| p.blocks(r, File::Summary))
        .collect()
}

/// The title, the overview, a partial run's alert, the legend and the
/// contents; the summary also says what the report adds.
fn opening(r: &Results, file: File, d: &mut Vec<Block>) {
    let name = model::suite_name(r);
    let (title, partial) = match file {
        File::Report => (
            format!("barrage report: {name}"),
            "this report shows only what was measured before it stopped",
        ),
        File::Summary => (
            format!("barrage summary: {name}"),
            "this summary shows only what was measured when it was written",
        ),
    };
    d.push(heading(1, "top", title));
    if let Some(desc) = model::suite_description(r) {
        d.push(Block::Para(vec![text(desc)]));
    }
    if file == File::Summary {
        d.push(Block::Para(vec![
            text("Written by "),
            code("barrage run"),
            text(" after each server and at its end. "),
            code("barrage report DIR"),
            text(" writes report.md and report.html from the same results: these tables, and also the client's ceilings, the database and the efficiency sections where the run has them, and the charts."),
        ]));
    }
    d.push(Block::List(overview(r)));
    if !r.complete {
        d.push(Block::Alert(vec![strong(format!(
            "{}: {partial} ({} levels). Levels and servers that were not reached are missing.",
            model::state(r),
            r.runs.len()
        ))]));
    }
    d.push(Block::Legend(legend()));
    d.push(Block::Contents);
}

fn warnings(r: &Results, d: &mut Vec<Block>) {
    if !r.warnings.is_empty() {
        d.push(heading(2, "warnings", "Warnings"));
        d.push(Block::List(
            r.warnings.iter().map(|w| item(vec![text(w)])).collect(),
        ));
    }
}
