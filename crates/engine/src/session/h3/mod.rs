//! HTTP/3 (RFC 9114) over one QUIC connection (quinn-proto, which does no
//! I/O either: the worker hands it datagrams and the time).
//!
//! The same shape as the other sessions: `submit` a request (one
//! bidirectional stream: HEADERS, DATA, FIN), then `poll` after datagrams
//! arrived or a timer fired, which reports finished responses to a [`Sink`].
//! barrage opens its control stream with an empty SETTINGS (no dynamic QPACK
//! table, so no encoder or decoder stream is needed), reads the server's
//! control stream for GOAWAY, and discards the server's QPACK streams (with
//! no table allowed they carry nothing a response depends on).
//!
//! Errors: what breaks HTTP/3 closes the connection with its H3 code (a
//! protocol error); a stream the server resets is a stream failure; the
//! connection's loss is mapped to the report's error kinds by [`lost`].

pub mod qpack;

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use quinn_proto::{
    Connection, ConnectionError, Dir, Event, ReadError, StreamEvent, StreamId, VarInt,
};

use super::h2::hpack::{Field, Status};
use super::{Completed, Inflight, Sink, StreamFailure};
use crate::recorder::ErrorKind;

/// HTTP/3 frame types (RFC 9114 §7.2).
mod frame {
    pub const DATA: u64 = 0x00;
    pub const HEADERS: u64 = 0x01;
    pub const CANCEL_PUSH: u64 = 0x03;
    pub const SETTINGS: u64 = 0x04;
    pub const PUSH_PROMISE: u64 = 0x05;
    pub const GOAWAY: u64 = 0x07;
    pub const MAX_PUSH_ID: u64 = 0x0d;
}

/// HTTP/3 error codes (RFC 9114 §8.1) and QPACK's (RFC 9204 §6).
pub mod code {
    pub const NO_ERROR: u64 = 0x100;
    pub const GENERAL_PROTOCOL_ERROR: u64 = 0x101;
    pub const INTERNAL_ERROR: u64 = 0x102;
    pub const STREAM_CREATION_ERROR: u64 = 0x103;
    pub const CLOSED_CRITICAL_STREAM: u64 = 0x104;
    pub const FRAME_UNEXPECTED: u64 = 0x105;
    pub const FRAME_ERROR: u64 = 0x106;
    pub const EXCESSIVE_LOAD: u64 = 0x107;
    pub const ID_ERROR: u64 = 0x108;
    pub const SETTINGS_ERROR: u64 = 0x109;
    pub const MISSING_SETTINGS: u64 = 0x10a;
    pub const REQUEST_REJECTED: u64 = 0x10b;
    pub const REQUEST_CANCELLED: u64 = 0x10c;
    pub const REQUEST_INCOMPLETE: u64 = 0x10d;
    pub const MESSAGE_ERROR: u64 = 0x10e;
    pub const CONNECT_ERROR: u64 = 0x10f;
    pub const VERSION_FALLBACK: u64 = 0x110;
    pub const QPACK_DECOMPRESSION_FAILED: u64 = 0x200;
    pub const QPACK_ENCODER_STREAM_ERROR: u64 = 0x201;
    pub const QPACK_DECODER_STREAM_ERROR: u64 = 0x202;
}

/// The name of an HTTP/3 or QPACK error code, with the code.
pub fn code_name(c: u64) -> String {
    let name = match c {
        code::NO_ERROR => "H3_NO_ERROR",
        code::GENERAL_PROTOCOL_ERROR => "H3_GENERAL_PROTOCOL_ERROR",
        code::INTERNAL_ERROR => "H3_INTERNAL_ERROR",
        code::STREAM_CREATION_ERROR => "H3_STREAM_CREATION_ERROR",
        code::CLOSED_CRITICAL_STREAM => "H3_CLOSED_CRITICAL_STREAM",
        code::FRAME_UNEXPECTED => "H3_FRAME_UNEXPECTED",
        code::FRAME_ERROR => "H3_FRAME_ERROR",
        code::EXCESSIVE_LOAD => "H3_EXCESSIVE_LOAD",
        code::ID_ERROR => "H3_ID_ERROR",
        code::SETTINGS_ERROR => "H3_SETTINGS_ERROR",
        code::MISSING_SETTINGS => "H3_MISSING_SETTINGS",
        code::REQUEST_REJECTED => "H3_REQUEST_REJECTED",
        code::REQUEST_CANCELLED => "H3_REQUEST_CANCELLED",
        code::REQUEST_INCOMPLETE => "H3_REQUEST_INCOMPLETE",
        code::MESSAGE_ERROR => "H3_MESSAGE_ERROR",
        code::CONNECT_ERROR => "H3_CONNECT_ERROR",
        code::VERSION_FALLBACK => "H3_VERSION_FALLBACK",
        code::QPACK_DECOMPRESSION_FAILED => "QPACK_DECOMPRESSION_FAILED",
        code::QPACK_ENCODER_STREAM_ERROR => "QPACK_ENCODER_STREAM_ERROR",
        code::QPACK_DECODER_STREAM_ERROR => "QPACK_DECODER_STREAM_ERROR",
        _ => return format!("{c:#x}"),
    };
    format!("{name} ({c:#x})")
}

