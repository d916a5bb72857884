//! HTTP/1 probes by hand, over a blocking TCP socket or rustls on one: the
//! request is written as the load sends it and the response read byte for
//! byte, so that the head's size is its size on the wire and the framing
//! (content-length, chunked or close) is what the server chose.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use rustls::{ClientConfig, ClientConnection, StreamOwned};

use super::{resolve, tls, Deadline, Framing, Response};
use crate::suite::Scenario;

/// Longest response head accepted.
const MAX_HEAD: usize = 64 * 1024;
/// Longest body read: the contract's largest (`/bytes`, 64 MiB) and some.
const MAX_BODY: usize = 80 << 20;

/// One request and its response over a new connection; TLS when `tls` is given.
pub(super) fn probe(
    scenario: &Scenario,
    host: &str,
    port: u16,
    tls: Option<ClientConfig>,
    deadline: Deadline,
) -> Result<Response, String> {
    let addr = resolve(host, port)?;
    let tcp = TcpStream::connect_timeout(&addr, deadline.left("connection")?)
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    let _ = tcp.set_nodelay(true);
    tcp.set_write_timeout(Some(deadline.left("connection")?))
        .map_err(|e| format!("socket option: {e}"))?;
    let request = request_bytes(scenario, host, port);
    let head_only = scenario.method.eq_ignore_ascii_case("HEAD");
    let Some(config) = tls else {
        return exchange(tcp, &request, head_only, deadline);
    };
    let conn = ClientConnection::new(Arc::new(config), tls::server_name(host)?)
        .map_err(|e| format!("TLS: {e}"))?;
    let mut stream = StreamOwned::new(conn, tcp);
    while stream.conn.is_handshaking() {
        stream
            .sock
            .set_read_timeout(Some(deadline.left("TLS handshake")?))
            .map_err(|e| format!("socket option: {e}"))?;
        stream
            .conn
            .complete_io(&mut stream.sock)
            .map_err(|e| match e.kind() {
                io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => {
                    deadline.expired("TLS handshake")
                }
                _ => format!("TLS handshake with {addr} failed: {e}"),
            })?;
    }
    exchange(stream, &request, head_only, deadline)
}

/// The request as the load sends it: HTTP/1.1 keep-alive by default,
/// `Connection: close` without keep-alive, HTTP/1.0 with
/// `Connection: keep-alive` when asked for.
fn request_bytes(s: &Scenario, host: &str, port: u16) -> Vec<u8> {
    let has = |name: &str| s.headers.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
    let version = if s.http10 { "HTTP/1.0" } else { "HTTP/1.1" };
    let path = if s.path.starts_with('/') {
        s.path.clone()
    } else {
        format!("/{}", s.path)
    };
    let mut req = format!("{} {path} {version}\r\n", s.method);
    if !has("host") {
        let host = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]")
        } else {
            host.to_string()
        };
        req.push_str(&format!("Host: {host}:{port}\r\n"));
    }
    for (name, value) in &s.headers {
        req.push_str(&format!("{name}: {value}\r\n"));
    }
    if !has("connection") {
        match (s.http10, s.keepalive) {
            (true, true) => req.push_str("Connection: keep-alive\r\n"),
            (false, false) => req.push_str("Connection: close\r\n"),
            _ => {}
        }
    }
    req.push_str("\r\n");
    req.into_bytes()
}

/// A blocking stream whose reads can be bounded in time.
trait Wire: Read + Write {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()>;
}

impl Wire for TcpStream {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()> {
        self.set_read_timeout(Some(left))
    }
}

impl Wire for StreamOwned<ClientConnection, TcpStream> {
    fn set_read_limit(&mut self, left: Duration) -> io::Result<()> {
        self.sock.set_read_timeout(Some(left))
    }
}

/// Sends `request` and reads one response.
fn exchange<W: Wire>(
    mut wire: W,
    request: &[u8],
    head_only: bool,
    deadline: Deadline,
) -> Result<Response, String> {
    wire.write_all(request)
        .and_then(|()| wire.flush())
        .map_err(|e| format!("cannot send the request: {e}"))?;
    let mut reader = Reader {
        wire,
        buf: Vec::new(),
        deadline,
    };
    let head_len = reader.read_head()?;
    let head = parse_head(&reader.buf[..head_len])?;
    reader.buf.drain(..head_len);
    let mut response = Response {
        status: head.status,
        version: head.version,
        headers: head.headers,
        header_bytes: head_len,
        body: Vec::new(),
        framing: Framing::Close,
        body_error: None,
    };
    read_body(&mut reader, &mut response, head_only);
    Ok(response)
}

/// Buffered reads from the wire, each bounded by the deadline.
struct Reader<W> {
    wire: W,
    buf: Vec<u8>,
    deadline: Deadline,
}

