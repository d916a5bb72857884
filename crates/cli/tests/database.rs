//! `barrage run` on a database suite with a real PostgreSQL (the lab's
//! service): barrage serve does the queries its responses need and its
//! levels' proof of work is valid; a server that answers from a copy of
//! the table in memory (this test binary itself, `cache_server_child`) is
//! caught, its levels marked invalid with the figures. Then PostgreSQL is
//! killed mid-level: the level is marked, the service restarted once (the
//! server started again for the levels left), and nothing is left running.
//! One test, two runs: the second starts PostgreSQL from the first's cache.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_barrage");
/// Set in the environment of this binary when the lab starts it as the
/// caching server.
const CHILD: &str = "BARRAGE_TEST_CACHE_SERVER";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!("bdb-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("servers/cache")).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The caching server's manifest: this test binary, run as the child test.
fn cache_manifest() -> String {
    let exe = std::env::current_exe().unwrap();
    format!(
        r#"name = "cache"
endpoints = ["/hello"]
protocols = ["h1"]
workloads = ["db", "queries"]
[database]
pool = 1
[start]
command = ["{}", "{}", "--exact", "--include-ignored", "--nocapture", "--test-threads", "1"]
env = {{ {CHILD} = "{{host}}:{{port}}" }}
[ready]
http_path = "/hello"
"#,
        exe.display(),
        child_test_name()
    )
}

/// The child test's name as libtest knows it: its module path in this test
/// binary (`database::cache_server_child`), without the crate's name.
fn child_test_name() -> String {
    match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::cache_server_child"),
        None => "cache_server_child".to_string(),
    }
}

fn suite(servers: &[&str], levels: &str, scenarios: &str) -> String {
    let servers: String = servers
        .iter()
        .map(|s| format!("[[server]]\nname = \"{s}\"\n"))
        .collect();
    format!(
        "name = \"db\"\nduration = \"2s\"\nwarmup = \"1s\"\nrepeats = 1\n[load]\nconcurrency = {levels}\n[[service]]\nkind = \"postgres\"\n{servers}{scenarios}"
    )
}

/// `barrage run` from the checkout (its data/database), with the scratch
/// servers and results; stderr's lines go to `on_line` as they come.
fn run(scratch: &Path, suite_text: &str, on_line: &mut dyn FnMut(&str, u32)) -> (bool, String) {
    let file = scratch.join("suite.toml");
    std::fs::write(&file, suite_text).unwrap();
    // barrage-target's manifest from the checkout, the cache's from here.
    let target = repo().join("servers/barrage-target");
    let link = scratch.join("servers/barrage-target");
    if !link.exists() {
        std::os::unix::fs::symlink(&target, &link).unwrap();
    }
    std::fs::write(scratch.join("servers/cache/server.toml"), cache_manifest()).unwrap();
    let mut child = Command::new(BIN)
        .arg("run")
        .arg(&file)
        .arg("--servers")
        .arg(scratch.join("servers"))
        .arg("--results")
        .arg(scratch.join("results"))
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut all = String::new();
    let pid = child.id();
    for line in BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        on_line(&line, pid);
        all.push_str(&line);
        all.push('\n');
    }
    (child.wait().unwrap().success(), all)
}

