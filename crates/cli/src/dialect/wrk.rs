//! The wrk dialect: `barrage wrk -t2 -c50 -d30s --latency URL` (or a link
//! named `wrk`) runs wrk 4.1's load on barrage's engine and prints wrk's
//! report, computed from barrage's exact histograms.
//!
//! The load is wrk's: a closed loop of `-c` HTTP/1.1 keep-alive connections
//! sending `GET` for `-d` seconds. `-t` threads become engine threads, at
//! most one per core (and never more than connections): wrk's thread count
//! is a way to use the cores, and barrage's workers already use them all.
//! wrk's header still prints the `-t` asked for, and `Req/Sec` is per thread
//! of that count. `-s` runs a wrk Lua script (crates/script: wrk's API, one
//! Lua state per engine thread); words after the URL are its init(args).

mod args;
mod format;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use barrage_engine::{
    LoadSpec, Model, Observer, RequestTemplate, Reuse, RunReport, Scheme, Window,
};
use hdrhistogram::Histogram;

use args::Options;
use format::{Results, Row};

pub fn main(args: Vec<OsString>) -> ExitCode {
    let options = match super::run_options(args::parse(&args), usage, version) {
        Ok(o) => o,
        Err(code) => return code,
    };
    if options.version {
        println!("{}", version());
    }
    let mut spec = match build_spec(&options, cores()) {
        Ok(spec) => spec,
        Err(msg) => return crate::exit::usage_error(msg),
    };
    if let Err(e) = spec.validate() {
        return crate::exit::usage_error(format!("wrk: {}", crate::common::spec_error(&e, flag)));
    }
    let mut script = match &options.script {
        Some(path) => {
            let args = options.script_args.clone();
            match crate::script::Loaded::load(path, args, &mut spec, false) {
                Ok(s) => Some(s),
                Err(e) => return crate::exit::usage_error(format!("wrk -s: {e}")),
            }
        }
        None => None,
    };
    if let Err(e) = spec.validate() {
        return crate::exit::usage_error(format!("wrk -s: {}", e.message));
    }
    print!(
        "{}",
        format::header(
            options.duration_s,
            &options.url,
            options.threads,
            options.connections
        )
    );
    let _ = std::io::stdout().flush();

    let stop = crate::common::stop_on_ctrl_c();
    let mut collector = Collector::default();
    let mut viewed = crate::live::Viewed::new(&mut collector, &spec, "wrk", &stop);
    let ran = crate::script::run(script.as_mut(), &spec, &mut viewed, stop);
    viewed.finish();
    let report = match ran {
        Ok(r) => r,
        Err(e) => {
            return crate::exit::usage_error(format!(
                "wrk: {}",
                crate::common::spec_error(&e, flag)
            ))
        }
    };
    print!(
        "{}",
        format::results(&results(&report, &collector, &options))
    );
    let _ = std::io::stdout().flush();
    if !crate::common::write_json(&report, options.barrage_json.as_deref()) {
        return ExitCode::from(crate::exit::EXIT_FAILED);
    }
    if !crate::script::after(script.as_ref(), &report) {
        return ExitCode::from(crate::exit::EXIT_FAILED);
    }
    if report.totals.responses == 0 && report.totals.errors > 0 {
        let first = report
            .errors
            .values()
            .find_map(|e| e.first.clone())
            .unwrap_or_default();
        eprintln!(
            "barrage: error: no response from {}: {first}",
            report.target.address
        );
        return ExitCode::from(crate::exit::EXIT_FAILED);
    }
    ExitCode::SUCCESS
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// wrk's load as a [`LoadSpec`]: closed loop, keep-alive, `GET`.
fn build_spec(o: &Options, cores: usize) -> Result<LoadSpec, String> {
    let mut spec = LoadSpec::from_url(&o.url).map_err(|e| format!("wrk: {e}"))?;
    let headers = headers(&o.headers)?;
    // `-H 'Connection: close'` makes wrk reconnect after every response.
    let close = headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("connection") && v.eq_ignore_ascii_case("close"));
    spec.reuse = if close {
        Reuse::Close
    } else {
        Reuse::KeepAlive
    };
    let path = spec.requests[0].path.clone();
    spec.requests = vec![RequestTemplate {
        headers,
        ..RequestTemplate::get(&path)
    }];
    let connections = usize::try_from(o.connections).unwrap_or(usize::MAX);
    let threads = usize::try_from(o.threads).unwrap_or(usize::MAX);
    spec.model = Model::Closed {
        connections,
        pipeline: 1,
    };
    spec.threads = threads.min(cores).min(connections).max(1);
    spec.duration = Some(Duration::from_secs(o.duration_s));
    spec.max_requests = None;
    spec.timeout = Duration::from_secs(o.timeout_s);
    spec.warmup = Duration::ZERO;
    // wrk does not verify certificates.
    if spec.target.scheme == Scheme::Https {
        spec.tls.insecure = true;
    }
    Ok(spec)
}

