//! Kubernetes: N agents as one Indexed Job, as k6-operator runs k6.
//!
//! Each pod runs `barrage load --part $(JOB_COMPLETION_INDEX)/N
//! --start-at T --json - -q ARGS…`: its part of the plan (connections,
//! rates and sessions shared out, Poisson streams independent), starting
//! at one wall-clock instant, its JSON report on standard output (what
//! `kubectl logs` returns). `collect.sh` gathers the N reports and runs
//! `barrage merge`. The pods' clocks are the nodes' (NTP); unlike the SSH
//! path, nothing measures their offsets.

use std::fmt::Write as _;

use serde_json::{json, Value};

/// What to render.
#[derive(Debug, Clone)]
pub struct JobSpec {
    /// The Job's name (a DNS label).
    pub name: String,
    pub namespace: Option<String>,
    /// An image with barrage at /usr/local/bin/barrage (or on PATH).
    pub image: String,
    /// Agents (completions = parallelism).
    pub agents: u32,
    /// Unix seconds at which every pod starts its load.
    pub start_at_unix_s: u64,
    /// `barrage load`'s arguments (options and the URL), without
    /// --part, --start-at, --json or -q.
    pub load_args: Vec<String>,
    /// CPUs each pod requests and is limited to (a whole number gives
    /// Guaranteed QoS, pinned cores under the static CPU manager).
    pub cpus: Option<String>,
    /// Let two agents share a node (default: one per node).
    pub share_nodes: bool,
}

/// The Job as a JSON value (the YAML is written from it).
pub fn job(s: &JobSpec) -> Value {
    let mut args: Vec<String> = vec![
        "load".into(),
        "--part".into(),
        format!("$(JOB_COMPLETION_INDEX)/{}", s.agents),
        "--start-at".into(),
        s.start_at_unix_s.to_string(),
        "--json".into(),
        "-".into(),
        "-q".into(),
    ];
    args.extend(s.load_args.iter().cloned());
    let labels = json!({ "app.kubernetes.io/name": "barrage", "barrage/job": s.name });
    let mut container = json!({
        "name": "barrage",
        "image": s.image,
        "command": ["barrage"],
        "args": args,
        "env": [{
            "name": "JOB_COMPLETION_INDEX",
            "valueFrom": { "fieldRef": {
                "fieldPath": "metadata.annotations['batch.kubernetes.io/job-completion-index']"
            } }
        }],
    });
    if let Some(cpus) = &s.cpus {
        container["resources"] = json!({
            "requests": { "cpu": cpus, "memory": "256Mi" },
            "limits": { "cpu": cpus, "memory": "256Mi" },
        });
    }
    let mut pod = json!({
        "restartPolicy": "Never",
        "containers": [container],
    });
    if !s.share_nodes {
        pod["affinity"] = json!({ "podAntiAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": [{
                "labelSelector": { "matchLabels": { "barrage/job": s.name } },
                "topologyKey": "kubernetes.io/hostname",
            }]
        }});
    }
    let mut metadata = json!({ "name": s.name, "labels": labels });
    if let Some(ns) = &s.namespace {
        metadata["namespace"] = json!(ns);
    }
    json!({
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": metadata,
        "spec": {
            "completionMode": "Indexed",
            "completions": s.agents,
            "parallelism": s.agents,
            // A failed part is a failed run: no retry that would start late.
            "backoffLimit": 0,
            "ttlSecondsAfterFinished": 86400,
            "template": {
                "metadata": { "labels": labels },
                "spec": pod,
            },
        },
    })
}

/// `collect.sh`: waits for the Job, saves each part's report, merges them.
pub fn collect_script(s: &JobSpec) -> String {
    let ns = s.namespace.as_ref().map_or(String::new(), |n| {
        format!(" -n {}", crate::link::sh_quote(n))
    });
    let name = crate::link::sh_quote(&s.name);
    format!(
        r#"#!/bin/sh
# Collects the {n} parts of Job {name} and merges them (written by barrage k8s render).
set -eu
out=${{1:-results}}
mkdir -p "$out"
kubectl{ns} wait --for=condition=complete --timeout=-1s job/{name}
i=0
while [ "$i" -lt {n} ]; do
  pod=$(kubectl{ns} get pods -l job-name={name},batch.kubernetes.io/job-completion-index="$i" -o jsonpath='{{.items[0].metadata.name}}')
  kubectl{ns} logs "$pod" > "$out/part-$i.json"
  i=$((i + 1))
done
barrage merge "$out"/part-*.json --json "$out/merged.json"
"#,
        n = s.agents
    )
}

/// YAML for a JSON value: block mappings and sequences, scalars written as
/// JSON (a JSON string is a YAML double-quoted scalar).
pub fn to_yaml(v: &Value) -> String {
    let mut out = String::new();
    emit(v, 0, &mut out);
    out
}

