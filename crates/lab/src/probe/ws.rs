//! WebSocket probes (ws, wss; RFC 6455) over a blocking socket, or rustls
//! on one: the HTTP/1.1 upgrade (101 and a `Sec-WebSocket-Accept` that
//! answers the key), then one message of the scenario's size and kind,
//! whose echo must come back byte for byte and of the same kind (text or
//! binary), then the close handshake. A subscription (`/ws?push=N`) sends
//! nothing and waits for the first message the server pushes.
//!
//! What the load would count as an error is a problem here, so the
//! scenario is skipped on that server with the reason: a refused upgrade,
//! a wrong accept, a masked or reserved-bit frame from the server, a close
//! before the echo, an echo that differs. A small client of its own (a
//! handful of frames, no extensions): the probe checks the server, so it
//! must see the bytes itself.

use std::time::{SystemTime, UNIX_EPOCH};

use barrage_engine::http1::Wire;
use barrage_model::load::WsMode;
use base64::Engine as _;
use sha1::{Digest, Sha1};

use super::{sha256_hex, Deadline, ProbeResult};
use crate::suite::{Scenario, WsScenario};

/// The GUID RFC 6455 §1.3 appends to the key.
const GUID: &str = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
/// The largest head or message the probe reads (a pushed message has no
/// size the probe knows).
const MAX_READ: usize = 64 << 20;
const OP_CONTINUATION: u8 = 0;
const OP_TEXT: u8 = 1;
const OP_BINARY: u8 = 2;
const OP_CLOSE: u8 = 8;
const OP_PING: u8 = 9;
const OP_PONG: u8 = 10;

/// Upgrades, exchanges one message and closes, over TLS when `tls`.
pub(super) fn probe(
    scenario: &Scenario,
    host: &str,
    port: u16,
    tls: bool,
    deadline: Deadline,
) -> Result<ProbeResult, String> {
    let stream = super::h1::open(host, port, tls, deadline)?;
    Conn::new(stream, deadline).probe(scenario, host, port)
}

/// A message as received: its opcode (text or binary) and payload.
struct Message {
    opcode: u8,
    payload: Vec<u8>,
}

/// The upgrade's answer.
struct Upgrade {
    status: u16,
    reason: String,
    headers: Vec<(String, String)>,
    header_bytes: usize,
}

/// One connection: the wire and what was read past what was used.
struct Conn<W> {
    wire: W,
    buffered: Vec<u8>,
    deadline: Deadline,
}

impl<W: Wire> Conn<W> {
    fn new(wire: W, deadline: Deadline) -> Conn<W> {
        Conn {
            wire,
            buffered: Vec::new(),
            deadline,
        }
    }

    fn probe(mut self, s: &Scenario, host: &str, port: u16) -> Result<ProbeResult, String> {
        let ws = s.ws.clone().unwrap_or_else(WsScenario::echo);
        let key = base64::engine::general_purpose::STANDARD.encode(nonce());
        self.write(&upgrade_request(s, host, port, &key))?;
        let upgrade = self.read_upgrade()?;
        let mut result = ProbeResult {
            status: upgrade.status,
            version: "HTTP/1.1".into(),
            header_names: upgrade.headers.iter().map(|(n, _)| n.clone()).collect(),
            header_bytes: upgrade.header_bytes,
            body_bytes: 0,
            body_sha256: sha256_hex(b""),
            framing: "websocket".into(),
            problems: upgrade_problems(&upgrade, &key),
            deviations: Vec::new(),
        };
        if !result.problems.is_empty() {
            return Ok(result);
        }
        let sent = match ws.mode {
            WsMode::Echo => {
                let sent = message(&ws);
                self.write(&frame(sent.opcode, &sent.payload))?;
                Some(sent)
            }
            WsMode::Subscribe => None,
        };
        match self.read_message() {
            Ok(got) => {
                result.body_bytes = got.payload.len();
                result.body_sha256 = sha256_hex(&got.payload);
                result.framing = format!("websocket {}", kind(got.opcode));
                if let Some(sent) = sent {
                    result.problems.extend(echo_problems(&sent, &got));
                }
                self.close();
            }
            Err(problem) => result.problems.push(problem),
        }
        Ok(result)
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.wire
            .write_all(bytes)
            .and_then(|()| self.wire.flush())
            .map_err(|e| format!("cannot send to the server: {e}"))
    }

