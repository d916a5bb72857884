//! `barrage run` across hosts: suites/seed-000-three-clients.toml on the
//! namespace hosts of labs/one-box.toml (a server namespace and three
//! client namespaces on a 1 Gbit/s bridge in 198.18.0.0/24, each with its
//! own sshd), which the run brings up and removes. Needs root, iproute2,
//! OpenSSH's client and server, ab and nginx (scripts/setup.sh installs
//! them; scripts/test.sh runs these with --include-ignored).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

const SUITE: &str = "suites/seed-000-three-clients.toml";
const ONLY: &str = "nginx html 1C";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One lab at a time, and no other load beside it: they share the
/// inventory's namespaces and addresses, and pin to the same cores.
fn turn() -> common::Turn {
    common::serial()
}

fn needs() {
    assert_eq!(
        unsafe { libc::geteuid() },
        0,
        "needs root: namespaces, veths, sshd"
    );
    require("ssh");
    require("ab");
    assert!(
        Path::new("/usr/sbin/sshd").exists(),
        "needs sshd: install openssh-server (scripts/setup.sh does)"
    );
}

fn run_command(results: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(["run", SUITE, "--quick", "--only", ONLY, "--results"])
        .arg(results)
        .current_dir(repo());
    cmd
}

fn results_json(results: &Path) -> (PathBuf, Value) {
    let dir = std::fs::read_dir(results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.join("results.json").is_file())
        .unwrap_or_else(|| panic!("no results in {}", results.display()));
    let json =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    (dir, json)
}

