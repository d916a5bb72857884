//! `barrage load --grpc` against the testkit's gRPC servers: each misbehaving one is counted
//! under its error kind with the run ending on time and no panic; the good server's own counts
//! equal barrage's (unary calls with -n, a bidi stream's messages); and a bidi stream in the
//! open loop shows the server's one stall in its p99 per message.

use std::time::Duration;

use barrage_testkit::grpc::{GrpcBehavior, GrpcTestServer, Stall, UNAVAILABLE_MESSAGE};
use serde_json::Value;

use crate::cli_support::u64_at;
use crate::common::{barrage, serial, Run};

/// A run of a second or three still going after this has not ended on time.
const ON_TIME: Duration = Duration::from_secs(30);
/// How long the server may take to see the last call end after barrage exits.
const IDLE_WAIT: Duration = Duration::from_secs(10);

const ECHO: &str = "barrage.bench.v1.Bench/Echo";
const CHAT: &str = "barrage.bench.v1.Bench/Chat";

/// The repository's proto/bench.proto.
fn proto() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../proto/bench.proto").to_owned()
}

/// `barrage load --grpc URL --proto bench.proto ARGS --json -`: what it printed, the report.
fn load(server: &GrpcTestServer, args: &[&str]) -> (Run, Value) {
    let (url, proto) = (server.url(), proto());
    let mut all = vec!["--grpc", url.as_str(), "--proto", proto.as_str(), "-t1"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", "-"]);
    let run = barrage("load", &all);
    assert!(run.took < ON_TIME, "{all:?} took {:?}: {run:?}", run.took);
    assert!(!run.stderr.contains("panicked"), "{all:?}: {run:?}");
    let report = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{all:?}: no JSON report ({e}): {run:?}"));
    (run, report)
}

fn waited(server: &GrpcTestServer) {
    assert!(server.wait_idle(IDLE_WAIT), "calls still open: {server:?}");
}

#[test]
fn each_misbehaving_grpc_server_is_counted_under_its_kind_and_the_run_ends_on_time() {
    let _serial = serial();
    let cases = [
        (GrpcBehavior::TrailersOnly, "grpc_status", "unavailable"),
        (GrpcBehavior::MissingStatus, "not_grpc", "grpc-status"),
        (GrpcBehavior::NotGrpc, "not_grpc", "404"),
        (GrpcBehavior::CompressedFlag, "protocol", "compress"),
        (GrpcBehavior::LengthPastFrame, "protocol", "length"),
        (GrpcBehavior::ResetMidMessage, "stream", ""),
        (GrpcBehavior::NeverEnds, "timeout", ""),
        (GrpcBehavior::HugeMessage, "protocol", "4294967295 bytes"),
    ];
    for (behavior, kind, says) in cases {
        let server = GrpcTestServer::start(behavior);
        let data = r#"{"payload":"aGk=","seq":"1"}"#;
        let args = [
            "--call",
            ECHO,
            "--data",
            data,
            "-c1",
            "-d",
            "1s",
            "--timeout",
            "500ms",
        ];
        let (run, v) = load(&server, &args);
        let errors = v["errors"].as_object().expect("an errors object");
        let e = errors
            .get(kind)
            .unwrap_or_else(|| panic!("{behavior:?}: no error of kind {kind}: {run:?}"));
        assert!(e["count"].as_u64().unwrap() >= 1, "{behavior:?}: {run:?}");
        let first = e["first"].as_str().unwrap_or("").to_lowercase();
        assert!(first.contains(says), "{behavior:?}: {first:?}: {run:?}");
        assert!(matches!(run.code, Some(0 | 1)), "{behavior:?}: {run:?}");
        assert!(server.echo().calls >= 1, "{behavior:?}: {server:?}");
        if behavior == GrpcBehavior::TrailersOnly {
            let unavailable = &v["grpc"]["status"]["14"];
            assert_eq!(unavailable["name"], "UNAVAILABLE", "{run:?}");
            assert_eq!(unavailable["count"], e["count"], "{run:?}");
            let message = unavailable["first_message"].as_str().unwrap_or("");
            assert!(message.contains(UNAVAILABLE_MESSAGE), "{message}: {run:?}");
        }
    }
}

#[test]
fn the_good_servers_count_of_unary_calls_equals_barrages() {
    let _serial = serial();
    let server = GrpcTestServer::start(GrpcBehavior::Good { stall: None });
    let data = r#"{"payload":"aGVsbG8=","seq":"{{.RequestNumber}}"}"#;
    let (run, v) = load(
        &server,
        &["--call", ECHO, "--data", data, "-c2", "-m4", "-n", "300"],
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    waited(&server);
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{run:?}");
    assert_eq!(u64_at(&v, "/totals/requests_sent"), 300, "{run:?}");
    assert_eq!(u64_at(&v, "/totals/responses"), 300, "{run:?}");
    assert_eq!(u64_at(&v, "/grpc/status/0/count"), 300, "{run:?}");
    let echo = server.echo();
    assert_eq!(echo.calls, 300, "{server:?}");
    assert_eq!(u64_at(&v, "/grpc/calls_started"), echo.calls, "{run:?}");
    assert_eq!(u64_at(&v, "/grpc/messages_sent"), echo.messages_received);
    assert_eq!(u64_at(&v, "/grpc/messages_received"), echo.messages_sent);
    assert_eq!(server.chat().calls, 0, "{server:?}");
}

#[test]
fn the_good_servers_count_of_bidi_messages_equals_barrages() {
    let _serial = serial();
    let server = GrpcTestServer::start(GrpcBehavior::Good { stall: None });
    let data = r#"{"payload":"aGk=","seq":"{{.RequestNumber}}"}"#;
    let args = [
        "--call",
        CHAT,
        "--data",
        data,
        "--grpc-unit",
        "message",
        "-c2",
        "-m2",
        "-n",
        "400",
    ];
    let (run, v) = load(&server, &args);
    assert_eq!(run.code, Some(0), "{run:?}");
    waited(&server);
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{run:?}");
    assert_eq!(u64_at(&v, "/totals/requests_sent"), 400, "{run:?}");
    assert_eq!(u64_at(&v, "/totals/responses"), 400, "{run:?}");
    let chat = server.chat();
    assert_eq!(chat.messages_received, 400, "{server:?}");
    assert_eq!(u64_at(&v, "/grpc/messages_sent"), chat.messages_received);
    assert_eq!(u64_at(&v, "/grpc/messages_received"), chat.messages_sent);
    assert_eq!(u64_at(&v, "/grpc/calls_started"), chat.calls, "{run:?}");
    assert_eq!(server.echo().calls, 0, "{server:?}");
}

#[test]
fn a_stall_shows_in_the_bidi_open_loops_p99_per_message() {
    let _serial = serial();
    // At 500 messages/s the stall begins about half a second in and holds a second of the
    // three: the messages sent meanwhile wait for its end, timed from their intended send.
    let stall = Stall {
        after_messages: 250,
        pause: Duration::from_secs(1),
    };
    let server = GrpcTestServer::start(GrpcBehavior::Good { stall: Some(stall) });
    let data = r#"{"payload":"aGk="}"#;
    let args = [
        "--call",
        CHAT,
        "--data",
        data,
        "--grpc-unit",
        "message",
        "-c1",
        "-m1",
        "-R",
        "500",
        "-d",
        "3s",
        "--timeout",
        "5s",
    ];
    let (run, v) = load(&server, &args);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{run:?}");
    let (p50, p99) = (u64_at(&v, "/latency_us/p50"), u64_at(&v, "/latency_us/p99"));
    eprintln!(
        "a 1 s stall at 500 messages/s on one bidi stream: p50 {p50} µs, p99 {p99} µs, \
         max {} µs",
        u64_at(&v, "/latency_us/max")
    );
    // The stall is in the tail (hundreds of ms: a lower bound no machine speeds up), far
    // above the median of the messages it did not hold.
    assert!(p99 >= 200_000, "p99 {p99} µs: {run:?}");
    assert!(p50 * 4 <= p99, "p50 {p50} µs, p99 {p99} µs: {run:?}");
    // The same messages timed per message in report.grpc.
    assert!(u64_at(&v, "/grpc/message_us/p99") >= 200_000, "{run:?}");
}
