//! The report's database part, for a suite with services (`[[service]]`):
//! each start of a service (where, version, data cached or loaded and how
//! long, the check, why it was restarted), each server's pool size, and
//! the service's CPU per response and memory at each database level (the
//! monitor samples it beside the server), and the levels whose proof of
//! work failed, with the figures. Builds blocks only.

use barrage_model::results::{Results, RunRecord, StartStatus};

use super::{heading, item, strong, text, Block, Table, TableCell};
use crate::model;

pub(super) fn database_blocks(r: &Results, d: &mut Vec<Block>) {
    if r.services.is_empty() && r.suite.services.is_empty() {
        return;
    }
    d.push(heading(2, "database", "Database"));
    services(r, d);
    pools(r, d);
    usage(r, d);
    invalid_proofs(r, d);
}

fn services(r: &Results, d: &mut Vec<Block>) {
    if r.services.is_empty() {
        d.push(Block::Para(vec![text("No service was started.")]));
        return;
    }
    let head = [
        "service", "host", "version", "data", "ready", "check", "url", "note",
    ];
    let rows = r
        .services
        .iter()
        .map(|s| {
            let data = match (s.cached, s.load_ms) {
                (true, _) => "cached".to_string(),
                (false, Some(ms)) => format!("loaded in {:.1} s", ms as f64 / 1000.0),
                (false, None) => "loaded".to_string(),
            };
            let cells = [
                s.name.clone(),
                s.host.clone().unwrap_or_else(|| "the server's".into()),
                s.version.clone().unwrap_or_default(),
                data,
                format!("{:.1} s", s.ready_ms as f64 / 1000.0),
                s.check.clone(),
                s.url.clone(),
                s.error.clone().unwrap_or_default(),
            ];
            cells
                .into_iter()
                .enumerate()
                .map(|(i, c)| TableCell {
                    invalid: i == 7 && !c.is_empty(),
                    ..TableCell::plain(c)
                })
                .collect()
        })
        .collect();
    d.push(Block::Table(Table {
        id: "t-services".into(),
        head: head.map(String::from).to_vec(),
        numeric: vec![false, false, false, false, true, false, false, false],
        rows,
    }));
}

/// Each server's pool, once per server variant.
fn pools(r: &Results, d: &mut Vec<Block>) {
    let mut seen: Vec<String> = Vec::new();
    let mut items = Vec::new();
    for s in r.servers.iter().filter(|s| s.status == StartStatus::Ok) {
        let name = model::row_name(&s.server, &s.variant);
        if seen.contains(&name) {
            continue;
        }
        seen.push(name.clone());
        let pool = match s.database_pool {
            Some(n) => format!(": a pool of {n} connections"),
            None => ": no [database] pool in its manifest".into(),
        };
        items.push(item(vec![strong(name), text(pool)]));
    }
    if items.is_empty() {
        return;
    }
    d.push(heading(3, "pools", "Servers' database pools"));
    d.push(Block::List(items));
}

/// A level's row: server, scenario, driver, level; with per repeat (µs of
/// the service's CPU per response, its peak RSS in MiB).
type LevelKey = (String, String, String, String);

/// Each database level's service CPU per response and peak memory,
/// medians over repeats, in report order.
fn usage(r: &Results, d: &mut Vec<Block>) {
    let mut rows: Vec<(LevelKey, Vec<(f64, f64)>)> = Vec::new();
    for x in model::ordered_runs(r) {
        let (Some(stats), false) = (&x.stats, x.service_usage.is_empty()) else {
            continue;
        };
        if stats.responses == 0 {
            continue;
        }
        let cpu: f64 = x
            .service_usage
            .values()
            .map(|u| u.cpu_user_s + u.cpu_sys_s)
            .sum();
        let rss: u64 = x.service_usage.values().map(|u| u.max_rss_bytes).sum();
        let key = (
            model::row_name(&x.server, &x.variant),
            x.scenario.clone(),
            x.driver.clone(),
            x.level.to_string(),
        );
        let value = (
            cpu * 1e6 / stats.responses as f64,
            rss as f64 / (1024.0 * 1024.0),
        );
        match rows.iter_mut().find(|(k, _)| *k == key) {
            Some((_, values)) => values.push(value),
            None => rows.push((key, vec![value])),
        }
    }
    if rows.is_empty() {
        return;
    }
    d.push(heading(3, "service-usage", "The database's CPU and memory"));
    d.push(Block::Para(vec![text(
        "Sampled beside the server during each database level's measured window: the service's CPU (user + system, every process of it) per response, and its peak resident memory; medians over repeats. On a machine where it has no core of its own it shares the server's and the load's.",
    )]));
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let n = v.len();
        match n % 2 {
            1 => v[n / 2],
            _ => (v[n / 2 - 1] + v[n / 2]) / 2.0,
        }
    };
    let table_rows = rows
        .into_iter()
        .map(|((server, scenario, driver, level), values)| {
            let cpu = median(values.iter().map(|v| v.0).collect());
            let rss = median(values.iter().map(|v| v.1).collect());
            [
                server,
                format!("{scenario} ({driver})"),
                level,
                format!("{cpu:.1} µs"),
                format!("{rss:.0} MiB"),
            ]
            .into_iter()
            .map(TableCell::plain)
            .collect()
        })
        .collect();
    d.push(Block::Table(Table {
        id: "t-service-usage".into(),
        head: [
            "server",
            "scenario",
            "level",
            "CPU per response",
            "peak RSS",
        ]
        .map(String::from)
        .to_vec(),
        numeric: vec![false, false, false, true, true],
        rows: table_rows,
    }));
}

/// The levels whose server did fewer queries than its responses need.
fn invalid_proofs(r: &Results, d: &mut Vec<Block>) {
    let invalid: Vec<&RunRecord> = r
        .runs
        .iter()
        .filter(|x| x.proof.as_ref().is_some_and(|p| p.invalid.is_some()))
        .collect();
    d.push(heading(3, "proof-of-work", "Proof of work"));
    if invalid.is_empty() {
        let proved = r.runs.iter().filter(|x| x.proof.is_some()).count();
        d.push(Block::Para(vec![text(format!(
            "Every one of the {proved} database levels did the queries its successful responses need (pg_stat_statements, reset before each level)."
        ))]));
        return;
    }
    d.push(Block::Para(vec![text(
        "Levels marked invalid: the server ran fewer queries (or wrote fewer rows) than its successful responses need, as pg_stat_statements counted them (a cache where the workload allows none). Their numbers are marked ! in the tables.",
    )]));
    let items = invalid
        .iter()
        .map(|x| {
            let p = x.proof.as_ref().expect("filtered on a proof");
            item(vec![
                strong(model::row_name(&x.server, &x.variant)),
                text(format!(
                    ", {} ({}) at {}, repeat {}: {}",
                    x.scenario,
                    x.driver,
                    x.level,
                    x.repeat + 1,
                    p.invalid.as_deref().unwrap_or_default(),
                )),
            ])
        })
        .collect();
    d.push(Block::List(items));
}
