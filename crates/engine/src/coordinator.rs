//! Runs a spec: splits it over worker threads, merges their one-second
//! windows in order (telling an [`Observer`] about each), and builds the
//! [`RunReport`].

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;

use crate::limits::raise_open_files_limit;
use crate::link::dialer;
use crate::pacer::{Arrival, Curve, Pacer};
use crate::recorder::{histogram, Counters, ErrorKind, Recorder, LATE_SEND};
use crate::report::spec_summary;
use crate::script::Scripting;
use crate::session::grpc::GrpcConfig;
use crate::session::h2::H2Settings;
use crate::session::ws::WsConfig;
use crate::session::{ProtocolCounts, SessionConfig};
use crate::spec::{Field, LoadSpec, Model, Protocol, Reuse, Schedule, Scheme, SpecError};
use crate::wire::compile;
use crate::worker::scripted::ScriptState;
use crate::worker::{Msg, Plan, SessionCounts, Shared, Worker, WorkerSummary};
use barrage_model::load::*;
use timeline::Timeline;

mod timeline;

/// One second of the run, merged over every worker.
#[derive(Debug, Clone)]
pub struct Window {
    /// A warm-up window: shown, never recorded.
    pub warmup: bool,
    /// Seconds since the measured phase began.
    pub index: u32,
    /// Time since the load started, at this window's end.
    pub elapsed: Duration,
    pub latency_us: Histogram<u64>,
    pub counters: Counters,
    /// Connections open or opening at the window's end, over every worker.
    pub connections_open: u64,
    /// Error kinds some worker met for the first time in this window, with
    /// the message (the report's `errors.*.first` comes from these).
    pub first_errors: Vec<(ErrorKind, String)>,
}

/// Watches a run as it goes (live display, interval logs).
pub trait Observer {
    /// The load starts now; the measured phase begins at `measure_start`
    /// (after the warm-up). Called once, before any window.
    fn on_start(&mut self, _measure_start: Instant) {}
    fn on_window(&mut self, _window: &Window) {}
}

/// An observer that does nothing.
pub struct NoObserver;
impl Observer for NoObserver {}

/// Runs `spec` to its end.
pub fn run(spec: &LoadSpec, observer: &mut dyn Observer) -> Result<RunReport, SpecError> {
    run_until(spec, observer, Arc::new(AtomicBool::new(false)))
}

/// Runs `spec`; setting `stop` ends the run early (its report says `interrupted`).
pub fn run_until(
    spec: &LoadSpec,
    observer: &mut dyn Observer,
    stop: Arc<AtomicBool>,
) -> Result<RunReport, SpecError> {
    run_scripted(spec, observer, stop, None)
}

/// Runs `spec` with a load script's hooks ([`crate::script`]): each
/// worker's script is made before any worker starts, so an error in the
/// script's set-up fails the run before any connection.
pub fn run_scripted(
    spec: &LoadSpec,
    observer: &mut dyn Observer,
    stop: Arc<AtomicBool>,
    script: Option<&mut dyn Scripting>,
) -> Result<RunReport, SpecError> {
    spec.validate()?;
    check_open_files(spec)?;
    let workers = worker_count(spec);
    let scripts = match script {
        Some(script) => worker_scripts(spec, script, workers)?,
        None => (0..workers).map(|_| None).collect(),
    };
    let start = Instant::now();
    let measure_start = start + spec.warmup;
    let shared = Arc::new(shared(spec, stop, start)?);
    let (tx, rx) = mpsc::channel();
    let mut handles = Vec::with_capacity(workers);
    for (id, script) in scripts.into_iter().enumerate() {
        let plan = plan_for(spec, id, workers);
        let worker = Worker::new(id, shared.clone(), plan, tx.clone(), script).map_err(|e| {
            SpecError::new(Field::Resources, format!("cannot start worker {id}: {e}"))
        })?;
        let handle = std::thread::Builder::new()
            .name(format!("barrage-worker-{id}"))
            .spawn(move || worker.run())
            .map_err(|e| {
                SpecError::new(Field::Resources, format!("cannot start worker thread: {e}"))
            })?;
        handles.push(handle);
    }
    drop(tx);
    observer.on_start(measure_start);
    let mut merger = Merger::new(workers, start, Timeline::of(spec));
    for msg in rx {
        merger.take(msg, observer);
    }
    for h in handles {
        let _ = h.join();
    }
    let mut report = merger.report(spec, measure_start, workers);
    // What ran: io_uring only if every worker set up its ring.
    if shared.uring_workers.load(Ordering::Relaxed) < workers {
        report.spec.io = IoKind::Epoll;
    }
    Ok(report)
}

