//! The pacer: when each request (or connection) of an open-loop schedule is
//! due. A pure function of the hit number and the rate schedule — no clock,
//! no sleeping — so it is tested with tables.
//!
//! The schedule is integrated once into a [`Curve`]: `Λ(t)`, the arrivals
//! due by `t`, and its inverse. Arrival `x` of the whole stream is due at
//! `Λ⁻¹(x)`; at a constant rate `R` that is `x / R`.
//!
//! Hit `i` of pacer `k` out of `n` sharing the schedule is arrival `i·n + k`
//! for a uniform arrival: the pacers' hits interleave to one evenly spaced
//! stream whatever the rate does, each pacer taking every `n`-th arrival
//! of it. A Poisson arrival is a time change of a unit-rate Poisson
//! process: each pacer draws exponential gaps of mean `n` in arrivals (in
//! `Λ`, from a seeded generator per pacer) and maps their sums through
//! `Λ⁻¹`, which makes a Poisson process of rate `λ(t) / n`; the `n`
//! independent streams add up to a non-homogeneous Poisson process of rate
//! `λ(t)`.

use std::sync::Arc;
use std::time::Duration;

mod curve;
pub use curve::Curve;

/// How arrivals are spaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Arrival {
    /// Evenly spaced.
    Uniform,
    /// Exponentially distributed gaps (a Poisson process), reproducible from the seed.
    Poisson { seed: u64 },
}

/// Where a pacer is in its stream: what `take` advances.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    hits: u64,
    /// Poisson: the next hit's place in the stream of arrivals (in `Λ`).
    next_x: f64,
    rng: u64,
}

/// Yields the intended offset (from the load's start) of each hit in turn.
#[derive(Debug, Clone)]
pub struct Pacer {
    curve: Arc<Curve>,
    arrival: Arrival,
    /// This pacer's place among those sharing the schedule (`k` of `n`).
    k: f64,
    n: f64,
    at: Cursor,
    limit: Option<u64>,
}

