//! The calls of a gRPC connection as their streams are read: each call's
//! response head, messages and trailers, judged at its end ([`Reading`],
//! the [`StreamSink`] the HTTP/2 session reports to), and what the worker
//! is told: a completion, or an error of its kind.

use std::time::Instant;

use super::messages::MessageReader;
use super::{GrpcCounts, Waiting};
use crate::recorder::ErrorKind;
use crate::session::h2::streams::Ring;
use crate::session::h2::StreamSink;
use crate::session::{Completed, Inflight, Sink, StreamFailure, Timed, NO_STATUS};

/// The response's `content-type`, as far as gRPC cares.
#[derive(Debug)]
enum ContentType {
    Absent,
    Grpc,
    Other(String),
}

/// One call (an HTTP/2 stream) in flight.
#[derive(Debug)]
pub(super) struct Call {
    /// Unit call: the worker's request; unit message: the message that
    /// opened the call (its start).
    pub request: Inflight,
    /// The response head's HTTP status (0 until it came).
    status: u16,
    content_type: ContentType,
    grpc_status: Option<u32>,
    grpc_message: Option<String>,
    reader: MessageReader,
    /// Server streaming: when the last reply was read.
    last_reply: Option<Instant>,
    /// Trailers came after the response head (not a trailers-only answer).
    trailers: bool,
    /// Why the call failed while read (it is reset after the read).
    failure: Option<(ErrorKind, String)>,
    /// Unit message: the messages awaiting replies, oldest first.
    pub waiting: Waiting,
    /// Messages sent on it.
    pub sent: u64,
    /// The client ended its side (END_STREAM sent or queued).
    pub half_closed: bool,
}

impl Call {
    pub fn new(request: Inflight) -> Call {
        Call {
            request,
            status: 0,
            content_type: ContentType::Absent,
            grpc_status: None,
            grpc_message: None,
            reader: MessageReader::new(),
            last_reply: None,
            trailers: false,
            failure: None,
            waiting: Waiting::new(),
            sent: 0,
            half_closed: false,
        }
    }
}

/// The HTTP/2 session's reader during one read: the calls, and the worker's sink.
pub(super) struct Reading<'a, S> {
    pub calls: &'a mut Ring<Call>,
    pub counts: &'a mut GrpcCounts,
    pub doomed: &'a mut Vec<u32>,
    /// Unit message: messages awaiting replies on the connection.
    pub waiting: &'a mut usize,
    pub sink: &'a mut S,
    pub now: Instant,
    pub unit_message: bool,
    /// Server streaming: each reply is timed (`Timed::Message`).
    pub server_streams: bool,
}

impl<S: Sink> StreamSink for Reading<'_, S> {
    const FIELDS: bool = true;

    fn field(&mut self, stream: u32, name: &[u8], value: &[u8]) {
        let Some(call) = self.calls.get_mut(stream) else {
            return;
        };
        match name {
            b"grpc-status" => call.grpc_status = Some(parse_code(value)),
            b"grpc-message" => call.grpc_message = Some(percent_decode(value)),
            b"content-type" if call.status == 0 => call.content_type = content_type(value),
            _ => {}
        }
    }

    fn block(&mut self, stream: u32, status: u16, trailers: bool, end_stream: bool) {
        let Some(call) = self.calls.get_mut(stream) else {
            return;
        };
        if trailers {
            call.trailers = true;
            return; // judged at the end, which follows
        }
        call.status = status;
        if end_stream {
            return; // trailers-only: judged at the end, which follows
        }
        let failure = if status != 200 && call.grpc_status.is_none() {
            Some(format!("HTTP {status} without grpc-status"))
        } else {
            match &call.content_type {
                ContentType::Grpc => None,
                ContentType::Absent => {
                    Some("a response without content-type (not application/grpc)".to_string())
                }
                ContentType::Other(t) => Some(format!("content-type {t} is not application/grpc")),
            }
        };
        if let Some(message) = failure {
            doom(self.doomed, stream, call, ErrorKind::NotGrpc, message);
        }
    }

    fn data(&mut self, stream: u32, payload: &[u8], _end_stream: bool) {
        let Some(call) = self.calls.get_mut(stream) else {
            return;
        };
        if call.failure.is_some() {
            return;
        }
        let (mut replies, mut bytes) = (0u64, 0u64);
        let read = call.reader.feed(payload, &mut |len| {
            replies += 1;
            bytes += u64::from(len);
        });
        if let Err(e) = read {
            doom(
                self.doomed,
                stream,
                call,
                ErrorKind::Protocol,
                e.to_string(),
            );
        }
        if replies > 0 {
            self.on_replies(stream, replies, bytes);
        }
    }

    fn ended(&mut self, stream: u32, c: Completed) {
        match self.calls.remove(stream) {
            Some(call) => self.end_call(call),
            None => self.sink.completed(c), // not a call (never happens): kept in step
        }
    }

    fn failed(&mut self, stream: u32, request: Inflight, why: StreamFailure) {
        let Some(mut call) = self.calls.remove(stream) else {
            return self.sink.failed(request, why);
        };
        if !self.unit_message {
            return self.sink.failed(request, why);
        }
        if call.waiting.is_empty() {
            let message = why.to_string();
            return self
                .sink
                .errored(None, ErrorKind::Stream, &|| message.clone());
        }
        while let Some(m) = call.waiting.pop_front() {
            *self.waiting -= 1;
            self.sink.failed(m, why);
        }
    }
}

