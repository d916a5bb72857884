//! What every command that runs the engine does the same way: Ctrl-C and
//! writing the JSON report.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use barrage_engine::{Field, RunReport, SpecError};

/// The stop flag for one run. A first Ctrl-C sets it, so the run ends with
/// its report (as wrk, ab, h2load and httperf do); a second one exits at
/// once with status 130.
pub fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    // Registered first, so it sees the flag before the second handler sets it.
    let _ = signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        stop.clone(),
    );
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, stop.clone());
    stop
}

/// Writes `report` as barrage.load/1 JSON (docs/json.md) to `path`, when
/// one was given; `-` is standard output. A failure is one line on standard
/// error and `false`, for the caller's exit status.
#[must_use]
pub fn write_json(report: &RunReport, path: Option<&Path>) -> bool {
    let Some(path) = path else {
        return true;
    };
    match write_json_to(report, path) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("barrage: error: writing JSON to {}: {e}", path.display());
            false
        }
    }
}

fn write_json_to(report: &RunReport, path: &Path) -> std::io::Result<()> {
    let text = report.to_json() + "\n";
    if path == Path::new("-") {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        return out.flush();
    }
    std::fs::write(path, text)
}

/// An engine error in a front-end's terms: `FLAG: message`, with the flag
/// that sets the field the engine names (`-H: header "X A": …`).
pub fn spec_error(e: &SpecError, flag: impl Fn(Field) -> Option<&'static str>) -> String {
    match flag(e.field) {
        Some(flag) => format!("{flag}: {e}"),
        None => e.to_string(),
    }
}
