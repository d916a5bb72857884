//! A suite's plan: the ordered list of runs (server variant × scenario ×
//! level × driver × repeat) and how long they take, for the runner and for
//! `--dry-run`.
//!
//! The order is the run order. Each server variant starts once per repeat
//! and runs all its scenarios, levels and drivers before it stops. Repeats
//! alternate the order of the variants (A B C, then C B A, ...) and of the
//! drivers, so that drift over a long run (heat, background work) does not
//! always favour whoever goes first.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use barrage_model::suite::TYPICAL_SEARCH_STEPS;

use barrage_model::suite::{Service, ServiceKind};

use barrage_contract::Workload;
use barrage_model::results::Shape;
use barrage_model::warmup::request_key;

use super::{
    driver_name, quick_sessions, Driver, Level, Load, Scenario, ServerEntry, Suite, Variant,
};

/// Time counted per server start in the estimate: build check, start,
/// readiness and probes.
pub const START_OVERHEAD: Duration = Duration::from_secs(3);
/// Time counted per service (`[[service]]`) in the estimate: PostgreSQL
/// made, loaded and checked afresh (docs/workloads.md's bar; a cached data
/// directory takes about 5 s).
pub const SERVICE_START: Duration = Duration::from_secs(60);

/// The longest the client's ceiling of a shape is measured, whatever the
/// suite's duration (docs/suites.md, "The client's ceiling"): a rate
/// against a responder answering from memory is as well known after 5 s
/// as after 40 (a suite of 40 s levels spent 40 s per shape).
pub const CEILING_WINDOW: Duration = Duration::from_secs(5);
/// Time counted in the estimate for each warm-up until steady (each
/// request of each server start, docs/suites.md "Warm-up"): four
/// half-second windows at least, each a `barrage load` of its own; 2 to 9 s
/// here, most near 4 (a JIT runtime's `[warmup] min` comes on top).
pub const WARMUP_TYPICAL: Duration = Duration::from_secs(4);

/// Whether a scenario is of a database workload (its levels count the
/// server's reads; the responder of the client's ceiling cannot serve it).
pub fn needs_database(scenario: &Scenario) -> bool {
    scenario.workload.is_some_and(Workload::needs_database)
}

/// Whether the client's ceiling of `scenario` is measured against the
/// precomputed responder: plain GETs over HTTP/1.1 (no workload, whose
/// checks send bodies and queries that differ per request; no mix). The
/// other scenarios' ceilings are measured against barrage serve.
pub fn plain_get(scenario: &Scenario) -> bool {
    scenario.protocol == super::Wire::H1
        && scenario.method == "GET"
        && scenario.workload.is_none()
        && scenario.mix.is_none()
        && scenario.ws.is_none()
        && scenario.grpc.is_none()
}

/// One measured run of a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlannedRun {
    /// From 0.
    pub repeat: u32,
    /// The manifest: `servers/NAME/server.toml`.
    pub server: String,
    pub variant: Variant,
    /// The scenario's name ([`Suite::scenario`]).
    pub scenario: String,
    /// The level's index in the suite's load (from 0).
    pub level_index: usize,
    pub level: Level,
    pub driver: Driver,
}

/// The runs of a suite, in order, and how long they should take.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub suite: String,
    pub quick: bool,
    /// Warm-up before each run.
    pub warmup: Duration,
    /// Each run's measured window (sessions: see [`Level::window`]).
    pub duration: Duration,
    pub repeats: u32,
    pub runs: Vec<PlannedRun>,
    /// The suite's services, started before the first server.
    pub services: Vec<Service>,
    /// Shapes of load whose client's ceiling is measured first.
    pub ceilings: usize,
    /// Warm-ups until steady: each request of each server start.
    pub warmups: usize,
    /// The ceilings, then warm-ups and windows, [`WARMUP_TYPICAL`] per
    /// warm-up until steady, [`START_OVERHEAD`] per server start and
    /// [`SERVICE_START`] per service.
    pub estimate: Duration,
}

impl Plan {
    /// The runs cut into server starts: consecutive runs of one variant in
    /// one repeat.
    pub fn starts(&self) -> impl Iterator<Item = &[PlannedRun]> {
        self.runs
            .chunk_by(|a, b| a.repeat == b.repeat && a.variant.label == b.variant.label)
    }

    /// Every shape of load whose client's ceiling is measured before the
    /// first server, each with a run that stands for it (the first of that
    /// shape), closed loops first. Sessions have none, nor the database
    /// workloads (the responder would query the database too: not "next
    /// to nothing"), nor scripts.
    pub fn ceiling_shapes(&self, suite: &Suite) -> Vec<(Shape, &PlannedRun)> {
        let mut out: Vec<(Shape, &PlannedRun)> = Vec::new();
        for run in &self.runs {
            let scenario = suite.scenario(&run.scenario);
            if needs_database(scenario) || scenario.script.is_some() {
                continue;
            }
            let Some(shape) = Shape::of(&run.scenario, run.driver.name(), &run.level) else {
                continue;
            };
            if !out.iter().any(|(s, _)| *s == shape) {
                out.push((shape, run));
            }
        }
        out.sort_by_key(|(s, _)| s.open);
        out
    }

