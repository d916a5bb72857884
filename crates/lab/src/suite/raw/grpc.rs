//! A gRPC scenario's keys (`protocol = "grpc"` or `"grpcs"`): `call`,
//! `data`, `proto`, `unit`, `stream_messages` and `in_flight`, and the HTTP
//! keys that do not apply to it. The keys given to another protocol are
//! refused here too.

use std::path::{Path, PathBuf};

use barrage_grpc::Schema;
use barrage_model::load::{GrpcShape, GrpcUnit};
use barrage_model::suite::{BENCH_CALL, BENCH_DATA, BENCH_PROTO};

use super::super::{GrpcScenario, Load, Wire};
use super::{positive, problem, refuse_http_keys, refuse_own_keys, request_keys, KeyPath, Problem};

/// The gRPC keys of a `[[scenario]]`, as written.
#[derive(Default)]
pub(super) struct RawGrpc {
    pub(super) call: Option<String>,
    pub(super) data: Option<String>,
    pub(super) proto: Option<String>,
    pub(super) unit: Option<String>,
    pub(super) stream_messages: Option<i64>,
    pub(super) in_flight: Option<i64>,
    pub(super) rate: Option<f64>,
}

impl RawGrpc {
    /// The gRPC-only keys, each with whether it is given (to name the
    /// first when it does not apply; `in_flight` is WebSocket's too).
    fn own_keys(&self) -> [(&'static str, bool); 6] {
        [
            ("call", self.call.is_some()),
            ("data", self.data.is_some()),
            ("proto", self.proto.is_some()),
            ("unit", self.unit.is_some()),
            ("stream_messages", self.stream_messages.is_some()),
            ("rate", self.rate.is_some()),
        ]
    }
}

/// The HTTP keys of a scenario that a gRPC scenario leaves out.
pub(super) struct HttpKeys {
    pub(super) path: bool,
    pub(super) method: bool,
    pub(super) keepalive: bool,
    pub(super) http10: bool,
    pub(super) streams: bool,
    pub(super) script: bool,
    pub(super) mix: bool,
    pub(super) workload: bool,
    /// A capacity search (an open loop of calls or messages).
    pub(super) search: bool,
}

/// The scenario's [`GrpcScenario`]: `None` for a protocol other than grpc
/// and grpcs (which must give none of the keys), else the keys checked
/// with their defaults filled in (`proto` relative to the suite's
/// directory `dir`).
pub(super) fn grpc_options(
    raw: RawGrpc,
    http: &HttpKeys,
    protocol: Wire,
    load: &Load,
    at: &KeyPath,
    dir: &Path,
) -> Result<Option<GrpcScenario>, Problem> {
    if !protocol.is_grpc() {
        return refuse_own_keys(&raw.own_keys(), protocol, at, "grpc\" or \"grpcs").map(|()| None);
    }
    refuse_http_keys(&http.refused(), "gRPC", protocol, load, at)?;
    let call = call(raw.call.as_deref(), &at.key("call"))?;
    let data = data(raw.data, &at.key("data"))?;
    let proto = proto(raw.proto.as_deref(), dir, &at.key("proto"))?;
    let shape = check_call(&proto, &call, &data, at)?;
    let unit = match raw.unit.as_deref() {
        None if shape == GrpcShape::Bidi => GrpcUnit::Message,
        None | Some("call") => GrpcUnit::Call,
        Some("message") if shape != GrpcShape::Bidi => {
            return Err(problem(
                &at.key("unit"),
                format!("unit = \"message\" for {call}, a {} method", shape.name()),
                "unit = \"call\": only a bidirectional stream's messages are counted one by one",
            ))
        }
        Some("message") => GrpcUnit::Message,
        Some(u) => {
            return Err(problem(
                &at.key("unit"),
                format!("unknown unit {u:?}"),
                "\"call\" (each call counted and timed) or \"message\" (a bidirectional stream's messages)",
            ))
        }
    };
    let stream_messages = match raw.stream_messages {
        Some(n) => Some(positive(
            n,
            &at.key("stream_messages"),
            "messages per stream before the client ends it, 1 or more",
        )?),
        None => None,
    };
    let in_flight = match raw.in_flight {
        Some(n) => positive(
            n,
            &at.key("in_flight"),
            "calls in flight per connection, 1 or more",
        )? as usize,
        None => 1,
    };
    let rate = fixed_rate(raw.rate, load, http.search, &at.key("rate"))?;
    // The open loop of calls starts each call on the schedule, one at a
    // time per connection; with unit message, in_flight is the streams
    // each connection carries the paced messages on.
    let open = !matches!(load, Load::Concurrency(_)) || http.search || rate.is_some();
    if in_flight > 1 && open && unit == GrpcUnit::Call {
        return Err(problem(
            &at.key("in_flight"),
            format!("in_flight = {in_flight} in an open loop of calls"),
            "in_flight = 1 with a rate load or a search: the open loop starts calls on its schedule (more connections carry more)",
        ));
    }
    Ok(Some(GrpcScenario {
        call,
        data,
        proto,
        unit,
        stream_messages,
        in_flight,
        rate,
    }))
}

/// `rate`: a fixed open-loop rate over each level's connections, in a
/// suite of concurrency levels and not beside a search.
fn fixed_rate(
    raw: Option<f64>,
    load: &Load,
    search: bool,
    at: &KeyPath,
) -> Result<Option<f64>, Problem> {
    let Some(rate) = raw else {
        return Ok(None);
    };
    if !(rate.is_finite() && rate > 0.0) {
        return Err(problem(
            at,
            format!("{rate} is not above 0"),
            "calls or messages per second, such as 2000",
        ));
    }
    if search || !matches!(load, Load::Concurrency(_)) {
        return Err(problem(
            at,
            "a rate beside a search or levels of rate",
            "rate = N only in a suite of concurrency levels, without search: the levels give the connections, the rate the open loop's pace",
        ));
    }
    Ok(Some(rate))
}

/// Compiles `proto` (its directory the import path), finds `call` in it
/// and fits `data` to its request: the method's shape, or the first
/// mistake at its key, in barrage-grpc's words (what `barrage load
/// --grpc` would refuse before any connection).
fn check_call(proto: &str, call: &str, data: &str, at: &KeyPath) -> Result<GrpcShape, Problem> {
    let file = PathBuf::from(proto);
    let includes: Vec<PathBuf> = file.parent().map(Path::to_path_buf).into_iter().collect();
    let schema = Schema::compile(std::slice::from_ref(&file), &includes).map_err(|e| {
        problem(
            &at.key("proto"),
            e.0,
            "a .proto that compiles (protox, as barrage load --proto)",
        )
    })?;
    let method = schema
        .method(call)
        .map_err(|e| problem(&at.key("call"), e.0, "a method of the .proto"))?;
    method
        .requests(data)
        .map_err(|e| problem(&at.key("data"), e.0, "the request message as protobuf JSON"))?;
    Ok(method.shape())
}

/// `call`: `package.Service/Method` (or `package.Service.Method`), as
/// `package.Service/Method`.
fn call(raw: Option<&str>, at: &KeyPath) -> Result<String, Problem> {
    let Some(call) = raw else {
        return Ok(BENCH_CALL.to_string());
    };
    let split = match call.rsplit_once('/') {
        Some(parts) => Some(parts),
        None => call.rsplit_once('.'),
    };
    let word = |s: &str| {
        !s.is_empty()
            && s.split('.')
                .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    };
    match split {
        Some((service, method)) if word(service) && word(method) && !method.contains('.') => {
            Ok(format!("{service}/{method}"))
        }
        _ => Err(problem(
            at,
            format!("{call:?} is not a method"),
            format!("package.Service/Method, such as \"{BENCH_CALL}\""),
        )),
    }
}

/// `data`: JSON text, an object or an array of objects.
fn data(raw: Option<String>, at: &KeyPath) -> Result<String, Problem> {
    let Some(text) = raw else {
        return Ok(BENCH_DATA.to_string());
    };
    const EXPECTED: &str =
        "the request as protobuf JSON: an object, or an array of objects sent in turn on a stream, such as '{\"payload\": \"aGVsbG8=\"}'";
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| problem(at, format!("not JSON ({e})"), EXPECTED))?;
    let objects = match &value {
        serde_json::Value::Object(_) => true,
        serde_json::Value::Array(items) => {
            !items.is_empty() && items.iter().all(serde_json::Value::is_object)
        }
        _ => false,
    };
    if !objects {
        return Err(problem(
            at,
            "neither an object nor an array of objects",
            EXPECTED,
        ));
    }
    Ok(text)
}

