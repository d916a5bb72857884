//! httperf (0.9): `httperf --hog --timeout=T --client=0/1 --server=HOST
//! --port=PORT --uri=PATH --rate=R --num-conns=N --num-calls=K`, as seed 004
//! ran it.
//!
//! Sessions over plain HTTP/1.1 (or 1.0): a new connection every 1/R s, K
//! requests on each, one after another, N connections in all. The run lasts
//! about N/R seconds plus the last replies: [`LoadRun::duration`], warm-up
//! and threads do not apply.
//!
//! httperf prints means, not percentiles: the latency is "Reply time"
//! response + transfer (first byte, then the rest). Its "Reply rate" is
//! sampled every 5 s (none in a shorter run), so the rate here is replies
//! over the test duration.

use super::text::{after_word, line_after, require};
use super::{header_lines, number, path, Level, LevelStats, LoadRun};
use crate::suite::{Scenario, Wire};
use barrage_model::client_bound::Offered;

pub(super) fn supports(scenario: &Scenario, level: &Level) -> Result<(), String> {
    if scenario.protocol != Wire::H1 {
        return Err(
            "httperf is wired for plain HTTP/1.x only: it cannot run https, h2c, h2 or h3 (use barrage)"
                .into(),
        );
    }
    match level {
        Level::Sessions { calls, .. } if *calls > 1 && !scenario.keepalive => Err(format!(
            "httperf sends --num-calls on one connection: it cannot make {calls} calls per session with keepalive = false"
        )),
        Level::Sessions { .. } => Ok(()),
        Level::Connections(_) => Err(
            "httperf runs sessions (--rate × --num-calls): it cannot hold a closed loop of connections (use wrk, h2load, ab or barrage)".into(),
        ),
        Level::Rate { .. } => Err(
            "httperf opens a connection per session: it cannot send a request rate over a fixed pool of connections (use barrage -R)".into(),
        ),
        Level::Search { .. } => {
            Err("httperf cannot search for a capacity: barrage's engine runs searches".into())
        }
    }
}

pub(super) fn args(run: &LoadRun) -> Vec<String> {
    let Level::Sessions {
        rate,
        calls,
        sessions,
    } = *run.level
    else {
        unreachable!("httperf::supports admits sessions only")
    };
    let mut args = vec![
        "--hog".to_string(),
        format!("--timeout={}", number(run.timeout.as_secs_f64())),
        "--client=0/1".into(),
        format!("--server={}", run.host),
        format!("--port={}", run.port),
        format!("--uri={}", path(run.scenario)),
        format!("--rate={}", number(rate)),
        format!("--num-conns={sessions}"),
        format!("--num-calls={calls}"),
    ];
    if run.scenario.http10 {
        args.push("--http-version=1.0".into());
    }
    if !run.scenario.method.eq_ignore_ascii_case("GET") {
        args.push(format!("--method={}", run.scenario.method));
    }
    // httperf reads `\n` in --add-header as the line end.
    for header in header_lines(run.scenario) {
        args.push(format!("--add-header={header}\\n"));
    }
    args
}

/// Reads httperf's report.
pub(super) fn parse(stdout: &str) -> Result<LevelStats, String> {
    // "Total: connections 200 requests 2000 replies 2000 test-duration 1.991 s"
    let total = require(stdout, "Total:")?;
    let word = |key: &str| {
        after_word::<f64>(total, key).ok_or_else(|| format!("no `{key}` in `Total:{total}`"))
    };
    let requests = word("requests")? as u64;
    let responses = word("replies")? as u64;
    let elapsed_s = word("test-duration")?;
    // "Errors: total 0 client-timo 0 socket-timo 0 connrefused 0 connreset 0"
    let errors_line = require(stdout, "Errors: total")?;
    let errors_line = format!("total{errors_line}");
    let error = |key: &str| after_word::<u64>(&errors_line, key).unwrap_or(0);
    // "Reply status: 1xx=0 2xx=2000 3xx=0 4xx=0 5xx=0"
    let status = line_after(stdout, "Reply status:").unwrap_or("");
    let class = |c: &str| -> u64 {
        status
            .split_whitespace()
            .find_map(|w| w.strip_prefix(c)?.strip_prefix('=')?.parse().ok())
            .unwrap_or(0)
    };
    let mut stats = LevelStats {
        responses,
        responses_per_s: if elapsed_s > 0.0 {
            responses as f64 / elapsed_s
        } else {
            0.0
        },
        elapsed_s,
        requests_sent: Some(requests),
        errors: Some(error("total")),
        timeouts: Some(error("client-timo") + error("socket-timo")),
        non_2xx: Some(class("1xx") + class("4xx") + class("5xx")),
        ..LevelStats::default()
    };
    if responses > 0 {
        // "Reply time [ms]: response 0.1 transfer 0.0"
        let reply = line_after(stdout, "Reply time [ms]:").unwrap_or("");
        if let (Some(first), Some(rest)) = (
            after_word::<f64>(reply, "response"),
            after_word::<f64>(reply, "transfer"),
        ) {
            stats.latency_mean_us = Some(super::text::round3((first + rest) * 1e3));
        }
        // "Reply size [B]: header 123.0 content 48.0 footer 0.0 (total 171.0)"
        stats.bytes_read = line_after(stdout, "Reply size [B]:")
            .and_then(|rest| after_word::<String>(rest, "(total"))
            .and_then(|t| t.trim_end_matches(')').parse::<f64>().ok())
            .map(|mean| (mean * responses as f64).round() as u64);
    }
    Ok(stats)
}

