//! The engine's side of the run report: the report types themselves are
//! the shared model's ([`barrage_model::load`]); this module fills the part
//! only the engine knows, the summary of a [`LoadSpec`].

use barrage_model::load::{
    ArrivalKind, GrpcShape, GrpcSpecSummary, GrpcUnit, ModelKind, SpecSummary, WireSummary,
    WsSpecSummary,
};

use crate::pacer::{Arrival, Curve};
use crate::spec::{LoadSpec, Model, Protocol, Reuse, Schedule};

/// The load as `spec` asks for it.
pub fn spec_summary(spec: &LoadSpec) -> SpecSummary {
    let (http10, keepalive) = match spec.reuse {
        Reuse::KeepAlive => (false, true),
        Reuse::Close => (false, false),
        Reuse::Http10 { keepalive } => (true, keepalive),
    };
    let h2 = matches!(spec.protocol, Protocol::H2 | Protocol::H3).then_some(spec.h2);
    let mut s = SpecSummary {
        grpc: (spec.protocol == Protocol::Grpc).then(|| grpc_summary(spec)),
        model: ModelKind::Closed,
        wire: WireSummary {
            protocol: spec.protocol,
            scheme: spec.target.scheme,
            http10: http10 && spec.protocol == Protocol::Http1,
        },
        streams: h2.map(|h| h.streams),
        window_bits: h2.map(|h| h.window_bits),
        connection_window_bits: h2.map(|h| h.connection_window_bits),
        keepalive,
        threads: spec.threads,
        connections: 0,
        max_connections: None,
        pipeline: None,
        rate_per_s: None,
        schedule: None,
        arrival: None,
        send_window_us: None,
        conn_rate_per_s: None,
        calls_per_session: None,
        sessions: None,
        duration_s: spec.duration.map(|d| d.as_secs_f64()),
        requests: spec.max_requests,
        warmup_s: spec.warmup.as_secs_f64(),
        timeout_s: spec.timeout.as_secs_f64(),
        request_count: spec
            .mix
            .as_ref()
            .map_or(spec.requests.len(), |m| m.entries.len()),
        ws: (spec.protocol == Protocol::Ws).then(|| WsSpecSummary {
            mode: spec.ws.mode,
            message_bytes: spec.ws.message.len(),
            binary: spec.ws.binary,
            in_flight: match spec.model {
                Model::Closed { pipeline, .. } => pipeline,
                _ => 1,
            },
            ping_interval_ms: spec.ws.ping_interval.map(|d| d.as_millis() as u64),
        }),
        io: spec.io,
    };
    match spec.model {
        Model::Closed {
            connections,
            pipeline,
        } => {
            s.connections = connections;
            s.pipeline = Some(pipeline);
        }
        Model::Open {
            ref rate,
            arrival,
            connections,
            max_connections,
        } => {
            s.model = ModelKind::Open;
            s.connections = connections;
            s.max_connections = Some(max_connections);
            s.rate_per_s = Some(mean_per_s(rate, spec));
            s.schedule = staged(rate);
            s.arrival = Some(arrival_kind(arrival));
            s.send_window_us = Some(spec.send_window.as_micros() as u64);
        }
        Model::Sessions {
            ref conn_rate,
            arrival,
            calls,
            sessions,
        } => {
            s.model = ModelKind::Sessions;
            s.conn_rate_per_s = Some(mean_per_s(conn_rate, spec));
            s.schedule = staged(conn_rate);
            s.arrival = Some(arrival_kind(arrival));
            s.calls_per_session = Some(calls);
            s.sessions = Some(sessions);
        }
    }
    s
}

/// A schedule's mean rate over the run as asked: its duration, or the
/// stages with a duration when it has none (a constant rate exactly).
fn mean_per_s(schedule: &Schedule, spec: &LoadSpec) -> f64 {
    let secs = spec.duration.unwrap_or(schedule.timed()).as_secs_f64();
    Curve::new(schedule, 1.0, 0.0).mean_per_s(0.0, secs)
}

/// A schedule of stages, for the report; none for a constant rate.
fn staged(schedule: &Schedule) -> Option<Schedule> {
    schedule
        .constant_per_s()
        .is_none()
        .then(|| schedule.clone())
}

/// A gRPC run's call, its unit and its messages.
fn grpc_summary(spec: &LoadSpec) -> GrpcSpecSummary {
    let g = &spec.grpc;
    // The data as the run encodes it (a spec that validated encodes).
    let requests = barrage_grpc::Schema::from_descriptor_set(&g.descriptor_set)
        .and_then(|schema| schema.method(&g.call))
        .and_then(|method| method.requests(&g.data))
        .ok();
    let request_bytes = requests.as_ref().map_or(0, |r| {
        let mut out = Vec::new();
        let call = barrage_grpc::CallData {
            worker_id: 0,
            request_number: 0,
        };
        r.render(0, &call, &mut out);
        out.len()
    });
    let data_messages = requests.as_ref().map_or(1, |r| r.len() as u64);
    let messages_per_call = match (g.unit, g.shape) {
        (GrpcUnit::Message, _) => g.stream_messages.unwrap_or(0),
        (GrpcUnit::Call, GrpcShape::ClientStreaming | GrpcShape::Bidi) => {
            g.stream_messages.unwrap_or(data_messages)
        }
        (GrpcUnit::Call, _) => 1,
    };
    GrpcSpecSummary {
        call: g.call.clone(),
        shape: g.shape,
        unit: g.unit,
        request_bytes,
        messages_per_call,
        in_flight: spec.h2.streams,
    }
}

fn arrival_kind(a: Arrival) -> ArrivalKind {
    match a {
        Arrival::Uniform => ArrivalKind::Uniform,
        Arrival::Poisson { .. } => ArrivalKind::Poisson,
    }
}
