//! A suite as it ran: servers with their variants, scenarios, load levels,
//! drivers, durations, repeats and cores. The lab reads suite files into
//! these types (and validates them there); results.json records them; the
//! reports read them back. Pure data and arithmetic on it: nothing here
//! reads a file or runs anything.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use barrage_contract::Workload;
use serde::{Deserialize, Serialize};

use crate::check::Check;
use crate::client_bound::CpuUse;
use crate::load::WsMode;

mod counted;
mod grpc;
mod quick;
mod wire;
mod ws;

pub use counted::Counted;
pub use grpc::{GrpcScenario, BENCH_CALL, BENCH_DATA, BENCH_PROTO};
pub use quick::Quick;
pub use wire::Wire;
pub use ws::WsScenario;

/// A parsed, validated suite.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Suite {
    pub name: String,
    pub description: String,
    /// Server entries, each expanded into its variants.
    pub servers: Vec<ServerEntry>,
    pub scenarios: Vec<Scenario>,
    pub load: Load,
    /// The first of `drivers`.
    pub driver: Driver,
    pub duration: Duration,
    pub warmup: Duration,
    /// A request without its response after this long is a timeout error
    /// (httperf's `--timeout`, wrk's `--timeout`, ab's `-s`).
    pub timeout: Duration,
    pub repeats: u32,
    pub cores: Cores,
    /// What `--quick` changes.
    pub quick: Quick,
    /// Set by `--quick`: each session level starts at most as many sessions
    /// as arrive at its rate in this window (so it lasts about as long).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_window: Option<Duration>,
    /// Every driver, in order (`drivers = [...]`; one for `driver = "..."`):
    /// each level runs once per driver.
    pub drivers: Vec<Driver>,
    /// Which hosts run the server and the load (`server_host`,
    /// `client_hosts`); none: this machine, as the cores say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hosts: Option<SuiteHosts>,
    /// Tables that put scenarios side by side (`[[table]]`), in the file's
    /// order; results.json written before they existed has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<SuiteTable>,
    /// The services the servers need (`[[service]]`, docs/suites.md
    /// "Services"), started before the first server and stopped after the
    /// last; none in results written before services existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub services: Vec<Service>,
}

/// A `[[service]]` of a suite: a database the servers talk to, run by the
/// lab through its whole life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Service {
    /// Its name (`name`, default the kind's: `postgres`).
    pub name: String,
    pub kind: ServiceKind,
    /// The host it runs on in a run across hosts (a host of the lab file);
    /// none: the server's host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// Its cores (`cores = [2]`); none: a core of its host that neither the
    /// server nor the load has, where there is one, else not pinned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cores: Option<Vec<usize>>,
    /// Settings over the lab's defaults (for PostgreSQL: `postgresql.conf`
    /// names and values, `max_connections = "512"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub settings: BTreeMap<String, String>,
}

impl Service {
    /// `[[service]] kind = "postgres"` with nothing else given: named
    /// `postgres`, on the server's host, cores and settings the lab's.
    pub fn postgres() -> Service {
        Service {
            name: "postgres".into(),
            kind: ServiceKind::Postgres,
            host: None,
            cores: None,
            settings: BTreeMap::new(),
        }
    }
}

/// What a service is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServiceKind {
    /// PostgreSQL 15 from Debian's packages, with the database workloads'
    /// data (`data/database/hello_world.sql`).
    Postgres,
}

/// A `[[table]]` of a suite: scenarios side by side, the reports' first
/// tables ([`crate::table::side_by_side`]). The lab fills in every field
/// (the defaults of the file resolved), so the results say what is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteTable {
    /// The heading: the file's `title`, else the scenarios' names joined
    /// by ", ".
    pub title: String,
    /// Two or more scenarios of the suite (none a capacity search), in
    /// column order.
    pub scenarios: Vec<String>,
    /// The label of each scenario's columns, one per scenario: the file's
    /// `columns`, else the scenarios' names.
    pub columns: Vec<String>,
}

/// A suite's hosts: names in an inventory (`barrage run --hosts FILE`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SuiteHosts {
    /// The host the server runs on.
    pub server: String,
    /// The hosts the load comes from, all at once.
    pub clients: Vec<String>,
    /// The inventory used when `--hosts` is not given, relative to the
    /// suite's file (`inventory = "labs/three-clients.toml"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inventory: Option<String>,
}

/// One server of a suite: a manifest name and the variants to run it in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ServerEntry {
    /// `servers/NAME/server.toml`.
    pub server: String,
    /// Every combination of the variant values, e.g. `GOMAXPROCS=1`, then `=2`.
    pub variants: Vec<Variant>,
    /// Only the levels of these magnitudes ([`Level::magnitude`]), from
    /// the entry's `levels` (indices into the suite's list); `None`: all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<Vec<f64>>,
}

