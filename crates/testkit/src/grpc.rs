//! gRPC test servers (h2c, prior knowledge): a counting `Bench` server and servers that break
//! gRPC in the ways a client must classify.
//!
//! [`GrpcTestServer`] binds `127.0.0.1:0` and serves each connection on its own thread (the
//! crate's shared `listener`, as every testkit server) according to a [`GrpcBehavior`]. The
//! good server ([`GrpcBehavior::Good`]) serves `Echo` and `Chat` of proto/bench.proto (each
//! request message answered by one reply with its payload and seq, in order; the trailers once
//! the client ends its side) and counts calls and messages each way by method, so a test can
//! hold a client's counts against the server's; it can stall once for a while before one
//! reply, like a GC pause. The misbehaving ones each break one rule: a trailers-only error, no
//! `grpc-status`, a compressed flag without `grpc-encoding`, a length prefix past the end of
//! the stream, a reset mid-message, a stream that never ends, an answer that is not gRPC.
//!
//! Unlike [`crate::h2::H2TestServer`], whose frames are written by hand, the HTTP/2 layer here
//! is the `h2` crate (hyper's), on a current-thread tokio runtime per connection: gRPC needs
//! the request's `:path` (HPACK, Huffman-coded by clients), request bodies and trailers, and
//! every misbehaviour below is one of gRPC's, carried in legal HTTP/2. The two messages are
//! encoded by hand (`message`), so the testkit needs no protobuf crate.
//!
//! It must not: speak TLS, compress, or serve `Stream` and `Sum` (they get UNIMPLEMENTED).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use h2::server::SendResponse;
use h2::{Reason, RecvStream, SendStream};
use http::{HeaderMap, HeaderValue, Request, Response};

use crate::listener::{Conn, Listener, Spec};

mod message;

use message::{frame, Echo, MessageReader, Next};

/// Stack size of the per-connection threads (each runs a small tokio runtime).
const CONN_STACK: usize = 512 * 1024;
/// How long [`GrpcBehavior::ResetMidMessage`] lets its half message go out before the reset.
const RESET_AFTER: Duration = Duration::from_millis(50);
/// h2's budget for the overhead of small DATA frames received and not read yet. Its default
/// (half the connection window: some 130 frames of a few bytes) is spent within a fraction of
/// a second by a stream that [`Stall`]s at hundreds of messages a second, and h2 then closes
/// the connection (GOAWAY ENHANCE_YOUR_CALM); a stall must hold the messages instead.
const DATA_FRAME_BUDGET: usize = 64 << 20;
/// The `grpc-message` of [`GrpcBehavior::TrailersOnly`].
pub const UNAVAILABLE_MESSAGE: &str = "testkit is unavailable";

/// How a [`GrpcTestServer`] answers calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrpcBehavior {
    /// Serves `barrage.bench.v1.Bench/Echo` and `/Chat`: each request message is answered at
    /// once by a reply with its payload and seq; `grpc-status: 0` follows when the client ends
    /// its side. Other methods get a trailers-only UNIMPLEMENTED (12). With `stall`, the reply
    /// to the message that makes `after_messages + 1` received over the whole server waits
    /// `pause` first (once); later messages queue behind it on their stream.
    Good {
        /// The one pause, if any.
        stall: Option<Stall>,
    },
    /// A trailers-only error: one HEADERS frame with END_STREAM carrying `:status 200`,
    /// `content-type: application/grpc`, `grpc-status: 14` (UNAVAILABLE) and `grpc-message:`
    /// [`UNAVAILABLE_MESSAGE`].
    TrailersOnly,
    /// `:status 200`, a reply message, then trailers without `grpc-status`.
    MissingStatus,
    /// A reply whose compressed flag is set, with no `grpc-encoding` header; then
    /// `grpc-status: 0`.
    CompressedFlag,
    /// A message prefix announcing 100 bytes, 10 bytes, and END_STREAM on that DATA frame.
    LengthPastFrame,
    /// Half a message (a prefix announcing 20 bytes, 10 of them), then RST_STREAM
    /// INTERNAL_ERROR.
    ResetMidMessage,
    /// The response head and one reply message, then nothing until the client gives up (or the
    /// server stops).
    NeverEnds,
    /// `:status 404`, `content-type: text/html`, a small HTML body: not gRPC at all.
    NotGrpc,
    /// A reply whose prefix announces 4 GiB - 1 bytes, 1 KiB of them, then nothing until the
    /// client gives up: a client that allocates what is announced runs out of memory.
    HugeMessage,
}

