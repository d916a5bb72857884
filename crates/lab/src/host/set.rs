//! The set of a run's hosts: the server host and the client hosts, each
//! reached its own way, all asked the same calls ([`Call`]).
//!
//! A suite on one box is a set of one member, this machine, whose agent
//! answers in the lab's own process; a run across hosts (`--hosts`) is a
//! set of agents reached over barrage-dist's agent protocol (SSH, a
//! namespace host, a child process). The runner never asks which: a new
//! kind of host is a new [`Reach`] here, and nothing else changes.
//!
//! It sends calls and collects answers (one, or several at once with a
//! failure stopping the others); it does not decide what to ask.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use barrage_dist::controller::{self, CallId, Controller};
use barrage_dist::host::{Address, Host, Inventory, SshOptions};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{Agent, Call};

/// Where a lab run's server and load go, as `barrage run --hosts` was told.
#[derive(Debug, Clone)]
pub struct Layout {
    pub inventory: Inventory,
    /// SSH options for the inventory (a namespace lab's own config included).
    pub ssh: SshOptions,
    pub server: String,
    pub clients: Vec<String>,
    /// Hosts the run also needs: its services' (`[[service]] host`).
    pub services: Vec<String>,
    /// The checkout on the hosts (`--remote-root`; default: the same path
    /// as here).
    pub remote_root: PathBuf,
}

/// How a member of the set is reached.
enum Reach {
    /// This machine, in the lab's own process: calls go straight to its agent.
    InProcess(Arc<Agent>),
    /// An agent over barrage-dist's protocol: its index among the
    /// controller's agents.
    Channel(usize),
}

struct Member {
    name: String,
    reach: Reach,
}

/// The hosts of a lab run, ready for calls.
pub struct Hosts {
    members: Vec<Member>,
    /// The agents reached over barrage-dist's protocol, if any.
    ctl: Option<Controller>,
    /// Member index of the server host, and of each client host.
    pub server: usize,
    pub clients: Vec<usize>,
    /// The address the server listens on and the clients send to.
    pub server_address: String,
    /// Per-run scratch directory on the hosts (logs, JSON); on this machine
    /// alone, the results directory itself.
    pub work: PathBuf,
    /// The server host's build cache.
    pub cache: PathBuf,
    /// A run across hosts: what it was told. None: this machine alone.
    pub layout: Option<Layout>,
}

/// How long a lab call other than a load run may take (a build can be long).
pub const CALL_LIMIT: Duration = Duration::from_secs(900);

/// A call sent and not answered yet.
enum Pending {
    Channel(CallId),
    InProcess(Receiver<Result<Value, String>>),
}

/// Calls sent to several hosts at once ([`Hosts::ask_all`]).
struct Batch<T> {
    hosts: Vec<usize>,
    pending: Vec<Option<Pending>>,
    answers: Vec<Option<Result<T, String>>>,
    /// The first failure: the call's index ([`usize::MAX`]: the server
    /// host's channel closed) and why.
    failed: Option<(usize, String)>,
}

impl<T> Batch<T> {
    fn answer(&mut self, k: usize, answer: Result<T, String>, stopping: bool) {
        if let (Err(e), None, false) = (&answer, &self.failed, stopping) {
            self.failed = Some((k, e.clone()));
        }
        self.answers[k] = Some(answer);
    }

    fn finish(self) -> (Vec<Result<T, String>>, Option<String>) {
        let answers = self
            .answers
            .into_iter()
            .map(|a| a.unwrap_or_else(|| Err("no answer".into())))
            .collect();
        (answers, self.failed.map(|(_, e)| e))
    }
}

impl Hosts {
    /// This machine alone, its agent in this process: the server and the
    /// load both here, the server on 127.0.0.1. `work` is the results
    /// directory (logs and files land in place), `cache` the build cache.
    pub fn local(barrage: PathBuf, stop: Arc<AtomicBool>, work: PathBuf, cache: PathBuf) -> Hosts {
        Hosts {
            members: vec![Member {
                name: "local".into(),
                reach: Reach::InProcess(Arc::new(Agent::in_process(barrage, stop))),
            }],
            ctl: None,
            server: 0,
            clients: vec![0],
            server_address: "127.0.0.1".into(),
            work,
            cache,
            layout: None,
        }
    }

