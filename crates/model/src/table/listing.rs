//! The lists beside the tables: the probes' responses, the starts not
//! measured, the failed runs, the runs in report order (and those a check
//! judged), and a run across hosts' hosts and per-host shares.

use crate::results::{ProbeRecord, Results, RunRecord, ServerRecord, StartStatus};

use super::{capacities, groups, latency_text, ordered, row_name, suite_scenarios, variants};

/// The first probe of each (server variant, scenario), in the order of
/// [`variants`] and the suite's scenarios; an invalid probe of any repeat
/// wins over a valid one.
pub fn probes(r: &Results) -> Vec<&ProbeRecord> {
    let variants = variants(r);
    let scenarios = ordered(
        suite_scenarios(r),
        r.probes.iter().map(|p| p.scenario.clone()),
    );
    let mut out = Vec::new();
    for v in &variants {
        for s in &scenarios {
            let mut these: Vec<&ProbeRecord> = r
                .probes
                .iter()
                .filter(|p| &row_name(&p.server, &p.variant) == v && &p.scenario == s)
                .collect();
            these.sort_by_key(|p| (p.invalid.is_none(), p.repeat));
            if let Some(p) = these.first() {
                out.push(*p);
            }
        }
    }
    out
}

/// Server starts that were not `ok`, in variant order, then by repeat.
pub fn not_measured(r: &Results) -> Vec<&ServerRecord> {
    let variants = variants(r);
    let mut out: Vec<&ServerRecord> = r
        .servers
        .iter()
        .filter(|s| s.status != StartStatus::Ok)
        .collect();
    out.sort_by_key(|s| {
        (
            variants
                .iter()
                .position(|v| *v == row_name(&s.server, &s.variant)),
            s.repeat,
        )
    });
    out
}

/// Runs with an error (no statistics, or the tool's complaint), in table order.
pub fn failed_runs(r: &Results) -> Vec<&RunRecord> {
    let mut out = Vec::new();
    for g in groups(r) {
        for row in &g.rows {
            for (li, _) in &g.levels {
                for x in g.cell(row, *li).runs {
                    if x.error.is_some() {
                        out.push(x);
                    }
                }
            }
        }
    }
    for (_, rows) in capacities(r) {
        out.extend(
            rows.iter()
                .flat_map(|row| &row.runs)
                .filter(|x| x.error.is_some()),
        );
    }
    out
}

/// The runs in report order: scenario, driver, server variant, level,
/// repeat; then the searches, by scenario and rank.
pub fn ordered_runs(r: &Results) -> Vec<&RunRecord> {
    let mut out = Vec::new();
    for g in groups(r) {
        for row in &g.rows {
            for (li, _) in &g.levels {
                out.extend(g.cell(row, *li).runs);
            }
        }
    }
    for (_, rows) in capacities(r) {
        out.extend(rows.iter().flat_map(|row| row.runs.iter().copied()));
    }
    out
}

/// The runs judged by their scenario's `check`, in report order
/// ([`ordered_runs`]).
pub fn checked_runs(r: &Results) -> Vec<&RunRecord> {
    let mut out = ordered_runs(r);
    out.retain(|x| !x.checks.is_empty());
    out
}

/// The hosts of a run across hosts, one row each: name, role, address,
/// cores, kernel, CPU, clock offset.
pub fn host_rows(r: &crate::Results) -> Vec<[String; 7]> {
    r.hosts
        .iter()
        .map(|h| {
            [
                h.name.clone(),
                h.role.clone(),
                h.address.clone(),
                h.cores.as_ref().map_or("all".into(), |c| {
                    c.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                }),
                h.environment.kernel.clone(),
                format!(
                    "{} ({} cores)",
                    h.environment.cpu_model, h.environment.cores
                ),
                format!(
                    "{:+.2} ms (±{:.2} ms)",
                    h.clock_offset_us as f64 / 1000.0,
                    h.clock_delay_us as f64 / 2000.0
                ),
            ]
        })
        .collect()
}

/// Every level's share per client host, one row each: server, scenario,
/// driver, level, repeat, host, responses/s, p99, client CPU per response,
/// client-bound.
pub fn client_host_rows(r: &crate::Results) -> Vec<[String; 10]> {
    let mut rows = Vec::new();
    for x in &r.runs {
        for c in &x.clients {
            rows.push([
                row_name(&x.server, &x.variant),
                x.scenario.clone(),
                x.driver.clone(),
                x.level.to_string(),
                (x.repeat + 1).to_string(),
                c.host.clone(),
                format!("{:.0}", c.responses_per_s),
                c.latency_p99_us.map_or("–".into(), latency_text),
                c.usage
                    .cpu_per_response_us
                    .map_or("–".into(), |v| format!("{v:.2} µs")),
                if c.client_bound { "yes" } else { "no" }.into(),
            ]);
        }
    }
    rows
}
