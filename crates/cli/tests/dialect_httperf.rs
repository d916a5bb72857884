//! `barrage httperf`: httperf's command lines on barrage's engine, printed
//! as httperf prints them. The seed command line (seed 004: `httperf
//! --timeout=5 --client=0/1 --server=127.0.0.1 --port=8080
//! --uri=/?value=benchmarks --rate=100 --send-buffer=4096
//! --recv-buffer=16384 --num-conns=5000 --num-calls=10`), scaled down to
//! 100 connections, against `barrage serve` and nginx; its output read by
//! the lab's httperf parser and checked against barrage's own JSON; the
//! real httperf on the same command line; refused and bad flags; a
//! busybox-style link named `httperf`.

use std::net::TcpListener;
use std::path::Path;
use std::time::Duration;

use barrage_lab::driver::LevelStats;
use barrage_lab::driver::Tool;
use barrage_lab::suite::Driver;
use serde_json::Value;

use crate::common;
use common::{free_addr, nginx_binary, require, run, serial, Run, Server, TempDir, BIN};

/// The seed's sessions, scaled down: 100 connections of 10 calls at 100/s (about 1 s).
const CONNS: u64 = 100;
const CALLS: u64 = 10;

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// `barrage httperf ARGS`.
fn dialect(args: &[String]) -> Run {
    common::barrage("httperf", args)
}

/// The seed's command line against `port`, scaled down, with `uri`.
fn seed(port: u16, uri: &str, conns: u64) -> Vec<String> {
    vec![
        "--timeout=5".into(),
        "--client=0/1".into(),
        "--server=127.0.0.1".into(),
        format!("--port={port}"),
        format!("--uri={uri}"),
        "--rate=100".into(),
        "--send-buffer=4096".into(),
        "--recv-buffer=16384".into(),
        format!("--num-conns={conns}"),
        format!("--num-calls={CALLS}"),
    ]
}

/// nginx, one worker, answering `/xml` as the contract does, in `dir`.
fn nginx(bin: &str, dir: &TempDir) -> Server {
    let addr = free_addr();
    let http = format!(
        "    access_log off;
    server {{
        listen {addr};
        location /xml {{
            default_type application/xml;
            return 200 \"<http_test><value>$arg_value</value></http_test>\";
        }}
    }}"
    );
    Server::nginx(bin, &dir.0, addr, &http)
}

/// The external program named by `var`, or else `name` on PATH; a test
/// that calls this is `#[ignore = "needs …"]` and fails without it.
fn external(var: &str, name: &str) -> String {
    if let Some(bin) = std::env::var(var).ok().filter(|b| !b.is_empty()) {
        return bin;
    }
    if var == "BARRAGE_NGINX" {
        return nginx_binary();
    }
    require(name).to_string_lossy().into_owned()
}

/// The lab's httperf parser on a run's output.
fn parse(r: &Run) -> LevelStats {
    Driver::Httperf
        .parse(
            &r.stdout,
            &r.stderr,
            Path::new("unused.json"),
            Duration::ZERO,
        )
        .unwrap_or_else(|e| panic!("the lab's parser refused the output: {e}\n{r:?}"))
        .stats
}

fn json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).expect("read the --barrage-json file");
    serde_json::from_str(&text).expect("valid JSON")
}

fn u64_at(v: &Value, pointer: &str) -> u64 {
    v.pointer(pointer)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("no {pointer} in the JSON"))
}

fn f64_at(v: &Value, pointer: &str) -> f64 {
    v.pointer(pointer)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("no {pointer} in the JSON"))
}

/// httperf's report headings, in its order, each line starting as httperf's does.
const LAYOUT: [&str; 20] = [
    "Maximum connect burst length: ",
    "",
    "Total: connections ",
    "",
    "Connection rate: ",
    "Connection time [ms]: min ",
    "Connection time [ms]: connect ",
    "Connection length [replies/conn]: ",
    "",
    "Request rate: ",
    "Request size [B]: ",
    "",
    "Reply rate [replies/s]: min ",
    "Reply time [ms]: response ",
    "Reply size [B]: header ",
    "Reply status: 1xx=",
    "",
    "CPU time [s]: user ",
    "Net I/O: ",
    "",
];

