//! The HTTP/2 session against byte strings a server would send.

use std::time::Instant;

use super::frame::{self, flag, kind, setting};
use super::test_server::Server;
use super::*;
use crate::session::{Completed, Sink};

#[derive(Default)]
struct Seen {
    done: Vec<(u16, u32)>,
    failed: Vec<StreamFailure>,
}

impl Sink for Seen {
    fn completed(&mut self, c: Completed) {
        self.done
            .push((c.status, c.request.sent.elapsed().as_secs() as u32));
    }
    fn failed(&mut self, _: Inflight, why: StreamFailure) {
        self.failed.push(why);
    }
}

fn inflight() -> Inflight {
    let now = Instant::now();
    Inflight {
        intended: now,
        sent: now,
        head: false,
        measured: true,
        template: 0,
    }
}

fn get() -> H2Request {
    let h = |n: &str, v: &str| (n.as_bytes().into(), v.as_bytes().into());
    H2Request {
        headers: vec![
            h(":method", "GET"),
            h(":scheme", "http"),
            h(":authority", "127.0.0.1"),
            h(":path", "/"),
        ],
        body: Box::new([]),
    }
}

/// The HTTP/2 server's heads and bodies.
trait Frames {
    fn head(&mut self, stream: u32, status: &str, end_stream: bool) -> &mut Server;
    fn data(&mut self, stream: u32, len: usize, end_stream: bool) -> &mut Server;
}

impl Frames for Server {
    fn head(&mut self, stream: u32, status: &str, end_stream: bool) -> &mut Server {
        let fields = [(":status", status), ("content-type", "text/plain")];
        self.fields(stream, &fields, end_stream)
    }
    fn data(&mut self, stream: u32, len: usize, end_stream: bool) -> &mut Server {
        let flags = if end_stream { flag::END_STREAM } else { 0 };
        self.frame(kind::DATA, flags, stream, &vec![b'x'; len])
    }
}

/// A session past the handshake (server allows `max` streams) with `n` streams open.
fn open(max: u32, n: usize, windows: H2Settings) -> (H2Session, Server) {
    let mut s = H2Session::new(windows, 20_000);
    let mut out = Vec::new();
    s.on_connect(&mut out);
    let mut srv = Server::new();
    let bytes = srv
        .settings(&[(setting::MAX_CONCURRENT_STREAMS, max)])
        .take();
    s.on_read(&bytes, &mut Seen::default(), &mut out).unwrap();
    for _ in 0..n {
        s.submit(&get(), inflight(), &mut out);
    }
    (s, srv)
}

fn feed(
    s: &mut H2Session,
    bytes: &[u8],
    chunk: usize,
) -> (Seen, Result<Flow, SessionError>, Vec<u8>) {
    let mut seen = Seen::default();
    let mut out = Vec::new();
    let mut result = Ok(Flow::Continue);
    for part in bytes.chunks(chunk.max(1)) {
        result = s.on_read(part, &mut seen, &mut out);
        if result.is_err() {
            break;
        }
    }
    (seen, result, out)
}

/// The frames in `out`, as (kind, flags, stream, payload).
fn frames(mut out: &[u8]) -> Vec<(u8, u8, u32, Vec<u8>)> {
    let mut v = Vec::new();
    if out.starts_with(frame::PREFACE) {
        out = &out[frame::PREFACE.len()..];
    }
    while out.len() >= HEADER_LEN {
        let h = FrameHeader::parse(out);
        let end = HEADER_LEN + h.len as usize;
        v.push((h.kind, h.flags, h.stream, out[HEADER_LEN..end].to_vec()));
        out = &out[end..];
    }
    v
}

#[test]
fn preface_settings_and_connection_window() {
    let mut s = H2Session::new(H2Settings::from_bits(30, 30), 0);
    let mut out = Vec::new();
    s.on_connect(&mut out);
    assert!(out.starts_with(frame::PREFACE));
    let f = frames(&out);
    assert_eq!(f[0].0, kind::SETTINGS);
    let settings: Vec<(u16, u32)> = f[0]
        .3
        .chunks(6)
        .map(|c| (u16::from_be_bytes([c[0], c[1]]), frame::u32_at(c, 2)))
        .collect();
    assert_eq!(
        settings,
        [
            (setting::ENABLE_PUSH, 0),
            (setting::INITIAL_WINDOW_SIZE, (1 << 30) - 1)
        ]
    );
    assert_eq!(f[1].0, kind::WINDOW_UPDATE);
    assert_eq!(frame::u32_at(&f[1].3, 0), (1 << 30) - 1 - 65_535);
    // Default windows: no INITIAL_WINDOW_SIZE, no WINDOW_UPDATE.
    let mut s = H2Session::new(H2Settings::from_bits(16, 16), 0);
    let mut out = Vec::new();
    s.on_connect(&mut out);
    assert_eq!(frames(&out).len(), 1);
}

