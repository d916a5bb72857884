//! A TCP connection driven through the worker's ring: the transport
//! behind [`crate::transport::Transport::Uring`].
//!
//! It answers the calls a plain socket answers, so that `read_stream` and
//! the sessions never know: `read` returns the bytes the ring has received
//! (the buffer the worker lends for one dispatch, or what waited in the
//! inbox) and then `WouldBlock`; `write` takes every byte and queues one
//! send for the next submit. The bytes of a send in flight are not touched
//! until its completion (the kernel reads them); bytes written meanwhile
//! wait in `later`. Dropping the stream has the ring cancel its receive and
//! close the socket ([`super::retire`]).
//!
//! Must not: touch the ring itself (the worker pushes the operations).

use std::io;
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, IntoRawFd, RawFd};

use mio::net::TcpStream;

/// One connection's state on the ring.
pub(crate) struct UringStream {
    tcp: ManuallyDrop<TcpStream>,
    /// The worker's key for the connection and the generation that tells it
    /// from an earlier connection under the same key (set when registered).
    pub key: u32,
    pub generation: u32,
    /// Received bytes not read yet (those that came before the connection
    /// was ready for them), from `inbox_at`.
    inbox: Vec<u8>,
    inbox_at: usize,
    /// A provided buffer lent for one dispatch: its address and the bytes left.
    lent: (usize, usize),
    /// The peer closed its side; or the receive failed (an errno).
    eof: bool,
    recv_error: Option<i32>,
    /// A send failed (an errno): reported by the next flush.
    send_error: Option<i32>,
    /// The bytes of the current send (in flight while `sending`), from `sent`.
    out: Vec<u8>,
    sent: usize,
    sending: bool,
    /// Listed for the next submit.
    listed: bool,
    /// Bytes written while a send was in flight.
    later: Vec<u8>,
    /// Shut the write side once everything written is sent.
    shut_when_sent: bool,
}

impl UringStream {
    pub fn new(tcp: TcpStream) -> UringStream {
        UringStream {
            tcp: ManuallyDrop::new(tcp),
            key: 0,
            generation: 0,
            inbox: Vec::new(),
            inbox_at: 0,
            lent: (0, 0),
            eof: false,
            recv_error: None,
            send_error: None,
            out: Vec::with_capacity(512),
            sent: 0,
            sending: false,
            listed: false,
            later: Vec::new(),
            shut_when_sent: false,
        }
    }

    pub fn tcp(&mut self) -> &mut TcpStream {
        &mut self.tcp
    }

    pub fn fd(&self) -> RawFd {
        self.tcp.as_raw_fd()
    }

    // ---- receiving ----------------------------------------------------------

    /// Lends `bytes` (a provided buffer) to the reads of one dispatch; the
    /// caller calls [`unlend`](Self::unlend) before the buffer is recycled.
    pub fn lend(&mut self, bytes: &[u8]) {
        if self.inbox_at < self.inbox.len() {
            // Older bytes wait: keep the order.
            return self.inbox.extend_from_slice(bytes);
        }
        self.lent = (bytes.as_ptr() as usize, bytes.len());
    }

    /// Keeps what the dispatch did not read of the lent buffer.
    pub fn unlend(&mut self) {
        let (addr, len) = std::mem::take(&mut self.lent);
        if len > 0 {
            // SAFETY: `addr..addr+len` is the rest of the buffer lent by
            // `lend`, which the worker recycles only after this call.
            let rest = unsafe { std::slice::from_raw_parts(addr as *const u8, len) };
            self.inbox.extend_from_slice(rest);
        }
    }

    /// Received bytes that arrived before the connection could read them.
    pub fn stash(&mut self, bytes: &[u8]) {
        self.inbox.extend_from_slice(bytes);
    }

    /// Bytes wait to be read (or the end, or an error).
    pub fn unread(&self) -> bool {
        self.inbox_at < self.inbox.len() || self.eof || self.recv_error.is_some()
    }

