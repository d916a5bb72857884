//! Suites (`suites/NAME.toml`): servers with their variants, scenarios,
//! load levels, the driver(s), durations, repeats and cores. Read here,
//! validated in `suite/raw.rs`, planned into runs in `suite/plan.rs`; the
//! format is documented in docs/suites.md. Runs nothing and reads no
//! manifest.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

mod plan;
mod raw;
pub(crate) mod source;
#[cfg(test)]
mod tests;

pub use plan::{Level, Plan, PlannedRun, START_OVERHEAD};
pub use source::FormatError;

use raw::RawSuite;
use source::Source;

/// A parsed, validated suite.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_window: Option<Duration>,
    /// Every driver, in order (`drivers = [...]`; one for `driver = "..."`):
    /// each level runs once per driver.
    pub drivers: Vec<Driver>,
}

/// One server of a suite: a manifest name and the variants to run it in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerEntry {
    /// `servers/NAME/server.toml`.
    pub server: String,
    /// Every combination of the variant values, e.g. `GOMAXPROCS=1`, then `=2`.
    pub variants: Vec<Variant>,
    /// Only the levels of these magnitudes ([`Level::magnitude`]), from
    /// the entry's `levels` (indices into the suite's list); `None`: all.
    #[serde(skip_serializing_if = "Option::is_none")]
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

impl Protocol {
    /// Every protocol, in the order the docs list them.
    pub const ALL: [Protocol; 4] = [Protocol::H1, Protocol::H2c, Protocol::H2, Protocol::Https];

    /// The name used in suites and manifests: `h1`, `h2c`, `h2`, `https`.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::H1 => "h1",
            Protocol::H2c => "h2c",
            Protocol::H2 => "h2",
            Protocol::Https => "https",
        }
    }

    /// Over TLS (h2, https): served on `{tls_port}`; the others on `{port}`.
    pub fn is_tls(self) -> bool {
        matches!(self, Protocol::H2 | Protocol::Https)
    }

    /// HTTP/2 (h2c, h2).
    pub fn is_h2(self) -> bool {
        matches!(self, Protocol::H2c | Protocol::H2)
    }

    /// The protocol called `name` in the files.
    pub fn from_name(name: &str) -> Option<Protocol> {
        Protocol::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
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
    /// HTTP/2: the stream window the client announces, as 2^N-1 bytes
    /// (h2load's `-w`); `None`: the driver's default (2^30-1 for h2load
    /// 1.52 and for barrage).
    pub window_bits: Option<u8>,
    /// HTTP/2: the connection window, as 2^N-1 bytes (h2load's `-W`).
    pub connection_window_bits: Option<u8>,
}

impl Scenario {
    /// A `GET` of `path` with the defaults a suite file gives (keep-alive,
    /// HTTP/1.1 or one stream, no extra headers), named after its path.
    pub fn get(protocol: Protocol, path: &str) -> Scenario {
        Scenario {
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
        }
    }

    /// The contract endpoint of `path` (its part before `?`).
    pub fn endpoint(&self) -> &str {
        self.path.split('?').next().unwrap_or(&self.path)
    }
}

/// The load levels swept, in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    fn subset(&self, indices: &[usize]) -> Load {
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

/// What each driver can do, checked when a suite is read. The drivers
/// (driver.rs) decide how; this table only says whether.
const DRIVERS: [(Driver, &str, &[Protocol], &[&str]); 5] = [
    (
        Driver::Barrage,
        "barrage",
        &Protocol::ALL,
        &["concurrency", "rate", "session_rate"],
    ),
    (
        Driver::Wrk,
        "wrk",
        &[Protocol::H1, Protocol::Https],
        &["concurrency"],
    ),
    (
        Driver::H2load,
        "h2load",
        &Protocol::ALL,
        // h2load's --rate starts connections, not requests: no open loop.
        &["concurrency"],
    ),
    (
        Driver::Ab,
        "ab",
        &[Protocol::H1, Protocol::Https],
        &["concurrency"],
    ),
    (
        Driver::Httperf,
        "httperf",
        &[Protocol::H1],
        &["session_rate"],
    ),
];

