//! gRPC's length-prefixed messages (a flag byte, a 4-byte big-endian length, the bytes) and the
//! two tiny messages of the testkit's `Bench` (EchoRequest and EchoReply share one layout:
//! `bytes payload = 1; uint64 seq = 2;`), encoded and decoded by hand so that the testkit needs
//! no protobuf crate.

use bytes::{Buf, Bytes, BytesMut};

/// Length of a message's prefix (flag byte and length).
pub(crate) const PREFIX: usize = 5;

/// An EchoRequest or EchoReply.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Echo {
    pub(crate) payload: Bytes,
    pub(crate) seq: u64,
}

impl Echo {
    /// Decodes a message body (no prefix); unknown fields are skipped. `None` if malformed.
    pub(crate) fn decode(mut buf: &[u8]) -> Option<Echo> {
        let mut echo = Echo::default();
        while !buf.is_empty() {
            let key = varint(&mut buf)?;
            match (key >> 3, key & 7) {
                (1, 2) => echo.payload = Bytes::copy_from_slice(delimited(&mut buf)?),
                (2, 0) => echo.seq = varint(&mut buf)?,
                (_, 0) => drop(varint(&mut buf)?),
                (_, 1) => buf = buf.get(8..)?,
                (_, 2) => drop(delimited(&mut buf)?),
                (_, 5) => buf = buf.get(4..)?,
                _ => return None,
            }
        }
        Some(echo)
    }

    /// The message, with its 5-byte prefix (not compressed), as proto3 encodes it: fields at
    /// their default values are left out.
    pub(crate) fn framed(&self) -> Bytes {
        let mut body = Vec::with_capacity(self.payload.len() + 16);
        if !self.payload.is_empty() {
            body.push(0x0a);
            put_varint(&mut body, self.payload.len() as u64);
            body.extend_from_slice(&self.payload);
        }
        if self.seq != 0 {
            body.push(0x10);
            put_varint(&mut body, self.seq);
        }
        frame(0, body.len() as u32, &body)
    }
}

/// A message prefix (`flag`, `len`) followed by `bytes`, which may be shorter or longer than
/// `len` when a test server lies.
pub(crate) fn frame(flag: u8, len: u32, bytes: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(PREFIX + bytes.len());
    out.push(flag);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(bytes);
    Bytes::from(out)
}

fn varint(buf: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = buf.split_first()?;
        *buf = rest;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

fn delimited<'a>(buf: &mut &'a [u8]) -> Option<&'a [u8]> {
    let len = usize::try_from(varint(buf)?).ok()?;
    let (field, rest) = (buf.get(..len)?, buf.get(len..)?);
    *buf = rest;
    Some(field)
}

fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// What a request stream's bytes hold next.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// A whole uncompressed message body.
    Message(Bytes),
    /// Not a whole message yet.
    Partial,
    /// A compressed flag or a flag byte other than 0/1: the testkit offers no compression.
    BadFlag(u8),
}

/// Reassembles a stream's length-prefixed messages from its DATA chunks.
#[derive(Debug, Default)]
pub(crate) struct MessageReader {
    buf: BytesMut,
}

impl MessageReader {
    pub(crate) fn push(&mut self, chunk: &[u8]) {
        self.buf.extend_from_slice(chunk);
    }

    pub(crate) fn next(&mut self) -> Next {
        if self.buf.len() < PREFIX {
            return Next::Partial;
        }
        if self.buf[0] != 0 {
            return Next::BadFlag(self.buf[0]);
        }
        let len = u32::from_be_bytes([self.buf[1], self.buf[2], self.buf[3], self.buf[4]]);
        let len = len as usize;
        if self.buf.len() < PREFIX + len {
            return Next::Partial;
        }
        self.buf.advance(PREFIX);
        Next::Message(self.buf.split_to(len).freeze())
    }

    /// Whether bytes of an unfinished message are left.
    pub(crate) fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_round_trips_through_its_frame() {
        let cases = [
            Echo::default(),
            Echo {
                payload: Bytes::from_static(b"hello"),
                seq: 0,
            },
            Echo {
                payload: Bytes::from(vec![7u8; 300]),
                seq: u64::MAX,
            },
        ];
        for echo in cases {
            let mut reader = MessageReader::default();
            reader.push(&echo.framed());
            let Next::Message(body) = reader.next() else {
                panic!("a whole message");
            };
            assert_eq!(Echo::decode(&body), Some(echo));
            assert!(reader.is_empty());
        }
    }

    #[test]
    fn known_bytes_decode_and_unknown_fields_are_skipped() {
        // payload "hi", seq 150, then an unknown varint field 3 and fixed32 field 4.
        let body = [
            0x0a, 2, b'h', b'i', 0x10, 0x96, 0x01, 0x18, 5, 0x25, 1, 2, 3, 4,
        ];
        let echo = Echo::decode(&body).unwrap();
        assert_eq!((&echo.payload[..], echo.seq), (&b"hi"[..], 150));
        assert_eq!(Echo::decode(&[0x0a, 5, b'h']), None, "payload past the end");
        assert_eq!(Echo::decode(&[0x10, 0x80]), None, "varint past the end");
    }

    #[test]
    fn reader_waits_for_whole_messages_and_refuses_compression() {
        let mut reader = MessageReader::default();
        let framed = frame(0, 3, b"abc");
        reader.push(&framed[..4]);
        assert_eq!(reader.next(), Next::Partial);
        reader.push(&framed[4..]);
        assert_eq!(reader.next(), Next::Message(Bytes::from_static(b"abc")));
        reader.push(&frame(1, 3, b"abc"));
        assert_eq!(reader.next(), Next::BadFlag(1));
    }
}