    /// Reads more bytes into the buffer; `what` names what is awaited.
    fn fill(&mut self, what: &str) -> Result<(), String> {
        let left = self.deadline.left(what)?;
        self.wire
            .set_read_limit(left)
            .map_err(|e| format!("socket option: {e}"))?;
        let mut chunk = [0u8; 16 * 1024];
        match self.wire.read(&mut chunk) {
            Ok(0) => Err(format!("the server closed the connection before {what}")),
            Ok(n) if self.buffered.len() + n > MAX_READ => {
                Err(format!("more than {MAX_READ} bytes before {what}"))
            }
            Ok(n) => {
                self.buffered.extend_from_slice(&chunk[..n]);
                Ok(())
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Err(self.deadline.expired(what))
            }
            Err(e) => Err(format!("cannot read {what}: {e}")),
        }
    }

    /// `n` bytes off the front of the buffer, reading as needed.
    fn take(&mut self, n: usize, what: &str) -> Result<Vec<u8>, String> {
        while self.buffered.len() < n {
            self.fill(what)?;
        }
        Ok(self.buffered.drain(..n).collect())
    }

    fn read_upgrade(&mut self) -> Result<Upgrade, String> {
        const WHAT: &str = "an answer to the WebSocket upgrade";
        let end = loop {
            if let Some(i) = self.buffered.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            self.fill(WHAT)?;
        };
        let head = self.take(end, WHAT)?;
        parse_head(&head)
    }

    /// The next data message (fragments joined), answering pings.
    fn read_message(&mut self) -> Result<Message, String> {
        let mut message: Option<Message> = None;
        loop {
            let (fin, opcode, payload) = self.read_frame()?;
            match opcode {
                OP_PING => self.write(&frame(OP_PONG, &payload))?,
                OP_PONG => {}
                OP_CLOSE => return Err(close_problem(&payload)),
                OP_TEXT | OP_BINARY if message.is_none() => {
                    message = Some(Message { opcode, payload });
                }
                OP_CONTINUATION if message.is_some() => {
                    if let Some(m) = message.as_mut() {
                        m.payload.extend_from_slice(&payload);
                    }
                }
                other => {
                    return Err(format!(
                        "the server sent an unexpected frame of opcode {other}"
                    ))
                }
            }
            if fin && message.is_some() && opcode <= OP_BINARY {
                return message.ok_or_else(|| "no message".into());
            }
        }
    }

    /// One frame: FIN, opcode and unmasked payload.
    fn read_frame(&mut self) -> Result<(bool, u8, Vec<u8>), String> {
        const WHAT: &str = "a WebSocket frame";
        let head = self.take(2, WHAT)?;
        let (fin, rsv, opcode) = (head[0] & 0x80 != 0, head[0] & 0x70, head[0] & 0x0f);
        if rsv != 0 {
            return Err(format!(
                "the server sent a frame with reserved bits set ({rsv:#04x})"
            ));
        }
        if head[1] & 0x80 != 0 {
            return Err("the server sent a masked frame (RFC 6455 §5.1: a server must not)".into());
        }
        let len = match head[1] & 0x7f {
            126 => {
                let b = self.take(2, WHAT)?;
                u64::from(u16::from_be_bytes([b[0], b[1]]))
            }
            127 => u64::from_be_bytes(self.take(8, WHAT)?.try_into().unwrap_or([0xff; 8])),
            n => u64::from(n),
        };
        if len > MAX_READ as u64 {
            return Err(format!("the server sent a frame of {len} bytes"));
        }
        let payload = self.take(len as usize, WHAT)?;
        Ok((fin, opcode, payload))
    }

    /// Sends Close (1000) and waits, briefly, for the server's.
    fn close(&mut self) {
        if self
            .write(&frame(OP_CLOSE, &1000u16.to_be_bytes()))
            .is_err()
        {
            return;
        }
        for _ in 0..8 {
            match self.read_frame() {
                Ok((_, OP_CLOSE, _)) | Err(_) => return,
                Ok(_) => {}
            }
        }
    }
}

