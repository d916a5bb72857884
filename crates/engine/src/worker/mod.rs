//! A worker: one thread, one epoll loop (mio, edge-triggered), its share of
//! the connections, and one [`Recorder`].
//!
//! The hot path for a keep-alive connection is two system calls per response,
//! as in the floor client: a `read` that comes back short (so the socket is
//! drained and the edge will fire again), then a `write` of the next
//! request(s). epoll interest is registered once per connection and never
//! modified.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io;
use std::net::SocketAddr;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mio::net::TcpStream;
use mio::{Events, Interest, Poll, Token};
use slab::Slab;

use crate::pacer::Pacer;
use crate::recorder::{ErrorKind, Recorder, ERROR_KINDS};
use crate::request::WireRequest;
use crate::session::h1::H1Session;
use crate::session::h2::{H2Events, H2Session, H2Settings};
use crate::session::h3::H3Events;
use crate::session::{Completed, Flow, Inflight, Session, Sink, StreamFailure};
use crate::spec::{Protocol, Reuse};
use crate::timer::Timer;
use crate::tls::ALPN_H2;
use crate::transport::{TlsSummary, Transport, TransportError};
use barrage_model::load::StopReason;

mod clock;
mod quic;
pub(crate) mod scripted;
mod send;

use scripted::{Pause, ScriptState};

const TIMER: Token = Token(usize::MAX - 1);
const READ_BUF_BYTES: usize = 64 * 1024;
const WINDOW: Duration = Duration::from_secs(1);
const MAX_BACKOFF: Duration = Duration::from_secs(1);
/// Open loop: connections being opened at once while requests wait for one.
const MAX_CONNECTING: usize = 16;

/// What every worker of a run shares.
pub(crate) struct Shared {
    pub addr: SocketAddr,
    pub requests: Vec<WireRequest>,
    pub reuse: Reuse,
    /// When load starts (warm-up included).
    pub start: Instant,
    /// When recording starts (after warm-up); windows are numbered from here.
    pub measure_start: Instant,
    /// When the measured phase ends, if it is timed.
    pub end: Option<Instant>,
    pub timeout: Duration,
    /// Set from outside (Ctrl-C): stop at once.
    pub stop: Arc<AtomicBool>,
    /// Set by a worker whose script failed: every worker stops at once.
    pub halt: AtomicBool,
    pub protocol: Protocol,
    /// HTTP/2: streams per connection, and the windows.
    pub streams: usize,
    pub windows: H2Settings,
    /// The longest request body (HTTP/2 sends a body only when it fits the server's window).
    pub max_body: usize,
    /// `https://`: the client configuration and the server name.
    pub tls: Option<TlsClient>,
    /// HTTP/3: the QUIC client configuration and the server name.
    pub quic: Option<QuicClient>,
}

pub(crate) struct QuicClient {
    pub config: quinn_proto::ClientConfig,
    pub name: String,
}

pub(crate) struct TlsClient {
    pub config: Arc<rustls::ClientConfig>,
    pub name: rustls::pki_types::ServerName<'static>,
}

/// This worker's share of the load model.
pub(crate) enum Plan {
    Closed {
        connections: usize,
        pipeline: usize,
        budget: Option<u64>,
    },
    Open {
        pacer: Pacer,
        connections: usize,
        max_connections: usize,
        idle: Vec<usize>,
    },
    Sessions {
        pacer: Pacer,
        calls: u32,
        counts: SessionCounts,
    },
}

/// httperf-style session outcomes of one worker.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SessionCounts {
    pub started: u64,
    pub completed: u64,
    pub failed: u64,
    /// Cut short by the end of a timed run (`-d`), with no error.
    pub incomplete: u64,
}

/// What a worker sends the coordinator.
pub(crate) enum Msg {
    /// A finished window: `index` counts seconds from the measured start; `None` is the warm-up.
    Window {
        worker: usize,
        index: Option<u32>,
        ends: Instant,
        rec: Box<Recorder>,
    },
    Done {
        worker: usize,
        summary: Box<WorkerSummary>,
    },
}

