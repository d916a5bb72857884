//! The WebSocket session and its frame reader, fed byte strings.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::frame::*;
use super::*;
use crate::session::{Completed, Depth, Inflight, Next, Sink, StreamFailure};

/// A server's frame (unmasked), its length in the shortest form, or in the
/// 64-bit form when `long`.
fn frame_with(fin: bool, first: u8, payload: &[u8], long: bool) -> Vec<u8> {
    let mut out = vec![if fin { 0x80 } else { 0 } | first];
    let len = payload.len();
    if long || len > 0xffff {
        out.push(127);
        out.extend_from_slice(&(len as u64).to_be_bytes());
    } else if len < 126 {
        out.push(len as u8);
    } else {
        out.push(126);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    }
    out.extend_from_slice(payload);
    out
}

fn frame(fin: bool, op: u8, payload: &[u8]) -> Vec<u8> {
    frame_with(fin, op, payload, false)
}

/// Feeds `stream` in two pieces cut at `at`.
fn read_cut(stream: &[u8], at: usize) -> (Vec<String>, Option<FrameError>) {
    let mut reader = FrameReader::new();
    let mut events = Vec::new();
    for piece in [&stream[..at], &stream[at..]] {
        if let Err(e) = reader.feed(piece, &mut |e| events.push(format!("{e:?}"))) {
            return (events, Some(e));
        }
    }
    (events, None)
}

/// Fragments with control frames between them, every length form.
fn conversation() -> Vec<u8> {
    let mut s = Vec::new();
    s.extend(frame(false, OP_TEXT, "héllo ".as_bytes()));
    s.extend(frame(true, OP_PING, b"p1"));
    // "€" (3 bytes) cut across two fragments.
    s.extend(frame(false, OP_CONTINUATION, &[b'w', 0xe2, 0x82]));
    s.extend(frame(true, OP_PONG, b""));
    s.extend(frame(true, OP_CONTINUATION, &[0xac, b'!']));
    s.extend(frame(true, OP_BINARY, &[7u8; 300]));
    s.extend(frame_with(true, OP_BINARY, &[1u8; 200], true));
    s.extend(frame(true, OP_TEXT, b""));
    s.extend(frame(true, OP_CLOSE, &[0x03, 0xe8, b'b', b'y', b'e']));
    s.extend(frame(true, OP_TEXT, b"after the close: ignored"));
    s
}

#[test]
fn frames_read_alike_cut_at_every_byte() {
    let stream = conversation();
    let (whole, error) = read_all(&stream, &[]);
    assert_eq!(error, None);
    assert_eq!(
        whole,
        [
            "Ping([112, 49])",
            "Pong([])",
            "Message { binary: false, len: 12 }",
            "Message { binary: true, len: 300 }",
            "Message { binary: true, len: 200 }",
            "Message { binary: false, len: 0 }",
            "Close { code: Some(1000), reason: [98, 121, 101] }",
        ]
    );
    for at in 0..=stream.len() {
        assert_eq!(read_cut(&stream, at), (whole.clone(), None), "cut at {at}");
    }
    // Byte by byte.
    let ones = vec![1u8; stream.len()];
    assert_eq!(read_all(&stream, &ones), (whole, None));
}

#[test]
fn a_64_bit_length_message_is_walked_not_kept() {
    let payload = vec![b'x'; 70_000];
    let stream = frame(true, OP_TEXT, &payload);
    assert_eq!(stream[1], 127);
    for at in [1, 2, 5, 10, 11, 35_000, stream.len() - 1] {
        let (events, error) = read_cut(&stream, at);
        assert_eq!(error, None);
        assert_eq!(
            events,
            ["Message { binary: false, len: 70000 }"],
            "cut at {at}"
        );
    }
}

/// The error a stream ends in, whole and cut at every byte.
fn error_of(stream: &[u8]) -> String {
    let (_, whole) = read_all(stream, &[]);
    let whole = whole.expect("an error").0;
    for at in 0..=stream.len() {
        assert_eq!(
            read_cut(stream, at).1.map(|e| e.0),
            Some(whole.clone()),
            "cut at {at}"
        );
    }
    whole
}

