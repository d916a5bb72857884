//! The WebSocket client session (RFC 6455) on a byte stream (TCP, or TLS
//! with ALPN `http/1.1`): the HTTP/1.1 upgrade (`upgrade`), then messages
//! as masked frames, the server's read by `frame`'s reader.
//!
//! One connection goes through [`Phase`]s: `Upgrading` (the request is
//! written on connect; nothing may be sent until the `101`, and
//! [`WsSession::waiting_for`] names it so the worker's sweep times it out),
//! `Open`, then `Closing` once the end of the run sent a Close (1000) and
//! awaits the server's, or `Done`. Echo: each message submitted is one
//! frame, and the next data message read completes the oldest in flight
//! (FIFO; their lengths compared, their content not). Subscribe: nothing is
//! submitted; each message read completes as a push, timed from the one
//! before it on the connection (the first from the upgrade's end). Pings
//! (`ping_interval`) run on the session's own timer ([`WsSession::deadline`]);
//! a pong missing after the timeout is a timeout error. Completions carry
//! [`NO_STATUS`]: messages are not HTTP responses.
//!
//! Like every session it does no I/O and reads no clock: instants come
//! from the caller.

pub mod frame;
pub mod upgrade;

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use barrage_model::load::WsReport;

use super::counts::ProtocolCounts;
use super::protocol_session::ProtocolSession;
use super::{Completed, Depth, Inflight, Next, RequestForm, SessionError, Sink, NO_STATUS};
use crate::recorder::ErrorKind;
use crate::wire::WireRequest;
use frame::{Event, FrameReader, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG, OP_TEXT};
pub use frame::{MAX_FRAGMENTS, MAX_IDLE_FRAMES, MAX_MESSAGE};
use upgrade::Refusal;

/// Pongs the session queues at most while the transport holds unwritten
/// bytes: a server that pings and never reads gets a Close (1008) instead
/// of an ever-growing queue.
pub const MAX_OWED_PONGS: u32 = 1_000;

/// What every WebSocket session of a run is made with.
#[derive(Debug)]
pub struct WsConfig {
    /// The upgrade request without its key line and final blank line.
    pub upgrade_head: Vec<u8>,
    /// Each message's payload.
    pub payload: Box<[u8]>,
    /// Binary frames (else text).
    pub binary: bool,
    /// The server pushes; the client sends no messages.
    pub subscribe: bool,
    /// A ping every this long on each connection.
    pub ping_interval: Option<Duration>,
    /// A ping unanswered this long is a timeout.
    pub timeout: Duration,
}

impl WsConfig {
    /// A WebSocket run's upgrade request and messages.
    pub(crate) fn of(spec: &crate::spec::LoadSpec) -> WsConfig {
        let ws = &spec.ws;
        WsConfig {
            upgrade_head: upgrade::request_head(&spec.requests[0], &spec.target.authority),
            payload: ws.message.clone().into_boxed_slice(),
            binary: ws.binary,
            subscribe: ws.mode == barrage_model::load::WsMode::Subscribe,
            ping_interval: ws.ping_interval,
            timeout: spec.timeout,
        }
    }
}

/// Where a connection is in its life.
#[derive(Debug)]
enum Phase {
    /// The Upgrade request is sent; `head` holds the answer's bytes read so
    /// far, `accept` the `Sec-WebSocket-Accept` it must carry.
    Upgrading {
        head: Vec<u8>,
        accept: [u8; 28],
    },
    Open,
    /// The run ends with messages in flight: nothing more is sent, and the
    /// Close goes once the last one is answered (a Close before them would
    /// end the conversation with answers still on the way).
    Leaving,
    /// The client sent its Close and awaits the server's.
    Closing,
    /// A Close was read (or the session failed): nothing more is read or sent.
    Done,
}

/// One WebSocket connection: the server's frames, and the rest of its state.
#[derive(Debug)]
pub struct WsSession {
    reader: FrameReader,
    conn: Conn,
}

/// A connection's state but its frame reader (which calls into it).
#[derive(Debug)]
struct Conn {
    config: Arc<WsConfig>,
    phase: Phase,
    inflight: VecDeque<Inflight>,
    rng: fastrand::Rng,
    /// When the upgrade was sent.
    upgrade_sent: Option<Instant>,
    /// Subscribe: when the last message (or the upgrade's answer) was read.
    last: Option<Instant>,
    next_ping: Option<Instant>,
    /// A ping sent and not answered yet: when.
    ping_out: Option<Instant>,
    /// Pongs queued since the transport last wrote everything it held.
    pongs_owed: u32,
    counts: WsReport,
    /// The server's Close: its code (`None`: no code).
    close_code: Option<Option<u16>>,
}