/// What a worker knows only at its end.
pub(crate) struct WorkerSummary {
    pub status_counts: Vec<(u16, u64)>,
    pub first_errors: [Option<String>; ERROR_KINDS],
    pub finished: Instant,
    pub reason: StopReason,
    pub unsent: u64,
    pub sessions: SessionCounts,
    pub peak_connections: usize,
    /// The first TLS handshake's outcome, and how many were full or resumed.
    pub tls: Option<TlsSummary>,
    pub handshakes_full: u64,
    pub handshakes_resumed: u64,
    /// HTTP/2 events over all connections.
    pub h2: H2Events,
    /// HTTP/3 events over all connections.
    pub h3: H3Events,
    /// Connections that spoke HTTP/2, HTTP/1 (after ALPN) and HTTP/3.
    pub h2_connections: u64,
    pub h1_connections: u64,
    pub h3_connections: u64,
    /// The script's error that stopped the run, if this worker's failed.
    pub script_error: Option<String>,
}

/// What a ready connection should send.
enum Sends {
    /// This many requests, now (closed loop, sessions).
    Now(usize),
    /// One scheduled request, meant to start at this instant (open loop).
    Scheduled(Instant),
    /// Nothing for now.
    Idle,
    /// The session made all its calls: close the connection.
    CloseSession,
}

/// A run that is ending: why, and until when requests in flight may still
/// be answered (now, for a stop from outside; a timeout away otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Finishing {
    reason: StopReason,
    deadline: Instant,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ConnState {
    Connecting {
        since: Instant,
    },
    /// TCP is up; the TLS handshake is under way.
    Handshaking {
        since: Instant,
    },
    /// Established: sends and reads. `since`: when it opened (an HTTP/2
    /// session waits from then for the server's SETTINGS).
    Open {
        since: Instant,
    },
    /// The last response ended the connection: waiting for the peer's close.
    Draining {
        since: Instant,
    },
}

