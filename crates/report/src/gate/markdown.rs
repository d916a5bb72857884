//! `barrage compare --format markdown`: the comparison as a summary fit
//! for a pull request's comment. The verdict first (with gates: whether
//! they failed, and each failing change), then what was compared, then a
//! table per metric with the failing rows marked. Built as the report's
//! blocks and written by the report's Markdown writer.

use barrage_model::table::Metric;

use super::{Gates, Outcome, Verdict};
use crate::compare::{cells, confidence_label, Change, Comparison};
use crate::tables::{render_markdown, Block, Item, Span, Table, TableCell};

/// The comparison as Markdown, judged by `gates` when there are any.
pub fn markdown(cmp: &Comparison, gates: Option<(&Gates, &Verdict<'_>)>) -> String {
    let mut blocks = verdict(cmp, gates);
    // A paragraph each: a list right after the verdict's would join it.
    let inputs = cmp.inputs.iter().chain(&cmp.warnings);
    blocks.extend(inputs.map(|l| Block::Para(vec![text(l)])));
    blocks.push(Block::Para(vec![text(format!(
        "change: the Hodges–Lehmann shift of B from A, in % of A's median (errors: in percentage points), with its {} CI; p: two-sided Mann–Whitney U; \"~\": p ≥ {}, no significant change. {}",
        confidence_label(cmp.alpha),
        cmp.alpha,
        cmp.samples.replace('\n', " ")
    ))]));
    for t in &cmp.tables {
        blocks.push(Block::Heading {
            level: 4,
            id: format!("compare-{}", t.metric.name()),
            text: t.title.clone(),
        });
        let gated = gates.filter(|(g, _)| g.metrics().contains(&t.metric));
        blocks.push(table(cmp, t.metric, &t.changes, gated.map(|(_, v)| v)));
    }
    render_markdown(&blocks)
}

/// The heading and, with gates, each failing change and what else they
/// found.
fn verdict(cmp: &Comparison, gates: Option<(&Gates, &Verdict<'_>)>) -> Vec<Block> {
    let Some((gates, v)) = gates else {
        return vec![heading("barrage compare: B against A".into())];
    };
    let mark = if v.fails() { "❌" } else { "✅" };
    let mut blocks = vec![heading(format!(
        "{mark} barrage compare: {}",
        super::headline(gates, v, cmp.alpha)
    ))];
    let mut items: Vec<Item> = v
        .failed
        .iter()
        .map(|hit| {
            item(vec![
                Span::Strong("FAIL".into()),
                text(" "),
                Span::Code(hit.change.key.to_string()),
                text(format!(": {}: past ", hit.describe(cmp.alpha))),
                Span::Code(hit.gate.to_string()),
            ])
        })
        .collect();
    items.extend(
        super::details(v, cmp)
            .into_iter()
            .map(|l| item(vec![text(l)])),
    );
    if !items.is_empty() {
        blocks.push(Block::List(items));
    }
    blocks
}

/// One metric's table; with its gates' verdict, a first column marking
/// each row's outcome.
fn table(cmp: &Comparison, metric: Metric, changes: &[Change], v: Option<&Verdict<'_>>) -> Block {
    let mut head: Vec<String> = ["", "A", "B", "change"].map(String::from).to_vec();
    head.extend([
        format!("{} CI", confidence_label(cmp.alpha)),
        "p".into(),
        "n".into(),
        String::new(),
    ]);
    let mut numeric = vec![false, true, true, true, false, true, true, false];
    if v.is_some() {
        head.insert(0, "gate".into());
        numeric.insert(0, false);
    }
    let rows = changes
        .iter()
        .map(|c| {
            let mut row = vec![plain(c.key.to_string())];
            row.extend(cells(c, cmp.kind, cmp.alpha).map(plain));
            if let Some(v) = v {
                row.insert(0, mark(Outcome::of(v, c, cmp).0));
            }
            row
        })
        .collect();
    Block::Table(Table {
        id: format!("compare-{}-table", metric.name()),
        head,
        numeric,
        rows,
    })
}

/// A row's mark: `❌ fail` past a limit and significant, `⚠️ not
/// significant` past one without, nothing otherwise.
fn mark(outcome: Outcome) -> TableCell {
    let (text, invalid) = match outcome {
        Outcome::Failed => ("❌ fail", true),
        Outcome::NotSignificant => ("⚠️ not significant", false),
        Outcome::Within => ("ok", false),
        Outcome::Untested => ("–", false),
    };
    TableCell {
        text: text.into(),
        invalid,
        ..TableCell::default()
    }
}

fn plain(text: String) -> TableCell {
    TableCell {
        text,
        ..TableCell::default()
    }
}

fn heading(text: String) -> Block {
    Block::Heading {
        level: 3,
        id: "compare".into(),
        text,
    }
}

fn text(t: impl Into<String>) -> Span {
    Span::Text(t.into())
}

fn item(spans: Vec<Span>) -> Item {
    Item { spans, pre: None }
}
