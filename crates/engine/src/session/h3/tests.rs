//! The HTTP/3 framing without QUIC: varints, the frame reader fed in every
//! split, the request frames and the control stream's rules.

use super::*;
use crate::session::h2::hpack::Field;
use frame::{varint, MAX_FIELD_SECTION};

fn varint_bytes(v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    put_varint(&mut out, v);
    out
}

#[test]
fn varints_round_trip_at_every_length() {
    // RFC 9000 §A.1's examples, then the edges of each length.
    assert_eq!(varint(&[0x25]), Some((37, 1)));
    assert_eq!(varint(&[0x7b, 0xbd]), Some((15_293, 2)));
    assert_eq!(varint(&[0x9d, 0x7f, 0x3e, 0x7d]), Some((494_878_333, 4)));
    assert_eq!(
        varint(&[0xc2, 0x19, 0x7c, 0x5e, 0xff, 0x14, 0xe8, 0x8c]),
        Some((151_288_809_941_952_652, 8))
    );
    for v in [0, 63, 64, 16_383, 16_384, 1_073_741_823, 1_073_741_824] {
        let b = varint_bytes(v);
        assert_eq!(varint(&b), Some((v, b.len())), "{v}");
        assert_eq!(varint(&b[..b.len() - 1]), None, "{v} cut short");
    }
}

