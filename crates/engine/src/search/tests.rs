//! The search's unit tests: simulated servers, no network.
use super::*;

mod noise;

/// Runs a search against a server that sustains exactly `capacity`
/// (achieving min(offered, capacity)); the client saturates above
/// `client_limit`. Returns the outcome and the rates tried.
fn simulate(limits: Limits, capacity: f64, client_limit: f64) -> (Outcome, Vec<f64>) {
    let mut s = Search::new(limits).unwrap();
    let mut rates = Vec::new();
    loop {
        match s.next() {
            Next::Done(o) => return (o, rates),
            Next::Run { rate, confirm, .. } => {
                rates.push(rate);
                assert!(rates.len() <= 40, "runaway: {rates:?}");
                s.record(StepResult {
                    rate,
                    pass: rate <= capacity && rate <= client_limit,
                    achieved: rate.min(capacity).min(client_limit),
                    client_bound: rate > client_limit,
                    saturated: rate > client_limit,
                    confirm,
                    marginal: false,
                });
            }
        }
    }
}

fn wide() -> Limits {
    Limits {
        min_rate: 1.0,
        max_rate: 1_000_000.0,
        ..Limits::default()
    }
}

#[test]
fn finds_capacity_within_precision_in_at_most_13_steps_over_1_to_a_million() {
    // One of the steps runs the lowest failure again (one failure may be
    // a stall of the machine) before the confirmation.
    for capacity in [3.0, 57.0, 999.0, 12_345.0, 250_000.0, 777_777.0] {
        let (o, rates) = simulate(wide(), capacity, f64::INFINITY);
        let Outcome::Capacity { rate } = o else {
            panic!("{capacity}: {o:?} after {rates:?}")
        };
        assert!(rate <= capacity, "{capacity}: {rate} passed above capacity");
        assert!(
            rate >= capacity * (1.0 - 0.02),
            "{capacity}: {rate} not within 2% ({rates:?})"
        );
        assert!(
            rates.len() <= 13,
            "{capacity}: {} steps: {rates:?}",
            rates.len()
        );
        // The last step confirms the answer.
        assert_eq!(*rates.last().unwrap(), rate);
    }
}

#[test]
fn a_low_hint_is_climbed_from_in_a_few_steps() {
    // A failing step's server seems to deliver 5% less than it can
    // (its estimate is low): small growing steps from the highest
    // pass, each failure a new hint.
    climb(0.95, 1.0, 15);
    // The server delivers up to its capacity, but its latency breaks
    // the objective 3% below it: steps down from the lowest failure.
    climb(1.0, 0.97, 13);
}

/// A search against a server that serves `capacity`, whose failing
/// steps deliver `served` × capacity, and which meets the objective up
/// to `slo` × capacity: within 2% in at most `steps` steps.
fn climb(served: f64, slo: f64, steps: usize) {
    for capacity in [999.0, 12_345.0, 250_000.0] {
        let mut s = Search::new(wide()).unwrap();
        let mut rates = Vec::new();
        let o = loop {
            match s.next() {
                Next::Done(o) => break o,
                Next::Run { rate, confirm, .. } => {
                    rates.push(rate);
                    assert!(rates.len() <= 40, "runaway: {rates:?}");
                    let pass = rate <= slo * capacity;
                    s.record(StepResult {
                        rate,
                        pass,
                        achieved: if pass {
                            rate
                        } else {
                            (served * capacity).min(rate)
                        },
                        client_bound: false,
                        saturated: false,
                        confirm,
                        marginal: false,
                    });
                }
            }
        };
        let Outcome::Capacity { rate } = o else {
            panic!("{capacity}: {o:?} after {rates:?}")
        };
        let capacity = slo * capacity;
        assert!(rate <= capacity && rate >= capacity * 0.98, "{rates:?}");
        assert!(
            rates.len() <= steps,
            "{capacity}: {} steps: {rates:?}",
            rates.len()
        );
    }
}

#[test]
fn a_failure_by_latency_alone_bisects_in_at_most_16_steps() {
    // The server keeps the rate but misses the SLO: no hint of where
    // it saturated, so the bracket is halved (in log space) each step.
    for capacity in [3.0, 999.0, 777_777.0] {
        let mut s = Search::new(wide()).unwrap();
        let mut n = 0;
        let o = loop {
            match s.next() {
                Next::Done(o) => break o,
                Next::Run { rate, confirm, .. } => {
                    n += 1;
                    s.record(StepResult {
                        rate,
                        pass: rate <= capacity,
                        achieved: rate,
                        client_bound: false,
                        saturated: false,
                        confirm,
                        marginal: false,
                    });
                }
            }
        };
        let Outcome::Capacity { rate } = o else {
            panic!("{o:?}")
        };
        assert!(
            rate <= capacity && rate >= capacity * 0.98,
            "{capacity}: {rate}"
        );
        assert!(n <= 16, "{capacity}: {n} steps");
    }
}

