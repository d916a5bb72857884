//! Each workload's checks against a reference answerer made of the
//! contract's own data functions (they pass), and against broken variants
//! of it (each fails). The database workloads' reference (a fake
//! database answering the checks' queries) is `tests/database.rs`.

mod database;

use std::io::Write;

use super::*;
use crate::data::{self, static_file, JSON_MESSAGE, PLAINTEXT_BODY};

/// A request as the reference reads it.
struct Request {
    method: String,
    path: String,
    query: Option<String>,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

/// Reads the requests in `bytes` (Content-Length or chunked bodies).
fn parse(mut bytes: &[u8]) -> Vec<Request> {
    let mut out = Vec::new();
    while let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
        let head = std::str::from_utf8(&bytes[..end]).unwrap();
        bytes = &bytes[end + 4..];
        let mut lines = head.split("\r\n");
        let mut first = lines.next().unwrap().split(' ');
        let method = first.next().unwrap().to_string();
        let target = first.next().unwrap();
        let (path, query) = match target.split_once('?') {
            Some((p, q)) => (p.to_string(), Some(q.to_string())),
            None => (target.to_string(), None),
        };
        let headers: Vec<(String, String)> = lines
            .map(|l| {
                let (n, v) = l.split_once(':').unwrap();
                (n.to_ascii_lowercase(), v.trim().to_string())
            })
            .collect();
        let get = |n: &str| headers.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
        let mut body = Vec::new();
        if let Some(n) = get("content-length") {
            let n: usize = n.parse().unwrap();
            body = bytes[..n.min(bytes.len())].to_vec();
            bytes = &bytes[n.min(bytes.len())..];
        } else if get("transfer-encoding").is_some() {
            loop {
                let line_end = bytes.windows(2).position(|w| w == b"\r\n").unwrap();
                let size =
                    usize::from_str_radix(std::str::from_utf8(&bytes[..line_end]).unwrap(), 16)
                        .unwrap();
                bytes = &bytes[line_end + 2..];
                body.extend_from_slice(&bytes[..size]);
                bytes = &bytes[size + 2..];
                if size == 0 {
                    break;
                }
            }
        }
        out.push(Request {
            method,
            path,
            query,
            headers,
            body,
        });
    }
    out
}

fn gzip(body: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(body).unwrap();
    e.finish().unwrap()
}

/// The contract's answer to `r`.
fn answer(r: &Request) -> Response {
    let text =
        |status, body: String| Response::new(status, &[("Content-Type", "text/plain")], body);
    let accepts = |enc: &str| {
        r.headers
            .iter()
            .any(|(n, v)| n == "accept-encoding" && v.contains(enc))
    };
    if !["GET", "POST"].contains(&r.method.as_str()) {
        return text(501, "not implemented".into());
    }
    if let Some(resp) = database::answer(r, database::Mode::Correct) {
        return resp;
    }
    let path = r.path.as_str();
    if path == "/baseline" {
        let Ok((a, b)) = data::parse_baseline_query(r.query.as_deref()) else {
            return text(400, "bad".into());
        };
        let c = match r.method.as_str() {
            "POST" => match data::parse_baseline_body(&r.body) {
                Ok(c) => Some(c),
                Err(_) => return text(400, "bad".into()),
            },
            _ => None,
        };
        return text(200, data::baseline_sum(a, b, c).to_string());
    }
    if path == "/plaintext" {
        let mut resp = Response::new(
            200,
            &[
                ("Content-Type", "text/plain"),
                ("Server", "ref"),
                ("Date", "now"),
            ],
            PLAINTEXT_BODY,
        );
        resp.headers.push(("x".into(), String::new()));
        return resp;
    }
    if path == "/json" {
        let body = serde_json::to_vec(&serde_json::json!({ "message": JSON_MESSAGE })).unwrap();
        return Response::new(200, &[("Content-Type", "application/json")], body);
    }
    if let Some(count) = path.strip_prefix("/json/") {
        let count = data::parse_count(count).unwrap();
        let m = data::parse_multiplier(r.query.as_deref()).unwrap();
        let body = serde_json::to_vec(&data::processed(count, m)).unwrap();
        if accepts("gzip") {
            return Response::new(
                200,
                &[
                    ("Content-Type", "application/json"),
                    ("Content-Encoding", "gzip"),
                ],
                gzip(&body),
            );
        }
        return Response::new(200, &[("Content-Type", "application/json")], body);
    }
    if path == "/upload" {
        return text(200, r.body.len().to_string());
    }
    if path == "/echo" {
        let length = r.body.len().to_string();
        return Response::new(
            200,
            &[
                ("Content-Type", data::ECHO_CONTENT_TYPE),
                ("Content-Length", &length),
            ],
            r.body.clone(),
        );
    }
    if let Some(file) = path.strip_prefix("/static/").and_then(static_file) {
        let ct = file.content_type;
        return match (file.brotli, accepts("br")) {
            (Some(br), true) => {
                Response::new(200, &[("Content-Type", ct), ("Content-Encoding", "br")], br)
            }
            _ => Response::new(200, &[("Content-Type", ct)], file.body),
        };
    }
    text(404, "not found".into())
}

