//! The human summary printed after a run.

use std::fmt::Write;

use barrage_engine::{LatencyStats, ModelKind, RunReport, SpecSummary, StopReason, WsMode};

mod grpc;
mod stages;

/// The summary as text, one section per line group.
pub fn render(r: &RunReport) -> String {
    let mut s = String::new();
    header(&mut s, r);
    responses(&mut s, r);
    let latency_name = match r.spec.ws.as_ref().map(|w| w.mode) {
        None => grpc::latency_name(r).unwrap_or("Latency"),
        Some(WsMode::Echo) => "Round trip",
        Some(WsMode::Subscribe) => "Gap",
    };
    latency(&mut s, latency_name, &r.latency_us);
    latency(&mut s, "Connect", &r.connect_us);
    protocols(&mut s, r);
    let _ = writeln!(
        s,
        "  Connections {} opened, {} at most open at once",
        group(r.connections.opened),
        group(r.connections.peak_open as u64)
    );
    schedule(&mut s, r);
    stages::table(&mut s, r);
    status(&mut s, r);
    errors(&mut s, r);
    agents(&mut s, r);
    templates(&mut s, r);
    checks(&mut s, r);
    s
}

/// `--check`: a line per threshold, pass or FAIL, with its figure.
fn checks(s: &mut String, r: &RunReport) {
    if r.checks.is_empty() {
        return;
    }
    let _ = writeln!(s, "  Checks");
    for c in &r.checks {
        let _ = writeln!(s, "    {}", c.line());
    }
}

/// A mix's templates, one line each: weight, share of the responses,
/// latency, statuses, and what else ended their requests.
fn templates(s: &mut String, r: &RunReport) {
    if r.templates.is_empty() {
        return;
    }
    let width = r
        .templates
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(8, 40);
    let _ = writeln!(s, "  Templates");
    let _ = writeln!(
        s,
        "    {:<width$} {:>6} {:>6} {:>11} {:>9} {:>9} {:>9}  statuses; errors",
        "name", "weight", "share", "responses", "p50", "p99", "max"
    );
    let all = r
        .templates
        .iter()
        .map(|t| t.responses + t.closed_without_answer)
        .sum::<u64>()
        .max(1);
    for t in &r.templates {
        let l = &t.latency_us;
        let (p50, p99, max) = if l.count == 0 {
            ("-".to_string(), "-".to_string(), "-".to_string())
        } else {
            (
                fmt_us(l.p50 as f64),
                fmt_us(l.p99 as f64),
                fmt_us(l.max as f64),
            )
        };
        let mut outcome: Vec<String> = t
            .status_counts
            .iter()
            .map(|(c, n)| format!("{c}: {}", group(*n)))
            .collect();
        if t.closed_without_answer > 0 {
            outcome.push(format!(
                "closed without answer: {}",
                group(t.closed_without_answer)
            ));
        }
        let share = 100.0 * (t.responses + t.closed_without_answer) as f64 / all as f64;
        let name: String = t.name.chars().take(width).collect();
        let _ =
            writeln!(
            s,
            "    {name:<width$} {:>6} {:>5.1}% {:>11} {p50:>9} {p99:>9} {max:>9}  {}; errors {}",
            t.weight,
            share,
            group(t.responses),
            if outcome.is_empty() { "none".into() } else { outcome.join(", ") },
            group(t.errors)
        );
    }
}

/// The responses and their rate, and the requests left unanswered.
fn responses(s: &mut String, r: &RunReport) {
    let t = &r.totals;
    let (what, sent, per_s) = match r.ws {
        Some(_) => ("Messages   ", "messages", " messages"),
        None => grpc::unit_words(r).unwrap_or(("Responses  ", "requests", "")),
    };
    let _ = writeln!(
        s,
        "  {what} {} in {:.2}s: {}{per_s}/s, {} read ({}/s)",
        group(t.responses),
        t.elapsed_s,
        group(t.responses_per_s.round() as u64),
        bytes(t.bytes_read as f64),
        bytes(t.bytes_read_per_s)
    );
    let subscribed = r
        .spec
        .ws
        .as_ref()
        .is_some_and(|w| w.mode == WsMode::Subscribe);
    if t.requests_sent != t.responses && !subscribed {
        let _ = writeln!(
            s,
            "  Sent        {} {sent} ({} unanswered)",
            group(t.requests_sent),
            group(t.requests_sent.saturating_sub(t.responses))
        );
    }
}

