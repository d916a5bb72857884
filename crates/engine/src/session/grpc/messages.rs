//! gRPC's length-prefixed messages (the gRPC-over-HTTP/2 spec's
//! `Length-Prefixed-Message`: a flag byte, a 4-byte big-endian length, the
//! message) read in place from DATA payloads as they come: a prefix or a
//! message may be split across frames. Only the lengths are kept; the
//! messages' bytes are counted and skipped.
//!
//! barrage sends no `grpc-accept-encoding`, so a compressed message (flag 1)
//! breaks the protocol, as does any other flag byte but 0, and a length past
//! [`MAX_MESSAGE`].

/// The longest message read (gRPC's usual default receive limit).
pub const MAX_MESSAGE: u32 = 4 << 20;

/// Bytes that break gRPC's framing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FramingError {
    /// The compressed flag, with no encoding barrage offered.
    Compressed,
    /// A flag byte other than 0 or 1.
    Flag(u8),
    /// A length over [`MAX_MESSAGE`].
    TooLong(u32),
    /// The stream ended inside a prefix or a message.
    CutShort,
}

impl std::fmt::Display for FramingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            FramingError::Compressed => f.write_str(
                "a gRPC message with the compressed flag set, although barrage offered no grpc-encoding",
            ),
            FramingError::Flag(b) => write!(f, "a gRPC message flag byte of {b}, not 0 or 1"),
            FramingError::TooLong(n) => write!(
                f,
                "a gRPC message of {n} bytes, above the {MAX_MESSAGE} barrage reads"
            ),
            FramingError::CutShort => f.write_str(
                "the stream ended inside a gRPC message (a length prefix past the end of the stream)",
            ),
        }
    }
}

/// Where the reader is in the stream of messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// `have` bytes of a 5-byte prefix read, kept in `prefix`.
    Prefix { prefix: [u8; 5], have: u8 },
    /// Inside a message of `len` bytes, `left` of them still to come.
    Body { len: u32, left: u32 },
}

/// Reads one stream's messages from its DATA payloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageReader {
    at: At,
}

impl Default for MessageReader {
    fn default() -> Self {
        MessageReader::new()
    }
}

impl MessageReader {
    pub const fn new() -> MessageReader {
        MessageReader {
            at: At::Prefix {
                prefix: [0; 5],
                have: 0,
            },
        }
    }

    /// Between messages (where a stream may end).
    pub fn at_boundary(&self) -> bool {
        matches!(self.at, At::Prefix { have: 0, .. })
    }

    /// Reads `data`, the next bytes of the stream: `each(len)` for every
    /// message that ends in it.
    pub fn feed(
        &mut self,
        mut data: &[u8],
        each: &mut impl FnMut(u32),
    ) -> Result<(), FramingError> {
        while !data.is_empty() {
            match &mut self.at {
                At::Prefix { prefix, have } => {
                    // The whole prefix in one payload: the usual case, read in place.
                    let (flag, len, used) = if *have == 0 && data.len() >= 5 {
                        let len = u32::from_be_bytes([data[1], data[2], data[3], data[4]]);
                        (data[0], len, 5)
                    } else {
                        let take = (5 - usize::from(*have)).min(data.len());
                        prefix[usize::from(*have)..usize::from(*have) + take]
                            .copy_from_slice(&data[..take]);
                        *have += take as u8;
                        if *have < 5 {
                            return Ok(());
                        }
                        let p = *prefix;
                        (p[0], u32::from_be_bytes([p[1], p[2], p[3], p[4]]), take)
                    };
                    data = &data[used..];
                    match flag {
                        0 => {}
                        1 => return Err(FramingError::Compressed),
                        b => return Err(FramingError::Flag(b)),
                    }
                    if len > MAX_MESSAGE {
                        return Err(FramingError::TooLong(len));
                    }
                    self.at = At::Body { len, left: len };
                }
                At::Body { left, .. } => {
                    let take = (*left as usize).min(data.len());
                    *left -= take as u32;
                    data = &data[take..];
                }
            }
            if let At::Body { len, left: 0 } = self.at {
                each(len);
                self.at = At::Prefix {
                    prefix: [0; 5],
                    have: 0,
                };
            }
        }
        Ok(())
    }

