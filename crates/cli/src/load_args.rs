//! The flags of `barrage load` and the [`LoadSpec`] they describe. It
//! parses and checks; it runs nothing and prints nothing.

use std::path::{Path, PathBuf};
use std::time::Duration;

use barrage_engine::{
    Arrival, Field, IoKind, LoadSpec, Model, Part, Protocol, RequestTemplate, Reuse, Schedule,
    Scheme, Target, TlsOptions, WsMode, WsOptions,
};
use clap::ValueEnum;

use crate::common::spec_error;

mod grpc;
mod ws;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ArrivalArg {
    Uniform,
    Poisson,
}

#[derive(Debug, Clone, clap::Args)]
#[command(
    after_help = "Models:\n  closed loop (default)   -c N connections, each sends its next request when a response ends\n  open loop               -R RATE: requests start on schedule; latency from the intended start\n                          -R STAGES: the rate held and ramped in stages (1000:10s,1000..20000:60s)\n  sessions (httperf)      --conn-rate R --calls K --num-conns N\n\nExit status: 0 done; 1 nothing answered (--find-max: no exact answer, docs/load.md); 2 bad input; 3 a --check failed\n\nExamples:\n  barrage load -c100 -d10s http://127.0.0.1:8080/hello\n  barrage load -c100 -d10s --check 'p99<=10ms,errors<=0.1%,rate>=9500' http://127.0.0.1:8080/hello\n  barrage load -R 20000 -c100 -d30s --json out.json http://127.0.0.1:8080/hello\n  barrage load -R 1000:10s,1000..20000:60s,20000:30s -c100 --json ramp.json http://127.0.0.1:8080/hello\n  barrage load -c100 -d30s --mix mix.toml http://127.0.0.1:8080/\n  barrage load --http1.0 -c30 -n100000 http://127.0.0.1:8080/\n  barrage load --h2c -c100 -m100 -d10s http://127.0.0.1:3000/static/6b\n  barrage load --h2 -c100 -m100 -w30 -W30 --cacert ca.pem https://localhost:3000/\n  barrage load --h3 -c100 -m10 -d10s --cacert ca.pem https://localhost:3000/\n  barrage load --conn-rate 100 --calls 10 --num-conns 5000 --timeout 5s 'http://127.0.0.1:8080/xml?value=benchmarks'\n  barrage load -c100 -d10s ws://127.0.0.1:8080/ws                    (WebSocket echo, 64-byte text)\n  barrage load -c100 -m4 --ws-size 4096 --ws-binary -d10s ws://127.0.0.1:8080/ws\n  barrage load -R 50000 -c100 -d30s ws://127.0.0.1:8080/ws          (messages/s)\n  barrage load --ws-subscribe -c10 -d10s 'ws://127.0.0.1:8080/ws?push=100'\n  barrage load --grpc --proto bench.proto --call barrage.bench.v1.Bench/Echo --data '{\"seq\":\"{{.RequestNumber}}\"}' -c10 -m10 -d10s http://127.0.0.1:8080\n  barrage load --grpc --proto bench.proto --call barrage.bench.v1.Bench/Chat -R 5000 -c4 -m2 -d30s http://127.0.0.1:8080   (bidi, messages/s)"
)]
pub struct LoadArgs {
    /// The URL to load (http://host:port/path, https://…, or ws:// and wss:// for WebSocket).
    pub(crate) url: String,

    /// Connections (closed loop), or the initial pool (open loop).
    #[arg(short = 'c', long = "connections", default_value_t = 10)]
    connections: usize,
    /// Measured duration, e.g. 10s, 1m, 500ms [default: 10s, or none with -n or sessions].
    #[arg(short = 'd', long, value_parser = parse_duration)]
    pub(crate) duration: Option<Duration>,
    /// Total requests to send, then stop.
    #[arg(short = 'n', long = "requests")]
    pub(crate) requests: Option<u64>,
    /// Worker threads [default: one per core; never more than connections, -n or sessions].
    #[arg(short = 't', long)]
    pub(crate) threads: Option<usize>,
    /// HTTP/1.1 pipelining: requests in flight per connection (closed loop only).
    #[arg(long, default_value_t = 1, value_name = "DEPTH")]
    pipeline: usize,

