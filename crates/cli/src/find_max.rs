//! `barrage load --find-max --slo 'p99<=10ms,errors<=0.1%' URL`: the
//! highest open-loop rate the server sustains within the objective. Each
//! step is a normal run of the engine at one offered rate (its warm-up,
//! then its measured window, latency from the intended send). The search
//! and its driver are `barrage_engine::search`; a step runs on this engine
//! or, with `--agents`, on every agent at once (barrage-dist's
//! `Controller::search_step`). This module keeps the flags, the lines on
//! the terminal, the report files and the exit status.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use barrage_dist::controller::{AgentList, Controller};
use barrage_engine::check::{all_pass, Figures};
use barrage_engine::search::{
    check_limits, drive, local_step, Bound, Limits, Outcome, SearchError, SearchObserver,
    SearchPlan, SearchReport, StepRecord,
};
use barrage_engine::LoadSpec;

use crate::common;
use crate::exit::{usage_error, EXIT_CHECK, EXIT_FAILED};
use crate::load_args::{checked_spec, LoadArgs};

/// A step's warm-up when --warmup is not given.
const DEFAULT_STEP_WARMUP: Duration = Duration::from_secs(1);
/// A step's measured window when -d is not given.
const DEFAULT_STEP_DURATION: Duration = Duration::from_secs(5);

pub fn main(args: &LoadArgs) -> ExitCode {
    let plan = match search_plan(args) {
        Ok(p) => p,
        Err(e) => return usage_error(e),
    };
    let json_to_stdout = args.json.as_deref() == Some("-");
    let mut lines = StepLines {
        out: if json_to_stdout || args.quiet {
            Box::new(std::io::stderr())
        } else {
            Box::new(std::io::stdout())
        },
        quiet: args.quiet,
        interactive: std::io::stderr().is_terminal() && !args.quiet,
        pending: false,
    };
    // With --agents every step runs on all of them at once (one connection
    // for the whole search), its report merged.
    let mut agents = match &args.agents {
        Some(list) => match connect(list, args, &plan.base) {
            Ok(c) => Some(c),
            Err(code) => return code,
        },
        None => None,
    };
    let stop = common::stop_on_ctrl_c();
    let mut plan = plan;
    // The client's ceiling for the steps' shape (open loop; sessions are
    // judged by their connections). Across agents, each has its own.
    let ceiling_line = match (plan.calls(), &args.agents) {
        (None, None) => {
            let (ceiling, line) = crate::ceiling::for_search(args.client_ceiling, &plan.base);
            plan.ceiling = ceiling;
            Some(line)
        }
        _ => None,
    };
    lines.header(&plan);
    if let (Some(line), false) = (ceiling_line, lines.quiet) {
        let _ = writeln!(lines.out, "{line}");
    }
    let outcome = match agents.as_mut() {
        None => drive(
            &plan,
            &mut |spec| local_step(spec, stop.clone()),
            &stop,
            &mut lines,
        ),
        Some(c) => drive(
            &plan,
            &mut |spec| c.search_step(spec, args.threads, &stop),
            &stop,
            &mut lines,
        ),
    };
    lines.clear();
    if let Some(c) = agents.take() {
        c.close();
    }
    let report = match outcome {
        Ok(r) => r,
        Err(e @ (SearchError::Limits(_) | SearchError::Refused(_))) => return usage_error(e),
        Err(SearchError::Failed(e)) => {
            eprintln!("barrage: error: the search stopped: {e}");
            return ExitCode::from(EXIT_FAILED);
        }
    };
    finish(args, &mut lines, report)
}

/// The outcome and the checks on the terminal, the report files, and the
/// exit status.
fn finish(args: &LoadArgs, lines: &mut StepLines, mut report: SearchReport) -> ExitCode {
    // The check reads the answer: the capacity found, and its confirmation.
    if let Some(check) = &args.check {
        report.checks = check.judge(&Figures::of_search(&report));
    }
    if !args.quiet {
        let _ = writeln!(
            lines.out,
            "{}",
            outcome_line(&report, &report.slo.to_string())
        );
        for c in &report.checks {
            let _ = writeln!(lines.out, "check {}", c.line());
        }
    } else {
        common::quiet_check_lines(&report.checks);
    }
    if !write_outputs(args, &report) {
        return ExitCode::from(EXIT_FAILED);
    }
    let answered = matches!(
        report.outcome,
        Outcome::Capacity { .. }
            | Outcome::AtLeast {
                bound: Bound::MaxRate,
                ..
            }
    ) && !report.interrupted;
    // A search without an answer failed: it is no check.
    match (answered, all_pass(&report.checks)) {
        (false, _) => ExitCode::from(EXIT_FAILED),
        (true, false) => ExitCode::from(EXIT_CHECK),
        (true, true) => ExitCode::SUCCESS,
    }
}

