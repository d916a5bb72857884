//! The sending half of a worker: what the plan wants sent on a ready
//! connection, the requests built into `scratch`, and the writes.

use super::*;
use crate::session::ProtocolSession;

impl Worker {
    /// Gives a ready connection what the plan wants sent, and writes it with
    /// whatever the session already owes the peer (in `scratch`).
    pub(super) fn fill(&mut self, key: usize, now: Instant) {
        // Once every session has arrived, the open ones still make their calls;
        // when the time is up, a session between calls ends here.
        if let Some(Finishing { reason, .. }) = self.finishing {
            if reason != StopReason::Sessions {
                if let Plan::Sessions { .. } = self.plan {
                    self.scratch.clear();
                    return self.close_conn(key, now, false);
                }
                return self.flush_scratch(key, now);
            }
        }
        if self.script.is_some() && self.paused(key, now) {
            return self.flush_scratch(key, now);
        }
        match self.next_sends(key, now) {
            Sends::Now(n) if self.script.is_some() => self.send_scripted(key, n, now),
            Sends::Now(n) => {
                let measured = now >= self.shared.measure_start;
                for _ in 0..n {
                    self.submit(key, now, now, measured);
                }
            }
            Sends::Scheduled(intended) => {
                self.count_offered(intended);
                self.recorder
                    .record_send_delay(now - intended, self.short_of_conns);
                let measured = intended >= self.shared.measure_start;
                if self.script.is_some() {
                    self.submit_scripted(key, intended, now, measured);
                } else {
                    self.submit(key, intended, now, measured);
                }
            }
            Sends::Idle => {}
            Sends::CloseSession => {
                self.scratch.clear();
                return self.close_conn(key, now, false);
            }
        }
        self.flush_scratch(key, now);
    }

    /// Sends script batches while the plan has room: each `request()` may
    /// hold any number of requests, so the room is asked again after each.
    fn send_scripted(&mut self, key: usize, mut sends: usize, now: Instant) {
        let measured = now >= self.shared.measure_start;
        while sends > 0 {
            let Some(n) = self.submit_scripted(key, now, now, measured) else {
                return;
            };
            // The budget counts requests; the plan took one per send.
            if let (
                Plan::Closed {
                    budget: Some(b), ..
                },
                true,
            ) = (&mut self.plan, measured)
            {
                *b = b.saturating_sub(n as u64 - 1);
            }
            sends = match self.next_sends(key, now) {
                Sends::Now(m) => m,
                _ => 0,
            };
        }
    }

    /// What the plan wants sent on a ready connection (taking it from the budget or schedule).
    fn next_sends(&mut self, key: usize, now: Instant) -> Sends {
        let measured_now = now >= self.shared.measure_start;
        let depth = self.depth;
        let conn = &mut self.conns[key];
        let session = &conn.link.session;
        let one_shot = session.requests_close();
        let in_flight = session.in_flight();
        match &mut self.plan {
            Plan::Closed { budget, .. } => {
                let mut room = session.room(depth);
                if one_shot {
                    room = room.min(usize::from(conn.calls == 0));
                }
                if self.script.is_some() {
                    // One script send at a time: its size is known once made.
                    room = room.min(1);
                }
                if let (Some(b), true) = (budget.as_mut(), measured_now) {
                    let n = room.min(usize::try_from(*b).unwrap_or(usize::MAX));
                    *b -= n as u64;
                    room = n;
                }
                Sends::Now(room)
            }
            Plan::Open { pacer, idle, .. } => {
                let room = session.room(depth);
                if room == 0 || (one_shot && conn.calls > 0) {
                    return Sends::Idle;
                }
                let (start, end) = (self.shared.start, self.shared.end);
                match pacer.peek() {
                    Some(offset)
                        if start + offset <= now && end.is_none_or(|e| start + offset < e) =>
                    {
                        pacer.take();
                        // HTTP/2: a connection with streams to spare stays available.
                        if room > 1 && !conn.idle {
                            conn.idle = true;
                            idle.push(key);
                        }
                        Sends::Scheduled(start + offset)
                    }
                    _ => {
                        if !conn.idle {
                            conn.idle = true;
                            idle.push(key);
                        }
                        Sends::Idle
                    }
                }
            }
            Plan::Sessions { calls, .. } => match (in_flight, conn.calls >= *calls) {
                (0, true) => Sends::CloseSession,
                (0, false) if session.room(Depth::ONE) > 0 => Sends::Now(1),
                _ => Sends::Idle,
            },
        }
    }

    fn submit(&mut self, key: usize, intended: Instant, now: Instant, measured: bool) {
        if self.mix.is_some() {
            return self.submit_mix(key, intended, now, measured);
        }
        let req = &self.shared.requests[self.next_request % self.shared.requests.len()];
        self.next_request = self.next_request.wrapping_add(1);
        let conn = &mut self.conns[key];
        let inflight = Inflight {
            intended,
            sent: now,
            head: req.head,
            measured,
            template: 0,
        };
        conn.link.session.submit(req, inflight, &mut self.scratch);
        conn.calls += 1;
        self.inflight += 1;
        if measured {
            self.recorder.counters.requests_sent += 1;
        }
    }

    /// Sends the bytes built in `scratch` (a byte stream keeps what the
    /// socket did not take; QUIC sends its datagrams), then files the
    /// link's next timer.
    #[inline]
    pub(super) fn flush_scratch(&mut self, key: usize, now: Instant) {
        match self.conns[key].link.send(&mut self.scratch, now) {
            Ok(n) => self.recorder.counters.bytes_written += n,
            Err(e) => return self.fail(key, e.kind, now, || e.message),
        }
        self.shut_when_written(key);
        self.file_timer(key);
    }

    /// Writes what waited for a writable socket; false if the connection
    /// failed and is gone.
    pub(super) fn flush(&mut self, key: usize, now: Instant) -> bool {
        match self.conns[key].link.flush() {
            Ok(n) => {
                self.recorder.counters.bytes_written += n;
                self.shut_when_written(key);
                true
            }
            Err(e) => {
                self.fail(key, e.kind, now, || e.message);
                false
            }
        }
    }
}
