//! wrk 4.1's output, character for character: its unit formatting
//! (`units.c`: a unit steps up at 85% of the next one) and the layout of
//! `wrk.c` (`print_stats`, `print_units`, the totals lines).

use std::fmt::Write as _;

struct Units {
    scale: f64,
    base: &'static str,
    /// As wrk's tables: the last entry is never used (its loop stops one short).
    units: &'static [&'static str],
}

const TIME_US: Units = Units {
    scale: 1000.0,
    base: "us",
    units: &["ms", "s"],
};
const TIME_S: Units = Units {
    scale: 60.0,
    base: "s",
    units: &["m", "h"],
};
const BINARY: Units = Units {
    scale: 1024.0,
    base: "",
    units: &["K", "M", "G", "T", "P"],
};
const METRIC: Units = Units {
    scale: 1000.0,
    base: "",
    units: &["k", "M", "G", "T", "P"],
};

fn format_units(n: f64, m: &Units, precision: usize) -> String {
    let step = m.scale * 0.85;
    let mut amount = n;
    let mut unit = m.base;
    let mut i = 0;
    while i + 1 < m.units.len() && amount >= step {
        amount /= m.scale;
        unit = m.units[i];
        i += 1;
    }
    format!("{amount:.precision$}{unit}")
}

/// Microseconds as wrk prints times: `135.61us`, `3.97ms`, `2.00s`, `1.50m`.
pub(crate) fn time_us(n: f64) -> String {
    if n >= 1_000_000.0 {
        format_units(n / 1_000_000.0, &TIME_S, 2)
    } else {
        format_units(n, &TIME_US, 2)
    }
}

/// Seconds as wrk prints the test's length: `30s`, `2m`.
pub(crate) fn time_s(n: f64) -> String {
    format_units(n, &TIME_S, 0)
}

/// Bytes, powers of 1024, without the `B`: `14.59M`.
pub(crate) fn binary(n: f64) -> String {
    format_units(n, &BINARY, 2)
}

/// A count, powers of 1000: `56.18k`, `666.23`.
pub(crate) fn metric(n: f64) -> String {
    format_units(n, &METRIC, 2)
}

/// `print_units`: `msg` right-aligned in `width`, where a unit's letters
/// take the place of the two trailing spaces a bare number gets; wrk cuts a
/// longer text to the width.
fn cell(msg: &str, width: usize) -> String {
    let b = msg.as_bytes();
    let alpha = |i: usize| b.len() >= i && b[b.len() - i].is_ascii_alphabetic();
    let pad = 2 - usize::from(alpha(1)) - usize::from(alpha(2));
    let w = width - pad;
    let cut = &msg[..msg.len().min(w)];
    format!("{cut:>w$}{}", &"  "[..pad])
}

/// One row of "Thread Stats": mean, stdev and max in the row's units, and
/// the share of samples within one stdev of the mean (`None`: no sample,
/// which wrk prints as `-nan%`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Row {
    pub mean: f64,
    pub stdev: f64,
    pub max: f64,
    pub within_stdev_pct: Option<f64>,
}

