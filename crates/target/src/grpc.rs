//! `--grpc`: the `Bench` service of the repository's proto/bench.proto
//! (package `barrage.bench.v1`), served with tonic beside the contract's
//! endpoints. [`Routed`] is the per-connection hyper service: an HTTP/2
//! request whose content-type starts with `application/grpc` goes to the
//! one shared tonic service, everything else to the contract's handler.
//! Nothing here logs or allocates per call beyond what tonic does; the
//! messages' `bytes` fields are [`Bytes`], so payloads are echoed and
//! streamed without a copy.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::body::Incoming;
use hyper::header::CONTENT_TYPE;
use hyper::service::Service;
use hyper::{Request, Response, Version};
use tonic::codegen::tokio_stream::{self, Stream};
use tonic::{Status, Streaming};

use crate::handler::{filled, ResponseFuture, Stats, TargetService};

/// The messages and the server trait generated from proto/bench.proto by build.rs.
#[allow(missing_docs, clippy::all, clippy::pedantic)]
pub(crate) mod pb {
    tonic::include_proto!("barrage.bench.v1");
}

use pb::bench_server::{Bench as BenchService, BenchServer};
use pb::{EchoReply, EchoRequest, StreamRequest, SumReply, SumRequest};

/// Most replies one `Stream` call may ask for (INVALID_ARGUMENT past it).
pub const MAX_STREAM_COUNT: u32 = 1_000_000;
/// Largest payload, in bytes, of a `Stream` reply (INVALID_ARGUMENT past it).
pub const MAX_STREAM_SIZE: u32 = 4 << 20;

/// The service's state: the server's counters (a call counts as a
/// response when its handler returns the response head).
#[derive(Debug)]
struct Bench {
    stats: Arc<Stats>,
}

#[tonic::async_trait]
impl BenchService for Bench {
    async fn echo(
        &self,
        request: tonic::Request<EchoRequest>,
    ) -> Result<tonic::Response<EchoReply>, Status> {
        let EchoRequest { payload, seq } = request.into_inner();
        self.stats.count_response();
        Ok(tonic::Response::new(EchoReply { payload, seq }))
    }

    type StreamStream = tokio_stream::Iter<Replies>;

    async fn stream(
        &self,
        request: tonic::Request<StreamRequest>,
    ) -> Result<tonic::Response<Self::StreamStream>, Status> {
        let StreamRequest { count, size } = request.into_inner();
        if count > MAX_STREAM_COUNT || size > MAX_STREAM_SIZE {
            return Err(Status::invalid_argument(format!(
                "count is at most {MAX_STREAM_COUNT} and size at most {MAX_STREAM_SIZE} bytes \
                 (asked: count {count}, size {size})"
            )));
        }
        let replies = Replies {
            payload: filled(size as usize),
            next: 0,
            count: u64::from(count),
        };
        self.stats.count_response();
        Ok(tonic::Response::new(tokio_stream::iter(replies)))
    }

    async fn sum(
        &self,
        request: tonic::Request<Streaming<SumRequest>>,
    ) -> Result<tonic::Response<SumReply>, Status> {
        let mut values = request.into_inner();
        let (mut sum, mut count) = (0i64, 0u64);
        while let Some(SumRequest { value }) = values.message().await? {
            // Wrapping, as Go's and Java's int64 do: an overflow is the
            // client's business, not a reason to fail the call.
            sum = sum.wrapping_add(value);
            count += 1;
        }
        self.stats.count_response();
        Ok(tonic::Response::new(SumReply { sum, count }))
    }

    type ChatStream = Echoes;

    async fn chat(
        &self,
        request: tonic::Request<Streaming<EchoRequest>>,
    ) -> Result<tonic::Response<Self::ChatStream>, Status> {
        self.stats.count_response();
        Ok(tonic::Response::new(Echoes(request.into_inner())))
    }
}

/// The replies of one `Stream` call: `count` of them, seq 0, 1, …, each
/// with the same shared payload.
#[derive(Debug)]
pub(crate) struct Replies {
    payload: Bytes,
    next: u64,
    count: u64,
}

impl Iterator for Replies {
    type Item = Result<EchoReply, Status>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.count {
            return None;
        }
        let seq = self.next;
        self.next += 1;
        Some(Ok(EchoReply {
            payload: self.payload.clone(),
            seq,
        }))
    }
}

