//! [`Method`]: one method of a [`crate::Schema`]: its `:path`, its call
//! shape, the request messages a run sends it (parsed from JSON) and its
//! replies read back as JSON.

use barrage_model::load::GrpcShape;
use prost_reflect::{DynamicMessage, MethodDescriptor};

use crate::requests::Requests;
use crate::{fail, SetupError};

/// A method found in a schema, with the names the wire and the report use.
#[derive(Debug, Clone)]
pub struct Method {
    descriptor: MethodDescriptor,
    /// `/package.Service/Method`.
    path: String,
}

impl Method {
    pub(crate) fn new(descriptor: MethodDescriptor) -> Method {
        let path = format!(
            "/{}/{}",
            descriptor.parent_service().full_name(),
            descriptor.name()
        );
        Method { descriptor, path }
    }

    /// `/package.Service/Method`: the request's `:path`.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// `package.Service/Method`: the name the spec and the report use.
    pub fn call(&self) -> String {
        self.path[1..].to_owned()
    }

    /// Unary, server streaming, client streaming or bidirectional, as the
    /// descriptor says.
    pub fn shape(&self) -> GrpcShape {
        GrpcShape::of(
            self.descriptor.is_client_streaming(),
            self.descriptor.is_server_streaming(),
        )
    }

    /// The request messages `data_json` describes: an object (one message)
    /// or, for a client or bidirectional stream, an array of them. Refused
    /// (one line naming the field or template) when it does not fit the
    /// input message.
    pub fn requests(&self, data_json: &str) -> Result<Requests, SetupError> {
        Requests::parse(self, data_json)
    }

    /// A reply message (no 5-byte prefix) as JSON text.
    pub fn decode_reply(&self, bytes: &[u8]) -> Result<String, SetupError> {
        let output = self.descriptor.output();
        let message = match DynamicMessage::decode(output.clone(), bytes) {
            Ok(message) => message,
            Err(error) => {
                return fail(format!(
                    "reply of {} is not a valid {}: {error}",
                    self.call(),
                    output.full_name()
                ))
            }
        };
        match serde_json::to_string(&message) {
            Ok(json) => Ok(json),
            Err(error) => fail(format!("reply of {} as JSON: {error}", self.call())),
        }
    }

    pub(crate) fn descriptor(&self) -> &MethodDescriptor {
        &self.descriptor
    }

    /// Whether the client may send several messages on one call.
    pub(crate) fn client_streams(&self) -> bool {
        self.descriptor.is_client_streaming()
    }
}
