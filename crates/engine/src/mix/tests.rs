use super::wire::{compile, MixSender};
use super::*;
use crate::session::h2::H2Settings;
use crate::session::{for_stream, Inflight, SessionConfig};
use crate::spec::Reuse;

fn http(name: &str, request: RequestTemplate, body_placeholders: bool, chunked: bool) -> MixEntry {
    MixEntry {
        name: name.into(),
        weight: 1,
        send: MixSend::Http {
            request,
            body_placeholders,
            chunked,
        },
        close: false,
    }
}

fn post(path: &str, body: &str) -> RequestTemplate {
    RequestTemplate {
        method: "POST".into(),
        path: path.into(),
        headers: vec![("X-N".into(), "{rand 7..7}".into())],
        body: body.as_bytes().to_vec(),
    }
}

/// What entry `i` of `mix` writes over HTTP/1, `times` sends in a row.
fn h1_sends(mix: &Mix, i: usize, times: usize) -> Vec<String> {
    let compiled = compile(mix, "h:1", Reuse::KeepAlive, Scheme::Http, Protocol::Http1);
    let mut sender = MixSender::new(&compiled, 0);
    let config = SessionConfig {
        ws: None,
        grpc: None,
        protocol: Protocol::Http1,
        windows: H2Settings::from_bits(16, 16),
        max_body: 0,
        requests_close: false,
        keep_responses: false,
    };
    let mut session = for_stream(&config);
    let now = std::time::Instant::now();
    (0..times)
        .map(|_| {
            let inflight = Inflight {
                intended: now,
                sent: now,
                head: false,
                measured: true,
                template: i as u16,
            };
            let mut out = Vec::new();
            sender.submit(&compiled.entries[i], &mut session, inflight, &mut out);
            String::from_utf8(out).unwrap()
        })
        .collect()
}

#[test]
fn a_body_with_placeholders_gets_its_filled_length() {
    let mix = Mix {
        entries: vec![http(
            "p",
            post("/s?n={seq}", "a={rand 10..10}&b={seq}"),
            true,
            false,
        )],
    };
    let sends = h1_sends(&mix, 0, 2);
    let ua = concat!("User-Agent: barrage/", env!("CARGO_PKG_VERSION"));
    assert_eq!(
        sends[0],
        format!("POST /s?n=0 HTTP/1.1\r\nHost: h:1\r\n{ua}\r\nX-N: 7\r\nContent-Length: 8\r\n\r\na=10&b=0")
    );
    assert!(sends[1].starts_with("POST /s?n=1 "), "{}", sends[1]);
    assert!(
        sends[1].ends_with("Content-Length: 8\r\n\r\na=10&b=1"),
        "{}",
        sends[1]
    );
}

#[test]
fn chunked_and_literal_bodies() {
    let mut literal = post("/u", "{rand 1..2}");
    literal.headers.clear();
    let mix = Mix {
        entries: vec![
            http("c", post("/c", "{rand 100..100}"), true, true),
            http("l", literal, false, false),
            http("e", post("/e", ""), true, true),
        ],
    };
    assert!(h1_sends(&mix, 0, 1)[0]
        .ends_with("Transfer-Encoding: chunked\r\n\r\n3\r\n100\r\n0\r\n\r\n"));
    assert!(h1_sends(&mix, 1, 1)[0].ends_with("Content-Length: 11\r\n\r\n{rand 1..2}"));
    assert!(h1_sends(&mix, 2, 1)[0].ends_with("Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"));
}

#[test]
fn validation_names_the_entry() {
    let mut bad = post("/a b", "");
    let mix = |e: MixEntry| Mix { entries: vec![e] };
    let e = mix(http("sp", bad.clone(), false, false))
        .validate(Protocol::Http1, Scheme::Http, 1)
        .unwrap_err();
    assert!(
        e.message.contains("\"sp\"") && e.message.contains("space"),
        "{e}"
    );
    bad.path = "/a?x={rand 9..1}".into();
    let e = mix(http("r", bad, false, false))
        .validate(Protocol::Http1, Scheme::Http, 1)
        .unwrap_err();
    assert!(e.message.contains("rand"), "{e}");
    let raw = MixEntry {
        name: "raw".into(),
        weight: 1,
        send: MixSend::Raw(b"GETT / HTTP/1.1\r\n\r\n".to_vec()),
        close: false,
    };
    assert!(mix(raw.clone())
        .validate(Protocol::Http1, Scheme::Http, 1)
        .is_ok());
    let e = mix(raw.clone())
        .validate(Protocol::H2, Scheme::Http, 1)
        .unwrap_err();
    assert!(e.message.contains("HTTP/1 only"), "{e}");
    let e = mix(raw)
        .validate(Protocol::Http1, Scheme::Http, 4)
        .unwrap_err();
    assert!(e.message.contains("--pipeline 1"), "{e}");
    let ok = mix(http("ok", post("/p?x={rand 1..100}", "{seq}"), true, false));
    assert!(ok.validate(Protocol::H2, Scheme::Http, 1).is_ok());
    assert_eq!(ok.max_body(), 20);
}
