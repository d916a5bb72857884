//! Servers that misbehave: coordinated omission (a server that stalls once)
//! and every kind of error, each against a testkit server.

use crate::common;

use std::time::{Duration, Instant};

use barrage_engine::{Arrival, LoadSpec, Model, RunReport, StopReason};
use barrage_testkit::{closed_port, Behavior, TestServer};

use common::{check_invariants, closed, error_kinds, errors, run, serial, spec};

const MS: u64 = 1000;

#[test]
fn open_loop_sees_a_stall_the_closed_loop_hides() {
    let _serial = serial();
    let stall = Behavior::StallOnce {
        after: Duration::from_millis(500),
        stall: Duration::from_secs(1),
    };

    let server = TestServer::start(stall);
    let mut open = spec(
        &server.url("/"),
        Model::Open {
            rate: barrage_engine::Schedule::constant(1000.0),
            arrival: Arrival::Uniform,
            connections: 20,
            max_connections: 20,
        },
    );
    open.duration = Some(Duration::from_secs(3));
    open.timeout = Duration::from_secs(5);
    let o = run(&open);
    drop(server);
    check_invariants(&o);
    assert_eq!(o.totals.errors, 0, "{:?}", o.errors);
    // Every request due during the stall is sent after it, late, and timed
    // from when it was due: about a second's worth of requests wait up to 1 s.
    // (At least those due by the stall's end, 1.5 s in, are sent in the
    // 3 s run: a count, not a speed, that a loaded machine keeps.)
    assert!(
        o.totals.requests_sent >= 1500,
        "the backlog is sent after the stall: {}",
        o.totals.requests_sent
    );
    let l = &o.latency_us;
    assert!(l.p99 >= 100 * MS, "open loop p99 {} µs", l.p99);
    assert!(l.p99_9 >= 500 * MS, "open loop p99.9 {} µs", l.p99_9);
    assert!(l.max >= 900 * MS, "open loop max {} µs", l.max);
    let sched = o.open_loop.as_ref().expect("open-loop stats");
    assert!(sched.late_sends > 100, "{sched:?}");
    assert!(sched.send_delay_us.max >= 500 * MS, "{sched:?}");

    let server = TestServer::start(stall);
    let mut closed_loop = spec(&server.url("/"), closed(20));
    // 0.5 s, the 1 s stall, then 2.5 s: time for enough samples even on a
    // loaded machine.
    closed_loop.duration = Some(Duration::from_secs(4));
    closed_loop.timeout = Duration::from_secs(5);
    let c = run(&closed_loop);
    drop(server);
    check_invariants(&c);
    assert_eq!(c.totals.errors, 0, "{:?}", c.errors);
    // The 20 requests in flight when the stall began waited it out...
    assert!(
        c.latency_us.max >= 900 * MS,
        "closed loop max {} µs",
        c.latency_us.max
    );
    // ...and they are the only slow samples among thousands: the percentiles
    // hide the stall. (Under half the stall: a bound a loaded machine keeps,
    // that 1% of samples waiting it out would break.)
    assert!(
        c.totals.responses > 20 * 100,
        "enough samples for p99 to mean something: {}",
        c.totals.responses
    );
    assert!(
        c.latency_us.p99 < 500 * MS,
        "closed loop p99 {} µs",
        c.latency_us.p99
    );
}

/// A closed loop of 2 connections for `duration` with a 300 ms timeout against `behavior`.
fn fault_run(behavior: Behavior, duration: Duration) -> (RunReport, Duration, TestServer) {
    let server = TestServer::start(behavior);
    let s = fault_spec(&server.url("/"), duration);
    let began = Instant::now();
    let r = run(&s);
    let took = began.elapsed();
    check_invariants(&r);
    (r, took, server)
}

fn fault_spec(url: &str, duration: Duration) -> LoadSpec {
    let mut s = spec(url, closed(2));
    s.duration = Some(duration);
    s.timeout = Duration::from_millis(300);
    s
}

/// Asserts `kind` was counted, with a first message containing `says`, and
/// that every kind counted is in `allowed`.
fn assert_errors(r: &RunReport, kind: &str, says: &str, allowed: &[&str]) {
    assert!(errors(r, kind) > 0, "no {kind} error: {:?}", r.errors);
    let first = r.errors[kind].first.as_deref().unwrap_or("");
    assert!(
        first.contains(says),
        "errors[{kind}].first = {first:?}, should mention {says:?}"
    );
    for k in error_kinds(r) {
        assert!(
            allowed.contains(&k),
            "unexpected {k} errors: {:?}",
            r.errors
        );
    }
}

