//! `barrage ghz` beside ghz itself (BARRAGE_GHZ, else `ghz` on PATH, else
//! ~/go/bin/ghz; scripts/setup.sh installs it): the same command line
//! against the same server (`barrage serve --grpc`, h2c and TLS; the
//! catalogue's grpc-go) reports the same counts, the summary's fields are
//! all there and parse, and the JSON has ghz's keys with ghz's types. The
//! tests that need ghz or grpc-go's build are `#[ignore = "needs …"]` (CI
//! runs them, and they fail when what they need is missing); the dialect's
//! own runs and refusals are checked without them.

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::common::{free_addr, run, serial, Run, Server, TempDir, BIN};

const PROTO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../proto/bench.proto");
const ECHO: &str = "barrage.bench.v1.Bench/Echo";
const DATA: &str = r#"{"payload":"aGVsbG8="}"#;

/// ghz, if installed.
fn ghz() -> PathBuf {
    if let Some(p) = std::env::var_os("BARRAGE_GHZ").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    if let Some(p) = crate::common::on_path("ghz") {
        return p;
    }
    std::env::var_os("HOME")
        .map(|home| PathBuf::from(home).join("go/bin/ghz"))
        .filter(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("needs ghz: not installed (scripts/setup.sh installs it; BARRAGE_GHZ names it)")
        })
}

/// `barrage serve --grpc`, one thread; TLS (self-signed) with `tls`.
fn serve_grpc(tls: bool) -> Server {
    let addr = free_addr();
    let mut cmd = Command::new(BIN);
    cmd.args([
        "serve",
        "--grpc",
        "--listen",
        &addr.to_string(),
        "--threads",
        "1",
    ]);
    if tls {
        cmd.arg("--tls");
    }
    Server::spawn(cmd, addr)
}

/// ghz's command line for Echo against `addr`, then `extra`.
fn line(addr: &str, tls: bool, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["--proto", PROTO, "--call", ECHO, "-d", DATA]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.push(if tls { "--skipTLS" } else { "--insecure" }.into());
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push(addr.to_string());
    args
}

fn dialect(args: &[String]) -> Run {
    let mut all = vec!["ghz".to_string()];
    all.extend(args.iter().cloned());
    let ran = run(BIN, &all);
    assert!(!ran.stderr.contains("panicked"), "{ran:?}");
    ran
}

/// The summary's fields, parsed: `Count`, and the others in their units
/// (milliseconds for times, calls/s), the latency percentiles, the statuses.
#[derive(Debug)]
struct Summary {
    count: u64,
    fields: BTreeMap<String, f64>,
    percentiles: Vec<(u32, f64)>,
    statuses: BTreeMap<String, u64>,
}

/// `9500 ns`, `1.23 ms`, `2.50 s` in milliseconds.
fn millis(text: &str) -> f64 {
    let (n, unit) = text.trim().split_once(' ').expect("a number and a unit");
    let n: f64 = n.trim().parse().expect("a number");
    match unit {
        "ns" => n / 1e6,
        "ms" => n,
        "s" => n * 1e3,
        other => panic!("unit {other:?}"),
    }
}

fn summary(ran: &Run) -> Summary {
    let text = &ran.stdout;
    let after = |head: &str| {
        text.split_once(head)
            .unwrap_or_else(|| panic!("no {head:?}\n{ran:?}"))
            .1
    };
    let mut fields = BTreeMap::new();
    for name in ["Total", "Slowest", "Fastest", "Average"] {
        let value = after(&format!("\n  {name}:\t")).lines().next().unwrap();
        fields.insert(name.to_string(), millis(value));
    }
    let rps = after("\n  Requests/sec:\t").lines().next().unwrap();
    fields.insert("Requests/sec".into(), rps.trim().parse().expect("calls/s"));
    let count = after("\n  Count:\t")
        .lines()
        .next()
        .unwrap()
        .trim()
        .parse()
        .expect("count");
    let percentiles = after("\nLatency distribution:\n")
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (p, t) = l.trim().split_once(" % in ").expect("P % in T");
            (p.parse().expect("a percentage"), millis(t))
        })
        .collect();
    let statuses = after("\nStatus code distribution:\n")
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (status, rest) = l.trim().split_once(']').expect("[STATUS] N responses");
            let n = rest.split_whitespace().next().unwrap().parse().expect("N");
            (status.trim_start_matches('[').to_string(), n)
        })
        .collect();
    assert!(text.contains("\nResponse time histogram:\n"), "{ran:?}");
    Summary {
        count,
        fields,
        percentiles,
        statuses,
    }
}

