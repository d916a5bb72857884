//! ghz's options as barrage's load: the [`LoadSpec`] (gRPC over h2c with
//! `--insecure`, else TLS with ALPN h2), the budget (`-n`, `-z`, `-x`) and
//! the rate schedule (`--rps`, `--load-schedule step|line`).
//!
//! Concurrency: ghz's `-c` workers share `--connections` connections;
//! barrage runs `--connections` connections with ceil(c / connections)
//! calls in flight on each. A step or line schedule becomes one open loop
//! whose rate schedule holds each of ghz's levels for its time
//! ([`Steps::schedule`]): ghz's line pacer is its step pacer with steps of
//! a second (`load/pacer.go`), so a line is steps of a second here too.

use std::collections::BTreeMap;
use std::time::Duration;

use barrage_engine::{
    Arrival, GrpcOptions, LoadSpec, Model, Protocol, RequestTemplate, Schedule, Stage,
};

use super::args::{self, Options};

/// What the run stops at: calls (`-n`), time (`-z`, or `-x` with `-n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub calls: Option<u64>,
    pub time: Option<Duration>,
}

/// The rate over the run.
#[derive(Debug, Clone, PartialEq)]
enum Rates {
    /// One level: the closed loop, or `--rps` (open loop).
    Const,
    /// `--load-schedule step|line`: levels one after another.
    Steps(Steps),
}

/// ghz's step pacer as levels: `start + step × k` calls/s for each
/// `step_duration`, until the rate passes `end` or `--load-max-duration`
/// ends the steps; then `end` calls/s until the budget is spent.
#[derive(Debug, Clone, PartialEq)]
pub struct Steps {
    pub start: f64,
    pub step: f64,
    pub step_duration: Duration,
    /// The rate after the steps (none: the steps go on).
    pub end: Option<f64>,
    /// When the steps end.
    pub const_at: Option<Duration>,
}

/// One level of a schedule: its rate, for its time (none: until the budget ends).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    pub rate_per_s: f64,
    pub duration: Option<Duration>,
}

impl Steps {
    /// Level `k` (0 first), or none when the schedule is over (the rate
    /// falls to zero).
    pub fn level(&self, k: u32) -> Option<Level> {
        let begins = self.step_duration * k;
        if self.const_at.is_some_and(|at| begins >= at) {
            let rate = self.end.filter(|r| *r > 0.0)?;
            return Some(Level {
                rate_per_s: rate,
                duration: None,
            });
        }
        let rate = self.start + self.step * f64::from(k);
        if rate <= 0.0 {
            return None;
        }
        let duration = match self.const_at {
            Some(at) => self.step_duration.min(at - begins),
            None => self.step_duration,
        };
        Some(Level {
            rate_per_s: rate,
            duration: Some(duration),
        })
    }

    /// The levels as one schedule of holds, as far as the budget reaches:
    /// until `budget.time` (the last level cut to fit), or until their
    /// calls make `budget.calls`, or the rate falls to zero; a rate held
    /// after the steps is a last stage held until the run ends.
    pub fn schedule(&self, budget: &Budget) -> Result<Schedule, String> {
        let mut stages = Vec::new();
        let (mut time, mut calls) = (Duration::ZERO, 0.0);
        for k in 0.. {
            let Some(level) = self.level(k) else { break };
            let left = budget.time.map(|t| t.saturating_sub(time));
            let spent = budget.calls.is_some_and(|n| calls >= n as f64);
            if left.is_some_and(|l| l.is_zero()) || spent {
                break;
            }
            let duration = match (level.duration, left) {
                (Some(d), Some(left)) => Some(d.min(left)),
                (d, _) => d,
            };
            stages.push(Stage::hold(level.rate_per_s, duration));
            if stages.len() > barrage_engine::MAX_STAGES {
                return Err(format!(
                    "--load-schedule: more than {} steps before the run ends; barrage runs at most that many: lengthen --load-step-duration, or shorten -z",
                    barrage_engine::MAX_STAGES
                ));
            }
            let Some(d) = duration else { break };
            time += d;
            calls += level.rate_per_s * d.as_secs_f64();
        }
        Schedule::new(stages).map_err(|e| format!("--load-schedule: {e}"))
    }
}

