//! The SVG every chart form shares: the document's head, text escaping and
//! fixed-precision numbers, the drawable points and their axes, paths,
//! series groups with their markers, keys, grids, axes and tick labels.
//! Lays nothing out: where things go is each form's choice.

use std::fmt::Write as _;

use super::axis::{transform, Axis, MAX_NINES};
use super::{points, style, Chart, Scale, Style};

/// The SVG's width and its usual height, in px.
pub(super) const WIDTH: f64 = 720.0;
pub(super) const HEIGHT: f64 = 420.0;
/// Average advance of a character at the 11 px text size (for layout only).
pub(super) const CHAR_W: f64 = 6.6;
/// A marker's size (about its radius) on a line of a few points.
pub(super) const MARKER: f64 = 3.5;

/// A coordinate, with fixed precision (and no "-0.00").
pub(super) fn n2(v: f64) -> String {
    let s = format!("{v:.2}");
    if s == "-0.00" {
        "0.00".into()
    } else {
        s
    }
}

/// `text` escaped for SVG text and attributes; control characters become spaces.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' && c != '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The title's font size: 15 px, smaller when a long title would not fit.
pub(super) fn title_size(title: &str) -> f64 {
    // A bold character is about 0.62 em wide.
    let em = title.chars().count() as f64 * 0.62;
    (700.0 / em.max(1.0)).clamp(9.0, 15.0)
}

pub(super) fn text_w(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR_W
}

/// `text`, cut with `…` to at most `width` px at `char_w` px a character.
pub(super) fn fit(text: &str, width: f64, char_w: f64) -> String {
    let max = (width / char_w).floor().max(1.0) as usize;
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(max - 1).collect();
        cut.push('…');
        cut
    }
}

/// The SVG's root element, its title and background, and the chart's title.
pub(super) fn open_svg(s: &mut String, title: &str, height: f64) {
    let h = format!("{:.0}", height.ceil());
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"{h}\" viewBox=\"0 0 720 {h}\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\"{}\">",
        escape(title)
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(s, "<rect width=\"720\" height=\"{h}\" fill=\"#ffffff\"/>");
    let _ = writeln!(
        s,
        "<text x=\"360\" y=\"24\" text-anchor=\"middle\" font-size=\"{}\" font-weight=\"bold\" fill=\"#222222\">{}</text>",
        n2(title_size(title)),
        escape(title)
    );
}

/// A chart with nothing to draw.
pub(super) fn no_data(title: &str) -> String {
    let mut s = String::new();
    open_svg(&mut s, title, HEIGHT);
    let _ = writeln!(
        s,
        "<text x=\"360\" y=\"215\" text-anchor=\"middle\" font-size=\"14\" fill=\"#666666\">no data</text>"
    );
    s.push_str("</svg>\n");
    s
}

/// Each series' points where they can be drawn, transformed.
pub(super) type Drawn = Vec<Vec<Option<(f64, f64)>>>;

pub(super) fn drawable(chart: &Chart) -> Drawn {
    chart
        .series
        .iter()
        .map(|se| {
            se.points
                .iter()
                .map(|&(x, y)| {
                    let tx = transform(chart.x_scale, x)?;
                    let ty = transform(chart.y_scale, y)?;
                    (chart.x_scale != Scale::Nines || tx <= MAX_NINES).then_some((tx, ty))
                })
                .collect()
        })
        .collect()
}

/// The x and y axes of the drawable points; `None` when there are none.
pub(super) fn axes(chart: &Chart, drawn: &Drawn) -> Option<(Axis, Axis)> {
    let xs: Vec<f64> = drawn.iter().flatten().flatten().map(|p| p.0).collect();
    // The intervals' ends too, so that every whisker is inside the plot.
    let ends = chart
        .series
        .iter()
        .flat_map(|se| se.intervals.iter().flat_map(|i| [i.lo, i.hi]))
        .filter_map(|y| transform(chart.y_scale, y));
    let ys: Vec<f64> = drawn
        .iter()
        .flatten()
        .flatten()
        .map(|p| p.1)
        .chain(ends)
        .collect();
    if xs.is_empty() {
        return None;
    }
    let xa = Axis::new(chart.x_scale, &xs, &chart.x_categories);
    let y_scale = if chart.y_scale == Scale::Category {
        Scale::Linear
    } else {
        chart.y_scale
    };
    Some((xa, Axis::new(y_scale, &ys, &[])))
}

