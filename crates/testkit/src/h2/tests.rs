//! Tests of [`H2TestServer`] against a raw client written on `TcpStream`.

use std::collections::BTreeMap;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

use super::frame::{
    flag, kind, parse_frame, put_frame, MAX_FRAME, PREFACE, SETTINGS_INITIAL_WINDOW_SIZE,
};
use super::*;

/// How long the client waits for a frame before deciding that nothing more is coming.
const QUIET: Duration = Duration::from_millis(300);

/// A frame as the client received it.
#[derive(Clone, PartialEq, Eq)]
struct Got {
    kind: u8,
    flags: u8,
    stream: u32,
    payload: Vec<u8>,
}

impl std::fmt::Debug for Got {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (kind, flags, stream) = (self.kind, self.flags, self.stream);
        write!(f, "Got {{ kind {kind}, flags {flags:#x}, stream {stream}, ")?;
        match self.payload.len() {
            0..=32 => write!(f, "payload {:?} }}", self.payload),
            n => write!(f, "payload of {n} bytes }}"),
        }
    }
}

fn got(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Got {
    Got {
        kind,
        flags,
        stream,
        payload: payload.to_vec(),
    }
}

fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    put_frame(&mut out, kind, flags, stream, payload);
    out
}

/// A GET with END_STREAM (the block is `:method GET`, `:scheme http`, `:path /`; the server
/// does not decode it).
fn request(id: u32) -> Vec<u8> {
    let flags = flag::END_HEADERS | flag::END_STREAM;
    frame(kind::HEADERS, flags, id, &[0x82, 0x86, 0x84])
}

fn settings_frame(max_streams: u32) -> Got {
    let mut payload = vec![0, 3];
    payload.extend_from_slice(&max_streams.to_be_bytes());
    got(kind::SETTINGS, 0, 0, &payload)
}

fn settings_ack() -> Got {
    got(kind::SETTINGS, flag::ACK, 0, &[])
}

fn headers(id: u32, content_length: &str) -> Got {
    let mut block = vec![0x88, 0x0f, 0x0d, content_length.len() as u8];
    block.extend_from_slice(content_length.as_bytes());
    got(kind::HEADERS, flag::END_HEADERS, id, &block)
}

/// Polls `check` for up to 2 s.
fn eventually(check: impl Fn() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        if check() {
            return true;
        }
        thread::sleep(Duration::from_millis(5));
    }
    check()
}

/// A raw HTTP/2 client: writes bytes, reads frames.
struct Client {
    socket: TcpStream,
    buf: Vec<u8>,
    eof: bool,
}

impl Client {
    /// Connects and sends the preface, a SETTINGS frame with `settings`, then `then`, all in one
    /// write (so that the server reads them together).
    fn connect(server: &H2TestServer, settings: &[(u16, u32)], then: &[u8]) -> Client {
        let socket = TcpStream::connect(server.addr()).expect("connect");
        socket.set_read_timeout(Some(QUIET)).unwrap();
        let mut client = Client {
            socket,
            buf: Vec::new(),
            eof: false,
        };
        let mut payload = Vec::new();
        for (id, value) in settings {
            payload.extend_from_slice(&id.to_be_bytes());
            payload.extend_from_slice(&value.to_be_bytes());
        }
        let mut hello = PREFACE.to_vec();
        put_frame(&mut hello, kind::SETTINGS, 0, 0, &payload);
        hello.extend_from_slice(then);
        client.send(&hello);
        client
    }

    fn send(&mut self, bytes: &[u8]) {
        self.socket.write_all(bytes).expect("client write");
    }

    /// Reads whatever arrives within [`QUIET`]; false on EOF or a quiet period.
    fn read_more(&mut self) -> bool {
        let mut chunk = [0u8; 16384];
        match self.socket.read(&mut chunk) {
            Ok(0) => self.eof = true,
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                return true;
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => self.eof = true,
        }
        false
    }

