//! `--metrics ADDR`: the run's numbers at `http://ADDR/metrics` while it
//! goes, in the Prometheus / OpenMetrics text format, for a scraper and a
//! dashboard. The observer folds each finished second into [`Live`]; a scrape
//! encodes what is there (prometheus-client writes the exposition format).
//!
//! Counts cover the measured phase, as the JSON's do, so the last scrape of
//! a run equals its report; warm-up seconds only move the gauges.

use std::borrow::Cow;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use barrage_dist::controller::Live as AgentsLive;
use barrage_engine::{Counters, Curve, ErrorKind, Window};
use bytes::Bytes;
use hdrhistogram::Histogram;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::MetricType;
use prometheus_client::registry::Registry;

/// Upper bounds of the latency histogram's buckets, in seconds: 100 µs to
/// 10 s in 1-2.5-5 steps (then +Inf).
const BUCKETS_S: [f64; 16] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// The percentiles published as gauges, of the run and of the last second.
const QUANTILES: [f64; 4] = [0.5, 0.9, 0.99, 0.999];

/// What the scrapes read, updated once a second.
#[derive(Debug)]
pub struct Live {
    state: Mutex<State>,
    /// The open loop's target rate (requests/s) over time, from the
    /// load's start, if any.
    offered: Option<Arc<Curve>>,
}

#[derive(Debug)]
struct State {
    /// `--agents`: each agent's counts (its host, in the agents' order);
    /// agents send counts and a p99 a second, not histograms or kinds.
    agents: Vec<AgentTotals>,
    totals: Counters,
    /// Every measured response's latency, µs.
    latency_us: Histogram<u64>,
    /// The last second's (warm-up included).
    last_us: Histogram<u64>,
    last_responses_per_s: f64,
    /// Open loop: the schedule's rate over the last second.
    last_offered_per_s: f64,
    connections_open: u64,
    elapsed_s: f64,
    warmup: bool,
    done: bool,
}

impl Live {
    pub fn new(offered: Option<Arc<Curve>>) -> Live {
        let hist = || Histogram::new(3).expect("3 significant digits is valid");
        Live {
            state: Mutex::new(State {
                agents: Vec::new(),
                totals: Counters::default(),
                latency_us: hist(),
                last_us: hist(),
                last_responses_per_s: 0.0,
                last_offered_per_s: offered.as_ref().map_or(0.0, |c| c.mean_per_s(0.0, 0.0)),
                connections_open: 0,
                elapsed_s: 0.0,
                warmup: false,
                done: false,
            }),
            offered,
        }
    }

    /// Folds in one finished second.
    pub fn on_window(&self, w: &Window, length: Duration) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if !w.warmup {
            s.totals.add(&w.counters);
            let _ = s.latency_us.add(&w.latency_us);
        }
        s.last_us.clone_from(&w.latency_us);
        s.last_responses_per_s = w.counters.responses as f64 / length.as_secs_f64().max(1e-3);
        s.connections_open = w.connections_open;
        s.elapsed_s = w.elapsed.as_secs_f64();
        s.last_offered_per_s = self.offered_before(s.elapsed_s, length.as_secs_f64());
        s.warmup = w.warmup;
    }

    /// The open loop's scheduled rate over the `length_s` seconds before
    /// `end_s` (since the load started).
    fn offered_before(&self, end_s: f64, length_s: f64) -> f64 {
        self.offered
            .as_ref()
            .map_or(0.0, |c| c.mean_per_s(end_s - length_s, end_s))
    }

    /// `--agents`: one second of every agent.
    pub fn on_agents(&self, l: &AgentsLive) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        // Agents by their place in --agents (two may share a host).
        for (i, a) in l.per_agent.iter().enumerate() {
            if s.agents.len() <= i {
                s.agents.push(AgentTotals {
                    host: a.host.clone(),
                    ..AgentTotals::default()
                });
            }
            let t = &mut s.agents[i];
            if !l.warmup {
                t.responses += a.responses;
                t.errors += a.errors;
            }
            t.last_responses = a.responses;
            t.last_p99_us = a.p99_us;
        }
        if !l.warmup {
            s.totals.responses += l.responses;
        }
        s.last_responses_per_s = l.responses as f64;
        s.elapsed_s = l.seconds;
        s.last_offered_per_s = self.offered_before(l.seconds, 1.0);
        s.warmup = l.warmup;
    }

    /// The run is over: the values are final.
    pub fn finish(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.done = true;
        s.connections_open = 0;
    }
}