impl Row {
    /// Mean, sample stdev (n − 1, as wrk), max and within-stdev share of `samples`.
    pub(crate) fn of(samples: &[f64]) -> Row {
        let n = samples.len() as f64;
        if samples.is_empty() {
            return Row {
                mean: 0.0,
                stdev: 0.0,
                max: 0.0,
                within_stdev_pct: None,
            };
        }
        let mean = samples.iter().sum::<f64>() / n;
        let stdev = if samples.len() < 2 {
            0.0
        } else {
            (samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
        };
        let within = samples
            .iter()
            .filter(|&&x| x >= mean - stdev && x <= mean + stdev)
            .count();
        Row {
            mean,
            stdev,
            max: samples.iter().copied().fold(0.0, f64::max),
            within_stdev_pct: Some(within as f64 / n * 100.0),
        }
    }
}

fn row(out: &mut String, name: &str, r: &Row, fmt: fn(f64) -> String) {
    let within = match r.within_stdev_pct {
        Some(p) => format!("{p:8.2}"),
        None => format!("{:>8}", "-nan"),
    };
    let _ = writeln!(
        out,
        "    {name:<10}{}{}{}{within}%",
        cell(&fmt(r.mean), 8),
        cell(&fmt(r.stdev), 10),
        cell(&fmt(r.max), 9),
    );
}

/// wrk's first two lines, printed as the test starts.
pub(crate) fn header(duration_s: u64, url: &str, threads: u64, connections: u64) -> String {
    format!(
        "Running {} test @ {url}\n  {threads} threads and {connections} connections\n",
        time_s(duration_s as f64)
    )
}

/// Everything wrk prints when the test ends.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Results {
    /// Microseconds.
    pub latency: Row,
    /// Responses per second per thread.
    pub req_per_sec: Row,
    /// `--latency`: the 50th, 75th, 90th and 99th percentiles, microseconds.
    pub distribution: Option<[f64; 4]>,
    pub responses: u64,
    pub runtime_us: f64,
    pub bytes_read: u64,
    /// connect, read, write, timeout.
    pub socket_errors: [u64; 4],
    pub non_2xx_3xx: u64,
    pub requests_per_s: f64,
    pub bytes_per_s: f64,
}