/// A `Chat` call's replies: each request echoed as it arrives, in order;
/// a broken request stream ends the call with its status.
pub(crate) struct Echoes(Streaming<EchoRequest>);

impl Stream for Echoes {
    type Item = Result<EchoReply, Status>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut self.get_mut().0).poll_next(cx).map(|next| {
            next.map(|m| m.map(|EchoRequest { payload, seq }| EchoReply { payload, seq }))
        })
    }
}

/// The tonic service, one per server; each connection holds a clone (an `Arc`).
#[derive(Debug, Clone)]
pub(crate) struct Grpc(BenchServer<Bench>);

impl Grpc {
    pub(crate) fn new(stats: Arc<Stats>) -> Grpc {
        Grpc(BenchServer::new(Bench { stats }))
    }
}

/// Whether `req` is a gRPC call: HTTP/2 with content-type
/// `application/grpc`, `application/grpc+proto`, `application/grpc;…`.
fn is_grpc<B>(req: &Request<B>) -> bool {
    req.version() == Version::HTTP_2
        && req
            .headers()
            .get(CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"application/grpc"))
}

/// A response body: the contract's, or a gRPC call's.
pub(crate) type RoutedBody = Either<Full<Bytes>, tonic::body::Body>;

/// The hyper service of one connection: gRPC calls to tonic (with
/// `--grpc`), the rest to the contract's handler.
#[derive(Debug, Clone)]
pub(crate) struct Routed {
    pub(crate) target: TargetService,
    pub(crate) grpc: Option<Grpc>,
}

impl Service<Request<Incoming>> for Routed {
    type Response = Response<RoutedBody>;
    type Error = Infallible;
    type Future = RoutedFuture;

    fn call(&self, req: Request<Incoming>) -> RoutedFuture {
        match &self.grpc {
            Some(grpc) if is_grpc(&req) => RoutedFuture::Grpc(tower_call(&mut grpc.0.clone(), req)),
            _ => RoutedFuture::Target(self.target.call(req)),
        }
    }
}

/// Calls tonic's service, which is always ready (its `poll_ready` returns
/// `Ready` at once), so it is not polled for readiness.
fn tower_call(
    server: &mut BenchServer<Bench>,
    req: Request<Incoming>,
) -> tonic::codegen::BoxFuture<Response<tonic::body::Body>, Infallible> {
    tonic::codegen::Service::call(server, req)
}

/// Future returned by [`Routed`].
pub(crate) enum RoutedFuture {
    Target(ResponseFuture),
    Grpc(tonic::codegen::BoxFuture<Response<tonic::body::Body>, Infallible>),
}

impl Future for RoutedFuture {
    type Output = Result<Response<RoutedBody>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let response = match self.get_mut() {
            RoutedFuture::Target(future) => {
                std::task::ready!(Pin::new(future).poll(cx))?.map(Either::Left)
            }
            RoutedFuture::Grpc(future) => {
                std::task::ready!(future.as_mut().poll(cx))?.map(Either::Right)
            }
        };
        Poll::Ready(Ok(response))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grpc_is_http2_with_a_grpc_content_type() {
        let cases = [
            (Version::HTTP_2, Some("application/grpc"), true),
            (Version::HTTP_2, Some("application/grpc+proto"), true),
            (
                Version::HTTP_2,
                Some("application/grpc; charset=utf-8"),
                true,
            ),
            (Version::HTTP_2, Some("application/json"), false),
            (Version::HTTP_2, None, false),
            (Version::HTTP_11, Some("application/grpc"), false),
        ];
        for (version, content_type, grpc) in cases {
            let mut req = Request::post("/barrage.bench.v1.Bench/Echo").version(version);
            if let Some(content_type) = content_type {
                req = req.header(CONTENT_TYPE, content_type);
            }
            let req = req.body(()).unwrap();
            assert_eq!(is_grpc(&req), grpc, "{version:?} {content_type:?}");
        }
    }

    #[test]
    fn a_stream_sends_count_replies_of_one_shared_payload() {
        let replies = Replies {
            payload: filled(3),
            next: 0,
            count: 4,
        };
        let seqs: Vec<u64> = replies.map(|r| r.unwrap().seq).collect();
        assert_eq!(seqs, [0, 1, 2, 3]);
        let mut none = Replies {
            payload: filled(0),
            next: 0,
            count: 0,
        };
        assert!(none.next().is_none());
    }
}
