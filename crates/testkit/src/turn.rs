//! Turns on the machine for the tests of one test binary.
//!
//! Each crate's integration tests are one binary (`tests/main.rs`: one
//! link instead of one per file), run with libtest's default of a thread per
//! core. Tests that measure (a load's rate, latency or stop time; a capacity
//! search; a suite's levels) must not share a two-core machine with another
//! load, so they take [`exclusive`]. Tests that start servers or loads but
//! were written to run beside each other (the cli's lab, database, verify,
//! compare and HTML report tests) take [`shared`]: they overlap one another,
//! never an exclusive test. Tests that
//! only parse, render or check files take nothing and run beside anything.
//!
//! The lock is poison-proof: a failed test releases it for the next.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

static TURN: RwLock<()> = RwLock::new(());

/// The machine to this test alone (among the tests that take a turn).
pub fn exclusive() -> RwLockWriteGuard<'static, ()> {
    TURN.write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The machine shared with other [`shared`] tests, never with an
/// [`exclusive`] one. Take it once per test: a second `shared()` on the same
/// thread may wait behind a queued `exclusive()` forever.
pub fn shared() -> RwLockReadGuard<'static, ()> {
    TURN.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::thread;
    use std::time::Duration;

    #[test]
    fn shared_turns_overlap_and_an_exclusive_one_waits_for_them() {
        let first = shared();
        let second = shared(); // would block forever if shared turns excluded each other
        let (tx, rx) = mpsc::channel();
        let waiter = thread::spawn(move || {
            let _turn = exclusive();
            tx.send(()).unwrap();
        });
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
        drop(first);
        drop(second);
        rx.recv_timeout(Duration::from_secs(30))
            .expect("the exclusive turn once the shared ones ended");
        waiter.join().unwrap();
    }
}
