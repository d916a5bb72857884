//! The worker's loop on io_uring (`--io-uring`): the same worker as on
//! epoll, woken by the ring's completions instead of epoll's events.
//!
//! A completion becomes what an epoll event would have said, and the worker
//! handles it with the same `on_event`: a receive lends its buffer to the
//! connection's [`UringStream`] and wakes the reader (the buffer is recycled
//! once the session has read it); a connect's poll says writable or failed;
//! a failed send wakes the writer, whose flush reports it. Sends written
//! while handling completions are pushed in one batch before the next
//! enter, which submits them and waits in one system call.
//!
//! Must not: know the protocol (the link and the session do), or change
//! what the epoll loop does.

use std::sync::atomic::Ordering;

use super::*;
use crate::uring::{Completion, Op, Ring, UringStream};
use barrage_model::load::IoKind;

/// Connections a sessions plan's worker sizes its ring for (their number
/// follows the rate and how long sessions last).
const SESSION_CONNECTIONS: usize = 1024;

impl Worker {
    /// Sets up this worker's ring when the run asks for io_uring and runs
    /// plain TCP; false (run on epoll) when it does not or cannot.
    pub(super) fn start_uring(&mut self) -> bool {
        let dialer = &self.shared.dialer;
        if self.shared.io != IoKind::IoUring || dialer.tls.is_some() || dialer.quic.is_some() {
            return false;
        }
        let connections = match self.plan {
            Plan::Closed { connections, .. } => connections,
            Plan::Open {
                max_connections, ..
            } => max_connections,
            Plan::Sessions { .. } => SESSION_CONNECTIONS,
        };
        let Ok(mut ring) = Ring::new(connections) else {
            return false;
        };
        ring.watch_timer(self.timer.raw());
        self.ring = Some(Box::new(ring));
        self.shared.uring_workers.fetch_add(1, Ordering::Relaxed);
        true
    }

    /// Runs on the ring until the plan is done, the time is up, or the stop flag is set.
    pub(super) fn run_uring(mut self) {
        let mut completions = Vec::with_capacity(1024);
        loop {
            let now = Instant::now();
            if self.tick(now) {
                break;
            }
            let mut wait = self.next_wake(now);
            if !self.unread.is_empty() {
                wait = Duration::ZERO; // a read stopped at its budget goes on
            }
            if let Some(due) = self.next_due {
                // The ring's wait is timed to the nanosecond: no timer needed.
                wait = wait.min(due.saturating_duration_since(now));
            }
            self.push_sends();
            let ring = self.ring.as_deref_mut().expect("a ring");
            if let Err(e) = ring.enter(wait, &mut completions) {
                if e.kind() != io::ErrorKind::Interrupted {
                    self.stop_now(now, StopReason::Interrupted);
                }
                continue;
            }
            self.polled_at = Some(Instant::now());
            for c in completions.drain(..) {
                let now = self.now_in_window();
                self.on_completion(c, now);
            }
            self.read_unread();
            self.polled_at = None;
        }
        self.finish();
    }

    /// Watches a new connection: on the ring if it is a ring's stream, else with epoll.
    pub(super) fn register_link(&mut self, link: &mut Link, key: usize) -> io::Result<()> {
        match (self.ring.as_deref_mut(), link.uring()) {
            (Some(ring), Some(stream)) => {
                ring.register(stream, key);
                Ok(())
            }
            _ => link.register(self.poll.registry(), Token(key)),
        }
    }

    /// Pushes the sends the connections listed since the last enter.
    fn push_sends(&mut self) {
        let ring = self.ring.as_deref_mut().expect("a ring");
        let sends = ring.take_sends();
        for &(key, generation) in &sends {
            if let Some(stream) = stream_of(&mut self.conns, key, generation) {
                ring.send(stream);
            }
        }
        ring.return_sends(sends);
    }

    fn on_completion(&mut self, c: Completion, now: Instant) {
        match c.op {
            Op::Recv => self.on_received(c, now),
            Op::Connect => self.on_connect_polled(c, now),
            Op::Send => self.on_sent(c, now),
            Op::Timer => {
                self.timer.fired();
                if !c.more() {
                    let fd = self.timer.raw();
                    self.ring.as_deref_mut().expect("a ring").watch_timer(fd);
                }
            }
            Op::Close => {} // a cancel that found nothing left to cancel
        }
    }

