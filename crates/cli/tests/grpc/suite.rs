//! `suites/grpc.toml --quick` end to end: barrage serve and the catalogue's
//! gRPC servers (built by scripts/setup.sh; the test is `#[ignore = "needs
//! …"]` and fails when a build is missing) side by side in one run, every scenario measured on each, and the reports counting
//! calls/s and messages/s with the latency per call and per message. Then
//! a server that does not declare grpc: its scenarios skipped with the
//! reason in every report.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::common::{one_results as results, run_logged, serial, TempDir, BIN};

/// Four servers' quick levels and searches, their starts and the builds
/// of a first run; a stalled run is stopped.
const RUN_DEADLINE: Duration = Duration::from_secs(600);

/// The catalogue's gRPC servers of the suite, each with the file its build
/// leaves.
const CATALOGUE: [(&str, &str); 3] = [
    ("grpc-go", "build/server"),
    ("grpc-java", "build/app.jar"),
    ("grpc-node", "node_modules/.barrage-lock.sha256"),
];

/// The scenarios of suites/grpc.toml that run at the levels.
const LEVELED: [&str; 4] = ["unary-m100", "unary-m10", "unary-tls-m10", "chat-2000"];

fn repo() -> PathBuf {
    std::fs::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")).unwrap()
}

/// suites/grpc.toml written into `dir` with its .proto made absolute (the
/// copy is not in the checkout) and its searches shorter.
fn suite_copy(dir: &Path) -> PathBuf {
    let mut text = std::fs::read_to_string(repo().join("suites/grpc.toml")).unwrap();
    let proto = repo().join("proto/bench.proto");
    for protocol in ["grpc", "grpcs"] {
        text = text.replace(
            &format!("protocol = \"{protocol}\"\n"),
            &format!(
                "protocol = \"{protocol}\"\nproto = {:?}\n",
                proto.to_str().unwrap()
            ),
        );
    }
    // Four steps per search, not eight: the test asks that each server's
    // search runs over gRPC and answers, not where it ends (the engine's
    // and find_max's tests judge that); four servers' eight steps were
    // half of the test's two minutes.
    assert!(
        text.contains("max_steps = 8"),
        "suites/grpc.toml's search changed"
    );
    text = text.replace("max_steps = 8", "max_steps = 4");
    let path = dir.join("grpc.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// `barrage run SUITE --quick` with the checkout's servers, SIGINT (so the
/// lab stops its servers) if it outlives [`RUN_DEADLINE`].
fn run_quick(suite: &Path, servers: &Path, results: &Path, log: &Path) {
    let mut command = Command::new(BIN);
    command
        .arg("run")
        .arg(suite)
        .arg("--quick")
        .arg("--servers")
        .arg(servers)
        .arg("--results")
        .arg(results)
        .current_dir(repo());
    let status = run_logged(&mut command, log, RUN_DEADLINE, "barrage run");
    let text = std::fs::read_to_string(log).unwrap_or_default();
    assert!(status.success(), "barrage run: {status}\n{text}");
}

/// `barrage report DIR`, then report.md, report.html and summary.md.
fn reports(dir: &Path) -> Vec<(&'static str, String)> {
    let out = Command::new(BIN).arg("report").arg(dir).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    ["report.md", "report.html", "summary.md"]
        .into_iter()
        .map(|f| (f, std::fs::read_to_string(dir.join(f)).unwrap()))
        .collect()
}

#[test]
#[ignore = "needs the catalogue's gRPC servers built (scripts/setup.sh builds them)"]
fn the_grpc_suite_runs_quick_with_the_servers_side_by_side() {
    let _serial = serial();
    let repo = repo();
    let mut present = vec!["barrage-target"];
    for (name, built) in CATALOGUE {
        assert!(
            repo.join("servers").join(name).join(built).exists(),
            "needs {name} built: servers/{name}/{built} is absent (servers/{name}/build.sh --fetch builds it)"
        );
        present.push(name);
    }
    let tmp = TempDir::new("grpc-suite");
    let suite = suite_copy(&tmp.0);
    // Kept across runs (not in the temporary directory): the builds'
    // cache (.build-cache) spares a second run the catalogue's builds.
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grpc-suite");
    let _ = std::fs::create_dir_all(&root);
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() && !path.ends_with(".build-cache") {
            std::fs::remove_dir_all(path).unwrap();
        }
    }
    run_quick(&suite, &repo.join("servers"), &root, &tmp.path("run.log"));
    let (dir, r) = results(&root);
    for p in r["probes"].as_array().unwrap() {
        assert!(p["invalid"].is_null(), "{p:#}");
        assert_eq!(p["result"]["framing"], "grpc", "{p:#}");
    }
    let runs = r["runs"].as_array().unwrap();
    for server in &present {
        for scenario in LEVELED.iter().chain(&["unary-capacity"]) {
            let x = runs
                .iter()
                .find(|x| x["server"] == *server && x["scenario"] == *scenario)
                .unwrap_or_else(|| panic!("no run of {server} {scenario}: {runs:#?}"));
            assert!(x["error"].is_null(), "{x:#}");
            if LEVELED.contains(scenario) {
                assert!(x["stats"]["responses"].as_u64().unwrap() > 0, "{x:#}");
                assert_eq!(x["report"]["spec"]["protocol"], "grpc", "{x:#}");
                let grpc = &x["report"]["grpc"];
                let answered = if *scenario == "chat-2000" {
                    // Its streams end with the run: messages count.
                    &grpc["messages_received"]
                } else {
                    &grpc["status"]["0"]["count"]
                };
                assert!(answered.as_u64().unwrap_or(0) > 0, "{x:#}");
            }
        }
    }
    let chat = &r["suite"]["scenarios"][3];
    assert_eq!(chat["grpc"]["unit"], "message", "{chat:#}");
    assert_eq!(chat["grpc"]["rate"], 2000.0, "{chat:#}");
    for (file, text) in reports(&dir) {
        for server in &present {
            assert!(text.contains(server), "{file}: no {server}");
        }
    }
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary.contains("calls/s or messages/s for gRPC"),
        "{summary}"
    );
    for (section, tables) in [
        (
            "unary-m10",
            [
                "### Median calls/s\n",
                "### Median p99.9 latency per call\n",
            ],
        ),
        (
            "chat-2000",
            [
                "### Median messages/s\n",
                "### Median p50 latency per message\n",
            ],
        ),
    ] {
        let heading = format!("\n## {section} (barrage)\n");
        let text = summary
            .split(&heading)
            .nth(1)
            .unwrap_or_else(|| panic!("no {heading:?} in {summary}"));
        for want in tables {
            assert!(text.contains(want), "no {want:?} under {heading:?}");
        }
    }
    // A table of the present servers side by side: a row each.
    let table = summary.split("\n## unary-m10 (barrage)\n").nth(1).unwrap();
    for server in &present {
        assert!(
            table.contains(&format!("| {server} |")),
            "{server}: {table}"
        );
    }
}

