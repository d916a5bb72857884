//! A chart drawn as lines ([`super::Form::Lines`]): every series on one
//! pair of axes, a legend on the right, and each series' name at the right
//! end of its line where it fits. Owns this form's layout only; the shared
//! SVG pieces are in [`super::svg`].

use std::fmt::Write as _;

use super::axis::Axis;
use super::style::{self, Role};
use super::svg::{
    axes, axes_svg, axis_labels, drawable, escape, grid_svg, halo_text, key_svg, n2, no_data,
    open_svg, series_svg, text_w, tick_labels, x_tick_labels, Drawn, Place, HEIGHT, MARKER, WIDTH,
};
use super::{Chart, Scale, Series, Style};

/// The most room the names at the lines' ends take from the plot: in px,
/// and as a share of its width.
const LABEL_ROOM: f64 = 170.0;
const LABEL_SHARE: f64 = 0.3;
/// A name at a line's end: its height, and how far it may move up or down
/// to make room for another.
const LABEL_H: f64 = 12.0;
const LABEL_SHIFT: f64 = 18.0;

/// A line chart: every series on one pair of axes, a legend on the right,
/// and each series' name at the right end of its line where it fits.
pub(super) fn render(chart: &Chart, styles: &[Style]) -> String {
    let drawn = drawable(chart);
    let Some((xa, ya)) = axes(chart, &drawn) else {
        return no_data(&chart.title);
    };
    let mut s = String::new();
    open_svg(&mut s, &chart.title, HEIGHT);
    let at = Layout::new(chart, &drawn, &xa, &ya);
    let (plot_w, plot_h) = (at.right - at.left, at.bottom - at.top);
    let px = |t: f64| at.left + xa.frac(t) * plot_w;
    let py = |t: f64| at.bottom - ya.frac(t) * plot_h;
    grid_and_ticks(&mut s, chart, &at, (&xa, &ya), (&px, &py));
    let size = |se: &Series| if se.points.len() > 30 { 2.0 } else { MARKER };
    for (i, ((se, points), style)) in chart.series.iter().zip(&drawn).zip(styles).enumerate() {
        series_svg(&mut s, chart, i, style, points, &px, &py, 2.0, size(se));
    }
    let labels = end_labels(chart, &drawn, &px, &py, at.labels_end, (at.top, at.bottom));
    end_labels_svg(&mut s, chart, styles, &labels);
    legend_svg(&mut s, chart, styles, &at);
    s.push_str("</svg>\n");
    s
}

/// Where a line chart's parts go (SVG px): y tick labels and the y label on
/// the left, the legend on the right, x tick labels (rotated when they
/// would collide) and the x label below; room between the plot and the
/// legend for the names at the lines' ends.
struct Layout {
    /// The plot's edges.
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    /// Where the names at the lines' ends stop; the legend begins 14 px on.
    labels_end: f64,
    /// The widest y tick label.
    y_tick_w: f64,
    /// The x tick labels are turned, as they would collide level.
    rotate: bool,
}

impl Layout {
    fn new(chart: &Chart, drawn: &Drawn, xa: &Axis, ya: &Axis) -> Layout {
        let y_tick_w = ya.ticks.iter().map(|t| text_w(&t.1)).fold(0.0, f64::max);
        let mut left = (y_tick_w + 34.0).max(56.0);
        let labels_end = WIDTH - 16.0 - legend_width(chart);
        let right = labels_end - end_label_gutter(chart, drawn, xa, left, labels_end);
        let top = 44.0;
        let x_tick_w = xa.ticks.iter().map(|t| text_w(&t.1)).fold(0.0, f64::max);
        let slot = (right - left) / xa.ticks.len().max(1) as f64;
        let rotate = chart.x_scale == Scale::Category && x_tick_w > slot - 6.0;
        if rotate {
            // The first label, rotated, reaches cos(35°) of its length to the
            // left of its tick, which sits half a slot in.
            let first = xa.ticks.first().map_or(0.0, |t| text_w(&t.1));
            left = left.max((first * 0.82 - slot / 2.0 + 6.0).min(200.0));
        }
        let tick_room = if rotate {
            (x_tick_w * 0.574 + 16.0).min(140.0)
        } else {
            20.0
        };
        Layout {
            left,
            right,
            top,
            bottom: HEIGHT - 28.0 - tick_room,
            labels_end,
            y_tick_w,
            rotate,
        }
    }
}

