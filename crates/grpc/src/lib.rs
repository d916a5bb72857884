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

mod method;
mod requests;
mod schema;
mod template;

pub use method::Method;
pub use requests::{CallData, Requests};
pub use schema::Schema;

/// One line: what is wrong, where, what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// The error of `what`, flattened to one line.
pub(crate) fn fail<T>(what: impl Into<String>) -> Result<T, SetupError> {
    Err(SetupError(one_line(&what.into())))
}

/// `text` with its line breaks (and the runs of spaces after them) folded
/// to single spaces.
pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
