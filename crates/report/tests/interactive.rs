//! The pages' interactive charts, as far as they can be checked without a
//! browser (crates/cli/tests/report_html.rs runs them in Chromium): every
//! point carries its exact value and a title, legend entries are buttons
//! named after their series (and the series they belong to), each page
//! with charts has the script once and a policy that lets only that script
//! run and nothing be fetched, and the chart files written to disk stay
//! static SVG that resvg renders.

use barrage_model::Results;
use barrage_report::chart::{self, form, Better, Chart, Form, Scale, Series, Unit};
use barrage_report::tables::Block;
use barrage_report::{html, load_page, model};
use roxmltree::{Document, Node};

fn fixture(name: &str) -> Results {
    let dir = format!("{}/tests/fixtures", env!("CARGO_MANIFEST_DIR"));
    if name.ends_with(".json") {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        Results::from_json(&text).unwrap()
    } else {
        model::load_results(std::path::Path::new(&format!("{dir}/{name}"))).unwrap()
    }
}

fn rendered(charts: Vec<Chart>) -> Vec<(Chart, String)> {
    charts
        .into_iter()
        .map(|c| {
            let svg = chart::render_svg(&c);
            (c, svg)
        })
        .collect()
}

fn series(name: &str, points: &[(f64, f64)], dashed: bool) -> Series {
    Series {
        name: name.into(),
        points: points.to_vec(),
        dashed,
        intervals: Vec::new(),
        flags: Vec::new(),
    }
}

fn made(id: &str, x_scale: Scale, unit: Unit, categories: &[&str], series: Vec<Series>) -> Chart {
    Chart {
        id: id.into(),
        title: format!("{id} <&> chart"),
        x_label: "offered requests/s".into(),
        y_label: "y".into(),
        x_scale,
        y_scale: Scale::Linear,
        x_categories: categories.iter().map(|c| c.to_string()).collect(),
        series,
        better: Better::Lower,
        unit,
        home: None,
    }
}

/// Charts of every form: lines with a reference line and a series' errors,
/// bars, small multiples.
fn made_charts() -> Vec<Chart> {
    let lines = made(
        "lines",
        Scale::Linear,
        Unit::PerSecond,
        &[],
        vec![
            series("offered", &[(100.0, 100.0), (1000.0, 1000.0)], true),
            series(
                "a \"quoted\" & <odd>",
                &[(100.0, 99.5), (1000.0, 812.25)],
                false,
            ),
            series("b", &[(100.0, 100.0), (1000.0, 998.0)], false),
            series("b errors", &[(100.0, 0.5), (1000.0, 12.0)], true),
        ],
    );
    let bars = made(
        "bars",
        Scale::Category,
        Unit::Ms,
        &["c=16"],
        (0..5)
            .map(|k| series(&format!("s{k}"), &[(0.0, 0.8 + k as f64 * 1.37)], false))
            .collect(),
    );
    let panels = made(
        "panels",
        Scale::Nines,
        Unit::Us,
        &[],
        (0..13)
            .map(|k| {
                let y = 100.0 * (k + 1) as f64;
                series(
                    &format!("p{k}"),
                    &[(50.0, y), (99.0, 4.0 * y), (99.9, 9.0 * y)],
                    false,
                )
            })
            .collect(),
    );
    vec![lines, bars, panels]
}

/// A page to check: what it is, its HTML, its charts and their SVG.
type Page = (String, String, Vec<(Chart, String)>);

fn pages() -> Vec<Page> {
    let mut out = Vec::new();
    for name in [
        "complete",
        "interrupted",
        "charts-closed.json",
        "charts-sessions.json",
    ] {
        let r = fixture(name);
        let charts = rendered(chart::charts_for(&r));
        out.push((name.to_string(), html::results_html(&r, &charts), charts));
    }
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/load.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let report = barrage_model::RunReport::from_json(&text).unwrap();
    out.push((
        "load".into(),
        load_page::load_html(&report),
        rendered(load_page::load_charts(&report)),
    ));
    let charts = rendered(made_charts());
    let page = html::render_page("made", &[Block::Charts(None)], &charts, false);
    out.push(("made".into(), page, charts));
    out
}