/// The legend's width: the widest name, its line sample and margins,
/// within bounds.
fn legend_width(chart: &Chart) -> f64 {
    let widest = chart
        .series
        .iter()
        .map(|se| text_w(&se.name))
        .fold(0.0, f64::max);
    (widest + 40.0).clamp(90.0, 250.0)
}

/// The room kept between the plot (from `left`) and `labels_end` for the
/// names at the lines' ends: enough for the widest name that can have it,
/// while the plot keeps most of its width; none for fewer than two names.
fn end_label_gutter(chart: &Chart, drawn: &Drawn, xa: &Axis, left: f64, labels_end: f64) -> f64 {
    let named: Vec<f64> = chart
        .series
        .iter()
        .zip(drawn)
        .filter(|(se, p)| !se.name.is_empty() && p.iter().any(Option::is_some))
        .map(|(se, _)| text_w(&se.name))
        .collect();
    let room = LABEL_ROOM.min((labels_end - left) * LABEL_SHARE);
    // On a category axis the last level sits half a slot in from its end.
    let half = if chart.x_scale == Scale::Category {
        0.5 / xa.ticks.len().max(1) as f64
    } else {
        0.0
    };
    let reach = |gutter: f64| (labels_end - left - gutter) * half + gutter;
    let want = named
        .iter()
        .map(|w| w + 12.0)
        .filter(|w| *w <= reach(room))
        .fold(0.0, f64::max);
    if named.len() < 2 || want == 0.0 {
        0.0
    } else {
        ((want - (labels_end - left) * half) / (1.0 - half)).clamp(0.0, room)
    }
}

/// The grid (a horizontal line at each y tick, a vertical one at each x
/// tick, minor lines under them), the axes, the tick labels and the axis
/// labels.
fn grid_and_ticks(
    s: &mut String,
    chart: &Chart,
    at: &Layout,
    (xa, ya): (&Axis, &Axis),
    (px, py): (Place, Place),
) {
    let (across, up) = ((at.left, at.right), (at.top, at.bottom));
    if !ya.minor.is_empty() || !xa.minor.is_empty() {
        grid_svg(
            s,
            "minor-grid",
            "#f2f2f2",
            (across, up),
            ya.minor.iter().map(|t| py(*t)),
            xa.minor.iter().map(|t| px(*t)),
        );
    }
    grid_svg(
        s,
        "grid",
        "#e4e4e4",
        (across, up),
        ya.ticks.iter().map(|t| py(t.0)),
        xa.ticks.iter().map(|t| px(t.0)),
    );
    axes_svg(s, at.left, up, at.right);
    tick_labels(
        s,
        "y-ticks",
        " text-anchor=\"end\"",
        ya.ticks
            .iter()
            .map(|(t, label)| (at.left - 6.0, py(*t) + 4.0, label.as_str())),
    );
    let y = at.bottom + 15.0;
    if at.rotate {
        rotated_x_tick_labels(s, xa, px, y);
    } else {
        x_tick_labels(s, xa, px, y);
    }
    axis_labels(
        s,
        chart,
        (at.left + at.right) / 2.0,
        (at.left - at.y_tick_w - 22.0).max(16.0),
        (at.top + at.bottom) / 2.0,
        HEIGHT,
    );
}

/// An x axis' tick labels turned by 35°, ending under their ticks.
fn rotated_x_tick_labels(s: &mut String, xa: &Axis, px: Place, y: f64) {
    s.push_str("<g class=\"x-ticks\" fill=\"#333333\">\n");
    for (t, label) in &xa.ticks {
        let x = n2(px(*t));
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"end\" transform=\"rotate(-35 {x} {})\">{}</text>",
            n2(y),
            n2(y),
            escape(label)
        );
    }
    s.push_str("</g>\n");
}

