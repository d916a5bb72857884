//! The workloads of the contract's second edition (docs/workloads.md) over
//! HTTP/1.1, checked with the raw TCP client of `common`: each endpoint and
//! the edges of its rules.

use crate::common;

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::Duration;

use barrage_target::contract::data::{self, Processed, STATIC_FILES};
use common::{get, start, Conn, Resp};
use sha2::{Digest, Sha256};

/// `GET path` with extra header lines (each ending in CRLF).
fn get_with(addr: SocketAddr, path: &str, headers: &str) -> Resp {
    let mut conn = Conn::connect(addr);
    conn.send(format!("GET {path} HTTP/1.1\r\nHost: t\r\n{headers}\r\n").as_bytes());
    conn.read_response(false)
}

/// `POST path` with `body`, framed by Content-Length or chunked (in
/// chunks of `chunk` bytes), on `conn`.
fn post(conn: &mut Conn, path: &str, body: &[u8], chunked: Option<usize>) -> Resp {
    match chunked {
        None => {
            let head = format!(
                "POST {path} HTTP/1.1\r\nHost: t\r\nContent-Length: {}\r\n\r\n",
                body.len()
            );
            conn.send(head.as_bytes());
            conn.send(body);
        }
        Some(chunk) => {
            conn.send(
                format!("POST {path} HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .as_bytes(),
            );
            for piece in body.chunks(chunk) {
                conn.send(format!("{:x}\r\n", piece.len()).as_bytes());
                conn.send(piece);
                conn.send(b"\r\n");
            }
            conn.send(b"0\r\n\r\n");
        }
    }
    conn.read_response(false)
}

/// Deterministic pseudo-random bytes (xorshift), `n` of them.
fn noise(n: usize, mut seed: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect()
}

fn assert_text(resp: &Resp, body: &str) {
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.header("content-type"), Some("text/plain"));
    assert_eq!(resp.body_str(), body);
    resp.assert_common_headers();
}

#[test]
fn baseline_get_post_and_chunked() {
    let target = start();
    let addr = target.local_addr();
    assert_text(&get(addr, "/baseline?a=13&b=29"), "42");
    assert_text(&get(addr, "/baseline?b=-5&a=-7"), "-12");
    let mut conn = Conn::connect(addr);
    assert_text(&post(&mut conn, "/baseline?a=1&b=2", b"39", None), "42");
    assert_text(&post(&mut conn, "/baseline?a=1&b=2", b" -3\n", None), "0");
    assert_text(
        &post(&mut conn, "/baseline?a=1000000&b=1", b"123456", Some(2)),
        "1123457",
    );
    let head = conn.request("HEAD", "/baseline?a=1&b=1");
    assert_eq!(
        (head.status, head.header("content-length")),
        (200, Some("1"))
    );
    assert_text(&conn.request("GET", "/baseline?a=0&b=0"), "0");
}

#[test]
fn baseline_bad_input_is_400() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for path in [
        "/baseline",
        "/baseline?a=1",
        "/baseline?b=1",
        "/baseline?a=x&b=1",
        "/baseline?a=1&b=1.5",
        "/baseline?a=1234567890123456789&b=1",
    ] {
        let resp = conn.request("GET", path);
        assert_eq!(resp.status, 400, "{path}");
        assert_eq!(resp.header("content-type"), Some("text/plain"));
        resp.assert_common_headers();
    }
    for body in [&b""[..], b"x", b"1 2", b"--1"] {
        let resp = post(&mut conn, "/baseline?a=1&b=2", body, None);
        assert_eq!(resp.status, 400, "{body:?}");
    }
    let resp = post(&mut conn, "/baseline?a=1", b"1", None);
    assert_eq!(resp.status, 400);
    // The connection is still good.
    assert_text(&conn.request("GET", "/baseline?a=2&b=2"), "4");
}

#[test]
fn baseline_in_fragments() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    let pause = || std::thread::sleep(Duration::from_millis(5));
    conn.send(b"POST /baseline?a=");
    pause();
    conn.send(b"10&b=20 HTTP/1.1\r\n");
    for header in ["Host: t\r\n", "Content-Length: 3\r\n", "\r\n"] {
        pause();
        conn.send(header.as_bytes());
    }
    for byte in b"300" {
        pause();
        conn.send(&[*byte]);
    }
    assert_text(&conn.read_response(false), "330");
}

