//! TLS: the same endpoints over rustls, HTTP/2 or HTTP/1.1 as ALPN decides,
//! with a self-signed certificate or one read from PEM files.

use crate::common;

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use barrage_target::{Target, TargetConfig, TlsSetup};
use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper::client::conn::{http1, http2};
use hyper::{Request, Response, Version};
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls::crypto::ring;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, RootCertStore, SupportedProtocolVersion};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_rustls::TlsConnector;

fn start(tls: TlsSetup) -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 2,
        tls: Some(tls),
        h3: false,
    })
    .expect("TLS target starts")
}

/// What a client asks of the handshake.
struct Hello<'a> {
    /// ALPN ids offered, in order.
    alpn: &'a [&'a [u8]],
    /// The name the certificate is checked against.
    server_name: ServerName<'static>,
    versions: &'a [&'static SupportedProtocolVersion],
}

impl Hello<'_> {
    fn alpn<'a>(alpn: &'a [&'a [u8]]) -> Hello<'a> {
        Hello {
            alpn,
            server_name: ServerName::IpAddress(IpAddr::from([127, 0, 0, 1]).into()),
            versions: rustls::ALL_VERSIONS,
        }
    }
}

/// A TLS connection that trusts `ca_pem` and nothing else.
async fn connect(addr: SocketAddr, ca_pem: &str, hello: Hello<'_>) -> TlsStream<TcpStream> {
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(ca_pem.as_bytes()) {
        roots.add(cert.expect("PEM certificate")).unwrap();
    }
    let mut config = ClientConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_protocol_versions(hello.versions)
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = hello.alpn.iter().map(|id| id.to_vec()).collect();
    let tcp = TcpStream::connect(addr).await.unwrap();
    TlsConnector::from(Arc::new(config))
        .connect(hello.server_name, tcp)
        .await
        .expect("TLS handshake")
}

fn alpn_of(stream: &TlsStream<TcpStream>) -> Option<&[u8]> {
    stream.get_ref().1.alpn_protocol()
}

/// `GET path` as the only request on `stream`, HTTP/2 or HTTP/1.1; the
/// connection is closed before returning, so the target shuts down at once.
async fn get(stream: TlsStream<TcpStream>, h2: bool, path: &str) -> (Response<()>, Bytes) {
    let io = TokioIo::new(stream);
    let req = Request::get(format!("https://localhost{path}"))
        .body(Empty::<Bytes>::new())
        .unwrap();
    let (resp, conn) = if h2 {
        let (mut sender, conn) = http2::handshake(TokioExecutor::new(), io)
            .await
            .expect("h2 handshake");
        let conn = tokio::spawn(conn);
        (sender.send_request(req).await.expect("h2 response"), conn)
    } else {
        let (mut sender, conn) = http1::handshake(io).await.expect("h1 handshake");
        let conn = tokio::spawn(conn);
        (sender.send_request(req).await.expect("h1 response"), conn)
    };
    let (head, body) = resp.into_parts();
    let body = body.collect().await.expect("body").to_bytes();
    // The sender is gone by now, which ends the connection.
    conn.await.unwrap().expect("connection ends cleanly");
    (Response::from_parts(head, ()), body)
}

fn assert_static_6b(head: &Response<()>, body: &Bytes, version: Version) {
    assert_eq!(head.status(), 200);
    assert_eq!(head.version(), version);
    assert_eq!(head.headers()["content-length"], "6");
    assert!(head.headers().contains_key("date"));
    assert_eq!(&body[..], b"hello\n");
}

#[tokio::test]
async fn self_signed_h2_by_alpn() {
    let target = start(TlsSetup::SelfSigned);
    let ca = target
        .certificate_pem()
        .expect("TLS target has a certificate");
    let stream = connect(target.local_addr(), &ca, Hello::alpn(&[b"h2", b"http/1.1"])).await;
    assert_eq!(alpn_of(&stream), Some(&b"h2"[..]));
    let (head, body) = get(stream, true, "/static/6b").await;
    assert_static_6b(&head, &body, Version::HTTP_2);
    assert_eq!(target.responses(), 1);
}

#[tokio::test]
async fn self_signed_http1_by_alpn() {
    let target = start(TlsSetup::SelfSigned);
    let ca = target.certificate_pem().unwrap();
    let stream = connect(target.local_addr(), &ca, Hello::alpn(&[b"http/1.1"])).await;
    assert_eq!(alpn_of(&stream), Some(&b"http/1.1"[..]));
    let (head, body) = get(stream, false, "/static/6b").await;
    assert_static_6b(&head, &body, Version::HTTP_11);
}

#[tokio::test]
async fn no_alpn_means_http1() {
    let target = start(TlsSetup::SelfSigned);
    let ca = target.certificate_pem().unwrap();
    let stream = connect(target.local_addr(), &ca, Hello::alpn(&[])).await;
    assert_eq!(alpn_of(&stream), None);
    let (head, body) = get(stream, false, "/static/6b").await;
    assert_static_6b(&head, &body, Version::HTTP_11);
}

#[tokio::test]
async fn self_signed_covers_localhost_and_tls12() {
    let target = start(TlsSetup::SelfSigned);
    let ca = target.certificate_pem().unwrap();
    let hello = Hello {
        alpn: &[b"h2"],
        server_name: ServerName::try_from("localhost").unwrap(),
        versions: &[&rustls::version::TLS12],
    };
    let stream = connect(target.local_addr(), &ca, hello).await;
    assert_eq!(
        stream.get_ref().1.protocol_version(),
        Some(rustls::ProtocolVersion::TLSv1_2)
    );
    let (head, body) = get(stream, true, "/static/6b").await;
    assert_static_6b(&head, &body, Version::HTTP_2);
}

