//! `/ws`: the WebSocket endpoint (RFC 6455). Owns the server side of the
//! HTTP/1.1 upgrade (checking the request, answering 101 with
//! `Sec-WebSocket-Accept`, or the 4xx that says what is wrong), the
//! `?push=N&size=B` query, and the session that follows: every text and
//! binary message echoed as the same kind, pings answered, Close answered,
//! and with `push` N text messages a second sent besides.
//!
//! Frames are read and written by tungstenite (tokio-tungstenite over
//! hyper's upgraded connection). The session writes without flushing while
//! more messages are already readable, and flushes once per batch. Only
//! HTTP/1.1 can upgrade: over HTTP/1.0, h2 (no RFC 8441 extended CONNECT)
//! and HTTP/3, `/ws` answers 426.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::{FutureExt, SinkExt, StreamExt};
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::header::{
    HeaderMap, HeaderValue, CONNECTION, SEC_WEBSOCKET_ACCEPT, SEC_WEBSOCKET_KEY,
    SEC_WEBSOCKET_VERSION, SERVER, UPGRADE,
};
use hyper::upgrade::Upgraded;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::io::AsyncWriteExt;
use tokio::sync::{mpsc, watch};
use tokio::time::{Instant, Interval, MissedTickBehavior};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Error as WsError, Message, Utf8Bytes};
use tokio_tungstenite::WebSocketStream;

use super::reply::Reply;
use super::Stats;
use crate::contract;

/// The path of the endpoint.
pub(crate) const PATH: &str = "/ws";
/// `push` at most this many messages a second per connection.
pub(crate) const MAX_PUSH_PER_S: u64 = 1_000_000;
/// `size` at most this many bytes per pushed message.
pub(crate) const MAX_PUSH_BYTES: usize = 1 << 20;
/// `size` when the query does not say.
pub(crate) const DEFAULT_PUSH_BYTES: usize = 64;
/// The pusher wakes at most this often, sending every message due.
const PUSH_TICK_MIN: Duration = Duration::from_millis(1);
/// After a shutdown Close, how long the session waits for the client's;
/// and how long the end of the stream (TLS close_notify, FIN) may take.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

const NOT_UPGRADABLE: &[u8] =
    b"/ws is WebSocket over an HTTP/1.1 Upgrade (not HTTP/1.0, h2 or HTTP/3)\n";
const NO_UPGRADE: &[u8] = b"/ws needs Upgrade: websocket (an RFC 6455 handshake)\n";
const NO_CONNECTION_UPGRADE: &str = "/ws needs Connection: Upgrade\n";
const BAD_KEY: &str = "/ws needs a Sec-WebSocket-Key of 16 bytes in base64\n";
const BAD_VERSION: &[u8] = b"/ws speaks Sec-WebSocket-Version 13 only\n";
const BAD_PUSH: &str = "push must be a whole number of messages per second, 1 to 1000000\n";
const BAD_SIZE: &str = "size must be a whole number of bytes, 0 to 1048576\n";
const SIZE_WITHOUT_PUSH: &str = "size is the size of pushed messages: give push=N too\n";

/// What the server pushes on a `/ws?push=N` connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Push {
    pub(crate) per_s: u64,
    pub(crate) bytes: usize,
}

/// What a session needs from its connection's server: the shutdown signal
/// (answered with Close 1001), and a drain token that keeps the server's
/// shutdown waiting (its grace period at most) until the session ended.
#[derive(Debug, Clone)]
pub(crate) struct Lifecycle {
    pub(crate) shutdown: watch::Receiver<bool>,
    pub(crate) _drain: mpsc::Sender<()>,
}

/// The answer to `/ws` on a protocol that cannot upgrade (HTTP/1.0, h2,
/// HTTP/3), or `None` for another path.
pub(crate) fn route(method: &Method, path: &str) -> Option<Reply> {
    if path != PATH {
        return None;
    }
    Some(if method == Method::GET {
        Reply::text(StatusCode::UPGRADE_REQUIRED, NOT_UPGRADABLE)
    } else {
        Reply::method_not_allowed("GET")
    })
}

/// `push` and `size` of the query; `None` without `push`.
pub(crate) fn parse_push(query: Option<&str>) -> Result<Option<Push>, &'static str> {
    let per_s = contract::query_param(query, "push");
    let size = contract::query_param(query, "size");
    let Some(per_s) = per_s else {
        return match size {
            Some(_) => Err(SIZE_WITHOUT_PUSH),
            None => Ok(None),
        };
    };
    let per_s = match per_s.parse::<u64>() {
        Ok(n) if (1..=MAX_PUSH_PER_S).contains(&n) => n,
        _ => return Err(BAD_PUSH),
    };
    let bytes = match size.map(|s| s.parse::<usize>()) {
        None => DEFAULT_PUSH_BYTES,
        Some(Ok(n)) if n <= MAX_PUSH_BYTES => n,
        Some(_) => return Err(BAD_SIZE),
    };
    Ok(Some(Push { per_s, bytes }))
}