    pub fn on_eof(&mut self) {
        self.eof = true;
    }

    pub fn on_recv_error(&mut self, errno: i32) {
        self.recv_error = Some(errno);
    }

    /// What was received: `Ok(0)` at the end, `WouldBlock` when nothing waits.
    pub fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.inbox_at < self.inbox.len() {
            let n = buf.len().min(self.inbox.len() - self.inbox_at);
            buf[..n].copy_from_slice(&self.inbox[self.inbox_at..self.inbox_at + n]);
            self.inbox_at += n;
            if self.inbox_at == self.inbox.len() {
                self.inbox.clear();
                self.inbox_at = 0;
            }
            return Ok(n);
        }
        let (addr, len) = self.lent;
        if len > 0 {
            let n = buf.len().min(len);
            // SAFETY: see `unlend`: the lent buffer is valid during the dispatch.
            let lent = unsafe { std::slice::from_raw_parts(addr as *const u8, n) };
            buf[..n].copy_from_slice(lent);
            self.lent = (addr + n, len - n);
            return Ok(n);
        }
        if let Some(errno) = self.recv_error {
            return Err(io::Error::from_raw_os_error(errno));
        }
        if self.eof {
            return Ok(0);
        }
        Err(io::ErrorKind::WouldBlock.into())
    }

    // ---- sending ------------------------------------------------------------

    /// Takes all of `data` for sending; true when the stream must be listed
    /// for the next submit (it was not, and no send is in flight).
    pub fn write(&mut self, data: &[u8]) -> bool {
        if self.sending {
            self.later.extend_from_slice(data);
            return false;
        }
        self.out.extend_from_slice(data);
        !std::mem::replace(&mut self.listed, true)
    }

    /// The next send to push, marked in flight: the bytes' address and length.
    pub fn start_send(&mut self) -> Option<(*const u8, u32)> {
        self.listed = false;
        if self.sending || self.sent == self.out.len() {
            return None;
        }
        self.sending = true;
        let rest = &self.out[self.sent..];
        Some((rest.as_ptr(), rest.len().min(u32::MAX as usize) as u32))
    }

    /// A send completed with `res` (bytes sent, or -errno). True when more
    /// waits and the stream must be listed again.
    pub fn on_sent(&mut self, res: i32) -> bool {
        self.sending = false;
        if res < 0 {
            self.send_error.get_or_insert(-res);
            return false;
        }
        self.sent += res as usize;
        if self.sent == self.out.len() {
            self.out.clear();
            self.sent = 0;
            std::mem::swap(&mut self.out, &mut self.later);
        }
        if self.sent == self.out.len() {
            if std::mem::take(&mut self.shut_when_sent) {
                let _ = self.tcp.shutdown(std::net::Shutdown::Write);
            }
            return false;
        }
        !std::mem::replace(&mut self.listed, true)
    }

    /// A send failed: the next flush says so.
    pub fn failed(&self) -> bool {
        self.send_error.is_some()
    }

    /// The send error, if one happened.
    pub fn flush(&mut self) -> io::Result<()> {
        match self.send_error {
            Some(errno) => Err(io::Error::from_raw_os_error(errno)),
            None => Ok(()),
        }
    }

    /// Shuts the write side once what was written is sent.
    pub fn shutdown_write(&mut self) {
        if self.sending || self.sent < self.out.len() {
            self.shut_when_sent = true;
        } else {
            let _ = self.tcp.shutdown(std::net::Shutdown::Write);
        }
    }
}

impl Drop for UringStream {
    fn drop(&mut self) {
        // SAFETY: `tcp` is taken once, here, and never used again.
        let tcp = unsafe { ManuallyDrop::take(&mut self.tcp) };
        let fd = tcp.into_raw_fd();
        // A send in flight still reads `out`: the ring keeps it until then.
        let out = self.sending.then(|| std::mem::take(&mut self.out));
        super::retire(fd, self.key, self.generation, out);
    }
}
