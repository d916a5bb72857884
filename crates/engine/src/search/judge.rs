//! Judging one step of a capacity search: whether a run at one offered
//! rate met the objective, what it achieved, and its record. Pure
//! functions of a [`RunReport`]; no I/O.

use barrage_model::RunReport;

use super::{human_us, measured_us, Objective, Slo, StepRecord, Verdict};

/// Late sends a passing step may have: this share of the requests (sent
/// more than the engine's late threshold, 1 ms, after their intended time,
/// or never sent). More means the schedule was not kept: a client short of
/// CPU or of free connections. Their delay is in the latency already (it
/// is timed from the intended send), so the bound is loose: a busy machine
/// delays some sends by a millisecond without the step being wrong.
pub const LATE_SHARE_LIMIT: f64 = 0.10;
/// Late sends a step may have whatever its size: a step of a few requests
/// cannot judge its schedule by one that the scheduler delayed.
pub const LATE_MIN: u64 = 5;
/// A passing step achieves at least this share of the offered rate.
pub const ACHIEVED_SHARE: f64 = 0.99;
/// The client's CPU over this share of its cores in a step: client-bound.
pub const CLIENT_BOUND_SHARE: f64 = 0.9;

/// Judges one step: `report` of an open-loop run at `offered` requests per
/// second (sessions per second when it ran sessions), and the client's CPU
/// share of its cores over the step (None when unknown).
pub fn judge(
    slo: &Slo,
    offered: f64,
    report: &RunReport,
    client_cpu_share: Option<f64>,
) -> Verdict {
    let mut reasons = Vec::new();
    let t = &report.totals;
    let achieved = achieved_rate(report);
    let needed = ACHIEVED_SHARE * (1.0 - window_lag(report));
    if achieved + edge_slack(report) < needed * offered {
        reasons.push(format!(
            "achieved {achieved:.0}/s of {offered:.0}/s offered (below {:.1}%)",
            needed * 100.0
        ));
    }
    // Only the sending slipped: the server answered everything sent, within
    // the objective, and no request waited for want of a connection (or
    // only the sessions' schedule slipped). The client could not keep its
    // schedule (its CPU, or its core shared).
    let mut only_late = false;
    if let Some(ol) = &report.open_loop {
        let sent = t.requests_sent + ol.unsent;
        let late = ol.late_sends + ol.unsent;
        if late > LATE_MIN && late as f64 > LATE_SHARE_LIMIT * sent as f64 {
            only_late = reasons.is_empty() && ol.unsent == 0;
            reasons.push(format!(
                "{late} of {sent} requests sent late or never ({:.1}%, limit {:.0}%)",
                100.0 * late as f64 / sent as f64,
                LATE_SHARE_LIMIT * 100.0
            ));
        }
    }
    if let Some(ss) = &report.sessions {
        // Sessions keep no send schedule of their own: the step's length
        // says whether they started on time and ended promptly.
        let window = ss.planned as f64 / ss.conn_rate_per_s.max(f64::MIN_POSITIVE);
        let last = f64::from(ss.calls_per_session) * report.latency_us.p99 as f64 / 1e6;
        let allowed = window * (1.0 + LATE_SHARE_LIMIT) + last;
        if report.totals.elapsed_s > allowed {
            only_late = reasons.is_empty();
            reasons.push(format!(
                "the sessions took {:.2}s, {allowed:.2}s at most for {window:.2}s of arrivals (the schedule slipped)",
                report.totals.elapsed_s
            ));
        }
    }
    reasons.extend(slo.objectives.iter().filter_map(|o| missed(o, report)));
    let client_bound = client_cpu_share.is_some_and(|s| s >= CLIENT_BOUND_SHARE)
        || (only_late && reasons.len() == 1);
    Verdict {
        pass: reasons.is_empty(),
        reasons,
        client_bound,
    }
}

