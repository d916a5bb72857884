//! A connection as the worker drives it: a transport and the session on it,
//! paired by what the session needs ([`Needs`]). The worker makes the same
//! calls on every link, whatever its protocol:
//!
//! - [`Link::dial`] and [`Link::register`]; [`Link::start_early`] (0-RTT);
//! - while it is being set up, [`Link::on_connecting`] and
//!   [`Link::handshake`], which say when the connect and the handshake end;
//! - [`Link::on_readable`]: take what arrived and feed the session;
//! - [`Link::send`] what the session and the plan wrote, [`Link::flush`]
//!   what a full socket left;
//! - [`Link::deadline`], the transport's next timer, and [`Link::on_timer`];
//! - [`Link::close`].
//!
//! What they mean is the pair's business. Over a byte stream (TCP, TLS) a
//! read's bytes go to `Session::on_read` and the session's bytes are
//! written; there is no timer. Over QUIC the datagrams go into the
//! session's quinn-proto connection, the session is polled for responses,
//! the connection's datagrams are sent, and its timer is the transport's.
//! The matches on transport and session live here and in `session/`, never
//! in the worker. A link records nothing: it reports, the worker counts.
//!
//! Must not: read the clock (the worker passes `now`), know the schedule, or
//! hold a protocol's state (that is the session's).

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::os::fd::AsRawFd;
use std::sync::Arc;
use std::time::Instant;

use mio::net::TcpStream;
use mio::{Interest, Registry, Token};

use crate::quic::QuicLink;
use crate::recorder::ErrorKind;
use crate::session::h3::H3Session;
use crate::session::{self, Needs, Next, ProtocolSession, Session, SessionConfig, Sink};
use crate::spec::{LoadSpec, Protocol, Scheme, SpecError};
use crate::tls::{client_config, quic_server_name, server_name, ALPN_H2, ALPN_HTTP11};
use crate::transport::{TlsSummary, Transport, TransportError};
use crate::uring::UringStream;

/// `https://`: the TLS client configuration and the server name.
pub(crate) struct TlsClient {
    pub config: Arc<rustls::ClientConfig>,
    pub name: rustls::pki_types::ServerName<'static>,
}

/// HTTP/3: the QUIC client configuration and the server name.
pub(crate) struct QuicClient {
    pub config: quinn_proto::ClientConfig,
    pub name: String,
}

/// What opening a connection takes besides its address: the transports'
/// configurations (each `None` when the run does not use it).
pub(crate) struct Dialer {
    pub tls: Option<TlsClient>,
    pub quic: Option<QuicClient>,
}

/// What an event (or a due timer) says about a connection.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Readiness {
    pub readable: bool,
    pub writable: bool,
    pub error: bool,
    /// The peer closed its side.
    pub read_closed: bool,
    /// The transport's timer is due ([`Link::on_timer`] was just called).
    pub timer: bool,
}

impl Readiness {
    pub const TIMER: Readiness = Readiness {
        readable: false,
        writable: false,
        error: false,
        read_closed: false,
        timer: true,
    };

    /// Something may have arrived, or a timer moved the transport on.
    pub fn wakes_reader(&self) -> bool {
        self.readable || self.error || self.timer
    }
}

/// Scratch space for reads, shared by a worker's links, and the bytes
/// read through it since the worker last took the count.
pub(crate) struct Buffers {
    /// A byte stream's reads.
    read: Box<[u8]>,
    /// QUIC's receive slots (allocated with the first QUIC read).
    datagrams: Box<[u8]>,
    pub bytes_read: u64,
}

impl Buffers {
    pub fn new(read_bytes: usize) -> Buffers {
        Buffers {
            read: vec![0u8; read_bytes].into_boxed_slice(),
            datagrams: Box::default(),
            bytes_read: 0,
        }
    }

    fn datagrams(&mut self) -> &mut [u8] {
        if self.datagrams.is_empty() {
            self.datagrams = vec![0u8; crate::quic::RECV_BUF_BYTES].into_boxed_slice();
        }
        &mut self.datagrams
    }
}

/// A failure the report counts: its kind and message.
#[derive(Debug)]
pub(crate) struct LinkError {
    pub kind: ErrorKind,
    pub message: String,
}

