//! A nanosecond timer in the event loop (timerfd): epoll's own timeout has
//! millisecond resolution, too coarse for an open-loop schedule at tens of
//! thousands of requests a second.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use mio::event::Source;
use mio::unix::SourceFd;
use mio::{Interest, Registry, Token};

/// A one-shot timer readable (edge-triggered) when it fires.
pub(crate) struct Timer {
    fd: OwnedFd,
    armed_for: Option<Instant>,
}

impl Timer {
    pub fn new() -> io::Result<Timer> {
        // SAFETY: plain syscall; the result is checked before use.
        let fd = unsafe {
            libc::timerfd_create(
                libc::CLOCK_MONOTONIC,
                libc::TFD_NONBLOCK | libc::TFD_CLOEXEC,
            )
        };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fd is a fresh descriptor we own.
        Ok(Timer {
            fd: unsafe { OwnedFd::from_raw_fd(fd) },
            armed_for: None,
        })
    }

    /// Fires at `at` (now, if it has passed). Re-arming resets the expiry count,
    /// so the edge-triggered event needs no read to clear it.
    pub fn arm_at(&mut self, at: Instant, now: Instant) -> io::Result<()> {
        if self.armed_for == Some(at) {
            return Ok(());
        }
        let wait = at
            .saturating_duration_since(now)
            .max(Duration::from_nanos(1));
        let spec = libc::itimerspec {
            it_interval: libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            },
            it_value: libc::timespec {
                tv_sec: wait.as_secs() as _,
                tv_nsec: wait.subsec_nanos() as _,
            },
        };
        // SAFETY: the fd is ours; spec is a valid itimerspec.
        if unsafe { libc::timerfd_settime(self.fd.as_raw_fd(), 0, &spec, std::ptr::null_mut()) }
            != 0
        {
            return Err(io::Error::last_os_error());
        }
        self.armed_for = Some(at);
        Ok(())
    }

    /// The timer fired: it must be armed again.
    pub fn fired(&mut self) {
        self.armed_for = None;
    }

    pub(crate) fn raw(&self) -> RawFd {
        self.fd.as_raw_fd()
    }
}

impl Source for Timer {
    fn register(&mut self, r: &Registry, t: Token, i: Interest) -> io::Result<()> {
        SourceFd(&self.raw()).register(r, t, i)
    }
    fn reregister(&mut self, r: &Registry, t: Token, i: Interest) -> io::Result<()> {
        SourceFd(&self.raw()).reregister(r, t, i)
    }
    fn deregister(&mut self, r: &Registry) -> io::Result<()> {
        SourceFd(&self.raw()).deregister(r)
    }
}
