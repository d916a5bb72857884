//! The gRPC client session: gRPC over HTTP/2 (the gRPC-over-HTTP/2 spec),
//! a wrapper of [`H2Session`] that sees each stream's header fields, DATA
//! and trailers through its own [`StreamSink`](super::h2::StreamSink)
//! (`calls.rs`) and sends its messages with the HTTP/2 session's flow control.
//!
//! A call is one HTTP/2 stream: HEADERS (the run's fields, encoded by the
//! connection's HPACK encoder, so that after the first call each costs a
//! byte), then length-prefixed messages (`messages`), END_STREAM with the
//! last. What the worker counts depends on [`GrpcUnit`]:
//! - `Call`: each submit is a whole call with its messages; it completes
//!   at its trailers with `grpc-status` 0, or fails (an error of kind
//!   `grpc_status`, `not_grpc`, `protocol` or `stream`).
//! - `Message` (bidirectional streams): each submit is one message on one of
//!   up to `calls_per_connection` long-lived calls (closed loop: a call with
//!   no message in flight; open loop: the one with fewest); the call's next
//!   reply answers it (replies answer in order). A call ends after
//!   `per_call` messages (a new one opens) or at the run's end (the
//!   goodbye: END_STREAM on each, the trailers awaited).
//!
//! Like every session it does no I/O and reads no clock.

mod calls;
mod config;
pub mod messages;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use barrage_model::load::{GrpcReport, GrpcShape, GrpcStatusCount, GrpcUnit};

use super::counts::ProtocolCounts;
use super::h2::hpack::Field;
use super::h2::streams::Ring;
use super::h2::{H2Session, H2Settings};
use super::protocol_session::ProtocolSession;
use super::{Depth, Flow, Inflight, Next, RequestForm, SessionError, Sink};
use crate::wire::WireRequest;
use calls::{Call, Reading};

pub use messages::{fuzz_messages, MessageReader, MAX_MESSAGE};

/// Renders a templated request message per call (the run's data with
/// call-data templates): message `i` of the data, without its prefix.
pub trait Render: Send + Sync {
    /// Messages in the data.
    fn count(&self) -> usize;
    fn render(&self, i: usize, worker_id: u64, request_number: u64, out: &mut Vec<u8>);
}

/// The request messages of a run.
pub enum GrpcMessages {
    /// Encoded once, each with its 5-byte prefix.
    Fixed(Vec<Box<[u8]>>),
    /// Rendered per call (per message, unit message).
    Templated(Arc<dyn Render>),
}

impl std::fmt::Debug for GrpcMessages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GrpcMessages::Fixed(m) => write!(f, "Fixed({} messages)", m.len()),
            GrpcMessages::Templated(r) => write!(f, "Templated({} messages)", r.count()),
        }
    }
}

impl GrpcMessages {
    fn count(&self) -> usize {
        match self {
            GrpcMessages::Fixed(m) => m.len(),
            GrpcMessages::Templated(r) => r.count(),
        }
    }
}

/// What every gRPC session of a run is made with (built once per run).
#[derive(Debug)]
pub struct GrpcConfig {
    /// The call's header fields, pseudo-headers first.
    pub headers: Vec<Field>,
    pub messages: GrpcMessages,
    pub shape: GrpcShape,
    pub unit: GrpcUnit,
    /// Unit call: messages sent on a call before END_STREAM. Unit message:
    /// messages on a call before it ends (`None`: until the run ends).
    pub per_call: Option<u64>,
    /// Unit message: long-lived calls per connection (`-m`).
    pub calls_per_connection: usize,
    /// Unit message: the load is an open loop (a message goes on the call
    /// with fewest in flight, not only on an idle one).
    pub open_loop: bool,
    /// HTTP/2's windows.
    pub windows: H2Settings,
    /// Call data: the next request number and connection number, run-wide.
    pub next_request: AtomicU64,
    pub next_connection: AtomicU64,
}

/// Unit message, open loop: messages in flight at most per connection.
const MAX_WAITING: usize = 1 << 16;

