//! The checks of echo: random bytes of each size the load sends, one body
//! of 17 bytes and an empty one, each answered with the same bytes and a
//! `Content-Length` equal to them; a chunked request (no `Content-Length`)
//! echoed too; and two different bodies of one size on one connection, so
//! that a server answering with a cached or previous body fails.

use super::{
    random_posts, response, status, Check, Exchange, Fault, Reply, Requests, Response, Rng,
};
use crate::data::ECHO_SIZES;
use crate::Workload;

/// Bytes of the chunked echo.
pub const CHUNKED_SIZE: usize = 100_000;
/// Bytes of each of the two bodies sent on one connection.
pub const PAIR_SIZE: usize = 50_000;

/// `None` when `got` is `want` byte for byte, else where and how it differs.
pub fn first_difference(got: &[u8], want: &[u8]) -> Option<String> {
    let at = got.iter().zip(want).position(|(g, w)| g != w);
    match (at, got.len() == want.len()) {
        (None, true) => None,
        (Some(i), _) => Some(format!(
            "the body differs from the request's at byte {i} of {}: 0x{:02x}, want 0x{:02x}",
            want.len(),
            got[i],
            want[i]
        )),
        (None, false) => Some(format!(
            "a body of {} bytes, want the request's {}",
            got.len(),
            want.len()
        )),
    }
}

/// `200`, `Content-Length` the length of `want`, the body `want` exactly.
fn echoed(r: &Response, want: &[u8]) -> Result<(), String> {
    status(r, 200)?;
    if let Some(coding) = r.header("content-encoding") {
        return Err(format!(
            "Content-Encoding {coding:?}, want the bytes as sent"
        ));
    }
    match r.header("content-length") {
        None => return Err(format!("no Content-Length, want {}", want.len())),
        Some(n) if n.parse::<usize>() != Ok(want.len()) => {
            return Err(format!("Content-Length {n}, want {}", want.len()))
        }
        Some(_) => {}
    }
    match first_difference(&r.body, want) {
        None => Ok(()),
        Some(why) => Err(why),
    }
}

pub(super) fn echo(req: &Requests, rng: &mut Rng) -> Vec<Check> {
    let mut out = random_posts(
        req,
        rng,
        Workload::Echo,
        &ECHO_SIZES,
        CHUNKED_SIZE,
        |body| move |reply: &Reply| echoed(response(reply)?, &body),
    );
    out.push(pair(req, rng));
    out
}

/// Two different bodies of [`PAIR_SIZE`] bytes pipelined on one
/// connection: each answer is its own request's bytes.
fn pair(req: &Requests, rng: &mut Rng) -> Check {
    let bodies = [rng.bytes(PAIR_SIZE), rng.bytes(PAIR_SIZE)];
    let exchange = Exchange {
        responses: 2,
        ..Exchange::whole([req.post("/echo", &bodies[0]), req.post("/echo", &bodies[1])].concat())
    };
    Check::new(
        format!("echo: two bodies of {PAIR_SIZE} bytes on one connection"),
        vec![super::Step::Exchange(exchange)],
        move |replies| {
            for (i, want) in bodies.iter().enumerate() {
                let reply = replies.get(i).ok_or_else(|| Fault::at(i, "no reply"))?;
                echoed(response(reply).map_err(|e| Fault::at(i, e))?, want)
                    .map_err(|why| Fault::at(i, why))?;
            }
            Ok(())
        },
    )
}
