//! The checks a server must pass before it is loaded on a workload
//! (docs/workloads.md, the "checks" row of each workload), as data: what to
//! send, how, and a pure judge of what came back.
//!
//! A [`Check`] is a name, a list of [`Step`]s (an [`Exchange`] of bytes on
//! a new connection, a required [`Step::Wait`], or a [`Step::Query`] of the
//! database the server reads) and a judge over the [`Reply`]s in the order
//! they were read (a query's rows are one [`Reply::Rows`]). Every exchange opens its own
//! connection: a fragmented request, a half-closed noise request and 16
//! pipelined requests are all one exchange each; "a new connection after
//! the noise" is the next check's exchange. Randomness (the numbers, the
//! upload and echo bodies) comes from the seed given to [`checks`], so
//! that a failure can be replayed.
//!
//! This module does no I/O: the lab's executor (`barrage_lab::validate`)
//! sends the bytes and parses the responses with the engine's HTTP/1 stack.
//! One file per workload or group: `baseline.rs` (baseline, noisy),
//! `text.rs` (plaintext, json), `processing.rs` (json-processing,
//! compression), `upload.rs`, `echo.rs`, `statics.rs`, `database.rs` (db,
//! queries, fortunes, updates, items); the judges' helpers are here.

mod baseline;
mod database;
mod echo;
mod processing;
mod statics;
mod text;
mod upload;

use std::fmt;
use std::io::Read;
use std::sync::Arc;
use std::time::Duration;

use crate::Workload;

/// Pause between the pieces of a fragmented request.
pub const FRAGMENT_PAUSE: Duration = Duration::from_millis(10);
/// The `User-Agent` of every check's request.
pub const USER_AGENT: &str = concat!("barrage-verify/", env!("CARGO_PKG_VERSION"));

/// One check: a name such as `baseline: POST chunked`, what to do, and the judge.
#[derive(Clone)]
pub struct Check {
    pub name: String,
    pub steps: Vec<Step>,
    judge: Arc<Judge>,
}

/// A judge: the replies in the order they were read, `Ok` or the first fault.
pub type Judge = dyn Fn(&[Reply]) -> Result<(), Fault> + Send + Sync;

impl fmt::Debug for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Check")
            .field("name", &self.name)
            .field("steps", &self.steps)
            .finish_non_exhaustive()
    }
}

impl Check {
    /// A check of `steps` judged by `judge`.
    pub fn new(
        name: impl Into<String>,
        steps: Vec<Step>,
        judge: impl Fn(&[Reply]) -> Result<(), Fault> + Send + Sync + 'static,
    ) -> Check {
        Check {
            name: name.into(),
            steps,
            judge: Arc::new(judge),
        }
    }

    /// A check of one exchange, judged on its one reply.
    pub fn one(
        name: impl Into<String>,
        exchange: Exchange,
        judge: impl Fn(&Reply) -> Result<(), String> + Send + Sync + 'static,
    ) -> Check {
        Check::new(name, vec![Step::Exchange(exchange)], move |replies| {
            let reply = replies.first().ok_or_else(|| Fault::at(0, "no reply"))?;
            judge(reply).map_err(|reason| Fault::at(0, reason))
        })
    }

    /// Judges the replies read for this check's exchanges, in order.
    pub fn judge(&self, replies: &[Reply]) -> Result<(), Fault> {
        (self.judge)(replies)
    }

    /// The exchanges, in order.
    pub fn exchanges(&self) -> impl Iterator<Item = &Exchange> {
        self.steps.iter().filter_map(|s| match s {
            Step::Exchange(e) => Some(e),
            Step::Wait(_) | Step::Query(_) => None,
        })
    }

    /// Whether the check reads the database ([`Step::Query`]): it cannot
    /// run without one.
    pub fn needs_database(&self) -> bool {
        self.steps.iter().any(|s| matches!(s, Step::Query(_)))
    }

    /// The exchange whose replies include reply number `reply` (`None`
    /// for a query's rows).
    pub fn exchange_of(&self, reply: usize) -> Option<&Exchange> {
        let mut first = 0;
        for step in &self.steps {
            let (exchange, replies) = match step {
                Step::Exchange(e) => (Some(e), e.responses),
                Step::Query(_) => (None, 1),
                Step::Wait(_) => (None, 0),
            };
            if reply < first + replies {
                return exchange;
            }
            first += replies;
        }
        None
    }

