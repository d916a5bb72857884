//! What the report is made of: blocks of text, lists and tables, and the
//! little builders the sections write them with. Both writers and every
//! section read these; this file imports none of them (only the chart's
//! [`Home`], which a section's charts block names).

use crate::chart::Home;

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
    pub(super) fn plain(text: impl Into<String>) -> TableCell {
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
    /// The paragraph that says what the tables' marks mean (HTML sets its
    /// marks apart; Markdown: a paragraph).
    Legend(Vec<Span>),
    /// A paragraph that must not be missed (a partial report).
    Alert(Vec<Span>),
    List(Vec<Item>),
    Table(Table),
    /// Where the HTML report puts its table of contents (Markdown: nothing).
    Contents,
    /// Where the HTML report puts charts (Markdown: nothing): those whose
    /// [`Home`] is this one, or with `None` every chart whose home has no
    /// such block.
    Charts(Option<Home>),
}

pub(super) fn text(s: impl Into<String>) -> Span {
    Span::Text(s.into())
}

pub(super) fn code(s: impl Into<String>) -> Span {
    Span::Code(s.into())
}

pub(super) fn strong(s: impl Into<String>) -> Span {
    Span::Strong(s.into())
}

pub(super) fn heading(level: u8, id: impl Into<String>, t: impl Into<String>) -> Block {
    Block::Heading {
        level,
        id: id.into(),
        text: t.into(),
    }
}

pub(super) fn item(spans: Vec<Span>) -> Item {
    Item { spans, pre: None }
}
