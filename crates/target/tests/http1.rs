//! The endpoint contract over HTTP/1.1, checked with a raw TCP client.

use crate::common;
/// WebSocket (issue 31), in this binary to keep CI's count of test binaries down.
#[path = "http1/ws.rs"]
mod ws;

use std::time::{Duration, Instant};

use barrage_target::contract;
use barrage_target::{Target, TargetConfig};
use common::{get, start, Conn};

#[test]
fn hello() {
    let target = start();
    let resp = get(target.local_addr(), "/hello");
    assert_eq!(resp.version, "HTTP/1.1");
    assert_eq!(resp.status, 200);
    assert_eq!(resp.header("content-type"), Some("text/plain"));
    assert_eq!(resp.header("content-length"), Some("12"));
    assert_eq!(resp.body, b"Hello World\n");
    assert!(resp.header("server").unwrap().starts_with("barrage/"));
    resp.assert_common_headers();
}

#[test]
fn keep_alive_serves_several_requests_on_one_connection() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    let first = conn.request("GET", "/hello");
    let second = conn.request("GET", "/static/6b");
    let third = conn.request("GET", "/hello");
    assert_eq!(first.body, b"Hello World\n");
    assert_eq!(second.body, b"hello\n");
    assert_eq!(third.body, b"Hello World\n");
    assert_eq!(target.connections(), 1);
}

#[test]
fn pipelined_requests_are_answered_in_order() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    conn.send(
        b"GET /static/6b HTTP/1.1\r\nHost: t\r\n\r\nGET /xml?value=2 HTTP/1.1\r\nHost: t\r\n\r\n",
    );
    assert_eq!(conn.read_response(false).body, b"hello\n");
    assert_eq!(
        conn.read_response(false).body_str(),
        "<http_test><value>2</value></http_test>"
    );
}

#[test]
fn head_announces_length_without_body() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for (path, len, ctype) in [
        ("/hello", "12", "text/plain"),
        ("/static/4k", "4096", "application/octet-stream"),
        ("/bytes?n=100000", "100000", "application/octet-stream"),
        ("/xml", "56", "text/xml"),
    ] {
        let resp = conn.request("HEAD", path);
        assert_eq!(resp.status, 200, "{path}");
        assert_eq!(resp.header("content-length"), Some(len), "{path}");
        assert_eq!(resp.header("content-type"), Some(ctype), "{path}");
        resp.assert_common_headers();
    }
    // Had a body been sent after a HEAD response, this would read it instead.
    let resp = conn.request("GET", "/hello");
    assert_eq!(resp.status, 200);
    assert_eq!(resp.body, b"Hello World\n");
}

#[test]
fn unknown_paths_are_404() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for (method, path) in [
        ("GET", "/"),
        ("GET", "/nope"),
        ("GET", "/hello/"),
        ("GET", "/static/8k"),
        ("POST", "/nope"),
    ] {
        let resp = conn.request(method, path);
        assert_eq!(resp.status, 404, "{method} {path}");
        assert_eq!(resp.header("content-type"), Some("text/plain"));
        assert_eq!(resp.body, b"not found\n");
        resp.assert_common_headers();
    }
}

#[test]
fn other_methods_are_405_with_allow() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for (method, path) in [
        ("POST", "/hello"),
        ("PUT", "/xml?value=1"),
        ("DELETE", "/static/4k"),
        ("OPTIONS", "/delay?ms=5000"),
    ] {
        let resp = conn.request(method, path);
        assert_eq!(resp.status, 405, "{method} {path}");
        assert_eq!(resp.header("allow"), Some("GET, HEAD"));
        assert_eq!(resp.body, b"method not allowed\n");
        resp.assert_common_headers();
    }
    // A request body is consumed, and the connection stays usable.
    conn.send(b"POST /bytes?n=5 HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nabcde");
    assert_eq!(conn.read_response(false).status, 405);
    assert_eq!(conn.request("GET", "/bytes?n=5").body, b"xxxxx");
}

#[test]
fn bad_queries_are_400_with_one_line() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for path in [
        "/delay?ms=abc",
        "/delay",
        "/delay?ms=-1",
        "/bytes?n=1.5",
        "/bytes",
        "/bytes?n=",
    ] {
        let resp = conn.request("GET", path);
        assert_eq!(resp.status, 400, "{path}");
        assert_eq!(resp.header("content-type"), Some("text/plain"));
        let reason = resp.body_str();
        assert!(
            reason.ends_with('\n') && reason.lines().count() == 1,
            "{reason:?}"
        );
        let param = if path.starts_with("/delay") {
            "ms"
        } else {
            "n"
        };
        assert!(reason.contains(param), "{reason:?}");
        resp.assert_common_headers();
    }
}

