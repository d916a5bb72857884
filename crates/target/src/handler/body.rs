//! The endpoints that read the request body: `POST /baseline` (a number,
//! read whole, at most [`MAX_BASELINE_BODY`] bytes), `POST /upload`
//! (counted as it streams in, never held) and `POST /echo` (held whole, at
//! most [`MAX_ECHO`] bytes, and sent back). Generic over the body type, so
//! that hyper's (HTTP/1.1, h2) and the HTTP/3 stream's go the same way.

use bytes::{Buf, Bytes, BytesMut};
use http_body_util::BodyExt;
use hyper::body::Body;

use hyper::header::HeaderValue;

use super::reply::Reply;
use crate::contract::data::{
    baseline_sum, parse_baseline_body, BadRequest, ECHO_CONTENT_TYPE, MAX_ECHO,
};

/// Largest `POST /baseline` body read: a number of at most 19 characters
/// and the whitespace around it fit many times over.
const MAX_BASELINE_BODY: usize = 1024;

/// `Content-Type` of `/echo`'s answer.
const ECHO_TYPE: HeaderValue = HeaderValue::from_static(ECHO_CONTENT_TYPE);

/// Why a body that broke off is answered 400.
const ENDED_EARLY: &str = "the request body ended early";

/// A request whose answer needs its body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BodyTask {
    /// `POST /baseline?a=A&b=B`: `A + B +` the number in the body.
    Baseline { a: i64, b: i64 },
    /// `POST /upload`: the number of body bytes received.
    Upload,
    /// `POST /echo`: the body bytes received, as they came.
    Echo,
    /// A `POST` answered 400 from its head alone (`/baseline` with a bad
    /// query): the body is read first, so that the connection stays open
    /// (hyper closes one whose request body is left unread).
    Reject(&'static str),
}

impl BodyTask {
    /// Reads `body` and answers. A body that ends early (the client closed
    /// mid-way, a broken chunk) is a 400, if the connection can still
    /// carry it.
    pub(crate) async fn run<B>(self, body: B) -> Reply
    where
        B: Body,
        B::Data: Buf,
    {
        let body = std::pin::pin!(body);
        match self {
            BodyTask::Baseline { a, b } => match read_number(body).await {
                Ok(c) => Reply::number(baseline_sum(a, b, Some(c))),
                Err(BadRequest(why)) => Reply::bad_request(why),
            },
            BodyTask::Upload => match count(body).await {
                Some(n) => Reply::number(n),
                None => Reply::bad_request(ENDED_EARLY),
            },
            BodyTask::Echo => match read_all(body, MAX_ECHO as usize).await {
                Ok(bytes) => Reply::ok(ECHO_TYPE, bytes),
                Err(reply) => reply,
            },
            BodyTask::Reject(why) => {
                let _ = count(body).await;
                Reply::bad_request(why)
            }
        }
    }
}

/// The number a `POST /baseline` body carries.
async fn read_number<B>(mut body: std::pin::Pin<&mut B>) -> Result<i64, BadRequest>
where
    B: Body,
    B::Data: Buf,
{
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|_| BadRequest(ENDED_EARLY))?;
        let Ok(mut data) = frame.into_data() else {
            continue; // trailers
        };
        if bytes.len() + data.remaining() > MAX_BASELINE_BODY {
            return Err(BadRequest("the body of POST /baseline is too long"));
        }
        while data.has_remaining() {
            let chunk = data.chunk();
            bytes.extend_from_slice(chunk);
            let n = chunk.len();
            data.advance(n);
        }
    }
    parse_baseline_body(&bytes)
}

/// The bytes `body` carries, at most `max` of them: a longer body is read
/// to its end and answered 413, one that broke off 400.
async fn read_all<B>(mut body: std::pin::Pin<&mut B>, max: usize) -> Result<Bytes, Reply>
where
    B: Body,
    B::Data: Buf,
{
    let hint = body.size_hint().exact().unwrap_or(0).min(max as u64);
    let mut bytes = BytesMut::with_capacity(hint as usize);
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|_| Reply::bad_request(ENDED_EARLY))?;
        let Ok(mut data) = frame.into_data() else {
            continue; // trailers
        };
        if bytes.len() + data.remaining() > max {
            let _ = count(body).await;
            return Err(Reply::payload_too_large());
        }
        while data.has_remaining() {
            let chunk = data.chunk();
            bytes.extend_from_slice(chunk);
            let n = chunk.len();
            data.advance(n);
        }
    }
    Ok(bytes.freeze())
}

