//! One HTTP/1 exchange over a blocking stream, for what runs before the
//! load: the lab's probes and the ab dialect's first request. The request is
//! the load's own bytes ([`RequestTemplate::to_h1`](crate::RequestTemplate::to_h1)),
//! and the response is read by the load's own parser
//! ([`ResponseParser`]), so that a probe and the load frame a response by
//! the same rules; the head's size is its size on the wire.
//!
//! This module owns the blocking part only: reads bounded by one deadline,
//! the header values and the body kept, what a close or a timeout at each
//! point means. It must not parse or frame bytes itself. [`connect`] and
//! [`tls_handshake`] open its connection as the load opens one.

use std::fmt;
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use rustls::{ClientConnection, StreamOwned};

use crate::session::h1::excerpt;
use crate::session::h1::response::{Cut, Event, ResponseParser};
pub use crate::session::h1::Framing;
use crate::session::h1::{Body, Head};
use crate::tls::{client_config, server_name, ALPN_HTTP11};
use crate::{SpecError, TlsOptions};

/// Longest response head accepted.
pub const MAX_HEAD: usize = crate::session::h1::MAX_HEAD;
/// Longest body read: the endpoint contract's largest (`/bytes`, 64 MiB) and some.
pub const MAX_BODY: usize = 80 << 20;

/// A blocking stream whose reads can be bounded in time.
pub trait Wire: Read + Write {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()>;
}

impl Wire for TcpStream {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()> {
        self.set_read_timeout(Some(left))
    }
}

impl Wire for UnixStream {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()> {
        self.set_read_timeout(Some(left))
    }
}

impl Wire for StreamOwned<ClientConnection, TcpStream> {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()> {
        self.sock.set_read_timeout(Some(left))
    }
}

/// A connection chosen at run time (plain or TLS).
impl<W: Wire + ?Sized> Wire for Box<W> {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()> {
        (**self).set_read_limit(left)
    }
}

/// A response as read off the wire.
#[derive(Debug)]
pub struct Response {
    /// `HTTP/1.1` or `HTTP/1.0`.
    pub version: String,
    pub status: u16,
    pub reason: String,
    /// In order; names lower-cased, values trimmed.
    pub headers: Vec<(String, String)>,
    /// Bytes of the head: status line, header lines and the blank line
    /// (of the final head: interim `1xx` responses are read and skipped).
    pub header_bytes: usize,
    /// As far as it arrived (see `body_error`).
    pub body: Vec<u8>,
    pub framing: Framing,
    /// The body did not arrive whole: cut short, malformed chunks, timeout.
    pub body_error: Option<Error>,
}

