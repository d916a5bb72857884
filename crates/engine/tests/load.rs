//! The load models against the reference server (and the testkit's correct
//! server for pipelining): counts checked against what the server saw.

use crate::common;

use std::time::{Duration, Instant};

use barrage_engine::{Arrival, LoadSpec, Model, Reuse, StopReason};
use barrage_testkit::{Behavior, TestServer};

use common::{check_invariants, closed, hello, run, serial, spec, target};

#[test]
fn closed_loop_keepalive_request_budget() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(20));
    s.max_requests = Some(5000);
    let (responses0, connections0) = (t.responses(), t.connections());
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.stop_reason, StopReason::Requests);
    assert_eq!(r.totals.requests_sent, 5000);
    assert_eq!(r.totals.responses, 5000);
    assert_eq!(t.responses() - responses0, 5000, "server-side responses");
    assert_eq!(r.connections.opened, 20);
    assert_eq!(
        t.connections() - connections0,
        20,
        "server-side connections"
    );
    assert_eq!(r.status_counts.len(), 1, "{:?}", r.status_counts);
    assert_eq!(r.status_counts.get("200"), Some(&5000));
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses_not_2xx_3xx, 0);
    assert_eq!(r.latency_us.count, 5000);
    assert!(r.latency_us.min <= r.latency_us.p50 && r.latency_us.p50 <= r.latency_us.max);
    assert_eq!(r.connect_us.count, 20, "one connect time per connection");
    assert!(r.totals.bytes_written > 0 && r.totals.bytes_read > 0);
    assert_eq!(r.spec.model.name(), "closed");
    assert_eq!(r.spec.requests, Some(5000));
}

#[test]
fn no_keepalive_one_connection_per_request() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(10));
    s.reuse = Reuse::Close;
    s.max_requests = Some(2000);
    let (responses0, connections0) = (t.responses(), t.connections());
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, 2000);
    assert_eq!(t.responses() - responses0, 2000);
    assert_eq!(r.connections.opened, 2000, "a connection per request");
    assert_eq!(
        t.connections() - connections0,
        2000,
        "server-side connections: one per request, none opened for nothing"
    );
    assert!(!r.spec.keepalive);
}

#[test]
fn http10_with_and_without_keepalive() {
    let _serial = serial();
    let t = target();
    for (keepalive, n, c) in [(false, 1000u64, 10usize), (true, 1000, 10)] {
        let mut s = spec(&hello(&t), closed(c));
        s.reuse = Reuse::Http10 { keepalive };
        s.max_requests = Some(n);
        let (responses0, connections0) = (t.responses(), t.connections());
        let r = run(&s);
        check_invariants(&r);
        assert_eq!(r.totals.errors, 0, "keepalive {keepalive}: {:?}", r.errors);
        assert_eq!(r.totals.responses, n, "keepalive {keepalive}");
        assert_eq!(t.responses() - responses0, n, "keepalive {keepalive}");
        let want = if keepalive { c as u64 } else { n };
        assert_eq!(r.connections.opened, want, "keepalive {keepalive}");
        assert_eq!(
            t.connections() - connections0,
            want,
            "server-side connections, keepalive {keepalive}"
        );
        assert_eq!(r.spec.wire.label(), "HTTP/1.0");
        assert_eq!(r.spec.keepalive, keepalive);
    }
}

#[test]
fn sessions_are_paced_and_complete() {
    let _serial = serial();
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
    let (responses0, connections0) = (t.responses(), t.connections());
    let began = Instant::now();
    let r = run(&s);
    let took = began.elapsed();
    check_invariants(&r);
    assert_eq!(r.stop_reason, StopReason::Sessions);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, 500);
    assert_eq!(t.responses() - responses0, 500);
    assert_eq!(r.connections.opened, 100);
    assert_eq!(t.connections() - connections0, 100);
    let x = r.sessions.as_ref().expect("session stats");
    assert_eq!(
        (x.planned, x.started, x.completed, x.failed),
        (100, 100, 100, 0)
    );
    assert_eq!(x.calls_per_session, 5);
    // The last of 100 arrivals at 200/s is due at 0.495 s: the schedule,
    // not the server, sets the length of this run.
    assert!(took >= Duration::from_millis(400), "took {took:?}");
    assert!(r.totals.elapsed_s >= 0.4, "{}", r.totals.elapsed_s);
}

