//! WebSocket frames (RFC 6455 §5): the reader that walks a server's bytes
//! in place, and the writer of a client's masked frames.
//!
//! The reader takes bytes in pieces of any size (a frame may be split at any
//! byte across reads), keeps at most a frame header (14 bytes) and a control
//! frame's payload (125 bytes), and reports whole data messages by their
//! length only: their payload is walked (text is checked for UTF-8, across
//! fragments) and never copied. It refuses what a server must not send:
//! masked frames, reserved bits (no extension is negotiated), unknown
//! opcodes, control frames that are fragmented or over 125 bytes, a 64-bit
//! length with its top bit set, continuations without a message, a new
//! message inside a fragmented one. Past its bounds it reports a flood
//! ([`FrameReader::flooded`]): messages over [`MAX_MESSAGE`] (refused,
//! never allocated) or in more than [`MAX_FRAGMENTS`] frames, and more than
//! [`MAX_IDLE_FRAMES`] pings, pongs or empty fragments in a row. It never
//! panics.

use std::fmt;

/// The longest message accepted (sent or received).
pub const MAX_MESSAGE: u64 = crate::spec::MAX_WS_MESSAGE_BYTES as u64;
/// The longest control frame payload (RFC 6455 §5.5).
const MAX_CONTROL: usize = 125;
/// Frames of one data message at most (a fragment storm: a message that
/// grows a byte at a time never reaches [`MAX_MESSAGE`]).
pub const MAX_FRAGMENTS: u32 = 100_000;
/// Frames in a row that move no message on at most: pings, pongs, empty
/// fragments.
pub const MAX_IDLE_FRAMES: u32 = 10_000;

pub const OP_CONTINUATION: u8 = 0x0;
pub const OP_TEXT: u8 = 0x1;
pub const OP_BINARY: u8 = 0x2;
pub const OP_CLOSE: u8 = 0x8;
pub const OP_PING: u8 = 0x9;
pub const OP_PONG: u8 = 0xA;

