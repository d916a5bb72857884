//! HTTP/3 (`TargetConfig::h3`): the endpoint contract over QUIC, on the UDP
//! port of the TCP listener's number, checked with a quinn + h3 client and
//! against the same requests over HTTP/1.1 and h2 (hyper over rustls).

use std::collections::BTreeMap;
use std::future::{poll_fn, Future};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use barrage_target::{Target, TargetConfig, TlsSetup};
use bytes::{BufMut, Bytes};
use http::{Method, Request, Response, StatusCode};
use http_body_util::{BodyExt, Empty};
use hyper::client::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo};
use quinn::crypto::rustls::QuicClientConfig;
use rustls::crypto::ring;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

/// Every test is over well within this.
const BOUND: Duration = Duration::from_secs(30);

fn start(threads: usize) -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads,
        tls: Some(TlsSetup::SelfSigned),
        h3: true,
    })
    .expect("HTTP/3 target starts")
}

async fn bounded<T>(what: &str, fut: impl Future<Output = T>) -> T {
    tokio::time::timeout(BOUND, fut)
        .await
        .unwrap_or_else(|_| panic!("{what} took over {BOUND:?}"))
}

fn roots(ca_pem: &str) -> RootCertStore {
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(ca_pem.as_bytes()) {
        roots.add(cert.expect("PEM certificate")).unwrap();
    }
    roots
}

fn tls_client(ca_pem: &str, alpn: &[u8], tls13_only: bool) -> ClientConfig {
    let versions: &[&rustls::SupportedProtocolVersion] = if tls13_only {
        &[&rustls::version::TLS13]
    } else {
        rustls::ALL_VERSIONS
    };
    let mut config = ClientConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_protocol_versions(versions)
        .unwrap()
        .with_root_certificates(roots(ca_pem))
        .with_no_client_auth();
    config.alpn_protocols = vec![alpn.to_vec()];
    config
}

/// A QUIC connection to the target from a client endpoint of its own (so
/// its own UDP port), trusting only the target's certificate.
async fn quic_connect(target: &Target) -> (quinn::Endpoint, quinn::Connection) {
    let ca = target
        .certificate_pem()
        .expect("TLS target has a certificate");
    let crypto = QuicClientConfig::try_from(Arc::new(tls_client(&ca, b"h3", true))).unwrap();
    let mut endpoint = quinn::Endpoint::client("127.0.0.1:0".parse().unwrap()).unwrap();
    endpoint.set_default_client_config(quinn::ClientConfig::new(Arc::new(crypto)));
    let conn = endpoint
        .connect(target.local_addr(), "localhost")
        .unwrap()
        .await
        .expect("QUIC handshake");
    (endpoint, conn)
}

type SendRequest = h3::client::SendRequest<h3_quinn::OpenStreams, Bytes>;

/// An HTTP/3 client connection.
struct H3 {
    _endpoint: quinn::Endpoint,
    quic: quinn::Connection,
    send: SendRequest,
}

async fn h3_connect(target: &Target) -> H3 {
    let (endpoint, quic) = quic_connect(target).await;
    let (mut driver, send) = h3::client::new(h3_quinn::Connection::new(quic.clone()))
        .await
        .expect("h3 client");
    tokio::spawn(async move { poll_fn(|cx| driver.poll_close(cx)).await });
    H3 {
        _endpoint: endpoint,
        quic,
        send,
    }
}

/// A response, head and whole body.
#[derive(Debug)]
struct Resp {
    head: Response<()>,
    body: Bytes,
}

impl Resp {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.headers().get(name).map(|v| v.to_str().unwrap())
    }

    /// The headers but `Date` (which changes by the second) and `Alt-Svc`
    /// (which only HTTP/1.1 and h2 responses carry).
    fn stable_headers(&self) -> BTreeMap<String, String> {
        self.head
            .headers()
            .iter()
            .filter(|(name, _)| *name != "date" && *name != "alt-svc")
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_string()))
            .collect()
    }

    fn assert_date(&self) {
        let date = self.header("date").expect("date header");
        assert!(httpdate::parse_http_date(date).is_ok(), "date {date:?}");
    }
}

