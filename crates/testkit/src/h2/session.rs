//! The HTTP/2 state of one test-server connection: consumes the client's bytes (preface, frames)
//! and queues the behaviour's frames. It does no I/O; `serve` in the parent module reads, calls
//! [`Session::on_read`] and [`Session::pump`], and writes [`Session::out`].

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::frame::{
    code, flag, kind, parse_frame, put_frame, put_header, response_block, Frame, MAX_FRAME,
    PREFACE, SETTINGS_INITIAL_WINDOW_SIZE, SETTINGS_MAX_CONCURRENT_STREAMS,
};
use super::{H2Behavior, Shared};
use crate::HELLO;

/// Initial flow-control window of the connection and of streams (RFC 9113 §6.9.2).
const DEFAULT_WINDOW: i64 = 65535;
/// Padding of [`H2Behavior::Fragmented`]'s HEADERS and DATA frames.
const FRAGMENT_PAD: usize = 4;
/// Largest body chunk of a [`H2Behavior::Fragmented`] DATA frame (so the body spans frames).
const FRAGMENT_CHUNK: usize = 5;

/// Where the connection is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Phase {
    /// Waiting for the client connection preface.
    Preface,
    /// Exchanging frames.
    Frames,
    /// Reading and ignoring everything (after [`H2Behavior::MalformedFrame`]'s bad frame).
    Mute,
    /// Write what is queued, then close.
    Close,
}

/// Where a client-opened stream is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StreamState {
    /// The request (HEADERS, CONTINUATION, DATA) has not ended yet.
    Receiving,
    /// The request has ended; its answer has not begun.
    Ready,
    /// Response HEADERS are queued; `sent` body bytes are queued so far.
    Sending { sent: usize },
    /// END_STREAM or RST_STREAM is queued; removed at the end of [`Session::pump`].
    Done,
}

/// A client-opened stream that is still open.
struct Stream {
    id: u32,
    /// Our send window on this stream (may go negative after a SETTINGS change).
    window: i64,
    state: StreamState,
}

/// The HTTP/2 state of one connection: consumes the client's bytes, queues frames in `out`.
pub(super) struct Session {
    shared: Arc<Shared>,
    behavior: H2Behavior,
    pub(super) phase: Phase,
    /// Frames queued for the next write.
    pub(super) out: Vec<u8>,
    /// Responses whose END_STREAM frame is in `out` (counted when `out` is written).
    pub(super) responses_in_out: u64,
    /// Our send window on the connection.
    conn_window: i64,
    /// The client's SETTINGS_INITIAL_WINDOW_SIZE: the send window of new streams.
    initial_window: i64,
    /// Open streams in the order they were opened (which is ascending id order).
    streams: Vec<Stream>,
    /// Highest stream id the client opened (a HEADERS at or below it opens nothing).
    last_client_stream: u32,
    /// Stream whose header block continues in CONTINUATION frames, and whether its HEADERS
    /// carried END_STREAM.
    continuation: Option<(u32, bool)>,
    /// Answers begun on this connection.
    begun: u32,
    /// Highest stream id answered in full on this connection (GOAWAY's last_stream_id).
    last_answered: u32,
    pings_sent: u64,
    /// The client sent GOAWAY: close once nothing is left to answer.
    peer_goaway: bool,
}

impl Session {
    pub(super) fn new(shared: Arc<Shared>) -> Session {
        Session {
            behavior: shared.behavior,
            shared,
            phase: Phase::Preface,
            out: Vec::new(),
            responses_in_out: 0,
            conn_window: DEFAULT_WINDOW,
            initial_window: DEFAULT_WINDOW,
            streams: Vec::new(),
            last_client_stream: 0,
            continuation: None,
            begun: 0,
            last_answered: 0,
            pings_sent: 0,
            peer_goaway: false,
        }
    }

