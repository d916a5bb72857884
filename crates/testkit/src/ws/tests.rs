//! Tests of [`WsTestServer`] against a raw client written on `TcpStream`.

use std::io::{Read, Write};
use std::net::TcpStream;

use super::frame::{self, Head, BINARY, CLOSE, CONTINUATION, PING, PONG, TEXT};
use super::*;

const KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";
const CLIENT_MASK: [u8; 4] = [1, 2, 3, 4];

/// A server frame as the client read it.
#[derive(Debug, PartialEq, Eq)]
struct Got {
    b0: u8,
    masked: bool,
    len: u64,
    /// Its payload (unmasked), when it came whole.
    payload: Vec<u8>,
}

struct Client {
    s: TcpStream,
    buf: Vec<u8>,
}

impl Client {
    /// Connects and sends the upgrade request; returns the client and the answer's head.
    fn upgrade(server: &WsTestServer) -> (Client, String) {
        let s = TcpStream::connect(server.addr()).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut c = Client { s, buf: Vec::new() };
        let req = format!(
            "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\nX-Test: yes\r\n\r\n"
        );
        c.s.write_all(req.as_bytes()).unwrap();
        let head_len = loop {
            if let Some(n) = crate::find_head_end(&c.buf) {
                break n;
            }
            assert!(c.fill(), "the server closed before its answer");
        };
        let head = String::from_utf8(c.buf.drain(..head_len).collect()).unwrap();
        (c, head)
    }

    /// Upgrades and checks the 101.
    fn open(server: &WsTestServer) -> Client {
        let (c, head) = Client::upgrade(server);
        assert!(head.starts_with("HTTP/1.1 101 "), "{head}");
        assert!(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"));
        c
    }

    /// Reads more; false at EOF (or on an error).
    fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 16 * 1024];
        match self.s.read(&mut chunk) {
            Ok(0) | Err(_) => false,
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                true
            }
        }
    }

    fn send(&mut self, head: Head, payload: &[u8]) {
        let mut out = Vec::new();
        frame::write(&mut out, head, payload);
        self.s.write_all(&out).unwrap();
    }

    fn send_final(&mut self, opcode: u8, payload: &[u8]) {
        let head = Head {
            mask: Some(CLIENT_MASK),
            ..Head::new(opcode, 0)
        };
        self.send(head, payload);
    }

    /// The next frame; a frame whose payload never comes in full is returned with what came
    /// (at EOF). `None` at EOF before a header.
    fn next(&mut self) -> Option<Got> {
        loop {
            if let Some(got) = self.parse(false) {
                return Some(got);
            }
            if !self.fill() {
                return self.parse(true);
            }
        }
    }

    fn parse(&mut self, at_eof: bool) -> Option<Got> {
        let b = &self.buf;
        if b.len() < 2 {
            return None;
        }
        let (len, mut at) = match b[1] & 0x7f {
            126 if b.len() >= 4 => (u64::from(u16::from_be_bytes([b[2], b[3]])), 4),
            127 if b.len() >= 10 => (u64::from_be_bytes(b[2..10].try_into().unwrap()), 10),
            126 | 127 => return None,
            n => (u64::from(n), 2),
        };
        let masked = b[1] & 0x80 != 0;
        let key = if masked {
            let k: [u8; 4] = b.get(at..at + 4)?.try_into().unwrap();
            at += 4;
            Some(k)
        } else {
            None
        };
        let end = at.saturating_add(usize::try_from(len).unwrap_or(usize::MAX));
        if b.len() < end && !at_eof {
            return None;
        }
        let end = end.min(b.len());
        let mut payload = b[at..end].to_vec();
        if let Some(k) = key {
            frame::apply_mask(&mut payload, k);
        }
        let b0 = b[0];
        self.buf.drain(..end);
        Some(Got {
            b0,
            masked,
            len,
            payload,
        })
    }
}

fn got(b0: u8, payload: &[u8]) -> Got {
    Got {
        b0,
        masked: false,
        len: payload.len() as u64,
        payload: payload.to_vec(),
    }
}

