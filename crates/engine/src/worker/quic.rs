//! The worker's QUIC half: HTTP/3 connections in the same loop as TCP ones.
//!
//! A QUIC connection has no byte stream to read: datagrams go to quinn-proto,
//! the session's `poll` turns the connection's events into responses, and
//! after every such step the connection's datagrams are sent and its next
//! timer (loss detection, ACK delay, idle) is kept in a heap the loop waits on.

use std::cmp::Reverse;

use super::*;
use crate::quic::QuicLink;
use crate::session::h3::H3Session;

impl Worker {
    /// Starts a QUIC connection: its first flight leaves at once.
    pub(super) fn open_quic(&mut self, now: Instant) {
        let Some(client) = &self.shared.quic else {
            return;
        };
        let (mut link, quic) =
            match QuicLink::connect(self.shared.addr, &client.config, &client.name, now) {
                Ok(pair) => pair,
                Err(e) => return self.connect_failed(now, e.0),
            };
        let key = self.conns.vacant_key();
        if let Err(e) = self
            .poll
            .registry()
            .register(link.socket(), Token(key), Interest::READABLE)
        {
            self.connect_failed(now, format!("cannot watch a new connection: {e}"));
            return;
        }
        let session = Session::H3(Box::new(H3Session::new(quic)));
        let key = self.add_conn(Transport::Quic(Box::new(link)), session, now);
        // A resumed session whose ticket allows it sends its requests as
        // 0-RTT data, with the handshake's first flight.
        if let Session::H3(s) = &mut self.conns[key].session {
            if s.start_early() {
                self.connecting -= 1;
                return self.on_open(key, now);
            }
        }
        self.quic_flush(key, now);
    }

    /// Datagrams arrived.
    pub(super) fn on_quic_readable(&mut self, key: usize, now: Instant) {
        let conn = &mut self.conns[key];
        let (Transport::Quic(link), Session::H3(s)) = (&mut conn.transport, &mut conn.session)
        else {
            return;
        };
        if self.quic_buf.is_empty() {
            self.quic_buf = vec![0u8; crate::quic::RECV_BUF_BYTES].into_boxed_slice();
        }
        match link.receive(now, &mut s.quic, &mut self.quic_buf) {
            Ok(n) => self.recorder.counters.bytes_read += n,
            Err(e) => {
                let (kind, msg) = (ErrorKind::of_io(&e, false), format!("read: {e}"));
                return self.fail(key, kind, now, || msg);
            }
        }
        self.quic_service(key, now);
    }

    /// A QUIC timer is due: let the connection act on it.
    pub(super) fn quic_timers(&mut self, now: Instant) {
        while let Some(&Reverse((at, key))) = self.quic_timers.peek() {
            if at > now {
                return;
            }
            self.quic_timers.pop();
            let Some(conn) = self.conns.get_mut(key) else {
                continue;
            };
            let Session::H3(s) = &mut conn.session else {
                continue; // the key now holds another connection
            };
            if conn.quic_deadline != Some(at) {
                continue; // a stale entry: a nearer one was filed since
            }
            conn.quic_deadline = None;
            match s.quic.poll_timeout() {
                Some(due) if due <= now => {
                    s.quic.handle_timeout(now);
                    self.quic_service(key, now);
                }
                // The timer moved later since it was filed: file it again.
                Some(due) => {
                    conn.quic_deadline = Some(due);
                    self.quic_timers.push(Reverse((due, key)));
                }
                None => {}
            }
        }
    }

    /// When the next QUIC timer is due.
    pub(super) fn next_quic_timer(&self) -> Option<Instant> {
        self.quic_timers.peek().map(|Reverse((at, _))| *at)
    }

    /// Takes the connection's events, sends what the plan wants, then what
    /// QUIC has to send.
    fn quic_service(&mut self, key: usize, now: Instant) {
        let measure_start = self.shared.measure_start;
        let conn = &mut self.conns[key];
        let Session::H3(s) = &mut conn.session else {
            return;
        };
        let mut tally = Tally::new(
            &mut self.recorder,
            &mut self.status_counts,
            &mut self.inflight,
            now,
            measure_start,
        );
        let result = s.poll(now, &mut tally);
        let outcome = tally.outcome();
        let any = outcome.0;
        self.settle(key, now, outcome);
        match result {
            Err(lost) => {
                // An HTTP/3 error closed the connection: say so to the server.
                self.quic_flush(key, now);
                return self.fail(key, lost.kind, now, || lost.message);
            }
            Ok(polled) if polled.done => {
                self.quic_flush(key, now);
                return self.close_conn(key, now, false);
            }
            Ok(polled) => {
                if polled.connected {
                    // Connecting, or open since the connect with 0-RTT requests.
                    let (since, early) = match self.conns[key].state {
                        ConnState::Connecting { since } => (since, false),
                        ConnState::Open { since } => (since, true),
                        _ => (now, true),
                    };
                    // QUIC sets up the connection and TLS in one handshake:
                    // it is both the connect time and the handshake time.
                    if now >= measure_start {
                        self.recorder.record_connect(now - since);
                        self.recorder.record_tls_handshake(now - since);
                    }
                    if let Session::H3(s) = &self.conns[key].session {
                        let summary = s.tls_summary();
                        if summary.resumed {
                            self.handshakes_resumed += 1;
                        } else {
                            self.handshakes_full += 1;
                        }
                        self.tls_seen.get_or_insert(summary);
                    }
                    if !early {
                        self.connecting -= 1;
                        return self.on_open(key, now);
                    }
                    // Requests the server refused as 0-RTT went again.
                    return self.fill(key, now);
                }
                if matches!(self.conns[key].state, ConnState::Open { .. })
                    && (polled.room_grew || any)
                {
                    return self.fill(key, now);
                }
            }
        }
        self.quic_flush(key, now);
    }

    /// Sends the connection's datagrams and files its next timer.
    pub(super) fn quic_flush(&mut self, key: usize, now: Instant) {
        let Some(conn) = self.conns.get_mut(key) else {
            return;
        };
        let (Transport::Quic(link), Session::H3(s)) = (&mut conn.transport, &mut conn.session)
        else {
            return;
        };
        self.recorder.counters.bytes_written += link.transmit(now, &mut s.quic);
        // A timer that moved later keeps its earlier entry, which re-files it
        // when it fires: most packets push a timer back, and the heap stays small.
        if let Some(at) = s.quic.poll_timeout() {
            if conn.quic_deadline.is_none_or(|filed| at < filed) {
                conn.quic_deadline = Some(at);
                self.quic_timers.push(Reverse((at, key)));
            }
        }
    }

    /// A QUIC connection leaving: its CONNECTION_CLOSE goes out first.
    pub(super) fn quic_goodbye(conn: &mut Conn, now: Instant) {
        if let (Transport::Quic(link), Session::H3(s)) = (&mut conn.transport, &mut conn.session) {
            s.close(now);
            link.transmit(now, &mut s.quic);
        }
    }
}
