//! Small multiples ([`super::Form::Panels`]): more series than one set of
//! axes can show apart, drawn as a grid of small panels, one per series of
//! its own, [`COLUMNS`] a row, all on the same axes. Each panel is titled
//! with its series' name and key, draws that series (and its derived
//! series, such as its errors) in its style over every other series in
//! faint grey, and the reference lines (`offered`, `objective`) dashed grey.

use std::fmt::Write as _;

use super::axis::Axis;
use super::style::{self, Role, GREY};
use super::svg::{
    axes, axis_labels, drawable, escape, fit, grid_svg, key_svg, n2, no_data, open_svg, path_d,
    series_svg, tick_labels, Drawn, Place, CHAR_W, HEIGHT, WIDTH,
};
use super::{Chart, Style};

/// Panels a row.
pub const COLUMNS: usize = 4;
/// A panel's plot height, and the room above it (its title) and below it
/// (tick labels, a gap), in px.
const PANEL_H: f64 = 92.0;
const TITLE_H: f64 = 18.0;
const BELOW_H: f64 = 22.0;
const GAP_X: f64 = 14.0;
/// Tick labels' size, and a character's width at it.
const SMALL: f64 = 9.0;
const SMALL_W: f64 = CHAR_W * SMALL / 11.0;

/// The chart as small multiples. The SVG is 720 px wide and as tall as
/// its rows of panels need (at least 420 px). Each series is drawn once as
/// a `<g class="series">` (in its panel, or in its parent's); the grey
/// context lines are `<g class="context">` and the reference lines `<g
/// class="reference">`.
pub(super) fn render(chart: &Chart, styles: &[Style]) -> String {
    let drawn = drawable(chart);
    let Some((xa, ya)) = axes(chart, &drawn) else {
        return no_data(&chart.title);
    };
    let roles = style::roles(&chart.series);
    let own: Vec<usize> = (0..roles.len())
        .filter(|i| roles[*i] == Role::Own)
        .collect();
    let rows = own.len().div_ceil(COLUMNS);
    let y_tick_w = ya
        .ticks
        .iter()
        .map(|t| t.1.chars().count() as f64 * SMALL_W)
        .fold(0.0, f64::max);
    let left = 30.0 + y_tick_w + 6.0;
    let end = WIDTH - 12.0;
    let pw = (end - left - GAP_X * (COLUMNS - 1) as f64) / COLUMNS as f64;
    let top = 40.0;
    let height = (top + rows as f64 * ROW_H + 20.0).max(HEIGHT);
    let grid = Grid {
        chart,
        styles,
        roles: &roles,
        drawn: &drawn,
        // Tick labels far enough apart not to collide.
        x_every: every(&xa, pw, |t| t.chars().count() as f64 * SMALL_W + 6.0),
        y_every: every(&ya, PANEL_H, |_| SMALL + 2.0),
        xa,
        ya,
        left,
        top,
        pw,
        count: own.len(),
    };

    let mut s = String::new();
    open_svg(&mut s, &chart.title, height);
    for (k, &i) in own.iter().enumerate() {
        grid.panel(&mut s, k, i);
    }
    axis_labels(
        &mut s,
        chart,
        (left + end) / 2.0,
        14.0,
        top + (height - top - 20.0) / 2.0,
        height,
    );
    s.push_str("</svg>\n");
    s
}

/// A row of panels' height: its title, its plot and the room below.
const ROW_H: f64 = TITLE_H + PANEL_H + BELOW_H;

/// The grid of panels: what every panel draws, and where.
struct Grid<'a> {
    chart: &'a Chart,
    styles: &'a [Style],
    roles: &'a [Role],
    drawn: &'a Drawn,
    xa: Axis,
    ya: Axis,
    /// Every how many ticks a label is written.
    x_every: usize,
    y_every: usize,
    /// The first panel's left and the first row's top, a panel's width.
    left: f64,
    top: f64,
    pw: f64,
    /// How many panels.
    count: usize,
}