    /// The waits the check requires, summed (the executor's timeout is on top).
    pub fn waits(&self) -> Duration {
        self.steps
            .iter()
            .map(|s| match s {
                Step::Wait(d) => *d,
                Step::Exchange(_) | Step::Query(_) => Duration::ZERO,
            })
            .sum()
    }
}

/// One step of a check.
#[derive(Debug, Clone)]
pub enum Step {
    /// Send on a new connection, read the replies.
    Exchange(Exchange),
    /// Wait this long before the next step (the plaintext `Date` rule).
    Wait(Duration),
    /// Run this SQL on the database the server uses (as its user), every
    /// column read as text: one [`Reply::Rows`]. The database workloads
    /// compare answers with the rows, and snapshot a table before and after
    /// a request that writes.
    Query(String),
}

/// Bytes sent on a new connection, and how many responses to read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The bytes in the writes they are sent in: one piece is a whole
    /// request, several are a fragmented one ([`Exchange::pause`] apart).
    pub pieces: Vec<Vec<u8>>,
    pub pause: Duration,
    /// Shut the write side after the last piece: a close with no response
    /// is then a reply ([`Reply::Closed`]), not a failure.
    pub half_close: bool,
    /// Responses to read (16 for the pipelined plaintext).
    pub responses: usize,
}

impl Exchange {
    /// `bytes` in one write, one response read.
    pub fn whole(bytes: Vec<u8>) -> Exchange {
        Exchange {
            pieces: vec![bytes],
            pause: Duration::ZERO,
            half_close: false,
            responses: 1,
        }
    }

    /// `pieces` written [`FRAGMENT_PAUSE`] apart, one response read.
    pub fn fragments(pieces: Vec<Vec<u8>>) -> Exchange {
        Exchange {
            pieces,
            pause: FRAGMENT_PAUSE,
            half_close: false,
            responses: 1,
        }
    }

    /// `bytes` in one write, then the write side shut; a response or a close.
    pub fn raw_then_close(bytes: Vec<u8>) -> Exchange {
        Exchange {
            half_close: true,
            ..Exchange::whole(bytes)
        }
    }

    /// Every byte sent, in order.
    pub fn bytes(&self) -> Vec<u8> {
        self.pieces.concat()
    }
}

/// What came back for one expected response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    Response(Response),
    /// The server closed the connection without a response (only after a
    /// half-close: otherwise the executor reports the close itself).
    Closed,
    /// The rows a [`Step::Query`] returned, each column as text (`None`
    /// for NULL), in the order the database gave them.
    Rows(Vec<Vec<Option<String>>>),
}

/// A parsed response: the status, the fields (names lower-case, values
/// trimmed, in order) and the body (de-chunked, not decoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// A response of `status` with `headers` (names as given) and `body`.
    pub fn new(status: u16, headers: &[(&str, &str)], body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            headers: headers
                .iter()
                .map(|(n, v)| (n.to_ascii_lowercase(), v.to_string()))
                .collect(),
            body: body.into(),
        }
    }

    /// The first value of header `name` (lower-case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a check failed: the reply it is about (its index) and one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub reply: usize,
    pub reason: String,
}

impl Fault {
    pub fn at(reply: usize, reason: impl Into<String>) -> Fault {
        Fault {
            reply,
            reason: reason.into(),
        }
    }
}

/// The checks of `workload`, numbers and bodies drawn from `seed`;
/// `authority` is the `Host` header (`host:port`).
pub fn checks(workload: Workload, seed: u64, authority: &str) -> Vec<Check> {
    let mut rng = Rng::new(seed ^ workload as u64);
    let req = Requests { authority };
    match workload {
        Workload::Baseline => baseline::baseline(&req, &mut rng),
        Workload::Noisy => baseline::noisy(&req, &mut rng),
        Workload::Plaintext => text::plaintext(&req),
        Workload::Json => text::json(&req),
        Workload::JsonProcessing => processing::json_processing(&req, &mut rng),
        Workload::Compression => processing::compression(&req, &mut rng),
        Workload::Upload => upload::upload(&req, &mut rng),
        Workload::StaticSet => statics::static_set(&req),
        Workload::Db => database::db(&req),
        Workload::Queries => database::queries(&req),
        Workload::Fortunes => database::fortunes(&req),
        Workload::Updates => database::updates(&req),
        Workload::Items => database::items(&req),
        Workload::Echo => echo::echo(&req, &mut rng),
    }
}

