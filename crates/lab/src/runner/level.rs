//! One level's execution, the same on one box and across hosts: the
//! driver's command line for each client host (the level dealt out when
//! an external tool runs on several), a discarded warm-up run for tools
//! without one of their own, then the measured run on every client host at
//! once through [`Hosts::ask_all`], with the server sampled on its host
//! from the end of the warm-up (the suite's services too), the live line
//! read from the client hosts' progress, and a database workload's proof
//! of work counted around it ([`super::proof`]).
//!
//! barrage's own engine on several client hosts runs as `barrage load
//! --part I/N --start-at T` (one plan split N ways, one start instant on
//! each host's clock). A capacity search runs on one client host. What
//! the hosts ran becomes the record in [`super::merge`].

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use barrage_dist::proto::unix_us_now;
use barrage_model::check::Figures;
use barrage_model::client_bound::Reason;

use super::merge::{self, split_level, HostRun, SEARCH_ON_HOSTS};
use super::{live, new_record, scenario_port, Running, ServerRun, SHORT_CALL};
use crate::driver::{Invocation, LoadRun, Tool};
use crate::host::{Call, Executed, Hosts, BARRAGE};
use crate::monitor::ListenQueue;
use crate::store::RunRecord;
use crate::suite::{Driver, GrpcScenario, Level, PlannedRun, Scenario, ScriptRef};
use crate::tool::DRIVER_SLACK;

/// How long the agents get between the order and the start instant of a
/// level of barrage on hosts reached over a channel (their `barrage load`
/// starts, reads the plan, connects).
const NATIVE_LEAD: Duration = Duration::from_millis(1500);
/// How often the client hosts are asked for their progress (live line).
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// How a level runs, the same for every client host.
struct Shape {
    native: bool,
    /// The tool's own warm-up (barrage, h2load), not measured.
    warmup: Duration,
    /// A discarded run of the suite's warm-up first (the other tools).
    pre_warm: bool,
    /// The duration the tool is told (a search: each step's).
    window: Duration,
    /// How long the level may run ([`ServerRun::level_duration`]).
    planned: Duration,
    /// From the order to the common start instant; zero: no start instant.
    lead: Duration,
}

/// One client host's part of a level.
struct ClientLoad {
    host: usize,
    name: String,
    cores: Vec<usize>,
    inv: Invocation,
    warm: Option<Invocation>,
    /// Where barrage writes its report on that host.
    json_there: PathBuf,
}

