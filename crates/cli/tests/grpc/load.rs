//! `barrage load --grpc`: bad input refused in one line before any
//! connection; and end to end against `barrage serve --grpc` (h2c and
//! TLS): unary counts, server and client streams, bidi streams paced per
//! message (closed and open loop), templates, and a short --find-max.

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::cli_support::{barrage, u64_at};
use crate::common::{free_addr, serial, Server, TempDir, BIN};

const ECHO: &str = "barrage.bench.v1.Bench/Echo";
const STREAM: &str = "barrage.bench.v1.Bench/Stream";
const SUM: &str = "barrage.bench.v1.Bench/Sum";
const CHAT: &str = "barrage.bench.v1.Bench/Chat";

fn bench_proto() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../proto/bench.proto");
    path.to_str().expect("UTF-8 path").to_string()
}

/// A port that listens but that nothing should connect to.
struct Untouched(TcpListener);

impl Untouched {
    fn new() -> Untouched {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        listener.set_nonblocking(true).unwrap();
        Untouched(listener)
    }

    fn addr(&self) -> SocketAddr {
        self.0.local_addr().unwrap()
    }

    fn assert_untouched(&self, what: &str) {
        match self.0.accept() {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            other => panic!("{what}: something connected: {other:?}"),
        }
    }
}

