//! gRPC load end to end against `barrage serve --grpc` (tonic, an
//! independent implementation): each call shape, unary counts exact with a
//! budget, bidi streams counted per message in a closed and an open loop,
//! non-OK statuses counted by code, and TLS with ALPN h2.

use std::path::PathBuf;
use std::time::Duration;

use crate::common::{check_invariants, closed, errors, run, serial, spec};
use barrage_engine::{GrpcOptions, GrpcUnit, LoadSpec, Model, Protocol, RunReport};
use barrage_target::{Services, Target, TargetConfig, TlsSetup};

fn bench_target(tls: bool) -> Target {
    let cfg = TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: tls.then_some(TlsSetup::SelfSigned),
        h3: false,
    };
    let services = Services {
        database: None,
        grpc: true,
    };
    Target::start_with(cfg, services).expect("start barrage serve --grpc")
}

fn proto() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../proto/bench.proto")
}

/// A gRPC spec calling `method` of the Bench service with `data`, `-m` calls per connection.
fn grpc_spec(t: &Target, method: &str, data: &str, model: Model, in_flight: usize) -> LoadSpec {
    let schema = barrage_grpc::Schema::compile(&[proto()], &[]).expect("bench.proto compiles");
    let call = format!("barrage.bench.v1.Bench/{method}");
    let shape = schema.method(&call).expect("the method exists").shape();
    let mut s = spec(&format!("http://{}/", t.local_addr()), model);
    s.protocol = Protocol::Grpc;
    s.h2.streams = in_flight;
    s.grpc = GrpcOptions {
        call,
        shape,
        descriptor_set: schema.descriptor_set(),
        data: data.into(),
        stream_messages: None,
        unit: if method == "Chat" {
            GrpcUnit::Message
        } else {
            GrpcUnit::Call
        },
    };
    s
}

fn grpc(r: &RunReport) -> &barrage_engine::GrpcReport {
    r.grpc.as_ref().expect("a gRPC run has its grpc section")
}

fn ok_calls(r: &RunReport) -> u64 {
    grpc(r).status.get("0").map_or(0, |c| c.count)
}