/// Maps an axis' transformed values to SVG coordinates.
pub(super) type Place<'a> = &'a dyn Fn(f64) -> f64;

/// An SVG path through the points, broken where one cannot be drawn.
pub(super) fn path_d(points: &[Option<(f64, f64)>], px: Place, py: Place) -> String {
    let mut d = String::new();
    let mut pen_down = false;
    for p in points {
        match p {
            Some((x, y)) => {
                let _ = write!(
                    d,
                    "{}{} {} ",
                    if pen_down { "L" } else { "M" },
                    n2(px(*x)),
                    n2(py(*y))
                );
                pen_down = true;
            }
            None => pen_down = false,
        }
    }
    d.trim_end().to_string()
}

/// The series `i` of `chart`: its group (class `series`, its name and
/// style as data attributes), its line (`points`, drawn) `width` px wide
/// and a marker of `size` at each point, with the point's values
/// ([`points::point_data`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn series_svg(
    s: &mut String,
    chart: &Chart,
    i: usize,
    style: &Style,
    points: &[Option<(f64, f64)>],
    px: Place,
    py: Place,
    width: f64,
    size: f64,
) {
    let name = &chart.series[i].name;
    let c = style.colour;
    let _ = writeln!(
        s,
        "<g class=\"series\" data-series=\"{}\"{} stroke=\"{c}\" fill=\"{c}\">",
        escape(name),
        style.data_attrs()
    );
    let _ = writeln!(
        s,
        "<path d=\"{}\" fill=\"none\" stroke-width=\"{width}\" stroke-linejoin=\"round\"{}/>",
        path_d(points, px, py),
        style.dash.attr()
    );
    for (raw, drawn) in chart.series[i].points.iter().zip(points) {
        if let Some((x, y)) = drawn {
            let data = points::point_data(chart, name, *raw);
            style::marker(s, style.marker, px(*x), py(*y), size, Some(&data));
        }
    }
    intervals_svg(s, chart, i, px, py);
    flags_svg(s, chart, i, px, py);
    s.push_str("</g>\n");
}

/// The series `i`'s intervals: a whisker with caps at each, in the
/// series' colour, its `<title>` the interval in the chart's unit.
fn intervals_svg(s: &mut String, chart: &Chart, i: usize, px: Place, py: Place) {
    let se = &chart.series[i];
    if se.intervals.is_empty() {
        return;
    }
    s.push_str("<g class=\"intervals\" fill=\"none\" stroke-width=\"1.2\">\n");
    for iv in &se.intervals {
        let t = |y: f64| transform(chart.y_scale, y);
        let (Some(x), Some(lo), Some(hi)) = (transform(chart.x_scale, iv.x), t(iv.lo), t(iv.hi))
        else {
            continue;
        };
        let (x, lo, hi) = (px(x), py(lo), py(hi));
        let title = format!(
            "{}, {}: interval {} to {}",
            se.name,
            points::x_text(chart, iv.x),
            chart.unit.format(iv.lo),
            chart.unit.format(iv.hi)
        );
        let _ = writeln!(
            s,
            "<path d=\"M{} {} L{} {} M{} {} L{} {} M{} {} L{} {}\"><title>{}</title></path>",
            n2(x),
            n2(lo),
            n2(x),
            n2(hi),
            n2(x - 4.0),
            n2(lo),
            n2(x + 4.0),
            n2(lo),
            n2(x - 4.0),
            n2(hi),
            n2(x + 4.0),
            n2(hi),
            escape(&title)
        );
    }
    s.push_str("</g>\n");
}

/// The series `i`'s flagged points: a red ring around each, its note as
/// its `<title>`.
fn flags_svg(s: &mut String, chart: &Chart, i: usize, px: Place, py: Place) {
    for f in &chart.series[i].flags {
        let (Some(x), Some(y)) = (transform(chart.x_scale, f.x), transform(chart.y_scale, f.y))
        else {
            continue;
        };
        let _ = writeln!(
            s,
            "<circle class=\"flag\" cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"none\" stroke=\"#b91c1c\" stroke-width=\"2\"><title>{}</title></circle>",
            n2(px(x)),
            n2(py(y)),
            escape(&f.note)
        );
    }
}

