//! What every protocol's probe shares: a response as a transport read it,
//! the deadline and the runtime that bound an exchange, the address, the
//! request headers HTTP/2 and HTTP/3 carry. The probes import this; it
//! imports none of them.

use std::net::{SocketAddr, ToSocketAddrs};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::suite::Scenario;

/// How a response body was delimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Framing {
    ContentLength,
    Chunked,
    /// Read until the server closed the connection (HTTP/1 without either header).
    Close,
    /// HTTP/2 DATA frames up to END_STREAM.
    H2,
    /// HTTP/3 DATA frames up to the end of the QUIC stream.
    H3,
}

impl Framing {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Framing::ContentLength => "content-length",
            Framing::Chunked => "chunked",
            Framing::Close => "close",
            Framing::H2 => "h2",
            Framing::H3 => "h3",
        }
    }
}

/// A response as a transport read it, before the contract is checked.
#[derive(Debug)]
pub(super) struct Response {
    pub(super) status: u16,
    pub(super) version: String,
    /// Names lower-cased, values as received.
    pub(super) headers: Vec<(String, String)>,
    pub(super) header_bytes: usize,
    pub(super) body: Vec<u8>,
    pub(super) framing: Framing,
    /// The body did not arrive whole (cut short, malformed chunks, timeout).
    pub(super) body_error: Option<String>,
}

impl Response {
    pub(super) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The end of a probe's time, with the timeout kept for messages.
/// Request headers HTTP/2 and HTTP/3 forbid (RFC 9113 §8.2.2, RFC 9114
/// §4.2), or carry as `:authority`.
const NOT_MULTIPLEXED: [&str; 6] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "upgrade",
    "host",
];

/// The scenario's request for HTTP/2 or HTTP/3, its body still to give: the
/// method, the URI (an IPv6 host in brackets), and its headers less those
/// [`NOT_MULTIPLEXED`] names.
pub(super) fn multiplexed_request(
    s: &Scenario,
    scheme: &str,
    host: &str,
    port: u16,
) -> Result<http::request::Builder, String> {
    let host = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    let uri: http::Uri = format!("{scheme}://{host}:{port}{}", s.path)
        .parse()
        .map_err(|e| format!("the scenario's path {:?} is not a valid URI: {e}", s.path))?;
    let method = http::Method::from_bytes(s.method.as_bytes())
        .map_err(|_| format!("{:?} is not an HTTP method", s.method))?;
    let mut builder = http::Request::builder().method(method).uri(uri);
    for (name, value) in &s.headers {
        if !NOT_MULTIPLEXED.iter().any(|n| name.eq_ignore_ascii_case(n)) {
            builder = builder.header(name.as_str(), value.as_str());
        }
    }
    Ok(builder)
}

/// Runs a probe's exchange on a one-thread tokio runtime, bounded by `deadline`
/// (`what` names what did not arrive in time).
pub(super) fn on_runtime<T>(
    deadline: Deadline,
    what: &str,
    exchange: impl std::future::Future<Output = Result<T, String>>,
) -> Result<T, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start a tokio runtime: {e}"))?;
    // A backstop a little after the deadline: a stage that waits with the
    // deadline's own timeout (the QUIC handshake) names itself when it
    // runs out, instead of racing this timer to the same instant (on a
    // loaded machine this one could fire first and say less).
    let left = deadline.left("response")? + BACKSTOP;
    runtime.block_on(async {
        tokio::time::timeout(left, exchange)
            .await
            .map_err(|_| deadline.expired(what))?
    })
}

/// How long after a probe's deadline its outer timeout fires.
const BACKSTOP: Duration = Duration::from_millis(200);

#[derive(Debug, Clone, Copy)]
pub(super) struct Deadline {
    pub(super) at: Instant,
    pub(super) timeout: Duration,
}

impl Deadline {
    pub(super) fn after(timeout: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + timeout,
            timeout,
        }
    }

    /// Time left, or an error saying what did not happen in time.
    pub(super) fn left(&self, waiting_for: &str) -> Result<Duration, String> {
        let left = self.at.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(self.expired(waiting_for));
        }
        Ok(left)
    }

    pub(super) fn expired(&self, waiting_for: &str) -> String {
        format!("no {waiting_for} within {:?}", self.timeout)
    }
}

/// The first address of `host:port` (`[::1]` accepted).
pub(crate) fn resolve(host: &str, port: u16) -> Result<SocketAddr, String> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    (bare, port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {host}: {e}"))?
        .next()
        .ok_or_else(|| format!("{host} has no address"))
}

pub(super) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The head as HTTP/1.1 text would be: `HTTP/1.1 200 OK\r\n`, each
/// `name: value\r\n`, `\r\n`.
pub(super) fn http11_head_len(status: u16, reason: &str, headers: &[(String, String)]) -> usize {
    let status_line = format!("HTTP/1.1 {status} {reason}\r\n").len();
    let fields: usize = headers.iter().map(|(n, v)| n.len() + 2 + v.len() + 2).sum();
    status_line + fields + 2
}
