//! HTTP/2 probes through hyper's client on a current-thread tokio runtime:
//! h2c with prior knowledge, or h2 over TLS chosen by ALPN.

use std::error::Error;
use std::sync::Arc;

use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper::Request;
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls::ClientConfig;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

use super::{
    http11_head_len, multiplexed_request, on_runtime, resolve, tls, Deadline, Framing, Response,
};
use crate::suite::Scenario;

/// One request and its response over a new connection; TLS when `tls` is given.
pub(super) fn probe(
    scenario: &Scenario,
    host: &str,
    port: u16,
    tls: Option<ClientConfig>,
    deadline: Deadline,
) -> Result<Response, String> {
    on_runtime(
        deadline,
        "complete HTTP/2 response",
        exchange(scenario, host, port, tls),
    )
}

async fn exchange(
    scenario: &Scenario,
    host: &str,
    port: u16,
    tls: Option<ClientConfig>,
) -> Result<Response, String> {
    let alpn_refused = |chose: Option<&[u8]>| {
        format!(
            "the server did not choose h2 by ALPN (it chose {})",
            chose.map_or("nothing".into(), |p| String::from_utf8_lossy(p)
                .into_owned())
        )
    };
    let secure = tls.is_some();
    let io = connect(host, port, tls, alpn_refused).await?;
    let request = request(scenario, host, port, secure)?;
    send(io, request).await
}

/// What hyper's HTTP/2 client runs on in a probe: TCP, or TLS over it.
pub(super) trait Io: AsyncRead + AsyncWrite + Unpin + Send + 'static {}

impl<T: AsyncRead + AsyncWrite + Unpin + Send + 'static> Io for T {}

/// A new connection to `host:port` for an HTTP/2 probe: TCP (no delay),
/// then TLS with `tls` when given, where the server must choose h2 by ALPN
/// (else `alpn_refused`'s message, given what it chose).
pub(super) async fn connect(
    host: &str,
    port: u16,
    tls: Option<ClientConfig>,
    alpn_refused: impl FnOnce(Option<&[u8]>) -> String,
) -> Result<TokioIo<Box<dyn Io>>, String> {
    let addr = resolve(host, port)?;
    let tcp = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    let _ = tcp.set_nodelay(true);
    let Some(config) = tls else {
        return Ok(TokioIo::new(Box::new(tcp)));
    };
    let stream = TlsConnector::from(Arc::new(config))
        .connect(tls::server_name(host)?, tcp)
        .await
        .map_err(|e| format!("TLS handshake with {addr} failed: {e}"))?;
    match stream.get_ref().1.alpn_protocol() {
        Some(b"h2") => Ok(TokioIo::new(Box::new(stream))),
        other => Err(alpn_refused(other)),
    }
}

fn request(
    s: &Scenario,
    host: &str,
    port: u16,
    tls: bool,
) -> Result<Request<Empty<Bytes>>, String> {
    let scheme = if tls { "https" } else { "http" };
    multiplexed_request(s, scheme, host, port)?
        .body(Empty::new())
        .map_err(|e| format!("the scenario's request is not valid HTTP/2: {e}"))
}

async fn send<I>(io: I, request: Request<Empty<Bytes>>) -> Result<Response, String>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (mut sender, conn) = hyper::client::conn::http2::handshake(TokioExecutor::new(), io)
        .await
        .map_err(|e| format!("HTTP/2 handshake failed: {}", chain(&e)))?;
    // The connection task ends with the runtime when the probe returns.
    tokio::spawn(conn);
    let response = sender
        .send_request(request)
        .await
        .map_err(|e| format!("HTTP/2 request failed: {}", chain(&e)))?;
    let (parts, body) = response.into_parts();
    let headers = pairs(&parts.headers);
    let status = parts.status;
    let reason = status.canonical_reason().unwrap_or("");
    let (body, body_error) = match body.collect().await {
        Ok(collected) => (collected.to_bytes().to_vec(), None),
        Err(e) => (
            Vec::new(),
            Some(format!("the body did not arrive whole: {}", chain(&e))),
        ),
    };
    Ok(Response {
        status: status.as_u16(),
        version: "h2".into(),
        header_bytes: http11_head_len(status.as_u16(), reason, &headers),
        headers,
        body,
        framing: Framing::H2,
        body_error,
    })
}

/// A response's header fields (or trailers), as text.
pub(super) fn pairs(headers: &http::HeaderMap) -> Vec<(String, String)> {
    headers
        .iter()
        .map(|(n, v)| {
            let value = String::from_utf8_lossy(v.as_bytes()).into_owned();
            (n.as_str().to_string(), value)
        })
        .collect()
}

/// An error and its sources, `outer: inner: …` (hyper's own messages are terse).
fn chain(e: &dyn Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        source = inner.source();
    }
    text
}
