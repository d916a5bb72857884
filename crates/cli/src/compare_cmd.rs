//! `barrage compare A B`: medians, change with its confidence interval and
//! the Mann–Whitney p-value of two results directories (or two `barrage
//! load --json` files), and with `--fail-on` the gates a CI job fails on.
//! The work is in `barrage_report::compare` and `barrage_report::gate`;
//! the output is described in docs/compare.md.

use std::path::PathBuf;
use std::process::ExitCode;

use barrage_report::compare::{self, Input, Options};
use barrage_report::gate::{self, Gates};

use crate::exit::{usage_error, EXIT_GATE};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Exit status: 0 when compared and no gate failed; 2 for bad input (one line on stderr);\n3 when a gate of --fail-on failed: a change past its limit and significant at --alpha.\n\nExamples:\n  barrage compare results/tiny-20261122T155450Z results/tiny-20261122T155504Z\n  barrage compare --fail-on 'rate<-5%,p99>+10%' --junit gates.xml base/ head/\n  barrage compare --fail-on 'rate<-5%' --format markdown base/ head/ > comment.md"
)]
pub struct CompareArgs {
    /// The baseline: a results directory or a `barrage load --json` file.
    a: PathBuf,
    /// The new results, of the same kind.
    b: PathBuf,
    /// Significance level: a change with p ≥ ALPHA prints as "~" and fails no gate;
    /// intervals have confidence 1 − ALPHA.
    #[arg(long, default_value_t = 0.05, value_name = "ALPHA")]
    alpha: f64,
    /// Exit 3 on a change past its limit and significant at --alpha: a comma list of
    /// FIGURE<-PCT% (a drop of more than PCT% of A's median) and FIGURE>+PCT% (a rise),
    /// FIGURE one of rate, p50, p90, p99, p99.9, errors (in percentage points), cpu, capacity;
    /// e.g. 'rate<-5%,p99>+10%'.
    #[arg(long, value_name = "GATES")]
    fail_on: Option<String>,
    /// text: aligned tables; markdown: a summary for a pull request's comment, the verdict first.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also write the gates' verdict as JUnit XML to FILE: a test case per server ×
    /// scenario × level, a failing one saying why.
    #[arg(long, value_name = "FILE", requires = "fail_on")]
    junit: Option<PathBuf>,
}

/// How the comparison is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Markdown,
}

/// `--alpha`: a significance level strictly between 0 and 1 (one error
/// line otherwise).
pub(crate) fn check_alpha(alpha: f64) -> Result<(), String> {
    if alpha > 0.0 && alpha < 1.0 {
        Ok(())
    } else {
        Err(format!(
            "--alpha {alpha}: expected a significance level between 0 and 1, e.g. 0.05"
        ))
    }
}

/// `--fail-on GATES`, parsed (one error line otherwise).
pub(crate) fn parse_gates(spec: &str) -> Result<Gates, String> {
    spec.parse().map_err(|e| format!("--fail-on {e}"))
}

pub fn main(args: CompareArgs) -> ExitCode {
    if let Err(e) = check_alpha(args.alpha) {
        return usage_error(e);
    }
    let gates = match args.fail_on.as_deref().map(parse_gates).transpose() {
        Ok(g) => g,
        Err(e) => return usage_error(e),
    };
    let inputs = load(&args.a, "A").and_then(|a| Ok((a, load(&args.b, "B")?)));
    let (a, b) = match inputs {
        Ok(ab) => ab,
        Err(e) => return usage_error(e),
    };
    let more = gates.as_ref().map(Gates::metrics).unwrap_or_default();
    let opts = Options { alpha: args.alpha };
    let cmp = match compare::comparison(&a, &b, &opts, &more) {
        Ok(c) => c,
        Err(e) => return usage_error(e),
    };
    let Some(gates) = gates else {
        print(args.format, cmp.text(), || gate::markdown(&cmp, None));
        return ExitCode::SUCCESS;
    };
    if let Err(e) = gates.check(&cmp) {
        return usage_error(e);
    }
    let verdict = gate::judge(&gates, &cmp);
    print(
        args.format,
        cmp.text() + &gate::text(&gates, &verdict, &cmp),
        || gate::markdown(&cmp, Some((&gates, &verdict))),
    );
    if let Some(file) = &args.junit {
        let xml = gate::junit::junit(&gates, &verdict, &cmp);
        if let Err(e) = std::fs::write(file, xml) {
            return usage_error(format!("--junit {}: cannot write it: {e}", file.display()));
        }
    }
    if verdict.fails() {
        ExitCode::from(EXIT_GATE)
    } else {
        ExitCode::SUCCESS
    }
}

fn load(path: &std::path::Path, which: &str) -> Result<Input, String> {
    compare::load(path).map_err(|e| format!("{which}: {e}"))
}

/// The text, or the Markdown, on stdout.
fn print(format: Format, text: String, markdown: impl FnOnce() -> String) {
    match format {
        Format::Text => print!("{text}"),
        Format::Markdown => print!("{}", markdown()),
    }
}
