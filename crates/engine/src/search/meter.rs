//! The client's load over a run in this process: its CPU share of its
//! worker threads' cores and its threads' wait for a core (Linux
//! schedstat), for the client-bound rule (`barrage_model::client_bound`).
//! The capacity search's local steps and `barrage load` measure with it.
//! It reads /proc and getrusage; it judges nothing.

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

/// Samples the threads' wait for a core at the start and at each
/// window: the workers live from the first sample to the last (a thread
/// that ends takes its figures with it).
#[derive(Default)]
struct WaitWatch {
    first: Option<(Instant, f64)>,
    last: Option<(Instant, f64)>,
}

impl WaitWatch {
    fn sample(&mut self) {
        if let Some(w) = process_wait_seconds() {
            let now = (Instant::now(), w);
            if self.first.is_none() {
                self.first = Some(now);
            }
            self.last = Some(now);
        }
    }

    /// The wait between the first and last samples as a share of
    /// `threads` cores over that time.
    fn share(&self, threads: f64) -> Option<f64> {
        let ((t0, w0), (t1, w1)) = (self.first?, self.last?);
        let cores = t1.duration_since(t0).as_secs_f64() * threads;
        (cores > 0.0).then(|| ((w1 - w0) / cores).max(0.0))
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
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    let mut ns: u64 = 0;
    for task in tasks.flatten() {
        let Ok(text) = std::fs::read_to_string(task.path().join("schedstat")) else {
            continue;
        };
        ns += text.split_whitespace().nth(1)?.parse::<u64>().ok()?;
    }
    Some(ns as f64 / 1e9)
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