/// The search the flags describe: each step the flags' spec in open loop
/// (or sessions, with --calls) at the step's rate. An error is a usage
/// error, one line naming the flag.
fn search_plan(args: &LoadArgs) -> Result<SearchPlan, String> {
    let Some(slo) = args.slo.clone() else {
        return Err("--find-max needs --slo, e.g. --slo 'p99<=10ms,errors<=0.1%'".into());
    };
    for (given, flag) in [
        (args.rate.is_some(), "-R/--rate"),
        (args.conn_rate.is_some(), "--conn-rate"),
        (args.requests.is_some(), "-n"),
        (args.part.is_some(), "--part"),
        (args.hdr_log.is_some(), "--hdr-log"),
    ] {
        if given {
            return Err(format!(
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
    check_limits(&limits)?;
    let mut a = args.clone();
    let window = a.duration.unwrap_or(DEFAULT_STEP_DURATION);
    if a.calls.is_some() {
        // Sessions get no warm-up (it would spend the step's sessions, and
        // httperf, whose model this is, has none); the run is bounded by
        // the arrivals' window and one timeout for the last sessions.
        if !a.warmup.is_zero() {
            return Err(
                "--find-max with --calls searches sessions, which get no warm-up: drop --warmup"
                    .into(),
            );
        }
        a.conn_rate = Some(barrage_engine::Schedule::constant(limits.min_rate));
        a.num_conns = Some(1);
        a.duration = Some(window + a.timeout);
    } else {
        a.rate = Some(barrage_engine::Schedule::constant(limits.min_rate));
        a.duration = Some(window);
        if a.warmup.is_zero() {
            a.warmup = DEFAULT_STEP_WARMUP;
        }
    }
    let mut base = checked_spec(&a)?;
    crate::load_args::io_uring_or_epoll(&mut base);
    // A script that only sets the request is that request in every step;
    // hooks would run anew in each step's states, so they are refused.
    if let Some(path) = &args.script {
        let json_to_stdout = args.json.as_deref() == Some("-");
        match crate::script::Loaded::load(path, args.script_args.clone(), &mut base, json_to_stdout) {
            Ok(s) if s.runs_later() => {
                return Err(
                    "--script: --find-max takes a script that only sets the request (wrk.method, wrk.path, \
                     wrk.headers, wrk.body), without setup, init, request, response, delay or done"
                        .into(),
                )
            }
            Ok(_) => {}
            Err(e) => return Err(format!("--script: {e}")),
        }
        base.validate()
            .map_err(|e| format!("--script: {}", e.message))?;
    }
    let settle = barrage_engine::search::settle_for(base.warmup);
    Ok(SearchPlan {
        base,
        window,
        slo,
        limits,
        time_limit: args.time_limit,
        settle,
        ceiling: None,
    })
}

/// The agents of `--agents`, each with at least one of a step's connections.
fn connect(list: &str, args: &LoadArgs, base: &LoadSpec) -> Result<Controller, ExitCode> {
    let agents = AgentList::resolve(list, args.hosts.as_deref()).map_err(usage_error)?;
    let n = agents.hosts.len() as u64;
    if base.max_parts() < n {
        return Err(usage_error(format!(
            "--agents: {n} agents but a step has only {} connections to share; give each agent at least one (-c)",
            base.max_parts()
        )));
    }
    common::connect_agents(&agents)
}

/// The search report's JSON (`--json`) and HTML page (`--html`); a failure
/// is one line on standard error and `false`.
fn write_outputs(args: &LoadArgs, report: &SearchReport) -> bool {
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(report).expect("a search report serializes") + "\n";
        let written = if path == "-" {
            std::io::stdout().lock().write_all(text.as_bytes())
        } else {
            std::fs::write(Path::new(path), text)
        };
        if let Err(e) = written {
            eprintln!("barrage: error: writing JSON to {path}: {e}");
            return false;
        }
    }
    if let Some(path) = &args.html {
        if let Err(e) = std::fs::write(path, barrage_report::search_page::search_html(report)) {
            eprintln!("barrage: error: writing HTML to {}: {e}", path.display());
            return false;
        }
    }
    true
}

/// The search on the terminal: a header, a line a step (on standard
/// output, or standard error when the JSON goes to standard output), and
/// on a terminal the step under way on standard error.
struct StepLines {
    out: Box<dyn Write>,
    quiet: bool,
    interactive: bool,
    /// The step under way is shown on standard error.
    pending: bool,
}

impl StepLines {
    fn header(&mut self, plan: &SearchPlan) {
        if self.quiet {
            return;
        }
        let (base, limits) = (&plan.base, &plan.limits);
        let (what, unit) = match plan.calls() {
            Some(calls) => (
                format!(
                    "sessions of {calls} call{} arriving for {}",
                    if calls == 1 { "" } else { "s" },
                    humantime::format_duration(plan.window)
                ),
                "sessions/s",
            ),
            None => (
                format!(
                    "steps of {} + {} warm-up",
                    humantime::format_duration(plan.window),
                    humantime::format_duration(base.warmup)
                ),
                "/s",
            ),
        };
        let _ = writeln!(
            self.out,
            "barrage --find-max {} within {}: {what}, {:.0}{unit} to {:.0}{unit}, {}% precision",
            base.target.url,
            plan.slo,
            limits.min_rate,
            limits.max_rate,
            limits.precision * 100.0
        );
        let _ = writeln!(
            self.out,
            "{:>4}  {:>12}  {:>12}  {:>9}  {:>9}  {:>9}  {:>8}  {:>7}  {:>9}  {:>6}  result",
            "step",
            "offered/s",
            "achieved/s",
            "p50",
            "p99",
            "p99.9",
            "errors",
            "late",
            "own p99",
            "cpu"
        );
    }

    /// Ends the line of the step under way, if one is shown.
    fn clear(&mut self) {
        if self.pending {
            eprint!("\r\x1b[K");
            self.pending = false;
        }
    }
}

impl SearchObserver for StepLines {
    fn on_step_start(&mut self, step: u32, rate: f64, _confirm: bool) {
        if self.interactive {
            eprint!("\r\x1b[K  step {step} at {rate:.0}/s …");
            self.pending = true;
        }
    }

    fn on_step(&mut self, record: &StepRecord) {
        self.clear();
        if !self.quiet {
            let _ = writeln!(self.out, "{}", step_line(record));
        }
    }
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
    let mut bound = String::new();
    if r.repeat {
        bound.push_str(" (again)");
    } else if r.verdict.marginal {
        bound.push_str(" (within noise: again)");
    }
    if let Some(w) = r.window_s {
        bound.push_str(&format!(" [{w}s]"));
    }
    if r.verdict.client_bound {
        let why: Vec<&str> = r
            .verdict
            .client_bound_reasons
            .iter()
            .map(|x| x.name())
            .collect();
        match why.is_empty() {
            true => bound.push_str(" [client-bound]"),
            false => bound.push_str(&format!(" [client-bound: {}]", why.join(", "))),
        }
    }
    if let Some(t) = r.settled_s {
        bound.push_str(&format!(" (settled {t:.1}s)"));
    }
    format!(
        "{:>4}  {:>12.0}  {:>12.0}  {:>9}  {:>9}  {:>9}  {:>8}  {:>7}  {:>9}  {:>5.0}%  {result}{bound}",
        r.step,
        r.offered_per_s,
        r.achieved_per_s,
        us(r.p50_us),
        us(r.p99_us),
        us(r.p99_9_us),
        r.errors,
        r.late,
        r.client_delay_p99_us.map_or("-".into(), us),
        (r.client_cpu_share.unwrap_or(0.0) + r.client_wait_share.unwrap_or(0.0)) * 100.0
    )
}

fn outcome_line(report: &SearchReport, slo: &str) -> String {
    let (o, interrupted) = (&report.outcome, report.interrupted);
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
    let mut tail = String::new();
    if let (Outcome::Capacity { .. }, Some(t)) = (o, report.tolerance) {
        tail = format!(
            " (to {:.0}%: the verdicts near it disagreed, see docs/load.md)",
            t * 100.0
        );
    }
    if interrupted {
        tail.push_str(" (interrupted)");
    }
    format!("{head}: {body} within {slo}{tail}")
}
