//! What a chart is, as data: its series, axes' scales, which values are
//! better and what they count. Every part of the drawing reads these; this
//! file imports none of them.

/// How an axis maps values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    Linear,
    /// Base-10 logarithmic (seed 004's y axis).
    Log10,
    /// Percentiles on HdrHistogram's "nines" axis: p is placed at
    /// -log10(1 - p/100), so 90, 99, 99.9, 99.99 are evenly spaced.
    Nines,
    /// Categories: x = 0, 1, 2, ... labelled by [`Chart::x_categories`]
    /// (load levels such as `c=100`).
    Category,
}

/// One line (or set of points) of a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    /// Drawn dashed (e.g. offered rate, errors).
    pub dashed: bool,
    /// Intervals drawn as whiskers at its points (a history: each
    /// median's confidence interval); the y axis covers them.
    pub intervals: Vec<Interval>,
    /// Points ringed and explained (a history: a change a gate flags).
    pub flags: Vec<Flag>,
}

/// A vertical interval at `x`, from `lo` to `hi` (in the chart's y units).
#[derive(Debug, Clone, PartialEq)]
pub struct Interval {
    pub x: f64,
    pub lo: f64,
    pub hi: f64,
}

/// A point at (`x`, `y`) ringed, with `note` as its tooltip.
#[derive(Debug, Clone, PartialEq)]
pub struct Flag {
    pub x: f64,
    pub y: f64,
    pub note: String,
}

/// One chart, ready to render.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// File stem and HTML id: lowercase letters, digits and '-'.
    pub id: String,
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x_scale: Scale,
    pub y_scale: Scale,
    /// Labels of x = 0, 1, ... when `x_scale` is [`Scale::Category`].
    pub x_categories: Vec<String>,
    pub series: Vec<Series>,
    /// Which values are better: the order of the bars when the chart is
    /// drawn as bars (one level), best first.
    pub better: Better,
    /// What the y values count: how a point's value is written where it is
    /// shown (`data-value`, the point's tooltip).
    pub unit: Unit,
    /// The section of the results report the chart belongs to; `None`:
    /// among the page's other charts.
    pub home: Option<Home>,
}

/// A section of the results report that has charts. A chart with this
/// home goes where the section's `Block::Charts` with the same home is
/// (`crate::tables::Block`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Home {
    /// One scenario measured with one driver: its tables by level.
    Group { scenario: String, driver: String },
    /// One scenario's capacity search: its capacity table.
    Capacity { scenario: String },
    /// One metric of a history of runs (`barrage history`): its table.
    History {
        metric: barrage_model::table::Metric,
    },
}

/// A series' points.
pub(super) type Points = Vec<(f64, f64)>;

/// Which of a chart's values are better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Better {
    /// Higher is better (throughput): bars from the highest.
    #[default]
    Higher,
    /// Lower is better (latency, memory): bars from the lowest.
    Lower,
    /// Neither (server CPU): bars from the highest.
    Neither,
}

/// What a chart's y values count, for the values its points show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Per second (responses, errors, requests, sessions): `22,784/s`,
    /// `4.87/s`.
    PerSecond,
    /// Milliseconds, shown as the tables show latencies: `812 µs`,
    /// `4.87 ms`, `1.20 s`.
    Ms,
    /// Microseconds, shown likewise.
    Us,
    /// CPU cores used: `1.23 cores`.
    Cores,
    /// Mebibytes: `23.5 MiB`.
    MiB,
    /// A percentage: `1.25%`.
    Percent,
}
