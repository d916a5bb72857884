//! The result of one load run ([`RunReport`]): everything measured, in units
//! named on every field, read and written as barrage's versioned JSON
//! (`barrage.load/1`, docs/json.md). The engine produces it, the lab stores
//! it in results.json, the reports read it, and [`RunReport::merge`] combines
//! the reports of loads run side by side (several workers or hosts).

use std::collections::BTreeMap;
use std::fmt;

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};

use crate::histogram;
use crate::LoadError;

/// The JSON schema name and version of [`RunReport`]. Fields are added
/// within a version (docs/json.md): `histograms.send_delay_us` came later
/// than the rest, so a report without it still reads.
pub const SCHEMA: &str = "barrage.load/1";

/// Why a run ended. Ordered by precedence: the merge of several runs ends
/// for the greatest reason among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The request budget (`-n`) was spent and answered.
    Requests,
    /// Every session was run.
    Sessions,
    /// The duration ran out.
    Duration,
    /// Nothing connected or answered for a whole timeout, while errors kept coming.
    Unreachable,
    /// Stopped from outside (Ctrl-C).
    Interrupted,
    /// The load script ended it: a hook failed (the message is in
    /// `script_error`), or every thread called `thread:stop()`.
    Script,
}

impl StopReason {
    /// The name in the JSON: `requests`, `sessions`, `duration`, `unreachable`,
    /// `interrupted`, `script`.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Requests => "requests",
            StopReason::Sessions => "sessions",
            StopReason::Duration => "duration",
            StopReason::Unreachable => "unreachable",
            StopReason::Interrupted => "interrupted",
            StopReason::Script => "script",
        }
    }
}

/// A full run report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    /// [`SCHEMA`] when written by this version.
    pub schema: String,
    pub barrage_version: String,
    pub target: TargetReport,
    pub spec: SpecSummary,
    pub stop_reason: StopReason,
    /// A load script's hook failed during the run (`stop_reason` is
    /// `script`): its message, one line with the script's file and line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script_error: Option<String>,
    /// Wall-clock time (Unix milliseconds) at which the measured phase
    /// began: what aligns the per-second series of reports merged from
    /// several processes or hosts. Absent in reports written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured_from_unix_ms: Option<u64>,
    pub totals: Totals,
    /// Response time: from the request's intended start (open loop) or its
    /// send (closed loop, sessions) to the last byte of its response.
    pub latency_us: LatencyStats,
    /// TCP connect time: from `connect()` to the socket being writable.
    pub connect_us: LatencyStats,
    pub connections: ConnectionStats,
    /// `https://` runs: what TLS the handshakes settled and how long they took.
    pub tls: Option<TlsReport>,
    /// HTTP/2 runs: connections by protocol, and frames counted by kind.
    pub h2: Option<H2Report>,
    /// HTTP/3 runs: connections, and stream and connection events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h3: Option<H3Report>,
    pub open_loop: Option<OpenLoopStats>,
    pub sessions: Option<SessionStats>,
    /// Responses by status code (measured phase).
    pub status_counts: BTreeMap<String, u64>,
    /// Errors by kind (`connect`, `read`, `write`, `timeout`, `reset`,
    /// `protocol`, `tls`, `stream`), each with the first message seen.
    pub errors: BTreeMap<String, ErrorCount>,
    /// One entry per second of the measured phase.
    pub series: Vec<Second>,
    /// The merged histograms, for exact re-merging later.
    pub histograms: Histograms,
    /// A run split over agents (`barrage load --agents`): each agent's part,
    /// clock and start. Absent in a run on one process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agents: Option<AgentsReport>,
}

/// How a run split over agents started, and what each part did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentsReport {
    /// The start instant every agent was given (controller's clock, Unix µs).
    pub start_at_unix_us: u64,
    /// The latest agent's measured window began this long after the
    /// earliest one's (both on the controller's clock).
    pub start_skew_us: u64,
    pub hosts: Vec<AgentReport>,
}

