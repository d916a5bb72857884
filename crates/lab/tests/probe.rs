//! Probes against real servers on 127.0.0.1: the built-in target (plain and
//! TLS, every protocol), testkit servers that break the contract, and tiny
//! servers that answer fixed bytes.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::thread::JoinHandle;
use std::time::Duration;

use barrage_lab::probe::{probe, ProbeResult};
use barrage_lab::suite::{Scenario, Wire};
use barrage_model::Protocol;
use barrage_target::{Target, TargetConfig, TlsSetup};
use barrage_testkit::h2::{H2Behavior, H2TestServer};
use barrage_testkit::{Behavior, TestServer};

const TIMEOUT: Duration = Duration::from_secs(5);
const SHORT: Duration = Duration::from_millis(300);

fn scenario(protocol: Wire, path: &str) -> Scenario {
    Scenario::get(protocol, path)
}

fn target(tls: bool) -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: tls.then_some(TlsSetup::SelfSigned),
        h3: false,
    })
    .expect("start the built-in target")
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn the_builtin_target_is_valid_over_every_protocol() {
    let plain = target(false);
    let tls = target(true);
    let paths = [
        "/hello",
        "/static/6b",
        "/static/4k",
        "/xml?value=benchmarks",
    ];
    for path in paths {
        let mut by_protocol: Vec<(Wire, ProbeResult)> = Vec::new();
        for (protocol, server) in [
            (Wire::H1, &plain),
            (Wire::H2C, &plain),
            (Wire::HTTPS, &tls),
            (Wire::H2, &tls),
        ] {
            let port = server.local_addr().port();
            let r = probe(&scenario(protocol, path), "127.0.0.1", port, TIMEOUT)
                .unwrap_or_else(|e| panic!("{protocol:?} {path}: {e}"));
            assert!(r.is_valid(), "{protocol:?} {path}: {:?}", r.problems);
            assert_eq!(r.status, 200);
            let (version, framing) = match protocol.protocol {
                Protocol::Http1 => ("HTTP/1.1", "content-length"),
                Protocol::H2 => ("h2", "h2"),
                Protocol::Ws | Protocol::Grpc => unreachable!("not probed here"),
                Protocol::H3 => ("h3", "h3"),
            };
            assert_eq!((r.version.as_str(), r.framing.as_str()), (version, framing));
            for name in ["server", "content-type", "content-length", "date"] {
                assert!(
                    r.header_names.iter().any(|n| n == name),
                    "{protocol:?} {name}: {:?}",
                    r.header_names
                );
            }
            by_protocol.push((protocol, r));
        }
        // The same head, whether read off the wire (h1) or rebuilt from h2.
        let first = &by_protocol[0].1;
        for (protocol, r) in &by_protocol[1..] {
            assert_eq!(r.header_bytes, first.header_bytes, "{protocol:?} {path}");
            assert_eq!(r.body_sha256, first.body_sha256, "{protocol:?} {path}");
            assert_eq!(r.body_bytes, first.body_bytes, "{protocol:?} {path}");
        }
    }
    assert_eq!(
        probe(
            &scenario(Wire::H1, "/static/4k"),
            "127.0.0.1",
            plain.local_addr().port(),
            TIMEOUT
        )
        .unwrap()
        .body_sha256,
        sha256_hex(&barrage_target::contract::STATIC_4K)
    );
    plain.shutdown();
    tls.shutdown();
}