/// A pause of [`GrpcBehavior::Good`]'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stall {
    /// Messages received (over the whole server) before the one whose reply waits.
    pub after_messages: u64,
    /// How long that reply waits.
    pub pause: Duration,
}

/// What the server counted, for one method or for all. Calls are counted when their request
/// head arrives; a call ends when the server sent its END_STREAM or RST_STREAM, or the client
/// reset it, or the connection went away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GrpcCounts {
    /// Calls opened.
    pub calls: u64,
    /// Calls ended (a subset of `calls`).
    pub calls_ended: u64,
    /// Whole request messages received.
    pub messages_received: u64,
    /// Reply messages sent (whole ones; the misbehaviours' partial messages are not counted).
    pub messages_sent: u64,
}

/// The counters of one method.
#[derive(Debug, Default)]
struct Counters {
    calls: AtomicU64,
    calls_ended: AtomicU64,
    messages_received: AtomicU64,
    messages_sent: AtomicU64,
}

impl Counters {
    fn snapshot(&self) -> GrpcCounts {
        GrpcCounts {
            calls: self.calls.load(Ordering::SeqCst),
            calls_ended: self.calls_ended.load(Ordering::SeqCst),
            messages_received: self.messages_received.load(Ordering::SeqCst),
            messages_sent: self.messages_sent.load(Ordering::SeqCst),
        }
    }
}

/// The methods counted apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Echo,
    Chat,
    Other,
}

impl Method {
    fn of(path: &str) -> Method {
        match path {
            "/barrage.bench.v1.Bench/Echo" => Method::Echo,
            "/barrage.bench.v1.Bench/Chat" => Method::Chat,
            _ => Method::Other,
        }
    }
}

/// State shared by the server handle and the connection threads.
struct Shared {
    behavior: GrpcBehavior,
    echo: Counters,
    chat: Counters,
    other: Counters,
    /// Messages received over the whole server (for the stall).
    received: AtomicU64,
    stalled: AtomicBool,
}

impl Shared {
    fn counters(&self, method: Method) -> &Counters {
        match method {
            Method::Echo => &self.echo,
            Method::Chat => &self.chat,
            Method::Other => &self.other,
        }
    }
}

/// A gRPC test server on `127.0.0.1` (h2c), stopped when dropped.
pub struct GrpcTestServer {
    listener: Listener,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for GrpcTestServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GrpcTestServer")
            .field("addr", &self.addr())
            .field("behavior", &self.shared.behavior)
            .field("counts", &self.total())
            .finish()
    }
}

impl GrpcTestServer {
    /// Binds `127.0.0.1:0`, serves on background threads (one per connection) and returns once
    /// listening.
    ///
    /// # Panics
    /// If the listener cannot be created or the accept thread cannot be spawned.
    pub fn start(behavior: GrpcBehavior) -> GrpcTestServer {
        let spec = Spec {
            name: "testkit-grpc",
            conn_stack: CONN_STACK,
            backlog: None,
            close_on_accept: false,
        };
        let shared = Arc::new(Shared {
            behavior,
            echo: Counters::default(),
            chat: Counters::default(),
            other: Counters::default(),
            received: AtomicU64::new(0),
            stalled: AtomicBool::new(false),
        });
        let listener = Listener::start(spec, Arc::clone(&shared), serve);
        GrpcTestServer { listener, shared }
    }

    /// The listening address (`127.0.0.1:PORT`).
    pub fn addr(&self) -> SocketAddr {
        self.listener.addr()
    }