/// Whether the comma-separated `name` headers hold `token` (ASCII case-insensitive).
fn has_token(headers: &HeaderMap, name: hyper::header::HeaderName, token: &str) -> bool {
    headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim().eq_ignore_ascii_case(token))
}

/// The `Sec-WebSocket-Accept` for the request's key, if the request is a
/// valid RFC 6455 opening handshake; else the reply that says why not.
fn check_handshake(method: &Method, headers: &HeaderMap) -> Result<HeaderValue, Reply> {
    if method != Method::GET {
        return Err(Reply::method_not_allowed("GET"));
    }
    if !has_token(headers, UPGRADE, "websocket") {
        return Err(Reply::text(StatusCode::UPGRADE_REQUIRED, NO_UPGRADE));
    }
    if !has_token(headers, CONNECTION, "upgrade") {
        return Err(Reply::bad_request(NO_CONNECTION_UPGRADE));
    }
    if headers.get(SEC_WEBSOCKET_VERSION).map(|v| v.as_bytes()) != Some(b"13") {
        return Err(Reply::text(StatusCode::UPGRADE_REQUIRED, BAD_VERSION));
    }
    // 16 bytes in base64 are 24 characters ending in "==".
    match headers.get(SEC_WEBSOCKET_KEY) {
        Some(key) if key.len() == 24 && key.as_bytes().ends_with(b"==") => {
            HeaderValue::from_str(&derive_accept_key(key.as_bytes()))
                .map_err(|_| Reply::bad_request(BAD_KEY))
        }
        _ => Err(Reply::bad_request(BAD_KEY)),
    }
}

/// The response to an HTTP/1.1 request for `/ws`: 101 Switching Protocols,
/// with the session spawned to run once hyper hands the connection over;
/// or the 4xx of a request that is not a valid handshake.
pub(crate) fn upgrade(
    mut req: Request<Incoming>,
    stats: &Arc<Stats>,
    lifecycle: Option<&Lifecycle>,
) -> Response<Full<Bytes>> {
    let accept = check_handshake(req.method(), req.headers());
    let push = parse_push(req.uri().query());
    let (accept, push) = match (accept, push) {
        (Ok(accept), Ok(push)) => (accept, push),
        (Err(reply), _) => return refusal(reply, req.method()),
        (Ok(_), Err(reason)) => return Reply::bad_request(reason).into_response(false),
    };
    let on_upgrade = hyper::upgrade::on(&mut req);
    let stats = Arc::clone(stats);
    let lifecycle = lifecycle.cloned();
    tokio::spawn(async move {
        if let Ok(upgraded) = on_upgrade.await {
            stats.count_ws_upgrade();
            session(upgraded, push, &stats, lifecycle).await;
        }
    });
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
    let headers = response.headers_mut();
    headers.insert(SERVER, HeaderValue::from_static(contract::SERVER));
    headers.insert(UPGRADE, HeaderValue::from_static("websocket"));
    headers.insert(CONNECTION, HeaderValue::from_static("Upgrade"));
    headers.insert(SEC_WEBSOCKET_ACCEPT, accept);
    response
}

/// A refused handshake's response: 426 says which upgrade (and version) it takes.
fn refusal(reply: Reply, method: &Method) -> Response<Full<Bytes>> {
    let status = reply.status;
    let mut response = reply.into_response(method == Method::HEAD);
    if status == StatusCode::UPGRADE_REQUIRED {
        let headers = response.headers_mut();
        headers.insert(UPGRADE, HeaderValue::from_static("websocket"));
        headers.insert(CONNECTION, HeaderValue::from_static("Upgrade"));
        headers.insert(SEC_WEBSOCKET_VERSION, HeaderValue::from_static("13"));
    }
    response
}

type Ws = WebSocketStream<TokioIo<Upgraded>>;

/// Messages through one session since its counts were last added to [`Stats`].
#[derive(Debug, Default)]
struct Tally {
    received: u64,
    sent: u64,
}

impl Tally {
    fn settle(&mut self, stats: &Stats) {
        stats.count_ws_messages(self.received, self.sent);
        *self = Tally::default();
    }
}

/// Paces `push`: a tick at most every [`PUSH_TICK_MIN`] (every message's
/// interval when that is longer), and on each the messages due since the
/// session began, at most a second's worth behind.
struct Pusher {
    per_s: u64,
    message: Utf8Bytes,
    started: Instant,
    /// Messages counted as sent (or skipped) so far.
    done: u64,
    ticks: Interval,
}

