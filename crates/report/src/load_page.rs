//! The page of one `barrage load` run (`barrage load --html`), from its
//! [`RunReport`]: the numbers the terminal summary prints, and charts of
//! its latency spectrum and per-second series. Rendered as report.html is
//! ([`html::render_page`]).

use barrage_model::load::{
    GrpcUnit, LatencyStats, ModelKind, OpenLoopStats, RunReport, Second, StopReason, TlsReport,
    WsMode, WsReport,
};
use barrage_model::Protocol;

use crate::chart::{self, Better, Chart, Scale, Series, Unit};
use crate::html;
use crate::model;
use crate::tables::{Block, Span, Table, TableCell};

mod grpc;
mod stages;

pub use stages::{arrivals, rate_words, stage_span_s, stage_target};

/// The page of one run.
pub fn load_html(report: &RunReport) -> String {
    let title = format!("barrage load: {}", report.target.url);
    let blocks = load_blocks(report);
    let charts: Vec<(Chart, String)> = load_charts(report)
        .into_iter()
        .map(|c| {
            let svg = chart::render_svg(&c);
            (c, svg)
        })
        .collect();
    html::render_page(&title, &blocks, &charts, false)
}

fn cell(text: impl Into<String>) -> TableCell {
    TableCell {
        text: text.into(),
        ..Default::default()
    }
}

fn kv_table(id: &str, rows: Vec<(&str, String)>) -> Block {
    Block::Table(Table {
        id: id.into(),
        head: vec![String::new(), String::new()],
        numeric: vec![false, true],
        rows: rows
            .into_iter()
            .map(|(k, v)| vec![cell(k), cell(v)])
            .collect(),
    })
}

fn heading(level: u8, id: &str, text: &str) -> Block {
    Block::Heading {
        level,
        id: id.into(),
        text: text.into(),
    }
}

fn group(n: u64) -> String {
    model::group_digits(n)
}

fn model_line(r: &RunReport) -> String {
    let s = &r.spec;
    let conns = group(s.connections as u64);
    match s.model {
        ModelKind::Open => format!(
            "open loop {} ({} arrivals) over {conns} connections",
            stages::rate_words(s.schedule.as_ref(), s.rate_per_s.unwrap_or(0.0)),
            s.arrival.map_or("", |a| a.name()),
        ),
        ModelKind::Sessions => format!(
            "sessions of {} calls, connections {}, {} sessions",
            s.calls_per_session.unwrap_or(0),
            stages::rate_words(s.schedule.as_ref(), s.conn_rate_per_s.unwrap_or(0.0)),
            group(s.sessions.unwrap_or(0))
        ),
        ModelKind::Closed => {
            let mut line = format!("closed loop over {conns} connections");
            if let Some(p) = s.pipeline.filter(|p| *p > 1) {
                line.push_str(&format!(", pipelined {p} deep"));
            }
            line
        }
    }
}

fn load_blocks(r: &RunReport) -> Vec<Block> {
    let mut d = vec![heading(1, "top", "barrage load")];
    d.push(Block::Para(spec_line(r)));
    d.push(Block::Para(vec![Span::Text(plan_line(r))]));
    if matches!(
        r.stop_reason,
        StopReason::Unreachable | StopReason::Interrupted
    ) {
        d.push(Block::Alert(vec![Span::Strong(format!(
            "The run stopped early ({}): the numbers cover only what it measured.",
            r.stop_reason.name()
        ))]));
    }
    check_blocks(r, &mut d);
    d.push(heading(2, "totals", "Throughput"));
    d.push(kv_table("t-totals", totals_rows(r)));
    d.push(heading(2, "latency", "Latency"));
    d.push(latency_table(r));
    d.push(Block::Charts(None));
    stages::blocks(r, &mut d);
    status_blocks(r, &mut d);
    error_blocks(r, &mut d);
    protocol_blocks(r, &mut d);
    d
}

/// `--check`: each threshold, its figure, pass or FAIL.
fn check_blocks(r: &RunReport, d: &mut Vec<Block>) {
    if r.checks.is_empty() {
        return;
    }
    d.push(heading(2, "checks", "Checks"));
    d.push(Block::Table(Table {
        id: "t-checks".into(),
        head: vec!["check".into(), "measured".into(), "result".into()],
        numeric: vec![false, true, false],
        rows: r
            .checks
            .iter()
            .map(|c| {
                vec![
                    cell(&c.check),
                    cell(c.measured_text()),
                    TableCell {
                        invalid: !c.pass,
                        ..cell(c.verdict())
                    },
                ]
            })
            .collect(),
    }));
}

