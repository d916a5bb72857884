//! h2load's output, number for number: its unit formatting (`util::dtos`,
//! `format_duration`, `utos_funit`), its summary block and the statistics
//! of its table (min, max, mean, population sd, share within mean ± sd).

use std::fmt::Write as _;
use std::time::Duration;

use hdrhistogram::Histogram;

/// `util::dtos`: two decimals, rounded half away from zero.
pub fn dtos(n: f64) -> String {
    let m = (100.0 * n).round().max(0.0) as u64;
    format!("{}.{:02}", m / 100, m % 100)
}

/// `util::utos_funit`: bytes in B, KB, MB or GB (powers of 1024), two decimals.
pub fn funit(n: u64) -> String {
    let (unit, bits) = if n >= 1 << 30 {
        ("G", 30)
    } else if n >= 1 << 20 {
        ("M", 20)
    } else if n >= 1 << 10 {
        ("K", 10)
    } else {
        return n.to_string();
    };
    format!("{}{unit}", dtos(n as f64 / (1u64 << bits) as f64))
}

/// `util::format_duration(double)`: seconds as `1.23s`, `4.56ms` or `789us`.
pub fn duration_secs(t: f64) -> String {
    if t >= 1.0 {
        format!("{}s", dtos(t))
    } else if t >= 0.001 {
        format!("{}ms", dtos(t * 1000.0))
    } else {
        format!("{}us", (t * 1e6).max(0.0) as u64)
    }
}

/// `util::format_duration(microseconds)`, for `finished in`.
pub fn duration_us(us: u64) -> String {
    if us >= 1_000_000 {
        format!("{}s", dtos(us as f64 / 1e6))
    } else if us >= 1000 {
        format!("{}ms", dtos(us as f64 / 1e3))
    } else {
        format!("{us}us")
    }
}

/// `util::duration_str`, for the rate period: `200ms`, `1s`, `2m`, `1h`.
pub fn duration_str(d: Duration) -> String {
    let ms = d.as_millis();
    if ms == 0 {
        return "0".into();
    }
    if !ms.is_multiple_of(1000) {
        return format!("{ms}ms");
    }
    let s = ms / 1000;
    if !s.is_multiple_of(60) {
        return format!("{s}s");
    }
    if !s.is_multiple_of(3600) {
        return format!("{}m", s / 60);
    }
    format!("{}h", s / 3600)
}

/// A duration as h2load prints a `double` of seconds with `<<`: `1`, `0.5`.
pub fn seconds_plain(d: Duration) -> String {
    format!("{}", d.as_secs_f64())
}

/// One row of h2load's table.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SdStat {
    pub min: f64,
    pub max: f64,
    pub mean: f64,
    pub sd: f64,
    /// Percent of the samples within mean ± sd.
    pub within_sd: f64,
}

impl SdStat {
    /// From samples, as h2load's `compute_time_stat` (population sd).
    pub fn of(samples: &[f64]) -> SdStat {
        if samples.is_empty() {
            return SdStat::default();
        }
        let n = samples.len() as f64;
        let mean = samples.iter().sum::<f64>() / n;
        let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
        let sd = var.sqrt();
        let (lo, hi) = (mean - sd, mean + sd);
        let within = samples.iter().filter(|&&x| lo <= x && x <= hi).count() as f64;
        SdStat {
            min: samples.iter().copied().fold(f64::INFINITY, f64::min),
            max: samples.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            mean,
            sd,
            within_sd: within / n * 100.0,
        }
    }

    /// From a histogram of microseconds, in seconds.
    pub fn of_histogram(h: &Histogram<u64>) -> SdStat {
        if h.is_empty() {
            return SdStat::default();
        }
        let (mean, sd) = (h.mean(), h.stdev());
        SdStat {
            min: h.min() as f64 / 1e6,
            max: h.max() as f64 / 1e6,
            mean: mean / 1e6,
            sd: sd / 1e6,
            within_sd: within(h, mean - sd, mean + sd),
        }
    }

    /// Two stages timed apart (TCP connect, then the TLS handshake) as one:
    /// min and max add up, as does the mean; sds add as if independent; the
    /// share within ± sd is the second stage's, shifted by the first's mean.
    pub fn sum(first: &Histogram<u64>, second: &Histogram<u64>) -> SdStat {
        if first.is_empty() || second.is_empty() {
            return SdStat::of_histogram(first);
        }
        let (a, b) = (SdStat::of_histogram(first), SdStat::of_histogram(second));
        let mean = a.mean + b.mean;
        let sd = (a.sd * a.sd + b.sd * b.sd).sqrt();
        let shift = first.mean();
        SdStat {
            min: a.min + b.min,
            max: a.max + b.max,
            mean,
            sd,
            within_sd: within(second, (mean - sd) * 1e6 - shift, (mean + sd) * 1e6 - shift),
        }
    }
}

