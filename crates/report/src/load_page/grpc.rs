//! The gRPC parts of a `barrage load` page: what was called (the spec
//! line's words), the calls by `grpc-status` with the first message of each
//! (failed calls visible beside the OK ones), messages and bytes each way,
//! and the per-call and per-message latency rows.

use barrage_model::load::{GrpcReport, GrpcSpecSummary, GrpcUnit, LatencyStats, RunReport};

use super::{cell, group, heading, kv_table};
use crate::model;
use crate::tables::{Block, Table};

/// The spec line's words: `, barrage.bench.v1.Bench/Echo (unary), 10
/// calls in flight per connection, counted in calls`.
pub(super) fn spec_words(g: &GrpcSpecSummary) -> String {
    let unit = match g.unit {
        GrpcUnit::Call => "calls",
        GrpcUnit::Message => "messages",
    };
    format!(
        ", {} ({}), {} calls in flight per connection, {}-byte request, counted in {unit}",
        g.call,
        g.shape.name(),
        g.in_flight,
        g.request_bytes
    )
}

/// The latency table's gRPC rows: per call and per message, when any.
pub(super) fn latency_rows(r: &RunReport) -> Vec<(&'static str, Option<&LatencyStats>)> {
    match &r.grpc {
        Some(g) => vec![
            ("gRPC call", Some(&g.call_us)),
            ("gRPC stream message", Some(&g.message_us)),
        ],
        None => Vec::new(),
    }
}

/// The `grpc` section: calls by status, then messages and bytes.
pub(super) fn blocks(g: &GrpcReport, d: &mut Vec<Block>) {
    d.push(heading(2, "grpc", "gRPC"));
    let failed: u64 = g
        .status
        .iter()
        .filter(|(code, _)| code.as_str() != "0")
        .map(|(_, s)| s.count)
        .sum();
    d.push(kv_table(
        "t-grpc",
        vec![
            ("calls started", group(g.calls_started)),
            ("calls ended", group(g.calls_ended)),
            ("calls failed (grpc-status not OK)", group(failed)),
            ("messages sent", group(g.messages_sent)),
            ("messages received", group(g.messages_received)),
            ("payload bytes sent", model::fmt_bytes(g.payload_bytes_sent)),
            (
                "payload bytes received",
                model::fmt_bytes(g.payload_bytes_received),
            ),
        ],
    ));
    d.push(heading(3, "grpc-status", "Calls by grpc-status"));
    d.push(Block::Table(Table {
        id: "t-grpc-status".into(),
        head: vec!["grpc-status".into(), "calls".into(), "first message".into()],
        numeric: vec![false, true, false],
        rows: g
            .status
            .iter()
            .map(|(code, s)| {
                vec![
                    cell(format!("{code} {}", s.name)),
                    cell(group(s.count)),
                    cell(s.first_message.clone().unwrap_or_default()),
                ]
            })
            .collect(),
    }));
}
