//! The charts: SVG structure per kind of axis, tick placement, escaping,
//! byte-stability, PNG, and the charts of real results
//! (tests/fixtures/charts-*.json: tiny suites run with `barrage run`,
//! barrage serve with THREADS 1 and 2 and the barrage driver, two repeats;
//! `charts-closed` at concurrency 4 and 16 for 3 s, `charts-sessions` at
//! 50 and 100 sessions/s of 5 calls, 50 sessions).

use barrage_model::Results;
use barrage_report::chart::{
    charts_for, form, render_png, render_svg, Better, Chart, Form, Scale, Series, Unit,
};
use roxmltree::{Document, Node};

fn fixture(name: &str) -> Results {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Results::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
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

fn chart(x_scale: Scale, y_scale: Scale, series: Vec<Series>) -> Chart {
    Chart {
        id: "test-chart".into(),
        title: "a test chart".into(),
        x_label: "x".into(),
        y_label: "y".into(),
        x_scale,
        y_scale,
        x_categories: Vec::new(),
        series,
        better: Better::Higher,
        unit: Unit::PerSecond,
        home: None,
    }
}

fn parse(svg: &str) -> Document<'_> {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("viewBox"), Some("0 0 720 420"));
    assert_eq!(root.attribute("width"), Some("720"));
    assert_eq!(root.attribute("height"), Some("420"));
    assert!(!svg.contains("href"), "no links");
    assert!(!svg.contains("@font-face") && !svg.contains("url("));
    doc
}

/// The series groups: (name, markers, dashed path, stroke colour).
fn drawn(doc: &Document) -> Vec<(String, usize, bool, String)> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("series"))
        .map(|g| {
            let path = g
                .children()
                .find(|c| c.has_tag_name("path"))
                .expect("a path");
            (
                g.attribute("data-series").unwrap().to_string(),
                g.children()
                    .filter(|c| c.attribute("class") == Some("marker"))
                    .count(),
                path.attribute("stroke-dasharray").is_some(),
                g.attribute("stroke").unwrap().to_string(),
            )
        })
        .collect()
}

fn group<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Node<'a, 'i> {
    doc.descendants()
        .find(|n| n.attribute("class") == Some(class))
        .unwrap_or_else(|| panic!("no {class}"))
}

/// Tick labels of an axis ("x-ticks" or "y-ticks") and their position.
fn ticks(doc: &Document, class: &str) -> Vec<(String, f64)> {
    let coord = if class == "x-ticks" { "x" } else { "y" };
    group(doc, class)
        .children()
        .filter(|n| n.has_tag_name("text"))
        .map(|t| {
            (
                t.text().unwrap_or("").to_string(),
                t.attribute(coord).unwrap().parse().unwrap(),
            )
        })
        .collect()
}

fn circles(doc: &Document, name: &str) -> Vec<(f64, f64)> {
    doc.descendants()
        .find(|n| n.attribute("data-series") == Some(name))
        .unwrap()
        .children()
        .filter(|c| c.has_tag_name("circle"))
        .map(|c| {
            (
                c.attribute("cx").unwrap().parse().unwrap(),
                c.attribute("cy").unwrap().parse().unwrap(),
            )
        })
        .collect()
}

fn label_pos(ticks: &[(String, f64)], label: &str) -> f64 {
    ticks
        .iter()
        .find(|t| t.0 == label)
        .unwrap_or_else(|| panic!("no tick {label} in {ticks:?}"))
        .1
}

fn assert_even(positions: &[f64]) {
    let step = positions[1] - positions[0];
    assert!(step.abs() > 1.0);
    for w in positions.windows(2) {
        assert!(((w[1] - w[0]) - step).abs() < 0.02, "uneven: {positions:?}");
    }
}