/// Each worker's script, made on this thread before any worker starts; the
/// first one's `request()` is called once to check what it returns.
fn worker_scripts(
    spec: &LoadSpec,
    script: &mut dyn Scripting,
    workers: usize,
) -> Result<Vec<Option<Box<ScriptState>>>, SpecError> {
    if spec.protocol != Protocol::Http1 {
        return Err(SpecError::new(
            Field::Script,
            "a script with hooks (setup, init, request, response, delay) makes HTTP/1.x requests: run it over HTTP/1.x",
        ));
    }
    let script_error = |e: String| SpecError::new(Field::Script, e);
    let mut scripts = Vec::with_capacity(workers);
    for id in 0..workers {
        let hooks = script.worker(id, workers).map_err(script_error)?;
        if hooks.has_delay() && !matches!(spec.model, Model::Closed { .. }) {
            return Err(SpecError::new(
                Field::Script,
                "delay() sets a closed loop's think time, and this run's schedule is its rate: remove delay() or run a closed loop",
            ));
        }
        let mut state = ScriptState::new(hooks).map_err(script_error)?;
        if id == 0 {
            state.verify().map_err(script_error)?;
        }
        scripts.push(Some(Box::new(state)));
    }
    Ok(scripts)
}

/// What every worker of the run shares.
fn shared(spec: &LoadSpec, stop: Arc<AtomicBool>, start: Instant) -> Result<Shared, SpecError> {
    let measure_start = start + spec.warmup;
    let sessions = SessionConfig {
        protocol: spec.protocol,
        ws: (spec.protocol == Protocol::Ws).then(|| Arc::new(WsConfig::of(spec))),
        grpc: match spec.protocol {
            Protocol::Grpc => Some(Arc::new(GrpcConfig::of(spec)?)),
            _ => None,
        },
        windows: H2Settings::from_bits(spec.h2.window_bits, spec.h2.connection_window_bits),
        max_body: spec.mix.as_ref().map_or_else(
            || {
                spec.requests
                    .iter()
                    .map(|r| r.body.len())
                    .max()
                    .unwrap_or(0)
            },
            |m| m.max_body(),
        ),
        requests_close: !matches!(
            spec.reuse,
            Reuse::KeepAlive | Reuse::Http10 { keepalive: true }
        ),
        keep_responses: false,
    };
    Ok(Shared {
        addr: spec.target.addr,
        requests: compile(
            &spec.requests,
            &spec.target.authority,
            spec.reuse,
            spec.target.scheme,
        ),
        mix: spec.mix.as_ref().map(|m| {
            let t = &spec.target;
            crate::mix::wire::compile(m, &t.authority, spec.reuse, t.scheme, spec.protocol)
        }),
        reuse: spec.reuse,
        dialer: dialer(spec)?,
        sessions,
        streams: spec.h2.streams,
        start,
        measure_start,
        end: spec.duration.map(|d| measure_start + d),
        timeout: spec.timeout,
        stop,
        halt: AtomicBool::new(false),
        sources: crate::source::plan(spec)?,
        // The kernel turns receive stamps on a moment after the first socket
        // asks; asking now, before any connection, has them on by the first
        // response.
        send_window: spec.send_window,
        _stamps: matches!(spec.model, Model::Open { .. })
            .then(crate::stamp::keep_on)
            .flatten(),
        io: spec.io,
        uring_workers: AtomicUsize::new(0),
    })
}

