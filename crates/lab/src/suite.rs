//! Suites (`suites/NAME.toml`): servers with their variants, scenarios,
//! load levels, the driver(s), durations, repeats and cores. Read here,
//! validated in `suite/raw.rs`, planned into runs in `suite/plan.rs`; the
//! format is documented in docs/suites.md. Runs nothing and reads no
//! manifest.

use std::path::Path;
use std::time::Duration;

pub use barrage_model::suite::{
    Cores, Driver, EfficiencySpec, GrpcScenario, Level, Load, Protocol, Quick, Scenario, ScriptRef,
    SearchSpec, ServerEntry, Service, ServiceKind, Suite, SuiteHosts, SuiteTable, Variant,
    WsScenario,
};

mod plan;
pub(crate) mod raw;
pub(crate) mod source;
#[cfg(test)]
mod tests;

pub use plan::{
    needs_database, plain_get, Plan, PlannedRun, CEILING_WINDOW, START_OVERHEAD, WARMUP_TYPICAL,
};
pub use source::FormatError;

use raw::RawSuite;
use source::Source;

/// What each driver can do, checked when a suite is read. The drivers
/// (driver.rs) decide how; this table only says whether.
const DRIVERS: [(Driver, &str, &[Protocol], &[&str]); 5] = [
    (
        Driver::Barrage,
        "barrage",
        &Protocol::ALL,
        &["concurrency", "rate", "session_rate"],
    ),
    (
        Driver::Wrk,
        "wrk",
        &[Protocol::H1, Protocol::Https],
        &["concurrency"],
    ),
    (
        Driver::H2load,
        "h2load",
        // No h3: Debian's h2load (nghttp2 1.52) is built without ngtcp2.
        &[Protocol::H1, Protocol::H2c, Protocol::H2, Protocol::Https],
        // h2load's --rate starts connections, not requests: no open loop.
        &["concurrency"],
    ),
    (
        Driver::Ab,
        "ab",
        &[Protocol::H1, Protocol::Https],
        &["concurrency"],
    ),
    (
        Driver::Httperf,
        "httperf",
        &[Protocol::H1],
        &["session_rate"],
    ),
];

fn driver_row(
    d: Driver,
) -> &'static (
    Driver,
    &'static str,
    &'static [Protocol],
    &'static [&'static str],
) {
    DRIVERS
        .iter()
        .find(|row| row.0 == d)
        .expect("every driver has a row")
}

/// The driver's name in suites.
pub(crate) fn driver_name(d: Driver) -> &'static str {
    driver_row(d).1
}

fn driver_speaks(d: Driver, p: Protocol) -> bool {
    driver_row(d).2.contains(&p)
}

fn driver_drives(d: Driver, load: &Load) -> bool {
    driver_row(d).3.contains(&load.kind())
}

/// Whether the driver runs a scenario's wrk Lua script (`script`): wrk
/// itself (`-s`) and barrage (`load --script`); ab, h2load and httperf
/// have no scripts.
pub(crate) fn driver_runs_scripts(d: Driver) -> bool {
    matches!(d, Driver::Wrk | Driver::Barrage)
}

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
