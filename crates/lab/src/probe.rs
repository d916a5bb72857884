//! Probes: one request per scenario before any load, for fairness and for
//! the endpoint contract (`barrage_contract`).
//!
//! A probe sends the scenario's request once, as the load would send it
//! (method, headers, keep-alive or HTTP/1.0), and records what came back:
//! status, header names, the size of the head, the body's size and digest,
//! and how the body was framed. Those numbers are compared across servers
//! (seed 001 checked header sizes with `curl -sI | wc -c` by hand), and the
//! response is checked against the contract: a response with problems makes
//! that server's scenario invalid, and the runner skips it with the reason.
//!
//! HTTP/1 (h1 and https) goes over a blocking socket (`probe/h1.rs`): the
//! load's own request bytes (`RequestTemplate::to_h1`), over the engine's
//! `http1::connect` (and `http1::tls_handshake`), read by its `http1`
//! reader, so that the head's size is its real size on the wire and the
//! framing is known. HTTP/2 (h2c and h2) goes through hyper's client on a
//! current-thread tokio runtime (`probe/h2.rs`); its head size is computed as
//! the same head would be written in HTTP/1.1. HTTP/3 (h3) goes over a new
//! QUIC connection (quinn, h3 on top; `probe/h3.rs`) to the UDP port of the
//! TLS port's number, its head size computed the same way. TLS accepts any
//! certificate (the engine's insecure configuration; `probe/tls.rs` for h2
//! and h3): servers under test use self-signed ones.
//!
//! WebSocket (ws, wss; `probe/ws.rs`) is probed with its upgrade and one
//! echoed message of the scenario's size and kind: the record's status is
//! the upgrade's (101), its body the echo, its framing `websocket text` or
//! `websocket binary`.
//!
//! gRPC (grpc, grpcs; `probe/grpc.rs`) is probed with one call of the
//! scenario's method and data over hyper's HTTP/2 client: HTTP 200, a gRPC
//! content-type, grpc-status 0 and replies that decode (an echo's payload
//! its request's); its framing is `grpc`.
//!
//! It does not retry, follow redirects or measure time.

pub(crate) mod exchange;
mod grpc;
mod h1;
mod h2;
mod h3;
mod tls;
mod ws;

use std::borrow::Cow;
use std::time::Duration;

use barrage_contract::{self as contract, Endpoint};
use barrage_model::results::missing_header_problem;
pub use barrage_model::results::ProbeResult;
use barrage_model::Protocol;

use crate::suite::Scenario;
use exchange::{
    http11_head_len, multiplexed_request, on_runtime, resolve, sha256_hex, Deadline, Framing,
    Response,
};

/// Sends `scenario`'s request once to `host:port` and checks the response
/// against the contract. `timeout` bounds everything (connect, TLS, the whole
/// response). `Err` when no HTTP response could be read at all.
pub fn probe(
    scenario: &Scenario,
    host: &str,
    port: u16,
    timeout: Duration,
) -> Result<ProbeResult, String> {
    let deadline = Deadline::after(timeout);
    let tls = scenario.protocol.is_tls();
    let response = match scenario.protocol.protocol {
        Protocol::Http1 => h1::probe(scenario, host, port, tls, deadline),
        Protocol::H2 if tls => h2::probe(scenario, host, port, Some(tls::config(b"h2")?), deadline),
        Protocol::H2 => h2::probe(scenario, host, port, None, deadline),
        Protocol::H3 => h3::probe(scenario, host, port, deadline),
        Protocol::Ws => return ws::probe(scenario, host, port, tls, deadline),
        Protocol::Grpc => return grpc::probe(scenario, host, port, tls, deadline),
    }?;
    let problems = check(scenario, &response);
    Ok(ProbeResult {
        status: response.status,
        version: response.version,
        header_names: response.headers.into_iter().map(|(n, _)| n).collect(),
        header_bytes: response.header_bytes,
        body_bytes: response.body.len(),
        body_sha256: sha256_hex(&response.body),
        framing: response.framing.as_str().to_string(),
        problems,
        deviations: Vec::new(),
    })
}