    /// The next frame, or `None` if the server closed or sent nothing for [`QUIET`].
    fn next(&mut self) -> Option<Got> {
        loop {
            if let Some((f, len)) = parse_frame(&self.buf) {
                let frame = got(f.kind, f.flags, f.stream, f.payload);
                self.buf.drain(..len);
                return Some(frame);
            }
            if self.eof || !self.read_more() {
                return None;
            }
        }
    }

    /// Every frame until the server closes or goes quiet.
    fn drain(&mut self) -> Vec<Got> {
        std::iter::from_fn(|| self.next()).collect()
    }

    /// Frames until `n` streams have ended (END_STREAM or RST_STREAM).
    fn until_ended(&mut self, n: usize) -> Vec<Got> {
        let mut frames = Vec::new();
        let mut ended = 0;
        while ended < n {
            let f = self
                .next()
                .unwrap_or_else(|| panic!("stalled after {frames:?}"));
            let end_stream =
                matches!(f.kind, kind::DATA | kind::HEADERS) && f.flags & flag::END_STREAM != 0;
            ended += usize::from(end_stream || f.kind == kind::RST_STREAM);
            frames.push(f);
        }
        frames
    }
}

/// DATA bytes received per stream (padding stripped) and whether the stream ended.
fn bodies(frames: &[Got]) -> BTreeMap<u32, (Vec<u8>, bool)> {
    let mut bodies: BTreeMap<u32, (Vec<u8>, bool)> = BTreeMap::new();
    for f in frames.iter().filter(|f| f.kind == kind::DATA) {
        let data = if f.flags & flag::PADDED != 0 {
            let pad = usize::from(f.payload[0]);
            &f.payload[1..f.payload.len() - pad]
        } else {
            &f.payload[..]
        };
        let entry = bodies.entry(f.stream).or_default();
        entry.0.extend_from_slice(data);
        entry.1 |= f.flags & flag::END_STREAM != 0;
    }
    bodies
}

#[test]
fn good_answers_two_requests_with_correct_frames() {
    let server = H2TestServer::start(H2Behavior::Good {
        max_streams: 7,
        body_bytes: 20_000,
    });
    let mut client = Client::connect(&server, &[], &[request(1), request(3)].concat());
    let frames = client.until_ended(2);
    let mut want = vec![settings_frame(7), settings_ack()];
    for id in [1, 3] {
        want.push(headers(id, "20000"));
        want.push(got(kind::DATA, 0, id, &[b'x'; MAX_FRAME]));
        want.push(got(
            kind::DATA,
            flag::END_STREAM,
            id,
            &[b'x'; 20_000 - MAX_FRAME],
        ));
    }
    assert_eq!(frames, want);
    assert_eq!(server.streams(), 2);
    assert_eq!(server.responses(), 2);
    assert_eq!(server.connections(), 1);
    assert_eq!(server.max_concurrent_seen(), 2);
    assert!(server.url("x").starts_with("http://127.0.0.1:"));
}

#[test]
fn goaway_after_answers_then_goes_away() {
    let server = H2TestServer::start(H2Behavior::GoawayAfter {
        after: 1,
        max_streams: 10,
    });
    let mut client = Client::connect(&server, &[], &[request(1), request(3)].concat());
    let frames = client.drain();
    let want = vec![
        settings_frame(10),
        settings_ack(),
        headers(1, "12"),
        got(kind::DATA, flag::END_STREAM, 1, HELLO),
        got(kind::GOAWAY, 0, 0, &[0, 0, 0, 1, 0, 0, 0, 0]),
    ];
    assert_eq!(frames, want);
    assert!(client.eof, "the connection is closed after the GOAWAY");
    assert_eq!((server.streams(), server.responses()), (2, 1));
}

