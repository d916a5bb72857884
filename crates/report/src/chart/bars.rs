//! A chart of one level and several series ([`super::Form::Bars`]): a
//! horizontal bar per series, best first ([`super::Better`]), its name on
//! the left and its value at the bar's end, on a linear axis from 0.

use std::fmt::Write as _;

use barrage_model::table::rank_by;

use super::points::{point_data, value_label};
use super::{
    axes_svg, escape, fit, grid_svg, n2, no_data, open_svg, tick_labels, x_tick_labels, Axis,
    Better, Chart, Scale, Style, HEIGHT, WIDTH,
};

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

    let top = 44.0;
    let n = bars.len() as f64;
    let step = ((HEIGHT - top - 48.0) / n).clamp(MIN_STEP, MAX_STEP);
    let bottom = top + step * n;
    let height = bottom + 48.0;
    let bar_h = (step * 0.7).min(26.0);
    let font = if step < 18.0 { 10.0 } else { 11.0 };
    let char_w = super::CHAR_W * font / 11.0;
    let labels: Vec<String> = bars
        .iter()
        .map(|b| b.1.map_or("–".into(), value_label))
        .collect();
    let names: Vec<String> = bars
        .iter()
        .map(|b| fit(&chart.series[b.0].name, MAX_NAME_W, char_w))
        .collect();
    let name_w = names
        .iter()
        .map(|t| t.chars().count() as f64 * char_w)
        .fold(0.0, f64::max);
    let left = 16.0 + name_w + 8.0;
    let value_w = labels
        .iter()
        .map(|l| l.chars().count() as f64 * char_w)
        .fold(0.0, f64::max);
    let right = WIDTH - 16.0 - value_w - 6.0;
    values.push(0.0);
    let xa = Axis::new(Scale::Linear, &values, &[]);
    let px = |v: f64| left + xa.frac(v) * (right - left);

    let mut s = String::new();
    open_svg(&mut s, &chart.title, height);
    let (across, up) = ((left, right), (top, bottom));
    grid_svg(
        &mut s,
        "grid",
        "#e4e4e4",
        (across, up),
        std::iter::empty(),
        xa.ticks.iter().map(|t| px(t.0)),
    );
    axes_svg(&mut s, px(0.0), up, right);
    x_tick_labels(&mut s, &xa, &px, bottom + 15.0);
    let level = chart.x_categories.first().map_or("", String::as_str);
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" fill=\"#222222\">{} at {}</text>",
        n2((left + right) / 2.0),
        n2(height - 12.0),
        escape(&chart.y_label),
        escape(level)
    );
    let row = |k: usize| top + step * (k as f64 + 0.5);
    tick_labels(
        &mut s,
        "y-ticks",
        &format!(" text-anchor=\"end\" font-size=\"{font}\""),
        names
            .iter()
            .enumerate()
            .map(|(k, name)| (left - 6.0, row(k) + font * 0.35, name.as_str())),
    );
    for (k, ((i, value), label)) in bars.iter().zip(&labels).enumerate() {
        let style = &styles[*i];
        let y = row(k);
        let _ = writeln!(
            s,
            "<g class=\"series\" data-series=\"{}\"{} fill=\"{}\">",
            escape(&chart.series[*i].name),
            style.data_attrs(),
            style.colour
        );
        let end = match value {
            Some(v) => {
                let (a, b) = (px(0.0), px(*v));
                let (attrs, title) = point_data(chart, &chart.series[*i].name, (0.0, *v));
                let _ = writeln!(
                    s,
                    "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{attrs}>{title}</rect>",
                    n2(a.min(b)),
                    n2(y - bar_h / 2.0),
                    n2((b - a).abs()),
                    n2(bar_h)
                );
                a.max(b)
            }
            None => px(0.0),
        };
        let _ = writeln!(
            s,
            "<text class=\"value\" x=\"{}\" y=\"{}\" fill=\"#222222\" font-size=\"{font}\">{}</text>",
            n2(end + 5.0),
            n2(y + font * 0.35),
            escape(label)
        );
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}
