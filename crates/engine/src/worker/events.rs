//! The reading half of a worker: events on a connection, what the link
//! read and the responses it finished, and the links' timers.
//!
//! Every protocol comes through here the same way: an event (or a due
//! timer) makes the link take what arrived and feed its session; the
//! session's [`Sink`] is a [`Tally`] that records each response; then the
//! plan sends again. This file never asks which protocol it reads.

use super::*;
use crate::link::{Fed, LinkError};
use crate::session::{Completed, Next, Sink, StreamFailure, Timed, NO_STATUS};

impl Worker {
    pub(super) fn on_event(&mut self, key: usize, ev: Readiness, now: Instant) {
        let Some(conn) = self.conns.get_mut(key) else {
            return;
        };
        match conn.state {
            ConnState::Connecting { .. } | ConnState::Handshaking { .. } => {
                return self.on_set_up(key, ev, now)
            }
            ConnState::Open { .. } | ConnState::Draining { .. } => {}
        }
        if ev.writable && conn.link.wants_write() && !self.flush(key, now) {
            return;
        }
        if ev.wakes_reader() {
            self.on_readable(key, ev, now);
        }
    }

    /// Has the link take what arrived and feed its session, then sends what
    /// the plan wants and what the session owes the peer.
    pub(super) fn on_readable(&mut self, key: usize, ev: Readiness, now: Instant) {
        let draining = matches!(self.conns[key].state, ConnState::Draining { .. });
        let fed = self.feed(key, now, |link, tally, bufs, out| {
            link.on_readable(ev, draining, now, bufs, tally, out)
        });
        match fed {
            Ok(Fed {
                next,
                secured,
                more,
            }) => {
                if more {
                    self.unread.push(key);
                }
                if secured {
                    self.on_secured_late(key, now);
                }
                match next {
                    Next::Continue => {}
                    Next::Drain if draining => {}
                    Next::Drain => self.conns[key].state = ConnState::Draining { since: now },
                    Next::Close => {
                        self.scratch.clear();
                        return self.close_conn(key, now, false);
                    }
                }
            }
            Err(LinkError { kind, message }) => return self.fail(key, kind, now, || message),
        }
        if self.is_open(key) && self.ramp.is_none() {
            self.fill(key, now);
        } else {
            self.flush_scratch(key, now);
        }
    }

    /// Reads again the connections whose last read stopped at its budget
    /// (`Fed::more`), at the end of a turn of the loop: a connection gets
    /// at most two budgets per turn, and the clock is looked at before the
    /// next, however fast a peer sends.
    pub(super) fn read_unread(&mut self) {
        if self.unread.is_empty() {
            return;
        }
        let mut unread = std::mem::take(&mut self.unread);
        // Read until the socket is drained or the budget is spent again
        // (as after the peer's FIN: no short read ends it).
        let ev = Readiness {
            readable: true,
            read_closed: true,
            ..Readiness::default()
        };
        for key in unread.drain(..) {
            if self.conns.contains(key) {
                // Each its own time, as the loop's events: a budget of reads
                // takes a while, and a window may end meanwhile.
                let now = self.now_in_window();
                self.on_event(key, ev, now);
            }
        }
        if self.unread.is_empty() {
            self.unread = unread; // keep the allocation
        }
    }