/// `method path` over HTTP/3, with an optional body.
async fn h3_request(send: &mut SendRequest, method: Method, path: &str, body: Bytes) -> Resp {
    let req = Request::builder()
        .method(method)
        .uri(format!("https://localhost{path}"))
        .body(())
        .unwrap();
    let mut stream = send.send_request(req).await.expect("send request");
    if !body.is_empty() {
        stream.send_data(body).await.expect("send body");
    }
    stream.finish().await.expect("finish request");
    let head = stream.recv_response().await.expect("response");
    let mut body = Vec::new();
    while let Some(chunk) = stream.recv_data().await.expect("response body") {
        body.put(chunk);
    }
    Resp {
        head,
        body: body.into(),
    }
}

async fn h3_get(send: &mut SendRequest, path: &str) -> Resp {
    h3_request(send, Method::GET, path, Bytes::new()).await
}

/// `method path` as the only request of an HTTP/1.1 (or h2) connection
/// over TLS.
async fn tcp_request(target: &Target, h2: bool, method: Method, path: &str) -> Resp {
    let ca = target.certificate_pem().unwrap();
    let alpn: &[u8] = if h2 { b"h2" } else { b"http/1.1" };
    let tcp = TcpStream::connect(target.local_addr()).await.unwrap();
    let tls = TlsConnector::from(Arc::new(tls_client(&ca, alpn, false)))
        .connect(ServerName::try_from("localhost").unwrap(), tcp)
        .await
        .expect("TLS handshake");
    let io = TokioIo::new(tls);
    let req = Request::builder()
        .method(method)
        .uri(format!("https://localhost{path}"))
        .body(Empty::<Bytes>::new())
        .unwrap();
    let resp = if h2 {
        let (mut sender, conn) = http2::handshake(TokioExecutor::new(), io).await.unwrap();
        tokio::spawn(conn);
        sender.send_request(req).await.expect("h2 response")
    } else {
        let (mut sender, conn) = http1::handshake(io).await.unwrap();
        tokio::spawn(conn);
        sender.send_request(req).await.expect("h1 response")
    };
    let (head, body) = resp.into_parts();
    let body = body.collect().await.expect("body").to_bytes();
    Resp {
        head: Response::from_parts(head, ()),
        body,
    }
}

fn alt_svc(target: &Target) -> String {
    format!("h3=\":{}\"; ma=86400", target.local_addr().port())
}

#[tokio::test]
async fn contract_is_the_same_as_over_http1() {
    let target = start(2);
    bounded("the requests", async {
        let mut h3 = h3_connect(&target).await;
        let cases = [
            (Method::GET, "/hello"),
            (Method::GET, "/xml?value=a%3Cb+c"),
            (Method::GET, "/xml"),
            (Method::GET, "/static/6b"),
            (Method::GET, "/static/4k"),
            (Method::GET, "/bytes?n=70000"),
            (Method::GET, "/delay?ms=20"),
            (Method::HEAD, "/static/4k"),
            (Method::GET, "/bytes?n=-1"),
            (Method::GET, "/nope"),
            (Method::DELETE, "/hello"),
            (Method::GET, "/baseline?a=3&b=-4"),
            (Method::GET, "/baseline?a=3"),
            (Method::GET, "/plaintext"),
            (Method::GET, "/json"),
            (Method::GET, "/json/50?m=7"),
            (Method::GET, "/json/x"),
            (Method::GET, "/static/index.html"),
            (Method::GET, "/static/hero.webp"),
            (Method::HEAD, "/static/app.js"),
            (Method::GET, "/static/missing.css"),
            (Method::GET, "/upload"),
            (Method::PUT, "/baseline"),
        ];
        for (method, path) in cases {
            let over_h3 = h3_request(&mut h3.send, method.clone(), path, Bytes::new()).await;
            let over_h1 = tcp_request(&target, false, method.clone(), path).await;
            assert_eq!(
                over_h3.head.status(),
                over_h1.head.status(),
                "{method} {path}"
            );
            assert_eq!(
                over_h3.stable_headers(),
                over_h1.stable_headers(),
                "{method} {path}"
            );
            assert_eq!(over_h3.body, over_h1.body, "{method} {path}");
            over_h3.assert_date();
            over_h1.assert_date();
            assert_eq!(over_h3.head.version(), http::Version::HTTP_3);
            assert_eq!(over_h3.header("alt-svc"), None);
        }
    })
    .await;
}

