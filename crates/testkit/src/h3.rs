//! A hand-written HTTP/3 test server (QUIC via quinn, TLS 1.3, ALPN `h3`) that misbehaves on
//! purpose.
//!
//! [`H3TestServer`] binds UDP `127.0.0.1:0` with a freshly generated self-signed certificate
//! (for `localhost` and `127.0.0.1`; [`H3TestServer::certificate_pem`] lets a client trust it)
//! and serves according to an [`H3Behavior`]. QUIC is quinn's; the HTTP/3 framing (RFC 9114)
//! on top of its streams is written by hand, without an HTTP/3 library, so that the server can
//! reset, close and send invalid QPACK where a real server never would.
//!
//! The correct parts are just enough of a server to exercise a client: on each connection the
//! server opens its control stream (stream type 0x00, then an empty SETTINGS frame, so the
//! client may not use a dynamic QPACK table) and keeps it open; it drains and ignores the
//! client's unidirectional streams (control, QPACK); on each request stream it reads the frames
//! (varint type + varint length) to the end of the stream, then answers. Requests are not
//! QPACK-decoded: a request is a client bidirectional stream on which a HEADERS frame arrived
//! (a stream that ends without one is reset with H3_REQUEST_INCOMPLETE). The normal response is
//! a HEADERS frame (`:status 200` from the static table, `content-length` as a literal with a
//! static name reference) and one DATA frame with the body (even an empty one), then the end of
//! the stream. The body is `body_bytes` bytes of `x` for [`H3Behavior::Good`], `Hello World\n`
//! for every other behaviour.
//!
//! It does not: push, send GOAWAY, accept 0-RTT, or enforce limits beyond QUIC's own stream limit
//! (`max_concurrent_bidi_streams`, which quinn enforces).
//!
//! The server runs on a current-thread tokio runtime on a background thread. Dropping it stops
//! everything promptly, even with connections open: the endpoint is closed (clients get an
//! application close, H3_NO_ERROR), given at most 50 ms to send that, and the runtime is shut
//! down.
//!
//! ```
//! use barrage_testkit::h3::{H3Behavior, H3TestServer};
//!
//! let server = H3TestServer::start(H3Behavior::NoHandshake);
//! let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
//! socket.send_to(&[0xc0; 1200], server.addr()).unwrap(); // never answered
//! let start = std::time::Instant::now();
//! while server.connections() == 0 && start.elapsed().as_secs() < 5 {
//!     std::thread::sleep(std::time::Duration::from_millis(1));
//! }
//! assert_eq!(server.connections(), 1); // datagrams, for NoHandshake
//! assert!(server.url("x").starts_with("https://127.0.0.1:"));
//! ```

use std::io;
use std::net::{SocketAddr, UdpSocket as StdUdpSocket};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use bytes::Bytes;
use quinn::crypto::rustls::QuicServerConfig;
use quinn::{
    Connection, Endpoint, Incoming, ReadError, RecvStream, SendStream, ServerConfig,
    TransportConfig, VarInt,
};
use rustls::pki_types::{CertificateDer, PrivatePkcs8KeyDer};
use tokio::net::UdpSocket;
use tokio::sync::oneshot;

use crate::HELLO;

mod wire;

pub use wire::{
    code, frame, get_varint, put_frame, put_varint, response_section, BAD_QPACK_SECTION,
};
use wire::{response, FrameSkipper, CONTROL_PREFIX};

/// `max_concurrent_bidi_streams` advertised by the behaviours without a `max_streams`.
const DEFAULT_MAX_STREAMS: u32 = 100;
/// QUIC receive window of one stream.
const STREAM_WINDOW: u32 = 8 << 20;
/// QUIC receive window of one connection (and send window).
const CONNECTION_WINDOW: u32 = 64 << 20;
/// How long a drop waits for the endpoint's connections to send their close.
const CLOSE_WAIT: Duration = Duration::from_millis(50);
/// How long a drop waits for the runtime's blocking threads (there are none).
const SHUTDOWN_WAIT: Duration = Duration::from_millis(100);
/// Largest UDP datagram read by [`H3Behavior::NoHandshake`].
const MAX_DATAGRAM: usize = 65_536;

