//! HTTP/3's wire format as the test server writes and reads it: QUIC
//! varints, frames, the QPACK field sections it sends, and a reader that
//! follows a request stream's frames without keeping them. Bytes only: no
//! sockets, no QUIC.

/// HTTP/3 frame types (RFC 9114 §7.2).
pub mod frame {
    /// DATA.
    pub const DATA: u64 = 0x00;
    /// HEADERS.
    pub const HEADERS: u64 = 0x01;
    /// SETTINGS.
    pub const SETTINGS: u64 = 0x04;
}

/// HTTP/3 error codes used by the server (RFC 9114 §8.1).
pub mod code {
    /// H3_NO_ERROR: the close sent when the server is dropped.
    pub const NO_ERROR: u64 = 0x100;
    /// H3_GENERAL_PROTOCOL_ERROR.
    pub const GENERAL_PROTOCOL_ERROR: u64 = 0x101;
    /// H3_INTERNAL_ERROR: the code of the resets of
    /// [`H3Behavior::ResetEvery`](crate::h3::H3Behavior::ResetEvery).
    pub const INTERNAL_ERROR: u64 = 0x102;
    /// H3_REQUEST_INCOMPLETE: a request stream ended without a HEADERS frame.
    pub const REQUEST_INCOMPLETE: u64 = 0x10d;
}

/// The start of the server's control stream: stream type 0x00, an empty SETTINGS frame.
pub(super) const CONTROL_PREFIX: [u8; 3] = [0x00, frame::SETTINGS as u8, 0x00];
/// [`super::H3Behavior::BadQpack`]'s field section: Required Insert Count 1 (encoded 2), delta base 0,
/// then an indexed field line referring to dynamic table entry 0.
pub const BAD_QPACK_SECTION: [u8; 3] = [0x02, 0x00, 0x80];

/// Follows the frames of a request stream without keeping their payloads.
#[derive(Default)]
pub(super) struct FrameSkipper {
    /// Bytes of the frame header being read (type and length varints, at most 16 bytes).
    head: Vec<u8>,
    /// Payload bytes of the current frame still to skip.
    skip: u64,
    /// Type of the current frame.
    kind: u64,
    /// A complete HEADERS frame has been seen.
    pub(super) headers_seen: bool,
}

impl FrameSkipper {
    /// Consumes `data`; returns true when the stream's first HEADERS frame completed in it.
    pub(super) fn feed(&mut self, mut data: &[u8]) -> bool {
        let mut first_headers = false;
        while !data.is_empty() {
            if self.skip > 0 {
                let n = usize::try_from(self.skip).map_or(data.len(), |s| s.min(data.len()));
                data = &data[n..];
                self.skip -= n as u64;
            } else {
                self.head.push(data[0]);
                data = &data[1..];
                let Some((kind, len)) = frame_header(&self.head) else {
                    continue;
                };
                self.head.clear();
                self.kind = kind;
                self.skip = len;
            }
            if self.skip == 0 && self.head.is_empty() && self.kind == frame::HEADERS {
                self.kind = frame::DATA; // so the completion is seen once
                first_headers |= !self.headers_seen;
                self.headers_seen = true;
            }
        }
        first_headers
    }
}

/// Parses a frame header (type, length) that fills `buf` exactly; `None` if it is incomplete.
fn frame_header(buf: &[u8]) -> Option<(u64, u64)> {
    let (kind, n) = get_varint(buf)?;
    let (len, m) = get_varint(&buf[n..])?;
    (n + m == buf.len()).then_some((kind, len))
}

/// Appends `v` as a QUIC variable-length integer (RFC 9000 §16).
///
/// # Panics
/// If `v` is 2^62 or more.
pub fn put_varint(out: &mut Vec<u8>, v: u64) {
    if v < 1 << 6 {
        out.push(v as u8);
    } else if v < 1 << 14 {
        out.extend_from_slice(&(v as u16 | 0x4000).to_be_bytes());
    } else if v < 1 << 30 {
        out.extend_from_slice(&(v as u32 | 0x8000_0000).to_be_bytes());
    } else {
        assert!(v < 1 << 62, "varint out of range: {v}");
        out.extend_from_slice(&(v | 0xc000_0000_0000_0000).to_be_bytes());
    }
}

