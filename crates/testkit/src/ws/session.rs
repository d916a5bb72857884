//! One upgraded WebSocket connection's protocol state: the client's frames read into messages,
//! answered as the [`WsBehavior`] says (echoed, or broken on purpose), pings, pongs and the
//! close handshake, and the pushes the server loop asks for.
//!
//! It does no I/O: the server loop feeds it what it read and writes its `out`.

use std::sync::atomic::Ordering;

use super::frame::{self, Bad, Frame, Head, BINARY, CLOSE, CONTINUATION, PING, PONG, RSV1, TEXT};
use super::{Shared, WsBehavior};

/// The largest client frame the server takes (a bigger one is closed with 1009).
const MAX_FRAME: u64 = 16 << 20;
/// The mask key of [`WsBehavior::MaskedFrames`]' frames.
const SERVER_MASK: [u8; 4] = [0x37, 0xfa, 0x21, 0x3d];
/// Payload bytes of a pushed (or flooded) message.
const PUSH_FILL: u8 = b'p';

/// Where the connection is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    Open,
    /// A Close frame is in `out`: write it, end our side, wait for the client's end.
    Close,
    /// Read and drop everything until the client goes (the stream is broken mid-frame).
    Mute,
    /// Write `out`, then end the TCP connection both ways at once.
    Abort,
}

pub(crate) struct Session<'a> {
    shared: &'a Shared,
    /// Bytes to write.
    pub(crate) out: Vec<u8>,
    pub(crate) phase: Phase,
    /// Echoes in `out` not yet counted (counted just before the write).
    pub(crate) echoes_in_out: u64,
    /// Pushed messages in `out` not yet counted.
    pub(crate) pushes_in_out: u64,
    /// A fragmented message being reassembled: its opcode and payload so far.
    partial: Option<(u8, Vec<u8>)>,
    /// Data messages answered on this connection.
    answered: u64,
}