    /// Runs `step` on a connection's link with a [`Tally`] as the session's
    /// sink, then records what it read and finished.
    pub(super) fn feed<R>(
        &mut self,
        key: usize,
        now: Instant,
        step: impl FnOnce(&mut Link, &mut Tally<'_>, &mut Buffers, &mut Vec<u8>) -> R,
    ) -> R {
        let conn = &mut self.conns[key];
        let mut tally = Tally::new(
            &mut self.recorder,
            &mut self.status_counts,
            &mut self.inflight,
            now,
            self.shared.measure_start,
        );
        tally.script = self.script.as_deref_mut().map(|s| s.hooks.as_mut());
        tally.templates = self.mix.as_deref_mut().map(|m| &mut m.tallies[..]);
        tally.known_errors = Some(&self.first_errors);
        let result = step(
            &mut conn.link,
            &mut tally,
            &mut self.bufs,
            &mut self.scratch,
        );
        let outcome = tally.outcome();
        let errored = tally.errored.take();
        let script_error = tally.script_error.take();
        self.recorder.counters.bytes_read += std::mem::take(&mut self.bufs.bytes_read);
        self.settle(key, now, outcome);
        if let Some(errored) = errored {
            self.settle_errors(key, now, *errored);
        }
        if let Some(e) = script_error {
            self.script_failed(now, e);
        }
        result
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

    /// Requests that ended with an error their protocol named (`Sink::errored`).
    fn settle_errors(&mut self, key: usize, now: Instant, mut errored: Errored) {
        self.conns[key].call_failed = true;
        for kind in ErrorKind::ALL {
            let mut message = errored.messages[kind as usize].take();
            for _ in 0..errored.counts[kind as usize] {
                self.error(kind, now, || message.take().unwrap_or_default());
            }
        }
    }

    /// Files the link's next timer, if it has one nearer than the one filed.
    /// A timer that moved later keeps its earlier entry, which re-files it
    /// when it fires: most packets push a timer back, and the heap stays small.
    #[inline(always)] // after every send: a byte stream's link has no timer
    pub(super) fn file_timer(&mut self, key: usize) {
        let Some(conn) = self.conns.get_mut(key) else {
            return;
        };
        if let Some(at) = conn.link.deadline() {
            if conn.timer.is_none_or(|filed| at < filed) {
                conn.timer = Some(at);
                self.timers.push(Reverse((at, key)));
            }
        }
    }

    /// Links whose timer is due act on it, then read as after an event.
    pub(super) fn fire_timers(&mut self, now: Instant) {
        while let Some(&Reverse((at, key))) = self.timers.peek() {
            if at > now {
                return;
            }
            self.timers.pop();
            let Some(conn) = self.conns.get_mut(key) else {
                continue;
            };
            if conn.timer != Some(at) {
                continue; // a stale entry (a nearer one was filed since), or another connection
            }
            conn.timer = None;
            match conn.link.deadline() {
                Some(due) if due <= now => {
                    conn.link.on_timer(now);
                    self.on_event(key, Readiness::TIMER, now);
                }
                // The timer moved later since it was filed: file it again.
                Some(due) => {
                    conn.timer = Some(due);
                    self.timers.push(Reverse((due, key)));
                }
                None => {}
            }
        }
    }

    /// When the next link timer is due.
    pub(super) fn next_timer(&self) -> Option<Instant> {
        self.timers.peek().map(|Reverse((at, _))| *at)
    }
}

/// Records the responses a session completes during one read.
pub(super) struct Tally<'a> {
    recorder: &'a mut Recorder,
    status_counts: &'a mut [u64],
    inflight: &'a mut usize,
    now: Instant,
    /// When the bytes being read arrived, if the kernel stamped them.
    arrived: Option<Instant>,
    measure_start: Instant,
    /// At least one response completed.
    any: bool,
    /// Requests that ended without a response (HTTP/2 resets and refusals).
    failures: u64,
    first_failure: Option<StreamFailure>,
    /// A script that wants responses, and the first error of its `response()`.
    script: Option<&'a mut (dyn crate::script::WorkerScript + 'static)>,
    script_error: Option<String>,
    /// A mix's per-template tallies.
    templates: Option<&'a mut [TemplateTally]>,
    /// Errors a protocol named (`Sink::errored`), made on the first.
    errored: Option<Box<Errored>>,
    /// The worker's first message of each error kind (none is made again).
    known_errors: Option<&'a [Option<String>; ERROR_KINDS]>,
}

