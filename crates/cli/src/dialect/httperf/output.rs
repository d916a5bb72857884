//! httperf's report, line for line (its `stat/basic.c` formats), computed
//! from barrage's [`RunReport`].

use std::fmt::Write;

use barrage_engine::{LatencyStats, Observer, RunReport, Window};

use super::args::{Options, Rate};

/// httperf samples the reply rate every 5 s.
pub(crate) const RATE_INTERVAL_S: u32 = 5;

/// The command line as httperf echoes it: its options in its own order,
/// the defaults it always shows, `%g` numbers.
pub(crate) fn echo(o: &Options) -> String {
    let mut s = String::from("httperf");
    if o.verbose > 0 {
        s += " --verbose";
    }
    if o.hog {
        s += " --hog";
    }
    if o.think_timeout_s > 0.0 {
        let _ = write!(s, " --think-timeout={}", fmt_g(o.think_timeout_s));
    }
    if o.timeout_s > 0.0 {
        let _ = write!(s, " --timeout={}", fmt_g(o.timeout_s));
    }
    let _ = write!(s, " --client={}/{}", o.client.0, o.client.1);
    let _ = write!(s, " --server={}", o.server);
    if let Some(name) = &o.server_name {
        let _ = write!(s, " --server_name={name}");
    }
    let _ = write!(s, " --port={}", o.port());
    let _ = write!(s, " --uri={}", o.uri);
    if let Some(n) = o.failure_status {
        let _ = write!(s, " --failure-status={n}");
    }
    if o.http_version != (1, 1) {
        let _ = write!(
            s,
            " --http-version={}.{}",
            o.http_version.0, o.http_version.1
        );
    }
    if let Some(n) = o.max_connections.filter(|&n| n > 0) {
        let _ = write!(s, " --max-connections={n}");
    }
    if let Some(n) = o.max_piped_calls.filter(|&n| n > 0) {
        let _ = write!(s, " --max-piped-calls={n}");
    }
    match o.rate {
        Rate::Sequential => {}
        Rate::Fixed(r) => {
            let _ = write!(s, " --rate={}", fmt_g(r));
        }
        Rate::Exponential { mean_s } => {
            let _ = write!(s, " --period=e{}", fmt_g(mean_s));
        }
    }
    let _ = write!(s, " --send-buffer={}", o.send_buffer);
    if o.retry_on_failure {
        s += " --retry-on-failure";
    }
    let _ = write!(s, " --recv-buffer={}", o.recv_buffer);
    if o.ssl {
        s += " --ssl";
    }
    if o.ssl_no_reuse {
        s += " --ssl-no-reuse";
    }
    if let Some(h) = &o.add_header {
        let _ = write!(s, " --add-header='{h}'");
    }
    if let Some(m) = &o.method {
        let _ = write!(s, " --method={m}");
    }
    let _ = write!(
        s,
        " --num-conns={} --num-calls={}",
        o.num_conns, o.num_calls
    );
    s
}

/// C's `%g`: six significant digits, trailing zeros dropped, an exponent
/// below 1e-4 and from 1e6.
pub(crate) fn fmt_g(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return if x.is_finite() {
            "0".into()
        } else {
            x.to_string()
        };
    }
    let sci = format!("{x:.5e}");
    let (mantissa, exp) = sci.split_once('e').expect("{:e} has an exponent");
    let exp: i32 = exp.parse().expect("a decimal exponent");
    let trim = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exp.abs())
    } else {
        let decimals = (5 - exp).max(0) as usize;
        trim(&format!("{x:.decimals$}"))
    }
}

/// Watches the run for httperf's reply-rate samples (one per full 5 s),
/// printing each as it comes with `--verbose`, as httperf does.
pub(crate) struct ReplyRate {
    verbose: bool,
    replies: u64,
    since_s: f64,
    pub samples: Vec<f64>,
}

impl ReplyRate {
    pub fn new(verbose: bool) -> ReplyRate {
        ReplyRate {
            verbose,
            replies: 0,
            since_s: 0.0,
            samples: Vec::new(),
        }
    }
}

