//! The HPACK Huffman code (RFC 7541 Appendix B) and a canonical decoder.
//!
//! The code is canonical: codes of one length are consecutive, and every
//! code left-aligned in 32 bits is below every longer one. So a symbol's
//! length is the first length whose limit the next 32 bits are under, and
//! its rank among codes of that length is its offset from the first. That is
//! a few comparisons per symbol, with no table built at run time (`loona-hpack`'s
//! decoder builds a hash map per string and walks it bit by bit: 45% of
//! barrage's time against nghttpd, whose responses carry Huffman literals).

/// `(code, length in bits)` of symbols 0 to 255 and EOS (256), RFC 7541 Appendix B.
const CODES: [(u32, u8); 257] = [
    (0x1ff8, 13),
    (0x7fffd8, 23),
    (0xfffffe2, 28),
    (0xfffffe3, 28),
    (0xfffffe4, 28),
    (0xfffffe5, 28),
    (0xfffffe6, 28),
    (0xfffffe7, 28),
    (0xfffffe8, 28),
    (0xffffea, 24),
    (0x3ffffffc, 30),
    (0xfffffe9, 28),
    (0xfffffea, 28),
    (0x3ffffffd, 30),
    (0xfffffeb, 28),
    (0xfffffec, 28),
    (0xfffffed, 28),
    (0xfffffee, 28),
    (0xfffffef, 28),
    (0xffffff0, 28),
    (0xffffff1, 28),
    (0xffffff2, 28),
    (0x3ffffffe, 30),
    (0xffffff3, 28),
    (0xffffff4, 28),
    (0xffffff5, 28),
    (0xffffff6, 28),
    (0xffffff7, 28),
    (0xffffff8, 28),
    (0xffffff9, 28),
    (0xffffffa, 28),
    (0xffffffb, 28),
    (0x14, 6),
    (0x3f8, 10),
    (0x3f9, 10),
    (0xffa, 12),
    (0x1ff9, 13),
    (0x15, 6),
    (0xf8, 8),
    (0x7fa, 11),
    (0x3fa, 10),
    (0x3fb, 10),
    (0xf9, 8),
    (0x7fb, 11),
    (0xfa, 8),
    (0x16, 6),
    (0x17, 6),
    (0x18, 6),
    (0x0, 5),
    (0x1, 5),
    (0x2, 5),
    (0x19, 6),
    (0x1a, 6),
    (0x1b, 6),
    (0x1c, 6),
    (0x1d, 6),
    (0x1e, 6),
    (0x1f, 6),
    (0x5c, 7),
    (0xfb, 8),
    (0x7ffc, 15),
    (0x20, 6),
    (0xffb, 12),
    (0x3fc, 10),
    (0x1ffa, 13),
    (0x21, 6),
    (0x5d, 7),
    (0x5e, 7),
    (0x5f, 7),
    (0x60, 7),
    (0x61, 7),
    (0x62, 7),
    (0x63, 7),
    (0x64, 7),
    (0x65, 7),
    (0x66, 7),
    (0x67, 7),
    (0x68, 7),
    (0x69, 7),
    (0x6a, 7),
    (0x6b, 7),
    (0x6c, 7),
    (0x6d, 7),
    (0x6e, 7),
    (0x6f, 7),
    (0x70, 7),
    (0x71, 7),
    (0x72, 7),
    (0xfc, 8),
    (0x73, 7),
    (0xfd, 8),
    (0x1ffb, 13),
    (0x7fff0, 19),
    (0x1ffc, 13),
    (0x3ffc, 14),
    (0x22, 6),
    (0x7ffd, 15),
    (0x3, 5),
    (0x23, 6),
    (0x4, 5),
    (0x24, 6),
    (0x5, 5),
    (0x25, 6),
    (0x26, 6),
    (0x27, 6),
    (0x6, 5),
    (0x74, 7),
    (0x75, 7),
    (0x28, 6),
    (0x29, 6),
    (0x2a, 6),
    (0x7, 5),
    (0x2b, 6),
    (0x76, 7),
    (0x2c, 6),
    (0x8, 5),
    (0x9, 5),
    (0x2d, 6),
    (0x77, 7),
    (0x78, 7),
    (0x79, 7),
    (0x7a, 7),
    (0x7b, 7),
    (0x7ffe, 15),
    (0x7fc, 11),
    (0x3ffd, 14),
    (0x1ffd, 13),
    (0xffffffc, 28),
    (0xfffe6, 20),
    (0x3fffd2, 22),
    (0xfffe7, 20),
    (0xfffe8, 20),
    (0x3fffd3, 22),
    (0x3fffd4, 22),
    (0x3fffd5, 22),
    (0x7fffd9, 23),
    (0x3fffd6, 22),
    (0x7fffda, 23),
    (0x7fffdb, 23),
    (0x7fffdc, 23),
    (0x7fffdd, 23),
    (0x7fffde, 23),
    (0xffffeb, 24),
    (0x7fffdf, 23),
    (0xffffec, 24),
    (0xffffed, 24),
    (0x3fffd7, 22),
    (0x7fffe0, 23),
    (0xffffee, 24),
    (0x7fffe1, 23),
    (0x7fffe2, 23),
    (0x7fffe3, 23),
    (0x7fffe4, 23),
    (0x1fffdc, 21),
    (0x3fffd8, 22),
    (0x7fffe5, 23),
    (0x3fffd9, 22),
    (0x7fffe6, 23),
    (0x7fffe7, 23),
    (0xffffef, 24),
    (0x3fffda, 22),
    (0x1fffdd, 21),
    (0xfffe9, 20),
    (0x3fffdb, 22),
    (0x3fffdc, 22),
    (0x7fffe8, 23),
    (0x7fffe9, 23),
    (0x1fffde, 21),
    (0x7fffea, 23),
    (0x3fffdd, 22),
    (0x3fffde, 22),
    (0xfffff0, 24),
    (0x1fffdf, 21),
    (0x3fffdf, 22),
    (0x7fffeb, 23),
    (0x7fffec, 23),
    (0x1fffe0, 21),
    (0x1fffe1, 21),
    (0x3fffe0, 22),
    (0x1fffe2, 21),
    (0x7fffed, 23),
    (0x3fffe1, 22),
    (0x7fffee, 23),
    (0x7fffef, 23),
    (0xfffea, 20),
    (0x3fffe2, 22),
    (0x3fffe3, 22),
    (0x3fffe4, 22),
    (0x7ffff0, 23),
    (0x3fffe5, 22),
    (0x3fffe6, 22),
    (0x7ffff1, 23),
    (0x3ffffe0, 26),
    (0x3ffffe1, 26),
    (0xfffeb, 20),
    (0x7fff1, 19),
    (0x3fffe7, 22),
    (0x7ffff2, 23),
    (0x3fffe8, 22),
    (0x1ffffec, 25),
    (0x3ffffe2, 26),
    (0x3ffffe3, 26),
    (0x3ffffe4, 26),
    (0x7ffffde, 27),
    (0x7ffffdf, 27),
    (0x3ffffe5, 26),
    (0xfffff1, 24),
    (0x1ffffed, 25),
    (0x7fff2, 19),
    (0x1fffe3, 21),
    (0x3ffffe6, 26),
    (0x7ffffe0, 27),
    (0x7ffffe1, 27),
    (0x3ffffe7, 26),
    (0x7ffffe2, 27),
    (0xfffff2, 24),
    (0x1fffe4, 21),
    (0x1fffe5, 21),
    (0x3ffffe8, 26),
    (0x3ffffe9, 26),
    (0xffffffd, 28),
    (0x7ffffe3, 27),
    (0x7ffffe4, 27),
    (0x7ffffe5, 27),
    (0xfffec, 20),
    (0xfffff3, 24),
    (0xfffed, 20),
    (0x1fffe6, 21),
    (0x3fffe9, 22),
    (0x1fffe7, 21),
    (0x1fffe8, 21),
    (0x7ffff3, 23),
    (0x3fffea, 22),
    (0x3fffeb, 22),
    (0x1ffffee, 25),
    (0x1ffffef, 25),
    (0xfffff4, 24),
    (0xfffff5, 24),
    (0x3ffffea, 26),
    (0x7ffff4, 23),
    (0x3ffffeb, 26),
    (0x7ffffe6, 27),
    (0x3ffffec, 26),
    (0x3ffffed, 26),
    (0x7ffffe7, 27),
    (0x7ffffe8, 27),
    (0x7ffffe9, 27),
    (0x7ffffea, 27),
    (0x7ffffeb, 27),
    (0xffffffe, 28),
    (0x7ffffec, 27),
    (0x7ffffed, 27),
    (0x7ffffee, 27),
    (0x7ffffef, 27),
    (0x7fffff0, 27),
    (0x3ffffee, 26),
    (0x3fffffff, 30),
];

