//! Listener, accept loop and connection driving, over plain TCP or TLS,
//! and the shutdown of the whole server (HTTP/3 included, see [`crate::http3`]).

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper::header::HeaderValue;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use socket2::{Domain, Protocol, Socket, Type};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::runtime::Runtime;
use tokio::sync::{mpsc, watch};
use tokio_rustls::TlsAcceptor;

use crate::grpc::{Grpc, Routed};
use crate::handler::database::Database;
use crate::handler::ws::Lifecycle;
use crate::handler::{Stats, TargetService};
use crate::http3::Http3;
use crate::stop::stopped;
use crate::tls::Alpn;

/// Listen backlog requested from the kernel (which may cap it at `somaxconn`).
pub(crate) const BACKLOG: i32 = 4096;
/// How long shutdown waits for open connections to finish their requests.
const GRACE: Duration = Duration::from_secs(2);
/// How long the runtime then waits for tasks that are still running.
const RUNTIME_SHUTDOWN: Duration = Duration::from_millis(200);
/// How long a client gets to complete the TLS (or QUIC) handshake.
pub(crate) const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Back-off after an accept error that is not about one connection (e.g. EMFILE).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(10);

/// Binds a non-blocking listener on `addr` with a [`BACKLOG`]-deep queue;
/// errors name the address.
pub(crate) fn bind(addr: SocketAddr) -> io::Result<std::net::TcpListener> {
    let with_addr =
        |e: io::Error| io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}"));
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))
        .map_err(with_addr)?;
    #[cfg(unix)]
    socket.set_reuse_address(true).map_err(with_addr)?;
    socket.set_nonblocking(true).map_err(with_addr)?;
    socket.bind(&addr.into()).map_err(with_addr)?;
    socket.listen(BACKLOG).map_err(with_addr)?;
    Ok(socket.into())
}

/// The connection builder: HTTP/1.1 and h2c prior knowledge, auto-detected.
fn builder() -> auto::Builder<TokioExecutor> {
    let mut builder = auto::Builder::new(TokioExecutor::new());
    // Both are hyper's defaults; set explicitly because the contract
    // requires `Date` on every response, HTTP/2 included.
    builder.http1().keep_alive(true).auto_date_header(true);
    // A client that shuts its write side after its request (the noisy
    // workload's raw requests do) still gets the answer, where hyper's
    // default would close on the end of input before answering.
    builder.http1().half_close(true);
    builder.http2().auto_date_header(true);
    builder
}

/// What every connection task shares: how to speak HTTP on it, the
/// optional TLS layer below, and the request handler.
pub(crate) struct Server {
    /// Plain TCP: HTTP/1.1 or h2c, told apart by the client's first bytes.
    plain: auto::Builder<TokioExecutor>,
    /// TLS with ALPN `h2`.
    h2: auto::Builder<TokioExecutor>,
    /// TLS with ALPN `http/1.1` or none: HTTP/1.1 only, since h2 over TLS
    /// must be agreed by ALPN.
    http1: auto::Builder<TokioExecutor>,
    tls: Option<TlsAcceptor>,
    service: TargetService,
    /// The `Bench` gRPC service (`--grpc`), shared by every connection.
    grpc: Option<Grpc>,
    stats: Arc<Stats>,
}

impl Server {
    /// A server for plain TCP, or for TLS when `tls` is set; `alt_svc`
    /// (announcing HTTP/3) goes on every response when set; `database`
    /// serves the database workloads; `grpc` serves the `Bench` service
    /// to HTTP/2 requests with a gRPC content-type.
    pub(crate) fn new(
        stats: Arc<Stats>,
        tls: Option<TlsAcceptor>,
        alt_svc: Option<HeaderValue>,
        database: Option<Database>,
        grpc: bool,
    ) -> Server {
        Server {
            plain: builder(),
            h2: builder().http2_only(),
            http1: builder().http1_only(),
            tls,
            service: TargetService::new(Arc::clone(&stats), alt_svc, database),
            grpc: grpc.then(|| Grpc::new(Arc::clone(&stats))),
            stats,
        }
    }
}

