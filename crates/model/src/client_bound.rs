//! When a run is the client's fault ("client-bound"): the one rule the
//! capacity search, the lab's levels, `barrage load` and the reports use
//! (docs/load.md, "When is a run client-bound?").
//!
//! A run is client-bound when any of four reasons holds:
//!
//! - [`Reason::Ceiling`]: its rate was [`CEILING_SHARE`] or more of the
//!   client's ceiling for its shape, measured in the same sitting against a
//!   responder that costs next to nothing ([`Ceiling`]): a faster server
//!   would not have been measured faster;
//! - [`Reason::Cpu`]: the client ran, or was ready to run and waited for a
//!   core, [`CPU_SHARE`] or more of its cores' time (not for a driver that
//!   spins: [`CpuUse::Spins`]);
//! - [`Reason::SendDelay`]: its own send delay (requests that found a
//!   connection free, sent late all the same) is a large part of the
//!   measured latency;
//! - [`Reason::Offer`]: it did not offer the rate asked while connections
//!   were free (or, an external driver, its own schedule slipped or it ran
//!   out of sockets).
//!
//! Pure functions of the figures; no I/O. The figures come from whoever ran
//! the load: the search's step, `barrage load`'s own process, the lab's
//! measurement of a child and its driver's output.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::load::{RunReport, StopReason};

/// The client's CPU and wait for a core, as a share of its cores, at or
/// above which it was saturated: it ran, or wanted to run, nearly all the
/// time, and a faster server would not have been served faster.
pub const CPU_SHARE: f64 = 0.9;
/// The client's own send delay p99 at or above this share of the latency
/// p99 is a large part of it: a quarter of what the run measured is the
/// client's lateness, not the server's. Below it the client's delay is
/// within the spread the server's own latency shows run to run.
pub const SEND_DELAY_SHARE: f64 = 0.25;
/// ... and at or above this, microseconds. A quiet run at 100 µs latencies
/// has client delays of tens of µs (a timer's wake-up on a VM is about
/// 12 µs): a share of a small figure is no fault. A millisecond is a
/// scheduler's time slice: a client that late was kept off its core.
pub const SEND_DELAY_FLOOR_US: u64 = 1_000;
/// A run at or above this share of the client's ceiling for its shape
/// measured the client: the ceiling is what the same client reached,
/// with the same connections and requests, against a responder that
/// leaves it all the work.
pub const CEILING_SHARE: f64 = 0.9;
/// A client that sent less than this share of the requests due offered
/// less than asked (the capacity search's passing share, `ACHIEVED_SHARE`).
pub const OFFER_SHARE: f64 = 0.99;
/// Sends that waited for a free connection at most this share of all sends:
/// the connections were free, and a shortfall is the client's. More, and
/// the server held the connections (its slowness, not the client's).
pub const WAITED_SHARE: f64 = 0.01;

/// One reason a run is the client's fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// At or above [`CEILING_SHARE`] of the client's ceiling for its shape.
    Ceiling,
    /// CPU and wait for a core at or above [`CPU_SHARE`] of its cores.
    Cpu,
    /// Its own send delay is a large part of the latency ([`SEND_DELAY_SHARE`],
    /// [`SEND_DELAY_FLOOR_US`]).
    SendDelay,
    /// It did not offer the rate asked while connections were free.
    Offer,
}

impl Reason {
    /// `cpu`, `send_delay`, `offer` (as in the JSON).
    pub fn name(self) -> &'static str {
        match self {
            Reason::Ceiling => "ceiling",
            Reason::Cpu => "cpu",
            Reason::SendDelay => "send_delay",
            Reason::Offer => "offer",
        }
    }

    /// A few words for a legend or a tooltip.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Ceiling => {
                "the rate was 90% or more of the client's ceiling for this shape, measured in the same sitting"
            }
            Reason::Cpu => "the client's CPU (with its wait for a core) was 90% or more of its cores",
            Reason::SendDelay => {
                "the client's own send delay p99 was 25% or more of the latency p99 (and 1 ms or more)"
            }
            Reason::Offer => "the client did not offer the rate asked while connections were free",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a client's CPU share says about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CpuUse {
    /// It sleeps when idle: its CPU share is how busy it was.
    #[default]
    Counts,
    /// It busy-polls its core by design (httperf): its CPU share is full
    /// whatever the load, and says nothing. It is judged by what it
    /// offered and reported.
    Spins,
}