    /// `http://127.0.0.1:PORT` (what `barrage load --grpc` takes).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr())
    }

    /// Connections accepted.
    pub fn connections(&self) -> u64 {
        self.listener.connections()
    }

    /// The counts of `Echo`.
    pub fn echo(&self) -> GrpcCounts {
        self.shared.echo.snapshot()
    }

    /// The counts of `Chat`.
    pub fn chat(&self) -> GrpcCounts {
        self.shared.chat.snapshot()
    }

    /// The counts of every method together (`Echo`, `Chat` and the rest).
    pub fn total(&self) -> GrpcCounts {
        let [a, b, c] = [self.echo(), self.chat(), self.shared.other.snapshot()];
        GrpcCounts {
            calls: a.calls + b.calls + c.calls,
            calls_ended: a.calls_ended + b.calls_ended + c.calls_ended,
            messages_received: a.messages_received + b.messages_received + c.messages_received,
            messages_sent: a.messages_sent + b.messages_sent + c.messages_sent,
        }
    }

    /// Waits up to `timeout` until every call opened so far has ended, so that the counts are
    /// final; returns whether they did.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            let total = self.total();
            if total.calls == total.calls_ended {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// Serves one connection with h2 on a runtime of its own, until the client closes or the
/// server stops (the listener's `shutdown(2)` of the socket ends the connection).
fn serve(conn: Conn, shared: Arc<Shared>) {
    let Ok(std_stream) = conn.stream.try_clone() else {
        return;
    };
    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    rt.block_on(async move {
        if std_stream.set_nonblocking(true).is_err() {
            return;
        }
        let Ok(io) = tokio::net::TcpStream::from_std(std_stream) else {
            return;
        };
        let _ = io.set_nodelay(true);
        let handshake = h2::server::Builder::new()
            .data_frame_budget(DATA_FRAME_BUDGET)
            .handshake(io);
        let Ok(mut connection) = handshake.await else {
            return;
        };
        while let Some(Ok((request, respond))) = connection.accept().await {
            tokio::spawn(call(request, respond, Arc::clone(&shared)));
        }
    });
    drop(conn);
}

/// Counts a call from its head to its end (the guard's drop, however the task ends).
struct CallGuard {
    shared: Arc<Shared>,
    method: Method,
}

impl CallGuard {
    fn counters(&self) -> &Counters {
        self.shared.counters(self.method)
    }
}

impl Drop for CallGuard {
    fn drop(&mut self) {
        self.counters().calls_ended.fetch_add(1, Ordering::SeqCst);
    }
}

/// Answers one call as the behaviour says.
async fn call(request: Request<RecvStream>, respond: SendResponse<Bytes>, shared: Arc<Shared>) {
    let method = Method::of(request.uri().path());
    shared.counters(method).calls.fetch_add(1, Ordering::SeqCst);
    let guard = CallGuard {
        shared: Arc::clone(&shared),
        method,
    };
    let body = request.into_body();
    let _ = match shared.behavior {
        GrpcBehavior::Good { stall } if method != Method::Other => {
            echo_call(body, respond, &guard, stall).await
        }
        GrpcBehavior::Good { .. } => trailers_only(respond, "12", "unimplemented"),
        behavior => {
            tokio::spawn(drain(body, guard));
            misbehave(behavior, respond).await
        }
    };
}

/// Good: each message answered by its echo, then `grpc-status: 0` after the client's
/// END_STREAM; a message that cannot be read ends the call with INTERNAL (13).
async fn echo_call(
    mut body: RecvStream,
    respond: SendResponse<Bytes>,
    guard: &CallGuard,
    stall: Option<Stall>,
) -> Result<(), h2::Error> {
    let mut respond = respond;
    let mut send = respond.send_response(grpc_head(200), false)?;
    let mut reader = MessageReader::default();
    while let Some(chunk) = body.data().await {
        let chunk = chunk?;
        let _ = body.flow_control().release_capacity(chunk.len());
        reader.push(&chunk);
        loop {
            let message = match reader.next() {
                Next::Message(message) => message,
                Next::Partial => break,
                Next::BadFlag(_) => return send.send_trailers(status_trailers("13", "compressed")),
            };
            let Some(echo) = Echo::decode(&message) else {
                return send.send_trailers(status_trailers("13", "not an EchoRequest"));
            };
            guard
                .counters()
                .messages_received
                .fetch_add(1, Ordering::SeqCst);
            pause_once(&guard.shared, stall).await;
            send.send_data(echo.framed(), false)?;
            guard
                .counters()
                .messages_sent
                .fetch_add(1, Ordering::SeqCst);
        }
    }
    if !reader.is_empty() {
        return send.send_trailers(status_trailers("13", "a partial message at the end"));
    }
    send.send_trailers(status_trailers("0", ""))
}

/// Waits `stall.pause` when this is the message after `stall.after_messages`, once per server.
async fn pause_once(shared: &Shared, stall: Option<Stall>) {
    let received = shared.received.fetch_add(1, Ordering::SeqCst) + 1;
    let Some(stall) = stall else {
        return;
    };
    if received > stall.after_messages && !shared.stalled.swap(true, Ordering::SeqCst) {
        tokio::time::sleep(stall.pause).await;
    }
}

/// Reads a misbehaving call's request to its end, counting its messages; the call ends (for
/// the counts) when both this and the answer are done.
async fn drain(mut body: RecvStream, guard: CallGuard) {
    let mut reader = MessageReader::default();
    while let Some(Ok(chunk)) = body.data().await {
        let _ = body.flow_control().release_capacity(chunk.len());
        reader.push(&chunk);
        while let Next::Message(_) = reader.next() {
            guard
                .counters()
                .messages_received
                .fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// The misbehaving answers.
async fn misbehave(
    behavior: GrpcBehavior,
    mut respond: SendResponse<Bytes>,
) -> Result<(), h2::Error> {
    let reply = || {
        Echo {
            payload: Bytes::from_static(b"hello"),
            seq: 1,
        }
        .framed()
    };
    match behavior {
        GrpcBehavior::Good { .. } => Ok(()),
        GrpcBehavior::TrailersOnly => trailers_only(respond, "14", UNAVAILABLE_MESSAGE),
        GrpcBehavior::MissingStatus => {
            let mut send = respond.send_response(grpc_head(200), false)?;
            send.send_data(reply(), false)?;
            let mut trailers = HeaderMap::new();
            trailers.insert("x-testkit", HeaderValue::from_static("no grpc-status"));
            send.send_trailers(trailers)
        }
        GrpcBehavior::CompressedFlag => {
            let mut send = respond.send_response(grpc_head(200), false)?;
            let body = reply();
            send.send_data(frame(1, body.len() as u32 - 5, &body[5..]), false)?;
            send.send_trailers(status_trailers("0", ""))
        }
        GrpcBehavior::LengthPastFrame => {
            let mut send = respond.send_response(grpc_head(200), false)?;
            send.send_data(frame(0, 100, &[b'x'; 10]), true)
        }
        GrpcBehavior::ResetMidMessage => {
            let mut send = respond.send_response(grpc_head(200), false)?;
            send.send_data(frame(0, 20, &[b'x'; 10]), false)?;
            // h2 drops what is still queued on a stream it resets: let the half message go.
            tokio::time::sleep(RESET_AFTER).await;
            send.send_reset(Reason::INTERNAL_ERROR);
            Ok(())
        }
        GrpcBehavior::NeverEnds => {
            let mut send = respond.send_response(grpc_head(200), false)?;
            send.send_data(reply(), false)?;
            // Holds the stream open until the client resets it or the connection ends.
            let _ = std::future::poll_fn(|cx| send.poll_reset(cx)).await;
            Ok(())
        }
        GrpcBehavior::HugeMessage => {
            let mut send = respond.send_response(grpc_head(200), false)?;
            send.send_data(frame(0, u32::MAX, &[b'x'; 1024]), false)?;
            let _ = std::future::poll_fn(|cx| send.poll_reset(cx)).await;
            Ok(())
        }
        GrpcBehavior::NotGrpc => {
            let head = Response::builder()
                .status(404)
                .header("content-type", "text/html")
                .body(())
                .expect("a valid head");
            let mut send: SendStream<Bytes> = respond.send_response(head, false)?;
            send.send_data(Bytes::from_static(b"<html>not found</html>\n"), true)
        }
    }
}

/// A gRPC response head.
fn grpc_head(status: u16) -> Response<()> {
    Response::builder()
        .status(status)
        .header("content-type", "application/grpc")
        .body(())
        .expect("a valid head")
}

/// `grpc-status` (and `grpc-message` when not empty) as trailers.
fn status_trailers(code: &'static str, message: &'static str) -> HeaderMap {
    let mut trailers = HeaderMap::new();
    trailers.insert("grpc-status", HeaderValue::from_static(code));
    if !message.is_empty() {
        trailers.insert("grpc-message", HeaderValue::from_static(message));
    }
    trailers
}

/// A trailers-only answer: one HEADERS frame with END_STREAM.
fn trailers_only(
    mut respond: SendResponse<Bytes>,
    code: &'static str,
    message: &'static str,
) -> Result<(), h2::Error> {
    let mut head = grpc_head(200);
    head.headers_mut().extend(status_trailers(code, message));
    respond.send_response(head, true).map(drop)
}

#[cfg(test)]
mod tests;
