//! ab's report: the same lines, labels, units and number formats
//! (`output_results`, `output_html_results` and the `-e` CSV of ab 2.3),
//! computed from barrage's exact histograms.
//!
//! ab keeps every request's times and sorts them; barrage keeps
//! HdrHistograms (exact to the microsecond below 2 ms, 3 significant digits
//! above). The statistics here read the histograms as that sorted list: the
//! "k-th request" is the k-th smallest recorded value, so ab's index
//! arithmetic (medians, `done * p / 100`, its rounding to whole ms) carries
//! over unchanged.

use std::fmt::Write as _;

use hdrhistogram::Histogram;

pub const BANNER: &str = "This is ApacheBench, Version 2.3 <$Revision$>\n\
Copyright 1996 Adam Twiss, Zeus Technology Ltd, http://www.zeustech.net/\n\
Licensed to The Apache Software Foundation, http://www.apache.org/\n\n";

pub const BANNER_HTML: &str = "<p>\n \
This is ApacheBench, Version 2.3 <i>&lt;$Revision$&gt;</i><br>\n \
Copyright 1996 Adam Twiss, Zeus Technology Ltd, http://www.zeustech.net/<br>\n \
Licensed to The Apache Software Foundation, http://www.apache.org/<br>\n\
</p>\n<p>\n";

/// The percentiles of ab's table.
const PERCENTILES: [u64; 9] = [50, 66, 75, 80, 90, 95, 98, 99, 100];

/// Request times as ab's sorted array: `zeros` requests of 0 µs (kept-alive
/// requests have no connect time), then a histogram's values plus `shift`.
pub struct Sorted {
    /// `(value µs, count)`, ascending.
    buckets: Vec<(u64, u64)>,
    n: u64,
}

impl Sorted {
    pub fn new(h: &Histogram<u64>, zeros: u64, shift: u64) -> Sorted {
        let mut buckets = Vec::new();
        if zeros > 0 {
            buckets.push((0, zeros));
        }
        for v in h.iter_recorded() {
            buckets.push((v.value_iterated_to() + shift, v.count_at_value()));
        }
        let n = buckets.iter().map(|b| b.1).sum();
        Sorted { buckets, n }
    }

    pub fn len(&self) -> u64 {
        self.n
    }

    /// ab's `stats[i]`: the value at 0-based index `i` (clamped to the last).
    pub fn at(&self, i: u64) -> u64 {
        let i = i.min(self.n.saturating_sub(1));
        let mut seen = 0;
        for &(v, c) in &self.buckets {
            seen += c;
            if seen > i {
                return v;
            }
        }
        0
    }
}

/// One row of ab's "Connection Times (ms)" table, in microseconds as ab
/// computes them before it rounds to milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Row {
    pub min: u64,
    /// The mean in whole µs (ab divides integers).
    pub mean: u64,
    /// Sample standard deviation (n − 1), µs.
    pub sd: f64,
    pub median: u64,
    pub max: u64,
    /// Sum of the values, µs (for the HTML table's averages).
    pub sum: u64,
}

impl Row {
    pub fn of(s: &Sorted) -> Row {
        let n = s.len();
        if n == 0 {
            return Row::default();
        }
        let sum: u64 = s.buckets.iter().map(|&(v, c)| v * c).sum();
        let mean = sum / n;
        let sq: f64 = s
            .buckets
            .iter()
            .map(|&(v, c)| {
                let d = v as f64 - mean as f64;
                d * d * c as f64
            })
            .sum();
        let sd = if n > 1 {
            (sq / (n - 1) as f64).sqrt()
        } else {
            0.0
        };
        // ab's median: the middle value, or (for an odd count, as ab has it)
        // the mean of the two after the middle.
        let median = if n > 1 && n % 2 == 1 {
            (s.at(n / 2) + s.at(n / 2 + 1)) / 2
        } else {
            s.at(n / 2)
        };
        Row {
            min: s.at(0),
            mean,
            sd,
            median,
            max: s.at(n - 1),
            sum,
        }
    }
}

/// ab's rounding of µs to whole ms.
pub fn round_ms(us: u64) -> u64 {
    (us + 500) / 1000
}