    /// One request per connection, with `Connection: close`.
    #[arg(long)]
    no_keepalive: bool,
    /// Send HTTP/1.0 requests, as ab does (no keep-alive unless --keepalive).
    #[arg(long = "http1.0")]
    http10: bool,
    /// With --http1.0: ask for keep-alive (`Connection: keep-alive`), as ab -k.
    #[arg(long = "keepalive", requires = "http10")]
    keepalive: bool,

    /// HTTP/2 with prior knowledge over cleartext (h2c), for http:// URLs.
    #[arg(long, conflicts_with = "h2")]
    h2c: bool,
    /// HTTP/2 over TLS, for https:// URLs: ALPN offers h2 and http/1.1 and each
    /// connection speaks what the server picks (as h2load).
    #[arg(long, conflicts_with = "h3")]
    h2: bool,
    /// HTTP/3 over QUIC, for https:// URLs (ALPN h3; UDP to the URL's port).
    #[arg(long, conflicts_with = "h2c")]
    h3: bool,
    /// HTTP/2 and HTTP/3: concurrent streams per connection (capped by the server's
    /// limit); WebSocket echo: messages in flight per connection; gRPC: calls in flight
    /// (--grpc-unit message: long-lived bidi streams) per connection.
    #[arg(short = 'm', long = "streams", default_value_t = 1, value_name = "N")]
    streams: usize,

