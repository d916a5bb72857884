//! `barrage wrk`: wrk's command lines on barrage's engine, printed as wrk
//! prints them. The seed command line (seed 001: `wrk -t100 -c5000 -d30s
//! http://127.0.0.1:8080/`), scaled down, against `barrage serve` and nginx;
//! its output read by the lab's wrk parser and checked against barrage's
//! own JSON; the real wrk on the same command line; bad flags (scripts are
//! in wrk_scripts.rs);
//! a busybox-style link named `wrk`.

use std::net::TcpListener;
use std::path::Path;
use std::time::Duration;

use barrage_lab::driver::LevelStats;
use barrage_lab::driver::Tool;
use barrage_lab::suite::Driver;
use serde_json::Value;

use crate::common;
use common::{nginx_binary, require, run, serial, Run, Server, TempDir, BIN};

/// `barrage wrk ARGS`.
fn dialect(args: &[&str]) -> Run {
    common::barrage("wrk", args)
}

/// nginx answering every path with 200 and a short body.
fn nginx(dir: &TempDir) -> Server {
    let bin = nginx_binary();
    let addr = common::free_addr();
    let http = format!(
        "    access_log off;
    keepalive_timeout 60s;
    server {{
        listen {addr};
        location / {{
            return 200 \"Hello World\\n\";
        }}
    }}"
    );
    Server::nginx(&bin, &dir.0, addr, &http)
}

/// The lab's reading of a wrk output.
fn parse(r: &Run) -> LevelStats {
    Driver::Wrk
        .parse(
            &r.stdout,
            &r.stderr,
            Path::new("unused.json"),
            Duration::ZERO,
        )
        .unwrap_or_else(|e| panic!("the lab's wrk parser: {e}\n{r:?}"))
        .stats
}

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).expect("the --barrage-json file");
    serde_json::from_str(&text).expect("JSON")
}

fn num(v: &Value, pointer: &str) -> f64 {
    v.pointer(pointer)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("no number at {pointer}"))
}

/// wrk prints two decimals of its unit: a value read back is within half a
/// step of the exact one (steps are at most 1/85 of the value).
fn close_to(printed: f64, exact: f64) -> bool {
    (printed - exact).abs() <= exact * 0.006 + 0.01
}

/// The lab's reading of a dialect run agrees with barrage's JSON report.
fn check_against_json(r: &Run, json: &Value, latency_distribution: bool) -> LevelStats {
    let s = parse(r);
    assert_eq!(s.responses as f64, num(json, "/totals/responses"), "{r:?}");
    let elapsed = num(json, "/totals/elapsed_s");
    assert!(close_to(s.elapsed_s * 1e6, elapsed * 1e6), "{r:?}");
    let rate = num(json, "/totals/responses_per_s");
    assert!((s.responses_per_s - rate).abs() <= 0.005 + 1e-9, "{r:?}");
    assert_eq!(s.errors, Some(num(json, "/totals/errors") as u64), "{r:?}");
    assert_eq!(
        s.timeouts,
        Some(num(json, "/errors/timeout/count") as u64),
        "{r:?}"
    );
    assert_eq!(
        s.non_2xx,
        Some(num(json, "/totals/responses_not_2xx_3xx") as u64),
        "{r:?}"
    );
    let bytes = num(json, "/totals/bytes_read");
    let printed = s.bytes_read.expect("bytes read") as f64;
    assert!(
        (printed - bytes).abs() <= bytes * 0.01 + 1.0,
        "{printed} vs {bytes}: {r:?}"
    );
    if s.responses == 0 {
        assert_eq!(s.latency_mean_us, None, "{r:?}");
        return s;
    }
    let pairs = [
        (s.latency_mean_us, "/latency_us/mean"),
        (s.latency_max_us, "/latency_us/max"),
    ];
    for (printed, pointer) in pairs {
        let exact = num(json, pointer);
        let printed = printed.unwrap_or_else(|| panic!("no {pointer}: {r:?}"));
        assert!(
            close_to(printed, exact),
            "{pointer}: {printed} vs {exact}\n{r:?}"
        );
    }
    let percentiles = [
        (s.latency_p50_us, "/latency_us/p50"),
        (s.latency_p90_us, "/latency_us/p90"),
        (s.latency_p99_us, "/latency_us/p99"),
    ];
    for (printed, pointer) in percentiles {
        match printed {
            Some(p) => {
                assert!(latency_distribution, "{r:?}");
                let exact = num(json, pointer);
                assert!(close_to(p, exact), "{pointer}: {p} vs {exact}\n{r:?}");
            }
            None => assert!(!latency_distribution, "{pointer} missing: {r:?}"),
        }
    }
    s
}

