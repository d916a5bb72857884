//! How every command ends: its exit codes, and one line for bad input.
//! The commands and dialects import this; it imports none of them.

use std::process::ExitCode;

/// Exit codes: 0 done, 1 the run failed (nothing answered), 2 bad input,
/// 3 the run ended but failed a `--check` (a suite: a level failed its
/// scenario's `check`). 1 wins over 3: a run that failed is no check.
pub(crate) const EXIT_FAILED: u8 = 1;
pub(crate) const EXIT_USAGE: u8 = 2;
pub(crate) const EXIT_CHECK: u8 = 3;

/// One clear line for bad input, then exit 2.
pub(crate) fn usage_error(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("barrage: error: {msg}");
    ExitCode::from(EXIT_USAGE)
}
