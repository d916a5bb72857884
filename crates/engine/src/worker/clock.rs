//! The clock-driven half of a worker: windows, the schedule, timeouts, the
//! end of the run and the summary sent at the end.
//!
//! Timing rules: every instant is monotonic (`Instant`). Windows are numbered
//! from the measured start (after warm-up) so that the workers' windows line
//! up; an open-loop request belongs to the measured phase when its *intended*
//! start does, and one due at or after the end is never sent.

use crate::session::ProtocolSession;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::*;

/// The furthest ahead a send may be for the loop to sleep through responses
/// until it is due (beyond it the loop waits on the poll as usual).
const DEFER_MAX: Duration = Duration::from_millis(2);

/// A wait this short is spun rather than slept: a sleep's wake-up costs about as much.
const SPIN: Duration = Duration::from_micros(4);

/// Sleeps until `until` (at once if it has passed), on the monotonic clock.
fn sleep_until(until: Instant) {
    let wait = until.saturating_duration_since(Instant::now());
    if wait.is_zero() {
        return;
    }
    let ts = libc::timespec {
        tv_sec: wait.as_secs() as _,
        tv_nsec: wait.subsec_nanos() as _,
    };
    // SAFETY: a relative sleep on a valid timespec; an interrupted sleep
    // just returns early, and the loop sees what is due.
    unsafe { libc::clock_nanosleep(libc::CLOCK_MONOTONIC, 0, &ts, std::ptr::null_mut()) };
}

/// Timers of this thread fire when asked, not up to 50 µs later (Linux's
/// default slack for a sleep's end).
pub(super) fn fine_timer_slack() {
    // SAFETY: prctl with an integer argument; a failure leaves the default.
    unsafe { libc::prctl(libc::PR_SET_TIMERSLACK, 1 as libc::c_ulong) };
}

impl Worker {
    // ---- time ---------------------------------------------------------------

    /// The time for what the worker does next, with the window shipped
    /// first when it has ended: what happens after a window's end goes in
    /// the next window (a measured request must not land in the discarded
    /// warm-up, and its response in the measured window without it).
    pub(super) fn now_in_window(&mut self) -> Instant {
        let now = Instant::now();
        if now >= self.window_ends {
            self.ship_window(now);
        }
        now
    }

    /// Everything driven by the clock. Returns true when the worker is done.
    pub(super) fn tick(&mut self, now: Instant) -> bool {
        if now >= self.window_ends {
            self.ship_window(now);
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stop_now(now, StopReason::Interrupted);
        }
        if self.script.is_some() {
            if self.shared.halt.load(Ordering::Relaxed) {
                self.stop_now(now, StopReason::Script);
            } else if self.finishing.is_none() && self.script_stopped() {
                let deadline = now + self.shared.timeout;
                self.finishing = Some(Finishing {
                    reason: StopReason::Script,
                    deadline,
                });
                self.say_goodbye(now);
            }
        }
        if self.finishing.is_none() {
            if let Some(reason) = self.should_finish(now) {
                if let Plan::Open { .. } = self.plan {
                    // A late wake-up still sends what was due before the end.
                    self.dispatch_due(now);
                }
                let deadline = now + self.shared.timeout;
                self.finishing = Some(Finishing { reason, deadline });
                self.cut_waiting_sessions(now);
                self.say_goodbye(now);
            }
        }
        self.fire_timers(now);
        if !self.pauses.is_empty() {
            self.resume_paused(now);
        }
        if now >= self.next_sweep {
            self.sweep(now);
        }
        if let Some(Finishing { deadline, .. }) = self.finishing {
            let sessions_open =
                matches!(self.plan, Plan::Sessions { .. }) && !self.conns.is_empty();
            let done = self.inflight == 0 && !sessions_open && !self.awaiting_goodbyes();
            return done || now >= deadline;
        }
        if self.reconnects > 0 && now >= self.reconnect_at {
            self.to_open += std::mem::take(&mut self.reconnects);
        }
        self.open_pending(now);
        self.ramp_done(now);
        self.dispatch_due(now);
        false
    }

    /// The run is ending: each open connection's session says goodbye if
    /// its protocol has one (a close handshake), and the run waits for the
    /// answers as it waits for responses, up to its deadline.
    fn say_goodbye(&mut self, now: Instant) {
        for key in self.open_keys() {
            if self.conns[key].link.session.goodbye(&mut self.scratch) {
                self.flush_scratch(key, now);
            }
        }
    }