/// Why a connection could not even be started.
#[derive(Debug)]
pub(crate) enum DialError {
    /// The connect failed: tried again after a pause.
    Connect(String),
    /// No free local port towards the target from this source
    /// (`EADDRNOTAVAIL`): another source address may have one.
    PortsExhausted(String),
    /// Anything else (the TLS set-up): counted, not retried.
    Other(LinkError),
}

/// How a connection's set-up moved on.
#[derive(Debug)]
pub(crate) enum SetUp {
    /// Nothing yet.
    Waiting,
    /// The transport is up (TCP connected) and a handshake follows on it
    /// (TLS): the connect time ends here.
    Connected,
    /// Ready for requests. `connected`: the connect time ends here too
    /// (plain TCP; QUIC, whose one handshake is connect and TLS); `secured`:
    /// a handshake ended ([`Link::tls_summary`] says what it settled);
    /// `unread`: bytes may wait that no later edge announces, so read now.
    Ready {
        connected: bool,
        secured: bool,
        unread: bool,
    },
    /// The peer closed cleanly before anything was asked (QUIC).
    Gone,
}

/// Why a set-up failed.
#[derive(Debug)]
pub(crate) enum SetUpError {
    /// The connect failed: tried again after a pause.
    Connect(String),
    /// The TLS handshake failed; `certificate`: the server's certificate
    /// was rejected (every connection would be, the same way).
    Handshake { error: LinkError, certificate: bool },
    /// The connection was lost while setting up (QUIC): it is replaced as
    /// any failed connection.
    Lost(LinkError),
}

/// What a read did.
#[derive(Debug)]
pub(crate) struct Fed {
    pub next: Next,
    /// A handshake ended on a connection that was already sending (QUIC
    /// 0-RTT); [`Link::tls_summary`] says what it settled.
    pub secured: bool,
    /// The read stopped at its budget ([`READS_PER_EVENT`]) with more to
    /// read: the worker comes back to it after its clock's next turn.
    pub more: bool,
}

/// Reads of a byte stream per event at most (of the worker's 64 KiB read
/// buffer: 1 MiB). A peer that sends without pause keeps a socket readable
/// for good; without a budget the worker would never leave the read loop
/// to look at the clock (the run's end, the timeouts).
pub(crate) const READS_PER_EVENT: usize = 16;

/// The bytes under a session.
enum Io {
    Stream(Transport),
    Datagrams(Box<QuicLink>),
}

/// One connection: its transport, its session, and (byte streams) the bytes
/// a short write left.
pub(crate) struct Link {
    io: Io,
    pub session: Session,
    out: Vec<u8>,
    /// Plain TCP reads carry the kernel's receive stamps ([`crate::stamp`]).
    stamped: bool,
}

impl Link {
    /// Starts a connection to `addr` with the transport the run's protocol needs.
    /// `source`: the local address to leave from (the system's choice if `None`).
    /// `uring`: plain TCP goes through the worker's io_uring.
    pub fn dial(
        dialer: &Dialer,
        config: &SessionConfig,
        addr: SocketAddr,
        source: Option<IpAddr>,
        now: Instant,
        uring: bool,
    ) -> Result<Link, DialError> {
        let (io, session) = match config.needs() {
            Needs::ByteStream => {
                let tcp = match source {
                    None => TcpStream::connect(addr),
                    Some(source) => crate::source::connect_from(source, addr),
                }
                .map_err(|e| match e.raw_os_error() {
                    Some(libc::EADDRNOTAVAIL) => {
                        DialError::PortsExhausted(connect_message(&e, addr))
                    }
                    _ => DialError::Connect(connect_message(&e, addr)),
                })?;
                let transport = match &dialer.tls {
                    None if uring => Transport::Uring(Box::new(UringStream::new(tcp))),
                    None => Transport::Plain(tcp),
                    Some(tls) => Transport::tls(tcp, &tls.config, tls.name.clone())
                        .map_err(|e| DialError::Other(transport_error(&e, "TLS set-up")))?,
                };
                (Io::Stream(transport), session::for_stream(config))
            }
            Needs::Datagrams => {
                let Some(client) = &dialer.quic else {
                    return Err(DialError::Connect("no QUIC configuration".into()));
                };
                let (link, quic) =
                    QuicLink::connect(addr, source, &client.config, &client.name, now)
                        .map_err(|e| DialError::Connect(e.0))?;
                (Io::Datagrams(Box::new(link)), session::for_quic(quic))
            }
        };
        Ok(Link {
            io,
            session,
            out: Vec::new(),
            stamped: false,
        })
    }

