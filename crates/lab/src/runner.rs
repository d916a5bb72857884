//! Runs a suite's plan: for every server variant and repeat, build, start,
//! pin, wait until ready, probe each scenario, then run every level with the
//! driver while the monitors watch; stop the server; record everything as
//! it goes.
//!
//! Fairness rules, as the seeds learned them: the server and the client get
//! their own cores; repeats alternate the server order (A B C, then C B A)
//! so that drift over the run does not favour the first server; warm-up is
//! not measured (its CPU is subtracted from the client's, and the server's
//! monitor starts after it); a level whose client used 90% or more of its
//! cores is marked client-bound.

use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use crate::driver::{LoadRun, Tool};
use crate::env::{self, Needs};
use crate::manifest::ServerSpec;
use crate::monitor::{self, Monitor, MonitorReport};
use crate::probe;
use crate::process::{self, ServerProcess, StartConfig};
use crate::remote::{self, Call, Executed, Hosts, Layout, Prepared, Started, CALL_LIMIT};
use crate::store::{
    ClientUsage, ProbeRecord, Results, RunRecord, ServerRecord, StartStatus, Store, SCHEMA,
};
use crate::suite::{Driver, Level, Plan, PlannedRun, Suite};
use barrage_model::results::{ClientHostUsage, HostRecord, LevelStats, ProbeResult};
use barrage_model::search::{Bound, Outcome};
use barrage_model::RunReport;

mod hosts;

use hosts::connect_hosts;

/// What `barrage run` was asked to do.
pub struct RunOptions {
    pub suite_file: PathBuf,
    pub quick: bool,
    pub only: Option<String>,
    /// Only these levels (indices in the suite's level list), `--levels`.
    pub levels: Option<Vec<usize>>,
    /// Where `SUITE-TIMESTAMP/` goes.
    pub results_root: PathBuf,
    /// `servers/` (manifests).
    pub servers_dir: PathBuf,
    /// The repository, for its git commit.
    pub repo: PathBuf,
    /// The barrage binary (the native driver and `{barrage}` in manifests).
    pub barrage: PathBuf,
    /// Set from outside (Ctrl-C): stop at once, keep what was measured.
    pub stop: Arc<AtomicBool>,
    /// Called with one line of progress before each level.
    pub progress: Box<dyn FnMut(&str)>,
    /// Called about once a second while a level of the native driver runs,
    /// with the level's progress line and its live rate and p99 (for a
    /// terminal; `None`: no live line).
    pub live: Option<LiveLine>,
    /// The server and the load on other hosts (`--hosts`); none: here.
    pub hosts: Option<Layout>,
    /// `--metrics ADDR`: each level of the native driver serves its numbers
    /// there, labelled with the suite, server, scenario, level and repeat.
    pub metrics: Option<std::net::SocketAddr>,
}

/// Where the live line of a level goes (from the thread reading the driver).
pub type LiveLine = Arc<dyn Fn(&str) + Send + Sync>;

/// What the thread reading a driver's stderr calls with each progress line.
pub(crate) type OnProgress = Box<dyn Fn(&str) + Send>;

/// The marker of the lines `barrage load --progress-lines` writes to stderr
/// once a second; they are the live line's, not the run's output.
pub const PROGRESS_MARK: &str = "barrage-progress ";

/// `barrage-progress warmup=0 t=3.0 rps=95000 p99_us=1200 errors=0` as
/// `95,000/s · p99 1.20 ms · 0 errors` (or `warm-up`).
fn live_text(line: &str) -> Option<String> {
    let mut rps = None;
    let mut p99 = None;
    let mut errors = None;
    let mut warmup = false;
    for kv in line.strip_prefix(PROGRESS_MARK)?.split_whitespace() {
        match kv.split_once('=')? {
            ("warmup", v) => warmup = v == "1",
            ("rps", v) => rps = v.parse::<f64>().ok(),
            ("p99_us", v) => p99 = v.parse::<u64>().ok(),
            ("errors", v) => errors = v.parse::<u64>().ok(),
            _ => {}
        }
    }
    // A warm-up second counts nothing (the engine records no warm-up).
    if warmup {
        return Some("warm-up".into());
    }
    let rps = rps?;
    let p99 = match p99? {
        0 => "–".to_string(),
        us if us >= 1000 => format!("{:.2} ms", us as f64 / 1000.0),
        us => format!("{us} µs"),
    };
    Some(format!(
        "{}/s · p99 {p99} · {} errors",
        grouped(rps.round() as u64),
        errors?
    ))
}

fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How the run ended.
pub struct RunOutcome {
    pub dir: PathBuf,
    /// Servers that failed (build, start, readiness, death mid-run).
    pub failed_servers: usize,
    pub interrupted: bool,
}

/// The address every server under test listens on.
const HOST: &str = "127.0.0.1";
const STOP_GRACE: Duration = Duration::from_secs(5);
const PROBE_TIMEOUT: Duration = Duration::from_secs(5);
/// Extra time a load generator gets past its planned duration before it is killed.
pub(crate) const DRIVER_SLACK: Duration = Duration::from_secs(30);

pub fn run(mut opts: RunOptions) -> Result<RunOutcome, String> {
    // Servers start in their own directories: every path they are given
    // (`{run_dir}`, logs) must be absolute.
    opts.results_root = std::path::absolute(&opts.results_root)
        .map_err(|e| format!("results directory {}: {e}", opts.results_root.display()))?;
    let mut suite = crate::suite::load(&opts.suite_file).map_err(|e| e.to_string())?;
    if let Some(levels) = &opts.levels {
        suite = suite.with_levels(levels)?;
    }
    let suite = suite.effective(opts.quick);
    let plan = Plan::of(&suite, false, opts.only.as_deref());
    if plan.runs.is_empty() {
        return Err(match &opts.only {
            Some(only) => format!("--only {only}: no server of the suite is called that"),
            None => "the suite plans no run".into(),
        });
    }
    let specs = load_specs(&suite, &opts.servers_dir)?;
    let started_at = env::rfc3339_utc(SystemTime::now());
    // 2026-11-22T13:40:01Z -> 20261122T134001Z
    let stamp: String = started_at
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    // Before the capture, which records the limit the servers get.
    crate::env::raise_open_files();
    let mut environment = env::capture(&opts.repo);
    let mut hosts = match opts.hosts.take() {
        Some(layout) => Some(connect_hosts(
            layout,
            &stamp,
            &opts.stop,
            &mut opts.progress,
        )?),
        None => None,
    };
    let mut warnings = Vec::new();
    match &hosts {
        None => {
            for (name, spec) in &specs {
                let mut vars = spec.vars.clone();
                vars.insert("barrage".into(), opts.barrage.display().to_string());
                if let Some(v) = process::version(spec, &vars) {
                    environment.server_versions.insert(name.clone(), v);
                }
            }
            warnings = env::check(&environment, &needs(&suite));
        }
        Some((_, records)) => {
            for h in records {
                for w in env::check(&h.environment, &needs(&suite)) {
                    warnings.push(format!("host {}: {w}", h.name));
                }
            }
        }
    }
    let results = Results {
        schema: SCHEMA.into(),
        suite_file: opts.suite_file.display().to_string(),
        suite: suite.clone(),
        quick: opts.quick,
        only: opts.only.clone(),
        started_at,
        finished_at: None,
        complete: false,
        interrupted: false,
        environment,
        warnings,
        servers: Vec::new(),
        probes: Vec::new(),
        runs: Vec::new(),
        hosts: hosts
            .as_mut()
            .map(|(_, r)| std::mem::take(r))
            .unwrap_or_default(),
    };
    let mut hosts = hosts.map(|(h, _)| h);
    let mut store = Store::create(&opts.results_root, &suite.name, &stamp, results)?;
    for w in &store.results.warnings {
        (opts.progress)(&format!("warning: {w}"));
    }
    let total = plan.runs.len();
    let started = Instant::now();
    let mut done = 0usize;
    let mut failed_servers = 0;
    for group in groups(&plan.runs) {
        if opts.stop.load(Ordering::Relaxed) {
            break;
        }
        let first = group[0];
        let spec = &specs[&first.server];
        let mut runner = ServerRun {
            opts: &mut opts,
            suite: &suite,
            spec,
            store: &mut store,
            first,
            hosts: hosts.as_mut(),
            level_line: String::new(),
        };
        let ok = runner.run_group(&group, &mut done, total, started);
        if !ok {
            failed_servers += 1;
        }
        store.write()?;
        store.write_summary()?;
    }
    if let Some(h) = hosts {
        // Every agent ends, and every server and tool it started.
        h.close();
    }
    let interrupted = opts.stop.load(Ordering::Relaxed);
    store.results.interrupted = interrupted;
    store.results.complete = !interrupted;
    store.results.finished_at = Some(env::rfc3339_utc(SystemTime::now()));
    store.write()?;
    store.write_summary()?;
    Ok(RunOutcome {
        dir: store.dir.clone(),
        failed_servers,
        interrupted,
    })
}