impl Response {
    /// The first value of header `name` (lower-case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What stopped an exchange (or its body).
#[derive(Debug)]
pub enum Error {
    /// Nothing came in time: `waiting_for` names what was awaited.
    Timeout {
        waiting_for: &'static str,
        timeout: Duration,
    },
    /// The socket failed.
    Io {
        waiting_for: &'static str,
        error: io::Error,
    },
    /// The server closed the connection or sent what is not HTTP/1.
    Protocol(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Timeout {
                waiting_for,
                timeout,
            } => write!(f, "no {waiting_for} within {timeout:?}"),
            Error::Io { waiting_for, error } => write!(f, "{waiting_for}: {error}"),
            Error::Protocol(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

/// Sends `request` and reads one response, all before `deadline` (`timeout`
/// is how long that was, for messages). `head_only`: the request was a
/// `HEAD`, so the response has no body whatever its head says.
pub fn exchange<W: Wire>(
    mut wire: W,
    request: &[u8],
    head_only: bool,
    deadline: Instant,
    timeout: Duration,
) -> Result<Response, Error> {
    wire.write_all(request)
        .and_then(|()| wire.flush())
        .map_err(|error| Error::Io {
            waiting_for: "cannot send the request",
            error,
        })?;
    let mut reader = Reader::new(wire, deadline, timeout);
    let head = reader.read_head(head_only)?;
    let body_error = reader.read_body(&head, head_only).err();
    let parser = &mut reader.parser;
    Ok(Response {
        version: format!("HTTP/1.{}", head.minor_version),
        status: head.status,
        reason: String::from_utf8_lossy(parser.reason()).into_owned(),
        headers: fields(parser.headers()),
        header_bytes: head.head_bytes,
        body: parser.take_body(),
        framing: head.framing,
        body_error,
    })
}

/// A TCP connection to `addr` opened before `deadline`, without Nagle's
/// delay, each of its writes bounded by the time that was left.
pub fn connect(addr: SocketAddr, deadline: Instant, timeout: Duration) -> Result<TcpStream, Error> {
    let left = time_left(deadline, timeout, "connection")?;
    let failed = |error| Error::Io {
        waiting_for: "cannot connect",
        error,
    };
    let tcp = TcpStream::connect_timeout(&addr, left).map_err(failed)?;
    let _ = tcp.set_nodelay(true);
    tcp.set_write_timeout(Some(left)).map_err(failed)?;
    Ok(tcp)
}

/// A TLS client over `tcp` as the load opens one for HTTP/1 (`opts`, the
/// name of `host` or `opts.server_name`, ALPN `http/1.1`), its handshake
/// done before `deadline`.
pub fn tls_handshake(
    tcp: TcpStream,
    opts: &TlsOptions,
    host: &str,
    deadline: Instant,
    timeout: Duration,
) -> Result<StreamOwned<ClientConnection, TcpStream>, Error> {
    let setup = |e: SpecError| Error::Protocol(format!("TLS: {}", e.message));
    let config = client_config(opts, &[ALPN_HTTP11]).map_err(setup)?;
    let conn = ClientConnection::new(config, server_name(opts, host).map_err(setup)?)
        .map_err(|e| Error::Protocol(format!("TLS: {e}")))?;
    let mut stream = StreamOwned::new(conn, tcp);
    while stream.conn.is_handshaking() {
        let left = time_left(deadline, timeout, "TLS handshake")?;
        stream.set_read_limit(left).map_err(|error| Error::Io {
            waiting_for: "socket option",
            error,
        })?;
        let sock = &mut stream.sock;
        stream
            .conn
            .complete_io(sock)
            .map_err(|error| match error.kind() {
                io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => Error::Timeout {
                    waiting_for: "TLS handshake",
                    timeout,
                },
                _ => Error::Io {
                    waiting_for: "TLS handshake",
                    error,
                },
            })?;
    }
    Ok(stream)
}

/// What is left until `deadline`, or the error that `waiting_for` did not
/// come within `timeout`.
fn time_left(
    deadline: Instant,
    timeout: Duration,
    waiting_for: &'static str,
) -> Result<Duration, Error> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(Error::Timeout {
            waiting_for,
            timeout,
        });
    }
    Ok(left)
}

/// Reads from the wire, each bounded by the deadline, fed to the parser.
struct Reader<W> {
    wire: W,
    parser: ResponseParser,
    /// The last read; `buf[start..end]` not yet used by the parser.
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    deadline: Instant,
    timeout: Duration,
}

/// What the parser reported after the bytes fed so far.
enum Step {
    Head,
    Complete,
    /// The server closed the connection first.
    Closed,
}

impl<W: Wire> Reader<W> {
    fn new(wire: W, deadline: Instant, timeout: Duration) -> Reader<W> {
        let mut parser = ResponseParser::new();
        parser.keep();
        Reader {
            wire,
            parser,
            buf: vec![0; 16 * 1024].into_boxed_slice(),
            start: 0,
            end: 0,
            deadline,
            timeout,
        }
    }

    /// Feeds the parser what was read, reading more while it needs more,
    /// until it reports a head or the response's end.
    fn step(&mut self, head_only: bool, waiting_for: &'static str) -> Result<Step, Error> {
        loop {
            let unread = &self.buf[self.start..self.end];
            let (used, event) = self
                .parser
                .feed(unread, head_only)
                .map_err(|e| Error::Protocol(e.0))?;
            self.start += used;
            match event {
                Event::Head => return Ok(Step::Head),
                Event::Complete => return Ok(Step::Complete),
                Event::NeedMore => {}
            }
            if self.parser.body().len() > MAX_BODY {
                return Err(Error::Protocol(format!(
                    "body longer than the limit of {MAX_BODY} bytes"
                )));
            }
            if self.fill(waiting_for)? == 0 {
                return Ok(Step::Closed);
            }
        }
    }