/// The lines wrk always prints, in wrk's order.
fn check_layout(stdout: &str, url: &str, threads: u64, connections: u64) {
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() >= 8, "{stdout}");
    assert!(
        lines[0].starts_with("Running ") && lines[0].ends_with(&format!(" test @ {url}")),
        "{stdout}"
    );
    assert_eq!(
        lines[1],
        format!("  {threads} threads and {connections} connections")
    );
    assert_eq!(
        lines[2],
        "  Thread Stats   Avg      Stdev     Max   +/- Stdev"
    );
    assert!(lines[3].starts_with("    Latency   "), "{stdout}");
    assert!(lines[4].starts_with("    Req/Sec   "), "{stdout}");
    let n = lines.len();
    assert!(lines[n - 2].starts_with("Requests/sec: "), "{stdout}");
    assert!(lines[n - 1].starts_with("Transfer/sec: "), "{stdout}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" requests in ") && l.ends_with("B read")),
        "{stdout}"
    );
}

/// Seed 001 scaled down (`-t100 -c5000 -d30s` → `-t2 -c50 -d2s`) against
/// `barrage serve`, whose `/` is a 404: the non-2xx line shows.
#[test]
fn seed_against_barrage_serve() {
    let _serial = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("seed");
    let json_path = dir.file("out.json");
    let url = server.url("/");
    let r = dialect(&["-t2", "-c50", "-d2s", &url, "--barrage-json", &json_path]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stderr.is_empty(), "{r:?}");
    check_layout(&r.stdout, &url, 2, 50);
    assert!(r.stdout.starts_with("Running 2s test @ "), "{r:?}");
    assert!(!r.stdout.contains("Latency Distribution"), "{r:?}");
    let json = read_json(&json_path);
    assert_eq!(json["spec"]["model"], "closed");
    assert_eq!(json["spec"]["connections"], 50);
    assert_eq!(json["spec"]["keepalive"], true);
    assert_eq!(json["spec"]["protocol"], "HTTP/1.1");
    assert_eq!(json["spec"]["duration_s"], 2.0);
    assert_eq!(json["spec"]["timeout_s"], 2.0);
    let s = check_against_json(&r, &json, false);
    assert!(s.responses > 0, "{r:?}");
    assert_eq!(
        s.non_2xx,
        Some(s.responses),
        "/ is not found on barrage serve"
    );
    assert!(r
        .stdout
        .contains(&format!("  Non-2xx or 3xx responses: {}\n", s.responses)));
}