    /// How long the plan should take: the client's ceilings (each
    /// shape's warm-up and window, an open loop's twice: its closed loop
    /// first; the responders' starts), each run's warm-up and window (a
    /// search's typical steps), [`WARMUP_TYPICAL`] per warm-up until steady,
    /// [`START_OVERHEAD`] per server start and [`SERVICE_START`] per
    /// service.
    fn estimated(&self, suite: &Suite) -> Duration {
        let (warmup, duration) = (self.warmup, self.duration);
        let measured: Duration = self
            .runs
            .iter()
            .map(|r| match r.level {
                // Each step has its warm-up (sessions: none).
                Level::Search { calls: None, .. } => {
                    warmup * TYPICAL_SEARCH_STEPS + r.level.window(duration)
                }
                _ => warmup + r.level.window(duration),
            })
            .sum();
        let shapes = self.ceiling_shapes(suite);
        let ceiling_window = warmup + duration.min(CEILING_WINDOW);
        let mut responders: Vec<bool> = shapes
            .iter()
            .map(|(_, r)| plain_get(suite.scenario(&r.scenario)))
            .collect();
        responders.sort();
        responders.dedup();
        let ceilings: Duration = shapes
            .iter()
            .map(|(s, _)| ceiling_window * if s.open { 2 } else { 1 })
            .sum::<Duration>()
            + START_OVERHEAD * responders.len() as u32;
        measured
            + ceilings
            + WARMUP_TYPICAL * self.warmups as u32
            + START_OVERHEAD * self.starts().count() as u32
            + SERVICE_START * self.services.len() as u32
    }

    /// The warm-ups until steady: each request of each server start.
    fn count_warmups(&self, suite: &Suite) -> usize {
        self.starts()
            .map(|start| {
                let mut keys: Vec<String> = start
                    .iter()
                    .map(|r| request_key(suite.scenario(&r.scenario)))
                    .collect();
                keys.sort();
                keys.dedup();
                keys.len()
            })
            .sum()
    }
}

impl Plan {
    /// The runs of `suite`, in the order they run: for each repeat, each
    /// server variant (reversed on odd repeats), each scenario, level and
    /// driver (drivers reversed on odd repeats too); a scenario with a
    /// `search` runs once per server start instead, on barrage's engine. `quick` keeps one
    /// repeat, the quick levels and durations (and no search with `[quick]
    /// searches = false`) and the servers of `[quick] servers`; `only` keeps
    /// the variants of that server (manifest name) or with that label, and
    /// may leave none.
    pub fn of(suite: &Suite, quick: bool, only: Option<&str>) -> Plan {
        let (warmup, duration, repeats) = if quick {
            (suite.quick.warmup, suite.quick.duration, 1)
        } else {
            (suite.warmup, suite.duration, suite.repeats)
        };
        let levels = planned_levels(suite, quick);
        let variants: Vec<(&ServerEntry, &Variant)> = suite
            .servers
            .iter()
            .flat_map(|e| e.variants.iter().map(move |v| (e, v)))
            .filter(|(entry, v)| match only {
                None => !quick || suite.quick.runs(entry, v),
                Some(o) => o == entry.server || o == v.label,
            })
            .collect();
        let mut runs = Vec::new();
        for repeat in 0..repeats {
            let forward = repeat % 2 == 0;
            for &(entry, variant) in alternate(&variants, forward) {
                for scenario in &suite.scenarios {
                    // A search, or a fixed rate's efficiency, is one run
                    // per server start on barrage's engine, not the levels.
                    let own = match (&scenario.search, &scenario.efficiency) {
                        (Some(_), _) if quick && !suite.quick.searches => continue,
                        (Some(spec), _) => Some(Level::Search {
                            spec: spec.clone(),
                            calls: match suite.load {
                                Load::Sessions { calls, .. } => Some(calls),
                                _ => None,
                            },
                        }),
                        (None, Some(e)) => Some(e.level()),
                        (None, None) => None,
                    };
                    if let Some(level) = own {
                        runs.push(PlannedRun {
                            repeat,
                            server: entry.server.clone(),
                            variant: variant.clone(),
                            scenario: scenario.name.clone(),
                            level_index: 0,
                            level,
                            driver: Driver::Barrage,
                        });
                        continue;
                    }
                    for (level_index, level) in levels.iter().filter(|(_, l)| entry.runs(l)) {
                        for &driver in alternate(&suite.drivers, forward) {
                            runs.push(PlannedRun {
                                repeat,
                                server: entry.server.clone(),
                                variant: variant.clone(),
                                scenario: scenario.name.clone(),
                                level_index: *level_index,
                                level: level.clone(),
                                driver,
                            });
                        }
                    }
                }
            }
        }
        let mut plan = Plan {
            suite: suite.name.clone(),
            quick,
            warmup,
            duration,
            repeats,
            runs,
            services: suite.services.clone(),
            ceilings: 0,
            warmups: 0,
            estimate: Duration::ZERO,
        };
        plan.ceilings = plan.ceiling_shapes(suite).len();
        plan.warmups = plan.count_warmups(suite);
        plan.estimate = plan.estimated(suite);
        plan
    }
}

