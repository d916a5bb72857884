//! The handlers: the contract's first edition (`/hello`, `/xml`,
//! `/static/6b`, `/static/4k`) and the workloads of docs/workloads.md
//! (baseline, plaintext, json, json processing, upload, static set; the
//! compression workload is the Compress middleware on `/json/{count}`, the
//! noisy one is actix's own handling of bad requests).

use std::borrow::Cow;

use actix_web::http::header::{HeaderValue, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use actix_web::http::StatusCode;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde::Serialize;

use crate::data::{Data, Rating};

/// Largest upload counted (docs/workloads.md: 20 MB bodies; the contract
/// accepts up to 32 MiB). A larger one is 413.
pub const MAX_UPLOAD: u64 = 32 << 20;
/// Largest `POST /baseline` body: a number with some whitespace.
pub const MAX_BASELINE_BODY: usize = 4096;
/// Largest multiplier of `/json/{count}?m={m}`; larger values are clamped.
const MAX_MULTIPLIER: u64 = 1_000_000;

const TEXT: &str = "text/plain";
const XML_NO_VALUE: &str = "<http_test><error>no value specified</error></http_test>";

fn text(status: StatusCode, body: impl Into<Bytes>) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((CONTENT_TYPE, TEXT))
        .body(body.into())
}

fn bad_request(why: &'static str) -> HttpResponse {
    text(StatusCode::BAD_REQUEST, why)
}

pub async fn hello() -> HttpResponse {
    text(StatusCode::OK, &b"Hello World\n"[..])
}

pub async fn plaintext() -> HttpResponse {
    text(StatusCode::OK, &b"Hello, World!"[..])
}

#[derive(Serialize)]
struct Message {
    message: &'static str,
}

/// `{"message":"Hello, World!"}`, serialized per request.
pub async fn json() -> HttpResponse {
    HttpResponse::Ok().json(Message {
        message: "Hello, World!",
    })
}

/// The first parameter called `name`, decoded as HTML forms are (the
/// contract's `query_param`).
pub fn query_param<'a>(query: &'a str, name: &str) -> Option<Cow<'a, str>> {
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value)
}

pub async fn xml(req: HttpRequest) -> HttpResponse {
    let body = match query_param(req.query_string(), "value") {
        Some(value) if !value.is_empty() => {
            let mut out = String::with_capacity(value.len() + 48);
            out.push_str("<http_test><value>");
            for c in value.chars() {
                match c {
                    '&' => out.push_str("&amp;"),
                    '<' => out.push_str("&lt;"),
                    '>' => out.push_str("&gt;"),
                    '"' => out.push_str("&quot;"),
                    '\'' => out.push_str("&apos;"),
                    c => out.push(c),
                }
            }
            out.push_str("</value></http_test>");
            Bytes::from(out)
        }
        _ => Bytes::from_static(XML_NO_VALUE.as_bytes()),
    };
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/xml"))
        .body(body)
}

/// A decimal integer, optionally negative, at most 18 digits.
fn integer(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A non-negative decimal integer; too large for u64 reads as u64::MAX
/// (the callers clamp).
fn natural(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse().unwrap_or(u64::MAX))
}

/// `A+B` of the query, or why it is a bad request.
fn baseline_query(req: &HttpRequest) -> Result<i64, &'static str> {
    let query = req.query_string();
    let mut sum = 0i64;
    for name in ["a", "b"] {
        let value = query_param(query, name).ok_or("missing query parameter a or b\n")?;
        let n = integer(&value).ok_or("a and b must be integers\n")?;
        sum = sum.wrapping_add(n);
    }
    Ok(sum)
}

/// `GET /baseline?a=A&b=B`: `A+B`.
pub async fn baseline_get(req: HttpRequest) -> HttpResponse {
    match baseline_query(&req) {
        Ok(sum) => text(StatusCode::OK, sum.to_string()),
        Err(why) => bad_request(why),
    }
}

/// `POST /baseline?a=A&b=B` with a number `C` (Content-Length or chunked): `A+B+C`.
pub async fn baseline_post(req: HttpRequest, body: Bytes) -> HttpResponse {
    let sum = match baseline_query(&req) {
        Ok(sum) => sum,
        Err(why) => return bad_request(why),
    };
    let c = std::str::from_utf8(&body)
        .ok()
        .and_then(|s| integer(s.trim_ascii()));
    match c {
        Some(c) => text(StatusCode::OK, sum.wrapping_add(c).to_string()),
        None => bad_request("the body must be an integer\n"),
    }
}

/// `POST /upload`: the number of body bytes received, counted from the
/// stream (chunked or not); more than [`MAX_UPLOAD`] is 413.
pub async fn upload(mut body: web::Payload) -> actix_web::Result<HttpResponse> {
    let mut received: u64 = 0;
    while let Some(chunk) = body.next().await {
        received += chunk?.len() as u64;
        if received > MAX_UPLOAD {
            return Ok(text(
                StatusCode::PAYLOAD_TOO_LARGE,
                "the body is over 32 MiB\n",
            ));
        }
    }
    Ok(text(StatusCode::OK, received.to_string()))
}

