//! Warm-up until the server is steady (docs/suites.md, "Warm-up"): before
//! the first level of each request a server start runs, the lab loads the
//! server with barrage's closed loop in short windows
//! ([`barrage_model::warmup::WINDOW`]) until consecutive windows agree
//! ([`barrage_model::warmup::steady`]), at least the manifest's `[warmup]
//! min` on the start's first request and at most its cap. A JIT runtime, a
//! cache or a pool that is still growing is warmed before anything is
//! measured, on every start (a restart is a start).
//!
//! Each window is a `barrage load` of its own on every client host at
//! once (its connections opened anew), not measured by the monitors; the
//! rate of each is recorded ([`WarmupRecord`]).

use std::time::{Duration, Instant};

use barrage_model::warmup::{self, request_key, Next, WarmupPlan, WarmupRecord};

use super::{scenario_port, Running, ServerRun, SHORT_CALL};
use crate::driver::{LoadRun, Tool};
use crate::host::{Call, Executed, BARRAGE};
use crate::suite::{Driver, Level, PlannedRun, Scenario};
use crate::tool::DRIVER_SLACK;

/// The warm-up's connections when no level of its request says (sessions).
const SESSIONS_CONNECTIONS: usize = 16;
/// The most connections a warm-up opens (a level of thousands is warmed
/// with a thousand: the server's code is as warm, the set-up shorter).
const MAX_CONNECTIONS: usize = 1000;

/// The closed loop's connections for warming `run`'s request: the most
/// any of the start's levels of that request uses (a JIT warms where the
/// load is), at most `cap`.
fn connections(group: &[&PlannedRun], key: &str, suite: &crate::suite::Suite, cap: usize) -> usize {
    group
        .iter()
        .filter(|r| request_key(suite.scenario(&r.scenario)) == key)
        .map(|r| match &r.level {
            Level::Connections(c) | Level::Rate { connections: c, .. } => *c,
            Level::Search {
                spec, calls: None, ..
            } => spec.connections,
            _ => SESSIONS_CONNECTIONS,
        })
        .max()
        .unwrap_or(SESSIONS_CONNECTIONS)
        .min(cap)
}