    /// A receive completed: bytes (in a provided buffer), the end, or an error.
    fn on_received(&mut self, c: Completion, now: Instant) {
        let key = c.key as usize;
        let ring = self.ring.as_deref_mut().expect("a ring");
        let Some(stream) = stream_of(&mut self.conns, c.key, c.generation) else {
            // A connection already gone (its key may hold another by now).
            if let Some(bid) = c.buffer() {
                ring.recycle(bid);
            }
            return;
        };
        if !c.more() && (c.res > 0 || c.res == -libc::ENOBUFS) {
            ring.arm_recv(stream);
        }
        let ready = Readiness {
            readable: true,
            ..Readiness::default()
        };
        let ready = match (c.res, c.buffer()) {
            (n, Some(bid)) if n > 0 => return self.on_bytes(key, c, bid, now),
            (0, _) => {
                stream.on_eof();
                Readiness {
                    read_closed: true,
                    ..ready
                }
            }
            (e, _) if e == -libc::ENOBUFS => return, // armed again: the rest waits in the socket
            (e, _) => {
                stream.on_recv_error(-e);
                Readiness {
                    error: true,
                    ..ready
                }
            }
        };
        if !self.setting_up(key) {
            self.on_event(key, ready, now);
        }
    }

    /// Feeds a received buffer to its connection, then recycles it. A
    /// connection still being set up keeps the bytes for when it is ready.
    fn on_bytes(&mut self, key: usize, c: Completion, bid: u16, now: Instant) {
        let setting_up = self.setting_up(key);
        let ring = self.ring.as_deref_mut().expect("a ring");
        let bytes = ring.received(bid, c.res as usize);
        let stream = stream_of(&mut self.conns, c.key, c.generation).expect("checked");
        if setting_up {
            stream.stash(bytes);
        } else {
            stream.lend(bytes);
            let ready = Readiness {
                readable: true,
                ..Readiness::default()
            };
            self.on_event(key, ready, now);
            if let Some(stream) = stream_of(&mut self.conns, c.key, c.generation) {
                stream.unlend();
            }
        }
        self.ring.as_deref_mut().expect("a ring").recycle(bid);
    }

    /// A connect's poll completed: connected (writable) or failed.
    fn on_connect_polled(&mut self, c: Completion, now: Instant) {
        let Some(stream) = stream_of(&mut self.conns, c.key, c.generation) else {
            return;
        };
        let mask = if c.res < 0 {
            libc::POLLERR
        } else {
            c.res as i16
        };
        let ready = Readiness {
            writable: mask & libc::POLLOUT != 0,
            error: mask & libc::POLLERR != 0,
            // What the receive brought while connecting is read once connected.
            readable: stream.unread(),
            ..Readiness::default()
        };
        self.on_event(c.key as usize, ready, now);
    }

    /// A send completed: the rest of a partial one goes next; a failure
    /// wakes the writer, whose flush reports it.
    fn on_sent(&mut self, c: Completion, now: Instant) {
        let ring = self.ring.as_deref_mut().expect("a ring");
        let Some(stream) = stream_of(&mut self.conns, c.key, c.generation) else {
            return ring.on_orphan_sent(&c);
        };
        if stream.on_sent(c.res) {
            ring.send(stream);
        }
        if c.res < 0 {
            let ready = Readiness {
                writable: true,
                ..Readiness::default()
            };
            self.on_event(c.key as usize, ready, now);
        }
    }

    /// The connection is connecting or handshaking (not ready to read).
    fn setting_up(&self, key: usize) -> bool {
        matches!(
            self.conns.get(key).map(|c| c.state),
            Some(ConnState::Connecting { .. } | ConnState::Handshaking { .. })
        )
    }
}

/// The ring's stream of connection `key`, if it is still the one of that generation.
fn stream_of(conns: &mut Slab<Conn>, key: u32, generation: u32) -> Option<&mut UringStream> {
    let stream = conns.get_mut(key as usize)?.link.uring()?;
    (stream.generation == generation).then_some(stream)
}
