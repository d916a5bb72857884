//! `barrage compare A B`: medians, change with its confidence interval and
//! the Mann–Whitney p-value of two results directories (or two `barrage
//! load --json` files). The work is in `barrage_report::compare`; the
//! output is described in docs/compare.md.

use std::path::PathBuf;
use std::process::ExitCode;

use barrage_report::compare::{self, Options};

use crate::exit::usage_error;

#[derive(Debug, clap::Args)]
pub struct CompareArgs {
    /// The baseline: a results directory or a `barrage load --json` file.
    a: PathBuf,
    /// The new results, of the same kind.
    b: PathBuf,
    /// Significance level: a change with p ≥ ALPHA prints as "~"; intervals
    /// have confidence 1 − ALPHA.
    #[arg(long, default_value_t = 0.05, value_name = "ALPHA")]
    alpha: f64,
}

pub fn main(args: CompareArgs) -> ExitCode {
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        return usage_error(format!(
            "--alpha {}: expected a significance level between 0 and 1, e.g. 0.05",
            args.alpha
        ));
    }
    let a = match compare::load(&args.a) {
        Ok(a) => a,
        Err(e) => return usage_error(format!("A: {e}")),
    };
    let b = match compare::load(&args.b) {
        Ok(b) => b,
        Err(e) => return usage_error(format!("B: {e}")),
    };
    match compare::compare(&a, &b, &Options { alpha: args.alpha }) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => usage_error(e),
    }
}