impl Observer for ReplyRate {
    fn on_window(&mut self, w: &Window) {
        if w.warmup {
            return;
        }
        self.replies += w.counters.responses;
        let end = w.index + 1;
        let elapsed = w.elapsed.as_secs_f64();
        // A sample closes with a full window ending on a 5 s mark (the
        // last, partial window of a run closes none).
        if end.is_multiple_of(RATE_INTERVAL_S) && elapsed >= f64::from(end) - 1e-3 {
            let rate = self.replies as f64 / (elapsed - self.since_s).max(1e-9);
            if self.verbose {
                use std::io::Write as _;
                println!("reply-rate = {rate:<8.1}");
                let _ = std::io::stdout().flush();
            }
            self.samples.push(rate);
            self.replies = 0;
            self.since_s = elapsed;
        }
    }
}

/// Connection lifetimes, milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Lifetime {
    pub min: f64,
    pub avg: f64,
    pub max: f64,
    pub median: f64,
    pub stddev: f64,
}

/// httperf's error counters.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Errors {
    pub client_timo: u64,
    pub socket_timo: u64,
    pub connrefused: u64,
    pub connreset: u64,
    pub fd_unavail: u64,
    pub addrunavail: u64,
    pub ftab_full: u64,
    pub other: u64,
}

impl Errors {
    fn total(&self) -> u64 {
        self.client_timo
            + self.socket_timo
            + self.connrefused
            + self.connreset
            + self.fd_unavail
            + self.addrunavail
            + self.ftab_full
            + self.other
    }
}

/// Every number httperf prints.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Stats {
    pub burst: u64,
    pub connections: u64,
    pub requests: u64,
    pub replies: u64,
    pub duration_s: f64,
    pub concurrent: u64,
    /// Connections with at least one reply, and their lifetimes.
    pub lifetimes: u64,
    pub lifetime: Lifetime,
    pub connect_ms: f64,
    /// Request bytes sent.
    pub request_bytes: u64,
    pub reply_rates: Vec<f64>,
    pub response_ms: f64,
    pub transfer_ms: f64,
    /// Reply bytes received (heads and bodies).
    pub reply_bytes: u64,
    /// Replies by status class, 1xx to 5xx.
    pub status: [u64; 5],
    pub user_s: f64,
    pub system_s: f64,
    pub errors: Errors,
}

impl Stats {
    /// httperf's numbers from barrage's report. `calls` is `--num-calls`;
    /// `user_s` and `system_s` the CPU the run took.
    pub fn from_report(r: &RunReport, calls: u64, reply_rates: Vec<f64>, cpu: (f64, f64)) -> Stats {
        let connect_errors = r.errors.get("connect").map_or(0, |e| e.count);
        let connections = match &r.sessions {
            Some(s) => s.started,
            None => r.connections.opened + connect_errors,
        };
        let replies = r.totals.responses;
        // Connections that got a reply: every completed session, and at
        // least enough others to hold the replies.
        let completed = r.sessions.as_ref().map_or(0, |s| s.completed);
        let lifetimes = if replies == 0 {
            0
        } else {
            completed
                .max(replies.div_ceil(calls.max(1)))
                .min(r.connections.opened.max(1))
        };
        let lifetime = estimate_lifetime(r, lifetimes);
        let mut status = [0u64; 5];
        for (code, n) in &r.status_counts {
            if let Some(class) = code.chars().next().and_then(|c| c.to_digit(10)) {
                if (1..=5).contains(&class) {
                    status[class as usize - 1] += n;
                }
            }
        }
        Stats {
            burst: u64::from(connections > 0),
            connections,
            requests: r.totals.requests_sent,
            replies,
            duration_s: r.totals.elapsed_s,
            concurrent: r.connections.peak_open as u64,
            lifetimes,
            lifetime,
            connect_ms: r.connect_us.mean / 1e3,
            request_bytes: r.totals.bytes_written,
            reply_rates,
            response_ms: if replies > 0 {
                r.latency_us.mean / 1e3
            } else {
                0.0
            },
            transfer_ms: 0.0,
            reply_bytes: r.totals.bytes_read,
            status,
            user_s: cpu.0,
            system_s: cpu.1,
            errors: errors(r),
        }
    }
}