fn driver_row(
    d: Driver,
) -> &'static (
    Driver,
    &'static str,
    &'static [Protocol],
    &'static [&'static str],
) {
    DRIVERS
        .iter()
        .find(|row| row.0 == d)
        .expect("every driver has a row")
}

/// The driver's name in suites.
pub(crate) fn driver_name(d: Driver) -> &'static str {
    driver_row(d).1
}

fn driver_speaks(d: Driver, p: Protocol) -> bool {
    driver_row(d).2.contains(&p)
}

fn driver_drives(d: Driver, load: &Load) -> bool {
    driver_row(d).3.contains(&load.kind())
}

/// CPU cores given to the server under test and to the client (empty: no pinning).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
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

impl Suite {
    /// Reads and validates a suite file.
    pub fn load(path: &Path) -> Result<Suite, FormatError> {
        Suite::from_source(Source::read(path, "suite file")?, path)
    }

    /// Validates a suite given as text; `path` names it in errors and gives
    /// the default name (its file stem).
    pub fn parse(text: &str, path: &Path) -> Result<Suite, FormatError> {
        Suite::from_source(Source::new(path, text.to_string()), path)
    }

    fn from_source(mut source: Source, path: &Path) -> Result<Suite, FormatError> {
        let raw: RawSuite = source.parse()?;
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        raw.validate(stem.unwrap_or_default())
            .map_err(|p| source.error(p))
    }

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

    /// The cores `variant`'s server is pinned to (empty: not pinned).
    pub fn server_cores<'a>(&'a self, variant: &'a Variant) -> &'a [usize] {
        variant.cores.as_deref().unwrap_or(&self.cores.server)
    }

    /// Indices of the levels `--quick` keeps: `quick.levels`, or the first
    /// and the last.
    pub fn quick_levels(&self) -> Vec<usize> {
        match &self.quick.levels {
            Some(levels) => levels.clone(),
            None => {
                let n = self.load.levels();
                let mut v = vec![0, n.saturating_sub(1)];
                v.dedup();
                v
            }
        }
    }

    /// The suite with only the levels at these indices of its level list
    /// (`barrage run --levels`), which `--quick` then keeps as they are.
    pub fn with_levels(&self, indices: &[usize]) -> Result<Suite, String> {
        let n = self.load.levels();
        if indices.is_empty() {
            return Err("--levels: no level given; expected indices such as 0 or 0,2".into());
        }
        if let Some(&bad) = indices.iter().find(|&&i| i >= n) {
            return Err(format!(
                "--levels: no level {bad} (the suite has {n}, counted from 0); expected indices from 0 to {}",
                n - 1
            ));
        }
        let mut kept = indices.to_vec();
        kept.sort_unstable();
        kept.dedup();
        let load = self.load.subset(&kept);
        Ok(Suite {
            quick: Quick {
                levels: Some((0..kept.len()).collect()),
                ..self.quick.clone()
            },
            load,
            ..self.clone()
        })
    }

    /// The suite as it runs: itself, or with `--quick` applied (quick
    /// durations, one repeat, only the quick levels, sessions cut to the
    /// quick duration). Planning the result with `quick = false` gives the
    /// same runs as planning `self` with `quick = true`, but level indices
    /// count in the reduced list.
    pub fn effective(&self, quick: bool) -> Suite {
        if !quick {
            return self.clone();
        }
        let load = self.load.subset(&self.quick_levels());
        Suite {
            duration: self.quick.duration,
            warmup: self.quick.warmup,
            repeats: 1,
            session_window: Some(self.quick.duration),
            load,
            quick: Quick {
                levels: None,
                ..self.quick.clone()
            },
            ..self.clone()
        }
    }
}

/// Sessions of a quick level: at most as many as start in `window` at `rate`.
pub(crate) fn quick_sessions(rate: f64, sessions: u64, window: Duration) -> u64 {
    let fit = (rate * window.as_secs_f64()).ceil().max(1.0) as u64;
    sessions.min(fit)
}
