//! The gRPC session against byte strings a server would send.

use std::time::{Duration, Instant};

use super::*;
use crate::recorder::ErrorKind;
use crate::session::h2::test_server::Server;
use crate::session::{Completed, StreamFailure, Timed};

const DATA: u8 = 0x0;
const HEADERS: u8 = 0x1;
const RST_STREAM: u8 = 0x3;
const WINDOW_UPDATE: u8 = 0x8;
const END_STREAM: u8 = 0x1;
const END_HEADERS: u8 = 0x4;

#[derive(Default)]
struct Seen {
    done: Vec<(u16, Instant)>,
    failed: Vec<StreamFailure>,
    errors: Vec<(bool, ErrorKind, String)>,
    calls_timed: usize,
    messages_timed: usize,
}

impl Sink for Seen {
    fn completed(&mut self, c: Completed) {
        self.done.push((c.status, c.request.intended));
    }
    fn failed(&mut self, _: Inflight, why: StreamFailure) {
        self.failed.push(why);
    }
    fn errored(
        &mut self,
        request: Option<Inflight>,
        kind: ErrorKind,
        message: &dyn Fn() -> String,
    ) {
        self.errors.push((request.is_some(), kind, message()));
    }
    fn timed(&mut self, what: Timed, _since: Instant, _measured: bool) {
        match what {
            Timed::Call => self.calls_timed += 1,
            Timed::Message => self.messages_timed += 1,
        }
    }
}

fn at(ms: u64) -> Inflight {
    let t = base() + Duration::from_millis(ms);
    Inflight {
        intended: t,
        sent: t,
        head: false,
        measured: true,
        template: 0,
    }
}

fn base() -> Instant {
    use std::sync::OnceLock;
    static BASE: OnceLock<Instant> = OnceLock::new();
    *BASE.get_or_init(Instant::now)
}

fn prefixed(payload: &[u8]) -> Box<[u8]> {
    let mut m = vec![0; 5];
    messages::put_prefix(&mut m, payload.len());
    m.extend_from_slice(payload);
    m.into_boxed_slice()
}

fn config(
    unit: GrpcUnit,
    shape: GrpcShape,
    per_call: Option<u64>,
    open_loop: bool,
) -> Arc<GrpcConfig> {
    let f = |n: &str, v: &str| -> Field { (n.as_bytes().into(), v.as_bytes().into()) };
    Arc::new(GrpcConfig {
        headers: vec![
            f(":method", "POST"),
            f(":scheme", "http"),
            f(":path", "/barrage.bench.v1.Bench/Echo"),
            f(":authority", "127.0.0.1"),
            f("content-type", "application/grpc"),
            f("te", "trailers"),
        ],
        messages: GrpcMessages::Fixed(vec![prefixed(b"hi")]),
        shape,
        unit,
        per_call,
        calls_per_connection: 1,
        open_loop,
        windows: H2Settings::from_bits(16, 16),
        next_request: AtomicU64::new(0),
        next_connection: AtomicU64::new(0),
    })
}

fn unary() -> Arc<GrpcConfig> {
    config(GrpcUnit::Call, GrpcShape::Unary, Some(1), false)
}

/// The gRPC server's heads, messages and trailers.
trait Frames {
    fn head(&mut self, stream: u32) -> &mut Server;
    fn data(&mut self, stream: u32, bytes: &[u8], end_stream: bool) -> &mut Server;
    fn trailers(&mut self, stream: u32, status: &str) -> &mut Server;
}

impl Frames for Server {
    fn head(&mut self, stream: u32) -> &mut Server {
        self.fields(
            stream,
            &[(":status", "200"), ("content-type", "application/grpc")],
            false,
        )
    }
    fn data(&mut self, stream: u32, bytes: &[u8], end_stream: bool) -> &mut Server {
        self.frame(DATA, if end_stream { END_STREAM } else { 0 }, stream, bytes)
    }
    fn trailers(&mut self, stream: u32, status: &str) -> &mut Server {
        self.fields(stream, &[("grpc-status", status)], true)
    }
}

/// A session past the server's SETTINGS (`settings`), and the server.
fn open(config: Arc<GrpcConfig>, settings: &[(u16, u32)]) -> (GrpcSession, Server) {
    let mut s = GrpcSession::new(config);
    let mut out = Vec::new();
    s.on_connect(&mut out);
    let mut srv = Server::new();
    let bytes = srv.settings(settings).take();
    s.on_read(&bytes, base(), &mut Seen::default(), &mut out)
        .unwrap();
    (s, srv)
}

fn feed(s: &mut GrpcSession, bytes: &[u8], seen: &mut Seen) -> Vec<u8> {
    let mut out = Vec::new();
    s.on_read(bytes, base(), seen, &mut out).unwrap();
    out
}

