//! The suite's services (`[[service]]`) through a run: each started before
//! the first server on its host ([`Call::ServiceStart`]), its start
//! recorded ([`ServiceRecord`]), its connection string handed to the
//! servers, watched for death after every level and restarted once, and
//! stopped on every exit. The calls themselves are answered by the host's
//! agent (crates/lab/src/service/); nothing here starts a process.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use barrage_model::results::ServiceRecord;
use barrage_model::suite::{Service, ServiceKind};

use super::{RunOptions, Store, Suite, SHORT_CALL, STOP_GRACE};
use crate::host::{Call, Hosts, ServiceStarted, StopAnswer, CALL_LIMIT};

/// A service started on one of the run's hosts.
#[derive(Debug, Clone)]
pub(super) struct RunningService {
    pub service: Service,
    /// Its host in the set.
    pub host: usize,
    /// Its id there (`Alive`, `MonitorStart`, `Stop`, ...).
    pub id: u64,
    /// The connection string the servers get.
    pub url: String,
    /// Starts so far (a restart after it died is the second).
    pub starts: u32,
    /// The cores it was given (empty: not pinned).
    cores: Vec<usize>,
}

/// The run's services and what their starts need.
pub(super) struct Services {
    pub running: Vec<RunningService>,
    /// `data/database` as the hosts see it.
    data_dir: PathBuf,
    /// The cached data directories (`results/.cache`).
    cache: PathBuf,
    max_connections: u32,
}

/// The services' data, relative to a checkout.
const DATA_SQL: &str = "data/database/hello_world.sql";

/// `data/database` of the checkout the suite file is in (the nearest
/// directory above it that has one), else of `repo`.
fn data_dir(suite_file: &std::path::Path, repo: &std::path::Path) -> Option<PathBuf> {
    let suite = std::fs::canonicalize(suite_file).unwrap_or_else(|_| suite_file.to_path_buf());
    suite
        .ancestors()
        .skip(1)
        .chain(std::iter::once(repo))
        .find(|d| d.join(DATA_SQL).is_file())
        .map(|d| d.join("data/database"))
}

/// Restarts a service gets after it died (then the suite stops).
const RESTARTS: u32 = 1;

impl Services {
    /// Starts every service of the suite, in order. On a failure the ones
    /// started are stopped and the error is one line naming the service.
    pub fn start(
        opts: &mut RunOptions,
        suite: &Suite,
        pools: u32,
        hosts: &mut Hosts,
        store: &mut Store,
    ) -> Result<Services, String> {
        let repo = std::fs::canonicalize(&opts.repo).unwrap_or_else(|_| opts.repo.clone());
        let data_dir = match data_dir(&opts.suite_file, &repo) {
            Some(d) => d,
            None if suite.services.is_empty() => PathBuf::new(),
            None => {
                return Err(format!(
                    "services: no {DATA_SQL} above {} or in {}: run from a checkout of barrage",
                    opts.suite_file.display(),
                    repo.display()
                ))
            }
        };
        let cache = match hosts.across() {
            false => opts.results_root.join(".cache"),
            true => hosts.cache.with_file_name(".cache"),
        };
        let mut services = Services {
            running: Vec::new(),
            data_dir: hosts.path_on_hosts(&data_dir, &repo),
            cache,
            max_connections: max_connections(suite, pools),
        };
        for service in &suite.services {
            let host = match service_host(service, hosts) {
                Ok(h) => h,
                Err(e) => {
                    services.stop_all(hosts);
                    return Err(e);
                }
            };
            if service.host.is_some() && !hosts.across() {
                let line = format!(
                    "service {}: host {} is ignored on this machine alone: it runs here",
                    service.name,
                    service.host.as_deref().unwrap_or_default()
                );
                (opts.progress)(&format!("warning: {line}"));
                store.results.warnings.push(line);
            }
            let cores = service_cores(service, host, suite, hosts);
            if cores.is_empty() && service.cores.is_none() && !hosts.across() {
                let line = format!("service {}: no core is free of the server and the load: not pinned (give it cores = [N])", service.name);
                (opts.progress)(&format!("warning: {line}"));
                store.results.warnings.push(line);
            }
            (opts.progress)(&format!(
                "service {}: starting on {}",
                service.name,
                hosts.name(host)
            ));
            let (record, running) = services.start_one(service, host, cores, 1, hosts, &opts.stop);
            let failed = record.error.clone();
            if running.is_some() {
                (opts.progress)(&started_line(&record));
            }
            store.results.services.push(record);
            match (running, failed) {
                (Some(running), _) => services.running.push(running),
                (None, why) => {
                    services.stop_all(hosts);
                    return Err(why.unwrap_or_default());
                }
            }
        }
        Ok(services)
    }

