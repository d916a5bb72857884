//! The HTTP/1.0 and HTTP/1.1 client session: pipelined requests, response
//! framing by Content-Length, chunked coding or connection close (RFC 9112 §6).

use std::collections::VecDeque;

use super::{Completed, EarlyClose, Flow, Inflight, ProtocolError};
use crate::script::ScriptResponse;

/// What `on_read` calls for each response: the response done, and (only
/// when the session keeps them, for a script's `response()`) its headers
/// and body.
pub trait H1Done: FnMut(Completed, Option<ScriptResponse<'_>>) {}
impl<F: FnMut(Completed, Option<ScriptResponse<'_>>)> H1Done for F {}

/// Response heads larger than this are a protocol error.
const MAX_HEAD_BYTES: usize = 64 * 1024;
const MAX_HEADERS: usize = 64;

/// Where the session is in the response being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// Waiting for a status line and headers.
    Head,
    /// A Content-Length body with this many bytes still to come.
    Body { remaining: u64, announced: u64 },
    /// A chunked body.
    Chunked(Chunk),
    /// A body that ends when the server closes.
    UntilClose,
}

/// The chunked-coding decoder's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chunk {
    Size {
        size: u64,
        digits: u8,
    },
    Extension {
        size: u64,
    },
    SizeLf {
        size: u64,
    },
    Data {
        remaining: u64,
    },
    DataCr,
    DataLf,
    /// In the trailer section; `line_start` when the last byte ended a line.
    Trailer {
        line_start: bool,
    },
    TrailerLf,
}

/// Per-connection HTTP/1.x state.
#[derive(Debug)]
pub struct H1Session {
    reading: Reading,
    inflight: VecDeque<Inflight>,
    /// A response head split across reads.
    partial_head: Vec<u8>,
    status: u16,
    /// The response being read ends the connection.
    closes: bool,
    /// Requests carry `Connection: close` (or HTTP/1.0 without keep-alive).
    requests_close: bool,
    /// The response being read, kept for a script that wants responses.
    keep: Option<Box<Kept>>,
}

/// A response's headers and body, kept while it is read.
#[derive(Debug, Default)]
struct Kept {
    headers: Vec<(Vec<u8>, Vec<u8>)>,
    body: Vec<u8>,
}

/// What a parsed head says about the body and the connection.
struct Head {
    status: u16,
    consumed: usize,
    framing: Reading,
    closes: bool,
}

impl H1Session {
    /// A session whose requests ask the server to close (`requests_close`) or not.
    pub fn new(requests_close: bool) -> H1Session {
        H1Session {
            reading: Reading::Head,
            inflight: VecDeque::with_capacity(1),
            partial_head: Vec::new(),
            status: 0,
            closes: false,
            requests_close,
            keep: None,
        }
    }

    /// Keeps each response's headers and body, and hands them to `on_read`'s
    /// callback (for a script's `response()`; otherwise bodies are counted,
    /// never kept).
    pub fn keep_responses(&mut self) {
        self.keep = Some(Box::default());
    }

    /// Appends `bytes` holding several requests (pipelined) to `out`, and
    /// tracks one in-flight request per entry of `requests`.
    pub fn submit_many(
        &mut self,
        bytes: &[u8],
        requests: impl Iterator<Item = Inflight>,
        out: &mut Vec<u8>,
    ) {
        out.extend_from_slice(bytes);
        self.inflight.extend(requests);
    }

    /// Appends a request's bytes to `out` and tracks it as in flight.
    pub fn submit(&mut self, bytes: &[u8], request: Inflight, out: &mut Vec<u8>) {
        out.extend_from_slice(bytes);
        self.inflight.push_back(request);
    }

    /// Whether every request asks the server to close after its response.
    pub fn requests_close(&self) -> bool {
        self.requests_close
    }

    /// Requests sent and not yet answered.
    pub fn in_flight(&self) -> usize {
        self.inflight.len()
    }

