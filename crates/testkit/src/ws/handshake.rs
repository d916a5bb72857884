//! The opening handshake's bytes (RFC 6455 §4.2): the client's upgrade request read and
//! checked, and the answers a server gives it — a `101` with the right (or, on purpose, a
//! wrong) `Sec-WebSocket-Accept`, a refusal, a `400` for a request that is no upgrade.
//!
//! It must not do I/O: the server reads the head and writes what this returns.

use base64::Engine as _;

/// The GUID every `Sec-WebSocket-Accept` is derived with (§1.3).
const GUID: &str = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/// An upgrade request as read: its head, and the key it sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Upgrade {
    /// The request head as text (request line and headers, without the blank line).
    pub(crate) head: String,
    /// `Sec-WebSocket-Key`, if there was one.
    pub(crate) key: Option<String>,
    /// Whether it asked for a WebSocket (`GET`, `Upgrade: websocket`, HTTP/1.1).
    pub(crate) is_upgrade: bool,
}

/// Parses a complete request head (`head` ends with its blank line).
pub(crate) fn parse(head: &[u8]) -> Upgrade {
    let text = String::from_utf8_lossy(head).trim_end().to_string();
    let mut lines = text.lines();
    let request_line = lines.next().unwrap_or("");
    let mut key = None;
    let mut websocket = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.trim().eq_ignore_ascii_case("sec-websocket-key") {
            key = Some(value.to_string());
        } else if name.trim().eq_ignore_ascii_case("upgrade") {
            websocket = value.eq_ignore_ascii_case("websocket");
        }
    }
    let is_upgrade =
        request_line.starts_with("GET ") && request_line.ends_with(" HTTP/1.1") && websocket;
    Upgrade {
        head: text,
        key,
        is_upgrade,
    }
}

/// `Sec-WebSocket-Accept` for `key`: base64 of the SHA-1 of the key and the GUID.
pub(crate) fn accept_key(key: &str) -> String {
    let joined = format!("{key}{GUID}");
    let digest = ring::digest::digest(&ring::digest::SHA1_FOR_LEGACY_USE_ONLY, joined.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(digest.as_ref())
}

/// The `101 Switching Protocols` answer, with `accept` as its `Sec-WebSocket-Accept`.
pub(crate) fn switching(accept: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {accept}\r\n\r\n"
    )
    .into_bytes()
}

/// A refusal: `status` with its reason phrase, a short body, `Connection: close`.
pub(crate) fn refusal(status: u16) -> Vec<u8> {
    let reason = match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        426 => "Upgrade Required",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Refused",
    };
    let body = format!("{status} {reason}\n");
    format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_key_is_rfc_6455s_example() {
        // RFC 6455 §1.3.
        assert_eq!(
            accept_key("dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn parses_an_upgrade() {
        let u = parse(
            b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\n\
              sec-websocket-key: abc==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        );
        assert!(u.is_upgrade);
        assert_eq!(u.key.as_deref(), Some("abc=="));
        assert!(u.head.starts_with("GET /ws HTTP/1.1\r\nHost: x"));
        assert!(!parse(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").is_upgrade);
        assert!(!parse(b"POST / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n").is_upgrade);
    }

    #[test]
    fn a_refusal_says_its_status() {
        let r = String::from_utf8(refusal(403)).unwrap();
        assert!(r.starts_with("HTTP/1.1 403 Forbidden\r\n"));
        assert!(r.ends_with("\r\n\r\n403 Forbidden\n"));
    }
}
