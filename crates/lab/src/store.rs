//! The result store: `results/SUITE-TIMESTAMP/` with `results.json`
//! (rewritten whole, atomically, after every measured level, so a run that is
//! interrupted keeps what it measured), `logs/` (each server start's output)
//! and `summary.md` (median responses/s and p99 by server and level).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::driver::LevelStats;
use crate::env::Environment;
use crate::monitor::MonitorReport;
use crate::probe::ProbeResult;
use crate::suite::Level;

/// The schema name of `results.json`.
pub const SCHEMA: &str = "barrage.run/1";

/// Everything one `barrage run` produced.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Results {
    pub schema: String,
    pub suite_file: String,
    /// The suite as run (after `--quick` and `--only`).
    pub suite: serde_json::Value,
    pub quick: bool,
    pub only: Option<String>,
    pub started_at: String,
    pub finished_at: Option<String>,
    /// False until the whole plan ran (an interrupted run stays false).
    pub complete: bool,
    /// Set when the run was stopped from outside (Ctrl-C).
    pub interrupted: bool,
    pub environment: Environment,
    /// Limits too low for the planned load, each with its fix.
    pub warnings: Vec<String>,
    /// One entry per server variant per repeat that was started (or could not be).
    pub servers: Vec<ServerRecord>,
    pub probes: Vec<ProbeRecord>,
    /// One entry per measured level.
    pub runs: Vec<RunRecord>,
}

/// What happened to one start of a server variant.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ServerRecord {
    pub repeat: u32,
    pub server: String,
    pub variant: String,
    pub version: Option<String>,
    /// `ok`, `failed` (build, start, readiness, or died mid-run) or `unavailable`.
    pub status: String,
    pub reason: Option<String>,
    /// The log of this start, relative to the results directory.
    pub log: Option<String>,
    pub ready_ms: Option<u64>,
    /// The server's CPU affinity as /proc showed it after the start.
    pub pinned_cpus: Option<Vec<usize>>,
}

/// A scenario's probe on one server start.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProbeRecord {
    pub repeat: u32,
    pub server: String,
    pub variant: String,
    pub scenario: String,
    pub result: Option<ProbeResult>,
    /// Why the scenario is skipped on this server (a failed or invalid probe).
    pub invalid: Option<String>,
}

/// The client's resources over the measured window.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ClientUsage {
    pub user_s: f64,
    pub sys_s: f64,
    pub cores: usize,
    /// CPU per response, microseconds.
    pub cpu_per_response_us: Option<f64>,
}

/// One measured level.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunRecord {
    pub repeat: u32,
    pub server: String,
    pub variant: String,
    pub scenario: String,
    pub driver: String,
    pub level_index: usize,
    pub level: Level,
    /// The load generator's command line.
    pub command: String,
    pub started_at: String,
    pub stats: Option<LevelStats>,
    /// Why the level has no statistics (the tool failed, the server died).
    pub error: Option<String>,
    /// The client used 90% or more of its cores: the numbers measure the client.
    pub client_bound: bool,
    pub client: ClientUsage,
    pub server_usage: MonitorReport,
    pub time_wait_before: u64,
    pub time_wait_after: u64,
    /// barrage's own JSON report (driver `barrage` only), histograms included.
    pub report: Option<serde_json::Value>,
}

/// The results directory and its files.
pub struct Store {
    pub dir: PathBuf,
    pub results: Results,
}

