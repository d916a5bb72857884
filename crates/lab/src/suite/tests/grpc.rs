//! gRPC scenarios: their keys, defaults, the .proto's checks, and what
//! they refuse.

use std::time::Duration;

use barrage_model::load::GrpcUnit;

use super::*;

/// The repository's proto/bench.proto, absolute.
fn bench_proto() -> String {
    std::fs::canonicalize(repo().join("proto/bench.proto"))
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// `VALID` with a second scenario over grpc with `keys`.
fn with_grpc(keys: &str) -> String {
    format!(
        "{VALID}[[scenario]]\nname = \"echo\"\nprotocol = \"grpc\"\nproto = {:?}\n{keys}\n",
        bench_proto()
    )
}

#[test]
fn keys_and_defaults() {
    let s = parse(&with_grpc("")).unwrap();
    let echo = s.scenario("echo");
    assert_eq!(echo.grpc, Some(GrpcScenario::echo(&bench_proto())));
    assert_eq!(echo.path, "/barrage.bench.v1.Bench/Echo");
    assert_eq!(echo.method, "POST");
    assert_eq!(s.scenario("hello").grpc, None);
    // A bidirectional stream counts messages unless told otherwise.
    let chat = parse(&with_grpc(
        "call = \"barrage.bench.v1.Bench.Chat\"\nin_flight = 2\nstream_messages = 100\nrate = 500\ndata = '[{\"payload\": \"eA==\"}, {}]'",
    ))
    .unwrap();
    let g = chat.scenario("echo").grpc.clone().unwrap();
    assert_eq!(g.call, "barrage.bench.v1.Bench/Chat");
    assert_eq!(
        (g.unit, g.in_flight, g.stream_messages, g.rate),
        (GrpcUnit::Message, 2, Some(100), Some(500.0))
    );
    let calls = parse(&with_grpc(
        "call = \"barrage.bench.v1.Bench/Chat\"\nunit = \"call\"",
    ))
    .unwrap();
    assert_eq!(
        calls.scenario("echo").grpc.as_ref().unwrap().unit,
        GrpcUnit::Call
    );
    let tls = with_grpc("").replace("\"grpc\"", "\"grpcs\"");
    assert_eq!(parse(&tls).unwrap().scenario("echo").protocol, Wire::GRPCS);
    let search = with_grpc("search = { slo = \"p99<=10ms\" }");
    assert!(parse(&search).unwrap().scenario("echo").search.is_some());
}

#[test]
fn errors_name_the_key() {
    let at = "scenario[1]";
    let cases: Vec<(String, String)> = vec![
        (
            format!("{VALID}call = \"a.B/C\"\n"),
            "scenario[0].call: call does not apply to h1; expected call only with protocol = \"grpc\" or \"grpcs\"".into(),
        ),
        (
            with_grpc("path = \"/hello\""),
            format!("{at}.path: path does not apply to grpc; expected call = \"package.Service/Method\": a call has no path of its own"),
        ),
        (
            with_grpc("streams = 4"),
            format!("{at}.streams: streams does not apply to grpc; expected in_flight = N for calls in flight per connection"),
        ),
        (
            with_grpc("call = \"Echo\""),
            format!("{at}.call: \"Echo\" is not a method; expected package.Service/Method, such as \"barrage.bench.v1.Bench/Echo\""),
        ),
        (
            with_grpc("data = '{\"payload\": '"),
            format!("{at}.data: not JSON (EOF while parsing a value at line 1 column 12); expected the request as protobuf JSON: an object, or an array of objects sent in turn on a stream, such as '{{\"payload\": \"aGVsbG8=\"}}'"),
        ),
        (
            with_grpc("unit = \"byte\""),
            format!("{at}.unit: unknown unit \"byte\"; expected \"call\" (each call counted and timed) or \"message\" (a bidirectional stream's messages)"),
        ),
        (
            with_grpc("unit = \"message\""),
            format!("{at}.unit: unit = \"message\" for barrage.bench.v1.Bench/Echo, a unary method; expected unit = \"call\": only a bidirectional stream's messages are counted one by one"),
        ),
        (
            with_grpc("in_flight = 4\nsearch = { slo = \"p99<=10ms\" }"),
            format!("{at}.in_flight: in_flight = 4 in an open loop of calls; expected in_flight = 1 with a rate load or a search: the open loop starts calls on its schedule (more connections carry more)"),
        ),
        (
            with_grpc("rate = 0"),
            format!("{at}.rate: 0 is not above 0; expected calls or messages per second, such as 2000"),
        ),
        (
            with_grpc("").replace("driver = \"barrage\"", "driver = \"h2load\""),
            "scenario[1].protocol: driver h2load cannot send grpc; expected h1 or h2c or h2 or https with h2load, or a driver that speaks grpc: barrage".into(),
        ),
    ];
    for (text, want) in cases {
        let e = error(&text);
        assert!(e.starts_with("suites/t.toml:"), "{e}");
        assert_eq!(e.split_once(": ").unwrap().1, want, "{text}");
    }
}

/// The .proto is compiled when the suite is read: an unknown method, data
/// that does not fit the request, a missing file are each one line at
/// their key, in barrage load's words.
#[test]
fn the_proto_is_compiled_and_the_call_checked() {
    let cases = [
        ("call = \"barrage.bench.v1.Bench/Nope\"", ".call: ", "Nope"),
        ("data = '{\"nope\": 1}'", ".data: ", "nope"),
        ("data = '[{}, {}]'", ".data: ", ""),
    ];
    for (keys, key, word) in cases {
        let e = error(&with_grpc(keys));
        assert!(e.contains(&format!("scenario[1]{key}")), "{e}");
        assert!(e.contains(word), "{e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    let missing = with_grpc("").replace(&bench_proto(), "/nonexistent/x.proto");
    let e = error(&missing);
    assert!(
        e.contains("scenario[1].proto: no file /nonexistent/x.proto"),
        "{e}"
    );
}

/// suites/grpc.toml: the four servers, unary over h2c and TLS, the Chat at
/// a fixed message rate, the capacity search; `--quick` about two minutes.
#[test]
fn the_committed_grpc_suite() {
    let suite = crate::suite::load(&repo().join("suites/grpc.toml")).unwrap();
    let servers: Vec<&str> = suite.servers.iter().map(|s| s.server.as_str()).collect();
    assert_eq!(
        servers,
        ["barrage-target", "grpc-go", "grpc-java", "grpc-node"]
    );
    /// Name, protocol, unit, in flight, rate, search.
    type Row<'a> = (&'a str, Wire, GrpcUnit, usize, Option<f64>, bool);
    let scenarios: Vec<Row> = suite
        .scenarios
        .iter()
        .map(|s| {
            let g = s.grpc.as_ref().unwrap();
            let search = s.search.is_some();
            (
                s.name.as_str(),
                s.protocol,
                g.unit,
                g.in_flight,
                g.rate,
                search,
            )
        })
        .collect();
    let (grpc, call) = (Wire::GRPC, GrpcUnit::Call);
    assert_eq!(
        scenarios,
        [
            ("unary-m100", grpc, call, 100, None, false),
            ("unary-m10", grpc, call, 10, None, false),
            ("unary-tls-m10", Wire::GRPCS, call, 10, None, false),
            ("chat-2000", grpc, GrpcUnit::Message, 1, Some(2000.0), false),
            ("unary-capacity", grpc, call, 1, None, true),
        ]
    );
    let quick = Plan::of(&suite, true, None);
    assert_eq!(quick.runs.len(), 4 * 5);
    assert!(quick.estimate < Duration::from_secs(3 * 60), "{quick}");
}