/// The manifest of every server the suite names.
fn load_specs(suite: &Suite, dir: &Path) -> Result<BTreeMap<String, ServerSpec>, String> {
    let mut specs = BTreeMap::new();
    for entry in &suite.servers {
        let spec = ServerSpec::find(dir, &entry.server).map_err(|e| e.to_string())?;
        specs.insert(entry.server.clone(), spec);
    }
    Ok(specs)
}

/// What the planned load needs from the machine (for the environment check).
fn needs(suite: &Suite) -> Needs {
    let levels: Vec<Level> = (0..suite.load.levels())
        .filter_map(|i| suite.load.level(i))
        .collect();
    let connections = levels
        .iter()
        .map(|l| match l {
            Level::Connections(c) => *c,
            Level::Rate { connections, .. } => *connections,
            Level::Sessions { rate, .. } => (*rate * suite.timeout.as_secs_f64()) as usize,
            Level::Search { spec, calls: None } => {
                spec.connections * crate::driver::SEARCH_CONNECTIONS_GROWTH
            }
            Level::Search { .. } => 0,
        })
        .max()
        .unwrap_or(0);
    let closes = suite.scenarios.iter().any(|s| !s.keepalive || s.http10);
    let new_connections_per_s = if closes {
        levels
            .iter()
            .map(|l| match l {
                Level::Connections(c) => *c as f64 * 1000.0,
                Level::Rate { rate, .. } | Level::Sessions { rate, .. } => *rate,
                Level::Search { .. } => 0.0,
            })
            .fold(0.0, f64::max)
    } else {
        0.0
    };
    Needs {
        connections,
        new_connections_per_s,
    }
}

/// The plan cut into its server starts: consecutive runs of one server
/// variant in one repeat.
fn groups(runs: &[PlannedRun]) -> Vec<Vec<&PlannedRun>> {
    let mut out: Vec<Vec<&PlannedRun>> = Vec::new();
    for r in runs {
        match out.last_mut() {
            Some(g)
                if g[0].repeat == r.repeat
                    && g[0].server == r.server
                    && g[0].variant == r.variant =>
            {
                g.push(r)
            }
            _ => out.push(vec![r]),
        }
    }
    out
}

/// A started server: here, or on the server host (its id there).
enum Running {
    Local(ServerProcess),
    Remote { id: u64, address: String },
}

struct ServerRun<'a> {
    opts: &'a mut RunOptions,
    suite: &'a Suite,
    spec: &'a ServerSpec,
    store: &'a mut Store,
    first: &'a PlannedRun,
    /// The hosts of a run across hosts.
    hosts: Option<&'a mut Hosts>,
    /// The progress line of the level running (the live line's start).
    level_line: String,
}