/// What httperf offered, from its report: the rate its command line
/// asked (`--rate`, echoed on its first line), the rate it kept, and the
/// connections it could not make for want of its own sockets (fd-unavail,
/// addrunavail, ftab-full). None when the report does not say.
///
/// The rate kept: the connections after the first over the time it took
/// to start them. Its last connection started at most its longest
/// connection time before the test ended, so that time is the test's
/// duration less the longest connection: on schedule, (N − 1) / rate at
/// most, and the rate kept at least the rate asked.
pub(super) fn offered(stdout: &str) -> Option<Offered> {
    let command = stdout.lines().find(|l| l.starts_with("httperf "))?;
    let asked_per_s: f64 = command
        .split_whitespace()
        .find_map(|w| w.strip_prefix("--rate=")?.parse().ok())?;
    let total = line_after(stdout, "Total:")?;
    let connections = after_word::<f64>(total, "connections")?;
    let duration_s = after_word::<f64>(total, "test-duration")?;
    let longest_ms = line_after(stdout, "Connection time [ms]:")
        .and_then(|l| after_word::<f64>(l, "max"))
        .unwrap_or(0.0);
    let starting_s = duration_s - longest_ms / 1e3;
    let kept_per_s = if connections > 1.0 && starting_s > 0.0 {
        (connections - 1.0) / starting_s
    } else {
        // Too short a run to say: no evidence against it.
        asked_per_s
    };
    let errors = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("Errors: fd-unavail"))
        .unwrap_or("");
    let count = |key: &str| after_word::<u64>(errors, key).unwrap_or(0);
    Some(Offered {
        asked_per_s,
        kept_per_s,
        client_errors: count("fd-unavail") + count("addrunavail") + count("ftab-full"),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{run, scenario};
    use super::*;
    #[allow(unused_imports)]
    use crate::driver::Tool;
    use crate::suite::Driver;
    use std::path::Path;

    fn sessions(rate: f64, calls: u32, sessions: u64) -> Level {
        Level::Sessions {
            rate,
            calls,
            sessions,
        }
    }

    #[test]
    fn invocations() {
        let xml = scenario(Wire::H1, "/xml?value=benchmarks");
        let mut h10 = scenario(Wire::H1, "/hello");
        h10.http10 = true;
        h10.method = "HEAD".into();
        h10.headers = vec![("Accept".into(), "*/*".into())];
        let mut close = scenario(Wire::H1, "/");
        close.keepalive = false;
        let cases: [(&Scenario, Level, &[&str]); 3] = [
            (
                &xml,
                sessions(100.0, 10, 5000),
                &[
                    "--hog",
                    "--timeout=5",
                    "--client=0/1",
                    "--server=127.0.0.1",
                    "--port=8080",
                    "--uri=/xml?value=benchmarks",
                    "--rate=100",
                    "--num-conns=5000",
                    "--num-calls=10",
                ],
            ),
            (
                &h10,
                sessions(2.5, 1, 10),
                &[
                    "--hog",
                    "--timeout=5",
                    "--client=0/1",
                    "--server=127.0.0.1",
                    "--port=8080",
                    "--uri=/hello",
                    "--rate=2.5",
                    "--num-conns=10",
                    "--num-calls=1",
                    "--http-version=1.0",
                    "--method=HEAD",
                    "--add-header=Accept: */*\\n",
                ],
            ),
            (
                &close,
                sessions(10.0, 1, 10),
                &[
                    "--hog",
                    "--timeout=5",
                    "--client=0/1",
                    "--server=127.0.0.1",
                    "--port=8080",
                    "--uri=/",
                    "--rate=10",
                    "--num-conns=10",
                    "--num-calls=1",
                ],
            ),
        ];
        for (s, level, want) in cases {
            let inv = Driver::Httperf
                .invocation(&run(s, &level), Path::new("b"), Path::new("o"))
                .unwrap();
            assert_eq!(inv.program, Path::new("httperf"));
            assert_eq!(inv.args, want);
        }
    }

    #[test]
    fn fractional_timeout() {
        let s = scenario(Wire::H1, "/");
        let level = sessions(1.0, 1, 1);
        let mut r = run(&s, &level);
        r.timeout = std::time::Duration::from_millis(1500);
        assert_eq!(args(&r)[1], "--timeout=1.5");
    }

    #[test]
    fn unsupported() {
        let h1 = scenario(Wire::H1, "/");
        let mut close = h1.clone();
        close.keepalive = false;
        let rate = Level::Rate {
            rate: 1.0,
            connections: 1,
        };
        let cases: [(&Scenario, Level, &str); 6] = [
            (
                &scenario(Wire::HTTPS, "/"),
                sessions(1.0, 1, 1),
                "httperf is wired for plain HTTP/1.x only",
            ),
            (
                &scenario(Wire::H3, "/"),
                sessions(1.0, 1, 1),
                "httperf is wired for plain HTTP/1.x only: it cannot run https, h2c, h2 or h3",
            ),
            (
                &scenario(Wire::H2C, "/"),
                sessions(1.0, 1, 1),
                "httperf is wired for plain HTTP/1.x only",
            ),
            (
                &h1,
                Level::Connections(10),
                "httperf runs sessions (--rate × --num-calls): it cannot hold a closed loop",
            ),
            (
                &h1,
                rate,
                "httperf opens a connection per session: it cannot send a request rate",
            ),
            (
                &close,
                sessions(1.0, 10, 1),
                "httperf sends --num-calls on one connection: it cannot make 10 calls",
            ),
        ];
        for (s, level, want) in cases {
            let err = Driver::Httperf.supports(s, &level).unwrap_err();
            assert!(err.starts_with(want), "{err}");
        }
    }

    fn fixture(name: &str) -> &'static str {
        match name {
            "sessions" => include_str!("../../tests/fixtures/httperf_sessions.stdout"),
            "timeouts" => include_str!("../../tests/fixtures/httperf_timeouts.stdout"),
            "404" => include_str!("../../tests/fixtures/httperf_404.stdout"),
            "refused" => include_str!("../../tests/fixtures/httperf_refused.stdout"),
            _ => unreachable!(),
        }
    }

    #[test]
    fn parses_a_clean_run() {
        assert_eq!(
            parse(fixture("sessions")).unwrap(),
            LevelStats {
                responses: 2000,
                responses_per_s: 2000.0 / 1.991,
                elapsed_s: 1.991,
                requests_sent: Some(2000),
                errors: Some(0),
                timeouts: Some(0),
                non_2xx: Some(0),
                bytes_read: Some(342000),
                latency_mean_us: Some(100.0),
                latency_p50_us: None,
                latency_p90_us: None,
                latency_p99_us: None,
                latency_p99_9_us: None,
                latency_max_us: None,
            }
        );
    }

    #[test]
    fn fixture_table() {
        // (fixture, requests, replies, elapsed, errors, timeouts, non-2xx, mean)
        type Row = (&'static str, u64, u64, f64, u64, u64, u64, Option<f64>);
        let rows: [Row; 3] = [
            ("timeouts", 10, 0, 1.902, 10, 10, 0, None),
            ("404", 250, 250, 0.984, 0, 0, 250, Some(100.0)),
            ("refused", 0, 0, 0.401, 5, 0, 0, None),
        ];
        for (name, requests, replies, elapsed, errors, timeouts, non_2xx, mean) in rows {
            let s = parse(fixture(name)).unwrap();
            assert_eq!(s.requests_sent, Some(requests), "{name}");
            assert_eq!(s.responses, replies, "{name}");
            assert_eq!(s.elapsed_s, elapsed, "{name}");
            assert_eq!(s.errors, Some(errors), "{name}");
            assert_eq!(s.timeouts, Some(timeouts), "{name}");
            assert_eq!(s.non_2xx, Some(non_2xx), "{name}");
            assert_eq!(s.latency_mean_us, mean, "{name}");
        }
    }

    #[test]
    fn no_report_is_an_error() {
        assert_eq!(
            parse("httperf: bad option\n").unwrap_err(),
            "no `Total:` line in the output"
        );
    }
}
