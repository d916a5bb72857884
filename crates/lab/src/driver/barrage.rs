//! barrage's own engine: `barrage load -q --json FILE -t THREADS -d DUR
//! --warmup W --timeout T [protocol flags] [--method M] [-H ...] [model flags] URL
//! [--script FILE [-- SCRIPT_ARGS...]]`.
//!
//! Every protocol and every load model. Protocol flags: `--no-keepalive`,
//! `--http1.0 [--keepalive]` (HTTP/1); `--insecure` for TLS (servers under
//! test use self-signed certificates); `--h2c -m N`, `--h2 --insecure -m N`,
//! `--h3 --insecure -m N` (HTTP/3 over QUIC, to the UDP port of the URL's
//! number).
//! WebSocket (`ws://`, `wss://` URLs): `--ws-size N [--ws-binary] -m K`
//! (`--insecure` for wss), or `--ws-subscribe`; the report's responses are
//! then messages and its latency their round trip.
//! Model flags: `-c N` (closed loop), `-R RATE -c C` (open loop),
//! `--conn-rate R --calls K --num-conns N` (sessions; `-d` then bounds a run
//! that has not finished its sessions).
//!
//! Sessions get no warm-up (`--warmup 0s`): their number is the whole budget
//! of the level, which a warm-up would spend before the measured window (and
//! httperf, the tool they reproduce, has none).
//!
//! A scenario's wrk script is `--script FILE`, its arguments the words
//! after `--` (the script's `init(args)`), both after the URL; the `-H`
//! headers are its `wrk.headers`. `barrage load` takes no `--method` and no
//! `--find-max` with a script (the script sets the method), so neither is
//! run with one.
//!
//! A workload scenario (docs/workloads.md) adds `--mix FILE`, the mix
//! checked in under `data/workloads/mix/` (the path on the host that runs
//! the load), when its load is more than one plain GET, and `--pipeline 16`
//! for plaintext at a level of connections; the URL is then the
//! workload's first request, which gives the host and port.
//!
//! The result is read from the JSON report (schema `barrage.load/1`) into
//! the shared [`RunReport`], which is kept whole in [`Parsed::report`].

use std::path::Path;

use std::time::Duration;

use barrage_model::search::{SearchReport, SEARCH_SCHEMA};
use barrage_model::{Protocol, RunReport};

use super::{
    duration_arg, header_lines, is_get, protocol_name, threads_for, url, Level, LevelStats,
    LoadRun, Parsed,
};
use barrage_model::load::WsMode;

use crate::suite::{Scenario, SearchSpec, WsScenario};

pub(super) fn supports(scenario: &Scenario, level: &Level) -> Result<(), String> {
    if scenario.is_ws() {
        return ws_supports(scenario, level);
    }
    if let Some(grpc) = &scenario.grpc {
        return super::grpc::supports(grpc, scenario.protocol, level);
    }
    if scenario.script.is_some() {
        if level.is_search() {
            return Err(
                "barrage cannot search for a capacity with a script in a suite (the lab does not read the script to know whether it only sets the request)"
                    .into(),
            );
        }
        if !is_get(scenario) {
            return Err(format!(
                "barrage takes the method from the script (wrk.method), not {} (--method takes no --script)",
                scenario.method
            ));
        }
    }
    let streams = scenario.protocol.multiplexed();
    if streams && scenario.http10 {
        return Err(format!(
            "barrage cannot send HTTP/1.0 over {}: http10 applies to h1 and https",
            protocol_name(scenario.protocol)
        ));
    }
    if streams && !scenario.keepalive {
        return Err(format!(
            "barrage keeps {} connections open: keepalive = false applies to h1 and https",
            protocol_name(scenario.protocol)
        ));
    }
    Ok(())
}

