//! Each behaviour of `TestServer`, exercised with a plain `std::net::TcpStream` client.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use barrage_testkit::{closed_port, find_head_end, Behavior, TestServer};

const GET: &[u8] = b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";

/// How long dropping a server may take: far more than it needs (its
/// connections' threads get at most 900 ms), far less than a hang.
const DROP_BOUND: Duration = Duration::from_secs(5);

fn connect(server: &TestServer) -> TcpStream {
    let s = TcpStream::connect(server.addr()).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s
}

fn ok_response(body: &[u8], connection: Option<&str>) -> Vec<u8> {
    let mut r = format!(
        "HTTP/1.1 200 OK\r\nServer: testkit\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(c) = connection {
        r.push_str(&format!("Connection: {c}\r\n"));
    }
    r.push_str("\r\n");
    let mut r = r.into_bytes();
    r.extend_from_slice(body);
    r
}

/// Reads one Content-Length framed response; `buf` keeps bytes read past it.
fn read_response(s: &mut TcpStream, buf: &mut Vec<u8>) -> Vec<u8> {
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(head) = find_head_end(buf) {
            let text = std::str::from_utf8(&buf[..head])
                .unwrap()
                .to_ascii_lowercase();
            let len: usize = text
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .map(|v| v.trim().parse().unwrap())
                .unwrap_or(0);
            if buf.len() >= head + len {
                return buf.drain(..head + len).collect();
            }
        }
        let n = s.read(&mut chunk).expect("read response");
        assert!(
            n > 0,
            "EOF before a full response; got {:?}",
            String::from_utf8_lossy(buf)
        );
        buf.extend_from_slice(&chunk[..n]);
    }
}

fn read_to_eof(s: &mut TcpStream) -> Vec<u8> {
    let mut all = Vec::new();
    s.read_to_end(&mut all).expect("read to EOF");
    all
}

/// Polls `f` until it is true or 5 s pass (server counters are updated on server threads).
fn wait_until(what: &str, f: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !f() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn url_and_closed_port() {
    let server = TestServer::start(Behavior::Good { body: b"x" });
    let port = server.addr().port();
    assert_eq!(server.url("/a/b"), format!("http://127.0.0.1:{port}/a/b"));
    assert_eq!(server.url("c"), format!("http://127.0.0.1:{port}/c"));
    let err = TcpStream::connect(("127.0.0.1", closed_port())).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ConnectionRefused);
}

#[test]
fn good_keep_alive() {
    let server = TestServer::start(Behavior::Good { body: b"hello" });
    let mut s = connect(&server);
    let mut buf = Vec::new();
    for _ in 0..3 {
        s.write_all(GET).unwrap();
        assert_eq!(read_response(&mut s, &mut buf), ok_response(b"hello", None));
    }
    assert_eq!(server.requests(), 3);
    assert_eq!(server.responses(), 3);
    assert_eq!(server.connections(), 1);
    assert_eq!(server.max_open_connections(), 1);
}

#[test]
fn good_pipelined_with_bodies() {
    let server = TestServer::start(Behavior::Good { body: b"ok" });
    let mut s = connect(&server);
    let batch = b"GET /1 HTTP/1.1\r\nHost: x\r\n\r\n\
POST /2 HTTP/1.1\r\nHost: x\r\ncontent-length: 5\r\n\r\nhello\
GET /3 HTTP/1.1\r\nHost: x\r\n\r\n";
    s.write_all(batch).unwrap();
    let mut buf = Vec::new();
    for _ in 0..3 {
        assert_eq!(read_response(&mut s, &mut buf), ok_response(b"ok", None));
    }
    assert!(buf.is_empty());
    assert_eq!(server.requests(), 3);
    assert_eq!(server.responses(), 3);
}

