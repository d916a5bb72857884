//! What a run measured: totals, latency summaries computed from the
//! histograms, connections, open-loop schedule keeping, sessions, errors by
//! kind and the per-second series. Types and their arithmetic only.

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};

use crate::histogram;

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
    /// How far behind schedule requests were sent, for whatever reason
    /// (waits for a free connection included).
    pub send_delay_us: LatencyStats,
    /// The client's own send delay: how late the requests that found a
    /// connection free were sent (the loop woke late, or was busy). The
    /// figure that says whether the client kept its schedule.
    #[serde(default)]
    pub client_delay_us: LatencyStats,
    /// Requests that found every connection busy and waited for one (the
    /// server was slow to answer): their delay is in `send_delay_us` only.
    #[serde(default)]
    pub waited_for_connection: u64,
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
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Second {
    /// Seconds since the measured phase began (start of this window).
    pub t_s: u32,
    /// Open loop and sessions: what the schedule asked for in this second
    /// (requests, or sessions with `--conn-rate`): its rate integrated over
    /// the second, so the scheduled rate of a whole second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduled: Option<f64>,
    /// Open loop and sessions: what was sent (requests, or sessions
    /// started) whose intended start falls in this second: the pacer's
    /// count, not the server's. Late sends count in the second they were due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offered: Option<u64>,
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
    /// Open loop: the client's own send delay (`open_loop.client_delay_us`).
    #[serde(
        default,
        with = "histogram::base64_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub client_delay_us: Option<Histogram<u64>>,
    /// WebSocket: time to upgrade (`ws.upgrade_us`).
    #[serde(
        default,
        with = "histogram::base64_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub upgrade_us: Option<Histogram<u64>>,
    /// gRPC: per call (`grpc.call_us`).
    #[serde(
        default,
        with = "histogram::base64_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub grpc_call_us: Option<Histogram<u64>>,
    /// gRPC: per stream message (`grpc.message_us`).
    #[serde(
        default,
        with = "histogram::base64_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub grpc_message_us: Option<Histogram<u64>>,
}

impl Default for Histograms {
    fn default() -> Histograms {
        Histograms {
            latency_us: histogram::empty(),
            connect_us: histogram::empty(),
            tls_handshake_us: histogram::empty(),
            send_delay_us: None,
            client_delay_us: None,
            upgrade_us: None,
            grpc_call_us: None,
            grpc_message_us: None,
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
