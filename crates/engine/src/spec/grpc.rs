//! A gRPC run's options ([`GrpcOptions`]): the method called, the schema it
//! was found in (travelling with the spec, so an agent encodes the same
//! messages), the request messages as JSON, and how streams are used.

use serde::{Deserialize, Serialize};

use barrage_model::load::{GrpcShape, GrpcUnit};

/// What a gRPC run calls, and how.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrpcOptions {
    /// `package.Service/Method`.
    pub call: String,
    /// The method's shape, as its descriptor says.
    pub shape: GrpcShape,
    /// The encoded `FileDescriptorSet` the method was found in (from
    /// `--proto`, compiled, or `--protoset`); base64 in the JSON.
    #[serde(with = "b64")]
    pub descriptor_set: Vec<u8>,
    /// The request message(s) as JSON: an object, or an array of them sent
    /// in turn on a client or bidirectional stream. May hold call-data
    /// templates (`{{.RequestNumber}}`, ...), rendered per call.
    pub data: String,
    /// Client and bidirectional streams: messages sent on a stream before
    /// the client ends it. `None`: the data's messages once (`unit` call),
    /// or until the run ends (`unit` message).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream_messages: Option<u64>,
    /// What the worker paces and times: whole calls, or (bidirectional
    /// streams) the messages on long-lived streams.
    pub unit: GrpcUnit,
}

impl Default for GrpcOptions {
    /// Nothing to call: the options of a run that is not gRPC.
    fn default() -> Self {
        GrpcOptions {
            call: String::new(),
            shape: GrpcShape::Unary,
            descriptor_set: Vec::new(),
            data: "{}".into(),
            stream_messages: None,
            unit: GrpcUnit::Call,
        }
    }
}

mod b64 {
    use base64::Engine;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .map_err(serde::de::Error::custom)
    }
}

impl super::LoadSpec {
    /// The refusals that are a gRPC spec's own: what cannot carry calls of
    /// one method (a mix, sessions, closing connections, pipelining), a
    /// unit that does not fit the method, and stream use that sends nothing.
    pub(super) fn validate_grpc(&self) -> Result<(), super::SpecError> {
        use super::{err, Field, Model, Reuse};
        let g = &self.grpc;
        if g.call.is_empty() || g.descriptor_set.is_empty() {
            return err(
                Field::Requests,
                "a gRPC run needs a method (--call) and its schema (--proto or --protoset)",
            );
        }
        if self.mix.is_some() || self.requests.len() > 1 {
            return err(
                Field::Requests,
                "a gRPC run calls one method: a mix or a list of URLs is HTTP's",
            );
        }
        if let Model::Sessions { .. } = self.model {
            return err(
                Field::Sessions,
                "a gRPC run is a closed or an open loop of calls or messages, not sessions",
            );
        }
        if let Model::Closed { pipeline, .. } = self.model {
            if pipeline > 1 {
                return err(
                    Field::Pipeline,
                    "pipelining is HTTP/1.1's: gRPC calls go on HTTP/2 streams (-m)",
                );
            }
        }
        if self.reuse != Reuse::KeepAlive {
            return err(
                Field::Reuse,
                "gRPC connections are HTTP/2's and always kept alive",
            );
        }
        if g.stream_messages == Some(0) {
            return err(
                Field::Streams,
                "--stream-messages must be at least 1 (messages a stream sends before it ends)",
            );
        }
        if g.unit == GrpcUnit::Message && g.shape != GrpcShape::Bidi {
            return err(
                Field::Requests,
                format!(
                    "--grpc-unit message needs a bidirectional streaming method; {} is {}",
                    g.call,
                    shape_name(g.shape)
                ),
            );
        }
        Ok(())
    }
}

fn shape_name(shape: GrpcShape) -> &'static str {
    match shape {
        GrpcShape::Unary => "unary",
        GrpcShape::ServerStreaming => "server streaming",
        GrpcShape::ClientStreaming => "client streaming",
        GrpcShape::Bidi => "bidirectional streaming",
    }
}