/// ALPN protocol of HTTP/3.
pub const ALPN: &[u8] = b"h3";

/// How an [`H3TestServer`] treats its connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum H3Behavior {
    /// Answers every request: HEADERS (`:status 200`, `content-length`) + DATA body of
    /// `body_bytes` bytes of `x`. Advertises (and, being QUIC, enforces)
    /// `max_concurrent_bidi_streams = max_streams`.
    Good {
        /// QUIC `max_concurrent_bidi_streams` (0: the client may open no request stream).
        max_streams: u32,
        /// Body length of every response (bytes of `x`).
        body_bytes: usize,
    },
    /// Like Good (with the body `Hello World\n`), but every `every`th request (counted over the
    /// whole server, so exactly `streams / every` streams are reset however the requests were
    /// spread over connections) is answered with RESET_STREAM (H3_INTERNAL_ERROR, 0x102) instead.
    /// `every == 0` never resets. A reset is not a response.
    ResetEvery {
        /// Period of the resets, in requests.
        every: u64,
    },
    /// Answers the first `after` requests of each connection normally, waits until the client
    /// has acknowledged those responses, then closes the connection with the application error
    /// `code` (e.g. 0x101, H3_GENERAL_PROTOCOL_ERROR) and the reason `testkit`. Later requests
    /// on the connection are never answered. With `after == 0` the close follows the handshake.
    CloseAfter {
        /// Responses per connection before the close.
        after: u64,
        /// Application error code of the CONNECTION_CLOSE (capped at 2^62 - 1).
        code: u64,
    },
    /// A plain UDP socket that reads datagrams and never answers: the QUIC handshake never
    /// completes. [`H3TestServer::connections`] counts the datagrams received.
    NoHandshake,
    /// Answers every request with a HEADERS frame whose QPACK field section refers to the
    /// dynamic table ([`BAD_QPACK_SECTION`]: Required Insert Count 1, then dynamic entry 0),
    /// invalid since the server's SETTINGS allowed no table (nor did the client's), then ends
    /// the stream (no DATA). The bad answer counts as a response.
    BadQpack,
    /// Like Good (with the body `Hello World\n`), but a request that arrives between `after`
    /// and `after + stall` from the server's start is answered only at `after + stall`: one
    /// pause, like a garbage collector's, that a closed-loop client hides.
    StallOnce {
        /// When the pause begins, from the server's start.
        after: std::time::Duration,
        /// How long it lasts.
        stall: std::time::Duration,
    },
    /// Like Good (with the body `Hello World\n`), but every client that tries 0-RTT is refused:
    /// the server's session tickets allow early data, and it forgets every session, so a client
    /// resuming sends 0-RTT data, gets a full handshake, and must send its requests again.
    RefuseEarlyData,
    /// A hostile peer: after its SETTINGS, the control stream carries reserved frames (type
    /// 0x21, empty) as fast as QUIC's flow control lets them go, and requests are never
    /// answered. What quinn-proto leaves to an HTTP/3 client to bound.
    ControlFlood,
}

impl H3Behavior {
    /// `max_concurrent_bidi_streams` to advertise.
    fn max_streams(self) -> u32 {
        match self {
            H3Behavior::Good { max_streams, .. } => max_streams,
            _ => DEFAULT_MAX_STREAMS,
        }
    }

    /// Body of every normal response.
    fn body(self) -> Vec<u8> {
        match self {
            H3Behavior::Good { body_bytes, .. } => vec![b'x'; body_bytes],
            _ => HELLO.to_vec(),
        }
    }
}

/// A misbehaving (or well-behaved) HTTP/3 server on UDP `127.0.0.1`, stopped when dropped.
pub struct H3TestServer {
    addr: SocketAddr,
    certificate_pem: String,
    shared: Arc<Shared>,
    /// Tells the server thread to stop (sent, or dropped, on drop).
    stop: Option<oneshot::Sender<()>>,
    /// The server thread, which owns the runtime.
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for H3TestServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("H3TestServer")
            .field("addr", &self.addr)
            .field("behavior", &self.shared.behavior)
            .field("requests", &self.requests())
            .field("responses", &self.responses())
            .field("resets", &self.resets())
            .field("connections", &self.connections())
            .finish()
    }
}

