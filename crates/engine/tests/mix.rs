//! Weighted request mixes end to end: a small HTTP/1 server in the test
//! records every request it reads (line, body), so the test can check
//! the weights, the placeholders and the sequence as the server saw them;
//! the same server answers bad requests with a 400 or drops them, for
//! raw entries. No timing is asserted.

use crate::common;

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use barrage_engine::mix::{Mix, MixEntry, MixSend};
use barrage_engine::{Arrival, Model, Protocol, RequestTemplate, RunReport};
use barrage_testkit::h2::{H2Behavior, H2TestServer};
use common::{closed, run, serial, spec};

/// What the server does with a request it cannot read.
#[derive(Clone, Copy, PartialEq)]
enum OnBad {
    Answer400,
    Drop,
}

/// A request as the server read it: method, path, body (de-chunked).
type Seen = (String, String, Vec<u8>);

struct Recorder {
    addr: std::net::SocketAddr,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Recorder {
    fn start(on_bad: OnBad) -> Recorder {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        std::thread::spawn(move || {
            for conn in listener.incoming().flatten() {
                let log = Arc::clone(&log);
                std::thread::spawn(move || serve(conn, on_bad, &log));
            }
        });
        Recorder { addr, seen }
    }

    fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn serve(mut conn: TcpStream, on_bad: OnBad, log: &Mutex<Vec<Seen>>) {
    let mut buf = Vec::new();
    loop {
        let head_end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break Some(i + 4);
            }
            if !fill(&mut conn, &mut buf) {
                break None;
            }
        };
        let Some(head_end) = head_end else {
            if !buf.is_empty() {
                bad(&mut conn, on_bad);
            }
            return;
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
        let mut words = head.split(' ');
        let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        if !matches!(method, "GET" | "POST")
            || !head.lines().next().unwrap_or("").ends_with("HTTP/1.1")
        {
            return bad(&mut conn, on_bad);
        }
        let lower = head.to_ascii_lowercase();
        buf.drain(..head_end);
        let body = if lower.contains("transfer-encoding: chunked") {
            chunked(&mut conn, &mut buf)
        } else {
            let len = lower
                .split("content-length: ")
                .nth(1)
                .and_then(|v| v.split("\r\n").next())
                .map_or(0, |v| v.trim().parse().unwrap());
            while buf.len() < len && fill(&mut conn, &mut buf) {}
            buf.drain(..len).collect()
        };
        log.lock()
            .unwrap()
            .push((method.to_string(), path.to_string(), body));
        let close = lower.contains("connection: close");
        let reply: &[u8] = if close {
            b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        } else {
            b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        };
        if conn.write_all(reply).is_err() || close {
            return;
        }
    }
}

fn fill(conn: &mut TcpStream, buf: &mut Vec<u8>) -> bool {
    let mut chunk = [0u8; 4096];
    match conn.read(&mut chunk) {
        Ok(0) | Err(_) => false,
        Ok(n) => {
            buf.extend_from_slice(&chunk[..n]);
            true
        }
    }
}

/// One chunked body (chunk extensions and trailers are not sent by barrage).
fn chunked(conn: &mut TcpStream, buf: &mut Vec<u8>) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = loop {
            if let Some(i) = buf.windows(2).position(|w| w == b"\r\n") {
                break i;
            }
            assert!(fill(conn, buf), "cut inside a chunk size");
        };
        let size =
            usize::from_str_radix(std::str::from_utf8(&buf[..line_end]).unwrap(), 16).unwrap();
        buf.drain(..line_end + 2);
        while buf.len() < size + 2 {
            assert!(fill(conn, buf), "cut inside a chunk");
        }
        body.extend(buf.drain(..size));
        assert_eq!(buf.drain(..2).collect::<Vec<u8>>(), b"\r\n");
        if size == 0 {
            return body;
        }
    }
}

fn bad(conn: &mut TcpStream, on_bad: OnBad) {
    if on_bad == OnBad::Answer400 {
        let _ = conn.write_all(
            b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        );
    }
    let _ = conn.shutdown(Shutdown::Both);
}

fn entry(name: &str, weight: u32, send: MixSend) -> MixEntry {
    MixEntry {
        name: name.into(),
        weight,
        send,
        close: false,
    }
}

fn http(method: &str, path: &str, body: &str, chunked: bool) -> MixSend {
    MixSend::Http {
        request: RequestTemplate {
            method: method.into(),
            path: path.into(),
            headers: vec![("X-Seq".into(), "{seq}".into())],
            body: body.as_bytes().to_vec(),
        },
        body_placeholders: true,
        chunked,
    }
}

