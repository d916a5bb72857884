//! A suite file's raw form (serde structs that mirror the TOML, unknown
//! keys refused) and its validation into a [`Suite`]: every rule of
//! docs/suites.md that one file can break, reported at its key.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use barrage_contract::Endpoint;
use barrage_engine::search::{Objective, Slo};
use barrage_engine::{Protocol as EngineProtocol, RequestTemplate};
use serde::Deserialize;

use super::source::{self, problem, CpuList, KeyPath, Ordered, Problem, Scalar, Scalars};
use crate::driver::Tool;

use super::{
    driver_drives, driver_name, driver_row, driver_runs_scripts, driver_speaks, Cores, Driver,
    Load, Protocol, Quick, Scenario, ScriptRef, SearchSpec, ServerEntry, Suite, SuiteHosts,
    SuiteTable, Variant, DRIVERS,
};
use crate::manifest::BUILTIN_VARS;

const DEFAULT_DURATION: Duration = Duration::from_secs(10);
const DEFAULT_WARMUP: Duration = Duration::from_secs(2);
/// A request without its response after this long is a timeout error.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
const DEFAULT_REPEATS: u32 = 3;
/// `--quick` durations when the suite gives none (or a shorter full one).
const QUICK_DURATION: Duration = Duration::from_secs(2);
const QUICK_WARMUP: Duration = Duration::from_secs(1);

// ---------------------------------------------------------------- raw form

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLoad {
    concurrency: Option<Vec<i64>>,
    rate: Option<Vec<f64>>,
    connections: Option<i64>,
    session_rate: Option<Vec<f64>>,
    calls: Option<i64>,
    sessions: Option<i64>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQuick {
    duration: Option<String>,
    warmup: Option<String>,
    levels: Option<Vec<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawServer {
    name: Option<String>,
    label: Option<String>,
    cores: Option<CpuList>,
    vars: Option<Ordered<Scalar>>,
    variants: Option<Ordered<Scalars>>,
    levels: Option<Vec<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    name: Option<String>,
    path: Option<String>,
    protocol: Option<String>,
    method: Option<String>,
    headers: Option<Vec<String>>,
    keepalive: Option<bool>,
    http10: Option<bool>,
    streams: Option<i64>,
    window_bits: Option<i64>,
    connection_window_bits: Option<i64>,
    search: Option<RawSearch>,
    script: Option<String>,
    script_args: Option<Vec<String>>,
}

/// `[[table]]`: scenarios side by side in the reports.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    title: Option<String>,
    scenarios: Option<Vec<String>>,
    columns: Option<Vec<String>>,
}

/// `search = { slo = "p99<=10ms", errors = "0.1%", min = 100, max = 1000000 }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSearch {
    slo: Option<String>,
    errors: Option<String>,
    min: Option<f64>,
    max: Option<f64>,
    precision: Option<String>,
    max_steps: Option<i64>,
    connections: Option<i64>,
}

// ---------------------------------------------------------------- validation

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
        check_drivers(&drivers, &scenarios, &load)?;
        let tables = tables(self.table, &scenarios)?;
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
        })
    }
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

const NAME_EXPECTED: &str = "letters, digits, '-', '_' and '.' only";