#[test]
fn pipelining_against_a_pipelining_server() {
    let _serial = serial();
    let server = TestServer::start(Behavior::Good { body: b"pipelined" });
    let mut s = spec(
        &server.url("/"),
        Model::Closed {
            connections: 4,
            pipeline: 8,
        },
    );
    s.max_requests = Some(4000);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, 4000);
    assert_eq!(server.requests(), 4000, "server-side requests");
    assert_eq!(server.responses(), 4000, "server-side responses");
    assert_eq!(r.connections.opened, 4);
    assert_eq!(server.connections(), 4, "server-side connections");
    assert_eq!(r.spec.pipeline, Some(8));
}

fn open_loop(url: &str, rate: f64, arrival: Arrival, connections: usize) -> LoadSpec {
    let mut s = spec(
        url,
        Model::Open {
            rate: barrage_engine::Schedule::constant(rate),
            arrival,
            connections,
            max_connections: connections,
        },
    );
    s.duration = Some(Duration::from_secs(2));
    s
}

#[test]
fn open_loop_keeps_its_rate() {
    let _serial = serial();
    let t = target();
    let cases = [
        (Arrival::Uniform, 0.02),
        (Arrival::Poisson { seed: 7 }, 0.10),
    ];
    for (arrival, tolerance) in cases {
        let s = open_loop(&hello(&t), 2000.0, arrival, 20);
        let r = run(&s);
        check_invariants(&r);
        let name = arrival.name();
        assert_eq!(r.stop_reason, StopReason::Duration, "{name}");
        assert_eq!(r.totals.errors, 0, "{name}: {:?}", r.errors);
        let sent = r.totals.requests_sent as f64;
        assert!(
            (sent - 4000.0).abs() <= 4000.0 * tolerance,
            "{name}: {sent} requests sent, want 4000 ± {}%",
            tolerance * 100.0
        );
        let o = r.open_loop.as_ref().expect("open-loop stats");
        assert_eq!(o.unsent, 0, "{name}: every due request found a connection");
        assert_eq!(o.target_rate_per_s, 2000.0);
        assert_eq!(o.send_delay_us.count, r.totals.requests_sent, "{name}");
        assert_eq!(r.spec.arrival.map(|a| a.name()), Some(name));
    }
}

#[test]
fn warmup_is_not_recorded() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(4));
    s.warmup = Duration::from_millis(500);
    s.duration = Some(Duration::from_secs(1));
    let responses0 = t.responses();
    let r = run(&s);
    let served = t.responses() - responses0;
    check_invariants(&r);
    assert_eq!(r.stop_reason, StopReason::Duration);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert!(
        (r.totals.elapsed_s - 1.0).abs() < 1e-6,
        "{}",
        r.totals.elapsed_s
    );
    assert!(
        (1..=2).contains(&r.series.len()),
        "one measured second (and maybe a final partial window), not the warm-up: {:?}",
        r.series
    );
    assert_eq!(r.series[0].t_s, 0);
    // The server answered during 1.5 s, the report covers 1 s of it: about 2/3.
    assert!(r.totals.responses > 0);
    let share = r.totals.responses as f64 / served as f64;
    assert!(
        (0.4..0.9).contains(&share),
        "the report has {} of the {served} responses served ({share:.2}); the warm-up's must not count",
        r.totals.responses
    );
    assert_eq!(r.spec.warmup_s, 0.5);
}

#[test]
fn histograms_merge_across_threads() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(8));
    s.threads = 2;
    s.max_requests = Some(10_000);
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, 10_000);
    assert_eq!(r.latency_us.count, 10_000);
    let h = &r.histograms.latency_us;
    assert_eq!(h.len(), r.totals.responses);
    assert_eq!(h.max(), r.latency_us.max);
    assert_eq!(h.min(), r.latency_us.min);
    assert_eq!(h.value_at_quantile(0.99), r.latency_us.p99);
    let c = &r.histograms.connect_us;
    assert_eq!(c.len(), 8, "one connect time per connection");
}