/// The replies `respond` gives to `check`'s exchanges, and the fake
/// database to its queries, in order; a half-closed exchange whose bytes
/// are no request gets a close.
fn replies(check: &Check, respond: &dyn Fn(&Request) -> Response) -> Vec<Reply> {
    let mut out = Vec::new();
    for step in &check.steps {
        let e = match step {
            Step::Exchange(e) => e,
            Step::Query(sql) => {
                out.push(Reply::Rows(database::query(sql)));
                continue;
            }
            Step::Wait(_) => continue,
        };
        let requests = match e.half_close {
            true => Vec::new(),
            false => parse(&e.bytes()),
        };
        if requests.is_empty() {
            out.push(Reply::Closed);
        }
        out.extend(requests.iter().map(|r| Reply::Response(respond(r))));
    }
    out
}

fn each_check(
    w: Workload,
    respond: &dyn Fn(&Request) -> Response,
) -> Vec<(String, Result<(), Fault>)> {
    checks(w, 7, "127.0.0.1:80")
        .iter()
        .map(|c| (c.name.clone(), c.judge(&replies(c, respond))))
        .collect()
}

#[test]
fn the_reference_passes_every_check() {
    for w in Workload::ALL {
        let results = each_check(w, &answer);
        assert!(!results.is_empty(), "{w}");
        for (name, result) in results {
            if name.contains("Date changes") {
                // The reference's Date is fixed: the rule is tested below.
                continue;
            }
            assert_eq!(result, Ok(()), "{name}");
            assert!(name.starts_with(&format!("{w}: ")), "{name}");
        }
    }
}

/// The check called `name` of `w` fails against `respond`, with a reason
/// containing `why`.
fn fails(w: Workload, name: &str, respond: &dyn Fn(&Request) -> Response, why: &str) {
    let results = each_check(w, respond);
    let (_, result) = results
        .iter()
        .find(|(n, _)| n.contains(name))
        .unwrap_or_else(|| panic!("no check {name}"));
    let fault = result.clone().expect_err(name);
    assert!(fault.reason.contains(why), "{name}: {}", fault.reason);
}

fn with(f: impl Fn(&Request, &mut Response) + 'static) -> impl Fn(&Request) -> Response {
    move |r| {
        let mut resp = answer(r);
        f(r, &mut resp);
        resp
    }
}