/// One agent's counts so far.
#[derive(Debug, Default)]
struct AgentTotals {
    host: String,
    responses: u64,
    errors: u64,
    last_responses: u64,
    last_p99_us: u64,
}

fn counter(enc: &mut DescriptorEncoder, name: &str, help: &str, v: u64) -> std::fmt::Result {
    let c = ConstCounter::new(v);
    c.encode(enc.encode_descriptor(name, help, None, c.metric_type())?)
}

/// Where the run is: its clock, the warm-up, the end.
fn phase(enc: &mut DescriptorEncoder, s: &State) -> std::fmt::Result {
    gauge(
        enc,
        "elapsed_seconds",
        "Time since the load started, at the end of the last second.",
        s.elapsed_s,
    )?;
    gauge(
        enc,
        "warmup",
        "1 while the warm-up runs (its seconds are not counted).",
        f64::from(u8::from(s.warmup)),
    )?;
    gauge(
        enc,
        "done",
        "1 once the run is over and the values are final.",
        f64::from(u8::from(s.done)),
    )
}

fn gauge(enc: &mut DescriptorEncoder, name: &str, help: &str, v: f64) -> std::fmt::Result {
    let g = ConstGauge::new(v);
    g.encode(enc.encode_descriptor(name, help, None, g.metric_type())?)
}

impl Collector for Live {
    fn encode(&self, mut enc: DescriptorEncoder) -> std::fmt::Result {
        let s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if !s.agents.is_empty() {
            return encode_agents(&s, enc);
        }
        totals(&mut enc, &s.totals)?;
        gauge(
            &mut enc,
            "connections_open",
            "Connections open or opening at the end of the last second.",
            s.connections_open as f64,
        )?;
        gauge(
            &mut enc,
            "responses_per_second",
            "Responses in the last second.",
            s.last_responses_per_s,
        )?;
        if self.offered.is_some() {
            gauge(
                &mut enc,
                "offered_requests_per_second",
                "Open loop: the target request rate (over the last second, with a schedule of stages).",
                s.last_offered_per_s,
            )?;
        }
        phase(&mut enc, &s)?;
        latency_histogram(&mut enc, &s.latency_us)?;
        latency_quantiles(&mut enc, &s)
    }
}

/// The measured phase's counters, the errors by kind among them.
fn totals(enc: &mut DescriptorEncoder, t: &Counters) -> std::fmt::Result {
    counter(
        enc,
        "requests_sent",
        "Requests sent in the measured phase.",
        t.requests_sent,
    )?;
    counter(
        enc,
        "responses",
        "Complete responses in the measured phase, whatever their status.",
        t.responses,
    )?;
    counter(
        enc,
        "responses_not_2xx_3xx",
        "Responses with a status outside 200-399.",
        t.responses_not_2xx_3xx,
    )?;
    counter(
        enc,
        "bytes_read",
        "Bytes read from the server.",
        t.bytes_read,
    )?;
    counter(
        enc,
        "bytes_written",
        "Bytes written to the server.",
        t.bytes_written,
    )?;
    counter(
        enc,
        "connections_opened",
        "Connections established.",
        t.connections_opened,
    )?;
    counter(
        enc,
        "late_sends",
        "Open loop: requests sent more than 1 ms after their intended time.",
        t.late_sends,
    )?;
    let mut family = enc.encode_descriptor(
        "errors",
        "Errors by kind (docs/load.md#errors).",
        None,
        MetricType::Counter,
    )?;
    for kind in ErrorKind::ALL {
        let labels = [("kind", kind.name())];
        let v = ConstCounter::new(t.errors[kind as usize]);
        v.encode(family.encode_family(&labels)?)?;
    }
    Ok(())
}

