//! The h2load dialect: `barrage h2load -n2000000 -c500 -m100 URL` (or a link
//! named `h2load`) runs nghttp2 1.52's h2load load on barrage's engine and
//! prints h2load's report, computed from barrage's exact histograms.
//!
//! The load is h2load's: `-c` clients, each one connection with `-m`
//! concurrent streams, HTTP/2 with prior knowledge for `http://` (h2c) and
//! by ALPN over TLS for `https://` (certificates are not verified, as h2load
//! does not); `--h1` speaks HTTP/1.1 and pipelines `-m` requests. `-n` sends
//! exactly that many requests; `-D` runs for a time after
//! `--warm-up-time`; `-r` starts connections at a rate (barrage's sessions
//! model); `--rps` paces each client (barrage's open loop). Flags barrage
//! cannot honour are refused with one line naming the nearest native
//! option. See `args` for the flags, `plan` for the mapping and `output`
//! for h2load's layout.

mod args;
mod output;
mod plan;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use barrage_engine::{Model, NoObserver, Protocol, RunReport, Scheme, StopReason};

use output::{Requests, SdStat, Summary};
use plan::{Mode, Plan};

const H2LOAD_VERSION: &str = "1.52.0";

pub fn main(args: Vec<OsString>) -> ExitCode {
    let parsed = args::parse(&args).map_err(|msg| format!("h2load: {msg}"));
    let version = || {
        format!(
            "h2load nghttp2/{H2LOAD_VERSION} (barrage {}: h2load's command line on barrage's engine)",
            env!("CARGO_PKG_VERSION")
        )
    };
    let options = match super::run_options(parsed, usage, version) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mut stdin = || {
        let mut text = String::new();
        let _ = std::io::stdin().read_to_string(&mut text);
        text
    };
    let plan = match plan::build(&options, cores, &mut stdin) {
        Ok(p) => p,
        Err(msg) => return crate::exit::usage_error(format!("h2load: {msg}")),
    };
    for note in &plan.notes {
        eprintln!("{note}");
    }
    print!("{}", header(&plan));
    let _ = std::io::stdout().flush();

    let stop = crate::common::stop_on_ctrl_c();
    let began = Instant::now();
    let report = match barrage_engine::run_until(&plan.spec, &mut NoObserver, stop) {
        Ok(r) => r,
        Err(e) => {
            let line = crate::common::spec_error(&e, plan::flag);
            return crate::exit::usage_error(format!("h2load: {line}"));
        }
    };
    let wall = began.elapsed();
    print!("{}", after_run(&plan, &report, wall));
    let _ = std::io::stdout().flush();
    for line in error_notes(&report) {
        eprintln!("{line}");
    }
    if !crate::common::write_json(&report, plan.json.as_deref()) {
        return ExitCode::from(crate::exit::EXIT_FAILED);
    }
    // h2load exits 0 once a run is done, whatever it met.
    ExitCode::SUCCESS
}

/// `n` split over `parts` as h2load splits it: the first take the remainder.
fn share(n: u64, parts: u64, i: u64) -> u64 {
    n / parts + u64::from(i < n % parts)
}

/// What h2load prints before connecting.
fn header(plan: &Plan) -> String {
    let mut out = String::from("starting benchmark...\n");
    let t = plan.threads;
    for i in 0..t {
        let clients = share(plan.clients, t, i);
        let _ = match &plan.mode {
            Mode::Timing { duration, warm_up } => writeln!(
                out,
                "spawning thread #{i}: {clients} total client(s). Timing-based test with {}s of warm-up time and {}s of main duration for measurements.",
                output::seconds_plain(*warm_up),
                output::seconds_plain(*duration)
            ),
            Mode::Requests { n } => writeln!(
                out,
                "spawning thread #{i}: {clients} total client(s). {} total requests",
                share(*n, t, i)
            ),
            Mode::Rate { n, rate, period } => {
                let rate = share(*rate, t, i);
                let up_to = if clients > rate {
                    format!(
                        "Up to {rate} client(s) will be created every {} ",
                        output::duration_str(*period)
                    )
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "spawning thread #{i}: {clients} total client(s). {up_to}{} total requests",
                    share(*n, t, i)
                )
            }
        };
    }
    out
}

