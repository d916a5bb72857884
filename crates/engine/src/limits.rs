//! The open-files limit: raised to the hard limit at start, and checked
//! against the connections a run needs.

/// The open-files limit after raising it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenFiles {
    pub soft: u64,
    pub hard: u64,
}

/// File descriptors a run uses besides its connections (epoll, timers, stdio, logs).
pub const SPARE_FDS: u64 = 64;

/// Raises the soft `RLIMIT_NOFILE` to the hard limit; returns both.
pub fn raise_open_files_limit() -> std::io::Result<OpenFiles> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct we own.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    if lim.rlim_cur < lim.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: lim.rlim_max,
            rlim_max: lim.rlim_max,
        };
        // SAFETY: setrlimit reads the struct we own.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            lim.rlim_cur = lim.rlim_max;
        }
    }
    Ok(OpenFiles {
        soft: lim.rlim_cur,
        hard: lim.rlim_max,
    })
}

/// Grows this process's file-descriptor table to hold `fds` descriptors
/// now (capped by the soft limit), by duplicating one descriptor to the
/// table's last slot and closing it.
///
/// Why: the kernel doubles the table when a new descriptor does not fit,
/// and in a process with several threads each doubling waits for an RCU
/// grace period (`expand_files` → `synchronize_rcu`), 5-20 ms here. Opening
/// 4,096 connections crossed seven doublings, and the connects under way
/// each time read that stall as their connect time.
pub fn reserve_fd_table(fds: u64, limit: &OpenFiles) {
    let last = fds.min(limit.soft).saturating_sub(1);
    let Ok(last) = libc::c_int::try_from(last) else {
        return;
    };
    let Ok(null) = std::fs::File::open("/dev/null") else {
        return;
    };
    use std::os::fd::AsRawFd;
    // SAFETY: F_DUPFD_CLOEXEC duplicates a descriptor we own to the lowest
    // free one >= `last`; the copy is closed at once and used for nothing.
    unsafe {
        let copy = libc::fcntl(null.as_raw_fd(), libc::F_DUPFD_CLOEXEC, last);
        if copy >= 0 {
            libc::close(copy);
        }
    }
}

impl OpenFiles {
    /// Connections that fit under the soft limit.
    pub fn connections_that_fit(&self) -> u64 {
        self.soft.saturating_sub(SPARE_FDS)
    }

    /// Why `connections` cannot run in this process, in one line naming
    /// the limit, the descriptors needed and what to do; `None` if they fit.
    pub fn refusal(&self, connections: u64) -> Option<String> {
        if connections <= self.connections_that_fit() {
            return None;
        }
        let raise = if self.soft < self.hard {
            format!("; the hard limit is {}", self.hard)
        } else {
            String::new()
        };
        Some(format!(
            "{connections} connections need {} file descriptors, above this process's open-files \
             limit (RLIMIT_NOFILE) of {}{raise}: at most {} connections fit here; split the load \
             over agents (barrage load --agents, or lab hosts: docs/distributed.md) or raise the \
             hard limit (ulimit -Hn, LimitNOFILE=) where it may be raised",
            connections + SPARE_FDS,
            self.soft,
            self.connections_that_fit(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_the_limit_in_one_line() {
        let l = OpenFiles {
            soft: 20_000,
            hard: 20_000,
        };
        assert_eq!(l.refusal(16_384), None);
        assert_eq!(l.refusal(20_000 - SPARE_FDS), None);
        let line = l.refusal(20_000).unwrap();
        assert!(!line.contains('\n'), "{line}");
        for part in [
            "20064 file descriptors",
            "RLIMIT_NOFILE) of 20000",
            "--agents",
        ] {
            assert!(line.contains(part), "{part:?} not in {line}");
        }
    }

    /// `FDSize:` of /proc/self/status: the slots of the descriptor table.
    fn fd_table_size() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("FDSize:")).unwrap();
        line["FDSize:".len()..].trim().parse().unwrap()
    }

    #[test]
    fn the_fd_table_is_grown_ahead_of_the_connects() {
        let limit = raise_open_files_limit().unwrap();
        if limit.soft < 3_000 {
            return; // a machine whose limit is too low to tell
        }
        reserve_fd_table(3_000, &limit);
        assert!(fd_table_size() >= 3_000, "FDSize {}", fd_table_size());
    }

    #[test]
    fn raises_to_hard() {
        let l = raise_open_files_limit().unwrap();
        assert!(l.soft <= l.hard);
        assert!(l.connections_that_fit() < l.soft.max(SPARE_FDS));
    }
}