impl Grid<'_> {
    /// Panel `k`, of series `i`: its grid and frame, its tick labels on
    /// the outer panels, the other series faint, the reference lines, its
    /// own series and its title.
    fn panel(&self, s: &mut String, k: usize, i: usize) {
        let (xa, ya, pw) = (&self.xa, &self.ya, self.pw);
        let name = &self.chart.series[i].name;
        let x0 = self.left + (k % COLUMNS) as f64 * (pw + GAP_X);
        let y0 = self.top + (k / COLUMNS) as f64 * ROW_H + TITLE_H;
        let y1 = y0 + PANEL_H;
        let px = |t: f64| x0 + xa.frac(t) * pw;
        let py = |t: f64| y1 - ya.frac(t) * PANEL_H;
        let _ = writeln!(s, "<g class=\"panel\" data-series=\"{}\">", escape(name));
        grid_svg(
            s,
            "grid",
            "#ececec",
            ((x0, x0 + pw), (y0, y1)),
            ya.ticks.iter().map(|t| py(t.0)),
            xa.ticks.iter().map(|t| px(t.0)),
        );
        let _ = writeln!(
            s,
            "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#b0b0b0\" stroke-width=\"1\"/>",
            n2(x0),
            n2(y0),
            n2(pw),
            n2(PANEL_H)
        );
        // Tick labels on the outer panels: y on the left column, x on the
        // lowest panel of each column.
        if k.is_multiple_of(COLUMNS) {
            tick_labels(
                s,
                "y-ticks",
                &format!(" text-anchor=\"end\" font-size=\"{SMALL}\""),
                ya.ticks
                    .iter()
                    .step_by(self.y_every)
                    .map(|(t, label)| (x0 - 4.0, py(*t) + 3.0, label.as_str())),
            );
        }
        if k + COLUMNS >= self.count {
            tick_labels(
                s,
                "x-ticks",
                &format!(" text-anchor=\"middle\" font-size=\"{SMALL}\""),
                xa.ticks
                    .iter()
                    .step_by(self.x_every)
                    .map(|(t, label)| (px(*t), y1 + 11.0, label.as_str())),
            );
        }
        self.lines(s, i, &px, &py);
        s.push_str("<g class=\"panel-title\" fill=\"#222222\">\n");
        key_svg(s, &self.styles[i], x0, y0 - 7.0, 16.0);
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" font-weight=\"bold\">{}</text>",
            n2(x0 + 21.0),
            n2(y0 - 3.5),
            escape(&fit(name, pw - 21.0, CHAR_W * 10.0 / 11.0 * 1.05))
        );
        s.push_str("</g>\n");
        s.push_str("</g>\n");
    }

    /// The lines of series `i`'s panel: every other series, faint; the
    /// reference lines; then this one's and its derived series.
    fn lines(&self, s: &mut String, i: usize, px: Place, py: Place) {
        let (chart, roles) = (self.chart, self.roles);
        s.push_str("<g class=\"context\" fill=\"none\" stroke=\"#d0d0d0\" stroke-width=\"1\">\n");
        for (j, points) in self.drawn.iter().enumerate() {
            let mine = j == i || roles[j] == Role::Derived(i);
            if !mine && roles[j] != Role::Reference {
                let _ = writeln!(s, "<path d=\"{}\"/>", path_d(points, px, py));
            }
        }
        s.push_str("</g>\n");
        for (j, points) in self.drawn.iter().enumerate() {
            if roles[j] == Role::Reference {
                let _ = writeln!(
                    s,
                    "<g class=\"reference\" data-series=\"{}\" fill=\"none\" stroke=\"{GREY}\" stroke-width=\"1.2\">\n<path d=\"{}\"{}/>\n</g>",
                    escape(&chart.series[j].name),
                    path_d(points, px, py),
                    self.styles[j].dash.attr()
                );
            }
        }
        for (j, points) in self.drawn.iter().enumerate() {
            if j == i || roles[j] == Role::Derived(i) {
                let size = if points.len() > 30 { 1.3 } else { 2.6 };
                series_svg(s, chart, j, &self.styles[j], points, px, py, 1.6, size);
            }
        }
    }
}

/// Every how many ticks of `axis` a label fits, on a panel `length` px
/// long, each label taking `room(label)` px.
fn every(axis: &Axis, length: f64, room: impl Fn(&str) -> f64) -> usize {
    let need = axis.ticks.iter().map(|t| room(&t.1)).fold(0.0, f64::max);
    let gap = axis
        .ticks
        .windows(2)
        .map(|w| (axis.frac(w[1].0) - axis.frac(w[0].0)).abs() * length)
        .fold(f64::INFINITY, f64::min);
    if !gap.is_finite() || gap <= 0.0 {
        return 1;
    }
    ((need / gap).ceil() as usize).max(1)
}