/// Unidirectional stream types (RFC 9114 §6.2, RFC 9204 §4.2).
const UNI_CONTROL: u64 = 0x00;

/// The largest HEADERS (or control frame) payload read; bigger is an error.
const MAX_FIELD_SECTION: u64 = 64 * 1024;

/// A request's bytes on its stream: the HEADERS frame and any DATA frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct H3Request {
    pub frames: Box<[u8]>,
}

impl H3Request {
    /// Frames the fields (lower-case names, pseudo-headers first) and body.
    pub fn new(fields: &[Field], body: &[u8]) -> H3Request {
        let block = qpack::encode(fields);
        let mut out = Vec::with_capacity(block.len() + body.len() + 16);
        put_varint(&mut out, frame::HEADERS);
        put_varint(&mut out, block.len() as u64);
        out.extend_from_slice(&block);
        if !body.is_empty() {
            put_varint(&mut out, frame::DATA);
            put_varint(&mut out, body.len() as u64);
            out.extend_from_slice(body);
        }
        H3Request {
            frames: out.into_boxed_slice(),
        }
    }
}

/// HTTP/3 happenings on one connection, beyond responses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct H3Events {
    pub goaways_received: u64,
    pub streams_reset: u64,
    pub streams_refused: u64,
    /// Connections that sent requests as 0-RTT data and the server took them.
    pub zero_rtt_accepted: u64,
    /// Connections that sent requests as 0-RTT data and the server refused
    /// it: the requests went again once the handshake was done.
    pub zero_rtt_rejected: u64,
    /// Requests sent as 0-RTT data on connections where it was accepted.
    pub zero_rtt_requests: u64,
}

impl H3Events {
    pub fn add(&mut self, other: &H3Events) {
        self.goaways_received += other.goaways_received;
        self.streams_reset += other.streams_reset;
        self.streams_refused += other.streams_refused;
        self.zero_rtt_accepted += other.zero_rtt_accepted;
        self.zero_rtt_rejected += other.zero_rtt_rejected;
        self.zero_rtt_requests += other.zero_rtt_requests;
    }
}

/// What `poll` found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Polled {
    /// The QUIC handshake completed during this poll.
    pub connected: bool,
    /// Streams opened up: requests may be submitted.
    pub room_grew: bool,
    /// After a GOAWAY every stream is answered: close the connection.
    pub done: bool,
}

/// The connection ended; `kind` and `message` are what the report counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lost {
    pub kind: ErrorKind,
    pub message: String,
}

/// A request stream in flight.
#[derive(Debug)]
struct Stream {
    request: Inflight,
    /// The final status, once its HEADERS arrived.
    status: Option<u16>,
    frames: FrameReader,
    /// Request bytes the stream's flow control has not taken yet.
    unsent: Option<Box<[u8]>>,
    /// Sent as 0-RTT data: the whole request, to send again if the server
    /// refuses 0-RTT (dropped once the handshake is done).
    replay: Option<Box<[u8]>>,
}

/// A server-initiated unidirectional stream.
#[derive(Debug)]
enum Uni {
    /// The type varint has not arrived whole yet.
    Typing(Vec<u8>),
    Control(FrameReader),
    /// QPACK's streams, push streams (never asked for) and unknown types: read and dropped.
    Ignored,
}

