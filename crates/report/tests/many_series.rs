//! Charts and the report with many servers: every series of a chart has a
//! (colour, marker, dash) triple of its own, read back from the SVG; one
//! level is a sorted bar chart; more series than
//! [`chart::SMALL_MULTIPLES`] are small multiples; names at the lines'
//! ends; and the ranking that opens report.md.
//!
//! The results are tests/fixtures/charts-closed.json's first variant copied
//! to N servers `server-01`, ... whose rates (and latencies) are its own
//! times a factor that orders them (see [`factor`]).

use std::collections::HashSet;

use barrage_model::results::RunRecord;
use barrage_model::Results;
use barrage_report::chart::{
    self, charts_for, form, render_png, render_svg, Better, Chart, Form, Scale, Series, Unit,
};
use barrage_report::tables;
use roxmltree::{Document, Node};

fn fixture(name: &str) -> Results {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Results::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Server k's (from 0) factor among n: 1 + (7k mod n) / 10, all distinct
/// when n is prime to 7; responses/s are multiplied by it, latencies
/// divided.
fn factor(k: usize, n: usize) -> f64 {
    1.0 + ((7 * k) % n) as f64 / 10.0
}

fn name(k: usize) -> String {
    format!("server-{:02}", k + 1)
}

/// `n` servers at the fixture's levels `levels` (0: c=4, 1: c=16), two
/// repeats each; server-03 is client-bound and server-05 had errors at
/// every level.
fn many(n: usize, levels: &[usize]) -> Results {
    let mut r = fixture("charts-closed.json");
    let first = r.runs[0].variant.clone();
    let base: Vec<RunRecord> = r
        .runs
        .iter()
        .filter(|x| x.variant == first && levels.contains(&x.level_index))
        .cloned()
        .collect();
    let mut runs = Vec::new();
    for k in 0..n {
        for x in &base {
            let mut x = x.clone();
            x.server = name(k);
            x.variant = name(k);
            let f = factor(k, n);
            let st = x.stats.as_mut().unwrap();
            st.responses_per_s *= f;
            for p in [
                &mut st.latency_p50_us,
                &mut st.latency_p99_us,
                &mut st.latency_p99_9_us,
            ] {
                *p = p.map(|v| v / f);
            }
            x.client_bound = k == 2;
            if k == 4 {
                st.errors = Some(3);
            }
            runs.push(x);
        }
    }
    r.runs = runs;
    r.servers.clear();
    r.probes.clear();
    r
}

/// The servers, best first: the highest factor (the most responses/s,
/// the lowest latency) first.
fn ranked(n: usize) -> Vec<String> {
    let mut k: Vec<usize> = (0..n).collect();
    k.sort_by(|a, b| factor(*b, n).total_cmp(&factor(*a, n)));
    k.into_iter().map(name).collect()
}

fn by_id<'a>(charts: &'a [Chart], id: &str) -> &'a Chart {
    charts
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no chart {id}"))
}

fn parse(svg: &str) -> Document<'_> {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().attribute("width"), Some("720"));
    assert!(!svg.contains("href"), "no links");
    doc
}

fn with_class<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// Each series group's name and (colour, marker, dash), in SVG order.
fn styles(doc: &Document) -> Vec<(String, (String, String, String))> {
    with_class(doc, "series")
        .into_iter()
        .map(|g| {
            let attr = |a: &str| {
                g.attribute(a)
                    .unwrap_or_else(|| panic!("no {a} on a series"))
                    .to_string()
            };
            (
                attr("data-series"),
                (attr("data-colour"), attr("data-marker"), attr("data-dash")),
            )
        })
        .collect()
}

fn assert_distinct(doc: &Document, id: &str) {
    let got = styles(doc);
    let triples: HashSet<&(String, String, String)> = got.iter().map(|g| &g.1).collect();
    assert_eq!(
        triples.len(),
        got.len(),
        "{id}: a triple is shared: {got:?}"
    );
}

