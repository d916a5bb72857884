//! Request handling: maps a request onto the [`contract`](crate::contract)
//! and builds the response, without allocating for the static endpoints.
//! The workloads of the second edition are routed in [`workloads`], their
//! bodies read in [`body`], compressed in [`encoding`]; [`reply`] frames
//! every answer the same way for each HTTP version; the database
//! workloads are [`database`]'s; `/ws` (WebSocket) is [`ws`]'s.

mod body;
pub(crate) mod database;
mod encoding;
mod reply;
mod workloads;
pub(crate) mod ws;

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::{Buf, Bytes};
use http_body_util::{BodyExt, Full};
use hyper::body::{Body, Incoming};
use hyper::header::{HeaderValue, ALT_SVC};
use hyper::service::Service;
use hyper::{HeaderMap, Method, Request, Response, Uri, Version};
use tokio::time::Sleep;

use crate::contract::{self, Endpoint};
use body::BodyTask;
use database::{Database, DbTask};
use reply::{Reply, OCTET_STREAM, TEXT_PLAIN, TEXT_XML};

/// An atomic counter on its own cache line, so the two counters bumped by
/// every worker do not false-share.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Counter(AtomicU64);

/// Counters shared by the server and [`Target`](crate::Target).
#[derive(Debug, Default)]
pub(crate) struct Stats {
    responses: Counter,
    connections: Counter,
    /// TLS handshakes that failed or timed out (a subset of `connections`).
    handshake_failures: Counter,
    /// Connections upgraded to WebSocket (`/ws`).
    ws_upgrades: Counter,
    /// WebSocket data messages (text and binary) received, and sent
    /// (echoed or pushed); each session adds its counts per batch.
    ws_received: Counter,
    ws_sent: Counter,
}

impl Stats {
    pub(crate) fn responses(&self) -> u64 {
        self.responses.0.load(Ordering::Relaxed)
    }

    pub(crate) fn connections(&self) -> u64 {
        self.connections.0.load(Ordering::Relaxed)
    }

    pub(crate) fn handshake_failures(&self) -> u64 {
        self.handshake_failures.0.load(Ordering::Relaxed)
    }

