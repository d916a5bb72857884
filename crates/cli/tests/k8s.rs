//! `barrage k8s render` against golden files, and the rendered Job's
//! command run here as its pods would run it (two parts, one start
//! instant, JSON on standard output), merged by `barrage merge`. Not run
//! against a Kubernetes cluster: none is reachable here.
//!
//! `UPDATE_GOLDEN=1 cargo test -p barrage --test k8s` rewrites
//! tests/golden/k8s/ from the current output.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use barrage_target::{Target, TargetConfig};
use common::*;
use serde_json::Value;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/k8s")
}

fn render(out: &Path, load: &[&str]) -> Run {
    let mut args = vec![
        "render",
        "--agents",
        "2",
        "--image",
        "registry.example/barrage:0.1.0",
        "--namespace",
        "bench",
        "--cpus",
        "1",
        "--start-at",
        "1800000000",
        "-o",
        out.to_str().unwrap(),
        "--",
    ];
    args.extend_from_slice(load);
    barrage("k8s", &args)
}

#[test]
fn the_rendered_job_and_script_match_the_golden_files() {
    let dir = TempDir::new("k8s");
    let r = render(
        &dir.0,
        &[
            "-R",
            "2000",
            "--arrival",
            "poisson",
            "-c",
            "20",
            "-d",
            "60s",
            "http://nginx.bench.svc/hello",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    for file in ["job.yaml", "collect.sh"] {
        let got = std::fs::read_to_string(dir.path(file)).unwrap();
        let golden = golden_dir().join(file);
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::create_dir_all(golden_dir()).unwrap();
            std::fs::write(&golden, &got).unwrap();
        }
        let want = std::fs::read_to_string(&golden)
            .unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
        assert_eq!(got, want, "{file} differs from {}", golden.display());
    }
}

#[test]
fn render_refuses_what_a_pod_cannot_do_in_one_line() {
    let dir = TempDir::new("k8s-bad");
    for (load, says) in [
        (&["-c", "1", "http://svc/"][..], "only 1 connections"),
        (&["--json", "x", "http://svc/"][..], "--json in LOAD_ARGS"),
        (&["--urls", "f", "http://svc/"][..], "--urls in LOAD_ARGS"),
        (
            &["--nope", "http://svc/"][..],
            "LOAD_ARGS: unexpected argument '--nope'",
        ),
        (&["-c", "4", "ftp://svc/"][..], "unknown scheme"),
    ] {
        let r = render(&dir.0, load);
        assert_eq!(r.code, Some(2), "{load:?}: {r:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
        assert!(r.stderr.contains(says), "{load:?}: {r:?}");
    }
}

/// The args of the rendered container, read from job.yaml (one `- "…"` or
/// `- word` line each, between `- args:` and `command:`).
fn container_args(yaml: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut inside = false;
    for line in yaml.lines() {
        let t = line.trim();
        if t == "- args:" {
            inside = true;
            continue;
        }
        if inside {
            let Some(item) = t.strip_prefix("- ") else {
                break;
            };
            args.push(if item.starts_with('"') {
                serde_json::from_str::<String>(item).unwrap()
            } else {
                item.to_string()
            });
        }
    }
    args
}

#[test]
fn the_pods_command_run_twice_here_merges_to_what_the_server_saw() {
    let _serial = serial();
    let target = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    })
    .unwrap();
    let dir = TempDir::new("k8s-run");
    let url = format!("http://{}/hello", target.local_addr());
    let r = render(
        &dir.0,
        &[
            "-R",
            "400",
            "--arrival",
            "poisson",
            "-c",
            "4",
            "-d",
            "2s",
            &url,
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let args = container_args(&std::fs::read_to_string(dir.path("job.yaml")).unwrap());
    assert_eq!(args[..3], ["load", "--part", "$(JOB_COMPLETION_INDEX)/2"]);
    // What the kubelet does: expand the index; the start moved to soon.
    let soon = SystemTime::now().duration_since(UNIX_EPOCH).unwrap() + Duration::from_secs(1);
    let pods: Vec<_> = (0..2)
        .map(|i| {
            let args: Vec<String> = args
                .iter()
                .map(|a| match a.as_str() {
                    "$(JOB_COMPLETION_INDEX)/2" => format!("{i}/2"),
                    "1800000000" => format!("{:.3}", soon.as_secs_f64()),
                    _ => a.clone(),
                })
                .collect();
            Command::new(BIN)
                .args(&args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut files = Vec::new();
    for (i, pod) in pods.into_iter().enumerate() {
        let out = pod.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // `kubectl logs` of a pod: its standard output, the JSON alone.
        let file = dir.file(&format!("part-{i}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file);
    }
    let merged = dir.file("merged.json");
    let r = barrage(
        "merge",
        &[
            files[0].as_str(),
            files[1].as_str(),
            "--json",
            merged.as_str(),
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let m: Value = serde_json::from_str(&std::fs::read_to_string(&merged).unwrap()).unwrap();
    assert_eq!(m["totals"]["responses"].as_u64(), Some(target.responses()));
    assert_eq!(m["spec"]["rate_per_s"].as_f64(), Some(400.0));
    assert_eq!(m["spec"]["connections"].as_u64(), Some(4));
    // Two Poisson streams of 200/s for 2 s: about 800 requests.
    let n = m["totals"]["requests_sent"].as_f64().unwrap();
    assert!((n - 800.0).abs() < 200.0, "{n} requests");
}