/// How much of its cores the client used over a run: its CPU share, and
/// the share it spent ready to run but waiting for a core (Linux
/// schedstat). None when unknown.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ClientLoad {
    pub cpu_share: Option<f64>,
    pub wait_share: Option<f64>,
}

impl ClientLoad {
    /// The client wanted at least [`CPU_SHARE`] of its cores: it ran, or
    /// waited to run, nearly all the time.
    pub fn saturated(&self) -> bool {
        self.cpu_share
            .is_some_and(|c| c + self.wait_share.unwrap_or(0.0) >= CPU_SHARE)
    }
}

/// What an external driver with a schedule of its own (httperf's session
/// rate) offered, from its output: read when its CPU says nothing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Offered {
    /// The rate asked for, per second.
    pub asked_per_s: f64,
    /// The rate it kept, per second (httperf: connections started over the
    /// time it took to start them).
    pub kept_per_s: f64,
    /// Requests or connections it could not make for want of its own
    /// resources (httperf: fd-unavail, addrunavail, ftab-full).
    pub client_errors: u64,
}

/// The client's ceiling for a run's shape, and the rate the run is
/// judged by against it: a level's delivered rate, an open-loop step's
/// offered rate (what the client had to send).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ceiling {
    pub ceiling_per_s: f64,
    pub rate_per_s: f64,
}

impl Ceiling {
    /// The rate was at or above [`CEILING_SHARE`] of the ceiling.
    pub fn reached(&self) -> bool {
        self.ceiling_per_s > 0.0 && self.rate_per_s >= CEILING_SHARE * self.ceiling_per_s
    }
}

/// Everything the rule reads about one run.
#[derive(Debug, Clone, Copy, Default)]
pub struct Evidence<'a> {
    /// The client's ceiling for the run's shape, where it was measured.
    pub ceiling: Option<Ceiling>,
    pub load: ClientLoad,
    pub cpu: CpuUse,
    /// barrage's report: its send delays and schedule keeping.
    pub report: Option<&'a RunReport>,
    /// An external driver's own schedule keeping.
    pub offered: Option<Offered>,
}

/// A run's own judgement of its client (`RunReport::client_bound`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClientBoundReport {
    /// Every reason that held; empty: the run was not client-bound.
    pub reasons: Vec<Reason>,
    /// The client's CPU over the run as a share of its worker threads' cores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_share: Option<f64>,
    /// The share of those cores' time its threads waited for a core.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait_share: Option<f64>,
    /// The reasons in words (`explain`), empty when none held.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
}

impl ClientBoundReport {
    /// Judges `report` with the client's `load` (barrage's own engine: its
    /// CPU counts).
    pub fn judge(report: &RunReport, load: ClientLoad) -> ClientBoundReport {
        let e = Evidence {
            ceiling: None,
            load,
            cpu: CpuUse::Counts,
            report: Some(report),
            offered: None,
        };
        let reasons = reasons(&e);
        ClientBoundReport {
            why: explain(&reasons, &e),
            reasons,
            cpu_share: load.cpu_share,
            wait_share: load.wait_share,
        }
    }
}

impl ClientBoundReport {
    /// Adds another part's judgement of a load run side by side: every
    /// reason either had, the higher shares.
    pub fn merge(&mut self, other: &ClientBoundReport) {
        self.reasons.extend(&other.reasons);
        self.reasons.sort();
        self.reasons.dedup();
        let max = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.cpu_share = max(self.cpu_share, other.cpu_share);
        self.wait_share = max(self.wait_share, other.wait_share);
        if !other.why.is_empty() {
            if !self.why.is_empty() {
                self.why.push_str("; ");
            }
            self.why.push_str(&other.why);
        }
    }
}

/// Every reason that holds, in [`Reason`]'s order; empty: not client-bound.
pub fn reasons(e: &Evidence) -> Vec<Reason> {
    let mut out = Vec::new();
    if e.ceiling.is_some_and(|c| c.reached()) {
        out.push(Reason::Ceiling);
    }
    if e.cpu == CpuUse::Counts && e.load.saturated() {
        out.push(Reason::Cpu);
    }
    if e.report.is_some_and(send_delay_holds) {
        out.push(Reason::SendDelay);
    }
    let offer = e.report.is_some_and(offer_shortfall_holds) || e.offered.is_some_and(offer_holds);
    if offer {
        out.push(Reason::Offer);
    }
    out
}