/// One agent's part of a split run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentReport {
    /// As the inventory or `--agents` names it (`local`, `ssh://…`).
    pub host: String,
    /// The agent's clock minus the controller's (NTP's estimate from the
    /// round trip with the lowest delay).
    pub clock_offset_us: i64,
    /// That round trip's delay.
    pub clock_delay_us: u64,
    /// When its measured window began, on the controller's clock, after
    /// the earliest agent's.
    pub started_after_us: u64,
    pub requests_sent: u64,
    pub responses: u64,
    pub errors: u64,
    pub latency_p99_us: f64,
    /// CPU the agent process used during the run (user + system seconds).
    pub cpu_s: f64,
    pub stop_reason: StopReason,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetReport {
    pub url: String,
    pub address: String,
}

/// TLS as negotiated (the first connection's handshake) and handshake counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TlsReport {
    /// `TLSv1.3` or `TLSv1.2`; `None` when no handshake completed.
    pub version: Option<String>,
    pub cipher: Option<String>,
    /// The protocol ALPN chose (`h2`, `http/1.1`), if any.
    pub alpn: Option<String>,
    pub handshakes_full: u64,
    /// Resumed with a session ticket or id (`--tls-resume`).
    pub handshakes_resumed: u64,
    /// From the TCP connection to the end of the handshake.
    pub handshake_us: LatencyStats,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct H2Report {
    /// Connections that spoke HTTP/2.
    pub connections_h2: u64,
    /// Connections where the server's ALPN answer was HTTP/1.1 (or none).
    pub connections_http1: u64,
    #[serde(flatten)]
    pub events: H2Events,
}

/// What HTTP/3 connections saw, summed over them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct H3Report {
    /// Connections whose QUIC handshake completed.
    pub connections: u64,
    pub goaways_received: u64,
    /// Streams the server reset (RESET_STREAM), other than refusals.
    pub streams_reset: u64,
    /// Streams reset with H3_REQUEST_REJECTED: never processed.
    pub streams_refused: u64,
    /// Connections that sent requests as 0-RTT data (`--tls-resume`) and the
    /// server accepted it. (Added within `barrage.load/1`: absent is 0.)
    #[serde(default)]
    pub zero_rtt_accepted: u64,
    /// Connections whose 0-RTT data the server refused: their requests were
    /// sent again after the handshake.
    #[serde(default)]
    pub zero_rtt_rejected: u64,
    /// Requests sent as 0-RTT data on connections where it was accepted.
    #[serde(default)]
    pub zero_rtt_requests: u64,
}

/// HTTP/2 frames and stream outcomes, counted per connection and summed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct H2Events {
    pub settings_received: u64,
    pub pings_received: u64,
    pub goaways_received: u64,
    /// RST_STREAM frames the server sent for barrage's streams.
    pub streams_reset: u64,
    /// Streams above a GOAWAY's last stream id: never processed.
    pub streams_refused: u64,
    pub window_updates_sent: u64,
    /// The server's SETTINGS_MAX_CONCURRENT_STREAMS (0: never said).
    pub peer_max_streams: u32,
}

impl H2Events {
    /// Adds another connection's counts (the stream limit: the largest seen).
    pub fn add(&mut self, o: &H2Events) {
        self.settings_received += o.settings_received;
        self.pings_received += o.pings_received;
        self.goaways_received += o.goaways_received;
        self.streams_reset += o.streams_reset;
        self.streams_refused += o.streams_refused;
        self.window_updates_sent += o.window_updates_sent;
        self.peer_max_streams = self.peer_max_streams.max(o.peer_max_streams);
    }
}

/// The load model a run used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModelKind {
    /// A fixed number of connections, each sending when answered.
    Closed,
    /// Requests on a schedule (`-R`), whether or not answers came.
    Open,
    /// httperf-style sessions: connections on a schedule, `calls` each.
    Sessions,
}

impl ModelKind {
    /// `closed`, `open` or `sessions`.
    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Closed => "closed",
            ModelKind::Open => "open",
            ModelKind::Sessions => "sessions",
        }
    }
}

/// What the connections spoke, as the report names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireProtocol {
    #[serde(rename = "HTTP/1.1")]
    Http11,
    #[serde(rename = "HTTP/1.0")]
    Http10,
    /// HTTP/2 with prior knowledge over TCP.
    #[serde(rename = "h2c")]
    H2c,
    /// HTTP/2 over TLS (ALPN).
    #[serde(rename = "h2")]
    H2,
    /// HTTP/3 over QUIC.
    #[serde(rename = "h3")]
    H3,
}