#[test]
fn every_kind_of_chart_is_an_svg_with_its_series_and_points() {
    let cases = [
        (Scale::Linear, Scale::Linear),
        (Scale::Category, Scale::Linear),
        (Scale::Category, Scale::Log10),
        (Scale::Linear, Scale::Log10),
        (Scale::Nines, Scale::Log10),
        (Scale::Nines, Scale::Linear),
    ];
    for (x, y) in cases {
        let mut c = chart(
            x,
            y,
            vec![
                series("one", &[(0.0, 1.0), (1.0, 20.0), (2.0, 300.0)], false),
                series("two", &[(0.0, 2.0), (2.0, 30.0)], false),
                series("two errors", &[(1.0, 5.0)], true),
            ],
        );
        c.x_categories = vec!["c=1".into(), "c=10".into(), "c=100".into()];
        assert_eq!(form(&c), Form::Lines);
        let svg = render_svg(&c);
        let doc = parse(&svg);
        let got = drawn(&doc);
        let names: Vec<&str> = got.iter().map(|g| g.0.as_str()).collect();
        assert_eq!(names, ["one", "two", "two errors"], "{x:?}/{y:?}");
        let counts: Vec<usize> = got.iter().map(|g| g.1).collect();
        assert_eq!(counts, [3, 2, 1], "{x:?}/{y:?}");
        assert_eq!(
            got.iter().map(|g| g.2).collect::<Vec<_>>(),
            [false, false, true]
        );
        // Distinct colours, except a dashed "X suffix" series takes X's
        // colour and marker, with another dash pattern.
        assert_ne!(got[0].3, got[1].3);
        assert_eq!(got[1].3, got[2].3);
        let style = |name: &str, attr: &str| {
            doc.descendants()
                .find(|n| n.attribute("data-series") == Some(name))
                .and_then(|n| n.attribute(attr))
                .unwrap()
                .to_string()
        };
        assert_eq!(
            ["one", "two", "two errors"].map(|n| style(n, "data-marker")),
            ["circle", "square", "square"]
        );
        assert_eq!(
            ["one", "two", "two errors"].map(|n| style(n, "data-dash")),
            ["solid", "solid", "dashed"]
        );
        // Title, axis labels and a legend entry per series.
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        for t in ["a test chart", "x", "y", "one", "two", "two errors"] {
            assert!(texts.contains(&t), "{t} missing in {texts:?}");
        }
        // The legend: an entry per series, named after it (and after the
        // series it belongs to), with its key and name.
        let legend = group(&doc, "legend");
        let entries: Vec<Node> = legend
            .children()
            .filter(|n| n.attribute("class") == Some("legend-entry"))
            .collect();
        let named: Vec<(&str, Option<&str>)> = entries
            .iter()
            .map(|e| (e.attribute("data-series").unwrap(), e.attribute("data-of")))
            .collect();
        assert_eq!(
            named,
            [("one", None), ("two", None), ("two errors", Some("two"))]
        );
        for e in &entries {
            assert_eq!(e.children().filter(|n| n.has_tag_name("line")).count(), 1);
            assert_eq!(
                e.children()
                    .find(|n| n.has_tag_name("text"))
                    .unwrap()
                    .text(),
                e.attribute("data-series")
            );
            // The legend's markers are keys, not points.
            assert!(e.descendants().all(|n| n.attribute("data-value").is_none()));
        }
        // Every point's marker carries its values and a title.
        for g in doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("series"))
        {
            let name = g.attribute("data-series").unwrap();
            for m in g
                .children()
                .filter(|c| c.attribute("class") == Some("marker"))
            {
                let value = m.attribute("data-value").expect("data-value");
                let x = m.attribute("data-x").expect("data-x");
                assert!(m.attribute("data-y").unwrap().parse::<f64>().is_ok());
                let title = m.children().find(|c| c.has_tag_name("title")).unwrap();
                assert_eq!(title.text(), Some(format!("{name}, {x}: {value}").as_str()));
            }
        }
        assert!(svg.contains("font-family=\"sans-serif\""));
    }
}

#[test]
fn many_series_get_distinct_colours() {
    let s: Vec<Series> = (0..8)
        .map(|i| series(&format!("s{i}"), &[(0.0, i as f64), (1.0, 1.0)], false))
        .collect();
    let doc_text = render_svg(&chart(Scale::Linear, Scale::Linear, s));
    let doc = parse(&doc_text);
    let mut colours: Vec<String> = drawn(&doc).into_iter().map(|g| g.3).collect();
    colours.sort();
    colours.dedup();
    assert_eq!(colours.len(), 8);
}