/// The decoding tables, derived from [`CODES`] at compile time.
struct Canonical {
    /// For each length 0..=30: left-aligned limit (one past the last code of
    /// that length, shifted to the top of 32 bits; as u64 so 2^32 fits).
    limit: [u64; 31],
    /// For each length: the first code of that length and the index in
    /// `symbols` of its symbol.
    first: [u32; 31],
    offset: [u16; 31],
    /// Symbols ordered by (length, code).
    symbols: [u16; 257],
}

const fn canonical() -> Canonical {
    let mut t = Canonical {
        limit: [0; 31],
        first: [0; 31],
        offset: [0; 31],
        symbols: [0; 257],
    };
    let mut n = 0;
    let mut len = 1;
    while len <= 30 {
        t.offset[len] = n as u16;
        let mut first = u32::MAX;
        let mut last = 0u32;
        let mut sym = 0;
        while sym < 257 {
            let (code, l) = CODES[sym];
            if l as usize == len {
                t.symbols[n] = sym as u16;
                n += 1;
                if code < first {
                    first = code;
                }
                if code > last {
                    last = code;
                }
            }
            sym += 1;
        }
        if first == u32::MAX {
            // No code of this length: the limit is the previous one.
            t.first[len] = 0;
            t.limit[len] = t.limit[len - 1];
        } else {
            t.first[len] = first;
            t.limit[len] = ((last as u64) + 1) << (32 - len);
        }
        len += 1;
    }
    t
}

