//! Reading a results directory, and the formatting every report shares.
//! The views of the runs (tables of scenario × driver, rows, columns, cells
//! with medians and marks) are the shared tabulation,
//! [`barrage_model::table`], re-exported here.

use std::path::Path;

pub use barrage_model::table::*;
use barrage_model::Results;

/// Reads `DIR/results.json`. The error is one line naming the file.
pub fn load_results(dir: &Path) -> Result<Results, String> {
    let path = dir.join("results.json");
    if !dir.is_dir() {
        return Err(format!(
            "{}: not a directory; expected a results directory of `barrage run` (results/SUITE-TIMESTAMP)",
            dir.display()
        ));
    }
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    parse_results(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses the text of a results.json (schema `barrage.run/1`).
pub fn parse_results(text: &str) -> Result<Results, String> {
    Results::from_json(text).map_err(|e| e.to_string())
}

/// The suite's description, when it has one.
pub fn suite_description(r: &Results) -> Option<&str> {
    Some(r.suite.description.as_str()).filter(|d| !d.is_empty())
}

/// `1234567` → `1,234,567`.
pub fn group_digits(n: u64) -> String {
    let digits: Vec<char> = n.to_string().chars().collect();
    let groups: Vec<String> = digits
        .rchunks(3)
        .rev()
        .map(|g| g.iter().collect())
        .collect();
    groups.join(",")
}

/// Responses per second as the tables show them: whole, digits grouped.
pub fn fmt_rate(v: f64) -> String {
    // Rounded as `{:.0}` rounds (as summary.md shows it), then grouped.
    let whole = format!("{:.0}", v.max(0.0));
    whole.parse::<u64>().map(group_digits).unwrap_or(whole)
}

/// A latency in µs: `812 µs`, `4.87 ms`, `1.20 s`.
pub fn fmt_latency_us(us: f64) -> String {
    if us >= 1_000_000.0 {
        format!("{:.2} s", us / 1_000_000.0)
    } else if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

/// Bytes in binary units: `23.5 GiB`.
pub fn fmt_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u < UNITS.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// A float for data files: at most 6 decimals, no trailing zeros, no
/// exponent (`10159.75`, `0.1`, `46`).
pub fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(1234567), "1,234,567");
        assert_eq!(fmt_rate(22784.4), "22,784");
        assert_eq!(fmt_latency_us(46.0), "46 µs");
        assert_eq!(fmt_latency_us(4870.0), "4.87 ms");
        assert_eq!(fmt_latency_us(1_200_000.0), "1.20 s");
        assert_eq!(fmt_bytes(512), "512 B");
        assert_eq!(fmt_bytes(25276063744), "23.5 GiB");
        assert_eq!(fmt_num(46.0), "46");
        assert_eq!(fmt_num(10159.75), "10159.75");
        assert_eq!(fmt_num(0.01 + 0.09), "0.1");
        assert_eq!(fmt_num(10.11527514231499), "10.115275");
        assert_eq!(fmt_num(-0.0000001), "0");
        assert_eq!(fmt_num(f64::NAN), "");
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("static-4k barrage"), "static-4k-barrage");
        assert_eq!(slug("  A/B__c "), "a-b-c");
        assert_eq!(slug("//"), "x");
    }

    #[test]
    fn bad_results() {
        assert!(parse_results("{")
            .unwrap_err()
            .starts_with("not valid JSON"));
        assert!(parse_results("{}").unwrap_err().contains("no \"schema\""));
        assert!(parse_results(r#"{"schema":"barrage.load/1"}"#)
            .unwrap_err()
            .contains("barrage.load/1"));
        let e = parse_results(r#"{"schema":"barrage.run/1"}"#).unwrap_err();
        assert!(
            e.starts_with("not a valid file of its schema: missing field"),
            "{e}"
        );
    }
}
