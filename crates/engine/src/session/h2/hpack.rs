//! HPACK (RFC 7541), both ways, written here after measuring `loona-hpack`.
//!
//! Requests: an encoder that indexes every header it sends, so that after
//! the first request on a connection each header costs one byte, as nghttp2
//! (and so h2load) sends them. `loona-hpack`'s encoder never indexes a
//! header whose name is in the static table (`:path`, `:authority`,
//! `user-agent`…): every request would carry them as literals, about 40
//! bytes more than h2load sends, which changes the server's work.
//!
//! Responses: a decoder that keeps the dynamic table exact but decodes only
//! what the client needs, `:status`; a literal that is not added to the
//! table is skipped, not decoded. Against nghttpd (whose responses carry
//! Huffman-coded literals) `loona-hpack`'s decoder took 84% of barrage's
//! time, 4.7-8.6x h2load's CPU per response (bench/results/2026-11-22-h2c-4k.md).

use std::collections::VecDeque;

/// RFC 7541 Appendix A, index 1 to 61.
const STATIC: [(&str, &str); 61] = [
    (":authority", ""),
    (":method", "GET"),
    (":method", "POST"),
    (":path", "/"),
    (":path", "/index.html"),
    (":scheme", "http"),
    (":scheme", "https"),
    (":status", "200"),
    (":status", "204"),
    (":status", "206"),
    (":status", "304"),
    (":status", "400"),
    (":status", "404"),
    (":status", "500"),
    ("accept-charset", ""),
    ("accept-encoding", "gzip, deflate"),
    ("accept-language", ""),
    ("accept-ranges", ""),
    ("accept", ""),
    ("access-control-allow-origin", ""),
    ("age", ""),
    ("allow", ""),
    ("authorization", ""),
    ("cache-control", ""),
    ("content-disposition", ""),
    ("content-encoding", ""),
    ("content-language", ""),
    ("content-length", ""),
    ("content-location", ""),
    ("content-range", ""),
    ("content-type", ""),
    ("cookie", ""),
    ("date", ""),
    ("etag", ""),
    ("expect", ""),
    ("expires", ""),
    ("from", ""),
    ("host", ""),
    ("if-match", ""),
    ("if-modified-since", ""),
    ("if-none-match", ""),
    ("if-range", ""),
    ("if-unmodified-since", ""),
    ("last-modified", ""),
    ("link", ""),
    ("location", ""),
    ("max-forwards", ""),
    ("proxy-authenticate", ""),
    ("proxy-authorization", ""),
    ("range", ""),
    ("referer", ""),
    ("refresh", ""),
    ("retry-after", ""),
    ("server", ""),
    ("set-cookie", ""),
    ("strict-transport-security", ""),
    ("transfer-encoding", ""),
    ("user-agent", ""),
    ("vary", ""),
    ("via", ""),
    ("www-authenticate", ""),
];

/// Per-entry overhead in the table size (RFC 7541 §4.1).
const ENTRY_OVERHEAD: usize = 32;
/// SETTINGS_HEADER_TABLE_SIZE's initial value.
pub const DEFAULT_TABLE_SIZE: usize = 4096;

/// A header field: name and value.
pub type Field = (Box<[u8]>, Box<[u8]>);

/// An HPACK encoder for one connection's requests.
#[derive(Debug)]
pub struct Encoder {
    /// Newest first: index 62 is `table[0]`.
    table: VecDeque<Field>,
    size: usize,
    max_size: usize,
    /// A size change the decoder must be told of at the next block's start.
    pending_update: Option<usize>,
}

impl Default for Encoder {
    fn default() -> Self {
        Encoder::new()
    }
}

impl Encoder {
    pub fn new() -> Encoder {
        Encoder {
            table: VecDeque::new(),
            size: 0,
            max_size: DEFAULT_TABLE_SIZE,
            pending_update: None,
        }
    }

    /// The peer's SETTINGS_HEADER_TABLE_SIZE: barrage uses at most that much
    /// (and never more than the 4,096 it starts with).
    pub fn set_limit(&mut self, limit: usize) {
        let max = limit.min(DEFAULT_TABLE_SIZE);
        if max != self.max_size {
            self.max_size = max;
            self.pending_update = Some(max);
            self.evict(0);
        }
    }

