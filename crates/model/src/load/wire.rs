//! What a run's connections spoke ([`WireSummary`]): the one [`Protocol`],
//! the scheme and, for HTTP/1, its version. The JSON names the three in
//! two keys of `spec`: `protocol`, a label (`HTTP/1.1`, `HTTP/1.0`, `h2c`,
//! `h2`, `h3`, `ws`, `grpc`), and `scheme`.

use std::fmt;

use serde::de::Error as _;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Scheme;
use crate::Protocol;

/// What the connections spoke, as the report names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WireSummary {
    pub protocol: Protocol,
    /// `http` (plain TCP) or `https` (TLS; QUIC's for HTTP/3).
    pub scheme: Scheme,
    /// HTTP/1.0 requests, as ab sends them (HTTP/1 only).
    pub http10: bool,
}

/// Every label, as an error lists them.
const LABELS: &str = "HTTP/1.1, HTTP/1.0, h2c, h2, h3, ws, grpc";

impl WireSummary {
    /// The label in the JSON and in reports: `HTTP/1.1`, `HTTP/1.0`,
    /// `h2c`, `h2` (HTTP/2 on `http` and on `https`), `h3`, `ws`, `grpc`.
    pub fn label(self) -> &'static str {
        match self.protocol {
            Protocol::Http1 if self.http10 => "HTTP/1.0",
            Protocol::Http1 => "HTTP/1.1",
            Protocol::H2 if self.scheme == Scheme::Http => "h2c",
            Protocol::H2 => "h2",
            Protocol::H3 => "h3",
            Protocol::Ws => "ws",
            Protocol::Grpc => "grpc",
        }
    }

    /// The summary labelled `label` on `scheme`. h2 and h2c are one
    /// protocol: the scheme says which one ran.
    pub fn from_label(label: &str, scheme: Scheme) -> Option<WireSummary> {
        let (protocol, http10) = match label {
            "HTTP/1.1" => (Protocol::Http1, false),
            "HTTP/1.0" => (Protocol::Http1, true),
            "h2c" | "h2" => (Protocol::H2, false),
            "h3" => (Protocol::H3, false),
            "ws" => (Protocol::Ws, false),
            "grpc" => (Protocol::Grpc, false),
            _ => return None,
        };
        Some(WireSummary {
            protocol,
            scheme,
            http10,
        })
    }
}

impl fmt::Display for WireSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl Serialize for WireSummary {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("WireSummary", 2)?;
        st.serialize_field("protocol", self.label())?;
        st.serialize_field("scheme", &self.scheme)?;
        st.end()
    }
}

impl<'de> Deserialize<'de> for WireSummary {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<WireSummary, D::Error> {
        #[derive(Deserialize)]
        struct Keys {
            protocol: String,
            scheme: Scheme,
        }
        let keys = Keys::deserialize(d)?;
        WireSummary::from_label(&keys.protocol, keys.scheme).ok_or_else(|| {
            D::Error::custom(format!(
                "unknown protocol {:?}; expected one of {LABELS}",
                keys.protocol
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Spec {
        model: String,
        #[serde(flatten)]
        wire: WireSummary,
        streams: Option<usize>,
    }

    #[test]
    fn every_label_reads_back_as_written() {
        let cases = [
            (Protocol::Http1, Scheme::Http, false, "HTTP/1.1"),
            (Protocol::Http1, Scheme::Https, false, "HTTP/1.1"),
            (Protocol::Http1, Scheme::Http, true, "HTTP/1.0"),
            (Protocol::Http1, Scheme::Https, true, "HTTP/1.0"),
            (Protocol::H2, Scheme::Http, false, "h2c"),
            (Protocol::H2, Scheme::Https, false, "h2"),
            (Protocol::H3, Scheme::Https, false, "h3"),
            (Protocol::Ws, Scheme::Http, false, "ws"),
            (Protocol::Ws, Scheme::Https, false, "ws"),
            (Protocol::Grpc, Scheme::Http, false, "grpc"),
            (Protocol::Grpc, Scheme::Https, false, "grpc"),
        ];
        for (protocol, scheme, http10, label) in cases {
            let wire = WireSummary {
                protocol,
                scheme,
                http10,
            };
            assert_eq!(wire.label(), label);
            let spec = Spec {
                model: "closed".into(),
                wire,
                streams: None,
            };
            let json = serde_json::to_string(&spec).unwrap();
            let expected = format!(
                r#"{{"model":"closed","protocol":"{label}","scheme":"{}","streams":null}}"#,
                scheme.name()
            );
            assert_eq!(json, expected);
            assert_eq!(serde_json::from_str::<Spec>(&json).unwrap(), spec, "{json}");
        }
    }

    #[test]
    fn an_unknown_label_lists_the_known_ones() {
        let json = r#"{"model":"closed","protocol":"spdy","scheme":"http","streams":null}"#;
        let e = serde_json::from_str::<Spec>(json).unwrap_err().to_string();
        assert!(
            e.contains(
                "unknown protocol \"spdy\"; expected one of HTTP/1.1, HTTP/1.0, h2c, h2, h3, ws, grpc"
            ),
            "{e}"
        );
    }
}