/// A connection's life is its connect (and TLS handshake), then its calls
/// one after another: estimated from those distributions (barrage does not
/// time connections whole).
fn estimate_lifetime(r: &RunReport, lifetimes: u64) -> Lifetime {
    if lifetimes == 0 {
        return Lifetime::default();
    }
    let per_conn = r.totals.responses as f64 / lifetimes as f64;
    let none = LatencyStats::default();
    let (c, l) = (&r.connect_us, &r.latency_us);
    let h = r.tls.as_ref().map_or(&none, |t| &t.handshake_us);
    let setup = |pick: fn(&LatencyStats) -> f64| pick(c) + pick(h);
    let ms = |setup: f64, latency: f64| (setup + per_conn * latency) / 1e3;
    let median = ms(setup(|s| s.p50 as f64), l.p50 as f64);
    Lifetime {
        min: ms(setup(|s| s.min as f64), l.min as f64),
        avg: ms(setup(|s| s.mean), l.mean),
        // One call at the slowest, the others at the mean (K slowest calls
        // in one connection would overstate it).
        max: (setup(|s| s.max as f64) + l.max as f64 + (per_conn - 1.0).max(0.0) * l.mean) / 1e3,
        // httperf's median is the middle of a 1 ms bin.
        median: median.floor() + 0.5,
        stddev: if lifetimes > 1 {
            (c.stdev.powi(2) + h.stdev.powi(2) + per_conn * l.stdev.powi(2)).sqrt() / 1e3
        } else {
            0.0
        },
    }
}

/// barrage's errors by kind, in httperf's counters. A connect error goes
/// where its first message says (refused, timed out, out of descriptors or
/// ports): barrage keeps one message per kind.
fn errors(r: &RunReport) -> Errors {
    let count = |kind: &str| r.errors.get(kind).map_or(0, |e| e.count);
    let mut e = Errors {
        client_timo: count("timeout"),
        connreset: count("reset"),
        other: count("read") + count("write") + count("protocol") + count("tls") + count("stream"),
        ..Errors::default()
    };
    let connect = count("connect");
    if connect > 0 {
        let first = r
            .errors
            .get("connect")
            .and_then(|e| e.first.as_deref())
            .unwrap_or("")
            .to_ascii_lowercase();
        let slot = if first.contains("refused") {
            &mut e.connrefused
        } else if first.contains("connect timed out") {
            &mut e.client_timo
        } else if first.contains("timed out") {
            &mut e.socket_timo
        } else if first.contains("too many open files in system") {
            &mut e.ftab_full
        } else if first.contains("too many open files") {
            &mut e.fd_unavail
        } else if first.contains("address not available") || first.contains("local ports") {
            &mut e.addrunavail
        } else {
            &mut e.other
        };
        *slot += connect;
    }
    e
}

/// Everything httperf prints after its run, from `Maximum connect burst length`.
pub(crate) fn render(s: &Stats) -> String {
    let mut o = String::new();
    let delta = s.duration_s.max(1e-9);
    let _ = writeln!(o, "Maximum connect burst length: {}", s.burst);
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "Total: connections {} requests {} replies {} test-duration {:.3} s",
        s.connections, s.requests, s.replies, s.duration_s
    );
    let _ = writeln!(o);
    connection_lines(&mut o, s, delta);
    let _ = writeln!(o);
    request_lines(&mut o, s, delta);
    let _ = writeln!(o);
    reply_lines(&mut o, s);
    let _ = writeln!(o);
    resource_lines(&mut o, s, delta);
    let _ = writeln!(o);
    error_lines(&mut o, &s.errors);
    o
}

/// Milliseconds per event over `delta_s` seconds (0 without events).
fn per_ms(delta_s: f64, n: u64) -> f64 {
    if n > 0 {
        1e3 * delta_s / n as f64
    } else {
        0.0
    }
}

/// Mean bytes per item, in whole bytes as httperf divides (0 without items).
fn mean_bytes(bytes: u64, n: u64) -> f64 {
    bytes.checked_div(n).unwrap_or(0) as f64
}

