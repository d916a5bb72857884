//! The gRPC test servers seen through the h2 crate's client.

use std::time::Duration;

use bytes::Bytes;
use http::Request;

use super::message::{Echo, MessageReader, Next};
use super::*;

/// What a call got back: the head's status, the reply messages, the status from the trailers
/// (or from the head of a trailers-only answer).
#[derive(Debug)]
struct Answer {
    status: u16,
    replies: Vec<Echo>,
    grpc_status: Option<String>,
}

/// Sends `messages` on one call of `method` and reads the whole answer.
fn call(server: &GrpcTestServer, method: &str, messages: &[Echo]) -> Answer {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let tcp = tokio::net::TcpStream::connect(server.addr()).await.unwrap();
        let (mut client, conn) = h2::client::handshake(tcp).await.unwrap();
        tokio::spawn(conn);
        let req = Request::post(format!("http://127.0.0.1/barrage.bench.v1.Bench/{method}"))
            .header("content-type", "application/grpc")
            .body(())
            .unwrap();
        let (response, mut send) = client.send_request(req, false).unwrap();
        for m in messages {
            send.send_data(m.framed(), false).unwrap();
        }
        send.send_data(Bytes::new(), true).unwrap();
        let (head, mut body) = response.await.unwrap().into_parts();
        let mut reader = MessageReader::default();
        while let Some(chunk) = body.data().await {
            let chunk = chunk.unwrap();
            let _ = body.flow_control().release_capacity(chunk.len());
            reader.push(&chunk);
        }
        let mut replies = Vec::new();
        while let Next::Message(m) = reader.next() {
            replies.push(Echo::decode(&m).unwrap());
        }
        let trailers = body.trailers().await.unwrap().unwrap_or_default();
        let grpc_status = trailers
            .get("grpc-status")
            .or(head.headers.get("grpc-status"))
            .map(|v| v.to_str().unwrap().to_owned());
        Answer {
            status: head.status.as_u16(),
            replies,
            grpc_status,
        }
    })
}

fn echo(seq: u64) -> Echo {
    Echo {
        payload: Bytes::from_static(b"hi"),
        seq,
    }
}

#[test]
fn good_server_echoes_and_counts_by_method() {
    let server = GrpcTestServer::start(GrpcBehavior::Good { stall: None });
    let unary = call(&server, "Echo", &[echo(1)]);
    assert_eq!(
        (unary.status, unary.grpc_status.as_deref()),
        (200, Some("0"))
    );
    assert_eq!(unary.replies, [echo(1)]);
    let chat = call(&server, "Chat", &[echo(1), echo(2), echo(3)]);
    assert_eq!(chat.replies, [echo(1), echo(2), echo(3)]);
    let unknown = call(&server, "Sum", &[]);
    assert_eq!(unknown.grpc_status.as_deref(), Some("12"));
    assert!(server.wait_idle(Duration::from_secs(10)));
    let counts = |calls, messages| GrpcCounts {
        calls,
        calls_ended: calls,
        messages_received: messages,
        messages_sent: messages,
    };
    assert_eq!(server.echo(), counts(1, 1));
    assert_eq!(server.chat(), counts(1, 3));
    assert_eq!(server.total().calls, 3);
}

#[test]
fn misbehaving_servers_answer_as_described() {
    let cases = [
        (GrpcBehavior::TrailersOnly, 200, 0, Some("14")),
        (GrpcBehavior::MissingStatus, 200, 1, None),
        (GrpcBehavior::NotGrpc, 404, 0, None),
    ];
    for (behavior, status, replies, grpc_status) in cases {
        let server = GrpcTestServer::start(behavior);
        let answer = call(&server, "Echo", &[echo(1)]);
        assert_eq!(answer.status, status, "{behavior:?}");
        assert_eq!(answer.replies.len(), replies, "{behavior:?}");
        assert_eq!(answer.grpc_status.as_deref(), grpc_status, "{behavior:?}");
        assert!(server.wait_idle(Duration::from_secs(10)), "{behavior:?}");
        assert_eq!(server.echo().calls, 1, "{behavior:?}");
    }
}
