//! A load script's hooks, as the engine calls them. wrk's Lua API lives in
//! `barrage-script`; the engine knows only this interface, so it links no
//! interpreter and a run without a script pays nothing for one.
//!
//! The life of a scripted run, as in wrk:
//! - before any worker starts, on the calling thread, [`Scripting::worker`]
//!   makes each worker's script (wrk: `setup(thread)` in the main state,
//!   then `init(args)` in the thread's own state); an error there fails the
//!   run before any connection;
//! - each worker then asks its script for the bytes of every send
//!   ([`WorkerScript::request`], HTTP/1 only), unless the script's request
//!   never changes ([`WorkerScript::fixed_request`]): then the bytes are
//!   taken once and no script code runs per request;
//! - [`WorkerScript::response`] sees each response only when
//!   [`WorkerScript::wants_responses`] (only then are heads and bodies kept);
//! - [`WorkerScript::delay`] is asked after each response, closed loop only,
//!   when [`WorkerScript::has_delay`];
//! - an error in a hook during the run stops the whole run (stop reason
//!   `script`, the message in the report); what was measured is kept.

use std::net::SocketAddr;
use std::time::Duration;

/// A script for a whole run: one [`WorkerScript`] per worker thread.
pub trait Scripting {
    /// The script of worker `id` of `workers`, made on the calling thread
    /// before any worker starts. The error is one line, naming the script's
    /// file and line when Lua gave them.
    fn worker(&mut self, id: usize, workers: usize) -> Result<Box<dyn WorkerScript>, String>;
}

/// One response as a script sees it (only when it asked for them).
#[derive(Debug, Clone, Copy)]
pub struct ScriptResponse<'a> {
    pub status: u16,
    /// Header names and values as received, in order.
    pub headers: &'a [(Vec<u8>, Vec<u8>)],
    /// The body, de-chunked (empty for HEAD, 204, 304).
    pub body: &'a [u8],
}

/// One worker's script (wrk's per-thread state). Called only from that
/// worker's thread once the run starts.
pub trait WorkerScript: Send {
    /// The address this worker's connections go to, when the script chose
    /// one (wrk's `thread.addr`); None: the target's.
    fn addr(&self) -> Option<SocketAddr> {
        None
    }

    /// The bytes of every send when they never change (no `request()`
    /// hook): one HTTP/1.x request, or several to pipeline. None: call
    /// [`WorkerScript::request`] for each send.
    fn fixed_request(&self) -> Option<Vec<u8>>;

    /// Appends the bytes of the next send to `out`: one HTTP/1.x request or
    /// several to pipeline, whole.
    fn request(&mut self, out: &mut Vec<u8>) -> Result<(), String>;

    /// Whether [`WorkerScript::response`] is to be called.
    fn wants_responses(&self) -> bool {
        false
    }

    /// Called for each complete response, when it wants them.
    fn response(&mut self, _response: ScriptResponse<'_>) -> Result<(), String> {
        Ok(())
    }

    /// Whether [`WorkerScript::delay`] is to be asked.
    fn has_delay(&self) -> bool {
        false
    }

    /// How long to wait before a connection's next send (closed loop).
    fn delay(&mut self) -> Result<Duration, String> {
        Ok(Duration::ZERO)
    }

    /// Whether the script asked this worker to stop (wrk's `thread:stop()`):
    /// the worker finishes as at the end of the run.
    fn stopped(&self) -> bool {
        false
    }
}