impl H3TestServer {
    /// Generates a self-signed certificate for `localhost` and `127.0.0.1`, binds UDP
    /// `127.0.0.1:0`, serves on a background thread and returns once bound.
    ///
    /// # Panics
    /// If the certificate, the TLS configuration, the socket or the thread cannot be created.
    pub fn start(behavior: H3Behavior) -> H3TestServer {
        let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
        let certified = rcgen::generate_simple_self_signed(names)
            .unwrap_or_else(|e| panic!("testkit-h3: cannot generate a certificate: {e}"));
        let certificate_pem = certified.cert.pem();
        let shared = Arc::new(Shared::new(behavior));
        let (ready_tx, ready_rx) = mpsc::channel();
        let (stop_tx, stop_rx) = oneshot::channel();
        let thread_shared = Arc::clone(&shared);
        let thread = thread::Builder::new()
            .name("testkit-h3".into())
            .spawn(move || run(thread_shared, certified, ready_tx, stop_rx))
            .expect("testkit-h3: spawn the server thread");
        let addr = match ready_rx.recv() {
            Ok(Ok(addr)) => addr,
            Ok(Err(e)) => panic!("testkit-h3: cannot start: {e}"),
            Err(_) => panic!("testkit-h3: the server thread died while starting"),
        };
        H3TestServer {
            addr,
            certificate_pem,
            shared,
            stop: Some(stop_tx),
            thread: Some(thread),
        }
    }

    /// The UDP address (`127.0.0.1:PORT`).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `https://127.0.0.1:PORT/path` (a missing leading `/` is added).
    pub fn url(&self, path: &str) -> String {
        let slash = if path.starts_with('/') { "" } else { "/" };
        format!("https://{}{slash}{path}", self.addr)
    }

    /// The server's self-signed certificate (PEM), for a client to trust (barrage's `--cacert`).
    pub fn certificate_pem(&self) -> String {
        self.certificate_pem.clone()
    }

    /// Requests received: request streams on which a complete HEADERS frame arrived (counted
    /// then, before the rest of the request is read and before it is answered).
    pub fn requests(&self) -> u64 {
        self.shared.requests.load(Ordering::SeqCst)
    }

    /// Responses fully written: the response was queued on its stream and the stream finished.
    /// Counted just before the write and uncounted if it fails, so a client that read a response
    /// sees it counted. Resets are not responses; [`H3Behavior::BadQpack`]'s answers are.
    pub fn responses(&self) -> u64 {
        self.shared.responses.load(Ordering::SeqCst)
    }

    /// Request streams answered with RESET_STREAM ([`H3Behavior::ResetEvery`]; not counted:
    /// the H3_REQUEST_INCOMPLETE resets of streams that carried no HEADERS).
    pub fn resets(&self) -> u64 {
        self.shared.resets.load(Ordering::SeqCst)
    }

    /// QUIC handshakes completed. For [`H3Behavior::NoHandshake`], which completes none:
    /// the UDP datagrams received.
    pub fn connections(&self) -> u64 {
        self.shared.connections.load(Ordering::SeqCst)
    }

    /// The most request streams any one connection had open at once: a stream is open from
    /// its acceptance (its first bytes arrived) until the server finished or reset it, or it
    /// failed. Compare with `max_streams` to check that a client respects the stream limit.
    pub fn max_concurrent_seen(&self) -> u32 {
        self.shared.max_concurrent.load(Ordering::SeqCst)
    }
}

impl Drop for H3TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// State shared by the server handle and the server's tasks.
struct Shared {
    behavior: H3Behavior,
    /// When the server started ([`H3Behavior::StallOnce`] counts from here).
    started: tokio::time::Instant,
    /// The normal answer: HEADERS + DATA frames.
    response: Bytes,
    requests: AtomicU64,
    responses: AtomicU64,
    resets: AtomicU64,
    connections: AtomicU64,
    max_concurrent: AtomicU32,
    /// Requests whose answer has begun, over all connections ([`H3Behavior::ResetEvery`]).
    answers_begun: AtomicU64,
}