/// Names that end up in file names (suites, servers, scenarios).
fn check_name(name: &str, at: &KeyPath, what: &str) -> Result<(), Problem> {
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
fn positive(n: i64, at: &KeyPath, expected: &str) -> Result<u64, Problem> {
    if n >= 1 {
        Ok(n as u64)
    } else {
        Err(problem(at, format!("{n} is not above zero"), expected))
    }
}

fn drivers(driver: Option<&str>, drivers: Option<&[String]>) -> Result<Vec<Driver>, Problem> {
    let root = KeyPath::root();
    let names: Vec<(KeyPath, &str)> = match (driver, drivers) {
        (Some(_), Some(_)) => {
            return Err(problem(
                &root.key("drivers"),
                "both driver and drivers are given",
                "one of them: driver = \"wrk\", or drivers = [\"barrage\", \"wrk\"]",
            ))
        }
        (Some(one), None) => vec![(root.key("driver"), one)],
        (None, Some([])) => {
            return Err(problem(
                &root.key("drivers"),
                "empty",
                "at least one driver",
            ))
        }
        (None, Some(many)) => many
            .iter()
            .enumerate()
            .map(|(i, d)| (root.key("drivers").index(i), d.as_str()))
            .collect(),
        (None, None) => return Ok(vec![Driver::Barrage]),
    };
    let mut out = Vec::new();
    for (at, name) in names {
        let Some(row) = DRIVERS.iter().find(|row| row.1 == name) else {
            let known: Vec<&str> = DRIVERS.iter().map(|row| row.1).collect();
            return Err(problem(
                &at,
                format!("unknown driver {name:?}"),
                format!("one of {}", known.join(", ")),
            ));
        };
        if out.contains(&row.0) {
            return Err(problem(
                &at,
                format!("driver {name} is listed twice"),
                "each driver once",
            ));
        }
        out.push(row.0);
    }
    Ok(out)
}

const LOAD_KINDS: &str = "one of concurrency = [...], rate = [...] (with connections), \
     or session_rate = [...] (with calls and sessions)";

fn load(raw: Option<RawLoad>, at: &KeyPath) -> Result<Load, Problem> {
    let Some(raw) = raw else {
        let expected = format!("a [load] table with {LOAD_KINDS}");
        return Err(problem(at, "missing", expected));
    };
    let given = [
        raw.concurrency.is_some(),
        raw.rate.is_some(),
        raw.session_rate.is_some(),
    ];
    match given.iter().filter(|&&g| g).count() {
        0 => return Err(problem(at, "no load levels", LOAD_KINDS)),
        1 => {}
        _ => return Err(problem(at, "more than one kind of load", LOAD_KINDS)),
    }
    // Keys of the other kinds are mistakes, not ignored.
    let stray = [
        ("connections", raw.connections.is_some(), "rate"),
        ("calls", raw.calls.is_some(), "session_rate"),
        ("sessions", raw.sessions.is_some(), "session_rate"),
    ];
    let kind = if raw.concurrency.is_some() {
        "concurrency"
    } else if raw.rate.is_some() {
        "rate"
    } else {
        "session_rate"
    };
    for (key, set, owner) in stray {
        if set && owner != kind {
            let what = format!("{key} does not apply here");
            return Err(problem(
                &at.key(key),
                what,
                format!("{key} only with {owner}"),
            ));
        }
    }
    if let Some(levels) = raw.concurrency {
        concurrency(&levels, &at.key("concurrency")).map(Load::Concurrency)
    } else if let Some(rates) = raw.rate {
        rate(rates, raw.connections, at)
    } else {
        sessions(raw, at)
    }
}

fn concurrency(levels: &[i64], at: &KeyPath) -> Result<Vec<usize>, Problem> {
    non_empty(levels, at, "connection counts, such as [10, 100, 1000]")?;
    let expected = "a number of connections of 1 or more";
    let mut out = Vec::new();
    for (i, &c) in levels.iter().enumerate() {
        out.push(positive(c, &at.index(i), expected)? as usize);
    }
    Ok(out)
}

fn rate(rates: Vec<f64>, connections: Option<i64>, at: &KeyPath) -> Result<Load, Problem> {
    let rates = rate_levels(rates, &at.key("rate"))?;
    let at = at.key("connections");
    let Some(connections) = connections else {
        let expected = "the number of connections the rate is sent over, such as connections = 100";
        return Err(problem(&at, "missing", expected));
    };
    let connections = positive(connections, &at, "a number of connections of 1 or more")?;
    Ok(Load::Rate {
        rates,
        connections: connections as usize,
    })
}

fn sessions(raw: RawLoad, at: &KeyPath) -> Result<Load, Problem> {
    let rates = raw.session_rate.unwrap_or_default();
    let rates = rate_levels(rates, &at.key("session_rate"))?;
    let calls = match raw.calls {
        Some(c) => positive(c, &at.key("calls"), "requests per session, 1 or more")?,
        None => 1,
    };
    let Some(sessions) = raw.sessions else {
        let expected = "the sessions each level starts, such as sessions = 5000";
        return Err(problem(&at.key("sessions"), "missing", expected));
    };
    let sessions = positive(
        sessions,
        &at.key("sessions"),
        "sessions per level, 1 or more",
    )?;
    Ok(Load::Sessions {
        rates,
        calls: u32::try_from(calls).unwrap_or(u32::MAX),
        sessions,
    })
}

fn non_empty<T>(v: &[T], at: &KeyPath, expected: &str) -> Result<(), Problem> {
    if v.is_empty() {
        Err(problem(at, "empty", format!("at least one: {expected}")))
    } else {
        Ok(())
    }
}

fn rate_levels(rates: Vec<f64>, at: &KeyPath) -> Result<Vec<f64>, Problem> {
    non_empty(&rates, at, "rates per second, such as [100, 200]")?;
    for (i, &r) in rates.iter().enumerate() {
        if !(r.is_finite() && r > 0.0) {
            return Err(problem(
                &at.index(i),
                format!("{r} is not above zero"),
                "a rate per second above zero",
            ));
        }
    }
    Ok(rates)
}

fn quick(
    raw: Option<RawQuick>,
    load: &Load,
    duration: Duration,
    warmup: Duration,
) -> Result<Quick, Problem> {
    let at = KeyPath::root().key("quick");
    let raw = raw.unwrap_or_default();
    let q_duration = match &raw.duration {
        Some(d) => source::positive_duration(d, &at.key("duration"))?,
        None => duration.min(QUICK_DURATION),
    };
    let q_warmup = match &raw.warmup {
        Some(d) => source::parse_duration(d, &at.key("warmup"))?,
        None => warmup.min(QUICK_WARMUP),
    };
    let levels = match raw.levels {
        None => None,
        Some(levels) => {
            let at = at.key("levels");
            non_empty(&levels, &at, "indices of levels, such as [0, 2]")?;
            let n = load.levels();
            let mut out: Vec<usize> = Vec::new();
            for (i, &l) in levels.iter().enumerate() {
                if l < 0 || l as usize >= n {
                    return Err(problem(
                        &at.index(i),
                        format!("no level {l} ({} has {n}, counted from 0)", load.kind()),
                        format!("an index from 0 to {}", n - 1),
                    ));
                }
                if out.last().is_some_and(|&last| last >= l as usize) {
                    return Err(problem(
                        &at.index(i),
                        format!("level {l} out of order"),
                        "indices in increasing order, each once",
                    ));
                }
                out.push(l as usize);
            }
            Some(out)
        }
    };
    Ok(Quick {
        duration: q_duration,
        warmup: q_warmup,
        levels,
    })
}

fn servers(raw: Option<Vec<RawServer>>, load: &Load) -> Result<Vec<ServerEntry>, Problem> {
    let at = KeyPath::root().key("server");
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(problem(
            &at,
            "no server",
            "at least one [[server]] with a name",
        ));
    }
    let mut out: Vec<ServerEntry> = Vec::new();
    for (i, entry) in raw.into_iter().enumerate() {
        let at = at.index(i);
        let expanded = server_entry(entry, &at, load)?;
        for v in &expanded.variants {
            if out
                .iter()
                .flat_map(|e| &e.variants)
                .any(|o| o.label == v.label)
            {
                return Err(problem(
                    &at.key("label"),
                    format!("{:?} names two server variants", v.label),
                    "a different label for each entry of the same server",
                ));
            }
        }
        out.push(expanded);
    }
    Ok(out)
}