/// `Failed requests` and its breakdown.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Failures {
    pub connect: u64,
    pub receive: u64,
    pub length: u64,
    pub exceptions: u64,
}

impl Failures {
    pub fn total(&self) -> u64 {
        self.connect + self.receive + self.length + self.exceptions
    }
}

/// Everything ab's report prints.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Results {
    pub server: String,
    pub hostname: String,
    pub port: u16,
    /// `SSL/TLS Protocol:` (https).
    pub tls_protocol: Option<String>,
    /// `TLS Server Name:` (https, a name that is not an IP address).
    pub tls_server_name: Option<String>,
    pub path: String,
    /// `None`: `-l`, "Variable".
    pub document_length: Option<u64>,
    pub concurrency: usize,
    pub elapsed_s: f64,
    pub done: u64,
    pub failed: Failures,
    pub non_2xx: u64,
    /// With `-k`.
    pub keepalive_requests: Option<u64>,
    pub total_read: u64,
    /// With `-p`/`-u`: bytes written, heads and bodies.
    pub body_sent: Option<u64>,
    pub html_read: u64,
    pub connect: Row,
    pub processing: Row,
    pub waiting: Row,
    pub total: Row,
    /// `(percent, µs)` for 50 … 100.
    pub percentiles: Vec<(u64, u64)>,
}

/// ab's percentile table from the sorted total times.
pub fn percentiles(total: &Sorted) -> Vec<(u64, u64)> {
    let n = total.len();
    PERCENTILES
        .iter()
        .map(|&p| {
            let i = if p >= 100 { n - 1 } else { n * p / 100 };
            (p, total.at(i))
        })
        .collect()
}

/// The text report (`output_results`), from the two blank lines on.
pub fn text(r: &Results, confidence: bool, percentile_table: bool) -> String {
    let mut o = String::new();
    let w = &mut o;
    let _ = write!(w, "\n\n");
    text_server(w, r);
    let _ = writeln!(w);
    text_counts(w, r);
    if r.elapsed_s > 0.0 && r.done > 0 {
        text_rates(w, r);
    }
    if r.done == 0 {
        return o;
    }
    let _ = write!(w, "\nConnection Times (ms)\n");
    if confidence {
        text_times_with_confidence(w, r);
    } else {
        text_times(w, r);
    }
    if percentile_table && r.done > 1 {
        text_percentiles(w, r);
    }
    o
}

/// From `Server Software` to `Document Length`.
fn text_server(w: &mut String, r: &Results) {
    let _ = writeln!(w, "Server Software:        {}", r.server);
    let _ = writeln!(w, "Server Hostname:        {}", r.hostname);
    let _ = writeln!(w, "Server Port:            {}", r.port);
    if let Some(p) = &r.tls_protocol {
        let _ = writeln!(w, "SSL/TLS Protocol:       {p}");
    }
    if let Some(name) = &r.tls_server_name {
        let _ = writeln!(w, "TLS Server Name:        {name}");
    }
    let _ = writeln!(w);
    let _ = writeln!(w, "Document Path:          {}", r.path);
    match r.document_length {
        None => {
            let _ = writeln!(w, "Document Length:        Variable");
        }
        Some(n) => {
            let _ = writeln!(w, "Document Length:        {n} bytes");
        }
    }
}

/// From `Concurrency Level` to `HTML transferred`.
fn text_counts(w: &mut String, r: &Results) {
    let _ = writeln!(w, "Concurrency Level:      {}", r.concurrency);
    let _ = writeln!(w, "Time taken for tests:   {:.3} seconds", r.elapsed_s);
    let _ = writeln!(w, "Complete requests:      {}", r.done);
    let f = r.failed;
    let _ = writeln!(w, "Failed requests:        {}", f.total());
    if f.total() > 0 {
        let _ = writeln!(
            w,
            "   (Connect: {}, Receive: {}, Length: {}, Exceptions: {})",
            f.connect, f.receive, f.length, f.exceptions
        );
    }
    if r.non_2xx > 0 {
        let _ = writeln!(w, "Non-2xx responses:      {}", r.non_2xx);
    }
    if let Some(ka) = r.keepalive_requests {
        let _ = writeln!(w, "Keep-Alive requests:    {ka}");
    }
    let _ = writeln!(w, "Total transferred:      {} bytes", r.total_read);
    if let Some(sent) = r.body_sent {
        let _ = writeln!(w, "Total body sent:        {sent}");
    }
    let _ = writeln!(w, "HTML transferred:       {} bytes", r.html_read);
}