    /// Reaches the server host and the client hosts (barrage installed there
    /// when needed, clocks estimated). One line naming the host on failure.
    pub fn connect(
        layout: Layout,
        stamp: &str,
        log: &mut dyn FnMut(&str),
    ) -> Result<Hosts, String> {
        let mut names: Vec<String> = vec![layout.server.clone()];
        for c in layout.clients.iter().chain(&layout.services) {
            if !names.contains(c) {
                names.push(c.clone());
            }
        }
        let hosts: Vec<Host> = names
            .iter()
            .map(|n| layout.inventory.host(n).cloned())
            .collect::<Result<_, _>>()?;
        let server_address = server_address(&layout.inventory, &hosts[0]);
        if server_address.starts_with("127.")
            && hosts[1..].iter().any(|h| h.address != Address::Local)
        {
            return Err(format!(
                "hosts: the server host {} is this machine and listens on 127.0.0.1, which the client hosts cannot reach: put the server on a host of the inventory",
                hosts[0].name
            ));
        }
        let ctl = Controller::connect(&hosts, &layout.ssh, log)?;
        let members = names
            .iter()
            .enumerate()
            .map(|(i, name)| Member {
                name: name.clone(),
                reach: Reach::Channel(i),
            })
            .collect();
        let clients = layout
            .clients
            .iter()
            .map(|c| names.iter().position(|n| n == c).unwrap_or(0))
            .collect();
        let results = layout.remote_root.join("results");
        Ok(Hosts {
            members,
            ctl: Some(ctl),
            server: 0,
            clients,
            server_address,
            work: results.join(".remote").join(stamp),
            cache: results.join(".build-cache"),
            layout: Some(layout),
        })
    }

    /// Whether the run goes across hosts (named in its results), rather
    /// than this machine alone.
    pub fn across(&self) -> bool {
        self.layout.is_some()
    }

    /// How many hosts the set has.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether the set is empty (it never is once made).
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    pub fn name(&self, host: usize) -> &str {
        &self.members[host].name
    }

    /// The agent of a host reached over barrage-dist's protocol (its
    /// address, clock and cores as connected); none for this process's.
    pub fn channel(&self, host: usize) -> Option<&controller::Agent> {
        match (&self.members[host].reach, &self.ctl) {
            (Reach::Channel(i), Some(ctl)) => ctl.agents.get(*i),
            _ => None,
        }
    }

    /// The member called `name`, if the set has it.
    pub fn named(&self, name: &str) -> Option<usize> {
        self.members.iter().position(|m| m.name == name)
    }

    /// The address a host's services listen on and the others reach it
    /// at (its namespace's or SSH address; 127.0.0.1 for this machine).
    pub fn address(&self, host: usize) -> String {
        match (self.channel(host), &self.layout) {
            (Some(agent), Some(layout)) => server_address(&layout.inventory, &agent.host),
            _ => "127.0.0.1".into(),
        }
    }

    /// The cores of a host from the inventory, when it names them.
    pub fn cores(&self, host: usize) -> Option<Vec<usize>> {
        self.channel(host).and_then(|a| a.host.cores.clone())
    }

    /// A Unix instant (µs) of this machine's clock on `host`'s clock.
    pub fn to_host_clock(&self, host: usize, unix_us: u64) -> u64 {
        match self.channel(host) {
            Some(a) => a.clock.to_agent(unix_us),
            None => unix_us,
        }
    }

    /// Whether `host` is this machine in this process (nothing to copy
    /// back, no channel to lose).
    pub fn in_process(&self, host: usize) -> bool {
        matches!(self.members[host].reach, Reach::InProcess(_))
    }

    /// A path of this checkout as the hosts see it: under `--remote-root`
    /// (the same path when it is outside the checkout, or on this machine
    /// alone).
    pub fn path_on_hosts(&self, local: &Path, repo: &Path) -> PathBuf {
        match (&self.layout, local.strip_prefix(repo)) {
            (Some(layout), Ok(rel)) => layout.remote_root.join(rel),
            _ => local.to_path_buf(),
        }
    }

