//! Capacity search: the highest offered rate a server sustains within a
//! service-level objective (`load --find-max`).
//!
//! Two pure parts, no I/O: [`Slo`] and [`judge`] decide whether one step (a
//! normal open-loop run at one offered rate, latency timed from the
//! intended send) passed; [`Search`] decides which rate to try next from the
//! outcomes so far. The caller runs the steps.
//!
//! The search grows the rate geometrically from the lowest rate until a
//! step fails, then bisects (in log space) between the highest pass and the
//! lowest failure until they are within the precision, and runs the answer
//! once more to confirm it; a failed confirmation steps back to the next
//! lower pass. A failing step whose server fell behind (achieved below the
//! offered rate) also says roughly where the server saturated: the first
//! bisection tries just under that achieved rate rather than the midpoint,
//! which usually saves several steps.
//!
//! A failure the client may have caused (its CPU near saturation, see
//! [`Verdict::client_bound`]) cannot be blamed on the server: the search
//! stops and reports the highest pass as a lower bound.

use std::fmt;
use std::str::FromStr;

use barrage_model::RunReport;
use serde::{Deserialize, Serialize};

/// Late sends a passing step may have: this share of the requests (sent
/// more than the engine's late threshold, 1 ms, after their intended time,
/// or never sent). More means the schedule was not kept: a client short of
/// CPU or of free connections. Their delay is in the latency already (it
/// is timed from the intended send), so the bound is loose: a busy machine
/// delays some sends by a millisecond without the step being wrong.
pub const LATE_SHARE_LIMIT: f64 = 0.10;
/// A passing step achieves at least this share of the offered rate.
pub const ACHIEVED_SHARE: f64 = 0.99;
/// The client's CPU over this share of its cores in a step: client-bound.
pub const CLIENT_BOUND_SHARE: f64 = 0.9;

/// A latency figure of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantile {
    P50,
    P90,
    P99,
    #[serde(rename = "p99.9")]
    P999,
    Max,
}

impl Quantile {
    fn name(self) -> &'static str {
        match self {
            Quantile::P50 => "p50",
            Quantile::P90 => "p90",
            Quantile::P99 => "p99",
            Quantile::P999 => "p99.9",
            Quantile::Max => "max",
        }
    }

    fn of(self, r: &RunReport) -> u64 {
        let l = &r.latency_us;
        match self {
            Quantile::P50 => l.p50,
            Quantile::P90 => l.p90,
            Quantile::P99 => l.p99,
            Quantile::P999 => l.p99_9,
            Quantile::Max => l.max,
        }
    }
}

/// One objective of an SLO.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Objective {
    /// The step's `quantile` at most `max_us` microseconds.
    Latency { quantile: Quantile, max_us: u64 },
    /// Errors (and non-2xx/3xx responses) at most this share of requests.
    Errors { max_share: f64 },
}

/// A service-level objective: every objective must hold.
/// Written `p99<=10ms,errors<=0.1%` (docs/load.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Slo {
    pub objectives: Vec<Objective>,
}

impl FromStr for Slo {
    type Err = String;

    fn from_str(s: &str) -> Result<Slo, String> {
        let expected =
            "objectives such as p99<=10ms,errors<=0.1% (p50, p90, p99, p99.9, max; errors in %)";
        let mut objectives = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once("<=")
                .ok_or_else(|| format!("{part:?}: no \"<=\"; expected {expected}"))?;
            let (key, value) = (key.trim(), value.trim());
            let objective = match key {
                "errors" => {
                    let n = value.strip_suffix('%').ok_or_else(|| {
                        format!("{part:?}: errors are a share, e.g. errors<=0.1%")
                    })?;
                    let pct: f64 = n
                        .trim()
                        .parse()
                        .ok()
                        .filter(|p: &f64| p.is_finite() && (0.0..=100.0).contains(p))
                        .ok_or_else(|| format!("{part:?}: expected a share from 0% to 100%"))?;
                    Objective::Errors {
                        max_share: pct / 100.0,
                    }
                }
                q => {
                    let quantile = match q {
                        "p50" => Quantile::P50,
                        "p90" => Quantile::P90,
                        "p99" => Quantile::P99,
                        "p99.9" => Quantile::P999,
                        "max" => Quantile::Max,
                        _ => {
                            return Err(format!(
                                "{part:?}: unknown figure {q:?}; expected {expected}"
                            ))
                        }
                    };
                    let d = humantime::parse_duration(value).map_err(|_| {
                        format!("{part:?}: {value:?} is not a duration such as 10ms")
                    })?;
                    if d.is_zero() {
                        return Err(format!("{part:?}: a latency bound above zero"));
                    }
                    Objective::Latency {
                        quantile,
                        max_us: d.as_micros() as u64,
                    }
                }
            };
            objectives.push(objective);
        }
        if objectives.is_empty() {
            return Err(format!("empty; expected {expected}"));
        }
        Ok(Slo { objectives })
    }
}