/// Nothing of the lab is left: no namespace, no veth or bridge, no agent,
/// no nginx started from the run's scratch directory.
fn assert_nothing_left() {
    let out = |cmd: &[&str]| {
        let o = Command::new(cmd[0]).args(&cmd[1..]).output().unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let netns = out(&["ip", "netns", "list"]);
    assert!(
        !netns.contains("barrage-onebox-"),
        "namespaces left: {netns}"
    );
    let links = out(&["ip", "-o", "link", "show"]);
    assert!(
        !links.contains("brg-onebox") && !links.contains("bv-onebox"),
        "links left: {links}"
    );
    let ps = out(&["ps", "-eo", "pid,args"]);
    let left: Vec<&str> = ps
        .lines()
        .filter(|l| {
            (l.contains("barrage") && l.contains(" agent"))
                || l.contains("results/.remote/")
                || l.contains("barrage-onebox")
        })
        .collect();
    assert!(left.is_empty(), "processes left: {left:#?}");
}

#[test]
#[ignore = "needs root, sshd, ab and nginx (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn seed_000_from_three_client_namespaces_merges_per_host() {
    needs();
    let _turn = turn();
    let results = TempDir::new("three-clients");
    let out = run_command(&results.0).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let (dir, json) = results_json(&results.0);
    assert_eq!(json["complete"], true);
    // Every host, its role and environment; the sysctls set inside the
    // namespaces (labs/one-box.toml), not on this machine.
    let hosts = json["hosts"].as_array().unwrap();
    let names: Vec<&str> = hosts.iter().map(|h| h["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["server", "c1", "c2", "c3"]);
    assert_eq!(hosts[0]["role"], "server");
    assert!(hosts[0]["address"]
        .as_str()
        .unwrap()
        .starts_with("netns 198.18.0.20"));
    for h in hosts {
        assert_eq!(
            h["environment"]["sysctls"]["net.core.somaxconn"], "65535",
            "{h:#}"
        );
        assert!(h["clock_delay_us"].as_u64().is_some());
    }
    let servers = json["servers"].as_array().unwrap();
    assert_eq!(servers.len(), 1);
    assert_eq!(servers[0]["status"], "ok", "{servers:#?}");
    assert_eq!(servers[0]["pinned_cpus"], serde_json::json!([1]));
    // The server's log came back from its host.
    let log = dir.join(servers[0]["log"].as_str().unwrap());
    assert!(log.is_file(), "{}", log.display());
    // The probe went from a client host to the server's address.
    assert!(
        json["probes"][0]["invalid"].is_null(),
        "{:#}",
        json["probes"]
    );
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2, "ab and barrage");
    for run in runs {
        assert!(run["error"].is_null(), "{run:#}");
        let clients = run["clients"].as_array().unwrap();
        let names: Vec<&str> = clients
            .iter()
            .map(|c| c["host"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["c1", "c2", "c3"], "{run:#}");
        let sum: u64 = clients
            .iter()
            .map(|c| c["responses"].as_u64().unwrap())
            .sum();
        assert!(sum > 0);
        assert_eq!(Some(sum), run["stats"]["responses"].as_u64(), "{run:#}");
        for c in clients {
            assert!(
                c["usage"]["user_s"].as_f64().unwrap() + c["usage"]["sys_s"].as_f64().unwrap()
                    > 0.0
            );
            assert!(c["client_bound"].is_boolean());
        }
        // The server was sampled on its host during the window.
        assert!(
            !run["server_usage"]["samples"]
                .as_array()
                .unwrap()
                .is_empty(),
            "{:#}",
            run["server_usage"]
        );
        assert!(run["command"]
            .as_str()
            .unwrap()
            .ends_with("(on c1, c2, c3)"));
    }
    let (ab, native) = (&runs[0], &runs[1]);
    assert_eq!(ab["driver"], "ab");
    // ab's connections dealt out: 1000 = 334 + 333 + 333.
    assert!(
        ab["command"].as_str().unwrap().contains("-c 334"),
        "{}",
        ab["command"]
    );
    // ab prints percentiles only as a summary: not averaged, marked.
    assert_eq!(ab["latency_not_mergeable"], true);
    assert!(ab["stats"]["latency_p99_us"].is_null());
    assert!(ab["clients"][0]["latency_p99_us"].as_f64().is_some());
    // barrage's parts merge exactly: the merged histogram holds every response.
    assert_eq!(native["driver"], "barrage");
    assert!(native["latency_not_mergeable"].is_null());
    assert!(native["stats"]["latency_p99_us"].as_f64().is_some());
    assert_eq!(
        native["report"]["latency_us"]["count"].as_u64(),
        native["stats"]["responses"].as_u64(),
        "{:#}",
        native["report"]["latency_us"]
    );
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    for want in ["## Hosts", "## Per client host", "not mergeable", "| c3 |"] {
        assert!(summary.contains(want), "{want}: {summary}");
    }
    assert_nothing_left();
}

#[test]
#[ignore = "needs root, sshd, ab and nginx (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn ctrl_c_during_a_run_on_namespace_hosts_leaves_nothing_and_keeps_results() {
    needs();
    let _turn = turn();
    let results = TempDir::new("three-clients-int");
    let mut child = run_command(&results.0)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first level to be under way (its progress line), then
    // interrupt the run as Ctrl-C would.
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        let mut all = String::new();
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if line.contains("[1/2]") {
                let _ = tx.send(None);
            }
            all.push_str(&line);
            all.push('\n');
        }
        let _ = tx.send(Some(all));
    });
    let began = Instant::now();
    match rx.recv_timeout(Duration::from_secs(240)) {
        Ok(None) => {}
        other => panic!("the run did not reach its first level: {other:?}"),
    }
    std::thread::sleep(Duration::from_millis(1500));
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            began.elapsed() < Duration::from_secs(300),
            "the interrupted run did not end"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let stderr = rx
        .recv_timeout(Duration::from_secs(10))
        .ok()
        .flatten()
        .unwrap_or_default();
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    let (_, json) = results_json(&results.0);
    assert_eq!(json["interrupted"], true);
    assert_eq!(json["complete"], false);
    // What was measured before the interruption is kept.
    assert_eq!(json["hosts"].as_array().unwrap().len(), 4);
    assert_eq!(json["servers"].as_array().unwrap().len(), 1, "{json:#}");
    assert_nothing_left();
}

/// The pids of `what` running in host `host`'s namespace of labs/one-box.toml.
fn pids_in(host: &str, what: &str) -> Vec<i32> {
    let out = Command::new("ip")
        .args(["netns", "pids", &format!("barrage-onebox-{host}")])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .filter_map(|p| p.parse::<i32>().ok())
        .filter(|p| {
            std::fs::read(format!("/proc/{p}/cmdline"))
                .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
                .is_ok_and(|c| c.contains(what))
        })
        .collect()
}

