//! gRPC probes (grpc, grpcs): one call of the scenario's method with its
//! data, over hyper's HTTP/2 client (h2c with prior knowledge, or TLS with
//! ALPN h2), before any load. The request is encoded and the reply decoded
//! with barrage-grpc from the scenario's .proto. The call must answer HTTP
//! 200 with a gRPC content-type and grpc-status 0, and every reply message
//! must decode; the benchmark's Echo and Chat must echo each request's
//! payload. The record's framing is `grpc`, its body the reply messages.

use std::path::{Path, PathBuf};

use barrage_grpc::{CallData, Method, Schema};
use barrage_model::load::GrpcShape;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper_util::rt::TokioExecutor;

use super::{
    http11_head_len, multiplexed_request, on_runtime, sha256_hex, tls, Deadline, ProbeResult,
};
use crate::suite::{GrpcScenario, Scenario};

/// The methods of proto/bench.proto whose replies echo their requests.
const ECHOES: [&str; 2] = ["barrage.bench.v1.Bench/Echo", "barrage.bench.v1.Bench/Chat"];
/// The most a reply message may be (the engine's limit).
const MAX_MESSAGE_BYTES: usize = 4 << 20;

/// One call of the scenario's method on a new connection (TLS when `tls`).
/// `Err` when the call could not be made or no HTTP/2 response came.
pub(super) fn probe(
    scenario: &Scenario,
    host: &str,
    port: u16,
    tls: bool,
    deadline: Deadline,
) -> Result<ProbeResult, String> {
    let grpc = scenario
        .grpc
        .as_ref()
        .ok_or_else(|| format!("scenario {} has no gRPC call", scenario.name))?;
    let method = method(grpc)?;
    let sent = request_messages(&method, grpc)?;
    let body = frames(&sent);
    let request = multiplexed_request(scenario, if tls { "https" } else { "http" }, host, port)?
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(Full::new(Bytes::from(body)))
        .map_err(|e| format!("the call is not a valid HTTP/2 request: {e}"))?;
    let reply = on_runtime(
        deadline,
        "complete gRPC call",
        call(request, host, port, tls),
    )?;
    Ok(check(&method, grpc, &sent, reply))
}

/// The scenario's method, from its .proto compiled (its directory the
/// import path).
fn method(grpc: &GrpcScenario) -> Result<Method, String> {
    let proto = PathBuf::from(&grpc.proto);
    let includes: Vec<PathBuf> = proto.parent().map(Path::to_path_buf).into_iter().collect();
    let schema = Schema::compile(std::slice::from_ref(&proto), &includes).map_err(|e| e.0)?;
    schema.method(&grpc.call).map_err(|e| e.0)
}

/// The request messages of one call, encoded: the data's messages once (a
/// unary or server-streaming call sends its one).
fn request_messages(method: &Method, grpc: &GrpcScenario) -> Result<Vec<Vec<u8>>, String> {
    let requests = method.requests(&grpc.data).map_err(|e| e.0)?;
    let data = CallData {
        worker_id: 0,
        request_number: 0,
    };
    Ok((0..requests.len())
        .map(|i| {
            let mut out = Vec::new();
            requests.render(i, &data, &mut out);
            out
        })
        .collect())
}

/// Messages with their 5-byte prefixes (uncompressed, length big-endian).
fn frames(messages: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for m in messages {
        out.push(0);
        out.extend_from_slice(&(m.len() as u32).to_be_bytes());
        out.extend_from_slice(m);
    }
    out
}

/// The response of one call: its head, body and trailers.
#[derive(Debug, Default)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    trailers: Vec<(String, String)>,
    /// The body or trailers did not arrive whole.
    error: Option<String>,
}