/// The key in `variants` that varies the server's cores.
const CORES_KEY: &str = "cores";

fn server_entry(raw: RawServer, at: &KeyPath, load: &Load) -> Result<ServerEntry, Problem> {
    let Some(name) = raw.name else {
        return Err(problem(
            &at.key("name"),
            "missing",
            "the server's name: servers/NAME/server.toml",
        ));
    };
    check_name(&name, &at.key("name"), "server name")?;
    let label = raw.label.unwrap_or_else(|| name.clone());
    if label.trim().is_empty() {
        return Err(problem(
            &at.key("label"),
            "empty",
            "a label naming this entry in results",
        ));
    }
    let mut fixed = BTreeMap::new();
    for (key, Scalar(value)) in raw.vars.unwrap_or_default().0 {
        check_var_name(&key, &at.key("vars").key(&key))?;
        fixed.insert(key, value);
    }
    let mut axes = Vec::new();
    for (key, Scalars(values)) in raw.variants.unwrap_or_default().0 {
        let at = at.key("variants").key(&key);
        if fixed.contains_key(&key) {
            let what = format!("{key} is in both vars and variants");
            return Err(problem(&at, what, "one of them"));
        }
        if key == CORES_KEY && raw.cores.is_some() {
            let what = "cores given twice (cores and variants.cores)";
            return Err(problem(&at, what, "one of them"));
        }
        axes.push(axis(key, values, &at)?);
    }
    let entry_cores = raw.cores.map(|c| c.0);
    let variants = product(&axes)
        .into_iter()
        .map(|choice| variant(&label, &fixed, entry_cores.as_ref(), &axes, &choice))
        .collect();
    let levels = match raw.levels {
        None => None,
        Some(indices) => Some(entry_levels(&indices, &at.key("levels"), load)?),
    };
    Ok(ServerEntry {
        server: name,
        variants,
        levels,
    })
}

