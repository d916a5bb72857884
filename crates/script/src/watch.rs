//! Time limits on script code, so that no script hangs a run.
//!
//! LuaJIT's compiled traces ignore debug hooks, so every state runs with
//! the JIT off ([`crate::state`]) and with a count hook that looks at the
//! clock every [`EVERY`] instructions. What it compares with depends on the
//! state's [`Phase`]:
//! - a set-up step (top level, setup, init, done) is timed from its start;
//! - during the run, one call (request, response, delay) is timed without
//!   reading the clock per call: each call stores a new sequence number,
//!   and the hook remembers the number it last saw and when it first saw
//!   it; the same number still current after the limit is a call that ran
//!   too long.
//!
//! Once a limit is passed the hook fires on every instruction and fails
//! each time, so that a script catching the error with `pcall` inside a
//! loop fails again on the loop's next instruction outside the `pcall`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use mlua::{Debug, HookTriggers, Lua, VmState};

use crate::error::located;

/// Instructions between two looks at the clock: about a millisecond of
/// interpreted Lua, and no measurable cost on short calls.
const EVERY: u32 = 100_000;

/// The run-time calls, numbered in the low bits of the sequence number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u64)]
pub(crate) enum Call {
    Request = 1,
    Response = 2,
    Delay = 3,
}

impl Call {
    fn name(bits: u64) -> &'static str {
        match bits & 3 {
            1 => "request()",
            2 => "response()",
            _ => "delay()",
        }
    }
}

/// What the state is doing, for the hook.
#[derive(Debug)]
enum Phase {
    /// No limit (between steps of the main state).
    Idle,
    /// A set-up step, timed from its start.
    Step {
        name: String,
        started: Instant,
        limit: Duration,
    },
    /// The run: each call is limited; `seen` is the call number the hook
    /// last saw and when it first saw it.
    Calls {
        limit: Duration,
        seen: Option<(u64, Instant)>,
    },
}

/// The limits' bookkeeping of one Lua state, shared with its hook.
#[derive(Debug)]
pub(crate) struct Watch {
    phase: Mutex<Phase>,
    /// The current run-time call: sequence number << 2 | [`Call`].
    call: AtomicU64,
    /// The hook fires on every instruction (a limit was passed).
    tight: AtomicBool,
}

impl Watch {
    /// A new watch, its hook installed in `lua`.
    pub(crate) fn install(lua: &Lua) -> mlua::Result<Arc<Watch>> {
        let watch = Arc::new(Watch {
            phase: Mutex::new(Phase::Idle),
            call: AtomicU64::new(0),
            tight: AtomicBool::new(false),
        });
        set_hook(lua, &watch, EVERY)?;
        Ok(watch)
    }

    fn phase(&self) -> MutexGuard<'_, Phase> {
        // The hook never panics while holding the lock; a poisoned lock
        // still holds a valid phase.
        self.phase.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` as the set-up step `name` (e.g. `init()`), limited to
    /// `limit`, then returns to the phase the state was in.
    pub(crate) fn step<R>(
        self: &Arc<Self>,
        lua: &Lua,
        name: &str,
        limit: Duration,
        f: impl FnOnce() -> mlua::Result<R>,
    ) -> mlua::Result<R> {
        let before = std::mem::replace(
            &mut *self.phase(),
            Phase::Step {
                name: name.to_string(),
                started: Instant::now(),
                limit,
            },
        );
        let result = f();
        *self.phase() = before;
        self.relax(lua);
        result
    }

    /// From now on each run-time call is limited to `limit`.
    pub(crate) fn start_calls(&self, limit: Duration) {
        *self.phase() = Phase::Calls { limit, seen: None };
    }

    /// Marks the start of a run-time call: `seq` must differ from the
    /// previous call's (the caller counts calls). One relaxed store.
    #[inline]
    pub(crate) fn begin_call(&self, seq: u64, call: Call) {
        self.call.store(seq << 2 | call as u64, Ordering::Relaxed);
    }

    /// After a failed call: the hook goes back to its normal pace.
    pub(crate) fn relax(self: &Arc<Self>, lua: &Lua) {
        if self.tight.swap(false, Ordering::Relaxed) {
            // Re-installing cannot fail for a hook that was installed once.
            let _ = set_hook(lua, self, EVERY);
        }
    }

    /// The hook's verdict: the error to raise when a limit is passed.
    fn check(&self) -> Option<String> {
        let mut phase = self.phase();
        match &mut *phase {
            Phase::Idle => None,
            Phase::Step {
                name,
                started,
                limit,
            } => (started.elapsed() > *limit).then(|| {
                format!(
                    "{name} ran for more than {} (the limit for a script's set-up step)",
                    show(*limit)
                )
            }),
            Phase::Calls { limit, seen } => {
                let call = self.call.load(Ordering::Relaxed);
                match seen {
                    Some((last, since)) if *last == call => (since.elapsed() > *limit).then(|| {
                        format!(
                            "{} ran for more than {} (the limit for one call)",
                            Call::name(call),
                            show(*limit)
                        )
                    }),
                    _ => {
                        *seen = Some((call, Instant::now()));
                        None
                    }
                }
            }
        }
    }
}

/// Installs the hook of `watch` in `lua`, firing every `every` instructions.
/// A global hook: LuaJIT hooks are per VM, so coroutines are covered too.
fn set_hook(lua: &Lua, watch: &Arc<Watch>, every: u32) -> mlua::Result<()> {
    let watch = Arc::clone(watch);
    lua.set_global_hook(
        HookTriggers::new().every_nth_instruction(every),
        move |lua: &Lua, debug: &Debug| hook(lua, debug, &watch),
    )
}

fn hook(lua: &Lua, debug: &Debug, watch: &Arc<Watch>) -> mlua::Result<VmState> {
    let Some(message) = watch.check() else {
        // A call that ended well after a failure was caught (pcall): the
        // next one runs at the normal pace again.
        if watch.tight.swap(false, Ordering::Relaxed) {
            set_hook(lua, watch, EVERY)?;
        }
        return Ok(VmState::Continue);
    };
    if !watch.tight.swap(true, Ordering::Relaxed) {
        set_hook(lua, watch, 1)?;
    }
    let at = debug.source().short_src.map(|s| s.into_owned());
    match (at, debug.current_line()) {
        (Some(src), Some(line)) => Err(mlua::Error::RuntimeError(format!(
            "{src}:{line}: {message}"
        ))),
        _ => Err(located(lua, message)),
    }
}

/// A limit as the user wrote it: `5s`, `200ms`.
pub(crate) fn show(limit: Duration) -> String {
    let ms = limit.as_millis();
    if ms % 1000 == 0 {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    }
}
