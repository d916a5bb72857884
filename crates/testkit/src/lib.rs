//! Small TCP servers that misbehave on purpose, for barrage's integration tests.
//!
//! A [`TestServer`] binds `127.0.0.1:0`, accepts connections on a background thread and serves
//! each connection on its own small-stack thread according to a [`Behavior`]: a correct
//! HTTP/1.1 keep-alive server ([`Behavior::Good`]), one that pauses once like a GC pause
//! ([`Behavior::StallOnce`]), and a set of broken servers (resets, garbage, truncated heads and
//! bodies, silence, immediate closes) that a load engine must classify as distinct errors.
//!
//! The server counts requests, connections, responses and the peak number of simultaneously open
//! connections. Dropping it stops everything promptly, even with connections open: a wake-up pipe
//! interrupts the accept loop, every tracked socket is `shutdown(2)`, and stalls wait on a condvar
//! that the drop notifies. The listening half (shared with [`h2::H2TestServer`]) is in the private
//! module `listener`.
//!
//! [`h2::H2TestServer`] does the same for HTTP/2 (h2c with prior knowledge), writing its frames by
//! hand so that it can break the protocol in ways a real server never would.
//!
//! [`h3::H3TestServer`] does the same for HTTP/3: QUIC (quinn) with a self-signed certificate,
//! and HTTP/3 frames written by hand on top of its streams.
//!
//! [`ws::WsTestServer`] does the same for WebSocket (RFC 6455, `ws://` and `wss://`): a
//! counting echo server, and servers that refuse the upgrade or break the protocol, with their
//! frames written by hand.
//!
//! [`grpc::GrpcTestServer`] serves gRPC over h2c: a counting `Bench` (Echo and Chat) that can
//! stall once, and servers that break gRPC (trailers-only errors, no `grpc-status`, bad message
//! framing, resets mid-message, streams that never end, answers that are not gRPC).
//!
//! [`workloads::WorkloadServer`] serves the contract's workloads, correctly or breaking one rule
//! on request, for the tests of validation before load.
//!
//! [`database::DbServer`] serves the database workloads from a real PostgreSQL, correctly or
//! breaking one rule (a cache of rows, unescaped fortunes, updates that write nothing).
//!
//! ```
//! use std::io::{Read, Write};
//! use barrage_testkit::{Behavior, TestServer};
//!
//! let server = TestServer::start(Behavior::Good { body: b"hi" });
//! let mut s = std::net::TcpStream::connect(server.addr()).unwrap();
//! s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
//! let mut resp = Vec::new();
//! s.read_to_end(&mut resp).unwrap();
//! assert!(resp.starts_with(b"HTTP/1.1 200 OK\r\n"));
//! assert!(resp.ends_with(b"\r\n\r\nhi"));
//! assert_eq!(server.requests(), 1);
//! ```

pub mod database;
pub mod grpc;
pub mod h2;
pub mod h3;
mod head;
mod listener;
pub mod mutate;
pub mod turn;
pub mod workloads;
pub mod ws;
pub mod yaml;

pub use database::{DbBreak, DbServer};
pub use head::find_head_end;
pub use listener::raise_fd_limit;

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use listener::{Conn, Listener, Spec};

/// Stack size of the per-connection threads (they keep their buffers on the heap).
const CONN_STACK: usize = 64 * 1024;
/// Largest request head accepted before the request is treated as malformed.
const MAX_HEAD: usize = 64 * 1024;
/// Size of one read from a connection.
pub(crate) const READ_CHUNK: usize = 16 * 1024;
/// How long a graceful close waits for the peer to close after our FIN (discarding its data),
/// so that unread request bytes do not turn the close into a reset.
const LINGER: Duration = Duration::from_secs(1);
/// Listen backlog, so that 1000+ simultaneous connects do not overflow the accept queue.
const BACKLOG: libc::c_int = 4096;
/// Body of [`Behavior::StallOnce`] responses and of the head announced by [`Behavior::EarlyClose`].
const HELLO: &[u8] = b"Hello World\n";