/// The upgrade request: a GET of the scenario's path with its headers.
fn upgrade_request(s: &Scenario, host: &str, port: u16, key: &str) -> Vec<u8> {
    let authority = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    };
    let mut head = format!(
        "GET {} HTTP/1.1\r\nHost: {authority}\r\nUser-Agent: barrage/{}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n",
        s.path,
        env!("CARGO_PKG_VERSION")
    );
    for (name, value) in &s.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    head.into_bytes()
}

fn parse_head(head: &[u8]) -> Result<Upgrade, String> {
    let text = String::from_utf8_lossy(head);
    let mut lines = text.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let mut words = status_line.splitn(3, ' ');
    let (version, status) = (words.next(), words.next().and_then(|w| w.parse().ok()));
    let (Some(version), Some(status)) = (version, status) else {
        return Err(format!(
            "not an HTTP answer to the upgrade: {status_line:?}"
        ));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(format!(
            "not an HTTP/1 answer to the upgrade: {status_line:?}"
        ));
    }
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Ok(Upgrade {
        status,
        reason: words.next().unwrap_or_default().to_string(),
        headers,
        header_bytes: head.len(),
    })
}

/// What is wrong with the upgrade's answer to `key`.
fn upgrade_problems(upgrade: &Upgrade, key: &str) -> Vec<String> {
    if upgrade.status != 101 {
        return vec![format!(
            "answered {} {} to the WebSocket upgrade, not 101",
            upgrade.status, upgrade.reason
        )];
    }
    let header = |name: &str| {
        upgrade
            .headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let mut problems = Vec::new();
    if !header("upgrade").is_some_and(|v| v.eq_ignore_ascii_case("websocket")) {
        problems.push("the 101 has no Upgrade: websocket".to_string());
    }
    let want = accept_for(key);
    match header("sec-websocket-accept") {
        Some(got) if got == want => {}
        Some(got) => problems.push(format!(
            "Sec-WebSocket-Accept is {got:?}, not {want:?} (RFC 6455 §4.2.2)"
        )),
        None => problems.push("the 101 has no Sec-WebSocket-Accept".to_string()),
    }
    problems
}

/// `Sec-WebSocket-Accept` for `key`: base64(SHA-1(key + GUID)).
fn accept_for(key: &str) -> String {
    let digest = Sha1::digest(format!("{key}{GUID}").as_bytes());
    base64::engine::general_purpose::STANDARD.encode(digest)
}

/// The message the load sends: `message_bytes` of printable ASCII (text),
/// or of every byte value in turn (binary).
fn message(ws: &WsScenario) -> Message {
    let (opcode, payload) = if ws.binary {
        (OP_BINARY, (0..ws.message_bytes).map(|i| i as u8).collect())
    } else {
        let text = (0..ws.message_bytes).map(|i| b'a' + (i % 26) as u8);
        (OP_TEXT, text.collect())
    };
    Message { opcode, payload }
}

fn echo_problems(sent: &Message, got: &Message) -> Vec<String> {
    let mut problems = Vec::new();
    if got.opcode != sent.opcode {
        problems.push(format!(
            "the echo of a {} message came back as {}",
            kind(sent.opcode),
            kind(got.opcode)
        ));
    }
    if got.payload != sent.payload {
        problems.push(format!(
            "the echo of {} bytes differs from the message ({} bytes came back)",
            sent.payload.len(),
            got.payload.len()
        ));
    }
    problems
}

fn kind(opcode: u8) -> &'static str {
    if opcode == OP_BINARY {
        "binary"
    } else {
        "text"
    }
}

fn close_problem(payload: &[u8]) -> String {
    match payload {
        [a, b, reason @ ..] => format!(
            "the server closed the WebSocket ({} {:?}) before sending a message",
            u16::from_be_bytes([*a, *b]),
            String::from_utf8_lossy(reason)
        ),
        _ => "the server closed the WebSocket before sending a message".into(),
    }
}