impl WireProtocol {
    /// The name in the JSON and in reports: `HTTP/1.1`, `HTTP/1.0`, `h2c`, `h2`.
    pub fn name(self) -> &'static str {
        match self {
            WireProtocol::Http11 => "HTTP/1.1",
            WireProtocol::Http10 => "HTTP/1.0",
            WireProtocol::H2c => "h2c",
            WireProtocol::H2 => "h2",
            WireProtocol::H3 => "h3",
        }
    }

    /// HTTP/2, with or without TLS.
    pub fn is_h2(self) -> bool {
        matches!(self, WireProtocol::H2c | WireProtocol::H2)
    }
}

/// `http://` (plain TCP) or `https://` (TLS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scheme {
    Http,
    Https,
}

impl Scheme {
    /// `http` or `https`.
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }
}

/// How arrivals were spaced (open loop and sessions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArrivalKind {
    Uniform,
    Poisson,
}

impl ArrivalKind {
    /// `uniform` or `poisson`.
    pub fn name(self) -> &'static str {
        match self {
            ArrivalKind::Uniform => "uniform",
            ArrivalKind::Poisson => "poisson",
        }
    }
}

/// The load as it was asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpecSummary {
    pub model: ModelKind,
    pub protocol: WireProtocol,
    pub scheme: Scheme,
    /// HTTP/2: streams per connection (`-m`) and window bits (`-w`, `-W`).
    pub streams: Option<usize>,
    pub window_bits: Option<u8>,
    pub connection_window_bits: Option<u8>,
    pub keepalive: bool,
    pub threads: usize,
    pub connections: usize,
    pub max_connections: Option<usize>,
    pub pipeline: Option<usize>,
    pub rate_per_s: Option<f64>,
    pub arrival: Option<ArrivalKind>,
    pub conn_rate_per_s: Option<f64>,
    pub calls_per_session: Option<u32>,
    pub sessions: Option<u64>,
    pub duration_s: Option<f64>,
    pub requests: Option<u64>,
    pub warmup_s: f64,
    pub timeout_s: f64,
    /// Distinct requests used in turn.
    pub request_count: usize,
}

/// Counts and rates of the measured phase.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    /// Length of the measured phase, seconds: the duration when timed,
    /// else until the last response.
    pub elapsed_s: f64,
    pub requests_sent: u64,
    /// Complete responses of any status; a subset of `requests_sent`.
    pub responses: u64,
    pub responses_per_s: f64,
    /// Responses whose status is outside 200–399; a subset of `responses`.
    pub responses_not_2xx_3xx: u64,
    pub bytes_read: u64,
    pub bytes_read_per_s: f64,
    pub bytes_written: u64,
    /// All errors, the sum of `errors.*.count`.
    pub errors: u64,
}

/// A latency distribution summary, microseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LatencyStats {
    pub count: u64,
    pub min: u64,
    pub mean: f64,
    pub stdev: f64,
    pub p50: u64,
    pub p75: u64,
    pub p90: u64,
    pub p99: u64,
    pub p99_9: u64,
    pub p99_99: u64,
    pub max: u64,
    /// The percentile spectrum as `[percentile, value_us]` pairs
    /// (HdrHistogram's iteration, 5 steps per halving of the distance to 100%).
    pub spectrum: Vec<(f64, u64)>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConnectionStats {
    /// Connections established.
    pub opened: u64,
    /// The most open at once, summed over workers.
    pub peak_open: usize,
}

/// Open-loop schedule keeping.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpenLoopStats {
    pub target_rate_per_s: f64,
    /// Requests sent per second of the measured phase.
    pub achieved_rate_per_s: f64,
    /// Sent more than `late_threshold_us` after their intended time.
    pub late_sends: u64,
    pub late_threshold_us: u64,
    /// Due by the end but never sent: no connection was free.
    pub unsent: u64,
    /// How far behind schedule requests were sent.
    pub send_delay_us: LatencyStats,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionStats {
    pub planned: u64,
    pub started: u64,
    /// Every call answered.
    pub completed: u64,
    /// Ended by an error or an early close.
    pub failed: u64,
    /// Cut short by the end of a timed run (`-d`) without an error.
    pub incomplete: u64,
    pub calls_per_session: u32,
    pub conn_rate_per_s: f64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorCount {
    pub count: u64,
    pub first: Option<String>,
}

/// One second of the measured phase.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Second {
    /// Seconds since the measured phase began (start of this window).
    pub t_s: u32,
    pub responses: u64,
    pub errors: u64,
    pub bytes_read: u64,
    pub p50_us: u64,
    pub p99_us: u64,
    pub max_us: u64,
}

