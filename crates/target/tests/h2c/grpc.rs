//! `--grpc`: each method of the Bench service (proto/bench.proto) called
//! over h2c and over TLS (ALPN h2) with hyper's HTTP/2 client and
//! messages declared here with prost's derive, so the check shares no
//! gRPC code with the server (tonic) or with barrage's engine.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use barrage_target::{Services, Target, TargetConfig, TlsSetup};
use bytes::{Buf, Bytes, BytesMut};
use http_body_util::BodyExt;
use hyper::body::{Body, Frame, Incoming};
use hyper::client::conn::http2;
use hyper::{HeaderMap, Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use prost::Message;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;

#[derive(Clone, PartialEq, prost::Message)]
struct Echo {
    #[prost(bytes = "bytes", tag = "1")]
    payload: Bytes,
    #[prost(uint64, tag = "2")]
    seq: u64,
}

#[derive(Clone, PartialEq, prost::Message)]
struct StreamRequest {
    #[prost(uint32, tag = "1")]
    count: u32,
    #[prost(uint32, tag = "2")]
    size: u32,
}

#[derive(Clone, PartialEq, prost::Message)]
struct SumRequest {
    #[prost(int64, tag = "1")]
    value: i64,
}

#[derive(Clone, PartialEq, prost::Message)]
struct SumReply {
    #[prost(int64, tag = "1")]
    sum: i64,
    #[prost(uint64, tag = "2")]
    count: u64,
}

const SERVICE: &str = "/barrage.bench.v1.Bench/";

fn start(tls: Option<TlsSetup>, grpc: bool) -> Target {
    let cfg = TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 2,
        tls,
        h3: false,
    };
    let services = Services {
        database: None,
        grpc,
    };
    Target::start_with(cfg, services).expect("target starts")
}

/// A request body fed message by message; dropping the sender ends it.
struct ChannelBody(mpsc::UnboundedReceiver<Bytes>);

impl Body for ChannelBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        self.get_mut()
            .0
            .poll_recv(cx)
            .map(|data| data.map(|d| Ok(Frame::data(d))))
    }
}

type Sender = http2::SendRequest<ChannelBody>;
/// A connection's sender and its task, which ends once the sender is dropped (awaited before
/// the target stops, so that its shutdown has no connection to wait for).
type Client = (Sender, tokio::task::JoinHandle<()>);
type Pending = Pin<Box<dyn Future<Output = hyper::Result<Response<Incoming>>> + Send>>;

async fn handshake<I>(io: I) -> Client
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (sender, conn) = http2::handshake(TokioExecutor::new(), TokioIo::new(io))
        .await
        .expect("h2 handshake");
    (sender, tokio::spawn(async move { drop(conn.await) }))
}

/// Closes the connection and waits for its end.
async fn close((sender, conn): Client) {
    drop(sender);
    conn.await.unwrap();
}

/// An h2c connection (prior knowledge).
async fn h2c(addr: SocketAddr) -> Client {
    handshake(tokio::net::TcpStream::connect(addr).await.unwrap()).await
}