impl ServerRun<'_> {
    fn record_server(
        &mut self,
        status: StartStatus,
        reason: Option<String>,
        log: Option<String>,
    ) -> ServerRecord {
        ServerRecord {
            repeat: self.first.repeat,
            server: self.first.server.clone(),
            variant: self.first.variant.label.clone(),
            version: self
                .store
                .results
                .environment
                .server_versions
                .get(&self.first.server)
                .cloned(),
            status,
            reason,
            log,
            ready_ms: None,
            pinned_cpus: None,
        }
    }

    /// This start's log file name: `LABEL-rREPEAT.log`.
    fn log_name(&self) -> String {
        format!(
            "{}-r{}.log",
            sanitize(&self.first.variant.label),
            self.first.repeat + 1
        )
    }

    /// Runs one server start's levels. False when the server failed.
    fn run_group(
        &mut self,
        group: &[&PlannedRun],
        done: &mut usize,
        total: usize,
        started: Instant,
    ) -> bool {
        let first = self.first;
        if let Some(why) = &self.spec.unavailable {
            let rec = self.record_server(StartStatus::Unavailable, Some(why.clone()), None);
            self.store.results.servers.push(rec);
            *done += group.len();
            return true;
        }
        if self.hosts.is_some() {
            return self.run_group_remote(group, done, total, started);
        }
        if let Err(e) = process::check_requires(self.spec, &self.opts.barrage) {
            let rec = self.record_server(StartStatus::Unavailable, Some(e), None);
            self.store.results.servers.push(rec);
            *done += group.len();
            return true;
        }
        let log_name = self.log_name();
        let log = self.store.log_path(&log_name);
        let rel_log = format!("logs/{log_name}");
        let mut vars = first.variant.vars.clone();
        vars.insert("barrage".into(), self.opts.barrage.display().to_string());
        let cache = self.opts.results_root.join(".build-cache");
        if let Err(e) = process::build(self.spec, &vars, &cache, &log) {
            let rec = self.record_server(
                StartStatus::Failed,
                Some(format!("build failed: {e}")),
                Some(rel_log),
            );
            self.store.results.servers.push(rec);
            *done += group.len();
            return false;
        }
        let [port, tls_port, backend_port] = free_ports(HOST);
        let run_dir = self
            .store
            .dir
            .join("run")
            .join(log_name.trim_end_matches(".log"));
        let _ = std::fs::create_dir_all(&run_dir);
        let cfg = StartConfig {
            spec: self.spec,
            variant: &first.variant,
            host: HOST,
            port,
            tls_port,
            backend_port,
            cores: self.suite.server_cores(&first.variant),
            run_dir: &run_dir,
            log: &log,
            barrage: &self.opts.barrage,
            die_with_starter: false,
        };
        let server =
            match ServerProcess::start(&cfg).and_then(|mut s| s.wait_ready(None).map(|t| (s, t))) {
                Ok((s, t)) => {
                    let mut rec = self.record_server(StartStatus::Ok, None, Some(rel_log.clone()));
                    rec.ready_ms = Some(t.as_millis() as u64);
                    let _ = s.pin_tree();
                    rec.pinned_cpus = process::cpu_affinity(s.pid()).ok();
                    self.store.results.servers.push(rec);
                    s
                }
                Err(e) => {
                    let rec = self.record_server(StartStatus::Failed, Some(e), Some(rel_log));
                    self.store.results.servers.push(rec);
                    *done += group.len();
                    return false;
                }
            };
        let mut running = Running::Local(server);
        let ok = self.run_levels(group, &mut running, port, tls_port, done, total, started);
        if let Running::Local(server) = running {
            let _ = server.stop(STOP_GRACE);
        }
        ok
    }

    /// Probes the group's scenarios on a started server, then runs its
    /// levels; false when the server died (or its host stopped answering).
    #[allow(clippy::too_many_arguments)]
    fn run_levels(
        &mut self,
        group: &[&PlannedRun],
        running: &mut Running,
        port: u16,
        tls_port: u16,
        done: &mut usize,
        total: usize,
        started: Instant,
    ) -> bool {
        let host = match running {
            Running::Local(_) => HOST.to_string(),
            Running::Remote { address, .. } => address.clone(),
        };
        let invalid = self.probe_all(group, &host, port, tls_port);
        for (i, run) in group.iter().enumerate() {
            if self.opts.stop.load(Ordering::Relaxed) {
                break;
            }
            *done += 1;
            let line = progress_line(run, *done, total, started);
            (self.opts.progress)(&line);
            self.level_line = line;
            // An invalid scenario is recorded with its probe and not run.
            if invalid.contains_key(&run.scenario) {
                continue;
            }
            let record = match running {
                Running::Local(server) => self.measure(run, server, port, tls_port),
                Running::Remote { id, address } => {
                    self.measure_remote(run, *id, address, port, tls_port)
                }
            };
            self.store.results.runs.push(record);
            let _ = self.store.write();
            if self.opts.stop.load(Ordering::Relaxed) {
                break;
            }
            if let Some(why) = self.dead(running) {
                if let Some(rec) = self.store.results.servers.last_mut() {
                    rec.status = StartStatus::Failed;
                    rec.reason = Some(why);
                }
                *done += group.len() - (i + 1);
                return false;
            }
        }
        true
    }

    /// Why a started server is no longer running, if it is not.
    fn dead(&mut self, running: &mut Running) -> Option<String> {
        match running {
            Running::Local(server) => (!server.alive()).then(|| {
                format!(
                    "died mid-run; last lines of its log:\n{}",
                    server.log_tail(20)
                )
            }),
            Running::Remote { id, .. } => self.remote_dead(*id),
        }
    }

    /// Probes every scenario of the group once; returns the invalid ones with why.
    fn probe_all(
        &mut self,
        group: &[&PlannedRun],
        host: &str,
        port: u16,
        tls_port: u16,
    ) -> BTreeMap<String, String> {
        let mut invalid = BTreeMap::new();
        let mut seen = Vec::new();
        for run in group {
            if seen.contains(&run.scenario) {
                continue;
            }
            seen.push(run.scenario.clone());
            let scenario = self.suite.scenario(&run.scenario);
            let port = if scenario.protocol.is_tls() {
                tls_port
            } else {
                port
            };
            let (result, why) = if !self.spec.protocols.contains(&scenario.protocol) {
                (
                    None,
                    Some(format!(
                        "{} does not serve {:?}",
                        self.spec.name, scenario.protocol
                    )),
                )
            } else {
                match self.probe_one(scenario, host, port).map(|mut r| {
                    r.excuse_missing_headers(&self.spec.missing_headers);
                    r
                }) {
                    Ok(r) if r.problems.is_empty() => (Some(r), None),
                    Ok(r) => {
                        let why = r.problems.join("; ");
                        (Some(r), Some(why))
                    }
                    Err(e) => (None, Some(format!("probe failed: {e}"))),
                }
            };
            if let Some(why) = &why {
                invalid.insert(run.scenario.clone(), why.clone());
            }
            self.store.results.probes.push(ProbeRecord {
                repeat: run.repeat,
                server: run.server.clone(),
                variant: run.variant.label.clone(),
                scenario: run.scenario.clone(),
                result,
                invalid: why,
            });
        }
        invalid
    }

    /// Runs one level: warm-up, then the measured window with the monitors.
    fn measure(
        &mut self,
        run: &PlannedRun,
        server: &mut ServerProcess,
        port: u16,
        tls_port: u16,
    ) -> RunRecord {
        let (scenario, port) = scenario_port(self.suite, run, port, tls_port);
        let client_cores = self.suite.cores.client.clone();
        let threads = client_cores.len().max(1);
        // Sessions (a count of connections at a rate) get no warm-up: a
        // warm-up would spend sessions the level counts.
        let sessions = matches!(run.level, Level::Sessions { .. });
        let builtin_warmup = matches!(run.driver, Driver::Barrage | Driver::H2load) && !sessions;
        let load = |duration: Duration, warmup: Duration| LoadRun {
            scenario,
            host: HOST,
            port,
            level: &run.level,
            duration,
            warmup,
            threads,
            timeout: self.suite.timeout,
        };
        let mut record = new_record(run);
        record.time_wait_before = monitor::time_wait_sockets();
        if let Err(e) = run.driver.supports(scenario, &run.level) {
            record.error = Some(e);
            return record;
        }
        let json_out = self
            .store
            .dir
            .join("run")
            .join(format!("level-{}.json", self.store.results.runs.len()));
        // Tools without a warm-up of their own get a discarded run first.
        if !builtin_warmup && !sessions && !self.suite.warmup.is_zero() {
            if let Ok(inv) = run.driver.invocation(
                &load(self.suite.warmup, Duration::ZERO),
                &self.opts.barrage,
                &json_out,
            ) {
                let _ = self.spawn_and_wait(
                    &inv.program,
                    &inv.args,
                    &client_cores,
                    self.suite.warmup,
                    None,
                    None,
                );
            }
        }
        let warmup = if builtin_warmup {
            self.suite.warmup
        } else {
            Duration::ZERO
        };
        // A search's steps each last the suite's duration; the whole
        // search is bounded by its time limit (level_duration).
        let window = if run.level.is_search() {
            self.suite.duration
        } else {
            self.level_duration(&run.level)
        };
        let inv = match run
            .driver
            .invocation(&load(window, warmup), &self.opts.barrage, &json_out)
        {
            Ok(inv) => inv,
            Err(e) => {
                record.error = Some(e);
                return record;
            }
        };
        record.command = inv.display.clone();
        let mut args = inv.args.clone();
        if let (Some(addr), Driver::Barrage) = (self.opts.metrics, &run.driver) {
            args.extend(["--metrics".into(), addr.to_string()]);
            let labels = [
                ("suite", self.suite.name.clone()),
                ("server", run.variant.label.clone()),
                ("scenario", run.scenario.clone()),
                ("level", run.level.to_string()),
                ("repeat", (run.repeat + 1).to_string()),
            ];
            for (k, v) in labels {
                args.extend(["--metrics-label".into(), format!("{k}={v}")]);
            }
        }
        let live = self.opts.live.clone().map(|show| {
            let prefix = self.level_line.clone();
            Box::new(move |l: &str| {
                if let Some(text) = live_text(l) {
                    show(&format!("{prefix} · {text}"));
                }
            }) as OnProgress
        });
        let measured = self.spawn_and_wait(
            &inv.program,
            &args,
            &client_cores,
            self.level_duration(&run.level) + warmup,
            Some((warmup, server.pid())),
            live,
        );
        record.time_wait_after = monitor::time_wait_sockets();
        match measured {
            Ok(m) => {
                record.server_usage = m.server;
                match run.driver.parse(&m.stdout, &m.stderr, &json_out, m.elapsed) {
                    Ok(parsed) => {
                        record.client = client_usage(&m.client_cpu, &parsed.stats, threads);
                        let cpu_s = m.client_cpu.0 + m.client_cpu.1;
                        record.client_bound = match &parsed.search {
                            // The search judged the client step by step.
                            Some(search) => matches!(
                                search.outcome,
                                Outcome::AtLeast {
                                    bound: Bound::ClientBound,
                                    ..
                                }
                            ),
                            None => monitor::client_bound(cpu_s, m.elapsed, threads),
                        };
                        record.stats = Some(parsed.stats);
                        record.report = parsed.report;
                        record.search = parsed.search;
                    }
                    Err(e) => record.error = Some(format!("{}: {e}", run.driver.name())),
                }
            }
            Err(e) => record.error = Some(e),
        }
        let _ = std::fs::remove_file(&json_out);
        record
    }

    /// How long a level may run: the suite's duration; for sessions, the
    /// time their arrivals take plus a timeout for each call and the connect
    /// (the engine and httperf end a sessions run when the last one ends).
    fn level_duration(&self, level: &Level) -> Duration {
        match level {
            Level::Search { spec, .. } => crate::driver::search_time_limit(
                spec,
                self.suite.duration,
                self.suite.warmup,
                self.suite.timeout,
            ),
            Level::Sessions { calls, .. } => {
                level.window(self.suite.duration) + self.suite.timeout * (calls + 1)
            }
            _ => self.suite.duration,
        }
    }

    /// Starts a load generator pinned to the client cores and waits for it
    /// (killing it past its time, or at once on Ctrl-C). With `measure`
    /// (warm-up, server pid): the server's monitor runs after the warm-up,
    /// and the client's warm-up CPU is subtracted.
    fn spawn_and_wait(
        &mut self,
        program: &Path,
        args: &[String],
        cores: &[usize],
        planned: Duration,
        measure: Option<(Duration, u32)>,
        live: Option<OnProgress>,
    ) -> Result<Measured, String> {
        let mut mon = None;
        let ran = run_tool(
            program,
            args,
            cores,
            planned,
            measure.map(|m| m.0),
            &self.opts.stop,
            live,
            &mut |_| {},
            &mut || {
                if let Some((_, server_pid)) = measure {
                    mon = Some(Monitor::start(server_pid, Duration::from_millis(100)));
                }
            },
        );
        let server = mon.map(Monitor::stop).unwrap_or_default();
        let ran = ran?;
        Ok(Measured {
            stdout: ran.stdout,
            stderr: ran.stderr,
            elapsed: ran.elapsed,
            client_cpu: ran.cpu,
            server,
        })
    }
}