    /// Encodes one header block (names must be lower-case).
    #[cfg(test)]
    pub fn encode<'a>(
        &mut self,
        headers: impl Iterator<Item = (&'a [u8], &'a [u8])>,
        out: &mut Vec<u8>,
    ) {
        if let Some(size) = self.pending_update.take() {
            put_int(out, 0x20, 5, size);
        }
        for (name, value) in headers {
            self.encode_one(name, value, true, out);
        }
    }

    /// As [`encode`](Self::encode), each field saying whether it may enter
    /// the dynamic table: a value that changes every time (a placeholder's)
    /// goes as a literal without indexing.
    pub fn encode_flagged<'a>(
        &mut self,
        headers: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        out: &mut Vec<u8>,
    ) {
        if let Some(size) = self.pending_update.take() {
            put_int(out, 0x20, 5, size);
        }
        for (name, value, index) in headers {
            self.encode_one(name, value, index, out);
        }
    }

    fn encode_one(&mut self, name: &[u8], value: &[u8], index: bool, out: &mut Vec<u8>) {
        let mut name_index = 0;
        for (i, (n, v)) in self.table.iter().enumerate() {
            if &**n == name && &**v == value {
                return put_int(out, 0x80, 7, STATIC.len() + 1 + i);
            }
        }
        for (i, (n, v)) in STATIC.iter().enumerate() {
            if n.as_bytes() == name {
                if v.as_bytes() == value {
                    return put_int(out, 0x80, 7, i + 1);
                }
                if name_index == 0 {
                    name_index = i + 1;
                }
            }
        }
        let entry = name.len() + value.len() + ENTRY_OVERHEAD;
        if entry > self.max_size || !index {
            // Would empty the table and still not fit, or changes every
            // time: send it unindexed.
            put_int(out, 0x00, 4, name_index);
            if name_index == 0 {
                put_str(out, name);
            }
            return put_str(out, value);
        }
        put_int(out, 0x40, 6, name_index);
        if name_index == 0 {
            put_str(out, name);
        }
        put_str(out, value);
        self.evict(entry);
        self.table.push_front((name.into(), value.into()));
        self.size += entry;
    }

    /// Drops the oldest entries until `room` more bytes fit.
    fn evict(&mut self, room: usize) {
        while self.size + room > self.max_size {
            let Some((n, v)) = self.table.pop_back() else {
                break;
            };
            self.size -= n.len() + v.len() + ENTRY_OVERHEAD;
        }
    }
}

/// A field's `:status`, as far as the client cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Absent,
    Code(u16),
    /// Present but not three digits.
    Malformed,
}

/// Why a header block cannot be decoded (a COMPRESSION_ERROR).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub &'static str);

/// An HPACK decoder for one connection's responses.
#[derive(Debug)]
pub struct Decoder {
    /// Newest first: index 62 is `table[0]`.
    table: VecDeque<Field>,
    size: usize,
    max_size: usize,
    /// Huffman output, reused.
    scratch: Vec<u8>,
    /// A literal's name while its value is read (`fields`), reused.
    name: Vec<u8>,
}

impl Default for Decoder {
    fn default() -> Self {
        Decoder::new()
    }
}

/// Static indices 8 to 14: `:status` with these values.
const STATIC_STATUS: [u16; 7] = [200, 204, 206, 304, 400, 404, 500];

impl Decoder {
    pub fn new() -> Decoder {
        Decoder {
            table: VecDeque::new(),
            size: 0,
            max_size: DEFAULT_TABLE_SIZE,
            scratch: Vec::new(),
            name: Vec::new(),
        }
    }

    /// Decodes a whole header block (all its frames), keeping the table in
    /// step, and returns its `:status`.
    pub fn status(&mut self, mut block: &[u8]) -> Result<Status, DecodeError> {
        let mut status = Status::Absent;
        let mut fields = 0;
        while let Some(&first) = block.first() {
            let field_status = if first & 0x80 != 0 {
                let (index, used) = int(block, 7)?;
                block = &block[used..];
                self.indexed_status(index)?
            } else if first & 0x40 != 0 {
                let (index, used) = int(block, 6)?;
                block = &block[used..];
                self.literal_indexed(index, &mut block)?
            } else if first & 0x20 != 0 {
                self.size_update(&mut block, fields)?;
                continue;
            } else {
                // Without indexing (0000) or never indexed (0001).
                let (index, used) = int(block, 4)?;
                block = &block[used..];
                self.literal_unindexed(index, &mut block)?
            };
            fields += 1;
            if let Some(s) = field_status {
                status = s;
            }
        }
        Ok(status)
    }

    /// A dynamic table size update at the start of `block` (after no
    /// field: `fields` decoded so far), read past.
    #[inline]
    fn size_update(&mut self, block: &mut &[u8], fields: usize) -> Result<(), DecodeError> {
        if fields > 0 {
            return Err(DecodeError("a table size update after a field"));
        }
        let (size, used) = int(block, 5)?;
        *block = &block[used..];
        if size > DEFAULT_TABLE_SIZE {
            return Err(DecodeError("a table size update above the 4,096 allowed"));
        }
        self.max_size = size;
        self.evict(0);
        Ok(())
    }

