//! Every framing rule, once, against the one parser: each case is read
//! whole and one byte at a time, and both must agree.

use super::*;
use crate::session::h1::{Framing, MAX_HEADERS};

/// How reading one response ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// Complete, with this many bytes after it.
    Complete { left: usize },
    /// Completed by the close (a body delimited by it).
    ByClose,
    /// The close cut it short.
    Cut(Cut),
}

/// What was read: the head, the body kept, and how it ended.
type Read = (Head, Vec<u8>, End);

/// Reads `bytes` as one response in pieces of `step` bytes, then closes.
fn read_in(bytes: &[u8], step: usize, head_only: bool) -> Result<Read, String> {
    let mut p = ResponseParser::new();
    p.keep();
    let mut head = None;
    for (i, piece) in bytes.chunks(step).enumerate() {
        let mut at = 0;
        loop {
            let (used, event) = p.feed(&piece[at..], head_only).map_err(|e| e.0)?;
            at += used;
            match event {
                Event::NeedMore => break,
                Event::Head => head = Some(*p.head()),
                Event::Complete => {
                    let left = bytes.len() - i * step - at;
                    return Ok((head.unwrap(), p.take_body(), End::Complete { left }));
                }
            }
        }
        assert_eq!(at, piece.len(), "NeedMore uses every byte");
    }
    let end = match p.on_eof() {
        Ok(true) => End::ByClose,
        Ok(false) => return Err("nothing read".into()),
        Err(cut) => End::Cut(cut),
    };
    let head = head.unwrap_or(Head::NONE);
    Ok((head, p.take_body(), end))
}

/// Reads `bytes` whole and byte by byte; the two must agree (errors: in
/// what they are about).
fn read(bytes: &[u8], head_only: bool) -> Result<Read, String> {
    let whole = read_in(bytes, bytes.len().max(1), head_only);
    let bytewise = read_in(bytes, 1, head_only);
    match (&whole, &bytewise) {
        (Err(a), Err(b)) => assert_eq!(a.split(':').next(), b.split(':').next()),
        _ => assert_eq!(whole, bytewise, "{}", String::from_utf8_lossy(bytes)),
    }
    whole
}

/// A case that reads: (name, response, to a HEAD, status, framing, body,
/// connection closes after, end).
type Case = (
    &'static str,
    &'static [u8],
    bool,
    u16,
    Framing,
    &'static [u8],
    bool,
    End,
);

const fn done(left: usize) -> End {
    End::Complete { left }
}

