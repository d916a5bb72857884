//! The ghz dialect: `barrage ghz --insecure --proto bench.proto --call
//! barrage.bench.v1.Bench/Echo -n 2000 -c 10 HOST:PORT` (or a link named
//! `ghz`) runs ghz 0.121's gRPC load on barrage's engine and prints ghz's
//! summary, JSON or CSV, computed from barrage's exact histograms.
//!
//! The load is ghz's: `-c` workers over `--connections` connections (barrage:
//! that many connections, ceil(c / connections) calls in flight on each),
//! `-n` calls or `-z` time, `--rps` as barrage's open loop, and a step or
//! line `--load-schedule` as one open loop whose rate schedule holds each
//! level for its time. See `args` for the flags, `plan` for the mapping and `output`
//! for ghz's layouts.

mod args;
mod output;
mod plan;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use barrage_engine::{GrpcOptions, GrpcUnit, NoObserver, RunReport, StopReason};
use serde_json::json;

use args::{Format, Options};
use output::GhzReport;
use plan::Plan;

const GHZ_VERSION: &str = "0.121.0";

pub fn main(args: Vec<OsString>) -> ExitCode {
    let parsed = args::parse(&args).map_err(|msg| format!("ghz: {msg}"));
    let version = || {
        format!(
            "v{GHZ_VERSION} (barrage {}: ghz's command line on barrage's engine)",
            env!("CARGO_PKG_VERSION")
        )
    };
    let options = match super::run_options(parsed, usage, version) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let plan = match plan::build(&options, cores, &mut Files, &resolve) {
        Ok(p) => p,
        Err(msg) => return crate::exit::usage_error(format!("ghz: {msg}")),
    };
    for note in &plan.notes {
        eprintln!("{note}");
    }
    let stop = crate::common::stop_on_ctrl_c();
    let began = Instant::now();
    let report = match barrage_engine::run_until(&plan.spec, &mut NoObserver, stop) {
        Ok(r) => r,
        Err(e) => {
            let line = crate::common::spec_error(&e, plan::flag);
            return crate::exit::usage_error(format!("ghz: {line}"));
        }
    };
    let ghz = ghz_report(&report, &plan, &options, began.elapsed());
    let text = match options.format {
        Format::Summary => output::summary(&ghz),
        Format::Json => output::json(&ghz, false),
        Format::Pretty => output::json(&ghz, true),
        Format::Csv => {
            let failed = failed_rows(&ghz);
            output::csv(&report.histograms.latency_us, &failed)
        }
    };
    if !write_out(&text, options.output.as_deref()) {
        return ExitCode::from(crate::exit::EXIT_FAILED);
    }
    if !crate::common::write_json(&report, options.barrage_json.as_deref()) {
        return ExitCode::from(crate::exit::EXIT_FAILED);
    }
    // ghz exits 0 once a run is done, whatever the calls' statuses.
    ExitCode::SUCCESS
}

/// Reads `-D`, `-M` and `-d @`.
struct Files;

impl plan::Inputs for Files {
    fn file(&mut self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|e| format!("open {path}: {e}"))
    }
    fn stdin(&mut self) -> String {
        let mut text = String::new();
        let _ = std::io::stdin().read_to_string(&mut text);
        text
    }
}

/// The method and its schema, with barrage-grpc: `--proto` compiled (its
/// directory, `-i` and the working directory as import paths, as ghz adds
/// them) or `--protoset`; the data checked against the request type.
fn resolve(o: &Options, data: &str) -> Result<GrpcOptions, String> {
    let schema =
        match (&o.proto, &o.protoset) {
            (Some(proto), _) => {
                let proto = PathBuf::from(proto);
                let mut includes: Vec<PathBuf> = o.import_paths.iter().map(PathBuf::from).collect();
                let dir = proto.parent().filter(|d| !d.as_os_str().is_empty());
                includes.push(dir.map_or_else(|| PathBuf::from("."), Path::to_path_buf));
                includes.push(PathBuf::from("."));
                barrage_grpc::Schema::compile(&[proto], &includes)
            }
            (None, Some(set)) => barrage_grpc::Schema::from_protoset(Path::new(set)),
            (None, None) => return Err(
                "no --proto or --protoset: barrage does not ask the server (reflection); give one"
                    .into(),
            ),
        }
        .map_err(|e| e.to_string())?;
    let call = o.call.as_deref().unwrap_or_default();
    let method = schema.method(call).map_err(|e| e.to_string())?;
    method.requests(data).map_err(|e| e.to_string())?;
    Ok(GrpcOptions {
        call: method.call(),
        shape: method.shape(),
        descriptor_set: schema.descriptor_set(),
        data: data.to_string(),
        stream_messages: (o.stream_call_count > 0).then_some(o.stream_call_count),
        unit: GrpcUnit::Call,
    })
}

