//! Validation before load: runs a workload's checks
//! (`barrage_contract::check`) against `host:port` over HTTP/1.1 and says
//! whether the server may be loaded on it.
//!
//! This module owns the I/O the checks leave out: each exchange on a new
//! connection opened by the engine's `http1::connect`, its pieces written
//! with their pauses, the write side shut when asked, and the responses
//! read by the engine's own `ResponseParser` (so that a check and the load
//! frame a response alike, pipelined responses included). Each check is
//! bounded by a timeout (plus the waits it requires). The first failing
//! check becomes a `ValidationFailure` with excerpts of the request and the
//! response, escaped and capped.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use barrage_contract::check::{self, escape, Check, Exchange, Reply, Response, Step};
pub use barrage_contract::Workload;
use barrage_engine::http1;
use barrage_engine::session::h1::response::{Event, ResponseParser};
pub use barrage_model::results::{ValidationFailure, ValidationOutcome};

/// How long one check may take by default (its required waits on top).
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(5);
/// Characters of a request or response kept in a failure's excerpt
/// (escaped), and raw bytes kept of each reply.
pub const EXCERPT: usize = 300;
/// Largest response body read.
const MAX_BODY: usize = 64 << 20;

/// One check's name and how it went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOutcome {
    pub name: String,
    pub result: Result<(), ValidationFailure>,
}

/// Runs `workload`'s checks against `host:port` until the first failure.
pub fn validate(
    workload: Workload,
    host: &str,
    port: u16,
    timeout: Duration,
    seed: u64,
) -> ValidationOutcome {
    let outcomes = run_checks(workload, host, port, timeout, seed, true, &mut |_| {});
    let checks = outcomes.len();
    match outcomes.into_iter().find_map(|o| o.result.err()) {
        Some(failure) => ValidationOutcome::Failed(failure),
        None => ValidationOutcome::Passed { checks },
    }
}

/// Runs `workload`'s checks against `host:port` in order, each reported to
/// `each` as it ends; stops after the first failure when `first_failure`.
pub fn run_checks(
    workload: Workload,
    host: &str,
    port: u16,
    timeout: Duration,
    seed: u64,
    first_failure: bool,
    each: &mut dyn FnMut(&CheckOutcome),
) -> Vec<CheckOutcome> {
    let authority = authority(host, port);
    let mut out = Vec::new();
    for c in check::checks(workload, seed, &authority) {
        let result = run_check(&c, host, port, timeout);
        let outcome = CheckOutcome {
            name: c.name.clone(),
            result,
        };
        each(&outcome);
        let failed = outcome.result.is_err();
        out.push(outcome);
        if failed && first_failure {
            break;
        }
    }
    out
}

/// Runs one check: its steps in order, then its judge.
pub fn run_check(
    check: &Check,
    host: &str,
    port: u16,
    timeout: Duration,
) -> Result<(), ValidationFailure> {
    let fail = |exchange: Option<&Exchange>, reason: String, response: String| ValidationFailure {
        check: check.name.clone(),
        reason,
        request: exchange.map_or_else(String::new, |e| excerpt(&e.bytes())),
        response,
    };
    let addr = resolve(host, port).map_err(|e| fail(check.exchanges().next(), e, String::new()))?;
    let deadline = Instant::now() + timeout + check.waits();
    let mut replies = Vec::new();
    let mut raws = Vec::new();
    for step in &check.steps {
        match step {
            Step::Wait(d) => std::thread::sleep(*d),
            Step::Exchange(e) => {
                let read = exchange(addr, e, deadline, timeout)
                    .map_err(|(why, raw)| fail(Some(e), why, raw_excerpt(&raw)))?;
                for (reply, raw) in read {
                    replies.push(reply);
                    raws.push(raw);
                }
            }
        }
    }
    check.judge(&replies).map_err(|fault| {
        let raw = raws.get(fault.reply).map_or(&[][..], Vec::as_slice);
        fail(
            check.exchange_of(fault.reply),
            fault.reason,
            raw_excerpt(raw),
        )
    })
}

/// What a server sent, or `connection closed` when nothing.
fn raw_excerpt(raw: &[u8]) -> String {
    match raw.is_empty() {
        true => "(nothing)".into(),
        false => excerpt(raw),
    }
}

/// The start of `bytes`, escaped, about [`EXCERPT`] characters of it.
pub fn excerpt(bytes: &[u8]) -> String {
    let mut out = String::new();
    for byte in bytes.chunks(1) {
        if out.len() >= EXCERPT {
            out.push_str("...");
            break;
        }
        out.push_str(&escape(byte));
    }
    out
}

/// `host:port` as a `Host` header names it (`[::1]:80` for IPv6).
fn authority(host: &str, port: u16) -> String {
    match host.contains(':') && !host.starts_with('[') {
        true => format!("[{host}]:{port}"),
        false => format!("{host}:{port}"),
    }
}

fn resolve(host: &str, port: u16) -> Result<SocketAddr, String> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    (bare, port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {host}: {e}"))?
        .next()
        .ok_or_else(|| format!("{host} has no address"))
}

/// A reply and the raw bytes it came in (the first [`EXCERPT`] of them).
type Read1 = (Reply, Vec<u8>);
/// Why an exchange stopped, and the raw bytes of the reply being read.
type Stopped = (String, Vec<u8>);

