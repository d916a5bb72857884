//! Protocol sessions: one per connection, turning requests into bytes and
//! bytes into completed responses. Every protocol offers the same shape
//! (after h2load's session interface): [`Session::on_connect`],
//! [`Session::submit`] a request, [`Session::room`] for more (h2load's
//! `max_concurrent_streams`), feed [`Session::on_read`] the bytes that
//! arrived, tell [`Session::on_eof`] when the peer closed; finished requests
//! go to a [`Sink`]. [`Session::add_events`] and
//! [`Session::count_connection`] add the protocol's own numbers to a
//! [`ProtocolCounts`], so the worker keeps no counter named per protocol.
//!
//! Sessions own the queue of requests in flight on their connection, so
//! stream bookkeeping (pipelined order in HTTP/1.1, stream ids in HTTP/2 and
//! HTTP/3) stays inside the protocol; the worker only sees [`Completed`]
//! responses. Sessions do no I/O and read no clock: they are tested with
//! byte strings.
//!
//! What a session needs from its transport ([`Needs`]): HTTP/1 and HTTP/2
//! need a byte stream (TCP, or TLS over it) and are fed through `on_read`;
//! HTTP/3 needs datagrams and a timer: it owns its quinn-proto connection,
//! which the QUIC transport feeds datagrams and timeouts, and `poll` turns
//! its events into responses. `crate::link` pairs a session with the
//! transport it needs and gives the worker one set of calls for both kinds
//! (readable, send, next timer, timer due); the session is chosen here, by
//! `for_stream`, `for_alpn` (TLS: the server may answer `--h2` with
//! `http/1.1`) and `for_quic`, never by the worker.
//!
//! Adding a protocol is a new module here, a variant of [`Session`] and,
//! if it needs one, a transport in `link`; nothing in `worker/` changes.
//! WebSocket (`ws`) is one session from the start on the byte stream: it
//! writes the Upgrade on connect, reads the `101` with the HTTP/1 head
//! reader, then frames; `submit` sends a message, and the message that
//! answers it is its `Completed` (carrying [`NO_STATUS`]). What it needed
//! from the worker stayed generic: a session's own timer
//! ([`Session::deadline`], pings), a set-up after the connection
//! ([`Sink::set_up`], the upgrade), messages nobody asked for
//! ([`Sink::pushed`]), and a goodbye at the end of the run
//! ([`Session::goodbye`], a Close; HTTP/2 could send GOAWAY there).
//! gRPC (`grpc`) wraps [`h2::H2Session`]: a call is a stream, its
//! messages length-prefixed DATA. The HTTP/2 session tells a
//! [`h2::StreamSink`] about each stream's fields, DATA and trailers (plain
//! HTTP/2 passes the worker's sink, and decodes only `:status` as before),
//! and sends DATA within the server's windows. From the worker it needed
//! [`Sink::errored`] (a call that ended with an error of a kind the protocol
//! names: a non-OK grpc-status, an answer that is not gRPC) and
//! [`Sink::timed`] (per-call and per-message histograms); the bidi message
//! unit's long-lived calls end with the goodbye. ALPN offers only `h2` for
//! it, and `for_alpn` chooses it.

pub mod grpc;
pub mod h1;
pub mod h2;
pub mod h3;
mod interface;
pub mod ws;

pub use interface::*;

use std::time::Instant;

use std::sync::Arc;

use crate::spec::Protocol;
use crate::wire::WireRequest;
use barrage_model::load::{GrpcReport, H2Report, H3Report, WsReport};
use grpc::{GrpcConfig, GrpcSession};
use h1::H1Session;
use h2::{H2Events, H2Session, H2Settings};
use h3::{H3Events, H3Session};
use ws::{WsConfig, WsSession};

/// What every session of a worker is made with.
#[derive(Debug, Clone)]
pub(crate) struct SessionConfig {
    pub protocol: Protocol,
    /// WebSocket: the upgrade and the messages.
    pub ws: Option<Arc<WsConfig>>,
    /// gRPC: the call's fields and messages.
    pub grpc: Option<Arc<GrpcConfig>>,
    /// HTTP/2's windows.
    pub windows: H2Settings,
    /// The longest request body (HTTP/2 sends a body only when it fits the server's window).
    pub max_body: usize,
    /// HTTP/1: every request asks the server to close.
    pub requests_close: bool,
    /// HTTP/1: keep each response's headers and body, for a script's `response()`.
    pub keep_responses: bool,
}