/// `Requests per second`, `Time per request` and `Transfer rate`.
fn text_rates(w: &mut String, r: &Results) {
    let t = r.elapsed_s;
    let done = r.done as f64;
    let _ = writeln!(w, "Requests per second:    {:.2} [#/sec] (mean)", done / t);
    let _ = writeln!(
        w,
        "Time per request:       {:.3} [ms] (mean)",
        r.concurrency as f64 * t * 1000.0 / done
    );
    let _ = writeln!(
        w,
        "Time per request:       {:.3} [ms] (mean, across all concurrent requests)",
        t * 1000.0 / done
    );
    let _ = writeln!(
        w,
        "Transfer rate:          {:.2} [Kbytes/sec] received",
        r.total_read as f64 / 1024.0 / t
    );
    if let Some(sent) = r.body_sent {
        let _ = writeln!(
            w,
            "                        {:.2} kb/s sent",
            sent as f64 / 1024.0 / t
        );
        let _ = writeln!(
            w,
            "                        {:.2} kb/s total",
            (r.total_read + sent) as f64 / 1024.0 / t
        );
    }
}

/// The rows of the "Connection Times (ms)" table, with their labels.
fn time_rows(r: &Results) -> [(&'static str, &Row); 4] {
    [
        ("Connect:    ", &r.connect),
        ("Processing: ", &r.processing),
        ("Waiting:    ", &r.waiting),
        ("Total:      ", &r.total),
    ]
}

/// The connection times table with `mean[+/-sd]` and `median` (ab's
/// default), then its warnings about rows whose mean and median are far
/// apart.
fn text_times_with_confidence(w: &mut String, r: &Results) {
    let _ = writeln!(w, "              min  mean[+/-sd] median   max");
    for (label, row) in time_rows(r) {
        let _ = writeln!(
            w,
            "{label}{:5} {:4} {:5.1} {:6} {:7}",
            round_ms(row.min),
            round_ms(row.mean),
            row.sd / 1000.0,
            round_ms(row.median),
            round_ms(row.max)
        );
    }
    for (what, row) in [
        ("the initial connection time", &r.connect),
        ("the processing time", &r.processing),
        ("the waiting time", &r.waiting),
        ("the total time", &r.total),
    ] {
        let d = (round_ms(row.mean) as f64 - round_ms(row.median) as f64).abs();
        let sd = row.sd / 1000.0;
        if d > 2.0 * sd {
            let _ = writeln!(
                w,
                "ERROR: The median and mean for {what} are more than twice the standard\n       deviation apart. These results are NOT reliable."
            );
        } else if d > sd {
            let _ = writeln!(
                w,
                "WARNING: The median and mean for {what} are not within a normal deviation\n        These results are probably not that reliable."
            );
        }
    }
}

/// The connection times table with min, avg and max only (`-S`).
fn text_times(w: &mut String, r: &Results) {
    let _ = writeln!(w, "              min   avg   max");
    for (label, row) in time_rows(r) {
        let _ = writeln!(
            w,
            "{label}{:5} {:5}{:5}",
            round_ms(row.min),
            round_ms(row.mean),
            round_ms(row.max)
        );
    }
}

/// "Percentage of the requests served within a certain time (ms)".
fn text_percentiles(w: &mut String, r: &Results) {
    let _ = write!(
        w,
        "\nPercentage of the requests served within a certain time (ms)\n"
    );
    for &(p, us) in &r.percentiles {
        if p >= 100 {
            let _ = writeln!(w, " 100%  {:5} (longest request)", round_ms(us));
        } else {
            let _ = writeln!(w, "  {p}%  {:5}", round_ms(us));
        }
    }
}

/// HTML table attributes (`-x`, `-y`, `-z`).
pub struct Attrs<'a> {
    pub table: &'a str,
    pub tr: &'a str,
    pub td: &'a str,
}

