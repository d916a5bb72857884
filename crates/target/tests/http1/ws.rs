//! `/ws`: the upgrade (and its refusals), echo of text and binary messages
//! of every length encoding, ping, the close handshake, the push rate, the
//! server's message counts, wss on the TLS port and Close 1001 at
//! shutdown. The client is tungstenite's blocking one (its client role:
//! masked frames, the Sec-WebSocket-Accept check) over std TCP and rustls.

use crate::common;

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use barrage_target::{Target, TargetConfig, TlsSetup};
use rustls::crypto::ring;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};
use tungstenite::protocol::frame::coding::{CloseCode, Data as OpData, OpCode};
use tungstenite::protocol::frame::Frame;
use tungstenite::protocol::CloseFrame;
use tungstenite::{Bytes, Error, Message, WebSocket};

/// Bound on every read: a hung server fails the test instead of hanging it.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

fn tcp(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(READ_TIMEOUT)).unwrap();
    stream.set_nodelay(true).unwrap();
    stream
}

/// A WebSocket client on `url` over `stream`, after a checked upgrade.
fn upgrade<S: Read + Write>(url: &str, stream: S) -> WebSocket<S> {
    let (ws, response) = tungstenite::client(url, stream).expect("upgrade");
    assert_eq!(response.status(), 101);
    assert_eq!(
        response.headers()["server"],
        barrage_target::contract::SERVER
    );
    ws
}

fn ws_connect(addr: SocketAddr, path: &str) -> WebSocket<TcpStream> {
    upgrade(&format!("ws://{addr}{path}"), tcp(addr))
}

/// The next data message (text or binary), skipping pings and pongs.
fn next_data<S: Read + Write>(ws: &mut WebSocket<S>) -> Message {
    loop {
        match ws.read().expect("read a message") {
            Message::Ping(_) | Message::Pong(_) => continue,
            message => return message,
        }
    }
}

/// Sends Close 1000 and reads up to the server's Close; true if it came.
fn close<S: Read + Write>(ws: &mut WebSocket<S>) -> bool {
    ws.close(Some(CloseFrame {
        code: CloseCode::Normal,
        reason: "done".into(),
    }))
    .expect("send close");
    loop {
        match ws.read() {
            Ok(Message::Close(frame)) => {
                assert_eq!(frame.map(|f| f.code), Some(CloseCode::Normal));
            }
            Ok(_) => continue,
            Err(Error::ConnectionClosed) => return true,
            Err(e) => panic!("closing: {e}"),
        }
    }
}

/// Echo of each kind at each payload length encoding: 7-bit, 16-bit, 64-bit.
fn assert_echoes<S: Read + Write>(ws: &mut WebSocket<S>) {
    let big: Bytes = (0..70 * 1024).map(|i| (i % 251) as u8).collect();
    let messages = [
        Message::text("hello"),
        Message::text("é".repeat(100)),
        Message::binary(vec![0u8, 1, 2, 255]),
        Message::binary(vec![7u8; 4096]),
        Message::Binary(big),
        Message::text(""),
    ];
    for message in messages {
        ws.send(message.clone()).expect("send");
        assert_eq!(next_data(ws), message);
    }
}

#[test]
fn echoes_text_and_binary_answers_ping_and_close() {
    let target = common::start();
    let mut ws = ws_connect(target.local_addr(), "/ws");
    assert_echoes(&mut ws);
    ws.send(Message::Ping(Bytes::from_static(b"are you there")))
        .unwrap();
    match ws.read().expect("pong") {
        Message::Pong(data) => assert_eq!(&data[..], b"are you there"),
        other => panic!("expected a pong, got {other:?}"),
    }
    assert!(close(&mut ws));
    assert_eq!(target.ws_upgrades(), 1);
    assert_eq!(target.ws_messages_received(), 6);
    assert_eq!(target.ws_messages_sent(), 6);
}

#[test]
fn pipelined_messages_come_back_in_order_and_are_counted() {
    let target = common::start();
    let mut ws = ws_connect(target.local_addr(), "/ws");
    const N: usize = 2000;
    for i in 0..N {
        ws.write(Message::text(i.to_string())).unwrap();
    }
    ws.flush().unwrap();
    for i in 0..N {
        assert_eq!(next_data(&mut ws), Message::text(i.to_string()));
    }
    assert!(close(&mut ws));
    assert_eq!(target.ws_messages_received(), N as u64);
    assert_eq!(target.ws_messages_sent(), N as u64);
}