#[test]
fn echo_counts_answers_pings_and_closes() {
    let server = WsTestServer::start(WsBehavior::echo());
    let mut c = Client::open(&server);
    c.send_final(TEXT, b"hello");
    assert_eq!(c.next(), Some(got(0x81, b"hello")));
    // A fragmented binary message with a ping in between; 16- and 64-bit lengths.
    let lead = Head {
        fin: false,
        mask: Some(CLIENT_MASK),
        ..Head::new(BINARY, 0)
    };
    c.send(lead, &[7; 200]);
    c.send_final(PING, b"p");
    let rest = Head {
        mask: Some(CLIENT_MASK),
        ..Head::new(CONTINUATION, 0)
    };
    c.send(rest, &[8; 70_000]);
    assert_eq!(c.next(), Some(got(0x8A, b"p")));
    let big = c.next().unwrap();
    assert_eq!((big.b0, big.len), (0x82, 70_200));
    assert_eq!(&big.payload[199..201], &[7, 8]);
    c.send_final(CLOSE, &1000u16.to_be_bytes());
    assert_eq!(c.next(), Some(got(0x88, &1000u16.to_be_bytes())));
    assert!(c.next().is_none(), "the server ends the connection");
    drop(c);
    assert!(server.wait_idle(Duration::from_secs(5)));
    assert_eq!(server.messages_received(), 2);
    assert_eq!(server.messages_echoed(), 2);
    assert_eq!(server.payload_bytes_received(), 70_205);
    assert_eq!((server.pings_received(), server.pongs_sent()), (1, 1));
    assert_eq!(server.closes_received(), 1);
    assert_eq!(server.protocol_errors(), 0);
    let head = server.last_upgrade_request().unwrap();
    assert!(head.starts_with("GET /ws HTTP/1.1\r\n") && head.contains("X-Test: yes"));
}

#[test]
fn an_unmasked_client_frame_is_a_protocol_error() {
    let server = WsTestServer::start(WsBehavior::echo());
    let mut c = Client::open(&server);
    c.send(Head::new(TEXT, 0), b"hi");
    assert_eq!(c.next(), Some(got(0x88, &1002u16.to_be_bytes())));
    drop(c);
    assert!(server.wait_idle(Duration::from_secs(5)));
    assert_eq!(
        (server.protocol_errors(), server.messages_received()),
        (1, 0)
    );
}

#[test]
fn refusals_and_a_wrong_accept() {
    let server = WsTestServer::start(WsBehavior::Refuse { status: 403 });
    let (_, head) = Client::upgrade(&server);
    assert!(head.starts_with("HTTP/1.1 403 Forbidden\r\n"), "{head}");
    let server = WsTestServer::start(WsBehavior::BadAccept);
    let (_, head) = Client::upgrade(&server);
    assert!(head.starts_with("HTTP/1.1 101 "), "{head}");
    assert!(head.contains("Sec-WebSocket-Accept: "));
    assert!(!head.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), "{head}");
}

#[test]
fn broken_answers_are_the_bytes_promised() {
    let cases: [(WsBehavior, &dyn Fn(Got)); 6] = [
        (WsBehavior::MaskedFrames, &|g| {
            assert!(g.masked && g.b0 == 0x81 && g.payload == b"hey", "{g:?}")
        }),
        (WsBehavior::ReservedBits, &|g| {
            assert!(g.b0 == 0xC1 && g.payload == b"hey", "{g:?}")
        }),
        (WsBehavior::LengthTopBit, &|g| {
            assert!(g.b0 == 0x82 && g.len == 1 << 63, "{g:?}")
        }),
        (WsBehavior::LengthNeverArrives { len: 1 << 40 }, &|g| {
            assert!(g.len == 1 << 40 && g.payload.len() == 16, "{g:?}")
        }),
        (WsBehavior::CloseMidFrame, &|g| {
            assert!(g.b0 == 0x81 && g.len == 3 && g.payload == b"h", "{g:?}")
        }),
        (WsBehavior::BadUtf8Fragments, &|g| {
            assert!(g.b0 == 0x01 && g.payload == b"ab\xE2\x82", "{g:?}")
        }),
    ];
    for (behavior, check) in cases {
        let server = WsTestServer::start(behavior);
        let mut c = Client::open(&server);
        if matches!(
            behavior,
            WsBehavior::LengthNeverArrives { .. } | WsBehavior::LengthTopBit
        ) {
            c.s.set_read_timeout(Some(Duration::from_millis(300)))
                .unwrap();
        }
        c.send_final(TEXT, b"hey");
        check(c.next().unwrap_or_else(|| panic!("{behavior:?}: a frame")));
    }
}

