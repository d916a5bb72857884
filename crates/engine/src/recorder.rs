//! The recorder: what one worker measured in the current one-second window.
//! Fixed memory (HdrHistograms of 1 µs to 1 h at 3 significant digits,
//! counters), shipped to the coordinator at each window's end and reset.

use std::time::Duration;

use hdrhistogram::Histogram;

/// A latency histogram in microseconds with barrage's fixed bounds (the
/// shared model's: 1 µs to 1 h, 3 significant digits).
pub(crate) fn histogram() -> Histogram<u64> {
    barrage_model::histogram::empty()
}

/// How many kinds of error there are.
pub const ERROR_KINDS: usize = 13;

/// Kinds of error, counted separately (as wrk does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    /// A connection could not be established (refused, unreachable, timed out, no file descriptors).
    Connect,
    /// Reading failed, or the peer closed before a response was complete.
    Read,
    /// Writing a request failed.
    Write,
    /// No complete response within the timeout.
    Timeout,
    /// The peer reset the connection.
    Reset,
    /// The peer's bytes broke the protocol.
    Protocol,
    /// The TLS handshake or a TLS record failed (a rejected certificate included).
    Tls,
    /// HTTP/2: the server reset a stream, or refused it with GOAWAY.
    Stream,
    /// WebSocket: the server refused the upgrade (another status than
    /// `101`, or a wrong `Sec-WebSocket-Accept`).
    Upgrade,
    /// WebSocket: the server sent Close, or ended the connection, before
    /// the end of the run.
    Closed,
    /// gRPC: a call ended with a `grpc-status` other than 0 (OK).
    GrpcStatus,
    /// gRPC: the answer is not gRPC (an HTTP status without `grpc-status`,
    /// a content-type not `application/grpc`, trailers without `grpc-status`).
    NotGrpc,
    /// The peer sent more than barrage answers or keeps: control frames
    /// faster than it reads the acknowledgements they owe (HTTP/2 PING and
    /// SETTINGS, WebSocket pings), or a long run of frames that move no
    /// response on. The connection ends with the protocol's own error.
    Flood,
}

impl ErrorKind {
    pub const ALL: [ErrorKind; ERROR_KINDS] = [
        ErrorKind::Connect,
        ErrorKind::Read,
        ErrorKind::Write,
        ErrorKind::Timeout,
        ErrorKind::Reset,
        ErrorKind::Protocol,
        ErrorKind::Tls,
        ErrorKind::Stream,
        ErrorKind::Upgrade,
        ErrorKind::Closed,
        ErrorKind::GrpcStatus,
        ErrorKind::NotGrpc,
        ErrorKind::Flood,
    ];

    /// The lower-case name used in reports and JSON.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Connect => "connect",
            ErrorKind::Read => "read",
            ErrorKind::Write => "write",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Reset => "reset",
            ErrorKind::Protocol => "protocol",
            ErrorKind::Tls => "tls",
            ErrorKind::Stream => "stream",
            ErrorKind::Upgrade => "upgrade",
            ErrorKind::Closed => "closed",
            ErrorKind::GrpcStatus => "grpc_status",
            ErrorKind::NotGrpc => "not_grpc",
            ErrorKind::Flood => "flood",
        }
    }

    /// Classifies an I/O error seen while reading or writing.
    pub(crate) fn of_io(e: &std::io::Error, writing: bool) -> ErrorKind {
        use std::io::ErrorKind as K;
        match e.kind() {
            K::ConnectionReset | K::ConnectionAborted => ErrorKind::Reset,
            K::BrokenPipe if writing => ErrorKind::Reset,
            _ if writing => ErrorKind::Write,
            _ => ErrorKind::Read,
        }
    }
}

/// Counts over one window (or, summed, a whole run). Units are in the names;
/// `responses` is a subset of `requests_sent`; every error is also in `errors`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counters {
    /// Requests written (measured phase only).
    pub requests_sent: u64,
    /// Complete responses, whatever their status.
    pub responses: u64,
    /// Responses with a status outside 200–399.
    pub responses_not_2xx_3xx: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    /// Connections established.
    pub connections_opened: u64,
    /// Errors by kind, indexed as [`ErrorKind::ALL`].
    pub errors: [u64; ERROR_KINDS],
    /// Open loop: requests sent more than [`LATE_SEND`] after their intended time.
    pub late_sends: u64,
    /// Open loop: requests that waited for a free connection.
    pub waited_for_connection: u64,
    /// Responses by status class: index 1 for 1xx … 5xx, 0 for any other.
    pub status_classes: [u64; 6],
}

/// A send this far behind its schedule counts as late.
pub const LATE_SEND: Duration = Duration::from_millis(1);

impl Counters {
    pub fn errors_total(&self) -> u64 {
        self.errors.iter().sum()
    }

    /// Adds `o` (another window, or another worker's).
    pub fn add(&mut self, o: &Counters) {
        self.requests_sent += o.requests_sent;
        self.responses += o.responses;
        self.responses_not_2xx_3xx += o.responses_not_2xx_3xx;
        self.bytes_read += o.bytes_read;
        self.bytes_written += o.bytes_written;
        self.connections_opened += o.connections_opened;
        for (a, b) in self.errors.iter_mut().zip(o.errors) {
            *a += b;
        }
        self.late_sends += o.late_sends;
        self.waited_for_connection += o.waited_for_connection;
        for (a, b) in self.status_classes.iter_mut().zip(o.status_classes) {
            *a += b;
        }
    }
}