    /// WebSocket (RFC 6455, HTTP/1.1 upgrade): http:// becomes ws://, https:// wss://
    /// (a ws:// or wss:// URL implies it). Echo by default: each message sent is
    /// answered by its echo; -R sets messages/s; -n counts messages.
    #[arg(long)]
    ws: bool,
    /// WebSocket: each message's payload, TEXT or @FILE [default: 64 bytes of text].
    #[arg(long, value_name = "TEXT|@FILE")]
    ws_message: Option<String>,
    /// WebSocket: messages of N bytes (instead of --ws-message).
    #[arg(long, value_name = "N")]
    ws_size: Option<usize>,
    /// WebSocket: send binary frames (opcode 2) instead of text (opcode 1).
    #[arg(long)]
    ws_binary: bool,
    /// WebSocket: send nothing after the upgrade; the server pushes, and each message
    /// is timed from the one before it on its connection (the first from the upgrade).
    #[arg(long)]
    ws_subscribe: bool,
    /// WebSocket: a ping every DURATION on each connection; a pong missing after
    /// --timeout is a timeout error.
    #[arg(long, value_parser = parse_duration, value_name = "DURATION")]
    ws_ping: Option<Duration>,
    /// HTTP/2: stream window of 2^N-1 bytes, as h2load -w.
    #[arg(
        short = 'w',
        long = "window-bits",
        default_value_t = 30,
        value_name = "N"
    )]
    window_bits: u8,
    /// HTTP/2: connection window of 2^N-1 bytes, as h2load -W.
    #[arg(
        short = 'W',
        long = "connection-window-bits",
        default_value_t = 30,
        value_name = "N"
    )]
    connection_window_bits: u8,

    /// TLS: do not verify the server's certificate.
    #[arg(short = 'k', long)]
    insecure: bool,
    /// TLS: trust the CA certificates in this PEM file instead of the system's.
    #[arg(long, value_name = "FILE")]
    cacert: Option<PathBuf>,
    /// TLS: resume sessions (tickets or ids) when connections are reopened.
    #[arg(long)]
    tls_resume: bool,
    /// TLS: the server name to send (SNI) and verify [default: the URL's host].
    #[arg(long, value_name = "NAME")]
    sni: Option<String>,
    /// Local addresses the connections leave from, in turn (e.g. 127.0.0.2,127.0.0.3)
    /// [default: the system's; to 127.0.0.1, also 127.0.0.2… past half the port range].
    #[arg(long = "source", value_name = "ADDR[,ADDR...]", value_delimiter = ',')]
    sources: Vec<std::net::IpAddr>,
    /// Plain TCP (http://: HTTP/1.1 or h2c; ws://) through io_uring instead of epoll: multishot
    /// receives into a provided buffer ring, sends batched per submit, SINGLE_ISSUER and
    /// DEFER_TASKRUN (Linux 6.1+). Where io_uring is unavailable the run warns and uses
    /// epoll; the JSON says "io": "io_uring" when it ran.
    #[arg(long)]
    io_uring: bool,

    /// Open loop: requests started per second, whatever the server does; or a schedule of
    /// stages, e.g. 1000:10s,1000..20000:60s,20000:30s (RATE:DURATION holds, FROM..TO:DURATION
    /// ramps linearly; their total is the run's length, or a last stage without a duration
    /// holds until -d ends).
    #[arg(
        short = 'R',
        long,
        value_name = "PER_SECOND|STAGES",
        allow_negative_numbers = true,
        value_parser = parse_schedule
    )]
    pub(crate) rate: Option<Schedule>,
    /// Open loop and sessions: spacing of arrivals.
    #[arg(long, value_enum, default_value_t = ArrivalArg::Uniform)]
    arrival: ArrivalArg,
    /// Seed of the Poisson arrivals (same seed, same schedule).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Open loop: open more connections, up to this many, while all are busy [default: -c].
    #[arg(long)]
    max_connections: Option<usize>,
    /// Open loop: requests due within this window after the next one go out with it, in
    /// one wake-up, each at most this late (the send delay shows it): a wider window
    /// costs the client less CPU per request at high rates; 1ms is wrk2's resolution
    /// [default: 20us; at most 10ms]
    #[arg(long, value_parser = parse_duration, value_name = "DURATION")]
    send_window: Option<Duration>,

    /// Sessions: new connections per second (give --calls and --num-conns too); or stages,
    /// as -R takes them.
    #[arg(long, value_name = "PER_SECOND|STAGES", allow_negative_numbers = true, requires_all = ["calls", "num_conns"], value_parser = parse_schedule)]
    pub(crate) conn_rate: Option<Schedule>,
    /// Sessions: requests each connection makes, one after another (with --find-max:
    /// search the session rate).
    #[arg(long)]
    pub(crate) calls: Option<u32>,
    /// Sessions: connections (sessions) in all.
    #[arg(long, requires = "conn_rate")]
    pub(crate) num_conns: Option<u64>,

    /// A request without its complete response after this long is a timeout error; also
    /// bounds connects and the wait for the last responses, and a run in which nothing
    /// connects or answers for this long stops as unreachable.
    #[arg(long, value_parser = parse_duration, default_value = "10s")]
    pub(crate) timeout: Duration,
    /// Run the load this long first, recording nothing.
    #[arg(long, value_parser = parse_duration, default_value = "0s")]
    pub(crate) warmup: Duration,

    /// Find the highest open-loop rate that meets --slo: steps of -d (default 5s) after
    /// --warmup (default 1s), growing tenfold from --min-rate, then narrowing around where
    /// the server fell behind, and confirming (docs/load.md). With --calls K: the highest
    /// session rate (sessions of K calls).
    #[arg(long, requires = "slo")]
    pub(crate) find_max: bool,
    /// What a --find-max step must meet, e.g. 'p99<=10ms,errors<=0.1%' (p50, p90, p99,
    /// p99.9, max; errors as a share of requests). Late sends and an achieved rate below
    /// 99% of the offered one fail a step too.
    #[arg(long, value_name = "OBJECTIVES", value_parser = parse_slo, requires = "find_max")]
    pub(crate) slo: Option<barrage_engine::search::Slo>,
    /// Thresholds the run must meet, for CI (as k6's thresholds), e.g.
    /// 'p99<=10ms,errors<=0.1%,rate>=9500': p50, p90, p99, p99.9 or max <= a duration;
    /// errors <= a share of the requests; rate >= responses/s. The report shows each with
    /// its figure; one that fails makes barrage exit 3 after its report. With --find-max:
    /// the answer's (rate: the capacity found; the rest: its confirmation step).
    #[arg(long, value_name = "THRESHOLDS", value_parser = parse_check)]
    pub(crate) check: Option<barrage_engine::check::Check>,
    /// --find-max: the first rate tried, requests/s (sessions/s with --calls).
    #[arg(
        long,
        value_name = "PER_SECOND",
        default_value_t = 10.0,
        requires = "find_max"
    )]
    pub(crate) min_rate: f64,
    /// --find-max: the highest rate tried, requests/s (sessions/s with --calls).
    #[arg(
        long,
        value_name = "PER_SECOND",
        default_value_t = 1_000_000.0,
        requires = "find_max"
    )]
    pub(crate) max_rate: f64,
    /// --find-max: how close the answer is to the true capacity, e.g. 2%.
    #[arg(long, value_name = "PERCENT", default_value = "2%", value_parser = parse_percent, requires = "find_max")]
    pub(crate) precision: f64,
    /// --find-max: steps at most, the confirmation included.
    #[arg(long, value_name = "N", default_value_t = 20, requires = "find_max")]
    pub(crate) max_steps: u32,
    /// --find-max: stop searching after this long (the highest pass is then a lower bound).
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, default_value = "10m", requires = "find_max")]
    pub(crate) time_limit: Duration,
    /// --find-max: the client's ceiling for the steps' shape, per second:
    /// `auto` measures it against barrage serve when the target is on this
    /// machine (plain HTTP/1.1 or h2c); a rate gives it; `off` leaves it out.
    #[arg(long, value_name = "auto|off|PER_SECOND", default_value = "auto", value_parser = crate::ceiling::parse, requires = "find_max")]
    pub(crate) client_ceiling: crate::ceiling::CeilingArg,

    /// Request method.
    #[arg(long, default_value = "GET")]
    method: String,
    /// Extra request header, 'Name: value' (repeatable).
    #[arg(short = 'H', long = "header", value_name = "NAME: VALUE")]
    headers: Vec<String>,
    /// Request body: TEXT, or @FILE to read it from a file.
    #[arg(long)]
    body: Option<String>,
    /// A file of paths or URLs (one per line), used in turn instead of the URL's path.
    #[arg(long, value_name = "FILE")]
    urls: Option<PathBuf>,
    /// A weighted request mix (TOML, docs/load.md "Request mixes"): several requests,
    /// each with a weight, placeholders {rand LO..HI} and {seq}, raw bytes. The URL
    /// then gives only the scheme, host and port; -H headers go on every request.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["urls", "body", "method", "script"])]
    pub(crate) mix: Option<PathBuf>,
    /// A wrk Lua script: the `wrk` table, setup, init, delay, request, response and
    /// done, as wrk runs them (docs/load.md). Words after `--` are its init(args).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["urls", "body", "method"])]
    pub(crate) script: Option<PathBuf>,
    /// Arguments for the script's init(args), after `--`.
    #[arg(last = true, value_name = "SCRIPT_ARG", requires = "script")]
    pub(crate) script_args: Vec<String>,

    #[command(flatten)]
    pub(crate) grpc: grpc::GrpcArgs,

    /// Write the full results as JSON to FILE, or to stdout with '-' (the summary then goes to stderr).
    #[arg(long, value_name = "FILE|-")]
    pub(crate) json: Option<String>,
    /// Write the run's summary and charts (latency spectrum, per-second series) as one
    /// self-contained HTML page.
    #[arg(long, value_name = "FILE")]
    pub(crate) html: Option<PathBuf>,
    /// Write an HdrHistogram interval log (one histogram per second, microseconds).
    #[arg(long, value_name = "FILE")]
    pub(crate) hdr_log: Option<PathBuf>,
    /// No summary (errors still go to stderr).
    #[arg(short = 'q', long)]
    pub(crate) quiet: bool,
    /// No live view on a terminal: one progress line instead.
    #[arg(long)]
    pub(crate) no_tui: bool,
    /// A machine-readable line a second on stderr (`barrage-progress warmup=0 t=3.0
    /// rps=… p99_us=… errors=…`), for `barrage run`'s live line.
    #[arg(long, hide = true)]
    pub(crate) progress_lines: bool,
    /// Serve the run's numbers at http://ADDR/metrics while it goes, as Prometheus /
    /// OpenMetrics text (counters of the measured phase, a latency histogram, percentiles,
    /// connections, rates), for a scraper; e.g. 127.0.0.1:9464.
    #[arg(long, value_name = "ADDR")]
    pub(crate) metrics: Option<std::net::SocketAddr>,
    /// A label on every metric (repeatable), e.g. --metrics-label scenario=hello.
    #[arg(long = "metrics-label", value_name = "KEY=VALUE", requires = "metrics",
          value_parser = crate::metrics::parse_label)]
    pub(crate) metrics_labels: Vec<(String, String)>,
    /// After the run, keep serving its final values this long, so a scraper sees them.
    #[arg(long, value_name = "DURATION", requires = "metrics", value_parser = parse_duration,
          default_value = "0s")]
    pub(crate) metrics_linger: Duration,

    /// Split the load over agents on these hosts (local, ssh://[user@]host[:port], or
    /// names from --hosts), comma-separated: connections, rates and sessions are shared
    /// out, every agent starts at one instant, and the report is their exact merge.
    #[arg(long, value_name = "HOSTS", conflicts_with = "part")]
    pub(crate) agents: Option<String>,
    /// The inventory (TOML) that names hosts for --agents (docs/distributed.md).
    #[arg(long, value_name = "FILE", requires = "agents")]
    pub(crate) hosts: Option<PathBuf>,
    /// With --agents: also write each agent's own JSON report into DIR (for `barrage merge`).
    #[arg(long, value_name = "DIR", requires = "agents")]
    pub(crate) json_parts: Option<PathBuf>,
    /// Run part I of a plan split N ways (0-based), as one of N processes started by hand
    /// or by a Kubernetes Indexed Job; merge their JSON with `barrage merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_part)]
    pub(crate) part: Option<Part>,
    /// Start the load at this instant (Unix seconds, fractions allowed, or RFC 3339),
    /// so processes started apart begin together.
    #[arg(long, value_name = "TIME", value_parser = parse_start_at)]
    pub(crate) start_at: Option<std::time::SystemTime>,
}

