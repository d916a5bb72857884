//! Watches a run for the terminal: a live progress line (only when stdout is
//! a terminal) and the HdrHistogram interval log (`--hdr-log`).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use barrage_engine::{Observer, Window};
use hdrhistogram::serialization::interval_log::IntervalLogWriterBuilder;
use hdrhistogram::serialization::V2DeflateSerializer;
use hdrhistogram::Histogram;

use crate::live::LiveView;
use crate::metrics::Live;
use crate::summary::fmt_us;

type Interval = (Histogram<u64>, Duration, Duration);

pub struct CliObserver {
    progress: bool,
    /// `--metrics`: where each second is published.
    live: Option<Arc<Live>>,
    /// The live view on a terminal.
    view: Option<LiveView>,
    /// `--progress-lines`: a `barrage-progress` line a second on stderr.
    machine: bool,
    log: Option<(Sender<Interval>, JoinHandle<std::io::Result<()>>)>,
    last_elapsed: Duration,
}

impl CliObserver {
    pub fn new(progress: bool, hdr_log: Option<&Path>) -> Result<CliObserver, String> {
        let log = match hdr_log {
            None => None,
            Some(path) => {
                let file = File::create(path)
                    .map_err(|e| format!("--hdr-log {}: cannot create: {e}", path.display()))?;
                let (tx, rx) = mpsc::channel::<Interval>();
                let handle = std::thread::spawn(move || write_log(file, rx));
                Some((tx, handle))
            }
        };
        Ok(CliObserver {
            progress,
            live: None,
            view: None,
            machine: false,
            log,
            last_elapsed: Duration::ZERO,
        })
    }

    /// Writes a machine-readable line a second on stderr.
    pub fn machine_lines(&mut self, on: bool) {
        self.machine = on;
    }

    /// Shows every second in the live view.
    pub fn show(&mut self, view: LiveView) {
        self.view = Some(view);
    }

    /// Publishes every second to `live` (`--metrics`).
    pub fn publish(&mut self, live: Arc<Live>) {
        self.live = Some(live);
    }

    /// Ends the progress line and closes the log.
    /// Ends the live view or the progress line, and closes the log; an
    /// error is one line saying which.
    pub fn finish(&mut self) -> Result<(), String> {
        let view = match self.view.take() {
            Some(mut view) => view.finish().map_err(|e| format!("the live view: {e}")),
            None => Ok(()),
        };
        if self.progress {
            print!("\r\x1b[2K");
            let _ = std::io::stdout().flush();
        }
        let log = match self.log.take() {
            Some((tx, handle)) => {
                drop(tx);
                handle
                    .join()
                    .unwrap_or_else(|_| Err(std::io::Error::other("log writer panicked")))
                    .map_err(|e| format!("writing the HdrHistogram log: {e}"))
            }
            None => Ok(()),
        };
        view.and(log)
    }
}

impl Observer for CliObserver {
    fn on_window(&mut self, w: &Window) {
        let start = self.last_elapsed;
        let length = w.elapsed.saturating_sub(start);
        self.last_elapsed = w.elapsed;
        if let Some(live) = &self.live {
            live.on_window(w, length);
        }
        if let Some(view) = &self.view {
            view.on_window(w, length);
        }
        if self.machine {
            let h = &w.latency_us;
            let p99 = if h.is_empty() {
                0
            } else {
                h.value_at_quantile(0.99)
            };
            eprintln!(
                "barrage-progress warmup={} t={:.1} rps={:.0} p99_us={p99} errors={}",
                u8::from(w.warmup),
                w.elapsed.as_secs_f64(),
                w.counters.responses as f64 / length.as_secs_f64().max(1e-3),
                w.counters.errors_total()
            );
        }
        if let (Some((tx, _)), false) = (&self.log, w.warmup) {
            let _ = tx.send((w.latency_us.clone(), start, length));
        }
        if self.progress {
            let secs = length.as_secs_f64().max(1e-3);
            let h = &w.latency_us;
            let p99 = if h.is_empty() {
                "-".to_string()
            } else {
                fmt_us(h.value_at_quantile(0.99) as f64)
            };
            let phase = if w.warmup { "warm-up" } else { "" };
            print!(
                "\r\x1b[2K  {:>5.0}s {phase} {:>10.0} responses/s   p99 {p99:>9}   errors {}",
                w.elapsed.as_secs_f64(),
                w.counters.responses as f64 / secs,
                w.counters.errors_total()
            );
            let _ = std::io::stdout().flush();
        }
    }
}

/// One histogram per interval; values are microseconds.
fn write_log(file: File, rx: mpsc::Receiver<Interval>) -> std::io::Result<()> {
    let mut out = BufWriter::new(file);
    let mut serializer = V2DeflateSerializer::new();
    let now = SystemTime::now();
    let mut writer = IntervalLogWriterBuilder::new()
        .add_comment(
            "barrage load: response time histograms, one per second; values in microseconds",
        )
        .with_start_time(now)
        .with_base_time(now)
        .with_max_value_divisor(1000.0)
        .begin_log_with(&mut out, &mut serializer)?;
    for (h, start, length) in rx {
        writer
            .write_histogram(&h, start, length, None)
            .map_err(|e| std::io::Error::other(format!("{e:?}")))?;
    }
    drop(writer);
    out.flush()
}
