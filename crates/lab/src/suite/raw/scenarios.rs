//! The `[[scenario]]`s: each one request (an endpoint of the contract,
//! its protocol, method and headers, the HTTP/1 and HTTP/2 options that
//! apply to it) or a workload's requests (`workload`, see [`super::workload`]),
//! with a capacity search or a wrk script. Checks what the
//! engine would refuse; which driver can send it is `drivers`' part.

use std::path::Path;

use barrage_contract::{Endpoint, Workload};
use barrage_engine::check::Check;
use barrage_engine::RequestTemplate;
use barrage_model::Protocol;
use serde::Deserialize;

use super::super::{EfficiencySpec, GrpcScenario, Load, Scenario, ScriptRef, Wire, WsScenario};
use super::grpc::RawGrpc;
use super::search::{search, RawSearch};
use super::workload::{from_workload, Given};
use super::ws::{HttpKeys, RawWs};
use super::{check_name, positive, problem, KeyPath, Problem};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScenario {
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
    efficiency: Option<RawEfficiency>,
    script: Option<String>,
    script_args: Option<Vec<String>>,
    workload: Option<String>,
    mix: Option<String>,
    queries: Option<i64>,
    message_bytes: Option<i64>,
    binary: Option<bool>,
    in_flight: Option<i64>,
    subscribe: Option<bool>,
    call: Option<String>,
    data: Option<String>,
    proto: Option<String>,
    unit: Option<String>,
    stream_messages: Option<i64>,
    rate: Option<f64>,
    check: Option<String>,
}

pub(super) fn scenarios(
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

fn scenario(
    mut raw: RawScenario,
    at: &KeyPath,
    load: &Load,
    dir: &Path,
) -> Result<Scenario, Problem> {
    let protocol = protocol(raw.protocol.as_deref(), &at.key("protocol"))?;
    let grpc = grpc_options(&mut raw, protocol, load, at, dir)?;
    let ws = ws_options(&mut raw, protocol, load, at)?;
    let request = match &grpc {
        Some(g) => Request::grpc(g),
        None => request(&raw, protocol, at, dir)?,
    };
    let Some(name) = raw.name.or(request.default_name) else {
        return Err(problem(
            &at.key("name"),
            "missing",
            "a name for the scenario, such as \"hello\"",
        ));
    };
    check_name(&name, &at.key("name"), "scenario name")?;
    let (path, method) = (request.path, request.method);
    if !barrage_engine::is_token(&method) {
        return Err(problem(
            &at.key("method"),
            format!("invalid method {method:?}"),
            "an HTTP token such as GET or HEAD",
        ));
    }
    let headers = headers(
        raw.headers.unwrap_or_default(),
        protocol,
        &at.key("headers"),
    )?;
    let keepalive = raw.keepalive.unwrap_or(true);
    let http10 = raw.http10.unwrap_or(false);
    let streams = match raw.streams {
        Some(n) => positive(n, &at.key("streams"), "streams per connection, 1 or more")? as usize,
        None => 1,
    };
    let options = Options { protocol, at };
    options.h1_only("keepalive", !keepalive)?;
    options.h1_only("http10", http10)?;
    let window_bits = options.window(raw.window_bits, "window_bits")?;
    let connection_window_bits =
        options.window(raw.connection_window_bits, "connection_window_bits")?;
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
    let efficiency = match raw.efficiency {
        Some(e) => Some(efficiency(
            e,
            search.is_some(),
            load,
            &at.key("efficiency"),
        )?),
        None => None,
    };
    let script = script(raw.script, raw.script_args, at, dir)?;
    if script.is_some() {
        check_scripted(search.is_some(), &method, at)?;
    }
    let check = check(raw.check.as_deref(), &at.key("check"))?;
    Ok(Scenario {
        workload: request.workload,
        mix: request.mix,
        queries: request.queries,
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
        efficiency,
        script,
        ws,
        grpc,
        check,
    })
}

/// `check = "p99<=10ms,rate>=1000"`: thresholds each level must meet, as
/// `barrage load --check` reads them.
fn check(raw: Option<&str>, at: &KeyPath) -> Result<Option<Check>, Problem> {
    let Some(text) = raw else {
        return Ok(None);
    };
    text.parse().map(Some).map_err(|e: String| {
        problem(
            at,
            e,
            "thresholds as `barrage load --check` takes them, such as \"p99<=10ms,errors<=0.1%,rate>=1000\"",
        )
    })
}

/// `efficiency = { rate = 2000, connections = 100 }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEfficiency {
    rate: Option<f64>,
    connections: Option<i64>,
}