/// The wall-clock time of `at`, in Unix milliseconds (`None` if the clock
/// is before 1970).
fn unix_ms_at(at: Instant) -> Option<u64> {
    let now = std::time::SystemTime::now();
    let ago = Instant::now().saturating_duration_since(at);
    let then = now.checked_sub(ago)?;
    let since = then.duration_since(std::time::UNIX_EPOCH).ok()?;
    Some(since.as_millis() as u64)
}

fn check_open_files(spec: &LoadSpec) -> Result<(), SpecError> {
    let Ok(limit) = raise_open_files_limit() else {
        return Ok(());
    };
    let connections = spec.peak_connections() as u64;
    if let Some(line) = limit.refusal(connections) {
        return Err(SpecError::new(Field::Resources, line));
    }
    crate::limits::reserve_fd_table(connections + crate::limits::SPARE_FDS, &limit);
    Ok(())
}

fn worker_count(spec: &LoadSpec) -> usize {
    let units = match spec.model {
        Model::Closed { connections, .. } | Model::Open { connections, .. } => connections as u64,
        Model::Sessions { sessions, .. } => sessions,
    };
    let units = match spec.max_requests {
        Some(n) if !matches!(spec.model, Model::Sessions { .. }) => units.min(n),
        _ => units,
    };
    (spec.threads as u64).min(units).max(1) as usize
}

/// `total` split over `n`: share `i` (the first ones get the remainder).
fn share(total: u64, i: usize, n: usize) -> u64 {
    total / n as u64 + u64::from((i as u64) < total % n as u64)
}

fn plan_for(spec: &LoadSpec, id: usize, workers: usize) -> Plan {
    let budget = spec.max_requests.map(|n| share(n, id, workers));
    // The pacers of a part are workers of the whole plan's schedule:
    // worker `id` of part `index` is worker `index × workers + id` of
    // `of × workers`, pacing the whole plan's rate (the part's times `of`).
    // The schedule starts with the measured phase; the warm-up before it
    // holds the first stage's rate.
    let (of, index) = (spec.part.of.max(1) as usize, spec.part.index as usize);
    let pacers = (index * workers + id, of * workers);
    let curve =
        |schedule: &Schedule| Arc::new(Curve::new(schedule, of as f64, spec.warmup.as_secs_f64()));
    match spec.model {
        Model::Closed {
            connections,
            pipeline,
        } => Plan::Closed {
            connections: share(connections as u64, id, workers) as usize,
            pipeline,
            budget,
        },
        Model::Open {
            ref rate,
            arrival,
            connections,
            max_connections,
        } => Plan::Open {
            pacer: open_pacer(spec, curve(rate), arrival, pacers, budget),
            connections: share(connections as u64, id, workers) as usize,
            max_connections: share(max_connections as u64, id, workers) as usize,
            idle: Vec::new(),
        },
        Model::Sessions {
            ref conn_rate,
            arrival,
            calls,
            sessions,
        } => Plan::Sessions {
            pacer: Pacer::new(
                curve(conn_rate),
                arrival,
                pacers.0,
                pacers.1,
                Some(share(sessions, id, workers)),
            ),
            calls,
            counts: SessionCounts::default(),
        },
    }
}

/// The open-loop pacer of pacer `id` of `pacers` sharing `curve` (the whole
/// plan's). A request budget (`-n`) counts measured requests only: the hits
/// due in the warm-up come on top of it.
fn open_pacer(
    spec: &LoadSpec,
    curve: Arc<Curve>,
    arrival: Arrival,
    (id, pacers): (usize, usize),
    budget: Option<u64>,
) -> Pacer {
    let in_warmup = if spec.warmup.is_zero() {
        0
    } else {
        let before_end = spec.warmup.saturating_sub(Duration::from_nanos(1));
        Pacer::new(curve.clone(), arrival, id, pacers, None).backlog(before_end)
    };
    Pacer::new(curve, arrival, id, pacers, budget.map(|b| b + in_warmup))
}

/// A window being assembled from the workers' parts.
struct Pending {
    rec: Recorder,
    ends: Instant,
    from: Vec<bool>,
}

