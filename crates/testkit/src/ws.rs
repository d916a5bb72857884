//! A hand-written WebSocket test server (RFC 6455) that misbehaves on purpose.
//!
//! [`WsTestServer`] binds `127.0.0.1:0` and serves each connection on its own thread according
//! to a [`WsBehavior`]: a correct echo server ([`WsBehavior::Echo`], which can also push, stall
//! once, fragment its answers or close after a number of messages), and servers that refuse the
//! upgrade or break the protocol in the ways a client must classify: masked or reserved-bit
//! frames, a length with its top bit set, a length that never arrives, silence to pings, a close
//! mid-frame, a flood, bad UTF-8 split across fragments. Over TLS (`wss://`) with
//! [`WsTestServer::start_tls`] and a fresh self-signed certificate.
//!
//! The frames are written by hand (the private `frame` module), so the server can write bytes
//! a real server never would; `handshake` holds the upgrade's bytes, `session` a connection's
//! protocol state and `transport` plain TCP or TLS. The accept loop and the stop on drop are the
//! crate's shared `listener`.
//!
//! The server counts what it received and sent ([`WsTestServer::messages_received`],
//! [`WsTestServer::messages_echoed`], ...), so a test can hold a client's counts against the
//! server's own; [`WsTestServer::wait_idle`] waits until every connection has been served to its
//! end, so that the counts are final.
//!
//! It must not: negotiate extensions or subprotocols, speak HTTP/2 (RFC 8441), or serve
//! anything but the upgrade.
//!
//! ```
//! use std::io::{Read, Write};
//! use barrage_testkit::ws::{WsBehavior, WsTestServer};
//!
//! let server = WsTestServer::start(WsBehavior::Refuse { status: 403 });
//! let mut s = std::net::TcpStream::connect(server.addr()).unwrap();
//! s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
//!     Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").unwrap();
//! let mut answer = String::new();
//! s.read_to_string(&mut answer).unwrap();
//! assert!(answer.starts_with("HTTP/1.1 403 Forbidden\r\n"));
//! assert_eq!(server.upgrades(), 0);
//! ```

use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::listener::{Conn, Listener, Spec};
use crate::{read_some, Input, READ_CHUNK};

mod frame;
mod handshake;
mod hostile;
mod session;
#[cfg(test)]
mod tests;
mod transport;

pub use hostile::WsHostile;
use session::{Phase, Session};
use transport::Transport;

/// Stack size of the per-connection threads (buffers are on the heap; rustls needs some room).
const CONN_STACK: usize = 256 * 1024;
/// Period of the connection threads' blocking reads (to push, flush and notice a stop).
const READ_TIMEOUT: Duration = Duration::from_millis(20);
/// [`WsBehavior::Flood`]'s read timeout: short, the loop is busy writing.
const FLOOD_READ_TIMEOUT: Duration = Duration::from_millis(1);
/// Messages [`WsBehavior::Flood`] writes per turn of its loop.
const FLOOD_BATCH: u64 = 1024;
/// Payload bytes of a flooded message.
const FLOOD_BYTES: usize = 64;
/// Size of one read from a connection.
/// Largest upgrade request head read.
const MAX_HEAD: usize = 64 * 1024;
/// How long a connection may take to send its upgrade request.
const HANDSHAKE_WAIT: Duration = Duration::from_secs(10);
/// How long a close waits for the client's end after ours.
const LINGER: Duration = Duration::from_secs(1);
/// Pushes late by more than this are dropped rather than sent in a burst.
const PUSH_CATCH_UP: Duration = Duration::from_secs(1);