/// A TLS connection offering ALPN h2 only, trusting `ca_pem`.
async fn h2_tls(addr: SocketAddr, ca_pem: &str) -> Client {
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(ca_pem.as_bytes()) {
        roots.add(cert.expect("PEM certificate")).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let name = ServerName::IpAddress(std::net::IpAddr::from([127, 0, 0, 1]).into());
    let tls = tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .expect("TLS handshake");
    assert_eq!(tls.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    handshake(tls).await
}

/// One gRPC call in progress: messages go out as they are sent, replies
/// are read one at a time, the trailers at the end.
struct Call {
    requests: Option<mpsc::UnboundedSender<Bytes>>,
    pending: Option<Pending>,
    head: Option<http::response::Parts>,
    body: Option<Incoming>,
    buf: BytesMut,
    trailers: Option<HeaderMap>,
}

impl Call {
    fn start(sender: &mut Sender, method: &str) -> Call {
        let (tx, rx) = mpsc::unbounded_channel();
        let req = Request::post(format!("http://127.0.0.1{SERVICE}{method}"))
            .header("content-type", "application/grpc")
            .header("te", "trailers")
            .body(ChannelBody(rx))
            .unwrap();
        Call {
            requests: Some(tx),
            pending: Some(Box::pin(sender.send_request(req))),
            head: None,
            body: None,
            buf: BytesMut::new(),
            trailers: None,
        }
    }

    fn send(&self, message: &impl Message) {
        let encoded = message.encode_to_vec();
        let mut framed = vec![0u8];
        framed.extend_from_slice(&(encoded.len() as u32).to_be_bytes());
        framed.extend_from_slice(&encoded);
        let requests = self.requests.as_ref().expect("request side open");
        requests.send(Bytes::from(framed)).unwrap();
    }

    /// Ends the request side (END_STREAM).
    fn close(&mut self) {
        self.requests = None;
    }

    async fn head(&mut self) -> &http::response::Parts {
        if let Some(pending) = self.pending.take() {
            let (head, body) = pending.await.expect("response head").into_parts();
            self.head = Some(head);
            self.body = Some(body);
        }
        self.head.as_ref().unwrap()
    }

    /// The next reply, or `None` once the trailers came.
    async fn next<M: Message + Default>(&mut self) -> Option<M> {
        self.head().await;
        loop {
            if self.buf.len() >= 5 {
                assert_eq!(self.buf[0], 0, "uncompressed");
                let len = u32::from_be_bytes(self.buf[1..5].try_into().unwrap()) as usize;
                if self.buf.len() >= 5 + len {
                    self.buf.advance(5);
                    let message = self.buf.split_to(len);
                    return Some(M::decode(message).expect("a reply message"));
                }
            }
            let body = self.body.as_mut().unwrap();
            match body.frame().await {
                Some(frame) => match frame.expect("body frame").into_data() {
                    Ok(data) => self.buf.extend_from_slice(&data),
                    Err(frame) => self.trailers = frame.into_trailers().ok(),
                },
                None => {
                    assert!(self.buf.is_empty(), "a partial message at the end");
                    return None;
                }
            }
        }
    }

    /// Reads the replies left and returns them with the call's grpc-status.
    async fn finish<M: Message + Default>(mut self) -> (Vec<M>, String) {
        let mut replies = Vec::new();
        while let Some(reply) = self.next().await {
            replies.push(reply);
        }
        // A trailers-only answer carries grpc-status in the head.
        let status = match &self.trailers {
            Some(trailers) => trailers.get("grpc-status"),
            None => self.head.as_ref().unwrap().headers.get("grpc-status"),
        };
        let status = status.expect("grpc-status").to_str().unwrap().to_owned();
        (replies, status)
    }
}

fn echo(payload: &'static [u8], seq: u64) -> Echo {
    Echo {
        payload: Bytes::from_static(payload),
        seq,
    }
}

async fn check_echo(sender: &mut Sender) {
    let mut call = Call::start(sender, "Echo");
    call.send(&echo(b"hello", 7));
    call.close();
    let head = call.head().await;
    assert_eq!(head.status, 200);
    assert_eq!(head.headers["content-type"], "application/grpc");
    let (replies, status) = call.finish::<Echo>().await;
    assert_eq!(status, "0");
    assert_eq!(replies, [echo(b"hello", 7)]);
}

async fn check_stream(sender: &mut Sender) {
    let mut call = Call::start(sender, "Stream");
    call.send(&StreamRequest { count: 5, size: 3 });
    call.close();
    let (replies, status) = call.finish::<Echo>().await;
    assert_eq!(status, "0");
    let expected: Vec<Echo> = (0..5).map(|seq| echo(b"xxx", seq)).collect();
    assert_eq!(replies, expected);
    let past_caps = [
        StreamRequest {
            count: barrage_target::MAX_STREAM_COUNT + 1,
            size: 1,
        },
        StreamRequest {
            count: 1,
            size: barrage_target::MAX_STREAM_SIZE + 1,
        },
    ];
    for request in past_caps {
        let mut call = Call::start(sender, "Stream");
        call.send(&request);
        call.close();
        let (replies, status) = call.finish::<Echo>().await;
        assert_eq!((replies.len(), status.as_str()), (0, "3"), "{request:?}");
    }
}

async fn check_sum(sender: &mut Sender) {
    let mut call = Call::start(sender, "Sum");
    for value in [1, -2, 40, 4] {
        call.send(&SumRequest { value });
    }
    call.close();
    let (replies, status) = call.finish::<SumReply>().await;
    assert_eq!(status, "0");
    assert_eq!(replies, [SumReply { sum: 43, count: 4 }]);
}

/// Each message is answered before the next is sent: the server answers
/// as messages come, not once the client's side ends.
async fn check_chat(sender: &mut Sender) {
    let mut call = Call::start(sender, "Chat");
    for seq in 0..3 {
        call.send(&echo(b"chat", seq));
        let reply = call.next::<Echo>().await.expect("a reply before the end");
        assert_eq!(reply, echo(b"chat", seq));
    }
    call.close();
    let (replies, status) = call.finish::<Echo>().await;
    assert_eq!(status, "0");
    assert!(replies.is_empty());
}

async fn check_all(client: Client) {
    let (mut sender, conn) = client;
    check_echo(&mut sender).await;
    check_stream(&mut sender).await;
    check_sum(&mut sender).await;
    check_chat(&mut sender).await;
    let (_, status) = {
        let mut call = Call::start(&mut sender, "Nope");
        call.close();
        call.finish::<Echo>().await
    };
    assert_eq!(status, "12", "UNIMPLEMENTED");
    close((sender, conn)).await;
}

#[tokio::test]
async fn grpc_bench_over_h2c() {
    let target = start(None, true);
    check_all(h2c(target.local_addr()).await).await;
}

#[tokio::test]
async fn grpc_bench_over_tls() {
    let target = start(Some(TlsSetup::SelfSigned), true);
    let ca = target.certificate_pem().unwrap();
    check_all(h2_tls(target.local_addr(), &ca).await).await;
}

/// The contract's endpoints stay as they were beside gRPC, and without
/// `--grpc` a gRPC request is just a POST to a path the contract lacks.
#[tokio::test]
async fn grpc_beside_the_contract() {
    let target = start(None, true);
    let (mut sender, conn) = h2c(target.local_addr()).await;
    let (tx, rx) = mpsc::unbounded_channel();
    drop(tx);
    let req = Request::get("http://127.0.0.1/hello")
        .body(ChannelBody(rx))
        .unwrap();
    let resp = sender.send_request(req).await.unwrap();
    assert_eq!(resp.status(), 200);
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(&body[..], barrage_target::contract::HELLO_BODY);
    close((sender, conn)).await;

    let plain = start(None, false);
    let (mut sender, conn) = h2c(plain.local_addr()).await;
    let mut call = Call::start(&mut sender, "Echo");
    call.send(&echo(b"hello", 1));
    call.close();
    let head = call.head().await;
    assert_eq!(head.status, 404);
    assert!(!head.headers.contains_key("grpc-status"));
    drop(call);
    close((sender, conn)).await;
}
