//! The session's own part: responses paired with pipelined requests, when
//! the connection ends, what a close cuts short, kept responses. The
//! framing rules are tested once, against the parser (`response/tests.rs`).

use super::*;
use std::time::Instant;

fn req(head: bool) -> Inflight {
    let now = Instant::now();
    Inflight {
        intended: now,
        sent: now,
        head,
        measured: true,
        template: 0,
    }
}

/// Feeds `chunks` to `s`; returns the statuses completed and the last result.
fn feed(s: &mut H1Session, chunks: &[&[u8]]) -> (Vec<u16>, Result<Flow, ProtocolError>) {
    let mut got = Vec::new();
    let mut flow = Ok(Flow::Continue);
    for c in chunks {
        flow = s.on_read(c, &mut |c: Completed, _| got.push(c.status));
        if flow.is_err() {
            break;
        }
    }
    (got, flow)
}

/// A session with a request in flight for each of `heads` (true: a `HEAD`).
fn session(heads: &[bool]) -> H1Session {
    let mut s = H1Session::new(false);
    let mut out = Vec::new();
    for &head in heads {
        s.submit(b"GET / HTTP/1.1\r\n\r\n", req(head), &mut out);
    }
    s
}

const OK12: &[u8] = b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHello World\n";

#[test]
fn responses_pair_with_requests_and_flows() {
    type Case<'a> = (&'a str, &'a [&'a [u8]], &'a [bool], &'a [u16], Flow);
    let cases: &[Case] = &[
        ("one", &[OK12], &[false], &[200], Flow::Continue),
        ("split everywhere", &[b"HTTP/1.1 2", b"00 OK\r\nContent-Len", b"gth: 12\r\n\r\nHello", b" World\n"], &[false], &[200], Flow::Continue),
        ("pipelined", &[b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHello World\nHTTP/1.1 404 NF\r\nContent-Length: 0\r\n\r\n"], &[false, false], &[200, 404], Flow::Continue),
        ("pipelined after a HEAD", &[b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"], &[true, false], &[200, 204], Flow::Continue),
        ("waits for the second", &[OK12, b"HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHello"], &[false, false], &[200], Flow::Continue),
        ("interim then final", &[b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"], &[false], &[201], Flow::Continue),
        ("connection close", &[b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi"], &[false], &[200], Flow::Close),
        ("close ends the reading", &[b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhiHTTP/1.1 200 OK\r\n"], &[false, false], &[200], Flow::Close),
        ("http/1.0 closes", &[b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi"], &[false], &[200], Flow::Close),
        ("http/1.0 keep-alive", &[b"HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nhi"], &[false], &[200], Flow::Continue),
        ("until close waits for eof", &[b"HTTP/1.1 200 OK\r\n\r\nsome body"], &[false], &[], Flow::Close),
    ];
    for (name, chunks, heads, want, flow) in cases {
        let mut s = session(heads);
        let (got, result) = feed(&mut s, chunks);
        assert_eq!(&got, want, "{name}");
        assert_eq!(result, Ok(*flow), "{name}");
    }
}

#[test]
fn requests_that_close_end_the_connection() {
    let mut s = H1Session::new(true);
    s.submit(b"", req(false), &mut Vec::new());
    assert!(s.requests_close());
    assert_eq!(feed(&mut s, &[OK12]), (vec![200], Ok(Flow::Close)));
}

#[test]
fn eof_completes_close_delimited_body() {
    let mut s = session(&[false]);
    let _ = feed(&mut s, &[b"HTTP/1.1 200 OK\r\n\r\nbody"]);
    let mut got = Vec::new();
    assert!(s.on_eof(&mut |c: Completed, _| got.push(c.status)).is_ok());
    assert_eq!((got, s.in_flight()), (vec![200], 0));
}

#[test]
fn early_close_table() {
    let cases: &[(&[u8], &str)] = &[
        (b"", "1 request(s) unanswered"),
        (
            b"HTTP/1.1 200 OK\r\nContent-Le",
            "after 27 bytes of a response head",
        ),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort",
            "after 5 of 100 body bytes",
        ),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
            "inside a chunked body",
        ),
    ];
    for (bytes, want) in cases {
        let mut s = session(&[false]);
        let _ = feed(&mut s, &[bytes]);
        let e = s
            .on_eof(&mut |_, _| panic!("no response expected"))
            .unwrap_err();
        assert!(e.0.contains(want), "{e:?} should contain {want}");
    }
    let mut idle = session(&[]);
    assert!(idle.on_eof(&mut |_, _| {}).is_ok());
}

#[test]
fn bytes_with_no_request_in_flight_are_an_error() {
    let mut s = session(&[]);
    let (_, r) = feed(&mut s, &[OK12]);
    assert!(r
        .unwrap_err()
        .0
        .starts_with("51 unexpected byte(s) with no request in flight"));
    let mut s = session(&[false]);
    let (got, r) = feed(&mut s, &[OK12, b"X"]);
    assert_eq!(got, [200]);
    assert!(r.unwrap_err().0.contains("no request in flight: \"X\""));
    // Nothing read, nothing in flight: fine.
    assert_eq!(
        feed(&mut session(&[]), &[b""]),
        (vec![], Ok(Flow::Continue))
    );
}

#[test]
fn kept_responses_reach_the_callback() {
    let mut s = session(&[false, true]);
    s.keep_responses();
    let mut got = Vec::new();
    let bytes = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n2\r\nhi\r\n0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n";
    for part in bytes.chunks(3) {
        let flow = s.on_read(part, &mut |c: Completed, r: Option<ScriptResponse>| {
            let r = r.expect("kept");
            assert_eq!(r.status, c.status);
            got.push((r.headers.to_vec(), r.body.to_vec()));
        });
        assert_eq!(flow, Ok(Flow::Continue));
    }
    let te = (b"Transfer-Encoding".to_vec(), b"chunked".to_vec());
    let xa = (b"X-A".to_vec(), b"1".to_vec());
    let cl = (b"Content-Length".to_vec(), b"5".to_vec());
    assert_eq!(got, [(vec![te, xa], b"hi".to_vec()), (vec![cl], vec![])]);
    let mut plain = session(&[false]);
    plain
        .on_read(OK12, &mut |_, r: Option<ScriptResponse>| {
            assert!(r.is_none())
        })
        .unwrap();
}

#[test]
fn fuzz_entry_reads_alike_whole_and_cut() {
    let stream = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiHTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n!\r\n0\r\n\r\n";
    for cuts in [&[][..], &[1], &[7, 0, 40], &[3, 3, 3, 3, 3, 3, 3]] {
        let mut input = vec![cuts.len() as u8];
        input.extend_from_slice(cuts);
        input.extend_from_slice(stream);
        fuzz_response_bytes(&input);
    }
    let whole = fuzz::read(stream, &[], true);
    assert_eq!(whole, fuzz::read(stream, &[5, 50, 1], true));
}

/// What a fuzzer would start from, on stable: valid streams of three
/// responses (the second to a HEAD), each byte swapped for one a parser
/// trips on, then random mutations, each cut at random points. Every way of
/// feeding one must read the same responses (`fuzz_response_bytes` checks).
#[test]
fn arbitrary_streams_read_alike_however_cut() {
    let valid: [&[u8]; 3] = [
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiHTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2;x\r\nhi\r\n0\r\nT: 1\r\n\r\n",
        b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\nHTTP/1.0 304 Not Modified\r\nConnection: keep-alive\r\n\r\nHTTP/1.1 200 OK\r\n\r\nto the end",
        b"HTTP/1.1 200 OK\r\nContent-Length: 1, 1\r\n\r\n!HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nHTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\n!",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    let cut = |stream: &[u8], next: &mut dyn FnMut() -> usize| {
        let cuts: Vec<u8> = (0..next() % 8).map(|_| next() as u8 % 64).collect();
        let mut input = vec![cuts.len() as u8];
        input.extend(cuts);
        input.extend_from_slice(stream);
        fuzz_response_bytes(&input);
    };
    for v in valid {
        for at in 0..v.len() {
            for swap in *b"\r\n :;,0f9\x00" {
                let mut input = v.to_vec();
                input[at] = swap;
                cut(&input, &mut next);
            }
        }
    }
    for round in 0..20_000 {
        let mut input = valid[round % valid.len()].to_vec();
        for _ in 0..next() % 4 + 1 {
            let at = next() % input.len();
            match next() % 3 {
                0 => input[at] = next() as u8,
                1 => drop(input.remove(at)),
                _ => input.insert(at, input[at]),
            }
        }
        cut(&input, &mut next);
    }
}
