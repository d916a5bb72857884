//! HTTP/2 frame codec of the test server (RFC 9113 §4, §6): constants, parsing of the client's
//! frames, writing of the server's. Written by hand so that the server can write anything,
//! including frames a real server never would; it must not refuse to write a frame.

/// The client connection preface (RFC 9113 §3.4).
pub(super) const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
/// Length of a frame header.
pub(super) const FRAME_HEADER: usize = 9;
/// Largest DATA payload sent (the default SETTINGS_MAX_FRAME_SIZE, which every peer accepts).
pub(super) const MAX_FRAME: usize = 16384;

/// Frame types (RFC 9113 §6).
pub(super) mod kind {
    pub const DATA: u8 = 0x0;
    pub const HEADERS: u8 = 0x1;
    pub const RST_STREAM: u8 = 0x3;
    pub const SETTINGS: u8 = 0x4;
    pub const PING: u8 = 0x6;
    pub const GOAWAY: u8 = 0x7;
    pub const WINDOW_UPDATE: u8 = 0x8;
    pub const CONTINUATION: u8 = 0x9;
}

/// Frame flags.
pub(super) mod flag {
    pub const END_STREAM: u8 = 0x1;
    pub const ACK: u8 = 0x1;
    pub const END_HEADERS: u8 = 0x4;
    pub const PADDED: u8 = 0x8;
    pub const PRIORITY: u8 = 0x20;
}

/// Error codes (RFC 9113 §7).
pub(super) mod code {
    pub const NO_ERROR: u32 = 0x0;
    pub const INTERNAL_ERROR: u32 = 0x2;
    pub const REFUSED_STREAM: u32 = 0x7;
}

/// SETTINGS identifiers.
pub(super) const SETTINGS_MAX_CONCURRENT_STREAMS: u16 = 0x3;
pub(super) const SETTINGS_INITIAL_WINDOW_SIZE: u16 = 0x4;

/// A frame received from the client; `payload` borrows the read buffer.
pub(super) struct Frame<'a> {
    pub(super) kind: u8,
    pub(super) flags: u8,
    pub(super) stream: u32,
    pub(super) payload: &'a [u8],
}

/// Parses the frame at the start of `buf`; returns it and its total length, or `None` if it is
/// not complete yet. Frame sizes are not checked: the server accepts what any client sends.
pub(super) fn parse_frame(buf: &[u8]) -> Option<(Frame<'_>, usize)> {
    let header = buf.get(..FRAME_HEADER)?;
    let len = u32::from_be_bytes([0, header[0], header[1], header[2]]) as usize;
    let payload = buf.get(FRAME_HEADER..FRAME_HEADER + len)?;
    let stream = u32::from_be_bytes([header[5], header[6], header[7], header[8]]) & 0x7fff_ffff;
    let frame = Frame {
        kind: header[3],
        flags: header[4],
        stream,
        payload,
    };
    Some((frame, FRAME_HEADER + len))
}

/// Appends a frame header announcing a `len`-byte payload.
pub(super) fn put_header(out: &mut Vec<u8>, len: usize, kind: u8, flags: u8, stream: u32) {
    out.extend_from_slice(&(len as u32).to_be_bytes()[1..]);
    out.extend_from_slice(&[kind, flags]);
    out.extend_from_slice(&(stream & 0x7fff_ffff).to_be_bytes());
}

/// Appends a whole frame.
pub(super) fn put_frame(out: &mut Vec<u8>, kind: u8, flags: u8, stream: u32, payload: &[u8]) {
    put_header(out, payload.len(), kind, flags, stream);
    out.extend_from_slice(payload);
}

/// The response header block: `:status 200` (static index 8) and `content-length` as a literal
/// without indexing with the static name index 28 (`0x0f 0x0d`), value not Huffman-coded.
pub(super) fn response_block(body_len: usize) -> Vec<u8> {
    let digits = body_len.to_string();
    let mut block = vec![0x88, 0x0f, 0x0d, digits.len() as u8];
    block.extend_from_slice(digits.as_bytes());
    block
}