#[test]
fn a_server_that_keeps_up_with_everything_is_bounded_by_max_rate() {
    let (o, rates) = simulate(wide(), f64::INFINITY, f64::INFINITY);
    assert_eq!(
        o,
        Outcome::AtLeast {
            rate: 1_000_000.0,
            bound: Bound::MaxRate
        }
    );
    // 1, 10, 100, … geometric, then the maximum itself.
    assert_eq!(rates[..3], [1.0, 10.0, 100.0]);
    assert_eq!(*rates.last().unwrap(), 1_000_000.0);
}

#[test]
fn failing_the_lowest_rate_is_below_min_rate() {
    let l = Limits {
        min_rate: 100.0,
        ..Limits::default()
    };
    let (o, rates) = simulate(l, 50.0, f64::INFINITY);
    assert_eq!(o, Outcome::BelowMin { min_rate: 100.0 });
    // Failed twice: the first failure is run again.
    assert_eq!(rates, [100.0, 100.0]);
}

#[test]
fn a_client_bound_failure_is_a_lower_bound_not_a_capacity() {
    let (o, _) = simulate(wide(), 1e9, 5000.0);
    let Outcome::AtLeast { rate, bound } = o else {
        panic!("{o:?}")
    };
    assert_eq!(bound, Bound::ClientBound);
    assert!(rate <= 5000.0, "{rate}");
    assert_eq!(o.to_string(), format!("≥ {rate:.0}/s (client-bound)"));
}

#[test]
fn a_failed_confirmation_steps_back() {
    // The server sustains 990/s until the first confirmation, then only
    // 900/s (it degrades): the confirmation fails and the search goes lower.
    let mut s = Search::new(Limits {
        min_rate: 250.0,
        max_rate: 4000.0,
        ..Limits::default()
    })
    .unwrap();
    let mut rates = Vec::new();
    let mut capacity = 990.0;
    let outcome = loop {
        match s.next() {
            Next::Done(o) => break o,
            Next::Run { rate, confirm, .. } => {
                rates.push((rate, confirm));
                assert!(rates.len() < 30, "{rates:?}");
                if confirm {
                    capacity = 900.0;
                }
                s.record(StepResult {
                    rate,
                    pass: rate <= capacity,
                    achieved: rate.min(capacity),
                    client_bound: false,
                    saturated: false,
                    confirm,
                    marginal: false,
                });
            }
        }
    };
    let Outcome::Capacity { rate } = outcome else {
        panic!("{outcome:?}: {rates:?}")
    };
    assert!((900.0 * 0.98..=900.0).contains(&rate), "{rate}: {rates:?}");
    assert!(rates.iter().filter(|r| r.1).count() >= 2, "{rates:?}");
}

#[test]
fn the_step_limit_ends_the_search_with_a_bound() {
    let l = Limits {
        max_steps: 3,
        ..wide()
    };
    let (o, rates) = simulate(l, 777_777.0, f64::INFINITY);
    assert_eq!(rates.len(), 3);
    assert_eq!(
        o,
        Outcome::AtLeast {
            rate: 100.0,
            bound: Bound::Steps
        }
    );
    let mut s = Search::new(wide()).unwrap();
    assert_eq!(
        s.give_up(),
        Outcome::BelowMin { min_rate: 1.0 },
        "nothing passed yet"
    );
}

#[test]
fn a_saturated_client_that_keeps_up_ends_the_search_as_a_lower_bound() {
    let mut s = Search::new(wide()).unwrap();
    for (rate, client_bound) in [(1.0, false), (10.0, false), (100.0, true)] {
        assert_eq!(
            s.next(),
            Next::Run {
                rate,
                confirm: false,
                repeat: false,
                long: false
            }
        );
        s.record(StepResult {
            rate,
            pass: true,
            achieved: rate,
            client_bound,
            saturated: client_bound,
            confirm: false,
            marginal: false,
        });
    }
    assert_eq!(
        s.next(),
        Next::Done(Outcome::AtLeast {
            rate: 100.0,
            bound: Bound::ClientBound
        })
    );
}