fn parse_slo(s: &str) -> Result<barrage_engine::search::Slo, String> {
    s.parse()
}

pub(crate) fn parse_check(s: &str) -> Result<barrage_engine::check::Check, String> {
    s.parse()
}

/// `2%` (or `0.5 %`) as a share: 0.02.
fn parse_percent(s: &str) -> Result<f64, String> {
    let bad = || format!("{s:?}: expected a percentage such as 2%");
    let n: f64 = s
        .trim()
        .strip_suffix('%')
        .ok_or_else(bad)?
        .trim()
        .parse()
        .map_err(|_| bad())?;
    if !(n > 0.0 && n < 100.0) {
        return Err(bad());
    }
    Ok(n / 100.0)
}

fn parse_part(s: &str) -> Result<Part, String> {
    let bad = || format!("{s:?}: expected I/N with 0 <= I < N, e.g. 0/3");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (index, of): (u32, u32) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if of == 0 || index >= of {
        return Err(bad());
    }
    Ok(Part { index, of })
}

pub(crate) fn parse_start_at(s: &str) -> Result<std::time::SystemTime, String> {
    let s = s.trim();
    if let Ok(secs) = s.parse::<f64>() {
        if secs.is_finite() && secs >= 0.0 {
            return Ok(std::time::UNIX_EPOCH + Duration::from_secs_f64(secs));
        }
    }
    humantime::parse_rfc3339_weak(s).map_err(|_| {
        format!("{s:?}: expected Unix seconds (1767225600.5) or RFC 3339 (2026-01-01T00:00:00Z)")
    })
}

