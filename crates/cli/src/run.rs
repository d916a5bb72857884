//! `barrage run SUITE`: the lab, wired to the terminal.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use barrage_dist::host::Inventory;
use barrage_dist::netns;
use barrage_lab::remote::Layout;
use barrage_lab::runner::{self, RunOptions};
use barrage_lab::suite::Plan;

use crate::exit::{usage_error, EXIT_CHECK, EXIT_FAILED};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Formats of suites and server manifests: docs/suites.md.\n\nExit status: 0 every server ran; 1 a server failed or the run was interrupted; 2 a bad suite or manifest; 3 a level failed its scenario's check\n\nExamples:\n  barrage run suites/builtin-quick.toml --quick\n  barrage run suites/loadgen-efficiency.toml --dry-run\n  barrage run suites/loadgen-efficiency.toml --only nginx"
)]
pub struct RunArgs {
    /// The suite file (suites/NAME.toml).
    suite: PathBuf,
    /// Shorter durations, fewer levels and servers, one repeat (the suite's [quick] table).
    #[arg(long)]
    quick: bool,
    /// Run only this server of the suite.
    #[arg(long, value_name = "SERVER")]
    only: Option<String>,
    /// Only these levels: indices in the suite's level list, from 0 (e.g. 0 or 0,2).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    levels: Option<Vec<usize>>,
    /// What this run measures, in your words (a commit, a branch, a pull request):
    /// recorded in results.json, and what `barrage history` names the run by
    /// [default: none; history then shows the git commit barrage ran in].
    #[arg(long, value_name = "TEXT", value_parser = label)]
    label: Option<String>,
    /// Print the plan and its estimated duration; start nothing.
    #[arg(long)]
    dry_run: bool,
    /// Where the results directory goes.
    #[arg(long, value_name = "DIR", default_value = "results")]
    results: PathBuf,
    /// The server manifests [default: servers/ beside the suite's folder, else ./servers].
    #[arg(long, value_name = "DIR")]
    servers: Option<PathBuf>,
    /// Run across the hosts of this inventory (TOML; docs/distributed.md): the server on
    /// the suite's server_host, the load from its client_hosts [default: the suite's inventory].
    #[arg(long, value_name = "FILE")]
    hosts: Option<PathBuf>,
    /// The host the server runs on (a name in the inventory) [default: the suite's server_host].
    #[arg(long, value_name = "NAME", requires = "client_hosts")]
    server_host: Option<String>,
    /// The hosts the load comes from, at once [default: the suite's client_hosts].
    #[arg(
        long,
        value_name = "A,B,..",
        value_delimiter = ',',
        requires = "server_host"
    )]
    client_hosts: Option<Vec<String>>,
    /// This checkout's path on the hosts [default: the inventory's remote_root, else the same path as here].
    #[arg(long, value_name = "DIR")]
    remote_root: Option<PathBuf>,
    /// Serve each level's numbers at http://ADDR/metrics while it runs (the native
    /// driver's --metrics), labelled suite, server, scenario, level and repeat.
    #[arg(long, value_name = "ADDR")]
    metrics: Option<std::net::SocketAddr>,
}

/// `--label TEXT`: one line of visible text, at most 200 characters.
fn label(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("an empty label; give a commit, a branch or a few words".into());
    }
    if text.chars().any(char::is_control) {
        return Err("one line of text, without control characters".into());
    }
    if text.chars().count() > 200 {
        return Err("at most 200 characters".into());
    }
    Ok(text.to_string())
}