/// Merges windows in order and keeps the run's totals.
struct Merger {
    workers: usize,
    start: Instant,
    done: Vec<bool>,
    /// Key -1 is the warm-up.
    pending: BTreeMap<i64, Pending>,
    total: Recorder,
    series: Vec<Second>,
    summaries: Vec<WorkerSummary>,
    /// A paced run against its schedule.
    timeline: Option<Timeline>,
}

impl Merger {
    fn new(workers: usize, start: Instant, timeline: Option<Timeline>) -> Merger {
        Merger {
            workers,
            start,
            done: vec![false; workers],
            pending: BTreeMap::new(),
            total: Recorder::new(),
            series: Vec::new(),
            summaries: Vec::new(),
            timeline,
        }
    }

    fn take(&mut self, msg: Msg, observer: &mut dyn Observer) {
        match msg {
            Msg::Window {
                worker,
                index,
                ends,
                rec,
            } => {
                let key = index.map_or(-1, i64::from);
                let workers = self.workers;
                let p = self.pending.entry(key).or_insert_with(|| Pending {
                    rec: Recorder::new(),
                    ends,
                    from: vec![false; workers],
                });
                merge(&mut p.rec, &rec);
                p.ends = p.ends.max(ends);
                p.from[worker] = true;
            }
            Msg::Done { worker, summary } => {
                self.done[worker] = true;
                self.summaries.push(*summary);
            }
        }
        self.emit_ready(observer);
    }

    fn emit_ready(&mut self, observer: &mut dyn Observer) {
        while let Some(entry) = self.pending.first_entry() {
            let complete = entry
                .get()
                .from
                .iter()
                .zip(&self.done)
                .all(|(&f, &d)| f || d);
            if !complete {
                return;
            }
            let (key, mut p) = entry.remove_entry();
            let window = Window {
                warmup: key < 0,
                index: key.max(0) as u32,
                elapsed: p.ends - self.start,
                latency_us: std::mem::replace(&mut p.rec.latency_us, histogram()),
                counters: std::mem::take(&mut p.rec.counters),
                connections_open: p.rec.open_connections,
                first_errors: std::mem::take(&mut p.rec.first_errors),
            };
            if !window.warmup {
                self.record(&window, &p.rec);
            }
            observer.on_window(&window);
        }
    }

    /// Adds a measured window: its latencies and counters, and the other
    /// histograms of `rec` (whose latency and counters were moved to `w`).
    fn record(&mut self, w: &Window, rec: &Recorder) {
        let h = &w.latency_us;
        if let Some(t) = &mut self.timeline {
            t.record(w.index, h);
        }
        self.series.push(Second {
            t_s: w.index,
            scheduled: None,
            offered: None,
            responses: w.counters.responses,
            errors: w.counters.errors_total(),
            bytes_read: w.counters.bytes_read,
            p50_us: if h.is_empty() {
                0
            } else {
                h.value_at_quantile(0.5)
            },
            p99_us: if h.is_empty() {
                0
            } else {
                h.value_at_quantile(0.99)
            },
            max_us: if h.is_empty() { 0 } else { h.max() },
        });
        let t = &mut self.total;
        let _ = t.latency_us.add(h);
        let _ = t.connect_us.add(&rec.connect_us);
        let _ = t.tls_handshake_us.add(&rec.tls_handshake_us);
        let _ = t.upgrade_us.add(&rec.upgrade_us);
        let _ = t.call_us.add(&rec.call_us);
        let _ = t.message_us.add(&rec.message_us);
        let _ = t.send_delay_us.add(&rec.send_delay_us);
        let _ = t.client_delay_us.add(&rec.client_delay_us);
        t.counters.add(&w.counters);
    }