/// An entry's `levels`: indices into the load's list, as the levels'
/// magnitudes ([`Level::magnitude`]), which survive `--quick` and
/// `--levels` cutting the list.
fn entry_levels(indices: &[i64], at: &KeyPath, load: &Load) -> Result<Vec<f64>, Problem> {
    let n = load.levels();
    if indices.is_empty() {
        return Err(problem(
            at,
            "empty",
            "indices of the [load] levels this server runs, such as [0]",
        ));
    }
    let mut out = Vec::new();
    for (i, &index) in indices.iter().enumerate() {
        let level = usize::try_from(index).ok().and_then(|i| load.level(i));
        let Some(level) = level else {
            return Err(problem(
                &at.index(i),
                format!("no level {index} ({} has {n}, counted from 0)", load.kind()),
                format!("an index from 0 to {}", n - 1),
            ));
        };
        out.push(level.magnitude());
    }
    Ok(out)
}

/// One key of `variants`: a variable's values, or (`cores`) core lists.
struct Axis {
    key: String,
    values: Vec<String>,
    /// For `cores`: each value parsed.
    cores: Option<Vec<Vec<usize>>>,
}

fn axis(key: String, values: Vec<String>, at: &KeyPath) -> Result<Axis, Problem> {
    non_empty(&values, at, "values, such as [\"1\", \"2\"]")?;
    for (i, v) in values.iter().enumerate() {
        if values[..i].contains(v) {
            let what = format!("{v:?} is listed twice");
            return Err(problem(&at.index(i), what, "each value once"));
        }
    }
    if key != CORES_KEY {
        check_var_name(&key, at)?;
        return Ok(Axis {
            key,
            values,
            cores: None,
        });
    }
    let lists = values
        .iter()
        .enumerate()
        .map(|(i, v)| source::parse_cpu_list(v).map_err(|e| cpu_problem(&at.index(i), e)))
        .collect::<Result<_, _>>()?;
    Ok(Axis {
        key,
        values,
        cores: Some(lists),
    })
}

/// The variant that picks value `choice[i]` on axis `i`.
fn variant(
    label: &str,
    fixed: &BTreeMap<String, String>,
    entry_cores: Option<&Vec<usize>>,
    axes: &[Axis],
    choice: &[usize],
) -> Variant {
    let mut variant = Variant {
        label: label.to_string(),
        vars: fixed.clone(),
        cores: entry_cores.cloned(),
    };
    for (axis, &pick) in axes.iter().zip(choice) {
        let value = &axis.values[pick];
        variant.label.push_str(&format!(" {}={value}", axis.key));
        match &axis.cores {
            Some(lists) => variant.cores = Some(lists[pick].clone()),
            None => {
                variant.vars.insert(axis.key.clone(), value.clone());
            }
        }
    }
    variant
}

/// A cpu-list error ("...; expected ...") as a problem.
fn cpu_problem(at: &KeyPath, message: String) -> Problem {
    let (what, expected) = message.split_once("; expected ").unwrap_or((&message, ""));
    problem(at, what, expected)
}

/// Every combination of one value per axis (indices), the first axis
/// varying slowest; one empty combination when there is no axis.
fn product(axes: &[Axis]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for axis in axes {
        let n = axis.values.len();
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..n).map(move |i| {
                    let mut next = prefix.clone();
                    next.push(i);
                    next
                })
            })
            .collect();
    }
    out
}

fn check_var_name(key: &str, at: &KeyPath) -> Result<(), Problem> {
    let mut chars = key.chars();
    let ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        return Err(problem(
            at,
            format!("invalid variable name {key:?}"),
            "letters, digits and '_', not starting with a digit, such as GOMAXPROCS",
        ));
    }
    if BUILTIN_VARS.contains(&key) || key == CORES_KEY {
        return Err(problem(
            at,
            format!("{key:?} is reserved"),
            format!(
                "a name other than {} and {CORES_KEY} (cores vary only in variants)",
                BUILTIN_VARS.join(", ")
            ),
        ));
    }
    Ok(())
}

