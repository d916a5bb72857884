//! Settling between a capacity search's steps: after a step the server
//! fell behind in, the next one waits, without load, until the server
//! answers promptly again. An overloaded server keeps answering the
//! backlog of the step before (queued connections and requests the client
//! has given up on) for a while after it; a step started then measures
//! that backlog, and the search walks down rates the server sustains.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Measured, StepError};
use crate::{Arrival, LoadSpec, Model, Schedule};

/// A probe: one connection, this many requests a second, for [`PROBE_FOR`].
pub const PROBE_RATE: f64 = 20.0;
/// How long one probe runs.
pub const PROBE_FOR: Duration = Duration::from_millis(250);
/// The idle time between two probes.
pub const PROBE_GAP: Duration = Duration::from_millis(100);
/// The settle ends after at most this many times its pause, answered or not.
pub const SETTLE_LIMIT: u32 = 10;
/// A probe is prompt when its slowest response is within this many times
/// the first passing step's p99 (and at most [`PROMPT_FLOOR_US`] anyway).
pub const PROMPT_FACTOR: u64 = 4;
/// Below this, any probe is prompt: 5 ms.
pub const PROMPT_FLOOR_US: u64 = 5_000;

/// Waits `pause` without load, then probes the server until a probe is
/// answered without error, every response within `prompt_us`; at most
/// [`SETTLE_LIMIT`] × `pause` in all, and never past `deadline` (the
/// search's time limit) or `stop`. Returns how long it took.
pub fn settle(
    base: &LoadSpec,
    pause: Duration,
    prompt_us: u64,
    deadline: Option<Instant>,
    run_step: &mut dyn FnMut(&LoadSpec) -> Result<Measured, StepError>,
    stop: &AtomicBool,
) -> Duration {
    let began = Instant::now();
    let own = began + pause * SETTLE_LIMIT;
    let limit = deadline.map_or(own, |d| d.min(own));
    let pause = pause.min(limit.saturating_duration_since(began));
    idle(pause, stop);
    let probe = probe_spec(base);
    while !stop.load(Ordering::Relaxed) && Instant::now() + PROBE_FOR < limit {
        match run_step(&probe) {
            Ok(m) if prompt(&m, prompt_us) => break,
            Ok(_) => idle(PROBE_GAP, stop),
            // The probe cannot even run: nothing to wait for.
            Err(_) => break,
        }
    }
    began.elapsed()
}

/// The time a probe's slowest response may take: [`PROMPT_FACTOR`] times
/// `baseline_p99_us` (a passing step's), at least [`PROMPT_FLOOR_US`].
pub fn prompt_us(baseline_p99_us: Option<u64>) -> u64 {
    baseline_p99_us
        .map_or(0, |p| p.saturating_mul(PROMPT_FACTOR))
        .max(PROMPT_FLOOR_US)
}

fn prompt(m: &Measured, prompt_us: u64) -> bool {
    let t = &m.report.totals;
    t.responses > 0
        && t.errors == 0
        && t.responses_not_2xx_3xx == 0
        && m.report.latency_us.max <= prompt_us
}

/// One connection at [`PROBE_RATE`] for [`PROBE_FOR`], whatever the
/// search's model: the same requests, target and protocol.
fn probe_spec(base: &LoadSpec) -> LoadSpec {
    let mut spec = base.clone();
    spec.model = Model::Open {
        rate: Schedule::constant(PROBE_RATE),
        arrival: Arrival::Uniform,
        connections: 1,
        max_connections: 1,
    };
    spec.threads = 1;
    spec.warmup = Duration::ZERO;
    spec.duration = Some(PROBE_FOR);
    spec.max_requests = None;
    spec
}

fn idle(d: Duration, stop: &AtomicBool) {
    let end = Instant::now() + d;
    while !stop.load(Ordering::Relaxed) {
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(Duration::from_millis(50)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use barrage_model::RunReport;

    fn measured(max_us: u64, errors: u64) -> Measured {
        let text = include_str!("../../../lab/tests/fixtures/barrage_open.json");
        let mut report = RunReport::from_json(text).unwrap();
        report.latency_us.max = max_us;
        report.totals.errors = errors;
        report.totals.responses_not_2xx_3xx = 0;
        Measured {
            report,
            client_cpu_share: None,
            client_wait_share: None,
        }
    }

    #[test]
    fn probes_until_the_server_answers_promptly() {
        let base = LoadSpec::from_url("http://127.0.0.1:9/").unwrap();
        let mut probes = Vec::new();
        // Slow twice (the backlog), then prompt.
        let mut answers = [
            measured(900_000, 0),
            measured(40_000, 3),
            measured(2_000, 0),
        ]
        .into_iter();
        let mut step = |spec: &LoadSpec| {
            probes.push(spec.clone());
            Ok(answers.next().unwrap())
        };
        let took = settle(
            &base,
            Duration::from_millis(100),
            8_000,
            None,
            &mut step,
            &AtomicBool::new(false),
        );
        assert_eq!(probes.len(), 3);
        assert!(matches!(
            probes[0].model,
            Model::Open { connections: 1, max_connections: 1, ref rate, .. } if rate.constant_per_s() == Some(PROBE_RATE)
        ));
        assert_eq!(probes[0].duration, Some(PROBE_FOR));
        assert!(took >= Duration::from_millis(300), "{took:?}");
    }

    #[test]
    fn a_settle_ends_at_its_limit_at_the_deadline_or_at_stop() {
        let base = LoadSpec::from_url("http://127.0.0.1:9/").unwrap();
        let mut n = 0;
        let mut never_prompt = |_: &LoadSpec| {
            n += 1;
            Ok(measured(900_000, 0))
        };
        // A pause of 30 ms allows 300 ms in all: one probe of 250 ms fits.
        settle(
            &base,
            Duration::from_millis(30),
            8_000,
            None,
            &mut never_prompt,
            &AtomicBool::new(false),
        );
        assert!(n <= 2, "{n} probes");
        let mut m = 0;
        let mut counted = |_: &LoadSpec| {
            m += 1;
            Ok(measured(900_000, 0))
        };
        settle(
            &base,
            Duration::from_secs(60),
            8_000,
            None,
            &mut counted,
            &AtomicBool::new(true),
        );
        assert_eq!(m, 0);
        // The search's time limit bounds it too: no pause, no probe.
        let mut no_probe = |_: &LoadSpec| -> Result<Measured, StepError> { panic!("probed") };
        let took = settle(
            &base,
            Duration::from_secs(60),
            8_000,
            Some(Instant::now()),
            &mut no_probe,
            &AtomicBool::new(false),
        );
        assert!(took < Duration::from_secs(1), "{took:?}");
    }

    #[test]
    fn prompt_is_four_times_a_passing_p99_at_least_5_ms() {
        assert_eq!(prompt_us(None), 5_000);
        assert_eq!(prompt_us(Some(300)), 5_000);
        assert_eq!(prompt_us(Some(2_500)), 10_000);
    }
}