/// Percent of a histogram's values in `lo..=hi` (each bucket at its value).
fn within(h: &Histogram<u64>, lo: f64, hi: f64) -> f64 {
    let mut count = 0u64;
    for v in h.iter_recorded() {
        let x = h
            .highest_equivalent(v.value_iterated_to())
            .clamp(h.min(), h.max()) as f64;
        if lo <= x && x <= hi {
            count += v.count_at_value();
        }
    }
    count as f64 / h.len() as f64 * 100.0
}

/// A time row: `time for request:       36us      6.82ms ...    70.71%`.
pub fn time_row(label: &str, s: &SdStat) -> String {
    format!(
        "{label}: {:>10}  {:>10}  {:>10}  {:>10}{:>9}%",
        duration_secs(s.min),
        duration_secs(s.max),
        duration_secs(s.mean),
        duration_secs(s.sd),
        dtos(s.within_sd)
    )
}

/// The `req/s           :` row.
pub fn rate_row(s: &SdStat) -> String {
    format!(
        "req/s           : {:>10.2}  {:>10.2}  {:>10.2}  {:>10.2}{:>9}%",
        s.min,
        s.max,
        s.mean,
        s.sd,
        dtos(s.within_sd)
    )
}

/// The `requests:` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Requests {
    pub total: u64,
    pub started: u64,
    pub done: u64,
    pub succeeded: u64,
    pub failed: u64,
    pub errored: u64,
    pub timeout: u64,
}

/// Everything of h2load's closing block.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Summary {
    /// `finished in`, microseconds.
    pub finished_us: u64,
    /// Responses per second and bytes per second, as h2load divides them.
    pub rps: f64,
    pub bps: u64,
    pub requests: Requests,
    /// 2xx, 3xx, 4xx, 5xx.
    pub status: [u64; 4],
    pub bytes_total: u64,
    pub request: SdStat,
    pub connect: SdStat,
    pub ttfb: SdStat,
    pub client_rps: SdStat,
}

/// The block from the blank line before `finished in` to the `req/s` row.
pub fn summary(s: &Summary) -> String {
    let r = &s.requests;
    let mut out = String::new();
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "finished in {}, {:.2} req/s, {}B/s",
        duration_us(s.finished_us),
        s.rps,
        funit(s.bps)
    );
    let _ = writeln!(
        out,
        "requests: {} total, {} started, {} done, {} succeeded, {} failed, {} errored, {} timeout",
        r.total, r.started, r.done, r.succeeded, r.failed, r.errored, r.timeout
    );
    let _ = writeln!(
        out,
        "status codes: {} 2xx, {} 3xx, {} 4xx, {} 5xx",
        s.status[0], s.status[1], s.status[2], s.status[3]
    );
    // barrage counts the bytes it reads, not split into heads and bodies.
    let _ = writeln!(
        out,
        "traffic: {}B ({}) total, 0B (0) headers (space savings 0.00%), 0B (0) data",
        funit(s.bytes_total),
        s.bytes_total
    );
    let _ = writeln!(
        out,
        "                     min         max         mean         sd        +/- sd"
    );
    let _ = writeln!(out, "{}", time_row("time for request", &s.request));
    let _ = writeln!(out, "{}", time_row("time for connect", &s.connect));
    let _ = writeln!(out, "{}", time_row("time to 1st byte", &s.ttfb));
    let _ = writeln!(out, "{}", rate_row(&s.client_rps));
    out
}

/// `progress:` lines as worker 0 prints them: every `max(1, todo/10)`
/// events up to `done`, as a whole percentage of `todo`.
pub fn progress(todo: u64, done: u64, what: &str) -> String {
    let mut out = String::new();
    if todo == 0 {
        return out;
    }
    let interval = (todo / 10).max(1);
    let mut k = interval;
    while k <= done.min(todo) {
        let _ = writeln!(out, "progress: {}% {what}", k * 100 / todo);
        k += interval;
    }
    out
}

