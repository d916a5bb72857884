//! What a scenario speaks: one [`Protocol`], over TLS or not, named in
//! suites, manifests and results.json as `h1`, `h2c`, `h2`, `https`, `h3`,
//! `ws`, `wss`, `grpc` or `grpcs`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Protocol;

/// A protocol and whether it runs over TLS: the suite's `protocol = "h2c"`.
/// Over TLS it is served at `{tls_port}` (h3 on UDP, the others on TCP),
/// else at `{port}`. HTTP/3 is always over TLS (QUIC has TLS 1.3 built in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Wire {
    pub protocol: Protocol,
    pub tls: bool,
}

impl Wire {
    /// HTTP/1.1 (or 1.0 with `http10`) over TCP.
    pub const H1: Wire = Wire::plain(Protocol::Http1);
    /// HTTP/2 with prior knowledge over TCP.
    pub const H2C: Wire = Wire::plain(Protocol::H2);
    /// HTTP/2 over TLS (ALPN h2).
    pub const H2: Wire = Wire::tls(Protocol::H2);
    /// HTTP/1.1 over TLS.
    pub const HTTPS: Wire = Wire::tls(Protocol::Http1);
    /// HTTP/3 over QUIC (ALPN h3), on UDP at the TLS port's number.
    pub const H3: Wire = Wire::tls(Protocol::H3);
    /// WebSocket (RFC 6455): an HTTP/1.1 upgrade over TCP, then messages.
    pub const WS: Wire = Wire::plain(Protocol::Ws);
    /// WebSocket over TLS (`wss://`), at the TLS port.
    pub const WSS: Wire = Wire::tls(Protocol::Ws);
    /// gRPC over HTTP/2 with prior knowledge (h2c), at `{port}`.
    pub const GRPC: Wire = Wire::plain(Protocol::Grpc);
    /// gRPC over TLS (ALPN h2), at the TLS port.
    pub const GRPCS: Wire = Wire::tls(Protocol::Grpc);

    /// Every one, in the order the docs list them.
    pub const ALL: [Wire; 9] = [
        Wire::H1,
        Wire::H2C,
        Wire::H2,
        Wire::HTTPS,
        Wire::H3,
        Wire::WS,
        Wire::WSS,
        Wire::GRPC,
        Wire::GRPCS,
    ];

    const fn plain(protocol: Protocol) -> Wire {
        Wire {
            protocol,
            tls: false,
        }
    }

    const fn tls(protocol: Protocol) -> Wire {
        Wire {
            protocol,
            tls: true,
        }
    }

    /// The name used in suites and manifests: `h1`, `h2c`, `h2`, `https`,
    /// `h3`, `ws`, `wss`, `grpc`, `grpcs`.
    pub fn name(self) -> &'static str {
        match (self.protocol, self.tls) {
            (Protocol::Http1, false) => "h1",
            (Protocol::Http1, true) => "https",
            (Protocol::H2, false) => "h2c",
            (Protocol::H2, true) => "h2",
            (Protocol::H3, _) => "h3",
            (Protocol::Ws, false) => "ws",
            (Protocol::Ws, true) => "wss",
            (Protocol::Grpc, false) => "grpc",
            (Protocol::Grpc, true) => "grpcs",
        }
    }

    /// Over TLS (h2, https, wss, grpcs, and h3's QUIC): served at
    /// `{tls_port}` (h3 on UDP, the others on TCP); h1, h2c, ws and grpc at
    /// `{port}`.
    pub fn is_tls(self) -> bool {
        self.tls || self.protocol == Protocol::H3
    }

    /// gRPC (grpc, grpcs): calls of a method over HTTP/2, not requests of
    /// a path.
    pub fn is_grpc(self) -> bool {
        self.protocol == Protocol::Grpc
    }

    /// WebSocket (ws, wss): messages after an upgrade, not requests.
    pub fn is_ws(self) -> bool {
        self.protocol == Protocol::Ws
    }

    /// HTTP/2 (h2c, h2).
    pub fn is_h2(self) -> bool {
        self.protocol == Protocol::H2
    }

    /// Several requests in flight on one connection, as streams (h2c, h2,
    /// h3); HTTP/1 (h1, https) sends one at a time.
    pub fn multiplexed(self) -> bool {
        matches!(self.protocol, Protocol::H2 | Protocol::H3)
    }

    /// The one called `name` in the files.
    pub fn from_name(name: &str) -> Option<Wire> {
        Wire::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The names, comma-separated, as errors list them.
    pub fn names() -> String {
        Wire::ALL.map(Wire::name).join(", ")
    }
}

impl fmt::Display for Wire {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Wire> for String {
    fn from(w: Wire) -> String {
        w.name().to_string()
    }
}

impl TryFrom<String> for Wire {
    type Error = String;
    fn try_from(name: String) -> Result<Wire, String> {
        Wire::from_name(&name).ok_or_else(|| {
            format!(
                "unknown protocol {name:?}; expected one of {}",
                Wire::names()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_itself() {
        let names = [
            "h1", "h2c", "h2", "https", "h3", "ws", "wss", "grpc", "grpcs",
        ];
        assert_eq!(Wire::ALL.map(Wire::name), names);
        for w in Wire::ALL {
            let json = serde_json::to_string(&w).unwrap();
            assert_eq!(json, format!("\"{}\"", w.name()));
            assert_eq!(serde_json::from_str::<Wire>(&json).unwrap(), w);
        }
        assert_eq!(
            (Wire::H2C.protocol, Wire::H2C.tls, Wire::H3.tls),
            (Protocol::H2, false, true)
        );
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let e = serde_json::from_str::<Wire>("\"quic\"").unwrap_err();
        assert!(
            e.to_string().starts_with(
                "unknown protocol \"quic\"; expected one of h1, h2c, h2, https, h3, ws, wss, grpc, grpcs"
            ),
            "{e}"
        );
    }

    #[test]
    fn the_predicates_say_what_each_one_is() {
        let of = |f: fn(Wire) -> bool| -> Vec<&str> {
            Wire::ALL
                .into_iter()
                .filter(|w| f(*w))
                .map(Wire::name)
                .collect()
        };
        assert_eq!(of(Wire::is_tls), ["h2", "https", "h3", "wss", "grpcs"]);
        assert_eq!(of(Wire::is_grpc), ["grpc", "grpcs"]);
        assert_eq!(of(Wire::is_ws), ["ws", "wss"]);
        assert_eq!(of(Wire::is_h2), ["h2c", "h2"]);
        assert_eq!(of(Wire::multiplexed), ["h2c", "h2", "h3"]);
    }
}