/// One HTTP/3 connection.
pub struct H3Session {
    pub quic: Connection,
    streams: HashMap<StreamId, Stream>,
    /// Requests waiting for the server to allow another stream.
    waiting: VecDeque<(Inflight, Box<[u8]>)>,
    /// The server's stream limit was met: no room until it grows.
    blocked: bool,
    uni: HashMap<StreamId, Uni>,
    /// The first stream id the server's GOAWAY will not process.
    goaway: Option<u64>,
    /// The handshake is done.
    connected: bool,
    /// Requests go as 0-RTT data until the handshake is done.
    early: bool,
    /// The control stream is open (with its SETTINGS).
    control: bool,
    pub events: H3Events,
    scratch: Vec<u8>,
}

impl std::fmt::Debug for H3Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("H3Session")
            .field("in_flight", &self.in_flight())
            .field("connected", &self.connected)
            .field("goaway", &self.goaway)
            .finish()
    }
}

impl H3Session {
    pub fn new(quic: Connection) -> H3Session {
        H3Session {
            quic,
            streams: HashMap::new(),
            waiting: VecDeque::new(),
            blocked: false,
            uni: HashMap::new(),
            goaway: None,
            connected: false,
            early: false,
            control: false,
            events: H3Events::default(),
            scratch: Vec::new(),
        }
    }

    pub fn in_flight(&self) -> usize {
        self.streams.len() + self.waiting.len()
    }

    /// The oldest request still waiting for its response.
    pub fn oldest(&self) -> Option<&Inflight> {
        self.streams
            .values()
            .map(|s| &s.request)
            .chain(self.waiting.iter().map(|(r, _)| r))
            .min_by_key(|r| r.sent)
    }

    /// How many more requests may start now with at most `limit` in flight.
    pub fn room(&self, limit: usize) -> usize {
        if !(self.connected || self.early) || self.blocked || self.goaway.is_some() {
            return 0;
        }
        limit.saturating_sub(self.in_flight())
    }

    /// Starts sending before the handshake is done when QUIC can (a resumed
    /// session whose ticket allows early data): requests go as 0-RTT data.
    /// False when it cannot; requests then wait for the handshake.
    pub fn start_early(&mut self) -> bool {
        if self.connected || !self.quic.has_0rtt() {
            return false;
        }
        self.early = true;
        self.open_control();
        true
    }

    /// Whether requests were sent before the handshake was done.
    pub fn sent_early(&self) -> bool {
        self.early
    }

    /// Opens the control stream with SETTINGS.
    fn open_control(&mut self) {
        if self.control {
            return;
        }
        if let Some(id) = self.quic.streams().open(Dir::Uni) {
            // Stream type control, then an empty SETTINGS frame: the
            // defaults are no dynamic table and no blocked streams.
            let preface = [UNI_CONTROL as u8, frame::SETTINGS as u8, 0];
            let _ = self.quic.send_stream(id).write(&preface);
            self.control = true;
        }
    }

    /// The handshake is done. After 0-RTT: if the server took the early
    /// data, the requests stand; if it refused it, QUIC dropped every stream,
    /// so the control stream and the requests (in the order they were sent,
    /// keeping their send times) go again.
    fn on_connected(&mut self) {
        self.connected = true;
        if self.early && self.quic.accepted_0rtt() {
            self.events.zero_rtt_accepted += 1;
            for stream in self.streams.values_mut() {
                if stream.replay.take().is_some() {
                    self.events.zero_rtt_requests += 1;
                }
            }
        } else if self.early {
            self.events.zero_rtt_rejected += 1;
            self.control = false;
            let mut again: Vec<(StreamId, Stream)> = self.streams.drain().collect();
            again.sort_by_key(|(id, _)| id.index());
            for (_, stream) in again.into_iter().rev() {
                let frames = stream.replay.unwrap_or_default();
                self.waiting.push_front((stream.request, frames));
            }
            self.blocked = false;
        }
        self.open_control();
        self.start_waiting();
    }

    /// Sends a request on a new stream (or queues it until the server allows one).
    pub fn submit(&mut self, request: &H3Request, inflight: Inflight) {
        match self.quic.streams().open(Dir::Bi) {
            Some(id) => self.start(id, &request.frames, inflight),
            None => {
                self.blocked = true;
                self.waiting.push_back((inflight, request.frames.clone()));
            }
        }
    }