#[test]
fn a_marginal_step_runs_again_and_passes_only_if_both_runs_pass() {
    let mut s = Search::new(wide()).unwrap();
    let step = |rate: f64, pass: bool, marginal: bool| StepResult {
        rate,
        pass,
        achieved: rate,
        client_bound: false,
        saturated: false,
        confirm: false,
        marginal,
    };
    s.record(step(1.0, true, false));
    s.record(step(10.0, true, true));
    // The same rate again, marked as a repeat.
    assert_eq!(
        s.next(),
        Next::Run {
            rate: 10.0,
            confirm: false,
            repeat: true,
            long: false
        }
    );
    assert_eq!(s.tolerance(), 0.02);
    s.record(step(10.0, false, true));
    // Taken as a failure; the disagreement doubles the tolerance, and
    // the next steps (between 1 and 10) are long.
    assert_eq!(s.tolerance(), 0.04);
    let Next::Run {
        rate, repeat, long, ..
    } = s.next()
    else {
        panic!("{:?}", s.next())
    };
    assert!(rate > 1.0 && rate < 10.0 && !repeat && long, "{rate}");
}

#[test]
fn limits_are_checked() {
    for (l, says) in [
        (
            Limits {
                min_rate: 0.0,
                ..Limits::default()
            },
            "--min-rate",
        ),
        (
            Limits {
                max_rate: 1.0,
                ..Limits::default()
            },
            "--max-rate",
        ),
        (
            Limits {
                precision: 0.0,
                ..Limits::default()
            },
            "--precision",
        ),
        (
            Limits {
                max_steps: 1,
                ..Limits::default()
            },
            "--max-steps",
        ),
    ] {
        assert!(Search::new(l).unwrap_err().contains(says));
    }
}

/// An open-loop step of one second at 2,000/s, every request answered in
/// it: latency p99 `p99_us`, the client's own send delay p99 `own_us`.
fn step_at_2000(p99_us: u64, own_us: u64) -> barrage_model::RunReport {
    let text = include_str!("../../../lab/tests/fixtures/barrage_open.json");
    let mut r = barrage_model::RunReport::from_json(text).unwrap();
    r.totals.elapsed_s = 1.0;
    r.totals.requests_sent = 2000;
    r.totals.responses = 2000;
    r.totals.responses_not_2xx_3xx = 0;
    r.series.truncate(1);
    r.series[0].responses = 2000;
    r.latency_us.p50 = p99_us / 10;
    r.latency_us.p99 = p99_us;
    let ol = r.open_loop.as_mut().unwrap();
    ol.target_rate_per_s = 2000.0;
    ol.achieved_rate_per_s = 2000.0;
    ol.client_delay_us = barrage_model::load::LatencyStats {
        count: 2000,
        p99: own_us,
        max: own_us * 2,
        ..Default::default()
    };
    r
}

fn quiet_client() -> ClientLoad {
    ClientLoad {
        cpu_share: Some(0.3),
        wait_share: Some(0.05),
    }
}

#[test]
fn a_step_failed_by_the_clients_own_send_delay_is_client_bound() {
    use barrage_model::client_bound::Reason;
    let slo: Slo = "p99<=5ms".parse().unwrap();
    // A starved client: 8 ms p99, 4 ms of it its own lateness, at 30% CPU.
    let r = step_at_2000(8_000, 4_000);
    let v = judge(&slo, 2000.0, &r, quiet_client());
    assert!(!v.pass && v.client_bound, "{v:?}");
    assert_eq!(v.client_bound_reasons, [Reason::SendDelay]);
    assert!(blames_client(&slo, &r, &v));
    // The same lateness in a step that failed by its achieved rate alone
    // (a tenth of the responses missing, the latency within 20 ms): the
    // server fell behind, late sends or not.
    let mut behind = step_at_2000(8_000, 4_000);
    behind.series[0].responses = 1800;
    let lenient: Slo = "p99<=20ms".parse().unwrap();
    let v2 = judge(&lenient, 2000.0, &behind, quiet_client());
    assert!(!v2.pass && v2.client_bound, "{v2:?}");
    assert!(!blames_client(&lenient, &behind, &v2));
    // The step's record carries the client's own send delay.
    let rec = step_record(1, 2000.0, false, &r, quiet_client(), None, v);
    assert_eq!(rec.client_delay_p99_us, Some(4_000));
    let json = serde_json::to_value(&rec).unwrap();
    assert_eq!(json["verdict"]["client_bound_reasons"][0], "send_delay");
    assert_eq!(json["client_delay_p99_us"], 4000);
}

