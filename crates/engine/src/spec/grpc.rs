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
