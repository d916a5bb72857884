//! io_uring for plain TCP (`--io-uring`): the ring a worker drives its
//! connections through instead of epoll, and the connection's side of it
//! ([`UringStream`]).
//!
//! What it uses, each because it measured cheaper here (see docs/load.md):
//! - `SINGLE_ISSUER | DEFER_TASKRUN` (and `COOP_TASKRUN`): completions are
//!   run when the worker enters the ring, not by interrupting it; without
//!   them io_uring measured worse than epoll on this kind of machine.
//! - A provided-buffer ring ([`bufs`]) and one multishot receive per
//!   connection: the kernel picks a buffer per arrival; the worker feeds its
//!   bytes to the session and recycles it at once. A receive whose
//!   completion lacks `F_MORE` is armed again.
//! - Sends queued by the connections ([`UringStream::write`]) and pushed in
//!   one batch before each `io_uring_enter`, which also waits: one system
//!   call per turn of the loop, with a timeout (`EXT_ARG`) from the worker's
//!   next wake-up.
//! - A connect is mio's nonblocking `connect` and a one-shot `POLL_ADD`
//!   for `POLLOUT`; a close is an `ASYNC_CANCEL` of the connection's
//!   requests hard-linked to a `CLOSE`, both silent on success.
//! - The worker's timerfd is watched by a multishot `POLL_ADD`.
//!
//! Every operation's `user_data` carries its kind, the connection's key and
//! a generation, so that a completion for a connection already gone (its key
//! reused since) is recognised and only its buffer recycled.
//!
//! Why a crate rather than raw system calls: `io-uring` (tokio-rs) is the
//! maintained binding; the queues' memory ordering and the SQE layout are
//! what it gets right and the engine would only copy.
//!
//! Must not: know sessions or the schedule (the worker dispatches).

mod bufs;
mod stream;

use std::cell::RefCell;
use std::io;
use std::os::fd::RawFd;
use std::time::Duration;

use io_uring::{cqueue, opcode, squeue, types, IoUring};

pub(crate) use stream::UringStream;

/// Submission queue entries; the completion queue is four times larger.
const SQ_ENTRIES: u32 = 1024;

/// The operation a completion is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Recv = 1,
    Connect = 2,
    Send = 3,
    Timer = 4,
    /// A close's cancel or close failed (only failures post a completion).
    Close = 5,
}

/// One completion, copied out of the queue.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Completion {
    pub op: Op,
    pub key: u32,
    pub generation: u32,
    pub res: i32,
    pub flags: u32,
}

impl Completion {
    /// The provided buffer the kernel chose, if any.
    pub fn buffer(&self) -> Option<u16> {
        cqueue::buffer_select(self.flags)
    }

    /// A multishot request stays armed.
    pub fn more(&self) -> bool {
        cqueue::more(self.flags)
    }
}

fn user_data(op: Op, key: u32, generation: u32) -> u64 {
    (op as u64) << 56 | u64::from(generation & 0xff_ffff) << 32 | u64::from(key)
}

fn decode(data: u64) -> Option<(Op, u32, u32)> {
    let op = match data >> 56 {
        1 => Op::Recv,
        2 => Op::Connect,
        3 => Op::Send,
        4 => Op::Timer,
        5 => Op::Close,
        _ => return None,
    };
    Some((op, data as u32, (data >> 32) as u32 & 0xff_ffff))
}

/// What the connections of this thread left for the next submit.
struct Queue {
    /// The ring of this thread exists (else a dropped stream closes its socket itself).
    live: bool,
    /// Streams with bytes to send: (key, generation).
    sends: Vec<(u32, u32)>,
    /// Streams dropped: their socket, and the bytes of a send in flight.
    retired: Vec<Retired>,
}

struct Retired {
    fd: RawFd,
    send: Option<(u64, Vec<u8>)>,
}

thread_local! {
    static QUEUE: RefCell<Queue> = const {
        RefCell::new(Queue { live: false, sends: Vec::new(), retired: Vec::new() })
    };
}

/// Lists a stream for the next submit.
pub(crate) fn note_send(key: u32, generation: u32) {
    QUEUE.with(|q| q.borrow_mut().sends.push((key, generation)));
}

/// A stream is gone: the ring cancels its requests and closes its socket
/// (or, with no ring on this thread, the socket is closed now).
fn retire(fd: RawFd, key: u32, generation: u32, out: Option<Vec<u8>>) {
    let send = out.map(|o| (user_data(Op::Send, key, generation), o));
    let queued = QUEUE.with(|q| {
        let mut q = q.borrow_mut();
        if q.live {
            q.retired.push(Retired { fd, send });
        }
        q.live
    });
    if !queued {
        // SAFETY: the descriptor was taken from the stream, which owned it.
        unsafe { libc::close(fd) };
    }
}