/// The hosts of a run: where the server and the load go, and the namespace
/// lab this run brought up (removed when it is dropped).
fn layout(
    args: &RunArgs,
    suite: &barrage_lab::suite::Suite,
    log: &mut dyn FnMut(&str),
) -> Result<(Option<Layout>, Option<netns::Lab>), String> {
    let (server, clients) = match (&args.server_host, &args.client_hosts, &suite.hosts) {
        (Some(s), Some(c), _) => (s.clone(), c.clone()),
        (_, _, Some(h)) => (h.server.clone(), h.clients.clone()),
        _ if args.hosts.is_some() => {
            return Err(format!(
                "--hosts: suite {} names no server_host and client_hosts; add them to it, or give --server-host NAME --client-hosts A,B",
                args.suite.display()
            ))
        }
        _ => return Ok((None, None)),
    };
    let inventory_file = match (&args.hosts, suite.hosts.as_ref().and_then(|h| h.inventory.as_ref())) {
        (Some(f), _) => f.clone(),
        (None, Some(rel)) => args.suite.parent().unwrap_or(Path::new(".")).join(rel),
        (None, None) => {
            return Err(format!(
                "the suite runs on hosts {server} and {}: give the inventory that names them with --hosts FILE",
                clients.join(", ")
            ))
        }
    };
    let inventory = Inventory::load(&inventory_file).map_err(|e| format!("--hosts {e}"))?;
    let services: Vec<String> = suite
        .services
        .iter()
        .filter_map(|s| s.host.clone())
        .collect();
    for name in std::iter::once(&server).chain(&clients).chain(&services) {
        inventory.host(name)?;
    }
    let lab = if inventory.netns.is_empty() {
        None
    } else {
        let names: Vec<String> = inventory.netns.iter().map(|h| h.name.clone()).collect();
        let ours = netns::namespaces(&inventory.lab);
        let up = names
            .iter()
            .all(|n| ours.contains(&netns::namespace(&inventory.lab, n)))
            && netns::state_dir(&inventory.lab)
                .join("ssh_config")
                .is_file();
        if up {
            log(&format!(
                "lab {}: namespaces already up, used as they are",
                inventory.lab
            ));
            None
        } else {
            Some(netns::Lab::up(&inventory, log)?)
        }
    };
    let ssh = netns::ssh_options(&inventory)?;
    let remote_root = match (&args.remote_root, &inventory.remote_root) {
        (Some(r), _) | (None, Some(r)) => r.clone(),
        (None, None) => std::env::current_dir()
            .map_err(|e| format!("cannot read the current directory: {e}"))?,
    };
    Ok((
        Some(Layout {
            inventory,
            ssh,
            server,
            clients,
            services,
            remote_root,
        }),
        lab,
    ))
}

pub fn main(args: RunArgs) -> ExitCode {
    let mut suite = match barrage_lab::suite::load(&args.suite) {
        Ok(s) => s,
        Err(e) => return usage_error(e),
    };
    if let Some(levels) = &args.levels {
        suite = match suite.with_levels(levels) {
            Ok(s) => s,
            Err(e) => return usage_error(e),
        };
    }
    if args.dry_run {
        dry_run(&args, &suite);
        return ExitCode::SUCCESS;
    }
    let barrage = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => return usage_error(format!("cannot find the barrage binary: {e}")),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, stop.clone());
    let _ = signal_hook::flag::register(signal_hook::consts::SIGTERM, stop.clone());
    let tty = std::io::stderr().is_terminal();
    if let Some(addr) = args.metrics {
        // Every level binds it in turn: it must be free now.
        if let Err(e) = std::net::TcpListener::bind(addr) {
            return usage_error(format!("--metrics {addr}: cannot listen: {e}"));
        }
    }
    let (hosts, lab) = match layout(&args, &suite, &mut |l| eprintln!("barrage: {l}")) {
        Ok(l) => l,
        Err(e) => return usage_error(e),
    };
    let outcome = runner::run(options(&args, barrage, stop, tty, hosts));
    // Whatever happened, no server under test outlives the run, and the
    // namespaces this run brought up go.
    barrage_lab::process::kill_all_started();
    drop(lab);
    if tty {
        eprintln!();
    }
    match outcome {
        Ok(o) => finished(&o),
        Err(e) => usage_error(e),
    }
}

