//! A server's side of an HTTP/2 conversation, built frame by frame: for
//! the tests of the sessions that speak HTTP/2 (HTTP/2's and gRPC's), each
//! adding its own heads and bodies.

use super::frame::{self, flag, kind};

pub(crate) struct Server {
    pub(crate) enc: loona_hpack::Encoder<'static>,
    bytes: Vec<u8>,
}

impl Server {
    pub(crate) fn new() -> Server {
        Server {
            enc: loona_hpack::Encoder::new(),
            bytes: Vec::new(),
        }
    }

    pub(crate) fn frame(
        &mut self,
        kind: u8,
        flags: u8,
        stream: u32,
        payload: &[u8],
    ) -> &mut Server {
        frame::put_header(&mut self.bytes, payload.len(), kind, flags, stream);
        self.bytes.extend_from_slice(payload);
        self
    }

    pub(crate) fn settings(&mut self, pairs: &[(u16, u32)]) -> &mut Server {
        frame::put_settings(&mut self.bytes, pairs);
        self
    }

    /// A HEADERS frame of `fields`, HPACK-encoded.
    pub(crate) fn fields(
        &mut self,
        stream: u32,
        fields: &[(&str, &str)],
        end_stream: bool,
    ) -> &mut Server {
        let block = self
            .enc
            .encode(fields.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())));
        let flags = flag::END_HEADERS | if end_stream { flag::END_STREAM } else { 0 };
        self.frame(kind::HEADERS, flags, stream, &block)
    }

    pub(crate) fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bytes)
    }
}
