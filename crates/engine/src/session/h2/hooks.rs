//! What the HTTP/2 session tells whoever reads its streams: a [`StreamSink`].
//! Plain HTTP/2 passes the worker's [`Sink`] itself (every hook but the
//! ends is a no-op, and header blocks are decoded for `:status` only, as
//! before); a session wrapping HTTP/2 (gRPC) passes its own, which sees each
//! stream's header fields, DATA and trailers.

use crate::session::{Completed, Inflight, Sink, StreamFailure};

/// The reader of an HTTP/2 session's streams.
pub trait StreamSink {
    /// Header blocks are decoded whole and their fields passed to
    /// [`field`](Self::field) (else only `:status` is read).
    const FIELDS: bool = false;
    /// A field of a header block on `stream` (a response head's, or its trailers').
    fn field(&mut self, _stream: u32, _name: &[u8], _value: &[u8]) {}
    /// The header block whose fields were just passed ended: the response
    /// head (`trailers` false, its final `:status`) or the trailers.
    fn block(&mut self, _stream: u32, _status: u16, _trailers: bool, _end_stream: bool) {}
    /// A DATA frame's payload (without padding) on `stream`.
    fn data(&mut self, _stream: u32, _payload: &[u8], _end_stream: bool) {}
    /// `stream` ended (END_STREAM from the server).
    fn ended(&mut self, stream: u32, c: Completed);
    /// `stream` ended without a response.
    fn failed(&mut self, stream: u32, request: Inflight, why: StreamFailure);
}

impl<S: Sink> StreamSink for S {
    #[inline]
    fn ended(&mut self, _stream: u32, c: Completed) {
        self.completed(c)
    }

    #[inline]
    fn failed(&mut self, _stream: u32, request: Inflight, why: StreamFailure) {
        Sink::failed(self, request, why)
    }
}