fn spec_line(r: &RunReport) -> Vec<Span> {
    let s = &r.spec;
    let mut spec = vec![
        Span::Code(r.target.url.clone()),
        Span::Text(format!(
            " ({}): {}, {}",
            r.target.address,
            s.wire.label(),
            model_line(r)
        )),
    ];
    if let Some(m) = s.streams.filter(|m| *m > 1) {
        spec.push(Span::Text(format!(", {m} streams per connection")));
    }
    if let Some(ws) = &s.ws {
        spec.push(Span::Text(match ws.mode {
            WsMode::Subscribe => ", messages pushed by the server".to_string(),
            WsMode::Echo => format!(
                ", echo of {}-byte {} messages, {} in flight per connection",
                ws.message_bytes,
                if ws.binary { "binary" } else { "text" },
                ws.in_flight
            ),
        }));
    } else if let Some(g) = &s.grpc {
        spec.push(Span::Text(grpc::spec_words(g)));
    } else if !s.keepalive {
        spec.push(Span::Text(", a connection per request".into()));
    }
    spec.push(Span::Text(format!(
        ", {} thread{}.",
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    )));
    spec
}

fn plan_line(r: &RunReport) -> String {
    let s = &r.spec;
    let mut plan = Vec::new();
    if let Some(secs) = s.duration_s {
        plan.push(format!("{}s measured", model::fmt_num(secs)));
    }
    if let Some(n) = s.requests {
        plan.push(format!("{} requests", group(n)));
    }
    if s.warmup_s > 0.0 {
        plan.push(format!("after {}s of warm-up", model::fmt_num(s.warmup_s)));
    }
    plan.push(format!("timeout {}s", model::fmt_num(s.timeout_s)));
    plan.push(format!("stopped by: {}", r.stop_reason.name()));
    plan.push(format!("barrage {}", r.barrage_version));
    plan.join("; ")
}

/// A WebSocket run counts messages where HTTP counts responses.
fn is_ws(r: &RunReport) -> bool {
    r.spec.wire.protocol == Protocol::Ws
}

fn totals_rows(r: &RunReport) -> Vec<(&'static str, String)> {
    let t = &r.totals;
    let (received, per_s, sent) = match r.spec.grpc.as_ref().map(|g| g.unit) {
        Some(GrpcUnit::Call) => ("calls OK", "calls/s", "calls started"),
        Some(GrpcUnit::Message) => ("messages answered", "messages/s", "messages sent"),
        None if is_ws(r) => ("messages received", "messages/s", "messages sent"),
        None => ("responses", "responses/s", "requests sent"),
    };
    let mut rows = vec![
        (
            received,
            format!("{} in {:.2}s", group(t.responses), t.elapsed_s),
        ),
        (per_s, model::fmt_rate(t.responses_per_s)),
        (sent, group(t.requests_sent)),
    ];
    if t.requests_sent > t.responses {
        rows.push(("unanswered", group(t.requests_sent - t.responses)));
    }
    rows.push((
        "bytes read",
        format!(
            "{} ({}/s)",
            model::fmt_bytes(t.bytes_read),
            model::fmt_bytes(t.bytes_read_per_s.round() as u64)
        ),
    ));
    rows.push(("bytes written", model::fmt_bytes(t.bytes_written)));
    rows.push(("errors", group(t.errors)));
    if !is_ws(r) {
        rows.push(("responses not 2xx/3xx", group(t.responses_not_2xx_3xx)));
    }
    rows.push((
        "connections",
        format!(
            "{} opened, {} at most open at once",
            group(r.connections.opened),
            group(r.connections.peak_open as u64)
        ),
    ));
    rows
}

