//! h2load (nghttp2 1.52): `h2load -t THREADS -c N -m M -D DUR --warm-up-time=W [--h1] [-H ...] URL`.
//!
//! A closed loop of N clients with M concurrent streams each, timed by `-D`
//! after a warm-up. HTTP/2 with prior knowledge for `http://` (h2c), by ALPN
//! over TLS (h2); `--h1` forces HTTP/1.1 on either, with `-m 1` (h2load would
//! pipeline beyond that). It sends GET and keeps its connections open.
//!
//! h2load 1.52 prints no latency percentiles: only min/max/mean/sd of "time
//! for request" (successful requests), so p50/p90/p99 stay `None`. It has no
//! per-request timeout either; [`LoadRun::timeout`] is not passed.
//!
//! Its counters, per its manual: `done` requests include `errored` ones
//! (network failures and resets, `timeout` among them); `failed` is `errored`
//! plus the responses with a status outside 2xx–3xx.

use barrage_model::Protocol;

use super::text::{before_word, line_after, nth, require, time_us};
use super::{
    duration_arg, header_lines, is_get, protocol_name, threads_for, url, Level, LevelStats, LoadRun,
};
use crate::suite::{Scenario, Wire};

pub(super) fn supports(scenario: &Scenario, level: &Level) -> Result<(), String> {
    if scenario.protocol == Wire::H3 {
        return Err(H3_REFUSED.into());
    }
    let h1 = scenario.protocol.protocol == Protocol::Http1;
    if h1 && scenario.http10 {
        return Err(
            "h2load sends HTTP/1.1 (--h1) or HTTP/2: it cannot send HTTP/1.0 (use ab or barrage)"
                .into(),
        );
    }
    if h1 && !scenario.keepalive {
        return Err("h2load keeps its connections open: it cannot send one request per connection (keepalive = false; use barrage)".into());
    }
    if !is_get(scenario) {
        return Err(format!(
            "h2load sends GET (POST only with a data file): it cannot send {} (use barrage)",
            scenario.method
        ));
    }
    match level {
        Level::Connections(_) => Ok(()),
        Level::Rate { .. } => Err(format!(
            "h2load has no open loop of requests (its --rate starts connections): it cannot run a request rate over {} (use barrage)",
            protocol_name(scenario.protocol)
        )),
        Level::Sessions { .. } => Err(
            "h2load cannot run sessions (a connection rate × calls): use httperf or barrage".into(),
        ),
        Level::Search { .. } => {
            Err("h2load cannot search for a capacity: barrage's engine runs searches".into())
        }
    }
}

/// Why an h3 scenario does not run with h2load. h2load speaks HTTP/3 only
/// when nghttp2 is built with ngtcp2 and nghttp3, which Debian's 1.52 is not
/// (`--npn-list=h3` cannot work there).
const H3_REFUSED: &str =
    "h2load here (Debian's nghttp2 1.52, built without ngtcp2) cannot send h3: use barrage";

pub(super) fn args(run: &LoadRun) -> Vec<String> {
    let Level::Connections(connections) = *run.level else {
        unreachable!("h2load::supports admits closed loops only")
    };
    let h1 = run.scenario.protocol.protocol == Protocol::Http1;
    let streams = if h1 { 1 } else { run.scenario.streams.max(1) };
    let mut args = vec![
        "-t".to_string(),
        threads_for(run.threads, connections).to_string(),
        "-c".into(),
        connections.to_string(),
        "-m".into(),
        streams.to_string(),
        "-D".into(),
        duration_arg(run.duration),
        format!("--warm-up-time={}", duration_arg(run.warmup)),
    ];
    if h1 {
        args.push("--h1".into());
    }
    if let Some(bits) = run.scenario.window_bits {
        args.push(format!("-w{bits}"));
    }
    if let Some(bits) = run.scenario.connection_window_bits {
        args.push(format!("-W{bits}"));
    }
    for header in header_lines(run.scenario) {
        args.push("-H".into());
        args.push(header);
    }
    args.push(url(run.scenario, run.host, run.port));
    args
}

