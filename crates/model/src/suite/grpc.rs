//! A gRPC scenario's call ([`GrpcScenario`]): the method, its request
//! data, the .proto it is described in, what the load counts (calls or a
//! bidirectional stream's messages), and the words the reports count it in.

use serde::{Deserialize, Serialize};

use super::Counted;
use crate::load::GrpcUnit;

/// The method a gRPC scenario calls when it names none: the benchmark
/// service's unary echo (`proto/bench.proto`).
pub const BENCH_CALL: &str = "barrage.bench.v1.Bench/Echo";
/// The request a gRPC scenario sends when it gives none: an EchoRequest
/// whose payload is "hello" (protobuf JSON writes bytes in base64).
pub const BENCH_DATA: &str = r#"{"payload":"aGVsbG8="}"#;
/// The benchmark service's .proto, relative to a checkout of barrage.
pub const BENCH_PROTO: &str = "proto/bench.proto";

/// What a gRPC scenario calls (`call`, `data`, `proto`, `unit`,
/// `stream_messages`, `in_flight`): `barrage load --grpc URL --proto P
/// --call C --data D --grpc-unit U [--stream-messages N] -m K`. Its levels
/// count calls (unit call: calls/s, latency per call) or, on a
/// bidirectional stream, messages (unit message: messages/s, each timed
/// from its intended send to the reply that answers it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GrpcScenario {
    /// `package.Service/Method`.
    pub call: String,
    /// The request message(s) as protobuf JSON: an object, or an array of
    /// objects sent in turn on a client or bidirectional stream.
    pub data: String,
    /// The .proto describing the method, as an absolute path (the suite
    /// gives it relative to its file; default the checkout's
    /// `proto/bench.proto`).
    pub proto: String,
    /// What the load counts, paces and times.
    pub unit: GrpcUnit,
    /// On a client or bidirectional stream, messages sent per call before
    /// the client ends its side; none: the data's messages once (unit
    /// call) or until the run ends (unit message).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream_messages: Option<u64>,
    /// Calls in flight per connection in a closed loop (`-m`; default 1);
    /// with unit message, the long-lived streams per connection.
    pub in_flight: usize,
    /// An open loop at this fixed rate (calls/s, or messages/s with unit
    /// message; `-R`) over each level's connections, instead of the
    /// level's closed loop (`rate = 2000` in a suite of concurrency
    /// levels).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<f64>,
}

impl GrpcScenario {
    /// A unary Echo of "hello" described by `proto`, one call in flight.
    pub fn echo(proto: &str) -> GrpcScenario {
        GrpcScenario {
            call: BENCH_CALL.to_string(),
            data: BENCH_DATA.to_string(),
            proto: proto.to_string(),
            unit: GrpcUnit::Call,
            stream_messages: None,
            in_flight: 1,
            rate: None,
        }
    }

    /// The method's `:path`: `/package.Service/Method`.
    pub fn path(&self) -> String {
        format!("/{}", self.call)
    }

    /// The call in words (`barrage.bench.v1.Bench/Echo, 10 calls in flight
    /// per connection`).
    pub fn line(&self) -> String {
        let what = match (self.unit, self.in_flight) {
            (GrpcUnit::Call, 1) => "call",
            (GrpcUnit::Call, _) => "calls",
            (GrpcUnit::Message, 1) => "stream",
            (GrpcUnit::Message, _) => "streams",
        };
        let mut line = format!(
            "{}, {} {what} in flight per connection",
            self.call, self.in_flight
        );
        if let Some(n) = self.stream_messages {
            line.push_str(&format!(", {n} messages per stream"));
        }
        if let Some(rate) = self.rate {
            let unit = Counted::grpc(self.unit).offered_per_s;
            line.push_str(&format!(", open loop at {rate} {unit}"));
        }
        line
    }
}

impl super::Suite {
    /// What a ranking of the suite's levels ranks by: `responses/s`, with
    /// what that is for the WebSocket and gRPC scenarios among them.
    pub fn ranked_per_s(&self) -> String {
        let mut also = Vec::new();
        if self.scenarios.iter().any(|s| s.is_ws()) {
            also.push("messages/s for WebSocket");
        }
        let grpc = |unit: GrpcUnit| {
            self.scenarios
                .iter()
                .any(|s| s.grpc.as_ref().is_some_and(|g| g.unit == unit))
        };
        match (grpc(GrpcUnit::Call), grpc(GrpcUnit::Message)) {
            (true, true) => also.push("calls/s or messages/s for gRPC"),
            (true, false) => also.push("calls/s for gRPC"),
            (false, true) => also.push("messages/s for gRPC"),
            (false, false) => {}
        }
        if also.is_empty() {
            "responses/s".to_string()
        } else {
            format!("responses/s ({})", also.join(", "))
        }
    }
}

impl Counted {
    /// gRPC's words when the load counts calls.
    pub const GRPC_CALL: Counted = Counted {
        per_s: "calls/s",
        offered_per_s: "calls/s",
        time: "latency per call",
        one: "call",
    };
    /// gRPC's words when the load counts a stream's messages.
    pub const GRPC_MESSAGE: Counted = Counted {
        per_s: "messages/s",
        offered_per_s: "messages/s",
        time: "latency per message",
        one: "message",
    };

    /// Whether the tables show p50 and p99.9 beside p99: for messages and
    /// calls (WebSocket, gRPC), whose latency is the point of their suites.
    pub fn every_percentile(self) -> bool {
        self != Counted::HTTP
    }

    /// The words of one `barrage load` report: WebSocket's, gRPC's (by
    /// its unit), else HTTP's.
    pub fn of_report(r: &crate::RunReport) -> Counted {
        match (&r.spec.grpc, r.spec.wire.protocol) {
            (Some(g), _) => Counted::grpc(g.unit),
            (None, crate::Protocol::Ws) => Counted::WS,
            _ => Counted::HTTP,
        }
    }

    /// The words of a gRPC load counting `unit`.
    pub fn grpc(unit: GrpcUnit) -> Counted {
        match unit {
            GrpcUnit::Call => Counted::GRPC_CALL,
            GrpcUnit::Message => Counted::GRPC_MESSAGE,
        }
    }
}
