//! `barrage h2load`: seed 002's h2load command lines (and its proxies'),
//! scaled down, against `barrage serve` (h2c on its plain port, h2 and
//! HTTP/1.1 by ALPN with `--tls`) and nginx (`BARRAGE_NGINX`, a test marked
//! `#[ignore = "needs nginx…"]`), read by the lab's h2load parser and checked
//! against `--barrage-json`; the same lines with the real h2load (tests
//! marked `#[ignore = "needs h2load…"]`, which fail without it), request
//! counts equal where `-n` fixes them; `--h1`, `-D` with a warm-up, `-t`, `-r`; the refusal of
//! unsupported flags and bad values; and a busybox-style link named `h2load`.

use std::io::ErrorKind;
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Command, Stdio};

use barrage_lab::driver::LevelStats;
use barrage_lab::driver::Tool;
use barrage_lab::suite::Driver;
use serde_json::Value;

use crate::common;
use common::{free_addr, nginx_binary, require, run, serial, Run, Server, TempDir, BIN};

/// Seed 002: `h2load -n2000000 -c500 -m100 https://127.0.0.1:3000/`, then
/// with `-w30 -W30`; its proxies ran `-n1000000 -c100 -m100`. Scaled down.
const SEED_SERVERS: &str = "-n20000 -c20 -m10";
const SEED_WINDOWS: &str = "-n20000 -c20 -m10 -w30 -W30";
const SEED_PROXIES: &str = "-n10000 -c10 -m10";

/// A server and its ports: h2c and HTTP/1.1 on `plain`, h2 and HTTP/1.1
/// by ALPN on `tls`.
struct Served {
    _server: Server,
    plain: SocketAddr,
    tls: Option<SocketAddr>,
    _dir: Option<TempDir>,
}

impl Served {
    /// `barrage serve` on a free port: h2c and HTTP/1.1, or with `tls`
    /// HTTPS (h2 and HTTP/1.1 by ALPN) with a self-signed certificate.
    fn barrage(tls: bool) -> Served {
        let server = Server::barrage(tls);
        let addr = server.addr;
        Served {
            _server: server,
            plain: if tls {
                "127.0.0.1:1".parse().unwrap()
            } else {
                addr
            },
            tls: tls.then_some(addr),
            _dir: None,
        }
    }

    /// nginx, one worker: h2c (prior knowledge) on `plain`, h2 and
    /// HTTP/1.1 by ALPN on `tls` when openssl can make a certificate.
    fn nginx(bin: &str) -> Served {
        let dir = TempDir::new("nginx");
        let root = dir.path("root");
        std::fs::create_dir_all(root.join("static")).unwrap();
        std::fs::write(root.join("static/6b"), b"hello\n").unwrap();
        std::fs::write(root.join("static/4k"), vec![b'x'; 4096]).unwrap();
        let plain = free_addr();
        let (cert, key) = (dir.path("cert.pem"), dir.path("key.pem"));
        let made = Command::new("openssl")
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            ])
            .args(["-subj", "/CN=127.0.0.1", "-keyout"])
            .arg(&key)
            .arg("-out")
            .arg(&cert)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        assert!(made, "needs openssl: it cannot make nginx's certificate");
        let tls = free_addr();
        let tls_server = format!(
            "server {{ listen {tls} ssl http2; ssl_certificate {}; ssl_certificate_key {}; root {}; }}",
            cert.display(),
            key.display(),
            root.display()
        );
        let http = format!(
            "    access_log off;
    http2_max_requests 1000000;
    server {{ listen {plain} http2; root {root}; }}
    {tls_server}",
            root = root.display()
        );
        let mut server = Server::nginx(bin, &dir.0, plain, &http);
        server.wait_for(tls);
        Served {
            _server: server,
            plain,
            tls: Some(tls),
            _dir: Some(dir),
        }
    }

    fn url(&self, tls: bool, path: &str) -> String {
        match (tls, self.tls) {
            (true, Some(addr)) => format!("https://{addr}{path}"),
            (true, None) => panic!("this server has no TLS port"),
            (false, _) => format!("http://{}{path}", self.plain),
        }
    }
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// `barrage h2load ARGS`.
fn dialect(args: &[String]) -> Run {
    common::barrage("h2load", args)
}

