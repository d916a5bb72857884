//! The merge of reports of loads run side by side (several workers,
//! processes or hosts) into the report of the whole load, and the check
//! that two reports are of the same plan. Pure arithmetic on the model.

use std::fmt;

use super::{
    GrpcReport, H2Report, H3Report, Histograms, IoKind, LatencyStats, RunReport, Second,
    SessionStats, SpecSummary, TlsReport, Totals, WsReport,
};
use crate::histogram;

impl RunReport {
    /// Adds `other`, a report of load that ran at the same time against the
    /// same target (another worker process or host), so that `self` reports
    /// the whole load.
    ///
    /// Exact: counts, histograms and every percentile computed from them
    /// (latency, connect, TLS handshake, open-loop send delay), status and
    /// error counts, and each second's counts and maximum. Rates are summed
    /// over the longer of the two measured phases. Not exact: a second's
    /// p50 and p99 become the larger of the two (no per-second histograms
    /// are kept); a report written before `histograms.send_delay_us` existed
    /// has no send-delay histogram, so its send delays are left out of the
    /// merged distribution. The spec's
    /// additive parts (connections, threads, rates, budgets) are summed; the
    /// rest is `self`'s. The per-second series are aligned by wall clock
    /// (`measured_from_unix_ms`, to the nearest second) when both reports
    /// have it, else by their own second numbers.
    pub fn merge(&mut self, other: &RunReport) {
        self.stop_reason = self.stop_reason.max(other.stop_reason);
        if self.script_error.is_none() {
            self.script_error.clone_from(&other.script_error);
        }
        let mut theirs = other.series.clone();
        if let (Some(a), Some(b)) = (self.measured_from_unix_ms, other.measured_from_unix_ms) {
            let origin = a.min(b);
            let shift = |from: u64| ((from - origin) as f64 / 1000.0).round() as u32;
            for s in &mut self.series {
                s.t_s += shift(a);
            }
            for s in &mut theirs {
                s.t_s += shift(b);
            }
            self.measured_from_unix_ms = Some(origin);
        }
        self.spec.merge(&other.spec);
        self.merge_histograms(&other.histograms);
        self.totals.merge(&other.totals);
        self.connections.opened += other.connections.opened;
        self.connections.peak_open += other.connections.peak_open;
        merge_tls(&mut self.tls, &other.tls, &self.histograms);
        merge_h2(&mut self.h2, &other.h2);
        merge_h3(&mut self.h3, &other.h3);
        merge_ws(&mut self.ws, &other.ws, &self.histograms);
        merge_grpc(&mut self.grpc, &other.grpc, &self.histograms);
        self.merge_open_loop(other);
        // A part that was the client's fault makes the whole partly so.
        match (&mut self.client_bound, &other.client_bound) {
            (Some(mine), Some(theirs)) => mine.merge(theirs),
            (None, Some(theirs)) => self.client_bound = Some(theirs.clone()),
            _ => {}
        }
        merge_sessions(&mut self.sessions, &other.sessions);
        // A part's checks judged the part: the whole is judged anew.
        self.checks.clear();
        for (code, n) in &other.status_counts {
            *self.status_counts.entry(code.clone()).or_insert(0) += n;
        }
        for (kind, e) in &other.errors {
            let mine = self.errors.entry(kind.clone()).or_default();
            mine.count += e.count;
            if mine.first.is_none() {
                mine.first.clone_from(&e.first);
            }
        }
        merge_series(&mut self.series, &theirs);
        super::schedule::merge_stages(&mut self.stages, &other.stages);
        super::templates::merge_templates(&mut self.templates, &other.templates);
    }