/// How a [`TestServer`] treats its connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behavior {
    /// Correct HTTP/1.1 keep-alive server: answers every request with 200 and `body`
    /// (Content-Length framing), honours `Connection: close` and HTTP/1.0 (closes unless
    /// `Connection: keep-alive`).
    Good {
        /// Response body of every answer.
        body: &'static [u8],
    },
    /// Like Good, but once, `after` after the first request arrives, every connection stops
    /// answering for `stall` (a global pause, like a GC pause); requests received during the
    /// stall are answered when it ends. Responses carry the body `Hello World\n`.
    StallOnce {
        /// Delay between the first request (over all connections) and the start of the stall.
        after: Duration,
        /// Length of the stall.
        stall: Duration,
    },
    /// Reads a request, then resets the connection (SO_LINGER 0 + close => RST).
    Reset,
    /// Reads a request, answers `garbage` bytes (e.g. `b"HTPT/9 abc\r\n\r\n"`), keeps reading.
    Garbage {
        /// Bytes sent in answer to each request.
        garbage: &'static [u8],
    },
    /// Reads a request, sends the first `n` bytes of a valid response's head, then closes (FIN).
    /// `n` is capped at the head's length (the head announces a 12-byte body that never comes).
    EarlyClose {
        /// Number of head bytes sent before the close.
        n: usize,
    },
    /// Reads requests and never answers (keeps the connection open until the server is dropped).
    NeverAnswers,
    /// Announces Content-Length: `announced` but sends only `sent` body bytes, then closes (FIN).
    /// `sent` is capped at `announced`.
    ShortBody {
        /// Content-Length announced in the head.
        announced: usize,
        /// Body bytes actually sent.
        sent: usize,
    },
    /// Accepts, reads nothing, closes immediately after accept. The client sees EOF, or a reset
    /// if its request reached the server before the close.
    CloseOnAccept,
    /// Like Good (body `Hello World\n`), but serves at most `per_second` responses a second
    /// over all connections: one queue, each response due 1/`per_second` after the one before
    /// it (or at once when the queue is empty). Below that rate latency stays flat; above it
    /// the queue, and so the latency, grows without bound: a server of known capacity.
    Capacity {
        /// Responses per second at most.
        per_second: u32,
    },
    /// Like Capacity, but a noisy one, as a server on a busy machine: its
    /// rate changes every [`NOISE_SLICE`], drawn at random (from `seed`)
    /// within `jitter_pct` percent either side of `per_second`. A search
    /// against it sees one rate pass and then fail near the capacity.
    NoisyCapacity {
        /// The mean responses per second.
        per_second: u32,
        /// How far each slice's rate strays from it, percent.
        jitter_pct: u32,
        seed: u64,
    },
    /// Like Capacity, with a pause of `pause` every `every` (from the first
    /// request), as a server whose garbage collector stops it: a response
    /// due within a pause goes out when the pause ends.
    Pausing {
        /// Responses per second at most.
        per_second: u32,
        pause: Duration,
        every: Duration,
    },
}

/// How long [`Behavior::NoisyCapacity`] keeps one rate.
pub const NOISE_SLICE: Duration = Duration::from_millis(200);

/// A misbehaving (or well-behaved) HTTP server on `127.0.0.1`, stopped when dropped.
pub struct TestServer {
    /// Accepts the connections; dropping it stops the server.
    listener: Listener,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for TestServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestServer")
            .field("addr", &self.addr())
            .field("behavior", &self.shared.behavior)
            .field("requests", &self.requests())
            .field("connections", &self.connections())
            .field("responses", &self.responses())
            .finish()
    }
}