#[test]
fn reset_is_a_reset_error() {
    let _serial = serial();
    let (r, _, server) = fault_run(Behavior::Reset, Duration::from_secs(1));
    assert_errors(&r, "reset", "reset", &["reset"]);
    assert_eq!(r.totals.responses, 0);
    assert!(server.requests() > 0);
}

#[test]
fn garbage_is_a_protocol_error() {
    let _serial = serial();
    let (r, _, _server) = fault_run(
        Behavior::Garbage {
            garbage: b"HTPT/9 abc\r\n\r\n",
        },
        Duration::from_secs(1),
    );
    assert_errors(&r, "protocol", "not an HTTP/1 response", &["protocol"]);
    assert_eq!(r.totals.responses, 0);
}

#[test]
fn early_close_is_a_read_error() {
    let _serial = serial();
    let (r, _, _server) = fault_run(Behavior::EarlyClose { n: 10 }, Duration::from_secs(1));
    assert_errors(&r, "read", "after 10 bytes of a response head", &["read"]);
    assert_eq!(r.totals.responses, 0);
}

#[test]
fn short_body_is_a_read_error() {
    let _serial = serial();
    let (r, _, _server) = fault_run(
        Behavior::ShortBody {
            announced: 100,
            sent: 10,
        },
        Duration::from_secs(1),
    );
    assert_errors(&r, "read", "10 of 100", &["read"]);
    assert_eq!(r.totals.responses, 0);
}

#[test]
fn silence_is_a_timeout_error() {
    let _serial = serial();
    let duration = Duration::from_secs(1);
    let (r, took, _server) = fault_run(Behavior::NeverAnswers, duration);
    assert_errors(&r, "timeout", "no response within 300ms", &["timeout"]);
    assert_eq!(r.totals.responses, 0);
    // Nothing answered for a whole timeout while errors came: the engine may
    // stop early as unreachable; at the latest, the run lasts its duration and
    // then waits at most a timeout for the requests in flight.
    assert!(
        matches!(
            r.stop_reason,
            StopReason::Unreachable | StopReason::Duration
        ),
        "{:?}",
        r.stop_reason
    );
    // Generous slack for a loaded 2-core machine; a hang still fails.
    let bound = duration + Duration::from_millis(300) + Duration::from_secs(3);
    assert!(
        took < bound,
        "took {took:?}, more than duration + timeout + slack"
    );
}

#[test]
fn refused_connections_stop_the_run_as_unreachable() {
    let _serial = serial();
    let url = format!("http://127.0.0.1:{}/", closed_port());
    // A long duration: only the unreachable stop ends this run early.
    let s = fault_spec(&url, Duration::from_secs(5));
    let began = Instant::now();
    let r = run(&s);
    let took = began.elapsed();
    check_invariants(&r);
    assert_errors(&r, "connect", "refused", &["connect"]);
    assert_eq!(r.totals.responses, 0);
    assert_eq!(r.totals.requests_sent, 0);
    assert_eq!(r.connections.opened, 0);
    assert_eq!(r.stop_reason, StopReason::Unreachable);
    // The stop reason above says why it ended; this bound (well under the
    // 5 s duration, generous for a loaded machine) says it ended early.
    assert!(
        took < Duration::from_secs(3),
        "took {took:?}: the run should stop after about one timeout (300 ms) without progress"
    );
    // Refused connections are retried after a growing pause (10 ms, 20 ms, ...), not
    // at once: in 300 ms, two connections make a handful of attempts each.
    assert!(
        errors(&r, "connect") <= 40,
        "a refused target is hammered: {} connect errors in {took:?}",
        errors(&r, "connect")
    );
}

#[test]
fn close_on_accept_is_survived() {
    let _serial = serial();
    let (r, took, server) = fault_run(Behavior::CloseOnAccept, Duration::from_millis(500));
    assert_eq!(r.totals.responses, 0);
    assert!(
        errors(&r, "read") + errors(&r, "reset") > 0,
        "closes are read or reset errors: {:?}",
        r.errors
    );
    for k in error_kinds(&r) {
        assert!(
            ["read", "reset", "write"].contains(&k),
            "unexpected {k} errors: {:?}",
            r.errors
        );
    }
    assert!(server.connections() > 0);
    assert!(
        took < Duration::from_millis(500 + 300) + Duration::from_secs(3),
        "took {took:?}: duration + timeout + slack"
    );
}
