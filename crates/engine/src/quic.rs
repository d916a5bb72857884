//! QUIC's I/O for HTTP/3: one UDP socket per connection (so a server's
//! kernel spreads the connections over its threads by 4-tuple, as it does
//! for TCP), quinn-udp for GSO/GRO sends and receives, and a client-only
//! quinn-proto endpoint per connection that routes the datagrams to it.
//!
//! quinn-proto does the protocol without I/O or clock of its own (the
//! sans-I/O shape of the other sessions), which lets QUIC connections live
//! in the worker's epoll loop next to TCP ones; quinn (its tokio driver) and
//! the h3 crate would need an async runtime per worker. The choice is
//! measured in BENCHMARKS.md ("Choosing the HTTP/3 implementation").

use std::io::{self, IoSliceMut};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::BytesMut;
use mio::net::UdpSocket;
use quinn_proto::crypto::rustls::QuicClientConfig;
use quinn_proto::{
    ClientConfig, Connection, ConnectionHandle, DatagramEvent, Endpoint, EndpointConfig,
    TransportConfig, VarInt,
};
use quinn_udp::{RecvMeta, UdpSockRef, UdpSocketState};

use crate::spec::{Field, SpecError};
use crate::tls::client_config as tls_client_config;
use crate::tls::TlsOptions;

/// The ALPN id of HTTP/3.
pub const ALPN_H3: &[u8] = b"h3";

/// Per-stream and per-connection receive windows: 100 streams of 4 KiB
/// responses fit many times over, and a 1 MiB body streams without stalls.
const STREAM_WINDOW: u32 = 1 << 20;
const CONNECTION_WINDOW: u32 = 16 << 20;
/// Receive slots per `recvmmsg`, and the bytes of each: a GRO batch holds up
/// to 64 datagrams of at most 1,500 bytes here, and a slot must hold a whole
/// batch (a shorter one would cut it, and QUIC would see loss). One slot:
/// four measured no better at 100 connections (BENCHMARKS.md, issue 16).
const RECV_SLOTS: usize = 1;
const RECV_SLOT_BYTES: usize = 64 * 1500;
/// The receive buffer [`QuicLink::receive`] needs.
pub(crate) const RECV_BUF_BYTES: usize = RECV_SLOTS * RECV_SLOT_BYTES;
/// Receives per event at most (each up to 64 datagrams): a peer that sends
/// without pause cannot keep the worker from its clock (as a byte stream's
/// `READS_PER_EVENT` in link.rs).
const RECEIVES_PER_EVENT: usize = 64;

/// A connection nobody speaks on for this long is closed by QUIC.
const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// The QUIC client configuration of a run: TLS 1.3 with ALPN `h3`, and the
/// transport parameters barrage announces.
pub(crate) fn client_config(opts: &TlsOptions) -> Result<ClientConfig, SpecError> {
    let tls = tls_client_config(opts, &[ALPN_H3])?;
    let mut tls = Arc::unwrap_or_clone(tls);
    tls.enable_early_data = opts.resume;
    let crypto = QuicClientConfig::try_from(tls)
        .map_err(|e| SpecError::new(Field::Resources, format!("QUIC TLS set-up failed: {e}")))?;
    let mut transport = TransportConfig::default();
    transport
        .stream_receive_window(VarInt::from_u32(STREAM_WINDOW))
        .receive_window(VarInt::from_u32(CONNECTION_WINDOW))
        // The server opens its control and QPACK streams (push is never allowed).
        .max_concurrent_uni_streams(VarInt::from_u32(8))
        .max_concurrent_bidi_streams(VarInt::from_u32(0))
        .max_idle_timeout(Some(
            VarInt::from_u32(IDLE_TIMEOUT.as_millis() as u32).into(),
        ));
    let mut config = ClientConfig::new(Arc::new(crypto));
    config.transport_config(Arc::new(transport));
    Ok(config)
}

/// The UDP side of one QUIC connection.
pub(crate) struct QuicLink {
    socket: UdpSocket,
    udp: UdpSocketState,
    endpoint: Endpoint,
    handle: ConnectionHandle,
    peer: SocketAddr,
    /// Datagrams being built by `poll_transmit`.
    out: Vec<u8>,
    /// The endpoint's own answers (a stateless reset, say).
    answer: Vec<u8>,
}

/// Why a QUIC connection could not be started.
#[derive(Debug)]
pub(crate) struct ConnectError(pub String);

