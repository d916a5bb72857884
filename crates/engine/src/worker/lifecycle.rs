//! A connection's life in the worker: opened, set up (connect, handshake),
//! open, closed and replaced per the plan. What a step means for a
//! transport (a TCP connect, a TLS or QUIC handshake) is the link's; here
//! the worker records the times, counts the outcomes and moves the state.

use super::*;
use crate::link::{DialError, SetUp, SetUpError};
use crate::session::ProtocolSession;

impl Worker {
    /// Opens connections the plan still owes (the pool, reconnects): a
    /// batch per turn of the loop, with at most `MAX_CONNECTS_IN_FLIGHT`
    /// under way, so the connects that are done are read between batches.
    pub(super) fn open_pending(&mut self, now: Instant) {
        let room = MAX_CONNECTS_IN_FLIGHT.saturating_sub(self.connecting);
        let n = self.to_open.min(OPEN_BATCH).min(room);
        if n == 0 {
            return;
        }
        self.to_open -= n;
        if self.ramp.is_some() {
            self.ramp = Some(now);
        }
        for _ in 0..n {
            self.open_conn(now);
        }
    }

    /// Ends a closed loop's ramp once its pool is open (or the last connects
    /// are `RAMP_GRACE` late): every open connection starts sending now, as
    /// wrk's and h2load's do once their connects, all issued first, are done.
    /// Connects are thus timed while the loop does nothing else.
    pub(super) fn ramp_done(&mut self, now: Instant) {
        let Some(last_batch) = self.ramp else {
            return;
        };
        // Connects that failed are retried after a pause, as any; they do
        // not hold the others back.
        if self.to_open > 0 || (self.connecting > 0 && now < last_batch + RAMP_GRACE) {
            return;
        }
        self.ramp = None;
        for key in self.open_keys() {
            if self.is_open(key) {
                self.fill(key, now);
            }
        }
    }

    /// Connections wait to be opened and may be now.
    pub(super) fn opens_waiting(&self) -> bool {
        self.to_open > 0 && self.connecting < MAX_CONNECTS_IN_FLIGHT
    }

    pub(super) fn open_conn(&mut self, now: Instant) {
        // Timing: a connect is timed from its own connect() call, not from
        // the turn of the loop that started it with others, to the poll
        // that reported it done (`connected_at`).
        let since = Instant::now();
        let source = self.next_source();
        let dialed = Link::dial(
            &self.shared.dialer,
            &self.sessions,
            self.addr,
            source.map(|(_, a)| a),
            since,
            self.ring.is_some(),
        );
        let mut link = match dialed {
            Ok(link) => link,
            Err(DialError::PortsExhausted(msg)) => {
                return self.ports_exhausted(source.map(|(i, _)| i), now, msg)
            }
            Err(DialError::Connect(msg)) => return self.connect_failed(now, msg),
            Err(DialError::Other(e)) => return self.error(e.kind, now, || e.message),
        };
        let key = self.conns.vacant_key();
        if let Err(e) = self.register_link(&mut link, key) {
            self.connect_failed(now, format!("cannot watch a new connection: {e}"));
            return;
        }
        if self.defer && !link.stamp_reads() {
            self.defer = false; // unstamped reads must be read on arrival
        }
        let early = link.start_early();
        let key = self.add_conn(link, since);
        if early {
            // A resumed session whose ticket allows it sends its requests
            // with the handshake's first flight.
            self.connecting -= 1;
            return self.on_open(key, now);
        }
        // QUIC's first flight leaves at once.
        self.flush_scratch(key, now);
    }

    /// The source address for the next connection, in turn, and its index.
    fn next_source(&mut self) -> Option<(usize, IpAddr)> {
        if self.sources.is_empty() {
            return None;
        }
        let i = self.next_source % self.sources.len();
        self.next_source = i + 1;
        Some((i, self.sources[i]))
    }

