//! The `barrage` binary's errors end to end: one line and exit 2 for bad
//! input, exit 1 for a run that fails, and nothing sent when a request
//! cannot be.

use std::net::SocketAddr;
use std::time::Duration;

use barrage_testkit::closed_port;

use crate::cli_support;
use crate::common;
use cli_support::{barrage, target, url};
use common::{serial, TempDir, BIN};

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
        (
            &["--send-window", "1ms", &closed],
            "--send-window applies to the open loop (-R)",
        ),
        (
            &["-R", "100", "--send-window", "11ms", &closed],
            "--send-window: the send window (11ms) is over 10ms",
        ),
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
            &["--io-uring", &closed_https],
            "--io-uring: only plain TCP (http://, HTTP/1.1 or h2c)",
        ),
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
fn io_uring_unavailable_warns_once_and_runs_on_epoll() {
    let _serial = serial();
    let t = target();
    let u = url(t.local_addr(), "/hello");
    let args = [
        "load",
        "--io-uring",
        "-c",
        "2",
        "-n",
        "200",
        "--json",
        "-",
        &u,
    ];
    // Forced, as where io_uring_setup fails (ENOSYS, EPERM, EINVAL).
    let mut forced = vec!["BARRAGE_NO_IO_URING=1", BIN];
    forced.extend_from_slice(&args);
    let r = common::run("env", &forced);
    assert_eq!(r.code, Some(0), "{r:?}");
    let warnings: Vec<&str> = r.stderr.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(
        warnings,
        ["barrage: warning: --io-uring: BARRAGE_NO_IO_URING is set; running on epoll"],
        "{r:?}"
    );
    let v = r.json();
    assert!(
        v["spec"].get("io").is_none(),
        "epoll is the default, left out: {r:?}"
    );
    assert_eq!(v["totals"]["responses"], 200, "{r:?}");
    // Not forced: io_uring runs where it can, and says so.
    let r = barrage(&args);
    assert_eq!(r.code, Some(0), "{r:?}");
    let v = r.json();
    assert_eq!(v["totals"]["responses"], 200, "{r:?}");
    if barrage_engine::io_uring_unavailable().is_none() {
        assert_eq!(v["spec"]["io"], "io_uring", "{r:?}");
    }
}
