//! One request before the load, as ab's first connection is: it tells the
//! report what no load counter does, the `Server` header, the size of the
//! head and of the document (ab's "Document Length"), and whether the server
//! keeps HTTP/1.0 connections alive. A refused or silent server ends the run
//! here, as ab ends.
//!
//! `http://` is spoken here over a blocking socket; `https://` goes through
//! the lab's probe (which accepts any certificate, as ab does), which does
//! not return header values (the `Server` stays unknown there) and sends no
//! body (a `-p`/`-u` probe goes without it).

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use barrage_engine::{RequestTemplate, Reuse, Scheme, Target};

/// Longest response head read.
const MAX_HEAD: usize = 64 * 1024;

/// What the first response said.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Probe {
    /// The `Server` header's first word, as ab keeps it ("" when none or unknown).
    pub server: String,
    /// Bytes of the head: status line, headers and the blank line.
    pub head_bytes: u64,
    /// Bytes of the body.
    pub body_bytes: u64,
    /// The head mentions `Keep-Alive` (ab's test for a kept-alive response);
    /// `None` when not known (https).
    pub keep_alive: Option<bool>,
}

/// Sends `request` once to `target` and reads the response.
pub fn probe(
    target: &Target,
    request: &RequestTemplate,
    keepalive: bool,
    timeout: Duration,
) -> Result<Probe, String> {
    match target.scheme {
        Scheme::Http => {
            let wire = request.to_h1(&target.authority, Reuse::Http10 { keepalive });
            plain(target.addr, &wire, request.is_head(), timeout).map_err(|e| apr_message(&e))
        }
        Scheme::Https => tls(target, request, keepalive, timeout),
    }
}

/// ab's words for what stopped its first connection.
fn apr_message(e: &io::Error) -> String {
    if matches!(
        e.kind(),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
    ) {
        return "apr_pollset_poll: The timeout specified has expired (70007)".into();
    }
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(at) => &text[..at],
        None => &text,
    };
    match e.raw_os_error() {
        Some(code) => format!("apr_socket_recv: {text} ({code})"),
        None => format!("apr_socket_recv: {text}"),
    }
}

fn plain(addr: SocketAddr, wire: &[u8], head_only: bool, timeout: Duration) -> io::Result<Probe> {
    let deadline = Instant::now() + timeout;
    let left = || {
        let d = deadline.saturating_duration_since(Instant::now());
        if d.is_zero() {
            Err(io::Error::from(io::ErrorKind::TimedOut))
        } else {
            Ok(d)
        }
    };
    let mut s = TcpStream::connect_timeout(&addr, timeout)?;
    s.set_write_timeout(Some(left()?))?;
    s.write_all(wire)?;
    let mut buf = Vec::with_capacity(4096);
    let mut chunk = [0u8; 16 * 1024];
    let head_end = loop {
        if let Some(end) = find_head_end(&buf) {
            break end;
        }
        if buf.len() > MAX_HEAD {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "response head too long",
            ));
        }
        s.set_read_timeout(Some(left()?))?;
        let n = s.read(&mut chunk)?;
        if n == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the server closed the connection before a response",
            ));
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut body = (buf.len() - head_end) as u64;
    let length = header(&head, "content-length").and_then(|v| v.trim().parse::<u64>().ok());
    let want = if head_only { Some(0) } else { length };
    loop {
        if want.is_some_and(|w| body >= w) {
            break;
        }
        s.set_read_timeout(Some(left()?))?;
        let n = s.read(&mut chunk)?;
        if n == 0 {
            break;
        }
        body += n as u64;
    }
    if let Some(w) = want {
        body = body.min(w);
    }
    Ok(Probe {
        server: header(&head, "server")
            .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
            .unwrap_or_default(),
        head_bytes: head_end as u64,
        body_bytes: body,
        keep_alive: Some(head.to_ascii_lowercase().contains("keep-alive")),
    })
}

/// The end of the head (after its blank line), CRLF or bare LF.
fn find_head_end(buf: &[u8]) -> Option<usize> {
    if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
        return Some(i + 4);
    }
    buf.windows(2).position(|w| w == b"\n\n").map(|i| i + 2)
}

/// The value of header `name` (lower-case) in `head`.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then_some(v.trim())
    })
}

fn tls(
    target: &Target,
    request: &RequestTemplate,
    keepalive: bool,
    timeout: Duration,
) -> Result<Probe, String> {
    use barrage_lab::suite::{Protocol, Scenario};
    let scenario = Scenario {
        name: request.path.clone(),
        path: request.path.clone(),
        protocol: Protocol::Https,
        method: request.method.clone(),
        // The lab's probe sends no body: no length that promises one.
        headers: request
            .headers
            .iter()
            .filter(|(n, _)| !n.eq_ignore_ascii_case("content-length"))
            .cloned()
            .collect(),
        keepalive,
        http10: true,
        streams: 1,
        window_bits: None,
        connection_window_bits: None,
    };
    let host = target.host.trim_start_matches('[').trim_end_matches(']');
    let r = barrage_lab::probe::probe(&scenario, host, target.addr.port(), timeout)
        .map_err(|e| format!("SSL handshake or request failed: {e}"))?;
    Ok(Probe {
        server: String::new(),
        head_bytes: r.header_bytes as u64,
        body_bytes: r.body_bytes as u64,
        keep_alive: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    fn serve_once(response: &'static [u8]) -> SocketAddr {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = l.local_addr().unwrap();
        std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let _ = s.write_all(response);
        });
        addr
    }

    #[test]
    fn reads_a_response() {
        let addr = serve_once(
            b"HTTP/1.0 200 OK\r\nServer: nginx/1.22.1 (Debian)\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello",
        );
        let p = plain(
            addr,
            b"GET / HTTP/1.0\r\n\r\n",
            false,
            Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!(p.server, "nginx/1.22.1");
        assert_eq!((p.head_bytes, p.body_bytes), (93, 5));
        assert_eq!(p.keep_alive, Some(true));
        let addr = serve_once(b"HTTP/1.0 404 Not Found\r\n\r\nnot here");
        let p = plain(
            addr,
            b"GET / HTTP/1.0\r\n\r\n",
            false,
            Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!((p.server.as_str(), p.head_bytes, p.body_bytes), ("", 26, 8));
        assert_eq!(p.keep_alive, Some(false));
        let addr = serve_once(b"HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\n");
        let p = plain(
            addr,
            b"HEAD / HTTP/1.0\r\n\r\n",
            true,
            Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!(p.body_bytes, 0);
    }

    #[test]
    fn says_what_ab_says_when_refused() {
        let port = barrage_testkit::closed_port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let e = plain(
            addr,
            b"GET / HTTP/1.0\r\n\r\n",
            false,
            Duration::from_secs(5),
        )
        .unwrap_err();
        assert_eq!(apr_message(&e), "apr_socket_recv: Connection refused (111)");
        let timeout = io::Error::from(io::ErrorKind::TimedOut);
        assert_eq!(
            apr_message(&timeout),
            "apr_pollset_poll: The timeout specified has expired (70007)"
        );
    }
}