/// Every field ghz prints is there and sensible, for `n` calls all OK.
fn check_summary(ran: &Run, n: u64) -> Summary {
    assert_eq!(ran.code, Some(0), "{ran:?}");
    let s = summary(ran);
    assert_eq!(s.count, n, "{ran:?}");
    assert_eq!(
        s.statuses,
        BTreeMap::from([("OK".to_string(), n)]),
        "{ran:?}"
    );
    let f = &s.fields;
    assert!(
        f["Fastest"] <= f["Average"] && f["Average"] <= f["Slowest"],
        "{s:?}"
    );
    assert!(f["Total"] > 0.0 && f["Requests/sec"] > 0.0, "{s:?}");
    let percents: Vec<u32> = s.percentiles.iter().map(|p| p.0).collect();
    assert_eq!(percents, [10, 25, 50, 75, 90, 95, 99], "{ran:?}");
    assert!(s.percentiles.windows(2).all(|w| w[0].1 <= w[1].1), "{s:?}");
    assert!(
        ran.stdout.contains(&format!("[OK]   {n} responses")),
        "{ran:?}"
    );
    s
}

/// A JSON value's type, as the comparison of ghz's JSON with ours sees it
/// (an integer and a float are both numbers; null is what Go writes for
/// an empty list).
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// ghz's JSON and the dialect's: the same keys (ghz's `details`, every
/// call, left out by barrage) with the same types, the same counts.
fn compare_json(theirs: &Value, ours: &Value, n: u64) {
    let keys = |v: &Value| -> BTreeMap<String, &'static str> {
        v.as_object()
            .expect("an object")
            .iter()
            .filter(|(k, _)| *k != "details")
            .map(|(k, v)| (k.clone(), kind(v)))
            .collect()
    };
    assert_eq!(keys(theirs), keys(ours), "\nghz: {theirs}\nours: {ours}");
    for v in [theirs, ours] {
        assert_eq!(v["count"], n, "{v}");
        assert_eq!(v["statusCodeDistribution"]["OK"], n, "{v}");
        assert_eq!(v["latencyDistribution"].as_array().unwrap().len(), 7, "{v}");
        assert_eq!(v["histogram"].as_array().unwrap().len(), 11, "{v}");
        for row in v["latencyDistribution"].as_array().unwrap() {
            assert!(row["percentage"].is_u64() && row["latency"].is_u64(), "{v}");
        }
    }
    // Every option the dialect writes, ghz writes too, with its type.
    let (theirs, ours) = (keys(&theirs["options"]), keys(&ours["options"]));
    for (k, t) in &ours {
        assert_eq!(
            theirs.get(k),
            Some(t),
            "options.{k}\nghz: {theirs:?}\nours: {ours:?}"
        );
    }
}

/// The same lines with ghz and the dialect against `addr`.
fn side_by_side(ghz: &PathBuf, addr: &str, tls: bool) {
    let n = 2000;
    let args = line(addr, tls, &["-n", "2000", "-c", "10"]);
    let real = run(ghz, &args);
    let ours = dialect(&args);
    check_summary(&real, n);
    check_summary(&ours, n);
    let json_args = line(addr, tls, &["-n", "2000", "-c", "10", "-O", "json"]);
    let real = run(ghz, &json_args);
    let ours = dialect(&json_args);
    assert_eq!(
        (real.code, ours.code),
        (Some(0), Some(0)),
        "{real:?}\n{ours:?}"
    );
    let parse = |r: &Run| -> Value {
        serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {r:?}"))
    };
    compare_json(&parse(&real), &parse(&ours), n);
}

