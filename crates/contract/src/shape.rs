//! The request shapes the load sends for each workload (the "load" rows of
//! docs/workloads.md), as data: weighted requests (method, path with
//! `{rand LO..HI}` placeholders, headers, a body, chunked framing, a
//! connection of its own) or raw bytes for the noise, and the HTTP/1
//! pipelining depth. [`LoadShape::mix_toml`] renders a shape as the mix
//! file `barrage load --mix FILE` reads (one `[[request]]` per template).
//!
//! Pure data and text: nothing here sends a request or writes a file (the
//! lab writes the mix where its load generator reads it).

use std::fmt::Write as _;

use crate::data::{ECHO_SIZES, STATIC_FILES, UPLOAD_SIZES};
use crate::workload::Workload;

/// HTTP/1.1 requests in flight per connection for plaintext (TechEmpower's
/// plaintext test pipelines 16 deep).
pub const PLAINTEXT_PIPELINE: usize = 16;

/// `Accept-Encoding` of the compression workload.
pub const COMPRESSION_ACCEPT: &str = "gzip, br";
/// `Accept-Encoding` of the static set.
pub const STATIC_ACCEPT: &str = "br;q=1, gzip;q=0.8";

/// What an HTTP request carries after its head.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// No body.
    None,
    /// Text, placeholders allowed (the mix's `body`).
    Text(String),
    /// This many random bytes, made once per run (the mix's `body_random`).
    Random(usize),
}

/// One HTTP request template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRequest {
    pub method: &'static str,
    /// Path and query, placeholders allowed.
    pub path: String,
    /// Extra headers, `(name, value)`.
    pub headers: Vec<(&'static str, &'static str)>,
    pub body: Body,
    /// HTTP/1: the body sent with `Transfer-Encoding: chunked`.
    pub chunked: bool,
    /// On a connection of its own (`Connection: close`).
    pub close: bool,
}

impl HttpRequest {
    fn get(path: impl Into<String>) -> HttpRequest {
        HttpRequest {
            method: "GET",
            path: path.into(),
            headers: Vec::new(),
            body: Body::None,
            chunked: false,
            close: false,
        }
    }
}

/// What a template sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// An HTTP request.
    Http(HttpRequest),
    /// These bytes verbatim, on a connection of their own, then the write
    /// side shut (HTTP/1 only).
    Raw(String),
    /// This many random bytes, the same way.
    RawRandom(usize),
}

/// A request template and its share of the load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weighted {
    /// Its name in the per-template results.
    pub name: String,
    /// A positive integer: the template's share is its weight over the sum.
    pub weight: u32,
    pub request: Request,
}

/// What the load of one workload sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadShape {
    pub workload: Workload,
    pub requests: Vec<Weighted>,
    /// HTTP/1.1 requests in flight per connection (1: no pipelining).
    pub pipeline: usize,
}

/// `{rand LO..HI}`: a random integer from `lo` to `hi`, both included.
fn rand(lo: i64, hi: i64) -> String {
    format!("{{rand {lo}..{hi}}}")
}

/// The baseline's `a` and `b`, random in 0..=1,000,000.
fn baseline_path() -> String {
    let n = rand(0, 1_000_000);
    format!("/baseline?a={n}&b={n}")
}

fn weighted(name: impl Into<String>, weight: u32, request: HttpRequest) -> Weighted {
    Weighted {
        name: name.into(),
        weight,
        request: Request::Http(request),
    }
}

