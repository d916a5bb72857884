//! The HTTP/2 client session (RFC 9113): many streams on one connection,
//! flow control, SETTINGS, PING, GOAWAY and RST_STREAM, with the same shape
//! as the HTTP/1 session: `submit`, `on_read`, `on_eof`, and no I/O.
//!
//! Which implementation, by measurement (bench/results/2026-11-22-h2-crate.md,
//! bench/h2-crate-client): the `h2` crate's client (h2 0.4 on a
//! current-thread tokio runtime, one core) against h2o, h2c, 100 connections
//! x 100 streams of 6-byte responses, spent 5.39 and 4.14 µs of CPU per
//! response where h2load, alternating with it, spent 2.17 and 1.59 µs (2.5x
//! on the means), using its whole core; the bar is 0.7x h2load's. So the session here is a lean
//! frame layer (frame.rs) with an HPACK encoder and decoder of its own
//! (hpack.rs, huffman.rs: `loona-hpack` was measured too and fell short, as
//! hpack.rs says); BENCHMARKS.md has the figures.
//!
//! Streams in flight live in a ring indexed by stream id (streams.rs).

mod flood;
pub(crate) mod frame;
mod fuzz;
mod hooks;
pub(crate) mod hpack;
pub(crate) mod huffman;
mod request;
mod send;
mod session_impl;
pub(crate) mod streams;
#[cfg(test)]
pub(crate) mod test_server;

use frame::{code, flag, kind, setting, FrameHeader, HEADER_LEN};

use super::{EarlyClose, Flow, Inflight, ProtocolError, SessionError, StreamFailure};
use flood::{Effect, FloodGuard};
pub use flood::{MAX_IDLE_FRAMES, MAX_OWED_ACKS};
pub use hooks::StreamSink;
pub use request::H2Request;
use send::Blocked;
use streams::{Stream, Streams};

pub use fuzz::{fuzz_header_block, fuzz_server_bytes};

pub use frame::{code_name, DEFAULT_WINDOW, MAX_WINDOW};

/// The client's flow-control windows, as h2load's `-w`/`-W` set them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct H2Settings {
    /// SETTINGS_INITIAL_WINDOW_SIZE: how much each response may send ahead.
    pub stream_window: u32,
    /// How much all streams together may send ahead.
    pub connection_window: u32,
}

impl H2Settings {
    /// Windows of 2^bits − 1 bytes, as h2load's `-w` and `-W` (bits 0 to 30).
    pub fn from_bits(stream_bits: u8, connection_bits: u8) -> H2Settings {
        H2Settings {
            stream_window: (1u32 << stream_bits.min(31)) - 1,
            connection_window: (1u32 << connection_bits.min(31)) - 1,
        }
    }
}

/// What happened on one connection, beyond responses: counted per kind
/// (the shared model's type, as the report carries it).
pub use barrage_model::load::H2Events;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// The server's first SETTINGS has not arrived: its stream limit is
    /// unknown, so nothing is sent yet.
    AwaitSettings,
    Open,
    /// GOAWAY received (or stream ids ran out): the streams in flight finish,
    /// no new ones start, then the connection closes.
    GoingAway,
}

/// A header block spread over HEADERS and CONTINUATION frames.
#[derive(Debug)]
struct Block {
    stream: u32,
    end_stream: bool,
    bytes: Vec<u8>,
}

/// Per-connection HTTP/2 state.
pub struct H2Session {
    state: State,
    windows: H2Settings,
    /// The longest request body: a request starts only when it fits the
    /// connection window (bodies are sent whole).
    max_body: i64,
    streams: Streams,
    next_stream: u32,
    peer_max_streams: u32,
    peer_initial_window: i64,
    peer_max_frame: usize,
    /// Connection-level: what barrage may still send (request bodies).
    send_window: i64,
    /// Connection-level: what the server may still send.
    recv_window: i64,
    recv_unacked: u32,
    /// The bytes of a frame split across reads.
    partial: Vec<u8>,
    block: Option<Block>,
    decoder: hpack::Decoder,
    encoder: hpack::Encoder,
    /// DATA that did not fit the send windows, by stream, oldest first
    /// (`send_data`): written as WINDOW_UPDATEs make room.
    blocked: std::collections::VecDeque<Blocked>,
    /// Barrage sent DATA since the server's last WINDOW_UPDATE (which
    /// then answers it, rather than moving nothing on).
    sent_data: bool,
    flood: FloodGuard,
    pub events: H2Events,
}

