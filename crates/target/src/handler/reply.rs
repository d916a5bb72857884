//! [`Reply`]: what the contract says to send (status, type, body, and the
//! few headers some endpoints add), and its framing into a response head
//! and body for any HTTP version. Routing lives in the parent module.

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{
    HeaderValue, ALLOW, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, SERVER, VARY,
};
use hyper::{HeaderMap, Response, StatusCode};

use super::encoding::Coding;
use crate::contract;

pub(crate) const TEXT_PLAIN: HeaderValue = HeaderValue::from_static("text/plain");
pub(crate) const TEXT_XML: HeaderValue = HeaderValue::from_static("text/xml");
pub(crate) const OCTET_STREAM: HeaderValue = HeaderValue::from_static("application/octet-stream");
pub(crate) const APPLICATION_JSON: HeaderValue = HeaderValue::from_static("application/json");
const ACCEPT_ENCODING: HeaderValue = HeaderValue::from_static("accept-encoding");

/// What the contract says to send, before HTTP framing.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: StatusCode,
    pub(crate) content_type: HeaderValue,
    pub(crate) body: Bytes,
    /// `Content-Encoding` of `body`, when it is compressed.
    pub(crate) coding: Option<Coding>,
    /// The body depends on `Accept-Encoding`: `Vary: Accept-Encoding`.
    pub(crate) vary_encoding: bool,
    /// `Allow` of a 405.
    pub(crate) allow: Option<&'static str>,
}

impl Reply {
    pub(crate) fn ok(content_type: HeaderValue, body: Bytes) -> Reply {
        Reply {
            status: StatusCode::OK,
            content_type,
            body,
            coding: None,
            vary_encoding: false,
            allow: None,
        }
    }

    pub(crate) fn text(status: StatusCode, body: &'static [u8]) -> Reply {
        Reply {
            status,
            ..Reply::ok(TEXT_PLAIN, Bytes::from_static(body))
        }
    }

    /// A 200 `text/plain` carrying a decimal number (`/baseline`, `/upload`).
    pub(crate) fn number(n: impl std::fmt::Display) -> Reply {
        Reply::ok(TEXT_PLAIN, Bytes::from(n.to_string()))
    }

    /// 404 `not found`.
    pub(crate) fn not_found() -> Reply {
        Reply::text(StatusCode::NOT_FOUND, contract::NOT_FOUND_BODY)
    }

    /// 405 with `Allow: allow`.
    pub(crate) fn method_not_allowed(allow: &'static str) -> Reply {
        Reply {
            allow: Some(allow),
            ..Reply::text(
                StatusCode::METHOD_NOT_ALLOWED,
                contract::METHOD_NOT_ALLOWED_BODY,
            )
        }
    }

    /// 413: a body longer than the endpoint holds (`/echo`).
    pub(crate) fn payload_too_large() -> Reply {
        Reply::text(StatusCode::PAYLOAD_TOO_LARGE, b"the body is too large")
    }

    /// 400 with a one-line reason as the body.
    pub(crate) fn bad_request(reason: &'static str) -> Reply {
        Reply::text(StatusCode::BAD_REQUEST, reason.as_bytes())
    }

    /// The response head and the body to send, for any HTTP version:
    /// `head` keeps the headers (including the `Content-Length` of the
    /// body) but sends no body. `Date` is left to the protocol layer
    /// (hyper adds it for HTTP/1.1 and h2, the HTTP/3 server itself).
    pub(crate) fn into_parts(self, head: bool) -> (Response<()>, Bytes) {
        // Room for `Date` and `Alt-Svc` too, added after.
        let mut headers = HeaderMap::with_capacity(6);
        headers.insert(SERVER, HeaderValue::from_static(contract::SERVER));
        headers.insert(CONTENT_TYPE, self.content_type);
        headers.insert(CONTENT_LENGTH, content_length(self.body.len()));
        if let Some(coding) = self.coding {
            headers.insert(CONTENT_ENCODING, coding.header());
        }
        if self.vary_encoding {
            headers.insert(VARY, ACCEPT_ENCODING);
        }
        if let Some(allow) = self.allow {
            headers.insert(ALLOW, HeaderValue::from_static(allow));
        }
        let body = if head { Bytes::new() } else { self.body };
        let mut response = Response::new(());
        *response.status_mut() = self.status;
        *response.headers_mut() = headers;
        (response, body)
    }

    /// The full response for hyper; see [`Reply::into_parts`].
    pub(crate) fn into_response(self, head: bool) -> Response<Full<Bytes>> {
        let (response, body) = self.into_parts(head);
        response.map(|()| Full::new(body))
    }
}

/// `Content-Length` value, without allocating for the contract's fixed sizes.
pub(crate) fn content_length(len: usize) -> HeaderValue {
    match len {
        0 => HeaderValue::from_static("0"),
        3 => HeaderValue::from_static("3"),
        6 => HeaderValue::from_static("6"),
        10 => HeaderValue::from_static("10"),
        12 => HeaderValue::from_static("12"),
        13 => HeaderValue::from_static("13"),
        19 => HeaderValue::from_static("19"),
        27 => HeaderValue::from_static("27"),
        56 => HeaderValue::from_static("56"),
        4096 => HeaderValue::from_static("4096"),
        _ => HeaderValue::from(len),
    }
}
