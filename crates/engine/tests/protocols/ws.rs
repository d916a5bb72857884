//! WebSocket load end to end against a small server written with
//! tungstenite (an independent implementation of RFC 6455): the server
//! counts what it echoed or pushed, and the report must say the same.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use crate::common::{check_invariants, closed, error_kinds, run, serial, spec};
use barrage_engine::{IoKind, LoadSpec, Model, RunReport, WsMode};
use tungstenite::{Message, WebSocket};

/// What the server does on each connection.
#[derive(Clone, Copy)]
enum Mode {
    Echo,
    /// Pushes a 10-byte text message every `every` (and echoes).
    Push {
        every: Duration,
    },
}

/// A WebSocket server on 127.0.0.1, a thread per connection.
struct Server {
    addr: SocketAddr,
    /// Messages echoed or pushed, over all connections.
    sent: Arc<AtomicU64>,
    /// Close frames received from clients.
    closes: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
}

impl Server {
    fn start(mode: Mode, tls: Option<Arc<rustls::ServerConfig>>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let sent = Arc::new(AtomicU64::new(0));
        let closes = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, c, st) = (sent.clone(), closes.clone(), stop.clone());
        thread::spawn(move || {
            for tcp in listener.incoming() {
                if st.load(Ordering::Relaxed) {
                    return;
                }
                let Ok(tcp) = tcp else { continue };
                let (s, c, tls) = (s.clone(), c.clone(), tls.clone());
                thread::spawn(move || match tls {
                    None => serve(tcp, mode, &s, &c),
                    Some(config) => {
                        let conn = rustls::ServerConnection::new(config).unwrap();
                        serve(rustls::StreamOwned::new(conn, tcp), mode, &s, &c)
                    }
                });
            }
        });
        Server {
            addr,
            sent,
            closes,
            stop,
        }
    }

    fn url(&self, scheme: &str) -> String {
        format!("{scheme}://{}/ws", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = TcpStream::connect(self.addr);
    }
}

trait Stream: Read + Write {
    fn tcp(&self) -> &TcpStream;
}
impl Stream for TcpStream {
    fn tcp(&self) -> &TcpStream {
        self
    }
}
impl Stream for rustls::StreamOwned<rustls::ServerConnection, TcpStream> {
    fn tcp(&self) -> &TcpStream {
        &self.sock
    }
}

fn serve<S: Stream>(stream: S, mode: Mode, sent: &AtomicU64, closes: &AtomicU64) {
    let Ok(mut ws) = tungstenite::accept(stream) else {
        return;
    };
    if let Mode::Push { every } = mode {
        let _ = ws.get_ref().tcp().set_read_timeout(Some(every));
    }
    loop {
        match ws.read() {
            Ok(m @ (Message::Text(_) | Message::Binary(_))) => {
                if ws.send(m).is_err() {
                    return;
                }
                sent.fetch_add(1, Ordering::Relaxed);
            }
            Ok(Message::Close(_)) => {
                closes.fetch_add(1, Ordering::Relaxed);
            }
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                if push(&mut ws) {
                    sent.fetch_add(1, Ordering::Relaxed);
                }
            }
            Err(_) => return,
        }
    }
}

/// Pushes one message; true if it went.
fn push<S: Read + Write>(ws: &mut WebSocket<S>) -> bool {
    ws.send(Message::text("0123456789")).is_ok()
}

fn ws_spec(url: &str, model: Model) -> LoadSpec {
    let mut s = spec(url, model);
    s.duration = Some(Duration::from_millis(1000));
    s
}

/// Every WebSocket report's own rules: no statuses, the numbers of the
/// `ws` section agree with the totals.
fn check(r: &RunReport) {
    check_invariants(r);
    assert!(r.status_counts.is_empty(), "{:?}", r.status_counts);
    assert_eq!(r.totals.responses_not_2xx_3xx, 0);
    assert_eq!(r.spec.wire.label(), "ws");
    let ws = r.ws.as_ref().expect("a ws section");
    let upgrades = r.histograms.upgrade_us.as_ref().expect("upgrade times");
    assert_eq!(upgrades.len(), ws.upgraded);
    assert_eq!(ws.upgrade_us.count, ws.upgraded);
}

#[test]
fn echo_counts_are_the_servers() {
    let _serial = serial();
    let server = Server::start(Mode::Echo, None);
    let mut s = ws_spec(
        &server.url("ws"),
        Model::Closed {
            connections: 4,
            pipeline: 2,
        },
    );
    s.ws.message = vec![b'a'; 64];
    let r = run(&s);
    check(&r);
    assert!(error_kinds(&r).is_empty(), "{:?}", r.errors);
    let ws = r.ws.as_ref().unwrap();
    let echoed = server.sent.load(Ordering::Relaxed);
    assert!(echoed > 100, "{echoed}");
    // Every message sent was echoed and read before the close handshake ended.
    assert_eq!(r.totals.requests_sent, echoed);
    assert_eq!(r.totals.responses, echoed);
    assert_eq!((ws.messages_sent, ws.messages_received), (echoed, echoed));
    assert_eq!(ws.payload_bytes_sent, 64 * echoed);
    assert_eq!(ws.payload_bytes_received, 64 * echoed);
    assert_eq!((ws.upgraded, ws.closes_sent), (4, 4));
    assert_eq!(ws.close_codes.get("1000"), Some(&4), "{:?}", ws.close_codes);
    assert_eq!(server.closes.load(Ordering::Relaxed), 4);
    let summary = r.spec.ws.as_ref().unwrap();
    assert_eq!(
        (summary.mode, summary.message_bytes, summary.in_flight),
        (WsMode::Echo, 64, 2)
    );
}