/// Header blocks past this size are a flood (a server that never ends one
/// would otherwise grow memory without bound: the CONTINUATION flood).
const MAX_BLOCK_BYTES: usize = 256 * 1024;
/// Client stream ids are odd and below 2^31.
const LAST_STREAM_ID: u32 = (1 << 31) - 1;

impl std::fmt::Debug for H2Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("H2Session")
            .field("state", &self.state)
            .field("in_flight", &self.streams.len())
            .field("next_stream", &self.next_stream)
            .finish_non_exhaustive()
    }
}

impl H2Session {
    /// A session whose requests carry bodies of at most `max_body` bytes.
    pub fn new(windows: H2Settings, max_body: usize) -> H2Session {
        H2Session {
            state: State::AwaitSettings,
            windows,
            max_body: max_body as i64,
            streams: Streams::default(),
            next_stream: 1,
            peer_max_streams: u32::MAX,
            peer_initial_window: i64::from(DEFAULT_WINDOW),
            peer_max_frame: frame::DEFAULT_MAX_FRAME as usize,
            send_window: i64::from(DEFAULT_WINDOW),
            recv_window: i64::from(DEFAULT_WINDOW),
            recv_unacked: 0,
            partial: Vec::new(),
            block: None,
            decoder: hpack::Decoder::new(),
            encoder: hpack::Encoder::new(),
            blocked: std::collections::VecDeque::new(),
            sent_data: false,
            flood: FloodGuard::default(),
            events: H2Events::default(),
        }
    }

    /// The connection preface, barrage's SETTINGS and the connection window.
    pub fn on_connect(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(frame::PREFACE);
        let mut settings = vec![(setting::ENABLE_PUSH, 0)];
        if self.windows.stream_window != DEFAULT_WINDOW {
            settings.push((setting::INITIAL_WINDOW_SIZE, self.windows.stream_window));
        }
        frame::put_settings(out, &settings);
        // The connection window starts at 65,535 and can only grow.
        if let Some(grow) = self.windows.connection_window.checked_sub(DEFAULT_WINDOW) {
            if grow > 0 {
                frame::put_window_update(out, 0, grow);
                self.recv_window += i64::from(grow);
            }
        }
    }

    /// How many more requests may start now, with at most `limit` in flight.
    pub fn room(&self, limit: usize) -> usize {
        match self.state {
            State::Open if self.max_body > self.send_window => 0,
            State::Open => {
                let cap = limit.min(self.peer_max_streams as usize);
                let ids_left = ((LAST_STREAM_ID - self.next_stream.min(LAST_STREAM_ID)) / 2
                    + u32::from(self.next_stream <= LAST_STREAM_ID))
                    as usize;
                cap.saturating_sub(self.streams.len()).min(ids_left)
            }
            State::AwaitSettings | State::GoingAway => 0,
        }
    }

    /// The server's SETTINGS have not come yet (no request can start).
    pub fn awaiting_settings(&self) -> bool {
        self.state == State::AwaitSettings
    }

    /// Requests sent and not yet answered.
    pub fn in_flight(&self) -> usize {
        self.streams.len()
    }

    /// The oldest request still waiting for its response.
    pub fn oldest(&self) -> Option<&Inflight> {
        self.streams.oldest().map(|s| &s.request)
    }

    /// Appends a request's frames to `out` on a new stream (after [`room`](Self::room)
    /// said there is one).
    pub fn submit(&mut self, req: &H2Request, request: Inflight, out: &mut Vec<u8>) {
        let fields = req.headers.iter().map(|(n, v)| (&n[..], &v[..], true));
        self.submit_fields(fields, &req.body, request, out);
    }

