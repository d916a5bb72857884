//! The parts of a `barrage load` page for a rate that follows a schedule
//! of stages: the rate in the model line's words, the table of stages
//! (what each asked for and got, its latency and errors), and the
//! per-second lines of what was scheduled and offered beside the
//! responses.

use barrage_model::load::{RunReport, Schedule, Second, Stage, StageReport};

use super::{cell, group, heading};
use crate::chart::Series;
use crate::model;
use crate::tables::{Block, Span, Table};

/// `at 5000/s`, or `on stages 1000:10s,1000..20000:60s per second, 10,500/s
/// on average`: a rate, or a schedule in the flag's syntax (the page's and
/// the terminal summary's words).
pub fn rate_words(schedule: Option<&Schedule>, mean_per_s: f64) -> String {
    match schedule {
        Some(stages) => format!(
            "on stages {stages} per second, {}/s on average",
            model::fmt_rate(mean_per_s)
        ),
        None => format!("at {}/s", model::fmt_num(mean_per_s)),
    }
}

/// What a paced run's schedule counts: `requests`, or `sessions`.
pub fn arrivals(r: &RunReport) -> &'static str {
    match r.sessions {
        Some(_) => "sessions",
        None => "requests",
    }
}

/// A stage's target rate per second: `1,000`, or `1,000 → 20,000`.
pub fn stage_target(stage: &Stage) -> String {
    match stage.is_hold() {
        true => model::fmt_rate(stage.from_per_s),
        false => format!(
            "{} → {}",
            model::fmt_rate(stage.from_per_s),
            model::fmt_rate(stage.to_per_s)
        ),
    }
}

/// Where a stage lies in the measured phase, seconds from its start: a
/// stage without a duration ends where its measured seconds do.
pub fn stage_span_s(st: &StageReport) -> (f64, f64) {
    let length = st.stage.duration.map_or(st.measured_s, |d| d.as_secs_f64());
    (st.start_s, st.start_s + length)
}

/// The stages section, for a run with stages.
pub(super) fn blocks(r: &RunReport, d: &mut Vec<Block>) {
    if r.stages.is_empty() {
        return;
    }
    d.push(heading(2, "stages", "Stages"));
    d.push(Block::Para(vec![Span::Text(format!(
        "What each stage of the schedule asked for and got. Offered counts the {} sent by the second they were due (the schedule's own count, late sends included); achieved counts responses. A second counts in the stage it begins in.",
        arrivals(r)
    ))]));
    let head = [
        "stage",
        "target /s",
        "seconds",
        "scheduled",
        "offered /s",
        "achieved /s",
        "p50",
        "p99",
        "errors",
    ];
    d.push(Block::Table(Table {
        id: "t-stages".into(),
        numeric: head.iter().map(|h| *h != "target /s").collect(),
        head: head.iter().map(|h| h.to_string()).collect(),
        rows: r
            .stages
            .iter()
            .enumerate()
            .map(|(i, st)| row(i, st))
            .collect(),
    }));
}

fn row(i: usize, st: &StageReport) -> Vec<crate::tables::TableCell> {
    let (start, end) = stage_span_s(st);
    let measured = st.measured_s > 0.0;
    let per_s = |v: f64| match measured {
        true => format!("{v:.1}"),
        false => "–".into(),
    };
    let latency = |us: u64| match st.responses {
        0 => "–".into(),
        _ => model::fmt_latency_us(us as f64),
    };
    let mut errors = cell(group(st.errors));
    errors.invalid = st.errors > 0;
    vec![
        cell((i + 1).to_string()),
        cell(stage_target(&st.stage)),
        cell(format!(
            "{}–{} s",
            model::fmt_num(start),
            model::fmt_num(end)
        )),
        cell(group(st.scheduled.round() as u64)),
        cell(per_s(st.offered_per_s)),
        cell(per_s(st.responses_per_s)),
        cell(latency(st.p50_us)),
        cell(latency(st.p99_us)),
        errors,
    ]
}

/// The throughput chart's lines of a paced run: what the schedule asked
/// for and what was offered, each second (none without them).
pub(super) fn series(seconds: &[&Second]) -> Vec<Series> {
    let line = |name: &str, value: fn(&Second) -> Option<f64>| {
        let points: Vec<(f64, f64)> = seconds
            .iter()
            .filter_map(|s| value(s).map(|v| (f64::from(s.t_s), v)))
            .collect();
        (!points.is_empty()).then(|| Series {
            name: name.into(),
            points,
            dashed: true,
            intervals: Vec::new(),
            flags: Vec::new(),
        })
    };
    [
        line("scheduled/s", |s| s.scheduled),
        line("offered/s", |s| s.offered.map(|n| n as f64)),
    ]
    .into_iter()
    .flatten()
    .map(|mut l| {
        l.dashed = l.name == "scheduled/s";
        l
    })
    .collect()
}