/// HTTP/3 (`barrage serve --tls --h3`): every endpoint valid over QUIC,
/// with the same body as over HTTP/1.1 on TLS and the same head but the
/// `Alt-Svc` that only HTTP/1.1 and h2 responses carry.
#[test]
fn the_builtin_target_is_valid_over_h3() {
    let server = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: Some(TlsSetup::SelfSigned),
        h3: true,
    })
    .expect("start the built-in target with HTTP/3");
    let port = server.local_addr().port();
    let alt_svc = format!("alt-svc: h3=\":{port}\"; ma=86400\r\n").len();
    let paths = [
        "/hello",
        "/static/6b",
        "/static/4k",
        "/xml?value=a%3Cb",
        "/bytes?n=100000",
    ];
    for path in paths {
        let r = probe(&scenario(Wire::H3, path), "127.0.0.1", port, TIMEOUT)
            .unwrap_or_else(|e| panic!("h3 {path}: {e}"));
        assert!(r.is_valid(), "h3 {path}: {:?}", r.problems);
        assert_eq!(r.status, 200, "{path}");
        assert_eq!((r.version.as_str(), r.framing.as_str()), ("h3", "h3"));
        for name in ["server", "content-type", "content-length", "date"] {
            assert!(r.header_names.iter().any(|n| n == name), "{name}: {r:?}");
        }
        assert!(!r.header_names.iter().any(|n| n == "alt-svc"), "{r:?}");
        let https = probe(&scenario(Wire::HTTPS, path), "127.0.0.1", port, TIMEOUT).unwrap();
        assert!(https.header_names.iter().any(|n| n == "alt-svc"));
        assert_eq!(r.body_sha256, https.body_sha256, "{path}");
        assert_eq!(r.body_bytes, https.body_bytes, "{path}");
        assert_eq!(r.header_bytes + alt_svc, https.header_bytes, "{path}");
    }
    let mut head = scenario(Wire::H3, "/static/4k");
    head.method = "HEAD".into();
    head.headers = vec![("Accept".into(), "*/*".into())];
    let r = probe(&head, "127.0.0.1", port, TIMEOUT).unwrap();
    assert!(r.is_valid(), "{:?}", r.problems);
    assert_eq!((r.status, r.body_bytes), (200, 0));
    let r = probe(&scenario(Wire::H3, "/nope"), "127.0.0.1", port, TIMEOUT).unwrap();
    assert_eq!(r.problems, ["status 404: expected a success (below 400)"]);
    server.shutdown();
}

/// A TLS server without HTTP/3: nothing answers on its UDP port, and the
/// probe says so within its timeout.
#[test]
fn h3_to_a_server_without_quic_is_an_error() {
    let tls = target(true);
    let port = tls.local_addr().port();
    let began = std::time::Instant::now();
    let err = probe(&scenario(Wire::H3, "/hello"), "127.0.0.1", port, SHORT).unwrap_err();
    assert_eq!(
        err,
        format!("no QUIC handshake with 127.0.0.1:{port} (UDP) within 300ms")
    );
    assert!(began.elapsed() < TIMEOUT, "{:?}", began.elapsed());
    tls.shutdown();
}

#[test]
fn request_shapes_of_the_seeds_are_valid() {
    let server = target(false);
    let port = server.local_addr().port();
    let mut ab = scenario(Wire::H1, "/");
    ab.path = "/hello".into();
    ab.http10 = true;
    ab.keepalive = false;
    let mut ab_k = ab.clone();
    ab_k.keepalive = true;
    let mut close = scenario(Wire::H1, "/hello");
    close.keepalive = false;
    let mut head = scenario(Wire::H1, "/static/4k");
    head.method = "HEAD".into();
    let mut header = scenario(Wire::H1, "/hello");
    header.headers = vec![("Accept-Encoding".into(), "gzip".into())];
    for s in [ab, ab_k, close, head, header] {
        let r = probe(&s, "127.0.0.1", port, TIMEOUT).unwrap();
        assert!(r.is_valid(), "{s:?}: {:?}", r.problems);
        if s.method == "HEAD" {
            assert_eq!(r.body_bytes, 0);
        }
    }
    server.shutdown();
}

#[test]
fn paths_outside_the_contract_only_need_a_success() {
    let server = target(false);
    let port = server.local_addr().port();
    let r = probe(&scenario(Wire::H1, "/nope"), "127.0.0.1", port, TIMEOUT).unwrap();
    assert_eq!(r.status, 404);
    assert_eq!(r.problems, ["status 404: expected a success (below 400)"]);
    let mut post = scenario(Wire::H2C, "/hello");
    post.method = "POST".into();
    let r = probe(&post, "127.0.0.1", port, TIMEOUT).unwrap();
    assert_eq!(r.problems, ["status 405: expected a success (below 400)"]);
    server.shutdown();
}