/// The client's own send delay p99 is at least [`SEND_DELAY_SHARE`] of the
/// latency p99, and at least [`SEND_DELAY_FLOOR_US`].
pub fn send_delay_holds(r: &RunReport) -> bool {
    let Some(ol) = &r.open_loop else { return false };
    let own = ol.client_delay_us.p99;
    ol.client_delay_us.count > 0
        && own >= SEND_DELAY_FLOOR_US
        && own as f64 >= SEND_DELAY_SHARE * r.latency_us.p99 as f64
}

/// An open loop sent less than [`OFFER_SHARE`] of its schedule (one
/// request of slack at the window's edge) while at most [`WAITED_SHARE`]
/// of its sends waited for a connection, and the requests it never sent
/// do not explain the shortfall as waits for a connection.
///
/// Requests never sent are the requests still due when the run ended. A
/// client whose loop lagged leaves about its lag's worth of them (the rate
/// times its longest own send delay): those are its own. The rest were
/// waiting for a connection the server still held.
pub fn offer_shortfall_holds(r: &RunReport) -> bool {
    let Some(ol) = &r.open_loop else { return false };
    // A budget (`-n`) was all sent; an interrupted run was cut short.
    if r.stop_reason != StopReason::Duration {
        return false;
    }
    let elapsed = r.totals.elapsed_s;
    let target = ol.target_rate_per_s;
    if elapsed <= 0.0 || target <= 0.0 {
        return false;
    }
    let sent = r.totals.requests_sent as f64;
    if ol.waited_for_connection as f64 > WAITED_SHARE * sent.max(1.0) {
        return false;
    }
    let due = target * elapsed;
    let own_backlog = target * ol.client_delay_us.max as f64 / 1e6;
    let waiting = (ol.unsent as f64 - own_backlog).max(0.0);
    let edge = 1.0;
    OFFER_SHARE * due - (sent + waiting + edge) > 0.0
}

/// An external driver kept less than [`OFFER_SHARE`] of the rate asked, or
/// ran out of its own sockets.
pub fn offer_holds(o: Offered) -> bool {
    o.client_errors > 0 || o.kept_per_s < OFFER_SHARE * o.asked_per_s
}

/// The reasons as one line, for a summary: `send delay p99 3.20 ms is 60%
/// of latency p99 5.33 ms; ...`.
pub fn explain(reasons: &[Reason], e: &Evidence) -> String {
    let parts: Vec<String> = reasons.iter().map(|r| explain_one(*r, e)).collect();
    parts.join("; ")
}

fn explain_one(reason: Reason, e: &Evidence) -> String {
    let ms = |us: u64| format!("{:.2} ms", us as f64 / 1e3);
    match reason {
        Reason::Ceiling => {
            let c = e.ceiling.expect("the ceiling reason reads a ceiling");
            format!(
                "{:.0}/s is {:.0}% of the client's ceiling here, {:.0}/s",
                c.rate_per_s,
                100.0 * c.rate_per_s / c.ceiling_per_s,
                c.ceiling_per_s
            )
        }
        Reason::Cpu => format!(
            "CPU {:.0}% and wait for a core {:.0}% of its cores",
            100.0 * e.load.cpu_share.unwrap_or(0.0),
            100.0 * e.load.wait_share.unwrap_or(0.0)
        ),
        Reason::SendDelay => {
            let r = e.report.expect("the send-delay reason reads a report");
            let own = r.open_loop.as_ref().map_or(0, |o| o.client_delay_us.p99);
            let p99 = r.latency_us.p99.max(1);
            format!(
                "send delay p99 {} is {:.0}% of latency p99 {}",
                ms(own),
                100.0 * own as f64 / p99 as f64,
                ms(p99)
            )
        }
        Reason::Offer => match (e.report.and_then(|r| r.open_loop.as_ref()), e.offered) {
            (Some(ol), _) => format!(
                "sent {:.0}/s of {:.0}/s asked with connections free ({} waited for one)",
                ol.achieved_rate_per_s, ol.target_rate_per_s, ol.waited_for_connection
            ),
            (None, Some(o)) if o.client_errors > 0 => format!(
                "{} connections failed for want of the client's own sockets",
                o.client_errors
            ),
            (None, Some(o)) => {
                format!("kept {:.0}/s of {:.0}/s asked", o.kept_per_s, o.asked_per_s)
            }
            (None, None) => "the schedule slipped".into(),
        },
    }
}

#[cfg(test)]
mod tests;