impl TestServer {
    /// Binds `127.0.0.1:0`, serves on background threads (one small-stack thread per
    /// connection) and returns once listening.
    ///
    /// Also raises the process's soft open-file limit to its hard limit (once), so that tests
    /// can hold 1000+ connections (both ends live in the test process).
    ///
    /// # Panics
    /// If the listener cannot be created or the accept thread cannot be spawned.
    pub fn start(behavior: Behavior) -> TestServer {
        let spec = Spec {
            name: "testkit",
            conn_stack: CONN_STACK,
            backlog: Some(BACKLOG),
            close_on_accept: behavior == Behavior::CloseOnAccept,
        };
        let shared = Arc::new(Shared::new(behavior));
        let listener = Listener::start(spec, Arc::clone(&shared), serve);
        TestServer { listener, shared }
    }

    /// The listening address (`127.0.0.1:PORT`).
    pub fn addr(&self) -> SocketAddr {
        self.listener.addr()
    }

    /// `http://127.0.0.1:PORT/path` (a missing leading `/` is added).
    pub fn url(&self, path: &str) -> String {
        self.listener.url(path)
    }

    /// Requests fully read so far (head read, and body consumed when it has a Content-Length).
    ///
    /// A request is counted before it is answered, so a client that got an answer sees it.
    pub fn requests(&self) -> u64 {
        self.shared.requests.load(Ordering::SeqCst)
    }

    /// Connections accepted so far (counted at accept, before any byte is read).
    pub fn connections(&self) -> u64 {
        self.listener.connections()
    }

    /// Responses fully written so far: whatever the behaviour sends in answer to a request
    /// (a 200, garbage, a truncated head or body), once written in full. Nothing is counted for
    /// [`Behavior::Reset`], [`Behavior::NeverAnswers`], [`Behavior::CloseOnAccept`], or for
    /// [`Behavior::EarlyClose`] with `n == 0`.
    ///
    /// Responses are counted just before their write and uncounted if it fails, so a client that
    /// has read a response always sees it counted.
    pub fn responses(&self) -> u64 {
        self.shared.responses.load(Ordering::SeqCst)
    }

    /// Largest number of connections that were open at the same time.
    pub fn max_open_connections(&self) -> u64 {
        self.listener.max_open_connections()
    }
}

/// A port on 127.0.0.1 that nothing listens on (bind port 0, take the port, drop the listener).
pub fn closed_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("testkit: bind 127.0.0.1:0")
}

/// State shared by the server handle and the connection threads (the listener keeps the
/// connection counts and the stop signal).
struct Shared {
    behavior: Behavior,
    requests: AtomicU64,
    responses: AtomicU64,
    /// When the first request arrived (StallOnce's clock).
    first_request: OnceLock<Instant>,
    /// When the last queued response is due (Capacity's queue).
    queue_end: Mutex<Option<Instant>>,
}

impl Shared {
    fn new(behavior: Behavior) -> Shared {
        Shared {
            behavior,
            requests: AtomicU64::new(0),
            responses: AtomicU64::new(0),
            first_request: OnceLock::new(),
            queue_end: Mutex::new(None),
        }
    }

    /// Queues `n` responses behind those already queued, one every
    /// `1/per_second`; returns when the last of them is due.
    fn queue(&self, n: u64, per_second: f64) -> Instant {
        let each = Duration::from_secs_f64(1.0 / per_second.max(1.0));
        let mut end = self.queue_end.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let start = end.map_or(now, |e| e.max(now));
        let due = start + each * n as u32;
        *end = Some(due);
        due
    }
}

/// A parsed request head.
struct Head {
    len: usize,
    body_len: usize,
    keep_alive: bool,
    http10: bool,
    is_head: bool,
}

