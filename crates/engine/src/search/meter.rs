//! The client's load over a run in this process: its CPU share of its
//! worker threads' cores and its threads' wait for a core (Linux
//! schedstat), for the client-bound rule (`barrage_model::client_bound`).
//! The capacity search's local steps and `barrage load` measure with it.
//! It reads /proc and getrusage; it judges nothing.

use std::collections::HashMap;
use std::time::Instant;

use barrage_model::client_bound::ClientLoad;

use crate::{Observer, Window};

/// Measures from its start: CPU since then, and the threads' wait for a
/// core between the run's start and its last window (an observer of the
/// run; pass it through [`Tee`] beside another).
pub struct ClientMeter {
    cpu0: f64,
    t0: Instant,
    waits: WaitWatch,
}

impl ClientMeter {
    pub fn start() -> ClientMeter {
        ClientMeter {
            cpu0: process_cpu_seconds(),
            t0: Instant::now(),
            waits: WaitWatch::default(),
        }
    }

    /// The load so far, over `threads` worker threads' cores.
    pub fn load(&self, threads: usize) -> ClientLoad {
        let threads = threads.max(1) as f64;
        let cores = self.t0.elapsed().as_secs_f64() * threads;
        ClientLoad {
            cpu_share: (cores > 0.0).then(|| (process_cpu_seconds() - self.cpu0) / cores),
            wait_share: self.waits.share(threads),
        }
    }
}

impl Observer for ClientMeter {
    fn on_start(&mut self, measure_start: Instant) {
        self.waits.on_start(measure_start);
    }
    fn on_window(&mut self, window: &Window) {
        self.waits.on_window(window);
    }
}

/// Two observers of one run, each told everything.
pub struct Tee<'a>(pub &'a mut dyn Observer, pub &'a mut dyn Observer);

impl Observer for Tee<'_> {
    fn on_start(&mut self, measure_start: Instant) {
        self.0.on_start(measure_start);
        self.1.on_start(measure_start);
    }
    fn on_window(&mut self, window: &Window) {
        self.0.on_window(window);
        self.1.on_window(window);
    }
}

/// Samples each thread's wait for a core at the start and at each window.
/// A thread's figures go with it when it ends, so each is kept as last
/// seen: the workers' waits count even when the last sample comes after
/// they ended. A thread first seen after the first sample was born in the
/// run and counts from zero.
#[derive(Default)]
struct WaitWatch {
    first_at: Option<Instant>,
    last_at: Option<Instant>,
    /// By thread id: its wait when first counted and when last seen, seconds.
    threads: HashMap<u64, (f64, f64)>,
}

impl WaitWatch {
    fn sample(&mut self) {
        if let Some(waits) = thread_waits() {
            self.record(Instant::now(), waits);
        }
    }

    /// One sample of each thread's wait so far, `now`.
    fn record(&mut self, now: Instant, waits: Vec<(u64, f64)>) {
        let first = self.first_at.is_none();
        self.first_at.get_or_insert(now);
        self.last_at = Some(now);
        for (tid, w) in waits {
            let seen = self
                .threads
                .entry(tid)
                .or_insert((if first { w } else { 0.0 }, w));
            seen.1 = w;
        }
    }

    /// The threads' wait between the first and last samples as a share of
    /// `threads` cores over that time.
    fn share(&self, threads: f64) -> Option<f64> {
        let (t0, t1) = (self.first_at?, self.last_at?);
        let cores = t1.duration_since(t0).as_secs_f64() * threads;
        let waited: f64 = self.threads.values().map(|(a, b)| (b - a).max(0.0)).sum();
        (cores > 0.0).then(|| waited / cores)
    }
}

impl Observer for WaitWatch {
    fn on_start(&mut self, _measure_start: Instant) {
        self.sample();
    }
    fn on_window(&mut self, _window: &Window) {
        self.sample();
    }
}

/// Time this process's threads spent ready to run but waiting for a core,
/// so far, seconds: the sum of the second field of every
/// /proc/self/task/TID/schedstat (Linux with schedstats; None elsewhere).
pub fn process_wait_seconds() -> Option<f64> {
    Some(thread_waits()?.iter().map(|(_, w)| w).sum())
}

/// Each thread's wait for a core so far, seconds, by thread id (the
/// second field of /proc/self/task/TID/schedstat).
fn thread_waits() -> Option<Vec<(u64, f64)>> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    let mut out = Vec::new();
    for task in tasks.flatten() {
        let Some(tid) = task.file_name().to_str().and_then(|t| t.parse().ok()) else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(task.path().join("schedstat")) else {
            continue;
        };
        let ns: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
        out.push((tid, ns as f64 / 1e9));
    }
    Some(out)
}

/// CPU this process used so far (user + system), seconds.
pub fn process_cpu_seconds() -> f64 {
    // SAFETY: getrusage writes into the zeroed struct we own; RUSAGE_SELF
    // is always a valid target.
    unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        tv(u.ru_utime) + tv(u.ru_stime)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_worker_that_ended_before_the_last_sample_keeps_its_wait() {
        let t0 = Instant::now();
        let mut w = WaitWatch::default();
        // The main thread (1) at the start; a worker (2) born after it.
        w.record(t0, vec![(1, 5.0)]);
        w.record(t0 + Duration::from_secs(1), vec![(1, 5.1), (2, 0.3)]);
        w.record(t0 + Duration::from_secs(2), vec![(1, 5.2), (2, 0.8)]);
        // The worker ended: the last sample no longer has it.
        w.record(t0 + Duration::from_secs(4), vec![(1, 5.2)]);
        // 0.2 s of the main thread's and 0.8 s of the worker's over 4 s of
        // one core.
        let share = w.share(1.0).unwrap();
        assert!((share - 0.25).abs() < 1e-9, "{share}");
        assert_eq!(WaitWatch::default().share(1.0), None);
    }
}
