//! The checks of plaintext (body, `Content-Type`, `Server` and `Date`; the
//! `Date` changes over 3 s; 16 pipelined requests answered) and of json (the
//! exact object, `Content-Type`).

use std::time::Duration;

use super::{
    content_type, json_body, response, status, Check, Exchange, Fault, Reply, Requests, Step,
};
use crate::data::{JSON_MESSAGE, PLAINTEXT_BODY};

/// How far apart the two requests of the `Date` rule are (TechEmpower: over 3 s).
pub const DATE_WAIT: Duration = Duration::from_millis(3100);
/// Requests pipelined on one connection (TechEmpower's depth).
pub const PIPELINE: usize = 16;

/// `200`, `text/plain`, `Hello, World!`.
fn plaintext_ok(reply: &Reply) -> Result<(), String> {
    let r = response(reply)?;
    status(r, 200)?;
    content_type(r, "text/plain")?;
    match r.body == PLAINTEXT_BODY {
        true => Ok(()),
        false => Err(format!(
            "body {}, want \"Hello, World!\"",
            super::quote(&r.body)
        )),
    }
}

pub(super) fn plaintext(req: &Requests) -> Vec<Check> {
    let get = req.get("/plaintext", &[]);
    let mut pipelined = Exchange::whole(get.repeat(PIPELINE));
    pipelined.responses = PIPELINE;
    vec![
        Check::one(
            "plaintext: body and headers",
            Exchange::whole(get.clone()),
            |reply| {
                plaintext_ok(reply)?;
                let r = response(reply)?;
                for name in ["server", "date"] {
                    if r.header(name).is_none_or(str::is_empty) {
                        return Err(format!("no {name} header"));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            "plaintext: Date changes over 3 s",
            vec![
                Step::Exchange(Exchange::whole(get.clone())),
                Step::Wait(DATE_WAIT),
                Step::Exchange(Exchange::whole(get)),
            ],
            |replies| {
                let date = |i: usize| {
                    let reply = replies.get(i).ok_or_else(|| Fault::at(i, "no reply"))?;
                    let r = response(reply).map_err(|e| Fault::at(i, e))?;
                    r.header("date")
                        .map(str::to_string)
                        .ok_or_else(|| Fault::at(i, "no Date header"))
                };
                let (first, second) = (date(0)?, date(1)?);
                match first != second {
                    true => Ok(()),
                    false => Err(Fault::at(
                        1,
                        format!("Date {second:?} did not change in 3.1 s"),
                    )),
                }
            },
        ),
        Check::new(
            "plaintext: 16 pipelined requests",
            vec![Step::Exchange(pipelined)],
            |replies| {
                if replies.len() != PIPELINE {
                    let n = replies.len();
                    return Err(Fault::at(n, format!("{n} responses, want {PIPELINE}")));
                }
                for (i, reply) in replies.iter().enumerate() {
                    plaintext_ok(reply)
                        .map_err(|e| Fault::at(i, format!("response {}: {e}", i + 1)))?;
                }
                Ok(())
            },
        ),
    ]
}

pub(super) fn json(req: &Requests) -> Vec<Check> {
    let want = serde_json::json!({ "message": JSON_MESSAGE });
    vec![Check::one(
        "json: object and Content-Type",
        Exchange::whole(req.get("/json", &[])),
        move |reply| {
            let r = response(reply)?;
            status(r, 200)?;
            content_type(r, "application/json")?;
            json_body(&r.body, &want)
        },
    )]
}