impl ServerRun<'_> {
    /// Runs one level: warm-up, then the measured window with the monitors.
    pub(super) fn measure(&mut self, run: &PlannedRun, server: &Running) -> RunRecord {
        let (scenario, port) = scenario_port(self.suite, run, server.port, server.tls_port);
        let mut record = new_record(run);
        if run.level.is_search() && self.hosts.clients.len() > 1 {
            record.error = Some(SEARCH_ON_HOSTS.into());
            return record;
        }
        if let Err(e) = run.driver.supports(scenario, &run.level) {
            record.error = Some(e);
            return record;
        }
        let scenario = self.scenario_on_hosts(scenario);
        record.time_wait_before = self.ask_server(&Call::TimeWait).unwrap_or(0);
        let listen_before = self.listen_queue();
        let shape = self.shape(run);
        let index = self.store.results.runs.len();
        let run_dir = self.store.dir.join("run");
        let _ = std::fs::create_dir_all(&run_dir);
        let json_out = run_dir.join(format!("level-{index}.json"));
        let loads = match self.client_loads(run, &scenario, &server.address, port, &shape, index) {
            Ok(l) => l,
            Err(e) => {
                record.error = Some(e);
                return record;
            }
        };
        record.command = match self.hosts.across() {
            true => {
                let names: Vec<&str> = loads.iter().map(|l| l.name.as_str()).collect();
                format!("{} (on {})", loads[0].inv.display, names.join(", "))
            }
            false => loads[0].inv.display.clone(),
        };
        // A database workload's counters from before its warm-up.
        let mut counting = match self.proof_reset(&scenario) {
            Ok(c) => c,
            Err(e) => {
                record.error = Some(e);
                None
            }
        };
        let warm = self.warm_up(&loads, &shape, run.driver, &json_out);
        if let Some(c) = &mut counting {
            c.warmup_responses = warm;
        }
        match self.execute(&loads, &shape, server.id, &mut record) {
            Ok(executed) => {
                let runs: Vec<HostRun> = loads
                    .iter()
                    .zip(executed)
                    .map(|(l, executed)| HostRun {
                        name: l.name.clone(),
                        cores: l.cores.len().max(1),
                        executed,
                    })
                    .collect();
                let across = self.hosts.across();
                merge::settle(&mut record, run.driver, &runs, &json_out, across);
                self.judge_ceiling_and_limit(run, &mut record, &shape);
            }
            Err(e) => record.error = Some(e),
        }
        if let Some(counting) = counting {
            self.proof_read(counting, &mut record);
        }
        self.note_listen_queue(&mut record, listen_before, run);
        record
    }

    /// A level at 90% of its shape's ceiling or more is client-bound
    /// ([`Reason::Ceiling`]); then what limited it, and its own warm-up.
    fn judge_ceiling_and_limit(&self, run: &PlannedRun, record: &mut RunRecord, shape: &Shape) {
        record.warmup_s = Some(shape.warmup.as_secs_f64());
        let results = &self.store.results;
        if record.search.is_none() {
            let delivered = record.stats.as_ref().map_or(0.0, |s| s.responses_per_s);
            if let Some(c) = super::ceiling::ceiling_evidence(results, run, delivered) {
                if c.reached() && !record.client_bound_reasons.contains(&Reason::Ceiling) {
                    record.client_bound_reasons.insert(0, Reason::Ceiling);
                    record.client_bound = true;
                }
            }
        }
        let cores = results
            .servers
            .last()
            .and_then(|s| s.pinned_cpus.as_ref())
            .map_or(self.suite.cores.server.len(), |c| c.len());
        record.limit = super::ceiling::limit_of(record, results, cores);
    }

    /// The scenario's `check` against the level's figures (a search: its
    /// answer; a level without statistics has none, and fails it), with a
    /// line for each threshold that failed.
    pub(super) fn judge_check(&mut self, run: &PlannedRun, record: &mut RunRecord) {
        let Some(check) = &self.suite.scenario(&run.scenario).check else {
            return;
        };
        let figures = match (&record.search, &record.stats) {
            (Some(search), _) => Figures::of_search(search),
            (None, Some(stats)) => Figures::of_level(stats),
            (None, None) => Figures::default(),
        };
        record.checks = check.judge(&figures);
        let level = format!("{} · {} · {}", run.variant.label, run.scenario, run.level);
        for failed in record.checks.iter().filter(|c| !c.pass) {
            (self.opts.progress)(&format!("warning: check {level}: {}", failed.line()));
        }
    }

    /// The server host's listen-queue counters now, if it tells them.
    fn listen_queue(&mut self) -> Option<ListenQueue> {
        self.ask_server::<Option<ListenQueue>>(&Call::ListenQueue)
            .ok()
            .flatten()
    }

    /// Records the server host's accept-queue overflows over the level,
    /// and warns when there were any.
    fn note_listen_queue(
        &mut self,
        record: &mut RunRecord,
        before: Option<ListenQueue>,
        run: &PlannedRun,
    ) {
        let (Some(before), Some(after)) = (before, self.listen_queue()) else {
            return;
        };
        let during = after.since(&before);
        record.listen_queue = Some(during);
        let level = format!("{} {} {}", run.server, run.scenario, run.level);
        if let Some(line) = crate::monitor::listen_overflow_warning(&during, &level) {
            (self.opts.progress)(&format!("warning: {line}"));
        }
    }

    /// A short call to the server host.
    fn ask_server<T: serde::de::DeserializeOwned>(&mut self, call: &Call) -> Result<T, String> {
        let server = self.hosts.server;
        self.hosts
            .ask(server, call, SHORT_CALL, &self.opts.stop.clone())
    }

    /// The scenario as the client hosts see it: its script, its mix file
    /// and its .proto in their checkout, like the manifests (the same path when it is outside this
    /// checkout, or on this machine alone).
    pub(super) fn scenario_on_hosts(&self, scenario: &Scenario) -> Scenario {
        let repo = &self.opts.repo;
        let repo = std::fs::canonicalize(repo).unwrap_or_else(|_| repo.clone());
        let there = |path: &str| {
            let path = self.hosts.path_on_hosts(std::path::Path::new(path), &repo);
            path.to_string_lossy().into_owned()
        };
        Scenario {
            script: scenario.script.as_ref().map(|script| ScriptRef {
                path: there(&script.path),
                args: script.args.clone(),
            }),
            // A workload's mix file, in the same checkout.
            mix: scenario.mix.as_deref().map(there),
            // A gRPC scenario's .proto, in the same checkout.
            grpc: scenario.grpc.as_ref().map(|g| GrpcScenario {
                proto: there(&g.proto),
                ..g.clone()
            }),
            ..scenario.clone()
        }
    }

    fn shape(&self, run: &PlannedRun) -> Shape {
        let suite = self.suite;
        // Sessions (a count of connections at a rate) get no warm-up: a
        // warm-up would spend sessions the level counts.
        let sessions = matches!(run.level, Level::Sessions { .. });
        // A database workload's proof of work counts the warm-up's queries
        // too: its warm-up is a run of its own whose responses are counted.
        let counted = self.services.postgres().is_some()
            && !run.level.is_search()
            && super::proof::needs_database(suite.scenario(&run.scenario));
        let builtin_warmup =
            matches!(run.driver, Driver::Barrage | Driver::H2load) && !sessions && !counted;
        let native = run.driver == Driver::Barrage;
        let search = run.level.is_search();
        // One start instant matters when the load comes over channels:
        // several hosts start together, and the server's sampling starts
        // when their warm-up ends.
        let h = &self.hosts;
        let over_channels = h.clients.iter().any(|&c| !h.in_process(c));
        Shape {
            native,
            warmup: if builtin_warmup {
                suite.warmup
            } else {
                Duration::ZERO
            },
            pre_warm: !builtin_warmup && !sessions && !suite.warmup.is_zero(),
            // A search's steps each last the suite's duration; the whole
            // search is bounded by its time limit (level_duration).
            window: if search {
                suite.duration
            } else {
                self.level_duration(&run.level)
            },
            planned: self.level_duration(&run.level),
            lead: if native && !search && over_channels {
                NATIVE_LEAD
            } else {
                Duration::ZERO
            },
        }
    }

    /// Each client host's command line (and, for barrage, its report file there).
    fn client_loads(
        &self,
        run: &PlannedRun,
        scenario: &Scenario,
        address: &str,
        port: u16,
        shape: &Shape,
        index: usize,
    ) -> Result<Vec<ClientLoad>, String> {
        let h = &self.hosts;
        let suite = self.suite;
        let n = h.clients.len();
        let mut loads = Vec::new();
        for (i, &c) in h.clients.iter().enumerate() {
            let name = h.name(c).to_string();
            let cores = h.cores(c).unwrap_or_else(|| suite.cores.client.clone());
            // barrage splits its plan itself (--part); a search is not split.
            let level = match shape.native || n == 1 {
                true => run.level.clone(),
                false => split_level(&run.level, n, i)?,
            };
            // On this machine alone, where the results want it.
            let file = match h.across() {
                true => format!("level-{index}-{name}.json"),
                false => format!("level-{index}.json"),
            };
            let json_there = h.work.join("run").join(file);
            let load = |duration: Duration, warmup: Duration| LoadRun {
                scenario,
                host: address,
                port,
                level: &level,
                duration,
                warmup,
                threads: cores.len().max(1),
                timeout: suite.timeout,
            };
            let barrage = &self.opts.barrage;
            let mut inv =
                run.driver
                    .invocation(&load(shape.window, shape.warmup), barrage, &json_there)?;
            if shape.native {
                inv.args
                    .extend(self.metrics_args(run, (n > 1).then_some(&name)));
            }
            if run.level.is_search() {
                // The ceiling measured in this sitting, else none: the
                // search's own measurement would load the server's cores.
                let ceiling = super::ceiling::search_ceiling(&self.store.results, run)
                    .map_or("off".to_string(), |c| format!("{c:.0}"));
                let mut args = inv.args.clone();
                args.splice(1..1, ["--client-ceiling".to_string(), ceiling]);
                inv = Invocation::new(inv.program.clone(), args);
            }
            let warm = shape.pre_warm.then(|| {
                let warm = load(suite.warmup, Duration::ZERO);
                run.driver.invocation(&warm, barrage, &json_there)
            });
            loads.push(ClientLoad {
                host: c,
                name,
                cores,
                inv,
                warm: warm.and_then(Result::ok),
                json_there,
            });
        }
        Ok(loads)
    }

    /// `--metrics ADDR` and its labels for barrage (none without it);
    /// with several client hosts, each one's numbers say which it is.
    fn metrics_args(&self, run: &PlannedRun, host: Option<&String>) -> Vec<String> {
        let Some(addr) = self.opts.metrics else {
            return Vec::new();
        };
        let mut args = vec!["--metrics".into(), addr.to_string()];
        let mut labels = vec![
            ("suite", self.suite.name.clone()),
            ("server", run.variant.label.clone()),
            ("scenario", run.scenario.clone()),
            ("level", run.level.to_string()),
            ("repeat", (run.repeat + 1).to_string()),
        ];
        labels.extend(host.map(|h| ("host", h.clone())));
        for (k, v) in labels {
            args.extend(["--metrics-label".into(), format!("{k}={v}")]);
        }
        args
    }

    /// Tools without a warm-up of their own (and database levels, whose
    /// warm-up is counted) get a run first, not measured; its successful
    /// responses (summed over the hosts; 0 when unread).
    fn warm_up(
        &mut self,
        loads: &[ClientLoad],
        shape: &Shape,
        driver: Driver,
        json_out: &std::path::Path,
    ) -> u64 {
        let warmup = self.suite.warmup;
        let calls: Vec<(usize, Call)> = loads
            .iter()
            .filter_map(|l| {
                let w = l.warm.as_ref()?;
                let call = Call::Exec {
                    program: program(shape, w),
                    args: w.args.clone(),
                    cores: l.cores.clone(),
                    limit_ms: (warmup + DRIVER_SLACK).as_millis() as u64,
                    warmup_ms: 0,
                    read_back: shape.native.then(|| l.json_there.clone()),
                };
                Some((l.host, call))
            })
            .collect();
        if calls.is_empty() {
            return 0;
        }
        let stop = self.opts.stop.clone();
        let limit = warmup + DRIVER_SLACK + SHORT_CALL;
        let (ran, _): (Vec<Result<Executed, String>>, _) =
            self.hosts.ask_all(calls, limit, &stop, &mut |_| {});
        ran.iter()
            .flatten()
            .map(|e| warm_responses(driver, e, json_out))
            .sum()
    }

    /// The measured run on every client host at once; the server sampled
    /// from the end of the warm-up. Each host's output, or the failure.
    fn execute(
        &mut self,
        loads: &[ClientLoad],
        shape: &Shape,
        server_id: u64,
        record: &mut RunRecord,
    ) -> Result<Vec<Executed>, String> {
        let stop = self.opts.stop.clone();
        let busy = shape.lead + shape.planned + shape.warmup;
        let calls = self.exec_calls(loads, shape, busy);
        let services: Vec<(usize, u64, String)> = self
            .services
            .running
            .iter()
            .map(|s| (s.host, s.id, s.service.name.clone()))
            .collect();
        let mut watch = Watch {
            measured_from: Instant::now() + shape.lead + shape.warmup,
            server_id,
            services,
            monitoring: None,
            live: self
                .opts
                .live
                .clone()
                .map(|show| (show, self.level_line.clone())),
            lines: vec![None; loads.len()],
            asked: Instant::now(),
        };
        let limit = busy + DRIVER_SLACK + SHORT_CALL;
        let (ran, failed): (Vec<Result<Executed, String>>, _) =
            self.hosts
                .ask_all(calls, limit, &stop, &mut |h| watch.tick(h, &stop));
        // The last seconds' lines, which came as the tools ended.
        watch.show_progress(self.hosts, &stop);
        if watch.monitoring == Some(true) {
            let call = Call::MonitorStop { id: server_id };
            record.server_usage = self.ask_server(&call).unwrap_or_default();
            for (host, id, name) in &watch.services {
                let call = Call::MonitorStop { id: *id };
                if let Ok(usage) = self.hosts.ask(*host, &call, SHORT_CALL, &stop) {
                    record.service_usage.insert(name.clone(), usage);
                }
            }
        }
        record.time_wait_after = self.ask_server(&Call::TimeWait).unwrap_or(0);
        if let Some(e) = failed {
            // The host that failed, not the ones stopped because of it.
            return Err(e);
        }
        ran.into_iter().collect()
    }

    /// Each client host's [`Call::Exec`] of the measured run.
    fn exec_calls(
        &self,
        loads: &[ClientLoad],
        shape: &Shape,
        busy: Duration,
    ) -> Vec<(usize, Call)> {
        let n = loads.len();
        let start_at = unix_us_now() + shape.lead.as_micros() as u64;
        let mut calls = Vec::new();
        for (i, l) in loads.iter().enumerate() {
            let mut args = l.inv.args.clone();
            if shape.native {
                let mut extra = Vec::new();
                if !shape.lead.is_zero() {
                    let there = self.hosts.to_host_clock(l.host, start_at);
                    extra.extend(["--start-at".to_string(), start_at_arg(there)]);
                }
                if n > 1 {
                    extra.extend(["--part".to_string(), format!("{i}/{n}")]);
                }
                // After `load`, before the URL.
                args.splice(1..1, extra);
            }
            let call = Call::Exec {
                program: program(shape, &l.inv),
                args,
                cores: l.cores.clone(),
                limit_ms: (busy + DRIVER_SLACK).as_millis() as u64,
                warmup_ms: (shape.lead + shape.warmup).as_millis() as u64,
                read_back: shape.native.then(|| l.json_there.clone()),
            };
            calls.push((l.host, call));
        }
        calls
    }
}