fn scenarios(
    raw: Option<Vec<RawScenario>>,
    load: &Load,
    dir: &Path,
) -> Result<Vec<Scenario>, Problem> {
    let at = KeyPath::root().key("scenario");
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(problem(
            &at,
            "no scenario",
            "at least one [[scenario]] with a name and a path",
        ));
    }
    let mut out: Vec<Scenario> = Vec::new();
    for (i, s) in raw.into_iter().enumerate() {
        let at = at.index(i);
        let scenario = scenario(s, &at, load, dir)?;
        if out.iter().any(|o| o.name == scenario.name) {
            return Err(problem(
                &at.key("name"),
                format!("scenario {:?} is defined twice", scenario.name),
                "a different name for each scenario",
            ));
        }
        out.push(scenario);
    }
    Ok(out)
}

fn scenario(raw: RawScenario, at: &KeyPath, load: &Load, dir: &Path) -> Result<Scenario, Problem> {
    let Some(name) = raw.name else {
        return Err(problem(
            &at.key("name"),
            "missing",
            "a name for the scenario, such as \"hello\"",
        ));
    };
    check_name(&name, &at.key("name"), "scenario name")?;
    let Some(path) = raw.path else {
        return Err(problem(
            &at.key("path"),
            "missing",
            "the request's path, such as \"/hello\"",
        ));
    };
    check_path(&path, &at.key("path"))?;
    let protocol = match raw.protocol.as_deref() {
        None => Protocol::H1,
        Some(p) => Protocol::from_name(p).ok_or_else(|| {
            let known: Vec<&str> = Protocol::ALL.iter().map(|p| p.name()).collect();
            problem(
                &at.key("protocol"),
                format!("unknown protocol {p:?}"),
                format!("one of {}", known.join(", ")),
            )
        })?,
    };
    let method = raw.method.unwrap_or_else(|| "GET".to_string());
    if !barrage_engine::is_token(&method) {
        return Err(problem(
            &at.key("method"),
            format!("invalid method {method:?}"),
            "an HTTP token such as GET or HEAD",
        ));
    }
    let mut headers = Vec::new();
    for (i, h) in raw.headers.unwrap_or_default().iter().enumerate() {
        let at = at.key("headers").index(i);
        let (name, value) = header(h, &at)?;
        // What the engine refuses over HTTP/2 and HTTP/3 (Connection,
        // Upgrade, …).
        if protocol.multiplexed() {
            let (engine, version) = if protocol == Protocol::H3 {
                (EngineProtocol::H3, "HTTP/3")
            } else {
                (EngineProtocol::H2, "HTTP/2")
            };
            let one = RequestTemplate {
                headers: vec![(name.clone(), value.clone())],
                ..RequestTemplate::get("/")
            };
            one.validate(engine)
                .map_err(|e| problem(&at, e.message, format!("a header {version} allows")))?;
        }
        headers.push((name, value));
    }
    let keepalive = raw.keepalive.unwrap_or(true);
    let http10 = raw.http10.unwrap_or(false);
    let streams = match raw.streams {
        Some(n) => positive(n, &at.key("streams"), "streams per connection, 1 or more")? as usize,
        None => 1,
    };
    let h1_only = |key: &str, set: bool| -> Result<(), Problem> {
        if set && protocol.multiplexed() {
            Err(problem(
                &at.key(key),
                format!("{key} does not apply to {protocol}"),
                format!("{key} only with h1 or https"),
            ))
        } else {
            Ok(())
        }
    };
    h1_only("keepalive", !keepalive)?;
    h1_only("http10", http10)?;
    let window = |value: Option<i64>, key: &str| -> Result<Option<u8>, Problem> {
        match value {
            None => Ok(None),
            Some(_) if !protocol.is_h2() => Err(problem(
                &at.key(key),
                format!("{key} does not apply to {protocol}"),
                format!("{key} only with h2c or h2"),
            )),
            Some(n @ 1..=30) => Ok(Some(n as u8)),
            Some(n) => Err(problem(
                &at.key(key),
                format!("{n} is out of range"),
                "an exponent from 1 to 30: the window is 2^N-1 bytes (h2load -w/-W; 30 turns flow control off in practice)",
            )),
        }
    };
    let window_bits = window(raw.window_bits, "window_bits")?;
    let connection_window_bits = window(raw.connection_window_bits, "connection_window_bits")?;
    if streams > 1 && !protocol.multiplexed() {
        return Err(problem(
            &at.key("streams"),
            format!("{streams} streams over {protocol}"),
            "streams above 1 only with h2c, h2 or h3 (HTTP/1 sends one request at a time)",
        ));
    }
    let search = match raw.search {
        Some(r) => Some(search(r, &at.key("search"), load)?),
        None => None,
    };
    let script = script(raw.script, raw.script_args, at, dir)?;
    if script.is_some() {
        if search.is_some() {
            return Err(problem(
                &at.key("script"),
                "a script with a capacity search",
                "no script in a search: barrage load --find-max takes only scripts that set the request, and the lab does not read the script",
            ));
        }
        // Neither wrk -s nor barrage load --script takes a method: the
        // script sets it (wrk.method).
        if !method.eq_ignore_ascii_case("GET") {
            return Err(problem(
                &at.key("method"),
                format!("method {method} with a script"),
                format!("the method set in the script (wrk.method = \"{method}\"), as wrk takes it; no method key"),
            ));
        }
    }
    Ok(Scenario {
        name,
        path,
        protocol,
        method,
        headers,
        keepalive,
        http10,
        streams,
        window_bits,
        connection_window_bits,
        search,
        script,
    })
}

