//! A hand-written HTTP/2 test server (h2c, prior knowledge) that misbehaves on purpose.
//!
//! [`H2TestServer`] binds `127.0.0.1:0` and serves each connection on its own thread according to
//! an [`H2Behavior`]. Frames are written by hand (RFC 9113), without an HTTP/2 library, so that
//! the server can send bytes a real server never would: malformed frames, invalid HPACK blocks,
//! resets, early GOAWAYs, garbage. The correct parts are just enough of a server to exercise a
//! client: the connection preface, SETTINGS and their acks, flow control on the connection and
//! stream windows, PING acks, CONTINUATION, the client's RST_STREAM and GOAWAY.
//!
//! Requests are not HPACK-decoded: a request is a client-opened stream whose HEADERS (with any
//! CONTINUATION) and optional DATA have ended with END_STREAM. A response is `:status 200` and a
//! `content-length`, then the body in DATA frames of at most 16384 bytes. The body is
//! `body_bytes` bytes of `x` for [`H2Behavior::Good`], `Hello World\n` for every other behaviour.
//!
//! It must not: speak TLS, upgrade from HTTP/1.1, push, or enforce limits on the client. A client
//! that opens more than `max_streams` streams is still answered;
//! [`H2TestServer::max_concurrent_seen`] is how a test notices.
//!
//! This file holds the server (accept loop, connection threads, counters); `frame` holds the
//! frame codec and `session` the per-connection protocol state, which does no I/O.
//!
//! ```
//! use std::io::{Read, Write};
//! use barrage_testkit::h2::{H2Behavior, H2TestServer};
//!
//! let server = H2TestServer::start(H2Behavior::Silent);
//! let mut s = std::net::TcpStream::connect(server.addr()).unwrap();
//! s.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0").unwrap();
//! s.set_read_timeout(Some(std::time::Duration::from_millis(100))).unwrap();
//! assert!(s.read(&mut [0u8; 64]).is_err()); // nothing comes, not even SETTINGS
//! assert_eq!(server.connections(), 1);
//! ```

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::{lock, pipe, raise_fd_limit, HELLO};

mod frame;
mod session;
#[cfg(test)]
mod tests;

use session::{Phase, Session};

/// SETTINGS_MAX_CONCURRENT_STREAMS advertised by the behaviours without a `max_streams`.
const DEFAULT_MAX_STREAMS: u32 = 100;
/// Period of the connection threads' blocking reads (to flush and to notice a stop).
const READ_TIMEOUT: Duration = Duration::from_millis(20);
/// Size of one read from a connection.
const READ_CHUNK: usize = 16 * 1024;
/// Stack size of the per-connection threads (their buffers are on the heap).
const CONN_STACK: usize = 128 * 1024;
/// Safety-net period of the accept loop's poll (the wake-up pipe normally ends it at once).
const ACCEPT_POLL_MS: libc::c_int = 200;
/// How long a close waits for the peer to close after our FIN, so our last frames are not
/// destroyed by a reset.
const LINGER: Duration = Duration::from_secs(1);
/// How long `Drop` waits for connection threads before leaving stragglers detached.
const DROP_JOIN_DEADLINE: Duration = Duration::from_millis(900);
/// Bytes sent by [`H2Behavior::Garbage`].
const GARBAGE_BYTES: usize = 256;

