//! One server start and its levels, the same on one box and across
//! hosts: prepare (requirements, build, version) and start the server on
//! the server host, probe each scenario from the first client host, run
//! every level ([`ServerRun::measure`]), stop the server and bring its log
//! into the results. Every step is a call to a host ([`crate::host`]);
//! nothing here starts a process itself.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use barrage_model::results::ProbeResult;

use super::{progress_line, sanitize, ServerRun, PROBE_TIMEOUT, SHORT_CALL, STOP_GRACE};
use crate::host::{Call, Prepared, Started, StopAnswer, CALL_LIMIT};
use crate::store::{ProbeRecord, RunRecord, ServerRecord, StartStatus};
use crate::suite::{PlannedRun, Scenario};

/// How a server start ended.
#[derive(Debug, PartialEq)]
pub(super) enum GroupEnd {
    /// Its levels ran (or it was unavailable, or the run was stopped).
    Done,
    /// It failed: build, start, readiness, death mid-run.
    ServerFailed,
    /// A service died and was restarted: the group's runs from this index
    /// on run again in a new start of the server (the new connection string).
    Again(usize),
    /// A service died and could not be restarted: the suite stops, this
    /// line says why.
    Stop(String),
}

/// A server started on the server host.
pub(super) struct Running {
    /// Its id there.
    pub id: u64,
    /// The address the client hosts send to.
    pub address: String,
    pub port: u16,
    pub tls_port: u16,
}

