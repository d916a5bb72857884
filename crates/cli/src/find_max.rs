//! `barrage load --find-max --slo 'p99<=10ms,errors<=0.1%' URL`: the
//! highest open-loop rate the server sustains within the objective. Each
//! step is a normal run of the engine at one offered rate (its warm-up,
//! then its measured window, latency from the intended send); the search
//! itself is `barrage_engine::search`, a pure function of the steps.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use barrage_engine::search::{
    bytes_per_response, judge, served_rate, step_record, Bound, Limits, Next, Outcome, Search,
    SearchReport, StepRecord, StepResult, Verdict, SEARCH_SCHEMA,
};
use barrage_engine::{LoadSpec, Model, NoObserver};

use crate::load::{checked_spec, LoadArgs};
use crate::{usage_error, EXIT_FAILED};

/// A step's warm-up when --warmup is not given.
const DEFAULT_STEP_WARMUP: Duration = Duration::from_secs(1);
/// A step's measured window when -d is not given.
const DEFAULT_STEP_DURATION: Duration = Duration::from_secs(5);

pub fn main(args: &LoadArgs) -> ExitCode {
    let Some(slo) = args.slo.clone() else {
        return usage_error("--find-max needs --slo, e.g. --slo 'p99<=10ms,errors<=0.1%'");
    };
    for (given, flag) in [
        (args.rate.is_some(), "-R/--rate"),
        (args.conn_rate.is_some(), "--conn-rate"),
        (args.requests.is_some(), "-n"),
        (args.part.is_some(), "--part"),
        (args.hdr_log.is_some(), "--hdr-log"),
    ] {
        if given {
            return usage_error(format!(
                "--find-max chooses the rate of each step itself: {flag} does not apply"
            ));
        }
    }
    let limits = Limits {
        min_rate: args.min_rate,
        max_rate: args.max_rate,
        precision: args.precision,
        max_steps: args.max_steps,
        ..Limits::default()
    };
    let mut search = match Search::new(limits) {
        Ok(s) => s,
        Err(e) => return usage_error(e),
    };
    // The spec of a step: the flags' spec in open loop (or sessions, with
    // --calls) at the step's rate.
    let mut a = args.clone();
    let window = a.duration.unwrap_or(DEFAULT_STEP_DURATION);
    let sessions = a.calls.is_some();
    if sessions {
        // Sessions get no warm-up (it would spend the step's sessions, and
        // httperf, whose model this is, has none); the run is bounded by
        // the arrivals' window and one timeout for the last sessions.
        if !a.warmup.is_zero() {
            return usage_error(
                "--find-max with --calls searches sessions, which get no warm-up: drop --warmup",
            );
        }
        a.conn_rate = Some(limits.min_rate);
        a.num_conns = Some(1);
        a.duration = Some(window + a.timeout);
    } else {
        a.rate = Some(limits.min_rate);
        a.duration = Some(window);
        if a.warmup.is_zero() {
            a.warmup = DEFAULT_STEP_WARMUP;
        }
    }
    let mut base = match checked_spec(&a) {
        Ok(s) => s,
        Err(e) => return usage_error(e),
    };
    // A script that only sets the request is that request in every step;
    // hooks would run anew in each step's states, so they are refused.
    if let Some(path) = &args.script {
        match crate::script::Loaded::load(path, args.script_args.clone(), &mut base, args.json.as_deref() == Some("-")) {
            Ok(s) if s.runs_later() => {
                return usage_error(
                    "--script: --find-max takes a script that only sets the request (wrk.method, wrk.path, \
                     wrk.headers, wrk.body), without setup, init, request, response, delay or done"
                        .to_string(),
                )
            }
            Ok(_) => {}
            Err(e) => return usage_error(format!("--script: {e}")),
        }
        if let Err(e) = base.validate() {
            return usage_error(format!("--script: {}", e.message));
        }
    }
    let unit = if sessions { "sessions/s" } else { "/s" };
    let json_to_stdout = args.json.as_deref() == Some("-");
    let mut out: Box<dyn Write> = if json_to_stdout || args.quiet {
        Box::new(std::io::stderr())
    } else {
        Box::new(std::io::stdout())
    };
    let quiet = args.quiet;
    // With --agents every step runs on all of them at once (one connection
    // for the whole search), its report merged.
    let mut agents = None;
    if args.agents.is_some() {
        match crate::agents::agent_count(&a) {
            Ok(n) if base.max_parts() < n => {
                return usage_error(format!(
                    "--agents: {n} agents but a step has only {} connections to share; give each agent at least one (-c)",
                    base.max_parts()
                ))
            }
            Ok(_) => {}
            Err(e) => return usage_error(e),
        }
        match crate::agents::connect(&a) {
            Ok(c) => agents = Some(c),
            Err(crate::agents::Refusal::Usage(e)) => return usage_error(e),
            Err(crate::agents::Refusal::Failed(e)) => {
                eprintln!("barrage: error: {e}");
                return ExitCode::from(EXIT_FAILED);
            }
        }
    }
    let stop = crate::common::stop_on_ctrl_c();
    let began = Instant::now();
    let step_time = base.duration.unwrap_or_default() + base.warmup;
    if !quiet {
        let what = match a.calls {
            Some(calls) => format!(
                "sessions of {calls} call{} arriving for {}",
                if calls == 1 { "" } else { "s" },
                humantime::format_duration(window)
            ),
            None => format!(
                "steps of {} + {} warm-up",
                humantime::format_duration(window),
                humantime::format_duration(base.warmup)
            ),
        };
        let _ = writeln!(
            out,
            "barrage --find-max {} within {slo}: {what}, {:.0}{unit} to {:.0}{unit}, {}% precision",
            base.target.url,
            limits.min_rate,
            limits.max_rate,
            limits.precision * 100.0
        );
        let _ = writeln!(
            out,
            "{:>4}  {:>12}  {:>12}  {:>9}  {:>9}  {:>9}  {:>8}  {:>7}  {:>6}  result",
            "step", "offered/s", "achieved/s", "p50", "p99", "p99.9", "errors", "late", "cpu"
        );
    }
    let mut steps = Vec::new();
    // Bytes per response of the last step that kept up (for served_rate).
    let mut bytes_each = None;
    let interactive = std::io::stderr().is_terminal() && !quiet;
    let outcome = loop {
        let (rate, confirm) = match search.next() {
            Next::Done(o) => break o,
            Next::Run { rate, confirm } => (rate, confirm),
        };
        if stop.load(Ordering::Relaxed) || began.elapsed() + step_time > args.time_limit {
            break search.give_up();
        }
        if interactive {
            eprint!("\r\x1b[K  step {} at {rate:.0}/s …", steps.len() + 1);
        }
        let spec = at_rate(&base, rate, window);
        let cpu0 = barrage_dist::agent::cpu_seconds();
        let t0 = Instant::now();
        let (report, share) = match agents.as_mut() {
            None => {
                let report = match barrage_engine::run_until(&spec, &mut NoObserver, stop.clone()) {
                    Ok(r) => r,
                    Err(e) if steps.is_empty() => return usage_error(e.to_string()),
                    Err(e) => {
                        // The flags ran before: this rate is more than this
                        // client can set up (its open-files limit, say). A
                        // failure of the client's: the search goes on below.
                        let record = refused_step(steps.len() as u32 + 1, rate, confirm, &e);
                        if !quiet {
                            let _ = writeln!(out, "{}", step_line(&record));
                        }
                        search.record(StepResult {
                            rate,
                            pass: false,
                            achieved: 0.0,
                            client_bound: true,
                            confirm,
                        });
                        steps.push(record);
                        continue;
                    }
                };
                let wall = t0.elapsed().as_secs_f64();
                let share = (wall > 0.0).then(|| {
                    (barrage_dist::agent::cpu_seconds() - cpu0)
                        / (wall * spec.threads.max(1) as f64)
                });
                (report, share)
            }
            Some(controller) => {
                match controller.run(&spec, a.threads, crate::agents::LEAD, &stop, &mut |_| {}) {
                    Ok(out) => {
                        let share = busiest_agent(&out.merged, t0.elapsed().as_secs_f64());
                        (out.merged, share)
                    }
                    Err(e) => {
                        eprintln!("barrage: error: the search stopped: {e}");
                        if let Some(c) = agents.take() {
                            c.close();
                        }
                        return ExitCode::from(EXIT_FAILED);
                    }
                }
            }
        };
        if interactive {
            eprint!("\r\x1b[K");
        }
        if stop.load(Ordering::Relaxed) {
            // A step cut short says nothing.
            break search.give_up();
        }
        let verdict = judge(&slo, rate, &report, share);
        let served = match (verdict.pass, bytes_each) {
            (true, _) => {
                bytes_each = bytes_per_response(&report).or(bytes_each);
                None
            }
            (false, Some(b)) => served_rate(&report, b),
            (false, None) => None,
        };
        let record = step_record(
            steps.len() as u32 + 1,
            rate,
            confirm,
            &report,
            share,
            served,
            verdict.clone(),
        );
        if !quiet {
            let _ = writeln!(out, "{}", step_line(&record));
        }
        search.record(StepResult {
            rate,
            pass: verdict.pass,
            achieved: record
                .served_per_s
                .unwrap_or(record.achieved_per_s)
                .min(rate),
            client_bound: verdict.client_bound,
            confirm,
        });
        steps.push(record);
    };
    if let Some(c) = agents.take() {
        c.close();
    }
    let interrupted = stop.load(Ordering::Relaxed);
    if !quiet {
        let _ = writeln!(
            out,
            "{}",
            outcome_line(&outcome, &slo.to_string(), interrupted)
        );
    }
    let report = SearchReport {
        schema: SEARCH_SCHEMA.into(),
        barrage_version: env!("CARGO_PKG_VERSION").into(),
        url: base.target.url.to_string(),
        slo,
        limits,
        step_duration_s: window.as_secs_f64(),
        calls_per_session: a.calls,
        step_warmup_s: base.warmup.as_secs_f64(),
        steps,
        outcome,
        interrupted,
        elapsed_s: began.elapsed().as_secs_f64(),
    };
    if let Some(path) = &args.json {
        let text =
            serde_json::to_string_pretty(&report).expect("a search report serializes") + "\n";
        let written = if path == "-" {
            std::io::stdout().lock().write_all(text.as_bytes())
        } else {
            std::fs::write(Path::new(path), text)
        };
        if let Err(e) = written {
            eprintln!("barrage: error: writing JSON to {path}: {e}");
            return ExitCode::from(EXIT_FAILED);
        }
    }
    if let Some(path) = &args.html {
        if let Err(e) = std::fs::write(path, barrage_report::search_page::search_html(&report)) {
            eprintln!("barrage: error: writing HTML to {}: {e}", path.display());
            return ExitCode::from(EXIT_FAILED);
        }
    }
    match outcome {
        Outcome::Capacity { .. }
        | Outcome::AtLeast {
            bound: Bound::MaxRate,
            ..
        } if !interrupted => ExitCode::SUCCESS,
        _ => ExitCode::from(EXIT_FAILED),
    }
}