#[test]
fn flow_control_waits_for_window_update() {
    let server = H2TestServer::start(H2Behavior::Good {
        max_streams: 10,
        body_bytes: 4096,
    });
    let settings = [(SETTINGS_INITIAL_WINDOW_SIZE, 1000)];
    let mut client = Client::connect(&server, &settings, &request(1));
    let frames = client.drain();
    assert_eq!(
        frames[..3],
        [settings_frame(10), settings_ack(), headers(1, "4096")]
    );
    assert_eq!(bodies(&frames)[&1], (vec![b'x'; 1000], false));
    assert_eq!(server.responses(), 0);

    client.send(&frame(kind::WINDOW_UPDATE, 0, 1, &3096u32.to_be_bytes()));
    let frames = client.until_ended(1);
    assert_eq!(bodies(&frames)[&1], (vec![b'x'; 3096], true));
    assert_eq!(server.window_updates(), 1);
    assert_eq!(server.responses(), 1);
}

#[test]
fn settings_change_resizes_open_stream_windows() {
    let server = H2TestServer::start(H2Behavior::Good {
        max_streams: 10,
        body_bytes: 300,
    });
    let settings = [(SETTINGS_INITIAL_WINDOW_SIZE, 0)];
    let mut client = Client::connect(&server, &settings, &request(1));
    assert!(bodies(&client.drain()).is_empty());
    let mut payload = SETTINGS_INITIAL_WINDOW_SIZE.to_be_bytes().to_vec();
    payload.extend_from_slice(&100u32.to_be_bytes());
    client.send(&frame(kind::SETTINGS, 0, 0, &payload));
    let frames = client.drain();
    assert_eq!(frames[0], settings_ack());
    assert_eq!(bodies(&frames)[&1], (vec![b'x'; 100], false));
}

#[test]
fn request_bodies_and_continuations_count_as_requests() {
    let server = H2TestServer::start(H2Behavior::Good {
        max_streams: 10,
        body_bytes: 1,
    });
    let then = [
        // Stream 1: HEADERS without END_STREAM, a 100-byte DATA, an empty DATA with END_STREAM.
        frame(kind::HEADERS, flag::END_HEADERS, 1, &[0x83, 0x86, 0x84]),
        frame(kind::DATA, 0, 1, &[b'u'; 100]),
        frame(kind::DATA, flag::END_STREAM, 1, &[]),
        // Stream 3: HEADERS with END_STREAM, the block ending in a CONTINUATION.
        frame(kind::HEADERS, flag::END_STREAM, 3, &[0x82]),
        frame(kind::CONTINUATION, flag::END_HEADERS, 3, &[0x86, 0x84]),
        // A PING to be acked.
        frame(kind::PING, 0, 0, b"12345678"),
    ];
    let mut client = Client::connect(&server, &[], &then.concat());
    let frames = client.until_ended(2);
    assert!(frames.contains(&got(kind::WINDOW_UPDATE, 0, 0, &[0, 0, 0, 100])));
    assert!(frames.contains(&got(kind::WINDOW_UPDATE, 0, 1, &[0, 0, 0, 100])));
    assert!(frames.contains(&got(kind::PING, flag::ACK, 0, b"12345678")));
    let ended: Vec<u32> = bodies(&frames).into_keys().collect();
    assert_eq!(ended, [1, 3]);
    assert_eq!((server.streams(), server.responses()), (2, 2));
}

#[test]
fn reset_every_resets_every_nth_request() {
    let server = H2TestServer::start(H2Behavior::ResetEvery { every: 2 });
    let requests: Vec<u8> = [1, 3, 5, 7].into_iter().flat_map(request).collect();
    let mut client = Client::connect(&server, &[], &requests);
    let frames = client.until_ended(4);
    let resets: Vec<&Got> = frames
        .iter()
        .filter(|f| f.kind == kind::RST_STREAM)
        .collect();
    assert_eq!(
        resets,
        [
            &got(kind::RST_STREAM, 0, 3, &[0, 0, 0, 7]),
            &got(kind::RST_STREAM, 0, 7, &[0, 0, 0, 2]),
        ]
    );
    let answered: Vec<u32> = bodies(&frames).into_keys().collect();
    assert_eq!(answered, [1, 5]);
    assert_eq!((server.streams(), server.responses()), (4, 2));
}

