//! The session interface's vocabulary: what every protocol's session and
//! the worker say to each other (requests in flight, completed responses,
//! the sink that hears them, what a session needs next). It names no
//! protocol, so the sessions import it and it imports none of them; the
//! [`Session`](super::Session) that chooses among them is its parent.

use std::time::Instant;

use crate::recorder::ErrorKind;

/// The status of a completed exchange that is not an HTTP response (a
/// WebSocket message): the worker records its latency and counts it as a
/// response, but in no status count or class.
pub const NO_STATUS: u16 = u16::MAX;

/// Timing of one request in flight, as the worker recorded it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Inflight {
    /// When the schedule meant it to start (open loop), or when it was sent.
    pub intended: Instant,
    /// When it was written to the socket.
    pub sent: Instant,
    /// The response has no body (a `HEAD` request).
    pub head: bool,
    /// Sent in the measured phase (not warm-up).
    pub measured: bool,
    /// Which template of a mix it is (0 without a mix).
    pub template: u16,
}

/// A response read completely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completed {
    pub status: u16,
    pub request: Inflight,
}

/// What a protocol's reader says after the bytes just read (HTTP/1's
/// and HTTP/2's own; [`ProtocolSession::on_read`](super::ProtocolSession::on_read) turns it into a [`Next`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading and sending.
    Continue,
    /// The last response ended the connection (`Connection: close`, HTTP/1.0,
    /// a body delimited by the close): close it once the peer has.
    Close,
}

/// Bytes the peer sent that break the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError(pub String);

/// The peer closed while a response was incomplete or requests were unanswered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EarlyClose(pub String);

/// A session's failure, with the kind it is counted under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionError {
    pub kind: ErrorKind,
    pub message: String,
}

impl From<ProtocolError> for SessionError {
    fn from(e: ProtocolError) -> SessionError {
        SessionError {
            kind: ErrorKind::Protocol,
            message: e.0,
        }
    }
}

impl From<EarlyClose> for SessionError {
    fn from(e: EarlyClose) -> SessionError {
        SessionError {
            kind: ErrorKind::Read,
            message: e.0,
        }
    }
}

/// Where a session reports the requests that ended.
pub trait Sink {
    /// A response was read completely.
    fn completed(&mut self, c: Completed);
    /// A request will get no response: the server reset its stream, or
    /// refused it (an HTTP/2 stream above a GOAWAY's last stream id).
    fn failed(&mut self, request: Inflight, why: StreamFailure);
    /// A response's headers and body, just before it completes (only from a
    /// session told to keep them, for a script's `response()`).
    fn response(&mut self, _response: crate::script::ScriptResponse<'_>) {}
    /// The bytes read next arrived at `at` (the kernel's receive stamp;
    /// `None`: unknown, now): the responses they complete ended then, not
    /// when they were read.
    fn arrived(&mut self, _at: Option<Instant>) {}
    /// A message the peer sent unasked (a WebSocket subscription's push)
    /// ended: recorded as a response, with no request in flight to retire;
    /// its latency runs from `c.request.intended`.
    fn pushed(&mut self, _c: Completed) {}
    /// The session's own set-up after the connection (a WebSocket upgrade),
    /// begun at `since`, ended now.
    fn set_up(&mut self, _since: Instant) {}
    /// A request ended with an error its protocol names (a gRPC status
    /// other than OK, an answer that is not gRPC): counted under `kind`,
    /// `message()` saying why. `request` is the request it retires, if any
    /// (a long-lived gRPC stream that fails with no message in flight
    /// retires none).
    fn errored(
        &mut self,
        _request: Option<Inflight>,
        _kind: ErrorKind,
        _message: &dyn Fn() -> String,
    ) {
    }
    /// A timing of the protocol's own beside each response's latency
    /// ([`Timed`]): it ran from `since` to now; recorded if `measured`.
    fn timed(&mut self, _what: Timed, _since: Instant, _measured: bool) {}
}

/// What a session times beside each request's latency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timed {
    /// A call on a stream (gRPC), from its (intended) start to its end
    /// (trailers with a status).
    Call,
    /// A message on a stream (gRPC): a bidirectional stream's message from
    /// its (intended) send to the reply that answers it; a server stream's
    /// reply from the one before it (the first from the call's start).
    Message,
}

/// Why a request ended without a response (HTTP/2 and HTTP/3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamFailure {
    /// RST_STREAM with this error code.
    Reset { code: u32 },
    /// Not processed: above the last stream id of a GOAWAY with this code.
    Refused { code: u32 },
    /// HTTP/3: the server reset the stream (RESET_STREAM) with this code.
    H3Reset { code: u64 },
    /// HTTP/3: reset with H3_REQUEST_REJECTED, the request not processed.
    H3Refused { code: u64 },
}

impl std::fmt::Display for StreamFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            StreamFailure::Reset { code } => {
                write!(
                    f,
                    "the server reset an HTTP/2 stream ({})",
                    super::h2::frame::code_name(code)
                )
            }
            StreamFailure::Refused { code } => write!(
                f,
                "an HTTP/2 stream was refused by the server's GOAWAY ({})",
                super::h2::frame::code_name(code)
            ),
            StreamFailure::H3Reset { code } => write!(
                f,
                "the server reset an HTTP/3 stream ({})",
                super::h3::code::code_name(code)
            ),
            StreamFailure::H3Refused { code } => write!(
                f,
                "the server refused an HTTP/3 request ({})",
                super::h3::code::code_name(code)
            ),
        }
    }
}

/// What the worker does with the connection after a read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Keep reading and sending.
    Continue,
    /// The last response ended the connection (HTTP/1 `Connection: close`,
    /// HTTP/1.0, a body delimited by the close): send nothing more and
    /// close once the peer has.
    Drain,
    /// Close now: every stream is answered after a GOAWAY, or the peer
    /// closed the connection (end of file) with nothing left unanswered.
    Close,
}

/// What a session needs from its transport.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Bytes in order (TCP, or TLS over TCP): fed to `on_read`.
    ByteStream,
    /// Datagrams and a timer (QUIC): the session owns the connection the
    /// transport feeds, and is polled.
    Datagrams,
}

/// In flight at most on one connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Depth {
    /// HTTP/1.1: the pipeline depth.
    pub pipeline: usize,
    /// HTTP/2 and HTTP/3: streams (capped by the server's limit).
    pub streams: usize,
}

impl Depth {
    /// One request at a time, whatever the protocol.
    pub const ONE: Depth = Depth {
        pipeline: 1,
        streams: 1,
    };
}

/// The form a session takes a mix's request in (a template with
/// placeholders is drawn into it per request).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestForm {
    /// HTTP/1.x: the request's whole text.
    Text,
    /// HTTP/2 and HTTP/3: header fields and a body.
    Fields,
    /// The protocol's own messages (WebSocket, gRPC): no mix.
    Messages,
}
