//! `barrage-target`: barrage's built-in reference HTTP server, the one
//! `barrage serve` runs.
//!
//! This crate owns two things:
//!
//! * the **endpoint contract** ([`contract`]) that every server the lab
//!   benchmarks implements, so that a load profile means the same work on
//!   every server;
//! * the **reference server** ([`Target`], [`run_until_signal`]): the default
//!   benchmark target and a neutral peer for tests.
//!
//! It must not depend on the load engine (`barrage-engine`): the engine
//! tests against this server, and the server has to stay an independent
//! peer rather than share code (and bugs) with the client it measures.
//!
//! # Contract in brief
//!
//! | Request            | Response                                                             |
//! |--------------------|----------------------------------------------------------------------|
//! | `GET /hello`       | 200 `text/plain` `Hello World\n`                                     |
//! | `GET /xml?value=V` | 200 `text/xml` `<http_test><value>V</value></http_test>` (V decoded, XML-escaped; missing/empty V gives `<http_test><error>no value specified</error></http_test>`) |
//! | `GET /static/6b`   | 200 `application/octet-stream`, 6 bytes (`hello\n`)                  |
//! | `GET /static/4k`   | 200 `application/octet-stream`, 4096 deterministic bytes             |
//! | `GET /delay?ms=N`  | 200 `text/plain` `ok\n` after N ms (max 60000)                       |
//! | `GET /bytes?n=N`   | 200 `application/octet-stream`, N × `x` (max 64 MiB)                 |
//! | anything else      | 404 `text/plain` `not found\n`                                       |
//!
//! Other methods than `GET`/`HEAD` on an endpoint get 405 with
//! `Allow: GET, HEAD`; a malformed `ms`/`n` gets 400 with a one-line reason.
//! Every response carries `Server`, `Date`, `Content-Type` and
//! `Content-Length`. See [`contract`] for the full text.
//!
//! # Server
//!
//! hyper 1 with hyper-util's auto connection builder: HTTP/1.1 and h2c
//! (prior knowledge) on the same port, on a multi-thread tokio runtime with
//! [`TargetConfig::threads`] workers. Static bodies are served without
//! per-request allocation and nothing is logged per request.
//!
//! ```no_run
//! use barrage_target::{Target, TargetConfig};
//!
//! let target = Target::start(TargetConfig {
//!     listen: "127.0.0.1:0".parse().unwrap(),
//!     threads: 2,
//! })?;
//! println!("listening on http://{}/hello", target.local_addr());
//! target.shutdown();
//! # Ok::<(), std::io::Error>(())
//! ```

#![warn(missing_docs)]

pub mod contract;
mod handler;
mod server;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;

use tokio::sync::watch;

use crate::handler::Stats;

/// How to run a [`Target`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetConfig {
    /// Address to listen on; port 0 picks a free port (see [`Target::local_addr`]).
    pub listen: SocketAddr,
    /// Runtime worker threads; 0 means one per available core.
    pub threads: usize,
}

impl Default for TargetConfig {
    /// `127.0.0.1:8080`, one worker per core.
    fn default() -> Self {
        TargetConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            threads: 0,
        }
    }
}

impl TargetConfig {
    /// The worker thread count [`Target::start`] uses: `threads`, or the
    /// number of available cores when it is 0.
    pub fn effective_threads(&self) -> usize {
        if self.threads > 0 {
            self.threads
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        }
    }
}

/// A running reference server. Shuts down on [`Target::shutdown`] or drop.
#[derive(Debug)]
pub struct Target {
    local_addr: SocketAddr,
    stats: Arc<Stats>,
    stop: watch::Sender<bool>,
    thread: Option<JoinHandle<()>>,
}

impl Target {
    /// Binds (port 0 allowed), spawns its own tokio runtime on background
    /// threads, and returns once the socket is listening, so connections
    /// may be made right away.
    ///
    /// Bind errors name the address, e.g.
    /// `cannot listen on 127.0.0.1:8080: Address already in use`.
    pub fn start(cfg: TargetConfig) -> io::Result<Target> {
        let std_listener = server::bind(cfg.listen)?;
        let local_addr = std_listener.local_addr()?;
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(cfg.effective_threads())
            .thread_name("barrage-target-worker")
            .enable_all()
            .build()?;
        let listener = {
            let _guard = rt.enter();
            tokio::net::TcpListener::from_std(std_listener)
        };
        let listener = match listener {
            Ok(listener) => listener,
            Err(e) => {
                // Dropping a runtime blocks, which panics if the caller is async.
                rt.shutdown_background();
                return Err(e);
            }
        };
        let stats = Arc::new(Stats::default());
        let (stop, stop_rx) = watch::channel(false);
        let thread_stats = Arc::clone(&stats);
        let thread = std::thread::Builder::new()
            .name("barrage-target".into())
            .spawn(move || server::run(rt, listener, thread_stats, stop_rx))?;
        Ok(Target {
            local_addr,
            stats,
            stop,
            thread: Some(thread),
        })
    }

    /// The address the server listens on (with the actual port if 0 was asked for).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Responses completed so far (all endpoints, all statuses). A response
    /// counts when the handler returns it.
    pub fn responses(&self) -> u64 {
        self.stats.responses()
    }

    /// TCP connections accepted so far.
    pub fn connections(&self) -> u64 {
        self.stats.connections()
    }

    /// Stops accepting, closes connections (letting in-flight requests
    /// finish for a short grace period) and joins the runtime. Also done on drop.
    pub fn shutdown(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.stop.send_replace(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        self.stop();
    }
}

/// For the CLI: starts a [`Target`], prints nothing itself, blocks until
/// SIGINT or SIGTERM (Ctrl-C elsewhere), then shuts it down cleanly.
pub fn run_until_signal(cfg: TargetConfig) -> io::Result<()> {
    let signals = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    // Install the handlers before the server is up, so an early signal is not lost.
    let wait = signals.block_on(async { signal_waiter() })?;
    let target = Target::start(cfg)?;
    let result = signals.block_on(wait);
    target.shutdown();
    result
}

#[cfg(unix)]
fn signal_waiter() -> io::Result<impl std::future::Future<Output = io::Result<()>>> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
        Ok(())
    })
}

#[cfg(not(unix))]
fn signal_waiter() -> io::Result<impl std::future::Future<Output = io::Result<()>>> {
    Ok(tokio::signal::ctrl_c())
}
