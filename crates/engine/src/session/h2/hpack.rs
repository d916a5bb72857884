//! The request side of HPACK (RFC 7541): an encoder that indexes every
//! header it sends, so that after the first request on a connection each
//! header costs one byte, as nghttp2 (and so h2load) sends them.
//!
//! Responses are decoded with the `loona-hpack` crate. Its encoder is not
//! used for requests: it never indexes a header whose name is in the static
//! table (`:path`, `:authority`, `user-agent`…), so every request would carry
//! them as literals — about 40 bytes more per request than h2load sends,
//! which changes the work the server under test does.

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
    pub fn encode<'a>(
        &mut self,
        headers: impl Iterator<Item = (&'a [u8], &'a [u8])>,
        out: &mut Vec<u8>,
    ) {
        if let Some(size) = self.pending_update.take() {
            put_int(out, 0x20, 5, size);
        }
        for (name, value) in headers {
            self.encode_one(name, value, out);
        }
    }

    fn encode_one(&mut self, name: &[u8], value: &[u8], out: &mut Vec<u8>) {
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
        if entry > self.max_size {
            // Would empty the table and still not fit: send it unindexed.
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

/// An integer with an `prefix_bits`-bit prefix (RFC 7541 §5.1); `first` holds the pattern bits.
fn put_int(out: &mut Vec<u8>, first: u8, prefix_bits: u8, value: usize) {
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