/// The run's histograms (microseconds), from which every [`LatencyStats`]
/// above is computed. Base64 HdrHistogram V2 + DEFLATE in the JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Histograms {
    #[serde(with = "histogram::base64")]
    pub latency_us: Histogram<u64>,
    #[serde(with = "histogram::base64")]
    pub connect_us: Histogram<u64>,
    #[serde(with = "histogram::base64")]
    pub tls_handshake_us: Histogram<u64>,
    /// Open loop: how late each request was sent (`open_loop.send_delay_us`).
    #[serde(
        default,
        with = "histogram::base64_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub send_delay_us: Option<Histogram<u64>>,
}

impl Default for Histograms {
    fn default() -> Histograms {
        Histograms {
            latency_us: histogram::empty(),
            connect_us: histogram::empty(),
            tls_handshake_us: histogram::empty(),
            send_delay_us: None,
        }
    }
}

impl LatencyStats {
    /// Summarises a histogram of microseconds.
    pub fn from_histogram(h: &Histogram<u64>) -> LatencyStats {
        if h.is_empty() {
            return LatencyStats::default();
        }
        let spectrum = h
            .iter_quantiles(5)
            .map(|v| {
                (
                    round4(v.quantile_iterated_to() * 100.0),
                    v.value_iterated_to(),
                )
            })
            .collect();
        LatencyStats {
            count: h.len(),
            min: h.min(),
            mean: round4(h.mean()),
            stdev: round4(h.stdev()),
            p50: h.value_at_quantile(0.50),
            p75: h.value_at_quantile(0.75),
            p90: h.value_at_quantile(0.90),
            p99: h.value_at_quantile(0.99),
            p99_9: h.value_at_quantile(0.999),
            p99_99: h.value_at_quantile(0.9999),
            max: h.max(),
            spectrum,
        }
    }
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

impl RunReport {
    /// Reads a report from its JSON. A schema this version does not read
    /// says which wrote it; a missing or mistyped field names its path.
    pub fn from_json(text: &str) -> Result<RunReport, LoadError> {
        crate::from_json(text, &[SCHEMA], "a `barrage load --json` report")
    }