#[test]
fn good_answers_only_after_the_whole_body() {
    let server = TestServer::start(Behavior::Good { body: b"ok" });
    let mut s = connect(&server);
    s.write_all(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n01234")
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(server.requests(), 0, "body not complete yet");
    s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    let mut b = [0u8; 16];
    let e = s.read(&mut b).unwrap_err();
    assert!(matches!(
        e.kind(),
        ErrorKind::WouldBlock | ErrorKind::TimedOut
    ));
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(b"56789").unwrap();
    let mut buf = Vec::new();
    assert_eq!(read_response(&mut s, &mut buf), ok_response(b"ok", None));
    s.write_all(GET).unwrap();
    assert_eq!(read_response(&mut s, &mut buf), ok_response(b"ok", None));
    assert_eq!(server.requests(), 2);
}

#[test]
fn good_connection_close() {
    let server = TestServer::start(Behavior::Good { body: b"bye" });
    let mut s = connect(&server);
    // The request after `Connection: close` must not be answered.
    s.write_all(
        b"GET / HTTP/1.1\r\nHost: x\r\nConnection: Keep-Alive, CLOSE\r\n\r\nGET / HTTP/1.1\r\n\r\n",
    )
    .unwrap();
    assert_eq!(read_to_eof(&mut s), ok_response(b"bye", Some("close")));
    assert_eq!(server.requests(), 1);
    assert_eq!(server.responses(), 1);
}

#[test]
fn good_http10() {
    let server = TestServer::start(Behavior::Good { body: b"old" });
    // HTTP/1.0 closes by default.
    let mut s = connect(&server);
    s.write_all(b"GET / HTTP/1.0\r\n\r\n").unwrap();
    assert_eq!(read_to_eof(&mut s), ok_response(b"old", Some("close")));
    // ...and stays open with `Connection: keep-alive`.
    let mut s = connect(&server);
    let mut buf = Vec::new();
    for _ in 0..2 {
        s.write_all(b"GET / HTTP/1.0\r\nconnection: KEEP-ALIVE\r\n\r\n")
            .unwrap();
        assert_eq!(
            read_response(&mut s, &mut buf),
            ok_response(b"old", Some("keep-alive"))
        );
    }
    s.write_all(b"GET / HTTP/1.0\r\n\r\n").unwrap();
    assert_eq!(read_to_eof(&mut s), ok_response(b"old", Some("close")));
    assert_eq!(server.requests(), 4);
    assert_eq!(server.responses(), 4);
    assert_eq!(server.connections(), 2);
}

#[test]
fn good_head_and_bad_request() {
    let server = TestServer::start(Behavior::Good { body: b"body" });
    let mut s = connect(&server);
    s.write_all(b"HEAD / HTTP/1.1\r\n\r\n").unwrap();
    let mut expected = ok_response(b"body", None);
    expected.truncate(expected.len() - 4);
    let mut got = vec![0u8; expected.len()];
    s.read_exact(&mut got).unwrap();
    assert_eq!(got, expected);
    s.write_all(b"NONSENSE\r\n\r\n").unwrap();
    let rest = read_to_eof(&mut s);
    assert!(
        rest.starts_with(b"HTTP/1.1 400 Bad Request\r\n"),
        "{rest:?}"
    );
}

#[test]
fn stall_once() {
    // One connection asks again and again through the 2 s stall: exactly one
    // answer waits it out, with answers before and after it. "Slow" is over
    // half the stall, a margin a loaded machine keeps; the order and the
    // count are what is asserted.
    let (after, stall) = (Duration::from_millis(300), Duration::from_secs(2));
    let slow = stall / 2;
    let server = TestServer::start(Behavior::StallOnce { after, stall });
    let mut s = connect(&server);
    let mut buf = Vec::new();
    let start = Instant::now();
    let mut latencies = Vec::new();
    while start.elapsed() < after + stall + Duration::from_millis(700) {
        let t = Instant::now();
        s.write_all(GET).unwrap();
        assert_eq!(
            read_response(&mut s, &mut buf),
            ok_response(b"Hello World\n", None)
        );
        latencies.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(10));
    }
    let stalled: Vec<usize> = (0..latencies.len())
        .filter(|&i| latencies[i] > slow)
        .collect();
    assert_eq!(
        stalled.len(),
        1,
        "exactly one stalled response: {latencies:?}"
    );
    let i = stalled[0];
    assert!(i >= 1, "answered before the stall: {latencies:?}");
    assert!(
        latencies.len() > i + 1,
        "answered again after the stall: {latencies:?}"
    );

    // Other connections are stalled only during the window: a new one now
    // is not made to wait a second stall.
    let mut s2 = connect(&server);
    let t = Instant::now();
    s2.write_all(GET).unwrap();
    read_response(&mut s2, &mut Vec::new());
    assert!(t.elapsed() < slow, "stalled again: {:?}", t.elapsed());
    assert_eq!(server.requests(), server.responses());
}