    /// Why `self` and `other` are not the same plan, or `None` when they
    /// are: the same target and request count, protocol, load model and
    /// options, and length. What load splits across processes or hosts
    /// (connections, threads, rates, session and request budgets) may differ.
    pub fn plan_difference(&self, other: &RunReport) -> Option<String> {
        let (a, b) = (&self.spec, &other.spec);
        fn shown<T: fmt::Debug>(v: Option<T>) -> String {
            v.map_or("none".into(), |v| format!("{v:?}"))
        }
        let fields: [(&str, String, String); 14] = [
            (
                "target.url",
                self.target.url.clone(),
                other.target.url.clone(),
            ),
            ("spec.model", a.model.to_string(), b.model.to_string()),
            ("spec.protocol", a.wire.to_string(), b.wire.to_string()),
            (
                "spec.scheme",
                a.wire.scheme.to_string(),
                b.wire.scheme.to_string(),
            ),
            ("spec.streams", shown(a.streams), shown(b.streams)),
            (
                "spec.window_bits",
                shown(a.window_bits),
                shown(b.window_bits),
            ),
            (
                "spec.connection_window_bits",
                shown(a.connection_window_bits),
                shown(b.connection_window_bits),
            ),
            (
                "spec.keepalive",
                a.keepalive.to_string(),
                b.keepalive.to_string(),
            ),
            ("spec.pipeline", shown(a.pipeline), shown(b.pipeline)),
            ("spec.arrival", shown(a.arrival), shown(b.arrival)),
            (
                "spec.calls_per_session",
                shown(a.calls_per_session),
                shown(b.calls_per_session),
            ),
            ("spec.duration_s", shown(a.duration_s), shown(b.duration_s)),
            (
                "spec.warmup_s",
                a.warmup_s.to_string(),
                b.warmup_s.to_string(),
            ),
            (
                "spec.request_count",
                a.request_count.to_string(),
                b.request_count.to_string(),
            ),
        ];
        fields
            .into_iter()
            .find(|(_, x, y)| x != y)
            .map(|(name, x, y)| format!("{name} differs: {x} against {y}"))
            .or_else(|| {
                (a.timeout_s != b.timeout_s).then(|| {
                    format!(
                        "spec.timeout_s differs: {} against {}",
                        a.timeout_s, b.timeout_s
                    )
                })
            })
    }

    fn merge_histograms(&mut self, other: &Histograms) {
        let h = &mut self.histograms;
        histogram::add(&mut h.latency_us, &other.latency_us);
        histogram::add(&mut h.connect_us, &other.connect_us);
        histogram::add(&mut h.tls_handshake_us, &other.tls_handshake_us);
        for (mine, theirs) in [
            (&mut h.send_delay_us, &other.send_delay_us),
            (&mut h.client_delay_us, &other.client_delay_us),
            (&mut h.upgrade_us, &other.upgrade_us),
            (&mut h.grpc_call_us, &other.grpc_call_us),
            (&mut h.grpc_message_us, &other.grpc_message_us),
        ] {
            match (mine, theirs) {
                (Some(mine), Some(theirs)) => histogram::add(mine, theirs),
                (mine @ None, Some(theirs)) => *mine = Some(theirs.clone()),
                _ => {}
            }
        }
        self.latency_us = LatencyStats::from_histogram(&h.latency_us);
        self.connect_us = LatencyStats::from_histogram(&h.connect_us);
    }

    fn merge_open_loop(&mut self, other: &RunReport) {
        let merged = match (self.open_loop.take(), &other.open_loop) {
            (Some(mut a), Some(b)) => {
                a.target_rate_per_s += b.target_rate_per_s;
                a.late_sends += b.late_sends;
                a.unsent += b.unsent;
                a.waited_for_connection += b.waited_for_connection;
                a.achieved_rate_per_s = self.totals.requests_sent as f64 / elapsed(&self.totals);
                if let Some(h) = &self.histograms.send_delay_us {
                    a.send_delay_us = LatencyStats::from_histogram(h);
                }
                if let Some(h) = &self.histograms.client_delay_us {
                    a.client_delay_us = LatencyStats::from_histogram(h);
                }
                Some(a)
            }
            (mine, theirs) => mine.or_else(|| theirs.clone()),
        };
        self.open_loop = merged;
    }
}

fn elapsed(t: &Totals) -> f64 {
    t.elapsed_s.max(1e-9)
}

impl Totals {
    fn merge(&mut self, o: &Totals) {
        self.elapsed_s = self.elapsed_s.max(o.elapsed_s);
        self.requests_sent += o.requests_sent;
        self.responses += o.responses;
        self.responses_not_2xx_3xx += o.responses_not_2xx_3xx;
        self.bytes_read += o.bytes_read;
        self.bytes_written += o.bytes_written;
        self.errors += o.errors;
        let secs = elapsed(self);
        self.responses_per_s = self.responses as f64 / secs;
        self.bytes_read_per_s = self.bytes_read as f64 / secs;
    }
}

impl SpecSummary {
    fn merge(&mut self, o: &SpecSummary) {
        self.threads += o.threads;
        self.connections += o.connections;
        // io_uring only if every part ran on it.
        if o.io == IoKind::Epoll {
            self.io = IoKind::Epoll;
        }
        self.max_connections = sum(self.max_connections, o.max_connections);
        self.rate_per_s = sum(self.rate_per_s, o.rate_per_s);
        self.schedule = match (self.schedule.take(), &o.schedule) {
            (Some(a), Some(b)) => Some(a.plus(b)),
            (a, b) => a.or_else(|| b.clone()),
        };
        self.conn_rate_per_s = sum(self.conn_rate_per_s, o.conn_rate_per_s);
        self.sessions = sum(self.sessions, o.sessions);
        self.requests = sum(self.requests, o.requests);
    }
}