impl SessionConfig {
    /// What `protocol` needs from its transport.
    pub fn needs(&self) -> Needs {
        match self.protocol {
            Protocol::Http1 | Protocol::H2 | Protocol::Ws | Protocol::Grpc => Needs::ByteStream,
            Protocol::H3 => Needs::Datagrams,
        }
    }
}

/// Per-protocol counts of one worker (or of a run, summed): the report's
/// `h2`, `h3` and `ws` sections. A session adds to it; the worker never looks in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProtocolCounts {
    /// Connections opened per protocol (over TLS: per ALPN's answer).
    pub h1_connections: u64,
    pub h2_connections: u64,
    pub h3_connections: u64,
    pub h2: H2Events,
    pub h3: H3Events,
    /// WebSocket: the report's `ws` section, its upgrade times left to the
    /// histogram.
    pub ws: WsReport,
    /// gRPC: the report's `grpc` section, its latencies left to the histograms.
    pub grpc: GrpcReport,
}

impl ProtocolCounts {
    pub fn add(&mut self, other: &ProtocolCounts) {
        self.h1_connections += other.h1_connections;
        self.h2_connections += other.h2_connections;
        self.h3_connections += other.h3_connections;
        self.h2.add(&other.h2);
        self.h3.add(&other.h3);
        self.ws.add(&other.ws);
        self.grpc.add(&other.grpc);
    }

    /// The report's `h2` section.
    pub fn h2_report(&self) -> H2Report {
        H2Report {
            connections_h2: self.h2_connections,
            connections_http1: self.h1_connections,
            events: self.h2,
        }
    }

    /// The report's `h3` section.
    pub fn h3_report(&self) -> H3Report {
        let e = &self.h3;
        H3Report {
            connections: self.h3_connections,
            goaways_received: e.goaways_received,
            streams_reset: e.streams_reset,
            streams_refused: e.streams_refused,
            zero_rtt_accepted: e.zero_rtt_accepted,
            zero_rtt_rejected: e.zero_rtt_rejected,
            zero_rtt_requests: e.zero_rtt_requests,
        }
    }
}

/// The session a byte stream starts with: HTTP/2 with prior knowledge for
/// `--h2` (h2c), HTTP/1 otherwise. Over TLS, [`for_alpn`] replaces it once
/// the handshake is done.
pub(crate) fn for_stream(config: &SessionConfig) -> Session {
    match config.protocol {
        Protocol::H2 => h2_session(config),
        Protocol::Grpc => grpc_session(config),
        Protocol::Ws => ws_session(config),
        Protocol::Http1 | Protocol::H3 => h1_session(config),
    }
}

/// The session ALPN chose over TLS: the server may answer `--h2` with
/// `http/1.1` (or with nothing), and the connection then speaks HTTP/1.
/// gRPC offers only `h2` (a server answering otherwise is refused by the
/// link before a session is made): gRPC it is.
pub(crate) fn for_alpn(alpn: Option<&[u8]>, config: &SessionConfig) -> Session {
    if config.protocol == Protocol::Ws {
        ws_session(config)
    } else if config.protocol == Protocol::Grpc {
        grpc_session(config)
    } else if alpn == Some(crate::tls::ALPN_H2) {
        h2_session(config)
    } else {
        h1_session(config)
    }
}

/// HTTP/3 on a QUIC connection (which the session owns).
pub(crate) fn for_quic(quic: quinn_proto::Connection) -> Session {
    Session::H3(Box::new(H3Session::new(quic)))
}

fn h2_session(config: &SessionConfig) -> Session {
    Session::H2(Box::new(H2Session::new(config.windows, config.max_body)))
}

fn grpc_session(config: &SessionConfig) -> Session {
    let grpc = config
        .grpc
        .clone()
        .expect("a gRPC run has its configuration");
    Session::Grpc(Box::new(GrpcSession::new(grpc)))
}

fn ws_session(config: &SessionConfig) -> Session {
    let ws = config
        .ws
        .clone()
        .expect("a WebSocket run has its configuration");
    Session::Ws(Box::new(WsSession::new(ws)))
}

fn h1_session(config: &SessionConfig) -> Session {
    let mut session = H1Session::new(config.requests_close);
    if config.keep_responses {
        session.keep_responses();
    }
    Session::H1(session)
}

