//! Server manifests (`servers/NAME/server.toml`): how to build, start, know
//! ready, and ask the version of one server under test, what it serves and
//! what it needs; parsed and validated here, with the `{NAME}` substitution
//! of their templates. The format is documented in docs/suites.md. Starts
//! nothing (process.rs does).

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use barrage_contract::{Endpoint, Workload};
use barrage_model::warmup::WarmupPlan;
use serde::{Deserialize, Serialize};

use crate::suite::raw::ws::WS_PATH;
use crate::suite::source::{self, problem, KeyPath, Ordered, Problem, Scalar, Source};
use crate::suite::{FormatError, Scenario, Variant, Wire};

/// A parsed manifest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerSpec {
    pub name: String,
    pub description: String,
    /// The manifest's directory (`{dir}` in commands); absolute when loaded
    /// from a file.
    pub dir: PathBuf,
    /// Run once before the first start, again only when `build.sources` changed.
    pub build: Option<Build>,
    pub start: Start,
    pub ready: Ready,
    /// A command whose first output line is the version.
    pub version: Option<Vec<String>>,
    /// Contract endpoints served: `/hello`, `/xml`, `/static/6b`,
    /// `/static/4k`, … and `/ws` (the WebSocket echo).
    pub endpoints: Vec<String>,
    pub protocols: Vec<Wire>,
    /// Workloads of the contract's second edition it implements
    /// (`workloads = [...]`, docs/workloads.md); validated before any load.
    #[serde(serialize_with = "workload_names")]
    pub workloads: Vec<Workload>,
    pub requires: Requires,
    /// Set when the server cannot be obtained here: why, and how to add it.
    pub unavailable: Option<String>,
    /// Headers the contract requires that this server cannot send (nghttpd
    /// sends no Content-Type for a file without an extension): its probes
    /// record them as deviations instead of problems.
    pub missing_headers: Vec<String>,
    /// The variables the templates may use beyond the built-ins, with their
    /// defaults (`[vars]`); a suite's variant overrides them
    /// ([`ServerSpec::variables`]).
    pub vars: BTreeMap<String, String>,
    /// Connections in its database pool (`[database] pool = 16`): given to
    /// it as `DATABASE_POOL` and `{database_pool}`, shown in the report.
    pub database_pool: Option<u32>,
    /// How long the lab warms it until steady (`[warmup] min`, `cap`;
    /// docs/suites.md "Warm-up"): a JIT runtime or a cache asks for more.
    #[serde(skip)]
    pub warmup: WarmupPlan,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Build {
    pub command: Vec<String>,
    /// Files (relative to the manifest's directory) whose contents decide whether to rebuild.
    pub sources: Vec<String>,
}

/// How to start it. In `command`, `env` values, `cwd` and `files`, the
/// [`BUILTIN_VARS`] and every variable are substituted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Start {
    pub command: Vec<String>,
    pub env: BTreeMap<String, String>,
    /// Working directory (default: the manifest's directory).
    pub cwd: Option<String>,
    /// Files written into `{run_dir}` before the start: name -> template (same substitutions).
    pub files: BTreeMap<String, String>,
}

/// Ready when [`ReadyCheck`] passes before `deadline`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ready {
    pub check: ReadyCheck,
    pub deadline: Duration,
}

/// What tells that a server is ready.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadyCheck {
    /// A TCP connect succeeds, then a GET of this path answers (any status
    /// below 500): `[ready] http_path`, default `/hello` or the first
    /// endpoint.
    HttpPath(String),
    /// A TCP connect succeeds (`[ready] tcp = true`): for servers that
    /// speak no HTTP request of a path (gRPC's), the default when every
    /// protocol is gRPC.
    Tcp,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Requires {
    /// Binaries looked up on PATH (and /usr/sbin).
    pub binaries: Vec<String>,
    /// Debian packages that provide them (for the message).
    pub packages: Vec<String>,
}

