//! A history's charts: per metric and place (scenario / driver / level, or
//! a capacity search), the runs along x and a series per server variant,
//! each point the run's median with its interval as a whisker, and each
//! change a gate flags ringed, its line as the ring's tooltip.

use barrage_model::table::{slug, Metric};

use super::{History, MetricHistory, RowHistory};
use crate::chart::{Better, Chart, Flag, Home, Interval, Scale, Series, Unit};

/// Every chart of the history, metric by metric, places in the order of
/// their first row; ids `history-METRIC-PLACE`, unique.
pub fn charts(h: &History) -> Vec<Chart> {
    let mut out: Vec<Chart> = Vec::new();
    for m in &h.metrics {
        let mut places: Vec<String> = Vec::new();
        for row in &m.rows {
            let place = row.key.place();
            if !places.contains(&place) {
                places.push(place);
            }
        }
        for place in places {
            let rows: Vec<&RowHistory> = m.rows.iter().filter(|r| r.key.place() == place).collect();
            let mut chart = chart(h, m, &place, &rows);
            let base = chart.id.clone();
            let mut n = 2;
            while out.iter().any(|c| c.id == chart.id) {
                chart.id = format!("{base}-{n}");
                n += 1;
            }
            out.push(chart);
        }
    }
    out
}

/// The unit a metric is drawn in, its y label, and the factor from its
/// values to the unit's.
fn unit(metric: Metric, title: &str) -> (Unit, String, f64) {
    match metric {
        Metric::ResponsesPerS | Metric::Capacity => (Unit::PerSecond, title.into(), 1.0),
        Metric::P50 | Metric::P90 | Metric::P99 | Metric::P999 => {
            (Unit::Ms, format!("{} (ms)", metric.name()), 1e-3)
        }
        Metric::Errors => (Unit::Percent, "failed requests (%)".into(), 1.0),
        Metric::ClientCpu => (Unit::Us, "client CPU per response (µs)".into(), 1.0),
    }
}

fn chart(h: &History, m: &MetricHistory, place: &str, rows: &[&RowHistory]) -> Chart {
    // The title's words before " (higher is better)".
    let short = m.title.split(" (").next().unwrap_or(&m.title).to_string();
    let (unit, y_label, k) = unit(m.metric, &short);
    let series = rows.iter().map(|row| series(h, row, k)).collect();
    let title = match place {
        "" => format!("{short} over the runs"),
        p => format!("{p}: {short} over the runs"),
    };
    Chart {
        id: format!("history-{}-{}", slug(m.metric.name()), slug(place)),
        title,
        x_label: "run".into(),
        y_label,
        x_scale: Scale::Category,
        y_scale: Scale::Linear,
        x_categories: h.runs.iter().map(|r| r.label.clone()).collect(),
        series,
        better: if m.metric.lower_is_better() {
            Better::Lower
        } else {
            Better::Higher
        },
        unit,
        home: Some(Home::History { metric: m.metric }),
    }
}

/// One server variant's series: its points, intervals and flags, values
/// times `k`.
fn series(h: &History, row: &RowHistory, k: f64) -> Series {
    let mut points = Vec::new();
    let mut intervals = Vec::new();
    for (i, p) in row.points.iter().enumerate() {
        let Some(p) = p else { continue };
        let x = i as f64;
        points.push((x, p.median * k));
        if let Some(iv) = &p.interval {
            intervals.push(Interval {
                x,
                lo: iv.lo * k,
                hi: iv.hi * k,
            });
        }
    }
    let flags = row
        .steps
        .iter()
        .flatten()
        .filter(|s| s.flagged.is_some())
        .filter_map(|s| {
            let i = row.run_of(s);
            let p = row.points[i].as_ref()?;
            Some(Flag {
                x: i as f64,
                y: p.median * k,
                note: format!(
                    "{}, {} → {}: {}",
                    row.key,
                    h.runs[s.from].label,
                    h.runs[i].label,
                    h.step_line(s)
                ),
            })
        })
        .collect();
    Series {
        name: row.key.variant().to_string(),
        points,
        dashed: false,
        intervals,
        flags,
    }
}
