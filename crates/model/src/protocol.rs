//! The one protocol type: which protocol the connections speak. Whether
//! they speak it over TLS is the URL's scheme (a suite's
//! [`Wire`](crate::suite::Wire) names the pair), and HTTP/1.0 and
//! keep-alive are the engine's connection reuse.

use serde::{Deserialize, Serialize};

/// Which protocol the connections speak.
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
    /// `wss://` over TLS with ALPN `http/1.1` (the engine's load spec says
    /// what is sent).
    Ws,
    /// gRPC over HTTP/2: h2c on `http://`, TLS with ALPN `h2` only on
    /// `https://` (the engine's load spec says what is called).
    Grpc,
}

impl Protocol {
    /// Over QUIC, whose datagrams and timers its connection owns (HTTP/3);
    /// every other protocol runs over a byte stream (TCP, or TLS over it).
    pub fn over_quic(self) -> bool {
        self == Protocol::H3
    }
}