    /// The oldest request still waiting for its response.
    pub fn oldest(&self) -> Option<&Inflight> {
        self.inflight.front()
    }

    /// Feeds bytes read from the connection; `done` is called for every response completed.
    pub fn on_read(&mut self, data: &[u8], done: &mut impl H1Done) -> Result<Flow, ProtocolError> {
        let mut pos = 0;
        while pos < data.len() {
            match self.reading {
                Reading::Head => {
                    let Some(head) = self.read_head(&data[pos..])? else {
                        return Ok(Flow::Continue);
                    };
                    pos += head.consumed;
                    if (100..200).contains(&head.status) {
                        continue; // an interim response: the final one follows
                    }
                    self.status = head.status;
                    self.closes = head.closes || self.requests_close;
                    self.reading = head.framing;
                    if head.framing == Reading::Head && self.complete(done) == Flow::Close {
                        return Ok(Flow::Close);
                    }
                }
                Reading::Body {
                    remaining,
                    announced,
                } => {
                    let take = remaining.min((data.len() - pos) as u64);
                    if let Some(kept) = self.keep.as_deref_mut() {
                        kept.body.extend_from_slice(&data[pos..pos + take as usize]);
                    }
                    pos += take as usize;
                    if take == remaining {
                        if self.complete(done) == Flow::Close {
                            return Ok(Flow::Close);
                        }
                    } else {
                        self.reading = Reading::Body {
                            remaining: remaining - take,
                            announced,
                        };
                    }
                }
                Reading::Chunked(state) => {
                    let body = self.keep.as_deref_mut().map(|k| &mut k.body);
                    let (used, next) = chunk_step(state, &data[pos..], body)?;
                    pos += used;
                    match next {
                        Some(state) => self.reading = Reading::Chunked(state),
                        None => {
                            if self.complete(done) == Flow::Close {
                                return Ok(Flow::Close);
                            }
                        }
                    }
                }
                Reading::UntilClose => {
                    if let Some(kept) = self.keep.as_deref_mut() {
                        kept.body.extend_from_slice(&data[pos..]);
                    }
                    return Ok(Flow::Close);
                }
            }
        }
        Ok(if self.reading == Reading::UntilClose {
            Flow::Close
        } else {
            Flow::Continue
        })
    }

    /// The peer closed the connection: completes a close-delimited body, or
    /// says what was cut short.
    pub fn on_eof(&mut self, done: &mut impl H1Done) -> Result<(), EarlyClose> {
        match self.reading {
            Reading::UntilClose => {
                self.complete(done);
                Ok(())
            }
            Reading::Head if self.inflight.is_empty() => Ok(()),
            Reading::Head if self.partial_head.is_empty() => Err(EarlyClose(format!(
                "connection closed with {} request(s) unanswered",
                self.inflight.len()
            ))),
            Reading::Head => Err(EarlyClose(format!(
                "connection closed after {} bytes of a response head",
                self.partial_head.len()
            ))),
            Reading::Body {
                remaining,
                announced,
            } => Err(EarlyClose(format!(
                "connection closed after {} of {announced} body bytes",
                announced - remaining
            ))),
            Reading::Chunked(_) => {
                Err(EarlyClose("connection closed inside a chunked body".into()))
            }
        }
    }

    fn complete(&mut self, done: &mut impl H1Done) -> Flow {
        self.reading = Reading::Head;
        if let Some(request) = self.inflight.pop_front() {
            let c = Completed {
                status: self.status,
                request,
            };
            match self.keep.as_deref_mut() {
                None => done(c, None),
                Some(kept) => {
                    let response = ScriptResponse {
                        status: self.status,
                        headers: &kept.headers,
                        body: &kept.body,
                    };
                    done(c, Some(response));
                    kept.headers.clear();
                    kept.body.clear();
                }
            }
        }
        if self.closes {
            Flow::Close
        } else {
            Flow::Continue
        }
    }