/// The load of `workload`, as docs/workloads.md gives it.
pub fn load_shape(workload: Workload) -> LoadShape {
    let requests = match workload {
        Workload::Baseline => baseline(),
        Workload::Plaintext => vec![weighted(
            "GET /plaintext",
            1,
            HttpRequest::get("/plaintext"),
        )],
        Workload::Json => vec![weighted("GET /json", 1, HttpRequest::get("/json"))],
        Workload::JsonProcessing => {
            let path = format!("/json/{}?m={}", rand(1, 50), rand(1, 100));
            vec![weighted("GET /json", 1, HttpRequest::get(path))]
        }
        Workload::Compression => {
            let path = format!("/json/50?m={}", rand(1, 100));
            let request = HttpRequest {
                headers: vec![("Accept-Encoding", COMPRESSION_ACCEPT)],
                ..HttpRequest::get(path)
            };
            vec![weighted("GET /json/50 gzip, br", 1, request)]
        }
        Workload::Upload => posts("/upload", &UPLOAD_SIZES),
        Workload::Echo => posts("/echo", &ECHO_SIZES),
        Workload::StaticSet => static_set(),
        Workload::Noisy => noisy(),
        Workload::Db => vec![weighted("GET /db", 1, HttpRequest::get("/db"))],
        Workload::Queries | Workload::Updates => {
            return load_shape_queries(workload, DEFAULT_QUERIES)
        }
        Workload::Fortunes => vec![weighted("GET /fortunes", 1, HttpRequest::get("/fortunes"))],
        Workload::Items => vec![weighted(
            "GET /items",
            1,
            HttpRequest::get("/items?min=10&max=50&limit=50"),
        )],
    };
    LoadShape {
        workload,
        requests,
        pipeline: match workload {
            Workload::Plaintext => PLAINTEXT_PIPELINE,
            _ => 1,
        },
    }
}

/// N of `/queries` and `/updates` when a scenario gives none (the largest
/// of TechEmpower's 1, 5, 10, 15, 20).
pub const DEFAULT_QUERIES: usize = 20;

/// The load of `queries` or `updates` at `queries=N` (a scenario's
/// `queries = N`); any other workload's shape as [`load_shape`] gives it.
pub fn load_shape_queries(workload: Workload, queries: usize) -> LoadShape {
    let path = match workload {
        Workload::Queries => format!("/queries?queries={queries}"),
        Workload::Updates => format!("/updates?queries={queries}"),
        other => return load_shape(other),
    };
    let name = path.clone();
    LoadShape {
        workload,
        requests: vec![weighted(format!("GET {name}"), 1, HttpRequest::get(path))],
        pipeline: 1,
    }
}

/// 2 GET : 1 POST : 1 chunked POST.
fn baseline() -> Vec<Weighted> {
    let post = HttpRequest {
        method: "POST",
        body: Body::Text(rand(0, 1_000_000)),
        ..HttpRequest::get(baseline_path())
    };
    let chunked = HttpRequest {
        chunked: true,
        ..post.clone()
    };
    vec![
        weighted("GET", 2, HttpRequest::get(baseline_path())),
        weighted("POST", 1, post),
        weighted("POST chunked", 1, chunked),
    ]
}

/// A `POST` to `path` of random bodies of each of `sizes`, equally often
/// (upload's four sizes, echo's three).
fn posts(path: &str, sizes: &[usize]) -> Vec<Weighted> {
    sizes
        .iter()
        .map(|&size| {
            let request = HttpRequest {
                method: "POST",
                body: Body::Random(size),
                ..HttpRequest::get(path)
            };
            weighted(format!("POST {size} bytes"), 1, request)
        })
        .collect()
}

/// The 20 files, equally often.
fn static_set() -> Vec<Weighted> {
    STATIC_FILES
        .iter()
        .map(|file| {
            let request = HttpRequest {
                headers: vec![("Accept-Encoding", STATIC_ACCEPT)],
                ..HttpRequest::get(file.path())
            };
            weighted(file.path(), 1, request)
        })
        .collect()
}