/// Reads a QUIC variable-length integer at the start of `buf`: (value, bytes used), or `None`
/// if `buf` is too short.
pub fn get_varint(buf: &[u8]) -> Option<(u64, usize)> {
    let first = *buf.first()?;
    let len = 1usize << (first >> 6);
    let bytes = buf.get(1..len)?;
    let v = bytes
        .iter()
        .fold(u64::from(first & 0x3f), |v, &b| (v << 8) | u64::from(b));
    Some((v, len))
}

/// Appends an HTTP/3 frame: varint type, varint length, payload.
pub fn put_frame(out: &mut Vec<u8>, kind: u64, payload: &[u8]) {
    put_varint(out, kind);
    put_varint(out, payload.len() as u64);
    out.extend_from_slice(payload);
}

/// The QPACK field section of the normal response: `:status 200` (static index 25) and
/// `content-length: body_len` (literal with static name reference 4, no Huffman).
pub fn response_section(body_len: usize) -> Vec<u8> {
    let value = body_len.to_string();
    let mut out = vec![0x00, 0x00, 0xc0 | 25, 0x50 | 4];
    out.push(value.len() as u8); // at most 20 digits: fits the 7-bit prefix
    out.extend_from_slice(value.as_bytes());
    out
}

/// The normal response: HEADERS, then one DATA frame with `body`.
pub(super) fn response(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 32);
    put_frame(&mut out, frame::HEADERS, &response_section(body.len()));
    put_frame(&mut out, frame::DATA, body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip() {
        for (v, len) in [
            (0u64, 1),
            (63, 1),
            (64, 2),
            (16_383, 2),
            (16_384, 4),
            ((1 << 30) - 1, 4),
            (1 << 30, 8),
            ((1 << 62) - 1, 8),
        ] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            assert_eq!(out.len(), len, "{v}");
            assert_eq!(get_varint(&out), Some((v, len)));
            assert_eq!(get_varint(&out[..len - 1]), None);
        }
        // RFC 9000 §A.1's examples.
        assert_eq!(get_varint(&[0x25]), Some((37, 1)));
        assert_eq!(get_varint(&[0x7b, 0xbd]), Some((15_293, 2)));
        assert_eq!(
            get_varint(&[0x9d, 0x7f, 0x3e, 0x7d]),
            Some((494_878_333, 4))
        );
    }

    #[test]
    fn the_response_is_headers_then_data() {
        let r = response(b"xxx");
        assert_eq!(
            r,
            [1, 6, 0, 0, 0xd9, 0x54, 1, b'3', 0, 3, b'x', b'x', b'x'].to_vec()
        );
        let big = response(&[b'x'; 100_000]);
        let mut head = vec![1, 11, 0, 0, 0xd9, 0x54, 6];
        head.extend_from_slice(b"100000");
        head.extend_from_slice(&[0, 0x80, 0x01, 0x86, 0xa0]); // DATA, 4-byte length
        assert_eq!(&big[..head.len()], &head[..]);
        assert_eq!(big.len(), head.len() + 100_000);
    }

    /// A request with a HEADERS frame, a reserved frame type and DATA, fed in every split.
    #[test]
    fn the_skipper_counts_one_headers_frame_however_split() {
        let mut req = Vec::new();
        put_frame(&mut req, 0x21, b"grease"); // reserved type: skipped
        put_frame(&mut req, frame::HEADERS, &[0, 0, 0xd1, 0xd7, 0xc1]);
        put_frame(&mut req, frame::DATA, &[b'a'; 300]);
        put_frame(&mut req, frame::HEADERS, &[0, 0]); // trailers: not a second request
        for split in 0..=req.len() {
            let mut f = FrameSkipper::default();
            let a = f.feed(&req[..split]);
            let b = f.feed(&req[split..]);
            assert!(a ^ b, "split {split}: counted {a} {b}");
            assert!(f.headers_seen);
        }
        let mut f = FrameSkipper::default();
        let counted = req.iter().filter(|&&b| f.feed(&[b])).count();
        assert_eq!(counted, 1);

        let mut f = FrameSkipper::default();
        assert!(f.feed(&[1, 0])); // an empty HEADERS frame is still one
        let mut f = FrameSkipper::default();
        assert!(!f.feed(&[0, 2, b'a', b'b', 1, 3, 0])); // HEADERS cut short
        assert!(!f.headers_seen);
    }
}