#[test]
fn stall_once_is_global() {
    // The stall runs from 50 ms to 2,050 ms after the first request arrives.
    // Only orderings are asserted, with margins a loaded machine keeps.
    let (after, stall) = (Duration::from_millis(50), Duration::from_secs(2));
    let server = TestServer::start(Behavior::StallOnce { after, stall });
    let sent_first = Instant::now(); // the server's clock starts after this
    let mut first = connect(&server);
    first.write_all(GET).unwrap();
    read_response(&mut first, &mut Vec::new());
    std::thread::sleep(Duration::from_millis(300)); // now inside the stall
    let mut other = connect(&server);
    let sent_other = Instant::now();
    assert!(
        sent_other < sent_first + after + stall - Duration::from_millis(500),
        "the machine paused too long to send inside the stall ({:?} after the first)",
        sent_other - sent_first
    );
    other.write_all(GET).unwrap();
    read_response(&mut other, &mut Vec::new());
    // A new connection, opened during the stall, is answered only when it ends.
    assert!(
        sent_first.elapsed() >= after + stall,
        "answered {:?} after the first request, inside the stall",
        sent_first.elapsed()
    );
    assert_eq!(server.responses(), 2);
}

#[test]
fn reset() {
    let server = TestServer::start(Behavior::Reset);
    for _ in 0..3 {
        let mut s = connect(&server);
        s.write_all(GET).unwrap();
        let mut b = [0u8; 64];
        let err = s.read(&mut b).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ConnectionReset);
    }
    assert_eq!(server.requests(), 3);
    assert_eq!(server.responses(), 0);
    assert_eq!(server.connections(), 3);
}

#[test]
fn garbage() {
    let garbage: &[u8] = b"HTPT/9 abc\r\n\r\n";
    let server = TestServer::start(Behavior::Garbage { garbage });
    let mut s = connect(&server);
    for _ in 0..2 {
        s.write_all(GET).unwrap();
        let mut got = vec![0u8; garbage.len()];
        s.read_exact(&mut got).unwrap();
        assert_eq!(got, garbage);
    }
    // Pipelined: one answer per request.
    s.write_all(&GET.repeat(3)).unwrap();
    let mut got = vec![0u8; garbage.len() * 3];
    s.read_exact(&mut got).unwrap();
    assert_eq!(got, garbage.repeat(3));
    assert_eq!(server.requests(), 5);
    assert_eq!(server.responses(), 5);
}

#[test]
fn early_close() {
    let server = TestServer::start(Behavior::EarlyClose { n: 10 });
    let mut s = connect(&server);
    s.write_all(GET).unwrap();
    assert_eq!(read_to_eof(&mut s), b"HTTP/1.1 2");
    assert_eq!(server.requests(), 1);

    // `n` larger than the head: the whole head, then EOF.
    let server = TestServer::start(Behavior::EarlyClose { n: 100_000 });
    let mut s = connect(&server);
    s.write_all(GET).unwrap();
    let got = read_to_eof(&mut s);
    let head = ok_response(b"Hello World\n", None);
    assert_eq!(got, head[..head.len() - 12]);
}

#[test]
fn never_answers() {
    let server = TestServer::start(Behavior::NeverAnswers);
    let mut s = connect(&server);
    s.write_all(GET).unwrap();
    s.write_all(GET).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let mut b = [0u8; 64];
    let err = s.read(&mut b).unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::WouldBlock | ErrorKind::TimedOut
    ));
    wait_until("2 requests", || server.requests() == 2);
    assert_eq!(server.responses(), 0);
}