/// The lab's reading of an h2load output.
fn parse(ran: &Run) -> LevelStats {
    Driver::H2load
        .parse(&ran.stdout, &ran.stderr, Path::new("unused.json"), ran.took)
        .unwrap_or_else(|e| panic!("the lab cannot read it: {e}\n{ran:?}"))
        .stats
}

/// The summary lines h2load always prints, in its order.
const SUMMARY: [&str; 9] = [
    "finished in ",
    "requests: ",
    "status codes: ",
    "traffic: ",
    "                     min         max         mean         sd        +/- sd",
    "time for request: ",
    "time for connect: ",
    "time to 1st byte: ",
    "req/s           : ",
];

/// h2load's layout: the opening lines, then the summary block after a blank line.
fn check_layout(ran: &Run) {
    let lines: Vec<&str> = ran.stdout.lines().collect();
    assert_eq!(lines[0], "starting benchmark...", "{ran:?}");
    assert!(lines[1].starts_with("spawning thread #0: "), "{ran:?}");
    let at = lines
        .iter()
        .position(|l| l.starts_with("finished in "))
        .unwrap_or_else(|| panic!("no `finished in`\n{ran:?}"));
    assert_eq!(lines[at - 1], "", "{ran:?}");
    assert_eq!(lines.len(), at + SUMMARY.len(), "{ran:?}");
    for (line, start) in lines[at..].iter().zip(SUMMARY) {
        assert!(
            line.starts_with(start),
            "{line:?} should start with {start:?}\n{ran:?}"
        );
    }
}

/// The kinds of lines (the words before the first number), for comparing
/// the dialect's output with the real tool's.
fn shape(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|l| {
            l.split(|c: char| c.is_ascii_digit())
                .next()
                .unwrap_or("")
                .trim_end()
                .to_string()
        })
        .collect()
}

/// `a` within `tolerance` of `b`.
fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// Runs the dialect with `--barrage-json`, checks the layout and the lab's
/// reading against the JSON report, and returns both.
fn run_dialect(flags: &str, url: &str) -> (Run, LevelStats, Value) {
    let dir = TempDir::new("json");
    let json = dir.path("run.json");
    let mut args = words(flags);
    args.push(format!("--barrage-json={}", json.display()));
    args.push(url.to_string());
    let ran = dialect(&args);
    assert_eq!(ran.code, Some(0), "{ran:?}");
    check_layout(&ran);
    let stats = parse(&ran);
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let totals = &report["totals"];
    let num = |v: &Value| v.as_u64().unwrap();
    assert_eq!(stats.responses, num(&totals["responses"]), "{ran:?}");
    assert_eq!(
        stats.requests_sent,
        totals["requests_sent"].as_u64(),
        "{ran:?}"
    );
    assert_eq!(stats.bytes_read, totals["bytes_read"].as_u64(), "{ran:?}");
    assert_eq!(
        stats.non_2xx,
        totals["responses_not_2xx_3xx"].as_u64(),
        "{ran:?}"
    );
    assert_eq!(num(&totals["errors"]), 0, "{ran:?}");
    assert_eq!(
        (stats.errors, stats.timeouts),
        (Some(0), Some(0)),
        "{ran:?}"
    );
    // h2load prints times to two decimals of their unit.
    let latency = &report["latency_us"];
    let (mean, max) = (
        latency["mean"].as_f64().unwrap(),
        latency["max"].as_f64().unwrap(),
    );
    let got_mean = stats.latency_mean_us.unwrap();
    assert!(
        close(got_mean, mean, 1.0 + mean * 0.006),
        "mean {got_mean} vs {mean}\n{ran:?}"
    );
    let got_max = stats.latency_max_us.unwrap();
    assert!(
        close(got_max, max, 1.0 + max * 0.006),
        "max {got_max} vs {max}\n{ran:?}"
    );
    let elapsed = totals["elapsed_s"].as_f64().unwrap();
    assert!(
        close(stats.elapsed_s, elapsed, 0.001 + elapsed * 0.006),
        "elapsed {} vs {elapsed}\n{ran:?}",
        stats.elapsed_s
    );
    (ran, stats, report)
}