#[test]
fn the_dialect_alone_prints_ghzs_summary_over_h2c_and_tls() {
    let _turn = serial();
    let (plain, tls) = (serve_grpc(false), serve_grpc(true));
    let (plain, tls) = (
        plain.addr.to_string(),
        format!("localhost:{}", tls.addr.port()),
    );
    // The dialect alone, whether or not ghz is here.
    check_summary(
        &dialect(&line(&plain, false, &["-n", "2000", "-c", "10"])),
        2000,
    );
    check_summary(&dialect(&line(&tls, true, &["-n", "500", "-c", "4"])), 500);
}

/// ghz and the dialect, the same lines against the same `barrage serve --grpc`.
#[test]
#[ignore = "needs ghz (scripts/setup.sh installs it)"]
fn ghz_and_the_dialect_agree_against_barrage_serve() {
    let ghz = ghz();
    let _turn = serial();
    let (plain, tls) = (serve_grpc(false), serve_grpc(true));
    side_by_side(&ghz, &plain.addr.to_string(), false);
    side_by_side(&ghz, &format!("localhost:{}", tls.addr.port()), true);
}

/// The catalogue's grpc-go (servers/grpc-go/build, from its build.sh).
#[test]
#[ignore = "needs ghz and servers/grpc-go built (scripts/setup.sh does both)"]
fn ghz_and_the_dialect_agree_against_grpc_go() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../servers/grpc-go");
    let bin = PathBuf::from(root).join("build/server");
    assert!(
        bin.is_file(),
        "needs {}: not built (servers/grpc-go/build.sh --fetch builds it)",
        bin.display()
    );
    let ghz = ghz();
    let _turn = serial();
    let addr = free_addr();
    let mut cmd = Command::new(&bin);
    cmd.args(["-listen", &addr.to_string()])
        .env("GOMAXPROCS", "1");
    let server = Server::spawn(cmd, addr);
    side_by_side(&ghz, &server.addr.to_string(), false);
}

