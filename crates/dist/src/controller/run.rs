//! A plan split over the agents: each prepares its part, all start at one
//! instant, their seconds are summed for the caller as they come, and
//! their reports are merged exactly. Nothing here prints.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use barrage_engine::search::{Measured, StepError};
use barrage_engine::{AgentReport, AgentsReport, LoadSpec, RunReport, StopReason};

use super::{Agent, AgentSecond, Controller, Live, Outcome, RunError};
use crate::clock::Estimate;
use crate::link::Incoming;
use crate::proto::{unix_us_now, Event, Request};

/// How long before the common start instant the start is sent: room for
/// every agent to get it and for its threads to be ready.
pub const START_LEAD: Duration = Duration::from_millis(500);

/// How long the agents have to prepare their parts.
const PREPARE_LIMIT: Duration = Duration::from_secs(30);

impl Controller {
    /// Runs `spec` split over the agents (part i on agent i), all starting
    /// at one instant `lead` from now; `live` sees each second summed.
    pub fn run(
        &mut self,
        spec: &LoadSpec,
        threads: Option<usize>,
        lead: Duration,
        stop: &AtomicBool,
        live: &mut dyn FnMut(&Live),
    ) -> Result<Outcome, RunError> {
        self.prepare(spec, threads)?;
        let slowest_delay = self
            .agents
            .iter()
            .map(|a| a.clock.delay_us)
            .max()
            .unwrap_or(0);
        let start_at = unix_us_now() + lead.as_micros() as u64 + 2 * slowest_delay;
        for agent in &mut self.agents {
            let at = agent.clock.to_agent(start_at);
            agent.link.send(&Request::Start { at_unix_us: at });
        }
        self.gather(spec, start_at, stop, live)
    }

    /// One step of a capacity search on every agent at once
    /// ([`Controller::run`] from [`START_LEAD`], nothing live): the merged
    /// report and the CPU share of the busiest agent. Any failure ends the
    /// search ([`StepError::Failed`]).
    pub fn search_step(
        &mut self,
        spec: &LoadSpec,
        threads: Option<usize>,
        stop: &AtomicBool,
    ) -> Result<Measured, StepError> {
        let t0 = Instant::now();
        let out = self
            .run(spec, threads, START_LEAD, stop, &mut |_| {})
            .map_err(|e| StepError::Failed(e.to_string()))?;
        let client_cpu_share = busiest_agent(&out.merged, t0.elapsed().as_secs_f64());
        Ok(Measured {
            report: out.merged,
            client_cpu_share,
            // The agents report their CPU only.
            client_wait_share: None,
        })
    }