#[test]
fn frames_a_server_must_not_send_are_refused() {
    let masked = [0x81, 0x82, 1, 2, 3, 4, b'h' ^ 1, b'i' ^ 2];
    assert!(error_of(&masked).contains("masked"));
    assert!(error_of(&[0xc1, 0x00]).contains("reserved bits"));
    assert!(error_of(&[0x83, 0x00]).contains("unknown opcode 0x3"));
    assert!(error_of(&[0x8b, 0x00]).contains("unknown opcode 0xb"));
    assert!(error_of(&frame(true, OP_PING, &[0; 126])).contains("control frame of 126"));
    assert!(error_of(&frame(false, OP_PING, b"")).contains("fragmented control"));
    let mut top_bit = vec![0x82, 127, 0x80];
    top_bit.extend([0; 7]);
    assert!(error_of(&top_bit).contains("top bit"));
    let mut huge = vec![0x82, 127];
    huge.extend(((64u64 << 20) + 1).to_be_bytes());
    assert!(error_of(&huge).contains("over 64 MiB"));
    assert!(error_of(&frame(true, OP_CONTINUATION, b"x")).contains("no message begun"));
    let mut two = frame(false, OP_TEXT, b"a");
    two.extend(frame(true, OP_BINARY, b"b"));
    assert!(error_of(&two).contains("inside a fragmented message"));
    let mut growing = frame(false, OP_BINARY, &[0; 10]);
    growing.extend([0x80, 127]);
    growing.extend((64u64 << 20).to_be_bytes());
    assert!(error_of(&growing).contains("over 64 MiB"));
    assert!(error_of(&frame(true, OP_CLOSE, &[3])).contains("1-byte"));
    assert!(error_of(&frame(true, OP_CLOSE, &[3, 232, 0xff])).contains("reason"));
}

#[test]
fn text_must_be_utf8_across_fragments() {
    assert!(error_of(&frame(true, OP_TEXT, &[b'a', 0xff])).contains("not UTF-8"));
    // A sequence begun in one fragment and broken in the next.
    let mut broken = frame(false, OP_TEXT, &[0xe2, 0x82]);
    broken.extend(frame(true, OP_CONTINUATION, b"A"));
    assert!(error_of(&broken).contains("not UTF-8"));
    // A message that ends inside a sequence.
    assert!(error_of(&frame(true, OP_TEXT, &[b'a', 0xe2])).contains("inside a UTF-8"));
    // Binary is not checked.
    assert_eq!(read_all(&frame(true, OP_BINARY, &[0xff]), &[]).1, None);
    // A 4-byte sequence cut after each of its bytes, across four fragments.
    let mut cut = frame(false, OP_TEXT, &[0xf0]);
    cut.extend(frame(false, OP_CONTINUATION, &[0x9f]));
    cut.extend(frame(false, OP_CONTINUATION, &[0x98]));
    cut.extend(frame(true, OP_CONTINUATION, &[0x80]));
    let (events, error) = read_all(&cut, &[]);
    assert_eq!((events.len(), error), (1, None));
}

#[test]
fn client_frames_are_masked_and_sized() {
    for len in [0usize, 5, 125, 126, 65_535, 65_536] {
        let payload: Vec<u8> = (0..len).map(|i| i as u8).collect();
        let mut out = Vec::new();
        write_frame(&mut out, OP_BINARY, &payload, [9, 8, 7, 6]);
        assert_eq!(out[0], 0x82);
        assert_eq!(out[1] & 0x80, 0x80, "masked");
        let head = match out[1] & 0x7f {
            126 => 4,
            127 => 10,
            n => {
                assert_eq!(n as usize, len);
                2
            }
        };
        assert_eq!(&out[head..head + 4], &[9, 8, 7, 6]);
        let body = &mut out[head + 4..];
        apply_mask(body, [9, 8, 7, 6]);
        assert_eq!(body, &payload[..], "{len}");
    }
}

#[test]
fn fuzzing_never_panics_on_odd_input() {
    fuzz_frames(&[]);
    fuzz_frames(&[3, 1, 1, 1, 0x81, 0x7f, 0xff, 0xff]);
    fuzz_frames(&conversation());
    let mut x: u32 = 1;
    for _ in 0..2000 {
        let data: Vec<u8> = (0..64)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u8
            })
            .collect();
        fuzz_frames(&data);
    }
}

// ---- the session --------------------------------------------------------

#[derive(Default)]
struct Seen {
    completed: Vec<Completed>,
    pushed: Vec<Completed>,
    set_up: u32,
}

impl Sink for Seen {
    fn completed(&mut self, c: Completed) {
        self.completed.push(c);
    }
    fn failed(&mut self, _: Inflight, _: StreamFailure) {}
    fn pushed(&mut self, c: Completed) {
        self.pushed.push(c);
    }
    fn set_up(&mut self, _since: Instant) {
        self.set_up += 1;
    }
}