    fn report(mut self, spec: &LoadSpec, measure_start: Instant, workers: usize) -> RunReport {
        let reason = self
            .summaries
            .iter()
            .map(|s| s.reason)
            .max()
            .unwrap_or(StopReason::Duration);
        let last = self
            .summaries
            .iter()
            .map(|s| s.finished)
            .max()
            .unwrap_or(measure_start);
        let elapsed = match (reason, spec.duration) {
            (StopReason::Duration, Some(d)) => d,
            _ => last.saturating_duration_since(measure_start),
        };
        let secs = elapsed.as_secs_f64().max(1e-9);
        let mut protocols = ProtocolCounts::default();
        for s in &self.summaries {
            protocols.add(&s.protocols);
        }
        let open = matches!(spec.model, Model::Open { .. });
        let mean_rate = self.timeline.as_ref().map(|t| t.mean_per_s(secs));
        let stages = self.timeline.take().map_or_else(Vec::new, |t| {
            let offered = self.offered();
            t.finish(&mut self.series, &offered)
        });
        let ws = spec.protocol == Protocol::Ws;
        let grpc = spec.protocol == Protocol::Grpc;
        RunReport {
            schema: SCHEMA.to_string(),
            barrage_version: env!("CARGO_PKG_VERSION").to_string(),
            target: TargetReport {
                url: spec.target.url.clone(),
                address: spec.target.addr.to_string(),
            },
            spec: SpecSummary {
                threads: workers,
                ..spec_summary(spec)
            },
            stop_reason: reason,
            script_error: self.summaries.iter().find_map(|s| s.script_error.clone()),
            measured_from_unix_ms: unix_ms_at(measure_start),
            totals: self.totals(secs),
            latency_us: LatencyStats::from_histogram(&self.total.latency_us),
            connect_us: LatencyStats::from_histogram(&self.total.connect_us),
            connections: ConnectionStats {
                opened: self.total.counters.connections_opened,
                peak_open: self.summaries.iter().map(|s| s.peak_connections).sum(),
            },
            tls: (spec.target.scheme == Scheme::Https).then(|| self.tls_report()),
            h2: (spec.protocol == Protocol::H2).then(|| protocols.h2_report()),
            h3: (spec.protocol == Protocol::H3).then(|| protocols.h3_report()),
            ws: ws.then(|| WsReport {
                upgrade_us: LatencyStats::from_histogram(&self.total.upgrade_us),
                ..protocols.ws.clone()
            }),
            grpc: grpc.then(|| GrpcReport {
                call_us: LatencyStats::from_histogram(&self.total.call_us),
                message_us: LatencyStats::from_histogram(&self.total.message_us),
                ..protocols.grpc.clone()
            }),
            open_loop: self.open_loop_stats(spec, secs, mean_rate),
            sessions: self.session_stats(spec, mean_rate),
            status_counts: self.status_counts(),
            errors: self.errors(),
            series: self.series,
            stages,
            histograms: Histograms {
                latency_us: self.total.latency_us,
                connect_us: self.total.connect_us,
                tls_handshake_us: self.total.tls_handshake_us,
                send_delay_us: open.then_some(self.total.send_delay_us),
                client_delay_us: open.then_some(self.total.client_delay_us),
                upgrade_us: ws.then_some(self.total.upgrade_us),
                grpc_call_us: grpc.then(|| self.total.call_us.clone()),
                grpc_message_us: grpc.then_some(self.total.message_us),
            },
            templates: crate::mix::tally::reports(
                spec.mix.as_ref(),
                self.summaries.iter().map(|s| &s.templates[..]),
            ),
            agents: None,
            // The caller, which knows its own CPU, judges its client.
            client_bound: None,
            checks: Vec::new(),
        }
    }

    fn totals(&self, secs: f64) -> Totals {
        let c = &self.total.counters;
        Totals {
            elapsed_s: secs,
            requests_sent: c.requests_sent,
            responses: c.responses,
            responses_per_s: c.responses as f64 / secs,
            responses_not_2xx_3xx: c.responses_not_2xx_3xx,
            bytes_read: c.bytes_read,
            bytes_read_per_s: c.bytes_read as f64 / secs,
            bytes_written: c.bytes_written,
            errors: c.errors_total(),
        }
    }

    /// Every error kind's count, with the first message any worker kept.
    fn errors(&self) -> BTreeMap<String, ErrorCount> {
        let c = &self.total.counters;
        let mut errors = BTreeMap::new();
        for kind in ErrorKind::ALL {
            let first = self
                .summaries
                .iter()
                .find_map(|s| s.first_errors[kind as usize].clone());
            errors.insert(
                kind.name().to_string(),
                ErrorCount {
                    count: c.errors[kind as usize],
                    first,
                },
            );
        }
        errors
    }

