//! What is wrong with a spec: the part it is about ([`Field`]) and a message
//! in the spec's own terms. Every part of the engine's input reports its
//! errors so; this file names nothing else of the engine.

use std::fmt;

/// A spec that cannot run: which part of it, and a message that says what
/// is wrong in the spec's own terms (never a command-line flag: front-ends
/// map [`Field`] to their flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    pub field: Field,
    pub message: String,
}

/// The part of a [`LoadSpec`](super::LoadSpec) an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// The URL: scheme, host, address.
    Target,
    /// The list of requests (empty).
    Requests,
    /// A request's method.
    Method,
    /// A request's path (request target).
    Path,
    /// A request's extra headers.
    Header,
    Threads,
    Duration,
    MaxRequests,
    Timeout,
    Connections,
    Pipeline,
    /// Open loop: the request rate.
    Rate,
    MaxConnections,
    /// Sessions: the rate of new connections.
    ConnRate,
    /// Sessions: calls per connection.
    Calls,
    /// The load script (its set-up, or what it asks for).
    Script,
    /// Sessions: how many.
    Sessions,
    /// HTTP/2 streams per connection.
    Streams,
    /// HTTP/2 window sizes.
    WindowBits,
    /// Connection reuse (keep-alive, close, HTTP/1.0).
    Reuse,
    /// TLS: the CA file.
    CaFile,
    /// TLS: the server name (SNI).
    ServerName,
    /// What the machine gives the run: threads, open files.
    Resources,
    /// The source addresses connections leave from.
    Sources,
    /// The open loop's send window.
    SendWindow,
    /// The I/O: io_uring or epoll.
    Io,
    /// WebSocket: the message, its size or type, the ping interval.
    WsMessage,
}

impl SpecError {
    pub fn new(field: Field, message: impl Into<String>) -> SpecError {
        SpecError {
            field,
            message: message.into(),
        }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpecError {}

pub(super) fn err<T>(field: Field, msg: impl Into<String>) -> Result<T, SpecError> {
    Err(SpecError::new(field, msg))
}
