//! wrk (4.x): `wrk -t THREADS -c N -d DURs --latency --timeout Ts [-H ...]
//! [-s SCRIPT] URL [SCRIPT_ARGS...]`.
//!
//! A closed loop over HTTP/1.1 (plain or TLS) sending GET. wrk has no
//! warm-up, takes whole seconds only, and needs at least one connection per
//! thread. `keepalive = false` is sent as `Connection: close`, on which wrk
//! reconnects for every request.
//!
//! A scenario's script is wrk's `-s`, its arguments the words after the URL
//! (the script's `init(args)`); the `-H` headers are its `wrk.headers`. When
//! an argument starts with `-`, a `--` before the URL keeps wrk's getopt
//! from reading it as an option.
//!
//! wrk counts a response that came after `--timeout` both in "requests" and
//! as a timeout error, and leaves it out of the latency histogram.

use barrage_model::Protocol;

use super::text::{after_word, line_after, nth, require, size_bytes, time_us};
use super::{
    header_lines, is_get, protocol_name, threads_for, url, whole_secs, Level, LevelStats, LoadRun,
};
use crate::suite::{Scenario, Wire};

pub(super) fn supports(scenario: &Scenario, level: &Level) -> Result<(), String> {
    if scenario.protocol.protocol != Protocol::Http1 {
        // h2load sends h2c and h2, not h3 (see h2load.rs).
        let instead = if scenario.protocol == Wire::H3 {
            "barrage"
        } else {
            "h2load or barrage"
        };
        return Err(format!(
            "wrk speaks HTTP/1.1 only: it cannot run {} (use {instead})",
            protocol_name(scenario.protocol)
        ));
    }
    if scenario.http10 {
        return Err(
            "wrk sends HTTP/1.1 only: it cannot send HTTP/1.0 requests (use ab or barrage)".into(),
        );
    }
    if !is_get(scenario) {
        return Err(format!(
            "wrk sets the method only from a Lua script: it cannot send {} here (use barrage)",
            scenario.method
        ));
    }
    match level {
        Level::Connections(_) => Ok(()),
        Level::Rate { .. } => Err(
            "wrk has no open loop (-R RATE is wrk2's, another tool): it cannot run a request rate (use barrage)".into(),
        ),
        Level::Sessions { .. } => Err(
            "wrk cannot run sessions (a connection rate × calls): use httperf or barrage".into(),
        ),
        Level::Search { .. } => {
            Err("wrk cannot search for a capacity: barrage's engine runs searches".into())
        }
    }
}

pub(super) fn args(run: &LoadRun) -> Vec<String> {
    let Level::Connections(connections) = *run.level else {
        unreachable!("wrk::supports admits closed loops only")
    };
    let mut args = vec![
        "-t".to_string(),
        threads_for(run.threads, connections).to_string(),
        "-c".into(),
        connections.to_string(),
        "-d".into(),
        format!("{}s", whole_secs(run.duration)),
        "--latency".into(),
        "--timeout".into(),
        format!("{}s", whole_secs(run.timeout)),
    ];
    let close = (!run.scenario.keepalive).then(|| "Connection: close".to_string());
    for header in header_lines(run.scenario).chain(close) {
        args.push("-H".into());
        args.push(header);
    }
    let script = run.scenario.script.as_ref();
    if let Some(script) = script {
        args.extend(["-s".into(), script.path.clone()]);
        if script.args.iter().any(|a| a.starts_with('-')) {
            args.push("--".into());
        }
    }
    args.push(url(run.scenario, run.host, run.port));
    args.extend(script.into_iter().flat_map(|s| s.args.iter().cloned()));
    args
}

/// Reads wrk's summary (`--latency` adds the percentile lines).
pub(super) fn parse(stdout: &str) -> Result<LevelStats, String> {
    // "  111680 requests in 2.00s, 14.59MB read"
    let totals = stdout
        .lines()
        .find(|l| l.contains(" requests in "))
        .ok_or("no `requests in` line in the output")?;
    let responses: u64 =
        nth(totals, 0).ok_or_else(|| format!("unreadable line {:?}", totals.trim()))?;
    let elapsed_us = totals
        .split_whitespace()
        .nth(3)
        .and_then(|t| time_us(t.trim_end_matches(',')))
        .ok_or_else(|| format!("unreadable line {:?}", totals.trim()))?;
    let bytes_read = totals
        .split_whitespace()
        .nth(4)
        .and_then(size_bytes)
        .map(|b| b.round() as u64);
    let rate = require(stdout, "Requests/sec:")?;
    let responses_per_s: f64 =
        nth(rate, 0).ok_or_else(|| format!("unreadable Requests/sec {rate:?}"))?;

    // "Socket errors: connect 0, read 0, write 0, timeout 4", printed when any.
    let socket = line_after(stdout, "Socket errors:").unwrap_or("");
    let count = |kind: &str| after_word::<u64>(socket, kind).unwrap_or(0);
    let timeouts = count("timeout");
    let errors = count("connect") + count("read") + count("write") + timeouts;
    let non_2xx = line_after(stdout, "Non-2xx or 3xx responses:")
        .and_then(|rest| nth(rest, 0))
        .unwrap_or(0);

    let mut stats = LevelStats {
        responses,
        responses_per_s,
        elapsed_s: elapsed_us / 1e6,
        errors: Some(errors),
        timeouts: Some(timeouts),
        non_2xx: Some(non_2xx),
        bytes_read,
        ..LevelStats::default()
    };
    read_latency(stdout, &mut stats);
    Ok(stats)
}

