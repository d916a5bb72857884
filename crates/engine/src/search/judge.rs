//! Judging one step of a capacity search: whether a run at one offered
//! rate met the objective, what it achieved, and its record. Pure
//! functions of a [`RunReport`]; no I/O.

pub use barrage_model::client_bound::ClientLoad;
use barrage_model::client_bound::{self, CpuUse, Evidence, Reason};
use barrage_model::RunReport;

use super::{human_us, measured_us, Objective, Quantile, Slo, StepRecord, Verdict};

/// Requests never sent a passing step may have: this share of the
/// schedule (more, and the rate was not offered: no free connection within
/// `--max-connections`, or a client short of CPU). Requests sent late are
/// no failure by themselves: latency is timed from the intended send, so
/// their delay is in the objective's figures already. Sessions: how much
/// longer than its arrivals' window a step may last.
pub const LATE_SHARE_LIMIT: f64 = 0.10;
/// Unsent requests a step may have whatever its size: a step of a few
/// requests cannot judge its schedule by one.
pub const LATE_MIN: u64 = 5;
/// A latency figure within this share of its bound, either side, is within
/// noise of the objective: the step's verdict is marginal and the search
/// runs the rate again.
pub const MARGIN: f64 = 0.25;
/// An achieved rate short of the passing share by less than this (of the
/// offered rate) is marginal too.
pub const ACHIEVED_MARGIN: f64 = 0.01;
/// A passing step achieves at least this share of the offered rate.
pub const ACHIEVED_SHARE: f64 = 0.99;
/// The client's CPU (with its wait for a core) over this share of its
/// cores in a step: client-bound (the rule's [`client_bound::CPU_SHARE`]).
pub const CLIENT_BOUND_SHARE: f64 = client_bound::CPU_SHARE;

/// Judges one step: `report` of an open-loop run at `offered` requests per
/// second (sessions per second when it ran sessions), and how much of its
/// cores the client used over the step.
pub fn judge(slo: &Slo, offered: f64, report: &RunReport, client: ClientLoad) -> Verdict {
    judge_under(slo, offered, report, client, None)
}