    /// No local port was free from source `used` (`None`: the system's
    /// choice). To an IPv4 loopback target with no `--source`, the next
    /// loopback address takes its place and the connect is tried again;
    /// otherwise it failed.
    fn ports_exhausted(&mut self, used: Option<usize>, now: Instant, msg: String) {
        if self.shared.sources.add_on_exhaustion {
            if let Some(next) = crate::source::next_loopback(&self.sources) {
                match used {
                    Some(i) => self.sources[i] = next,
                    None => self.sources.push(next),
                }
                self.next_source = used.unwrap_or(0);
                return self.open_conn(now);
            }
        }
        self.connect_failed(now, msg)
    }

    /// When a connect begun at `since` was seen done: when the poll that
    /// reported it returned (the events handled before it in the same
    /// batch are the client's time, not the network's), else now.
    fn connected_at(&self, since: Instant, now: Instant) -> Instant {
        self.polled_at
            .map_or(now, |polled| polled.max(since).min(now))
    }

    /// Files a connection that is being set up.
    fn add_conn(&mut self, link: Link, now: Instant) -> usize {
        let key = self.conns.insert(Conn {
            link,
            state: ConnState::Connecting { since: now },
            calls: 0,
            idle: false,
            call_failed: false,
            timer: None,
            pause: Pause::Ask,
            shut_write: false,
        });
        self.connecting += 1;
        self.peak_connections = self.peak_connections.max(self.conns.len());
        key
    }