/// Why `report` misses objective `o`; None when it meets it.
fn missed(o: &Objective, report: &RunReport) -> Option<String> {
    let t = &report.totals;
    match *o {
        Objective::Latency { quantile, max_us } => {
            let v = quantile.of(report);
            (t.responses == 0 || v > max_us).then(|| {
                format!(
                    "{} {} > {}",
                    quantile.name(),
                    measured_us(v),
                    human_us(max_us)
                )
            })
        }
        Objective::Errors { max_share } => {
            let bad = t.errors + t.responses_not_2xx_3xx;
            let all = t.requests_sent.max(t.responses + t.errors).max(1);
            let share = bad as f64 / all as f64;
            (share > max_share)
                .then(|| format!("errors {:.3}% > {}%", share * 100.0, max_share * 100.0))
        }
    }
}

/// The share of an open-loop step's window that its responses lag behind
/// the requests: the median latency over the window's whole seconds, at
/// most [`MAX_WINDOW_LAG`]. The window counts the responses that complete
/// in it; those to the requests of its first moments' worth of latency were
/// sent in the warm-up and are not counted, so a server that keeps up still
/// shows this much less than the offered rate (2% of a 2-second window at
/// a 40 ms median). Sessions count completed sessions instead: none.
pub fn window_lag(report: &RunReport) -> f64 {
    let whole = report.totals.elapsed_s.floor();
    if report.sessions.is_some() || whole <= 0.0 {
        return 0.0;
    }
    (report.latency_us.p50 as f64 / 1e6 / whole).min(MAX_WINDOW_LAG)
}

/// One response per window, in responses per second: the last request of a
/// window may be sent just before it ends and answered just after, within
/// the objective, and a step of twenty requests would otherwise fail by 5%
/// for a response the server did not owe yet. Sessions count completed
/// sessions, not a window: none.
pub fn edge_slack(report: &RunReport) -> f64 {
    let whole = report.totals.elapsed_s.floor();
    if report.sessions.is_some() || whole <= 0.0 || report.series.is_empty() {
        return 0.0;
    }
    1.0 / whole
}

/// The most of a window [`window_lag`] excuses: a step whose median
/// latency is a tenth of its window is falling behind, not lagging.
pub const MAX_WINDOW_LAG: f64 = 0.1;

/// Responses per second within the measured window (its whole seconds:
/// the responses that drain after the window ends, which an overloaded
/// server still owes, would inflate it). For a sessions run, the sessions
/// completed per second of the window they were planned to arrive in (the
/// offered rate times the share of planned sessions that completed every
/// call): sessions that failed, or were still going when the run's bound
/// ended it, were not sustained.
pub fn achieved_rate(report: &RunReport) -> f64 {
    if let Some(s) = &report.sessions {
        if s.planned == 0 {
            return 0.0;
        }
        return s.conn_rate_per_s * s.completed as f64 / s.planned as f64;
    }
    let (whole, responses, _) = whole_seconds(report);
    if whole == 0 || report.series.is_empty() {
        return report.totals.responses_per_s;
    }
    responses as f64 / f64::from(whole)
}

/// The measured window's whole seconds of `report`: (seconds, responses,
/// bytes read).
fn whole_seconds(report: &RunReport) -> (u32, u64, u64) {
    let whole = report.totals.elapsed_s.floor() as u32;
    report
        .series
        .iter()
        .filter(|s| s.t_s < whole)
        .fold((whole, 0, 0), |(w, r, b), s| {
            (w, r + s.responses, b + s.bytes_read)
        })
}

/// Bytes read per response in a step that kept up (its window's whole
/// seconds), for [`served_rate`]; None without responses.
pub fn bytes_per_response(report: &RunReport) -> Option<f64> {
    let (_, responses, bytes) = whole_seconds(report);
    (responses > 0 && bytes > 0).then(|| bytes as f64 / responses as f64)
}

/// What the server delivered per second over the measured window's whole
/// seconds, whatever the requests' intended send times: its bytes read
/// divided by the bytes of one response (from a step that kept up). A step
/// far above capacity records few responses of its own (those intended in
/// the window wait behind the backlog and finish after it), but the server
/// was busy answering the backlog at its full rate all along: this is that
/// rate, the search's estimate of where the server saturated.
pub fn served_rate(report: &RunReport, bytes_per_response: f64) -> Option<f64> {
    let (whole, _, bytes) = whole_seconds(report);
    (whole > 0 && bytes_per_response > 0.0)
        .then(|| bytes as f64 / bytes_per_response / f64::from(whole))
}