/// What [`run_tool`] saw.
pub(crate) struct ToolRun {
    pub stdout: String,
    pub stderr: String,
    /// The measured window (after the warm-up).
    pub elapsed: Duration,
    /// User and system CPU seconds of the measured window.
    pub cpu: (f64, f64),
}

/// Runs a load generator pinned to `cores` and waits for it, killing it
/// `DRIVER_SLACK` past `planned`, or at once when `stop` is set. With a
/// `warmup`, `at_warm` runs when it is over and the tool's CPU until then
/// is not counted. `started` gets its pid. Used here and by remote agents.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_tool(
    program: &Path,
    args: &[String],
    cores: &[usize],
    planned: Duration,
    warmup: Option<Duration>,
    stop: &AtomicBool,
    live: Option<OnProgress>,
    started: &mut dyn FnMut(u32),
    at_warm: &mut dyn FnMut(),
) -> Result<ToolRun, String> {
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    process::pin_command(&mut cmd, cores)?;
    // SAFETY: the hook runs in the child between fork and exec and only
    // makes the prctl system call. The tool gets SIGKILL when the thread
    // that started it ends: a lab or agent killed outright leaves no load
    // running (this thread waits for the tool, so it ends only then).
    unsafe {
        cmd.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    };
    let began = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    started(child.id());
    let out = drain(&mut child, live);
    let deadline = began + planned + DRIVER_SLACK;
    let mut warm_cpu = (0.0, 0.0);
    if let Some(warmup) = warmup {
        // Not child.try_wait(): it would reap a generator that ends in
        // its warm-up, and wait_with_usage would lose its status and CPU.
        monitor::sleep_while_running(&child, began + warmup, stop)
            .map_err(|e| format!("waiting for {}: {e}", program.display()))?;
        warm_cpu = monitor::process_cpu(child.id()).unwrap_or((0.0, 0.0));
        at_warm();
    }
    let measured_from = Instant::now();
    let waited = monitor::wait_with_usage(&mut child, deadline, stop)
        .map_err(|e| format!("waiting for {}: {e}", program.display()))?;
    let (status, usage, overdue) = (waited.status, waited.usage, waited.overdue);
    let elapsed = measured_from.elapsed();
    let (stdout, stderr) = out.join().unwrap_or_default();
    if overdue {
        let last = stdout.lines().last().unwrap_or("").trim().to_string();
        return Err(format!(
            "{} was still running {}s after its planned end and was killed, without a summary (its last line: {last:?})",
            program.display(),
            DRIVER_SLACK.as_secs()
        ));
    }
    if !status.success() && stdout.trim().is_empty() {
        let last = stderr.lines().last().unwrap_or("").to_string();
        return Err(format!(
            "{} exited with {status}: {last}",
            program.display()
        ));
    }
    Ok(ToolRun {
        stdout,
        stderr,
        elapsed,
        cpu: (usage.user_s - warm_cpu.0, usage.sys_s - warm_cpu.1),
    })
}

