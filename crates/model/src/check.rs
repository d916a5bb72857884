//! Thresholds a run must meet (`barrage load --check`, a suite scenario's
//! `check`, as k6's thresholds and Gatling's assertions), and the one
//! objective syntax they share with the capacity search's `--slo`:
//! `p99<=10ms,errors<=0.1%,rate>=9500` (docs/load.md, "Checks").
//!
//! A check is judged against the [`Figures`] of a run, whatever measured
//! them: a `barrage load` report, a suite level's statistics from any
//! driver, or a search's answer. Plain data and pure functions: nothing
//! here runs or prints.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::search::{Objective, Quantile, Slo};

mod figures;
mod result;

pub(crate) use figures::share;
pub use figures::{error_share, Figures};
pub use result::{all_pass, measured_us, CheckResult, Unit};

/// One item of the objective syntax.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Threshold {
    /// What an SLO holds too: a latency figure at most a duration
    /// (`p99<=10ms`), or the error share at most a percentage
    /// (`errors<=0.1%`).
    Objective(Objective),
    /// Responses per second at least this (`rate>=9500`); with
    /// `--find-max`, the capacity found.
    Rate { min_per_s: f64 },
}

/// `--check`: every threshold must hold. Written and read as its text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Check {
    pub thresholds: Vec<Threshold>,
}

/// What the syntax takes, for the error of an unknown key.
const CHECK_KEYS: &str = "p50, p90, p99, p99.9 or max <= a duration (p99<=10ms); errors <= a share of the requests (errors<=0.1%); rate >= responses/s (rate>=9500)";
const SLO_KEYS: &str =
    "objectives such as p99<=10ms,errors<=0.1% (p50, p90, p99, p99.9, max; errors in %)";

impl Check {
    /// Each threshold against `figures`, in the order written.
    pub fn judge(&self, figures: &Figures) -> Vec<CheckResult> {
        self.thresholds.iter().map(|t| t.judge(figures)).collect()
    }
}

impl Threshold {
    /// This threshold against `figures`: the figure it reads, and whether
    /// it holds (a figure not measured never does).
    pub fn judge(&self, figures: &Figures) -> CheckResult {
        let (measured, unit, pass) = match *self {
            Threshold::Objective(Objective::Latency { quantile, max_us }) => {
                let v = figures.latency(quantile);
                (
                    v.map(|v| v as f64),
                    Unit::Us,
                    v.is_some_and(|v| v <= max_us),
                )
            }
            Threshold::Objective(Objective::Errors { max_share }) => {
                let v = figures.error_share;
                (
                    v.map(|v| v * 100.0),
                    Unit::Percent,
                    v.is_some_and(|v| v <= max_share),
                )
            }
            Threshold::Rate { min_per_s } => {
                let v = figures.rate_per_s;
                (v, Unit::PerS, v.is_some_and(|v| v >= min_per_s))
            }
        };
        CheckResult {
            check: self.to_string(),
            measured,
            unit,
            pass,
        }
    }
}

/// The comparison an item makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    AtMost,
    AtLeast,
}

/// Reads a comma-separated list of thresholds; `expected` says what the
/// caller takes, for an unknown key or an empty list.
fn parse_list(s: &str, expected: &str) -> Result<Vec<Threshold>, String> {
    let items = s
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| parse_item(part, expected))
        .collect::<Result<Vec<_>, _>>()?;
    if items.is_empty() {
        return Err(format!("empty; expected {expected}"));
    }
    Ok(items)
}

fn parse_item(part: &str, expected: &str) -> Result<Threshold, String> {
    let (key, op, value) = split(part, expected)?;
    let wrong_way =
        |right: &str, example: &str| format!("{part:?}: {key} takes {right}, e.g. {example}");
    match key {
        "errors" if op == Op::AtLeast => Err(wrong_way("<= (at most a share)", "errors<=0.1%")),
        "errors" => errors(part, value),
        "rate" if op == Op::AtMost => {
            Err(wrong_way(">= (at least so many per second)", "rate>=9500"))
        }
        "rate" => rate(part, value),
        q => {
            let quantile = quantile(q)
                .ok_or_else(|| format!("{part:?}: unknown figure {q:?}; expected {expected}"))?;
            if op == Op::AtLeast {
                return Err(wrong_way("<= (at most a duration)", "p99<=10ms"));
            }
            latency(part, quantile, value)
        }
    }
}

