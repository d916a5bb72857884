//! A chart of one level and several series ([`super::Form::Bars`]): a
//! horizontal bar per series, best first ([`super::Better`]), its name on
//! the left and its value at the bar's end, on a linear axis from 0.

use std::fmt::Write as _;

use barrage_model::table::rank_by;

use super::axis::Axis;
use super::points::{point_data, value_label};
use super::svg::{
    axes_svg, escape, fit, grid_svg, n2, no_data, open_svg, tick_labels, x_tick_labels, Place,
    CHAR_W, HEIGHT, WIDTH,
};
use super::{Better, Chart, Scale, Style};

/// The most a bar takes, its gap included; the least.
const MAX_STEP: f64 = 40.0;
const MIN_STEP: f64 = 16.0;
/// The widest name, in px; longer ones are cut with `…`.
const MAX_NAME_W: f64 = 300.0;

/// The chart as bars. The SVG is 720 px wide and as tall as its bars need
/// (up to 420 px for 9 bars, more beyond); the bars are the `<g class="series">` elements, in
/// their order on the chart (the best at the top), each bar's `<rect>` with
/// its value ([`super::points`]).
pub(super) fn render(chart: &Chart, styles: &[Style]) -> String {
    let mut bars: Vec<(usize, Option<f64>)> = chart
        .series
        .iter()
        .enumerate()
        .map(|(i, se)| (i, se.points.first().map(|p| p.1).filter(|v| v.is_finite())))
        .collect();
    let mut values: Vec<f64> = bars.iter().filter_map(|b| b.1).collect();
    if values.is_empty() {
        return no_data(&chart.title);
    }
    rank_by(&mut bars, chart.better == Better::Lower, |b| b.1);

    let rows = Rows::new(bars.len());
    let labels: Vec<String> = bars
        .iter()
        .map(|b| b.1.map_or("–".into(), value_label))
        .collect();
    let names: Vec<String> = bars
        .iter()
        .map(|b| fit(&chart.series[b.0].name, MAX_NAME_W, rows.char_w))
        .collect();
    let widest = |texts: &[String]| {
        texts
            .iter()
            .map(|t| t.chars().count() as f64 * rows.char_w)
            .fold(0.0, f64::max)
    };
    let left = 16.0 + widest(&names) + 8.0;
    let right = WIDTH - 16.0 - widest(&labels) - 6.0;
    values.push(0.0);
    let xa = Axis::new(Scale::Linear, &values, &[]);
    let px = |v: f64| left + xa.frac(v) * (right - left);

    let mut s = String::new();
    open_svg(&mut s, &chart.title, rows.height);
    value_axis(&mut s, chart, &xa, &px, (left, right), &rows);
    tick_labels(
        &mut s,
        "y-ticks",
        &format!(" text-anchor=\"end\" font-size=\"{}\"", rows.font),
        names
            .iter()
            .enumerate()
            .map(|(k, name)| (left - 6.0, rows.row(k) + rows.font * 0.35, name.as_str())),
    );
    for (k, (bar, label)) in bars.iter().zip(&labels).enumerate() {
        bar_svg(
            &mut s,
            chart,
            &styles[bar.0],
            *bar,
            label,
            rows.row(k),
            &rows,
            &px,
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The bars' rows, from the top: how tall each is, and the text in them.
struct Rows {
    top: f64,
    /// A row's height, its gap included.
    step: f64,
    bottom: f64,
    /// The SVG's height.
    height: f64,
    bar_h: f64,
    /// The names' and values' font size, and a character's width at it.
    font: f64,
    char_w: f64,
}

impl Rows {
    fn new(n: usize) -> Rows {
        let top = 44.0;
        let n = n as f64;
        let step = ((HEIGHT - top - 48.0) / n).clamp(MIN_STEP, MAX_STEP);
        let bottom = top + step * n;
        let font = if step < 18.0 { 10.0 } else { 11.0 };
        Rows {
            top,
            step,
            bottom,
            height: bottom + 48.0,
            bar_h: (step * 0.7).min(26.0),
            font,
            char_w: CHAR_W * font / 11.0,
        }
    }

    /// The middle of row `k`.
    fn row(&self, k: usize) -> f64 {
        self.top + self.step * (k as f64 + 0.5)
    }
}

/// The value axis along the bottom, from `across.0` to `across.1`: its
/// grid, its line, its tick labels and its label (the y label "at" the
/// level).
fn value_axis(
    s: &mut String,
    chart: &Chart,
    xa: &Axis,
    px: Place,
    (left, right): (f64, f64),
    rows: &Rows,
) {
    let up = (rows.top, rows.bottom);
    grid_svg(
        s,
        "grid",
        "#e4e4e4",
        ((left, right), up),
        std::iter::empty(),
        xa.ticks.iter().map(|t| px(t.0)),
    );
    axes_svg(s, px(0.0), up, right);
    x_tick_labels(s, xa, px, rows.bottom + 15.0);
    let level = chart.x_categories.first().map_or("", String::as_str);
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" fill=\"#222222\">{} at {}</text>",
        n2((left + right) / 2.0),
        n2(rows.height - 12.0),
        escape(&chart.y_label),
        escape(level)
    );
}

/// One bar: series `i`'s group, its `<rect>` (when it has a value) centred
/// on `y`, and its value's `label` at the bar's end.
#[allow(clippy::too_many_arguments)]
fn bar_svg(
    s: &mut String,
    chart: &Chart,
    style: &Style,
    (i, value): (usize, Option<f64>),
    label: &str,
    y: f64,
    rows: &Rows,
    px: Place,
) {
    let name = &chart.series[i].name;
    let _ = writeln!(
        s,
        "<g class=\"series\" data-series=\"{}\"{} fill=\"{}\">",
        escape(name),
        style.data_attrs(),
        style.colour
    );
    let end = match value {
        Some(v) => {
            let (a, b) = (px(0.0), px(v));
            let (attrs, title) = point_data(chart, name, (0.0, v));
            let _ = writeln!(
                s,
                "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{attrs}>{title}</rect>",
                n2(a.min(b)),
                n2(y - rows.bar_h / 2.0),
                n2((b - a).abs()),
                n2(rows.bar_h)
            );
            a.max(b)
        }
        None => px(0.0),
    };
    let _ = writeln!(
        s,
        "<text class=\"value\" x=\"{}\" y=\"{}\" fill=\"#222222\" font-size=\"{}\">{}</text>",
        n2(end + 5.0),
        n2(y + rows.font * 0.35),
        rows.font,
        escape(label)
    );
    s.push_str("</g>\n");
}
