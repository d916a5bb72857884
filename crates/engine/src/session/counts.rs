//! What the sessions count beyond responses, per protocol: the report's
//! `h2`, `h3`, `ws` and `grpc` sections. A session adds to it through
//! [`ProtocolSession::count_connection`](super::ProtocolSession::count_connection)
//! and [`add_events`](super::ProtocolSession::add_events); the worker only sums.

use barrage_model::load::{GrpcReport, H2Events, H2Report, H3Report, WsReport};

use super::h3::H3Events;

/// Per-protocol counts of one worker (or of a run, summed): the report's
/// `h2`, `h3` and `ws` sections. A session adds to it; the worker never looks in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProtocolCounts {
    /// Connections opened per protocol (over TLS: per ALPN's answer).
    pub h1_connections: u64,
    pub h2_connections: u64,
    pub h3_connections: u64,
    pub h2: H2Events,
    pub h3: H3Events,
    /// WebSocket: the report's `ws` section, its upgrade times left to the
    /// histogram.
    pub ws: WsReport,
    /// gRPC: the report's `grpc` section, its latencies left to the histograms.
    pub grpc: GrpcReport,
}

impl ProtocolCounts {
    pub fn add(&mut self, other: &ProtocolCounts) {
        self.h1_connections += other.h1_connections;
        self.h2_connections += other.h2_connections;
        self.h3_connections += other.h3_connections;
        self.h2.add(&other.h2);
        self.h3.add(&other.h3);
        self.ws.add(&other.ws);
        self.grpc.add(&other.grpc);
    }

    /// The report's `h2` section.
    pub fn h2_report(&self) -> H2Report {
        H2Report {
            connections_h2: self.h2_connections,
            connections_http1: self.h1_connections,
            events: self.h2,
        }
    }

    /// The report's `h3` section.
    pub fn h3_report(&self) -> H3Report {
        let e = &self.h3;
        H3Report {
            connections: self.h3_connections,
            goaways_received: e.goaways_received,
            streams_reset: e.streams_reset,
            streams_refused: e.streams_refused,
            zero_rtt_accepted: e.zero_rtt_accepted,
            zero_rtt_rejected: e.zero_rtt_rejected,
            zero_rtt_requests: e.zero_rtt_requests,
        }
    }
}