#[test]
fn twenty_four_servers_have_distinct_styles_and_small_multiples() {
    let n = 24;
    let r = many(n, &[0, 1]);
    let charts = charts_for(&r);
    let throughput = by_id(&charts, "hello-barrage-throughput");
    assert_eq!(throughput.series.len(), n);
    assert_eq!(form(throughput), Form::Panels);
    for c in &charts {
        let svg = render_svg(c);
        let doc = parse(&svg);
        assert_distinct(&doc, &c.id);
        // Every series once, in the chart's order.
        let names: Vec<String> = styles(&doc).into_iter().map(|g| g.0).collect();
        let want: Vec<&str> = c.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, want, "{}", c.id);
    }
    let svg = render_svg(throughput);
    let doc = parse(&svg);
    let got = styles(&doc);
    // The first eight solid in the palette's eight colours, then dashed,
    // then dotted; markers change where colours repeat.
    let dashes: Vec<&str> = got.iter().map(|g| g.1 .2.as_str()).collect();
    assert!(dashes[..8].iter().all(|d| *d == "solid"), "{dashes:?}");
    assert!(dashes[8..16].iter().all(|d| *d == "dashed"), "{dashes:?}");
    assert!(dashes[16..].iter().all(|d| *d == "dotted"), "{dashes:?}");
    let colours: HashSet<&str> = got[..8].iter().map(|g| g.1 .0.as_str()).collect();
    assert_eq!(colours.len(), 8);
    assert_eq!(got[0].1 .0, got[8].1 .0);
    assert_ne!(got[0].1 .1, got[8].1 .1);
    // A panel per server, titled with its name, with the 23 others faint.
    let panels = with_class(&doc, "panel");
    assert_eq!(panels.len(), n);
    for (p, (name, _)) in panels.iter().zip(&got) {
        assert_eq!(p.attribute("data-series"), Some(name.as_str()));
        let series: Vec<Node> = p
            .descendants()
            .filter(|d| d.attribute("class") == Some("series"))
            .collect();
        assert_eq!(series.len(), 1);
        assert_eq!(series[0].attribute("data-series"), Some(name.as_str()));
        let markers = series[0]
            .children()
            .filter(|c| c.attribute("class") == Some("marker"))
            .count();
        assert_eq!(markers, 2, "a marker per level");
        let context = p
            .descendants()
            .find(|d| d.attribute("class") == Some("context"))
            .unwrap();
        assert_eq!(
            context
                .children()
                .filter(|c| c.has_tag_name("path"))
                .count(),
            n - 1
        );
        let title: Vec<&str> = p
            .descendants()
            .filter(|d| {
                d.has_tag_name("text")
                    && d.parent().unwrap().attribute("class") == Some("panel-title")
            })
            .filter_map(|d| d.text())
            .collect();
        assert_eq!(title, [name.as_str()]);
    }
    // Same axes: every panel's frame is as big; 6 rows of 4 make it taller.
    let frames: HashSet<(&str, &str)> = with_class(&doc, "frame")
        .iter()
        .map(|f| {
            (
                f.attribute("width").unwrap(),
                f.attribute("height").unwrap(),
            )
        })
        .collect();
    assert_eq!(frames.len(), 1);
    let height: f64 = doc
        .root_element()
        .attribute("height")
        .unwrap()
        .parse()
        .unwrap();
    assert!(height > 420.0, "{height}");
    assert!(render_svg(throughput) == svg, "byte-stable");

    // The PNG renders; kept for a look (target/tmp/many-series-*.png).
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    for (id, file) in [
        ("hello-barrage-throughput", "many-series-panels.png"),
        ("hello-barrage-spectrum", "many-series-spectrum.png"),
    ] {
        let png = render_png(&render_svg(by_id(&charts, id))).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        std::fs::write(dir.join(file), png).unwrap();
    }
}

