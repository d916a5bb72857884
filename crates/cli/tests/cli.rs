//! The `barrage` binary end to end: outputs, exit codes and error lines,
//! against the reference server started in this process.

use std::io::Read;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use barrage_target::{Target, TargetConfig};
use barrage_testkit::closed_port;
use serde_json::Value;

mod common;
use common::{run, serial, Run, TempDir, BIN};

fn target() -> Target {
    start_target(None)
}

/// The reference server over TLS, with a self-signed certificate.
fn tls_target() -> Target {
    start_target(Some(barrage_target::TlsSetup::SelfSigned))
}

fn start_target(tls: Option<barrage_target::TlsSetup>) -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls,
        h3: false,
    })
    .expect("start the reference server")
}

fn url(addr: SocketAddr, path: &str) -> String {
    format!("http://{addr}{path}")
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }

    /// The one line of a usage error (exit 2, nothing on stdout), after
    /// `barrage: error: `.
    fn usage_error(&self, what: &dyn std::fmt::Debug) -> &str {
        assert_eq!(self.code, Some(2), "{what:?}: {self:?}");
        assert!(
            self.stdout.is_empty(),
            "{what:?}: nothing on stdout: {self:?}"
        );
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{what:?}: one line on stderr: {self:?}");
        lines[0]
            .strip_prefix("barrage: error: ")
            .unwrap_or_else(|| panic!("{what:?}: {self:?}"))
    }
}

/// Runs `barrage ARGS`, killing it if it outlives the deadline.
fn barrage(args: &[&str]) -> Run {
    run(BIN, args)
}

/// All a child wrote to stderr (it must have ended or be ending).
fn take_stderr(child: &mut Child) -> String {
    let mut text = String::new();
    child
        .stderr
        .take()
        .expect("stderr was piped")
        .read_to_string(&mut text)
        .expect("read stderr");
    text
}