    /// Parses a head from `data` (after any earlier partial bytes). `None`: need more.
    fn read_head(&mut self, data: &[u8]) -> Result<Option<Head>, ProtocolError> {
        let Some(request) = self.inflight.front() else {
            return Err(ProtocolError(format!(
                "{} unexpected byte(s) with no request in flight: {}",
                data.len(),
                excerpt(data)
            )));
        };
        let head_only = request.head;
        let keep = self.keep.as_deref_mut();
        if self.partial_head.is_empty() {
            return match parse_head(data, head_only, keep)? {
                Some(head) => Ok(Some(head)),
                None => {
                    self.keep_partial(data)?;
                    Ok(None)
                }
            };
        }
        let before = self.partial_head.len();
        self.partial_head.extend_from_slice(data);
        match parse_head(&self.partial_head, head_only, keep)? {
            Some(mut head) => {
                head.consumed -= before;
                self.partial_head.clear();
                Ok(Some(head))
            }
            None if self.partial_head.len() > MAX_HEAD_BYTES => Err(too_large()),
            None => Ok(None),
        }
    }

    fn keep_partial(&mut self, data: &[u8]) -> Result<(), ProtocolError> {
        if data.len() > MAX_HEAD_BYTES {
            return Err(too_large());
        }
        self.partial_head.extend_from_slice(data);
        Ok(())
    }
}

fn too_large() -> ProtocolError {
    ProtocolError(format!("response head larger than {MAX_HEAD_BYTES} bytes"))
}

fn parse_head(
    buf: &[u8],
    head_only: bool,
    keep: Option<&mut Kept>,
) -> Result<Option<Head>, ProtocolError> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut response = httparse::Response::new(&mut headers);
    let consumed = match response.parse(buf) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(e) => {
            return Err(ProtocolError(format!(
                "invalid response head ({e}): {}",
                excerpt(buf)
            )))
        }
    };
    let status = response.code.unwrap_or(0);
    if let Some(kept) = keep {
        kept.headers.clear();
        kept.body.clear();
        let headers = response.headers.iter();
        kept.headers
            .extend(headers.map(|h| (h.name.as_bytes().to_vec(), h.value.to_vec())));
    }
    if status == 101 {
        return Err(ProtocolError("unexpected 101 Switching Protocols".into()));
    }
    let mut content_length: Option<u64> = None;
    let (mut chunked, mut other_coding, mut close, mut keep_alive) = (false, false, false, false);
    for h in response.headers.iter() {
        if h.name.eq_ignore_ascii_case("content-length") {
            let n = parse_length(h.value)?;
            if content_length.is_some_and(|m| m != n) {
                return Err(ProtocolError("conflicting Content-Length headers".into()));
            }
            content_length = Some(n);
        } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
            let last = h.value.rsplit(|&b| b == b',').next().unwrap_or(b"");
            chunked = last.trim_ascii().eq_ignore_ascii_case(b"chunked");
            other_coding = !chunked;
        } else if h.name.eq_ignore_ascii_case("connection") {
            for token in h.value.split(|&b| b == b',') {
                let token = token.trim_ascii();
                close |= token.eq_ignore_ascii_case(b"close");
                keep_alive |= token.eq_ignore_ascii_case(b"keep-alive");
            }
        }
    }
    let http10 = response.version == Some(0);
    let closes = close || (http10 && !keep_alive);
    let no_body = head_only || status < 200 || status == 204 || status == 304;
    let framing = if no_body {
        Reading::Head
    } else if chunked {
        Reading::Chunked(Chunk::Size { size: 0, digits: 0 })
    } else if other_coding {
        Reading::UntilClose
    } else {
        match content_length {
            Some(0) => Reading::Head,
            Some(n) => Reading::Body {
                remaining: n,
                announced: n,
            },
            None => Reading::UntilClose,
        }
    };
    let closes = closes || framing == Reading::UntilClose;
    Ok(Some(Head {
        status,
        consumed,
        framing,
        closes,
    }))
}