/// What a WebSocket run's connections did: the upgrade's time, messages
/// and payload each way, pings and pongs, closes.
fn websocket(s: &mut String, r: &RunReport) {
    let Some(w) = &r.ws else {
        return;
    };
    latency(s, "Upgrade", &w.upgrade_us);
    let _ = writeln!(
        s,
        "  WebSocket   {} upgraded; {} messages sent ({}), {} received ({}), warm-up included",
        group(w.upgraded),
        group(w.messages_sent),
        bytes(w.payload_bytes_sent as f64),
        group(w.messages_received),
        bytes(w.payload_bytes_received as f64),
    );
    let codes = if w.close_codes.is_empty() {
        "none".to_string()
    } else {
        let each = w
            .close_codes
            .iter()
            .map(|(c, n)| format!("{c} x{}", group(*n)));
        each.collect::<Vec<_>>().join(", ")
    };
    let _ = writeln!(
        s,
        "  Frames      pings {} sent, {} received; pongs {} sent, {} received; {} Close sent; server's close codes: {codes}",
        group(w.pings_sent),
        group(w.pings_received),
        group(w.pongs_sent),
        group(w.pongs_received),
        group(w.closes_sent),
    );
}

/// What the run's TLS, HTTP/3 and HTTP/2 did, each when it was used.
fn protocols(s: &mut String, r: &RunReport) {
    websocket(s, r);
    grpc::section(s, r);
    if let Some(t) = &r.tls {
        latency(s, "Handshake", &t.handshake_us);
        let cipher = t
            .cipher
            .as_deref()
            .map_or(String::new(), |c| format!(" {c}"));
        let _ = writeln!(
            s,
            "  TLS         {}{cipher}, ALPN {}; {} full and {} resumed handshakes",
            t.version.as_deref().unwrap_or("(no handshake completed)"),
            t.alpn.as_deref().unwrap_or("none"),
            group(t.handshakes_full),
            group(t.handshakes_resumed)
        );
    }
    if let Some(h) = &r.h3 {
        let _ = writeln!(
            s,
            "  HTTP/3      {} connections; {} GOAWAY, {} streams reset, {} refused",
            group(h.connections),
            group(h.goaways_received),
            group(h.streams_reset),
            group(h.streams_refused)
        );
        if h.zero_rtt_accepted + h.zero_rtt_rejected > 0 {
            let _ = writeln!(
                s,
                "  0-RTT       {} connections accepted ({} requests), {} refused (requests sent again)",
                group(h.zero_rtt_accepted),
                group(h.zero_rtt_requests),
                group(h.zero_rtt_rejected)
            );
        }
    }
    if let Some(h) = &r.h2 {
        let e = &h.events;
        let limit = match e.peer_max_streams {
            0 => "no stream limit".to_string(),
            n => format!("server allows {} streams", group(u64::from(n))),
        };
        let _ = writeln!(
            s,
            "  HTTP/2      {} connections ({} fell back to HTTP/1.1), {limit}; {} GOAWAY, {} streams reset, {} refused, {} PING, {} WINDOW_UPDATE sent",
            group(h.connections_h2),
            group(h.connections_http1),
            group(e.goaways_received),
            group(e.streams_reset),
            group(e.streams_refused),
            group(e.pings_received),
            group(e.window_updates_sent)
        );
    }
}

