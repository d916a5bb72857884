//! `barrage report RESULTS_DIR`: report.md, report.csv, charts/ (SVG and
//! PNG) and report.html, written into the results directory.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::exit::{usage_error, EXIT_FAILED};

#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// A results directory of `barrage run` (results/SUITE-TIMESTAMP).
    dir: PathBuf,
}

pub fn main(args: ReportArgs) -> ExitCode {
    // A directory that is not a results directory is bad input (exit 2);
    // failing to write into a good one is a failed run (exit 1).
    if let Err(e) = barrage_report::model::load_results(&args.dir) {
        return usage_error(e);
    }
    match barrage_report::write_report(&args.dir) {
        Ok(paths) => {
            for p in paths {
                println!("{}", p.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("barrage: error: {e}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}
