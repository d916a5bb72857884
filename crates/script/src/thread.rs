//! wrk's threads: the thread object scripts see (`setup(thread)`,
//! `wrk.thread`) and a worker's script ([`ThreadScript`]), the engine's
//! [`WorkerScript`].

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use barrage_engine::script::{ScriptResponse, WorkerScript};
use mlua::{Function, Lua, MetaMethod, UserData, UserDataFields, UserDataMethods, Value};

use crate::error::{located, one_line};
use crate::net::Addr;
use crate::state::State;
use crate::values::Portable;
use crate::watch::{Call, Watch};

/// What a thread's two handles (main state, thread state) and its worker
/// share.
#[derive(Debug)]
pub(crate) struct ThreadShared {
    /// `thread.addr`: where the thread's connections go.
    addr: Mutex<SocketAddr>,
    /// `thread:stop()` was called.
    stop: Arc<AtomicBool>,
}

impl ThreadShared {
    pub(crate) fn new(addr: SocketAddr) -> Arc<ThreadShared> {
        Arc::new(ThreadShared {
            addr: Mutex::new(addr),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    fn addr(&self) -> SocketAddr {
        *self.addr.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set_addr(&self, addr: SocketAddr) {
        *self.addr.lock().unwrap_or_else(|e| e.into_inner()) = addr;
    }
}

/// The thread userdata. In the main state it holds the thread's state (so
/// `thread:get` works from `done()` after the worker ended); in the thread
/// state itself it holds none (a state holding itself would never close).
pub(crate) struct ThreadHandle {
    pub shared: Arc<ThreadShared>,
    /// The thread's state; None: the state this handle lives in.
    pub state: Option<Lua>,
}

impl ThreadHandle {
    fn target<'a>(&'a self, calling: &'a Lua) -> &'a Lua {
        self.state.as_ref().unwrap_or(calling)
    }
}

impl UserData for ThreadHandle {
    fn add_fields<F: UserDataFields<Self>>(fields: &mut F) {
        fields.add_field_method_get("addr", |_, this| Ok(Addr(this.shared.addr())));
        fields.add_field_method_set("addr", |lua, this, value: Value| {
            let Addr(addr) = Addr::from_lua(lua, &value, "thread.addr")?;
            this.shared.set_addr(addr);
            Ok(())
        });
    }

    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        // Raw access to the thread's globals: no code of the other state
        // runs (it may be running on its worker, or be done).
        methods.add_method("get", |lua, this, name: String| {
            let value: Value = this.target(lua).globals().raw_get(name.as_str())?;
            let portable = Portable::from_lua(&value)
                .map_err(|e| located(lua, format!("thread:get({name:?}): {e}")))?;
            portable.to_lua(lua)
        });
        methods.add_method("set", |lua, this, (name, value): (String, Value)| {
            let portable = Portable::from_lua(&value)
                .map_err(|e| located(lua, format!("thread:set({name:?}): {e}")))?;
            let target = this.target(lua);
            target
                .globals()
                .raw_set(name.as_str(), portable.to_lua(target)?)
        });
        methods.add_method("stop", |_, this, ()| {
            this.shared.stop.store(true, Ordering::Relaxed);
            Ok(())
        });
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| {
            Ok(format!("thread {}", this.shared.addr()))
        });
    }
}

/// One worker's script: its own Lua state, after `init`.
pub(crate) struct ThreadScript {
    lua: Lua,
    watch: Arc<Watch>,
    shared: Arc<ThreadShared>,
    /// The target's address: `thread.addr` still equal to it is no choice.
    target_addr: SocketAddr,
    /// The global `request`, or `wrk.request` when there is none.
    request: Function,
    response: Option<Function>,
    delay: Option<Function>,
    /// `wrk.request()`'s bytes when there is no global `request`.
    fixed: Option<Vec<u8>>,
    /// `file:line: ` of the hook functions, for errors about what they return.
    request_at: String,
    delay_at: String,
    /// Calls made, so the hook can tell one call from the next.
    calls: u64,
}

impl ThreadScript {
    /// The worker's script of `state` once `init` ran: looks up the hook
    /// functions once; the fixed request is taken within the init step.
    pub(crate) fn new(
        state: State,
        shared: Arc<ThreadShared>,
        target_addr: SocketAddr,
        limits: &crate::Limits,
    ) -> Result<ThreadScript, String> {
        let global_request = state.global_function("request");
        let (request, fixed) = match global_request {
            Some(f) => (f, None),
            None => {
                let f: Function = state.wrk.get("request").map_err(|_| {
                    "wrk.request is not a function (the script replaced it)".to_string()
                })?;
                let bytes = state.step("init()", limits.load, || f.call::<Value>(()))?;
                let bytes = request_bytes(bytes, &location(&f))?;
                (f, Some(bytes))
            }
        };
        let delay = state.global_function("delay");
        let script = ThreadScript {
            request_at: location(&request),
            delay_at: delay.as_ref().map(location).unwrap_or_default(),
            response: state.global_function("response"),
            delay,
            request,
            fixed,
            lua: state.lua,
            watch: state.watch,
            shared,
            target_addr,
            calls: 0,
        };
        script.watch.start_calls(limits.call);
        Ok(script)
    }

    /// Counts a call and tells the hook it started.
    #[inline]
    fn begin(&mut self, call: Call) {
        self.calls += 1;
        self.watch.begin_call(self.calls, call);
    }

    fn failed(&self, e: &mlua::Error) -> String {
        self.watch.relax(&self.lua);
        one_line(e)
    }

    fn call_response(&self, f: &Function, r: ScriptResponse<'_>) -> mlua::Result<()> {
        let headers = self.lua.create_table_with_capacity(0, r.headers.len())?;
        for (name, value) in r.headers {
            // A later header of the same name wins, as in wrk.
            headers.raw_set(
                self.lua.create_string(name)?,
                self.lua.create_string(value)?,
            )?;
        }
        let body = self.lua.create_string(r.body)?;
        f.call::<()>((r.status, headers, body))
    }
}

impl WorkerScript for ThreadScript {
    fn addr(&self) -> Option<SocketAddr> {
        Some(self.shared.addr()).filter(|a| *a != self.target_addr)
    }

    fn fixed_request(&self) -> Option<Vec<u8>> {
        self.fixed.clone()
    }

    fn request(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        self.begin(Call::Request);
        match self.request.call::<Value>(()) {
            Ok(Value::String(s)) => {
                out.extend_from_slice(&s.as_bytes());
                Ok(())
            }
            Ok(other) => Err(not_request_bytes(&self.request_at, &other)),
            Err(e) => Err(self.failed(&e)),
        }
    }

    fn wants_responses(&self) -> bool {
        self.response.is_some()
    }

    fn response(&mut self, response: ScriptResponse<'_>) -> Result<(), String> {
        let Some(f) = self.response.clone() else {
            return Ok(());
        };
        self.begin(Call::Response);
        self.call_response(&f, response)
            .map_err(|e| self.failed(&e))
    }

    fn has_delay(&self) -> bool {
        self.delay.is_some()
    }

    fn delay(&mut self) -> Result<Duration, String> {
        let Some(f) = self.delay.clone() else {
            return Ok(Duration::ZERO);
        };
        self.begin(Call::Delay);
        match f.call::<Value>(()) {
            Ok(value) => milliseconds(&value).ok_or_else(|| {
                format!(
                    "{}delay() returned {}, not a number of milliseconds (0 or more)",
                    self.delay_at,
                    describe(&value)
                )
            }),
            Err(e) => Err(self.failed(&e)),
        }
    }

    fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }
}

/// The bytes of a request hook's result; anything but a string is an error.
fn request_bytes(value: Value, at: &str) -> Result<Vec<u8>, String> {
    match value {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        other => Err(not_request_bytes(at, &other)),
    }
}

fn not_request_bytes(at: &str, value: &Value) -> String {
    format!(
        "{at}request() returned {}, not a string of request bytes",
        describe(value)
    )
}

/// A delay in milliseconds (fractions allowed) as a duration.
fn milliseconds(value: &Value) -> Option<Duration> {
    let ms = match value {
        Value::Integer(i) => *i as f64,
        Value::Number(n) => *n,
        _ => return None,
    };
    (ms.is_finite() && ms >= 0.0).then(|| Duration::from_secs_f64(ms / 1000.0))
}

/// A value's Lua type with its article: `a table`, `a number`, `nil`.
fn describe(value: &Value) -> String {
    match value {
        Value::Nil => "nil".to_string(),
        Value::Integer(_) | Value::Number(_) => "a number".to_string(),
        Value::String(_) => "a string".to_string(),
        other => format!("a {}", other.type_name()),
    }
}

/// `file:line: ` where a Lua function was defined; empty for others.
fn location(f: &Function) -> String {
    let info = f.info();
    match (info.short_src, info.line_defined) {
        (Some(src), Some(line)) if info.what == "Lua" => format!("{src}:{line}: "),
        _ => String::new(),
    }
}
