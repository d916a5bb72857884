//! The client's ceiling, measured in the same sitting (docs/suites.md,
//! "The client's ceiling"): before the first server, for every shape of
//! load the plan runs (scenario, driver, loop, connections), the client
//! loads a responder on the server's cores exactly as it will load the
//! servers: [`PRECOMPUTED`] (`barrage serve --precomputed`, HTTP/1.1
//! answered from memory on one thread, costing little more than the
//! kernel's share of each response) for plain HTTP/1.1, and
//! [`RESPONDER`] (`barrage serve`) for the other protocols. What it reaches is the most any server can be
//! measured at with that shape on these cores: a level at 90% of it or
//! more is client-bound ([`Reason::Ceiling`]), and so is a capacity whose
//! failing steps ran there.
//!
//! A closed loop's ceiling is its rate against the responder. An open
//! loop's is the rate it sent while asked for half as much again as the
//! closed loop of its connections reached, over as many connections
//! (none opened beyond them): the fastest it keeps a schedule.
//!
//! Also here: what limited each level ([`limit_of`], the model's rule fed
//! with the level's figures).

use barrage_model::client_bound::{self, Reason};
use barrage_model::limit::{self, Facts, FailedStep, Limit, LimitKind, Loop};
use barrage_model::results::{CeilingRecord, Results, RunRecord, Shape};
use barrage_model::search::{Bound, Outcome};
use barrage_model::suite::Variant;

use super::{PlanRun, RunOptions, Running, ServerRun};
use crate::manifest::ServerSpec;
use crate::suite::{plain_get, Level, Plan, PlannedRun, CEILING_WINDOW};

/// The responder of the shapes [`PRECOMPUTED`] does not serve: barrage's
/// own server.
pub(super) const RESPONDER: &str = "barrage-target";
/// The responder of plain HTTP/1.1: `barrage serve --precomputed`.
pub(super) const PRECOMPUTED: &str = "barrage-responder";

/// The responder of `scenario`'s shapes: the precomputed one for plain
/// GETs over HTTP/1.1 ([`plain_get`]).
fn responder_for(scenario: &crate::suite::Scenario) -> &'static str {
    if plain_get(scenario) {
        PRECOMPUTED
    } else {
        RESPONDER
    }
}
/// An open loop is asked for this much more than its closed loop reached.
const OVER: f64 = 1.5;

impl PlanRun<'_> {
    /// Measures the ceiling of every shape of `plan` against the
    /// responder, on the server's cores, and records them; a shape that
    /// could not be measured is recorded with why.
    pub(super) fn measure_ceilings(&mut self, opts: &mut RunOptions, plan: &Plan) {
        let shapes = plan.ceiling_shapes(self.suite);
        if shapes.is_empty() {
            return;
        }
        (opts.progress)(&format!(
            "measuring the client's ceiling for {} shape{} of load against barrage serve",
            shapes.len(),
            if shapes.len() == 1 { "" } else { "s" }
        ));
        for responder in [PRECOMPUTED, RESPONDER] {
            let mine: Vec<(Shape, &PlannedRun)> = shapes
                .iter()
                .filter(|(_, run)| responder_for(self.suite.scenario(&run.scenario)) == responder)
                .cloned()
                .collect();
            if !mine.is_empty() && !opts.stop.load(std::sync::atomic::Ordering::Relaxed) {
                self.ceilings_against(opts, responder, mine);
            }
        }
    }

    /// The ceilings of `shapes`, against `responder` started once.
    fn ceilings_against(
        &mut self,
        opts: &mut RunOptions,
        responder: &str,
        shapes: Vec<(Shape, &PlannedRun)>,
    ) {
        let spec = match ServerSpec::find(&opts.servers_dir, responder) {
            Ok(s) => s,
            Err(e) => {
                let why = format!("no responder: {e}");
                for (shape, _) in shapes {
                    self.store
                        .results
                        .ceilings
                        .push(failed(shape, responder, &why));
                }
                return;
            }
        };
        let first = PlannedRun {
            repeat: 0,
            server: responder.into(),
            variant: Variant {
                label: format!("{responder} (the client's ceiling)"),
                vars: Default::default(),
                cores: None,
            },
            ..shapes[0].1.clone()
        };
        let short = crate::suite::Suite {
            duration: self.suite.duration.min(CEILING_WINDOW),
            ..self.suite.clone()
        };
        let mut runner = ServerRun {
            opts,
            suite: &short,
            spec: &spec,
            store: self.store,
            first: &first,
            hosts: self.hosts,
            services: self.services,
            level_line: String::new(),
        };
        runner.ceilings(shapes);
    }
}