/// 4 baseline GETs to 1 noise request of each kind, each noise request on
/// a connection of its own.
fn noisy() -> Vec<Weighted> {
    let unknown = HttpRequest {
        close: true,
        ..HttpRequest::get("/no-such-path")
    };
    let raw = |name: &str, request: Request| Weighted {
        name: name.into(),
        weight: 1,
        request,
    };
    vec![
        weighted("GET", 4, HttpRequest::get(baseline_path())),
        raw(
            "GETT",
            Request::Raw("GETT /baseline?a=1&b=2 HTTP/1.1\r\nHost: localhost\r\n\r\n".into()),
        ),
        weighted("unknown path", 1, unknown),
        raw(
            "truncated body",
            Request::Raw(
                "POST /baseline?a=1&b=2 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 16\r\n\r\n"
                    .into(),
            ),
        ),
        raw("random bytes", Request::RawRandom(256)),
    ]
}

impl LoadShape {
    /// Whether the load needs a mix file: anything but one GET of a fixed
    /// path without headers (json, plaintext), which every tool can send
    /// from a URL.
    pub fn needs_mix(&self) -> bool {
        match self.requests.as_slice() {
            [one] => match &one.request {
                Request::Http(r) => {
                    r.method != "GET"
                        || r.path.contains('{')
                        || !r.headers.is_empty()
                        || r.body != Body::None
                        || r.chunked
                        || r.close
                }
                Request::Raw(_) | Request::RawRandom(_) => true,
            },
            _ => true,
        }
    }

    /// Whether some template sends raw bytes (HTTP/1 only).
    pub fn has_raw(&self) -> bool {
        self.requests
            .iter()
            .any(|w| !matches!(w.request, Request::Http(_)))
    }

    /// The first HTTP request, its placeholders at their lowest values:
    /// the method and path a probe or a display uses.
    pub fn first_request(&self) -> (&'static str, String) {
        self.requests
            .iter()
            .find_map(|w| match &w.request {
                Request::Http(r) => Some((r.method, lowest(&r.path))),
                _ => None,
            })
            .expect("every workload sends an HTTP request")
    }

    /// The shape as a mix file (`barrage load --mix FILE`): one
    /// `[[request]]` per template, in order.
    pub fn mix_toml(&self) -> String {
        let mut out = format!(
            "# The load of workload {:?} (docs/workloads.md), made by barrage from\n# barrage_contract::shape: {}.\n",
            self.workload.name(),
            self.workload.summary()
        );
        if self.pipeline > 1 {
            let _ = writeln!(
                out,
                "# Sent pipelined {} deep (--pipeline {}).",
                self.pipeline, self.pipeline
            );
        }
        for w in &self.requests {
            out.push_str("\n[[request]]\n");
            let _ = writeln!(out, "name = {}", quote(&w.name));
            match &w.request {
                Request::Http(r) => write_http(&mut out, r),
                Request::Raw(bytes) => {
                    let _ = writeln!(out, "raw = {}", quote(bytes));
                }
                Request::RawRandom(n) => {
                    let _ = writeln!(out, "raw_random = {n}");
                }
            }
            if w.weight != 1 {
                let _ = writeln!(out, "weight = {}", w.weight);
            }
        }
        out
    }
}

fn write_http(out: &mut String, r: &HttpRequest) {
    if r.method != "GET" {
        let _ = writeln!(out, "method = {}", quote(r.method));
    }
    let _ = writeln!(out, "path = {}", quote(&r.path));
    if !r.headers.is_empty() {
        let pairs: Vec<String> = r
            .headers
            .iter()
            .map(|(k, v)| format!("{} = {}", quote(k), quote(v)))
            .collect();
        let _ = writeln!(out, "headers = {{ {} }}", pairs.join(", "));
    }
    match &r.body {
        Body::None => {}
        Body::Text(text) => {
            let _ = writeln!(out, "body = {}", quote(text));
        }
        Body::Random(n) => {
            let _ = writeln!(out, "body_random = {n}");
        }
    }
    if r.chunked {
        out.push_str("chunked = true\n");
    }
    if r.close {
        out.push_str("close = true\n");
    }
}

