//! A worker's sends of a weighted mix: the next template, its send, what
//! a raw entry's connection does after it, and which template an error
//! that ends a connection belongs to.

use super::*;
use crate::mix::wire::MixSender;
use crate::session::ProtocolSession;

impl Worker {
    /// Sends the mix's next template on a ready connection.
    pub(super) fn submit_mix(
        &mut self,
        key: usize,
        intended: Instant,
        now: Instant,
        measured: bool,
    ) {
        let (Some(sender), Some(mix)) = (self.mix.as_deref_mut(), self.shared.mix.as_ref()) else {
            return;
        };
        let t = sender.pick();
        let entry = &mix.entries[t];
        let inflight = Inflight {
            intended,
            sent: now,
            head: MixSender::head(entry),
            measured,
            template: t as u16,
        };
        let conn = &mut self.conns[key];
        sender.submit(entry, &mut conn.link.session, inflight, &mut self.scratch);
        if entry.last_on_connection {
            conn.link.session.close_after();
        }
        conn.shut_write |= entry.raw;
        conn.calls += 1;
        self.inflight += 1;
        if measured {
            self.recorder.counters.requests_sent += 1;
            sender.tallies[t].requests_sent += 1;
        }
    }

    /// A raw entry's bytes are all written: the client shuts its write
    /// side, so a server that waits for more of a request sees the end.
    #[inline]
    pub(super) fn shut_when_written(&mut self, key: usize) {
        if let Some(conn) = self.conns.get_mut(key) {
            if conn.shut_write && !conn.link.wants_write() {
                conn.shut_write = false;
                conn.link.shutdown_write();
            }
        }
    }

    /// An error is ending connection `key`: it counts against the template
    /// of the oldest request in flight on it. True when it is no error: a
    /// raw entry's connection closed or reset without an answer, which is
    /// what a server may do with bad bytes (counted per template instead).
    pub(super) fn mix_fail(&mut self, key: usize, kind: ErrorKind, now: Instant) -> bool {
        let (Some(sender), Some(mix)) = (self.mix.as_deref_mut(), self.shared.mix.as_ref()) else {
            return false;
        };
        let Some(oldest) = self
            .conns
            .get(key)
            .and_then(|c| c.link.session.oldest())
            .copied()
        else {
            return false;
        };
        let t = usize::from(oldest.template);
        let counted = oldest.measured && now >= self.shared.measure_start;
        let closed = mix.entries[t].raw && matches!(kind, ErrorKind::Read | ErrorKind::Reset);
        let tally = &mut sender.tallies[t];
        if counted {
            if closed {
                tally.closed_without_answer += 1;
            } else {
                tally.errors += 1;
            }
        }
        if closed {
            self.progress(now);
        }
        closed
    }
}