/// The echo, then httperf's layout, then the two error lines.
fn check_layout(r: &Run, echo: &str) {
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.first().copied(), Some(echo), "{r:?}");
    let body = &lines[1..];
    assert_eq!(body.len(), LAYOUT.len() + 2, "{r:?}");
    for (line, want) in body.iter().zip(LAYOUT) {
        if want.is_empty() {
            assert_eq!(*line, "", "{r:?}");
        } else {
            assert!(line.starts_with(want), "{line:?} is not {want:?}…\n{r:?}");
        }
    }
    assert!(body[LAYOUT.len()].starts_with("Errors: total "), "{r:?}");
    assert!(
        body[LAYOUT.len() + 1].starts_with("Errors: fd-unavail "),
        "{r:?}"
    );
}

/// The dialect's output agrees with barrage's JSON of the same run.
fn check_against_json(stats: &LevelStats, j: &Value) {
    assert_eq!(stats.responses, u64_at(j, "/totals/responses"));
    assert_eq!(
        stats.requests_sent,
        Some(u64_at(j, "/totals/requests_sent"))
    );
    assert_eq!(stats.errors, Some(u64_at(j, "/totals/errors")));
    assert_eq!(
        stats.non_2xx,
        Some(u64_at(j, "/totals/responses_not_2xx_3xx"))
    );
    assert!((stats.elapsed_s - f64_at(j, "/totals/elapsed_s")).abs() < 0.0006);
    // httperf prints whole mean bytes per reply.
    let bytes = u64_at(j, "/totals/bytes_read");
    let parsed = stats.bytes_read.expect("bytes from Reply size");
    assert!(
        parsed <= bytes && bytes - parsed < stats.responses,
        "{parsed} vs {bytes}"
    );
    // Reply time: the mean response time, to 0.1 ms.
    let mean = f64_at(j, "/latency_us/mean");
    let parsed = stats.latency_mean_us.expect("a mean from Reply time");
    assert!((parsed - mean).abs() <= 50.0 + 1e-6, "{parsed} vs {mean}");
}

#[test]
fn seed_004_against_barrage_serve() {
    let _serial = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("seed");
    let json_path = dir.file("run.json");
    let mut args = seed(server.addr.port(), "/xml?value=benchmarks", CONNS);
    let echo = format!("httperf {}", args.join(" "));
    args.push(format!("--barrage-json={json_path}"));
    let r = dialect(&args);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
    check_layout(&r, &echo);
    let stats = parse(&r);
    assert_eq!(stats.requests_sent, Some(CONNS * CALLS), "{r:?}");
    assert_eq!(stats.responses, CONNS * CALLS, "{r:?}");
    assert_eq!((stats.errors, stats.timeouts), (Some(0), Some(0)), "{r:?}");
    assert_eq!(stats.non_2xx, Some(0), "{r:?}");
    let j = json(&json_path);
    check_against_json(&stats, &j);
    assert_eq!(u64_at(&j, "/sessions/started"), CONNS);
    assert_eq!(u64_at(&j, "/sessions/completed"), CONNS);
    assert_eq!(u64_at(&j, "/spec/calls_per_session"), CALLS);
    assert_eq!(f64_at(&j, "/spec/conn_rate_per_s"), 100.0);
    assert!(r.stdout.contains(&format!(
        "\nTotal: connections {CONNS} requests {} replies {} test-duration ",
        CONNS * CALLS,
        CONNS * CALLS
    )));
    assert!(r
        .stdout
        .contains("Connection length [replies/conn]: 10.000\n"));
    assert!(r.stdout.contains(&format!(
        "Reply status: 1xx=0 2xx={} 3xx=0 4xx=0 5xx=0\n",
        CONNS * CALLS
    )));
    assert!(
        r.stdout.contains("(0 samples)"),
        "a 1 s run has no 5 s sample"
    );
}