/// A manifest of barrage serve without --grpc, declaring HTTP only.
const PLAIN: &str = r#"name = "plain"
endpoints = ["/hello"]
protocols = ["h1", "h2c"]
[start]
command = ["{barrage}", "serve", "--listen", "{addr}", "--threads", "1"]
[ready]
http_path = "/hello"
"#;

#[test]
fn a_server_without_grpc_is_skipped_with_the_reason_in_every_report() {
    let _serial = serial();
    let tmp = TempDir::new("grpc-skip");
    let servers = tmp.path("servers");
    std::fs::create_dir_all(servers.join("plain")).unwrap();
    std::fs::write(servers.join("plain/server.toml"), PLAIN).unwrap();
    let proto = repo().join("proto/bench.proto");
    let suite = tmp.path("skip.toml");
    let text = format!(
        "name = \"skip\"\nrepeats = 1\n[load]\nconcurrency = [2]\n[[server]]\nname = \"plain\"\n[[scenario]]\nname = \"echo\"\nprotocol = \"grpc\"\nproto = {:?}\n",
        proto.to_str().unwrap()
    );
    std::fs::write(&suite, text).unwrap();
    let root = tmp.path("results");
    run_quick(&suite, &servers, &root, &tmp.path("run.log"));
    let (dir, r) = results(&root);
    assert_eq!(
        r["probes"][0]["invalid"], "plain does not serve grpc",
        "{r:#}"
    );
    assert_eq!(r["runs"].as_array().unwrap().len(), 0);
    for (file, text) in reports(&dir) {
        assert!(text.contains("plain does not serve grpc"), "{file}: {text}");
    }
}