#[test]
fn a_miss_larger_than_the_clients_lateness_is_the_servers() {
    use barrage_model::client_bound::Reason;
    let slo: Slo = "p99<=20ms".parse().unwrap();
    // A busy machine: the client 10 ms late at p99, a server past its
    // capacity queueing to 56 ms. Without the client's lateness it would
    // still miss 20 ms: the server's failure, though the reason holds.
    let r = step_at_2000(56_000, 29_000);
    let v = judge(&slo, 2000.0, &r, quiet_client());
    assert!(
        !v.pass && v.client_bound_reasons == [Reason::SendDelay],
        "{v:?}"
    );
    assert!(!blames_client(&slo, &r, &v));
    // 23 ms with 7.5 ms of it the client's: within the objective without
    // it, so the client's.
    let r = step_at_2000(23_000, 7_500);
    let v = judge(&slo, 2000.0, &r, quiet_client());
    assert!(!v.pass && v.client_bound, "{v:?}");
    assert!(blames_client(&slo, &r, &v));
    // Every latency objective missed has to be explained: a p50 missed by
    // far is the server's, whatever the p99.
    let both: Slo = "p50<=1ms,p99<=20ms".parse().unwrap();
    let mut r = step_at_2000(23_000, 7_500);
    r.latency_us.p50 = 5_000;
    let v = judge(&both, 2000.0, &r, quiet_client());
    assert!(!v.pass && v.client_bound, "{v:?}");
    assert!(!blames_client(&both, &r, &v));
}

#[test]
fn a_slow_server_is_not_the_clients_fault() {
    let slo: Slo = "p99<=5ms".parse().unwrap();
    // 8 ms p99, the client's own delay 80 µs: the server's latency.
    let v = judge(&slo, 2000.0, &step_at_2000(8_000, 80), quiet_client());
    assert!(!v.pass && !v.client_bound, "{v:?}");
    assert!(v.client_bound_reasons.is_empty());
    // Its sends waited for connections the server held: still the server's.
    let mut r = step_at_2000(30_000, 80);
    let ol = r.open_loop.as_mut().unwrap();
    ol.waited_for_connection = 1500;
    ol.send_delay_us.p99 = 20_000;
    let v = judge(&slo, 2000.0, &r, quiet_client());
    assert!(!v.pass && !v.client_bound, "{v:?}");
    // A saturated CPU is the client's, as before.
    let busy = ClientLoad {
        cpu_share: Some(0.8),
        wait_share: Some(0.15),
    };
    let r = step_at_2000(8_000, 80);
    let v = judge(&slo, 2000.0, &r, busy);
    assert!(v.client_bound, "{v:?}");
    assert!(blames_client(&slo, &r, &v));
}

#[test]
fn a_pass_with_a_late_client_goes_on_a_saturated_one_ends_the_search() {
    use barrage_model::client_bound::Reason;
    let slo: Slo = "p99<=20ms".parse().unwrap();
    // Passed, 2 ms of a 3 ms p99 the client's own delay: marked, but the
    // search takes it as a pass (the objective held, the delay counted in).
    let r = step_at_2000(3_000, 2_000);
    let v = judge(&slo, 2000.0, &r, quiet_client());
    assert!(v.pass && v.client_bound, "{v:?}");
    assert_eq!(v.client_bound_reasons, [Reason::SendDelay]);
    assert!(!blames_client(&slo, &r, &v));
    let saturated = ClientLoad {
        cpu_share: Some(0.95),
        wait_share: None,
    };
    let r = step_at_2000(3_000, 50);
    let v = judge(&slo, 2000.0, &r, saturated);
    assert!(v.pass && blames_client(&slo, &r, &v), "{v:?}");
}

