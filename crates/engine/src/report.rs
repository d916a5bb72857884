//! The result of a run: everything measured, in units named on every field,
//! serialisable as barrage's versioned JSON (docs/json.md).

use std::collections::BTreeMap;

use base64::Engine as _;
use hdrhistogram::serialization::{Serializer, V2DeflateSerializer};
use hdrhistogram::Histogram;
use serde::Serialize;

use crate::session::h2::H2Events;
use crate::spec::{LoadSpec, Model, Protocol, Reuse, Scheme};

/// The JSON schema name and version of [`RunReport`].
pub const SCHEMA: &str = "barrage.load/1";

/// Why a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
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
}

/// A full run report.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    pub schema: &'static str,
    pub barrage_version: &'static str,
    pub target: TargetReport,
    pub spec: SpecSummary,
    pub stop_reason: StopReason,
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
    pub open_loop: Option<OpenLoopStats>,
    pub sessions: Option<SessionStats>,
    /// Responses by status code (measured phase).
    pub status_counts: BTreeMap<String, u64>,
    /// Errors by kind, each with the first message seen.
    pub errors: BTreeMap<&'static str, ErrorCount>,
    /// One entry per second of the measured phase.
    pub series: Vec<Second>,
    /// The merged histograms, HdrHistogram V2 compressed and base64-encoded
    /// (the form HdrHistogram's log tools read), for exact re-merging later.
    pub histograms: Histograms,
}

#[derive(Debug, Clone, Serialize)]
pub struct TargetReport {
    pub url: String,
    pub address: String,
}

/// TLS as negotiated (the first connection's handshake) and handshake counts.
#[derive(Debug, Clone, Serialize)]
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

#[derive(Debug, Clone, Serialize)]
pub struct H2Report {
    /// Connections that spoke HTTP/2.
    pub connections_h2: u64,
    /// Connections where the server's ALPN answer was HTTP/1.1 (or none).
    pub connections_http1: u64,
    #[serde(flatten)]
    pub events: H2Events,
}

/// The load as it was asked for.
#[derive(Debug, Clone, Serialize)]
pub struct SpecSummary {
    /// `closed`, `open` or `sessions`.
    pub model: &'static str,
    /// `HTTP/1.1`, `HTTP/1.0`, `h2c` (prior knowledge) or `h2` (over TLS).
    pub protocol: &'static str,
    /// `http` or `https`.
    pub scheme: &'static str,
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
    /// `uniform` or `poisson`.
    pub arrival: Option<&'static str>,
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
#[derive(Debug, Clone, Default, Serialize)]
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
#[derive(Debug, Clone, Default, Serialize)]
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

#[derive(Debug, Clone, Default, Serialize)]
pub struct ConnectionStats {
    /// Connections established.
    pub opened: u64,
    /// The most open at once, summed over workers.
    pub peak_open: usize,
}

/// Open-loop schedule keeping.
#[derive(Debug, Clone, Serialize)]
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

#[derive(Debug, Clone, Serialize)]
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

#[derive(Debug, Clone, Default, Serialize)]
pub struct ErrorCount {
    pub count: u64,
    pub first: Option<String>,
}

/// One second of the measured phase.
#[derive(Debug, Clone, Default, Serialize)]
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

#[derive(Debug, Clone, Default, Serialize)]
pub struct Histograms {
    pub latency_us: String,
    pub connect_us: String,
    pub tls_handshake_us: String,
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

/// HdrHistogram V2 + DEFLATE, base64: the encoding of interval logs.
pub fn encode_histogram(h: &Histogram<u64>) -> String {
    let mut bytes = Vec::new();
    V2DeflateSerializer::new()
        .serialize(h, &mut bytes)
        .expect("serialising to memory");
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

impl SpecSummary {
    pub fn of(spec: &LoadSpec) -> SpecSummary {
        let (protocol, keepalive) = match spec.reuse {
            Reuse::KeepAlive => ("HTTP/1.1", true),
            Reuse::Close => ("HTTP/1.1", false),
            Reuse::Http10 { keepalive } => ("HTTP/1.0", keepalive),
        };
        let protocol = match (spec.protocol, spec.target.scheme) {
            (Protocol::Http1, _) => protocol,
            (Protocol::H2, Scheme::Http) => "h2c",
            (Protocol::H2, Scheme::Https) => "h2",
        };
        let h2 = (spec.protocol == Protocol::H2).then_some(spec.h2);
        let mut s = SpecSummary {
            model: "closed",
            protocol,
            scheme: spec.target.scheme.name(),
            streams: h2.map(|h| h.streams),
            window_bits: h2.map(|h| h.window_bits),
            connection_window_bits: h2.map(|h| h.connection_window_bits),
            keepalive,
            threads: spec.threads,
            connections: 0,
            max_connections: None,
            pipeline: None,
            rate_per_s: None,
            arrival: None,
            conn_rate_per_s: None,
            calls_per_session: None,
            sessions: None,
            duration_s: spec.duration.map(|d| d.as_secs_f64()),
            requests: spec.max_requests,
            warmup_s: spec.warmup.as_secs_f64(),
            timeout_s: spec.timeout.as_secs_f64(),
            request_count: spec.requests.len(),
        };
        match spec.model {
            Model::Closed {
                connections,
                pipeline,
            } => {
                s.connections = connections;
                s.pipeline = Some(pipeline);
            }
            Model::Open {
                rate_per_s,
                arrival,
                connections,
                max_connections,
            } => {
                s.model = "open";
                s.connections = connections;
                s.max_connections = Some(max_connections);
                s.rate_per_s = Some(rate_per_s);
                s.arrival = Some(arrival.name());
            }
            Model::Sessions {
                conn_rate_per_s,
                arrival,
                calls,
                sessions,
            } => {
                s.model = "sessions";
                s.conn_rate_per_s = Some(conn_rate_per_s);
                s.arrival = Some(arrival.name());
                s.calls_per_session = Some(calls);
                s.sessions = Some(sessions);
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hdrhistogram::serialization::Deserializer;

    #[test]
    fn stats_and_encoding_round_trip() {
        let mut h = crate::recorder::histogram();
        for v in 1..=1000u64 {
            h.record(v).unwrap();
        }
        let s = LatencyStats::from_histogram(&h);
        assert_eq!((s.count, s.min, s.max), (1000, 1, 1000));
        assert_eq!(s.p50, 500);
        assert_eq!(s.p99, 990);
        assert!((s.mean - 500.5).abs() < 0.01);
        assert_eq!(s.spectrum.last().unwrap().0, 100.0);
        let text = encode_histogram(&h);
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text)
            .unwrap();
        let back: Histogram<u64> = Deserializer::new().deserialize(&mut &bytes[..]).unwrap();
        assert_eq!(back, h);
        assert_eq!(
            LatencyStats::from_histogram(&crate::recorder::histogram()).count,
            0
        );
    }
}