    /// Decodes a whole header block as [`status`](Self::status) does, and
    /// passes every field to `each` (gRPC reads its response heads and
    /// trailers whole); returns the block's `:status`.
    pub fn fields(
        &mut self,
        mut block: &[u8],
        each: &mut impl FnMut(&[u8], &[u8]),
    ) -> Result<Status, DecodeError> {
        let mut status = Status::Absent;
        let mut fields = 0;
        let mut name = std::mem::take(&mut self.name);
        let result = self.fields_into(&mut block, &mut name, &mut status, &mut fields, each);
        self.name = name;
        result.map(|()| status)
    }

    fn fields_into(
        &mut self,
        block: &mut &[u8],
        name: &mut Vec<u8>,
        status: &mut Status,
        fields: &mut usize,
        each: &mut impl FnMut(&[u8], &[u8]),
    ) -> Result<(), DecodeError> {
        while let Some(&first) = block.first() {
            let (index, used) = if first & 0x80 != 0 {
                int(block, 7)?
            } else if first & 0x40 != 0 {
                int(block, 6)?
            } else if first & 0x20 != 0 {
                self.size_update(block, *fields)?;
                continue;
            } else {
                int(block, 4)?
            };
            *block = &block[used..];
            *fields += 1;
            if first & 0x80 != 0 {
                let (n, v) = match index {
                    0 => return Err(DecodeError("index 0")),
                    1..=61 => (
                        STATIC[index - 1].0.as_bytes(),
                        STATIC[index - 1].1.as_bytes(),
                    ),
                    _ => {
                        let (n, v) = self.dynamic(index)?;
                        (&n[..], &v[..])
                    }
                };
                if n == b":status" {
                    *status = parse_status(v);
                }
                each(n, v);
                continue;
            }
            name.clear();
            match index {
                0 => {
                    self.string(block)?;
                    name.extend_from_slice(&self.scratch);
                }
                _ => name.extend_from_slice(self.name(index)?),
            }
            self.string(block)?;
            if name[..] == b":status"[..] {
                *status = parse_status(&self.scratch);
            }
            each(name, &self.scratch);
            if first & 0x40 != 0 {
                let entry = name.len() + self.scratch.len() + ENTRY_OVERHEAD;
                self.evict(entry);
                if entry <= self.max_size {
                    self.size += entry;
                    let value: Box<[u8]> = self.scratch[..].into();
                    self.table.push_front((name[..].into(), value));
                }
            }
        }
        Ok(())
    }

    fn indexed_status(&self, index: usize) -> Result<Option<Status>, DecodeError> {
        match index {
            0 => Err(DecodeError("index 0")),
            8..=14 => Ok(Some(Status::Code(STATIC_STATUS[index - 8]))),
            1..=61 => Ok(None),
            _ => {
                let (name, value) = self.dynamic(index)?;
                Ok((&**name == b":status").then(|| parse_status(value)))
            }
        }
    }

    /// A literal added to the table: its name and value are decoded.
    fn literal_indexed(
        &mut self,
        index: usize,
        block: &mut &[u8],
    ) -> Result<Option<Status>, DecodeError> {
        let name: Box<[u8]> = match index {
            0 => {
                self.string(block)?;
                self.scratch[..].into()
            }
            _ => self.name(index)?.into(),
        };
        self.string(block)?;
        let value: Box<[u8]> = self.scratch[..].into();
        let status = (&*name == b":status").then(|| parse_status(&value));
        let entry = name.len() + value.len() + ENTRY_OVERHEAD;
        self.evict(entry);
        if entry <= self.max_size {
            self.size += entry;
            self.table.push_front((name, value));
        }
        Ok(status)
    }

    /// A literal not added to the table: only a `:status` value is decoded.
    fn literal_unindexed(
        &mut self,
        index: usize,
        block: &mut &[u8],
    ) -> Result<Option<Status>, DecodeError> {
        let is_status = match index {
            0 => {
                self.string(block)?;
                self.scratch == b":status"
            }
            _ => self.name(index)? == b":status",
        };
        if is_status {
            self.string(block)?;
            return Ok(Some(parse_status(&self.scratch)));
        }
        skip_string(block)?;
        Ok(None)
    }

    fn name(&self, index: usize) -> Result<&[u8], DecodeError> {
        match index {
            0 => Err(DecodeError("index 0")),
            1..=61 => Ok(STATIC[index - 1].0.as_bytes()),
            _ => Ok(&self.dynamic(index)?.0),
        }
    }

