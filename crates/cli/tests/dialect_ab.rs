//! `barrage ab`: seed 000's ab command lines, scaled down, against `barrage
//! serve` and nginx (`BARRAGE_NGINX`), read by the lab's ab parser and
//! checked against `--barrage-json`; the same lines with the real ab; the
//! refusal of unsupported flags; and a busybox-style link named `ab`. The
//! tests that need nginx or ab are `#[ignore = "needs …"]` and fail
//! without them.

use std::io::ErrorKind;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use barrage_lab::driver::LevelStats;
use barrage_lab::driver::Tool;
use barrage_lab::suite::Driver;
use serde_json::Value;

use crate::common;
use common::{free_addr, nginx_binary, require, serial, Server, TempDir, BIN};

/// Seed 000's two ab lines, scaled from 1,000,000 and 20,000,000 requests.
const SEED_CLOSE: &str = "-c 30 -n 2000";
const SEED_KEEPALIVE: &str = "-k -c 100 -n 2000";
const REQUESTS: u64 = 2000;

/// nginx with one worker in `dir`, serving `/` (200, "hello\n") and
/// logging every request to `access.log` there.
fn nginx(bin: &str, dir: &TempDir) -> Server {
    let addr = free_addr();
    let http = format!(
        "    access_log {}/access.log;
    server {{
        listen {addr};
        location / {{ return 200 \"hello\\n\"; }}
    }}",
        dir.0.display()
    );
    Server::nginx(bin, &dir.0, addr, &http)
}

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn dialect(args: &[String]) -> Output {
    Command::new(BIN).arg("ab").args(args).output().unwrap()
}

/// The lab's reading of an ab output.
fn parse(out: &Output) -> LevelStats {
    Driver::Ab
        .parse(
            &text(&out.stdout),
            &text(&out.stderr),
            Path::new("unused"),
            Duration::from_secs(1),
        )
        .unwrap_or_else(|e| panic!("{e}\nstdout:\n{}", text(&out.stdout)))
        .stats
}

/// The value after `label` on its line of ab's report.
fn field<'a>(stdout: &'a str, label: &str) -> &'a str {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no {label:?} in\n{stdout}"))
        .trim()
}