/// A one-level suite of barrage-target on the server namespace, loaded with
/// barrage from c1 and c2; `scenario_extra` adds lines to its scenario.
fn hosts_suite(
    dir: &TempDir,
    name: &str,
    duration: &str,
    concurrency: u32,
    scenario_extra: &str,
) -> PathBuf {
    let suite = dir.path(&format!("{name}.toml"));
    std::fs::write(
        &suite,
        format!(
            r#"name = "{name}"
driver = "barrage"
duration = "{duration}"
warmup = "0s"
repeats = 1
server_host = "server"
client_hosts = ["c1", "c2"]
inventory = "{}"

[load]
concurrency = [{concurrency}]

[[server]]
name = "barrage-target"
vars = {{ THREADS = "1" }}

[[scenario]]
name = "hello"
path = "/hello"
{scenario_extra}
"#,
            repo().join("labs/one-box.toml").display(),
        ),
    )
    .unwrap();
    suite
}

/// A one-level suite of the built-in server (40 s, from c1 and c2), run in
/// the background; (its results directory, the run).
fn long_level_run(dir: &TempDir) -> (PathBuf, std::process::Child) {
    let suite = hosts_suite(dir, "agent-dies", "40s", 20, "");
    let results = dir.path("results");
    let mut child = Command::new(BIN)
        .arg("run")
        .arg(&suite)
        .arg("--servers")
        .arg(repo().join("servers"))
        .arg("--results")
        .arg(&results)
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Until c2's part of the level runs (its 40 s with the server under
    // test up: not the client's ceiling before the first server, against
    // the precomputed responder, nor the server's warm-up windows).
    let began = Instant::now();
    while pids_in("c2", "-d 40s").is_empty() || pids_in("server", "serve --listen").is_empty() {
        assert!(
            began.elapsed() < Duration::from_secs(240),
            "the level never started"
        );
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_secs(2));
    (results, child)
}

/// Kills (SIGKILL) the agents in `host`'s namespace.
fn kill_agents_in(host: &str) {
    let agents = pids_in(host, " agent");
    assert!(!agents.is_empty(), "no agent in {host}");
    for p in agents {
        unsafe { libc::kill(p, libc::SIGKILL) };
    }
}

/// Waits for the run to end by itself; how long that took.
fn ends_by_itself(child: &mut std::process::Child) -> Duration {
    let from = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return from.elapsed();
        }
        assert!(
            from.elapsed() < Duration::from_secs(120),
            "the run did not end by itself"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
#[ignore = "needs root and sshd (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn a_client_agent_killed_mid_level_fails_that_level_naming_it_and_stops_the_others() {
    needs();
    let _turn = turn();
    let dir = TempDir::new("agent-dies");
    let (results, mut child) = long_level_run(&dir);
    kill_agents_in("c2");
    // c1's part was stopped with the level, long before its 40 s.
    let took = ends_by_itself(&mut child);
    assert!(
        took < Duration::from_secs(25),
        "the run took {took:?} after the kill"
    );
    let (_, json) = results_json(&results);
    // The run went on to its end; the level is invalid and names the host.
    assert_eq!(json["complete"], true);
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let error = runs[0]["error"].as_str().unwrap_or_default();
    assert!(error.contains("host c2"), "{error}");
    assert!(runs[0]["stats"].is_null());
    assert_nothing_left();
}

