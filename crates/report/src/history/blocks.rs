//! A history's text as the report's blocks: what it shows, the runs, the
//! flagged changes, and a table per metric (rows × runs, each cell the
//! median and its interval, a flagged change marked). Written as Markdown
//! by the report's writer, and as HTML by the report's page with the
//! charts under each metric's heading.

use barrage_model::table::{slug, Metric};

use super::{charts, History, MetricHistory, Point, Step};
use crate::chart::{render_svg, Home};
use crate::compare::{confidence_label, format_change, format_value};
use crate::html::render_page;
use crate::tables::{render_markdown, Block, Item, Span, Table, TableCell};

/// The history as Markdown (CommonMark with GFM tables).
pub fn markdown(h: &History) -> String {
    render_markdown(&blocks(h))
}

/// The history as one self-contained HTML page, with its charts.
pub fn html(h: &History) -> String {
    let charts: Vec<_> = charts(h)
        .into_iter()
        .map(|c| {
            let svg = render_svg(&c);
            (c, svg)
        })
        .collect();
    let title = format!("barrage history: {}", h.suite);
    render_page(&title, &blocks(h), &charts, false)
}

/// The mark of a flagged change in a cell.
const FLAG: &str = "⚠";

fn blocks(h: &History) -> Vec<Block> {
    let mut b = vec![heading(
        1,
        "history",
        format!("barrage history: {}", h.suite),
    )];
    b.push(Block::Para(vec![text(intro(h))]));
    b.push(Block::Legend(legend(h)));
    for w in &h.warnings {
        b.push(Block::Alert(vec![text(format!("warning: {w}"))]));
    }
    b.push(heading(2, "runs", "Runs".into()));
    b.push(Block::List(h.runs.iter().map(run_item).collect()));
    b.push(heading(2, "flagged", "Flagged changes".into()));
    b.extend(flagged(h));
    for m in &h.metrics {
        let id = format!("history-{}", slug(m.metric.name()));
        b.push(heading(2, &id, m.title.clone()));
        b.push(Block::Charts(Some(Home::History { metric: m.metric })));
        b.push(Block::Table(table(h, m, &id)));
    }
    b
}

fn intro(h: &History) -> String {
    let order = if h.in_order {
        "in the order given"
    } else {
        "oldest first"
    };
    let runs = match h.runs.len() {
        1 => "1 run".to_string(),
        n => format!("{n} runs"),
    };
    format!("{runs} of suite {}, {order}.", h.suite)
}

fn legend(h: &History) -> Vec<Span> {
    vec![
        text("Each cell: the median over the run's repeats and, in brackets, the median's distribution-free interval (the sign test's: at least "),
        text(confidence_label(h.alpha)),
        text(" confidence, or from the least to the greatest repeat when they are too few for that: 75% for 3). "),
        Span::Code(FLAG.into()),
        text(" marks a change from the run before that fails a gate of "),
        Span::Code(h.gates.to_string()),
        text(format!(
            " (past its limit and significant at p < {}, as ",
            h.alpha
        )),
        Span::Code("barrage compare --fail-on".into()),
        text(" judges it), with the change; "),
        Span::Code("*".into()),
        text(" a client-bound repeat; "),
        Span::Code("–".into()),
        text(" not measured in that run."),
    ]
}

fn run_item(run: &super::Run) -> Item {
    let mut rest = format!(": started {}, {}", run.started_at, run.path.display());
    match (&run.commit, run.labelled) {
        (Some(c), true) => rest.push_str(&format!(", commit {c}")),
        (None, false) => rest.push_str(", no label or commit recorded"),
        _ => {}
    }
    if run.quick {
        rest.push_str(", --quick");
    }
    if !run.complete {
        rest.push_str(", incomplete");
    }
    Item {
        spans: vec![Span::Code(run.label.clone()), text(rest)],
        pre: None,
    }
}

/// The flagged changes, one item each, or a paragraph saying there are none.
fn flagged(h: &History) -> Vec<Block> {
    let items: Vec<Item> = h
        .flagged()
        .into_iter()
        .map(|(_, row, step)| Item {
            spans: vec![
                Span::Code(row.key.to_string()),
                text(format!(
                    ", {} → {}: ",
                    h.runs[step.from].label,
                    h.runs[row.run_of(step)].label
                )),
                text(h.step_line(step)),
            ],
            pre: None,
        })
        .collect();
    if items.is_empty() {
        let text = text(format!(
            "None: no change between runs fails the gates {} at alpha {}.",
            h.gates, h.alpha
        ));
        vec![Block::Para(vec![text])]
    } else {
        vec![Block::List(items)]
    }
}

fn table(h: &History, m: &MetricHistory, id: &str) -> Table {
    let mut head = vec![String::new()];
    head.extend(h.runs.iter().map(|r| r.label.clone()));
    let mut numeric = vec![true; head.len()];
    numeric[0] = false;
    let rows = m
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![TableCell {
                text: row.key.to_string(),
                ..TableCell::default()
            }];
            for (point, step) in row.points.iter().zip(&row.steps) {
                cells.push(cell(h, m.metric, point.as_ref(), step.as_ref()));
            }
            cells
        })
        .collect();
    Table {
        id: format!("{id}-table"),
        head,
        numeric,
        rows,
    }
}

/// `30120 [29700, 30400]`, `*` when client-bound, and a flagged change's
/// mark and size (its line as the cell's note).
fn cell(h: &History, metric: Metric, point: Option<&Point>, step: Option<&Step>) -> TableCell {
    let Some(p) = point else {
        return TableCell {
            text: "–".into(),
            missing: true,
            ..TableCell::default()
        };
    };
    let mut text = format_value(metric, p.median);
    if let Some(i) = &p.interval {
        text.push_str(&format!(
            " [{}, {}]",
            format_value(metric, i.lo),
            format_value(metric, i.hi)
        ));
    }
    if p.client_bound {
        text.push('*');
    }
    let flagged = step.filter(|s| s.flagged.is_some());
    if let Some(s) = flagged {
        let change = s.change.test().and_then(|t| t.change);
        text.push_str(&format!(" {FLAG} {}", format_change(metric, change)));
    }
    TableCell {
        text,
        client_bound: p.client_bound,
        invalid: flagged.is_some(),
        note: flagged.map(|s| h.step_line(s)),
        ..TableCell::default()
    }
}

fn heading(level: u8, id: &str, text: String) -> Block {
    Block::Heading {
        level,
        id: id.into(),
        text,
    }
}

fn text(t: impl Into<String>) -> Span {
    Span::Text(t.into())
}
