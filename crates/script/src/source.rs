//! What a script is made of and may do: its file and arguments, its time
//! limits. Plain data that every part of this crate reads; it imports none
//! of them.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// A script file and its arguments (wrk's arguments after `--`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptSource {
    pub path: PathBuf,
    pub text: String,
    pub args: Vec<String>,
}

impl ScriptSource {
    /// Reads the script at `path`.
    pub fn read(path: &Path, args: Vec<String>) -> Result<ScriptSource, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read script {}: {e}", path.display()))?;
        Ok(ScriptSource {
            path: path.to_path_buf(),
            text,
            args,
        })
    }
}

/// What script code may do: how long it may run before it is stopped
/// with an error, and where its output goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Each set-up step: the top level, `setup`, `init`, `done`.
    pub load: Duration,
    /// One `request()`, `response()` or `delay()` call.
    pub call: Duration,
    /// `print` and `io.write` go to standard error (when standard output
    /// carries the run's JSON).
    pub print_to_stderr: bool,
}

impl Default for Limits {
    /// 5 s a step, 1 s a call.
    fn default() -> Limits {
        Limits {
            load: Duration::from_secs(5),
            call: Duration::from_secs(1),
            print_to_stderr: false,
        }
    }
}