    pub(crate) fn count_handshake_failure(&self) {
        self.handshake_failures.0.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn count_connection(&self) {
        self.connections.0.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn ws_upgrades(&self) -> u64 {
        self.ws_upgrades.0.load(Ordering::Relaxed)
    }

    pub(crate) fn ws_received(&self) -> u64 {
        self.ws_received.0.load(Ordering::Relaxed)
    }

    pub(crate) fn ws_sent(&self) -> u64 {
        self.ws_sent.0.load(Ordering::Relaxed)
    }

    fn count_ws_upgrade(&self) {
        self.ws_upgrades.0.fetch_add(1, Ordering::Relaxed);
    }

    fn count_ws_messages(&self, received: u64, sent: u64) {
        if received > 0 {
            self.ws_received.0.fetch_add(received, Ordering::Relaxed);
        }
        if sent > 0 {
            self.ws_sent.0.fetch_add(sent, Ordering::Relaxed);
        }
    }

    pub(crate) fn count_response(&self) {
        self.responses.0.fetch_add(1, Ordering::Relaxed);
    }
}

/// Routing result: reply now, after a delay (`/delay`), once the
/// request body is read, or once the database answered.
#[derive(Debug)]
pub(crate) enum Outcome {
    Now(Reply),
    After(Duration, Reply),
    Body(BodyTask),
    Database(DbTask),
}

/// Applies the contract to a request head.
pub(crate) fn route(
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Outcome {
    let Some(endpoint) = Endpoint::from_path(path) else {
        return workloads::route(method, path, query, headers)
            .or_else(|| database::route(method, path, query))
            .or_else(|| ws::route(method, path).map(Outcome::Now))
            .unwrap_or_else(|| Outcome::Now(Reply::not_found()));
    };
    if method != Method::GET && method != Method::HEAD {
        return Outcome::Now(Reply::method_not_allowed(contract::ALLOW));
    }
    let reply = match endpoint {
        Endpoint::Hello => Reply::ok(TEXT_PLAIN, Bytes::from_static(contract::HELLO_BODY)),
        Endpoint::Xml => {
            let body = match contract::xml_body(query) {
                std::borrow::Cow::Borrowed(s) => Bytes::from_static(s.as_bytes()),
                std::borrow::Cow::Owned(s) => Bytes::from(s),
            };
            Reply::ok(TEXT_XML, body)
        }
        Endpoint::Static6b => Reply::ok(OCTET_STREAM, Bytes::from_static(contract::STATIC_6B)),
        Endpoint::Static4k => Reply::ok(OCTET_STREAM, Bytes::from_static(&contract::STATIC_4K)),
        Endpoint::Delay => match contract::parse_delay(query) {
            Ok(delay) => {
                let reply = Reply::ok(TEXT_PLAIN, Bytes::from_static(contract::DELAY_BODY));
                return Outcome::After(delay, reply);
            }
            Err(e) => bad_request(e),
        },
        Endpoint::Bytes => match contract::parse_bytes(query) {
            Ok(n) => Reply::ok(OCTET_STREAM, filled(n)),
            Err(e) => bad_request(e),
        },
    };
    Outcome::Now(reply)
}

fn bad_request(err: contract::QueryError) -> Reply {
    Reply::bad_request(err.reason())
}

/// Bodies up to this size come from a static buffer.
const SMALL_FILL: usize = 64 * 1024;
static SMALL: [u8; SMALL_FILL] = [contract::BYTES_FILL; SMALL_FILL];
/// Larger bodies are slices of a shared buffer that grows (by powers of
/// two, up to [`contract::MAX_BYTES`]) to the largest size requested so far.
static LARGE: RwLock<Bytes> = RwLock::new(Bytes::new());

/// `n` bytes of [`contract::BYTES_FILL`]; allocates only when a larger body
/// than ever before is requested.
pub(crate) fn filled(n: usize) -> Bytes {
    if n <= SMALL_FILL {
        return Bytes::from_static(&SMALL[..n]);
    }
    {
        let large = LARGE.read().unwrap_or_else(|e| e.into_inner());
        if large.len() >= n {
            return large.slice(..n);
        }
    }
    let mut large = LARGE.write().unwrap_or_else(|e| e.into_inner());
    if large.len() < n {
        let size = n
            .next_power_of_two()
            .min(contract::MAX_BYTES as usize)
            .max(n);
        *large = Bytes::from(vec![contract::BYTES_FILL; size]);
    }
    large.slice(..n)
}

/// The request handler: one clone per connection, no allocation per
/// request except for dynamic bodies and `/delay` timers.
///
/// It is a hyper service for HTTP/1.1 and h2, and answers HTTP/3 requests
/// through [`TargetService::answer`]; both go through [`route`] and
/// [`Reply::into_parts`], so every protocol gets the same statuses, bodies
/// and headers.
#[derive(Debug, Clone)]
pub(crate) struct TargetService {
    stats: Arc<Stats>,
    /// `Alt-Svc` added to every hyper response (HTTP/1.1, h2) when the
    /// server also speaks HTTP/3.
    alt_svc: Option<HeaderValue>,
    /// The pool of the database workloads; without it they answer 503.
    database: Option<Database>,
    /// The connection's shutdown signal and drain token, for the
    /// WebSocket sessions it upgrades to (set by [`TargetService::for_connection`]).
    ws: Option<ws::Lifecycle>,
}

impl TargetService {
    pub(crate) fn new(
        stats: Arc<Stats>,
        alt_svc: Option<HeaderValue>,
        database: Option<Database>,
    ) -> TargetService {
        TargetService {
            stats,
            alt_svc,
            database,
            ws: None,
        }
    }

    /// This service for one HTTP/1.1 or h2 connection, whose `/ws`
    /// sessions end with the server (`shutdown`) and hold its shutdown
    /// for them (`drain`).
    pub(crate) fn for_connection(&self, lifecycle: ws::Lifecycle) -> TargetService {
        TargetService {
            ws: Some(lifecycle),
            ..self.clone()
        }
    }

    /// The reply of a database workload.
    async fn database_reply(&self, task: DbTask) -> Reply {
        match &self.database {
            Some(database) => database.answer(task).await,
            None => database::no_database(),
        }
    }

    /// The response to a request, protocol-neutral: the head (without
    /// `Date`, and without `Alt-Svc`) and the body, once any `/delay` has
    /// passed. `body` is read by the endpoints that need it, else read to
    /// its end and dropped while the reply is made. Counts the response.
    pub(crate) async fn answer<B>(
        &self,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
        body: B,
    ) -> (Response<()>, Bytes)
    where
        B: Body,
        B::Data: Buf,
    {
        let head = method == Method::HEAD;
        let reply = match route(method, uri.path(), uri.query(), headers) {
            Outcome::Body(task) => task.run(body).await,
            Outcome::Now(reply) => discard(body, async { reply }).await,
            Outcome::Database(task) => discard(body, self.database_reply(task)).await,
            Outcome::After(delay, reply) => {
                discard(body, async move {
                    tokio::time::sleep(delay).await;
                    reply
                })
                .await
            }
        };
        self.stats.count_response();
        reply.into_parts(head)
    }

    /// The hyper response for `reply`, with `Alt-Svc` when set.
    fn response(&self, reply: Reply, head: bool) -> Response<Full<Bytes>> {
        let mut response = reply.into_response(head);
        if let Some(alt_svc) = &self.alt_svc {
            response.headers_mut().insert(ALT_SVC, alt_svc.clone());
        }
        response
    }
}

impl Service<Request<Incoming>> for TargetService {
    type Response = Response<Full<Bytes>>;
    type Error = Infallible;
    type Future = ResponseFuture;

    fn call(&self, req: Request<Incoming>) -> ResponseFuture {
        if req.version() == Version::HTTP_11 && req.uri().path() == ws::PATH {
            self.stats.count_response();
            return ResponseFuture::Ready(Some(ws::upgrade(req, &self.stats, self.ws.as_ref())));
        }
        let head = req.method() == Method::HEAD;
        let uri = req.uri();
        match route(req.method(), uri.path(), uri.query(), req.headers()) {
            Outcome::Now(reply) => {
                self.stats.count_response();
                ResponseFuture::Ready(Some(self.response(reply, head)))
            }
            Outcome::After(delay, reply) => ResponseFuture::Delayed {
                sleep: Box::pin(tokio::time::sleep(delay)),
                response: Some(self.response(reply, head)),
                stats: Arc::clone(&self.stats),
            },
            Outcome::Body(task) => {
                let service = self.clone();
                ResponseFuture::Body(Box::pin(async move {
                    let reply = task.run(req.into_body()).await;
                    service.stats.count_response();
                    service.response(reply, head)
                }))
            }
            Outcome::Database(task) => {
                let service = self.clone();
                ResponseFuture::Body(Box::pin(async move {
                    let reply = service.database_reply(task).await;
                    service.stats.count_response();
                    service.response(reply, head)
                }))
            }
        }
    }
}

/// Runs `reply` while `body` is read to its end and dropped (as hyper
/// does for HTTP/1.1 and h2 when the service leaves a body unread).
async fn discard<B: Body>(body: B, reply: impl Future<Output = Reply>) -> Reply {
    let drain = async {
        let mut body = std::pin::pin!(body);
        while let Some(Ok(_)) = body.frame().await {}
    };
    tokio::join!(drain, reply).1
}

/// Future returned by [`TargetService`].
pub(crate) enum ResponseFuture {
    Ready(Option<Response<Full<Bytes>>>),
    Delayed {
        sleep: Pin<Box<Sleep>>,
        response: Option<Response<Full<Bytes>>>,
        stats: Arc<Stats>,
    },
    /// Once the request body is read (`POST /baseline`, `/upload`) or the
    /// database answered.
    Body(Pin<Box<dyn Future<Output = Response<Full<Bytes>>> + Send>>),
}

impl Future for ResponseFuture {
    type Output = Result<Response<Full<Bytes>>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.get_mut() {
            ResponseFuture::Ready(response) => {
                Poll::Ready(Ok(response.take().expect("polled after completion")))
            }
            ResponseFuture::Delayed {
                sleep,
                response,
                stats,
            } => {
                std::task::ready!(sleep.as_mut().poll(cx));
                stats.count_response();
                Poll::Ready(Ok(response.take().expect("polled after completion")))
            }
            ResponseFuture::Body(answer) => answer.as_mut().poll(cx).map(Ok),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::header::{ALLOW, CONTENT_LENGTH, SERVER};
    use hyper::StatusCode;

    fn now(outcome: Outcome) -> Reply {
        match outcome {
            Outcome::Now(reply) => reply,
            Outcome::After(..) | Outcome::Body(_) | Outcome::Database(_) => {
                panic!("unexpected delay, body or database")
            }
        }
    }

    /// method, path, query → status, content type, body length.
    type Case = (
        Method,
        &'static str,
        Option<&'static str>,
        u16,
        &'static str,
        usize,
    );

    #[test]
    fn route_table() {
        let cases: &[Case] = &[
            (Method::GET, "/hello", None, 200, "text/plain", 12),
            (Method::HEAD, "/hello", Some("x=1"), 200, "text/plain", 12),
            (Method::GET, "/xml", None, 200, "text/xml", 56),
            (
                Method::GET,
                "/static/6b",
                None,
                200,
                "application/octet-stream",
                6,
            ),
            (
                Method::GET,
                "/static/4k",
                None,
                200,
                "application/octet-stream",
                4096,
            ),
            (
                Method::GET,
                "/bytes",
                Some("n=0"),
                200,
                "application/octet-stream",
                0,
            ),
            (
                Method::GET,
                "/bytes",
                Some("n=70000"),
                200,
                "application/octet-stream",
                70000,
            ),
            (Method::GET, "/bytes", Some("n=-3"), 400, "text/plain", 49),
            (Method::GET, "/delay", Some("ms=abc"), 400, "text/plain", 50),
            (Method::GET, "/nope", None, 404, "text/plain", 10),
            (Method::POST, "/nope", None, 404, "text/plain", 10),
            (Method::POST, "/hello", None, 405, "text/plain", 19),
            (
                Method::DELETE,
                "/delay",
                Some("ms=5"),
                405,
                "text/plain",
                19,
            ),
        ];
        for (method, path, query, status, ctype, len) in cases {
            let reply = now(route(method, path, *query, &HeaderMap::new()));
            assert_eq!(reply.status.as_u16(), *status, "{method} {path}");
            assert_eq!(reply.content_type, ctype, "{method} {path}");
            assert_eq!(reply.body.len(), *len, "{method} {path}");
        }
    }

    #[test]
    fn delay_is_deferred() {
        match route(&Method::GET, "/delay", Some("ms=70000"), &HeaderMap::new()) {
            Outcome::After(d, reply) => {
                assert_eq!(d, Duration::from_millis(contract::MAX_DELAY_MS));
                assert_eq!(&reply.body[..], contract::DELAY_BODY);
            }
            Outcome::Now(_) | Outcome::Body(_) | Outcome::Database(_) => {
                panic!("expected a delay")
            }
        }
    }

    #[test]
    fn head_keeps_length_drops_body() {
        let response =
            now(route(&Method::HEAD, "/static/4k", None, &HeaderMap::new())).into_response(true);
        assert_eq!(response.headers()[CONTENT_LENGTH], "4096");
        assert_eq!(response.headers()[SERVER], contract::SERVER);
        assert!(hyper::body::Body::is_end_stream(response.body()));
    }

    #[test]
    fn method_not_allowed_has_allow() {
        let response =
            now(route(&Method::PUT, "/xml", None, &HeaderMap::new())).into_response(false);
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(response.headers()[ALLOW], "GET, HEAD");
    }

    #[test]
    fn filled_sizes_and_content() {
        for n in [0, 1, SMALL_FILL, SMALL_FILL + 1, 100_000, 3 << 20, 1 << 20] {
            let b = filled(n);
            assert_eq!(b.len(), n);
            assert!(b.iter().all(|&c| c == contract::BYTES_FILL));
        }
    }

    #[test]
    fn content_length_values() {
        for n in [0, 3, 6, 7, 10, 12, 13, 19, 27, 56, 4096, 123_456] {
            assert_eq!(reply::content_length(n), n.to_string().as_str());
        }
    }
}
