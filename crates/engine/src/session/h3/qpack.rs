//! QPACK (RFC 9204) as far as a client that allows no dynamic table needs it.
//!
//! barrage announces `SETTINGS_QPACK_MAX_TABLE_CAPACITY = 0`, so a server may
//! only use the static table and literals: requests are encoded once per run
//! with static references and plain literals, and a response's field section
//! is read for its `:status` alone (the body's end is the stream's end). A
//! section that refers to a dynamic table is a QPACK_DECOMPRESSION_FAILED
//! error. The prefixed integers and the Huffman code are HPACK's.

use crate::session::h2::hpack::{int, parse_status, put_int, DecodeError, Field, Status};
use crate::session::h2::huffman;

/// The static table, RFC 9204 Appendix A.
const STATIC: [(&str, &str); 99] = [
    (":authority", ""),
    (":path", "/"),
    ("age", "0"),
    ("content-disposition", ""),
    ("content-length", "0"),
    ("cookie", ""),
    ("date", ""),
    ("etag", ""),
    ("if-modified-since", ""),
    ("if-none-match", ""),
    ("last-modified", ""),
    ("link", ""),
    ("location", ""),
    ("referer", ""),
    ("set-cookie", ""),
    (":method", "CONNECT"),
    (":method", "DELETE"),
    (":method", "GET"),
    (":method", "HEAD"),
    (":method", "OPTIONS"),
    (":method", "POST"),
    (":method", "PUT"),
    (":scheme", "http"),
    (":scheme", "https"),
    (":status", "103"),
    (":status", "200"),
    (":status", "304"),
    (":status", "404"),
    (":status", "503"),
    ("accept", "*/*"),
    ("accept", "application/dns-message"),
    ("accept-encoding", "gzip, deflate, br"),
    ("accept-ranges", "bytes"),
    ("access-control-allow-headers", "cache-control"),
    ("access-control-allow-headers", "content-type"),
    ("access-control-allow-origin", "*"),
    ("cache-control", "max-age=0"),
    ("cache-control", "max-age=2592000"),
    ("cache-control", "max-age=604800"),
    ("cache-control", "no-cache"),
    ("cache-control", "no-store"),
    ("cache-control", "public, max-age=31536000"),
    ("content-encoding", "br"),
    ("content-encoding", "gzip"),
    ("content-type", "application/dns-message"),
    ("content-type", "application/javascript"),
    ("content-type", "application/json"),
    ("content-type", "application/x-www-form-urlencoded"),
    ("content-type", "image/gif"),
    ("content-type", "image/jpeg"),
    ("content-type", "image/png"),
    ("content-type", "text/css"),
    ("content-type", "text/html; charset=utf-8"),
    ("content-type", "text/plain"),
    ("content-type", "text/plain;charset=utf-8"),
    ("range", "bytes=0-"),
    ("strict-transport-security", "max-age=31536000"),
    (
        "strict-transport-security",
        "max-age=31536000; includesubdomains",
    ),
    (
        "strict-transport-security",
        "max-age=31536000; includesubdomains; preload",
    ),
    ("vary", "accept-encoding"),
    ("vary", "origin"),
    ("x-content-type-options", "nosniff"),
    ("x-xss-protection", "1; mode=block"),
    (":status", "100"),
    (":status", "204"),
    (":status", "206"),
    (":status", "302"),
    (":status", "400"),
    (":status", "403"),
    (":status", "421"),
    (":status", "425"),
    (":status", "500"),
    ("accept-language", ""),
    ("access-control-allow-credentials", "FALSE"),
    ("access-control-allow-credentials", "TRUE"),
    ("access-control-allow-headers", "*"),
    ("access-control-allow-methods", "get"),
    ("access-control-allow-methods", "get, post, options"),
    ("access-control-allow-methods", "options"),
    ("access-control-expose-headers", "content-length"),
    ("access-control-request-headers", "content-type"),
    ("access-control-request-method", "get"),
    ("access-control-request-method", "post"),
    ("alt-svc", "clear"),
    ("authorization", ""),
    (
        "content-security-policy",
        "script-src 'none'; object-src 'none'; base-uri 'none'",
    ),
    ("early-data", "1"),
    ("expect-ct", ""),
    ("forwarded", ""),
    ("if-range", ""),
    ("origin", ""),
    ("purpose", "prefetch"),
    ("server", ""),
    ("timing-allow-origin", "*"),
    ("upgrade-insecure-requests", "1"),
    ("user-agent", ""),
    ("x-forwarded-for", ""),
    ("x-frame-options", "deny"),
    ("x-frame-options", "sameorigin"),
];