    fn start(&mut self, id: StreamId, frames: &[u8], request: Inflight) {
        let mut send = self.quic.send_stream(id);
        let taken = send.write(frames).unwrap_or(0);
        let unsent = if taken == frames.len() {
            let _ = send.finish();
            None
        } else {
            Some(frames[taken..].into())
        };
        let replay = (self.early && !self.connected).then(|| frames.into());
        self.streams.insert(
            id,
            Stream {
                request,
                status: None,
                frames: FrameReader::default(),
                unsent,
                replay,
            },
        );
    }

    /// Takes the connection's events: finished responses go to `sink`.
    /// `Err` when the connection is gone (or broke HTTP/3 and was closed).
    pub fn poll(&mut self, now: Instant, sink: &mut impl Sink) -> Result<Polled, Lost> {
        let mut polled = Polled::default();
        while let Some(event) = self.quic.poll() {
            match event {
                Event::Connected => {
                    self.on_connected();
                    polled.connected = true;
                    polled.room_grew = true;
                }
                Event::ConnectionLost { reason } => {
                    let quiet = matches!(reason, ConnectionError::TimedOut) && self.connected;
                    if self.in_flight() == 0 && (is_clean_close(&reason) || quiet) {
                        // Closed by the server with nothing asked, or idle too long.
                        polled.done = true;
                        return Ok(polled);
                    }
                    return Err(lost(&reason, !self.connected));
                }
                Event::Stream(StreamEvent::Readable { id }) => {
                    if let Err((c, msg)) = self.read(id, sink) {
                        return Err(self.abort(now, c, msg));
                    }
                }
                Event::Stream(StreamEvent::Opened { dir: Dir::Uni }) => {
                    while let Some(id) = self.quic.streams().accept(Dir::Uni) {
                        self.uni.insert(id, Uni::Typing(Vec::new()));
                        if let Err((c, msg)) = self.read(id, sink) {
                            return Err(self.abort(now, c, msg));
                        }
                    }
                }
                Event::Stream(StreamEvent::Opened { dir: Dir::Bi }) => {
                    // A server may not open bidirectional streams (§6.1).
                    return Err(self.abort(
                        now,
                        code::STREAM_CREATION_ERROR,
                        "the server opened a bidirectional stream".into(),
                    ));
                }
                Event::Stream(StreamEvent::Writable { id }) => self.write_rest(id),
                Event::Stream(StreamEvent::Available { dir: Dir::Bi }) => {
                    self.blocked = false;
                    self.start_waiting();
                    polled.room_grew = !self.blocked;
                }
                Event::Stream(_)
                | Event::HandshakeDataReady
                | Event::DatagramReceived
                | Event::DatagramsUnblocked => {}
            }
        }
        polled.done = self.goaway.is_some() && self.in_flight() == 0;
        Ok(polled)
    }

    fn start_waiting(&mut self) {
        while let Some((request, frames)) = self.waiting.pop_front() {
            match self.quic.streams().open(Dir::Bi) {
                Some(id) => self.start(id, &frames, request),
                None => {
                    self.waiting.push_front((request, frames));
                    self.blocked = true;
                    return;
                }
            }
        }
    }

    fn write_rest(&mut self, id: StreamId) {
        let Some(stream) = self.streams.get_mut(&id) else {
            return;
        };
        let Some(rest) = stream.unsent.take() else {
            return;
        };
        let mut send = self.quic.send_stream(id);
        let taken = send.write(&rest).unwrap_or(0);
        if taken == rest.len() {
            let _ = send.finish();
        } else {
            stream.unsent = Some(rest[taken..].into());
        }
    }

    /// Reads what a stream has; a request stream's response may complete.
    fn read(&mut self, id: StreamId, sink: &mut impl Sink) -> Result<(), (u64, String)> {
        let mut recv = self.quic.recv_stream(id);
        let Ok(mut chunks) = recv.read(true) else {
            return Ok(());
        };
        let mut result = Ok(());
        let mut end = None;
        let goaway = self.goaway;
        loop {
            match chunks.next(usize::MAX) {
                Ok(Some(chunk)) => {
                    let fed = match self.streams.get_mut(&id) {
                        Some(stream) => feed_request(stream, &chunk.bytes, &mut self.scratch),
                        None => match self.uni.get_mut(&id) {
                            Some(uni) => feed_uni(uni, &chunk.bytes, &mut self.goaway),
                            None => Ok(()),
                        },
                    };
                    if let Err(e) = fed {
                        result = Err(e);
                        break;
                    }
                }
                Ok(None) => {
                    end = Some(None);
                    break;
                }
                Err(ReadError::Blocked) => break,
                Err(ReadError::Reset(code)) => {
                    end = Some(Some(code.into_inner()));
                    break;
                }
            }
        }
        let _ = chunks.finalize();
        if self.goaway != goaway {
            self.events.goaways_received += 1;
        }
        result?;
        match end {
            None => Ok(()),
            Some(reset) => self.ended(id, reset, sink),
        }
    }

