//! `barrage-target`: barrage's built-in reference HTTP server, the one
//! `barrage serve` runs.
//!
//! This crate owns two things:
//!
//! * the **endpoint contract** ([`contract`]) that every server the lab
//!   benchmarks implements, so that a load profile means the same work on
//!   every server (re-exported from `barrage-contract`, its own small crate,
//!   so that the lab checks servers against it without depending on this
//!   one);
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
//! # Workloads (the contract's second edition)
//!
//! Every workload of `docs/workloads.md`, on the same port and protocols:
//!
//! | Request                          | Response                                                  |
//! |----------------------------------|-----------------------------------------------------------|
//! | `GET /baseline?a=A&b=B`          | 200 `text/plain`, `A+B`                                   |
//! | `POST /baseline?a=A&b=B`, body C | 200 `text/plain`, `A+B+C` (`Content-Length` or chunked)   |
//! | `GET /plaintext`                 | 200 `text/plain` `Hello, World!`                          |
//! | `GET /json`                      | 200 `application/json` `{"message":"Hello, World!"}`, serialized per request |
//! | `GET /json/{count}?m={m}`        | 200 `application/json`, the processed dataset; gzip or br per `Accept-Encoding` |
//! | `POST /upload`                   | 200 `text/plain`, the body bytes received (counted as they stream in) |
//! | `POST /echo`                     | 200 `application/octet-stream`, the body as received (up to 4 MiB; 413 beyond) |
//! | `GET /static/{name}`             | the file of the static set, or its `.br`/`.gz` variant per `Accept-Encoding`; 404 for other names |
//!
//! | `GET /db`                        | 200 `application/json`, one random World row from the database |
//! | `GET /queries?queries=N`         | 200 `application/json`, N rows (1..=500), one query each  |
//! | `GET /fortunes`                  | 200 `text/html; charset=utf-8`, the fortune table plus one, sorted, escaped |
//! | `GET /updates?queries=N`         | 200 `application/json`, N distinct rows read, given new numbers, written in one batch |
//! | `GET /items?min=&max=&limit=`    | 200 `application/json`, `{"items":[…],"count":K}`          |
//!
//! The database workloads need a [`Database`] ([`Target::start_with_database`]):
//! a deadpool pool of tokio-postgres connections with their statements
//! prepared; the World reads of one request go out together on one
//! connection (pipelined). Without one they answer 503.
//!
//! `/baseline` allows `GET`, `HEAD` and `POST`, `/upload` and `/echo`
//! only `POST` (405 with `Allow` otherwise); a bad number is 400. Compression picks
//! the coding with the higher q-value, brotli on a tie, never one with
//! `q=0`, none without `Accept-Encoding`; responses that depend on it say
//! `Vary: Accept-Encoding`. `/json/{count}` is compressed per request
//! (gzip level 6, brotli quality 5); the static set's variants are the
//! precompressed files. Malformed requests get a 4xx or a closed
//! connection, never a 5xx.
//!
//! # WebSocket
//!
//! | Request                          | Response                                                  |
//! |----------------------------------|-----------------------------------------------------------|
//! | `GET /ws`, an RFC 6455 upgrade over HTTP/1.1 | 101; then every text and binary message echoed as the same kind, pings answered, Close answered |
//! | `GET /ws?push=N&size=B`, the same | 101; the echo, and N text messages a second of B × `x` (B default 64) |
//!
//! N is 1 to 1,000,000 and B at most 1 MiB (400 otherwise, and for `size`
//! without `push`). The upgrade is HTTP/1.1's, on the plain and the TLS
//! port alike; `/ws` over HTTP/1.0, h2 (RFC 8441 is not served) and
//! HTTP/3 answers 426, as does a request without `Upgrade: websocket` or
//! with a `Sec-WebSocket-Version` other than 13. No extension
//! (permessage-deflate) or subprotocol is negotiated. A client that breaks
//! RFC 6455 gets a Close that says how (1002; 1007 for text that is not
//! UTF-8; 1009 for a message over 64 MiB). At shutdown every session is
//! sent Close 1001. [`Target::ws_upgrades`],
//! [`Target::ws_messages_received`] and [`Target::ws_messages_sent`] count
//! them.
//!
//! # gRPC
//!
//! With [`Services::grpc`] ([`Target::start_with`]; `barrage serve --grpc`), HTTP/2 requests
//! whose content-type starts with `application/grpc` go to the `Bench` service of the
//! repository's proto/bench.proto (package `barrage.bench.v1`), served by one shared tonic
//! service, on h2c and on TLS (ALPN `h2`) alike; every other request is the contract's as
//! before. `Echo` sends the request's payload and seq back; `Stream` sends `count` replies of
//! `size` bytes of `x`, seq 0, 1, … (INVALID_ARGUMENT past [`MAX_STREAM_COUNT`] or
//! [`MAX_STREAM_SIZE`]); `Sum` answers the sum (wrapping) and count of the values; `Chat`
//! answers each request by one reply with its payload and seq, in order, as they come. Other
//! methods get UNIMPLEMENTED. A call counts in [`Target::responses`] when its handler returns
//! the response head. The service code is generated by build.rs (protox, tonic-prost-build),
//! so no protoc is needed.
//!
//! # Server
//!
//! hyper 1 with hyper-util's auto connection builder: HTTP/1.1 and h2c
//! (prior knowledge) on the same port, on a multi-thread tokio runtime with
//! [`TargetConfig::threads`] workers. Static bodies are served without
//! per-request allocation and nothing is logged per request.
//!
//! With [`TargetConfig::tls`] the port speaks TLS 1.3 and 1.2 (rustls, ring)
//! instead, offering ALPN `h2` and `http/1.1`: a connection that agreed on
//! `h2` is served HTTP/2, any other HTTP/1.1. The certificate is read from
//! PEM files or generated at start ([`TlsSetup`]); clients can trust it
//! through [`Target::certificate_pem`]. A failed handshake closes that
//! connection only and is counted ([`Target::handshake_failures`]).
//!
//! With [`TargetConfig::h3`] as well, the server also speaks HTTP/3 (ALPN
//! `h3`, quinn and h3) on UDP, on the same address and port number as the
//! TCP listener and with the same certificate, and its HTTP/1.1 and h2
//! responses announce it with `Alt-Svc: h3=":PORT"; ma=86400`. The HTTP/3
//! side runs on the same runtime, with one QUIC endpoint per worker thread,
//! each on its own `SO_REUSEPORT` socket, so the kernel spreads client
//! connections over them. Requests go through the same handler, so the
//! contract is the same to the byte (hyper adds `Date` for HTTP/1.1 and
//! h2, the HTTP/3 side does it itself).
//!
//! ```no_run
//! use barrage_target::{Target, TargetConfig};
//!
//! let target = Target::start(TargetConfig {
//!     listen: "127.0.0.1:0".parse().unwrap(),
//!     threads: 2,
//!     tls: None,
//!     h3: false,
//! })?;
//! println!("listening on http://{}/hello", target.local_addr());
//! target.shutdown();
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! HTTPS and HTTP/3 on one port number (TCP and UDP), with a generated
//! certificate that clients trust through [`Target::certificate_pem`]:
//!
//! ```no_run
//! use barrage_target::{Target, TargetConfig, TlsSetup};
//!
//! let target = Target::start(TargetConfig {
//!     listen: "127.0.0.1:0".parse().unwrap(),
//!     threads: 2,
//!     tls: Some(TlsSetup::SelfSigned),
//!     h3: true,
//! })?;
//! let ca_pem = target.certificate_pem().expect("TLS has a certificate");
//! println!("HTTP/3 (UDP) and HTTPS (TCP) on {}", target.local_addr());
//! # drop(ca_pem);
//! target.shutdown();
//! # Ok::<(), std::io::Error>(())
//! ```

