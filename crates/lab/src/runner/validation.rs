//! Validation before load (docs/workloads.md): before a server variant is
//! loaded on a scenario that names a workload, the workload's checks run
//! once per run (from the first client host, a [`Call::Validate`]); a
//! server whose manifest does not declare the workload, or that fails a
//! check, is not loaded on it. The outcome is a `ValidationRecord`, and a
//! skipped scenario is recorded like one an invalid probe skips.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use barrage_contract::Workload;
use barrage_model::results::{ValidationOutcome, ValidationRecord};

use super::group::Running;
use super::{ServerRun, SHORT_CALL};
use crate::store::ProbeRecord;
use crate::suite::PlannedRun;
use crate::validate::CHECK_TIMEOUT;

/// How long a whole validation may take at most (the static set's 21
/// checks of up to 5 s each, and some).
const VALIDATION_LIMIT: Duration = Duration::from_secs(300);

impl ServerRun<'_> {
    /// Validates the group's workloads not yet validated for this variant in
    /// this run; returns the scenarios not to load, each recorded with why.
    pub(super) fn validate_all(&mut self, group: &[&PlannedRun], server: &Running) -> Vec<String> {
        let mut skip = Vec::new();
        for run in group {
            let scenario = self.suite.scenario(&run.scenario);
            let Some(name) = scenario.workload.clone() else {
                continue;
            };
            if skip.contains(&run.scenario) {
                continue;
            }
            let outcome = self.outcome(&name, server);
            let why = match outcome {
                ValidationOutcome::Passed { .. } => continue,
                ValidationOutcome::NotImplemented => format!(
                    "not implemented: the manifest of {} does not declare workload {name}",
                    self.spec.name
                ),
                ValidationOutcome::Failed(f) => {
                    format!("failed validation: {}: {}", f.check, f.reason)
                }
            };
            skip.push(run.scenario.clone());
            self.store.results.probes.push(ProbeRecord {
                repeat: run.repeat,
                server: run.server.clone(),
                variant: run.variant.label.clone(),
                scenario: run.scenario.clone(),
                result: None,
                invalid: Some(why),
            });
        }
        skip
    }

    /// The variant's outcome on workload `name`: the one recorded in this
    /// run, or a new one (printed when it is a skip).
    fn outcome(&mut self, name: &str, server: &Running) -> ValidationOutcome {
        let label = self.first.variant.label.clone();
        let mut recorded = self.store.results.validations.iter();
        if let Some(rec) = recorded.find(|r| r.server == label && r.workload == name) {
            return rec.outcome.clone();
        }
        let outcome = match Workload::from_name(name) {
            Some(w) if self.spec.workloads.contains(&w) => self.validate_one(name, server),
            _ => ValidationOutcome::NotImplemented,
        };
        let line = match &outcome {
            ValidationOutcome::Passed { checks } => {
                format!("validated: {label} · {name}: {checks} checks passed")
            }
            ValidationOutcome::NotImplemented => {
                format!("skip: {label} · {name}: not implemented")
            }
            ValidationOutcome::Failed(f) => format!(
                "skip: {label} · {name}: failed validation: {}: {}",
                f.check, f.reason
            ),
        };
        (self.opts.progress)(&line);
        self.store.results.validations.push(ValidationRecord {
            server: label,
            workload: name.to_string(),
            outcome: outcome.clone(),
        });
        outcome
    }

    /// Runs the checks once, from the first client host.
    fn validate_one(&mut self, workload: &str, server: &Running) -> ValidationOutcome {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let call = crate::host::Call::Validate {
            workload: workload.to_string(),
            host: server.address.clone(),
            port: server.port,
            timeout_ms: CHECK_TIMEOUT.as_millis() as u64,
            seed,
        };
        let client = self.hosts.clients[0];
        let stop = self.opts.stop.clone();
        let asked = self
            .hosts
            .ask(client, &call, VALIDATION_LIMIT + SHORT_CALL, &stop);
        asked.unwrap_or_else(|e| {
            ValidationOutcome::Failed(barrage_model::results::ValidationFailure {
                check: format!("{workload}: validation"),
                reason: e,
                request: String::new(),
                response: String::new(),
            })
        })
    }
}