/// A response's frames: HEADERS (:status 200 indexed), DATA, an unknown
/// frame type (reserved 0x21), DATA.
fn response() -> Vec<u8> {
    let mut out = Vec::new();
    for (kind, payload) in [
        (frame::HEADERS, vec![0, 0, 0xc0 | 25]),
        (frame::DATA, b"hello ".to_vec()),
        (0x21, vec![1, 2, 3]),
        (frame::DATA, b"world".to_vec()),
    ] {
        put_varint(&mut out, kind);
        put_varint(&mut out, payload.len() as u64);
        out.extend_from_slice(&payload);
    }
    out
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

fn stream() -> Stream {
    Stream {
        request: inflight(),
        status: None,
        frames: FrameReader::default(),
        unsent: None,
        replay: None,
    }
}

#[test]
fn a_response_reads_the_same_in_every_split() {
    let bytes = response();
    for split in 0..=bytes.len() {
        for step in [1, 2, 3, 7, bytes.len().max(1)] {
            let mut s = stream();
            let mut scratch = Vec::new();
            let (a, b) = bytes.split_at(split);
            for part in [a, b] {
                for chunk in part.chunks(step) {
                    feed_request(&mut s, chunk, &mut scratch).unwrap();
                }
            }
            assert_eq!(s.status, Some(200), "split {split} step {step}");
            assert!(s.frames.is_clean(), "split {split} step {step}");
            assert_eq!(s.frames.frames_seen, 4);
        }
    }
}

#[test]
fn informational_heads_and_trailers_leave_the_final_status() {
    let mut bytes = Vec::new();
    for payload in [
        vec![0, 0, 0xff, 0], // :status 100 (index 63: 6-bit prefix full)
        vec![0, 0, 0xff, 1], // :status 204 (index 64)
        vec![0, 0, 0x23, b'x', b'-', b't', 1, b'1'], // trailers: x-t: 1
    ] {
        put_varint(&mut bytes, frame::HEADERS);
        put_varint(&mut bytes, payload.len() as u64);
        bytes.extend_from_slice(&payload);
    }
    let mut s = stream();
    feed_request(&mut s, &bytes, &mut Vec::new()).unwrap();
    assert_eq!(s.status, Some(204));
}

/// A whole frame: its type, its length and `payload`.
fn frame_bytes(kind: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    put_varint(&mut out, kind);
    put_varint(&mut out, payload.len() as u64);
    out.extend_from_slice(payload);
    out
}

#[test]
fn what_breaks_a_request_stream_names_its_code() {
    let cases: [(Vec<u8>, u64); 5] = [
        (frame_bytes(frame::DATA, b"x"), code::FRAME_UNEXPECTED),
        (
            frame_bytes(frame::HEADERS, &[1, 0, 0x80]),
            code::QPACK_DECOMPRESSION_FAILED,
        ),
        (
            frame_bytes(frame::HEADERS, &[0, 0, 0xc0 | 53]),
            code::MESSAGE_ERROR,
        ),
        (frame_bytes(frame::SETTINGS, &[]), code::FRAME_UNEXPECTED),
        (frame_bytes(frame::PUSH_PROMISE, &[0]), code::ID_ERROR),
    ];
    for (bytes, want) in cases {
        let mut s = stream();
        let got = feed_request(&mut s, &bytes, &mut Vec::new()).unwrap_err();
        assert_eq!(got.0, want, "{bytes:?}: {}", got.1);
    }
    // A HEADERS frame larger than barrage reads.
    let mut big = Vec::new();
    put_varint(&mut big, frame::HEADERS);
    put_varint(&mut big, MAX_FIELD_SECTION + 1);
    let got = feed_request(&mut stream(), &big, &mut Vec::new()).unwrap_err();
    assert_eq!(got.0, code::EXCESSIVE_LOAD);
}

#[test]
fn the_control_stream_starts_with_settings_and_goaway_only_goes_down() {
    let mut control = vec![UNI_CONTROL as u8];
    for (kind, payload) in [
        (frame::SETTINGS, vec![0x01, 0x00, 0x07, 0x00]),
        (frame::GOAWAY, varint_bytes(400)),
        (frame::GOAWAY, varint_bytes(100)),
    ] {
        put_varint(&mut control, kind);
        put_varint(&mut control, payload.len() as u64);
        control.extend_from_slice(&payload);
    }
    let mut uni = Uni::Typing(Vec::new());
    let mut goaway = None;
    for b in &control {
        feed_uni(&mut uni, std::slice::from_ref(b), &mut goaway).unwrap();
    }
    assert_eq!(goaway, Some(100));
    // Raising it again is an error.
    let mut up = Vec::new();
    put_varint(&mut up, frame::GOAWAY);
    up.extend_from_slice(&[2]);
    up.extend_from_slice(&varint_bytes(200));
    let err = feed_uni(&mut uni, &up, &mut goaway).unwrap_err();
    assert_eq!(err.0, code::ID_ERROR);

    // No SETTINGS first.
    let mut uni = Uni::Typing(Vec::new());
    let mut bad = vec![UNI_CONTROL as u8];
    put_varint(&mut bad, frame::GOAWAY);
    bad.extend_from_slice(&[1, 0]);
    let err = feed_uni(&mut uni, &bad, &mut None).unwrap_err();
    assert_eq!(err.0, code::MISSING_SETTINGS);

    // QPACK's encoder stream (type 0x02) is read and dropped.
    let mut uni = Uni::Typing(Vec::new());
    feed_uni(&mut uni, &[0x02, 0x3f, 0xe1, 0x1f], &mut None).unwrap();
    assert!(matches!(uni, Uni::Ignored));
}

#[test]
fn requests_are_headers_then_data() {
    let fields: Vec<Field> = vec![
        ((*b":method").into(), (*b"POST").into()),
        ((*b":path").into(), (*b"/x").into()),
    ];
    let r = H3Request::new(&fields, b"body");
    let bytes = &r.frames;
    assert_eq!(bytes[0], frame::HEADERS as u8);
    let block_len = bytes[1] as usize;
    let block = &bytes[2..2 + block_len];
    assert_eq!(block, qpack::encode(&fields).as_slice());
    assert_eq!(
        &bytes[2 + block_len..],
        &[frame::DATA as u8, 4, b'b', b'o', b'd', b'y']
    );
    let get = H3Request::new(&fields[..1], b"");
    assert_eq!(get.frames.len(), 2 + qpack::encode(&fields[..1]).len());
}

#[test]
fn code_names() {
    assert_eq!(code_name(0x10b), "H3_REQUEST_REJECTED (0x10b)");
    assert_eq!(code_name(0x200), "QPACK_DECOMPRESSION_FAILED (0x200)");
    assert_eq!(code_name(0x1f), "0x1f");
}

#[test]
fn a_control_stream_of_frames_that_move_nothing_on_is_a_flood() {
    // A reserved type (0x1f * N + 0x21), empty.
    let grease = frame_bytes(0x21, &[]);
    let mut uni = Uni::Typing(Vec::new());
    let mut goaway = None;
    let mut start = vec![UNI_CONTROL as u8];
    start.extend(frame_bytes(frame::SETTINGS, &[]));
    feed_uni(&mut uni, &start, &mut goaway).unwrap();
    let idle = frame::MAX_IDLE_CONTROL_FRAMES as usize;
    // Up to the bound, a GOAWAY that lowers the id starts the count again.
    for round in 0..2u64 {
        feed_uni(&mut uni, &grease.repeat(idle), &mut goaway).unwrap();
        feed_uni(
            &mut uni,
            &frame_bytes(frame::GOAWAY, &varint_bytes(100 - round)),
            &mut goaway,
        )
        .unwrap();
    }
    // A GOAWAY that repeats the last id moves nothing on.
    let repeat = frame_bytes(frame::GOAWAY, &varint_bytes(99));
    feed_uni(&mut uni, &repeat, &mut goaway).unwrap();
    let err = feed_uni(&mut uni, &grease.repeat(idle), &mut goaway).unwrap_err();
    assert_eq!(err.0, code::EXCESSIVE_LOAD, "{}", err.1);
    assert!(
        err.1.contains("0x21") && err.1.contains("control stream"),
        "{}",
        err.1
    );
}