/// What barrage cannot do with a WebSocket scenario: sessions (a
/// connection per session), and anything but a closed loop when the
/// server pushes.
fn ws_supports(scenario: &Scenario, level: &Level) -> Result<(), String> {
    let subscribe = scenario
        .ws
        .as_ref()
        .is_some_and(|ws| ws.mode == WsMode::Subscribe);
    match level {
        Level::Sessions { .. } | Level::Search { calls: Some(_), .. } => Err(format!(
            "barrage loads {} in a closed or an open loop of messages, not in sessions",
            scenario.protocol
        )),
        Level::Connections(_) => Ok(()),
        _ if scenario.ws.as_ref().is_some_and(|ws| ws.in_flight > 1) => Err(
            "barrage sends one WebSocket message at a time per connection in an open loop: in_flight applies to a level of connections"
                .into(),
        ),
        _ if subscribe => Err(
            "barrage sends nothing in a WebSocket subscription: the server sets the rate (use a level of connections)"
                .into(),
        ),
        _ => Ok(()),
    }
}

/// A WebSocket scenario's flags: the message (`--ws-size N`,
/// `--ws-binary`) and, in a closed loop, `-m K` in flight per connection
/// (the open loop sends one at a time per connection); or
/// `--ws-subscribe`.
fn ws_flags(s: &Scenario, level: &Level) -> Vec<String> {
    let ws = s.ws.clone().unwrap_or_else(WsScenario::echo);
    if ws.mode == WsMode::Subscribe {
        return vec!["--ws-subscribe".into()];
    }
    let mut flags = vec!["--ws-size".into(), ws.message_bytes.to_string()];
    if ws.binary {
        flags.push("--ws-binary".into());
    }
    if matches!(level, Level::Connections(_)) {
        flags.extend(["-m".into(), ws.in_flight.max(1).to_string()]);
    }
    flags
}

pub(super) fn args(run: &LoadRun, json_out: &Path) -> Vec<String> {
    let s = run.scenario;
    let mut args: Vec<String> = vec!["load".into()];
    // A search prints its step table (kept as the run's output); a level
    // prints nothing.
    if !run.level.is_search() {
        args.push("-q".into());
    }
    // A line a second on stderr for the lab's live line (not the output).
    args.push("--progress-lines".into());
    args.extend([
        "--json".into(),
        json_out.to_string_lossy().into_owned(),
        "-t".into(),
        threads(run).to_string(),
        "-d".into(),
        duration_arg(run.duration),
        "--warmup".into(),
        duration_arg(warmup(run)),
        "--timeout".into(),
        duration_arg(run.timeout),
    ]);
    args.extend(protocol_flags(s).iter().map(|f| f.to_string()));
    if s.protocol.multiplexed() {
        args.extend(["-m".into(), s.streams.max(1).to_string()]);
    }
    if s.is_ws() {
        args.extend(ws_flags(s, run.level));
    }
    if let Some(grpc) = &s.grpc {
        args.extend(super::grpc::flags(grpc, run.level));
    }
    if s.protocol.is_h2() {
        if let Some(bits) = s.window_bits {
            args.extend(["-w".into(), bits.to_string()]);
        }
        if let Some(bits) = s.connection_window_bits {
            args.extend(["-W".into(), bits.to_string()]);
        }
    }
    // A mix sets each request's method itself; every gRPC call is a POST.
    if !is_get(s) && s.mix.is_none() && s.grpc.is_none() {
        args.extend(["--method".into(), s.method.clone()]);
    }
    args.extend(workload_flags(run));
    for header in header_lines(s) {
        args.extend(["-H".into(), header]);
    }
    let paced = s
        .grpc
        .as_ref()
        .and_then(|g| super::grpc::rate_flags(g, run.level));
    args.extend(paced.unwrap_or_else(|| model_flags(run)));
    match &s.grpc {
        Some(_) => args.extend(["--grpc".into(), super::grpc::url(s, run.host, run.port)]),
        None => args.push(url(s, run.host, run.port)),
    }
    if let Some(script) = &s.script {
        args.extend(["--script".into(), script.path.clone()]);
        if !script.args.is_empty() {
            args.push("--".into());
            args.extend(script.args.iter().cloned());
        }
    }
    args
}

