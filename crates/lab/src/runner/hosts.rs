//! The runner across hosts (`barrage run --hosts FILE`): the server built,
//! started, pinned and sampled on its host, probes sent from the first
//! client host, and every level's load generator run on every client host
//! at once, through the agents ([`crate::remote`]).
//!
//! barrage's own engine runs as `barrage load --part I/N --start-at T` on
//! each client host (one plan split N ways, one start instant in each
//! host's clock); the parts' reports are merged exactly (histograms added).
//! An external tool runs on each client host with the level shared out
//! (connections and rates divided); counts and rates are summed, the mean
//! latency is weighted by responses and the maximum is the largest, but
//! percentiles a tool prints only as a summary cannot be combined: the
//! level is marked `latency_not_mergeable` and each host's p99 is kept in
//! its `clients` row. Client-bound is judged per client host.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use barrage_dist::proto::unix_us_now;
use barrage_model::results::Environment;

use super::*;

/// How long the agents get between the order and the start instant of a
/// native level (their `barrage load` starts, reads the plan, connects).
const NATIVE_LEAD: Duration = Duration::from_millis(1500);
/// A short call (a probe, a sample, a count).
const SHORT_CALL: Duration = Duration::from_secs(30);

/// Connects to the layout's hosts and records each one's environment.
pub(super) fn connect_hosts(
    layout: Layout,
    stamp: &str,
    stop: &AtomicBool,
    progress: &mut Box<dyn FnMut(&str)>,
) -> Result<(Hosts, Vec<HostRecord>), String> {
    progress(&format!(
        "hosts: server on {}, load from {}",
        layout.server,
        layout.clients.join(", ")
    ));
    let mut hosts = Hosts::connect(layout, stamp, &mut |l| progress(l))?;
    let mut records = Vec::new();
    for i in 0..hosts.ctl.agents.len() {
        let call = Call::Environment {
            root: hosts.layout.remote_root.clone(),
        };
        let environment: Environment = match hosts.ask(i, &call, SHORT_CALL, stop) {
            Ok(e) => e,
            Err(e) => {
                hosts.close();
                return Err(e);
            }
        };
        let server = i == hosts.server;
        let client = hosts.clients.contains(&i);
        let agent = &hosts.ctl.agents[i];
        records.push(HostRecord {
            name: agent.host.name.clone(),
            role: match (server, client) {
                (true, true) => "server+client",
                (true, false) => "server",
                _ => "client",
            }
            .into(),
            address: match hosts
                .layout
                .inventory
                .netns
                .iter()
                .find(|n| n.name == agent.host.name)
            {
                Some(ns) => format!("netns {} ({})", ns.ip, agent.host.address),
                None => agent.host.address.to_string(),
            },
            clock_offset_us: agent.clock.offset_us,
            clock_delay_us: agent.clock.delay_us,
            cores: agent.host.cores.clone(),
            environment,
        });
    }
    Ok((hosts, records))
}

/// Why a capacity search is not run across hosts.
const SEARCH_ON_HOSTS: &str =
    "a capacity search drives one engine on one machine: run this scenario without --hosts";

/// A level's share for client host `i` of `n`: connections and sessions
/// dealt out (the first hosts get the remainder), rates divided.
pub(crate) fn split_level(level: &Level, n: usize, i: usize) -> Result<Level, String> {
    let share = |total: u64| total / n as u64 + u64::from((i as u64) < total % n as u64);
    let none = |what: &str, total: u64| {
        format!("{total} {what} cannot be shared by {n} client hosts: give the level at least {n}")
    };
    Ok(match *level {
        Level::Search { .. } => return Err(SEARCH_ON_HOSTS.into()),
        Level::Connections(c) => match share(c as u64) {
            0 => return Err(none("connections", c as u64)),
            s => Level::Connections(s as usize),
        },
        Level::Rate { rate, connections } => match share(connections as u64) {
            0 => return Err(none("connections", connections as u64)),
            s => Level::Rate {
                rate: rate / n as f64,
                connections: s as usize,
            },
        },
        Level::Sessions {
            rate,
            calls,
            sessions,
        } => match share(sessions) {
            0 => return Err(none("sessions", sessions)),
            s => Level::Sessions {
                rate: rate / n as f64,
                calls,
                sessions: s,
            },
        },
    })
}

