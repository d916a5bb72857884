//! The checks every table of a suite file shares: names, positive
//! numbers, lists, keys that belong to another protocol. The readers of
//! each table import these; this file imports none of them.

use super::super::source::{problem, KeyPath, Problem};
use super::super::{Load, Wire};

const NAME_EXPECTED: &str = "letters, digits, '-', '_' and '.' only";

/// Names that end up in file names (suites, servers, scenarios).
pub(super) fn check_name(name: &str, at: &KeyPath, what: &str) -> Result<(), Problem> {
    let ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    if ok {
        Ok(())
    } else {
        Err(problem(
            at,
            format!("invalid {what} {name:?}"),
            NAME_EXPECTED,
        ))
    }
}

/// `n` as a count of at least 1.
pub(super) fn positive(n: i64, at: &KeyPath, expected: &str) -> Result<u64, Problem> {
    if n >= 1 {
        Ok(n as u64)
    } else {
        Err(problem(at, format!("{n} is not above zero"), expected))
    }
}

pub(super) fn non_empty<T>(v: &[T], at: &KeyPath, expected: &str) -> Result<(), Problem> {
    if v.is_empty() {
        Err(problem(at, "empty", format!("at least one: {expected}")))
    } else {
        Ok(())
    }
}

/// `value` is not among `before` (the earlier values of a list).
pub(super) fn distinct(
    before: &[String],
    value: &str,
    at: &KeyPath,
    what: &str,
) -> Result<(), Problem> {
    if before.iter().any(|b| b == value) {
        return Err(problem(
            at,
            format!("{what} {value:?} is listed twice"),
            format!("each {what} once"),
        ));
    }
    Ok(())
}

/// The keys of a protocol with keys of its own (`own`: each key and
/// whether it is given) in a scenario of another `protocol`: the first one
/// given is refused, to be written `only` with its own protocols (such as
/// `"ws\" or \"wss"`, quoted in the message).
pub(super) fn refuse_own_keys(
    own: &[(&'static str, bool)],
    protocol: Wire,
    at: &KeyPath,
    only: &str,
) -> Result<(), Problem> {
    match own.iter().find(|(_, given)| *given) {
        Some((key, _)) => Err(problem(
            &at.key(key),
            format!("{key} does not apply to {protocol}"),
            format!("{key} only with protocol = \"{only}\""),
        )),
        None => Ok(()),
    }
}

/// What a scenario of a protocol that is not HTTP's (ws, grpc; `name` in
/// the words of the refusal) must leave out: the first of the HTTP keys
/// given (`refused`: whether given, the key, what to write instead) and a
/// session_rate load.
pub(super) fn refuse_http_keys(
    refused: &[(bool, &'static str, &'static str)],
    name: &str,
    protocol: Wire,
    load: &Load,
    at: &KeyPath,
) -> Result<(), Problem> {
    if let Some((_, key, expected)) = refused.iter().find(|(given, ..)| *given) {
        return Err(problem(
            &at.key(key),
            format!("{key} does not apply to {protocol}"),
            *expected,
        ));
    }
    if matches!(load, Load::Sessions { .. }) {
        return Err(problem(
            &at.key("protocol"),
            format!("{protocol} with a session_rate load"),
            format!("a load of concurrency or rate: barrage loads {name} in a closed or an open loop, not in sessions"),
        ));
    }
    Ok(())
}

/// The keys that make HTTP requests (`script`, `mix`, `workload`), each
/// with whether it is given and why a scenario that is not HTTP's leaves
/// it out.
pub(super) fn request_keys(
    script: bool,
    mix: bool,
    workload: bool,
) -> [(bool, &'static str, &'static str); 3] {
    [
        (
            script,
            "script",
            "no script: a wrk script sends HTTP requests",
        ),
        (mix, "mix", "no mix: a mix is of HTTP requests"),
        (
            workload,
            "workload",
            "no workload: the workloads are HTTP requests",
        ),
    ]
}