impl ServerEntry {
    /// This entry runs `level`.
    pub fn runs(&self, level: &Level) -> bool {
        self.levels
            .as_ref()
            .is_none_or(|keep| keep.contains(&level.magnitude()))
    }
}

/// Values substituted into a server's manifest (`{GOMAXPROCS}`) and set in
/// its environment; `label` names the variant in results (`nginx GOMAXPROCS=2`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    pub label: String,
    pub vars: BTreeMap<String, String>,
    /// The server's cores for this variant, when the suite gives them per
    /// server or as a variant (`cores = ["1", "1-7"]`); `None`: the suite's
    /// `cores.server`. `Some(empty)`: not pinned (`"all"`).
    #[serde(default)]
    pub cores: Option<Vec<usize>>,
}

/// One request shape, sent to every server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    /// Path and query, e.g. `/hello` or `/xml?value=benchmarks`.
    pub path: String,
    pub protocol: Wire,
    pub method: String,
    /// Extra headers as `(name, value)`.
    pub headers: Vec<(String, String)>,
    /// HTTP/1: keep connections alive (default true).
    pub keepalive: bool,
    /// HTTP/1.0 requests, as ab sends them.
    pub http10: bool,
    /// HTTP/2 and HTTP/3: streams per connection.
    pub streams: usize,
    /// HTTP/2: the stream window the client announces, as 2^N-1 bytes
    /// (h2load's `-w`); `None`: the driver's default (2^30-1 for h2load
    /// 1.52 and for barrage).
    pub window_bits: Option<u8>,
    /// HTTP/2: the connection window, as 2^N-1 bytes (h2load's `-W`).
    pub connection_window_bits: Option<u8>,
    /// A capacity search instead of the suite's levels: each server's
    /// highest rate within an objective.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchSpec>,
    /// Efficiency at a fixed rate instead of the suite's levels: each
    /// server start runs one open-loop level at this rate, and the report
    /// ranks the servers by their CPU per response (docs/suites.md,
    /// "Efficiency at a fixed rate"). None in results written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub efficiency: Option<EfficiencySpec>,
    /// A wrk Lua script run with the load (`script`, `script_args`), as
    /// wrk's `-s` and `barrage load --script` take it; wrk and barrage
    /// only. Results written before scripts existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<ScriptRef>,
    /// The contract workload this scenario loads (written by its name,
    /// e.g. `json`), when it is one: the request shape comes from the
    /// workload, and the lab validates each server on it before any load.
    /// Results written before workloads existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload: Option<Workload>,
    /// The mix file the load sends (`barrage load --mix FILE`, absolute
    /// path): a workload scenario whose load is more than one plain GET
    /// (`barrage_contract::shape`), the file checked in under
    /// `data/workloads/mix/`. None for the other scenarios.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mix: Option<String>,
    /// N of a `queries` or `updates` workload scenario (`queries = 20`,
    /// `/queries?queries=N`); none for every other scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queries: Option<usize>,
    /// A WebSocket scenario's messages (`protocol = "ws"` or `"wss"`): set
    /// for those, with the defaults filled in, and none for every other.
    /// Results written before WebSocket existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ws: Option<WsScenario>,
    /// A gRPC scenario's call (`protocol = "grpc"` or `"grpcs"`): set for
    /// those, with the defaults filled in, and none for every other.
    /// Results written before gRPC existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc: Option<GrpcScenario>,
    /// Thresholds each level must meet (`check = "p99<=10ms,rate>=1000"`,
    /// as `barrage load --check`; a search: its answer). None in results
    /// written before checks existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
}

/// A scenario's wrk script: the file and the words of its `init(args)`.
/// The script and the scenario's keys are independent: `headers` reach the
/// script as `wrk.headers` (wrk's `-H`), and whatever the script sets
/// (method, path, headers, body, its hooks) is what is sent. The method is
/// the script's alone (the lab refuses a `method` other than GET with a
/// script: neither wrk nor `barrage load --script` takes one besides).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScriptRef {
    /// The script's absolute path (the suite gives it relative to its file).
    pub path: String,
    /// The script's arguments (`script_args`): wrk's words after the URL,
    /// barrage's after `--`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
}

/// A scenario's efficiency at a fixed rate (`efficiency = { rate = 2000,
/// connections = 100 }`): one open-loop level per server start, requests
/// (or messages, calls) per second over `connections`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct EfficiencySpec {
    pub rate: f64,
    pub connections: usize,
}

impl EfficiencySpec {
    /// The one level it runs.
    pub fn level(&self) -> Level {
        Level::Rate {
            rate: self.rate,
            connections: self.connections,
        }
    }
}

