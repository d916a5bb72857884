//! ghz's report (runner/reporter.go's `Report`), computed from barrage's
//! [`RunReport`], and its printers (printer/printer.go and template.go):
//! the summary, the JSON (`json`, `pretty`) and the CSV.
//!
//! What differs from ghz: no per-call `details` (barrage keeps
//! histograms, not every call), so the JSON has no `details` key and the
//! CSV's rows are rebuilt from the latency histogram (each call at its
//! bucket's value, in order of latency, not of time; failed calls with no
//! duration). Times are barrage's microseconds, printed as ghz prints
//! nanoseconds.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use barrage_engine::RunReport;
use hdrhistogram::Histogram;
use serde::Serialize;

/// gRPC's codes as grpc-go's `codes.Code.String()` spells them (ghz's status names).
pub fn go_code_name(code: u32) -> &'static str {
    const NAMES: [&str; 17] = [
        "OK",
        "Canceled",
        "Unknown",
        "InvalidArgument",
        "DeadlineExceeded",
        "NotFound",
        "AlreadyExists",
        "PermissionDenied",
        "ResourceExhausted",
        "FailedPrecondition",
        "Aborted",
        "OutOfRange",
        "Unimplemented",
        "Internal",
        "Unavailable",
        "DataLoss",
        "Unauthenticated",
    ];
    NAMES.get(code as usize).copied().unwrap_or("Unknown")
}

/// One row of ghz's latency distribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Percentile {
    pub percentage: u32,
    /// Nanoseconds.
    pub latency: u64,
}

/// One bar of ghz's histogram.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bucket {
    /// Seconds.
    pub mark: f64,
    pub count: u64,
    /// Of the calls that succeeded, as a fraction.
    pub frequency: f64,
}

/// ghz's `Report`, less `details`. Durations are nanoseconds, as Go
/// marshals a `time.Duration`. Field order is ghz's JSON order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GhzReport {
    /// RFC 3339, the report's time.
    pub date: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `normal` (the budget spent), `timeout` (`-z` reached), `cancel` (Ctrl-C).
    #[serde(rename = "endReason")]
    pub end_reason: &'static str,
    /// ghz's `options`, with its keys.
    pub options: serde_json::Value,
    pub count: u64,
    pub total: u64,
    pub average: u64,
    pub fastest: u64,
    pub slowest: u64,
    pub rps: f64,
    #[serde(rename = "errorDistribution")]
    pub error_dist: BTreeMap<String, u64>,
    #[serde(rename = "statusCodeDistribution")]
    pub status_dist: BTreeMap<String, u64>,
    #[serde(rename = "latencyDistribution")]
    pub latency_distribution: Option<Vec<Percentile>>,
    pub histogram: Option<Vec<Bucket>>,
}

/// The calls by ghz's status name, and the failed ones by ghz's error text:
/// report.grpc.status (codes other than OK as `rpc error: code = NAME desc
/// = MESSAGE`), and barrage's other errors (a timeout as
/// DeadlineExceeded, the rest as Unavailable, described by their kind).
pub fn distributions(report: &RunReport) -> (BTreeMap<String, u64>, BTreeMap<String, u64>) {
    let mut status: BTreeMap<String, u64> = BTreeMap::new();
    let mut errors: BTreeMap<String, u64> = BTreeMap::new();
    match &report.grpc {
        Some(g) => {
            for (code, s) in &g.status {
                let code = code.parse().unwrap_or(2);
                let name = go_code_name(code);
                *status.entry(name.into()).or_default() += s.count;
                if code != 0 {
                    let desc = s.first_message.as_deref().unwrap_or_default();
                    let text = format!("rpc error: code = {name} desc = {desc}");
                    *errors.entry(text).or_default() += s.count;
                }
            }
        }
        None if report.totals.responses > 0 => {
            status.insert("OK".into(), report.totals.responses);
        }
        None => {}
    }
    for (kind, e) in report
        .errors
        .iter()
        .filter(|(k, e)| *k != "grpc_status" && e.count > 0)
    {
        let name = if kind == "timeout" {
            "DeadlineExceeded"
        } else {
            "Unavailable"
        };
        *status.entry(name.into()).or_default() += e.count;
        let first = e.first.as_deref().unwrap_or_default();
        let text = format!("rpc error: code = {name} desc = {kind}: {first}");
        *errors.entry(text).or_default() += e.count;
    }
    (status, errors)
}

/// ghz's seven percentiles of the calls that succeeded (nanoseconds).
pub fn percentiles(h: &Histogram<u64>) -> Option<Vec<Percentile>> {
    if h.is_empty() {
        return None;
    }
    let rows = [10, 25, 50, 75, 90, 95, 99]
        .into_iter()
        .map(|p| Percentile {
            percentage: p,
            latency: h.value_at_quantile(f64::from(p) / 100.0) * 1000,
        })
        .collect();
    Some(rows)
}

/// ghz's histogram: 11 marks from the fastest to the slowest call that
/// succeeded, each counting the calls above the mark before it.
pub fn buckets(h: &Histogram<u64>) -> Option<Vec<Bucket>> {
    if h.is_empty() {
        return None;
    }
    let (fastest, slowest) = (h.min() as f64 / 1e6, h.max() as f64 / 1e6);
    let width = (slowest - fastest) / 10.0;
    let mut marks: Vec<f64> = (0..10).map(|i| fastest + width * f64::from(i)).collect();
    marks.push(slowest);
    let mut counts = [0u64; 11];
    for v in h.iter_recorded() {
        let at = h
            .highest_equivalent(v.value_iterated_to())
            .clamp(h.min(), h.max());
        let s = at as f64 / 1e6;
        let i = marks.iter().position(|m| s <= *m).unwrap_or(10);
        counts[i] += v.count_at_value();
    }
    let n = h.len() as f64;
    let rows = marks
        .iter()
        .zip(counts)
        .map(|(&mark, count)| Bucket {
            mark,
            count,
            frequency: count as f64 / n,
        })
        .collect();
    Some(rows)
}