fn config(subscribe: bool, ping: Option<Duration>) -> Arc<WsConfig> {
    let t = crate::request::RequestTemplate::get("/ws");
    Arc::new(WsConfig {
        upgrade_head: upgrade::request_head(&t, "h:1"),
        payload: b"hello".to_vec().into_boxed_slice(),
        binary: false,
        subscribe,
        ping_interval: ping,
        timeout: Duration::from_secs(5),
    })
}

fn inflight(at: Instant) -> Inflight {
    Inflight {
        intended: at,
        sent: at,
        head: false,
        measured: true,
        template: 0,
    }
}

const DEPTH: Depth = Depth {
    pipeline: 2,
    streams: 1,
};

/// A session past its upgrade (the 101 and `extra` bytes read in one go),
/// and what it read.
fn open(config: Arc<WsConfig>, extra: &[u8]) -> (WsSession, Seen, Instant) {
    let now = Instant::now();
    let mut s = WsSession::new(config);
    let mut out = Vec::new();
    s.on_connect(now, &mut out);
    let request = String::from_utf8(out).unwrap();
    assert!(request.starts_with("GET /ws HTTP/1.1\r\n"), "{request}");
    assert_eq!(s.room(DEPTH), 0, "nothing before the 101");
    assert!(s.waiting_for().is_some());
    let key = request
        .lines()
        .find_map(|l| l.strip_prefix("Sec-WebSocket-Key: "))
        .unwrap();
    let accept = upgrade::accept_for(key.as_bytes());
    let mut answer = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {}\r\n\r\n",
        std::str::from_utf8(&accept).unwrap()
    )
    .into_bytes();
    answer.extend_from_slice(extra);
    let mut seen = Seen::default();
    let mut out = Vec::new();
    // The head split in two reads.
    let (a, b) = answer.split_at(30);
    assert_eq!(s.on_read(a, now, &mut seen, &mut out), Ok(Next::Continue));
    assert_eq!(seen.set_up, 0);
    assert_eq!(s.on_read(b, now, &mut seen, &mut out), Ok(Next::Continue));
    assert_eq!(seen.set_up, 1);
    assert!(s.waiting_for().is_none());
    (s, seen, now)
}

#[test]
fn echoes_complete_the_messages_in_order() {
    let (mut s, mut seen, now) = open(config(false, None), &[]);
    assert_eq!(s.room(DEPTH), 2);
    let mut out = Vec::new();
    let later = now + Duration::from_millis(1);
    s.submit(inflight(now), &mut out);
    s.submit(inflight(later), &mut out);
    assert_eq!((s.room(DEPTH), s.in_flight()), (0, 2));
    // Two masked text frames of "hello".
    assert_eq!(out.len(), 2 * (2 + 4 + 5));
    assert_eq!((out[0], out[1]), (0x81, 0x85));
    let mut body = out[6..11].to_vec();
    apply_mask(&mut body, out[2..6].try_into().unwrap());
    assert_eq!(body, b"hello");
    let mut echoes = frame(true, OP_TEXT, b"hello");
    echoes.extend(frame(false, OP_TEXT, b"hel"));
    let mut out = Vec::new();
    s.on_read(&echoes, now, &mut seen, &mut out).unwrap();
    assert_eq!(seen.completed.len(), 1);
    s.on_read(
        &frame(true, OP_CONTINUATION, b"lo"),
        now,
        &mut seen,
        &mut out,
    )
    .unwrap();
    let done: Vec<_> = seen.completed.iter().map(|c| c.request.intended).collect();
    assert_eq!(done, [now, later]);
    assert!(seen.completed.iter().all(|c| c.status == NO_STATUS));
    assert!(out.is_empty());
    let mut counts = WsReport::default();
    s.add_events(&mut counts);
    assert_eq!((counts.messages_sent, counts.messages_received), (2, 2));
    assert_eq!(
        (counts.payload_bytes_sent, counts.payload_bytes_received),
        (10, 10)
    );
    assert_eq!(counts.upgraded, 1);
}

#[test]
fn an_echo_of_another_length_is_a_protocol_error() {
    let (mut s, mut seen, now) = open(config(false, None), &[]);
    s.submit(inflight(now), &mut Vec::new());
    let e = s
        .on_read(
            &frame(true, OP_TEXT, b"hi"),
            now,
            &mut seen,
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Protocol);
    assert!(e.message.contains("2 bytes"), "{}", e.message);
}

