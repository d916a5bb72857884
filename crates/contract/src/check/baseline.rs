//! The checks of baseline (the sum in three forms, negative numbers, a
//! fragmented request, a missing parameter) and of noisy (each noise
//! request once, then the baseline on a new connection).

use super::{number_body, response, status, Check, Exchange, Reply, Requests, Rng};

const MAX: i64 = 1_000_000;

/// The sum `/baseline?a=A&b=B` answers (plus `C` for a POST): 200 and the number.
fn sum_judge(want: i64) -> impl Fn(&Reply) -> Result<(), String> + Send + Sync {
    move |reply| {
        let r = response(reply)?;
        status(r, 200)?;
        number_body(r, want)
    }
}

pub(super) fn baseline(req: &Requests, rng: &mut Rng) -> Vec<Check> {
    let mut draw = || rng.range(0, MAX);
    let (a, b) = (draw(), draw());
    let get = req.get(&format!("/baseline?a={a}&b={b}"), &[]);
    let (a2, b2, c2) = (draw(), draw(), draw());
    let post = req.post(
        &format!("/baseline?a={a2}&b={b2}"),
        c2.to_string().as_bytes(),
    );
    let (a3, b3, c3) = (draw(), draw(), draw());
    let chunked = req.post_chunked(
        &format!("/baseline?a={a3}&b={b3}"),
        c3.to_string().as_bytes(),
        3,
    );
    let (a4, b4, c4) = (-draw(), draw(), -draw());
    let negative = req.post(
        &format!("/baseline?a={a4}&b={b4}"),
        c4.to_string().as_bytes(),
    );
    let (a5, b5, c5) = (draw(), draw(), draw());
    vec![
        Check::one("baseline: GET", Exchange::whole(get), sum_judge(a + b)),
        Check::one(
            "baseline: POST",
            Exchange::whole(post),
            sum_judge(a2 + b2 + c2),
        ),
        Check::one(
            "baseline: POST chunked",
            Exchange::whole(chunked),
            sum_judge(a3 + b3 + c3),
        ),
        Check::one(
            "baseline: negative numbers",
            Exchange::whole(negative),
            sum_judge(a4 + b4 + c4),
        ),
        Check::one(
            "baseline: request in fragments",
            Exchange::fragments(fragments(req, a5, b5, c5)),
            sum_judge(a5 + b5 + c5),
        ),
        Check::one(
            "baseline: missing parameter gives 400",
            Exchange::whole(req.get(&format!("/baseline?a={a}"), &[])),
            |reply| status(response(reply)?, 400),
        ),
    ]
}

/// A POST cut as docs/workloads.md says: the request line in two writes,
/// one header per write, the body one byte per write.
fn fragments(req: &Requests, a: i64, b: i64, c: i64) -> Vec<Vec<u8>> {
    let body = c.to_string();
    let whole = req.post(&format!("/baseline?a={a}&b={b}"), body.as_bytes());
    let head_len = whole.len() - body.len();
    let head = &whole[..head_len];
    let mut pieces = Vec::new();
    let mut lines = head.split_inclusive(|&b| b == b'\n');
    let request_line = lines.next().unwrap_or_default();
    let half = request_line.len() / 2;
    pieces.push(request_line[..half].to_vec());
    pieces.push(request_line[half..].to_vec());
    pieces.extend(lines.map(<[u8]>::to_vec));
    pieces.extend(whole[head_len..].iter().map(|&b| vec![b]));
    pieces
}

/// A noise request's answer: a 4xx (or `also`), or, when `close_ok`, a close.
fn noise_judge(
    also: Option<u16>,
    close_ok: bool,
) -> impl Fn(&Reply) -> Result<(), String> + Send + Sync {
    move |reply| match reply {
        Reply::Closed if close_ok => Ok(()),
        Reply::Closed => {
            Err("the server closed the connection without a response, want a 4xx".into())
        }
        Reply::Response(r) if (400..500).contains(&r.status) || Some(r.status) == also => Ok(()),
        Reply::Response(r) => Err(format!(
            "status {}, want a 4xx{}",
            r.status,
            match (also, close_ok) {
                (Some(s), _) => format!(" or {s}"),
                (None, true) => " or a close".into(),
                (None, false) => String::new(),
            }
        )),
        Reply::Rows(_) => Err("rows of the database where a response was expected".into()),
    }
}

pub(super) fn noisy(req: &Requests, rng: &mut Rng) -> Vec<Check> {
    let (a, b) = (rng.range(0, MAX), rng.range(0, MAX));
    let truncated = req.head(
        "POST",
        &format!("/baseline?a={a}&b={b}"),
        &[("Content-Length", "16")],
    );
    let random = rng.bytes(256);
    let (a2, b2) = (rng.range(0, MAX), rng.range(0, MAX));
    vec![
        Check::one(
            "noisy: bad method GETT",
            Exchange::whole(req.head("GETT", &format!("/baseline?a={a}&b={b}"), &[])),
            noise_judge(Some(501), false),
        ),
        Check::one(
            "noisy: unknown path",
            Exchange::whole(req.get("/no-such-path-barrage", &[])),
            noise_judge(None, false),
        ),
        Check::one(
            "noisy: Content-Length with no body",
            Exchange::raw_then_close(truncated),
            noise_judge(None, true),
        ),
        Check::one(
            "noisy: 256 random bytes",
            Exchange::raw_then_close(random),
            noise_judge(None, true),
        ),
        Check::one(
            "noisy: baseline after the noise",
            Exchange::whole(req.get(&format!("/baseline?a={a2}&b={b2}"), &[])),
            sum_judge(a2 + b2),
        ),
    ]
}
