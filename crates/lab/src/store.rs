//! The result store: `results/SUITE-TIMESTAMP/` with `results.json`
//! (rewritten whole, atomically, after every measured level, so a run that is
//! interrupted keeps what it measured), `logs/` (each server start's output)
//! and `summary.md` (the report's tables of what was recorded so far,
//! rendered by the [`Summary`] the caller gives: the lab writes no table
//! itself, and does not depend on the report).

use std::path::{Path, PathBuf};

pub use barrage_model::results::{
    ClientUsage, ProbeRecord, Results, RunRecord, ServerRecord, StartStatus, SCHEMA,
};

/// What renders summary.md from the results (the binary passes
/// `barrage_report::summary`).
pub type Summary = fn(&Results) -> String;

/// The results directory and its files.
pub struct Store {
    pub dir: PathBuf,
    pub results: Results,
    /// Renders summary.md.
    pub summary: Summary,
}

impl Store {
    /// Creates `root/SUITE-TIMESTAMP/` (and `logs/`) and writes the first results.json.
    pub fn create(
        root: &Path,
        suite_name: &str,
        stamp: &str,
        results: Results,
        summary: Summary,
    ) -> Result<Store, String> {
        let dir = root.join(format!("{suite_name}-{stamp}"));
        std::fs::create_dir_all(dir.join("logs"))
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let store = Store {
            dir,
            results,
            summary,
        };
        store.write()?;
        Ok(store)
    }

    pub fn log_path(&self, name: &str) -> PathBuf {
        self.dir.join("logs").join(name)
    }

    /// Rewrites results.json: to a temporary file, then renamed over the old one.
    pub fn write(&self) -> Result<(), String> {
        let path = self.dir.join("results.json");
        let tmp = self.dir.join("results.json.tmp");
        let text = self.results.to_json();
        std::fs::write(&tmp, text + "\n")
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Writes summary.md from what is recorded so far.
    pub fn write_summary(&self) -> Result<(), String> {
        let path = self.dir.join("summary.md");
        std::fs::write(&path, (self.summary)(&self.results))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}
