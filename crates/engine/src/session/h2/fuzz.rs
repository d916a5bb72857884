//! Entry points for the fuzz targets (fuzz/): arbitrary bytes through the
//! session as a server would send them. Public but hidden: not an API.

use std::time::Instant;

use super::frame::{self, flag, kind};
use super::{H2Request, H2Session, H2Settings};
use crate::session::{Completed, Inflight, Sink, StreamFailure};

/// Decodes arbitrary bytes as a server's side of a connection, for the fuzz
/// target: whatever the input, this returns (an error or not) and never panics.
#[doc(hidden)]
pub fn fuzz_server_bytes(data: &[u8]) {
    struct Nothing;
    impl Sink for Nothing {
        fn completed(&mut self, _: Completed) {}
        fn failed(&mut self, _: Inflight, _: StreamFailure) {}
    }
    let now = Instant::now();
    let mut s = H2Session::new(H2Settings::from_bits(16, 16), 0);
    let mut out = Vec::new();
    s.on_connect(&mut out);
    let req = H2Request {
        headers: vec![(b":method"[..].into(), b"GET"[..].into())],
        body: Box::new([]),
    };
    let inflight = Inflight {
        intended: now,
        sent: now,
        head: false,
        measured: true,
        template: 0,
    };
    // Four streams in flight, so that responses have somewhere to land; the
    // input chooses where it is split, to exercise frames cut across reads.
    for _ in 0..4 {
        s.submit(&req, inflight, &mut out);
    }
    let split = data.first().map_or(0, |&b| b as usize).min(data.len());
    let (a, b) = data.split_at(split);
    for part in [a, b] {
        out.clear();
        if s.on_read(part, &mut Nothing, &mut out).is_err() {
            return;
        }
        for _ in 0..s.room(8) {
            s.submit(&req, inflight, &mut out);
        }
    }
    let _ = s.on_eof();
}

/// Decodes arbitrary bytes as the HPACK block of a response, for the fuzz
/// target: the block arrives in a HEADERS frame (split over CONTINUATIONs
/// when long) after the server's SETTINGS.
#[doc(hidden)]
pub fn fuzz_header_block(block: &[u8]) {
    let mut bytes = Vec::new();
    frame::put_settings(&mut bytes, &[]);
    let mut chunks = block.chunks(1000).peekable();
    let mut first = true;
    loop {
        let chunk = chunks.next().unwrap_or(&[]);
        let end = if chunks.peek().is_none() {
            flag::END_HEADERS | flag::END_STREAM
        } else {
            0
        };
        let kind = if first {
            kind::HEADERS
        } else {
            kind::CONTINUATION
        };
        frame::put_header(&mut bytes, chunk.len(), kind, end, 1);
        bytes.extend_from_slice(chunk);
        first = false;
        if end != 0 {
            break;
        }
    }
    // The SETTINGS frame's first byte is 0: fuzz_server_bytes reads it all at once.
    fuzz_server_bytes(&bytes);
}