/// The spec the flags describe, checked; an error names the flag.
pub(crate) fn checked_spec(args: &LoadArgs) -> Result<LoadSpec, String> {
    let spec = build_spec(args)?;
    spec.validate().map_err(|e| spec_error(&e, flag))?;
    Ok(spec)
}

/// A run that asks for io_uring where it cannot be set up runs on epoll,
/// with one warning line that says why.
pub(crate) fn io_uring_or_epoll(spec: &mut LoadSpec) {
    if spec.io != barrage_engine::IoKind::IoUring {
        return;
    }
    if let Some(why) = barrage_engine::io_uring_unavailable() {
        eprintln!("barrage: warning: --io-uring: {why}; running on epoll");
        spec.io = barrage_engine::IoKind::Epoll;
    }
}

/// The flag of `barrage load` that sets a part of the spec.
pub(crate) fn flag(field: Field) -> Option<&'static str> {
    Some(match field {
        Field::Target => "URL",
        Field::Requests | Field::Path => "URL, --urls or --mix",
        Field::Method => "--method",
        Field::Header => "-H",
        Field::Threads => "-t",
        Field::Duration => "-d",
        Field::MaxRequests => "-n",
        Field::Timeout => "--timeout",
        Field::Connections => "-c",
        Field::Pipeline => "--pipeline",
        Field::Rate => "-R",
        Field::MaxConnections => "--max-connections",
        Field::ConnRate => "--conn-rate",
        Field::Calls => "--calls",
        Field::Script => "--script",
        Field::Sessions => "--num-conns",
        Field::Streams => "-m",
        Field::WindowBits => "-w/-W",
        Field::Reuse => "--no-keepalive/--http1.0",
        Field::CaFile => "--cacert",
        Field::ServerName => "--sni",
        Field::Sources => "--source",
        Field::SendWindow => "--send-window",
        Field::Io => "--io-uring",
        Field::WsMessage => "--ws-message/--ws-size/--ws-ping",
        Field::Resources => return None,
    })
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    // A bare number is seconds, as wrk and h2load accept.
    if let Ok(secs) = s.parse::<f64>() {
        if secs.is_finite() && secs >= 0.0 {
            return Ok(Duration::from_secs_f64(secs));
        }
        return Err(format!("{s:?} is not a duration; use e.g. 10s, 500ms, 2m"));
    }
    humantime::parse_duration(s)
        .map_err(|_| format!("{s:?} is not a duration; use e.g. 10s, 500ms, 2m"))
}