fn parse(html: &str) -> Document<'_> {
    let xml = html.trim_start_matches("<!DOCTYPE html>\n");
    Document::parse(xml).unwrap_or_else(|e| panic!("not well-formed: {e}"))
}

fn class<'a, 'i>(n: Node<'a, 'i>, class: &str) -> bool {
    n.attribute("class") == Some(class)
}

fn figure<'a, 'i>(doc: &'a Document<'i>, id: &str) -> Node<'a, 'i> {
    doc.descendants()
        .find(|n| n.has_tag_name("figure") && n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no figure {id}"))
}

/// Calls `check` with every chart of every page (the page's name, the
/// chart, its figure in the page).
fn each_figure(check: impl Fn(&str, &Chart, Node)) {
    for (page, html, charts) in pages() {
        let doc = parse(&html);
        for (c, _) in &charts {
            check(&page, c, figure(&doc, &c.id));
        }
    }
}

#[test]
fn every_point_carries_its_exact_value_and_a_title() {
    each_figure(|page, c, fig| {
        let svg = fig.children().find(|n| n.has_tag_name("svg")).unwrap();
        assert_eq!(svg.attribute("role"), Some("group"), "{page} {}", c.id);
        for se in &c.series {
            let g = fig
                .descendants()
                .find(|n| class(*n, "series") && n.attribute("data-series") == Some(&se.name))
                .unwrap_or_else(|| panic!("{page} {}: no series {}", c.id, se.name));
            let marks: Vec<Node> = g
                .children()
                .filter(|n| class(*n, "marker") || class(*n, "bar"))
                .collect();
            assert_eq!(marks.len(), se.points.len(), "{page} {} {}", c.id, se.name);
            for (m, &(x, y)) in marks.iter().zip(&se.points) {
                let x_text = chart::x_text(c, x);
                let value = c.unit.format(y);
                let at = format!("{page} {} {} at {x_text}", c.id, se.name);
                assert_eq!(m.attribute("data-x"), Some(x_text.as_str()), "{at}");
                assert_eq!(
                    m.attribute("data-y"),
                    Some(model::fmt_num(y).as_str()),
                    "{at}"
                );
                assert_eq!(m.attribute("data-value"), Some(value.as_str()), "{at}");
                let title = m.children().find(|n| n.has_tag_name("title"));
                let want = format!("{}, {x_text}: {value}", se.name);
                assert_eq!(title.and_then(|t| t.text()), Some(want.as_str()), "{at}");
            }
        }
        // Only points have values: not legend keys, not grey context.
        let valued = fig
            .descendants()
            .filter(|n| n.attribute("data-value").is_some())
            .count();
        let points: usize = c.series.iter().map(|s| s.points.len()).sum();
        assert_eq!(valued, points, "{page} {}", c.id);
    });
}

#[test]
fn values_read_as_the_tables_do() {
    let charts = made_charts();
    let (lines, bars, panels) = (&charts[0], &charts[1], &charts[2]);
    assert_eq!(
        [form(lines), form(bars), form(panels)],
        [Form::Lines, Form::Bars, Form::Panels]
    );
    let html = html::render_page(
        "made",
        &[Block::Charts(None)],
        &rendered(charts.clone()),
        false,
    );
    for needle in [
        // Lines: the x axis' label and number, a rate.
        " data-x=\"offered requests/s 1,000\" data-y=\"812.25\" data-value=\"812/s\"",
        "<title>a &quot;quoted&quot; &amp; &lt;odd&gt;, offered requests/s 1,000: 812/s</title>",
        "<title>b errors, offered requests/s 100: 0.500/s</title>",
        // Bars: the level, a latency in ms.
        " data-x=\"c=16\" data-y=\"0.8\" data-value=\"800 µs\"",
        "<title>s4, c=16: 6.28 ms</title>",
        // Small multiples: the percentile, a latency in µs.
        " data-x=\"p99.9\" data-y=\"900\" data-value=\"900 µs\"",
    ] {
        assert!(html.contains(needle), "no {needle:?}");
    }
}

#[test]
fn legend_entries_are_buttons_named_after_their_series() {
    each_figure(|page, c, fig| {
        let entries: Vec<Node> = fig
            .descendants()
            .filter(|n| class(*n, "legend-entry"))
            .collect();
        if form(c) != Form::Lines {
            assert!(entries.is_empty(), "{page} {}", c.id);
            return;
        }
        let names: Vec<&str> = entries
            .iter()
            .map(|e| e.attribute("data-series").unwrap())
            .collect();
        let want: Vec<&str> = c.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, want, "{page} {}", c.id);
        for e in &entries {
            let at = format!("{page} {} {:?}", c.id, e.attribute("data-series"));
            assert_eq!(e.attribute("tabindex"), Some("0"), "{at}");
            assert_eq!(e.attribute("role"), Some("button"), "{at}");
            assert_eq!(e.attribute("aria-pressed"), Some("true"), "{at}");
            // Its row is a box to click, its name the button's text.
            assert!(e.children().any(|n| class(n, "hit")), "{at}");
            let text = e.children().find(|n| n.has_tag_name("text")).unwrap();
            assert_eq!(text.text(), e.attribute("data-series"), "{at}");
        }
    });
    // A series' errors (or capacity) belong to it; reference lines to none.
    let charts = rendered(made_charts());
    let html = html::render_page("made", &[Block::Charts(None)], &charts, false);
    let doc = parse(&html);
    let of: Vec<(&str, Option<&str>)> = figure(&doc, "lines")
        .descendants()
        .filter(|n| class(*n, "legend-entry"))
        .map(|e| (e.attribute("data-series").unwrap(), e.attribute("data-of")))
        .collect();
    assert_eq!(
        of,
        [
            ("offered", None),
            ("a \"quoted\" & <odd>", None),
            ("b", None),
            ("b errors", Some("b")),
        ]
    );
}

