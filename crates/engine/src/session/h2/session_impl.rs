//! HTTP/2 behind the session interface: requests as header fields on
//! streams, as many as the server's SETTINGS allow.

use std::time::Instant;

use super::H2Session;
use crate::session::counts::ProtocolCounts;
use crate::session::interface::{Depth, Flow, Inflight, Next, RequestForm, SessionError, Sink};
use crate::session::protocol_session::ProtocolSession;
use crate::wire::WireRequest;

impl ProtocolSession for H2Session {
    #[inline]
    fn in_flight(&self) -> usize {
        H2Session::in_flight(self)
    }

    fn oldest(&self) -> Option<&Inflight> {
        H2Session::oldest(self)
    }

    #[inline]
    fn room(&self, depth: Depth) -> usize {
        H2Session::room(self, depth.streams)
    }

    #[inline]
    fn submit(&mut self, request: &WireRequest, inflight: Inflight, out: &mut Vec<u8>) {
        H2Session::submit(self, &request.h2, inflight, out)
    }

    #[inline]
    fn on_read(
        &mut self,
        data: &[u8],
        _now: Instant,
        sink: &mut impl Sink,
        out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        Ok(match H2Session::on_read(self, data, sink, out)? {
            Flow::Continue => Next::Continue,
            // After GOAWAY, all streams answered.
            Flow::Close => Next::Close,
        })
    }

    fn on_eof(&mut self, _sink: &mut impl Sink) -> Result<(), SessionError> {
        Ok(H2Session::on_eof(self)?)
    }

    fn request_form(&self) -> RequestForm {
        RequestForm::Fields
    }

    fn count_connection(&self, counts: &mut ProtocolCounts) {
        counts.h2_connections += 1;
    }

    fn add_events(&self, counts: &mut ProtocolCounts) {
        counts.h2.add(&self.events);
    }

    fn waiting_for(&self) -> Option<&'static str> {
        self.awaiting_settings()
            .then_some("HTTP/2 SETTINGS from the server")
    }

    fn on_connect(&mut self, _now: Instant, out: &mut Vec<u8>) {
        H2Session::on_connect(self, out)
    }

    #[inline]
    fn written(&mut self) {
        H2Session::written(self)
    }

    fn submit_fields<'a>(
        &mut self,
        fields: impl Iterator<Item = (&'a [u8], &'a [u8], bool)>,
        body: &[u8],
        inflight: Inflight,
        out: &mut Vec<u8>,
        _frames: &mut Vec<u8>,
    ) {
        H2Session::submit_fields(self, fields, body, inflight, out)
    }
}