#[test]
fn a_message_budget_sends_exactly_that_many() {
    let _serial = serial();
    let server = Server::start(Mode::Echo, None);
    let mut s = spec(&server.url("ws"), closed(3));
    s.max_requests = Some(500);
    s.ws.binary = true;
    s.ws.message = vec![0xff; 3000];
    let r = run(&s);
    check(&r);
    assert_eq!((r.totals.requests_sent, r.totals.responses), (500, 500));
    assert_eq!(server.sent.load(Ordering::Relaxed), 500);
}

#[test]
fn the_open_loop_sends_messages_on_schedule() {
    let _serial = serial();
    let server = Server::start(Mode::Echo, None);
    let model = Model::Open {
        rate: barrage_engine::Schedule::constant(500.0),
        arrival: barrage_engine::Arrival::Uniform,
        connections: 2,
        max_connections: 4,
    };
    let r = run(&ws_spec(&server.url("ws"), model));
    check(&r);
    assert!(error_kinds(&r).is_empty(), "{:?}", r.errors);
    let echoed = server.sent.load(Ordering::Relaxed);
    assert_eq!(r.totals.responses, echoed);
    // 500/s for a second: the schedule's messages, less any a late start left unsent.
    assert!((450..=500).contains(&echoed), "{echoed}");
}

#[test]
fn subscribed_messages_are_the_servers_pushes() {
    let _serial = serial();
    let server = Server::start(
        Mode::Push {
            every: Duration::from_millis(5),
        },
        None,
    );
    let mut s = ws_spec(&server.url("ws"), closed(2));
    s.ws.mode = WsMode::Subscribe;
    let r = run(&s);
    check(&r);
    assert!(error_kinds(&r).is_empty(), "{:?}", r.errors);
    let pushed = server.sent.load(Ordering::Relaxed);
    let ws = r.ws.as_ref().unwrap();
    assert!(pushed > 20, "{pushed}");
    assert_eq!(ws.messages_received, pushed);
    assert_eq!((ws.messages_sent, r.totals.requests_sent), (0, 0));
    assert_eq!(r.totals.responses, pushed);
}

#[test]
fn pings_are_answered_by_pongs() {
    let _serial = serial();
    let server = Server::start(Mode::Echo, None);
    let mut s = ws_spec(&server.url("ws"), closed(2));
    s.ws.ping_interval = Some(Duration::from_millis(100));
    let r = run(&s);
    check(&r);
    assert!(error_kinds(&r).is_empty(), "{:?}", r.errors);
    let ws = r.ws.as_ref().unwrap();
    assert!(ws.pings_sent >= 4, "{ws:?}");
    assert!(ws.pongs_received >= ws.pings_sent - 2, "{ws:?}");
    assert_eq!(r.totals.responses, server.sent.load(Ordering::Relaxed));
}

#[test]
fn wss_runs_over_the_tls_that_exists() {
    let _serial = serial();
    let config = crate::common::self_signed_tls();
    let server = Server::start(Mode::Echo, Some(Arc::new(config)));
    let mut s = ws_spec(&server.url("wss"), closed(2));
    s.tls.insecure = true;
    let r = run(&s);
    check(&r);
    assert!(error_kinds(&r).is_empty(), "{:?}", r.errors);
    assert_eq!(r.tls.as_ref().unwrap().alpn, None);
    assert_eq!(r.totals.responses, server.sent.load(Ordering::Relaxed));
    assert!(r.totals.responses > 10);
}

#[test]
fn io_uring_runs_the_same_session() {
    let _serial = serial();
    if let Some(why) = barrage_engine::io_uring_unavailable() {
        eprintln!("skipped: {why}");
        return;
    }
    let server = Server::start(Mode::Echo, None);
    let mut s = ws_spec(&server.url("ws"), closed(4));
    s.io = IoKind::IoUring;
    s.ws.ping_interval = Some(Duration::from_millis(100));
    let r = run(&s);
    check(&r);
    assert!(error_kinds(&r).is_empty(), "{:?}", r.errors);
    assert_eq!(r.spec.io, IoKind::IoUring);
    let echoed = server.sent.load(Ordering::Relaxed);
    assert_eq!(
        (r.totals.requests_sent, r.totals.responses),
        (echoed, echoed)
    );
    let ws = r.ws.as_ref().unwrap();
    assert_eq!(ws.closes_sent, 4);
    // The session's own timer runs on the ring's loop too.
    assert!(ws.pongs_received >= 4, "{ws:?}");
}

#[test]
fn a_server_that_is_not_websocket_refuses_the_upgrade() {
    let _serial = serial();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    thread::spawn(move || {
        for tcp in listener.incoming().take(64) {
            let Ok(mut tcp) = tcp else { continue };
            let mut buf = [0u8; 4096];
            let _ = tcp.read(&mut buf);
            let _ = tcp.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
        }
    });
    let mut s = spec(&format!("ws://{addr}/ws"), closed(1));
    s.duration = Some(Duration::from_millis(300));
    let r = run(&s);
    check_invariants(&r);
    let e = &r.errors["upgrade"];
    assert!(e.count >= 1);
    assert!(
        e.first.as_deref().unwrap().contains("404 Not Found"),
        "{e:?}"
    );
}