    fn status_counts(&self) -> BTreeMap<String, u64> {
        let mut status_counts = BTreeMap::new();
        for s in &self.summaries {
            for &(code, n) in &s.status_counts {
                *status_counts.entry(code.to_string()).or_insert(0) += n;
            }
        }
        status_counts
    }

    /// What was sent, by the measured second of its intended start, over
    /// every worker.
    fn offered(&self) -> Vec<u64> {
        let mut all: Vec<u64> = Vec::new();
        for s in &self.summaries {
            if all.len() < s.offered.len() {
                all.resize(s.offered.len(), 0);
            }
            for (a, n) in all.iter_mut().zip(&s.offered) {
                *a += n;
            }
        }
        all
    }

    /// `mean_rate`: the schedule's mean rate over the measured phase.
    fn open_loop_stats(
        &self,
        spec: &LoadSpec,
        secs: f64,
        mean_rate: Option<f64>,
    ) -> Option<OpenLoopStats> {
        let Model::Open { .. } = spec.model else {
            return None;
        };
        let c = &self.total.counters;
        Some(OpenLoopStats {
            target_rate_per_s: mean_rate.unwrap_or(0.0),
            achieved_rate_per_s: c.requests_sent as f64 / secs,
            late_sends: c.late_sends,
            late_threshold_us: LATE_SEND.as_micros() as u64,
            unsent: self.summaries.iter().map(|s| s.unsent).sum(),
            send_delay_us: LatencyStats::from_histogram(&self.total.send_delay_us),
            client_delay_us: LatencyStats::from_histogram(&self.total.client_delay_us),
            waited_for_connection: c.waited_for_connection,
        })
    }

    fn session_stats(&self, spec: &LoadSpec, mean_rate: Option<f64>) -> Option<SessionStats> {
        let Model::Sessions {
            calls,
            sessions: planned,
            ..
        } = spec.model
        else {
            return None;
        };
        let mut sessions = SessionCounts::default();
        for s in &self.summaries {
            sessions.started += s.sessions.started;
            sessions.completed += s.sessions.completed;
            sessions.failed += s.sessions.failed;
            sessions.incomplete += s.sessions.incomplete;
        }
        Some(SessionStats {
            planned,
            started: sessions.started,
            completed: sessions.completed,
            failed: sessions.failed,
            incomplete: sessions.incomplete,
            calls_per_session: calls,
            conn_rate_per_s: mean_rate.unwrap_or(0.0),
        })
    }

    fn tls_report(&self) -> TlsReport {
        let first = self.summaries.iter().find_map(|s| s.tls.clone());
        TlsReport {
            version: first.as_ref().map(|t| t.version.clone()),
            cipher: first.as_ref().and_then(|t| t.cipher.clone()),
            alpn: first.and_then(|t| t.alpn),
            handshakes_full: self.summaries.iter().map(|s| s.handshakes_full).sum(),
            handshakes_resumed: self.summaries.iter().map(|s| s.handshakes_resumed).sum(),
            handshake_us: LatencyStats::from_histogram(&self.total.tls_handshake_us),
        }
    }
}

fn merge(into: &mut Recorder, from: &Recorder) {
    let _ = into.latency_us.add(&from.latency_us);
    let _ = into.connect_us.add(&from.connect_us);
    let _ = into.tls_handshake_us.add(&from.tls_handshake_us);
    let _ = into.upgrade_us.add(&from.upgrade_us);
    let _ = into.call_us.add(&from.call_us);
    let _ = into.message_us.add(&from.message_us);
    let _ = into.send_delay_us.add(&from.send_delay_us);
    let _ = into.client_delay_us.add(&from.client_delay_us);
    into.counters.add(&from.counters);
    into.open_connections += from.open_connections;
    into.first_errors.extend(from.first_errors.iter().cloned());
}

#[cfg(test)]
mod tests;