    /// Reads the next bytes into the (used up) buffer; `Ok(0)` at the end
    /// of the stream.
    fn fill(&mut self, waiting_for: &'static str) -> Result<usize, Error> {
        let left = time_left(self.deadline, self.timeout, waiting_for)?;
        self.wire.set_read_limit(left).map_err(|error| Error::Io {
            waiting_for: "socket option",
            error,
        })?;
        loop {
            match self.wire.read(&mut self.buf) {
                Ok(n) => {
                    (self.start, self.end) = (0, n);
                    return Ok(n);
                }
                Err(e) => match e.kind() {
                    io::ErrorKind::Interrupted => continue,
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => {
                        return Err(Error::Timeout {
                            waiting_for,
                            timeout: self.timeout,
                        })
                    }
                    // TLS peers that close without close_notify.
                    io::ErrorKind::UnexpectedEof => return Ok(0),
                    _ => {
                        return Err(Error::Io {
                            waiting_for,
                            error: e,
                        })
                    }
                },
            }
        }
    }

    /// Reads up to the final head (interim `1xx` heads are skipped).
    fn read_head(&mut self, head_only: bool) -> Result<Head, Error> {
        match self.step(head_only, "response head")? {
            // A head always comes before its response's end.
            Step::Head | Step::Complete => Ok(*self.parser.head()),
            Step::Closed => Err(Error::Protocol(match self.parser.partial_head() {
                [] => "the server closed the connection without a response".into(),
                partial => format!(
                    "the server closed the connection inside the response head, after {}",
                    excerpt(partial)
                ),
            })),
        }
    }

    /// Reads the body that `head` announced, up to the response's end.
    fn read_body(&mut self, head: &Head, head_only: bool) -> Result<(), Error> {
        let waiting_for = match head.body {
            Body::None => "response body",
            Body::Length(n) if n > MAX_BODY as u64 => {
                return Err(Error::Protocol(format!(
                    "content-length {n} is above the limit of {MAX_BODY} bytes"
                )))
            }
            Body::Length(_) => "response body",
            Body::Chunked => "chunked body",
            Body::UntilClose => "response body (until the connection closes)",
        };
        match self.step(head_only, waiting_for)? {
            Step::Head | Step::Complete => Ok(()),
            Step::Closed => match self.parser.on_eof() {
                Ok(_) => Ok(()),
                Err(Cut::Body { got, announced }) => Err(Error::Protocol(format!(
                    "the server closed the connection inside the response body: body ended after {got} of {announced} bytes announced by content-length"
                ))),
                Err(Cut::Chunked | Cut::Head) => Err(Error::Protocol(
                    "the server closed the connection inside the chunked body".into(),
                )),
            },
        }
    }
}

/// The head's fields, as a [`Response`] shows them: names lower-cased,
/// values trimmed.
fn fields(headers: &[(Vec<u8>, Vec<u8>)]) -> Vec<(String, String)> {
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    headers
        .iter()
        .map(|(name, value)| {
            let value = String::from_utf8_lossy(value.trim_ascii()).into_owned();
            (text(name).to_ascii_lowercase(), value)
        })
        .collect()
}

/// A wire that answers with fixed bytes, `step` at a time, then the end of
/// the stream; what is written is dropped.
struct Canned {
    input: io::Cursor<Vec<u8>>,
    step: usize,
}

impl Read for Canned {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.step.max(1));
        self.input.read(&mut buf[..n])
    }
}