/// What the contract says a GET of `path?query` returns.
enum Expected {
    /// 200 with this body.
    Body(Cow<'static, [u8]>),
    /// 400: the query is malformed for this endpoint.
    BadQuery,
}

fn expected(endpoint: Endpoint, query: Option<&str>) -> Expected {
    let body: Cow<'static, [u8]> = match endpoint {
        Endpoint::Hello => Cow::Borrowed(contract::HELLO_BODY),
        Endpoint::Static6b => Cow::Borrowed(contract::STATIC_6B),
        Endpoint::Static4k => Cow::Borrowed(&contract::STATIC_4K[..]),
        Endpoint::Xml => match contract::xml_body(query) {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        },
        Endpoint::Delay => match contract::parse_delay(query) {
            Ok(_) => Cow::Borrowed(contract::DELAY_BODY),
            Err(_) => return Expected::BadQuery,
        },
        Endpoint::Bytes => match contract::parse_bytes(query) {
            Ok(n) => Cow::Owned(vec![contract::BYTES_FILL; n]),
            Err(_) => return Expected::BadQuery,
        },
    };
    Expected::Body(body)
}

/// Everything wrong with `r` as the contract's answer to `scenario`'s request.
fn check(scenario: &Scenario, r: &Response) -> Vec<String> {
    let mut problems: Vec<String> = r.body_error.iter().cloned().collect();
    let (path, query) = match scenario.path.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (scenario.path.as_str(), None),
    };
    let method = scenario.method.to_ascii_uppercase();
    let head = method == "HEAD";
    let endpoint = Endpoint::from_path(path).filter(|_| head || method == "GET");
    let Some(endpoint) = endpoint else {
        // Not an endpoint of the contract: any success will do.
        if r.status >= 400 {
            problems.push(format!(
                "status {}: expected a success (below 400)",
                r.status
            ));
        }
        return problems;
    };
    let body = match expected(endpoint, query) {
        Expected::Body(body) => body,
        Expected::BadQuery => {
            if r.status != 400 {
                problems.push(format!(
                    "status {}, expected 400 for the malformed query of {path}",
                    r.status
                ));
            }
            return problems;
        }
    };
    if r.status != 200 {
        problems.push(format!("status {}, expected 200 for {path}", r.status));
    }
    for name in crate::manifest::CONTRACT_HEADERS {
        if r.header(name).is_none() {
            problems.push(missing_header_problem(name));
        }
    }
    if r.framing == Framing::Close {
        problems.push(
            "body framed by closing the connection: the contract needs content-length or chunked"
                .into(),
        );
    }
    check_length_header(r, body.len(), head, &mut problems);
    if !head && r.status == 200 && r.body_error.is_none() && r.body != *body {
        problems.push(body_mismatch(&r.body, &body, path));
    }
    if head && !r.body.is_empty() {
        problems.push(format!("a HEAD response with a {}-byte body", r.body.len()));
    }
    problems
}

/// `content-length`, when present, must be the length of the contract's body.
fn check_length_header(r: &Response, want: usize, head: bool, problems: &mut Vec<String>) {
    let Some(value) = r.header("content-length") else {
        return;
    };
    match value.trim().parse::<usize>() {
        Ok(n) if r.status == 200 && n != want => problems.push(format!(
            "content-length {n}, expected {want} (the contract's body)"
        )),
        Ok(n) if !head && n != r.body.len() && r.body_error.is_none() => problems.push(format!(
            "content-length {n}, but the body has {} bytes",
            r.body.len()
        )),
        Ok(_) => {}
        Err(_) => problems.push(format!("content-length {value:?} is not a number")),
    }
}