#[rustfmt::skip]
const FRAMING: &[Case] = &[
    // Content-Length (RFC 9112 §6.3 rule 6).
    ("content-length", b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloNEXT", false, 200, Framing::ContentLength, b"hello", false, done(4)),
    ("content-length 0", b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false, 200, Framing::ContentLength, b"", false, done(0)),
    ("the same length twice", b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nhi", false, 200, Framing::ContentLength, b"hi", false, done(0)),
    ("the same length as a list", b"HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nhi", false, 200, Framing::ContentLength, b"hi", false, done(0)),
    ("leading zeros", b"HTTP/1.1 200 OK\r\nContent-Length: 002\r\n\r\nhi", false, 200, Framing::ContentLength, b"hi", false, done(0)),
    // Chunked, as the last coding (rules 4 and 3).
    ("chunked", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n1;ext=1\r\n!\r\n0\r\n\r\nNEXT", false, 200, Framing::Chunked, b"hello!", false, done(4)),
    ("chunked with trailers", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0\r\nX-T: 1\r\nX-U: 2\r\n\r\n", false, 200, Framing::Chunked, b"0123456789", false, done(0)),
    ("chunk size with leading zeros", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n00000000000000000002 \r\nhi\r\n000\r\n\r\n", false, 200, Framing::Chunked, b"hi", false, done(0)),
    ("gzip, chunked is chunked", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n", false, 200, Framing::Chunked, b"hi", false, done(0)),
    ("chunked, gzip reads until close", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n2\r\nhi\r\n0\r\n\r\n", false, 200, Framing::Close, b"2\r\nhi\r\n0\r\n\r\n", true, End::ByClose),
    ("codings over two fields, chunked last", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", false, 200, Framing::Chunked, b"", false, done(0)),
    ("codings over two fields, chunked first", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\nxyz", false, 200, Framing::Close, b"xyz", true, End::ByClose),
    ("empty list elements are skipped", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, ,\r\n\r\n0\r\n\r\n", false, 200, Framing::Chunked, b"", false, done(0)),
    ("transfer-encoding overrides content-length", b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n", false, 200, Framing::Chunked, b"hi", false, done(0)),
    ("even an invalid content-length", b"HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", false, 200, Framing::Chunked, b"", false, done(0)),
    // Neither: until the close (rule 8).
    ("until close", b"HTTP/1.1 200 OK\r\nServer: s\r\n\r\nsome body", false, 200, Framing::Close, b"some body", true, End::ByClose),
    // No body whatever the head says (rule 1).
    ("HEAD with a length", b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nNEXT", true, 200, Framing::ContentLength, b"", false, done(4)),
    ("HEAD with chunked", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", true, 200, Framing::Chunked, b"", false, done(0)),
    ("HEAD with neither", b"HTTP/1.1 200 OK\r\n\r\n", true, 200, Framing::Close, b"", false, done(0)),
    ("204", b"HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n", false, 204, Framing::ContentLength, b"", false, done(0)),
    ("304", b"HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\nNEXT", false, 304, Framing::Chunked, b"", false, done(4)),
    ("304 with an invalid length", b"HTTP/1.1 304 Not Modified\r\nContent-Length: x\r\n\r\n", false, 304, Framing::ContentLength, b"", false, done(0)),
    ("1xx are skipped", b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n", false, 201, Framing::ContentLength, b"", false, done(0)),
    // The connection after the response.
    ("connection close", b"HTTP/1.1 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 2\r\n\r\nhi", false, 200, Framing::ContentLength, b"hi", true, done(0)),
    ("http/1.0 closes", b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi", false, 200, Framing::ContentLength, b"hi", true, done(0)),
    ("http/1.0 keep-alive", b"HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nhi", false, 200, Framing::ContentLength, b"hi", false, done(0)),
    ("http/1.0 with a transfer coding closes", b"HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", false, 200, Framing::Chunked, b"", true, done(0)),
    // Lenient where httparse is: empty lines before the status line.
    ("empty lines first", b"\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi", false, 200, Framing::ContentLength, b"hi", false, done(0)),
    // Cut by the close.
    ("close inside a length", b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", false, 200, Framing::ContentLength, b"short", false, End::Cut(Cut::Body { got: 5, announced: 10 })),
    ("close inside chunks", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", false, 200, Framing::Chunked, b"ab", false, End::Cut(Cut::Chunked)),
    ("close inside a head", b"HTTP/1.1 200 OK\r\nContent-Le", false, 0, Framing::Close, b"", false, End::Cut(Cut::Head)),
];

#[test]
fn framing_table() {
    for &(name, bytes, head_only, status, framing, body, closes, end) in FRAMING {
        let (head, got, got_end) = read(bytes, head_only).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((head.status, head.framing), (status, framing), "{name}");
        assert_eq!(got, body, "{name}");
        assert_eq!((head.closes, got_end), (closes, end), "{name}");
    }
}

#[test]
fn head_sizes_and_versions() {
    let (head, _, _) = read(b"HTTP/1.0 404 Not Found\r\nA: b\r\n\r\n", true).unwrap();
    assert_eq!(
        (head.head_bytes, head.minor_version, head.body),
        (32, 0, Body::None)
    );
    // An interim head is not counted.
    let (head, _, _) = read(
        b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc",
        false,
    )
    .unwrap();
    assert_eq!(
        (head.head_bytes, head.minor_version, head.body),
        (38, 1, Body::Length(3))
    );
}

#[test]
fn protocol_errors_table() {
    let cases: &[(&[u8], &str)] = &[
        (
            b"HTPT/9 abc\r\n\r\n",
            "not an HTTP/1 response: it starts \"HTP",
        ),
        (
            b"\x00\x00\x12\x04\x00\x00",
            "not an HTTP/1 response: it starts \"\\x00",
        ),
        (
            b"HTTP/2 200\r\n\r\n",
            "not an HTTP/1 response: status line \"HTTP/2 200\"",
        ),
        (
            b"HTTP/1.1 2000 OK\r\n\r\n",
            "malformed status line \"HTTP/1.1 2000 OK\"",
        ),
        (
            b"HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
            "malformed response head (invalid header name)",
        ),
        (
            b"HTTP/1.1 101 Switching Protocols\r\n\r\n",
            "unexpected 101 Switching Protocols",
        ),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            "conflicting Content-Length headers",
        ),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\n",
            "conflicting Content-Length headers",
        ),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n",
            "invalid Content-Length: \"x\"",
        ),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\n",
            "invalid Content-Length: \"+5\"",
        ),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: 5,\r\n\r\n",
            "invalid Content-Length",
        ),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
            "Content-Length too large",
        ),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "invalid chunked body at: \"z",
        ),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhiX\r\n",
            "invalid chunked body at: \"X",
        ),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\nhi\r\n",
            "invalid chunked body at: \"\\n",
        ),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
            "chunk size too large",
        ),
    ];
    for (bytes, want) in cases {
        let e = read(bytes, false).unwrap_err();
        assert!(e.starts_with(want), "{e:?} should start with {want:?}");
    }
}

#[test]
fn head_limits() {
    let mut many = b"HTTP/1.1 200 OK\r\n".to_vec();
    for i in 0..=MAX_HEADERS {
        many.extend_from_slice(format!("X-{i}: v\r\n").as_bytes());
    }
    many.extend_from_slice(b"\r\n");
    assert_eq!(
        read(&many, false).unwrap_err(),
        "more than 128 header lines"
    );
    // Too long, whether it arrives whole or in pieces (not byte by byte:
    // each piece parses the head again from its start).
    let read = |bytes: &[u8], head_only| {
        let whole = read_in(bytes, bytes.len(), head_only);
        assert_eq!(whole, read_in(bytes, 997, head_only));
        whole
    };
    let mut long = b"HTTP/1.1 200 OK\r\nX: ".to_vec();
    long.resize(MAX_HEAD, b'a');
    long.extend_from_slice(b"\r\n\r\n");
    assert_eq!(
        read(&long, false).unwrap_err(),
        "response head longer than 65536 bytes"
    );
    long.truncate(MAX_HEAD + 1);
    assert_eq!(
        read(&long, false).unwrap_err(),
        "response head longer than 65536 bytes"
    );
    long.truncate(MAX_HEAD - 10);
    long.extend_from_slice(b"\r\n\r\n");
    assert!(read(&long, false).is_ok());
}

#[test]
fn keeps_nothing_unless_asked() {
    let bytes = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n";
    let mut p = ResponseParser::new();
    let (n, event) = p.feed(bytes, false).unwrap();
    assert_eq!((n, event), (47, Event::Head));
    assert_eq!(
        p.feed(&bytes[n..], false).unwrap(),
        (bytes.len() - n, Event::Complete)
    );
    assert!(p.headers().is_empty() && p.body().is_empty() && p.reason().is_empty());
    assert_eq!(p.partial_head().len(), 0);
    assert!(
        p.kept.is_none() && p.partial.capacity() == 0,
        "no allocation"
    );
    p.keep();
    p.feed(
        b"HTTP/1.1 200 Fine\r\nA: 1\r\nContent-Length: 1\r\n\r\n!",
        false,
    )
    .unwrap();
    assert_eq!((p.reason(), p.headers().len()), (&b"Fine"[..], 2));
}