/// Several hosts' statistics of one level as one: counts and rates summed,
/// the window the longest, the mean weighted by responses, the maximum the
/// largest. Percentiles survive only from a single host; true when some
/// were dropped (they cannot be merged from summaries).
pub(crate) fn sum_stats(parts: &[LevelStats]) -> (LevelStats, bool) {
    if parts.len() == 1 {
        return (parts[0].clone(), false);
    }
    let sum = |f: fn(&LevelStats) -> Option<u64>| -> Option<u64> {
        parts.iter().map(f).sum::<Option<u64>>()
    };
    let responses: u64 = parts.iter().map(|p| p.responses).sum();
    let mean = parts
        .iter()
        .map(|p| p.latency_mean_us.map(|m| m * p.responses as f64))
        .sum::<Option<f64>>()
        .filter(|_| responses > 0)
        .map(|total| total / responses as f64);
    let max = parts
        .iter()
        .map(|p| p.latency_max_us)
        .collect::<Option<Vec<f64>>>()
        .and_then(|v| v.into_iter().reduce(f64::max));
    let dropped = parts.iter().any(|p| {
        p.latency_p50_us.is_some()
            || p.latency_p90_us.is_some()
            || p.latency_p99_us.is_some()
            || p.latency_p99_9_us.is_some()
    });
    let stats = LevelStats {
        responses,
        responses_per_s: parts.iter().map(|p| p.responses_per_s).sum(),
        elapsed_s: parts.iter().map(|p| p.elapsed_s).fold(0.0, f64::max),
        requests_sent: sum(|p| p.requests_sent),
        errors: sum(|p| p.errors),
        timeouts: sum(|p| p.timeouts),
        non_2xx: sum(|p| p.non_2xx),
        bytes_read: sum(|p| p.bytes_read),
        latency_mean_us: mean,
        latency_p50_us: None,
        latency_p90_us: None,
        latency_p99_us: None,
        latency_p99_9_us: None,
        latency_max_us: max,
    };
    (stats, dropped)
}

/// `secs.micros` of a Unix instant, as `--start-at` reads it.
fn start_at_arg(unix_us: u64) -> String {
    format!("{}.{:06}", unix_us / 1_000_000, unix_us % 1_000_000)
}

/// Sleeps until `until` or until `stop` is set.
fn sleep_until(until: Instant, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        let now = Instant::now();
        if now >= until {
            return;
        }
        std::thread::sleep((until - now).min(Duration::from_millis(20)));
    }
}

