//! `barrage load` over WebSocket end to end, against the testkit's WebSocket servers: the
//! server's own counts equal barrage's (closed loop with a budget or a duration, fragments,
//! 16- and 64-bit lengths, TLS), a stall shows in the open loop's p99, a subscription counts
//! what is pushed, pings and pongs, and each misbehaving server is counted under its error kind
//! with the run ending on time, without a panic and (for a flood) without its memory growing.

use std::time::Duration;

use barrage_testkit::ws::{Echo, Stall, WsBehavior, WsTestServer};
use barrage_testkit::{Behavior, TestServer};
use serde_json::Value;

use crate::cli_support;
use crate::common;
use cli_support::{barrage, u64_at};
use common::{load_measured, serial, Finished};

/// A run of these tests takes a few seconds; one still running after this is a hang.
const RUN_DEADLINE: Duration = Duration::from_secs(30);
/// How long the server may take to see the last connection end after barrage exits.
const IDLE_WAIT: Duration = Duration::from_secs(10);
/// A flood must not make barrage's resident memory grow past this (KiB).
const FLOOD_RSS_KIB: u64 = 512 * 1024;

/// `load` with `--json -`, its report parsed.
fn load_json(args: &[&str]) -> (Finished, Value) {
    let mut all = args.to_vec();
    all.extend_from_slice(&["--json", "-"]);
    let done = load_measured(&all, RUN_DEADLINE);
    let v = done.run.json();
    (done, v)
}

fn waited(server: &WsTestServer) {
    assert!(
        server.wait_idle(IDLE_WAIT),
        "connections still served: {server:?}"
    );
}

fn errors(v: &Value) -> &serde_json::Map<String, Value> {
    v["errors"].as_object().expect("an errors object")
}

#[test]
fn the_servers_count_of_messages_equals_barrages_with_a_budget() {
    let _serial = serial();
    let server = WsTestServer::start(WsBehavior::echo());
    let url = server.url("/ws");
    let (done, v) = load_json(&[
        "-t1",
        "-c4",
        "-n",
        "2000",
        "--timeout",
        "5s",
        "-H",
        "X-Test: on-the-upgrade",
        &url,
    ]);
    let r = &done.run;
    assert_eq!(r.code, Some(0), "{r:?}");
    waited(&server);
    assert_eq!(v["spec"]["protocol"], "ws", "{r:?}");
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{r:?}");
    assert_eq!(u64_at(&v, "/totals/requests_sent"), 2000);
    assert_eq!(u64_at(&v, "/totals/responses"), 2000);
    assert_eq!(u64_at(&v, "/ws/messages_sent"), 2000);
    assert_eq!(u64_at(&v, "/ws/messages_received"), 2000);
    assert_eq!(server.messages_received(), 2000, "{server:?}");
    assert_eq!(server.messages_echoed(), 2000, "{server:?}");
    assert_eq!(
        u64_at(&v, "/ws/payload_bytes_sent"),
        server.payload_bytes_received()
    );
    assert_eq!(u64_at(&v, "/ws/upgraded"), server.upgrades());
    assert_eq!(u64_at(&v, "/ws/closes_sent"), server.closes_received());
    assert_eq!(server.protocol_errors(), 0, "every client frame masked");
    assert!(v["status_counts"].as_object().unwrap().is_empty(), "{r:?}");
    let head = server.last_upgrade_request().unwrap();
    assert!(head.contains("X-Test: on-the-upgrade"), "{head}");
}

#[test]
fn the_servers_count_of_messages_equals_barrages_for_a_duration() {
    let _serial = serial();
    let server = WsTestServer::start(WsBehavior::echo());
    let url = server.url("/ws");
    let (done, v) = load_json(&["-t1", "-c3", "-m4", "-d", "1s", &url]);
    let r = &done.run;
    assert_eq!(r.code, Some(0), "{r:?}");
    waited(&server);
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{r:?}");
    let sent = u64_at(&v, "/ws/messages_sent");
    assert!(sent > 0, "{r:?}");
    // Everything barrage sent reached the server, and everything the server echoed before the
    // close handshake reached barrage.
    assert_eq!(server.messages_received(), sent, "{server:?}");
    assert_eq!(
        u64_at(&v, "/ws/messages_received"),
        server.messages_echoed(),
        "{server:?}"
    );
    assert!(u64_at(&v, "/totals/requests_sent") <= sent);
    assert!(u64_at(&v, "/totals/responses") <= u64_at(&v, "/ws/messages_received"));
    assert_eq!(u64_at(&v, "/ws/closes_sent"), 3);
    assert_eq!(server.closes_received(), 3);
    assert_eq!(u64_at(&v, "/ws/close_codes/1000"), 3, "{r:?}");
}

