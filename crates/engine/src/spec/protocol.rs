//! Which protocol the connections speak and how they are reused: plain
//! data, which the spec, the request templates and TLS read.

use serde::{Deserialize, Serialize};

/// Which HTTP the connections speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Protocol {
    /// HTTP/1.x; over TLS, ALPN offers `http/1.1` only.
    Http1,
    /// HTTP/2: with prior knowledge on `http://` (h2c); on `https://` ALPN
    /// offers `h2` and `http/1.1` and each connection speaks what the server
    /// picks, as h2load does.
    H2,
    /// HTTP/3 over QUIC (`https://` only: QUIC always has TLS 1.3), ALPN `h3`.
    H3,
    /// WebSocket (RFC 6455) after an HTTP/1.1 upgrade: `ws://` over TCP,
    /// `wss://` over TLS with ALPN `http/1.1` ([`LoadSpec::ws`](super::LoadSpec::ws) says what
    /// is sent).
    Ws,
    /// gRPC over HTTP/2: h2c on `http://`, TLS with ALPN `h2` only on
    /// `https://` ([`LoadSpec::grpc`](super::LoadSpec::grpc) says what is called).
    Grpc,
}

/// HTTP/2 settings, as h2load's `-m`, `-w` and `-W` give them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct H2Options {
    /// Concurrent streams per connection (capped by the server's
    /// SETTINGS_MAX_CONCURRENT_STREAMS).
    pub streams: usize,
    /// Stream window: 2^bits − 1 bytes.
    pub window_bits: u8,
    /// Connection window: 2^bits − 1 bytes.
    pub connection_window_bits: u8,
}

impl Default for H2Options {
    /// h2load's defaults: one stream, windows of 2^30 − 1.
    fn default() -> Self {
        H2Options {
            streams: 1,
            window_bits: 30,
            connection_window_bits: 30,
        }
    }
}

/// How connections are reused between requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reuse {
    /// HTTP/1.1 keep-alive (the default).
    KeepAlive,
    /// HTTP/1.1 with `Connection: close`: one request per connection.
    Close,
    /// HTTP/1.0 as ab sends it; `keepalive` adds `Connection: keep-alive` (ab -k).
    Http10 { keepalive: bool },
}
