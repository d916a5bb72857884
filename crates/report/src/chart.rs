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

use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use barrage_model::results::{LevelStats, Results, RunRecord};
use barrage_model::search::{Objective, Outcome, Quantile, SearchReport, StepRecord};
use barrage_model::suite::Level;
use barrage_model::table::{self, median};

mod bars;
mod panels;
mod points;
mod style;

pub use points::{x_text, Unit};
use style::Role;
pub use style::{styles, Dash, Marker, Style};

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
}

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

// ---------------------------------------------------------------------------
// Charts from results
// ---------------------------------------------------------------------------

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
pub fn charts_for(results: &Results) -> Vec<Chart> {
    let mut charts = Vec::new();
    for g in table::groups(results) {
        Group::new(&g).charts(&mut charts);
    }
    for (scenario, rows) in table::capacities(results) {
        capacity_charts(&scenario, &rows, &mut charts);
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

/// The capacity charts of one search scenario (see [`charts_for`]).
fn capacity_charts(scenario: &str, rows: &[table::CapacityRow<'_>], out: &mut Vec<Chart>) {
    let sessions = rows
        .iter()
        .flat_map(|r| &r.runs)
        .any(|x| matches!(x.level, Level::Search { calls: Some(_), .. }));
    let unit = if sessions { "sessions/s" } else { "requests/s" };
    // Per variant: the search of the repeat whose answer is the median.
    let picked: Vec<(&str, &SearchReport)> = rows
        .iter()
        .filter_map(|row| {
            let m = row.median()?;
            let run = row
                .runs
                .iter()
                .filter_map(|x| x.search.as_ref())
                .filter(|s| !s.steps.is_empty())
                .min_by(|a, b| {
                    let d = |s: &SearchReport| (answer(s).unwrap_or(0.0) - m).abs();
                    d(a).total_cmp(&d(b))
                })?;
            Some((row.row.as_str(), run))
        })
        .collect();
    search_charts(
        &format!("capacity-{}", table::slug(scenario)),
        scenario,
        unit,
        &picked,
        out,
    );
}

/// The two capacity charts (`ID-offered`, `ID-p99`) of one search per
/// series: each `(name, search)` a series with its knee; `what` begins the
/// titles, `unit` is what the rates count (`requests/s`).
pub fn search_charts(
    id: &str,
    what: &str,
    unit: &str,
    picked: &[(&str, &SearchReport)],
    out: &mut Vec<Chart>,
) {
    if picked.is_empty() {
        return;
    }
    let steps = |s: &SearchReport, f: fn(&StepRecord) -> f64| -> Points {
        let mut p: Points = s
            .steps
            .iter()
            .filter(|st| !st.confirm)
            .map(|st| (st.offered_per_s, f(st)))
            .filter(|(x, y)| *x > 0.0 && *y > 0.0)
            .collect();
        p.sort_by(|a, b| a.0.total_cmp(&b.0));
        p
    };
    // From the chart's floor up to the answer's own step.
    let knee = |s: &SearchReport, ys: &Points, f: fn(&StepRecord) -> f64| -> Option<Series> {
        let x = answer(s)?;
        let lo = ys.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let top = s
            .steps
            .iter()
            .filter(|st| st.offered_per_s == x)
            .map(f)
            .fold(0.0, f64::max);
        (lo.is_finite() && top > lo).then(|| Series {
            name: String::new(),
            points: vec![(x, lo), (x, top)],
            dashed: true,
        })
    };
    for kind in ["offered", "p99"] {
        let f: fn(&StepRecord) -> f64 = if kind == "offered" {
            |st| st.achieved_per_s
        } else {
            |st| st.p99_us as f64 / 1000.0
        };
        let mut series = Vec::new();
        let mut all: Points = Vec::new();
        for (name, s) in picked {
            let points = steps(s, f);
            all.extend(points.iter().copied());
            series.push(Series {
                name: name.to_string(),
                points,
                dashed: false,
            });
        }
        for (name, s) in picked {
            if let Some(mut k) = knee(s, &all, f) {
                k.name = format!("{name} capacity");
                series.push(k);
            }
        }
        // The grey reference line across the steps' offered rates: y = x
        // (offered), or the objective's p99 bound.
        let p99_bound = picked[0].1.slo.objectives.iter().find_map(|o| match o {
            Objective::Latency {
                quantile: Quantile::P99,
                max_us,
            } => Some(*max_us as f64 / 1000.0),
            _ => None,
        });
        let lo = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let hi = all.iter().map(|p| p.0).fold(0.0, f64::max);
        let reference = match (kind, p99_bound) {
            ("offered", _) => Some(("offered", (lo, lo), (hi, hi))),
            (_, Some(b)) => Some(("objective", (lo, b), (hi, b))),
            _ => None,
        };
        if let Some((name, from, to)) = reference.filter(|_| lo.is_finite()) {
            series.insert(
                0,
                Series {
                    name: name.into(),
                    points: vec![from, to],
                    dashed: true,
                },
            );
        }
        let y_unit = if kind == "offered" {
            Unit::PerSecond
        } else {
            Unit::Ms
        };
        let (title, y_label) = if kind == "offered" {
            (
                format!("{what}: achieved vs offered (capacity search)"),
                format!("achieved {unit}"),
            )
        } else {
            (
                format!("{what}: p99 vs offered (capacity search)"),
                "p99 latency (ms)".to_string(),
            )
        };
        out.push(Chart {
            id: format!("{id}-{kind}"),
            title,
            x_label: format!("offered {unit}"),
            y_label,
            x_scale: Scale::Log10,
            y_scale: Scale::Log10,
            x_categories: Vec::new(),
            series,
            better: if kind == "offered" {
                Better::Higher
            } else {
                Better::Lower
            },
            unit: y_unit,
        });
    }
}

/// A search's answer: its capacity, or the rate it sustained at least.
fn answer(s: &SearchReport) -> Option<f64> {
    match s.outcome {
        Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => Some(rate),
        Outcome::BelowMin { .. } => None,
    }
}

/// The requests per second a level offers (rate and session loads).
fn offered(level: &Level) -> Option<f64> {
    match level {
        Level::Connections(_) => None,
        Level::Rate { rate, .. } => Some(*rate),
        Level::Sessions { rate, calls, .. } => Some(rate * f64::from(*calls)),
        Level::Search { .. } => None,
    }
}

/// The runs of one scenario with one driver, as charts need them.
struct Group<'a> {
    scenario: String,
    driver: String,
    /// (level index, level), by index.
    levels: Vec<(usize, Level)>,
    /// (series name, runs with statistics of that variant), suite order.
    variants: Vec<(String, Vec<&'a RunRecord>)>,
}

/// A series' points.
type Points = Vec<(f64, f64)>;

/// Series for the level charts of one metric.
type Metric = fn(&RunRecord) -> Option<f64>;

impl<'a> Group<'a> {
    /// The chart view of one table of the shared tabulation: its levels
    /// as levels, and per row the runs that have statistics.
    fn new(g: &table::Group<'a>) -> Group<'a> {
        let levels = g
            .levels
            .iter()
            .filter_map(|(index, _)| {
                let run = g.runs.iter().find(|r| r.level_index == *index)?;
                Some((*index, run.level.clone()))
            })
            .collect();
        let variants = g
            .rows
            .iter()
            .filter_map(|row| {
                let mine: Vec<&RunRecord> = g
                    .runs
                    .iter()
                    .copied()
                    .filter(|r| table::row_name(&r.server, &r.variant) == *row)
                    .filter(|r| r.stats.is_some())
                    .collect();
                (!mine.is_empty()).then(|| (row.clone(), mine))
            })
            .collect();
        Group {
            scenario: g.scenario.clone(),
            driver: g.driver.clone(),
            levels,
            variants,
        }
    }

    fn id(&self, kind: &str) -> String {
        format!(
            "{}-{}-{kind}",
            table::slug(&self.scenario),
            table::slug(&self.driver)
        )
    }

    fn title(&self, what: &str) -> String {
        format!("{} ({}): {what}", self.scenario, self.driver)
    }

    fn categories(&self) -> Vec<String> {
        self.levels.iter().map(|(_, l)| l.to_string()).collect()
    }

    /// The runs of a variant at a level index.
    fn at<'b>(runs: &'b [&'a RunRecord], index: usize) -> impl Iterator<Item = &'a RunRecord> + 'b {
        runs.iter().copied().filter(move |r| r.level_index == index)
    }

    /// Median over repeats of `metric`, per variant, by level position.
    fn level_series(&self, metric: Metric) -> Vec<Series> {
        self.variants
            .iter()
            .map(|(name, runs)| {
                let points = self
                    .levels
                    .iter()
                    .enumerate()
                    .filter_map(|(x, (index, _))| {
                        let values: Vec<f64> = Self::at(runs, *index).filter_map(metric).collect();
                        median(&values).map(|m| (x as f64, m))
                    })
                    .collect();
                Series {
                    name: name.clone(),
                    points,
                    dashed: false,
                }
            })
            .filter(|s| !s.points.is_empty())
            .collect()
    }

    fn level_chart(
        &self,
        kind: &str,
        what: &str,
        (y_label, better, unit): (&str, Better, Unit),
        metric: Metric,
    ) -> Option<Chart> {
        let series = self.level_series(metric);
        if series.is_empty() {
            return None;
        }
        let y_scale = spread_scale(&series);
        Some(Chart {
            id: self.id(kind),
            title: self.title(what),
            x_label: "load level".into(),
            y_label: y_label.into(),
            x_scale: Scale::Category,
            y_scale,
            x_categories: self.categories(),
            series,
            better,
            unit,
        })
    }

    /// The highest level index at which a variant's runs satisfy `keep`.
    fn highest<'b>(
        &self,
        runs: &'b [&'a RunRecord],
        keep: impl Fn(&RunRecord) -> bool,
    ) -> Option<(usize, &Level, Vec<&'a RunRecord>)> {
        self.levels.iter().rev().find_map(|(index, level)| {
            let at: Vec<&RunRecord> = Self::at(runs, *index).filter(|r| keep(r)).collect();
            (!at.is_empty()).then_some((*index, level, at))
        })
    }

    fn charts(&self, out: &mut Vec<Chart>) {
        if self.variants.is_empty() || self.levels.is_empty() {
            return;
        }
        out.extend(self.level_chart(
            "throughput",
            "responses/s by load level",
            ("responses/s", Better::Higher, Unit::PerSecond),
            |r| r.stats.as_ref().map(|s| s.responses_per_s),
        ));
        let percentiles: [(&str, &str, Metric); 3] = [
            ("latency-p50", "p50", |r| {
                r.stats.as_ref()?.latency_p50_us.map(|v| v / 1000.0)
            }),
            ("latency-p99", "p99", |r| {
                r.stats.as_ref()?.latency_p99_us.map(|v| v / 1000.0)
            }),
            ("latency-p99-9", "p99.9", |r| {
                r.stats.as_ref()?.latency_p99_9_us.map(|v| v / 1000.0)
            }),
        ];
        for (kind, p, metric) in percentiles {
            out.extend(self.level_chart(
                kind,
                &format!("{p} latency by load level"),
                (&format!("{p} latency (ms)"), Better::Lower, Unit::Ms),
                metric,
            ));
        }
        out.extend(self.offered_chart());
        out.extend(self.spectrum_chart());
        out.extend(self.level_chart(
            "cpu",
            "server CPU by load level",
            ("server cores used", Better::Neither, Unit::Cores),
            |r| {
                let stats = r.stats.as_ref()?;
                let usage = &r.server_usage;
                if usage.samples.is_empty() {
                    return None;
                }
                let window = usage.samples.last().map_or(0.0, |s| s.t_ms as f64 / 1000.0);
                let window = if window > 0.0 {
                    window
                } else {
                    stats.elapsed_s
                };
                (window > 0.0).then(|| (usage.cpu_user_s + usage.cpu_sys_s) / window)
            },
        ));
        out.extend(self.level_chart(
            "rss",
            "server peak RSS by load level",
            ("peak RSS (MiB)", Better::Lower, Unit::MiB),
            |r| {
                let bytes = r.server_usage.max_rss_bytes;
                (bytes > 0).then(|| bytes as f64 / (1024.0 * 1024.0))
            },
        ));
        out.extend(self.timeline_charts());
    }

    /// Achieved responses/s (and errors/s) against offered requests/s.
    fn offered_chart(&self) -> Option<Chart> {
        if self.levels.iter().any(|(_, l)| offered(l).is_none()) {
            return None;
        }
        let mut series = vec![Series {
            name: "offered".into(),
            points: self
                .levels
                .iter()
                .filter_map(|(_, l)| offered(l).map(|o| (o, o)))
                .collect(),
            dashed: true,
        }];
        for (name, runs) in &self.variants {
            let mut achieved = Vec::new();
            let mut errors = Vec::new();
            for (index, level) in &self.levels {
                let o = offered(level).unwrap_or(0.0);
                let at: Vec<&RunRecord> = Self::at(runs, *index).collect();
                let rates: Vec<f64> = at
                    .iter()
                    .filter_map(|r| r.stats.as_ref().map(|s| s.responses_per_s))
                    .collect();
                if let Some(m) = median(&rates) {
                    achieved.push((o, m));
                }
                // Timeouts are counted among the errors.
                let errs: Vec<f64> = at
                    .iter()
                    .filter_map(|r| {
                        let s = r.stats.as_ref()?;
                        let n = s.errors.or(s.timeouts)?;
                        (s.elapsed_s > 0.0).then(|| n as f64 / s.elapsed_s)
                    })
                    .collect();
                if let Some(m) = median(&errs) {
                    errors.push((o, m));
                }
            }
            if !achieved.is_empty() {
                series.push(Series {
                    name: name.clone(),
                    points: achieved,
                    dashed: false,
                });
            }
            if errors.iter().any(|p| p.1 > 0.0) {
                series.push(Series {
                    name: format!("{name} errors"),
                    points: errors,
                    dashed: true,
                });
            }
        }
        if series.len() < 2 {
            return None;
        }
        Some(Chart {
            id: self.id("offered"),
            title: self.title("achieved vs offered load"),
            x_label: "offered requests/s".into(),
            y_label: "responses/s, errors/s".into(),
            x_scale: Scale::Linear,
            y_scale: Scale::Log10,
            x_categories: Vec::new(),
            series,
            better: Better::Higher,
            unit: Unit::PerSecond,
        })
    }

    /// Latency by percentile at each variant's highest level.
    fn spectrum_chart(&self) -> Option<Chart> {
        // (series name, level, points)
        let mut found: Vec<(String, String, Points)> = Vec::new();
        for (name, runs) in &self.variants {
            let Some((_, level, at)) = self.highest(runs, |r| {
                r.stats.as_ref().is_some_and(|s| s.latency_p50_us.is_some())
                    || spectrum_of(r).is_some()
            }) else {
                continue;
            };
            let full: Vec<&RunRecord> = at
                .iter()
                .copied()
                .filter(|r| spectrum_of(r).is_some())
                .collect();
            let points = if self.driver == "barrage" && !full.is_empty() {
                spectrum_of(representative(&full)).unwrap_or_default()
            } else {
                let pick = |f: fn(&LevelStats) -> Option<f64>| {
                    let v: Vec<f64> = at
                        .iter()
                        .filter_map(|r| r.stats.as_ref().and_then(f))
                        .collect();
                    median(&v)
                };
                [
                    (50.0, pick(|s| s.latency_p50_us)),
                    (90.0, pick(|s| s.latency_p90_us)),
                    (99.0, pick(|s| s.latency_p99_us)),
                    (99.9, pick(|s| s.latency_p99_9_us)),
                ]
                .into_iter()
                .filter_map(|(p, v)| v.map(|v| (p, v / 1000.0)))
                .collect()
            };
            if !points.is_empty() {
                found.push((name.clone(), level.to_string(), points));
            }
        }
        if found.is_empty() {
            return None;
        }
        let same = found.iter().all(|f| f.1 == found[0].1);
        let title = if same {
            format!("latency by percentile at {}", found[0].1)
        } else {
            "latency by percentile at each server's highest level".to_string()
        };
        let series: Vec<Series> = found
            .into_iter()
            .map(|(name, level, points)| Series {
                name: if same {
                    name
                } else {
                    format!("{name} at {level}")
                },
                points,
                dashed: false,
            })
            .collect();
        let y_scale = spread_scale(&series);
        Some(Chart {
            id: self.id("spectrum"),
            title: self.title(&title),
            x_label: "percentile".into(),
            y_label: "latency (ms)".into(),
            x_scale: Scale::Nines,
            y_scale,
            x_categories: Vec::new(),
            series,
            better: Better::Lower,
            unit: Unit::Ms,
        })
    }

    /// Responses and p99 of each whole second of one run (the p99 of
    /// seconds with responses).
    fn timeline_charts(&self) -> Vec<Chart> {
        for (name, runs) in &self.variants {
            let Some((_, level, at)) = self.highest(runs, |r| seconds_of(r).is_some()) else {
                continue;
            };
            let run = representative(&at);
            let seconds = seconds_of(run).unwrap_or_default();
            let what = format!("per second at {level}, repeat {}", run.repeat + 1);
            let responses = seconds.iter().map(|s| (s.0, s.1)).collect();
            let p99: Vec<(f64, f64)> = seconds
                .iter()
                .filter(|s| s.1 > 0.0)
                .map(|s| (s.0, s.2 / 1000.0))
                .collect();
            let chart = |kind: &str, title: &str, y: &str, points: Vec<(f64, f64)>| Chart {
                id: self.id(kind),
                title: self.title(&format!("{title} {what}")),
                x_label: "second of the measured window".into(),
                y_label: y.into(),
                x_scale: Scale::Linear,
                y_scale: Scale::Linear,
                x_categories: Vec::new(),
                series: vec![Series {
                    name: name.clone(),
                    points,
                    dashed: false,
                }],
                better: if kind == "timeline-p99" {
                    Better::Lower
                } else {
                    Better::Higher
                },
                unit: if kind == "timeline-p99" {
                    Unit::Ms
                } else {
                    Unit::PerSecond
                },
            };
            let mut out = vec![chart(
                "timeline-responses",
                "responses",
                "responses/s",
                responses,
            )];
            if !p99.is_empty() {
                out.push(chart(
                    "timeline-p99",
                    "p99 latency",
                    "p99 latency (ms)",
                    p99,
                ));
            }
            return out;
        }
        Vec::new()
    }
}

/// Log10 when the positive values span more than two decades, else linear.
fn spread_scale(series: &[Series]) -> Scale {
    let ys = series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let (lo, hi) = ys
        .filter(|y| *y > 0.0 && y.is_finite())
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), y| {
            (lo.min(y), hi.max(y))
        });
    if hi > 0.0 && hi / lo > 100.0 {
        Scale::Log10
    } else {
        Scale::Linear
    }
}