/// The successful responses of a warm-up run, as its driver reads them
/// (barrage's report comes back as the file's text).
fn warm_responses(driver: Driver, e: &Executed, json_out: &std::path::Path) -> u64 {
    if let Some(text) = &e.file {
        let _ = std::fs::write(json_out, text);
    }
    let elapsed = Duration::from_secs_f64(e.elapsed_s);
    let parsed = driver.parse(&e.stdout, &e.stderr, json_out, elapsed);
    let _ = std::fs::remove_file(json_out);
    match parsed {
        Ok(p) => p
            .stats
            .responses
            .saturating_sub(p.stats.non_2xx.unwrap_or(0)),
        Err(_) => 0,
    }
}

/// The program a host runs: its own barrage for the native driver.
fn program(shape: &Shape, inv: &Invocation) -> String {
    match shape.native {
        true => BARRAGE.to_string(),
        false => inv.program.to_string_lossy().into_owned(),
    }
}

/// `secs.micros` of a Unix instant, as `--start-at` reads it.
fn start_at_arg(unix_us: u64) -> String {
    format!("{}.{:06}", unix_us / 1_000_000, unix_us % 1_000_000)
}

/// What runs while a level's load is awaited: the server's sampling from
/// the end of the warm-up, and the live line.
struct Watch {
    measured_from: Instant,
    server_id: u64,
    /// The services sampled beside the server: host, id, name.
    services: Vec<(usize, u64, String)>,
    /// None: not started yet; whether it started.
    monitoring: Option<bool>,
    /// Where the live line goes, and the level's progress line it follows.
    live: Option<(super::LiveLine, String)>,
    /// Each client host's latest progress line.
    lines: Vec<Option<String>>,
    asked: Instant,
}