/// `proto`: a .proto file relative to the suite's directory; default the
/// checkout's `proto/bench.proto` (in `dir` or the nearest directory above
/// it that has one, else in the current directory or above it).
fn proto(raw: Option<&str>, dir: &Path, at: &KeyPath) -> Result<String, Problem> {
    let start = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let here = std::env::current_dir().unwrap_or_default();
    let found: Option<PathBuf> = match raw {
        Some(file) => Some(start.join(file)).filter(|p| p.is_file()),
        None => start
            .ancestors()
            .chain(here.ancestors())
            .map(|d| d.join(BENCH_PROTO))
            .find(|p| p.is_file()),
    };
    match (found, raw) {
        (Some(p), _) => Ok(std::fs::canonicalize(&p)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned()),
        (None, Some(file)) => Err(problem(
            at,
            format!("no file {}", start.join(file).display()),
            "a .proto file, relative to the suite file's directory",
        )),
        (None, None) => Err(problem(
            at,
            format!("no {BENCH_PROTO} in {} or above it", start.display()),
            "proto = \"FILE.proto\", or a suite inside a checkout of barrage",
        )),
    }
}

impl HttpKeys {
    /// The HTTP keys a gRPC scenario leaves out: each with whether it is
    /// given and why.
    fn refused(&self) -> Vec<(bool, &'static str, &'static str)> {
        let mut refused = vec![
            (
                self.path,
                "path",
                "call = \"package.Service/Method\": a call has no path of its own",
            ),
            (self.method, "method", "no method: every call is a POST"),
            (
                self.keepalive,
                "keepalive",
                "no keepalive: HTTP/2 connections stay open",
            ),
            (self.http10, "http10", "no http10: gRPC runs on HTTP/2"),
            (
                self.streams,
                "streams",
                "in_flight = N for calls in flight per connection",
            ),
        ];
        refused.extend(request_keys(self.script, self.mix, self.workload));
        refused
    }
}
