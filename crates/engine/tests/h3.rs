//! HTTP/3: every load model against `barrage serve --h3`, the stall that
//! only an open loop sees, and the servers that misbehave (the testkit's
//! HTTP/3 server): resets, closes with an error code, a handshake that never
//! ends, an invalid QPACK block, a stream limit. Every run is bounded and
//! counted by kind. (The one test body over every protocol, h3 included,
//! is in protocols.rs.)

use crate::common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use barrage_engine::{Arrival, LoadSpec, Model, Protocol};
use barrage_target::{Target, TargetConfig, TlsSetup};
use barrage_testkit::h3::{H3Behavior, H3TestServer};

use common::{check_invariants, closed, errors, run, serial, spec};

const MS: u64 = 1000;

/// A CA file for `pem`, removed on drop.
struct Ca(PathBuf);

impl Ca {
    fn new(tag: &str, pem: &str) -> Ca {
        let path =
            std::env::temp_dir().join(format!("barrage-h3-{}-{tag}.pem", std::process::id()));
        std::fs::write(&path, pem).unwrap();
        Ca(path)
    }
}

impl Drop for Ca {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn h3_spec(url: &str, ca: &Ca, model: Model, streams: usize) -> LoadSpec {
    let mut s = spec(url, model);
    s.protocol = Protocol::H3;
    s.h2.streams = streams;
    s.tls.ca_file = Some(ca.0.clone());
    s.timeout = Duration::from_secs(2);
    s
}

fn testkit(behavior: H3Behavior) -> (H3TestServer, Ca) {
    let server = H3TestServer::start(behavior);
    let ca = Ca::new(
        &format!("{:?}", server.addr().port()),
        &server.certificate_pem(),
    );
    (server, ca)
}

/// `barrage serve --tls --h3`, one thread.
fn serve_h3() -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: Some(TlsSetup::SelfSigned),
        h3: true,
    })
    .expect("start barrage serve")
}

#[test]
fn every_load_model_runs_over_h3() {
    let _serial = serial();
    let t = serve_h3();
    let ca = Ca::new("serve", &t.certificate_pem().unwrap());
    let url = format!("https://localhost:{}/hello", t.local_addr().port());

    let mut open = h3_spec(
        &url,
        &ca,
        Model::Open {
            rate: barrage_engine::Schedule::constant(2000.0),
            arrival: Arrival::Poisson { seed: 7 },
            connections: 2,
            max_connections: 2,
        },
        20,
    );
    open.duration = Some(Duration::from_secs(1));
    let r = run(&open);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    let sent = r.totals.requests_sent;
    assert!((1800..=2200).contains(&sent), "open loop: {sent} sent");
    assert_eq!(r.totals.responses, sent);
    assert_eq!(
        r.connections.opened, 2,
        "streams carry the rate: {:?}",
        r.connections
    );
    assert_eq!(r.spec.wire.label(), "h3");

    let mut sessions = h3_spec(
        &url,
        &ca,
        Model::Sessions {
            conn_rate: barrage_engine::Schedule::constant(100.0),
            arrival: Arrival::Uniform,
            calls: 5,
            sessions: 30,
        },
        1,
    );
    sessions.timeout = Duration::from_secs(5);
    let r = run(&sessions);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    let x = r.sessions.as_ref().unwrap();
    assert_eq!((x.completed, x.failed), (30, 0), "{x:?}");
    assert_eq!(r.totals.responses, 150);
    assert_eq!(r.h3.as_ref().unwrap().connections, 30);
    assert_eq!(r.tls.as_ref().unwrap().handshake_us.count, 30);
}