#[test]
fn per_second_series() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(2));
    s.threads = 2;
    s.duration = Some(Duration::from_secs(3));
    let r = run(&s);
    check_invariants(&r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert!(
        (3..=4).contains(&r.series.len()),
        "3 s: three windows, maybe a final partial one: {:?}",
        r.series
    );
    for (i, w) in r.series.iter().enumerate() {
        assert_eq!(w.t_s as usize, i, "{:?}", r.series);
    }
    for w in &r.series[..3] {
        assert!(
            w.responses > 0,
            "every full second saw responses: {:?}",
            r.series
        );
        assert!(w.p50_us <= w.p99_us && w.p99_us <= w.max_us, "{w:?}");
    }
    let sum: u64 = r.series.iter().map(|w| w.responses).sum();
    assert_eq!(sum, r.totals.responses);
}

#[test]
fn bad_specs_are_refused_before_any_load() {
    let _serial = serial();
    let t = target();
    let url = hello(&t);
    let open = |rate_per_s: f64| Model::Open {
        rate: barrage_engine::Schedule::constant(rate_per_s),
        arrival: Arrival::Uniform,
        connections: 1,
        max_connections: 1,
    };
    let mut cases: Vec<(&str, LoadSpec)> = Vec::new();
    let mut add = |name, model: Model, edit: &dyn Fn(&mut LoadSpec)| {
        let mut s = spec(&url, model);
        s.duration = Some(Duration::from_secs(1));
        edit(&mut s);
        cases.push((name, s));
    };
    add("0 connections", closed(0), &|_| {});
    add("rate 0", open(0.0), &|_| {});
    add("negative rate", open(-5.0), &|_| {});
    add("NaN rate", open(f64::NAN), &|_| {});
    add(
        "open loop max below initial",
        Model::Open {
            rate: barrage_engine::Schedule::constant(10.0),
            arrival: Arrival::Uniform,
            connections: 4,
            max_connections: 2,
        },
        &|_| {},
    );
    add("0 threads", closed(1), &|s| s.threads = 0);
    add("0 requests", closed(1), &|s| s.max_requests = Some(0));
    add("0 duration", closed(1), &|s| {
        s.duration = Some(Duration::ZERO)
    });
    add("no end", closed(1), &|s| s.duration = None);
    add("0 timeout", closed(1), &|s| s.timeout = Duration::ZERO);
    add("no request", closed(1), &|s| s.requests.clear());
    add(
        "pipelining without keep-alive",
        Model::Closed {
            connections: 1,
            pipeline: 4,
        },
        &|s| s.reuse = Reuse::Close,
    );
    add(
        "0 calls",
        Model::Sessions {
            conn_rate: barrage_engine::Schedule::constant(10.0),
            arrival: Arrival::Uniform,
            calls: 0,
            sessions: 1,
        },
        &|_| {},
    );
    add(
        "0 sessions",
        Model::Sessions {
            conn_rate: barrage_engine::Schedule::constant(10.0),
            arrival: Arrival::Uniform,
            calls: 1,
            sessions: 0,
        },
        &|_| {},
    );
    for (name, s) in &cases {
        // An error, not a report: refused before any load ran.
        let e = barrage_engine::run(s, &mut barrage_engine::NoObserver)
            .expect_err(&format!("{name}: must be refused"));
        assert!(!e.message.is_empty(), "{name}: the error says why");
    }
    assert_eq!(t.connections(), 0, "no spec reached the server");

    for (url, says) in [
        (
            "http://no-such-host.invalid/",
            "cannot resolve host \"no-such-host.invalid\"",
        ),
        ("ftp://127.0.0.1/", "unknown scheme"),
        ("127.0.0.1:8080", "invalid URL"),
    ] {
        let e = LoadSpec::from_url(url).expect_err(url);
        assert!(e.message.contains(says), "{url}: {e}");
    }
}