    fn dynamic(&self, index: usize) -> Result<&Field, DecodeError> {
        self.table
            .get(index - STATIC.len() - 1)
            .ok_or(DecodeError("an index past the table"))
    }

    /// Reads a string literal into `scratch` (decoding Huffman).
    fn string(&mut self, block: &mut &[u8]) -> Result<(), DecodeError> {
        let huffman = block.first().is_some_and(|b| b & 0x80 != 0);
        let (len, used) = int(block, 7)?;
        let bytes = block
            .get(used..used + len)
            .ok_or(DecodeError("a string longer than its block"))?;
        *block = &block[used + len..];
        self.scratch.clear();
        if !huffman {
            self.scratch.extend_from_slice(bytes);
            return Ok(());
        }
        super::huffman::decode(bytes, &mut self.scratch)
            .map_err(|_| DecodeError("an invalid Huffman string"))
    }

    fn evict(&mut self, room: usize) {
        while self.size + room > self.max_size {
            let Some((n, v)) = self.table.pop_back() else {
                break;
            };
            self.size -= n.len() + v.len() + ENTRY_OVERHEAD;
        }
    }
}

fn skip_string(block: &mut &[u8]) -> Result<(), DecodeError> {
    let (len, used) = int(block, 7)?;
    if block.len() < used + len {
        return Err(DecodeError("a string longer than its block"));
    }
    *block = &block[used + len..];
    Ok(())
}

pub(crate) fn parse_status(value: &[u8]) -> Status {
    match value {
        [a @ b'1'..=b'9', b @ b'0'..=b'9', c @ b'0'..=b'9'] => {
            Status::Code(u16::from(a - b'0') * 100 + u16::from(b - b'0') * 10 + u16::from(c - b'0'))
        }
        _ => Status::Malformed,
    }
}

/// Reads an integer with a `prefix_bits`-bit prefix; returns it and the bytes used.
pub(crate) fn int(block: &[u8], prefix_bits: u8) -> Result<(usize, usize), DecodeError> {
    let max = (1usize << prefix_bits) - 1;
    let Some(&b0) = block.first() else {
        return Err(DecodeError("a field cut short"));
    };
    let first = usize::from(b0) & max;
    if first < max {
        return Ok((first, 1));
    }
    let mut value = max;
    for (i, &b) in block.iter().enumerate().skip(1) {
        // Four continuation bytes (28 bits) is more than any size here needs.
        if i > 4 {
            return Err(DecodeError("an integer too large"));
        }
        value += usize::from(b & 0x7f) << (7 * (i - 1));
        if b & 0x80 == 0 {
            return Ok((value, i + 1));
        }
    }
    Err(DecodeError("an integer cut short"))
}

/// An integer with an `prefix_bits`-bit prefix (RFC 7541 §5.1); `first` holds the pattern bits.
pub(crate) fn put_int(out: &mut Vec<u8>, first: u8, prefix_bits: u8, value: usize) {
    let max = (1usize << prefix_bits) - 1;
    if value < max {
        out.push(first | value as u8);
        return;
    }
    out.push(first | max as u8);
    let mut rest = value - max;
    while rest >= 128 {
        out.push((rest % 128) as u8 | 0x80);
        rest /= 128;
    }
    out.push(rest as u8);
}