fn failed(shape: Shape, responder: &str, why: &str) -> CeilingRecord {
    CeilingRecord {
        shape,
        responder: responder.into(),
        rate_per_s: 0.0,
        client_cpu_share: None,
        responder_cpu_share: None,
        client_limited: false,
        command: String::new(),
        error: Some(why.to_string()),
    }
}

impl ServerRun<'_> {
    fn ceilings(&mut self, shapes: Vec<(Shape, &PlannedRun)>) {
        let log_name = format!("ceiling-{}.log", self.first.server);
        let log_there = self.hosts.work.join("logs").join(&log_name);
        let started = match self.start_server(&log_name, &log_there) {
            Ok(s) => s,
            Err((_, why)) => {
                for (shape, _) in shapes {
                    let why = format!("the responder did not start: {why}");
                    let rec = failed(shape, &self.first.server, &why);
                    self.store.results.ceilings.push(rec);
                }
                return;
            }
        };
        let running = Running {
            id: started.id,
            address: self.hosts.server_address.clone(),
            port: started.port,
            tls_port: started.tls_port,
        };
        let server_cores = started.pinned_cpus.as_ref().map_or(1, |c| c.len().max(1));
        // The start is no server of the suite: its record is not kept.
        let servers = self.store.results.servers.len();
        for (shape, run) in shapes {
            if self.opts.stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            (self.opts.progress)(&format!("  ceiling: {shape}"));
            let rec = self.ceiling(&shape, run, &running, server_cores);
            self.store.results.ceilings.push(rec);
        }
        self.store.results.servers.truncate(servers);
        self.stop_server(started.id);
    }

    /// One shape's ceiling: a closed loop's rate, or an open loop's sent
    /// rate when asked for more than the closed loop of its connections.
    fn ceiling(
        &mut self,
        shape: &Shape,
        run: &PlannedRun,
        server: &Running,
        server_cores: usize,
    ) -> CeilingRecord {
        let closed = PlannedRun {
            level: Level::Connections(shape.connections),
            ..run.clone()
        };
        let record = self.measure(&closed, server);
        let responder = self.first.server.clone();
        let mut rec = from_record(shape, &responder, &record, server_cores, false);
        if !shape.open || rec.error.is_some() {
            return rec;
        }
        let open = PlannedRun {
            level: Level::Rate {
                rate: (rec.rate_per_s * OVER).round().max(1.0),
                connections: shape.connections,
            },
            ..run.clone()
        };
        let record = self.measure(&open, server);
        rec = from_record(shape, &responder, &record, server_cores, true);
        rec
    }
}

/// A measured level against the responder as a ceiling: its rate (an
/// open loop's: what it sent), the two sides' CPU, and which was full.
fn from_record(
    shape: &Shape,
    responder: &str,
    r: &RunRecord,
    server_cores: usize,
    open: bool,
) -> CeilingRecord {
    let mut rec = failed(shape.clone(), responder, "");
    rec.error = None;
    rec.command = r.command.clone();
    let Some(stats) = &r.stats else {
        rec.error = Some(r.error.clone().unwrap_or_else(|| "no numbers".into()));
        return rec;
    };
    let elapsed = stats.elapsed_s;
    rec.rate_per_s = match (open, stats.requests_sent) {
        (true, Some(sent)) if elapsed > 0.0 => sent as f64 / elapsed,
        _ => stats.responses_per_s,
    };
    let share = |cpu: f64, cores: usize| {
        (elapsed > 0.0 && cores > 0).then(|| cpu / (elapsed * cores as f64))
    };
    rec.client_cpu_share = share(r.client.user_s + r.client.sys_s, r.client.cores);
    let u = &r.server_usage;
    rec.responder_cpu_share = share(u.cpu_user_s + u.cpu_sys_s, server_cores);
    let client_full = r.client_bound_reasons.contains(&Reason::Cpu)
        || rec
            .client_cpu_share
            .is_some_and(|s| s >= client_bound::CPU_SHARE);
    let responder_full = rec
        .responder_cpu_share
        .is_some_and(|s| s >= limit::SERVER_SHARE);
    rec.client_limited = client_full || !responder_full;
    if r.error.is_some() && rec.rate_per_s <= 0.0 {
        rec.error = r.error.clone();
    }
    rec
}

