//! `barrage load --agents …` (the controller) and `barrage agent` (what it
//! starts on every host): their flags, terminal output and exit codes.
//! Splitting the plan, starting the agents and merging their reports is
//! barrage-dist's [`Controller`].

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use barrage_dist::controller::{AgentList, Controller, Live, RunError, START_LEAD};
use barrage_engine::{LoadSpec, RunReport};

use crate::common;
use crate::exit::{usage_error, EXIT_FAILED};
use crate::load_args::LoadArgs;
use crate::summary::{self, fmt_us};

#[derive(Debug, clap::Args)]
pub struct AgentArgs {}

/// `barrage agent`: serve one controller on standard input and output.
pub fn agent_main(_: AgentArgs) -> ExitCode {
    // The lab's calls (servers, monitors, tools, probes on this host).
    let lab: std::sync::Arc<dyn barrage_dist::agent::Extension> =
        std::sync::Arc::new(barrage_lab::remote::Agent::new());
    let code = barrage_dist::agent::serve_with(
        std::io::BufReader::new(std::io::stdin()),
        std::io::stdout(),
        Some(lab),
    );
    ExitCode::from(code as u8)
}

pub fn load(args: &LoadArgs, spec: &LoadSpec) -> ExitCode {
    if args.hdr_log.is_some() {
        return usage_error(
            "--hdr-log with --agents: the agents' per-second histograms stay on their hosts; use --json-parts DIR (each part's report has its histograms)",
        );
    }
    let agents =
        match AgentList::resolve(args.agents.as_deref().unwrap_or(""), args.hosts.as_deref()) {
            Ok(a) => a,
            Err(e) => return usage_error(e),
        };
    let n = agents.hosts.len();
    if spec.max_parts() < n as u64 {
        return usage_error(format!(
            "--agents: {n} agents but the plan has only {} connections, sessions or requests to share; give each agent at least one (-c, --num-conns, -n)",
            spec.max_parts()
        ));
    }
    let stop = common::stop_on_ctrl_c();
    // A taken address is an error before any agent starts.
    let metrics = match args.metrics {
        Some(addr) => match common::start_metrics(addr, &args.metrics_labels, args.quiet, spec) {
            Ok(pair) => Some(pair),
            Err(e) => return usage_error(e),
        },
        None => None,
    };
    let mut controller = match common::connect_agents(&agents) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let outcome = run_watched(args, spec, n, &mut controller, &stop, metrics.as_ref());
    controller.close();
    common::finish_metrics(metrics, args.metrics_linger);
    match outcome {
        Ok(out) => {
            if let Some(dir) = &args.json_parts {
                if let Err(e) = write_parts(dir, &out.parts) {
                    eprintln!("barrage: error: --json-parts {}: {e}", dir.display());
                    return ExitCode::from(EXIT_FAILED);
                }
            }
            finish(args, out.merged)
        }
        Err(RunError::AgentFailed {
            host,
            reason,
            partial,
        }) => {
            eprintln!(
                "barrage: error: the run is invalid: the agent on host {host} failed mid-run ({reason}); the other agents were stopped"
            );
            if let Some(p) = partial {
                // What the others measured is kept, marked interrupted.
                let _ = finish(args, *p);
            }
            ExitCode::from(EXIT_FAILED)
        }
        Err(e @ RunError::Refused { .. }) => {
            eprintln!("barrage: error: {e}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}

/// The split run, shown as it goes: the live view with a row per agent,
/// or a progress line, and `--metrics`.
fn run_watched(
    args: &LoadArgs,
    spec: &LoadSpec,
    n: usize,
    controller: &mut Controller,
    stop: &std::sync::Arc<std::sync::atomic::AtomicBool>,
    metrics: Option<&common::Metrics>,
) -> Result<barrage_dist::controller::Outcome, RunError> {
    let json_to_stdout = args.json.as_deref() == Some("-");
    let terminal = std::io::stdout().is_terminal() && !json_to_stdout && !args.quiet;
    // After the agents are connected: their set-up prints to the terminal.
    let mut view = crate::live::wanted(terminal, args.no_tui)
        .then(|| {
            let plan = crate::live::Plan::of(
                spec,
                format!(
                    "{} — from {n} agents",
                    summary::plan_line(&barrage_engine::spec_summary(spec))
                ),
            );
            crate::live::LiveView::start(plan, std::sync::Arc::clone(stop)).ok()
        })
        .flatten();
    let progress = terminal && view.is_none();
    let mut live = |l: &Live| {
        if let Some(view) = &view {
            view.on_agents(l);
        }
        if let Some((m, _)) = metrics {
            m.on_agents(l);
        }
        if progress {
            print!(
                "\r\x1b[2K  {:>5.0}s {} {:>10.0} responses/s from {} agents   slowest {} p99 {}   errors {}",
                l.seconds,
                if l.warmup { "warm-up" } else { "" },
                l.responses as f64,
                l.agents,
                l.slowest.0,
                fmt_us(l.slowest.1 as f64),
                l.errors
            );
            let _ = std::io::stdout().flush();
        }
    };
    let outcome = controller.run(spec, args.threads, START_LEAD, stop, &mut live);
    if let Some(mut view) = view.take() {
        if let Err(e) = view.finish() {
            eprintln!("barrage: error: the live view: {e}");
        }
    }
    if progress {
        print!("\r\x1b[2K");
        let _ = std::io::stdout().flush();
    }
    outcome
}

/// The merged report, judged by `--check`, written; the exit status.
fn finish(args: &LoadArgs, mut report: RunReport) -> ExitCode {
    common::judge_checks(&mut report, args.check.as_ref());
    if !common::write_outputs(
        &report,
        args.quiet,
        args.json.as_deref(),
        args.html.as_deref(),
    ) {
        return ExitCode::from(EXIT_FAILED);
    }
    common::exit_code(&report)
}

fn write_parts(dir: &Path, parts: &[RunReport]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (i, r) in parts.iter().enumerate() {
        std::fs::write(dir.join(format!("part-{i}.json")), r.to_json() + "\n")?;
    }
    Ok(())
}
