//! Which protocol the connections speak (the shared model's
//! [`Protocol`]) and how they are reused: plain data, which the spec, the
//! request templates and TLS read.

use serde::{Deserialize, Serialize};

pub use barrage_model::Protocol;

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