impl<S: Sink> Reading<'_, S> {
    /// `replies` messages (of `bytes` in all) were read on a call.
    fn on_replies(&mut self, stream: u32, replies: u64, bytes: u64) {
        let call = self.calls.get_mut(stream).expect("read just now");
        if !self.unit_message {
            if call.request.measured {
                self.counts.messages_received += replies;
                self.counts.payload_bytes_received += bytes;
            }
            if self.server_streams {
                let since = call.last_reply.unwrap_or(call.request.intended);
                self.sink
                    .timed(Timed::Message, since, call.request.measured);
                for _ in 1..replies {
                    self.sink
                        .timed(Timed::Message, self.now, call.request.measured);
                }
                call.last_reply = Some(self.now);
            }
            return;
        }
        // Replies answer the messages in order; one with none waiting is counted only.
        for _ in 0..replies {
            let Some(m) = call.waiting.pop_front() else {
                break;
            };
            *self.waiting -= 1;
            if m.measured {
                self.counts.messages_received += 1;
            }
            self.sink.timed(Timed::Message, m.intended, m.measured);
            self.sink.completed(Completed {
                status: NO_STATUS,
                request: m,
            });
        }
        if call.request.measured {
            self.counts.payload_bytes_received += bytes;
        }
    }

    /// A call's stream ended: judged by its framing, then its grpc-status.
    fn end_call(&mut self, mut call: Call) {
        if call.failure.is_none() {
            if let Err(e) = call.reader.end() {
                call.failure = Some((ErrorKind::Protocol, e.to_string()));
            }
        }
        if call.failure.is_some() {
            return self.fail_call(call);
        }
        let Some(code) = call.grpc_status else {
            let message = if call.trailers {
                "trailers without grpc-status".to_string()
            } else {
                format!("HTTP {} without grpc-status", call.status)
            };
            call.failure = Some((ErrorKind::NotGrpc, message));
            return self.fail_call(call);
        };
        let measured = call.request.measured;
        if measured {
            self.count_status(code, &call.grpc_message);
        }
        self.sink
            .timed(Timed::Call, call.request.intended, measured);
        if code != 0 {
            let name = barrage_model::load::grpc_code_name(code);
            let message = match &call.grpc_message {
                Some(m) if !m.is_empty() => format!("{name}: {m}"),
                _ => name.to_string(),
            };
            call.failure = Some((ErrorKind::GrpcStatus, message));
            return self.fail_call(call);
        }
        if !self.unit_message {
            return self.sink.completed(Completed {
                status: call.status,
                request: call.request,
            });
        }
        if !call.waiting.is_empty() {
            let message = format!(
                "a gRPC call ended with {} message(s) unanswered",
                call.waiting.len()
            );
            call.failure = Some((ErrorKind::Protocol, message));
            self.fail_call(call);
        }
    }

    fn count_status(&mut self, code: u32, message: &Option<String>) {
        let c = &mut *self.counts;
        c.calls_ended += 1;
        let slot = if code < 17 { code as usize } else { 17 };
        c.by_code[slot] += 1;
        if slot == 17 {
            match c.other_codes.iter_mut().find(|(k, _)| *k == code) {
                Some((_, n)) => *n += 1,
                None => c.other_codes.push((code, 1)),
            }
        }
        if c.first_message[slot].is_none() {
            c.first_message[slot] = message.clone().filter(|m| !m.is_empty());
        }
    }

    /// Reports a call that failed: its request (unit call), or the
    /// messages that awaited replies on it (unit message; the call itself
    /// when none did).
    pub fn fail_call(&mut self, mut call: Call) {
        let (kind, message) = call
            .failure
            .take()
            .unwrap_or((ErrorKind::Protocol, "a gRPC call failed".to_string()));
        if !self.unit_message {
            return self
                .sink
                .errored(Some(call.request), kind, &|| message.clone());
        }
        if call.waiting.is_empty() {
            return self.sink.errored(None, kind, &|| message.clone());
        }
        while let Some(m) = call.waiting.pop_front() {
            *self.waiting -= 1;
            self.sink.errored(Some(m), kind, &|| message.clone());
        }
    }
}

fn doom(doomed: &mut Vec<u32>, stream: u32, call: &mut Call, kind: ErrorKind, message: String) {
    if call.failure.is_none() {
        call.failure = Some((kind, message));
        doomed.push(stream);
    }
}

/// A `grpc-status` value: decimal digits (anything else is UNKNOWN, 2).
fn parse_code(value: &[u8]) -> u32 {
    if value.is_empty() || value.len() > 9 || !value.iter().all(u8::is_ascii_digit) {
        return 2;
    }
    value.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'))
}

/// `application/grpc`, `application/grpc+proto`, or either with parameters.
fn content_type(value: &[u8]) -> ContentType {
    let rest = value.strip_prefix(b"application/grpc");
    let rest = rest.map(|r| r.strip_prefix(b"+proto").unwrap_or(r));
    match rest {
        Some(r) if r.is_empty() || r[0] == b';' => ContentType::Grpc,
        _ => ContentType::Other(String::from_utf8_lossy(value).into_owned()),
    }
}

/// `grpc-message` is percent-encoded (the gRPC-over-HTTP/2 spec).
pub(super) fn percent_decode(value: &[u8]) -> String {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    while i < value.len() {
        let decoded = match value.get(i..i + 3) {
            Some([b'%', h, l]) => hex(*h).zip(hex(*l)).map(|(h, l)| h << 4 | l),
            _ => None,
        };
        match decoded {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(value[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