/// The same flags with the real h2load: the lab reads it, every request is
/// answered, and its layout has the dialect's lines.
fn compare_with_real(flags: &str, url: &str, dialect_out: &Run, requests: Option<u64>) {
    let h2load = require("h2load");
    let mut args = words(flags);
    args.push(url.to_string());
    let ran = run(&h2load, &args);
    assert_eq!(ran.code, Some(0), "{ran:?}");
    check_layout(&ran);
    let real = parse(&ran);
    let ours = parse(dialect_out);
    assert_eq!(real.errors, Some(0), "{ran:?}");
    assert_eq!(real.non_2xx, ours.non_2xx, "{ran:?}");
    if let Some(n) = requests {
        assert_eq!(
            (real.responses, ours.responses),
            (n, n),
            "{ran:?}\n{dialect_out:?}"
        );
        assert_eq!(real.requests_sent, ours.requests_sent, "{ran:?}");
    }
    // Every kind of line the dialect prints, h2load prints too (h2load adds
    // `Server Temp Key:`, which barrage cannot tell).
    let theirs = shape(&ran.stdout);
    for kind in shape(&dialect_out.stdout) {
        assert!(
            theirs.contains(&kind),
            "{kind:?} is not in h2load's output\n{ran:?}\n{dialect_out:?}"
        );
    }
}

#[test]
fn seed_002_over_tls_against_barrage_serve() {
    let _turn = serial();
    let server = Served::barrage(true);
    let url = server.url(true, "/static/6b");
    let (ran, stats, report) = run_dialect(SEED_SERVERS, &url);
    assert_eq!(stats.responses, 20000, "exactly -n");
    assert_eq!(report["spec"]["protocol"], "h2");
    assert_eq!(report["spec"]["streams"], 10);
    assert_eq!(report["spec"]["connections"], 20);
    assert_eq!(report["spec"]["window_bits"], 30, "h2load 1.52's default");
    assert_eq!(report["spec"]["connection_window_bits"], 30);
    assert_eq!(report["spec"]["threads"], 1, "h2load's default -t 1");
    assert!(ran.stdout.contains("\nTLS Protocol: TLSv1."), "{ran:?}");
    assert!(ran.stdout.contains("\nCipher: TLS_"), "{ran:?}");
    assert!(
        ran.stdout.contains("\nApplication protocol: h2\n"),
        "{ran:?}"
    );
    assert!(ran.stdout.contains("\nprogress: 100% done\n"), "{ran:?}");
    assert!(ran
        .stdout
        .contains("\nrequests: 20000 total, 20000 started, 20000 done, 20000 succeeded, 0 failed, 0 errored, 0 timeout\n"));
    assert!(ran
        .stdout
        .contains("\nstatus codes: 20000 2xx, 0 3xx, 0 4xx, 0 5xx\n"));
}

