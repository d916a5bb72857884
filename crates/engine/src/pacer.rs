//! The pacer: when each request (or connection) of an open-loop schedule is
//! due. A pure function of the hit number — no clock, no sleeping — so it is
//! tested with tables.
//!
//! Hit `i` of worker `k` out of `n` workers sharing a rate `R` is due at
//! `(i·n + k) / R` for a uniform arrival; the workers' hits interleave to one
//! evenly spaced stream. A Poisson arrival draws exponential gaps of mean
//! `n / R` from a seeded generator per worker: the sum of independent Poisson
//! streams is a Poisson stream of rate `R`.

use std::time::Duration;

/// How arrivals are spaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Arrival {
    /// Evenly spaced.
    Uniform,
    /// Exponentially distributed gaps (a Poisson process), reproducible from the seed.
    Poisson { seed: u64 },
}

/// Yields the intended offset (from the schedule's start) of each hit in turn.
#[derive(Debug, Clone)]
pub struct Pacer {
    arrival: Arrival,
    /// Seconds between this pacer's hits, on average.
    gap_s: f64,
    /// Offset of this pacer's first hit, seconds.
    phase_s: f64,
    hits: u64,
    /// Poisson: offset of the next hit, seconds; advanced by `take`.
    next_s: f64,
    rng: u64,
    limit: Option<u64>,
}