impl ServerRun<'_> {
    /// Warms the server on `run`'s request unless this start already did;
    /// the record goes with the start's (`servers[].warmups`). `first`: the
    /// start's first warm-up, which honours the manifest's minimum.
    pub(super) fn warm_until_steady(
        &mut self,
        group: &[&PlannedRun],
        run: &PlannedRun,
        server: &Running,
        warmed: &mut Vec<String>,
    ) {
        let scenario = self.suite.scenario(&run.scenario);
        let key = request_key(scenario);
        if warmed.contains(&key) {
            return;
        }
        let first = warmed.is_empty();
        warmed.push(key.clone());
        let key = key.clone();
        let mut plan = self.spec.warmup;
        if !first {
            plan.min = Duration::ZERO;
        }
        let c = connections(group, &key, self.suite, MAX_CONNECTIONS);
        (self.opts.progress)(&format!(
            "  warming {} on {} until steady ({c} connections{})",
            self.first.variant.label,
            run.scenario,
            if plan.min.is_zero() {
                String::new()
            } else {
                format!(", at least {}", humantime::format_duration(plan.min))
            }
        ));
        let mut record = self.warm(run, c, plan, server);
        record.request = key;
        if let Some(rec) = self.store.results.servers.last_mut() {
            rec.warmups.push(record);
        }
    }

    /// The windows until steady, or the cap, or the first error, or
    /// windows with no successful response (a server answering errors).
    fn warm(
        &mut self,
        run: &PlannedRun,
        connections: usize,
        plan: WarmupPlan,
        server: &Running,
    ) -> WarmupRecord {
        let (scenario, port) = scenario_port(self.suite, run, server.port, server.tls_port);
        let scenario = self.scenario_on_hosts(scenario);
        let mut record = WarmupRecord {
            request: String::new(),
            scenario: run.scenario.clone(),
            connections,
            min_s: plan.min.as_secs_f64(),
            cap_s: plan.cap.as_secs_f64(),
            rates: Vec::new(),
            seconds: 0.0,
            steady: false,
            error: None,
        };
        let level = Level::Connections(connections);
        if let Err(e) = Driver::Barrage.supports(&scenario, &level) {
            record.error = Some(e);
            return record;
        }
        let began = Instant::now();
        loop {
            if self.opts.stop.load(std::sync::atomic::Ordering::Relaxed) {
                record.error = Some("the run was stopped".into());
                break;
            }
            match self.window(&scenario, &level, &server.address, port) {
                Ok(rate) => record.rates.push(rate),
                Err(e) => {
                    record.error = Some(e);
                    break;
                }
            }
            match warmup::next(&plan, &record.rates, began.elapsed()) {
                Next::Window => continue,
                Next::Steady => {
                    record.steady = true;
                    break;
                }
                Next::Capped => break,
                Next::Unanswered => {
                    record.error = Some(format!(
                        "no successful response in its last {} windows of {} ms",
                        warmup::AGREEING,
                        warmup::WINDOW.as_millis()
                    ));
                    break;
                }
            }
        }
        record.seconds = began.elapsed().as_secs_f64();
        record
    }

    /// One window of barrage's closed loop on every client host at once;
    /// the successful responses per second of it, summed over the hosts.
    fn window(
        &mut self,
        scenario: &Scenario,
        level: &Level,
        address: &str,
        port: u16,
    ) -> Result<f64, String> {
        let h = &self.hosts;
        let mut calls = Vec::new();
        let mut files = Vec::new();
        for &c in &h.clients {
            let cores = h
                .cores(c)
                .unwrap_or_else(|| self.suite.cores.client.clone());
            let json_there = h.work.join("run").join(format!("warm-{}.json", h.name(c)));
            let load = LoadRun {
                scenario,
                host: address,
                port,
                level,
                duration: warmup::WINDOW,
                warmup: Duration::ZERO,
                threads: cores.len().max(1),
                timeout: self.suite.timeout,
            };
            let inv = Driver::Barrage.invocation(&load, &self.opts.barrage, &json_there)?;
            calls.push((
                c,
                Call::Exec {
                    program: BARRAGE.to_string(),
                    args: inv.args,
                    cores,
                    limit_ms: (warmup::WINDOW + DRIVER_SLACK).as_millis() as u64,
                    warmup_ms: 0,
                    read_back: Some(json_there),
                },
            ));
            files.push(
                self.store
                    .dir
                    .join("run")
                    .join(format!("warm-{}.json", h.name(c))),
            );
        }
        let stop = self.opts.stop.clone();
        let limit = warmup::WINDOW + DRIVER_SLACK + SHORT_CALL;
        let (ran, failed): (Vec<Result<Executed, String>>, _) =
            self.hosts.ask_all(calls, limit, &stop, &mut |_| {});
        if let Some(e) = failed {
            return Err(e);
        }
        let mut rate = 0.0;
        for (executed, file) in ran.into_iter().zip(&files) {
            let e = executed?;
            let _ = std::fs::create_dir_all(file.parent().unwrap_or(file));
            if let Some(text) = &e.file {
                let _ = std::fs::write(file, text);
            }
            let elapsed = Duration::from_secs_f64(e.elapsed_s);
            let parsed = Driver::Barrage.parse(&e.stdout, &e.stderr, file, elapsed);
            let _ = std::fs::remove_file(file);
            let p = parsed?;
            let ok = p
                .stats
                .responses
                .saturating_sub(p.stats.non_2xx.unwrap_or(0));
            if p.stats.elapsed_s > 0.0 {
                rate += ok as f64 / p.stats.elapsed_s;
            }
        }
        Ok(rate)
    }
}