impl Pusher {
    fn new(push: Push) -> Pusher {
        let every = (Duration::from_secs(1) / push.per_s as u32).max(PUSH_TICK_MIN);
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let text = Utf8Bytes::try_from(Bytes::from(vec![contract::BYTES_FILL; push.bytes]))
            .expect("the fill byte is ASCII");
        Pusher {
            per_s: push.per_s,
            message: text,
            started: Instant::now(),
            done: 0,
            ticks,
        }
    }

    /// Messages due `elapsed` after the start (not yet counted as done);
    /// skips what is more than a second late.
    fn due(&mut self, elapsed: Duration) -> u64 {
        let target = (elapsed.as_nanos() * u128::from(self.per_s) / 1_000_000_000) as u64;
        self.done = self.done.max(target.saturating_sub(self.per_s));
        let due = target.saturating_sub(self.done);
        self.done += due;
        due
    }
}

/// Waits for the next push tick, or forever without `push`.
async fn tick(pusher: &mut Option<Pusher>) {
    match pusher {
        Some(pusher) => {
            pusher.ticks.tick().await;
        }
        None => std::future::pending().await,
    }
}

/// Resolves once the server shuts down, or never without a lifecycle.
async fn shutting_down(lifecycle: &mut Option<Lifecycle>) {
    match lifecycle {
        Some(life) => crate::stop::stopped(&mut life.shutdown).await,
        None => std::future::pending().await,
    }
}

/// One WebSocket connection, until the client closes it (or sends what
/// RFC 6455 forbids: then a Close saying so; or the connection fails; or
/// the server shuts down: then Close 1001).
async fn session(
    upgraded: Upgraded,
    push: Option<Push>,
    stats: &Stats,
    mut lifecycle: Option<Lifecycle>,
) {
    let mut config = WebSocketConfig::default();
    config.max_message_size = Some(64 << 20);
    let mut ws: Ws =
        WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config)).await;
    let mut pusher = push.map(Pusher::new);
    let mut tally = Tally::default();
    loop {
        tokio::select! {
            incoming = ws.next() => match incoming {
                Some(Ok(message)) => {
                    if let Err(e) = echo_batch(&mut ws, message, &mut tally, stats).await {
                        fail(&mut ws, &e).await;
                        break;
                    }
                }
                Some(Err(e)) => {
                    fail(&mut ws, &e).await;
                    break;
                }
                None => break,
            },
            _ = tick(&mut pusher) => {
                let pusher = pusher.as_mut().expect("ticks only with a pusher");
                if push_due(&mut ws, pusher, &mut tally, stats).await.is_err() {
                    break;
                }
            }
            _ = shutting_down(&mut lifecycle) => {
                go_away(&mut ws).await;
                break;
            }
        }
    }
    tally.settle(stats);
    // The end of the stream: a FIN, and over TLS its close_notify first.
    let _ = tokio::time::timeout(CLOSE_WAIT, ws.get_mut().shutdown()).await;
}

type WsResult = Result<(), WsError>;

/// Echoes `first` and every message already readable after it, adds the
/// batch to `stats`, then flushes once (which also sends the pongs and the
/// Close reply that tungstenite queued while reading).
async fn echo_batch(ws: &mut Ws, first: Message, tally: &mut Tally, stats: &Stats) -> WsResult {
    let mut next = Some(first);
    while let Some(message) = next {
        if let Message::Text(_) | Message::Binary(_) = message {
            tally.received += 1;
            ws.feed(message).await?;
            tally.sent += 1;
        }
        next = match ws.next().now_or_never() {
            Some(Some(Ok(message))) => Some(message),
            Some(Some(Err(e))) => return Err(e),
            Some(None) | None => None,
        };
    }
    tally.settle(stats);
    ws.flush().await
}

/// Sends the pushed messages due, adds them to `stats`, then flushes.
async fn push_due(ws: &mut Ws, pusher: &mut Pusher, tally: &mut Tally, stats: &Stats) -> WsResult {
    for _ in 0..pusher.due(pusher.started.elapsed()) {
        ws.feed(Message::Text(pusher.message.clone())).await?;
        tally.sent += 1;
    }
    tally.settle(stats);
    ws.flush().await
}

/// After a bad frame or message from the client, a Close that says what
/// was wrong (1002, 1007 for text that is not UTF-8, 1009 for a message
/// over 64 MiB), sent without waiting for the answer; nothing after an
/// I/O error.
async fn fail(ws: &mut Ws, error: &WsError) {
    let (code, reason) = match error {
        WsError::Utf8(_) => (CloseCode::Invalid, "text message is not UTF-8"),
        WsError::Capacity(_) => (CloseCode::Size, "message too big"),
        WsError::Protocol(_) => (CloseCode::Protocol, "protocol error"),
        _ => return,
    };
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    };
    let _ = tokio::time::timeout(CLOSE_WAIT, ws.close(Some(frame))).await;
}