#[test]
fn one_level_is_a_sorted_bar_chart() {
    let n = 24;
    let r = many(n, &[1]);
    let charts = charts_for(&r);
    let cases = [
        ("hello-barrage-throughput", true),
        ("hello-barrage-latency-p99", false),
    ];
    for (id, higher_first) in cases {
        let c = by_id(&charts, id);
        assert_eq!(c.x_categories, ["c=16"]);
        assert_eq!(form(c), Form::Bars, "{id}");
        let svg = render_svg(c);
        let doc = parse(&svg);
        assert_distinct(&doc, id);
        // The bars top to bottom, best first: the most responses/s, the
        // lowest p99.
        let names: Vec<String> = styles(&doc).into_iter().map(|g| g.0).collect();
        assert_eq!(names, ranked(n), "{id}");
        let tops: Vec<f64> = with_class(&doc, "bar")
            .iter()
            .map(|b| b.attribute("y").unwrap().parse().unwrap())
            .collect();
        assert_eq!(tops.len(), n);
        assert!(tops.windows(2).all(|w| w[0] < w[1]), "{tops:?}");
        let widths: Vec<f64> = with_class(&doc, "bar")
            .iter()
            .map(|b| b.attribute("width").unwrap().parse().unwrap())
            .collect();
        let sorted = widths.windows(2).all(|w| {
            if higher_first {
                w[0] >= w[1]
            } else {
                w[0] <= w[1]
            }
        });
        assert!(sorted, "{id}: {widths:?}");
        // Each bar's value at its end, as the median of its repeats.
        let values: Vec<&str> = with_class(&doc, "value")
            .iter()
            .filter_map(|v| v.text())
            .collect();
        let best = &c.series[c.series.iter().position(|s| s.name == names[0]).unwrap()];
        if higher_first {
            let want = format!("{}", best.points[0].1.round() as u64);
            assert_eq!(values[0].replace(',', ""), want, "{id}");
        }
        assert!(svg.contains(">responses/s at c=16<") || !higher_first);
    }
    // A one-level chart of one series stays a line chart.
    let r = many(1, &[1]);
    let c = charts_for(&r).remove(0);
    assert_eq!(form(&c), Form::Lines);
    let png = render_png(&render_svg(by_id(&charts, "hello-barrage-throughput"))).unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("many-series-bars.png"), png).unwrap();
}

fn lines(n: usize, end: impl Fn(usize) -> f64) -> Chart {
    Chart {
        id: "lines".into(),
        title: "lines".into(),
        x_label: "x".into(),
        y_label: "y".into(),
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        x_categories: Vec::new(),
        series: (0..n)
            .map(|k| Series {
                name: name(k),
                points: vec![(0.0, 1.0), (1.0, 1.0 + k as f64), (2.0, end(k))],
                dashed: false,
                intervals: Vec::new(),
                flags: Vec::new(),
            })
            .collect(),
        better: Better::Higher,
        unit: Unit::PerSecond,
        home: None,
    }
}

