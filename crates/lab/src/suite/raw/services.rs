//! The `[[service]]`s of a suite (docs/suites.md "Services"): the databases
//! its servers need, each with its kind, name, host, cores and settings;
//! and the rule that ties them to the scenarios: a database workload
//! (`db`, `queries`, `fortunes`, `updates`, `items`) needs a `postgres`
//! service. Checks one file's text only: the host is checked against the
//! lab file when the run connects.

use std::collections::BTreeMap;

use barrage_contract::Workload;
use barrage_model::suite::{Service, ServiceKind};
use serde::Deserialize;

use super::super::Scenario;
use super::source::{CpuList, Ordered, Scalar};
use super::{check_name, problem, KeyPath, Problem};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawService {
    kind: Option<String>,
    name: Option<String>,
    host: Option<String>,
    cores: Option<CpuList>,
    settings: Option<Ordered<Scalar>>,
}

const KINDS: &str = "\"postgres\" (PostgreSQL 15 with the database workloads' data)";

pub(super) fn services(
    raw: Option<Vec<RawService>>,
    scenarios: &[Scenario],
) -> Result<Vec<Service>, Problem> {
    let at = KeyPath::root().key("service");
    let mut out: Vec<Service> = Vec::new();
    for (i, s) in raw.unwrap_or_default().into_iter().enumerate() {
        let service = service(s, &at.index(i))?;
        if out.iter().any(|o| o.name == service.name) {
            return Err(problem(
                &at.index(i).key("name"),
                format!("service {:?} is defined twice", service.name),
                "a different name for each service",
            ));
        }
        if out.iter().any(|o| o.kind == service.kind) {
            return Err(problem(
                &at.index(i).key("kind"),
                "a second postgres service",
                "one service of each kind: every server talks to the same database",
            ));
        }
        out.push(service);
    }
    check_needed(&out, scenarios)?;
    Ok(out)
}

fn service(raw: RawService, at: &KeyPath) -> Result<Service, Problem> {
    let kind = match raw.kind.as_deref() {
        Some("postgres") => ServiceKind::Postgres,
        Some(other) => {
            return Err(problem(
                &at.key("kind"),
                format!("unknown service kind {other:?}"),
                KINDS,
            ))
        }
        None => return Err(problem(&at.key("kind"), "missing", KINDS)),
    };
    let name = raw.name.unwrap_or_else(|| "postgres".into());
    check_name(&name, &at.key("name"), "service name")?;
    if let Some(host) = &raw.host {
        check_name(host, &at.key("host"), "host name")?;
    }
    if let Some(cores) = &raw.cores {
        if cores.0.is_empty() {
            return Err(problem(
                &at.key("cores"),
                "empty",
                "the service's cores, such as [2]; no key: a core the server and the load do not use",
            ));
        }
    }
    let mut settings = BTreeMap::new();
    for (key, Scalar(value)) in raw.settings.unwrap_or_default().0 {
        let ok = !key.is_empty()
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"_.".contains(&b));
        if !ok || value.contains(['\n', '\'']) {
            return Err(problem(
                &at.key("settings").key(&key),
                format!("invalid setting {key} = {value:?}"),
                "a postgresql.conf name and a value without quotes or newlines, such as max_connections = 512",
            ));
        }
        settings.insert(key, value);
    }
    Ok(Service {
        name,
        kind,
        host: raw.host,
        cores: raw.cores.map(|c| c.0),
        settings,
    })
}

/// A database workload scenario needs a `postgres` service.
fn check_needed(services: &[Service], scenarios: &[Scenario]) -> Result<(), Problem> {
    let has_postgres = services.iter().any(|s| s.kind == ServiceKind::Postgres);
    for (i, s) in scenarios.iter().enumerate() {
        let needs = s.workload.is_some_and(Workload::needs_database);
        if needs && !has_postgres {
            return Err(problem(
                &KeyPath::root().key("scenario").index(i).key("workload"),
                format!(
                    "workload {} needs a database and the suite has no service",
                    s.workload.map_or("", Workload::name)
                ),
                "a [[service]] kind = \"postgres\" in the suite (docs/suites.md \"Services\")",
            ));
        }
    }
    Ok(())
}