/// The run whose responses/s is nearest the median of `runs` (not empty).
fn representative<'a>(runs: &[&'a RunRecord]) -> &'a RunRecord {
    let rate = |r: &RunRecord| r.stats.as_ref().map_or(0.0, |s| s.responses_per_s);
    let values: Vec<f64> = runs.iter().map(|r| rate(r)).collect();
    let m = median(&values).unwrap_or(0.0);
    let mut best = runs[0];
    for r in runs {
        let (d, b) = ((rate(r) - m).abs(), (rate(best) - m).abs());
        if d < b || (d == b && r.repeat < best.repeat) {
            best = r;
        }
    }
    best
}

/// barrage's latency spectrum of a run: (percentile, ms), below 100%.
fn spectrum_of(run: &RunRecord) -> Option<Vec<(f64, f64)>> {
    let report = run.report.as_ref()?;
    let points: Vec<(f64, f64)> = report
        .latency_us
        .spectrum
        .iter()
        // 100% (the maximum) has no place on the nines axis.
        .filter(|(p, _)| *p < 100.0)
        .map(|&(p, us)| (p, us as f64 / 1000.0))
        .collect();
    (!points.is_empty()).then_some(points)
}

/// barrage's seconds of a run: (t_s, responses/s, p99 µs). Whole seconds
/// only: the last, partial one (and the late answers it holds) is left out,
/// unless the run is shorter than a second, when its part within the window
/// counts, per second of that part.
fn seconds_of(run: &RunRecord) -> Option<Vec<(f64, f64, f64)>> {
    let report = run.report.as_ref()?;
    let elapsed = report.totals.elapsed_s;
    let all: Vec<(f64, f64, f64)> = report
        .series
        .iter()
        .map(|e| (f64::from(e.t_s), e.responses as f64, e.p99_us as f64))
        .collect();
    let whole: Vec<(f64, f64, f64)> = all
        .iter()
        .copied()
        .filter(|s| s.0 + 1.0 <= elapsed + 1e-6)
        .collect();
    let seconds = if whole.is_empty() {
        all.iter()
            .filter(|s| s.0 < elapsed)
            .map(|s| (s.0, s.1 / (elapsed - s.0), s.2))
            .collect()
    } else {
        whole
    };
    (!seconds.is_empty()).then_some(seconds)
}