impl fmt::Display for Slo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .objectives
            .iter()
            .map(|o| match o {
                Objective::Latency { quantile, max_us } => {
                    format!("{}<={}", quantile.name(), human_us(*max_us))
                }
                Objective::Errors { max_share } => format!("errors<={}%", max_share * 100.0),
            })
            .collect();
        write!(f, "{}", parts.join(","))
    }
}

/// A measured latency: `850us`, `5.29ms`, `1.20s`.
fn measured_us(us: u64) -> String {
    match us {
        0..=999 => format!("{us}us"),
        1000..=999_999 => format!("{:.2}ms", us as f64 / 1e3),
        _ => format!("{:.2}s", us as f64 / 1e6),
    }
}

/// A bound as written in an SLO: `10ms`, `1s`, `250us`.
fn human_us(us: u64) -> String {
    if us / 1_000_000 * 1_000_000 == us {
        format!("{}s", us / 1_000_000)
    } else if us / 1000 * 1000 == us {
        format!("{}ms", us / 1000)
    } else {
        format!("{us}us")
    }
}

/// Whether one step passed, and why not.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub pass: bool,
    /// Every reason it failed (empty when it passed).
    pub reasons: Vec<String>,
    /// The client used 90% or more of its cores: a failure may be the
    /// client's, not the server's.
    pub client_bound: bool,
}

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
    if achieved < ACHIEVED_SHARE * offered {
        reasons.push(format!(
            "achieved {achieved:.0}/s of {offered:.0}/s offered (below {:.0}%)",
            ACHIEVED_SHARE * 100.0
        ));
    }
    if let Some(ol) = &report.open_loop {
        let sent = t.requests_sent + ol.unsent;
        let late = ol.late_sends + ol.unsent;
        if sent > 0 && late as f64 > LATE_SHARE_LIMIT * sent as f64 {
            reasons.push(format!(
                "{late} of {sent} requests sent late or never ({:.1}%, limit {:.0}%)",
                100.0 * late as f64 / sent as f64,
                LATE_SHARE_LIMIT * 100.0
            ));
        }
    }
    for o in &slo.objectives {
        match *o {
            Objective::Latency { quantile, max_us } => {
                let v = quantile.of(report);
                if t.responses == 0 || v > max_us {
                    reasons.push(format!(
                        "{} {} > {}",
                        quantile.name(),
                        measured_us(v),
                        human_us(max_us)
                    ));
                }
            }
            Objective::Errors { max_share } => {
                let bad = t.errors + t.responses_not_2xx_3xx;
                let all = t.requests_sent.max(t.responses + t.errors).max(1);
                let share = bad as f64 / all as f64;
                if share > max_share {
                    reasons.push(format!(
                        "errors {:.3}% > {}%",
                        share * 100.0,
                        max_share * 100.0
                    ));
                }
            }
        }
    }
    Verdict {
        pass: reasons.is_empty(),
        reasons,
        client_bound: client_cpu_share.is_some_and(|s| s >= CLIENT_BOUND_SHARE),
    }
}

/// Responses per second within the measured window (its whole seconds:
/// the responses that drain after the window ends, which an overloaded
/// server still owes, would inflate it), or sessions completed per second
/// for a sessions run.
pub fn achieved_rate(report: &RunReport) -> f64 {
    if let Some(s) = &report.sessions {
        if report.totals.elapsed_s > 0.0 {
            return s.completed as f64 / report.totals.elapsed_s;
        }
    }
    let whole = report.totals.elapsed_s.floor() as u32;
    let inside: Vec<u64> = report
        .series
        .iter()
        .filter(|s| s.t_s < whole)
        .map(|s| s.responses)
        .collect();
    if whole == 0 || inside.is_empty() {
        return report.totals.responses_per_s;
    }
    inside.iter().sum::<u64>() as f64 / f64::from(whole)
}

