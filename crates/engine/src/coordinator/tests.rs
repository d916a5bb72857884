//! The coordinator's plans: pacers that interleave across workers and
//! parts, shares that add up, a spec that reads back as the same plan.

use super::*;
use crate::spec::Part;

#[test]
fn shares_add_up() {
    for (total, n) in [(10u64, 3usize), (1, 2), (100, 1), (7, 7)] {
        let sum: u64 = (0..n).map(|i| share(total, i, n)).sum();
        assert_eq!(sum, total);
    }
    assert_eq!(share(10, 0, 3), 4);
    assert_eq!(share(10, 2, 3), 3);
}

fn pacer_of(plan: Plan) -> Pacer {
    match plan {
        Plan::Open { pacer, .. } | Plan::Sessions { pacer, .. } => pacer,
        Plan::Closed { .. } => panic!("no pacer in a closed loop"),
    }
}

/// Every hit of the first `secs` seconds of `spec`, over all its workers
/// (nanoseconds from the start, sorted).
fn hits(spec: &LoadSpec, workers: usize, secs: u64) -> Vec<u128> {
    let mut all = Vec::new();
    for id in 0..workers {
        let mut p = pacer_of(plan_for(spec, id, workers));
        while let Some(at) = p.take() {
            if at >= Duration::from_secs(secs) {
                break;
            }
            all.push(at.as_nanos());
        }
    }
    all.sort_unstable();
    all
}

fn open(rate: f64, arrival: Arrival) -> LoadSpec {
    let mut spec = LoadSpec::from_url("http://127.0.0.1:9/").unwrap();
    spec.model = Model::Open {
        rate: Schedule::constant(rate),
        arrival,
        connections: 8,
        max_connections: 8,
    };
    spec
}

#[test]
fn the_parts_of_a_uniform_open_loop_interleave_into_the_whole_schedule() {
    let whole = open(1000.0, Arrival::Uniform);
    let expected = hits(&whole, 6, 2);
    assert_eq!(expected.len(), 2000);
    let mut union: Vec<u128> = whole.split(3).iter().flat_map(|p| hits(p, 2, 2)).collect();
    union.sort_unstable();
    assert_eq!(union.len(), expected.len());
    for (a, b) in union.iter().zip(&expected) {
        assert!(a.abs_diff(*b) <= 1, "{a} vs {b}");
    }
}

#[test]
fn poisson_parts_are_independent_streams_of_the_whole_rate() {
    let whole = open(2000.0, Arrival::Poisson { seed: 7 });
    let parts = whole.split(2);
    let (a, b) = (hits(&parts[0], 2, 10), hits(&parts[1], 2, 10));
    // Each part paces half the rate; the two are different streams.
    for h in [&a, &b] {
        let n = h.len() as f64;
        assert!((n - 10_000.0).abs() < 500.0, "{n} hits in 10 s at 1000/s");
    }
    assert_ne!(a[..50], b[..50]);
    // Same seed, same part: the same schedule.
    assert_eq!(hits(&parts[0], 2, 1), hits(&whole.split(2)[0], 2, 1));
}

#[test]
fn split_shares_out_connections_budgets_and_sessions() {
    let mut spec = open(900.0, Arrival::Uniform);
    spec.max_requests = Some(10);
    let parts = spec.split(3);
    let sum = |f: &dyn Fn(&LoadSpec) -> u64| parts.iter().map(f).sum::<u64>();
    assert_eq!(sum(&|p| p.max_requests.unwrap()), 10);
    assert_eq!(sum(&|p| p.peak_connections() as u64), 8);
    let rate = |p: &LoadSpec| match &p.model {
        Model::Open { rate, .. } => rate.constant_per_s().unwrap(),
        _ => unreachable!(),
    };
    assert!(parts.iter().all(|p| (rate(p) - 300.0).abs() < 1e-9));
    assert_eq!(
        parts.iter().map(|p| p.part).collect::<Vec<_>>(),
        (0..3)
            .map(|index| Part { index, of: 3 })
            .collect::<Vec<_>>()
    );
    spec.model = Model::Sessions {
        conn_rate: Schedule::constant(10.0),
        arrival: Arrival::Uniform,
        calls: 2,
        sessions: 7,
    };
    let sessions: u64 = spec
        .split(2)
        .iter()
        .map(|p| match p.model {
            Model::Sessions { sessions, .. } => sessions,
            _ => unreachable!(),
        })
        .sum();
    assert_eq!(sessions, 7);
    assert_eq!(spec.max_parts(), 7);
}

#[test]
fn a_spec_read_back_is_the_same_plan() {
    let mut spec = open(100.0, Arrival::Poisson { seed: 3 });
    spec.requests[0].headers.push(("X-A".into(), "1".into()));
    spec.requests[0].body = b"hi".to_vec();
    spec.part = Part { index: 1, of: 2 };
    let text = serde_json::to_string(&spec).unwrap();
    let back: LoadSpec = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    assert_eq!(back.target.addr, spec.target.addr);
    assert_eq!(back.model, spec.model);
    assert_eq!(back.requests, spec.requests);
    let bad = text.replace("http://127.0.0.1:9/", "gopher://x/");
    let e = serde_json::from_str::<LoadSpec>(&bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown scheme"), "{e}");
}

/// An open loop of 8 connections on the schedule `text`, for its length.
fn scheduled(text: &str, arrival: Arrival) -> LoadSpec {
    let rate: Schedule = text.parse().unwrap();
    let mut spec = open(1.0, arrival);
    spec.duration = rate.total();
    spec.model = Model::Open {
        rate,
        arrival,
        connections: 8,
        max_connections: 8,
    };
    spec
}

#[test]
fn the_parts_of_a_scheduled_open_loop_interleave_into_the_whole_schedule() {
    let whole = scheduled("500:1s,500..3000:2s", Arrival::Uniform);
    let expected = hits(&whole, 6, 3);
    assert_eq!(expected.len(), 500 + 3500);
    let mut union: Vec<u128> = whole.split(3).iter().flat_map(|p| hits(p, 2, 3)).collect();
    union.sort_unstable();
    assert_eq!(union.len(), expected.len());
    for (a, b) in union.iter().zip(&expected) {
        assert!(a.abs_diff(*b) <= 1, "{a} vs {b}");
    }
}

#[test]
fn the_warm_up_holds_the_first_rate_then_the_schedule_starts() {
    let mut spec = scheduled("100..300:2s", Arrival::Uniform);
    spec.warmup = Duration::from_secs(1);
    let mut counts = [0u64; 3];
    for ns in hits(&spec, 2, 3) {
        counts[(ns / 1_000_000_000) as usize] += 1;
    }
    // 100/s through the warm-up, then the ramp's 150 and 250.
    assert_eq!(counts, [100, 150, 250]);
    // A budget counts measured requests: the warm-up's come on top.
    spec.max_requests = Some(10);
    let budget: u64 = (0..2)
        .map(|id| {
            let mut p = pacer_of(plan_for(&spec, id, 2));
            std::iter::from_fn(|| p.take()).count() as u64
        })
        .sum();
    assert_eq!(budget, 100 + 10);
}