#[test]
fn bad_utf8_comes_in_two_fragments() {
    let server = WsTestServer::start(WsBehavior::BadUtf8Fragments);
    let mut c = Client::open(&server);
    c.send_final(TEXT, b"x");
    assert_eq!(c.next().unwrap().payload, b"ab\xE2\x82");
    assert_eq!(c.next(), Some(got(0x80, b"\x28cd")));
}

#[test]
fn ignore_pings_still_echoes() {
    let server = WsTestServer::start(WsBehavior::IgnorePings);
    let mut c = Client::open(&server);
    c.send_final(PING, b"1");
    c.send_final(BINARY, b"data");
    assert_eq!(c.next(), Some(got(0x82, b"data")));
    assert!(server.wait_idle(Duration::from_millis(100)) || server.pongs_sent() == 0);
    assert_eq!((server.pings_received(), server.pongs_sent()), (1, 0));
}

#[test]
fn fragmented_echo_splits_a_character_and_pings_between() {
    let echo = Echo {
        fragment: true,
        ..Echo::default()
    };
    let server = WsTestServer::start(WsBehavior::Echo(echo));
    let mut c = Client::open(&server);
    c.send_final(TEXT, "é ok".as_bytes());
    assert_eq!(c.next(), Some(got(0x01, b"\xC3")));
    assert_eq!(c.next(), Some(got(0x89, b"testkit")));
    assert_eq!(c.next(), Some(got(0x00, b"\xA9")));
    assert_eq!(c.next(), Some(got(0x80, b" ok")));
    c.send_final(PONG, b"testkit");
    c.send_final(CLOSE, &[]);
    assert_eq!(c.next(), Some(got(0x88, b"")));
    drop(c);
    assert!(server.wait_idle(Duration::from_secs(5)));
    assert_eq!((server.pings_sent(), server.pongs_received()), (1, 1));
}

#[test]
fn pushes_and_floods_come_unasked() {
    let echo = Echo {
        push_per_s: 200,
        push_bytes: 10,
        ..Echo::default()
    };
    for behavior in [WsBehavior::Echo(echo), WsBehavior::Flood] {
        let server = WsTestServer::start(behavior);
        let mut c = Client::open(&server);
        for _ in 0..3 {
            let g = c.next().unwrap();
            assert_eq!(g.b0, 0x82, "{behavior:?}: {g:?}");
        }
        assert!(server.messages_pushed() >= 3, "{server:?}");
    }
}

#[test]
fn close_after_says_going_away() {
    let echo = Echo {
        close_after: Some(2),
        ..Echo::default()
    };
    let server = WsTestServer::start(WsBehavior::Echo(echo));
    let mut c = Client::open(&server);
    c.send_final(TEXT, b"1");
    c.send_final(TEXT, b"2");
    assert_eq!(c.next(), Some(got(0x81, b"1")));
    assert_eq!(c.next(), Some(got(0x81, b"2")));
    let close = c.next().unwrap();
    assert_eq!((close.b0, &close.payload[..2]), (0x88, &[0x03, 0xE9][..]));
    assert_eq!(&close.payload[2..], b"going away");
}

#[test]
fn tls_serves_wss() {
    let server = WsTestServer::start_tls(WsBehavior::echo());
    assert!(server.url("/ws").starts_with("wss://127.0.0.1:"));
    assert!(server
        .certificate_pem()
        .unwrap()
        .starts_with("-----BEGIN CERTIFICATE-----"));
    // A plain-text client gets no 101: the server expects a TLS ClientHello.
    let mut s = TcpStream::connect(server.addr()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    assert!(!answer.starts_with(b"HTTP/1.1 101"));
    assert_eq!(server.upgrades(), 0);
}