/// Parses the request head at the start of `buf` (leading blank lines already skipped).
/// `Ok(None)`: incomplete; `Err(())`: malformed or unsupported.
fn parse_head(buf: &[u8]) -> Result<Option<Head>, ()> {
    let Some(len) = find_head_end(buf) else {
        return if buf.len() > MAX_HEAD {
            Err(())
        } else {
            Ok(None)
        };
    };
    let text = std::str::from_utf8(&buf[..len]).map_err(|_| ())?;
    let mut lines = text.lines();
    let mut parts = lines.next().ok_or(())?.split_ascii_whitespace();
    let (method, _target, version) = (
        parts.next().ok_or(())?,
        parts.next().ok_or(())?,
        parts.next().ok_or(())?,
    );
    if parts.next().is_some() {
        return Err(());
    }
    let http10 = match version {
        "HTTP/1.1" => false,
        "HTTP/1.0" => true,
        _ => return Err(()),
    };
    let mut body_len: Option<usize> = None;
    let (mut close, mut keep) = (false, false);
    for line in lines.map(|l| l.trim_end_matches('\r')) {
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').ok_or(())?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            let n: usize = value.parse().map_err(|_| ())?;
            if body_len.is_some_and(|old| old != n) {
                return Err(());
            }
            body_len = Some(n);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(()); // chunked request bodies are not supported
        } else if name.eq_ignore_ascii_case("connection") {
            for token in value.split(',').map(str::trim) {
                close |= token.eq_ignore_ascii_case("close");
                keep |= token.eq_ignore_ascii_case("keep-alive");
            }
        }
    }
    Ok(Some(Head {
        len,
        body_len: body_len.unwrap_or(0),
        keep_alive: !close && (!http10 || keep),
        http10,
        is_head: method == "HEAD",
    }))
}

/// What to do with the connection after writing the batch of answers.
#[derive(PartialEq, Eq)]
enum After {
    KeepReading,
    /// Send FIN, wait briefly for the peer to close, then close.
    Close,
    /// Close with SO_LINGER 0 (RST).
    Reset,
}

fn ok_head(body_len: usize, connection: Option<&str>) -> Vec<u8> {
    let mut h = format!(
        "HTTP/1.1 200 OK\r\nServer: testkit\r\nContent-Type: text/plain\r\nContent-Length: {body_len}\r\n"
    );
    if let Some(c) = connection {
        h.push_str("Connection: ");
        h.push_str(c);
        h.push_str("\r\n");
    }
    h.push_str("\r\n");
    h.into_bytes()
}

const BAD_REQUEST: &[u8] =
    b"HTTP/1.1 400 Bad Request\r\nServer: testkit\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

/// Appends the behaviour's answer to one request to `out`; returns whether something was
/// answered and what to do afterwards.
fn answer(behavior: Behavior, req: &Head, out: &mut Vec<u8>) -> (bool, After) {
    match behavior {
        Behavior::Good { body } => answer_ok(body, req, out),
        Behavior::StallOnce { .. }
        | Behavior::Capacity { .. }
        | Behavior::NoisyCapacity { .. }
        | Behavior::Pausing { .. } => answer_ok(HELLO, req, out),
        Behavior::Reset => (false, After::Reset),
        Behavior::Garbage { garbage } => {
            out.extend_from_slice(garbage);
            (!garbage.is_empty(), After::KeepReading)
        }
        Behavior::EarlyClose { n } => {
            let head = ok_head(HELLO.len(), None);
            let n = n.min(head.len());
            out.extend_from_slice(&head[..n]);
            (n > 0, After::Close)
        }
        Behavior::NeverAnswers => (false, After::KeepReading),
        Behavior::ShortBody { announced, sent } => {
            out.extend_from_slice(&ok_head(announced, None));
            out.resize(out.len() + sent.min(announced), b'x');
            (true, After::Close)
        }
        Behavior::CloseOnAccept => (false, After::Close),
    }
}

fn answer_ok(body: &[u8], req: &Head, out: &mut Vec<u8>) -> (bool, After) {
    let connection = match (req.keep_alive, req.http10) {
        (false, _) => Some("close"),
        (true, true) => Some("keep-alive"),
        (true, false) => None,
    };
    out.extend_from_slice(&ok_head(body.len(), connection));
    if !req.is_head {
        out.extend_from_slice(body);
    }
    let after = if req.keep_alive {
        After::KeepReading
    } else {
        After::Close
    };
    (true, after)
}

