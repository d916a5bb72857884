//! WebSocket scenarios: their keys, defaults, and what they refuse.

use barrage_model::load::WsMode;

use super::*;

/// `VALID` with a second scenario over `protocol` with `keys`.
fn with_ws(keys: &str) -> String {
    format!("{VALID}[[scenario]]\nname = \"echo\"\nprotocol = \"ws\"\npath = \"/ws\"\n{keys}\n")
}

#[test]
fn keys_and_defaults() {
    let s = parse(&with_ws("")).unwrap();
    assert_eq!(s.scenario("echo").ws, Some(WsScenario::echo()));
    assert_eq!(s.scenario("hello").ws, None);
    let s = parse(&with_ws(
        "message_bytes = 4096\nbinary = true\nin_flight = 4",
    ))
    .unwrap();
    let ws = s.scenario("echo").ws.clone().unwrap();
    assert_eq!(
        (ws.mode, ws.message_bytes, ws.binary, ws.in_flight),
        (WsMode::Echo, 4096, true, 4)
    );
    let wss = with_ws("").replace("\"ws\"", "\"wss\"");
    assert!(parse(&wss).unwrap().scenario("echo").ws.is_some());
    let push = with_ws("subscribe = true").replace("\"/ws\"", "\"/ws?push=100\"");
    let s = parse(&push).unwrap();
    assert_eq!(
        s.scenario("echo").ws.as_ref().unwrap().mode,
        WsMode::Subscribe
    );
    // A search on the message rate, as for requests.
    let search = with_ws("search = { slo = \"p99<=10ms\" }");
    assert!(parse(&search).unwrap().scenario("echo").search.is_some());
}

#[test]
fn errors_name_the_key() {
    let at = "scenario[1]";
    let cases: Vec<(String, String)> = vec![
        (
            format!("{VALID}message_bytes = 10\n"),
            "scenario[0].message_bytes: message_bytes does not apply to h1; expected message_bytes only with protocol = \"ws\" or \"wss\"".into(),
        ),
        (
            with_ws("keepalive = false"),
            format!("{at}.keepalive: keepalive does not apply to ws; expected no keepalive: a WebSocket connection stays open"),
        ),
        (
            with_ws("streams = 8"),
            format!("{at}.streams: streams does not apply to ws; expected in_flight = N for messages in flight per connection"),
        ),
        (
            with_ws("method = \"POST\""),
            format!("{at}.method: method does not apply to ws; expected no method: the upgrade is a GET"),
        ),
        (
            with_ws("").replace("\"/ws\"", "\"/hello\""),
            format!("{at}.path: \"/hello\" is not the WebSocket endpoint; expected /ws, with a query if wanted (\"/ws?push=100\")"),
        ),
        (
            with_ws("in_flight = 0"),
            format!("{at}.in_flight: 0 is not above zero; expected messages in flight per connection, 1 or more"),
        ),
        (
            with_ws("message_bytes = 20000000"),
            format!("{at}.message_bytes: 20000000 is too large; expected a message of 1 to 16777216 bytes"),
        ),
        (
            with_ws("in_flight = 4\nsearch = { slo = \"p99<=10ms\" }"),
            format!("{at}.in_flight: in_flight = 4 in an open loop; expected in_flight = 1 with a rate load or a search: the open loop sends one message at a time per connection (more connections carry more)"),
        ),
        (
            with_ws("subscribe = true"),
            format!("{at}.path: subscribe = true to /ws; expected a path that asks the server to push, such as \"/ws?push=100\""),
        ),
        (
            with_ws("subscribe = true\nbinary = true").replace("\"/ws\"", "\"/ws?push=1\""),
            format!("{at}.binary: binary with subscribe = true; expected no message keys in a subscription: the client sends nothing, and the server's messages are set by the path (/ws?push=N&size=B)"),
        ),
        (
            with_ws("").replace("driver = \"barrage\"", "driver = \"wrk\""),
            "scenario[1].protocol: driver wrk cannot send ws; expected h1 or https with wrk, or a driver that speaks ws: barrage".into(),
        ),
    ];
    for (text, want) in cases {
        // The line is the key's (suites/t.toml:N: …).
        let e = error(&text);
        assert!(e.starts_with("suites/t.toml:"), "{e}");
        assert_eq!(e.split_once(": ").unwrap().1, want, "{text}");
    }
}