struct Measured {
    stdout: String,
    stderr: String,
    elapsed: Duration,
    /// The client's user and system CPU seconds in the measured window.
    client_cpu: (f64, f64),
    server: MonitorReport,
}

/// Reads a child's stdout and stderr in threads (so a chatty tool never
/// blocks). stderr's [`PROGRESS_MARK`] lines go to `live` as they come, and
/// not into the text returned.
fn drain(child: &mut Child, live: Option<OnProgress>) -> std::thread::JoinHandle<(String, String)> {
    use std::io::{BufRead, Read};
    let mut out = child.stdout.take();
    let err = child.stderr.take();
    std::thread::spawn(move || {
        let e = std::thread::spawn(move || {
            let mut s = String::new();
            let Some(err) = err else {
                return s;
            };
            let mut reader = std::io::BufReader::new(err);
            let mut line = Vec::new();
            while matches!(reader.read_until(b'\n', &mut line), Ok(n) if n > 0) {
                let text = String::from_utf8_lossy(&line);
                if text.starts_with(PROGRESS_MARK) {
                    if let Some(live) = &live {
                        live(text.trim_end());
                    }
                } else {
                    s.push_str(&text);
                }
                line.clear();
            }
            s
        });
        let mut s = String::new();
        if let Some(out) = out.as_mut() {
            let _ = out.read_to_string(&mut s);
        }
        (s, e.join().unwrap_or_default())
    })
}

