//! `barrage-contract`: the endpoint contract every barrage benchmark server
//! implements.
//!
//! This crate owns what a server under test must answer: the endpoints, their
//! bodies and the rules for their queries. The built-in server
//! (`barrage-target`, which re-exports it as `barrage_target::contract`)
//! serves it, and the lab's probes check other servers against it; it is its
//! own crate so that the lab can check responses without depending on the
//! server (hyper, quinn). It is also where the workload table goes: a
//! workload is an endpoint, the request shape the load sends and the checks a
//! response must pass, kept together as one row here so that the target, the
//! lab, the reports and the docs all read the same row.
//!
//! It must not do I/O or depend on any other barrage crate: it is data and
//! pure functions over it.
//!
//! The built-in target (`barrage serve`) implements it, and so must every
//! other server the lab benchmarks, so that one load profile means the same
//! work everywhere. Paths match exactly (no trailing slash, query ignored
//! where not listed); `GET` and `HEAD` are allowed on every endpoint.
//!
//! | Request                 | Status | `Content-Type`             | Body                                                   |
//! |-------------------------|--------|----------------------------|--------------------------------------------------------|
//! | `GET /hello`            | 200    | `text/plain`               | `Hello World\n` (12 bytes, [`HELLO_BODY`])             |
//! | `GET /xml?value=V`      | 200    | `text/xml`                 | `<http_test><value>V</value></http_test>`              |
//! | `GET /xml` (no/empty V) | 200    | `text/xml`                 | [`XML_NO_VALUE`]                                       |
//! | `GET /static/6b`        | 200    | `application/octet-stream` | `hello\n` ([`STATIC_6B`])                              |
//! | `GET /static/4k`        | 200    | `application/octet-stream` | 4096 bytes ([`STATIC_4K`])                             |
//! | `GET /delay?ms=N`       | 200    | `text/plain`               | `ok\n` after N ms (capped at [`MAX_DELAY_MS`])         |
//! | `GET /bytes?n=N`        | 200    | `application/octet-stream` | N × [`BYTES_FILL`] (capped at [`MAX_BYTES`])           |
//! | other path, any method  | 404    | `text/plain`               | `not found\n`                                          |
//! | endpoint, not GET/HEAD  | 405    | `text/plain`               | `method not allowed\n`, plus `Allow: GET, HEAD`        |
//! | bad `ms` / `n` query    | 400    | `text/plain`               | one line naming the problem                            |
//!
//! Query values are form-decoded (`%XX` and `+` → space, see [`query_param`]);
//! the first occurrence of a parameter wins. For `/xml` the decoded value is
//! XML-escaped ([`xml_escape`]) before it is embedded. `ms` and `n` must be
//! non-negative decimal integers; values above the cap are clamped to it.
//!
//! Every response carries `Server` (`barrage/<version>` for the built-in
//! target, see [`SERVER`]), `Date`, `Content-Type` and `Content-Length`. A
//! `HEAD` response carries the headers `GET` would, including the
//! `Content-Length` of the body it omits.

pub mod check;
pub mod data;
pub mod database;
pub mod shape;
pub mod workload;

pub use workload::Workload;

use std::borrow::Cow;
use std::fmt;
use std::time::Duration;

/// `Server` header value of the built-in target (the workspace version,
/// which this crate shares with `barrage-target`).
pub const SERVER: &str = concat!("barrage/", env!("CARGO_PKG_VERSION"));

/// Body of `GET /hello`.
pub const HELLO_BODY: &[u8] = b"Hello World\n";
/// Body of `GET /static/6b`.
pub const STATIC_6B: &[u8] = b"hello\n";
/// Line repeated (and truncated) to fill [`STATIC_4K`].
pub const STATIC_4K_PATTERN: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789\n";
/// Body of `GET /static/4k`: [`STATIC_4K_PATTERN`] repeated, truncated to 4096 bytes.
pub static STATIC_4K: [u8; 4096] = repeat_pattern(STATIC_4K_PATTERN);
/// Body of `GET /delay` once the delay has passed.
pub const DELAY_BODY: &[u8] = b"ok\n";
/// Body of every 404 response.
pub const NOT_FOUND_BODY: &[u8] = b"not found\n";
/// Body of every 405 response.
pub const METHOD_NOT_ALLOWED_BODY: &[u8] = b"method not allowed\n";
/// `Allow` header value of every 405 response.
pub const ALLOW: &str = "GET, HEAD";
/// Body of `GET /xml` without a (non-empty) `value` parameter.
pub const XML_NO_VALUE: &str = "<http_test><error>no value specified</error></http_test>";
/// Largest delay `/delay` honours, in milliseconds; larger requests are clamped.
pub const MAX_DELAY_MS: u64 = 60_000;
/// Largest body `/bytes` returns (64 MiB); larger requests are clamped.
pub const MAX_BYTES: u64 = 64 << 20;
/// The byte `/bytes` bodies consist of.
pub const BYTES_FILL: u8 = b'x';