/// The newest results.json under the scratch results.
fn results(scratch: &Path) -> Value {
    let text = std::fs::read_to_string(newest(scratch).join("results.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The newest results directory under the scratch results.
fn newest(scratch: &Path) -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(scratch.join("results"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    dirs.sort();
    dirs.pop().unwrap()
}

/// The pids of processes whose command line mentions `dir`.
fn running_under(dir: &Path) -> Vec<String> {
    let needle = dir.to_string_lossy().into_owned();
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(&needle) {
            out.push(format!("{name}: {cmdline}"));
        }
    }
    out
}

#[test]
#[ignore = "needs PostgreSQL"]
fn proof_of_work_catches_a_cache_and_a_killed_postgres_is_restarted() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let scratch = Scratch::new();
    let dir = &scratch.0;
    let scenarios =
        "[[scenario]]\nworkload = \"db\"\n[[scenario]]\nworkload = \"queries\"\nqueries = 5\n";
    let (ok, stderr) = run(
        dir,
        &suite(&["barrage-target", "cache"], "[8]", scenarios),
        &mut |_, _| {},
    );
    assert!(ok, "{stderr}");
    let r = results(dir);
    let services = r["services"].as_array().unwrap();
    assert_eq!(services.len(), 1, "{stderr}");
    assert!(
        services[0]["url"].as_str().unwrap().contains(":***@"),
        "{services:?}"
    );
    let runs = r["runs"].as_array().unwrap();
    let proof = |server: &str, scenario: &str| -> Value {
        let run = runs
            .iter()
            .find(|x| x["server"] == server && x["scenario"] == scenario)
            .unwrap_or_else(|| panic!("no run of {server} {scenario}:\n{stderr}"));
        assert!(run["service_usage"]["postgres"].is_object(), "{run}");
        run["proof"].clone()
    };
    for (scenario, q) in [("db", 1.0), ("queries-5", 5.0)] {
        let good = proof("barrage-target", scenario);
        assert!(good["invalid"].is_null(), "{good}\n{stderr}");
        assert!(good["requests"].as_u64().unwrap() > 0, "{good}");
        assert!(good["queries_per_request"].as_f64().unwrap() >= q, "{good}");
        let cached = proof("cache", scenario);
        let why = cached["invalid"]
            .as_str()
            .unwrap_or_else(|| panic!("{cached}"));
        assert!(why.contains("reads of world for"), "{why}");
        assert!(
            cached["queries_per_request"].as_f64().unwrap() < q,
            "{cached}"
        );
    }
    let pools: Vec<&Value> = r["servers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["database_pool"])
        .collect();
    assert_eq!(pools, [&Value::from(16), &Value::from(1)]);
    assert!(stderr.contains("proof of work invalid"), "{stderr}");
    let summary = std::fs::read_to_string(newest(dir).join("summary.md")).unwrap();
    assert!(summary.contains(" (5.0 q/req)"), "{summary}");

    // PostgreSQL killed during the first of two levels.
    let mut killed = false;
    let results_dir = dir.join("results");
    let (_, stderr) = run(
        dir,
        &suite(
            &["barrage-target"],
            "[4, 8]",
            "[[scenario]]\nworkload = \"db\"\n",
        ),
        &mut |line, _| {
            if !killed && line.contains("· c=4 ·") {
                killed = true;
                kill_soon(&results_dir);
            }
        },
    );
    assert!(killed, "{stderr}");
    let r = results(dir);
    let services = r["services"].as_array().unwrap();
    assert_eq!(services.len(), 2, "{services:?}\n{stderr}");
    assert!(
        services[0]["cached"].as_bool().unwrap(),
        "the first run's cache: {services:?}"
    );
    let restarted = services[1]["error"].as_str().unwrap();
    assert!(
        restarted.starts_with("restarted: service postgres died"),
        "{restarted}"
    );
    let runs = r["runs"].as_array().unwrap();
    let marked = runs[0]["error"].as_str().unwrap_or_default();
    assert!(
        marked.contains("service postgres died"),
        "{}\n{stderr}",
        runs[0]
    );
    let after = runs
        .iter()
        .find(|x| x["level_index"] == 1)
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(after["proof"]["invalid"].is_null(), "{after}");
    assert_eq!(
        r["servers"].as_array().unwrap().len(),
        2,
        "the server started again"
    );
    let left = running_under(dir);
    assert!(left.is_empty(), "left running: {left:?}");

    // Killed again after its restart: the suite stops with one line.
    let mut kills = 0;
    let three = suite(
        &["barrage-target"],
        "[4, 8, 16]",
        "[[scenario]]\nworkload = \"db\"\n",
    );
    let (ok, stderr) = run(dir, &three, &mut |line, _| {
        if (kills == 0 && line.contains("· c=4 ·")) || (kills == 1 && line.contains("· c=8 ·"))
        {
            kills += 1;
            kill_soon(&results_dir);
        }
    });
    assert!(!ok && kills == 2, "{stderr}");
    let last = stderr.lines().last().unwrap();
    assert!(
        last.starts_with("barrage run: stopped: service postgres died: ")
            && last.ends_with(", after its restart: the suite stops (results so far are kept)"),
        "{stderr}"
    );
    let r = results(dir);
    assert_eq!(r["complete"], false);
    assert_eq!(r["runs"].as_array().unwrap().len(), 2, "c=16 not run");
    let left = running_under(dir);
    assert!(left.is_empty(), "left running: {left:?}");

    // Ctrl-C mid-level: the service stops with the rest.
    let mut sent = false;
    let (ok, stderr) = run(dir, &three, &mut |line, pid| {
        if !sent && line.contains("· c=4 ·") {
            sent = true;
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(1200));
                // SAFETY: a signal to the run this test started.
                unsafe { libc::kill(pid as i32, libc::SIGINT) };
            });
        }
    });
    assert!(!ok && sent, "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    let left = running_under(dir);
    assert!(left.is_empty(), "left running after Ctrl-C: {left:?}");
}

/// Kills the newest PostgreSQL in a moment (during the level whose line
/// just came).
fn kill_soon(results: &Path) {
    let results = results.to_path_buf();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1200));
        kill_postmaster(&results);
    });
}