/// A run's scenario and the port it goes to (the TLS port for TLS).
fn scenario_port<'s>(
    suite: &'s Suite,
    run: &PlannedRun,
    port: u16,
    tls_port: u16,
) -> (&'s crate::suite::Scenario, u16) {
    let scenario = suite.scenario(&run.scenario);
    let port = if scenario.protocol.is_tls() {
        tls_port
    } else {
        port
    };
    (scenario, port)
}

/// A level's record before it runs.
fn new_record(run: &PlannedRun) -> RunRecord {
    RunRecord {
        repeat: run.repeat,
        server: run.server.clone(),
        variant: run.variant.label.clone(),
        scenario: run.scenario.clone(),
        driver: run.driver.name().into(),
        level_index: run.level_index,
        level: run.level.clone(),
        command: String::new(),
        started_at: env::rfc3339_utc(SystemTime::now()),
        stats: None,
        error: None,
        client_bound: false,
        client: ClientUsage::default(),
        server_usage: MonitorReport::default(),
        time_wait_before: 0,
        time_wait_after: 0,
        report: None,
        clients: Vec::new(),
        latency_not_mergeable: false,
        search: None,
    }
}

fn client_usage(cpu: &(f64, f64), stats: &LevelStats, cores: usize) -> ClientUsage {
    let total = cpu.0 + cpu.1;
    ClientUsage {
        user_s: cpu.0,
        sys_s: cpu.1,
        cores,
        cpu_per_response_us: (stats.responses > 0).then(|| total * 1e6 / stats.responses as f64),
    }
}