    /// Consumes what it can of `buf` (the preface, whole frames); returns the bytes used.
    pub(super) fn on_read(&mut self, buf: &[u8]) -> usize {
        let mut used = 0;
        if self.phase == Phase::Preface {
            if buf.len() < PREFACE.len() && PREFACE.starts_with(buf) {
                return 0;
            }
            if !buf.starts_with(PREFACE) {
                self.phase = Phase::Close;
                return buf.len();
            }
            used = PREFACE.len();
            self.phase = Phase::Frames;
            if self.behavior != H2Behavior::MalformedFrame {
                let mut settings = SETTINGS_MAX_CONCURRENT_STREAMS.to_be_bytes().to_vec();
                settings.extend_from_slice(&self.behavior.max_streams().to_be_bytes());
                if self.behavior == H2Behavior::ZeroWindow {
                    settings.extend_from_slice(&SETTINGS_INITIAL_WINDOW_SIZE.to_be_bytes());
                    settings.extend_from_slice(&0u32.to_be_bytes());
                }
                put_frame(&mut self.out, kind::SETTINGS, 0, 0, &settings);
            }
        }
        while self.phase == Phase::Frames {
            let Some((frame, len)) = parse_frame(&buf[used..]) else {
                break;
            };
            used += len;
            self.on_frame(frame);
        }
        if self.phase != Phase::Frames {
            used = buf.len();
        }
        used
    }

    fn on_frame(&mut self, f: Frame<'_>) {
        match f.kind {
            kind::DATA => self.on_data(f),
            kind::HEADERS => self.on_headers(f),
            kind::CONTINUATION => self.on_continuation(f),
            kind::SETTINGS => self.on_settings(f),
            kind::WINDOW_UPDATE => self.on_window_update(f),
            kind::PING => self.on_ping(f),
            kind::RST_STREAM => self.on_rst_stream(f.stream),
            kind::GOAWAY => self.peer_goaway = true,
            _ => {} // PRIORITY, PUSH_PROMISE, unknown types: ignored
        }
    }

    fn on_headers(&mut self, f: Frame<'_>) {
        let end_stream = f.flags & flag::END_STREAM != 0;
        let end_headers = f.flags & flag::END_HEADERS != 0;
        if !end_headers {
            self.continuation = Some((f.stream, end_stream));
        }
        if f.stream % 2 == 1 && f.stream > self.last_client_stream {
            self.open_stream(f.stream);
        }
        if end_headers && end_stream {
            self.request_ended(f.stream);
        }
    }

    fn open_stream(&mut self, id: u32) {
        self.last_client_stream = id;
        self.streams.push(Stream {
            id,
            window: self.initial_window,
            state: StreamState::Receiving,
        });
        self.shared.streams.fetch_add(1, Ordering::SeqCst);
        let open = u32::try_from(self.streams.len()).unwrap_or(u32::MAX);
        self.shared.max_concurrent.fetch_max(open, Ordering::SeqCst);
    }

    fn on_continuation(&mut self, f: Frame<'_>) {
        if let Some((id, end_stream)) = self.continuation {
            if f.stream == id && f.flags & flag::END_HEADERS != 0 {
                self.continuation = None;
                if end_stream {
                    self.request_ended(id);
                }
            }
        }
    }

    /// Request bodies are dropped, but their bytes are given back to the client at once (both
    /// windows), so that uploads never stall.
    fn on_data(&mut self, f: Frame<'_>) {
        let end_stream = f.flags & flag::END_STREAM != 0;
        let len = f.payload.len() as u32;
        if len > 0 {
            self.put_window_update(0, len);
            if !end_stream && self.stream(f.stream).is_some() {
                self.put_window_update(f.stream, len);
            }
        }
        if end_stream {
            self.request_ended(f.stream);
        }
    }

    fn put_window_update(&mut self, stream: u32, increment: u32) {
        let payload = increment.to_be_bytes();
        put_frame(&mut self.out, kind::WINDOW_UPDATE, 0, stream, &payload);
    }

    fn request_ended(&mut self, id: u32) {
        if let Some(s) = self.stream(id) {
            if s.state == StreamState::Receiving {
                s.state = StreamState::Ready;
            }
        }
    }