/// A column of a table: its heading and how to read its value.
type Column<T, V> = (&'static str, fn(&T) -> V);

/// The latency columns: heading and value.
const LATENCY_COLUMNS: [Column<LatencyStats, f64>; 10] = [
    ("min", |l| l.min as f64),
    ("mean", |l| l.mean),
    ("stdev", |l| l.stdev),
    ("p50", |l| l.p50 as f64),
    ("p75", |l| l.p75 as f64),
    ("p90", |l| l.p90 as f64),
    ("p99", |l| l.p99 as f64),
    ("p99.9", |l| l.p99_9 as f64),
    ("p99.99", |l| l.p99_99 as f64),
    ("max", |l| l.max as f64),
];

fn latency_table(r: &RunReport) -> Block {
    let mut head = vec![String::new(), "count".to_string()];
    head.extend(LATENCY_COLUMNS.iter().map(|c| c.0.to_string()));
    let first = match r.spec.grpc.as_ref().map(|g| g.unit) {
        Some(GrpcUnit::Call) => "call",
        Some(GrpcUnit::Message) => "message",
        None if is_ws(r) => "round trip",
        None => "response",
    };
    let mut distributions = vec![
        (first, Some(&r.latency_us)),
        ("connect", Some(&r.connect_us)),
        ("TLS handshake", r.tls.as_ref().map(|t| &t.handshake_us)),
        ("WebSocket upgrade", r.ws.as_ref().map(|w| &w.upgrade_us)),
        (
            "send delay (open loop)",
            r.open_loop.as_ref().map(|o| &o.send_delay_us),
        ),
    ];
    distributions.extend(grpc::latency_rows(r));
    let mut rows = Vec::new();
    for (name, stats) in distributions {
        let Some(l) = stats else { continue };
        if l.count == 0 && name != first {
            continue;
        }
        let mut row = vec![cell(name), cell(group(l.count))];
        for (_, value) in LATENCY_COLUMNS {
            row.push(cell(if l.count == 0 {
                "–".into()
            } else {
                model::fmt_latency_us(value(l))
            }));
        }
        rows.push(row);
    }
    Block::Table(Table {
        id: "t-latency".into(),
        numeric: head.iter().enumerate().map(|(i, _)| i > 0).collect(),
        head,
        rows,
    })
}

fn status_blocks(r: &RunReport, d: &mut Vec<Block>) {
    if is_ws(r) {
        // Messages have no status; the upgrade's refusals are errors.
        return;
    }
    d.push(heading(2, "status", "Status codes"));
    if r.status_counts.is_empty() {
        d.push(Block::Para(vec![Span::Text("No responses.".into())]));
        return;
    }
    d.push(Block::Table(Table {
        id: "t-status".into(),
        head: vec!["status".into(), "responses".into()],
        numeric: vec![false, true],
        rows: r
            .status_counts
            .iter()
            .map(|(k, n)| vec![cell(k.as_str()), cell(group(*n))])
            .collect(),
    }));
}

/// The `ws` section: upgrades, messages and bytes each way, pings and
/// pongs, closes.
fn ws_rows(w: &WsReport) -> Vec<(&'static str, String)> {
    let codes: Vec<String> = w
        .close_codes
        .iter()
        .map(|(code, n)| format!("{code}: {}", group(*n)))
        .collect();
    vec![
        ("upgraded", group(w.upgraded)),
        ("messages_sent", group(w.messages_sent)),
        ("messages_received", group(w.messages_received)),
        ("payload_bytes_sent", model::fmt_bytes(w.payload_bytes_sent)),
        (
            "payload_bytes_received",
            model::fmt_bytes(w.payload_bytes_received),
        ),
        ("pings_sent", group(w.pings_sent)),
        ("pongs_received", group(w.pongs_received)),
        ("pings_received", group(w.pings_received)),
        ("pongs_sent", group(w.pongs_sent)),
        ("closes_sent", group(w.closes_sent)),
        (
            "close_codes",
            if codes.is_empty() {
                "none".into()
            } else {
                codes.join(", ")
            },
        ),
    ]
}

fn error_blocks(r: &RunReport, d: &mut Vec<Block>) {
    d.push(heading(2, "errors", "Errors"));
    let rows: Vec<Vec<TableCell>> = r
        .errors
        .iter()
        .filter(|(_, e)| e.count > 0)
        .map(|(kind, e)| {
            let mut count = cell(group(e.count));
            count.invalid = true;
            vec![
                cell(kind.as_str()),
                count,
                cell(e.first.as_deref().unwrap_or("")),
            ]
        })
        .collect();
    if rows.is_empty() {
        d.push(Block::Para(vec![Span::Text("No errors.".into())]));
        return;
    }
    d.push(Block::Table(Table {
        id: "t-errors".into(),
        head: vec!["kind".into(), "count".into(), "first message".into()],
        numeric: vec![false, true, false],
        rows,
    }));
}

/// TLS, HTTP/2, HTTP/3, open-loop schedule and sessions, for the runs that have them.
fn protocol_blocks(r: &RunReport, d: &mut Vec<Block>) {
    if let Some(t) = &r.tls {
        d.push(heading(2, "tls", "TLS"));
        d.push(kv_table("t-tls", tls_rows(t)));
    }
    if let Some(h) = &r.h2 {
        let e = &h.events;
        d.push(heading(2, "h2", "HTTP/2"));
        d.push(kv_table(
            "t-h2",
            vec![
                ("connections_h2", h.connections_h2.to_string()),
                ("connections_http1", h.connections_http1.to_string()),
                ("goaways_received", e.goaways_received.to_string()),
                ("peer_max_streams", e.peer_max_streams.to_string()),
                ("pings_received", e.pings_received.to_string()),
                ("settings_received", e.settings_received.to_string()),
                ("streams_refused", e.streams_refused.to_string()),
                ("streams_reset", e.streams_reset.to_string()),
                ("window_updates_sent", e.window_updates_sent.to_string()),
            ],
        ));
    }
    if let Some(h) = &r.h3 {
        d.push(heading(2, "h3", "HTTP/3"));
        d.push(kv_table(
            "t-h3",
            vec![
                ("connections", h.connections.to_string()),
                ("goaways_received", h.goaways_received.to_string()),
                ("streams_refused", h.streams_refused.to_string()),
                ("streams_reset", h.streams_reset.to_string()),
                ("zero_rtt_accepted", h.zero_rtt_accepted.to_string()),
                ("zero_rtt_rejected", h.zero_rtt_rejected.to_string()),
                ("zero_rtt_requests", h.zero_rtt_requests.to_string()),
            ],
        ));
    }
    if let Some(w) = &r.ws {
        d.push(heading(2, "ws", "WebSocket"));
        d.push(kv_table("t-ws", ws_rows(w)));
    }
    if let Some(g) = &r.grpc {
        grpc::blocks(g, d);
    }
    if let Some(o) = &r.open_loop {
        d.push(heading(2, "schedule", "Schedule (open loop)"));
        d.push(kv_table("t-schedule", schedule_rows(r, o)));
    }
    if let Some(s) = &r.sessions {
        d.push(heading(2, "sessions", "Sessions"));
        d.push(kv_table(
            "t-sessions",
            vec![
                ("planned", group(s.planned)),
                ("started", group(s.started)),
                ("completed", group(s.completed)),
                ("failed", group(s.failed)),
                ("incomplete", group(s.incomplete)),
            ],
        ));
    }
}

/// The TLS table's rows: version, cipher, ALPN and handshakes.
fn tls_rows(t: &TlsReport) -> Vec<(&'static str, String)> {
    vec![
        (
            "version",
            t.version
                .clone()
                .unwrap_or_else(|| "no handshake completed".into()),
        ),
        ("cipher", t.cipher.clone().unwrap_or_default()),
        ("ALPN", t.alpn.clone().unwrap_or_else(|| "none".into())),
        (
            "handshakes",
            format!(
                "{} full, {} resumed",
                group(t.handshakes_full),
                group(t.handshakes_resumed)
            ),
        ),
    ]
}

/// The open-loop schedule table's rows: the target rate, what was sent,
/// sent late and never sent.
fn schedule_rows(r: &RunReport, o: &OpenLoopStats) -> Vec<(&'static str, String)> {
    vec![
        (
            "target rate",
            match &r.spec.schedule {
                Some(stages) => stages::rate_words(Some(stages), o.target_rate_per_s),
                None => format!("{}/s", model::fmt_num(o.target_rate_per_s)),
            },
        ),
        ("sent", format!("{:.1}/s", o.achieved_rate_per_s)),
        (
            "sent late",
            format!(
                "{} (more than {} behind)",
                group(o.late_sends),
                model::fmt_latency_us(o.late_threshold_us as f64)
            ),
        ),
        ("never sent", group(o.unsent)),
    ]
}

/// The charts of one run: the latency percentile spectrum, and per second
/// the responses (and errors) and the latency.
pub fn load_charts(r: &RunReport) -> Vec<Chart> {
    let mut out = Vec::new();
    let words = Words::of(r);
    let spectrum: Vec<(f64, f64)> = r
        .latency_us
        .spectrum
        .iter()
        .map(|&(p, v)| (p, v as f64))
        // 100% is at infinity on the nines axis; the max is in the table.
        .filter(|(p, v)| *p < 100.0 && *v > 0.0)
        .collect();
    if !spectrum.is_empty() {
        out.push(Chart {
            id: "latency-spectrum".into(),
            title: format!("{} by percentile", words.time_title),
            x_label: "percentile".into(),
            y_label: format!("{} (µs)", words.time),
            x_scale: Scale::Nines,
            y_scale: Scale::Log10,
            x_categories: Vec::new(),
            series: vec![Series {
                name: words.time.into(),
                points: spectrum,
                dashed: false,
                intervals: Vec::new(),
                flags: Vec::new(),
            }],
            better: Better::Lower,
            unit: Unit::Us,
            home: None,
        });
    }
    let elapsed = r.totals.elapsed_s;
    // The last window is partial (late answers after the end): left out
    // unless it is a whole second.
    let seconds: Vec<&Second> = r
        .series
        .iter()
        .filter(|e| f64::from(e.t_s) + 1.0 <= elapsed + 1e-9)
        .collect();
    if !seconds.is_empty() {
        out.push(throughput_chart(&seconds, words));
        if let Some(c) = latency_series_chart(&seconds, words) {
            out.push(c);
        }
    }
    out
}

fn per_second(seconds: &[&Second], value: fn(&Second) -> u64) -> Vec<(f64, f64)> {
    seconds
        .iter()
        .map(|e| (f64::from(e.t_s), value(e) as f64))
        .collect()
}

/// The words of a run's charts: responses and their time, or a WebSocket
/// run's messages and their round trip.
#[derive(Clone, Copy)]
struct Words {
    time: &'static str,
    time_title: &'static str,
    per_s: &'static str,
    per_second_title: &'static str,
}

impl Words {
    fn of(r: &RunReport) -> Words {
        match r.spec.grpc.as_ref().map(|g| g.unit) {
            Some(GrpcUnit::Call) => {
                return Words {
                    time: "latency per call",
                    time_title: "Latency per call",
                    per_s: "calls/s",
                    per_second_title: "Calls per second",
                }
            }
            Some(GrpcUnit::Message) => {
                return Words {
                    time: "latency per message",
                    time_title: "Latency per message",
                    per_s: "messages/s",
                    per_second_title: "Messages per second",
                }
            }
            None => {}
        }
        if is_ws(r) {
            Words {
                time: "round trip",
                time_title: "Round trip",
                per_s: "messages/s",
                per_second_title: "Messages per second",
            }
        } else {
            Words {
                time: "response time",
                time_title: "Response time",
                per_s: "responses/s",
                per_second_title: "Responses per second",
            }
        }
    }
}

fn throughput_chart(seconds: &[&Second], words: Words) -> Chart {
    let mut lines = vec![Series {
        name: words.per_s.into(),
        points: per_second(seconds, |e| e.responses),
        dashed: false,
        intervals: Vec::new(),
        flags: Vec::new(),
    }];
    let errors = per_second(seconds, |e| e.errors);
    if errors.iter().any(|p| p.1 > 0.0) {
        lines.push(Series {
            name: "errors/s".into(),
            points: errors,
            dashed: true,
            intervals: Vec::new(),
            flags: Vec::new(),
        });
    }
    lines.extend(stages::series(seconds));
    Chart {
        id: "throughput".into(),
        title: words.per_second_title.into(),
        x_label: "second of the run".into(),
        y_label: "per second".into(),
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        x_categories: Vec::new(),
        series: lines,
        better: Better::Higher,
        unit: Unit::PerSecond,
        home: None,
    }
}

fn latency_series_chart(seconds: &[&Second], words: Words) -> Option<Chart> {
    let lines: [Column<Second, u64>; 3] = [
        ("p50", |e| e.p50_us),
        ("p99", |e| e.p99_us),
        ("max", |e| e.max_us),
    ];
    let series: Vec<Series> = lines
        .into_iter()
        .map(|(name, value)| Series {
            name: name.into(),
            // A second without responses has no latency (0 in the JSON).
            points: per_second(seconds, value)
                .into_iter()
                .filter(|p| p.1 > 0.0)
                .collect(),
            dashed: name == "max",
            intervals: Vec::new(),
            flags: Vec::new(),
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    (!series.is_empty()).then(|| Chart {
        id: "latency-series".into(),
        title: format!("{} per second", words.time_title),
        x_label: "second of the run".into(),
        y_label: format!("{} (µs)", words.time),
        x_scale: Scale::Linear,
        y_scale: Scale::Log10,
        x_categories: Vec::new(),
        series,
        better: Better::Lower,
        unit: Unit::Us,
        home: None,
    })
}