/// One connection's gRPC counts (measured calls and messages), kept in
/// arrays so that a call allocates nothing; the report's `grpc` section at
/// the connection's end.
#[derive(Debug, Default)]
pub(crate) struct GrpcCounts {
    pub calls_started: u64,
    pub calls_ended: u64,
    /// By code: 0 to 16, and 17 for any other (named UNKNOWN).
    pub by_code: [u64; 18],
    pub first_message: [Option<String>; 18],
    pub other_codes: Vec<(u32, u64)>,
    pub messages_sent: u64,
    pub messages_received: u64,
    pub payload_bytes_sent: u64,
    pub payload_bytes_received: u64,
}

impl GrpcCounts {
    fn report(&self) -> GrpcReport {
        let mut r = GrpcReport {
            calls_started: self.calls_started,
            calls_ended: self.calls_ended,
            messages_sent: self.messages_sent,
            messages_received: self.messages_received,
            payload_bytes_sent: self.payload_bytes_sent,
            payload_bytes_received: self.payload_bytes_received,
            ..GrpcReport::default()
        };
        for code in 0..17u32 {
            let count = self.by_code[code as usize];
            if count > 0 {
                r.status.insert(
                    code.to_string(),
                    GrpcStatusCount {
                        name: barrage_model::load::grpc_code_name(code).to_string(),
                        count,
                        first_message: self.first_message[code as usize].clone(),
                    },
                );
            }
        }
        for &(code, count) in &self.other_codes {
            r.status.insert(
                code.to_string(),
                GrpcStatusCount {
                    name: barrage_model::load::grpc_code_name(code).to_string(),
                    count,
                    first_message: self.first_message[17].clone(),
                },
            );
        }
        r
    }
}

/// One gRPC connection.
pub struct GrpcSession {
    h2: H2Session,
    config: Arc<GrpcConfig>,
    /// The calls open, by stream id (beside the HTTP/2 session's streams).
    calls: Ring<Call>,
    /// A templated message, rendered here.
    buf: Vec<u8>,
    /// This connection's number (the call data's worker id).
    connection: u64,
    counts: GrpcCounts,
    /// Calls that failed while read (a framing error, a non-gRPC head):
    /// reset once the read is done.
    doomed: Vec<u32>,
    /// Unit message: messages sent and not answered, over all calls.
    waiting: usize,
    /// The run is ending: the calls were half-closed (unit message).
    leaving: bool,
}

impl std::fmt::Debug for GrpcSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GrpcSession")
            .field("h2", &self.h2)
            .field("calls", &self.calls.len())
            .field("waiting", &self.waiting)
            .finish_non_exhaustive()
    }
}

impl GrpcSession {
    pub fn new(config: Arc<GrpcConfig>) -> GrpcSession {
        let connection = config.next_connection.fetch_add(1, Ordering::Relaxed);
        GrpcSession {
            h2: H2Session::new(config.windows, 0),
            config,
            calls: Ring::default(),
            buf: Vec::new(),
            connection,
            counts: GrpcCounts::default(),
            doomed: Vec::new(),
            waiting: 0,
            leaving: false,
        }
    }

    fn unit_message(&self) -> bool {
        self.config.unit == GrpcUnit::Message
    }

    pub fn on_connect(&mut self, out: &mut Vec<u8>) {
        self.h2.on_connect(out)
    }

    pub fn awaiting_settings(&self) -> bool {
        self.h2.awaiting_settings()
    }

    /// Starts a call (unit call) or sends a message (unit message).
    #[inline]
    pub fn submit(&mut self, request: Inflight, out: &mut Vec<u8>) {
        if self.unit_message() {
            return self.submit_message(request, out);
        }
        let id = self.open_call(request, out);
        let n = self.config.per_call.unwrap_or(1).max(1);
        for i in 0..n {
            self.send_message(id, i, i + 1 == n, request.measured, out);
        }
        if let Some(call) = self.calls.get_mut(id) {
            call.sent = n;
            call.half_closed = true;
        }
    }

