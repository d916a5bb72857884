//! The chunked transfer coding's decoder (RFC 9112 §7.1): chunk sizes,
//! extensions (skipped), data, and the trailer section (skipped). It owns
//! only the byte-level state; it must not decide framing (that is
//! `head.rs`) nor allocate unless given a body to fill.

use super::head::excerpt;
use crate::session::ProtocolError;

/// The decoder's position inside a chunked body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Chunk {
    /// Reading a chunk size's hex digits (`digits` read so far).
    Size {
        size: u64,
        digits: u8,
    },
    /// After the size: an extension or whitespace, up to the CR.
    Extension {
        size: u64,
    },
    /// The LF that ends a chunk-size line.
    SizeLf {
        size: u64,
    },
    /// Chunk data with this many bytes still to come.
    Data {
        remaining: u64,
    },
    /// The CRLF after chunk data.
    DataCr,
    DataLf,
    /// In the trailer section; `line_start` when the last byte ended a line.
    Trailer {
        line_start: bool,
    },
    /// The LF of the blank line that ends the body.
    TrailerLf,
}

impl Chunk {
    /// Where a chunked body starts.
    pub(super) const START: Chunk = Chunk::Size { size: 0, digits: 0 };
}

/// Advances the decoder over `data`, appending chunk data to `body` when
/// given one. Returns the bytes used and the next state, or `None` when the
/// body (with its trailers) is complete; then the bytes used end at the
/// body's last byte.
pub(super) fn step(
    mut state: Chunk,
    data: &[u8],
    mut body: Option<&mut Vec<u8>>,
) -> Result<(usize, Option<Chunk>), ProtocolError> {
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        state = match state {
            // Leading zeros are free; 15 significant digits (60 bits) at most.
            Chunk::Size { size, digits } => match hex(b) {
                Some(d) if size >> 56 == 0 => Chunk::Size {
                    size: size << 4 | d,
                    digits: digits.saturating_add(1),
                },
                Some(_) => return Err(ProtocolError("chunk size too large".into())),
                None if digits == 0 => return Err(bad_chunk(&data[i..])),
                None if b == b';' || b == b' ' || b == b'\t' => Chunk::Extension { size },
                None if b == b'\r' => Chunk::SizeLf { size },
                None => return Err(bad_chunk(&data[i..])),
            },
            Chunk::Extension { size } if b == b'\r' => Chunk::SizeLf { size },
            Chunk::Extension { size } => Chunk::Extension { size },
            Chunk::SizeLf { size: 0 } if b == b'\n' => Chunk::Trailer { line_start: true },
            Chunk::SizeLf { size } if b == b'\n' => Chunk::Data { remaining: size },
            Chunk::Data { remaining } => {
                let take = remaining.min((data.len() - i) as u64);
                if let Some(body) = body.as_deref_mut() {
                    body.extend_from_slice(&data[i..i + take as usize]);
                }
                i += take as usize;
                state = match remaining - take {
                    0 => Chunk::DataCr,
                    remaining => Chunk::Data { remaining },
                };
                continue;
            }
            Chunk::DataCr if b == b'\r' => Chunk::DataLf,
            Chunk::DataLf if b == b'\n' => Chunk::START,
            Chunk::Trailer { line_start: true } if b == b'\r' => Chunk::TrailerLf,
            Chunk::Trailer { .. } => Chunk::Trailer {
                line_start: b == b'\n',
            },
            Chunk::TrailerLf if b == b'\n' => return Ok((i + 1, None)),
            _ => return Err(bad_chunk(&data[i..])),
        };
        i += 1;
    }
    Ok((i, Some(state)))
}

fn hex(b: u8) -> Option<u64> {
    (b as char).to_digit(16).map(u64::from)
}

fn bad_chunk(at: &[u8]) -> ProtocolError {
    ProtocolError(format!("invalid chunked body at: {}", excerpt(at)))
}