    /// Sends every agent its part and waits until all are ready.
    fn prepare(&mut self, spec: &LoadSpec, threads: Option<usize>) -> Result<(), RunError> {
        let n = self.agents.len();
        let parts = spec.split(n as u32);
        let ca_pem = match &spec.tls.ca_file {
            Some(p) => Some(std::fs::read_to_string(p).map_err(|e| RunError::Refused {
                host: "local".into(),
                message: format!("cannot read the CA file {}: {e}", p.display()),
            })?),
            None => None,
        };
        for (agent, part) in self.agents.iter_mut().zip(parts) {
            agent.link.send(&Request::Prepare {
                spec: Box::new(part),
                ca_pem: ca_pem.clone(),
                cores: agent.host.cores.clone(),
                threads,
            });
        }
        let mut ready = vec![false; n];
        let deadline = Instant::now() + PREPARE_LIMIT;
        while ready.iter().any(|r| !r) {
            let left = deadline.saturating_duration_since(Instant::now());
            let Ok((i, msg)) = self.rx.recv_timeout(left) else {
                let i = ready.iter().position(|r| !r).unwrap_or(0);
                return Err(self.refused(i, "no answer to prepare within 30 s".into()));
            };
            match msg {
                Incoming::Event(Event::Ready) => ready[i] = true,
                Incoming::Event(Event::Error { message }) => return Err(self.refused(i, message)),
                Incoming::Closed(why) => {
                    return Err(self.refused(i, format!("the agent's channel closed: {why}")))
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn refused(&mut self, i: usize, message: String) -> RunError {
        for a in &mut self.agents {
            a.link.send(&Request::Stop);
        }
        RunError::Refused {
            host: self.agents[i].host.name.clone(),
            message,
        }
    }

    /// Listens to the agents until each sent its result or failed; stops
    /// them all on `stop` or on the first failure.
    fn gather(
        &mut self,
        spec: &LoadSpec,
        start_at: u64,
        stop: &AtomicBool,
        live: &mut dyn FnMut(&Live),
    ) -> Result<Outcome, RunError> {
        let mut g = Gathering::new(self.agents.len());
        let mut stopping = false;
        // An agent sends a window every second; this long without a word
        // (on top of the wait for its start and its last responses) is a
        // dead host or a stalled channel.
        let silence = spec.timeout + Duration::from_secs(10);
        let first_word = Duration::from_micros(start_at.saturating_sub(unix_us_now())) + silence;
        let begun = Instant::now();
        while !g.done() {
            if (stop.load(Ordering::SeqCst) || g.any_failed()) && !stopping {
                stopping = true;
                for a in &mut self.agents {
                    a.link.send(&Request::Stop);
                }
            }
            match self.rx.recv_timeout(Duration::from_millis(100)) {
                Ok((i, msg)) => {
                    if let Some(second) = g.on_message(i, msg, &self.agents[i].clock) {
                        live(&self.sum(&second));
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => g.all_closed(),
            }
            for i in g.silent(begun, first_word, silence) {
                self.agents[i].link.close();
            }
        }
        self.merge(g, start_at)
    }

    /// The agents' reports merged (measured_from on this clock, the
    /// `agents` section filled); an agent that failed makes the run
    /// invalid, what the others measured kept as partial.
    fn merge(&self, g: Gathering, start_at: u64) -> Result<Outcome, RunError> {
        let earliest = g
            .started
            .iter()
            .flatten()
            .min()
            .copied()
            .unwrap_or(start_at);
        let mut parts = Vec::new();
        let mut hosts = Vec::new();
        for (i, r) in g.results.into_iter().enumerate() {
            let Some((mut report, cpu_s)) = r else {
                continue;
            };
            if let Some(t) = g.started[i] {
                report.measured_from_unix_ms = Some(t / 1000);
            }
            hosts.push(agent_report(
                &self.agents[i],
                &report,
                cpu_s,
                g.started[i].map_or(0, |t| t.saturating_sub(earliest)),
            ));
            parts.push(report);
        }
        let merged = parts.split_first().map(|(first, rest)| {
            let mut m = first.clone();
            for r in rest {
                m.merge(r);
            }
            m.agents = Some(AgentsReport {
                start_at_unix_us: start_at,
                start_skew_us: hosts.iter().map(|h| h.started_after_us).max().unwrap_or(0),
                hosts: hosts.clone(),
            });
            m
        });
        if let Some(i) = g.failed.iter().position(Option::is_some) {
            return Err(RunError::AgentFailed {
                host: self.agents[i].host.name.clone(),
                reason: g.failed[i].clone().unwrap_or_default(),
                partial: merged.map(|mut m| {
                    m.stop_reason = StopReason::Interrupted;
                    Box::new(m)
                }),
            });
        }
        let merged = merged.expect("every agent sent a result");
        Ok(Outcome { merged, parts })
    }

    /// One second summed over the agents that sent it.
    fn sum(&self, second: &Second) -> Live {
        let mut live = Live {
            index: second.index,
            warmup: second.warmup,
            seconds: 0.0,
            responses: 0,
            errors: 0,
            slowest: (String::new(), 0),
            agents: 0,
            per_agent: Vec::new(),
        };
        for (i, ev) in second.windows.iter().enumerate() {
            if let Some(Event::Window {
                seconds,
                responses,
                errors,
                p99_us,
                ..
            }) = ev
            {
                live.agents += 1;
                live.seconds = live.seconds.max(*seconds);
                live.responses += responses;
                live.errors += errors;
                live.per_agent.push(AgentSecond {
                    host: self.agents[i].host.name.clone(),
                    responses: *responses,
                    errors: *errors,
                    p99_us: *p99_us,
                });
                if *p99_us >= live.slowest.1 {
                    live.slowest = (self.agents[i].host.name.clone(), *p99_us);
                }
            }
        }
        live
    }
}

/// One agent's line of the `agents` section.
fn agent_report(a: &Agent, report: &RunReport, cpu_s: f64, started_after_us: u64) -> AgentReport {
    AgentReport {
        host: a.host.name.clone(),
        clock_offset_us: a.clock.offset_us,
        clock_delay_us: a.clock.delay_us,
        started_after_us,
        requests_sent: report.totals.requests_sent,
        responses: report.totals.responses,
        errors: report.totals.errors,
        latency_p99_us: report.latency_us.p99 as f64,
        cpu_s,
        stop_reason: report.stop_reason,
    }
}

/// The CPU share of the busiest agent of a merged run (its CPU seconds
/// over the run's wall time and its share of the worker threads).
fn busiest_agent(merged: &RunReport, wall_s: f64) -> Option<f64> {
    let agents = merged.agents.as_ref()?;
    let n = agents.hosts.len().max(1);
    let threads = (merged.spec.threads / n).max(1) as f64;
    agents
        .hosts
        .iter()
        .map(|h| h.cpu_s / (wall_s * threads))
        .filter(|s| s.is_finite())
        .reduce(f64::max)
}

/// One second's windows, one per agent (None: not sent).
struct Second {
    index: u32,
    warmup: bool,
    windows: Vec<Option<Event>>,
}

/// What a split run has heard from its agents so far.
struct Gathering {
    /// When each agent's measured phase began, on the controller's clock.
    started: Vec<Option<u64>>,
    /// Each agent's report and CPU seconds.
    results: Vec<Option<(RunReport, f64)>>,
    /// Why an agent failed.
    failed: Vec<Option<String>>,
    /// When each agent was last heard from.
    heard: Vec<Instant>,
    /// Seconds not yet heard from every live agent, by (measured, index).
    windows: BTreeMap<(bool, u32), Vec<Option<Event>>>,
}

impl Gathering {
    fn new(n: usize) -> Gathering {
        Gathering {
            started: vec![None; n],
            results: vec![None; n],
            failed: vec![None; n],
            heard: vec![Instant::now(); n],
            windows: BTreeMap::new(),
        }
    }

    fn pending(&self, i: usize) -> bool {
        self.results[i].is_none() && self.failed[i].is_none()
    }

    fn done(&self) -> bool {
        (0..self.results.len()).all(|i| !self.pending(i))
    }

    fn any_failed(&self) -> bool {
        self.failed.iter().any(Option::is_some)
    }

    /// Takes agent `i`'s message; a second every live agent has now sent
    /// is returned, to be summed.
    fn on_message(&mut self, i: usize, msg: Incoming, clock: &Estimate) -> Option<Second> {
        self.heard[i] = Instant::now();
        match msg {
            Incoming::Event(Event::Started {
                measured_from_unix_us,
            }) => self.started[i] = Some(clock.to_controller(measured_from_unix_us)),
            Incoming::Event(ev @ Event::Window { .. }) => return self.on_window(i, ev),
            Incoming::Event(Event::Result { report, cpu_s }) => {
                self.results[i] = Some((*report, cpu_s))
            }
            Incoming::Event(Event::Error { message }) if self.results[i].is_none() => {
                self.failed[i] = Some(message);
            }
            Incoming::Closed(why) if self.pending(i) => {
                self.failed[i] = Some(if why.is_empty() {
                    "its channel closed (the agent exited or the host went away)".into()
                } else {
                    format!("its channel closed: {why}")
                });
            }
            _ => {}
        }
        None
    }

    fn on_window(&mut self, i: usize, ev: Event) -> Option<Second> {
        let Event::Window { index, warmup, .. } = ev else {
            return None;
        };
        let n = self.results.len();
        let slot = self
            .windows
            .entry((!warmup, index))
            .or_insert_with(|| vec![None; n]);
        slot[i] = Some(ev);
        let complete = (0..n)
            .filter(|&j| self.failed[j].is_none())
            .all(|j| slot[j].is_some());
        complete.then(|| Second {
            index,
            warmup,
            windows: self.windows.remove(&(!warmup, index)).unwrap_or_default(),
        })
    }

    /// Every channel is gone: every agent still running failed.
    fn all_closed(&mut self) {
        for i in 0..self.results.len() {
            if self.pending(i) {
                self.failed[i] = Some("its channel closed".into());
            }
        }
    }

    /// Agents silent for too long, now marked failed (their links are
    /// for the caller to close).
    fn silent(&mut self, begun: Instant, first_word: Duration, silence: Duration) -> Vec<usize> {
        let mut gone = Vec::new();
        for i in 0..self.results.len() {
            let limit = if self.started[i].is_none() {
                first_word.max(silence)
            } else {
                silence
            };
            let quiet = self.heard[i].max(begun).elapsed();
            if self.pending(i) && quiet > limit {
                self.failed[i] = Some(format!(
                    "no word from it for {:.0} s (host down or channel stalled)",
                    quiet.as_secs_f64()
                ));
                gone.push(i);
            }
        }
        gone
    }
}
