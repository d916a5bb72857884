//! Drivers: every load generator behind one interface.
//!
//! A [`Driver`] (barrage's own engine, or the external tools wrk, h2load, ab
//! and httperf) is run as a child process. This module owns the two ends of
//! that: the command line ([`Driver::invocation`], as the seeds ran each
//! tool) and the reading of what the tool printed ([`Driver::parse`]) into
//! one record, [`LevelStats`], where a number the tool does not give is
//! absent rather than zero. Running, pinning and measuring the child belong
//! to the runner, not here.
//!
//! Why barrage's own engine runs as a child process too (`barrage load
//! --json FILE`), when the lab could call `barrage_engine::run` in process:
//! every driver is then measured the same way. The child alone is pinned to
//! the client cores (`taskset`-style affinity set before exec, inherited by
//! its threads), its CPU time comes from `wait4` on that one process (the
//! lab's own threads, monitors and probes are never counted as client CPU),
//! the client-bound mark compares that time with the same cores for every
//! tool, and a stuck run is killed by the same deadline. In process, the
//! engine's workers would share the lab's address space, affinity and
//! rusage, and its numbers would not be comparable with wrk's or h2load's.
//! The report crosses the process boundary as `barrage.load/1` JSON, read
//! back into the same typed [`RunReport`].
//!
//! What each tool can do is checked up front ([`Driver::supports`]), with an
//! error that names the tool and what it cannot do:
//!
//! | driver  | protocols                    | load levels                       | warm-up            |
//! |---------|------------------------------|-----------------------------------|--------------------|
//! | barrage | h1, https, h2c, h2, h3, ws, wss | connections, rate, sessions       | `--warmup`         |
//! | wrk     | h1, https (HTTP/1.1, GET)    | connections                       | none: run it first |
//! | h2load  | h1, https (`--h1`), h2c, h2  | connections (`-m` streams)        | `--warm-up-time`   |
//! | ab      | h1, https (HTTP/1.0 only)    | connections                       | none: run it first |
//! | httperf | h1                           | sessions                          | none               |
//!
//! WebSocket (ws, wss) is barrage's alone: every other tool refuses it in
//! one line, whatever the level.
//!
//! A workload scenario (`workload = "json"`, docs/workloads.md) is
//! barrage's when its load is a mix (`--mix FILE`) or pipelined
//! (`--pipeline 16`); the other tools send only a workload of one plain GET
//! (`json`) and refuse the rest in one line.
//!
//! Only barrage speaks HTTP/3: wrk, ab and httperf have no QUIC at all, and
//! Debian's h2load (nghttp2 1.52) is built without ngtcp2 and nghttp3 (its
//! `--npn-list=h3` cannot work), so each refuses an h3 scenario in one line.
//!
//! wrk and ab have no warm-up of their own: [`LoadRun::warmup`] is ignored
//! for them, and a caller that wants one runs the same invocation for the
//! warm-up time first and discards its output. httperf's run length is set by
//! its sessions (`--num-conns` / `--rate`), not by [`LoadRun::duration`].
//!
//! Each tool has its own file (`driver/wrk.rs`, …) holding its command line,
//! its output parser (a pure function of the text) and their tests, which
//! read real outputs saved under `tests/fixtures/`.

mod ab;
mod args;
mod barrage;
mod grpc;
mod h2load;
mod httperf;
mod text;
mod wrk;

use std::path::{Path, PathBuf};
use std::time::Duration;

pub(crate) use barrage::{search_time_limit, SEARCH_CONNECTIONS_GROWTH};
use barrage_contract::shape::{load_shape, LoadShape};
use barrage_model::client_bound::Offered;
pub use barrage_model::results::LevelStats;
use barrage_model::search::SearchReport;
use barrage_model::RunReport;

use crate::suite::{Driver, Level, Scenario, Wire};
use args::{number, path, url, url_host};

