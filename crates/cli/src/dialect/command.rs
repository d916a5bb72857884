//! What every dialect's command line comes to: a run with its options, or
//! the tool's usage or version; and the flags they share. The dialects
//! import this; it imports none of them.

use std::path::PathBuf;
use std::process::ExitCode;

/// What a dialect's command line asks for: a run with its options, or the
/// tool's usage or version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Command<O> {
    Run(O),
    Help,
    Version,
}

/// A dialect's entry: the options of a run, or the exit after printing
/// `usage()` (help), `version()` (a line) or a usage error (`parsed`'s
/// message as it is).
pub(crate) fn run_options<O, U: std::fmt::Display, V: std::fmt::Display>(
    parsed: Result<Command<O>, String>,
    usage: impl FnOnce() -> U,
    version: impl FnOnce() -> V,
) -> Result<O, ExitCode> {
    match parsed {
        Ok(Command::Run(o)) => Ok(o),
        Ok(Command::Help) => {
            print!("{}", usage());
            Err(ExitCode::SUCCESS)
        }
        Ok(Command::Version) => {
            println!("{}", version());
            Err(ExitCode::SUCCESS)
        }
        Err(msg) => Err(crate::exit::usage_error(msg)),
    }
}

/// What a dialect's `parse` returns (its options boxed).
#[cfg(test)]
type Parsed<O> = Result<Command<Box<O>>, String>;

/// A test's command line (words split at white space) parsed by a
/// dialect's `parse`: the options of a run (a panic for help or version).
#[cfg(test)]
pub(crate) fn run_line<O: std::fmt::Debug>(
    parse: fn(&[std::ffi::OsString]) -> Parsed<O>,
    line: &str,
) -> Result<O, String> {
    let args: Vec<std::ffi::OsString> = line
        .split_whitespace()
        .map(std::ffi::OsString::from)
        .collect();
    match parse(&args)? {
        Command::Run(o) => Ok(*o),
        other => panic!("{line}: not a run: {other:?}"),
    }
}

/// `--barrage-json FILE`'s value: a file name. Empty and `-` are refused,
/// as the tool's own report is on standard output. The message has no
/// tool name before it.
pub(crate) fn barrage_json_file(tool: &str, value: &str) -> Result<PathBuf, String> {
    if value.is_empty() || value == "-" {
        return Err(format!(
            "--barrage-json needs a file name (stdout carries {tool}'s report)"
        ));
    }
    Ok(PathBuf::from(value))
}