#[test]
fn frames_after_the_101_in_the_same_read_are_read() {
    let mut pushed = frame(true, OP_TEXT, b"one");
    pushed.extend(frame(true, OP_BINARY, b"two"));
    let (s, seen, now) = open(config(true, None), &pushed);
    assert_eq!(seen.pushed.len(), 2);
    assert!(seen.completed.is_empty());
    // Subscribed: the first is timed from the upgrade; nothing is ever sent.
    assert_eq!(seen.pushed[0].request.intended, now);
    assert_eq!(s.room(DEPTH), 0);
}

#[test]
fn pushes_are_timed_from_the_one_before() {
    let (mut s, mut seen, now) = open(config(true, None), &[]);
    let t1 = now + Duration::from_millis(10);
    let t2 = now + Duration::from_millis(30);
    let m = frame(true, OP_TEXT, b"x");
    s.on_read(&m, t1, &mut seen, &mut Vec::new()).unwrap();
    s.on_read(&m, t2, &mut seen, &mut Vec::new()).unwrap();
    let from: Vec<_> = seen.pushed.iter().map(|c| c.request.intended).collect();
    assert_eq!(from, [now, t1]);
}

#[test]
fn a_server_ping_is_answered_with_its_payload() {
    let (mut s, mut seen, now) = open(config(false, None), &[]);
    let mut out = Vec::new();
    s.on_read(&frame(true, OP_PING, b"abc"), now, &mut seen, &mut out)
        .unwrap();
    assert_eq!((out[0], out[1]), (0x8a, 0x83));
    let mut body = out[6..].to_vec();
    apply_mask(&mut body, out[2..6].try_into().unwrap());
    assert_eq!(body, b"abc");
}

#[test]
fn pings_go_on_the_timer_and_a_missing_pong_times_out() {
    let every = Duration::from_secs(1);
    let (mut s, mut seen, now) = open(config(false, Some(every)), &[]);
    assert_eq!(s.deadline(), Some(now + every));
    let mut out = Vec::new();
    s.on_timer(now + every, &mut out).unwrap();
    assert_eq!(out[0], 0x89, "a ping");
    // The next ping, or the pong's deadline, whichever is first.
    assert_eq!(s.deadline(), Some(now + 2 * every));
    s.on_read(&frame(true, OP_PONG, b"barrage"), now, &mut seen, &mut out)
        .unwrap();
    let mut out = Vec::new();
    s.on_timer(now + 2 * every, &mut out).unwrap();
    let e = s.on_timer(now + 2 * every + Duration::from_secs(5), &mut out);
    assert_eq!(e.map_err(|e| e.kind), Err(ErrorKind::Timeout));
    let mut counts = WsReport::default();
    s.add_events(&mut counts);
    assert_eq!((counts.pings_sent, counts.pongs_received), (2, 1));
}

#[test]
fn a_close_from_the_server_is_answered_and_counted() {
    let (mut s, mut seen, now) = open(config(false, None), &[]);
    let mut out = Vec::new();
    let close = frame(true, OP_CLOSE, &[0x03, 0xe9, b'b', b'y', b'e']);
    let e = s.on_read(&close, now, &mut seen, &mut out).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Closed);
    assert!(e.message.contains("1001: bye"), "{}", e.message);
    assert_eq!(out[0], 0x88, "a Close in reply");
    let mut counts = WsReport::default();
    s.add_events(&mut counts);
    assert_eq!(counts.close_codes.get("1001"), Some(&1));
    assert_eq!(counts.closes_sent, 1);
}

#[test]
fn the_end_of_the_run_sends_close_after_the_last_echo_and_awaits_the_servers() {
    let (mut s, mut seen, now) = open(config(false, None), &[]);
    let mut out = Vec::new();
    s.submit(inflight(now), &mut out);
    // A message in flight: no Close yet, nothing more sent, the Close awaited.
    let mut out = Vec::new();
    assert!(!s.goodbye(&mut out));
    assert!(out.is_empty());
    assert!(s.awaits_goodbye());
    assert_eq!(s.room(DEPTH), 0);
    // Its echo arrives (split, a ping between the parts): the pong first,
    // then the Close, in that order.
    let mut echo = frame(false, OP_TEXT, b"hel");
    echo.extend(frame(true, OP_PING, b"p"));
    echo.extend(frame(true, OP_CONTINUATION, b"lo"));
    s.on_read(&echo, now, &mut seen, &mut out).unwrap();
    assert_eq!(seen.completed.len(), 1);
    assert_eq!(out[0], 0x8A, "the pong first");
    let close = &out[2 + 4 + 1..];
    let mut body = close[6..].to_vec();
    apply_mask(&mut body, close[2..6].try_into().unwrap());
    assert_eq!((close[0], &body[..]), (0x88, &[0x03, 0xe8][..]));
    assert!(s.awaits_goodbye());
    // The server's Close ends the connection.
    let reply = frame(true, OP_CLOSE, &[0x03, 0xe8]);
    let next = s.on_read(&reply, now, &mut seen, &mut Vec::new());
    assert_eq!(next, Ok(Next::Close));
    assert_eq!(s.on_eof(), Ok(()));
    // With nothing in flight the Close goes at once.
    let (mut s, _, _) = open(config(false, None), &[]);
    let mut out = Vec::new();
    assert!(s.goodbye(&mut out));
    assert_eq!(out[0], 0x88);
    assert!(s.awaits_goodbye());
}

