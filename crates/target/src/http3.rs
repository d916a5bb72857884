//! HTTP/3 for [`TargetConfig::h3`](crate::TargetConfig::h3): QUIC (quinn)
//! on the UDP port of the TCP listener's number, h3 on top, answered by the
//! same handler as HTTP/1.1 and h2 ([`TargetService::answer`]).
//!
//! Each runtime worker gets a QUIC endpoint of its own, on its own UDP
//! socket bound with `SO_REUSEPORT` to the same address: the kernel hashes
//! each client's address and port to one socket, so client connections
//! spread over the endpoints, whose driver tasks run in parallel on the
//! runtime the TCP side uses. (A client that changes its address mid-way
//! may land on an endpoint that does not know its connection.) quinn sends
//! and receives in batches with GSO/GRO where the kernel has them.
//!
//! Shutdown mirrors the TCP side: the endpoints stop accepting, every
//! connection sends GOAWAY, lets its requests under way finish and closes
//! with `H3_NO_ERROR`; what is still open after the grace period is closed
//! the same way by [`Http3::close`].

use std::cell::RefCell;
use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::{Buf, Bytes};
use h3::error::StreamError;
use h3::server::{RequestResolver, RequestStream};
use http::header::{HeaderValue, DATE};
use hyper::body::{Body, Frame};
use quinn::crypto::rustls::QuicServerConfig;
use quinn::{
    ConnectionError, Endpoint, EndpointConfig, Incoming, ServerConfig, TokioRuntime,
    TransportConfig, VarInt,
};
use socket2::{Domain, Protocol, Socket, Type};
use tokio::sync::{mpsc, watch};
use tokio::task::{JoinHandle, JoinSet};

use crate::handler::database::Database;
use crate::handler::{Stats, TargetService};
use crate::server::HANDSHAKE_TIMEOUT;
use crate::stop::stopped;

/// Request streams a client may have open at once on one connection.
const MAX_STREAMS: u32 = 1024;
/// Request body bytes a client may send on one stream ahead of the server.
const STREAM_WINDOW: u32 = 1 << 20;
/// The same for all the streams of a connection together; far above what
/// 100 streams of 4 KiB need.
const CONNECTION_WINDOW: u32 = 16 << 20;
/// Response bytes a connection may have sent and not yet seen acknowledged.
const SEND_WINDOW: u64 = 16 << 20;
/// Largest request header section accepted (decoded), as HTTP/2's 16 KiB
/// default, with room to spare.
const MAX_FIELD_SECTION: u64 = 64 << 10;
/// Kernel buffer asked for each UDP socket, so bursts are not dropped
/// (the kernel caps it at `net.core.rmem_max` / `wmem_max`).
const UDP_BUFFER: usize = 4 << 20;
/// How long shutdown waits for the last `CONNECTION_CLOSE`s to leave.
const CLOSE_WAIT: Duration = Duration::from_millis(200);
/// `H3_NO_ERROR`: the application error code of a clean close.
const H3_NO_ERROR: VarInt = VarInt::from_u32(0x100);

/// Binds `count` non-blocking UDP sockets on `addr`, with `SO_REUSEPORT`
/// when there are several; errors name the address.
pub(crate) fn bind(addr: SocketAddr, count: usize) -> io::Result<Vec<UdpSocket>> {
    let count = if cfg!(unix) { count.max(1) } else { 1 };
    let with_addr = |e: io::Error| {
        io::Error::new(
            e.kind(),
            format!("cannot listen on {addr} (UDP, for HTTP/3): {e}"),
        )
    };
    (0..count)
        .map(|_| {
            let socket = Socket::new(Domain::for_address(addr), Type::DGRAM, Some(Protocol::UDP))
                .map_err(with_addr)?;
            #[cfg(unix)]
            if count > 1 {
                socket.set_reuse_port(true).map_err(with_addr)?;
            }
            // Best effort: a smaller buffer only means drops under bursts.
            let _ = socket.set_recv_buffer_size(UDP_BUFFER);
            let _ = socket.set_send_buffer_size(UDP_BUFFER);
            socket.set_nonblocking(true).map_err(with_addr)?;
            socket.bind(&addr.into()).map_err(with_addr)?;
            Ok(socket.into())
        })
        .collect()
}

/// The QUIC transport settings: many streams, generous windows; the
/// rest (GSO, MTU discovery, 30 s idle timeout) as quinn has it.
fn transport() -> TransportConfig {
    let mut transport = TransportConfig::default();
    transport
        .max_concurrent_bidi_streams(VarInt::from_u32(MAX_STREAMS))
        .stream_receive_window(VarInt::from_u32(STREAM_WINDOW))
        .receive_window(VarInt::from_u32(CONNECTION_WINDOW))
        .send_window(SEND_WINDOW);
    transport
}

/// The HTTP/3 side of a running server: its endpoints and handler.
pub(crate) struct Http3 {
    endpoints: Vec<Endpoint>,
    /// Without `Alt-Svc`, which only HTTP/1.1 and h2 responses carry.
    service: TargetService,
    stats: Arc<Stats>,
}