/// Everything a driver needs to build one run's command line.
#[derive(Debug, Clone)]
pub struct LoadRun<'a> {
    pub scenario: &'a Scenario,
    /// Host of the server under test (an IP address or a name).
    pub host: &'a str,
    pub port: u16,
    pub level: &'a Level,
    /// The measured window.
    pub duration: Duration,
    /// Load before the measured window, recorded nowhere (barrage, h2load).
    pub warmup: Duration,
    /// Client threads (tools that have threads; capped at the connections).
    pub threads: usize,
    /// A request without its response after this long is a timeout error.
    pub timeout: Duration,
}

/// A command line, ready to spawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The command as a shell would read it, for the record.
    pub display: String,
}

impl Invocation {
    pub(crate) fn new(program: PathBuf, args: Vec<String>) -> Invocation {
        let mut display = shell_quote(&program.to_string_lossy());
        for arg in &args {
            display.push(' ');
            display.push_str(&shell_quote(arg));
        }
        Invocation {
            program,
            args,
            display,
        }
    }
}

/// What a driver's output says about one level.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub stats: LevelStats,
    /// barrage's full report (histograms included); `None` for the
    /// external tools.
    pub report: Option<RunReport>,
    /// A capacity search's record (a search level).
    pub search: Option<SearchReport>,
    /// What a driver with a schedule of its own offered (httperf's session
    /// rate), read from its output: how the client-bound rule judges a
    /// driver whose CPU says nothing (`Driver::cpu_use`).
    pub offered: Option<Offered>,
}

/// The lab's side of a [`Driver`] (the suite's name for a load
/// generator): how to run it and how to read what it printed.
pub trait Tool {
    /// The program to run: `barrage` itself for the native driver, else the
    /// tool's name, looked up in `PATH`.
    fn binary(&self, barrage: &Path) -> PathBuf;

    /// Whether this tool can run `scenario` at `level`; the error says which
    /// tool cannot do what, and what to use instead.
    fn supports(&self, scenario: &Scenario, level: &Level) -> Result<(), String>;

    /// The command line for `run`; barrage writes its JSON report to `json_out`.
    fn invocation(
        &self,
        run: &LoadRun,
        barrage: &Path,
        json_out: &Path,
    ) -> Result<Invocation, String>;

    /// Reads a finished run's output. `elapsed` (the child's wall time) only
    /// stands in when the tool printed no length of its own.
    fn parse(
        &self,
        stdout: &str,
        stderr: &str,
        json_out: &Path,
        elapsed: Duration,
    ) -> Result<Parsed, String>;
}

impl Tool for Driver {
    fn binary(&self, barrage: &Path) -> PathBuf {
        match self {
            Driver::Barrage => barrage.to_path_buf(),
            other => PathBuf::from(other.name()),
        }
    }

    fn supports(&self, scenario: &Scenario, level: &Level) -> Result<(), String> {
        check_level(self.name(), level)?;
        if scenario.script.is_some() && !crate::suite::driver_runs_scripts(*self) {
            return Err(format!(
                "{} cannot run a script: only wrk and barrage run wrk scripts",
                self.name()
            ));
        }
        if *self != Driver::Barrage {
            if scenario.is_ws() {
                return Err(format!(
                    "{} cannot load WebSocket ({}): only barrage sends WebSocket messages (use driver barrage)",
                    self.name(),
                    scenario.protocol
                ));
            }
            if scenario.protocol.is_grpc() {
                return Err(format!(
                    "{} cannot load gRPC ({}): only barrage calls gRPC methods (use driver barrage)",
                    self.name(),
                    scenario.protocol
                ));
            }
            workload_by_url(self.name(), scenario)?;
            if scenario.mix.is_some() && scenario.workload.is_none() {
                return Err(format!(
                    "{} cannot send a mix of requests (barrage load --mix); use driver barrage",
                    self.name()
                ));
            }
        }
        match self {
            Driver::Barrage => barrage::supports(scenario, level),
            Driver::Wrk => wrk::supports(scenario, level),
            Driver::H2load => h2load::supports(scenario, level),
            Driver::Ab => ab::supports(scenario, level),
            Driver::Httperf => httperf::supports(scenario, level),
        }
    }

