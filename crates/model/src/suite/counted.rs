//! The words the reports count a scenario's numbers in: responses and
//! latency for HTTP, messages and round trip for WebSocket (gRPC's are in
//! `grpc.rs`). Plain data the scenarios' modules share; it imports none of
//! them.

/// What a scenario's numbers count, in the words the reports use: HTTP
/// counts responses (per second) and their latency; WebSocket counts
/// messages and their round trip (the same fields of the records:
/// `responses_per_s` is messages/s there, `latency_*` the round trip).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counted {
    /// The achieved rate's unit: `responses/s`, `messages/s`.
    pub per_s: &'static str,
    /// The offered rate's unit: `requests/s`, `messages/s`.
    pub offered_per_s: &'static str,
    /// The time of one: `latency`, `round trip`.
    pub time: &'static str,
    /// One of what is counted: `response`, `message`.
    pub one: &'static str,
}

impl Counted {
    /// HTTP's words.
    pub const HTTP: Counted = Counted {
        per_s: "responses/s",
        offered_per_s: "requests/s",
        time: "latency",
        one: "response",
    };
    /// WebSocket's words.
    pub const WS: Counted = Counted {
        per_s: "messages/s",
        offered_per_s: "messages/s",
        time: "round trip",
        one: "message",
    };
}