/// An item as `/json/{count}` returns it: its fields and its total.
#[derive(Serialize)]
struct Processed<'a> {
    id: u64,
    name: &'a str,
    category: &'a str,
    price: u64,
    quantity: u64,
    active: bool,
    tags: &'a [String],
    rating: &'a Rating,
    total: u64,
}

#[derive(Serialize)]
struct ProcessedList<'a> {
    items: Vec<Processed<'a>>,
    count: usize,
}

/// `GET /json/{count}?m={m}`: the first `count` items (at most 50) with
/// `total = price × quantity × m` (`m` 1 when absent, at most 1,000,000).
pub async fn json_processing(req: HttpRequest, data: web::Data<Data>) -> HttpResponse {
    let Some(count) = req.match_info().get("count").and_then(natural) else {
        return bad_request("count in /json/{count} must be a non-negative integer\n");
    };
    let m = match query_param(req.query_string(), "m") {
        None => 1,
        Some(m) => match natural(&m) {
            Some(m) => m.min(MAX_MULTIPLIER),
            None => return bad_request("m must be a non-negative integer\n"),
        },
    };
    let items: Vec<Processed> = data
        .items
        .iter()
        .take(count.min(data.items.len() as u64) as usize)
        .map(|item| Processed {
            id: item.id,
            name: &item.name,
            category: &item.category,
            price: item.price,
            quantity: item.quantity,
            active: item.active,
            tags: &item.tags,
            rating: &item.rating,
            total: item.price * item.quantity * m,
        })
        .collect();
    let count = items.len();
    HttpResponse::Ok().json(ProcessedList { items, count })
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

/// The encoding to send for an `Accept-Encoding` value: the one of br and
/// gzip with the higher quality (br on a tie), identity when neither is
/// acceptable (q=0 or not named, `*` standing for the unnamed ones).
fn negotiate(accept: &str) -> Encoding {
    let (mut br, mut gzip, mut star) = (None, None, None);
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let mut q = 1.0f32;
        for param in parts {
            if let Some(value) = param.trim().strip_prefix("q=") {
                q = value.trim().parse().unwrap_or(0.0);
            }
        }
        if name.eq_ignore_ascii_case("br") {
            br = Some(q);
        } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
            gzip = Some(q);
        } else if name == "*" {
            star = Some(q);
        }
    }
    let br = br.or(star).unwrap_or(0.0);
    let gzip = gzip.or(star).unwrap_or(0.0);
    if br > 0.0 && br >= gzip {
        Encoding::Brotli
    } else if gzip > 0.0 {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// `GET /static/{name}`: the file with its type; a text file's `.br` or
/// `.gz` variant when the request accepts it; 404 for a missing one.
pub async fn static_file(req: HttpRequest, data: web::Data<Data>) -> HttpResponse {
    let name = req.match_info().get("name").unwrap_or("");
    let Some(file) = data.files.get(name) else {
        return text(StatusCode::NOT_FOUND, &b"not found\n"[..]);
    };
    let mut res = HttpResponse::Ok();
    res.insert_header((CONTENT_TYPE, HeaderValue::from_static(file.content_type)));
    if file.gzip.is_none() && file.brotli.is_none() {
        return res.body(file.body.clone());
    }
    res.insert_header((VARY, "Accept-Encoding"));
    let accept = req
        .headers()
        .get("accept-encoding")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let (encoding, body) = match (negotiate(accept), &file.brotli, &file.gzip) {
        (Encoding::Brotli, Some(br), _) => ("br", br),
        (Encoding::Gzip, _, Some(gz)) => ("gzip", gz),
        _ => return res.body(file.body.clone()),
    };
    res.insert_header((CONTENT_ENCODING, encoding));
    res.body(body.clone())
}

pub async fn not_found() -> HttpResponse {
    text(StatusCode::NOT_FOUND, &b"not found\n"[..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiation() {
        assert_eq!(negotiate("br;q=1, gzip;q=0.8"), Encoding::Brotli);
        assert_eq!(negotiate("gzip, br"), Encoding::Brotli);
        assert_eq!(negotiate("gzip"), Encoding::Gzip);
        assert_eq!(negotiate("br;q=0, gzip"), Encoding::Gzip);
        assert_eq!(negotiate("gzip;q=1, br;q=0.5"), Encoding::Gzip);
        assert_eq!(negotiate("*"), Encoding::Brotli);
        assert_eq!(negotiate(""), Encoding::Identity);
        assert_eq!(negotiate("identity"), Encoding::Identity);
    }

    #[test]
    fn numbers() {
        assert_eq!(integer("-12"), Some(-12));
        assert_eq!(integer("123456789012345678"), Some(123456789012345678));
        assert_eq!(integer("1234567890123456789"), None);
        assert_eq!(integer("-"), None);
        assert_eq!(integer("+1"), None);
        assert_eq!(natural("99999999999999999999999"), Some(u64::MAX));
        assert_eq!(natural("-1"), None);
    }
}
