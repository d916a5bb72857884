//! What `done(summary, latency, requests)` receives, from a [`RunReport`].

use barrage_model::RunReport;
use hdrhistogram::Histogram;
use mlua::{Lua, MetaMethod, Table, UserData, UserDataFields, UserDataMethods};

/// wrk's statistics userdata over an HdrHistogram: `.min`, `.max`,
/// `.mean`, `.stdev`, `:percentile(p)`, `#s` (distinct values) and `s(i)`
/// (the i-th distinct value and its count).
///
/// Values are the histogram's (3 significant digits): a "distinct value"
/// is one of its buckets, named by the highest value it holds, as
/// `value_at_quantile` names percentiles. wrk keeps exact values and a
/// sample standard deviation; HdrHistogram's is the population one.
pub(crate) struct Stats {
    hist: Histogram<u64>,
    /// (value, count) of each recorded bucket, ascending.
    distinct: Vec<(u64, u64)>,
}

impl Stats {
    pub(crate) fn new(hist: Histogram<u64>) -> Stats {
        let distinct = hist
            .iter_recorded()
            .map(|v| (v.value_iterated_to(), v.count_at_value()))
            .collect();
        Stats { hist, distinct }
    }
}

impl UserData for Stats {
    fn add_fields<F: UserDataFields<Self>>(fields: &mut F) {
        fields.add_field_method_get("min", |_, s| Ok(s.hist.min() as f64));
        fields.add_field_method_get("max", |_, s| Ok(s.hist.max() as f64));
        fields.add_field_method_get("mean", |_, s| Ok(s.hist.mean()));
        fields.add_field_method_get("stdev", |_, s| Ok(s.hist.stdev()));
    }

    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_method("percentile", |_, s, p: f64| {
            let q = (p / 100.0).clamp(0.0, 1.0);
            Ok(s.hist.value_at_quantile(q) as f64)
        });
        methods.add_meta_method(MetaMethod::Len, |_, s, ()| Ok(s.distinct.len()));
        // wrk's __call: s(i) is the i-th distinct value and its count,
        // 1-based; 0, 0 out of range.
        methods.add_meta_method(MetaMethod::Call, |_, s, i: f64| {
            let at = (i >= 1.0).then(|| s.distinct.get(i as usize - 1)).flatten();
            let (value, count) = at.copied().unwrap_or((0, 0));
            Ok((value as f64, count as f64))
        });
    }
}

/// wrk's summary table: duration (µs), requests, bytes, errors by wrk's
/// kinds.
pub(crate) fn summary(lua: &Lua, report: &RunReport) -> mlua::Result<Table> {
    let totals = &report.totals;
    let t = lua.create_table()?;
    t.set("duration", (totals.elapsed_s * 1e6).round())?;
    t.set("requests", totals.responses as f64)?;
    t.set("bytes", totals.bytes_read as f64)?;
    let errors = lua.create_table()?;
    for (name, count) in error_counts(report) {
        errors.set(name, count as f64)?;
    }
    t.set("errors", errors)?;
    Ok(t)
}

/// barrage's error kinds in wrk's five: connect, write and timeout as
/// they are, every other socket or protocol error (read, reset, protocol,
/// tls, stream) as read; status is responses with a status above 399.
fn error_counts(report: &RunReport) -> [(&'static str, u64); 5] {
    let kind = |k: &str| report.errors.get(k).map_or(0, |e| e.count);
    let (connect, write, timeout) = (kind("connect"), kind("write"), kind("timeout"));
    let all: u64 = report.errors.values().map(|e| e.count).sum();
    let read = all - connect - write - timeout;
    let status = report
        .status_counts
        .iter()
        .filter(|(code, _)| code.parse::<u16>().is_ok_and(|c| c > 399))
        .map(|(_, n)| n)
        .sum();
    [
        ("connect", connect),
        ("read", read),
        ("write", write),
        ("status", status),
        ("timeout", timeout),
    ]
}

/// The latency userdata: the report's latency histogram (µs).
pub(crate) fn latency(report: &RunReport) -> Stats {
    Stats::new(report.histograms.latency_us.clone())
}

/// The requests userdata: each second's responses divided by `threads`.
///
/// wrk samples every thread's request rate (about every 100 ms) into this
/// histogram; barrage keeps responses per second for the whole run, so a
/// second's count shared evenly among the threads stands for each
/// thread's rate in that second. Its mean is then wrk's per-thread
/// Req/Sec; its spread over threads within a second is not known.
pub(crate) fn requests(report: &RunReport, threads: usize) -> Stats {
    let mut hist = barrage_model::histogram::empty();
    let threads = threads.max(1) as f64;
    for second in &report.series {
        hist.saturating_record((second.responses as f64 / threads).round() as u64);
    }
    Stats::new(hist)
}