#[tokio::test]
async fn hello_and_not_found() {
    let target = start(1);
    bounded("the requests", async {
        let mut h3 = h3_connect(&target).await;
        let hello = h3_get(&mut h3.send, "/hello").await;
        assert_eq!(hello.head.status(), StatusCode::OK);
        assert_eq!(hello.header("content-type"), Some("text/plain"));
        assert_eq!(hello.header("content-length"), Some("12"));
        assert_eq!(
            hello.header("server"),
            Some(barrage_target::contract::SERVER)
        );
        assert_eq!(&hello.body[..], b"Hello World\n");
        hello.assert_date();

        let missing = h3_get(&mut h3.send, "/hello/").await;
        assert_eq!(missing.head.status(), StatusCode::NOT_FOUND);
        assert_eq!(missing.header("content-type"), Some("text/plain"));
        assert_eq!(&missing.body[..], b"not found\n");
    })
    .await;
    assert_eq!(target.responses(), 2);
    assert_eq!(target.connections(), 1);
}

#[tokio::test]
async fn concurrent_streams_on_one_connection() {
    let target = start(2);
    bounded("100 concurrent requests", async {
        let h3 = h3_connect(&target).await;
        let started = Instant::now();
        let tasks: Vec<_> = (0..100)
            .map(|i| {
                let mut send = h3.send.clone();
                tokio::spawn(async move {
                    // Slow ones among them must not hold the others up.
                    let path = if i % 10 == 0 {
                        "/delay?ms=300"
                    } else {
                        "/static/4k"
                    };
                    (path, h3_get(&mut send, path).await)
                })
            })
            .collect();
        for task in tasks {
            let (path, resp) = task.await.unwrap();
            assert_eq!(resp.head.status(), StatusCode::OK, "{path}");
            if path == "/static/4k" {
                assert_eq!(&resp.body[..], &barrage_target::contract::STATIC_4K[..]);
            } else {
                assert_eq!(&resp.body[..], b"ok\n");
            }
        }
        // Ten delays of 300 ms side by side, not one after the other.
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
    })
    .await;
    assert_eq!(target.responses(), 100);
    assert_eq!(target.connections(), 1);
}

#[tokio::test]
async fn a_client_may_open_256_streams_at_once() {
    let target = start(1);
    let (_endpoint, quic) = bounded("connect", quic_connect(&target)).await;
    // Opening a stream past the server's limit waits for the server to
    // raise it, which it would not do here: nothing is sent on them.
    let mut streams = Vec::new();
    for i in 0..256 {
        let opened = tokio::time::timeout(Duration::from_secs(5), quic.open_bi()).await;
        let opened = opened.unwrap_or_else(|_| panic!("stream {i} not allowed"));
        streams.push(opened.expect("open stream"));
    }
    quic.close(0u32.into(), b"");
}