/// How a [`WsTestServer`] treats its connections. Unless a variant says otherwise, it accepts
/// the upgrade, echoes every message, answers pings, and answers a Close with a Close.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WsBehavior {
    /// A correct server, with the options of [`Echo`].
    Echo(Echo),
    /// Refuses the upgrade with `status` (e.g. 403 Forbidden) and closes.
    Refuse {
        /// The status of the refusal.
        status: u16,
    },
    /// Answers `101` with a `Sec-WebSocket-Accept` for another key, then reads and drops.
    BadAccept,
    /// Echoes each message in a masked frame (a server must not mask).
    MaskedFrames,
    /// Echoes each message with RSV1 set (no extension was negotiated).
    ReservedBits,
    /// Answers the first message of a connection with a binary frame whose 64-bit length has
    /// its top bit set (2^63), 16 bytes, then reads and drops.
    LengthTopBit,
    /// Answers the first message with a binary frame announcing `len` bytes (e.g. 2^40: legal,
    /// and more than a client keeps; or a few MiB under a client's limit) and sends 16 of them,
    /// then reads and drops: the rest never arrives.
    LengthNeverArrives {
        /// The payload length announced (in a 64-bit length above 65535).
        len: u64,
    },
    /// Echoes data, never answers a ping.
    IgnorePings,
    /// Answers the first message with the first half of its echo frame, then ends the TCP
    /// connection (both ways, no Close).
    CloseMidFrame,
    /// Pushes 64-byte binary messages as fast as it can, unasked, from the upgrade on, and
    /// echoes as well; pushed messages are counted in [`WsTestServer::messages_pushed`].
    Flood,
    /// A hostile peer after the upgrade ([`WsHostile`]): a flood that never reads, or a
    /// control frame over 125 bytes. Batches written whole are counted in
    /// [`WsTestServer::flood_batches`].
    Hostile(WsHostile),
    /// Answers the first message with a text message in two fragments, `ab\xE2\x82` and
    /// `\x28cd`: invalid UTF-8 across the split; echoes the later ones.
    BadUtf8Fragments,
}

impl WsBehavior {
    /// A correct echo server without options.
    pub fn echo() -> WsBehavior {
        WsBehavior::Echo(Echo::default())
    }
}

/// The options of [`WsBehavior::Echo`]; the default is a plain echo server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Echo {
    /// Push this many binary messages a second on each connection, unasked, from the upgrade
    /// on (0: none), as a subscription does.
    pub push_per_s: u32,
    /// Payload bytes of a pushed message (0: 64).
    pub push_bytes: usize,
    /// Stall once, over all connections.
    pub stall: Option<Stall>,
    /// Echo each message in three fragments (the first of one byte, splitting a multi-byte
    /// character), with a ping between the first two.
    pub fragment: bool,
    /// After echoing this many messages on a connection, send Close (1001, "going away").
    pub close_after: Option<u64>,
}

/// A global pause, like a GC pause: once `after_messages` messages have been received (over
/// all connections), no connection answers for `stall`; what arrives in between is answered
/// when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stall {
    /// Messages received before the stall begins.
    pub after_messages: u64,
    /// Length of the stall.
    pub stall: Duration,
}

/// A misbehaving (or well-behaved) WebSocket server on `127.0.0.1`, stopped when dropped.
pub struct WsTestServer {
    /// Accepts the connections; dropping it stops the server.
    listener: Listener,
    shared: Arc<Shared>,
    /// With TLS: the certificate's PEM.
    certificate_pem: Option<String>,
}

impl std::fmt::Debug for WsTestServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WsTestServer")
            .field("url", &self.url("/"))
            .field("behavior", &self.shared.behavior)
            .field("connections", &self.connections())
            .field("upgrades", &self.upgrades())
            .field("messages_received", &self.messages_received())
            .field("messages_echoed", &self.messages_echoed())
            .field("messages_pushed", &self.messages_pushed())
            .field("protocol_errors", &self.protocol_errors())
            .finish()
    }
}

impl WsTestServer {
    /// Binds `127.0.0.1:0` (`ws://`), serves on background threads (one per connection) and
    /// returns once listening.
    ///
    /// # Panics
    /// If the listener cannot be created or the accept thread cannot be spawned.
    pub fn start(behavior: WsBehavior) -> WsTestServer {
        WsTestServer::launch(behavior, None)
    }

    /// As [`WsTestServer::start`], over TLS (`wss://`) with a fresh self-signed certificate for
    /// `localhost` and `127.0.0.1` ([`WsTestServer::certificate_pem`]).
    pub fn start_tls(behavior: WsBehavior) -> WsTestServer {
        let (config, pem) = transport::self_signed();
        let mut server = WsTestServer::launch(behavior, Some(config));
        server.certificate_pem = Some(pem);
        server
    }

    fn launch(behavior: WsBehavior, tls: Option<Arc<rustls::ServerConfig>>) -> WsTestServer {
        let spec = Spec {
            name: "testkit-ws",
            conn_stack: CONN_STACK,
            backlog: None,
            close_on_accept: false,
        };
        let shared = Arc::new(Shared::new(behavior, tls));
        let listener = Listener::start(spec, Arc::clone(&shared), serve);
        WsTestServer {
            listener,
            shared,
            certificate_pem: None,
        }
    }

    /// The listening address (`127.0.0.1:PORT`).
    pub fn addr(&self) -> SocketAddr {
        self.listener.addr()
    }