    fn on_settings(&mut self, f: Frame<'_>) {
        if f.flags & flag::ACK != 0 {
            return;
        }
        for setting in f.payload.chunks_exact(6) {
            let id = u16::from_be_bytes([setting[0], setting[1]]);
            let value = u32::from_be_bytes([setting[2], setting[3], setting[4], setting[5]]);
            if id == SETTINGS_INITIAL_WINDOW_SIZE {
                // RFC 9113 §6.9.2: the change applies to every open stream, and may make a
                // window negative.
                let delta = i64::from(value) - self.initial_window;
                self.initial_window = i64::from(value);
                self.streams.iter_mut().for_each(|s| s.window += delta);
            }
        }
        if self.behavior == H2Behavior::MalformedFrame {
            put_frame(&mut self.out, kind::SETTINGS, 0, 0, &[0; 5]);
            self.phase = Phase::Mute;
        } else {
            put_frame(&mut self.out, kind::SETTINGS, flag::ACK, 0, &[]);
        }
    }

    fn on_window_update(&mut self, f: Frame<'_>) {
        self.shared.window_updates.fetch_add(1, Ordering::SeqCst);
        let Ok(bytes) = <[u8; 4]>::try_from(f.payload) else {
            return;
        };
        let increment = i64::from(u32::from_be_bytes(bytes) & 0x7fff_ffff);
        if f.stream == 0 {
            self.conn_window += increment;
        } else if let Some(s) = self.stream(f.stream) {
            s.window += increment;
        }
    }

    fn on_ping(&mut self, f: Frame<'_>) {
        if f.flags & flag::ACK != 0 {
            self.shared.pings_acked.fetch_add(1, Ordering::SeqCst);
        } else {
            put_frame(&mut self.out, kind::PING, flag::ACK, 0, f.payload);
        }
    }

    fn on_rst_stream(&mut self, id: u32) {
        self.streams.retain(|s| s.id != id);
        if self.continuation.is_some_and(|(c, _)| c == id) {
            self.continuation = None;
        }
    }

    fn stream(&mut self, id: u32) -> Option<&mut Stream> {
        self.streams.iter_mut().find(|s| s.id == id)
    }

    /// Begins the answers that may begin and queues as much body as the windows allow, in the
    /// order the requests were opened; then closes the connection if the behaviour says so.
    pub(super) fn pump(&mut self) {
        if self.phase != Phase::Frames {
            return;
        }
        for i in 0..self.streams.len() {
            if self.streams[i].state == StreamState::Ready && self.may_begin() {
                self.begin_answer(i);
            }
            if let StreamState::Sending { sent } = self.streams[i].state {
                self.send_body(i, sent);
            }
        }
        self.streams.retain(|s| s.state != StreamState::Done);
        if let H2Behavior::GoawayAfter { after, .. } = self.behavior {
            if self.begun >= after && !self.busy() {
                let mut payload = self.last_answered.to_be_bytes().to_vec();
                payload.extend_from_slice(&code::NO_ERROR.to_be_bytes());
                put_frame(&mut self.out, kind::GOAWAY, 0, 0, &payload);
                self.phase = Phase::Close;
            }
        }
        if self.peer_goaway && !self.busy() {
            self.phase = Phase::Close;
        }
    }

    fn may_begin(&self) -> bool {
        match self.behavior {
            H2Behavior::GoawayAfter { after, .. } => self.begun < after,
            _ => true,
        }
    }

    /// Whether an answer is under way or may still begin.
    fn busy(&self) -> bool {
        self.streams.iter().any(|s| match s.state {
            StreamState::Sending { .. } => true,
            StreamState::Ready => self.may_begin(),
            StreamState::Receiving | StreamState::Done => false,
        })
    }

