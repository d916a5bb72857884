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

mod driver;
mod judge;
mod meter;
pub mod settle;

pub use barrage_model::client_bound;
pub use barrage_model::search::{
    human_us, measured_us, Bound, Limits, Objective, Outcome, Quantile, SearchReport, Slo,
    StepRecord, Verdict, SEARCH_SCHEMA,
};
pub use driver::*;
pub use judge::*;

/// What the search asks for next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    /// Run a step at this offered rate: a confirmation of the answer when
    /// `confirm`, the same rate again when `repeat` (the step before was
    /// marginal), with [`LONG_STEP`] times the measured window when `long`
    /// (near the knee).
    Run {
        rate: f64,
        confirm: bool,
        repeat: bool,
        long: bool,
    },
    Done(Outcome),
}

/// A step near the knee (the range within [`KNEE_RANGE`] precisions, or a
/// rate seen to both pass and fail) measures this many times the usual
/// window: one second's p99 on a busy machine swings across the objective.
pub const LONG_STEP: u32 = 2;
/// The range (lowest failure over highest pass, less one) within which
/// steps are long, in precisions: 4% for a 2% search.
pub const KNEE_RANGE: f64 = 2.0;
/// The most a noisy search widens its precision to (see [`Search::tolerance`]).
pub const MAX_TOLERANCE: f64 = 0.10;

/// One step's result as the search sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepResult {
    pub rate: f64,
    pub pass: bool,
    /// What the server achieved (a failing step's hint of its capacity).
    pub achieved: f64,
    pub client_bound: bool,
    /// Client-bound by its saturation (its CPU, its ceiling, a rate it
    /// could not offer), not by a stall of its own: a failure so is no
    /// noise to run again.
    pub saturated: bool,
    pub confirm: bool,
    /// The verdict was within noise of the objective: the search runs the
    /// rate again and takes it as passed only when both passed.
    pub marginal: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Grow,
    Bisect,
    Confirm,
    /// The step before was marginal: the same rate once more.
    Repeat,
    Done(Outcome),
}

/// Whether `l` describes a search; an error names the flag to change.
pub fn check_limits(l: &Limits) -> Result<(), String> {
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
    Ok(())
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
    /// Steps placed by the current hint (at most [`HINTED_STEPS`]).
    hinted: u32,
    /// Growing steps near the hint since the steps last turned (pass to
    /// failure or back).
    gallops: u32,
    /// The lowest failure was one the client may have caused: whatever
    /// passes below it is a lower bound, not the capacity.
    hi_client_bound: bool,
    /// ... by its saturation (not a stall, which runs again).
    hi_saturated: bool,
    /// Rates that both passed and failed (a failed confirmation, a repeat
    /// that disagreed): each doubles the tolerance.
    flips: u32,
    /// The step whose repeat runs next: a marginal one, or a failure
    /// that contradicts a pass at a higher rate.
    pending: Option<Pending>,
    /// The last result as the search took it (a step and its repeat as
    /// one): whether the steps last moved up or down.
    last_pass: Option<bool>,
    /// Rates whose failure stood when run again: the answer's upper bound
    /// is one of these (a single failure may be a stall of the machine).
    checked: Vec<f64>,
    next_rate: f64,
    steps: Vec<StepResult>,
}

impl Search {
    pub fn new(limits: Limits) -> Result<Search, String> {
        check_limits(&limits)?;
        let l = limits;
        Ok(Search {
            limits,
            phase: Phase::Grow,
            lo: None,
            hi: None,
            hint: None,
            hinted: 0,
            gallops: 0,
            hi_client_bound: false,
            hi_saturated: false,
            flips: 0,
            pending: None,
            last_pass: None,
            checked: Vec::new(),
            next_rate: l.min_rate,
            steps: Vec::new(),
        })
    }

    pub fn steps(&self) -> &[StepResult] {
        &self.steps
    }

    /// What to do next.
    pub fn next(&self) -> Next {
        let long = self.near_knee();
        match self.phase {
            Phase::Done(o) => Next::Done(o),
            Phase::Confirm => Next::Run {
                rate: self.lo.unwrap_or(self.limits.min_rate),
                confirm: true,
                repeat: false,
                long,
            },
            Phase::Repeat => Next::Run {
                rate: self.pending.map_or(self.next_rate, |p| p.step.rate),
                confirm: false,
                repeat: true,
                long,
            },
            Phase::Grow | Phase::Bisect => Next::Run {
                rate: self.next_rate,
                confirm: false,
                repeat: false,
                long,
            },
        }
    }

