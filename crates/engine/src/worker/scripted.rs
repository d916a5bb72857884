//! A worker's load script (wrk's per-thread state): the requests it makes,
//! the think time it asks for, and the run's end when it fails or stops.
//! Only scripted runs come here; the plain paths never look at a script.

use std::sync::atomic::Ordering;

use super::*;
use crate::request::split_h1_requests;
use crate::script::WorkerScript;
use crate::session::ProtocolSession;

/// One send's bytes (one request, or several to pipeline) and, per
/// request, whether it is a HEAD.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    pub bytes: Vec<u8>,
    pub heads: Vec<bool>,
}

/// What a worker keeps of its script.
pub(crate) struct ScriptState {
    pub hooks: Box<dyn WorkerScript>,
    /// The bytes of every send, when the script's request never changes:
    /// split once, and no script code runs per request.
    fixed: Option<Batch>,
    /// The last few distinct `request()` results, split: a result equal to
    /// one of them is not split again (a script that walks a few prepared
    /// strings, as wrk's documentation advises, costs comparisons, not
    /// parses).
    recent: Vec<Batch>,
    /// Where the next new result goes in `recent` (the oldest one).
    replace: usize,
    fresh: Vec<u8>,
    pub has_delay: bool,
}

/// Distinct `request()` results kept split.
const RECENT: usize = 8;

/// A connection's think time before its next send (a script's `delay()`,
/// closed loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pause {
    /// Ask the script before the next send (none yet for the first).
    Ask,
    /// Send nothing before then.
    Until(Instant),
    /// Asked and waited: the next send goes now.
    Over,
}

impl ScriptState {
    pub fn new(hooks: Box<dyn WorkerScript>) -> Result<ScriptState, String> {
        let fixed = match hooks.fixed_request() {
            Some(bytes) => {
                let mut heads = Vec::new();
                split_h1_requests(&bytes, &mut heads)
                    .map_err(|e| format!("the script's request: {e}"))?;
                Some(Batch { bytes, heads })
            }
            None => None,
        };
        Ok(ScriptState {
            has_delay: hooks.has_delay(),
            hooks,
            fixed,
            recent: Vec::with_capacity(RECENT),
            replace: 0,
            fresh: Vec::new(),
        })
    }

    /// Calls `request()` once before the run and checks what it returns,
    /// as wrk does on its first thread (so a script whose `request()`
    /// fails, or returns something that is not requests, fails before any
    /// connection; and its state has advanced by one call, as in wrk).
    pub fn verify(&mut self) -> Result<(), String> {
        self.next().map(|_| ())
    }

    /// The next send's bytes: the fixed ones, or `request()`'s.
    pub fn next(&mut self) -> Result<&Batch, String> {
        if let Some(fixed) = &self.fixed {
            return Ok(fixed);
        }
        self.fresh.clear();
        self.hooks.request(&mut self.fresh)?;
        let known = |b: &Batch| !b.heads.is_empty() && b.bytes == self.fresh;
        if let Some(i) = self.recent.iter().position(known) {
            return Ok(&self.recent[i]);
        }
        let i = if self.recent.len() < RECENT {
            self.recent.push(Batch::default());
            self.recent.len() - 1
        } else {
            let i = self.replace;
            self.replace = (i + 1) % RECENT;
            i
        };
        // The slot's old buffers are reused: no allocation once warm, even
        // for a script whose every request differs.
        let slot = &mut self.recent[i];
        if let Err(e) = split_h1_requests(&self.fresh, &mut slot.heads) {
            slot.bytes.clear();
            slot.heads.clear();
            return Err(format!(
                "request() returned bytes that are not whole HTTP/1.x requests: {e}"
            ));
        }
        std::mem::swap(&mut slot.bytes, &mut self.fresh);
        Ok(&self.recent[i])
    }
}

impl Worker {
    /// Sends one batch from the script on `key`; the requests it holds.
    /// None: the script failed, and the run is stopping.
    pub(super) fn submit_scripted(
        &mut self,
        key: usize,
        intended: Instant,
        now: Instant,
        measured: bool,
    ) -> Option<usize> {
        let script = self.script.as_deref_mut()?;
        let batch = match script.next() {
            Ok(batch) => batch,
            Err(e) => {
                self.script_failed(now, e);
                return None;
            }
        };
        let n = batch.heads.len();
        let conn = &mut self.conns[key];
        let requests = batch.heads.iter().map(|&head| Inflight {
            intended,
            sent: now,
            head,
            measured,
            template: 0,
        });
        // Scripts that make requests run over HTTP/1 only (checked before the run).
        conn.link
            .session
            .submit_h1_batch(&batch.bytes, requests, &mut self.scratch);
        conn.calls += 1;
        conn.pause = Pause::Ask;
        self.inflight += n;
        if measured {
            self.recorder.counters.requests_sent += n as u64;
        }
        Some(n)
    }

    /// Closed loop with a `delay()` hook: whether `key` must wait before its
    /// next send (it is woken when the pause is over).
    pub(super) fn paused(&mut self, key: usize, now: Instant) -> bool {
        let Some(script) = self.script.as_deref_mut() else {
            return false;
        };
        let conn = &mut self.conns[key];
        let closed = matches!(self.plan, Plan::Closed { .. });
        if !script.has_delay || !closed || conn.calls == 0 || conn.link.session.in_flight() > 0 {
            return false;
        }
        match conn.pause {
            Pause::Over => false,
            Pause::Until(at) if now >= at => {
                conn.pause = Pause::Over;
                false
            }
            Pause::Until(_) => true,
            Pause::Ask => match script.hooks.delay() {
                Ok(d) if d.is_zero() => {
                    conn.pause = Pause::Over;
                    false
                }
                Ok(d) => {
                    conn.pause = Pause::Until(now + d);
                    self.pauses.push(Reverse((now + d, key)));
                    true
                }
                Err(e) => {
                    self.script_failed(now, e);
                    true
                }
            },
        }
    }

    /// Connections whose pause is over send again.
    pub(super) fn resume_paused(&mut self, now: Instant) {
        while let Some(&Reverse((at, key))) = self.pauses.peek() {
            if at > now {
                return;
            }
            self.pauses.pop();
            let due = self
                .conns
                .get(key)
                .is_some_and(|c| c.pause == Pause::Until(at));
            if due && self.is_open(key) && self.finishing.is_none() {
                self.fill(key, now);
            }
        }
    }

    /// When the next pause ends, if any.
    pub(super) fn next_pause(&self) -> Option<Instant> {
        self.pauses.peek().map(|Reverse((at, _))| *at)
    }

    /// A hook failed during the run: every worker stops at once; what was
    /// measured is kept, and the message goes in the report.
    pub(super) fn script_failed(&mut self, now: Instant, message: String) {
        self.script_error.get_or_insert(message);
        self.shared.halt.store(true, Ordering::Relaxed);
        self.stop_now(now, StopReason::Script);
    }

    /// The script called `thread:stop()`: this worker ends as at the end of
    /// a timed run (what is in flight may still be answered).
    pub(super) fn script_stopped(&self) -> bool {
        self.script.as_deref().is_some_and(|s| s.hooks.stopped())
    }
}
