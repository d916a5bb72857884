//! One request before the load, as ab's first connection is: it tells the
//! report what no load counter does, the `Server` header, the size of the
//! head and of the document (ab's "Document Length"), and whether the server
//! keeps HTTP/1.0 connections alive. A refused or silent server ends the run
//! here, as ab ends.
//!
//! The load's own request bytes, over TCP or over TLS as the load opens it
//! (the run's TLS options: any certificate, the SNI of `-I`), are read by
//! the engine's `http1` reader.

use std::io;
use std::time::{Duration, Instant};

use barrage_engine::http1;
use barrage_engine::{RequestTemplate, Reuse, Scheme, Target, TlsOptions};

/// What the first response said.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Probe {
    /// The `Server` header's first word, as ab keeps it ("" when none).
    pub server: String,
    /// Bytes of the head: status line, headers and the blank line.
    pub head_bytes: u64,
    /// Bytes of the body.
    pub body_bytes: u64,
    /// The head mentions `Keep-Alive` (ab's test for a kept-alive response).
    pub keep_alive: bool,
}

/// Sends `request` once to `target` and reads the response.
pub fn probe(
    target: &Target,
    tls: &TlsOptions,
    request: &RequestTemplate,
    keepalive: bool,
    timeout: Duration,
) -> Result<Probe, String> {
    let wire = request.to_h1(&target.authority, Reuse::Http10 { keepalive });
    let head_only = request.is_head();
    let deadline = Instant::now() + timeout;
    let tcp = http1::connect(target.addr, deadline, timeout).map_err(ab_words)?;
    let response = match target.scheme {
        Scheme::Http => http1::exchange(tcp, &wire, head_only, deadline, timeout),
        Scheme::Https => {
            let stream = http1::tls_handshake(tcp, tls, &target.host, deadline, timeout)
                .map_err(|e| format!("SSL handshake failed: {e}"))?;
            http1::exchange(stream, &wire, head_only, deadline, timeout)
        }
    };
    read(response.map_err(ab_words)?)
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

/// ab's words for what stopped the exchange.
fn ab_words(e: http1::Error) -> String {
    match e {
        http1::Error::Timeout { .. } => apr_message(&io::Error::from(io::ErrorKind::TimedOut)),
        http1::Error::Io { error, .. } => apr_message(&error),
        http1::Error::Protocol(m) => format!("apr_socket_recv: {m}"),
    }
}

/// What ab keeps of the first response.
fn read(r: http1::Response) -> Result<Probe, String> {
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
        keep_alive: r.headers.iter().any(|(n, v)| mentions(n) || mentions(v)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::{SocketAddr, TcpListener};
    use std::sync::mpsc;

    /// A server that answers one request with `response`; what it
    /// received comes out of the receiver.
    fn serve_once(response: &'static [u8]) -> (SocketAddr, mpsc::Receiver<Vec<u8>>) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = l.local_addr().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let mut buf = [0u8; 4096];
            let n = s.read(&mut buf).unwrap_or(0);
            let _ = tx.send(buf[..n].to_vec());
            let _ = s.write_all(response);
        });
        (addr, rx)
    }

    fn ask(addr: SocketAddr, method: &str) -> Result<Probe, String> {
        let (target, path) = Target::parse(&format!("http://{addr}/")).unwrap();
        let request = RequestTemplate {
            method: method.into(),
            ..RequestTemplate::get(&path)
        };
        let tls = TlsOptions::default();
        probe(&target, &tls, &request, false, Duration::from_secs(5))
    }

    #[test]
    fn sends_the_loads_request_and_reads_the_response() {
        let (addr, sent) = serve_once(
            b"HTTP/1.0 200 OK\r\nServer: nginx/1.22.1 (Debian)\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello",
        );
        let p = ask(addr, "GET").unwrap();
        let sent = String::from_utf8(sent.recv().unwrap()).unwrap();
        let ua = concat!("User-Agent: barrage/", env!("CARGO_PKG_VERSION"));
        assert_eq!(
            sent,
            format!("GET / HTTP/1.0\r\nHost: {addr}\r\n{ua}\r\n\r\n")
        );
        assert_eq!(p.server, "nginx/1.22.1");
        assert_eq!((p.head_bytes, p.body_bytes), (93, 5));
        assert!(p.keep_alive);
        let (addr, _) = serve_once(b"HTTP/1.0 404 Not Found\r\n\r\nnot here");
        let p = ask(addr, "GET").unwrap();
        assert_eq!((p.server.as_str(), p.head_bytes, p.body_bytes), ("", 26, 8));
        assert!(!p.keep_alive);
        let (addr, _) = serve_once(b"HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\n");
        assert_eq!(ask(addr, "HEAD").unwrap().body_bytes, 0);
    }

    #[test]
    fn says_what_ab_says_when_refused() {
        let port = barrage_testkit::closed_port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let e = ask(addr, "GET").unwrap_err();
        assert_eq!(e, "apr_socket_recv: Connection refused (111)");
        let timeout = io::Error::from(io::ErrorKind::TimedOut);
        assert_eq!(
            apr_message(&timeout),
            "apr_pollset_poll: The timeout specified has expired (70007)"
        );
    }
}
