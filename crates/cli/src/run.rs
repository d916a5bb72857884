//! `barrage run SUITE`: the lab, wired to the terminal.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use barrage_lab::runner::{self, RunOptions};
use barrage_lab::suite::Plan;

use crate::{usage_error, EXIT_FAILED};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Formats of suites and server manifests: docs/suites.md.\n\nExamples:\n  barrage run suites/builtin-quick.toml --quick\n  barrage run suites/loadgen-efficiency.toml --dry-run\n  barrage run suites/loadgen-efficiency.toml --only nginx"
)]
pub struct RunArgs {
    /// The suite file (suites/NAME.toml).
    suite: PathBuf,
    /// Shorter durations, fewer levels, one repeat (the suite's [quick] table).
    #[arg(long)]
    quick: bool,
    /// Run only this server of the suite.
    #[arg(long, value_name = "SERVER")]
    only: Option<String>,
    /// Only these levels: indices in the suite's level list, from 0 (e.g. 0 or 0,2).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    levels: Option<Vec<usize>>,
    /// Print the plan and its estimated duration; start nothing.
    #[arg(long)]
    dry_run: bool,
    /// Where the results directory goes.
    #[arg(long, value_name = "DIR", default_value = "results")]
    results: PathBuf,
    /// The server manifests [default: servers/ beside the suite's folder, else ./servers].
    #[arg(long, value_name = "DIR")]
    servers: Option<PathBuf>,
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
        let plan = Plan::of(&suite.effective(args.quick), false, args.only.as_deref());
        // A closed pipe (`| head`) ends the listing quietly.
        let _ = write!(std::io::stdout().lock(), "{plan}");
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
    let opts = RunOptions {
        suite_file: args.suite.clone(),
        quick: args.quick,
        only: args.only.clone(),
        levels: args.levels.clone(),
        results_root: args.results.clone(),
        servers_dir: args
            .servers
            .clone()
            .unwrap_or_else(|| servers_dir(&args.suite)),
        repo: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
        barrage,
        stop,
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
    };
    let outcome = runner::run(opts);
    // Whatever happened, no server under test outlives the run.
    barrage_lab::process::kill_all_started();
    if tty {
        eprintln!();
    }
    match outcome {
        Ok(o) => {
            eprintln!(
                "barrage run: results in {} (results.json, summary.md, logs/)",
                o.dir.display()
            );
            if o.interrupted {
                eprintln!("barrage run: interrupted; the results hold what was measured");
                return ExitCode::from(EXIT_FAILED);
            }
            if o.failed_servers > 0 {
                eprintln!(
                    "barrage run: {} server start(s) failed; see the servers section of results.json and logs/",
                    o.failed_servers
                );
                return ExitCode::from(EXIT_FAILED);
            }
            ExitCode::SUCCESS
        }
        Err(e) => usage_error(e),
    }
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
