//! The report's database part, for a suite with services (`[[service]]`):
//! each start of a service (where, version, data cached or loaded and how
//! long, the check, why it was restarted), each server's pool size, and
//! the levels whose proof of work failed, with the figures. Builds blocks
//! only.

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