impl Pacer {
    /// Pacer `worker` of `workers` sharing the schedule `curve`; at most `limit` hits.
    pub fn new(
        curve: Arc<Curve>,
        arrival: Arrival,
        worker: usize,
        workers: usize,
        limit: Option<u64>,
    ) -> Pacer {
        let mut pacer = Pacer {
            curve,
            arrival,
            k: worker as f64,
            n: workers.max(1) as f64,
            at: Cursor {
                hits: 0,
                next_x: 0.0,
                rng: 0,
            },
            limit,
        };
        if let Arrival::Poisson { seed } = arrival {
            let mut rng = splitmix(seed ^ (worker as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let first = pacer.exp_gap(&mut rng);
            pacer.at = Cursor {
                hits: 0,
                next_x: first,
                rng,
            };
        }
        pacer
    }

    /// A gap between this pacer's Poisson hits, in arrivals: exponential of mean `n`.
    fn exp_gap(&self, rng: &mut u64) -> f64 {
        *rng = splitmix(*rng);
        // A uniform in (0, 1]: never ln(0).
        let u = ((*rng >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
        -u.ln() * self.n
    }

    /// Hits taken so far.
    pub fn hits(&self) -> u64 {
        self.at.hits
    }

    /// The hit budget is spent (the limit reached). A schedule that has
    /// ended is not spent: its run goes on to its end.
    pub fn spent(&self) -> bool {
        self.limit.is_some_and(|l| self.at.hits >= l)
    }

    /// The intended offset of the hit at `at`, or `None` past the limit or
    /// the schedule's end.
    fn due(&self, at: &Cursor) -> Option<Duration> {
        if self.limit.is_some_and(|l| at.hits >= l) {
            return None;
        }
        let x = match self.arrival {
            Arrival::Uniform => at.hits as f64 * self.n + self.k,
            Arrival::Poisson { .. } => at.next_x,
        };
        self.curve.time_of(x).map(Duration::from_secs_f64)
    }

    fn advance(&self, at: &mut Cursor) {
        at.hits += 1;
        if let Arrival::Poisson { .. } = self.arrival {
            at.next_x += self.exp_gap(&mut at.rng);
        }
    }

    /// The hits from the next one on, without taking them.
    fn upcoming(&self) -> impl Iterator<Item = Duration> + '_ {
        let mut at = self.at;
        std::iter::from_fn(move || {
            let due = self.due(&at)?;
            self.advance(&mut at);
            Some(due)
        })
    }

    /// The intended offset of the next hit, or `None` when the limit is
    /// reached or the schedule has no more.
    pub fn peek(&self) -> Option<Duration> {
        self.due(&self.at)
    }

    /// Takes the next hit, returning its intended offset.
    pub fn take(&mut self) -> Option<Duration> {
        let due = self.peek()?;
        let mut at = self.at;
        self.advance(&mut at);
        self.at = at;
        Some(due)
    }

    /// Uniform: how many of this pacer's hits (from the first, the limit
    /// aside) are due by `t`. `Λ(t)` gives it to within rounding; the
    /// hits' own times settle it, so that it agrees with [`Pacer::peek`].
    fn uniform_due(&self, t: Duration) -> u64 {
        let x = self.curve.due_by(t.as_secs_f64());
        let mut due = if x < self.k {
            0
        } else {
            ((x - self.k) / self.n).floor() as u64 + 1
        };
        let due_at = |hits: u64| {
            self.curve
                .time_of(hits as f64 * self.n + self.k)
                .is_some_and(|s| Duration::from_secs_f64(s) <= t)
        };
        while due > 0 && !due_at(due - 1) {
            due -= 1;
        }
        while due_at(due) {
            due += 1;
        }
        due
    }

    /// The offset of the last hit due within `window` after the next one
    /// (the next one's own offset if none is), without taking any: a loop
    /// that wakes then sends them all in one wake-up, the first at most
    /// `window` late. `None` when there is no next hit.
    pub fn last_within(&self, window: Duration) -> Option<Duration> {
        let first = self.peek()?;
        let until = first + window;
        if let Arrival::Uniform = self.arrival {
            let due = self.uniform_due(until);
            let due = self.limit.map_or(due, |l| due.min(l));
            let last = Cursor {
                hits: due.saturating_sub(1).max(self.at.hits),
                ..self.at
            };
            return Some(self.due(&last).unwrap_or(first).clamp(first, until));
        }
        // A window holds a handful of hits at the rates where it matters;
        // the bound keeps a huge rate from making this a long loop.
        self.upcoming().take(65).take_while(|d| *d <= until).last()
    }

    /// How many hits are due by `elapsed` that have not been taken (without taking them).
    pub fn backlog(&self, elapsed: Duration) -> u64 {
        if let Arrival::Uniform = self.arrival {
            let due = self.uniform_due(elapsed);
            let due = self.limit.map_or(due, |l| due.min(l));
            return due.saturating_sub(self.at.hits);
        }
        self.upcoming().take_while(|d| *d <= elapsed).count() as u64
    }
}

/// SplitMix64: a small, well-mixed generator step.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Arrival {
    /// `uniform` or `poisson`.
    pub fn name(self) -> &'static str {
        match self {
            Arrival::Uniform => "uniform",
            Arrival::Poisson { .. } => "poisson",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pacer `worker` of `workers` at a constant `rate`.
    fn pacer(
        rate: f64,
        arrival: Arrival,
        worker: usize,
        workers: usize,
        limit: Option<u64>,
    ) -> Pacer {
        Pacer::new(
            Arc::new(Curve::constant(rate)),
            arrival,
            worker,
            workers,
            limit,
        )
    }

    fn ms(x: f64) -> Duration {
        Duration::from_secs_f64(x / 1000.0)
    }

    #[test]
    fn uniform_single_worker() {
        let mut p = pacer(1000.0, Arrival::Uniform, 0, 1, None);
        let got: Vec<_> = (0..4).map(|_| p.take().unwrap()).collect();
        assert_eq!(got, vec![ms(0.0), ms(1.0), ms(2.0), ms(3.0)]);
    }

    #[test]
    fn uniform_workers_interleave() {
        // Two workers at 1000/s together: worker 0 at 0,2,4 ms; worker 1 at 1,3,5 ms.
        let cases = [(0, [0.0, 2.0, 4.0]), (1, [1.0, 3.0, 5.0])];
        for (worker, want) in cases {
            let mut p = pacer(1000.0, Arrival::Uniform, worker, 2, None);
            for w in want {
                let got = p.take().unwrap().as_secs_f64() * 1000.0;
                assert!((got - w).abs() < 1e-9, "worker {worker}: {got} != {w}");
            }
        }
    }

    #[test]
    fn limit_stops_the_schedule() {
        let mut p = pacer(10.0, Arrival::Uniform, 0, 1, Some(2));
        assert!(p.take().is_some());
        assert!(p.take().is_some());
        assert_eq!(p.take(), None);
        assert_eq!(p.peek(), None);
    }

    #[test]
    fn backlog_counts_due_hits() {
        let table = [(0.0, 1), (0.5, 1), (1.0, 2), (9.99, 10), (10.0, 11)];
        for (elapsed_ms, due) in table {
            let p = pacer(1000.0, Arrival::Uniform, 0, 1, None);
            assert_eq!(p.backlog(ms(elapsed_ms)), due, "at {elapsed_ms} ms");
        }
        let mut p = pacer(1000.0, Arrival::Uniform, 0, 1, Some(5));
        p.take();
        assert_eq!(p.backlog(ms(100.0)), 4);
        let p = pacer(1000.0, Arrival::Poisson { seed: 3 }, 0, 1, None);
        let b = p.backlog(Duration::from_secs(1));
        assert!((900..1100).contains(&b), "{b}");
    }

    #[test]
    fn last_within_a_window() {
        // 1000/s: hits at 0, 1, 2, 3 ms.
        let table = [(0.0, 0.0), (0.999, 0.0), (1.0, 1.0), (2.5, 2.0)];
        for (window, want) in table {
            let p = pacer(1000.0, Arrival::Uniform, 0, 1, None);
            assert_eq!(
                p.last_within(ms(window)),
                Some(ms(want)),
                "window {window} ms"
            );
        }
        let mut p = pacer(1000.0, Arrival::Uniform, 0, 1, Some(3));
        p.take();
        assert_eq!(p.last_within(ms(10.0)), Some(ms(2.0)), "not past the limit");
        p.take();
        p.take();
        assert_eq!(p.last_within(ms(10.0)), None);
        // Poisson: the hits the probe finds within the window, never past it.
        let p = pacer(10_000.0, Arrival::Poisson { seed: 5 }, 0, 1, None);
        let first = p.peek().unwrap();
        let last = p.last_within(ms(0.5)).unwrap();
        let mut probe = p.clone();
        let mut want = first;
        while let Some(d) = probe.take() {
            if d > first + ms(0.5) {
                break;
            }
            want = d;
        }
        assert_eq!(last, want);
        assert!(
            last > first,
            "about five hits fall in half a millisecond at 10,000/s"
        );
    }

    #[test]
    fn poisson_mean_rate_and_spread() {
        let mut p = pacer(10_000.0, Arrival::Poisson { seed: 7 }, 0, 1, None);
        let n = 100_000;
        let mut last = 0.0;
        let mut gaps = Vec::with_capacity(n);
        for _ in 0..n {
            let t = p.take().unwrap().as_secs_f64();
            assert!(t >= last);
            gaps.push(t - last);
            last = t;
        }
        let mean = gaps.iter().sum::<f64>() / n as f64;
        let var = gaps.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / n as f64;
        // Exponential: mean 100 µs, standard deviation equal to the mean.
        assert!((mean - 1e-4).abs() < 2e-6, "mean {mean}");
        assert!((var.sqrt() - 1e-4).abs() < 4e-6, "sd {}", var.sqrt());
    }

    #[test]
    fn poisson_is_reproducible_and_per_worker() {
        let a: Vec<_> = {
            let mut p = pacer(100.0, Arrival::Poisson { seed: 1 }, 0, 2, None);
            (0..5).map(|_| p.take().unwrap()).collect()
        };
        let b: Vec<_> = {
            let mut p = pacer(100.0, Arrival::Poisson { seed: 1 }, 0, 2, None);
            (0..5).map(|_| p.take().unwrap()).collect()
        };
        let c: Vec<_> = {
            let mut p = pacer(100.0, Arrival::Poisson { seed: 1 }, 1, 2, None);
            (0..5).map(|_| p.take().unwrap()).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}

#[cfg(test)]
mod schedule_tests;
