//! HTTP/2 with prior knowledge (h2c) on the same port as HTTP/1.1.

use crate::common;
#[path = "h2c/grpc.rs"]
mod grpc;

use std::net::SocketAddr;

use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper::client::conn::http2;
use hyper::{Method, Request, Response, Version};
use hyper_util::rt::{TokioExecutor, TokioIo};

struct H2Resp {
    head: Response<()>,
    body: Bytes,
}

impl H2Resp {
    fn header(&self, name: &str) -> &str {
        self.head.headers()[name].to_str().unwrap()
    }

    fn assert_common_headers(&self) {
        assert_eq!(self.head.version(), Version::HTTP_2);
        assert_eq!(self.header("server"), barrage_target::contract::SERVER);
        assert!(self.header("date").ends_with(" GMT"));
        assert!(self.head.headers().contains_key("content-type"));
        assert!(self.head.headers().contains_key("content-length"));
    }
}

async fn fetch_all(addr: SocketAddr, requests: &[(Method, &str)]) -> Vec<H2Resp> {
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (mut sender, conn) = http2::handshake(TokioExecutor::new(), TokioIo::new(stream))
        .await
        .expect("h2 handshake");
    let conn = tokio::spawn(conn);
    let mut out = Vec::new();
    for (method, path) in requests {
        let req = Request::builder()
            .method(method)
            .uri(format!("http://{addr}{path}"))
            .body(Empty::<Bytes>::new())
            .unwrap();
        let resp = sender.send_request(req).await.expect("h2 response");
        let (head, body) = resp.into_parts();
        let body = body.collect().await.expect("h2 body").to_bytes();
        out.push(H2Resp {
            head: Response::from_parts(head, ()),
            body,
        });
    }
    drop(sender);
    conn.await.unwrap().expect("h2 connection ends cleanly");
    out
}

#[test]
fn h2c_prior_knowledge() {
    let target = common::start();
    let addr = target.local_addr();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let resps = rt.block_on(fetch_all(
        addr,
        &[
            (Method::GET, "/hello"),
            (Method::GET, "/static/4k"),
            (Method::HEAD, "/hello"),
            (Method::GET, "/xml?value=a%3Cb"),
            (Method::GET, "/bytes?n=100000"),
            (Method::POST, "/hello"),
        ],
    ));
    drop(rt);

    let hello = &resps[0];
    assert_eq!(hello.head.status(), 200);
    assert_eq!(hello.header("content-type"), "text/plain");
    assert_eq!(hello.header("content-length"), "12");
    assert_eq!(&hello.body[..], b"Hello World\n");

    let big = &resps[1];
    assert_eq!(big.head.status(), 200);
    assert_eq!(big.header("content-type"), "application/octet-stream");
    assert_eq!(big.header("content-length"), "4096");
    assert_eq!(&big.body[..], &barrage_target::contract::STATIC_4K[..]);

    let head = &resps[2];
    assert_eq!(head.head.status(), 200);
    assert_eq!(head.header("content-length"), "12");
    assert!(head.body.is_empty());

    assert_eq!(
        &resps[3].body[..],
        b"<http_test><value>a&lt;b</value></http_test>"
    );
    assert_eq!(resps[4].body.len(), 100_000);
    assert_eq!(resps[5].head.status(), 405);
    assert_eq!(resps[5].header("allow"), "GET, HEAD");

    for resp in &resps {
        resp.assert_common_headers();
    }
    // h1 and h2 share the port; one connection, every response counted.
    assert_eq!(target.connections(), 1);
    assert_eq!(target.responses(), resps.len() as u64);
    assert_eq!(common::get(addr, "/hello").status, 200);
}

/// One request over a new h2c connection, with a body and headers.
async fn h2_request(
    addr: SocketAddr,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: Bytes,
) -> H2Resp {
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (mut sender, conn) = http2::handshake(TokioExecutor::new(), TokioIo::new(stream))
        .await
        .expect("h2 handshake");
    tokio::spawn(conn);
    let mut req = Request::builder()
        .method(method)
        .uri(format!("http://{addr}{path}"));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let req = req.body(http_body_util::Full::new(body)).unwrap();
    let resp = sender.send_request(req).await.expect("h2 response");
    let (head, body) = resp.into_parts();
    let body = body.collect().await.expect("h2 body").to_bytes();
    H2Resp {
        head: Response::from_parts(head, ()),
        body,
    }
}

#[test]
fn workloads_over_h2c() {
    let target = common::start();
    let addr = target.local_addr();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let upload = Bytes::from(vec![b'u'; 3_000_001]);
        let resp = h2_request(addr, Method::POST, "/upload", &[], upload).await;
        assert_eq!(
            (resp.head.status().as_u16(), &resp.body[..]),
            (200, &b"3000001"[..])
        );
        resp.assert_common_headers();

        // Every byte value, over many DATA frames: the same bytes back.
        let echo: Vec<u8> = (0..1_000_000u32).map(|i| (i * 7 + i / 256) as u8).collect();
        let resp = h2_request(addr, Method::POST, "/echo", &[], Bytes::from(echo.clone())).await;
        assert_eq!(resp.head.status().as_u16(), 200);
        assert_eq!(resp.header("content-length"), "1000000");
        assert!(resp.body[..] == echo[..], "the echo differs");
        resp.assert_common_headers();

        let body = Bytes::from_static(b"-3");
        let resp = h2_request(addr, Method::POST, "/baseline?a=1&b=5", &[], body).await;
        assert_eq!(&resp.body[..], b"3");

        let accept = [("accept-encoding", "gzip")];
        let resp = h2_request(addr, Method::GET, "/json/3?m=2", &accept, Bytes::new()).await;
        assert_eq!(resp.header("content-encoding"), "gzip");
        assert_eq!(resp.header("vary"), "accept-encoding");
        let mut json = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&resp.body[..]), &mut json)
            .unwrap();
        let got: barrage_target::contract::data::Processed = serde_json::from_slice(&json).unwrap();
        assert_eq!(got, barrage_target::contract::data::processed(3, 2));

        let resp = h2_request(addr, Method::GET, "/plaintext", &[], Bytes::new()).await;
        assert_eq!(&resp.body[..], b"Hello, World!");
        let resp = h2_request(addr, Method::GET, "/upload", &[], Bytes::new()).await;
        assert_eq!(resp.head.status(), 405);
        assert_eq!(resp.header("allow"), "POST");
    });
}
