//! Requests as data, and their HTTP/1.x wire form, built once per run.

use crate::spec::Reuse;

/// One request to send: method, path (with query), extra headers and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestTemplate {
    pub method: String,
    pub path: String,
    /// Extra headers as `(name, value)`; a `Host`, `User-Agent` or
    /// `Connection` here replaces barrage's own.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl RequestTemplate {
    /// A plain `GET path`.
    pub fn get(path: &str) -> RequestTemplate {
        RequestTemplate {
            method: "GET".into(),
            path: path.into(),
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// Whether the response to this request has no body (`HEAD`).
    pub fn is_head(&self) -> bool {
        self.method.eq_ignore_ascii_case("HEAD")
    }

    fn has_header(&self, name: &str) -> bool {
        self.headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    /// The bytes sent on the wire for HTTP/1.x.
    pub fn to_h1(&self, authority: &str, reuse: Reuse) -> Vec<u8> {
        let version = match reuse {
            Reuse::Http10 { .. } => "HTTP/1.0",
            _ => "HTTP/1.1",
        };
        let mut out = format!("{} {} {}\r\n", self.method, self.path, version);
        if !self.has_header("host") {
            out += &format!("Host: {authority}\r\n");
        }
        if !self.has_header("user-agent") {
            out += concat!("User-Agent: barrage/", env!("CARGO_PKG_VERSION"), "\r\n");
        }
        if !self.has_header("connection") {
            match reuse {
                Reuse::Close => out += "Connection: close\r\n",
                Reuse::Http10 { keepalive: true } => out += "Connection: keep-alive\r\n",
                _ => {}
            }
        }
        for (name, value) in &self.headers {
            out += &format!("{name}: {value}\r\n");
        }
        if !self.body.is_empty() && !self.has_header("content-length") {
            out += &format!("Content-Length: {}\r\n", self.body.len());
        }
        out += "\r\n";
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(&self.body);
        bytes
    }
}

/// A request ready to write: its bytes and what its response looks like.
#[derive(Debug, Clone)]
pub(crate) struct WireRequest {
    pub bytes: Box<[u8]>,
    pub head: bool,
}

pub(crate) fn compile(
    templates: &[RequestTemplate],
    authority: &str,
    reuse: Reuse,
) -> Vec<WireRequest> {
    templates
        .iter()
        .map(|t| WireRequest {
            bytes: t.to_h1(authority, reuse).into_boxed_slice(),
            head: t.is_head(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &RequestTemplate, reuse: Reuse) -> String {
        String::from_utf8(t.to_h1("h:1", reuse)).unwrap()
    }

    #[test]
    fn wire_forms() {
        let get = RequestTemplate::get("/a?b=c");
        let ua = concat!("User-Agent: barrage/", env!("CARGO_PKG_VERSION"), "\r\n");
        assert_eq!(
            text(&get, Reuse::KeepAlive),
            format!("GET /a?b=c HTTP/1.1\r\nHost: h:1\r\n{ua}\r\n")
        );
        assert_eq!(
            text(&get, Reuse::Close),
            format!("GET /a?b=c HTTP/1.1\r\nHost: h:1\r\n{ua}Connection: close\r\n\r\n")
        );
        assert_eq!(
            text(&get, Reuse::Http10 { keepalive: false }),
            format!("GET /a?b=c HTTP/1.0\r\nHost: h:1\r\n{ua}\r\n")
        );
        assert_eq!(
            text(&get, Reuse::Http10 { keepalive: true }),
            format!("GET /a?b=c HTTP/1.0\r\nHost: h:1\r\n{ua}Connection: keep-alive\r\n\r\n")
        );
    }

    #[test]
    fn headers_and_body() {
        let t = RequestTemplate {
            method: "POST".into(),
            path: "/p".into(),
            headers: vec![("Host".into(), "x".into()), ("X-A".into(), "1".into())],
            body: b"hello".to_vec(),
        };
        let s = text(&t, Reuse::KeepAlive);
        assert!(s.starts_with("POST /p HTTP/1.1\r\n"));
        assert!(!s.contains("Host: h:1"));
        assert!(s.contains("Host: x\r\nX-A: 1\r\nContent-Length: 5\r\n\r\nhello"));
        assert!(RequestTemplate {
            method: "head".into(),
            ..t
        }
        .is_head());
    }
}
