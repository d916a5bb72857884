//! `barrage load`'s gRPC flags (`--grpc`, `--proto`, `-I`, `--protoset`,
//! `--call`, `--data`, `--stream-messages`, `--grpc-unit`): the schema and
//! method they name and the request messages, all loaded and checked here
//! before any connection, turned into the spec's [`GrpcOptions`]; and the
//! HTTP flags that do not apply to a gRPC run, each refused in one line.

use barrage_engine::{GrpcOptions, GrpcShape, GrpcUnit};
use barrage_grpc::{Method, Schema};

use super::*;

/// The gRPC flags of `barrage load`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct GrpcArgs {
    /// gRPC over HTTP/2: http:// is h2c (prior knowledge), https:// TLS with ALPN h2.
    /// The URL's path is ignored; give --call and --proto or --protoset. -n, -R and
    /// the latency count calls (or, --grpc-unit message, a bidi stream's messages).
    #[arg(long, help_heading = "gRPC")]
    pub(crate) grpc: bool,
    /// gRPC: a .proto file defining the service (repeatable), compiled at run time
    /// (no protoc needed).
    #[arg(long, value_name = "FILE.proto", help_heading = "gRPC")]
    pub(crate) proto: Vec<PathBuf>,
    /// gRPC: where the .proto files' imports are looked up (repeatable) [default:
    /// each proto's directory].
    #[arg(
        short = 'I',
        long = "import-path",
        value_name = "DIR",
        help_heading = "gRPC"
    )]
    pub(crate) import_paths: Vec<PathBuf>,
    /// gRPC: a binary FileDescriptorSet (protoc -o FILE --include_imports) instead of --proto.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "proto",
        help_heading = "gRPC"
    )]
    pub(crate) protoset: Option<PathBuf>,
    /// gRPC: the method, package.Service/Method (or package.Service.Method).
    #[arg(long, value_name = "METHOD", help_heading = "gRPC")]
    pub(crate) call: Option<String>,
    /// gRPC: the request message as JSON, or @FILE [default: {}]. An array is several
    /// messages sent in turn on a client or bidi stream. Templates drawn per call:
    /// {{.RequestNumber}}, {{.WorkerID}}, {{.TimestampUnix}}(Milli|Nano), {{.UUID}},
    /// {{newUUID}}, {{randomInt MIN MAX}}, {{randomString N}}.
    #[arg(long, value_name = "JSON|@FILE", help_heading = "gRPC")]
    pub(crate) data: Option<String>,
    /// gRPC client and bidi streams: messages sent per call before the client ends its
    /// side (the --data messages in turn, repeated) [default: the data's messages once;
    /// --grpc-unit message: until the run ends].
    #[arg(long, value_name = "N", help_heading = "gRPC")]
    pub(crate) stream_messages: Option<u64>,
    /// gRPC: what the load counts, paces and times: call (each request a call) or
    /// message (bidi only: -c × -m long-lived streams, each request one message timed
    /// to its answer) [default: message for bidi, else call].
    #[arg(long, value_enum, value_name = "UNIT", help_heading = "gRPC")]
    pub(crate) grpc_unit: Option<UnitArg>,
}

/// `--grpc-unit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UnitArg {
    Call,
    Message,
}

/// What `--grpc` loaded before the spec is built.
pub(super) struct Setup {
    method: Method,
    descriptor_set: Vec<u8>,
    data: String,
}

/// For a `--grpc` run: the flags that do not apply refused, then the
/// schema, the method and the request messages loaded and checked. `None`
/// for another run (whose gRPC flags are refused).
pub(super) fn setup(a: &LoadArgs) -> Result<Option<Setup>, String> {
    let g = &a.grpc;
    if !g.grpc {
        let given = !g.proto.is_empty()
            || !g.import_paths.is_empty()
            || g.protoset.is_some()
            || g.call.is_some()
            || g.data.is_some()
            || g.stream_messages.is_some()
            || g.grpc_unit.is_some();
        if given {
            return Err("--proto, -I, --protoset, --call, --data, --stream-messages and --grpc-unit apply to gRPC: add --grpc".into());
        }
        return Ok(None);
    }
    refuse_flags(a)?;
    let schema = match (&g.protoset, g.proto.is_empty()) {
        (Some(path), _) => Schema::from_protoset(path),
        (None, false) => Schema::compile(&g.proto, &g.import_paths),
        (None, true) => {
            return Err(
                "--grpc: give the schema with --proto FILE.proto (or --protoset FILE)".into(),
            )
        }
    }
    .map_err(|e| e.0)?;
    let Some(call) = &g.call else {
        return Err("--grpc: give the method with --call package.Service/Method".into());
    };
    let method = schema.method(call).map_err(|e| e.0)?;
    let data = match g.data.as_deref() {
        None => "{}".to_string(),
        Some(d) => match d.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| format!("--data @{path}: cannot read the file: {e}"))?,
            None => d.to_string(),
        },
    };
    method.requests(&data).map_err(|e| e.0)?;
    Ok(Some(Setup {
        descriptor_set: schema.descriptor_set(),
        method,
        data,
    }))
}