#[test]
fn log_axis_has_even_decade_ticks_and_skips_values_not_above_zero() {
    let c = chart(
        Scale::Linear,
        Scale::Log10,
        vec![series(
            "a",
            &[
                (0.0, 3.0),
                (1.0, 0.0),
                (2.0, 40.0),
                (3.0, 4500.0),
                (4.0, -2.0),
            ],
            false,
        )],
    );
    let svg = render_svg(&c);
    let doc = parse(&svg);
    let y = ticks(&doc, "y-ticks");
    let labels: Vec<&str> = y.iter().map(|t| t.0.as_str()).collect();
    assert_eq!(labels, ["1", "10", "100", "1k", "10k"]);
    assert_even(&y.iter().map(|t| t.1).collect::<Vec<_>>());
    // 0 and -2 cannot be drawn: 3 markers, and the line breaks at the 0.
    assert_eq!(drawn(&doc)[0].1, 3);
    let path = doc
        .descendants()
        .find(|n| n.has_tag_name("path") && n.attribute("stroke-width") == Some("2"))
        .unwrap();
    assert_eq!(path.attribute("d").unwrap().matches('M').count(), 2);
    // A value sits where its decade says: 40 is log10(4) of the way from 10 to 100.
    let p = circles(&doc, "a");
    let (y10, y100) = (label_pos(&y, "10") - 4.0, label_pos(&y, "100") - 4.0);
    let expect = y10 + (y100 - y10) * 4f64.log10();
    assert!((p[1].1 - expect).abs() < 0.02, "{} vs {expect}", p[1].1);
    // Sub-decade grid lines, unlabelled.
    assert!(svg.contains("class=\"minor-grid\""));
}

#[test]
fn log_axis_within_one_decade_labels_2_and_5() {
    let c = chart(
        Scale::Linear,
        Scale::Log10,
        vec![series("a", &[(0.0, 150.0), (1.0, 600.0)], false)],
    );
    let doc_text = render_svg(&c);
    let doc = parse(&doc_text);
    let labels: Vec<String> = ticks(&doc, "y-ticks").into_iter().map(|t| t.0).collect();
    assert_eq!(labels, ["100", "200", "500", "1k"]);
    let small = chart(
        Scale::Linear,
        Scale::Log10,
        vec![series("a", &[(0.0, 0.03), (1.0, 0.2)], false)],
    );
    let doc_text = render_svg(&small);
    let doc = parse(&doc_text);
    let labels: Vec<String> = ticks(&doc, "y-ticks").into_iter().map(|t| t.0).collect();
    assert_eq!(labels, ["0.01", "0.1", "1"]);
}

#[test]
fn nines_axis_spaces_the_nines_evenly_and_skips_100() {
    let c = chart(
        Scale::Nines,
        Scale::Linear,
        vec![series(
            "lat",
            &[
                (0.0, 1.0),
                (50.0, 2.0),
                (90.0, 3.0),
                (99.0, 4.0),
                (99.9, 5.0),
                (99.95, 6.0),
                (100.0, 7.0),
            ],
            false,
        )],
    );
    let doc_text = render_svg(&c);
    let doc = parse(&doc_text);
    let x = ticks(&doc, "x-ticks");
    let labels: Vec<&str> = x.iter().map(|t| t.0.as_str()).collect();
    assert_eq!(labels, ["0%", "90%", "99%", "99.9%", "99.99%"]);
    assert_even(&x.iter().map(|t| t.1).collect::<Vec<_>>());
    let p = circles(&doc, "lat");
    assert_eq!(p.len(), 6, "100% is not drawn");
    assert!((p[0].0 - label_pos(&x, "0%")).abs() < 0.02);
    assert!((p[2].0 - label_pos(&x, "90%")).abs() < 0.02);
    assert!((p[3].0 - label_pos(&x, "99%")).abs() < 0.02);
    assert!((p[4].0 - label_pos(&x, "99.9%")).abs() < 0.02);
    // 50% is at -log10(0.5) ≈ 0.301 of the 0%–90% distance.
    let (x0, x90) = (label_pos(&x, "0%"), label_pos(&x, "90%"));
    assert!((p[1].0 - (x0 + (x90 - x0) * 2f64.log10())).abs() < 0.02);
}

#[test]
fn nines_ticks_go_as_far_as_the_data() {
    let c = chart(
        Scale::Nines,
        Scale::Linear,
        vec![series("lat", &[(10.0, 1.0), (99.0, 2.0)], false)],
    );
    let doc_text = render_svg(&c);
    let doc = parse(&doc_text);
    let labels: Vec<String> = ticks(&doc, "x-ticks").into_iter().map(|t| t.0).collect();
    assert_eq!(labels, ["0%", "90%", "99%"]);
    let deep = chart(
        Scale::Nines,
        Scale::Linear,
        vec![series("lat", &[(10.0, 1.0), (99.9995, 2.0)], false)],
    );
    let doc_text = render_svg(&deep);
    let doc = parse(&doc_text);
    let labels: Vec<String> = ticks(&doc, "x-ticks").into_iter().map(|t| t.0).collect();
    assert_eq!(
        labels,
        ["0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%"]
    );
}