fn build_spec(a: &LoadArgs) -> Result<LoadSpec, String> {
    if a.calls.is_some() && a.conn_rate.is_none() {
        return Err(
            "--calls applies to sessions: give --conn-rate and --num-conns too (or --find-max to search the session rate)"
                .into(),
        );
    }
    let grpc = grpc::setup(a)?;
    let url = ws::url(a)?;
    let mut spec = LoadSpec::from_url(&url).map_err(|e| e.to_string())?;
    spec.requests = requests(a, &spec.target)?;
    spec.reuse =
        match (a.http10, a.no_keepalive) {
            (true, true) => return Err(
                "--http1.0 and --no-keepalive together: HTTP/1.0 already closes unless --keepalive"
                    .into(),
            ),
            (true, false) => Reuse::Http10 {
                keepalive: a.keepalive,
            },
            (false, true) => Reuse::Close,
            (false, false) => Reuse::KeepAlive,
        };
    if let Some(t) = a.threads {
        spec.threads = t;
    }
    spec.protocol = match spec.protocol {
        Protocol::Ws => Protocol::Ws,
        _ if grpc.is_some() => Protocol::Grpc,
        _ => protocol(a, spec.target.scheme)?,
    };
    spec.h2.streams = a.streams;
    spec.h2.window_bits = a.window_bits;
    spec.h2.connection_window_bits = a.connection_window_bits;
    let tls_flags = a.insecure || a.cacert.is_some() || a.tls_resume || a.sni.is_some();
    if tls_flags && spec.target.scheme == Scheme::Http {
        return Err(
            "--insecure, --cacert, --tls-resume and --sni are TLS options: use an https:// URL"
                .into(),
        );
    }
    spec.tls = TlsOptions {
        insecure: a.insecure,
        ca_file: a.cacert.clone(),
        resume: a.tls_resume,
        server_name: a.sni.clone(),
    };
    spec.sources = a.sources.clone();
    if let Some(window) = a.send_window {
        if a.rate.is_none() {
            return Err("--send-window applies to the open loop (-R)".into());
        }
        spec.send_window = window;
    }
    if a.io_uring {
        spec.io = IoKind::IoUring;
    }
    spec.timeout = a.timeout;
    spec.warmup = a.warmup;
    spec.max_requests = a.requests;
    spec.duration = duration(a)?;
    spec.model = model(a)?;
    if let Some(file) = &a.mix {
        let headers = a
            .headers
            .iter()
            .map(|h| parse_header(h))
            .collect::<Result<Vec<_>, _>>()?;
        let read = crate::mix::read(file, &headers)?;
        let pipeline = match spec.model {
            Model::Closed { pipeline, .. } => pipeline,
            _ => 1,
        };
        read.check(spec.protocol, spec.target.scheme, pipeline)?;
        spec.mix = Some(read.mix);
    }
    ws::apply(a, &mut spec)?;
    grpc::apply(a, grpc, &mut spec)?;
    Ok(spec)
}