/// SIGKILLs the PostgreSQL of the newest run (its postmaster.pid there).
fn kill_postmaster(results: &Path) {
    let found = walk(results)
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "postmaster.pid"))
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok());
    let pid_file = found.expect("a postmaster.pid under the results");
    let text = std::fs::read_to_string(pid_file).unwrap();
    let pid: i32 = text.lines().next().unwrap().trim().parse().unwrap();
    // SAFETY: a signal to the postmaster this run started.
    unsafe { libc::kill(pid, libc::SIGKILL) };
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() && !p.is_symlink() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// The caching server, when the lab starts this binary as it (`CHILD` set):
/// the world table read once with psql, then every /db and /queries answered
/// from memory. Returns at once otherwise.
#[test]
#[ignore = "the caching server of the database test, started by it"]
fn cache_server_child() {
    let Ok(addr) = std::env::var(CHILD) else {
        return;
    };
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL from the lab");
    let out = Command::new("psql")
        .args([
            &url,
            "-At",
            "-F",
            " ",
            "-c",
            "SELECT id, randomnumber FROM world ORDER BY id",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<(u32, u32)> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let (a, b) = l.split_once(' ')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .collect();
    let rows = std::sync::Arc::new(rows);
    let listener = TcpListener::bind(&addr).unwrap();
    let started = Instant::now();
    for conn in listener.incoming() {
        // Bounded: the lab stops it long before.
        if started.elapsed() > Duration::from_secs(600) {
            break;
        }
        let Ok(conn) = conn else { continue };
        let rows = rows.clone();
        std::thread::spawn(move || serve_cached(conn, &rows));
    }
}

fn serve_cached(conn: TcpStream, rows: &[(u32, u32)]) {
    let mut reader = BufReader::new(conn.try_clone().unwrap());
    let mut out = conn;
    let mut seed = 0x2545_f491_4f6c_dd1du64 ^ out.peer_addr().map_or(0, |a| a.port() as u64);
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let target = line.split_whitespace().nth(1).unwrap_or("/").to_string();
        let mut length = 0usize;
        loop {
            let mut h = String::new();
            if reader.read_line(&mut h).unwrap_or(0) == 0 {
                return;
            }
            if h == "\r\n" || h == "\n" {
                break;
            }
            if let Some((k, v)) = h.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let mut row = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (id, n) = rows[(seed % rows.len() as u64) as usize];
            format!("{{\"id\":{id},\"randomNumber\":{n}}}")
        };
        let (path, query) = target.split_once('?').unwrap_or((&target, ""));
        let (status, kind, body) = match path {
            "/db" => ("200 OK", "application/json", row()),
            "/queries" => {
                let n = query
                    .split('&')
                    .find_map(|p| p.strip_prefix("queries="))
                    .and_then(|v| v.parse::<i64>().ok())
                    .unwrap_or(1)
                    .clamp(1, 500);
                let all: Vec<String> = (0..n).map(|_| row()).collect();
                ("200 OK", "application/json", format!("[{}]", all.join(",")))
            }
            "/hello" => ("200 OK", "text/plain", "Hello, World!".to_string()),
            _ => ("404 Not Found", "text/plain", "not found".to_string()),
        };
        let head = format!(
            "HTTP/1.1 {status}\r\nServer: cache\r\nDate: Fri, 27 Nov 2026 12:00:00 GMT\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        if out.write_all(head.as_bytes()).is_err() || out.write_all(body.as_bytes()).is_err() {
            return;
        }
    }
}
