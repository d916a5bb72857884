//! `report.csv`: the data behind the report, one row per measured level
//! and repeat, in [`CSV_COLUMNS`]. Reads the results, not the blocks.

use barrage_model::results::{Results, RunRecord};

use crate::model;

/// The CSV's columns.
pub const CSV_COLUMNS: [&str; 25] = [
    "suite",
    "server",
    "variant",
    "scenario",
    "driver",
    "level_index",
    "level",
    "repeat",
    "responses",
    "responses_per_s",
    "errors",
    "timeouts",
    "non_2xx",
    "latency_mean_us",
    "latency_p50_us",
    "latency_p90_us",
    "latency_p99_us",
    "latency_p99_9_us",
    "latency_max_us",
    "client_cpu_per_response_us",
    "client_bound",
    "client_bound_reasons",
    "server_cpu_s",
    "server_peak_rss_bytes",
    "error",
];

/// `report.csv`: a header row, then one row per measured level and repeat
/// in report order (scenario, driver, server variant, level, repeat).
/// `repeat` and `level_index` count from 0, as in results.json. A cell is
/// empty where the tool (or the monitor) gave nothing, never 0. RFC 4180:
/// CRLF line ends, fields with `,`, `"` or line breaks quoted.
pub fn csv(r: &Results) -> String {
    let suite = model::suite_name(r);
    let mut s = String::new();
    csv_row(&mut s, CSV_COLUMNS.iter().map(|c| c.to_string()));
    for x in model::ordered_runs(r) {
        csv_row(&mut s, csv_fields(&suite, x));
    }
    s
}

fn csv_fields(suite: &str, x: &RunRecord) -> Vec<String> {
    let st = x.stats.as_ref();
    let int = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
    let num = |v: Option<f64>| v.map(model::fmt_num).unwrap_or_default();
    let usage = &x.server_usage;
    let monitored = !usage.samples.is_empty();
    vec![
        suite.to_string(),
        x.server.clone(),
        model::row_name(&x.server, &x.variant),
        x.scenario.clone(),
        x.driver.clone(),
        x.level_index.to_string(),
        x.level.to_string(),
        x.repeat.to_string(),
        int(st.map(|s| s.responses)),
        num(st.map(|s| s.responses_per_s)),
        int(st.and_then(|s| s.errors)),
        int(st.and_then(|s| s.timeouts)),
        int(st.and_then(|s| s.non_2xx)),
        num(st.and_then(|s| s.latency_mean_us)),
        num(st.and_then(|s| s.latency_p50_us)),
        num(st.and_then(|s| s.latency_p90_us)),
        num(st.and_then(|s| s.latency_p99_us)),
        num(st.and_then(|s| s.latency_p99_9_us)),
        num(st.and_then(|s| s.latency_max_us)),
        num(x.client.cpu_per_response_us),
        x.client_bound.to_string(),
        x.client_bound_reasons
            .iter()
            .map(|r| r.name())
            .collect::<Vec<_>>()
            .join(";"),
        num(monitored.then_some(usage.cpu_user_s + usage.cpu_sys_s)),
        int(monitored.then_some(usage.max_rss_bytes)),
        x.error.clone().unwrap_or_default(),
    ]
}

fn csv_row(s: &mut String, fields: impl IntoIterator<Item = String>) {
    let mut first = true;
    for f in fields {
        if !first {
            s.push(',');
        }
        first = false;
        s.push_str(&csv_field(&f));
    }
    s.push_str("\r\n");
}

/// One field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quoting() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field(""), "");
    }
}