impl<W: Wire> Reader<W> {
    /// Appends what the next read gives; `Ok(0)` at the end of the stream.
    fn fill(&mut self, waiting_for: &str) -> Result<usize, String> {
        let left = self.deadline.left(waiting_for)?;
        self.wire
            .set_read_limit(left)
            .map_err(|e| format!("socket option: {e}"))?;
        let mut chunk = [0u8; 16 * 1024];
        loop {
            match self.wire.read(&mut chunk) {
                Ok(n) => {
                    self.buf.extend_from_slice(&chunk[..n]);
                    return Ok(n);
                }
                Err(e) => match e.kind() {
                    io::ErrorKind::Interrupted => continue,
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => {
                        return Err(self.deadline.expired(waiting_for))
                    }
                    // TLS peers that close without close_notify.
                    io::ErrorKind::UnexpectedEof => return Ok(0),
                    _ => return Err(format!("reading the {waiting_for}: {e}")),
                },
            }
        }
    }

    /// Reads until the head is complete; returns its length.
    fn read_head(&mut self) -> Result<usize, String> {
        loop {
            if let Some(end) = head_end(&self.buf) {
                return Ok(end);
            }
            let prefix = &self.buf[..self.buf.len().min(5)];
            if !b"HTTP/".starts_with(prefix) {
                return Err(format!(
                    "not an HTTP/1 response: it starts {}",
                    shown(&self.buf)
                ));
            }
            if self.buf.len() > MAX_HEAD {
                return Err(format!("response head longer than {MAX_HEAD} bytes"));
            }
            if self.fill("response head")? == 0 {
                return Err(if self.buf.is_empty() {
                    "the server closed the connection without a response".into()
                } else {
                    format!(
                        "the server closed the connection inside the response head, after {}",
                        shown(&self.buf)
                    )
                });
            }
        }
    }

    /// Reads until `n` bytes are buffered.
    fn need(&mut self, n: usize, waiting_for: &str) -> Result<(), String> {
        while self.buf.len() < n {
            if self.fill(waiting_for)? == 0 {
                return Err(format!(
                    "the server closed the connection inside the {waiting_for}"
                ));
            }
        }
        Ok(())
    }

    /// The next line (without its line end).
    fn line(&mut self, waiting_for: &str) -> Result<String, String> {
        loop {
            if let Some(nl) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=nl).collect();
                let line = String::from_utf8_lossy(&line);
                return Ok(line.trim_end_matches(['\r', '\n']).to_string());
            }
            if self.buf.len() > MAX_HEAD {
                return Err(format!("{waiting_for} line longer than {MAX_HEAD} bytes"));
            }
            if self.fill(waiting_for)? == 0 {
                return Err(format!(
                    "the server closed the connection inside the {waiting_for}"
                ));
            }
        }
    }
}

/// Length of the head at the start of `buf` (through its blank line), if complete.
fn head_end(buf: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = buf[from..].iter().position(|&b| b == b'\n') {
        let nl = from + at;
        match &buf[nl + 1..] {
            [b'\n', ..] => return Some(nl + 2),
            [b'\r', b'\n', ..] => return Some(nl + 3),
            _ => from = nl + 1,
        }
    }
    None
}

/// Up to 40 bytes of `bytes`, quoted, for messages.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(40)]).into_owned();
    let more = if bytes.len() > 40 { "…" } else { "" };
    format!("{text:?}{more}")
}

struct Head {
    version: String,
    status: u16,
    headers: Vec<(String, String)>,
}

/// Parses a complete head: `HTTP/1.x NNN reason`, then `name: value` lines.
fn parse_head(bytes: &[u8]) -> Result<Head, String> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    let status_line = lines.next().unwrap_or("");
    let bad_status = || format!("malformed status line {status_line:?}");
    let (version, rest) = status_line.split_once(' ').ok_or_else(bad_status)?;
    if !matches!(version, "HTTP/1.1" | "HTTP/1.0") {
        return Err(format!(
            "not an HTTP/1 response: status line {status_line:?}"
        ));
    }
    let code = rest
        .get(..3)
        .filter(|c| c.bytes().all(|b| b.is_ascii_digit()));
    let status: u16 = code.and_then(|c| c.parse().ok()).ok_or_else(bad_status)?;
    if !(100..=999).contains(&status) || (rest.len() > 3 && !rest[3..].starts_with(' ')) {
        return Err(bad_status());
    }
    let mut headers = Vec::new();
    for line in lines.take_while(|l| !l.is_empty()) {
        let (name, value) = line
            .split_once(':')
            .filter(|(n, _)| !n.is_empty() && !n.contains([' ', '\t']))
            .ok_or_else(|| format!("malformed header line {line:?}"))?;
        headers.push((name.to_ascii_lowercase(), value.trim().to_string()));
    }
    Ok(Head {
        version: version.to_string(),
        status,
        headers,
    })
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
        (Framing::ContentLength, _) => Err("content-length is not a number".to_string()),
        _ => read_to_close(reader, &mut body),
    };
    r.body = body;
    r.body_error = result.err();
}

