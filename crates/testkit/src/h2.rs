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
//! This file holds the server (connection threads, counters); the accept loop and the stop on
//! drop are the crate's shared `listener`, `frame` holds the frame codec and `session` the
//! per-connection protocol state, which does no I/O.
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

use std::io::Write;
use std::net::{Shutdown, SocketAddr};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::listener::{Conn, Listener, Spec};
use crate::{read_some, Input, HELLO, READ_CHUNK};

mod flood;
mod frame;
mod session;
#[cfg(test)]
mod tests;

pub use flood::H2Flood;
use session::{Phase, Session};

/// SETTINGS_MAX_CONCURRENT_STREAMS advertised by the behaviours without a `max_streams`.
const DEFAULT_MAX_STREAMS: u32 = 100;
/// Period of the connection threads' blocking reads (to flush and to notice a stop).
const READ_TIMEOUT: Duration = Duration::from_millis(20);
/// Size of one read from a connection.
/// Stack size of the per-connection threads (their buffers are on the heap).
const CONN_STACK: usize = 128 * 1024;
/// How long a close waits for the peer to close after our FIN, so our last frames are not
/// destroyed by a reset.
const LINGER: Duration = Duration::from_secs(1);
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
    /// Advertises SETTINGS_INITIAL_WINDOW_SIZE 0 and never opens a window: a request without
    /// a body is answered, a body can never be sent.
    ZeroWindow,
    /// A hostile peer: one kind of frame as fast as the socket takes it, never reading
    /// ([`H2Flood`]). The batches of frames written are counted in
    /// [`H2TestServer::flood_batches`].
    Flood(H2Flood),
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
    /// Accepts the connections; dropping it stops the server.
    listener: Listener,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for H2TestServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("H2TestServer")
            .field("addr", &self.addr())
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
        let spec = Spec {
            name: "testkit-h2",
            conn_stack: CONN_STACK,
            backlog: None,
            close_on_accept: false,
        };
        let shared = Arc::new(Shared::new(behavior));
        let listener = Listener::start(spec, Arc::clone(&shared), serve);
        H2TestServer { listener, shared }
    }

    /// The listening address (`127.0.0.1:PORT`).
    pub fn addr(&self) -> SocketAddr {
        self.listener.addr()
    }

    /// `http://127.0.0.1:PORT/path` (a missing leading `/` is added).
    pub fn url(&self, path: &str) -> String {
        self.listener.url(path)
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
        self.listener.connections()
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

    /// [`H2Behavior::Flood`]: batches of flood frames written whole, over all connections.
    pub fn flood_batches(&self) -> u64 {
        self.shared.flood_batches.load(Ordering::SeqCst)
    }

    /// WINDOW_UPDATE frames received from clients (connection and stream level).
    pub fn window_updates(&self) -> u64 {
        self.shared.window_updates.load(Ordering::SeqCst)
    }
}

/// State shared by the server handle, the connection threads and their sessions (the listener
/// keeps the connection count and the stop signal).
struct Shared {
    behavior: H2Behavior,
    streams: AtomicU64,
    responses: AtomicU64,
    max_concurrent: AtomicU32,
    pings_acked: AtomicU64,
    window_updates: AtomicU64,
    /// Requests whose answer has begun, over all connections ([`H2Behavior::ResetEvery`]).
    answers_begun: AtomicU64,
    /// [`H2Behavior::Flood`]: batches of frames written whole.
    flood_batches: AtomicU64,
}

impl Shared {
    fn new(behavior: H2Behavior) -> Shared {
        Shared {
            behavior,
            streams: AtomicU64::new(0),
            responses: AtomicU64::new(0),
            max_concurrent: AtomicU32::new(0),
            pings_acked: AtomicU64::new(0),
            window_updates: AtomicU64::new(0),
            answers_begun: AtomicU64::new(0),
            flood_batches: AtomicU64::new(0),
        }
    }
}

/// Serves one connection until the peer closes, the behaviour closes, or the server stops.
fn serve(mut conn: Conn, shared: Arc<Shared>) {
    let _ = conn.stream.set_read_timeout(Some(READ_TIMEOUT));
    match shared.behavior {
        H2Behavior::Silent => return discard_until_closed(&mut conn, None),
        H2Behavior::Flood(flood) => {
            let batches = flood::serve(&mut conn, flood);
            shared.flood_batches.fetch_add(batches, Ordering::SeqCst);
            return;
        }
        H2Behavior::Garbage { seed } => {
            if conn.stream.write_all(&garbage(seed)).is_ok() {
                discard_until_closed(&mut conn, None);
            }
            return;
        }
        _ => {}
    }
    let mut session = Session::new(Arc::clone(&shared));
    let mut buf: Vec<u8> = Vec::with_capacity(READ_CHUNK);
    loop {
        if conn.stopping() {
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
                discard_until_closed(&mut conn, Some(Instant::now() + LINGER));
            }
            return;
        }
    }
}

/// Reads and drops input until the peer closes, the server stops or `deadline` passes.
fn discard_until_closed(conn: &mut Conn, deadline: Option<Instant>) {
    let mut sink = Vec::with_capacity(READ_CHUNK);
    while !conn.stopping() && deadline.is_none_or(|d| Instant::now() < d) {
        sink.clear();
        if let Input::Closed = read_some(&mut conn.stream, &mut sink) {
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
