//! A server of the contract's workloads (docs/workloads.md) that breaks
//! one rule on request, for the tests of validation before load: with
//! [`Break::Nothing`] it answers every workload correctly (from
//! `barrage_contract::data`), and each other [`Break`] breaks the rule one
//! check is there to catch.
//!
//! It serves HTTP/1.1 on `127.0.0.1` with keep-alive and pipelining, one
//! thread per connection (the [`crate::listener`] half every testkit server
//! shares); the wire format is in `workloads/wire.rs`.

pub(crate) mod wire;

use std::io::Write;
use std::net::{Shutdown, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::SystemTime;

use barrage_contract::data::{self, static_file, JSON_MESSAGE, PLAINTEXT_BODY};

use crate::listener::{Conn, Listener, Spec};
use wire::{http_date, Next, Reader, Reply, Request};

/// The rule a [`WorkloadServer`] breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Break {
    /// None: every workload answered as the contract says.
    Nothing,
    /// baseline: the sum is off by one.
    WrongSum,
    /// baseline: a chunked body is not read (the body counts as empty).
    NoChunked,
    /// baseline: a request must arrive in one read (fragments get 400).
    OneRead,
    /// baseline: a missing parameter is taken as 0 instead of a 400.
    MissingIsZero,
    /// plaintext: no `Date` header.
    NoDate,
    /// plaintext: the `Date` never changes.
    StaticDate,
    /// plaintext: pipelined requests after the first are dropped (the
    /// connection closes).
    NoPipelining,
    /// plaintext and json: `Content-Type: text/html`.
    WrongContentType,
    /// json: an extra key in the object.
    ExtraKey,
    /// json-processing: the first item's total is off by one.
    WrongTotal,
    /// compression: gzip whatever the request accepts.
    AlwaysCompress,
    /// compression: never compressed.
    NeverCompress,
    /// upload: answers the `Content-Length` instead of the bytes counted.
    EchoContentLength,
    /// echo: the byte in the middle of the body flipped.
    EchoFlipsByte,
    /// echo: after the first request on a connection, the body of the
    /// request before it (a cached answer).
    EchoPreviousBody,
    /// static: `application/octet-stream` for every file.
    StaticOctetStream,
    /// static: the last byte of each file is missing.
    TruncatedFile,
    /// static: a missing file gives 200.
    MissingIs200,
    /// noisy: 500 for a bad method or an unknown path.
    ServerErrorOnNoise,
    /// noisy: after bytes that are not HTTP, it stops answering.
    DiesOnGarbage,
}

/// A workload server on `127.0.0.1`, stopped when dropped.
pub struct WorkloadServer {
    listener: Listener,
}

struct Shared {
    broken: Break,
    /// Set by [`Break::DiesOnGarbage`]: every connection is closed at once.
    dead: AtomicBool,
    /// The one `Date` of [`Break::StaticDate`].
    first_date: OnceLock<String>,
}

impl WorkloadServer {
    /// Binds `127.0.0.1:0` and serves, breaking `broken`.
    pub fn start(broken: Break) -> WorkloadServer {
        let spec = Spec {
            name: "workloads",
            conn_stack: 4 << 20,
            backlog: None,
            close_on_accept: false,
        };
        let shared = Arc::new(Shared {
            broken,
            dead: AtomicBool::new(false),
            first_date: OnceLock::new(),
        });
        WorkloadServer {
            listener: Listener::start(spec, shared, serve),
        }
    }

    pub fn addr(&self) -> SocketAddr {
        self.listener.addr()
    }

    /// `http://127.0.0.1:PORT/path`.
    pub fn url(&self, path: &str) -> String {
        self.listener.url(path)
    }
}

fn serve(mut conn: Conn, shared: Arc<Shared>) {
    let b = shared.broken;
    let mut reader = Reader::new(b == Break::NoChunked);
    // The last echo body on this connection (Break::EchoPreviousBody).
    let mut previous: Option<Vec<u8>> = None;
    while !conn.stopping() && !shared.dead.load(Ordering::SeqCst) {
        let next = match reader.next(&mut conn.stream) {
            Ok(next) => next,
            Err(_) => return,
        };
        let req = match next {
            Next::Closed => return,
            Next::Bad(bytes) => {
                if b == Break::DiesOnGarbage && !bytes.starts_with(b"POST") {
                    shared.dead.store(true, Ordering::SeqCst);
                    return;
                }
                let bad = Reply::new(400, "text/plain", "bad request\n");
                let _ = bad.write(&mut conn.stream, Some(&http_date(SystemTime::now())));
                let _ = conn.stream.shutdown(Shutdown::Write);
                return;
            }
            Next::Request(req) => req,
        };
        let reply = match (b, reader.reads) {
            // More than one read for this request's head and body.
            (Break::OneRead, n) if n > 1 && req.path == "/baseline" => {
                Reply::new(400, "text/plain", "one read only\n")
            }
            _ => answer(&req, b),
        };
        let reply = match (b, req.path.as_str()) {
            (Break::EchoPreviousBody, "/echo") => {
                let last = previous.replace(req.body);
                Reply {
                    body: last.unwrap_or(reply.body),
                    ..reply
                }
            }
            _ => reply,
        };
        let now = http_date(SystemTime::now());
        let date = match b {
            Break::NoDate => None,
            Break::StaticDate => Some(shared.first_date.get_or_init(|| now.clone()).as_str()),
            _ => Some(now.as_str()),
        };
        if reply.write(&mut conn.stream, date).is_err() {
            return;
        }
        let _ = conn.stream.flush();
        if b == Break::NoPipelining && !reader.buf.is_empty() {
            // A FIN, not a reset: the client reads what was sent first.
            let _ = conn.stream.shutdown(Shutdown::Write);
            let _ = conn
                .stream
                .set_read_timeout(Some(std::time::Duration::from_secs(2)));
            let _ = std::io::copy(&mut conn.stream, &mut std::io::sink());
            return;
        }
        reader.reads = 0;
    }
}

