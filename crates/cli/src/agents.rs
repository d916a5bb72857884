//! `barrage load --agents …` (the controller) and `barrage agent` (what it
//! starts on every host). The work is barrage-dist's.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use barrage_dist::controller::{Controller, Live, RunError};
use barrage_dist::host::{parse_agents, Inventory};
use barrage_engine::{LoadSpec, RunReport};

use crate::load::LoadArgs;
use crate::summary::{self, fmt_us};
use crate::{usage_error, EXIT_FAILED};

/// How long before the common start instant the start is sent: room for
/// every agent to get it and for its threads to be ready.
pub(crate) const LEAD: Duration = Duration::from_millis(500);

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
    let n = match agent_count(args) {
        Ok(n) => n,
        Err(e) => return usage_error(e),
    };
    if spec.max_parts() < n {
        return usage_error(format!(
            "--agents: {n} agents but the plan has only {} connections, sessions or requests to share; give each agent at least one (-c, --num-conns, -n)",
            spec.max_parts()
        ));
    }
    let json_to_stdout = args.json.as_deref() == Some("-");
    let terminal = std::io::stdout().is_terminal() && !json_to_stdout && !args.quiet;
    let stop = crate::common::stop_on_ctrl_c();
    // A taken address is an error before any agent starts.
    let metrics = match args.metrics {
        Some(addr) => match crate::load::start_metrics(addr, args, spec) {
            Ok(pair) => Some(pair),
            Err(e) => return usage_error(e),
        },
        None => None,
    };
    let mut controller = match connect(args) {
        Ok(c) => c,
        Err(Refusal::Usage(e)) => return usage_error(e),
        Err(Refusal::Failed(e)) => {
            eprintln!("barrage: error: {e}");
            return ExitCode::from(EXIT_FAILED);
        }
    };
    // The live view, with a row per agent (after the agents are connected:
    // their set-up prints to the terminal).
    let mut view = crate::live::wanted(terminal, args.no_tui)
        .then(|| {
            let plan = crate::live::Plan::of(
                spec,
                format!(
                    "{} — from {n} agents",
                    summary::plan_line(&barrage_engine::spec_summary(spec))
                ),
            );
            crate::live::LiveView::start(plan, std::sync::Arc::clone(&stop)).ok()
        })
        .flatten();
    let progress = terminal && view.is_none();
    let mut live = |l: &Live| {
        if let Some(view) = &view {
            view.on_agents(l);
        }
        if let Some((m, _)) = &metrics {
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
    let outcome = controller.run(spec, args.threads, LEAD, &stop, &mut live);
    if let Some(mut view) = view.take() {
        if let Err(e) = view.finish() {
            eprintln!("barrage: error: the live view: {e}");
        }
    }
    controller.close();
    if let Some((m, server)) = metrics {
        m.finish();
        std::thread::sleep(args.metrics_linger);
        drop(server);
    }
    if progress {
        print!("\r\x1b[2K");
        let _ = std::io::stdout().flush();
    }
    match outcome {
        Ok(out) => {
            if let Some(dir) = &args.json_parts {
                if let Err(e) = write_parts(dir, &out.parts) {
                    eprintln!("barrage: error: --json-parts {}: {e}", dir.display());
                    return ExitCode::from(EXIT_FAILED);
                }
            }
            finish(args, &out.merged)
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
                let _ = finish(args, &p);
            }
            ExitCode::from(EXIT_FAILED)
        }
        Err(e @ RunError::Refused { .. }) => {
            eprintln!("barrage: error: {e}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}

/// Why agents could not be had: bad flags (exit 2) or a host that failed.
pub(crate) enum Refusal {
    Usage(String),
    Failed(String),
}

/// How many agents `--agents` names.
pub(crate) fn agent_count(args: &LoadArgs) -> Result<u64, String> {
    let inventory = inventory(args)?;
    let hosts = parse_agents(args.agents.as_deref().unwrap_or(""), inventory.as_ref())?;
    Ok(hosts.len() as u64)
}

fn inventory(args: &LoadArgs) -> Result<Option<Inventory>, String> {
    match &args.hosts {
        Some(p) => Inventory::load(p)
            .map(Some)
            .map_err(|e| format!("--hosts {e}")),
        None => Ok(None),
    }
}

/// Reaches every agent of `--agents` (over SSH with the inventory's
/// options), installing barrage where needed, and syncs their clocks.
pub(crate) fn connect(args: &LoadArgs) -> Result<Controller, Refusal> {
    let inventory = inventory(args).map_err(Refusal::Usage)?;
    let hosts = parse_agents(args.agents.as_deref().unwrap_or(""), inventory.as_ref())
        .map_err(Refusal::Usage)?;
    let ssh = match &inventory {
        Some(inv) => barrage_dist::netns::ssh_options(inv).map_err(Refusal::Usage)?,
        None => Default::default(),
    };
    let mut log = |line: &str| eprintln!("barrage: {line}");
    Controller::connect(&hosts, &ssh, &mut log).map_err(|e| Refusal::Failed(e.to_string()))
}

fn finish(args: &LoadArgs, report: &RunReport) -> ExitCode {
    let json_to_stdout = args.json.as_deref() == Some("-");
    let text = summary::render(report);
    match (args.quiet, json_to_stdout) {
        (true, _) => {}
        (false, true) => eprint!("{text}"),
        (false, false) => print!("{text}"),
    }
    if !crate::common::write_json(report, args.json.as_deref().map(Path::new)) {
        return ExitCode::from(EXIT_FAILED);
    }
    if let Some(path) = &args.html {
        if let Err(e) = crate::load::write_html(report, path) {
            eprintln!("barrage: error: writing HTML to {}: {e}", path.display());
            return ExitCode::from(EXIT_FAILED);
        }
    }
    crate::load::exit_code(report)
}

fn write_parts(dir: &Path, parts: &[RunReport]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (i, r) in parts.iter().enumerate() {
        std::fs::write(dir.join(format!("part-{i}.json")), r.to_json() + "\n")?;
    }
    Ok(())
}