#[test]
fn nothing_is_sent_before_the_servers_settings_and_its_limit_holds() {
    let mut s = H2Session::new(H2Settings::from_bits(16, 16), 0);
    let mut out = Vec::new();
    s.on_connect(&mut out);
    assert_eq!(s.room(100), 0);
    let mut srv = Server::new();
    let bytes = srv.settings(&[(setting::MAX_CONCURRENT_STREAMS, 3)]).take();
    let (_, flow, out) = feed(&mut s, &bytes, 1000);
    assert_eq!(flow, Ok(Flow::Continue));
    assert_eq!(frames(&out), [(kind::SETTINGS, flag::ACK, 0, vec![])]);
    assert_eq!(s.room(100), 3);
    assert_eq!(s.room(2), 2);
    assert_eq!(s.events.peer_max_streams, 3);
}

#[test]
fn responses_in_any_order_and_split_anywhere() {
    for chunk in [1, 2, 7, 9, 10, 4096] {
        let (mut s, mut srv) = open(100, 3, H2Settings::from_bits(16, 16));
        assert_eq!(s.in_flight(), 3);
        let bytes = srv
            .head(3, "404", true)
            .head(1, "100", false) // interim
            .head(1, "200", false)
            .data(1, 10, false)
            .head(5, "201", false)
            .data(5, 0, true)
            .data(1, 5, true)
            .take();
        let (seen, flow, _) = feed(&mut s, &bytes, chunk);
        assert_eq!(flow, Ok(Flow::Continue), "chunk {chunk}");
        let statuses: Vec<u16> = seen.done.iter().map(|d| d.0).collect();
        assert_eq!(statuses, [404, 201, 200], "chunk {chunk}");
        assert_eq!(s.in_flight(), 0);
        assert!(s.oldest().is_none());
        assert_eq!(s.room(100), 100);
    }
}

#[test]
fn the_newest_stream_ending_first_keeps_later_ids_in_their_slots() {
    let (mut s, mut srv) = open(100, 3, H2Settings::from_bits(16, 16));
    let (seen, _, _) = feed(&mut s, &srv.head(5, "201", true).take(), 4096);
    assert_eq!(seen.done.len(), 1);
    let mut out = Vec::new();
    s.submit(&get(), inflight(), &mut out); // stream 7
    let bytes = srv
        .head(7, "202", true)
        .head(1, "200", true)
        .head(3, "203", true)
        .take();
    let (seen, flow, _) = feed(&mut s, &bytes, 4096);
    assert_eq!(flow, Ok(Flow::Continue));
    let statuses: Vec<u16> = seen.done.iter().map(|d| d.0).collect();
    assert_eq!(statuses, [202, 200, 203]);
    assert_eq!(s.in_flight(), 0);
}

#[test]
fn stream_and_connection_windows_are_given_back() {
    // 1,023-byte stream windows: a WINDOW_UPDATE once half is used.
    let (mut s, mut srv) = open(100, 1, H2Settings::from_bits(10, 16));
    let bytes = srv.head(1, "200", false).data(1, 600, false).take();
    let (_, flow, out) = feed(&mut s, &bytes, 4096);
    assert_eq!(flow, Ok(Flow::Continue));
    assert_eq!(
        frames(&out),
        [(kind::WINDOW_UPDATE, 0, 1, 600u32.to_be_bytes().to_vec())]
    );
    // 423 left + 600 given back: 1,023 more fit, 1,024 do not.
    let bytes = srv.data(1, 1023, false).take();
    assert!(feed(&mut s, &bytes, 4096).1.is_ok());
    let bytes = srv.data(1, 1, true).take();
    let (seen, flow, _) = feed(&mut s, &bytes, 4096);
    assert!(flow.is_ok() && seen.done.len() == 1, "{flow:?}");

    // The connection window (65,535 by default) refills once half is used.
    let (mut s, mut srv) = open(100, 4, H2Settings::from_bits(30, 16));
    for id in [1, 3, 5] {
        srv.head(id, "200", false).data(id, 16_000, true);
    }
    let (seen, flow, out) = feed(&mut s, &srv.take(), 65_536);
    assert_eq!(flow, Ok(Flow::Continue));
    assert_eq!(seen.done.len(), 3);
    assert_eq!(
        frames(&out),
        [(kind::WINDOW_UPDATE, 0, 0, 48_000u32.to_be_bytes().to_vec())]
    );
}