/// A workload scenario's `--mix FILE` (its load is more than one plain
/// GET) and `--pipeline N` (plaintext, closed loop only: the open loop of
/// a search sends one request at a time per connection).
fn workload_flags(run: &LoadRun) -> Vec<String> {
    let s = run.scenario;
    let mut flags = Vec::new();
    if let Some(mix) = &s.mix {
        flags.extend(["--mix".into(), mix.clone()]);
    }
    let pipeline = super::workload_shape(s).map_or(1, |shape| shape.pipeline);
    if pipeline > 1 && matches!(run.level, Level::Connections(_)) {
        flags.extend(["--pipeline".into(), pipeline.to_string()]);
    }
    flags
}

/// The warm-up, none for sessions (see the module's doc).
fn warmup(run: &LoadRun) -> Duration {
    match run.level {
        Level::Sessions { .. } | Level::Search { calls: Some(_), .. } => Duration::ZERO,
        _ => run.warmup,
    }
}

/// How long a search may take at most: every step with its warm-up and a
/// timeout's grace (`--time-limit`, and the lab's deadline for the run).
pub(crate) fn search_time_limit(
    spec: &SearchSpec,
    duration: Duration,
    warmup: Duration,
    timeout: Duration,
) -> Duration {
    (duration + warmup + timeout) * spec.max_steps
}

/// One thread per connection at most (per session for sessions).
fn threads(run: &LoadRun) -> usize {
    let limit = match *run.level {
        Level::Connections(c) | Level::Rate { connections: c, .. } => c,
        Level::Sessions { sessions, .. } => usize::try_from(sessions).unwrap_or(usize::MAX),
        Level::Search { .. } => usize::MAX,
    };
    threads_for(run.threads, limit)
}

fn protocol_flags(s: &Scenario) -> &'static [&'static str] {
    let tls = s.protocol.is_tls();
    match (s.protocol.protocol, tls, s.http10, s.keepalive) {
        // The URL's scheme says WebSocket (ws://, wss://) and TLS; `--grpc
        // URL` says gRPC, the scheme says TLS.
        (Protocol::Ws | Protocol::Grpc, false, ..) => &[],
        (Protocol::Ws | Protocol::Grpc, true, ..) => &["--insecure"],
        (Protocol::H2, false, ..) => &["--h2c"],
        (Protocol::H2, true, ..) => &["--h2", "--insecure"],
        (Protocol::H3, ..) => &["--h3", "--insecure"],
        (Protocol::Http1, true, true, true) => &["--http1.0", "--keepalive", "--insecure"],
        (Protocol::Http1, true, true, false) => &["--http1.0", "--insecure"],
        (Protocol::Http1, true, false, false) => &["--no-keepalive", "--insecure"],
        (Protocol::Http1, true, false, true) => &["--insecure"],
        (Protocol::Http1, false, true, true) => &["--http1.0", "--keepalive"],
        (Protocol::Http1, false, true, false) => &["--http1.0"],
        (Protocol::Http1, false, false, false) => &["--no-keepalive"],
        (Protocol::Http1, false, false, true) => &[],
    }
}

fn model_flags(run: &LoadRun) -> Vec<String> {
    match *run.level {
        Level::Connections(c) => vec!["-c".into(), c.to_string()],
        Level::Rate { rate, connections } => vec![
            "-R".into(),
            super::number(rate),
            "-c".into(),
            connections.to_string(),
        ],
        Level::Sessions {
            rate,
            calls,
            sessions,
        } => vec![
            "--conn-rate".into(),
            super::number(rate),
            "--calls".into(),
            calls.to_string(),
            "--num-conns".into(),
            sessions.to_string(),
        ],
        Level::Search { ref spec, calls } => {
            let limit = search_time_limit(spec, run.duration, warmup(run), run.timeout);
            let mut flags = vec![
                "--find-max".into(),
                "--slo".into(),
                spec.slo.clone(),
                "--min-rate".into(),
                super::number(spec.min),
                "--max-rate".into(),
                super::number(spec.max),
                "--precision".into(),
                format!("{}%", spec.precision * 100.0),
                "--max-steps".into(),
                spec.max_steps.to_string(),
                "--time-limit".into(),
                duration_arg(limit),
            ];
            match calls {
                Some(calls) => flags.extend(["--calls".into(), calls.to_string()]),
                None => flags.extend([
                    "-c".into(),
                    spec.connections.to_string(),
                    "--max-connections".into(),
                    (spec.connections * SEARCH_CONNECTIONS_GROWTH).to_string(),
                ]),
            }
            flags
        }
    }
}