/// Encodes a field section (names already lower-case): the prefix says no
/// dynamic table is used; a field the static table holds whole is one index,
/// one whose name it holds is a literal with that name, the rest literals.
pub fn encode(fields: &[Field]) -> Vec<u8> {
    let mut out = Vec::new();
    encode_into(fields.iter().map(|(n, v)| (&n[..], &v[..])), &mut out);
    out
}

/// As [`encode`], appending to `out` (a buffer that keeps its capacity).
pub fn encode_into<'a>(fields: impl Iterator<Item = (&'a [u8], &'a [u8])>, out: &mut Vec<u8>) {
    // Required Insert Count 0, Delta Base 0.
    out.extend_from_slice(&[0, 0]);
    let out = &mut *out;
    for (name, value) in fields {
        let whole = STATIC
            .iter()
            .position(|(n, v)| n.as_bytes() == name && v.as_bytes() == value);
        if let Some(index) = whole {
            // Indexed field line, static: 1 T=1 index(6).
            put_int(out, 0xc0, 6, index);
            continue;
        }
        match STATIC.iter().position(|(n, _)| n.as_bytes() == name) {
            Some(index) => {
                // Literal with name reference, static: 01 N=0 T=1 index(4).
                put_int(out, 0x50, 4, index);
            }
            None => {
                // Literal with literal name: 001 N=0 H=0 length(3) name.
                put_int(out, 0x20, 3, name.len());
                out.extend_from_slice(name);
            }
        }
        put_int(out, 0, 7, value.len());
        out.extend_from_slice(value);
    }
}

/// Reads a response's field section and returns its `:status`.
pub fn status(mut block: &[u8], scratch: &mut Vec<u8>) -> Result<Status, DecodeError> {
    let (insert_count, used) = int(block, 8)?;
    block = &block[used..];
    if insert_count != 0 {
        return Err(DecodeError(
            "a field section that refers to the dynamic table barrage did not allow",
        ));
    }
    let (_delta_base, used) = int(block, 7)?;
    block = &block[used..];
    let mut status = Status::Absent;
    while let Some(&first) = block.first() {
        let field = if first & 0x80 != 0 {
            // Indexed field line.
            if first & 0x40 == 0 {
                return Err(DecodeError("a dynamic table reference"));
            }
            let (index, used) = int(block, 6)?;
            block = &block[used..];
            let (name, value) = static_entry(index)?;
            (name == ":status").then(|| parse_status(value.as_bytes()))
        } else if first & 0x40 != 0 {
            // Literal with name reference.
            if first & 0x10 == 0 {
                return Err(DecodeError("a dynamic table reference"));
            }
            let (index, used) = int(block, 4)?;
            block = &block[used..];
            let (name, _) = static_entry(index)?;
            if name == ":status" {
                string(&mut block, 7, scratch)?;
                Some(parse_status(scratch))
            } else {
                skip_string(&mut block, 7)?;
                None
            }
        } else if first & 0x20 != 0 {
            // Literal with literal name: the name's Huffman bit is 0x08.
            string_bits(&mut block, 3, 0x08, scratch)?;
            let is_status = scratch.as_slice() == b":status";
            if is_status {
                string(&mut block, 7, scratch)?;
                Some(parse_status(scratch))
            } else {
                skip_string(&mut block, 7)?;
                None
            }
        } else {
            return Err(DecodeError("a post-base (dynamic table) reference"));
        };
        if let Some(s) = field {
            if status != Status::Absent {
                return Err(DecodeError("two :status fields"));
            }
            status = s;
        }
    }
    Ok(status)
}

fn static_entry(index: usize) -> Result<(&'static str, &'static str), DecodeError> {
    STATIC
        .get(index)
        .copied()
        .ok_or(DecodeError("an index past the static table"))
}

/// A string with a 7-bit length prefix whose Huffman bit is 0x80.
fn string(block: &mut &[u8], bits: u8, scratch: &mut Vec<u8>) -> Result<(), DecodeError> {
    string_bits(block, bits, 0x80, scratch)
}

fn string_bits(
    block: &mut &[u8],
    bits: u8,
    huffman_bit: u8,
    scratch: &mut Vec<u8>,
) -> Result<(), DecodeError> {
    let huffman = block.first().is_some_and(|b| b & huffman_bit != 0);
    let (len, used) = int(block, bits)?;
    let bytes = block
        .get(used..used + len)
        .ok_or(DecodeError("a string longer than its field section"))?;
    *block = &block[used + len..];
    scratch.clear();
    if huffman {
        return huffman::decode(bytes, scratch)
            .map_err(|_| DecodeError("an invalid Huffman string"));
    }
    scratch.extend_from_slice(bytes);
    Ok(())
}

