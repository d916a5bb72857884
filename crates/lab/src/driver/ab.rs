//! ApacheBench (2.3): `ab -c N -t SECS -n 50000000 -s TIMEOUT [-k] [-i | -m METHOD] [-H ...] URL`.
//!
//! A closed loop of N concurrent HTTP/1.0 requests, plain or TLS; `-k` asks
//! for keep-alive (`Connection: Keep-Alive`), as seed 000's commenters did.
//! `-t` alone would cap the run at 50000 requests, so a huge `-n` after it
//! lets the time bound the run. ab has no warm-up, takes whole seconds only,
//! and aborts the whole run on a response timeout (`-s`), which then reads as
//! an error, not as counted timeouts.
//!
//! Its latencies are whole milliseconds: the "Percentage of the requests
//! served within a certain time (ms)" table (50%, 90%, 99%, 100% = max), and
//! "Time per request (mean)", which ab computes as concurrency × time / requests.

use super::text::{line_after, nth, require};
use super::{header_lines, url, whole_secs, Level, LevelStats, LoadRun};
use barrage_model::Protocol;

use crate::suite::Scenario;

/// `-n` large enough that `-t` ends the run.
const REQUESTS: u64 = 50_000_000;

pub(super) fn supports(scenario: &Scenario, level: &Level) -> Result<(), String> {
    match scenario.protocol.protocol {
        Protocol::Http1 => {}
        Protocol::H3 => {
            return Err("ab speaks HTTP/1.0 only: it cannot run h3 (use barrage)".into());
        }
        Protocol::Ws => {
            return Err("ab speaks HTTP/1.0 only: it cannot run WebSocket (use barrage)".into());
        }
        Protocol::Grpc => {
            return Err("ab speaks HTTP/1.0 only: it cannot run gRPC (use barrage)".into());
        }
        Protocol::H2 => {
            return Err(
                "ab speaks HTTP/1.0 only: it cannot run h2c or h2 (use h2load or barrage)".into(),
            );
        }
    }
    // ab sends HTTP/1.0 whatever the scenario says (with -k for a keep-alive
    // scenario), as the seeds ran it: an HTTP/1.1 scenario runs that way too,
    // and its command line in the results shows it.
    match level {
        Level::Connections(_) => Ok(()),
        Level::Rate { .. } => {
            Err("ab has no open loop: it cannot run a request rate (use barrage)".into())
        }
        Level::Sessions { .. } => {
            Err("ab cannot run sessions (a connection rate × calls): use httperf or barrage".into())
        }
        Level::Search { .. } => {
            Err("ab cannot search for a capacity: barrage's engine runs searches".into())
        }
    }
}

pub(super) fn args(run: &LoadRun) -> Vec<String> {
    let Level::Connections(connections) = *run.level else {
        unreachable!("ab::supports admits closed loops only")
    };
    let mut args = vec![
        "-c".to_string(),
        connections.to_string(),
        "-t".into(),
        whole_secs(run.duration).to_string(),
        "-n".into(),
        REQUESTS.to_string(),
        "-s".into(),
        whole_secs(run.timeout).to_string(),
    ];
    if run.scenario.keepalive {
        args.push("-k".into());
    }
    match run.scenario.method.to_ascii_uppercase().as_str() {
        "GET" => {}
        "HEAD" => args.push("-i".into()),
        _ => args.extend(["-m".into(), run.scenario.method.clone()]),
    }
    for header in header_lines(run.scenario) {
        args.push("-H".into());
        args.push(header);
    }
    args.push(url(run.scenario, run.host, run.port));
    args
}