/// A search's open loop may open this many times its connections while
/// every one is busy (an open loop needs rate × latency in flight).
pub(crate) const SEARCH_CONNECTIONS_GROWTH: usize = 10;

pub(super) fn parse_file(json_out: &Path) -> Result<Parsed, String> {
    let text = std::fs::read_to_string(json_out)
        .map_err(|e| format!("no JSON report at {}: {e}", json_out.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", json_out.display()))
}

/// Reads a `barrage load --json` report, or a search's
/// (`barrage.search/1`).
pub(super) fn parse(json: &str) -> Result<Parsed, String> {
    let schema = serde_json::from_str::<serde_json::Value>(json)
        .ok()
        .and_then(|v| v.get("schema")?.as_str().map(str::to_owned));
    if schema.as_deref() == Some(SEARCH_SCHEMA) {
        let search: SearchReport =
            serde_json::from_str(json).map_err(|e| format!("not a search report: {e}"))?;
        return Ok(Parsed {
            stats: answer_stats(&search),
            report: None,
            search: Some(search),
            offered: None,
        });
    }
    let report = RunReport::from_json(json).map_err(|e| format!("not a barrage report: {e}"))?;
    Ok(Parsed {
        search: None,
        stats: level_stats(&report),
        report: Some(report),
        offered: None,
    })
}

/// A search's numbers in the form every driver gives: those of the step
/// that gave its answer (the confirmation, or the highest pass; the first
/// step when even that failed).
fn answer_stats(search: &SearchReport) -> LevelStats {
    let answer = search
        .steps
        .iter()
        .filter(|s| s.verdict.pass)
        .max_by(|a, b| {
            (a.offered_per_s, a.confirm)
                .partial_cmp(&(b.offered_per_s, b.confirm))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .or(search.steps.first());
    let Some(step) = answer else {
        return LevelStats::default();
    };
    let us = |v: u64| Some(v as f64);
    LevelStats {
        responses: (step.achieved_per_s * search.step_duration_s).round() as u64,
        responses_per_s: step.achieved_per_s,
        elapsed_s: search.step_duration_s,
        requests_sent: Some(step.requests_sent),
        errors: Some(step.errors),
        latency_p50_us: us(step.p50_us),
        latency_p99_us: us(step.p99_us),
        latency_p99_9_us: us(step.p99_9_us),
        latency_max_us: us(step.max_us),
        ..LevelStats::default()
    }
}

/// The report's numbers in the form every driver gives.
fn level_stats(report: &RunReport) -> LevelStats {
    let (t, l) = (&report.totals, &report.latency_us);
    let latency = |v: f64| (l.count > 0).then_some(v);
    LevelStats {
        responses: t.responses,
        responses_per_s: t.responses_per_s,
        elapsed_s: t.elapsed_s,
        requests_sent: Some(t.requests_sent),
        errors: Some(t.errors),
        timeouts: Some(report.errors.get("timeout").map_or(0, |e| e.count)),
        non_2xx: Some(t.responses_not_2xx_3xx),
        bytes_read: Some(t.bytes_read),
        latency_mean_us: latency(l.mean),
        latency_p50_us: latency(l.p50 as f64),
        latency_p90_us: latency(l.p90 as f64),
        latency_p99_us: latency(l.p99 as f64),
        latency_p99_9_us: latency(l.p99_9 as f64),
        latency_max_us: latency(l.max as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{run, scenario, words};
    use super::*;
    #[allow(unused_imports)]
    use crate::driver::Tool;
    use crate::suite::{Driver, ScriptRef, Wire};
    use std::time::Duration;

    const COMMON: &str =
        "load -q --progress-lines --json /tmp/o.json -t 2 -d 10s --warmup 2s --timeout 5s";

    fn args_of(s: &Scenario, level: &Level) -> Vec<String> {
        let inv = Driver::Barrage
            .invocation(
                &run(s, level),
                Path::new("/opt/barrage"),
                Path::new("/tmp/o.json"),
            )
            .unwrap();
        assert_eq!(inv.program, Path::new("/opt/barrage"));
        inv.args
    }

    #[test]
    fn invocations() {
        let h1 = scenario(Wire::H1, "/hello");
        let mut close = scenario(Wire::H1, "/");
        close.keepalive = false;
        let mut ab_like = scenario(Wire::H1, "/");
        ab_like.http10 = true;
        ab_like.keepalive = false;
        let mut ab_k = ab_like.clone();
        ab_k.keepalive = true;
        let https = scenario(Wire::HTTPS, "/static/4k");
        let mut https_close = https.clone();
        https_close.keepalive = false;
        let mut h2c = scenario(Wire::H2C, "/static/6b");
        h2c.streams = 100;
        let mut h2 = scenario(Wire::H2, "/");
        h2.streams = 10;
        let mut h3 = scenario(Wire::H3, "/static/4k");
        h3.streams = 100;
        let h3_one = scenario(Wire::H3, "/");
        let mut post = scenario(Wire::H1, "/hello");
        post.method = "POST".into();
        post.headers = vec![("X-A".into(), "1".into())];
        let xml = scenario(Wire::H1, "/xml?value=benchmarks");
        let mut scripted = scenario(Wire::H1, "/hello");
        scripted.headers = vec![("X-A".into(), "1".into())];
        scripted.script = Some(ScriptRef {
            path: "/lab/scripts/pipeline.lua".into(),
            args: vec!["16".into(), "-v".into()],
        });
        let mut bare = scenario(Wire::H2C, "/");
        bare.script = Some(ScriptRef {
            path: "/lab/post.lua".into(),
            args: vec![],
        });
        let c = |n| Level::Connections(n);
        let cases: Vec<(&Scenario, Level, &str)> = vec![
            (&h1, c(100), "-c 100 http://127.0.0.1:8080/hello"),
            (&h1, c(1), "-c 1 http://127.0.0.1:8080/hello"),
            (&close, c(4), "--no-keepalive -c 4 http://127.0.0.1:8080/"),
            (&ab_like, c(30), "--http1.0 -c 30 http://127.0.0.1:8080/"),
            (&ab_k, c(30), "--http1.0 --keepalive -c 30 http://127.0.0.1:8080/"),
            (&https, c(8), "--insecure -c 8 https://127.0.0.1:8080/static/4k"),
            (&https_close, c(8), "--no-keepalive --insecure -c 8 https://127.0.0.1:8080/static/4k"),
            (&h2c, c(500), "--h2c -m 100 -c 500 http://127.0.0.1:8080/static/6b"),
            (&h2, c(4), "--h2 --insecure -m 10 -c 4 https://127.0.0.1:8080/"),
            (&h3, c(500), "--h3 --insecure -m 100 -c 500 https://127.0.0.1:8080/static/4k"),
            (&h3_one, c(4), "--h3 --insecure -m 1 -c 4 https://127.0.0.1:8080/"),
            (&post, c(2), "--method POST -H X-A:_1 -c 2 http://127.0.0.1:8080/hello"),
            (
                &h1,
                Level::Rate { rate: 20000.0, connections: 100 },
                "-R 20000 -c 100 http://127.0.0.1:8080/hello",
            ),
            (
                &xml,
                Level::Sessions { rate: 100.0, calls: 10, sessions: 5000 },
                "--conn-rate 100 --calls 10 --num-conns 5000 http://127.0.0.1:8080/xml?value=benchmarks",
            ),
            // The script and its args after the URL, the args after `--`.
            (
                &scripted,
                c(8),
                "-H X-A:_1 -c 8 http://127.0.0.1:8080/hello --script /lab/scripts/pipeline.lua -- 16 -v",
            ),
            (&bare, c(2), "--h2c -m 1 -c 2 http://127.0.0.1:8080/ --script /lab/post.lua"),
            (
                &scripted,
                Level::Rate { rate: 500.0, connections: 10 },
                "-H X-A:_1 -R 500 -c 10 http://127.0.0.1:8080/hello --script /lab/scripts/pipeline.lua -- 16 -v",
            ),
        ];
        for (s, level, tail) in cases {
            let mut want = words(COMMON);
            if matches!(level, Level::Connections(1)) {
                want[6] = "1".into();
            }
            if matches!(level, Level::Sessions { .. }) {
                want[10] = "0s".into();
            }
            want.extend(words(tail).into_iter().map(|w| w.replace(":_", ": ")));
            assert_eq!(args_of(s, &level), want, "{tail}");
        }
    }

    /// WebSocket: the URL's scheme, the message flags and -m; wss at the
    /// TLS port with --insecure; a subscription sends nothing.
    #[test]
    fn ws_invocations() {
        let echo = Scenario::ws(Wire::WS, "/ws");
        let mut big = Scenario::ws(Wire::WSS, "/ws");
        let ws = big.ws.as_mut().unwrap();
        (ws.message_bytes, ws.binary, ws.in_flight) = (4096, true, 8);
        let mut push = Scenario::ws(Wire::WS, "/ws?push=100");
        push.ws.as_mut().unwrap().mode = WsMode::Subscribe;
        let rate = Level::Rate {
            rate: 5000.0,
            connections: 16,
        };
        let cases: Vec<(&Scenario, Level, &str)> = vec![
            (
                &echo,
                Level::Connections(100),
                "--ws-size 64 -m 1 -c 100 ws://127.0.0.1:8080/ws",
            ),
            (
                &big,
                Level::Connections(16),
                "--insecure --ws-size 4096 --ws-binary -m 8 -c 16 wss://127.0.0.1:8080/ws",
            ),
            (
                &echo,
                rate.clone(),
                "--ws-size 64 -R 5000 -c 16 ws://127.0.0.1:8080/ws",
            ),
            (
                &push,
                Level::Connections(4),
                "--ws-subscribe -c 4 ws://127.0.0.1:8080/ws?push=100",
            ),
        ];
        for (s, level, tail) in cases {
            let mut want = words(COMMON);
            want.extend(words(tail));
            assert_eq!(args_of(s, &level), want, "{tail}");
        }
        let sessions = Level::Sessions {
            rate: 10.0,
            calls: 1,
            sessions: 10,
        };
        let e = Driver::Barrage.supports(&echo, &sessions).unwrap_err();
        assert!(e.ends_with("not in sessions"), "{e}");
        let e = Driver::Barrage.supports(&big, &rate).unwrap_err();
        assert!(
            e.ends_with("in_flight applies to a level of connections"),
            "{e}"
        );
        let e = Driver::Barrage.supports(&push, &rate).unwrap_err();
        assert!(
            e.starts_with("barrage sends nothing in a WebSocket subscription"),
            "{e}"
        );
        // Every other tool refuses WebSocket in one line.
        for driver in [Driver::Wrk, Driver::H2load, Driver::Ab, Driver::Httperf] {
            let e = driver.supports(&echo, &Level::Connections(1)).unwrap_err();
            let want = format!(
                "{} cannot load WebSocket (ws): only barrage sends WebSocket messages (use driver barrage)",
                driver.name()
            );
            assert_eq!(e, want);
        }
    }

    fn workload(name: &str, path: &str, method: &str, mix: Option<&str>) -> Scenario {
        let mut s = scenario(Wire::H1, path);
        s.workload = Some(barrage_model::Workload::from_name(name).unwrap());
        s.method = method.into();
        s.mix = mix.map(String::from);
        s
    }

    /// A workload scenario: its mix file (no --method: the mix sets it),
    /// and plaintext pipelined 16 deep at a level of connections only.
    #[test]
    fn workload_invocations() {
        let upload = workload(
            "upload",
            "/upload",
            "POST",
            Some("/lab/data/workloads/mix/upload.toml"),
        );
        let json = workload("json", "/json", "GET", None);
        let plaintext = workload("plaintext", "/plaintext", "GET", None);
        let c = Level::Connections(512);
        let rate = Level::Rate {
            rate: 1000.0,
            connections: 64,
        };
        let cases: Vec<(&Scenario, Level, &str)> = vec![
            (&upload, c.clone(), "--mix /lab/data/workloads/mix/upload.toml -c 512 http://127.0.0.1:8080/upload"),
            (&upload, rate.clone(), "--mix /lab/data/workloads/mix/upload.toml -R 1000 -c 64 http://127.0.0.1:8080/upload"),
            (&json, c.clone(), "-c 512 http://127.0.0.1:8080/json"),
            (&plaintext, c.clone(), "--pipeline 16 -c 512 http://127.0.0.1:8080/plaintext"),
            (&plaintext, rate, "-R 1000 -c 64 http://127.0.0.1:8080/plaintext"),
        ];
        for (s, level, tail) in cases {
            let mut want = words(COMMON);
            want.extend(words(tail));
            assert_eq!(args_of(s, &level), want, "{tail}");
        }
        // The external tools send json from its URL, and nothing that
        // needs a mix or pipelining.
        for driver in [Driver::Wrk, Driver::H2load, Driver::Ab] {
            assert_eq!(driver.supports(&json, &c), Ok(()), "{driver:?}");
            let e = driver.supports(&upload, &c).unwrap_err();
            assert!(e.ends_with("cannot send workload upload: its load is a mix of requests (barrage load --mix); use driver barrage"), "{e}");
            let e = driver.supports(&plaintext, &c).unwrap_err();
            assert!(e.ends_with("cannot send workload plaintext: its load is pipelined 16 deep; use driver barrage"), "{e}");
        }
    }

    #[test]
    fn threads_and_durations() {
        let s = scenario(Wire::H1, "/");
        let level = Level::Sessions {
            rate: 1.5,
            calls: 1,
            sessions: 1,
        };
        let mut r = run(&s, &level);
        r.duration = Duration::from_millis(2500);
        r.timeout = Duration::from_millis(500);
        let a = args(&r, Path::new("o"));
        assert_eq!(
            a[5..],
            words("-t 1 -d 2500ms --warmup 0s --timeout 500ms --conn-rate 1.5 --calls 1 --num-conns 1 http://127.0.0.1:8080/")
        );
    }

    #[test]
    fn unsupported() {
        for protocol in [Wire::H2C, Wire::H2, Wire::H3] {
            let mut h10 = scenario(protocol, "/");
            h10.http10 = true;
            let err = Driver::Barrage
                .supports(&h10, &Level::Connections(1))
                .unwrap_err();
            let want = format!("barrage cannot send HTTP/1.0 over {protocol}:");
            assert!(err.starts_with(&want), "{err}");
            let mut close = scenario(protocol, "/");
            close.keepalive = false;
            let err = Driver::Barrage
                .supports(&close, &Level::Connections(1))
                .unwrap_err();
            let want = format!("barrage keeps {protocol} connections open");
            assert!(err.starts_with(&want), "{err}");
        }
        // A script sets the method itself, and searches take none.
        let mut post = scenario(Wire::H1, "/");
        post.method = "POST".into();
        post.script = Some(ScriptRef {
            path: "/lab/post.lua".into(),
            args: vec![],
        });
        let err = Driver::Barrage
            .supports(&post, &Level::Connections(1))
            .unwrap_err();
        assert!(
            err.starts_with("barrage takes the method from the script"),
            "{err}"
        );
        let mut get = post.clone();
        get.method = "GET".into();
        let search = Level::Search {
            spec: SearchSpec {
                slo: "p99<=10ms".into(),
                min: 10.0,
                max: 1000.0,
                precision: 0.02,
                max_steps: 20,
                connections: 10,
            },
            calls: None,
        };
        let err = Driver::Barrage.supports(&get, &search).unwrap_err();
        assert!(
            err.starts_with("barrage cannot search for a capacity with a script"),
            "{err}"
        );
    }

    fn fixture(name: &str) -> Parsed {
        let text = match name {
            "closed" => include_str!("../../tests/fixtures/barrage_closed.json"),
            "h2" => include_str!("../../tests/fixtures/barrage_h2.json"),
            "open" => include_str!("../../tests/fixtures/barrage_open.json"),
            "sessions" => include_str!("../../tests/fixtures/barrage_sessions.json"),
            "refused" => include_str!("../../tests/fixtures/barrage_refused.json"),
            _ => unreachable!(),
        };
        parse(text).unwrap()
    }

    #[test]
    fn parses_a_real_report() {
        let parsed = fixture("closed");
        assert_eq!(
            parsed.stats,
            LevelStats {
                responses: 216239,
                responses_per_s: 108119.5,
                elapsed_s: 2.0,
                requests_sent: Some(216239),
                errors: Some(0),
                timeouts: Some(0),
                non_2xx: Some(0),
                bytes_read: Some(29626113),
                latency_mean_us: Some(91.9877),
                latency_p50_us: Some(97.0),
                latency_p90_us: Some(112.0),
                latency_p99_us: Some(153.0),
                latency_p99_9_us: Some(206.0),
                latency_max_us: Some(1893.0),
            }
        );
        let report = parsed.report.unwrap();
        assert_eq!(report.schema, "barrage.load/1");
        assert_eq!(report.histograms.latency_us.len(), 216239);
    }

    #[test]
    fn fixture_table() {
        for (name, model) in [("h2", "closed"), ("open", "open"), ("sessions", "sessions")] {
            let parsed = fixture(name);
            let report = parsed.report.as_ref().unwrap();
            assert_eq!(report.spec.model.name(), model, "{name}");
            let s = &parsed.stats;
            assert_eq!(s.responses, report.totals.responses, "{name}");
            assert!(s.responses > 0 && s.latency_p99_us.is_some(), "{name}");
            assert_eq!(
                s.non_2xx,
                Some(report.totals.responses_not_2xx_3xx),
                "{name}"
            );
        }
        assert_eq!(
            fixture("open").stats.non_2xx,
            Some(fixture("open").stats.responses)
        );
    }

    #[test]
    fn a_run_without_responses_has_no_latency() {
        let s = fixture("refused").stats;
        assert_eq!(s.responses, 0);
        assert!(s.errors.unwrap() > 0);
        assert_eq!(
            (s.latency_mean_us, s.latency_p99_us, s.latency_max_us),
            (None, None, None)
        );
    }

    #[test]
    fn not_a_report() {
        assert!(parse("{")
            .unwrap_err()
            .starts_with("not a barrage report: not valid JSON: "));
        assert!(parse("{}")
            .unwrap_err()
            .starts_with("not a barrage report: no \"schema\" field"));
        let text = include_str!("../../tests/fixtures/barrage_closed.json")
            .replace("\"responses_per_s\"", "\"rps\"");
        assert_eq!(
            parse(&text).unwrap_err(),
            "not a barrage report: not a valid file of its schema: at `totals`: missing field `responses_per_s`"
        );
    }
}
