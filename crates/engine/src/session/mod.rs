//! Protocol sessions: one per connection, turning requests into bytes and
//! bytes into completed responses. Every protocol implements the same
//! trait, [`ProtocolSession`] (after h2load's session interface):
//! `on_connect`, `submit` a request, `room` for more (h2load's
//! `max_concurrent_streams`), feed `on_read` the bytes that arrived, tell
//! `on_eof` when the peer closed; finished requests go to a [`Sink`].
//! `add_events` and `count_connection` add the protocol's own numbers to a
//! [`ProtocolCounts`], so the worker keeps no counter named per protocol.
//! What a protocol does not do (a timer, a goodbye, early data) has a
//! default in the trait.
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
//! [`Session`] holds one of them, chosen here; it implements the trait too,
//! by static dispatch: the `each!` macro is the one `match` that lists the
//! protocols. Adding a protocol is a new module here that implements
//! [`ProtocolSession`], a variant of [`Session`] with its line in `each!`
//! and in the functions that choose it, and, if it needs one, a transport
//! in `link`; nothing in `worker/` changes.
//! WebSocket (`ws`) is one session from the start on the byte stream: it
//! writes the Upgrade on connect, reads the `101` with the HTTP/1 head
//! reader, then frames; `submit` sends a message, and the message that
//! answers it is its `Completed` (carrying [`NO_STATUS`]). What it needed
//! from the worker stayed generic: a session's own timer
//! ([`ProtocolSession::deadline`], pings), a set-up after the connection
//! ([`Sink::set_up`], the upgrade), messages nobody asked for
//! ([`Sink::pushed`]), and a goodbye at the end of the run
//! ([`ProtocolSession::goodbye`], a Close; HTTP/2 could send GOAWAY there).
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

mod counts;
pub mod grpc;
pub mod h1;
pub mod h2;
pub mod h3;
mod interface;
mod protocol_session;
pub mod ws;

pub use counts::ProtocolCounts;
pub use interface::*;
pub use protocol_session::ProtocolSession;

use std::time::Instant;

use std::sync::Arc;

use crate::spec::Protocol;
use crate::wire::WireRequest;
use grpc::{GrpcConfig, GrpcSession};
use h1::H1Session;
use h2::{H2Session, H2Settings};
use h3::H3Session;
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
        if self.protocol.over_quic() {
            Needs::Datagrams
        } else {
            Needs::ByteStream
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
/// Static dispatch: [`each!`] is the one place that lists the protocols;
/// every call of [`ProtocolSession`] on it is one `match` there.
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

/// Runs `$call` on the protocol's session inside a `&Session` or a
/// `&mut Session`, bound as `$s` (unboxed).
macro_rules! each {
    (&$session:expr, $s:ident => $call:expr) => {
        match $session {
            Session::H1($s) => $call,
            Session::H2(boxed) => {
                let $s: &H2Session = boxed;
                $call
            }
            Session::H3(boxed) => {
                let $s: &H3Session = boxed;
                $call
            }
            Session::Ws(boxed) => {
                let $s: &WsSession = boxed;
                $call
            }
            Session::Grpc(boxed) => {
                let $s: &GrpcSession = boxed;
                $call
            }
        }
    };
    (&mut $session:expr, $s:ident => $call:expr) => {
        match $session {
            Session::H1($s) => $call,
            Session::H2(boxed) => {
                let $s: &mut H2Session = boxed;
                $call
            }
            Session::H3(boxed) => {
                let $s: &mut H3Session = boxed;
                $call
            }
            Session::Ws(boxed) => {
                let $s: &mut WsSession = boxed;
                $call
            }
            Session::Grpc(boxed) => {
                let $s: &mut GrpcSession = boxed;
                $call
            }
        }
    };
}

impl ProtocolSession for Session {
    #[inline]
    fn in_flight(&self) -> usize {
        each!(&self, s => ProtocolSession::in_flight(s))
    }

    fn oldest(&self) -> Option<&Inflight> {
        each!(&self, s => ProtocolSession::oldest(s))
    }

    #[inline]
    fn room(&self, depth: Depth) -> usize {
        each!(&self, s => ProtocolSession::room(s, depth))
    }

    #[inline]
    fn submit(&mut self, request: &WireRequest, inflight: Inflight, out: &mut Vec<u8>) {
        each!(&mut self, s => ProtocolSession::submit(s, request, inflight, out))
    }

    #[inline]
    fn on_read(
        &mut self,
        data: &[u8],
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        each!(&mut self, s => ProtocolSession::on_read(s, data, now, sink, out))
    }

    fn on_eof(&mut self, sink: &mut impl Sink) -> Result<(), SessionError> {
        each!(&mut self, s => ProtocolSession::on_eof(s, sink))
    }

    fn request_form(&self) -> RequestForm {
        each!(&self, s => ProtocolSession::request_form(s))
    }

    fn count_connection(&self, counts: &mut ProtocolCounts) {
        each!(&self, s => ProtocolSession::count_connection(s, counts))
    }

    fn add_events(&self, counts: &mut ProtocolCounts) {
        each!(&self, s => ProtocolSession::add_events(s, counts))
    }

    fn waiting_for(&self) -> Option<&'static str> {
        each!(&self, s => ProtocolSession::waiting_for(s))
    }

    fn answer(&self) -> &'static str {
        each!(&self, s => ProtocolSession::answer(s))
    }

    fn requests_close(&self) -> bool {
        each!(&self, s => ProtocolSession::requests_close(s))
    }

    fn on_connect(&mut self, now: Instant, out: &mut Vec<u8>) {
        each!(&mut self, s => ProtocolSession::on_connect(s, now, out))
    }

    #[inline]
    fn deadline(&self) -> Option<Instant> {
        each!(&self, s => ProtocolSession::deadline(s))
    }

    fn on_timer(&mut self, now: Instant, out: &mut Vec<u8>) -> Result<(), SessionError> {
        each!(&mut self, s => ProtocolSession::on_timer(s, now, out))
    }

    fn goodbye(&mut self, out: &mut Vec<u8>) -> bool {
        each!(&mut self, s => ProtocolSession::goodbye(s, out))
    }

    fn awaits_goodbye(&self) -> bool {
        each!(&self, s => ProtocolSession::awaits_goodbye(s))
    }

    #[inline]
    fn written(&mut self) {
        each!(&mut self, s => ProtocolSession::written(s))
    }

    fn start_early(&mut self) -> bool {
        each!(&mut self, s => ProtocolSession::start_early(s))
    }

    fn close_after(&mut self) {
        each!(&mut self, s => ProtocolSession::close_after(s))
    }

    fn submit_fields<'a>(
        &mut self,
        fields: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        body: &[u8],
        inflight: Inflight,
        out: &mut Vec<u8>,
        frames: &mut Vec<u8>,
    ) {
        each!(&mut self, s => ProtocolSession::submit_fields(s, fields, body, inflight, out, frames))
    }

    fn submit_h1_batch(
        &mut self,
        bytes: &[u8],
        requests: impl Iterator<Item = Inflight>,
        out: &mut Vec<u8>,
    ) {
        each!(&mut self, s => ProtocolSession::submit_h1_batch(s, bytes, requests, out))
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