/// A string literal without Huffman coding.
fn put_str(out: &mut Vec<u8>, s: &[u8]) {
    put_int(out, 0, 7, s.len());
    out.extend_from_slice(s);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(dec: &mut loona_hpack::Decoder, block: &[u8]) -> Vec<(String, String)> {
        dec.decode(block)
            .unwrap()
            .into_iter()
            .map(|(n, v)| (String::from_utf8(n).unwrap(), String::from_utf8(v).unwrap()))
            .collect()
    }

    fn request(path: &str) -> Vec<(&'static [u8], Vec<u8>)> {
        vec![
            (b":method", b"GET".to_vec()),
            (b":scheme", b"http".to_vec()),
            (b":authority", b"127.0.0.1:3000".to_vec()),
            (b":path", path.as_bytes().to_vec()),
            (b"user-agent", b"barrage/0.1.0".to_vec()),
            (b"x-custom", b"yes".to_vec()),
        ]
    }

    #[test]
    fn repeats_cost_a_byte_each_and_decode_back() {
        let mut enc = Encoder::new();
        let mut dec = loona_hpack::Decoder::new();
        for (round, path) in ["/a", "/a", "/b", "/a", "/b"].iter().enumerate() {
            let headers = request(path);
            let mut block = Vec::new();
            enc.encode(headers.iter().map(|(n, v)| (*n, &v[..])), &mut block);
            if round == 1 {
                assert_eq!(block.len(), headers.len(), "{block:x?}");
            }
            let back = decode(&mut dec, &block);
            let want: Vec<(String, String)> = headers
                .iter()
                .map(|(n, v)| {
                    (
                        String::from_utf8(n.to_vec()).unwrap(),
                        String::from_utf8(v.clone()).unwrap(),
                    )
                })
                .collect();
            assert_eq!(back, want, "round {round}");
        }
    }

    #[test]
    fn smaller_peer_table_evicts_and_tells_the_decoder() {
        let mut enc = Encoder::new();
        let mut dec = loona_hpack::Decoder::new();
        enc.set_limit(80);
        for path in ["/first-long-path", "/second-long-path", "/first-long-path"] {
            let headers = request(path);
            let mut block = Vec::new();
            enc.encode(headers.iter().map(|(n, v)| (*n, &v[..])), &mut block);
            let back = decode(&mut dec, &block);
            assert_eq!(back[3].1, path);
            assert!(enc.size <= 80);
        }
        enc.set_limit(0);
        let headers = request("/z");
        let mut block = Vec::new();
        enc.encode(headers.iter().map(|(n, v)| (*n, &v[..])), &mut block);
        assert_eq!(decode(&mut dec, &block)[3].1, "/z");
        assert!(enc.table.is_empty());
    }

    /// Blocks from RFC 7541 C.5 / C.6 (responses with and without Huffman),
    /// decoded in turn by one decoder: the table must stay in step.
    #[test]
    fn rfc_7541_response_sequences() {
        let hex = |s: &str| -> Vec<u8> {
            let s: String = s.split_whitespace().collect();
            (0..s.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
                .collect()
        };
        // C.6: with Huffman coding; table size 256 as in the RFC's example.
        let blocks = [
            ("4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005 9504 0b81 66e0 82a6 2d1b ff6e 919d 29ad 1718 63c7 8f0b 97c8 e9ae 82ae 43d3", 302),
            ("4883 640e ff c1 c0 bf", 307),
            ("88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab 77ad 94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07", 200),
        ];
        let mut dec = Decoder::new();
        let mut update = Vec::new();
        put_int(&mut update, 0x20, 5, 256);
        for (i, (block, status)) in blocks.iter().enumerate() {
            let mut bytes = if i == 0 { update.clone() } else { Vec::new() };
            bytes.extend(hex(block));
            assert_eq!(dec.status(&bytes), Ok(Status::Code(*status)), "block {i}");
        }
        // After C.6.3 the table holds exactly these three entries (RFC 7541 C.6.3).
        let names: Vec<&[u8]> = dec.table.iter().map(|(n, _)| &n[..]).collect();
        assert_eq!(names, [&b"set-cookie"[..], b"content-encoding", b"date"]);
        assert_eq!(dec.size, 215);
    }

    #[test]
    fn decoder_errors_table() {
        let cases: [(&[u8], &str); 6] = [
            (&[0x80], "index 0"),
            (&[0xbf], "past the table"),
            (&[0x88, 0x3f, 0xe1, 0x1f], "after a field"),
            (&[0x3f, 0xe2, 0x1f], "above the 4,096"),
            (&[0x40, 0x05, b'a'], "longer than its block"),
            (&[0x40, 0x81, 0x00, 0x00], "Huffman"),
        ];
        for (block, says) in cases {
            let e = Decoder::new().status(block).unwrap_err();
            assert!(e.0.contains(says), "{block:x?}: {e:?}");
        }
        // A :status literal, and a malformed one.
        let mut dec = Decoder::new();
        assert_eq!(
            dec.status(&[0x08, 0x03, b'2', b'0', b'1']),
            Ok(Status::Code(201))
        );
        assert_eq!(dec.status(&[0x08, 0x02, b'2', b'0']), Ok(Status::Malformed));
        assert_eq!(dec.status(&[0x0f, 0x0d, 0x01, b'6']), Ok(Status::Absent));
    }

    #[test]
    fn integers_table() {
        // RFC 7541 C.1: 10 and 1337 with a 5-bit prefix, 42 with 8 bits.
        let cases: [(u8, usize, &[u8]); 3] = [
            (5, 10, &[0x0a]),
            (5, 1337, &[0x1f, 0x9a, 0x0a]),
            (8, 42, &[0x2a]),
        ];
        for (bits, value, want) in cases {
            let mut out = Vec::new();
            put_int(&mut out, 0, bits, value);
            assert_eq!(out, want, "{value}");
        }
    }
}