#[test]
fn plaintext_and_json() {
    let target = start();
    let addr = target.local_addr();
    let plain = get(addr, "/plaintext");
    assert_text(&plain, "Hello, World!");
    let json = get(addr, "/json");
    assert_eq!(json.status, 200);
    assert_eq!(json.header("content-type"), Some("application/json"));
    let value: serde_json::Value = serde_json::from_slice(&json.body).unwrap();
    assert_eq!(value, serde_json::json!({"message": "Hello, World!"}));
    json.assert_common_headers();
    // Pipelined 16 deep, answered in order.
    let mut conn = Conn::connect(addr);
    conn.send(&b"GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n".repeat(16));
    for _ in 0..16 {
        assert_text(&conn.read_response(false), "Hello, World!");
    }
    for (method, path) in [("POST", "/plaintext"), ("PUT", "/json")] {
        let resp = conn.request(method, path);
        assert_eq!(resp.status, 405, "{method} {path}");
        assert_eq!(resp.header("allow"), Some("GET, HEAD"));
    }
}

fn processed_of(resp: &Resp) -> Processed {
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.header("content-type"), Some("application/json"));
    serde_json::from_slice(&decoded(resp)).expect("the body is a Processed")
}

#[test]
fn json_processing_counts_and_multipliers() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for (path, count, m) in [
        ("/json/0", 0, 1),
        ("/json/1", 1, 1),
        ("/json/7?m=3", 7, 3),
        ("/json/50?m=100", 50, 100),
        ("/json/51", 50, 1),
        ("/json/99999999999999999999999?m=2", 50, 2),
        ("/json/5?m=0", 5, 0),
        ("/json/5?m=2000000", 5, data::MAX_MULTIPLIER),
        ("/json/5?x=1", 5, 1),
    ] {
        let resp = conn.request("GET", path);
        assert_eq!(resp.header("content-encoding"), None, "{path}");
        assert_eq!(processed_of(&resp), data::processed(count, m), "{path}");
        resp.assert_common_headers();
    }
    let got = processed_of(&conn.request("GET", "/json/2?m=3"));
    let first = &data::dataset()[0];
    assert_eq!(got.items[0].total, first.price * first.quantity * 3);
    for path in [
        "/json/",
        "/json/abc",
        "/json/-1",
        "/json/1.5",
        "/json/5?m=x",
        "/json/5?m=-1",
        "/json/5?m=",
        "/json/5/6",
    ] {
        let resp = conn.request("GET", path);
        assert_eq!(resp.status, 400, "{path}");
        resp.assert_common_headers();
    }
}

/// The body of `resp`, decompressed per its `Content-Encoding`.
fn decoded(resp: &Resp) -> Vec<u8> {
    let mut out = Vec::new();
    match resp.header("content-encoding") {
        None => return resp.body.clone(),
        Some("gzip") => flate2::read::GzDecoder::new(&resp.body[..])
            .read_to_end(&mut out)
            .expect("gzip body"),
        Some("br") => brotli::Decompressor::new(&resp.body[..], 4096)
            .read_to_end(&mut out)
            .expect("brotli body"),
        Some(other) => panic!("unexpected coding {other}"),
    };
    out
}

#[test]
fn compression_by_accept_encoding() {
    let target = start();
    let addr = target.local_addr();
    let expected = data::processed(50, 17);
    for (accept, coding) in [
        ("Accept-Encoding: gzip, br\r\n", Some("br")),
        ("Accept-Encoding: br;q=1, gzip;q=0.8\r\n", Some("br")),
        ("Accept-Encoding: gzip\r\n", Some("gzip")),
        ("Accept-Encoding: br;q=0.5, gzip\r\n", Some("gzip")),
        ("Accept-Encoding: br\r\n", Some("br")),
        ("Accept-Encoding: br;q=0, gzip;q=0\r\n", None),
        ("Accept-Encoding: identity\r\n", None),
        ("", None),
    ] {
        let resp = get_with(addr, "/json/50?m=17", accept);
        assert_eq!(resp.header("content-encoding"), coding, "{accept:?}");
        assert_eq!(resp.header("vary"), Some("accept-encoding"), "{accept:?}");
        assert_eq!(processed_of(&resp), expected, "{accept:?}");
        if coding.is_some() {
            assert!(resp.body.len() < decoded(&resp).len() / 3, "{accept:?}");
        }
    }
}

#[test]
fn upload_counts_what_arrives() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    let body = noise(20_000_000, 27);
    assert_text(&post(&mut conn, "/upload", &body, None), "20000000");
    assert_text(
        &post(&mut conn, "/upload", &body, Some(1 << 16)),
        "20000000",
    );
    assert_text(
        &post(&mut conn, "/upload", &body[..500_000], Some(7_777)),
        "500000",
    );
    assert_text(&post(&mut conn, "/upload", &body[..17], None), "17");
    assert_text(&post(&mut conn, "/upload", b"", None), "0");
    assert_text(&post(&mut conn, "/upload", b"", Some(1)), "0");
    for method in ["GET", "HEAD"] {
        let resp = conn.request(method, "/upload");
        assert_eq!(resp.status, 405, "{method}");
        assert_eq!(resp.header("allow"), Some("POST"));
    }
}

