//! WebSocket frames (RFC 6455 §5.2) as bytes: a writer that can write any header, legal or
//! not (masked server frames, reserved bits, a length with its top bit set), and a reader of
//! the client's frames that unmasks them and says how they break the rules.
//!
//! It must not do I/O or keep state across frames: the session reassembles messages.

/// Opcodes (RFC 6455 §5.2).
pub(crate) const CONTINUATION: u8 = 0x0;
pub(crate) const TEXT: u8 = 0x1;
pub(crate) const BINARY: u8 = 0x2;
pub(crate) const CLOSE: u8 = 0x8;
pub(crate) const PING: u8 = 0x9;
pub(crate) const PONG: u8 = 0xA;

/// The FIN bit of the first header byte.
const FIN: u8 = 0x80;
/// RSV1 (an extension's bit: none is negotiated).
pub(crate) const RSV1: u8 = 0x40;
/// The MASK bit of the second header byte.
const MASK: u8 = 0x80;

/// A frame header to write; `len` is written as announced, whatever follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Head {
    pub(crate) fin: bool,
    /// Reserved bits, already in place (`RSV1`, `0x20`, `0x10`).
    pub(crate) rsv: u8,
    pub(crate) opcode: u8,
    pub(crate) mask: Option<[u8; 4]>,
    /// The payload length announced, up to `u64::MAX` (above `i64::MAX` is illegal).
    pub(crate) len: u64,
}

impl Head {
    /// A final, unmasked header without reserved bits.
    pub(crate) fn new(opcode: u8, len: u64) -> Head {
        Head {
            fin: true,
            rsv: 0,
            opcode,
            mask: None,
            len,
        }
    }

    /// Appends the header's bytes: 7-bit, 16-bit or 64-bit length, whichever is shortest.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        let fin = if self.fin { FIN } else { 0 };
        out.push(fin | self.rsv | (self.opcode & 0x0F));
        let mask = if self.mask.is_some() { MASK } else { 0 };
        match self.len {
            n @ 0..=125 => out.push(mask | n as u8),
            n @ 126..=0xFFFF => {
                out.push(mask | 126);
                out.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                out.push(mask | 127);
                out.extend_from_slice(&n.to_be_bytes());
            }
        }
        if let Some(key) = self.mask {
            out.extend_from_slice(&key);
        }
    }
}

/// Appends a whole frame: `head` (its `len` set from `payload`) and the payload, masked with
/// the head's key if it has one.
pub(crate) fn write(out: &mut Vec<u8>, mut head: Head, payload: &[u8]) {
    head.len = payload.len() as u64;
    head.write(out);
    let start = out.len();
    out.extend_from_slice(payload);
    if let Some(key) = head.mask {
        apply_mask(&mut out[start..], key);
    }
}

/// Appends a final, unmasked frame (what a correct server writes).
pub(crate) fn write_plain(out: &mut Vec<u8>, opcode: u8, payload: &[u8]) {
    write(out, Head::new(opcode, 0), payload);
}

/// XORs `data` with `key` (masking and unmasking are the same).
pub(crate) fn apply_mask(data: &mut [u8], key: [u8; 4]) {
    for (i, b) in data.iter_mut().enumerate() {
        *b ^= key[i % 4];
    }
}

/// A frame the client sent, unmasked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Frame {
    pub(crate) fin: bool,
    pub(crate) opcode: u8,
    pub(crate) payload: Vec<u8>,
}

/// How a client frame breaks RFC 6455; the close code a strict server answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bad {
    /// A client frame without the MASK bit (§5.1).
    Unmasked,
    /// Reserved bits set, an unknown opcode, a control frame fragmented or over 125 bytes.
    Malformed,
    /// A payload longer than the server takes.
    TooBig,
}

impl Bad {
    /// The close code for it (§7.4.1): 1002 protocol error, 1009 message too big.
    pub(crate) fn close_code(self) -> u16 {
        match self {
            Bad::Unmasked | Bad::Malformed => 1002,
            Bad::TooBig => 1009,
        }
    }
}

/// Reads the client frame at the start of `buf`: `Ok(None)` while it is incomplete,
/// `Ok(Some((frame, bytes used)))` once whole. Frames over `max_len` are [`Bad::TooBig`].
pub(crate) fn read(buf: &[u8], max_len: u64) -> Result<Option<(Frame, usize)>, Bad> {
    let [b0, b1, ..] = *buf else { return Ok(None) };
    let (fin, rsv, opcode) = (b0 & FIN != 0, b0 & 0x70, b0 & 0x0F);
    let control = opcode >= CLOSE;
    if rsv != 0 || !matches!(opcode, CONTINUATION | TEXT | BINARY | CLOSE | PING | PONG) {
        return Err(Bad::Malformed);
    }
    if b1 & MASK == 0 {
        return Err(Bad::Unmasked);
    }
    let (len, mut at) = match b1 & 0x7F {
        126 => match buf.get(2..4) {
            Some(b) => (u64::from(u16::from_be_bytes([b[0], b[1]])), 4),
            None => return Ok(None),
        },
        127 => match buf.get(2..10) {
            Some(b) => (u64::from_be_bytes(b.try_into().expect("8 bytes")), 10),
            None => return Ok(None),
        },
        n => (u64::from(n), 2),
    };
    if control && (!fin || len > 125) {
        return Err(Bad::Malformed);
    }
    if len > max_len {
        return Err(Bad::TooBig);
    }
    let Some(key) = buf.get(at..at + 4) else {
        return Ok(None);
    };
    let key: [u8; 4] = key.try_into().expect("4 bytes");
    at += 4;
    let end = at + len as usize;
    let Some(payload) = buf.get(at..end) else {
        return Ok(None);
    };
    let mut payload = payload.to_vec();
    apply_mask(&mut payload, key);
    let frame = Frame {
        fin,
        opcode,
        payload,
    };
    Ok(Some((frame, end)))
}
