//! `report.html` and `barrage load --html`: one self-contained file each.
//!
//! Inline CSS, the charts' SVG inline, one inline script ([`SCRIPT`]) that
//! makes the charts interactive, no fonts or anything else fetched: the
//! file can be mailed, archived or opened offline, and its
//! Content-Security-Policy ([`csp`]) forbids it any request and lets no
//! other script run. Tables scroll sideways inside their own box on a
//! narrow screen and charts scale to its width; printed, backgrounds and
//! the tooltip go, and tables and charts are not cut across pages. The
//! markup is also well-formed XML (every element closed, no named
//! entities, the script in a CDATA section), so XML tools can read it.
//!
//! The charts (see docs/report.md, "Interactive charts"): hovering or
//! focusing a point shows its series, x and value in a tooltip (without
//! the script, its `<title>` does); clicking a legend entry, or Enter or
//! Space on it, hides or shows its series, with the series that belong to
//! it (`NAME errors`, `NAME capacity`); printed, a chart is as it is
//! shown.
//!
//! The text is the same as report.md's: both render [`tables::document`].
//! The page of one `barrage load` run is [`crate::load_page`]'s.

use std::fmt::Write as _;

use barrage_model::Results;

use crate::chart::{Chart, Home};
use crate::model;
use crate::tables::{self, Block, Span, Table};

/// The results' report as one HTML file, with `charts` (each chart and its
/// SVG from [`crate::chart::render_svg`]) where the report's charts go.
pub fn results_html(r: &Results, charts: &[(Chart, String)]) -> String {
    let title = format!("barrage report: {}", model::suite_name(r));
    let blocks = tables::document(r);
    render_page(&title, &blocks, charts, true)
}

/// The charts' script (src/charts.js) as it sits in its `<script>`
/// element: in a CDATA section behind `//`, so that the page stays
/// well-formed XML and the browser reads plain JavaScript.
pub const SCRIPT: &str = concat!("\n//<![CDATA[\n", include_str!("charts.js"), "//]]>\n");

/// The SHA-256 of [`SCRIPT`] in base64: the only script the page's
/// [`csp`] lets run (the tests check it against the script).
pub const SCRIPT_SHA256: &str = "CndHbqH48B9vleMu2w1w27yYBJqSB1lHOxyBpPPcOYQ=";

/// The pages' Content-Security-Policy: nothing may be fetched or
/// connected to (`default-src 'none'`), no script but [`SCRIPT`] may run,
/// inline styles may apply, images only from `data:` URLs (there are
/// none), and no `<base>` or form may point elsewhere.
pub fn csp() -> String {
    format!(
        "default-src 'none'; script-src 'sha256-{SCRIPT_SHA256}'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
    )
}