    /// The stream ended: an error unless between messages.
    pub fn end(&self) -> Result<(), FramingError> {
        if self.at_boundary() {
            Ok(())
        } else {
            Err(FramingError::CutShort)
        }
    }
}

/// Writes the 5-byte prefix of an uncompressed message of `len` bytes.
pub fn put_prefix(out: &mut [u8], len: usize) {
    out[0] = 0;
    out[1..5].copy_from_slice(&(len as u32).to_be_bytes());
}

/// Reads arbitrary bytes as a stream's DATA, split where `data`'s first
/// byte says, for the fuzz target: whatever the input, this returns.
#[doc(hidden)]
pub fn fuzz_messages(data: &[u8]) {
    let mut reader = MessageReader::new();
    let mut total = 0u64;
    let split = data.first().map_or(0, |&b| usize::from(b)).min(data.len());
    let (a, b) = data.split_at(split);
    for part in [a, b] {
        for chunk in part.chunks(usize::from(part.first().copied().unwrap_or(1)).max(1)) {
            if reader
                .feed(chunk, &mut |len| total += u64::from(len))
                .is_err()
            {
                return;
            }
        }
    }
    let _ = reader.end();
    assert!(total <= data.len() as u64);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lens(parts: &[&[u8]]) -> Result<(Vec<u32>, bool), FramingError> {
        let mut r = MessageReader::new();
        let mut seen = Vec::new();
        for p in parts {
            r.feed(p, &mut |len| seen.push(len))?;
        }
        Ok((seen, r.at_boundary()))
    }

    #[test]
    fn messages_split_anywhere_are_read_whole() {
        let mut bytes = vec![0, 0, 0, 0, 3, b'a', b'b', b'c', 0, 0, 0, 0, 0];
        bytes.extend_from_slice(&[0, 0, 0, 0, 1, b'z']);
        for cut in 0..bytes.len() {
            for cut2 in cut..bytes.len() {
                let (a, rest) = bytes.split_at(cut);
                let (b, c) = rest.split_at(cut2 - cut);
                assert_eq!(lens(&[a, b, c]), Ok((vec![3, 0, 1], true)), "{cut} {cut2}");
            }
        }
    }

    #[test]
    fn framing_errors_table() {
        let cases: [(&[u8], FramingError); 3] = [
            (&[1, 0, 0, 0, 1, 0], FramingError::Compressed),
            (&[7, 0, 0, 0, 1, 0], FramingError::Flag(7)),
            (&[0, 0, 0x40, 0, 1], FramingError::TooLong((4 << 20) + 1)),
        ];
        for (bytes, want) in cases {
            assert_eq!(lens(&[bytes]), Err(want));
            assert_eq!(lens(&[&bytes[..2], &bytes[2..]]), Err(want));
        }
        let mut r = MessageReader::new();
        r.feed(&[0, 0, 0], &mut |_| {}).unwrap();
        assert_eq!(r.end(), Err(FramingError::CutShort));
        r.feed(&[0, 2, 1], &mut |_| {}).unwrap();
        assert_eq!(r.end(), Err(FramingError::CutShort));
        assert_eq!(MessageReader::new().end(), Ok(()));
    }

    #[test]
    fn arbitrary_data_never_panics_and_reads_alike_however_cut() {
        let mut rng = fastrand::Rng::with_seed(32);
        for _ in 0..20_000 {
            let len = rng.usize(..64);
            let mut data: Vec<u8> = (0..len).map(|_| rng.u8(..)).collect();
            // Mostly plausible prefixes: flag 0 and short lengths.
            if rng.bool() && data.len() > 5 {
                data[0] = 0;
                data[1..4].fill(0);
                data[4] = rng.u8(..8);
            }
            fuzz_messages(&data);
            let whole = lens(&[&data]);
            let cut = rng.usize(..=data.len());
            let (a, b) = data.split_at(cut);
            let parts = lens(&[a, b]);
            match (&whole, &parts) {
                (Ok(w), Ok(p)) => assert_eq!(w, p),
                _ => assert_eq!(whole.is_err(), parts.is_err(), "{data:?}"),
            }
        }
    }
}