/// WebSocket is an HTTP/1.1 upgrade only (no RFC 8441 over h2): `/ws` on
/// an h2 connection is a 426 that says so.
#[tokio::test]
async fn ws_over_h2_is_426() {
    let target = start(TlsSetup::SelfSigned);
    let ca = target.certificate_pem().unwrap();
    let stream = connect(target.local_addr(), &ca, Hello::alpn(&[b"h2"])).await;
    let (head, body) = get(stream, true, "/ws").await;
    assert_eq!(head.status(), 426);
    assert_eq!(head.version(), Version::HTTP_2);
    assert!(String::from_utf8_lossy(&body).contains("HTTP/1.1 Upgrade"));
    assert_eq!(target.ws_upgrades(), 0);
}

#[tokio::test]
async fn plain_targets_have_no_certificate() {
    let target = common::start();
    assert_eq!(target.certificate_pem(), None);
}

#[tokio::test]
async fn files_cert_and_key() {
    let dir = TempDir::new("files");
    let (cert, key) = dir.write_pair("cert.pem", "key.pem");
    let target = start(TlsSetup::Files {
        cert: cert.clone(),
        key,
    });
    let cert_pem = std::fs::read_to_string(&cert).unwrap();
    assert_eq!(target.certificate_pem().as_deref(), Some(cert_pem.as_str()));
    for (alpn, h2, version) in [
        (&b"h2"[..], true, Version::HTTP_2),
        (&b"http/1.1"[..], false, Version::HTTP_11),
    ] {
        let stream = connect(target.local_addr(), &cert_pem, Hello::alpn(&[alpn])).await;
        assert_eq!(alpn_of(&stream), Some(alpn));
        let (head, body) = get(stream, h2, "/static/6b").await;
        assert_static_6b(&head, &body, version);
    }
}

#[test]
fn failed_handshake_leaves_the_server_up() {
    let target = start(TlsSetup::SelfSigned);
    let addr = target.local_addr();
    // Plain HTTP to the TLS port: the server gives up on this connection only.
    let mut plain = std::net::TcpStream::connect(addr).unwrap();
    plain
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    plain
        .write_all(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut rest = Vec::new();
    let _ = plain.read_to_end(&mut rest);
    assert!(
        !rest.starts_with(b"HTTP/"),
        "no HTTP answer without TLS: {rest:?}"
    );
    // The socket closes just before the failure is counted.
    let deadline = Instant::now() + Duration::from_secs(10);
    while target.handshake_failures() == 0 {
        assert!(Instant::now() < deadline, "handshake failure never counted");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(target.handshake_failures(), 1);

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let ca = target.certificate_pem().unwrap();
    let (head, body) = rt.block_on(async {
        let stream = connect(addr, &ca, Hello::alpn(&[b"h2"])).await;
        get(stream, true, "/static/6b").await
    });
    assert_static_6b(&head, &body, Version::HTTP_2);
    assert_eq!(target.connections(), 2);
}

#[test]
fn missing_files_name_the_file() {
    let err = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: Some(TlsSetup::Files {
            cert: "/nonexistent/cert.pem".into(),
            key: "/nonexistent/key.pem".into(),
        }),
        h3: false,
    })
    .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(
        err.to_string()
            .starts_with("cannot read certificate file /nonexistent/cert.pem: "),
        "{err}"
    );
}

#[test]
fn bad_files_name_the_file() {
    let dir = TempDir::new("bad");
    let (cert, key) = dir.write_pair("cert.pem", "key.pem");
    let (_, other_key) = dir.write_pair("other-cert.pem", "other-key.pem");
    let not_pem = dir.write("not.pem", "hello\n");
    let cases = [
        (not_pem.clone(), key.clone(), "no certificate in"),
        (cert.clone(), not_pem.clone(), "no private key in"),
        (key.clone(), key.clone(), "no certificate in"),
        (cert.clone(), other_key.clone(), "do not work together"),
    ];
    for (cert, key, says) in cases {
        let setup = TlsSetup::Files {
            cert: cert.clone(),
            key: key.clone(),
        };
        let err = Target::start(TargetConfig {
            listen: "127.0.0.1:0".parse().unwrap(),
            threads: 1,
            tls: Some(setup),
            h3: false,
        })
        .unwrap_err();
        let msg = err.to_string();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput, "{msg}");
        assert!(msg.contains(says), "{cert:?} {key:?}: {msg}");
        let named = if says == "no private key in" {
            &key
        } else {
            &cert
        };
        assert!(
            msg.contains(named.to_str().unwrap()),
            "names {named:?}: {msg}"
        );
        assert_eq!(msg.lines().count(), 1, "{msg}");
    }
}

/// A scratch directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("barrage-target-tls-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn write(&self, file: &str, text: &str) -> PathBuf {
        let path = self.0.join(file);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// A fresh self-signed certificate for `localhost`/`127.0.0.1` and its
    /// PKCS#8 key, as PEM files.
    fn write_pair(&self, cert: &str, key: &str) -> (PathBuf, PathBuf) {
        let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
        let pair = rcgen::generate_simple_self_signed(names).unwrap();
        (
            self.write(cert, &pair.cert.pem()),
            self.write(key, &pair.key_pair.serialize_pem()),
        )
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
