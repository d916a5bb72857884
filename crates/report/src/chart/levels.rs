//! The charts of one scenario with one driver: throughput, latency
//! percentiles, offered load, the latency spectrum, server CPU and memory by
//! load level, and one run's seconds (see [`super::charts_for`]). Builds
//! [`Chart`] values only: drawing them is the forms' work.

use barrage_model::results::{LevelStats, RunRecord};
use barrage_model::suite::{Counted, Level};
use barrage_model::table::{self, median};

use super::{Better, Chart, Points, Scale, Series, Unit};

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
pub(super) struct Group<'a> {
    scenario: String,
    driver: String,
    /// (level index, level), by index.
    levels: Vec<(usize, Level)>,
    /// (series name, runs with statistics of that variant), suite order.
    variants: Vec<(String, Vec<&'a RunRecord>)>,
    /// The words of its numbers (messages/s and round trip for WebSocket).
    counted: Counted,
}

/// Series for the level charts of one metric.
type Metric = fn(&RunRecord) -> Option<f64>;

impl<'a> Group<'a> {
    /// The chart view of one table of the shared tabulation: its levels
    /// as levels, and per row the runs that have statistics.
    pub(super) fn new(g: &table::Group<'a>, counted: Counted) -> Group<'a> {
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
            counted,
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
                    intervals: Vec::new(),
                    flags: Vec::new(),
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
            home: None,
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

    pub(super) fn charts(&self, out: &mut Vec<Chart>) {
        if self.variants.is_empty() || self.levels.is_empty() {
            return;
        }
        let Counted { per_s, time, .. } = self.counted;
        out.extend(self.level_chart(
            "throughput",
            &format!("{per_s} by load level"),
            (per_s, Better::Higher, Unit::PerSecond),
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
                &format!("{p} {time} by load level"),
                (&format!("{p} {time} (ms)"), Better::Lower, Unit::Ms),
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
            intervals: Vec::new(),
            flags: Vec::new(),
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
                    intervals: Vec::new(),
                    flags: Vec::new(),
                });
            }
            if errors.iter().any(|p| p.1 > 0.0) {
                series.push(Series {
                    name: format!("{name} errors"),
                    points: errors,
                    dashed: true,
                    intervals: Vec::new(),
                    flags: Vec::new(),
                });
            }
        }
        if series.len() < 2 {
            return None;
        }
        Some(Chart {
            id: self.id("offered"),
            title: self.title("achieved vs offered load"),
            x_label: format!("offered {}", self.counted.offered_per_s),
            y_label: format!("{}, errors/s", self.counted.per_s),
            x_scale: Scale::Linear,
            y_scale: Scale::Log10,
            x_categories: Vec::new(),
            series,
            better: Better::Higher,
            unit: Unit::PerSecond,
            home: None,
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
        let time = self.counted.time;
        let title = if same {
            format!("{time} by percentile at {}", found[0].1)
        } else {
            format!("{time} by percentile at each server's highest level")
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
                intervals: Vec::new(),
                flags: Vec::new(),
            })
            .collect();
        let y_scale = spread_scale(&series);
        Some(Chart {
            id: self.id("spectrum"),
            title: self.title(&title),
            x_label: "percentile".into(),
            y_label: format!("{time} (ms)"),
            x_scale: Scale::Nines,
            y_scale,
            x_categories: Vec::new(),
            series,
            better: Better::Lower,
            unit: Unit::Ms,
            home: None,
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
                    intervals: Vec::new(),
                    flags: Vec::new(),
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
                home: None,
            };
            let Counted {
                per_s, time, one, ..
            } = self.counted;
            let mut out = vec![chart(
                "timeline-responses",
                &format!("{one}s"),
                per_s,
                responses,
            )];
            if !p99.is_empty() {
                out.push(chart(
                    "timeline-p99",
                    &format!("p99 {time}"),
                    &format!("p99 {time} (ms)"),
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
