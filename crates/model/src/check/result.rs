//! A threshold as judged: its text, the figure it read, and whether it
//! held; as the JSON reports record it and the terminal shows it.

use serde::{Deserialize, Serialize};

/// One threshold of a check, judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckResult {
    /// The threshold as written back: `p99<=10ms`, `errors<=0.1%`, `rate>=9500`.
    pub check: String,
    /// The figure it read, in `unit`; none when it was not measured (no
    /// responses, no answer to a search, or a tool that does not report
    /// it): the threshold then fails.
    pub measured: Option<f64>,
    pub unit: Unit,
    pub pass: bool,
}

/// The unit of a [`CheckResult`]'s figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Microseconds (latency).
    Us,
    /// Percent of the requests (errors).
    Percent,
    /// Per second (rate).
    PerS,
}

impl CheckResult {
    /// The figure as a reader takes it: `5.29ms`, `0.012%`, `9,731/s`,
    /// `not measured`.
    pub fn measured_text(&self) -> String {
        let Some(v) = self.measured else {
            return "not measured".into();
        };
        match self.unit {
            Unit::Us => measured_us(v.round() as u64),
            Unit::Percent => format!("{}%", significant(v)),
            Unit::PerS if v >= 100.0 => format!("{}/s", grouped(v.round() as u64)),
            Unit::PerS => format!("{}/s", significant(v)),
        }
    }

    /// `pass` or `FAIL`.
    pub fn verdict(&self) -> &'static str {
        if self.pass {
            "pass"
        } else {
            "FAIL"
        }
    }

    /// One line: `FAIL  rate>=100000000 (measured 9,731/s)`.
    pub fn line(&self) -> String {
        format!(
            "{:<4}  {} (measured {})",
            self.verdict(),
            self.check,
            self.measured_text()
        )
    }
}

/// A measured latency: `850us`, `5.29ms`, `1.20s`.
pub fn measured_us(us: u64) -> String {
    match us {
        0..=999 => format!("{us}us"),
        1000..=999_999 => format!("{:.2}ms", us as f64 / 1e3),
        _ => format!("{:.2}s", us as f64 / 1e6),
    }
}

/// Every threshold held (true for none).
pub fn all_pass(results: &[CheckResult]) -> bool {
    results.iter().all(|r| r.pass)
}

/// Three significant digits at most, trailing zeros dropped: `0.012`, `12.5`, `0`.
fn significant(v: f64) -> String {
    let decimals = match v.abs() {
        x if x == 0.0 || x >= 100.0 => 0,
        x if x >= 10.0 => 1,
        x if x >= 1.0 => 2,
        x => (2.0 - x.log10().floor()).min(9.0) as usize,
    };
    let text = format!("{v:.decimals$}");
    match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => text,
    }
}

/// `9731` as `9,731`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