/// The session of one connection: chosen by the spec, or by ALPN over TLS.
/// Static dispatch: each call is one `match` here.
#[derive(Debug)]
pub enum Session {
    H1(h1::H1Session),
    H2(Box<h2::H2Session>),
    /// Owns its QUIC connection: fed datagrams by the link, then polled.
    H3(Box<h3::H3Session>),
    /// WebSocket: the upgrade, then frames.
    Ws(Box<ws::WsSession>),
    /// gRPC: calls on HTTP/2 streams.
    Grpc(Box<GrpcSession>),
}

impl Session {
    /// Requests sent and not yet answered.
    pub fn in_flight(&self) -> usize {
        match self {
            Session::H1(s) => s.in_flight(),
            Session::H2(s) => s.in_flight(),
            Session::H3(s) => s.in_flight(),
            Session::Ws(s) => s.in_flight(),
            Session::Grpc(s) => s.in_flight(),
        }
    }

    /// The oldest request still waiting for its response.
    pub fn oldest(&self) -> Option<&Inflight> {
        match self {
            Session::H1(s) => s.oldest(),
            Session::H2(s) => s.oldest(),
            Session::H3(s) => s.oldest(),
            Session::Ws(s) => s.oldest(),
            Session::Grpc(s) => s.oldest(),
        }
    }

    /// How many more requests may start now with at most `depth` in flight
    /// (HTTP/1.1: the pipeline depth; HTTP/2 and HTTP/3: streams, capped by
    /// the server).
    #[inline]
    pub fn room(&self, depth: Depth) -> usize {
        match self {
            Session::H1(s) => depth.pipeline.saturating_sub(s.in_flight()),
            Session::H2(s) => s.room(depth.streams),
            Session::H3(s) => s.room(depth.streams),
            Session::Ws(s) => s.room(depth),
            Session::Grpc(s) => s.room(depth),
        }
    }