/// ghz's report of barrage's run.
fn ghz_report(report: &RunReport, plan: &Plan, o: &Options, wall: Duration) -> GhzReport {
    let (status_dist, error_dist) = output::distributions(report);
    let count: u64 = status_dist.values().sum();
    let h = &report.histograms;
    let ok = &h.latency_us;
    let calls = h
        .grpc_call_us
        .as_ref()
        .filter(|c| !c.is_empty())
        .unwrap_or(ok);
    let total_s = if report.totals.elapsed_s > 0.0 {
        report.totals.elapsed_s
    } else {
        wall.as_secs_f64()
    };
    let end_reason = match report.stop_reason {
        StopReason::Interrupted => "cancel",
        StopReason::Duration if plan.budget.calls.is_none() => "timeout",
        _ => "normal",
    };
    GhzReport {
        date: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
        name: o.name.clone(),
        end_reason,
        options: options_json(o, plan),
        count,
        total: (total_s * 1e9) as u64,
        average: (calls.mean() * 1000.0) as u64,
        fastest: if ok.is_empty() { 0 } else { ok.min() * 1000 },
        slowest: if ok.is_empty() { 0 } else { ok.max() * 1000 },
        rps: if total_s > 0.0 {
            count as f64 / total_s
        } else {
            0.0
        },
        error_dist,
        status_dist,
        latency_distribution: output::percentiles(ok),
        histogram: output::buckets(ok),
    }
}

/// The failed calls as CSV rows: status, error, count.
fn failed_rows(r: &GhzReport) -> Vec<(String, String, u64)> {
    r.error_dist
        .iter()
        .map(|(error, n)| {
            let status = error
                .strip_prefix("rpc error: code = ")
                .and_then(|rest| rest.split(' ').next())
                .unwrap_or("Unknown");
            (status.to_string(), error.clone(), *n)
        })
        .collect()
}

/// ghz's `options`, with the keys ghz writes for the same command line
/// (those ghz leaves out when empty left out alike).
fn options_json(o: &Options, plan: &Plan) -> serde_json::Value {
    let ns = |d: Duration| d.as_nanos() as u64;
    let mut m = serde_json::Map::new();
    let mut put = |k: &str, v: serde_json::Value, keep: bool| {
        if keep {
            m.insert(k.to_string(), v);
        }
    };
    put("call", json!(o.call), true);
    put("host", json!(o.host), true);
    put("proto", json!(o.proto), o.proto.is_some());
    put("protoset", json!(o.protoset), o.protoset.is_some());
    put(
        "import-paths",
        json!(o.import_paths),
        !o.import_paths.is_empty(),
    );
    put("cacert", json!(o.cacert), o.cacert.is_some());
    put("cname", json!(o.cname), o.cname.is_some());
    put("skipTLS", json!(o.skip_tls), o.skip_tls);
    put("insecure", json!(o.insecure), true);
    put("rps", json!(o.rps), o.rps > 0);
    let schedule = format!("{:?}", o.load_schedule).to_lowercase();
    put("load-schedule", json!(schedule), true);
    put("load-start", json!(o.load_start), true);
    put("load-end", json!(o.load_end), true);
    put("load-step", json!(o.load_step), true);
    put("load-step-duration", json!(ns(o.load_step_duration)), true);
    put("load-max-duration", json!(ns(o.load_max_duration)), true);
    put("concurrency", json!(o.concurrency), true);
    put("concurrency-schedule", json!("const"), true);
    for k in ["concurrency-start", "concurrency-end"] {
        put(k, json!(0), true);
    }
    put("concurrency-step", json!(1), true);
    for k in ["concurrency-step-duration", "concurrency-max-duration"] {
        put(k, json!(0), true);
    }
    // ghz sets -n to the largest int32 when -z is given.
    let total = if plan.budget.calls.is_none() {
        2_147_483_647
    } else {
        o.total
    };
    put("total", json!(total), true);
    put("connections", json!(o.connections), true);
    let duration = plan.budget.time.map_or(0, ns);
    put("duration", json!(duration), duration > 0);
    put("timeout", json!(ns(o.timeout)), !o.timeout.is_zero());
    let data: serde_json::Value = serde_json::from_str(&plan.data).unwrap_or_default();
    put("data", data, true);
    put("binary", json!(false), true);
    put("metadata", json!(plan.metadata), plan.metadata.is_some());
    put("CPUs", json!(plan.spec.threads), true);
    put("name", json!(o.name), o.name.is_some());
    serde_json::Value::Object(m)
}