/// Errors of named kinds met during one read: how many, and the first
/// message of each kind the worker has none of yet.
#[derive(Default)]
pub(super) struct Errored {
    counts: [u64; ERROR_KINDS],
    messages: [Option<String>; ERROR_KINDS],
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
            arrived: None,
            measure_start,
            any: false,
            failures: 0,
            first_failure: None,
            script: None,
            script_error: None,
            templates: None,
            errored: None,
            known_errors: None,
        }
    }
}

impl Tally<'_> {
    /// Whether a response completed, requests that got none, and why the first did not.
    fn outcome(&self) -> (bool, u64, Option<StreamFailure>) {
        (self.any, self.failures, self.first_failure)
    }

    /// A response (or message) ended now. It is recorded if its request was
    /// sent in the measured phase; its latency runs from the request's
    /// intended start.
    #[inline]
    fn record(&mut self, c: Completed) {
        self.any = true;
        if c.request.measured && self.now >= self.measure_start {
            // Read late, stamped on arrival: the response ended then (never
            // before its request was written).
            let end = self.arrived.map_or(self.now, |at| at.max(c.request.sent));
            let latency = end.saturating_duration_since(c.request.intended);
            self.recorder.record_latency(latency, c.status);
            if c.status != NO_STATUS {
                self.status_counts[c.status as usize % 1000] += 1;
            }
            if let Some(t) = self.templates.as_deref_mut() {
                t[usize::from(c.request.template)].record(latency, c.status);
            }
        }
    }
}

impl Sink for Tally<'_> {
    /// A response ended now: its request is retired and it is recorded.
    #[inline]
    fn completed(&mut self, c: Completed) {
        *self.inflight -= 1;
        self.record(c);
    }

    /// Recorded as a response, with no request to retire.
    #[inline]
    fn pushed(&mut self, c: Completed) {
        self.record(c);
    }

    /// The session's own set-up after the connection is timed from its start.
    fn set_up(&mut self, since: Instant) {
        if self.now >= self.measure_start {
            let end = self.arrived.map_or(self.now, |at| at.max(since));
            self.recorder
                .record_upgrade(end.saturating_duration_since(since));
        }
    }

    fn response(&mut self, response: crate::script::ScriptResponse<'_>) {
        if let (Some(script), None) = (self.script.as_deref_mut(), &self.script_error) {
            if let Err(e) = script.response(response) {
                self.script_error = Some(e);
            }
        }
    }

    fn errored(
        &mut self,
        request: Option<Inflight>,
        kind: ErrorKind,
        message: &dyn Fn() -> String,
    ) {
        self.any = true; // the server answered
        if let Some(request) = request {
            *self.inflight -= 1;
            if let (Some(t), true) = (self.templates.as_deref_mut(), request.measured) {
                t[usize::from(request.template)].errors += 1;
            }
        }
        let errored = self.errored.get_or_insert_with(Default::default);
        let i = kind as usize;
        errored.counts[i] += 1;
        let known = self.known_errors.is_some_and(|k| k[i].is_some());
        if !known && errored.messages[i].is_none() {
            errored.messages[i] = Some(message());
        }
    }

    /// Recorded if measured and read in the measured phase; ended when the
    /// bytes arrived, as a response's latency.
    #[inline]
    fn timed(&mut self, what: Timed, since: Instant, measured: bool) {
        if measured && self.now >= self.measure_start {
            let end = self.arrived.map_or(self.now, |at| at.max(since));
            let us = crate::recorder::micros(end.saturating_duration_since(since));
            let h = match what {
                Timed::Call => &mut self.recorder.call_us,
                Timed::Message => &mut self.recorder.message_us,
            };
            h.saturating_record(us);
        }
    }

    #[inline]
    fn arrived(&mut self, at: Option<Instant>) {
        self.arrived = at;
    }

    fn failed(&mut self, request: Inflight, why: StreamFailure) {
        *self.inflight -= 1;
        if let (Some(t), true) = (self.templates.as_deref_mut(), request.measured) {
            t[usize::from(request.template)].errors += 1;
        }
        self.failures += 1;
        self.first_failure.get_or_insert(why);
    }
}