/// What a connection past the timeout was waiting for.
#[derive(Clone, Copy, Debug)]
enum Overdue {
    Connect,
    /// TLS, or QUIC's handshake.
    Handshake,
    Response,
    /// Something the session needs from the server before it can send.
    Peer(&'static str),
    /// The peer's close after the last response: closed without an error.
    Drain,
}

struct Conn {
    transport: Transport,
    state: ConnState,
    session: Session,
    /// Bytes a short write left unsent.
    out: Vec<u8>,
    /// Requests sent on this connection.
    calls: u32,
    /// Open loop: listed as idle.
    idle: bool,
    /// A request on it ended without a response (an HTTP/2 stream reset or
    /// refused): its session, if it is one, failed.
    call_failed: bool,
    /// QUIC: when the connection's timer is next due (as last filed).
    quic_deadline: Option<Instant>,
    /// A script's think time before the next send.
    pause: Pause,
}

pub(crate) struct Worker {
    id: usize,
    shared: Arc<Shared>,
    plan: Plan,
    tx: Sender<Msg>,
    poll: Poll,
    conns: Slab<Conn>,
    recorder: Recorder,
    read_buf: Box<[u8]>,
    /// QUIC's receive slots (allocated with the first QUIC connection).
    quic_buf: Box<[u8]>,
    scratch: Vec<u8>,
    timer: Timer,
    next_request: usize,
    inflight: usize,
    connecting: usize,
    /// Closed loop: connections to reopen after a connect error, and when.
    reconnects: usize,
    reconnect_at: Instant,
    backoff: Duration,
    window: Option<u32>,
    window_ends: Instant,
    next_sweep: Instant,
    sweep_every: Duration,
    /// Set once the run is ending: no new work starts.
    finishing: Option<Finishing>,
    last_progress: Instant,
    errors_since_progress: u64,
    status_counts: Vec<u64>,
    first_errors: [Option<String>; ERROR_KINDS],
    peak_connections: usize,
    /// In flight per connection: the HTTP/1.1 pipeline depth, and HTTP/2 streams.
    h1_depth: usize,
    h2_streams: usize,
    tls_seen: Option<TlsSummary>,
    handshakes_full: u64,
    handshakes_resumed: u64,
    h2_events: H2Events,
    h2_connections: u64,
    h1_connections: u64,
    h3_events: H3Events,
    h3_connections: u64,
    /// QUIC connections' timers: (due, key), stale entries skipped.
    quic_timers: BinaryHeap<Reverse<(Instant, usize)>>,
    /// Scratch for `sweep`: connections past their timeout, and what is late.
    expired: Vec<(usize, Overdue)>,
    /// Where this worker's connections go (a script may choose per worker).
    addr: SocketAddr,
    /// The load script's hooks, in a scripted run.
    script: Option<Box<ScriptState>>,
    /// Connections paused by the script's `delay()`: (until, key).
    pauses: BinaryHeap<Reverse<(Instant, usize)>>,
    script_error: Option<String>,
}

impl Worker {
    pub fn new(
        id: usize,
        shared: Arc<Shared>,
        plan: Plan,
        tx: Sender<Msg>,
        script: Option<Box<ScriptState>>,
    ) -> io::Result<Worker> {
        let poll = Poll::new()?;
        let mut timer = Timer::new()?;
        poll.registry()
            .register(&mut timer, TIMER, Interest::READABLE)?;
        let start = shared.start;
        let (window, window_ends) = if shared.measure_start > start {
            (None, shared.measure_start)
        } else {
            (Some(0), start + WINDOW)
        };
        let sweep_every =
            (shared.timeout / 20).clamp(Duration::from_millis(5), Duration::from_millis(250));
        let plan_depth = match plan {
            Plan::Closed { pipeline, .. } => Some(pipeline),
            _ => None,
        };
        Ok(Worker {
            id,
            plan,
            tx,
            poll,
            conns: Slab::new(),
            recorder: Recorder::new(),
            read_buf: vec![0u8; READ_BUF_BYTES].into_boxed_slice(),
            quic_buf: Box::default(),
            scratch: Vec::with_capacity(4096),
            timer,
            next_request: id,
            inflight: 0,
            connecting: 0,
            reconnects: 0,
            reconnect_at: start,
            backoff: Duration::from_millis(10),
            window,
            window_ends,
            next_sweep: start + sweep_every,
            sweep_every,
            finishing: None,
            last_progress: start,
            errors_since_progress: 0,
            status_counts: vec![0; 1000],
            first_errors: Default::default(),
            peak_connections: 0,
            expired: Vec::new(),
            h1_depth: plan_depth.unwrap_or(1),
            h2_streams: shared.streams,
            tls_seen: None,
            handshakes_full: 0,
            handshakes_resumed: 0,
            h2_events: H2Events::default(),
            h2_connections: 0,
            h1_connections: 0,
            h3_events: H3Events::default(),
            h3_connections: 0,
            quic_timers: BinaryHeap::new(),
            addr: script
                .as_ref()
                .and_then(|s| s.hooks.addr())
                .unwrap_or(shared.addr),
            script,
            pauses: BinaryHeap::new(),
            script_error: None,
            shared,
        })
    }

    /// Runs until the plan is done, the time is up, or the stop flag is set.
    pub fn run(mut self) {
        let mut events = Events::with_capacity(1024);
        let now = Instant::now();
        let initial = match self.plan {
            Plan::Closed { connections, .. } | Plan::Open { connections, .. } => connections,
            Plan::Sessions { .. } => 0,
        };
        for _ in 0..initial {
            self.open_conn(now);
        }
        loop {
            let now = Instant::now();
            if self.tick(now) {
                break;
            }
            let wait = self.next_wake(now);
            if let Err(e) = self.poll.poll(&mut events, Some(wait)) {
                if e.kind() != io::ErrorKind::Interrupted {
                    self.stop_now(now, StopReason::Interrupted);
                }
                continue;
            }
            for event in events.iter() {
                let now = Instant::now();
                // What happens after a window's end goes in the next window (a
                // measured request must not land in the discarded warm-up).
                if now >= self.window_ends {
                    self.ship_window(now);
                }
                if event.token() == TIMER {
                    self.timer.fired();
                    continue;
                }
                self.on_event(
                    event.token().0,
                    event.is_readable(),
                    event.is_writable(),
                    event.is_error(),
                    event.is_read_closed(),
                    now,
                );
            }
        }
        self.finish();
    }

    // ---- connection lifecycle -------------------------------------------------

