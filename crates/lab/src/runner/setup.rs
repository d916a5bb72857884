//! A run's beginning: its hosts made ready (this machine alone, or the
//! layout's hosts connected), what each host's environment is, and what
//! the planned load needs of it (the warnings).
//!
//! It records; it starts no server and runs no load.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use barrage_model::results::{Environment, HostRecord};

use super::{Level, Suite, SHORT_CALL};
use crate::env::{self, Needs};
use crate::host::{Call, Hosts, Layout};
use crate::manifest::ServerSpec;
use crate::process;

/// Connects to the layout's hosts and records each one's environment.
pub(super) fn connect_hosts(
    layout: Layout,
    stamp: &str,
    stop: &AtomicBool,
    progress: &mut Box<dyn FnMut(&str)>,
) -> Result<(Hosts, Vec<HostRecord>), String> {
    progress(&format!(
        "hosts: server on {}, load from {}",
        layout.server,
        layout.clients.join(", ")
    ));
    let mut hosts = Hosts::connect(layout, stamp, &mut |l| progress(l))?;
    let mut records = Vec::new();
    for i in 0..hosts.len() {
        match host_record(&mut hosts, i, stop) {
            Ok(r) => records.push(r),
            Err(e) => {
                hosts.close();
                return Err(e);
            }
        }
    }
    Ok((hosts, records))
}

/// Host `i` of a run across hosts, as its results name it.
fn host_record(hosts: &mut Hosts, i: usize, stop: &AtomicBool) -> Result<HostRecord, String> {
    let layout = hosts
        .layout
        .clone()
        .ok_or("a run across hosts has a layout")?;
    let call = Call::Environment {
        root: layout.remote_root.clone(),
    };
    let environment: Environment = hosts.ask(i, &call, SHORT_CALL, stop)?;
    let server = i == hosts.server;
    let client = hosts.clients.contains(&i);
    let agent = hosts.channel(i).ok_or("a host of a layout has an agent")?;
    let netns = layout
        .inventory
        .netns
        .iter()
        .find(|n| n.name == agent.host.name);
    Ok(HostRecord {
        name: agent.host.name.clone(),
        role: match (server, client) {
            (true, true) => "server+client",
            (true, false) => "server",
            (false, true) => "client",
            (false, false) => "service",
        }
        .into(),
        address: match netns {
            Some(ns) => format!("netns {} ({})", ns.ip, agent.host.address),
            None => agent.host.address.to_string(),
        },
        clock_offset_us: agent.clock.offset_us,
        clock_delay_us: agent.clock.delay_us,
        cores: agent.host.cores.clone(),
        environment,
    })
}

/// This machine's versions of the suite's servers (their `version`
/// commands), into its environment record.
pub(super) fn local_versions(
    environment: &mut Environment,
    specs: &BTreeMap<String, ServerSpec>,
    barrage: &std::path::Path,
) {
    for (name, spec) in specs {
        let mut vars = spec.vars.clone();
        vars.insert("barrage".into(), barrage.display().to_string());
        if let Some(v) = process::version(spec, &vars) {
            environment.server_versions.insert(name.clone(), v);
        }
    }
}

/// What the planned load needs from the machine (for the environment check).
pub(super) fn needs(suite: &Suite) -> Needs {
    let levels: Vec<Level> = (0..suite.load.levels())
        .filter_map(|i| suite.load.level(i))
        .collect();
    let connections = levels
        .iter()
        .map(|l| match l {
            Level::Connections(c) => *c,
            Level::Rate { connections, .. } => *connections,
            Level::Sessions { rate, .. } => (*rate * suite.timeout.as_secs_f64()) as usize,
            Level::Search { spec, calls: None } => {
                spec.connections * crate::driver::SEARCH_CONNECTIONS_GROWTH
            }
            Level::Search { .. } => 0,
        })
        .max()
        .unwrap_or(0);
    let closes = suite.scenarios.iter().any(|s| !s.keepalive || s.http10);
    let new_connections_per_s = if closes {
        levels
            .iter()
            .map(|l| match l {
                Level::Connections(c) => *c as f64 * 1000.0,
                Level::Rate { rate, .. } | Level::Sessions { rate, .. } => *rate,
                Level::Search { .. } => 0.0,
            })
            .fold(0.0, f64::max)
    } else {
        0.0
    };
    Needs {
        connections,
        new_connections_per_s,
    }
}

/// The environment check's warnings: this machine's, or each host's
/// named after it.
pub(super) fn warnings(suite: &Suite, here: &Environment, hosts: &[HostRecord]) -> Vec<String> {
    if hosts.is_empty() {
        return env::check(here, &needs(suite));
    }
    let mut warnings = Vec::new();
    for h in hosts {
        for w in env::check(&h.environment, &needs(suite)) {
            warnings.push(format!("host {}: {w}", h.name));
        }
    }
    warnings
}