    fn invocation(
        &self,
        run: &LoadRun,
        barrage: &Path,
        json_out: &Path,
    ) -> Result<Invocation, String> {
        self.supports(run.scenario, run.level)?;
        let args = match self {
            Driver::Barrage => barrage::args(run, json_out),
            Driver::Wrk => wrk::args(run),
            Driver::H2load => h2load::args(run),
            Driver::Ab => ab::args(run),
            Driver::Httperf => httperf::args(run),
        };
        Ok(Invocation::new(self.binary(barrage), args))
    }

    fn parse(
        &self,
        stdout: &str,
        stderr: &str,
        json_out: &Path,
        elapsed: Duration,
    ) -> Result<Parsed, String> {
        let parsed = match self {
            Driver::Barrage => barrage::parse_file(json_out),
            Driver::Wrk => wrk::parse(stdout).map(Parsed::from),
            Driver::H2load => h2load::parse(stdout).map(Parsed::from),
            Driver::Ab => ab::parse(stdout).map(Parsed::from),
            Driver::Httperf => httperf::parse(stdout).map(|stats| Parsed {
                offered: httperf::offered(stdout),
                ..Parsed::from(stats)
            }),
        };
        match parsed {
            Ok(mut p) => {
                fill_elapsed(&mut p.stats, elapsed);
                Ok(p)
            }
            Err(e) => Err(with_stderr(e, stderr)),
        }
    }
}

impl From<LevelStats> for Parsed {
    fn from(stats: LevelStats) -> Parsed {
        Parsed {
            stats,
            report: None,
            search: None,
            offered: None,
        }
    }
}

/// Uses the child's wall time when the tool gave no elapsed time.
fn fill_elapsed(stats: &mut LevelStats, elapsed: Duration) {
    if stats.elapsed_s > 0.0 || elapsed.is_zero() {
        return;
    }
    stats.elapsed_s = elapsed.as_secs_f64();
    if stats.responses_per_s == 0.0 {
        stats.responses_per_s = stats.responses as f64 / stats.elapsed_s;
    }
}

/// A workload scenario's load shape (none for the others, or for a name
/// this barrage does not know, which the suite refused already).
fn workload_shape(scenario: &Scenario) -> Option<LoadShape> {
    scenario.workload.map(load_shape)
}

/// The external tools send one request from a URL: a workload whose load
/// is a mix, or pipelined, is barrage's alone.
fn workload_by_url(tool: &str, scenario: &Scenario) -> Result<(), String> {
    let Some(shape) = workload_shape(scenario) else {
        return Ok(());
    };
    let name = shape.workload.name();
    if shape.needs_mix() {
        return Err(format!(
            "{tool} cannot send workload {name}: its load is a mix of requests (barrage load --mix); use driver barrage"
        ));
    }
    if shape.pipeline > 1 {
        return Err(format!(
            "{tool} cannot send workload {name}: its load is pipelined {} deep; use driver barrage",
            shape.pipeline
        ));
    }
    Ok(())
}

/// Levels no tool can run.
fn check_level(tool: &str, level: &Level) -> Result<(), String> {
    let bad = match *level {
        Level::Connections(0) | Level::Rate { connections: 0, .. } => "0 connections",
        Level::Rate { rate, .. } | Level::Sessions { rate, .. } if rate.is_nan() || rate <= 0.0 => {
            "a rate that is not above 0"
        }
        Level::Sessions { calls: 0, .. } => "sessions of 0 calls",
        Level::Sessions { sessions: 0, .. } => "0 sessions",
        _ => return Ok(()),
    };
    Err(format!("{tool} cannot run a level of {bad}"))
}

/// The error with the last lines the tool wrote to stderr, which usually say why.
fn with_stderr(error: String, stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return error;
    }
    let tail = lines[lines.len().saturating_sub(3)..].join(" | ");
    format!("{error}; stderr: {tail}")
}

fn protocol_name(protocol: Wire) -> &'static str {
    protocol.name()
}

fn is_get(scenario: &Scenario) -> bool {
    scenario.method.eq_ignore_ascii_case("GET")
}

/// The scenario's extra headers as `Name: value`.
fn header_lines(scenario: &Scenario) -> impl Iterator<Item = String> + '_ {
    scenario
        .headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}"))
}

