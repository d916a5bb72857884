//! HTTP/2 frames (RFC 9113 §4, §6): the 9-byte header, the types and flags
//! the client session reads, and the few frames it writes.
//!
//! Hand-written rather than taken from the `h2` crate: h2's frame layer is
//! public only behind its `unstable` feature and is tied to its async codec;
//! see session/h2/mod.rs for what was measured.

/// The client connection preface (RFC 9113 §3.4).
pub const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
pub const HEADER_LEN: usize = 9;
/// SETTINGS_MAX_FRAME_SIZE's initial value: the largest frame either side
/// sends until told otherwise; barrage never advertises more.
pub const DEFAULT_MAX_FRAME: u32 = 16_384;
/// The initial flow-control window of a stream and of the connection.
pub const DEFAULT_WINDOW: u32 = 65_535;
pub const MAX_WINDOW: u32 = (1 << 31) - 1;

pub mod kind {
    pub const DATA: u8 = 0x0;
    pub const HEADERS: u8 = 0x1;
    pub const PRIORITY: u8 = 0x2;
    pub const RST_STREAM: u8 = 0x3;
    pub const SETTINGS: u8 = 0x4;
    pub const PUSH_PROMISE: u8 = 0x5;
    pub const PING: u8 = 0x6;
    pub const GOAWAY: u8 = 0x7;
    pub const WINDOW_UPDATE: u8 = 0x8;
    pub const CONTINUATION: u8 = 0x9;
}

pub mod flag {
    pub const END_STREAM: u8 = 0x1;
    pub const ACK: u8 = 0x1;
    pub const END_HEADERS: u8 = 0x4;
    pub const PADDED: u8 = 0x8;
    pub const PRIORITY: u8 = 0x20;
}

pub mod setting {
    pub const HEADER_TABLE_SIZE: u16 = 0x1;
    pub const ENABLE_PUSH: u16 = 0x2;
    pub const MAX_CONCURRENT_STREAMS: u16 = 0x3;
    pub const INITIAL_WINDOW_SIZE: u16 = 0x4;
    pub const MAX_FRAME_SIZE: u16 = 0x5;
}

/// Error codes (RFC 9113 §7).
pub mod code {
    pub const PROTOCOL_ERROR: u32 = 0x1;
    pub const FLOW_CONTROL_ERROR: u32 = 0x3;
    pub const FRAME_SIZE_ERROR: u32 = 0x6;
    pub const COMPRESSION_ERROR: u32 = 0x9;
    pub const ENHANCE_YOUR_CALM: u32 = 0xb;
}

/// The name of an error code, for messages.
pub fn code_name(code: u32) -> &'static str {
    match code {
        0x0 => "NO_ERROR",
        0x1 => "PROTOCOL_ERROR",
        0x2 => "INTERNAL_ERROR",
        0x3 => "FLOW_CONTROL_ERROR",
        0x4 => "SETTINGS_TIMEOUT",
        0x5 => "STREAM_CLOSED",
        0x6 => "FRAME_SIZE_ERROR",
        0x7 => "REFUSED_STREAM",
        0x8 => "CANCEL",
        0x9 => "COMPRESSION_ERROR",
        0xa => "CONNECT_ERROR",
        0xb => "ENHANCE_YOUR_CALM",
        0xc => "INADEQUATE_SECURITY",
        0xd => "HTTP_1_1_REQUIRED",
        _ => "unknown error code",
    }
}

/// A parsed frame header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameHeader {
    pub len: u32,
    pub kind: u8,
    pub flags: u8,
    pub stream: u32,
}

impl FrameHeader {
    /// Parses the first 9 bytes of `b` (the caller checks there are 9).
    #[inline]
    pub fn parse(b: &[u8]) -> FrameHeader {
        FrameHeader {
            len: u32::from_be_bytes([0, b[0], b[1], b[2]]),
            kind: b[3],
            flags: b[4],
            stream: u32::from_be_bytes([b[5], b[6], b[7], b[8]]) & MAX_WINDOW,
        }
    }

    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// Appends a frame header.
#[inline]
pub fn put_header(out: &mut Vec<u8>, len: usize, kind: u8, flags: u8, stream: u32) {
    let l = (len as u32).to_be_bytes();
    let s = stream.to_be_bytes();
    out.extend_from_slice(&[l[1], l[2], l[3], kind, flags, s[0], s[1], s[2], s[3]]);
}

pub fn put_settings(out: &mut Vec<u8>, settings: &[(u16, u32)]) {
    put_header(out, settings.len() * 6, kind::SETTINGS, 0, 0);
    for &(id, value) in settings {
        out.extend_from_slice(&id.to_be_bytes());
        out.extend_from_slice(&value.to_be_bytes());
    }
}

pub fn put_settings_ack(out: &mut Vec<u8>) {
    put_header(out, 0, kind::SETTINGS, flag::ACK, 0);
}

pub fn put_window_update(out: &mut Vec<u8>, stream: u32, increment: u32) {
    put_header(out, 4, kind::WINDOW_UPDATE, 0, stream);
    out.extend_from_slice(&increment.to_be_bytes());
}

/// GOAWAY: the last stream id the sender processed, and why it leaves.
pub fn put_goaway(out: &mut Vec<u8>, last_stream: u32, error: u32) {
    put_header(out, 8, kind::GOAWAY, 0, 0);
    out.extend_from_slice(&last_stream.to_be_bytes());
    out.extend_from_slice(&error.to_be_bytes());
}

pub fn put_ping_ack(out: &mut Vec<u8>, payload: &[u8]) {
    put_header(out, 8, kind::PING, flag::ACK, 0);
    out.extend_from_slice(payload);
}

/// The payload of a frame that may be padded (DATA, HEADERS), without the
/// pad length byte and the padding; `None` when the padding is longer than
/// the frame (a PROTOCOL_ERROR).
pub fn unpad<'a>(h: &FrameHeader, payload: &'a [u8]) -> Option<&'a [u8]> {
    if !h.has(flag::PADDED) {
        return Some(payload);
    }
    let (&pad, rest) = payload.split_first()?;
    rest.len().checked_sub(pad as usize).map(|end| &rest[..end])
}

pub fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trip() {
        let mut out = Vec::new();
        put_header(&mut out, 0x01_0203, kind::HEADERS, 0x25, 0x8000_0007);
        assert_eq!(out.len(), HEADER_LEN);
        let h = FrameHeader::parse(&out);
        // The reserved bit is dropped.
        assert_eq!(
            h,
            FrameHeader {
                len: 0x01_0203,
                kind: kind::HEADERS,
                flags: 0x25,
                stream: 7
            }
        );
        assert!(h.has(flag::END_STREAM) && h.has(flag::END_HEADERS) && !h.has(flag::PADDED));
    }

    #[test]
    #[allow(clippy::type_complexity)]
    fn unpad_table() {
        let padded = FrameHeader {
            len: 0,
            kind: kind::DATA,
            flags: flag::PADDED,
            stream: 1,
        };
        let plain = FrameHeader { flags: 0, ..padded };
        let cases: [(&FrameHeader, &[u8], Option<&[u8]>); 5] = [
            (&plain, b"abc", Some(b"abc")),
            (&padded, b"\x02abcXX", Some(b"abc")),
            (&padded, b"\x00abc", Some(b"abc")),
            (&padded, b"\x05abc", None),
            (&padded, b"", None),
        ];
        for (h, payload, want) in cases {
            assert_eq!(unpad(h, payload), want, "{payload:?}");
        }
    }
}