#![warn(missing_docs)]

/// The endpoint contract, from its own crate so that the lab can check
/// servers against it without depending on this one.
pub use barrage_contract as contract;

mod grpc;
mod handler;
mod http3;
pub mod precomputed;
mod server;
mod stop;
mod tls;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;

use tokio::sync::watch;

use crate::handler::Stats;
use crate::http3::Http3;
use crate::server::Server;
use crate::tls::Tls;

pub use crate::grpc::{MAX_STREAM_COUNT, MAX_STREAM_SIZE};
pub use crate::handler::database::{Database, DatabaseConfig};
pub use crate::tls::TlsSetup;

/// How to run a [`Target`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetConfig {
    /// Address to listen on; port 0 picks a free port (see [`Target::local_addr`]).
    pub listen: SocketAddr,
    /// Runtime worker threads; 0 means one per available core.
    pub threads: usize,
    /// Serve TLS (HTTP/1.1 and h2 by ALPN) instead of plain HTTP/1.1 and h2c.
    pub tls: Option<TlsSetup>,
    /// Serve HTTP/3 too, on UDP at the TCP listener's address and port
    /// (see [`Target::local_addr`]), with the certificate of `tls`, which
    /// it needs: [`Target::start`] refuses `h3` without `tls`.
    pub h3: bool,
}