#[test]
fn broken_answers_fail_and_say_why() {
    use Workload::*;
    let wrong_sum = with(|r, resp| {
        if r.path == "/baseline" && resp.status == 200 {
            resp.body = b"0".to_vec()
        }
    });
    fails(Baseline, "baseline: GET", &wrong_sum, "want");
    fails(Baseline, "baseline: POST chunked", &wrong_sum, "body \"0\"");
    let no_400 = with(|_, resp| resp.status = 200);
    fails(Baseline, "baseline: missing parameter", &no_400, "want 400");
    let no_date = with(|_, resp| resp.headers.retain(|(n, _)| n != "date"));
    fails(
        Plaintext,
        "plaintext: body and headers",
        &no_date,
        "no date header",
    );
    let html = with(|_, resp| resp.headers = vec![("content-type".into(), "text/html".into())]);
    fails(
        Plaintext,
        "plaintext: body and headers",
        &html,
        "Content-Type",
    );
    fails(Json, "json: object", &html, "Content-Type");
    let extra = with(|_, resp| resp.body = br#"{"message":"Hello, World!","x":1}"#.to_vec());
    fails(Json, "json: object", &extra, "key \"x\"");
    let off_by_one = with(|r, resp| {
        if r.path.starts_with("/json/") {
            let mut v: serde_json::Value = serde_json::from_slice(&decoded(resp).unwrap()).unwrap();
            v["items"][0]["total"] = serde_json::json!(1);
            *resp = Response::new(
                200,
                &[("Content-Type", "application/json")],
                serde_json::to_vec(&v).unwrap(),
            );
        }
    });
    fails(
        JsonProcessing,
        "json-processing: /json/1?",
        &off_by_one,
        ".items[0].total is 1",
    );
    fails(
        Compression,
        "compression: /json/50?m=",
        &off_by_one,
        "no Content-Encoding",
    );
    let always_gzip = with(|r, resp| {
        if r.path.starts_with("/json/") && resp.header("content-encoding").is_none() {
            resp.body = gzip(&resp.body);
            resp.headers
                .push(("content-encoding".into(), "gzip".into()));
        }
    });
    fails(
        Compression,
        "without Accept-Encoding",
        &always_gzip,
        "without Accept-Encoding",
    );
    let echo_length = with(|r, resp| {
        if r.path == "/upload" {
            let n = r
                .headers
                .iter()
                .find(|(n, _)| n == "content-length")
                .map_or("0".into(), |(_, v)| v.clone());
            resp.body = n.into_bytes();
        }
    });
    fails(
        Upload,
        "upload: 100000 bytes chunked",
        &echo_length,
        "want 100000",
    );
    broken_echoes_fail_and_say_why();
    let short = with(|r, resp| {
        if r.path.starts_with("/static/") && resp.status == 200 {
            resp.body.pop();
        }
    });
    fails(
        StaticSet,
        "static: /static/hero.webp",
        &short,
        "after decoding",
    );
    fails(
        StaticSet,
        "static: /static/app.js",
        &short,
        "does not decode",
    );
    let octets = with(|_, resp| {
        resp.headers = vec![("content-type".into(), "application/octet-stream".into())]
    });
    fails(
        StaticSet,
        "static: /static/style.css",
        &octets,
        "want text/css",
    );
    let found = with(|_, resp| resp.status = 200);
    fails(StaticSet, "static: missing file", &found, "want 404");
    let crashes = with(|_, resp| {
        if resp.status != 200 {
            resp.status = 500
        }
    });
    fails(Noisy, "noisy: bad method GETT", &crashes, "status 500");
    fails(Noisy, "noisy: unknown path", &crashes, "status 500");
}

/// The reference with `f` applied to its answers to `/echo`.
fn on_echo(f: impl Fn(&mut Response) + 'static) -> impl Fn(&Request) -> Response {
    with(move |r, resp| {
        if r.path == "/echo" {
            f(resp);
        }
    })
}

/// `resp`'s `Content-Length` made its body's.
fn framed(resp: &mut Response) {
    let length = resp.body.len().to_string();
    resp.headers = vec![("content-length".into(), length)];
}

/// A flipped byte, a body cut short, a missing `Content-Length` and a
/// cached body each fail echo's checks.
fn broken_echoes_fail_and_say_why() {
    use Workload::Echo;
    let flipped = on_echo(|resp| {
        let mid = resp.body.len() / 2;
        if let Some(byte) = resp.body.get_mut(mid) {
            *byte ^= 0x01;
        }
    });
    for n in [17, 10_000, 100_000, 1_000_000] {
        let at = format!("at byte {} of {n}", n / 2);
        fails(Echo, &format!("echo: {n} bytes"), &flipped, &at);
    }
    fails(Echo, "echo: 100000 bytes chunked", &flipped, "differs");
    let short = on_echo(|resp| {
        resp.body.pop();
        framed(resp);
    });
    let want = "Content-Length 9999, want 10000";
    fails(Echo, "echo: 10000 bytes", &short, want);
    let unframed = on_echo(|resp| resp.headers.retain(|(n, _)| n != "content-length"));
    fails(
        Echo,
        "echo: 0 bytes",
        &unframed,
        "no Content-Length, want 0",
    );
    // The first body of each length, cached and answered again.
    let seen = std::sync::Mutex::new(std::collections::HashMap::<usize, Vec<u8>>::new());
    let cached = with(move |r, resp| {
        if r.path == "/echo" {
            let mut seen = seen.lock().unwrap();
            resp.body = seen.entry(r.body.len()).or_insert(r.body.clone()).clone();
        }
    });
    let differs = "differs from the request's at byte";
    fails(Echo, "echo: 100000 bytes chunked", &cached, differs);
    let pair = "echo: two bodies of 50000 bytes on one connection";
    fails(Echo, pair, &cached, differs);
}

#[test]
fn echo_names_the_first_byte_that_differs() {
    use super::echo::first_difference;
    assert_eq!(first_difference(b"abc", b"abc"), None);
    assert_eq!(first_difference(b"", b""), None);
    let flip = first_difference(b"abd", b"abc").unwrap();
    assert!(flip.contains("at byte 2 of 3: 0x64, want 0x63"), "{flip}");
    let long = first_difference(b"abcd", b"abc").unwrap();
    assert!(
        long.contains("a body of 4 bytes, want the request's 3"),
        "{long}"
    );
    let short = first_difference(b"ab", b"abc").unwrap();
    assert!(short.contains("a body of 2 bytes"), "{short}");
}

#[test]
fn echo_pipelines_two_different_bodies_of_one_size() {
    let pair = checks_of(Workload::Echo, "two bodies");
    let e = pair.exchanges().next().unwrap();
    assert_eq!(e.responses, 2);
    let requests = parse(&e.bytes());
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0].body.len(), requests[1].body.len());
    assert_ne!(requests[0].body, requests[1].body);
    let chunked = checks_of(Workload::Echo, "chunked");
    let bytes = chunked.exchanges().next().unwrap().bytes();
    let head =
        String::from_utf8_lossy(&bytes[..bytes.windows(4).position(|w| w == b"\r\n\r\n").unwrap()])
            .to_string();
    assert!(head.contains("Transfer-Encoding: chunked") && !head.contains("Content-Length"));
    // The sizes the load sends, random bytes (not text only).
    let big = checks_of(Workload::Echo, "echo: 1000000 bytes");
    let body = &parse(&big.exchanges().next().unwrap().bytes())[0].body;
    assert_eq!(body.len(), 1_000_000);
    assert!(body.iter().any(|b| !b.is_ascii()));
}

