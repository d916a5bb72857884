//! The engine's script interface, with scripts written in Rust (the Lua
//! ones are barrage-script's): batches of pipelined requests, responses
//! handed over with their heads and bodies, think time, a per-worker
//! address, a stop from the script, and a failing hook ending the run with
//! what was measured kept.

use crate::common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use barrage_engine::script::{ScriptResponse, Scripting, WorkerScript};
use barrage_engine::{LoadSpec, Model, NoObserver, RunReport, StopReason};
use common::{closed, hello, serial, spec, target};

/// What the fake script does, and what it saw.
#[derive(Default)]
struct Plan {
    /// Requests per send (pipelined in one write).
    batch: usize,
    /// Fixed bytes (no request() per send).
    fixed: bool,
    /// Fail the request() call after this many.
    fail_after: Option<u64>,
    /// thread:stop() after this many responses.
    stop_after: Option<u64>,
    delay: Option<Duration>,
    keep: bool,
    addr: Option<SocketAddr>,
    calls: AtomicU64,
    responses: AtomicU64,
    /// Responses whose body was the contract's "Hello, World!" (or any
    /// non-empty body) and which had a Content-Length header.
    whole: AtomicU64,
    stopped: AtomicBool,
}

struct Fake(Arc<Plan>, Vec<u8>);

impl Scripting for Fake {
    fn worker(&mut self, _id: usize, _workers: usize) -> Result<Box<dyn WorkerScript>, String> {
        Ok(Box::new(Fake(self.0.clone(), self.1.clone())))
    }
}

impl WorkerScript for Fake {
    fn addr(&self) -> Option<SocketAddr> {
        self.0.addr
    }
    fn fixed_request(&self) -> Option<Vec<u8>> {
        self.0.fixed.then(|| self.1.repeat(self.0.batch))
    }
    fn request(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        let n = self.0.calls.fetch_add(1, Ordering::Relaxed) + 1;
        if self.0.fail_after.is_some_and(|f| n > f) {
            return Err("fake.lua:7: boom".into());
        }
        for _ in 0..self.0.batch {
            out.extend_from_slice(&self.1);
        }
        Ok(())
    }
    fn wants_responses(&self) -> bool {
        self.0.keep
    }
    fn response(&mut self, r: ScriptResponse<'_>) -> Result<(), String> {
        let n = self.0.responses.fetch_add(1, Ordering::Relaxed) + 1;
        let length = r
            .headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(b"content-length"));
        if r.status == 200 && length && !r.body.is_empty() {
            self.0.whole.fetch_add(1, Ordering::Relaxed);
        }
        if self.0.stop_after.is_some_and(|s| n >= s) {
            self.0.stopped.store(true, Ordering::Relaxed);
        }
        Ok(())
    }
    fn has_delay(&self) -> bool {
        self.0.delay.is_some()
    }
    fn delay(&mut self) -> Result<Duration, String> {
        Ok(self.0.delay.unwrap_or_default())
    }
    fn stopped(&self) -> bool {
        self.0.stopped.load(Ordering::Relaxed)
    }
}

fn scripted(spec: &LoadSpec, plan: &Arc<Plan>, host: &str) -> RunReport {
    let request = format!("GET /hello HTTP/1.1\r\nHost: {host}\r\n\r\n").into_bytes();
    let mut fake = Fake(plan.clone(), request);
    barrage_engine::run_scripted(
        spec,
        &mut NoObserver,
        Arc::new(AtomicBool::new(false)),
        Some(&mut fake),
    )
    .expect("a valid spec")
}

#[test]
fn batches_are_pipelined_and_every_response_is_counted() {
    let _serial = serial();
    let t = target();
    let url = hello(&t);
    let mut s = spec(&url, closed(2));
    s.max_requests = Some(1600);
    let host = t.local_addr().to_string();
    for fixed in [false, true] {
        let plan = Arc::new(Plan {
            batch: 16,
            fixed,
            keep: true,
            ..Plan::default()
        });
        let before = t.responses();
        let r = scripted(&s, &plan, &host);
        assert_eq!(r.stop_reason, StopReason::Requests, "{r:#?}");
        assert_eq!(r.totals.requests_sent, 1600);
        assert_eq!(r.totals.responses, 1600);
        assert_eq!(t.responses() - before, 1600);
        let calls = plan.calls.load(Ordering::Relaxed);
        // One request() per batch, and one before the run (as wrk checks
        // its first thread's request()).
        assert_eq!(calls, if fixed { 0 } else { 101 }, "{fixed}");
        assert_eq!(plan.responses.load(Ordering::Relaxed), 1600);
        assert_eq!(plan.whole.load(Ordering::Relaxed), 1600);
    }
}

