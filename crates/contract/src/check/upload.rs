//! The checks of upload: random bodies of each size the load sends, one of
//! 17 bytes and an empty one, each answered with its byte count; and a
//! chunked upload (no `Content-Length`), so that a server that echoes
//! `Content-Length` fails.

use super::{number_body, response, status, Check, Exchange, Requests, Rng};
use crate::data::UPLOAD_SIZES;

/// Bytes of the chunked upload, and of its chunks.
pub const CHUNKED_SIZE: usize = 100_000;
const CHUNK: usize = 16 * 1024;

/// `200` and the body's size.
fn count_judge(n: usize) -> impl Fn(&super::Reply) -> Result<(), String> + Send + Sync {
    move |reply| {
        let r = response(reply)?;
        status(r, 200)?;
        number_body(r, n as i64)
    }
}

pub(super) fn upload(req: &Requests, rng: &mut Rng) -> Vec<Check> {
    let mut sizes = vec![0, 17];
    sizes.extend(UPLOAD_SIZES);
    let mut out: Vec<Check> = sizes
        .into_iter()
        .map(|n| {
            Check::one(
                format!("upload: {n} bytes"),
                Exchange::whole(req.post("/upload", &rng.bytes(n))),
                count_judge(n),
            )
        })
        .collect();
    let body = rng.bytes(CHUNKED_SIZE);
    out.push(Check::one(
        format!("upload: {CHUNKED_SIZE} bytes chunked"),
        Exchange::whole(req.post_chunked("/upload", &body, CHUNK)),
        count_judge(CHUNKED_SIZE),
    ));
    out
}