/// `--tls-resume` over h3: a connection resuming a session whose ticket
/// allows early data sends its first requests as 0-RTT data. barrage serve
/// takes it; a server that refuses it gets the same requests again after
/// the handshake, each answered once, no error.
///
/// A connection resumes only if a ticket had arrived when it started, and
/// how many had depends on how fast the handshakes went: on a loaded 2-core
/// machine (a debug build beside other tests) fewer than 50 of 60 at 200
/// sessions/s did. So the sessions start 20 ms apart, the counts that
/// depend on timing need only half, and the exact checks are the ones that
/// hold at any speed: every resumed connection sent early data that was
/// taken, and every connection either resumed or made a full handshake.
#[test]
fn zero_rtt_requests_are_taken_or_sent_again() {
    let _serial = serial();
    // 60 sessions of 3 calls, every response answered and no error.
    let sessions = |url: &str, ca: &Ca, resume: bool| {
        let mut s = h3_spec(
            url,
            ca,
            Model::Sessions {
                conn_rate: barrage_engine::Schedule::constant(50.0),
                arrival: Arrival::Uniform,
                calls: 3,
                sessions: 60,
            },
            1,
        );
        s.tls.resume = resume;
        s.timeout = Duration::from_secs(5);
        let r = run(&s);
        check_invariants(&r);
        assert_eq!(
            (r.totals.errors, r.totals.responses),
            (0, 180),
            "{:?}",
            r.errors
        );
        r
    };

    let t = serve_h3();
    let ca = Ca::new("0rtt", &t.certificate_pem().unwrap());
    let url = format!("https://localhost:{}/hello", t.local_addr().port());
    let r = sessions(&url, &ca, true);
    let h3 = r.h3.unwrap();
    let tls = r.tls.as_ref().unwrap();
    // Every connection but the first resumes, unless its ticket had not
    // arrived when it started.
    assert!(h3.zero_rtt_accepted >= 30, "{h3:?}");
    assert_eq!(h3.zero_rtt_rejected, 0, "{h3:?}");
    assert!(h3.zero_rtt_requests >= h3.zero_rtt_accepted, "{h3:?}");
    assert_eq!(tls.handshakes_resumed, h3.zero_rtt_accepted, "{tls:?}");
    assert_eq!(tls.handshakes_resumed + tls.handshakes_full, 60, "{tls:?}");

    // Without --tls-resume: no ticket is kept, nothing goes early.
    let r = sessions(&url, &ca, false);
    let h3 = r.h3.unwrap();
    assert_eq!(
        (h3.zero_rtt_accepted, h3.zero_rtt_rejected),
        (0, 0),
        "{h3:?}"
    );

    let (server, ca) = testkit(H3Behavior::RefuseEarlyData);
    let r = sessions(&server.url("/"), &ca, true);
    let h3 = r.h3.unwrap();
    assert_eq!(h3.zero_rtt_accepted, 0, "{h3:?}");
    assert!(h3.zero_rtt_rejected >= 30, "{h3:?}");
    // The refused 0-RTT data was never processed: each request answered once.
    assert_eq!(server.responses(), 180);
    assert_eq!(r.tls.as_ref().unwrap().handshakes_resumed, 0);
}

#[test]
fn streams_stay_under_the_servers_limit_and_every_request_is_answered() {
    let _serial = serial();
    let (server, ca) = testkit(H3Behavior::Good {
        max_streams: 3,
        body_bytes: 100,
    });
    let mut s = h3_spec(&server.url("/"), &ca, closed(2), 50);
    s.max_requests = Some(600);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(
        (r.totals.errors, r.totals.responses),
        (0, 600),
        "{:?}",
        r.errors
    );
    assert!(
        server.max_concurrent_seen() <= 3,
        "{}",
        server.max_concurrent_seen()
    );
    assert_eq!(server.responses(), 600);
    assert!(r.totals.bytes_read >= 600 * 100);
}

#[test]
fn reset_streams_are_counted_and_the_rest_answered() {
    let _serial = serial();
    let (server, ca) = testkit(H3Behavior::ResetEvery { every: 10 });
    let mut s = h3_spec(&server.url("/"), &ca, closed(2), 10);
    s.max_requests = Some(500);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(errors(&r, "stream"), 50, "{:?}", r.errors);
    assert_eq!((r.totals.errors, r.totals.responses), (50, 450));
    let first = r.errors["stream"].first.as_deref().unwrap();
    assert!(
        first.contains("reset an HTTP/3 stream") && first.contains("H3_INTERNAL_ERROR"),
        "{first}"
    );
    assert_eq!(r.h3.as_ref().unwrap().streams_reset, 50);
    assert_eq!(server.resets(), 50);
}

#[test]
fn misbehaving_servers_are_errors_of_their_kind_and_never_a_hang() {
    let _serial = serial();
    let cases = [
        (
            H3Behavior::CloseAfter {
                after: 20,
                code: 0x101,
            },
            "protocol",
            "H3_GENERAL_PROTOCOL_ERROR",
        ),
        (
            H3Behavior::BadQpack,
            "protocol",
            "QPACK_DECOMPRESSION_FAILED",
        ),
        (H3Behavior::NoHandshake, "tls", "handshake"),
    ];
    for (behavior, kind, says) in cases {
        let (server, ca) = testkit(behavior);
        let mut s = h3_spec(&server.url("/"), &ca, closed(2), 4);
        s.duration = Some(Duration::from_secs(1));
        s.timeout = Duration::from_millis(500);
        let began = Instant::now();
        let r = run(&s);
        check_invariants(&r);
        assert!(
            began.elapsed() < Duration::from_secs(6),
            "{behavior:?}: no hang"
        );
        assert!(errors(&r, kind) > 0, "{behavior:?}: {:?}", r.errors);
        let first = r.errors[kind].first.as_deref().unwrap();
        assert!(first.contains(says), "{behavior:?}: {first}");
        if let H3Behavior::CloseAfter { .. } = behavior {
            // Connections were replaced and answered again after each close.
            assert!(r.connections.opened >= 2, "{:?}", r.connections);
            assert!(r.totals.responses >= 20, "{:?}", r.totals);
        }
        if behavior == H3Behavior::NoHandshake {
            assert_eq!(r.totals.responses, 0);
            assert_eq!(r.connections.opened, 0, "no handshake completed");
        }
    }
}