#[test]
fn push_keeps_roughly_to_its_rate_and_still_echoes() {
    const RATE: u64 = 200;
    let target = common::start();
    let started = Instant::now();
    let mut ws = ws_connect(target.local_addr(), &format!("/ws?push={RATE}&size=10"));
    let mut pushed = 0u64;
    while started.elapsed() < Duration::from_secs(1) {
        match next_data(&mut ws) {
            Message::Text(text) => assert_eq!(text.as_str(), "xxxxxxxxxx"),
            other => panic!("pushed {other:?}"),
        }
        pushed += 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    // Never ahead of the rate; behind only as far as a loaded machine makes it.
    assert!(
        pushed as f64 <= RATE as f64 * elapsed + 1.0,
        "{pushed} in {elapsed} s"
    );
    assert!(pushed >= RATE / 10, "{pushed} in {elapsed} s");
    ws.send(Message::binary(b"echo me".to_vec())).unwrap();
    loop {
        match next_data(&mut ws) {
            Message::Text(_) => pushed += 1,
            Message::Binary(data) => break assert_eq!(&data[..], b"echo me"),
            other => panic!("{other:?}"),
        }
    }
    assert!(close(&mut ws));
    assert_eq!(target.ws_messages_received(), 1);
    assert_eq!(target.ws_messages_sent(), pushed + 1);
}

#[test]
fn text_that_is_not_utf8_gets_close_1007() {
    let target = common::start();
    let mut ws = ws_connect(target.local_addr(), "/ws");
    let bad = Frame::message(
        Bytes::from_static(b"ok \xff\xfe"),
        OpCode::Data(OpData::Text),
        true,
    );
    ws.send(Message::Frame(bad)).unwrap();
    match ws.read() {
        Ok(Message::Close(frame)) => assert_eq!(frame.map(|f| f.code), Some(CloseCode::Invalid)),
        Ok(other) => panic!("expected a Close, got {other:?}"),
        Err(e) => panic!("expected a Close, got {e}"),
    }
    assert_eq!(target.ws_messages_received(), 0);
}

/// A raw upgrade request for `target` with the RFC's sample key.
fn raw_upgrade(version: &str, target: &str) -> Vec<u8> {
    format!(
        "GET {target} {version}\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .into_bytes()
}

#[test]
fn bad_upgrades_get_a_reason() {
    let target = common::start();
    let addr = target.local_addr();
    let cases: &[(&[u8], u16, &str)] = &[
        (&raw_upgrade("HTTP/1.1", "/ws?push=0"), 400, "push must be"),
        (
            &raw_upgrade("HTTP/1.1", "/ws?push=5&size=99999999"),
            400,
            "size must be",
        ),
        (&raw_upgrade("HTTP/1.1", "/ws?size=5"), 400, "give push=N"),
        (&raw_upgrade("HTTP/1.0", "/ws"), 426, "HTTP/1.1 Upgrade"),
        (
            b"GET /ws HTTP/1.1\r\nHost: test\r\n\r\n",
            426,
            "Upgrade: websocket",
        ),
        (
            b"POST /ws HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\n\r\n",
            405,
            "method",
        ),
    ];
    for (request, status, reason) in cases {
        let mut conn = common::Conn::connect(addr);
        conn.send(request);
        let resp = conn.read_response(false);
        let text = String::from_utf8_lossy(request);
        assert_eq!(resp.status, *status, "{text}");
        assert!(
            resp.body_str().contains(reason),
            "{text}: {}",
            resp.body_str()
        );
        resp.assert_common_headers();
    }
    // The refusals leave the port serving.
    let mut ws = ws_connect(addr, "/ws");
    assert_echoes(&mut ws);
    assert_eq!(target.ws_upgrades(), 1);
}

#[test]
fn the_upgrade_answer_carries_the_rfc_accept_key() {
    let target = common::start();
    let mut conn = common::Conn::connect(target.local_addr());
    conn.send(&raw_upgrade("HTTP/1.1", "/ws"));
    let resp = conn.read_response(true);
    assert_eq!(resp.status, 101);
    assert_eq!(
        resp.header("sec-websocket-accept"),
        Some("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    );
    assert!(resp
        .header("upgrade")
        .unwrap()
        .eq_ignore_ascii_case("websocket"));
}

fn tls_target() -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 2,
        tls: Some(TlsSetup::SelfSigned),
        h3: false,
    })
    .expect("TLS target starts")
}

/// A blocking TLS client trusting `ca_pem` only, offering ALPN `alpn`.
fn tls(addr: SocketAddr, ca_pem: &str, alpn: &[&[u8]]) -> StreamOwned<ClientConnection, TcpStream> {
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(ca_pem.as_bytes()) {
        roots.add(cert.expect("PEM certificate")).unwrap();
    }
    let mut config = ClientConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = alpn.iter().map(|id| id.to_vec()).collect();
    let name = ServerName::IpAddress(IpAddr::from([127, 0, 0, 1]).into());
    let conn = ClientConnection::new(Arc::new(config), name).unwrap();
    StreamOwned::new(conn, tcp(addr))
}

#[test]
fn wss_echoes_on_the_tls_port() {
    let target = tls_target();
    let addr = target.local_addr();
    let ca = target.certificate_pem().unwrap();
    for alpn in [&[][..], &[&b"http/1.1"[..]][..]] {
        let url = format!("wss://127.0.0.1:{}/ws", addr.port());
        let mut ws = upgrade(&url, tls(addr, &ca, alpn));
        assert_echoes(&mut ws);
        assert!(close(&mut ws));
    }
    assert_eq!(target.ws_upgrades(), 2);
}

#[test]
fn shutdown_closes_sessions_with_1001() {
    let target = common::start();
    let mut ws = ws_connect(target.local_addr(), "/ws");
    assert_echoes(&mut ws);
    let stopping = std::thread::spawn(move || target.shutdown());
    let frame = loop {
        match ws.read() {
            Ok(Message::Close(frame)) => break frame,
            Ok(_) => continue,
            Err(e) => panic!("expected Close 1001, got {e}"),
        }
    };
    let frame = frame.expect("a close code");
    assert_eq!(frame.code, CloseCode::Away);
    // Answering the Close ends the session, and the shutdown with it.
    while ws.read().is_ok() {}
    stopping.join().unwrap();
}