/// `-H` values as `(name, value)`. wrk keeps headers in a table by name, so
/// a name given twice is sent once, with its last value.
fn headers(given: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for h in given {
        let (name, value) = h
            .split_once(':')
            .ok_or_else(|| format!("wrk -H {h:?}: expected 'Name: value'"))?;
        // The engine checks the name and value (LoadSpec::validate).
        let name = name.trim();
        out.retain(|(n, _)| n != name);
        out.push((name.to_string(), value.trim().to_string()));
    }
    Ok(out)
}

/// What the report does not keep: the whole latency histogram (for wrk's
/// "+/- Stdev") and each second's responses (for "Req/Sec").
#[derive(Default)]
struct Collector {
    /// Responses per second, one entry per measured window with responses.
    per_second: Vec<f64>,
}

impl Observer for Collector {
    fn on_window(&mut self, w: &Window) {
        if w.warmup {
            return;
        }
        // No warm-up: the measured phase starts with the load, and window i
        // covers seconds i..i+1 (the last one ends when the run does).
        let begins = Duration::from_secs(u64::from(w.index));
        let length = w.elapsed.saturating_sub(begins).as_secs_f64();
        // wrk samples a thread's rate every 100 ms when it has completed requests.
        if w.counters.responses > 0 && length >= 0.1 {
            self.per_second
                .push(w.counters.responses as f64 / length.min(1.0));
        }
    }
}

/// wrk's numbers from barrage's report and the collected windows.
fn results(report: &RunReport, c: &Collector, o: &Options) -> Results {
    let lat = &report.latency_us;
    let h = &report.histograms.latency_us;
    let latency = match h.is_empty() {
        false => Row {
            mean: lat.mean,
            stdev: lat.stdev,
            max: lat.max as f64,
            within_stdev_pct: Some(within(h, lat.mean, lat.stdev)),
        },
        _ => Row::of(&[]),
    };
    let per_thread: Vec<f64> = c.per_second.iter().map(|r| r / o.threads as f64).collect();
    let count = |kinds: &[&str]| -> u64 {
        kinds
            .iter()
            .filter_map(|k| report.errors.get(*k))
            .map(|e| e.count)
            .sum()
    };
    let t = &report.totals;
    Results {
        latency,
        req_per_sec: Row::of(&per_thread),
        distribution: o
            .latency
            .then(|| [lat.p50, lat.p75, lat.p90, lat.p99].map(|v| v as f64)),
        responses: t.responses,
        runtime_us: t.elapsed_s * 1e6,
        bytes_read: t.bytes_read,
        socket_errors: [
            count(&["connect", "tls"]),
            count(&["read", "reset", "protocol", "stream"]),
            count(&["write"]),
            count(&["timeout"]),
        ],
        non_2xx_3xx: t.responses_not_2xx_3xx,
        requests_per_s: t.responses_per_s,
        bytes_per_s: t.bytes_read_per_s,
    }
}

/// The share of samples within one stdev of the mean, percent.
fn within(h: &Histogram<u64>, mean: f64, stdev: f64) -> f64 {
    let (lower, upper) = (mean - stdev, mean + stdev);
    let inside: u64 = h
        .iter_recorded()
        .filter(|v| {
            let x = h.median_equivalent(v.value_iterated_to()) as f64;
            x >= lower && x <= upper
        })
        .map(|v| v.count_at_value())
        .sum();
    inside as f64 / h.len() as f64 * 100.0
}

/// The wrk flag that sets a part of the spec, for the engine's errors.
fn flag(field: barrage_engine::Field) -> Option<&'static str> {
    use barrage_engine::Field as F;
    Some(match field {
        F::Target | F::Path => "URL",
        F::Header => "-H",
        F::Threads => "-t",
        F::Connections => "-c",
        F::Duration => "-d",
        F::Timeout => "--timeout",
        F::Script => "-s",
        _ => return None,
    })
}