/// The frames in `out`, as (kind, flags, stream, payload).
fn frames(mut out: &[u8]) -> Vec<(u8, u8, u32, Vec<u8>)> {
    let mut v = Vec::new();
    while out.len() >= 9 {
        let len = u32::from_be_bytes([0, out[0], out[1], out[2]]) as usize;
        let stream = u32::from_be_bytes([out[5], out[6], out[7], out[8]]);
        v.push((out[3], out[4], stream, out[9..9 + len].to_vec()));
        out = &out[9 + len..];
    }
    v
}

const DEPTH: Depth = Depth {
    pipeline: 1,
    streams: 4,
};

#[test]
fn a_unary_call_sends_its_head_and_message_and_completes_at_grpc_status_0() {
    let (mut s, mut srv) = open(unary(), &[]);
    assert_eq!(s.room(DEPTH), 4);
    let mut out = Vec::new();
    s.submit(at(0), &mut out);
    let sent = frames(&out);
    assert_eq!(sent.len(), 2);
    assert_eq!((sent[0].0, sent[0].1, sent[0].2), (HEADERS, END_HEADERS, 1));
    let head = loona_hpack::Decoder::new().decode(&sent[0].3).unwrap();
    let head: Vec<(String, String)> = head
        .into_iter()
        .map(|(n, v)| (String::from_utf8(n).unwrap(), String::from_utf8(v).unwrap()))
        .collect();
    assert!(head.contains(&(":method".into(), "POST".into())));
    assert!(head.contains(&("te".into(), "trailers".into())));
    assert_eq!(
        (sent[1].0, sent[1].1, &sent[1].3[..]),
        (DATA, END_STREAM, &b"\0\0\0\0\x02hi"[..])
    );
    assert_eq!(s.in_flight(), 1);
    let mut seen = Seen::default();
    let bytes = srv
        .head(1)
        .data(1, &prefixed(b"hi"), false)
        .trailers(1, "0")
        .take();
    feed(&mut s, &bytes, &mut seen);
    assert_eq!(seen.done.len(), 1);
    assert_eq!(seen.done[0].0, 200);
    assert_eq!((seen.calls_timed, seen.errors.len()), (1, 0));
    assert_eq!(s.in_flight(), 0);
    let r = s.counts.report();
    assert_eq!(
        (r.calls_started, r.calls_ended, r.messages_received),
        (1, 1, 1)
    );
    assert_eq!(r.status["0"].count, 1);
}

/// Runs one unary call against `bytes` (for stream 1) and returns what the sink saw and wrote.
fn one_call(bytes: impl FnOnce(&mut Server) -> Vec<u8>) -> (Seen, Vec<u8>, GrpcSession) {
    let (mut s, mut srv) = open(unary(), &[]);
    s.submit(at(0), &mut Vec::new());
    let mut seen = Seen::default();
    let bytes = bytes(&mut srv);
    let out = feed(&mut s, &bytes, &mut seen);
    (seen, out, s)
}

#[test]
fn non_ok_and_trailers_only_statuses_are_grpc_status_errors_with_their_message() {
    let (seen, _, s) = one_call(|srv| {
        srv.head(1)
            .fields(
                1,
                &[("grpc-status", "14"), ("grpc-message", "down%20now")],
                true,
            )
            .take()
    });
    assert_eq!(
        seen.errors,
        vec![(true, ErrorKind::GrpcStatus, "UNAVAILABLE: down now".into())]
    );
    assert_eq!(seen.calls_timed, 1);
    let r = s.counts.report();
    assert_eq!(r.status["14"].first_message.as_deref(), Some("down now"));
    let (seen, _, _) = one_call(|srv| {
        let f = [
            (":status", "200"),
            ("content-type", "application/grpc"),
            ("grpc-status", "5"),
        ];
        srv.fields(1, &f, true).take()
    });
    assert_eq!(
        seen.errors,
        vec![(true, ErrorKind::GrpcStatus, "NOT_FOUND".into())]
    );
}

