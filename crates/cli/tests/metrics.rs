//! `barrage load --metrics`: the OpenMetrics text at /metrics while a run
//! goes and after it (`--metrics-linger`), equal to the run's JSON at the end;
//! bad flags are one line; and a real Prometheus (`#[ignore = "needs
//! prometheus…"]`, installed by scripts/setup.sh) scrapes a run and its query
//! API returns the JSON's response count.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;
use common::{barrage, free_addr, require, serial, Server, TempDir, BIN};

/// GET `path` from `addr` over HTTP/1.1 (`Connection: close`): status line,
/// content type and body; `None` when nothing listens.
fn get(addr: SocketAddr, path: &str) -> Option<(String, String, String)> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(1)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut raw = String::new();
    s.read_to_string(&mut raw).ok()?;
    let (head, body) = raw.split_once("\r\n\r\n")?;
    let status = head.lines().next()?.to_string();
    let kind = head
        .lines()
        .find_map(|l| l.strip_prefix("content-type: "))
        .unwrap_or_default()
        .to_string();
    // hyper answers a known length here, never chunked.
    Some((status, kind, body.to_string()))
}

/// The value of the sample `name{…}` (the first whose labels contain all of
/// `with`).
fn sample(text: &str, name: &str, with: &[&str]) -> Option<f64> {
    text.lines().find_map(|l| {
        let rest = l.strip_prefix(name)?;
        let (labels, value) = match rest.strip_prefix('{') {
            Some(r) => r.split_once("} ")?,
            None => ("", rest.strip_prefix(' ')?),
        };
        with.iter()
            .all(|w| labels.contains(w))
            .then(|| value.trim().parse().ok())?
    })
}

fn load_with_metrics(target: &str, metrics: SocketAddr, json: &str, extra: &[&str]) -> Child {
    let mut cmd = Command::new(BIN);
    cmd.args(["load", "-c4", "-t1", "-q", "--json", json])
        .args(["--metrics", &metrics.to_string()])
        .args(extra)
        .arg(target)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    cmd.spawn().expect("start barrage load")
}