impl Http3 {
    /// One endpoint per socket. Must be called inside the runtime, which
    /// the endpoints' driver tasks are spawned on.
    pub(crate) fn new(
        sockets: Vec<UdpSocket>,
        crypto: Arc<QuicServerConfig>,
        stats: Arc<Stats>,
        database: Option<Database>,
    ) -> io::Result<Http3> {
        let mut config = ServerConfig::with_crypto(crypto);
        config.transport_config(Arc::new(transport()));
        let runtime = Arc::new(TokioRuntime);
        let endpoints = sockets
            .into_iter()
            .map(|socket| {
                let addr = socket.local_addr()?;
                Endpoint::new(
                    EndpointConfig::default(),
                    Some(config.clone()),
                    socket,
                    runtime.clone(),
                )
                .map_err(|e| {
                    io::Error::new(e.kind(), format!("cannot serve HTTP/3 on {addr}: {e}"))
                })
            })
            .collect::<io::Result<_>>()?;
        Ok(Http3 {
            endpoints,
            service: TargetService::new(Arc::clone(&stats), None, database),
            stats,
        })
    }

    /// Spawns one accept loop per endpoint; each ends once `shutdown`
    /// turns true. Connection tasks hold a `drain` sender each.
    pub(crate) fn spawn(
        &self,
        shutdown: &watch::Receiver<bool>,
        drain: &mpsc::Sender<()>,
    ) -> Vec<JoinHandle<()>> {
        self.endpoints
            .iter()
            .map(|endpoint| {
                tokio::spawn(accept_loop(
                    endpoint.clone(),
                    self.service.clone(),
                    Arc::clone(&self.stats),
                    shutdown.clone(),
                    drain.clone(),
                ))
            })
            .collect()
    }

    /// Closes every connection still open (after the grace period) with
    /// `H3_NO_ERROR`, and gives the close packets a moment to leave, so
    /// clients do not wait for their idle timeout.
    pub(crate) async fn close(&self) {
        for endpoint in &self.endpoints {
            endpoint.close(H3_NO_ERROR, b"server shutting down");
        }
        let idle = async {
            for endpoint in &self.endpoints {
                endpoint.wait_idle().await;
            }
        };
        let _ = tokio::time::timeout(CLOSE_WAIT, idle).await;
    }
}

async fn accept_loop(
    endpoint: Endpoint,
    service: TargetService,
    stats: Arc<Stats>,
    mut shutdown: watch::Receiver<bool>,
    drain: mpsc::Sender<()>,
) {
    loop {
        let incoming = tokio::select! {
            biased;
            _ = stopped(&mut shutdown) => break,
            incoming = endpoint.accept() => incoming,
        };
        // None: the endpoint was closed.
        let Some(incoming) = incoming else { break };
        stats.count_connection();
        tokio::spawn(connection(
            incoming,
            service.clone(),
            Arc::clone(&stats),
            shutdown.clone(),
            drain.clone(),
        ));
    }
    // New connections are refused from here on, as the TCP port closes.
    endpoint.set_server_config(None);
}

/// One QUIC connection: handshake, then a task per request stream until
/// the client is done or shutdown is requested.
async fn connection(
    incoming: Incoming,
    service: TargetService,
    stats: Arc<Stats>,
    mut shutdown: watch::Receiver<bool>,
    _drain: mpsc::Sender<()>,
) {
    let Ok(connecting) = incoming.accept() else {
        stats.count_handshake_failure();
        return;
    };
    // 0-RTT: a server may take the connection before its handshake is done,
    // so requests that came as 0-RTT data (a client resuming a session) are
    // answered at once, in 0.5-RTT data. A handshake that fails or stalls
    // costs this connection only: it is counted and the connection closed.
    let (quic, established) = match connecting.into_0rtt() {
        Ok(pair) => pair,
        // Not on a server (quinn always allows it there); kept as a plain
        // handshake anyway.
        Err(connecting) => {
            let handshake = tokio::time::timeout(HANDSHAKE_TIMEOUT, connecting);
            tokio::select! {
                done = handshake => match done {
                    Ok(Ok(quic)) => serve_connection(quic, service, shutdown).await,
                    Ok(Err(_)) | Err(_) => stats.count_handshake_failure(),
                },
                _ = stopped(&mut shutdown) => {}
            }
            return;
        }
    };
    let watched = quic.clone();
    tokio::spawn(async move {
        // Resolves once the handshake is done or failed (on a server its
        // value says nothing: quinn reports 0-RTT acceptance to clients only).
        match tokio::time::timeout(HANDSHAKE_TIMEOUT, established).await {
            // Closed since by either side's application: the handshake was done.
            Ok(_) => match watched.close_reason() {
                None
                | Some(ConnectionError::ApplicationClosed(_))
                | Some(ConnectionError::LocallyClosed) => {}
                Some(_) => stats.count_handshake_failure(),
            },
            Err(_) => {
                stats.count_handshake_failure();
                watched.close(VarInt::from_u32(0), b"handshake timed out");
            }
        }
    });
    serve_connection(quic, service, shutdown).await;
}