impl WsSession {
    pub fn new(config: Arc<WsConfig>) -> WsSession {
        let conn = Conn {
            config,
            phase: Phase::Done,
            inflight: VecDeque::with_capacity(1),
            rng: fastrand::Rng::new(),
            upgrade_sent: None,
            last: None,
            next_ping: None,
            ping_out: None,
            pongs_owed: 0,
            counts: WsReport::default(),
            close_code: None,
        };
        WsSession {
            reader: FrameReader::new(),
            conn,
        }
    }

    /// Sends one message: a masked frame, a fresh mask each.
    #[inline]
    pub fn submit(&mut self, request: Inflight, out: &mut Vec<u8>) {
        self.conn.submit(request, out)
    }

    /// Adds this connection's counts (once, when it ends).
    pub fn add_events(&self, into: &mut WsReport) {
        self.conn.add_events(into)
    }

    /// The peer closed the byte stream.
    pub fn on_eof(&mut self) -> Result<(), SessionError> {
        self.conn.on_eof(self.reader.at_boundary())
    }

    fn read_frames(
        &mut self,
        data: &[u8],
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        if data.is_empty() {
            return Ok(Next::Continue);
        }
        let conn = &mut self.conn;
        let mut failure = None;
        let mut next = Next::Continue;
        let read = self.reader.feed(data, &mut |event| {
            if failure.is_none() {
                match conn.on_event(event, now, sink, out) {
                    Ok(n) => next = n,
                    Err(e) => failure = Some(e),
                }
            }
        });
        if let Err(e) = read {
            self.conn.phase = Phase::Done;
            if self.reader.flooded() {
                return Err(self.conn.flooded(e.0, out));
            }
            return Err(SessionError {
                kind: ErrorKind::Protocol,
                message: e.0,
            });
        }
        match failure {
            Some(e) => Err(e),
            None => Ok(next),
        }
    }
}

impl Conn {
    /// The connection is open: writes the Upgrade request.
    fn on_connect(&mut self, now: Instant, out: &mut Vec<u8>) {
        let key = self.rng.u128(..).to_ne_bytes();
        let accept = upgrade::finish_request(&self.config.upgrade_head, key, out);
        self.phase = Phase::Upgrading {
            head: Vec::new(),
            accept,
        };
        self.upgrade_sent = Some(now);
    }

    /// Messages that may be sent now: none before the upgrade, after the
    /// Close, or when subscribed.
    #[inline]
    fn room(&self, depth: Depth) -> usize {
        match self.phase {
            Phase::Open if !self.config.subscribe => {
                depth.pipeline.saturating_sub(self.inflight.len())
            }
            _ => 0,
        }
    }

    /// Sends one message: a masked frame, a fresh mask each.
    #[inline]
    fn submit(&mut self, request: Inflight, out: &mut Vec<u8>) {
        let opcode = if self.config.binary {
            OP_BINARY
        } else {
            OP_TEXT
        };
        let mask = self.rng.u32(..).to_ne_bytes();
        frame::write_frame(out, opcode, &self.config.payload, mask);
        self.inflight.push_back(request);
        self.counts.messages_sent += 1;
        self.counts.payload_bytes_sent += self.config.payload.len() as u64;
    }

    /// The run ends: sends Close (1000) if the connection is open with
    /// nothing in flight (true: written to `out`), or leaves it to the last
    /// answer (`Leaving`); either way the server's Close is then awaited.
    fn goodbye(&mut self, out: &mut Vec<u8>) -> bool {
        if !matches!(self.phase, Phase::Open) {
            return false;
        }
        if !self.inflight.is_empty() {
            self.phase = Phase::Leaving;
            return false;
        }
        self.send_close(Some(1000), out);
        self.phase = Phase::Closing;
        true
    }

    /// A flood (`what`): the connection ends with a Close of 1008 (policy
    /// violation), sent if the socket takes it, and a `flood` error.
    fn flooded(&mut self, what: String, out: &mut Vec<u8>) -> SessionError {
        self.send_close(Some(1008), out);
        SessionError {
            kind: ErrorKind::Flood,
            message: format!("WebSocket flood: {what}"),
        }
    }

    fn send_close(&mut self, code: Option<u16>, out: &mut Vec<u8>) {
        let payload = code.map(u16::to_be_bytes);
        let mask = self.rng.u32(..).to_ne_bytes();
        frame::write_frame(out, OP_CLOSE, payload.as_ref().map_or(&[], |p| p), mask);
        self.counts.closes_sent += 1;
    }

