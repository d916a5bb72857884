//! A WebSocket scenario's keys (`protocol = "ws"` or `"wss"`): its path
//! (`/ws`, `/ws?push=N` to subscribe), `message_bytes`, `binary`,
//! `in_flight` and `subscribe`, and the HTTP keys that do not apply to it.
//! The keys of a WebSocket scenario given to another protocol are refused
//! here too.

use barrage_model::load::WsMode;

use super::super::{Load, Wire, WsScenario};
use super::{positive, problem, refuse_http_keys, refuse_own_keys, request_keys, KeyPath, Problem};

/// The WebSocket endpoint of the servers that serve one (`"/ws"` in a
/// manifest's `endpoints`).
pub(crate) const WS_PATH: &str = "/ws";
/// The largest message a suite may ask for: 16 MiB.
const MAX_MESSAGE_BYTES: i64 = 16 << 20;

/// The WebSocket keys of a `[[scenario]]`, as written.
#[derive(Default)]
pub(super) struct RawWs {
    pub(super) message_bytes: Option<i64>,
    pub(super) binary: Option<bool>,
    pub(super) in_flight: Option<i64>,
    pub(super) subscribe: Option<bool>,
}

impl RawWs {
    /// The keys, each with whether it is given (to name the first when it
    /// does not apply).
    fn own_keys(&self) -> [(&'static str, bool); 4] {
        [
            ("message_bytes", self.message_bytes.is_some()),
            ("binary", self.binary.is_some()),
            ("in_flight", self.in_flight.is_some()),
            ("subscribe", self.subscribe.is_some()),
        ]
    }
}

/// What a scenario gives besides its WebSocket keys: the HTTP keys a
/// WebSocket scenario must leave out.
pub(super) struct HttpKeys {
    pub(super) method: Option<String>,
    pub(super) keepalive: Option<bool>,
    pub(super) http10: Option<bool>,
    pub(super) streams: Option<i64>,
    pub(super) script: bool,
    pub(super) mix: bool,
    pub(super) workload: bool,
    /// A capacity search (an open loop of messages).
    pub(super) search: bool,
}

/// The scenario's [`WsScenario`]: `None` for a protocol other than ws and
/// wss (which must give none of the keys), else the keys checked with
/// their defaults filled in.
pub(super) fn ws_options(
    raw: RawWs,
    http: &HttpKeys,
    protocol: Wire,
    path: Option<&str>,
    load: &Load,
    at: &KeyPath,
) -> Result<Option<WsScenario>, Problem> {
    if !protocol.is_ws() {
        return refuse_own_keys(&raw.own_keys(), protocol, at, "ws\" or \"wss").map(|()| None);
    }
    refuse_http_keys(&http.refused(), "WebSocket", protocol, load, at)?;
    check_path(path, at)?;
    let subscribe = raw.subscribe.unwrap_or(false);
    if subscribe {
        return subscription(raw, path.unwrap_or(WS_PATH), load, at).map(Some);
    }
    let echo = WsScenario::echo();
    let message_bytes = match raw.message_bytes {
        Some(n) if n > MAX_MESSAGE_BYTES => {
            return Err(problem(
                &at.key("message_bytes"),
                format!("{n} is too large"),
                format!("a message of 1 to {MAX_MESSAGE_BYTES} bytes"),
            ))
        }
        Some(n) => positive(n, &at.key("message_bytes"), "a message of 1 byte or more")? as usize,
        None => echo.message_bytes,
    };
    let in_flight = match raw.in_flight {
        Some(n) => positive(
            n,
            &at.key("in_flight"),
            "messages in flight per connection, 1 or more",
        )? as usize,
        None => echo.in_flight,
    };
    // The open loop (rate levels, a search) sends one message at a time
    // per connection.
    let open = !matches!(load, Load::Concurrency(_)) || http.search;
    if in_flight > 1 && open {
        return Err(problem(
            &at.key("in_flight"),
            format!("in_flight = {in_flight} in an open loop"),
            "in_flight = 1 with a rate load or a search: the open loop sends one message at a time per connection (more connections carry more)",
        ));
    }
    Ok(Some(WsScenario {
        mode: WsMode::Echo,
        message_bytes,
        binary: raw.binary.unwrap_or(false),
        in_flight,
    }))
}

/// A subscription (`subscribe = true`): the server pushes at the rate its
/// path asks (`/ws?push=N`), so the client sets no message and no rate.
fn subscription(raw: RawWs, path: &str, load: &Load, at: &KeyPath) -> Result<WsScenario, Problem> {
    for (key, given) in [
        ("message_bytes", raw.message_bytes.is_some()),
        ("binary", raw.binary.is_some()),
        ("in_flight", raw.in_flight.is_some()),
    ] {
        if given {
            return Err(problem(
                &at.key(key),
                format!("{key} with subscribe = true"),
                "no message keys in a subscription: the client sends nothing, and the server's messages are set by the path (/ws?push=N&size=B)",
            ));
        }
    }
    if !path.contains("push=") {
        return Err(problem(
            &at.key("path"),
            format!("subscribe = true to {path}"),
            "a path that asks the server to push, such as \"/ws?push=100\"",
        ));
    }
    if !matches!(load, Load::Concurrency(_)) {
        return Err(problem(
            &at.key("subscribe"),
            format!("subscribe = true with a {} load", load.kind()),
            "a load of concurrency: in a subscription the server sets the rate",
        ));
    }
    Ok(WsScenario {
        mode: WsMode::Subscribe,
        ..WsScenario::echo()
    })
}

/// The path of a WebSocket scenario: `/ws`, with a query if wanted.
fn check_path(path: Option<&str>, at: &KeyPath) -> Result<(), Problem> {
    let expected = format!("{WS_PATH}, with a query if wanted (\"{WS_PATH}?push=100\")");
    let Some(path) = path else {
        return Err(problem(&at.key("path"), "missing", expected));
    };
    let endpoint = path.split('?').next().unwrap_or(path);
    let clean = !path
        .bytes()
        .any(|b| b.is_ascii_whitespace() || b.is_ascii_control());
    if endpoint != WS_PATH || !clean {
        return Err(problem(
            &at.key("path"),
            format!("{path:?} is not the WebSocket endpoint"),
            expected,
        ));
    }
    Ok(())
}

impl HttpKeys {
    /// The HTTP keys a WebSocket scenario leaves out: each with whether it
    /// is given and why.
    fn refused(&self) -> Vec<(bool, &'static str, &'static str)> {
        let method = self
            .method
            .as_deref()
            .is_some_and(|m| !m.eq_ignore_ascii_case("GET"));
        let mut refused = vec![
            (method, "method", "no method: the upgrade is a GET"),
            (
                self.keepalive == Some(false),
                "keepalive",
                "no keepalive: a WebSocket connection stays open",
            ),
            (
                self.http10 == Some(true),
                "http10",
                "no http10: the upgrade is HTTP/1.1",
            ),
            (
                self.streams.is_some_and(|n| n != 1),
                "streams",
                "in_flight = N for messages in flight per connection",
            ),
        ];
        refused.extend(request_keys(self.script, self.mix, self.workload));
        refused
    }
}