/// Everything after the run: the phase and progress lines h2load prints
/// while it runs, then its summary.
fn after_run(plan: &Plan, report: &RunReport, wall: Duration) -> String {
    let summary = summarise(plan, report, wall);
    let t = plan.threads;
    let clients0 = share(plan.clients, t, 0);
    let mut out = String::new();
    match &plan.mode {
        Mode::Timing { .. } => {
            for i in 0..t {
                let _ = writeln!(out, "Warm-up started for thread #{i}.");
            }
            out += &output::progress(clients0, clients0, "of clients started");
            out += &protocol_lines(plan, report);
            for i in 0..t {
                let _ = writeln!(out, "Warm-up phase is over for thread #{i}.");
                let _ = writeln!(out, "Main benchmark duration is started for thread #{i}.");
            }
            for i in 0..t {
                let _ = writeln!(
                    out,
                    "Main benchmark duration is over for thread #{i}. Stopping all clients."
                );
                let _ = writeln!(out, "Stopped all clients for thread #{i}");
            }
        }
        Mode::Requests { n } => {
            out += &protocol_lines(plan, report);
            let todo0 = share(*n, t, 0);
            let done0 = scale(summary.requests.done, todo0, *n);
            out += &output::progress(todo0, done0, "done");
        }
        Mode::Rate { .. } => {
            out += &protocol_lines(plan, report);
            let started = report.sessions.as_ref().map_or(0, |s| s.started);
            let started0 = scale(started, clients0, plan.clients);
            out += &output::progress(clients0, started0, "of clients started");
        }
    }
    out += &output::summary(&summary);
    out
}

/// `x` × `part` / `whole`: worker 0's share of a whole-run count.
fn scale(x: u64, part: u64, whole: u64) -> u64 {
    if whole == 0 {
        return 0;
    }
    (u128::from(x) * u128::from(part) / u128::from(whole)) as u64
}

/// `TLS Protocol:`, `Cipher:` and `Application protocol:`, once a
/// connection was made.
fn protocol_lines(plan: &Plan, report: &RunReport) -> String {
    let mut out = String::new();
    if plan.spec.target.scheme == Scheme::Https {
        let Some(tls) = report.tls.as_ref().filter(|t| t.version.is_some()) else {
            return out;
        };
        let _ = writeln!(
            out,
            "TLS Protocol: {}",
            tls.version.as_deref().unwrap_or_default()
        );
        if let Some(cipher) = &tls.cipher {
            let _ = writeln!(out, "Cipher: {}", output::openssl_cipher(cipher));
        }
        match &tls.alpn {
            Some(alpn) => {
                let _ = writeln!(out, "Application protocol: {alpn}");
            }
            None => {
                out += "No protocol negotiated. Fallback behaviour may be activated\n";
                out += "Server does not support NPN/ALPN. Falling back to HTTP/1.1.\n";
                out += "Application protocol: http/1.1\n";
            }
        }
        return out;
    }
    let connected = report.connections.opened > 0
        || report.totals.responses > 0
        || report.h2.as_ref().is_some_and(|h| h.connections_h2 > 0);
    if connected {
        let proto = match plan.spec.protocol {
            Protocol::H2 => "h2c",
            Protocol::H3 => "h3",
            Protocol::Http1 => "http/1.1",
            // h2load's dialect never asks for these.
            Protocol::Ws => "websocket",
            Protocol::Grpc => "grpc",
        };
        let _ = writeln!(out, "Application protocol: {proto}");
    }
    out
}

/// h2load's counts and statistics from barrage's report.
fn summarise(plan: &Plan, report: &RunReport, wall: Duration) -> Summary {
    let totals = &report.totals;
    let responses = totals.responses;
    let non_ok = totals.responses_not_2xx_3xx.min(responses);
    let lost = totals.requests_sent.saturating_sub(responses);
    // Requests sent and never answered: lost to errors when there were any,
    // else still in flight when a timed run ended (h2load counts neither as
    // done then).
    let errored_sent = if totals.errors > 0 { lost } else { 0 };
    let timeouts = report.errors.get("timeout").map_or(0, |e| e.count);
    let done = responses + errored_sent;
    let (total, errored) = match &plan.mode {
        Mode::Timing { .. } => (done, errored_sent),
        // h2load counts requests never sent (a connection failed) as
        // errored too, out of its -n.
        Mode::Requests { n } | Mode::Rate { n, .. } => (*n, n.saturating_sub(responses)),
    };
    let requests = Requests {
        total,
        started: totals.requests_sent,
        done,
        succeeded: responses - non_ok,
        failed: errored + non_ok,
        errored,
        timeout: timeouts.min(errored),
    };
    let (finished_us, secs) = match &plan.mode {
        Mode::Timing { duration, .. } => (wall.as_micros() as u64, duration.as_secs_f64()),
        _ => ((totals.elapsed_s * 1e6) as u64, totals.elapsed_s),
    };
    let (rps, bps) = if secs > 0.0 {
        (
            responses as f64 / secs,
            (totals.bytes_read as f64 / secs) as u64,
        )
    } else {
        (0.0, 0)
    };
    let mut status = [0u64; 4];
    for (code, count) in &report.status_counts {
        let class = match code.parse::<u16>() {
            Ok(200..=299) => 0,
            Ok(0..=399) => 1,
            Ok(400..=499) => 2,
            Ok(500..=599) => 3,
            _ => continue,
        };
        status[class] += count;
    }
    let h = &report.histograms;
    let latency = &h.latency_us;
    let connect = if plan.spec.target.scheme == Scheme::Https {
        SdStat::sum(&h.connect_us, &h.tls_handshake_us)
    } else {
        SdStat::of_histogram(&h.connect_us)
    };
    Summary {
        finished_us,
        rps,
        bps,
        requests,
        status,
        bytes_total: totals.bytes_read,
        request: SdStat::of_histogram(latency),
        connect,
        ttfb: SdStat::default(),
        client_rps: client_rates(plan, report),
    }
}