    /// A connection could not be made: count it, and for a closed loop try
    /// again after a growing pause (so a refused target is not hammered).
    pub(super) fn connect_failed(&mut self, now: Instant, msg: String) {
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

    /// An event on a connection being set up: moves the connect or the
    /// handshake on.
    pub(super) fn on_set_up(&mut self, key: usize, ev: Readiness, now: Instant) {
        let state = self.conns[key].state;
        let (addr, sessions) = (self.addr, self.sessions.clone());
        let step = self.feed(key, now, |link, tally, bufs, _| match state {
            ConnState::Connecting { .. } => link.on_connecting(ev, addr, now, bufs, tally),
            _ => link.handshake(ev, &sessions, now, bufs, tally),
        });
        let since = match state {
            ConnState::Connecting { since } | ConnState::Handshaking { since } => since,
            ConnState::Open { since } | ConnState::Draining { since } => since,
        };
        match step {
            Ok(SetUp::Waiting) => self.flush_scratch(key, now),
            Ok(SetUp::Connected) => {
                self.connecting -= 1;
                if now >= self.shared.measure_start {
                    let took = self.connected_at(since, now) - since;
                    self.recorder.record_connect(took);
                }
                self.conns[key].state = ConnState::Handshaking { since: now };
                self.on_set_up(key, Readiness::default(), now);
            }
            Ok(SetUp::Ready {
                connected,
                secured,
                unread,
            }) => {
                if connected {
                    self.connecting -= 1;
                }
                self.on_ready(key, since, connected, secured, now);
                self.on_open(key, now);
                if unread && self.is_open(key) {
                    let ready = Readiness {
                        readable: true,
                        read_closed: ev.read_closed,
                        ..Readiness::default()
                    };
                    self.on_readable(key, ready, now);
                }
            }
            Ok(SetUp::Gone) => self.close_conn(key, now, false),
            Err(e) => self.set_up_failed(key, e, now),
        }
    }

    /// The set-up of a connection begun at `since` ended now: the connect
    /// time (when the transport came up with this step), the handshake's.
    fn on_ready(
        &mut self,
        key: usize,
        since: Instant,
        connected: bool,
        secured: bool,
        now: Instant,
    ) {
        let measured = now >= self.shared.measure_start;
        if connected && measured {
            let took = self.connected_at(since, now) - since;
            self.recorder.record_connect(took);
        }
        if !secured {
            return;
        }
        if measured {
            // A handshake after the connect is timed by the clock, not the
            // event's `now`: one call can take the whole handshake (the
            // server's answer arrives while the client computes its key share
            // and checks signatures). QUIC's one handshake is the connect.
            let took = if connected {
                now - since
            } else {
                since.elapsed()
            };
            self.recorder.record_tls_handshake(took);
        }
        let Some(t) = self.conns[key].link.tls_summary() else {
            return;
        };
        if t.resumed {
            self.handshakes_resumed += 1;
        } else {
            self.handshakes_full += 1;
        }
        self.tls_seen.get_or_insert(t);
    }

    /// A handshake ended on a connection that was already sending (QUIC
    /// 0-RTT): it counts as connected and set up now.
    pub(super) fn on_secured_late(&mut self, key: usize, now: Instant) {
        let since = match self.conns[key].state {
            ConnState::Open { since } => since,
            _ => now,
        };
        self.on_ready(key, since, true, true, now);
    }

    fn set_up_failed(&mut self, key: usize, e: SetUpError, now: Instant) {
        match e {
            SetUpError::Connect(msg) => {
                // Not close_conn: connect_failed replaces the connection after a
                // pause and counts the failed session (close_conn would do both again).
                self.conns.remove(key);
                self.connecting -= 1;
                self.connect_failed(now, msg);
            }
            SetUpError::Handshake { error, certificate } => {
                self.conns.remove(key);
                self.error(error.kind, now, || error.message);
                if certificate {
                    // Every connection would be rejected the same way.
                    self.stop_now(now, StopReason::Unreachable);
                } else {
                    self.retry_later(now);
                }
            }
            SetUpError::Lost(e) => self.fail(key, e.kind, now, || e.message),
        }
    }

    /// The keys of the open connections, taken before acting on them (an
    /// action may close one, or open another).
    pub(super) fn open_keys(&self) -> Vec<usize> {
        self.conns
            .iter()
            .filter(|(_, c)| matches!(c.state, ConnState::Open { .. }))
            .map(|(key, _)| key)
            .collect()
    }

    /// Whether `key` holds an open connection (one that is not connecting,
    /// handshaking, draining or gone).
    pub(super) fn is_open(&self, key: usize) -> bool {
        matches!(
            self.conns.get(key).map(|c| &c.state),
            Some(ConnState::Open { .. })
        )
    }

    /// The connection is ready for requests.
    pub(super) fn on_open(&mut self, key: usize, now: Instant) {
        self.backoff = Duration::from_millis(10);
        self.progress(now);
        let conn = &mut self.conns[key];
        conn.state = ConnState::Open { since: now };
        let keepalive = matches!(
            self.shared.reuse,
            Reuse::KeepAlive | Reuse::Http10 { keepalive: true }
        );
        if keepalive {
            conn.link.set_nodelay();
        }
        conn.link.session.count_connection(&mut self.protocols);
        conn.link.session.on_connect(now, &mut self.scratch);
        if self.ramp.is_some() {
            return self.flush_scratch(key, now); // sends when the pool is open
        }
        self.fill(key, now);
    }

    /// Closes a connection and, per the plan, replaces it.
    pub(super) fn close_conn(&mut self, key: usize, now: Instant, failed: bool) {
        let mut conn = self.conns.remove(key);
        self.inflight -= conn.link.session.in_flight();
        conn.link.session.add_events(&mut self.protocols);
        conn.link.close(now);
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
                let all_answered = conn.calls == *calls && conn.link.session.in_flight() == 0;
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

    pub(super) fn fail(
        &mut self,
        key: usize,
        kind: ErrorKind,
        now: Instant,
        msg: impl FnOnce() -> String,
    ) {
        if self.mix.is_some() && self.mix_fail(key, kind, now) {
            self.scratch.clear();
            return self.close_conn(key, now, false);
        }
        self.error(kind, now, msg);
        self.scratch.clear();
        self.close_conn(key, now, true);
    }
}