    /// Watches the connection's socket (edge-triggered, once for its life).
    pub fn register(&mut self, registry: &Registry, token: Token) -> io::Result<()> {
        match &mut self.io {
            Io::Stream(t) => {
                registry.register(t.tcp(), token, Interest::READABLE | Interest::WRITABLE)
            }
            Io::Datagrams(link) => registry.register(link.socket(), token, Interest::READABLE),
        }
    }

    /// The connection's stream on the worker's io_uring, if it runs on one.
    pub fn uring(&mut self) -> Option<&mut UringStream> {
        match &mut self.io {
            Io::Stream(Transport::Uring(u)) => Some(u),
            _ => None,
        }
    }

    /// Whether requests may go before the set-up is done (QUIC 0-RTT).
    pub fn start_early(&mut self) -> bool {
        self.session.start_early()
    }

    /// QUIC sets up the connection and TLS in one handshake: a connect that
    /// takes too long is a handshake that did.
    pub fn handshakes_while_connecting(&self) -> bool {
        matches!(self.io, Io::Datagrams(_))
    }

    /// An event on a connection being connected.
    pub fn on_connecting(
        &mut self,
        ev: Readiness,
        addr: SocketAddr,
        now: Instant,
        bufs: &mut Buffers,
        sink: &mut impl Sink,
    ) -> Result<SetUp, SetUpError> {
        let transport = match &mut self.io {
            Io::Stream(t) => t,
            Io::Datagrams(_) => return self.quic_set_up(ev, now, bufs, sink),
        };
        if ev.error || (!ev.writable && ev.readable) {
            let e = transport.tcp().take_error().ok().flatten();
            let e = e.unwrap_or_else(|| io::Error::other("connection failed"));
            return Err(SetUpError::Connect(connect_message(&e, addr)));
        }
        if !ev.writable {
            return Ok(SetUp::Waiting);
        }
        if transport.is_tls() {
            return Ok(SetUp::Connected);
        }
        Ok(SetUp::Ready {
            connected: true,
            secured: false,
            // A server that speaks first (HTTP/2 SETTINGS, or garbage) may have
            // written before this event was handled: its edge has fired, so the
            // bytes are read now or never.
            unread: ev.readable,
        })
    }

    /// Moves the handshake on (after [`SetUp::Connected`]). Once it is done,
    /// ALPN's answer chooses the session.
    pub fn handshake(
        &mut self,
        ev: Readiness,
        config: &SessionConfig,
        now: Instant,
        bufs: &mut Buffers,
        sink: &mut impl Sink,
    ) -> Result<SetUp, SetUpError> {
        let transport = match &mut self.io {
            Io::Stream(t) => t,
            Io::Datagrams(_) => return self.quic_set_up(ev, now, bufs, sink),
        };
        match transport.handshake() {
            Ok(false) => Ok(SetUp::Waiting),
            Ok(true) => {
                // gRPC offers h2 only: any other answer fails every connection alike.
                if config.protocol == Protocol::Grpc && transport.alpn() != Some(ALPN_H2) {
                    let alpn = transport.alpn().map(String::from_utf8_lossy);
                    let error = LinkError {
                        kind: ErrorKind::Protocol,
                        message: format!(
                            "the server answered ALPN with {} where gRPC needs h2",
                            alpn.as_deref().unwrap_or("no protocol")
                        ),
                    };
                    let certificate = true;
                    return Err(SetUpError::Handshake { error, certificate });
                }
                self.session = session::for_alpn(transport.alpn(), config);
                Ok(SetUp::Ready {
                    connected: false,
                    secured: true,
                    // The handshake's last read may have brought application
                    // bytes (HTTP/2 SETTINGS) that no later edge announces.
                    unread: true,
                })
            }
            Err(e) => {
                let certificate = matches!(
                    e,
                    TransportError::Tls {
                        certificate: true,
                        ..
                    }
                );
                Err(SetUpError::Handshake {
                    error: transport_error(&e, "TLS handshake"),
                    certificate,
                })
            }
        }
    }