/// The per-template counts add up to the totals.
fn check_sums(r: &RunReport) {
    let sum =
        |f: fn(&barrage_engine::TemplateReport) -> u64| r.templates.iter().map(f).sum::<u64>();
    assert_eq!(
        sum(|t| t.responses),
        r.totals.responses,
        "{:?}",
        r.templates
    );
    assert_eq!(sum(|t| t.requests_sent), r.totals.requests_sent);
    assert_eq!(
        sum(|t| t.responses_not_2xx_3xx),
        r.totals.responses_not_2xx_3xx
    );
    for t in &r.templates {
        assert_eq!(t.latency_us.count, t.responses, "{}", t.name);
        assert_eq!(
            t.status_counts.values().sum::<u64>(),
            t.responses,
            "{}",
            t.name
        );
    }
}

#[test]
fn weights_hold_exactly_and_placeholders_are_filled_per_request() {
    let _serial = serial();
    let server = Recorder::start(OnBad::Answer400);
    let mut s = spec(&server.url(), closed(1));
    s.max_requests = Some(400);
    s.mix = Some(Mix {
        entries: vec![
            entry(
                "get",
                3,
                http("GET", "/a?x={rand 10..20}&s={seq}", "", false),
            ),
            entry(
                "post",
                1,
                http("POST", "/b?s={seq}", "n={rand -5..5}", true),
            ),
        ],
    });
    let r = run(&s);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    let seen = server.seen();
    assert_eq!(seen.len(), 400);
    let gets = seen.iter().filter(|(m, _, _)| m == "GET").count();
    assert_eq!(
        (gets, seen.len() - gets),
        (300, 100),
        "3:1 over 400 requests of one worker"
    );
    let mut last_seq = -1i64;
    for (method, path, body) in &seen {
        let query: Vec<(&str, &str)> = path
            .split_once('?')
            .unwrap()
            .1
            .split('&')
            .map(|kv| kv.split_once('=').unwrap())
            .collect();
        let seq: i64 = query
            .iter()
            .find(|(k, _)| *k == "s")
            .unwrap()
            .1
            .parse()
            .unwrap();
        assert!(seq > last_seq, "{{seq}} increases: {seq} after {last_seq}");
        last_seq = seq;
        if method == "GET" {
            let x: i64 = query[0].1.parse().unwrap();
            assert!((10..=20).contains(&x), "{path}");
            assert!(body.is_empty());
        } else {
            let text = String::from_utf8(body.clone()).unwrap();
            let n: i64 = text.strip_prefix("n=").unwrap().parse().unwrap();
            assert!((-5..=5).contains(&n), "{text}");
        }
    }
    let distinct: std::collections::BTreeSet<&String> =
        seen.iter().filter(|s| s.0 == "GET").map(|s| &s.1).collect();
    assert!(distinct.len() > 100, "values change per request");
    check_sums(&r);
    assert_eq!(r.templates.len(), 2);
    assert_eq!(
        (r.templates[0].responses, r.templates[1].responses),
        (300, 100)
    );
    assert_eq!(r.templates[1].status_counts.get("200"), Some(&100));
    assert_eq!(r.spec.request_count, 2);
}

#[test]
fn an_open_loop_takes_a_mix() {
    let _serial = serial();
    let server = Recorder::start(OnBad::Answer400);
    let mut s = spec(
        &server.url(),
        Model::Open {
            rate: barrage_engine::Schedule::constant(400.0),
            arrival: Arrival::Uniform,
            connections: 4,
            max_connections: 8,
        },
    );
    s.max_requests = Some(200);
    s.mix = Some(Mix {
        entries: vec![
            entry("a", 1, http("GET", "/a?{rand 1..9}", "", false)),
            entry("b", 1, http("GET", "/b", "", false)),
        ],
    });
    let r = run(&s);
    assert!(r.open_loop.is_some());
    check_sums(&r);
    let (a, b) = (r.templates[0].requests_sent, r.templates[1].requests_sent);
    assert_eq!(a + b, r.totals.requests_sent);
    assert!(a.abs_diff(b) <= 1, "1:1 in an open loop: {a} and {b}");
}

