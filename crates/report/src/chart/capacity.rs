//! The capacity charts of a search: achieved and p99 against the offered
//! rate, a series per searched server with its knee, and a grey reference
//! line. Builds [`Chart`] values only: drawing them is the forms' work.

use barrage_model::search::{Objective, Outcome, Quantile, SearchReport, StepRecord};
use barrage_model::suite::{Counted, Level};
use barrage_model::table;

use super::{Better, Chart, Points, Scale, Series, Unit};

/// The capacity charts of one search scenario (see [`super::charts_for`]).
pub(super) fn capacity_charts(
    scenario: &str,
    counted: Counted,
    rows: &[table::CapacityRow<'_>],
    out: &mut Vec<Chart>,
) {
    let sessions = rows
        .iter()
        .flat_map(|r| &r.runs)
        .any(|x| matches!(x.level, Level::Search { calls: Some(_), .. }));
    let (unit, time) = if sessions {
        ("sessions/s", Counted::HTTP.time)
    } else {
        (counted.offered_per_s, counted.time)
    };
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
        (unit, time),
        &picked,
        out,
    );
}

/// The two capacity charts (`ID-offered`, `ID-p99`) of one search per
/// series: each `(name, search)` a series with its knee; `what` begins the
/// titles, `unit` is what the rates count (`requests/s`) and `time` what
/// the p99 times (`latency`, `round trip`, `latency per call`).
pub fn search_charts(
    id: &str,
    what: &str,
    (unit, time): (&str, &str),
    picked: &[(&str, &SearchReport)],
    out: &mut Vec<Chart>,
) {
    if picked.is_empty() {
        return;
    }
    for kind in [Kind::Offered, Kind::P99] {
        out.push(search_chart(kind, id, what, (unit, time), picked));
    }
}

/// Which of the two capacity charts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Achieved against offered rate.
    Offered,
    /// p99 latency against offered rate.
    P99,
}

impl Kind {
    /// The y value of a step.
    fn metric(self) -> fn(&StepRecord) -> f64 {
        match self {
            Kind::Offered => |st| st.achieved_per_s,
            Kind::P99 => |st| st.p99_us as f64 / 1000.0,
        }
    }
}

/// One capacity chart: a series per picked search, each one's knee, and
/// the reference line first.
fn search_chart(
    kind: Kind,
    id: &str,
    what: &str,
    (unit, time): (&str, &str),
    picked: &[(&str, &SearchReport)],
) -> Chart {
    let f = kind.metric();
    let mut series = Vec::new();
    let mut all: Points = Vec::new();
    for (name, s) in picked {
        let points = steps(s, f);
        all.extend(points.iter().copied());
        series.push(Series {
            name: name.to_string(),
            points,
            dashed: false,
            intervals: Vec::new(),
            flags: Vec::new(),
        });
    }
    for (name, s) in picked {
        if let Some(mut k) = knee(s, &all, f) {
            k.name = format!("{name} capacity");
            series.push(k);
        }
    }
    if let Some(line) = reference_line(kind, picked[0].1, &all) {
        series.insert(0, line);
    }
    let (suffix, title, y_label, better, y_unit) = match kind {
        Kind::Offered => (
            "offered",
            format!("{what}: achieved vs offered (capacity search)"),
            format!("achieved {unit}"),
            Better::Higher,
            Unit::PerSecond,
        ),
        Kind::P99 => (
            "p99",
            format!("{what}: p99 vs offered (capacity search)"),
            // A search of WebSocket messages times their round trip.
            format!("p99 {time} (ms)"),
            Better::Lower,
            Unit::Ms,
        ),
    };
    Chart {
        id: format!("{id}-{suffix}"),
        title,
        x_label: format!("offered {unit}"),
        y_label,
        x_scale: Scale::Log10,
        y_scale: Scale::Log10,
        x_categories: Vec::new(),
        series,
        better,
        unit: y_unit,
        home: None,
    }
}

/// A search's measured steps (not its confirmations) as (offered, `f`),
/// both positive, by offered rate.
fn steps(s: &SearchReport, f: fn(&StepRecord) -> f64) -> Points {
    let mut p: Points = s
        .steps
        .iter()
        .filter(|st| !st.confirm)
        .map(|st| (st.offered_per_s, f(st)))
        .filter(|(x, y)| *x > 0.0 && *y > 0.0)
        .collect();
    p.sort_by(|a, b| a.0.total_cmp(&b.0));
    p
}

/// A search's knee: a dashed vertical line at its answer, from the chart's
/// floor (the lowest of `all`) up to the answer's own step.
fn knee(s: &SearchReport, all: &Points, f: fn(&StepRecord) -> f64) -> Option<Series> {
    let x = answer(s)?;
    let lo = all.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
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
        intervals: Vec::new(),
        flags: Vec::new(),
    })
}

/// The grey reference line across the steps' offered rates: y = x
/// (`offered`), or the first search's p99 bound (`objective`) if it has one.
fn reference_line(kind: Kind, first: &SearchReport, all: &Points) -> Option<Series> {
    let p99_bound = first.slo.objectives.iter().find_map(|o| match o {
        Objective::Latency {
            quantile: Quantile::P99,
            max_us,
        } => Some(*max_us as f64 / 1000.0),
        _ => None,
    });
    let lo = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let hi = all.iter().map(|p| p.0).fold(0.0, f64::max);
    let (name, from, to) = match (kind, p99_bound) {
        (Kind::Offered, _) => ("offered", (lo, lo), (hi, hi)),
        (Kind::P99, Some(b)) => ("objective", (lo, b), (hi, b)),
        (Kind::P99, None) => return None,
    };
    lo.is_finite().then(|| Series {
        name: name.into(),
        points: vec![from, to],
        dashed: true,
        intervals: Vec::new(),
        flags: Vec::new(),
    })
}

/// A search's answer: its capacity, or the rate it sustained at least.
fn answer(s: &SearchReport) -> Option<f64> {
    match s.outcome {
        Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => Some(rate),
        Outcome::BelowMin { .. } => None,
    }
}