#[test]
fn fragments_pings_between_and_long_lengths_are_read() {
    let _serial = serial();
    let echo = Echo {
        fragment: true,
        ..Echo::default()
    };
    let server = WsTestServer::start(WsBehavior::Echo(echo));
    let url = server.url("/ws");
    let cases: [&[&str]; 3] = [
        // A two-byte character split by the server's first fragment.
        &["--ws-message", "é and €, fragmented"],
        // 16-bit lengths.
        &["--ws-size", "300"],
        // 64-bit lengths, binary.
        &["--ws-size", "70000", "--ws-binary"],
    ];
    for (i, case) in cases.into_iter().enumerate() {
        let mut args = vec!["-t1", "-c2", "-n", "100", "--timeout", "5s", &url];
        args.extend_from_slice(case);
        let (done, v) = load_json(&args);
        let r = &done.run;
        assert_eq!(r.code, Some(0), "{case:?}: {r:?}");
        waited(&server);
        assert_eq!(u64_at(&v, "/totals/errors"), 0, "{case:?}: {r:?}");
        assert_eq!(u64_at(&v, "/totals/responses"), 100, "{case:?}: {r:?}");
        assert_eq!(server.messages_received(), 100 * (i as u64 + 1));
        // Every ping between fragments was read and answered.
        assert_eq!(u64_at(&v, "/ws/pings_received"), 100, "{case:?}: {r:?}");
        assert_eq!(u64_at(&v, "/ws/pongs_sent"), 100, "{case:?}: {r:?}");
        // The server reads nothing after a Close: a pong sent after it is lost (see
        // the_close_after_a_budget_follows_its_last_echo).
        let owed = 100 * (i as u64 + 1);
        assert!(
            server.pongs_received() + 2 * (i as u64 + 1) >= owed,
            "{server:?}"
        );
    }
    assert_eq!(server.protocol_errors(), 0, "{server:?}");
}

/// A run with a budget (`-n`) ends when its last message is answered: the Close (1000) goes
/// out after the last echo has come. The server sends a ping with each echo (between its
/// fragments), and reads nothing after a Close, so it counts the pong owed for the last echo
/// only if the client read that echo before it said goodbye.
#[test]
fn the_close_after_a_budget_follows_its_last_echo() {
    let _serial = serial();
    let echo = Echo {
        fragment: true,
        ..Echo::default()
    };
    let server = WsTestServer::start(WsBehavior::Echo(echo));
    let url = server.url("/ws");
    let (done, v) = load_json(&["-t1", "-c1", "-n", "1", "--timeout", "5s", &url]);
    let r = &done.run;
    assert_eq!(r.code, Some(0), "{r:?}");
    waited(&server);
    assert_eq!(u64_at(&v, "/ws/pongs_sent"), 1, "{r:?}");
    assert_eq!(server.closes_received(), 1, "{server:?}");
    assert_eq!(
        server.pongs_received(),
        1,
        "the Close went out before the last echo came (its pong after the Close): {server:?}"
    );
}

#[test]
fn wss_counts_as_ws_does() {
    let _serial = serial();
    let server = WsTestServer::start_tls(WsBehavior::echo());
    let url = server.url("/ws");
    let (done, v) = load_json(&["-t1", "-c2", "-n", "300", "--insecure", &url]);
    let r = &done.run;
    assert_eq!(r.code, Some(0), "{r:?}");
    waited(&server);
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{r:?}");
    assert_eq!(u64_at(&v, "/totals/responses"), 300);
    assert_eq!(server.messages_received(), 300);
    assert_eq!(server.messages_echoed(), 300);
    assert!(v["tls"]["version"].is_string(), "{r:?}");
}

