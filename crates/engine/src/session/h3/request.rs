//! A request in its HTTP/3 form, framed once before the run (crate::wire)
//! and written on each request's stream: plain data.

use super::frame::{self, put_varint};
use super::qpack;
use crate::session::h2::hpack::Field;

/// A request's bytes on its stream: the HEADERS frame and any DATA frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct H3Request {
    pub frames: Box<[u8]>,
}

impl H3Request {
    /// Frames the fields (lower-case names, pseudo-headers first) and body.
    pub fn new(fields: &[Field], body: &[u8]) -> H3Request {
        let block = qpack::encode(fields);
        let mut out = Vec::with_capacity(block.len() + body.len() + 16);
        put_varint(&mut out, frame::HEADERS);
        put_varint(&mut out, block.len() as u64);
        out.extend_from_slice(&block);
        if !body.is_empty() {
            put_varint(&mut out, frame::DATA);
            put_varint(&mut out, body.len() as u64);
            out.extend_from_slice(body);
        }
        H3Request {
            frames: out.into_boxed_slice(),
        }
    }
}