/// One exchange on a new connection: the pieces written, the replies read.
fn exchange(
    addr: SocketAddr,
    e: &Exchange,
    deadline: Instant,
    timeout: Duration,
) -> Result<Vec<Read1>, Stopped> {
    let mut tcp = http1::connect(addr, deadline, timeout).map_err(|err| match err {
        http1::Error::Io { error, .. } => (format!("cannot connect to {addr}: {error}"), vec![]),
        err => (err.to_string(), vec![]),
    })?;
    for (i, piece) in e.pieces.iter().enumerate() {
        if i > 0 && !e.pause.is_zero() {
            std::thread::sleep(e.pause);
        }
        if let Err(err) = tcp.write_all(piece).and_then(|()| tcp.flush()) {
            // A server that answers (and closes) before the request ends
            // is judged on its answer when there is one.
            let read = Responses::new(&mut tcp, deadline, timeout).read(e.responses, true);
            return match read {
                Ok(replies) if replies.iter().any(|(r, _)| matches!(r, Reply::Response(_))) => {
                    Ok(replies)
                }
                _ => Err((format!("cannot send the request: {err}"), vec![])),
            };
        }
    }
    if e.half_close {
        let _ = tcp.shutdown(Shutdown::Write);
    }
    Responses::new(&mut tcp, deadline, timeout).read(e.responses, e.half_close)
}

/// Reads responses off one connection with the engine's parser.
struct Responses<'a> {
    tcp: &'a mut TcpStream,
    parser: ResponseParser,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    deadline: Instant,
    timeout: Duration,
}

impl<'a> Responses<'a> {
    fn new(tcp: &'a mut TcpStream, deadline: Instant, timeout: Duration) -> Responses<'a> {
        let mut parser = ResponseParser::new();
        parser.keep();
        Responses {
            tcp,
            parser,
            buf: vec![0; 64 * 1024],
            start: 0,
            end: 0,
            deadline,
            timeout,
        }
    }

    /// Reads `n` responses; `close_ok`: a close before a response is a
    /// [`Reply::Closed`] (for every response still expected).
    fn read(mut self, n: usize, close_ok: bool) -> Result<Vec<Read1>, Stopped> {
        let mut out = Vec::new();
        let mut raw = Vec::new();
        while out.len() < n {
            if self.start == self.end {
                match self.fill() {
                    Ok(0) => {}
                    Ok(_) => continue,
                    Err(e) if close_ok && is_reset(&e) && self.parser.reading_head() => {}
                    Err(e) => return Err((self.io_error(e), raw)),
                }
                // The connection ended.
                match self.parser.on_eof() {
                    Ok(true) => {
                        out.push((Reply::Response(self.response()), std::mem::take(&mut raw)))
                    }
                    Ok(false) if close_ok => out.push((Reply::Closed, std::mem::take(&mut raw))),
                    Ok(false) => {
                        let why = match out.len() {
                            0 => "the server closed the connection without a response".into(),
                            k => format!(
                                "the server closed the connection after {k} of {n} responses"
                            ),
                        };
                        return Err((why, raw));
                    }
                    Err(_) => {
                        return Err((
                            "the server closed the connection inside a response".into(),
                            raw,
                        ))
                    }
                }
                continue;
            }
            let unread = &self.buf[self.start..self.end];
            let (used, mut event) = self
                .parser
                .feed(unread, false)
                .map_err(|e| (format!("not an HTTP/1 response: {}", e.0), raw.clone()))?;
            if event == Event::Head {
                // A head whose body is empty (Content-Length: 0, 204, 304)
                // completes on the next feed, which needs no bytes.
                let (_, next) = self
                    .parser
                    .feed(&[], false)
                    .map_err(|e| (format!("not an HTTP/1 response: {}", e.0), raw.clone()))?;
                if next == Event::Complete {
                    event = next;
                }
            }
            let keep = used.min((4 * EXCERPT).saturating_sub(raw.len()));
            raw.extend_from_slice(&unread[..keep]);
            self.start += used;
            if self.parser.body().len() > MAX_BODY {
                return Err((format!("body longer than {MAX_BODY} bytes"), raw));
            }
            if event == Event::Complete {
                out.push((Reply::Response(self.response()), std::mem::take(&mut raw)));
            }
        }
        Ok(out)
    }

    /// The response the parser just completed.
    fn response(&mut self) -> Response {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        Response {
            status: self.parser.head().status,
            headers: self
                .parser
                .headers()
                .iter()
                .map(|(n, v)| (text(n).to_ascii_lowercase(), text(v.trim_ascii())))
                .collect(),
            body: self.parser.take_body(),
        }
    }

    /// Reads more; `Ok(0)` at the end of the stream.
    fn fill(&mut self) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.tcp.set_read_timeout(Some(left))?;
        loop {
            match self.tcp.read(&mut self.buf) {
                Ok(n) => {
                    (self.start, self.end) = (0, n);
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn io_error(&self, e: io::Error) -> String {
        match e.kind() {
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => {
                format!("no complete response within {:?}", self.timeout)
            }
            _ if is_reset(&e) => "the server reset the connection".into(),
            _ => format!("reading the response: {e}"),
        }
    }
}

fn is_reset(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_escaped_and_capped() {
        assert_eq!(excerpt(b"HTTP/1.1 200\r\n"), "HTTP/1.1 200\\r\\n");
        let long = excerpt(&[0u8; 400]);
        assert!(long.starts_with("\\x00") && long.ends_with("..."));
        assert!(long.len() < EXCERPT + 20, "{long}");
        assert_eq!(raw_excerpt(b""), "(nothing)");
        assert_eq!(authority("::1", 80), "[::1]:80");
    }
}