fn noisy_mix() -> Mix {
    Mix {
        entries: vec![
            entry("good", 1, http("GET", "/g", "", false)),
            entry(
                "gett",
                1,
                MixSend::Raw(b"GETT / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec()),
            ),
            entry(
                "random",
                1,
                MixSend::Raw((0..=255u8).map(|b| b.wrapping_mul(37) | 0x80).collect()),
            ),
        ],
    }
}

#[test]
fn raw_entries_count_a_400_as_their_answer() {
    let _serial = serial();
    let server = Recorder::start(OnBad::Answer400);
    let mut s = spec(&server.url(), closed(2));
    s.max_requests = Some(30);
    s.mix = Some(noisy_mix());
    let r = run(&s);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    check_sums(&r);
    let t = &r.templates;
    assert_eq!(t[0].status_counts.get("200"), Some(&10), "{t:?}");
    assert_eq!(t[1].status_counts.get("400"), Some(&10), "{t:?}");
    assert_eq!(t[2].status_counts.get("400"), Some(&10), "{t:?}");
    assert_eq!(
        server.seen().len(),
        10,
        "the raw bytes never read as a request"
    );
}

#[test]
fn raw_entries_count_a_close_without_answer_and_no_error() {
    let _serial = serial();
    let server = Recorder::start(OnBad::Drop);
    let mut s = spec(&server.url(), closed(2));
    s.max_requests = Some(30);
    s.mix = Some(noisy_mix());
    let r = run(&s);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    check_sums(&r);
    let t = &r.templates;
    assert_eq!(t[0].responses, 10);
    assert_eq!(
        (t[1].closed_without_answer, t[1].responses),
        (10, 0),
        "{t:?}"
    );
    assert_eq!((t[2].closed_without_answer, t[2].errors), (10, 0), "{t:?}");
}

#[test]
fn close_entries_end_their_connection() {
    let _serial = serial();
    let server = Recorder::start(OnBad::Answer400);
    let mut s = spec(&server.url(), closed(1));
    s.max_requests = Some(20);
    let mut last = entry("last", 1, http("GET", "/last", "", false));
    last.close = true;
    s.mix = Some(Mix {
        entries: vec![entry("keep", 1, http("GET", "/keep", "", false)), last],
    });
    let r = run(&s);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, 20);
    assert_eq!(r.connections.opened, 10, "one connection per close request");
}

#[test]
fn http2_takes_the_same_templates() {
    let _serial = serial();
    let server = H2TestServer::start(H2Behavior::Good {
        max_streams: 100,
        body_bytes: 10,
    });
    let mut s = spec(&server.url("/"), closed(2));
    s.protocol = Protocol::H2;
    s.h2.streams = 4;
    s.max_requests = Some(300);
    s.mix = Some(Mix {
        entries: vec![
            entry(
                "a",
                2,
                http("GET", "/a?x={rand 1..1000000}&s={seq}", "", false),
            ),
            entry("b", 1, http("POST", "/b", "{\"n\": {rand 1..99}}", false)),
        ],
    });
    let r = run(&s);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, 300);
    check_sums(&r);
    assert_eq!(
        (r.templates[0].responses, r.templates[1].responses),
        (200, 100)
    );
}

#[test]
fn http3_takes_the_same_templates() {
    let _serial = serial();
    let t = barrage_target::Target::start(barrage_target::TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: Some(barrage_target::TlsSetup::SelfSigned),
        h3: true,
    })
    .expect("start barrage serve");
    let ca = std::env::temp_dir().join(format!("barrage-mix-h3-{}.pem", std::process::id()));
    std::fs::write(&ca, t.certificate_pem().unwrap()).unwrap();
    let mut s = spec(
        &format!("https://localhost:{}/", t.local_addr().port()),
        closed(2),
    );
    s.protocol = Protocol::H3;
    s.h2.streams = 4;
    s.tls.ca_file = Some(ca.clone());
    s.max_requests = Some(150);
    s.mix = Some(Mix {
        entries: vec![
            entry(
                "hello",
                2,
                http("GET", "/hello?x={rand 1..1000000}", "", false),
            ),
            entry("missing", 1, http("GET", "/nope/{seq}", "", false)),
        ],
    });
    let r = run(&s);
    let _ = std::fs::remove_file(&ca);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    check_sums(&r);
    assert_eq!(
        r.templates[0].status_counts.get("200"),
        Some(&100),
        "{:?}",
        r.templates
    );
    assert_eq!(
        r.templates[1].status_counts.get("404"),
        Some(&50),
        "{:?}",
        r.templates
    );
}