/// `s` as a TOML basic string.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` with each `{rand LO..HI}` at `LO` and `{seq}` at 0.
fn lowest(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find('}') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = &rest[start + 1..start + len];
        match inner.strip_prefix("rand ").and_then(|r| r.split_once("..")) {
            Some((lo, _)) => out.push_str(lo.trim()),
            None if inner == "seq" => out.push('0'),
            None => out.push_str(&rest[start..=start + len]),
        }
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mix(w: Workload) -> toml::Value {
        let text = load_shape(w).mix_toml();
        toml::from_str(&text).unwrap_or_else(|e| panic!("{w}: {e}\n{text}"))
    }

    fn requests(w: Workload) -> Vec<toml::Value> {
        mix(w)["request"].as_array().unwrap().clone()
    }

    #[test]
    fn every_mix_is_toml_with_named_requests() {
        for w in Workload::ALL {
            let reqs = requests(w);
            assert!(!reqs.is_empty(), "{w}");
            let mut names: Vec<&str> = reqs.iter().map(|r| r["name"].as_str().unwrap()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), reqs.len(), "{w}: names are distinct");
        }
    }

    #[test]
    fn baseline_is_two_gets_to_a_post_and_a_chunked_post() {
        let reqs = requests(Workload::Baseline);
        assert_eq!(reqs.len(), 3);
        assert_eq!(reqs[0]["weight"].as_integer(), Some(2));
        assert_eq!(
            reqs[0]["path"].as_str(),
            Some("/baseline?a={rand 0..1000000}&b={rand 0..1000000}")
        );
        assert_eq!(reqs[1]["method"].as_str(), Some("POST"));
        assert_eq!(reqs[1]["body"].as_str(), Some("{rand 0..1000000}"));
        assert!(reqs[1].get("chunked").is_none());
        assert_eq!(reqs[2]["chunked"].as_bool(), Some(true));
    }

    #[test]
    fn plaintext_is_pipelined_sixteen_deep_and_json_is_one_get() {
        let plain = load_shape(Workload::Plaintext);
        assert_eq!(plain.pipeline, 16);
        assert!(!plain.needs_mix());
        assert!(plain.mix_toml().contains("--pipeline 16"));
        let json = load_shape(Workload::Json);
        assert_eq!(json.pipeline, 1);
        assert!(!json.needs_mix());
        assert_eq!(json.first_request(), ("GET", "/json".to_string()));
    }

    #[test]
    fn every_other_workload_needs_a_mix() {
        for w in Workload::ALL {
            let plain = matches!(w, Workload::Json | Workload::Plaintext) || w.needs_database();
            assert_eq!(load_shape(w).needs_mix(), !plain, "{w}");
        }
    }

    #[test]
    fn json_processing_and_compression_draw_count_and_m() {
        let jp = requests(Workload::JsonProcessing);
        assert_eq!(
            jp[0]["path"].as_str(),
            Some("/json/{rand 1..50}?m={rand 1..100}")
        );
        let c = requests(Workload::Compression);
        assert_eq!(c[0]["path"].as_str(), Some("/json/50?m={rand 1..100}"));
        assert_eq!(
            c[0]["headers"]["Accept-Encoding"].as_str(),
            Some("gzip, br")
        );
        assert_eq!(
            load_shape(Workload::JsonProcessing).first_request(),
            ("GET", "/json/1?m=1".to_string())
        );
    }

    #[test]
    fn upload_and_echo_post_their_sizes_as_random_bodies() {
        let cases: [(Workload, &str, &[i64]); 2] = [
            (
                Workload::Upload,
                "/upload",
                &[500_000, 2_000_000, 10_000_000, 20_000_000],
            ),
            (Workload::Echo, "/echo", &[10_000, 100_000, 1_000_000]),
        ];
        for (w, path, want) in cases {
            let reqs = requests(w);
            let sizes: Vec<i64> = reqs
                .iter()
                .map(|r| r["body_random"].as_integer().unwrap())
                .collect();
            assert_eq!(sizes, want, "{w}");
            assert!(reqs.iter().all(|r| r["method"].as_str() == Some("POST")));
            assert!(reqs.iter().all(|r| r["path"].as_str() == Some(path)));
            assert_eq!(load_shape(w).first_request(), ("POST", path.to_string()));
        }
    }

    #[test]
    fn static_set_requests_every_file_with_accept_encoding() {
        let reqs = requests(Workload::StaticSet);
        assert_eq!(reqs.len(), STATIC_FILES.len());
        for (r, f) in reqs.iter().zip(&STATIC_FILES) {
            assert_eq!(r["path"].as_str(), Some(f.path().as_str()));
            assert_eq!(
                r["headers"]["Accept-Encoding"].as_str(),
                Some("br;q=1, gzip;q=0.8")
            );
        }
    }

    #[test]
    fn noisy_is_four_gets_to_one_of_each_noise_on_its_own_connection() {
        let shape = load_shape(Workload::Noisy);
        assert!(shape.has_raw());
        let reqs = requests(Workload::Noisy);
        assert_eq!(reqs.len(), 5);
        assert_eq!(reqs[0]["weight"].as_integer(), Some(4));
        assert!(reqs[1]["raw"].as_str().unwrap().starts_with("GETT /"));
        assert!(reqs[1]["raw"].as_str().unwrap().ends_with("\r\n\r\n"));
        assert_eq!(reqs[2]["close"].as_bool(), Some(true));
        assert!(reqs[3]["raw"]
            .as_str()
            .unwrap()
            .contains("Content-Length: 16\r\n\r\n"));
        assert_eq!(reqs[4]["raw_random"].as_integer(), Some(256));
        for r in &reqs[1..] {
            assert!(r.get("weight").is_none(), "noise weight 1");
        }
        assert!(!load_shape(Workload::Baseline).has_raw());
    }

    /// The mix files checked in under data/workloads/mix/ (which the lab
    /// passes to `barrage load --mix`) are these shapes' rendering;
    /// `UPDATE_GOLDEN=1` rewrites them. Workloads without a mix have no file.
    #[test]
    fn checked_in_mix_files_are_the_shapes() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/workloads/mix");
        let update = std::env::var_os("UPDATE_GOLDEN").is_some();
        for w in Workload::ALL {
            let shape = load_shape(w);
            let file = dir.join(format!("{}.toml", w.name()));
            if !shape.needs_mix() {
                assert!(!file.exists(), "{} has no mix", w.name());
                continue;
            }
            let want = shape.mix_toml();
            if update {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&file, &want).unwrap();
            }
            let got = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", file.display()));
            assert_eq!(
                got,
                want,
                "{} (UPDATE_GOLDEN=1 rewrites it)",
                file.display()
            );
        }
    }

    #[test]
    fn quote_escapes_what_toml_needs() {
        let cases = [
            ("plain", "\"plain\""),
            ("a\"b", "\"a\\\"b\""),
            ("a\\b", "\"a\\\\b\""),
            ("\r\n\t", "\"\\r\\n\\t\""),
            ("\u{1}", "\"\\u0001\""),
        ];
        for (s, want) in cases {
            assert_eq!(quote(s), want);
            let v: toml::Value = toml::from_str(&format!("x = {want}")).unwrap();
            assert_eq!(v["x"].as_str(), Some(s));
        }
    }

    #[test]
    fn lowest_takes_each_placeholder_at_its_low_bound() {
        let cases = [
            ("/a", "/a"),
            ("/a?x={rand 3..9}&y={rand -5..5}", "/a?x=3&y=-5"),
            ("/s/{seq}", "/s/0"),
            ("/x/{other}", "/x/{other}"),
            ("/x/{open", "/x/{open"),
        ];
        for (text, want) in cases {
            assert_eq!(lowest(text), want, "{text}");
        }
    }
}