#[test]
fn the_script_comes_once_a_page_with_charts_and_alone_may_run() {
    for (page, html, charts) in pages() {
        assert!(!charts.is_empty(), "{page}");
        let tag = format!("<script>{}</script>", html::SCRIPT);
        assert_eq!(html.matches("<script").count(), 1, "{page}");
        assert_eq!(html.matches(&tag).count(), 1, "{page}");
        // After the content, so that it finds every chart.
        assert!(
            html.find(&tag).unwrap() > html.rfind("</main>").unwrap(),
            "{page}"
        );
        assert!(
            html.ends_with(&format!("{tag}\n</body>\n</html>\n")),
            "{page}"
        );
    }
    // No charts, no script; the policy all the same.
    let r = fixture("complete");
    let html = html::results_html(&r, &[]);
    assert!(!html.contains("<script"));
    assert!(html.contains(&html::csp()));

    let csp = html::csp();
    let directives: Vec<&str> = csp.split("; ").collect();
    assert_eq!(directives[0], "default-src 'none'", "nothing fetched");
    let script_src = format!("script-src 'sha256-{}'", html::SCRIPT_SHA256);
    assert!(directives.contains(&script_src.as_str()), "{csp}");
    assert!(!csp.contains("unsafe-eval") && !csp.contains("script-src 'unsafe-inline'"));
    for d in [
        "connect-src",
        "font-src",
        "frame-src",
        "media-src",
        "object-src",
    ] {
        assert!(!csp.contains(d), "{d} is left to default-src 'none'");
    }
}

