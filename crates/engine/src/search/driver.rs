//! The capacity search's driver: runs the steps [`Search`] asks for, judges
//! each one, and returns the search's typed report.
//!
//! It owns the order of things (the time limit, a stop cut short, a step
//! the client could not run, the bytes per response that estimate where a
//! failing server saturated) but not how a step runs: the caller passes a
//! step function, [`local_step`] on this machine or the agents' step of
//! `barrage_dist` across hosts, and an observer for progress. It prints
//! nothing and waits only for the plan's `settle` (zero in its tests), so
//! it is tested against a table of step outcomes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use super::meter::{process_cpu_seconds, process_wait_seconds, ClientMeter, Tee};

use barrage_model::client_bound::Reason;
use barrage_model::RunReport;

use super::{
    blames_client, bytes_per_response, judge_under, served_rate, step_record, ClientLoad, Limits,
    Next, Outcome, Search, SearchReport, Slo, StepRecord, StepResult, Verdict, LONG_STEP,
    SEARCH_SCHEMA,
};
use crate::{LoadSpec, Model, Schedule};

/// A capacity search to run.
#[derive(Debug, Clone)]
pub struct SearchPlan {
    /// Every step's spec but its rate: open loop (or sessions), with its
    /// warm-up and its bound (open loop: the measured window; sessions:
    /// the window and one timeout for the last sessions).
    pub base: LoadSpec,
    /// A step's measured window (sessions: the window they arrive in).
    pub window: Duration,
    pub slo: Slo,
    pub limits: Limits,
    /// No step starts that would end later than this after the search began.
    pub time_limit: Duration,
    /// The pause, without load, after a step the server fell behind in
    /// (achieved under [`FELL_BEHIND`] of the offered rate),
    /// followed by probes until the server answers promptly (at most ten
    /// pauses in all, [`super::settle`]): the next step starts on a server
    /// that has drained its backlog, not on one still answering the
    /// requests of the step before. Zero: no settling.
    pub settle: Duration,
    /// The client's ceiling for the steps' shape, per second, where it is
    /// known: a step offered at 90% of it or more is the client's
    /// (`Reason::Ceiling`), whatever its verdict.
    pub ceiling: Option<ClientCeiling>,
}

pub use barrage_model::search::ClientCeiling;

/// A failing step whose server delivered less than this share of the
/// offered rate fell behind: the search settles before the next.
pub const FELL_BEHIND: f64 = 0.9;

/// The settle a search of `warmup` steps uses: the warm-up's length, at
/// least half a second.
pub fn settle_for(warmup: Duration) -> Duration {
    warmup.max(Duration::from_millis(500))
}

impl SearchPlan {
    /// The calls of each session, when the steps run sessions.
    pub fn calls(&self) -> Option<u32> {
        match self.base.model {
            Model::Sessions { calls, .. } => Some(calls),
            _ => None,
        }
    }
}

/// What one step measured, from whatever ran it.
#[derive(Debug, Clone)]
pub struct Measured {
    pub report: RunReport,
    /// The client's CPU over its share of the cores during the step (the
    /// busiest client's, across hosts); None when unknown.
    pub client_cpu_share: Option<f64>,
    /// The share of those cores' time the client's threads waited for a
    /// core while ready to run (None when unknown, as across hosts).
    pub client_wait_share: Option<f64>,
}

/// Why a step has no measurement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepError {
    /// The client cannot run this step here (nothing was sent): the step
    /// fails as client-bound and the search goes on, unless it was the
    /// first one (then the plan cannot run at all).
    Refused(String),
    /// The steps cannot go on (an agent failed): the search stops.
    Failed(String),
}

/// Why a search has no report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// The limits are not a search (e.g. a maximum under the minimum).
    Limits(String),
    /// The first step could not run: the plan cannot run here.
    Refused(String),
    /// A step failed in a way that ends the search.
    Failed(String),
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::Limits(e) | SearchError::Refused(e) | SearchError::Failed(e) => {
                f.write_str(e)
            }
        }
    }
}