    fn open_call(&mut self, request: Inflight, out: &mut Vec<u8>) -> u32 {
        let fields = self
            .config
            .headers
            .iter()
            .map(|(n, v)| (&n[..], &v[..], true));
        let id = self.h2.open_stream(fields, request, false, out);
        self.calls.push(id, Call::new(request));
        if request.measured {
            self.counts.calls_started += 1;
        }
        id
    }

    /// Message `i` of the data on call `id` (END_STREAM after it if `last`).
    fn send_message(&mut self, id: u32, i: u64, last: bool, measured: bool, out: &mut Vec<u8>) {
        let GrpcSession {
            h2, config, buf, ..
        } = self;
        let i = (i % config.messages.count().max(1) as u64) as usize;
        let bytes: &[u8] = match &config.messages {
            GrpcMessages::Fixed(m) => &m[i],
            GrpcMessages::Templated(r) => {
                let number = config.next_request.fetch_add(1, Ordering::Relaxed);
                buf.clear();
                buf.extend_from_slice(&[0; 5]);
                r.render(i, self.connection, number, buf);
                let len = buf.len() - 5;
                messages::put_prefix(&mut buf[..5], len);
                buf
            }
        };
        h2.send_data(id, bytes, last, out);
        if measured {
            self.counts.messages_sent += 1;
            self.counts.payload_bytes_sent += bytes.len() as u64 - 5;
        }
    }

    /// Unit message: one message on a call (a new one if none is usable).
    fn submit_message(&mut self, request: Inflight, out: &mut Vec<u8>) {
        let idle = self
            .calls
            .iter()
            .find(|(_, c)| !c.half_closed && c.waiting.is_empty())
            .map(|(id, _)| id);
        let fewest = || {
            self.calls
                .iter()
                .filter(|(_, c)| !c.half_closed)
                .min_by_key(|(_, c)| c.waiting.len())
                .map(|(id, _)| id)
        };
        let id = match idle {
            Some(id) => id,
            None if self.h2.room(self.config.calls_per_connection) > 0 => {
                self.open_call(request, out)
            }
            None => match fewest() {
                Some(id) => id,
                None => self.open_call(request, out),
            },
        };
        let call = self
            .calls
            .get_mut(id)
            .expect("the call just chosen or opened");
        let i = call.sent;
        call.sent += 1;
        let last = self.config.per_call.is_some_and(|n| call.sent >= n);
        call.half_closed |= last;
        call.waiting.push_back(request);
        self.waiting += 1;
        self.send_message(id, i, last, request.measured, out);
    }

    /// Resets the calls that failed while read, and reports them.
    fn reset_doomed(&mut self, now: Instant, sink: &mut impl Sink, out: &mut Vec<u8>) {
        for id in std::mem::take(&mut self.doomed) {
            if self.h2.reset(id, out).is_none() {
                continue; // it ended in the same read, and was reported then
            }
            let Some(call) = self.calls.remove(id) else {
                continue;
            };
            let (_, mut reading) = self.reading(sink, now, false);
            reading.fail_call(call);
        }
    }

    /// The HTTP/2 session, beside the calls as read at `now` into `sink`
    /// (`server_streams`: each reply timed).
    fn reading<'a, S: Sink>(
        &'a mut self,
        sink: &'a mut S,
        now: Instant,
        server_streams: bool,
    ) -> (&'a mut H2Session, Reading<'a, S>) {
        let reading = Reading {
            calls: &mut self.calls,
            counts: &mut self.counts,
            doomed: &mut self.doomed,
            waiting: &mut self.waiting,
            sink,
            now,
            unit_message: self.config.unit == GrpcUnit::Message,
            server_streams,
        };
        (&mut self.h2, reading)
    }

    pub fn on_eof(&mut self) -> Result<(), SessionError> {
        Ok(self.h2.on_eof()?)
    }
}

/// A call's messages awaiting their replies (unit message).
pub(crate) type Waiting = VecDeque<Inflight>;