/// One step as recorded (`barrage.search/1`, docs/json.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// From 1.
    pub step: u32,
    pub offered_per_s: f64,
    pub achieved_per_s: f64,
    pub p50_us: u64,
    pub p99_us: u64,
    pub p99_9_us: u64,
    pub max_us: u64,
    /// Errors and responses outside 200–399.
    pub errors: u64,
    pub requests_sent: u64,
    /// Sent later than the late threshold after their intended time, or never.
    pub late: u64,
    /// The client's CPU over the step as a share of its worker threads' cores.
    pub client_cpu_share: Option<f64>,
    /// The run that confirms the answer.
    pub confirm: bool,
    pub verdict: Verdict,
}

impl StepRecord {
    /// The record of step `step` at `offered`, judged.
    pub fn of(
        step: u32,
        offered: f64,
        confirm: bool,
        report: &RunReport,
        client_cpu_share: Option<f64>,
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
}

/// A whole search (`barrage load --find-max --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    /// [`SEARCH_SCHEMA`].
    pub schema: String,
    pub barrage_version: String,
    pub url: String,
    pub slo: Slo,
    pub limits: Limits,
    /// Each step's measured window and its warm-up, seconds.
    pub step_duration_s: f64,
    pub step_warmup_s: f64,
    pub steps: Vec<StepRecord>,
    pub outcome: Outcome,
    /// The search was stopped from outside (Ctrl-C).
    pub interrupted: bool,
    pub elapsed_s: f64,
}

/// The schema name of [`SearchReport`].
pub const SEARCH_SCHEMA: &str = "barrage.search/1";

/// The search's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    pub min_rate: f64,
    pub max_rate: f64,
    /// The answer is within this share of the true capacity (0.02: 2%).
    pub precision: f64,
    /// Each passing growth step multiplies the rate by this.
    pub growth: f64,
    /// Steps at most, the confirmation included.
    pub max_steps: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            min_rate: 10.0,
            max_rate: 1_000_000.0,
            precision: 0.02,
            growth: 10.0,
            max_steps: 20,
        }
    }
}

/// What the search asks for next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    /// Run a step at this offered rate (a confirmation of the answer when
    /// `confirm`).
    Run {
        rate: f64,
        confirm: bool,
    },
    Done(Outcome),
}

/// Why a search ended without an exact answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// The highest rate allowed passed.
    MaxRate,
    /// A failure came with the client saturated.
    ClientBound,
    /// The step limit (or the caller's time limit) came first.
    Steps,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    /// The highest rate that passed, confirmed, within the precision.
    Capacity { rate: f64 },
    /// At least this rate is sustained; how much more is unknown.
    AtLeast { rate: f64, bound: Bound },
    /// Even the lowest rate failed.
    BelowMin { min_rate: f64 },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Capacity { rate } => write!(f, "{rate:.0}/s"),
            Outcome::AtLeast { rate, bound } => write!(
                f,
                "≥ {rate:.0}/s ({})",
                match bound {
                    Bound::MaxRate => "max-rate reached",
                    Bound::ClientBound => "client-bound",
                    Bound::Steps => "step or time limit",
                }
            ),
            Outcome::BelowMin { min_rate } => write!(f, "below min-rate {min_rate:.0}/s"),
        }
    }
}

/// One step's result as the search sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepResult {
    pub rate: f64,
    pub pass: bool,
    /// What the server achieved (a failing step's hint of its capacity).
    pub achieved: f64,
    pub client_bound: bool,
    pub confirm: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Grow,
    Bisect,
    Confirm,
    Done(Outcome),
}

/// The search state: a pure function of the step results fed to it.
#[derive(Debug, Clone)]
pub struct Search {
    limits: Limits,
    phase: Phase,
    /// Highest passing rate (not failed since), lowest failing rate.
    lo: Option<f64>,
    hi: Option<f64>,
    /// Where the server fell behind (a failing step's achieved rate): the
    /// next steps try just under and just over it.
    hint: Option<f64>,
    /// Steps placed by a hint (at most [`HINTED_STEPS`]; then bisection).
    hinted: u32,
    next_rate: f64,
    steps: Vec<StepResult>,
}

