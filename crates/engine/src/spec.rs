//! What to run: the target, the requests, and the load model — modes are
//! data ([`Model`]), there is one run loop for all of them.

use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::time::Duration;

pub use barrage_model::load::{IoKind, Schedule, Scheme, Stage, WsMode};
use serde::{Deserialize, Serialize};

use crate::pacer::Arrival;
use crate::request::RequestTemplate;

mod error;
mod grpc;
mod protocol;
mod tls;
mod ws;
pub use barrage_model::load::{GrpcShape, GrpcUnit};
use error::err;
pub use error::{Field, SpecError};
pub use grpc::GrpcOptions;
pub use protocol::{H2Options, Protocol, Reuse};
pub use tls::TlsOptions;
pub use ws::{WsOptions, DEFAULT_WS_MESSAGE_BYTES, MAX_WS_MESSAGE_BYTES};

/// Where the load goes: one resolved address, and what the requests say.
///
/// Serialized as its URL and resolved again where it is read: an agent on
/// another host connects to what the URL's host is there.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Target {
    /// The URL as given (for reports).
    pub url: String,
    /// `host[:port]` for the `Host` header.
    pub authority: String,
    /// The resolved socket address every connection goes to.
    pub addr: SocketAddr,
    pub scheme: Scheme,
    /// The URL's host (for TLS server name indication and verification).
    pub host: String,
}

/// The load model. Every model runs on the same worker loop.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Model {
    /// Closed loop: `connections` connections, each keeping `pipeline`
    /// requests in flight and sending the next as soon as a response ends.
    Closed { connections: usize, pipeline: usize },
    /// Open loop: requests start on the schedule `rate` (requests per
    /// second, constant or in stages), whatever the server does; latency is
    /// timed from each request's intended start.
    Open {
        rate: Schedule,
        arrival: Arrival,
        /// Connections opened at the start.
        connections: usize,
        /// More are opened, up to this many, while every one is busy.
        max_connections: usize,
    },
    /// httperf-style sessions: connections arrive on the schedule
    /// `conn_rate` (per second), each makes `calls` requests one after
    /// another, then closes; `sessions` in all.
    Sessions {
        conn_rate: Schedule,
        arrival: Arrival,
        calls: u32,
        sessions: u64,
    },
}

/// Which part of a plan split over several processes or hosts this run
/// is: part `index` of `of` (0 of 1 when it runs alone). Parts share one
/// schedule: a uniform open loop's arrivals interleave across parts, and
/// Poisson arrivals are independent streams, one per worker of every part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub index: u32,
    pub of: u32,
}

impl Default for Part {
    fn default() -> Self {
        Part { index: 0, of: 1 }
    }
}

/// A complete description of one load run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LoadSpec {
    pub target: Target,
    /// Requests, used in turn (`--urls`); at least one.
    pub requests: Vec<RequestTemplate>,
    pub model: Model,
    pub reuse: Reuse,
    /// Worker threads (one event loop each).
    pub threads: usize,
    /// Measured duration (after warm-up). `None` with a request budget runs until it is spent.
    pub duration: Option<Duration>,
    /// Total requests to send in the measured phase (`-n`).
    pub max_requests: Option<u64>,
    /// Load runs but nothing is recorded.
    pub warmup: Duration,
    /// A request without a complete response after this long is a timeout error.
    pub timeout: Duration,
    pub protocol: Protocol,
    pub h2: H2Options,
    /// Used for `https://` targets.
    pub tls: TlsOptions,
    /// The part of a split plan this is ([`LoadSpec::split`]).
    #[serde(default)]
    pub part: Part,
    /// A weighted mix of requests, sent instead of `requests` (which then
    /// only names the target's own request).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mix: Option<crate::mix::Mix>,
    /// Local addresses the connections leave from, in turn (`--source`).
    /// Empty: the system's choice, except to an IPv4 loopback target that
    /// needs more than half a port range, where 127.0.0.2… are used
    /// (`source.rs`).
    #[serde(default)]
    pub sources: Vec<IpAddr>,
    /// The I/O the connections go through: epoll, or io_uring for plain
    /// TCP (a worker where io_uring cannot be set up runs on epoll).
    #[serde(default)]
    pub io: IoKind,
    /// Open loop: the requests due within this window after the next one
    /// go out with it, in one wake-up (each at most this late): precision
    /// traded for the client's CPU, the send delay reporting the trade.
    #[serde(default = "default_send_window")]
    pub send_window: Duration,
    /// WebSocket runs: the messages ([`Protocol::Ws`]).
    #[serde(default)]
    pub ws: WsOptions,
    /// gRPC runs: the method and its messages ([`Protocol::Grpc`]).
    #[serde(default)]
    pub grpc: GrpcOptions,
}