#[test]
fn answers_that_are_not_grpc_are_not_grpc_errors() {
    let (seen, _, _) = one_call(|srv| srv.head(1).fields(1, &[("x", "y")], true).take());
    assert_eq!(
        seen.errors,
        vec![(
            true,
            ErrorKind::NotGrpc,
            "trailers without grpc-status".into()
        )]
    );
    let (seen, _, _) = one_call(|srv| srv.fields(1, &[(":status", "404")], true).take());
    assert_eq!(
        seen.errors,
        vec![(
            true,
            ErrorKind::NotGrpc,
            "HTTP 404 without grpc-status".into()
        )]
    );
    let (seen, out, s) = one_call(|srv| {
        let f = [(":status", "200"), ("content-type", "text/html")];
        srv.fields(1, &f, false).data(1, b"<html>", false).take()
    });
    assert_eq!(seen.errors.len(), 1);
    assert_eq!(seen.errors[0].1, ErrorKind::NotGrpc);
    assert!(
        seen.errors[0].2.contains("text/html"),
        "{}",
        seen.errors[0].2
    );
    // The call is cancelled, and the connection goes on.
    assert_eq!(frames(&out).iter().filter(|f| f.0 == RST_STREAM).count(), 1);
    assert_eq!((s.in_flight(), s.room(DEPTH)), (0, 4));
}

#[test]
fn framing_errors_are_protocol_errors_of_the_call() {
    let (seen, out, _) = one_call(|srv| srv.head(1).data(1, &[1, 0, 0, 0, 1, 7], false).take());
    assert_eq!(seen.errors[0].1, ErrorKind::Protocol);
    assert!(seen.errors[0].2.contains("compressed"));
    assert_eq!(frames(&out)[0].0, RST_STREAM);
    // A length prefix past the end of the stream.
    let (seen, _, _) = one_call(|srv| srv.head(1).data(1, &[0, 0, 0, 0, 10, b'a'], true).take());
    assert_eq!(seen.errors[0].1, ErrorKind::Protocol);
    assert!(seen.errors[0].2.contains("ended inside"));
}

#[test]
fn a_prefix_split_across_frames_is_one_message() {
    let m = prefixed(b"hello");
    let (seen, _, s) = one_call(|srv| {
        srv.head(1)
            .data(1, &m[..2], false)
            .data(1, &m[2..6], false)
            .data(1, &m[6..], false)
            .trailers(1, "0")
            .take()
    });
    assert_eq!((seen.done.len(), seen.errors.len()), (1, 0));
    let r = s.counts.report();
    assert_eq!((r.messages_received, r.payload_bytes_received), (1, 5));
}

#[test]
fn a_reset_mid_message_fails_the_call_as_a_stream_error() {
    let (seen, _, s) = one_call(|srv| {
        srv.head(1)
            .data(1, &[0, 0, 0, 0, 9, 1], false)
            .frame(RST_STREAM, 0, 1, &2u32.to_be_bytes())
            .take()
    });
    assert_eq!(seen.failed, vec![StreamFailure::Reset { code: 2 }]);
    assert_eq!(s.in_flight(), 0);
}

#[test]
fn bidi_messages_are_answered_in_order_and_the_goodbye_half_closes() {
    let (mut s, mut srv) = open(config(GrpcUnit::Message, GrpcShape::Bidi, None, true), &[]);
    let mut out = Vec::new();
    for ms in [1, 2, 3] {
        assert!(s.room(DEPTH) > 0);
        s.submit(at(ms), &mut out);
    }
    // One call (calls_per_connection 1): HEADERS, then three messages on it.
    let sent = frames(&out);
    assert_eq!(sent.iter().filter(|f| f.0 == HEADERS).count(), 1);
    assert_eq!(sent.iter().filter(|f| f.0 == DATA && f.2 == 1).count(), 3);
    assert_eq!(s.in_flight(), 3);
    let mut two = prefixed(b"hi").to_vec();
    two.extend_from_slice(&prefixed(b"hi"));
    let mut seen = Seen::default();
    feed(&mut s, &srv.head(1).data(1, &two, false).take(), &mut seen);
    let order: Vec<Instant> = seen.done.iter().map(|d| d.1).collect();
    assert_eq!(order, vec![at(1).intended, at(2).intended]);
    assert_eq!(seen.messages_timed, 2);
    let mut out = Vec::new();
    assert!(s.goodbye(&mut out));
    assert_eq!(frames(&out), vec![(DATA, END_STREAM, 1, vec![])]);
    assert!(s.awaits_goodbye());
    assert_eq!(s.room(DEPTH), 0);
    let bytes = srv.data(1, &prefixed(b"hi"), false).trailers(1, "0").take();
    feed(&mut s, &bytes, &mut seen);
    assert_eq!(seen.done.len(), 3);
    assert_eq!((seen.calls_timed, s.in_flight()), (1, 0));
    assert!(!s.awaits_goodbye());
}

