//! The checks of upload: random bodies of each size the load sends, one of
//! 17 bytes and an empty one, each answered with its byte count; and a
//! chunked upload (no `Content-Length`), so that a server that echoes
//! `Content-Length` fails.

use super::{number_body, random_posts, response, status, Check, Requests, Rng};
use crate::data::UPLOAD_SIZES;
use crate::Workload;

/// Bytes of the chunked upload.
pub const CHUNKED_SIZE: usize = 100_000;

/// `200` and the body's size.
fn count_judge(n: usize) -> impl Fn(&super::Reply) -> Result<(), String> + Send + Sync {
    move |reply| {
        let r = response(reply)?;
        status(r, 200)?;
        number_body(r, n as i64)
    }
}

pub(super) fn upload(req: &Requests, rng: &mut Rng) -> Vec<Check> {
    random_posts(
        req,
        rng,
        Workload::Upload,
        &UPLOAD_SIZES,
        CHUNKED_SIZE,
        |body| count_judge(body.len()),
    )
}
