//! The crate's tests: proto/bench.proto compiled, methods found, request
//! JSON checked and encoded, templates rendered, bad input refused.

use std::ops::Deref;
use std::path::{Path, PathBuf};

use barrage_model::load::GrpcShape;
use prost_reflect::DynamicMessage;

use crate::{CallData, Method, Schema};

fn bench_proto() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../proto/bench.proto")
}

fn bench() -> Schema {
    Schema::compile(&[bench_proto()], &[]).expect("bench.proto compiles")
}

fn method(call: &str) -> Method {
    bench().method(call).expect("method found")
}

/// A test's directory under the system's temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh directory under the system's temp dir with `files` written.
fn dir_with(name: &str, files: &[(&str, &str)]) -> Scratch {
    let dir = std::env::temp_dir().join(format!("barrage-grpc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    Scratch(dir)
}

/// Message `i` of `requests` for call `call`, decoded as `input`.
fn decoded(method: &Method, bytes: &[u8]) -> serde_json::Value {
    let input = method.descriptor().input();
    let message = DynamicMessage::decode(input, bytes).unwrap();
    serde_json::to_value(&message).unwrap()
}

#[test]
fn bench_proto_methods_have_their_paths_and_shapes() {
    let schema = bench();
    let cases = [
        ("barrage.bench.v1.Bench/Echo", GrpcShape::Unary),
        ("barrage.bench.v1.Bench/Stream", GrpcShape::ServerStreaming),
        ("barrage.bench.v1.Bench.Sum", GrpcShape::ClientStreaming),
        ("/barrage.bench.v1.Bench/Chat", GrpcShape::Bidi),
    ];
    for (call, shape) in cases {
        let method = schema.method(call).unwrap();
        assert_eq!(method.shape(), shape, "{call}");
        let name = call
            .trim_start_matches('/')
            .replace("Bench.Sum", "Bench/Sum");
        assert_eq!(method.call(), name);
        assert_eq!(method.path(), format!("/{name}"));
    }
}

#[test]
fn unknown_service_or_method_names_what_exists() {
    let schema = bench();
    let error = schema.method("barrage.bench.v1.Nope/Echo").unwrap_err().0;
    assert!(
        error.contains("unknown service barrage.bench.v1.Nope"),
        "{error}"
    );
    assert!(
        error.contains("services: barrage.bench.v1.Bench"),
        "{error}"
    );
    let error = schema.method("barrage.bench.v1.Bench/Ping").unwrap_err().0;
    assert!(error.contains("has no method Ping"), "{error}");
    assert!(error.contains("Echo, Stream, Sum, Chat"), "{error}");
    assert!(schema.method("Echo").is_err());
}

#[test]
fn a_proto_that_does_not_compile_is_one_line_with_file_line_and_column() {
    let dir = dir_with(
        "bad",
        &[(
            "bad.proto",
            "syntax = \"proto3\";\nmessage A {\n  int32 x = ;\n}\n",
        )],
    );
    let error = Schema::compile(&[dir.join("bad.proto")], &[])
        .unwrap_err()
        .0;
    assert!(!error.contains('\n'), "{error}");
    assert!(error.starts_with("bad.proto:3:"), "{error}");
}

#[test]
fn a_missing_import_or_file_is_named() {
    let dir = dir_with(
        "import",
        &[(
            "a.proto",
            "syntax = \"proto3\";\nimport \"missing/b.proto\";\nmessage A {}\n",
        )],
    );
    let error = Schema::compile(&[dir.join("a.proto")], &[]).unwrap_err().0;
    assert!(
        error.contains("missing/b.proto") && error.contains("not found"),
        "{error}"
    );
    assert!(error.starts_with("a.proto:2:"), "{error}");
    let error = Schema::compile(&[dir.join("nothere.proto")], &[])
        .unwrap_err()
        .0;
    assert!(error.contains("nothere.proto: not found"), "{error}");
}

#[test]
fn an_import_is_found_through_an_include_path() {
    let dir = dir_with("include", &[]);
    std::fs::create_dir_all(dir.join("lib/dep")).unwrap();
    std::fs::create_dir_all(dir.join("svc")).unwrap();
    std::fs::write(
        dir.join("lib/dep/b.proto"),
        "syntax = \"proto3\";\npackage dep;\nmessage B { string name = 1; }\n",
    )
    .unwrap();
    let svc = "syntax = \"proto3\";\nimport \"dep/b.proto\";\nservice S { rpc M(dep.B) returns (dep.B); }\n";
    std::fs::write(dir.join("svc/s.proto"), svc).unwrap();
    let protos = [dir.join("svc/s.proto")];
    assert!(Schema::compile(&protos, &[]).is_err());
    let schema = Schema::compile(&protos, &[dir.join("lib")]).unwrap();
    let requests = schema
        .method("S/M")
        .unwrap()
        .requests(r#"{"name":"x"}"#)
        .unwrap();
    assert_eq!(requests.fixed(0), Some(&[10, 1, b'x'][..]));
}

#[test]
fn protoset_round_trips_through_descriptor_set() {
    let schema = bench();
    let dir = dir_with("protoset", &[]);
    let path = dir.join("bench.protoset");
    std::fs::write(&path, schema.descriptor_set()).unwrap();
    let again = Schema::from_protoset(&path).unwrap();
    let method = again.method("barrage.bench.v1.Bench/Chat").unwrap();
    assert_eq!(method.shape(), GrpcShape::Bidi);
    assert!(Schema::from_descriptor_set(b"\xff\xff garbage").is_err());
    let error = Schema::from_protoset(&dir.join("none.protoset"))
        .unwrap_err()
        .0;
    assert!(error.contains("none.protoset"), "{error}");
}

#[test]
fn fixed_data_is_encoded_once_and_decodes_back() {
    let echo = method("barrage.bench.v1.Bench/Echo");
    let requests = echo.requests(r#"{"payload":"aGVsbG8=","seq":7}"#).unwrap();
    assert_eq!(requests.len(), 1);
    assert!(!requests.is_templated());
    let bytes = requests.fixed(0).unwrap();
    assert_eq!(
        decoded(&echo, bytes),
        serde_json::json!({"payload":"aGVsbG8=","seq":"7"})
    );
    let mut out = vec![9];
    requests.render(0, &CallData::default(), &mut out);
    assert_eq!(&out[1..], bytes);
    assert_eq!(echo.requests("").unwrap().fixed(0), Some(&[][..]));
}

#[test]
fn an_array_is_several_messages_on_a_client_stream_and_refused_for_unary() {
    let sum = method("barrage.bench.v1.Bench/Sum");
    let requests = sum
        .requests(r#"[{"value":1},{"value":2},{"value":3}]"#)
        .unwrap();
    assert_eq!(requests.len(), 3);
    assert_eq!(requests.fixed(1), Some(&[8, 2][..]));
    assert_eq!(requests.fixed(4), Some(&[8, 2][..]), "indexes wrap");
    for call in ["Echo", "Stream"] {
        let error = method(&format!("barrage.bench.v1.Bench/{call}"))
            .requests("[{}]")
            .unwrap_err()
            .0;
        assert!(error.contains("takes one request message"), "{error}");
    }
    assert!(sum.requests("[]").is_err());
    assert!(sum.requests("[1]").is_err());
    assert!(sum.requests("7").is_err());
}

#[test]
fn json_that_does_not_fit_names_the_field() {
    let echo = method("barrage.bench.v1.Bench/Echo");
    let error = echo.requests(r#"{"seq":"many"}"#).unwrap_err().0;
    assert!(error.contains("field seq"), "{error}");
    let error = echo.requests(r#"{"colour":1}"#).unwrap_err().0;
    assert!(error.contains("colour"), "{error}");
    let sum = method("barrage.bench.v1.Bench/Sum");
    let error = sum
        .requests(r#"[{"value":1},{"value":true}]"#)
        .unwrap_err()
        .0;
    assert!(
        error.contains("message 1") && error.contains("field value"),
        "{error}"
    );
    let error = echo.requests("{nope").unwrap_err().0;
    assert!(error.contains("not JSON"), "{error}");
    assert!(!error.contains('\n'));
}

#[test]
fn templates_render_per_call() {
    let echo = method("barrage.bench.v1.Bench/Echo");
    let requests = echo.requests(r#"{"seq":"{{.RequestNumber}}"}"#).unwrap();
    assert!(requests.is_templated());
    assert_eq!(requests.fixed(0), None);
    for n in [1u64, 41, u64::MAX] {
        let mut out = Vec::new();
        let call = CallData {
            worker_id: 3,
            request_number: n,
        };
        requests.render(0, &call, &mut out);
        assert_eq!(
            decoded(&echo, &out)["seq"],
            serde_json::json!(n.to_string()),
            "{n}"
        );
    }
    // ghz's bare form, and the worker's id.
    let requests = echo.requests(r#"{"seq": {{.WorkerID}} }"#).unwrap();
    let mut out = Vec::new();
    requests.render(
        0,
        &CallData {
            worker_id: 5,
            request_number: 0,
        },
        &mut out,
    );
    assert_eq!(decoded(&echo, &out)["seq"], "5");
}

#[test]
fn random_and_time_templates_fit_their_fields() {
    let sum = method("barrage.bench.v1.Bench/Sum");
    let requests = sum
        .requests(r#"[{"value":"{{randomInt -5 5}}"},{"value":"{{.TimestampUnixMilli}}"}]"#)
        .unwrap();
    for request_number in 0..50 {
        let mut out = Vec::new();
        let call = CallData {
            worker_id: 0,
            request_number,
        };
        requests.render(0, &call, &mut out);
        let value: i64 = decoded(&sum, &out)["value"]
            .as_str()
            .unwrap_or("0")
            .parse()
            .unwrap();
        assert!((-5..5).contains(&value), "{value}");
    }
    let mut out = Vec::new();
    requests.render(1, &CallData::default(), &mut out);
    let millis: u64 = decoded(&sum, &out)["value"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(millis > 1_600_000_000_000, "{millis}");

    let stream = method("barrage.bench.v1.Bench/Echo");
    let requests = stream
        .requests(r#"{"payload":"{{randomString 8}}","seq":"{{.TimestampUnix}}"}"#)
        .unwrap();
    let mut out = Vec::new();
    requests.render(0, &CallData::default(), &mut out);
    let payload = decoded(&stream, &out)["payload"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(payload.len(), 8, "{payload}");
}

#[test]
fn a_call_has_one_uuid_and_new_uuid_is_fresh() {
    let dir = dir_with("uuid", &[("u.proto", "syntax = \"proto3\";\nmessage U { string a = 1; string b = 2; string c = 3; }\nservice S { rpc M(stream U) returns (U); }\n")]);
    let schema = Schema::compile(&[dir.join("u.proto")], &[]).unwrap();
    let m = schema.method("S/M").unwrap();
    let requests = m
        .requests(r#"{"a":"{{.UUID}}","b":"{{.UUID}}","c":"{{newUUID}}"}"#)
        .unwrap();
    let render = |n: u64| {
        let mut out = Vec::new();
        requests.render(
            0,
            &CallData {
                worker_id: 1,
                request_number: n,
            },
            &mut out,
        );
        decoded(&m, &out)
    };
    let (first, second) = (render(0), render(1));
    assert_eq!(first["a"], first["b"]);
    assert_ne!(first["a"], first["c"]);
    assert_ne!(first["a"], second["a"]);
    let uuid = first["a"].as_str().unwrap();
    assert_eq!(uuid.len(), 36, "{uuid}");
    assert_eq!(&uuid[14..15], "4", "{uuid}");
    let named = m
        .requests(r#"{"a":"{{.MethodName}} {{.IsClientStreaming}}"}"#)
        .unwrap();
    assert!(!named.is_templated());
    assert_eq!(decoded(&m, named.fixed(0).unwrap())["a"], "M true");
}

#[test]
fn bad_templates_are_refused_before_any_call() {
    let echo = method("barrage.bench.v1.Bench/Echo");
    let cases = [
        (r#"{"seq":"{{.Nope}}"}"#, "unknown template {{.Nope}}"),
        (r#"{"seq":"{{randomInt 5 1}}"}"#, "MIN < MAX"),
        (r#"{"seq":"{{randomString x}}"}"#, "randomString"),
        (r#"{"seq":"{{.RequestNumber"}"#, "not closed"),
        (r#"{"seq":"{{randomString 4}}"}"#, "field seq"),
        (r#"{"seq":"n{{.RequestNumber}}"}"#, "field seq"),
    ];
    for (data, expected) in cases {
        let error = echo.requests(data).unwrap_err().0;
        assert!(error.contains(expected), "{data}: {error}");
        assert!(!error.contains('\n'), "{error}");
    }
}

#[test]
fn replies_decode_to_json() {
    let echo = method("barrage.bench.v1.Bench/Echo");
    assert_eq!(echo.decode_reply(&[16, 3]).unwrap(), r#"{"seq":"3"}"#);
    assert!(echo.decode_reply(&[0xff]).is_err());
}

#[test]
fn requests_and_methods_can_be_shared_between_workers() {
    fn shared<T: Send + Sync>() {}
    shared::<crate::Requests>();
    shared::<Method>();
    shared::<Schema>();
}