/// A small deterministic generator (splitmix64): the checks' numbers and bodies.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo) as u64 + 1;
        lo + (self.next_u64() % span) as i64
    }

    /// `n` random bytes.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(n + 8);
        while out.len() < n {
            out.extend_from_slice(&self.next_u64().to_le_bytes());
        }
        out.truncate(n);
        out
    }
}

/// Builds the checks' HTTP/1.1 requests for one `Host`.
pub(crate) struct Requests<'a> {
    authority: &'a str,
}

impl Requests<'_> {
    /// The head of `method target` with `headers`, up to and with the blank line.
    pub(crate) fn head(&self, method: &str, target: &str, headers: &[(&str, &str)]) -> Vec<u8> {
        let mut out = format!(
            "{method} {target} HTTP/1.1\r\nHost: {}\r\nUser-Agent: {USER_AGENT}\r\n",
            self.authority
        );
        for (name, value) in headers {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        out.push_str("\r\n");
        out.into_bytes()
    }

    /// A `GET`.
    pub(crate) fn get(&self, target: &str, headers: &[(&str, &str)]) -> Vec<u8> {
        self.head("GET", target, headers)
    }

    /// A `POST` of `body` with `Content-Length`.
    pub(crate) fn post(&self, target: &str, body: &[u8]) -> Vec<u8> {
        let length = body.len().to_string();
        let mut out = self.head("POST", target, &[("Content-Length", &length)]);
        out.extend_from_slice(body);
        out
    }

    /// A `POST` of `body` with `Transfer-Encoding: chunked`, in chunks of `chunk` bytes.
    pub(crate) fn post_chunked(&self, target: &str, body: &[u8], chunk: usize) -> Vec<u8> {
        let mut out = self.head("POST", target, &[("Transfer-Encoding", "chunked")]);
        for piece in body.chunks(chunk.max(1)) {
            out.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
            out.extend_from_slice(piece);
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"0\r\n\r\n");
        out
    }
}

/// Bytes of each chunk of a chunked POST of random bytes.
const CHUNK: usize = 16 * 1024;

/// The POSTs to `/{workload}` of random bodies of 0 and 17 bytes and of
/// each of `sizes`, each on a connection of its own, then one of `chunked`
/// bytes sent chunked (no `Content-Length`); `judge_of` makes each one's
/// judge from the body sent. Named `{workload}: N bytes` (`… chunked`).
pub(crate) fn random_posts<J>(
    req: &Requests,
    rng: &mut Rng,
    workload: Workload,
    sizes: &[usize],
    chunked: usize,
    judge_of: impl Fn(Vec<u8>) -> J,
) -> Vec<Check>
where
    J: Fn(&Reply) -> Result<(), String> + Send + Sync + 'static,
{
    let path = format!("/{workload}");
    let mut all = vec![0, 17];
    all.extend_from_slice(sizes);
    let mut out: Vec<Check> = all
        .into_iter()
        .map(|n| {
            let body = rng.bytes(n);
            let exchange = Exchange::whole(req.post(&path, &body));
            Check::one(format!("{workload}: {n} bytes"), exchange, judge_of(body))
        })
        .collect();
    let body = rng.bytes(chunked);
    let exchange = Exchange::whole(req.post_chunked(&path, &body, CHUNK));
    out.push(Check::one(
        format!("{workload}: {chunked} bytes chunked"),
        exchange,
        judge_of(body),
    ));
    out
}

// ---------------------------------------------------------------- judges' helpers

/// The response, or the fault that the server closed instead.
pub(crate) fn response(reply: &Reply) -> Result<&Response, String> {
    match reply {
        Reply::Response(r) => Ok(r),
        Reply::Closed => Err("the server closed the connection without a response".into()),
        Reply::Rows(_) => Err("rows of the database where a response was expected".into()),
    }
}