/// What a server's frames said.
#[derive(Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// A whole data message (its fragments joined): its payload length.
    Message {
        binary: bool,
        len: u64,
    },
    Ping(&'a [u8]),
    Pong(&'a [u8]),
    /// A Close frame: its status code (if it has one) and reason. Bytes
    /// after it are ignored.
    Close {
        code: Option<u16>,
        reason: &'a [u8],
    },
}

/// A frame that breaks RFC 6455.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameError(pub String);

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn bad<T>(msg: impl Into<String>) -> Result<T, FrameError> {
    Err(FrameError(msg.into()))
}

/// The frame whose payload is being read.
#[derive(Debug, Clone, Copy)]
struct FrameHead {
    fin: bool,
    opcode: u8,
    len: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// `have` bytes of a frame header are in `header`.
    Header { have: u8 },
    /// `remaining` payload bytes of `frame` to read.
    Payload { remaining: u64 },
    /// A Close was read: the rest is ignored.
    Closed,
}

/// A data message begun and not finished.
#[derive(Debug, Clone, Copy)]
struct Message {
    binary: bool,
    len: u64,
}

/// The server's frames on one connection.
#[derive(Debug)]
pub struct FrameReader {
    state: State,
    header: [u8; 14],
    frame: FrameHead,
    message: Option<Message>,
    utf8: Utf8,
    control: [u8; MAX_CONTROL],
    control_len: u8,
    /// Frames of the message under way.
    fragments: u32,
    /// Frames in a row that moved no message on.
    idle: u32,
    /// The error returned was a flood ([`MAX_FRAGMENTS`], [`MAX_IDLE_FRAMES`]).
    flooded: bool,
}

impl Default for FrameReader {
    fn default() -> Self {
        FrameReader::new()
    }
}

impl FrameReader {
    pub fn new() -> FrameReader {
        FrameReader {
            state: State::Header { have: 0 },
            header: [0; 14],
            frame: FrameHead {
                fin: true,
                opcode: 0,
                len: 0,
            },
            message: None,
            utf8: Utf8::default(),
            control: [0; MAX_CONTROL],
            control_len: 0,
            fragments: 0,
            idle: 0,
            flooded: false,
        }
    }

    /// The last error was a flood: the server sent more frames than it
    /// takes to move anything on (counted as `flood`, not `protocol`).
    pub fn flooded(&self) -> bool {
        self.flooded
    }

    fn flood<T>(&mut self, msg: String) -> Result<T, FrameError> {
        self.flooded = true;
        Err(FrameError(msg))
    }

    /// A Close frame was read.
    pub fn closed(&self) -> bool {
        self.state == State::Closed
    }

    /// Between frames, no message begun: a close of the connection here cut nothing.
    pub fn at_boundary(&self) -> bool {
        self.state == State::Header { have: 0 } && self.message.is_none()
    }

    /// Reads `data`, calling `on` for each message and control frame.
    pub fn feed(&mut self, data: &[u8], on: &mut impl FnMut(Event<'_>)) -> Result<(), FrameError> {
        let mut pos = 0;
        while pos < data.len() {
            match self.state {
                State::Closed => return Ok(()),
                State::Header { have } => pos += self.read_header(have, &data[pos..])?,
                State::Payload { remaining } => {
                    let rest = &data[pos..];
                    let take = remaining.min(rest.len() as u64) as usize;
                    self.payload(&rest[..take])?;
                    pos += take;
                    let remaining = remaining - take as u64;
                    self.state = State::Payload { remaining };
                    if remaining == 0 {
                        self.end_frame(on)?;
                    }
                }
            }
        }
        // A frame with an empty payload ends as soon as its header does.
        if self.state == (State::Payload { remaining: 0 }) {
            self.end_frame(on)?;
        }
        Ok(())
    }

    /// Takes header bytes from `data` (the first `have` are kept already);
    /// returns how many it used.
    #[inline]
    fn read_header(&mut self, have: u8, data: &[u8]) -> Result<usize, FrameError> {
        if have == 0 {
            // The usual case: the whole header is in this read, read in place.
            if let Some(size) = header_size(data) {
                self.start_frame(parse_header(&data[..size])?)?;
                return Ok(size);
            }
        }
        let have = usize::from(have);
        let take = (14 - have).min(data.len());
        self.header[have..have + take].copy_from_slice(&data[..take]);
        let got = have + take;
        let Some(size) = header_size(&self.header[..got]) else {
            self.state = State::Header { have: got as u8 };
            return Ok(take);
        };
        self.start_frame(parse_header(&self.header[..size])?)?;
        Ok(size - have)
    }

    /// Checks a frame against the message under way, and starts its payload.
    fn start_frame(&mut self, frame: FrameHead) -> Result<(), FrameError> {
        match frame.opcode {
            OP_CLOSE | OP_PING | OP_PONG => {
                if !frame.fin {
                    return bad("a fragmented control frame");
                }
                if frame.len > MAX_CONTROL as u64 {
                    return bad(format!(
                        "a control frame of {} bytes (at most 125)",
                        frame.len
                    ));
                }
                self.control_len = 0;
            }
            OP_TEXT | OP_BINARY => {
                if self.message.is_some() {
                    return bad("a new data frame inside a fragmented message");
                }
                self.message = Some(Message {
                    binary: frame.opcode == OP_BINARY,
                    len: 0,
                });
                self.utf8 = Utf8::default();
                self.fragments = 0;
            }
            OP_CONTINUATION if self.message.is_none() => {
                return bad("a continuation frame with no message begun");
            }
            OP_CONTINUATION => {}
            op => return bad(format!("unknown opcode {op:#x}")),
        }
        if frame.opcode < 8 {
            self.fragments += 1;
            if self.fragments > MAX_FRAGMENTS {
                return self.flood(format!(
                    "a message in more than {MAX_FRAGMENTS} fragments (the last a continuation \
                     frame of {} bytes)",
                    frame.len
                ));
            }
        }
        if let Some(m) = self.message.as_mut().filter(|_| frame.opcode < 8) {
            m.len += frame.len;
            if m.len > MAX_MESSAGE {
                let len = m.len;
                return self.flood(format!(
                    "a message over {} MiB ({len} bytes announced)",
                    MAX_MESSAGE >> 20
                ));
            }
        }
        self.frame = frame;
        self.state = State::Payload {
            remaining: frame.len,
        };
        Ok(())
    }

    /// Walks payload bytes: a control frame's are kept, a text message's checked.
    fn payload(&mut self, bytes: &[u8]) -> Result<(), FrameError> {
        if self.frame.opcode >= 8 {
            let at = usize::from(self.control_len);
            self.control[at..at + bytes.len()].copy_from_slice(bytes);
            self.control_len += bytes.len() as u8;
        } else if self.message.is_some_and(|m| !m.binary) {
            self.utf8.feed(bytes)?;
        }
        Ok(())
    }

    fn end_frame(&mut self, on: &mut impl FnMut(Event<'_>)) -> Result<(), FrameError> {
        self.state = State::Header { have: 0 };
        let frame = self.frame;
        let idle = match frame.opcode {
            OP_PING | OP_PONG => true,
            OP_CLOSE => false,
            _ => frame.len == 0 && !frame.fin,
        };
        if !idle {
            self.idle = 0;
        } else {
            self.idle += 1;
            if self.idle > MAX_IDLE_FRAMES {
                let what = match frame.opcode {
                    OP_PING => "ping",
                    OP_PONG => "pong",
                    _ => "empty fragment",
                };
                return self.flood(format!(
                    "more than {MAX_IDLE_FRAMES} frames in a row moved no message on (the last a {what})"
                ));
            }
        }
        let control = &self.control[..usize::from(self.control_len)];
        match frame.opcode {
            OP_PING => on(Event::Ping(control)),
            OP_PONG => on(Event::Pong(control)),
            OP_CLOSE => {
                self.state = State::Closed;
                let (code, reason) = close_payload(control)?;
                on(Event::Close { code, reason });
            }
            _ if frame.fin => {
                let Some(m) = self.message.take() else {
                    return Ok(());
                };
                if !m.binary && !self.utf8.complete() {
                    return bad("a text message that ends inside a UTF-8 sequence");
                }
                on(Event::Message {
                    binary: m.binary,
                    len: m.len,
                });
            }
            _ => {}
        }
        Ok(())
    }
}

/// A frame header (`h` is exactly its 2, 4 or 10 bytes).
fn parse_header(h: &[u8]) -> Result<FrameHead, FrameError> {
    if h[0] & 0x70 != 0 {
        return bad(format!(
            "a frame with reserved bits set ({:#04x}) and no extension negotiated",
            h[0] & 0x70
        ));
    }
    if h[1] & 0x80 != 0 {
        return bad("a masked frame from the server (RFC 6455 §5.1: a server must not mask)");
    }
    let len = match h.len() {
        2 => u64::from(h[1] & 0x7f),
        4 => u64::from(u16::from_be_bytes([h[2], h[3]])),
        _ => {
            let len = u64::from_be_bytes([h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9]]);
            if len >> 63 != 0 {
                return bad(format!(
                    "a 64-bit frame length with its top bit set ({len})"
                ));
            }
            len
        }
    };
    Ok(FrameHead {
        fin: h[0] & 0x80 != 0,
        opcode: h[0] & 0x0f,
        len,
    })
}

/// The size of the frame header that starts `h`, once its first two bytes are in.
fn header_size(h: &[u8]) -> Option<usize> {
    if h.len() < 2 {
        return None;
    }
    let size = match h[1] & 0x7f {
        126 => 4,
        127 => 10,
        _ => 2,
    };
    (h.len() >= size).then_some(size)
}

/// A Close payload: none, or a code and a UTF-8 reason (RFC 6455 §5.5.1).
fn close_payload(p: &[u8]) -> Result<(Option<u16>, &[u8]), FrameError> {
    match p {
        [] => Ok((None, p)),
        [_] => bad("a Close frame with a 1-byte payload"),
        [a, b, reason @ ..] => {
            if std::str::from_utf8(reason).is_err() {
                return bad("a Close frame whose reason is not UTF-8");
            }
            Ok((Some(u16::from_be_bytes([*a, *b])), reason))
        }
    }
}

/// UTF-8 checked piece by piece: a sequence cut between pieces is carried.
#[derive(Debug, Default, Clone, Copy)]
struct Utf8 {
    carry: [u8; 4],
    carried: u8,
}

impl Utf8 {
    fn feed(&mut self, mut bytes: &[u8]) -> Result<(), FrameError> {
        if self.carried > 0 {
            let need = sequence_len(self.carry[0]);
            let have = usize::from(self.carried);
            let take = (need - have).min(bytes.len());
            self.carry[have..have + take].copy_from_slice(&bytes[..take]);
            self.carried += take as u8;
            bytes = &bytes[take..];
            match std::str::from_utf8(&self.carry[..usize::from(self.carried)]) {
                Ok(_) => self.carried = 0,
                Err(e) if e.error_len().is_none() => return Ok(()),
                Err(_) => return bad_utf8(),
            }
        }
        match std::str::from_utf8(bytes) {
            Ok(_) => Ok(()),
            Err(e) if e.error_len().is_none() => {
                let tail = &bytes[e.valid_up_to()..];
                self.carry[..tail.len()].copy_from_slice(tail);
                self.carried = tail.len() as u8;
                Ok(())
            }
            Err(_) => bad_utf8(),
        }
    }

    fn complete(&self) -> bool {
        self.carried == 0
    }
}

/// The length of the sequence a lead byte starts (a cut sequence always
/// has a valid lead: `from_utf8` called it incomplete, not invalid).
fn sequence_len(lead: u8) -> usize {
    match lead {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

fn bad_utf8<T>() -> Result<T, FrameError> {
    bad("a text message that is not UTF-8")
}

/// Appends one client frame (FIN set) to `out`: its header, `mask`, and
/// `payload` masked as it is copied (RFC 6455 §5.3).
#[inline]
pub fn write_frame(out: &mut Vec<u8>, opcode: u8, payload: &[u8], mask: [u8; 4]) {
    let len = payload.len();
    out.reserve(14 + len);
    out.push(0x80 | opcode);
    if len < 126 {
        out.push(0x80 | len as u8);
    } else if len <= 0xffff {
        out.push(0x80 | 126);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0x80 | 127);
        out.extend_from_slice(&(len as u64).to_be_bytes());
    }
    out.extend_from_slice(&mask);
    let start = out.len();
    out.extend_from_slice(payload);
    apply_mask(&mut out[start..], mask);
}

/// XORs `bytes` with the mask, eight bytes at a time.
#[inline]
pub fn apply_mask(bytes: &mut [u8], mask: [u8; 4]) {
    let m = u64::from_ne_bytes([
        mask[0], mask[1], mask[2], mask[3], mask[0], mask[1], mask[2], mask[3],
    ]);
    let mut chunks = bytes.chunks_exact_mut(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        chunk.copy_from_slice(&(u64::from_ne_bytes(word) ^ m).to_ne_bytes());
    }
    for (i, b) in chunks.into_remainder().iter_mut().enumerate() {
        *b ^= mask[i % 4];
    }
}

/// Feeds arbitrary bytes to a frame reader, whole and cut where the input's
/// first bytes say, for the fuzz target `ws_frames`: whatever the input,
/// this returns and never panics, keeps at most a header and a control
/// payload, and both ways of feeding read the same events (it panics if they
/// differ).
#[doc(hidden)]
pub fn fuzz_frames(data: &[u8]) {
    let (cuts, stream) = match data.split_first() {
        Some((&n, rest)) => rest.split_at(usize::from(n % 8).min(rest.len())),
        None => (data, data),
    };
    let whole = read_all(stream, &[]);
    let cut = read_all(stream, cuts);
    assert_eq!(whole, cut, "cut at {cuts:?}");
}

/// Events as owned values, then the error if one ended the reading.
type Read = (Vec<String>, Option<FrameError>);

/// Feeds `stream` to a new reader in pieces cut after each of `cuts` bytes
/// (then the rest); what it read (test and fuzz helper).
#[doc(hidden)]
pub fn read_all(stream: &[u8], cuts: &[u8]) -> Read {
    let mut reader = FrameReader::new();
    let mut events = Vec::new();
    let mut rest = stream;
    for size in cuts.iter().map(|&c| usize::from(c)).chain([usize::MAX]) {
        let (piece, after) = rest.split_at(size.min(rest.len()));
        rest = after;
        if let Err(e) = reader.feed(piece, &mut |e| events.push(format!("{e:?}"))) {
            return (events, Some(e));
        }
        if rest.is_empty() {
            break;
        }
    }
    (events, None)
}