#[test]
fn a_stall_shows_in_the_open_loops_p99() {
    let _serial = serial();
    // At 500 messages/s the stall begins about half a second in and lasts a second of the
    // three: a third of the messages wait for its end, timed from their intended send.
    let stall = Stall {
        after_messages: 250,
        stall: Duration::from_secs(1),
    };
    let echo = Echo {
        stall: Some(stall),
        ..Echo::default()
    };
    let server = WsTestServer::start(WsBehavior::Echo(echo));
    let url = server.url("/ws");
    let (done, v) = load_json(&[
        "-t1",
        "-c20",
        "-R",
        "500",
        "-d",
        "3s",
        "--timeout",
        "5s",
        &url,
    ]);
    let r = &done.run;
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{r:?}");
    let (p50, p99) = (u64_at(&v, "/latency_us/p50"), u64_at(&v, "/latency_us/p99"));
    eprintln!(
        "a 1 s stall at 500 messages/s: round trip p50 {p50} µs, p99 {p99} µs, max {} µs",
        u64_at(&v, "/latency_us/max")
    );
    // The stall's second is in the tail (a lower bound no machine speeds up), and the tail
    // stands far above the median of the messages it did not hold.
    assert!(p99 >= 500_000, "p99 {p99} µs: {r:?}");
    assert!(p50 * 4 <= p99, "p50 {p50} µs, p99 {p99} µs: {r:?}");
    assert!(v["open_loop"].is_object(), "{r:?}");
}

#[test]
fn a_subscription_counts_what_is_pushed() {
    let _serial = serial();
    let echo = Echo {
        push_per_s: 200,
        push_bytes: 32,
        ..Echo::default()
    };
    let server = WsTestServer::start(WsBehavior::Echo(echo));
    let url = server.url("/ws");
    let (done, v) = load_json(&["-t1", "-c2", "-d", "1500ms", "--ws-subscribe", &url]);
    let r = &done.run;
    assert_eq!(r.code, Some(0), "{r:?}");
    waited(&server);
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{r:?}");
    assert_eq!(u64_at(&v, "/ws/messages_sent"), 0, "{r:?}");
    assert_eq!(server.messages_received(), 0, "{server:?}");
    let got = u64_at(&v, "/ws/messages_received");
    assert!(
        got > 0 && got <= server.messages_pushed(),
        "{got}: {server:?}"
    );
    assert_eq!(u64_at(&v, "/ws/payload_bytes_received"), got * 32, "{r:?}");
    let responses = u64_at(&v, "/totals/responses");
    assert!(responses > 0 && responses <= got, "{r:?}");
    assert_eq!(v["spec"]["ws"]["mode"], "subscribe", "{r:?}");
}

#[test]
fn pings_are_answered_and_a_missing_pong_is_a_timeout() {
    let _serial = serial();
    let server = WsTestServer::start(WsBehavior::echo());
    let url = server.url("/ws");
    let (done, v) = load_json(&["-t1", "-c1", "-d", "1s", "--ws-ping", "100ms", &url]);
    let r = &done.run;
    assert_eq!(r.code, Some(0), "{r:?}");
    waited(&server);
    assert_eq!(u64_at(&v, "/totals/errors"), 0, "{r:?}");
    let pings = u64_at(&v, "/ws/pings_sent");
    assert!(pings >= 1, "{r:?}");
    assert_eq!(server.pings_received(), pings, "{server:?}");
    assert_eq!(u64_at(&v, "/ws/pongs_received"), server.pongs_sent());

    let server = WsTestServer::start(WsBehavior::IgnorePings);
    let url = server.url("/ws");
    let (done, v) = load_json(&[
        "-t1",
        "-c1",
        "-d",
        "2s",
        "--timeout",
        "500ms",
        "--ws-ping",
        "100ms",
        &url,
    ]);
    let r = &done.run;
    assert!(server.pings_received() >= 1, "{server:?}");
    assert_eq!(u64_at(&v, "/ws/pongs_received"), 0, "{r:?}");
    let timeout = &errors(&v)["timeout"];
    assert!(timeout["count"].as_u64().unwrap() >= 1, "{r:?}");
    let first = timeout["first"].as_str().unwrap();
    assert!(first.contains("pong"), "{first}: {r:?}");
}

/// A misbehaving server, the error kind its breakage is counted under, and what the first
/// message of that kind says (lower case, any of them).
struct Case {
    name: &'static str,
    url: String,
    kind: &'static [&'static str],
    says: &'static [&'static str],
}

