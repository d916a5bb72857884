//! Validation before load (docs/workloads.md): before a server variant is
//! loaded on a scenario that names a workload, the workload's checks run
//! once per run (from the first client host, a [`Call::Validate`]); a
//! server whose manifest does not declare the workload, or that fails a
//! check, is not loaded on it. The outcome is a `ValidationRecord`, and a
//! skipped scenario is recorded like one an invalid probe skips.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use barrage_contract::Workload;
use barrage_model::results::{ValidationFailure, ValidationOutcome, ValidationRecord};

use super::group::Running;
use super::{ServerRun, SHORT_CALL};
use crate::store::ProbeRecord;
use crate::suite::{PlannedRun, Wire};
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
            let Some(name) = scenario.workload else {
                continue;
            };
            if skip.contains(&run.scenario) {
                continue;
            }
            let outcome = self.outcome(name, server);
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
    fn outcome(&mut self, name: Workload, server: &Running) -> ValidationOutcome {
        let label = self.first.variant.label.clone();
        let mut recorded = self.store.results.validations.iter();
        if let Some(rec) = recorded.find(|r| r.server == label && r.workload == name) {
            return rec.outcome.clone();
        }
        let outcome = match name {
            _ if !self.spec.protocols.contains(&Wire::H1) => {
                ValidationOutcome::Failed(ValidationFailure {
                    check: format!("{name}: validation"),
                    reason: format!(
                        "the checks speak HTTP/1.1 and {} does not serve h1",
                        self.spec.name
                    ),
                    request: String::new(),
                    response: String::new(),
                })
            }
            w if self.spec.workloads.contains(&w) => self.validate_one(w, server),
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
            workload: name,
            outcome: outcome.clone(),
        });
        outcome
    }

    /// Runs the checks once, from the first client host.
    fn validate_one(&mut self, workload: Workload, server: &Running) -> ValidationOutcome {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let call = crate::host::Call::Validate {
            workload,
            host: server.address.clone(),
            port: server.port,
            timeout_ms: CHECK_TIMEOUT.as_millis() as u64,
            seed,
            // The suite's postgres service, which the database workloads'
            // checks read.
            database: self.services.url().map(String::from),
        };
        let client = self.hosts.clients[0];
        let stop = self.opts.stop.clone();
        let asked = self
            .hosts
            .ask(client, &call, VALIDATION_LIMIT + SHORT_CALL, &stop);
        asked.unwrap_or_else(|e| {
            ValidationOutcome::Failed(ValidationFailure {
                check: format!("{workload}: validation"),
                reason: e,
                request: String::new(),
                response: String::new(),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex};

    use barrage_model::results::ValidationOutcome;
    use barrage_testkit::workloads::{Break, WorkloadServer};

    use super::*;
    use crate::host::Hosts;
    use crate::manifest::ServerSpec;
    use crate::runner::{RunOptions, SCHEMA};
    use crate::store::{Results, Store};
    use crate::suite::{Plan, Suite};

    const SUITE: &str = r#"name = "w"
driver = "barrage"
duration = "1s"
[load]
concurrency = [1, 2]
[[server]]
name = "srv"
[[scenario]]
name = "json"
path = "/hello"
[[scenario]]
name = "upload"
path = "/hello"
[[scenario]]
name = "hello"
path = "/hello"
"#;

    const SPEC: &str = "name = \"srv\"\nendpoints = [\"/hello\"]\nprotocols = [\"h1\"]\nworkloads = [\"json\"]\n[start]\ncommand = [\"srv\"]\n";

    fn suite() -> Suite {
        let mut suite = crate::suite::parse(SUITE, Path::new("suites/w.toml")).unwrap();
        // The suite's `workload =` is parsed elsewhere: set it here.
        suite.scenarios[0].workload = Some(Workload::Json);
        suite.scenarios[1].workload = Some(Workload::Upload);
        suite
    }

    /// The validations and skips of two server starts (two groups of one
    /// variant) against `server`, and the lines printed.
    fn run_twice(server: &WorkloadServer, tmp: &Path) -> (Results, Vec<String>) {
        let suite = suite();
        let spec = ServerSpec::parse(SPEC, Path::new("servers/srv/server.toml")).unwrap();
        let plan = Plan::of(&suite, false, None);
        let printed = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&printed);
        let stop = Arc::new(AtomicBool::new(false));
        let mut opts = RunOptions {
            suite_file: "suites/w.toml".into(),
            quick: false,
            only: None,
            label: None,
            levels: None,
            results_root: tmp.join("results"),
            servers_dir: tmp.join("servers"),
            repo: tmp.to_path_buf(),
            barrage: "barrage".into(),
            stop: stop.clone(),
            progress: Box::new(move |l| sink.lock().unwrap().push(l.to_string())),
            live: None,
            hosts: None,
            metrics: None,
            summary: |_| String::new(),
        };
        let results: Results = serde_json::from_value(serde_json::json!({
            "schema": SCHEMA, "suite_file": "w", "suite": suite, "quick": false,
            "started_at": "now", "complete": false, "interrupted": false,
            "environment": crate::env::capture(tmp), "warnings": [], "servers": [],
            "probes": [], "runs": []
        }))
        .unwrap();
        let mut store =
            Store::create(&tmp.join("results"), "w", "1", results, opts.summary).unwrap();
        let mut hosts = Hosts::local("barrage".into(), stop, tmp.join("work"), tmp.join("cache"));
        let running = Running {
            id: 0,
            address: "127.0.0.1".into(),
            port: server.addr().port(),
            tls_port: 0,
        };
        let group: Vec<&PlannedRun> = plan.runs.iter().collect();
        let mut services = super::super::Services::none();
        let mut skipped = Vec::new();
        for _ in 0..2 {
            let mut run = ServerRun {
                opts: &mut opts,
                suite: &suite,
                spec: &spec,
                store: &mut store,
                first: group[0],
                hosts: &mut hosts,
                services: &mut services,
                level_line: String::new(),
            };
            skipped = run.validate_all(&group, &running);
        }
        hosts.close();
        // A start skips each scenario once.
        let mut unique = skipped.clone();
        unique.dedup();
        assert_eq!(unique, skipped);
        let lines = printed.lock().unwrap().clone();
        (store.results.clone(), lines)
    }

    fn scratch(tag: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("barrage-validation-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_workload_is_validated_once_and_an_undeclared_one_is_not_implemented() {
        let tmp = scratch("ok");
        let server = WorkloadServer::start(Break::Nothing);
        let (results, lines) = run_twice(&server, &tmp);
        let outcomes: Vec<(&str, &ValidationOutcome)> = results
            .validations
            .iter()
            .map(|v| (v.workload.name(), &v.outcome))
            .collect();
        assert_eq!(outcomes.len(), 2, "{outcomes:?}");
        assert!(matches!(
            outcomes[0],
            ("json", ValidationOutcome::Passed { .. })
        ));
        assert_eq!(outcomes[1], ("upload", &ValidationOutcome::NotImplemented));
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[1].starts_with("skip: ") && lines[1].contains("not implemented"));
        // Only upload is skipped, on both starts; hello is not a workload.
        let skipped: Vec<&str> = results.probes.iter().map(|p| p.scenario.as_str()).collect();
        assert_eq!(skipped, ["upload", "upload"]);
        let _ = std::fs::remove_dir_all(&tmp);
    }

    #[test]
    fn a_failed_check_skips_the_workload_with_its_name() {
        let tmp = scratch("fail");
        let server = WorkloadServer::start(Break::ExtraKey);
        let (results, lines) = run_twice(&server, &tmp);
        let ValidationOutcome::Failed(f) = &results.validations[0].outcome else {
            panic!("{:?}", results.validations);
        };
        assert_eq!(f.check, "json: object and Content-Type");
        let json_skips: Vec<&str> = results
            .probes
            .iter()
            .filter(|p| p.scenario == "json")
            .filter_map(|p| p.invalid.as_deref())
            .collect();
        assert_eq!(json_skips.len(), 2);
        assert!(json_skips[0].starts_with("failed validation: json: object and Content-Type: "));
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.contains("failed validation"))
                .count(),
            1
        );
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
