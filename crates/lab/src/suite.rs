//! Suites (`suites/NAME.toml`): servers with their variants, scenarios,
//! load levels, the driver, durations, repeats and cores. The format is
//! documented in docs/suites.md.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A parsed, validated suite.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suite {
    pub name: String,
    pub description: String,
    /// Server entries, each expanded into its variants.
    pub servers: Vec<ServerEntry>,
    pub scenarios: Vec<Scenario>,
    pub load: Load,
    pub driver: Driver,
    pub duration: Duration,
    pub warmup: Duration,
    pub repeats: u32,
    pub cores: Cores,
    /// What `--quick` changes.
    pub quick: Quick,
}

/// One server of a suite: a manifest name and the variants to run it in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerEntry {
    /// `servers/NAME/server.toml`.
    pub server: String,
    /// Every combination of the variant values, e.g. `GOMAXPROCS=1`, then `=2`.
    pub variants: Vec<Variant>,
}

/// Values substituted into a server's manifest (`{GOMAXPROCS}`) and set in
/// its environment; `label` names the variant in results (`nginx GOMAXPROCS=2`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Variant {
    pub label: String,
    pub vars: BTreeMap<String, String>,
}

/// The protocol a scenario speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// HTTP/1.1 (or 1.0 with `http10`) over TCP.
    H1,
    /// HTTP/2 with prior knowledge over TCP.
    H2c,
    /// HTTP/2 over TLS (ALPN h2).
    H2,
    /// HTTP/1.1 over TLS.
    Https,
}

/// One request shape, sent to every server.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Scenario {
    pub name: String,
    /// Path and query, e.g. `/hello` or `/xml?value=benchmarks`.
    pub path: String,
    pub protocol: Protocol,
    pub method: String,
    /// Extra headers as `(name, value)`.
    pub headers: Vec<(String, String)>,
    /// HTTP/1: keep connections alive (default true).
    pub keepalive: bool,
    /// HTTP/1.0 requests, as ab sends them.
    pub http10: bool,
    /// HTTP/2: streams per connection.
    pub streams: usize,
}

/// The load levels swept, in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Load {
    /// Closed loop at these connection counts.
    Concurrency(Vec<usize>),
    /// Open loop at these request rates per second, with `connections` each.
    Rate { rates: Vec<f64>, connections: usize },
    /// httperf-style sessions: these connection rates, `calls` each, `sessions` in all per level.
    Sessions { rates: Vec<f64>, calls: u32, sessions: u64 },
}

impl Load {
    pub fn levels(&self) -> usize {
        match self {
            Load::Concurrency(v) => v.len(),
            Load::Rate { rates, .. } | Load::Sessions { rates, .. } => rates.len(),
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

/// CPU cores given to the server under test and to the client (empty: no pinning).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cores {
    pub server: Vec<usize>,
    pub client: Vec<usize>,
}

/// `--quick`: shorter, fewer levels, one repeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Quick {
    pub duration: Duration,
    pub warmup: Duration,
    /// Levels kept (by index in the full list; default: first and last).
    pub levels: Option<Vec<usize>>,
}
