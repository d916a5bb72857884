//! HTTP/1 probes over a blocking TCP socket or rustls on one: the request
//! is the load's own bytes (`RequestTemplate::to_h1`) and the response is
//! read by the engine's `http1` reader, so that the head's size is its size
//! on the wire and the framing (content-length, chunked or close) is what
//! the server chose.

use barrage_engine::http1::{self, Framing as H1Framing};
use barrage_engine::{RequestTemplate, Reuse, TlsOptions};

use super::{resolve, Deadline, Framing, Response};
use crate::suite::Scenario;

/// One request and its response over a new connection, over TLS (any
/// certificate accepted) when `tls`.
pub(super) fn probe(
    scenario: &Scenario,
    host: &str,
    port: u16,
    tls: bool,
    deadline: Deadline,
) -> Result<Response, String> {
    let template = template(scenario);
    let request = template.to_h1(&authority(host, port), reuse(scenario));
    let stream = open(host, port, tls, deadline)?;
    exchange(stream, &request, template.is_head(), deadline)
}

/// A new connection to `host:port` for a probe: TCP, then TLS (any
/// certificate accepted) when `tls`, all within `deadline`.
pub(super) fn open(
    host: &str,
    port: u16,
    tls: bool,
    deadline: Deadline,
) -> Result<Box<dyn http1::Wire>, String> {
    let addr = resolve(host, port)?;
    let tcp = http1::connect(addr, deadline.at, deadline.timeout).map_err(|e| match e {
        http1::Error::Io { error, .. } => format!("cannot connect to {addr}: {error}"),
        e => e.to_string(),
    })?;
    if !tls {
        return Ok(Box::new(tcp));
    }
    let opts = TlsOptions {
        insecure: true,
        ..TlsOptions::default()
    };
    let stream = http1::tls_handshake(tcp, &opts, host, deadline.at, deadline.timeout).map_err(
        |e| match e {
            http1::Error::Io { error, .. } => format!("TLS handshake with {addr} failed: {error}"),
            e => e.to_string(),
        },
    )?;
    Ok(Box::new(stream))
}

/// The scenario's request as the load builds it.
fn template(s: &Scenario) -> RequestTemplate {
    let path = if s.path.starts_with('/') {
        s.path.clone()
    } else {
        format!("/{}", s.path)
    };
    RequestTemplate {
        method: s.method.clone(),
        path,
        headers: s.headers.clone(),
        body: Vec::new(),
    }
}

/// `host:port` as the load's URL names the server (`[::1]:80` for IPv6).
fn authority(host: &str, port: u16) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

/// HTTP/1.1 keep-alive by default, `Connection: close` without keep-alive,
/// HTTP/1.0 (with `Connection: keep-alive` when asked for).
fn reuse(s: &Scenario) -> Reuse {
    match (s.http10, s.keepalive) {
        (true, keepalive) => Reuse::Http10 { keepalive },
        (false, true) => Reuse::KeepAlive,
        (false, false) => Reuse::Close,
    }
}

/// Sends `request` and reads one response with the engine's reader.
fn exchange<W: http1::Wire>(
    wire: W,
    request: &[u8],
    head_only: bool,
    deadline: Deadline,
) -> Result<Response, String> {
    let r = http1::exchange(wire, request, head_only, deadline.at, deadline.timeout)
        .map_err(|e| e.to_string())?;
    Ok(Response {
        status: r.status,
        version: r.version,
        headers: r.headers,
        header_bytes: r.header_bytes,
        body: r.body,
        framing: match r.framing {
            H1Framing::ContentLength => Framing::ContentLength,
            H1Framing::Chunked => Framing::Chunked,
            H1Framing::Close => Framing::Close,
        },
        body_error: r.body_error.map(|e| e.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::tests::scenario;
    use crate::suite::Wire;

    fn wire(s: &Scenario, host: &str) -> String {
        let bytes = template(s).to_h1(&authority(host, 80), reuse(s));
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn requests_as_the_load_sends_them() {
        let ua = concat!("User-Agent: barrage/", env!("CARGO_PKG_VERSION"), "\r\n");
        let mut s = scenario(Wire::H1, "/hello");
        let cases: [(bool, bool, String); 4] = [
            (false, true, format!("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:80\r\n{ua}X-A: 1\r\n\r\n")),
            (false, false, format!("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:80\r\n{ua}Connection: close\r\nX-A: 1\r\n\r\n")),
            (true, true, format!("GET /hello HTTP/1.0\r\nHost: 127.0.0.1:80\r\n{ua}Connection: keep-alive\r\nX-A: 1\r\n\r\n")),
            (true, false, format!("GET /hello HTTP/1.0\r\nHost: 127.0.0.1:80\r\n{ua}X-A: 1\r\n\r\n")),
        ];
        s.headers = vec![("X-A".into(), "1".into())];
        for (http10, keepalive, want) in cases {
            s.http10 = http10;
            s.keepalive = keepalive;
            assert_eq!(wire(&s, "127.0.0.1"), want);
        }
        s.headers = vec![("host".into(), "example".into())];
        s.http10 = false;
        s.keepalive = true;
        assert_eq!(
            wire(&s, "::1"),
            format!("GET /hello HTTP/1.1\r\n{ua}host: example\r\n\r\n")
        );
        s.headers.clear();
        assert!(wire(&s, "::1").contains("Host: [::1]:80\r\n"));
    }

    #[test]
    fn the_engines_reader_answers() {
        let (mut server, client) = std::os::unix::net::UnixStream::pair().unwrap();
        use std::io::Write;
        server
            .write_all(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n")
            .unwrap();
        let deadline = Deadline::after(std::time::Duration::from_secs(5));
        let r = exchange(client, b"GET / HTTP/1.1\r\n\r\n", false, deadline).unwrap();
        assert_eq!(
            (r.status, r.framing, r.body.as_slice()),
            (200, Framing::Chunked, &b"hi"[..])
        );
        assert_eq!(r.header_bytes, 47);
    }
}