/// "Latency   135.61us   47.29us   3.97ms   95.44%" (avg, stdev, max) and the
/// "Latency Distribution" lines; all zeros means wrk recorded no sample.
fn read_latency(stdout: &str, stats: &mut LevelStats) {
    let Some(row) = line_after(stdout, "Latency ") else {
        return;
    };
    let column = |n: usize| row.split_whitespace().nth(n).and_then(time_us);
    let (Some(mean), Some(max)) = (column(0), column(2)) else {
        return;
    };
    if max == 0.0 {
        return;
    }
    stats.latency_mean_us = Some(mean);
    stats.latency_max_us = Some(max);
    let percentile = |p: &str| {
        let line = stdout.lines().map(str::trim).find(|l| l.starts_with(p))?;
        time_us(line.split_whitespace().nth(1)?)
    };
    stats.latency_p50_us = percentile("50% ");
    stats.latency_p90_us = percentile("90% ");
    stats.latency_p99_us = percentile("99% ");
}

#[cfg(test)]
mod tests {
    use super::super::tests::{run, scenario, words};
    use super::*;
    #[allow(unused_imports)]
    use crate::driver::Tool;
    use crate::suite::{Driver, ScriptRef};
    use std::path::Path;

    fn args_of(s: &Scenario, level: &Level) -> Vec<String> {
        let inv = Driver::Wrk
            .invocation(&run(s, level), Path::new("barrage"), Path::new("o.json"))
            .unwrap();
        assert_eq!(inv.program, Path::new("wrk"));
        inv.args
    }

    #[test]
    fn invocations() {
        let h1 = scenario(Wire::H1, "/hello");
        let mut tls = scenario(Wire::HTTPS, "/static/4k");
        tls.headers = vec![("Accept".into(), "*/*".into())];
        let mut close = scenario(Wire::H1, "/");
        close.keepalive = false;
        let mut scripted = scenario(Wire::H1, "/hello");
        scripted.headers = vec![("Accept".into(), "*/*".into())];
        scripted.script = Some(ScriptRef {
            path: "/lab/scripts/pipeline.lua".into(),
            args: vec!["16".into(), "x y".into()],
        });
        let mut bare = scenario(Wire::H1, "/hello");
        bare.script = Some(ScriptRef {
            path: "/lab/post.lua".into(),
            args: vec![],
        });
        let mut dashed = bare.clone();
        dashed.script.as_mut().unwrap().args = vec!["8".into(), "-v".into()];
        let cases: [(&Scenario, Level, &str); 7] = [
            (&h1, Level::Connections(100), "-t 2 -c 100 -d 10s --latency --timeout 5s http://127.0.0.1:8080/hello"),
            (&h1, Level::Connections(1), "-t 1 -c 1 -d 10s --latency --timeout 5s http://127.0.0.1:8080/hello"),
            (&tls, Level::Connections(8), "-t 2 -c 8 -d 10s --latency --timeout 5s -H Accept:_*/* https://127.0.0.1:8080/static/4k"),
            (&close, Level::Connections(4), "-t 2 -c 4 -d 10s --latency --timeout 5s -H Connection:_close http://127.0.0.1:8080/"),
            // -s before the URL, the script's args after it.
            (&scripted, Level::Connections(4), "-t 2 -c 4 -d 10s --latency --timeout 5s -H Accept:_*/* -s /lab/scripts/pipeline.lua http://127.0.0.1:8080/hello 16 x_y"),
            (&bare, Level::Connections(4), "-t 2 -c 4 -d 10s --latency --timeout 5s -s /lab/post.lua http://127.0.0.1:8080/hello"),
            (&dashed, Level::Connections(4), "-t 2 -c 4 -d 10s --latency --timeout 5s -s /lab/post.lua -- http://127.0.0.1:8080/hello 8 -v"),
        ];
        for (s, level, want) in cases {
            let want: Vec<String> = words(want)
                .into_iter()
                .map(|w| w.replace(":_", ": ").replace("x_y", "x y"))
                .collect();
            assert_eq!(args_of(s, &level), want, "{level:?}");
        }
    }

    #[test]
    fn fractional_durations_round_up() {
        let s = scenario(Wire::H1, "/");
        let level = Level::Connections(2);
        let mut r = run(&s, &level);
        r.duration = std::time::Duration::from_millis(1500);
        r.timeout = std::time::Duration::from_millis(200);
        let a = args(&r);
        assert_eq!(a[5], "2s");
        assert_eq!(a[8], "1s");
    }