/// The record of step `step` at `offered`, judged.
pub fn step_record(
    step: u32,
    offered: f64,
    confirm: bool,
    report: &RunReport,
    client_cpu_share: Option<f64>,
    served_per_s: Option<f64>,
    verdict: Verdict,
) -> StepRecord {
    let t = &report.totals;
    let late = report
        .open_loop
        .as_ref()
        .map_or(0, |o| o.late_sends + o.unsent);
    StepRecord {
        step,
        offered_per_s: offered,
        achieved_per_s: achieved_rate(report),
        served_per_s,
        p50_us: report.latency_us.p50,
        p99_us: report.latency_us.p99,
        p99_9_us: report.latency_us.p99_9,
        max_us: report.latency_us.max,
        errors: t.errors + t.responses_not_2xx_3xx,
        requests_sent: t.requests_sent,
        late,
        client_cpu_share,
        confirm,
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Quantile;

    /// An open-loop step of `sent` requests at `rate`/s over one second,
    /// `counted` of them answered within it, all well inside 100 ms.
    fn one_second_step(rate: f64, sent: u64, counted: u64) -> RunReport {
        let text = include_str!("../../../lab/tests/fixtures/barrage_open.json");
        let mut r = RunReport::from_json(text).unwrap();
        r.totals.elapsed_s = 1.0;
        r.totals.requests_sent = sent;
        r.totals.responses = sent;
        r.totals.responses_not_2xx_3xx = 0;
        r.series.truncate(1);
        r.series[0].responses = counted;
        let ol = r.open_loop.as_mut().unwrap();
        ol.target_rate_per_s = rate;
        ol.late_sends = 0;
        r.latency_us.p50 = 9_000;
        r.latency_us.p99 = 52_000;
        r
    }

    #[test]
    fn the_achieved_rate_allows_one_response_at_the_windows_edge() {
        let slo: Slo = "p99<=100ms,errors<=0.1%".parse().unwrap();
        // Twenty sent, the last one answered just after the window: a pass.
        let v = judge(&slo, 20.0, &one_second_step(20.0, 20, 19), None);
        assert!(v.pass, "{:?}", v.reasons);
        // Two missing of twenty is the server falling behind.
        let v = judge(&slo, 20.0, &one_second_step(20.0, 20, 18), None);
        assert!(!v.pass);
        assert!(
            v.reasons[0].starts_with("achieved 18/s of 20/s"),
            "{:?}",
            v.reasons
        );
        // At 2,000/s one response is noise: 3% short still fails.
        let v = judge(&slo, 2000.0, &one_second_step(2000.0, 2000, 1940), None);
        assert!(!v.pass);
    }

    #[test]
    fn slos_parse_and_print_back() {
        let s: Slo = "p99<=10ms, errors<=0.1%".parse().unwrap();
        assert_eq!(
            s.objectives,
            [
                Objective::Latency {
                    quantile: Quantile::P99,
                    max_us: 10_000
                },
                Objective::Errors { max_share: 0.001 }
            ]
        );
        assert_eq!(s.to_string(), "p99<=10ms,errors<=0.1%");
        let s: Slo = "p99.9<=1s,max<=250us,errors<=0%".parse().unwrap();
        assert_eq!(s.to_string(), "p99.9<=1s,max<=250us,errors<=0%");
        for (bad, says) in [
            ("", "empty"),
            ("p99=10ms", "no \"<=\""),
            ("p42<=1ms", "unknown figure"),
            ("p99<=fast", "not a duration"),
            ("p99<=0ms", "above zero"),
            ("errors<=3", "a share"),
            ("errors<=300%", "0% to 100%"),
        ] {
            let e = bad.parse::<Slo>().unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