fn progress_line(run: &PlannedRun, done: usize, total: usize, started: Instant) -> String {
    let elapsed = started.elapsed().as_secs_f64();
    let eta = if done > 1 {
        let per = elapsed / (done - 1) as f64;
        format!(
            "ETA {}",
            humantime::format_duration(Duration::from_secs(
                (per * (total - done + 1) as f64) as u64
            ))
        )
    } else {
        "ETA –".into()
    };
    format!(
        "[{done}/{total}] repeat {} · {} · {} · {} · {} · {eta}",
        run.repeat + 1,
        run.variant.label,
        run.scenario,
        run.level,
        run.driver.name()
    )
}

fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `N` different free ports of `host`: all are held open until all are
/// chosen, so no two are the same.
pub(crate) fn free_ports<const N: usize>(host: &str) -> [u16; N] {
    // Each port is free over TCP and over UDP (HTTP/3 is served on the UDP
    // port of `{tls_port}`'s number); all are held until all are chosen.
    let mut held = Vec::new();
    for _ in 0..N * 20 {
        if held.len() == N {
            break;
        }
        let Ok(tcp) = std::net::TcpListener::bind((host, 0)) else {
            break;
        };
        let Ok(port) = tcp.local_addr().map(|a| a.port()) else {
            break;
        };
        if let Ok(udp) = std::net::UdpSocket::bind((host, port)) {
            held.push((port, tcp, udp));
        }
    }
    std::array::from_fn(|i| held.get(i).map_or(0, |h| h.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines_read_as_the_live_text() {
        let line = "barrage-progress warmup=0 t=3.0 rps=95432.4 p99_us=1234 errors=2";
        assert_eq!(
            live_text(line).as_deref(),
            Some("95,432/s · p99 1.23 ms · 2 errors")
        );
        let warm = "barrage-progress warmup=1 t=1.0 rps=12 p99_us=87 errors=0";
        assert_eq!(live_text(warm).as_deref(), Some("warm-up"));
        let idle = "barrage-progress warmup=0 t=1.0 rps=0 p99_us=0 errors=5";
        assert_eq!(live_text(idle).as_deref(), Some("0/s · p99 – · 5 errors"));
        assert_eq!(live_text("progress: 10% done"), None);
        assert_eq!(live_text("barrage-progress rps=x"), None);
    }

    /// The driver's stderr: its progress lines go to the live line as they
    /// come, everything else stays its stderr.
    #[test]
    fn progress_lines_are_taken_out_of_stderr() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let into = Arc::clone(&seen);
        let live: OnProgress = Box::new(move |l| into.lock().unwrap().push(l.to_string()));
        let script = "echo out; echo 'barrage-progress rps=1' >&2; echo 'an error' >&2; \
                      echo 'barrage-progress rps=2' >&2";
        let ran = run_tool(
            Path::new("/bin/sh"),
            &["-c".into(), script.into()],
            &[],
            Duration::from_secs(5),
            None,
            &AtomicBool::new(false),
            Some(live),
            &mut |_| {},
            &mut || {},
        )
        .unwrap();
        assert_eq!(ran.stdout, "out\n");
        assert_eq!(ran.stderr, "an error\n");
        assert_eq!(
            *seen.lock().unwrap(),
            ["barrage-progress rps=1", "barrage-progress rps=2"]
        );
    }
}