/// Watches a search's progress. Both calls default to nothing.
pub trait SearchObserver {
    /// Step `step` (from 1) at `rate` is about to run.
    fn on_step_start(&mut self, _step: u32, _rate: f64, _confirm: bool) {}
    /// A step ended and was judged (or refused by the client).
    fn on_step(&mut self, _record: &StepRecord) {}
}

/// An observer that watches nothing.
pub struct NoSearchObserver;

impl SearchObserver for NoSearchObserver {}

/// Runs the search `plan` describes, each step by `run_step`, until it
/// ends, the time limit leaves no room for another step, or `stop` is set
/// (a step cut short by it says nothing; the report is then marked
/// interrupted).
pub fn drive(
    plan: &SearchPlan,
    run_step: &mut dyn FnMut(&LoadSpec) -> Result<Measured, StepError>,
    stop: &AtomicBool,
    observer: &mut dyn SearchObserver,
) -> Result<SearchReport, SearchError> {
    let mut search = Search::new(plan.limits).map_err(SearchError::Limits)?;
    let began = Instant::now();
    let mut steps: Vec<StepRecord> = Vec::new();
    // Bytes per response of the last step that kept up (for served_rate).
    let mut bytes_each = None;
    // The first passing step's p99: what "prompt" means when settling.
    let mut baseline_p99 = None;
    let outcome = loop {
        let (rate, confirm, repeat, long) = match search.next() {
            Next::Done(o) => break o,
            Next::Run {
                rate,
                confirm,
                repeat,
                long,
            } => (rate, confirm, repeat, long),
        };
        let (spec, window) = step_spec(plan, rate, long, confirm);
        let step_time = spec.duration.unwrap_or_default() + spec.warmup;
        if stop.load(Ordering::Relaxed) || began.elapsed() + step_time > plan.time_limit {
            break search.give_up();
        }
        let number = steps.len() as u32 + 1;
        observer.on_step_start(number, rate, confirm);
        let (mut record, blames_client) = match run_step(&spec) {
            // A step cut short says nothing.
            Ok(_) if stop.load(Ordering::Relaxed) => break search.give_up(),
            Ok(m) => judged(number, rate, confirm, &m, plan, &mut bytes_each),
            Err(StepError::Refused(e)) if steps.is_empty() => return Err(SearchError::Refused(e)),
            // The flags ran before: this rate is more than this client can
            // set up (its open-files limit, say). A failure of the
            // client's: the search goes on.
            Err(StepError::Refused(e)) => (refused_step(number, rate, confirm, &e), true),
            Err(StepError::Failed(e)) => return Err(SearchError::Failed(e)),
        };
        record.repeat = repeat;
        record.window_s = (window != plan.window).then_some(window.as_secs_f64());
        if record.verdict.pass && baseline_p99.is_none() {
            baseline_p99 = Some(record.p99_us);
        }
        // Sessions' served rate counts responses, not sessions: the
        // achieved rate says whether either kind fell behind.
        let delivered = record.achieved_per_s;
        let fell_behind =
            !record.verdict.pass && record.requests_sent > 0 && delivered < FELL_BEHIND * rate;
        if fell_behind && !plan.settle.is_zero() {
            let prompt = super::settle::prompt_us(baseline_p99);
            let deadline = began.checked_add(plan.time_limit);
            let took = super::settle::settle(
                &plan.base,
                plan.settle,
                prompt,
                deadline,
                &mut *run_step,
                stop,
            );
            record.settled_s = Some(took.as_secs_f64());
        }
        observer.on_step(&record);
        search.record(StepResult {
            rate,
            pass: record.verdict.pass,
            achieved: record
                .served_per_s
                .unwrap_or(record.achieved_per_s)
                .min(rate),
            client_bound: blames_client,
            saturated: blames_client
                && record
                    .verdict
                    .client_bound_reasons
                    .iter()
                    .any(|r| matches!(r, Reason::Cpu | Reason::Ceiling | Reason::Offer)),
            confirm,
            marginal: record.verdict.marginal,
        });
        steps.push(record);
    };
    let mut report = report(plan, steps, outcome, stop.load(Ordering::Relaxed), began);
    let tolerance = search.tolerance();
    report.tolerance = (tolerance > plan.limits.precision).then_some(tolerance);
    Ok(report)
}

