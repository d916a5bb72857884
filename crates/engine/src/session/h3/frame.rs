//! HTTP/3 framing (RFC 9114 §7): frame types, QUIC's variable-length
//! integers, and the reader that splits a stream into frames. Knows nothing
//! of what a frame means on a given stream (that is `streams.rs`).

use super::code;

/// HTTP/3 frame types (RFC 9114 §7.2).
pub const DATA: u64 = 0x00;
pub const HEADERS: u64 = 0x01;
pub const CANCEL_PUSH: u64 = 0x03;
pub const SETTINGS: u64 = 0x04;
pub const PUSH_PROMISE: u64 = 0x05;
pub const GOAWAY: u64 = 0x07;
pub const MAX_PUSH_ID: u64 = 0x0d;

/// The largest HEADERS (or control frame) payload read; bigger is an error.
pub(super) const MAX_FIELD_SECTION: u64 = 64 * 1024;
/// Frames in a row on the server's control stream that move nothing on
/// (reserved and unknown types, a GOAWAY that repeats the last), at most.
pub const MAX_IDLE_CONTROL_FRAMES: u32 = 10_000;

/// Splits a stream into frames: HEADERS, SETTINGS and GOAWAY payloads are
/// collected whole; DATA and unknown payloads are skipped as they pass.
#[derive(Debug, Default)]
pub(super) struct FrameReader {
    /// Bytes of a frame header, or of a payload being collected.
    pub(super) pending: Vec<u8>,
    /// The current frame: its type and payload bytes still to come.
    pub(super) current: Option<(u64, u64)>,
    pub(super) frames_seen: u64,
    /// Control stream: frames in a row that moved nothing on.
    pub(super) idle: u32,
}

impl FrameReader {
    /// Between frames (a stream may end here).
    pub(super) fn is_clean(&self) -> bool {
        self.current.is_none() && self.pending.is_empty()
    }

    pub(super) fn feed(
        &mut self,
        mut data: &[u8],
        on_frame: &mut dyn FnMut(u64, &[u8]),
    ) -> Result<(), (u64, String)> {
        loop {
            match self.current {
                Some((kind, left)) => {
                    let take = usize::try_from(left).unwrap_or(usize::MAX).min(data.len());
                    let collect = collects(kind);
                    if collect {
                        self.pending.extend_from_slice(&data[..take]);
                    }
                    data = &data[take..];
                    let left = left - take as u64;
                    if left > 0 {
                        self.current = Some((kind, left));
                        return Ok(());
                    }
                    self.current = None;
                    self.frames_seen += 1;
                    on_frame(kind, if collect { &self.pending } else { &[] });
                    self.pending.clear();
                }
                None => {
                    if data.is_empty() {
                        return Ok(());
                    }
                    // The header: two varints, at most 16 bytes.
                    let need = 16 - self.pending.len().min(16);
                    let take = need.min(data.len());
                    self.pending.extend_from_slice(&data[..take]);
                    let Some((kind, a)) = varint(&self.pending) else {
                        data = &data[take..];
                        continue;
                    };
                    let Some((len, b)) = varint(&self.pending[a..]) else {
                        data = &data[take..];
                        continue;
                    };
                    // Bytes of `data` that belonged to the header.
                    let header_from_data = (a + b) - (self.pending.len() - take);
                    data = &data[header_from_data..];
                    self.pending.clear();
                    if collects(kind) && len > MAX_FIELD_SECTION {
                        return Err((
                            code::EXCESSIVE_LOAD,
                            format!("a frame of type {kind:#x} with {len} bytes"),
                        ));
                    }
                    self.current = Some((kind, len));
                }
            }
        }
    }
}

/// Frames whose payload is read whole.
pub(super) fn collects(kind: u64) -> bool {
    matches!(kind, HEADERS | SETTINGS | GOAWAY)
}

/// A QUIC variable-length integer (RFC 9000 §16): value and bytes used.
pub(super) fn varint(b: &[u8]) -> Option<(u64, usize)> {
    let first = *b.first()?;
    let len = 1usize << (first >> 6);
    let bytes = b.get(..len)?;
    let mut v = u64::from(first & 0x3f);
    for &x in &bytes[1..] {
        v = (v << 8) | u64::from(x);
    }
    Some((v, len))
}

pub(super) fn put_varint(out: &mut Vec<u8>, v: u64) {
    match v {
        0..=63 => out.push(v as u8),
        64..=16383 => out.extend_from_slice(&(0x4000 | v as u16).to_be_bytes()),
        16384..=1_073_741_823 => out.extend_from_slice(&(0x8000_0000 | v as u32).to_be_bytes()),
        _ => out.extend_from_slice(&(0xc000_0000_0000_0000 | v).to_be_bytes()),
    }
}
