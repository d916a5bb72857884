//! Where report.html puts each chart: under the section its [`Home`]
//! names (a scenario with a driver, a capacity search), whatever its id,
//! or among the page's other charts.

use barrage_report::chart::{Better, Chart, Home, Scale, Series, Unit};
use barrage_report::html;

use crate::report::{check_self_contained, results};

#[test]
fn html_takes_any_chart_list() {
    let r = results("complete");
    let chart = |id: &str, home: Option<Home>| Chart {
        id: id.into(),
        title: format!("<{id}> & co"),
        x_label: "x".into(),
        y_label: "y".into(),
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        x_categories: Vec::new(),
        series: vec![Series {
            name: "s".into(),
            points: vec![(0.0, 1.0), (1.0, 2.0)],
            dashed: false,
            intervals: Vec::new(),
            flags: Vec::new(),
        }],
        better: Better::Higher,
        unit: Unit::PerSecond,
        home,
    };
    let group = |scenario: &str, driver: &str| {
        Some(Home::Group {
            scenario: scenario.into(),
            driver: driver.into(),
        })
    };
    let charts = vec![
        // A group's chart goes into its section, whatever its id; others
        // into "Charts", even one whose id looks like a group's.
        (
            chart("extra", group("hello", "wrk")),
            "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><defs><clipPath id=\"c\"><rect width=\"5\" height=\"5\"/></clipPath></defs><rect clip-path=\"url(#c)\" width=\"10\" height=\"10\"/></svg>".to_string(),
        ),
        (
            chart("overall", None),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><defs><clipPath id=\"c\"><rect width=\"5\" height=\"5\"/></clipPath></defs><rect clip-path=\"url(#c)\" width=\"10\" height=\"10\"/></svg>".to_string(),
        ),
        (chart("not-drawn", None), String::new()),
        (chart("hello-barrage-look-alike", None), String::new()),
        // A home the report has no section for: among the others.
        (
            chart(
                "no-such-search",
                Some(Home::Capacity {
                    scenario: "hello".into(),
                }),
            ),
            String::new(),
        ),
    ];
    let html = html::results_html(&r, &charts);
    check_self_contained(&html);
    assert!(!html.contains("<?xml"));
    let section = html.find("id=\"sec-hello-wrk\"").unwrap();
    let next = html.find("id=\"sec-static-4k-barrage\"").unwrap();
    let extra = html.find("<figure id=\"extra\"").unwrap();
    assert!(section < extra && extra < next);
    let others = html.find("<section id=\"charts\">").unwrap();
    for id in ["overall", "hello-barrage-look-alike", "no-such-search"] {
        let at = html.find(&format!("<figure id=\"{id}\"")).unwrap();
        assert!(at > others, "{id}");
    }
    // Ids inside two SVGs no longer collide.
    assert!(html.contains("id=\"extra-c\"") && html.contains("url(#overall-c)"));
    assert!(html.contains("&lt;not-drawn&gt; &amp; co: this chart could not be drawn."));
    assert!(html.contains("<a href=\"#charts\">Charts</a>"));

    // No charts at all: no section, no link.
    let html = html::results_html(&r, &[]);
    check_self_contained(&html);
    assert!(!html.contains("id=\"charts\""));
}