/// The answer to `req`, with rule `b` broken.
fn answer(req: &Request, b: Break) -> Reply {
    let text = |status, body: String| Reply::new(status, "text/plain", body);
    if !["GET", "HEAD", "POST"].contains(&req.method.as_str()) {
        return match b {
            Break::ServerErrorOnNoise => text(500, "oops\n".into()),
            _ => text(501, "not implemented\n".into()),
        };
    }
    let query = req.query.as_deref();
    match req.path.as_str() {
        "/baseline" => baseline(req, b),
        "/plaintext" => match b {
            Break::WrongContentType => Reply::new(200, "text/html", PLAINTEXT_BODY),
            _ => Reply::new(200, "text/plain", PLAINTEXT_BODY),
        },
        "/json" => {
            let body = match b {
                Break::ExtraKey => serde_json::json!({ "message": JSON_MESSAGE, "extra": 1 }),
                _ => serde_json::json!({ "message": JSON_MESSAGE }),
            };
            let ct = match b {
                Break::WrongContentType => "text/html",
                _ => "application/json",
            };
            Reply::new(200, ct, serde_json::to_vec(&body).unwrap_or_default())
        }
        "/echo" => {
            let mut body = req.body.clone();
            if let (Break::EchoFlipsByte, Some(byte)) = (b, body.get_mut(req.body.len() / 2)) {
                *byte ^= 0x01;
            }
            Reply::new(200, data::ECHO_CONTENT_TYPE, body)
        }
        "/upload" => match (b, req.header("content-length")) {
            (Break::EchoContentLength, length) => text(200, length.unwrap_or("0").to_string()),
            _ => text(200, req.body.len().to_string()),
        },
        path if path.starts_with("/json/") => {
            let count = data::parse_count(&path["/json/".len()..]);
            let m = data::parse_multiplier(query);
            let (Ok(count), Ok(m)) = (count, m) else {
                return text(400, "bad count or m\n".into());
            };
            let mut body = data::processed(count, m);
            if let (Break::WrongTotal, Some(first)) = (b, body.items.first_mut()) {
                first.total += 1;
            }
            let json = serde_json::to_vec(&body).unwrap_or_default();
            compressed(req, b, json)
        }
        path if path.starts_with("/static/") => static_file_reply(req, b),
        _ => match b {
            Break::ServerErrorOnNoise => text(500, "oops\n".into()),
            _ => text(404, "not found\n".into()),
        },
    }
}

fn baseline(req: &Request, b: Break) -> Reply {
    let text = |status, body: String| Reply::new(status, "text/plain", body);
    let query = req.query.as_deref();
    let (a, bb) = match (data::parse_baseline_query(query), b) {
        (Ok(ab), _) => ab,
        (Err(_), Break::MissingIsZero) => (0, 0),
        (Err(e), _) => return text(400, format!("{}\n", e.0)),
    };
    let c = match req.method.as_str() {
        "POST" => match data::parse_baseline_body(&req.body) {
            Ok(c) => Some(c),
            Err(e) => return text(400, format!("{}\n", e.0)),
        },
        _ => None,
    };
    let extra = i64::from(b == Break::WrongSum);
    text(200, (data::baseline_sum(a, bb, c) + extra).to_string())
}

/// `json` gzipped when the request accepts gzip (as `b` allows).
fn compressed(req: &Request, b: Break, json: Vec<u8>) -> Reply {
    let accepts = req
        .header("accept-encoding")
        .is_some_and(|v| v.contains("gzip"));
    let gzip = match b {
        Break::AlwaysCompress => true,
        Break::NeverCompress => false,
        _ => accepts,
    };
    let mut reply = Reply::new(200, "application/json", json);
    if gzip {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let _ = e.write_all(&reply.body);
        reply.body = e.finish().unwrap_or_default();
        reply.headers.push(("Content-Encoding", "gzip".into()));
    }
    reply
}

fn static_file_reply(req: &Request, b: Break) -> Reply {
    let Some(file) = static_file(&req.path["/static/".len()..]) else {
        return match b {
            Break::MissingIs200 => Reply::new(200, "text/plain", "here\n"),
            _ => Reply::new(404, "text/plain", "not found\n"),
        };
    };
    let ct = match b {
        Break::StaticOctetStream => "application/octet-stream",
        _ => file.content_type,
    };
    let accepts = |enc| {
        req.header("accept-encoding")
            .is_some_and(|v| v.contains(enc))
    };
    let (body, encoding) = match (file.brotli, file.gzip) {
        (Some(br), _) if accepts("br") && b != Break::TruncatedFile => (br, Some("br")),
        (_, Some(gz)) if accepts("gzip") && b != Break::TruncatedFile => (gz, Some("gzip")),
        _ => (file.body, None),
    };
    let mut body = body.to_vec();
    if b == Break::TruncatedFile {
        body.pop();
    }
    let mut reply = Reply::new(200, ct, body);
    if let Some(e) = encoding {
        reply.headers.push(("Content-Encoding", e.into()));
    }
    reply
}