    /// `ws://127.0.0.1:PORT/path`, or `wss://` over TLS (a missing leading `/` is added).
    pub fn url(&self, path: &str) -> String {
        let sep = if path.starts_with('/') { "" } else { "/" };
        let scheme = if self.shared.tls.is_some() {
            "wss"
        } else {
            "ws"
        };
        format!("{scheme}://{}{sep}{path}", self.addr())
    }

    /// The self-signed certificate's PEM (a client's `--cacert`), for a server over TLS.
    pub fn certificate_pem(&self) -> Option<&str> {
        self.certificate_pem.as_deref()
    }

    /// Connections accepted (counted at accept, before any byte is read).
    pub fn connections(&self) -> u64 {
        self.listener.connections()
    }

    /// Upgrades answered with `101` (a [`WsBehavior::BadAccept`] one included).
    pub fn upgrades(&self) -> u64 {
        self.shared.upgrades.load(Ordering::SeqCst)
    }

    /// The last upgrade request's head (request line and headers), as received.
    pub fn last_upgrade_request(&self) -> Option<String> {
        lock(&self.shared.last_request).clone()
    }

    /// Whole data messages received from clients (a fragmented message is one), counted as the
    /// last frame is read, before the answer. A text message that is not UTF-8 is not counted.
    pub fn messages_received(&self) -> u64 {
        self.shared.received.load(Ordering::SeqCst)
    }

    /// Their payload bytes.
    pub fn payload_bytes_received(&self) -> u64 {
        self.shared.payload_received.load(Ordering::SeqCst)
    }

    /// Answers to data messages written in full (echoes, and the broken answers of the
    /// misbehaving servers other than those that break the stream mid-frame). Counted just
    /// before the write and uncounted if it fails.
    pub fn messages_echoed(&self) -> u64 {
        self.shared.echoed.load(Ordering::SeqCst)
    }

    /// [`WsBehavior::Hostile`]: batches of hostile frames written whole, over all connections.
    pub fn flood_batches(&self) -> u64 {
        self.shared.flood_batches.load(Ordering::SeqCst)
    }

    /// Messages pushed unasked ([`Echo::push_per_s`], [`WsBehavior::Flood`]), counted as
    /// [`WsTestServer::messages_echoed`] is.
    pub fn messages_pushed(&self) -> u64 {
        self.shared.pushed.load(Ordering::SeqCst)
    }

    /// Pings received from clients.
    pub fn pings_received(&self) -> u64 {
        self.shared.pings_received.load(Ordering::SeqCst)
    }

    /// Pongs sent in answer.
    pub fn pongs_sent(&self) -> u64 {
        self.shared.pongs_sent.load(Ordering::SeqCst)
    }

    /// Pings the server sent ([`Echo::fragment`]).
    pub fn pings_sent(&self) -> u64 {
        self.shared.pings_sent.load(Ordering::SeqCst)
    }

    /// Pongs received from clients.
    pub fn pongs_received(&self) -> u64 {
        self.shared.pongs_received.load(Ordering::SeqCst)
    }

    /// Close frames received from clients.
    pub fn closes_received(&self) -> u64 {
        self.shared.closes_received.load(Ordering::SeqCst)
    }

    /// Client frames that broke the protocol (unmasked, reserved bits, bad opcode, bad
    /// fragmentation, a text message not UTF-8, over 16 MiB): each is answered with Close.
    pub fn protocol_errors(&self) -> u64 {
        self.shared.protocol_errors.load(Ordering::SeqCst)
    }

