//! `--quick`: the suite's `[quick]` table, and the suite as `--quick` and
//! `--levels` cut it.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Scenario, ServerEntry, Suite, Variant};

/// `--quick`: shorter, fewer levels, one repeat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quick {
    pub duration: Duration,
    pub warmup: Duration,
    /// Levels kept (by index in the full list; default: first and last).
    pub levels: Option<Vec<usize>>,
    /// Whether the capacity searches run too (`[quick] searches = false`
    /// leaves them out; results written before the key existed ran them,
    /// and `true` is not written, so they read back the same).
    #[serde(default = "runs_searches", skip_serializing_if = "Clone::clone")]
    pub searches: bool,
    /// The server entries `--quick` runs, by manifest name or label
    /// (`[quick] servers`); `None`: every one. `--only` overrides it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub servers: Option<Vec<String>>,
    /// The server variants (labels) that `--quick` left out of this run:
    /// written in results, empty in a suite file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<String>,
}

impl Quick {
    /// `--quick` runs this variant of `entry`: `[quick] servers` names its
    /// server or its label, or there is no such list.
    pub fn runs(&self, entry: &ServerEntry, variant: &Variant) -> bool {
        self.servers.as_ref().is_none_or(|keep| {
            keep.iter()
                .any(|k| *k == entry.server || *k == variant.label)
        })
    }
}

fn runs_searches() -> bool {
    true
}

impl Suite {
    /// Indices of the levels `--quick` keeps: `quick.levels`, or the first
    /// and the last.
    pub fn quick_levels(&self) -> Vec<usize> {
        match &self.quick.levels {
            Some(levels) => levels.clone(),
            None => {
                let n = self.load.levels();
                let mut v = vec![0, n.saturating_sub(1)];
                v.dedup();
                v
            }
        }
    }

    /// The suite with only the levels at these indices of its level list
    /// (`barrage run --levels`), which `--quick` then keeps as they are;
    /// its capacity searches, which are no level, are left out.
    pub fn with_levels(&self, indices: &[usize]) -> Result<Suite, String> {
        let n = self.load.levels();
        if indices.is_empty() {
            return Err("--levels: no level given; expected indices such as 0 or 0,2".into());
        }
        if let Some(&bad) = indices.iter().find(|&&i| i >= n) {
            return Err(format!(
                "--levels: no level {bad} (the suite has {n}, counted from 0); expected indices from 0 to {}",
                n - 1
            ));
        }
        let mut kept = indices.to_vec();
        kept.sort_unstable();
        kept.dedup();
        let load = self.load.subset(&kept);
        // A capacity search, or a fixed rate's efficiency, is no level of
        // the sweep: left out.
        let scenarios: Vec<Scenario> = self
            .scenarios
            .iter()
            .filter(|s| s.search.is_none() && s.efficiency.is_none())
            .cloned()
            .collect();
        if scenarios.is_empty() {
            return Err("--levels: every scenario of the suite is a capacity search, which has no levels; run without --levels".into());
        }
        Ok(Suite {
            scenarios,
            quick: Quick {
                levels: Some((0..kept.len()).collect()),
                ..self.quick.clone()
            },
            load,
            ..self.clone()
        })
    }

    /// The suite as it runs: itself, or with `--quick` applied (quick
    /// durations, one repeat, only the quick levels, no capacity search
    /// when `[quick] searches = false`, sessions cut to the
    /// quick duration, and without `--only`, only the servers of `[quick]
    /// servers`, the others named in `quick.left_out`). Planning the result
    /// with `quick = false` gives the same runs as planning `self` with
    /// `quick = true`, but level indices count in the reduced list.
    pub fn effective(&self, quick: bool, only: Option<&str>) -> Suite {
        if !quick {
            return self.clone();
        }
        let mut left_out = Vec::new();
        let servers: Vec<ServerEntry> = self
            .servers
            .iter()
            .filter_map(|entry| {
                let (kept, dropped): (Vec<Variant>, Vec<Variant>) = entry
                    .variants
                    .iter()
                    .cloned()
                    .partition(|v| only.is_some() || self.quick.runs(entry, v));
                left_out.extend(dropped.into_iter().map(|v| v.label));
                (!kept.is_empty()).then(|| ServerEntry {
                    variants: kept,
                    ..entry.clone()
                })
            })
            .collect();
        let load = self.load.subset(&self.quick_levels());
        // `[quick] searches = false`: the capacity searches are left out.
        let scenarios = self
            .scenarios
            .iter()
            .filter(|s| self.quick.searches || s.search.is_none())
            .cloned()
            .collect();
        Suite {
            servers,
            scenarios,
            duration: self.quick.duration,
            warmup: self.quick.warmup,
            repeats: 1,
            session_window: Some(self.quick.duration),
            load,
            quick: Quick {
                levels: None,
                left_out,
                ..self.quick.clone()
            },
            ..self.clone()
        }
    }
}