/// The variables every start has, whatever the manifest: `{host}`,
/// `{port}`, `{addr}`, `{tls_port}`, `{backend_port}` (a third free port,
/// for a backend the server starts itself), `{tls_cert}` and `{tls_key}`
/// (a self-signed certificate for 127.0.0.1 and localhost, written into
/// the run directory), `{dir}`, `{run_dir}`, `{barrage}`, and for the
/// database workloads `{database_url}` (the suite's PostgreSQL; empty when
/// the suite has no service) and `{database_pool}` (`[database] pool`;
/// empty without it).
pub const BUILTIN_VARS: [&str; 12] = [
    "host",
    "port",
    "addr",
    "tls_port",
    "backend_port",
    "tls_cert",
    "tls_key",
    "dir",
    "run_dir",
    "barrage",
    "database_url",
    "database_pool",
];
/// The response headers the contract requires ([`ServerSpec::missing_headers`] may excuse them).
pub const CONTRACT_HEADERS: [&str; 2] = ["date", "content-type"];
/// The built-ins of `build.command` and `version.command`, which run
/// outside any start.
pub const COMMAND_VARS: [&str; 2] = ["dir", "barrage"];

const DEFAULT_DEADLINE: Duration = Duration::from_secs(10);
/// The manifest's file name in its directory.
pub const MANIFEST_FILE: &str = "server.toml";

/// Replaces each `{NAME}` in `template` with `vars[NAME]`; `{{` and `}}`
/// are literal braces. An unknown name, or a brace that is neither, is an
/// error naming it.
pub fn substitute(template: &str, vars: &BTreeMap<String, String>) -> Result<String, String> {
    let mut out = String::with_capacity(template.len());
    for piece in pieces(template)? {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Var(name) => match vars.get(name) {
                Some(value) => out.push_str(value),
                None => {
                    let known: Vec<&str> = vars.keys().map(String::as_str).collect();
                    return Err(format!(
                        "unknown variable {{{name}}}; known: {}",
                        known.join(", ")
                    ));
                }
            },
        }
    }
    Ok(out)
}

/// The variable names `template` uses, in order (checked like [`substitute`]).
pub fn placeholders(template: &str) -> Result<Vec<&str>, String> {
    Ok(pieces(template)?
        .into_iter()
        .filter_map(|p| match p {
            Piece::Var(name) => Some(name),
            Piece::Text(_) => None,
        })
        .collect())
}

enum Piece<'a> {
    Text(&'a str),
    Var(&'a str),
}

/// A template cut into literal text and `{NAME}`s.
fn pieces(template: &str) -> Result<Vec<Piece<'_>>, String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.push(Piece::Text(&rest[..i]));
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push(Piece::Text(&tail[..1]));
            rest = &tail[2..];
        } else if tail.starts_with('}') {
            return Err(format!(
                "a lone }} in {:?}; write }}}} for a literal brace",
                excerpt(tail)
            ));
        } else {
            let end = tail.find('}').filter(|&end| is_var_name(&tail[1..end]));
            let Some(end) = end else {
                return Err(format!(
                    "a lone {{ in {:?}; write {{{{ for a literal brace, or {{NAME}} for a variable",
                    excerpt(tail)
                ));
            };
            out.push(Piece::Var(&tail[1..end]));
            rest = &tail[end + 1..];
        }
    }
    out.push(Piece::Text(rest));
    Ok(out)
}

/// The start of `s`, for an error message.
fn excerpt(s: &str) -> String {
    s.chars().take(20).collect()
}