#[test]
fn category_and_linear_axes() {
    let mut c = chart(
        Scale::Category,
        Scale::Linear,
        vec![series("a", &[(0.0, 12000.0), (1.0, 38420.0)], false)],
    );
    c.x_categories = vec!["c=4".into(), "c=16".into()];
    let doc_text = render_svg(&c);
    let doc = parse(&doc_text);
    let x = ticks(&doc, "x-ticks");
    assert_eq!(
        x.iter().map(|t| t.0.as_str()).collect::<Vec<_>>(),
        ["c=4", "c=16"]
    );
    let p = circles(&doc, "a");
    assert!((p[0].0 - x[0].1).abs() < 0.02 && (p[1].0 - x[1].1).abs() < 0.02);
    let y = ticks(&doc, "y-ticks");
    assert_eq!(
        y.iter().map(|t| t.0.as_str()).collect::<Vec<_>>(),
        ["0", "10k", "20k", "30k", "40k"]
    );
    assert_even(&y.iter().map(|t| t.1).collect::<Vec<_>>());
    // Small values keep the decimals their step needs.
    let small = chart(
        Scale::Linear,
        Scale::Linear,
        vec![series("a", &[(0.0, 0.12), (3.0, 0.9)], false)],
    );
    let doc_text = render_svg(&small);
    let doc = parse(&doc_text);
    let y: Vec<String> = ticks(&doc, "y-ticks").into_iter().map(|t| t.0).collect();
    assert_eq!(y, ["0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
}

#[test]
fn long_category_labels_are_rotated() {
    let mut c = chart(
        Scale::Category,
        Scale::Linear,
        vec![series(
            "a",
            &(0..12).map(|i| (i as f64, i as f64)).collect::<Vec<_>>(),
            false,
        )],
    );
    c.x_categories = (1..=12)
        .map(|i| format!("sessions {}/s x10", i * 100))
        .collect();
    let svg = render_svg(&c);
    parse(&svg);
    assert_eq!(svg.matches("rotate(-35").count(), 12);
}

#[test]
fn text_is_escaped() {
    let mut c = chart(
        Scale::Category,
        Scale::Linear,
        vec![series("a<b> & \"c\" 'd'", &[(0.0, 1.0)], false)],
    );
    c.title = "x < y & z".into();
    c.x_categories = vec!["<&>".into()];
    let svg = render_svg(&c);
    let doc = parse(&svg);
    assert_eq!(drawn(&doc)[0].0, "a<b> & \"c\" 'd'");
    assert_eq!(
        doc.descendants()
            .find(|n| n.has_tag_name("title"))
            .unwrap()
            .text(),
        Some("x < y & z")
    );
    assert_eq!(ticks(&doc, "x-ticks")[0].0, "<&>");
}

#[test]
fn no_data_is_still_an_svg() {
    for c in [
        chart(Scale::Category, Scale::Linear, Vec::new()),
        chart(
            Scale::Linear,
            Scale::Log10,
            vec![series("zeros", &[(0.0, 0.0), (1.0, -1.0)], false)],
        ),
    ] {
        let svg = render_svg(&c);
        let doc = parse(&svg);
        assert!(svg.contains(">no data</text>"));
        assert!(drawn(&doc).is_empty());
        assert!(render_png(&svg).is_ok());
    }
}

#[test]
fn output_is_byte_stable() {
    let c = chart(
        Scale::Nines,
        Scale::Log10,
        vec![series(
            "a",
            &[(0.0, 0.077), (90.0, 0.119), (99.9, 6.707)],
            false,
        )],
    );
    assert_eq!(render_svg(&c), render_svg(&c.clone()));
    for name in ["charts-closed.json", "charts-sessions.json"] {
        let results = fixture(name);
        let a = charts_for(&results);
        let b = charts_for(&results.clone());
        assert_eq!(a, b);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(render_svg(x), render_svg(y));
        }
    }
}

#[test]
fn png_is_rendered_at_twice_the_size() {
    let c = chart(
        Scale::Linear,
        Scale::Linear,
        vec![series("a", &[(0.0, 1.0), (1.0, 2.0)], false)],
    );
    let png = render_png(&render_svg(&c)).unwrap();
    assert!(png.len() > 1000);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!((width, height), (1440, 840));
    assert!(render_png("not svg").is_err());
}

fn ids(charts: &[Chart]) -> Vec<&str> {
    charts.iter().map(|c| c.id.as_str()).collect()
}

fn by_id<'a>(charts: &'a [Chart], id: &str) -> &'a Chart {
    charts
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no chart {id} in {:?}", ids(charts)))
}