#[tokio::test]
async fn request_bodies_are_read() {
    let target = start(2);
    bounded("the requests", async {
        let mut h3 = h3_connect(&target).await;
        // More than a stream's window: sent whole only if the server reads it.
        let big = Bytes::from(vec![b'b'; 3 << 20]);
        let resp = h3_request(&mut h3.send, Method::POST, "/hello", big).await;
        assert_eq!(resp.head.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(resp.header("allow"), Some("GET, HEAD"));
        assert_eq!(&resp.body[..], b"method not allowed\n");

        let small = Bytes::from_static(b"abcde");
        let resp = h3_request(&mut h3.send, Method::POST, "/nope", small).await;
        assert_eq!(resp.head.status(), StatusCode::NOT_FOUND);
        assert_eq!(&resp.body[..], b"not found\n");

        // The connection is still good.
        let resp = h3_get(&mut h3.send, "/bytes?n=5").await;
        assert_eq!(&resp.body[..], b"xxxxx");
    })
    .await;
    assert_eq!(target.responses(), 3);
}

#[tokio::test]
async fn workload_bodies_are_read() {
    let target = start(2);
    bounded("the requests", async {
        let mut h3 = h3_connect(&target).await;
        // Over a stream's window: counted only if the server reads it as it comes.
        let big = Bytes::from(vec![b'u'; 3_000_001]);
        let resp = h3_request(&mut h3.send, Method::POST, "/upload", big).await;
        assert_eq!(resp.head.status(), StatusCode::OK);
        assert_eq!(&resp.body[..], b"3000001");
        let resp = h3_request(&mut h3.send, Method::POST, "/upload", Bytes::new()).await;
        assert_eq!(&resp.body[..], b"0");

        let number = Bytes::from_static(b" 40\n");
        let resp = h3_request(&mut h3.send, Method::POST, "/baseline?a=1&b=1", number).await;
        assert_eq!(&resp.body[..], b"42");
        let bad = Bytes::from_static(b"forty");
        let resp = h3_request(&mut h3.send, Method::POST, "/baseline?a=1&b=1", bad).await;
        assert_eq!(resp.head.status(), StatusCode::BAD_REQUEST);

        let req = Request::get("https://localhost/json/4?m=9")
            .header("accept-encoding", "br;q=1, gzip;q=0.8")
            .body(())
            .unwrap();
        let mut stream = h3.send.send_request(req).await.unwrap();
        stream.finish().await.unwrap();
        let head = stream.recv_response().await.unwrap();
        assert_eq!(head.headers()["content-encoding"], "br");
        let mut body = Vec::new();
        while let Some(chunk) = stream.recv_data().await.unwrap() {
            body.put(chunk);
        }
        let mut json = Vec::new();
        std::io::Read::read_to_end(&mut brotli::Decompressor::new(&body[..], 4096), &mut json)
            .unwrap();
        let got: barrage_target::contract::data::Processed = serde_json::from_slice(&json).unwrap();
        assert_eq!(got, barrage_target::contract::data::processed(4, 9));
    })
    .await;
    assert_eq!(target.responses(), 5);
}

#[tokio::test]
async fn http1_and_h2_announce_h3() {
    let target = start(1);
    bounded("the requests", async {
        for h2 in [false, true] {
            let resp = tcp_request(&target, h2, Method::GET, "/hello").await;
            assert_eq!(resp.head.status(), StatusCode::OK);
            assert_eq!(resp.header("alt-svc"), Some(alt_svc(&target).as_str()));
            let resp = tcp_request(&target, h2, Method::GET, "/nope").await;
            assert_eq!(resp.header("alt-svc"), Some(alt_svc(&target).as_str()));
        }
    })
    .await;

    // Without HTTP/3, nothing is announced.
    let plain = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: Some(TlsSetup::SelfSigned),
        h3: false,
    })
    .unwrap();
    let resp = bounded("h1", tcp_request(&plain, false, Method::GET, "/hello")).await;
    assert_eq!(resp.head.status(), StatusCode::OK);
    assert_eq!(resp.header("alt-svc"), None);
}

#[tokio::test]
async fn several_endpoints_share_the_port() {
    let target = start(3);
    bounded("the connections", async {
        let mut clients = Vec::new();
        for _ in 0..12 {
            clients.push(h3_connect(&target).await);
        }
        for client in &mut clients {
            let resp = h3_get(&mut client.send, "/static/6b").await;
            assert_eq!(&resp.body[..], b"hello\n");
        }
    })
    .await;
    assert_eq!(target.connections(), 12);
    assert_eq!(target.responses(), 12);
}