/// `KEY<=VALUE` or `KEY>=VALUE`, trimmed.
fn split<'a>(part: &'a str, expected: &str) -> Result<(&'a str, Op, &'a str), String> {
    for (text, op) in [("<=", Op::AtMost), (">=", Op::AtLeast)] {
        if let Some((key, value)) = part.split_once(text) {
            return Ok((key.trim(), op, value.trim()));
        }
    }
    if part.contains(['<', '>']) {
        return Err(format!(
            "{part:?}: bounds are inclusive: write <= or >= (p99<=10ms, rate>=9500)"
        ));
    }
    Err(format!(
        "{part:?}: no \"<=\" or \">=\"; expected {expected}"
    ))
}

fn quantile(key: &str) -> Option<Quantile> {
    Quantile::ALL.into_iter().find(|q| q.name() == key)
}

fn errors(part: &str, value: &str) -> Result<Threshold, String> {
    let n = value
        .strip_suffix('%')
        .ok_or_else(|| format!("{part:?}: errors are a share, e.g. errors<=0.1%"))?;
    let pct: f64 = n
        .trim()
        .parse()
        .ok()
        .filter(|p: &f64| p.is_finite() && (0.0..=100.0).contains(p))
        .ok_or_else(|| format!("{part:?}: expected a share from 0% to 100%"))?;
    Ok(Threshold::Objective(Objective::Errors {
        max_share: pct / 100.0,
    }))
}

fn rate(part: &str, value: &str) -> Result<Threshold, String> {
    let n = value.strip_suffix("/s").unwrap_or(value).trim();
    let min_per_s: f64 = n
        .parse()
        .ok()
        .filter(|r: &f64| r.is_finite() && *r >= 0.0)
        .ok_or_else(|| {
            format!(
                "{part:?}: {value:?} is not a rate; expected responses per second, e.g. rate>=9500"
            )
        })?;
    Ok(Threshold::Rate { min_per_s })
}

fn latency(part: &str, quantile: Quantile, value: &str) -> Result<Threshold, String> {
    let d = humantime::parse_duration(value)
        .map_err(|_| format!("{part:?}: {value:?} is not a duration such as 10ms"))?;
    if d.is_zero() {
        return Err(format!("{part:?}: a latency bound above zero"));
    }
    Ok(Threshold::Objective(Objective::Latency {
        quantile,
        max_us: d.as_micros() as u64,
    }))
}

impl FromStr for Check {
    type Err = String;

    fn from_str(s: &str) -> Result<Check, String> {
        Ok(Check {
            thresholds: parse_list(s, CHECK_KEYS)?,
        })
    }
}

/// An SLO is read by the same syntax, and takes the objectives a search
/// step is judged by: a rate is the search's own to choose.
impl FromStr for Slo {
    type Err = String;

    fn from_str(s: &str) -> Result<Slo, String> {
        let objectives = parse_list(s, SLO_KEYS)?
            .into_iter()
            .map(|t| match t {
                Threshold::Objective(o) => Ok(o),
                Threshold::Rate { .. } => Err(format!(
                    "{:?}: a search sets each step's rate itself; check the capacity it finds with --check '{t}'",
                    t.to_string()
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Slo { objectives })
    }
}

impl fmt::Display for Threshold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Threshold::Objective(o) => write!(f, "{o}"),
            Threshold::Rate { min_per_s } => write!(f, "rate>={min_per_s}"),
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.thresholds.iter().map(|t| t.to_string()).collect();
        f.write_str(&parts.join(","))
    }
}

impl TryFrom<String> for Check {
    type Error = String;

    fn try_from(s: String) -> Result<Check, String> {
        s.parse()
    }
}

impl From<Check> for String {
    fn from(c: Check) -> String {
        c.to_string()
    }
}

#[cfg(test)]
mod tests;