impl Default for TargetConfig {
    /// `127.0.0.1:8080`, one worker per core, no TLS, no HTTP/3.
    fn default() -> Self {
        TargetConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            threads: 0,
            tls: None,
            h3: false,
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

/// What a [`Target`] serves besides the endpoint contract; by default
/// neither.
#[derive(Debug, Clone, Default)]
pub struct Services {
    /// The pool of the database workloads; without it they answer 503.
    pub database: Option<Database>,
    /// The `Bench` service of proto/bench.proto (gRPC, over tonic) to
    /// HTTP/2 requests whose content-type starts with `application/grpc`,
    /// on h2c and on TLS with ALPN `h2` alike.
    pub grpc: bool,
}

/// A running reference server. Shuts down on [`Target::shutdown`] or drop.
#[derive(Debug)]
pub struct Target {
    local_addr: SocketAddr,
    certificate_pem: Option<String>,
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
    /// `cannot listen on 127.0.0.1:8080: Address already in use`, or for
    /// the UDP side of HTTP/3 `cannot listen on 127.0.0.1:8443 (UDP, for
    /// HTTP/3): …`. With port 0 and HTTP/3, a port number free for both TCP
    /// and UDP is looked for.
    /// TLS files are read before binding; every problem with them
    /// (unreadable, not PEM, no certificate or key inside, key not matching
    /// the certificate) is an [`io::ErrorKind::InvalidInput`] error naming
    /// the file, e.g. `cannot read certificate file cert.pem: No such file
    /// or directory (os error 2)`. So is [`TargetConfig::h3`] without
    /// [`TargetConfig::tls`].
    pub fn start(cfg: TargetConfig) -> io::Result<Target> {
        Target::start_with(cfg, Services::default())
    }

    /// [`Target::start`], serving the database workloads from `database`
    /// (without it they answer 503; targets given clones of one
    /// [`Database`] share its pool). A connection is taken before the
    /// server listens, to check that the database answers: a database
    /// that refuses connections is tried again for up to 5 s; then, or at
    /// once when the database itself refuses (a wrong password, no such
    /// database), the error (`ConnectionRefused`) says so and names the
    /// database with its password hidden.
    pub fn start_with_database(
        cfg: TargetConfig,
        database: Option<Database>,
    ) -> io::Result<Target> {
        Target::start_with(
            cfg,
            Services {
                database,
                grpc: false,
            },
        )
    }

    /// [`Target::start`], serving `services` besides the contract: the
    /// database workloads (see [`Target::start_with_database`]) and the
    /// `Bench` gRPC service.
    pub fn start_with(cfg: TargetConfig, services: Services) -> io::Result<Target> {
        let Services { database, grpc } = services;
        if cfg.h3 && cfg.tls.is_none() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "HTTP/3 needs TLS: give the server a certificate (TargetConfig::tls) too",
            ));
        }
        let tls = cfg
            .tls
            .as_ref()
            .map(|setup| Tls::load(setup, cfg.h3))
            .transpose()?;
        let (std_listener, udp_sockets) = bind(&cfg)?;
        let local_addr = std_listener.local_addr()?;
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(cfg.effective_threads())
            .thread_name("barrage-target-worker")
            .enable_all()
            .build()?;
        if let Some(database) = &database {
            if let Err(e) = check(&rt, database) {
                rt.shutdown_background();
                return Err(e);
            }
        }
        let stats = Arc::new(Stats::default());
        let (acceptor, certificate_pem, quic) = match tls {
            Some(tls) => (Some(tls.acceptor), Some(tls.certificate_pem), tls.quic),
            None => (None, None, None),
        };
        let on_runtime = {
            let _guard = rt.enter();
            tokio::net::TcpListener::from_std(std_listener).and_then(|listener| {
                let http3 = match quic {
                    Some(crypto) => Some(Http3::new(
                        udp_sockets,
                        crypto,
                        Arc::clone(&stats),
                        database.clone(),
                    )?),
                    None => None,
                };
                Ok((listener, http3))
            })
        };
        let (listener, http3) = match on_runtime {
            Ok(parts) => parts,
            Err(e) => {
                // Dropping a runtime blocks, which panics if the caller is async.
                rt.shutdown_background();
                return Err(e);
            }
        };
        let alt_svc = http3.as_ref().map(|_| alt_svc(local_addr.port()));
        let (stop, stop_rx) = watch::channel(false);
        let server = Server::new(Arc::clone(&stats), acceptor, alt_svc, database, grpc);
        let thread = std::thread::Builder::new()
            .name("barrage-target".into())
            .spawn(move || server::run(rt, listener, server, http3, stop_rx))?;
        Ok(Target {
            local_addr,
            certificate_pem,
            stats,
            stop,
            thread: Some(thread),
        })
    }

    /// The address the server listens on (with the actual port if 0 was asked for).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// With TLS, the certificate chain the server presents, as PEM
    /// `CERTIFICATE` blocks (leaf first); `None` without TLS. A client that
    /// trusts it as a CA accepts a [`TlsSetup::SelfSigned`] server.
    pub fn certificate_pem(&self) -> Option<String> {
        self.certificate_pem.clone()
    }

    /// Responses completed so far (all endpoints, all statuses). A response
    /// counts when the handler returns it.
    pub fn responses(&self) -> u64 {
        self.stats.responses()
    }

    /// Connections accepted so far: TCP ones, and with HTTP/3 QUIC ones.
    pub fn connections(&self) -> u64 {
        self.stats.connections()
    }

    /// TLS (or QUIC) handshakes that failed or did not finish within 10 s
    /// (a subset of [`Target::connections`]); always 0 without TLS.
    pub fn handshake_failures(&self) -> u64 {
        self.stats.handshake_failures()
    }

    /// Connections upgraded to WebSocket at `/ws` so far.
    pub fn ws_upgrades(&self) -> u64 {
        self.stats.ws_upgrades()
    }

    /// WebSocket data messages (text and binary) received so far, over
    /// all `/ws` sessions. A session adds its counts once per batch of
    /// messages, before it flushes the batch's answers: once a client has
    /// the server's answer to its Close, every message it sent before is
    /// counted.
    pub fn ws_messages_received(&self) -> u64 {
        self.stats.ws_received()
    }

    /// WebSocket data messages sent so far (echoed and pushed), counted
    /// like [`Target::ws_messages_received`].
    pub fn ws_messages_sent(&self) -> u64 {
        self.stats.ws_sent()
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

/// Checks `database` on `rt` (a connection made there runs its task
/// there), from a thread of its own so that a caller inside another
/// runtime can start a target too.
fn check(rt: &tokio::runtime::Runtime, database: &Database) -> io::Result<()> {
    std::thread::scope(|scope| {
        scope
            .spawn(|| rt.block_on(database.check()))
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("connecting to the database panicked")))
    })
}