/// One worker's measurements for the current window.
#[derive(Debug, Clone)]
pub(crate) struct Recorder {
    pub latency_us: Histogram<u64>,
    pub connect_us: Histogram<u64>,
    /// TLS handshakes: from the TCP connection to the handshake's end.
    pub tls_handshake_us: Histogram<u64>,
    /// A session's set-up after the connection (a WebSocket upgrade): from
    /// its request to its answer.
    pub upgrade_us: Histogram<u64>,
    /// Per call of a protocol whose requests are calls on streams (gRPC):
    /// from the call's (intended) start to its end.
    pub call_us: Histogram<u64>,
    /// Per message on a stream (gRPC): see [`Timed::Message`](crate::session::Timed).
    pub message_us: Histogram<u64>,
    /// Open loop: how far behind schedule each request was sent.
    pub send_delay_us: Histogram<u64>,
    /// Open loop: the send delay of requests that found a connection free
    /// (the client's own lateness).
    pub client_delay_us: Histogram<u64>,
    pub counters: Counters,
    /// Connections open (or opening) when the window was shipped: a gauge,
    /// summed over workers, never over windows.
    pub open_connections: u64,
    /// The first message of each error kind, when a worker first met the
    /// kind in this window (a live view shows them as they come).
    pub first_errors: Vec<(ErrorKind, String)>,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder {
            latency_us: histogram(),
            connect_us: histogram(),
            tls_handshake_us: histogram(),
            upgrade_us: histogram(),
            call_us: histogram(),
            message_us: histogram(),
            send_delay_us: histogram(),
            client_delay_us: histogram(),
            counters: Counters::default(),
            open_connections: 0,
            first_errors: Vec::new(),
        }
    }

    /// Takes this window's measurements, leaving the recorder empty.
    pub fn take(&mut self) -> Recorder {
        let out = self.clone();
        self.latency_us.reset();
        self.connect_us.reset();
        self.tls_handshake_us.reset();
        self.upgrade_us.reset();
        self.call_us.reset();
        self.message_us.reset();
        self.send_delay_us.reset();
        self.client_delay_us.reset();
        self.counters = Counters::default();
        self.first_errors.clear();
        out
    }

    /// A response (or a WebSocket message, with [`NO_STATUS`], counted in
    /// no status class) took `d`.
    ///
    /// [`NO_STATUS`]: crate::session::NO_STATUS
    #[inline]
    pub fn record_latency(&mut self, d: Duration, status: u16) {
        self.latency_us.saturating_record(micros(d));
        self.counters.responses += 1;
        if status == crate::session::NO_STATUS {
            return;
        }
        if !(200..400).contains(&status) {
            self.counters.responses_not_2xx_3xx += 1;
        }
        let class = usize::from(status / 100);
        self.counters.status_classes[if class < 6 { class } else { 0 }] += 1;
    }

    pub fn record_connect(&mut self, d: Duration) {
        self.connect_us.saturating_record(micros(d));
        self.counters.connections_opened += 1;
    }

    pub fn record_tls_handshake(&mut self, d: Duration) {
        self.tls_handshake_us.saturating_record(micros(d));
    }

    pub fn record_upgrade(&mut self, d: Duration) {
        self.upgrade_us.saturating_record(micros(d));
    }

    /// A scheduled request went out `d` after its intended time; `waited`:
    /// it had waited for a free connection (else the delay is the client's own).
    pub fn record_send_delay(&mut self, d: Duration, waited: bool) {
        self.send_delay_us.saturating_record(micros(d));
        if waited {
            self.counters.waited_for_connection += 1;
        } else {
            self.client_delay_us.saturating_record(micros(d));
        }
        if d > LATE_SEND {
            self.counters.late_sends += 1;
        }
    }

    pub fn record_error(&mut self, kind: ErrorKind) {
        self.counters.errors[kind as usize] += 1;
    }
}

/// Whole microseconds, at least 1 (the histogram's lowest value).
#[inline]
pub(crate) fn micros(d: Duration) -> u64 {
    (d.as_micros() as u64).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_windows_adds_histograms_and_counters() {
        let mut a = Recorder::new();
        let mut b = Recorder::new();
        for us in [100, 200, 300] {
            a.record_latency(Duration::from_micros(us), 200);
        }
        b.record_latency(Duration::from_millis(1500), 503);
        b.record_error(ErrorKind::Timeout);
        let wa = a.take();
        let wb = b.take();
        assert_eq!(a.counters, Counters::default());
        assert_eq!(a.latency_us.len(), 0);
        let mut total = histogram();
        total.add(&wa.latency_us).unwrap();
        total.add(&wb.latency_us).unwrap();
        let mut c = wa.counters.clone();
        c.add(&wb.counters);
        assert_eq!(total.len(), 4);
        assert_eq!(total.min(), 100);
        assert!(total.max() >= 1_500_000 && total.max() < 1_502_000);
        assert_eq!(c.responses, 4);
        assert_eq!(c.responses_not_2xx_3xx, 1);
        assert_eq!(c.errors_total(), 1);
        assert_eq!(c.errors[ErrorKind::Timeout as usize], 1);
    }

    #[test]
    fn extreme_values_saturate() {
        let mut r = Recorder::new();
        r.record_latency(Duration::ZERO, 200);
        r.record_latency(Duration::from_secs(10_000), 200);
        assert_eq!(r.latency_us.min(), 1);
        assert!(r.latency_us.max() >= barrage_model::histogram::HIGHEST_US * 999 / 1000);
    }

    #[test]
    fn late_sends_count_past_one_millisecond() {
        let mut r = Recorder::new();
        r.record_send_delay(Duration::from_micros(999), false);
        r.record_send_delay(Duration::from_micros(1001), true);
        assert_eq!(r.counters.late_sends, 1);
        assert_eq!(r.send_delay_us.len(), 2);
        // Only the send that found a connection free is the client's own delay.
        assert_eq!(r.client_delay_us.len(), 1);
        assert_eq!(r.counters.waited_for_connection, 1);
    }
}
