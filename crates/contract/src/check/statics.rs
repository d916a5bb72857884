//! The checks of the static set: every file, asked with the load's
//! `Accept-Encoding`, is after decoding exactly the file's bytes with its
//! `Content-Type`; a missing file gives `404`.

use super::{content_type, decoded, response, status, Check, Exchange, Requests};
use crate::data::STATIC_FILES;

/// What the load's static requests accept.
pub const ACCEPT_ENCODING: &str = "br;q=1, gzip;q=0.8";

pub(super) fn static_set(req: &Requests) -> Vec<Check> {
    let mut out: Vec<Check> = STATIC_FILES
        .iter()
        .map(|file| {
            let path = file.path();
            let request = req.get(&path, &[("Accept-Encoding", ACCEPT_ENCODING)]);
            Check::one(
                format!("static: {path}"),
                Exchange::whole(request),
                |reply| {
                    let r = response(reply)?;
                    status(r, 200)?;
                    content_type(r, file.content_type)?;
                    let body = decoded(r)?;
                    if body.len() != file.body.len() {
                        return Err(format!(
                            "{} bytes after decoding, want {}",
                            body.len(),
                            file.body.len()
                        ));
                    }
                    match body.iter().zip(file.body).position(|(a, b)| a != b) {
                        None => Ok(()),
                        Some(at) => Err(format!(
                            "the bytes differ from the file's at offset {at} (SHA-256 {})",
                            file.sha256
                        )),
                    }
                },
            )
        })
        .collect();
    out.push(Check::one(
        "static: missing file gives 404",
        Exchange::whole(req.get("/static/no-such-file.css", &[])),
        |reply| status(response(reply)?, 404),
    ));
    out
}