    fn open_conn(&mut self, now: Instant) {
        if self.shared.protocol == Protocol::H3 {
            return self.open_quic(now);
        }
        match TcpStream::connect(self.addr) {
            Ok(mut stream) => {
                let key = self.conns.vacant_key();
                if let Err(e) = self.poll.registry().register(
                    &mut stream,
                    Token(key),
                    Interest::READABLE | Interest::WRITABLE,
                ) {
                    self.connect_failed(now, format!("cannot watch a new connection: {e}"));
                    return;
                }
                let transport = match &self.shared.tls {
                    None => Transport::Plain(stream),
                    Some(tls) => match Transport::tls(stream, &tls.config, tls.name.clone()) {
                        Ok(t) => t,
                        Err(e) => {
                            let (kind, msg) = transport_error(&e, "TLS set-up");
                            self.error(kind, now, || msg);
                            return;
                        }
                    },
                };
                let session = self.new_session(self.shared.protocol == Protocol::H2);
                self.add_conn(transport, session, now);
            }
            Err(e) => {
                let msg = connect_message(&e, self.addr);
                self.connect_failed(now, msg);
            }
        }
    }

    /// Files a connection that is being set up (TCP connect, or QUIC's handshake).
    fn add_conn(&mut self, transport: Transport, session: Session, now: Instant) -> usize {
        let key = self.conns.insert(Conn {
            transport,
            state: ConnState::Connecting { since: now },
            session,
            out: Vec::new(),
            calls: 0,
            idle: false,
            call_failed: false,
            quic_deadline: None,
            pause: Pause::Ask,
        });
        self.connecting += 1;
        self.peak_connections = self.peak_connections.max(self.conns.len());
        key
    }

    /// What a session reported while reading: progress for completed
    /// responses, one stream error per request that got none.
    fn settle(&mut self, key: usize, now: Instant, tally: (bool, u64, Option<StreamFailure>)) {
        let (any, failures, first_failure) = tally;
        if any {
            self.progress(now);
        }
        if let Some(why) = first_failure {
            self.conns[key].call_failed = true;
            for _ in 0..failures {
                self.error(ErrorKind::Stream, now, || why.to_string());
            }
        }
    }

    fn new_session(&self, h2: bool) -> Session {
        if h2 {
            let s = H2Session::new(self.shared.windows, self.shared.max_body);
            return Session::H2(Box::new(s));
        }
        let requests_close = !matches!(
            self.shared.reuse,
            Reuse::KeepAlive | Reuse::Http10 { keepalive: true }
        );
        let mut session = H1Session::new(requests_close);
        if self
            .script
            .as_deref()
            .is_some_and(|s| s.hooks.wants_responses())
        {
            session.keep_responses();
        }
        Session::H1(session)
    }

    /// A connection could not be made: count it, and for a closed loop try
    /// again after a growing pause (so a refused target is not hammered).
    fn connect_failed(&mut self, now: Instant, msg: String) {
        self.error(ErrorKind::Connect, now, || msg);
        self.retry_later(now);
    }

    fn retry_later(&mut self, now: Instant) {
        if let Plan::Closed { .. } = self.plan {
            if self.reconnects == 0 {
                self.reconnect_at = now + self.backoff;
                self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
            }
            self.reconnects += 1;
        } else if let Plan::Sessions { counts, .. } = &mut self.plan {
            counts.failed += 1;
        }
    }

    /// TCP is up: record the connect time, then start TLS or the session.
    fn on_connected(&mut self, key: usize, since: Instant, now: Instant) {
        self.connecting -= 1;
        if now >= self.shared.measure_start {
            self.recorder.record_connect(now - since);
        }
        let conn = &mut self.conns[key];
        if conn.transport.is_tls() {
            conn.state = ConnState::Handshaking { since: now };
            return self.handshake(key, now);
        }
        self.on_open(key, now);
    }

