//! The session interface every protocol implements ([`ProtocolSession`]),
//! after h2load's: the worker and the link drive any protocol through these
//! calls and name none. What a protocol does not do has a default here (no
//! timer, no goodbye, no early data), so a protocol's module implements
//! only what it does.

use std::time::Instant;

use super::counts::ProtocolCounts;
use super::interface::{Depth, Inflight, Next, RequestForm, SessionError, Sink};
use crate::wire::WireRequest;

/// One connection's protocol state: requests in, bytes out; bytes in,
/// completed responses out to a [`Sink`]. No I/O and no clock.
pub trait ProtocolSession {
    /// Requests sent and not yet answered.
    fn in_flight(&self) -> usize;

    /// The oldest request still waiting for its response.
    fn oldest(&self) -> Option<&Inflight>;

    /// How many more requests may start now with at most `depth` in flight
    /// (HTTP/1.1: the pipeline depth; HTTP/2 and HTTP/3: streams, capped by
    /// the server).
    fn room(&self, depth: Depth) -> usize;

    /// Starts `request` in its protocol's wire form (after [`room`](Self::room)
    /// said there is room); bytes for a byte stream go to `out`, HTTP/3's
    /// into its QUIC stream.
    fn submit(&mut self, request: &WireRequest, inflight: Inflight, out: &mut Vec<u8>);

    /// Feeds bytes read from a byte stream at `now`; control frames the
    /// protocol owes the peer go to `out`. (HTTP/3's datagrams go to its
    /// QUIC connection instead: it is polled.)
    fn on_read(
        &mut self,
        data: &[u8],
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError>;

    /// The peer closed the byte stream.
    fn on_eof(&mut self, sink: &mut impl Sink) -> Result<(), SessionError>;

    /// The form a mix's request takes on this session.
    fn request_form(&self) -> RequestForm;

    /// Counts the connection as one of its protocol's (once, when it opens).
    fn count_connection(&self, counts: &mut ProtocolCounts);

    /// Adds the protocol's events on this connection (once, when it ends).
    fn add_events(&self, _counts: &mut ProtocolCounts) {}

    /// What an open session with nothing in flight waits for from the server
    /// before it can send (HTTP/2: its SETTINGS), if anything.
    fn waiting_for(&self) -> Option<&'static str> {
        None
    }

    /// What answers a request, in a timeout's message.
    fn answer(&self) -> &'static str {
        "response"
    }

    /// Every request asks the server to close after its response.
    fn requests_close(&self) -> bool {
        false
    }

    /// The connection is open (at `now`): what the protocol sends first
    /// goes to `out` (HTTP/2: the preface and SETTINGS; WebSocket: the Upgrade).
    fn on_connect(&mut self, _now: Instant, _out: &mut Vec<u8>) {}

    /// When the session's own timer is next due (WebSocket: a ping, or a
    /// pong's deadline); QUIC's timer is the transport's.
    fn deadline(&self) -> Option<Instant> {
        None
    }

    /// The session's timer is due: what it sends goes to `out`.
    fn on_timer(&mut self, _now: Instant, _out: &mut Vec<u8>) -> Result<(), SessionError> {
        Ok(())
    }

    /// The run is ending: what the protocol says before it leaves goes to
    /// `out` (WebSocket: a Close); true if it then awaits the peer's answer
    /// ([`awaits_goodbye`](Self::awaits_goodbye)) before the connection closes.
    fn goodbye(&mut self, _out: &mut Vec<u8>) -> bool {
        false
    }

    /// Said goodbye and awaits the peer's (the run waits, up to its drain deadline).
    fn awaits_goodbye(&self) -> bool {
        false
    }

    /// The transport wrote everything it held: the acknowledgements the
    /// session queued so far are no longer owed (HTTP/2's PING and
    /// SETTINGS ACKs, WebSocket pongs: each protocol bounds those owed).
    fn written(&mut self) {}

    /// Starts sending before the handshake is done when the transport can
    /// (HTTP/3: a resumed QUIC session whose ticket allows 0-RTT data).
    fn start_early(&mut self) -> bool {
        false
    }

    /// The request just submitted is the connection's last (HTTP/1: it
    /// asked the server to close, or is raw bytes): no more are sent on it,
    /// and its response ends it. Protocols without such requests ignore it.
    fn close_after(&mut self) {}

    /// Starts a request given as fields (each saying whether HTTP/2 may
    /// index it) and a body (a mix's template with placeholders); HTTP/3
    /// frames it in `frames`, a buffer the caller keeps. Only protocols
    /// with header fields take one: a mix over another protocol is refused
    /// before the run.
    fn submit_fields<'a>(
        &mut self,
        _fields: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        _body: &[u8],
        _inflight: Inflight,
        _out: &mut Vec<u8>,
        _frames: &mut Vec<u8>,
    ) {
        unreachable!("a mix's templates run over HTTP/2 and HTTP/3")
    }

    /// Starts a script's send: HTTP/1.x requests, whole (one, or several to
    /// pipeline), one entry of `requests` each. Scripts that make requests
    /// run over HTTP/1 only (checked before the run).
    fn submit_h1_batch(
        &mut self,
        _bytes: &[u8],
        _requests: impl Iterator<Item = Inflight>,
        _out: &mut Vec<u8>,
    ) {
        unreachable!("a script's HTTP/1 requests on a session of another protocol")
    }
}
