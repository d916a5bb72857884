//! A scenario's `workload = "json"`: the workload's name checked against
//! the contract's list, the keys a workload scenario may not give (its
//! requests are the workload's), and what the scenario takes from the
//! workload's load shape (`barrage_contract::shape`): the path and method
//! of its first request (for display and probes) and the mix file the
//! load sends, checked in under `data/workloads/mix/`.

use std::path::{Path, PathBuf};

use barrage_contract::database::MAX_QUERIES;
use barrage_contract::shape::{load_shape_queries, DEFAULT_QUERIES};
use barrage_contract::Workload;

use super::super::Wire;
use super::{problem, KeyPath, Problem};

/// Where the mix files are, relative to the repository's root.
pub(crate) const MIX_DIR: &str = "data/workloads/mix";

/// What a workload scenario takes from its workload.
pub(super) struct FromWorkload {
    pub workload: Workload,
    pub path: String,
    pub method: String,
    /// The mix file (absolute), when the load is more than one plain GET.
    pub mix: Option<String>,
    /// N of `queries` and `updates` (the scenario's, else the default).
    pub queries: Option<usize>,
}

/// The keys a workload scenario was given that it may not have.
pub(super) struct Given {
    pub path: bool,
    pub method: bool,
    pub script: bool,
    /// `queries = N`, for queries and updates only.
    pub queries: Option<i64>,
}

/// The workload called `name`, with what its scenario takes from it.
pub(super) fn from_workload(
    name: &str,
    given: Given,
    protocol: Wire,
    at: &KeyPath,
    dir: &Path,
) -> Result<FromWorkload, Problem> {
    let Some(workload) = Workload::from_name(name) else {
        return Err(problem(
            &at.key("workload"),
            format!("unknown workload {name:?}"),
            format!("one of {}", Workload::names()),
        ));
    };
    for (key, set) in [
        ("path", given.path),
        ("method", given.method),
        ("script", given.script),
    ] {
        if set {
            return Err(problem(
                &at.key(key),
                format!("{key} with workload {name:?}"),
                format!("no {key}: a workload scenario sends the workload's requests (docs/workloads.md)"),
            ));
        }
    }
    let queries = queries(workload, given.queries, at)?;
    let shape = load_shape_queries(workload, queries.unwrap_or(DEFAULT_QUERIES));
    if protocol.multiplexed() && (shape.has_raw() || shape.pipeline > 1) {
        return Err(problem(
            &at.key("protocol"),
            format!("workload {name} over {protocol}"),
            "h1 or https: its load sends raw HTTP/1 bytes or pipelines HTTP/1.1 requests",
        ));
    }
    let mix = match shape.needs_mix() {
        true => Some(mix_file(workload, dir, at)?),
        false => None,
    };
    let (method, path) = shape.first_request();
    Ok(FromWorkload {
        workload,
        path,
        method: method.to_string(),
        mix,
        queries,
    })
}

/// A scenario's `queries = N` (1 to 500, TechEmpower's range), for the
/// workloads that take it; their default when none is given.
fn queries(workload: Workload, given: Option<i64>, at: &KeyPath) -> Result<Option<usize>, Problem> {
    let at = at.key("queries");
    match given {
        None if workload.takes_queries() => Ok(Some(DEFAULT_QUERIES)),
        None => Ok(None),
        Some(_) if !workload.takes_queries() => Err(problem(
            &at,
            format!("queries with workload {workload}"),
            "queries = N only with workload = \"queries\" or \"updates\"",
        )),
        Some(n) if (1..=MAX_QUERIES as i64).contains(&n) => Ok(Some(n as usize)),
        Some(n) => Err(problem(
            &at,
            format!("{n} is out of range"),
            format!("a count of queries per request from 1 to {MAX_QUERIES}, such as 20"),
        )),
    }
}

/// `data/workloads/mix/NAME.toml` in the suite's directory `dir` or the
/// nearest directory above it that has one (a checkout of barrage).
fn mix_file(workload: Workload, dir: &Path, at: &KeyPath) -> Result<String, Problem> {
    let file = format!("{MIX_DIR}/{}.toml", workload.name());
    let start = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let found: Option<PathBuf> = start
        .ancestors()
        .map(|d| d.join(&file))
        .find(|p| p.is_file());
    match found {
        Some(p) => Ok(p.to_string_lossy().into_owned()),
        None => Err(problem(
            &at.key("workload"),
            format!("no {file} in {} or above it", start.display()),
            "a suite inside a checkout of barrage, whose data/workloads/mix holds each workload's mix",
        )),
    }
}