/// A scenario's `script` (relative to the suite's directory `dir`, made
/// absolute; the file must exist) and its `script_args`.
fn script(
    path: Option<String>,
    args: Option<Vec<String>>,
    at: &KeyPath,
    dir: &Path,
) -> Result<Option<ScriptRef>, Problem> {
    const EXPECTED: &str =
        "a wrk Lua script, relative to the suite file's directory, such as \"scripts/pipeline.lua\"";
    let Some(path) = path else {
        return match args {
            Some(_) => Err(problem(
                &at.key("script_args"),
                "script_args without a script",
                "script = \"FILE\" with them, or no script_args",
            )),
            None => Ok(None),
        };
    };
    let at_script = at.key("script");
    if path.trim().is_empty() {
        return Err(problem(&at_script, "empty", EXPECTED));
    }
    let given = dir.join(&path);
    let resolved = match std::fs::canonicalize(&given) {
        Ok(p) if p.is_file() => p,
        Ok(p) => {
            return Err(problem(
                &at_script,
                format!("{} is not a file", p.display()),
                EXPECTED,
            ))
        }
        Err(e) => {
            let what = if e.kind() == std::io::ErrorKind::NotFound {
                format!("no file {}", given.display())
            } else {
                format!("cannot read {}: {e}", given.display())
            };
            return Err(problem(&at_script, what, EXPECTED));
        }
    };
    Ok(Some(ScriptRef {
        path: resolved.to_string_lossy().into_owned(),
        args: args.unwrap_or_default(),
    }))
}

/// The `[[table]]`s: each two or more scenarios of the suite with levels,
/// each once; `columns` one label per scenario; the defaults filled in.
fn tables(raw: Option<Vec<RawTable>>, scenarios: &[Scenario]) -> Result<Vec<SuiteTable>, Problem> {
    let with_levels: Vec<&str> = scenarios
        .iter()
        .filter(|s| s.search.is_none())
        .map(|s| s.name.as_str())
        .collect();
    let mut out = Vec::new();
    for (i, t) in raw.unwrap_or_default().into_iter().enumerate() {
        let at = KeyPath::root().key("table").index(i);
        let expected = "the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]";
        let Some(names) = t.scenarios else {
            return Err(problem(&at.key("scenarios"), "missing", expected));
        };
        if names.len() < 2 {
            let what = ["no scenario", "only one scenario"][names.len()];
            return Err(problem(&at.key("scenarios"), what, expected));
        }
        for (j, name) in names.iter().enumerate() {
            let at = at.key("scenarios").index(j);
            if !with_levels.contains(&name.as_str()) {
                let what = if scenarios.iter().any(|s| &s.name == name) {
                    format!("scenario {name:?} is a capacity search, which has no levels")
                } else {
                    format!("unknown scenario {name:?}")
                };
                let known = format!("one of {}", with_levels.join(", "));
                return Err(problem(&at, what, known));
            }
            distinct(&names[..j], name, &at, "scenario")?;
        }
        let columns = match t.columns {
            None => names.clone(),
            Some(columns) => {
                let at = at.key("columns");
                if columns.len() != names.len() {
                    return Err(problem(
                        &at,
                        format!("{} labels for {} scenarios", columns.len(), names.len()),
                        "one label per scenario, in the order of scenarios",
                    ));
                }
                for (j, label) in columns.iter().enumerate() {
                    let at = at.index(j);
                    if label.trim().is_empty() {
                        return Err(problem(
                            &at,
                            "an empty label",
                            "a short label such as \"h2\"",
                        ));
                    }
                    distinct(&columns[..j], label, &at, "label")?;
                }
                columns
            }
        };
        let title = match t.title {
            None => names.join(", "),
            Some(title) if title.trim().is_empty() => {
                return Err(problem(
                    &at.key("title"),
                    "an empty title",
                    "a title, or no title for the scenarios' names",
                ))
            }
            Some(title) => title,
        };
        out.push(SuiteTable {
            title,
            scenarios: names,
            columns,
        });
    }
    Ok(out)
}

