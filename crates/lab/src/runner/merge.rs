//! A level's outcome from what each client host ran: each host's output
//! read by the driver, then one record. barrage's reports are merged
//! exactly (histograms added); an external tool's summaries are summed
//! ([`sum_stats`]), its percentiles kept per host only. A level is dealt
//! out to several client hosts by [`split_level`].
//!
//! Pure bookkeeping: it runs nothing and asks no host.

use std::path::Path;
use std::time::Duration;

use barrage_model::client_bound::{self, ClientLoad, Evidence, Reason};
use barrage_model::results::{ClientHostUsage, LevelStats};
use barrage_model::search::{Bound, Outcome, SearchReport};
use barrage_model::RunReport;

use super::client_usage;
use crate::driver::{Parsed, Tool};
use crate::host::Executed;
use crate::monitor;
use crate::store::RunRecord;
use crate::suite::{Driver, Level};

/// What one client host ran of a level.
pub(super) struct HostRun {
    pub name: String,
    /// The cores its tool had.
    pub cores: usize,
    pub executed: Executed,
}

impl HostRun {
    /// Which reasons of the client-bound rule hold for what this host ran
    /// (`parsed`: its output as `driver` read it): its CPU over its cores,
    /// unless the driver spins; barrage's send delays and schedule
    /// keeping, and its own verdict; what a driver with a schedule of its
    /// own offered.
    fn reasons(&self, driver: Driver, parsed: &Parsed) -> Vec<Reason> {
        let e = &self.executed;
        let load = ClientLoad {
            cpu_share: monitor::cpu_share(
                e.user_s + e.sys_s,
                Duration::from_secs_f64(e.elapsed_s),
                self.cores,
            ),
            wait_share: None,
        };
        let mut reasons = client_bound::reasons(&Evidence {
            ceiling: None,
            load,
            cpu: driver.cpu_use(),
            report: parsed.report.as_ref(),
            offered: parsed.offered,
        });
        // barrage judged itself too, with its threads' wait for a core,
        // which the lab cannot see from outside.
        if let Some(own) = parsed.report.as_ref().and_then(|r| r.client_bound.as_ref()) {
            reasons.extend(&own.reasons);
            reasons.sort();
            reasons.dedup();
        }
        reasons
    }
}

/// Fills `record` from the client hosts' runs (`json_out`: where a
/// barrage report is read from, removed after). `across`: a run across
/// hosts, whose record names each host.
pub(super) fn settle(
    record: &mut RunRecord,
    driver: Driver,
    runs: &[HostRun],
    json_out: &Path,
    across: bool,
) {
    if let Err(e) = settle_or_fail(record, driver, runs, json_out, across) {
        record.error = Some(e);
    }
    let _ = std::fs::remove_file(json_out);
}