/// The run ghz's command line asks for.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The load (a schedule's rates in its open loop).
    pub spec: LoadSpec,
    pub budget: Budget,
    /// Lines for standard error before the run.
    pub notes: Vec<String>,
    /// The call data as given (JSON text), for ghz's `options.data`.
    pub data: String,
    /// The metadata, for ghz's `options.metadata`.
    pub metadata: Option<BTreeMap<String, String>>,
}

/// Reads files and standard input for the plan (tests give their own).
pub trait Inputs {
    fn file(&mut self, path: &str) -> Result<String, String>;
    fn stdin(&mut self) -> String;
}

/// Builds the plan; `grpc` finds the method and checks the data against
/// it (barrage-grpc in the binary, a stand-in in tests).
pub fn build(
    o: &Options,
    cores: usize,
    inputs: &mut dyn Inputs,
    grpc: &dyn Fn(&Options, &str) -> Result<GrpcOptions, String>,
) -> Result<Plan, String> {
    let host = o.host.as_deref().ok_or("host required")?;
    if host.contains("://") || host.starts_with("dns:") {
        return Err(format!(
            "{host}: give the address as host:port, as ghz takes it (TLS unless --insecure)"
        ));
    }
    if o.call.as_deref().is_none_or(str::is_empty) {
        return Err("call required".into());
    }
    let data = data(o, inputs)?;
    let metadata = metadata(o, inputs)?;
    let grpc = grpc(o, &data)?;
    let (connections, in_flight) = concurrency(o)?;
    let budget = budget(o)?;
    let rates = rates(o)?;
    let scheme = if o.insecure { "http" } else { "https" };
    let mut spec =
        LoadSpec::from_url(&format!("{scheme}://{host}")).map_err(|e| format!("{host}: {e}"))?;
    spec.protocol = Protocol::Grpc;
    let headers = metadata
        .iter()
        .flatten()
        .map(|(k, v)| (k.to_ascii_lowercase(), v.clone()))
        .collect();
    spec.requests = vec![RequestTemplate {
        method: "POST".into(),
        headers,
        ..RequestTemplate::get(&format!("/{}", grpc.call))
    }];
    spec.grpc = grpc;
    spec.h2.streams = in_flight;
    spec.model = model(o, &rates, &budget, connections)?;
    spec.threads = o
        .cpus
        .map_or(cores, |c| c as usize)
        .clamp(1, cores.max(1))
        .min(connections);
    // A schedule that ends (steps cut by -z, or falling to zero) is the
    // run's length; one held until the end runs until the budget.
    spec.duration = spec.schedule().and_then(Schedule::total).or(budget.time);
    spec.max_requests = budget.calls;
    spec.warmup = Duration::ZERO;
    // ghz's -t 0 waits for ever; barrage's calls time out after an hour.
    spec.timeout = if o.timeout.is_zero() {
        Duration::from_secs(3600)
    } else {
        o.timeout
    };
    if !o.insecure {
        spec.tls.insecure = o.skip_tls;
        spec.tls.ca_file.clone_from(&o.cacert);
        spec.tls.server_name.clone_from(&o.cname);
    }
    let mut notes = Vec::new();
    if connections * in_flight != o.concurrency as usize {
        notes.push(format!(
            "note: -c {} over --connections {connections}: barrage keeps {in_flight} calls in flight on each connection ({} in all)",
            o.concurrency,
            connections * in_flight
        ));
    }
    Ok(Plan {
        spec,
        budget,
        notes,
        data,
        metadata,
    })
}

/// The call data's JSON text: `-d` (JSON, `@` for standard input, `@FILE`),
/// `-D FILE`, else `{}`.
fn data(o: &Options, inputs: &mut dyn Inputs) -> Result<String, String> {
    let text = match (o.data.as_deref(), o.data_file.as_deref()) {
        (Some("@"), _) => inputs.stdin(),
        (Some(d), _) if d.starts_with('@') => inputs.file(&d[1..])?,
        (Some(d), _) if !d.trim().is_empty() => d.to_string(),
        (_, Some(path)) if !path.trim().is_empty() => inputs.file(path.trim())?,
        _ => "{}".to_string(),
    };
    serde_json::from_str::<serde_json::Value>(&text)
        .map_err(|e| format!("error unmarshaling data '{}': {e}", text.trim()))?;
    Ok(text)
}

