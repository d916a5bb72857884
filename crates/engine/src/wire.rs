//! A request template in each protocol's bytes: HTTP/1's text, HTTP/2's
//! fields, HTTP/3's frames, encoded once before the run. The template
//! (request.rs) is plain data and imports none of the encoders; this file
//! joins the two.

use crate::request::{RequestTemplate, CONNECTION_SPECIFIC};
use crate::session::h2::H2Request;
use crate::session::h3::H3Request;
use crate::spec::{Reuse, Scheme};

impl RequestTemplate {
    /// The HTTP/2 form: pseudo-headers, then the rest with lower-case
    /// names; a `Host` header becomes `:authority`.
    pub fn to_h2(&self, authority: &str, scheme: Scheme) -> H2Request {
        let field = |n: &str, v: &str| -> (Box<[u8]>, Box<[u8]>) {
            (n.as_bytes().into(), v.as_bytes().into())
        };
        let host = self
            .headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("host"))
            .map_or(authority, |(_, v)| v.as_str());
        let mut headers = vec![
            field(":method", &self.method),
            field(":scheme", scheme.name()),
            field(":authority", host),
            field(":path", &self.path),
        ];
        if !self.has_header("user-agent") {
            headers.push(field(
                "user-agent",
                concat!("barrage/", env!("CARGO_PKG_VERSION")),
            ));
        }
        for (name, value) in &self.headers {
            let lower = name.to_ascii_lowercase();
            if lower == "host" || CONNECTION_SPECIFIC.contains(&lower.as_str()) {
                continue;
            }
            headers.push(field(&lower, value));
        }
        if !self.body.is_empty() && !self.has_header("content-length") {
            headers.push(field("content-length", &self.body.len().to_string()));
        }
        H2Request {
            headers,
            body: self.body.clone().into_boxed_slice(),
        }
    }
}

/// A request ready to write, in both wire forms, and what its response looks like.
#[derive(Debug, Clone)]
pub struct WireRequest {
    pub bytes: Box<[u8]>,
    pub h2: H2Request,
    /// HTTP/3: the HEADERS (QPACK, static table only) and DATA frames.
    pub h3: H3Request,
    pub head: bool,
}

pub(crate) fn compile(
    templates: &[RequestTemplate],
    authority: &str,
    reuse: Reuse,
    scheme: Scheme,
) -> Vec<WireRequest> {
    templates
        .iter()
        .map(|t| {
            let h2 = t.to_h2(authority, scheme);
            WireRequest {
                bytes: t.to_h1(authority, reuse).into_boxed_slice(),
                h3: H3Request::new(&h2.headers, &h2.body),
                h2,
                head: t.is_head(),
            }
        })
        .collect()
}
