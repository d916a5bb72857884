//! What the HTTP/3 session counts beyond responses, per connection, summed
//! into the run's `h3` section.

/// HTTP/3 happenings on one connection, beyond responses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct H3Events {
    pub goaways_received: u64,
    pub streams_reset: u64,
    pub streams_refused: u64,
    /// Connections that sent requests as 0-RTT data and the server took them.
    pub zero_rtt_accepted: u64,
    /// Connections that sent requests as 0-RTT data and the server refused
    /// it: the requests went again once the handshake was done.
    pub zero_rtt_rejected: u64,
    /// Requests sent as 0-RTT data on connections where it was accepted.
    pub zero_rtt_requests: u64,
}

impl H3Events {
    pub fn add(&mut self, other: &H3Events) {
        self.goaways_received += other.goaways_received;
        self.streams_reset += other.streams_reset;
        self.streams_refused += other.streams_refused;
        self.zero_rtt_accepted += other.zero_rtt_accepted;
        self.zero_rtt_rejected += other.zero_rtt_rejected;
        self.zero_rtt_requests += other.zero_rtt_requests;
    }
}
