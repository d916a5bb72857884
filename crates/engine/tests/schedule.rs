//! Rate schedules against the reference server: the open loop and sessions
//! follow their stages, each second's offered count is the schedule's, and
//! the report has the seconds and the stages that say so.

use crate::common;

use barrage_engine::{Arrival, Model, Schedule, StopReason};

use common::{check_invariants, hello, run, serial, spec, target};

/// Each second's (scheduled, offered), the seconds of the measured phase.
fn seconds(r: &barrage_engine::RunReport, n: usize) -> Vec<(f64, u64)> {
    r.series
        .iter()
        .take(n)
        .map(|s| (s.scheduled.unwrap(), s.offered.unwrap()))
        .collect()
}

#[test]
fn the_open_loop_follows_a_schedule_second_by_second() {
    let _serial = serial();
    let t = target();
    let rate: Schedule = "200:1s,200..600:2s".parse().unwrap();
    for arrival in [Arrival::Uniform, Arrival::Poisson { seed: 3 }] {
        let mut s = spec(
            &hello(&t),
            Model::Open {
                rate: rate.clone(),
                arrival,
                connections: 4,
                max_connections: 16,
            },
        );
        s.threads = 2;
        s.duration = rate.total();
        let r = run(&s);
        check_invariants(&r);
        let name = arrival.name();
        assert_eq!(r.stop_reason, StopReason::Duration, "{name}");
        assert_eq!(r.totals.errors, 0, "{name}: {:?}", r.errors);
        let got = seconds(&r, 3);
        let scheduled: Vec<f64> = got.iter().map(|g| g.0).collect();
        assert_eq!(scheduled, vec![200.0, 300.0, 500.0], "{name}");
        let o = r.open_loop.as_ref().unwrap();
        // The offered count is the pacer's, by intended second: uniform
        // arrivals are the schedule to one request, whatever the timing.
        for (i, (want, offered)) in got.iter().enumerate() {
            let off = (*offered as f64 - want).abs();
            let allowed = match arrival {
                Arrival::Uniform => 1.0 + o.unsent as f64,
                Arrival::Poisson { .. } => 5.0 * want.sqrt(),
            };
            assert!(off <= allowed, "{name}, second {i}: {offered} vs {want}");
        }
        let offered: u64 = got.iter().map(|g| g.1).sum();
        assert_eq!(offered, r.totals.requests_sent, "{name}");
        assert_eq!(r.spec.schedule.as_ref(), Some(&rate), "{name}");
        assert!((o.target_rate_per_s - 1000.0 / 3.0).abs() < 1e-9, "{name}");
        let stages = &r.stages;
        assert_eq!(stages.len(), 2, "{name}");
        assert_eq!((stages[0].start_s, stages[0].measured_s), (0.0, 1.0));
        assert_eq!((stages[1].start_s, stages[1].measured_s), (1.0, 2.0));
        assert_eq!(stages[1].scheduled, 800.0);
        let total: u64 = stages.iter().map(|s| s.offered).sum();
        assert_eq!(total, offered, "{name}");
        let answered: u64 = stages.iter().map(|s| s.responses).sum();
        assert_eq!(answered, r.totals.responses, "{name}");
        assert!(stages[1].p99_us >= stages[1].p50_us && stages[1].p50_us > 0);
    }
}

#[test]
fn sessions_arrive_on_a_schedule() {
    let _serial = serial();
    let t = target();
    let conn_rate: Schedule = "20..60:1s,0:1s".parse().unwrap();
    let mut s = spec(
        &hello(&t),
        Model::Sessions {
            conn_rate: conn_rate.clone(),
            arrival: Arrival::Uniform,
            calls: 2,
            sessions: 1000,
        },
    );
    s.duration = conn_rate.total();
    let r = run(&s);
    check_invariants(&r);
    // The schedule ends before the sessions do: the run lasts its length.
    assert_eq!(r.stop_reason, StopReason::Duration);
    let x = r.sessions.as_ref().unwrap();
    assert_eq!((x.started, x.completed), (40, 40));
    assert_eq!(seconds(&r, 2), vec![(40.0, 40), (0.0, 0)]);
    assert_eq!(r.stages.len(), 2);
    assert_eq!(r.stages[1].offered, 0);
    assert_eq!(r.spec.conn_rate_per_s, Some(20.0), "40 sessions over 2 s");
    // A budget spent first ends the run as before.
    s.model = Model::Sessions {
        conn_rate,
        arrival: Arrival::Uniform,
        calls: 1,
        sessions: 10,
    };
    let r = run(&s);
    assert_eq!(r.stop_reason, StopReason::Sessions);
    assert_eq!(r.sessions.as_ref().unwrap().started, 10);
}
