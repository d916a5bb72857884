//! The pacer under a rate schedule: exact intended times on holds and
//! ramps, pacers that interleave into the whole stream while the rate
//! changes, per-second counts within 1% of the schedule (uniform and
//! Poisson), and the look-ahead (`backlog`, `last_within`) agreeing with
//! what `take` yields.

use super::*;
use barrage_model::load::Schedule;

fn curve(text: &str) -> Arc<Curve> {
    Arc::new(Curve::new(&text.parse::<Schedule>().unwrap(), 1.0, 0.0))
}

/// Every hit of `workers` pacers sharing `curve` before `until`, sorted (ns).
fn all_hits(curve: &Arc<Curve>, arrival: Arrival, workers: usize, until: Duration) -> Vec<u128> {
    let mut all = Vec::new();
    for k in 0..workers {
        let mut p = Pacer::new(curve.clone(), arrival, k, workers, None);
        while let Some(at) = p.take() {
            if at >= until {
                break;
            }
            all.push(at.as_nanos());
        }
    }
    all.sort_unstable();
    all
}

/// Hits per whole second.
fn per_second(hits: &[u128], seconds: usize) -> Vec<u64> {
    let mut counts = vec![0u64; seconds];
    for &ns in hits {
        counts[(ns / 1_000_000_000) as usize] += 1;
    }
    counts
}

fn ns(secs: f64) -> u128 {
    (secs * 1e9).round() as u128
}

#[test]
fn a_ramp_from_zero_has_exact_intended_times() {
    // 0 → 2000/s over 1 s: Λ(t) = 1000 t², so hit j is due at √(j / 1000) s.
    let mut p = Pacer::new(curve("0..2000:1s"), Arrival::Uniform, 0, 1, None);
    for j in 0..1000u64 {
        let got = p.take().unwrap().as_nanos();
        let want = ns((j as f64 / 1000.0).sqrt());
        assert!(got.abs_diff(want) <= 1, "hit {j}: {got} ns, want {want}");
    }
    assert_eq!(p.take(), None, "1000 arrivals in all, the last before 1 s");
    assert!(!p.spent(), "the schedule ended; no budget was spent");
}

#[test]
fn a_hold_then_a_ramp_has_exact_intended_times() {
    // 1000/s for 1 s, then 1000 → 3000/s over 1 s: Λ(1 + τ) = 1000 + 1000 τ + 1000 τ².
    let mut p = Pacer::new(curve("1000:1s,1000..3000:1s"), Arrival::Uniform, 0, 1, None);
    for j in 0..3000u64 {
        let got = p.take().unwrap().as_nanos();
        let want = if j < 1000 {
            ns(j as f64 / 1000.0)
        } else {
            let m = (j - 1000) as f64;
            ns(1.0 + (-1000.0 + (1e6 + 4000.0 * m).sqrt()) / 2000.0)
        };
        assert!(got.abs_diff(want) <= 1, "hit {j}: {got} ns, want {want}");
    }
    assert_eq!(p.peek(), None);
}

#[test]
fn pacers_interleave_into_the_whole_stream_while_the_rate_changes() {
    let c = curve("1000:1s,1000..5000:2s,5000..500:1s");
    let until = Duration::from_secs(4);
    let whole = all_hits(&c, Arrival::Uniform, 1, until);
    for workers in [2, 3, 7] {
        let union = all_hits(&c, Arrival::Uniform, workers, until);
        assert_eq!(union.len(), whole.len(), "{workers} pacers");
        for (a, b) in union.iter().zip(&whole) {
            assert!(a.abs_diff(*b) <= 1, "{workers} pacers: {a} vs {b}");
        }
        // Each pacer takes every n-th arrival of the stream.
        let mut p = Pacer::new(c.clone(), Arrival::Uniform, 1, workers, None);
        for i in 0..50 {
            assert_eq!(p.take().unwrap().as_nanos(), whole[i * workers + 1]);
        }
    }
}

/// What the schedule asks of each second: `Λ(i + 1) − Λ(i)`.
fn scheduled(c: &Curve, seconds: usize) -> Vec<f64> {
    (0..seconds)
        .map(|i| c.due_by(i as f64 + 1.0) - c.due_by(i as f64))
        .collect()
}

