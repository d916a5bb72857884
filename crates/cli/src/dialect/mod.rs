//! Dialects: the command lines of ab, wrk, h2load, httperf and ghz, run on
//! barrage's engine and printed in the original tool's layout.
//!
//! `barrage ab …` or a link named `ab` to the barrage binary (busybox
//! style) both land here. Each dialect parses its tool's flags, maps them to
//! a [`barrage_engine::LoadSpec`] with the load model the original uses,
//! runs it, and prints what the original prints, computed from barrage's
//! exact histograms. `--barrage-json FILE` writes barrage's own JSON too.

use std::ffi::OsString;
use std::process::ExitCode;

mod ab;
mod command;
mod getopt;
mod ghz;
mod h2load;
mod httperf;
mod wrk;

#[cfg(test)]
pub(crate) use command::run_line;
pub(crate) use command::{barrage_json_file, run_options, Command};

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
