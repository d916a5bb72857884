//! Runs a suite's plan: for every server variant and repeat, build, start,
//! pin, wait until ready, validate each workload (runner/validation.rs),
//! probe each scenario, then run every level with the
//! driver while the monitors watch; stop the server; record everything as
//! it goes. A suite's services (runner/service.rs: PostgreSQL for the
//! database workloads) start before the first server and stop after the
//! last, on every exit; a database level's proof of work is counted around
//! it (runner/proof.rs).
//!
//! The same code runs a suite on this machine alone and across hosts: the
//! server host and the client hosts are a [`Hosts`] set, and every step is
//! a call to one of them ([`crate::host::Call`]). On one box the set is
//! this machine, answering in this process.
//!
//! Fairness rules, as the seeds learned them: the server and the client get
//! their own cores; repeats alternate the server order (A B C, then C B A)
//! so that drift over the run does not favour the first server; warm-up is
//! not measured (its CPU is subtracted from the client's, and the server's
//! monitor starts after it); a level whose client used 90% or more of its
//! cores is marked client-bound.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use crate::env;
use crate::host::{Hosts, Layout};
use crate::manifest::ServerSpec;
use crate::monitor::MonitorReport;
use crate::store::{ClientUsage, Results, RunRecord, Store, Summary, SCHEMA};
use crate::suite::{Level, Plan, PlannedRun, Suite};
use barrage_model::check::all_pass;
use barrage_model::results::LevelStats;

mod ceiling;
mod group;
mod level;
mod limits;
mod live;
mod merge;
mod proof;
mod service;
mod setup;
mod validation;
mod warm;

use group::{GroupEnd, Running};
use limits::{PROBE_TIMEOUT, SHORT_CALL, STOP_GRACE};
use service::Services;

/// What `barrage run` was asked to do.
pub struct RunOptions {
    pub suite_file: PathBuf,
    pub quick: bool,
    pub only: Option<String>,
    /// `--label`: what the run measured, in the user's words (recorded in
    /// results.json for `barrage history`).
    pub label: Option<String>,
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
    /// Renders summary.md, which the run writes after each server and at
    /// its end (the binary passes `barrage_report::summary`).
    pub summary: Summary,
}

/// Where the live line of a level goes: called about once a second while
/// a level of the native driver runs, with the level's progress line and
/// its live rate and p99.
pub type LiveLine = Arc<dyn Fn(&str) + Send + Sync>;

/// How the run ended.
pub struct RunOutcome {
    pub dir: PathBuf,
    /// Servers that failed (build, start, readiness, death mid-run).
    pub failed_servers: usize,
    pub interrupted: bool,
    /// The line that stopped the suite before its end (a service that
    /// failed to start, or died again after its restart).
    pub stopped: Option<String>,
    /// Levels that failed their scenario's `check`.
    pub failed_checks: usize,
}

/// Levels of `store` that failed their scenario's `check`.
fn failed_checks(store: &Store) -> usize {
    let runs = &store.results.runs;
    runs.iter().filter(|r| !all_pass(&r.checks)).count()
}

pub fn run(mut opts: RunOptions) -> Result<RunOutcome, String> {
    // Servers start in their own directories: every path they are given
    // (`{run_dir}`, logs) must be absolute.
    opts.results_root = std::path::absolute(&opts.results_root)
        .map_err(|e| format!("results directory {}: {e}", opts.results_root.display()))?;
    let mut suite = crate::suite::load(&opts.suite_file).map_err(|e| e.to_string())?;
    if let Some(levels) = &opts.levels {
        suite = suite.with_levels(levels)?;
    }
    let suite = suite.effective(opts.quick, opts.only.as_deref());
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
    let (mut store, mut hosts) = begin(&mut opts, &suite, &specs, started_at, &stamp)?;
    for w in &store.results.warnings {
        (opts.progress)(&format!("warning: {w}"));
    }
    let pools = specs.values().filter_map(|s| s.database_pool).max();
    let mut services = match Services::start(
        &mut opts,
        &suite,
        pools.unwrap_or(0),
        &mut hosts,
        &mut store,
    ) {
        Ok(s) => s,
        Err(line) => {
            hosts.close();
            return stopped(&mut store, &opts, 0, line);
        }
    };
    let mut ctx = PlanRun {
        suite: &suite,
        specs: &specs,
        store: &mut store,
        hosts: &mut hosts,
        services: &mut services,
    };
    // The client's ceiling for every shape of load, before any server.
    ctx.measure_ceilings(&mut opts, &plan);
    let _ = ctx.store.write();
    let ended = ctx.run_plan(&mut opts, &plan);
    // Every service stops, every agent ends, and every server and tool it
    // started, whatever happened.
    services.stop_all(&mut hosts);
    hosts.close();
    let failed_servers = match ended? {
        PlanEnd::Done(n) => n,
        PlanEnd::Stopped(n, line) => return stopped(&mut store, &opts, n, line),
    };
    let interrupted = finish(&mut store, &opts, false)?;
    Ok(RunOutcome {
        dir: store.dir.clone(),
        failed_servers,
        interrupted,
        stopped: None,
        failed_checks: failed_checks(&store),
    })
}

/// A run stopped by a service (one that failed to start, or died after
/// its restart): the results so far written, the line kept.
fn stopped(
    store: &mut Store,
    opts: &RunOptions,
    failed_servers: usize,
    line: String,
) -> Result<RunOutcome, String> {
    store.results.warnings.push(line.clone());
    let interrupted = finish(store, opts, true)?;
    Ok(RunOutcome {
        dir: store.dir.clone(),
        failed_servers,
        interrupted,
        stopped: Some(line),
        failed_checks: failed_checks(store),
    })
}