#[test]
fn testkit_servers_that_break_the_contract() {
    let hello = scenario(Wire::H1, "/hello");
    let good = TestServer::start(Behavior::Good {
        body: b"Hello World\n",
    });
    let r = probe(&hello, "127.0.0.1", good.addr().port(), TIMEOUT).unwrap();
    assert_eq!(r.problems, ["no `date` header"], "testkit sends no Date");
    assert_eq!(r.header_names, ["server", "content-type", "content-length"]);
    // "HTTP/1.1 200 OK\r\nServer: testkit\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\n"
    assert_eq!(r.header_bytes, 17 + 17 + 26 + 20 + 2);

    let short = TestServer::start(Behavior::ShortBody {
        announced: 12,
        sent: 5,
    });
    let r = probe(&hello, "127.0.0.1", short.addr().port(), TIMEOUT).unwrap();
    assert_eq!(r.body_bytes, 5);
    assert!(
        r.problems
            .iter()
            .any(|p| p.ends_with("body ended after 5 of 12 bytes announced by content-length")),
        "{:?}",
        r.problems
    );

    // (behaviour, start of the error)
    let broken: [(Behavior, &str); 5] = [
        (
            Behavior::Garbage {
                garbage: b"HTPT/9 abc\r\n\r\n",
            },
            "not an HTTP/1 response",
        ),
        (
            Behavior::EarlyClose { n: 20 },
            "the server closed the connection inside the response head, after \"HTTP/1.1 200 OK\\r\\nSer\"",
        ),
        (Behavior::NeverAnswers, "no response head within 300ms"),
        (Behavior::CloseOnAccept, ""),
        (Behavior::Reset, ""),
    ];
    for (behavior, want) in broken {
        let server = TestServer::start(behavior);
        let err = probe(&hello, "127.0.0.1", server.addr().port(), SHORT).unwrap_err();
        assert!(err.starts_with(want), "{behavior:?}: {err}");
        if want.is_empty() {
            // Closed or reset: which one depends on timing; both say so.
            assert!(
                err.contains("closed the connection without a response")
                    || err.contains("reset")
                    || err.contains("cannot send"),
                "{behavior:?}: {err}"
            );
        }
    }
}

#[test]
fn h2_testkit_servers_that_break_the_contract() {
    let hello = scenario(Wire::H2C, "/hello");
    let good = H2TestServer::start(H2Behavior::Good {
        max_streams: 100,
        body_bytes: 12,
    });
    let r = probe(&hello, "127.0.0.1", good.addr().port(), TIMEOUT).unwrap();
    assert_eq!(
        (r.version.as_str(), r.framing.as_str(), r.body_bytes),
        ("h2", "h2", 12)
    );
    assert_eq!(
        r.problems,
        [
            "no `date` header",
            "no `content-type` header",
            "body (\"xxxxxxxxxxxx\") differs from the contract's for /hello"
        ]
    );
    // "HTTP/1.1 200 OK\r\n" + "content-length: 12\r\n" + "\r\n"
    assert_eq!(r.header_bytes, 17 + 20 + 2);

    for (behavior, want) in [
        (
            H2Behavior::Silent,
            "no complete HTTP/2 response within 300ms",
        ),
        (H2Behavior::Garbage { seed: 7 }, "HTTP/2 "),
        (H2Behavior::MalformedFrame, "HTTP/2 "),
    ] {
        let server = H2TestServer::start(behavior);
        let err = probe(&hello, "127.0.0.1", server.addr().port(), SHORT).unwrap_err();
        assert!(err.starts_with(want), "{behavior:?}: {err}");
    }
}

/// A server that reads one request head and answers `response`, then closes.
fn fixed(response: &'static [u8]) -> (u16, JoinHandle<Vec<u8>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let thread = std::thread::spawn(move || {
        let (mut conn, _) = listener.accept().unwrap();
        let mut request = Vec::new();
        let mut buf = [0u8; 1024];
        while !request.ends_with(b"\r\n\r\n") {
            let n = conn.read(&mut buf).unwrap();
            assert!(n > 0, "the probe closed before its request ended");
            request.extend_from_slice(&buf[..n]);
        }
        conn.write_all(response).unwrap();
        request
    });
    (port, thread)
}

#[test]
fn header_bytes_are_the_heads_size_on_the_wire() {
    const HEAD: &[u8] =
        b"HTTP/1.1 200 OK\r\nDate: Mon, 01 Jan 2024 00:00:00 GMT\r\ncontent-type:text/plain\r\nTransfer-Encoding: chunked\r\nX-Padding: ..........\r\n\r\n";
    const RESPONSE: &[u8] = b"HTTP/1.1 200 OK\r\nDate: Mon, 01 Jan 2024 00:00:00 GMT\r\ncontent-type:text/plain\r\nTransfer-Encoding: chunked\r\nX-Padding: ..........\r\n\r\n5\r\nHello\r\n7\r\n World\n\r\n0\r\n\r\n";
    let (port, server) = fixed(RESPONSE);
    let r = probe(&scenario(Wire::H1, "/hello"), "127.0.0.1", port, TIMEOUT).unwrap();
    let request = server.join().unwrap();
    // The load's own request bytes.
    let ua = concat!("User-Agent: barrage/", env!("CARGO_PKG_VERSION"));
    assert_eq!(
        String::from_utf8(request).unwrap(),
        format!("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{ua}\r\n\r\n")
    );
    assert_eq!(
        r,
        ProbeResult {
            status: 200,
            version: "HTTP/1.1".into(),
            header_names: vec![
                "date".into(),
                "content-type".into(),
                "transfer-encoding".into(),
                "x-padding".into()
            ],
            header_bytes: HEAD.len(),
            body_bytes: 12,
            body_sha256: sha256_hex(b"Hello World\n"),
            framing: "chunked".into(),
            problems: vec![],
            deviations: vec![],
        }
    );
}