/// A service as --dry-run shows it: `postgres: postgres on host db,
/// cores 2, max_connections=512; started before the first server`.
pub fn service_line(s: &Service) -> String {
    let kind = match s.kind {
        ServiceKind::Postgres => "postgres",
    };
    let mut words = vec![format!("{}: {kind}", s.name)];
    words.push(match &s.host {
        Some(h) => format!("on host {h}"),
        None => "on the server's host".into(),
    });
    words.push(match &s.cores {
        Some(c) => format!("cores {}", join(c)),
        None => "a core the server and the load do not use".into(),
    });
    let settings: Vec<String> = s.settings.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if !settings.is_empty() {
        words.push(settings.join(" "));
    }
    format!(
        "{}; started before the first server (about {} the first time)",
        words.join(", "),
        human(SERVICE_START)
    )
}

fn join(cores: &[usize]) -> String {
    cores
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The levels planned, with their indices in the full list.
fn planned_levels(suite: &Suite, quick: bool) -> Vec<(usize, Level)> {
    let indices: Vec<usize> = if quick {
        suite.quick_levels()
    } else {
        (0..suite.load.levels()).collect()
    };
    indices
        .into_iter()
        .filter_map(|i| {
            let mut level = suite.load.level(i)?;
            let window = if quick {
                Some(suite.quick.duration)
            } else {
                suite.session_window
            };
            if let (Some(window), Level::Sessions { rate, sessions, .. }) = (window, &mut level) {
                *sessions = quick_sessions(*rate, *sessions, window);
            }
            Some((i, level))
        })
        .collect()
}

/// `items` forward, or backward.
fn alternate<T>(items: &[T], forward: bool) -> Box<dyn Iterator<Item = &T> + '_> {
    if forward {
        Box::new(items.iter())
    } else {
        Box::new(items.iter().rev())
    }
}

/// "1 run", "2 runs".
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Whole seconds above a second ("1m 10s"), as is below ("500ms").
fn human(d: Duration) -> String {
    let d = if d >= Duration::from_secs(1) {
        Duration::from_secs(d.as_secs_f64().round() as u64)
    } else {
        d
    };
    humantime::format_duration(d).to_string()
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let starts = self.starts().count();
        writeln!(
            f,
            "suite {}{}: {} in {} ({}), about {}",
            self.suite,
            if self.quick { " (quick)" } else { "" },
            count(self.runs.len(), "run"),
            count(starts, "server start"),
            count(self.repeats as usize, "repeat"),
            human(self.estimate)
        )?;
        writeln!(
            f,
            "each run: {} warm-up, then {} measured; {} per server start",
            human(self.warmup),
            human(self.duration),
            human(START_OVERHEAD)
        )?;
        if self.ceilings > 0 {
            writeln!(
                f,
                "before the first server: the client's ceiling of {} of load, {} measured each (an open loop's twice)",
                count(self.ceilings, "shape"),
                human(self.duration.min(CEILING_WINDOW))
            )?;
        }
        if self.warmups > 0 {
            writeln!(
                f,
                "each start warms each of its requests until steady: {}, about {} each",
                count(self.warmups, "warm-up"),
                human(WARMUP_TYPICAL)
            )?;
        }
        for s in &self.services {
            writeln!(f, "service {}", service_line(s))?;
        }
        let rows: Vec<[String; 6]> = self
            .runs
            .iter()
            .map(|r| {
                [
                    format!("{}/{}", r.repeat + 1, self.repeats),
                    r.variant.label.clone(),
                    r.scenario.clone(),
                    r.level.to_string(),
                    driver_name(r.driver).to_string(),
                    human(r.level.window(self.duration)),
                ]
            })
            .collect();
        let header = [
            "repeat", "server", "scenario", "level", "driver", "measured",
        ]
        .map(String::from);
        let mut widths = header.clone().map(|h| h.len());
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        for row in std::iter::once(&header).chain(&rows) {
            let line: Vec<String> = row
                .iter()
                .zip(widths)
                .map(|(cell, w)| format!("{cell:<w$}"))
                .collect();
            writeln!(f, "  {}", line.join("  ").trim_end())?;
        }
        Ok(())
    }
}