fn settle_or_fail(
    record: &mut RunRecord,
    driver: Driver,
    runs: &[HostRun],
    json_out: &Path,
    across: bool,
) -> Result<(), String> {
    let mut merged: Option<Option<RunReport>> = (runs.len() > 1).then_some(None);
    let mut parsed = Vec::new();
    for r in runs {
        parsed.push(parse_one(driver, r, json_out, across, &mut merged)?);
    }
    let merged = merged.flatten();
    let mut reasons: Vec<Reason> = runs
        .iter()
        .zip(&parsed)
        .flat_map(|(r, p)| r.reasons(driver, p))
        .collect();
    if across {
        record.clients = rows(runs, &parsed, driver);
    }
    let (stats, not_mergeable) = match (parsed.pop(), merged) {
        (Some(p), _) if runs.len() == 1 => {
            record.report = p.report;
            record.search = p.search;
            (p.stats, false)
        }
        (_, Some(m)) => {
            let text = serde_json::to_string(&m).unwrap_or_default();
            let _ = std::fs::write(json_out, text);
            let e = &runs[0].executed;
            let elapsed = Duration::from_secs_f64(e.elapsed_s);
            let p = driver
                .parse(&e.stdout, &e.stderr, json_out, elapsed)
                .map_err(|err| format!("barrage: the merged report: {err}"))?;
            record.report = p.report;
            (p.stats, false)
        }
        (last, None) => {
            let mut all: Vec<LevelStats> = parsed.into_iter().map(|p| p.stats).collect();
            all.extend(last.map(|p| p.stats));
            sum_stats(&all)
        }
    };
    let (user_s, sys_s) = runs.iter().fold((0.0, 0.0), |(u, s), r| {
        (u + r.executed.user_s, s + r.executed.sys_s)
    });
    let cores: usize = runs.iter().map(|r| r.cores).sum();
    record.client = client_usage(&(user_s, sys_s), &stats, cores);
    if let Some(search) = &record.search {
        // The search judged the client step by step.
        reasons = search_reasons(search);
    }
    reasons.sort();
    reasons.dedup();
    record.client_bound = match &record.search {
        Some(search) => matches!(
            search.outcome,
            Outcome::AtLeast {
                bound: Bound::ClientBound,
                ..
            }
        ),
        None => !reasons.is_empty(),
    };
    record.client_bound_reasons = reasons;
    record.latency_not_mergeable = not_mergeable;
    record.stats = Some(stats);
    Ok(())
}

/// A search that ended client-bound: the reasons its client-bound steps
/// gave (none for a search that did not end so).
fn search_reasons(search: &SearchReport) -> Vec<Reason> {
    let bound = matches!(
        search.outcome,
        Outcome::AtLeast {
            bound: Bound::ClientBound,
            ..
        }
    );
    search
        .steps
        .iter()
        .filter(|s| bound && s.verdict.client_bound)
        .flat_map(|s| s.verdict.client_bound_reasons.iter().copied())
        .collect()
}

/// One host's output read by the driver. With several hosts (`merged`
/// is Some), a barrage report is also merged into it.
fn parse_one(
    driver: Driver,
    r: &HostRun,
    json_out: &Path,
    across: bool,
    merged: &mut Option<Option<RunReport>>,
) -> Result<Parsed, String> {
    let e = &r.executed;
    let on = |err: String| match across {
        true => format!("{} on host {}: {err}", driver.name(), r.name),
        false => format!("{}: {err}", driver.name()),
    };
    if driver == Driver::Barrage {
        match &e.file {
            // A search's report is read as it is (it runs on one host).
            Some(text) if merged.is_none() => {
                let _ = std::fs::write(json_out, text);
            }
            Some(text) => {
                let part = RunReport::from_json(text).map_err(|err| on(err.to_string()))?;
                let _ = std::fs::write(json_out, text);
                match merged {
                    Some(Some(m)) => m.merge(&part),
                    _ => *merged = Some(Some(part)),
                }
            }
            None if across => {
                return Err(format!(
                    "host {}: barrage wrote no report ({})",
                    r.name,
                    e.stderr.lines().last().unwrap_or("")
                ))
            }
            // The driver's parse says which report is missing.
            None => {}
        }
    }
    let elapsed = Duration::from_secs_f64(e.elapsed_s);
    driver
        .parse(&e.stdout, &e.stderr, json_out, elapsed)
        .map_err(on)
}

/// Each client host's row of a level across hosts.
fn rows(runs: &[HostRun], parsed: &[Parsed], driver: Driver) -> Vec<ClientHostUsage> {
    runs.iter()
        .zip(parsed)
        .map(|(r, p)| {
            let stats = &p.stats;
            let e = &r.executed;
            ClientHostUsage {
                host: r.name.clone(),
                responses: stats.responses,
                errors: stats.errors.unwrap_or(0),
                responses_per_s: stats.responses_per_s,
                latency_p99_us: stats.latency_p99_us,
                usage: client_usage(&(e.user_s, e.sys_s), stats, r.cores),
                client_bound: !r.reasons(driver, p).is_empty(),
            }
        })
        .collect()
}

