//! Searches on servers and machines that do not give the same verdict
//! twice: noise around the capacity, two speeds, stalls.

use super::*;

/// A step at `rate` against a server that holds `today` and no more.
fn served_up_to(today: f64, rate: f64, confirm: bool, marginal: bool) -> StepResult {
    StepResult {
        rate,
        pass: rate <= today,
        achieved: rate.min(today),
        client_bound: false,
        saturated: false,
        confirm,
        marginal,
    }
}

/// A noisy server: each step's verdict is drawn around `capacity`
/// (the rate passes when under capacity × (1 ± noise), drawn anew for
/// every step from a fixed-seed generator), and a verdict within 5% of
/// the capacity is marginal, as a p99 near its bound is.
fn noisy(capacity: f64, noise: f64, seed: u64) -> (Outcome, Vec<(f64, bool, bool)>, f64) {
    let mut s = Search::new(Limits {
        min_rate: 100.0,
        ..Limits::default()
    })
    .unwrap();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut draw = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let mut steps = Vec::new();
    loop {
        match s.next() {
            Next::Done(o) => return (o, steps, s.tolerance()),
            Next::Run {
                rate,
                confirm,
                long,
                ..
            } => {
                let today = capacity * (1.0 + noise * draw());
                steps.push((rate, rate <= today, long));
                let marginal = (rate / capacity - 1.0).abs() <= 0.05;
                s.record(served_up_to(today, rate, confirm, marginal));
            }
        }
    }
}

#[test]
fn a_noisy_server_gets_a_capacity_not_the_step_limit() {
    // Verdicts swing by ±5% around the capacity (a busy 2-core
    // machine's one-second steps): every search answers within its
    // 20 steps, within its tolerance and the noise of the capacity.
    let mut widened = 0;
    for seed in 0..200 {
        for capacity in [2_345.0, 47_000.0, 151_000.0] {
            let (o, steps, tolerance) = noisy(capacity, 0.05, seed);
            let Outcome::Capacity { rate } = o else {
                panic!("{capacity} seed {seed}: {o:?} after {steps:?}")
            };
            assert!(
                rate <= capacity * 1.05 && rate >= capacity * (1.0 - 0.05 - tolerance),
                "{capacity} seed {seed}: {rate} (tolerance {tolerance}) after {steps:?}"
            );
            assert!(tolerance <= MAX_TOLERANCE, "{tolerance}");
            widened += usize::from(tolerance > 0.02);
            // Steps near the knee are long; the first ones never are.
            assert!(!steps[0].2 && steps.last().unwrap().2, "{steps:?}");
        }
    }
    // The noise was seen, and widened some answers' tolerance.
    assert!(widened > 0);
}

/// The highest rate under every failure of `steps` (each of its runs passed).
fn highest_clean_pass(steps: &[StepResult]) -> f64 {
    let lowest_failure = steps
        .iter()
        .filter(|st| !st.pass)
        .map(|st| st.rate)
        .fold(f64::INFINITY, f64::min);
    steps
        .iter()
        .filter(|st| st.pass && st.rate < lowest_failure)
        .map(|st| st.rate)
        .fold(0.0, f64::max)
}

#[test]
fn a_server_of_two_speeds_gets_the_highest_rate_under_every_failure() {
    // go-http in the main job (2026-12-07): it served about 50k/s on some
    // steps and held 58-62k/s on others. Its search ran out of steps and
    // answered "at least 10,000/s", the last pass under a failed
    // confirmation's tolerance, where every step up to 49,765/s passed.
    let mut noisy_ends = 0;
    for seed in 0..300u64 {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut s = Search::new(Limits::default()).unwrap();
        let outcome = loop {
            match s.next() {
                Next::Done(o) => break o,
                Next::Run { rate, confirm, .. } => {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let today = if state % 2 == 0 { 61_000.0 } else { 50_000.0 };
                    s.record(served_up_to(today, rate, confirm, false));
                }
            }
        };
        match outcome {
            Outcome::AtLeast { rate, bound } => {
                assert!(matches!(bound, Bound::Noisy | Bound::Steps), "{outcome:?}");
                // At least every rate under every failure; a pass above a
                // failure that was not taken back may stand higher.
                let clean = highest_clean_pass(s.steps());
                assert!(
                    rate >= clean,
                    "seed {seed}: {rate} < {clean}: {:?}",
                    s.steps()
                );
                assert!(rate >= 45_000.0, "seed {seed}: {rate}: {:?}", s.steps());
                noisy_ends += 1;
            }
            Outcome::Capacity { rate } => {
                assert!((45_000.0..=61_000.0).contains(&rate), "seed {seed}: {rate}")
            }
            Outcome::BelowMin { .. } => panic!("seed {seed}: {outcome:?}"),
        }
    }
    // Some searches ran out of steps, which is the case this is about.
    assert!(noisy_ends > 0);
}

/// A server of `capacity` on a machine that stalls now and then: each
/// step, whatever its rate, fails with probability `stalls` (a pause of
/// the machine or of the client lands in it), as one-second steps do on
/// a shared 2-core VM. Returns the outcome and the steps.
fn stalling(capacity: f64, stalls: f64, seed: u64) -> (Outcome, Vec<(f64, bool)>) {
    let mut s = Search::new(Limits {
        min_rate: 1000.0,
        precision: 0.05,
        ..Limits::default()
    })
    .unwrap();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut draw = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut steps = Vec::new();
    loop {
        match s.next() {
            Next::Done(o) => return (o, steps),
            Next::Run { rate, confirm, .. } => {
                let stalled = draw() < stalls;
                let pass = rate <= capacity && !stalled;
                steps.push((rate, pass));
                s.record(StepResult {
                    rate,
                    pass,
                    // A stall delays responses, it does not lose them.
                    achieved: rate.min(capacity),
                    client_bound: false,
                    saturated: false,
                    confirm,
                    marginal: false,
                });
            }
        }
    }
}

#[test]
fn a_failure_below_a_pass_runs_again_so_one_stall_does_not_sink_the_answer() {
    // One step in ten meets a stall. A failure below a rate that passed
    // runs again, and only a second failure stands: the answers stay
    // near the capacity instead of falling to wherever a stall landed.
    let capacity = 84_000.0;
    let mut near = 0;
    for seed in 0..200 {
        let (o, steps) = stalling(capacity, 0.1, seed);
        let rate = match o {
            Outcome::Capacity { rate } => rate,
            Outcome::AtLeast { rate, .. } => rate,
            Outcome::BelowMin { .. } => 0.0,
        };
        assert!(rate <= capacity, "seed {seed}: {o:?} after {steps:?}");
        near += usize::from(rate >= 0.8 * capacity);
    }
    assert!(
        near >= 190,
        "{near} of 200 answers within 20% of the capacity"
    );
}
