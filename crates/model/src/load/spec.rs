//! The load as it was asked for ([`SpecSummary`]): the load model, what
//! the connections spoke ([`WireSummary`]) and the arrivals, as the report
//! names them.
//! Types only: how the load runs is the engine's.

use serde::{Deserialize, Serialize};

use super::{Schedule, WireSummary};

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

/// The I/O a run's connections went through: epoll (the default), or
/// io_uring (`--io-uring`, plain TCP only). A report says what ran: a run
/// that asked for io_uring where it is unavailable says `epoll`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IoKind {
    #[default]
    Epoll,
    IoUring,
}

impl IoKind {
    /// The default: a report leaves it out.
    pub fn is_epoll(&self) -> bool {
        *self == IoKind::Epoll
    }

    /// `epoll` or `io_uring`.
    pub fn name(self) -> &'static str {
        match self {
            IoKind::Epoll => "epoll",
            IoKind::IoUring => "io_uring",
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
    /// The protocol and scheme (`"protocol": "h2c", "scheme": "http"`).
    #[serde(flatten)]
    pub wire: WireSummary,
    /// HTTP/2: streams per connection (`-m`) and window bits (`-w`, `-W`).
    pub streams: Option<usize>,
    pub window_bits: Option<u8>,
    pub connection_window_bits: Option<u8>,
    pub keepalive: bool,
    pub threads: usize,
    pub connections: usize,
    pub max_connections: Option<usize>,
    pub pipeline: Option<usize>,
    /// Open loop: the request rate; with a schedule of stages, its mean
    /// over the run (`schedule` has the stages).
    pub rate_per_s: Option<f64>,
    /// Open loop and sessions: the stages of a rate that changes over the
    /// run (`-R 1000:10s,1000..5000:30s`), from the measured start. Absent
    /// for a constant rate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<Schedule>,
    pub arrival: Option<ArrivalKind>,
    /// Open loop: requests due within this many µs after the next one went
    /// with it (`--send-window`). Absent in reports written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_window_us: Option<u64>,
    /// Sessions: new connections per second; with a schedule of stages,
    /// its mean over the run.
    pub conn_rate_per_s: Option<f64>,
    pub calls_per_session: Option<u32>,
    pub sessions: Option<u64>,
    pub duration_s: Option<f64>,
    pub requests: Option<u64>,
    pub warmup_s: f64,
    pub timeout_s: f64,
    /// Distinct requests used in turn.
    pub request_count: usize,
    /// WebSocket runs: what each connection sent, and how.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ws: Option<WsSpecSummary>,
    /// gRPC runs: the method called and how.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc: Option<GrpcSpecSummary>,
    /// The I/O the connections went through. Written only when it is
    /// io_uring: a report without it (every epoll run's, and those older
    /// than the field) ran on epoll.
    #[serde(default, skip_serializing_if = "IoKind::is_epoll")]
    pub io: IoKind,
}

/// How a WebSocket run loads the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WsMode {
    /// Each message sent is answered by one the server echoes; the round
    /// trip is timed from its (intended) send.
    Echo,
    /// The client sends nothing after the upgrade: the server pushes, and
    /// each message is timed from the one before it on its connection.
    Subscribe,
}

impl WsMode {
    /// `echo` or `subscribe`.
    pub fn name(self) -> &'static str {
        match self {
            WsMode::Echo => "echo",
            WsMode::Subscribe => "subscribe",
        }
    }
}

/// A WebSocket run's messages, as asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WsSpecSummary {
    pub mode: WsMode,
    /// Payload bytes of each message sent.
    pub message_bytes: usize,
    /// Binary frames (opcode 2) rather than text (opcode 1).
    pub binary: bool,
    /// Messages in flight per connection (echo).
    pub in_flight: usize,
    /// A ping every this many milliseconds on each connection, if asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ping_interval_ms: Option<u64>,
}

/// A gRPC method's shape: whether the client, the server, both or neither
/// stream messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrpcShape {
    Unary,
    ServerStreaming,
    ClientStreaming,
    Bidi,
}

impl GrpcShape {
    /// `unary`, `server_streaming`, `client_streaming`, `bidi`.
    pub fn name(self) -> &'static str {
        match self {
            GrpcShape::Unary => "unary",
            GrpcShape::ServerStreaming => "server_streaming",
            GrpcShape::ClientStreaming => "client_streaming",
            GrpcShape::Bidi => "bidi",
        }
    }

    /// The shape of a method whose client and server do or do not stream.
    pub fn of(client_streams: bool, server_streams: bool) -> GrpcShape {
        match (client_streams, server_streams) {
            (false, false) => GrpcShape::Unary,
            (false, true) => GrpcShape::ServerStreaming,
            (true, false) => GrpcShape::ClientStreaming,
            (true, true) => GrpcShape::Bidi,
        }
    }
}

/// What a gRPC run called (`spec.grpc`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrpcSpecSummary {
    /// `package.Service/Method`.
    pub call: String,
    pub shape: GrpcShape,
    /// What the worker's unit is: `call` (each request is a call) or
    /// `message` (a bidirectional stream's messages, paced and timed one by one).
    pub unit: GrpcUnit,
    /// Encoded bytes of the first request message (without the 5-byte prefix).
    pub request_bytes: usize,
    /// Request messages sent per call on a client stream (the JSON array's
    /// length), or per stream before it is ended (`unit` message).
    pub messages_per_call: u64,
    /// Calls in flight per connection.
    pub in_flight: usize,
}

/// What one unit of a gRPC run's load is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GrpcUnit {
    /// A whole call: the totals count calls, `latency_us` times calls.
    Call,
    /// A message on a bidirectional stream: the totals count messages,
    /// `latency_us` times each from its (intended) send to its answer.
    Message,
}