    /// The precision the answer holds to: the limits' precision, doubled
    /// for each rate that both passed and failed, up to [`MAX_TOLERANCE`]
    /// (never below the precision asked for). On a noisy machine the
    /// verdicts near the knee disagree; a range narrower than that spread
    /// says nothing more, and the search would swing across it until its
    /// step limit.
    pub fn tolerance(&self) -> f64 {
        let p = self.limits.precision;
        (p * f64::from(1u32 << self.flips.min(16))).min(MAX_TOLERANCE.max(p))
    }

    /// Whether the next step is near the knee (long): the range within
    /// [`KNEE_RANGE`] precisions, or a rate already seen to both pass and
    /// fail.
    fn near_knee(&self) -> bool {
        let knee = 1.0 + KNEE_RANGE * self.limits.precision;
        self.flips > 0 || matches!((self.lo, self.hi), (Some(lo), Some(hi)) if hi <= lo * knee)
    }

    /// Ends the search now (the caller's time limit): the highest pass so
    /// far is a lower bound.
    pub fn give_up(&mut self) -> Outcome {
        let o = self.bounded(Bound::Steps);
        self.phase = Phase::Done(o);
        o
    }

    /// The answer when the step limit comes first: a lower bound, stated
    /// as noise when some rate both passed and failed ([`Bound::Noisy`]).
    fn out_of_steps(&self) -> Outcome {
        self.bounded(match self.flips {
            0 => Bound::Steps,
            _ => Bound::Noisy,
        })
    }