    /// No service (a suite without any; tests).
    #[cfg(test)]
    pub fn none() -> Services {
        Services {
            running: Vec::new(),
            data_dir: PathBuf::new(),
            cache: PathBuf::new(),
            max_connections: 0,
        }
    }

    /// The connection string of the suite's PostgreSQL, if it has one.
    pub fn url(&self) -> Option<&str> {
        self.postgres().map(|s| s.url.as_str())
    }

    /// The suite's PostgreSQL, if it has one running.
    pub fn postgres(&self) -> Option<&RunningService> {
        self.running
            .iter()
            .find(|s| s.service.kind == ServiceKind::Postgres)
    }

    /// One start of `service` on member `host`: its record and the
    /// running service, or the record of the failure (its `error` the one
    /// line saying why) and none.
    fn start_one(
        &self,
        service: &Service,
        host: usize,
        cores: Vec<usize>,
        start: u32,
        hosts: &mut Hosts,
        stop: &AtomicBool,
    ) -> (ServiceRecord, Option<RunningService>) {
        let name = match start {
            1 => format!("service-{}", service.name),
            n => format!("service-{}-{n}", service.name),
        };
        let call = Call::ServiceStart {
            service: service.clone(),
            max_connections: self.max_connections,
            host: hosts.address(host),
            cores: cores.clone(),
            data_dir: self.data_dir.clone(),
            run_dir: hosts.work.join("run").join(&name),
            cache: self.cache.clone(),
            log: hosts.work.join("logs").join(format!("{name}.log")),
        };
        let mut record = ServiceRecord {
            name: service.name.clone(),
            kind: "postgres".into(),
            host: hosts.across().then(|| hosts.name(host).to_string()),
            version: None,
            url: String::new(),
            pinned_cpus: None,
            settings: service.settings.clone(),
            cached: false,
            ready_ms: 0,
            load_ms: None,
            check: String::new(),
            error: None,
        };
        match hosts.ask::<ServiceStarted>(host, &call, CALL_LIMIT, stop) {
            Ok(s) => {
                record.version = s.version;
                record.url = elide_password(&s.url);
                record.pinned_cpus = s.pinned_cpus;
                record.settings = s.settings;
                record.cached = s.cached;
                record.ready_ms = s.ready_ms;
                record.load_ms = s.load_ms;
                record.check = s.check;
                let running = RunningService {
                    service: service.clone(),
                    host,
                    id: s.id,
                    url: s.url,
                    starts: start,
                    cores,
                };
                (record, Some(running))
            }
            Err(e) => {
                record.error = Some(format!("service {} failed to start: {e}", service.name));
                (record, None)
            }
        }
    }

    /// The services that are no longer running, each with why (its log's
    /// last lines).
    pub fn dead(&self, hosts: &mut Hosts, stop: &AtomicBool) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for (i, s) in self.running.iter().enumerate() {
            let why = match hosts.ask::<bool>(s.host, &Call::Alive { id: s.id }, SHORT_CALL, stop) {
                Ok(true) => continue,
                Err(e) => format!("its host stopped answering: {e}"),
                Ok(false) => {
                    let call = Call::LogTail { id: s.id, lines: 5 };
                    let tail: String = hosts
                        .ask(s.host, &call, SHORT_CALL, stop)
                        .unwrap_or_default();
                    let last = tail.lines().rev().find(|l| !l.trim().is_empty());
                    match last {
                        Some(l) => format!("it exited; its log's last line: {}", l.trim()),
                        None => "it exited".into(),
                    }
                }
            };
            out.push((i, format!("service {} died: {why}", s.service.name)));
        }
        out
    }

    /// Restarts dead service `i` (once in a run): the new start's record
    /// says why. An error line when it may not or could not.
    pub fn restart(
        &mut self,
        i: usize,
        why: &str,
        hosts: &mut Hosts,
        store: &mut Store,
        stop: &AtomicBool,
    ) -> Result<(), String> {
        let old = self.running[i].clone();
        // What is left of it (its socket, a child still up) goes first.
        stop_one(hosts, &old);
        if old.starts > RESTARTS {
            return Err(format!(
                "{why}, after its restart: the suite stops (results so far are kept)"
            ));
        }
        let cores = old.cores.clone();
        let (mut record, running) =
            self.start_one(&old.service, old.host, cores, old.starts + 1, hosts, stop);
        match running {
            Some(running) => {
                record.error = Some(format!("restarted: {why}"));
                store.results.services.push(record);
                self.running[i] = running;
                Ok(())
            }
            None => {
                let e = record.error.clone().unwrap_or_default();
                store.results.services.push(record);
                Err(format!("{why}; restarting it failed: {e}: the suite stops"))
            }
        }
    }

    /// Stops every service (fast shutdown, then killed), whatever the
    /// run's stop flag says.
    pub fn stop_all(&mut self, hosts: &mut Hosts) {
        for s in self.running.drain(..) {
            stop_one(hosts, &s);
        }
    }
}

