//! A rate schedule integrated ([`Curve`]): how many arrivals are due by a
//! time, and its inverse, when arrival number `x` is due. Pure arithmetic on
//! the schedule's stages, exact to floating point: a hold is linear, a
//! linear ramp quadratic.
//!
//! With `λ(t)` the rate, the arrivals due by `t` are `Λ(t) = ∫₀ᵗ λ`. On a
//! stage that starts at `t₀` with `Λ(t₀) = x₀`, rate `r` and slope `a`
//! (per second²), `Λ(t₀ + τ) = x₀ + rτ + aτ²/2`, so arrival `x` is due at
//! `τ = 2y / (r + √(r² + 2ay))` with `y = x − x₀`: the root of the
//! quadratic written so that it holds for a hold (`a = 0`), a ramp down
//! (`a < 0`) and a ramp from zero alike, without dividing by the slope.

use barrage_model::load::Schedule;

/// One stage, placed in time and in arrivals.
#[derive(Debug, Clone, Copy)]
struct Segment {
    /// Seconds from the curve's start to the stage's.
    start_s: f64,
    /// Arrivals due before the stage: `Λ(start_s)`.
    start_x: f64,
    /// The rate at the stage's start, per second.
    rate: f64,
    /// The rate's change per second.
    slope: f64,
    /// The stage's length in seconds (infinite: it lasts until the run ends).
    length_s: f64,
}

impl Segment {
    /// Arrivals due in the stage's first `tau` seconds.
    fn area(&self, tau: f64) -> f64 {
        let tau = tau.min(self.length_s);
        if tau.is_infinite() {
            // A last stage without an end holds its rate (its slope is 0).
            return if self.rate > 0.0 { f64::INFINITY } else { 0.0 };
        }
        self.rate * tau + self.slope * tau * tau / 2.0
    }

    /// The time into the stage at which `y` of its arrivals are due.
    fn time_into(&self, y: f64) -> f64 {
        if y <= 0.0 {
            return 0.0;
        }
        let root = (self.rate * self.rate + 2.0 * self.slope * y)
            .max(0.0)
            .sqrt();
        (2.0 * y / (self.rate + root)).min(self.length_s)
    }
}

/// A schedule integrated, from the load's start. Every rate is multiplied
/// by `scale`, and a lead-in (the warm-up) holds the first stage's rate
/// before the first stage.
#[derive(Debug, Clone)]
pub struct Curve {
    segments: Vec<Segment>,
    /// `Λ` at the schedule's end (infinite when its last stage has no end).
    end_x: f64,
    /// The rate, when the schedule is a constant one.
    constant: Option<f64>,
}

impl Curve {
    /// `schedule` times `scale`, after `lead_s` seconds at its first rate.
    pub fn new(schedule: &Schedule, scale: f64, lead_s: f64) -> Curve {
        let mut segments = Vec::with_capacity(schedule.stages().len() + 1);
        let (mut start_s, mut start_x) = (0.0, 0.0);
        let first = schedule.first_per_s() * scale;
        let lead = (lead_s > 0.0).then_some((first, first, lead_s));
        let stages = schedule.stages().iter().map(|s| {
            let length_s = s.duration.map_or(f64::INFINITY, |d| d.as_secs_f64());
            (s.from_per_s * scale, s.to_per_s * scale, length_s)
        });
        for (from, to, length_s) in lead.into_iter().chain(stages) {
            let slope = if length_s.is_finite() {
                (to - from) / length_s
            } else {
                0.0
            };
            let segment = Segment {
                start_s,
                start_x,
                rate: from,
                slope,
                length_s,
            };
            start_x += segment.area(length_s);
            start_s += length_s;
            segments.push(segment);
        }
        Curve {
            segments,
            end_x: start_x,
            constant: schedule.constant_per_s().map(|r| r * scale),
        }
    }

    /// A constant `rate` per second from the start.
    pub fn constant(rate: f64) -> Curve {
        Curve::new(&Schedule::constant(rate), 1.0, 0.0)
    }

    /// The mean rate from `from_s` to `to_s` seconds (a constant rate
    /// exactly; the rate at `from_s` over no time).
    pub fn mean_per_s(&self, from_s: f64, to_s: f64) -> f64 {
        match self.constant {
            Some(rate) => rate,
            None if to_s > from_s => (self.due_by(to_s) - self.due_by(from_s)) / (to_s - from_s),
            None => {
                let i = self
                    .segments
                    .partition_point(|s| s.start_s <= from_s)
                    .max(1)
                    - 1;
                let s = &self.segments[i];
                s.rate + s.slope * (from_s - s.start_s).min(s.length_s)
            }
        }
    }

