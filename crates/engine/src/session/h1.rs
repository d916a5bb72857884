//! The HTTP/1.0 and HTTP/1.1 client session: pipelined requests matched to
//! their responses, in order. The bytes are read by the one HTTP/1 response
//! parser ([`response::ResponseParser`]), which frames each response by
//! Content-Length, chunked coding or connection close (RFC 9112 §6); this
//! module only pairs responses with requests and says when the connection
//! ends.

mod chunked;
pub(crate) mod head;
pub mod response;

use std::collections::VecDeque;

pub(crate) use head::excerpt;
pub use head::{Body, Framing, Head, MAX_HEAD, MAX_HEADERS};
use response::{Cut, Event, ResponseParser};

use std::time::Instant;

use super::counts::ProtocolCounts;
use super::protocol_session::ProtocolSession;
use super::{
    Completed, Depth, EarlyClose, Flow, Inflight, Next, ProtocolError, RequestForm, SessionError,
    Sink,
};
use crate::script::ScriptResponse;
use crate::wire::WireRequest;

/// What `on_read` calls for each response: the response done, and (only
/// when the session keeps them, for a script's `response()`) its headers
/// and body.
pub trait H1Done: FnMut(Completed, Option<ScriptResponse<'_>>) {}
impl<F: FnMut(Completed, Option<ScriptResponse<'_>>)> H1Done for F {}

/// Per-connection HTTP/1.x state.
#[derive(Debug)]
pub struct H1Session {
    parser: ResponseParser,
    inflight: VecDeque<Inflight>,
    /// Requests carry `Connection: close` (or HTTP/1.0 without keep-alive).
    requests_close: bool,
    /// Responses are kept for a script that wants them.
    keep: bool,
}

impl H1Session {
    /// A session whose requests ask the server to close (`requests_close`) or not.
    pub fn new(requests_close: bool) -> H1Session {
        H1Session {
            parser: ResponseParser::new(),
            inflight: VecDeque::with_capacity(1),
            requests_close,
            keep: false,
        }
    }

    /// Keeps each response's headers and body, and hands them to `on_read`'s
    /// callback (for a script's `response()`; otherwise bodies are counted,
    /// never kept).
    pub fn keep_responses(&mut self) {
        self.parser.keep();
        self.keep = true;
    }

    /// Appends `bytes` holding several requests (pipelined) to `out`, and
    /// tracks one in-flight request per entry of `requests`.
    pub fn submit_many(
        &mut self,
        bytes: &[u8],
        requests: impl Iterator<Item = Inflight>,
        out: &mut Vec<u8>,
    ) {
        out.extend_from_slice(bytes);
        self.inflight.extend(requests);
    }

    /// Appends a request's bytes to `out` and tracks it as in flight.
    pub fn submit(&mut self, bytes: &[u8], request: Inflight, out: &mut Vec<u8>) {
        out.extend_from_slice(bytes);
        self.inflight.push_back(request);
    }

    /// Feeds bytes read from the connection; `done` is called for every response completed.
    pub fn on_read(&mut self, data: &[u8], done: &mut impl H1Done) -> Result<Flow, ProtocolError> {
        let mut pos = 0;
        loop {
            let rest = &data[pos..];
            let Some(request) = self.inflight.front() else {
                if !rest.is_empty() && self.parser.reading_head() {
                    return Err(unexpected(rest));
                }
                break;
            };
            let (used, event) = self.parser.feed(rest, request.head)?;
            pos += used;
            match event {
                Event::NeedMore => break,
                Event::Head => {}
                Event::Complete => {
                    if self.complete(done) == Flow::Close {
                        return Ok(Flow::Close);
                    }
                }
            }
        }
        Ok(if self.parser.reading_until_close() {
            Flow::Close
        } else {
            Flow::Continue
        })
    }

    /// The peer closed the connection: completes a close-delimited body, or
    /// says what was cut short.
    pub fn on_eof(&mut self, done: &mut impl H1Done) -> Result<(), EarlyClose> {
        let why = match self.parser.on_eof() {
            Ok(true) => {
                self.complete(done);
                return Ok(());
            }
            Ok(false) if self.inflight.is_empty() => return Ok(()),
            Ok(false) => format!(
                "connection closed with {} request(s) unanswered",
                self.inflight.len()
            ),
            Err(Cut::Head) => format!(
                "connection closed after {} bytes of a response head",
                self.parser.partial_head().len()
            ),
            Err(Cut::Body { got, announced }) => {
                format!("connection closed after {got} of {announced} body bytes")
            }
            Err(Cut::Chunked) => "connection closed inside a chunked body".into(),
        };
        Err(EarlyClose(why))
    }

    /// The oldest request got its response: reports it, and says whether
    /// the connection ends here.
    fn complete(&mut self, done: &mut impl H1Done) -> Flow {
        let head = self.parser.head();
        if let Some(request) = self.inflight.pop_front() {
            let c = Completed {
                status: head.status,
                request,
            };
            let kept = self.keep.then(|| ScriptResponse {
                status: head.status,
                headers: self.parser.headers(),
                body: self.parser.body(),
            });
            done(c, kept);
        }
        if head.closes || self.requests_close {
            Flow::Close
        } else {
            Flow::Continue
        }
    }
}

fn unexpected(data: &[u8]) -> ProtocolError {
    ProtocolError(format!(
        "{} unexpected byte(s) with no request in flight: {}",
        data.len(),
        excerpt(data)
    ))
}

/// Feeds arbitrary bytes to a session with three requests in flight (the
/// second a `HEAD`), whole and cut where the input's first bytes say, both
/// keeping responses and not, for the fuzz target `h1_response`: whatever
/// the input, this returns and never panics, and every way of feeding it
/// reads the same responses (it panics if they differ).
#[doc(hidden)]
pub fn fuzz_response_bytes(data: &[u8]) {
    let (cuts, stream) = match data.split_first() {
        Some((&n, rest)) => rest.split_at(usize::from(n % 8).min(rest.len())),
        None => (data, data),
    };
    let whole = fuzz::read(stream, &[], true);
    let cut = fuzz::read(stream, cuts, true);
    assert_eq!(whole, cut, "cut at {cuts:?}");
    for plain in [
        fuzz::read(stream, &[], false),
        fuzz::read(stream, cuts, false),
    ] {
        assert_eq!(
            whole.without_bodies(),
            plain,
            "cut at {cuts:?}, keeping nothing"
        );
    }
}

mod fuzz {
    use super::*;

    /// A kept response's header fields and body.
    type Kept = (Vec<(Vec<u8>, Vec<u8>)>, Vec<u8>);

    /// What a session read from one stream: each response (status, and
    /// headers and body when kept), then how the reading ended.
    #[derive(Debug, PartialEq, Eq)]
    pub(super) struct Outcome {
        responses: Vec<(u16, Option<Kept>)>,
        /// `Ok(flow)` or a protocol error, then the close's result.
        end: (Result<Flow, ()>, Option<Result<(), ()>>),
    }

    impl Outcome {
        /// The same outcome as read by a session that keeps nothing.
        pub(super) fn without_bodies(&self) -> Outcome {
            let responses = self.responses.iter().map(|&(status, _)| (status, None));
            Outcome {
                responses: responses.collect(),
                end: self.end,
            }
        }
    }

    /// Feeds `stream` to a new session in pieces cut after each of `cuts`
    /// bytes (then the rest), then closes.
    pub(super) fn read(stream: &[u8], cuts: &[u8], keep: bool) -> Outcome {
        let now = std::time::Instant::now();
        let mut s = H1Session::new(false);
        if keep {
            s.keep_responses();
        }
        for head in [false, true, false] {
            let request = Inflight {
                intended: now,
                sent: now,
                head,
                measured: true,
                template: 0,
            };
            s.submit(b"", request, &mut Vec::new());
        }
        let mut responses = Vec::new();
        let mut on = |c: Completed, kept: Option<ScriptResponse<'_>>| {
            let kept = kept.map(|r| (r.headers.to_vec(), r.body.to_vec()));
            responses.push((c.status, kept));
        };
        let mut rest = stream;
        let mut flow = Ok(Flow::Continue);
        for size in cuts.iter().map(|&c| usize::from(c)).chain([usize::MAX]) {
            let (piece, after) = rest.split_at(size.min(rest.len()));
            rest = after;
            flow = s.on_read(piece, &mut on).map_err(drop);
            // A close-delimited body takes all; other closes end the reading.
            let reading = flow == Ok(Flow::Continue) || s.parser.reading_until_close();
            if !reading || rest.is_empty() {
                break;
            }
        }
        let eof = flow.is_ok().then(|| s.on_eof(&mut on).map_err(drop));
        let end = (flow, eof);
        Outcome { responses, end }
    }
}

/// HTTP/1.x behind the session interface: requests as whole text, one
/// per pipeline slot.
impl ProtocolSession for H1Session {
    #[inline]
    fn in_flight(&self) -> usize {
        self.inflight.len()
    }

    fn oldest(&self) -> Option<&Inflight> {
        self.inflight.front()
    }

    #[inline]
    fn room(&self, depth: Depth) -> usize {
        depth.pipeline.saturating_sub(self.inflight.len())
    }

    #[inline]
    fn submit(&mut self, request: &WireRequest, inflight: Inflight, out: &mut Vec<u8>) {
        H1Session::submit(self, &request.bytes, inflight, out)
    }

    #[inline]
    fn on_read(
        &mut self,
        data: &[u8],
        _now: Instant,
        sink: &mut impl Sink,
        _out: &mut Vec<u8>,
    ) -> Result<Next, SessionError> {
        let flow = H1Session::on_read(self, data, &mut |c, kept| {
            if let Some(r) = kept {
                sink.response(r);
            }
            sink.completed(c)
        })?;
        Ok(match flow {
            Flow::Continue => Next::Continue,
            Flow::Close => Next::Drain,
        })
    }

    fn on_eof(&mut self, sink: &mut impl Sink) -> Result<(), SessionError> {
        Ok(H1Session::on_eof(self, &mut |c, kept| {
            if let Some(r) = kept {
                sink.response(r);
            }
            sink.completed(c)
        })?)
    }

    fn count_connection(&self, counts: &mut ProtocolCounts) {
        counts.h1_connections += 1;
    }

    fn request_form(&self) -> RequestForm {
        RequestForm::Text
    }

    fn requests_close(&self) -> bool {
        self.requests_close
    }

    /// The last request submitted ends the connection: no more are sent,
    /// and its response closes it.
    fn close_after(&mut self) {
        self.requests_close = true;
    }

    fn submit_h1_batch(
        &mut self,
        bytes: &[u8],
        requests: impl Iterator<Item = Inflight>,
        out: &mut Vec<u8>,
    ) {
        self.submit_many(bytes, requests, out)
    }
}

#[cfg(test)]
mod tests;
