//! Small readers shared by the parsers of the tools' text outputs.

use std::str::FromStr;

/// The rest of the first line that starts (after leading spaces) with `prefix`.
pub(super) fn line_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines()
        .map(str::trim_start)
        .find_map(|line| line.strip_prefix(prefix))
}

/// `line_after`, or an error naming the missing line.
pub(super) fn require<'a>(text: &'a str, prefix: &str) -> Result<&'a str, String> {
    line_after(text, prefix).ok_or_else(|| format!("no `{}` line in the output", prefix.trim()))
}

/// The token right after the word `key` in `text` (`"requests 2000"` → `2000`),
/// with a trailing `,` removed.
pub(super) fn after_word<T: FromStr>(text: &str, key: &str) -> Option<T> {
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        if word == key {
            return words.next()?.trim_end_matches(',').parse().ok();
        }
    }
    None
}

/// The token right before the word `key` (`"294139 done,"` → `294139`).
pub(super) fn before_word<T: FromStr>(text: &str, key: &str) -> Option<T> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| w.trim_end_matches([',', '.']) == key)?;
    words.get(at.checked_sub(1)?)?.parse().ok()
}

/// The `n`th whitespace-separated token of `text`, parsed.
pub(super) fn nth<T: FromStr>(text: &str, n: usize) -> Option<T> {
    text.split_whitespace().nth(n)?.parse().ok()
}

/// A time with a unit as wrk and h2load print it (`135.61us`, `1.89ms`,
/// `2.00s`, `1.00m`, `1.00h`), in microseconds.
pub(super) fn time_us(s: &str) -> Option<f64> {
    const UNITS: [(&str, f64); 5] = [
        ("us", 1.0),
        ("ms", 1e3),
        ("s", 1e6),
        ("m", 60e6),
        ("h", 3600e6),
    ];
    UNITS.iter().find_map(|&(unit, scale)| {
        let value: f64 = s.strip_suffix(unit)?.parse().ok()?;
        Some(round3(value * scale))
    })
}

/// `x` to three decimals, so that `3.97ms` reads as 3970 µs, not 3970.0000000000005.
pub(super) fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A size as wrk and h2load print it (`508.00B`, `93.27KB`, `14.59MB`: powers
/// of 1024), in bytes.
pub(super) fn size_bytes(s: &str) -> Option<f64> {
    const UNITS: [(&str, f64); 5] = [
        ("KB", 1024.0),
        ("MB", 1024.0 * 1024.0),
        ("GB", 1024.0 * 1024.0 * 1024.0),
        ("TB", 1024.0 * 1024.0 * 1024.0 * 1024.0),
        ("B", 1.0),
    ];
    UNITS.iter().find_map(|&(unit, scale)| {
        let value: f64 = s.strip_suffix(unit)?.parse().ok()?;
        Some(value * scale)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_units() {
        let cases = [
            ("135.61us", Some(135.61)),
            ("0.00us", Some(0.0)),
            ("1.89ms", Some(1890.0)),
            ("2.00s", Some(2_000_000.0)),
            ("1.50m", Some(90_000_000.0)),
            ("1h", Some(3_600_000_000.0)),
            ("24us", Some(24.0)),
            ("12", None),
            ("abcms", None),
        ];
        for (s, want) in cases {
            let got = time_us(s);
            match (got, want) {
                (Some(g), Some(w)) => assert!((g - w).abs() < 1e-6, "{s}: {g} != {w}"),
                _ => assert_eq!(got, want, "{s}"),
            }
        }
    }

    #[test]
    fn size_units() {
        let cases = [
            ("508.00B", Some(508.0)),
            ("0B", Some(0.0)),
            ("93.27KB", Some(93.27 * 1024.0)),
            ("14.59MB", Some(14.59 * 1048576.0)),
            ("1.00GB", Some(1073741824.0)),
            ("12", None),
        ];
        for (s, want) in cases {
            assert_eq!(size_bytes(s), want, "{s}");
        }
    }

    #[test]
    fn words() {
        let line = "connections 200 requests 2000 replies 1999 test-duration 1.991 s";
        assert_eq!(after_word::<u64>(line, "replies"), Some(1999));
        assert_eq!(after_word::<f64>(line, "test-duration"), Some(1.991));
        assert_eq!(after_word::<u64>(line, "missing"), None);
        let line = "10 total, 9 started, 8 done, 7 succeeded, 1 failed";
        assert_eq!(before_word::<u64>(line, "done"), Some(8));
        assert_eq!(before_word::<u64>(line, "failed"), Some(1));
        assert_eq!(before_word::<u64>(line, "10"), None);
        assert_eq!(nth::<f64>("  Latency  1.0us 2.0us", 0), None);
        assert_eq!(
            line_after("a\n  Requests/sec: 5\n", "Requests/sec:"),
            Some(" 5")
        );
        assert_eq!(
            require("", "Requests/sec:").unwrap_err(),
            "no `Requests/sec:` line in the output"
        );
    }
}