    /// A stream ended: with FIN (`None`) or reset with a code.
    fn ended(
        &mut self,
        id: StreamId,
        reset: Option<u64>,
        sink: &mut impl Sink,
    ) -> Result<(), (u64, String)> {
        if let Some(uni) = self.uni.remove(&id) {
            if matches!(uni, Uni::Control(_)) {
                return Err((
                    code::CLOSED_CRITICAL_STREAM,
                    "the server closed its control stream".into(),
                ));
            }
            return Ok(());
        }
        let Some(stream) = self.streams.remove(&id) else {
            return Ok(());
        };
        match (reset, stream.status) {
            (Some(c), _) => {
                let refused = c == code::REQUEST_REJECTED;
                if refused {
                    self.events.streams_refused += 1;
                    sink.failed(stream.request, StreamFailure::H3Refused { code: c });
                } else {
                    self.events.streams_reset += 1;
                    sink.failed(stream.request, StreamFailure::H3Reset { code: c });
                }
                Ok(())
            }
            (None, Some(status)) if stream.frames.is_clean() => {
                sink.completed(Completed {
                    status,
                    request: stream.request,
                });
                Ok(())
            }
            (None, _) => Err((
                code::REQUEST_INCOMPLETE,
                "a response stream ended before its HEADERS or inside a frame".into(),
            )),
        }
    }

    /// Closes the connection with an HTTP/3 error (the worker then counts
    /// the error once and drops the connection with its requests).
    fn abort(&mut self, now: Instant, c: u64, msg: String) -> Lost {
        let code = VarInt::from_u64(c).unwrap_or(VarInt::MAX);
        self.quic.close(now, code, msg.clone().into_bytes().into());
        Lost {
            kind: ErrorKind::Protocol,
            message: format!("HTTP/3 {}: {msg}", code_name(c)),
        }
    }

    /// What the handshake settled: TLS 1.3 always; the cipher is not told;
    /// resumed when the server accepted 0-RTT.
    pub(crate) fn tls_summary(&self) -> crate::transport::TlsSummary {
        let alpn = self
            .quic
            .crypto_session()
            .handshake_data()
            .and_then(|d| {
                d.downcast::<quinn_proto::crypto::rustls::HandshakeData>()
                    .ok()
            })
            .and_then(|d| d.protocol)
            .map(|p| String::from_utf8_lossy(&p).into_owned());
        crate::transport::TlsSummary {
            version: "TLSv1.3".into(),
            cipher: None,
            alpn,
            resumed: self.quic.accepted_0rtt(),
        }
    }

    /// Ends the connection now (a timeout or the end of the run).
    pub fn close(&mut self, now: Instant) {
        self.quic.close(
            now,
            VarInt::from_u64(code::NO_ERROR).unwrap(),
            Default::default(),
        );
    }
}

/// Feeds a response stream's bytes.
fn feed_request(
    stream: &mut Stream,
    data: &[u8],
    scratch: &mut Vec<u8>,
) -> Result<(), (u64, String)> {
    let mut result = Ok(());
    stream.frames.feed(data, &mut |kind, payload| {
        if result.is_err() {
            return;
        }
        result = match kind {
            frame::HEADERS => {
                match qpack::status(payload, scratch) {
                    Ok(Status::Code(c)) if (100..200).contains(&c) => Ok(()),
                    Ok(Status::Code(c)) if stream.status.is_none() => {
                        stream.status = Some(c);
                        Ok(())
                    }
                    // Trailers.
                    Ok(_) if stream.status.is_some() => Ok(()),
                    Ok(_) => Err((
                        code::MESSAGE_ERROR,
                        "a response without a valid :status".to_string(),
                    )),
                    Err(e) => Err((code::QPACK_DECOMPRESSION_FAILED, e.0.to_string())),
                }
            }
            frame::DATA if stream.status.is_none() => Err((
                code::FRAME_UNEXPECTED,
                "DATA before the response's HEADERS".to_string(),
            )),
            frame::DATA => Ok(()),
            frame::CANCEL_PUSH | frame::SETTINGS | frame::GOAWAY | frame::MAX_PUSH_ID => Err((
                code::FRAME_UNEXPECTED,
                format!("a control frame (type {kind:#x}) on a request stream"),
            )),
            frame::PUSH_PROMISE => Err((
                code::ID_ERROR,
                "a PUSH_PROMISE although barrage allows no push".to_string(),
            )),
            // Reserved and unknown types are ignored (§9).
            _ => Ok(()),
        };
    })?;
    result
}

