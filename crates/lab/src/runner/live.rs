//! The live line of a running level: the driver's `barrage-progress`
//! lines, one per client host, read as one rate, p99 and error count.
//!
//! Text only: it reads lines and writes a line, and knows nothing of how
//! the lines were fetched or where the text goes.

use crate::tool::PROGRESS_MARK;

/// One second of one client host, as its progress line says.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Second {
    warmup: bool,
    rps: f64,
    p99_us: u64,
    errors: u64,
}

/// `barrage-progress warmup=0 t=3.0 rps=95000 p99_us=1200 errors=0`.
fn second(line: &str) -> Option<Second> {
    let mut rps = None;
    let mut p99 = None;
    let mut errors = None;
    let mut warmup = false;
    for kv in line.strip_prefix(PROGRESS_MARK)?.split_whitespace() {
        match kv.split_once('=')? {
            ("warmup", v) => warmup = v == "1",
            ("rps", v) => rps = v.parse::<f64>().ok(),
            ("p99_us", v) => p99 = v.parse::<u64>().ok(),
            ("errors", v) => errors = v.parse::<u64>().ok(),
            _ => {}
        }
    }
    // A warm-up second counts nothing (the engine records no warm-up).
    if warmup {
        return Some(Second {
            warmup,
            rps: 0.0,
            p99_us: 0,
            errors: 0,
        });
    }
    Some(Second {
        warmup,
        rps: rps?,
        p99_us: p99?,
        errors: errors?,
    })
}

/// `barrage-progress warmup=0 t=3.0 rps=95000 p99_us=1200 errors=0` as
/// `95,000/s · p99 1.20 ms · 0 errors` (or `warm-up`).
#[cfg(test)]
fn live_text(line: &str) -> Option<String> {
    text(&[Some(line.to_string())])
}

/// The client hosts' latest progress lines as one live text: rates and
/// errors summed, the highest p99; `warm-up` while any host warms up.
/// None until a line of every host has come.
pub(super) fn text(lines: &[Option<String>]) -> Option<String> {
    let seconds: Vec<Second> = lines
        .iter()
        .map(|l| l.as_deref().and_then(second))
        .collect::<Option<_>>()?;
    if seconds.is_empty() {
        return None;
    }
    if seconds.iter().any(|s| s.warmup) {
        return Some("warm-up".into());
    }
    let rps: f64 = seconds.iter().map(|s| s.rps).sum();
    let errors: u64 = seconds.iter().map(|s| s.errors).sum();
    let p99 = match seconds.iter().map(|s| s.p99_us).max().unwrap_or(0) {
        0 => "–".to_string(),
        us if us >= 1000 => format!("{:.2} ms", us as f64 / 1000.0),
        us => format!("{us} µs"),
    };
    Some(format!(
        "{}/s · p99 {p99} · {errors} errors",
        grouped(rps.round() as u64)
    ))
}

fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines_read_as_the_live_text() {
        let line = "barrage-progress warmup=0 t=3.0 rps=95432.4 p99_us=1234 errors=2";
        assert_eq!(
            live_text(line).as_deref(),
            Some("95,432/s · p99 1.23 ms · 2 errors")
        );
        let warm = "barrage-progress warmup=1 t=1.0 rps=12 p99_us=87 errors=0";
        assert_eq!(live_text(warm).as_deref(), Some("warm-up"));
        let idle = "barrage-progress warmup=0 t=1.0 rps=0 p99_us=0 errors=5";
        assert_eq!(live_text(idle).as_deref(), Some("0/s · p99 – · 5 errors"));
        assert_eq!(live_text("progress: 10% done"), None);
        assert_eq!(live_text("barrage-progress rps=x"), None);
    }

    #[test]
    fn several_hosts_lines_add_up_with_the_highest_p99() {
        let a = "barrage-progress warmup=0 t=3.0 rps=1000 p99_us=900 errors=1";
        let b = "barrage-progress warmup=0 t=3.0 rps=2500 p99_us=1500 errors=2";
        let both = [Some(a.to_string()), Some(b.to_string())];
        assert_eq!(
            text(&both).as_deref(),
            Some("3,500/s · p99 1.50 ms · 3 errors")
        );
        assert_eq!(text(&[Some(a.to_string()), None]), None);
        let warm = "barrage-progress warmup=1 t=1.0 rps=0 p99_us=0 errors=0";
        assert_eq!(
            text(&[Some(a.to_string()), Some(warm.to_string())]).as_deref(),
            Some("warm-up")
        );
    }
}