    /// Queues the behaviour's answer to the request on `self.streams[i]`: a reset, a bad header
    /// block, or response HEADERS (the body follows in [`Session::send_body`]).
    fn begin_answer(&mut self, i: usize) {
        self.begun += 1;
        let id = self.streams[i].id;
        let seq = self.shared.answers_begun.fetch_add(1, Ordering::SeqCst) + 1;
        match self.behavior {
            H2Behavior::ResetEvery { every }
                if every > 0 && seq.is_multiple_of(u64::from(every)) =>
            {
                let nth_reset = seq / u64::from(every);
                let code = if nth_reset % 2 == 1 {
                    code::REFUSED_STREAM
                } else {
                    code::INTERNAL_ERROR
                };
                put_frame(&mut self.out, kind::RST_STREAM, 0, id, &code.to_be_bytes());
                self.streams[i].state = StreamState::Done;
                return;
            }
            H2Behavior::BadHpack if self.begun == 1 => {
                let flags = flag::END_HEADERS | flag::END_STREAM;
                put_frame(&mut self.out, kind::HEADERS, flags, id, &[0x88, 0x80]);
                return self.answered(i);
            }
            H2Behavior::Pings => {
                self.pings_sent += 1;
                let opaque = self.pings_sent.to_be_bytes();
                put_frame(&mut self.out, kind::PING, 0, 0, &opaque);
            }
            _ => {}
        }
        let body_len = self.behavior.body_len();
        let end_stream = if body_len == 0 { flag::END_STREAM } else { 0 };
        let block = response_block(body_len);
        if self.behavior == H2Behavior::Fragmented {
            self.put_fragmented_headers(id, &block, end_stream);
        } else {
            let flags = flag::END_HEADERS | end_stream;
            put_frame(&mut self.out, kind::HEADERS, flags, id, &block);
        }
        if body_len == 0 {
            self.answered(i);
        } else {
            self.streams[i].state = StreamState::Sending { sent: 0 };
        }
    }

    /// HEADERS (PADDED, PRIORITY: no dependency, weight 16) with the first byte of `block`, then
    /// two CONTINUATION frames with the rest.
    fn put_fragmented_headers(&mut self, id: u32, block: &[u8], end_stream: u8) {
        let mut payload = vec![FRAGMENT_PAD as u8, 0, 0, 0, 0, 15, block[0]];
        payload.extend_from_slice(&[0; FRAGMENT_PAD]);
        let flags = flag::PADDED | flag::PRIORITY | end_stream;
        put_frame(&mut self.out, kind::HEADERS, flags, id, &payload);
        put_frame(&mut self.out, kind::CONTINUATION, 0, id, &block[1..3]);
        let last = flag::END_HEADERS;
        put_frame(&mut self.out, kind::CONTINUATION, last, id, &block[3..]);
    }

    /// Queues DATA frames for `self.streams[i]`, whose first `sent` body bytes are queued, as far
    /// as the connection and stream windows allow. The whole DATA payload (padding included)
    /// counts against the windows.
    fn send_body(&mut self, i: usize, mut sent: usize) {
        let body_len = self.behavior.body_len();
        let fragmented = self.behavior == H2Behavior::Fragmented;
        let max_chunk = if fragmented {
            FRAGMENT_CHUNK
        } else {
            MAX_FRAME
        };
        while sent < body_len {
            let window = self.conn_window.min(self.streams[i].window);
            let Ok(window @ 1..) = usize::try_from(window) else {
                break;
            };
            let pad = (fragmented && window > FRAGMENT_PAD + 1).then_some(FRAGMENT_PAD);
            let overhead = pad.map_or(0, |p| p + 1);
            let n = (body_len - sent).min(max_chunk).min(window - overhead);
            sent += n;
            let end = if sent == body_len {
                flag::END_STREAM
            } else {
                0
            };
            let flags = end | pad.map_or(0, |_| flag::PADDED);
            let id = self.streams[i].id;
            put_header(&mut self.out, n + overhead, kind::DATA, flags, id);
            if let Some(p) = pad {
                self.out.push(p as u8);
            }
            self.put_body(sent - n, n);
            self.out.resize(self.out.len() + pad.unwrap_or(0), 0);
            let cost = (n + overhead) as i64;
            self.conn_window -= cost;
            self.streams[i].window -= cost;
        }
        if sent == body_len {
            self.answered(i);
        } else {
            self.streams[i].state = StreamState::Sending { sent };
        }
    }

    /// Appends body bytes `from..from + n`.
    fn put_body(&mut self, from: usize, n: usize) {
        match self.behavior {
            H2Behavior::Good { .. } => self.out.resize(self.out.len() + n, b'x'),
            _ => self.out.extend_from_slice(&HELLO[from..from + n]),
        }
    }

    /// The END_STREAM of `self.streams[i]` is queued.
    fn answered(&mut self, i: usize) {
        self.streams[i].state = StreamState::Done;
        self.responses_in_out += 1;
        self.last_answered = self.last_answered.max(self.streams[i].id);
    }
}