/// A step's spec at `rate`, and its measured window: [`LONG_STEP`] times
/// the plan's near the knee, and at least [`CONFIRM_WINDOW`] for the
/// confirmation, for an open loop. Sessions keep their window: a longer
/// one starts more sessions, each a connection of its own, and the step
/// would need more of them than the one before at the same rate.
fn step_spec(plan: &SearchPlan, rate: f64, long: bool, confirm: bool) -> (LoadSpec, Duration) {
    let sessions = matches!(plan.base.model, Model::Sessions { .. });
    let factor = if long && !sessions { LONG_STEP } else { 1 };
    let mut window = plan.window * factor;
    if confirm && !sessions {
        window = window.max(CONFIRM_WINDOW);
    }
    let mut spec = at_rate(&plan.base, rate, window);
    if let Some(d) = plan.base.duration {
        spec.duration = Some(d + window.saturating_sub(plan.window));
    }
    (spec, window)
}

/// The confirmation of an answer measures at least this long: the answer
/// is a rate that a constant run of this length holds within the
/// objective, not one that a short step happened to pass between two
/// pauses of the machine.
pub const CONFIRM_WINDOW: Duration = Duration::from_secs(5);

/// The record of a step that ran: judged, with the rate the server served
/// when it failed (from the bytes per response of the last step that kept
/// up, which a pass updates); and whether the search takes it as the
/// client's fault ([`blames_client`]).
fn judged(
    number: u32,
    rate: f64,
    confirm: bool,
    m: &Measured,
    plan: &SearchPlan,
    bytes_each: &mut Option<f64>,
) -> (StepRecord, bool) {
    let slo = &plan.slo;
    let client = ClientLoad {
        cpu_share: m.client_cpu_share,
        wait_share: m.client_wait_share,
    };
    let ceiling = plan.ceiling.as_ref().map(|c| c.rate_per_s);
    let verdict = judge_under(slo, rate, &m.report, client, ceiling);
    let served = match (verdict.pass, *bytes_each) {
        (true, _) => {
            *bytes_each = bytes_per_response(&m.report).or(*bytes_each);
            None
        }
        // Responses per second: no rate of sessions.
        (false, Some(_)) if m.report.sessions.is_some() => None,
        (false, Some(b)) => served_rate(&m.report, b),
        (false, None) => None,
    };
    let blame = blames_client(slo, &m.report, &verdict);
    let record = step_record(number, rate, confirm, &m.report, client, served, verdict);
    (record, blame)
}

fn report(
    plan: &SearchPlan,
    steps: Vec<StepRecord>,
    outcome: Outcome,
    interrupted: bool,
    began: Instant,
) -> SearchReport {
    SearchReport {
        schema: SEARCH_SCHEMA.into(),
        barrage_version: env!("CARGO_PKG_VERSION").into(),
        url: plan.base.target.url.to_string(),
        slo: plan.slo.clone(),
        limits: plan.limits,
        step_duration_s: plan.window.as_secs_f64(),
        calls_per_session: plan.calls(),
        step_warmup_s: plan.base.warmup.as_secs_f64(),
        steps,
        outcome,
        client_ceiling: plan.ceiling.clone(),
        tolerance: None,
        interrupted,
        elapsed_s: began.elapsed().as_secs_f64(),
        checks: Vec::new(),
    }
}