/// A scenario's efficiency at a fixed rate: a rate above zero (required),
/// connections as a search's (default the suite's most); not beside a
/// capacity search.
fn efficiency(
    raw: RawEfficiency,
    searched: bool,
    load: &Load,
    at: &KeyPath,
) -> Result<EfficiencySpec, Problem> {
    if searched {
        return Err(problem(
            at,
            "efficiency beside a capacity search",
            "one of search and efficiency per scenario (two scenarios of the same request)",
        ));
    }
    let rate = match raw.rate {
        Some(r) if r.is_finite() && r > 0.0 => r,
        Some(r) => {
            return Err(problem(
                &at.key("rate"),
                format!("{r} is not a rate above zero"),
                "requests per second that every server holds, such as 2000",
            ))
        }
        None => {
            return Err(problem(
                &at.key("rate"),
                "missing",
                "requests per second that every server holds, such as 2000",
            ))
        }
    };
    let connections = super::search::connections(raw.connections, load, &at.key("connections"))?;
    Ok(EfficiencySpec { rate, connections })
}

/// The gRPC keys of `raw` (taken out of it, `in_flight` with them for
/// grpc and grpcs), checked against the rest.
fn grpc_options(
    raw: &mut RawScenario,
    protocol: Wire,
    load: &Load,
    at: &KeyPath,
    dir: &Path,
) -> Result<Option<GrpcScenario>, Problem> {
    let keys = RawGrpc {
        call: raw.call.take(),
        data: raw.data.take(),
        proto: raw.proto.take(),
        unit: raw.unit.take(),
        stream_messages: raw.stream_messages.take(),
        rate: raw.rate.take(),
        in_flight: if protocol.is_grpc() {
            raw.in_flight.take()
        } else {
            None
        },
    };
    let http = super::grpc::HttpKeys {
        path: raw.path.is_some(),
        method: raw.method.is_some(),
        keepalive: raw.keepalive.is_some(),
        http10: raw.http10.is_some(),
        streams: raw.streams.is_some(),
        script: raw.script.is_some(),
        mix: raw.mix.is_some(),
        workload: raw.workload.is_some(),
        search: raw.search.is_some(),
    };
    super::grpc::grpc_options(keys, &http, protocol, load, at, dir)
}

/// The WebSocket keys of `raw` (taken out of it), checked against the rest.
fn ws_options(
    raw: &mut RawScenario,
    protocol: Wire,
    load: &Load,
    at: &KeyPath,
) -> Result<Option<WsScenario>, Problem> {
    let keys = RawWs {
        message_bytes: raw.message_bytes.take(),
        binary: raw.binary.take(),
        in_flight: raw.in_flight.take(),
        subscribe: raw.subscribe.take(),
    };
    let http = HttpKeys {
        method: raw.method.clone(),
        keepalive: raw.keepalive,
        http10: raw.http10,
        streams: raw.streams,
        script: raw.script.is_some(),
        mix: raw.mix.is_some(),
        workload: raw.workload.is_some(),
        search: raw.search.is_some(),
    };
    super::ws::ws_options(keys, &http, protocol, raw.path.as_deref(), load, at)
}

/// What a scenario sends: its `path` and `method`, or its workload's, or
/// a gRPC call's (a POST of `/package.Service/Method`).
struct Request {
    path: String,
    method: String,
    workload: Option<Workload>,
    mix: Option<String>,
    /// N of a queries or updates workload.
    queries: Option<usize>,
    /// The workload's name, the name of a scenario that gives none.
    default_name: Option<String>,
}

impl Request {
    fn grpc(g: &GrpcScenario) -> Request {
        Request {
            path: g.path(),
            method: "POST".to_string(),
            workload: None,
            mix: None,
            queries: None,
            default_name: None,
        }
    }
}

fn request(
    raw: &RawScenario,
    protocol: Wire,
    at: &KeyPath,
    dir: &Path,
) -> Result<Request, Problem> {
    if let Some(name) = &raw.workload {
        if raw.mix.is_some() {
            return Err(problem(
                &at.key("mix"),
                "a mix beside a workload",
                "no mix: a workload's load is its own (data/workloads/mix/)",
            ));
        }
        let given = Given {
            path: raw.path.is_some(),
            method: raw.method.is_some(),
            script: raw.script.is_some(),
            queries: raw.queries,
        };
        let w = from_workload(name, given, protocol, at, dir)?;
        return Ok(Request {
            path: w.path,
            method: w.method,
            workload: Some(w.workload),
            mix: w.mix,
            default_name: Some(match raw.queries {
                Some(n) => format!("{}-{n}", w.workload.name()),
                None => w.workload.name().to_string(),
            }),
            queries: w.queries,
        });
    }
    let Some(path) = raw.path.clone() else {
        return Err(problem(
            &at.key("path"),
            "missing",
            "the request's path, such as \"/hello\", or a workload = \"json\"",
        ));
    };
    if !protocol.is_ws() {
        // A WebSocket path was checked with its keys (`super::ws`).
        check_path(&path, &at.key("path"))?;
    }
    let mix = match &raw.mix {
        Some(file) => Some(user_mix(file, raw, at, dir)?),
        None => None,
    };
    if raw.queries.is_some() {
        return Err(problem(
            &at.key("queries"),
            "queries without a workload",
            "queries = N only with workload = \"queries\" or \"updates\"",
        ));
    }
    Ok(Request {
        path,
        method: raw.method.clone().unwrap_or_else(|| "GET".to_string()),
        workload: None,
        queries: None,
        mix,
        default_name: None,
    })
}