/// `--dry-run`: the plan, its estimated duration, and the hosts it would use.
fn dry_run(args: &RunArgs, suite: &barrage_lab::suite::Suite) {
    let effective = suite.effective(args.quick, args.only.as_deref());
    let mut plan = Plan::of(&effective, false, args.only.as_deref());
    // The effective suite is already cut to --quick: say it was.
    plan.quick = args.quick;
    // A closed pipe (`| head`) ends the listing quietly.
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "{plan}");
    if !effective.quick.left_out.is_empty() {
        let _ = writeln!(
            out,
            "left out of --quick ([quick] servers): {}; --only NAME runs one of them",
            effective.quick.left_out.join(", ")
        );
    }
    let server = args
        .server_host
        .clone()
        .or(suite.hosts.as_ref().map(|h| h.server.clone()));
    let clients = args
        .client_hosts
        .clone()
        .or(suite.hosts.as_ref().map(|h| h.clients.clone()));
    if let (Some(server), Some(clients)) = (server, clients) {
        let inventory = match (
            &args.hosts,
            suite.hosts.as_ref().and_then(|h| h.inventory.as_ref()),
        ) {
            (Some(f), _) => f.display().to_string(),
            (None, Some(rel)) => args
                .suite
                .parent()
                .unwrap_or(Path::new("."))
                .join(rel)
                .display()
                .to_string(),
            (None, None) => "none given: --hosts FILE".into(),
        };
        let _ = writeln!(
            out,
            "hosts: the server on {server}, the load from {} at once (inventory {inventory})",
            clients.join(", ")
        );
    }
}

/// What the lab is asked to do, wired to this terminal.
fn options(
    args: &RunArgs,
    barrage: PathBuf,
    stop: Arc<AtomicBool>,
    tty: bool,
    hosts: Option<Layout>,
) -> RunOptions {
    RunOptions {
        suite_file: args.suite.clone(),
        quick: args.quick,
        only: args.only.clone(),
        label: args.label.clone(),
        levels: args.levels.clone(),
        results_root: args.results.clone(),
        servers_dir: args
            .servers
            .clone()
            .unwrap_or_else(|| servers_dir(&args.suite)),
        repo: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
        barrage,
        stop,
        metrics: args.metrics,
        live: tty.then(|| {
            std::sync::Arc::new(|line: &str| eprint!("\r\x1b[K{line}"))
                as barrage_lab::runner::LiveLine
        }),
        progress: Box::new(move |line| {
            if tty {
                eprint!("\r\x1b[K{line}");
                if line.starts_with("warning") {
                    eprintln!();
                }
            } else {
                eprintln!("{line}");
            }
        }),
        hosts,
        summary: barrage_report::summary,
    }
}

/// The run's last lines and its exit code.
fn finished(outcome: &runner::RunOutcome) -> ExitCode {
    eprintln!(
        "barrage run: results in {} (results.json, summary.md, logs/)",
        outcome.dir.display()
    );
    if let Some(line) = &outcome.stopped {
        eprintln!("barrage run: stopped: {line}");
        return ExitCode::from(EXIT_FAILED);
    }
    if outcome.interrupted {
        eprintln!("barrage run: interrupted; the results hold what was measured");
        return ExitCode::from(EXIT_FAILED);
    }
    if outcome.failed_servers > 0 {
        eprintln!(
            "barrage run: {} server start(s) failed; see the servers section of results.json and logs/",
            outcome.failed_servers
        );
        return ExitCode::from(EXIT_FAILED);
    }
    if outcome.failed_checks > 0 {
        eprintln!(
            "barrage run: {} level(s) failed their scenario's check; see the checks section of summary.md",
            outcome.failed_checks
        );
        return ExitCode::from(EXIT_CHECK);
    }
    ExitCode::SUCCESS
}

/// `servers/` beside the suite's folder (suites/x.toml → servers/), else `./servers`.
fn servers_dir(suite: &Path) -> PathBuf {
    let beside = suite
        .parent()
        .and_then(Path::parent)
        .map(|root| root.join("servers"));
    match beside {
        Some(dir) if dir.is_dir() => dir,
        _ => PathBuf::from("servers"),
    }
}
