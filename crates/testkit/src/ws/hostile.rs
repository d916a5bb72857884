//! The hostile behaviours ([`WsHostile`]): right after the upgrade the server writes one kind of
//! frame as fast as the socket takes it and never reads again (or, for
//! [`WsHostile::ControlTooLong`], one frame a server must never send). A client that queues its
//! pongs without bound, or keeps a message that never ends, grows until it is killed.

use super::frame::{self, Head, BINARY, CONTINUATION, PING};
use super::transport::Transport;
use crate::listener::Conn;

/// Frames written per batch.
const BATCH_FRAMES: usize = 1024;
/// [`WsHostile::NeverEnding`]'s fragments.
const LONG_FRAGMENT: usize = 16 * 1024;

/// What a [`super::WsBehavior::Hostile`] server does after the upgrade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WsHostile {
    /// Pings of 8 bytes without end (each owes a pong), never reading.
    PingFlood,
    /// A binary message begun with 1 byte, then continuation frames of 1 byte that never end it.
    FragmentStorm,
    /// A binary message begun, then continuation frames of 16 KiB that never end it.
    NeverEnding,
    /// A ping of 126 bytes (control frames carry at most 125), then reads and drops.
    ControlTooLong,
}

impl WsHostile {
    /// Every hostile behaviour, for tests that run them all.
    pub const ALL: [WsHostile; 4] = [
        WsHostile::PingFlood,
        WsHostile::FragmentStorm,
        WsHostile::NeverEnding,
        WsHostile::ControlTooLong,
    ];

    /// Whether it floods (rather than sending one bad frame).
    pub fn floods(self) -> bool {
        self != WsHostile::ControlTooLong
    }
}

/// A frame that does not end its message.
fn fragment(out: &mut Vec<u8>, opcode: u8, payload: &[u8]) {
    let mut head = Head::new(opcode, 0);
    head.fin = false;
    frame::write(out, head, payload);
}

/// Serves one upgraded connection as `hostile` says; returns the batches written whole.
pub(super) fn serve(conn: &Conn, io: &mut Transport, hostile: WsHostile) -> u64 {
    let (mut prefix, mut batch) = (Vec::new(), Vec::new());
    match hostile {
        WsHostile::PingFlood => {
            for _ in 0..BATCH_FRAMES {
                frame::write_plain(&mut batch, PING, b"floodnow");
            }
        }
        WsHostile::FragmentStorm => {
            fragment(&mut prefix, BINARY, b"x");
            for _ in 0..BATCH_FRAMES {
                fragment(&mut batch, CONTINUATION, b"x");
            }
        }
        WsHostile::NeverEnding => {
            fragment(&mut prefix, BINARY, &[b'x'; LONG_FRAGMENT]);
            for _ in 0..BATCH_FRAMES / 64 {
                fragment(&mut batch, CONTINUATION, &[b'x'; LONG_FRAGMENT]);
            }
        }
        WsHostile::ControlTooLong => {
            frame::write_plain(&mut prefix, PING, &[b'p'; 126]);
            use std::io::Write;
            if io.write_all(&prefix).and_then(|()| io.flush()).is_ok() {
                super::discard_until_closed(conn, io, None);
            }
            return 0;
        }
    }
    conn.flood(io, &prefix, &batch)
}