/// How an [`H2TestServer`] treats its connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum H2Behavior {
    /// Answers every request: HEADERS (`:status 200`, `content-length`) + DATA body of
    /// `body_bytes`, respecting the client's flow-control windows (initial window from its
    /// SETTINGS, WINDOW_UPDATEs), advertising SETTINGS_MAX_CONCURRENT_STREAMS = `max_streams`.
    Good {
        /// Advertised SETTINGS_MAX_CONCURRENT_STREAMS (not enforced).
        max_streams: u32,
        /// Body length of every response (bytes of `x`).
        body_bytes: usize,
    },
    /// Like Good (with the body `Hello World\n`) but after answering `after` streams on a
    /// connection sends GOAWAY(last_stream_id = last answered, NO_ERROR) and closes the
    /// connection once written. Only the first `after` requests are answered; streams above them
    /// get nothing. With `after == 0` the GOAWAY (last_stream_id 0) follows the SETTINGS.
    GoawayAfter {
        /// Responses per connection before the GOAWAY.
        after: u32,
        /// Advertised SETTINGS_MAX_CONCURRENT_STREAMS (not enforced).
        max_streams: u32,
    },
    /// Answers every `every`th request (counted over the whole server, so the number of resets
    /// is exactly `streams / every` however the requests were spread over connections) with
    /// RST_STREAM instead of a response; the others are answered normally. The resets alternate
    /// REFUSED_STREAM (1st, 3rd, ...) and INTERNAL_ERROR (2nd, 4th, ...). `every == 0` never
    /// resets. A reset is not counted in [`H2TestServer::responses`].
    ResetEvery {
        /// Period of the resets, in requests.
        every: u32,
    },
    /// After the client's preface and SETTINGS, sends (instead of its own SETTINGS) a SETTINGS
    /// frame of length 5, not a multiple of 6: a connection error (FRAME_SIZE_ERROR). Then reads
    /// and ignores everything until the client closes.
    MalformedFrame,
    /// Answers the first request of each connection with a HEADERS frame (END_HEADERS,
    /// END_STREAM) whose HPACK block is `0x88 0x80`: `:status 200`, then an indexed field with
    /// index 0, a decoding error. Later requests are answered normally. The bad answer counts as
    /// a response.
    BadHpack,
    /// Answers with a header block split across HEADERS (with PADDED and PRIORITY flags) and two
    /// CONTINUATION frames, and a body in padded DATA frames of at most 5 bytes each: all legal,
    /// to test the client's parser. (When a window is too small for the padding, the DATA frame
    /// is sent unpadded.)
    Fragmented,
    /// Sends a PING before each response (the client must ACK) and answers normally.
    Pings,
    /// Accepts, reads, never answers anything (not even SETTINGS). Requests are not counted.
    Silent,
    /// Sends 256 pseudo-random bytes (the same on every connection for a given `seed`) instead
    /// of SETTINGS right after accept, then reads and ignores everything until the client closes.
    Garbage {
        /// Seed of the byte generator.
        seed: u64,
    },
}

impl H2Behavior {
    /// SETTINGS_MAX_CONCURRENT_STREAMS to advertise.
    fn max_streams(self) -> u32 {
        match self {
            H2Behavior::Good { max_streams, .. } | H2Behavior::GoawayAfter { max_streams, .. } => {
                max_streams
            }
            _ => DEFAULT_MAX_STREAMS,
        }
    }

    /// Body length of every normal response.
    fn body_len(self) -> usize {
        match self {
            H2Behavior::Good { body_bytes, .. } => body_bytes,
            _ => HELLO.len(),
        }
    }
}

/// A misbehaving (or well-behaved) HTTP/2 cleartext server on `127.0.0.1`, stopped when dropped.
pub struct H2TestServer {
    addr: SocketAddr,
    shared: Arc<Shared>,
    /// Write end of the pipe that wakes the accept loop.
    wake: Option<OwnedFd>,
    accept: Option<JoinHandle<Vec<JoinHandle<()>>>>,
}

impl std::fmt::Debug for H2TestServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("H2TestServer")
            .field("addr", &self.addr)
            .field("behavior", &self.shared.behavior)
            .field("streams", &self.streams())
            .field("responses", &self.responses())
            .field("connections", &self.connections())
            .finish()
    }
}