#[test]
fn small_multiples_beyond_the_threshold() {
    assert_eq!(chart::SMALL_MULTIPLES, 12);
    let twelve = lines(12, |k| 10.0 * k as f64);
    assert_eq!(form(&twelve), Form::Lines);
    let doc_text = render_svg(&twelve);
    let doc = parse(&doc_text);
    assert!(with_class(&doc, "panel").is_empty());
    assert_distinct(&doc, "twelve");
    let thirteen = lines(13, |k| 10.0 * k as f64);
    assert_eq!(form(&thirteen), Form::Panels);
    let doc_text = render_svg(&thirteen);
    let doc = parse(&doc_text);
    assert_eq!(with_class(&doc, "panel").len(), 13);
    assert!(with_class(&doc, "legend").is_empty());
    // Reference lines and a series' errors do not count, and are drawn in
    // every panel (references) or in their series' panel (errors).
    let mut c = lines(12, |k| 10.0 * k as f64);
    c.series.insert(
        0,
        Series {
            name: "offered".into(),
            points: vec![(0.0, 1.0), (2.0, 100.0)],
            dashed: true,
            intervals: Vec::new(),
            flags: Vec::new(),
        },
    );
    c.series.push(Series {
        name: "server-02 errors".into(),
        points: vec![(0.0, 0.5), (2.0, 0.5)],
        dashed: true,
        intervals: Vec::new(),
        flags: Vec::new(),
    });
    assert_eq!(form(&c), Form::Lines);
    c.series.push(Series {
        name: "server-13".into(),
        points: vec![(0.0, 3.0), (2.0, 4.0)],
        dashed: false,
        intervals: Vec::new(),
        flags: Vec::new(),
    });
    assert_eq!(form(&c), Form::Panels);
    let doc_text = render_svg(&c);
    let doc = parse(&doc_text);
    assert_eq!(with_class(&doc, "panel").len(), 13);
    assert_eq!(with_class(&doc, "reference").len(), 13);
    let second = with_class(&doc, "panel")[1];
    let names: Vec<&str> = second
        .descendants()
        .filter(|d| d.attribute("class") == Some("series"))
        .filter_map(|d| d.attribute("data-series"))
        .collect();
    assert_eq!(names, ["server-02", "server-02 errors"]);
    assert_distinct(&doc, "panels");
}

/// The end labels: (name, x, y).
fn end_labels(doc: &Document) -> Vec<(String, f64, f64)> {
    with_class(doc, "end-labels")
        .iter()
        .flat_map(|g| g.children().filter(|c| c.has_tag_name("text")))
        .map(|t| {
            (
                t.attribute("data-series").unwrap().to_string(),
                t.attribute("x").unwrap().parse().unwrap(),
                t.attribute("y").unwrap().parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn names_at_the_lines_ends_where_they_fit() {
    // Ends far apart: every name, at its line's end, in the series' colour.
    let apart = lines(4, |k| 100.0 * k as f64);
    let svg = render_svg(&apart);
    let doc = parse(&svg);
    let labels = end_labels(&doc);
    let names: Vec<&str> = labels.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(names, ["server-01", "server-02", "server-03", "server-04"]);
    let legend_x: f64 = with_class(&doc, "legend")[0]
        .descendants()
        .find(|n| n.has_tag_name("line"))
        .unwrap()
        .attribute("x1")
        .unwrap()
        .parse()
        .unwrap();
    for (name, x, _) in &labels {
        assert!(
            x + 6.6 * name.len() as f64 <= legend_x,
            "{name} reaches the legend"
        );
    }
    // Higher ends, higher names (smaller y).
    assert!(labels.windows(2).all(|w| w[0].2 > w[1].2), "{labels:?}");
    // The legend stays.
    assert_eq!(
        with_class(&doc, "legend")[0]
            .descendants()
            .filter(|c| c.has_tag_name("text"))
            .count(),
        4
    );

    // Ten lines ending at nearly one point: the names that fit, none
    // overlapping, the others left out.
    let close = lines(10, |k| 500.0 + k as f64);
    let doc_text = render_svg(&close);
    let doc = parse(&doc_text);
    let labels = end_labels(&doc);
    assert!(!labels.is_empty() && labels.len() < 10, "{labels:?}");
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[..i] {
            assert!((a.2 - b.2).abs() >= 12.0, "{a:?} overlaps {b:?}");
        }
    }

    // One series: its legend says it all.
    let one = lines(1, |_| 3.0);
    let doc_text = render_svg(&one);
    let doc = parse(&doc_text);
    assert!(end_labels(&doc).is_empty());
}

#[test]
fn the_ranking_opens_the_report() {
    let n = 24;
    let r = many(n, &[0, 1]);
    let md = tables::markdown(&r);
    let ranking = md.find("## Ranking").expect("no ranking");
    let first_table = md.find("## hello (barrage)").unwrap();
    assert!(ranking < first_table);
    assert!(
        !md[..ranking].contains("| server |"),
        "a table before the ranking"
    );
    let section = &md[ranking..first_table];
    assert!(
        section.contains(
            "**hello (barrage)** at `c=16`, the highest level with numbers for every server:"
        ),
        "{section}"
    );
    // Ranked by median responses/s, best first, with their marks.
    let rows: Vec<Vec<&str>> = section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| rank"))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), n);
    let servers: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(servers, ranked(n));
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0], (i + 1).to_string());
        let marks = match row[1] {
            "server-03" => "*",
            "server-05" => "!",
            _ => "",
        };
        let value = row[2];
        assert_eq!(
            value.trim_start_matches(|c: char| c.is_ascii_digit() || c == ','),
            marks,
            "{row:?}"
        );
        assert!(row[3].ends_with("(2 repeats)"), "{row:?}");
    }
    // The numbers are the tables' medians.
    let table = &md[first_table..];
    let best = &rows[0];
    assert!(
        table.contains(&format!("| {} | ", best[1])) && table.contains(best[2]),
        "{best:?}"
    );
    // The HTML opens with it too.
    let html = barrage_report::html::results_html(&r, &[]);
    let at = html.find("id=\"ranking\"").unwrap();
    assert!(at < html.find("id=\"sec-hello-barrage\"").unwrap());
    assert!(html.contains("<table id=\"t-rank-hello-barrage\">"));
    assert!(html.contains("<a href=\"#ranking\">Ranking</a>"));
}

