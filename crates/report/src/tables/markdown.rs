//! `report.md` and `summary.md`: the report's blocks written as Markdown (CommonMark with
//! GFM tables). Decides nothing the blocks do not say.

use std::fmt::Write as _;

use barrage_model::results::Results;

use super::{document, summary_document, Block, Span};

/// `report.md`.
pub fn markdown(r: &Results) -> String {
    render_markdown(&document(r))
}

/// `summary.md`: the report's tables that a run's summary has, written
/// as report.md is.
pub fn summary(r: &Results) -> String {
    render_markdown(&summary_document(r))
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
            Block::Para(spans) | Block::Legend(spans) => {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_escapes() {
        assert_eq!(md_escape("a*b <x> | `c`"), "a\\*b \\<x\\> \\| \\`c\\`");
        assert_eq!(md_cell("1,234*!"), "1,234*!");
        assert_eq!(md_cell("a|b"), "a\\|b");
        assert_eq!(fence_for("no ticks"), "```");
        assert_eq!(fence_for("x ```` y"), "`````");
    }
}