    fn handshake(&mut self, key: usize, now: Instant) {
        let conn = &mut self.conns[key];
        let ConnState::Handshaking { since } = conn.state else {
            return;
        };
        match conn.transport.handshake() {
            Ok(false) => {}
            Ok(true) => {
                if now >= self.shared.measure_start {
                    // The clock, not the event's `now`: one call can take the
                    // whole handshake (the server's answer arrives while the
                    // client computes its key share and checks signatures).
                    self.recorder.record_tls_handshake(since.elapsed());
                }
                let summary = conn.transport.tls_summary();
                let h2 = conn.transport.alpn() == Some(ALPN_H2);
                if let Some(t) = summary {
                    if t.resumed {
                        self.handshakes_resumed += 1;
                    } else {
                        self.handshakes_full += 1;
                    }
                    self.tls_seen.get_or_insert(t);
                }
                // ALPN picks the session: the server may answer --h2 with http/1.1.
                if h2 != matches!(self.conns[key].session, Session::H2(_)) {
                    let session = self.new_session(h2);
                    self.conns[key].session = session;
                }
                self.on_open(key, now);
                // The handshake's last read may have brought application bytes
                // (HTTP/2 SETTINGS) that no later edge announces.
                if self.is_open(key) {
                    self.on_readable(key, now, false);
                }
            }
            Err(e) => {
                let certificate = matches!(
                    e,
                    TransportError::Tls {
                        certificate: true,
                        ..
                    }
                );
                let (kind, msg) = transport_error(&e, "TLS handshake");
                self.conns.remove(key);
                self.error(kind, now, || msg);
                if certificate {
                    // Every connection would be rejected the same way.
                    self.stop_now(now, StopReason::Unreachable);
                } else {
                    self.retry_later(now);
                }
            }
        }
    }

    /// Whether `key` holds an open connection (one that is not connecting,
    /// handshaking, draining or gone).
    fn is_open(&self, key: usize) -> bool {
        matches!(
            self.conns.get(key).map(|c| &c.state),
            Some(ConnState::Open { .. })
        )
    }

    /// The connection is ready for requests.
    fn on_open(&mut self, key: usize, now: Instant) {
        self.backoff = Duration::from_millis(10);
        self.progress(now);
        let conn = &mut self.conns[key];
        conn.state = ConnState::Open { since: now };
        let keepalive = matches!(
            self.shared.reuse,
            Reuse::KeepAlive | Reuse::Http10 { keepalive: true }
        );
        if let (true, Some(tcp)) = (keepalive, conn.transport.tcp()) {
            let _ = tcp.set_nodelay(true);
        }
        match &mut conn.session {
            Session::H2(s) => {
                self.h2_connections += 1;
                s.on_connect(&mut self.scratch);
            }
            Session::H1(_) => self.h1_connections += 1,
            Session::H3(_) => self.h3_connections += 1,
        }
        self.fill(key, now);
    }

    /// Closes a connection and, per the plan, replaces it.
    fn close_conn(&mut self, key: usize, now: Instant, failed: bool) {
        let mut conn = self.conns.remove(key);
        self.inflight -= conn.session.in_flight();
        match &conn.session {
            Session::H2(s) => self.h2_events.add(&s.events),
            Session::H3(s) => self.h3_events.add(&s.events),
            Session::H1(_) => {}
        }
        Worker::quic_goodbye(&mut conn, now);
        if let ConnState::Connecting { .. } = conn.state {
            self.connecting -= 1;
        }
        let finishing = self.finishing.is_some();
        let connecting = self.connecting as u64;
        match &mut self.plan {
            // Not when the budget left goes to the connections being opened:
            // the new one would send nothing.
            Plan::Closed { budget, .. } if !finishing && budget.is_none_or(|b| b > connecting) => {
                self.open_conn(now)
            }
            Plan::Closed { .. } | Plan::Open { .. } => {}
            Plan::Sessions { calls, counts, .. } => {
                let all_answered = conn.calls == *calls && conn.session.in_flight() == 0;
                let failed = failed || conn.call_failed;
                let cut = self
                    .finishing
                    .is_some_and(|f| f.reason != StopReason::Sessions);
                match (failed, all_answered, cut) {
                    (true, _, _) => counts.failed += 1,
                    (false, true, _) => counts.completed += 1,
                    (false, false, true) => counts.incomplete += 1,
                    // The peer closed before the last call.
                    (false, false, false) => counts.failed += 1,
                }
            }
        }
    }