impl Write for Canned {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Wire for Canned {
    fn set_read_limit(&mut self, _: Duration) -> io::Result<()> {
        Ok(())
    }
}

/// Arbitrary bytes as the server's answer to one request (a `HEAD` when the
/// first byte is odd), read in pieces of the second byte's size, for the fuzz
/// target `probe_response`: whatever the input, this returns and never
/// panics, and reads the response as one read of all the bytes does (it
/// panics if they differ).
#[doc(hidden)]
pub fn fuzz_response(data: &[u8]) {
    let head_only = data.first().is_some_and(|b| b & 1 == 1);
    let step = data.get(1).map_or(1, |&b| b as usize);
    let input = data.get(2..).unwrap_or_default();
    let read = |step: usize| {
        let wire = Canned {
            input: io::Cursor::new(input.to_vec()),
            step,
        };
        let long = Duration::from_secs(3600);
        let r = exchange(wire, b"", head_only, Instant::now() + long, long).ok()?;
        let head = (r.status, r.header_bytes, r.framing, r.headers);
        Some((head, r.body, r.body_error.map(|e| e.to_string())))
    };
    let (pieces, whole) = (read(step), read(input.len()));
    let errors = |r: &Option<(_, _, Option<String>)>| r.as_ref().map(|r| r.2.is_some());
    assert_eq!(
        errors(&pieces),
        errors(&whole),
        "read {step} bytes at a time"
    );
    let without_error = |r: Option<(_, _, _)>| r.map(|(head, body, _)| (head, body));
    assert_eq!(
        without_error(pieces),
        without_error(whole),
        "read {step} bytes at a time"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(bytes: &[u8], head_only: bool) -> Result<Response, Error> {
        // One byte at a time: every boundary gets crossed.
        let wire = Canned {
            input: io::Cursor::new(bytes.to_vec()),
            step: 1,
        };
        let t = Duration::from_secs(5);
        exchange(
            wire,
            b"GET / HTTP/1.1\r\n\r\n",
            head_only,
            Instant::now() + t,
            t,
        )
    }

    #[test]
    fn reads_each_framing() {
        // (response, framing, body, header bytes, body error)
        type Case = (
            &'static [u8],
            Framing,
            &'static [u8],
            usize,
            Option<&'static str>,
        );
        let cases: [Case; 6] = [
            (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiEXTRA", Framing::ContentLength, b"hi", 38, None),
            (
                b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n3;x=y\r\n!!!\r\n0\r\nT: v\r\n\r\n",
                Framing::Chunked,
                b"hi!!!",
                47,
                None,
            ),
            (b"HTTP/1.0 200 OK\r\nServer: x\r\n\r\nuntil close", Framing::Close, b"until close", 30, None),
            (b"HTTP/1.1 204 No Content\n\n", Framing::Close, b"", 25, None),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",
                Framing::ContentLength,
                b"short",
                39,
                Some("the server closed the connection inside the response body: body ended after 5 of 10 bytes announced by content-length"),
            ),
            (
                b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                Framing::Chunked,
                b"",
                47,
                Some("invalid chunked body at: \"z\""),
            ),
        ];
        for (bytes, framing, body, header_bytes, error) in cases {
            let r = answer(bytes, false).unwrap();
            let text = String::from_utf8_lossy(bytes);
            assert_eq!(r.framing, framing, "{text}");
            assert_eq!(r.body, body, "{text}");
            assert_eq!(r.header_bytes, header_bytes, "{text}");
            let body_error = r.body_error.map(|e| e.to_string());
            assert_eq!(body_error.as_deref(), error, "{text}");
        }
    }

    #[test]
    fn head_requests_and_bodiless_statuses_read_no_body() {
        let r = answer(b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\n", true).unwrap();
        assert_eq!((r.framing, r.body.len()), (Framing::ContentLength, 0));
        assert!(r.body_error.is_none());
        let r = answer(
            b"HTTP/1.1 304 Not Modified\r\nContent-Length: 12\r\n\r\n",
            false,
        )
        .unwrap();
        assert_eq!((r.status, r.body.len()), (304, 0));
    }

    /// The framing rules are the load's parser's (its tests hold the
    /// table); these are the ones where the probe's own reader used to
    /// differ, and what the blocking reader says at each kind of end.
    #[test]
    fn frames_as_the_load_does() {
        let conflicting = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nhi!";
        let e = answer(conflicting, false).unwrap_err().to_string();
        assert_eq!(e, "conflicting Content-Length headers");
        let e = answer(b"HTTP/1.1 101 Switching Protocols\r\n\r\nh2c bytes", false);
        assert_eq!(
            e.unwrap_err().to_string(),
            "unexpected 101 Switching Protocols"
        );
        let not_last =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n2\r\nhi\r\n0\r\n\r\n";
        let r = answer(not_last, false).unwrap();
        assert_eq!((r.framing, r.body.len()), (Framing::Close, 12));
        let cases: [(&[u8], &str); 3] = [
            (
                b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel",
                "the server closed the connection inside the chunked body",
            ),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n",
                "content-length 99999999999 is above the limit of 83886080 bytes",
            ),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\nhello",
                "invalid Content-Length: \"+5\"",
            ),
        ];
        for (bytes, want) in cases {
            let e = match answer(bytes, false) {
                Ok(r) => r.body_error.unwrap().to_string(),
                Err(e) => e.to_string(),
            };
            assert_eq!(e, want, "{}", String::from_utf8_lossy(bytes));
        }
    }

    #[test]
    fn interim_responses_are_skipped() {
        let r = answer(
            b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </s.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi",
            false,
        )
        .unwrap();
        assert_eq!((r.status, r.body.as_slice()), (200, &b"hi"[..]));
        assert_eq!((r.header_bytes, r.header("link")), (38, None));
    }

    #[test]
    fn keeps_header_order_values_and_reason() {
        let r = answer(
            b"HTTP/1.1 404 Not Found\r\nServer: nginx/1.22 (Debian)\r\nDATE: d\r\ncontent-length:0\r\n\r\n",
            false,
        )
        .unwrap();
        assert_eq!((r.status, r.version.as_str()), (404, "HTTP/1.1"));
        assert_eq!(r.reason, "Not Found");
        let names: Vec<&str> = r.headers.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["server", "date", "content-length"]);
        assert_eq!(r.header("server"), Some("nginx/1.22 (Debian)"));
        assert_eq!(r.header("content-length"), Some("0"));
    }