/// `Connection rate`, `Connection time` and `Connection length`.
fn connection_lines(o: &mut String, s: &Stats, delta: f64) {
    let _ = writeln!(
        o,
        "Connection rate: {:.1} conn/s ({:.1} ms/conn, <={} concurrent connections)",
        s.connections as f64 / delta,
        per_ms(delta, s.connections),
        s.concurrent
    );
    let l = &s.lifetime;
    let _ = writeln!(
        o,
        "Connection time [ms]: min {:.1} avg {:.1} max {:.1} median {:.1} stddev {:.1}",
        l.min, l.avg, l.max, l.median, l.stddev
    );
    let _ = writeln!(o, "Connection time [ms]: connect {:.1}", s.connect_ms);
    let length = if s.lifetimes > 0 {
        s.replies as f64 / s.lifetimes as f64
    } else {
        0.0
    };
    let _ = writeln!(o, "Connection length [replies/conn]: {length:.3}");
}

/// `Request rate` and `Request size`.
fn request_lines(o: &mut String, s: &Stats, delta: f64) {
    let _ = writeln!(
        o,
        "Request rate: {:.1} req/s ({:.1} ms/req)",
        s.requests as f64 / delta,
        per_ms(delta, s.requests)
    );
    let _ = writeln!(
        o,
        "Request size [B]: {:.1}",
        mean_bytes(s.request_bytes, s.requests)
    );
}