/// A scenario's own `mix = "FILE"` (a `barrage load --mix` file, relative
/// to the suite file's directory): the requests its load sends, each with
/// its method, so no `method` or `script` beside it; its `path` is the
/// request the probe sends before load.
fn user_mix(file: &str, raw: &RawScenario, at: &KeyPath, dir: &Path) -> Result<String, Problem> {
    const EXPECTED: &str =
        "a barrage load --mix file (docs/load.md), relative to the suite file's directory, such as \"mixes/api.toml\"";
    let at_mix = at.key("mix");
    if raw.method.is_some() || raw.script.is_some() {
        return Err(problem(
            &at_mix,
            "a mix beside a method or a script",
            "either mix (each of its requests has its method) or method/script, not both",
        ));
    }
    if file.trim().is_empty() {
        return Err(problem(&at_mix, "empty", EXPECTED));
    }
    match std::fs::canonicalize(dir.join(file)) {
        Ok(p) if p.is_file() => Ok(p.to_string_lossy().into_owned()),
        Ok(p) => Err(problem(
            &at_mix,
            format!("{} is not a file", p.display()),
            EXPECTED,
        )),
        Err(e) => Err(problem(
            &at_mix,
            format!("cannot read {}: {e}", dir.join(file).display()),
            EXPECTED,
        )),
    }
}

/// `protocol` (h1 when not given).
fn protocol(name: Option<&str>, at: &KeyPath) -> Result<Wire, Problem> {
    let Some(p) = name else {
        return Ok(Wire::H1);
    };
    Wire::from_name(p).ok_or_else(|| {
        problem(
            at,
            format!("unknown protocol {p:?}"),
            format!("one of {}", Wire::names()),
        )
    })
}

/// `headers`, each `"Name: value"`, and one the engine sends over
/// `protocol`.
fn headers(
    raw: Vec<String>,
    protocol: Wire,
    at: &KeyPath,
) -> Result<Vec<(String, String)>, Problem> {
    let mut headers = Vec::new();
    for (i, h) in raw.iter().enumerate() {
        let at = at.index(i);
        let (name, value) = header(h, &at)?;
        // What the engine refuses over HTTP/2 and HTTP/3 (Connection,
        // Upgrade, …).
        if protocol.multiplexed() || protocol.is_grpc() {
            let (engine, version) = if protocol.protocol == Protocol::H3 {
                (Protocol::H3, "HTTP/3")
            } else {
                (Protocol::H2, "HTTP/2")
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
    Ok(headers)
}

/// The checks of the keys that apply to some protocols only.
struct Options<'a> {
    protocol: Wire,
    at: &'a KeyPath,
}

impl Options<'_> {
    /// `key` (when `set`) applies to HTTP/1 only.
    fn h1_only(&self, key: &str, set: bool) -> Result<(), Problem> {
        let protocol = self.protocol;
        if set && protocol.multiplexed() {
            Err(problem(
                &self.at.key(key),
                format!("{key} does not apply to {protocol}"),
                format!("{key} only with h1 or https"),
            ))
        } else {
            Ok(())
        }
    }

    /// `window_bits` or `connection_window_bits` (`key`): HTTP/2 only, an
    /// exponent from 1 to 30.
    fn window(&self, value: Option<i64>, key: &str) -> Result<Option<u8>, Problem> {
        let protocol = self.protocol;
        match value {
            None => Ok(None),
            Some(_) if !protocol.is_h2() => Err(problem(
                &self.at.key(key),
                format!("{key} does not apply to {protocol}"),
                format!("{key} only with h2c or h2"),
            )),
            Some(n @ 1..=30) => Ok(Some(n as u8)),
            Some(n) => Err(problem(
                &self.at.key(key),
                format!("{n} is out of range"),
                "an exponent from 1 to 30: the window is 2^N-1 bytes (h2load -w/-W; 30 turns flow control off in practice)",
            )),
        }
    }
}

/// A scenario with a script: no capacity search, and the method is the
/// script's.
fn check_scripted(searched: bool, method: &str, at: &KeyPath) -> Result<(), Problem> {
    if searched {
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
    Ok(())
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