impl Pacer {
    /// Worker `worker` of `workers` sharing `rate_per_s`; at most `limit` hits.
    pub fn new(
        rate_per_s: f64,
        arrival: Arrival,
        worker: usize,
        workers: usize,
        limit: Option<u64>,
    ) -> Pacer {
        let workers = workers.max(1) as f64;
        let gap_s = workers / rate_per_s;
        let phase_s = worker as f64 / rate_per_s;
        let rng = match arrival {
            Arrival::Uniform => 0,
            Arrival::Poisson { seed } => {
                splitmix(seed ^ (worker as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            }
        };
        let mut pacer = Pacer {
            arrival,
            gap_s,
            phase_s,
            hits: 0,
            next_s: 0.0,
            rng,
            limit,
        };
        if let Arrival::Poisson { .. } = arrival {
            pacer.next_s = pacer.exp_gap();
        }
        pacer
    }

    fn exp_gap(&mut self) -> f64 {
        self.rng = splitmix(self.rng);
        // A uniform in (0, 1]: never ln(0).
        let u = ((self.rng >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
        -u.ln() * self.gap_s
    }

    /// Hits taken so far.
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// The intended offset of the next hit, or `None` when the limit is reached.
    pub fn peek(&self) -> Option<Duration> {
        if self.limit.is_some_and(|l| self.hits >= l) {
            return None;
        }
        let s = match self.arrival {
            Arrival::Uniform => self.phase_s + self.hits as f64 * self.gap_s,
            Arrival::Poisson { .. } => self.next_s,
        };
        Some(Duration::from_secs_f64(s))
    }

    /// Takes the next hit, returning its intended offset.
    pub fn take(&mut self) -> Option<Duration> {
        let due = self.peek()?;
        self.hits += 1;
        if let Arrival::Poisson { .. } = self.arrival {
            self.next_s += self.exp_gap();
        }
        Some(due)
    }

    /// The offset of the last hit due within `window` after the next one
    /// (the next one's own offset if none is), without taking any: a loop
    /// that wakes then sends them all in one wake-up, the first at most
    /// `window` late. `None` when the limit is reached.
    pub fn last_within(&self, window: Duration) -> Option<Duration> {
        let first = self.peek()?;
        let until = first + window;
        if let Arrival::Uniform = self.arrival {
            let more = (window.as_secs_f64() / self.gap_s + 1e-9).floor() as u64;
            let more = self
                .limit
                .map_or(more, |l| more.min(l.saturating_sub(self.hits + 1)));
            let s = self.phase_s + (self.hits + more) as f64 * self.gap_s;
            return Some(Duration::from_secs_f64(s).clamp(first, until));
        }
        let mut probe = self.clone();
        let mut last = first;
        // A window holds a handful of hits at the rates where it matters;
        // the bound keeps a huge rate from making this a long loop.
        for _ in 0..64 {
            probe.take();
            match probe.peek() {
                Some(d) if d <= until => last = d,
                _ => break,
            }
        }
        Some(last)
    }

    /// How many hits are due by `elapsed` that have not been taken (without taking them).
    pub fn backlog(&self, elapsed: Duration) -> u64 {
        if let Arrival::Uniform = self.arrival {
            // Closed form for the even schedule.
            let since_first = elapsed.as_secs_f64() - self.phase_s;
            if since_first < 0.0 {
                return 0;
            }
            let due = (since_first / self.gap_s + 1e-9).floor() as u64 + 1;
            let due = self.limit.map_or(due, |l| due.min(l));
            return due.saturating_sub(self.hits);
        }
        let mut probe = self.clone();
        let mut n = 0;
        while probe.peek().is_some_and(|d| d <= elapsed) {
            probe.take();
            n += 1;
        }
        n
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

    fn ms(x: f64) -> Duration {
        Duration::from_secs_f64(x / 1000.0)
    }

    #[test]
    fn uniform_single_worker() {
        let mut p = Pacer::new(1000.0, Arrival::Uniform, 0, 1, None);
        let got: Vec<_> = (0..4).map(|_| p.take().unwrap()).collect();
        assert_eq!(got, vec![ms(0.0), ms(1.0), ms(2.0), ms(3.0)]);
    }

    #[test]
    fn uniform_workers_interleave() {
        // Two workers at 1000/s together: worker 0 at 0,2,4 ms; worker 1 at 1,3,5 ms.
        let cases = [(0, [0.0, 2.0, 4.0]), (1, [1.0, 3.0, 5.0])];
        for (worker, want) in cases {
            let mut p = Pacer::new(1000.0, Arrival::Uniform, worker, 2, None);
            for w in want {
                let got = p.take().unwrap().as_secs_f64() * 1000.0;
                assert!((got - w).abs() < 1e-9, "worker {worker}: {got} != {w}");
            }
        }
    }

    #[test]
    fn limit_stops_the_schedule() {
        let mut p = Pacer::new(10.0, Arrival::Uniform, 0, 1, Some(2));
        assert!(p.take().is_some());
        assert!(p.take().is_some());
        assert_eq!(p.take(), None);
        assert_eq!(p.peek(), None);
    }

    #[test]
    fn backlog_counts_due_hits() {
        let table = [(0.0, 1), (0.5, 1), (1.0, 2), (9.99, 10), (10.0, 11)];
        for (elapsed_ms, due) in table {
            let p = Pacer::new(1000.0, Arrival::Uniform, 0, 1, None);
            assert_eq!(p.backlog(ms(elapsed_ms)), due, "at {elapsed_ms} ms");
        }
        let mut p = Pacer::new(1000.0, Arrival::Uniform, 0, 1, Some(5));
        p.take();
        assert_eq!(p.backlog(ms(100.0)), 4);
        let p = Pacer::new(1000.0, Arrival::Poisson { seed: 3 }, 0, 1, None);
        let b = p.backlog(Duration::from_secs(1));
        assert!((900..1100).contains(&b), "{b}");
    }

    #[test]
    fn last_within_a_window() {
        // 1000/s: hits at 0, 1, 2, 3 ms.
        let table = [(0.0, 0.0), (0.999, 0.0), (1.0, 1.0), (2.5, 2.0)];
        for (window, want) in table {
            let p = Pacer::new(1000.0, Arrival::Uniform, 0, 1, None);
            assert_eq!(
                p.last_within(ms(window)),
                Some(ms(want)),
                "window {window} ms"
            );
        }
        let mut p = Pacer::new(1000.0, Arrival::Uniform, 0, 1, Some(3));
        p.take();
        assert_eq!(p.last_within(ms(10.0)), Some(ms(2.0)), "not past the limit");
        p.take();
        p.take();
        assert_eq!(p.last_within(ms(10.0)), None);
        // Poisson: the hits the probe finds within the window, never past it.
        let p = Pacer::new(10_000.0, Arrival::Poisson { seed: 5 }, 0, 1, None);
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
        let mut p = Pacer::new(10_000.0, Arrival::Poisson { seed: 7 }, 0, 1, None);
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
            let mut p = Pacer::new(100.0, Arrival::Poisson { seed: 1 }, 0, 2, None);
            (0..5).map(|_| p.take().unwrap()).collect()
        };
        let b: Vec<_> = {
            let mut p = Pacer::new(100.0, Arrival::Poisson { seed: 1 }, 0, 2, None);
            (0..5).map(|_| p.take().unwrap()).collect()
        };
        let c: Vec<_> = {
            let mut p = Pacer::new(100.0, Arrival::Poisson { seed: 1 }, 1, 2, None);
            (0..5).map(|_| p.take().unwrap()).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