/// The open loop's default send window: requests stay within tens of
/// microseconds of their schedule.
pub const DEFAULT_SEND_WINDOW: Duration = Duration::from_micros(20);
/// The widest send window: wider would batch more than a timed schedule means.
pub const MAX_SEND_WINDOW: Duration = Duration::from_millis(10);

fn default_send_window() -> Duration {
    DEFAULT_SEND_WINDOW
}

impl Target {
    /// Parses and resolves an `http://` or `https://` URL; returns the
    /// target and the request path (with query).
    pub fn parse(raw: &str) -> Result<(Target, String), SpecError> {
        let url = url::Url::parse(raw).map_err(|e| {
            SpecError::new(
                Field::Target,
                format!("invalid URL {raw:?}: {e}; expected e.g. http://127.0.0.1:8080/hello"),
            )
        })?;
        let scheme = match url.scheme() {
            "http" | "ws" => Scheme::Http,
            "https" | "wss" => Scheme::Https,
            other => {
                return err(
                    Field::Target,
                    format!(
                    "URL {raw:?}: unknown scheme {other:?}; use http://host:port/path, https://, ws:// or wss://"
                ),
                )
            }
        };
        let host = url
            .host_str()
            .ok_or_else(|| SpecError::new(Field::Target, format!("URL {raw:?} has no host")))?;
        let port = url.port_or_known_default().unwrap_or(80); // 443 for https
        let addr = resolve(host, port)?;
        let authority = match url.port() {
            Some(p) => format!("{host}:{p}"),
            None => host.to_string(),
        };
        let mut path = url.path().to_string();
        if let Some(q) = url.query() {
            path.push('?');
            path.push_str(q);
        }
        let target = Target {
            url: raw.to_string(),
            authority,
            addr,
            scheme,
            host: host.to_string(),
        };
        Ok((target, path))
    }
}

impl Target {
    /// The URL is a WebSocket one (`ws://` or `wss://`).
    pub fn is_ws(&self) -> bool {
        let lower = self.url.trim_start().to_ascii_lowercase();
        lower.starts_with("ws://") || lower.starts_with("wss://")
    }
}

impl From<Target> for String {
    fn from(t: Target) -> String {
        t.url
    }
}

impl TryFrom<String> for Target {
    type Error = String;
    fn try_from(url: String) -> Result<Target, String> {
        Target::parse(&url).map(|(t, _)| t).map_err(|e| e.message)
    }
}

fn resolve(host: &str, port: u16) -> Result<SocketAddr, SpecError> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let mut addrs = (bare, port)
        .to_socket_addrs()
        .map_err(|e| SpecError::new(Field::Target, format!("cannot resolve host {host:?}: {e}")))?;
    addrs.next().ok_or_else(|| {
        SpecError::new(
            Field::Target,
            format!("host {host:?} resolved to no address"),
        )
    })
}

impl LoadSpec {
    /// A spec with barrage's defaults for a `GET` of `url`: closed loop, 10
    /// connections, keep-alive, one thread per core, 10 s, 10 s timeout. A
    /// `ws://` or `wss://` URL makes a WebSocket echo run of 64-byte text
    /// messages.
    pub fn from_url(url: &str) -> Result<LoadSpec, SpecError> {
        let (target, path) = Target::parse(url)?;
        let protocol = if target.is_ws() {
            Protocol::Ws
        } else {
            Protocol::Http1
        };
        let request = RequestTemplate::get(&path);
        Ok(LoadSpec {
            target,
            requests: vec![request],
            model: Model::Closed {
                connections: 10,
                pipeline: 1,
            },
            reuse: Reuse::KeepAlive,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            duration: Some(Duration::from_secs(10)),
            max_requests: None,
            warmup: Duration::ZERO,
            timeout: Duration::from_secs(10),
            protocol,
            h2: H2Options::default(),
            tls: TlsOptions::default(),
            part: Part::default(),
            mix: None,
            sources: Vec::new(),
            send_window: DEFAULT_SEND_WINDOW,
            io: IoKind::Epoll,
            ws: WsOptions::default(),
            grpc: GrpcOptions::default(),
        })
    }