#[tokio::test]
async fn shutdown_is_prompt_and_closes_connections() {
    let target = start(2);
    let (idle, busy) = bounded("connect", async {
        let mut idle = h3_connect(&target).await;
        assert_eq!(h3_get(&mut idle.send, "/hello").await.head.status(), 200);
        (idle, h3_connect(&target).await)
    })
    .await;
    // A request the server would answer in a minute.
    let mut send = busy.send.clone();
    let pending = tokio::spawn(async move {
        let req = Request::get("https://localhost/delay?ms=60000")
            .body(())
            .unwrap();
        let mut stream = send.send_request(req).await?;
        stream.finish().await?;
        stream.recv_response().await
    });
    tokio::time::sleep(Duration::from_millis(100)).await;

    let started = Instant::now();
    let addr = target.local_addr();
    let ca = target.certificate_pem().unwrap();
    tokio::task::spawn_blocking(move || target.shutdown())
        .await
        .unwrap();
    let took = started.elapsed();
    // The server's grace period for requests under way is 2 s.
    assert!(took < Duration::from_secs(4), "shutdown took {took:?}");

    for conn in [&idle.quic, &busy.quic] {
        let reason = tokio::time::timeout(Duration::from_secs(2), conn.closed())
            .await
            .expect("the server closed the connection");
        match reason {
            quinn::ConnectionError::ApplicationClosed(close) => {
                assert_eq!(close.error_code, 0x100u32.into(), "H3_NO_ERROR");
            }
            other => panic!("closed with {other:?}"),
        }
    }
    let unanswered = tokio::time::timeout(Duration::from_secs(2), pending)
        .await
        .expect("the pending request ends")
        .unwrap();
    assert!(unanswered.is_err(), "{unanswered:?}");

    // Nothing answers on the port any more.
    let mut endpoint = quinn::Endpoint::client("127.0.0.1:0".parse().unwrap()).unwrap();
    let crypto = QuicClientConfig::try_from(Arc::new(tls_client(&ca, b"h3", true))).unwrap();
    endpoint.set_default_client_config(quinn::ClientConfig::new(Arc::new(crypto)));
    let connecting = endpoint.connect(addr, "localhost").unwrap();
    let outcome = tokio::time::timeout(Duration::from_millis(500), connecting).await;
    assert!(!matches!(outcome, Ok(Ok(_))), "connected after shutdown");
}

#[tokio::test]
async fn idle_connections_do_not_hold_shutdown() {
    let target = start(1);
    let client = bounded("connect", async {
        let mut client = h3_connect(&target).await;
        assert_eq!(h3_get(&mut client.send, "/hello").await.head.status(), 200);
        client
    })
    .await;
    let started = Instant::now();
    tokio::task::spawn_blocking(move || target.shutdown())
        .await
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    let closed = tokio::time::timeout(Duration::from_secs(2), client.quic.closed()).await;
    assert!(closed.is_ok(), "connection still open");
}

#[test]
fn h3_needs_tls() {
    let err = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: true,
    })
    .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("HTTP/3 needs TLS"), "{err}");
}

#[test]
fn a_taken_udp_port_is_named() {
    // A UDP port whose TCP twin is free (tried a few times, as the two are
    // picked apart).
    for _ in 0..20 {
        let udp = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        let addr: SocketAddr = udp.local_addr().unwrap();
        if std::net::TcpListener::bind(addr).is_err() {
            continue;
        }
        let err = Target::start(TargetConfig {
            listen: addr,
            threads: 2,
            tls: Some(TlsSetup::SelfSigned),
            h3: true,
        })
        .unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::AddrInUse);
        assert!(
            err.to_string()
                .starts_with(&format!("cannot listen on {addr} (UDP, for HTTP/3): ")),
            "{err}"
        );
        return;
    }
    panic!("no UDP port with a free TCP twin");
}