/// The record of a step the client refused to run (nothing was sent).
fn refused_step(step: u32, rate: f64, confirm: bool, e: &str) -> StepRecord {
    StepRecord {
        step,
        offered_per_s: rate,
        achieved_per_s: 0.0,
        served_per_s: None,
        p50_us: 0,
        p90_us: None,
        p99_us: 0,
        p99_9_us: 0,
        max_us: 0,
        errors: 0,
        requests_sent: 0,
        late: 0,
        client_cpu_share: None,
        client_wait_share: None,
        client_delay_p99_us: None,
        window_s: None,
        settled_s: None,
        repeat: false,
        confirm,
        verdict: Verdict {
            pass: false,
            reasons: vec![format!("the client cannot run it here: {e}")],
            client_bound: true,
            client_bound_reasons: vec![Reason::Offer],
            marginal: false,
        },
    }
}

/// `base` offering `rate` requests per second (open loop), or starting
/// `rate` sessions per second for `window` (sessions).
pub fn at_rate(base: &LoadSpec, rate: f64, window: Duration) -> LoadSpec {
    let mut spec = base.clone();
    match &mut spec.model {
        Model::Open { rate: r, .. } => *r = Schedule::constant(rate),
        Model::Sessions {
            conn_rate,
            sessions,
            ..
        } => {
            *conn_rate = Schedule::constant(rate);
            *sessions = (rate * window.as_secs_f64()).ceil().max(1.0) as u64;
        }
        Model::Closed { .. } => unreachable!("a search step is open loop or sessions"),
    }
    spec
}

