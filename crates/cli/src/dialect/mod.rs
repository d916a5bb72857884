//! Dialects: the command lines of ab, wrk, h2load, httperf and ghz, run on
//! barrage's engine and printed in the original tool's layout.
//!
//! `barrage ab …` or a link named `ab` to the barrage binary (busybox
//! style) both land here. Each dialect parses its tool's flags, maps them to
//! a [`barrage_engine::LoadSpec`] with the load model the original uses,
//! runs it, and prints what the original prints, computed from barrage's
//! exact histograms. `--barrage-json FILE` writes barrage's own JSON too.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

mod ab;
mod getopt;
mod ghz;
mod h2load;
mod httperf;
mod wrk;

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
        Err(msg) => Err(crate::usage_error(msg)),
    }
}

/// What a dialect's `parse` returns (its options boxed).
#[cfg(test)]
type Parsed<O> = Result<Command<Box<O>>, String>;

/// A test's command line (words split at white space) parsed by a
/// dialect's `parse`: the options of a run (a panic for help or version).
#[cfg(test)]
pub(crate) fn run_line<O: std::fmt::Debug>(
    parse: fn(&[OsString]) -> Parsed<O>,
    line: &str,
) -> Result<O, String> {
    let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
    match parse(&args)? {
        Command::Run(o) => Ok(*o),
        other => panic!("{line}: not a run: {other:?}"),
    }
}

/// The tools barrage speaks the command line of.
pub const NAMES: [&str; 5] = ["ab", "wrk", "h2load", "httperf", "ghz"];

/// Runs dialect `name` with the arguments after the tool's name.
pub fn main(name: &str, args: Vec<OsString>) -> ExitCode {
    match name {
        "ab" => ab::main(args),
        "wrk" => wrk::main(args),
        "h2load" => h2load::main(args),
        "httperf" => httperf::main(args),
        "ghz" => ghz::main(args),
        other => unreachable!("not a dialect: {other}"),
    }
}

/// The dialect a command line asks for: the program's own name (a link
/// called `wrk`), or `barrage wrk …`; with the arguments that follow.
pub fn requested(argv: &[OsString]) -> Option<(&'static str, Vec<OsString>)> {
    let program = argv.first().map(std::path::Path::new)?;
    let stem = program.file_name()?.to_str()?;
    if let Some(name) = NAMES.iter().find(|n| **n == stem) {
        return Some((name, argv[1..].to_vec()));
    }
    let first = argv.get(1)?.to_str()?;
    let name = NAMES.iter().find(|n| **n == first)?;
    Some((name, argv[2..].to_vec()))
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