    /// A session said goodbye and awaits the peer's.
    fn awaiting_goodbyes(&self) -> bool {
        self.conns
            .iter()
            .any(|(_, c)| c.link.session.awaits_goodbye())
    }

    /// A timed run ended: sessions waiting to connect or to send their next
    /// call end now (as incomplete); those with a call in flight end when it does.
    fn cut_waiting_sessions(&mut self, now: Instant) {
        let Some(Finishing { reason, .. }) = self.finishing else {
            return;
        };
        if reason == StopReason::Sessions || !matches!(self.plan, Plan::Sessions { .. }) {
            return;
        }
        let waiting: Vec<usize> = self
            .conns
            .iter()
            .filter(|(_, c)| c.link.session.in_flight() == 0)
            .map(|(key, _)| key)
            .collect();
        for key in waiting {
            self.close_conn(key, now, false);
        }
    }

    fn should_finish(&self, now: Instant) -> Option<StopReason> {
        if self.shared.end.is_some_and(|end| now >= end) {
            return Some(StopReason::Duration);
        }
        match &self.plan {
            Plan::Closed {
                budget: Some(0), ..
            } => Some(StopReason::Requests),
            // A budget spent ends the run; a schedule that ran out before
            // the end of a timed run leaves it to its end.
            Plan::Open { pacer, .. } if pacer.spent() => Some(StopReason::Requests),
            Plan::Sessions { pacer, .. } if pacer.spent() => Some(StopReason::Sessions),
            _ => None,
        }
    }

    pub(super) fn stop_now(&mut self, now: Instant, reason: StopReason) {
        self.finishing = Some(Finishing {
            reason,
            deadline: now,
        });
    }

    /// Starts what the schedule says is due: open-loop requests and session arrivals.
    pub(super) fn dispatch_due(&mut self, now: Instant) {
        let start = self.shared.start;
        loop {
            let due = match &self.plan {
                Plan::Open { pacer, .. } | Plan::Sessions { pacer, .. } => pacer.peek(),
                Plan::Closed { .. } => return,
            };
            self.next_due = None;
            let Some(offset) = due else {
                self.short_of_conns = false;
                return;
            };
            let at = start + offset;
            if self.shared.end.is_some_and(|end| at >= end) {
                return; // past the run
            }
            if at > now {
                self.short_of_conns = false; // caught up
                self.next_due = Some(at);
                return;
            }
            if !self.start_due(now) {
                self.short_of_conns = true;
                return;
            }
        }
    }

    /// Starts the first due hit; false if it has to wait for a connection.
    fn start_due(&mut self, now: Instant) -> bool {
        match &mut self.plan {
            Plan::Open {
                idle,
                max_connections,
                ..
            } => {
                while let Some(key) = idle.pop() {
                    let Some(conn) = self.conns.get_mut(key) else {
                        continue;
                    };
                    if !conn.idle {
                        continue;
                    }
                    conn.idle = false;
                    let open = matches!(conn.state, ConnState::Open { .. });
                    if open && conn.link.session.room(self.depth) > 0 {
                        self.fill(key, now);
                        return true;
                    }
                }
                // The pool's connections not started yet count: they come.
                let max = max_connections.saturating_sub(self.to_open);
                if self.conns.len() < max && self.connecting < MAX_CONNECTING {
                    self.open_conn(now);
                    return self.connecting < MAX_CONNECTING && self.conns.len() < max;
                }
                false
            }
            Plan::Sessions { pacer, counts, .. } => {
                let due = pacer.take();
                counts.started += 1;
                if let Some(offset) = due {
                    self.count_offered(self.shared.start + offset);
                }
                self.open_conn(now);
                true
            }
            Plan::Closed { .. } => false,
        }
    }