const CSS: &str = r#"
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1b1f24; background: #fff; }
main { max-width: 70rem; margin: 0 auto; padding: 0.75rem 1rem 3rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0 0.75rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; padding-bottom: 0.2rem; border-bottom: 1px solid #d0d7de; }
h3 { font-size: 1rem; margin: 1.25rem 0 0.4rem; }
p, li { overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
code { background: #f3f5f7; padding: 0 0.2em; border-radius: 3px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f8fa; border: 1px solid #e1e4e8; padding: 0.5rem; border-radius: 4px; margin: 0.3rem 0 0.6rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; margin: 0.4rem 0 1rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #d0d7de; padding: 0.25rem 0.55rem; text-align: left; white-space: nowrap; vertical-align: top; }
td.wrap { white-space: normal; min-width: 12rem; }
th.num, td.num { text-align: right; }
thead th { background: #f3f5f7; }
tbody th { font-weight: 600; }
td.bound { background: #fff4d6; }
td.invalid { background: #ffe3e3; color: #8a1111; }
td.missing { color: #6b7280; }
.alert { border: 2px solid #b91c1c; background: #fff1f1; padding: 0.5rem 0.8rem; border-radius: 4px; }
.legend code { font-weight: 600; }
nav { margin: 1rem 0; }
nav p { margin: 0; }
nav ul { margin: 0.25rem 0; padding-left: 1.2rem; columns: 2 16rem; }
figure { margin: 1rem 0 1.5rem; break-inside: avoid; page-break-inside: avoid; }
figure svg { display: block; max-width: 100%; height: auto; }
.none { color: #6b7280; font-style: italic; }
figure svg .legend-entry { cursor: pointer; }
figure svg .legend-entry:focus, figure svg [data-value]:focus { outline: none; }
figure svg .legend-entry:focus-visible .hit { stroke: #0b57d0; stroke-width: 1.5; }
figure svg .legend-entry.off { opacity: 0.4; }
figure svg .legend-entry.off text { text-decoration: line-through; }
figure svg .series.off, figure svg .end-labels .off { display: none; }
figure svg .active, figure svg [data-value]:focus-visible { stroke: #1b1f24; stroke-width: 1.5px; }
figure svg .marker.active { transform: scale(1.6); transform-box: fill-box; transform-origin: center; }
.chart-tip { position: absolute; z-index: 10; pointer-events: none; max-width: 22rem; padding: 0.3rem 0.55rem; background: #fff; color: #1b1f24; border: 1px solid #8c959f; border-radius: 4px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.18); font-size: 0.85rem; line-height: 1.35; }
.chart-tip .name { font-weight: 600; overflow-wrap: anywhere; }
.chart-tip .key { display: inline-block; width: 0.75em; height: 0.75em; margin-right: 0.4em; border-radius: 2px; vertical-align: -0.05em; }
.chart-tip .value { font-weight: 600; font-variant-numeric: tabular-nums; }
@media (max-width: 40rem) {
  body { font-size: 14px; }
  main { padding: 0.5rem 0.6rem 2rem; }
  th, td { padding: 0.2rem 0.4rem; }
}
@media print {
  body { font-size: 10.5pt; color: #000; }
  * { background: none !important; box-shadow: none !important; }
  main { max-width: none; padding: 0; }
  nav { display: none; }
  .scroll { overflow: visible; }
  table, figure, pre, .scroll, .alert { break-inside: avoid; page-break-inside: avoid; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  td.invalid { color: #000; font-weight: 700; }
  th, td { border-color: #888; }
  .chart-tip { display: none !important; }
}
"#;

/// A whole page of blocks. Each chart goes where the [`Block::Charts`] of
/// its [`Home`] is, the others where `Block::Charts(None)` is, or at the
/// end. With `toc`, a
/// table of contents goes where [`Block::Contents`] is. The page has the
/// [`csp`] first in its head and, when it has a chart, [`SCRIPT`] at the
/// end of its body.
pub fn render_page(title: &str, blocks: &[Block], charts: &[(Chart, String)], toc: bool) -> String {
    let mut s = String::new();
    page_head(&mut s, title);
    let placed = chart_homes(blocks, charts);
    let others: Vec<&(Chart, String)> = placed
        .iter()
        .filter(|(h, _)| h.is_none())
        .map(|(_, c)| *c)
        .collect();
    let mut others_done = false;
    for b in blocks {
        match b {
            Block::Contents => {
                if toc {
                    s.push_str(&contents(blocks, !others.is_empty()));
                }
            }
            Block::Charts(Some(home)) => {
                let mine: Vec<&(Chart, String)> = placed
                    .iter()
                    .filter(|(h, _)| *h == Some(home))
                    .map(|(_, c)| *c)
                    .collect();
                if !mine.is_empty() {
                    s.push_str("<div class=\"charts\">\n");
                    figures(&mut s, &mine);
                    s.push_str("</div>\n");
                }
            }
            Block::Charts(None) => {
                others_section(&mut s, &others);
                others_done = true;
            }
            _ => text_block(&mut s, b),
        }
    }
    if !others_done {
        others_section(&mut s, &others);
    }
    s.push_str("</main>\n");
    if charts.iter().any(|(_, svg)| !svg.trim().is_empty()) {
        let _ = writeln!(s, "<script>{SCRIPT}</script>");
    }
    s.push_str("</body>\n</html>\n");
    s
}

/// The page's head, with the [`csp`] first and the style, and the opening
/// of its body and `<main>`.
fn page_head(s: &mut String, title: &str) {
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n");
    let _ = writeln!(
        s,
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\" />",
        csp()
    );
    s.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n");
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(s, "<style>{CSS}</style>\n</head>\n<body>\n<main>");
}

/// Each chart with the home it goes under: its own, when a
/// [`Block::Charts`] names it, or `None`.
fn chart_homes<'a>(
    blocks: &'a [Block],
    charts: &'a [(Chart, String)],
) -> Vec<(Option<&'a Home>, &'a (Chart, String))> {
    let homes: Vec<&Home> = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Charts(Some(home)) => Some(home),
            _ => None,
        })
        .collect();
    charts
        .iter()
        .map(|c| (c.0.home.as_ref().filter(|h| homes.contains(h)), c))
        .collect()
}

/// A block of text or a table (not the contents or charts, which the page
/// places).
fn text_block(s: &mut String, b: &Block) {
    match b {
        Block::Heading { level, id, text } => {
            let _ = writeln!(
                s,
                "<h{level} id=\"{}\">{}</h{level}>",
                escape(id),
                escape(text)
            );
        }
        Block::Para(spans) => {
            let _ = writeln!(s, "<p>{}</p>", html_spans(spans));
        }
        Block::Legend(spans) => {
            let _ = writeln!(s, "<p class=\"legend\">{}</p>", html_spans(spans));
        }
        Block::Alert(spans) => {
            let _ = writeln!(
                s,
                "<p class=\"alert\" role=\"alert\">{}</p>",
                html_spans(spans)
            );
        }
        Block::List(items) => {
            s.push_str("<ul>\n");
            for it in items {
                let _ = write!(s, "<li>{}", html_spans(&it.spans));
                if let Some(pre) = &it.pre {
                    let _ = write!(s, "\n<pre>{}</pre>\n", escape(pre));
                }
                s.push_str("</li>\n");
            }
            s.push_str("</ul>\n");
        }
        Block::Table(t) => html_table(s, t),
        Block::Contents | Block::Charts(_) => {}
    }
}

/// The table of contents: every level-2 heading, and the charts section.
fn contents(blocks: &[Block], charts_section: bool) -> String {
    let heads: Vec<(&str, &str)> = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Heading { level: 2, id, text } => Some((id.as_str(), text.as_str())),
            _ => None,
        })
        .collect();
    if heads.len() < 2 {
        return String::new();
    }
    let mut s =
        String::from("<nav aria-label=\"Contents\">\n<p><strong>Contents</strong></p>\n<ul>\n");
    for (id, text) in heads {
        let _ = writeln!(
            s,
            "<li><a href=\"#{}\">{}</a></li>",
            escape(id),
            escape(text)
        );
    }
    if charts_section {
        s.push_str("<li><a href=\"#charts\">Charts</a></li>\n");
    }
    s.push_str("</ul>\n</nav>\n");
    s
}

fn others_section(s: &mut String, charts: &[&(Chart, String)]) {
    if charts.is_empty() {
        return;
    }
    s.push_str("<section id=\"charts\">\n<h2>Charts</h2>\n");
    figures(s, charts);
    s.push_str("</section>\n");
}

/// Each chart as a figure with the chart's id; its SVG carries its title.
fn figures(s: &mut String, charts: &[&(Chart, String)]) {
    for (c, svg) in charts.iter().map(|x| (&x.0, &x.1)) {
        let _ = writeln!(
            s,
            "<figure id=\"{}\" aria-label=\"{}\">",
            escape(&c.id),
            escape(&c.title)
        );
        let svg = interactive(&inline_svg(svg, &c.id));
        if svg.is_empty() {
            let _ = writeln!(
                s,
                "<p class=\"none\">{}: this chart could not be drawn.</p>",
                escape(&c.title)
            );
        } else {
            s.push_str(&svg);
            s.push('\n');
        }
        s.push_str("</figure>\n");
    }
}

/// A chart's inline SVG made interactive for the page's script: its
/// legend entries buttons that hide or show their series (focusable,
/// pressed while the series is shown), and its root a group rather than
/// an image, so that assistive technology reaches them and the points
/// (which the script makes focusable).
fn interactive(svg: &str) -> String {
    if !svg.contains(" data-value=\"") {
        return svg.to_string();
    }
    svg.replacen(" role=\"img\"", " role=\"group\"", 1).replace(
        "<g class=\"legend-entry\" ",
        "<g class=\"legend-entry\" tabindex=\"0\" role=\"button\" aria-pressed=\"true\" ",
    )
}

/// An SVG document made fit to sit inside HTML: no XML declaration or
/// doctype, and its ids prefixed with the chart's id so that two charts'
/// ids (gradients, clip paths) cannot collide.
pub fn inline_svg(svg: &str, chart_id: &str) -> String {
    let mut s = svg.trim();
    loop {
        if s.starts_with("<?") {
            match s.find("?>") {
                Some(end) => s = s[end + 2..].trim_start(),
                None => return String::new(),
            }
        } else if s.starts_with("<!--") {
            match s.find("-->") {
                Some(end) => s = s[end + 3..].trim_start(),
                None => return String::new(),
            }
        } else if s.starts_with("<!DOCTYPE") || s.starts_with("<!doctype") {
            match s.find('>') {
                Some(end) => s = s[end + 1..].trim_start(),
                None => return String::new(),
            }
        } else {
            break;
        }
    }
    scope_ids(s, chart_id)
}

/// Prefixes every `id="X"` with `PREFIX-`, and the references to it
/// (`url(#X)`, `href="#X"`) likewise.
fn scope_ids(svg: &str, prefix: &str) -> String {
    let mut ids = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(" id=\"") {
        let after = &rest[at + 5..];
        match after.find('"') {
            Some(end) => {
                ids.push(after[..end].to_string());
                rest = &after[end..];
            }
            None => break,
        }
    }
    if ids.is_empty() {
        return svg.to_string();
    }
    let mut out = svg.to_string();
    for id in ids {
        let new = format!("{prefix}-{id}");
        for (old, rep) in [
            (format!(" id=\"{id}\""), format!(" id=\"{new}\"")),
            (format!("url(#{id})"), format!("url(#{new})")),
            (format!("href=\"#{id}\""), format!("href=\"#{new}\"")),
        ] {
            out = out.replace(&old, &rep);
        }
    }
    out
}

fn html_table(s: &mut String, t: &Table) {
    let _ = writeln!(
        s,
        "<div class=\"scroll\">\n<table id=\"{}\">",
        escape(&t.id)
    );
    if t.head.iter().any(|h| !h.is_empty()) {
        s.push_str("<thead><tr>");
        for (i, h) in t.head.iter().enumerate() {
            let num = t.numeric.get(i).copied().unwrap_or(false);
            let class = if num { " class=\"num\"" } else { "" };
            let _ = write!(s, "<th scope=\"col\"{class}>{}</th>", escape(h));
        }
        s.push_str("</tr></thead>\n");
    }
    s.push_str("<tbody>\n");
    for row in &t.rows {
        s.push_str("<tr>");
        for (i, c) in row.iter().enumerate() {
            let mut classes = Vec::new();
            if t.numeric.get(i).copied().unwrap_or(false) {
                classes.push("num");
            }
            if c.client_bound {
                classes.push("bound");
            }
            if c.invalid {
                classes.push("invalid");
            }
            if c.missing {
                classes.push("missing");
            }
            if c.text.len() > 60 {
                classes.push("wrap");
            }
            let class = if classes.is_empty() {
                String::new()
            } else {
                format!(" class=\"{}\"", classes.join(" "))
            };
            let title = match &c.note {
                Some(n) => format!(" title=\"{}\"", escape(n)),
                None => String::new(),
            };
            if i == 0 {
                let _ = write!(
                    s,
                    "<th scope=\"row\"{class}{title}>{}</th>",
                    escape(&c.text)
                );
            } else {
                let _ = write!(s, "<td{class}{title}>{}</td>", escape(&c.text));
            }
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody>\n</table>\n</div>\n");
}

fn html_spans(spans: &[Span]) -> String {
    spans
        .iter()
        .map(|sp| match sp {
            Span::Text(t) => escape(t),
            Span::Code(t) => format!("<code>{}</code>", escape(t)),
            Span::Strong(t) => format!("<strong>{}</strong>", escape(t)),
        })
        .collect()
}

/// Text for HTML text and attribute values.
pub fn escape(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in HTML (nor XML) text.
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(
            escape("<a href=\"x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
        assert_eq!(escape("bell\u{7}"), "bell\u{fffd}");
    }

    #[test]
    fn svg_made_inline() {
        let svg = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg id=\"root\"><clipPath id=\"c\"/><g clip-path=\"url(#c)\"/><use href=\"#c\"/></svg>";
        assert_eq!(
            inline_svg(svg, "x"),
            "<svg id=\"x-root\"><clipPath id=\"x-c\"/><g clip-path=\"url(#x-c)\"/><use href=\"#x-c\"/></svg>"
        );
        assert_eq!(inline_svg("<svg/>", "x"), "<svg/>");
        assert_eq!(inline_svg("", "x"), "");
    }
}