impl QuicLink {
    /// A socket connected to `peer` and the connection's first flight ready to send.
    pub fn connect(
        peer: SocketAddr,
        source: Option<IpAddr>,
        config: &ClientConfig,
        server_name: &str,
        now: Instant,
    ) -> Result<(QuicLink, Connection), ConnectError> {
        let any: SocketAddr = match (source, peer) {
            (Some(source), _) => (source, 0).into(),
            (None, SocketAddr::V4(_)) => (Ipv4Addr::UNSPECIFIED, 0).into(),
            (None, SocketAddr::V6(_)) => (Ipv6Addr::UNSPECIFIED, 0).into(),
        };
        let io = |what: &str, e: io::Error| ConnectError(format!("{what}: {e}"));
        let socket = UdpSocket::bind(any).map_err(|e| io("UDP socket", e))?;
        socket
            .connect(peer)
            .map_err(|e| io(&format!("connect UDP to {peer}"), e))?;
        let udp = UdpSocketState::new(UdpSockRef::from(&socket))
            .map_err(|e| io("UDP socket options", e))?;
        let mut endpoint = Endpoint::new(Arc::new(EndpointConfig::default()), None, true, None);
        let (handle, conn) = endpoint
            .connect(now, config.clone(), peer, server_name)
            .map_err(|e| ConnectError(format!("QUIC connect to {peer}: {e}")))?;
        Ok((
            QuicLink {
                socket,
                udp,
                endpoint,
                handle,
                peer,
                out: Vec::with_capacity(64 * 1024),
                answer: Vec::new(),
            },
            conn,
        ))
    }

    pub fn socket(&mut self) -> &mut UdpSocket {
        &mut self.socket
    }

    /// Reads the datagrams waiting (GRO batches split) into the connection,
    /// at most [`RECEIVES_PER_EVENT`] receives; returns the bytes read and
    /// whether it stopped at that budget with more to read. `buf` is
    /// scratch space of [`RECV_BUF_BYTES`]. A `recvmmsg` that fills fewer
    /// slots than it has drained the socket, so (as a short TCP read) no
    /// second call is made to hear `WouldBlock`.
    pub fn receive(
        &mut self,
        now: Instant,
        conn: &mut Connection,
        buf: &mut [u8],
    ) -> io::Result<(u64, bool)> {
        let mut read = 0u64;
        let mut more = false;
        for receives in 1.. {
            if receives > RECEIVES_PER_EVENT {
                more = true;
                break;
            }
            let mut meta = [RecvMeta::default(); RECV_SLOTS];
            let n = {
                let mut slots = buf.chunks_mut(RECV_SLOT_BYTES);
                let mut iov: [IoSliceMut; RECV_SLOTS] =
                    std::array::from_fn(|_| IoSliceMut::new(slots.next().unwrap_or_default()));
                match self
                    .udp
                    .recv(UdpSockRef::from(&self.socket), &mut iov, &mut meta)
                {
                    Ok(n) => n,
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                    Err(e) => return Err(e),
                }
            };
            for (i, m) in meta[..n].iter().enumerate() {
                read += m.len as u64;
                if m.addr != self.peer {
                    continue;
                }
                let stride = m.stride.max(1);
                // One copy per batch; each datagram is a view into it.
                let slot = &buf[i * RECV_SLOT_BYTES..];
                let mut batch = BytesMut::from(&slot[..m.len]);
                while !batch.is_empty() {
                    let datagram = batch.split_to(stride.min(batch.len()));
                    let ecn = m
                        .ecn
                        .and_then(|e| quinn_proto::EcnCodepoint::from_bits(e as u8));
                    self.answer.clear();
                    let event = self.endpoint.handle(
                        now,
                        m.addr,
                        m.dst_ip,
                        ecn,
                        datagram,
                        &mut self.answer,
                    );
                    match event {
                        Some(DatagramEvent::ConnectionEvent(_, event)) => conn.handle_event(event),
                        Some(DatagramEvent::Response(t)) => {
                            let answer = std::mem::take(&mut self.answer);
                            self.send(&answer[..t.size], t.segment_size, t.ecn);
                            self.answer = answer;
                        }
                        Some(DatagramEvent::NewConnection(_)) | None => {}
                    }
                }
            }
            if n < RECV_SLOTS {
                break;
            }
        }
        self.endpoint_events(conn);
        Ok((read, more))
    }

    /// Sends what the connection has to send; returns the bytes written.
    pub fn transmit(&mut self, now: Instant, conn: &mut Connection) -> u64 {
        self.endpoint_events(conn);
        let mut written = 0u64;
        let segments = self.udp.max_gso_segments().max(1);
        loop {
            self.out.clear();
            let Some(t) = conn.poll_transmit(now, segments, &mut self.out) else {
                break;
            };
            let out = std::mem::take(&mut self.out);
            if self.send(&out[..t.size], t.segment_size, t.ecn) {
                written += t.size as u64;
            }
            self.out = out;
        }
        self.endpoint_events(conn);
        written
    }

    /// One send; a full socket buffer drops the datagrams (QUIC resends them).
    fn send(
        &self,
        contents: &[u8],
        segment_size: Option<usize>,
        ecn: Option<quinn_proto::EcnCodepoint>,
    ) -> bool {
        let transmit = quinn_udp::Transmit {
            destination: self.peer,
            ecn: ecn.and_then(|e| quinn_udp::EcnCodepoint::from_bits(e as u8)),
            contents,
            segment_size,
            src_ip: None,
        };
        self.udp
            .send(UdpSockRef::from(&self.socket), &transmit)
            .is_ok()
    }

    /// Lets the endpoint see the connection's events (new connection ids,
    /// the end of its life).
    fn endpoint_events(&mut self, conn: &mut Connection) {
        while let Some(event) = conn.poll_endpoint_events() {
            if let Some(back) = self.endpoint.handle_event(self.handle, event) {
                conn.handle_event(back);
            }
        }
    }
}