/// A series' key: a `w` px sample of its line from (x, y), its marker in
/// the middle.
pub(super) fn key_svg(s: &mut String, style: &Style, x: f64, y: f64, w: f64) {
    let c = style.colour;
    let _ = writeln!(
        s,
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{c}\" stroke-width=\"2\"{}/>",
        n2(x),
        n2(y),
        n2(x + w),
        n2(y),
        style.dash.attr()
    );
    let _ = writeln!(s, "<g stroke=\"{c}\" fill=\"{c}\">");
    style::marker(s, style.marker, x + w / 2.0, y, MARKER, None);
    s.push_str("</g>\n");
}

/// Text with a white halo, readable over lines and grid.
pub(super) fn halo_text(s: &mut String, x: f64, y: f64, attrs: &str, text: &str) {
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\"{attrs} stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">{}</text>",
        n2(x),
        n2(y),
        escape(text)
    );
}
/// Grid lines in `colour`, in a group of `class`: across from `across.0`
/// to `across.1` at each y of `ys`, and up from `up.0` to `up.1` at each x
/// of `xs` (SVG coordinates).
pub(super) fn grid_svg(
    s: &mut String,
    class: &str,
    colour: &str,
    (across, up): ((f64, f64), (f64, f64)),
    ys: impl Iterator<Item = f64>,
    xs: impl Iterator<Item = f64>,
) {
    let _ = writeln!(
        s,
        "<g class=\"{class}\" stroke=\"{colour}\" stroke-width=\"1\">"
    );
    for y in ys.map(n2) {
        let (x1, x2) = (n2(across.0), n2(across.1));
        let _ = writeln!(s, "<line x1=\"{x1}\" y1=\"{y}\" x2=\"{x2}\" y2=\"{y}\"/>");
    }
    for x in xs.map(n2) {
        let (y1, y2) = (n2(up.0), n2(up.1));
        let _ = writeln!(s, "<line x1=\"{x}\" y1=\"{y1}\" x2=\"{x}\" y2=\"{y2}\"/>");
    }
    s.push_str("</g>\n");
}

/// The axes: a vertical line at `x` from `up.0` down to `up.1`, then along
/// the bottom to `right`.
pub(super) fn axes_svg(s: &mut String, x: f64, up: (f64, f64), right: f64) {
    let (x, top, bottom) = (n2(x), n2(up.0), n2(up.1));
    let _ = writeln!(
        s,
        "<g class=\"axes\" stroke=\"#444444\" stroke-width=\"1\" fill=\"none\">\n<path d=\"M{x} {top} L{x} {bottom} L{} {bottom}\"/>\n</g>",
        n2(right)
    );
}

/// Tick labels in a group of `class` with more attributes `attrs` (each
/// with a leading space): each (x, y, label).
pub(super) fn tick_labels<'a>(
    s: &mut String,
    class: &str,
    attrs: &str,
    labels: impl IntoIterator<Item = (f64, f64, &'a str)>,
) {
    let _ = writeln!(s, "<g class=\"{class}\" fill=\"#333333\"{attrs}>");
    for (x, y, label) in labels {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            n2(x),
            n2(y),
            escape(label)
        );
    }
    s.push_str("</g>\n");
}

/// An x axis' tick labels, centred under their ticks, at height `y`.
pub(super) fn x_tick_labels(s: &mut String, axis: &Axis, px: Place, y: f64) {
    let labels = axis.ticks.iter().map(|(t, l)| (px(*t), y, l.as_str()));
    tick_labels(s, "x-ticks", " text-anchor=\"middle\"", labels);
}

/// The chart's x label centred on `x_mid` near the bottom of an SVG
/// `height` high, and its y label turned, centred on (`y_x`, `y_mid`).
pub(super) fn axis_labels(
    s: &mut String,
    chart: &Chart,
    x_mid: f64,
    y_x: f64,
    y_mid: f64,
    height: f64,
) {
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" fill=\"#222222\">{}</text>",
        n2(x_mid),
        n2(height - 12.0),
        escape(&chart.x_label)
    );
    let (ylx, ymid) = (n2(y_x), n2(y_mid));
    let _ = writeln!(
        s,
        "<text x=\"{ylx}\" y=\"{ymid}\" text-anchor=\"middle\" font-size=\"12\" fill=\"#222222\" transform=\"rotate(-90 {ylx} {ymid})\">{}</text>",
        escape(&chart.y_label)
    );
}