/// Why a capacity search is not shared by several client hosts.
pub(super) const SEARCH_ON_HOSTS: &str =
    "a capacity search drives one engine on one client host: give this run one client host (--client-hosts NAME), where the search runs, or run it without --hosts";

/// A level's share for client host `i` of `n`: connections and sessions
/// dealt out (the first hosts get the remainder), rates divided.
pub(super) fn split_level(level: &Level, n: usize, i: usize) -> Result<Level, String> {
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
pub(super) fn sum_stats(parts: &[LevelStats]) -> (LevelStats, bool) {
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

    /// httperf's run of `stdout` on one core it kept busy all along.
    fn httperf_on_a_full_core(stdout: &str) -> Vec<Reason> {
        let run = HostRun {
            name: "local".into(),
            cores: 1,
            executed: Executed {
                stdout: stdout.into(),
                stderr: String::new(),
                elapsed_s: 2.0,
                user_s: 0.2,
                sys_s: 1.8,
                file: None,
            },
        };
        let parsed = Driver::Httperf
            .parse(stdout, "", Path::new("none"), Duration::ZERO)
            .unwrap();
        run.reasons(Driver::Httperf, &parsed)
    }

    #[test]
    fn a_spinning_httperf_is_judged_by_what_it_offered_not_its_cpu() {
        let kept = include_str!("../../tests/fixtures/httperf_sessions.stdout");
        // A full core, and its 100 sessions a second kept: not client-bound.
        assert_eq!(httperf_on_a_full_core(kept), []);
        // The same 200 sessions took 4 s to start: it fell behind its rate.
        let late = kept.replace("test-duration 1.991 s", "test-duration 4.0 s");
        assert_eq!(httperf_on_a_full_core(&late), [Reason::Offer]);
        // Out of file descriptors of its own.
        let short = kept.replace("fd-unavail 0", "fd-unavail 12");
        assert_eq!(httperf_on_a_full_core(&short), [Reason::Offer]);
        // The same full core is client-bound for a driver whose CPU counts.
        let e = Executed {
            stdout: String::new(),
            stderr: String::new(),
            elapsed_s: 2.0,
            user_s: 0.2,
            sys_s: 1.8,
            file: None,
        };
        let run = HostRun {
            name: "local".into(),
            cores: 1,
            executed: e,
        };
        let parsed = Parsed::from(stats(10, 100.0, 900.0, 1000.0));
        assert_eq!(run.reasons(Driver::Wrk, &parsed), [Reason::Cpu]);
    }

    #[test]
    fn a_barrage_level_late_by_its_own_send_delay_is_client_bound() {
        let text = include_str!("../../tests/fixtures/barrage_open.json");
        let mut report = RunReport::from_json(text).unwrap();
        let run = HostRun {
            name: "local".into(),
            cores: 1,
            executed: Executed {
                stdout: String::new(),
                stderr: String::new(),
                elapsed_s: 2.0,
                user_s: 0.1,
                sys_s: 0.1,
                file: None,
            },
        };
        let parsed = |r: &RunReport| Parsed {
            stats: LevelStats::default(),
            report: Some(r.clone()),
            search: None,
            offered: None,
        };
        // 10% of a core, own delays of tens of µs: the server's numbers.
        assert_eq!(run.reasons(Driver::Barrage, &parsed(&report)), []);
        // Its own send delay p99 2.5 ms of a 3.2 ms latency p99.
        let ol = report.open_loop.as_mut().unwrap();
        ol.client_delay_us.count = 4000;
        ol.client_delay_us.p99 = 2_500;
        assert_eq!(
            run.reasons(Driver::Barrage, &parsed(&report)),
            [Reason::SendDelay]
        );
        // Its own verdict, which saw its threads wait for a core, counts too.
        report.client_bound = Some(client_bound::ClientBoundReport {
            reasons: vec![Reason::Cpu],
            ..Default::default()
        });
        assert_eq!(
            run.reasons(Driver::Barrage, &parsed(&report)),
            [Reason::Cpu, Reason::SendDelay]
        );
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