    /// Connect and response timeouts, and a target that stopped answering.
    pub(super) fn sweep(&mut self, now: Instant) {
        self.next_sweep = now + self.sweep_every;
        let timeout = self.shared.timeout;
        let mut expired = std::mem::take(&mut self.expired);
        for (key, conn) in self.conns.iter() {
            let overdue = |since: Instant| now - since > timeout;
            let late = match conn.state {
                // A QUIC connection is connecting until its handshake is done.
                ConnState::Connecting { since }
                    if overdue(since) && conn.link.handshakes_while_connecting() =>
                {
                    Overdue::Handshake
                }
                ConnState::Connecting { since } if overdue(since) => Overdue::Connect,
                ConnState::Handshaking { since } if overdue(since) => Overdue::Handshake,
                ConnState::Open { .. }
                    if conn.link.session.oldest().is_some_and(|r| overdue(r.sent)) =>
                {
                    Overdue::Response(conn.link.session.answer())
                }
                // Open, nothing sent, and the session waits on the server
                // (HTTP/2: its SETTINGS): without this, a server that accepts
                // and stays silent would hold the connection for good.
                ConnState::Open { since } if overdue(since) => {
                    match conn.link.session.waiting_for() {
                        Some(what) => Overdue::Peer(what),
                        None => continue,
                    }
                }
                ConnState::Draining { since } if overdue(since) => Overdue::Drain,
                _ => continue,
            };
            expired.push((key, late));
        }
        for (key, late) in expired.drain(..) {
            match late {
                Overdue::Connect => self.fail(key, ErrorKind::Connect, now, || {
                    format!("connect timed out after {timeout:?}")
                }),
                Overdue::Handshake => self.fail(key, ErrorKind::Tls, now, || {
                    format!("TLS handshake timed out after {timeout:?}")
                }),
                Overdue::Response(answer) => self.fail(key, ErrorKind::Timeout, now, || {
                    format!("no {answer} within {timeout:?}")
                }),
                Overdue::Peer(what) => self.fail(key, ErrorKind::Timeout, now, || {
                    format!("no {what} within {timeout:?}")
                }),
                Overdue::Drain => self.close_conn(key, now, false),
            }
        }
        self.expired = expired;
        if self.errors_since_progress > 0
            && now - self.last_progress > timeout
            && self.finishing.is_none()
        {
            self.stop_now(now, StopReason::Unreachable);
        }
    }

    /// Waits until the next send is due or something else needs the loop;
    /// returns the poll's timeout for what arrived meanwhile.
    ///
    /// The open loop's cost is its wake-ups: two per request when the loop
    /// wakes for each send (the timer) and again for each response. A worker
    /// that may `defer` sleeps through the responses instead, when a
    /// connection is free for the next send and it is due within
    /// [`DEFER_MAX`]: it wakes once, when the send is due, and reads what
    /// arrived meanwhile with the kernel's receive stamps (`stamp.rs`), so
    /// latency still ends at each response's arrival. Sends due within the
    /// send window (`--send-window`) go in the same wake-up: one wake-up,
    /// ours and the server's, for several requests. Otherwise (no
    /// connection free: a response is what frees one; TLS; the send far
    /// off) it waits on the poll, the timer set for the send.
    pub(super) fn wait(&mut self, now: Instant) -> Option<Duration> {
        if !self.unread.is_empty() {
            return Some(Duration::ZERO); // a read stopped at its budget goes on
        }
        let wake = now + self.next_wake(now);
        let Some(due) = self.next_due else {
            return Some(wake - now);
        };
        let free = !self.short_of_conns
            && matches!(&self.plan, Plan::Open { idle, .. } if !idle.is_empty());
        if self.defer && free && self.finishing.is_none() && due - now <= self.defer_max() {
            let batch = match &self.plan {
                Plan::Open { pacer, .. } => pacer
                    .last_within(self.shared.send_window)
                    .map_or(due, |d| self.shared.start + d),
                _ => due,
            };
            let until = batch.min(wake);
            if until.saturating_duration_since(now) <= SPIN {
                while Instant::now() < until {
                    std::hint::spin_loop();
                }
            } else {
                sleep_until(until);
            }
            return Some(Duration::ZERO);
        }
        let _ = self.timer.arm_at(due, now);
        Some(wake - now)
    }

    /// The furthest ahead a send may be for the loop to sleep through responses.
    fn defer_max(&self) -> Duration {
        DEFER_MAX.max(self.shared.send_window)
    }