impl Store {
    /// Creates `root/SUITE-TIMESTAMP/` (and `logs/`) and writes the first results.json.
    pub fn create(
        root: &Path,
        suite_name: &str,
        stamp: &str,
        results: Results,
    ) -> Result<Store, String> {
        let dir = root.join(format!("{suite_name}-{stamp}"));
        std::fs::create_dir_all(dir.join("logs"))
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let store = Store { dir, results };
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
        let text = serde_json::to_string_pretty(&self.results)
            .map_err(|e| format!("cannot encode the results: {e}"))?;
        std::fs::write(&tmp, text + "\n")
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Writes summary.md from what is recorded so far.
    pub fn write_summary(&self) -> Result<(), String> {
        let path = self.dir.join("summary.md");
        std::fs::write(&path, summary(&self.results))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// The plain summary: per scenario and driver, a table of median
/// responses/s (and one of median p99) by server variant and level.
pub fn summary(r: &Results) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}\n", r.suite_file);
    let state = match (r.complete, r.interrupted) {
        (true, _) => "complete",
        (false, true) => "interrupted: partial results",
        (false, false) => "incomplete: partial results",
    };
    let _ = writeln!(
        s,
        "Started {}, {state}. {} on {} ({} cores). Medians over repeats; `*` marks a client-bound level (it measures the client), `!` a level with errors.\n",
        r.started_at, r.environment.kernel, r.environment.cpu_model, r.environment.cores
    );
    for w in &r.warnings {
        let _ = writeln!(s, "- warning: {w}");
    }
    let mut keys: Vec<(String, String)> = Vec::new();
    for run in &r.runs {
        let k = (run.scenario.clone(), run.driver.clone());
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    for (scenario, driver) in keys {
        let runs: Vec<&RunRecord> = r
            .runs
            .iter()
            .filter(|x| x.scenario == scenario && x.driver == driver)
            .collect();
        let mut levels: Vec<(usize, String)> = Vec::new();
        let mut rows: Vec<String> = Vec::new();
        for x in &runs {
            if !levels.iter().any(|l| l.0 == x.level_index) {
                levels.push((x.level_index, x.level.to_string()));
            }
            let row = row_name(&x.server, &x.variant);
            if !rows.contains(&row) {
                rows.push(row);
            }
        }
        levels.sort();
        for (title, pick) in [
            ("responses/s", Metric::Rate),
            ("p99 latency", Metric::P99),
            ("client CPU per response", Metric::ClientCpu),
        ] {
            let _ = writeln!(s, "\n## {scenario} ({driver}): median {title}\n");
            let _ = write!(s, "| server |");
            for (_, l) in &levels {
                let _ = write!(s, " {l} |");
            }
            let _ = write!(s, "\n|---|");
            for _ in &levels {
                let _ = write!(s, "--:|");
            }
            s.push('\n');
            for row in &rows {
                let _ = write!(s, "| {row} |");
                for (li, _) in &levels {
                    let cell: Vec<&&RunRecord> = runs
                        .iter()
                        .filter(|x| row_name(&x.server, &x.variant) == *row && x.level_index == *li)
                        .collect();
                    let _ = write!(s, " {} |", cell_text(&cell, pick));
                }
                s.push('\n');
            }
        }
    }
    let skipped: Vec<&ProbeRecord> = r.probes.iter().filter(|p| p.invalid.is_some()).collect();
    if !skipped.is_empty() {
        let _ = writeln!(s, "\n## Skipped (invalid for the contract)\n");
        for p in skipped {
            let _ = writeln!(
                s,
                "- {} / {}: {}",
                row_name(&p.server, &p.variant),
                p.scenario,
                p.invalid.as_deref().unwrap_or("")
            );
        }
    }
    let failed: Vec<&ServerRecord> = r.servers.iter().filter(|x| x.status != "ok").collect();
    if !failed.is_empty() {
        let _ = writeln!(s, "\n## Servers not measured\n");
        for f in failed {
            let _ = writeln!(
                s,
                "- {} (repeat {}): {}: {}",
                row_name(&f.server, &f.variant),
                f.repeat + 1,
                f.status,
                f.reason.as_deref().unwrap_or("")
            );
        }
    }
    let _ = writeln!(s, "\n## Header bytes by server (probes)\n");
    let _ = writeln!(
        s,
        "| server | scenario | status | header bytes | body bytes | deviations |\n|---|---|--:|--:|--:|---|"
    );
    let mut seen = Vec::new();
    for p in &r.probes {
        let key = (row_name(&p.server, &p.variant), p.scenario.clone());
        if seen.contains(&key) {
            continue;
        }
        if let Some(res) = &p.result {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} |",
                key.0,
                key.1,
                res.status,
                res.header_bytes,
                res.body_bytes,
                res.deviations.join("; ")
            );
        }
        seen.push(key);
    }
    s
}

fn row_name(server: &str, variant: &str) -> String {
    if variant.is_empty() || variant == server {
        server.to_string()
    } else {
        variant.to_string()
    }
}

#[derive(Clone, Copy)]
enum Metric {
    Rate,
    P99,
    /// The load generator's CPU per response, µs (what loadgen-efficiency compares).
    ClientCpu,
}

fn cell_text(runs: &[&&RunRecord], metric: Metric) -> String {
    let values: Vec<f64> = runs
        .iter()
        .filter(|x| x.stats.is_some())
        .filter_map(|x| match metric {
            Metric::Rate => x.stats.as_ref().map(|st| st.responses_per_s),
            Metric::P99 => x.stats.as_ref().and_then(|st| st.latency_p99_us),
            Metric::ClientCpu => x.client.cpu_per_response_us,
        })
        .collect();
    let Some(m) = median(&values) else {
        return if runs.iter().any(|x| x.error.is_some()) {
            "failed".into()
        } else {
            "–".into()
        };
    };
    let mut text = match metric {
        Metric::Rate => format!("{m:.0}"),
        Metric::P99 if m >= 1000.0 => format!("{:.2} ms", m / 1000.0),
        Metric::P99 => format!("{m:.0} µs"),
        Metric::ClientCpu => format!("{m:.2} µs"),
    };
    if runs.iter().any(|x| x.client_bound) {
        text.push('*');
    }
    if runs
        .iter()
        .filter_map(|x| x.stats.as_ref())
        .any(|st| st.errors.unwrap_or(0) > 0)
    {
        text.push('!');
    }
    text
}

/// The median (mean of the middle two for an even count).
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }
}
