//! Content codings: which one a request's `Accept-Encoding` picks among
//! those on offer (RFC 9110 §12.5.3, q-values), and compressing a body
//! with it. Routing and the static set's precompressed variants are the
//! caller's.

use std::io::Write;

use hyper::header::{HeaderValue, ACCEPT_ENCODING};
use hyper::HeaderMap;

/// gzip level for bodies compressed per request: zlib's default.
const GZIP_LEVEL: u32 = 6;
/// Brotli quality for bodies compressed per request: 5 is where brotli
/// beats gzip's ratio at about its speed (the usual pick for dynamic
/// content; 11 is for precompressed files).
const BROTLI_QUALITY: u32 = 5;
/// Brotli window, log2 bytes (the format's default).
const BROTLI_WINDOW: u32 = 22;

/// A content coding the server can send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Coding {
    Gzip,
    Brotli,
}

impl Coding {
    /// The `Content-Encoding` value.
    pub(crate) fn header(self) -> HeaderValue {
        match self {
            Coding::Gzip => HeaderValue::from_static("gzip"),
            Coding::Brotli => HeaderValue::from_static("br"),
        }
    }

    /// `body` compressed with this coding.
    pub(crate) fn compress(self, body: &[u8]) -> Vec<u8> {
        let out = Vec::with_capacity(body.len() / 2 + 64);
        match self {
            Coding::Gzip => {
                let mut gz =
                    flate2::write::GzEncoder::new(out, flate2::Compression::new(GZIP_LEVEL));
                gz.write_all(body).expect("writing to a Vec cannot fail");
                gz.finish().expect("writing to a Vec cannot fail")
            }
            Coding::Brotli => {
                let mut br =
                    brotli::CompressorWriter::new(out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
                br.write_all(body).expect("writing to a Vec cannot fail");
                br.into_inner()
            }
        }
    }
}

/// The codings a response can be sent in, beside none.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Offer {
    pub(crate) gzip: bool,
    pub(crate) brotli: bool,
}

impl Offer {
    /// Both codings (a body compressed per request).
    pub(crate) const ALL: Offer = Offer {
        gzip: true,
        brotli: true,
    };
}

/// The coding to send for `headers`' `Accept-Encoding` among `offer`:
/// none without the header; else the offered coding with the higher
/// q-value, brotli on a tie (it is the smaller), never one with `q=0`.
/// `*` stands for the codings the header does not name.
pub(crate) fn negotiate(headers: &HeaderMap, offer: Offer) -> Option<Coding> {
    let mut values = headers.get_all(ACCEPT_ENCODING).iter().peekable();
    values.peek()?;
    let weights = values
        .filter_map(|v| v.to_str().ok())
        .fold(Weights::default(), |w, v| w.read(v));
    let gzip = if offer.gzip { weights.gzip() } else { 0 };
    let brotli = if offer.brotli { weights.brotli() } else { 0 };
    if brotli > 0 && brotli >= gzip {
        Some(Coding::Brotli)
    } else if gzip > 0 {
        Some(Coding::Gzip)
    } else {
        None
    }
}

/// q-values in thousandths, as `Accept-Encoding` gives them.
#[derive(Debug, Default)]
struct Weights {
    gzip: Option<u16>,
    brotli: Option<u16>,
    any: Option<u16>,
}

impl Weights {
    fn gzip(&self) -> u16 {
        self.gzip.or(self.any).unwrap_or(0)
    }

    fn brotli(&self) -> u16 {
        self.brotli.or(self.any).unwrap_or(0)
    }

    /// Adds one header value's elements; malformed ones are skipped.
    fn read(mut self, value: &str) -> Weights {
        for element in value.split(',') {
            let mut parts = element.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let Some(q) = parts.try_fold(1000, |q, param| weight(param, q)) else {
                continue;
            };
            let slot = if coding.eq_ignore_ascii_case("br") {
                &mut self.brotli
            } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                &mut self.gzip
            } else if coding == "*" {
                &mut self.any
            } else {
                continue;
            };
            // A coding named twice keeps its highest weight.
            *slot = Some(slot.map_or(q, |old| old.max(q)));
        }
        self
    }
}

