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