/// The protocol the flags ask for, checked against the URL's scheme.
fn protocol(a: &LoadArgs, scheme: Scheme) -> Result<Protocol, String> {
    Ok(match (a.h2c, a.h2, scheme) {
        (true, _, Scheme::Http) | (_, true, Scheme::Https) => Protocol::H2,
        (true, _, Scheme::Https) => {
            return Err(
                "--h2c is cleartext HTTP/2: use an http:// URL, or --h2 for https://".into(),
            )
        }
        (_, true, Scheme::Http) => {
            return Err("--h2 is HTTP/2 over TLS: use an https:// URL, or --h2c for http://".into())
        }
        (false, false, _) if a.h3 => match scheme {
            Scheme::Https => Protocol::H3,
            Scheme::Http => {
                return Err(
                    "--h3 is HTTP/3 over QUIC, which always uses TLS: use an https:// URL".into(),
                )
            }
        },
        (false, false, _) => Protocol::Http1,
    })
}

/// The run's length: `-d`; else a schedule's stages when they all have
/// a duration; else none with `-n` or sessions, 10 s otherwise. The engine
/// checks that `-d` and a schedule agree.
fn duration(a: &LoadArgs) -> Result<Option<Duration>, String> {
    let (flag, schedule) = match (&a.rate, &a.conn_rate) {
        (Some(r), _) => ("-R", Some(r)),
        (None, Some(r)) => ("--conn-rate", Some(r)),
        (None, None) => ("", None),
    };
    if let Some(d) = a.duration {
        return Ok(Some(d));
    }
    if let Some(total) = schedule.and_then(Schedule::total) {
        return Ok(Some(total));
    }
    let staged = schedule.is_some_and(|s| s.stages().len() > 1);
    Ok(match (a.requests, a.conn_rate.is_some()) {
        (Some(_), _) | (None, true) => None,
        (None, false) if staged => {
            return Err(format!(
                "{flag}: the last stage has no duration, so it lasts until the run ends: give -d (the whole run's length) or -n, or the last stage a duration"
            ))
        }
        (None, false) => Some(Duration::from_secs(10)),
    })
}

/// `-R` and `--conn-rate`: a rate, or stages (the model's syntax).
fn parse_schedule(s: &str) -> Result<Schedule, String> {
    s.parse()
}

