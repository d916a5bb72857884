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