/// An ALPN list that starts with h3 is HTTP/3 over QUIC, as with an h2load
/// built with ngtcp2: `barrage serve --h3` answers every request of `-n`.
#[test]
fn h3_first_in_the_alpn_list_runs_http3() {
    let _turn = serial();
    let addr = free_addr();
    let mut cmd = Command::new(BIN);
    cmd.args(["serve", "--listen", &addr.to_string(), "--threads", "1"]);
    cmd.args(["--tls", "--h3"]);
    let _server = Server::spawn(cmd, addr);
    let url = format!("https://localhost:{}/hello", addr.port());
    let (ran, stats, report) = run_dialect("--npn-list=h3,h2 -n2000 -c4 -m10", &url);
    assert_eq!(stats.responses, 2000, "exactly -n");
    assert_eq!(report["spec"]["protocol"], "h3");
    assert_eq!(report["h3"]["connections"], 4);
    assert_eq!(report["spec"]["streams"], 10);
    assert!(ran.stdout.contains("\nTLS Protocol: TLSv1.3\n"), "{ran:?}");
    assert!(
        ran.stdout.contains("\nApplication protocol: h3\n"),
        "{ran:?}"
    );
    assert!(ran
        .stdout
        .contains("\nrequests: 2000 total, 2000 started, 2000 done, 2000 succeeded, 0 failed, 0 errored, 0 timeout\n"));
}

#[test]
fn seed_002_windows_over_h2c_against_barrage_serve() {
    let _turn = serial();
    let server = Served::barrage(false);
    let url = server.url(false, "/static/4k");
    let (ran, stats, report) = run_dialect(SEED_WINDOWS, &url);
    assert_eq!(stats.responses, 20000);
    assert_eq!(report["spec"]["protocol"], "h2c");
    assert!(stats.bytes_read.unwrap() > 20000 * 4096, "{ran:?}");
    assert!(
        ran.stdout.contains("\nApplication protocol: h2c\n"),
        "{ran:?}"
    );
    // The protocol's default windows: the server waits for WINDOW_UPDATEs.
    let (_, stats, report) = run_dialect("-n2000 -c4 -m10 -w16 -W16", &url);
    assert_eq!(stats.responses, 2000);
    assert_eq!(report["spec"]["window_bits"], 16);
    assert_eq!(report["spec"]["connection_window_bits"], 16);
    assert!(report["h2"]["window_updates_sent"].as_u64().unwrap() > 0);
    // The proxies' line.
    let url = server.url(false, "/hello");
    let (_, stats, _) = run_dialect(SEED_PROXIES, &url);
    assert_eq!(stats.responses, 10000);
}

#[test]
fn h1_pipelines_and_threads() {
    let _turn = serial();
    let server = Served::barrage(false);
    let url = server.url(false, "/static/6b");
    let flags = "-n2000 -c10 -m4 -t2 --h1";
    let (ran, stats, report) = run_dialect(flags, &url);
    assert_eq!(stats.responses, 2000);
    assert_eq!(report["spec"]["protocol"], "HTTP/1.1");
    assert_eq!(
        report["spec"]["pipeline"], 4,
        "h2load pipelines -m over HTTP/1.1"
    );
    assert!(report["spec"]["threads"].as_u64().unwrap() <= 2);
    // -t2: two threads where there are two cores (one per core at most).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores >= 2 {
        assert!(
            ran.stdout
                .contains("\nspawning thread #1: 5 total client(s). 1000 total requests\n"),
            "{ran:?}"
        );
    }
    assert!(
        ran.stdout.contains("\nApplication protocol: http/1.1\n"),
        "{ran:?}"
    );
    // --h1 over TLS: ALPN offers http/1.1 only.
    let tls = Served::barrage(true);
    let url = tls.url(true, "/static/6b");
    let (ran, stats, report) = run_dialect("-n500 -c5 --h1", &url);
    assert_eq!(stats.responses, 500);
    assert_eq!(report["spec"]["protocol"], "HTTP/1.1");
    assert!(
        ran.stdout.contains("\nApplication protocol: http/1.1\n"),
        "{ran:?}"
    );
}