static TABLE: Canonical = canonical();

/// Why a Huffman string is invalid (RFC 7541 §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HuffmanError {
    /// The EOS symbol inside the string.
    Eos,
    /// Padding longer than 7 bits, or not the EOS code's first bits (ones).
    Padding,
}

/// Decodes a Huffman-coded string, appending to `out`.
pub(crate) fn decode(input: &[u8], out: &mut Vec<u8>) -> Result<(), HuffmanError> {
    let t = &TABLE;
    // Bits not yet used, left-aligned in `bits`; `have` of them are valid.
    let mut bits: u64 = 0;
    let mut have: u32 = 0;
    let mut at = 0;
    loop {
        while have <= 56 && at < input.len() {
            bits |= (input[at] as u64) << (56 - have);
            have += 8;
            at += 1;
        }
        if have == 0 {
            return Ok(());
        }
        let top = bits >> 32; // the next 32 bits, left-aligned
        let mut len = 5;
        while len <= 30 && top >= t.limit[len] {
            len += 1;
        }
        if len > 30 || len as u32 > have {
            // Not a whole code: what is left must be padding.
            return padding(bits, have);
        }
        let code = (top >> (32 - len)) as u32;
        let sym = t.symbols[t.offset[len] as usize + (code - t.first[len]) as usize];
        if sym == 256 {
            return Err(HuffmanError::Eos);
        }
        out.push(sym as u8);
        bits <<= len;
        have -= len as u32;
    }
}

/// The last `have` bits (left-aligned in `bits`) are fewer than 8 and all ones.
fn padding(bits: u64, have: u32) -> Result<(), HuffmanError> {
    let ones = !0u64 << (64 - have);
    if have < 8 && bits & ones == ones {
        Ok(())
    } else {
        Err(HuffmanError::Padding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodes with [`CODES`], for the round trip.
    fn encode(input: &[u8]) -> Vec<u8> {
        let (mut bits, mut have, mut out) = (0u64, 0u32, Vec::new());
        for &b in input {
            let (code, len) = CODES[b as usize];
            bits = (bits << len) | code as u64;
            have += len as u32;
            while have >= 8 {
                out.push((bits >> (have - 8)) as u8);
                have -= 8;
            }
        }
        if have > 0 {
            out.push(((bits << (8 - have)) | ((1 << (8 - have)) - 1)) as u8);
        }
        out
    }

    #[test]
    fn the_code_is_canonical() {
        for len in 5..=30 {
            let codes: Vec<u32> = CODES
                .iter()
                .filter(|c| c.1 as usize == len)
                .map(|c| c.0)
                .collect();
            for w in codes.windows(2) {
                assert_eq!(w[1], w[0] + 1, "codes of length {len} are consecutive");
            }
        }
        for w in TABLE.limit[5..].windows(2) {
            assert!(w[0] <= w[1]);
        }
    }

    #[test]
    fn every_byte_round_trips() {
        let all: Vec<u8> = (0..=255u8).collect();
        for input in [
            &all[..],
            b"",
            b"a",
            b"www.example.com",
            b"Mon, 21 Oct 2013 20:13:21 GMT",
        ] {
            let mut out = Vec::new();
            decode(&encode(input), &mut out).unwrap();
            assert_eq!(out, input);
        }
    }

    #[test]
    fn rfc_7541_examples() {
        // C.4.1: "www.example.com".
        let input = [
            0xf1, 0xe3, 0xc2, 0xe5, 0xf2, 0x3a, 0x6b, 0xa0, 0xab, 0x90, 0xf4, 0xff,
        ];
        let mut out = Vec::new();
        decode(&input, &mut out).unwrap();
        assert_eq!(out, b"www.example.com");
        // C.6.1: "Mon, 21 Oct 2013 20:13:21 GMT".
        let input = [
            0xd0, 0x7a, 0xbe, 0x94, 0x10, 0x54, 0xd4, 0x44, 0xa8, 0x20, 0x05, 0x95, 0x04, 0x0b,
            0x81, 0x66, 0xe0, 0x82, 0xa6, 0x2d, 0x1b, 0xff,
        ];
        out.clear();
        decode(&input, &mut out).unwrap();
        assert_eq!(out, b"Mon, 21 Oct 2013 20:13:21 GMT");
    }

    #[test]
    fn bad_padding_and_eos_are_errors() {
        let mut out = Vec::new();
        // 'a' (00011) then padding of zeros instead of ones.
        assert_eq!(decode(&[0b0001_1000], &mut out), Err(HuffmanError::Padding));
        // A whole byte of ones is padding longer than 7 bits.
        assert_eq!(decode(&[0xff], &mut out), Err(HuffmanError::Padding));
        // EOS: 30 ones, then two bits of padding.
        assert_eq!(
            decode(&[0xff, 0xff, 0xff, 0xff], &mut out),
            Err(HuffmanError::Eos)
        );
    }
}
