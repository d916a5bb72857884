//! A worker: one thread, one epoll loop (mio, edge-triggered), its share of
//! the connections, and one [`Recorder`]. With `--io-uring` the loop is the
//! ring's instead (`uring`), for plain TCP; everything else is the same.
//!
//! The worker never asks which protocol or transport a connection speaks.
//! Each connection is a [`Link`] (a transport and its session, paired by
//! what the session needs) that answers the same calls for HTTP/1, HTTP/2
//! and HTTP/3: set-up steps, `on_readable`, `send`, `deadline` and
//! `on_timer`. The worker owns what is the same for every protocol: the
//! connection's life (`lifecycle`), the reads and the responses they finish
//! (`events`), what the plan sends and when (`send`, `scripted`), and the
//! clock: windows, schedule, timeouts, the end (`clock`). Per-protocol
//! numbers come from the sessions ([`ProtocolCounts`]).
//!
//! The hot path for a keep-alive connection is two system calls per response,
//! as in the floor client: a `read` that comes back short (so the socket is
//! drained and the edge will fire again), then a `write` of the next
//! request(s). epoll interest is registered once per connection and never
//! modified. A connection's calls are static dispatch (a `match` in the link
//! and in the session), with no allocation per read or response.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mio::{Events, Interest, Poll, Token};
use slab::Slab;

use crate::link::{Buffers, Dialer, Link, Readiness};
use crate::mix::tally::TemplateTally;
use crate::mix::wire::{CompiledMix, MixSender};
use crate::pacer::Pacer;
use crate::recorder::{ErrorKind, Recorder, ERROR_KINDS};
use crate::session::{Depth, Inflight, ProtocolCounts, SessionConfig};
use crate::source::Sources;
use crate::spec::Reuse;
use crate::timer::Timer;
use crate::transport::TlsSummary;
use crate::wire::WireRequest;
use barrage_model::load::{IoKind, StopReason};

mod clock;
mod events;
mod lifecycle;
pub(crate) mod scripted;
mod send;
mod templates;
mod uring;

use scripted::{Pause, ScriptState};

const TIMER: Token = Token(usize::MAX - 1);
const READ_BUF_BYTES: usize = 64 * 1024;
const WINDOW: Duration = Duration::from_secs(1);
const MAX_BACKOFF: Duration = Duration::from_secs(1);
/// Open loop: connections being opened at once while requests wait for one.
const MAX_CONNECTING: usize = 16;
/// The pool (and reconnects) is opened this many connects per turn of the
/// loop, so that the connects done are read between batches: a 16k pool
/// issued in one go would be read only after its last `connect()`.
const OPEN_BATCH: usize = 32;
/// Connects under way at most while the pool is opened: no more SYNs in
/// flight than a server's accept queue usually holds (somaxconn 4096).
const MAX_CONNECTS_IN_FLIGHT: usize = 1024;
/// A closed loop's pool sends nothing until it is open, or until this long
/// after its last connect was started (connects whose SYN was dropped join
/// when they are done, a second or more later).
const RAMP_GRACE: Duration = Duration::from_millis(200);

