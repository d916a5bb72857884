//! Kernel receive timestamps on TCP sockets (`SO_TIMESTAMPNS`): when the
//! bytes a `recvmsg` returns reached the socket, not when the client read
//! them.
//!
//! The open loop uses them to read responses late without timing them late:
//! a worker whose next send is near sleeps until it is due instead of waking
//! for each response as well (one wake-up per request instead of two, the
//! cost of an open loop on this kind of machine), and reads what arrived in
//! the meantime with the time each read's last segment came in. On loopback
//! the kernel stamps a segment as the server's write hands it over (the
//! loopback device clears TCP's own departure time first), so the stamp is
//! the response's arrival to the microsecond.
//!
//! The kernel's stamps are `CLOCK_REALTIME`; [`arrival`] turns one into an
//! [`Instant`] by its age against the real-time clock read just after.

use std::io;
use std::mem::{size_of, MaybeUninit};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Asks the kernel to stamp what this socket receives. False if it refused
/// (the socket then reads as before, unstamped).
pub(crate) fn enable(fd: RawFd) -> bool {
    let on: libc::c_int = 1;
    // SAFETY: a valid option value of the right size for SO_TIMESTAMPNS.
    unsafe {
        libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_TIMESTAMPNS,
            (&on as *const libc::c_int).cast(),
            size_of::<libc::c_int>() as libc::socklen_t,
        ) == 0
    }
}

/// A socket that asks for stamps, held for a run: the kernel turns its
/// receive stamps on for every socket a moment after the first asks (a
/// deferred static key), so asking early means the run's first responses
/// are stamped. A read that comes without a stamp is timed when it is read.
pub(crate) fn keep_on() -> Option<OwnedFd> {
    // SAFETY: plain socket(2); the descriptor is owned at once.
    let fd = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) };
    if fd < 0 {
        return None;
    }
    // SAFETY: fd is a fresh descriptor of ours.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    enable(fd.as_raw_fd()).then_some(fd)
}

/// Room for one `SCM_TIMESTAMPNS` control message (a `timespec`), aligned.
#[repr(C, align(8))]
struct Control([u8; 64]);

/// Reads into `buf` like `read(2)`; also returns the kernel's receive stamp
/// of the last segment read (seconds and nanoseconds since the epoch), if
/// the kernel gave one.
pub(crate) fn recv(fd: RawFd, buf: &mut [u8]) -> io::Result<(usize, Option<Duration>)> {
    let mut iov = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: buf.len(),
    };
    let mut control = MaybeUninit::<Control>::uninit();
    // SAFETY: an all-zero msghdr is valid; the pointers set below outlive the call.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = size_of::<Control>() as _;
    let n = loop {
        // SAFETY: fd is the caller's socket; msg points at live buffers.
        let n = unsafe { libc::recvmsg(fd, &mut msg, libc::MSG_DONTWAIT) };
        if n >= 0 {
            break n as usize;
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    };
    Ok((n, stamp_of(&msg)))
}

/// The `SCM_TIMESTAMPNS` message of a `recvmsg`'s control data, if any.
fn stamp_of(msg: &libc::msghdr) -> Option<Duration> {
    // SAFETY: the CMSG_* macros walk the control buffer the kernel filled,
    // within msg_controllen; the data is read unaligned.
    unsafe {
        let mut cmsg = libc::CMSG_FIRSTHDR(msg);
        while !cmsg.is_null() {
            let c = &*cmsg;
            if c.cmsg_level == libc::SOL_SOCKET && c.cmsg_type == libc::SCM_TIMESTAMPNS {
                let ts: libc::timespec =
                    std::ptr::read_unaligned(libc::CMSG_DATA(cmsg).cast::<libc::timespec>());
                return Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32));
            }
            cmsg = libc::CMSG_NXTHDR(msg, cmsg);
        }
    }
    None
}

/// The instant a stamp (time since the epoch) stands for, given `now` read
/// on both clocks; never later than `now`.
pub(crate) fn arrival(stamp: Duration, now: Instant, wall: SystemTime) -> Instant {
    let wall = wall.duration_since(UNIX_EPOCH).unwrap_or_default();
    now.checked_sub(wall.saturating_sub(stamp)).unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::net::{TcpListener, TcpStream};
    use std::os::fd::AsRawFd;

    #[test]
    fn a_stamped_read_tells_when_the_bytes_came() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (mut server, _) = listener.accept().unwrap();
        let _on = keep_on().expect("a socket may ask for stamps");
        assert!(enable(client.as_raw_fd()));
        // The kernel turns stamps on by a deferred work item: wait for it
        // on a probe pair (bounded) before the write that is measured.
        wait_until_stamped(&listener);
        server.write_all(b"hello").unwrap();
        let written = SystemTime::now();
        std::thread::sleep(Duration::from_millis(30));
        client.set_nonblocking(true).unwrap();
        let mut buf = [0u8; 16];
        let (n, stamp) = recv(client.as_raw_fd(), &mut buf).unwrap();
        assert_eq!(&buf[..n], b"hello");
        let stamp = stamp.expect("the kernel stamps a socket that asked");
        let since_epoch = written.duration_since(UNIX_EPOCH).unwrap();
        // Stamped when the write reached the socket, not when it was read
        // 30 ms later (a generous bound either side, for a loaded machine).
        assert!(
            stamp <= since_epoch + Duration::from_millis(25),
            "{stamp:?} {since_epoch:?}"
        );
        let now = Instant::now();
        let at = arrival(stamp, now, SystemTime::now());
        assert!(now - at >= Duration::from_millis(5), "{:?}", now - at);
        let (n, _) = match recv(client.as_raw_fd(), &mut buf) {
            Err(e) => (e.kind() == io::ErrorKind::WouldBlock, None::<()>),
            Ok(_) => (false, None),
        };
        assert!(n, "drained: the next read would block");
    }

    fn wait_until_stamped(listener: &TcpListener) {
        let probe = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (mut peer, _) = listener.accept().unwrap();
        assert!(enable(probe.as_raw_fd()));
        let mut buf = [0u8; 4];
        for _ in 0..200 {
            peer.write_all(b"p").unwrap();
            std::thread::sleep(Duration::from_millis(5));
            if let (_, Some(_)) = recv(probe.as_raw_fd(), &mut buf).unwrap() {
                return;
            }
        }
        panic!("the kernel never stamped a read within a second");
    }

    #[test]
    fn an_unstamped_socket_reads_as_before() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (mut server, _) = listener.accept().unwrap();
        server.write_all(b"x").unwrap();
        client.set_nonblocking(false).unwrap();
        let mut buf = [0u8; 4];
        let (n, stamp) = recv(client.as_raw_fd(), &mut buf).unwrap();
        assert_eq!((n, stamp), (1, None));
    }

    #[test]
    fn an_arrival_is_never_in_the_future() {
        let now = Instant::now();
        let wall = SystemTime::now();
        let ahead = wall.duration_since(UNIX_EPOCH).unwrap() + Duration::from_secs(1);
        assert_eq!(arrival(ahead, now, wall), now);
        let behind = wall.duration_since(UNIX_EPOCH).unwrap() - Duration::from_millis(3);
        assert_eq!(now - arrival(behind, now, wall), Duration::from_millis(3));
    }
}