#[test]
fn the_policy_names_the_scripts_hash() {
    assert_eq!(
        base64(&sha256(b"abc")),
        "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
    );
    let hash = base64(&sha256(html::SCRIPT.as_bytes()));
    assert_eq!(
        hash,
        html::SCRIPT_SHA256,
        "src/charts.js changed: set html::SCRIPT_SHA256 to {hash}"
    );
}

#[test]
fn the_script_is_plain_and_offline() {
    let js = html::SCRIPT;
    assert!(js.starts_with("\n//<![CDATA[\n") && js.ends_with("\n//]]>\n"));
    let body = &js["\n//<![CDATA[\n".len()..js.len() - "//]]>\n".len()];
    for bad in [
        "eval(",
        "Function(",
        "setTimeout(\"",
        "innerHTML",
        "document.write",
        "fetch(",
        "XMLHttpRequest",
        "WebSocket",
        "EventSource",
        "sendBeacon",
        "import(",
        "http:",
        "https:",
        "//<",
        "]]>",
        "</script",
        "<!--",
    ] {
        assert!(!body.contains(bad), "{bad} in the script");
    }
    assert!(body.contains("\"use strict\""));
}

#[test]
fn printing_hides_the_tooltip_and_keeps_what_is_shown() {
    let html = html::results_html(&fixture("complete"), &[]);
    let print = &html[html.find("@media print").unwrap()..];
    let print = &print[..print.find("\n}\n").unwrap()];
    assert!(
        print.contains(".chart-tip { display: none !important; }"),
        "{print}"
    );
    // Hidden series stay hidden on paper: nothing there shows them again.
    assert!(!print.contains(".off"), "{print}");
    assert!(html.contains("figure svg .series.off, figure svg .end-labels .off { display: none; }"));
}

#[test]
fn chart_files_stay_static_svg_that_renders() {
    let mut charts = made_charts();
    // Every marker shape, with a point each.
    charts.push(made(
        "shapes",
        Scale::Category,
        Unit::Cores,
        &["c=1", "c=2"],
        (0..7)
            .map(|k| {
                series(
                    &format!("m{k}"),
                    &[(0.0, 1.0 + k as f64), (1.0, 2.0)],
                    false,
                )
            })
            .collect(),
    ));
    for c in &charts {
        let svg = chart::render_svg(c);
        let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{}: not XML: {e}", c.id));
        assert_eq!(doc.root_element().attribute("role"), Some("img"));
        for bad in [
            "<script",
            "tabindex",
            "role=\"button\"",
            "aria-pressed",
            "href",
        ] {
            assert!(!svg.contains(bad), "{}: {bad} in a chart file", c.id);
        }
        let png = chart::render_png(&svg).unwrap_or_else(|e| panic!("{}: {e}", c.id));
        assert!(png.starts_with(b"\x89PNG") && png.len() > 5_000, "{}", c.id);
    }
}

// SHA-256 (FIPS 180-4) and base64, for the policy's hash of the script.

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

fn sha256(data: &[u8]) -> [u8; 32] {
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&(data.len() as u64 * 8).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 64];
        for (word, bytes) in w.iter_mut().zip(block.chunks(4)) {
            *word = u32::from_be_bytes(bytes.try_into().unwrap());
        }
        for i in 16..64 {
            let (a, b) = (w[i - 15], w[i - 2]);
            let s0 = a.rotate_right(7) ^ a.rotate_right(18) ^ (a >> 3);
            let s1 = b.rotate_right(17) ^ b.rotate_right(19) ^ (b >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let mut v = h;
        for (k, wi) in K.iter().zip(w) {
            let [a, b, c, d, e, f, g, hh] = v;
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(*k)
                .wrapping_add(wi);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let t2 = s0.wrapping_add((a & b) ^ (a & c) ^ (b & c));
            v = [t1.wrapping_add(t2), a, b, c, d.wrapping_add(t1), e, f, g];
        }
        for (x, y) in h.iter_mut().zip(v) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (o, x) in out.chunks_mut(4).zip(h) {
        o.copy_from_slice(&x.to_be_bytes());
    }
    out
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