/// Serves one connection until the peer closes, the behaviour closes, or the server stops.
fn serve(mut conn: Conn, shared: Arc<Shared>) {
    let behavior = shared.behavior;
    let mut buf: Vec<u8> = Vec::with_capacity(READ_CHUNK);
    let mut out: Vec<u8> = Vec::new();
    // Request whose head is parsed but whose body is still being consumed: (head, bytes left).
    let mut pending: Option<(Head, usize)> = None;
    let after = 'conn: loop {
        if conn.stopping() {
            return;
        }
        match read_more(&mut conn.stream, &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let mut consumed = 0;
        let mut answered = 0u64;
        let mut after = After::KeepReading;
        loop {
            if let Some((_, left)) = pending.as_mut() {
                let take = (*left).min(buf.len() - consumed);
                consumed += take;
                *left -= take;
                if *left > 0 {
                    break;
                }
                let (req, _) = pending.take().expect("pending request");
                shared.requests.fetch_add(1, Ordering::SeqCst);
                shared.first_request.get_or_init(Instant::now);
                let (did, next) = answer(behavior, &req, &mut out);
                answered += u64::from(did);
                if next != After::KeepReading {
                    after = next;
                    break;
                }
                continue;
            }
            // Tolerate blank lines between requests.
            while buf[consumed..].starts_with(b"\r\n") || buf[consumed..].starts_with(b"\n") {
                consumed += if buf[consumed] == b'\r' { 2 } else { 1 };
            }
            match parse_head(&buf[consumed..]) {
                Ok(None) => break,
                Ok(Some(req)) => {
                    consumed += req.len;
                    let left = req.body_len;
                    pending = Some((req, left));
                }
                Err(()) => {
                    if matches!(
                        behavior,
                        Behavior::Good { .. }
                            | Behavior::StallOnce { .. }
                            | Behavior::Capacity { .. }
                            | Behavior::NoisyCapacity { .. }
                            | Behavior::Pausing { .. }
                    ) {
                        out.extend_from_slice(BAD_REQUEST);
                    }
                    after = After::Close;
                    break;
                }
            }
        }
        buf.drain(..consumed);

        if !out.is_empty() {
            hold_answers(&conn, &shared, answered);
            shared.responses.fetch_add(answered, Ordering::SeqCst);
            if conn.stream.write_all(&out).is_err() {
                shared.responses.fetch_sub(answered, Ordering::SeqCst);
                return;
            }
            out.clear();
        }
        if after != After::KeepReading {
            break 'conn after;
        }
    };
    match after {
        After::Reset => set_linger_zero(&conn.stream),
        _ => lingering_close(&mut conn),
    }
    // `conn` drops here: unregister, then close.
}

/// Holds back the `answered` responses about to be written, as the behaviour asks: through
/// [`Behavior::StallOnce`]'s stall, or until [`Behavior::Capacity`]'s queue lets them go.
fn hold_answers(conn: &Conn, shared: &Shared, answered: u64) {
    if let Behavior::StallOnce {
        after: delay,
        stall,
    } = shared.behavior
    {
        if let Some(&first) = shared.first_request.get() {
            let (start, end) = (first + delay, first + delay + stall);
            if (start..end).contains(&Instant::now()) {
                conn.sleep_until(end);
            }
        }
    }
    match shared.behavior {
        Behavior::Capacity { per_second } => {
            conn.sleep_until(shared.queue(answered, f64::from(per_second)));
        }
        Behavior::NoisyCapacity {
            per_second,
            jitter_pct,
            seed,
        } => {
            let first = *shared.first_request.get_or_init(Instant::now);
            let slice = (first.elapsed().as_nanos() / NOISE_SLICE.as_nanos()) as u64;
            let u = unit_draw(seed ^ slice.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let rate = f64::from(per_second) * (1.0 + f64::from(jitter_pct) / 100.0 * u);
            conn.sleep_until(shared.queue(answered, rate));
        }
        Behavior::Pausing {
            per_second,
            pause,
            every,
        } => {
            let first = *shared.first_request.get_or_init(Instant::now);
            let due = shared.queue(answered, f64::from(per_second));
            let since = due.saturating_duration_since(first).as_nanos();
            let into = since % every.as_nanos().max(1);
            let due = match into < pause.as_nanos() {
                true => due + (pause - Duration::from_nanos(into as u64)),
                false => due,
            };
            conn.sleep_until(due);
        }
        _ => {}
    }
}

/// A number in [-1, 1) from `x` (splitmix64's mix): the same `x` gives
/// the same number.
fn unit_draw(x: u64) -> f64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
}

