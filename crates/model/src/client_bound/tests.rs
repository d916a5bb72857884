use super::*;
use crate::load::LatencyStats;

/// A quiet open-loop run: 2,000/s for 2 s, every request sent and
/// answered, latency p99 3.2 ms, the client's own send delay p99 40 µs.
fn quiet() -> RunReport {
    let text = include_str!("../../../lab/tests/fixtures/barrage_open.json");
    let mut r = RunReport::from_json(text).unwrap();
    r.totals.elapsed_s = 2.0;
    r.totals.requests_sent = 4000;
    r.latency_us.p99 = 3_200;
    let ol = r.open_loop.as_mut().unwrap();
    ol.target_rate_per_s = 2000.0;
    ol.achieved_rate_per_s = 2000.0;
    ol.unsent = 0;
    ol.waited_for_connection = 0;
    ol.client_delay_us = delays(40, 90);
    r
}

fn delays(p99: u64, max: u64) -> LatencyStats {
    LatencyStats {
        count: 4000,
        p50: p99 / 4,
        p99,
        max,
        ..LatencyStats::default()
    }
}

fn of(r: &RunReport) -> Vec<Reason> {
    reasons(&Evidence {
        report: Some(r),
        ..Evidence::default()
    })
}

#[test]
fn a_quiet_run_is_not_client_bound() {
    assert_eq!(of(&quiet()), []);
    // Nor a quiet run at 100 µs latencies whose client delays are 40% of
    // them: under the 1 ms floor.
    let mut fast = quiet();
    fast.latency_us.p99 = 100;
    assert_eq!(of(&fast), []);
    // A busy client short of saturation.
    let busy = Evidence {
        load: ClientLoad {
            cpu_share: Some(0.7),
            wait_share: Some(0.1),
        },
        ..Evidence::default()
    };
    assert_eq!(reasons(&busy), []);
}

#[test]
fn cpu_and_the_wait_for_a_core_together() {
    let load = |cpu, wait| Evidence {
        load: ClientLoad {
            cpu_share: Some(cpu),
            wait_share: wait,
        },
        ..Evidence::default()
    };
    assert_eq!(reasons(&load(0.95, None)), [Reason::Cpu]);
    // Starved: two thirds of a core, and a quarter waiting for it.
    assert_eq!(reasons(&load(0.65, Some(0.25))), [Reason::Cpu]);
    assert_eq!(reasons(&load(0.65, Some(0.2))), []);
}

#[test]
fn a_spinning_driver_is_judged_by_what_it_offered_not_its_cpu() {
    let spinning = |kept, client_errors| Evidence {
        load: ClientLoad {
            cpu_share: Some(1.0),
            wait_share: Some(0.0),
        },
        cpu: CpuUse::Spins,
        report: None,
        offered: Some(Offered {
            asked_per_s: 100.0,
            kept_per_s: kept,
            client_errors,
        }),
        ceiling: None,
    };
    // A full core, and the rate kept: not client-bound.
    assert_eq!(reasons(&spinning(100.4, 0)), []);
    // The rate not kept.
    assert_eq!(reasons(&spinning(90.0, 0)), [Reason::Offer]);
    // Out of sockets of its own.
    assert_eq!(reasons(&spinning(100.0, 3)), [Reason::Offer]);
    // The same full core on a driver whose CPU counts.
    let mut counts = spinning(100.0, 0);
    counts.cpu = CpuUse::Counts;
    assert_eq!(reasons(&counts), [Reason::Cpu]);
}

#[test]
fn the_clients_own_send_delay_as_a_large_part_of_the_latency() {
    // A starved client: its own delay p99 2 ms of a 4 ms latency p99.
    let mut r = quiet();
    r.latency_us.p99 = 4_000;
    r.open_loop.as_mut().unwrap().client_delay_us = delays(2_000, 6_000);
    assert_eq!(of(&r), [Reason::SendDelay]);
    let e = Evidence {
        report: Some(&r),
        ..Evidence::default()
    };
    assert_eq!(
        explain(&of(&r), &e),
        "send delay p99 2.00 ms is 50% of latency p99 4.00 ms"
    );
    // The same delay under a slow server's 40 ms: the server's latency.
    r.latency_us.p99 = 40_000;
    assert_eq!(of(&r), []);
}

#[test]
fn waits_for_a_connection_are_the_servers_not_the_clients() {
    // Every send waited for a connection the server held, late by 30 ms:
    // all of it in send_delay_us, none in the client's own delay.
    let mut r = quiet();
    r.latency_us.p99 = 50_000;
    r.totals.requests_sent = 3000;
    let ol = r.open_loop.as_mut().unwrap();
    ol.send_delay_us = delays(30_000, 40_000);
    ol.waited_for_connection = 2_500;
    ol.unsent = 1000;
    ol.achieved_rate_per_s = 1500.0;
    assert_eq!(of(&r), []);
    // A server that stopped answering near the end: no send waited (none
    // went out), the requests still due are waiting for connections.
    let mut r = quiet();
    r.totals.requests_sent = 3600;
    r.open_loop.as_mut().unwrap().unsent = 400;
    assert_eq!(of(&r), []);
}

#[test]
fn a_client_that_did_not_offer_the_rate_with_connections_free() {
    // 200 of 4,000 due never sent, no send waited for a connection, and
    // the client ran 100 ms behind at the end: its own backlog.
    let mut r = quiet();
    r.totals.requests_sent = 3800;
    let ol = r.open_loop.as_mut().unwrap();
    ol.unsent = 200;
    ol.achieved_rate_per_s = 1900.0;
    ol.client_delay_us = delays(900, 100_000);
    assert_eq!(of(&r), [Reason::Offer]);
    // The same shortfall with 5% of sends waiting for a connection.
    r.open_loop.as_mut().unwrap().waited_for_connection = 190;
    assert_eq!(of(&r), []);
    // One request short at the window's edge is no shortfall.
    let mut edge = quiet();
    edge.totals.requests_sent = 3999;
    assert_eq!(of(&edge), []);
    // A budget (-n) ends when it is sent: nothing was left unoffered.
    let mut budget = r.clone();
    budget.open_loop.as_mut().unwrap().waited_for_connection = 0;
    assert_eq!(of(&budget), [Reason::Offer]);
    budget.stop_reason = StopReason::Requests;
    assert_eq!(of(&budget), []);
}

#[test]
fn reasons_read_and_write_by_name() {
    let all = [Reason::Cpu, Reason::SendDelay, Reason::Offer];
    let json = serde_json::to_string(&all).unwrap();
    assert_eq!(json, r#"["cpu","send_delay","offer"]"#);
    let back: Vec<Reason> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, all);
    for r in all {
        assert_eq!(r.to_string(), r.name());
    }
}

#[test]
fn a_rate_near_the_clients_ceiling_is_the_clients() {
    let at = |rate| Evidence {
        ceiling: Some(Ceiling {
            ceiling_per_s: 80_000.0,
            rate_per_s: rate,
        }),
        ..Evidence::default()
    };
    assert_eq!(reasons(&at(71_000.0)), []);
    assert_eq!(reasons(&at(72_000.0)), [Reason::Ceiling]);
    let e = at(76_000.0);
    assert_eq!(
        explain(&reasons(&e), &e),
        "76000/s is 95% of the client's ceiling here, 80000/s"
    );
    // No ceiling measured: nothing to judge by.
    let none = Evidence {
        ceiling: Some(Ceiling {
            ceiling_per_s: 0.0,
            rate_per_s: 1.0,
        }),
        ..Evidence::default()
    };
    assert_eq!(reasons(&none), []);
}