#[test]
fn a_search_whose_client_falls_behind_ends_as_a_lower_bound() {
    use std::sync::atomic::AtomicBool;
    // The server keeps up with anything; above 5,000/s the client's own
    // send delay is most of the latency (a starved client, its CPU low).
    let mut steps = |spec: &crate::LoadSpec| {
        let crate::Model::Open { rate, .. } = &spec.model else {
            panic!("not open loop")
        };
        let rate_per_s = rate.constant_per_s().unwrap();
        let mut r = step_at_2000(if rate_per_s > 5000.0 { 30_000 } else { 400 }, 0);
        let n = rate_per_s.round() as u64;
        r.totals.requests_sent = n;
        r.totals.responses = n;
        r.series[0].responses = n;
        let ol = r.open_loop.as_mut().unwrap();
        ol.target_rate_per_s = rate_per_s;
        ol.achieved_rate_per_s = rate_per_s;
        ol.client_delay_us.p99 = if rate_per_s > 5000.0 { 25_000 } else { 60 };
        Ok(Measured {
            report: r,
            client_cpu_share: Some(0.4),
            client_wait_share: Some(0.1),
        })
    };
    let mut base = crate::LoadSpec::from_url("http://127.0.0.1:9/").unwrap();
    base.model = crate::Model::Open {
        rate: crate::Schedule::constant(10.0),
        arrival: crate::Arrival::Uniform,
        connections: 1,
        max_connections: 1,
    };
    base.duration = Some(std::time::Duration::from_secs(1));
    let plan = SearchPlan {
        base,
        window: std::time::Duration::from_secs(1),
        slo: "p99<=10ms".parse().unwrap(),
        limits: Limits {
            min_rate: 100.0,
            max_rate: 1_000_000.0,
            ..Limits::default()
        },
        time_limit: std::time::Duration::MAX,
        settle: std::time::Duration::ZERO,
        ceiling: None,
    };
    let never = AtomicBool::new(false);
    let report = drive(&plan, &mut steps, &never, &mut NoSearchObserver).unwrap();
    let Outcome::AtLeast { rate, bound } = report.outcome else {
        panic!("{:?}", report.outcome)
    };
    assert_eq!(bound, Bound::ClientBound, "{:#?}", report.steps);
    assert!(rate <= 5000.0, "{rate}");
    let failed = report.steps.iter().find(|s| !s.verdict.pass).unwrap();
    assert_eq!(failed.client_delay_p99_us, Some(25_000));
    assert!(failed.verdict.client_bound);
}

#[test]
fn a_step_at_the_clients_ceiling_is_the_clients_pass_or_fail() {
    let slo: Slo = "p99<=10ms".parse().unwrap();
    let r = step_at_2000(1_000, 40);
    // 2,000/s offered against a ceiling of 2,100/s: 95% of it.
    let v = judge_under(&slo, 2000.0, &r, quiet_client(), Some(2100.0));
    assert!(v.pass && v.client_bound, "{v:?}");
    assert_eq!(
        v.client_bound_reasons,
        [barrage_model::client_bound::Reason::Ceiling]
    );
    // A pass there ends the search: a higher rate would judge the client.
    assert!(blames_client(&slo, &r, &v));
    // Well under the ceiling, the same step is nobody's fault.
    let v = judge_under(&slo, 2000.0, &r, quiet_client(), Some(10_000.0));
    assert!(v.pass && !v.client_bound, "{v:?}");
    // A failure at the ceiling is the client's, not the server's.
    let slow = step_at_2000(30_000, 40);
    let v = judge_under(&slo, 2000.0, &slow, quiet_client(), Some(2100.0));
    assert!(!v.pass && blames_client(&slo, &slow, &v), "{v:?}");
}

#[test]
fn a_stall_of_the_client_is_run_again_and_saturation_is_not() {
    // The first step at 10,000/s meets a stall of the client (late by
    // its own send delay, its core mostly idle): client-bound, but no
    // saturation. The search runs it again before taking it as its
    // bound, and goes on to the server's capacity.
    let run = |saturated_at_10k: bool| {
        let mut s = Search::new(Limits {
            min_rate: 1000.0,
            precision: 0.05,
            ..Limits::default()
        })
        .unwrap();
        let mut first_10k = true;
        loop {
            match s.next() {
                Next::Done(o) => return o,
                Next::Run { rate, confirm, .. } => {
                    let stalled = rate == 10_000.0 && first_10k;
                    first_10k &= rate != 10_000.0;
                    s.record(StepResult {
                        rate,
                        pass: rate <= 50_000.0 && !stalled,
                        achieved: rate.min(50_000.0),
                        client_bound: stalled,
                        saturated: stalled && saturated_at_10k,
                        confirm,
                        marginal: false,
                    });
                }
            }
        }
    };
    let Outcome::Capacity { rate } = run(false) else {
        panic!("{:?}", run(false))
    };
    assert!((50_000.0 * 0.95..=50_000.0).contains(&rate), "{rate}");
    // A client saturated at 10,000/s is a bound, not noise.
    assert!(
        matches!(
            run(true),
            Outcome::AtLeast {
                bound: Bound::ClientBound,
                ..
            }
        ),
        "{:?}",
        run(true)
    );
}