const fn repeat_pattern<const N: usize>(pattern: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = pattern[i % pattern.len()];
        i += 1;
    }
    out
}

/// The endpoints of the contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// `/hello`
    Hello,
    /// `/xml?value=V`
    Xml,
    /// `/static/6b`
    Static6b,
    /// `/static/4k`
    Static4k,
    /// `/delay?ms=N`
    Delay,
    /// `/bytes?n=N`
    Bytes,
}

impl Endpoint {
    /// Every endpoint, in contract order.
    pub const ALL: [Endpoint; 6] = [
        Endpoint::Hello,
        Endpoint::Xml,
        Endpoint::Static6b,
        Endpoint::Static4k,
        Endpoint::Delay,
        Endpoint::Bytes,
    ];

    /// The endpoint served at exactly `path` (no query), if any.
    pub fn from_path(path: &str) -> Option<Endpoint> {
        Some(match path {
            "/hello" => Endpoint::Hello,
            "/xml" => Endpoint::Xml,
            "/static/6b" => Endpoint::Static6b,
            "/static/4k" => Endpoint::Static4k,
            "/delay" => Endpoint::Delay,
            "/bytes" => Endpoint::Bytes,
            _ => return None,
        })
    }

    /// The path this endpoint is served at.
    pub fn path(self) -> &'static str {
        match self {
            Endpoint::Hello => "/hello",
            Endpoint::Xml => "/xml",
            Endpoint::Static6b => "/static/6b",
            Endpoint::Static4k => "/static/4k",
            Endpoint::Delay => "/delay",
            Endpoint::Bytes => "/bytes",
        }
    }
}

/// Why a query was rejected with 400; [`QueryError::reason`] is the response body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryError {
    reason: &'static str,
}

impl QueryError {
    /// One line (newline-terminated) naming the problem.
    pub fn reason(&self) -> &'static str {
        self.reason
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason.trim_end())
    }
}

impl std::error::Error for QueryError {}

/// The form-decoded value of the first `name` parameter in `query`
/// (the part after `?`, without it). `%XX` is decoded and `+` becomes a
/// space; invalid UTF-8 is replaced with U+FFFD.
pub fn query_param<'a>(query: Option<&'a str>, name: &str) -> Option<Cow<'a, str>> {
    form_urlencoded::parse(query?.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value)
}

/// Appends `s` to `out` with `&`, `<`, `>`, `"` and `'` replaced by entities.
pub fn xml_escape(s: &str, out: &mut String) {
    let mut rest = s;
    while let Some(pos) = rest.find(['&', '<', '>', '"', '\'']) {
        out.push_str(&rest[..pos]);
        out.push_str(match rest.as_bytes()[pos] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&apos;",
        });
        rest = &rest[pos + 1..];
    }
    out.push_str(rest);
}

/// The `/xml` body for `query`: the escaped `value`, or [`XML_NO_VALUE`]
/// when it is missing or empty.
pub fn xml_body(query: Option<&str>) -> Cow<'static, str> {
    const OPEN: &str = "<http_test><value>";
    const CLOSE: &str = "</value></http_test>";
    match query_param(query, "value") {
        Some(value) if !value.is_empty() => {
            let mut out = String::with_capacity(OPEN.len() + value.len() + CLOSE.len() + 8);
            out.push_str(OPEN);
            xml_escape(&value, &mut out);
            out.push_str(CLOSE);
            Cow::Owned(out)
        }
        _ => Cow::Borrowed(XML_NO_VALUE),
    }
}

/// The `/delay` duration for `query`, clamped to [`MAX_DELAY_MS`].
pub fn parse_delay(query: Option<&str>) -> Result<Duration, QueryError> {
    let ms = parse_u64(
        query,
        "ms",
        "missing query parameter ms\n",
        "query parameter ms must be a non-negative integer\n",
    )?;
    Ok(Duration::from_millis(ms.min(MAX_DELAY_MS)))
}

/// The `/bytes` body length for `query`, clamped to [`MAX_BYTES`].
pub fn parse_bytes(query: Option<&str>) -> Result<usize, QueryError> {
    let n = parse_u64(
        query,
        "n",
        "missing query parameter n\n",
        "query parameter n must be a non-negative integer\n",
    )?;
    Ok(n.min(MAX_BYTES) as usize)
}