impl Attrs<'_> {
    /// One `label: value` row of the HTML table.
    fn row(&self, w: &mut String, label: &str, value: &str) {
        let (tr, td) = (self.tr, self.td);
        let _ = writeln!(
            w,
            "<tr {tr}><th colspan=2 {td}>{label}:</th><td colspan=2 {td}>{value}</td></tr>"
        );
    }
}

/// The HTML report (`output_html_results`).
pub fn html(r: &Results, a: &Attrs) -> String {
    let mut o = String::new();
    let w = &mut o;
    let _ = write!(w, "\n\n<table {}>\n", a.table);
    html_counts(w, r, a);
    if r.elapsed_s > 0.0 {
        html_rates(w, r, a);
    }
    if r.done > 0 {
        html_times(w, r, a);
    }
    let _ = writeln!(w, "</table>");
    o
}

/// The rows from `Server Software` to `HTML transferred`.
fn html_counts(w: &mut String, r: &Results, a: &Attrs) {
    let (tr, td) = (a.tr, a.td);
    a.row(w, "Server Software", &r.server);
    a.row(w, "Server Hostname", &r.hostname);
    a.row(w, "Server Port", &r.port.to_string());
    a.row(w, "Document Path", &r.path);
    match r.document_length {
        None => a.row(w, "Document Length", "Variable"),
        Some(n) => a.row(w, "Document Length", &format!("{n} bytes")),
    }
    a.row(w, "Concurrency Level", &r.concurrency.to_string());
    a.row(
        w,
        "Time taken for tests",
        &format!("{:.3} seconds", r.elapsed_s),
    );
    a.row(w, "Complete requests", &r.done.to_string());
    let f = r.failed;
    a.row(w, "Failed requests", &f.total().to_string());
    if f.total() > 0 {
        let _ = writeln!(
            w,
            "<tr {tr}><td colspan=4 {td} >   (Connect: {}, Length: {}, Exceptions: {})</td></tr>",
            f.connect, f.length, f.exceptions
        );
    }
    if r.non_2xx > 0 {
        a.row(w, "Non-2xx responses", &r.non_2xx.to_string());
    }
    if let Some(ka) = r.keepalive_requests {
        a.row(w, "Keep-Alive requests", &ka.to_string());
    }
    a.row(w, "Total transferred", &format!("{} bytes", r.total_read));
    if let Some(sent) = r.body_sent {
        a.row(w, "Total body sent", &sent.to_string());
    }
    a.row(w, "HTML transferred", &format!("{} bytes", r.html_read));
}

/// `Requests per second` and `Transfer rate`.
fn html_rates(w: &mut String, r: &Results, a: &Attrs) {
    let (tr, td) = (a.tr, a.td);
    let t = r.elapsed_s;
    a.row(
        w,
        "Requests per second",
        &format!("{:.2}", r.done as f64 / t),
    );
    a.row(
        w,
        "Transfer rate",
        &format!("{:.2} kb/s received", r.total_read as f64 / 1024.0 / t),
    );
    if let Some(sent) = r.body_sent {
        for (rate, what) in [
            (sent as f64 / 1024.0 / t, "sent"),
            ((r.total_read + sent) as f64 / 1024.0 / t, "total"),
        ] {
            let _ = writeln!(
                w,
                "<tr {tr}><td colspan=2 {td}>&nbsp;</td><td colspan=2 {td}>{rate:.2} kb/s {what}</td></tr>"
            );
        }
    }
}

