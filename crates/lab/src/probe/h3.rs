//! HTTP/3 probes: one request over a new QUIC connection (quinn, with the
//! probes' TLS client offering ALPN `h3` only), h3 on top, on a
//! current-thread tokio runtime. The response's head is rebuilt as HTTP/1.1
//! text for its size, as for HTTP/2 (QPACK compresses it on the wire).
//!
//! The lab's h3 port is the TLS port's number over UDP. The TLS server name
//! is the host the probe is given: for an IP address rustls sends no SNI,
//! as the load does (`barrage load --h3 https://127.0.0.1:PORT/`).

use std::future::poll_fn;
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use bytes::{Buf, Bytes};
use http::Request;
use quinn::crypto::rustls::QuicClientConfig;

use super::{
    http11_head_len, multiplexed_request, on_runtime, resolve, tls, Deadline, Framing, Response,
};
use crate::suite::Scenario;

/// `H3_NO_ERROR`, the application code of a clean close.
const H3_NO_ERROR: u32 = 0x100;
/// How long the closing connection may take to tell the server, at most.
const CLOSE_WAIT: Duration = Duration::from_millis(200);

/// One request and its response over a new QUIC connection to `host:port`
/// (UDP), any certificate accepted.
pub(super) fn probe(
    scenario: &Scenario,
    host: &str,
    port: u16,
    deadline: Deadline,
) -> Result<Response, String> {
    on_runtime(
        deadline,
        "complete HTTP/3 response",
        exchange(scenario, host, port, deadline),
    )
}

async fn exchange(
    scenario: &Scenario,
    host: &str,
    port: u16,
    deadline: Deadline,
) -> Result<Response, String> {
    let addr = resolve(host, port)?;
    let request = request(scenario, host, port)?;
    let crypto = QuicClientConfig::try_from(Arc::new(tls::config(b"h3")?))
        .map_err(|e| format!("TLS set-up for QUIC failed: {e}"))?;
    let local: SocketAddr = match addr {
        SocketAddr::V4(_) => (Ipv4Addr::UNSPECIFIED, 0).into(),
        SocketAddr::V6(_) => (Ipv6Addr::UNSPECIFIED, 0).into(),
    };
    let mut endpoint = quinn::Endpoint::client(local)
        .map_err(|e| format!("cannot open a UDP socket for QUIC: {e}"))?;
    endpoint.set_default_client_config(quinn::ClientConfig::new(Arc::new(crypto)));
    let name = host.trim_start_matches('[').trim_end_matches(']');
    let connecting = endpoint
        .connect(addr, name)
        .map_err(|e| format!("cannot start a QUIC connection to {addr}: {e}"))?;
    // A UDP port where nothing listens answers nothing: say so by name.
    let quic = tokio::time::timeout(deadline.left("QUIC handshake")?, connecting)
        .await
        .map_err(|_| {
            format!(
                "no QUIC handshake with {addr} (UDP) within {:?}",
                deadline.timeout
            )
        })?
        .map_err(|e| format!("QUIC handshake with {addr} (UDP) failed: {e}"))?;
    let result = send(&quic, request).await;
    quic.close(H3_NO_ERROR.into(), b"");
    let _ = tokio::time::timeout(CLOSE_WAIT, endpoint.wait_idle()).await;
    result
}

fn request(s: &Scenario, host: &str, port: u16) -> Result<Request<()>, String> {
    multiplexed_request(s, "https", host, port)?
        .body(())
        .map_err(|e| format!("the scenario's request is not valid HTTP/3: {e}"))
}

async fn send(quic: &quinn::Connection, request: Request<()>) -> Result<Response, String> {
    let (mut driver, mut sender) = h3::client::new(h3_quinn::Connection::new(quic.clone()))
        .await
        .map_err(|e| format!("HTTP/3 set-up failed: {e}"))?;
    // The connection's control streams; the task ends with the runtime.
    tokio::spawn(async move { poll_fn(|cx| driver.poll_close(cx)).await });
    let mut stream: h3::client::RequestStream<_, Bytes> = sender
        .send_request(request)
        .await
        .map_err(|e| format!("HTTP/3 request failed: {e}"))?;
    stream
        .finish()
        .await
        .map_err(|e| format!("HTTP/3 request failed: {e}"))?;
    let head = stream
        .recv_response()
        .await
        .map_err(|e| format!("no HTTP/3 response: {e}"))?;
    let mut body = Vec::new();
    let mut body_error = None;
    loop {
        match stream.recv_data().await {
            Ok(Some(mut chunk)) => {
                while chunk.has_remaining() {
                    let part = chunk.chunk();
                    body.extend_from_slice(part);
                    let n = part.len();
                    chunk.advance(n);
                }
            }
            Ok(None) => break,
            Err(e) => {
                body_error = Some(format!("the body did not arrive whole: {e}"));
                break;
            }
        }
    }
    let headers: Vec<(String, String)> = head
        .headers()
        .iter()
        .map(|(name, value)| {
            let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
            (name.as_str().to_string(), value)
        })
        .collect();
    let status = head.status();
    let reason = status.canonical_reason().unwrap_or("");
    Ok(Response {
        status: status.as_u16(),
        version: "h3".into(),
        header_bytes: http11_head_len(status.as_u16(), reason, &headers),
        headers,
        body,
        framing: Framing::H3,
        body_error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::tests::scenario;
    use crate::suite::Wire;

    #[test]
    fn requests_drop_what_http3_forbids() {
        let mut s = scenario(Wire::H3, "/xml?value=a");
        s.method = "HEAD".into();
        s.headers = vec![
            ("Connection".into(), "close".into()),
            ("Host".into(), "example".into()),
            ("X-A".into(), "1".into()),
        ];
        let r = request(&s, "::1", 8443).unwrap();
        assert_eq!(r.method(), http::Method::HEAD);
        assert_eq!(r.uri().to_string(), "https://[::1]:8443/xml?value=a");
        let names: Vec<&str> = r.headers().keys().map(|n| n.as_str()).collect();
        assert_eq!(names, ["x-a"]);
    }

    #[test]
    fn nothing_on_the_udp_port_is_a_handshake_timeout() {
        // A bound UDP socket that never answers: the handshake cannot end.
        let silent = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        let port = silent.local_addr().unwrap().port();
        let s = scenario(Wire::H3, "/hello");
        let err = probe(
            &s,
            "127.0.0.1",
            port,
            Deadline::after(Duration::from_millis(300)),
        )
        .unwrap_err();
        assert_eq!(
            err,
            format!("no QUIC handshake with 127.0.0.1:{port} (UDP) within 300ms")
        );
    }
}