impl Shared {
    fn new(behavior: H3Behavior) -> Shared {
        Shared {
            behavior,
            started: tokio::time::Instant::now(),
            response: Bytes::from(response(&behavior.body())),
            requests: AtomicU64::new(0),
            responses: AtomicU64::new(0),
            resets: AtomicU64::new(0),
            connections: AtomicU64::new(0),
            max_concurrent: AtomicU32::new(0),
            answers_begun: AtomicU64::new(0),
        }
    }
}

/// Per-connection state.
#[derive(Default)]
struct ConnState {
    /// Request streams open now.
    open: AtomicU32,
    /// Requests whose answer has begun ([`H3Behavior::CloseAfter`]).
    begun: AtomicU64,
    /// Responses acknowledged (or failed) ([`H3Behavior::CloseAfter`]).
    done: AtomicU64,
}

/// What the server thread serves on.
enum Socket {
    Quic(Endpoint),
    /// [`H3Behavior::NoHandshake`].
    Mute(UdpSocket),
}

/// The server thread: builds the runtime and the socket, reports the address (or the error),
/// serves until told to stop, then closes everything.
fn run(
    shared: Arc<Shared>,
    certified: rcgen::CertifiedKey,
    ready: mpsc::Sender<io::Result<SocketAddr>>,
    stop: oneshot::Receiver<()>,
) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    let bound = {
        let _context = runtime.enter();
        bind(shared.behavior, certified)
    };
    let socket = match bound {
        Ok((socket, addr)) => {
            let _ = ready.send(Ok(addr));
            socket
        }
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    runtime.block_on(async move {
        match socket {
            Socket::Quic(endpoint) => {
                tokio::select! {
                    _ = stop => {}
                    () = accept_loop(endpoint.clone(), shared) => {}
                }
                endpoint.close(
                    VarInt::from_u64(code::NO_ERROR).expect("varint"),
                    b"testkit",
                );
                let _ = tokio::time::timeout(CLOSE_WAIT, endpoint.wait_idle()).await;
            }
            Socket::Mute(socket) => {
                tokio::select! {
                    _ = stop => {}
                    () = swallow(socket, &shared) => {}
                }
            }
        }
    });
    runtime.shutdown_timeout(SHUTDOWN_WAIT);
}

/// Binds `127.0.0.1:0` for `behavior`. Must run inside the runtime.
fn bind(behavior: H3Behavior, certified: rcgen::CertifiedKey) -> io::Result<(Socket, SocketAddr)> {
    let any: SocketAddr = (std::net::Ipv4Addr::LOCALHOST, 0).into();
    if behavior == H3Behavior::NoHandshake {
        let socket = StdUdpSocket::bind(any)?;
        socket.set_nonblocking(true)?;
        let addr = socket.local_addr()?;
        return Ok((Socket::Mute(UdpSocket::from_std(socket)?), addr));
    }
    let key = PrivatePkcs8KeyDer::from(certified.key_pair.serialize_der());
    let chain: Vec<CertificateDer<'static>> = vec![certified.cert.der().clone()];
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut tls = rustls::ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])
        .and_then(|b| b.with_no_client_auth().with_single_cert(chain, key.into()))
        .map_err(|e| io::Error::other(format!("TLS configuration: {e}")))?;
    tls.alpn_protocols = vec![ALPN.to_vec()];
    if behavior == H3Behavior::RefuseEarlyData {
        tls.max_early_data_size = u32::MAX;
        tls.session_storage = Arc::new(Forgetful);
    }
    let crypto = QuicServerConfig::try_from(tls)
        .map_err(|e| io::Error::other(format!("QUIC TLS configuration: {e}")))?;
    let mut transport = TransportConfig::default();
    transport
        .max_concurrent_bidi_streams(VarInt::from_u32(behavior.max_streams()))
        .stream_receive_window(VarInt::from_u32(STREAM_WINDOW))
        .receive_window(VarInt::from_u32(CONNECTION_WINDOW))
        .send_window(u64::from(CONNECTION_WINDOW));
    let mut config = ServerConfig::with_crypto(Arc::new(crypto));
    config.transport_config(Arc::new(transport));
    let endpoint = Endpoint::server(config, any)?;
    let addr = endpoint.local_addr()?;
    Ok((Socket::Quic(endpoint), addr))
}