/// [`judge`], with the client's ceiling for the step's shape where it is
/// known (per second): a step offered at [`client_bound::CEILING_SHARE`]
/// of it or more is client-bound ([`Reason::Ceiling`]), pass or fail.
pub fn judge_under(
    slo: &Slo,
    offered: f64,
    report: &RunReport,
    client: ClientLoad,
    ceiling: Option<f64>,
) -> Verdict {
    // Each reason, and whether it is within noise of its bound.
    let mut reasons: Vec<(String, bool)> = Vec::new();
    let t = &report.totals;
    let achieved = achieved_rate(report);
    let needed = ACHIEVED_SHARE * (1.0 - window_lag(report));
    let short = needed * offered - (achieved + edge_slack(report));
    if short > 0.0 {
        reasons.push((
            format!(
                "achieved {achieved:.0}/s of {offered:.0}/s offered (below {:.1}%)",
                needed * 100.0
            ),
            short <= ACHIEVED_MARGIN * offered,
        ));
    }
    // Only the sessions' schedule slipped: the client could not keep it.
    let mut only_late = false;
    if let Some(ol) = &report.open_loop {
        let sent = t.requests_sent + ol.unsent;
        if ol.unsent > LATE_MIN && ol.unsent as f64 > LATE_SHARE_LIMIT * sent as f64 {
            reasons.push((
                format!(
                    "{} of {sent} requests never sent ({:.1}%, limit {:.0}%)",
                    ol.unsent,
                    100.0 * ol.unsent as f64 / sent as f64,
                    LATE_SHARE_LIMIT * 100.0
                ),
                false,
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
            reasons.push((
                format!(
                    "the sessions took {:.2}s, {allowed:.2}s at most for {window:.2}s of arrivals (the schedule slipped)",
                    report.totals.elapsed_s
                ),
                false,
            ));
        }
    }
    reasons.extend(slo.objectives.iter().filter_map(|o| missed(o, report)));
    let mut client_bound_reasons = client_bound::reasons(&Evidence {
        ceiling: ceiling.map(|c| client_bound::Ceiling {
            ceiling_per_s: c,
            rate_per_s: offered,
        }),
        load: client,
        cpu: CpuUse::Counts,
        report: Some(report),
        offered: None,
    });
    // The sessions' schedule alone slipped: the client did not offer
    // their rate (sessions have no send delays to read).
    if only_late && reasons.len() == 1 && !client_bound_reasons.contains(&Reason::Offer) {
        client_bound_reasons.push(Reason::Offer);
    }
    let pass = reasons.is_empty();
    let marginal = if pass {
        slo.objectives.iter().any(|o| near(o, report))
    } else {
        reasons.iter().all(|r| r.1)
    };
    Verdict {
        pass,
        reasons: reasons.into_iter().map(|r| r.0).collect(),
        client_bound: !client_bound_reasons.is_empty(),
        client_bound_reasons,
        marginal,
    }
}

/// Whether the search takes a judged step as the client's fault (a step
/// [`Verdict::client_bound`] by the rule need not be):
///
/// - a pass, only when the client was saturated (`cpu`) or at its ceiling
///   (`ceiling`): it could offer no more, and a higher rate would judge
///   the client. A pass whose client
///   was late to send met the objective with its lateness counted in: the
///   search goes on, and the step above says whether the client gives out;
/// - a failure by `cpu` or `offer`;
/// - a failure by `send_delay` alone only when it failed a latency
///   objective, and the figure less the client's own send delay at the
///   same quantile would have met it: the client's lateness explains the
///   miss. A step whose latency missed by more than the client was late
///   failed by what the server did (a busy machine delays the client a few
///   milliseconds; a server past its capacity queues without bound), and
///   so did one that failed by its achieved rate or its errors, late sends
///   or not.
pub fn blames_client(slo: &Slo, report: &RunReport, v: &Verdict) -> bool {
    let has = |r: Reason| v.client_bound_reasons.contains(&r);
    if !v.client_bound {
        return false;
    }
    if v.pass {
        return has(Reason::Cpu) || has(Reason::Ceiling);
    }
    if has(Reason::Cpu) || has(Reason::Ceiling) || has(Reason::Offer) {
        return true;
    }
    let own = report.open_loop.as_ref().map(|ol| &ol.client_delay_us);
    let latency_missed: Vec<(Quantile, u64)> = slo
        .objectives
        .iter()
        .filter_map(|o| match *o {
            Objective::Latency { quantile, max_us } => {
                missed(o, report).map(|_| (quantile, max_us))
            }
            Objective::Errors { .. } => None,
        })
        .collect();
    !latency_missed.is_empty()
        && latency_missed.iter().all(|&(quantile, max_us)| {
            let late = own.map_or(0, |d| quantile.of_stats(d));
            quantile.of(report).saturating_sub(late) <= max_us
        })
}

/// Whether `report`'s figure for a latency objective lies within
/// [`MARGIN`] of its bound.
fn near(o: &Objective, report: &RunReport) -> bool {
    match *o {
        Objective::Latency { quantile, max_us } => {
            let v = quantile.of(report) as f64;
            let bound = max_us as f64;
            report.totals.responses > 0 && (v - bound).abs() <= MARGIN * bound
        }
        Objective::Errors { .. } => false,
    }
}

/// Why `report` misses objective `o`, and whether by a margin within
/// noise; None when it meets it.
fn missed(o: &Objective, report: &RunReport) -> Option<(String, bool)> {
    let t = &report.totals;
    match *o {
        Objective::Latency { quantile, max_us } => {
            let v = quantile.of(report);
            (t.responses == 0 || v > max_us).then(|| {
                (
                    format!(
                        "{} {} > {}",
                        quantile.name(),
                        measured_us(v),
                        human_us(max_us)
                    ),
                    near(o, report),
                )
            })
        }
        Objective::Errors { max_share } => {
            let share = barrage_model::check::error_share(report);
            (share > max_share).then(|| {
                (
                    format!("errors {:.3}% > {}%", share * 100.0, max_share * 100.0),
                    false,
                )
            })
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
    client: ClientLoad,
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
        p90_us: Some(report.latency_us.p90),
        p99_us: report.latency_us.p99,
        p99_9_us: report.latency_us.p99_9,
        max_us: report.latency_us.max,
        errors: t.errors + t.responses_not_2xx_3xx,
        requests_sent: t.requests_sent,
        late,
        client_cpu_share: client.cpu_share,
        client_wait_share: client.wait_share,
        client_delay_p99_us: report
            .open_loop
            .as_ref()
            .filter(|o| o.client_delay_us.count > 0)
            .map(|o| o.client_delay_us.p99),
        window_s: None,
        settled_s: None,
        repeat: false,
        confirm,
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let v = judge(
            &slo,
            20.0,
            &one_second_step(20.0, 20, 19),
            ClientLoad::default(),
        );
        assert!(v.pass, "{:?}", v.reasons);
        // Two missing of twenty is the server falling behind.
        let v = judge(
            &slo,
            20.0,
            &one_second_step(20.0, 20, 18),
            ClientLoad::default(),
        );
        assert!(!v.pass);
        assert!(
            v.reasons[0].starts_with("achieved 18/s of 20/s"),
            "{:?}",
            v.reasons
        );
        // At 2,000/s one response is noise: 3% short still fails.
        let v = judge(
            &slo,
            2000.0,
            &one_second_step(2000.0, 2000, 1940),
            ClientLoad::default(),
        );
        assert!(!v.pass);
    }
}