#[test]
fn flow_control_violations_are_errors() {
    let (mut s, mut srv) = open(100, 1, H2Settings::from_bits(10, 16));
    let bytes = srv.head(1, "200", false).data(1, 1024, false).take();
    let e = feed(&mut s, &bytes, 4096).1.unwrap_err();
    assert!(e.message.contains("FLOW_CONTROL_ERROR"), "{e:?}");
}

#[test]
fn continuation_padding_and_priority() {
    let (mut s, mut srv) = open(100, 1, H2Settings::from_bits(16, 16));
    let block = srv.enc.encode([
        (&b":status"[..], &b"200"[..]),
        (&b"x-long"[..], &[b'v'; 100][..]),
    ]);
    let (first, rest) = block.split_at(3);
    // HEADERS: pad length 2, priority (5 bytes), 3 bytes of block, 2 of padding.
    let mut payload = vec![2, 0, 0, 0, 0, 16];
    payload.extend_from_slice(first);
    payload.extend_from_slice(&[0, 0]);
    srv.frame(kind::HEADERS, flag::PADDED | flag::PRIORITY, 1, &payload)
        .frame(kind::CONTINUATION, 0, 1, &rest[..10])
        .frame(kind::CONTINUATION, flag::END_HEADERS, 1, &rest[10..])
        .frame(
            kind::DATA,
            flag::PADDED | flag::END_STREAM,
            1,
            &[3, b'o', b'k', 0, 0, 0],
        )
        .frame(0xfa, 0, 0, b"unknown frame types are ignored")
        .frame(kind::PRIORITY, 0, 1, &[0, 0, 0, 0, 1]);
    let (seen, flow, _) = feed(&mut s, &srv.take(), 5);
    assert_eq!(flow, Ok(Flow::Continue));
    assert_eq!(seen.done.len(), 1);
    assert_eq!(seen.done[0].0, 200);
}

#[test]
fn reset_streams_fail_and_goaway_refuses_the_rest_then_closes() {
    let (mut s, mut srv) = open(100, 4, H2Settings::from_bits(16, 16));
    let mut goaway = Vec::new();
    goaway.extend_from_slice(&3u32.to_be_bytes());
    goaway.extend_from_slice(&0u32.to_be_bytes());
    let bytes = srv
        .frame(kind::RST_STREAM, 0, 1, &7u32.to_be_bytes())
        .frame(kind::GOAWAY, 0, 0, &goaway)
        .take();
    let (seen, flow, _) = feed(&mut s, &bytes, 4096);
    assert_eq!(flow, Ok(Flow::Continue)); // stream 3 is still in flight
    assert_eq!(
        seen.failed,
        [
            StreamFailure::Reset { code: 7 },
            StreamFailure::Refused { code: 0 },
            StreamFailure::Refused { code: 0 }
        ]
    );
    assert_eq!((s.in_flight(), s.room(100)), (1, 0));
    assert_eq!(
        (
            s.events.streams_reset,
            s.events.streams_refused,
            s.events.goaways_received
        ),
        (1, 2, 1)
    );
    let (seen, flow, _) = feed(&mut s, &srv.head(3, "200", true).take(), 4096);
    assert_eq!((seen.done.len(), flow), (1, Ok(Flow::Close)));
    // A late frame for a stream that was refused is not an error.
    let late = srv
        .frame(kind::RST_STREAM, 0, 5, &8u32.to_be_bytes())
        .take();
    assert!(feed(&mut s, &late, 4096).1.is_ok());
}

#[test]
fn pings_are_answered_with_their_payload() {
    let (mut s, mut srv) = open(100, 0, H2Settings::from_bits(16, 16));
    let bytes = srv
        .frame(kind::PING, 0, 0, b"12345678")
        .frame(kind::PING, flag::ACK, 0, b"ignored!")
        .take();
    let (_, flow, out) = feed(&mut s, &bytes, 4096);
    assert_eq!(flow, Ok(Flow::Continue));
    assert_eq!(
        frames(&out),
        [(kind::PING, flag::ACK, 0, b"12345678".to_vec())]
    );
    assert_eq!(s.events.pings_received, 1);
}

