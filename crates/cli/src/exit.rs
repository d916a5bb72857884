//! How every command ends: its exit codes, and one line for bad input.
//! The commands and dialects import this; it imports none of them.

use std::process::ExitCode;

/// Exit codes: 0 done, 1 the run failed (nothing answered), 2 bad input,
/// 3 a gate failed (`compare --fail-on`: a significant change past its
/// limit).
pub(crate) const EXIT_FAILED: u8 = 1;
pub(crate) const EXIT_USAGE: u8 = 2;
pub(crate) const EXIT_GATE: u8 = 3;

/// One clear line for bad input, then exit 2.
pub(crate) fn usage_error(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("barrage: error: {msg}");
    ExitCode::from(EXIT_USAGE)
}
