//! The report's context around its tables: the overview (suite, plan,
//! cores), the hosts of a run across hosts, what failed, the probes'
//! responses and the environment. Builds blocks only: writing them is the
//! writers' work.

use barrage_model::results::{Results, StartStatus};

use super::{code, heading, item, strong, text, Block, Item, Table, TableCell};
use crate::model;

/// A run across hosts: the hosts, then every level's share per client host.
pub(super) fn hosts(r: &Results, d: &mut Vec<Block>) {
    if r.hosts.is_empty() {
        return;
    }
    let table = |id: &str, head: &[&str], numeric: &[bool], rows: Vec<Vec<String>>| {
        Block::Table(Table {
            id: id.into(),
            head: head.iter().map(|h| h.to_string()).collect(),
            numeric: numeric.to_vec(),
            rows: rows
                .into_iter()
                .map(|r| r.into_iter().map(TableCell::plain).collect())
                .collect(),
        })
    };
    d.push(heading(2, "hosts", "Hosts"));
    d.push(table(
        "t-hosts",
        &[
            "host",
            "role",
            "address",
            "cores",
            "kernel",
            "CPU",
            "clock offset",
        ],
        &[false, false, false, false, false, false, true],
        barrage_model::table::host_rows(r)
            .into_iter()
            .map(Vec::from)
            .collect(),
    ));
    d.push(heading(2, "client-hosts", "Per client host"));
    d.push(Block::Para(vec![text(
        "Each level's share of the load on every client host. Percentiles a tool printed only as a summary cannot be merged across hosts: the level's tables say \"not mergeable\", and each host's own p99 is here.",
    )]));
    d.push(table(
        "t-client-hosts",
        &[
            "server",
            "scenario",
            "driver",
            "level",
            "repeat",
            "host",
            "responses/s",
            "p99",
            "client CPU per response",
            "client-bound",
        ],
        &[
            false, false, false, false, true, false, true, true, true, false,
        ],
        barrage_model::table::client_host_rows(r)
            .into_iter()
            .map(Vec::from)
            .collect(),
    ));
}

pub(super) fn overview(r: &Results) -> Vec<Item> {
    let mut items = vec![
        item(vec![text("Suite file: "), code(&r.suite_file)]),
        item(vec![
            text("Started "),
            text(&r.started_at),
            text(match &r.finished_at {
                Some(f) => format!(", finished {f}"),
                None => ", not finished".into(),
            }),
            text(": "),
            if r.complete {
                text(model::state(r))
            } else {
                strong(model::state(r))
            },
        ]),
    ];
    let mut plan = Vec::new();
    plan.push(count(r.suite.repeats as usize, "repeat"));
    plan.push(format!(
        "{}s measured per level",
        model::fmt_num(r.suite.duration.as_secs_f64())
    ));
    plan.push(format!(
        "{}s warm-up",
        model::fmt_num(r.suite.warmup.as_secs_f64())
    ));
    if r.quick {
        plan.push("--quick".into());
    }
    if let Some(only) = &r.only {
        plan.push(format!("--only {only}"));
    }
    if !plan.is_empty() {
        items.push(item(vec![text(format!("Plan: {}", plan.join(", ")))]));
    }
    items.extend(super::checks::overview_item(r));
    let left_out = &r.suite.quick.left_out;
    if !left_out.is_empty() {
        items.push(item(vec![
            text(format!(
                "Left out of --quick (the suite's [quick] servers): {}; ",
                left_out.join(", ")
            )),
            code(format!("barrage run {} --quick --only NAME", r.suite_file)),
            text(" runs one of them, "),
            code(format!("barrage run {}", r.suite_file)),
            text(" every server (the full plan)"),
        ]));
    }
    let cores = |list: &[usize]| -> String {
        if list.is_empty() {
            return "not pinned".into();
        }
        let names: Vec<String> = list.iter().map(|c| c.to_string()).collect();
        names.join(",")
    };
    items.push(item(vec![text(format!(
        "Cores: server {}, client {}",
        cores(&r.suite.cores.server),
        cores(&r.suite.cores.client)
    ))]));
    items.push(item(vec![text(format!(
        "{} measured; {}, {} of them not measured",
        count(r.runs.len(), "level"),
        count(r.servers.len(), "server start"),
        r.servers
            .iter()
            .filter(|s| s.status != StartStatus::Ok)
            .count()
    ))]));
    items
}