fn emit(v: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match v {
        Value::Object(map) => {
            for (k, val) in map {
                let key = plain_or_quoted(k);
                match val {
                    Value::Object(m) if !m.is_empty() => {
                        let _ = writeln!(out, "{pad}{key}:");
                        emit(val, indent + 2, out);
                    }
                    Value::Array(a) if !a.is_empty() => {
                        let _ = writeln!(out, "{pad}{key}:");
                        emit(val, indent, out);
                    }
                    _ => {
                        let _ = writeln!(out, "{pad}{key}: {}", scalar(val));
                    }
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                match item {
                    Value::Object(m) if !m.is_empty() => {
                        // The first key on the dash's line, the rest under it.
                        let mut inner = String::new();
                        emit(item, indent + 2, &mut inner);
                        let _ = write!(out, "{pad}- {}", &inner[indent + 2..]);
                    }
                    Value::Array(a) if !a.is_empty() => {
                        let _ = writeln!(out, "{pad}-");
                        emit(item, indent + 2, out);
                    }
                    _ => {
                        let _ = writeln!(out, "{pad}- {}", scalar(item));
                    }
                }
            }
        }
        other => {
            let _ = writeln!(out, "{pad}{}", scalar(other));
        }
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Object(_) => "{}".into(),
        Value::Array(_) => "[]".into(),
        Value::String(s) => plain_or_quoted(s),
        other => other.to_string(),
    }
}

/// A string YAML reads back as the same string without quotes, or quoted.
fn plain_or_quoted(s: &str) -> String {
    let plain = !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./".contains(&b))
        && s.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n"
        );
    if plain {
        s.to_string()
    } else {
        serde_json::to_string(s).expect("a string encodes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yaml_rust2::YamlLoader;

    fn spec() -> JobSpec {
        JobSpec {
            name: "barrage-load".into(),
            namespace: Some("bench".into()),
            image: "registry.example/barrage:0.1.0".into(),
            agents: 3,
            start_at_unix_s: 1_800_000_000,
            load_args: [
                "-R",
                "30000",
                "--arrival",
                "poisson",
                "-c",
                "300",
                "-d",
                "60s",
            ]
            .into_iter()
            .map(String::from)
            .chain(["http://nginx.bench.svc:80/hello?x=1".to_string()])
            .collect(),
            cpus: Some("2".into()),
            share_nodes: false,
        }
    }

    #[test]
    fn the_yaml_reads_back_as_the_job() {
        let job = job(&spec());
        let yaml = to_yaml(&job);
        assert_eq!(barrage_testkit::yaml::one_document(&yaml), job, "{yaml}");
    }

    #[test]
    fn an_indexed_job_of_n_parts_starting_together() {
        let j = job(&spec());
        assert_eq!(j["apiVersion"], "batch/v1");
        assert_eq!(j["kind"], "Job");
        let s = &j["spec"];
        assert_eq!(s["completionMode"], "Indexed");
        assert_eq!(
            (s["completions"].as_u64(), s["parallelism"].as_u64()),
            (Some(3), Some(3))
        );
        assert_eq!(s["backoffLimit"], 0);
        let pod = &s["template"]["spec"];
        assert_eq!(pod["restartPolicy"], "Never");
        let c = &pod["containers"][0];
        let args: Vec<&str> = c["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert_eq!(
            &args[..8],
            [
                "load",
                "--part",
                "$(JOB_COMPLETION_INDEX)/3",
                "--start-at",
                "1800000000",
                "--json",
                "-",
                "-q"
            ]
        );
        assert_eq!(args.last(), Some(&"http://nginx.bench.svc:80/hello?x=1"));
        // $(JOB_COMPLETION_INDEX) expands from a declared variable.
        assert_eq!(c["env"][0]["name"], "JOB_COMPLETION_INDEX");
        assert_eq!(c["resources"]["limits"]["cpu"], "2");
        assert_eq!(
            pod["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][0]
                ["topologyKey"],
            "kubernetes.io/hostname"
        );
        // The pods carry the selector's labels.
        assert_eq!(
            s["template"]["metadata"]["labels"]["barrage/job"],
            "barrage-load"
        );
        let mut shared = spec();
        shared.share_nodes = true;
        shared.cpus = None;
        let j = job(&shared);
        assert!(j["spec"]["template"]["spec"].get("affinity").is_none());
        assert!(j["spec"]["template"]["spec"]["containers"][0]
            .get("resources")
            .is_none());
    }

    #[test]
    fn scalars_that_yaml_would_misread_are_quoted() {
        for s in [
            "yes", "no", "on", "true", "null", "1", "0x10", "1e3", "-", "a: b", "#x", "", "$(X)/3",
        ] {
            let y = to_yaml(&json!({ "k": s }));
            let back = &YamlLoader::load_from_str(&y).unwrap()[0]["k"];
            assert_eq!(back.as_str(), Some(s), "{s:?} → {y}");
        }
    }

    #[test]
    fn the_collect_script_merges_every_part() {
        let s = collect_script(&spec());
        assert!(
            s.contains("kubectl -n bench wait --for=condition=complete"),
            "{s}"
        );
        assert!(s.contains("while [ \"$i\" -lt 3 ]"), "{s}");
        assert!(s.contains("barrage merge \"$out\"/part-*.json"), "{s}");
    }
}