fn body_mismatch(got: &[u8], want: &[u8], path: &str) -> String {
    let shown = String::from_utf8_lossy(&got[..got.len().min(40)]).into_owned();
    let more = if got.len() > 40 { "…" } else { "" };
    if got.len() != want.len() {
        format!(
            "body of {} bytes ({shown:?}{more}), expected the contract's {} bytes for {path}",
            got.len(),
            want.len()
        )
    } else {
        format!("body ({shown:?}{more}) differs from the contract's for {path}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::tests::scenario;
    use crate::suite::Wire;

    fn response(status: u16, headers: &[(&str, &str)], body: &[u8], framing: Framing) -> Response {
        Response {
            status,
            version: "HTTP/1.1".into(),
            headers: headers
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            header_bytes: 0,
            body: body.to_vec(),
            framing,
            body_error: None,
        }
    }

    fn good(body: &[u8]) -> Response {
        let len = body.len().to_string();
        let headers = [
            ("date", "x"),
            ("content-type", "text/plain"),
            ("content-length", len.as_str()),
        ];
        response(200, &headers, body, Framing::ContentLength)
    }

    #[test]
    fn contract_checks() {
        let h1 = |path: &str| scenario(Wire::H1, path);
        let xml_v = b"<http_test><value>benchmarks</value></http_test>";
        let mut short = good(b"Hello");
        short.headers[2].1 = "12".into();
        short.body_error = Some("body ended after 5 of 12 bytes".into());
        let mut head = h1("/hello");
        head.method = "HEAD".into();
        let mut head_resp = good(b"");
        head_resp.headers[2].1 = "12".into();
        let mut post = h1("/hello");
        post.method = "POST".into();
        let no_date = response(
            200,
            &[("content-type", "t"), ("content-length", "12")],
            b"Hello World\n",
            Framing::ContentLength,
        );
        let close = response(
            200,
            &[("date", "d"), ("content-type", "t")],
            b"Hello World\n",
            Framing::Close,
        );
        let h2_no_length = response(
            200,
            &[("date", "d"), ("content-type", "t")],
            b"Hello World\n",
            Framing::H2,
        );
        let cases: Vec<(Scenario, Response, Vec<&str>)> = vec![
            (h1("/hello"), good(b"Hello World\n"), vec![]),
            (h1("/static/6b"), good(b"hello\n"), vec![]),
            (h1("/static/4k"), good(&contract::STATIC_4K), vec![]),
            (h1("/xml?value=benchmarks"), good(xml_v), vec![]),
            (h1("/delay?ms=1"), good(b"ok\n"), vec![]),
            (h1("/bytes?n=3"), good(b"xxx"), vec![]),
            (h1("/"), response(204, &[], b"", Framing::Close), vec![]),
            (head.clone(), head_resp, vec![]),
            (h1("/hello"), short, vec!["body ended after 5 of 12 bytes"]),
            (
                h1("/hello"),
                good(b"hi"),
                vec![
                    "content-length 2, expected 12 (the contract's body)",
                    "body of 2 bytes (\"hi\"), expected the contract's 12 bytes for /hello",
                ],
            ),
            (
                h1("/static/6b"),
                good(b"HELLO\n"),
                vec!["body (\"HELLO\\n\") differs from the contract's for /static/6b"],
            ),
            (h1("/hello"), no_date, vec!["no `date` header"]),
            (
                h1("/hello"),
                close,
                vec!["body framed by closing the connection: the contract needs content-length or chunked"],
            ),
            (h1("/hello"), h2_no_length, vec![]),
            (
                h1("/hello"),
                response(404, &[("date", "d"), ("content-type", "t"), ("content-length", "10")], b"not found\n", Framing::ContentLength),
                vec!["status 404, expected 200 for /hello"],
            ),
            (h1("/nope"), response(404, &[], b"", Framing::ContentLength), vec!["status 404: expected a success (below 400)"]),
            (post, response(405, &[], b"", Framing::ContentLength), vec!["status 405: expected a success (below 400)"]),
            (h1("/delay?ms=x"), response(400, &[], b"bad\n", Framing::ContentLength), vec![]),
            (
                h1("/bytes"),
                good(b""),
                vec!["status 200, expected 400 for the malformed query of /bytes"],
            ),
        ];
        for (s, r, want) in cases {
            assert_eq!(check(&s, &r), want, "{} {}", s.method, s.path);
        }
    }

    #[test]
    fn head_sizes_as_http11_text() {
        let headers = vec![("date".to_string(), "x".to_string())];
        // "HTTP/1.1 200 OK\r\n" + "date: x\r\n" + "\r\n"
        assert_eq!(http11_head_len(200, "OK", &headers), 17 + 9 + 2);
        assert_eq!(http11_head_len(404, "Not Found", &[]), 24 + 2);
    }

    #[test]
    fn digests_are_hex_sha256() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn deadlines_name_what_was_late() {
        let d = Deadline::after(Duration::ZERO);
        assert_eq!(d.left("response").unwrap_err(), "no response within 0ns");
        assert!(Deadline::after(Duration::from_secs(5)).left("x").is_ok());
    }
}
