//! Each behaviour of `H3TestServer`, exercised with a quinn client that trusts the server's
//! certificate and speaks HTTP/3 framing by hand (no dynamic QPACK table, like barrage).

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use barrage_testkit::h3::{
    code, frame, get_varint, put_frame, put_varint, response_section, H3Behavior, H3TestServer,
    ALPN, BAD_QPACK_SECTION,
};
use quinn::crypto::rustls::QuicClientConfig;
use quinn::{Connection, ConnectionError, Endpoint, ReadError, ReadToEndError, VarInt};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;
use rustls::RootCertStore;

/// Bound on each test's client side: far more than it needs, far less than a hang.
const BOUND: Duration = Duration::from_secs(20);
/// How long dropping a server may take (it needs about 50 ms).
const DROP_BOUND: Duration = Duration::from_secs(2);
/// Largest response read.
const MAX_RESPONSE: usize = 16 << 20;

/// Runs `f` on a fresh current-thread runtime, failing if it takes over [`BOUND`].
fn block_on<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async { tokio::time::timeout(BOUND, f).await })
        .unwrap_or_else(|_| panic!("test took over {BOUND:?}"))
}

/// A client endpoint (on its own port) trusting only `server`'s certificate, ALPN `h3`.
fn client(server: &H3TestServer) -> Endpoint {
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(server.certificate_pem().as_bytes()) {
        roots.add(cert.expect("PEM certificate")).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let crypto = QuicClientConfig::try_from(tls).unwrap();
    let mut endpoint = Endpoint::client("127.0.0.1:0".parse().unwrap()).unwrap();
    endpoint.set_default_client_config(quinn::ClientConfig::new(Arc::new(crypto)));
    endpoint
}

/// Connects (verifying the certificate for `localhost`) and opens the client's control stream
/// with an empty SETTINGS frame.
async fn connect(endpoint: &Endpoint, server: &H3TestServer) -> Connection {
    let conn = endpoint
        .connect(server.addr(), "localhost")
        .unwrap()
        .await
        .expect("QUIC handshake");
    let mut control = conn.open_uni().await.unwrap();
    control.write_all(&[0x00, 0x04, 0x00]).await.unwrap();
    // Kept open until the connection ends: quinn finishes a dropped stream.
    let open = conn.clone();
    tokio::spawn(async move {
        let _control = control;
        open.closed().await;
    });
    conn
}

/// A GET's HEADERS frame: `:method GET`, `:scheme https`, `:path /`, `:authority localhost`
/// (static table and a literal with a static name reference, like barrage's encoder).
fn get_request() -> Vec<u8> {
    let mut section = vec![0x00, 0x00, 0xc0 | 17, 0xc0 | 23, 0xc0 | 1, 0x50, 9];
    section.extend_from_slice(b"localhost");
    let mut out = Vec::new();
    put_frame(&mut out, frame::HEADERS, &section);
    out
}

/// Splits a response stream into its frames: (type, payload).
fn frames(mut buf: &[u8]) -> Vec<(u64, Vec<u8>)> {
    let mut out = Vec::new();
    while !buf.is_empty() {
        let (kind, n) = get_varint(buf).expect("frame type");
        let (len, m) = get_varint(&buf[n..]).expect("frame length");
        let start = n + m;
        let end = start + usize::try_from(len).unwrap();
        assert!(end <= buf.len(), "frame cut short");
        out.push((kind, buf[start..end].to_vec()));
        buf = &buf[end..];
    }
    out
}

/// Sends `request` on a new stream, finishes it and reads the whole response's frames.
async fn exchange(conn: &Connection, request: &[u8]) -> Result<Vec<(u64, Vec<u8>)>, ReadError> {
    let (mut send, mut recv) = conn.open_bi().await.expect("open a request stream");
    send.write_all(request).await.expect("write the request");
    send.finish().unwrap();
    match recv.read_to_end(MAX_RESPONSE).await {
        Ok(bytes) => Ok(frames(&bytes)),
        Err(ReadToEndError::Read(e)) => Err(e),
        Err(ReadToEndError::TooLong) => panic!("response over {MAX_RESPONSE} bytes"),
    }
}

async fn get(conn: &Connection) -> Result<Vec<(u64, Vec<u8>)>, ReadError> {
    exchange(conn, &get_request()).await
}

/// Asserts `frames` is the normal response: HEADERS (`:status 200`, `content-length`), DATA.
fn assert_ok(frames: &[(u64, Vec<u8>)], body: &[u8]) {
    assert_eq!(frames.len(), 2, "HEADERS then DATA");
    assert_eq!(frames[0].0, frame::HEADERS);
    assert_eq!(frames[0].1, response_section(body.len()));
    assert_eq!(frames[1].0, frame::DATA);
    assert!(frames[1].1 == body, "body of {} bytes", frames[1].1.len());
}

#[test]
fn good_answers_headers_then_data_within_the_stream_limit() {
    let server = H3TestServer::start(H3Behavior::Good {
        max_streams: 4,
        body_bytes: 100_000,
    });
    block_on(async {
        let endpoint = client(&server);
        let conn = connect(&endpoint, &server).await;

        // The server's control stream: type 0x00, then an empty SETTINGS frame.
        let mut control = conn.accept_uni().await.unwrap();
        let mut start = [0u8; 3];
        control.read_exact(&mut start).await.unwrap();
        assert_eq!(start, [0x00, 0x04, 0x00]);

        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..16 {
            let conn = conn.clone();
            tasks.spawn(async move { get(&conn).await });
        }
        while let Some(done) = tasks.join_next().await {
            assert_ok(&done.unwrap().expect("response"), &[b'x'; 100_000]);
        }

        // A request with a body (DATA frames, a reserved frame type) is read to its end.
        let mut post = get_request();
        put_frame(&mut post, 0x21, b"grease");
        put_frame(&mut post, frame::DATA, &[b'a'; 70_000]);
        put_frame(&mut post, frame::DATA, b"");
        let answer = exchange(&conn, &post).await.expect("response");
        assert_ok(&answer, &[b'x'; 100_000]);

        conn.close(VarInt::from_u32(0x100), b"done");
        endpoint.wait_idle().await;
    });
    assert_eq!(server.requests(), 17);
    assert_eq!(server.responses(), 17);
    assert_eq!(server.resets(), 0);
    assert_eq!(server.connections(), 1);
    let seen = server.max_concurrent_seen();
    assert!((1..=4).contains(&seen), "max_concurrent_seen {seen}");
}

#[test]
fn a_stream_without_headers_is_reset_and_not_counted() {
    let server = H3TestServer::start(H3Behavior::Good {
        max_streams: 10,
        body_bytes: 1,
    });
    block_on(async {
        let endpoint = client(&server);
        let conn = connect(&endpoint, &server).await;
        let mut data_only = Vec::new();
        put_frame(&mut data_only, frame::DATA, b"abc");
        match exchange(&conn, &data_only).await {
            Err(ReadError::Reset(c)) => assert_eq!(c.into_inner(), code::REQUEST_INCOMPLETE),
            other => panic!("expected a reset, got {other:?}"),
        }
        assert_ok(&get(&conn).await.unwrap(), b"x");
    });
    assert_eq!((server.requests(), server.responses()), (1, 1));
    assert_eq!(server.resets(), 0);
}

#[test]
fn reset_every_resets_exactly_every_nth_request_over_the_server() {
    let server = H3TestServer::start(H3Behavior::ResetEvery { every: 3 });
    let reset_at = block_on(async {
        let endpoint = client(&server);
        let mut reset_at = Vec::new();
        // Two connections, requests one after another: the count is over the whole server.
        for (c, n) in [(0, 4), (1, 6)] {
            let conn = connect(&endpoint, &server).await;
            for i in 0..n {
                match get(&conn).await {
                    Ok(frames) => assert_ok(&frames, b"Hello World\n"),
                    Err(ReadError::Reset(e)) => {
                        assert_eq!(e.into_inner(), code::INTERNAL_ERROR);
                        reset_at.push((c, i));
                    }
                    Err(e) => panic!("request {i} on connection {c}: {e}"),
                }
            }
        }
        reset_at
    });
    assert_eq!(reset_at, [(0, 2), (1, 1), (1, 4)]);
    assert_eq!(server.requests(), 10);
    assert_eq!(server.resets(), 3);
    assert_eq!(server.responses(), 7);
    assert_eq!(server.connections(), 2);
}

#[test]
fn reset_every_is_exact_with_concurrent_streams() {
    let server = H3TestServer::start(H3Behavior::ResetEvery { every: 4 });
    let (ok, reset) = block_on(async {
        let endpoint = client(&server);
        let conn = connect(&endpoint, &server).await;
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..30 {
            let conn = conn.clone();
            tasks.spawn(async move { get(&conn).await });
        }
        let (mut ok, mut reset) = (0, 0);
        while let Some(done) = tasks.join_next().await {
            match done.unwrap() {
                Ok(_) => ok += 1,
                Err(ReadError::Reset(_)) => reset += 1,
                Err(e) => panic!("{e}"),
            }
        }
        (ok, reset)
    });
    assert_eq!((ok, reset), (23, 7));
    assert_eq!((server.responses(), server.resets()), (23, 7));
}

#[test]
fn close_after_answers_then_closes_with_the_code() {
    let server = H3TestServer::start(H3Behavior::CloseAfter {
        after: 2,
        code: code::GENERAL_PROTOCOL_ERROR,
    });
    block_on(async {
        let endpoint = client(&server);
        let conn = connect(&endpoint, &server).await;
        for _ in 0..2 {
            assert_ok(&get(&conn).await.expect("answered"), b"Hello World\n");
        }
        let closed = tokio::time::timeout(Duration::from_secs(5), conn.closed())
            .await
            .expect("closed after 2 responses");
        match closed {
            ConnectionError::ApplicationClosed(close) => {
                assert_eq!(close.error_code.into_inner(), code::GENERAL_PROTOCOL_ERROR);
                assert_eq!(&close.reason[..], b"testkit");
            }
            other => panic!("expected an application close, got {other}"),
        }
    });
    assert_eq!(server.responses(), 2);
    assert_eq!(server.requests(), 2);
    assert_eq!(server.connections(), 1);
}

#[test]
fn close_after_leaves_the_requests_beyond_unanswered() {
    let server = H3TestServer::start(H3Behavior::CloseAfter {
        after: 3,
        code: 0x1234,
    });
    let results = block_on(async {
        let endpoint = client(&server);
        let conn = connect(&endpoint, &server).await;
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..8 {
            let conn = conn.clone();
            tasks.spawn(async move { get(&conn).await });
        }
        let mut results = Vec::new();
        while let Some(done) = tasks.join_next().await {
            results.push(done.unwrap());
        }
        match conn.closed().await {
            ConnectionError::ApplicationClosed(c) => assert_eq!(c.error_code.into_inner(), 0x1234),
            other => panic!("expected an application close, got {other}"),
        }
        results
    });
    let ok = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(ok, 3, "{results:?}");
    for r in results.iter().filter_map(|r| r.as_ref().err()) {
        assert!(
            matches!(
                r,
                ReadError::ConnectionLost(ConnectionError::ApplicationClosed(_))
            ),
            "{r}"
        );
    }
    assert_eq!(server.responses(), 3);
}

#[test]
fn close_after_zero_closes_right_after_the_handshake() {
    let server = H3TestServer::start(H3Behavior::CloseAfter {
        after: 0,
        code: 0x101,
    });
    block_on(async {
        let endpoint = client(&server);
        let conn = endpoint
            .connect(server.addr(), "localhost")
            .unwrap()
            .await
            .expect("handshake");
        match conn.closed().await {
            ConnectionError::ApplicationClosed(c) => assert_eq!(c.error_code.into_inner(), 0x101),
            other => panic!("{other}"),
        }
    });
    assert_eq!((server.connections(), server.responses()), (1, 0));
}

#[test]
fn no_handshake_never_completes() {
    let server = H3TestServer::start(H3Behavior::NoHandshake);
    block_on(async {
        let endpoint = client(&server);
        let connecting = endpoint.connect(server.addr(), "localhost").unwrap();
        let r = tokio::time::timeout(Duration::from_millis(300), connecting).await;
        assert!(r.is_err(), "the handshake completed");
    });
    assert!(server.connections() >= 1, "no datagram counted");
    assert_eq!((server.requests(), server.responses()), (0, 0));
    let start = Instant::now();
    drop(server);
    assert!(
        start.elapsed() < DROP_BOUND,
        "drop took {:?}",
        start.elapsed()
    );
}

#[test]
fn bad_qpack_answers_a_dynamic_table_reference() {
    let server = H3TestServer::start(H3Behavior::BadQpack);
    block_on(async {
        let endpoint = client(&server);
        let conn = connect(&endpoint, &server).await;
        let frames = get(&conn).await.expect("an answer");
        assert_eq!(frames, [(frame::HEADERS, BAD_QPACK_SECTION.to_vec())]);
        assert_eq!(BAD_QPACK_SECTION, [0x02, 0x00, 0x80]);
    });
    assert_eq!((server.requests(), server.responses()), (1, 1));
}

#[test]
fn drop_is_prompt_with_a_connection_open() {
    let server = H3TestServer::start(H3Behavior::Good {
        max_streams: 10,
        body_bytes: 5,
    });
    block_on(async {
        let endpoint = client(&server);
        let conn = connect(&endpoint, &server).await;
        assert_ok(&get(&conn).await.unwrap(), b"xxxxx");
        // A request left open (no FIN): the server is still reading it when dropped.
        let (mut send, _recv) = conn.open_bi().await.unwrap();
        send.write_all(&get_request()).await.unwrap();
        tokio::time::sleep(Duration::from_millis(20)).await;

        let start = Instant::now();
        drop(server);
        assert!(
            start.elapsed() < DROP_BOUND,
            "drop took {:?}",
            start.elapsed()
        );

        let closed = tokio::time::timeout(Duration::from_secs(5), conn.closed())
            .await
            .expect("the client saw the close");
        match closed {
            ConnectionError::ApplicationClosed(c) => {
                assert_eq!(c.error_code.into_inner(), code::NO_ERROR);
            }
            other => panic!("expected an application close, got {other}"),
        }
    });
}

#[test]
fn varint_helpers_match_rfc_9000() {
    let mut out = Vec::new();
    put_varint(&mut out, 151_288_809_941_952_652);
    assert_eq!(out, [0xc2, 0x19, 0x7c, 0x5e, 0xff, 0x14, 0xe8, 0x8c]);
    assert_eq!(get_varint(&out), Some((151_288_809_941_952_652, 8)));
}