/// Reads h2load's summary.
pub(super) fn parse(stdout: &str) -> Result<LevelStats, String> {
    // "requests: 294139 total, 294139 started, 294139 done, 294139 succeeded,
    //  0 failed, 0 errored, 0 timeout"
    let requests = require(stdout, "requests:")?;
    let count = |key: &str| {
        before_word::<u64>(requests, key)
            .ok_or_else(|| format!("no `{key}` count in `requests:{requests}`"))
    };
    let (started, done, failed, errored, timeouts) = (
        count("started")?,
        count("done")?,
        count("failed")?,
        count("errored")?,
        count("timeout")?,
    );
    let responses = done.saturating_sub(errored);
    let elapsed_s = measured_seconds(stdout)?;
    // "traffic: 10.94MB (11471881) total, ..."
    let bytes_read = line_after(stdout, "traffic:")
        .and_then(|rest| nth::<String>(rest, 1))
        .and_then(|b| b.trim_matches(['(', ')']).parse().ok());

    let mut stats = LevelStats {
        responses,
        responses_per_s: if elapsed_s > 0.0 {
            responses as f64 / elapsed_s
        } else {
            0.0
        },
        elapsed_s,
        requests_sent: Some(started),
        errors: Some(errored),
        timeouts: Some(timeouts),
        non_2xx: Some(failed.saturating_sub(errored)),
        bytes_read,
        ..LevelStats::default()
    };
    // "time for request:       24us      1.89ms       664us       238us    66.38%"
    if let Some(row) = line_after(stdout, "time for request:") {
        let column = |n: usize| row.split_whitespace().nth(n).and_then(time_us);
        if responses > 0 && column(1).is_some_and(|max| max > 0.0) {
            stats.latency_max_us = column(1);
            stats.latency_mean_us = column(2);
        }
    }
    Ok(stats)
}

