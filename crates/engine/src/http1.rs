//! One HTTP/1 exchange over a blocking stream, for what runs before the
//! load: the lab's probes and the ab dialect's first request. The request is
//! the load's own bytes ([`RequestTemplate::to_h1`](crate::RequestTemplate::to_h1)),
//! and the head is parsed with httparse, as the load's session parses it;
//! the body is read as the head frames it (content-length, chunked with
//! trailers, or until the server closes), and the head's size is its size
//! on the wire.
//!
//! The load's own session (`session::h1`) is event-driven and counts bytes
//! without keeping them; this one blocks, keeps the header values and the
//! body, and bounds every read by one deadline. [`connect`] and
//! [`tls_handshake`] open its connection as the load opens one.

use std::fmt;
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use rustls::{ClientConnection, StreamOwned};

use crate::tls::{client_config, server_name, ALPN_HTTP11};
use crate::{SpecError, TlsOptions};

/// Longest response head accepted.
pub const MAX_HEAD: usize = 64 * 1024;
/// Longest body read: the endpoint contract's largest (`/bytes`, 64 MiB) and some.
pub const MAX_BODY: usize = 80 << 20;
/// Most header lines parsed.
const MAX_HEADERS: usize = 128;

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

/// How a response body was delimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    ContentLength,
    Chunked,
    /// Read until the server closed the connection (neither header).
    Close,
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
    let mut reader = Reader {
        wire,
        buf: Vec::new(),
        deadline,
        timeout,
    };
    let head = reader.read_final_head()?;
    let mut response = Response {
        version: head.version,
        status: head.status,
        reason: head.reason,
        headers: head.headers,
        header_bytes: head.header_bytes,
        body: Vec::new(),
        framing: Framing::Close,
        body_error: None,
    };
    read_body(&mut reader, &mut response, head_only);
    Ok(response)
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

/// Buffered reads from the wire, each bounded by the deadline.
struct Reader<W> {
    wire: W,
    buf: Vec<u8>,
    deadline: Instant,
    timeout: Duration,
}

struct Head {
    version: String,
    status: u16,
    reason: String,
    headers: Vec<(String, String)>,
    header_bytes: usize,
}

impl<W: Wire> Reader<W> {
    /// Appends what the next read gives; `Ok(0)` at the end of the stream.
    fn fill(&mut self, waiting_for: &'static str) -> Result<usize, Error> {
        let left = time_left(self.deadline, self.timeout, waiting_for)?;
        let timeout = Error::Timeout {
            waiting_for,
            timeout: self.timeout,
        };
        self.wire.set_read_limit(left).map_err(|error| Error::Io {
            waiting_for: "socket option",
            error,
        })?;
        let mut chunk = [0u8; 16 * 1024];
        loop {
            match self.wire.read(&mut chunk) {
                Ok(n) => {
                    self.buf.extend_from_slice(&chunk[..n]);
                    return Ok(n);
                }
                Err(e) => match e.kind() {
                    io::ErrorKind::Interrupted => continue,
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => return Err(timeout),
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

    /// Reads until the head is complete and parses it (httparse).
    fn read_head(&mut self) -> Result<Head, Error> {
        loop {
            if let Some(head) = parse_head(&self.buf)? {
                return Ok(head);
            }
            if self.buf.len() > MAX_HEAD {
                return Err(Error::Protocol(format!(
                    "response head longer than {MAX_HEAD} bytes"
                )));
            }
            if self.fill("response head")? == 0 {
                return Err(Error::Protocol(if self.buf.is_empty() {
                    "the server closed the connection without a response".into()
                } else {
                    format!(
                        "the server closed the connection inside the response head, after {}",
                        shown(&self.buf)
                    )
                }));
            }
        }
    }

    /// Reads heads until one that is not an interim response (`1xx` other
    /// than `101 Switching Protocols`: `100 Continue`, `103 Early Hints`),
    /// which is consumed from the buffer and returned.
    fn read_final_head(&mut self) -> Result<Head, Error> {
        loop {
            let head = self.read_head()?;
            self.buf.drain(..head.header_bytes);
            if !(100..200).contains(&head.status) || head.status == 101 {
                return Ok(head);
            }
        }
    }

    /// Reads until `n` bytes are buffered.
    fn need(&mut self, n: usize, waiting_for: &'static str) -> Result<(), Error> {
        while self.buf.len() < n {
            if self.fill(waiting_for)? == 0 {
                return Err(Error::Protocol(format!(
                    "the server closed the connection inside the {waiting_for}"
                )));
            }
        }
        Ok(())
    }

    /// The next line (without its line end).
    fn line(&mut self, waiting_for: &'static str) -> Result<String, Error> {
        loop {
            if let Some(nl) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=nl).collect();
                let line = String::from_utf8_lossy(&line);
                return Ok(line.trim_end_matches(['\r', '\n']).to_string());
            }
            if self.buf.len() > MAX_HEAD {
                return Err(Error::Protocol(format!(
                    "{waiting_for} line longer than {MAX_HEAD} bytes"
                )));
            }
            if self.fill(waiting_for)? == 0 {
                return Err(Error::Protocol(format!(
                    "the server closed the connection inside the {waiting_for}"
                )));
            }
        }
    }
}

/// The head at the start of `buf`: `None` while incomplete.
fn parse_head(buf: &[u8]) -> Result<Option<Head>, Error> {
    let prefix = &buf[..buf.len().min(5)];
    if !b"HTTP/".starts_with(prefix) {
        return Err(Error::Protocol(format!(
            "not an HTTP/1 response: it starts {}",
            shown(buf)
        )));
    }
    let mut fields = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut r = httparse::Response::new(&mut fields);
    let line = || {
        let end = buf.iter().position(|&b| b == b'\n').unwrap_or(buf.len());
        String::from_utf8_lossy(&buf[..end])
            .trim_end_matches('\r')
            .to_string()
    };
    let header_bytes = match r.parse(buf) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        // The status line is judged whole, so that the message shows it.
        Err(_) if !buf.contains(&b'\n') => return Ok(None),
        Err(httparse::Error::Version) => {
            return Err(Error::Protocol(format!(
                "not an HTTP/1 response: status line {:?}",
                line()
            )))
        }
        Err(httparse::Error::Status) | Err(httparse::Error::Token) if r.reason.is_none() => {
            return Err(Error::Protocol(format!(
                "malformed status line {:?}",
                line()
            )))
        }
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Error::Protocol(format!(
                "more than {MAX_HEADERS} header lines"
            )))
        }
        Err(e) => {
            return Err(Error::Protocol(format!(
                "malformed response head ({e}): {}",
                shown(buf)
            )))
        }
    };
    let headers = r
        .headers
        .iter()
        .map(|h| {
            let value = String::from_utf8_lossy(h.value).trim().to_string();
            (h.name.to_ascii_lowercase(), value)
        })
        .collect();
    Ok(Some(Head {
        version: format!("HTTP/1.{}", r.version.unwrap_or(1)),
        status: r.code.unwrap_or(0),
        reason: r.reason.unwrap_or("").to_string(),
        headers,
        header_bytes,
    }))
}

