//! Suites (`suites/NAME.toml`): servers with their variants, scenarios,
//! load levels, the driver(s), durations, repeats and cores. Read here,
//! validated in `suite/raw.rs`, planned into runs in `suite/plan.rs`; the
//! format is documented in docs/suites.md. Runs nothing and reads no
//! manifest.

use std::path::Path;
use std::time::Duration;

pub use barrage_model::suite::{
    Cores, Driver, EfficiencySpec, GrpcScenario, Level, Load, Quick, Scenario, ScriptRef,
    SearchSpec, ServerEntry, Service, ServiceKind, Suite, SuiteHosts, SuiteTable, Variant, Wire,
    WsScenario,
};

mod drivers;
mod plan;
pub(crate) mod raw;
pub(crate) mod source;
#[cfg(test)]
mod tests;

pub use plan::{
    needs_database, plain_get, Plan, PlannedRun, CEILING_WINDOW, START_OVERHEAD, WARMUP_TYPICAL,
};
pub use source::FormatError;

pub(crate) use drivers::{
    driver_drives, driver_name, driver_row, driver_runs_scripts, driver_speaks, DRIVERS,
};
use raw::RawSuite;
use source::Source;

/// Reads and validates a suite file.
pub fn load(path: &Path) -> Result<Suite, FormatError> {
    from_source(Source::read(path, "suite file")?, path)
}

/// Validates a suite given as text; `path` names it in errors and gives
/// the default name (its file stem).
pub fn parse(text: &str, path: &Path) -> Result<Suite, FormatError> {
    from_source(Source::new(path, text.to_string()), path)
}

fn from_source(mut source: Source, path: &Path) -> Result<Suite, FormatError> {
    let raw: RawSuite = source.parse()?;
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    // "t.toml" has the parent "": the current directory.
    let dir = path.parent().unwrap_or(Path::new(""));
    raw.validate(stem.unwrap_or_default(), dir)
        .map_err(|p| source.error(p))
}

/// Sessions of a quick level: at most as many as start in `window` at `rate`.
pub(crate) fn quick_sessions(rate: f64, sessions: u64, window: Duration) -> u64 {
    let fit = (rate * window.as_secs_f64()).ceil().max(1.0) as u64;
    sessions.min(fit)
}