fn read_length<W: Wire>(
    reader: &mut Reader<W>,
    n: usize,
    body: &mut Vec<u8>,
) -> Result<(), String> {
    if n > MAX_BODY {
        return Err(format!(
            "content-length {n} is above the probe's limit of {MAX_BODY} bytes"
        ));
    }
    let result = reader.need(n, "response body");
    let got = reader.buf.len().min(n);
    body.extend(reader.buf.drain(..got));
    result.map_err(|e| {
        format!("{e}: body ended after {got} of {n} bytes announced by content-length")
    })
}

fn read_to_close<W: Wire>(reader: &mut Reader<W>, body: &mut Vec<u8>) -> Result<(), String> {
    loop {
        body.append(&mut reader.buf);
        if body.len() > MAX_BODY {
            return Err(format!(
                "body longer than the probe's limit of {MAX_BODY} bytes"
            ));
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
fn read_chunked<W: Wire>(reader: &mut Reader<W>, body: &mut Vec<u8>) -> Result<(), String> {
    loop {
        let line = reader.line("chunk size")?;
        let digits = line.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(digits, 16)
            .map_err(|_| format!("malformed chunk size line {line:?}"))?;
        if size == 0 {
            while !reader.line("chunked trailer")?.is_empty() {}
            return Ok(());
        }
        if body.len() + size > MAX_BODY {
            return Err(format!(
                "body longer than the probe's limit of {MAX_BODY} bytes"
            ));
        }
        let result = reader.need(size + 2, "chunked body");
        let got = reader.buf.len().min(size);
        body.extend(reader.buf.drain(..got));
        result?;
        if !reader.buf.starts_with(b"\r\n") {
            return Err(format!("a chunk of {size} bytes is not followed by CRLF"));
        }
        reader.buf.drain(..2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::tests::scenario;
    use crate::suite::Protocol;

    /// A wire that answers with fixed bytes, then the end of the stream.
    struct Canned {
        input: io::Cursor<Vec<u8>>,
        sent: Vec<u8>,
    }

    impl Read for Canned {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            // One byte at a time: every boundary gets crossed.
            let one = buf.len().min(1);
            self.input.read(&mut buf[..one])
        }
    }

    impl Write for Canned {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.sent.extend_from_slice(buf);
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

    fn answer(bytes: &[u8], head_only: bool) -> Result<Response, String> {
        let wire = Canned {
            input: io::Cursor::new(bytes.to_vec()),
            sent: Vec::new(),
        };
        exchange(
            wire,
            b"GET / HTTP/1.1\r\n\r\n",
            head_only,
            Deadline::after(Duration::from_secs(5)),
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
            assert_eq!(r.body_error.as_deref(), error, "{text}");
        }
    }

    #[test]
    fn head_requests_read_no_body() {
        let r = answer(b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\n", true).unwrap();
        assert_eq!(
            (r.framing, r.body.len(), r.body_error),
            (Framing::ContentLength, 0, None)
        );
    }

    #[test]
    fn keeps_header_order_and_case_folds_names() {
        let r = answer(
            b"HTTP/1.1 404 Not Found\r\nServer: s\r\nDATE: d\r\ncontent-length:0\r\n\r\n",
            false,
        )
        .unwrap();
        assert_eq!((r.status, r.version.as_str()), (404, "HTTP/1.1"));
        let names: Vec<&str> = r.headers.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["server", "date", "content-length"]);
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
            (b"HTTP/1.1 200 OK\r\nno colon\r\n\r\n", "malformed header line \"no colon\""),
        ];
        for (bytes, want) in cases {
            assert_eq!(answer(bytes, false).unwrap_err(), want);
        }
    }

    #[test]
    fn requests_as_the_load_sends_them() {
        let mut s = scenario(Protocol::H1, "/hello");
        let cases: [(bool, bool, &str); 4] = [
            (false, true, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:80\r\nX-A: 1\r\n\r\n"),
            (false, false, "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:80\r\nX-A: 1\r\nConnection: close\r\n\r\n"),
            (true, true, "GET /hello HTTP/1.0\r\nHost: 127.0.0.1:80\r\nX-A: 1\r\nConnection: keep-alive\r\n\r\n"),
            (true, false, "GET /hello HTTP/1.0\r\nHost: 127.0.0.1:80\r\nX-A: 1\r\n\r\n"),
        ];
        s.headers = vec![("X-A".into(), "1".into())];
        for (http10, keepalive, want) in cases {
            s.http10 = http10;
            s.keepalive = keepalive;
            assert_eq!(
                String::from_utf8(request_bytes(&s, "127.0.0.1", 80)).unwrap(),
                want
            );
        }
        s.headers = vec![("host".into(), "example".into())];
        s.http10 = false;
        s.keepalive = true;
        assert_eq!(
            String::from_utf8(request_bytes(&s, "::1", 80)).unwrap(),
            "GET /hello HTTP/1.1\r\nhost: example\r\n\r\n"
        );
        s.headers.clear();
        assert!(String::from_utf8(request_bytes(&s, "::1", 80))
            .unwrap()
            .contains("Host: [::1]:80\r\n"));
    }
}