fn parse_length(value: &[u8]) -> Result<u64, ProtocolError> {
    let text = std::str::from_utf8(value).unwrap_or("").trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ProtocolError(format!(
            "invalid Content-Length: {}",
            excerpt(value)
        )));
    }
    text.parse()
        .map_err(|_| ProtocolError(format!("Content-Length too large: {text}")))
}

/// Advances the chunked decoder over `data`. Returns the bytes used and the
/// next state, or `None` when the body (with its trailers) is complete.
fn chunk_step(
    mut state: Chunk,
    data: &[u8],
    mut body: Option<&mut Vec<u8>>,
) -> Result<(usize, Option<Chunk>), ProtocolError> {
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        state = match state {
            Chunk::Size { size, digits } => match hex(b) {
                Some(d) if digits < 15 => Chunk::Size {
                    size: size << 4 | d,
                    digits: digits + 1,
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
                state = if take == remaining {
                    Chunk::DataCr
                } else {
                    Chunk::Data {
                        remaining: remaining - take,
                    }
                };
                continue;
            }
            Chunk::DataCr if b == b'\r' => Chunk::DataLf,
            Chunk::DataLf if b == b'\n' => Chunk::Size { size: 0, digits: 0 },
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

/// Feeds arbitrary bytes to a session with three requests in flight (the
/// second a `HEAD`), split where the input's first byte says, for the fuzz
/// target: whatever the input, this returns and never panics.
#[doc(hidden)]
pub fn fuzz_response_bytes(data: &[u8]) {
    let now = std::time::Instant::now();
    let mut s = H1Session::new(false);
    for head in [false, true, false] {
        let request = Inflight {
            intended: now,
            sent: now,
            head,
            measured: true,
        };
        s.submit(b"", request, &mut Vec::new());
    }
    let split = data.first().map_or(0, |&b| b as usize).min(data.len());
    let (a, b) = data.split_at(split);
    for part in [a, b] {
        match s.on_read(part, &mut |_, _| {}) {
            Ok(Flow::Continue) => {}
            Ok(Flow::Close) | Err(_) => return,
        }
    }
    let _ = s.on_eof(&mut |_, _| {});
}

/// The first bytes of `data`, printable, for an error message.
pub(crate) fn excerpt(data: &[u8]) -> String {
    let cut = &data[..data.len().min(40)];
    let text: String = cut.escape_ascii().to_string();
    if data.len() > 40 {
        format!("\"{text}…\"")
    } else {
        format!("\"{text}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn req(head: bool) -> Inflight {
        let now = Instant::now();
        Inflight {
            intended: now,
            sent: now,
            head,
            measured: true,
        }
    }

    /// Feeds `chunks` to a session with `n` requests in flight; returns the statuses and the last flow.
    fn feed(s: &mut H1Session, chunks: &[&[u8]]) -> (Vec<u16>, Result<Flow, ProtocolError>) {
        let mut got = Vec::new();
        let mut flow = Ok(Flow::Continue);
        for c in chunks {
            flow = s.on_read(c, &mut |c: Completed, _| got.push(c.status));
            if flow.is_err() {
                break;
            }
        }
        (got, flow)
    }

    fn session(n: usize, head: bool) -> H1Session {
        let mut s = H1Session::new(false);
        let mut out = Vec::new();
        for _ in 0..n {
            s.submit(b"GET / HTTP/1.1\r\n\r\n", req(head), &mut out);
        }
        s
    }

    const OK12: &[u8] = b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHello World\n";

    #[test]
    fn framing_table() {
        type Case<'a> = (&'a str, &'a [&'a [u8]], usize, bool, &'a [u16], Flow);
        let cases: &[Case] = &[
            ("content-length", &[OK12], 1, false, &[200], Flow::Continue),
            ("split everywhere", &[b"HTTP/1.1 2", b"00 OK\r\nContent-Len", b"gth: 12\r\n\r\nHello", b" World\n"], 1, false, &[200], Flow::Continue),
            ("pipelined", &[b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHello World\nHTTP/1.1 404 NF\r\nContent-Length: 0\r\n\r\n"], 2, false, &[200, 404], Flow::Continue),
            ("chunked", &[b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n1;ext=1\r\n!\r\n0\r\n\r\n"], 1, false, &[200], Flow::Continue),
            ("chunked split with trailer", &[b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r", b"\n0123456789\r\n0\r\nX-T: 1\r", b"\n\r\n"], 1, false, &[200], Flow::Continue),
            ("head has no body", &[b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\n"], 1, true, &[200], Flow::Continue),
            ("204 has no body", &[b"HTTP/1.1 204 No Content\r\n\r\n"], 1, false, &[204], Flow::Continue),
            ("100 continue is skipped", &[b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"], 1, false, &[201], Flow::Continue),
            ("connection close", &[b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi"], 1, false, &[200], Flow::Close),
            ("http/1.0 closes", &[b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi"], 1, false, &[200], Flow::Close),
            ("http/1.0 keep-alive", &[b"HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nhi"], 1, false, &[200], Flow::Continue),
            ("until close waits for eof", &[b"HTTP/1.1 200 OK\r\n\r\nsome body"], 1, false, &[], Flow::Close),
        ];
        for (name, chunks, n, head, want, flow) in cases {
            let mut s = session(*n, *head);
            let (got, result) = feed(&mut s, chunks);
            assert_eq!(&got, want, "{name}");
            assert_eq!(result, Ok(*flow), "{name}");
        }
    }

    #[test]
    fn eof_completes_close_delimited_body() {
        let mut s = session(1, false);
        let _ = feed(&mut s, &[b"HTTP/1.1 200 OK\r\n\r\nbody"]);
        let mut got = Vec::new();
        assert!(s.on_eof(&mut |c: Completed, _| got.push(c.status)).is_ok());
        assert_eq!(got, vec![200]);
    }

    #[test]
    fn early_close_table() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "1 request(s) unanswered"),
            (b"HTTP/1.1 200 OK\r\nContent-Le", "bytes of a response head"),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort",
                "after 5 of 100 body bytes",
            ),
            (
                b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
                "chunked",
            ),
        ];
        for (bytes, want) in cases {
            let mut s = session(1, false);
            let _ = feed(&mut s, &[bytes]);
            let e = s
                .on_eof(&mut |_, _| panic!("no response expected"))
                .unwrap_err();
            assert!(e.0.contains(want), "{e:?} should contain {want}");
        }
        let mut idle = session(0, false);
        assert!(idle.on_eof(&mut |_, _| {}).is_ok());
    }

    #[test]
    fn protocol_errors_table() {
        let cases: &[(&[u8], &str)] = &[
            (b"HTPT/9 abc\r\n\r\n", "invalid response head"),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n",
                "invalid Content-Length",
            ),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                "conflicting",
            ),
            (
                b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "invalid chunked",
            ),
            (b"HTTP/1.1 101 Switching\r\n\r\n", "101"),
        ];
        for (bytes, want) in cases {
            let mut s = session(1, false);
            let (_, r) = feed(&mut s, &[bytes]);
            let e = r.unwrap_err();
            assert!(e.0.contains(want), "{e:?} should contain {want}");
        }
        let mut s = session(0, false);
        let (_, r) = feed(&mut s, &[OK12]);
        assert!(r.unwrap_err().0.contains("no request in flight"));
    }

    #[test]
    fn oversized_head_is_an_error() {
        let mut s = session(1, false);
        let mut big = b"HTTP/1.1 200 OK\r\nX: ".to_vec();
        big.resize(MAX_HEAD_BYTES / 2, b'a');
        let (_, r1) = feed(&mut s, &[&big]);
        assert!(r1.is_ok());
        let (_, r2) = feed(&mut s, &[&big, &big]);
        assert!(r2.unwrap_err().0.contains("larger than"));
    }
}