    /// What an open session with nothing in flight waits for from the server
    /// before it can send (HTTP/2: its SETTINGS), if anything.
    pub fn waiting_for(&self) -> Option<&'static str> {
        match self {
            Session::H2(s) if s.awaiting_settings() => Some("HTTP/2 SETTINGS from the server"),
            Session::Ws(s) => s.waiting_for(),
            Session::Grpc(s) if s.awaiting_settings() => Some("HTTP/2 SETTINGS from the server"),
            Session::Grpc(_) => None,
            Session::H1(_) | Session::H2(_) | Session::H3(_) => None,
        }
    }

    /// What answers a request, in a timeout's message: a response, or a
    /// WebSocket message's echo.
    pub fn answer(&self) -> &'static str {
        match self {
            Session::Ws(_) => "echo",
            Session::Grpc(_) => "gRPC reply",
            Session::H1(_) | Session::H2(_) | Session::H3(_) => "response",
        }
    }

    /// Every request asks the server to close after its response (HTTP/1 only).
    pub fn requests_close(&self) -> bool {
        match self {
            Session::H1(s) => s.requests_close(),
            Session::H2(_) | Session::H3(_) | Session::Ws(_) | Session::Grpc(_) => false,
        }
    }

    /// The connection is open (at `now`): what the protocol sends first
    /// goes to `out` (HTTP/2: the preface and SETTINGS; WebSocket: the Upgrade).
    pub fn on_connect(&mut self, now: Instant, out: &mut Vec<u8>) {
        match self {
            Session::H2(s) => s.on_connect(out),
            Session::Ws(s) => s.on_connect(now, out),
            Session::Grpc(s) => s.on_connect(out),
            Session::H1(_) | Session::H3(_) => {}
        }
    }

    /// When the session's own timer is next due (WebSocket: a ping, or a
    /// pong's deadline); HTTP has none (QUIC's is the transport's).
    #[inline]
    pub fn deadline(&self) -> Option<Instant> {
        match self {
            Session::Ws(s) => s.deadline(),
            Session::H1(_) | Session::H2(_) | Session::H3(_) | Session::Grpc(_) => None,
        }
    }

    /// The session's timer is due: what it sends goes to `out`.
    pub fn on_timer(&mut self, now: Instant, out: &mut Vec<u8>) -> Result<(), SessionError> {
        match self {
            Session::Ws(s) => s.on_timer(now, out),
            Session::H1(_) | Session::H2(_) | Session::H3(_) | Session::Grpc(_) => Ok(()),
        }
    }

    /// The run is ending: what the protocol says before it leaves goes to
    /// `out` (WebSocket: a Close); true if it then awaits the peer's answer
    /// ([`awaits_goodbye`](Self::awaits_goodbye)) before the connection closes.
    pub fn goodbye(&mut self, out: &mut Vec<u8>) -> bool {
        match self {
            Session::Ws(s) => s.goodbye(out),
            Session::Grpc(s) => s.goodbye(out),
            Session::H1(_) | Session::H2(_) | Session::H3(_) => false,
        }
    }

    /// Said goodbye and awaits the peer's (the run waits, up to its drain deadline).
    pub fn awaits_goodbye(&self) -> bool {
        match self {
            Session::Ws(s) => s.awaits_goodbye(),
            Session::Grpc(s) => s.awaits_goodbye(),
            Session::H1(_) | Session::H2(_) | Session::H3(_) => false,
        }
    }

    /// The transport wrote everything it held: the acknowledgements the
    /// session queued so far are no longer owed (HTTP/2's PING and
    /// SETTINGS ACKs, WebSocket pongs: each protocol bounds those owed).
    #[inline]
    pub fn written(&mut self) {
        match self {
            Session::H2(s) => s.written(),
            Session::Grpc(s) => s.written(),
            Session::Ws(s) => s.written(),
            Session::H1(_) | Session::H3(_) => {}
        }
    }

    /// Starts sending before the handshake is done when the transport can
    /// (HTTP/3: a resumed QUIC session whose ticket allows 0-RTT data).
    pub fn start_early(&mut self) -> bool {
        match self {
            Session::H3(s) => s.start_early(),
            Session::H1(_) | Session::H2(_) | Session::Ws(_) | Session::Grpc(_) => false,
        }
    }

    /// Counts the connection as one of its protocol's (once, when it opens).
    pub fn count_connection(&self, counts: &mut ProtocolCounts) {
        match self {
            Session::H1(_) => counts.h1_connections += 1,
            Session::H2(_) => counts.h2_connections += 1,
            Session::H3(_) => counts.h3_connections += 1,
            Session::Ws(_) | Session::Grpc(_) => {}
        }
    }

    /// Adds the protocol's events on this connection (once, when it ends).
    pub fn add_events(&self, counts: &mut ProtocolCounts) {
        match self {
            Session::H1(_) => {}
            Session::H2(s) => counts.h2.add(&s.events),
            Session::H3(s) => counts.h3.add(&s.events),
            Session::Ws(s) => s.add_events(&mut counts.ws),
            Session::Grpc(s) => s.add_events(counts),
        }
    }

    /// Starts `request` in its protocol's wire form (after [`room`](Self::room)
    /// said there is room); bytes for a byte stream go to `out`, HTTP/3's
    /// into its QUIC stream.
    #[inline]
    pub(crate) fn submit(&mut self, request: &WireRequest, inflight: Inflight, out: &mut Vec<u8>) {
        match self {
            Session::H1(s) => s.submit(&request.bytes, inflight, out),
            Session::H2(s) => s.submit(&request.h2, inflight, out),
            Session::H3(s) => s.submit(&request.h3, inflight),
            Session::Ws(s) => s.submit(inflight, out),
            Session::Grpc(s) => s.submit(inflight, out),
        }
    }

    /// Starts a request given as fields (each saying whether HTTP/2 may
    /// index it) and a body, over HTTP/2 or HTTP/3 (a mix's template with
    /// placeholders); HTTP/3 frames it in `frames`, a buffer the caller keeps.
    pub(crate) fn submit_fields<'a>(
        &mut self,
        fields: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        body: &[u8],
        inflight: Inflight,
        out: &mut Vec<u8>,
        frames: &mut Vec<u8>,
    ) {
        match self {
            Session::H2(s) => s.submit_fields(fields, body, inflight, out),
            Session::H3(s) => {
                s.submit_fields(fields.map(|(n, v, _)| (n, v)), body, inflight, frames)
            }
            Session::H1(_) | Session::Ws(_) | Session::Grpc(_) => {
                unreachable!("a mix's templates run over HTTP/2 and HTTP/3")
            }
        }
    }

    /// HTTP/1: the request just submitted is the connection's last (it
    /// asked the server to close, or is raw bytes): no more are sent on it,
    /// and its response ends it. Other protocols ignore it.
    pub fn close_after(&mut self) {
        if let Session::H1(s) = self {
            s.close_after();
        }
    }

    /// Starts a script's send: HTTP/1.x requests, whole (one, or several to
    /// pipeline), one entry of `requests` each.
    pub fn submit_h1_batch(
        &mut self,
        bytes: &[u8],
        requests: impl Iterator<Item = Inflight>,
        out: &mut Vec<u8>,
    ) {
        match self {
            Session::H1(s) => s.submit_many(bytes, requests, out),
            // Scripts that make requests run over HTTP/1 only (checked before the run).
            Session::H2(_) | Session::H3(_) | Session::Ws(_) | Session::Grpc(_) => {
                unreachable!("a script's HTTP/1 requests on a session of another protocol")
            }
        }
    }

    /// Feeds bytes read from a byte stream at `now`; control frames the
    /// protocol owes the peer go to `out`.
    #[inline]
    pub fn on_read(
        &mut self,
        data: &[u8],
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        match self {
            Session::H1(s) => {
                let flow = s.on_read(data, &mut |c, kept| {
                    if let Some(r) = kept {
                        sink.response(r);
                    }
                    sink.completed(c)
                })?;
                Ok(match flow {
                    Flow::Continue => Next::Continue,
                    Flow::Close => Next::Drain,
                })
            }
            Session::H2(s) => Ok(match s.on_read(data, sink, out)? {
                Flow::Continue => Next::Continue,
                // After GOAWAY, all streams answered.
                Flow::Close => Next::Close,
            }),
            Session::Ws(s) => s.on_read(data, now, sink, out),
            Session::Grpc(s) => s.on_read(data, now, sink, out),
            // Datagrams go to the QUIC connection, then `H3Session::poll`.
            Session::H3(_) => Ok(Next::Continue),
        }
    }

    /// The peer closed the byte stream.
    pub fn on_eof(&mut self, sink: &mut impl Sink) -> Result<(), SessionError> {
        match self {
            Session::H1(s) => Ok(s.on_eof(&mut |c, kept| {
                if let Some(r) = kept {
                    sink.response(r);
                }
                sink.completed(c)
            })?),
            Session::H2(s) => Ok(s.on_eof()?),
            Session::Ws(s) => s.on_eof(),
            Session::Grpc(s) => s.on_eof(),
            Session::H3(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(protocol: Protocol) -> SessionConfig {
        SessionConfig {
            protocol,
            ws: None,
            grpc: None,
            windows: H2Settings::from_bits(16, 16),
            max_body: 0,
            requests_close: false,
            keep_responses: false,
        }
    }

    #[test]
    fn alpn_chooses_the_session_and_h2_falls_back_to_http1() {
        let h2 = config(Protocol::H2);
        assert!(matches!(for_stream(&h2), Session::H2(_)));
        assert!(matches!(for_alpn(Some(b"h2"), &h2), Session::H2(_)));
        assert!(matches!(for_alpn(Some(b"http/1.1"), &h2), Session::H1(_)));
        assert!(matches!(for_alpn(None, &h2), Session::H1(_)));
        let h1 = config(Protocol::Http1);
        assert!(matches!(for_stream(&h1), Session::H1(_)));
        assert_eq!(h1.needs(), Needs::ByteStream);
        assert_eq!(config(Protocol::H3).needs(), Needs::Datagrams);
    }

    #[test]
    fn sessions_count_their_connections_into_the_report_sections() {
        let mut counts = ProtocolCounts::default();
        let h2 = config(Protocol::H2);
        for session in [for_alpn(Some(b"h2"), &h2), for_alpn(None, &h2)] {
            session.count_connection(&mut counts);
            session.add_events(&mut counts);
        }
        let mut total = ProtocolCounts::default();
        total.add(&counts);
        total.add(&counts);
        let report = total.h2_report();
        assert_eq!((report.connections_h2, report.connections_http1), (2, 2));
        assert_eq!(total.h3_report().connections, 0);
    }

    #[test]
    fn an_http1_close_drains_and_the_depth_is_the_pipeline() {
        let mut session = for_stream(&config(Protocol::Http1));
        let depth = Depth {
            pipeline: 2,
            streams: 100,
        };
        assert_eq!(session.room(depth), 2);
        let request = Inflight {
            intended: Instant::now(),
            sent: Instant::now(),
            head: false,
            measured: true,
            template: 0,
        };
        let mut out = Vec::new();
        session.submit_h1_batch(b"GET / HTTP/1.1\r\n\r\n", [request].into_iter(), &mut out);
        assert_eq!(session.room(depth), 1);
        struct Count(u32);
        impl Sink for Count {
            fn completed(&mut self, _: Completed) {
                self.0 += 1;
            }
            fn failed(&mut self, _: Inflight, _: StreamFailure) {}
        }
        let mut sink = Count(0);
        let reply = b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";
        let next = session
            .on_read(reply, Instant::now(), &mut sink, &mut out)
            .unwrap();
        assert_eq!((next, sink.0), (Next::Drain, 1));
    }
}