/// Binds the TCP listener and, with HTTP/3, one UDP socket per worker on
/// the same address and port.
fn bind(cfg: &TargetConfig) -> io::Result<(std::net::TcpListener, Vec<std::net::UdpSocket>)> {
    if !cfg.h3 {
        return Ok((server::bind(cfg.listen)?, Vec::new()));
    }
    // With port 0 the kernel picks a free TCP port, whose UDP twin may be
    // taken: then try another.
    let mut tries = if cfg.listen.port() == 0 { 16 } else { 1 };
    loop {
        let listener = server::bind(cfg.listen)?;
        let addr = listener.local_addr()?;
        match http3::bind(addr, cfg.effective_threads()) {
            Ok(sockets) => return Ok((listener, sockets)),
            Err(e) if e.kind() == io::ErrorKind::AddrInUse && tries > 1 => tries -= 1,
            Err(e) => return Err(e),
        }
    }
}

/// `Alt-Svc` for HTTP/1.1 and h2 responses: HTTP/3 on the same port, for a day.
fn alt_svc(port: u16) -> hyper::header::HeaderValue {
    hyper::header::HeaderValue::from_str(&format!("h3=\":{port}\"; ma=86400"))
        .expect("a valid header value")
}

/// For the CLI: starts a [`Target`], prints nothing itself, blocks until
/// SIGINT or SIGTERM (Ctrl-C elsewhere), then shuts it down cleanly.
pub fn run_until_signal(cfg: TargetConfig) -> io::Result<()> {
    run_until_signal_with(cfg, Services::default(), |_| Ok(()))
}

/// [`run_until_signal`], serving `services` too (see
/// [`Target::start_with`]), calling `on_ready`
/// once the server listens (to say where, or to write out its
/// certificate). An error from `on_ready` shuts the server down and is
/// returned.
pub fn run_until_signal_with(
    cfg: TargetConfig,
    services: Services,
    on_ready: impl FnOnce(&Target) -> io::Result<()>,
) -> io::Result<()> {
    let signals = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    // Install the handlers before the server is up, so an early signal is not lost.
    let wait = signals.block_on(async { signal_waiter() })?;
    let target = Target::start_with(cfg, services)?;
    on_ready(&target)?;
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