/// The ceiling of `run`'s shape in `results`, as the client-bound rule
/// reads it: a closed level's delivered rate, an open one's offered rate.
pub(super) fn ceiling_evidence(
    results: &Results,
    run: &PlannedRun,
    delivered_per_s: f64,
) -> Option<client_bound::Ceiling> {
    let shape = Shape::of(&run.scenario, run.driver.name(), &run.level)?;
    let c = results.ceiling(&shape)?;
    let rate_per_s = match run.level {
        Level::Rate { rate, .. } => rate,
        _ => delivered_per_s,
    };
    Some(client_bound::Ceiling {
        ceiling_per_s: c.rate_per_s,
        rate_per_s,
    })
}

/// The ceiling a search on `run`'s shape passes to `barrage load
/// --find-max` (`--client-ceiling`), when one was measured.
pub(super) fn search_ceiling(results: &Results, run: &PlannedRun) -> Option<f64> {
    let shape = Shape::of(&run.scenario, run.driver.name(), &run.level)?;
    results.ceiling(&shape).map(|c| c.rate_per_s)
}

/// What limited `r` (docs/load.md, "What limited a number"): the model's
/// rule fed with its figures. `server_cores`: the server's pinned cores.
pub(super) fn limit_of(r: &RunRecord, results: &Results, server_cores: usize) -> Option<Limit> {
    let stats = r.stats.as_ref()?;
    let ceiling = results.ceiling_of(r);
    let client_why = (!r.client_bound_reasons.is_empty()).then(|| {
        let mut words: Vec<String> = r
            .client_bound_reasons
            .iter()
            .map(|reason| match (reason, ceiling) {
                (Reason::Ceiling, Some(c)) => {
                    format!("the client's ceiling here is {:.0}/s", c.rate_per_s)
                }
                (reason, _) => reason.describe().to_string(),
            })
            .collect();
        words.dedup();
        words.join("; ")
    });
    let elapsed = stats.elapsed_s;
    let u = &r.server_usage;
    let server_share = (elapsed > 0.0 && !u.samples.is_empty())
        .then(|| (u.cpu_user_s + u.cpu_sys_s) / (elapsed * server_cores.max(1) as f64));
    let looped = match (&r.level, &r.search) {
        (_, Some(search)) => match search.outcome {
            Outcome::AtLeast {
                bound: Bound::MaxRate,
                rate,
            } => Loop::Open { asked_per_s: rate },
            _ => Loop::Search {
                failed_above: failed_above(search),
            },
        },
        (Level::Connections(c), None) => Loop::Closed { connections: *c },
        (Level::Rate { rate, .. }, None) => Loop::Open { asked_per_s: *rate },
        (Level::Sessions { rate, .. }, None) => Loop::Open { asked_per_s: *rate },
        (Level::Search { .. }, None) => return None,
    };
    let mut l = limit::limit(&Facts {
        looped,
        rate_per_s: stats.responses_per_s,
        client_bound: client_why.as_deref(),
        server_share: match &r.search {
            Some(_) => None,
            None => server_share,
        },
        server_cores: server_cores.max(1),
        bytes_per_s: None,
        link_bytes_per_s: None,
    });
    if let Some(search) = &r.search {
        if let Outcome::AtLeast {
            bound: Bound::Steps,
            ..
        } = search.outcome
        {
            l.why = format!("the step or time limit came first; {}", l.why);
        }
        if let Outcome::BelowMin { .. } = search.outcome {
            l = Limit {
                kind: LimitKind::Objective,
                why: "even the lowest rate failed it".into(),
            };
        }
    }
    Some(l)
}

/// The lowest failing step above a search's answer.
fn failed_above(search: &barrage_model::search::SearchReport) -> Option<FailedStep> {
    let answer = match search.outcome {
        Outcome::Capacity { rate } | Outcome::AtLeast { rate, .. } => rate,
        Outcome::BelowMin { .. } => 0.0,
    };
    search
        .steps
        .iter()
        .filter(|s| !s.verdict.pass && s.offered_per_s > answer)
        .min_by(|a, b| a.offered_per_s.total_cmp(&b.offered_per_s))
        .map(|s| FailedStep {
            rate_per_s: s.offered_per_s,
            server_share: None,
        })
}