#[test]
fn unary_calls_are_counted_exactly_with_a_budget() {
    let _g = serial();
    let t = bench_target(false);
    let mut s = grpc_spec(&t, "Echo", r#"{"payload":"aGVsbG8="}"#, closed(2), 8);
    s.max_requests = Some(500);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!((r.totals.requests_sent, r.totals.responses), (500, 500));
    let g = grpc(&r);
    assert_eq!(
        (g.calls_started, g.calls_ended, ok_calls(&r)),
        (500, 500, 500)
    );
    assert_eq!((g.messages_sent, g.messages_received), (500, 500));
    assert_eq!(
        (g.payload_bytes_sent, g.payload_bytes_received),
        (3500, 3500)
    );
    assert_eq!(r.status_counts.get("200"), Some(&500));
    assert_eq!(
        r.histograms.grpc_call_us.as_ref().map(|h| h.len()),
        Some(500)
    );
    assert_eq!(r.spec.grpc.as_ref().unwrap().request_bytes, 7);
}

#[test]
fn server_client_and_bidi_call_shapes_count_their_messages() {
    let _g = serial();
    let t = bench_target(false);
    // Server streaming: 4 replies a call, each timed.
    let mut s = grpc_spec(&t, "Stream", r#"{"count":4,"size":16}"#, closed(1), 4);
    s.max_requests = Some(50);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(
        (r.totals.responses, ok_calls(&r)),
        (50, 50),
        "{:?}",
        r.errors
    );
    assert_eq!(grpc(&r).messages_received, 200);
    assert_eq!(
        r.histograms.grpc_message_us.as_ref().map(|h| h.len()),
        Some(200)
    );
    // Client streaming: the data's three messages a call, one reply.
    let sum = r#"[{"value":1},{"value":2},{"value":3}]"#;
    let mut s = grpc_spec(&t, "Sum", sum, closed(1), 4);
    s.max_requests = Some(50);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(
        (ok_calls(&r), grpc(&r).messages_sent),
        (50, 150),
        "{:?}",
        r.errors
    );
    assert_eq!(grpc(&r).messages_received, 50);
    // Bidi as calls: --stream-messages 5 of the data's two, each echoed.
    let chat = r#"[{"payload":"aGk="},{"seq":"{{.RequestNumber}}"}]"#;
    let mut s = grpc_spec(&t, "Chat", chat, closed(1), 4);
    s.grpc.unit = GrpcUnit::Call;
    s.grpc.stream_messages = Some(5);
    s.max_requests = Some(40);
    let r = run(&s);
    check_invariants(&r);
    let g = grpc(&r);
    assert_eq!(
        (ok_calls(&r), g.messages_sent, g.messages_received),
        (40, 200, 200)
    );
}

#[test]
fn bidi_messages_are_the_unit_in_a_closed_and_an_open_loop() {
    let _g = serial();
    let t = bench_target(false);
    let mut s = grpc_spec(&t, "Chat", r#"{"payload":"aGk="}"#, closed(2), 3);
    s.max_requests = Some(300);
    s.grpc.stream_messages = Some(7);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!((r.totals.requests_sent, r.totals.responses), (300, 300));
    let g = grpc(&r);
    assert_eq!((g.messages_sent, g.messages_received), (300, 300));
    // Calls end after 7 messages, the rest at the run's end: all with OK.
    assert_eq!(g.calls_started, g.calls_ended);
    assert!(g.calls_started >= 300 / 7, "{g:?}");
    assert_eq!(
        r.histograms.grpc_message_us.as_ref().map(|h| h.len()),
        Some(300)
    );
    // Open loop: 200 messages/s for 1 s on 2 long-lived calls per connection.
    let open = Model::Open {
        rate: barrage_engine::Schedule::constant(200.0),
        arrival: barrage_engine::Arrival::Uniform,
        connections: 1,
        max_connections: 2,
    };
    let mut s = grpc_spec(&t, "Chat", r#"{"payload":"aGk="}"#, open, 2);
    s.duration = Some(Duration::from_secs(1));
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, r.totals.requests_sent);
    assert!(r.totals.requests_sent >= 190, "{:?}", r.totals);
    let g = grpc(&r);
    assert_eq!(
        g.calls_started, g.calls_ended,
        "every call ends at the goodbye"
    );
    assert!(
        g.calls_started <= 4,
        "long-lived calls, not one per message: {g:?}"
    );
}

#[test]
fn non_ok_statuses_are_errors_counted_by_code() {
    let _g = serial();
    let t = bench_target(false);
    // Past the server's cap on count: INVALID_ARGUMENT.
    let mut s = grpc_spec(&t, "Stream", r#"{"count":2000000,"size":1}"#, closed(1), 2);
    s.max_requests = Some(20);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!((r.totals.responses, errors(&r, "grpc_status")), (0, 20));
    let first = r.errors["grpc_status"].first.as_deref().unwrap();
    assert!(first.starts_with("INVALID_ARGUMENT: "), "{first}");
    let invalid = &grpc(&r).status["3"];
    assert_eq!(
        (invalid.name.as_str(), invalid.count),
        ("INVALID_ARGUMENT", 20)
    );
    assert_eq!(grpc(&r).failed_calls(), 20);
}

#[test]
fn unary_over_tls_with_alpn_h2() {
    let _g = serial();
    let t = bench_target(true);
    let mut s = grpc_spec(&t, "Echo", "{}", closed(1), 4);
    s.target = LoadSpec::from_url(&format!("https://localhost:{}/", t.local_addr().port()))
        .unwrap()
        .target;
    s.target.addr = t.local_addr();
    s.tls.insecure = true;
    s.max_requests = Some(100);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(
        (r.totals.responses, ok_calls(&r)),
        (100, 100),
        "{:?}",
        r.errors
    );
    assert_eq!(r.tls.as_ref().unwrap().alpn.as_deref(), Some("h2"));
}

#[test]
fn specs_a_grpc_run_cannot_carry_are_refused() {
    let t = bench_target(false);
    let mut s = grpc_spec(&t, "Echo", "{}", closed(1), 1);
    s.max_requests = Some(1);
    assert_eq!(s.validate(), Ok(()));
    s.grpc.unit = GrpcUnit::Message;
    let e = s.validate().unwrap_err();
    assert!(e.message.contains("bidirectional"), "{}", e.message);
    s.grpc.unit = GrpcUnit::Call;
    s.grpc.stream_messages = Some(0);
    assert!(s.validate().is_err());
    s.grpc.stream_messages = None;
    s.grpc.call = "barrage.bench.v1.Bench/Nope".into();
    let e = barrage_engine::run(&s, &mut barrage_engine::NoObserver).unwrap_err();
    assert!(e.message.contains("Nope"), "{}", e.message);
}

#[test]
fn a_tls_server_that_does_not_choose_h2_stops_the_run_at_once() {
    let _g = serial();
    let mut config = crate::common::self_signed_tls();
    // No ALPN at all (a server offering only http/1.1 refuses in the
    // handshake instead: rustls sends no_application_protocol, a TLS error).
    config.alpn_protocols = Vec::new();
    let config = std::sync::Arc::new(config);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for tcp in listener.incoming().take(4) {
            let Ok(mut tcp) = tcp else { continue };
            let config = config.clone();
            std::thread::spawn(move || {
                let mut conn = rustls::ServerConnection::new(config).unwrap();
                while conn.is_handshaking() {
                    if conn.complete_io(&mut tcp).is_err() {
                        return;
                    }
                }
                std::thread::sleep(Duration::from_secs(2));
            });
        }
    });
    let t = bench_target(false); // for the schema's spec only
    let mut s = grpc_spec(&t, "Echo", "{}", closed(1), 1);
    s.target = LoadSpec::from_url(&format!("https://localhost:{}/", addr.port()))
        .unwrap()
        .target;
    s.target.addr = addr;
    s.tls.insecure = true;
    s.max_requests = Some(10);
    let r = run(&s);
    assert_eq!(r.totals.responses, 0);
    assert_eq!(errors(&r, "protocol"), 1, "{:?}", r.errors);
    let first = r.errors["protocol"].first.as_deref().unwrap();
    assert!(
        first.contains("ALPN") && first.contains("no protocol"),
        "{first}"
    );
}