#[test]
fn metrics_follow_the_run_and_end_equal_to_its_json() {
    let _turn = serial();
    let server = Server::barrage(false);
    let target = format!("http://{}/hello", server.addr);
    let dir = TempDir::new("metrics");
    let json = dir.path("run.json");
    let metrics = free_addr();
    let mut child = load_with_metrics(
        &target,
        metrics,
        json.to_str().unwrap(),
        &[
            "-d3s",
            "--warmup",
            "1s",
            "--metrics-label",
            "scenario=hello",
            "--metrics-linger",
            "3s",
        ],
    );
    // While it runs: the counts grow; the labels are on every sample.
    let began = Instant::now();
    let mut seen = Vec::new();
    while began.elapsed() < Duration::from_secs(4) {
        if let Some((status, kind, body)) = get(metrics, "/metrics") {
            assert_eq!(status, "HTTP/1.1 200 OK", "{body}");
            assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
            let target = format!("target=\"{target}\"");
            let labels = ["scenario=\"hello\"", target.as_str()];
            if let Some(n) = sample(&body, "barrage_responses_total", &labels) {
                seen.push(n);
            }
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    assert!(
        seen.windows(2).all(|w| w[0] <= w[1]) && seen.last() > seen.first(),
        "responses grow while it runs: {seen:?}"
    );
    // After the run, for the linger: the final values, equal to the JSON.
    let (_, _, last) = (0..50)
        .find_map(|_| {
            std::thread::sleep(Duration::from_millis(100));
            get(metrics, "/metrics").filter(|(_, _, b)| sample(b, "barrage_done", &[]) == Some(1.0))
        })
        .expect("the final values during --metrics-linger");
    // Only /metrics is served.
    assert!(get(metrics, "/").unwrap().0.contains("404"));
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let totals = &report["totals"];
    let num = |k: &str| totals[k].as_f64().unwrap();
    assert_eq!(
        sample(&last, "barrage_responses_total", &[]),
        Some(num("responses"))
    );
    assert_eq!(
        sample(&last, "barrage_requests_sent_total", &[]),
        Some(num("requests_sent"))
    );
    assert_eq!(
        sample(&last, "barrage_bytes_read_total", &[]),
        Some(num("bytes_read"))
    );
    assert_eq!(
        sample(&last, "barrage_latency_seconds_count", &[]),
        Some(num("responses"))
    );
    assert_eq!(
        sample(&last, "barrage_latency_seconds_bucket", &["le=\"+Inf\""]),
        Some(num("responses"))
    );
    for kind in [
        "connect", "protocol", "read", "reset", "stream", "timeout", "tls", "write",
    ] {
        let label = format!("kind=\"{kind}\"");
        assert_eq!(
            sample(&last, "barrage_errors_total", &[&label]),
            Some(0.0),
            "{kind}"
        );
    }
    let p99 = report["latency_us"]["p99"].as_f64().unwrap() / 1e6;
    let got = sample(
        &last,
        "barrage_latency_quantile_seconds",
        &["window=\"run\"", "quantile=\"0.99\""],
    )
    .unwrap();
    assert!((got - p99).abs() <= p99 * 0.01 + 1e-6, "p99 {got} vs {p99}");
    assert_eq!(sample(&last, "barrage_warmup", &[]), Some(0.0));
    assert!(last.trim_end().ends_with("# EOF"), "{last}");
    // After the linger (the process has exited), nothing is served.
    assert!(get(metrics, "/metrics").is_none(), "closed after the run");
}

/// `barrage run --metrics`: each level of the native driver serves its
/// numbers at the one address, labelled with the suite, server, scenario,
/// level and repeat.
#[test]
fn a_suite_run_labels_each_level() {
    let _turn = serial();
    let dir = TempDir::new("run-metrics");
    let metrics = free_addr();
    let suite = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../suites/builtin-quick.toml"
    );
    let mut child = Command::new(BIN)
        .args(["run", suite, "--quick", "--levels", "0"])
        .args(["--results", dir.path("results").to_str().unwrap()])
        .args(["--metrics", &metrics.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let began = Instant::now();
    let mut seen = None;
    while seen.is_none() && began.elapsed() < Duration::from_secs(60) {
        if let Some((_, _, body)) = get(metrics, "/metrics") {
            let labels = [
                "suite=\"builtin-quick\"",
                "server=\"barrage-target THREADS=",
                "scenario=\"",
                "level=\"c=10\"",
                "repeat=\"1\"",
            ];
            seen = sample(&body, "barrage_responses_total", &labels);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let status = child.wait().unwrap();
    assert!(seen.is_some(), "no labelled sample while the suite ran");
    assert!(status.success(), "{status:?}");
    // Taken: one error line, nothing run.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let ran = barrage("run", &[suite, "--quick", "--metrics", &addr]);
    assert_eq!(ran.code, Some(2), "{ran:?}");
    assert!(
        ran.stderr.contains("--metrics") && ran.stderr.lines().count() == 1,
        "{ran:?}"
    );
}

/// `--agents`: the sums, and a family per agent (`agent`, `part`), whose
/// final counts add up to the merged report's.
#[test]
fn agents_get_a_label_each() {
    let _turn = serial();
    let server = Server::barrage(false);
    let target = format!("http://{}/hello", server.addr);
    let dir = TempDir::new("agents-metrics");
    let json = dir.path("run.json");
    let metrics = free_addr();
    let child = load_with_metrics(
        &target,
        metrics,
        json.to_str().unwrap(),
        &["--agents", "local,local", "-d2s", "--metrics-linger", "3s"],
    );
    let last = (0..150)
        .find_map(|_| {
            std::thread::sleep(Duration::from_millis(100));
            get(metrics, "/metrics").filter(|(_, _, b)| sample(b, "barrage_done", &[]) == Some(1.0))
        })
        .map(|(_, _, b)| b)
        .expect("the final values during --metrics-linger");
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let responses = report["totals"]["responses"].as_f64().unwrap();
    assert_eq!(
        sample(&last, "barrage_responses_total", &[]),
        Some(responses),
        "{last}"
    );
    let parts: Vec<f64> = ["part=\"0\"", "part=\"1\""]
        .iter()
        .map(|p| {
            sample(
                &last,
                "barrage_agent_responses_total",
                &["agent=\"local\"", p],
            )
            .unwrap()
        })
        .collect();
    assert!(parts.iter().all(|&n| n > 0.0), "{last}");
    assert_eq!(parts.iter().sum::<f64>(), responses, "{last}");
    assert_eq!(
        sample(&last, "barrage_errors_all_total", &[]),
        Some(0.0),
        "{last}"
    );
}

#[test]
fn bad_metrics_flags_are_one_line() {
    let _turn = serial();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let cases: [(&[&str], &str); 3] = [
        (&["--metrics", &addr], "--metrics"),
        (
            &["--metrics", "127.0.0.1:0", "--metrics-label", "1x=y"],
            "is not a label name",
        ),
        (
            &["--metrics", "127.0.0.1:0", "--metrics-label", "novalue"],
            "expected KEY=VALUE",
        ),
    ];
    for (flags, says) in cases {
        let mut args: Vec<&str> = flags.to_vec();
        args.extend(["-n", "10", "http://127.0.0.1:1/"]);
        let ran = barrage("load", &args);
        assert_eq!(ran.code, Some(2), "{flags:?}: {ran:?}");
        assert_eq!(ran.stderr.trim().lines().count(), 1, "{flags:?}: {ran:?}");
        assert!(ran.stderr.contains(says), "{flags:?}: {ran:?}");
    }
}

/// Prometheus 2 (Debian's), on loopback, scrapes a run every second; its
/// query API then returns the run's response count.
#[test]
#[ignore = "needs prometheus (scripts/setup.sh installs it; scripts/test.sh runs this)"]
fn prometheus_scrapes_a_run() {
    let _turn = serial();
    let prometheus = require("prometheus");
    let server = Server::barrage(false);
    let target = format!("http://{}/hello", server.addr);
    let dir = TempDir::new("prometheus");
    let metrics = free_addr();
    let web = free_addr();
    let config = dir.path("prometheus.yml");
    std::fs::write(
        &config,
        format!(
            "global:\n  scrape_interval: 1s\n  scrape_timeout: 900ms\nscrape_configs:\n  - job_name: barrage\n    static_configs:\n      - targets: ['{metrics}']\n"
        ),
    )
    .unwrap();
    let mut prom = Command::new(prometheus)
        .arg(format!("--config.file={}", config.display()))
        .arg(format!(
            "--storage.tsdb.path={}",
            dir.path("data").display()
        ))
        .arg(format!("--web.listen-address={web}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start prometheus");
    struct Kill<'a>(&'a mut Child);
    impl Drop for Kill<'_> {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let prom = Kill(&mut prom);
    let ready = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        get(web, "/-/ready").is_some_and(|(s, _, _)| s.contains("200"))
    });
    assert!(ready, "prometheus did not become ready");

    let json = dir.path("run.json");
    let child = load_with_metrics(
        &target,
        metrics,
        json.to_str().unwrap(),
        &[
            "-d3s",
            "--metrics-label",
            "scenario=hello",
            "--metrics-linger",
            "4s",
        ],
    );
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let responses = report["totals"]["responses"].as_u64().unwrap();
    assert!(responses > 0);

    // The run's process is gone: its series are stale now, so the query
    // takes the highest value scraped in the last minute (the final one).
    let query = "/api/v1/query?query=max_over_time%28barrage_responses_total%7Bscenario%3D%22hello%22%7D%5B1m%5D%29";
    let (status, _, body) = get(web, query).expect("prometheus answers");
    assert!(status.contains("200"), "{status}: {body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    let result = &v["data"]["result"][0];
    assert_eq!(result["metric"]["job"], "barrage", "{body}");
    assert_eq!(result["metric"]["target"], target.as_str(), "{body}");
    let got: u64 = result["value"][1].as_str().unwrap().parse().unwrap();
    assert_eq!(got, responses, "{body}");
    drop(prom);
}
