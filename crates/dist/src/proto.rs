//! The agent protocol: one JSON object per line, over the agent's standard
//! input (requests from the controller) and standard output (events back).
//! docs/distributed.md describes it for people writing their own controller.
//!
//! A session is: `hello`, a few `clock` round trips, then for each run
//! `prepare` → `ready`, `start` → `started`, one `window` a second, and
//! `result`; `stop` ends a run early (its result still comes). When the
//! agent's standard input closes, it ends its load at once and exits.
//!
//! Beside load, an agent answers `call`s: requests of an extension the
//! agent was started with (`barrage agent` carries the lab's, which starts
//! servers, samples them, runs tools and probes on that host). Each call
//! runs in its own thread and is answered by one `reply` with the same id;
//! calls and load do not wait for each other.

use barrage_engine::{LoadSpec, RunReport};
use serde::{Deserialize, Serialize};

/// Bumped when a message changes meaning; the controller refuses an agent
/// that speaks another version.
pub const PROTOCOL: u32 = 2;

/// Controller → agent.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// Who are you? Answered by [`Event::Hello`].
    Hello,
    /// A clock round trip: answered at once by [`Event::Clock`] with the
    /// agent's wall clock.
    Clock { id: u32 },
    /// Get ready to run `spec` (checked, cores pinned, nothing started).
    Prepare {
        spec: Box<LoadSpec>,
        /// The CA file's contents when the spec trusts one (the file is
        /// the controller's, not the agent host's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ca_pem: Option<String>,
        /// Cores the agent's load runs on; none: all it may use.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cores: Option<Vec<usize>>,
        /// Worker threads; none: one per core the agent may use.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        threads: Option<usize>,
    },
    /// Start the prepared run when the agent's wall clock reads `at_unix_us`.
    Start { at_unix_us: u64 },
    /// End the current run now; its result still comes.
    Stop,
    /// A request for the agent's extension, answered by [`Event::Reply`]
    /// with the same `id`.
    Call { id: u64, call: serde_json::Value },
}

/// Agent → controller.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "ev", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum Event {
    Hello {
        protocol: u32,
        /// `barrage --version`'s number.
        version: String,
        hostname: String,
        /// Cores this agent may use (its affinity mask).
        cores: usize,
        /// `std::env::consts::ARCH`.
        arch: String,
    },
    Clock {
        id: u32,
        unix_us: u64,
    },
    Ready,
    /// The load started; its measured window begins at this instant of the
    /// agent's clock.
    Started {
        measured_from_unix_us: u64,
    },
    /// One second of the run.
    Window {
        index: u32,
        warmup: bool,
        seconds: f64,
        responses: u64,
        errors: u64,
        p99_us: u64,
    },
    /// The run's report and the CPU the agent used for it.
    Result {
        report: Box<RunReport>,
        cpu_s: f64,
    },
    /// A request that could not be done (the run, if any, goes on).
    Error {
        message: String,
    },
    /// The answer to [`Request::Call`] `id`: `ok` when it was done, else `err`.
    Reply {
        id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ok: Option<serde_json::Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        err: Option<String>,
    },
}

/// One line of JSON (no newline inside: serde_json writes none).
pub fn line<T: Serialize>(msg: &T) -> String {
    let mut s = serde_json::to_string(msg).expect("protocol messages serialize");
    s.push('\n');
    s
}

/// Wall clock now, Unix microseconds.
pub fn unix_us_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}