impl Search {
    pub fn new(limits: Limits) -> Result<Search, String> {
        let l = limits;
        if !(l.min_rate > 0.0 && l.min_rate.is_finite()) {
            return Err("--min-rate: a rate above zero".into());
        }
        if !(l.max_rate >= l.min_rate && l.max_rate.is_finite()) {
            return Err("--max-rate: a rate at or above --min-rate".into());
        }
        if !(l.precision > 0.0 && l.precision < 1.0) {
            return Err("--precision: a share between 0 and 100%, e.g. 2%".into());
        }
        if l.growth <= 1.0 || !l.growth.is_finite() {
            return Err("the growth factor must be above 1".into());
        }
        if l.max_steps < 2 {
            return Err("--max-steps: at least 2 (a step and its confirmation)".into());
        }
        Ok(Search {
            limits,
            phase: Phase::Grow,
            lo: None,
            hi: None,
            hint: None,
            hinted: 0,
            next_rate: l.min_rate,
            steps: Vec::new(),
        })
    }

    pub fn steps(&self) -> &[StepResult] {
        &self.steps
    }

    /// What to do next.
    pub fn next(&self) -> Next {
        match self.phase {
            Phase::Done(o) => Next::Done(o),
            Phase::Confirm => Next::Run {
                rate: self.lo.unwrap_or(self.limits.min_rate),
                confirm: true,
            },
            Phase::Grow | Phase::Bisect => Next::Run {
                rate: self.next_rate,
                confirm: false,
            },
        }
    }

    /// Ends the search now (the caller's time limit): the highest pass so
    /// far is a lower bound.
    pub fn give_up(&mut self) -> Outcome {
        let o = self.bounded(Bound::Steps);
        self.phase = Phase::Done(o);
        o
    }

    fn bounded(&self, bound: Bound) -> Outcome {
        match self.lo {
            Some(rate) => Outcome::AtLeast { rate, bound },
            None => Outcome::BelowMin {
                min_rate: self.limits.min_rate,
            },
        }
    }

    /// Feeds the result of the step [`Search::next`] asked for.
    pub fn record(&mut self, step: StepResult) {
        self.steps.push(step);
        let l = self.limits;
        if !step.pass && step.client_bound {
            // The client may have caused it: nothing can be said above lo.
            self.phase = Phase::Done(match self.lo {
                Some(rate) => Outcome::AtLeast {
                    rate,
                    bound: Bound::ClientBound,
                },
                None => Outcome::AtLeast {
                    rate: 0.0,
                    bound: Bound::ClientBound,
                },
            });
            return;
        }
        if step.confirm {
            if step.pass {
                self.phase = Phase::Done(Outcome::Capacity { rate: step.rate });
                return;
            }
            // Step back: the next lower pass that has not failed since.
            self.hi = Some(step.rate);
            self.lo = self
                .steps
                .iter()
                .filter(|s| s.pass && s.rate < step.rate)
                .map(|s| s.rate)
                .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.max(r))));
            self.hint = None;
        } else if step.pass {
            self.lo = Some(self.lo.map_or(step.rate, |lo| lo.max(step.rate)));
        } else {
            self.hi = Some(self.hi.map_or(step.rate, |hi| hi.min(step.rate)));
            // Fell behind: the server saturated about where it got to.
            if step.achieved > 0.0 && step.achieved < ACHIEVED_SHARE * step.rate {
                self.hint = Some(step.achieved);
            }
        }
        if self.steps.len() as u32 >= l.max_steps {
            self.phase = Phase::Done(self.bounded(Bound::Steps));
            return;
        }
        let Some(lo) = self.lo else {
            if self.hi.is_some_and(|hi| hi <= l.min_rate) {
                self.phase = Phase::Done(Outcome::BelowMin {
                    min_rate: l.min_rate,
                });
                return;
            }
            // Every pass was taken back: try lower, down to the minimum.
            self.phase = Phase::Bisect;
            self.next_rate = l.min_rate;
            return;
        };
        let Some(hi) = self.hi else {
            // Growing: every step so far passed.
            if lo >= l.max_rate {
                self.phase = Phase::Done(Outcome::AtLeast {
                    rate: lo,
                    bound: Bound::MaxRate,
                });
            } else {
                self.next_rate = (lo * l.growth).min(l.max_rate);
            }
            return;
        };
        if hi / lo <= 1.0 + l.precision {
            // One more step would confirm it; without room for it, lo is a bound.
            if self.steps.len() as u32 + 1 > l.max_steps {
                self.phase = Phase::Done(self.bounded(Bound::Steps));
            } else {
                self.phase = Phase::Confirm;
            }
            return;
        }
        self.phase = Phase::Bisect;
        self.next_rate = self.bisect(lo, hi);
    }

    /// The next rate inside (lo, hi): just under, then just over, where the
    /// server fell behind while hints last; else the geometric midpoint.
    fn bisect(&mut self, lo: f64, hi: f64) -> f64 {
        let p = self.limits.precision;
        let edge = 1.0 + p / 4.0;
        let inside = |r: f64| r > lo * edge && r < hi / edge;
        if let Some(h) = self.hint {
            if self.hinted < HINTED_STEPS {
                let candidate = [h * (1.0 - p / 2.0), h * (1.0 + p / 2.0)]
                    .into_iter()
                    .find(|&r| inside(r));
                if let Some(r) = candidate {
                    self.hinted += 1;
                    return r;
                }
            }
            self.hint = None;
        }
        (lo * hi).sqrt()
    }
}