#[test]
fn eof_with_streams_open_is_an_early_close() {
    let (mut s, _) = open(100, 2, H2Settings::from_bits(16, 16));
    assert!(s.on_eof().unwrap_err().0.contains("2 HTTP/2 stream(s)"));
    let (mut s, _) = open(100, 0, H2Settings::from_bits(16, 16));
    assert!(s.on_eof().is_ok());
}

#[test]
fn protocol_errors_table() {
    type Build = fn(&mut Server);
    let cases: [(&str, Build, &str); 12] = [
        (
            "settings of 7 bytes",
            |s| {
                s.frame(kind::SETTINGS, 0, 0, &[0; 7]);
            },
            "FRAME_SIZE_ERROR",
        ),
        (
            "frame over 16 KiB",
            |s| {
                s.frame(kind::DATA, 0, 1, &[0; 16_385]);
            },
            "FRAME_SIZE_ERROR",
        ),
        (
            "push promise",
            |s| {
                s.frame(
                    kind::PUSH_PROMISE,
                    flag::END_HEADERS,
                    1,
                    &[0, 0, 0, 2, 0x88],
                );
            },
            "PUSH_PROMISE",
        ),
        (
            "hpack index 0",
            |s| {
                s.frame(kind::HEADERS, flag::END_HEADERS, 1, &[0x80]);
            },
            "COMPRESSION_ERROR",
        ),
        (
            "hpack index past the table",
            |s| {
                s.frame(kind::HEADERS, flag::END_HEADERS, 1, &[0xff, 0x40]);
            },
            "COMPRESSION_ERROR",
        ),
        (
            "data on stream 0",
            |s| {
                s.frame(kind::DATA, 0, 0, b"x");
            },
            "stream 0",
        ),
        (
            "headers on a stream never opened",
            |s| {
                s.head(7, "200", true);
            },
            "never opened",
        ),
        (
            "continuation alone",
            |s| {
                s.frame(kind::CONTINUATION, flag::END_HEADERS, 1, &[0x88]);
            },
            "without HEADERS",
        ),
        (
            "interleaved header block",
            |s| {
                s.frame(kind::HEADERS, 0, 1, &[0x88])
                    .frame(kind::PING, 0, 0, &[0; 8]);
            },
            "expected CONTINUATION",
        ),
        (
            "padding past the end",
            |s| {
                s.frame(kind::DATA, flag::PADDED, 1, &[9, 1]);
            },
            "padding",
        ),
        (
            "window update of 0",
            |s| {
                s.frame(kind::WINDOW_UPDATE, 0, 0, &[0; 4]);
            },
            "WINDOW_UPDATE of 0",
        ),
        (
            "no :status",
            |s| {
                s.frame(
                    kind::HEADERS,
                    flag::END_HEADERS,
                    1,
                    &[0x40, 1, b'a', 1, b'b'],
                );
            },
            ":status",
        ),
    ];
    for (name, build, want) in cases {
        let (mut s, mut srv) = open(100, 1, H2Settings::from_bits(16, 16));
        build(&mut srv);
        let e = feed(&mut s, &srv.take(), 4096).1.expect_err(name);
        assert!(e.message.contains(want), "{name}: {e:?}");
        assert!(e.message.starts_with("HTTP/2 "), "{name}: {e:?}");
    }
}

#[test]
fn request_frames_index_repeated_headers() {
    let (mut s, _) = open(100, 0, H2Settings::from_bits(16, 16));
    let mut out = Vec::new();
    s.submit(&get(), inflight(), &mut out);
    let first = frames(&out);
    out.clear();
    s.submit(&get(), inflight(), &mut out);
    let second = frames(&out);
    assert_eq!(first[0].0, kind::HEADERS);
    assert_eq!(first[0].1, flag::END_HEADERS | flag::END_STREAM);
    assert_eq!((first[0].2, second[0].2), (1, 3));
    assert_eq!(
        second[0].3.len(),
        4,
        "every header indexed: {:x?}",
        second[0].3
    );
    // A request with a body: HEADERS without END_STREAM, then DATA with it.
    let post = H2Request {
        body: vec![b'b'; 20_000].into(),
        ..get()
    };
    assert_eq!(s.room(100), 98);
    out.clear();
    s.submit(&post, inflight(), &mut out);
    let f = frames(&out);
    assert_eq!(f.len(), 3);
    assert_eq!(f[0].1, flag::END_HEADERS);
    assert_eq!((f[1].0, f[1].1, f[1].3.len()), (kind::DATA, 0, 16_384));
    assert_eq!((f[2].1, f[2].3.len()), (flag::END_STREAM, 20_000 - 16_384));
    // Two more fit the 65,535-byte connection window; then 5,535 bytes are left.
    s.submit(&post, inflight(), &mut out);
    assert!(s.room(100) > 0);
    s.submit(&post, inflight(), &mut out);
    assert_eq!(s.room(100), 0);
}