    #[test]
    fn unsupported() {
        let h1 = scenario(Wire::H1, "/");
        let mut h10 = h1.clone();
        h10.http10 = true;
        let mut post = h1.clone();
        post.method = "POST".into();
        let rate = Level::Rate {
            rate: 100.0,
            connections: 10,
        };
        let sessions = Level::Sessions {
            rate: 10.0,
            calls: 10,
            sessions: 100,
        };
        let c = Level::Connections(10);
        let cases: [(&Scenario, &Level, &str); 7] = [
            (
                &scenario(Wire::H2C, "/"),
                &c,
                "wrk speaks HTTP/1.1 only: it cannot run h2c",
            ),
            (
                &scenario(Wire::H2, "/"),
                &c,
                "wrk speaks HTTP/1.1 only: it cannot run h2",
            ),
            (
                &scenario(Wire::H3, "/"),
                &c,
                "wrk speaks HTTP/1.1 only: it cannot run h3 (use barrage)",
            ),
            (&h10, &c, "wrk sends HTTP/1.1 only: it cannot send HTTP/1.0"),
            (
                &post,
                &c,
                "wrk sets the method only from a Lua script: it cannot send POST",
            ),
            (&h1, &rate, "wrk has no open loop"),
            (&h1, &sessions, "wrk cannot run sessions"),
        ];
        for (s, level, want) in cases {
            let err = Driver::Wrk.supports(s, level).unwrap_err();
            assert!(err.starts_with(want), "{err}");
            let inv = Driver::Wrk.invocation(&run(s, level), Path::new("b"), Path::new("o"));
            assert_eq!(inv.unwrap_err(), err);
        }
    }

    fn fixture(name: &str) -> LevelStats {
        let text = match name {
            "hello" => include_str!("../../tests/fixtures/wrk_hello.stdout"),
            "404" => include_str!("../../tests/fixtures/wrk_404.stdout"),
            "timeouts" => include_str!("../../tests/fixtures/wrk_timeouts.stdout"),
            "delay" => include_str!("../../tests/fixtures/wrk_delay.stdout"),
            "close" => include_str!("../../tests/fixtures/wrk_close.stdout"),
            "reset" => include_str!("../../tests/fixtures/wrk_reset.stdout"),
            _ => unreachable!(),
        };
        parse(text).unwrap()
    }

    #[test]
    fn parses_a_clean_run() {
        assert_eq!(
            fixture("hello"),
            LevelStats {
                responses: 111680,
                responses_per_s: 55740.78,
                elapsed_s: 2.0,
                requests_sent: None,
                errors: Some(0),
                timeouts: Some(0),
                non_2xx: Some(0),
                bytes_read: Some((14.59f64 * 1048576.0).round() as u64),
                latency_mean_us: Some(135.61),
                latency_p50_us: Some(138.0),
                latency_p90_us: Some(156.0),
                latency_p99_us: Some(179.0),
                latency_p99_9_us: None,
                latency_max_us: Some(3970.0),
            }
        );
    }

    #[test]
    fn fixture_table() {
        // (fixture, responses, per s, elapsed, errors, timeouts, non-2xx, p50, max)
        type Row = (
            &'static str,
            u64,
            f64,
            f64,
            u64,
            u64,
            u64,
            Option<f64>,
            Option<f64>,
        );
        let rows: [Row; 5] = [
            (
                "404",
                206587,
                98383.48,
                2.10,
                0,
                0,
                206587,
                Some(76.0),
                Some(4240.0),
            ),
            ("timeouts", 4, 2.0, 2.0, 4, 4, 0, None, None),
            (
                "delay",
                752,
                375.38,
                2.0,
                0,
                0,
                0,
                Some(21470.0),
                Some(21920.0),
            ),
            (
                "close",
                37005,
                17624.04,
                2.10,
                0,
                0,
                0,
                Some(83.0),
                Some(1240.0),
            ),
            (
                "reset",
                2957,
                2689.25,
                1.10,
                5915,
                0,
                0,
                Some(198.0),
                Some(1750.0),
            ),
        ];
        for (name, responses, rate, elapsed, errors, timeouts, non_2xx, p50, max) in rows {
            let s = fixture(name);
            assert_eq!(s.responses, responses, "{name}");
            assert_eq!(s.responses_per_s, rate, "{name}");
            assert!((s.elapsed_s - elapsed).abs() < 1e-9, "{name}");
            assert_eq!(s.errors, Some(errors), "{name}");
            assert_eq!(s.timeouts, Some(timeouts), "{name}");
            assert_eq!(s.non_2xx, Some(non_2xx), "{name}");
            assert_eq!(s.latency_p50_us, p50, "{name}");
            assert_eq!(s.latency_max_us, max, "{name}");
        }
    }

    #[test]
    fn no_summary_is_an_error() {
        assert_eq!(
            parse("").unwrap_err(),
            "no `requests in` line in the output"
        );
        let cut = "  10 requests in 1.00s, 1.00KB read\n";
        assert_eq!(
            parse(cut).unwrap_err(),
            "no `Requests/sec:` line in the output"
        );
    }
}
