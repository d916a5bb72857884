//! YAML read back as JSON, for tests of what barrage writes as YAML (the
//! Kubernetes Job of `barrage k8s render`): yaml-rust2 parses, and the
//! document becomes a `serde_json::Value` to compare or deserialize.

use serde_json::{json, Value};
use yaml_rust2::{Yaml, YamlLoader};

/// The one document of `text` as JSON; panics on invalid YAML, on more or
/// fewer than one document, and on nodes JSON has no form for.
pub fn one_document(text: &str) -> Value {
    let docs = YamlLoader::load_from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(docs.len(), 1, "one YAML document: {text}");
    to_json(&docs[0])
}

/// A YAML node as JSON (string keys only).
pub fn to_json(y: &Yaml) -> Value {
    match y {
        Yaml::Hash(h) => Value::Object(
            h.iter()
                .map(|(k, v)| (k.as_str().expect("string keys").to_string(), to_json(v)))
                .collect(),
        ),
        Yaml::Array(a) => Value::Array(a.iter().map(to_json).collect()),
        Yaml::String(s) => Value::String(s.clone()),
        Yaml::Integer(i) => json!(i),
        Yaml::Boolean(b) => json!(b),
        Yaml::Null => Value::Null,
        other => panic!("unexpected YAML node {other:?}"),
    }
}