/// `value` is not among `before` (the earlier values of a list).
fn distinct(before: &[String], value: &str, at: &KeyPath, what: &str) -> Result<(), Problem> {
    if before.iter().any(|b| b == value) {
        return Err(problem(
            at,
            format!("{what} {value:?} is listed twice"),
            format!("each {what} once"),
        ));
    }
    Ok(())
}

/// A scenario's `search`: the objectives (`slo` and `errors` joined as
/// `--slo` takes them), the range and precision; connections default to the
/// suite's (the most of a concurrency sweep).
fn search(raw: RawSearch, at: &KeyPath, load: &Load) -> Result<SearchSpec, Problem> {
    let expected_slo = "latency objectives such as \"p99<=10ms\" (p50, p90, p99, p99.9, max)";
    let mut parts = Vec::new();
    if let Some(slo) = raw.slo.as_deref() {
        let parsed: Slo = slo
            .parse()
            .map_err(|e: String| problem(&at.key("slo"), e, expected_slo))?;
        if parsed
            .objectives
            .iter()
            .any(|o| matches!(o, Objective::Errors { .. }))
            && raw.errors.is_some()
        {
            return Err(problem(
                &at.key("errors"),
                "errors given twice (in slo and in errors)",
                "the error share in one place: errors = \"0.1%\"",
            ));
        }
        parts.push(slo.trim().to_string());
    }
    if let Some(errors) = raw.errors.as_deref() {
        let one = format!("errors<={}", errors.trim());
        one.parse::<Slo>().map_err(|_| {
            problem(
                &at.key("errors"),
                format!("{errors:?} is not a share"),
                "a share of the requests such as \"0.1%\" or \"0%\"",
            )
        })?;
        parts.push(one);
    }
    if parts.is_empty() {
        return Err(problem(
            at,
            "a search without an objective",
            "slo = \"p99<=10ms\" and/or errors = \"0.1%\"",
        ));
    }
    let slo = parts.join(",");
    let rate = |v: Option<f64>, key: &str, default: f64| -> Result<f64, Problem> {
        match v {
            None => Ok(default),
            Some(r) if r.is_finite() && r > 0.0 => Ok(r),
            Some(r) => Err(problem(
                &at.key(key),
                format!("{r} is not a rate above zero"),
                "requests (or sessions) per second, such as 100",
            )),
        }
    };
    let min = rate(raw.min, "min", 10.0)?;
    let max = rate(raw.max, "max", 1_000_000.0)?;
    if max < min {
        return Err(problem(
            &at.key("max"),
            format!("max {max} is below min {min}"),
            "a highest rate at or above min",
        ));
    }
    let precision = match raw.precision.as_deref() {
        None => 0.02,
        Some(p) => p
            .trim()
            .strip_suffix('%')
            .and_then(|n| n.trim().parse::<f64>().ok())
            .filter(|n| *n > 0.0 && *n < 100.0)
            .map(|n| n / 100.0)
            .ok_or_else(|| {
                problem(
                    &at.key("precision"),
                    format!("{p:?} is not a share"),
                    "a share between 0% and 100%, such as \"2%\"",
                )
            })?,
    };
    let max_steps = match raw.max_steps {
        None => 20,
        Some(n) if n >= 2 => u32::try_from(n).unwrap_or(u32::MAX),
        Some(n) => {
            return Err(problem(
                &at.key("max_steps"),
                format!("{n} steps"),
                "2 or more (a step and its confirmation)",
            ))
        }
    };
    let connections = match (raw.connections, load) {
        (Some(n), _) => positive(n, &at.key("connections"), "connections, 1 or more")? as usize,
        (None, Load::Concurrency(v)) => v.iter().copied().max().unwrap_or(1),
        (None, Load::Rate { connections, .. }) => *connections,
        (None, Load::Sessions { .. }) => 1,
    };
    if raw.connections.is_some() && matches!(load, Load::Sessions { .. }) {
        return Err(problem(
            &at.key("connections"),
            "connections with a session load",
            "no connections: a session search opens one connection per session",
        ));
    }
    Ok(SearchSpec {
        slo,
        min,
        max,
        precision,
        max_steps,
        connections,
    })
}