/// Steps a search places from where the server fell behind, at most.
const HINTED_STEPS: u32 = 3;

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Runs a search against a server that sustains exactly `capacity`
    /// (achieving min(offered, capacity)); the client saturates above
    /// `client_limit`. Returns the outcome and the rates tried.
    fn simulate(limits: Limits, capacity: f64, client_limit: f64) -> (Outcome, Vec<f64>) {
        let mut s = Search::new(limits).unwrap();
        let mut rates = Vec::new();
        loop {
            match s.next() {
                Next::Done(o) => return (o, rates),
                Next::Run { rate, confirm } => {
                    rates.push(rate);
                    assert!(rates.len() <= 40, "runaway: {rates:?}");
                    s.record(StepResult {
                        rate,
                        pass: rate <= capacity && rate <= client_limit,
                        achieved: rate.min(capacity).min(client_limit),
                        client_bound: rate > client_limit,
                        confirm,
                    });
                }
            }
        }
    }

    fn wide() -> Limits {
        Limits {
            min_rate: 1.0,
            max_rate: 1_000_000.0,
            ..Limits::default()
        }
    }

    #[test]
    fn finds_capacity_within_precision_in_at_most_12_steps_over_1_to_a_million() {
        for capacity in [3.0, 57.0, 999.0, 12_345.0, 250_000.0, 777_777.0] {
            let (o, rates) = simulate(wide(), capacity, f64::INFINITY);
            let Outcome::Capacity { rate } = o else {
                panic!("{capacity}: {o:?} after {rates:?}")
            };
            assert!(rate <= capacity, "{capacity}: {rate} passed above capacity");
            assert!(
                rate >= capacity * (1.0 - 0.02),
                "{capacity}: {rate} not within 2% ({rates:?})"
            );
            assert!(
                rates.len() <= 12,
                "{capacity}: {} steps: {rates:?}",
                rates.len()
            );
            // The last step confirms the answer.
            assert_eq!(*rates.last().unwrap(), rate);
        }
    }

    #[test]
    fn a_failure_by_latency_alone_bisects_in_at_most_16_steps() {
        // The server keeps the rate but misses the SLO: no hint of where
        // it saturated, so the bracket is halved (in log space) each step.
        for capacity in [3.0, 999.0, 777_777.0] {
            let mut s = Search::new(wide()).unwrap();
            let mut n = 0;
            let o = loop {
                match s.next() {
                    Next::Done(o) => break o,
                    Next::Run { rate, confirm } => {
                        n += 1;
                        s.record(StepResult {
                            rate,
                            pass: rate <= capacity,
                            achieved: rate,
                            client_bound: false,
                            confirm,
                        });
                    }
                }
            };
            let Outcome::Capacity { rate } = o else {
                panic!("{o:?}")
            };
            assert!(
                rate <= capacity && rate >= capacity * 0.98,
                "{capacity}: {rate}"
            );
            assert!(n <= 16, "{capacity}: {n} steps");
        }
    }

    #[test]
    fn a_server_that_keeps_up_with_everything_is_bounded_by_max_rate() {
        let (o, rates) = simulate(wide(), f64::INFINITY, f64::INFINITY);
        assert_eq!(
            o,
            Outcome::AtLeast {
                rate: 1_000_000.0,
                bound: Bound::MaxRate
            }
        );
        // 1, 10, 100, … geometric, then the maximum itself.
        assert_eq!(rates[..3], [1.0, 10.0, 100.0]);
        assert_eq!(*rates.last().unwrap(), 1_000_000.0);
    }

    #[test]
    fn failing_the_lowest_rate_is_below_min_rate() {
        let l = Limits {
            min_rate: 100.0,
            ..Limits::default()
        };
        let (o, rates) = simulate(l, 50.0, f64::INFINITY);
        assert_eq!(o, Outcome::BelowMin { min_rate: 100.0 });
        assert_eq!(rates, [100.0]);
    }

    #[test]
    fn a_client_bound_failure_is_a_lower_bound_not_a_capacity() {
        let (o, _) = simulate(wide(), 1e9, 5000.0);
        let Outcome::AtLeast { rate, bound } = o else {
            panic!("{o:?}")
        };
        assert_eq!(bound, Bound::ClientBound);
        assert!(rate <= 5000.0, "{rate}");
        assert_eq!(o.to_string(), format!("≥ {rate:.0}/s (client-bound)"));
    }

    #[test]
    fn a_failed_confirmation_steps_back() {
        // The server sustains 990/s until the first confirmation, then only
        // 900/s (it degrades): the confirmation fails and the search goes lower.
        let mut s = Search::new(Limits {
            min_rate: 250.0,
            max_rate: 4000.0,
            ..Limits::default()
        })
        .unwrap();
        let mut rates = Vec::new();
        let mut capacity = 990.0;
        let outcome = loop {
            match s.next() {
                Next::Done(o) => break o,
                Next::Run { rate, confirm } => {
                    rates.push((rate, confirm));
                    assert!(rates.len() < 30, "{rates:?}");
                    if confirm {
                        capacity = 900.0;
                    }
                    s.record(StepResult {
                        rate,
                        pass: rate <= capacity,
                        achieved: rate.min(capacity),
                        client_bound: false,
                        confirm,
                    });
                }
            }
        };
        let Outcome::Capacity { rate } = outcome else {
            panic!("{outcome:?}: {rates:?}")
        };
        assert!((900.0 * 0.98..=900.0).contains(&rate), "{rate}: {rates:?}");
        assert!(rates.iter().filter(|r| r.1).count() >= 2, "{rates:?}");
    }

    #[test]
    fn the_step_limit_ends_the_search_with_a_bound() {
        let l = Limits {
            max_steps: 3,
            ..wide()
        };
        let (o, rates) = simulate(l, 777_777.0, f64::INFINITY);
        assert_eq!(rates.len(), 3);
        assert_eq!(
            o,
            Outcome::AtLeast {
                rate: 100.0,
                bound: Bound::Steps
            }
        );
        let mut s = Search::new(wide()).unwrap();
        assert_eq!(
            s.give_up(),
            Outcome::BelowMin { min_rate: 1.0 },
            "nothing passed yet"
        );
    }

    #[test]
    fn limits_are_checked() {
        for (l, says) in [
            (
                Limits {
                    min_rate: 0.0,
                    ..Limits::default()
                },
                "--min-rate",
            ),
            (
                Limits {
                    max_rate: 1.0,
                    ..Limits::default()
                },
                "--max-rate",
            ),
            (
                Limits {
                    precision: 0.0,
                    ..Limits::default()
                },
                "--precision",
            ),
            (
                Limits {
                    max_steps: 1,
                    ..Limits::default()
                },
                "--max-steps",
            ),
        ] {
            assert!(Search::new(l).unwrap_err().contains(says));
        }
    }
}
