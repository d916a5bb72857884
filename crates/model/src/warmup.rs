//! Warm-up until the server is steady (docs/suites.md, "Warm-up"): before a
//! server's first level, and after every start, the lab loads it in short
//! windows until consecutive windows agree, so that no level measures a
//! JIT compiler, a cold cache or a pool still growing. Pure: the rule and
//! the record; the lab runs the windows.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// One window of the warm-up.
pub const WINDOW: Duration = Duration::from_millis(500);
/// The last this many windows are compared, their later half with their
/// earlier half...
pub const AGREEING: usize = 4;
/// ... and the server is steady when the later half's mean rate is no
/// more than this share above the earlier half's: it no longer climbs.
pub const AGREE: f64 = 0.05;
/// The warm-up stops after this long, steady or not, unless the server's
/// manifest asks for longer (`[warmup] cap`).
pub const CAP: Duration = Duration::from_secs(30);

/// How long a server is warmed: at least `min` (a manifest's `[warmup]
/// min`, for a JIT runtime or a cache), until steady, at most `cap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WarmupPlan {
    pub min: Duration,
    pub cap: Duration,
}

impl Default for WarmupPlan {
    fn default() -> WarmupPlan {
        WarmupPlan {
            min: Duration::ZERO,
            cap: CAP,
        }
    }
}

/// Whether windows with these rates (per second, oldest first) are steady:
/// at least [`AGREEING`] of them, the last [`AGREEING`] all answered, and
/// the mean of their later half at most [`AGREE`] above the mean of their
/// earlier half. A server that still warms climbs from window to window;
/// a warm one only scatters (half-second windows on a shared VM scatter
/// by ±20%, which no "within 5% of each other" rule gets through).
pub fn steady(rates: &[f64]) -> bool {
    if rates.len() < AGREEING {
        return false;
    }
    let last = &rates[rates.len() - AGREEING..];
    if last.iter().any(|&r| r <= 0.0) {
        return false;
    }
    let (before, after) = last.split_at(AGREEING / 2);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    mean(after) <= (1.0 + AGREE) * mean(before)
}

/// What the warm-up loop does after a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Run another window.
    Window,
    /// Steady (and past the minimum): the levels may start.
    Steady,
    /// The cap came first: the levels start on a server that never settled.
    Capped,
    /// The last [`AGREEING`] windows (past the minimum) answered nothing
    /// successfully: a server that answers only errors, or none at all,
    /// has nothing to warm, and its levels say so sooner than the cap.
    Unanswered,
}

/// After windows of `rates` over `elapsed`: go on, or stop and why.
pub fn next(plan: &WarmupPlan, rates: &[f64], elapsed: Duration) -> Next {
    let unanswered =
        rates.len() >= AGREEING && rates[rates.len() - AGREEING..].iter().all(|&r| r <= 0.0);
    if elapsed >= plan.min && steady(rates) {
        Next::Steady
    } else if elapsed >= plan.min && unanswered {
        Next::Unanswered
    } else if elapsed + WINDOW > plan.cap.max(plan.min) {
        Next::Capped
    } else {
        Next::Window
    }
}

/// The request a scenario sends, as far as warming goes: the same
/// protocol, method, path and workload warm the same code in the server.
pub fn request_key(s: &crate::suite::Scenario) -> String {
    format!(
        "{} {} {} {}",
        s.protocol,
        s.method,
        s.path,
        s.workload.map_or("", |w| w.name())
    )
    .trim_end()
    .to_string()
}