#[test]
fn delay_spaces_a_connections_sends() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(1));
    s.duration = Some(Duration::from_millis(1000));
    let plan = Arc::new(Plan {
        batch: 1,
        delay: Some(Duration::from_millis(100)),
        ..Plan::default()
    });
    let r = scripted(&s, &plan, &t.local_addr().to_string());
    // The first send goes at once, then one every 100 ms and a response.
    assert!(
        (8..=11).contains(&r.totals.responses),
        "{}",
        r.totals.responses
    );
    // Delay is not latency: each response is timed from its send.
    assert!(r.latency_us.max < 50_000, "{}", r.latency_us.max);
}

#[test]
fn the_script_chooses_each_workers_address() {
    let _serial = serial();
    let (a, b) = (target(), target());
    // The URL names a, the script sends every connection to b.
    let mut s = spec(&hello(&a), closed(2));
    s.max_requests = Some(200);
    let plan = Arc::new(Plan {
        batch: 1,
        addr: Some(b.local_addr()),
        ..Plan::default()
    });
    let r = scripted(&s, &plan, "x");
    assert_eq!(r.totals.responses, 200);
    assert_eq!((a.responses(), b.responses()), (0, 200));
}

#[test]
fn a_stop_from_the_script_ends_the_run() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(4));
    s.duration = Some(Duration::from_secs(20));
    let plan = Arc::new(Plan {
        batch: 1,
        keep: true,
        stop_after: Some(500),
        ..Plan::default()
    });
    let r = scripted(&s, &plan, "x");
    assert_eq!(r.stop_reason, StopReason::Script);
    assert!(r.script_error.is_none());
    assert!(r.totals.elapsed_s < 10.0, "{}", r.totals.elapsed_s);
    assert!(r.totals.responses >= 500);
}

#[test]
fn a_failing_hook_stops_every_worker_and_keeps_the_results() {
    let _serial = serial();
    let t = target();
    let mut s = spec(&hello(&t), closed(4));
    s.threads = 2;
    s.duration = Some(Duration::from_secs(20));
    let plan = Arc::new(Plan {
        batch: 2,
        fail_after: Some(300),
        ..Plan::default()
    });
    let r = scripted(&s, &plan, "x");
    assert_eq!(r.stop_reason, StopReason::Script);
    assert_eq!(r.script_error.as_deref(), Some("fake.lua:7: boom"));
    assert!(r.totals.elapsed_s < 10.0, "{}", r.totals.elapsed_s);
    assert!(r.totals.responses >= 2 * 290, "{}", r.totals.responses);
}

#[test]
fn scripts_with_hooks_are_refused_where_they_cannot_run() {
    let t = target();
    let plan = Arc::new(Plan {
        batch: 1,
        delay: Some(Duration::from_millis(1)),
        ..Plan::default()
    });
    let mut open = spec(
        &hello(&t),
        Model::Open {
            rate: barrage_engine::Schedule::constant(10.0),
            connections: 1,
            max_connections: 1,
            arrival: barrage_engine::Arrival::Uniform,
        },
    );
    open.duration = Some(Duration::from_secs(1));
    let request = b"GET / HTTP/1.1\r\n\r\n".to_vec();
    let e = barrage_engine::run_scripted(
        &open,
        &mut NoObserver,
        Arc::new(AtomicBool::new(false)),
        Some(&mut Fake(plan, request)),
    )
    .unwrap_err();
    assert!(e.message.contains("delay()"), "{e}");
    let plan = Arc::new(Plan {
        batch: 1,
        fixed: true,
        ..Plan::default()
    });
    let mut h2 = spec(&hello(&t), closed(1));
    h2.protocol = barrage_engine::Protocol::H2;
    h2.duration = Some(Duration::from_secs(1));
    let e = barrage_engine::run_scripted(
        &h2,
        &mut NoObserver,
        Arc::new(AtomicBool::new(false)),
        Some(&mut Fake(plan, b"junk".to_vec())),
    )
    .unwrap_err();
    assert!(e.message.contains("HTTP/1"), "{e}");
}