/// OpenSSL's name for a cipher suite rustls reports (`TLS13_AES_128_GCM_SHA256`
/// is `TLS_AES_128_GCM_SHA256`); others as given.
pub fn openssl_cipher(rustls: &str) -> String {
    if let Some(rest) = rustls.strip_prefix("TLS13_") {
        return format!("TLS_{rest}");
    }
    let known = [
        (
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "ECDHE-ECDSA-AES128-GCM-SHA256",
        ),
        (
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "ECDHE-RSA-AES128-GCM-SHA256",
        ),
        (
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "ECDHE-ECDSA-AES256-GCM-SHA384",
        ),
        (
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "ECDHE-RSA-AES256-GCM-SHA384",
        ),
        (
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "ECDHE-ECDSA-CHACHA20-POLY1305",
        ),
        (
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
            "ECDHE-RSA-CHACHA20-POLY1305",
        ),
    ];
    known
        .iter()
        .find(|(r, _)| *r == rustls)
        .map_or_else(|| rustls.to_string(), |(_, o)| o.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_as_h2load() {
        assert_eq!(dtos(2.254), "2.25");
        assert_eq!(dtos(70.705), "70.71");
        assert_eq!(dtos(0.0), "0.00");
        assert_eq!(funit(642100), "627.05K");
        assert_eq!(funit(600), "600");
        assert_eq!(funit(82482100), "78.66M");
        assert_eq!(funit(0), "0");
        assert_eq!(duration_secs(36e-6), "36us");
        assert_eq!(duration_secs(0.00682), "6.82ms");
        assert_eq!(duration_secs(2.5), "2.50s");
        assert_eq!(duration_secs(0.0), "0us");
        assert_eq!(duration_us(254_100), "254.10ms");
        assert_eq!(duration_us(275), "275us");
        assert_eq!(duration_us(2_000_000), "2.00s");
        assert_eq!(duration_str(Duration::from_millis(200)), "200ms");
        assert_eq!(duration_str(Duration::from_secs(1)), "1s");
        assert_eq!(duration_str(Duration::from_secs(120)), "2m");
        assert_eq!(duration_str(Duration::from_secs(7200)), "2h");
        assert_eq!(seconds_plain(Duration::from_secs(2)), "2");
        assert_eq!(seconds_plain(Duration::from_millis(1500)), "1.5");
        assert_eq!(seconds_plain(Duration::ZERO), "0");
    }

    #[test]
    fn rows_line_up_with_h2load() {
        let s = SdStat {
            min: 36e-6,
            max: 0.00682,
            mean: 0.00225,
            sd: 970e-6,
            within_sd: 70.71,
        };
        assert_eq!(
            time_row("time for request", &s),
            "time for request:       36us      6.82ms      2.25ms       970us    70.71%"
        );
        assert_eq!(
            time_row("time for connect", &SdStat::default()),
            "time for connect:        0us         0us         0us         0us     0.00%"
        );
        let r = SdStat {
            min: 3960.66,
            max: 4169.37,
            mean: 4019.22,
            sd: 55.84,
            within_sd: 65.0,
        };
        assert_eq!(
            rate_row(&r),
            "req/s           :    3960.66     4169.37     4019.22       55.84    65.00%"
        );
    }

    #[test]
    fn summary_block() {
        let s = Summary {
            finished_us: 254_100,
            rps: 78709.79,
            bps: 2_527_000,
            requests: Requests {
                total: 20000,
                started: 20000,
                done: 20000,
                succeeded: 20000,
                ..Requests::default()
            },
            status: [20000, 0, 0, 0],
            bytes_total: 642100,
            ..Summary::default()
        };
        let text = summary(&s);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "");
        assert_eq!(lines[1], "finished in 254.10ms, 78709.79 req/s, 2.41MB/s");
        assert_eq!(lines[2], "requests: 20000 total, 20000 started, 20000 done, 20000 succeeded, 0 failed, 0 errored, 0 timeout");
        assert_eq!(lines[3], "status codes: 20000 2xx, 0 3xx, 0 4xx, 0 5xx");
        assert!(lines[4].starts_with("traffic: 627.05KB (642100) total, "));
        assert_eq!(lines.len(), 10);
        assert_eq!(
            lines[9],
            "req/s           :       0.00        0.00        0.00        0.00     0.00%"
        );
    }

    #[test]
    fn statistics() {
        let s = SdStat::of(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!((s.min, s.max, s.mean), (1.0, 4.0, 2.5));
        assert!((s.sd - 1.118).abs() < 1e-3);
        assert_eq!(s.within_sd, 50.0);
        let mut h = Histogram::<u64>::new(3).unwrap();
        for v in [100u64, 200, 300, 400] {
            h.record(v).unwrap();
        }
        let s = SdStat::of_histogram(&h);
        assert_eq!((s.min, s.max), (100e-6, 400e-6));
        assert!((s.mean - 250e-6).abs() < 1e-9);
        assert_eq!(s.within_sd, 50.0);
        let t = SdStat::sum(&h, &h);
        assert_eq!((t.min, t.max), (200e-6, 800e-6));
        assert!((t.mean - 500e-6).abs() < 1e-9);
    }

    #[test]
    fn progress_lines() {
        let p = progress(20000, 20000, "done");
        assert_eq!(p.lines().count(), 10);
        assert_eq!(p.lines().next(), Some("progress: 10% done"));
        assert_eq!(p.lines().last(), Some("progress: 100% done"));
        assert_eq!(progress(100, 0, "done"), "");
        assert_eq!(
            progress(4, 4, "of clients started"),
            "progress: 25% of clients started\nprogress: 50% of clients started\nprogress: 75% of clients started\nprogress: 100% of clients started\n"
        );
        assert_eq!(progress(15, 15, "done").lines().count(), 15);
    }

    #[test]
    fn ciphers() {
        assert_eq!(
            openssl_cipher("TLS13_AES_128_GCM_SHA256"),
            "TLS_AES_128_GCM_SHA256"
        );
        assert_eq!(
            openssl_cipher("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"),
            "ECDHE-RSA-AES128-GCM-SHA256"
        );
    }
}