    fn fail(&mut self, key: usize, kind: ErrorKind, now: Instant, msg: impl FnOnce() -> String) {
        self.error(kind, now, msg);
        self.scratch.clear();
        self.close_conn(key, now, true);
    }

    // ---- events -----------------------------------------------------------------

    fn on_event(
        &mut self,
        key: usize,
        readable: bool,
        writable: bool,
        error: bool,
        read_closed: bool,
        now: Instant,
    ) {
        let Some(conn) = self.conns.get_mut(key) else {
            return;
        };
        if conn.transport.is_quic() {
            if readable || error {
                self.on_quic_readable(key, now);
            }
            return;
        }
        match conn.state {
            ConnState::Connecting { since } => {
                if error || (!writable && readable) {
                    let e = conn
                        .transport
                        .tcp()
                        .and_then(|t| t.take_error().ok().flatten());
                    let e = e.unwrap_or_else(|| io::Error::other("connection failed"));
                    let msg = connect_message(&e, self.addr);
                    // Not close_conn: connect_failed replaces the connection after a
                    // pause and counts the failed session (close_conn would do both again).
                    self.conns.remove(key);
                    self.connecting -= 1;
                    self.connect_failed(now, msg);
                    return;
                }
                if !writable {
                    return;
                }
                self.on_connected(key, since, now);
                // A server that speaks first (HTTP/2 SETTINGS, or garbage) may have
                // written before this event was handled: its edge has fired, so the
                // bytes are read now or never.
                if readable && self.is_open(key) {
                    self.on_readable(key, now, read_closed);
                }
                return;
            }
            ConnState::Handshaking { .. } => return self.handshake(key, now),
            ConnState::Open { .. } | ConnState::Draining { .. } => {}
        }
        if writable && (!conn.out.is_empty() || conn.transport.pending()) && !self.flush(key, now) {
            return;
        }
        if readable || error {
            self.on_readable(key, now, read_closed);
        }
    }

    /// Reads until the transport is drained (plain TCP: a short read, so the
    /// edge fires again for new bytes), feeding the session; then sends what
    /// the plan wants and what the session owes the peer. When the peer has
    /// closed (`read_closed`), reads on to the end of file: no edge fires
    /// again for a close that came with the last bytes.
    fn on_readable(&mut self, key: usize, now: Instant, read_closed: bool) {
        let measure_start = self.shared.measure_start;
        loop {
            let conn = &mut self.conns[key];
            let n = match conn.transport.read(&mut self.read_buf) {
                Ok(0) => return self.on_eof(key, now),
                Ok(n) => n,
                Err(TransportError::Io(e)) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => {
                    let (kind, msg) = transport_error(&e, "read");
                    return self.fail(key, kind, now, || msg);
                }
            };
            self.recorder.counters.bytes_read += n as u64;
            let draining = matches!(conn.state, ConnState::Draining { .. });
            if !draining {
                let mut tally = Tally::new(
                    &mut self.recorder,
                    &mut self.status_counts,
                    &mut self.inflight,
                    now,
                    measure_start,
                );
                tally.script = self.script.as_deref_mut().map(|s| s.hooks.as_mut());
                let flow = conn
                    .session
                    .on_read(&self.read_buf[..n], &mut tally, &mut self.scratch);
                let outcome = tally.outcome();
                let script_error = tally.script_error.take();
                self.settle(key, now, outcome);
                if let Some(e) = script_error {
                    self.script_failed(now, e);
                }
                let conn = &mut self.conns[key];
                match flow {
                    Ok(Flow::Continue) => {}
                    // HTTP/2 after GOAWAY, all streams answered: close now.
                    Ok(Flow::Close) if matches!(conn.session, Session::H2(_)) => {
                        self.scratch.clear();
                        return self.close_conn(key, now, false);
                    }
                    Ok(Flow::Close) => conn.state = ConnState::Draining { since: now },
                    Err(e) => return self.fail(key, ErrorKind::Protocol, now, || e.0),
                }
            }
            // A short plain read means drained; but a connection that must close is
            // read once more at once, as the peer's close usually follows its last bytes.
            let conn = &self.conns[key];
            let draining = matches!(conn.state, ConnState::Draining { .. });
            let plain = !conn.transport.is_tls();
            if plain && n < self.read_buf.len() && !draining && !read_closed {
                break;
            }
        }
        if matches!(self.conns[key].state, ConnState::Open { .. }) {
            self.fill(key, now);
        } else {
            self.flush_scratch(key, now);
        }
    }