/// What every worker of a run shares.
pub(crate) struct Shared {
    pub addr: SocketAddr,
    pub requests: Vec<WireRequest>,
    /// A weighted mix, sent instead of `requests` when there is one.
    pub mix: Option<CompiledMix>,
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
    /// How connections are opened (TLS, QUIC).
    pub dialer: Dialer,
    /// What sessions are made with (a worker whose script wants responses
    /// adds `keep_responses`).
    pub sessions: SessionConfig,
    /// HTTP/2 and HTTP/3: streams per connection.
    pub streams: usize,
    /// The source addresses connections leave from.
    pub sources: Sources,
    /// Open loop: requests due within this window after the next go with it.
    pub send_window: Duration,
    /// Open loop: a socket that keeps the kernel's receive stamps on (`stamp.rs`).
    pub _stamps: Option<std::os::fd::OwnedFd>,
    /// The I/O the run asks for (io_uring runs plain TCP only).
    pub io: IoKind,
    /// Workers that set up a ring and ran on it.
    pub uring_workers: AtomicUsize,
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
    /// Connections per protocol and the protocols' events, over all connections.
    pub protocols: ProtocolCounts,
    /// The script's error that stopped the run, if this worker's failed.
    pub script_error: Option<String>,
    /// A mix's per-template tallies (empty without a mix).
    pub templates: Vec<TemplateTally>,
    /// Open loop and sessions: what was sent (requests, sessions started),
    /// by the measured second of its intended start.
    pub offered: Vec<u64>,
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
    /// No answer to the oldest request: what the session calls its answer.
    Response(&'static str),
    /// Something the session needs from the server before it can send.
    Peer(&'static str),
    /// The peer's close after the last response: closed without an error.
    Drain,
}

struct Conn {
    /// The transport and the session on it.
    link: Link,
    state: ConnState,
    /// Requests sent on this connection.
    calls: u32,
    /// Open loop: listed as idle.
    idle: bool,
    /// A request on it ended without a response (an HTTP/2 stream reset or
    /// refused): its session, if it is one, failed.
    call_failed: bool,
    /// When the link's timer is next due, as last filed in `timers`.
    timer: Option<Instant>,
    /// A script's think time before the next send.
    pause: Pause,
    /// A raw mix entry was sent: shut the write side once it is written.
    shut_write: bool,
}

pub(crate) struct Worker {
    id: usize,
    shared: Arc<Shared>,
    plan: Plan,
    tx: Sender<Msg>,
    poll: Poll,
    conns: Slab<Conn>,
    recorder: Recorder,
    bufs: Buffers,
    /// Bytes to send on the connection at hand, built by its session.
    scratch: Vec<u8>,
    timer: Timer,
    next_request: usize,
    inflight: usize,
    connecting: usize,
    /// Connections the plan wants that are not started yet (the pool, reconnects).
    to_open: usize,
    /// A closed loop's pool is being opened: connections that are open wait
    /// to send until the rest are (`ramp_done`). When the last batch began.
    ramp: Option<Instant>,
    /// The source addresses this worker's connections leave from, in turn
    /// (a connect that finds no free port may add one), and the next one.
    sources: Vec<IpAddr>,
    next_source: usize,
    /// When the poll whose events are being handled returned.
    polled_at: Option<Instant>,
    /// Closed loop: connections to reopen after a connect error, and when.
    reconnects: usize,
    reconnect_at: Instant,
    backoff: Duration,
    window: Option<u32>,
    window_ends: Instant,
    next_sweep: Instant,
    sweep_every: Duration,
    /// Open loop: a due request found no connection free since the schedule
    /// was last caught up; the sends until then waited for a connection.
    short_of_conns: bool,
    /// Open loop over plain TCP with stamped reads: the loop may sleep
    /// through responses until the next send is due (`run`, `stamp.rs`).
    defer: bool,
    /// Open loop: when the next scheduled request is due (set by `dispatch_due`).
    next_due: Option<Instant>,
    /// Set once the run is ending: no new work starts.
    finishing: Option<Finishing>,
    last_progress: Instant,
    errors_since_progress: u64,
    status_counts: Vec<u64>,
    first_errors: [Option<String>; ERROR_KINDS],
    peak_connections: usize,
    /// What this worker's sessions are made with.
    sessions: SessionConfig,
    /// In flight per connection: the HTTP/1.1 pipeline depth, and streams.
    depth: Depth,
    tls_seen: Option<TlsSummary>,
    handshakes_full: u64,
    handshakes_resumed: u64,
    /// What the sessions counted: connections per protocol, their events.
    protocols: ProtocolCounts,
    /// The links' timers (QUIC's): (due, key), stale entries skipped.
    timers: BinaryHeap<Reverse<(Instant, usize)>>,
    /// Connections whose last read stopped at its budget: read again next turn.
    unread: Vec<usize>,
    /// Scratch for `sweep`: connections past their timeout, and what is late.
    expired: Vec<(usize, Overdue)>,
    /// Where this worker's connections go (a script may choose per worker).
    addr: SocketAddr,
    /// The load script's hooks, in a scripted run.
    script: Option<Box<ScriptState>>,
    /// Connections paused by the script's `delay()`: (until, key).
    pauses: BinaryHeap<Reverse<(Instant, usize)>>,
    script_error: Option<String>,
    /// A mix's choice, values, buffers and tallies.
    mix: Option<Box<MixSender>>,
    /// The ring, when this worker runs on io_uring (set up on its thread).
    ring: Option<Box<crate::uring::Ring>>,
    /// Open loop and sessions: what was sent, by the measured second of
    /// its intended start (the pacer's count, late sends in their second).
    offered: Vec<u64>,
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
        let pipeline = match plan {
            Plan::Closed { pipeline, .. } => pipeline,
            _ => 1,
        };
        let ramp = matches!(plan, Plan::Closed { .. }).then_some(start);
        let to_open = match plan {
            Plan::Closed { connections, .. } | Plan::Open { connections, .. } => connections,
            Plan::Sessions { .. } => 0,
        };
        let defer = matches!(plan, Plan::Open { .. })
            && shared.dialer.tls.is_none()
            && shared.dialer.quic.is_none()
            && std::env::var_os("BARRAGE_NO_DEFER").is_none();
        let mut sessions = shared.sessions.clone();
        sessions.keep_responses = script.as_deref().is_some_and(|s| s.hooks.wants_responses());
        Ok(Worker {
            id,
            plan,
            tx,
            poll,
            conns: Slab::new(),
            recorder: Recorder::new(),
            bufs: Buffers::new(READ_BUF_BYTES),
            scratch: Vec::with_capacity(4096),
            timer,
            next_request: id,
            inflight: 0,
            connecting: 0,
            to_open,
            ramp,
            sources: shared.sources.addrs.clone(),
            next_source: id,
            polled_at: None,
            reconnects: 0,
            reconnect_at: start,
            backoff: Duration::from_millis(10),
            window,
            window_ends,
            next_sweep: start + sweep_every,
            sweep_every,
            short_of_conns: false,
            defer,
            next_due: None,
            finishing: None,
            last_progress: start,
            errors_since_progress: 0,
            status_counts: vec![0; 1000],
            first_errors: Default::default(),
            peak_connections: 0,
            expired: Vec::new(),
            unread: Vec::new(),
            sessions,
            depth: Depth {
                pipeline,
                streams: shared.streams,
            },
            tls_seen: None,
            handshakes_full: 0,
            handshakes_resumed: 0,
            protocols: ProtocolCounts::default(),
            timers: BinaryHeap::new(),
            addr: script
                .as_ref()
                .and_then(|s| s.hooks.addr())
                .unwrap_or(shared.addr),
            script,
            pauses: BinaryHeap::new(),
            script_error: None,
            mix: shared.mix.as_ref().map(|m| Box::new(MixSender::new(m, id))),
            ring: None,
            offered: Vec::new(),
            shared,
        })
    }

    /// Runs until the plan is done, the time is up, or the stop flag is set.
    pub fn run(mut self) {
        if self.start_uring() {
            return self.run_uring();
        }
        let mut events = Events::with_capacity(1024);
        if self.defer {
            clock::fine_timer_slack();
        }
        loop {
            let now = Instant::now();
            if self.tick(now) {
                break;
            }
            let wait = self.wait(now);
            if let Err(e) = self.poll.poll(&mut events, wait) {
                if e.kind() != io::ErrorKind::Interrupted {
                    self.stop_now(now, StopReason::Interrupted);
                }
                continue;
            }
            self.polled_at = Some(Instant::now());
            for event in events.iter() {
                let now = self.now_in_window();
                if event.token() == TIMER {
                    self.timer.fired();
                    continue;
                }
                let ready = Readiness {
                    readable: event.is_readable(),
                    writable: event.is_writable(),
                    error: event.is_error(),
                    read_closed: event.is_read_closed(),
                    timer: false,
                };
                self.on_event(event.token().0, ready, now);
            }
            self.read_unread();
            self.polled_at = None;
        }
        self.finish();
    }
}