fn version() -> String {
    format!(
        "wrk 4.1.0 [barrage {}] (barrage's wrk dialect: wrk's command line and output on barrage's engine)",
        env!("CARGO_PKG_VERSION")
    )
}

fn usage() -> String {
    format!(
        "Usage: wrk <options> <url>
  Options:
    -c, --connections <N>  Connections to keep open
    -d, --duration    <T>  Duration of test
    -t, --threads     <N>  Number of threads to use
                           (barrage: at most one per core)

    -s, --script      <S>  Load Lua script file
                           (wrk's API; words after the URL are its args)
    -H, --header      <H>  Add header to request
        --latency          Print latency statistics
        --timeout     <T>  Socket/request timeout
    -v, --version          Print version details
        --barrage-json <F> Also write barrage's JSON report to F

  Numeric arguments may include a SI unit (1k, 1M, 1G)
  Time arguments may include a time unit (2s, 2m, 2h)

{} — wrk's command line on barrage's engine; see docs/dialects.md.
",
        version()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(args: &[&str]) -> Options {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        match args::parse(&args) {
            Ok(args::Command::Run(o)) => o,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_seed_maps_to_a_closed_loop() {
        let o = options(&["-t100", "-c5000", "-d30s", "http://127.0.0.1:8080/"]);
        let spec = build_spec(&o, 2).unwrap();
        assert_eq!(
            spec.model,
            Model::Closed {
                connections: 5000,
                pipeline: 1
            }
        );
        assert_eq!(spec.threads, 2, "capped to the cores");
        assert_eq!(spec.duration, Some(Duration::from_secs(30)));
        assert_eq!(spec.timeout, Duration::from_secs(2));
        assert_eq!(spec.reuse, Reuse::KeepAlive);
        assert_eq!(spec.requests.len(), 1);
        assert_eq!(spec.requests[0].method, "GET");
        assert_eq!(spec.requests[0].path, "/");
        spec.validate().unwrap();
        // Never more threads than connections or than asked for.
        let spec = build_spec(&options(&["-t1", "-c1", "http://127.0.0.1:1/"]), 8).unwrap();
        assert_eq!(spec.threads, 1);
        let spec = build_spec(&options(&["-t3", "-c100", "http://127.0.0.1:1/"]), 8).unwrap();
        assert_eq!(spec.threads, 3);
    }

    #[test]
    fn headers_map_to_the_request() {
        let o = options(&[
            "-H",
            "Accept: */*",
            "-H",
            "X-A:1",
            "-H",
            "X-A: 2",
            "-H",
            "Connection: close",
            "--timeout",
            "5",
            "https://127.0.0.1:8443/x?y=1",
        ]);
        let spec = build_spec(&o, 2).unwrap();
        assert_eq!(
            spec.requests[0].headers,
            [
                ("Accept".to_string(), "*/*".to_string()),
                ("X-A".into(), "2".into()),
                ("Connection".into(), "close".into())
            ]
        );
        assert_eq!(spec.requests[0].path, "/x?y=1");
        assert_eq!(spec.reuse, Reuse::Close);
        assert_eq!(spec.timeout, Duration::from_secs(5));
        assert!(spec.tls.insecure, "wrk does not verify certificates");
        let o = options(&["-H", "NoColon", "http://127.0.0.1:1/"]);
        let e = build_spec(&o, 2).unwrap_err();
        assert!(e.starts_with("wrk -H"), "{e}");
        // What is not a header name is the engine's check, named by wrk's flag.
        for bad in [": v", "Bad Name: v"] {
            let o = options(&["-H", bad, "http://127.0.0.1:1/"]);
            let e = build_spec(&o, 2).unwrap().validate().unwrap_err();
            assert_eq!(
                crate::common::spec_error(&e, flag).split(':').next(),
                Some("-H"),
                "{e}"
            );
        }
    }

    #[test]
    fn help_names_every_flag() {
        let text = usage();
        for flag in [
            "--connections",
            "--duration",
            "--threads",
            "--script",
            "--header",
            "--latency",
            "--timeout",
            "--version",
            "--barrage-json",
        ] {
            assert!(text.contains(flag), "{flag}");
        }
    }
}