/// Reads what is there (up to [`READ_CHUNK`]) onto the end of `buf`.
fn read_more(stream: &mut impl Read, buf: &mut Vec<u8>) -> io::Result<usize> {
    let old = buf.len();
    buf.resize(old + READ_CHUNK, 0);
    let r = loop {
        match stream.read(&mut buf[old..]) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => break r,
        }
    };
    buf.truncate(old + *r.as_ref().unwrap_or(&0));
    r
}

/// What one read brought (the HTTP/2 and WebSocket servers' loops).
pub(crate) enum Input {
    Data,
    /// The read timed out.
    Idle,
    /// EOF or an error.
    Closed,
}

/// [`read_more`], told as an [`Input`].
pub(crate) fn read_some(stream: &mut impl Read, buf: &mut Vec<u8>) -> Input {
    match read_more(stream, buf) {
        Ok(0) => Input::Closed,
        Ok(_) => Input::Data,
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
            ) =>
        {
            Input::Idle
        }
        Err(_) => Input::Closed,
    }
}

fn set_linger_zero(stream: &TcpStream) {
    let linger = libc::linger {
        l_onoff: 1,
        l_linger: 0,
    };
    // SAFETY: setsockopt with a valid `linger` struct and its exact size.
    unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_LINGER,
            (&linger as *const libc::linger).cast(),
            std::mem::size_of::<libc::linger>() as libc::socklen_t,
        );
    }
}

/// Sends FIN, then discards incoming data until the peer closes (or [`LINGER`] passes, or the
/// server stops), so that unread request bytes do not make the kernel answer the close with RST.
fn lingering_close(conn: &mut Conn) {
    if conn.stream.shutdown(Shutdown::Write).is_err() {
        return;
    }
    let deadline = Instant::now() + LINGER;
    let _ = conn
        .stream
        .set_read_timeout(Some(Duration::from_millis(50)));
    let mut sink = [0u8; 4096];
    while !conn.stopping() && Instant::now() < deadline {
        match conn.stream.read(&mut sink) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock
                        | io::ErrorKind::TimedOut
                        | io::ErrorKind::Interrupted
                ) => {}
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_end() {
        assert_eq!(find_head_end(b""), None);
        assert_eq!(find_head_end(b"GET / HTTP/1.1\r\nHost: x\r\n"), None);
        assert_eq!(find_head_end(b"GET / HTTP/1.1\r\n\r\nrest"), Some(18));
        assert_eq!(find_head_end(b"GET / HTTP/1.1\n\nrest"), Some(16));
        assert_eq!(find_head_end(b"GET / HTTP/1.1\r\nA: b\r\n\r"), None);
    }

    #[test]
    fn parses_heads() {
        let h = parse_head(b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
            .unwrap()
            .unwrap();
        assert_eq!(
            (h.len, h.body_len, h.keep_alive, h.http10),
            (38, 5, true, false)
        );
        let h = parse_head(b"GET / HTTP/1.0\r\n\r\n").unwrap().unwrap();
        assert!(!h.keep_alive && h.http10);
        let h = parse_head(b"GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
            .unwrap()
            .unwrap();
        assert!(h.keep_alive);
        let h = parse_head(b"GET / HTTP/1.1\r\nconnection: CLOSE\r\n\r\n")
            .unwrap()
            .unwrap();
        assert!(!h.keep_alive);
        assert!(parse_head(b"GET / HTTP/1.1\r\nA: b").unwrap().is_none());
        assert!(parse_head(b"GARBAGE\r\n\r\n").is_err());
        assert!(parse_head(b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n").is_err());
        assert!(parse_head(&vec![b'a'; MAX_HEAD + 1]).is_err());
    }
}
