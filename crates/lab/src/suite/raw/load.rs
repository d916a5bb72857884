//! The `[load]` table (one kind of level: concurrency, rate or
//! session_rate, with the keys of that kind only) and `[quick]`, which
//! picks levels of it. Reads no other part of the suite.

use std::time::Duration;

use serde::Deserialize;

use super::super::{Load, Quick};
use super::{non_empty, positive, problem, source, KeyPath, Problem};

/// `--quick` durations when the suite gives none (or a shorter full one).
const QUICK_DURATION: Duration = Duration::from_secs(2);
const QUICK_WARMUP: Duration = Duration::from_secs(1);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLoad {
    concurrency: Option<Vec<i64>>,
    rate: Option<Vec<f64>>,
    connections: Option<i64>,
    session_rate: Option<Vec<f64>>,
    calls: Option<i64>,
    sessions: Option<i64>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawQuick {
    duration: Option<String>,
    warmup: Option<String>,
    levels: Option<Vec<i64>>,
    searches: Option<bool>,
    servers: Option<Vec<String>>,
}

const LOAD_KINDS: &str = "one of concurrency = [...], rate = [...] (with connections), \
     or session_rate = [...] (with calls and sessions)";

pub(super) fn load(raw: Option<RawLoad>, at: &KeyPath) -> Result<Load, Problem> {
    let Some(raw) = raw else {
        let expected = format!("a [load] table with {LOAD_KINDS}");
        return Err(problem(at, "missing", expected));
    };
    let given = [
        raw.concurrency.is_some(),
        raw.rate.is_some(),
        raw.session_rate.is_some(),
    ];
    match given.iter().filter(|&&g| g).count() {
        0 => return Err(problem(at, "no load levels", LOAD_KINDS)),
        1 => {}
        _ => return Err(problem(at, "more than one kind of load", LOAD_KINDS)),
    }
    // Keys of the other kinds are mistakes, not ignored.
    let stray = [
        ("connections", raw.connections.is_some(), "rate"),
        ("calls", raw.calls.is_some(), "session_rate"),
        ("sessions", raw.sessions.is_some(), "session_rate"),
    ];
    let kind = if raw.concurrency.is_some() {
        "concurrency"
    } else if raw.rate.is_some() {
        "rate"
    } else {
        "session_rate"
    };
    for (key, set, owner) in stray {
        if set && owner != kind {
            let what = format!("{key} does not apply here");
            return Err(problem(
                &at.key(key),
                what,
                format!("{key} only with {owner}"),
            ));
        }
    }
    if let Some(levels) = raw.concurrency {
        concurrency(&levels, &at.key("concurrency")).map(Load::Concurrency)
    } else if let Some(rates) = raw.rate {
        rate(rates, raw.connections, at)
    } else {
        sessions(raw, at)
    }
}

fn concurrency(levels: &[i64], at: &KeyPath) -> Result<Vec<usize>, Problem> {
    non_empty(levels, at, "connection counts, such as [10, 100, 1000]")?;
    let expected = "a number of connections of 1 or more";
    let mut out = Vec::new();
    for (i, &c) in levels.iter().enumerate() {
        out.push(positive(c, &at.index(i), expected)? as usize);
    }
    Ok(out)
}

fn rate(rates: Vec<f64>, connections: Option<i64>, at: &KeyPath) -> Result<Load, Problem> {
    let rates = rate_levels(rates, &at.key("rate"))?;
    let at = at.key("connections");
    let Some(connections) = connections else {
        let expected = "the number of connections the rate is sent over, such as connections = 100";
        return Err(problem(&at, "missing", expected));
    };
    let connections = positive(connections, &at, "a number of connections of 1 or more")?;
    Ok(Load::Rate {
        rates,
        connections: connections as usize,
    })
}

fn sessions(raw: RawLoad, at: &KeyPath) -> Result<Load, Problem> {
    let rates = raw.session_rate.unwrap_or_default();
    let rates = rate_levels(rates, &at.key("session_rate"))?;
    let calls = match raw.calls {
        Some(c) => positive(c, &at.key("calls"), "requests per session, 1 or more")?,
        None => 1,
    };
    let Some(sessions) = raw.sessions else {
        let expected = "the sessions each level starts, such as sessions = 5000";
        return Err(problem(&at.key("sessions"), "missing", expected));
    };
    let sessions = positive(
        sessions,
        &at.key("sessions"),
        "sessions per level, 1 or more",
    )?;
    Ok(Load::Sessions {
        rates,
        calls: u32::try_from(calls).unwrap_or(u32::MAX),
        sessions,
    })
}

fn rate_levels(rates: Vec<f64>, at: &KeyPath) -> Result<Vec<f64>, Problem> {
    non_empty(&rates, at, "rates per second, such as [100, 200]")?;
    for (i, &r) in rates.iter().enumerate() {
        if !(r.is_finite() && r > 0.0) {
            return Err(problem(
                &at.index(i),
                format!("{r} is not above zero"),
                "a rate per second above zero",
            ));
        }
    }
    Ok(rates)
}

pub(super) fn quick(
    raw: Option<RawQuick>,
    load: &Load,
    duration: Duration,
    warmup: Duration,
) -> Result<Quick, Problem> {
    let at = KeyPath::root().key("quick");
    let raw = raw.unwrap_or_default();
    let q_duration = match &raw.duration {
        Some(d) => source::positive_duration(d, &at.key("duration"))?,
        None => duration.min(QUICK_DURATION),
    };
    let q_warmup = match &raw.warmup {
        Some(d) => source::parse_duration(d, &at.key("warmup"))?,
        None => warmup.min(QUICK_WARMUP),
    };
    let levels = match raw.levels {
        None => None,
        Some(levels) => {
            let at = at.key("levels");
            non_empty(&levels, &at, "indices of levels, such as [0, 2]")?;
            let n = load.levels();
            let mut out: Vec<usize> = Vec::new();
            for (i, &l) in levels.iter().enumerate() {
                if l < 0 || l as usize >= n {
                    return Err(problem(
                        &at.index(i),
                        format!("no level {l} ({} has {n}, counted from 0)", load.kind()),
                        format!("an index from 0 to {}", n - 1),
                    ));
                }
                if out.last().is_some_and(|&last| last >= l as usize) {
                    return Err(problem(
                        &at.index(i),
                        format!("level {l} out of order"),
                        "indices in increasing order, each once",
                    ));
                }
                out.push(l as usize);
            }
            Some(out)
        }
    };
    Ok(Quick {
        duration: q_duration,
        warmup: q_warmup,
        levels,
        searches: raw.searches.unwrap_or(true),
        servers: raw.servers,
        left_out: Vec::new(),
    })
}