impl Reply {
    /// A trailer, or a header of a trailers-only response.
    fn status_field(&self, name: &str) -> Option<&str> {
        self.trailers
            .iter()
            .chain(&self.headers)
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

async fn call(
    request: Request<Full<Bytes>>,
    host: &str,
    port: u16,
    tls: bool,
) -> Result<Reply, String> {
    let tls = if tls { Some(tls::config(b"h2")?) } else { None };
    let io = super::h2::connect(host, port, tls, |_| {
        "the server did not choose h2 by ALPN".into()
    })
    .await?;
    send(io, request).await
}

async fn send<I>(io: I, request: Request<Full<Bytes>>) -> Result<Reply, String>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (mut sender, conn) = hyper::client::conn::http2::handshake(TokioExecutor::new(), io)
        .await
        .map_err(|e| format!("HTTP/2 handshake failed: {e}"))?;
    // The connection task ends with the runtime when the probe returns.
    tokio::spawn(conn);
    let response = sender
        .send_request(request)
        .await
        .map_err(|e| format!("the gRPC call failed: {e}"))?;
    let (parts, body) = response.into_parts();
    let mut reply = Reply {
        status: parts.status.as_u16(),
        headers: super::h2::pairs(&parts.headers),
        ..Reply::default()
    };
    match body.collect().await {
        Ok(collected) => {
            reply.trailers = collected
                .trailers()
                .map(super::h2::pairs)
                .unwrap_or_default();
            reply.body = collected.to_bytes().to_vec();
        }
        Err(e) => reply.error = Some(format!("the reply did not arrive whole: {e}")),
    }
    Ok(reply)
}

/// The probe's record: the call's status, headers and reply messages, and
/// what is wrong with it (one line each).
fn check(method: &Method, grpc: &GrpcScenario, sent: &[Vec<u8>], reply: Reply) -> ProbeResult {
    let mut problems = head_problems(&reply);
    if problems.is_empty() {
        match messages(&reply.body) {
            Ok(replies) => problems.extend(reply_problems(method, grpc, sent.len(), &replies)),
            Err(e) => problems.push(e),
        }
    }
    let mut header_names: Vec<String> = reply.headers.iter().map(|(n, _)| n.clone()).collect();
    header_names.extend(reply.trailers.iter().map(|(n, _)| n.clone()));
    ProbeResult {
        status: reply.status,
        version: "h2".into(),
        header_bytes: http11_head_len(reply.status, "", &reply.headers),
        header_names,
        body_bytes: reply.body.len(),
        body_sha256: sha256_hex(&reply.body),
        framing: "grpc".into(),
        problems,
        deviations: Vec::new(),
    }
}

/// What is wrong with the call's head and status: HTTP 200, a gRPC
/// content-type, grpc-status 0.
fn head_problems(reply: &Reply) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(e) = &reply.error {
        problems.push(e.clone());
    }
    if reply.status != 200 {
        problems.push(format!("HTTP status {}, expected 200", reply.status));
    }
    let content_type = reply
        .headers
        .iter()
        .find(|(n, _)| n == "content-type")
        .map(|(_, v)| v.as_str());
    let grpc_type = content_type.is_some_and(|t| {
        t == "application/grpc"
            || t.starts_with("application/grpc+")
            || t.starts_with("application/grpc;")
    });
    if !grpc_type {
        problems.push(format!(
            "content-type {}, expected application/grpc",
            content_type.map_or("missing".into(), |t| format!("{t:?}"))
        ));
    }
    match reply.status_field("grpc-status") {
        Some("0") => {}
        Some(code) => {
            let name = code
                .parse::<u32>()
                .map(barrage_model::load::grpc_code_name)
                .unwrap_or("unknown");
            let message = reply.status_field("grpc-message").unwrap_or("");
            problems.push(format!("grpc-status {code} ({name}): {message}"));
        }
        None => problems.push("no grpc-status in the trailers".into()),
    }
    problems
}

/// The reply messages of a body: each 5-byte prefix (uncompressed: barrage
/// offers no encoding) and its message.
fn messages(body: &[u8]) -> Result<Vec<&[u8]>, String> {
    let mut out = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        if rest.len() < 5 {
            return Err(format!(
                "a reply message's prefix is cut short ({} bytes)",
                rest.len()
            ));
        }
        let len = u32::from_be_bytes([rest[1], rest[2], rest[3], rest[4]]) as usize;
        match rest[0] {
            0 => {}
            1 => return Err("a reply message is compressed though no encoding was offered".into()),
            flag => return Err(format!("a reply message's flag byte is {flag}, expected 0")),
        }
        if len > MAX_MESSAGE_BYTES || rest.len() - 5 < len {
            return Err(format!(
                "a reply message of {len} bytes runs past the body's {}",
                rest.len() - 5
            ));
        }
        out.push(&rest[5..5 + len]);
        rest = &rest[5 + len..];
    }
    Ok(out)
}