/// The HTML "Connection Times (ms)" rows: ab computes them from the rounded
/// minima, maxima and sums, Processing as Total minus Connect.
fn html_times(w: &mut String, r: &Results, a: &Attrs) {
    let (tr, td) = (a.tr, a.td);
    let done = r.done;
    let (c, t) = (&r.connect, &r.total);
    let (mincon, maxcon) = (round_ms(c.min), round_ms(c.max));
    let (mintot, maxtot) = (round_ms(t.min), round_ms(t.max));
    let (totalcon, total) = (round_ms(c.sum), round_ms(t.sum));
    let _ = writeln!(
        w,
        "<tr {tr}><th {td} colspan=4>Connection Times (ms)</th></tr>"
    );
    let _ = writeln!(
        w,
        "<tr {tr}><th {td}>&nbsp;</th> <th {td}>min</th>   <th {td}>avg</th>   <th {td}>max</th></tr>"
    );
    let cells = |w: &mut String, label: &str, min: i64, avg: i64, max: i64| {
        let _ = writeln!(
            w,
            "<tr {tr}><th {td}>{label}:</th><td {td}>{min:5}</td><td {td}>{avg:5}</td><td {td}>{max:5}</td></tr>"
        );
    };
    let i = |x: u64| x as i64;
    cells(w, "Connect", i(mincon), i(totalcon / done), i(maxcon));
    cells(
        w,
        "Processing",
        i(mintot) - i(mincon),
        i(total / done) - i(totalcon / done),
        i(maxtot) - i(maxcon),
    );
    cells(w, "Total", i(mintot), i(total / done), i(maxtot));
}