    /// One call and its answer, decoded.
    pub fn ask<T: DeserializeOwned>(
        &mut self,
        host: usize,
        call: &Call,
        limit: Duration,
        stop: &AtomicBool,
    ) -> Result<T, String> {
        let call = to_value(call)?;
        let v = match (&self.members[host].reach, &mut self.ctl) {
            (Reach::InProcess(agent), _) => agent.call(call)?,
            (Reach::Channel(i), Some(ctl)) => ctl.ask(*i, call, limit, stop)?,
            (Reach::Channel(_), None) => return Err("no agents are connected".into()),
        };
        self.decode(host, v)
    }

    fn decode<T: DeserializeOwned>(&self, host: usize, v: Value) -> Result<T, String> {
        serde_json::from_value(v).map_err(|e| {
            format!(
                "host {}: an answer this barrage cannot read: {e}",
                self.name(host)
            )
        })
    }

    /// Sends a call without waiting; an agent in this process answers it
    /// on a thread of its own.
    fn send(&mut self, host: usize, call: Value) -> Pending {
        match (&self.members[host].reach, &mut self.ctl) {
            (Reach::InProcess(agent), _) => {
                let (tx, rx) = mpsc::channel();
                let agent = agent.clone();
                std::thread::spawn(move || {
                    let _ = tx.send(agent.call(call));
                });
                Pending::InProcess(rx)
            }
            (Reach::Channel(i), Some(ctl)) => Pending::Channel(ctl.call(*i, call)),
            (Reach::Channel(_), None) => {
                let (tx, rx) = mpsc::channel();
                let _ = tx.send(Err("no agents are connected".into()));
                Pending::InProcess(rx)
            }
        }
    }

    /// The answer to a pending call if it comes by `until`.
    fn poll(&mut self, pending: &Pending, until: Instant) -> Option<Result<Value, String>> {
        match (pending, &mut self.ctl) {
            (Pending::Channel(id), Some(ctl)) => ctl.poll(*id, until),
            (Pending::Channel(_), None) => Some(Err("no agents are connected".into())),
            (Pending::InProcess(rx), _) => {
                match rx.recv_timeout(until.saturating_duration_since(Instant::now())) {
                    Ok(answer) => Some(answer),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => {
                        Some(Err("the call ended unanswered".into()))
                    }
                }
            }
        }
    }

    /// Drops a pending call: its answer, when it comes, is not read.
    fn forget(&mut self, pending: Pending) {
        if let (Pending::Channel(id), Some(ctl)) = (pending, &mut self.ctl) {
            ctl.forget(id);
        }
    }

    /// Why `host`'s channel closed, once seen closing.
    fn channel_closed(&self, host: usize) -> Option<String> {
        match (&self.members[host].reach, &self.ctl) {
            (Reach::Channel(i), Some(ctl)) => ctl.closed(*i).map(str::to_string),
            _ => None,
        }
    }