/// What is wrong with the replies: one that does not decode, too few or
/// too many for the method, an echo whose payload is not its request's.
fn reply_problems(
    method: &Method,
    grpc: &GrpcScenario,
    sent: usize,
    replies: &[&[u8]],
) -> Vec<String> {
    let expected = match method.shape() {
        GrpcShape::Unary | GrpcShape::ClientStreaming => Some(1),
        GrpcShape::Bidi if ECHOES.contains(&grpc.call.as_str()) => Some(sent),
        _ => None,
    };
    if let Some(n) = expected.filter(|&n| n != replies.len()) {
        return vec![format!("{} reply messages, expected {n}", replies.len())];
    }
    let mut decoded = Vec::new();
    for (i, r) in replies.iter().enumerate() {
        match method.decode_reply(r) {
            Ok(json) => decoded.push(json),
            Err(e) => return vec![format!("reply message {i}: {}", e.0)],
        }
    }
    if ECHOES.contains(&grpc.call.as_str()) && !grpc.data.contains("{{") {
        return echo_problems(&grpc.data, &decoded).into_iter().collect();
    }
    Vec::new()
}

/// The first reply whose payload is not its request's (protobuf JSON
/// leaves an empty payload out: absent and "" are the same).
fn echo_problems(data: &str, replies: &[String]) -> Option<String> {
    let payload = |v: &serde_json::Value| {
        v.get("payload")
            .and_then(|p| p.as_str())
            .unwrap_or("")
            .to_string()
    };
    let data: serde_json::Value = serde_json::from_str(data).ok()?;
    let requests: Vec<serde_json::Value> = match data {
        serde_json::Value::Array(items) => items,
        one => vec![one],
    };
    for (i, (request, reply)) in requests.iter().zip(replies).enumerate() {
        let reply: serde_json::Value = serde_json::from_str(reply).ok()?;
        let (want, got) = (payload(request), payload(&reply));
        if want != got {
            return Some(format!(
                "reply message {i} echoes payload {got:?}, expected {want:?}"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_read_off_their_prefixes() {
        let body = frames(&[b"ab".to_vec(), Vec::new(), b"xyz".to_vec()]);
        let got = messages(&body).unwrap();
        assert_eq!(got, vec![&b"ab"[..], &b""[..], &b"xyz"[..]]);
        let cases: [(&[u8], &str); 4] = [
            (&[0, 0, 0], "prefix is cut short (3 bytes)"),
            (
                &[1, 0, 0, 0, 0],
                "compressed though no encoding was offered",
            ),
            (&[2, 0, 0, 0, 0], "flag byte is 2"),
            (&[0, 0, 0, 0, 9, 1], "of 9 bytes runs past the body's 1"),
        ];
        for (body, want) in cases {
            let e = messages(body).unwrap_err();
            assert!(e.contains(want), "{e}");
        }
    }

    #[test]
    fn the_head_needs_200_a_grpc_type_and_status_0() {
        let ok = Reply {
            status: 200,
            headers: vec![("content-type".into(), "application/grpc".into())],
            trailers: vec![("grpc-status".into(), "0".into())],
            ..Reply::default()
        };
        assert!(head_problems(&ok).is_empty());
        let trailers_only = Reply {
            status: 200,
            headers: vec![
                ("content-type".into(), "application/grpc+proto".into()),
                ("grpc-status".into(), "14".into()),
                ("grpc-message".into(), "going away".into()),
            ],
            ..Reply::default()
        };
        assert_eq!(
            head_problems(&trailers_only),
            vec!["grpc-status 14 (UNAVAILABLE): going away".to_string()]
        );
        let not_grpc = Reply {
            status: 404,
            headers: vec![("content-type".into(), "text/plain".into())],
            ..Reply::default()
        };
        assert_eq!(
            head_problems(&not_grpc),
            vec![
                "HTTP status 404, expected 200".to_string(),
                "content-type \"text/plain\", expected application/grpc".into(),
                "no grpc-status in the trailers".into(),
            ]
        );
    }

    #[test]
    fn an_echo_must_carry_its_requests_payload() {
        let data = r#"[{"payload":"aGVsbG8="},{}]"#;
        let good = [r#"{"payload":"aGVsbG8="}"#.to_string(), "{}".into()];
        assert_eq!(echo_problems(data, &good), None);
        let bad = [
            r#"{"payload":"aGVsbG8="}"#.to_string(),
            r#"{"payload":"eA=="}"#.into(),
        ];
        assert_eq!(
            echo_problems(data, &bad).unwrap(),
            "reply message 1 echoes payload \"eA==\", expected \"\""
        );
    }
}