    fn bounded(&self, bound: Bound) -> Outcome {
        // A step back after a failed confirmation can leave `lo` far below
        // the rates that passed: the highest rate under every failure
        // passed each time it ran, and is the lower bound to state.
        let lowest_failure = self
            .steps
            .iter()
            .filter(|s| !s.pass)
            .map(|s| s.rate)
            .fold(f64::INFINITY, f64::min);
        let clean = self
            .steps
            .iter()
            .filter(|s| s.pass && s.rate < lowest_failure)
            .map(|s| s.rate)
            .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.max(r))));
        let lo = match (self.lo, clean) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        match lo {
            Some(rate) => Outcome::AtLeast { rate, bound },
            None => Outcome::BelowMin {
                min_rate: self.limits.min_rate,
            },
        }
    }

    /// Feeds the result of the step [`Search::next`] asked for.
    pub fn record(&mut self, step: StepResult) {
        self.steps.push(step);
        if step.pass && step.client_bound {
            // The client was saturated keeping up: a higher rate would
            // judge the client, not the server.
            self.phase = Phase::Done(Outcome::AtLeast {
                rate: step.rate,
                bound: Bound::ClientBound,
            });
            return;
        }
        let again = match (step.marginal, self.contradicts(&step)) {
            (_, true) => Some(Why::Contradicts),
            (true, false) if !step.client_bound => Some(Why::Marginal),
            _ => None,
        };
        let step = match (self.pending.take(), again) {
            (Some(first), _) => {
                let both = self.both(first, step);
                if !both.pass {
                    self.checked.push(both.rate);
                }
                both
            }
            (None, Some(why)) if !step.confirm => {
                self.pending = Some(Pending { step, why });
                self.phase = if self.steps.len() as u32 >= self.limits.max_steps {
                    Phase::Done(self.out_of_steps())
                } else {
                    Phase::Repeat
                };
                return;
            }
            (None, _) => step,
        };
        if self.last_pass.is_some_and(|last| last != step.pass) {
            // The steps turned: grow the next ones from small again.
            self.gallops = 0;
        }
        self.last_pass = Some(step.pass);
        if !step.pass && step.saturated && self.lo.is_none() {
            // The client cannot even send the lowest rate.
            self.phase = Phase::Done(Outcome::AtLeast {
                rate: 0.0,
                bound: Bound::ClientBound,
            });
            return;
        }
        match (step.confirm, step.pass) {
            (true, true) => {
                // Under a failure the client may have caused, the answer
                // is only what the server sustained at least.
                self.phase = Phase::Done(if self.hi_client_bound {
                    Outcome::AtLeast {
                        rate: step.rate,
                        bound: Bound::ClientBound,
                    }
                } else {
                    Outcome::Capacity { rate: step.rate }
                });
                return;
            }
            (true, false) => {
                // It passed before: this rate is within noise, and its
                // failure was a second look already.
                self.flips += 1;
                self.checked.push(step.rate);
                self.step_back(step);
            }
            (false, true) => {
                let lo = self.lo.map_or(step.rate, |lo| lo.max(step.rate));
                self.lo = Some(lo);
                if self.hi.is_some_and(|hi| hi <= lo) {
                    // A failure overturned by its repeat: the bound is
                    // the next failure above, if any.
                    self.hi = self.lowest_failure_above(lo);
                    self.hint = None;
                }
            }
            (false, false) => self.failed(step),
        }
        self.phase = self.after_step();
    }

    /// The lowest rate above `lo` that failed and has not passed since.
    fn lowest_failure_above(&self, lo: f64) -> Option<f64> {
        self.steps
            .iter()
            .filter(|s| !s.pass && s.rate > lo)
            .filter(|f| {
                !self
                    .steps
                    .iter()
                    .any(|s| s.pass && s.rate >= f.rate && !s.confirm)
            })
            .map(|s| s.rate)
            .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.min(r))))
    }

    /// A failure (not the client's saturation) below a rate that passed
    /// by more than the tolerance: the server cannot both sustain the
    /// higher rate and fail the lower one, so one of the two met noise (a
    /// pause of the machine or of the server). The step runs again.
    fn contradicts(&self, step: &StepResult) -> bool {
        !step.pass
            && !step.confirm
            && !step.saturated
            && self
                .steps
                .iter()
                .any(|s| s.pass && s.rate > step.rate * (1.0 + self.tolerance()))
    }

    /// A step and its repeat as one result. A marginal step passes when
    /// both did (a failure's figures when one failed); a failure that
    /// contradicted a higher pass stands only when its repeat failed too.
    /// Two verdicts that differ say the rate is within noise (a flip).
    fn both(&mut self, first: Pending, again: StepResult) -> StepResult {
        if first.step.pass != again.pass {
            self.flips += 1;
        }
        let taken = match first.why {
            Why::Marginal if again.pass => first.step,
            Why::Marginal | Why::Contradicts => again,
        };
        StepResult {
            marginal: false,
            ..taken
        }
    }

    /// A failed confirmation: back to the highest pass a tolerance below it.
    fn step_back(&mut self, step: StepResult) {
        self.hi = Some(step.rate);
        self.hi_client_bound = step.client_bound;
        self.hi_saturated = step.saturated;
        // Passes within the tolerance under a rate that passed and then
        // failed are no surer than it was: back below them.
        let below = step.rate / (1.0 + self.tolerance());
        self.lo = self
            .steps
            .iter()
            .filter(|s| s.pass && s.rate <= below)
            .map(|s| s.rate)
            .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.max(r))));
        // It passed once: the capacity is about there, a little under
        // (where the server got to, when it fell behind).
        self.hint = Some(if step.achieved > 0.0 {
            step.achieved.min(step.rate)
        } else {
            step.rate
        });
        self.hinted = 0;
    }

    /// A failed step (not a confirmation): the new lowest failure, and
    /// where the server fell behind.
    fn failed(&mut self, step: StepResult) {
        let precision = self.limits.precision;
        if !matches!(self.hi, Some(hi) if step.rate > hi) {
            self.hi_client_bound = step.client_bound;
            self.hi_saturated = step.saturated;
        }
        self.hi = Some(self.hi.map_or(step.rate, |hi| hi.min(step.rate)));
        // Fell behind: the server saturated about where it got to.
        let behind = step.rate * (1.0 - precision / 4.0);
        // (A hint well under a rate that passed is wrong: bisect
        // instead. One within the precision of it says the capacity is
        // about there.)
        let known_low = self
            .lo
            .is_some_and(|lo| step.achieved < lo * (1.0 - precision));
        if step.achieved > 0.0 && step.achieved < behind && !known_low {
            self.hint = Some(step.achieved);
            self.hinted = 0;
        } else if known_low {
            self.hint = None;
        }
    }

    /// The phase after a step that did not end the search by itself, and
    /// the next rate when there is one to run.
    fn after_step(&mut self) -> Phase {
        let l = self.limits;
        if self.steps.len() as u32 >= l.max_steps {
            return Phase::Done(self.out_of_steps());
        }
        let Some(lo) = self.lo else {
            if self.hi.is_some_and(|hi| hi <= l.min_rate) {
                // One bad step on a busy machine is not a server below
                // the lowest rate: that takes two failures there.
                let failed = self
                    .steps
                    .iter()
                    .filter(|s| !s.pass && s.rate <= l.min_rate);
                if failed.count() < 2 {
                    self.hi = None;
                    self.next_rate = l.min_rate;
                    return Phase::Repeat;
                }
                return Phase::Done(Outcome::BelowMin {
                    min_rate: l.min_rate,
                });
            }
            // Every pass was taken back: try lower, down to the minimum.
            self.next_rate = l.min_rate;
            return Phase::Bisect;
        };
        let Some(hi) = self.hi else {
            // Growing: every step so far passed.
            if lo >= l.max_rate {
                return Phase::Done(Outcome::AtLeast {
                    rate: lo,
                    bound: Bound::MaxRate,
                });
            }
            self.next_rate = (lo * l.growth).min(l.max_rate);
            return Phase::Grow;
        };
        if hi / lo <= 1.0 + self.tolerance() {
            // The bound has failed once only: once more, and its repeat
            // decides (a stall of the machine in a short step is no
            // capacity).
            if !self.hi_saturated && !self.checked.contains(&hi) {
                if let Some(&step) = self.steps.iter().rev().find(|s| !s.pass && s.rate == hi) {
                    if self.steps.len() as u32 + 2 <= l.max_steps {
                        self.pending = Some(Pending {
                            step,
                            why: Why::Contradicts,
                        });
                        return Phase::Repeat;
                    }
                }
            }
            // One more step would confirm it; without room for it, lo is a bound.
            if self.steps.len() as u32 + 1 > l.max_steps {
                return Phase::Done(self.out_of_steps());
            }
            return Phase::Confirm;
        }
        self.next_rate = self.bisect(lo, hi);
        Phase::Bisect
    }

    /// The next rate inside (lo, hi). Where a failing step's server fell
    /// behind (the hint): just under it, then just over it (the two less
    /// than the precision apart, so that a pass and a failure there end the
    /// search). Then, the hint being near but off, steps growing away from
    /// the side that moved last (4%, 8%, 16%… of the range's ends, for a 2%
    /// precision): up from the highest pass after a pass, down from the
    /// lowest failure after a failure. Never beyond the geometric midpoint,
    /// which is the step without a hint.
    fn bisect(&mut self, lo: f64, hi: f64) -> f64 {
        let p = self.tolerance();
        let edge = 1.0 + p / 8.0;
        let inside = |r: f64| r > lo * edge && r < hi / edge;
        let mid = (lo * hi).sqrt();
        let Some(h) = self.hint else {
            return mid;
        };
        if self.hinted < HINTED_STEPS {
            let candidate = [h * (1.0 - 0.45 * p), h * (1.0 + 0.45 * p)]
                .into_iter()
                .find(|&r| inside(r));
            if let Some(r) = candidate {
                self.hinted += 1;
                return r;
            }
        }
        let factor = 1.0 + 2.0 * p * f64::from(1u32 << self.gallops.min(16));
        self.gallops += 1;
        match self.last_pass {
            Some(true) => (lo * factor).min(mid),
            _ => (hi / factor).max(mid),
        }
    }
}

/// Steps a search places from one hint, at most.
const HINTED_STEPS: u32 = 2;

/// A step waiting for its repeat, and why it runs again.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Pending {
    step: StepResult,
    why: Why,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Why {
    /// Its verdict hinged on a figure within noise of its objective.
    Marginal,
    /// It failed below a rate that passed.
    Contradicts,
}

#[cfg(test)]
mod tests;