/// Connections, workers, a schedule of levels, the output file and
/// barrage's own JSON beside it.
#[test]
fn connections_schedules_and_outputs() {
    let _turn = serial();
    let server = serve_grpc(false);
    let addr = server.addr.to_string();
    let dir = TempDir::new("ghz");
    let (out, json) = (dir.path("out.json"), dir.path("barrage.json"));
    let extra = [
        "-n",
        "600",
        "-c",
        "20",
        "--connections",
        "4",
        "-O",
        "pretty",
        "-o",
        out.to_str().unwrap(),
        "--barrage-json",
        json.to_str().unwrap(),
        "--name",
        "four",
    ];
    let ran = dialect(&line(&addr, false, &extra));
    assert_eq!((ran.code, ran.stdout.as_str()), (Some(0), ""), "{ran:?}");
    let ghz: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(ghz["count"], 600);
    assert_eq!(ghz["name"], "four");
    assert_eq!(ghz["options"]["connections"], 4);
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["spec"]["protocol"], "grpc");
    assert_eq!(report["spec"]["connections"], 4);
    assert_eq!(report["totals"]["responses"], 600);
    // A step schedule: levels of 100, 200 then 300 calls/s in one open
    // loop (one connection all through, the levels its stages); -n ends it.
    let extra = [
        "-n",
        "150",
        "-c",
        "4",
        "--load-schedule",
        "step",
        "--load-start",
        "100",
        "--load-end",
        "300",
        "--load-step",
        "100",
        "--load-step-duration",
        "300ms",
        "--barrage-json",
        json.to_str().unwrap(),
    ];
    let ran = dialect(&line(&addr, false, &extra));
    check_summary(&ran, 150);
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["totals"]["requests_sent"], 150, "{ran:?}");
    assert_eq!(report["stop_reason"], "requests", "{ran:?}");
    assert_eq!(report["connections"]["opened"], 1, "one run: {ran:?}");
    let stages: Vec<(f64, f64)> = report["spec"]["schedule"]
        .as_array()
        .expect("a schedule of stages")
        .iter()
        .map(|s| {
            (
                s["from_per_s"].as_f64().unwrap(),
                s["duration_s"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(stages, [(100.0, 0.3), (200.0, 0.3), (300.0, 0.3)]);
    // CSV: a row per call.
    let ran = dialect(&line(&addr, false, &["-n", "50", "-c", "5", "-O", "csv"]));
    assert_eq!(ran.code, Some(0), "{ran:?}");
    assert!(
        ran.stdout.starts_with("\nduration (ms),status,error\n"),
        "{ran:?}"
    );
    assert_eq!(
        ran.stdout.lines().filter(|l| l.ends_with(",OK,")).count(),
        50,
        "{ran:?}"
    );
}

#[test]
fn bad_lines_are_one_line_and_connect_nowhere() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let cases: [(Vec<String>, &str); 8] = [
        (
            line(&addr, false, &["--bogus"]),
            "unknown long flag '--bogus'",
        ),
        (line(&addr, false, &["--async"]), "--async: not supported"),
        (
            line(&addr, false, &["-O", "html"]),
            "-O html: not supported",
        ),
        (
            line(&addr, false, &["-c", "2", "--connections", "3"]),
            "number of connections cannot be greater than concurrency",
        ),
        (
            line(&addr, false, &["-d", "{nope"]),
            "error unmarshaling data",
        ),
        (
            vec![
                "--insecure".into(),
                "--proto".into(),
                PROTO.into(),
                "--call".into(),
                "barrage.bench.v1.Bench/Nope".into(),
                addr.clone(),
            ],
            "Nope",
        ),
        (
            vec![
                "--insecure".into(),
                "--proto".into(),
                "/nonexistent/x.proto".into(),
                "--call".into(),
                ECHO.into(),
                addr.clone(),
            ],
            "x.proto",
        ),
        (
            line(
                &addr,
                false,
                &[
                    "--load-schedule",
                    "step",
                    "--load-start",
                    "5",
                    "--load-end",
                    "5",
                ],
            ),
            "load start cannot equal load end",
        ),
    ];
    for (args, says) in cases {
        let ran = dialect(&args);
        assert_eq!(ran.code, Some(2), "{args:?}: {ran:?}");
        assert_eq!(ran.stdout, "", "{args:?}: nothing runs\n{ran:?}");
        assert_eq!(ran.stderr.lines().count(), 1, "{args:?}: one line\n{ran:?}");
        assert!(ran.stderr.starts_with("barrage: error: ghz: "), "{ran:?}");
        assert!(ran.stderr.contains(says), "{args:?}: {says:?}\n{ran:?}");
    }
    assert!(listener.accept().is_err(), "a connection was made");
}

/// A server stream and a bidi stream count calls, as ghz does: `-n` calls
/// each, all OK, the same counts from ghz.
#[test]
#[ignore = "needs ghz (scripts/setup.sh installs it)"]
fn streams_count_calls_as_ghz_does() {
    let _turn = serial();
    let server = serve_grpc(false);
    let addr = server.addr.to_string();
    let cases: [(&str, &str, &[&str]); 2] = [
        ("Stream", r#"{"count":3,"size":8}"#, &[]),
        (
            "Chat",
            r#"[{"seq":1},{"seq":2}]"#,
            &["--stream-call-count", "4"],
        ),
    ];
    for (method, data, extra) in cases {
        let call = format!("barrage.bench.v1.Bench/{method}");
        let mut args: Vec<String> = ["--insecure", "--proto", PROTO, "--call", &call, "-d", data]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.extend(["-n", "200", "-c", "4"].iter().map(|s| s.to_string()));
        args.extend(extra.iter().map(|s| s.to_string()));
        args.push(addr.clone());
        check_summary(&dialect(&args), 200);
        check_summary(&run(ghz(), &args), 200);
    }
}