/// One step on this machine: the engine's run until `stop`, and this
/// process's CPU, and its threads' wait for a core, over the step's wall
/// time and worker threads ([`ClientMeter`]). The engine's refusal is the
/// client's ([`StepError::Refused`]).
pub fn local_step(spec: &LoadSpec, stop: Arc<AtomicBool>) -> Result<Measured, StepError> {
    let mut meter = ClientMeter::start();
    let report =
        crate::run_until(spec, &mut meter, stop).map_err(|e| StepError::Refused(e.to_string()))?;
    let load = meter.load(spec.threads);
    Ok(Measured {
        report,
        client_cpu_share: load.cpu_share,
        client_wait_share: load.wait_share,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Bound, Outcome};
    use crate::Arrival;

    /// A one-second step at `offered`/s of which `served` were answered
    /// within it (100 bytes each), all within 5 ms.
    fn step_report(offered: f64, served: u64) -> RunReport {
        let text = include_str!("../../../lab/tests/fixtures/barrage_open.json");
        let mut r = RunReport::from_json(text).unwrap();
        r.totals.elapsed_s = 1.0;
        r.totals.requests_sent = offered.round() as u64;
        r.totals.responses = served;
        r.totals.responses_not_2xx_3xx = 0;
        r.series.truncate(1);
        r.series[0].responses = served;
        r.series[0].bytes_read = served * 100;
        let ol = r.open_loop.as_mut().unwrap();
        ol.target_rate_per_s = offered;
        ol.late_sends = 0;
        r
    }

    fn plan(time_limit: Duration) -> SearchPlan {
        let mut base = LoadSpec::from_url("http://127.0.0.1:9/").unwrap();
        base.model = Model::Open {
            rate: Schedule::constant(10.0),
            arrival: Arrival::Uniform,
            connections: 1,
            max_connections: 1,
        };
        base.duration = Some(Duration::from_secs(1));
        SearchPlan {
            base,
            window: Duration::from_secs(1),
            slo: "p99<=10ms".parse().unwrap(),
            limits: Limits {
                min_rate: 10.0,
                max_rate: 100_000.0,
                ..Limits::default()
            },
            time_limit,
            settle: Duration::ZERO,
            ceiling: None,
        }
    }

    /// A server that answers every request up to `capacity`/s and falls
    /// to 90% of it above.
    fn server(capacity: f64) -> impl FnMut(&LoadSpec) -> Result<Measured, StepError> {
        move |spec| {
            let Model::Open { rate, .. } = &spec.model else {
                panic!("not open loop")
            };
            let rate_per_s = rate.constant_per_s().unwrap();
            let served = if rate_per_s <= capacity {
                rate_per_s
            } else {
                0.9 * capacity
            };
            Ok(Measured {
                report: step_report(rate_per_s, served.floor() as u64),
                client_cpu_share: Some(0.2),
                client_wait_share: None,
            })
        }
    }

    /// What an observer saw: each start, then each record's step number.
    #[derive(Default)]
    struct Seen(Vec<String>);

    impl SearchObserver for Seen {
        fn on_step_start(&mut self, step: u32, rate: f64, confirm: bool) {
            self.0.push(format!("start {step} {rate:.0} {confirm}"));
        }
        fn on_step(&mut self, r: &StepRecord) {
            self.0.push(format!("record {}", r.step));
        }
    }

    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    #[test]
    fn a_server_of_known_capacity_is_found_and_every_step_reported() {
        let mut seen = Seen::default();
        let plan = plan(Duration::from_secs(3600));
        let report = drive(&plan, &mut server(1234.0), &never(), &mut seen).unwrap();
        let Outcome::Capacity { rate } = report.outcome else {
            panic!("{:?}", report.outcome)
        };
        assert!((1234.0 * 0.98..=1234.0).contains(&rate), "{rate}");
        assert!(!report.interrupted);
        assert_eq!(report.schema, SEARCH_SCHEMA);
        assert_eq!(report.url, "http://127.0.0.1:9/");
        assert_eq!(report.calls_per_session, None);
        assert_eq!(report.steps.len() * 2, seen.0.len());
        assert_eq!(seen.0[..2], ["start 1 10 false", "record 1"]);
        let last = report.steps.last().unwrap();
        assert!(last.confirm && last.verdict.pass);
        // A failing step above capacity carries where the server got to.
        let failed = report.steps.iter().find(|s| !s.verdict.pass).unwrap();
        let served = failed.served_per_s.unwrap();
        assert!((served - 0.9 * 1234.0).abs() < 2.0, "{served}");
        assert_eq!(failed.client_cpu_share, Some(0.2));
    }

    #[test]
    fn the_first_refused_step_is_an_error_a_later_one_a_client_bound_failure() {
        let mut refuse = |_: &LoadSpec| Err(StepError::Refused("too many files".into()));
        let e = drive(
            &plan(Duration::MAX),
            &mut refuse,
            &never(),
            &mut NoSearchObserver,
        );
        assert_eq!(
            e.unwrap_err(),
            SearchError::Refused("too many files".into())
        );

        let mut inner = server(1e9);
        let mut n = 0;
        let mut third_refused = |spec: &LoadSpec| {
            n += 1;
            if n == 3 {
                return Err(StepError::Refused("too many files".into()));
            }
            inner(spec)
        };
        let report = drive(
            &plan(Duration::MAX),
            &mut third_refused,
            &never(),
            &mut NoSearchObserver,
        )
        .unwrap();
        let third = &report.steps[2];
        assert!(!third.verdict.pass && third.verdict.client_bound);
        assert_eq!(
            third.verdict.reasons,
            ["the client cannot run it here: too many files"]
        );
        assert_eq!((third.offered_per_s, third.requests_sent), (1000.0, 0));
        // Nothing above it is blamed on the server.
        assert!(
            matches!(
                report.outcome,
                Outcome::AtLeast {
                    bound: Bound::ClientBound,
                    ..
                }
            ),
            "{:?}",
            report.outcome
        );
    }

    #[test]
    fn a_failed_step_ends_the_search_with_its_error() {
        let mut inner = server(1e9);
        let mut n = 0;
        let mut agent_dies = |spec: &LoadSpec| {
            n += 1;
            if n == 2 {
                return Err(StepError::Failed("agent on host b failed".into()));
            }
            inner(spec)
        };
        let e = drive(
            &plan(Duration::MAX),
            &mut agent_dies,
            &never(),
            &mut NoSearchObserver,
        );
        assert_eq!(
            e.unwrap_err(),
            SearchError::Failed("agent on host b failed".into())
        );
    }

    #[test]
    fn a_step_cut_short_by_stop_says_nothing_and_the_report_is_interrupted() {
        let stop = AtomicBool::new(false);
        let mut inner = server(1e9);
        let mut n = 0;
        let mut ctrl_c_in_second = |spec: &LoadSpec| {
            n += 1;
            if n == 2 {
                stop.store(true, Ordering::Relaxed);
            }
            inner(spec)
        };
        let report = drive(
            &plan(Duration::MAX),
            &mut ctrl_c_in_second,
            &stop,
            &mut NoSearchObserver,
        )
        .unwrap();
        assert!(report.interrupted);
        assert_eq!(report.steps.len(), 1);
        assert_eq!(
            report.outcome,
            Outcome::AtLeast {
                rate: 10.0,
                bound: Bound::Steps
            }
        );
    }

    #[test]
    fn no_step_starts_that_the_time_limit_has_no_room_for() {
        let mut never_called =
            |_: &LoadSpec| -> Result<Measured, StepError> { panic!("ran a step") };
        let report = drive(
            &plan(Duration::from_millis(999)),
            &mut never_called,
            &never(),
            &mut NoSearchObserver,
        )
        .unwrap();
        assert!(report.steps.is_empty());
        assert_eq!(report.outcome, Outcome::BelowMin { min_rate: 10.0 });
        assert!(!report.interrupted);
    }

    #[test]
    fn limits_that_are_no_search_are_an_error() {
        let mut p = plan(Duration::MAX);
        p.limits.max_rate = 1.0;
        let mut never_called =
            |_: &LoadSpec| -> Result<Measured, StepError> { panic!("ran a step") };
        let e = drive(&p, &mut never_called, &never(), &mut NoSearchObserver).unwrap_err();
        assert!(
            matches!(e, SearchError::Limits(ref m) if m.contains("--max-rate")),
            "{e}"
        );
    }

    #[test]
    fn steps_near_the_knee_are_longer_for_an_open_loop_not_for_sessions() {
        let plan = plan(Duration::MAX);
        let (spec, window) = step_spec(&plan, 100.0, true, false);
        assert_eq!(window, Duration::from_secs(2));
        assert_eq!(spec.duration, Some(Duration::from_secs(2)));
        let mut sessions = plan.clone();
        sessions.base.model = Model::Sessions {
            conn_rate: Schedule::constant(1.0),
            arrival: Arrival::Uniform,
            calls: 4,
            sessions: 1,
        };
        let (spec, window) = step_spec(&sessions, 100.0, true, true);
        assert_eq!(window, Duration::from_secs(1));
        assert!(matches!(spec.model, Model::Sessions { sessions: 100, .. }));
    }

    #[test]
    fn the_confirmation_measures_five_seconds_at_least() {
        let plan = plan(Duration::MAX);
        let (spec, window) = step_spec(&plan, 100.0, true, true);
        assert_eq!(window, CONFIRM_WINDOW);
        assert_eq!(spec.duration, Some(CONFIRM_WINDOW));
        let mut long = plan.clone();
        long.window = Duration::from_secs(5);
        long.base.duration = Some(Duration::from_secs(5));
        let (spec, window) = step_spec(&long, 100.0, true, true);
        assert_eq!(window, Duration::from_secs(10));
        assert_eq!(spec.duration, Some(Duration::from_secs(10)));
    }

    #[test]
    fn a_sessions_step_starts_the_rate_times_the_window() {
        let mut base = plan(Duration::MAX).base;
        base.model = Model::Sessions {
            conn_rate: Schedule::constant(1.0),
            arrival: Arrival::Uniform,
            calls: 4,
            sessions: 1,
        };
        let spec = at_rate(&base, 12.5, Duration::from_secs(2));
        assert!(matches!(
            spec.model,
            Model::Sessions { ref conn_rate, sessions: 25, calls: 4, .. } if conn_rate.constant_per_s() == Some(12.5)
        ));
    }
}