/// `Reply rate` (over the 5 s samples), `Reply time`, `Reply size` and
/// `Reply status`.
fn reply_lines(o: &mut String, s: &Stats) {
    let rates = &s.reply_rates;
    let n = rates.len();
    let (min, max) = rates
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let avg = if n > 0 {
        rates.iter().sum::<f64>() / n as f64
    } else {
        0.0
    };
    let stddev = if n > 1 {
        (rates.iter().map(|r| (r - avg).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    let _ = writeln!(
        o,
        "Reply rate [replies/s]: min {:.1} avg {avg:.1} max {max:.1} stddev {stddev:.1} ({n} samples)",
        if n > 0 { min } else { 0.0 }
    );
    let _ = writeln!(
        o,
        "Reply time [ms]: response {:.1} transfer {:.1}",
        s.response_ms, s.transfer_ms
    );
    let header = mean_bytes(s.reply_bytes, s.replies);
    let _ = writeln!(
        o,
        "Reply size [B]: header {header:.1} content 0.0 footer 0.0 (total {header:.1})"
    );
    let st = &s.status;
    let _ = writeln!(
        o,
        "Reply status: 1xx={} 2xx={} 3xx={} 4xx={} 5xx={}",
        st[0], st[1], st[2], st[3], st[4]
    );
}

/// `CPU time` and `Net I/O`.
fn resource_lines(o: &mut String, s: &Stats, delta: f64) {
    let _ = writeln!(
        o,
        "CPU time [s]: user {:.2} system {:.2} (user {:.1}% system {:.1}% total {:.1}%)",
        s.user_s,
        s.system_s,
        100.0 * s.user_s / delta,
        100.0 * s.system_s / delta,
        100.0 * (s.user_s + s.system_s) / delta
    );
    let net = (s.request_bytes + s.reply_bytes) as f64;
    let _ = writeln!(
        o,
        "Net I/O: {:.1} KB/s ({:.1}*10^6 bps)",
        net / delta / 1024.0,
        8e-6 * net / delta
    );
}

/// The two `Errors` lines.
fn error_lines(o: &mut String, e: &Errors) {
    let _ = writeln!(
        o,
        "Errors: total {} client-timo {} socket-timo {} connrefused {} connreset {}",
        e.total(),
        e.client_timo,
        e.socket_timo,
        e.connrefused,
        e.connreset
    );
    let _ = writeln!(
        o,
        "Errors: fd-unavail {} addrunavail {} ftab-full {} other {}",
        e.fd_unavail, e.addrunavail, e.ftab_full, e.other
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_g() {
        let cases = [
            (5.0, "5"),
            (100.0, "100"),
            (2.5, "2.5"),
            (0.01, "0.01"),
            (1.0 / 3.0, "0.333333"),
            (123456.0, "123456"),
            (1234567.0, "1.23457e+06"),
            (0.00001, "1e-05"),
            (0.0001, "0.0001"),
            (1e6, "1e+06"),
            (999999.5, "1e+06"),
            (0.0, "0"),
        ];
        for (x, want) in cases {
            assert_eq!(fmt_g(x), want, "{x}");
        }
    }

    #[test]
    fn echoes_as_httperf() {
        let o = Options {
            timeout_s: 5.0,
            server: "127.0.0.1".into(),
            port: Some(8080),
            uri: "/?value=benchmarks".into(),
            rate: Rate::Fixed(100.0),
            num_conns: 5000,
            num_calls: 10,
            ..Options::default()
        };
        assert_eq!(
            echo(&o),
            "httperf --timeout=5 --client=0/1 --server=127.0.0.1 --port=8080 --uri=/?value=benchmarks --rate=100 --send-buffer=4096 --recv-buffer=16384 --num-conns=5000 --num-calls=10"
        );
        // The order of httperf's echo (checked against httperf 0.9.0).
        let o = Options {
            verbose: 1,
            hog: true,
            think_timeout_s: 2.0,
            server: "127.0.0.1".into(),
            server_name: Some("foo".into()),
            port: Some(18431),
            failure_status: Some(500),
            http_version: (1, 0),
            max_connections: Some(3),
            rate: Rate::Exponential { mean_s: 0.01 },
            retry_on_failure: true,
            add_header: Some("X-A: 1\\n".into()),
            method: Some("HEAD".into()),
            num_conns: 5,
            num_calls: 5,
            ..Options::default()
        };
        assert_eq!(
            echo(&o),
            "httperf --verbose --hog --think-timeout=2 --client=0/1 --server=127.0.0.1 --server_name=foo --port=18431 --uri=/ --failure-status=500 --http-version=1.0 --max-connections=3 --period=e0.01 --send-buffer=4096 --retry-on-failure --recv-buffer=16384 --add-header='X-A: 1\\n' --method=HEAD --num-conns=5 --num-calls=5"
        );
    }

    /// The numbers of httperf's own report (the lab's fixture
    /// `httperf_sessions.stdout`) print as httperf printed them.
    #[test]
    fn renders_httperfs_layout() {
        let s = Stats {
            burst: 1,
            connections: 200,
            requests: 2000,
            replies: 2000,
            duration_s: 1.991,
            concurrent: 1,
            lifetimes: 200,
            lifetime: Lifetime {
                min: 0.4,
                avg: 1.2,
                max: 8.7,
                median: 0.5,
                stddev: 1.7,
            },
            connect_ms: 0.0,
            request_bytes: 2000 * 82,
            reply_rates: Vec::new(),
            response_ms: 0.1,
            transfer_ms: 0.0,
            reply_bytes: 2000 * 171,
            status: [0, 2000, 0, 0, 0],
            user_s: 0.22,
            system_s: 1.60,
            errors: Errors::default(),
        };
        let want = "\
Maximum connect burst length: 1

Total: connections 200 requests 2000 replies 2000 test-duration 1.991 s

Connection rate: 100.5 conn/s (10.0 ms/conn, <=1 concurrent connections)
Connection time [ms]: min 0.4 avg 1.2 max 8.7 median 0.5 stddev 1.7
Connection time [ms]: connect 0.0
Connection length [replies/conn]: 10.000

Request rate: 1004.5 req/s (1.0 ms/req)
Request size [B]: 82.0

Reply rate [replies/s]: min 0.0 avg 0.0 max 0.0 stddev 0.0 (0 samples)
Reply time [ms]: response 0.1 transfer 0.0
Reply size [B]: header 171.0 content 0.0 footer 0.0 (total 171.0)
Reply status: 1xx=0 2xx=2000 3xx=0 4xx=0 5xx=0

CPU time [s]: user 0.22 system 1.60 (user 11.0% system 80.4% total 91.4%)
Net I/O: 248.2 KB/s (2.0*10^6 bps)

Errors: total 0 client-timo 0 socket-timo 0 connrefused 0 connreset 0
Errors: fd-unavail 0 addrunavail 0 ftab-full 0 other 0
";
        assert_eq!(render(&s), want);
        let s = Stats {
            reply_rates: vec![98.8, 100.0, 101.2],
            errors: Errors {
                connrefused: 3,
                client_timo: 1,
                ..Errors::default()
            },
            ..s
        };
        let text = render(&s);
        assert!(
            text.contains(
                "Reply rate [replies/s]: min 98.8 avg 100.0 max 101.2 stddev 1.2 (3 samples)"
            ),
            "{text}"
        );
        assert!(
            text.contains("Errors: total 4 client-timo 1 socket-timo 0 connrefused 3 connreset 0"),
            "{text}"
        );
    }
}