/// The names placed at the lines' ends by [`end_labels`], each in its
/// series' text colour.
fn end_labels_svg(s: &mut String, chart: &Chart, styles: &[Style], labels: &[(usize, f64, f64)]) {
    if labels.is_empty() {
        return;
    }
    s.push_str("<g class=\"end-labels\">\n");
    for &(i, x, y) in labels {
        let se = &chart.series[i];
        let attrs = format!(
            " data-series=\"{}\" fill=\"{}\"",
            escape(&se.name),
            styles[i].text_colour()
        );
        halo_text(s, x, y, &attrs, &se.name);
    }
    s.push_str("</g>\n");
}

/// The legend: an entry per series, a `legend-entry` group named after its
/// series (and after the series it belongs to, for a derived one), its row
/// a transparent `hit` box (what report.html's script makes clickable).
fn legend_svg(s: &mut String, chart: &Chart, styles: &[Style], at: &Layout) {
    let lx = at.labels_end + 14.0;
    let step = ((at.bottom - at.top) / chart.series.len().max(1) as f64).clamp(8.0, 18.0);
    let roles = style::roles(&chart.series);
    s.push_str("<g class=\"legend\" fill=\"#222222\">\n");
    for (i, (se, style)) in chart.series.iter().zip(styles).enumerate() {
        let y = at.top + 6.0 + i as f64 * step;
        let of = match roles[i] {
            Role::Derived(j) => format!(" data-of=\"{}\"", escape(&chart.series[j].name)),
            _ => String::new(),
        };
        let _ = writeln!(
            s,
            "<g class=\"legend-entry\" data-series=\"{}\"{of}>",
            escape(&se.name)
        );
        let _ = writeln!(
            s,
            "<rect class=\"hit\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" fill-opacity=\"0\"/>",
            n2(lx - 3.0),
            n2(y - step / 2.0),
            n2(WIDTH - lx - 2.0),
            n2(step)
        );
        key_svg(s, style, lx, y, 20.0);
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            n2(lx + 26.0),
            n2(y + 4.0),
            escape(&se.name)
        );
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
}

/// Where the series' names go at the right ends of their lines: (series,
/// x, baseline y), for those that fit. In turn (the series of their own
/// first, then reference lines, then derived series), each name goes right
/// of its line's rightmost point, as near its height as it can without
/// overlapping a name already placed (moved by at most [`LABEL_SHIFT`]);
/// a name that would pass `end` (the legend), or has no free place within
/// the plot's height `rows`, is left out.
fn end_labels(
    chart: &Chart,
    drawn: &Drawn,
    px: Place,
    py: Place,
    end: f64,
    rows: (f64, f64),
) -> Vec<(usize, f64, f64)> {
    let roles = style::roles(&chart.series);
    let named: Vec<usize> = (0..chart.series.len())
        .filter(|i| !chart.series[*i].name.is_empty())
        .filter(|i| drawn[*i].iter().any(Option::is_some))
        .collect();
    if named.len() < 2 {
        return Vec::new();
    }
    let mut order = named;
    order.sort_by_key(|i| match roles[*i] {
        Role::Own => 0,
        Role::Reference => 1,
        Role::Derived(_) => 2,
    });
    // (series, x, y, width)
    let mut placed: Vec<(usize, f64, f64, f64)> = Vec::new();
    for i in order {
        let Some(&(tx, ty)) = drawn[i].iter().flatten().max_by(|a, b| a.0.total_cmp(&b.0)) else {
            continue;
        };
        let x = px(tx) + MARKER + 4.0;
        let w = text_w(&chart.series[i].name);
        if x + w > end {
            continue;
        }
        let want = py(ty) + 4.0;
        let free = |y: f64| {
            (rows.0 + 9.0..=rows.1 + 3.0).contains(&y)
                && placed
                    .iter()
                    .all(|&(_, lx, ly, lw)| (ly - y).abs() >= LABEL_H || lx + lw < x || x + w < lx)
        };
        // Tried at 0, +1, -1, +2, -2, ... px from where the line ends.
        let spot = (0..=2 * LABEL_SHIFT as i32)
            .map(|k| {
                let shift = if k % 2 == 0 { k / 2 } else { -(k + 1) / 2 };
                want + f64::from(shift)
            })
            .find(|y| free(*y));
        if let Some(y) = spot {
            placed.push((i, x, y, w));
        }
    }
    placed.into_iter().map(|(i, x, y, _)| (i, x, y)).collect()
}