/// `-m` (JSON) or `-M FILE`: an object of strings.
fn metadata(
    o: &Options,
    inputs: &mut dyn Inputs,
) -> Result<Option<BTreeMap<String, String>>, String> {
    let text = match (o.metadata.as_deref(), o.metadata_file.as_deref()) {
        (Some(m), _) if !m.trim().is_empty() => m.trim().to_string(),
        (_, Some(path)) if !path.trim().is_empty() => inputs.file(path.trim())?,
        _ => return Ok(None),
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| format!("error unmarshaling metadata '{}': {e}", text.trim()))
}

/// Connections, and calls in flight on each.
fn concurrency(o: &Options) -> Result<(usize, usize), String> {
    if o.concurrency == 0 {
        return Err("-c: concurrency must be at least 1".into());
    }
    if o.connections == 0 {
        return Err("--connections: must be at least 1".into());
    }
    if o.connections > o.concurrency {
        return Err("number of connections cannot be greater than concurrency".into());
    }
    let in_flight = o.concurrency.div_ceil(o.connections);
    Ok((o.connections as usize, in_flight as usize))
}

/// `-z` runs for a time (`-n` ignored, as ghz does); `-x` bounds `-n` in
/// time; else `-n` calls.
fn budget(o: &Options) -> Result<Budget, String> {
    if !o.duration.is_zero() && o.max_duration.is_zero() {
        return Ok(Budget {
            calls: None,
            time: Some(o.duration),
        });
    }
    if o.total == 0 {
        return Err("-n: the number of calls must be at least 1 (or give -z)".into());
    }
    Ok(Budget {
        calls: Some(o.total),
        time: (!o.max_duration.is_zero()).then_some(o.max_duration),
    })
}

/// The rate schedule, checked as ghz checks it.
fn rates(o: &Options) -> Result<Rates, String> {
    if o.load_schedule == args::Schedule::Const {
        return Ok(Rates::Const);
    }
    if o.load_start == o.load_end {
        return Err("load start cannot equal load end".into());
    }
    if o.load_step == 0 {
        return Err("invalid load step".into());
    }
    let step_duration = match o.load_schedule {
        args::Schedule::Line => Duration::from_secs(1),
        _ if o.load_step_duration.is_zero() => return Err("invalid load step duration".into()),
        _ => o.load_step_duration,
    };
    if o.load_start == 0 {
        return Err("--load-start: the first rate must be at least 1 call/s".into());
    }
    let (start, step) = (o.load_start as f64, o.load_step as f64);
    let mut end = (o.load_end > 0).then_some(o.load_end as f64);
    let const_at = if !o.load_max_duration.is_zero() {
        let steps = o.load_max_duration.as_nanos() / step_duration.as_nanos();
        end = end.or(Some(start + step * steps as f64));
        Some(o.load_max_duration)
    } else {
        // The first level whose rate is past the end.
        end.and_then(|end| {
            let k = ((end - start) / step).floor() + 1.0;
            (k >= 1.0).then(|| step_duration * k as u32)
        })
    };
    Ok(Rates::Steps(Steps {
        start,
        step,
        step_duration,
        end,
        const_at,
    }))
}

fn model(o: &Options, rates: &Rates, budget: &Budget, connections: usize) -> Result<Model, String> {
    let rate = match rates {
        Rates::Const if o.rps == 0 => {
            return Ok(Model::Closed {
                connections,
                pipeline: 1,
            })
        }
        Rates::Const => Schedule::constant(o.rps as f64),
        Rates::Steps(s) => s.schedule(budget)?,
    };
    Ok(Model::Open {
        rate,
        arrival: Arrival::Uniform,
        connections,
        max_connections: connections,
    })
}

/// The ghz flag that sets a part of the spec, for the engine's errors.
pub(super) fn flag(field: barrage_engine::Field) -> Option<&'static str> {
    use barrage_engine::Field as F;
    Some(match field {
        F::Target => "host",
        F::Header => "-m",
        F::Threads => "--cpus",
        F::Connections => "--connections",
        F::Streams => "-c",
        F::MaxRequests => "-n",
        F::Duration => "-z",
        F::Rate => "--rps",
        F::Timeout => "-t",
        F::CaFile => "--cacert",
        F::ServerName => "--cname",
        _ => return None,
    })
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