impl<'a> Session<'a> {
    pub(crate) fn new(shared: &'a Shared) -> Session<'a> {
        Session {
            shared,
            out: Vec::new(),
            phase: Phase::Open,
            echoes_in_out: 0,
            pushes_in_out: 0,
            partial: None,
            answered: 0,
        }
    }

    /// Handles the whole frames at the start of `buf`; returns the bytes used.
    pub(crate) fn on_read(&mut self, buf: &[u8]) -> usize {
        let mut used = 0;
        while self.phase == Phase::Open {
            match frame::read(&buf[used..], MAX_FRAME) {
                Ok(None) => break,
                Ok(Some((f, n))) => {
                    used += n;
                    if let Err(bad) = self.on_frame(f) {
                        self.fail(bad.close_code());
                    }
                }
                Err(bad) => {
                    self.fail(bad.close_code());
                    break;
                }
            }
        }
        if self.phase == Phase::Mute {
            return buf.len();
        }
        used
    }

    fn on_frame(&mut self, f: Frame) -> Result<(), Bad> {
        let s = self.shared;
        match (f.opcode, self.partial.take()) {
            (PING, partial) => {
                self.partial = partial;
                s.pings_received.fetch_add(1, Ordering::SeqCst);
                if s.behavior != WsBehavior::IgnorePings {
                    frame::write_plain(&mut self.out, PONG, &f.payload);
                    s.pongs_sent.fetch_add(1, Ordering::SeqCst);
                }
            }
            (PONG, partial) => {
                self.partial = partial;
                s.pongs_received.fetch_add(1, Ordering::SeqCst);
            }
            (CLOSE, _) => {
                s.closes_received.fetch_add(1, Ordering::SeqCst);
                let code = f.payload.get(..2).unwrap_or(&[]);
                frame::write_plain(&mut self.out, CLOSE, code);
                self.phase = Phase::Close;
            }
            (TEXT | BINARY, None) if f.fin => self.on_message(f.opcode, f.payload)?,
            (TEXT | BINARY, None) => self.partial = Some((f.opcode, f.payload)),
            (CONTINUATION, Some((opcode, mut payload))) => {
                payload.extend_from_slice(&f.payload);
                if payload.len() as u64 > MAX_FRAME {
                    return Err(Bad::TooBig);
                }
                if f.fin {
                    self.on_message(opcode, payload)?;
                } else {
                    self.partial = Some((opcode, payload));
                }
            }
            _ => return Err(Bad::Malformed),
        }
        Ok(())
    }

    /// A protocol error by the client: counted, answered with Close(`code`).
    fn fail(&mut self, code: u16) {
        self.shared.protocol_errors.fetch_add(1, Ordering::SeqCst);
        frame::write_plain(&mut self.out, CLOSE, &code.to_be_bytes());
        self.phase = Phase::Close;
    }

    /// A whole data message from the client: counted, then answered.
    fn on_message(&mut self, opcode: u8, payload: Vec<u8>) -> Result<(), Bad> {
        if opcode == TEXT && std::str::from_utf8(&payload).is_err() {
            self.shared.protocol_errors.fetch_add(1, Ordering::SeqCst);
            frame::write_plain(&mut self.out, CLOSE, &1007u16.to_be_bytes());
            self.phase = Phase::Close;
            return Ok(());
        }
        self.shared.on_received(payload.len());
        self.answer(opcode, &payload);
        self.answered += 1;
        if let WsBehavior::Echo(echo) = self.shared.behavior {
            if echo.close_after == Some(self.answered) && self.phase == Phase::Open {
                let mut close = 1001u16.to_be_bytes().to_vec();
                close.extend_from_slice(b"going away");
                frame::write_plain(&mut self.out, CLOSE, &close);
                self.phase = Phase::Close;
            }
        }
        Ok(())
    }

    /// Answers a data message as the behaviour says.
    fn answer(&mut self, opcode: u8, payload: &[u8]) {
        let first = self.answered == 0;
        let head = Head::new(opcode, 0);
        match self.shared.behavior {
            WsBehavior::Echo(echo) if echo.fragment => self.fragmented(opcode, payload),
            WsBehavior::MaskedFrames => {
                let masked = Head {
                    mask: Some(SERVER_MASK),
                    ..head
                };
                frame::write(&mut self.out, masked, payload);
            }
            WsBehavior::ReservedBits => {
                frame::write(&mut self.out, Head { rsv: RSV1, ..head }, payload)
            }
            WsBehavior::LengthTopBit if first => {
                Head::new(BINARY, 1 << 63).write(&mut self.out);
                self.out.extend_from_slice(&[0; 16]);
                self.phase = Phase::Mute;
                return;
            }
            WsBehavior::LengthNeverArrives { len } if first => {
                Head::new(BINARY, len).write(&mut self.out);
                self.out.extend_from_slice(&[0; 16]);
                self.phase = Phase::Mute;
                return;
            }
            WsBehavior::CloseMidFrame if first => {
                let mut whole = Vec::new();
                frame::write(&mut whole, head, payload);
                self.out
                    .extend_from_slice(&whole[..whole.len().div_ceil(2)]);
                self.phase = Phase::Abort;
                return;
            }
            WsBehavior::BadUtf8Fragments if first => {
                // "ab" and the first two bytes of a three-byte character, then a byte that
                // cannot continue it: each fragment alone could be a prefix, the message is
                // not UTF-8.
                let lead = Head {
                    fin: false,
                    ..Head::new(TEXT, 0)
                };
                frame::write(&mut self.out, lead, b"ab\xE2\x82");
                frame::write_plain(&mut self.out, CONTINUATION, b"\x28cd");
            }
            _ => frame::write(&mut self.out, head, payload),
        }
        self.echoes_in_out += 1;
    }

    /// Echoes `payload` in three fragments (the first of one byte, so that a character of
    /// more than one byte is split), with a ping between the first two.
    fn fragmented(&mut self, opcode: u8, payload: &[u8]) {
        let cut1 = payload.len().min(1);
        let cut2 = cut1.max(payload.len() / 2);
        let parts = [
            (opcode, false, &payload[..cut1]),
            (CONTINUATION, false, &payload[cut1..cut2]),
            (CONTINUATION, true, &payload[cut2..]),
        ];
        for (i, (op, fin, part)) in parts.into_iter().enumerate() {
            frame::write(
                &mut self.out,
                Head {
                    fin,
                    ..Head::new(op, 0)
                },
                part,
            );
            if i == 0 {
                frame::write_plain(&mut self.out, PING, b"testkit");
                self.shared.pings_sent.fetch_add(1, Ordering::SeqCst);
            }
        }
    }

    /// Appends `n` pushed messages of `size` bytes (binary).
    pub(crate) fn push(&mut self, n: u64, size: usize) {
        let payload = vec![PUSH_FILL; size];
        for _ in 0..n {
            frame::write_plain(&mut self.out, BINARY, &payload);
        }
        self.pushes_in_out += n;
    }
}