/// A server start's warm-up, as it ran (results.json `servers[].warmups`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WarmupRecord {
    /// The request it warmed ([`request_key`]): every level of the start
    /// that sends it came after.
    pub request: String,
    /// The load it ran: the first level's scenario, closed loop over
    /// `connections`.
    pub scenario: String,
    pub connections: usize,
    /// The plan's minimum and cap, seconds.
    pub min_s: f64,
    pub cap_s: f64,
    /// Each window's rate, per second, in order.
    pub rates: Vec<f64>,
    /// Wall time from the first window's start to the last one's end.
    pub seconds: f64,
    /// False: the cap (or an error) ended it before the rates agreed.
    pub steady: bool,
    /// Why it could not run, when it could not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl WarmupRecord {
    /// `6.5 s to steady (42,100/s)`, `30 s, capped (not steady: 12,000 to
    /// 31,000/s)`.
    pub fn summary(&self) -> String {
        if let Some(e) = &self.error {
            return format!("not warmed: {e}");
        }
        let last = self.rates.last().copied().unwrap_or(0.0);
        match self.steady {
            true => format!("{:.1} s to steady ({last:.0}/s)", self.seconds),
            false => {
                let tail = &self.rates[self.rates.len().saturating_sub(AGREEING)..];
                let lo = tail.iter().copied().fold(f64::MAX, f64::min);
                let hi = tail.iter().copied().fold(0.0, f64::max);
                format!(
                    "{:.1} s, capped (not steady: {lo:.0} to {hi:.0}/s)",
                    self.seconds
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_that_no_longer_climbs_is_steady_however_it_scatters() {
        assert!(!steady(&[100.0, 100.0, 100.0]));
        assert!(steady(&[10.0, 100.0, 97.0, 99.0, 101.0]));
        // Still climbing: the later half 20% above the earlier.
        assert!(!steady(&[50.0, 60.0, 70.0, 80.0]));
        // Warm, scattering by a fifth either way (nginx in half-second
        // windows here): no climb.
        assert!(steady(&[108_830.0, 127_308.0, 114_150.0, 98_002.0]));
        // A server that answered nothing is not steady at zero.
        assert!(!steady(&[0.0, 0.0, 0.0, 0.0]));
    }

    #[test]
    fn a_climbing_jit_runs_until_it_levels_or_the_cap() {
        let plan = WarmupPlan::default();
        let climbing: Vec<f64> = (1..=10).map(|i| 1000.0 * f64::from(i)).collect();
        assert_eq!(next(&plan, &climbing, Duration::from_secs(5)), Next::Window);
        assert_eq!(next(&plan, &climbing, CAP), Next::Capped);
        let level = [5000.0, 9000.0, 9900.0, 10000.0, 9800.0, 9900.0];
        assert_eq!(next(&plan, &level, Duration::from_secs(3)), Next::Steady);
    }

    #[test]
    fn a_server_answering_nothing_stops_the_warm_up_after_its_minimum() {
        let plan = WarmupPlan::default();
        // Answered, then its database died: four empty windows end it.
        let dead = [9000.0, 9100.0, 0.0, 0.0, 0.0];
        assert_eq!(next(&plan, &dead, Duration::from_secs(3)), Next::Window);
        let dead = [9000.0, 0.0, 0.0, 0.0, 0.0];
        assert_eq!(next(&plan, &dead, Duration::from_secs(3)), Next::Unanswered);
        // A slow start that answers in its fourth window goes on.
        let slow = [0.0, 0.0, 0.0, 40.0];
        assert_eq!(next(&plan, &slow, Duration::from_secs(2)), Next::Window);
        // A JIT runtime's minimum is honoured first.
        let jvm = WarmupPlan {
            min: Duration::from_secs(5),
            ..plan
        };
        assert_eq!(next(&jvm, &[0.0; 4], Duration::from_secs(2)), Next::Window);
        assert_eq!(
            next(&jvm, &[0.0; 10], Duration::from_secs(5)),
            Next::Unanswered
        );
    }

    #[test]
    fn a_manifest_minimum_holds_a_steady_server_longer() {
        let plan = WarmupPlan {
            min: Duration::from_secs(10),
            cap: Duration::from_secs(5),
        };
        let flat = [100.0; 4];
        assert_eq!(next(&plan, &flat, Duration::from_secs(2)), Next::Window);
        // The cap never cuts a minimum short.
        assert_eq!(next(&plan, &flat, Duration::from_secs(8)), Next::Window);
        assert_eq!(next(&plan, &flat, Duration::from_secs(10)), Next::Steady);
    }

    #[test]
    fn the_summary_says_steady_or_capped() {
        let mut r = WarmupRecord {
            request: "h1 GET /hello".into(),
            scenario: "hello".into(),
            connections: 100,
            min_s: 0.0,
            cap_s: 30.0,
            rates: vec![20_000.0, 41_000.0, 42_000.0, 42_100.0],
            seconds: 2.1,
            steady: true,
            error: None,
        };
        assert_eq!(r.summary(), "2.1 s to steady (42100/s)");
        r.steady = false;
        assert_eq!(r.summary(), "2.1 s, capped (not steady: 20000 to 42100/s)");
    }
}
