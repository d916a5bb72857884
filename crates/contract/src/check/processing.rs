//! The checks of json-processing (several `count`, `m` pairs, random and at
//! the edges, every item and total exact) and of compression (the body
//! decodes from gzip or br to the right object; no `Content-Encoding` when
//! the request asked for none).

use super::{content_type, decoded, json_body, response, status, Check, Exchange, Requests, Rng};
use crate::data::{processed, DATASET_LEN};

/// What the load's compression requests accept.
pub const ACCEPT_ENCODING: &str = "gzip, br";

/// The path of `/json/{count}?m={m}` (`m` left out when `None`).
fn target(count: usize, m: Option<u64>) -> String {
    match m {
        Some(m) => format!("/json/{count}?m={m}"),
        None => format!("/json/{count}"),
    }
}

/// The expected object of `/json/{count}?m={m}`.
fn expected(count: usize, m: Option<u64>) -> serde_json::Value {
    let body = processed(count.min(DATASET_LEN), m.unwrap_or(1));
    serde_json::to_value(body).expect("the dataset serializes")
}

pub(super) fn json_processing(req: &Requests, rng: &mut Rng) -> Vec<Check> {
    let mut draw = |lo, hi| rng.range(lo, hi) as u64;
    let pairs = [
        (draw(1, 50) as usize, Some(draw(1, 100))),
        (draw(1, 50) as usize, Some(draw(1, 100))),
        (1, Some(draw(1, 100))),
        (50, Some(draw(1, 100))),
        (51, Some(draw(1, 100))),
        (draw(1, 50) as usize, None),
    ];
    pairs
        .into_iter()
        .map(|(count, m)| {
            let path = target(count, m);
            let want = expected(count, m);
            Check::one(
                format!("json-processing: {path}"),
                Exchange::whole(req.get(&path, &[])),
                move |reply| {
                    let r = response(reply)?;
                    status(r, 200)?;
                    content_type(r, "application/json")?;
                    json_body(&decoded(r)?, &want)
                },
            )
        })
        .collect()
}

pub(super) fn compression(req: &Requests, rng: &mut Rng) -> Vec<Check> {
    let m = rng.range(1, 100) as u64;
    let path = target(DATASET_LEN, Some(m));
    let want = expected(DATASET_LEN, Some(m));
    let plain_want = want.clone();
    vec![
        Check::one(
            format!("compression: {path} with Accept-Encoding: {ACCEPT_ENCODING}"),
            Exchange::whole(req.get(&path, &[("Accept-Encoding", ACCEPT_ENCODING)])),
            move |reply| {
                let r = response(reply)?;
                status(r, 200)?;
                match r.header("content-encoding").map(str::to_ascii_lowercase) {
                    Some(e) if e == "gzip" || e == "br" => {}
                    Some(e) => return Err(format!("Content-Encoding {e:?}, want gzip or br")),
                    None => return Err("no Content-Encoding, want gzip or br".into()),
                }
                json_body(&decoded(r)?, &want)
            },
        ),
        Check::one(
            format!("compression: {path} without Accept-Encoding"),
            Exchange::whole(req.get(&path, &[])),
            move |reply| {
                let r = response(reply)?;
                status(r, 200)?;
                if let Some(e) = r.header("content-encoding") {
                    if !e.eq_ignore_ascii_case("identity") {
                        return Err(format!(
                            "Content-Encoding {e:?} on a request without Accept-Encoding"
                        ));
                    }
                }
                json_body(&r.body, &plain_want)
            },
        ),
    ]
}