/// A masked frame (FIN set) of `opcode` carrying `payload`.
fn frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0x80 | opcode];
    match payload.len() {
        n @ 0..=125 => out.push(0x80 | n as u8),
        n @ 126..=0xffff => {
            out.push(0x80 | 126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            out.push(0x80 | 127);
            out.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    let mask: [u8; 4] = nonce()[..4].try_into().unwrap_or([1, 2, 3, 4]);
    out.extend_from_slice(&mask);
    out.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    out
}

/// 16 bytes that differ from one call to the next (the key and masks need
/// no more than that).
fn nonce() -> [u8; 16] {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mixed = nanos.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
    mixed.to_le_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::os::unix::net::UnixStream;
    use std::time::Duration;

    /// RFC 6455 §1.3's example.
    #[test]
    fn the_accept_of_the_rfcs_key() {
        assert_eq!(
            accept_for("dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn frames_are_masked_with_the_three_lengths() {
        for (len, head) in [(5, 2), (200, 4), (70_000, 10)] {
            let payload = vec![7u8; len];
            let f = frame(OP_BINARY, &payload);
            assert_eq!(f[0], 0x82);
            assert_eq!(f[1] & 0x80, 0x80, "masked");
            let mask = &f[head..head + 4];
            let unmasked: Vec<u8> = f[head + 4..]
                .iter()
                .enumerate()
                .map(|(i, b)| b ^ mask[i % 4])
                .collect();
            assert_eq!(unmasked, payload, "{len}");
        }
    }

    /// A connection that reads `bytes`, and the server's end (kept open
    /// for the pongs).
    fn conn(bytes: &[u8]) -> (Conn<UnixStream>, UnixStream) {
        let (mut server, client) = UnixStream::pair().unwrap();
        server.write_all(bytes).unwrap();
        let c = Conn::new(client, Deadline::after(Duration::from_secs(5)));
        (c, server)
    }

    #[test]
    fn messages_fragmented_with_a_ping_between() {
        // "hel" (text, not FIN), a ping, "lo" (continuation, FIN).
        let mut bytes = vec![0x01, 3];
        bytes.extend_from_slice(b"hel");
        bytes.extend_from_slice(&[0x89, 0]);
        bytes.extend_from_slice(&[0x80, 2]);
        bytes.extend_from_slice(b"lo");
        let (mut c, mut server) = conn(&bytes);
        let m = c.read_message().unwrap();
        assert_eq!((m.opcode, m.payload.as_slice()), (OP_TEXT, &b"hello"[..]));
        // The ping was answered: a masked pong of no payload.
        let mut pong = [0u8; 6];
        server.read_exact(&mut pong).unwrap();
        assert_eq!(pong[..2], [0x8a, 0x80]);
        // A 16-bit length.
        let mut long = vec![0x82, 126, 0x01, 0x00];
        long.extend_from_slice(&[9u8; 256]);
        assert_eq!(conn(&long).0.read_message().unwrap().payload.len(), 256);
    }

    #[test]
    fn bad_frames_are_problems() {
        let masked = [0x81, 0x81, 1, 2, 3, 4, b'a' ^ 1];
        let cases: [(&[u8], &str); 4] = [
            (&masked, "the server sent a masked frame"),
            (&[0xc1, 0], "the server sent a frame with reserved bits set"),
            (
                &[0x88, 2, 0x03, 0xe9],
                "the server closed the WebSocket (1001",
            ),
            (
                &[0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0],
                "the server sent a frame of 9223372036854775808 bytes",
            ),
        ];
        for (bytes, want) in cases {
            let e = conn(bytes).0.read_message().err().unwrap();
            assert!(e.starts_with(want), "{e}");
        }
    }

    #[test]
    fn upgrade_answers() {
        let key = "dGhlIHNhbXBsZSBub25jZQ==";
        let ok = parse_head(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n").unwrap();
        assert_eq!(upgrade_problems(&ok, key), Vec::<String>::new());
        let refused = parse_head(b"HTTP/1.1 404 Not Found\r\n\r\n").unwrap();
        assert_eq!(
            upgrade_problems(&refused, key),
            ["answered 404 Not Found to the WebSocket upgrade, not 101"]
        );
        let wrong =
            parse_head(b"HTTP/1.1 101 OK\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: x\r\n\r\n")
                .unwrap();
        assert!(upgrade_problems(&wrong, key)[0].starts_with("Sec-WebSocket-Accept is \"x\""));
    }
}