#[test]
fn xml_decodes_and_escapes() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    let no_value = "<http_test><error>no value specified</error></http_test>";
    for (query, want) in [
        (
            "?value=hello",
            "<http_test><value>hello</value></http_test>",
        ),
        (
            "?value=a%3Cb%26c",
            "<http_test><value>a&lt;b&amp;c</value></http_test>",
        ),
        (
            "?value=%22q%22+%27s%27+%3E",
            "<http_test><value>&quot;q&quot; &apos;s&apos; &gt;</value></http_test>",
        ),
        (
            "?value=one+two",
            "<http_test><value>one two</value></http_test>",
        ),
        ("?value=1%2B1", "<http_test><value>1+1</value></http_test>"),
        (
            "?other=1&value=x",
            "<http_test><value>x</value></http_test>",
        ),
        ("?value=", no_value),
        ("?value", no_value),
        ("?other=1", no_value),
        ("", no_value),
    ] {
        let resp = conn.request("GET", &format!("/xml{query}"));
        assert_eq!(resp.status, 200, "{query}");
        assert_eq!(resp.header("content-type"), Some("text/xml"));
        assert_eq!(resp.body_str(), want, "{query}");
        resp.assert_common_headers();
    }
}

#[test]
fn static_bodies() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    let small = conn.request("GET", "/static/6b");
    assert_eq!(small.status, 200);
    assert_eq!(
        small.header("content-type"),
        Some("application/octet-stream")
    );
    assert_eq!(small.body, b"hello\n");
    small.assert_common_headers();

    let big = conn.request("GET", "/static/4k");
    assert_eq!(big.status, 200);
    assert_eq!(big.header("content-type"), Some("application/octet-stream"));
    assert_eq!(big.header("content-length"), Some("4096"));
    assert_eq!(big.body.len(), 4096);
    assert_eq!(big.body, contract::STATIC_4K);
    assert!(big
        .body
        .starts_with(b"abcdefghijklmnopqrstuvwxyz0123456789\nabc"));
    big.assert_common_headers();
}

#[test]
fn bytes_bodies() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for n in [0usize, 1, 65_536, 65_537, 100_000] {
        let resp = conn.request("GET", &format!("/bytes?n={n}"));
        assert_eq!(resp.status, 200, "n={n}");
        assert_eq!(
            resp.header("content-type"),
            Some("application/octet-stream")
        );
        assert_eq!(resp.header("content-length"), Some(n.to_string().as_str()));
        assert_eq!(resp.body.len(), n);
        assert!(resp.body.iter().all(|&b| b == b'x'), "n={n}");
        resp.assert_common_headers();
    }
}

#[test]
fn delay_waits() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    let started = Instant::now();
    let resp = conn.request("GET", "/delay?ms=50");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(50), "took {took:?}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(resp.status, 200);
    assert_eq!(resp.header("content-type"), Some("text/plain"));
    assert_eq!(resp.body, b"ok\n");
    resp.assert_common_headers();

    let quick = conn.request("GET", "/delay?ms=0");
    assert_eq!(quick.body, b"ok\n");
}

#[test]
fn counters_track_responses_and_connections() {
    let target = start();
    assert_eq!((target.responses(), target.connections()), (0, 0));
    let mut conn = Conn::connect(target.local_addr());
    conn.request("GET", "/hello");
    conn.request("GET", "/nope");
    conn.request("POST", "/hello");
    conn.request("GET", "/delay?ms=1");
    get(target.local_addr(), "/bytes?n=bad");
    get(target.local_addr(), "/xml?value=1");
    assert_eq!(target.responses(), 6);
    assert_eq!(target.connections(), 3);
}

#[test]
fn bind_error_names_the_address() {
    let target = start();
    let addr = target.local_addr();
    let err = Target::start(TargetConfig {
        listen: addr,
        threads: 1,
        tls: None,
        h3: false,
    })
    .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::AddrInUse);
    assert!(
        err.to_string()
            .starts_with(&format!("cannot listen on {addr}: ")),
        "{err}"
    );
}

#[test]
fn shutdown_closes_idle_connections_and_the_port() {
    let target = start();
    let addr = target.local_addr();
    let mut conn = Conn::connect(addr);
    assert_eq!(conn.request("GET", "/hello").status, 200);
    let started = Instant::now();
    target.shutdown();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert!(conn.is_closed());
    assert!(std::net::TcpStream::connect(addr).is_err());
}

#[test]
fn default_config() {
    let cfg = TargetConfig::default();
    assert_eq!(cfg.listen, "127.0.0.1:8080".parse().unwrap());
    assert_eq!(cfg.threads, 0);
    assert_eq!(cfg.tls, None);
    assert!(cfg.effective_threads() >= 1);
}

#[tokio::test]
async fn usable_from_an_async_context() {
    let target = start();
    let addr = target.local_addr();
    let resp = tokio::task::spawn_blocking(move || get(addr, "/hello"))
        .await
        .unwrap();
    assert_eq!(resp.status, 200);
    // Dropping inside a runtime must not panic.
    drop(target);
}