#[test]
fn noise_may_be_answered_by_a_close_only_where_the_docs_say() {
    let checks = checks(Workload::Noisy, 1, "h");
    let judge = |name: &str, reply: Reply| {
        let check = checks.iter().find(|c| c.name.starts_with(name)).unwrap();
        check.judge(&[reply])
    };
    assert!(judge("noisy: 256 random bytes", Reply::Closed).is_ok());
    assert!(judge("noisy: Content-Length with no body", Reply::Closed).is_ok());
    assert!(judge("noisy: bad method", Reply::Closed).is_err());
    let status = |s| Reply::Response(Response::new(s, &[], ""));
    assert!(judge("noisy: bad method", status(501)).is_ok());
    assert!(judge("noisy: unknown path", status(501)).is_err());
    assert!(judge("noisy: 256 random bytes", status(503)).is_err());
}

#[test]
fn the_date_rule_needs_two_dates_apart() {
    let checks = checks(Workload::Plaintext, 1, "h");
    let check = checks
        .iter()
        .find(|c| c.name.contains("Date changes"))
        .unwrap();
    assert!(check.waits() >= std::time::Duration::from_secs(3));
    let dated = |d: &str| Reply::Response(Response::new(200, &[("Date", d)], PLAINTEXT_BODY));
    let same = check.judge(&[dated("Mon"), dated("Mon")]).unwrap_err();
    assert_eq!(same.reply, 1);
    assert!(check.judge(&[dated("Mon"), dated("Tue")]).is_ok());
}

#[test]
fn checks_are_reproducible_from_the_seed() {
    let bytes = |seed| -> Vec<Vec<u8>> {
        checks(Workload::Baseline, seed, "h")
            .iter()
            .flat_map(|c| c.exchanges().map(Exchange::bytes).collect::<Vec<_>>())
            .collect()
    };
    assert_eq!(bytes(3), bytes(3));
    assert_ne!(bytes(3), bytes(4));
}

#[test]
fn a_fragmented_request_is_the_whole_request_in_pieces() {
    let checks = checks(Workload::Baseline, 9, "h");
    let frag = checks
        .iter()
        .find(|c| c.name.contains("fragments"))
        .unwrap();
    let e = frag.exchanges().next().unwrap();
    assert!(e.pieces.len() > 8);
    assert!(e.pieces[0].starts_with(b"POST /base") && !e.pieces[0].ends_with(b"\n"));
    assert_eq!(e.pieces.last().unwrap().len(), 1);
    assert_eq!(parse(&e.bytes()).len(), 1);
    let pipelined = checks_of(Workload::Plaintext, "16 pipelined");
    assert_eq!(
        parse(&pipelined.exchanges().next().unwrap().bytes()).len(),
        16
    );
    assert_eq!(pipelined.exchange_of(15).map(|e| e.responses), Some(16));
    assert!(pipelined.exchange_of(16).is_none());
}

fn checks_of(w: Workload, name: &str) -> Check {
    checks(w, 1, "h")
        .into_iter()
        .find(|c| c.name.contains(name))
        .unwrap()
}

#[test]
fn escape_shows_what_is_not_printable() {
    assert_eq!(escape(b"GET /\r\n\x00\xff\\"), "GET /\\r\\n\\x00\\xff\\\\");
    assert_eq!(quote(&[b'a'; 70]).len(), 60 + 5);
}