#[test]
fn bad_grpc_input_is_one_line_before_any_connection() {
    let tmp = TempDir::new("grpc-bad");
    std::fs::write(
        tmp.path("bad.proto"),
        "syntax = \"proto3\";\nmessage A {\n  int32 x = ;\n}\n",
    )
    .unwrap();
    let (bad, missing) = (tmp.file("bad.proto"), tmp.file("missing.proto"));
    let proto = bench_proto();
    let server = Untouched::new();
    let http = format!("http://{}", server.addr());
    let https = format!("https://{}", server.addr());
    let with = |call: &str, more: &[&'static str]| {
        let mut args = vec!["--grpc".to_string(), "--proto".into(), proto.clone()];
        args.extend(["--call".into(), call.to_string()]);
        args.extend(more.iter().map(|s| s.to_string()));
        args
    };
    let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let cases: Vec<(Vec<String>, &str, &str)> = vec![
        (
            owned(&["--grpc", "--proto", &bad, "--call", "A/B"]),
            &http,
            "bad.proto:3:",
        ),
        (
            owned(&["--grpc", "--proto", &missing, "--call", ECHO]),
            &http,
            "missing.proto: not found",
        ),
        (
            with("barrage.bench.v1.Bench/Ping", &[]),
            &http,
            "has no method Ping; its methods: Echo, Stream, Sum, Chat",
        ),
        (
            with("nope.Svc/Echo", &[]),
            &http,
            "services: barrage.bench.v1.Bench",
        ),
        (
            with(ECHO, &["--data", r#"{"seq":"many"}"#]),
            &http,
            "field seq",
        ),
        (with(ECHO, &["--data", r#"{"colour":1}"#]), &http, "colour"),
        (
            with(ECHO, &["--data", "[{},{}]"]),
            &http,
            "takes one request message",
        ),
        (
            with(ECHO, &["--data", r#"{"seq":"{{.Nope}}"}"#]),
            &http,
            "unknown template {{.Nope}}",
        ),
        (with(ECHO, &["--h3"]), &https, "--h3 does not apply to gRPC"),
        (with(ECHO, &["--ws"]), &http, "do not apply to gRPC"),
        (
            with(ECHO, &["--body", "x"]),
            &http,
            "--body does not apply to gRPC",
        ),
        (
            with(ECHO, &["--grpc-unit", "message"]),
            &http,
            "--grpc-unit message applies to bidirectional streams",
        ),
        (
            with(STREAM, &["--stream-messages", "3"]),
            &http,
            "--stream-messages applies to client and bidi streams",
        ),
        (with(ECHO, &["--io-uring"]), &https, "--io-uring"),
        (owned(&["--grpc", "--proto", &proto]), &http, "--call"),
        (
            owned(&["--proto", &proto, "--call", ECHO]),
            &http,
            "add --grpc",
        ),
    ];
    for (mut args, url, expected) in cases {
        args.insert(0, "load".into());
        args.extend(["-n".into(), "5".into(), url.to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = barrage(&args);
        let line = r.usage_error(&args);
        assert!(line.contains(expected), "{args:?}: {line}");
        server.assert_untouched(&format!("{args:?}"));
    }
}

/// `barrage serve --grpc` on h2c and on TLS (self-signed), killed on drop.
struct GrpcServe {
    _server: Server,
    h2c: SocketAddr,
    tls: SocketAddr,
}

impl GrpcServe {
    fn start() -> GrpcServe {
        let (h2c, tls) = (free_addr(), free_addr());
        let mut cmd = Command::new(BIN);
        cmd.args(["serve", "--grpc", "--threads", "1"])
            .args(["--listen", &h2c.to_string()])
            .args(["--tls", "--tls-listen", &tls.to_string()]);
        let mut server = Server::spawn(cmd, h2c);
        server.wait_for(tls);
        GrpcServe {
            _server: server,
            h2c,
            tls,
        }
    }

    fn http(&self) -> String {
        format!("http://{}", self.h2c)
    }

    fn https(&self) -> String {
        format!("https://{}", self.tls)
    }
}

/// `barrage load --grpc --proto bench.proto --call CALL ARGS URL --json -`:
/// its report, after checking it exited 0 and said what a gRPC run says.
fn grpc_load(call: &str, args: &[&str], url: &str) -> Value {
    grpc_run(call, args, url).1
}

/// [`grpc_load`], with the summary (on stderr beside `--json -`).
fn grpc_run(call: &str, args: &[&str], url: &str) -> (String, Value) {
    let proto = bench_proto();
    let mut all = vec!["load", "--grpc", "--proto", &proto, "--call", call];
    all.extend(["-t", "1", "--timeout", "10s", "--no-tui", "--json", "-"]);
    all.extend_from_slice(args);
    all.push(url);
    let r = barrage(&all);
    assert_eq!(r.code, Some(0), "{all:?}: {r:?}");
    assert!(r.stderr.contains("gRPC "), "{all:?}: {r:?}");
    let v = r.json();
    assert_eq!(v["spec"]["protocol"], "grpc", "{v:#}");
    assert_eq!(v["spec"]["grpc"]["call"], call, "{v:#}");
    (r.stderr, v)
}

fn grpc_at(v: &Value, field: &str) -> u64 {
    u64_at(v, &format!("/grpc/{field}"))
}

fn no_errors(v: &Value) {
    assert_eq!(u64_at(v, "/totals/errors"), 0, "{:#}", v["errors"]);
}

#[test]
fn unary_calls_are_counted_exactly_over_h2c_and_tls() {
    let _serial = serial();
    let serve = GrpcServe::start();
    let data = r#"{"payload":"aGVsbG8=","seq":7}"#;
    let runs = [
        (serve.http(), vec!["-c", "2", "-m", "4", "-n", "200"], 200),
        (
            serve.https(),
            vec!["-k", "-c", "1", "-m", "2", "-n", "50"],
            50,
        ),
    ];
    for (url, mut args, n) in runs {
        args.extend(["--data", data, "-H", "X-Trace: t1"]);
        let (summary, v) = grpc_run(ECHO, &args, &url);
        no_errors(&v);
        for line in [
            "gRPC unary barrage.bench.v1.Bench/Echo",
            " calls/s",
            "Per call",
            "OK (0)",
        ] {
            assert!(summary.contains(line), "{line:?} in {summary}");
        }
        assert_eq!(u64_at(&v, "/totals/requests_sent"), n, "{url}");
        assert_eq!(u64_at(&v, "/totals/responses"), n, "{url}");
        assert_eq!(v["spec"]["grpc"]["shape"], "unary");
        assert_eq!(v["spec"]["grpc"]["unit"], "call");
        assert_eq!(grpc_at(&v, "calls_started"), n);
        assert_eq!(grpc_at(&v, "calls_ended"), n);
        assert_eq!(v["grpc"]["status"]["0"]["name"], "OK", "{:#}", v["grpc"]);
        assert_eq!(u64_at(&v, "/grpc/status/0/count"), n);
        assert_eq!(grpc_at(&v, "messages_sent"), n);
        assert_eq!(grpc_at(&v, "messages_received"), n);
        // payload (5 bytes, tag and length) and seq (tag and 7).
        assert_eq!(grpc_at(&v, "payload_bytes_sent"), 9 * n);
        assert_eq!(grpc_at(&v, "payload_bytes_received"), 9 * n);
        assert_eq!(u64_at(&v, "/grpc/call_us/count"), n);
        assert!(v["histograms"]["grpc_call_us"].is_string(), "{url}");
    }
}

#[test]
fn a_server_stream_counts_its_replies_and_times_them() {
    let _serial = serial();
    let serve = GrpcServe::start();
    let data = r#"{"count":5,"size":10}"#;
    let v = grpc_load(
        STREAM,
        &["-c", "1", "-m", "2", "-n", "20", "--data", data],
        &serve.http(),
    );
    no_errors(&v);
    assert_eq!(v["spec"]["grpc"]["shape"], "server_streaming");
    assert_eq!(u64_at(&v, "/totals/responses"), 20);
    assert_eq!(grpc_at(&v, "messages_sent"), 20);
    assert_eq!(grpc_at(&v, "messages_received"), 100);
    assert_eq!(u64_at(&v, "/grpc/message_us/count"), 100);
}

#[test]
fn a_client_stream_sends_the_array_in_turn() {
    let _serial = serial();
    let serve = GrpcServe::start();
    let data = r#"[{"value":1},{"value":2},{"value":3}]"#;
    let v = grpc_load(SUM, &["-c", "1", "-n", "20", "--data", data], &serve.http());
    no_errors(&v);
    assert_eq!(v["spec"]["grpc"]["shape"], "client_streaming");
    assert_eq!(u64_at(&v, "/spec/grpc/messages_per_call"), 3);
    assert_eq!(u64_at(&v, "/totals/responses"), 20);
    assert_eq!(grpc_at(&v, "messages_sent"), 60);
    assert_eq!(grpc_at(&v, "messages_received"), 20);
    let args = [
        "-c",
        "1",
        "-n",
        "10",
        "--data",
        data,
        "--stream-messages",
        "5",
    ];
    let v = grpc_load(SUM, &args, &serve.http());
    no_errors(&v);
    assert_eq!(grpc_at(&v, "messages_sent"), 50);
    assert_eq!(grpc_at(&v, "messages_received"), 10);
}

#[test]
fn a_bidi_stream_is_paced_and_timed_per_message() {
    let _serial = serial();
    let serve = GrpcServe::start();
    let data = r#"{"payload":"aGk="}"#;
    // Closed loop: -c × -m long-lived streams, -n messages.
    let v = grpc_load(
        CHAT,
        &["-c", "1", "-m", "2", "-n", "100", "--data", data],
        &serve.http(),
    );
    no_errors(&v);
    assert_eq!(v["spec"]["grpc"]["unit"], "message");
    assert_eq!(u64_at(&v, "/totals/requests_sent"), 100);
    assert_eq!(u64_at(&v, "/totals/responses"), 100);
    assert_eq!(grpc_at(&v, "messages_sent"), 100);
    assert_eq!(grpc_at(&v, "messages_received"), 100);
    assert_eq!(u64_at(&v, "/grpc/message_us/count"), 100);
    // Open loop: messages at -R per second, each answered.
    let args = [
        "-c", "1", "-m", "2", "-R", "200", "-d", "1s", "--data", data,
    ];
    let v = grpc_load(CHAT, &args, &serve.http());
    no_errors(&v);
    let (sent, answered) = (
        u64_at(&v, "/totals/requests_sent"),
        u64_at(&v, "/totals/responses"),
    );
    assert!(
        sent > 0 && answered == sent,
        "{sent} sent, {answered} answered"
    );
    assert!(v["open_loop"].is_object(), "{v:#}");
    // Unit call on a bidi method: each call sends the data, ends, is timed.
    let args = ["-c", "1", "-n", "10", "--grpc-unit", "call", "--data", data];
    let v = grpc_load(CHAT, &args, &serve.http());
    no_errors(&v);
    assert_eq!(u64_at(&v, "/totals/responses"), 10);
    assert_eq!(grpc_at(&v, "messages_received"), 10);
}

#[test]
fn a_request_number_template_makes_each_call_differ() {
    let _serial = serial();
    let serve = GrpcServe::start();
    let data = r#"{"seq":"{{.RequestNumber}}"}"#;
    let v = grpc_load(
        ECHO,
        &["-c", "1", "-n", "20", "--data", data],
        &serve.http(),
    );
    no_errors(&v);
    // seq 0 encodes to nothing, 1..127 to two bytes; a fixed {} would be 0.
    let sent = grpc_at(&v, "payload_bytes_sent");
    assert!((2 * 19..=2 * 20).contains(&sent), "{sent}");
    assert_eq!(grpc_at(&v, "payload_bytes_received"), sent, "echoed back");
}

#[test]
fn find_max_searches_a_call_rate() {
    let _serial = serial();
    let serve = GrpcServe::start();
    let proto = bench_proto();
    let url = serve.http();
    let args = [
        "load",
        "--grpc",
        "--proto",
        &proto,
        "--call",
        ECHO,
        "-t",
        "1",
        "-c",
        "2",
        "--find-max",
        "--slo",
        "p99<=1s",
        "--min-rate",
        "50",
        "--max-rate",
        "100",
        "--max-steps",
        "2",
        "-d",
        "500ms",
        "--warmup",
        "200ms",
        "--json",
        "-",
        "-q",
        &url,
    ];
    let r = barrage(&args);
    assert!(matches!(r.code, Some(0 | 1)), "{r:?}");
    let v = r.json();
    let steps = v["steps"].as_array().expect("steps");
    assert!(!steps.is_empty(), "{v:#}");
    for step in steps {
        assert!(u64_at(step, "/requests_sent") > 0, "{step:#}");
        assert_eq!(u64_at(step, "/errors"), 0, "{step:#}");
    }
}

#[test]
fn a_protoset_and_a_data_file_serve_as_well() {
    let _serial = serial();
    let serve = GrpcServe::start();
    let tmp = TempDir::new("grpc-protoset");
    let schema = barrage_grpc::Schema::compile(&[PathBuf::from(bench_proto())], &[])
        .expect("bench.proto compiles");
    std::fs::write(tmp.path("bench.protoset"), schema.descriptor_set()).unwrap();
    std::fs::write(tmp.path("data.json"), r#"{"seq": 3}"#).unwrap();
    let (protoset, data) = (
        tmp.file("bench.protoset"),
        format!("@{}", tmp.file("data.json")),
    );
    let args = [
        "load",
        "--grpc",
        "--protoset",
        &protoset,
        "--call",
        ECHO,
        "--data",
        &data,
        "-t",
        "1",
        "-c",
        "1",
        "-n",
        "10",
        "--json",
        "-",
        "-q",
        &serve.http(),
    ];
    let r = barrage(&args);
    assert_eq!(r.code, Some(0), "{r:?}");
    let v = r.json();
    no_errors(&v);
    assert_eq!(u64_at(&v, "/totals/responses"), 10);
    assert_eq!(
        grpc_at(&v, "payload_bytes_sent"),
        20,
        "seq 3: two bytes a call"
    );
}