const T1: &str = "barrage-target THREADS=1";
const T2: &str = "barrage-target THREADS=2";

/// Every chart renders to an SVG whose series are the chart's.
fn check_rendered(charts: &[Chart]) {
    for c in charts {
        assert!(c
            .id
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-'));
        let svg = render_svg(c);
        let doc = parse(&svg);
        let got = drawn(&doc);
        let names: Vec<&str> = got.iter().map(|g| g.0.as_str()).collect();
        let want: Vec<&str> = c.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, want, "{}", c.id);
        for (g, s) in got.iter().zip(&c.series) {
            assert_eq!(
                g.1,
                s.points.len(),
                "{} {}: every point drawn",
                c.id,
                s.name
            );
            assert_eq!(g.2, s.dashed);
        }
    }
}

#[test]
fn charts_of_a_closed_loop_suite() {
    let results = fixture("charts-closed.json");
    let charts = charts_for(&results);
    assert_eq!(
        ids(&charts),
        [
            "hello-barrage-throughput",
            "hello-barrage-latency-p50",
            "hello-barrage-latency-p99",
            "hello-barrage-latency-p99-9",
            "hello-barrage-spectrum",
            "hello-barrage-cpu",
            "hello-barrage-rss",
            "hello-barrage-timeline-responses",
            "hello-barrage-timeline-p99",
        ]
    );
    check_rendered(&charts);
    for id in [
        "hello-barrage-throughput",
        "hello-barrage-latency-p50",
        "hello-barrage-latency-p99",
        "hello-barrage-latency-p99-9",
        "hello-barrage-cpu",
        "hello-barrage-rss",
    ] {
        let c = by_id(&charts, id);
        assert_eq!(c.x_scale, Scale::Category);
        assert_eq!(c.x_categories, ["c=4", "c=16"]);
        // The suite's order of variants (repeat 2 ran THREADS=2 first).
        let names: Vec<&str> = c.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, [T1, T2], "{id}");
        for s in &c.series {
            let xs: Vec<f64> = s.points.iter().map(|p| p.0).collect();
            assert_eq!(xs, [0.0, 1.0], "{id}");
            assert!(s.points.iter().all(|p| p.1 > 0.0), "{id}");
        }
    }
    // Medians over the two repeats: the mean of the middle two.
    let rates: Vec<f64> = results
        .runs
        .iter()
        .filter(|r| r.variant == T1 && r.level_index == 1)
        .map(|r| r.stats.as_ref().unwrap().responses_per_s)
        .collect();
    assert_eq!(rates.len(), 2);
    let throughput = by_id(&charts, "hello-barrage-throughput");
    assert_eq!(
        throughput.series[0].points[1].1,
        (rates[0] + rates[1]) / 2.0
    );
    // No offered load in a closed loop.
    assert!(!ids(&charts).contains(&"hello-barrage-offered"));
    // barrage's full spectrum at c=16, below 100%.
    let spectrum = by_id(&charts, "hello-barrage-spectrum");
    assert_eq!(
        (spectrum.x_scale, spectrum.y_scale),
        (Scale::Nines, Scale::Log10)
    );
    assert!(spectrum.title.contains("c=16"));
    for s in &spectrum.series {
        assert!(s.points.len() > 20);
        assert_eq!(s.points[0].0, 0.0);
        assert!(s.points.iter().all(|p| p.0 < 100.0 && p.1 > 0.0));
    }
    // Three whole seconds of the first variant at c=16.
    for id in [
        "hello-barrage-timeline-responses",
        "hello-barrage-timeline-p99",
    ] {
        let c = by_id(&charts, id);
        assert_eq!(c.series.len(), 1);
        assert_eq!(c.series[0].name, T1);
        let xs: Vec<f64> = c.series[0].points.iter().map(|p| p.0).collect();
        assert_eq!(xs, [0.0, 1.0, 2.0], "{id}");
    }
}