/// The status is `want`.
pub(crate) fn status(r: &Response, want: u16) -> Result<(), String> {
    match r.status == want {
        true => Ok(()),
        false => Err(format!("status {}, want {want}", r.status)),
    }
}

/// `Content-Type`'s media type (parameters free, case ignored) is `want`'s.
pub(crate) fn content_type(r: &Response, want: &str) -> Result<(), String> {
    let media = |v: &str| {
        v.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    };
    match r.header("content-type") {
        None => Err(format!("no Content-Type, want {}", media(want))),
        Some(got) if media(got) == media(want) => Ok(()),
        Some(got) => Err(format!("Content-Type {got:?}, want {}", media(want))),
    }
}

/// The body, trimmed of ASCII whitespace, is the decimal `want`.
pub(crate) fn number_body(r: &Response, want: i64) -> Result<(), String> {
    let got = r.body.trim_ascii();
    match got == want.to_string().as_bytes() {
        true => Ok(()),
        false => Err(format!("body {}, want {want}", quote(got))),
    }
}

/// The body, decoded by its `Content-Encoding` (none, `identity`, `gzip`, `br`).
pub(crate) fn decoded(r: &Response) -> Result<Vec<u8>, String> {
    let encoding = r.header("content-encoding").unwrap_or("identity");
    let mut out = Vec::new();
    let read = match encoding.to_ascii_lowercase().as_str() {
        "identity" | "" => return Ok(r.body.clone()),
        "gzip" | "x-gzip" => flate2::read::GzDecoder::new(&r.body[..]).read_to_end(&mut out),
        "br" => brotli_decompressor::Decompressor::new(&r.body[..], 4096).read_to_end(&mut out),
        other => return Err(format!("unknown Content-Encoding {other:?}")),
    };
    read.map(|_| out)
        .map_err(|e| format!("the {encoding} body does not decode: {e}"))
}

/// The body parsed as JSON equals `want` (key order and spacing free).
pub(crate) fn json_body(body: &[u8], want: &serde_json::Value) -> Result<(), String> {
    let got: serde_json::Value = serde_json::from_slice(body)
        .map_err(|e| format!("the body is not JSON ({e}): {}", quote(body)))?;
    match json_diff(&got, want, "") {
        None => Ok(()),
        Some(diff) => Err(diff),
    }
}

/// The first difference between `got` and `want`, named by its path.
fn json_diff(got: &serde_json::Value, want: &serde_json::Value, at: &str) -> Option<String> {
    use serde_json::Value;
    let here = if at.is_empty() { "the body" } else { at };
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            if let Some(k) = g.keys().find(|k| !w.contains_key(*k)) {
                return Some(format!("{here} has a key {k:?} it should not"));
            }
            w.iter().find_map(|(k, wv)| match g.get(k) {
                None => Some(format!("{here} has no key {k:?}")),
                Some(gv) => json_diff(gv, wv, &format!("{at}.{k}")),
            })
        }
        (Value::Array(g), Value::Array(w)) if g.len() != w.len() => {
            Some(format!("{here} has {} elements, want {}", g.len(), w.len()))
        }
        (Value::Array(g), Value::Array(w)) => g
            .iter()
            .zip(w)
            .enumerate()
            .find_map(|(i, (gv, wv))| json_diff(gv, wv, &format!("{at}[{i}]"))),
        _ if got == want => None,
        _ => Some(format!("{here} is {got}, want {want}")),
    }
}

/// A short, escaped excerpt of `bytes` in quotes, for a reason.
pub(crate) fn quote(bytes: &[u8]) -> String {
    const MAX: usize = 60;
    let mut out = String::from("\"");
    out.push_str(&escape(&bytes[..bytes.len().min(MAX)]));
    if bytes.len() > MAX {
        out.push_str("...");
    }
    out.push('"');
    out
}

/// `bytes` as printable text: `\r`, `\n`, `\t`, `\\` and `\xNN` for the rest.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        match b {
            b'\r' => out.push_str("\\r"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out
}

#[cfg(test)]
mod tests;