/// The record of a step the engine refused to run (nothing was sent).
fn refused_step(step: u32, rate: f64, confirm: bool, e: &impl std::fmt::Display) -> StepRecord {
    StepRecord {
        step,
        offered_per_s: rate,
        achieved_per_s: 0.0,
        served_per_s: None,
        p50_us: 0,
        p99_us: 0,
        p99_9_us: 0,
        max_us: 0,
        errors: 0,
        requests_sent: 0,
        late: 0,
        client_cpu_share: None,
        confirm,
        verdict: Verdict {
            pass: false,
            reasons: vec![format!("the client cannot run it here: {e}")],
            client_bound: true,
        },
    }
}

/// The CPU share of the busiest agent of a merged step (its CPU seconds
/// over the step's wall time and its share of the worker threads).
fn busiest_agent(merged: &barrage_engine::RunReport, wall_s: f64) -> Option<f64> {
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

/// `base` offering `rate` requests per second (open loop), or starting
/// `rate` sessions per second for `window` (sessions).
fn at_rate(base: &LoadSpec, rate: f64, window: Duration) -> LoadSpec {
    let mut spec = base.clone();
    match &mut spec.model {
        Model::Open { rate_per_s, .. } => *rate_per_s = rate,
        Model::Sessions {
            conn_rate_per_s,
            sessions,
            ..
        } => {
            *conn_rate_per_s = rate;
            *sessions = (rate * window.as_secs_f64()).ceil().max(1.0) as u64;
        }
        Model::Closed { .. } => unreachable!("a search step is open loop or sessions"),
    }
    spec
}

fn us(v: u64) -> String {
    if v >= 1_000_000 {
        format!("{:.2}s", v as f64 / 1e6)
    } else if v >= 1000 {
        format!("{:.2}ms", v as f64 / 1e3)
    } else {
        format!("{v}µs")
    }
}

fn step_line(r: &StepRecord) -> String {
    let result = match (r.verdict.pass, r.confirm) {
        (true, true) => "pass (confirmed)".to_string(),
        (true, false) => "pass".to_string(),
        (false, _) => format!("FAIL: {}", r.verdict.reasons.join("; ")),
    };
    let bound = if r.verdict.client_bound {
        " [client-bound]"
    } else {
        ""
    };
    format!(
        "{:>4}  {:>12.0}  {:>12.0}  {:>9}  {:>9}  {:>9}  {:>8}  {:>7}  {:>5.0}%  {result}{bound}",
        r.step,
        r.offered_per_s,
        r.achieved_per_s,
        us(r.p50_us),
        us(r.p99_us),
        us(r.p99_9_us),
        r.errors,
        r.late,
        r.client_cpu_share.unwrap_or(0.0) * 100.0
    )
}

fn outcome_line(o: &Outcome, slo: &str, interrupted: bool) -> String {
    let head = match o {
        Outcome::Capacity { .. } => "capacity",
        Outcome::AtLeast { .. } => "capacity at least",
        Outcome::BelowMin { .. } => "no capacity",
    };
    let body = match o {
        Outcome::AtLeast { rate, .. } => {
            o.to_string()
                .replacen(&format!("≥ {rate:.0}/s"), &format!("{rate:.0}/s"), 1)
        }
        _ => o.to_string(),
    };
    let tail = if interrupted { " (interrupted)" } else { "" };
    format!("{head}: {body} within {slo}{tail}")
}
