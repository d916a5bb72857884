//! Charts as self-contained SVG (and PNG rendered from it): the shapes the
//! reports draw, built from results by [`charts_for`].
//!
//! The SVG is written by hand here rather than with a plotting crate
//! (plotters and the like): the charts are few and plain (lines and markers
//! on linear, log, "nines" and category axes, bars, small multiples), and
//! writing them directly gives what a plotting crate makes awkward: the
//! HdrHistogram nines axis, one `<g class="series" data-series="NAME">` per
//! series for the HTML report and the tests, each point's marker (or bar)
//! with its x and exact value (`data-x`, `data-y`, `data-value` and a
//! `<title>`, see [`x_text`] and [`Unit`]) and each legend entry a `<g
//! class="legend-entry" data-series="NAME">` for the report's script to
//! hover and toggle, no font files, links or scripts, and output that is
//! the same byte for byte on every run (every number is printed with a
//! fixed precision). PNG is the same SVG rasterised by
//! `resvg` at twice its size, with the system's fonts (text is left out
//! when there are none).
//!
//! Every series has a style of its own ([`styles`]): a colour, a marker
//! shape drawn at each point and in the legend, and a dash pattern, given
//! to its `<g class="series">` as `data-colour`, `data-marker` and
//! `data-dash`. Colours come from the Okabe–Ito colour-blind-safe palette
//! (8), markers are circle, square, triangle, diamond, triangle-down, cross
//! and plus (7), dash patterns solid, dashed, dotted and dash-dot: the n-th
//! series (from 0) takes colour n mod 8, marker n mod 7 and pattern n div 8
//! (mod 4), so the first eight are solid in the palette's colours, the next
//! eight dashed, the next dotted, and no two of a chart's first 168 series
//! share colour, marker and pattern. Three rules come first: a dashed
//! series whose name is an earlier series' name plus a suffix (`"X
//! errors"` after `"X"`, `"X capacity"`) takes that series' colour and
//! marker with the next dash pattern; a series named `offered` or
//! `objective` (a reference line) is grey and dashed; another dashed series
//! is at least dashed.
//!
//! A chart is drawn in one of three [`Form`]s: lines (a legend on the
//! right, and each series' name at the right end of its line where the
//! names fit without overlapping); horizontal bars, best first, when it has
//! a single level and several series; small multiples, a panel per series
//! on the same axes with the others faint grey, when it has more than
//! [`SMALL_MULTIPLES`] series of its own.
//!
//! This module holds the chart's types and picks its form; the parts live
//! beside it: the charts of a results file (`levels`, `capacity`), the
//! axes (`axis`), the SVG primitives every form shares (`svg`), the
//! three forms (`lines`, `bars`, `panels`), the series' styles and
//! point values (`style`, `points`) and the PNG (`png`).

use barrage_model::results::Results;
use barrage_model::suite::Counted;
use barrage_model::table;

mod axis;
mod bars;
mod capacity;
mod data;
mod levels;
mod lines;
mod panels;
mod png;
mod points;
mod style;
mod svg;

pub use capacity::search_charts;
use data::Points;
pub use data::{Better, Chart, Flag, Home, Interval, Scale, Series, Unit};
pub use png::render_png;
pub use points::x_text;
use style::Role;
pub use style::{styles, Dash, Marker, Style};