    /// The session's timer: the next ping, or a pong's deadline.
    fn deadline(&self) -> Option<Instant> {
        let pong = self.ping_out.map(|at| at + self.config.timeout);
        let ping = self.next_ping.filter(|_| matches!(self.phase, Phase::Open));
        match (ping, pong) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The timer is due: a ping goes out, or a missing pong fails the connection.
    fn on_timer(&mut self, now: Instant, out: &mut Vec<u8>) -> Result<(), SessionError> {
        if let Some(at) = self.ping_out {
            if now >= at + self.config.timeout {
                return Err(SessionError {
                    kind: ErrorKind::Timeout,
                    message: format!("no pong within {:?} of a ping", self.config.timeout),
                });
            }
        }
        let (Some(due), Some(every), Phase::Open) =
            (self.next_ping, self.config.ping_interval, &self.phase)
        else {
            return Ok(());
        };
        if now >= due {
            let mask = self.rng.u32(..).to_ne_bytes();
            frame::write_frame(out, OP_PING, b"barrage", mask);
            self.counts.pings_sent += 1;
            self.ping_out.get_or_insert(now);
            self.next_ping = Some(now + every);
        }
        Ok(())
    }

    /// Adds this connection's counts (once, when it ends).
    fn add_events(&self, into: &mut WsReport) {
        into.add(&self.counts);
        if let Some(code) = self.close_code {
            let name = code.map_or_else(|| "none".to_string(), |c| c.to_string());
            *into.close_codes.entry(name).or_default() += 1;
        }
    }

    fn upgraded(&mut self, now: Instant, sink: &mut impl Sink) {
        self.phase = Phase::Open;
        self.counts.upgraded += 1;
        if let Some(sent) = self.upgrade_sent {
            sink.set_up(sent);
        }
        self.last = Some(now);
        self.next_ping = self.config.ping_interval.map(|every| now + every);
    }

    fn on_event(
        &mut self,
        event: Event<'_>,
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        match event {
            Event::Message { len, .. } => return self.on_message(len, now, sink, out),
            Event::Ping(payload) => {
                self.counts.pings_received += 1;
                if !matches!(self.phase, Phase::Done) {
                    self.pongs_owed += 1;
                    if self.pongs_owed > MAX_OWED_PONGS {
                        self.phase = Phase::Done;
                        let what = format!(
                            "more than {MAX_OWED_PONGS} pings to answer while the server reads none of the pongs"
                        );
                        return Err(self.flooded(what, out));
                    }
                    let mask = self.rng.u32(..).to_ne_bytes();
                    frame::write_frame(out, OP_PONG, payload, mask);
                    self.counts.pongs_sent += 1;
                }
            }
            Event::Pong(_) => {
                self.counts.pongs_received += 1;
                self.ping_out = None;
            }
            Event::Close { code, reason } => return self.on_close(code, reason, out),
        }
        Ok(Next::Continue)
    }

    #[inline]
    fn on_message(
        &mut self,
        len: u64,
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        self.counts.messages_received += 1;
        self.counts.payload_bytes_received += len;
        if self.config.subscribe {
            let since = self.last.replace(now).unwrap_or(now);
            let request = Inflight {
                intended: since,
                sent: since,
                head: false,
                measured: true,
                template: 0,
            };
            sink.pushed(Completed {
                status: NO_STATUS,
                request,
            });
            return Ok(Next::Continue);
        }
        // A message with nothing in flight (a server that also pushes) is counted only.
        if let Some(request) = self.inflight.pop_front() {
            let sent = self.config.payload.len() as u64;
            if len != sent {
                self.phase = Phase::Done;
                return Err(SessionError {
                    kind: ErrorKind::Protocol,
                    message: format!("an echo of {len} bytes to a message of {sent} bytes"),
                });
            }
            sink.completed(Completed {
                status: NO_STATUS,
                request,
            });
            if matches!(self.phase, Phase::Leaving) && self.inflight.is_empty() {
                self.send_close(Some(1000), out);
                self.phase = Phase::Closing;
            }
        }
        Ok(Next::Continue)
    }

    /// The server's Close: the end of the close handshake the client began,
    /// or (answered with a Close) a close before the end of the run.
    fn on_close(
        &mut self,
        code: Option<u16>,
        reason: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        self.close_code = Some(code);
        if matches!(self.phase, Phase::Closing) {
            self.phase = Phase::Done;
            return Ok(Next::Close);
        }
        // The reply echoes the server's code when it is one an endpoint may send.
        let sendable = |c: &u16| matches!(c, 1000..=1003 | 1007..=1014 | 3000..=4999);
        self.send_close(code.filter(sendable), out);
        self.phase = Phase::Done;
        let code = code.map_or_else(|| "no code".to_string(), |c| c.to_string());
        let reason = String::from_utf8_lossy(reason);
        let reason = if reason.is_empty() {
            String::new()
        } else {
            format!(": {reason}")
        };
        Err(SessionError {
            kind: ErrorKind::Closed,
            message: format!(
                "the server closed the WebSocket ({code}{reason}) with {} message(s) in flight",
                self.inflight.len()
            ),
        })
    }

    /// The peer closed the byte stream; `at_boundary`: between frames.
    fn on_eof(&mut self, at_boundary: bool) -> Result<(), SessionError> {
        let message = match self.phase {
            Phase::Closing | Phase::Done => return Ok(()),
            Phase::Upgrading { .. } => "the server closed the connection before answering the WebSocket upgrade".to_string(),
            Phase::Open | Phase::Leaving if !at_boundary => {
                "the server closed the connection inside a WebSocket frame".to_string()
            }
            Phase::Open | Phase::Leaving => format!(
                "the server closed the connection without a WebSocket Close ({} message(s) in flight)",
                self.inflight.len()
            ),
        };
        self.phase = Phase::Done;
        Err(SessionError {
            kind: ErrorKind::Closed,
            message,
        })
    }
}

fn refusal(e: Refusal) -> SessionError {
    match e {
        Refusal::Protocol(e) => SessionError {
            kind: ErrorKind::Protocol,
            message: e.0,
        },
        Refusal::Refused(message) => SessionError {
            kind: ErrorKind::Upgrade,
            message,
        },
    }
}

/// WebSocket behind the session interface: the upgrade, then each request
/// is a message and the echo that answers it.
impl ProtocolSession for WsSession {
    #[inline]
    fn submit(&mut self, _request: &WireRequest, inflight: Inflight, out: &mut Vec<u8>) {
        WsSession::submit(self, inflight, out)
    }

