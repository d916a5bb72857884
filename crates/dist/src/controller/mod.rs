//! The controller: agents on hosts, their clocks, one start instant, and
//! one exactly merged report.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use barrage_engine::{AgentReport, AgentsReport, LoadSpec, RunReport, StopReason};

use crate::clock::{self, Estimate, Sample};
use crate::host::{Host, SshOptions};
use crate::install::{self, Found};
use crate::link::{close_master, Incoming, Link};
use crate::proto::{unix_us_now, Event, Request, PROTOCOL};

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
    /// Reaches every host (in parallel), puts this barrage there when
    /// needed, starts the agents, checks they speak this protocol, and
    /// estimates their clocks. An error is one line naming the host.
    pub fn connect(
        hosts: &[Host],
        ssh: &SshOptions,
        log: &mut dyn FnMut(&str),
    ) -> Result<Controller, String> {
        Controller::try_connect(hosts, ssh, log).inspect_err(|_| {
            // No master connection outlives a failed start.
            for h in hosts {
                close_master(&h.address, ssh);
            }
        })
    }

    fn try_connect(
        hosts: &[Host],
        ssh: &SshOptions,
        log: &mut dyn FnMut(&str),
    ) -> Result<Controller, String> {
        if hosts.is_empty() {
            return Err("no agent host given".into());
        }
        let installs: Vec<Result<(String, Found), String>> = std::thread::scope(|s| {
            let handles: Vec<_> = hosts
                .iter()
                .map(|h| s.spawn(move || install::ensure(h, ssh)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("the install check panicked".into()))
                })
                .collect()
        });
        let mut binaries = Vec::new();
        for (host, r) in hosts.iter().zip(installs) {
            let (path, found) = r?;
            match &found {
                Found::Copied { bytes } => log(&format!(
                    "host {}: copied barrage ({:.1} MB, sha256 checked) to {path}",
                    host.name,
                    *bytes as f64 / 1e6
                )),
                Found::Cached | Found::OnPath => log(&format!("host {}: using {path}", host.name)),
                Found::Local => {}
            }
            binaries.push((path, found));
        }
        let (tx, rx) = mpsc::channel();
        let mut links = Vec::new();
        for (i, (host, (path, _))) in hosts.iter().zip(&binaries).enumerate() {
            let mut link = Link::open(host, path, ssh, i, tx.clone())?;
            link.send(&Request::Hello);
            links.push(link);
        }
        drop(tx);
        let mut hellos: Vec<Option<(String, usize)>> = vec![None; hosts.len()];
        let deadline = Instant::now() + Duration::from_secs(30);
        while hellos.iter().any(Option::is_none) {
            let left = deadline.saturating_duration_since(Instant::now());
            let (i, msg) = match rx.recv_timeout(left) {
                Ok(m) => m,
                Err(_) => {
                    let i = hellos.iter().position(Option::is_none).unwrap_or(0);
                    return Err(format!(
                        "host {}: the agent did not answer within 30 s",
                        hosts[i].name
                    ));
                }
            };
            match msg {
                Incoming::Event(Event::Hello {
                    protocol,
                    version,
                    hostname,
                    cores,
                    ..
                }) => {
                    if protocol != PROTOCOL || version != env!("CARGO_PKG_VERSION") {
                        return Err(format!(
                            "host {}: its agent is barrage {version} (protocol {protocol}), this is {} (protocol {PROTOCOL}): remove the other barrage from its PATH",
                            hosts[i].name,
                            env!("CARGO_PKG_VERSION")
                        ));
                    }
                    hellos[i] = Some((hostname, cores));
                }
                Incoming::Closed(stderr) => {
                    return Err(install::unreachable_line(&hosts[i], &stderr));
                }
                _ => {}
            }
        }
        let mut agents: Vec<Agent> = links
            .into_iter()
            .zip(binaries)
            .zip(hellos)
            .map(|((link, (binary, found)), hello)| {
                let (hostname, cores) = hello.expect("every agent said hello");
                Agent {
                    host: link.host.clone(),
                    link,
                    clock: Estimate::default(),
                    hostname,
                    cores,
                    binary,
                    found,
                }
            })
            .collect();
        for (i, agent) in agents.iter_mut().enumerate() {
            agent.clock = sync_clock(&mut agent.link, i, &rx)
                .map_err(|e| format!("host {}: {e}", agent.host.name))?;
        }
        Ok(Controller {
            agents,
            rx,
            ssh: ssh.clone(),
            calls: Calls::default(),
        })
    }

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
        let deadline = Instant::now() + Duration::from_secs(30);
        while ready.iter().any(|r| !r) {
            let left = deadline.saturating_duration_since(Instant::now());
            let (i, msg) = match self.rx.recv_timeout(left) {
                Ok(m) => m,
                Err(_) => {
                    let i = ready.iter().position(|r| !r).unwrap_or(0);
                    return Err(self.refused(i, "no answer to prepare within 30 s".into()));
                }
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

    fn refused(&mut self, i: usize, message: String) -> RunError {
        for a in &mut self.agents {
            a.link.send(&Request::Stop);
        }
        RunError::Refused {
            host: self.agents[i].host.name.clone(),
            message,
        }
    }

    fn gather(
        &mut self,
        spec: &LoadSpec,
        start_at: u64,
        stop: &AtomicBool,
        live: &mut dyn FnMut(&Live),
    ) -> Result<Outcome, RunError> {
        let n = self.agents.len();
        let mut started: Vec<Option<u64>> = vec![None; n];
        let mut results: Vec<Option<(RunReport, f64)>> = vec![None; n];
        let mut failed: Vec<Option<String>> = vec![None; n];
        let mut heard = vec![Instant::now(); n];
        let mut windows: BTreeMap<(bool, u32), Vec<Option<Event>>> = BTreeMap::new();
        let mut stopping = false;
        // An agent sends a window every second; this long without a word
        // (on top of the wait for its start and its last responses) is a
        // dead host or a stalled channel.
        let silence = spec.timeout + Duration::from_secs(10);
        let first_word = Duration::from_micros(start_at.saturating_sub(unix_us_now())) + silence;
        let begun = Instant::now();
        loop {
            let done = (0..n).all(|i| results[i].is_some() || failed[i].is_some());
            if done {
                break;
            }
            if (stop.load(Ordering::SeqCst) || failed.iter().any(Option::is_some)) && !stopping {
                stopping = true;
                for a in &mut self.agents {
                    a.link.send(&Request::Stop);
                }
            }
            match self.rx.recv_timeout(Duration::from_millis(100)) {
                Ok((i, msg)) => {
                    heard[i] = Instant::now();
                    match msg {
                        Incoming::Event(Event::Started {
                            measured_from_unix_us,
                        }) => {
                            started[i] =
                                Some(self.agents[i].clock.to_controller(measured_from_unix_us))
                        }
                        Incoming::Event(ev @ Event::Window { .. }) => {
                            let Event::Window { index, warmup, .. } = ev else {
                                unreachable!()
                            };
                            let slot = windows
                                .entry((!warmup, index))
                                .or_insert_with(|| vec![None; n]);
                            slot[i] = Some(ev);
                            let alive: Vec<usize> =
                                (0..n).filter(|&j| failed[j].is_none()).collect();
                            if alive.iter().all(|&j| slot[j].is_some()) {
                                let slot = windows.remove(&(!warmup, index)).unwrap_or_default();
                                live(&self.sum(index, warmup, &slot));
                            }
                        }
                        Incoming::Event(Event::Result { report, cpu_s }) => {
                            results[i] = Some((*report, cpu_s))
                        }
                        Incoming::Event(Event::Error { message }) if results[i].is_none() => {
                            failed[i] = Some(message);
                        }
                        Incoming::Closed(why) if results[i].is_none() && failed[i].is_none() => {
                            failed[i] = Some(if why.is_empty() {
                                "its channel closed (the agent exited or the host went away)".into()
                            } else {
                                format!("its channel closed: {why}")
                            });
                        }
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    for i in 0..n {
                        if results[i].is_none() && failed[i].is_none() {
                            failed[i] = Some("its channel closed".into());
                        }
                    }
                }
            }
            for i in 0..n {
                let limit = if started[i].is_none() {
                    first_word.max(silence)
                } else {
                    silence
                };
                let quiet = heard[i].max(begun).elapsed();
                if results[i].is_none() && failed[i].is_none() && quiet > limit {
                    failed[i] = Some(format!(
                        "no word from it for {:.0} s (host down or channel stalled)",
                        quiet.as_secs_f64()
                    ));
                    self.agents[i].link.close();
                }
            }
        }
        let earliest = started.iter().flatten().min().copied().unwrap_or(start_at);
        let mut parts = Vec::new();
        let mut hosts = Vec::new();
        for (i, r) in results.iter().enumerate() {
            let Some((report, cpu_s)) = r else { continue };
            let mut report = report.clone();
            if let Some(t) = started[i] {
                report.measured_from_unix_ms = Some(t / 1000);
            }
            let a = &self.agents[i];
            hosts.push(AgentReport {
                host: a.host.name.clone(),
                clock_offset_us: a.clock.offset_us,
                clock_delay_us: a.clock.delay_us,
                started_after_us: started[i].map_or(0, |t| t.saturating_sub(earliest)),
                requests_sent: report.totals.requests_sent,
                responses: report.totals.responses,
                errors: report.totals.errors,
                latency_p99_us: report.latency_us.p99 as f64,
                cpu_s: *cpu_s,
                stop_reason: report.stop_reason,
            });
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
        if let Some(i) = failed.iter().position(Option::is_some) {
            return Err(RunError::AgentFailed {
                host: self.agents[i].host.name.clone(),
                reason: failed[i].clone().unwrap_or_default(),
                partial: merged.map(|mut m| {
                    m.stop_reason = StopReason::Interrupted;
                    Box::new(m)
                }),
            });
        }
        let merged = merged.expect("every agent sent a result");
        Ok(Outcome { merged, parts })
    }

    fn sum(&self, index: u32, warmup: bool, slot: &[Option<Event>]) -> Live {
        let mut live = Live {
            index,
            warmup,
            seconds: 0.0,
            responses: 0,
            errors: 0,
            slowest: (String::new(), 0),
            agents: 0,
            per_agent: Vec::new(),
        };
        for (i, ev) in slot.iter().enumerate() {
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

fn sync_clock(
    link: &mut Link,
    me: usize,
    rx: &Receiver<(usize, Incoming)>,
) -> Result<Estimate, String> {
    let mut samples = Vec::new();
    for id in 0..CLOCK_SAMPLES {
        let sent_us = unix_us_now();
        if !link.send(&Request::Clock { id }) {
            return Err("the agent's channel closed during the clock check".into());
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok((i, Incoming::Event(Event::Clock { id: got, unix_us })))
                    if i == me && got == id =>
                {
                    samples.push(Sample {
                        sent_us,
                        agent_us: unix_us,
                        received_us: unix_us_now(),
                    });
                    break;
                }
                Ok((i, Incoming::Closed(why))) if i == me => {
                    return Err(format!(
                        "the agent's channel closed during the clock check: {why}"
                    ))
                }
                Ok(_) => {}
                Err(_) => return Err("no answer to a clock check within 10 s".into()),
            }
        }
    }
    clock::best(&samples).ok_or_else(|| "no clock sample".into())
}