#[test]
fn each_misbehaving_server_is_counted_under_its_kind_and_the_run_ends_on_time() {
    let _serial = serial();
    let ws = |b| WsTestServer::start(b);
    let servers = [
        ("refuses with 403", ws(WsBehavior::Refuse { status: 403 })),
        ("a wrong accept", ws(WsBehavior::BadAccept)),
        ("masked frames", ws(WsBehavior::MaskedFrames)),
        ("reserved bits", ws(WsBehavior::ReservedBits)),
        ("a 2^63 length", ws(WsBehavior::LengthTopBit)),
        (
            "a 2^40 length",
            ws(WsBehavior::LengthNeverArrives { len: 1 << 40 }),
        ),
        (
            "a 4 MiB length that never arrives",
            ws(WsBehavior::LengthNeverArrives { len: 4 << 20 }),
        ),
        ("closes mid-frame", ws(WsBehavior::CloseMidFrame)),
        ("bad UTF-8", ws(WsBehavior::BadUtf8Fragments)),
        (
            "closes after 3",
            ws(WsBehavior::Echo(Echo {
                close_after: Some(3),
                ..Echo::default()
            })),
        ),
    ];
    let expect: [(&[&str], &[&str]); 10] = [
        (&["upgrade"], &["403 forbidden"]),
        (&["upgrade"], &["sec-websocket-accept"]),
        (&["protocol"], &["mask"]),
        (&["protocol"], &["reserved", "rsv"]),
        (&["protocol"], &["length"]),
        // More than a client keeps (barrage: 64 MiB): refused at once, or waited for.
        (&["flood", "timeout"], &["a message over", "within"]),
        // Under the limit: the wait is bounded by --timeout.
        (&["timeout"], &["within"]),
        (&["closed"], &["closed", "ended", "eof"]),
        (&["protocol"], &["utf-8"]),
        (&["closed"], &["1001"]),
    ];
    let silent = TestServer::start(Behavior::NeverAnswers);
    let mut cases: Vec<Case> = servers
        .iter()
        .zip(expect)
        .map(|((name, s), (kind, says))| Case {
            name,
            url: s.url("/ws"),
            kind,
            says,
        })
        .collect();
    cases.push(Case {
        name: "never answers the upgrade",
        url: format!("ws://{}/ws", silent.addr()),
        kind: &["timeout"],
        says: &["101", "upgrade"],
    });
    for case in &cases {
        check_case(case);
    }
}

/// Runs one [`Case`] for a second with a half-second timeout and checks its errors.
fn check_case(case: &Case) {
    let (done, v) = load_json(&["-t1", "-c1", "-d", "1s", "--timeout", "500ms", &case.url]);
    let r = &done.run;
    let name = case.name;
    let errors = errors(&v);
    let (kind, e) = errors
        .iter()
        .find(|(k, _)| case.kind.contains(&k.as_str()))
        .unwrap_or_else(|| panic!("{name}: no error of kind {:?}: {r:?}", case.kind));
    assert!(e["count"].as_u64().unwrap() >= 1, "{name}: {r:?}");
    let first = e["first"].as_str().unwrap_or("").to_lowercase();
    assert!(
        case.says.iter().any(|s| first.contains(s)),
        "{name}: the first {kind} error says {first:?}, not one of {:?}: {r:?}",
        case.says
    );
    assert!(matches!(r.code, Some(0 | 1)), "{name}: {r:?}");
}

#[test]
fn a_flood_is_counted_within_bounded_memory_and_the_run_ends_on_time() {
    let _serial = serial();
    let server = WsTestServer::start(WsBehavior::Flood);
    let url = server.url("/ws");
    let (done, v) = load_json(&["-t1", "-c2", "-d", "2s", "--timeout", "1s", &url]);
    let r = &done.run;
    waited(&server);
    let (sent, got) = (
        u64_at(&v, "/ws/messages_sent"),
        u64_at(&v, "/ws/messages_received"),
    );
    assert!(got > sent, "unasked messages are counted: {r:?}");
    let server_sent = server.messages_pushed() + server.messages_echoed();
    assert!(got <= server_sent, "{got} > {server_sent}: {server:?}");
    assert!(
        done.max_rss_kib < FLOOD_RSS_KIB,
        "barrage grew to {} KiB: {r:?}",
        done.max_rss_kib
    );
}

#[test]
fn a_message_and_a_size_together_are_one_error_line() {
    let server = WsTestServer::start(WsBehavior::echo());
    let url = server.url("/ws");
    let args = [
        "load",
        "-d",
        "1s",
        "--ws-message",
        "hi",
        "--ws-size",
        "10",
        &url,
    ];
    let r = barrage(&args);
    let line = r.usage_error(&args);
    assert!(
        line.contains("--ws-message") && line.contains("--ws-size"),
        "{r:?}"
    );
    assert_eq!(server.connections(), 0, "nothing connected");
}