#[test]
fn closed_loop_messages_go_on_an_idle_call_and_calls_end_after_stream_messages() {
    let (mut s, mut srv) = open(
        config(GrpcUnit::Message, GrpcShape::Bidi, Some(2), false),
        &[],
    );
    let mut out = Vec::new();
    assert_eq!(s.room(DEPTH), 1);
    s.submit(at(0), &mut out);
    assert_eq!(s.room(DEPTH), 0);
    let mut seen = Seen::default();
    feed(
        &mut s,
        &srv.head(1).data(1, &prefixed(b"hi"), false).take(),
        &mut seen,
    );
    assert_eq!(s.room(DEPTH), 1);
    let mut out = Vec::new();
    s.submit(at(1), &mut out);
    // The second message is the call's last: END_STREAM with it.
    assert_eq!(frames(&out)[0].1, END_STREAM);
    feed(
        &mut s,
        &srv.data(1, &prefixed(b"hi"), false).trailers(1, "0").take(),
        &mut seen,
    );
    assert_eq!((seen.done.len(), seen.calls_timed), (2, 1));
    // A new call opens for the next message.
    let mut out = Vec::new();
    s.submit(at(2), &mut out);
    assert_eq!(frames(&out)[0].0, HEADERS);
    assert_eq!(frames(&out)[0].2, 3);
}

#[test]
fn messages_wait_for_the_stream_window_and_go_when_it_opens() {
    const INITIAL_WINDOW_SIZE: u16 = 0x4;
    let cfg = config(GrpcUnit::Call, GrpcShape::ClientStreaming, Some(2), false);
    let (mut s, mut srv) = open(cfg, &[(INITIAL_WINDOW_SIZE, 4)]);
    let mut out = Vec::new();
    s.submit(at(0), &mut out);
    let sent = frames(&out);
    let data: Vec<_> = sent.iter().filter(|f| f.0 == DATA).collect();
    assert_eq!(data.len(), 1);
    assert_eq!((data[0].1, data[0].3.len()), (0, 4));
    let mut seen = Seen::default();
    let out = feed(
        &mut s,
        &srv.frame(WINDOW_UPDATE, 0, 1, &100u32.to_be_bytes()).take(),
        &mut seen,
    );
    let rest = frames(&out);
    assert_eq!(rest.len(), 1);
    assert_eq!(
        (rest[0].0, rest[0].1, rest[0].3.len()),
        (DATA, END_STREAM, 10)
    );
    let bytes = srv
        .head(1)
        .data(1, &prefixed(b"3"), false)
        .trailers(1, "0")
        .take();
    feed(&mut s, &bytes, &mut seen);
    assert_eq!(seen.done.len(), 1);
    assert_eq!(s.counts.report().messages_sent, 2);
}

#[test]
fn grpc_message_is_percent_decoded() {
    assert_eq!(calls::percent_decode(b"a%20b%zz%"), "a b%zz%");
    assert_eq!(calls::percent_decode(b"%E2%9C%93"), "\u{2713}");
}

#[test]
fn arbitrary_server_bytes_never_panic() {
    let mut valid = Server::new();
    for id in [1, 3, 5] {
        valid.head(id).data(id, &prefixed(b"hello"), false);
    }
    valid
        .trailers(1, "0")
        .fields(3, &[("grpc-status", "2")], true);
    valid.frame(RST_STREAM, 0, 5, &8u32.to_be_bytes());
    let valid = valid.take();
    let mut rng = fastrand::Rng::with_seed(32);
    for round in 0..4_000 {
        let message_unit = round % 2 == 1;
        let cfg = if message_unit {
            config(GrpcUnit::Message, GrpcShape::Bidi, Some(3), round % 4 == 1)
        } else {
            config(GrpcUnit::Call, GrpcShape::ServerStreaming, Some(2), false)
        };
        let (mut s, _) = open(cfg, &[]);
        let depth = Depth {
            pipeline: 1,
            streams: 3,
        };
        let mut out = Vec::new();
        let mut submitted = 0;
        for ms in 0..3 {
            if s.room(depth) > 0 {
                s.submit(at(ms), &mut out);
                submitted += 1;
            }
        }
        let mut bytes = valid.clone();
        for _ in 0..rng.usize(1..8) {
            let i = rng.usize(..bytes.len());
            bytes[i] = rng.u8(..);
        }
        let cut = rng.usize(..=bytes.len());
        let mut seen = Seen::default();
        for part in [&bytes[..cut], &bytes[cut..]] {
            if s.on_read(part, base(), &mut seen, &mut out).is_err() {
                break;
            }
            // Every request is in flight or retired once, whatever came.
            let retired =
                seen.done.len() + seen.failed.len() + seen.errors.iter().filter(|e| e.0).count();
            assert_eq!(submitted - retired, s.in_flight(), "round {round}");
            if round % 3 == 0 {
                s.goodbye(&mut out);
            }
        }
        let _ = s.on_eof();
        let _ = s.oldest();
    }
}