    fn on_eof(&mut self, _sink: &mut impl Sink) -> Result<(), SessionError> {
        WsSession::on_eof(self)
    }

    fn request_form(&self) -> RequestForm {
        RequestForm::Messages
    }

    /// Counted in the `ws` section's upgrades, not as a connection of an
    /// HTTP version.
    fn count_connection(&self, _counts: &mut ProtocolCounts) {}

    fn add_events(&self, counts: &mut ProtocolCounts) {
        WsSession::add_events(self, &mut counts.ws)
    }

    fn answer(&self) -> &'static str {
        "echo"
    }

    /// The connection is open: writes the Upgrade request.
    fn on_connect(&mut self, now: Instant, out: &mut Vec<u8>) {
        self.conn.on_connect(now, out)
    }

    /// Messages sent and not yet echoed.
    fn in_flight(&self) -> usize {
        self.conn.inflight.len()
    }

    fn oldest(&self) -> Option<&Inflight> {
        self.conn.inflight.front()
    }

    /// Messages that may be sent now: none before the upgrade, after the
    /// Close, or when subscribed.
    #[inline]
    fn room(&self, depth: Depth) -> usize {
        self.conn.room(depth)
    }

    fn waiting_for(&self) -> Option<&'static str> {
        match self.conn.phase {
            Phase::Upgrading { .. } => Some("answer to the WebSocket upgrade"),
            _ => None,
        }
    }

    /// The run ends: sends Close (1000) if the connection is open; true if
    /// the server's Close is now awaited.
    fn goodbye(&mut self, out: &mut Vec<u8>) -> bool {
        self.conn.goodbye(out)
    }

    /// Sent a Close and waits for the server's.
    fn awaits_goodbye(&self) -> bool {
        matches!(self.conn.phase, Phase::Leaving | Phase::Closing)
    }

    /// The session's timer: the next ping, or a pong's deadline.
    fn deadline(&self) -> Option<Instant> {
        self.conn.deadline()
    }

    /// The timer is due: a ping goes out, or a missing pong fails the connection.
    fn on_timer(&mut self, now: Instant, out: &mut Vec<u8>) -> Result<(), SessionError> {
        self.conn.on_timer(now, out)
    }

    /// The transport wrote everything it held: no pong is owed any more.
    fn written(&mut self) {
        self.conn.pongs_owed = 0;
    }

    /// Feeds bytes read: the upgrade's answer, then frames.
    fn on_read(
        &mut self,
        data: &[u8],
        now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        match &mut self.conn.phase {
            Phase::Upgrading { head, accept } => {
                let accept = *accept;
                let mut buf = std::mem::take(head);
                let whole = if buf.is_empty() {
                    data
                } else {
                    buf.extend_from_slice(data);
                    &buf[..]
                };
                match upgrade::read_answer(whole, &accept) {
                    Ok(None) => {
                        let kept = whole.to_vec();
                        self.conn.phase = Phase::Upgrading { head: kept, accept };
                        Ok(Next::Continue)
                    }
                    Ok(Some(size)) => {
                        self.conn.upgraded(now, sink);
                        let rest = whole[size..].to_vec();
                        self.read_frames(&rest, now, sink, out)
                    }
                    Err(e) => Err(refusal(e)),
                }
            }
            Phase::Open | Phase::Leaving | Phase::Closing => self.read_frames(data, now, sink, out),
            Phase::Done => Ok(Next::Close),
        }
    }
}

#[cfg(test)]
mod tests;
