//! Protocol sessions: one per connection, turning requests into bytes and
//! bytes into completed responses. Every protocol offers the same shape
//! (after h2load's session interface): `submit` a request, feed `on_read`
//! the bytes that arrived, tell `on_eof` when the peer closed.
//!
//! Sessions own the queue of requests in flight on their connection, so
//! stream bookkeeping (pipelined order in HTTP/1.1, stream ids in HTTP/2)
//! stays inside the protocol; the worker only sees [`Completed`] responses.
//! Sessions do no I/O and read no clock: they are tested with byte strings.

pub mod h1;
pub mod h2;
pub mod h3;

use std::time::Instant;

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
}

/// A response read completely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completed {
    pub status: u16,
    pub request: Inflight,
}

/// What the connection does after the bytes just read.
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
                    h2::code_name(code)
                )
            }
            StreamFailure::Refused { code } => write!(
                f,
                "an HTTP/2 stream was refused by the server's GOAWAY ({})",
                h2::code_name(code)
            ),
            StreamFailure::H3Reset { code } => write!(
                f,
                "the server reset an HTTP/3 stream ({})",
                h3::code_name(code)
            ),
            StreamFailure::H3Refused { code } => write!(
                f,
                "the server refused an HTTP/3 request ({})",
                h3::code_name(code)
            ),
        }
    }
}

/// The session of one connection: chosen by the spec, or by ALPN over TLS.
#[derive(Debug)]
pub enum Session {
    H1(h1::H1Session),
    H2(Box<h2::H2Session>),
    /// Owns its QUIC connection; the worker drives it apart (datagrams, timers).
    H3(Box<h3::H3Session>),
}

impl Session {
    /// Requests sent and not yet answered.
    pub fn in_flight(&self) -> usize {
        match self {
            Session::H1(s) => s.in_flight(),
            Session::H2(s) => s.in_flight(),
            Session::H3(s) => s.in_flight(),
        }
    }

    /// The oldest request still waiting for its response.
    pub fn oldest(&self) -> Option<&Inflight> {
        match self {
            Session::H1(s) => s.oldest(),
            Session::H2(s) => s.oldest(),
            Session::H3(s) => s.oldest(),
        }
    }

    /// How many more requests may start now with at most `limit` in flight
    /// (HTTP/1.1: the pipeline depth; HTTP/2: streams, capped by the server).
    pub fn room(&self, limit: usize) -> usize {
        match self {
            Session::H1(s) => limit.saturating_sub(s.in_flight()),
            Session::H2(s) => s.room(limit),
            Session::H3(s) => s.room(limit),
        }
    }

    /// What an open session with nothing in flight waits for from the server
    /// before it can send (HTTP/2: its SETTINGS), if anything.
    pub fn waiting_for(&self) -> Option<&'static str> {
        match self {
            Session::H2(s) if s.awaiting_settings() => Some("HTTP/2 SETTINGS from the server"),
            Session::H1(_) | Session::H2(_) | Session::H3(_) => None,
        }
    }

    /// Every request asks the server to close after its response (HTTP/1 only).
    pub fn requests_close(&self) -> bool {
        match self {
            Session::H1(s) => s.requests_close(),
            Session::H2(_) | Session::H3(_) => false,
        }
    }

    /// Feeds bytes read; control frames the protocol owes the peer go to `out`.
    pub fn on_read(
        &mut self,
        data: &[u8],
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Flow, ProtocolError> {
        match self {
            Session::H1(s) => s.on_read(data, &mut |c, kept| {
                if let Some(r) = kept {
                    sink.response(r);
                }
                sink.completed(c)
            }),
            Session::H2(s) => s.on_read(data, sink, out),
            // Datagrams go to the QUIC connection (`H3Session::poll`), not here.
            Session::H3(_) => Ok(Flow::Continue),
        }
    }

    /// The peer closed the connection.
    pub fn on_eof(&mut self, sink: &mut impl Sink) -> Result<(), EarlyClose> {
        match self {
            Session::H1(s) => s.on_eof(&mut |c, kept| {
                if let Some(r) = kept {
                    sink.response(r);
                }
                sink.completed(c)
            }),
            Session::H2(s) => s.on_eof(),
            Session::H3(_) => Ok(()),
        }
    }
}