    /// The same kind of call to several hosts at once; answers in their
    /// order. `tick` runs while they are awaited (about every 10 ms per
    /// host). When one host fails (or the server host's channel closes),
    /// the others' tools are killed at once ([`Call::Cancel`]) and their
    /// answers are errors saying so; the failure is the second value.
    ///
    /// When `stop` is set, a call over a channel is given up ("interrupted");
    /// the agent in this process shares the run's stop, ends its tool
    /// itself, and its answer (what the tool measured) is awaited.
    pub fn ask_all<T: DeserializeOwned>(
        &mut self,
        calls: Vec<(usize, Call)>,
        limit: Duration,
        stop: &AtomicBool,
        tick: &mut dyn FnMut(&mut Hosts),
    ) -> (Vec<Result<T, String>>, Option<String>) {
        let mut batch = Batch {
            hosts: calls.iter().map(|(h, _)| *h).collect(),
            pending: Vec::new(),
            answers: Vec::new(),
            failed: None,
        };
        for (h, c) in &calls {
            match to_value(c) {
                Ok(v) => {
                    batch.pending.push(Some(self.send(*h, v)));
                    batch.answers.push(None);
                }
                Err(e) => {
                    batch.pending.push(None);
                    batch.answers.push(Some(Err(e)));
                }
            }
        }
        let deadline = Instant::now() + limit;
        while batch.pending.iter().any(Option::is_some) {
            tick(self);
            if batch.failed.is_none() {
                if let Some(why) = self.channel_closed(self.server) {
                    let name = self.name(self.server);
                    let e = format!("host {name}: the agent's channel closed: {why}");
                    batch.failed = Some((usize::MAX, e));
                }
            }
            let late = Instant::now() >= deadline;
            let stopping = stop.load(Ordering::Relaxed);
            for k in 0..batch.pending.len() {
                let Some(p) = batch.pending[k].take() else {
                    continue;
                };
                match self.collect(p, batch.hosts[k], late, stopping) {
                    Ok(answer) => batch.answer(k, answer, stopping),
                    Err(p) => batch.pending[k] = Some(p),
                }
            }
            if batch.failed.is_some() {
                self.cancel_rest(&mut batch);
            }
        }
        batch.finish()
    }

    /// A pending call's answer if it has come (or will not come: late,
    /// interrupted); the call back otherwise.
    fn collect<T: DeserializeOwned>(
        &mut self,
        p: Pending,
        host: usize,
        late: bool,
        stopping: bool,
    ) -> Result<Result<T, String>, Pending> {
        let in_process = matches!(p, Pending::InProcess(_));
        if late || (stopping && !in_process) {
            self.forget(p);
            let why = if late {
                "no answer in time"
            } else {
                "interrupted"
            };
            return Ok(Err(format!("host {}: {why}", self.name(host))));
        }
        match self.poll(&p, Instant::now() + Duration::from_millis(10)) {
            None => Err(p),
            Some(answer) => Ok(answer.and_then(|v| self.decode(host, v))),
        }
    }

    /// One host failed: the others' calls are dropped and their tools
    /// killed now.
    fn cancel_rest<T>(&mut self, batch: &mut Batch<T>) {
        let culprit = match batch.failed.as_ref().map(|f| f.0) {
            Some(usize::MAX) | None => self.name(self.server).to_string(),
            Some(f) => self.name(batch.hosts[f]).to_string(),
        };
        for k in 0..batch.pending.len() {
            let Some(p) = batch.pending[k].take() else {
                continue;
            };
            self.forget(p);
            let host = batch.hosts[k];
            if let Ok(cancel) = to_value(&Call::Cancel) {
                // Its answer is not awaited.
                let answer = self.send(host, cancel);
                self.forget(answer);
            }
            batch.answers[k] = Some(Err(format!(
                "host {}: stopped because host {culprit} failed",
                self.name(host),
            )));
        }
    }

    /// Removes the run's scratch directory on every host reached over a
    /// channel, then ends every agent (their servers and tools with them).
    pub fn close(mut self) {
        let never = AtomicBool::new(false);
        let work = self.work.clone();
        for i in 0..self.members.len() {
            if self.in_process(i) {
                // Its work directory is the results.
                continue;
            }
            let call = Call::Clean { path: work.clone() };
            let _ = self.ask::<()>(i, &call, Duration::from_secs(10), &never);
        }
        if let Some(ctl) = self.ctl {
            ctl.close();
        }
    }
}

fn to_value<T: serde::Serialize>(v: &T) -> Result<Value, String> {
    serde_json::to_value(v).map_err(|e| format!("cannot encode the call: {e}"))
}

/// The address clients send to: a namespace host's IP, an SSH host's name,
/// 127.0.0.1 for this machine.
fn server_address(inv: &Inventory, host: &Host) -> String {
    if let Some(ns) = inv.netns.iter().find(|n| n.name == host.name) {
        return ns.ip.to_string();
    }
    match &host.address {
        Address::Local => "127.0.0.1".into(),
        Address::Ssh { host, .. } => host.clone(),
    }
}