/// Serves one connection's requests, each in a task, until the client is
/// done or shutdown is requested.
async fn serve_connection(
    quic: quinn::Connection,
    service: TargetService,
    mut shutdown: watch::Receiver<bool>,
) {
    let built = h3::server::builder()
        .max_field_section_size(MAX_FIELD_SECTION)
        .build::<_, Bytes>(h3_quinn::Connection::new(quic))
        .await;
    let Ok(mut conn) = built else { return };
    let mut requests = JoinSet::new();
    loop {
        tokio::select! {
            biased;
            _ = stopped(&mut shutdown) => break,
            Some(_) = requests.join_next(), if !requests.is_empty() => {}
            accepted = conn.accept() => match accepted {
                Ok(Some(resolver)) => {
                    requests.spawn(request(resolver, service.clone()));
                }
                // The client sent GOAWAY and its requests are answered, or
                // the connection is gone: nothing left to serve.
                Ok(None) | Err(_) => return,
            },
        }
    }
    // Shutting down: GOAWAY (no new requests), the ones under way finish
    // within the server's grace period, and dropping `conn` closes the
    // connection with H3_NO_ERROR.
    let _ = conn.shutdown(0).await;
    while requests.join_next().await.is_some() {}
}

type Stream<S> = RequestStream<S, Bytes>;

/// One request stream: the handler reads the request body where the
/// endpoint needs it, else reads it to its end and drops it, as hyper does
/// for HTTP/1.1 and h2.
async fn request(resolver: RequestResolver<h3_quinn::Connection, Bytes>, service: TargetService) {
    let Ok((req, stream)) = resolver.resolve_request().await else {
        return;
    };
    let (send, recv) = stream.split();
    let (head, body) = service
        .answer(req.method(), req.uri(), req.headers(), RecvBody(recv))
        .await;
    let _ = send_response(send, head, body).await;
}

/// The receiving half of a request stream as an HTTP body, so that the
/// handler reads it as it reads hyper's.
struct RecvBody(Stream<h3_quinn::RecvStream>);

impl Body for RecvBody {
    type Data = Bytes;
    type Error = StreamError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, StreamError>>> {
        let received = std::task::ready!(self.get_mut().0.poll_recv_data(cx));
        Poll::Ready(match received {
            // h3-quinn's chunks are `Bytes`, so this takes them without a copy.
            Ok(Some(mut data)) => Some(Ok(Frame::data(data.copy_to_bytes(data.remaining())))),
            Ok(None) => None,
            Err(e) => Some(Err(e)),
        })
    }
}

async fn send_response(
    mut send: Stream<h3_quinn::SendStream<Bytes>>,
    mut head: http::Response<()>,
    body: Bytes,
) -> Result<(), StreamError> {
    head.headers_mut().insert(DATE, date());
    send.send_response(head).await?;
    if !body.is_empty() {
        send.send_data(body).await?;
    }
    send.finish().await
}

/// The `Date` header value for now, formatted once a second per thread
/// (hyper does the same for HTTP/1.1 and h2).
fn date() -> HeaderValue {
    thread_local! {
        static CACHED: RefCell<Option<(u64, HeaderValue)>> = const { RefCell::new(None) };
    }
    let now = SystemTime::now();
    let second = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    CACHED.with(|cached| {
        let mut cached = cached.borrow_mut();
        match &*cached {
            Some((at, value)) if *at == second => value.clone(),
            _ => {
                let value = HeaderValue::try_from(httpdate::fmt_http_date(now))
                    .expect("an HTTP date is a valid header value");
                *cached = Some((second, value.clone()));
                value
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_is_an_http_date() {
        let value = date();
        let text = value.to_str().unwrap();
        assert!(text.ends_with(" GMT"), "{text}");
        assert!(httpdate::parse_http_date(text).is_ok(), "{text}");
        let when = httpdate::parse_http_date(text).unwrap();
        let age = SystemTime::now().duration_since(when).unwrap_or_default();
        assert!(age < Duration::from_secs(5), "{text}");
    }

    #[test]
    fn sockets_share_the_port() {
        let sockets = bind("127.0.0.1:0".parse().unwrap(), 1).unwrap();
        let addr = sockets[0].local_addr().unwrap();
        drop(sockets);
        // Several on one port, as with --threads N.
        let sockets = bind(addr, 3).unwrap();
        assert_eq!(sockets.len(), 3);
        for socket in &sockets {
            assert_eq!(socket.local_addr().unwrap(), addr);
        }
        // Without SO_REUSEPORT on its side, another socket cannot join.
        let err = bind(addr, 1).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AddrInUse);
        assert!(
            err.to_string()
                .starts_with(&format!("cannot listen on {addr} (UDP, for HTTP/3): ")),
            "{err}"
        );
    }
}