    fn on_eof(&mut self, key: usize, now: Instant) {
        let measure_start = self.shared.measure_start;
        let conn = &mut self.conns[key];
        let mut tally = Tally::new(
            &mut self.recorder,
            &mut self.status_counts,
            &mut self.inflight,
            now,
            measure_start,
        );
        tally.script = self.script.as_deref_mut().map(|s| s.hooks.as_mut());
        let result = conn.session.on_eof(&mut tally);
        if let Some(e) = tally.script_error.take() {
            self.script_failed(now, e);
        }
        self.scratch.clear();
        match result {
            Ok(()) => self.close_conn(key, now, false),
            Err(e) => self.fail(key, ErrorKind::Read, now, || e.0),
        }
    }
}

/// Records the responses a session completes during one read.
struct Tally<'a> {
    recorder: &'a mut Recorder,
    status_counts: &'a mut [u64],
    inflight: &'a mut usize,
    now: Instant,
    measure_start: Instant,
    /// At least one response completed.
    any: bool,
    /// Requests that ended without a response (HTTP/2 resets and refusals).
    failures: u64,
    first_failure: Option<StreamFailure>,
    /// A script that wants responses, and the first error of its `response()`.
    script: Option<&'a mut (dyn crate::script::WorkerScript + 'static)>,
    script_error: Option<String>,
}

impl<'a> Tally<'a> {
    fn new(
        recorder: &'a mut Recorder,
        status_counts: &'a mut [u64],
        inflight: &'a mut usize,
        now: Instant,
        measure_start: Instant,
    ) -> Tally<'a> {
        Tally {
            recorder,
            status_counts,
            inflight,
            now,
            measure_start,
            any: false,
            failures: 0,
            first_failure: None,
            script: None,
            script_error: None,
        }
    }
}

impl Tally<'_> {
    /// Whether a response completed, requests that got none, and why the first did not.
    fn outcome(&self) -> (bool, u64, Option<StreamFailure>) {
        (self.any, self.failures, self.first_failure)
    }
}

impl Sink for Tally<'_> {
    /// A response ended now. It is recorded if its request was sent in the
    /// measured phase; its latency runs from the request's intended start.
    #[inline]
    fn completed(&mut self, c: Completed) {
        *self.inflight -= 1;
        self.any = true;
        if c.request.measured && self.now >= self.measure_start {
            let latency = self.now.saturating_duration_since(c.request.intended);
            self.recorder.record_latency(latency, c.status);
            self.status_counts[c.status as usize % 1000] += 1;
        }
    }

    fn response(&mut self, response: crate::script::ScriptResponse<'_>) {
        if let (Some(script), None) = (self.script.as_deref_mut(), &self.script_error) {
            if let Err(e) = script.response(response) {
                self.script_error = Some(e);
            }
        }
    }

    fn failed(&mut self, _request: Inflight, why: StreamFailure) {
        *self.inflight -= 1;
        self.failures += 1;
        self.first_failure.get_or_insert(why);
    }
}

/// The error kind and message of a transport failure during `what`.
fn transport_error(e: &TransportError, what: &str) -> (ErrorKind, String) {
    match e {
        TransportError::Io(e) => (ErrorKind::of_io(e, what == "write"), format!("{what}: {e}")),
        TransportError::Tls { message, .. } => (ErrorKind::Tls, message.clone()),
    }
}

fn connect_message(e: &io::Error, addr: SocketAddr) -> String {
    if e.raw_os_error() == Some(libc::EMFILE) || e.raw_os_error() == Some(libc::ENFILE) {
        return format!("connect to {addr}: {e} (raise the open-files limit: ulimit -n)");
    }
    if e.raw_os_error() == Some(libc::EADDRNOTAVAIL) {
        return format!("connect to {addr}: {e} (local ports exhausted: widen net.ipv4.ip_local_port_range or use keep-alive)");
    }
    format!("connect to {addr}: {e}")
}