/// The `-e` file: the time (ms, 3 decimals) within which each percent of
/// requests was served, 0 to 100.
pub fn csv(total: &Sorted) -> String {
    let n = total.len();
    let mut o = String::from("Percentage served,Time in ms\n");
    for i in 0..=100u64 {
        let idx = match i {
            0 => 0,
            100 => n.saturating_sub(1),
            _ => (0.5 + n as f64 * i as f64 / 100.0) as u64,
        };
        let _ = writeln!(o, "{i},{:.3}", total.at(idx) as f64 / 1000.0);
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hist(values: &[u64]) -> Histogram<u64> {
        let mut h = Histogram::new_with_bounds(1, 3_600_000_000, 3).unwrap();
        for &v in values {
            h.record(v).unwrap();
        }
        h
    }

    #[test]
    fn sorted_reads_like_abs_array() {
        let s = Sorted::new(&hist(&[300, 100, 200]), 2, 0);
        assert_eq!(s.len(), 5);
        let all: Vec<u64> = (0..6).map(|i| s.at(i)).collect();
        assert_eq!(all, [0, 0, 100, 200, 300, 300]);
        let shifted = Sorted::new(&hist(&[10]), 1, 5);
        assert_eq!((shifted.at(0), shifted.at(1)), (0, 15));
    }

    #[test]
    fn rows_follow_ab_arithmetic() {
        // Even count: the value after the middle; integer mean.
        let r = Row::of(&Sorted::new(&hist(&[1000, 1500, 1700, 2000]), 0, 0));
        assert_eq!(
            (r.min, r.mean, r.median, r.max, r.sum),
            (1000, 1550, 1700, 2000, 6200)
        );
        assert!((r.sd - 420.317).abs() < 0.01, "{}", r.sd);
        // Above 2048 µs values are HdrHistogram buckets (3 significant
        // digits), read at their highest equivalent value as barrage's JSON does.
        let r = Row::of(&Sorted::new(&hist(&[3000]), 0, 0));
        assert_eq!(r.max, 3001);
        // Odd count: ab averages the two values after the middle.
        let r = Row::of(&Sorted::new(&hist(&[1, 2, 4]), 0, 0));
        assert_eq!((r.median, r.mean), (3, 2));
        let one = Row::of(&Sorted::new(&hist(&[7]), 0, 0));
        assert_eq!((one.median, one.sd), (7, 0.0));
        assert_eq!(Row::of(&Sorted::new(&hist(&[]), 0, 0)), Row::default());
        assert_eq!((round_ms(499), round_ms(500), round_ms(1499)), (0, 1, 1));
    }

    fn sample() -> Results {
        let values: Vec<u64> = (1..=100).map(|v| v * 100).collect();
        let total = Sorted::new(&hist(&values), 0, 0);
        let row = Row::of(&total);
        Results {
            server: "barrage/0.1.0".into(),
            hostname: "127.0.0.1".into(),
            port: 8080,
            path: "/hello".into(),
            document_length: Some(12),
            concurrency: 4,
            elapsed_s: 0.5,
            done: 100,
            keepalive_requests: Some(100),
            total_read: 16100,
            html_read: 1200,
            connect: Row::of(&Sorted::new(&hist(&[]), 100, 0)),
            processing: row,
            waiting: row,
            total: row,
            percentiles: percentiles(&total),
            ..Results::default()
        }
    }

    #[test]
    fn the_text_report() {
        let want = "

Server Software:        barrage/0.1.0
Server Hostname:        127.0.0.1
Server Port:            8080

Document Path:          /hello
Document Length:        12 bytes

Concurrency Level:      4
Time taken for tests:   0.500 seconds
Complete requests:      100
Failed requests:        0
Keep-Alive requests:    100
Total transferred:      16100 bytes
HTML transferred:       1200 bytes
Requests per second:    200.00 [#/sec] (mean)
Time per request:       20.000 [ms] (mean)
Time per request:       5.000 [ms] (mean, across all concurrent requests)
Transfer rate:          31.45 [Kbytes/sec] received

Connection Times (ms)
              min  mean[+/-sd] median   max
Connect:        0    0   0.0      0       0
Processing:     0    5   2.9      5      10
Waiting:        0    5   2.9      5      10
Total:          0    5   2.9      5      10

Percentage of the requests served within a certain time (ms)
  50%      5
  66%      7
  75%      8
  80%      8
  90%      9
  95%     10
  98%     10
  99%     10
 100%     10 (longest request)
";
        assert_eq!(text(&sample(), true, true), want);
        // -S and -d.
        let short = text(&sample(), false, false);
        assert!(short.ends_with(
            "              min   avg   max\nConnect:        0     0    0\nProcessing:     0     5   10\nWaiting:        0     5   10\nTotal:          0     5   10\n"
        ), "{short}");
    }

    #[test]
    fn failures_warnings_and_nothing_done() {
        let mut r = sample();
        r.failed = Failures {
            connect: 1,
            receive: 2,
            length: 0,
            exceptions: 3,
        };
        r.non_2xx = 7;
        r.body_sent = Some(2048);
        // A median far from the mean.
        r.connect = Row {
            min: 0,
            mean: 5000,
            sd: 1000.0,
            median: 1000,
            max: 9000,
            sum: 0,
        };
        let t = text(&r, true, true);
        for line in [
            "Failed requests:        6\n   (Connect: 1, Receive: 2, Length: 0, Exceptions: 3)\nNon-2xx responses:      7\n",
            "Total body sent:        2048\nHTML transferred:",
            "                        4.00 kb/s sent\n                        35.45 kb/s total\n",
            "ERROR: The median and mean for the initial connection time are more than twice the standard\n       deviation apart. These results are NOT reliable.\n",
        ] {
            assert!(t.contains(line), "{line:?} in\n{t}");
        }
        r.done = 0;
        let t = text(&r, true, true);
        assert!(t.ends_with("HTML transferred:       1200 bytes\n"), "{t}");
    }

    #[test]
    fn the_html_report_and_csv() {
        let h = html(
            &sample(),
            &Attrs {
                table: "border=1",
                tr: "",
                td: "bgcolor=white",
            },
        );
        assert!(h.starts_with("\n\n<table border=1>\n<tr ><th colspan=2 bgcolor=white>Server Software:</th><td colspan=2 bgcolor=white>barrage/0.1.0</td></tr>\n"), "{h}");
        assert!(h.contains("<tr ><th bgcolor=white>Total:</th><td bgcolor=white>    0</td><td bgcolor=white>    5</td><td bgcolor=white>   10</td></tr>\n</table>\n"), "{h}");
        let values: Vec<u64> = (1..=100).map(|v| v * 100).collect();
        let c = csv(&Sorted::new(&hist(&values), 0, 0));
        let lines: Vec<&str> = c.lines().collect();
        assert_eq!(lines.len(), 102);
        assert_eq!(lines[0], "Percentage served,Time in ms");
        assert_eq!(lines[1], "0,0.100");
        assert_eq!(lines[51], "50,5.103");
        assert_eq!(lines[101], "100,10.007");
    }
}