fn merge_tls(mine: &mut Option<TlsReport>, theirs: &Option<TlsReport>, h: &Histograms) {
    match (mine.as_mut(), theirs) {
        (Some(a), Some(b)) => {
            a.version = a.version.take().or_else(|| b.version.clone());
            a.cipher = a.cipher.take().or_else(|| b.cipher.clone());
            a.alpn = a.alpn.take().or_else(|| b.alpn.clone());
            a.handshakes_full += b.handshakes_full;
            a.handshakes_resumed += b.handshakes_resumed;
            a.handshake_us = LatencyStats::from_histogram(&h.tls_handshake_us);
        }
        (None, Some(b)) => *mine = Some(b.clone()),
        _ => {}
    }
}

fn merge_h2(mine: &mut Option<H2Report>, theirs: &Option<H2Report>) {
    match (mine.as_mut(), theirs) {
        (Some(a), Some(b)) => {
            a.connections_h2 += b.connections_h2;
            a.connections_http1 += b.connections_http1;
            a.events.add(&b.events);
        }
        (None, Some(b)) => *mine = Some(b.clone()),
        _ => {}
    }
}

fn merge_h3(mine: &mut Option<H3Report>, theirs: &Option<H3Report>) {
    match (mine.as_mut(), theirs) {
        (Some(a), Some(b)) => {
            a.connections += b.connections;
            a.goaways_received += b.goaways_received;
            a.streams_reset += b.streams_reset;
            a.streams_refused += b.streams_refused;
            a.zero_rtt_accepted += b.zero_rtt_accepted;
            a.zero_rtt_rejected += b.zero_rtt_rejected;
            a.zero_rtt_requests += b.zero_rtt_requests;
        }
        (None, Some(b)) => *mine = Some(*b),
        _ => {}
    }
}

fn merge_ws(mine: &mut Option<WsReport>, theirs: &Option<WsReport>, h: &Histograms) {
    match (mine.as_mut(), theirs) {
        (Some(a), Some(b)) => {
            a.add(b);
            if let Some(u) = &h.upgrade_us {
                a.upgrade_us = LatencyStats::from_histogram(u);
            }
        }
        (None, Some(b)) => *mine = Some(b.clone()),
        _ => {}
    }
}

fn merge_grpc(mine: &mut Option<GrpcReport>, theirs: &Option<GrpcReport>, h: &Histograms) {
    match (mine.as_mut(), theirs) {
        (Some(a), Some(b)) => {
            a.add(b);
            if let Some(c) = &h.grpc_call_us {
                a.call_us = LatencyStats::from_histogram(c);
            }
            if let Some(m) = &h.grpc_message_us {
                a.message_us = LatencyStats::from_histogram(m);
            }
        }
        (None, Some(b)) => *mine = Some(b.clone()),
        _ => {}
    }
}

fn merge_sessions(mine: &mut Option<SessionStats>, theirs: &Option<SessionStats>) {
    match (mine.as_mut(), theirs) {
        (Some(a), Some(b)) => {
            a.planned += b.planned;
            a.started += b.started;
            a.completed += b.completed;
            a.failed += b.failed;
            a.incomplete += b.incomplete;
            a.conn_rate_per_s += b.conn_rate_per_s;
        }
        (None, Some(b)) => *mine = Some(b.clone()),
        _ => {}
    }
}

/// The sum of two parts' figures, either of which may be absent.
fn sum<T: std::ops::Add<Output = T>>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x + y),
        (x, y) => x.or(y),
    }
}

/// Adds `theirs` second by second (matched on `t_s`).
fn merge_series(mine: &mut Vec<Second>, theirs: &[Second]) {
    for b in theirs {
        match mine.iter_mut().find(|a| a.t_s == b.t_s) {
            Some(a) => {
                a.responses += b.responses;
                a.scheduled = sum(a.scheduled, b.scheduled);
                a.offered = sum(a.offered, b.offered);
                a.errors += b.errors;
                a.bytes_read += b.bytes_read;
                a.p50_us = a.p50_us.max(b.p50_us);
                a.p99_us = a.p99_us.max(b.p99_us);
                a.max_us = a.max_us.max(b.max_us);
            }
            None => mine.push(b.clone()),
        }
    }
    mine.sort_by_key(|s| s.t_s);
}