fn stop_one(hosts: &mut Hosts, s: &RunningService) {
    let never = AtomicBool::new(false);
    let call = Call::Stop {
        id: s.id,
        grace_ms: STOP_GRACE.as_millis() as u64,
    };
    let limit = STOP_GRACE + Duration::from_secs(15);
    let _ = hosts.ask::<StopAnswer>(s.host, &call, limit, &never);
}

/// `service postgres: ready in 3.1 s (cached data), PostgreSQL 15.8; ...`.
fn started_line(r: &ServiceRecord) -> String {
    let data = match (r.cached, r.load_ms) {
        (true, _) => "cached data".to_string(),
        (false, Some(ms)) => format!("data loaded in {:.1} s", ms as f64 / 1000.0),
        (false, None) => "data loaded".to_string(),
    };
    format!(
        "service {}: ready in {:.1} s ({data}), {}; {}",
        r.name,
        r.ready_ms as f64 / 1000.0,
        r.version.as_deref().unwrap_or("version unknown"),
        r.check
    )
}

/// The member a service runs on: its `host` in a run across hosts, else
/// the server's host.
fn service_host(service: &Service, hosts: &Hosts) -> Result<usize, String> {
    match (&service.host, hosts.across()) {
        (Some(name), true) => hosts.named(name).ok_or_else(|| {
            format!(
                "service {}: host {name} is not among the run's hosts",
                service.name
            )
        }),
        _ => Ok(hosts.server),
    }
}

/// A service's cores: its own, else those of its host that neither the
/// server nor the load uses (none: not pinned).
fn service_cores(service: &Service, host: usize, suite: &Suite, hosts: &Hosts) -> Vec<usize> {
    if let Some(cores) = &service.cores {
        return cores.clone();
    }
    let all: Vec<usize> = match hosts.cores(host) {
        Some(c) => c,
        None if hosts.in_process(host) => (0..online_cores()).collect(),
        None => return Vec::new(),
    };
    let mut used: Vec<usize> = Vec::new();
    if host == hosts.server {
        used.extend(&suite.cores.server);
        for entry in &suite.servers {
            for v in &entry.variants {
                used.extend(v.cores.iter().flatten());
            }
        }
    }
    if hosts.clients.contains(&host) {
        used.extend(&suite.cores.client);
    }
    all.into_iter().filter(|c| !used.contains(c)).collect()
}

/// The cores this process may run on.
fn online_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// PostgreSQL's `max_connections`: room for the largest pool many times
/// over and for the levels' connections (a server may open one per
/// client connection), bounded.
fn max_connections(suite: &Suite, pools: u32) -> u32 {
    let levels = super::setup::needs(suite).connections as u32;
    (levels.max(pools * 4) + 64).clamp(100, 5000)
}

/// `postgres://user:secret@host:port/db` without the secret.
pub(super) fn elide_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{scheme}://{name}:***@{host}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_url_has_no_password() {
        assert_eq!(
            elide_password("postgres://benchmarkdbuser:benchmarkdbpass@127.0.0.1:5432/hello_world"),
            "postgres://benchmarkdbuser:***@127.0.0.1:5432/hello_world"
        );
        assert_eq!(elide_password("postgres://h/db"), "postgres://h/db");
    }

    fn suite(extra: &str) -> Suite {
        let text = format!("[cores]\nserver = [1]\nclient = [0]\n[load]\nconcurrency = [64, 512]\n[[service]]\nkind = \"postgres\"\n{extra}[[server]]\nname = \"a\"\n[[scenario]]\nworkload = \"db\"\n");
        crate::suite::parse(&text, std::path::Path::new("t.toml")).unwrap()
    }

    #[test]
    fn max_connections_fit_the_levels_and_the_pools() {
        assert_eq!(max_connections(&suite(""), 16), 512 + 64);
        assert_eq!(max_connections(&suite(""), 200), 800 + 64);
        let small = crate::suite::parse(
            "[load]\nconcurrency = [4]\n[[server]]\nname = \"a\"\n[[scenario]]\nname = \"h\"\npath = \"/hello\"\n",
            std::path::Path::new("t.toml"),
        )
        .unwrap();
        assert_eq!(max_connections(&small, 1), 100, "at least 100");
    }

    #[test]
    fn a_service_gets_the_cores_nobody_else_has_or_its_own() {
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let work = std::env::temp_dir();
        let hosts = Hosts::local("barrage".into(), stop, work.clone(), work);
        let s = suite("");
        let free = service_cores(&s.services[0], hosts.server, &s, &hosts);
        let all = online_cores();
        assert_eq!(
            free,
            (2..all).collect::<Vec<_>>(),
            "not 0 (the load) nor 1 (the server)"
        );
        let given = suite("cores = [5]\n");
        assert_eq!(service_cores(&given.services[0], 0, &given, &hosts), [5]);
        hosts.close();
    }
}