/// printer.go's `formatNanoUnit`: `9500 ns`, `1.23 ms`, `2.50 s`.
pub fn nano_unit(ns: u64) -> String {
    if ns < 10_000 {
        return format!("{ns} ns");
    }
    let ms = ns as f64 / 1e6;
    if ms < 1000.0 {
        return format!("{ms:4.2} ms");
    }
    format!("{:4.2} s", ms / 1000.0)
}

/// printer.go's `histogram`: marks in ms, counts, bars of up to 40 `∎`.
fn histogram_text(buckets: &[Bucket]) -> String {
    let mark = |m: f64| format!("{:.3}", m * 1000.0);
    let max_mark = buckets.iter().map(|b| b.mark).fold(0.0, f64::max);
    let max_count = buckets.iter().map(|b| b.count).max().unwrap_or(0);
    let (mark_w, count_w) = (mark(max_mark).len(), max_count.to_string().len());
    let mut out = String::new();
    for b in buckets {
        let bar = (b.count * 40 + max_count / 2)
            .checked_div(max_count)
            .unwrap_or(0);
        let _ = writeln!(
            out,
            "  {:<mark_w$} [{}]{} |{}",
            mark(b.mark),
            b.count,
            " ".repeat(count_w - b.count.to_string().len()),
            "∎".repeat(bar as usize)
        );
    }
    out
}

/// Go's text/tabwriter as printer.go sets it (padding 3, spaces): each
/// cell padded to its column's widest plus 3.
fn tabwriter(rows: &[[String; 2]]) -> String {
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0) + 3;
    let (w0, w1) = (width(0), width(1));
    let mut out = String::new();
    for [a, b] in rows {
        let _ = writeln!(out, "{a:<w0$}{b:<w1$}");
    }
    out
}

/// The summary (`-O summary`), line for line as template.go's defaultTmpl.
pub fn summary(r: &GhzReport) -> String {
    let mut out = String::from("\nSummary:\n");
    if let Some(name) = &r.name {
        let _ = writeln!(out, "  Name:\t\t{name}");
    }
    let _ = writeln!(out, "  Count:\t{}", r.count);
    let _ = writeln!(out, "  Total:\t{}", nano_unit(r.total));
    let _ = writeln!(out, "  Slowest:\t{}", nano_unit(r.slowest));
    let _ = writeln!(out, "  Fastest:\t{}", nano_unit(r.fastest));
    let _ = writeln!(out, "  Average:\t{}", nano_unit(r.average));
    let _ = writeln!(out, "  Requests/sec:\t{:4.2}", r.rps);
    out += "\nResponse time histogram:\n";
    out += &histogram_text(r.histogram.as_deref().unwrap_or_default());
    out += "\nLatency distribution:";
    for p in r.latency_distribution.iter().flatten() {
        let _ = write!(out, "\n  {} % in {} ", p.percentage, nano_unit(p.latency));
    }
    out += "\n\n";
    if !r.status_dist.is_empty() {
        out += "Status code distribution:\n";
        let rows: Vec<[String; 2]> = r
            .status_dist
            .iter()
            .map(|(s, n)| [format!("  [{s}]"), format!("{n} responses")])
            .collect();
        out += &tabwriter(&rows);
    }
    out += "\n";
    if !r.error_dist.is_empty() {
        out += "Error distribution:\n";
        let rows: Vec<[String; 2]> = r
            .error_dist
            .iter()
            .map(|(e, n)| [format!("  [{n}]"), e.clone()])
            .collect();
        out += &tabwriter(&rows);
    }
    out += "\n";
    out
}

/// The JSON (`-O json`), or indented by two spaces (`-O pretty`).
pub fn json(r: &GhzReport, pretty: bool) -> String {
    let text = if pretty {
        serde_json::to_string_pretty(r)
    } else {
        serde_json::to_string(r)
    };
    text.expect("a report serialises")
}

/// At most this many rows, as ghz keeps at most this many call details.
const MAX_ROWS: u64 = 1_000_000;

/// The CSV (`-O csv`): ghz's header and a row per call: the calls that
/// succeeded from the latency histogram (`ok`), then the failed ones by
/// status and error, with no duration.
pub fn csv(ok: &Histogram<u64>, failed: &[(String, String, u64)]) -> String {
    let mut out = String::from("\nduration (ms),status,error");
    let mut rows = 0u64;
    'ok: for v in ok.iter_recorded() {
        let at = ok
            .highest_equivalent(v.value_iterated_to())
            .clamp(ok.min(), ok.max());
        for _ in 0..v.count_at_value() {
            if rows == MAX_ROWS {
                break 'ok;
            }
            let _ = write!(out, "\n{:4.2},OK,", at as f64 / 1000.0);
            rows += 1;
        }
    }
    for (status, error, n) in failed {
        for _ in 0..*n {
            if rows == MAX_ROWS {
                break;
            }
            let _ = write!(out, "\n,{status},{}", csv_field(error));
            rows += 1;
        }
    }
    out.push('\n');
    out
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
#[path = "output_tests.rs"]
mod tests;
