//! A wrk Lua script in a run (`barrage load --script`, `barrage wrk -s`):
//! loaded before any connection, compiled away when it only sets the
//! request, its hooks handed to the engine otherwise, and `done()` called
//! after the run's own report.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use barrage_engine::{LoadSpec, Observer, RunReport, SpecError};
use barrage_script::{Limits, Script, ScriptSource};

/// A loaded script, as the run uses it.
pub(crate) struct Loaded {
    script: Script,
    /// The script has hooks (setup, init, request, response, delay): the
    /// engine calls them. Otherwise its request is in the spec already and
    /// no Lua runs during the load.
    hooks: bool,
}

impl Loaded {
    /// Reads and runs the script's top level against `spec`'s target and
    /// headers. A settings-only script's request replaces the spec's (one
    /// request, built once, sent over whatever protocol the spec speaks).
    /// `json_to_stdout`: the script's `print` and `io.write` go to standard
    /// error, so that they do not mix with the JSON.
    pub(crate) fn load(
        path: &Path,
        args: Vec<String>,
        spec: &mut LoadSpec,
        json_to_stdout: bool,
    ) -> Result<Loaded, String> {
        let source = ScriptSource::read(path, args)?;
        let headers = spec
            .requests
            .first()
            .map(|r| r.headers.clone())
            .unwrap_or_default();
        let limits = Limits {
            print_to_stderr: json_to_stdout,
            ..Limits::default()
        };
        let script = Script::load(&source, &spec.target, &headers, limits)?;
        let hooks = match script.settings_only()? {
            Some(request) => {
                spec.requests = vec![request];
                false
            }
            None => true,
        };
        Ok(Loaded { script, hooks })
    }

    /// Whether Lua runs after the script is loaded: the engine calls its
    /// hooks during the run, or `done()` after it.
    pub(crate) fn runs_later(&self) -> bool {
        self.hooks || self.script.has_done()
    }

    /// Runs `spec` with the script's hooks, if it has any.
    pub(crate) fn run(
        &mut self,
        spec: &LoadSpec,
        observer: &mut dyn Observer,
        stop: Arc<AtomicBool>,
    ) -> Result<RunReport, SpecError> {
        if self.hooks {
            barrage_engine::run_scripted(spec, observer, stop, Some(&mut self.script))
        } else {
            barrage_engine::run_until(spec, observer, stop)
        }
    }

    /// After the run's report is printed: the script's `done()`, if it has
    /// one. The error is one line.
    pub(crate) fn done(&self, report: &RunReport) -> Result<(), String> {
        if !self.script.has_done() {
            return Ok(());
        }
        self.script.done(report, report.spec.threads)
    }
}

/// Runs `spec`, with `script` when there is one.
pub(crate) fn run(
    script: Option<&mut Loaded>,
    spec: &LoadSpec,
    observer: &mut dyn Observer,
    stop: Arc<AtomicBool>,
) -> Result<RunReport, SpecError> {
    match script {
        Some(s) => s.run(spec, observer, stop),
        None => barrage_engine::run_until(spec, observer, stop),
    }
}

/// After a run: `done()`, then the script's error that stopped the run.
/// False when either failed (the caller exits non-zero; the results are
/// written either way).
pub(crate) fn after(script: Option<&Loaded>, report: &RunReport) -> bool {
    let mut ok = true;
    if let Some(e) = &report.script_error {
        eprintln!("barrage: error: the script stopped the run: {e}");
        ok = false;
    }
    if let Some(s) = script {
        if let Err(e) = s.done(report) {
            eprintln!("barrage: error: done(): {e}");
            ok = false;
        }
    }
    ok
}