    /// Waits until no connection is being served (every one has ended), at most `timeout`;
    /// whether they all ended. After a client has gone, its last frames may still be in the
    /// server's socket: wait before reading final counts.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let until = Instant::now() + timeout;
        loop {
            let open = self.shared.serving.load(Ordering::SeqCst);
            let accepted = self.connections() == self.shared.served.load(Ordering::SeqCst);
            if open == 0 && accepted {
                return true;
            }
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// State shared by the server handle and the connection threads (the listener keeps the
/// connection count and the stop signal).
pub(crate) struct Shared {
    pub(crate) behavior: WsBehavior,
    tls: Option<Arc<rustls::ServerConfig>>,
    upgrades: AtomicU64,
    last_request: Mutex<Option<String>>,
    received: AtomicU64,
    payload_received: AtomicU64,
    echoed: AtomicU64,
    pushed: AtomicU64,
    pub(crate) pings_received: AtomicU64,
    pub(crate) pongs_sent: AtomicU64,
    pub(crate) pings_sent: AtomicU64,
    pub(crate) pongs_received: AtomicU64,
    pub(crate) closes_received: AtomicU64,
    pub(crate) protocol_errors: AtomicU64,
    /// Connection threads running, and started (to tell "all done" from "not yet started").
    serving: AtomicU64,
    served: AtomicU64,
    /// When [`Echo::stall`]'s stall began.
    stall_from: OnceLock<Instant>,
    /// [`WsBehavior::Hostile`]: batches of frames written whole.
    flood_batches: AtomicU64,
}

impl Shared {
    fn new(behavior: WsBehavior, tls: Option<Arc<rustls::ServerConfig>>) -> Shared {
        let zero = || AtomicU64::new(0);
        Shared {
            behavior,
            tls,
            upgrades: zero(),
            last_request: Mutex::new(None),
            received: zero(),
            payload_received: zero(),
            echoed: zero(),
            pushed: zero(),
            pings_received: zero(),
            pongs_sent: zero(),
            pings_sent: zero(),
            pongs_received: zero(),
            closes_received: zero(),
            protocol_errors: zero(),
            serving: zero(),
            served: zero(),
            stall_from: OnceLock::new(),
            flood_batches: zero(),
        }
    }

    /// Counts a received message; starts the stall when it is the one it waits for.
    pub(crate) fn on_received(&self, payload_len: usize) {
        let n = self.received.fetch_add(1, Ordering::SeqCst) + 1;
        self.payload_received
            .fetch_add(payload_len as u64, Ordering::SeqCst);
        if let Some(stall) = self.echo().stall {
            if n >= stall.after_messages {
                self.stall_from.get_or_init(Instant::now);
            }
        }
    }

    fn echo(&self) -> Echo {
        match self.behavior {
            WsBehavior::Echo(echo) => echo,
            _ => Echo::default(),
        }
    }

    /// When the stall ends, if it is on now.
    fn stalled_until(&self) -> Option<Instant> {
        let from = *self.stall_from.get()?;
        let until = from + self.echo().stall?.stall;
        (Instant::now() < until).then_some(until)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Counts a connection thread as running while it lives.
struct Serving<'a>(&'a Shared);

impl<'a> Serving<'a> {
    fn new(shared: &'a Shared) -> Serving<'a> {
        shared.serving.fetch_add(1, Ordering::SeqCst);
        shared.served.fetch_add(1, Ordering::SeqCst);
        Serving(shared)
    }
}

impl Drop for Serving<'_> {
    fn drop(&mut self) {
        self.0.serving.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serves one connection: the upgrade, then the session until it ends or the server stops.
fn serve(conn: Conn, shared: Arc<Shared>) {
    let _serving = Serving::new(&shared);
    let Ok(tcp) = conn.stream.try_clone() else {
        return;
    };
    let Ok(mut io) = Transport::new(tcp, shared.tls.as_ref()) else {
        return;
    };
    io.set_read_timeout(READ_TIMEOUT);
    let mut buf = Vec::with_capacity(READ_CHUNK);
    if !upgrade(&conn, &shared, &mut io, &mut buf) {
        return;
    }
    if let WsBehavior::Hostile(hostile) = shared.behavior {
        let batches = hostile::serve(&conn, &mut io, hostile);
        shared.flood_batches.fetch_add(batches, Ordering::SeqCst);
        return;
    }
    let mut session = Session::new(&shared);
    session_loop(&conn, &shared, &mut io, &mut session, buf);
    match session.phase {
        Phase::Abort => io.shutdown_both(),
        Phase::Mute => discard_until_closed(&conn, &mut io, None),
        Phase::Close if io.shutdown_write().is_ok() => {
            discard_until_closed(&conn, &mut io, Some(Instant::now() + LINGER));
        }
        _ => {}
    }
}

/// Reads the upgrade request and answers it as the behaviour says; whether the connection goes
/// on as a WebSocket. `buf` keeps what followed the request.
fn upgrade(conn: &Conn, shared: &Shared, io: &mut Transport, buf: &mut Vec<u8>) -> bool {
    let until = Instant::now() + HANDSHAKE_WAIT;
    let head_len = loop {
        if let Some(n) = crate::find_head_end(buf) {
            break n;
        }
        if buf.len() > MAX_HEAD || conn.stopping() || Instant::now() >= until {
            return false;
        }
        if let Input::Closed = read_some(io, buf) {
            return false;
        }
    };
    let request = handshake::parse(&buf[..head_len]);
    buf.drain(..head_len);
    let answer = match (shared.behavior, &request.key) {
        (WsBehavior::Refuse { status }, _) => Err(handshake::refusal(status)),
        (_, Some(key)) if request.is_upgrade => {
            let key = match shared.behavior {
                WsBehavior::BadAccept => format!("{key}x"),
                _ => key.clone(),
            };
            Ok(handshake::switching(&handshake::accept_key(&key)))
        }
        _ => Err(handshake::refusal(400)),
    };
    *lock(&shared.last_request) = Some(request.head);
    match answer {
        Ok(bytes) => {
            shared.upgrades.fetch_add(1, Ordering::SeqCst);
            if io.write_all(&bytes).is_err() {
                return false;
            }
            if shared.behavior == WsBehavior::BadAccept {
                discard_until_closed(conn, io, None);
                return false;
            }
            true
        }
        Err(bytes) => {
            if io.write_all(&bytes).is_ok() && io.shutdown_write().is_ok() {
                discard_until_closed(conn, io, Some(Instant::now() + LINGER));
            }
            false
        }
    }
}

/// Reads, answers, pushes and writes until the session leaves [`Phase::Open`] (its last bytes
/// written), the client goes, or the server stops.
fn session_loop(
    conn: &Conn,
    shared: &Shared,
    io: &mut Transport,
    session: &mut Session<'_>,
    mut buf: Vec<u8>,
) {
    let echo = shared.echo();
    let flood = shared.behavior == WsBehavior::Flood;
    let push_every =
        (echo.push_per_s > 0).then(|| Duration::from_secs_f64(1.0 / f64::from(echo.push_per_s)));
    let push_bytes = if echo.push_bytes == 0 {
        64
    } else {
        echo.push_bytes
    };
    let mut next_push = push_every.map(|every| Instant::now() + every);
    loop {
        let used = session.on_read(&buf);
        buf.drain(..used);
        if let (Some(every), Some(due)) = (push_every, next_push.as_mut()) {
            let now = Instant::now();
            if now.saturating_duration_since(*due) > PUSH_CATCH_UP {
                *due = now;
            }
            while *due <= now && session.phase == Phase::Open {
                session.push(1, push_bytes);
                *due += every;
            }
        }
        if flood && session.phase == Phase::Open {
            session.push(FLOOD_BATCH, FLOOD_BYTES);
        }
        if !flush(conn, shared, io, session) || session.phase != Phase::Open {
            return;
        }
        if conn.stopping() {
            return;
        }
        let wait = match next_push {
            _ if flood => FLOOD_READ_TIMEOUT,
            Some(due) => READ_TIMEOUT.min(due.saturating_duration_since(Instant::now())),
            None => READ_TIMEOUT,
        };
        io.set_read_timeout(wait);
        if let Input::Closed = read_some(io, &mut buf) {
            return;
        }
    }
}

/// Writes the session's `out` (after the stall, when echoes are in it), counting its echoes
/// and pushes first and uncounting them if the write fails; whether it was written.
fn flush(conn: &Conn, shared: &Shared, io: &mut Transport, session: &mut Session<'_>) -> bool {
    if session.out.is_empty() {
        return true;
    }
    let (echoes, pushes) = (session.echoes_in_out, session.pushes_in_out);
    if echoes > 0 {
        if let Some(until) = shared.stalled_until() {
            conn.sleep_until(until);
        }
    }
    shared.echoed.fetch_add(echoes, Ordering::SeqCst);
    shared.pushed.fetch_add(pushes, Ordering::SeqCst);
    if io
        .write_all(&session.out)
        .and_then(|()| io.flush())
        .is_err()
    {
        shared.echoed.fetch_sub(echoes, Ordering::SeqCst);
        shared.pushed.fetch_sub(pushes, Ordering::SeqCst);
        return false;
    }
    session.out.clear();
    (session.echoes_in_out, session.pushes_in_out) = (0, 0);
    true
}

/// Reads and drops input until the client closes, the server stops or `deadline` passes.
fn discard_until_closed(conn: &Conn, io: &mut Transport, deadline: Option<Instant>) {
    io.set_read_timeout(READ_TIMEOUT);
    let mut sink = Vec::with_capacity(READ_CHUNK);
    while !conn.stopping() && deadline.is_none_or(|d| Instant::now() < d) {
        sink.clear();
        if let Input::Closed = read_some(io, &mut sink) {
            return;
        }
    }
}