#[test]
fn timed_run_with_warm_up() {
    let _turn = serial();
    let server = Served::barrage(false);
    let url = server.url(false, "/hello");
    let flags = "-D1 --warm-up-time=1 -c4 -m2 -t2";
    let (ran, stats, report) = run_dialect(flags, &url);
    assert_eq!(stats.elapsed_s, 1.0, "the main duration");
    assert!(stats.responses > 0, "{ran:?}");
    assert_eq!(report["spec"]["warmup_s"], 1.0);
    assert_eq!(report["spec"]["duration_s"], 1.0);
    assert_eq!(report["stop_reason"], "duration");
    for line in [
        "spawning thread #0: 2 total client(s). Timing-based test with 1s of warm-up time and 1s of main duration for measurements.",
        "Warm-up started for thread #0.",
        "progress: 100% of clients started",
        "Main benchmark duration is started for thread #0.",
        "Stopped all clients for thread #0",
    ] {
        assert!(ran.stdout.lines().any(|l| l == line), "{line:?}\n{ran:?}");
    }
}

#[test]
fn connection_rate_runs_sessions() {
    let _turn = serial();
    let server = Served::barrage(false);
    let url = server.url(false, "/hello");
    let flags = "-n40 -c8 -r4 --rate-period=100ms";
    let (ran, stats, report) = run_dialect(flags, &url);
    assert_eq!(stats.responses, 40);
    assert_eq!(report["spec"]["model"], "sessions");
    assert_eq!(report["spec"]["calls_per_session"], 5);
    assert_eq!(report["spec"]["sessions"], 8);
    assert_eq!(report["spec"]["conn_rate_per_s"], 40.0);
    assert!(ran.stdout.contains(
        "spawning thread #0: 8 total client(s). Up to 4 client(s) will be created every 100ms 40 total requests\n"
    ), "{ran:?}");
    assert!(
        ran.stdout.contains("\nprogress: 100% of clients started\n"),
        "{ran:?}"
    );
    // Requests the connections cannot share evenly: refused, nothing runs.
    let ran = dialect(&words(&format!("-n41 -c8 -r4 {url}")));
    assert_eq!(ran.code, Some(2), "{ran:?}");
    assert!(ran.stderr.contains("multiple of -c"), "{ran:?}");
}

/// Every line the tests above run against `barrage serve`, with the real
/// h2load too.
#[test]
#[ignore = "needs h2load (scripts/test.sh runs it)"]
fn the_real_h2load_runs_the_same_lines() {
    require("h2load");
    let _turn = serial();
    let (plain, tls) = (Served::barrage(false), Served::barrage(true));
    let cases = [
        (SEED_SERVERS, tls.url(true, "/static/6b"), Some(20000)),
        (SEED_WINDOWS, plain.url(false, "/static/4k"), Some(20000)),
        (SEED_PROXIES, plain.url(false, "/hello"), Some(10000)),
        (
            "-n2000 -c10 -m4 -t2 --h1",
            plain.url(false, "/static/6b"),
            Some(2000),
        ),
        (
            "-D1 --warm-up-time=1 -c4 -m2 -t2",
            plain.url(false, "/hello"),
            None,
        ),
        (
            "-n40 -c8 -r4 --rate-period=100ms",
            plain.url(false, "/hello"),
            Some(40),
        ),
    ];
    for (flags, url, requests) in cases {
        let (ran, _, _) = run_dialect(flags, &url);
        compare_with_real(flags, &url, &ran, requests);
    }
}