fn check_path(path: &str, at: &KeyPath) -> Result<(), Problem> {
    let endpoints: Vec<&str> = Endpoint::ALL.iter().map(|e| e.path()).collect();
    let expected = format!(
        "a contract endpoint ({}), with a query if wanted",
        endpoints.join(", ")
    );
    if !path.starts_with('/')
        || path
            .bytes()
            .any(|b| b.is_ascii_whitespace() || b.is_ascii_control())
    {
        return Err(problem(at, format!("invalid path {path:?}"), expected));
    }
    let endpoint = path.split('?').next().unwrap_or(path);
    if Endpoint::from_path(endpoint).is_none() {
        return Err(problem(
            at,
            format!("{endpoint} is not an endpoint of the contract"),
            expected,
        ));
    }
    Ok(())
}

fn header(h: &str, at: &KeyPath) -> Result<(String, String), Problem> {
    const EXPECTED: &str = "\"Name: value\", such as \"Accept: */*\"";
    let Some((name, value)) = h.split_once(':') else {
        return Err(problem(at, format!("{h:?} has no colon"), EXPECTED));
    };
    let value = value.trim();
    // The engine's check, so a suite accepts exactly what the load can send.
    barrage_engine::check_header(name, value).map_err(|e| problem(at, e, EXPECTED))?;
    Ok((name.to_string(), value.to_string()))
}

/// Every driver must speak every scenario's protocol and run the load's kind.
fn check_drivers(drivers: &[Driver], scenarios: &[Scenario], load: &Load) -> Result<(), Problem> {
    let root = KeyPath::root();
    let driver_key = |i: usize| {
        if drivers.len() == 1 {
            root.key("driver")
        } else {
            root.key("drivers").index(i)
        }
    };
    let able = |ok: &dyn Fn(Driver) -> bool| {
        DRIVERS
            .iter()
            .filter(|row| ok(row.0))
            .map(|row| row.1)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (i, &d) in drivers.iter().enumerate() {
        let name = driver_name(d);
        if !driver_drives(d, load) {
            return Err(problem(
                &driver_key(i),
                format!("{name} cannot run a {} load", load.kind()),
                format!("a driver that can: {}", able(&|d| driver_drives(d, load))),
            ));
        }
        // A search runs on barrage's engine, whatever the driver.
        for (j, s) in scenarios
            .iter()
            .enumerate()
            .filter(|(_, s)| s.search.is_none())
        {
            if !driver_speaks(d, s.protocol) {
                let speaks: Vec<&str> = driver_row(d).2.iter().map(|p| p.name()).collect();
                return Err(problem(
                    &root.key("scenario").index(j).key("protocol"),
                    format!("driver {name} cannot send {}", s.protocol),
                    format!(
                        "{} with {name}, or a driver that speaks {}: {}",
                        speaks.join(" or "),
                        s.protocol,
                        able(&|d| driver_speaks(d, s.protocol))
                    ),
                ));
            }
            // A wrk script runs on wrk and on barrage (which runs wrk's
            // scripts), on no other tool.
            if s.script.is_some() && !driver_runs_scripts(d) {
                return Err(problem(
                    &root.key("scenario").index(j).key("script"),
                    format!(
                        "driver {name} cannot run scenario {:?}, which has a script: only wrk and barrage run wrk scripts",
                        s.name
                    ),
                    "drivers wrk and barrage only, or the scenario without a script",
                ));
            }
            // The driver has the last word on what else it cannot do
            // (HTTP/1.0 for h2load, a method…), for every level.
            for level in (0..load.levels()).filter_map(|l| load.level(l)) {
                if let Err(why) = d.supports(s, &level) {
                    return Err(problem(
                        &root.key("scenario").index(j),
                        format!(
                            "driver {name} cannot run scenario {:?} at {level}: {why}",
                            s.name
                        ),
                        "another driver (barrage runs every scenario)".to_string(),
                    ));
                }
            }
        }
    }
    Ok(())
}