/// Why io_uring cannot run here, if it cannot: setting up a ring as the
/// workers do fails, or `BARRAGE_NO_IO_URING` is set (not empty, not 0).
pub fn unavailable() -> Option<String> {
    Ring::new(64).err()
}

/// A worker's ring and its provided buffers.
pub(crate) struct Ring {
    // Field order: the ring is dropped (its requests cancelled) before the
    // buffers its receives write into.
    ring: IoUring,
    bufs: bufs::BufRing,
    /// Sends in flight of streams already dropped: (user_data, bytes).
    orphans: Vec<(u64, Vec<u8>)>,
    /// Scratch for the thread's send list.
    sends: Vec<(u32, u32)>,
    next_generation: u32,
}

impl Ring {
    /// Sets up a ring for a worker of up to `connections` connections, on
    /// this thread (the only one that may use it). The error says why not.
    pub fn new(connections: usize) -> Result<Ring, String> {
        // For tests of the fallback, and for machines where it misbehaves.
        if std::env::var_os("BARRAGE_NO_IO_URING").is_some_and(|v| !v.is_empty() && v != "0") {
            return Err("BARRAGE_NO_IO_URING is set".into());
        }
        let ring = IoUring::builder()
            .setup_single_issuer()
            .setup_defer_taskrun()
            .setup_coop_taskrun()
            .setup_submit_all()
            .setup_cqsize(SQ_ENTRIES * 4)
            .build(SQ_ENTRIES)
            .map_err(|e| setup_error(&e))?;
        if !ring.params().is_feature_ext_arg() {
            return Err("this kernel's io_uring has no timed wait (EXT_ARG, Linux 5.11)".into());
        }
        let (count, size) = buffer_plan(connections);
        let bufs = bufs::BufRing::register(&ring, count, size)
            .map_err(|e| format!("io_uring cannot register a buffer ring (Linux 5.19): {e}"))?;
        QUEUE.with(|q| q.borrow_mut().live = true);
        Ok(Ring {
            ring,
            bufs,
            orphans: Vec::new(),
            sends: Vec::new(),
            next_generation: 0,
        })
    }

    /// Pushes an operation, submitting first if the queue is full.
    fn push(&mut self, entry: &squeue::Entry) {
        // SAFETY: every entry's memory (send bytes, buffers) outlives its
        // completion: see `UringStream` and `BufRing`.
        while unsafe { self.ring.submission().push(entry) }.is_err() {
            let _ = self.ring.submit();
        }
    }

    /// Watches a new connection (connecting): a poll for its connect and
    /// its multishot receive.
    pub fn register(&mut self, stream: &mut UringStream, key: usize) {
        self.next_generation = self.next_generation.wrapping_add(1) & 0xff_ffff;
        stream.key = key as u32;
        stream.generation = self.next_generation;
        let fd = types::Fd(stream.fd());
        let poll = opcode::PollAdd::new(fd, libc::POLLOUT as u32)
            .build()
            .user_data(user_data(Op::Connect, stream.key, stream.generation));
        self.push(&poll);
        self.arm_recv(stream);
    }

    /// (Re-)arms a stream's multishot receive.
    pub fn arm_recv(&mut self, stream: &UringStream) {
        let recv = opcode::RecvMulti::new(types::Fd(stream.fd()), bufs::GROUP)
            .build()
            .user_data(user_data(Op::Recv, stream.key, stream.generation));
        self.push(&recv);
    }

    /// Watches the worker's timer (a multishot poll).
    pub fn watch_timer(&mut self, fd: RawFd) {
        let poll = opcode::PollAdd::new(types::Fd(fd), libc::POLLIN as u32)
            .multi(true)
            .build()
            .user_data(user_data(Op::Timer, 0, 0));
        self.push(&poll);
    }

    /// Pushes a stream's next send, if it has one.
    pub fn send(&mut self, stream: &mut UringStream) {
        if let Some((bytes, len)) = stream.start_send() {
            let send = opcode::Send::new(types::Fd(stream.fd()), bytes, len)
                .build()
                .user_data(user_data(Op::Send, stream.key, stream.generation));
            self.push(&send);
        }
    }

    /// The streams listed for sending since the last call, into `into`.
    pub fn take_sends(&mut self) -> Vec<(u32, u32)> {
        let mut sends = std::mem::take(&mut self.sends);
        QUEUE.with(|q| std::mem::swap(&mut q.borrow_mut().sends, &mut sends));
        sends
    }

    /// Gives back the list taken by [`take_sends`](Self::take_sends), emptied.
    pub fn return_sends(&mut self, mut sends: Vec<(u32, u32)>) {
        sends.clear();
        self.sends = sends;
    }

