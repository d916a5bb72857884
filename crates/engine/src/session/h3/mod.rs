//! HTTP/3 (RFC 9114) over one QUIC connection (quinn-proto, which does no
//! I/O either: the link (`crate::link`) hands it datagrams and the time).
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

pub mod code;
mod events;
mod frame;
mod lost;
pub mod qpack;
mod request;
mod streams;

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use quinn_proto::{
    Connection, ConnectionError, Dir, Event, ReadError, StreamEvent, StreamId, VarInt,
};

use super::counts::ProtocolCounts;
use super::protocol_session::ProtocolSession;
use super::{Completed, Depth, Inflight, Next, RequestForm, SessionError, Sink, StreamFailure};
use crate::recorder::ErrorKind;
use crate::wire::WireRequest;
pub use code::code_name;
pub use events::H3Events;
use frame::{put_varint, FrameReader};
pub use lost::{is_clean_close, lost, Lost};
pub use request::H3Request;
use streams::{feed_request, feed_uni, Stream, Uni, UNI_CONTROL};

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

    /// Sends a request given as fields and a body (a mix's template with
    /// placeholders), framed in `frames`, a buffer the caller keeps.
    pub fn submit_fields<'a>(
        &mut self,
        fields: impl Iterator<Item = (&'a [u8], &'a [u8])>,
        body: &[u8],
        inflight: Inflight,
        frames: &mut Vec<u8>,
    ) {
        // The block goes after room for its frame header (at most 1 + 8 bytes).
        const ROOM: usize = 9;
        frames.clear();
        frames.resize(ROOM, 0);
        qpack::encode_into(fields, frames);
        let (kind, kind_len) = varint(frame::HEADERS);
        let (len, len_len) = varint((frames.len() - ROOM) as u64);
        let at = ROOM - kind_len - len_len;
        frames[at..at + kind_len].copy_from_slice(&kind[..kind_len]);
        frames[at + kind_len..ROOM].copy_from_slice(&len[..len_len]);
        if !body.is_empty() {
            put_varint(frames, frame::DATA);
            put_varint(frames, body.len() as u64);
            frames.extend_from_slice(body);
        }
        let frames = &frames[at..];
        match self.quic.streams().open(Dir::Bi) {
            Some(id) => self.start(id, frames, inflight),
            None => {
                self.blocked = true;
                self.waiting.push_back((inflight, frames.into()));
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
        // H3_EXCESSIVE_LOAD: the server sent more than barrage keeps (a
        // field section over 64 KiB, a control stream that moves nothing on).
        let kind = if c == code::EXCESSIVE_LOAD {
            ErrorKind::Flood
        } else {
            ErrorKind::Protocol
        };
        Lost {
            kind,
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

/// HTTP/3 behind the session interface: requests as frames on QUIC
/// streams. Its bytes come as datagrams to the QUIC connection it owns,
/// not through `on_read`: the link polls it ([`H3Session::poll`]).
impl ProtocolSession for H3Session {
    #[inline]
    fn in_flight(&self) -> usize {
        H3Session::in_flight(self)
    }

    fn oldest(&self) -> Option<&Inflight> {
        H3Session::oldest(self)
    }

    #[inline]
    fn room(&self, depth: Depth) -> usize {
        H3Session::room(self, depth.streams)
    }

    #[inline]
    fn submit(&mut self, request: &WireRequest, inflight: Inflight, _out: &mut Vec<u8>) {
        H3Session::submit(self, &request.h3, inflight)
    }

    fn on_read(
        &mut self,
        _data: &[u8],
        _now: Instant,
        _sink: &mut impl Sink,
        _out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        Ok(Next::Continue)
    }

    fn on_eof(&mut self, _sink: &mut impl Sink) -> Result<(), SessionError> {
        Ok(())
    }

    fn request_form(&self) -> RequestForm {
        RequestForm::Fields
    }

    fn count_connection(&self, counts: &mut ProtocolCounts) {
        counts.h3_connections += 1;
    }

    fn add_events(&self, counts: &mut ProtocolCounts) {
        counts.h3.add(&self.events);
    }

    fn start_early(&mut self) -> bool {
        H3Session::start_early(self)
    }

    fn submit_fields<'a>(
        &mut self,
        fields: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        body: &[u8],
        inflight: Inflight,
        _out: &mut Vec<u8>,
        frames: &mut Vec<u8>,
    ) {
        H3Session::submit_fields(self, fields.map(|(n, v, _)| (n, v)), body, inflight, frames)
    }
}

#[cfg(test)]
mod tests;

/// A QUIC varint in a stack buffer: its bytes and how many.
fn varint(v: u64) -> ([u8; 8], usize) {
    let mut b = [0u8; 8];
    let n = match v {
        0..=63 => 1,
        64..=16383 => 2,
        16384..=1_073_741_823 => 4,
        _ => 8,
    };
    let tag: u64 = match n {
        1 => 0,
        2 => 0x4000,
        4 => 0x8000_0000,
        _ => 0xc000_0000_0000_0000,
    };
    b[..n].copy_from_slice(&(tag | v).to_be_bytes()[8 - n..]);
    (b, n)
}