pub(crate) fn results(r: &Results) -> String {
    let mut out = format!(
        "  Thread Stats{:>6}{:>11}{:>8}{:>12}\n",
        "Avg", "Stdev", "Max", "+/- Stdev"
    );
    row(&mut out, "Latency", &r.latency, time_us);
    row(&mut out, "Req/Sec", &r.req_per_sec, metric);
    if let Some(values) = r.distribution {
        out.push_str("  Latency Distribution\n");
        for (p, v) in [50, 75, 90, 99].iter().zip(values) {
            let _ = writeln!(out, "{p:>7}%{}", cell(&time_us(v), 10));
        }
    }
    let _ = writeln!(
        out,
        "  {} requests in {}, {}B read",
        r.responses,
        time_us(r.runtime_us),
        binary(r.bytes_read as f64)
    );
    let [connect, read, write, timeout] = r.socket_errors;
    if r.socket_errors.iter().any(|&n| n > 0) {
        let _ = writeln!(
            out,
            "  Socket errors: connect {connect}, read {read}, write {write}, timeout {timeout}"
        );
    }
    if r.non_2xx_3xx > 0 {
        let _ = writeln!(out, "  Non-2xx or 3xx responses: {}", r.non_2xx_3xx);
    }
    let _ = writeln!(out, "Requests/sec: {:9.2}", r.requests_per_s);
    let _ = writeln!(out, "Transfer/sec: {:>10}B", binary(r.bytes_per_s));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_as_wrk_prints_them() {
        let times = [
            (0.0, "0.00us"),
            (135.61, "135.61us"),
            (849.0, "849.00us"),
            (850.0, "0.85ms"),
            (960.0, "0.96ms"),
            (3970.0, "3.97ms"),
            (999_999.0, "1000.00ms"),
            (2_000_000.0, "2.00s"),
            (2_100_000.0, "2.10s"),
            (90_000_000.0, "1.50m"),
            (7_200_000_000.0, "120.00m"),
        ];
        for (us, want) in times {
            assert_eq!(time_us(us), want, "{us}");
        }
        let secs = [
            (30.0, "30s"),
            (50.0, "50s"),
            (51.0, "1m"),
            (120.0, "2m"),
            (3600.0, "60m"),
        ];
        for (s, want) in secs {
            assert_eq!(time_s(s), want, "{s}");
        }
        assert_eq!(binary(508.0), "508.00");
        assert_eq!(binary(14.59 * 1048576.0), "14.59M");
        assert_eq!(binary(870.0), "870.00");
        assert_eq!(binary(871.0), "0.85K");
        assert_eq!(metric(666.23), "666.23");
        assert_eq!(metric(56_180.0), "56.18k");
        assert_eq!(metric(2.0), "2.00");
    }

    #[test]
    fn cells() {
        assert_eq!(cell("135.61us", 8), "135.61us");
        assert_eq!(cell("47.29us", 10), "   47.29us");
        assert_eq!(cell("56.18k", 8), " 56.18k ");
        assert_eq!(cell("666.23", 10), "  666.23  ");
        assert_eq!(cell("1000.00ms", 8), "1000.00m");
    }

    /// The fixture the lab's parser reads (crates/lab/tests/fixtures/wrk_hello.stdout), rebuilt.
    #[test]
    fn a_clean_run_as_wrk_prints_it() {
        let r = Results {
            latency: Row {
                mean: 135.61,
                stdev: 47.29,
                max: 3970.0,
                within_stdev_pct: Some(95.44),
            },
            req_per_sec: Row {
                mean: 56_180.0,
                stdev: 666.23,
                max: 57_010.0,
                within_stdev_pct: Some(85.0),
            },
            distribution: Some([138.0, 147.0, 156.0, 179.0]),
            responses: 111_680,
            runtime_us: 2_000_000.0,
            bytes_read: (14.59 * 1048576.0) as u64,
            socket_errors: [0; 4],
            non_2xx_3xx: 0,
            requests_per_s: 55_740.78,
            bytes_per_s: 7.28 * 1048576.0,
        };
        let want = "Running 2s test @ http://127.0.0.1:18431/hello
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   135.61us   47.29us   3.97ms   95.44%
    Req/Sec    56.18k   666.23    57.01k    85.00%
  Latency Distribution
     50%  138.00us
     75%  147.00us
     90%  156.00us
     99%  179.00us
  111680 requests in 2.00s, 14.59MB read
Requests/sec:  55740.78
Transfer/sec:      7.28MB
";
        let got = header(2, "http://127.0.0.1:18431/hello", 1, 10) + &results(&r);
        assert_eq!(got, want);
    }

    /// No response in time: wrk's `-nan%`, the socket errors line, no distribution.
    #[test]
    fn a_run_of_timeouts() {
        let r = Results {
            latency: Row::of(&[]),
            req_per_sec: Row::of(&[2.0]),
            distribution: None,
            responses: 4,
            runtime_us: 2_000_000.0,
            bytes_read: 508,
            socket_errors: [0, 0, 0, 4],
            non_2xx_3xx: 0,
            requests_per_s: 2.0,
            bytes_per_s: 253.59,
        };
        let want = "  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     0.00us    0.00us   0.00us    -nan%
    Req/Sec     2.00      0.00     2.00    100.00%
  4 requests in 2.00s, 508.00B read
  Socket errors: connect 0, read 0, write 0, timeout 4
Requests/sec:      2.00
Transfer/sec:     253.59B
";
        assert_eq!(results(&r), want);
    }

    #[test]
    fn non_2xx_line() {
        let r = Results {
            latency: Row::of(&[76.0, 100.0]),
            req_per_sec: Row::of(&[99_060.0]),
            distribution: None,
            responses: 206_587,
            runtime_us: 2_100_000.0,
            bytes_read: 1,
            socket_errors: [0; 4],
            non_2xx_3xx: 206_587,
            requests_per_s: 98_383.48,
            bytes_per_s: 1.0,
        };
        let text = results(&r);
        assert!(text.contains("\n  206587 requests in 2.10s, 1.00B read\n  Non-2xx or 3xx responses: 206587\nRequests/sec:  98383.48\n"), "{text}");
    }

    #[test]
    fn rows_of_samples() {
        let r = Row::of(&[1.0, 2.0, 3.0, 4.0, 100.0]);
        assert_eq!(r.mean, 22.0);
        assert_eq!(r.max, 100.0);
        assert!((r.stdev - 43.61).abs() < 0.01, "{r:?}");
        assert_eq!(r.within_stdev_pct, Some(80.0));
        let one = Row::of(&[5.0]);
        assert_eq!((one.stdev, one.within_stdev_pct), (0.0, Some(100.0)));
    }
}
