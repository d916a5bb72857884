//! The gRPC lines of the summary: what the run's unit is (calls or a bidi
//! stream's messages), the plan's words, latency per call and per message,
//! calls by grpc-status with the first message of each, and messages each
//! way.

use std::fmt::Write;

use barrage_engine::{GrpcShape, GrpcUnit, RunReport, SpecSummary};

use super::{bytes, group, latency};

/// The words of the unit the totals count: (line label, what was sent,
/// per-second suffix); `None` for a run that is not gRPC.
pub(super) fn unit_words(r: &RunReport) -> Option<(&'static str, &'static str, &'static str)> {
    Some(match r.spec.grpc.as_ref()?.unit {
        GrpcUnit::Call => ("Calls      ", "calls", " calls"),
        GrpcUnit::Message => ("Messages   ", "messages", " messages"),
    })
}

/// The name of the main latency line: per call, or per message.
pub(super) fn latency_name(r: &RunReport) -> Option<&'static str> {
    Some(match r.spec.grpc.as_ref()?.unit {
        GrpcUnit::Call => "Per call",
        GrpcUnit::Message => "Per message",
    })
}

/// `gRPC unary barrage.bench.v1.Bench/Echo, 12 B requests`: the plan's
/// protocol words; `None` for a run that is not gRPC.
pub(super) fn plan_words(p: &SpecSummary) -> Option<String> {
    let g = p.grpc.as_ref()?;
    let shape = g.shape.name().replace('_', " ");
    let sent = match (g.shape, g.unit) {
        (GrpcShape::Bidi, GrpcUnit::Message) if g.messages_per_call > 0 => format!(
            ", streams of {} messages of {} B",
            g.messages_per_call, g.request_bytes
        ),
        (GrpcShape::Bidi, GrpcUnit::Message) => {
            format!(", long-lived streams, {} B messages", g.request_bytes)
        }
        (GrpcShape::ClientStreaming | GrpcShape::Bidi, _) => format!(
            ", {} messages of {} B a call",
            g.messages_per_call, g.request_bytes
        ),
        _ => format!(", {} B requests", g.request_bytes),
    };
    let in_flight = match (g.in_flight, g.unit) {
        (0 | 1, _) => String::new(),
        (n, GrpcUnit::Message) => format!(", {n} streams per connection"),
        (n, GrpcUnit::Call) => format!(", {n} calls in flight per connection"),
    };
    Some(format!("gRPC {shape} {}{sent}{in_flight}", g.call))
}

/// Latency per call and per message (when not already the main line),
/// calls by status, messages each way.
pub(super) fn section(s: &mut String, r: &RunReport) {
    let Some(g) = &r.grpc else {
        return;
    };
    let unit = r.spec.grpc.as_ref().map_or(GrpcUnit::Call, |p| p.unit);
    if unit == GrpcUnit::Message && g.call_us.count > 0 {
        latency(s, "Per call", &g.call_us);
    }
    if unit == GrpcUnit::Call && g.message_us.count > 0 {
        latency(s, "Per message", &g.message_us);
    }
    let _ = writeln!(
        s,
        "  gRPC        {} calls started, {} ended with a status; {} messages sent ({}), {} received ({})",
        group(g.calls_started),
        group(g.calls_ended),
        group(g.messages_sent),
        bytes(g.payload_bytes_sent as f64),
        group(g.messages_received),
        bytes(g.payload_bytes_received as f64),
    );
    if g.status.is_empty() {
        return;
    }
    let _ = writeln!(s, "  gRPC status");
    let mut codes: Vec<(&String, _)> = g.status.iter().collect();
    codes.sort_by_key(|(code, _)| code.parse::<u32>().unwrap_or(u32::MAX));
    for (code, c) in codes {
        let first = match &c.first_message {
            Some(m) if !m.is_empty() => format!("  first: {m}"),
            _ => String::new(),
        };
        let name = format!("{} ({code})", c.name);
        let _ = writeln!(s, "    {name:<24} {:>11}{first}", group(c.count));
    }
}