/// The measured phase's latencies as a Prometheus histogram of
/// [`BUCKETS_S`].
fn latency_histogram(enc: &mut DescriptorEncoder, h: &Histogram<u64>) -> std::fmt::Result {
    // Each bucket's own count (the encoder adds them up).
    let mut below = 0;
    let buckets: Vec<(f64, u64)> = BUCKETS_S
        .iter()
        .map(|&b| (b, h.count_between(0, (b * 1e6) as u64)))
        .chain([(f64::INFINITY, h.len())])
        .map(|(b, upto)| {
            let own = upto - below;
            below = upto;
            (b, own)
        })
        .collect();
    // The sum from the histogram (3 significant digits), not from
    // each response: exact to 0.1%.
    let sum = h.mean() * h.len() as f64 / 1e6;
    enc.encode_descriptor(
        "latency_seconds",
        "Response time of the measured phase, from the (intended) send to the response's end.",
        None,
        MetricType::Histogram,
    )?
    .encode_histogram::<prometheus_client::encoding::NoLabelSet>(sum, h.len(), &buckets, None)
}

/// The [`QUANTILES`] of the measured phase and of the last second, each
/// while it has a response.
fn latency_quantiles(enc: &mut DescriptorEncoder, s: &State) -> std::fmt::Result {
    let mut family = enc.encode_descriptor(
        "latency_quantile_seconds",
        "Response time percentiles: of the measured phase (window=\"run\") and of the last second (window=\"second\").",
        None,
        MetricType::Gauge,
    )?;
    for (window, h) in [("run", &s.latency_us), ("second", &s.last_us)] {
        if h.is_empty() {
            continue;
        }
        for q in QUANTILES {
            let labels = [("window", window.to_string()), ("quantile", q.to_string())];
            let v = ConstGauge::new(h.value_at_quantile(q) as f64 / 1e6);
            v.encode(family.encode_family(&labels)?)?;
        }
    }
    Ok(())
}

/// `--agents`: the sums and a family per agent (`agent` label): responses
/// and errors of the measured phase, and each agent's last second.
fn encode_agents(s: &State, mut enc: DescriptorEncoder) -> std::fmt::Result {
    let responses: u64 = s.agents.iter().map(|a| a.responses).sum();
    let errors: u64 = s.agents.iter().map(|a| a.errors).sum();
    counter(
        &mut enc,
        "responses",
        "Complete responses in the measured phase, over every agent.",
        responses,
    )?;
    counter(
        &mut enc,
        "errors_all",
        "Errors of every kind, over every agent (the kinds come with the report).",
        errors,
    )?;
    gauge(
        &mut enc,
        "responses_per_second",
        "Responses in the last second, over every agent.",
        s.last_responses_per_s,
    )?;
    phase(&mut enc, s)?;
    type Per = fn(&AgentTotals) -> f64;
    let families: [(&str, &str, MetricType, Per); 4] = [
        (
            "agent_responses",
            "An agent's complete responses in the measured phase.",
            MetricType::Counter,
            |a| a.responses as f64,
        ),
        (
            "agent_errors",
            "An agent's errors in the measured phase.",
            MetricType::Counter,
            |a| a.errors as f64,
        ),
        (
            "agent_responses_per_second",
            "An agent's responses in the last second.",
            MetricType::Gauge,
            |a| a.last_responses as f64,
        ),
        (
            "agent_latency_p99_seconds",
            "An agent's p99 response time in the last second.",
            MetricType::Gauge,
            |a| a.last_p99_us as f64 / 1e6,
        ),
    ];
    for (name, help, kind, value) in families {
        let mut family = enc.encode_descriptor(name, help, None, kind)?;
        for (i, a) in s.agents.iter().enumerate() {
            let labels = [("agent", a.host.clone()), ("part", i.to_string())];
            let encoder = family.encode_family(&labels)?;
            match kind {
                MetricType::Counter => ConstCounter::new(value(a) as u64).encode(encoder)?,
                _ => ConstGauge::new(value(a)).encode(encoder)?,
            }
        }
    }
    Ok(())
}