fn number(stdout: &str, label: &str) -> u64 {
    field(stdout, label)
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// Runs `barrage ab FLAGS --barrage-json F URL`, checks the layout and the
/// lab's reading against the JSON, and returns both.
fn run_dialect(flags: &str, url: &str) -> (Output, LevelStats, Value) {
    let dir = TempDir::new("json");
    let json = dir.path("run.json");
    let mut args = words(flags);
    args.extend(["--barrage-json".to_string(), json.display().to_string()]);
    args.push(url.to_string());
    let out = dialect(&args);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    let stats = parse(&out);
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let totals = &report["totals"];
    assert_eq!(report["spec"]["protocol"], "HTTP/1.0");
    assert_eq!(stats.responses, totals["responses"].as_u64().unwrap());
    assert_eq!(stats.errors, totals["errors"].as_u64());
    assert_eq!(stats.bytes_read, totals["bytes_read"].as_u64());
    let elapsed = totals["elapsed_s"].as_f64().unwrap();
    assert!((stats.elapsed_s - elapsed).abs() < 0.001, "{stdout}");
    let not_2 = report["status_counts"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(code, _)| !code.starts_with('2'))
        .map(|(_, n)| n.as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(stats.non_2xx, Some(not_2));
    // The longest request is the JSON's max, in ab's whole milliseconds.
    let max_us = report["latency_us"]["max"].as_u64().unwrap();
    assert_eq!(
        stats.latency_max_us,
        Some(((max_us + 500) / 1000 * 1000) as f64)
    );
    let p50 = stats.latency_p50_us.unwrap();
    assert!(p50 <= stats.latency_max_us.unwrap());
    // ab's layout, in ab's order.
    let order = [
        "This is ApacheBench, Version 2.3",
        "Benchmarking 127.0.0.1 (be patient)",
        "Server Software:",
        "Server Hostname:        127.0.0.1",
        "Server Port:",
        "Document Path:",
        "Document Length:",
        "Concurrency Level:",
        "Time taken for tests:",
        "Complete requests:",
        "Failed requests:",
        "Total transferred:",
        "HTML transferred:",
        "Requests per second:",
        "Time per request:",
        "Transfer rate:",
        "Connection Times (ms)",
        "              min  mean[+/-sd] median   max",
        "Connect:",
        "Processing:",
        "Waiting:",
        "Total:",
        "Percentage of the requests served within a certain time (ms)",
        "  50%",
        "  66%",
        "  75%",
        "  80%",
        "  90%",
        "  95%",
        "  98%",
        "  99%",
        " 100%",
    ];
    let mut at = 0;
    for label in order {
        let found = stdout[at..]
            .find(label)
            .unwrap_or_else(|| panic!("{label:?} missing or out of order in\n{stdout}"));
        at += found + label.len();
    }
    assert!(stdout.trim_end().ends_with("(longest request)"), "{stdout}");
    // ab's progress lines, on stderr: every 10% of -n (at least 100).
    let stderr = text(&out.stderr);
    let every = (REQUESTS / 10).max(100);
    let progress: Vec<String> = (1..=REQUESTS / every)
        .map(|k| format!("Completed {} requests", k * every))
        .chain([format!("Finished {REQUESTS} requests")])
        .collect();
    assert_eq!(stderr.lines().collect::<Vec<_>>(), progress, "{stderr}");
    (out, stats, report)
}

/// A seed line with the real ab: its output reads the same way, with the
/// same request count (ab's -n fixes it).
fn real_ab(flags: &str, url: &str) -> LevelStats {
    let mut args = words(flags);
    args.push(url.to_string());
    let out = Command::new(require("ab")).args(&args).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    parse(&out)
}

#[test]
fn seed_000_lines_against_barrage_serve() {
    let _turn = serial();
    let server = Server::barrage(false);
    let url = server.url("/");

    let (out, stats, report) = run_dialect(SEED_CLOSE, &url);
    let stdout = text(&out.stdout);
    assert_eq!(stats.responses, REQUESTS);
    assert_eq!(stats.errors, Some(0));
    assert_eq!(report["connections"]["opened"].as_u64(), Some(REQUESTS));
    assert_eq!(field(&stdout, "Concurrency Level:"), "30");
    assert_eq!(field(&stdout, "Document Path:"), "/");
    assert!(field(&stdout, "Server Software:").starts_with("barrage/"));
    // `/` is not in barrage serve's contract: a 404 each time, as ab counts it.
    assert_eq!(stats.non_2xx, Some(REQUESTS));
    assert!(!stdout.contains("Keep-Alive requests:"));
    let doc = number(&stdout, "Document Length:");
    assert_eq!(number(&stdout, "HTML transferred:"), doc * REQUESTS);

    let (out, stats, report) = run_dialect(SEED_KEEPALIVE, &server.url("/hello"));
    let stdout = text(&out.stdout);
    assert_eq!(stats.responses, REQUESTS);
    assert_eq!(stats.non_2xx, Some(0));
    assert_eq!(report["spec"]["keepalive"], true);
    assert_eq!(report["connections"]["opened"].as_u64(), Some(100));
    assert_eq!(number(&stdout, "Keep-Alive requests:"), REQUESTS);
    assert_eq!(field(&stdout, "Document Length:"), "12 bytes");
    assert_eq!(number(&stdout, "HTML transferred:"), 12 * REQUESTS);
}

#[test]
#[ignore = "needs ab (scripts/test.sh runs it)"]
fn the_real_ab_reads_as_the_dialect_against_barrage_serve() {
    require("ab");
    let _turn = serial();
    let server = Server::barrage(false);
    for (flags, path) in [(SEED_CLOSE, "/"), (SEED_KEEPALIVE, "/hello")] {
        let url = server.url(path);
        let real = real_ab(flags, &url);
        let ours = run_dialect(flags, &url).1;
        assert_eq!((real.responses, ours.responses), (REQUESTS, REQUESTS));
        assert_eq!(real.non_2xx, ours.non_2xx, "{flags}");
        // Same requests, same responses: the same bytes on the wire.
        assert_eq!(real.bytes_read, ours.bytes_read, "{flags}");
    }
}

#[test]
#[ignore = "needs nginx and ab (scripts/test.sh runs it)"]
fn seed_000_lines_against_nginx() {
    let bin = nginx_binary();
    require("ab");
    let _turn = serial();
    let dir = TempDir::new("nginx");
    let nginx = nginx(&bin, &dir);
    let log = dir.path("access.log");
    let url = nginx.url("/");
    let lines = |want: usize| {
        // nginx logs just after it answers: let the last lines land.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let n = std::fs::read_to_string(&log)
                .map(|t| t.lines().count())
                .unwrap_or(0);
            if n >= want || Instant::now() > deadline {
                return n;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    let mut logged = 0;
    for flags in [SEED_CLOSE, SEED_KEEPALIVE] {
        let (out, stats, _) = run_dialect(flags, &url);
        let stdout = text(&out.stdout);
        assert_eq!(stats.responses, REQUESTS, "{flags}");
        assert_eq!((stats.errors, stats.non_2xx), (Some(0), Some(0)), "{flags}");
        assert!(field(&stdout, "Server Software:").starts_with("nginx"));
        assert_eq!(field(&stdout, "Document Length:"), "6 bytes");
        if flags.contains("-k") {
            assert_eq!(number(&stdout, "Keep-Alive requests:"), REQUESTS);
        }
        // Exactly -n requests, and the one ab's first connection sends.
        logged += REQUESTS as usize + 1;
        assert_eq!(lines(logged), logged, "{flags}");
        let access = std::fs::read_to_string(&log).unwrap();
        let last = access.lines().last().unwrap();
        assert!(
            last.contains("\"GET / HTTP/1.0\" 200 6") && last.ends_with("\"ApacheBench/2.3\""),
            "{last}"
        );
    }
    for flags in [SEED_CLOSE, SEED_KEEPALIVE] {
        let real = real_ab(flags, &url);
        let ours = run_dialect(flags, &url).1;
        assert_eq!((real.responses, ours.responses), (REQUESTS, REQUESTS));
        assert_eq!(real.bytes_read, ours.bytes_read, "{flags}");
    }
}

#[test]
fn timelimit_quiet_csv_and_tls() {
    let _turn = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("csv");
    let csv = dir.path("p.csv");
    // -t implies -n 50000; -q prints dots instead of progress lines.
    let mut args = words("-t 1 -c 4 -q -S -e");
    args.push(csv.display().to_string());
    args.push(server.url("/hello"));
    let out = dialect(&args);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("Benchmarking 127.0.0.1 (be patient).....done\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("              min   avg   max\n"),
        "{stdout}"
    );
    assert_eq!(text(&out.stderr), "");
    let stats = parse(&out);
    assert!(stats.responses > 0 && stats.responses <= 50_000);
    assert!(stats.elapsed_s <= 1.1, "{stdout}");
    let csv = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 102);
    assert_eq!(lines[0], "Percentage served,Time in ms");
    assert!(lines[101].starts_with("100,"));

    let tls = Server::barrage(true);
    let out = dialect(&words(&format!("-n 20 -c 2 -q https://{}/hello", tls.addr)));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        field(&stdout, "SSL/TLS Protocol:").starts_with("TLSv1."),
        "{stdout}"
    );
    assert_eq!(parse(&out).responses, 20);
}

#[test]
fn unsupported_flags_are_one_line_and_connect_nowhere() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    for flags in [
        "-g out.tsv -n 10",
        "-b 65536 -n 10",
        "-X proxy:3128",
        "-B 127.0.0.1",
        "-v 3",
        "-c 10 -n 5",
        "-n 0",
        "-n ten",
        "--nope",
    ] {
        let mut args = words(flags);
        args.push(url.clone());
        let out = dialect(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{flags}: {stderr}");
        assert!(
            stderr.starts_with("barrage: error: ab: "),
            "{flags}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{flags}");
        match listener.accept() {
            Err(e) if e.kind() == ErrorKind::WouldBlock => {}
            other => panic!("{flags}: a connection was made: {other:?}"),
        }
    }
    let out = dialect(&words("-g out.tsv http://127.0.0.1:1/"));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("-g (gnuplot") && stderr.contains("--barrage-json"),
        "{stderr}"
    );
}

#[test]
fn a_refused_connection_ends_the_run_as_in_ab() {
    let port = barrage_testkit::closed_port();
    let out = dialect(&words(&format!("-n 10 http://127.0.0.1:{port}/")));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "apr_socket_recv: Connection refused (111)\n"
    );
    assert!(text(&out.stdout).ends_with("Benchmarking 127.0.0.1 (be patient)..."));
    let err = Driver::Ab
        .parse(
            &text(&out.stdout),
            &text(&out.stderr),
            Path::new("unused"),
            Duration::from_secs(1),
        )
        .unwrap_err();
    assert!(err.contains("Connection refused"), "{err}");
}

#[test]
fn a_link_named_ab_is_barrage_ab() {
    let dir = TempDir::new("link");
    let link = dir.path("ab");
    std::os::unix::fs::symlink(BIN, &link).unwrap();
    let via_link = Command::new(&link).arg("-V").output().unwrap();
    let via_sub = dialect(&words("-V"));
    assert!(via_link.status.success());
    assert_eq!(via_link.stdout, via_sub.stdout);
    assert!(text(&via_link.stdout).starts_with("This is ApacheBench, Version 2.3"));
    let refused = Command::new(&link)
        .args(["-g", "x", "http://h/"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));

    let _turn = serial();
    let server = Server::barrage(false);
    let out = Command::new(&link)
        .args(words("-k -c 2 -n 50"))
        .arg(server.url("/hello"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(parse(&out).responses, 50);
}