/// [`H3Behavior::RefuseEarlyData`]'s session store: it issues tickets (stateful ones, with the
/// early-data limit) and never finds them again.
#[derive(Debug)]
struct Forgetful;

impl rustls::server::StoresServerSessions for Forgetful {
    fn put(&self, _key: Vec<u8>, _value: Vec<u8>) -> bool {
        true
    }

    fn get(&self, _key: &[u8]) -> Option<Vec<u8>> {
        None
    }

    fn take(&self, _key: &[u8]) -> Option<Vec<u8>> {
        None
    }

    fn can_cache(&self) -> bool {
        true
    }
}

/// [`H3Behavior::NoHandshake`]: counts datagrams, answers none.
async fn swallow(socket: UdpSocket, shared: &Shared) {
    let mut buf = vec![0u8; MAX_DATAGRAM];
    while socket.recv_from(&mut buf).await.is_ok() {
        shared.connections.fetch_add(1, Ordering::SeqCst);
    }
}

async fn accept_loop(endpoint: Endpoint, shared: Arc<Shared>) {
    while let Some(incoming) = endpoint.accept().await {
        tokio::spawn(connection(incoming, Arc::clone(&shared)));
    }
}

/// Serves one connection until it is closed (by the client, the behaviour or the drop).
async fn connection(incoming: Incoming, shared: Arc<Shared>) {
    let Ok(conn) = incoming.await else { return };
    shared.connections.fetch_add(1, Ordering::SeqCst);
    tokio::spawn(control(
        conn.clone(),
        shared.behavior == H3Behavior::ControlFlood,
    ));
    tokio::spawn(drain_uni(conn.clone()));
    if let H3Behavior::CloseAfter { after: 0, code } = shared.behavior {
        close(&conn, code);
    }
    let state = Arc::new(ConnState::default());
    while let Ok((send, recv)) = conn.accept_bi().await {
        tokio::spawn(request(
            conn.clone(),
            send,
            recv,
            Arc::clone(&shared),
            Arc::clone(&state),
        ));
    }
}

/// Opens the server's control stream, sends the (empty) SETTINGS, and keeps the stream open
/// until the connection ends (closing it would be a connection error for the client). With
/// `flood`, reserved frames follow without end ([`H3Behavior::ControlFlood`]).
async fn control(conn: Connection, flood: bool) {
    let Ok(mut send) = conn.open_uni().await else {
        return;
    };
    if send.write_all(&CONTROL_PREFIX).await.is_err() {
        return;
    }
    if flood {
        let batch = Bytes::from([0x21u8, 0x00].repeat(4096));
        while send.write_chunk(batch.clone()).await.is_ok() {}
        return;
    }
    conn.closed().await;
}

/// Accepts the client's unidirectional streams and discards what they carry.
async fn drain_uni(conn: Connection) {
    while let Ok(mut recv) = conn.accept_uni().await {
        tokio::spawn(
            async move { while let Ok(Some(_)) = recv.read_chunk(usize::MAX, true).await {} },
        );
    }
}

/// Closes `conn` with the application error `code` and the reason `testkit`.
fn close(conn: &Connection, code: u64) {
    conn.close(VarInt::from_u64(code).unwrap_or(VarInt::MAX), b"testkit");
}

/// Decrements a connection's open-stream count when dropped.
struct OpenStream<'a>(&'a AtomicU32);

