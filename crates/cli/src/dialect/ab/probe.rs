//! One request before the load, as ab's first connection is: it tells the
//! report what no load counter does, the `Server` header, the size of the
//! head and of the document (ab's "Document Length"), and whether the server
//! keeps HTTP/1.0 connections alive. A refused or silent server ends the run
//! here, as ab ends.
//!
//! `http://` is spoken here over a blocking socket: the load's own request
//! bytes, read by the engine's `http1` reader; `https://` goes through
//! the lab's probe (which accepts any certificate, as ab does), which does
//! not return header values (the `Server` stays unknown there) and sends no
//! body (a `-p`/`-u` probe goes without it).

use std::io;
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use barrage_engine::http1;
use barrage_engine::{RequestTemplate, Reuse, Scheme, Target};

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
            plain(target.addr, &wire, request.is_head(), timeout)
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

fn plain(
    addr: SocketAddr,
    wire: &[u8],
    head_only: bool,
    timeout: Duration,
) -> Result<Probe, String> {
    let deadline = Instant::now() + timeout;
    let s = TcpStream::connect_timeout(&addr, timeout).map_err(|e| apr_message(&e))?;
    s.set_write_timeout(Some(timeout))
        .map_err(|e| apr_message(&e))?;
    let ab_words = |e: http1::Error| match e {
        http1::Error::Timeout { .. } => apr_message(&io::Error::from(io::ErrorKind::TimedOut)),
        http1::Error::Io { error, .. } => apr_message(&error),
        http1::Error::Protocol(m) => format!("apr_socket_recv: {m}"),
    };
    let r = http1::exchange(s, wire, head_only, deadline, timeout).map_err(ab_words)?;
    // A body cut short counts as far as it came; a socket that fails or
    // stays silent ends the run, as in ab.
    if let Some(e @ (http1::Error::Timeout { .. } | http1::Error::Io { .. })) = r.body_error {
        return Err(ab_words(e));
    }
    let mentions = |text: &str| text.to_ascii_lowercase().contains("keep-alive");
    Ok(Probe {
        server: r
            .header("server")
            .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
            .unwrap_or_default(),
        head_bytes: r.header_bytes as u64,
        body_bytes: r.body.len() as u64,
        keep_alive: Some(r.headers.iter().any(|(n, v)| mentions(n) || mentions(v))),
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
    use std::io::{Read, Write};
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
        assert_eq!(e, "apr_socket_recv: Connection refused (111)");
        let timeout = io::Error::from(io::ErrorKind::TimedOut);
        assert_eq!(
            apr_message(&timeout),
            "apr_pollset_poll: The timeout specified has expired (70007)"
        );
    }
}
