//! `--io-uring`: the load models, h2c, pipelining, closing servers and large
//! responses over the io_uring transport, each with exact counts, and the
//! bytes read checked against the same run on epoll; the fallback to epoll.
//!
//! Where io_uring cannot be set up (an old kernel, a seccomp filter) every
//! test says so and checks only the fallback.

use crate::common;

use std::time::Duration;

use barrage_engine::{
    io_uring_unavailable, Arrival, Field, IoKind, LoadSpec, Model, Protocol, Reuse, RunReport,
};
use barrage_testkit::{Behavior, TestServer};

use common::{check_invariants, closed, hello, run, serial, spec, target};

/// False (with a note) where io_uring is unavailable: the test has nothing to check.
fn uring_here() -> bool {
    match io_uring_unavailable() {
        None => true,
        Some(why) => {
            eprintln!("io_uring unavailable here ({why}): skipped");
            false
        }
    }
}

/// Runs `s` on io_uring and checks that it did.
fn run_uring(s: &LoadSpec) -> RunReport {
    let mut s = s.clone();
    s.io = IoKind::IoUring;
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.spec.io, IoKind::IoUring, "the run went through io_uring");
    r
}

/// Runs `s` on epoll (what io_uring's counts are checked against).
fn run_epoll(s: &LoadSpec) -> RunReport {
    let r = run(s);
    check_invariants(&r);
    assert_eq!(r.spec.io, IoKind::Epoll);
    r
}

/// `n` requests over `c` connections, all answered, nothing else.
fn assert_clean(r: &RunReport, n: u64, what: &str) {
    assert_eq!(r.totals.errors, 0, "{what}: {:?}", r.errors);
    assert_eq!(r.totals.requests_sent, n, "{what}");
    assert_eq!(r.totals.responses, n, "{what}");
    assert_eq!(r.status_counts.get("200"), Some(&n), "{what}");
}

#[test]
fn keepalive_closed_loop_counts_every_byte() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    let t = target();
    let mut s = spec(&hello(&t), closed(20));
    s.max_requests = Some(5000);
    let (responses0, connections0) = (t.responses(), t.connections());
    let r = run_uring(&s);
    assert_clean(&r, 5000, "keep-alive");
    assert_eq!(t.responses() - responses0, 5000, "server-side responses");
    assert_eq!(r.connections.opened, 20);
    assert_eq!(
        t.connections() - connections0,
        20,
        "server-side connections"
    );
    assert_eq!(r.connect_us.count, 20);
    let e = run_epoll(&s);
    assert_eq!(r.totals.bytes_read, e.totals.bytes_read, "bytes read");
    assert_eq!(
        r.totals.bytes_written, e.totals.bytes_written,
        "bytes written"
    );
}

#[test]
fn open_loop_sends_its_schedule() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    let t = target();
    let mut s = spec(
        &hello(&t),
        Model::Open {
            rate: barrage_engine::Schedule::constant(2000.0),
            arrival: Arrival::Uniform,
            connections: 10,
            max_connections: 10,
        },
    );
    s.duration = Some(Duration::from_secs(2));
    let responses0 = t.responses();
    let r = run_uring(&s);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    // A uniform schedule of 2000/s over 2 s: 4000 due, each sent and answered.
    assert_eq!(r.totals.requests_sent, 4000);
    assert_eq!(r.totals.responses, 4000);
    assert_eq!(t.responses() - responses0, 4000, "server-side responses");
    let o = r.open_loop.as_ref().expect("open-loop stats");
    assert_eq!(o.unsent, 0);
    assert_eq!(o.send_delay_us.count, 4000);
}

#[test]
fn sessions_complete() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    let t = target();
    let s = spec(
        &hello(&t),
        Model::Sessions {
            conn_rate: barrage_engine::Schedule::constant(200.0),
            arrival: Arrival::Uniform,
            calls: 5,
            sessions: 100,
        },
    );
    let connections0 = t.connections();
    let r = run_uring(&s);
    assert_clean(&r, 500, "sessions");
    let sessions = r.sessions.as_ref().expect("session stats");
    assert_eq!(sessions.completed, 100, "{sessions:?}");
    assert_eq!(sessions.failed, 0, "{sessions:?}");
    assert_eq!(r.connections.opened, 100);
    assert_eq!(
        t.connections() - connections0,
        100,
        "server-side connections"
    );
}