/// gRPC behind the session interface: each request is a call (or, for a
/// bidirectional stream's message unit, a message) on HTTP/2 streams.
impl ProtocolSession for GrpcSession {
    #[inline]
    fn submit(&mut self, _request: &WireRequest, inflight: Inflight, out: &mut Vec<u8>) {
        GrpcSession::submit(self, inflight, out)
    }

    fn on_eof(&mut self, _sink: &mut impl Sink) -> Result<(), SessionError> {
        GrpcSession::on_eof(self)
    }

    fn request_form(&self) -> RequestForm {
        RequestForm::Messages
    }

    /// Counted in the `grpc` section, not as an HTTP/2 connection.
    fn count_connection(&self, _counts: &mut ProtocolCounts) {}

    fn waiting_for(&self) -> Option<&'static str> {
        self.awaiting_settings()
            .then_some("HTTP/2 SETTINGS from the server")
    }

    fn answer(&self) -> &'static str {
        "gRPC reply"
    }

    fn on_connect(&mut self, _now: Instant, out: &mut Vec<u8>) {
        Self::on_connect(self, out)
    }

    /// Requests in flight: calls (unit call) or messages (unit message).
    fn in_flight(&self) -> usize {
        if self.unit_message() {
            self.waiting
        } else {
            self.calls.len()
        }
    }

    /// The oldest request waiting for its answer.
    fn oldest(&self) -> Option<&Inflight> {
        if !self.unit_message() {
            return self.h2.oldest();
        }
        self.calls
            .iter()
            .filter_map(|(_, c)| c.waiting.front())
            .min_by_key(|r| r.sent)
    }

    /// How many more requests may start now.
    #[inline]
    fn room(&self, depth: Depth) -> usize {
        if !self.unit_message() {
            return self.h2.room(depth.streams);
        }
        if self.leaving {
            return 0;
        }
        let new_calls = self.h2.room(self.config.calls_per_connection);
        let usable = self.calls.iter().filter(|(_, c)| !c.half_closed);
        if self.config.open_loop {
            let any = new_calls > 0 || usable.count() > 0;
            return if any {
                MAX_WAITING.saturating_sub(self.waiting)
            } else {
                0
            };
        }
        new_calls + usable.filter(|(_, c)| c.waiting.is_empty()).count()
    }

    /// The run ends: unit message, every call is half-closed (an empty
    /// DATA with END_STREAM); true if their trailers are now awaited.
    fn goodbye(&mut self, out: &mut Vec<u8>) -> bool {
        if !self.unit_message() || self.leaving {
            return false;
        }
        self.leaving = true;
        let mut open = Vec::new();
        for (id, call) in self.calls.iter_mut() {
            if !call.half_closed {
                call.half_closed = true;
                open.push(id);
            }
        }
        for id in open {
            self.h2.send_data(id, &[], true, out);
        }
        self.calls.len() > 0
    }

    /// Said goodbye and awaits the calls' trailers.
    fn awaits_goodbye(&self) -> bool {
        self.leaving && self.calls.len() > 0
    }

    /// Feeds bytes read at `now`.
    /// The transport wrote everything it held (HTTP/2's acknowledgements owed).
    fn written(&mut self) {
        self.h2.written();
    }

    fn on_read(
        &mut self,
        data: &[u8],
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        let server_streams = self.config.shape == GrpcShape::ServerStreaming;
        let (h2, mut reading) = self.reading(sink, now, server_streams);
        let flow = h2.on_read(data, &mut reading, out)?;
        if !self.doomed.is_empty() {
            self.reset_doomed(now, sink, out);
        }
        Ok(match flow {
            Flow::Continue => Next::Continue,
            Flow::Close => Next::Close,
        })
    }

    /// Adds this connection's counts (once, when it ends).
    fn add_events(&self, into: &mut ProtocolCounts) {
        into.h2.add(&self.h2.events);
        into.grpc.add(&self.counts.report());
    }
}

#[cfg(test)]
mod tests;