impl Drop for OpenStream<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Reads one request stream to its end and answers it per the behaviour.
async fn request(
    conn: Connection,
    mut send: SendStream,
    mut recv: RecvStream,
    shared: Arc<Shared>,
    state: Arc<ConnState>,
) {
    let open = state.open.fetch_add(1, Ordering::SeqCst) + 1;
    let guard = OpenStream(&state.open);
    shared.max_concurrent.fetch_max(open, Ordering::SeqCst);
    match read_request(&mut recv, &shared).await {
        Ok(true) => {}
        Ok(false) => {
            let _ = send.reset(VarInt::from_u64(code::REQUEST_INCOMPLETE).expect("varint"));
            return;
        }
        // The client reset the stream, or the connection is gone.
        Err(_) => return,
    }
    match shared.behavior {
        H3Behavior::Good { .. } | H3Behavior::RefuseEarlyData => {
            respond(&mut send, &shared, shared.response.clone()).await;
        }
        H3Behavior::ResetEvery { every } => {
            let n = shared.answers_begun.fetch_add(1, Ordering::SeqCst) + 1;
            if n.checked_rem(every) == Some(0) {
                shared.resets.fetch_add(1, Ordering::SeqCst);
                if send
                    .reset(VarInt::from_u64(code::INTERNAL_ERROR).expect("varint"))
                    .is_err()
                {
                    shared.resets.fetch_sub(1, Ordering::SeqCst);
                }
            } else {
                respond(&mut send, &shared, shared.response.clone()).await;
            }
        }
        H3Behavior::CloseAfter { after, code } => {
            let k = state.begun.fetch_add(1, Ordering::SeqCst) + 1;
            if k > after {
                // Never answered: hold the stream (dropping it would finish it) until the close.
                drop(guard);
                conn.closed().await;
                return;
            }
            respond(&mut send, &shared, shared.response.clone()).await;
            drop(guard);
            // Close only once the client has the `after` responses (or lost them).
            let _ = send.stopped().await;
            if state.done.fetch_add(1, Ordering::SeqCst) + 1 == after {
                close(&conn, code);
            }
        }
        H3Behavior::StallOnce { after, stall } => {
            let (begin, end) = (shared.started + after, shared.started + after + stall);
            let now = tokio::time::Instant::now();
            if now >= begin && now < end {
                tokio::time::sleep_until(end).await;
            }
            respond(&mut send, &shared, shared.response.clone()).await;
        }
        H3Behavior::BadQpack => {
            let mut out = Vec::new();
            put_frame(&mut out, frame::HEADERS, &BAD_QPACK_SECTION);
            respond(&mut send, &shared, Bytes::from(out)).await;
        }
        H3Behavior::NoHandshake => {}
        H3Behavior::ControlFlood => {
            // Never answered: hold the stream until the connection ends.
            drop(guard);
            conn.closed().await;
        }
    }
}

/// Writes `bytes` on `send` and finishes it, counting the response (uncounted on failure).
async fn respond(send: &mut SendStream, shared: &Shared, bytes: Bytes) {
    shared.responses.fetch_add(1, Ordering::SeqCst);
    if send.write_chunk(bytes).await.is_err() || send.finish().is_err() {
        shared.responses.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Reads a request stream to its end, counting the request when its HEADERS frame is complete.
/// Returns whether a HEADERS frame arrived.
async fn read_request(recv: &mut RecvStream, shared: &Shared) -> Result<bool, ReadError> {
    let mut frames = FrameSkipper::default();
    while let Some(chunk) = recv.read_chunk(usize::MAX, true).await? {
        if frames.feed(&chunk.bytes) {
            shared.requests.fetch_add(1, Ordering::SeqCst);
        }
    }
    Ok(frames.headers_seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_counters_of_a_fresh_server() {
        let server = H3TestServer::start(H3Behavior::Good {
            max_streams: 1,
            body_bytes: 0,
        });
        let port = server.addr().port();
        assert_eq!(server.url("/a"), format!("https://127.0.0.1:{port}/a"));
        assert_eq!(server.url("a"), format!("https://127.0.0.1:{port}/a"));
        assert!(server
            .certificate_pem()
            .starts_with("-----BEGIN CERTIFICATE-----"));
        assert_eq!(
            (server.requests(), server.responses(), server.resets()),
            (0, 0, 0)
        );
        assert_eq!((server.connections(), server.max_concurrent_seen()), (0, 0));
    }
}