fn skip_string(block: &mut &[u8], bits: u8) -> Result<(), DecodeError> {
    let (len, used) = int(block, bits)?;
    if block.len() < used + len {
        return Err(DecodeError("a string longer than its field section"));
    }
    *block = &block[used + len..];
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(n: &str, v: &str) -> (Box<[u8]>, Box<[u8]>) {
        (n.as_bytes().into(), v.as_bytes().into())
    }

    #[test]
    fn the_static_table_has_its_landmarks() {
        assert_eq!(STATIC[0], (":authority", ""));
        assert_eq!(STATIC[17], (":method", "GET"));
        assert_eq!(STATIC[25], (":status", "200"));
        assert_eq!(STATIC[63], (":status", "100"));
        assert_eq!(STATIC[71], (":status", "500"));
        assert_eq!(STATIC[95], ("user-agent", ""));
        assert_eq!(STATIC[98], ("x-frame-options", "sameorigin"));
    }

    #[test]
    fn requests_use_static_indexes_and_literals() {
        let block = encode(&[
            field(":method", "GET"),
            field(":scheme", "https"),
            field(":authority", "a"),
            field(":path", "/"),
            field("x-y", "z"),
        ]);
        assert_eq!(
            block,
            [
                0,
                0,         // prefix
                0xc0 | 17, // :method GET
                0xc0 | 23, // :scheme https
                0x50,
                1,
                b'a',     // :authority a (name index 0)
                0xc0 | 1, // :path /
                0x23,
                b'x',
                b'-',
                b'y',
                1,
                b'z', // literal name
            ]
        );
    }

    #[test]
    fn status_from_every_representation() {
        let mut scratch = Vec::new();
        let cases: [(&[u8], Status); 6] = [
            // Indexed :status 200, then content-type text/plain.
            (&[0, 0, 0xc0 | 25, 0xc0 | 53], Status::Code(200)),
            // Indexed with a 6-bit prefix overflow: index 71 (:status 500).
            (&[0, 0, 0xff, 71 - 63], Status::Code(500)),
            // Name reference 24 (:status) with the literal value 201.
            (
                &[0, 0, 0x5f, 24 - 15, 3, b'2', b'0', b'1'],
                Status::Code(201),
            ),
            // Literal name :status, value 418.
            (
                &[
                    0, 0, 0x27, 0, b':', b's', b't', b'a', b't', b'u', b's', 3, b'4', b'1', b'8',
                ],
                Status::Code(418),
            ),
            // No :status at all.
            (&[0, 0, 0xc0 | 53], Status::Absent),
            // A malformed value.
            (&[0, 0, 0x5f, 9, 2, b'2', b'0'], Status::Malformed),
        ];
        for (block, want) in cases {
            assert_eq!(status(block, &mut scratch), Ok(want), "{block:?}");
        }
        // A literal name with a 3-bit prefix of 7 continues into the next byte.
        let mut long = vec![0, 0, 0x27, 0];
        long.extend_from_slice(b":status");
        long.extend_from_slice(&[3, b'2', b'0', b'4']);
        assert_eq!(status(&long, &mut scratch), Ok(Status::Code(204)));
    }

    #[test]
    fn huffman_values_decode() {
        // "200" Huffman-coded is 0x10 0x01 (RFC 7541 code: '2'=0x2 (5 bits) '0'=0x0 (5 bits)).
        let mut out = Vec::new();
        assert!(huffman::decode(&[0x10, 0x01], &mut out).is_ok());
        let mut block = vec![0, 0, 0x5f, 9, 0x80 | 2];
        block.extend_from_slice(&[0x10, 0x01]);
        let mut scratch = Vec::new();
        assert_eq!(
            status(&block, &mut scratch),
            Ok(parse_status(&out)),
            "{out:?}"
        );
    }

    #[test]
    fn dynamic_references_and_cut_sections_are_errors() {
        let mut scratch = Vec::new();
        let bad: [&[u8]; 6] = [
            &[1, 0, 0xc0 | 25],        // Required Insert Count 1
            &[0, 0, 0x80 | 1],         // dynamic indexed
            &[0, 0, 0x40 | 1, 0],      // dynamic name reference
            &[0, 0, 0x10],             // post-base indexed
            &[0, 0, 0xc0 | 63, 60],    // past the static table (63 + 60)
            &[0, 0, 0x5f, 9, 5, b'2'], // value cut short
        ];
        for block in bad {
            assert!(status(block, &mut scratch).is_err(), "{block:?}");
        }
        assert!(status(&[], &mut scratch).is_err());
    }

    #[test]
    fn what_encode_writes_status_reads_back() {
        let mut scratch = Vec::new();
        for code in ["100", "200", "204", "302", "404", "500", "201", "299"] {
            let block = encode(&[field(":status", code), field("server", "x")]);
            assert_eq!(
                status(&block, &mut scratch),
                Ok(parse_status(code.as_bytes()))
            );
        }
    }
}