    /// Cancels the requests of dropped streams and closes their sockets.
    pub fn close_retired(&mut self) {
        let retired = QUEUE.with(|q| std::mem::take(&mut q.borrow_mut().retired));
        for r in retired {
            let fd = types::Fd(r.fd);
            let silent = squeue::Flags::SKIP_SUCCESS;
            let cancel = opcode::AsyncCancel2::new(types::CancelBuilder::fd(fd).all())
                .build()
                .flags(silent | squeue::Flags::IO_HARDLINK)
                .user_data(user_data(Op::Close, 0, 0));
            let close = opcode::Close::new(fd)
                .build()
                .flags(silent)
                .user_data(user_data(Op::Close, 0, 0));
            self.push(&cancel);
            self.push(&close);
            self.orphans.extend(r.send);
        }
    }

    /// A send completed for a stream that is gone: its bytes may go.
    pub fn on_orphan_sent(&mut self, c: &Completion) {
        let data = user_data(Op::Send, c.key, c.generation);
        if let Some(i) = self.orphans.iter().position(|(d, _)| *d == data) {
            self.orphans.swap_remove(i);
        }
    }

    /// Submits what was pushed and waits up to `wait` for a completion;
    /// then copies the completions into `into`.
    pub fn enter(&mut self, wait: Duration, into: &mut Vec<Completion>) -> io::Result<()> {
        self.close_retired();
        self.bufs.publish();
        let ts = types::Timespec::from(wait);
        let args = types::SubmitArgs::new().timespec(&ts);
        match self.ring.submitter().submit_with_args(1, &args) {
            Ok(_) => {}
            Err(e) if matches!(e.raw_os_error(), Some(libc::ETIME | libc::EINTR)) => {}
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) => {} // completions to reap first
            Err(e) => return Err(e),
        }
        into.clear();
        into.extend(self.ring.completion().filter_map(|cqe| {
            let (op, key, generation) = decode(cqe.user_data())?;
            Some(Completion {
                op,
                key,
                generation,
                res: cqe.result(),
                flags: cqe.flags(),
            })
        }));
        Ok(())
    }

    /// The bytes a receive completion brought (in its provided buffer).
    pub fn received(&self, bid: u16, len: usize) -> &[u8] {
        self.bufs.bytes(bid, len)
    }

    /// Gives a provided buffer back (published before the next wait).
    pub fn recycle(&mut self, bid: u16) {
        self.bufs.recycle(bid);
    }
}

impl Drop for Ring {
    fn drop(&mut self) {
        QUEUE.with(|q| {
            let mut q = q.borrow_mut();
            q.live = false;
            q.sends.clear();
            for r in q.retired.drain(..) {
                // SAFETY: a retired stream's descriptor, owned by the queue.
                unsafe { libc::close(r.fd) };
            }
        });
        // Sends still in flight may read their bytes until the ring is torn
        // down, which finishes after this returns: leak them (rare, small).
        std::mem::forget(std::mem::take(&mut self.orphans));
    }
}

/// Provided buffers for a worker of `connections`: a power of two of them,
/// about two per connection (a batch of completions takes one each), of 16
/// KiB (4 KiB past a thousand connections, to bound the memory).
fn buffer_plan(connections: usize) -> (u16, usize) {
    let count = (connections * 2).clamp(256, 4096).next_power_of_two() as u16;
    let size = if connections > 1024 { 4096 } else { 16 * 1024 };
    (count, size)
}

/// Why a ring could not be set up, in the user's terms.
fn setup_error(e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::ENOSYS) => "this kernel has no io_uring (ENOSYS)".into(),
        Some(libc::EPERM) => {
            "io_uring is not permitted here (EPERM: kernel.io_uring_disabled, or a seccomp filter)"
                .into()
        }
        Some(libc::EINVAL) => {
            "this kernel's io_uring lacks SINGLE_ISSUER or DEFER_TASKRUN (EINVAL: Linux 6.1 or later needed)".into()
        }
        _ => format!("io_uring set-up failed: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_data_round_trips() {
        for (op, key, generation) in [
            (Op::Recv, 0, 1),
            (Op::Send, u32::MAX, 0xff_ffff),
            (Op::Connect, 17, 3),
        ] {
            assert_eq!(
                decode(user_data(op, key, generation)),
                Some((op, key, generation))
            );
        }
        assert_eq!(decode(0), None);
    }

    #[test]
    fn buffers_are_a_power_of_two() {
        for c in [1, 100, 1000, 5000, 100_000] {
            let (count, size) = buffer_plan(c);
            assert!(count.is_power_of_two() && (256..=4096).contains(&count));
            assert!(size == 4096 || size == 16384);
        }
    }
}
