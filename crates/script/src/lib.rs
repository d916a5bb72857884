//! wrk's Lua script API, embedded: `barrage wrk -s script.lua` and
//! `barrage load --script FILE` run wrk's scripts unchanged.
//!
//! # What is reproduced
//!
//! The API of wrk's SCRIPTING file, on LuaJIT as in wrk, with the same
//! states and the same order of steps:
//! - a main state ([`Script`]) runs the script's top level, fills
//!   `wrk.addrs` (`wrk.lookup`), calls `setup(thread)` once per thread and
//!   `done(summary, latency, requests)` at the end;
//! - each worker thread has its own state ([`Scripting::worker`]): a fresh
//!   state, the whole script's top level run again, `wrk.thread` set, then
//!   wrk's init step (`Host` header default, `init(args)` with `args[0]`
//!   the URL and `args[1..]` the script's arguments, the request formatted
//!   once), then per request `request()`, `response(status, headers,
//!   body)` and `delay()` when the script defines them;
//! - the `wrk` table (`scheme`, `host`, `port`, `method`, `path`,
//!   `headers`, `body`, `thread`; `format`, `lookup`, `connect`, and
//!   `resolve`, `setup`, `init`, `request` as wrk.lua has them), written
//!   anew for barrage with wrk's semantics (`wrk.format` changes the
//!   headers table it is given, as wrk's does); `require "wrk"` gives it;
//! - the thread object: `thread.addr` (get and set), `thread:get(name)`,
//!   `thread:set(name, value)` (nil, booleans, numbers, strings and tables
//!   of those), `thread:stop()`; the address userdata (`tostring` gives
//!   `ip:port`, IPv6 as `[ip]:port`); the statistics userdata (`.min`,
//!   `.max`, `.mean`, `.stdev`, `:percentile(p)`, `#s`, `s(i)`).
//!
//! # What differs
//!
//! - Nothing hangs: each state runs with the JIT compiler off (compiled
//!   code ignores debug hooks; `jit.on` is a no-op) and a count hook that
//!   fails a set-up step (top level, setup, init, done) running longer
//!   than [`Limits::load`] and a run-time call (request, response, delay)
//!   running longer than [`Limits::call`]. Code stuck inside one C
//!   function (a huge `string.rep`, a pathological pattern) is not
//!   interrupted. The `ffi` and `debug` libraries are not loaded.
//! - Errors fail the run, in one line (`x.lua:12: attempt to …`): a script
//!   that does not load, a lookup that fails, a request() that returns no
//!   string. wrk prints some and goes on, or exits.
//! - `wrk.addrs` (what `thread.addr` starts as) is the address barrage
//!   resolved for the target, then the lookup's others; nothing is
//!   connected to before the run (wrk keeps only the addresses that accept
//!   a connection: a script can call `wrk.resolve` for that).
//! - `thread:get` and `thread:set` read and write the other state's
//!   globals raw (no metamethods of `_G` run there).
//! - `done()`'s figures come from barrage's report: `latency` is the
//!   latency histogram (HdrHistogram, 3 significant digits, not wrk's
//!   exact counts; corrected for coordinated omission only as barrage's
//!   open loop times it); `requests` is per-second responses divided among
//!   the threads (see `stats::requests`); `summary.errors.read` counts
//!   every error that is not connect, write or timeout.
//! - The global functions `request`, `response` and `delay` are looked up
//!   once, after `init`. wrk too decides once whether the request is static
//!   and whether responses are wanted, but looks `request` up anew on every
//!   call: a script that replaces its `request` function during the run
//!   keeps calling the first one here.
//! - `thread:stop()` may be called at any time (wrk: only while the thread
//!   runs); called in `setup`, the worker stops as soon as it starts.
//! - Left to the engine: checking that request() gives whole HTTP/1.x
//!   requests and counting the pipelined ones (wrk's verify step at start,
//!   which the engine does too: one request() call on the first thread
//!   before the run).
//!   [`Script::settings_only`] does read its request back and fails on one
//!   that is not a single whole request.

use barrage_engine::script::{Scripting, WorkerScript};
use barrage_engine::{RequestTemplate, Target};
use barrage_model::RunReport;
use mlua::{AnyUserData, Function, Table, Value};

mod error;
mod net;
mod request;
mod source;
mod state;
mod stats;
#[cfg(test)]
mod tests;
mod thread;
mod values;
mod watch;

use error::one_line;
use net::Addr;
pub use source::{Limits, ScriptSource};
use state::State;
use thread::{ThreadHandle, ThreadScript, ThreadShared};

/// The functions whose presence makes a script more than settings.
const HOOKS: [&str; 5] = ["setup", "init", "delay", "request", "response"];

/// A loaded script: wrk's main state (the "setup & done" state).
pub struct Script {
    main: State,
    source: ScriptSource,
    target: Target,
    headers: Vec<(String, String)>,
    limits: Limits,
}

impl Script {
    /// Runs the script's top level in a new main state, its `wrk` table
    /// filled from `target` and the `-H` `headers`, then fills `wrk.addrs`
    /// with the target's addresses (`wrk.lookup(host, port or scheme)`).
    pub fn load(
        source: &ScriptSource,
        target: &Target,
        headers: &[(String, String)],
        limits: Limits,
    ) -> Result<Script, String> {
        let main = State::new(source, target, headers, &limits)?;
        let script = Script {
            main,
            source: source.clone(),
            target: target.clone(),
            headers: headers.to_vec(),
            limits,
        };
        script.resolve()?;
        Ok(script)
    }