/// A scenario's capacity search (`search = { slo = "p99<=10ms", errors =
/// "0.1%", min = 100, max = 1000000 }`): for each server, the highest rate
/// at which every step meets `slo` (`barrage load --find-max`). Requests
/// per second in the open loop, or sessions per second when the suite's
/// load is sessions (each of the suite's `calls`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchSpec {
    /// The objectives as `--slo` takes them, errors included:
    /// `p99<=10ms,errors<=0.1%`.
    pub slo: String,
    /// The rates searched, per second.
    pub min: f64,
    pub max: f64,
    /// How close the answer is to the true capacity (0.02: 2%).
    pub precision: f64,
    /// Steps at most, the confirmation included.
    pub max_steps: u32,
    /// Open loop: connections to start with (more open while all are busy,
    /// up to ten times as many).
    pub connections: usize,
}

impl Scenario {
    /// A `GET` of `path` with the defaults a suite file gives (keep-alive,
    /// HTTP/1.1 or one stream, no extra headers), named after its path.
    pub fn get(protocol: Wire, path: &str) -> Scenario {
        Scenario {
            workload: None,
            mix: None,
            queries: None,
            name: path.into(),
            path: path.into(),
            protocol,
            method: "GET".into(),
            headers: Vec::new(),
            keepalive: true,
            http10: false,
            streams: 1,
            window_bits: None,
            connection_window_bits: None,
            search: None,
            efficiency: None,
            script: None,
            ws: None,
            grpc: None,
            check: None,
        }
    }

    /// A WebSocket echo of `path` (`/ws`) with the defaults of
    /// [`WsScenario::echo`], named after its path.
    pub fn ws(protocol: Wire, path: &str) -> Scenario {
        Scenario {
            ws: Some(WsScenario::echo()),
            ..Scenario::get(protocol, path)
        }
    }

    /// Its levels count WebSocket messages (messages/s, round trips), not
    /// requests.
    pub fn is_ws(&self) -> bool {
        self.protocol.is_ws()
    }

    /// What its levels count, in the reports' words.
    pub fn counted(&self) -> Counted {
        match &self.grpc {
            Some(g) => Counted::grpc(g.unit),
            None => Counted::of(self.protocol),
        }
    }

    /// A WebSocket scenario's messages in words (`echo of 64-byte text
    /// messages, 1 in flight per connection`); none for HTTP.
    pub fn ws_line(&self) -> Option<String> {
        let ws = self.ws.as_ref()?;
        Some(match ws.mode {
            WsMode::Subscribe => "messages pushed by the server".to_string(),
            WsMode::Echo => format!(
                "echo of {}-byte {} messages, {} in flight per connection",
                ws.message_bytes,
                if ws.binary { "binary" } else { "text" },
                ws.in_flight
            ),
        })
    }

    /// The contract endpoint of `path` (its part before `?`).
    pub fn endpoint(&self) -> &str {
        self.path.split('?').next().unwrap_or(&self.path)
    }
}

/// The load levels swept, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Load {
    /// Closed loop at these connection counts.
    Concurrency(Vec<usize>),
    /// Open loop at these request rates per second, with `connections` each.
    Rate { rates: Vec<f64>, connections: usize },
    /// httperf-style sessions: these connection rates, `calls` each, `sessions` in all per level.
    Sessions {
        rates: Vec<f64>,
        calls: u32,
        sessions: u64,
    },
}

impl Load {
    /// The number of levels.
    pub fn levels(&self) -> usize {
        match self {
            Load::Concurrency(v) => v.len(),
            Load::Rate { rates, .. } | Load::Sessions { rates, .. } => rates.len(),
        }
    }

    /// Level `index` (from 0), if there is one.
    pub fn level(&self, index: usize) -> Option<Level> {
        Some(match self {
            Load::Concurrency(v) => Level::Connections(*v.get(index)?),
            Load::Rate { rates, connections } => Level::Rate {
                rate: *rates.get(index)?,
                connections: *connections,
            },
            Load::Sessions {
                rates,
                calls,
                sessions,
            } => Level::Sessions {
                rate: *rates.get(index)?,
                calls: *calls,
                sessions: *sessions,
            },
        })
    }

    /// The kind of load, as the file names it: `concurrency`, `rate`, `session_rate`.
    pub fn kind(&self) -> &'static str {
        match self {
            Load::Concurrency(_) => "concurrency",
            Load::Rate { .. } => "rate",
            Load::Sessions { .. } => "session_rate",
        }
    }

    /// Only the levels at `indices` (which must exist).
    pub fn subset(&self, indices: &[usize]) -> Load {
        match self {
            Load::Concurrency(v) => Load::Concurrency(indices.iter().map(|&i| v[i]).collect()),
            Load::Rate { rates, connections } => Load::Rate {
                rates: indices.iter().map(|&i| rates[i]).collect(),
                connections: *connections,
            },
            Load::Sessions {
                rates,
                calls,
                sessions,
            } => Load::Sessions {
                rates: indices.iter().map(|&i| rates[i]).collect(),
                calls: *calls,
                sessions: *sessions,
            },
        }
    }
}

