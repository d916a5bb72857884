//! The `barrage` binary end to end: `barrage load`'s outputs (JSON, the
//! summary, the histogram log), `barrage merge`, against the reference
//! server started in this process. Its usage and error lines are in
//! cli_errors.rs, `barrage serve` in serve.rs.

use std::process::{Command, Stdio};

use serde_json::Value;

use crate::cli_support;
use crate::common;
use cli_support::{barrage, take_stderr, target, tls_target, u64_at, url};
use common::{serial, TempDir, BIN};

#[test]
fn json_to_stdout_and_summary_to_stderr() {
    let _serial = serial();
    let t = target();
    let u = url(t.local_addr(), "/hello");
    let r = barrage(&[
        "load",
        "-t1",
        "-c5",
        "-n",
        "500",
        "--timeout",
        "5s",
        "--json",
        "-",
        &u,
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let v = r.json();
    assert_eq!(v["schema"], "barrage.load/1");
    assert_eq!(u64_at(&v, "/totals/responses"), 500);
    assert_eq!(u64_at(&v, "/totals/errors"), 0);
    assert_eq!(u64_at(&v, "/status_counts/200"), 500);
    assert_eq!(v["stop_reason"], "requests");
    assert_eq!(v["target"]["url"], u.as_str());
    assert_eq!(t.responses(), 500, "server-side responses");
    assert!(
        r.stderr.contains("Responses   500 in"),
        "the summary goes to stderr: {r:?}"
    );
    // What the engine writes reads back into the types and writes out the same bytes.
    let typed = barrage_engine::RunReport::from_json(&r.stdout).expect("a typed report");
    assert_eq!(typed.to_json() + "\n", r.stdout);
    assert_eq!(typed.histograms.latency_us.len(), 500);
}

#[test]
fn open_loop_json_round_trips_with_its_send_delays() {
    let _serial = serial();
    let t = target();
    let u = url(t.local_addr(), "/hello");
    let r = barrage(&[
        "load", "-t1", "-c2", "-R", "200", "-d", "1s", "--json", "-", &u,
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let typed = barrage_engine::RunReport::from_json(&r.stdout).expect("a typed report");
    assert_eq!(typed.to_json() + "\n", r.stdout);
    let delays = typed
        .histograms
        .send_delay_us
        .as_ref()
        .expect("open loop keeps send delays");
    assert_eq!(delays.len(), typed.totals.requests_sent);
    assert_eq!(
        typed.open_loop.as_ref().unwrap().send_delay_us.count,
        delays.len()
    );
}

#[test]
fn a_wide_send_window_sends_requests_together_and_says_how_late() {
    let _serial = serial();
    let t = target();
    let u = url(t.local_addr(), "/hello");
    // 2,000/s is a request every 500 µs: a 5 ms window sends about ten at
    // a time, the first of each about 4.5 ms late.
    let r = barrage(&[
        "load",
        "-t1",
        "-c20",
        "-R",
        "2000",
        "--send-window",
        "5ms",
        "-d",
        "1s",
        "--json",
        "-",
        &u,
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let typed = barrage_engine::RunReport::from_json(&r.stdout).expect("a typed report");
    assert_eq!(typed.spec.send_window_us, Some(5000));
    let o = typed.open_loop.as_ref().unwrap();
    assert_eq!(typed.totals.requests_sent, 2000, "{o:?}");
    assert_eq!(typed.totals.responses, 2000, "{r:?}");
    // Lateness only grows on a loaded machine: a lower bound holds anywhere.
    assert!(
        o.send_delay_us.p50 >= 1000 && o.client_delay_us.p99 >= 3000,
        "batched sends are late by up to the window: {o:?}"
    );
}

#[test]
fn h2_over_tls_with_a_ca_file_reports_alpn_and_streams() {
    let _serial = serial();
    let t = tls_target();
    let ca = std::env::temp_dir().join(format!("barrage-cli-ca-{}.pem", std::process::id()));
    std::fs::write(&ca, t.certificate_pem().unwrap()).unwrap();
    let u = format!("https://localhost:{}/hello", t.local_addr().port());
    let r = barrage(&[
        "load",
        "--h2",
        "--cacert",
        ca.to_str().unwrap(),
        "-t1",
        "-c2",
        "-m8",
        "-n",
        "400",
        "--json",
        "-",
        &u,
    ]);
    let _ = std::fs::remove_file(&ca);
    assert_eq!(r.code, Some(0), "{r:?}");
    let v = r.json();
    assert_eq!(u64_at(&v, "/totals/responses"), 400);
    assert_eq!(v["spec"]["protocol"], "h2");
    assert_eq!(u64_at(&v, "/spec/streams"), 8);
    assert_eq!(v["tls"]["alpn"], "h2");
    assert_eq!(u64_at(&v, "/tls/handshakes_full"), 2);
    assert_eq!(u64_at(&v, "/h2/connections_h2"), 2);
    assert_eq!(u64_at(&v, "/errors/tls/count"), 0);
    assert!(r.stderr.contains("ALPN h2"), "{r:?}");
}

#[test]
fn a_rejected_certificate_names_the_flags_that_get_past_it() {
    let _serial = serial();
    let t = tls_target();
    let u = format!("https://localhost:{}/hello", t.local_addr().port());
    let r = barrage(&["load", "-t1", "-c1", "-d", "3s", &u]);
    assert_eq!(r.code, Some(1), "{r:?}");
    // The engine's error names its fields; the summary gives the flags.
    assert!(r.stdout.contains("tls.ca_file"), "{r:?}");
    assert!(
        r.stdout
            .contains("trust its CA with --cacert FILE, or skip verification with --insecure"),
        "{r:?}"
    );
}

/// A minimal standard base64 decoder (the log's histograms), to keep the
/// CLI's dependencies as they are.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c:?}"),
        }
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &c in text.as_bytes().iter().filter(|&&c| c != b'=') {
        acc = (acc << 6) | value(c);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[test]
fn json_file_and_hdr_log() {
    use hdrhistogram::serialization::Deserializer;
    use hdrhistogram::Histogram;

    let _serial = serial();
    let t = target();
    let dir = TempDir::new("files");
    let (json, log) = (dir.file("out.json"), dir.file("out.hlog"));
    let r = barrage(&[
        "load",
        "-t1",
        "-c2",
        "-d",
        "1s",
        "--timeout",
        "5s",
        "--json",
        &json,
        "--hdr-log",
        &log,
        &url(t.local_addr(), "/hello"),
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("Responses"),
        "without --json -, the summary goes to stdout: {r:?}"
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON file"))
        .expect("the JSON file parses");
    assert_eq!(v["schema"], "barrage.load/1");
    let responses = u64_at(&v, "/totals/responses");
    assert!(responses > 0);

    let text = std::fs::read_to_string(&log).expect("the HdrHistogram log");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.iter().any(|l| l.starts_with("#[StartTime: ")),
        "no StartTime header:\n{text}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("#[BaseTime: ")),
        "no BaseTime header:\n{text}"
    );
    let intervals: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert!(
        intervals
            .first()
            .is_some_and(|l| l.starts_with("0.000,1.000,")),
        "the first interval is the first second:\n{text}"
    );
    let mut logged = 0;
    for line in &intervals {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 4, "start,length,max,histogram: {line}");
        for f in &fields[..3] {
            f.parse::<f64>()
                .unwrap_or_else(|_| panic!("not a number: {f} in {line}"));
        }
        assert!(fields[3].starts_with("HISTF"), "a V2 histogram: {line}");
        let bytes = base64_decode(fields[3]);
        let h: Histogram<u64> = Deserializer::new()
            .deserialize(&mut &bytes[..])
            .expect("a V2 histogram");
        logged += h.len();
    }
    assert_eq!(
        logged, responses,
        "the log's intervals hold every response of the report"
    );
}

#[test]
fn urls_file_uses_every_path() {
    let _serial = serial();
    let t = target();
    let dir = TempDir::new("urls");
    let file = dir.file("urls.txt");
    std::fs::write(&file, "# two endpoints\n/hello\n\n/static/6b\n").unwrap();
    let load = |extra: &[&str], path: &str| -> Value {
        let u = url(t.local_addr(), path);
        let mut args = vec![
            "load",
            "-t1",
            "-c1",
            "-n",
            "100",
            "--timeout",
            "5s",
            "--json",
            "-",
        ];
        args.extend_from_slice(extra);
        args.push(&u);
        let r = barrage(&args);
        assert_eq!(r.code, Some(0), "{r:?}");
        let v = r.json();
        assert_eq!(u64_at(&v, "/totals/responses"), 100, "{r:?}");
        assert_eq!(u64_at(&v, "/status_counts/200"), 100, "{r:?}");
        v
    };
    let hello = u64_at(&load(&[], "/hello"), "/totals/bytes_read");
    let six = u64_at(&load(&[], "/static/6b"), "/totals/bytes_read");
    assert_ne!(hello, six, "the two endpoints answer different bytes");
    let both = load(&["--urls", &file], "/hello");
    assert_eq!(u64_at(&both, "/spec/request_count"), 2);
    // One connection, 100 requests used in turn: 50 of each.
    assert_eq!(
        2 * u64_at(&both, "/totals/bytes_read"),
        hello + six,
        "half the responses from each path"
    );
}

#[test]
fn warmup_run_exits_0() {
    let _serial = serial();
    let t = target();
    let r = barrage(&[
        "load",
        "-t1",
        "-c2",
        "-d",
        "1s",
        "--warmup",
        "500ms",
        "--timeout",
        "5s",
        "--json",
        "-",
        &url(t.local_addr(), "/hello"),
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let v = r.json();
    assert_eq!(v["spec"]["warmup_s"], 0.5);
    assert_eq!(v["totals"]["elapsed_s"], 1.0);
    let responses = u64_at(&v, "/totals/responses");
    assert!(responses > 0 && responses < t.responses(), "{r:?}");
}

#[test]
fn load_help() {
    let r = barrage(&["load", "--help"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("--rate"), "{r:?}");
}

/// Two loads of one plan side by side, then `barrage merge`: the server's
/// count equals the merged count, and the merged histogram is the sum of
/// the two.
#[test]
fn merge_of_two_side_by_side_runs_is_exact() {
    let _serial = serial();
    let t = target();
    let u = url(t.local_addr(), "/hello");
    let dir = TempDir::new("merge");
    let (a, b, m) = (dir.file("a.json"), dir.file("b.json"), dir.file("m.json"));
    let start = |json: &str, n: &str| {
        Command::new(BIN)
            .args([
                "load",
                "-t1",
                "-c2",
                "-n",
                n,
                "--timeout",
                "5s",
                "-q",
                "--json",
                json,
                &u,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start barrage load")
    };
    let (mut first, mut second) = (start(&a, "300"), start(&b, "200"));
    assert!(
        first.wait().unwrap().success(),
        "{}",
        take_stderr(&mut first)
    );
    assert!(
        second.wait().unwrap().success(),
        "{}",
        take_stderr(&mut second)
    );
    let r = barrage(&["merge", &a, &b, "--json", &m]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("Responses   500 in"),
        "the summary: {r:?}"
    );
    let read = |p: &str| {
        barrage_engine::RunReport::from_json(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    let (ra, rb, merged) = (read(&a), read(&b), read(&m));
    assert_eq!(merged.totals.responses, 500);
    assert_eq!(t.responses(), 500, "server-side responses");
    assert_eq!(merged.spec.connections, 4, "connections add up");
    let mut sum = ra.histograms.latency_us.clone();
    sum.add(&rb.histograms.latency_us).unwrap();
    assert_eq!(merged.histograms.latency_us, sum);
    assert_eq!(merged.latency_us.p99, sum.value_at_quantile(0.99));
    let per_second: u64 = merged.series.iter().map(|s| s.responses).sum();
    assert_eq!(per_second, 500, "the series add up: {:?}", merged.series);
    assert_eq!(
        merged.measured_from_unix_ms,
        ra.measured_from_unix_ms.min(rb.measured_from_unix_ms)
    );

    // Another plan is refused, naming the difference; a broken file too.
    let other = dir.file("other.json");
    let u2 = url(t.local_addr(), "/static/6b");
    let r = barrage(&[
        "load", "-t1", "-c1", "-n", "10", "-q", "--json", &other, &u2,
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = barrage(&["merge", &a, &other]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
    assert!(
        r.stderr.contains("is not the plan of") && r.stderr.contains("target.url differs"),
        "{r:?}"
    );
    std::fs::write(&other, "{\"schema\": \"barrage.load/1\"}").unwrap();
    let r = barrage(&["merge", &a, &other]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.starts_with("barrage: error: merge: "), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
}