impl H2TestServer {
    /// Binds `127.0.0.1:0`, serves on background threads (one thread per connection) and
    /// returns once listening.
    ///
    /// # Panics
    /// If the listener cannot be created or the accept thread cannot be spawned.
    pub fn start(behavior: H2Behavior) -> H2TestServer {
        raise_fd_limit();
        let listener = TcpListener::bind("127.0.0.1:0").expect("testkit: bind 127.0.0.1:0");
        listener
            .set_nonblocking(true)
            .expect("testkit: nonblocking listener");
        let addr = listener.local_addr().expect("testkit: local_addr");
        let (wake_rx, wake_tx) = pipe().expect("testkit: pipe");
        let shared = Arc::new(Shared::new(behavior));
        let accept = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name(format!("testkit-h2-accept-{}", addr.port()))
                .stack_size(256 * 1024)
                .spawn(move || accept_loop(listener, wake_rx, shared))
                .expect("testkit: spawn accept thread")
        };
        H2TestServer {
            addr,
            shared,
            wake: Some(wake_tx),
            accept: Some(accept),
        }
    }

    /// The listening address (`127.0.0.1:PORT`).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT/path` (a missing leading `/` is added).
    pub fn url(&self, path: &str) -> String {
        let sep = if path.starts_with('/') { "" } else { "/" };
        format!("http://{}{sep}{path}", self.addr)
    }

    /// Requests received: streams opened by a client HEADERS frame (a request still waiting for
    /// its END_STREAM is counted). Not counted for [`H2Behavior::Silent`],
    /// [`H2Behavior::Garbage`] and [`H2Behavior::MalformedFrame`], which do not parse frames.
    pub fn streams(&self) -> u64 {
        self.shared.streams.load(Ordering::SeqCst)
    }

    /// Responses fully sent: the frame with END_STREAM was written (counted just before the
    /// write and uncounted if it fails, so a client that read a response sees it counted).
    /// A subset of [`H2TestServer::streams`]; resets are not responses.
    pub fn responses(&self) -> u64 {
        self.shared.responses.load(Ordering::SeqCst)
    }

    /// Connections accepted (counted at accept, before any byte is read).
    pub fn connections(&self) -> u64 {
        self.shared.connections.load(Ordering::SeqCst)
    }

    /// The most streams any one connection had open at once: a stream is open from its request
    /// HEADERS until the server sent END_STREAM or RST_STREAM on it, or the client reset it.
    /// Compare with `max_streams` to check that a client respects SETTINGS_MAX_CONCURRENT_STREAMS.
    pub fn max_concurrent_seen(&self) -> u32 {
        self.shared.max_concurrent.load(Ordering::SeqCst)
    }

    /// PING frames with the ACK flag received from clients.
    pub fn pings_acked(&self) -> u64 {
        self.shared.pings_acked.load(Ordering::SeqCst)
    }

    /// WINDOW_UPDATE frames received from clients (connection and stream level).
    pub fn window_updates(&self) -> u64 {
        self.shared.window_updates.load(Ordering::SeqCst)
    }
}

impl Drop for H2TestServer {
    fn drop(&mut self) {
        self.shared.stopping.store(true, Ordering::SeqCst);
        self.shared.shutdown_all();
        // Wake the accept loop; dropping the write end also makes the pipe readable (EOF).
        if let Some(wake) = self.wake.take() {
            // SAFETY: writing one byte from a valid buffer to a pipe we own.
            unsafe { libc::write(wake.as_raw_fd(), [1u8].as_ptr().cast(), 1) };
        }
        let handles = self
            .accept
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        // Connections accepted while we were stopping are registered by now.
        self.shared.shutdown_all();
        let deadline = Instant::now() + DROP_JOIN_DEADLINE;
        while handles.iter().any(|h| !h.is_finished()) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(1));
        }
        for h in handles.into_iter().filter(|h| h.is_finished()) {
            let _ = h.join();
        }
    }
}

/// State shared by the server handle, the accept loop and the connection threads.
struct Shared {
    behavior: H2Behavior,
    streams: AtomicU64,
    responses: AtomicU64,
    connections: AtomicU64,
    max_concurrent: AtomicU32,
    pings_acked: AtomicU64,
    window_updates: AtomicU64,
    /// Requests whose answer has begun, over all connections ([`H2Behavior::ResetEvery`]).
    answers_begun: AtomicU64,
    stopping: AtomicBool,
    /// Raw fds of the open connections, so `Drop` can `shutdown(2)` them. A connection removes
    /// its entry before closing its socket, so an fd here is never a reused number.
    fds: Mutex<HashMap<u64, RawFd>>,
    next_id: AtomicU64,
}

impl Shared {
    fn new(behavior: H2Behavior) -> Shared {
        Shared {
            behavior,
            streams: AtomicU64::new(0),
            responses: AtomicU64::new(0),
            connections: AtomicU64::new(0),
            max_concurrent: AtomicU32::new(0),
            pings_acked: AtomicU64::new(0),
            window_updates: AtomicU64::new(0),
            answers_begun: AtomicU64::new(0),
            stopping: AtomicBool::new(false),
            fds: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
        }
    }

    fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    fn shutdown_all(&self) {
        for &fd in lock(&self.fds).values() {
            // SAFETY: the fd is open while it is in the map (removed under this lock before close).
            unsafe { libc::shutdown(fd, libc::SHUT_RDWR) };
        }
    }

    /// Registers a new accepted connection and returns its handle.
    fn open_conn(self: &Arc<Self>, stream: TcpStream) -> Conn {
        self.connections.fetch_add(1, Ordering::SeqCst);
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        lock(&self.fds).insert(id, stream.as_raw_fd());
        Conn {
            shared: Arc::clone(self),
            id,
            stream,
        }
    }
}

/// An accepted connection; dropping it unregisters it, then closes the socket.
struct Conn {
    shared: Arc<Shared>,
    id: u64,
    stream: TcpStream,
}

