//! The one tabulation of results that summary.md, report.md/csv, the
//! charts and `barrage compare` share: which tables there are (scenario ×
//! driver, and the suite's side-by-side tables of several scenarios), their
//! rows (server variants) and columns (load levels; level × scenario side
//! by side) in a stable order, and the cells (the repeats of one level)
//! with their medians and marks (`*` client-bound, `!` not valid as a
//! server's number).
//!
//! Nothing here depends on when or where it runs: the same results give
//! the same tables.
//!
//! This module holds the names, orders and numbers every part shares; the
//! parts live beside it: the tables of levels and the side-by-side tables
//! (`group`), their cells (`cell`), the capacity tables
//! (`capacity`), the servers × workloads tables with their composite
//! ranking (`matrix`), and the lists beside the tables (`listing`).

use std::path::Path;

use crate::results::Results;
use crate::suite::Scenario;

mod capacity;
mod cell;
mod efficiency;
mod group;
mod listing;
mod matrix;

pub use capacity::{capacities, CapacityRow};
pub use cell::{Cell, Metric};
pub use efficiency::{efficiencies, EfficiencyRow};
pub use group::{groups, side_by_side, Column, Grid, Group, Ranking, SideBySide};
pub use listing::{client_host_rows, failed_runs, host_rows, not_measured, ordered_runs, probes};
pub use matrix::{
    queries_per_request, workload_invalid_reasons, workload_marks, workload_matrices, Composite,
    MatrixCell, WorkloadColumn, WorkloadMatrix,
};

/// `runs` by server variant, in the suite's order of variants; a variant
/// without runs among them is left out.
fn by_variant<'a>(
    r: &Results,
    runs: &[&'a crate::results::RunRecord],
) -> Vec<(String, Vec<&'a crate::results::RunRecord>)> {
    variants(r)
        .into_iter()
        .filter_map(|row| {
            let mine: Vec<_> = runs
                .iter()
                .copied()
                .filter(|x| row_name(&x.server, &x.variant) == row)
                .collect();
            (!mine.is_empty()).then_some((row, mine))
        })
        .collect()
}

/// What the reports call a server variant: its label, or the server's name
/// when the variant has no label of its own.
pub fn row_name(server: &str, variant: &str) -> String {
    if variant.is_empty() {
        server.to_string()
    } else {
        variant.to_string()
    }
}

/// The suite's name: `suite.name`, else the suite file's stem.
pub fn suite_name(r: &Results) -> String {
    if !r.suite.name.is_empty() {
        return r.suite.name.clone();
    }
    Path::new(&r.suite_file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| r.suite_file.clone())
}

/// A scenario's request in one line (`GET /hello over h1`).
pub fn scenario_line(s: &Scenario) -> String {
    if let Some(ws) = s.ws_line() {
        // `WebSocket /ws over ws: echo of 64-byte text messages, …`
        return format!("WebSocket {} over {}: {ws}", s.path, s.protocol);
    }
    if let Some(g) = &s.grpc {
        // `gRPC over grpcs: barrage.bench.v1.Bench/Echo, 10 calls in flight per connection`
        return format!("gRPC over {}: {}", s.protocol, g.line());
    }
    let mut line = format!("{} {} over {}", s.method, s.path, s.protocol);
    if s.protocol.multiplexed() && s.streams > 1 {
        line.push_str(&format!(", {} streams per connection", s.streams));
    }
    if !s.keepalive {
        line.push_str(", a connection per request");
    }
    if s.http10 {
        line.push_str(", HTTP/1.0");
    }
    line
}

/// Labels of the suite's server variants, in the file's order.
fn suite_variants(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for entry in &r.suite.servers {
        for v in &entry.variants {
            push_new(&mut out, v.label.clone());
        }
    }
    out
}

fn suite_scenarios(r: &Results) -> Vec<String> {
    r.suite.scenarios.iter().map(|s| s.name.clone()).collect()
}

fn suite_drivers(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for d in &r.suite.drivers {
        push_new(&mut out, d.name().to_string());
    }
    if out.is_empty() {
        out.push(r.suite.driver.name().to_string());
    }
    out
}

fn push_new(v: &mut Vec<String>, s: String) {
    if !v.contains(&s) {
        v.push(s);
    }
}

/// `known` first (in its order, those that occur), then the others in the
/// order they occur.
fn ordered(known: Vec<String>, occurring: impl IntoIterator<Item = String>) -> Vec<String> {
    let occurring: Vec<String> = {
        let mut v = Vec::new();
        for s in occurring {
            push_new(&mut v, s);
        }
        v
    };
    let mut out: Vec<String> = known
        .into_iter()
        .filter(|k| occurring.contains(k))
        .collect();
    for s in occurring {
        push_new(&mut out, s);
    }
    out
}

/// Every server variant the results name (runs, starts, probes), in the
/// suite's order.
pub fn variants(r: &Results) -> Vec<String> {
    let occurring = r
        .servers
        .iter()
        .map(|s| row_name(&s.server, &s.variant))
        .chain(r.probes.iter().map(|p| row_name(&p.server, &p.variant)))
        .chain(r.runs.iter().map(|x| row_name(&x.server, &x.variant)));
    ordered(suite_variants(r), occurring)
}

/// Sorts `items` best first by `key`: the highest value first, or the
/// lowest with `lower_first`. Stable: ties keep their order, and items
/// without a value go last, in their order.
pub fn rank_by<T>(items: &mut [T], lower_first: bool, key: impl Fn(&T) -> Option<f64>) {
    use std::cmp::Ordering;
    items.sort_by(|a, b| match (key(a), key(b)) {
        (Some(x), Some(y)) if lower_first => x.total_cmp(&y),
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
}

/// The lowest and the highest of `values`; `None` when there are none.
pub fn min_max(values: &[f64]) -> Option<(f64, f64)> {
    let lo = values.iter().copied().reduce(f64::min)?;
    let hi = values.iter().copied().reduce(f64::max)?;
    Some((lo, hi))
}

/// Lowercase letters, digits and single '-' from any text.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// The median (the mean of the middle two for an even count), the one
/// every table, chart and comparison uses.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

/// Whether the run measured everything it planned, in words.
pub fn state(r: &Results) -> &'static str {
    match (r.complete, r.interrupted) {
        (true, _) => "complete",
        (false, true) => "PARTIAL: the run was interrupted",
        (false, false) => "PARTIAL: the run did not finish",
    }
}

/// A latency in microseconds as the tables print it: `850 µs`, `12.40 ms`.
pub fn latency_text(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

#[cfg(test)]
mod tests;