#[test]
fn open_loop_sees_an_h3_stall_the_closed_loop_hides() {
    let _serial = serial();
    let stall = H3Behavior::StallOnce {
        after: Duration::from_millis(500),
        stall: Duration::from_secs(1),
    };
    let (server, ca) = testkit(stall);
    let mut open = h3_spec(
        &server.url("/"),
        &ca,
        Model::Open {
            rate: barrage_engine::Schedule::constant(1000.0),
            arrival: Arrival::Uniform,
            connections: 10,
            max_connections: 10,
        },
        20,
    );
    open.duration = Some(Duration::from_secs(3));
    open.timeout = Duration::from_secs(5);
    let o = run(&open);
    drop(server);
    check_invariants(&o);
    assert_eq!(o.totals.errors, 0, "{:?}", o.errors);
    // Requests due during the stall wait on the server with their streams
    // open; timed from their intended start, a second's worth wait up to 1 s.
    let l = &o.latency_us;
    assert!(l.p99 >= 100 * MS, "open loop p99 {} µs", l.p99);
    assert!(l.max >= 900 * MS, "open loop max {} µs", l.max);

    let (server, ca) = testkit(stall);
    let mut c = h3_spec(&server.url("/"), &ca, closed(10), 2);
    c.duration = Some(Duration::from_secs(4));
    c.timeout = Duration::from_secs(5);
    let c = run(&c);
    drop(server);
    check_invariants(&c);
    assert_eq!(c.totals.errors, 0, "{:?}", c.errors);
    assert!(
        c.latency_us.max >= 900 * MS,
        "closed loop max {} µs",
        c.latency_us.max
    );
    assert!(c.totals.responses > 20 * 100, "{}", c.totals.responses);
    // Only the 20 requests in flight waited: the closed loop's p99 hides it.
    assert!(
        c.latency_us.p99 < 500 * MS,
        "closed loop p99 {} µs",
        c.latency_us.p99
    );
    assert!(
        o.latency_us.p99 > 2 * c.latency_us.p99,
        "open {} µs vs closed {} µs",
        o.latency_us.p99,
        c.latency_us.p99
    );
}

#[test]
fn http3_needs_https() {
    let mut s = spec("http://127.0.0.1:1/", closed(1));
    s.protocol = Protocol::H3;
    s.max_requests = Some(1);
    let e = barrage_engine::run(&s, &mut barrage_engine::NoObserver).unwrap_err();
    assert!(e.message.contains("https://"), "{}", e.message);
}

/// oha (quinn + h3, built by scripts/setup.sh) is an independent HTTP/3
/// client: against the same `barrage serve --h3`, it and barrage both get
/// every response of a fixed count, with the same status and body size.
#[test]
#[ignore = "needs oha with http3 (scripts/test.sh runs it)"]
fn oha_and_barrage_agree_over_h3() {
    let oha = common::external::binary("BARRAGE_OHA", "oha");
    let _serial = serial();
    let t = serve_h3();
    let url = format!("https://127.0.0.1:{}/static/4k", t.local_addr().port());
    let out = std::process::Command::new(&oha)
        .args([
            "--no-tui",
            "--output-format",
            "json",
            "--http-version",
            "3",
            "--insecure",
        ])
        .args(["-n", "2000", "-c", "10", "-p", "10", &url])
        .output()
        .expect("run oha");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("oha's JSON");
    assert_eq!(json["statusCodeDistribution"]["200"], 2000, "{json}");
    assert_eq!(json["summary"]["sizePerRequest"], 4096, "{json}");

    let ca = Ca::new("oha", &t.certificate_pem().unwrap());
    let mut s = h3_spec(&url, &ca, closed(10), 10);
    s.tls.server_name = Some("localhost".into());
    s.max_requests = Some(2000);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(
        (r.totals.errors, r.totals.responses),
        (0, 2000),
        "{:?}",
        r.errors
    );
    assert_eq!(r.status_counts.get("200"), Some(&2000));
    assert!(r.totals.bytes_read >= 2000 * 4096);
}