// ---------------------------------------------------------------------------
// SVG
// ---------------------------------------------------------------------------

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 420.0;
/// Average advance of a character at the 11 px text size (for layout only).
const CHAR_W: f64 = 6.6;
/// A marker's size (about its radius) on a line of a few points.
const MARKER: f64 = 3.5;
/// The most room the names at the lines' ends take from the plot: in px,
/// and as a share of its width.
const LABEL_ROOM: f64 = 170.0;
const LABEL_SHARE: f64 = 0.3;
/// A name at a line's end: its height, and how far it may move up or down
/// to make room for another.
const LABEL_H: f64 = 12.0;
const LABEL_SHIFT: f64 = 18.0;
/// Nines ticks go no further than 99.99999%.
const MAX_NINES: f64 = 7.0;

/// A coordinate, with fixed precision (and no "-0.00").
fn n2(v: f64) -> String {
    let s = format!("{v:.2}");
    if s == "-0.00" {
        "0.00".into()
    } else {
        s
    }
}

fn escape(text: &str) -> String {
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

/// A value's position on a scale's axis, when it can be drawn there.
fn transform(scale: Scale, v: f64) -> Option<f64> {
    if !v.is_finite() {
        return None;
    }
    match scale {
        Scale::Linear | Scale::Category => Some(v),
        Scale::Log10 => (v > 0.0).then(|| v.log10()),
        Scale::Nines => (0.0..100.0)
            .contains(&v)
            .then(|| -(1.0 - v / 100.0).log10()),
    }
}

/// One axis: its range (in transformed units) and its labelled ticks.
struct Axis {
    lo: f64,
    hi: f64,
    ticks: Vec<(f64, String)>,
    /// Unlabelled grid lines (2 to 9 times each decade of a log axis).
    minor: Vec<f64>,
}

impl Axis {
    fn new(scale: Scale, values: &[f64], categories: &[String]) -> Axis {
        let (min, max) = values
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                (a.min(*v), b.max(*v))
            });
        match scale {
            Scale::Category => {
                // Points past the labels widen the axis (up to a bound).
                let n = categories.len().max(if max.is_finite() {
                    max.round().clamp(0.0, 999.0) as usize + 1
                } else {
                    1
                });
                let ticks = (0..n)
                    .map(|i| {
                        (
                            i as f64,
                            categories.get(i).cloned().unwrap_or_else(|| i.to_string()),
                        )
                    })
                    .collect();
                Axis {
                    lo: -0.5,
                    hi: n as f64 - 0.5,
                    ticks,
                    minor: Vec::new(),
                }
            }
            Scale::Log10 => {
                let mut lo = min.floor();
                let mut hi = max.ceil();
                if !lo.is_finite() {
                    (lo, hi) = (0.0, 1.0);
                }
                if hi <= lo {
                    hi = lo + 1.0;
                }
                let decades = (hi - lo) as i64;
                let every = if decades > 8 { 2 } else { 1 };
                let mut ticks: Vec<(f64, String)> = Vec::new();
                let mut minor = Vec::new();
                for k in 0..=decades {
                    let e = lo as i64 + k;
                    if k % every == 0 {
                        ticks.push((e as f64, log_label(1, e)));
                    }
                    if k == decades {
                        break;
                    }
                    for m in 2..=9 {
                        let t = e as f64 + (m as f64).log10();
                        if decades == 1 && (m == 2 || m == 5) {
                            ticks.push((t, log_label(m, e)));
                        } else if decades <= 4 {
                            minor.push(t);
                        }
                    }
                }
                ticks.sort_by(|a, b| a.0.total_cmp(&b.0));
                Axis {
                    lo,
                    hi,
                    ticks,
                    minor,
                }
            }
            Scale::Nines => {
                let top = if max.is_finite() {
                    (max - 1e-9).ceil()
                } else {
                    1.0
                };
                let top = top.clamp(1.0, MAX_NINES);
                let ticks = (0..=top as i64)
                    .map(|k| (k as f64, nines_label(k)))
                    .collect();
                Axis {
                    lo: 0.0,
                    hi: top,
                    ticks,
                    minor: Vec::new(),
                }
            }
            Scale::Linear => {
                let (mut min, mut max) = if min.is_finite() {
                    (min, max)
                } else {
                    (0.0, 1.0)
                };
                if min >= 0.0 {
                    min = 0.0;
                }
                if max <= min {
                    max = if min == 0.0 { 1.0 } else { min + min.abs() };
                }
                let mut step = nice_step((max - min) / 5.0);
                // Whole numbers (seconds) get whole ticks.
                if step < 1.0 && values.iter().all(|v| v.fract() == 0.0) {
                    step = 1.0;
                }
                let lo = (min / step).floor() * step;
                let hi = (max / step - 1e-9).ceil() * step;
                let count = ((hi - lo) / step).round() as i64;
                let ticks = (0..=count)
                    .map(|i| {
                        let v = lo + i as f64 * step;
                        let v = if v.abs() < step * 1e-9 { 0.0 } else { v };
                        (v, linear_label(v, step, lo.abs().max(hi.abs())))
                    })
                    .collect();
                Axis {
                    lo,
                    hi,
                    ticks,
                    minor: Vec::new(),
                }
            }
        }
    }

    /// Where `t` (transformed) falls, from 0 at `lo` to 1 at `hi`.
    fn frac(&self, t: f64) -> f64 {
        (t - self.lo) / (self.hi - self.lo)
    }
}