/// The seed's own URI, `/?value=benchmarks`: barrage serve answers `/` with
/// 404 (its contract serves `/xml?value=`), so every reply is a 4xx.
#[test]
fn seed_004_literal_uri_gets_4xx_replies() {
    let _serial = serial();
    let server = Server::barrage(false);
    let conns = 20;
    let r = dialect(&seed(server.addr.port(), "/?value=benchmarks", conns));
    assert_eq!(r.code, Some(0), "{r:?}");
    let stats = parse(&r);
    assert_eq!(stats.requests_sent, Some(conns * CALLS), "{r:?}");
    assert_eq!(stats.responses, conns * CALLS, "{r:?}");
    assert_eq!(stats.non_2xx, Some(conns * CALLS), "{r:?}");
    assert_eq!(stats.errors, Some(0), "{r:?}");
    assert!(r.stdout.contains(&format!(
        "Reply status: 1xx=0 2xx=0 3xx=0 4xx={} 5xx=0\n",
        conns * CALLS
    )));
}

/// The real httperf and the dialect, same command line, same server: both
/// outputs parse, and the request counts httperf's model fixes are equal.
fn compare_with_real_httperf(server: &Server) {
    let httperf = external("BARRAGE_HTTPERF", "httperf");
    let args = seed(server.addr.port(), "/xml?value=benchmarks", CONNS);
    let real = run(&httperf, &args);
    assert_eq!(real.code, Some(0), "{real:?}");
    let ours = dialect(&args);
    assert_eq!(ours.code, Some(0), "{ours:?}");
    let (a, b) = (parse(&real), parse(&ours));
    assert_eq!(a.requests_sent, Some(CONNS * CALLS), "{real:?}");
    assert_eq!(b.requests_sent, a.requests_sent, "{ours:?}");
    assert_eq!((a.responses, b.responses), (CONNS * CALLS, CONNS * CALLS));
    assert_eq!((a.errors, b.errors), (Some(0), Some(0)));
    // Same echo, same headings.
    let first = |r: &Run| r.stdout.lines().next().unwrap_or("").to_string();
    assert_eq!(first(&ours), first(&real));
    let headings = |r: &Run| -> Vec<String> {
        r.stdout
            .lines()
            .skip(1)
            .map(|l| l.split(':').next().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(headings(&ours), headings(&real), "{ours:?}\n{real:?}");
}

#[test]
#[ignore = "needs httperf (scripts/test.sh runs it)"]
fn the_real_httperf_agrees_on_barrage_serve() {
    let _serial = serial();
    let server = Server::barrage(false);
    compare_with_real_httperf(&server);
}

#[test]
#[ignore = "needs nginx and httperf (scripts/test.sh runs it)"]
fn seed_004_against_nginx() {
    let bin = external("BARRAGE_NGINX", "nginx");
    let _serial = serial();
    let dir = TempDir::new("nginx");
    let server = nginx(&bin, &dir);
    let json_path = dir.file("run.json");
    let mut args = seed(server.addr.port(), "/xml?value=benchmarks", CONNS);
    let echo = format!("httperf {}", args.join(" "));
    args.push(format!("--barrage-json={json_path}"));
    let r = dialect(&args);
    assert_eq!(r.code, Some(0), "{r:?}");
    check_layout(&r, &echo);
    let stats = parse(&r);
    assert_eq!(stats.requests_sent, Some(CONNS * CALLS), "{r:?}");
    assert_eq!(stats.responses, CONNS * CALLS, "{r:?}");
    assert_eq!(stats.errors, Some(0), "{r:?}");
    check_against_json(&stats, &json(&json_path));
    compare_with_real_httperf(&server);
}

/// A listener nobody should connect to: checks that nothing ran.
fn untouched_listener() -> TcpListener {
    let l = TcpListener::bind("127.0.0.1:0").expect("bind");
    l.set_nonblocking(true).expect("non-blocking");
    l
}

fn assert_untouched(l: &TcpListener) {
    std::thread::sleep(Duration::from_millis(100));
    match l.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        other => panic!("something connected: {other:?}"),
    }
}

#[test]
fn unsupported_and_bad_flags_are_one_line_exit_2_and_run_nothing() {
    let listener = untouched_listener();
    let port = listener.local_addr().unwrap().port();
    let cases: [(&str, &[&str]); 8] = [
        ("--wsess=10,5,2", &["--wsess is not supported", "nearest: "]),
        ("--wsesslog=10,1,sessions.log", &["--wsesslog", "--urls"]),
        ("--print-reply", &["--print-reply is not supported"]),
        ("--burst-length=5", &["--burst-length", "--pipeline"]),
        ("--ssl-ciphers=AES128-SHA", &["--ssl-ciphers"]),
        ("--rate=fast", &["illegal request rate fast"]),
        ("--num-conns=0", &["--num-conns must be at least 1"]),
        ("--bogus", &["unrecognized option '--bogus'"]),
    ];
    for (flag, wants) in cases {
        let mut args = seed(port, "/xml?value=benchmarks", 5);
        args.push(flag.to_string());
        let r = dialect(&args);
        assert_eq!(r.code, Some(2), "{flag}: {r:?}");
        assert_eq!(r.stdout, "", "{flag}: {r:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{flag}: {r:?}");
        assert!(r.stderr.starts_with("barrage: error: httperf: "), "{r:?}");
        for want in wants {
            assert!(r.stderr.contains(want), "{flag}: wanted {want:?}: {r:?}");
        }
    }
    assert_untouched(&listener);
}

#[test]
fn refused_connections_count_as_httperf_counts_them() {
    let _serial = serial();
    let port = free_addr().port();
    let args = strings(&[
        "--timeout=1",
        "--server=127.0.0.1",
        &format!("--port={port}"),
        "--uri=/xml?value=x",
        "--rate=50",
        "--num-conns=5",
    ]);
    let r = dialect(&args);
    // httperf exits 0 whatever its connections met.
    assert_eq!(r.code, Some(0), "{r:?}");
    let stats = parse(&r);
    assert_eq!(
        (stats.responses, stats.requests_sent),
        (0, Some(0)),
        "{r:?}"
    );
    assert_eq!(stats.errors, Some(5), "{r:?}");
    assert!(r
        .stdout
        .contains("Errors: total 5 client-timo 0 socket-timo 0 connrefused 5 connreset 0\n"));
    assert!(r
        .stdout
        .contains("Total: connections 5 requests 0 replies 0 "));
}

#[test]
fn a_link_named_httperf_is_the_dialect() {
    let _serial = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("link");
    let link = dir.0.join("httperf");
    std::os::unix::fs::symlink(BIN, &link).expect("make the link");
    let args = strings(&[
        "--hog",
        "--server=127.0.0.1",
        &format!("--port={}", server.addr.port()),
        "--uri=/xml?value=link",
        "--ra",
        "100",
        "--num-co=10",
        "--num-ca=2",
    ]);
    let r = run(&link, &args);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout.lines().next(),
        Some(
            format!(
                "httperf --hog --client=0/1 --server=127.0.0.1 --port={} --uri=/xml?value=link --rate=100 --send-buffer=4096 --recv-buffer=16384 --num-conns=10 --num-calls=2",
                server.addr.port()
            )
            .as_str()
        ),
        "{r:?}"
    );
    let stats = parse(&r);
    assert_eq!((stats.requests_sent, stats.responses), (Some(20), 20));
    // The same as `barrage httperf`.
    let same = dialect(&args);
    assert_eq!(parse(&same).requests_sent, Some(20), "{same:?}");
    let help = run(&link, &strings(&["--help"]));
    assert_eq!(help.code, Some(0), "{help:?}");
    assert!(help.stdout.starts_with("Usage: httperf "), "{help:?}");
    let bad = run(&link, &strings(&["--wset=10,0.5"]));
    assert_eq!(bad.code, Some(2), "{bad:?}");
    assert_eq!(bad.stderr.lines().count(), 1, "{bad:?}");
}