#[test]
#[ignore = "needs root and sshd (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn the_server_hosts_agent_killed_takes_its_server_with_it() {
    needs();
    let _turn = turn();
    let dir = TempDir::new("server-agent-dies");
    let (results, mut child) = long_level_run(&dir);
    let server = pids_in("server", "serve --listen");
    assert_eq!(
        server.len(),
        1,
        "the built-in server runs in the server namespace"
    );
    kill_agents_in("server");
    // The server's leader dies with its agent, before any teardown.
    let from = Instant::now();
    while std::path::Path::new(&format!("/proc/{}", server[0])).exists()
        && !std::fs::read_to_string(format!("/proc/{}/stat", server[0]))
            .unwrap_or_default()
            .contains(") Z ")
    {
        assert!(
            from.elapsed() < Duration::from_secs(5),
            "the server outlived its agent"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    ends_by_itself(&mut child);
    let (_, json) = results_json(&results);
    let servers = json["servers"].as_array().unwrap();
    assert_eq!(servers[0]["status"], "failed", "{servers:#?}");
    assert!(
        servers[0]["reason"]
            .as_str()
            .unwrap()
            .contains("host server"),
        "{servers:#?}"
    );
    assert_nothing_left();
}

#[test]
#[ignore = "needs root, sshd, ab and nginx (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn a_scenario_script_runs_on_the_client_hosts_from_their_checkout() {
    needs();
    let _turn = turn();
    let dir = TempDir::new("hosts-script");
    // The hosts' checkout is another path to this one (`--remote-root`),
    // so the script's path the clients are given must be rewritten to it.
    let checkout = dir.path("checkout");
    std::os::unix::fs::symlink(repo().canonicalize().unwrap(), &checkout).unwrap();
    let script = repo().join("crates/cli/tests/scripts/static4k.lua");
    let script_line = format!("script = \"{}\"", script.display());
    let suite = hosts_suite(&dir, "hosts-script", "2s", 4, &script_line);
    let results = dir.path("results");
    let out = Command::new(BIN)
        .arg("run")
        .arg(&suite)
        .arg("--remote-root")
        .arg(&checkout)
        .arg("--results")
        .arg(&results)
        .current_dir(repo())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let (_, json) = results_json(&results);
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{json:#}");
    let run = &runs[0];
    assert!(run["error"].is_null(), "{run:#}");
    let command = run["command"].as_str().unwrap();
    let wanted = checkout.join("crates/cli/tests/scripts/static4k.lua");
    assert!(
        command.contains(&format!("--script {}", wanted.display())),
        "{command}"
    );
    // The script ran on both client hosts: every response is /static/4k's
    // 4,096-byte body (with its head), not /hello's 12 bytes.
    let clients = run["clients"].as_array().unwrap();
    assert_eq!(clients.len(), 2, "{run:#}");
    let totals = &run["report"]["totals"];
    let responses = totals["responses"].as_u64().unwrap();
    assert!(responses > 0, "{totals:#}");
    assert!(
        totals["bytes_read"].as_u64().unwrap() > responses * 4096,
        "{totals:#}"
    );
    assert_nothing_left();
}

#[test]
#[ignore = "needs root, sshd, ab and nginx (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn a_capacity_search_runs_on_the_one_client_host_and_is_refused_with_two() {
    needs();
    let _turn = turn();
    let dir = TempDir::new("hosts-search");
    let search = r#"search = { slo = "p99<=200ms", min = 20, max = 160, precision = "25%" }"#;
    let suite = hosts_suite(&dir, "hosts-search", "1s", 4, search);
    let run = |results: &Path, clients: &str| {
        let out = Command::new(BIN)
            .arg("run")
            .arg(&suite)
            .args(["--server-host", "server", "--client-hosts", clients])
            .arg("--results")
            .arg(results)
            .current_dir(repo())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stderr}");
        let (_, json) = results_json(results);
        let runs = json["runs"].as_array().unwrap().clone();
        assert_eq!(runs.len(), 1, "{json:#}");
        runs[0].clone()
    };
    // Two client hosts: one engine cannot be shared; the level says what to do.
    let two = run(&dir.path("two"), "c1,c2");
    let error = two["error"].as_str().unwrap_or_default();
    assert!(error.contains("one client host"), "{two:#}");
    assert!(two["search"].is_null(), "{two:#}");
    // One client host: the search runs there, judged as on one machine.
    let one = run(&dir.path("one"), "c1");
    assert!(one["error"].is_null(), "{one:#}");
    assert_eq!(one["search"]["schema"], "barrage.search/1", "{one:#}");
    assert!(!one["search"]["steps"].as_array().unwrap().is_empty());
    let command = one["command"].as_str().unwrap();
    assert!(
        command.contains("--find-max") && command.ends_with("(on c1)"),
        "{command}"
    );
    assert_eq!(one["clients"].as_array().unwrap().len(), 1, "{one:#}");
    assert_nothing_left();
}