/// Inputs a fuzzer would start from: random bytes and mutations of a valid
/// server stream. Whatever they are, decoding ends without a panic.
#[test]
fn arbitrary_server_bytes_never_panic() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut srv = Server::new();
    srv.settings(&[(setting::MAX_CONCURRENT_STREAMS, 2)])
        .head(1, "200", false)
        .data(1, 30, false)
        .head(3, "204", true)
        .data(1, 3, true)
        .frame(kind::PING, 0, 0, b"abcdefgh");
    let valid = srv.take();
    fuzz_server_bytes(&valid);
    for _ in 0..20_000 {
        let mut input = valid.clone();
        for _ in 0..(next() % 4 + 1) {
            let i = (next() as usize) % input.len();
            input[i] = next() as u8;
        }
        fuzz_server_bytes(&input);
        let len = (next() % 64) as usize;
        let random: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        fuzz_server_bytes(&random);
        fuzz_header_block(&random);
        crate::session::h1::fuzz_response_bytes(&random);
    }
    let mut enc = loona_hpack::Encoder::new();
    let block = enc.encode([(&b":status"[..], &b"200"[..]), (&b"x-a"[..], &b"b"[..])]);
    fuzz_header_block(&block);
}

#[test]
fn data_on_an_open_stream_waits_for_both_windows_and_a_reset_cancels_it() {
    let (mut s, mut srv) = open(100, 0, H2Settings::from_bits(16, 16));
    let mut out = Vec::new();
    let fields = get().headers;
    let fields = fields.iter().map(|(n, v)| (&n[..], &v[..], true));
    let id = s.open_stream(fields, inflight(), false, &mut out);
    // The connection window (65,535) is the limit: the rest waits.
    out.clear();
    s.send_data(id, &vec![7u8; 70_000], true, &mut out);
    let sent: usize = frames(&out).iter().map(|f| f.3.len()).sum();
    assert_eq!(sent, 65_535);
    assert!(s.is_blocked(id));
    // The server's smaller initial window leaves the stream 10,000 in debt.
    let bytes = srv
        .settings(&[(setting::INITIAL_WINDOW_SIZE, 55_535)])
        .frame(kind::WINDOW_UPDATE, 0, 0, &100_000u32.to_be_bytes())
        .take();
    let (_, result, out) = feed(&mut s, &bytes, bytes.len());
    result.unwrap();
    assert!(frames(&out).iter().all(|f| f.0 != kind::DATA));
    let bytes = srv
        .frame(kind::WINDOW_UPDATE, 0, id, &14_465u32.to_be_bytes())
        .take();
    let (_, _, out) = feed(&mut s, &bytes, bytes.len());
    let data: Vec<_> = frames(&out)
        .into_iter()
        .filter(|f| f.0 == kind::DATA)
        .collect();
    assert_eq!(data.len(), 1);
    assert_eq!((data[0].1, data[0].3.len()), (flag::END_STREAM, 4_465));
    assert!(!s.is_blocked(id));
    // Empty DATA with END_STREAM half-closes; RST_STREAM(CANCEL) forgets the stream.
    let fields = get().headers;
    let fields = fields.iter().map(|(n, v)| (&n[..], &v[..], true));
    let id2 = s.open_stream(fields, inflight(), false, &mut Vec::new());
    let mut out = Vec::new();
    s.send_data(id2, &[], true, &mut out);
    assert_eq!(
        frames(&out),
        vec![(kind::DATA, flag::END_STREAM, id2, vec![])]
    );
    let mut out = Vec::new();
    assert!(s.reset(id2, &mut out).is_some());
    assert_eq!(
        frames(&out),
        vec![(kind::RST_STREAM, 0, id2, 8u32.to_be_bytes().to_vec())]
    );
    assert!(s.reset(id2, &mut out).is_none());
}