    pub(super) fn next_wake(&self, now: Instant) -> Duration {
        let mut at = self.window_ends.min(self.next_sweep);
        if let Some(timer) = self.next_timer() {
            at = at.min(timer);
        }
        if let Some(pause) = self.next_pause() {
            at = at.min(pause);
        }
        match self.finishing {
            Some(f) => at = at.min(f.deadline),
            None => {
                if let Some(end) = self.shared.end {
                    at = at.min(end);
                }
                if self.reconnects > 0 {
                    at = at.min(self.reconnect_at);
                }
                if self.opens_waiting() {
                    at = now; // the next batch, after this turn's events
                }
                if let (Some(last_batch), 0) = (self.ramp, self.to_open) {
                    at = at.min(last_batch + RAMP_GRACE); // the ramp's end at the latest
                }
            }
        }
        at.saturating_duration_since(now)
    }

    // ---- recording ----------------------------------------------------------

    pub(super) fn progress(&mut self, now: Instant) {
        self.last_progress = now;
        self.errors_since_progress = 0;
    }

    /// Counts an arrival sent (a request, a session started) in the
    /// measured second of its intended start, if that is measured.
    pub(super) fn count_offered(&mut self, intended: Instant) {
        let Some(since) = intended.checked_duration_since(self.shared.measure_start) else {
            return;
        };
        let second = since.as_secs() as usize;
        if self.offered.len() <= second {
            self.offered.resize(second + 1, 0);
        }
        self.offered[second] += 1;
    }

    pub(super) fn error(&mut self, kind: ErrorKind, now: Instant, msg: impl FnOnce() -> String) {
        self.errors_since_progress += 1;
        if now < self.shared.measure_start {
            return;
        }
        self.recorder.record_error(kind);
        let first = &mut self.first_errors[kind as usize];
        if first.is_none() {
            let msg = msg();
            self.recorder.first_errors.push((kind, msg.clone()));
            *first = Some(msg);
        }
    }

    pub(super) fn ship_window(&mut self, now: Instant) {
        // Windows missed while blocked are shipped empty, so indices stay aligned.
        while now >= self.window_ends {
            self.recorder.open_connections = self.conns.len() as u64;
            let rec = Box::new(self.recorder.take());
            let msg = Msg::Window {
                worker: self.id,
                index: self.window,
                ends: self.window_ends,
                rec,
            };
            let _ = self.tx.send(msg);
            self.window = Some(self.window.map_or(0, |i| i + 1));
            self.window_ends = self.shared.measure_start + WINDOW * (self.window.unwrap() + 1);
        }
    }

    pub(super) fn finish(mut self) {
        let now = Instant::now();
        let rec = Box::new(self.recorder.take());
        let _ = self.tx.send(Msg::Window {
            worker: self.id,
            index: self.window,
            ends: now,
            rec,
        });
        let reason = self.finishing.map_or(StopReason::Duration, |f| f.reason);
        let (unsent, sessions) = match &self.plan {
            Plan::Open { pacer, .. } => {
                let end = self.shared.end.unwrap_or(now).min(now);
                // Due before the end: a hit due at the end itself is past the run.
                let due_by = end
                    .saturating_duration_since(self.shared.start)
                    .saturating_sub(Duration::from_nanos(1));
                (pacer.backlog(due_by), SessionCounts::default())
            }
            Plan::Sessions { counts, .. } => (0, *counts),
            Plan::Closed { .. } => (0, SessionCounts::default()),
        };
        for (_, conn) in self.conns.iter_mut() {
            conn.link.session.add_events(&mut self.protocols);
            conn.link.close(now);
        }
        let status_counts = (0..1000u16)
            .filter(|&s| self.status_counts[s as usize] > 0)
            .map(|s| (s, self.status_counts[s as usize]))
            .collect();
        let summary = WorkerSummary {
            status_counts,
            first_errors: std::mem::take(&mut self.first_errors),
            finished: now,
            reason,
            unsent,
            sessions,
            peak_connections: self.peak_connections,
            tls: self.tls_seen.take(),
            handshakes_full: self.handshakes_full,
            handshakes_resumed: self.handshakes_resumed,
            protocols: std::mem::take(&mut self.protocols),
            script_error: self.script_error.take(),
            templates: self.mix.take().map(|m| m.tallies).unwrap_or_default(),
            offered: std::mem::take(&mut self.offered),
        };
        let _ = self.tx.send(Msg::Done {
            worker: self.id,
            summary: Box::new(summary),
        });
    }
}