#[test]
fn capacity_searches_are_ranked_by_capacity() {
    use barrage_model::search::{Bound, Limits, Outcome, SearchReport, Slo, SEARCH_SCHEMA};
    use barrage_model::suite::{Level, SearchSpec};
    let mut r = many(3, &[1]);
    let spec = SearchSpec {
        slo: "p99<=10ms".into(),
        min: 10.0,
        max: 10000.0,
        precision: 0.02,
        max_steps: 20,
        connections: 10,
    };
    for x in &mut r.runs {
        let k: usize = x.server[7..].parse().unwrap();
        // server-01: 100/s, server-02: at least 300/s (client-bound),
        // server-03: 200/s; the repeats 10/s apart.
        let rate = [100.0, 300.0, 200.0][k - 1] + 10.0 * f64::from(x.repeat);
        x.level = Level::Search {
            spec: spec.clone(),
            calls: None,
        };
        x.client_bound = false;
        x.search = Some(SearchReport {
            schema: SEARCH_SCHEMA.into(),
            barrage_version: "0".into(),
            url: "http://127.0.0.1/".into(),
            slo: "p99<=10ms".parse::<Slo>().unwrap(),
            limits: Limits::default(),
            step_duration_s: 1.0,
            step_warmup_s: 0.0,
            calls_per_session: None,
            steps: Vec::new(),
            tolerance: None,
            client_ceiling: None,
            outcome: if k == 2 {
                Outcome::AtLeast {
                    rate,
                    bound: Bound::ClientBound,
                }
            } else {
                Outcome::Capacity { rate }
            },
            interrupted: false,
            elapsed_s: 1.0,
            checks: Vec::new(),
        });
    }
    let md = tables::markdown(&r);
    let ranking = md.find("## Ranking").unwrap();
    let capacity = md.find("## Capacity: hello").unwrap();
    let section = &md[ranking..capacity];
    assert!(section.contains("**Capacity: hello**"), "{section}");
    for row in [
        "| 1 | server-02 | ≥ 305/s* | 300–310/s (2 repeats) |",
        "| 2 | server-03 | 205/s | 200–210/s (2 repeats) |",
        "| 3 | server-01 | 105/s | 100–110/s (2 repeats) |",
    ] {
        assert!(section.contains(row), "no {row:?} in\n{section}");
    }
}