/// A duration as barrage and h2load read it: `2s` when whole seconds, else `1500ms`.
fn duration_arg(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else {
        format!("{}ms", d.as_millis().max(1))
    }
}

/// Whole seconds, rounded up and at least 1: wrk and ab take no fractions.
fn whole_secs(d: Duration) -> u64 {
    let secs = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    secs.max(1)
}

/// Threads for a tool that needs at most one connection per thread.
fn threads_for(threads: usize, connections: usize) -> usize {
    threads.clamp(1, connections.max(1))
}

/// `arg` quoted for a POSIX shell when it needs to be.
fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./:=,@%+".contains(&b));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A scenario with the defaults a suite gives.
    pub(crate) fn scenario(protocol: Wire, path: &str) -> Scenario {
        Scenario {
            name: "s".into(),
            ..Scenario::get(protocol, path)
        }
    }

    pub(crate) fn run<'a>(scenario: &'a Scenario, level: &'a Level) -> LoadRun<'a> {
        LoadRun {
            scenario,
            host: "127.0.0.1",
            port: 8080,
            level,
            duration: Duration::from_secs(10),
            warmup: Duration::from_secs(2),
            threads: 2,
            timeout: Duration::from_secs(5),
        }
    }

    /// `args` split on spaces, for readable expectations.
    pub(crate) fn words(args: &str) -> Vec<String> {
        args.split(' ').map(String::from).collect()
    }

    /// ab, h2load and httperf have no scripts: they refuse a scenario with
    /// one, before and at the command line.
    #[test]
    fn only_wrk_and_barrage_run_scripts() {
        let mut s = scenario(Wire::H1, "/hello");
        s.script = Some(crate::suite::ScriptRef {
            path: "/lab/p.lua".into(),
            args: vec!["1".into()],
        });
        let c = Level::Connections(4);
        let sessions = Level::Sessions {
            rate: 10.0,
            calls: 1,
            sessions: 10,
        };
        for (driver, level) in [
            (Driver::Ab, &c),
            (Driver::H2load, &c),
            (Driver::Httperf, &sessions),
        ] {
            let want =
                format!("{driver} cannot run a script: only wrk and barrage run wrk scripts");
            assert_eq!(driver.supports(&s, level), Err(want.clone()));
            let inv = driver.invocation(&run(&s, level), Path::new("b"), Path::new("o"));
            assert_eq!(inv, Err(want));
        }
        for driver in [Driver::Barrage, Driver::Wrk] {
            assert_eq!(driver.supports(&s, &c), Ok(()), "{driver}");
        }
    }

    #[test]
    fn names_and_binaries() {
        let barrage = Path::new("/opt/barrage");
        let cases = [
            (Driver::Barrage, "barrage", "/opt/barrage"),
            (Driver::Wrk, "wrk", "wrk"),
            (Driver::H2load, "h2load", "h2load"),
            (Driver::Ab, "ab", "ab"),
            (Driver::Httperf, "httperf", "httperf"),
        ];
        for (driver, name, binary) in cases {
            assert_eq!(driver.name(), name);
            assert_eq!(driver.binary(barrage), PathBuf::from(binary));
        }
    }

    #[test]
    fn url_table() {
        let cases = [
            (
                Wire::H1,
                "127.0.0.1",
                "/hello",
                "http://127.0.0.1:8080/hello",
            ),
            (
                Wire::H2C,
                "localhost",
                "/x?v=1",
                "http://localhost:8080/x?v=1",
            ),
            (Wire::HTTPS, "127.0.0.1", "/", "https://127.0.0.1:8080/"),
            (Wire::H2, "::1", "/a", "https://[::1]:8080/a"),
            (Wire::H3, "127.0.0.1", "/b", "https://127.0.0.1:8080/b"),
            (Wire::H1, "[::1]", "", "http://[::1]:8080/"),
            (Wire::H1, "h", "hello", "http://h:8080/hello"),
            (Wire::WS, "127.0.0.1", "/ws", "ws://127.0.0.1:8080/ws"),
            (Wire::WSS, "::1", "/ws", "wss://[::1]:8080/ws"),
        ];
        for (protocol, host, p, want) in cases {
            assert_eq!(url(&scenario(protocol, p), host, 8080), want);
        }
    }

    #[test]
    fn formatting_helpers() {
        let ms = Duration::from_millis;
        assert_eq!(duration_arg(ms(0)), "0s");
        assert_eq!(duration_arg(ms(2000)), "2s");
        assert_eq!(duration_arg(ms(1500)), "1500ms");
        assert_eq!(whole_secs(ms(0)), 1);
        assert_eq!(whole_secs(ms(2000)), 2);
        assert_eq!(whole_secs(ms(2001)), 3);
        assert_eq!(number(100.0), "100");
        assert_eq!(number(2.5), "2.5");
        assert_eq!(threads_for(4, 2), 2);
        assert_eq!(threads_for(0, 10), 1);
        assert_eq!(threads_for(2, 10), 2);
        assert_eq!(shell_quote("-c"), "-c");
        assert_eq!(shell_quote("http://h:1/x?v=1"), "'http://h:1/x?v=1'");
        assert_eq!(shell_quote("A: b"), "'A: b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn invocation_display_is_shell_quoted() {
        let s = scenario(Wire::H1, "/xml?value=a b");
        let level = Level::Connections(10);
        let inv = Driver::Wrk
            .invocation(&run(&s, &level), Path::new("barrage"), Path::new("o.json"))
            .unwrap();
        assert_eq!(
            inv.display,
            "wrk -t 2 -c 10 -d 10s --latency --timeout 5s 'http://127.0.0.1:8080/xml?value=a b'"
        );
    }

    #[test]
    fn levels_no_tool_runs() {
        let s = scenario(Wire::H1, "/");
        let bad = [
            (
                Level::Connections(0),
                "wrk cannot run a level of 0 connections",
            ),
            (
                Level::Rate {
                    rate: 0.0,
                    connections: 1,
                },
                "wrk cannot run a level of a rate that is not above 0",
            ),
            (
                Level::Sessions {
                    rate: 1.0,
                    calls: 0,
                    sessions: 1,
                },
                "wrk cannot run a level of sessions of 0 calls",
            ),
        ];
        for (level, want) in bad {
            assert_eq!(Driver::Wrk.supports(&s, &level).unwrap_err(), want);
        }
    }

    #[test]
    fn parse_errors_carry_the_tools_stderr() {
        let stderr = include_str!("../tests/fixtures/wrk_refused.stderr");
        let err = Driver::Wrk
            .parse("", stderr, Path::new("none"), Duration::from_secs(1))
            .unwrap_err();
        assert_eq!(
            err,
            "no `requests in` line in the output; stderr: unable to connect to 127.0.0.1:1 Connection refused"
        );
        let err = Driver::Barrage
            .parse(
                "",
                "boom\n",
                Path::new("/nonexistent/x.json"),
                Duration::ZERO,
            )
            .unwrap_err();
        assert!(
            err.starts_with("no JSON report at /nonexistent/x.json: "),
            "{err}"
        );
        assert!(err.ends_with("; stderr: boom"), "{err}");
    }

    #[test]
    fn level_stats_json_omits_what_the_tool_did_not_give() {
        let stats = LevelStats {
            responses: 3,
            responses_per_s: 1.5,
            elapsed_s: 2.0,
            latency_mean_us: Some(10.0),
            ..LevelStats::default()
        };
        let json = serde_json::to_value(&stats).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"responses": 3, "responses_per_s": 1.5, "elapsed_s": 2.0, "latency_mean_us": 10.0})
        );
        let back: LevelStats = serde_json::from_value(json).unwrap();
        assert_eq!(back, stats);
    }

    #[test]
    fn wall_time_stands_in_for_a_missing_elapsed() {
        let mut stats = LevelStats {
            responses: 10,
            ..LevelStats::default()
        };
        fill_elapsed(&mut stats, Duration::from_secs(2));
        assert_eq!((stats.elapsed_s, stats.responses_per_s), (2.0, 5.0));
        fill_elapsed(&mut stats, Duration::from_secs(4));
        assert_eq!(stats.elapsed_s, 2.0);
    }
}