/// The measured window: the main duration h2load announces for a timed test
/// ("Timing-based test with 1s of warm-up time and 2s of main duration"), else
/// "finished in 3.00s" (which includes the warm-up).
fn measured_seconds(stdout: &str) -> Result<f64, String> {
    let main = stdout
        .lines()
        .find_map(|l| l.split("warm-up time and ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(time_us);
    if let Some(us) = main {
        return Ok(us / 1e6);
    }
    let finished = require(stdout, "finished in")?;
    finished
        .split_whitespace()
        .next()
        .and_then(|t| time_us(t.trim_end_matches(',')))
        .map(|us| us / 1e6)
        .ok_or_else(|| format!("unreadable line `finished in{finished}`"))
}

/// The warm-up h2load announces, to tie the fixtures to their command lines.
#[cfg(test)]
fn announced_warmup(stdout: &str) -> Option<f64> {
    let line = stdout.lines().find(|l| l.contains("Timing-based test"))?;
    time_us(&super::text::after_word::<String>(line, "with")?).map(|us| us / 1e6)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{run, scenario, words};
    use super::*;
    #[allow(unused_imports)]
    use crate::driver::Tool;
    use crate::suite::Driver;
    use std::path::Path;
    use std::time::Duration;

    fn args_of(s: &Scenario, level: &Level) -> Vec<String> {
        let inv = Driver::H2load
            .invocation(&run(s, level), Path::new("barrage"), Path::new("o.json"))
            .unwrap();
        assert_eq!(inv.program, Path::new("h2load"));
        inv.args
    }

    #[test]
    fn invocations() {
        let mut h2c = scenario(Wire::H2C, "/hello");
        h2c.streams = 100;
        let mut h2 = scenario(Wire::H2, "/static/4k");
        h2.streams = 10;
        h2.headers = vec![("Accept".into(), "*/*".into())];
        let mut h1 = scenario(Wire::H1, "/static/6b");
        h1.streams = 8;
        let https = scenario(Wire::HTTPS, "/");
        // Seed 002's second table: -w30 -W30.
        let mut unlimited = scenario(Wire::H2C, "/static/4k");
        unlimited.streams = 100;
        unlimited.window_bits = Some(30);
        unlimited.connection_window_bits = Some(30);
        let cases: [(&Scenario, usize, &str); 6] = [
            (&h2c, 500, "-t 2 -c 500 -m 100 -D 10s --warm-up-time=2s http://127.0.0.1:8080/hello"),
            (&h2c, 1, "-t 1 -c 1 -m 100 -D 10s --warm-up-time=2s http://127.0.0.1:8080/hello"),
            (&h2, 4, "-t 2 -c 4 -m 10 -D 10s --warm-up-time=2s -H Accept:_*/* https://127.0.0.1:8080/static/4k"),
            (&h1, 10, "-t 2 -c 10 -m 1 -D 10s --warm-up-time=2s --h1 http://127.0.0.1:8080/static/6b"),
            (&https, 10, "-t 2 -c 10 -m 1 -D 10s --warm-up-time=2s --h1 https://127.0.0.1:8080/"),
            (&unlimited, 500, "-t 2 -c 500 -m 100 -D 10s --warm-up-time=2s -w30 -W30 http://127.0.0.1:8080/static/4k"),
        ];
        for (s, c, want) in cases {
            let want: Vec<String> = words(want)
                .into_iter()
                .map(|w| w.replace(":_", ": "))
                .collect();
            assert_eq!(args_of(s, &Level::Connections(c)), want);
        }
    }

    #[test]
    fn sub_second_and_zero_durations() {
        let s = scenario(Wire::H2C, "/");
        let level = Level::Connections(2);
        let mut r = run(&s, &level);
        r.duration = Duration::from_millis(1500);
        r.warmup = Duration::ZERO;
        let a = args(&r);
        assert_eq!(&a[6..9], ["-D", "1500ms", "--warm-up-time=0s"]);
    }

    #[test]
    fn unsupported() {
        let mut h10 = scenario(Wire::H1, "/");
        h10.http10 = true;
        let mut close = scenario(Wire::H1, "/");
        close.keepalive = false;
        let mut head = scenario(Wire::H2C, "/");
        head.method = "HEAD".into();
        let h2c = scenario(Wire::H2C, "/");
        let mut h3 = scenario(Wire::H3, "/");
        h3.streams = 100;
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
        let cases: [(&Scenario, &Level, &str); 6] = [
            (
                &h10,
                &c,
                "h2load sends HTTP/1.1 (--h1) or HTTP/2: it cannot send HTTP/1.0",
            ),
            (&h3, &c, H3_REFUSED),
            (&close, &c, "h2load keeps its connections open"),
            (
                &head,
                &c,
                "h2load sends GET (POST only with a data file): it cannot send HEAD",
            ),
            (&h2c, &rate, "h2load has no open loop of requests"),
            (&h2c, &sessions, "h2load cannot run sessions"),
        ];
        for (s, level, want) in cases {
            let err = Driver::H2load.supports(s, level).unwrap_err();
            assert!(err.starts_with(want), "{err}");
        }
    }

    fn fixture(name: &str) -> &'static str {
        match name {
            "h2c" => include_str!("../../tests/fixtures/h2load_h2c.stdout"),
            "h2" => include_str!("../../tests/fixtures/h2load_h2.stdout"),
            "h1" => include_str!("../../tests/fixtures/h2load_h1.stdout"),
            "404" => include_str!("../../tests/fixtures/h2load_404.stdout"),
            "refused" => include_str!("../../tests/fixtures/h2load_refused.stdout"),
            _ => unreachable!(),
        }
    }

    #[test]
    fn parses_a_clean_run() {
        assert_eq!(
            parse(fixture("h2c")).unwrap(),
            LevelStats {
                responses: 294139,
                responses_per_s: 147069.5,
                elapsed_s: 2.0,
                requests_sent: Some(294139),
                errors: Some(0),
                timeouts: Some(0),
                non_2xx: Some(0),
                bytes_read: Some(11471881),
                latency_mean_us: Some(664.0),
                latency_p50_us: None,
                latency_p90_us: None,
                latency_p99_us: None,
                latency_p99_9_us: None,
                latency_max_us: Some(1890.0),
            }
        );
    }

    #[test]
    fn fixture_table() {
        // (fixture, warm-up s, responses, sent, non-2xx, bytes, mean, max)
        type Row = (
            &'static str,
            f64,
            u64,
            u64,
            u64,
            u64,
            Option<f64>,
            Option<f64>,
        );
        let rows: [Row; 4] = [
            (
                "h2",
                1.0,
                158962,
                158962,
                0,
                655559586,
                Some(476.0),
                Some(2470.0),
            ),
            (
                "h1",
                1.0,
                208812,
                208812,
                0,
                30068928,
                Some(95.0),
                Some(1950.0),
            ),
            (
                "404",
                0.0,
                166978,
                166982,
                166978,
                6178754,
                Some(36.0),
                Some(1830.0),
            ),
            ("refused", 0.0, 0, 0, 0, 0, None, None),
        ];
        for (name, warmup, responses, sent, non_2xx, bytes, mean, max) in rows {
            let text = fixture(name);
            assert_eq!(announced_warmup(text), Some(warmup), "{name}");
            let s = parse(text).unwrap();
            assert_eq!(
                s.elapsed_s, 2.0,
                "{name}: the main duration, not `finished in`"
            );
            assert_eq!(s.responses, responses, "{name}");
            assert_eq!(s.responses_per_s, responses as f64 / 2.0, "{name}");
            assert_eq!(s.requests_sent, Some(sent), "{name}");
            assert_eq!((s.errors, s.timeouts), (Some(0), Some(0)), "{name}");
            assert_eq!(s.non_2xx, Some(non_2xx), "{name}");
            assert_eq!(s.bytes_read, Some(bytes), "{name}");
            assert_eq!((s.latency_mean_us, s.latency_max_us), (mean, max), "{name}");
            assert_eq!(
                s.latency_p99_us, None,
                "{name}: h2load 1.52 has no percentiles"
            );
        }
    }

    #[test]
    fn counts_errors_and_timeouts() {
        let text = "finished in 1.00s, 10.00 req/s, 1KB/s\n\
            requests: 20 total, 20 started, 12 done, 6 succeeded, 6 failed, 2 errored, 1 timeout\n";
        let s = parse(text).unwrap();
        assert_eq!(s.elapsed_s, 1.0, "without a timing line, `finished in`");
        assert_eq!(s.responses, 10);
        assert_eq!(
            (s.errors, s.timeouts, s.non_2xx),
            (Some(2), Some(1), Some(4))
        );
        assert_eq!(s.bytes_read, None);
    }

    #[test]
    fn no_summary_is_an_error() {
        assert_eq!(
            parse("starting benchmark...\n").unwrap_err(),
            "no `requests:` line in the output"
        );
    }
}