/// The results written as the run ended (`cut`: before its plan's end);
/// whether it was interrupted.
fn finish(store: &mut Store, opts: &RunOptions, cut: bool) -> Result<bool, String> {
    let interrupted = opts.stop.load(Ordering::Relaxed);
    store.results.interrupted = interrupted;
    store.results.complete = !interrupted && !cut;
    store.results.finished_at = Some(env::rfc3339_utc(SystemTime::now()));
    store.write()?;
    store.write_summary()?;
    Ok(interrupted)
}

/// The run's hosts made ready and its results begun: the environment of
/// this machine (its server versions) or of every host, the warnings.
fn begin(
    opts: &mut RunOptions,
    suite: &Suite,
    specs: &BTreeMap<String, ServerSpec>,
    started_at: String,
    stamp: &str,
) -> Result<(Store, Hosts), String> {
    // Before the capture, which records the limit the servers get.
    crate::env::raise_open_files();
    let mut environment = env::capture(&opts.repo);
    let across = match opts.hosts.take() {
        Some(layout) => Some(setup::connect_hosts(
            layout,
            stamp,
            &opts.stop,
            &mut opts.progress,
        )?),
        None => None,
    };
    let records = across.as_ref().map(|a| a.1.clone()).unwrap_or_default();
    if across.is_none() {
        setup::local_versions(&mut environment, specs, &opts.barrage);
    }
    let warnings = setup::warnings(suite, &environment, &records);
    let results = Results {
        validations: Vec::new(),
        services: Vec::new(),
        schema: SCHEMA.into(),
        suite_file: opts.suite_file.display().to_string(),
        suite: suite.clone(),
        quick: opts.quick,
        only: opts.only.clone(),
        label: opts.label.clone(),
        started_at,
        finished_at: None,
        complete: false,
        interrupted: false,
        environment,
        warnings,
        servers: Vec::new(),
        probes: Vec::new(),
        runs: Vec::new(),
        hosts: records,
        ceilings: Vec::new(),
    };
    let store = Store::create(
        &opts.results_root,
        &suite.name,
        stamp,
        results,
        opts.summary,
    );
    let store = match (store, across) {
        (Ok(store), Some((hosts, _))) => (store, hosts),
        (Ok(store), None) => {
            let cache = opts.results_root.join(".build-cache");
            let (barrage, stop) = (opts.barrage.clone(), opts.stop.clone());
            let hosts = Hosts::local(barrage, stop, store.dir.clone(), cache);
            (store, hosts)
        }
        (Err(e), across) => {
            if let Some((hosts, _)) = across {
                hosts.close();
            }
            return Err(e);
        }
    };
    Ok(store)
}

/// What the plan's server starts share: the suite, its manifests, the
/// results, the hosts and the services.
struct PlanRun<'a> {
    suite: &'a Suite,
    specs: &'a BTreeMap<String, ServerSpec>,
    store: &'a mut Store,
    hosts: &'a mut Hosts,
    services: &'a mut Services,
}

impl PlanRun<'_> {
    /// Runs the plan's server starts in order; how many servers failed,
    /// and the line that stopped the suite (a service that died twice).
    /// After a service's restart, the server start it interrupted starts
    /// again for its remaining levels (it needs the new connection string).
    fn run_plan(&mut self, opts: &mut RunOptions, plan: &Plan) -> Result<PlanEnd, String> {
        let total = plan.runs.len();
        let started = Instant::now();
        let mut done = 0usize;
        let mut failed_servers = 0;
        let mut queue: std::collections::VecDeque<Vec<&PlannedRun>> = groups(&plan.runs).into();
        while let Some(group) = queue.pop_front() {
            if opts.stop.load(Ordering::Relaxed) {
                break;
            }
            let first = group[0];
            let mut runner = ServerRun {
                opts,
                suite: self.suite,
                spec: &self.specs[&first.server],
                store: self.store,
                first,
                hosts: self.hosts,
                services: self.services,
                level_line: String::new(),
            };
            let end = runner.run_group(&group, &mut done, total, started);
            self.store.write()?;
            self.store.write_summary()?;
            match end {
                GroupEnd::Done => {}
                GroupEnd::ServerFailed => failed_servers += 1,
                GroupEnd::Again(rest) => queue.push_front(group[rest..].to_vec()),
                GroupEnd::Stop(line) => return Ok(PlanEnd::Stopped(failed_servers, line)),
            }
        }
        Ok(PlanEnd::Done(failed_servers))
    }
}

/// How the plan ended: with the servers that failed, and the line that
/// stopped it before its end.
enum PlanEnd {
    Done(usize),
    Stopped(usize, String),
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

struct ServerRun<'a> {
    opts: &'a mut RunOptions,
    suite: &'a Suite,
    spec: &'a ServerSpec,
    store: &'a mut Store,
    first: &'a PlannedRun,
    /// The server host and the client hosts.
    hosts: &'a mut Hosts,
    /// The suite's services, running.
    services: &'a mut Services,
    /// The progress line of the level running (the live line's start).
    level_line: String,
}

impl ServerRun<'_> {
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
        proof: None,
        service_usage: Default::default(),
        warmup_s: None,
        limit: None,
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
        client_bound_reasons: Vec::new(),
        client: ClientUsage::default(),
        server_usage: MonitorReport::default(),
        time_wait_before: 0,
        time_wait_after: 0,
        listen_queue: None,
        report: None,
        clients: Vec::new(),
        latency_not_mergeable: false,
        search: None,
        checks: Vec::new(),
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