/// `-t100`, far above the cores, runs on at most one engine thread per
/// core; wrk's header still says 100 threads, and `--latency` adds the
/// distribution block.
#[test]
fn threads_above_the_cores_are_capped() {
    let _serial = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("threads");
    let json_path = dir.file("out.json");
    let url = server.url("/hello");
    let r = dialect(&[
        "-t100",
        "-c100",
        "-d1s",
        "--latency",
        "--barrage-json",
        &json_path,
        &url,
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    check_layout(&r.stdout, &url, 100, 100);
    assert!(r.stdout.starts_with("Running 1s test @ "), "{r:?}");
    let json = read_json(&json_path);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let threads = num(&json, "/spec/threads");
    assert!(
        threads >= 1.0 && threads <= cores.min(100.0),
        "{threads} threads"
    );
    assert_eq!(json["spec"]["connections"], 100);
    assert!(
        r.stdout.contains("\n  Latency Distribution\n     50%"),
        "{r:?}"
    );
    let s = check_against_json(&r, &json, true);
    assert!(
        s.responses > 0 && s.non_2xx == Some(0) && s.errors == Some(0),
        "{r:?}"
    );
}

/// Responses slower than `--timeout` are wrk's "timeout" socket errors.
#[test]
fn timeouts_are_socket_errors() {
    let _serial = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("timeouts");
    let json_path = dir.file("out.json");
    let url = server.url("/delay?ms=1500");
    let r = dialect(&[
        "-t1",
        "-c2",
        "-d2",
        "--timeout",
        "1",
        "--barrage-json",
        &json_path,
        &url,
    ]);
    // Nothing answered in time: barrage's exit 1, after wrk's report.
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stdout
            .contains("  Socket errors: connect 0, read 0, write 0, timeout "),
        "{r:?}"
    );
    assert!(
        r.stdout
            .contains("    Latency     0.00us    0.00us   0.00us    -nan%\n"),
        "{r:?}"
    );
    let json = read_json(&json_path);
    let s = check_against_json(&r, &json, false);
    assert!(s.timeouts.unwrap() >= 2, "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
}

/// The same command line with the real wrk and with the dialect: the lab's
/// parser reads both, and they agree on what the load was.
fn real_and_dialect(url: &str, dir: &TempDir) {
    let args = ["-t2", "-c50", "-d2s", "--latency", url];
    let real = run("wrk", &args);
    assert_eq!(real.code, Some(0), "{real:?}");
    let json_path = dir.file("dialect.json");
    let mut with_json = args.to_vec();
    with_json.extend(["--barrage-json", &json_path]);
    let ours = dialect(&with_json);
    assert_eq!(ours.code, Some(0), "{ours:?}");
    check_layout(&real.stdout, url, 2, 50);
    check_layout(&ours.stdout, url, 2, 50);
    let (a, b) = (parse(&real), parse(&ours));
    check_against_json(&ours, &read_json(&json_path), true);
    for (tool, s, run) in [("wrk", &a, &real), ("barrage wrk", &b, &ours)] {
        assert!(s.responses > 0, "{tool}: {run:?}");
        assert_eq!(s.errors, Some(0), "{tool}: {run:?}");
        assert!(
            s.latency_p50_us.is_some() && s.latency_p99_us.is_some(),
            "{tool}"
        );
        assert!(s.elapsed_s >= 2.0, "{tool}: {run:?}");
    }
    assert_eq!(
        a.non_2xx == Some(0),
        b.non_2xx == Some(0),
        "{real:?}\n{ours:?}"
    );
    // The same responses: bytes per response within a few bytes (wrk
    // sends no User-Agent, so the servers' replies are the same size).
    let per = |s: &LevelStats| s.bytes_read.unwrap() as f64 / s.responses as f64;
    assert!(
        (per(&a) - per(&b)).abs() < 2.0,
        "{} vs {}",
        per(&a),
        per(&b)
    );
}

#[test]
#[ignore = "needs wrk (scripts/test.sh runs it)"]
fn real_wrk_and_the_dialect_against_barrage_serve() {
    require("wrk");
    let _serial = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("real");
    real_and_dialect(&server.url("/hello"), &dir);
}

#[test]
#[ignore = "needs nginx and wrk (scripts/test.sh runs it)"]
fn seed_against_nginx_with_the_real_wrk_too() {
    let dir = TempDir::new("nginx");
    let _serial = serial();
    let nginx = nginx(&dir);
    let url = nginx.url("/");
    let json_path = dir.file("seed.json");
    let r = dialect(&["-t2", "-c50", "-d2s", &url, "--barrage-json", &json_path]);
    assert_eq!(r.code, Some(0), "{r:?}");
    check_layout(&r.stdout, &url, 2, 50);
    let s = check_against_json(&r, &read_json(&json_path), false);
    assert!(
        s.responses > 0 && s.non_2xx == Some(0) && s.errors == Some(0),
        "{r:?}"
    );
    require("wrk");
    real_and_dialect(&url, &dir);
}

/// A listener nobody should connect to: `connected()` says whether anyone did.
struct Witness(TcpListener);

impl Witness {
    fn new() -> Witness {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.set_nonblocking(true).unwrap();
        Witness(l)
    }

    fn url(&self) -> String {
        format!("http://{}/", self.0.local_addr().unwrap())
    }

    fn connected(&self) -> bool {
        std::thread::sleep(Duration::from_millis(100));
        self.0.accept().is_ok()
    }
}

#[test]
fn bad_values_are_one_line_and_exit_2() {
    let w = Witness::new();
    let url = w.url();
    let cases: [(&[&str], &str); 9] = [
        (&[], "no URL"),
        (&["-t0", &url], "number of threads must be at least 1"),
        (&["-c", "abc", &url], "-c \"abc\""),
        (&["-d", "1.5s", &url], "-d \"1.5s\""),
        (&["-d", "500ms", &url], "unit s, m or h"),
        (
            &["-t4", "-c2", &url],
            "number of connections must be >= threads",
        ),
        (&["--bogus", &url], "'--bogus'"),
        (&["-H", "NoColon", &url], "-H \"NoColon\""),
        (&["ftp://127.0.0.1/"], "invalid URL"),
    ];
    for (args, want) in cases {
        let r = dialect(args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stdout.is_empty(), "{r:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {r:?}");
        assert!(r.stderr.contains(want), "{args:?}: {r:?}");
    }
    assert!(!w.connected(), "a bad command line connected");
}

#[test]
fn help_and_version() {
    let r = dialect(&["--help"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.starts_with("Usage: wrk <options> <url>"), "{r:?}");
    assert!(r.stdout.contains("--barrage-json"), "{r:?}");
    let r = dialect(&["-v"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.starts_with("wrk 4.1.0 [barrage "), "{r:?}");
}

/// A link named `wrk` to the barrage binary is the dialect, as busybox's applets.
#[test]
fn a_link_named_wrk_is_the_dialect() {
    let _serial = serial();
    let dir = TempDir::new("link");
    let link = dir.0.join("wrk");
    std::os::unix::fs::symlink(BIN, &link).expect("symlink");
    let server = Server::barrage(false);
    let url = server.url("/hello");
    let r = run(&link, &["-t1", "-c2", "-d1", "--latency", &url]);
    assert_eq!(r.code, Some(0), "{r:?}");
    check_layout(&r.stdout, &url, 1, 2);
    assert!(r.stdout.starts_with("Running 1s test @ "), "{r:?}");
    let s = parse(&r);
    assert!(s.responses > 0 && s.latency_p99_us.is_some(), "{r:?}");
    let r = run(&link, &["-s", "not-there.lua", &url]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr
            .starts_with("barrage: error: wrk -s: cannot read script"),
        "{r:?}"
    );
}
