//! What the protocols saw during a run: TLS as negotiated and its
//! handshakes, HTTP/2's connections and frame counts, HTTP/3's connections
//! and stream events, WebSocket's upgrades, messages and frames. Types and
//! their sums only.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::LatencyStats;

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

/// What WebSocket connections saw (RFC 6455), summed over them: the
/// report's `ws` section. Messages are counted whole (a fragmented message
/// is one); bytes are payload bytes, without frame headers (the totals'
/// `bytes_read`/`bytes_written` count the wire).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WsReport {
    /// Connections whose upgrade the server accepted (`101` with the right
    /// `Sec-WebSocket-Accept`).
    pub upgraded: u64,
    /// From the connection being open (TCP, or TLS done) to the end of the
    /// server's `101` response.
    pub upgrade_us: LatencyStats,
    /// Data messages sent and received, measured phase and warm-up alike.
    pub messages_sent: u64,
    pub messages_received: u64,
    pub payload_bytes_sent: u64,
    pub payload_bytes_received: u64,
    pub pings_sent: u64,
    pub pings_received: u64,
    pub pongs_sent: u64,
    pub pongs_received: u64,
    /// Close frames barrage sent (the end of the run's close handshake).
    pub closes_sent: u64,
    /// Close frames the server sent, by status code (`"1000"`; `"none"`
    /// for a close frame without a code).
    pub close_codes: BTreeMap<String, u64>,
}

impl WsReport {
    /// Adds another part's counts (the upgrade times come from the merged histogram).
    pub fn add(&mut self, o: &WsReport) {
        self.upgraded += o.upgraded;
        self.messages_sent += o.messages_sent;
        self.messages_received += o.messages_received;
        self.payload_bytes_sent += o.payload_bytes_sent;
        self.payload_bytes_received += o.payload_bytes_received;
        self.pings_sent += o.pings_sent;
        self.pings_received += o.pings_received;
        self.pongs_sent += o.pongs_sent;
        self.pongs_received += o.pongs_received;
        self.closes_sent += o.closes_sent;
        for (code, n) in &o.close_codes {
            *self.close_codes.entry(code.clone()).or_default() += n;
        }
    }
}

/// A gRPC run's counts (`grpc`): calls by their `grpc-status`, messages each
/// way. Measured phase only, as the totals are. Latency per call and per
/// stream message come from `histograms.grpc_call_us` and
/// `histograms.grpc_message_us`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GrpcReport {
    /// Calls started (HEADERS sent).
    pub calls_started: u64,
    /// Calls that ended with a `grpc-status` (any code).
    pub calls_ended: u64,
    /// Calls by status code, the key the code's number (`"0"`, `"14"`).
    pub status: BTreeMap<String, GrpcStatusCount>,
    /// Length-prefixed messages sent and received.
    pub messages_sent: u64,
    pub messages_received: u64,
    /// Their bytes, without the 5-byte prefixes.
    pub payload_bytes_sent: u64,
    pub payload_bytes_received: u64,
    /// Per call: from the call's (intended) start to its trailers.
    pub call_us: LatencyStats,
    /// Per stream message: a bidirectional stream's message from its
    /// (intended) send to the answering message; a server stream's message
    /// from the one before it (the first from the call's start).
    pub message_us: LatencyStats,
}

/// The calls that ended with one `grpc-status`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GrpcStatusCount {
    /// The code's name as gRPC spells it (`OK`, `UNAVAILABLE`, ...).
    pub name: String,
    pub count: u64,
    /// The first `grpc-message` seen with it, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_message: Option<String>,
}

/// gRPC's status codes by number (`UNKNOWN` past 16).
pub fn grpc_code_name(code: u32) -> &'static str {
    const NAMES: [&str; 17] = [
        "OK",
        "CANCELLED",
        "UNKNOWN",
        "INVALID_ARGUMENT",
        "DEADLINE_EXCEEDED",
        "NOT_FOUND",
        "ALREADY_EXISTS",
        "PERMISSION_DENIED",
        "RESOURCE_EXHAUSTED",
        "FAILED_PRECONDITION",
        "ABORTED",
        "OUT_OF_RANGE",
        "UNIMPLEMENTED",
        "INTERNAL",
        "UNAVAILABLE",
        "DATA_LOSS",
        "UNAUTHENTICATED",
    ];
    NAMES.get(code as usize).copied().unwrap_or("UNKNOWN")
}

impl GrpcReport {
    /// Adds another part's counts (the latencies come from the merged histograms).
    pub fn add(&mut self, o: &GrpcReport) {
        self.calls_started += o.calls_started;
        self.calls_ended += o.calls_ended;
        self.messages_sent += o.messages_sent;
        self.messages_received += o.messages_received;
        self.payload_bytes_sent += o.payload_bytes_sent;
        self.payload_bytes_received += o.payload_bytes_received;
        for (code, c) in &o.status {
            let mine = self.status.entry(code.clone()).or_default();
            if mine.name.is_empty() {
                mine.name = c.name.clone();
            }
            mine.count += c.count;
            if mine.first_message.is_none() {
                mine.first_message = c.first_message.clone();
            }
        }
    }

    /// Calls that ended with a status other than OK.
    pub fn failed_calls(&self) -> u64 {
        self.status
            .iter()
            .filter(|(code, _)| code.as_str() != "0")
            .map(|(_, c)| c.count)
            .sum()
    }
}