    /// This plan split into `n` parts that together make it: connections,
    /// rates, sessions and the request budget are shared out (the first
    /// parts take the remainder), each part knows its index, and every
    /// part keeps the same requests, protocol, duration and timeouts.
    /// A part that would get no connection or no session keeps one, so
    /// splitting more ways than there are connections adds load; callers
    /// refuse that ([`LoadSpec::max_parts`]).
    pub fn split(&self, n: u32) -> Vec<LoadSpec> {
        let n = n.max(1);
        (0..n)
            .map(|i| {
                let mut part = self.clone();
                let share =
                    |total: u64| total / n as u64 + u64::from((i as u64) < total % n as u64);
                part.part = Part { index: i, of: n };
                part.max_requests = self.max_requests.map(share);
                part.model = match self.model.clone() {
                    Model::Closed {
                        connections,
                        pipeline,
                    } => Model::Closed {
                        connections: (share(connections as u64) as usize).max(1),
                        pipeline,
                    },
                    Model::Open {
                        rate,
                        arrival,
                        connections,
                        max_connections,
                    } => Model::Open {
                        rate: rate.scaled(1.0 / n as f64),
                        arrival,
                        connections: (share(connections as u64) as usize).max(1),
                        max_connections: (share(max_connections as u64) as usize).max(1),
                    },
                    Model::Sessions {
                        conn_rate,
                        arrival,
                        calls,
                        sessions,
                    } => Model::Sessions {
                        conn_rate: conn_rate.scaled(1.0 / n as f64),
                        arrival,
                        calls,
                        sessions: share(sessions).max(1),
                    },
                };
                part
            })
            .collect()
    }

    /// The most parts this plan splits into without any part getting
    /// nothing to do: its connections (closed and open loop), sessions, or
    /// request budget, whichever is fewer.
    pub fn max_parts(&self) -> u64 {
        let units = match self.model {
            Model::Closed { connections, .. } | Model::Open { connections, .. } => {
                connections as u64
            }
            Model::Sessions { sessions, .. } => sessions,
        };
        match self.max_requests {
            Some(n) => units.min(n),
            None => units,
        }
    }

    /// Checks the spec for values that cannot run, and requests that cannot
    /// be sent as given (CR, LF or NUL where the wire has no room for them,
    /// a method or header name that is not a token, a header HTTP/2
    /// forbids); nothing is started.
    pub fn validate(&self) -> Result<(), SpecError> {
        if self.requests.is_empty() {
            return err(Field::Requests, "no request to send");
        }
        if self.threads == 0 {
            return err(Field::Threads, "threads must be at least 1");
        }
        if self.duration.is_none() && self.max_requests.is_none() {
            if let Model::Sessions { .. } = self.model {
            } else {
                return err(
                    Field::Duration,
                    "the run has no end: give a duration or a number of requests",
                );
            }
        }
        if self.duration == Some(Duration::ZERO) {
            return err(Field::Duration, "duration must be greater than zero");
        }
        if self.max_requests == Some(0) {
            return err(
                Field::MaxRequests,
                "the number of requests must be at least 1",
            );
        }
        if self.timeout.is_zero() {
            return err(Field::Timeout, "timeout must be greater than zero");
        }
        if self.target.authority.contains(['\r', '\n', '\0']) {
            return err(Field::Target, "the host contains CR, LF or NUL");
        }
        match &self.mix {
            Some(mix) => {
                let pipeline = match self.model {
                    Model::Closed { pipeline, .. } => pipeline,
                    _ => 1,
                };
                mix.validate(self.protocol, self.target.scheme, pipeline)?;
            }
            None => {
                for request in &self.requests {
                    request.validate(self.protocol)?;
                }
            }
        }
        self.validate_protocol()?;
        if self.protocol == Protocol::Ws {
            self.validate_ws()?;
        }
        if self.protocol == Protocol::Grpc {
            self.validate_grpc()?;
        }
        if self.io == IoKind::IoUring
            && (self.target.scheme == Scheme::Https || self.protocol == Protocol::H3)
        {
            return err(
                Field::Io,
                "only plain TCP (http://, HTTP/1.1 or h2c) runs on io_uring; TLS and HTTP/3 run on epoll",
            );
        }
        self.validate_model()
    }