impl ServerRun<'_> {
    pub(super) fn record_server(
        &mut self,
        status: StartStatus,
        reason: Option<String>,
        log: Option<String>,
    ) -> ServerRecord {
        ServerRecord {
            repeat: self.first.repeat,
            server: self.first.server.clone(),
            variant: self.first.variant.label.clone(),
            version: self
                .store
                .results
                .environment
                .server_versions
                .get(&self.first.server)
                .cloned(),
            status,
            reason,
            log,
            ready_ms: None,
            pinned_cpus: None,
            database_pool: self.spec.database_pool,
            warmups: Vec::new(),
        }
    }

    /// This start's log file name: `LABEL-rREPEAT.log`.
    fn log_name(&self) -> String {
        format!(
            "{}-r{}.log",
            sanitize(&self.first.variant.label),
            self.first.repeat + 1
        )
    }

    /// Runs one server start's levels.
    pub(super) fn run_group(
        &mut self,
        group: &[&PlannedRun],
        done: &mut usize,
        total: usize,
        started: Instant,
    ) -> GroupEnd {
        if let Some(why) = &self.spec.unavailable {
            let rec = self.record_server(StartStatus::Unavailable, Some(why.clone()), None);
            self.store.results.servers.push(rec);
            *done += group.len();
            return GroupEnd::Done;
        }
        let log_name = self.log_name();
        let log = self.store.log_path(&log_name);
        let rel_log = format!("logs/{log_name}");
        let log_there = self.hosts.work.join("logs").join(&log_name);
        let server = match self.start_server(&log_name, &log_there) {
            Ok(s) => s,
            Err((status, why)) => {
                let fetched = self.fetch_log(&log_there, &log);
                let failed = status == StartStatus::Failed;
                let rec = self.record_server(status, Some(why), fetched.then_some(rel_log));
                self.store.results.servers.push(rec);
                *done += group.len();
                return match failed {
                    true => GroupEnd::ServerFailed,
                    false => GroupEnd::Done,
                };
            }
        };
        let mut rec = self.record_server(StartStatus::Ok, None, Some(rel_log));
        rec.ready_ms = Some(server.ready_ms);
        rec.pinned_cpus = server.pinned_cpus.clone();
        self.store.results.servers.push(rec);
        let running = Running {
            id: server.id,
            address: self.hosts.server_address.clone(),
            port: server.port,
            tls_port: server.tls_port,
        };
        let end = self.run_levels(group, &running, done, total, started);
        self.stop_server(server.id);
        self.fetch_log(&log_there, &log);
        end
    }

    /// Prepares and starts the group's server variant on the server host.
    pub(super) fn start_server(
        &mut self,
        log_name: &str,
        log_there: &Path,
    ) -> Result<Started, (StartStatus, String)> {
        let first = self.first;
        let stop = self.opts.stop.clone();
        let servers = &self.opts.servers_dir;
        let servers = std::path::absolute(servers).unwrap_or(servers.clone());
        let h = &mut *self.hosts;
        let servers_dir = h.path_on_hosts(&servers, &self.opts.repo);
        let server_host = h.server;
        let prepare = Call::Prepare {
            servers_dir: servers_dir.clone(),
            server: first.server.clone(),
            vars: first.variant.vars.clone(),
            cache: h.cache.clone(),
            log: log_there.to_path_buf(),
        };
        let prepared: Prepared = h
            .ask(server_host, &prepare, CALL_LIMIT, &stop)
            .map_err(|e| (StartStatus::Failed, format!("build failed: {e}")))?;
        if let Some(why) = prepared.unavailable {
            let why = match h.across() {
                true => format!("on host {}: {why}", h.name(server_host)),
                false => why,
            };
            return Err((StartStatus::Unavailable, why));
        }
        let cores = first
            .variant
            .cores
            .clone()
            .or_else(|| h.cores(server_host))
            .unwrap_or_else(|| self.suite.cores.server.clone());
        // The suite's database: `{database_url}` and DATABASE_URL.
        let mut variant = first.variant.clone();
        if let Some(url) = self.services.url() {
            variant.vars.insert("database_url".into(), url.to_string());
        }
        let start = Call::Start {
            servers_dir,
            server: first.server.clone(),
            variant,
            host: h.server_address.clone(),
            cores,
            run_dir: h.work.join("run").join(log_name.trim_end_matches(".log")),
            log: log_there.to_path_buf(),
        };
        let started = h
            .ask::<Started>(server_host, &start, CALL_LIMIT, &stop)
            .map_err(|e| (StartStatus::Failed, e));
        if let Some(v) = prepared.version {
            let versions = &mut self.store.results.environment.server_versions;
            versions.insert(first.server.clone(), v);
        }
        started
    }

    /// Stops server `id`: SIGTERM, SIGKILL after the grace. Not with the
    /// run's stop flag: on Ctrl-C the server still gets its SIGTERM and
    /// its log is still fetched, within bounded waits.
    pub(super) fn stop_server(&mut self, id: u64) {
        let never = AtomicBool::new(false);
        let call = Call::Stop {
            id,
            grace_ms: STOP_GRACE.as_millis() as u64,
        };
        let server = self.hosts.server;
        let limit = STOP_GRACE + Duration::from_secs(15);
        let _ = self.hosts.ask::<StopAnswer>(server, &call, limit, &never);
    }

    /// Copies a log from the server host into the results; false when
    /// there was none. On this machine alone it is written in place.
    fn fetch_log(&mut self, there: &Path, local: &Path) -> bool {
        if self.hosts.in_process(self.hosts.server) && there == local {
            return local.exists();
        }
        let never = AtomicBool::new(false);
        let call = Call::Read {
            path: there.to_path_buf(),
        };
        let server = self.hosts.server;
        match self.hosts.ask::<String>(server, &call, SHORT_CALL, &never) {
            Ok(text) => std::fs::write(local, text).is_ok(),
            Err(_) => false,
        }
    }

    /// Probes the group's scenarios on a started server, then runs its
    /// levels; how it ended: the server died (or its host stopped
    /// answering), a service died.
    fn run_levels(
        &mut self,
        group: &[&PlannedRun],
        server: &Running,
        done: &mut usize,
        total: usize,
        started: Instant,
    ) -> GroupEnd {
        // Validation before load: a workload's scenarios are not probed or
        // run on a server that does not implement it or failed its checks.
        let mut invalid = self.validate_all(group, server);
        let valid: Vec<&PlannedRun> = group
            .iter()
            .filter(|r| !invalid.contains(&r.scenario))
            .copied()
            .collect();
        invalid.extend(self.probe_all(&valid, server));
        // The requests this start has warmed until steady.
        let mut warmed = Vec::new();
        for (i, run) in group.iter().enumerate() {
            if self.opts.stop.load(Ordering::Relaxed) {
                break;
            }
            *done += 1;
            let line = progress_line(run, *done, total, started);
            (self.opts.progress)(&line);
            self.level_line = line;
            // An invalid scenario is recorded with its probe and not run.
            if invalid.contains(&run.scenario) {
                continue;
            }
            self.warm_until_steady(&valid, run, server, &mut warmed);
            let mut record = self.measure(run, server);
            self.judge_check(run, &mut record);
            let services = self.services_after(&mut record);
            self.store.results.runs.push(record);
            let _ = self.store.write();
            match services {
                Ok(false) => {}
                Ok(true) => return GroupEnd::Again(i + 1),
                Err(line) => return GroupEnd::Stop(line),
            }
            if self.opts.stop.load(Ordering::Relaxed) {
                break;
            }
            if let Some(why) = self.dead(server.id) {
                if let Some(rec) = self.store.results.servers.last_mut() {
                    rec.status = StartStatus::Failed;
                    rec.reason = Some(why);
                }
                *done += group.len() - (i + 1);
                return GroupEnd::ServerFailed;
            }
        }
        GroupEnd::Done
    }

    /// After a level: a service that died during it marks the level and
    /// is restarted (true: the server must start again for the new
    /// connection string); the line that stops the suite when it cannot be.
    fn services_after(&mut self, record: &mut RunRecord) -> Result<bool, String> {
        let stop = self.opts.stop.clone();
        // Ctrl-C: everything stops, nothing is restarted.
        if stop.load(Ordering::Relaxed) {
            return Ok(false);
        }
        let dead = self.services.dead(self.hosts, &stop);
        if dead.is_empty() {
            return Ok(false);
        }
        for (i, why) in &dead {
            let mark = format!("{why} during the level");
            record.error = Some(match record.error.take() {
                Some(e) => format!("{mark}; {e}"),
                None => mark,
            });
            (self.opts.progress)(&format!("{why}: restarting it"));
            self.services
                .restart(*i, why, self.hosts, self.store, &stop)?;
        }
        Ok(true)
    }

    /// Why server `id` on the server host is no longer running, if it is not.
    fn dead(&mut self, id: u64) -> Option<String> {
        let stop = self.opts.stop.clone();
        let h = &mut *self.hosts;
        let server = h.server;
        match h.ask::<bool>(server, &Call::Alive { id }, SHORT_CALL, &stop) {
            Ok(true) => None,
            Err(e) => Some(format!("its host stopped answering: {e}")),
            Ok(false) => {
                let call = Call::LogTail { id, lines: 20 };
                let tail = h
                    .ask::<String>(server, &call, SHORT_CALL, &stop)
                    .unwrap_or_default();
                Some(format!("died mid-run; last lines of its log:\n{tail}"))
            }
        }
    }

    /// Probes every scenario of the group once; returns the invalid ones.
    fn probe_all(&mut self, group: &[&PlannedRun], server: &Running) -> Vec<String> {
        let mut invalid = Vec::new();
        let mut seen = Vec::new();
        for run in group {
            if seen.contains(&run.scenario) {
                continue;
            }
            seen.push(run.scenario.clone());
            let scenario = self.suite.scenario(&run.scenario);
            let port = match scenario.protocol.is_tls() {
                true => server.tls_port,
                false => server.port,
            };
            let (result, why) = if !self.spec.protocols.contains(&scenario.protocol) {
                let why = format!("{} does not serve {}", self.spec.name, scenario.protocol);
                (None, Some(why))
            } else {
                match self.probe_one(scenario, &server.address, port) {
                    Ok(mut r) => {
                        r.excuse_missing_headers(&self.spec.missing_headers);
                        let why = (!r.problems.is_empty()).then(|| r.problems.join("; "));
                        (Some(r), why)
                    }
                    Err(e) => (None, Some(format!("probe failed: {e}"))),
                }
            };
            if why.is_some() {
                invalid.push(run.scenario.clone());
            }
            self.store.results.probes.push(ProbeRecord {
                repeat: run.repeat,
                server: run.server.clone(),
                variant: run.variant.label.clone(),
                scenario: run.scenario.clone(),
                result,
                invalid: why,
            });
        }
        invalid
    }

    /// Probes once, from the first client host.
    fn probe_one(
        &mut self,
        scenario: &Scenario,
        host: &str,
        port: u16,
    ) -> Result<ProbeResult, String> {
        // A gRPC scenario's .proto as the client host sees it.
        let mut scenario = scenario.clone();
        if let Some(g) = scenario.grpc.as_mut() {
            let repo = std::fs::canonicalize(&self.opts.repo).unwrap_or(self.opts.repo.clone());
            let proto = self.hosts.path_on_hosts(Path::new(&g.proto), &repo);
            g.proto = proto.to_string_lossy().into_owned();
        }
        let call = Call::Probe {
            scenario: Box::new(scenario),
            host: host.to_string(),
            port,
            timeout_ms: PROBE_TIMEOUT.as_millis() as u64,
        };
        let client = self.hosts.clients[0];
        let stop = self.opts.stop.clone();
        self.hosts
            .ask(client, &call, PROBE_TIMEOUT + SHORT_CALL, &stop)
    }
}