/// The load model: closed loop, open loop (-R) or sessions (--conn-rate).
fn model(a: &LoadArgs) -> Result<Model, String> {
    let arrival = match a.arrival {
        ArrivalArg::Uniform => Arrival::Uniform,
        ArrivalArg::Poisson => Arrival::Poisson { seed: a.seed },
    };
    if a.pipeline > 1 && (a.rate.is_some() || a.conn_rate.is_some()) {
        return Err("--pipeline applies to the closed loop; -R and --conn-rate send one request at a time per connection".into());
    }
    Ok(match (a.rate.clone(), a.conn_rate.clone()) {
        (Some(_), Some(_)) => {
            return Err("-R/--rate and --conn-rate are different models: give one".into())
        }
        (Some(rate), None) => Model::Open {
            rate,
            arrival,
            connections: a.connections,
            max_connections: a.max_connections.unwrap_or(a.connections),
        },
        (None, Some(rate)) => {
            if a.requests.is_some() {
                return Err("-n does not apply to sessions: use --num-conns and --calls".into());
            }
            Model::Sessions {
                conn_rate: rate,
                arrival,
                calls: a.calls.unwrap_or(1),
                sessions: a.num_conns.unwrap_or(1),
            }
        }
        (None, None) => {
            if a.max_connections.is_some() {
                return Err("--max-connections applies to the open loop (-R)".into());
            }
            Model::Closed {
                connections: a.connections,
                pipeline: a.pipeline,
            }
        }
    })
}

fn requests(a: &LoadArgs, target: &Target) -> Result<Vec<RequestTemplate>, String> {
    let headers = a
        .headers
        .iter()
        .map(|h| parse_header(h))
        .collect::<Result<Vec<_>, _>>()?;
    let body = match a.body.as_deref() {
        None => Vec::new(),
        Some(b) => match b.strip_prefix('@') {
            Some(path) => std::fs::read(path)
                .map_err(|e| format!("--body @{path}: cannot read the file: {e}"))?,
            None => b.as_bytes().to_vec(),
        },
    };
    let paths = match &a.urls {
        Some(file) => read_urls(file, target)?,
        None => vec![Target::parse(&a.url).map_err(|e| e.to_string())?.1],
    };
    Ok(paths
        .into_iter()
        .map(|path| RequestTemplate {
            method: a.method.clone(),
            path,
            headers: headers.clone(),
            body: body.clone(),
        })
        .collect())
}

fn parse_header(h: &str) -> Result<(String, String), String> {
    let Some((name, value)) = h.split_once(':') else {
        return Err(format!("-H {h:?}: expected 'Name: value'"));
    };
    // The engine checks the name and value (LoadSpec::validate).
    Ok((name.trim().to_string(), value.trim().to_string()))
}

/// Paths from a `--urls` file: `/path` or a URL on the target's host and port.
fn read_urls(file: &Path, target: &Target) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("--urls {}: cannot read: {e}", file.display()))?;
    let mut paths = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("--urls {}:{}", file.display(), i + 1);
        if line.starts_with('/') {
            paths.push(line.to_string());
            continue;
        }
        let (t, path) = Target::parse(line).map_err(|e| format!("{at}: {e}"))?;
        if t.addr != target.addr {
            return Err(format!(
                "{at}: {line} is not on the target {}; every URL must go to the same host and port",
                target.authority
            ));
        }
        paths.push(path);
    }
    if paths.is_empty() {
        return Err(format!(
            "--urls {}: no path or URL in the file",
            file.display()
        ));
    }
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("5"), Ok(Duration::from_secs(5)));
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("soon").is_err());
    }

    #[test]
    fn headers() {
        assert_eq!(parse_header("X-A: 1"), Ok(("X-A".into(), "1".into())));
        assert_eq!(
            parse_header("Host:h:80"),
            Ok(("Host".into(), "h:80".into()))
        );
        assert!(parse_header("nocolon").is_err());
        // Whether the name is a token is the engine's check.
        assert_eq!(parse_header(": v"), Ok((String::new(), "v".into())));
    }
}