/// The weight a parameter gives (`q=0.8` → 800), `q` when it is another
/// parameter, `None` when it is a malformed `q`.
fn weight(param: &str, q: u16) -> Option<u16> {
    let param = param.trim();
    let Some((name, value)) = param.split_once('=') else {
        return Some(q);
    };
    if !name.trim().eq_ignore_ascii_case("q") {
        return Some(q);
    }
    qvalue(value.trim())
}

/// RFC 9110 §12.4.2: `0[.ddd]` or `1[.000]`, in thousandths.
fn qvalue(s: &str) -> Option<u16> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = frac
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0u16, |n, d| n * 10 + u16::from(d - b'0'));
    match int {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(accept: Option<&str>, offer: Offer) -> Option<Coding> {
        let mut headers = HeaderMap::new();
        if let Some(accept) = accept {
            headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(accept).unwrap());
        }
        negotiate(&headers, offer)
    }

    #[test]
    fn negotiation_table() {
        let gzip_only = Offer {
            gzip: true,
            brotli: false,
        };
        let cases: &[(Option<&str>, Offer, Option<Coding>)] = &[
            (None, Offer::ALL, None),
            (Some(""), Offer::ALL, None),
            (Some("gzip, br"), Offer::ALL, Some(Coding::Brotli)),
            (Some("gzip"), Offer::ALL, Some(Coding::Gzip)),
            (Some("br"), Offer::ALL, Some(Coding::Brotli)),
            (Some("br;q=1, gzip;q=0.8"), Offer::ALL, Some(Coding::Brotli)),
            (Some("br;q=0.5, gzip;q=0.8"), Offer::ALL, Some(Coding::Gzip)),
            (Some("br;q=0, gzip"), Offer::ALL, Some(Coding::Gzip)),
            (Some("br;q=0"), Offer::ALL, None),
            (Some("gzip;q=0, br;q=0"), Offer::ALL, None),
            (Some("identity"), Offer::ALL, None),
            (Some("deflate, zstd"), Offer::ALL, None),
            (Some("*"), Offer::ALL, Some(Coding::Brotli)),
            (Some("*;q=0.5, br;q=0.1"), Offer::ALL, Some(Coding::Gzip)),
            (Some("GZIP;Q=0.3"), Offer::ALL, Some(Coding::Gzip)),
            (Some("x-gzip"), Offer::ALL, Some(Coding::Gzip)),
            (Some("br;q=2, gzip"), Offer::ALL, Some(Coding::Gzip)),
            (Some("br;q=abc"), Offer::ALL, None),
            (Some("br;level=3"), Offer::ALL, Some(Coding::Brotli)),
            (Some("gzip, br"), gzip_only, Some(Coding::Gzip)),
            (Some("br"), gzip_only, None),
            (
                Some("gzip, br"),
                Offer {
                    gzip: false,
                    brotli: false,
                },
                None,
            ),
        ];
        for (accept, offer, expected) in cases {
            assert_eq!(pick(*accept, *offer), *expected, "{accept:?} {offer:?}");
        }
    }

    #[test]
    fn several_headers_are_one_list() {
        let mut headers = HeaderMap::new();
        headers.append(ACCEPT_ENCODING, HeaderValue::from_static("gzip;q=0.9"));
        headers.append(ACCEPT_ENCODING, HeaderValue::from_static("br;q=0.95"));
        assert_eq!(negotiate(&headers, Offer::ALL), Some(Coding::Brotli));
    }

    #[test]
    fn qvalues() {
        for (s, q) in [
            ("0", Some(0)),
            ("0.8", Some(800)),
            ("0.125", Some(125)),
            ("1", Some(1000)),
            ("1.000", Some(1000)),
            ("1.5", None),
            ("0.1234", None),
            ("", None),
            ("-1", None),
        ] {
            assert_eq!(qvalue(s), q, "{s}");
        }
    }

    #[test]
    fn compressed_bodies_decompress() {
        use std::io::Read;
        let body = br#"{"items":[{"id":1}],"count":1}"#.repeat(50);
        let gz = Coding::Gzip.compress(&body);
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, body);
        let br = Coding::Brotli.compress(&body);
        let mut out = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, body);
        assert!(br.len() < body.len() / 4 && gz.len() < body.len() / 4);
    }
}
