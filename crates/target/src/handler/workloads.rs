//! Routing of the contract's second edition (docs/workloads.md): the
//! paths of the workloads, the methods each allows, and the replies of
//! those answered from the request head alone. Those that read the body
//! are [`BodyTask`]s; compression is [`super::encoding`]'s.

use bytes::Bytes;
use hyper::header::HeaderValue;
use hyper::{HeaderMap, Method};
use serde::Serialize;

use super::body::BodyTask;
use super::encoding::{self, Offer};
use super::reply::{Reply, APPLICATION_JSON, TEXT_PLAIN};
use super::Outcome;
use crate::contract::data::{
    self, parse_baseline_query, parse_count, parse_multiplier, BadRequest, StaticFile,
    PLAINTEXT_BODY,
};

/// `Allow` of the endpoints that take `GET` (and so `HEAD`) only.
const GET_ONLY: &str = "GET, HEAD";

/// A path of the second edition.
#[derive(Debug, Clone, Copy)]
enum Resource<'a> {
    /// `/baseline`
    Baseline,
    /// `/plaintext`
    Plaintext,
    /// `/json`
    Json,
    /// `/json/{count}`, with the segment as sent.
    JsonProcessing(&'a str),
    /// `/upload`
    Upload,
    /// `/echo`
    Echo,
    /// `/static/{name}` for a file of the static set.
    Static(&'static StaticFile),
}

impl<'a> Resource<'a> {
    fn from_path(path: &'a str) -> Option<Resource<'a>> {
        Some(match path {
            "/baseline" => Resource::Baseline,
            "/plaintext" => Resource::Plaintext,
            "/json" => Resource::Json,
            "/upload" => Resource::Upload,
            "/echo" => Resource::Echo,
            _ => {
                if let Some(count) = path.strip_prefix("/json/") {
                    Resource::JsonProcessing(count)
                } else {
                    let name = path.strip_prefix("/static/")?;
                    Resource::Static(data::static_file(name)?)
                }
            }
        })
    }

    /// The `Allow` header of this resource.
    fn allow(self) -> &'static str {
        match self {
            Resource::Baseline => "GET, HEAD, POST",
            Resource::Upload | Resource::Echo => "POST",
            _ => GET_ONLY,
        }
    }

    fn allows(self, method: &Method) -> bool {
        match self {
            Resource::Upload | Resource::Echo => method == Method::POST,
            Resource::Baseline => {
                method == Method::GET || method == Method::HEAD || method == Method::POST
            }
            _ => method == Method::GET || method == Method::HEAD,
        }
    }
}

/// The outcome of a request for a second-edition path; `None` for any
/// other path.
pub(crate) fn route(
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Option<Outcome> {
    let resource = Resource::from_path(path)?;
    if !resource.allows(method) {
        return Some(Outcome::Now(Reply::method_not_allowed(resource.allow())));
    }
    let reply = match resource {
        Resource::Baseline => match parse_baseline_query(query) {
            Ok((a, b)) if method == Method::POST => {
                return Some(Outcome::Body(BodyTask::Baseline { a, b }))
            }
            Ok((a, b)) => Reply::number(data::baseline_sum(a, b, None)),
            Err(BadRequest(why)) if method == Method::POST => {
                return Some(Outcome::Body(BodyTask::Reject(why)))
            }
            Err(BadRequest(why)) => Reply::bad_request(why),
        },
        Resource::Upload => return Some(Outcome::Body(BodyTask::Upload)),
        Resource::Echo => return Some(Outcome::Body(BodyTask::Echo)),
        Resource::Plaintext => Reply::ok(TEXT_PLAIN, Bytes::from_static(PLAINTEXT_BODY)),
        Resource::Json => json(),
        Resource::JsonProcessing(count) => json_processing(count, query, headers),
        Resource::Static(file) => static_file(file, headers),
    };
    Some(Outcome::Now(reply))
}

/// `GET /json`: the message object, serialized for this request.
fn json() -> Reply {
    #[derive(Serialize)]
    struct Message {
        message: &'static str,
    }
    let body = serde_json::to_vec(&Message {
        message: data::JSON_MESSAGE,
    })
    .expect("a struct of one string serializes");
    Reply::ok(APPLICATION_JSON, Bytes::from(body))
}

/// `GET /json/{count}?m={m}`: the processed items, compressed when the
/// request accepts gzip or brotli.
fn json_processing(count: &str, query: Option<&str>, headers: &HeaderMap) -> Reply {
    let parsed = parse_count(count).and_then(|count| Ok((count, parse_multiplier(query)?)));
    let (count, m) = match parsed {
        Ok(pair) => pair,
        Err(BadRequest(why)) => return Reply::bad_request(why),
    };
    let body = serde_json::to_vec(&data::processed(count, m)).expect("the dataset serializes");
    let coding = encoding::negotiate(headers, Offer::ALL);
    let body = match coding {
        Some(coding) => coding.compress(&body),
        None => body,
    };
    Reply {
        coding,
        vary_encoding: true,
        ..Reply::ok(APPLICATION_JSON, Bytes::from(body))
    }
}

/// `GET /static/{name}`: the file, or its precompressed variant that the
/// request's `Accept-Encoding` prefers.
fn static_file(file: &'static StaticFile, headers: &HeaderMap) -> Reply {
    let content_type = HeaderValue::from_static(file.content_type);
    let has_variants = file.gzip.is_some() || file.brotli.is_some();
    let offer = Offer {
        gzip: file.gzip.is_some(),
        brotli: file.brotli.is_some(),
    };
    let coding = encoding::negotiate(headers, offer);
    let body = match coding {
        Some(encoding::Coding::Gzip) => file.gzip,
        Some(encoding::Coding::Brotli) => file.brotli,
        None => None,
    }
    .unwrap_or(file.body);
    Reply {
        coding,
        vary_encoding: has_variants,
        ..Reply::ok(content_type, Bytes::from_static(body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resources_by_path() {
        assert!(matches!(
            Resource::from_path("/json/7"),
            Some(Resource::JsonProcessing("7"))
        ));
        assert!(matches!(
            Resource::from_path("/json/"),
            Some(Resource::JsonProcessing(""))
        ));
        assert!(matches!(
            Resource::from_path("/baseline"),
            Some(Resource::Baseline)
        ));
        assert!(matches!(
            Resource::from_path("/static/index.html"),
            Some(Resource::Static(f)) if f.name == "index.html"
        ));
        for path in [
            "/static/nope.html",
            "/static/",
            "/json2",
            "/baseline/",
            "/upload/x",
            "/echo/",
        ] {
            assert!(Resource::from_path(path).is_none(), "{path}");
        }
    }

    #[test]
    fn methods_and_allow() {
        let cases = [
            ("/baseline", Method::POST, true),
            ("/baseline", Method::HEAD, true),
            ("/baseline", Method::PUT, false),
            ("/upload", Method::POST, true),
            ("/upload", Method::GET, false),
            ("/upload", Method::HEAD, false),
            ("/echo", Method::POST, true),
            ("/echo", Method::GET, false),
            ("/echo", Method::PUT, false),
            ("/json", Method::POST, false),
            ("/plaintext", Method::HEAD, true),
        ];
        for (path, method, allowed) in cases {
            let resource = Resource::from_path(path).unwrap();
            assert_eq!(resource.allows(&method), allowed, "{method} {path}");
            let allow = resource.allow();
            assert_eq!(allow.contains(method.as_str()), allowed, "{allow} {method}");
        }
    }

    #[test]
    fn json_is_the_message() {
        assert_eq!(&json().body[..], br#"{"message":"Hello, World!"}"#);
    }
}