/// Writes ghz's output to `-o FILE` or standard output.
fn write_out(text: &str, path: Option<&Path>) -> bool {
    let written = match path {
        Some(p) => std::fs::write(p, text),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        }
    };
    if let Err(e) = &written {
        let to = path.map_or("standard output".into(), |p| p.display().to_string());
        eprintln!("barrage: error: ghz: writing {to}: {e}");
    }
    written.is_ok()
}

fn usage() -> String {
    format!(
        "usage: ghz [<flags>] [<host>]
barrage {version}'s ghz dialect: ghz {GHZ_VERSION}'s command line, run on barrage's
engine, printed in ghz's layouts.

Flags (ghz's defaults):
  --proto=FILE            the .proto file (compiled by barrage, no protoc)
  -i, --import-paths=DIRS comma-separated import paths (the proto's directory
                          and the working directory are added)
  --protoset=FILE         a compiled FileDescriptorSet instead of --proto
  --call=METHOD           package.Service/Method or package.Service.Method
  --insecure              plaintext (h2c); else TLS, ALPN h2
  --skipTLS               do not verify the server's certificate
  --cacert=FILE           trusted root certificates
  --cname=NAME            the server name to verify
  -d, --data=JSON         the call data (an array: messages of a stream); '@'
                          reads standard input, '@FILE' a file (barrage)
  -D, --data-file=PATH    the call data from a file
  -m, --metadata=JSON     request metadata, a JSON object of strings
  -M, --metadata-file=PATH
  -c, --concurrency=50    workers; barrage: ceil(c / connections) calls in
                          flight on each connection
  --connections=1         connections
  -n, --total=200         calls
  -z, --duration=0        run for this long (-n ignored)
  -x, --max-duration=0    -n, stopped after this long
  -r, --rps=0             calls per second (barrage's open loop)
  --load-schedule=const   const, step or line: one open loop whose rate
  --load-start, --load-end, --load-step, --load-step-duration,
  --load-max-duration     holds each level for its time (line: steps of 1s)
  --stream-call-count=0   messages sent per client or bidi stream
  -t, --timeout=20s       per call (0: an hour)
  --cpus=N                barrage's threads (at most one per core)
  -O, --format=summary    summary, json, pretty or csv
  -o, --output=PATH       write there instead of standard output
  --name=NAME             the run's name
  --barrage-json=FILE     barrage's own JSON report as well
  -h, --help / -v, --version

Not supported (refused with one line): --config, --cert, --key, --authority,
--async, --concurrency-*, --duration-stop, -b, -B, --stream-interval,
--stream-call-duration, --stream-dynamic-messages, --reflect-metadata,
--skipFirst, --count-errors, --connect-timeout, --keepalive, --tags, --debug,
-e, --lb-strategy, --max-*-message-size, --disable-template-*; -O html,
influx-summary, influx-details, prometheus. See docs/dialects.md.
",
        version = env!("CARGO_PKG_VERSION")
    )
}