fn is_var_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl ServerSpec {
    /// Reads and validates a manifest; `dir` becomes its directory, absolute.
    pub fn load(path: &Path) -> Result<ServerSpec, FormatError> {
        let mut spec = ServerSpec::from_source(Source::read(path, "server manifest")?, path)?;
        if let Ok(dir) = spec.dir.canonicalize() {
            spec.dir = dir;
        }
        Ok(spec)
    }

    /// Validates a manifest given as text; `path` names it in errors and
    /// gives `dir` (its parent, as given) and the default name.
    pub fn parse(text: &str, path: &Path) -> Result<ServerSpec, FormatError> {
        ServerSpec::from_source(Source::new(path, text.to_string()), path)
    }

    /// The manifest of server `name`: `servers_dir/NAME/server.toml`.
    pub fn find(servers_dir: &Path, name: &str) -> Result<ServerSpec, FormatError> {
        let path = servers_dir.join(name).join(MANIFEST_FILE);
        if !path.is_file() {
            let known = ServerSpec::names(servers_dir);
            return Err(FormatError {
                file: path,
                line: None,
                key: None,
                problem: format!("no server {name:?}"),
                expected: Some(if known.is_empty() {
                    format!("{}/NAME/{MANIFEST_FILE} files", servers_dir.display())
                } else {
                    format!("one of {}", known.join(", "))
                }),
            });
        }
        ServerSpec::load(&path)
    }

    /// The servers in `servers_dir` (directories with a manifest), sorted.
    pub fn names(servers_dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(servers_dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().join(MANIFEST_FILE).is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn from_source(mut source: Source, path: &Path) -> Result<ServerSpec, FormatError> {
        let raw: RawSpec = source.parse()?;
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        raw.validate(dir).map_err(|p| source.error(p))
    }

    /// The manifest's variables overridden by `variant`'s: what `{NAME}`
    /// means in this start besides the built-ins, and what is set in the
    /// server's environment.
    pub fn variables(&self, variant: &Variant) -> BTreeMap<String, String> {
        let mut vars = self.vars.clone();
        vars.extend(variant.vars.iter().map(|(k, v)| (k.clone(), v.clone())));
        vars
    }

    /// Whether this server serves `scenario` (its endpoint and protocol; a
    /// gRPC scenario's method is the one service every gRPC server serves);
    /// why not otherwise.
    pub fn serves(&self, scenario: &Scenario) -> Result<(), String> {
        let endpoint = scenario.endpoint();
        if !scenario.protocol.is_grpc() && !self.endpoints.iter().any(|e| e == endpoint) {
            return Err(format!(
                "{} does not serve {endpoint} (it serves {})",
                self.name,
                self.endpoints.join(", ")
            ));
        }
        if !self.protocols.contains(&scenario.protocol) {
            let served: Vec<&str> = self.protocols.iter().map(|p| p.name()).collect();
            return Err(format!(
                "{} does not serve {} (it serves {})",
                self.name,
                scenario.protocol,
                served.join(", ")
            ));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- raw form

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    name: Option<String>,
    description: Option<String>,
    endpoints: Option<Vec<String>>,
    protocols: Option<Vec<String>>,
    workloads: Option<Vec<String>>,
    unavailable: Option<String>,
    missing_headers: Option<Vec<String>>,
    vars: Option<Ordered<Scalar>>,
    requires: Option<RawRequires>,
    build: Option<RawBuild>,
    start: Option<RawStart>,
    ready: Option<RawReady>,
    version: Option<RawVersion>,
    database: Option<RawDatabase>,
    warmup: Option<RawWarmup>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWarmup {
    min: Option<String>,
    cap: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDatabase {
    pool: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRequires {
    binaries: Option<Vec<String>>,
    packages: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuild {
    command: Option<Vec<String>>,
    sources: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    command: Option<Vec<String>>,
    env: Option<Ordered<Scalar>>,
    cwd: Option<String>,
    files: Option<Ordered<String>>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReady {
    http_path: Option<String>,
    tcp: Option<bool>,
    deadline: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVersion {
    command: Option<Vec<String>>,
}

// ---------------------------------------------------------------- validation

impl RawSpec {
    fn validate(self, dir: PathBuf) -> Result<ServerSpec, Problem> {
        let root = KeyPath::root();
        let dir_name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = match (self.name, &dir_name) {
            (Some(name), Some(d)) if &name != d => {
                return Err(problem(
                    &root.key("name"),
                    format!("{name:?} differs from the manifest's directory {d:?}"),
                    "the directory's name: servers/NAME/server.toml",
                ))
            }
            (Some(name), _) => name,
            (None, Some(d)) => d.clone(),
            (None, None) => return Err(problem(&root.key("name"), "missing", "the server's name")),
        };
        let mut vars = BTreeMap::new();
        for (key, Scalar(value)) in self.vars.unwrap_or_default().0 {
            let at = root.key("vars").key(&key);
            if !is_var_name(&key) || BUILTIN_VARS.contains(&key.as_str()) {
                return Err(problem(
                    &at,
                    format!("invalid variable name {key:?}"),
                    format!(
                        "letters, digits and '_', not one of the built-ins {}",
                        BUILTIN_VARS.join(", ")
                    ),
                ));
            }
            vars.insert(key, value);
        }
        let protocols = protocols(self.protocols, &root.key("protocols"))?;
        let grpc_only = protocols.iter().all(|p| p.is_grpc());
        let endpoints = endpoints(self.endpoints, grpc_only, &root.key("endpoints"))?;
        let workloads = workloads(self.workloads, &root.key("workloads"))?;
        let unavailable = self.unavailable.filter(|u| !u.trim().is_empty());
        let missing_headers = self.missing_headers.unwrap_or_default();
        for (i, h) in missing_headers.iter().enumerate() {
            if !CONTRACT_HEADERS.contains(&h.to_ascii_lowercase().as_str()) {
                return Err(problem(
                    &root.key("missing_headers").index(i),
                    format!("{h:?} is not a header the contract requires"),
                    format!("some of {}", CONTRACT_HEADERS.join(", ")),
                ));
            }
        }
        let templates = Templates { vars: &vars };
        let start = start(self.start, unavailable.is_some(), &templates)?;
        let build = match self.build {
            None => None,
            Some(b) => Some(build(b, &templates)?),
        };
        let version = match self.version {
            None => None,
            Some(v) => {
                let at = root.key("version").key("command");
                let command = command(
                    v.command,
                    &at,
                    "the command that prints the version, such as [\"nginx\", \"-v\"]",
                )?;
                templates.check_all(&command, &at, &COMMAND_VARS)?;
                Some(command)
            }
        };
        let ready = ready(self.ready, &endpoints, grpc_only)?;
        let database_pool = database_pool(self.database, &root.key("database").key("pool"))?;
        let warmup = warmup_plan(self.warmup, &root.key("warmup"))?;
        let requires = self.requires.map_or_else(Requires::default, |r| Requires {
            binaries: r.binaries.unwrap_or_default(),
            packages: r.packages.unwrap_or_default(),
        });
        Ok(ServerSpec {
            name,
            description: self.description.unwrap_or_default(),
            dir,
            build,
            start,
            ready,
            version,
            endpoints,
            protocols,
            workloads,
            requires,
            unavailable,
            missing_headers,
            vars,
            database_pool,
            warmup,
        })
    }
}

/// `[warmup]`: `min` (the server is warmed at least this long before its
/// first level, steady or not) and `cap` (at most this long, unless `min`
/// is longer), each a duration such as "10s".
fn warmup_plan(raw: Option<RawWarmup>, at: &KeyPath) -> Result<WarmupPlan, Problem> {
    let mut plan = WarmupPlan::default();
    let Some(raw) = raw else { return Ok(plan) };
    if let Some(min) = &raw.min {
        plan.min = source::positive_duration(min, &at.key("min"))?;
    }
    if let Some(cap) = &raw.cap {
        plan.cap = source::positive_duration(cap, &at.key("cap"))?;
    }
    Ok(plan)
}

/// `[database] pool`: 1 to 10,000 connections.
fn database_pool(raw: Option<RawDatabase>, at: &KeyPath) -> Result<Option<u32>, Problem> {
    let expected = "the connections of the server's database pool, 1 to 10000, such as pool = 16";
    match raw.map(|d| d.pool) {
        None => Ok(None),
        Some(None) => Err(problem(at, "missing", expected)),
        Some(Some(n)) if (1..=10_000).contains(&n) => Ok(Some(n as u32)),
        Some(Some(n)) => Err(problem(at, format!("{n} is out of range"), expected)),
    }
}

/// The contract endpoints served: at least one, unless every protocol is
/// gRPC (a gRPC server serves methods, not paths: `endpoints = []`).
fn endpoints(
    raw: Option<Vec<String>>,
    grpc_only: bool,
    at: &KeyPath,
) -> Result<Vec<String>, Problem> {
    let mut contract: Vec<&str> = Endpoint::ALL.iter().map(|e| e.path()).collect();
    // The WebSocket echo (docs/suites.md "WebSocket"), beside the HTTP ones.
    contract.push(WS_PATH);
    let expected = format!("contract endpoints: {}", contract.join(", "));
    let raw = raw.unwrap_or_default();
    if raw.is_empty() && !grpc_only {
        return Err(problem(
            at,
            "no endpoint",
            format!("at least one of the {expected}"),
        ));
    }
    for (i, e) in raw.iter().enumerate() {
        if Endpoint::from_path(e).is_none() && e != WS_PATH {
            return Err(problem(
                &at.index(i),
                format!("{e:?} is not an endpoint of the contract"),
                expected,
            ));
        }
        if raw[..i].contains(e) {
            return Err(problem(
                &at.index(i),
                format!("{e} is listed twice"),
                "each endpoint once",
            ));
        }
    }
    Ok(raw)
}

fn protocols(raw: Option<Vec<String>>, at: &KeyPath) -> Result<Vec<Wire>, Problem> {
    let known = Wire::names();
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(problem(
            at,
            "no protocol",
            format!("at least one of {known}"),
        ));
    }
    let mut out = Vec::new();
    for (i, p) in raw.iter().enumerate() {
        let protocol = Wire::from_name(p).ok_or_else(|| {
            problem(
                &at.index(i),
                format!("unknown protocol {p:?}"),
                format!("one of {known}"),
            )
        })?;
        if out.contains(&protocol) {
            return Err(problem(
                &at.index(i),
                format!("{p} is listed twice"),
                "each protocol once",
            ));
        }
        out.push(protocol);
    }
    Ok(out)
}

/// Workloads by their names.
fn workload_names<S: serde::Serializer>(w: &[Workload], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(w.iter().map(|w| w.name()))
}

fn workloads(raw: Option<Vec<String>>, at: &KeyPath) -> Result<Vec<Workload>, Problem> {
    let mut out = Vec::new();
    for (i, w) in raw.unwrap_or_default().iter().enumerate() {
        let workload = Workload::from_name(w).ok_or_else(|| {
            problem(
                &at.index(i),
                format!("unknown workload {w:?}"),
                format!("one of {}", Workload::names()),
            )
        })?;
        if out.contains(&workload) {
            return Err(problem(
                &at.index(i),
                format!("{w} is listed twice"),
                "each workload once",
            ));
        }
        out.push(workload);
    }
    Ok(out)
}

/// Checks the `{NAME}`s of templates against the names they may use.
struct Templates<'a> {
    /// The manifest's own variables.
    vars: &'a BTreeMap<String, String>,
}

impl Templates<'_> {
    fn check(&self, template: &str, at: &KeyPath, builtins: &[&str]) -> Result<(), Problem> {
        let known = || {
            let mut names: Vec<&str> = builtins.to_vec();
            names.extend(self.vars.keys().map(String::as_str));
            format!(
                "a variable among {}, or {{{{ and }}}} for literal braces; add a default under [vars] for a new one",
                names.join(", ")
            )
        };
        let names = placeholders(template).map_err(|e| {
            let (what, _) = e.split_once("; ").unwrap_or((&e, ""));
            problem(at, what, known())
        })?;
        for name in names {
            if !builtins.contains(&name) && !self.vars.contains_key(name) {
                return Err(problem(at, format!("unknown variable {{{name}}}"), known()));
            }
        }
        Ok(())
    }

    fn check_all(
        &self,
        templates: &[String],
        at: &KeyPath,
        builtins: &[&str],
    ) -> Result<(), Problem> {
        for (i, t) in templates.iter().enumerate() {
            self.check(t, &at.index(i), builtins)?;
        }
        Ok(())
    }
}

fn command(raw: Option<Vec<String>>, at: &KeyPath, expected: &str) -> Result<Vec<String>, Problem> {
    match raw {
        Some(c) if !c.is_empty() && !c[0].is_empty() => Ok(c),
        Some(_) => Err(problem(at, "empty", expected)),
        None => Err(problem(at, "missing", expected)),
    }
}

fn start(
    raw: Option<RawStart>,
    unavailable: bool,
    templates: &Templates,
) -> Result<Start, Problem> {
    let at = KeyPath::root().key("start");
    let Some(raw) = raw else {
        if unavailable {
            return Ok(Start {
                command: Vec::new(),
                env: BTreeMap::new(),
                cwd: None,
                files: BTreeMap::new(),
            });
        }
        return Err(problem(
            &at,
            "missing",
            "a [start] table with the command that starts the server",
        ));
    };
    let command = command(
        raw.command,
        &at.key("command"),
        "the command and its arguments, such as [\"{barrage}\", \"serve\", \"--listen\", \"{addr}\"]",
    )?;
    templates.check_all(&command, &at.key("command"), &BUILTIN_VARS)?;
    let mut env = BTreeMap::new();
    for (key, Scalar(value)) in raw.env.unwrap_or_default().0 {
        let at = at.key("env").key(&key);
        if key.is_empty() || key.contains(['=', '\0']) {
            return Err(problem(
                &at,
                format!("invalid environment variable name {key:?}"),
                "a name without '='",
            ));
        }
        templates.check(&value, &at, &BUILTIN_VARS)?;
        env.insert(key, value);
    }
    if let Some(cwd) = &raw.cwd {
        templates.check(cwd, &at.key("cwd"), &BUILTIN_VARS)?;
    }
    let mut files = BTreeMap::new();
    for (name, text) in raw.files.unwrap_or_default().0 {
        let at = at.key("files").key(&name);
        if !is_relative_inside(&name) {
            return Err(problem(
                &at,
                format!("{name:?} is not a file name inside {{run_dir}}"),
                "a relative path without '..', such as \"nginx.conf\"",
            ));
        }
        templates.check(&text, &at, &BUILTIN_VARS)?;
        files.insert(name, text);
    }
    Ok(Start {
        command,
        env,
        cwd: raw.cwd,
        files,
    })
}

/// A relative path that stays inside its base.
fn is_relative_inside(path: &str) -> bool {
    let p = Path::new(path);
    !path.is_empty() && p.components().all(|c| matches!(c, Component::Normal(_)))
}

fn build(raw: RawBuild, templates: &Templates) -> Result<Build, Problem> {
    let at = KeyPath::root().key("build");
    let command = command(
        raw.command,
        &at.key("command"),
        "the build command, such as [\"go\", \"build\", \"-o\", \"{dir}/bin/server\", \".\"]",
    )?;
    templates.check_all(&command, &at.key("command"), &COMMAND_VARS)?;
    let sources = raw.sources.unwrap_or_default();
    for (i, s) in sources.iter().enumerate() {
        if !is_source_path(s) {
            return Err(problem(
                &at.key("sources").index(i),
                format!("{s:?} is not inside the manifest's directory or a sibling server's"),
                "a path relative to the manifest's directory (or ../OTHER/... for a sibling server's sources), without other '..'",
            ));
        }
    }
    Ok(Build { command, sources })
}

/// A build source: inside the manifest's directory, or inside a sibling
/// directory of servers/ (`../go-http/main.go`: servers that build another's
/// program; `../lib/python-venv.sh`: the build scripts servers share).
fn is_source_path(s: &str) -> bool {
    match s.strip_prefix("../") {
        Some(rest) => rest.contains('/') && is_relative_inside(rest),
        None => is_relative_inside(s),
    }
}

/// `[ready]`: `http_path` or `tcp = true` (not both), and `deadline`.
fn ready(raw: Option<RawReady>, endpoints: &[String], grpc_only: bool) -> Result<Ready, Problem> {
    let at = KeyPath::root().key("ready");
    let raw = raw.unwrap_or_default();
    let check = match (raw.http_path, raw.tcp) {
        (Some(_), Some(true)) => {
            return Err(problem(
                &at.key("tcp"),
                "tcp = true beside http_path",
                "either http_path (a GET must answer) or tcp = true (a connect is enough)",
            ))
        }
        (Some(_), _) if grpc_only => {
            return Err(problem(
                &at.key("http_path"),
                "an http_path for a server that speaks only gRPC",
                "tcp = true: ready when its port accepts a connection",
            ))
        }
        (Some(p), _) if p.starts_with('/') && !p.bytes().any(|b| b.is_ascii_whitespace()) => {
            ReadyCheck::HttpPath(p)
        }
        (Some(p), _) => {
            return Err(problem(
                &at.key("http_path"),
                format!("invalid path {p:?}"),
                "a path starting with '/', such as \"/hello\"",
            ))
        }
        (None, Some(true)) => ReadyCheck::Tcp,
        (None, _) if grpc_only => ReadyCheck::Tcp,
        (None, _) if endpoints.iter().any(|e| e == "/hello") => {
            ReadyCheck::HttpPath("/hello".to_string())
        }
        (None, _) => ReadyCheck::HttpPath(endpoints[0].clone()),
    };
    let deadline = match &raw.deadline {
        Some(d) => source::positive_duration(d, &at.key("deadline"))?,
        None => DEFAULT_DEADLINE,
    };
    Ok(Ready { check, deadline })
}

#[cfg(test)]
mod tests;