#[test]
fn a_body_framed_by_close_breaks_the_contract() {
    let (port, server) =
        fixed(b"HTTP/1.0 200 OK\r\nDate: x\r\nContent-Type: text/plain\r\n\r\nHello World\n");
    let r = probe(&scenario(Wire::H1, "/hello"), "127.0.0.1", port, TIMEOUT).unwrap();
    server.join().unwrap();
    assert_eq!(
        (r.version.as_str(), r.framing.as_str(), r.body_bytes),
        ("HTTP/1.0", "close", 12)
    );
    assert_eq!(
        r.problems,
        ["body framed by closing the connection: the contract needs content-length or chunked"]
    );
}

#[test]
fn nothing_listening_is_an_error() {
    let port = barrage_testkit::closed_port();
    for protocol in [Wire::H1, Wire::H2C, Wire::HTTPS, Wire::H2] {
        let err = probe(&scenario(protocol, "/hello"), "127.0.0.1", port, TIMEOUT).unwrap_err();
        assert!(
            err.starts_with(&format!("cannot connect to 127.0.0.1:{port}: ")),
            "{protocol:?}: {err}"
        );
    }
}

#[test]
fn tls_to_a_plain_server_is_an_error() {
    let plain = target(false);
    let err = probe(
        &scenario(Wire::H2, "/hello"),
        "127.0.0.1",
        plain.local_addr().port(),
        TIMEOUT,
    )
    .unwrap_err();
    assert!(err.starts_with("TLS handshake with 127.0.0.1:"), "{err}");
    plain.shutdown();
}

/// WebSocket (`barrage serve`'s `/ws`): the upgrade and one echoed message
/// of the scenario's size and kind, over ws and wss; a subscription gets a
/// pushed message; a path that does not upgrade is a problem with its
/// status, which the runner gives as the reason the scenario is skipped.
#[test]
fn the_builtin_target_echoes_over_ws_and_wss() {
    let plain = target(false);
    let tls = target(true);
    let mut binary = Scenario::ws(Wire::WSS, "/ws");
    let ws = binary.ws.as_mut().unwrap();
    (ws.message_bytes, ws.binary) = (70_000, true);
    let cases = [
        (Scenario::ws(Wire::WS, "/ws"), &plain, 64, "websocket text"),
        (binary, &tls, 70_000, "websocket binary"),
    ];
    for (s, server, bytes, framing) in cases {
        let port = server.local_addr().port();
        let r = probe(&s, "127.0.0.1", port, TIMEOUT).unwrap();
        assert!(r.is_valid(), "{}: {:?}", s.protocol, r.problems);
        assert_eq!((r.status, r.body_bytes), (101, bytes));
        assert_eq!(r.framing, framing);
        assert!(r.header_names.iter().any(|n| n == "sec-websocket-accept"));
    }
    let mut push = Scenario::ws(Wire::WS, "/ws?push=50&size=10");
    push.ws.as_mut().unwrap().mode = barrage_model::load::WsMode::Subscribe;
    let port = plain.local_addr().port();
    let r = probe(&push, "127.0.0.1", port, TIMEOUT).unwrap();
    assert!(r.is_valid(), "{:?}", r.problems);
    assert_eq!(r.body_bytes, 10);
    let r = probe(
        &Scenario::ws(Wire::WS, "/hello"),
        "127.0.0.1",
        port,
        TIMEOUT,
    )
    .unwrap();
    assert!(!r.is_valid());
    assert!(
        r.problems[0].starts_with("answered 200 OK to the WebSocket upgrade, not 101"),
        "{:?}",
        r.problems
    );
    plain.shutdown();
    tls.shutdown();
}