fn u64_at(v: &Value, pointer: &str) -> u64 {
    v.pointer(pointer)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("no number at {pointer}"))
}

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
fn bad_input_is_one_line_and_exit_2() {
    let closed = url(SocketAddr::from(([127, 0, 0, 1], closed_port())), "/");
    let closed_https = closed.replace("http://", "https://");
    let urls_missing = std::env::temp_dir().join(format!(
        "barrage-cli-no-such-file-{}.txt",
        std::process::id()
    ));
    let urls_missing = urls_missing.to_str().unwrap();
    // Every case also gets a short run, in case it were (wrongly) accepted.
    let cases: &[(&[&str], &str)] = &[
        (&["127.0.0.1:8080"], "invalid URL"),
        (&["ftp://127.0.0.1/"], "unknown scheme"),
        (&["http://no-such-host.invalid/"], "cannot resolve host"),
        (&["-c", "0", &closed], "connections"),
        (&["-R", "0", &closed], "rate"),
        (&["-R", "-5", &closed], "rate"),
        (&["--frobnicate", &closed], "--frobnicate"),
        (&["-H", "nocolon", &closed], "nocolon"),
        (&["--urls", urls_missing, &closed], "--urls"),
        (&["--h2", &closed], "--h2c for http://"),
        (&["--h2c", &closed_https], "--h2 for https://"),
        (
            &["-m", "4", &closed],
            "-m: several streams per connection need HTTP/2",
        ),
        (&["--h2c", "-w", "31", &closed], "0 to 30"),
        (&["--h2c", "--no-keepalive", &closed], "always kept alive"),
        (&["--insecure", &closed], "TLS options"),
        (
            &["--cacert", urls_missing, &closed_https],
            "--cacert: CA file",
        ),
        // What cannot be sent: the engine's check, named by the flag.
        (
            &["-H", "X-A: a\rb", &closed],
            "-H: header \"X-A\": the value contains a control",
        ),
        (
            &["-H", "X A: 1", &closed],
            "-H: header name \"X A\" is not a token",
        ),
        (
            &["--method", "G T", &closed],
            "--method: method \"G T\" is not a token",
        ),
        (
            &["--h2c", "-H", "Connection: close", &closed],
            "-H: header \"Connection\": HTTP/2 forbids",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["load", "-d", "1s", "--timeout", "1s"];
        all.extend_from_slice(args);
        let r = barrage(&all);
        let line = r.usage_error(args);
        assert!(line.contains(says), "{args:?} should say {says:?}: {r:?}");
    }
}

#[test]
fn a_header_that_cannot_be_sent_sends_nothing() {
    let _serial = serial();
    let t = target();
    let u = url(t.local_addr(), "/hello");
    for header in ["X: a\rb", "X-A: 1\r\nX-B: 2"] {
        let r = barrage(&["load", "-c1", "-n", "10", "-H", header, &u]);
        let line = r.usage_error(&header);
        assert!(line.starts_with("-H: header \"X"), "{header:?}: {r:?}");
        assert!(line.contains("control character"), "{r:?}");
    }
    assert_eq!(t.connections(), 0, "nothing connected");
    assert_eq!(t.responses(), 0, "nothing was sent");
}

#[test]
fn each_dialect_names_its_flag_for_a_header_that_cannot_be_sent() {
    let _serial = serial();
    let t = target();
    let addr = t.local_addr();
    let u = url(addr, "/hello");
    let port = addr.port().to_string();
    let cases: [(&[&str], &str); 4] = [
        (
            &["wrk", "-c1", "-t1", "-d1s", "-H", "X: a\rb", &u],
            "wrk: -H: ",
        ),
        (&["ab", "-n1", "-H", "X: a\rb", &u], "ab: -H: "),
        (&["h2load", "-n1", "-H", "X: a\rb", &u], "h2load: -H: "),
        (
            &[
                "httperf",
                "--server",
                "127.0.0.1",
                "--port",
                &port,
                "--add-header",
                "X: a\\rb\\n",
            ],
            "httperf: --add-header: ",
        ),
    ];
    for (args, says) in cases {
        let r = barrage(args);
        let line = r.usage_error(&args);
        assert!(line.starts_with(says), "{args:?}: {r:?}");
        assert!(line.contains("control character"), "{args:?}: {r:?}");
    }
    assert_eq!(t.connections(), 0, "nothing connected");
}

#[test]
fn a_json_file_that_cannot_be_written_is_one_line_and_exit_1() {
    let _serial = serial();
    let t = target();
    let addr = t.local_addr();
    let u = url(addr, "/hello");
    let port = addr.port().to_string();
    let dir = TempDir::new("json-unwritable");
    let file = dir.path("no-such-dir").join("out.json");
    let file = file.to_str().unwrap();
    let json = format!("--barrage-json={file}");
    let cases: [&[&str]; 5] = [
        &["load", "-q", "-c1", "-n", "3", "--json", file, &u],
        &["wrk", "-c1", "-t1", "-d1s", &json, &u],
        &["ab", "-n1", &json, &u],
        &["h2load", "-n1", "--h1", &json, &u],
        &[
            "httperf",
            "--server",
            "127.0.0.1",
            "--port",
            &port,
            "--uri",
            "/hello",
            &json,
        ],
    ];
    for args in cases {
        let r = barrage(args);
        assert_eq!(r.code, Some(1), "{args:?}: {r:?}");
        let said = format!("barrage: error: writing JSON to {file}: ");
        let lines: Vec<&str> = r.stderr.lines().filter(|l| l.starts_with(&said)).collect();
        assert_eq!(lines.len(), 1, "{args:?}: {r:?}");
    }
    assert!(t.responses() > 0, "the runs ran");
}

#[test]
fn refused_connections_exit_1_early() {
    let _serial = serial();
    let u = url(SocketAddr::from(([127, 0, 0, 1], closed_port())), "/");
    let r = barrage(&["load", "-t1", "-c2", "-d", "5s", "--timeout", "500ms", &u]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stdout.contains("Every connection failed"), "{r:?}");
    assert!(r.stdout.contains("stopped early"), "{r:?}");
    assert!(
        r.took < Duration::from_secs(3),
        "the run stops after about one timeout without progress, not after 5 s: {r:?}"
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

/// Kills the child on drop (a failed assertion must not leave a server running).
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

#[test]
fn serve_then_load_then_sigterm() {
    let _serial = serial();
    let addr = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let listen = addr.to_string();
    let mut server = KillOnDrop(
        Command::new(BIN)
            .args(["serve", "--listen", &listen, "--threads", "1"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run barrage serve"),
    );
    let up = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(addr).is_err() {
        assert!(
            Instant::now() < up,
            "barrage serve never listened on {addr}"
        );
        assert!(
            matches!(server.0.try_wait(), Ok(None)),
            "barrage serve exited"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let r = barrage(&[
        "load",
        "-t1",
        "-c2",
        "-n",
        "100",
        "--timeout",
        "5s",
        "--json",
        "-",
        &url(addr, "/hello"),
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(u64_at(&r.json(), "/totals/responses"), 100);

    // SAFETY: kill(2) on the pid of the child this test started.
    let sent = unsafe { libc::kill(server.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let stop = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.0.try_wait().expect("wait for barrage serve") {
            break status;
        }
        assert!(Instant::now() < stop, "barrage serve ignored SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        status.success(),
        "barrage serve exits cleanly on SIGTERM: {status:?}"
    );
    let stderr = take_stderr(&mut server.0);
    assert!(
        stderr.contains(&listen),
        "it says where it listens: {stderr}"
    );
}

#[test]
fn serve_with_missing_cert_is_one_line_and_exit_2() {
    let r = barrage(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--cert",
        "/nonexistent",
        "--key",
        "/nonexistent",
    ]);
    let line = r.usage_error(&"--cert /nonexistent");
    assert!(
        line.starts_with("cannot read certificate file /nonexistent: "),
        "{r:?}"
    );
    assert!(line.contains("--cert and --key take PEM files"), "{r:?}");
}

#[test]
fn serve_tls_writes_its_certificate() {
    let _serial = serial();
    let dir = TempDir::new("serve-tls");
    let cert_out = dir.file("ca.pem");
    let addr = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let listen = addr.to_string();
    let mut server = KillOnDrop(
        Command::new(BIN)
            .args(["serve", "--tls", "--listen", &listen, "--threads", "1"])
            .args(["--cert-out", &cert_out])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run barrage serve --tls"),
    );
    // The certificate is written before the start line, once the port listens.
    let up = Instant::now() + Duration::from_secs(10);
    let pem = loop {
        if let Ok(pem) = std::fs::read_to_string(&cert_out) {
            if pem.ends_with("-----END CERTIFICATE-----\n") {
                break pem;
            }
        }
        assert!(Instant::now() < up, "no certificate in {cert_out}");
        assert!(
            matches!(server.0.try_wait(), Ok(None)),
            "barrage serve exited"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----\n"), "{pem}");
    TcpStream::connect(addr).expect("it listens");

    // SAFETY: kill(2) on the pid of the child this test started.
    let sent = unsafe { libc::kill(server.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let stderr = take_stderr(&mut server.0);
    let status = server.0.wait().expect("wait for barrage serve");
    assert!(status.success(), "{status:?}: {stderr}");
    assert!(
        stderr.contains(&format!("https://{listen} (HTTP/1.1 and h2 by ALPN)")),
        "{stderr}"
    );
}

/// `--tls-listen`: one process serves plain HTTP/1.1 and h2c on --listen,
/// and HTTPS with HTTP/3 on the other address (the lab's barrage-target).
#[test]
fn serve_plain_and_tls_listeners_from_one_process() {
    let _serial = serial();
    let (plain, tls) = {
        let a = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let b = TcpListener::bind("127.0.0.1:0").expect("a free port");
        (a.local_addr().unwrap(), b.local_addr().unwrap())
    };
    let mut server = KillOnDrop(
        Command::new(BIN)
            .args(["serve", "--listen", &plain.to_string(), "--threads", "1"])
            .args(["--tls-listen", &tls.to_string(), "--tls", "--h3"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run barrage serve --tls-listen"),
    );
    let up = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(plain).is_err() || TcpStream::connect(tls).is_err() {
        assert!(Instant::now() < up, "barrage serve never listened");
        assert!(
            matches!(server.0.try_wait(), Ok(None)),
            "barrage serve exited"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let https = format!("https://{tls}/hello");
    let loads: [&[&str]; 3] = [
        &["--h2c", &url(plain, "/hello")],
        &["--h2", "-k", &https],
        &["--h3", "-k", &https],
    ];
    for flags in loads {
        let mut args = vec!["load", "-t1", "-c1", "-n", "20", "--timeout", "5s"];
        args.extend(["--json", "-"]);
        args.extend(flags);
        let r = barrage(&args);
        assert_eq!(r.code, Some(0), "{flags:?}: {r:?}");
        assert_eq!(u64_at(&r.json(), "/totals/responses"), 20, "{flags:?}");
    }
    // SAFETY: kill(2) on the pid of the child this test started.
    let sent = unsafe { libc::kill(server.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let stderr = take_stderr(&mut server.0);
    let status = server.0.wait().expect("wait for barrage serve");
    assert!(status.success(), "{status:?}: {stderr}");
    let says = format!(
        "listening on http://{plain} (HTTP/1.1 and h2c) and https://{tls} (HTTP/1.1 and h2 by ALPN over TCP; HTTP/3 over UDP)"
    );
    assert!(stderr.contains(&says), "{stderr}");
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