/// Every chart of a results directory's report, in report order.
///
/// Per scenario and driver (in the suite's order), with one series per
/// server variant (in the suite's order) and medians over repeats of the
/// levels that have statistics; a chart with no data is left out. The ids
/// are `SCENARIO-DRIVER-KIND`, KIND being:
///
/// - `throughput`: responses/s by load level;
/// - `latency-p50`, `latency-p99`, `latency-p99-9`: that percentile by load
///   level (ms; a log axis when the values span more than two decades);
/// - `offered` (rate and session loads only): achieved responses/s against
///   offered requests/s (the rate, or session rate × calls) on a log axis,
///   with the offered rate as a dashed reference line and each variant's
///   errors per second (timeouts included) dashed, as seed 004 drew it;
/// - `spectrum`: the latency percentile spectrum of each variant at its
///   highest level, on the nines axis: barrage's full spectrum from its
///   report, else the tool's p50/p90/p99/p99.9;
/// - `cpu`: the server's cores used (CPU seconds / monitored seconds) by level;
/// - `rss`: the server's peak RSS (MiB) by level;
/// - `timeline-responses`, `timeline-p99`: responses and p99 of each whole
///   second of one run: the highest level of the first variant whose runs
///   carry barrage's per-second series.
///
/// A scenario with a capacity search gets `capacity-SCENARIO-offered`
/// (achieved against offered rate, log–log, the offered rate dashed grey)
/// and `capacity-SCENARIO-p99` (p99 against offered rate, the objective's
/// p99 bound dashed): one series per server variant, the steps of its
/// repeat whose answer is the median, and the knee, where its capacity is,
/// as a dashed vertical line in its colour.
///
/// Where one run stands for a level (spectrum, timeline), it is the repeat
/// whose responses/s is nearest the median (the first such repeat on a tie).
///
/// Each chart's [`Home`] is the section it belongs to: its scenario and
/// driver's ([`Home::Group`]), or its search's ([`Home::Capacity`]).
pub fn charts_for(results: &Results) -> Vec<Chart> {
    let mut charts = Vec::new();
    let counted =
        |name: &str| Counted::of_all(results.suite.scenarios.iter().filter(|s| s.name == name));
    // Each chart's home is the section it was drawn for.
    let homed = |charts: &mut Vec<Chart>, from: usize, home: Home| {
        for chart in &mut charts[from..] {
            chart.home = Some(home.clone());
        }
    };
    for g in table::groups(results) {
        let from = charts.len();
        levels::Group::new(&g, counted(&g.scenario)).charts(&mut charts);
        let (scenario, driver) = (g.scenario.clone(), g.driver.clone());
        homed(&mut charts, from, Home::Group { scenario, driver });
    }
    for (scenario, rows) in table::capacities(results) {
        let from = charts.len();
        capacity::capacity_charts(&scenario, counted(&scenario), &rows, &mut charts);
        homed(&mut charts, from, Home::Capacity { scenario });
    }
    let mut seen: Vec<String> = Vec::new();
    for chart in &mut charts {
        let base = chart.id.clone();
        let mut n = 2;
        while seen.contains(&chart.id) {
            chart.id = format!("{base}-{n}");
            n += 1;
        }
        seen.push(chart.id.clone());
    }
    charts
}

/// How a chart is drawn (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Lines and markers on two axes, a legend, names at the lines' ends.
    Lines,
    /// One level (a category axis of one label) and several series, each a
    /// single value: horizontal bars, best first.
    Bars,
    /// More than [`SMALL_MULTIPLES`] series of their own: a grid of small
    /// panels with the same axes, one per series, the others faint grey.
    Panels,
}

/// The most series of their own (server variants: not reference lines,
/// not a series' errors or capacity) a line chart draws together; above
/// it, small multiples.
pub const SMALL_MULTIPLES: usize = 12;

/// How `chart` is drawn by [`render_svg`].
pub fn form(chart: &Chart) -> Form {
    let roles = style::roles(&chart.series);
    let own = roles.iter().filter(|r| **r == Role::Own).count();
    let one_level = chart.x_scale == Scale::Category
        && chart.x_categories.len() == 1
        && chart
            .series
            .iter()
            .all(|s| s.points.len() <= 1 && s.points.iter().all(|p| p.0 == 0.0));
    if one_level && own >= 2 && own == chart.series.len() {
        Form::Bars
    } else if own > SMALL_MULTIPLES {
        Form::Panels
    } else {
        Form::Lines
    }
}

/// The chart as a standalone SVG document (no external references,
/// deterministic output), in its [`form`]. Each series is a `<g
/// class="series" data-series="NAME" data-colour="#RRGGBB"
/// data-marker="SHAPE" data-dash="PATTERN">` element (once, whatever the
/// form).
pub fn render_svg(chart: &Chart) -> String {
    let styles = styles(&chart.series);
    match form(chart) {
        Form::Bars => bars::render(chart, &styles),
        Form::Panels => panels::render(chart, &styles),
        Form::Lines => lines::render(chart, &styles),
    }
}
