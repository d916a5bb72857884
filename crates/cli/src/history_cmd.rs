//! `barrage history DIR...`: a suite's numbers over many runs, each with
//! its interval, the changes the gates flag marked: a Markdown table per
//! metric on stdout, and with `--html FILE` a page with a chart per metric
//! and place. The work is in `barrage_report::history`; docs/history.md
//! describes it.

use std::path::PathBuf;
use std::process::ExitCode;

use barrage_report::compare::{self, Input, RunInput};
use barrage_report::history::{self, Options, DEFAULT_GATES};
use barrage_report::model::Metric;

use crate::compare_cmd::{check_alpha, parse_gates};
use crate::exit::usage_error;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Exit status: 0 when the history was written (flagged changes or not); 2 for bad input.\n\nExamples:\n  barrage history results/tiny-*\n  barrage history --html history.html --fail-on 'rate<-3%,p99>+5%' results/tiny-*\n  barrage history --in-order --figures rate,p50,p99.9 base/ pr-41/ pr-42/"
)]
pub struct HistoryArgs {
    /// Results directories of `barrage run` of one suite (or their results.json).
    #[arg(required = true, value_name = "DIR")]
    dirs: Vec<PathBuf>,
    /// Keep the runs in the order given [default: the order they started].
    #[arg(long)]
    in_order: bool,
    /// The figures shown, a comma list of rate, p50, p90, p99, p99.9, errors, cpu, capacity
    /// [default: rate,p99,capacity (capacity where searches ran)]; the gates' are added.
    #[arg(long, value_name = "LIST")]
    figures: Option<String>,
    /// The gates that flag a change from one run to the next, as `barrage compare --fail-on`
    /// takes them: past the limit and significant at --alpha.
    #[arg(long, value_name = "GATES", default_value = DEFAULT_GATES)]
    fail_on: String,
    /// Significance level of the changes; intervals have at least 1 − ALPHA confidence
    /// where the repeats allow (6 or more at 0.05).
    #[arg(long, default_value_t = 0.05, value_name = "ALPHA")]
    alpha: f64,
    /// Also write the history as one self-contained HTML page, with its charts, to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

pub fn main(args: HistoryArgs) -> ExitCode {
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => usage_error(e),
    }
}

fn run(args: &HistoryArgs) -> Result<(), String> {
    check_alpha(args.alpha)?;
    let gates = parse_gates(&args.fail_on)?;
    let metrics = match &args.figures {
        Some(list) => figures(list)?,
        None => vec![Metric::ResponsesPerS, Metric::P99, Metric::Capacity],
    };
    let inputs = args
        .dirs
        .iter()
        .map(|d| read(d))
        .collect::<Result<Vec<_>, _>>()?;
    let opts = Options {
        alpha: args.alpha,
        gates,
        metrics,
        in_order: args.in_order,
    };
    let h = history::history(inputs, &opts);
    if let Some(file) = &args.html {
        std::fs::write(file, history::html(&h))
            .map_err(|e| format!("--html {}: cannot write it: {e}", file.display()))?;
    }
    print!("{}", history::markdown(&h));
    Ok(())
}

/// `--figures rate,p99`: metrics by their gate names.
fn figures(list: &str) -> Result<Vec<Metric>, String> {
    let names: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if names.is_empty() {
        return Err(format!(
            "--figures {list:?}: no figure; expected a comma list such as rate,p99"
        ));
    }
    names
        .into_iter()
        .map(|n| {
            Metric::named(n).ok_or_else(|| {
                format!("--figures {list}: unknown figure {n:?}; expected rate, p50, p90, p99, p99.9, errors, cpu or capacity")
            })
        })
        .collect()
}

/// One run: a results directory (a `barrage load` file has no history).
fn read(dir: &std::path::Path) -> Result<RunInput, String> {
    match compare::load(dir)? {
        Input::Run(r) => Ok(*r),
        Input::Load(l) => Err(format!(
            "{}: a `barrage load --json` file; history reads results directories of `barrage run` (results/SUITE-TIMESTAMP)",
            l.path.display()
        )),
    }
}
