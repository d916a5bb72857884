//! The controller: agents on hosts, their clocks, one start instant, and
//! one exactly merged report.
//!
//! [`Controller::connect`] reaches the agents (`connect.rs`),
//! [`Controller::run`] splits a plan over them and merges their reports
//! (`run.rs`), and [`Controller::call`] carries the lab's calls to their
//! extensions. It prints nothing: progress goes to the callbacks the
//! caller passes.

mod connect;
mod run;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use barrage_engine::RunReport;

use crate::clock::Estimate;
use crate::host::{Host, SshOptions};
use crate::install::Found;
use crate::link::{close_master, Incoming, Link};
use crate::proto::{Event, Request};

pub use connect::AgentList;
pub use run::START_LEAD;

/// Clock round trips per agent; the one with the lowest delay is kept.
pub const CLOCK_SAMPLES: u32 = 16;

/// One connected agent.
pub struct Agent {
    pub host: Host,
    link: Link,
    pub clock: Estimate,
    pub hostname: String,
    pub cores: usize,
    /// The barrage binary there, and how it got there.
    pub binary: String,
    pub found: Found,
}

/// Agents on hosts, ready to run load.
pub struct Controller {
    pub agents: Vec<Agent>,
    rx: Receiver<(usize, Incoming)>,
    ssh: SshOptions,
    calls: Calls,
}

/// Calls sent and not yet collected ([`Controller::call`]).
#[derive(Default)]
struct Calls {
    next: u64,
    /// Call id → the agent it went to.
    to: BTreeMap<u64, usize>,
    /// Answers that came in while waiting for others.
    answered: BTreeMap<u64, Result<serde_json::Value, String>>,
    /// Agents whose channel closed, with why.
    closed: BTreeMap<usize, String>,
}

/// A call sent to an agent ([`Controller::call`]), to collect with
/// [`Controller::wait`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallId(u64);

/// One second of a split run, summed over the agents.
#[derive(Debug, Clone)]
pub struct Live {
    pub index: u32,
    pub warmup: bool,
    pub seconds: f64,
    pub responses: u64,
    pub errors: u64,
    /// The agent with the highest p99 this second, and that p99.
    pub slowest: (String, u64),
    pub agents: usize,
    /// Each agent's second: host, responses, errors, p99 (µs).
    pub per_agent: Vec<AgentSecond>,
}

/// One agent's part of a second.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentSecond {
    pub host: String,
    pub responses: u64,
    pub errors: u64,
    pub p99_us: u64,
}

/// A split run's outcome.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Every part merged ([`RunReport::merge`]), with the `agents` section.
    pub merged: RunReport,
    /// Each agent's own report, in the agents' order (measured_from on the
    /// controller's clock).
    pub parts: Vec<RunReport>,
}

/// Why a split run has no valid result.
#[derive(Debug, Clone)]
pub enum RunError {
    /// An agent refused the plan before anything started.
    Refused { host: String, message: String },
    /// An agent died or failed mid-run; the others were stopped. What the
    /// others measured is kept (not a valid result: the plan's load was
    /// not all sent).
    AgentFailed {
        host: String,
        reason: String,
        partial: Option<Box<RunReport>>,
    },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Refused { host, message } => write!(f, "host {host}: {message}"),
            RunError::AgentFailed { host, reason, .. } => {
                write!(f, "agent on host {host} failed mid-run: {reason}")
            }
        }
    }
}

impl Controller {
    /// Sends a call to agent `i`'s extension; its answer is collected by
    /// [`Controller::wait`]. Calls to several agents run at the same time.
    pub fn call(&mut self, i: usize, call: serde_json::Value) -> CallId {
        let id = self.calls.next;
        self.calls.next += 1;
        self.calls.to.insert(id, i);
        let sent = self.agents[i].link.send(&Request::Call { id, call });
        if !sent {
            self.calls.answered.insert(
                id,
                Err(format!(
                    "host {}: the agent's channel is closed",
                    self.agents[i].host.name
                )),
            );
        }
        CallId(id)
    }

    /// The answer to `call`, waiting at most until `deadline` or until
    /// `stop` is set. An error names the host.
    pub fn wait(
        &mut self,
        call: CallId,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Result<serde_json::Value, String> {
        loop {
            let step = (Instant::now() + Duration::from_millis(50)).min(deadline);
            if let Some(answer) = self.poll(call, step) {
                return answer;
            }
            if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                let i = self.calls.to.remove(&call.0).unwrap_or(0);
                let host = &self.agents[i].host.name;
                return Err(if stop.load(Ordering::Relaxed) {
                    format!("host {host}: interrupted")
                } else {
                    format!("host {host}: no answer in time")
                });
            }
        }
    }

    /// The answer to `call` if it comes by `until` (or its agent's channel
    /// closed); None if it has not come yet, and the call stays pending.
    pub fn poll(
        &mut self,
        call: CallId,
        until: Instant,
    ) -> Option<Result<serde_json::Value, String>> {
        let id = call.0;
        let i = self.calls.to.get(&id).copied().unwrap_or(0);
        loop {
            if let Some(answer) = self.calls.answered.remove(&id) {
                self.calls.to.remove(&id);
                return Some(answer);
            }
            if let Some(why) = self.calls.closed.get(&i) {
                self.calls.to.remove(&id);
                let host = &self.agents[i].host.name;
                return Some(Err(format!(
                    "host {host}: the agent's channel closed: {why}"
                )));
            }
            let now = Instant::now();
            if now >= until {
                return None;
            }
            match self.rx.recv_timeout(until - now) {
                Ok((_, Incoming::Event(Event::Reply { id, ok, err }))) => {
                    // `"ok": null` (a call with nothing to return) reads as None.
                    let answer = match (ok, err) {
                        (v, None) => Ok(v.unwrap_or(serde_json::Value::Null)),
                        (_, e) => Err(format!(
                            "host {}: {}",
                            self.calls
                                .to
                                .get(&id)
                                .map_or("?", |&a| self.agents[a].host.name.as_str()),
                            e.unwrap_or_default()
                        )),
                    };
                    // Answers nobody waits for any more are dropped.
                    if self.calls.to.contains_key(&id) {
                        self.calls.answered.insert(id, answer);
                    }
                }
                Ok((a, Incoming::Closed(why))) => {
                    self.calls.closed.insert(a, why);
                }
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.calls.closed.entry(i).or_insert_with(|| "gone".into());
                }
            }
        }
    }

    /// Why agent `i`'s channel closed, once a wait or poll has seen it close.
    pub fn closed(&self, i: usize) -> Option<&str> {
        self.calls.closed.get(&i).map(String::as_str)
    }

    /// Forgets a call: its answer, when it comes, is dropped.
    pub fn forget(&mut self, call: CallId) {
        self.calls.to.remove(&call.0);
        self.calls.answered.remove(&call.0);
    }

    /// A call and its answer: [`Controller::call`] then [`Controller::wait`].
    pub fn ask(
        &mut self,
        i: usize,
        call: serde_json::Value,
        limit: Duration,
        stop: &AtomicBool,
    ) -> Result<serde_json::Value, String> {
        let id = self.call(i, call);
        self.wait(id, Instant::now() + limit, stop)
    }

    /// Ends every agent (their channels close) and every SSH master connection.
    pub fn close(self) {
        let hosts: Vec<Host> = self.agents.iter().map(|a| a.host.clone()).collect();
        // Dropping each link closes its channel and reaps its process.
        drop(self.agents);
        for h in hosts {
            close_master(&h.address, &self.ssh);
        }
    }
}