fn parse_u64(
    query: Option<&str>,
    name: &str,
    missing: &'static str,
    invalid: &'static str,
) -> Result<u64, QueryError> {
    let value = query_param(query, name).ok_or(QueryError { reason: missing })?;
    let digits = value.as_bytes();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(QueryError { reason: invalid });
    }
    // All digits: the only possible failure is overflow, which the caps absorb.
    Ok(value.parse().unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_param_decodes_like_forms() {
        let cases: &[(Option<&str>, &str, Option<&str>)] = &[
            (None, "value", None),
            (Some(""), "value", None),
            (Some("value=abc"), "value", Some("abc")),
            (Some("value="), "value", Some("")),
            (Some("value"), "value", Some("")),
            (Some("other=1&value=2"), "value", Some("2")),
            (Some("value=1&value=2"), "value", Some("1")),
            (Some("value=a+b"), "value", Some("a b")),
            (Some("value=a%2Bb"), "value", Some("a+b")),
            (Some("value=a%3Cb%26c"), "value", Some("a<b&c")),
            (Some("value=%C3%A9t%C3%A9"), "value", Some("été")),
            (Some("value=%ff"), "value", Some("\u{fffd}")),
            (Some("value=100%"), "value", Some("100%")),
            (Some("va%6Cue=x"), "value", Some("x")),
            (Some("values=x"), "value", None),
        ];
        for &(query, name, want) in cases {
            let got = query_param(query, name);
            assert_eq!(got.as_deref(), want, "query {query:?}");
        }
    }

    #[test]
    fn xml_escape_table() {
        let cases = [
            ("", ""),
            ("plain", "plain"),
            ("a<b&c", "a&lt;b&amp;c"),
            ("<>&\"'", "&lt;&gt;&amp;&quot;&apos;"),
            ("&amp;", "&amp;amp;"),
            ("été <ok>", "été &lt;ok&gt;"),
        ];
        for (input, want) in cases {
            let mut out = String::from(">");
            xml_escape(input, &mut out);
            assert_eq!(&out[1..], want, "input {input:?}");
        }
    }

    #[test]
    fn xml_body_table() {
        let cases = [
            (None, XML_NO_VALUE),
            (Some(""), XML_NO_VALUE),
            (Some("value="), XML_NO_VALUE),
            (Some("other=x"), XML_NO_VALUE),
            (Some("value=V"), "<http_test><value>V</value></http_test>"),
            (
                Some("value=a%3Cb%26c"),
                "<http_test><value>a&lt;b&amp;c</value></http_test>",
            ),
            (
                Some("value=hello+world"),
                "<http_test><value>hello world</value></http_test>",
            ),
        ];
        for (query, want) in cases {
            assert_eq!(xml_body(query), want, "query {query:?}");
        }
    }

    #[test]
    fn parse_delay_table() {
        let ok = [
            ("ms=0", 0),
            ("ms=50", 50),
            ("x=1&ms=7", 7),
            ("ms=60000", 60_000),
            ("ms=60001", 60_000),
            ("ms=99999999999999999999999", 60_000),
        ];
        for (query, want) in ok {
            assert_eq!(
                parse_delay(Some(query)),
                Ok(Duration::from_millis(want)),
                "{query}"
            );
        }
        for query in [None, Some(""), Some("n=5")] {
            let err = parse_delay(query).unwrap_err();
            assert_eq!(err.reason(), "missing query parameter ms\n");
        }
        for query in ["ms=abc", "ms=", "ms=-1", "ms=1.5", "ms=+5", "ms=5x"] {
            let err = parse_delay(Some(query)).unwrap_err();
            assert!(err.reason().contains("non-negative integer"), "{query}");
            assert!(err.reason().ends_with('\n') && err.reason().lines().count() == 1);
        }
    }

    #[test]
    fn parse_bytes_table() {
        let ok = [
            ("n=0", 0),
            ("n=100000", 100_000),
            ("n=67108864", 64 << 20),
            ("n=67108865", 64 << 20),
        ];
        for (query, want) in ok {
            assert_eq!(parse_bytes(Some(query)), Ok(want), "{query}");
        }
        assert!(parse_bytes(None).is_err());
        assert!(parse_bytes(Some("n=abc")).is_err());
        assert_eq!(
            parse_bytes(Some("n=x")).unwrap_err().to_string(),
            "query parameter n must be a non-negative integer"
        );
    }

    #[test]
    fn static_bodies_have_contract_sizes() {
        assert_eq!(HELLO_BODY.len(), 12);
        assert_eq!(STATIC_6B.len(), 6);
        assert_eq!(STATIC_4K.len(), 4096);
        assert!(STATIC_4K.starts_with(STATIC_4K_PATTERN));
        assert_eq!(STATIC_4K[STATIC_4K_PATTERN.len()], b'a');
        assert!(SERVER.starts_with("barrage/"));
    }

    #[test]
    fn endpoint_paths_round_trip() {
        for ep in Endpoint::ALL {
            assert_eq!(Endpoint::from_path(ep.path()), Some(ep));
        }
        for path in ["/", "/hello/", "/Hello", "/static", "/static/8k", ""] {
            assert_eq!(Endpoint::from_path(path), None, "{path}");
        }
    }
}