/// Runs the server (and its HTTP/3 side, if any) on `rt` until `shutdown`
/// turns true, then drains connections for up to [`GRACE`], closes what
/// is left of HTTP/3 and shuts the runtime down.
/// Meant to be the body of the target's main thread.
pub(crate) fn run(
    rt: Runtime,
    listener: TcpListener,
    server: Server,
    http3: Option<Http3>,
    shutdown: watch::Receiver<bool>,
) {
    rt.block_on(async move {
        let (drain_tx, mut drain_rx) = mpsc::channel::<()>(1);
        let mut accepts = match &http3 {
            Some(http3) => http3.spawn(&shutdown, &drain_tx),
            None => Vec::new(),
        };
        accepts.push(tokio::spawn(accept_loop(
            listener,
            Arc::new(server),
            shutdown,
            drain_tx,
        )));
        for accept in accepts {
            let _ = accept.await;
        }
        // Every connection task holds a sender; recv() yields None once all are gone.
        let _ = tokio::time::timeout(GRACE, drain_rx.recv()).await;
        if let Some(http3) = &http3 {
            http3.close().await;
        }
    });
    rt.shutdown_timeout(RUNTIME_SHUTDOWN);
}

async fn accept_loop(
    listener: TcpListener,
    server: Arc<Server>,
    mut shutdown: watch::Receiver<bool>,
    drain: mpsc::Sender<()>,
) {
    loop {
        let accepted = tokio::select! {
            biased;
            _ = stopped(&mut shutdown) => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _peer)) => stream,
            Err(e) if is_connection_error(&e) => continue,
            Err(_) => {
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        server.stats.count_connection();
        tokio::spawn(serve(
            stream,
            Arc::clone(&server),
            shutdown.clone(),
            drain.clone(),
        ));
    }
    // Dropping the listener here closes the port before connections drain.
}

async fn serve(
    stream: TcpStream,
    server: Arc<Server>,
    mut shutdown: watch::Receiver<bool>,
    drain: mpsc::Sender<()>,
) {
    let _ = stream.set_nodelay(true);
    let lifecycle = Lifecycle {
        shutdown: shutdown.clone(),
        _drain: drain,
    };
    let Some(acceptor) = &server.tls else {
        return drive(&server.plain, stream, &server, lifecycle).await;
    };
    // A handshake that fails or stalls costs this connection only.
    let handshake = tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream));
    let stream = tokio::select! {
        done = handshake => match done {
            Ok(Ok(stream)) => stream,
            Ok(Err(_)) | Err(_) => {
                server.stats.count_handshake_failure();
                return;
            }
        },
        _ = stopped(&mut shutdown) => return,
    };
    let builder = match Alpn::of(stream.get_ref().1.alpn_protocol()) {
        Alpn::H2 => &server.h2,
        Alpn::Http1 => &server.http1,
    };
    drive(builder, stream, &server, lifecycle).await;
}

/// Serves HTTP on `io` until the peer is done or shutdown is requested,
/// then lets in-flight requests finish. An HTTP/1.1 connection upgraded
/// to WebSocket (`/ws`) is handed to its session, which holds `lifecycle`
/// (the shutdown signal and the drain token) from then on.
async fn drive<I>(
    builder: &auto::Builder<TokioExecutor>,
    io: I,
    server: &Server,
    lifecycle: Lifecycle,
) where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let mut shutdown = lifecycle.shutdown.clone();
    let service = Routed {
        target: server.service.for_connection(lifecycle),
        grpc: server.grpc.clone(),
    };
    let conn = builder.serve_connection_with_upgrades(TokioIo::new(io), service);
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = stopped(&mut shutdown) => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// Accept errors that concern only the connection being accepted.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bind_error_names_the_address() {
        let first = bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let addr = first.local_addr().unwrap();
        let err = bind(addr).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.starts_with(&format!("cannot listen on {addr}: ")),
            "{msg}"
        );
        assert_eq!(err.kind(), io::ErrorKind::AddrInUse);
    }
}