    fn validate_model(&self) -> Result<(), SpecError> {
        match self.model {
            Model::Closed {
                connections,
                pipeline,
            } => {
                if connections == 0 {
                    return err(Field::Connections, "connections must be at least 1");
                }
                if pipeline == 0 {
                    return err(Field::Pipeline, "pipeline depth must be at least 1");
                }
                if pipeline > 1 && self.reuse != Reuse::KeepAlive {
                    return err(
                        Field::Pipeline,
                        "pipelining needs keep-alive HTTP/1.1 connections",
                    );
                }
                if pipeline > 1 && matches!(self.protocol, Protocol::H2 | Protocol::H3) {
                    return err(
                        Field::Pipeline,
                        "pipelining is HTTP/1.1's; HTTP/2 and HTTP/3 send several streams per connection instead",
                    );
                }
            }
            Model::Open {
                ref rate,
                connections,
                max_connections,
                ..
            } => {
                self.check_schedule(rate, Field::Rate, "the request rate")?;
                if self.send_window > MAX_SEND_WINDOW {
                    return err(
                        Field::SendWindow,
                        format!(
                            "the send window ({:?}) is over {MAX_SEND_WINDOW:?}: a wider one is no longer a timed schedule",
                            self.send_window
                        ),
                    );
                }
                if connections == 0 {
                    return err(Field::Connections, "connections must be at least 1");
                }
                if max_connections < connections {
                    return err(
                        Field::MaxConnections,
                        format!(
                            "the most connections ({max_connections}) is below the connections to open ({connections})"
                        ),
                    );
                }
            }
            Model::Sessions {
                ref conn_rate,
                calls,
                sessions,
                ..
            } => {
                self.check_schedule(conn_rate, Field::ConnRate, "the connection rate")?;
                if calls == 0 {
                    return err(Field::Calls, "calls per session must be at least 1");
                }
                if sessions == 0 {
                    return err(Field::Sessions, "the number of sessions must be at least 1");
                }
            }
        }
        Ok(())
    }

    fn validate_protocol(&self) -> Result<(), SpecError> {
        let h2 = self.h2;
        if h2.streams == 0 {
            return err(Field::Streams, "streams per connection must be at least 1");
        }
        if h2.window_bits > 30 || h2.connection_window_bits > 30 {
            return err(
                Field::WindowBits,
                "window bits must be 0 to 30 (a window of 2^N-1 bytes)",
            );
        }
        match self.protocol {
            Protocol::Http1 if h2.streams > 1 => err(
                Field::Streams,
                "several streams per connection need HTTP/2; HTTP/1.1 can pipeline instead",
            ),
            Protocol::H2 | Protocol::H3 if self.reuse != Reuse::KeepAlive => err(
                Field::Reuse,
                "HTTP/2 and HTTP/3 connections are always kept alive: closing them after each request and HTTP/1.0 are HTTP/1 choices",
            ),
            Protocol::Ws if self.reuse != Reuse::KeepAlive => err(
                Field::Reuse,
                "a WebSocket connection stays open: closing it after each request and HTTP/1.0 are HTTP/1 choices",
            ),
            Protocol::Ws if h2.streams > 1 => err(
                Field::Streams,
                "streams are HTTP/2's: a WebSocket connection keeps messages in flight instead",
            ),
            Protocol::H3 if self.target.scheme != Scheme::Https => err(
                Field::Target,
                "HTTP/3 runs over QUIC, which always uses TLS: use an https:// URL",
            ),
            _ => Ok(()),
        }
    }

    /// The most connections this spec can hold open at once.
    pub fn peak_connections(&self) -> usize {
        match self.model {
            Model::Closed { connections, .. } => connections,
            Model::Open {
                max_connections, ..
            } => max_connections,
            // A session lasts at most (calls + 1) timeouts (connect, then each
            // call), so at most rate × that many are open at once.
            Model::Sessions {
                sessions,
                ref conn_rate,
                calls,
                ..
            } => {
                let longest_s = (f64::from(calls) + 1.0) * self.timeout.as_secs_f64();
                let overlap = (conn_rate.peak_per_s() * longest_s).ceil() as u64 + 1;
                sessions.min(overlap) as usize
            }
        }
    }
}