/// The bytes `body` carries, counted frame by frame; `None` if it broke off.
async fn count<B>(mut body: std::pin::Pin<&mut B>) -> Option<u64>
where
    B: Body,
    B::Data: Buf,
{
    let mut n = 0u64;
    while let Some(frame) = body.frame().await {
        if let Ok(data) = frame.ok()?.into_data() {
            n += data.remaining() as u64;
        }
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    use bytes::Bytes;
    use hyper::body::Frame;

    use super::*;

    /// A body of ready chunks, then optionally an error (a broken-off body).
    struct Chunks {
        chunks: VecDeque<&'static [u8]>,
        broken: bool,
    }

    impl Body for Chunks {
        type Data = Bytes;
        type Error = &'static str;

        fn poll_frame(
            mut self: Pin<&mut Self>,
            _cx: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, &'static str>>> {
            Poll::Ready(match self.chunks.pop_front() {
                Some(chunk) => Some(Ok(Frame::data(Bytes::from_static(chunk)))),
                None if self.broken => Some(Err("broken")),
                None => None,
            })
        }
    }

    fn run(task: BodyTask, chunks: &[&'static [u8]], broken: bool) -> Reply {
        let body = Chunks {
            chunks: chunks.iter().copied().collect(),
            broken,
        };
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(task.run(body))
    }

    #[test]
    fn baseline_reads_the_number_in_pieces() {
        let task = BodyTask::Baseline { a: 1, b: -2 };
        let reply = run(task, &[b" ", b"4", b"3", b"\r\n"], false);
        assert_eq!((reply.status.as_u16(), &reply.body[..]), (200, &b"42"[..]));
    }

    #[test]
    fn baseline_rejects_bad_bodies() {
        let task = BodyTask::Baseline { a: 1, b: 2 };
        let long: &'static [u8] = Box::leak(vec![b'1'; MAX_BASELINE_BODY + 1].into_boxed_slice());
        for (chunks, broken) in [
            (&[][..], false),
            (&[&b"x"[..]][..], false),
            (&[&b"1 2"[..]][..], false),
            (&[&b"12"[..]][..], true),
            (&[long][..], false),
        ] {
            let reply = run(task, chunks, broken);
            assert_eq!(reply.status.as_u16(), 400, "{chunks:?} {broken}");
        }
    }

    #[test]
    fn upload_counts_every_chunk() {
        let reply = run(BodyTask::Upload, &[b"abc", b"", b"defgh"], false);
        assert_eq!(&reply.body[..], b"8");
        assert_eq!(&run(BodyTask::Upload, &[], false).body[..], b"0");
        assert_eq!(run(BodyTask::Upload, &[b"abc"], true).status.as_u16(), 400);
    }

    #[test]
    fn echo_answers_every_chunk_as_it_came() {
        let reply = run(BodyTask::Echo, &[b"ab\x00", b"", b"\xffcd"], false);
        assert_eq!(
            (reply.status.as_u16(), &reply.body[..]),
            (200, &b"ab\x00\xffcd"[..])
        );
        assert_eq!(reply.content_type, ECHO_TYPE);
        assert_eq!(&run(BodyTask::Echo, &[], false).body[..], b"");
        assert_eq!(run(BodyTask::Echo, &[b"abc"], true).status.as_u16(), 400);
        let big: &'static [u8] = Box::leak(vec![7u8; MAX_ECHO as usize].into_boxed_slice());
        assert_eq!(run(BodyTask::Echo, &[big], false).body.len(), big.len());
        let reply = run(BodyTask::Echo, &[big, b"x"], false);
        assert_eq!(reply.status.as_u16(), 413);
    }

    #[test]
    fn reject_reads_the_body_and_says_why() {
        let reply = run(BodyTask::Reject("missing a"), &[b"abc", b"def"], false);
        assert_eq!(reply.status.as_u16(), 400);
        assert_eq!(&reply.body[..], b"missing a");
    }
}
