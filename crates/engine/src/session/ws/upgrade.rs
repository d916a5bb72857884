//! The WebSocket opening handshake (RFC 6455 §4): the client's HTTP/1.1
//! Upgrade request, built once per run and finished per connection with its
//! own `Sec-WebSocket-Key`, and the check of the server's answer (`101`,
//! `Upgrade: websocket`, the `Sec-WebSocket-Accept` the key calls for). The
//! answer's head is read by the engine's one HTTP/1 head reader
//! (`h1::head::parse_any`).

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

use crate::request::RequestTemplate;
use crate::session::h1::head;
use crate::session::ProtocolError;

/// RFC 6455 §1.3's GUID, appended to the key before hashing.
const GUID: &[u8] = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/// The Upgrade request for `request`'s path and headers, without its
/// `Sec-WebSocket-Key` line and the blank line that ends it (added per
/// connection by [`finish_request`]). A user's `Host` or `User-Agent`
/// replaces barrage's own.
pub fn request_head(request: &RequestTemplate, authority: &str) -> Vec<u8> {
    let has = |name: &str| {
        request
            .headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    let mut out = format!("GET {} HTTP/1.1\r\n", request.path);
    if !has("host") {
        out += &format!("Host: {authority}\r\n");
    }
    if !has("user-agent") {
        out += concat!("User-Agent: barrage/", env!("CARGO_PKG_VERSION"), "\r\n");
    }
    out += "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n";
    for (name, value) in &request.headers {
        out += &format!("{name}: {value}\r\n");
    }
    out.into_bytes()
}

/// Appends the request head, the connection's key and the blank line to
/// `out`; returns the `Sec-WebSocket-Accept` the server must answer with.
pub fn finish_request(head: &[u8], key_bytes: [u8; 16], out: &mut Vec<u8>) -> [u8; 28] {
    let mut key = [0u8; 24];
    let n = STANDARD
        .encode_slice(key_bytes, &mut key)
        .expect("16 bytes are 24 in base64");
    out.extend_from_slice(head);
    out.extend_from_slice(b"Sec-WebSocket-Key: ");
    out.extend_from_slice(&key[..n]);
    out.extend_from_slice(b"\r\n\r\n");
    accept_for(&key)
}

/// `Sec-WebSocket-Accept` for a key: base64 of SHA-1 of key and GUID.
pub fn accept_for(key: &[u8]) -> [u8; 28] {
    let mut ctx = ring::digest::Context::new(&ring::digest::SHA1_FOR_LEGACY_USE_ONLY);
    ctx.update(key);
    ctx.update(GUID);
    let digest = ctx.finish();
    let mut accept = [0u8; 28];
    STANDARD
        .encode_slice(digest.as_ref(), &mut accept)
        .expect("20 bytes are 28 in base64");
    accept
}

/// Why the server's answer is not an accepted upgrade.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The bytes are not an HTTP/1 response.
    Protocol(ProtocolError),
    /// A well-formed answer that refuses (another status, a wrong accept).
    Refused(String),
}

/// Reads the server's answer from the start of `buf`: `Ok(None)` while its
/// head is incomplete, else how many bytes the head took (frames follow).
pub fn read_answer(buf: &[u8], accept: &[u8; 28]) -> Result<Option<usize>, Refusal> {
    let mut upgrade = false;
    let mut accepted: Option<bool> = None;
    let mut field = |name: &str, value: &[u8]| {
        if name.eq_ignore_ascii_case("upgrade") {
            upgrade |= value.trim_ascii().eq_ignore_ascii_case(b"websocket");
        } else if name.eq_ignore_ascii_case("sec-websocket-accept") {
            accepted = Some(value.trim_ascii() == accept);
        }
    };
    let Some((status, reason, size)) =
        head::parse_any(buf, &mut field).map_err(Refusal::Protocol)?
    else {
        return Ok(None);
    };
    if status != 101 {
        return Err(Refusal::Refused(format!(
            "the server answered {status} {reason} to the WebSocket upgrade"
        )));
    }
    if !upgrade {
        return Err(Refusal::Refused(
            "the server's 101 to the WebSocket upgrade has no \"Upgrade: websocket\"".into(),
        ));
    }
    match accepted {
        Some(true) => Ok(Some(size)),
        Some(false) => Err(Refusal::Refused(
            "the server's Sec-WebSocket-Accept does not match the key sent".into(),
        )),
        None => Err(Refusal::Refused(
            "the server's 101 to the WebSocket upgrade has no Sec-WebSocket-Accept".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rfc_example_key_gets_its_accept() {
        // RFC 6455 §1.3.
        assert_eq!(
            &accept_for(b"dGhlIHNhbXBsZSBub25jZQ=="),
            b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn the_request_carries_the_upgrade_and_the_users_headers() {
        let mut t = RequestTemplate::get("/ws?x=1");
        t.headers.push(("X-Token".into(), "abc".into()));
        let head = request_head(&t, "h:1");
        let mut out = Vec::new();
        let accept = finish_request(&head, *b"the sample nonce", &mut out);
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("GET /ws?x=1 HTTP/1.1\r\nHost: h:1\r\n"),
            "{text}"
        );
        for line in [
            "Upgrade: websocket\r\n",
            "Connection: Upgrade\r\n",
            "Sec-WebSocket-Version: 13\r\n",
            "X-Token: abc\r\n",
        ] {
            assert!(text.contains(line), "{line}: {text}");
        }
        assert!(text.ends_with("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"));
        assert_eq!(&accept, b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
    }

    #[test]
    fn answers_are_judged() {
        let accept = *b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";
        let ok = b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n\x81\x00";
        assert_eq!(read_answer(ok, &accept), Ok(Some(ok.len() - 2)));
        assert_eq!(read_answer(&ok[..20], &accept), Ok(None));
        let refused = b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n";
        let Err(Refusal::Refused(why)) = read_answer(refused, &accept) else {
            panic!("a 403 is a refusal");
        };
        assert!(why.contains("403 Forbidden"), "{why}");
        let wrong = b"HTTP/1.1 101 OK\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: xxx\r\n\r\n";
        assert!(matches!(
            read_answer(wrong, &accept),
            Err(Refusal::Refused(_))
        ));
        let garbage = b"SSH-2.0-OpenSSH\r\n\r\n";
        assert!(matches!(
            read_answer(garbage, &accept),
            Err(Refusal::Protocol(_))
        ));
        // A status line that never ends is waited for up to a head's size, no further.
        let mut endless = b"HTTP/1.1 101 \x01".to_vec();
        assert_eq!(read_answer(&endless, &accept), Ok(None));
        endless.resize(crate::session::h1::head::MAX_HEAD + 1, 1);
        let Err(Refusal::Protocol(e)) = read_answer(&endless, &accept) else {
            panic!("an endless status line is refused");
        };
        assert!(e.0.contains("longer than"), "{e:?}");
    }
}