    /// The report as pretty JSON, as `barrage load --json` writes it.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always encodes")
    }

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
        self.merge_open_loop(other);
        merge_sessions(&mut self.sessions, &other.sessions);
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
            (
                "spec.protocol",
                a.protocol.to_string(),
                b.protocol.to_string(),
            ),
            ("spec.scheme", a.scheme.to_string(), b.scheme.to_string()),
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
        match (&mut h.send_delay_us, &other.send_delay_us) {
            (Some(mine), Some(theirs)) => histogram::add(mine, theirs),
            (None, Some(theirs)) => h.send_delay_us = Some(theirs.clone()),
            _ => {}
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
                a.achieved_rate_per_s = self.totals.requests_sent as f64 / elapsed(&self.totals);
                if let Some(h) = &self.histograms.send_delay_us {
                    a.send_delay_us = LatencyStats::from_histogram(h);
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
        fn add<T: std::ops::Add<Output = T> + Copy>(a: &mut Option<T>, b: Option<T>) {
            *a = match (*a, b) {
                (Some(x), Some(y)) => Some(x + y),
                (x, y) => x.or(y),
            };
        }
        self.threads += o.threads;
        self.connections += o.connections;
        add(&mut self.max_connections, o.max_connections);
        add(&mut self.rate_per_s, o.rate_per_s);
        add(&mut self.conn_rate_per_s, o.conn_rate_per_s);
        add(&mut self.sessions, o.sessions);
        add(&mut self.requests, o.requests);
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

/// Adds `theirs` second by second (matched on `t_s`).
fn merge_series(mine: &mut Vec<Second>, theirs: &[Second]) {
    for b in theirs {
        match mine.iter_mut().find(|a| a.t_s == b.t_s) {
            Some(a) => {
                a.responses += b.responses;
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

macro_rules! display_by_name {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    )*};
}

display_by_name!(StopReason, ModelKind, WireProtocol, Scheme, ArrivalKind);

#[cfg(test)]
mod tests {
    use super::*;

    fn hist(values: impl IntoIterator<Item = u64>) -> Histogram<u64> {
        let mut h = histogram::empty();
        for v in values {
            h.record(v).unwrap();
        }
        h
    }

    /// A report of `latencies`, as the engine would write it for a closed
    /// loop of `connections` over `elapsed_s`.
    fn report(latencies: &[u64], connections: usize, elapsed_s: f64) -> RunReport {
        let latency = hist(latencies.iter().copied());
        let connect = hist((0..connections as u64).map(|c| 50 + c));
        let n = latencies.len() as u64;
        RunReport {
            schema: SCHEMA.into(),
            barrage_version: "0.1.0".into(),
            target: TargetReport {
                url: "http://127.0.0.1:1/hello".into(),
                address: "127.0.0.1:1".into(),
            },
            spec: SpecSummary {
                model: ModelKind::Closed,
                protocol: WireProtocol::Http11,
                scheme: Scheme::Http,
                streams: None,
                window_bits: None,
                connection_window_bits: None,
                keepalive: true,
                threads: 1,
                connections,
                max_connections: None,
                pipeline: Some(1),
                rate_per_s: None,
                arrival: None,
                conn_rate_per_s: None,
                calls_per_session: None,
                sessions: None,
                duration_s: Some(elapsed_s),
                requests: None,
                warmup_s: 0.0,
                timeout_s: 5.0,
                request_count: 1,
            },
            stop_reason: StopReason::Duration,
            script_error: None,
            measured_from_unix_ms: None,
            totals: Totals {
                elapsed_s,
                requests_sent: n,
                responses: n,
                responses_per_s: n as f64 / elapsed_s,
                bytes_read: n * 100,
                bytes_read_per_s: (n * 100) as f64 / elapsed_s,
                bytes_written: n * 40,
                ..Totals::default()
            },
            latency_us: LatencyStats::from_histogram(&latency),
            connect_us: LatencyStats::from_histogram(&connect),
            connections: ConnectionStats {
                opened: connections as u64,
                peak_open: connections,
            },
            tls: None,
            h2: None,
            h3: None,
            open_loop: None,
            sessions: None,
            status_counts: [("200".to_string(), n)].into(),
            errors: BTreeMap::new(),
            series: vec![Second {
                t_s: 0,
                responses: n,
                p50_us: latency.value_at_quantile(0.5),
                p99_us: latency.value_at_quantile(0.99),
                max_us: latency.max(),
                ..Second::default()
            }],
            histograms: Histograms {
                latency_us: latency,
                connect_us: connect,
                ..Histograms::default()
            },
            agents: None,
        }
    }

    #[test]
    fn stats_of_a_histogram() {
        let s = LatencyStats::from_histogram(&hist(1..=1000));
        assert_eq!((s.count, s.min, s.max), (1000, 1, 1000));
        assert_eq!((s.p50, s.p99), (500, 990));
        assert!((s.mean - 500.5).abs() < 0.01);
        assert_eq!(s.spectrum.last().unwrap().0, 100.0);
        assert_eq!(LatencyStats::from_histogram(&histogram::empty()).count, 0);
    }

    #[test]
    fn json_round_trip_is_exact() {
        let r = report(&[100, 200, 300, 5000], 2, 1.0);
        let text = r.to_json();
        let back = RunReport::from_json(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.to_json(), text);
        // No open loop: no send-delay histogram in the file.
        assert!(!text.contains("send_delay_us"));
    }

    #[test]
    fn merge_is_the_report_of_all_the_samples() {
        let (a_lat, b_lat): (Vec<u64>, Vec<u64>) = (
            (1..=900).map(|v| v * 10).collect(),
            (1..=100).map(|v| v * 1000).collect(),
        );
        let mut a = report(&a_lat, 4, 2.0);
        let b = report(&b_lat, 2, 1.5);
        a.errors.insert(
            "timeout".into(),
            ErrorCount {
                count: 0,
                first: None,
            },
        );
        let mut b = b;
        b.errors.insert(
            "timeout".into(),
            ErrorCount {
                count: 3,
                first: Some("timed out".into()),
            },
        );
        b.totals.errors = 3;
        a.merge(&b);
        let all: Vec<u64> = a_lat.iter().chain(&b_lat).copied().collect();
        let whole = report(&all, 6, 2.0);
        // Every distribution is the one of all samples together.
        assert_eq!(a.latency_us, whole.latency_us);
        assert_eq!(a.histograms.latency_us, whole.histograms.latency_us);
        assert_eq!(a.connect_us.count, 6);
        assert_eq!(a.totals.responses, 1000);
        assert_eq!(a.totals.elapsed_s, 2.0, "the longer phase");
        assert_eq!(a.totals.responses_per_s, 500.0);
        assert_eq!(a.totals.errors, 3);
        assert_eq!(a.errors["timeout"].count, 3);
        assert_eq!(a.errors["timeout"].first.as_deref(), Some("timed out"));
        assert_eq!(a.status_counts["200"], 1000);
        assert_eq!(a.spec.connections, 6);
        assert_eq!(a.connections.opened, 6);
        assert_eq!(a.series.len(), 1);
        assert_eq!(a.series[0].responses, 1000);
        assert_eq!(a.series[0].max_us, hist([100_000]).max());
    }

    #[test]
    fn merge_of_open_loops_adds_rates_and_send_delays() {
        let open = |rate: f64, delays: &[u64]| {
            let mut r = report(&[100; 10], 1, 1.0);
            r.spec.model = ModelKind::Open;
            r.spec.rate_per_s = Some(rate);
            let h = hist(delays.iter().copied());
            r.open_loop = Some(OpenLoopStats {
                target_rate_per_s: rate,
                achieved_rate_per_s: 10.0,
                late_sends: delays.iter().filter(|&&d| d > 1000).count() as u64,
                late_threshold_us: 1000,
                unsent: 1,
                send_delay_us: LatencyStats::from_histogram(&h),
            });
            r.histograms.send_delay_us = Some(h);
            r
        };
        let mut a = open(10.0, &[5, 10, 2000]);
        a.merge(&open(20.0, &[7, 3000, 4000]));
        let o = a.open_loop.as_ref().unwrap();
        assert_eq!(o.target_rate_per_s, 30.0);
        assert_eq!(o.achieved_rate_per_s, 20.0);
        assert_eq!((o.late_sends, o.unsent), (3, 2));
        assert_eq!(o.send_delay_us.count, 6);
        assert_eq!(o.send_delay_us.max, hist([4000]).max());
        assert_eq!(a.spec.rate_per_s, Some(30.0));
        let back = RunReport::from_json(&a.to_json()).unwrap();
        assert_eq!(back, a, "the send-delay histogram round-trips");
    }

    #[test]
    fn merge_aligns_seconds_by_wall_clock_and_names_other_plans() {
        let mut a = report(&[100, 200], 2, 2.0);
        let mut b = report(&[300], 1, 2.0);
        a.measured_from_unix_ms = Some(1_000_400);
        b.measured_from_unix_ms = Some(1_001_500); // began 1.1 s later
        assert_eq!(a.plan_difference(&b), None, "connections may differ");
        a.merge(&b);
        let seconds: Vec<(u32, u64)> = a.series.iter().map(|s| (s.t_s, s.responses)).collect();
        assert_eq!(seconds, [(0, 2), (1, 1)]);
        assert_eq!(a.measured_from_unix_ms, Some(1_000_400));
        // Without the wall clock, seconds of the same number are added.
        let mut c = report(&[100], 1, 2.0);
        c.merge(&report(&[200], 1, 2.0));
        assert_eq!(c.series.len(), 1);
        assert_eq!(c.series[0].responses, 2);

        let mut other = report(&[100], 1, 2.0);
        other.spec.protocol = WireProtocol::H2;
        assert_eq!(
            c.plan_difference(&other).as_deref(),
            Some("spec.protocol differs: HTTP/1.1 against h2")
        );
        other = report(&[100], 1, 3.0);
        assert_eq!(
            c.plan_difference(&other).as_deref(),
            Some("spec.duration_s differs: 2.0 against 3.0")
        );
    }

    #[test]
    fn unknown_schema_names_the_writer() {
        let text = report(&[1], 1, 1.0)
            .to_json()
            .replace(SCHEMA, "barrage.load/9");
        let e = RunReport::from_json(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "written by a barrage with schema \"barrage.load/9\", which this version does not read; \
             expected a `barrage load --json` report (schema barrage.load/1)"
        );
    }
}