impl ServerRun<'_> {
    /// Probes once, from here or (across hosts) from the first client host.
    pub(super) fn probe_one(
        &mut self,
        scenario: &crate::suite::Scenario,
        host: &str,
        port: u16,
    ) -> Result<ProbeResult, String> {
        match self.hosts.as_deref_mut() {
            None => probe::probe(scenario, host, port, PROBE_TIMEOUT),
            Some(h) => {
                let call = Call::Probe {
                    scenario: Box::new(scenario.clone()),
                    host: host.to_string(),
                    port,
                    timeout_ms: PROBE_TIMEOUT.as_millis() as u64,
                };
                let c = h.clients[0];
                h.ask(c, &call, PROBE_TIMEOUT + SHORT_CALL, &self.opts.stop)
            }
        }
    }

    /// [`ServerRun::run_group`] with the server on its host.
    pub(super) fn run_group_remote(
        &mut self,
        group: &[&PlannedRun],
        done: &mut usize,
        total: usize,
        started: Instant,
    ) -> bool {
        let first = self.first;
        let log_name = self.log_name();
        let log = self.store.log_path(&log_name);
        let rel_log = format!("logs/{log_name}");
        let stop = self.opts.stop.clone();
        let local_servers =
            std::path::absolute(&self.opts.servers_dir).unwrap_or(self.opts.servers_dir.clone());
        let repo = self.opts.repo.clone();
        let suite_cores = self.suite.cores.server.clone();
        let h = self.hosts.as_deref_mut().expect("a run across hosts");
        let servers_dir = h.servers_dir(&local_servers, &repo);
        let remote_log = h.work.join("logs").join(&log_name);
        let remote_run_dir = h.work.join("run").join(log_name.trim_end_matches(".log"));
        let server_host = h.server;
        let server_name = h.name(server_host).to_string();
        let address = h.server_address.clone();
        let prepare = Call::Prepare {
            servers_dir: servers_dir.clone(),
            server: first.server.clone(),
            vars: first.variant.vars.clone(),
            cache: h.layout.remote_root.join("results").join(".build-cache"),
            log: remote_log.clone(),
        };
        let prepared: Result<Prepared, String> = h.ask(server_host, &prepare, CALL_LIMIT, &stop);
        let cores = first
            .variant
            .cores
            .clone()
            .or_else(|| h.cores(server_host))
            .unwrap_or(suite_cores);
        let start = Call::Start {
            servers_dir,
            server: first.server.clone(),
            variant: first.variant.clone(),
            host: address.clone(),
            cores,
            run_dir: remote_run_dir,
            log: remote_log.clone(),
        };
        let outcome = match prepared {
            Err(e) => Err((StartStatus::Failed, format!("build failed: {e}"))),
            Ok(Prepared {
                unavailable: Some(why),
                ..
            }) => Err((
                StartStatus::Unavailable,
                format!("on host {server_name}: {why}"),
            )),
            Ok(Prepared { version, .. }) => {
                if let Some(v) = version {
                    self.store
                        .results
                        .environment
                        .server_versions
                        .insert(first.server.clone(), v);
                }
                let h = self.hosts.as_deref_mut().expect("a run across hosts");
                h.ask::<Started>(server_host, &start, CALL_LIMIT, &stop)
                    .map_err(|e| (StartStatus::Failed, e))
            }
        };
        let server = match outcome {
            Ok(s) => s,
            Err((status, why)) => {
                let fetched = self.fetch_log(&remote_log, &log);
                let failed = status == StartStatus::Failed;
                let rec = self.record_server(status, Some(why), fetched.then_some(rel_log));
                self.store.results.servers.push(rec);
                *done += group.len();
                return !failed;
            }
        };
        let mut rec = self.record_server(StartStatus::Ok, None, Some(rel_log));
        rec.ready_ms = Some(server.ready_ms);
        rec.pinned_cpus = server.pinned_cpus.clone();
        self.store.results.servers.push(rec);
        let mut running = Running::Remote {
            id: server.id,
            address,
        };
        let ok = self.run_levels(
            group,
            &mut running,
            server.port,
            server.tls_port,
            done,
            total,
            started,
        );
        // Not the run's stop flag: on Ctrl-C the server still gets its
        // SIGTERM and its log is still fetched, within bounded waits.
        let never = AtomicBool::new(false);
        let h = self.hosts.as_deref_mut().expect("a run across hosts");
        let _ = h.ask::<remote::StopAnswer>(
            server_host,
            &Call::Stop {
                id: server.id,
                grace_ms: STOP_GRACE.as_millis() as u64,
            },
            STOP_GRACE + Duration::from_secs(15),
            &never,
        );
        self.fetch_log(&remote_log, &log);
        ok
    }

    /// Why server `id` on the server host is no longer running, if it is not.
    pub(super) fn remote_dead(&mut self, id: u64) -> Option<String> {
        let stop = self.opts.stop.clone();
        let h = self.hosts.as_deref_mut().expect("a run across hosts");
        let server_host = h.server;
        match h.ask::<bool>(server_host, &Call::Alive { id }, SHORT_CALL, &stop) {
            Ok(true) => None,
            Err(e) => Some(format!("its host stopped answering: {e}")),
            Ok(false) => {
                let call = Call::LogTail { id, lines: 20 };
                let tail = h
                    .ask::<String>(server_host, &call, SHORT_CALL, &stop)
                    .unwrap_or_default();
                Some(format!("died mid-run; last lines of its log:\n{tail}"))
            }
        }
    }

    /// Copies a log from the server host into the results; false when
    /// there was none to copy.
    fn fetch_log(&mut self, remote: &std::path::Path, local: &std::path::Path) -> bool {
        let never = AtomicBool::new(false);
        let h = self.hosts.as_deref_mut().expect("a run across hosts");
        let call = Call::Read {
            path: remote.to_path_buf(),
        };
        match h.ask::<String>(h.server, &call, SHORT_CALL, &never) {
            Ok(text) => std::fs::write(local, text).is_ok(),
            Err(_) => false,
        }
    }

    /// [`ServerRun::measure`] across hosts: the level's load from every
    /// client host at once, the server sampled on its host.
    pub(super) fn measure_remote(
        &mut self,
        run: &PlannedRun,
        server_id: u64,
        address: &str,
        port: u16,
        tls_port: u16,
    ) -> RunRecord {
        let (scenario, port) = scenario_port(self.suite, run, port, tls_port);
        let mut record = new_record(run);
        if run.level.is_search() {
            record.error = Some(SEARCH_ON_HOSTS.into());
            return record;
        }
        if let Err(e) = run.driver.supports(scenario, &run.level) {
            record.error = Some(e);
            return record;
        }
        // A script as the client hosts see it: in their checkout, like the
        // manifests (the same path when it is outside this checkout).
        let mapped;
        let scenario = match &scenario.script {
            Some(script) => {
                let repo = &self.opts.repo;
                let repo = std::fs::canonicalize(repo).unwrap_or_else(|_| repo.clone());
                let h = self.hosts.as_deref().expect("a run across hosts");
                let path = h.servers_dir(Path::new(&script.path), &repo);
                mapped = crate::suite::Scenario {
                    script: Some(crate::suite::ScriptRef {
                        path: path.to_string_lossy().into_owned(),
                        args: script.args.clone(),
                    }),
                    ..scenario.clone()
                };
                &mapped
            }
            None => scenario,
        };
        let stop = self.opts.stop.clone();
        let duration = self.level_duration(&run.level);
        let suite = self.suite;
        let index = self.store.results.runs.len();
        let json_out = self
            .store
            .dir
            .join("run")
            .join(format!("level-{index}.json"));
        let _ = std::fs::create_dir_all(self.store.dir.join("run"));
        let barrage = self.opts.barrage.clone();
        let h = self.hosts.as_deref_mut().expect("a run across hosts");
        let server_host = h.server;
        record.time_wait_before = h
            .ask(server_host, &Call::TimeWait, SHORT_CALL, &stop)
            .unwrap_or(0);
        let sessions = matches!(run.level, Level::Sessions { .. });
        let native = run.driver == Driver::Barrage;
        let builtin_warmup = matches!(run.driver, Driver::Barrage | Driver::H2load) && !sessions;
        let warmup = if builtin_warmup {
            suite.warmup
        } else {
            Duration::ZERO
        };
        let n = h.clients.len();
        let clients: Vec<(usize, String, Vec<usize>)> = h
            .clients
            .iter()
            .map(|&c| {
                let cores = h.cores(c).unwrap_or_else(|| suite.cores.client.clone());
                (c, h.name(c).to_string(), cores)
            })
            .collect();
        // Each client host's command line (and, for barrage, its JSON file there).
        let lead = if native { NATIVE_LEAD } else { Duration::ZERO };
        let mut invocations = Vec::new();
        for (i, (_, name, cores)) in clients.iter().enumerate() {
            let level = if native {
                Ok(run.level.clone())
            } else {
                split_level(&run.level, n, i)
            };
            let level = match level {
                Ok(l) => l,
                Err(e) => {
                    record.error = Some(e);
                    return record;
                }
            };
            let remote_json = h
                .work
                .join("run")
                .join(format!("level-{index}-{name}.json"));
            let load = |duration: Duration, warmup: Duration| LoadRun {
                scenario,
                host: address,
                port,
                level: &level,
                duration,
                warmup,
                threads: cores.len().max(1),
                timeout: suite.timeout,
            };
            let inv = run
                .driver
                .invocation(&load(duration, warmup), &barrage, &remote_json);
            let warm = (!builtin_warmup && !sessions && !suite.warmup.is_zero()).then(|| {
                run.driver
                    .invocation(&load(suite.warmup, Duration::ZERO), &barrage, &remote_json)
            });
            match inv {
                Ok(inv) => invocations.push((inv, warm.and_then(Result::ok), remote_json)),
                Err(e) => {
                    record.error = Some(e);
                    return record;
                }
            }
        }
        let program = |inv: &crate::driver::Invocation| {
            if native {
                remote::BARRAGE.to_string()
            } else {
                inv.program.to_string_lossy().into_owned()
            }
        };
        let names: Vec<&str> = clients.iter().map(|c| c.1.as_str()).collect();
        record.command = format!("{} (on {})", invocations[0].0.display, names.join(", "));
        // Tools without a warm-up of their own get a discarded run first.
        let warm_calls: Vec<(usize, Call)> = clients
            .iter()
            .zip(&invocations)
            .filter_map(|((c, _, cores), (_, warm, _))| {
                warm.as_ref().map(|w| {
                    (
                        *c,
                        Call::Exec {
                            program: program(w),
                            args: w.args.clone(),
                            cores: cores.clone(),
                            limit_ms: (suite.warmup + DRIVER_SLACK).as_millis() as u64,
                            warmup_ms: 0,
                            read_back: None,
                        },
                    )
                })
            })
            .collect();
        if !warm_calls.is_empty() {
            let _: (Vec<Result<Executed, String>>, _) = h.ask_all(
                warm_calls,
                suite.warmup + DRIVER_SLACK + SHORT_CALL,
                &stop,
                |_| {},
            );
        }
        let start_at = unix_us_now() + lead.as_micros() as u64;
        let calls: Vec<(usize, Call)> = clients
            .iter()
            .zip(&invocations)
            .enumerate()
            .map(|(i, ((c, _, cores), (inv, _, remote_json)))| {
                let mut args = inv.args.clone();
                if native {
                    let mut extra = vec![
                        "--start-at".to_string(),
                        start_at_arg(h.ctl.agents[*c].clock.to_agent(start_at)),
                    ];
                    if n > 1 {
                        extra.extend(["--part".to_string(), format!("{i}/{n}")]);
                    }
                    // After `load`, before the URL.
                    args.splice(1..1, extra);
                }
                (
                    *c,
                    Call::Exec {
                        program: program(inv),
                        args,
                        cores: cores.clone(),
                        limit_ms: (lead + duration + warmup + DRIVER_SLACK).as_millis() as u64,
                        warmup_ms: (lead + warmup).as_millis() as u64,
                        read_back: native.then(|| remote_json.clone()),
                    },
                )
            })
            .collect();
        let measured_from = Instant::now() + lead + warmup;
        let mut monitoring = false;
        let (ran, failed): (Vec<Result<Executed, String>>, _) = h.ask_all(
            calls,
            lead + duration + warmup + DRIVER_SLACK + SHORT_CALL,
            &stop,
            |h| {
                sleep_until(measured_from, &stop);
                if !stop.load(Ordering::Relaxed) {
                    monitoring = h
                        .ask::<()>(
                            server_host,
                            &Call::MonitorStart { id: server_id },
                            SHORT_CALL,
                            &stop,
                        )
                        .is_ok();
                }
            },
        );
        if monitoring {
            record.server_usage = h
                .ask(
                    server_host,
                    &Call::MonitorStop { id: server_id },
                    SHORT_CALL,
                    &stop,
                )
                .unwrap_or_default();
        }
        record.time_wait_after = h
            .ask(server_host, &Call::TimeWait, SHORT_CALL, &stop)
            .unwrap_or(0);
        if let Some(e) = failed {
            // The host that failed, not the ones stopped because of it.
            record.error = Some(e);
            return record;
        }
        let mut executed = Vec::new();
        for r in ran {
            match r {
                Ok(e) => executed.push(e),
                Err(e) => {
                    record.error = Some(e);
                    return record;
                }
            }
        }
        // Each host's statistics, and for barrage the exact merge.
        let mut per_host = Vec::new();
        let mut merged: Option<RunReport> = None;
        for (e, (_, name, _)) in executed.iter().zip(&clients) {
            let parsed = if native {
                let Some(text) = &e.file else {
                    record.error = Some(format!(
                        "host {name}: barrage wrote no report ({})",
                        e.stderr.lines().last().unwrap_or("")
                    ));
                    return record;
                };
                match RunReport::from_json(text) {
                    Ok(part) => {
                        let _ = std::fs::write(&json_out, text);
                        match &mut merged {
                            None => merged = Some(part),
                            Some(m) => m.merge(&part),
                        }
                        run.driver.parse(
                            &e.stdout,
                            &e.stderr,
                            &json_out,
                            Duration::from_secs_f64(e.elapsed_s),
                        )
                    }
                    Err(err) => Err(err.to_string()),
                }
            } else {
                run.driver.parse(
                    &e.stdout,
                    &e.stderr,
                    &json_out,
                    Duration::from_secs_f64(e.elapsed_s),
                )
            };
            match parsed {
                Ok(p) => per_host.push(p.stats),
                Err(err) => {
                    record.error = Some(format!("{} on host {name}: {err}", run.driver.name()));
                    let _ = std::fs::remove_file(&json_out);
                    return record;
                }
            }
        }
        for ((e, stats), (_, name, cores)) in executed.iter().zip(&per_host).zip(&clients) {
            let cores = cores.len().max(1);
            let usage = client_usage(&(e.user_s, e.sys_s), stats, cores);
            let bound = monitor::client_bound(
                e.user_s + e.sys_s,
                Duration::from_secs_f64(e.elapsed_s),
                cores,
            );
            record.clients.push(ClientHostUsage {
                host: name.clone(),
                responses: stats.responses,
                errors: stats.errors.unwrap_or(0),
                responses_per_s: stats.responses_per_s,
                latency_p99_us: stats.latency_p99_us,
                usage,
                client_bound: bound,
            });
        }
        let (stats, not_mergeable) = match merged {
            Some(m) => {
                let text = serde_json::to_string(&m).unwrap_or_default();
                let _ = std::fs::write(&json_out, text);
                let e = &executed[0];
                match run.driver.parse(
                    &e.stdout,
                    &e.stderr,
                    &json_out,
                    Duration::from_secs_f64(e.elapsed_s),
                ) {
                    Ok(p) => {
                        record.report = p.report;
                        (p.stats, false)
                    }
                    Err(err) => {
                        record.error = Some(format!("barrage: the merged report: {err}"));
                        let _ = std::fs::remove_file(&json_out);
                        return record;
                    }
                }
            }
            None => sum_stats(&per_host),
        };
        let _ = std::fs::remove_file(&json_out);
        let (user_s, sys_s) = executed
            .iter()
            .fold((0.0, 0.0), |(u, s), e| (u + e.user_s, s + e.sys_s));
        let cores: usize = clients.iter().map(|c| c.2.len().max(1)).sum();
        record.client = client_usage(&(user_s, sys_s), &stats, cores);
        record.client_bound = record.clients.iter().any(|c| c.client_bound);
        record.latency_not_mergeable = not_mergeable;
        record.stats = Some(stats);
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_dealt_out_to_client_hosts() {
        let shares: Vec<Level> = (0..3)
            .map(|i| split_level(&Level::Connections(100), 3, i).unwrap())
            .collect();
        assert_eq!(
            shares,
            [
                Level::Connections(34),
                Level::Connections(33),
                Level::Connections(33)
            ]
        );
        let rate = split_level(
            &Level::Rate {
                rate: 900.0,
                connections: 10,
            },
            3,
            2,
        )
        .unwrap();
        assert_eq!(
            rate,
            Level::Rate {
                rate: 300.0,
                connections: 3
            }
        );
        let s = split_level(
            &Level::Sessions {
                rate: 10.0,
                calls: 5,
                sessions: 5,
            },
            2,
            0,
        )
        .unwrap();
        assert_eq!(
            s,
            Level::Sessions {
                rate: 5.0,
                calls: 5,
                sessions: 3
            }
        );
        let e = split_level(&Level::Connections(2), 3, 2).unwrap_err();
        assert!(e.contains("2 connections cannot be shared by 3"), "{e}");
    }

    fn stats(responses: u64, mean: f64, p99: f64, max: f64) -> LevelStats {
        LevelStats {
            responses,
            responses_per_s: responses as f64 / 10.0,
            elapsed_s: 10.0,
            requests_sent: None,
            errors: Some(1),
            timeouts: Some(0),
            non_2xx: None,
            bytes_read: Some(responses * 100),
            latency_mean_us: Some(mean),
            latency_p50_us: Some(mean),
            latency_p90_us: None,
            latency_p99_us: Some(p99),
            latency_p99_9_us: None,
            latency_max_us: Some(max),
        }
    }

    #[test]
    fn summaries_add_up_and_percentiles_are_not_averaged() {
        let (one, dropped) = sum_stats(&[stats(10, 100.0, 900.0, 1000.0)]);
        assert!(!dropped);
        assert_eq!(one.latency_p99_us, Some(900.0));
        let (s, dropped) = sum_stats(&[
            stats(1000, 100.0, 900.0, 1000.0),
            stats(3000, 200.0, 500.0, 4000.0),
        ]);
        assert!(dropped);
        assert_eq!(s.responses, 4000);
        assert_eq!(s.responses_per_s, 400.0);
        assert_eq!(s.errors, Some(2));
        assert_eq!(s.bytes_read, Some(400_000));
        assert_eq!(s.non_2xx, None);
        // (1000 × 100 + 3000 × 200) / 4000
        assert_eq!(s.latency_mean_us, Some(175.0));
        assert_eq!(s.latency_max_us, Some(4000.0));
        assert_eq!(s.latency_p99_us, None);
        assert_eq!(s.latency_p50_us, None);
    }
}