pub(super) fn failures(r: &Results, d: &mut Vec<Block>) {
    let starts = model::not_measured(r);
    if !starts.is_empty() {
        d.push(heading(2, "not-measured", "Servers not measured"));
        d.push(Block::List(
            starts
                .iter()
                .map(|s| Item {
                    spans: vec![
                        strong(model::row_name(&s.server, &s.variant)),
                        text(format!(" (repeat {}): {}", s.repeat + 1, s.status.name())),
                    ],
                    pre: s.reason.clone().filter(|x| !x.is_empty()),
                })
                .collect(),
        ));
    }
    let runs = model::failed_runs(r);
    if !runs.is_empty() {
        d.push(heading(2, "failed-levels", "Levels with an error"));
        d.push(Block::List(
            runs.iter()
                .map(|x| Item {
                    spans: vec![
                        strong(model::row_name(&x.server, &x.variant)),
                        text(format!(
                            ", {} ({}) at {}, repeat {}{}",
                            x.scenario,
                            x.driver,
                            x.level,
                            x.repeat + 1,
                            if x.stats.is_none() {
                                ": no numbers"
                            } else {
                                ""
                            }
                        )),
                    ],
                    pre: x.error.clone(),
                })
                .collect(),
        ));
    }
}

pub(super) fn probes(r: &Results, d: &mut Vec<Block>) {
    let probes = model::probes(r);
    if probes.is_empty() {
        return;
    }
    d.push(heading(2, "probes", "Responses (probes)"));
    d.push(Block::Para(vec![text(
        "Each server's response to each scenario before the load: header bytes as HTTP/1.1 text, body bytes.",
    )]));
    let head = [
        "server",
        "scenario",
        "status",
        "version",
        "framing",
        "header bytes",
        "body bytes",
        "notes",
    ];
    let rows = probes
        .iter()
        .map(|p| {
            let row = model::row_name(&p.server, &p.variant);
            let mut notes: Vec<String> = Vec::new();
            if let Some(why) = &p.invalid {
                notes.push(format!("skipped: {why}"));
            }
            let mut cells = vec![TableCell::plain(row), TableCell::plain(&p.scenario)];
            match &p.result {
                Some(res) => {
                    if !res.deviations.is_empty() {
                        notes.push(format!("deviations: {}", res.deviations.join("; ")));
                    }
                    cells.push(TableCell::plain(res.status.to_string()));
                    cells.push(TableCell::plain(&res.version));
                    cells.push(TableCell::plain(&res.framing));
                    cells.push(TableCell::plain(res.header_bytes.to_string()));
                    cells.push(TableCell::plain(res.body_bytes.to_string()));
                }
                None => {
                    for _ in 0..5 {
                        cells.push(TableCell::plain("–"));
                    }
                }
            }
            let mut last = TableCell::plain(notes.join("; "));
            last.invalid = p.invalid.is_some();
            cells.push(last);
            cells
        })
        .collect();
    d.push(Block::Table(Table {
        id: "t-probes".into(),
        head: head.iter().map(|h| h.to_string()).collect(),
        numeric: vec![false, false, true, false, false, true, true, false],
        rows,
    }));
}

pub(super) fn environment(r: &Results, d: &mut Vec<Block>) {
    let e = &r.environment;
    d.push(heading(2, "environment", "Environment"));
    let mut rows: Vec<(String, String)> = vec![
        ("host".into(), e.hostname.clone()),
        ("kernel".into(), e.kernel.clone()),
        ("CPU".into(), e.cpu_model.clone()),
        ("cores".into(), e.cores.to_string()),
        (
            "memory".into(),
            format!(
                "{} ({} bytes)",
                model::fmt_bytes(e.memory_bytes),
                e.memory_bytes
            ),
        ),
        (
            "open files".into(),
            format!("{} soft, {} hard", e.open_files_soft, e.open_files_hard),
        ),
        (
            "barrage".into(),
            match &e.git_commit {
                Some(c) => format!("{} at {c}", e.barrage_version),
                None => e.barrage_version.clone(),
            },
        ),
        ("captured at".into(), e.captured_at.clone()),
    ];
    for (k, v) in &e.sysctls {
        rows.push((k.clone(), v.clone()));
    }
    for (k, v) in &e.server_versions {
        rows.push((format!("{k} version"), v.clone()));
    }
    d.push(Block::Table(Table {
        id: "t-environment".into(),
        head: vec!["".into(), "".into()],
        numeric: vec![false, false],
        rows: rows
            .into_iter()
            .map(|(k, v)| vec![TableCell::plain(k), TableCell::plain(v)])
            .collect(),
    }));
}

/// `1 repeat`, `2 repeats`: a count and its noun.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