/// A gRPC spec: the protocol, the call and its options, the metadata; the
/// unit checked against the method's shape. Does nothing without `--grpc`.
pub(super) fn apply(a: &LoadArgs, setup: Option<Setup>, spec: &mut LoadSpec) -> Result<(), String> {
    let Some(setup) = setup else {
        return Ok(());
    };
    let g = &a.grpc;
    let shape = setup.method.shape();
    let streams_out = matches!(shape, GrpcShape::ClientStreaming | GrpcShape::Bidi);
    let unit = match (g.grpc_unit, shape) {
        (Some(UnitArg::Message), GrpcShape::Bidi) | (None, GrpcShape::Bidi) => GrpcUnit::Message,
        (Some(UnitArg::Message), _) => {
            return Err(format!(
            "--grpc-unit message applies to bidirectional streams: {} is {}; use --grpc-unit call",
            setup.method.call(),
            shape_words(shape)
        ))
        }
        (Some(UnitArg::Call), _) | (None, _) => GrpcUnit::Call,
    };
    match g.stream_messages {
        Some(_) if !streams_out => {
            return Err(format!(
                "--stream-messages applies to client and bidi streams: {} is {} (one request message per call)",
                setup.method.call(),
                shape_words(shape)
            ))
        }
        Some(0) => return Err("--stream-messages: a stream sends at least 1 message".into()),
        _ => {}
    }
    spec.protocol = Protocol::Grpc;
    spec.requests = vec![RequestTemplate {
        method: "POST".into(),
        path: setup.method.path().to_string(),
        headers: metadata(a)?,
        body: Vec::new(),
    }];
    spec.grpc = GrpcOptions {
        call: setup.method.call(),
        shape,
        descriptor_set: setup.descriptor_set,
        data: setup.data,
        stream_messages: g.stream_messages,
        unit,
    };
    Ok(())
}

/// `-H` as gRPC metadata: names lower-cased (HTTP/2 sends them so).
fn metadata(a: &LoadArgs) -> Result<Vec<(String, String)>, String> {
    let mut metadata = Vec::with_capacity(a.headers.len());
    for header in &a.headers {
        let (name, value) = parse_header(header)?;
        let name = name.to_ascii_lowercase();
        if name.starts_with(':') || name == "content-type" || name == "te" {
            return Err(format!(
                "-H {header:?}: barrage sets {name} on every gRPC call; give metadata (e.g. -H 'authorization: Bearer …')"
            ));
        }
        metadata.push((name, value));
    }
    Ok(metadata)
}

/// `unary`, `server streaming`, ...
fn shape_words(shape: GrpcShape) -> String {
    shape.name().replace('_', " ")
}

fn refuse_flags(a: &LoadArgs) -> Result<(), String> {
    let refused = [
        (a.h3, "--h3 does not apply to gRPC: it runs over HTTP/2 (h2c on http://, TLS with ALPN h2 on https://)"),
        (a.h2 || a.h2c, "--h2 and --h2c do not apply to gRPC: it always runs over HTTP/2 (h2c on http://, ALPN h2 on https://)"),
        (a.ws || a.ws_message.is_some() || a.ws_size.is_some() || a.ws_binary || a.ws_subscribe || a.ws_ping.is_some(),
            "--ws and the --ws-* flags do not apply to gRPC"),
        (a.script.is_some(), "--script does not apply to gRPC: give the request message with --data"),
        (a.mix.is_some(), "--mix does not apply to gRPC: give the request message with --data (templates make calls differ)"),
        (a.urls.is_some(), "--urls does not apply to gRPC: --call names the method"),
        (a.body.is_some(), "--body does not apply to gRPC: give the request message as JSON with --data"),
        (a.method != "GET", "--method does not apply to gRPC: calls are POSTs"),
        (a.no_keepalive || a.http10, "--no-keepalive and --http1.0 do not apply to gRPC: its HTTP/2 connections stay open"),
        (a.pipeline > 1, "--pipeline does not apply to gRPC: -m sets the calls in flight per connection"),
        (a.conn_rate.is_some() || a.calls.is_some() || a.num_conns.is_some(),
            "sessions (--conn-rate, --calls, --num-conns) do not apply to gRPC: use -c and -m (closed loop) or -R (open loop)"),
    ];
    if let Some((_, why)) = refused.into_iter().find(|(bad, _)| *bad) {
        return Err(why.into());
    }
    let lower = a.url.trim().to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return Err(format!(
            "--grpc: {:?} is not an http:// (h2c) or https:// (TLS) URL",
            a.url
        ));
    }
    Ok(())
}