impl Watch {
    fn tick(&mut self, h: &mut Hosts, stop: &AtomicBool) {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let now = Instant::now();
        if self.monitoring.is_none() && now >= self.measured_from {
            let call = Call::MonitorStart { id: self.server_id };
            let started = h.ask::<()>(h.server, &call, SHORT_CALL, stop).is_ok();
            self.monitoring = Some(started);
            for (host, id, _) in &self.services {
                let call = Call::MonitorStart { id: *id };
                let _ = h.ask::<()>(*host, &call, SHORT_CALL, stop);
            }
        }
        if now >= self.asked + PROGRESS_EVERY {
            self.asked = now;
            self.show_progress(h, stop);
        }
    }

    /// The client hosts' latest progress, on the live line if any came.
    fn show_progress(&mut self, h: &mut Hosts, stop: &AtomicBool) {
        if self.live.is_none() {
            return;
        }
        let mut fresh = false;
        for (i, c) in h.clients.clone().into_iter().enumerate() {
            let limit = Duration::from_secs(2);
            if let Ok(Some(line)) = h.ask::<Option<String>>(c, &Call::Progress, limit, stop) {
                self.lines[i] = Some(line);
                fresh = true;
            }
        }
        if let (true, Some((show, prefix))) = (fresh, &self.live) {
            if let Some(text) = live::text(&self.lines) {
                show(&format!("{prefix} · {text}"));
            }
        }
    }
}