/// Up to 40 bytes of `bytes`, quoted, for messages.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(40)]).into_owned();
    let more = if bytes.len() > 40 { "…" } else { "" };
    format!("{text:?}{more}")
}

/// Reads the body as the head frames it; a body that does not arrive whole
/// is kept as far as it came, with `body_error` saying why.
fn read_body<W: Wire>(reader: &mut Reader<W>, r: &mut Response, head_only: bool) {
    let chunked = r
        .header("transfer-encoding")
        .is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
    let length = r
        .header("content-length")
        .map(|v| v.trim().parse::<usize>());
    r.framing = match (chunked, &length) {
        (true, _) => Framing::Chunked,
        (false, Some(_)) => Framing::ContentLength,
        (false, None) => Framing::Close,
    };
    let bodiless = head_only || r.status < 200 || r.status == 204 || r.status == 304;
    if bodiless {
        return;
    }
    let mut body = Vec::new();
    let result = match (r.framing, length) {
        (Framing::Chunked, _) => read_chunked(reader, &mut body),
        (Framing::ContentLength, Some(Ok(n))) => read_length(reader, n, &mut body),
        (Framing::ContentLength, _) => Err(Error::Protocol(
            "content-length is not a number".to_string(),
        )),
        _ => read_to_close(reader, &mut body),
    };
    r.body = body;
    r.body_error = result.err();
}

fn read_length<W: Wire>(reader: &mut Reader<W>, n: usize, body: &mut Vec<u8>) -> Result<(), Error> {
    if n > MAX_BODY {
        return Err(Error::Protocol(format!(
            "content-length {n} is above the limit of {MAX_BODY} bytes"
        )));
    }
    let result = reader.need(n, "response body");
    let got = reader.buf.len().min(n);
    body.extend(reader.buf.drain(..got));
    result.map_err(|e| match e {
        Error::Protocol(m) => Error::Protocol(format!(
            "{m}: body ended after {got} of {n} bytes announced by content-length"
        )),
        other => other,
    })
}

fn read_to_close<W: Wire>(reader: &mut Reader<W>, body: &mut Vec<u8>) -> Result<(), Error> {
    loop {
        body.append(&mut reader.buf);
        if body.len() > MAX_BODY {
            return Err(Error::Protocol(format!(
                "body longer than the limit of {MAX_BODY} bytes"
            )));
        }
        match reader.fill("response body (until the connection closes)") {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) => {
                body.append(&mut reader.buf);
                return Err(e);
            }
        }
    }
}

/// Decodes `size CRLF data CRLF` chunks up to the last (size 0) and its trailers.
fn read_chunked<W: Wire>(reader: &mut Reader<W>, body: &mut Vec<u8>) -> Result<(), Error> {
    loop {
        let line = reader.line("chunk size")?;
        let digits = line.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(digits, 16)
            .map_err(|_| Error::Protocol(format!("malformed chunk size line {line:?}")))?;
        if size == 0 {
            while !reader.line("chunked trailer")?.is_empty() {}
            return Ok(());
        }
        if body.len().saturating_add(size) > MAX_BODY {
            return Err(Error::Protocol(format!(
                "body longer than the limit of {MAX_BODY} bytes"
            )));
        }
        let result = reader.need(size + 2, "chunked body");
        let got = reader.buf.len().min(size);
        body.extend(reader.buf.drain(..got));
        result?;
        if !reader.buf.starts_with(b"\r\n") {
            return Err(Error::Protocol(format!(
                "a chunk of {size} bytes is not followed by CRLF"
            )));
        }
        reader.buf.drain(..2);
    }
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
/// target `probe_response`: whatever the input, this returns and never panics.
#[doc(hidden)]
pub fn fuzz_response(data: &[u8]) {
    let head_only = data.first().is_some_and(|b| b & 1 == 1);
    let step = data.get(1).map_or(1, |&b| b as usize);
    let wire = Canned {
        input: io::Cursor::new(data.get(2..).unwrap_or_default().to_vec()),
        step,
    };
    let long = Duration::from_secs(3600);
    let _ = exchange(wire, b"", head_only, Instant::now() + long, long);
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
                Some("malformed chunk size line \"zz\""),
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
        let r = answer(b"HTTP/1.1 101 Switching Protocols\r\n\r\nh2c bytes", false).unwrap();
        assert_eq!((r.status, r.body.len()), (101, 0));
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