#[test]
fn unsupported_flags_and_bad_values_are_one_line_and_connect_nowhere() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let cases = [
        ("--log-file=/tmp/x", "--log-file"),
        ("--timing-script-file /tmp/x", "--timing-script-file"),
        ("--ciphers=AES128-SHA", "--ciphers"),
        ("-f 64K", "--max-frame-size"),
        ("--header-table-size=8K", "--header-table-size"),
        ("-B unix:/tmp/sock", "unix:"),
        ("-H :path:/x", ":path"),
        ("-nabc", "-n: bad option value: abc"),
        ("-w31", "-w: specify the integer in the range [0, 30]"),
        ("-n5 -c10", "-n, -c:"),
        ("-n10 -c2 -t3", "-c, -t:"),
        ("-r1 -D1", "-r, -D: they are mutually exclusive."),
        ("--bogus", "unrecognized option '--bogus'"),
    ];
    for (flags, says) in cases {
        let mut args = words(flags);
        args.push(url.clone());
        let ran = dialect(&args);
        assert_eq!(ran.code, Some(2), "{flags}: {ran:?}");
        assert_eq!(ran.stdout, "", "{flags}: nothing runs\n{ran:?}");
        assert_eq!(ran.stderr.lines().count(), 1, "{flags}: one line\n{ran:?}");
        assert!(
            ran.stderr.starts_with("barrage: error: h2load: "),
            "{flags}: {ran:?}"
        );
        assert!(ran.stderr.contains(says), "{flags}: {says:?}\n{ran:?}");
        if ran.stderr.contains("not supported") {
            assert!(
                ran.stderr.contains("barrage"),
                "{flags}: names barrage's option\n{ran:?}"
            );
        }
    }
    // The ALPN list matters for https:// only.
    let https = url.replace("http://", "https://");
    let ran = dialect(&["--npn-list=spdy/3".to_string(), https]);
    assert_eq!(ran.code, Some(2), "{ran:?}");
    assert!(ran.stderr.contains("h3 (first in the list), h2"), "{ran:?}");
    match listener.accept() {
        Err(e) if e.kind() == ErrorKind::WouldBlock => {}
        other => panic!("a connection was made: {other:?}"),
    }
    let ran = dialect(&words("-n10"));
    assert_eq!(
        (ran.code, ran.stderr.trim()),
        (
            Some(2),
            "barrage: error: h2load: no URI or input file given"
        )
    );
}

#[test]
fn busybox_link_named_h2load() {
    let _turn = serial();
    let server = Served::barrage(false);
    let dir = TempDir::new("link");
    let link = dir.path("h2load");
    std::os::unix::fs::symlink(BIN, &link).unwrap();
    let mut args = words("-n200 -c2 -m4");
    args.push(server.url(false, "/static/6b"));
    let ran = run(&link, &args);
    assert_eq!(ran.code, Some(0), "{ran:?}");
    check_layout(&ran);
    assert_eq!(parse(&ran).responses, 200);
    let ran = run(&link, &words("--version"));
    assert!(ran.stdout.starts_with("h2load nghttp2/1.52.0"), "{ran:?}");
    let ran = run(&link, &words("--help"));
    assert!(
        ran.stdout
            .starts_with("Usage: h2load [OPTIONS]... [URI]..."),
        "{ran:?}"
    );
}

#[test]
#[ignore = "needs nginx, h2load and openssl (scripts/test.sh runs it)"]
fn seed_002_lines_against_nginx() {
    let bin = nginx_binary();
    require("h2load");
    let _turn = serial();
    let nginx = Served::nginx(&bin);
    let url = nginx.url(false, "/static/6b");
    let (ran, stats, report) = run_dialect(SEED_PROXIES, &url);
    assert_eq!(stats.responses, 10000);
    assert_eq!(report["spec"]["protocol"], "h2c");
    compare_with_real(SEED_PROXIES, &url, &ran, Some(10000));
    let url = nginx.url(false, "/static/4k");
    let (ran, stats, _) = run_dialect(SEED_WINDOWS, &url);
    assert_eq!(stats.responses, 20000);
    compare_with_real(SEED_WINDOWS, &url, &ran, Some(20000));
    let url = nginx.url(true, "/static/6b");
    let (ran, stats, report) = run_dialect(SEED_SERVERS, &url);
    assert_eq!(stats.responses, 20000);
    assert_eq!(report["spec"]["protocol"], "h2");
    assert_eq!(report["tls"]["alpn"], "h2");
    compare_with_real(SEED_SERVERS, &url, &ran, Some(20000));
}