    /// As [`submit`](Self::submit), for a request given as fields (each
    /// saying whether HPACK may index it) and a body.
    pub fn submit_fields<'a>(
        &mut self,
        fields: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        body: &[u8],
        request: Inflight,
        out: &mut Vec<u8>,
    ) {
        let id = self.open_stream(fields, request, body.is_empty(), out);
        let mut chunks = body.chunks(self.peer_max_frame).peekable();
        while let Some(chunk) = chunks.next() {
            let last = if chunks.peek().is_none() {
                flag::END_STREAM
            } else {
                0
            };
            frame::put_header(out, chunk.len(), kind::DATA, last, id);
            out.extend_from_slice(chunk);
        }
        if !body.is_empty() {
            self.sent_data = true;
            self.send_window -= body.len() as i64;
            if let Some(stream) = self.streams.get_mut(id) {
                stream.send_window -= body.len() as i64;
            }
        }
    }

    /// Opens a stream with a HEADERS frame of `fields` (END_STREAM if
    /// `end_stream`) after [`room`](Self::room) said there is one; returns
    /// its id. Its DATA follows with [`send_data`](Self::send_data).
    pub fn open_stream<'a>(
        &mut self,
        fields: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        request: Inflight,
        end_stream: bool,
        out: &mut Vec<u8>,
    ) -> u32 {
        let id = self.next_stream;
        self.next_stream += 2;
        let at = out.len();
        frame::put_header(out, 0, kind::HEADERS, 0, id);
        self.encoder.encode_flagged(fields, out);
        let block_len = out.len() - at - HEADER_LEN;
        let len = (block_len as u32).to_be_bytes();
        out[at..at + 3].copy_from_slice(&len[1..]);
        out[at + 4] = flag::END_HEADERS | if end_stream { flag::END_STREAM } else { 0 };
        self.streams.push(
            id,
            Stream {
                request,
                status: 0,
                recv_window: i64::from(self.windows.stream_window),
                unacked: 0,
                send_window: self.peer_initial_window,
            },
        );
        if self.next_stream > LAST_STREAM_ID {
            self.state = State::GoingAway;
        }
        id
    }

    /// The transport wrote everything it held: the acknowledgements queued
    /// so far are no longer owed ([`MAX_OWED_ACKS`]).
    pub fn written(&mut self) {
        self.flood.written();
    }

    /// Feeds bytes read from the connection. Finished requests go to `sink`;
    /// frames the protocol requires in answer (SETTINGS and PING acks,
    /// WINDOW_UPDATEs) are appended to `out`. A flood (`flood.rs`) ends
    /// the connection with GOAWAY(ENHANCE_YOUR_CALM), appended to `out`.
    pub fn on_read(
        &mut self,
        data: &[u8],
        sink: &mut impl StreamSink,
        out: &mut Vec<u8>,
    ) -> Result<Flow, SessionError> {
        let result = self.read_frames(data, sink, out);
        if let Err(e) = &result {
            if e.kind == crate::recorder::ErrorKind::Flood {
                frame::put_goaway(out, 0, code::ENHANCE_YOUR_CALM);
            }
        }
        result
    }

    fn read_frames(
        &mut self,
        mut data: &[u8],
        sink: &mut impl StreamSink,
        out: &mut Vec<u8>,
    ) -> Result<Flow, SessionError> {
        if !self.partial.is_empty() {
            let taken = self.fill_partial(data)?;
            data = &data[taken..];
            if !self.partial_complete() {
                return Ok(Flow::Continue);
            }
            let frame = std::mem::take(&mut self.partial);
            let h = FrameHeader::parse(&frame);
            self.on_frame(h, &frame[HEADER_LEN..], sink, out)?;
            self.partial = frame;
            self.partial.clear();
        }
        while data.len() >= HEADER_LEN {
            let h = FrameHeader::parse(data);
            self.check_size(&h)?;
            let end = HEADER_LEN + h.len as usize;
            if data.len() < end {
                break;
            }
            self.on_frame(h, &data[HEADER_LEN..end], sink, out)?;
            data = &data[end..];
        }
        if !data.is_empty() {
            self.fill_partial(data)?;
        }
        self.ack_connection_window(out);
        Ok(self.flow())
    }

    /// The peer closed the connection.
    pub fn on_eof(&mut self) -> Result<(), EarlyClose> {
        if self.streams.len() == 0 {
            return Ok(());
        }
        Err(EarlyClose(format!(
            "connection closed with {} HTTP/2 stream(s) unanswered",
            self.streams.len()
        )))
    }

    fn flow(&self) -> Flow {
        if self.state == State::GoingAway && self.streams.len() == 0 {
            Flow::Close
        } else {
            Flow::Continue
        }
    }

    /// Copies the start of `data` into the partial frame; returns how much it took.
    fn fill_partial(&mut self, data: &[u8]) -> Result<usize, ProtocolError> {
        let have = self.partial.len();
        let mut want = HEADER_LEN.saturating_sub(have);
        if have + data.len() >= HEADER_LEN {
            let mut head = [0u8; HEADER_LEN];
            let from_partial = have.min(HEADER_LEN);
            head[..from_partial].copy_from_slice(&self.partial[..from_partial]);
            head[from_partial..].copy_from_slice(&data[..HEADER_LEN - from_partial]);
            let h = FrameHeader::parse(&head);
            self.check_size(&h)?;
            want = HEADER_LEN + h.len as usize - have;
        }
        let take = want.min(data.len());
        self.partial.extend_from_slice(&data[..take]);
        Ok(take)
    }

    fn partial_complete(&self) -> bool {
        self.partial.len() >= HEADER_LEN
            && self.partial.len() == HEADER_LEN + FrameHeader::parse(&self.partial).len as usize
    }

    fn check_size(&self, h: &FrameHeader) -> Result<(), ProtocolError> {
        if h.len > frame::DEFAULT_MAX_FRAME {
            return Err(error(
                code::FRAME_SIZE_ERROR,
                format!(
                    "a frame of type {:#x} has {} bytes, above the 16,384 barrage allows",
                    h.kind, h.len
                ),
            ));
        }
        Ok(())
    }

    /// Handles one frame, then counts what it did ([`FloodGuard`]).
    fn on_frame(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        sink: &mut impl StreamSink,
        out: &mut Vec<u8>,
    ) -> Result<(), SessionError> {
        let effect = match h.kind {
            kind::DATA => {
                let body = frame::unpad(&h, payload).unwrap_or_default();
                progress_if(!body.is_empty() || h.has(flag::END_STREAM))
            }
            kind::HEADERS => Effect::Progress,
            kind::CONTINUATION => progress_if(!payload.is_empty() || h.has(flag::END_HEADERS)),
            kind::RST_STREAM => progress_if(self.streams.get_mut(h.stream).is_some()),
            kind::SETTINGS | kind::PING if !h.has(flag::ACK) => Effect::Owed,
            kind::WINDOW_UPDATE => progress_if(std::mem::take(&mut self.sent_data)),
            _ => Effect::Idle,
        };
        if let (kind::CONTINUATION, Some(block)) = (h.kind, &self.block) {
            if block.bytes.len() + payload.len() > MAX_BLOCK_BYTES {
                return Err(flood::flood(format!(
                    "a header block longer than {MAX_BLOCK_BYTES} bytes (the last a CONTINUATION)"
                )));
            }
        }
        self.handle_frame(h, payload, sink, out)?;
        self.flood.count(&h, effect)
    }

    fn handle_frame(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        sink: &mut impl StreamSink,
        out: &mut Vec<u8>,
    ) -> Result<(), ProtocolError> {
        if let Some(block) = &self.block {
            if h.kind != kind::CONTINUATION || h.stream != block.stream {
                return Err(error(
                    code::PROTOCOL_ERROR,
                    format!(
                        "expected CONTINUATION of stream {}, got frame type {:#x} on stream {}",
                        block.stream, h.kind, h.stream
                    ),
                ));
            }
        }
        match h.kind {
            kind::DATA => self.on_data(h, payload, sink, out),
            kind::HEADERS => self.on_headers(h, payload, sink),
            kind::CONTINUATION => self.on_continuation(h, payload, sink),
            kind::PRIORITY => expect_len(&h, payload, 5, "PRIORITY"),
            kind::RST_STREAM => self.on_rst_stream(h, payload, sink),
            kind::SETTINGS => self.on_settings(h, payload, out),
            kind::PUSH_PROMISE => Err(error(
                code::PROTOCOL_ERROR,
                "PUSH_PROMISE although barrage disabled server push".into(),
            )),
            kind::PING => self.on_ping(h, payload, out),
            kind::GOAWAY => self.on_goaway(h, payload, sink),
            kind::WINDOW_UPDATE => self.on_window_update(h, payload, out),
            _ => Ok(()), // unknown frame types are ignored (RFC 9113 §4.1)
        }
    }

    fn on_data<K: StreamSink>(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        sink: &mut K,
        out: &mut Vec<u8>,
    ) -> Result<(), ProtocolError> {
        if h.stream == 0 {
            return Err(error(code::PROTOCOL_ERROR, "DATA on stream 0".into()));
        }
        let len = i64::from(h.len);
        self.recv_window -= len;
        self.recv_unacked += h.len;
        if self.recv_window < 0 {
            return Err(error(
                code::FLOW_CONTROL_ERROR,
                "the server sent more DATA than the connection window allows".into(),
            ));
        }
        let Some(body) = frame::unpad(&h, payload) else {
            return Err(bad_padding("DATA"));
        };
        let stream_window = self.windows.stream_window;
        let Some(stream) = self.stream_mut(h.stream) else {
            return self.check_known(h.stream, "DATA");
        };
        if stream.status == 0 {
            return Err(error(
                code::PROTOCOL_ERROR,
                format!("DATA on stream {} before its response head", h.stream),
            ));
        }
        stream.recv_window -= len;
        if stream.recv_window < 0 {
            return Err(error(
                code::FLOW_CONTROL_ERROR,
                format!(
                    "the server sent more DATA on stream {} than its window allows",
                    h.stream
                ),
            ));
        }
        if K::FIELDS {
            sink.data(h.stream, body, h.has(flag::END_STREAM));
        }
        if h.has(flag::END_STREAM) {
            self.complete(h.stream, sink);
            return Ok(());
        }
        stream.unacked += h.len;
        if stream.unacked >= stream_window / 2 && stream.unacked > 0 {
            let grow = std::mem::take(&mut stream.unacked);
            stream.recv_window += i64::from(grow);
            frame::put_window_update(out, h.stream, grow);
            self.events.window_updates_sent += 1;
        }
        Ok(())
    }

    /// Gives the server back the connection window it used, once half is used.
    fn ack_connection_window(&mut self, out: &mut Vec<u8>) {
        let threshold = self.windows.connection_window.max(DEFAULT_WINDOW) / 2;
        if self.recv_unacked >= threshold && self.recv_unacked > 0 {
            let grow = std::mem::take(&mut self.recv_unacked);
            self.recv_window += i64::from(grow);
            frame::put_window_update(out, 0, grow);
            self.events.window_updates_sent += 1;
        }
    }

    fn on_headers(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        sink: &mut impl StreamSink,
    ) -> Result<(), ProtocolError> {
        if h.stream == 0 {
            return Err(error(code::PROTOCOL_ERROR, "HEADERS on stream 0".into()));
        }
        let mut fragment = frame::unpad(&h, payload).ok_or_else(|| bad_padding("HEADERS"))?;
        if h.has(flag::PRIORITY) {
            fragment = fragment.get(5..).ok_or_else(|| {
                error(
                    code::FRAME_SIZE_ERROR,
                    "HEADERS too short for its priority".into(),
                )
            })?;
        }
        let end_stream = h.has(flag::END_STREAM);
        if h.has(flag::END_HEADERS) {
            return self.on_block(h.stream, fragment, end_stream, sink);
        }
        self.block = Some(Block {
            stream: h.stream,
            end_stream,
            bytes: fragment.to_vec(),
        });
        Ok(())
    }

    fn on_continuation(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        sink: &mut impl StreamSink,
    ) -> Result<(), ProtocolError> {
        let Some(block) = self.block.as_mut() else {
            return Err(error(
                code::PROTOCOL_ERROR,
                format!("CONTINUATION on stream {} without HEADERS", h.stream),
            ));
        };
        block.bytes.extend_from_slice(payload);
        if !h.has(flag::END_HEADERS) {
            return Ok(());
        }
        let block = self.block.take().expect("checked above");
        self.on_block(block.stream, &block.bytes, block.end_stream, sink)
    }

    /// A complete header block: decoded (always, to keep the HPACK table in
    /// step), then applied to its stream.
    fn on_block<K: StreamSink>(
        &mut self,
        id: u32,
        block: &[u8],
        end_stream: bool,
        sink: &mut K,
    ) -> Result<(), ProtocolError> {
        let decoded = if K::FIELDS {
            self.decoder
                .fields(block, &mut |name, value| sink.field(id, name, value))
        } else {
            self.decoder.status(block)
        };
        let status = decoded.map_err(|e| {
            error(
                code::COMPRESSION_ERROR,
                format!("undecodable HPACK block on stream {id}: {}", e.0),
            )
        })?;
        let Some(stream) = self.stream_mut(id) else {
            return self.check_known(id, "HEADERS");
        };
        if stream.status == 0 {
            match status {
                hpack::Status::Malformed => {
                    return Err(error(
                        code::PROTOCOL_ERROR,
                        format!("a malformed :status on stream {id}"),
                    ))
                }
                hpack::Status::Absent => {
                    return Err(error(
                        code::PROTOCOL_ERROR,
                        format!("a response head without :status on stream {id}"),
                    ))
                }
                // An interim response: the final one follows.
                hpack::Status::Code(100..=199) if !end_stream => return Ok(()),
                hpack::Status::Code(code) => {
                    stream.status = code;
                    if K::FIELDS {
                        sink.block(id, code, false, end_stream);
                    }
                }
            }
        } else if !end_stream {
            return Err(error(
                code::PROTOCOL_ERROR,
                format!("trailers without END_STREAM on stream {id}"),
            ));
        } else if K::FIELDS {
            sink.block(id, stream.status, true, true);
        }
        if end_stream {
            self.complete(id, sink);
        }
        Ok(())
    }

    fn on_rst_stream(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        sink: &mut impl StreamSink,
    ) -> Result<(), ProtocolError> {
        expect_len(&h, payload, 4, "RST_STREAM")?;
        if h.stream == 0 {
            return Err(error(code::PROTOCOL_ERROR, "RST_STREAM on stream 0".into()));
        }
        let code = frame::u32_at(payload, 0);
        if let Some(stream) = self.remove(h.stream) {
            self.events.streams_reset += 1;
            self.unblock(h.stream);
            sink.failed(h.stream, stream.request, StreamFailure::Reset { code });
            return Ok(());
        }
        self.check_known(h.stream, "RST_STREAM")
    }

    fn on_ping(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), ProtocolError> {
        expect_len(&h, payload, 8, "PING")?;
        if h.stream != 0 {
            return Err(error(code::PROTOCOL_ERROR, "PING on a stream".into()));
        }
        if !h.has(flag::ACK) {
            self.events.pings_received += 1;
            frame::put_ping_ack(out, payload);
        }
        Ok(())
    }

    fn on_goaway(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        sink: &mut impl StreamSink,
    ) -> Result<(), ProtocolError> {
        if h.stream != 0 || payload.len() < 8 {
            return Err(error(
                code::PROTOCOL_ERROR,
                "GOAWAY on a stream or shorter than 8 bytes".into(),
            ));
        }
        let last = frame::u32_at(payload, 0) & MAX_WINDOW;
        let code = frame::u32_at(payload, 4);
        self.events.goaways_received += 1;
        self.state = State::GoingAway;
        // Streams above `last` were never processed: they fail as refused.
        let events = &mut self.events;
        self.streams.remove_above(last, |id, stream| {
            events.streams_refused += 1;
            sink.failed(id, stream.request, StreamFailure::Refused { code });
        });
        self.blocked.retain(|b| b.id <= last);
        Ok(())
    }

    // ---- streams ---------------------------------------------------------------

    fn stream_mut(&mut self, id: u32) -> Option<&mut Stream> {
        self.streams.get_mut(id)
    }

    fn remove(&mut self, id: u32) -> Option<Stream> {
        self.streams.remove(id)
    }

    fn complete(&mut self, id: u32, sink: &mut impl StreamSink) {
        if let Some(stream) = self.remove(id) {
            sink.ended(
                id,
                super::Completed {
                    status: stream.status,
                    request: stream.request,
                },
            );
        }
    }

    /// A frame for a stream barrage has no record of: fine if the stream
    /// existed and ended (or was refused), an error if it was never opened.
    fn check_known(&self, id: u32, what: &str) -> Result<(), ProtocolError> {
        if id % 2 == 1 && id < self.next_stream {
            return Ok(());
        }
        Err(error(
            code::PROTOCOL_ERROR,
            format!("{what} on stream {id}, which barrage never opened"),
        ))
    }
}

fn expect_len(
    h: &FrameHeader,
    payload: &[u8],
    len: usize,
    what: &str,
) -> Result<(), ProtocolError> {
    if payload.len() != len {
        return Err(error(
            code::FRAME_SIZE_ERROR,
            format!("{what} of {} bytes (must be {len})", h.len),
        ));
    }
    Ok(())
}

fn progress_if(moved: bool) -> Effect {
    if moved {
        Effect::Progress
    } else {
        Effect::Idle
    }
}

fn bad_padding(what: &str) -> ProtocolError {
    error(
        code::PROTOCOL_ERROR,
        format!("{what} padding longer than the frame"),
    )
}

fn error(code: u32, msg: String) -> ProtocolError {
    ProtocolError(format!("HTTP/2 {}: {msg}", code_name(code)))
}

#[cfg(test)]
mod tests;
