//! The seed suites (`suites/seed-*.toml`): each passes `--dry-run`, and one
//! small level of each runs for real, with the seed's own load generator,
//! against one of its servers.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common;
use common::require;

const BIN: &str = env!("CARGO_BIN_EXE_barrage");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn seed_suites() -> Vec<PathBuf> {
    let mut suites: Vec<PathBuf> = std::fs::read_dir(repo().join("suites"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("seed-") && n.ends_with(".toml"))
        })
        .collect();
    suites.sort();
    suites
}

#[test]
fn every_seed_suite_passes_dry_run() {
    let suites = seed_suites();
    // The four seeds, seed 000 also from three client hosts.
    assert_eq!(suites.len(), 5, "{suites:?}");
    for suite in &suites {
        for quick in [false, true] {
            let mut cmd = Command::new(BIN);
            cmd.arg("run")
                .arg(suite)
                .arg("--dry-run")
                .current_dir(repo());
            if quick {
                cmd.arg("--quick");
            }
            let out = cmd.output().unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "{}: {}",
                suite.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(stdout.starts_with("suite seed-"), "{stdout}");
        }
    }
}

/// Runs `--quick --only SERVER --levels LEVEL` of one seed suite and checks
/// that the server ran and every run measured responses without error.
fn run_one_level(suite: &str, tool: &str, server: &str, level: &str) {
    run_one_level_with(suite, tool, server, level, &[]);
}

/// The namespace hosts of labs/one-box.toml: the server on `server`, load
/// from c1 and c2 over SSH.
const ON_NAMESPACE_HOSTS: &[&str] = &[
    "--hosts",
    "labs/one-box.toml",
    "--server-host",
    "server",
    "--client-hosts",
    "c1,c2",
];

/// [`run_one_level`] with more arguments; with `--hosts`, also checks the
/// run went through the hosts and left no namespace behind.
fn run_one_level_with(suite: &str, tool: &str, server: &str, level: &str, extra: &[&str]) {
    // One lab run at a time, and no other load beside it: they pin to the
    // same cores.
    let _turn = common::serial();
    require(tool);
    let results = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "seed-{}-{}",
        suite.replace('/', "_"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&results);
    let out = Command::new(BIN)
        .arg("run")
        .arg(repo().join("suites").join(suite))
        .args(["--quick", "--only", server, "--levels", level])
        .args(extra)
        .arg("--results")
        .arg(&results)
        .current_dir(repo())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{suite}: {stderr}");
    let dir = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.join("results.json").is_file())
        .unwrap_or_else(|| panic!("no results in {}", results.display()));
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    assert_eq!(json["complete"], true);
    let servers = json["servers"].as_array().unwrap();
    assert!(
        !servers.is_empty() && servers.iter().all(|s| s["status"] == "ok"),
        "{servers:#?}"
    );
    let runs = json["runs"].as_array().unwrap();
    assert!(!runs.is_empty(), "{suite}: no run");
    for run in runs {
        assert!(run["error"].is_null(), "{suite}: {run:#}");
        assert!(
            run["stats"]["responses"].as_u64() > Some(0),
            "{suite}: {:#}",
            run["stats"]
        );
    }
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(summary.contains(server), "{summary}");
    if extra.contains(&"--hosts") {
        let hosts: Vec<&str> = json["hosts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["name"].as_str().unwrap())
            .collect();
        assert_eq!(hosts, ["server", "c1", "c2"], "{suite}");
        for run in runs {
            let clients = run["clients"].as_array().unwrap();
            assert_eq!(clients.len(), 2, "{suite}: {run:#}");
            let sum: u64 = clients
                .iter()
                .map(|c| c["responses"].as_u64().unwrap())
                .sum();
            assert_eq!(Some(sum), run["stats"]["responses"].as_u64(), "{suite}");
        }
        assert!(summary.contains("## Per client host"), "{summary}");
        let netns = Command::new("ip").args(["netns", "list"]).output().unwrap();
        let netns = String::from_utf8_lossy(&netns.stdout);
        assert!(!netns.contains("barrage-onebox-"), "{suite}: left {netns}");
    }
    let _ = std::fs::remove_dir_all(&results);
}

#[test]
#[ignore = "needs ab and the catalogue's nginx (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_000_one_level_runs_with_ab() {
    run_one_level("seed-000-hello.toml", "ab", "nginx html 1C", "0");
}

#[test]
#[ignore = "needs wrk, nginx and the Go server (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_001_one_level_runs_with_wrk() {
    run_one_level(
        "seed-001-nginx-go.toml",
        "wrk",
        "nginx→go http GOMAXPROCS=1",
        "0",
    );
}

#[test]
#[ignore = "needs h2load and h2o (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_002_one_level_runs_with_h2load() {
    run_one_level("seed-002-h2.toml", "h2load", "h2o", "1");
}

#[test]
#[ignore = "needs httperf and Erlang (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_004_one_level_runs_with_httperf() {
    run_one_level("seed-004-dynamic.toml", "httperf", "erlang-raw", "0");
}

// The same levels with the server and the load on network-namespace hosts
// over SSH (labs/one-box.toml, brought up and removed by the run; root).

#[test]
#[ignore = "needs root, sshd, ab and nginx (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_000_one_level_on_namespace_hosts() {
    run_one_level_with(
        "seed-000-hello.toml",
        "ab",
        "nginx html 1C",
        "0",
        ON_NAMESPACE_HOSTS,
    );
}

#[test]
#[ignore = "needs root, sshd, wrk, nginx and the Go server (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_001_one_level_on_namespace_hosts() {
    run_one_level_with(
        "seed-001-nginx-go.toml",
        "wrk",
        "nginx→go http GOMAXPROCS=1",
        "0",
        ON_NAMESPACE_HOSTS,
    );
}

#[test]
#[ignore = "needs root, sshd, h2load and h2o (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_002_one_level_on_namespace_hosts() {
    run_one_level_with("seed-002-h2.toml", "h2load", "h2o", "1", ON_NAMESPACE_HOSTS);
}

#[test]
#[ignore = "needs root, sshd, httperf and Erlang (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_004_one_level_on_namespace_hosts() {
    run_one_level_with(
        "seed-004-dynamic.toml",
        "httperf",
        "erlang-raw",
        "0",
        ON_NAMESPACE_HOSTS,
    );
}