/// h2load's per-client req/s (each client's responses over its lifetime).
/// Closed and open loop: from barrage's per-second series, each second's
/// responses per second per connection. Sessions: one estimate, the calls of
/// a session over its expected length (connect, handshake, then its calls
/// one after another at the mean response time).
fn client_rates(plan: &Plan, report: &RunReport) -> SdStat {
    let connections = match plan.spec.model {
        Model::Closed { connections, .. } | Model::Open { connections, .. } => connections,
        Model::Sessions { calls, .. } => {
            let setup_us =
                report.connect_us.mean + report.tls.as_ref().map_or(0.0, |t| t.handshake_us.mean);
            let length_us = setup_us + f64::from(calls) * report.latency_us.mean;
            if report.totals.responses == 0 || length_us <= 0.0 {
                return SdStat::of(&[0.0]);
            }
            return SdStat::of(&[f64::from(calls) / (length_us / 1e6)]);
        }
    }
    .max(1) as f64;
    let elapsed = report.totals.elapsed_s;
    let samples: Vec<f64> = report
        .series
        .iter()
        .filter_map(|s| {
            let length = (elapsed - f64::from(s.t_s)).min(1.0);
            (length > 1e-6).then(|| s.responses as f64 / length / connections)
        })
        .collect();
    SdStat::of(&samples)
}

/// barrage's errors, one line each on stderr (h2load prints none; stdout
/// keeps its layout).
fn error_notes(report: &RunReport) -> Vec<String> {
    let mut lines: Vec<String> = report
        .errors
        .iter()
        .filter(|(_, e)| e.count > 0)
        .map(|(kind, e)| {
            format!(
                "barrage: {} {kind} error(s); the first: {}",
                e.count,
                e.first.as_deref().unwrap_or("-")
            )
        })
        .collect();
    if report.stop_reason == StopReason::Unreachable {
        lines.push(
            "barrage: stopped early: nothing connected or answered for a whole timeout, or the TLS handshake failed"
                .into(),
        );
    }
    lines
}

fn usage() -> String {
    format!(
        "Usage: h2load [OPTIONS]... [URI]...
barrage {version}'s h2load dialect: nghttp2 {H2LOAD_VERSION}'s h2load command line, run on
barrage's engine, printed in h2load's layout.

  <URI>       URIs used in turn; scheme, host and port come from the first.
Options (h2load's defaults):
  -n, --requests=<N>      requests in all, exactly (default 1)
  -c, --clients=<N>       connections (default 1)
  -t, --threads=<N>       threads, at most one per core (default 1)
  -m, --max-concurrent-streams=<N>
                          streams per connection; HTTP/1.1: pipelined requests (default 1)
  -w, --window-bits=<N>   stream window 2^N-1 (default 30)
  -W, --connection-window-bits=<N>
                          connection window 2^N-1 (default 30)
  -H, --header=<HEADER>   add or override a header (:authority, :method, user-agent)
  -i, --input-file=<PATH> URIs, one per line ('-': stdin)
  -d, --data=<PATH>       POST the file's contents
  -p, --no-tls-proto=<h2c|http/1.1>
                          protocol for http:// URIs (default h2c)
  --h1                    HTTP/1.1 for http:// and https://
  --npn-list=<LIST>       ALPN list: h3 first, HTTP/3 over QUIC; else with h2, h2
                          (HTTP/1.1 as fallback); else http/1.1
  -D, --duration=<DURATION>
                          timed run
  --warm-up-time=<DURATION>
                          load before the timed run, not measured (with -D)
  -r, --rate=<N>          connections started per --rate-period (barrage's sessions:
                          -n/-c requests on each, one at a time)
  --rate-period=<DURATION> (default 1s)
  --rps=<N>               requests per second per client (barrage's open loop)
  -T, --connection-active-timeout=<DURATION>
  -N, --connection-inactivity-timeout=<DURATION>
                          barrage's per-request timeout (the shorter; default 10s)
  -B, --base-uri=<URI>    scheme, host and port for every request
  --connect-to=<HOST>[:<PORT>]
                          connect there instead of the URI's host
  -f, --max-frame-size, --header-table-size, --encoder-header-table-size
                          their defaults only (16K, 4K, 4K)
  --ciphers, --tls13-ciphers, --groups
                          their defaults only
  --ktls, -v, --no-udp-gso, --qlog-file-base, --max-udp-payload-size
                          accepted, no effect
  --log-file, --timing-script-file, -B unix:PATH
                          not supported (the error names the nearest barrage option)
  --barrage-json=<FILE>   also write barrage's JSON report (as barrage load --json)
  --version, -h, --help

TLS certificates are not verified, as in h2load.
<DURATION> is an integer with h, m, s or ms (seconds without); <SIZE> an integer with K, M or G.
",
        version = env!("CARGO_PKG_VERSION")
    )
}
