//! A suite file's raw form (serde structs that mirror the TOML, unknown
//! keys refused) and its validation into a [`Suite`]: every rule of
//! docs/suites.md that one file can break, reported at its key.
//!
//! This module reads the top level (names, durations, repeats, cores,
//! hosts) and puts the suite together; each part of the file has its own
//! module beside it: the load and `--quick` ([`load`]), the servers and
//! their variants ([`servers`]), the scenarios ([`scenarios`]) with their
//! capacity searches ([`search`]), the report tables ([`tables`]), the
//! services ([`services`]) and what the drivers can run ([`drivers`]). Each checks one file's text only: no
//! manifest is read and nothing runs here.

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use super::source::{self, problem, CpuList, KeyPath, Problem};
use super::{Cores, Quick, Scenario, ServerEntry, Suite, SuiteHosts};

mod drivers;
mod grpc;
mod keys;
mod load;
mod scenarios;
mod search;
mod servers;
mod services;
mod tables;
pub(crate) mod workload;
pub(crate) mod ws;

use drivers::{check_drivers, drivers};
use keys::{
    check_name, distinct, non_empty, positive, refuse_http_keys, refuse_own_keys, request_keys,
};
use load::{load, quick, RawLoad, RawQuick};
use scenarios::{scenarios, RawScenario};
use servers::{servers, RawServer};
use services::{services, RawService};
use tables::{tables, RawTable};

const DEFAULT_DURATION: Duration = Duration::from_secs(10);
const DEFAULT_WARMUP: Duration = Duration::from_secs(2);
/// A request without its response after this long is a timeout error.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
const DEFAULT_REPEATS: u32 = 3;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSuite {
    name: Option<String>,
    description: Option<String>,
    driver: Option<String>,
    drivers: Option<Vec<String>>,
    duration: Option<String>,
    warmup: Option<String>,
    timeout: Option<String>,
    repeats: Option<i64>,
    cores: Option<RawCores>,
    load: Option<RawLoad>,
    quick: Option<RawQuick>,
    server: Option<Vec<RawServer>>,
    scenario: Option<Vec<RawScenario>>,
    table: Option<Vec<RawTable>>,
    service: Option<Vec<RawService>>,
    server_host: Option<String>,
    client_hosts: Option<Vec<String>>,
    inventory: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCores {
    server: Option<CpuList>,
    client: Option<CpuList>,
}

impl RawSuite {
    /// `dir` is the suite file's directory, which relative paths in it
    /// (a scenario's `script`) start from.
    pub(super) fn validate(self, default_name: String, dir: &Path) -> Result<Suite, Problem> {
        let root = KeyPath::root();
        let name = self.name.unwrap_or(default_name);
        check_name(&name, &root.key("name"), "suite name")?;
        let duration = match &self.duration {
            Some(d) => source::positive_duration(d, &root.key("duration"))?,
            None => DEFAULT_DURATION,
        };
        let warmup = match &self.warmup {
            Some(d) => source::parse_duration(d, &root.key("warmup"))?,
            None => DEFAULT_WARMUP,
        };
        let timeout = match &self.timeout {
            Some(d) => source::positive_duration(d, &root.key("timeout"))?,
            None => DEFAULT_TIMEOUT,
        };
        let repeats = match self.repeats {
            Some(n) => {
                let n = positive(n, &root.key("repeats"), "a number of repeats of 1 or more")?;
                u32::try_from(n).unwrap_or(u32::MAX)
            }
            None => DEFAULT_REPEATS,
        };
        let drivers = drivers(self.driver.as_deref(), self.drivers.as_deref())?;
        let cores = self.cores.map_or_else(Cores::default, |c| Cores {
            server: c.server.map(|l| l.0).unwrap_or_default(),
            client: c.client.map(|l| l.0).unwrap_or_default(),
        });
        let load = load(self.load, &root.key("load"))?;
        let quick = quick(self.quick, &load, duration, warmup)?;
        let servers = servers(self.server, &load)?;
        let scenarios = scenarios(self.scenario, &load, dir)?;
        check_quick_searches(&quick, &scenarios)?;
        check_quick_servers(&quick, &servers)?;
        check_drivers(&drivers, &scenarios, &load)?;
        let tables = tables(self.table, &scenarios)?;
        let services = services(self.service, &scenarios)?;
        let hosts = hosts(self.server_host, self.client_hosts, self.inventory)?;
        Ok(Suite {
            name,
            description: self.description.unwrap_or_default(),
            servers,
            scenarios,
            load,
            driver: drivers[0],
            duration,
            warmup,
            timeout,
            repeats,
            cores,
            quick,
            session_window: None,
            drivers,
            hosts,
            tables,
            services,
        })
    }
}

/// `[quick] servers` names servers of the suite, by name or label.
fn check_quick_servers(quick: &Quick, servers: &[ServerEntry]) -> Result<(), Problem> {
    let Some(names) = &quick.servers else {
        return Ok(());
    };
    let at = KeyPath::root().key("quick").key("servers");
    if names.is_empty() {
        return Err(problem(
            &at,
            "an empty list runs no server",
            "server names or labels from [[server]], or no key for every server",
        ));
    }
    for (i, name) in names.iter().enumerate() {
        let known = servers
            .iter()
            .any(|e| e.server == *name || e.variants.iter().any(|v| v.label == *name));
        if !known {
            return Err(problem(
                &at.index(i),
                format!("no server {name:?} in the suite"),
                "a name or label of one of the suite's [[server]] entries",
            ));
        }
    }
    Ok(())
}

/// `[quick] searches = false` leaves some scenario to run.
fn check_quick_searches(quick: &Quick, scenarios: &[Scenario]) -> Result<(), Problem> {
    if quick.searches || scenarios.iter().any(|s| s.search.is_none()) {
        return Ok(());
    }
    Err(problem(
        &KeyPath::root().key("quick").key("searches"),
        "every scenario is a capacity search: --quick would run nothing",
        "searches = true, or a scenario without a search",
    ))
}

/// `server_host`, `client_hosts` and `inventory`: all or none of the first
/// two (the inventory only with them).
fn hosts(
    server: Option<String>,
    clients: Option<Vec<String>>,
    inventory: Option<String>,
) -> Result<Option<SuiteHosts>, Problem> {
    let root = KeyPath::root();
    let expected = "both server_host = \"srv\" and client_hosts = [\"c1\", ...], names of the inventory's hosts";
    match (server, clients) {
        (None, None) => match inventory {
            Some(_) => Err(problem(
                &root.key("inventory"),
                "an inventory without server_host and client_hosts",
                expected,
            )),
            None => Ok(None),
        },
        (Some(server), Some(clients)) => {
            check_name(&server, &root.key("server_host"), "host name")?;
            if clients.is_empty() {
                return Err(problem(
                    &root.key("client_hosts"),
                    "no client host",
                    expected,
                ));
            }
            for (i, c) in clients.iter().enumerate() {
                check_name(c, &root.key("client_hosts").index(i), "host name")?;
                if clients[..i].contains(c) {
                    return Err(problem(
                        &root.key("client_hosts").index(i),
                        format!("host {c:?} is named twice"),
                        "each client host once",
                    ));
                }
            }
            Ok(Some(SuiteHosts {
                server,
                clients,
                inventory,
            }))
        }
        (Some(_), None) => Err(problem(
            &root.key("server_host"),
            "server_host without client_hosts",
            expected,
        )),
        (None, Some(_)) => Err(problem(
            &root.key("client_hosts"),
            "client_hosts without server_host",
            expected,
        )),
    }
}
