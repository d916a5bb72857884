//! `barrage merge A.json B.json …`: the exact merge of `barrage load
//! --json` results of one plan run side by side (several processes, hosts
//! or pods): histograms added, counts summed, per-second series aligned by
//! wall clock. The work is `RunReport::merge`; plans that differ are
//! refused with the difference named. `--check` judges the merged run.

use std::path::PathBuf;
use std::process::ExitCode;

use barrage_engine::check::{all_pass, Check};
use barrage_engine::RunReport;

use crate::exit::usage_error;
use crate::summary;

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// `barrage load --json` files of the same plan (two or more).
    #[arg(required = true, num_args = 2.., value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Write the merged report as JSON to FILE (`-` for standard output,
    /// the summary then goes to standard error).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Thresholds the merged run must meet, as `barrage load --check` takes them
    /// ('p99<=10ms,errors<=0.1%,rate>=9500'); one that fails makes it exit 3.
    #[arg(long, value_name = "THRESHOLDS", value_parser = crate::load_args::parse_check)]
    check: Option<Check>,
}

pub fn main(args: MergeArgs) -> ExitCode {
    let mut merged: Option<(RunReport, &PathBuf)> = None;
    for path in &args.files {
        let report = match read(path) {
            Ok(r) => r,
            Err(e) => return usage_error(format!("merge: {}: {e}", path.display())),
        };
        match &mut merged {
            None => merged = Some((report, path)),
            Some((first, first_path)) => {
                if let Some(why) = first.plan_difference(&report) {
                    return usage_error(format!(
                        "merge: {} is not the plan of {}: {why}; merge only results of one plan",
                        path.display(),
                        first_path.display()
                    ));
                }
                first.merge(&report);
            }
        }
    }
    let (mut report, _) = merged.expect("clap requires two files");
    crate::common::judge_checks(&mut report, args.check.as_ref());
    let to_stdout = args.json.as_deref() == Some(std::path::Path::new("-"));
    let text = summary::render(&report);
    if to_stdout {
        eprint!("{text}");
    } else {
        print!("{text}");
    }
    if !crate::common::write_json(&report, args.json.as_deref()) {
        return ExitCode::from(crate::exit::EXIT_FAILED);
    }
    if !all_pass(&report.checks) {
        return ExitCode::from(crate::exit::EXIT_CHECK);
    }
    ExitCode::SUCCESS
}

fn read(path: &PathBuf) -> Result<RunReport, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read it: {e}"))?;
    RunReport::from_json(&text).map_err(|e| e.to_string())
}