/// Which load generator runs the load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Driver {
    Barrage,
    Wrk,
    H2load,
    Ab,
    Httperf,
}

impl Driver {
    /// Every driver, in the order the docs list them.
    pub const ALL: [Driver; 5] = [
        Driver::Barrage,
        Driver::Wrk,
        Driver::H2load,
        Driver::Ab,
        Driver::Httperf,
    ];

    /// The driver's name in suites and results.
    pub fn name(self) -> &'static str {
        match self {
            Driver::Barrage => "barrage",
            Driver::Wrk => "wrk",
            Driver::H2load => "h2load",
            Driver::Ab => "ab",
            Driver::Httperf => "httperf",
        }
    }
}

impl Driver {
    /// What its CPU share says of it. httperf busy-polls its core by
    /// design: its CPU is full at any load, and it is judged by what it
    /// offered (its session rate, its own socket errors) instead.
    pub fn cpu_use(self) -> CpuUse {
        match self {
            Driver::Httperf => CpuUse::Spins,
            Driver::Barrage | Driver::Wrk | Driver::H2load | Driver::Ab => CpuUse::Counts,
        }
    }
}

impl fmt::Display for Driver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// CPU cores given to the server under test and to the client (empty: no pinning).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cores {
    pub server: Vec<usize>,
    pub client: Vec<usize>,
}

impl Suite {
    /// The scenario called `name`.
    ///
    /// # Panics
    /// When the suite has none (every [`PlannedRun`]'s scenario exists).
    pub fn scenario(&self, name: &str) -> &Scenario {
        self.scenarios
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("suite {} has no scenario {name:?}", self.name))
    }

    /// The scenario called `name`, if the suite has one.
    pub fn scenario_named(&self, name: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.name == name)
    }

    /// The cores `variant`'s server is pinned to (empty: not pinned).
    pub fn server_cores<'a>(&'a self, variant: &'a Variant) -> &'a [usize] {
        variant.cores.as_deref().unwrap_or(&self.cores.server)
    }
}

/// Steps a capacity search usually takes (for time estimates).
pub const TYPICAL_SEARCH_STEPS: u32 = 12;

/// One load level, as run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Level {
    /// Closed loop over this many connections.
    Connections(usize),
    /// Open loop: `rate` requests per second over `connections`.
    Rate { rate: f64, connections: usize },
    /// `rate` new sessions (connections) per second, `calls` requests each,
    /// `sessions` in all.
    Sessions {
        rate: f64,
        calls: u32,
        sessions: u64,
    },
    /// A capacity search (a scenario with `search`): steps of the suite's
    /// duration, requests per second over connections, or sessions of
    /// `calls` calls when `calls` is set.
    Search {
        spec: SearchSpec,
        calls: Option<u32>,
    },
}

impl Level {
    /// What identifies the level in its list: connections, the rate, or
    /// the session rate (sessions per level change under `--quick`); a
    /// search's highest rate.
    pub fn magnitude(&self) -> f64 {
        match self {
            Level::Connections(c) => *c as f64,
            Level::Rate { rate, .. } | Level::Sessions { rate, .. } => *rate,
            Level::Search { spec, .. } => spec.max,
        }
    }

    /// Whether this is a capacity search rather than one level.
    pub fn is_search(&self) -> bool {
        matches!(self, Level::Search { .. })
    }

    /// How long the measured window lasts: `duration`, except for sessions,
    /// which last as long as starting them all takes (sessions / rate),
    /// and for a search, whose steps each last `duration`: the time of
    /// [`TYPICAL_SEARCH_STEPS`] of them (an estimate; the search decides).
    pub fn window(&self, duration: Duration) -> Duration {
        match self {
            Level::Sessions { rate, sessions, .. } => {
                Duration::from_secs_f64(*sessions as f64 / rate)
            }
            Level::Search { .. } => duration * TYPICAL_SEARCH_STEPS,
            _ => duration,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Connections(c) => write!(f, "c={c}"),
            Level::Rate { rate, .. } => write!(f, "rate={rate}/s"),
            Level::Sessions { rate, calls, .. } => write!(f, "sessions {rate}/s x{calls}"),
            Level::Search {
                spec,
                calls: Some(calls),
            } => write!(f, "search sessions x{calls} {}", spec.slo),
            Level::Search { spec, calls: None } => write!(f, "search {}", spec.slo),
        }
    }
}