/// Close 1001, then the client's Close awaited for [`CLOSE_WAIT`] at most.
async fn go_away(ws: &mut Ws) {
    let frame = CloseFrame {
        code: CloseCode::Away,
        reason: Utf8Bytes::from_static("server shutting down"),
    };
    let closing = async {
        ws.close(Some(frame)).await?;
        while ws.next().await.is_some() {}
        WsResult::Ok(())
    };
    let _ = tokio::time::timeout(CLOSE_WAIT, closing).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    const KEY: (&str, &str) = ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==");
    const VERSION: (&str, &str) = ("sec-websocket-version", "13");

    #[test]
    fn the_rfc_example_key_is_accepted() {
        let h = headers(&[
            ("upgrade", "WebSocket"),
            ("connection", "keep-alive, Upgrade"),
            KEY,
            VERSION,
        ]);
        let accept = check_handshake(&Method::GET, &h).unwrap();
        assert_eq!(accept, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
    }

    #[test]
    fn bad_handshakes_say_why() {
        type Case = (Method, &'static [(&'static str, &'static str)], u16);
        let cases: &[Case] = &[
            (Method::POST, &[("upgrade", "websocket")], 405),
            (Method::GET, &[("connection", "upgrade"), KEY, VERSION], 426),
            (Method::GET, &[("upgrade", "websocket"), KEY, VERSION], 400),
            (
                Method::GET,
                &[("upgrade", "websocket"), ("connection", "upgrade"), KEY],
                426,
            ),
            (
                Method::GET,
                &[("upgrade", "websocket"), ("connection", "upgrade"), VERSION],
                400,
            ),
            (
                Method::GET,
                &[
                    ("upgrade", "websocket"),
                    ("connection", "upgrade"),
                    ("sec-websocket-key", "short"),
                    VERSION,
                ],
                400,
            ),
        ];
        for (method, pairs, status) in cases {
            let reply = check_handshake(method, &headers(pairs)).unwrap_err();
            assert_eq!(reply.status.as_u16(), *status, "{method} {pairs:?}");
        }
    }

    #[test]
    fn push_queries() {
        let push = |per_s, bytes| Ok(Some(Push { per_s, bytes }));
        assert_eq!(parse_push(None), Ok(None));
        assert_eq!(parse_push(Some("x=1")), Ok(None));
        assert_eq!(parse_push(Some("push=10")), push(10, 64));
        assert_eq!(parse_push(Some("push=1000000&size=0")), push(1_000_000, 0));
        assert_eq!(parse_push(Some("size=4096&push=5")), push(5, 4096));
        assert_eq!(parse_push(Some("push=1&size=1048576")), push(1, 1 << 20));
        for bad in ["push=0", "push=1000001", "push=-1", "push=", "push=1e3"] {
            assert_eq!(parse_push(Some(bad)), Err(BAD_PUSH), "{bad}");
        }
        for bad in ["push=1&size=1048577", "push=1&size=x", "push=1&size=-1"] {
            assert_eq!(parse_push(Some(bad)), Err(BAD_SIZE), "{bad}");
        }
        assert_eq!(parse_push(Some("size=8")), Err(SIZE_WITHOUT_PUSH));
    }

    #[test]
    fn only_get_ws_is_routed_here() {
        assert!(route(&Method::GET, "/wss").is_none());
        assert_eq!(route(&Method::GET, PATH).unwrap().status.as_u16(), 426);
        assert_eq!(route(&Method::PUT, PATH).unwrap().status.as_u16(), 405);
    }

    #[tokio::test]
    async fn the_pusher_keeps_its_rate_and_skips_what_is_a_second_late() {
        let mut pusher = Pusher::new(Push {
            per_s: 1000,
            bytes: 3,
        });
        assert_eq!(pusher.message.as_str(), "xxx");
        let ms = Duration::from_millis;
        assert_eq!(pusher.due(ms(0)), 0);
        assert_eq!(pusher.due(ms(10)), 10);
        assert_eq!(pusher.due(ms(10)), 0);
        assert_eq!(pusher.due(ms(5510)), 1000);
        assert_eq!(pusher.due(ms(5511)), 1);
        let mut slow = Pusher::new(Push { per_s: 3, bytes: 0 });
        assert_eq!(slow.ticks.period(), ms(333) + Duration::from_nanos(333_333));
        assert_eq!(slow.due(ms(300)), 0);
        assert_eq!(slow.due(ms(334)), 1);
        assert_eq!(pusher.ticks.period(), PUSH_TICK_MIN);
    }
}