/// Feeds a server unidirectional stream's bytes.
fn feed_uni(uni: &mut Uni, data: &[u8], goaway: &mut Option<u64>) -> Result<(), (u64, String)> {
    let mut data = data;
    if let Uni::Typing(head) = uni {
        head.extend_from_slice(data);
        let Some((kind, used)) = varint(head) else {
            return Ok(());
        };
        let rest = head[used..].to_vec();
        *uni = if kind == UNI_CONTROL {
            Uni::Control(FrameReader::default())
        } else {
            Uni::Ignored
        };
        if let Uni::Control(reader) = uni {
            return feed_control(reader, &rest, goaway);
        }
        data = &[];
    }
    match uni {
        Uni::Control(reader) => feed_control(reader, data, goaway),
        _ => Ok(()),
    }
}

fn feed_control(
    reader: &mut FrameReader,
    data: &[u8],
    goaway: &mut Option<u64>,
) -> Result<(), (u64, String)> {
    let mut result = Ok(());
    let first = reader.frames_seen == 0;
    let mut index = 0;
    reader.feed(data, &mut |kind, payload| {
        if result.is_err() {
            return;
        }
        let is_first = first && index == 0;
        index += 1;
        result = match kind {
            frame::SETTINGS if is_first => Ok(()),
            _ if is_first => Err((
                code::MISSING_SETTINGS,
                "the control stream did not begin with SETTINGS".to_string(),
            )),
            frame::SETTINGS => Err((
                code::FRAME_UNEXPECTED,
                "a second SETTINGS frame".to_string(),
            )),
            frame::GOAWAY => match varint(payload) {
                Some((id, _)) => {
                    if goaway.is_some_and(|old| id > old) {
                        Err((code::ID_ERROR, "a GOAWAY raised its stream id".to_string()))
                    } else {
                        *goaway = Some(id);
                        Ok(())
                    }
                }
                None => Err((
                    code::FRAME_ERROR,
                    "a GOAWAY without a stream id".to_string(),
                )),
            },
            frame::DATA | frame::HEADERS | frame::PUSH_PROMISE => Err((
                code::FRAME_UNEXPECTED,
                format!("a frame of type {kind:#x} on the control stream"),
            )),
            _ => Ok(()),
        };
    })?;
    result
}

/// Splits a stream into frames: HEADERS, SETTINGS and GOAWAY payloads are
/// collected whole; DATA and unknown payloads are skipped as they pass.
#[derive(Debug, Default)]
struct FrameReader {
    /// Bytes of a frame header, or of a payload being collected.
    pending: Vec<u8>,
    /// The current frame: its type and payload bytes still to come.
    current: Option<(u64, u64)>,
    frames_seen: u64,
}

impl FrameReader {
    /// Between frames (a stream may end here).
    fn is_clean(&self) -> bool {
        self.current.is_none() && self.pending.is_empty()
    }