#[test]
fn a_refused_upgrade_names_the_status() {
    let mut s = WsSession::new(config(false, None));
    let now = Instant::now();
    s.on_connect(now, &mut Vec::new());
    let answer = b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n";
    let e = s
        .on_read(answer, now, &mut Seen::default(), &mut Vec::new())
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Upgrade);
    assert!(
        e.message.contains("answered 403 Forbidden"),
        "{}",
        e.message
    );
    let mut s = WsSession::new(config(false, None));
    s.on_connect(now, &mut Vec::new());
    let wrong = b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: AAAA\r\n\r\n";
    let e = s
        .on_read(wrong, now, &mut Seen::default(), &mut Vec::new())
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Upgrade);
}

#[test]
fn an_end_of_file_mid_run_is_a_close() {
    let (mut s, mut seen, now) = open(config(false, None), &[]);
    assert_eq!(s.on_eof().map_err(|e| e.kind), Err(ErrorKind::Closed));
    let (mut s, _, _) = open(config(false, None), &[]);
    s.on_read(&[0x81, 0x05, b'h'], now, &mut seen, &mut Vec::new())
        .unwrap();
    let e = s.on_eof().unwrap_err();
    assert!(
        e.message.contains("inside a WebSocket frame"),
        "{}",
        e.message
    );
    let mut s = WsSession::new(config(false, None));
    s.on_connect(now, &mut Vec::new());
    assert_eq!(s.on_eof().map_err(|e| e.kind), Err(ErrorKind::Closed));
}

#[test]
fn a_bad_frame_is_a_protocol_error() {
    let (mut s, mut seen, now) = open(config(false, None), &[]);
    let e = s
        .on_read(
            &[0x81, 0x81, 0, 0, 0, 0, b'x'],
            now,
            &mut seen,
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Protocol);
    assert!(e.message.contains("masked"));
}

// ---- no allocation per message -----------------------------------------

/// Counts this thread's allocations (the lib's test binary allocates
/// through it; other threads' counts are their own).
struct CountingAlloc;

thread_local! {
    static ALLOCATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn count_one() {
    let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
}

// SAFETY: every call goes to the system allocator unchanged; the count is
// a thread-local `Cell` with no destructor, which allocates nothing.
unsafe impl std::alloc::GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract, passed on.
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract, passed on.
        unsafe { std::alloc::System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

fn allocations() -> u64 {
    ALLOCATIONS.with(|a| a.get())
}

/// Counts completions, keeping nothing.
struct Count(u64);

impl Sink for Count {
    fn completed(&mut self, _: Completed) {
        self.0 += 1;
    }
    fn failed(&mut self, _: Inflight, _: StreamFailure) {}
}

#[test]
fn an_echoed_message_allocates_nothing() {
    let (mut s, _, now) = open(config(false, Some(Duration::from_secs(1))), &[]);
    let mut out = Vec::with_capacity(4096);
    let echo = frame(true, OP_TEXT, b"hello");
    let mut sink = Count(0);
    let before = allocations();
    for _ in 0..1000 {
        out.clear();
        s.submit(inflight(now), &mut out);
        assert_eq!(s.deadline(), Some(now + Duration::from_secs(1)));
        s.on_read(&echo, now, &mut sink, &mut out).unwrap();
    }
    assert_eq!(sink.0, 1000);
    assert_eq!(allocations() - before, 0, "allocations for 1000 messages");
    // The count does see allocations.
    let probe = allocations();
    let v: Vec<u8> = Vec::with_capacity(std::hint::black_box(16));
    assert!(allocations() > probe);
    drop(v);
}