impl LoadSpec {
    /// The rate schedule of a paced model (open loop, sessions), if any.
    pub fn schedule(&self) -> Option<&Schedule> {
        match &self.model {
            Model::Open { rate, .. } => Some(rate),
            Model::Sessions { conn_rate, .. } => Some(conn_rate),
            Model::Closed { .. } => None,
        }
    }

    /// The schedule's stages are sound, and the run's length agrees with
    /// them: a schedule whose stages all end sets the run's length; one
    /// whose last stage lasts until the run ends needs the run to reach it.
    fn check_schedule(
        &self,
        schedule: &Schedule,
        field: Field,
        what: &str,
    ) -> Result<(), SpecError> {
        schedule
            .check()
            .map_err(|e| SpecError::new(field, format!("{what}: {e}")))?;
        let shown = |d: Duration| humantime::format_duration(d).to_string();
        match (schedule.total(), self.duration) {
            (Some(total), Some(d)) if d != total => err(
                Field::Duration,
                format!(
                    "the run lasts {} but {what}'s schedule ({schedule}) lasts {}: a schedule whose stages all have a duration sets the run's length (or end it with a stage without one, which holds until the run ends)",
                    shown(d),
                    shown(total)
                ),
            ),
            (Some(total), None) => err(
                Field::Duration,
                format!(
                    "{what}'s schedule ({schedule}) lasts {}: the run's duration must be that",
                    shown(total)
                ),
            ),
            (None, Some(d)) if schedule.stages().len() > 1 && d <= schedule.timed() => err(
                Field::Duration,
                format!(
                    "the run lasts {}, no longer than the stages of {what}'s schedule before its last ({}, {}): the last stage would never run",
                    shown(d),
                    schedule,
                    shown(schedule.timed())
                ),
            ),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_urls() {
        let (t, path) = Target::parse("http://127.0.0.1:8080/hello?x=1").unwrap();
        assert_eq!(t.authority, "127.0.0.1:8080");
        assert_eq!(path, "/hello?x=1");
        assert_eq!(t.addr, "127.0.0.1:8080".parse().unwrap());
        let (t, path) = Target::parse("http://[::1]:9/").unwrap();
        assert_eq!(t.addr, "[::1]:9".parse().unwrap());
        assert_eq!(path, "/");
        let (t, _) = Target::parse("http://localhost/").unwrap();
        assert_eq!(t.addr.port(), 80);
        assert_eq!(t.authority, "localhost");
    }

    #[test]
    fn rejects_bad_urls() {
        let (t, path) = Target::parse("https://localhost/x").unwrap();
        assert_eq!(
            (t.scheme, t.addr.port(), t.host.as_str()),
            (Scheme::Https, 443, "localhost")
        );
        assert_eq!(path, "/x");
        for bad in ["127.0.0.1:8080", "ftp://x/", "http://", "not a url"] {
            assert!(Target::parse(bad).is_err(), "{bad}");
        }
        let e = Target::parse("http://no-such-host.invalid/").unwrap_err();
        assert!(e.message.contains("cannot resolve"), "{e}");
    }

    #[test]
    fn rejects_bad_models() {
        let mut s = LoadSpec::from_url("http://127.0.0.1:1/").unwrap();
        s.model = Model::Closed {
            connections: 0,
            pipeline: 1,
        };
        assert!(s.validate().is_err());
        s.model = Model::Open {
            rate: Schedule::constant(0.0),
            arrival: Arrival::Uniform,
            connections: 1,
            max_connections: 1,
        };
        assert!(s.validate().is_err());
        s.model = Model::Open {
            rate: Schedule::constant(-5.0),
            arrival: Arrival::Uniform,
            connections: 1,
            max_connections: 1,
        };
        assert!(s.validate().is_err());
        s.model = Model::Closed {
            connections: 1,
            pipeline: 4,
        };
        s.reuse = Reuse::Close;
        assert!(s.validate().is_err());
    }

    #[test]
    fn a_schedule_and_the_run_s_length_agree() {
        let mut s = LoadSpec::from_url("http://127.0.0.1:1/").unwrap();
        let open = |text: &str| Model::Open {
            rate: text.parse().unwrap(),
            arrival: Arrival::Uniform,
            connections: 1,
            max_connections: 1,
        };
        let secs = |n| Some(Duration::from_secs(n));
        // (schedule, duration, budget, accepted)
        let table = [
            ("100:2s,100..200:3s", secs(5), None, true),
            ("100:2s,100..200:3s", secs(6), None, false),
            ("100:2s,100..200:3s", None, Some(10), false),
            ("100:2s,100..200:3s,200", secs(6), None, true),
            ("100:2s,100..200:3s,200", secs(5), None, false),
            ("100:2s,100..200:3s,200", None, Some(10), true),
            ("100", secs(1), None, true),
        ];
        for (text, duration, budget, ok) in table {
            s.model = open(text);
            s.duration = duration;
            s.max_requests = budget;
            match s.validate() {
                Ok(()) => assert!(ok, "{text} {duration:?} {budget:?} was accepted"),
                Err(e) => {
                    assert!(!ok, "{text} {duration:?} {budget:?}: {e}");
                    assert_eq!(e.field, Field::Duration, "{e}");
                    assert!(!e.message.contains(" -"), "{e}");
                }
            }
        }
        s.model = Model::Sessions {
            conn_rate: "10..0:2s".parse().unwrap(),
            arrival: Arrival::Uniform,
            calls: 1,
            sessions: 5,
        };
        s.duration = secs(2);
        assert!(s.validate().is_ok());
        s.model = Model::Sessions {
            conn_rate: Schedule::constant(f64::NAN),
            arrival: Arrival::Uniform,
            calls: 1,
            sessions: 5,
        };
        assert_eq!(s.validate().unwrap_err().field, Field::ConnRate);
    }

    #[test]
    fn rejects_bad_protocol_options() {
        let mut s = LoadSpec::from_url("http://127.0.0.1:1/").unwrap();
        s.h2.streams = 10;
        let field = |s: &LoadSpec| {
            let e = s.validate().unwrap_err();
            // The engine names the spec's fields, never a command-line flag.
            assert!(!e.message.contains(" -"), "{e}");
            e.field
        };
        assert_eq!(field(&s), Field::Streams);
        s.protocol = Protocol::H2;
        assert!(s.validate().is_ok());
        s.reuse = Reuse::Close;
        assert_eq!(field(&s), Field::Reuse);
        s.reuse = Reuse::KeepAlive;
        s.h2.window_bits = 31;
        assert_eq!(field(&s), Field::WindowBits);
        s.h2.window_bits = 16;
        s.h2.streams = 0;
        assert!(s.validate().is_err());
        s.h2.streams = 1;
        s.model = Model::Closed {
            connections: 1,
            pipeline: 2,
        };
        assert_eq!(field(&s), Field::Pipeline);
        s.model = Model::Closed {
            connections: 1,
            pipeline: 1,
        };
        s.requests[0]
            .headers
            .push(("Connection".into(), "close".into()));
        assert_eq!(field(&s), Field::Header);
        s.protocol = Protocol::Http1;
        assert!(s.validate().is_ok());
        s.requests[0].method = "GET\r\n".into();
        assert_eq!(field(&s), Field::Method);
    }

    #[test]
    fn rejects_a_host_with_cr_lf_or_nul() {
        let mut s = LoadSpec::from_url("http://127.0.0.1:1/").unwrap();
        for bad in ["h\r:1", "h\n:1", "h\0:1"] {
            s.target.authority = bad.into();
            let e = s.validate().unwrap_err();
            assert_eq!(e.field, Field::Target, "{bad:?}: {e}");
            assert!(e.message.contains("host"), "{bad:?}: {e}");
        }
        s.target.authority = "h:1".into();
        assert!(s.validate().is_ok());
    }

    #[test]
    fn checks_every_request_of_the_list() {
        let mut s = LoadSpec::from_url("http://127.0.0.1:1/").unwrap();
        let mut second = RequestTemplate::get("/b");
        second.headers.push(("X-A".into(), "a\rb".into()));
        s.requests.push(second);
        assert_eq!(s.validate().unwrap_err().field, Field::Header);
    }
}