#[test]
fn malformed_frame_is_a_settings_frame_of_length_5() {
    let server = H2TestServer::start(H2Behavior::MalformedFrame);
    let mut client = Client::connect(&server, &[], &[]);
    assert_eq!(client.drain(), [got(kind::SETTINGS, 0, 0, &[0; 5])]);
}

#[test]
fn bad_hpack_answers_the_first_request_with_index_0() {
    let server = H2TestServer::start(H2Behavior::BadHpack);
    let mut client = Client::connect(&server, &[], &[request(1), request(3)].concat());
    let frames = client.until_ended(2);
    let flags = flag::END_HEADERS | flag::END_STREAM;
    assert_eq!(frames[2], got(kind::HEADERS, flags, 1, &[0x88, 0x80]));
    assert_eq!(frames[3], headers(3, "12"));
}

#[test]
fn fragmented_splits_headers_and_pads_data() {
    let server = H2TestServer::start(H2Behavior::Fragmented);
    let mut client = Client::connect(&server, &[], &request(1));
    let frames = client.until_ended(1);
    let flags = flag::PADDED | flag::PRIORITY;
    let want = [
        got(
            kind::HEADERS,
            flags,
            1,
            &[4, 0, 0, 0, 0, 15, 0x88, 0, 0, 0, 0],
        ),
        got(kind::CONTINUATION, 0, 1, &[0x0f, 0x0d]),
        got(kind::CONTINUATION, flag::END_HEADERS, 1, b"\x0212"),
    ];
    assert_eq!(frames[2..5], want);
    let data = &frames[5..];
    assert_eq!(data.len(), 3, "12 bytes in chunks of 5: {data:?}");
    assert!(data.iter().all(|f| f.flags & flag::PADDED != 0));
    assert_eq!(bodies(&frames)[&1], (HELLO.to_vec(), true));
}

#[test]
fn pings_precede_responses_and_acks_are_counted() {
    let server = H2TestServer::start(H2Behavior::Pings);
    let mut client = Client::connect(&server, &[], &request(1));
    let frames = client.until_ended(1);
    let ping = got(kind::PING, 0, 0, &1u64.to_be_bytes());
    assert_eq!(frames[2..4], [ping, headers(1, "12")]);
    client.send(&frame(kind::PING, flag::ACK, 0, &1u64.to_be_bytes()));
    assert!(eventually(|| server.pings_acked() == 1));
}

#[test]
fn silent_sends_nothing() {
    let server = H2TestServer::start(H2Behavior::Silent);
    let mut client = Client::connect(&server, &[], &request(1));
    assert_eq!(client.drain(), []);
    assert!(!client.eof);
    assert_eq!((server.connections(), server.responses()), (1, 0));
}

#[test]
fn garbage_is_deterministic_per_seed() {
    let read = |seed| {
        let server = H2TestServer::start(H2Behavior::Garbage { seed });
        let mut client = Client::connect(&server, &[], &[]);
        while client.read_more() {}
        client.buf
    };
    assert_eq!(read(7).len(), GARBAGE_BYTES);
    assert_eq!(read(7), read(7));
    assert_ne!(read(7), read(8));
}

#[test]
fn drop_stops_promptly_with_connections_open() {
    let server = H2TestServer::start(H2Behavior::Good {
        max_streams: 1,
        body_bytes: 1 << 20,
    });
    let mut clients: Vec<Client> = (0..3)
        .map(|_| Client::connect(&server, &[], &request(1)))
        .collect();
    assert!(eventually(|| server.streams() == 3));
    let started = Instant::now();
    drop(server);
    assert!(started.elapsed() < Duration::from_secs(2));
    clients.iter_mut().for_each(|c| while c.read_more() {});
    assert!(clients.iter().all(|c| c.eof));
}
