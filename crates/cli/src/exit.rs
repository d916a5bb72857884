//! How every command ends: its exit codes, and one line for bad input.
//! The commands and dialects import this; it imports none of them.

use std::process::ExitCode;

/// Exit codes: 0 done, 1 the run failed (nothing answered), 2 bad input,
/// 3 a CI criterion failed after the work was done and written: a
/// `--check` threshold (a suite: a level failed its scenario's `check`) or
/// a gate (`compare --fail-on`: a significant change past its limit). 1
/// wins over 3: a run that failed is no check.
pub(crate) const EXIT_FAILED: u8 = 1;
pub(crate) const EXIT_USAGE: u8 = 2;
/// A `--check` threshold failed (docs/load.md, "Checks").
pub(crate) const EXIT_CHECK: u8 = 3;
/// A gate of `compare --fail-on` failed (docs/compare.md, "Gates"): the
/// same code as a check, as both answer "the CI criterion failed".
pub(crate) const EXIT_GATE: u8 = EXIT_CHECK;

/// One clear line for bad input, then exit 2.
pub(crate) fn usage_error(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("barrage: error: {msg}");
    ExitCode::from(EXIT_USAGE)
}