/// How the open loop kept its schedule, or what the sessions did; and
/// whether the run was the client's fault.
fn schedule(s: &mut String, r: &RunReport) {
    if let Some(c) = r.client_bound.as_ref().filter(|c| !c.reasons.is_empty()) {
        let _ = writeln!(
            s,
            "  WARNING     client-bound: {} (docs/load.md, \"When is a run client-bound?\")",
            c.why
        );
    }
    if let Some(o) = &r.open_loop {
        let target = stages::words(r.spec.schedule.as_ref(), o.target_rate_per_s);
        let _ = writeln!(
            s,
            "  Schedule    target {target}, sent {:.1}/s; {} sent late (>{} ms behind), {} never sent (no free connection)",
            o.achieved_rate_per_s,
            group(o.late_sends),
            o.late_threshold_us / 1000,
            group(o.unsent)
        );
        if o.send_delay_us.count > 0 {
            let d = &o.send_delay_us;
            let _ = writeln!(
                s,
                "  Send delay  p50 {}  p99 {}  max {}",
                fmt_us(d.p50 as f64),
                fmt_us(d.p99 as f64),
                fmt_us(d.max as f64)
            );
        }
        if o.client_delay_us.count > 0 || o.waited_for_connection > 0 {
            let d = &o.client_delay_us;
            let _ = writeln!(
                s,
                "  Own delay   p50 {}  p99 {}  max {}  (the client's own, when a connection was free; {} waited for one)",
                fmt_us(d.p50 as f64),
                fmt_us(d.p99 as f64),
                fmt_us(d.max as f64),
                group(o.waited_for_connection)
            );
        }
    }
    if let Some(x) = &r.sessions {
        let rate = stages::words(r.spec.schedule.as_ref(), x.conn_rate_per_s);
        let _ = writeln!(
            s,
            "  Sessions    {} planned, {} started, {} completed, {} failed, {} cut by the end ({} calls each, connections {rate})",
            group(x.planned),
            group(x.started),
            group(x.completed),
            group(x.failed),
            group(x.incomplete),
            x.calls_per_session,
        );
    }
}

/// A split run's per-agent lines: their part, their clock and start.
fn agents(s: &mut String, r: &RunReport) {
    let Some(a) = &r.agents else { return };
    let _ = writeln!(
        s,
        "  Agents      {} hosts; measured windows began within {} of each other",
        a.hosts.len(),
        fmt_us(a.start_skew_us as f64)
    );
    let width = a.hosts.iter().map(|h| h.host.len()).max().unwrap_or(4);
    for h in &a.hosts {
        let _ = writeln!(
            s,
            "    {:<width$}  {:>10} responses  p99 {:>9}  {} errors  CPU {:.2}s  clock {:+.3} ms (±{})  started +{}",
            h.host,
            group(h.responses),
            fmt_us(h.latency_p99_us),
            group(h.errors),
            h.cpu_s,
            h.clock_offset_us as f64 / 1000.0,
            fmt_us(h.clock_delay_us as f64 / 2.0),
            fmt_us(h.started_after_us as f64),
        );
    }
}

fn header(s: &mut String, r: &RunReport) {
    let p = &r.spec;
    let _ = writeln!(s, "barrage {} — {}", r.barrage_version, plan_line(p));
    let _ = writeln!(s, "  Target      {} ({})", r.target.url, r.target.address);
    let script;
    let why = match r.stop_reason {
        StopReason::Script => {
            script = match &r.script_error {
                Some(e) => format!("stopped by the script's error: {e}"),
                None => "stopped by the script (thread:stop())".to_string(),
            };
            Some(script.as_str())
        }
        StopReason::Duration => None,
        StopReason::Requests => None,
        StopReason::Sessions => None,
        StopReason::Interrupted => Some("interrupted: the figures cover the run until the stop"),
        StopReason::Unreachable => {
            Some("stopped early: nothing connected or answered for a whole timeout, or the server's TLS certificate was rejected (see errors)")
        }
    };
    if let Some(why) = why {
        let _ = writeln!(s, "  Note        {why}");
    }
}

/// The plan in one line: `HTTP/1.1 keep-alive, closed loop, 100 connections, 1 thread(s)`.
pub fn plan_line(p: &SpecSummary) -> String {
    let rate = |mean: Option<f64>| stages::words(p.schedule.as_ref(), mean.unwrap_or(0.0));
    let model = match p.model {
        ModelKind::Open => format!(
            "open loop {} ({}), {} connections",
            rate(p.rate_per_s),
            p.arrival.map_or("", |a| a.name()),
            p.connections
        ),
        ModelKind::Sessions => format!(
            "sessions of {} calls, connections {}, {} sessions",
            p.calls_per_session.unwrap_or(0),
            rate(p.conn_rate_per_s),
            p.sessions.unwrap_or(0)
        ),
        ModelKind::Closed => {
            let pipe = match (p.pipeline, p.streams) {
                (_, Some(m)) if m > 1 => format!(" x {m} streams"),
                (Some(d), _) if d > 1 => format!(", pipeline {d}"),
                _ => String::new(),
            };
            format!("closed loop, {} connections{pipe}", p.connections)
        }
    };
    if let Some(ws) = &p.ws {
        let kind = if ws.binary { "binary" } else { "text" };
        let what = match ws.mode {
            WsMode::Echo if ws.in_flight > 1 => format!(
                "echo of {} B {kind} messages, {} in flight",
                ws.message_bytes, ws.in_flight
            ),
            WsMode::Echo => format!("echo of {} B {kind} messages", ws.message_bytes),
            WsMode::Subscribe => "subscribed (the server pushes)".to_string(),
        };
        let model = model.replace(&format!(", pipeline {}", ws.in_flight), "");
        return format!("WebSocket {what}, {model}, {} thread(s)", p.threads);
    }
    if let Some(words) = grpc::plan_words(p) {
        return format!("{words}, {model}, {} thread(s)", p.threads);
    }
    let reuse = if p.keepalive {
        "keep-alive"
    } else {
        "a connection per request"
    };
    format!("{} {reuse}, {model}, {} thread(s)", p.wire, p.threads)
}