#[test]
fn h2c_streams() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    let t = target();
    let mut s = spec(&hello(&t), closed(4));
    s.protocol = Protocol::H2;
    s.h2.streams = 8;
    s.max_requests = Some(2000);
    let r = run_uring(&s);
    assert_clean(&r, 2000, "h2c");
    let h2 = r.h2.as_ref().expect("h2 report");
    assert_eq!(h2.connections_h2, 4, "{h2:?}");
    // HTTP/2's control frames (window updates, acknowledgements) vary from
    // run to run: the bytes are at least each response's HEADERS and DATA.
    let body = b"Hello World\n".len() as u64;
    assert!(
        r.totals.bytes_read >= 2000 * (body + 2 * 9),
        "{} bytes read",
        r.totals.bytes_read
    );
}

#[test]
fn pipelining() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    let server = TestServer::start(Behavior::Good { body: b"pipelined" });
    let mut s = spec(
        &server.url("/"),
        Model::Closed {
            connections: 4,
            pipeline: 8,
        },
    );
    s.max_requests = Some(4000);
    let r = run_uring(&s);
    assert_clean(&r, 4000, "pipelined");
    assert_eq!(server.requests(), 4000, "server-side requests");
    assert_eq!(server.connections(), 4, "server-side connections");
    let e = run_epoll(&s);
    assert_eq!(r.totals.bytes_read, e.totals.bytes_read, "bytes read");
}

#[test]
fn connection_close_one_connection_per_request() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    let t = target();
    let mut s = spec(&hello(&t), closed(10));
    s.reuse = Reuse::Close;
    s.max_requests = Some(1000);
    let connections0 = t.connections();
    let r = run_uring(&s);
    assert_clean(&r, 1000, "Connection: close");
    assert_eq!(r.connections.opened, 1000);
    assert_eq!(
        t.connections() - connections0,
        1000,
        "server-side connections"
    );
    let e = run_epoll(&s);
    assert_eq!(r.totals.bytes_read, e.totals.bytes_read, "bytes read");
}

#[test]
fn server_closing_mid_response_is_a_read_error() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    let cases = [
        (
            Behavior::EarlyClose { n: 10 },
            "after 10 bytes of a response head",
        ),
        (
            Behavior::ShortBody {
                announced: 100,
                sent: 10,
            },
            "10 of 100",
        ),
    ];
    for (behavior, says) in cases {
        let server = TestServer::start(behavior);
        let mut s = spec(&server.url("/"), closed(2));
        s.duration = Some(Duration::from_millis(500));
        s.timeout = Duration::from_millis(300);
        let r = run_uring(&s);
        assert_eq!(r.totals.responses, 0, "{says}");
        let read = r.errors.get("read").expect("read errors");
        assert!(
            read.count > 0 && read.count == r.totals.errors,
            "{:?}",
            r.errors
        );
        let first = read.first.as_deref().unwrap_or("");
        assert!(first.contains(says), "{first:?} should say {says:?}");
        assert!(server.requests() > 1, "the connections were replaced");
    }
}

#[test]
fn large_responses_span_many_buffers() {
    let _serial = serial();
    if !uring_here() {
        return;
    }
    const MIB: usize = 1 << 20;
    let body: &'static [u8] = Box::leak(vec![b'x'; MIB].into_boxed_slice());
    let server = TestServer::start(Behavior::Good { body });
    let mut s = spec(&server.url("/"), closed(4));
    s.max_requests = Some(100);
    let r = run_uring(&s);
    assert_clean(&r, 100, "1 MiB responses");
    let e = run_epoll(&s);
    assert_eq!(r.totals.bytes_read, e.totals.bytes_read, "bytes read");
    let head = r.totals.bytes_read / 100 - MIB as u64;
    assert!(
        r.totals.bytes_read.is_multiple_of(100) && (20..500).contains(&head),
        "{} bytes read: 100 × (1 MiB + a head)",
        r.totals.bytes_read
    );
}

#[test]
fn tls_and_h3_are_refused() {
    let mut s = LoadSpec::from_url("https://127.0.0.1:1/").expect("a URL");
    s.io = IoKind::IoUring;
    let e = s.validate().expect_err("TLS on io_uring");
    assert_eq!(e.field, Field::Io);
    assert!(e.message.contains("only plain TCP"), "{e}");
    s.protocol = Protocol::H3;
    assert_eq!(s.validate().expect_err("HTTP/3").field, Field::Io);
}

#[test]
fn forced_fallback_runs_on_epoll() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(4));
    s.max_requests = Some(500);
    s.io = IoKind::IoUring;
    std::env::set_var("BARRAGE_NO_IO_URING", "1");
    let why = io_uring_unavailable();
    let r = run(&s);
    std::env::remove_var("BARRAGE_NO_IO_URING");
    assert_eq!(why.as_deref(), Some("BARRAGE_NO_IO_URING is set"));
    check_invariants(&r);
    assert_clean(&r, 500, "fallback");
    assert_eq!(r.spec.io, IoKind::Epoll, "the report says what ran");
}