#[test]
fn charts_of_a_sessions_suite() {
    let results = fixture("charts-sessions.json");
    let charts = charts_for(&results);
    assert_eq!(
        ids(&charts),
        [
            "hello-barrage-throughput",
            "hello-barrage-latency-p50",
            "hello-barrage-latency-p99",
            "hello-barrage-latency-p99-9",
            "hello-barrage-offered",
            "hello-barrage-spectrum",
            "hello-barrage-cpu",
            "hello-barrage-rss",
            "hello-barrage-timeline-responses",
            "hello-barrage-timeline-p99",
        ]
    );
    check_rendered(&charts);
    let throughput = by_id(&charts, "hello-barrage-throughput");
    assert_eq!(
        throughput.x_categories,
        ["sessions 50/s x5", "sessions 100/s x5"]
    );
    // Offered = session rate × calls; no errors, so no error series.
    let offered = by_id(&charts, "hello-barrage-offered");
    assert_eq!(
        (offered.x_scale, offered.y_scale),
        (Scale::Linear, Scale::Log10)
    );
    let names: Vec<&str> = offered.series.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["offered", T1, T2]);
    assert_eq!(offered.series[0].points, [(250.0, 250.0), (500.0, 500.0)]);
    assert!(offered.series[0].dashed);
    for s in &offered.series[1..] {
        let xs: Vec<f64> = s.points.iter().map(|p| p.0).collect();
        assert_eq!(xs, [250.0, 500.0]);
    }
}

#[test]
fn errors_are_dashed_in_their_variants_colour() {
    let mut results = fixture("charts-sessions.json");
    for run in &mut results.runs {
        if run.variant == T2 {
            let stats = run.stats.as_mut().unwrap();
            stats.errors = Some(10);
            stats.timeouts = Some(4);
        }
    }
    let charts = charts_for(&results);
    let offered = by_id(&charts, "hello-barrage-offered");
    let names: Vec<&str> = offered.series.iter().map(|s| s.name.as_str()).collect();
    let errors = format!("{T2} errors");
    assert_eq!(names, ["offered", T1, T2, errors.as_str()]);
    let e = &offered.series[3];
    assert!(e.dashed);
    // 10 errors (timeouts among them) over each run's window.
    let elapsed: Vec<f64> = results
        .runs
        .iter()
        .filter(|r| r.variant == T2 && r.level_index == 0)
        .map(|r| r.stats.as_ref().unwrap().elapsed_s)
        .collect();
    let want = (10.0 / elapsed[0] + 10.0 / elapsed[1]) / 2.0;
    assert!((e.points[0].1 - want).abs() < 1e-9);
    let svg = render_svg(offered);
    let doc = parse(&svg);
    let got = drawn(&doc);
    assert_eq!(got[3].3, got[2].3, "errors share the variant's colour");
    assert_ne!(got[1].3, got[2].3);
    assert_eq!(got[0].3, "#888888", "the offered line is grey");
}

#[test]
fn other_tools_give_their_percentiles_and_no_timeline() {
    let mut results = fixture("charts-closed.json");
    for run in &mut results.runs {
        run.driver = "wrk".into();
        run.report = None;
        run.stats.as_mut().unwrap().latency_p99_9_us = None;
    }
    let charts = charts_for(&results);
    assert_eq!(
        ids(&charts),
        [
            "hello-wrk-throughput",
            "hello-wrk-latency-p50",
            "hello-wrk-latency-p99",
            "hello-wrk-spectrum",
            "hello-wrk-cpu",
            "hello-wrk-rss",
        ]
    );
    check_rendered(&charts);
    let spectrum = by_id(&charts, "hello-wrk-spectrum");
    for s in &spectrum.series {
        let xs: Vec<f64> = s.points.iter().map(|p| p.0).collect();
        assert_eq!(xs, [50.0, 90.0, 99.0]);
    }
}

#[test]
fn no_runs_no_charts() {
    let mut results = fixture("charts-closed.json");
    for run in &mut results.runs {
        run.stats = None;
        run.error = Some("the server died".into());
    }
    assert!(charts_for(&results).is_empty());
    results.runs.clear();
    assert!(charts_for(&results).is_empty());
}
