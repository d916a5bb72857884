//! A gRPC run's [`GrpcConfig`], built once per run from its spec: the
//! method found in the spec's descriptor set (barrage-grpc), the call's
//! header fields, and its request messages, encoded once with their
//! prefixes when fixed, or rendered per call when templated.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use barrage_grpc::{CallData, Requests, Schema};
use barrage_model::load::{GrpcShape, GrpcUnit};

use super::{messages, GrpcConfig, GrpcMessages, Render};
use crate::session::h2::hpack::Field;
use crate::session::h2::H2Settings;
use crate::spec::{Field as SpecField, LoadSpec, Model, Scheme, SpecError};

/// Templated messages, rendered with barrage-grpc's call data.
struct Templated(Requests);

impl Render for Templated {
    fn count(&self) -> usize {
        self.0.len()
    }

    fn render(&self, i: usize, worker_id: u64, request_number: u64, out: &mut Vec<u8>) {
        let call = CallData {
            worker_id,
            request_number,
        };
        self.0.render(i, &call, out);
    }
}

impl GrpcConfig {
    /// The run's calls: an error names what does not fit (before any connection).
    pub(crate) fn of(spec: &LoadSpec) -> Result<GrpcConfig, SpecError> {
        let g = &spec.grpc;
        let refuse = |e: barrage_grpc::SetupError| SpecError::new(SpecField::Requests, e.0);
        let schema = Schema::from_descriptor_set(&g.descriptor_set).map_err(refuse)?;
        let method = schema.method(&g.call).map_err(refuse)?;
        let requests = method.requests(&g.data).map_err(refuse)?;
        let shape = method.shape();
        let streams_out = matches!(shape, GrpcShape::ClientStreaming | GrpcShape::Bidi);
        let per_call = match (g.unit, streams_out) {
            (GrpcUnit::Message, _) => g.stream_messages,
            (GrpcUnit::Call, true) => Some(g.stream_messages.unwrap_or(requests.len() as u64)),
            (GrpcUnit::Call, false) => Some(1),
        };
        let messages = if requests.is_templated() {
            GrpcMessages::Templated(Arc::new(Templated(requests)))
        } else {
            let fixed = (0..requests.len())
                .map(|i| prefixed(requests.fixed(i).unwrap_or_default()))
                .collect();
            GrpcMessages::Fixed(fixed)
        };
        Ok(GrpcConfig {
            headers: headers(spec, method.path()),
            messages,
            shape,
            unit: g.unit,
            per_call,
            calls_per_connection: spec.h2.streams,
            open_loop: matches!(spec.model, Model::Open { .. }),
            windows: H2Settings::from_bits(spec.h2.window_bits, spec.h2.connection_window_bits),
            next_request: AtomicU64::new(0),
            next_connection: AtomicU64::new(0),
        })
    }
}

/// A message with its 5-byte prefix.
fn prefixed(message: &[u8]) -> Box<[u8]> {
    let mut out = vec![0; 5];
    messages::put_prefix(&mut out, message.len());
    out.extend_from_slice(message);
    out.into_boxed_slice()
}

/// The call's fields: pseudo-headers, gRPC's own, then the metadata (`-H`,
/// names lower-cased; a `user-agent` there replaces barrage's).
fn headers(spec: &LoadSpec, path: &str) -> Vec<Field> {
    let f = |n: &str, v: &str| -> Field { (n.as_bytes().into(), v.as_bytes().into()) };
    let scheme = match spec.target.scheme {
        Scheme::Http => "http",
        Scheme::Https => "https",
    };
    let metadata: Vec<(String, &str)> = spec
        .requests
        .first()
        .map(|r| {
            r.headers
                .iter()
                .map(|(n, v)| (n.to_ascii_lowercase(), v.as_str()))
                .filter(|(n, _)| {
                    !matches!(n.as_str(), "host" | "connection" | "te" | "content-type")
                })
                .collect()
        })
        .unwrap_or_default();
    let mut fields = vec![
        f(":method", "POST"),
        f(":scheme", scheme),
        f(":path", path),
        f(":authority", &spec.target.authority),
        f("content-type", "application/grpc"),
        f("te", "trailers"),
    ];
    if !metadata.iter().any(|(n, _)| n == "user-agent") {
        fields.push(f(
            "user-agent",
            concat!("barrage/", env!("CARGO_PKG_VERSION")),
        ));
    }
    fields.extend(metadata.iter().map(|(n, v)| f(n, v)));
    fields
}