    /// `wrk.addrs`: the target's own address first, then the others
    /// `wrk.lookup(host, service)` gives. wrk's `wrk.resolve` also keeps
    /// only those that accept a TCP connection; barrage does not connect
    /// before the run (a script that fails at load time must not have
    /// touched the server), so a script that wants that check calls
    /// `wrk.resolve` or `wrk.connect` itself.
    fn resolve(&self) -> Result<(), String> {
        let lua = &self.main.lua;
        let wrk = &self.main.wrk;
        let addrs = self.main.step("wrk.lookup()", self.limits.load, || {
            let host: Value = wrk.get("host")?;
            let service: Value = match wrk.get::<Value>("port")? {
                Value::Nil => wrk.get("scheme")?,
                port => port,
            };
            // The target resolved already: a lookup that fails here leaves
            // its address alone.
            Ok(wrk
                .get::<Function>("lookup")?
                .call::<Value>((host, service))
                .unwrap_or(Value::Nil))
        })?;
        let mut usable: Vec<Addr> = match &addrs {
            Value::Table(t) => t
                .sequence_values::<Value>()
                .filter_map(|v| v.ok())
                .filter_map(|v| Addr::from_lua(lua, &v, "wrk.addrs").ok())
                .collect(),
            _ => Vec::new(),
        };
        let own = Addr(self.target.addr);
        usable.retain(|a| *a != own);
        usable.insert(0, own);
        let table = lua.create_sequence_from(usable).map_err(|e| one_line(&e))?;
        wrk.set("addrs", table).map_err(|e| one_line(&e))
    }

    /// When the script only sets things (it defines none of `setup`,
    /// `init`, `delay`, `request`, `response`; `done` is allowed): the
    /// request every thread would send, as wrk.format() gives it after
    /// wrk's init step set the Host header. The Host header is left out
    /// when it is the target's authority (the engine adds that one); any
    /// other Host is kept. None when the script has hooks.
    pub fn settings_only(&self) -> Result<Option<RequestTemplate>, String> {
        if HOOKS.iter().any(|h| self.main.global_function(h).is_some()) {
            return Ok(None);
        }
        let f: Function = self
            .main
            .host
            .get("settings_request")
            .map_err(|e| one_line(&e))?;
        let bytes = self.main.step("wrk.format()", self.limits.load, || {
            f.call::<mlua::String>(())
        })?;
        request::template(&bytes.as_bytes(), &self.target.authority).map(Some)
    }

    /// Whether the script defines `done`.
    pub fn has_done(&self) -> bool {
        self.main.global_function("done").is_some()
    }

    /// Calls `done(summary, latency, requests)` in the main state with the
    /// report's figures; `threads` is the number of worker threads that
    /// ran (the requests statistics are per thread). Nothing when the
    /// script has no `done`.
    pub fn done(&self, report: &RunReport, threads: usize) -> Result<(), String> {
        let Some(done) = self.main.global_function("done") else {
            return Ok(());
        };
        let lua = &self.main.lua;
        self.main.step("done()", self.limits.load, || {
            let summary: Table = stats::summary(lua, report)?;
            let latency: AnyUserData = lua.create_userdata(stats::latency(report))?;
            let requests: AnyUserData = lua.create_userdata(stats::requests(report, threads))?;
            done.call::<()>((summary, latency, requests))
        })
    }

    /// wrk's `args` for `init`: `[0]` the URL, then the script's arguments.
    fn init_args(&self, lua: &mlua::Lua) -> mlua::Result<Table> {
        let args = lua.create_table()?;
        args.raw_set(0, self.target.url.as_str())?;
        for (i, a) in self.source.args.iter().enumerate() {
            args.raw_set(i + 1, a.as_str())?;
        }
        Ok(args)
    }
}

impl Scripting for Script {
    /// As wrk does per thread: a fresh state running the whole script,
    /// `wrk.thread` set there, wrk's setup step in the main state
    /// (`thread.addr` from `wrk.addrs[1]`, then `setup(thread)`), wrk's
    /// init step in the thread's state.
    fn worker(&mut self, _id: usize, _workers: usize) -> Result<Box<dyn WorkerScript>, String> {
        let state = State::new(&self.source, &self.target, &self.headers, &self.limits)?;
        let shared = ThreadShared::new(self.target.addr);
        let own = ThreadHandle {
            shared: shared.clone(),
            state: None,
        };
        state.wrk.set("thread", own).map_err(|e| one_line(&e))?;

        let handle = ThreadHandle {
            shared: shared.clone(),
            state: Some(state.lua.clone()),
        };
        let wrk = &self.main.wrk;
        self.main.step("setup()", self.limits.load, || {
            wrk.get::<Function>("setup")?.call::<()>(handle)
        })?;

        let args = self.init_args(&state.lua).map_err(|e| one_line(&e))?;
        state.step("init()", self.limits.load, || {
            state.wrk.get::<Function>("init")?.call::<()>(args)
        })?;
        let script = ThreadScript::new(state, shared, self.target.addr, &self.limits)?;
        Ok(Box::new(script))
    }
}

// The engine moves each worker's script to its thread.
const _: fn() = || {
    fn send<T: Send>() {}
    send::<ThreadScript>();
    send::<Script>();
};