    fn feed(
        &mut self,
        mut data: &[u8],
        on_frame: &mut dyn FnMut(u64, &[u8]),
    ) -> Result<(), (u64, String)> {
        loop {
            match self.current {
                Some((kind, left)) => {
                    let take = usize::try_from(left).unwrap_or(usize::MAX).min(data.len());
                    let collect = collects(kind);
                    if collect {
                        self.pending.extend_from_slice(&data[..take]);
                    }
                    data = &data[take..];
                    let left = left - take as u64;
                    if left > 0 {
                        self.current = Some((kind, left));
                        return Ok(());
                    }
                    self.current = None;
                    self.frames_seen += 1;
                    on_frame(kind, if collect { &self.pending } else { &[] });
                    self.pending.clear();
                }
                None => {
                    if data.is_empty() {
                        return Ok(());
                    }
                    // The header: two varints, at most 16 bytes.
                    let need = 16 - self.pending.len().min(16);
                    let take = need.min(data.len());
                    self.pending.extend_from_slice(&data[..take]);
                    let Some((kind, a)) = varint(&self.pending) else {
                        data = &data[take..];
                        continue;
                    };
                    let Some((len, b)) = varint(&self.pending[a..]) else {
                        data = &data[take..];
                        continue;
                    };
                    // Bytes of `data` that belonged to the header.
                    let header_from_data = (a + b) - (self.pending.len() - take);
                    data = &data[header_from_data..];
                    self.pending.clear();
                    if collects(kind) && len > MAX_FIELD_SECTION {
                        return Err((
                            code::EXCESSIVE_LOAD,
                            format!("a frame of type {kind:#x} with {len} bytes"),
                        ));
                    }
                    self.current = Some((kind, len));
                }
            }
        }
    }
}

/// Frames whose payload is read whole.
fn collects(kind: u64) -> bool {
    matches!(kind, frame::HEADERS | frame::SETTINGS | frame::GOAWAY)
}

/// A QUIC variable-length integer (RFC 9000 §16): value and bytes used.
fn varint(b: &[u8]) -> Option<(u64, usize)> {
    let first = *b.first()?;
    let len = 1usize << (first >> 6);
    let bytes = b.get(..len)?;
    let mut v = u64::from(first & 0x3f);
    for &x in &bytes[1..] {
        v = (v << 8) | u64::from(x);
    }
    Some((v, len))
}

fn put_varint(out: &mut Vec<u8>, v: u64) {
    match v {
        0..=63 => out.push(v as u8),
        64..=16383 => out.extend_from_slice(&(0x4000 | v as u16).to_be_bytes()),
        16384..=1_073_741_823 => out.extend_from_slice(&(0x8000_0000 | v as u32).to_be_bytes()),
        _ => out.extend_from_slice(&(0xc000_0000_0000_0000 | v).to_be_bytes()),
    }
}

/// The report's error kind and message for a lost connection.
pub fn lost(reason: &ConnectionError, handshake: bool) -> Lost {
    let (kind, message) = match reason {
        ConnectionError::TimedOut if handshake => (
            ErrorKind::Tls,
            "QUIC handshake: no answer before the idle timeout".to_string(),
        ),
        ConnectionError::TimedOut => (ErrorKind::Timeout, "QUIC idle timeout".to_string()),
        ConnectionError::Reset => (ErrorKind::Reset, "QUIC stateless reset".to_string()),
        ConnectionError::ApplicationClosed(close) => (
            ErrorKind::Protocol,
            format!(
                "the server closed the connection: {}{}",
                code_name(close.error_code.into_inner()),
                reason_text(&close.reason)
            ),
        ),
        ConnectionError::ConnectionClosed(close) if handshake => (
            ErrorKind::Tls,
            format!("QUIC handshake: the server closed the connection: {close}"),
        ),
        ConnectionError::ConnectionClosed(close) => (
            ErrorKind::Protocol,
            format!("the server closed the QUIC connection: {close}"),
        ),
        ConnectionError::TransportError(e) if handshake => {
            (ErrorKind::Tls, format!("QUIC handshake: {e}"))
        }
        ConnectionError::TransportError(e) => (ErrorKind::Protocol, format!("QUIC: {e}")),
        ConnectionError::VersionMismatch => (
            ErrorKind::Tls,
            "QUIC handshake: the server speaks no QUIC version barrage knows".to_string(),
        ),
        ConnectionError::LocallyClosed => (ErrorKind::Protocol, "closed by barrage".to_string()),
        ConnectionError::CidsExhausted => (
            ErrorKind::Connect,
            "QUIC: connection ids exhausted".to_string(),
        ),
    };
    Lost { kind, message }
}

fn reason_text(reason: &[u8]) -> String {
    if reason.is_empty() {
        return String::new();
    }
    format!(" ({})", String::from_utf8_lossy(reason))
}

/// Whether a lost connection is the server's clean close with nothing in flight.
pub fn is_clean_close(reason: &ConnectionError) -> bool {
    matches!(reason, ConnectionError::ApplicationClosed(c) if c.error_code.into_inner() == code::NO_ERROR)
}

#[cfg(test)]
mod tests;
