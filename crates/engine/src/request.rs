//! Requests as data, and their HTTP/1.x wire form, built once per run.

use crate::spec::{Field, Protocol, Reuse, SpecError};

/// One request to send: method, path (with query), extra headers and body.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

    pub(crate) fn has_header(&self, name: &str) -> bool {
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

impl RequestTemplate {
    /// Whether this request can be sent as given over `protocol`: the
    /// method a token, the path free of whitespace and control bytes, every
    /// header a valid one ([`check_header`]), and over HTTP/2 none of the
    /// headers that belong to an HTTP/1 connection (RFC 9113 §8.2.2).
    pub fn validate(&self, protocol: Protocol) -> Result<(), SpecError> {
        if !is_token(&self.method) {
            return Err(SpecError::new(
                Field::Method,
                format!(
                    "method {:?} is not a token (letters, digits and !#$%&'*+-.^_`|~)",
                    self.method
                ),
            ));
        }
        if self.path.is_empty() || self.path.bytes().any(|b| b <= b' ' || b == 0x7f) {
            return Err(SpecError::new(
                Field::Path,
                format!(
                    "path {:?} is empty or contains a space or control byte (CR, LF, NUL…); percent-encode them",
                    self.path
                ),
            ));
        }
        for (name, value) in &self.headers {
            check_header(name, value).map_err(|e| SpecError::new(Field::Header, e))?;
            if matches!(protocol, Protocol::H2 | Protocol::H3) {
                let lower = name.to_ascii_lowercase();
                let te_other = lower == "te" && !value.trim().eq_ignore_ascii_case("trailers");
                if CONNECTION_SPECIFIC.contains(&lower.as_str()) || te_other {
                    return Err(SpecError::new(
                        Field::Header,
                        format!(
                            "header {name:?}: HTTP/2 forbids connection-specific headers \
                             (Connection, Keep-Alive, Proxy-Connection, Transfer-Encoding, Upgrade, TE other than \"trailers\")"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Whether `s` is an RFC 9110 token (a method or a header name).
pub fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Whether `name: value` can be sent: the name a token, the value without
/// control characters other than tab (RFC 9110 §5.5; CR or LF would end or
/// split the header on the wire). The message names the header.
pub fn check_header(name: &str, value: &str) -> Result<(), String> {
    if !is_token(name) {
        return Err(format!(
            "header name {name:?} is not a token (letters, digits and !#$%&'*+-.^_`|~, no spaces or colons)"
        ));
    }
    if value.bytes().any(|b| (b < b' ' && b != b'\t') || b == 0x7f) {
        return Err(format!(
            "header {name:?}: the value contains a control character (CR, LF, NUL…)"
        ));
    }
    Ok(())
}

/// Headers that belong to an HTTP/1 connection and are not sent over
/// HTTP/2 (RFC 9113 §8.2.2).
pub(crate) const CONNECTION_SPECIFIC: [&str; 5] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "upgrade",
];

/// Splits bytes that hold one or more whole HTTP/1.x requests (a script's
/// `request()` may return several to pipeline): for each request, whether
/// it is a `HEAD` (its response has no body). Bodies are framed by
/// Content-Length; a chunked request body cannot be counted and is refused,
/// as is anything that is not whole requests.
pub fn split_h1_requests(bytes: &[u8], heads: &mut Vec<bool>) -> Result<(), String> {
    heads.clear();
    if bytes.is_empty() {
        return Err("an empty string is not a request".into());
    }
    let mut pos = 0;
    while pos < bytes.len() {
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut req = httparse::Request::new(&mut headers);
        let n = match req.parse(&bytes[pos..]) {
            Ok(httparse::Status::Complete(n)) => n,
            Ok(httparse::Status::Partial) => {
                return Err(format!(
                    "request {} is cut short (no blank line after its head)",
                    heads.len() + 1
                ))
            }
            Err(e) => return Err(format!("request {} is not HTTP/1.x: {e}", heads.len() + 1)),
        };
        let mut length = 0usize;
        for h in req.headers.iter() {
            if h.name.eq_ignore_ascii_case("content-length") {
                length = std::str::from_utf8(h.value)
                    .ok()
                    .and_then(|v| v.trim().parse().ok())
                    .ok_or_else(|| {
                        format!("request {}: invalid Content-Length", heads.len() + 1)
                    })?;
            } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
                return Err(format!(
                    "request {}: a Transfer-Encoding body cannot be split from the next request; send a Content-Length body",
                    heads.len() + 1
                ));
            }
        }
        heads.push(req.method.is_some_and(|m| m.eq_ignore_ascii_case("HEAD")));
        pos += n + length;
        if pos > bytes.len() {
            return Err(format!(
                "request {}: its body is shorter than its Content-Length",
                heads.len()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipelined_requests_are_split_and_counted() {
        let mut heads = Vec::new();
        let one = b"GET / HTTP/1.1\r\nHost: a\r\n\r\n".as_slice();
        split_h1_requests(one, &mut heads).unwrap();
        assert_eq!(heads, [false]);
        let three = [
            one,
            b"HEAD /h HTTP/1.1\r\n\r\n",
            b"POST /p HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello",
        ]
        .concat();
        split_h1_requests(&three, &mut heads).unwrap();
        assert_eq!(heads, [false, true, false]);
        for (bad, says) in [
            (b"".as_slice(), "empty"),
            (b"GET / HTTP/1.1\r\nHost: a\r\n", "cut short"),
            (b"GET / HTTP/1.1\r\nContent-Length: 9\r\n\r\nabc", "shorter"),
            (
                b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                "Transfer-Encoding",
            ),
            (b"\x01\x02 nonsense\r\n\r\n", "not HTTP/1.x"),
        ] {
            let e = split_h1_requests(bad, &mut heads).unwrap_err();
            assert!(e.contains(says), "{e}");
        }
    }

    #[test]
    fn rejects_what_cannot_be_sent() {
        let ok = RequestTemplate::get("/a");
        assert_eq!(ok.validate(Protocol::Http1), Ok(()));
        let with = |f: &dyn Fn(&mut RequestTemplate)| {
            let mut t = RequestTemplate::get("/a");
            f(&mut t);
            t
        };
        let header = |n: &str, v: &str| {
            let (n, v) = (n.to_string(), v.to_string());
            with(&move |t: &mut RequestTemplate| t.headers.push((n.clone(), v.clone())))
        };
        let cases: Vec<(RequestTemplate, Protocol, Field, &str)> = vec![
            (
                with(&|t| t.method = "G T".into()),
                Protocol::Http1,
                Field::Method,
                "not a token",
            ),
            (
                with(&|t| t.method = String::new()),
                Protocol::Http1,
                Field::Method,
                "not a token",
            ),
            (
                with(&|t| t.path = "/a b".into()),
                Protocol::Http1,
                Field::Path,
                "space or control",
            ),
            (
                with(&|t| t.path = "/a\r\nX: y".into()),
                Protocol::Http1,
                Field::Path,
                "control",
            ),
            (
                header("X-A", "1\r\nX-B: 2"),
                Protocol::Http1,
                Field::Header,
                "control character",
            ),
            (
                header("X-A", "a\rb"),
                Protocol::Http1,
                Field::Header,
                "control character",
            ),
            (
                header("X-A", "a\nb"),
                Protocol::H2,
                Field::Header,
                "control character",
            ),
            (
                with(&|t| t.method = "GET\r".into()),
                Protocol::Http1,
                Field::Method,
                "not a token",
            ),
            (
                with(&|t| t.path = "/a\0b".into()),
                Protocol::Http1,
                Field::Path,
                "control",
            ),
            (
                header("Keep-Alive", "timeout=5"),
                Protocol::H2,
                Field::Header,
                "HTTP/2 forbids",
            ),
            (
                header("Proxy-Connection", "keep-alive"),
                Protocol::H2,
                Field::Header,
                "HTTP/2 forbids",
            ),
            (
                header("X-A", "a\0b"),
                Protocol::Http1,
                Field::Header,
                "control character",
            ),
            (
                header("X A", "1"),
                Protocol::Http1,
                Field::Header,
                "not a token",
            ),
            (
                header("X:A", "1"),
                Protocol::Http1,
                Field::Header,
                "not a token",
            ),
            (
                header("X\nA", "1"),
                Protocol::Http1,
                Field::Header,
                "not a token",
            ),
            (
                header("Connection", "close"),
                Protocol::H2,
                Field::Header,
                "HTTP/2 forbids",
            ),
            (
                header("transfer-encoding", "chunked"),
                Protocol::H2,
                Field::Header,
                "HTTP/2 forbids",
            ),
            (
                header("Upgrade", "websocket"),
                Protocol::H2,
                Field::Header,
                "HTTP/2 forbids",
            ),
            (
                header("TE", "gzip"),
                Protocol::H2,
                Field::Header,
                "HTTP/2 forbids",
            ),
        ];
        for (t, protocol, field, says) in cases {
            let e = t
                .validate(protocol)
                .expect_err(&format!("{t:?} over {protocol:?}"));
            assert_eq!(e.field, field, "{t:?}: {e}");
            assert!(e.message.contains(says), "{t:?}: {e}");
            // The engine names the field, never a command-line flag.
            assert!(!e.message.contains(" -"), "{t:?}: {e}");
        }
        // Allowed: HTTP/1 connection headers over HTTP/1, TE: trailers over h2.
        assert_eq!(
            header("Connection", "close").validate(Protocol::Http1),
            Ok(())
        );
        assert_eq!(header("TE", "trailers").validate(Protocol::H2), Ok(()));
        assert_eq!(
            header("X-Odd_Name!", "a: b, \"c\"").validate(Protocol::H2),
            Ok(())
        );
    }

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
    fn h2_form() {
        let t = RequestTemplate {
            method: "POST".into(),
            path: "/p?q=1".into(),
            headers: vec![
                ("Host".into(), "example".into()),
                ("X-A".into(), "1".into()),
                ("Connection".into(), "close".into()),
            ],
            body: b"hello".to_vec(),
        };
        let h2 = t.to_h2("h:1", crate::spec::Scheme::Https);
        let text: Vec<(String, String)> = h2
            .headers
            .iter()
            .map(|(n, v)| {
                (
                    String::from_utf8(n.to_vec()).unwrap(),
                    String::from_utf8(v.to_vec()).unwrap(),
                )
            })
            .collect();
        let want = [
            (":method", "POST"),
            (":scheme", "https"),
            (":authority", "example"),
            (":path", "/p?q=1"),
            ("user-agent", concat!("barrage/", env!("CARGO_PKG_VERSION"))),
            ("x-a", "1"),
            ("content-length", "5"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        assert_eq!(text, want);
        assert_eq!(&*h2.body, b"hello");
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