    /// `Λ(t)`: arrivals due by `t_s` seconds (fractional; `Λ(0) = 0`).
    pub fn due_by(&self, t_s: f64) -> f64 {
        if t_s <= 0.0 {
            return 0.0;
        }
        let i = self.segments.partition_point(|s| s.start_s <= t_s) - 1;
        let s = &self.segments[i];
        s.start_x + s.area(t_s - s.start_s)
    }

    /// When arrival `x` (0 first; fractional for Poisson arrivals) is due,
    /// in seconds, or `None` if the schedule ends (or its rate stays zero)
    /// before it.
    pub fn time_of(&self, x: f64) -> Option<f64> {
        if x >= self.end_x || x < 0.0 {
            return None;
        }
        // The last stage that starts at or before `x`: stages that send
        // nothing start where the next one does and are passed over.
        let i = self.segments.partition_point(|s| s.start_x <= x) - 1;
        let s = &self.segments[i];
        let tau = s.time_into(x - s.start_x);
        tau.is_finite().then_some(s.start_s + tau)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(text: &str) -> Curve {
        Curve::new(&text.parse().unwrap(), 1.0, 0.0)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn a_hold_is_linear() {
        let c = Curve::constant(1000.0);
        for x in [0.0, 1.0, 999.0, 1e6] {
            assert!(close(c.time_of(x).unwrap(), x / 1000.0), "{x}");
        }
        assert!(close(c.due_by(2.5), 2500.0));
    }

    #[test]
    fn a_ramp_from_zero_is_a_square_root() {
        // λ(t) = 2000 t: Λ(t) = 1000 t², arrival x at √(x / 1000).
        let c = curve("0..2000:1s");
        for x in [0.0, 1.0, 10.0, 250.0, 999.0] {
            let t = c.time_of(x).unwrap();
            assert!(close(t, (x / 1000.0).sqrt()), "{x}: {t}");
        }
        assert!(close(c.due_by(0.5), 250.0));
        assert_eq!(c.time_of(1000.0), None, "the schedule ends at 1000");
    }

    #[test]
    fn a_ramp_after_a_hold_solves_its_quadratic() {
        // 1000/s for 1 s, then 1000 → 3000/s over 1 s (slope 2000/s²):
        // Λ(1 + τ) = 1000 + 1000 τ + 1000 τ².
        let c = curve("1000:1s,1000..3000:1s");
        for m in [0.0f64, 1.0, 500.0, 1999.0] {
            let tau = (-1000.0 + (1e6 + 4000.0 * m).sqrt()) / 2000.0;
            let t = c.time_of(1000.0 + m).unwrap();
            assert!(close(t, 1.0 + tau), "{m}: {t} vs {}", 1.0 + tau);
            assert!(close(c.due_by(1.0 + tau), 1000.0 + m), "{m}");
        }
        assert_eq!(c.time_of(3000.0), None);
    }

    #[test]
    fn a_ramp_down_and_a_pause_are_crossed() {
        // 3000 → 1000/s over 1 s (2000 arrivals), nothing for 1 s, then 500/s.
        let c = curve("3000..1000:1s,0:1s,500");
        // Λ(τ) = 3000 τ − 1000 τ²: arrival 1250 at τ = (3 − √(9 − 5)) / 2 = 0.5.
        assert!(close(c.time_of(1250.0).unwrap(), 0.5));
        // The pause sends nothing: arrival 2000 is due when 500/s starts.
        assert!(close(c.time_of(2000.0).unwrap(), 2.0));
        assert!(close(c.time_of(2001.0).unwrap(), 2.002));
        assert!(close(c.due_by(1.5), 2000.0));
        // A last stage of nothing: no arrival after the others, ever.
        let c = curve("100:1s,0");
        assert!(close(c.time_of(99.0).unwrap(), 0.99));
        assert_eq!(c.time_of(100.0), None);
        assert!(close(c.due_by(1e9), 100.0));
    }

    #[test]
    fn scale_and_lead_in() {
        // Half of 100 → 300/s over 2 s, after 1 s at the first rate (50/s).
        let c = Curve::new(&"100..300:2s".parse().unwrap(), 0.5, 1.0);
        assert!(close(c.due_by(1.0), 50.0));
        assert!(close(c.due_by(3.0), 50.0 + 200.0));
        assert!(close(c.time_of(50.0).unwrap(), 1.0));
        assert_eq!(c.time_of(250.0), None);
    }
}
