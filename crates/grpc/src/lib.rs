//! gRPC for barrage's load: the schema a run calls into ([`Schema`], from
//! `.proto` files compiled at run time with protox, or from a binary
//! `FileDescriptorSet`), the method called ([`Method`], its `:path` and
//! shape) and the request messages ([`Requests`], JSON mapped onto the
//! input message with prost-reflect and encoded once, or per call when the
//! JSON holds call-data templates such as `{{.RequestNumber}}`).
//!
//! Everything here happens before any connection: a bad `.proto`, an
//! unknown method or JSON that does not fit the message is one
//! [`SetupError`] line. It must not do I/O beyond reading the schema files,
//! nor know about HTTP/2 or the 5-byte message prefix (the engine frames).

mod error;
mod method;
mod requests;
mod schema;
mod template;

pub use error::SetupError;
use error::{fail, one_line};
pub use method::Method;
pub use requests::{CallData, Requests};
pub use schema::Schema;

#[cfg(test)]
mod tests;