/// The registry of a run: `barrage_` names, the run's constant labels.
pub fn registry(live: Arc<Live>, labels: Vec<(String, String)>) -> Registry {
    let labels = labels
        .into_iter()
        .map(|(k, v)| (Cow::Owned(k), Cow::Owned(v)));
    let mut registry = Registry::with_prefix_and_labels("barrage", labels);
    registry.register_collector(Box::new(ArcLive(live)));
    registry
}

/// `Live` shared with the observer.
#[derive(Debug)]
struct ArcLive(Arc<Live>);

impl Collector for ArcLive {
    fn encode(&self, enc: DescriptorEncoder) -> std::fmt::Result {
        self.0.encode(enc)
    }
}

/// A `--metrics KEY=VALUE` label, checked as Prometheus wants it.
pub fn parse_label(s: &str) -> Result<(String, String), String> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| format!("--metrics-label {s:?}: expected KEY=VALUE"))?;
    let valid = !k.is_empty()
        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !k.starts_with(|c: char| c.is_ascii_digit())
        && !k.starts_with("__");
    if !valid {
        return Err(format!(
            "--metrics-label {s:?}: {k:?} is not a label name (letters, digits and _, not first a digit, not __ first)"
        ));
    }
    Ok((k.to_string(), v.to_string()))
}

/// The `/metrics` endpoint, served from its own thread until dropped.
pub struct MetricsServer {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl MetricsServer {
    /// Binds `addr` (one error line if it cannot) and serves `registry`.
    pub fn start(addr: SocketAddr, registry: Registry) -> Result<MetricsServer, String> {
        let listener = std::net::TcpListener::bind(addr)
            .map_err(|e| format!("--metrics {addr}: cannot listen: {e}"))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| format!("--metrics {addr}: {e}"))?;
        let addr = listener.local_addr().unwrap_or(addr);
        let (stop, stopped) = tokio::sync::oneshot::channel();
        let registry = Arc::new(registry);
        let thread = std::thread::Builder::new()
            .name("metrics".into())
            .spawn(move || serve(listener, registry, stopped))
            .map_err(|e| format!("--metrics: cannot start its thread: {e}"))?;
        Ok(MetricsServer {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for MetricsServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// One current-thread runtime; each connection gets HTTP/1.1 from hyper.
fn serve(
    listener: std::net::TcpListener,
    registry: Arc<Registry>,
    mut stopped: tokio::sync::oneshot::Receiver<()>,
) {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    rt.block_on(async move {
        let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
            return;
        };
        loop {
            let stream = tokio::select! {
                _ = &mut stopped => return,
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    Err(_) => continue,
                },
            };
            let registry = Arc::clone(&registry);
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |req| {
                    let registry = Arc::clone(&registry);
                    async move { Ok::<_, Infallible>(answer(&req, &registry)) }
                });
                let io = hyper_util::rt::TokioIo::new(stream);
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(io, service)
                    .await;
            });
        }
    });
}

fn answer(req: &Request<Incoming>, registry: &Registry) -> Response<Full<Bytes>> {
    let reply = |status: StatusCode, kind: &'static str, body: String| {
        Response::builder()
            .status(status)
            .header("content-type", kind)
            .body(Full::new(Bytes::from(body)))
            .expect("a valid response")
    };
    if req.uri().path() != "/metrics" {
        return reply(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            "barrage serves its metrics at /metrics\n".into(),
        );
    }
    let mut body = String::new();
    if prometheus_client::encoding::text::encode(&mut body, registry).is_err() {
        return reply(
            StatusCode::INTERNAL_SERVER_ERROR,
            "text/plain; charset=utf-8",
            "the metrics could not be encoded\n".into(),
        );
    }
    reply(
        StatusCode::OK,
        "application/openmetrics-text; version=1.0.0; charset=utf-8",
        body,
    )
}