    /// QUIC's set-up: take the datagrams that came, then what the connection made of them.
    fn quic_set_up(
        &mut self,
        ev: Readiness,
        now: Instant,
        bufs: &mut Buffers,
        sink: &mut impl Sink,
    ) -> Result<SetUp, SetUpError> {
        let (next, secured, more) = self
            .quic_read(ev, now, bufs, sink)
            .map_err(SetUpError::Lost)?;
        Ok(match (next, secured) {
            (Next::Close, _) => SetUp::Gone,
            (_, true) => SetUp::Ready {
                connected: true,
                secured: true,
                unread: more,
            },
            (_, false) => SetUp::Waiting,
        })
    }

    /// Takes what arrived and feeds the session: finished requests go to
    /// `sink`, and what the protocol owes the peer to `out` (sent by
    /// [`send`](Self::send)). `draining`: the session has read its last
    /// response; bytes are counted and dropped until the peer's close.
    #[inline]
    pub fn on_readable(
        &mut self,
        ev: Readiness,
        draining: bool,
        now: Instant,
        bufs: &mut Buffers,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Fed, LinkError> {
        match &mut self.io {
            Io::Stream(transport) => {
                if ev.timer {
                    self.session.on_timer(now, out).map_err(session_error)?;
                }
                let stream = (&mut *transport, self.stamped, now);
                let read = read_stream(stream, &mut self.session, ev, draining, bufs, sink, out);
                if read.is_err() && !out.is_empty() && self.out.is_empty() {
                    // The protocol's own error on the way out (HTTP/2's
                    // GOAWAY after a flood), if the socket takes it now.
                    let _ = transport.write(out);
                }
                let (next, more) = read?;
                Ok(Fed {
                    next,
                    secured: false,
                    more,
                })
            }
            Io::Datagrams(_) => {
                let (next, secured, more) = self.quic_read(ev, now, bufs, sink)?;
                Ok(Fed {
                    next,
                    secured,
                    more,
                })
            }
        }
    }

    /// Receives the datagrams waiting (if the event says some may be) and
    /// polls the session: responses go to `sink`. `Next::Close` when the
    /// connection ended cleanly; true when the handshake ended now.
    fn quic_read(
        &mut self,
        ev: Readiness,
        now: Instant,
        bufs: &mut Buffers,
        sink: &mut impl Sink,
    ) -> Result<(Next, bool, bool), LinkError> {
        let (link, session) = self.quic();
        let mut more = false;
        if ev.readable || ev.error {
            match link.receive(now, &mut session.quic, bufs.datagrams()) {
                Ok((n, unread)) => {
                    bufs.bytes_read += n;
                    more = unread;
                }
                Err(e) => {
                    return Err(LinkError {
                        kind: ErrorKind::of_io(&e, false),
                        message: format!("read: {e}"),
                    })
                }
            }
        }
        let polled = session.poll(now, sink).map_err(|lost| LinkError {
            kind: lost.kind,
            message: lost.message,
        })?;
        let next = if polled.done {
            Next::Close
        } else {
            Next::Continue
        };
        Ok((next, polled.connected, more))
    }

    /// The QUIC transport and the HTTP/3 session over it.
    fn quic(&mut self) -> (&mut QuicLink, &mut H3Session) {
        match (&mut self.io, &mut self.session) {
            (Io::Datagrams(link), Session::H3(s)) => (link, s),
            _ => unreachable!("a QUIC transport always carries HTTP/3"),
        }
    }

    /// Sends what `out` holds (the session's and the requests' bytes; a byte
    /// stream keeps what the socket did not take) and, over QUIC, the
    /// connection's datagrams. Returns the bytes written.
    #[inline]
    pub fn send(&mut self, out: &mut Vec<u8>, now: Instant) -> Result<u64, LinkError> {
        let transport = match &mut self.io {
            Io::Stream(t) => t,
            Io::Datagrams(_) => {
                out.clear(); // requests went straight into the QUIC streams
                let (link, session) = self.quic();
                return Ok(link.transmit(now, &mut session.quic));
            }
        };
        if out.is_empty() {
            return Ok(0);
        }
        if !self.out.is_empty() {
            self.out.extend_from_slice(out);
            out.clear();
            return self.flush();
        }
        let result = transport.write(out);
        let written = result.map_err(|e| transport_error(&e, "write"))?;
        if written < out.len() {
            self.out.extend_from_slice(&out[written..]);
        } else if !transport.pending() {
            self.session.written();
        }
        out.clear();
        Ok(written as u64)
    }

    /// What the TLS handshake (over TCP, or QUIC's) settled, once it is done.
    pub fn tls_summary(&mut self) -> Option<TlsSummary> {
        match &self.io {
            Io::Stream(t) => t.tls_summary(),
            Io::Datagrams(_) => Some(self.quic().1.tls_summary()),
        }
    }

    /// Bytes wait for a writable socket.
    pub fn wants_write(&self) -> bool {
        match &self.io {
            Io::Stream(t) => !self.out.is_empty() || t.pending(),
            Io::Datagrams(_) => false,
        }
    }

    /// Writes what waited for a writable socket; returns the bytes written.
    pub fn flush(&mut self) -> Result<u64, LinkError> {
        let Io::Stream(transport) = &mut self.io else {
            return Ok(0);
        };
        let result = if self.out.is_empty() {
            transport.flush().map(|()| 0)
        } else {
            transport.write(&self.out)
        };
        let n = result.map_err(|e| transport_error(&e, "write"))?;
        self.out.drain(..n);
        if self.out.is_empty() && !transport.pending() {
            self.session.written();
        }
        Ok(n as u64)
    }

    /// When the transport's timer is next due (QUIC: loss detection, ACK
    /// delay, idle); over a byte stream, the session's (WebSocket pings).
    #[inline]
    pub fn deadline(&mut self) -> Option<Instant> {
        match &mut self.io {
            Io::Stream(_) => self.session.deadline(),
            Io::Datagrams(_) => self.quic().1.quic.poll_timeout(),
        }
    }

    /// The timer is due: the transport acts on it. The worker then treats
    /// the link as readable ([`Readiness::TIMER`]), so the session is polled
    /// (a byte stream's session acts on its own timer there, where it has
    /// somewhere to write).
    pub fn on_timer(&mut self, now: Instant) {
        if let Io::Datagrams(_) = self.io {
            self.quic().1.quic.handle_timeout(now);
        }
    }

    /// Shuts the write side of a plain TCP stream (after a mix's raw
    /// bytes); TLS and QUIC links are left as they are.
    pub fn shutdown_write(&mut self) {
        match &mut self.io {
            // Once the sends queued on the ring have gone.
            Io::Stream(Transport::Uring(u)) => u.shutdown_write(),
            Io::Stream(t) if !t.is_tls() => {
                let _ = t.tcp().shutdown(std::net::Shutdown::Write);
            }
            _ => {}
        }
    }

    /// Asks for the kernel's receive stamps on a plain TCP stream; true if
    /// its reads now carry them (TLS and QUIC links never do).
    pub fn stamp_reads(&mut self) -> bool {
        if let Io::Stream(Transport::Plain(tcp)) = &self.io {
            self.stamped = crate::stamp::enable(tcp.as_raw_fd());
        }
        self.stamped
    }

    /// Requests go out at once (no Nagle delay), for keep-alive connections.
    pub fn set_nodelay(&mut self) {
        if let Io::Stream(t) = &mut self.io {
            let _ = t.tcp().set_nodelay(true);
        }
    }

    /// The connection is leaving: QUIC's CONNECTION_CLOSE goes out first (a
    /// byte stream just closes when dropped).
    pub fn close(&mut self, now: Instant) {
        if let Io::Datagrams(_) = self.io {
            let (link, session) = self.quic();
            session.close(now);
            link.transmit(now, &mut session.quic);
        }
    }
}

/// Reads a byte stream until it is drained (plain TCP: a short read, so the
/// edge fires again for new bytes), feeding the session. When the peer has
/// closed (`read_closed`), reads on to the end of file: no edge fires again
/// for a close that came with the last bytes. A connection that must close
/// is read once more at once, as the peer's close usually follows its last
/// bytes. `stamped`: the transport's reads carry receive stamps, passed on
/// to the sink; `now`: when the event that woke the reader came.
#[inline]
fn read_stream(
    (transport, stamped, now): (&mut Transport, bool, Instant),
    session: &mut Session,
    ev: Readiness,
    mut draining: bool,
    bufs: &mut Buffers,
    sink: &mut impl Sink,
    out: &mut Vec<u8>,
) -> Result<(Next, bool), LinkError> {
    let plain = !transport.is_tls();
    let mut more = false;
    for reads in 1.. {
        let read = if stamped {
            transport.read_stamped(&mut bufs.read).map(|(n, stamp)| {
                let wall = std::time::SystemTime::now();
                sink.arrived(stamp.map(|s| crate::stamp::arrival(s, Instant::now(), wall)));
                n
            })
        } else {
            transport.read(&mut bufs.read)
        };
        let n = match read {
            Ok(0) => {
                return match session.on_eof(sink) {
                    Ok(()) => Ok((Next::Close, false)),
                    Err(e) => Err(session_error(e)),
                }
            }
            Ok(n) => n,
            Err(TransportError::Io(e)) if e.kind() == io::ErrorKind::WouldBlock => break,
            Err(e) => return Err(transport_error(&e, "read")),
        };
        bufs.bytes_read += n as u64;
        if !draining {
            let next = session
                .on_read(&bufs.read[..n], now, sink, out)
                .map_err(session_error)?;
            match next {
                Next::Continue => {}
                Next::Drain => draining = true,
                Next::Close => return Ok((Next::Close, false)),
            }
        }
        if plain && n < bufs.read.len() && !draining && !ev.read_closed {
            break;
        }
        if reads == READS_PER_EVENT {
            more = true;
            break;
        }
    }
    let next = if draining {
        Next::Drain
    } else {
        Next::Continue
    };
    Ok((next, more))
}

/// The transports' configurations: QUIC for HTTP/3, TLS for `https://`
/// otherwise (ALPN offers `h2` and `http/1.1` for `--h2`, as h2load does).
pub(crate) fn dialer(spec: &LoadSpec) -> Result<Dialer, SpecError> {
    if spec.protocol.over_quic() {
        let quic = QuicClient {
            config: crate::quic::client_config(&spec.tls)?,
            name: quic_server_name(&spec.tls, &spec.target.host)?,
        };
        return Ok(Dialer {
            tls: None,
            quic: Some(quic),
        });
    }
    let tls = match spec.target.scheme {
        Scheme::Http => None,
        Scheme::Https => {
            let alpn: &[&[u8]] = match spec.protocol {
                Protocol::H2 => &[ALPN_H2, ALPN_HTTP11],
                Protocol::Http1 | Protocol::H3 | Protocol::Ws => &[ALPN_HTTP11],
                Protocol::Grpc => &[ALPN_H2],
            };
            Some(TlsClient {
                config: client_config(&spec.tls, alpn)?,
                name: server_name(&spec.tls, &spec.target.host)?,
            })
        }
    };
    Ok(Dialer { tls, quic: None })
}

fn session_error(e: session::SessionError) -> LinkError {
    LinkError {
        kind: e.kind,
        message: e.message,
    }
}

/// The error kind and message of a transport failure during `what`.
fn transport_error(e: &TransportError, what: &str) -> LinkError {
    let (kind, message) = match e {
        TransportError::Io(e) => (ErrorKind::of_io(e, what == "write"), format!("{what}: {e}")),
        TransportError::Tls { message, .. } => (ErrorKind::Tls, message.clone()),
    };
    LinkError { kind, message }
}

fn connect_message(e: &io::Error, addr: SocketAddr) -> String {
    if e.raw_os_error() == Some(libc::EMFILE) || e.raw_os_error() == Some(libc::ENFILE) {
        return format!("connect to {addr}: {e} (raise the open-files limit: ulimit -n)");
    }
    if e.raw_os_error() == Some(libc::EADDRNOTAVAIL) {
        return format!("connect to {addr}: {e} (no free local port: widen net.ipv4.ip_local_port_range, use keep-alive, or more source addresses: --source)");
    }
    format!("connect to {addr}: {e}")
}