#[test]
fn uniform_per_second_counts_are_the_schedule_to_one_hit() {
    for (text, workers) in [
        ("1000:2s,1000..20000:5s,20000:2s", 4),
        ("20000..1000:3s,1000:1s", 3),
        ("0..5000:4s", 2),
        ("1000:1s,1000..1500:1500ms,1500:1500ms", 1),
    ] {
        let c = curve(text);
        let seconds = 4;
        let hits = all_hits(&c, Arrival::Uniform, workers, Duration::from_secs(4));
        let counts = per_second(&hits, seconds);
        for (i, (got, want)) in counts.iter().zip(scheduled(&c, seconds)).enumerate() {
            let off = (*got as f64 - want).abs();
            assert!(
                off <= 1.0,
                "{text}, second {i}: {got} hits, {want} scheduled"
            );
            assert!(off <= 0.01 * want, "{text}, second {i}: not within 1%");
        }
    }
}

#[test]
fn poisson_follows_the_schedule_as_a_non_homogeneous_process() {
    // 2000 → 40,000/s over 10 s, then 40,000/s for 2 s: two pacers'
    // independent streams make one process of the scheduled rate.
    let c = curve("2000..40000:10s,40000:2s");
    let seconds = 12;
    let hits = all_hits(
        &c,
        Arrival::Poisson { seed: 11 },
        2,
        Duration::from_secs(12),
    );
    let want = scheduled(&c, seconds);
    let counts = per_second(&hits, seconds);
    for (i, (got, want)) in counts.iter().zip(&want).enumerate() {
        // A Poisson count's standard deviation is √mean: within five of it.
        let off = (*got as f64 - want).abs();
        assert!(off <= 5.0 * want.sqrt(), "second {i}: {got} vs {want}");
    }
    // Over the run, within 1% of the schedule (the spread is 0.2%).
    let total: f64 = want.iter().sum();
    assert!((hits.len() as f64 - total).abs() <= 0.01 * total);
    // The first seconds are not yet at the final rate: the ramp is followed.
    assert!(counts[0] < counts[9] / 5, "{counts:?}");
}

#[test]
fn poisson_at_a_constant_schedule_is_the_constant_pacer() {
    let a = Pacer::new(
        Arc::new(Curve::constant(500.0)),
        Arrival::Poisson { seed: 4 },
        1,
        3,
        None,
    );
    let b = Pacer::new(curve("500"), Arrival::Poisson { seed: 4 }, 1, 3, None);
    let take = |mut p: Pacer| (0..100).map(|_| p.take().unwrap()).collect::<Vec<_>>();
    assert_eq!(take(a), take(b));
}

#[test]
fn look_ahead_agrees_with_take_under_a_ramp() {
    let c = curve("100..10000:1s,10000..0:1s");
    for arrival in [Arrival::Uniform, Arrival::Poisson { seed: 9 }] {
        let p = Pacer::new(c.clone(), arrival, 1, 3, None);
        let times: Vec<Duration> = p.upcoming().collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{arrival:?}");
        for ms in [0u64, 1, 250, 999, 1000, 1500, 1999, 2500] {
            let t = Duration::from_millis(ms);
            let due = times.iter().filter(|d| **d <= t).count() as u64;
            assert_eq!(p.backlog(t), due, "{arrival:?} at {ms} ms");
        }
        // Each hit's own offset counts it as due.
        for (i, d) in times.iter().enumerate().step_by(97) {
            assert_eq!(p.backlog(*d), i as u64 + 1, "{arrival:?}: hit {i}");
        }
        let mut q = p.clone();
        for _ in 0..times.len() / 2 {
            q.take();
        }
        let first = q.peek().unwrap();
        let window = Duration::from_micros(700);
        let want = times
            .iter()
            .rfind(|d| **d >= first && **d <= first + window)
            .copied();
        assert_eq!(q.last_within(window), want, "{arrival:?}");
    }
}

#[test]
fn a_budget_is_spent_and_an_ended_schedule_is_not() {
    let mut p = Pacer::new(curve("10:1s"), Arrival::Uniform, 0, 1, Some(3));
    for _ in 0..3 {
        assert!(!p.spent());
        p.take().unwrap();
    }
    assert!(p.spent());
    assert_eq!(p.peek(), None);
    let mut p = Pacer::new(curve("10:1s"), Arrival::Uniform, 0, 1, Some(30));
    let taken = std::iter::from_fn(|| p.take()).count();
    assert_eq!(taken, 10);
    assert!(!p.spent(), "the schedule ran out first");
    assert_eq!(p.backlog(Duration::from_secs(5)), 0);
    assert_eq!(p.last_within(Duration::from_secs(1)), None);
}
