//! A request in its HTTP/2 form, encoded once before the run (crate::wire)
//! and submitted on every stream: plain data, which the session reads.

use super::hpack::Field;

/// A request in its HTTP/2 form: header fields (pseudo-headers first,
/// names lower-case) and a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct H2Request {
    pub headers: Vec<Field>,
    pub body: Box<[u8]>,
}