impl Drop for Conn {
    fn drop(&mut self) {
        lock(&self.shared.fds).remove(&self.id);
        // `stream` is closed after this, when the fields drop.
    }
}

fn accept_loop(listener: TcpListener, wake: OwnedFd, shared: Arc<Shared>) -> Vec<JoinHandle<()>> {
    let mut handles: Vec<JoinHandle<()>> = Vec::new();
    loop {
        let mut pfds = [listener.as_raw_fd(), wake.as_raw_fd()].map(|fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        });
        // SAFETY: `pfds` is a valid array of two pollfd structs.
        unsafe { libc::poll(pfds.as_mut_ptr(), 2, ACCEPT_POLL_MS) };
        loop {
            if shared.stopping() {
                return handles;
            }
            let stream = match listener.accept() {
                Ok((s, _)) => s,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    // E.g. EMFILE: back off instead of spinning.
                    thread::sleep(Duration::from_millis(10));
                    break;
                }
            };
            let _ = stream.set_nonblocking(false);
            let _ = stream.set_nodelay(true);
            let conn = shared.open_conn(stream);
            let spawned = thread::Builder::new()
                .name("testkit-h2-conn".into())
                .stack_size(CONN_STACK)
                .spawn(move || serve(conn));
            // On spawn failure the closure, and with it the connection, is dropped (closed).
            if let Ok(h) = spawned {
                handles.push(h);
            }
            if handles.len() >= 256 && handles.len().is_power_of_two() {
                handles.retain(|h| !h.is_finished());
            }
        }
    }
}

/// Serves one connection until the peer closes, the behaviour closes, or the server stops.
fn serve(mut conn: Conn) {
    let shared = Arc::clone(&conn.shared);
    let _ = conn.stream.set_read_timeout(Some(READ_TIMEOUT));
    match shared.behavior {
        H2Behavior::Silent => return discard_until_closed(&mut conn.stream, &shared, None),
        H2Behavior::Garbage { seed } => {
            if conn.stream.write_all(&garbage(seed)).is_ok() {
                discard_until_closed(&mut conn.stream, &shared, None);
            }
            return;
        }
        _ => {}
    }
    let mut session = Session::new(Arc::clone(&shared));
    let mut buf: Vec<u8> = Vec::with_capacity(READ_CHUNK);
    loop {
        if shared.stopping() {
            return;
        }
        match read_some(&mut conn.stream, &mut buf) {
            Input::Closed => return,
            Input::Data | Input::Idle => {}
        }
        let used = session.on_read(&buf);
        buf.drain(..used);
        session.pump();
        if !session.out.is_empty() {
            let done = std::mem::take(&mut session.responses_in_out);
            shared.responses.fetch_add(done, Ordering::SeqCst);
            if conn.stream.write_all(&session.out).is_err() {
                shared.responses.fetch_sub(done, Ordering::SeqCst);
                return;
            }
            session.out.clear();
        }
        if session.phase == Phase::Close {
            if conn.stream.shutdown(Shutdown::Write).is_ok() {
                discard_until_closed(&mut conn.stream, &shared, Some(Instant::now() + LINGER));
            }
            return;
        }
    }
}

/// What one read brought.
enum Input {
    Data,
    /// The read timed out.
    Idle,
    /// EOF or an error.
    Closed,
}

fn read_some(stream: &mut TcpStream, buf: &mut Vec<u8>) -> Input {
    let old = buf.len();
    buf.resize(old + READ_CHUNK, 0);
    let r = loop {
        match stream.read(&mut buf[old..]) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => break r,
        }
    };
    buf.truncate(old + *r.as_ref().unwrap_or(&0));
    match r {
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

/// Reads and drops input until the peer closes, the server stops or `deadline` passes.
fn discard_until_closed(stream: &mut TcpStream, shared: &Shared, deadline: Option<Instant>) {
    let mut sink = Vec::with_capacity(READ_CHUNK);
    while !shared.stopping() && deadline.is_none_or(|d| Instant::now() < d) {
        sink.clear();
        if let Input::Closed = read_some(stream, &mut sink) {
            return;
        }
    }
}

/// [`GARBAGE_BYTES`] bytes from a splitmix64 generator seeded with `seed`.
fn garbage(seed: u64) -> Vec<u8> {
    let mut state = seed;
    let mut out = Vec::with_capacity(GARBAGE_BYTES);
    while out.len() < GARBAGE_BYTES {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        out.extend_from_slice(&(z ^ (z >> 31)).to_be_bytes());
    }
    out
}