fn latency(s: &mut String, name: &str, l: &LatencyStats) {
    if l.count == 0 {
        let _ = writeln!(s, "  {name:<11} no samples");
        return;
    }
    let f = |v: u64| fmt_us(v as f64);
    let _ = writeln!(
        s,
        "  {name:<11} min {}  mean {}  stdev {}  max {}",
        f(l.min),
        fmt_us(l.mean),
        fmt_us(l.stdev),
        f(l.max)
    );
    let _ = writeln!(
        s,
        "  {:<11} p50 {}  p75 {}  p90 {}  p99 {}  p99.9 {}  p99.99 {}",
        "",
        f(l.p50),
        f(l.p75),
        f(l.p90),
        f(l.p99),
        f(l.p99_9),
        f(l.p99_99)
    );
}

fn status(s: &mut String, r: &RunReport) {
    if r.status_counts.is_empty() {
        return;
    }
    let list: Vec<String> = r
        .status_counts
        .iter()
        .map(|(code, n)| format!("{code}: {}", group(*n)))
        .collect();
    let _ = writeln!(s, "  Status      {}", list.join(", "));
}

fn errors(s: &mut String, r: &RunReport) {
    if r.totals.errors == 0 {
        let _ = writeln!(s, "  Errors      none");
        return;
    }
    let _ = writeln!(s, "  Errors      {} in all", group(r.totals.errors));
    for (kind, e) in r.errors.iter().filter(|(_, e)| e.count > 0) {
        let first = e.first.as_deref().unwrap_or("");
        let _ = writeln!(s, "    {kind:<9} {:>9}  first: {first}", group(e.count));
    }
    // The engine names its TLS fields; here they are barrage load's flags.
    if r.errors.get("tls").is_some_and(|e| {
        e.first
            .as_deref()
            .is_some_and(|f| f.contains("certificate was rejected"))
    }) {
        let _ = writeln!(
            s,
            "  The certificate was rejected: trust its CA with --cacert FILE, or skip verification with --insecure (--sni names the server)"
        );
    }
    if r.totals.responses == 0
        && r.errors.get("connect").is_some_and(|e| e.count > 0)
        && r.connections.opened == 0
    {
        let _ = writeln!(
            s,
            "  Every connection failed: is the server running at {}?",
            r.target.address
        );
    }
}

/// A time in microseconds, in the unit that reads best.
pub fn fmt_us(us: f64) -> String {
    if us < 1000.0 {
        format!("{us:.0}µs")
    } else if us < 1_000_000.0 {
        format!("{:.2}ms", us / 1000.0)
    } else {
        format!("{:.2}s", us / 1_000_000.0)
    }
}

fn bytes(b: f64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b;
    let mut i = 0;
    while v >= 1024.0 && i < UNITS.len() - 1 {
        v /= 1024.0;
        i += 1;
    }
    if i == 0 {
        format!("{v:.0} {}", UNITS[i])
    } else {
        format!("{v:.2} {}", UNITS[i])
    }
}

/// 1234567 as "1,234,567".
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(group(0), "0");
        assert_eq!(group(1234567), "1,234,567");
        assert_eq!(group(100), "100");
        assert_eq!(fmt_us(12.0), "12µs");
        assert_eq!(fmt_us(1500.0), "1.50ms");
        assert_eq!(fmt_us(2_500_000.0), "2.50s");
        assert_eq!(bytes(512.0), "512 B");
        assert_eq!(bytes(2048.0), "2.00 KiB");
    }
}
