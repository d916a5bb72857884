//! A scenario's `search = {...}`: the capacity search's objectives, range,
//! precision and connections, checked as `barrage load --find-max` takes
//! them. Runs no search.

use barrage_engine::search::{Objective, Slo};
use serde::Deserialize;

use super::super::{Load, SearchSpec};
use super::{positive, problem, KeyPath, Problem};

/// `search = { slo = "p99<=10ms", errors = "0.1%", min = 100, max = 1000000 }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSearch {
    slo: Option<String>,
    errors: Option<String>,
    min: Option<f64>,
    max: Option<f64>,
    precision: Option<String>,
    max_steps: Option<i64>,
    connections: Option<i64>,
}

/// A scenario's `search`: the objectives (`slo` and `errors` joined as
/// `--slo` takes them), the range and precision; connections default to the
/// suite's (the most of a concurrency sweep).
pub(super) fn search(raw: RawSearch, at: &KeyPath, load: &Load) -> Result<SearchSpec, Problem> {
    let slo = objectives(raw.slo.as_deref(), raw.errors.as_deref(), at)?;
    let rate = |v: Option<f64>, key: &str, default: f64| -> Result<f64, Problem> {
        match v {
            None => Ok(default),
            Some(r) if r.is_finite() && r > 0.0 => Ok(r),
            Some(r) => Err(problem(
                &at.key(key),
                format!("{r} is not a rate above zero"),
                "requests (or sessions) per second, such as 100",
            )),
        }
    };
    let min = rate(raw.min, "min", 10.0)?;
    let max = rate(raw.max, "max", 1_000_000.0)?;
    if max < min {
        return Err(problem(
            &at.key("max"),
            format!("max {max} is below min {min}"),
            "a highest rate at or above min",
        ));
    }
    let precision = match raw.precision.as_deref() {
        None => 0.02,
        Some(p) => precision(p, &at.key("precision"))?,
    };
    let max_steps = match raw.max_steps {
        None => 20,
        Some(n) if n >= 2 => u32::try_from(n).unwrap_or(u32::MAX),
        Some(n) => {
            return Err(problem(
                &at.key("max_steps"),
                format!("{n} steps"),
                "2 or more (a step and its confirmation)",
            ))
        }
    };
    let connections = connections(raw.connections, load, &at.key("connections"))?;
    Ok(SearchSpec {
        slo,
        min,
        max,
        precision,
        max_steps,
        connections,
    })
}

/// `slo` and `errors` joined as `--slo` takes them; at least one of them,
/// and the error share in one of them only.
fn objectives(slo: Option<&str>, errors: Option<&str>, at: &KeyPath) -> Result<String, Problem> {
    let expected_slo = "latency objectives such as \"p99<=10ms\" (p50, p90, p99, p99.9, max)";
    let mut parts = Vec::new();
    if let Some(slo) = slo {
        let parsed: Slo = slo
            .parse()
            .map_err(|e: String| problem(&at.key("slo"), e, expected_slo))?;
        if parsed
            .objectives
            .iter()
            .any(|o| matches!(o, Objective::Errors { .. }))
            && errors.is_some()
        {
            return Err(problem(
                &at.key("errors"),
                "errors given twice (in slo and in errors)",
                "the error share in one place: errors = \"0.1%\"",
            ));
        }
        parts.push(slo.trim().to_string());
    }
    if let Some(errors) = errors {
        let one = format!("errors<={}", errors.trim());
        one.parse::<Slo>().map_err(|_| {
            problem(
                &at.key("errors"),
                format!("{errors:?} is not a share"),
                "a share of the requests such as \"0.1%\" or \"0%\"",
            )
        })?;
        parts.push(one);
    }
    if parts.is_empty() {
        return Err(problem(
            at,
            "a search without an objective",
            "slo = \"p99<=10ms\" and/or errors = \"0.1%\"",
        ));
    }
    Ok(parts.join(","))
}

/// `precision`: a share strictly between 0% and 100%, as a fraction.
fn precision(p: &str, at: &KeyPath) -> Result<f64, Problem> {
    p.trim()
        .strip_suffix('%')
        .and_then(|n| n.trim().parse::<f64>().ok())
        .filter(|n| *n > 0.0 && *n < 100.0)
        .map(|n| n / 100.0)
        .ok_or_else(|| {
            problem(
                at,
                format!("{p:?} is not a share"),
                "a share between 0% and 100%, such as \"2%\"",
            )
        })
}

/// `connections`, or the load's: the most of a concurrency sweep, a rate's
/// connections; none with a session load (one per session).
pub(super) fn connections(given: Option<i64>, load: &Load, at: &KeyPath) -> Result<usize, Problem> {
    let connections = match (given, load) {
        (Some(n), _) => positive(n, at, "connections, 1 or more")? as usize,
        (None, Load::Concurrency(v)) => v.iter().copied().max().unwrap_or(1),
        (None, Load::Rate { connections, .. }) => *connections,
        (None, Load::Sessions { .. }) => 1,
    };
    if given.is_some() && matches!(load, Load::Sessions { .. }) {
        return Err(problem(
            at,
            "connections with a session load",
            "no connections: a session search opens one connection per session",
        ));
    }
    Ok(connections)
}