/// A gRPC scenario of proto/bench.proto calling `call` with `data`.
fn grpc_scenario(protocol: Wire, call: &str, data: &str) -> Scenario {
    let proto = std::fs::canonicalize(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../proto/bench.proto"
    ))
    .unwrap();
    let mut grpc = barrage_lab::suite::GrpcScenario::echo(&proto.to_string_lossy());
    grpc.call = call.to_string();
    grpc.data = data.to_string();
    Scenario {
        grpc: Some(grpc),
        method: "POST".into(),
        ..Scenario::get(protocol, &format!("/{call}"))
    }
}

fn grpc_target(tls: bool) -> Target {
    let cfg = TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: tls.then_some(TlsSetup::SelfSigned),
        h3: false,
    };
    let services = barrage_target::Services {
        database: None,
        grpc: true,
    };
    Target::start_with(cfg, services).expect("start the built-in target with gRPC")
}

#[test]
fn grpc_calls_of_the_builtin_target_are_valid_over_h2c_and_tls() {
    let echo = "barrage.bench.v1.Bench/Echo";
    let chat = "barrage.bench.v1.Bench/Chat";
    for (protocol, tls) in [(Wire::GRPC, false), (Wire::GRPCS, true)] {
        let server = grpc_target(tls);
        let port = server.local_addr().port();
        for (call, data) in [
            (echo, r#"{"payload":"aGVsbG8="}"#),
            (chat, r#"[{"payload":"eA=="},{"payload":"eXk="}]"#),
            ("barrage.bench.v1.Bench/Stream", r#"{"count":3,"size":10}"#),
        ] {
            let r = probe(
                &grpc_scenario(protocol, call, data),
                "127.0.0.1",
                port,
                TIMEOUT,
            )
            .unwrap_or_else(|e| panic!("{protocol} {call}: {e}"));
            assert!(r.is_valid(), "{protocol} {call}: {:?}", r.problems);
            assert_eq!((r.status, r.framing.as_str()), (200, "grpc"));
            assert!(r.header_names.iter().any(|n| n == "grpc-status"), "{r:?}");
        }
    }
    // A method the server does not have: grpc-status 12, one line.
    let server = grpc_target(false);
    let port = server.local_addr().port();
    let mut missing = grpc_scenario(Wire::GRPC, echo, "{}");
    missing.path = "/barrage.bench.v1.Bench/Nope".into();
    let r = probe(&missing, "127.0.0.1", port, TIMEOUT).unwrap();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert!(
        r.problems[0].starts_with("grpc-status 12 (UNIMPLEMENTED)"),
        "{:?}",
        r.problems
    );
    // An HTTP server that is not gRPC's: its content-type and no status.
    let plain = target(false);
    let r = probe(
        &grpc_scenario(Wire::GRPC, echo, "{}"),
        "127.0.0.1",
        plain.local_addr().port(),
        TIMEOUT,
    )
    .unwrap();
    assert!(!r.is_valid());
    assert!(
        r.problems.iter().any(|p| p.contains("no grpc-status")),
        "{:?}",
        r.problems
    );
}

/// The testkit's hostile servers (floods that never read, frames that move nothing on) under
/// the lab's probe: each probe ends within its timeout and a second, with an error or a
/// problem, never a pass.
#[test]
fn hostile_servers_end_each_probe_on_time_and_never_pass() {
    use barrage_testkit::h2::H2Flood;
    use barrage_testkit::ws::{WsBehavior, WsHostile, WsTestServer};
    let timeout = Duration::from_secs(1);
    let on_time = timeout + Duration::from_secs(1);
    let check = |name: String, protocol: Wire, port: u16| {
        let began = std::time::Instant::now();
        let r = probe(&scenario(protocol, "/"), "127.0.0.1", port, timeout);
        let took = began.elapsed();
        assert!(took <= on_time, "{name}: the probe took {took:?}: {r:?}");
        if let Ok(r) = &r {
            assert!(!r.problems.is_empty(), "{name}: passed: {r:?}");
        }
    };
    for flood in H2Flood::ALL {
        let server = H2TestServer::start(H2Behavior::Flood(flood));
        check(format!("{flood:?}"), Wire::H2C, server.addr().port());
    }
    for hostile in WsHostile::ALL {
        let server = WsTestServer::start(WsBehavior::Hostile(hostile));
        check(format!("{hostile:?}"), Wire::WS, server.addr().port());
    }
}