/// 1, 2 or 5 times a power of ten, near `raw`.
fn nice_step(raw: f64) -> f64 {
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let f = if norm < 1.5 {
        1.0
    } else if norm < 3.0 {
        2.0
    } else if norm < 7.0 {
        5.0
    } else {
        10.0
    };
    f * mag
}

fn decimals(step: f64) -> usize {
    if step >= 1.0 {
        0
    } else {
        ((-step.log10()).ceil().max(0.0) as usize).min(9)
    }
}

/// A linear tick: 40k, 1.5M, 0.25 (as precise as the step), in the unit
/// the axis' largest value `top` calls for.
fn linear_label(v: f64, step: f64, top: f64) -> String {
    let (div, suffix) = if top >= 1e6 && step >= 1e5 {
        (1e6, "M")
    } else if top >= 1e4 && step >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    if v == 0.0 {
        return "0".into();
    }
    let d = decimals(step / div + 1e-12);
    format!("{:.*}{suffix}", d, v / div)
}

/// m × 10^e (m from 1 to 9): 1, 20, 500, 1k, 2M, ... or 0.1, 0.05, ...
fn log_label(m: i64, e: i64) -> String {
    match e {
        e if e < 0 => format!("{:.*}", (-e) as usize, m as f64 * 10f64.powi(e as i32)),
        0..=2 => format!("{}", m * 10i64.pow(e as u32)),
        3..=5 => format!("{}k", m * 10i64.pow(e as u32 - 3)),
        6..=8 => format!("{}M", m * 10i64.pow(e as u32 - 6)),
        _ => format!("{m}e{e}"),
    }
}