    #[test]
    fn unreadable_responses_are_errors() {
        let cases: [(&[u8], &str); 6] = [
            (b"", "the server closed the connection without a response"),
            (b"HTPT/9 abc\r\n\r\n", "not an HTTP/1 response: it starts \"HTP\""),
            (b"HTTP/1.1 200 OK\r\nConte", "the server closed the connection inside the response head, after \"HTTP/1.1 200 OK\\r\\nConte\""),
            (b"HTTP/2 200\r\n\r\n", "not an HTTP/1 response: status line \"HTTP/2 200\""),
            (b"HTTP/1.1 2000 OK\r\n\r\n", "malformed status line \"HTTP/1.1 2000 OK\""),
            (b"HTTP/1.1 200 OK\r\nno colon\r\n\r\n", "malformed response head"),
        ];
        for (bytes, want) in cases {
            let e = answer(bytes, false).unwrap_err().to_string();
            assert!(
                e.starts_with(want),
                "{:?}: {e}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn a_silent_server_is_a_timeout() {
        let (a, _b) = UnixStream::pair().unwrap();
        let t = Duration::from_millis(50);
        let e = exchange(a, b"GET / HTTP/1.1\r\n\r\n", false, Instant::now() + t, t);
        let e = e.unwrap_err();
        assert!(matches!(e, Error::Timeout { .. }), "{e}");
        assert_eq!(e.to_string(), "no response head within 50ms");
    }

    #[test]
    fn a_silent_tls_server_is_a_timeout() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let t = Duration::from_millis(50);
        let deadline = Instant::now() + t;
        let tcp = connect(addr, deadline, t).unwrap();
        let opts = TlsOptions {
            insecure: true,
            ..TlsOptions::default()
        };
        let e = tls_handshake(tcp, &opts, "localhost", deadline, t).unwrap_err();
        assert_eq!(e.to_string(), "no TLS handshake within 50ms");
        drop(listener);
        let e = connect(addr, Instant::now() + t, t).unwrap_err();
        assert!(e.to_string().starts_with("cannot connect: "), "{e}");
    }

    #[test]
    fn arbitrary_responses_never_panic() {
        let valid: [&[u8]; 4] = [
            b"\x00\x07HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nServer: s\r\n\r\n2;a=b\r\nhi\r\n0\r\nT: v\r\n\r\n",
            b"\x01\x03HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
            b"\x00\xffHTTP/1.0 200 OK\r\n\r\nuntil the end",
            b"\x00\x05HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n",
        ];
        // Every cut, and every byte replaced by each of the bytes a parser
        // trips on: line ends, separators, digits, a sign, NUL, high bytes.
        let swaps = *b"\r\n :;0f9-\x00\xff";
        for v in valid {
            for cut in 0..=v.len() {
                fuzz_response(&v[..cut]);
            }
            for at in 0..v.len() {
                for swap in swaps {
                    let mut input = v.to_vec();
                    input[at] = swap;
                    fuzz_response(&input);
                }
            }
        }
        // Then 20,000 random mutations of the valid ones (bytes replaced,
        // removed or repeated) and random bytes after a status line's start.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as usize
        };
        for round in 0..10_000 {
            let mut input = valid[round % valid.len()].to_vec();
            for _ in 0..next() % 4 + 1 {
                let at = next() % input.len();
                match next() % 3 {
                    0 => input[at] = next() as u8,
                    1 => drop(input.remove(at)),
                    _ => input.insert(at, input[at]),
                }
            }
            fuzz_response(&input);
            let mut random = b"\x00\x09HTTP/1.1 ".to_vec();
            random.extend((0..next() % 96).map(|_| next() as u8));
            random[0] = next() as u8;
            fuzz_response(&random);
        }
    }
}