/// Reads ab's report.
pub(super) fn parse(stdout: &str) -> Result<LevelStats, String> {
    let number = |label: &str| -> Result<f64, String> {
        let rest = require(stdout, label)?;
        nth(rest, 0).ok_or_else(|| format!("unreadable line `{label}{rest}`"))
    };
    let responses = number("Complete requests:")? as u64;
    let mut stats = LevelStats {
        responses,
        responses_per_s: number("Requests per second:")?,
        elapsed_s: number("Time taken for tests:")?,
        errors: Some(number("Failed requests:")? as u64),
        // Printed only when there are some.
        non_2xx: Some(
            line_after(stdout, "Non-2xx responses:")
                .and_then(|rest| nth(rest, 0))
                .unwrap_or(0),
        ),
        bytes_read: line_after(stdout, "Total transferred:").and_then(|rest| nth(rest, 0)),
        ..LevelStats::default()
    };
    if responses > 0 {
        stats.latency_mean_us = line_after(stdout, "Time per request:")
            .and_then(|rest| nth::<f64>(rest, 0))
            .map(|ms| ms * 1e3);
        let percentile = |p: &str| -> Option<f64> {
            let rest = stdout.lines().find_map(|l| l.trim().strip_prefix(p))?;
            nth::<f64>(rest, 0).map(|ms| ms * 1e3)
        };
        stats.latency_p50_us = percentile("50%");
        stats.latency_p90_us = percentile("90%");
        stats.latency_p99_us = percentile("99%");
        stats.latency_max_us = percentile("100%");
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{run, scenario, words};
    use super::*;
    #[allow(unused_imports)]
    use crate::driver::Tool;
    use crate::suite::{Driver, Wire};
    use std::path::Path;

    fn ab_scenario(protocol: Wire, path: &str, keepalive: bool) -> Scenario {
        let mut s = scenario(protocol, path);
        s.http10 = true;
        s.keepalive = keepalive;
        s
    }

    #[test]
    fn invocations() {
        let plain = ab_scenario(Wire::H1, "/", false);
        let keep = ab_scenario(Wire::H1, "/hello", true);
        let mut tls = ab_scenario(Wire::HTTPS, "/xml?value=benchmarks", false);
        tls.headers = vec![("Accept".into(), "*/*".into())];
        let mut head = ab_scenario(Wire::H1, "/", true);
        head.method = "HEAD".into();
        let mut post = ab_scenario(Wire::H1, "/", false);
        post.method = "POST".into();
        let cases: [(&Scenario, usize, &str); 5] = [
            (&plain, 30, "-c 30 -t 10 -n 50000000 -s 5 http://127.0.0.1:8080/"),
            (&keep, 100, "-c 100 -t 10 -n 50000000 -s 5 -k http://127.0.0.1:8080/hello"),
            (&tls, 1, "-c 1 -t 10 -n 50000000 -s 5 -H Accept:_*/* https://127.0.0.1:8080/xml?value=benchmarks"),
            (&head, 2, "-c 2 -t 10 -n 50000000 -s 5 -k -i http://127.0.0.1:8080/"),
            (&post, 2, "-c 2 -t 10 -n 50000000 -s 5 -m POST http://127.0.0.1:8080/"),
        ];
        for (s, c, want) in cases {
            let inv = Driver::Ab
                .invocation(
                    &run(s, &Level::Connections(c)),
                    Path::new("b"),
                    Path::new("o"),
                )
                .unwrap();
            assert_eq!(inv.program, Path::new("ab"));
            let want: Vec<String> = words(want)
                .into_iter()
                .map(|w| w.replace(":_", ": "))
                .collect();
            assert_eq!(inv.args, want);
        }
    }

    #[test]
    fn unsupported() {
        let h10 = ab_scenario(Wire::H1, "/", true);
        // An HTTP/1.1 scenario runs as HTTP/1.0 (with -k when kept alive).
        assert_eq!(
            Driver::Ab.supports(&scenario(Wire::H1, "/"), &Level::Connections(1)),
            Ok(())
        );
        let c = Level::Connections(1);
        let rate = Level::Rate {
            rate: 1.0,
            connections: 1,
        };
        let sessions = Level::Sessions {
            rate: 1.0,
            calls: 1,
            sessions: 1,
        };
        let cases: [(&Scenario, &Level, &str); 5] = [
            (
                &scenario(Wire::H2C, "/"),
                &c,
                "ab speaks HTTP/1.0 only: it cannot run h2c or h2",
            ),
            (
                &scenario(Wire::H3, "/"),
                &c,
                "ab speaks HTTP/1.0 only: it cannot run h3 (use barrage)",
            ),
            (&scenario(Wire::H2, "/"), &c, "ab speaks HTTP/1.0 only"),
            (&h10, &rate, "ab has no open loop"),
            (&h10, &sessions, "ab cannot run sessions"),
        ];
        for (s, level, want) in cases {
            let err = Driver::Ab.supports(s, level).unwrap_err();
            assert!(err.starts_with(want), "{err}");
        }
    }

    fn fixture(name: &str) -> &'static str {
        match name {
            "hello" => include_str!("../../tests/fixtures/ab_hello.stdout"),
            "keepalive" => include_str!("../../tests/fixtures/ab_keepalive.stdout"),
            "404" => include_str!("../../tests/fixtures/ab_404.stdout"),
            "https" => include_str!("../../tests/fixtures/ab_https.stdout"),
            "failed" => include_str!("../../tests/fixtures/ab_failed.stdout"),
            "refused" => include_str!("../../tests/fixtures/ab_refused.stdout"),
            "timeout" => include_str!("../../tests/fixtures/ab_timeout.stdout"),
            _ => unreachable!(),
        }
    }

    #[test]
    fn parses_a_clean_run() {
        assert_eq!(
            parse(fixture("hello")).unwrap(),
            LevelStats {
                responses: 35586,
                responses_per_s: 17792.68,
                elapsed_s: 2.0,
                requests_sent: None,
                errors: Some(0),
                timeouts: None,
                non_2xx: Some(0),
                bytes_read: Some(4875693),
                latency_mean_us: Some(562.0),
                latency_p50_us: Some(1000.0),
                latency_p90_us: Some(1000.0),
                latency_p99_us: Some(1000.0),
                latency_p99_9_us: None,
                latency_max_us: Some(2000.0),
            }
        );
    }

    #[test]
    fn fixture_table() {
        // (fixture, responses, per s, elapsed, failed, non-2xx, bytes, p99 ms, max ms)
        type Row = (&'static str, u64, f64, f64, u64, u64, u64, f64, f64);
        let rows: [Row; 4] = [
            (
                "keepalive",
                197356,
                98677.95,
                2.0,
                0,
                0,
                840933916,
                0.0,
                4.0,
            ),
            ("404", 207247, 103623.19, 2.0, 0, 207247, 34403002, 0.0, 2.0),
            ("https", 2861, 1430.07, 2.001, 0, 0, 391957, 3.0, 4.0),
            ("failed", 6421, 6420.71, 1.0, 3210, 2141, 788725, 1.0, 1.0),
        ];
        for (name, responses, rate, elapsed, failed, non_2xx, bytes, p99, max) in rows {
            let s = parse(fixture(name)).unwrap();
            assert_eq!(s.responses, responses, "{name}");
            assert_eq!(s.responses_per_s, rate, "{name}");
            assert_eq!(s.elapsed_s, elapsed, "{name}");
            assert_eq!(s.errors, Some(failed), "{name}");
            assert_eq!(s.non_2xx, Some(non_2xx), "{name}");
            assert_eq!(s.bytes_read, Some(bytes), "{name}");
            assert_eq!(s.latency_p99_us, Some(p99 * 1e3), "{name}");
            assert_eq!(s.latency_max_us, Some(max * 1e3), "{name}");
        }
    }

    #[test]
    fn an_aborted_run_is_an_error() {
        for name in ["refused", "timeout"] {
            assert_eq!(
                parse(fixture(name)).unwrap_err(),
                "no `Complete requests:` line in the output",
                "{name}"
            );
        }
        let err = Driver::Ab
            .parse(
                fixture("timeout"),
                include_str!("../../tests/fixtures/ab_timeout.stderr"),
                Path::new("o"),
                std::time::Duration::from_secs(3),
            )
            .unwrap_err();
        assert!(
            err.ends_with("stderr: apr_pollset_poll: The timeout specified has expired (70007)"),
            "{err}"
        );
    }
}