/// The nines tick k: 0%, 90%, 99%, 99.9%, ...
fn nines_label(k: i64) -> String {
    if k == 0 {
        return "0%".into();
    }
    let d = (k - 2).max(0) as usize;
    format!("{:.*}%", d, 100.0 - 10f64.powi(2 - k as i32))
}

/// The title's font size: 15 px, smaller when a long title would not fit.
fn title_size(title: &str) -> f64 {
    // A bold character is about 0.62 em wide.
    let em = title.chars().count() as f64 * 0.62;
    (700.0 / em.max(1.0)).clamp(9.0, 15.0)
}

fn text_w(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR_W
}

/// `text`, cut with `…` to at most `width` px at `char_w` px a character.
fn fit(text: &str, width: f64, char_w: f64) -> String {
    let max = (width / char_w).floor().max(1.0) as usize;
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(max - 1).collect();
        cut.push('…');
        cut
    }
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
        Form::Lines => lines_svg(chart, &styles),
    }
}

/// The SVG's root element, its title and background, and the chart's title.
fn open_svg(s: &mut String, title: &str, height: f64) {
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
fn no_data(title: &str) -> String {
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
type Drawn = Vec<Vec<Option<(f64, f64)>>>;

fn drawable(chart: &Chart) -> Drawn {
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
fn axes(chart: &Chart, drawn: &Drawn) -> Option<(Axis, Axis)> {
    let xs: Vec<f64> = drawn.iter().flatten().flatten().map(|p| p.0).collect();
    let ys: Vec<f64> = drawn.iter().flatten().flatten().map(|p| p.1).collect();
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
type Place<'a> = &'a dyn Fn(f64) -> f64;

/// An SVG path through the points, broken where one cannot be drawn.
fn path_d(points: &[Option<(f64, f64)>], px: Place, py: Place) -> String {
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
fn series_svg(
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
    s.push_str("</g>\n");
}

/// A series' key: a `w` px sample of its line from (x, y), its marker in
/// the middle.
fn key_svg(s: &mut String, style: &Style, x: f64, y: f64, w: f64) {
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
fn halo_text(s: &mut String, x: f64, y: f64, attrs: &str, text: &str) {
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\"{attrs} stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">{}</text>",
        n2(x),
        n2(y),
        escape(text)
    );
}

/// A line chart: every series on one pair of axes, a legend on the right,
/// and each series' name at the right end of its line where it fits.
fn lines_svg(chart: &Chart, styles: &[Style]) -> String {
    let drawn = drawable(chart);
    let Some((xa, ya)) = axes(chart, &drawn) else {
        return no_data(&chart.title);
    };
    let mut s = String::new();
    open_svg(&mut s, &chart.title, HEIGHT);

    // Layout: y tick labels and the y label on the left, the legend on the
    // right, x tick labels (rotated when they would collide) and the x label
    // below; room between the plot and the legend for the names at the
    // lines' ends.
    // The legend: the widest name, its line sample and margins, within bounds.
    let legend_w = (chart
        .series
        .iter()
        .map(|se| text_w(&se.name))
        .fold(0.0, f64::max)
        + 40.0)
        .clamp(90.0, 250.0);
    let y_tick_w = ya.ticks.iter().map(|t| text_w(&t.1)).fold(0.0, f64::max);
    let mut left = (y_tick_w + 34.0).max(56.0);
    let labels_end = WIDTH - 16.0 - legend_w;
    let named: Vec<f64> = chart
        .series
        .iter()
        .zip(&drawn)
        .filter(|(se, p)| !se.name.is_empty() && p.iter().any(Option::is_some))
        .map(|(se, _)| text_w(&se.name))
        .collect();
    // Room for the widest name that can have it: the plot keeps most of
    // its width, and on a category axis the last level sits half a slot in
    // from its end.
    let room = LABEL_ROOM.min((labels_end - left) * LABEL_SHARE);
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
    let gutter = if named.len() < 2 || want == 0.0 {
        0.0
    } else {
        ((want - (labels_end - left) * half) / (1.0 - half)).clamp(0.0, room)
    };
    let right = labels_end - gutter;
    let top = 44.0;
    let x_tick_w = xa.ticks.iter().map(|t| text_w(&t.1)).fold(0.0, f64::max);
    let slot = (right - left) / xa.ticks.len().max(1) as f64;
    let rotate = chart.x_scale == Scale::Category && x_tick_w > slot - 6.0;
    if rotate {
        // The first label, rotated, reaches cos(35°) of its length to the left
        // of its tick, which sits half a slot in.
        let first = xa.ticks.first().map_or(0.0, |t| text_w(&t.1));
        left = left.max((first * 0.82 - slot / 2.0 + 6.0).min(200.0));
    }
    let plot_w = right - left;
    let tick_room = if rotate {
        (x_tick_w * 0.574 + 16.0).min(140.0)
    } else {
        20.0
    };
    let bottom = HEIGHT - 28.0 - tick_room;
    let plot_h = bottom - top;
    let px = |t: f64| left + xa.frac(t) * plot_w;
    let py = |t: f64| bottom - ya.frac(t) * plot_h;

    // Grid and ticks: a horizontal line at each y, a vertical one at each x.
    let (across, up) = ((left, right), (top, bottom));
    if !ya.minor.is_empty() || !xa.minor.is_empty() {
        grid_svg(
            &mut s,
            "minor-grid",
            "#f2f2f2",
            (across, up),
            ya.minor.iter().map(|t| py(*t)),
            xa.minor.iter().map(|t| px(*t)),
        );
    }
    grid_svg(
        &mut s,
        "grid",
        "#e4e4e4",
        (across, up),
        ya.ticks.iter().map(|t| py(t.0)),
        xa.ticks.iter().map(|t| px(t.0)),
    );
    axes_svg(&mut s, left, up, right);
    tick_labels(
        &mut s,
        "y-ticks",
        " text-anchor=\"end\"",
        ya.ticks
            .iter()
            .map(|(t, label)| (left - 6.0, py(*t) + 4.0, label.as_str())),
    );
    let y = bottom + 15.0;
    if rotate {
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
    } else {
        x_tick_labels(&mut s, &xa, &px, y);
    }
    axis_labels(
        &mut s,
        chart,
        (left + right) / 2.0,
        (left - y_tick_w - 22.0).max(16.0),
        (top + bottom) / 2.0,
        HEIGHT,
    );

    // Series.
    let size = |se: &Series| if se.points.len() > 30 { 2.0 } else { MARKER };
    for (i, ((se, points), style)) in chart.series.iter().zip(&drawn).zip(styles).enumerate() {
        series_svg(&mut s, chart, i, style, points, &px, &py, 2.0, size(se));
    }

    // Names at the lines' ends.
    let labels = end_labels(chart, &drawn, &px, &py, labels_end, (top, bottom));
    if !labels.is_empty() {
        s.push_str("<g class=\"end-labels\">\n");
        for (i, x, y) in labels {
            let se = &chart.series[i];
            let attrs = format!(
                " data-series=\"{}\" fill=\"{}\"",
                escape(&se.name),
                styles[i].text_colour()
            );
            halo_text(&mut s, x, y, &attrs, &se.name);
        }
        s.push_str("</g>\n");
    }

    // Legend: an entry per series, a `legend-entry` group named after its
    // series (and after the series it belongs to, for a derived one), its
    // row a transparent `hit` box (what report.html's script makes
    // clickable).
    let lx = labels_end + 14.0;
    let step = ((bottom - top) / chart.series.len().max(1) as f64).clamp(8.0, 18.0);
    let roles = style::roles(&chart.series);
    s.push_str("<g class=\"legend\" fill=\"#222222\">\n");
    for (i, (se, style)) in chart.series.iter().zip(styles).enumerate() {
        let y = top + 6.0 + i as f64 * step;
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
        key_svg(&mut s, style, lx, y, 20.0);
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
    s.push_str("</svg>\n");
    s
}

/// Grid lines in `colour`, in a group of `class`: across from `across.0`
/// to `across.1` at each y of `ys`, and up from `up.0` to `up.1` at each x
/// of `xs` (SVG coordinates).
fn grid_svg(
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
fn axes_svg(s: &mut String, x: f64, up: (f64, f64), right: f64) {
    let (x, top, bottom) = (n2(x), n2(up.0), n2(up.1));
    let _ = writeln!(
        s,
        "<g class=\"axes\" stroke=\"#444444\" stroke-width=\"1\" fill=\"none\">\n<path d=\"M{x} {top} L{x} {bottom} L{} {bottom}\"/>\n</g>",
        n2(right)
    );
}

/// Tick labels in a group of `class` with more attributes `attrs` (each
/// with a leading space): each (x, y, label).
fn tick_labels<'a>(
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
fn x_tick_labels(s: &mut String, axis: &Axis, px: Place, y: f64) {
    let labels = axis.ticks.iter().map(|(t, l)| (px(*t), y, l.as_str()));
    tick_labels(s, "x-ticks", " text-anchor=\"middle\"", labels);
}

/// The chart's x label centred on `x_mid` near the bottom of an SVG
/// `height` high, and its y label turned, centred on (`y_x`, `y_mid`).
fn axis_labels(s: &mut String, chart: &Chart, x_mid: f64, y_x: f64, y_mid: f64, height: f64) {
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

// ---------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------

/// The system's fonts, loaded once, with `sans-serif` and `serif` mapped to
/// installed families.
fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            let families: Vec<String> = db
                .faces()
                .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
                .collect();
            let preferred = [
                "DejaVu Sans",
                "Liberation Sans",
                "Noto Sans",
                "Arial",
                "Helvetica",
                "FreeSans",
            ];
            let chosen = preferred
                .iter()
                .find(|p| families.iter().any(|f| f == *p))
                .map(|p| p.to_string())
                .or_else(|| {
                    let mut sorted = families.clone();
                    sorted.sort();
                    sorted.into_iter().next()
                });
            if let Some(family) = chosen {
                db.set_sans_serif_family(family.clone());
                db.set_serif_family(family);
            }
            Arc::new(db)
        })
        .clone()
}

/// The SVG rendered to PNG.
pub fn render_png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot read the SVG: {e}"))?;
    let scale = 2.0;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or("the SVG has no size")?;
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("cannot allocate the image")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}
