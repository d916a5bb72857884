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
//!
//! The database workloads' checks also read the database the server uses
//! ([`Step::Query`]): this module runs that SQL with the `postgres` crate
//! (one connection per check, every column read as text) at the URL the
//! [`Target`] gives. A check that reads the database fails with one reason
//! when there is none to read.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use barrage_contract::check::{self, escape, Check, Exchange, Reply, Response, Step};
pub use barrage_contract::Workload;
use barrage_engine::http1;
use barrage_engine::session::h1::response::{Event, ResponseParser};

use crate::probe::exchange::resolve;
pub use barrage_model::results::{ValidationFailure, ValidationOutcome};

/// How long one check may take by default (its required waits on top).
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(5);
/// Characters of a request or response kept in a failure's excerpt
/// (escaped), and raw bytes kept of each reply.
pub const EXCERPT: usize = 300;
/// Largest response body read.
const MAX_BODY: usize = 64 << 20;

/// Where the checks go: the server at `host:port`, each check's time, and
/// the database it uses (a `postgres://` URL; the database workloads'
/// checks compare its rows with the answers).
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub host: &'a str,
    pub port: u16,
    pub timeout: Duration,
    pub database: Option<&'a str>,
}

impl<'a> Target<'a> {
    /// The server at `host:port` with the default [`CHECK_TIMEOUT`], no database.
    pub fn new(host: &'a str, port: u16) -> Target<'a> {
        Target {
            host,
            port,
            timeout: CHECK_TIMEOUT,
            database: None,
        }
    }
}

/// One check's name and how it went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOutcome {
    pub name: String,
    pub result: Result<(), ValidationFailure>,
}

/// Runs `workload`'s checks against `target` until the first failure.
pub fn validate(workload: Workload, target: &Target, seed: u64) -> ValidationOutcome {
    let outcomes = run_checks(workload, target, seed, true, &mut |_| {});
    let checks = outcomes.len();
    match outcomes.into_iter().find_map(|o| o.result.err()) {
        Some(failure) => ValidationOutcome::Failed(failure),
        None => ValidationOutcome::Passed { checks },
    }
}

/// Runs `workload`'s checks against `target` in order, each reported to
/// `each` as it ends; stops after the first failure when `first_failure`.
pub fn run_checks(
    workload: Workload,
    target: &Target,
    seed: u64,
    first_failure: bool,
    each: &mut dyn FnMut(&CheckOutcome),
) -> Vec<CheckOutcome> {
    let authority = authority(target.host, target.port);
    let mut out = Vec::new();
    for c in check::checks(workload, seed, &authority) {
        let result = run_check(&c, target);
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
pub fn run_check(check: &Check, target: &Target) -> Result<(), ValidationFailure> {
    let fail = |exchange: Option<&Exchange>, reason: String, response: String| ValidationFailure {
        check: check.name.clone(),
        reason,
        request: exchange.map_or_else(String::new, |e| excerpt(&e.bytes())),
        response,
    };
    let first = check.exchanges().next();
    let timeout = target.timeout;
    if check.needs_database() && target.database.is_none() {
        return Err(fail(first, NO_DATABASE.into(), String::new()));
    }
    let addr = resolve(target.host, target.port).map_err(|e| fail(first, e, String::new()))?;
    let deadline = Instant::now() + timeout + check.waits();
    let mut database = Database::new(target.database.unwrap_or_default(), timeout);
    let mut replies = Vec::new();
    let mut raws = Vec::new();
    for step in &check.steps {
        match step {
            Step::Wait(d) => std::thread::sleep(*d),
            Step::Query(sql) => {
                let rows = database
                    .query(sql)
                    .map_err(|why| fail(first, why, String::new()))?;
                raws.push(format!("({} rows from the database)", rows.len()).into_bytes());
                replies.push(Reply::Rows(rows));
            }
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

/// Why a check that reads the database cannot run without one.
pub const NO_DATABASE: &str = "no database to check against: this check compares the answers with \
     the rows of the server's PostgreSQL; give its URL (barrage verify --database URL or \
     DATABASE_URL; the lab gives its suite's postgres service)";

/// The database a check reads: connected at its first query, closed with it.
struct Database<'a> {
    url: &'a str,
    timeout: Duration,
    client: Option<postgres::Client>,
}

impl<'a> Database<'a> {
    fn new(url: &'a str, timeout: Duration) -> Database<'a> {
        Database {
            url,
            timeout,
            client: None,
        }
    }

    /// The rows `sql` gives, every column as text (`None` for NULL).
    fn query(&mut self, sql: &str) -> Result<Vec<Vec<Option<String>>>, String> {
        let at = redact(self.url);
        if self.client.is_none() {
            self.client = Some(connect(self.url, self.timeout).map_err(|e| {
                format!("cannot connect to the database at {at}: {}", pg_error(&e))
            })?);
        }
        let client = self.client.as_mut().expect("connected above");
        let messages = client
            .simple_query(sql)
            .map_err(|e| format!("the database at {at}: {}: {sql}", pg_error(&e)))?;
        Ok(messages
            .iter()
            .filter_map(|m| match m {
                postgres::SimpleQueryMessage::Row(row) => Some(
                    (0..row.len())
                        .map(|i| row.get(i).map(str::to_string))
                        .collect(),
                ),
                _ => None,
            })
            .collect())
    }
}

/// A client of the database at `url` (no TLS), connecting and each
/// statement bounded by `timeout`.
fn connect(url: &str, timeout: Duration) -> Result<postgres::Client, postgres::Error> {
    let mut config: postgres::Config = url.parse()?;
    config.connect_timeout(timeout);
    config.options(&format!("-c statement_timeout={}", timeout.as_millis()));
    config.application_name("barrage-verify");
    config.connect(postgres::NoTls)
}

/// The database's own message when there is one.
fn pg_error(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => match std::error::Error::source(e) {
            Some(source) => format!("{e}: {source}"),
            None => e.to_string(),
        },
    }
}

/// `url` without its password (`postgres://user:***@host/db`).
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, tail) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    match auth.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
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

    #[test]
    fn a_database_check_without_a_database_fails_with_one_reason() {
        let checks = check::checks(Workload::Updates, 1, "127.0.0.1:1");
        let target = Target::new("127.0.0.1", 1);
        let failure = run_check(&checks[0], &target).unwrap_err();
        assert_eq!(failure.reason, NO_DATABASE);
        assert!(failure.request.starts_with("GET /updates?queries=20"));
        let gone = Target {
            database: Some("postgres://u:secret@127.0.0.1:1/db"),
            ..Target::new("127.0.0.1", 1)
        };
        let failure = run_check(&checks[0], &gone).unwrap_err();
        assert!(
            failure
                .reason
                .starts_with("cannot connect to the database at postgres://u:***@127.0.0.1:1/db"),
            "{}",
            failure.reason
        );
        assert!(!failure.reason.contains("secret"));
        assert_eq!(redact("postgres://a:b@c@h:5/d"), "postgres://a:***@h:5/d");
        assert_eq!(redact("postgres://a@h/d"), "postgres://a@h/d");
        assert_eq!(redact("host=h"), "host=h");
    }
}