#[test]
fn short_body() {
    let server = TestServer::start(Behavior::ShortBody {
        announced: 100,
        sent: 7,
    });
    let mut s = connect(&server);
    s.write_all(GET).unwrap();
    let got = read_to_eof(&mut s);
    let head = b"HTTP/1.1 200 OK\r\nServer: testkit\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n";
    assert_eq!(got.len(), head.len() + 7);
    assert_eq!(&got[..head.len()], head);
    assert_eq!(find_head_end(&got), Some(head.len()));
    assert_eq!(server.requests(), 1);
    assert_eq!(server.responses(), 1);
}

#[test]
fn close_on_accept() {
    let server = TestServer::start(Behavior::CloseOnAccept);
    for _ in 0..3 {
        let mut s = connect(&server);
        let mut b = [0u8; 64];
        match s.read(&mut b) {
            Ok(n) => assert_eq!(n, 0),
            Err(e) => assert_eq!(e.kind(), ErrorKind::ConnectionReset),
        }
    }
    assert_eq!(server.connections(), 3);
    assert_eq!(server.requests(), 0);
    assert_eq!(server.max_open_connections(), 1);
}

#[test]
fn thousand_concurrent_connections() {
    const N: usize = 1000;
    let server = TestServer::start(Behavior::Good { body: b"hi" });
    let mut conns: Vec<TcpStream> = (0..N).map(|_| connect(&server)).collect();
    for s in &mut conns {
        s.write_all(GET).unwrap();
    }
    for s in &mut conns {
        assert_eq!(read_response(s, &mut Vec::new()), ok_response(b"hi", None));
    }
    assert_eq!(server.connections(), N as u64);
    assert_eq!(server.max_open_connections(), N as u64);
    assert_eq!(server.requests(), N as u64);
    assert_eq!(server.responses(), N as u64);
    let t = Instant::now();
    drop(server);
    // Drop gives its connections' threads at most 900 ms; a generous bound
    // for a loaded machine that still fails a drop that hangs.
    assert!(t.elapsed() < DROP_BOUND, "drop took {:?}", t.elapsed());
}

#[test]
fn max_open_counts_simultaneous_connections_only() {
    let server = TestServer::start(Behavior::Good { body: b"x" });
    for _ in 0..5 {
        let mut s = connect(&server);
        s.write_all(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
            .unwrap();
        read_to_eof(&mut s);
        drop(s);
        // Let the server notice the close before the next connection.
        std::thread::sleep(Duration::from_millis(30));
    }
    assert_eq!(server.connections(), 5);
    assert_eq!(server.max_open_connections(), 1);
}

#[test]
fn drop_is_prompt_with_connections_open() {
    let cases = [
        Behavior::NeverAnswers,
        Behavior::Good { body: b"x" },
        Behavior::Garbage { garbage: b"??" },
        Behavior::StallOnce {
            after: Duration::ZERO,
            stall: Duration::from_secs(30),
        },
        Behavior::EarlyClose { n: 3 },
    ];
    for behavior in cases {
        let server = TestServer::start(behavior);
        let mut conns: Vec<TcpStream> = (0..50).map(|_| connect(&server)).collect();
        for s in &mut conns {
            s.write_all(GET).unwrap();
        }
        // Some connections never send anything.
        let idle: Vec<TcpStream> = (0..10).map(|_| connect(&server)).collect();
        wait_until("requests", || server.requests() == 50);
        let t = Instant::now();
        drop(server);
        // Not the 30 s stall nor a never-answered request: drop ends them.
        assert!(
            t.elapsed() < DROP_BOUND,
            "{behavior:?}: drop took {:?}",
            t.elapsed()
        );
        // The server's sockets are shut down: clients see the end of the stream.
        for mut s in conns.into_iter().chain(idle) {
            let mut sink = Vec::new();
            match s.read_to_end(&mut sink) {
                Ok(_) => {}
                Err(e) => assert_eq!(e.kind(), ErrorKind::ConnectionReset, "{behavior:?}"),
            }
        }
    }
}

#[test]
fn drop_with_no_connections_is_prompt() {
    // Drop wakes the accept loop instead of waiting out its 200 ms poll: 50
    // starts and drops take a few milliseconds each, under 3 s even on a
    // loaded machine, where an unwoken loop would take about 5 s (half a
    // poll each on average).
    let t = Instant::now();
    for _ in 0..50 {
        drop(TestServer::start(Behavior::Good { body: b"" }));
    }
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
}