#[test]
fn upload_is_not_taken_from_content_length() {
    let target = start();
    let mut raw = TcpStream::connect(target.local_addr()).unwrap();
    raw.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    // Says 1,000 bytes, sends 10 and closes its side: the count is not 1000.
    raw.write_all(b"POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n0123456789")
        .unwrap();
    raw.shutdown(Shutdown::Write).unwrap();
    let answer = read_to_end(&mut raw);
    assert!(!answer.contains("\r\n\r\n1000"), "{answer}");
    assert_no_5xx(&answer);
}

#[test]
fn static_set_every_file() {
    let target = start();
    let mut conn = Conn::connect(target.local_addr());
    for accept in [
        "Accept-Encoding: br;q=1, gzip;q=0.8\r\n",
        "Accept-Encoding: gzip\r\n",
        "",
    ] {
        for file in &STATIC_FILES {
            conn.send(
                format!(
                    "GET /static/{} HTTP/1.1\r\nHost: t\r\n{accept}\r\n",
                    file.name
                )
                .as_bytes(),
            );
            let resp = conn.read_response(false);
            let what = format!("{} {accept:?}", file.name);
            assert_eq!(resp.status, 200, "{what}");
            assert_eq!(
                resp.header("content-type"),
                Some(file.content_type),
                "{what}"
            );
            let expected = match (file.gzip.is_some(), accept) {
                (false, _) | (true, "") => None,
                (true, a) if a.contains("br") => Some("br"),
                (true, _) => Some("gzip"),
            };
            assert_eq!(resp.header("content-encoding"), expected, "{what}");
            let vary = file.gzip.is_some().then_some("accept-encoding");
            assert_eq!(resp.header("vary"), vary, "{what}");
            let body = decoded(&resp);
            assert_eq!(body.len(), file.body.len(), "{what}");
            let sha = Sha256::digest(&body);
            let hex: String = sha.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(hex, file.sha256, "{what}");
            resp.assert_common_headers();
        }
    }
    for path in ["/static/missing.html", "/static/index.html.br", "/static/"] {
        assert_eq!(conn.request("GET", path).status, 404, "{path}");
    }
    // The first edition's files stay.
    assert_eq!(conn.request("GET", "/static/6b").body, b"hello\n");
    assert_eq!(conn.request("GET", "/static/4k").body.len(), 4096);
    let head = conn.request("HEAD", "/static/app.js");
    assert_eq!(head.status, 200);
    assert_eq!(conn.request("POST", "/static/app.js").status, 405);
}

fn read_to_end(raw: &mut TcpStream) -> String {
    let mut out = Vec::new();
    let _ = raw.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A status line, if any, is not a 5xx.
fn assert_no_5xx(answer: &str) {
    if let Some(status) = answer.strip_prefix("HTTP/1.1 ") {
        assert!(!status.starts_with('5'), "{answer}");
    }
}

/// `raw` on a connection of its own, the client's side then shut: the
/// answer, all of it (empty if the server just closed).
fn noise_request(addr: SocketAddr, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    // The server may answer and close before all is sent: then writing
    // fails, and what it answered is read all the same.
    let _ = stream.write_all(raw);
    let _ = stream.shutdown(Shutdown::Write);
    read_to_end(&mut stream)
}

#[test]
fn noise_then_a_good_request() {
    let target = start();
    let addr = target.local_addr();
    let gett = noise_request(addr, b"GETT /baseline?a=1&b=2 HTTP/1.1\r\nHost: t\r\n\r\n");
    assert!(
        gett.starts_with("HTTP/1.1 405") || gett.starts_with("HTTP/1.1 501"),
        "{gett}"
    );
    let unknown = noise_request(addr, b"GET /nothing-here HTTP/1.1\r\nHost: t\r\n\r\n");
    assert!(unknown.starts_with("HTTP/1.1 404"), "{unknown}");
    let truncated = noise_request(
        addr,
        b"POST /baseline?a=1&b=2 HTTP/1.1\r\nHost: t\r\nContent-Length: 16\r\n\r\n",
    );
    assert!(
        truncated.is_empty() || truncated.starts_with("HTTP/1.1 4"),
        "{truncated}"
    );
    for seed in 1..=8 {
        let answer = noise_request(addr, &noise(256, seed));
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 4"),
            "{answer}"
        );
    }
    assert_text(&get(addr, "/baseline?a=5&b=6"), "11");
}

/// hyper closes on the end of input by default, even after a whole request
/// it has not answered yet; the noisy workload's raw requests end so.
#[test]
fn a_request_then_half_close_is_answered() {
    let target = start();
    for _ in 0..50 {
        let answer = noise_request(
            target.local_addr(),
            b"GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n",
        );
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
        assert!(answer.ends_with("Hello, World!"), "{answer:?}");
    }
}
