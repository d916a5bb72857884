//! `barrage run` end to end: a quick suite of two `barrage serve` variants, a
//! server that breaks the contract and one that dies mid-run; the results
//! directory, pinning, Ctrl-C and suite-file errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;

const BIN: &str = env!("CARGO_BIN_EXE_barrage");

/// A scratch directory with `servers/` and `suites/`, removed on drop
/// (check.rs runs its suites in one too).
pub(crate) struct Lab {
    dir: PathBuf,
}

impl Lab {
    pub(crate) fn new(tag: &str) -> Lab {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir =
            std::env::temp_dir().join(format!("barrage-lab-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(dir.join("suites")).unwrap();
        for (name, manifest) in SERVERS {
            let d = dir.join("servers").join(name);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("server.toml"), manifest).unwrap();
        }
        Lab { dir }
    }

    pub(crate) fn suite(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.join("suites").join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        path
    }

    pub(crate) fn run(&self, suite: &Path, extra: &[&str]) -> Output {
        let mut cmd = Command::new(BIN);
        cmd.arg("run")
            .arg(suite)
            .arg("--results")
            .arg(self.dir.join("results"));
        cmd.args(extra).current_dir(&self.dir);
        cmd.output().expect("run barrage")
    }

    /// The one results directory's results.json.
    pub(crate) fn results(&self) -> (PathBuf, Value) {
        common::one_results(&self.dir.join("results"))
    }
}

impl Drop for Lab {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

const SERVERS: [(&str, &str); 6] = [
    (
        "target",
        r#"name = "target"
description = "barrage serve"
endpoints = ["/hello", "/static/6b"]
protocols = ["h1", "h2c"]
[vars]
THREADS = "1"
[requires]
binaries = ["barrage"]
[start]
command = ["{barrage}", "serve", "--listen", "{addr}", "--threads", "{THREADS}"]
[ready]
http_path = "/hello"
deadline = "10s"
[version]
command = ["{barrage}", "--version"]
"#,
    ),
    (
        "wrong",
        r#"name = "wrong"
description = "a static server whose /static/6b is not the contract's"
endpoints = ["/static/6b"]
protocols = ["h1"]
[requires]
binaries = ["python3", "sh"]
[start]
# From /: a relative {run_dir} would not be found (a regression test).
command = ["sh", "-c", "cd / && exec python3 -m http.server --bind {host} --directory {run_dir} {port}"]
[start.files]
"static/6b" = "bye!!\n"
[ready]
http_path = "/static/6b"
deadline = "10s"
"#,
    ),
    (
        "dies",
        r#"name = "dies"
description = "barrage serve that exits after 2 s"
endpoints = ["/hello", "/static/6b"]
protocols = ["h1"]
[requires]
binaries = ["barrage", "sh"]
[start]
command = ["sh", "-c", "{barrage} serve --listen {addr} --threads 1 & sleep 2; kill $!"]
[ready]
http_path = "/hello"
deadline = "10s"
"#,
    ),
    (
        "tls-only",
        r#"name = "tls-only"
description = "barrage serve over TLS only, with the lab's certificate"
endpoints = ["/hello"]
protocols = ["h2", "https"]
[start]
command = ["{barrage}", "serve", "--listen", "{host}:{tls_port}", "--cert", "{tls_cert}", "--key", "{tls_key}"]
"#,
    ),
    (
        "h2c-behind",
        r#"name = "h2c-behind"
description = "barrage serve on the backend port, reached through a forwarder on the port"
endpoints = ["/hello"]
protocols = ["h2c"]
[start]
command = ["sh", "-c", "{barrage} serve --listen {host}:{backend_port} & exec python3 {run_dir}/forward.py"]
[start.files]
"forward.py" = '''
import socket, threading
def pipe(a, b):
    try:
        while (data := a.recv(65536)):
            b.sendall(data)
    except OSError:
        pass
    finally:
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
listener = socket.create_server(("{host}", {port}))
while True:
    client, _ = listener.accept()
    backend = socket.create_connection(("{host}", {backend_port}))
    for a, b in ((client, backend), (backend, client)):
        threading.Thread(target=pipe, args=(a, b), daemon=True).start()
'''
"#,
    ),
    (
        "paced",
        r#"name = "paced"
description = "answers /hello one request at a time, each after COST_MS of waiting: at most 1000/COST_MS responses a second, the rest queued"
endpoints = ["/hello"]
protocols = ["h1"]
[vars]
COST_MS = "2"
[requires]
binaries = ["python3"]
[start]
command = ["python3", "{run_dir}/paced.py"]
[start.files]
"paced.py" = '''
import threading, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
COST = {COST_MS} / 1000.0
lock = threading.Lock()
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        with lock:
            time.sleep(COST)
        body = b"Hello World\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer.request_queue_size = 1024
ThreadingHTTPServer(("{host}", {port}), Handler).serve_forever()
'''
[ready]
http_path = "/hello"
deadline = "10s"
"#,
    ),
];

const QUICK: &str = r#"
name = "quick"
description = "two barrage serve variants, a wrong server, a dying server"
driver = "barrage"
duration = "1s"
warmup = "0s"
repeats = 2
[cores]
server = [1]
client = [0]
[load]
concurrency = [2, 8]
[quick]
duration = "1s"
warmup = "0s"
[[server]]
name = "target"
[server.variants]
THREADS = ["1", "2"]
[[server]]
name = "wrong"
[[server]]
name = "dies"
[[scenario]]
name = "static"
path = "/static/6b"
protocol = "h1"
"#;

#[test]
fn a_quick_suite_records_everything_and_reports_the_failures() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let lab = Lab::new("quick");
    let suite = lab.suite("quick", QUICK);
    let began = Instant::now();
    let out = lab.run(&suite, &["--quick", "--label", "pr-42 quick"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The dying server makes the run exit non-zero, after the others finished.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(began.elapsed() < Duration::from_secs(120));
    let (dir, r) = lab.results();
    assert_eq!(r["schema"], "barrage.run/1");
    assert_eq!(r["label"], "pr-42 quick", "--label is recorded");
    assert_eq!(r["complete"], true);
    assert!(r["environment"]["kernel"]
        .as_str()
        .is_some_and(|k| !k.is_empty()));
    let runs = r["runs"].as_array().unwrap();
    // --quick: one repeat; two variants × two levels of the good server.
    let good: Vec<&Value> = runs.iter().filter(|x| x["server"] == "target").collect();
    assert_eq!(good.len(), 4, "{runs:#?}");
    for x in &good {
        assert!(x["error"].is_null(), "{x:#?}");
        assert!(x["stats"]["responses"].as_u64().unwrap() > 0);
        assert!(
            x["report"]["histograms"]["latency_us"].is_string(),
            "the engine's full report is kept"
        );
        assert!(x["server_usage"]["samples"].as_array().is_some());
        assert!(
            x["listen_queue"]["drops"].is_u64(),
            "listen queue over the level"
        );
    }
    let servers = r["servers"].as_array().unwrap();
    let target = servers.iter().find(|s| s["server"] == "target").unwrap();
    assert_eq!(target["pinned_cpus"], serde_json::json!([1]), "{target:#?}");
    // The wrong server is skipped with the reason, not measured.
    let probe = r["probes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["server"] == "wrong")
        .unwrap();
    assert!(
        probe["invalid"]
            .as_str()
            .is_some_and(|w| w.contains("body")),
        "{probe:#?}"
    );
    assert!(!runs.iter().any(|x| x["server"] == "wrong"));
    // The dying server is marked failed with its log's tail.
    let dies = servers.iter().find(|s| s["server"] == "dies").unwrap();
    assert_eq!(dies["status"], "failed", "{dies:#?}");
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary.contains("| target THREADS=1 |") || summary.contains("THREADS=1"),
        "{summary}"
    );
    assert!(dir.join("logs").read_dir().unwrap().count() >= 3);
}

#[test]
fn ctrl_c_stops_every_server_and_keeps_the_partial_results() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let lab = Lab::new("sigint");
    let suite = lab.suite(
        "long",
        &QUICK
            .replace(
                "duration = \"1s\"\nwarmup = \"0s\"\nrepeats = 2",
                "duration = \"30s\"\nwarmup = \"0s\"\nrepeats = 1",
            )
            .replace("[[server]]\nname = \"wrong\"\n", "")
            .replace("[[server]]\nname = \"dies\"\n", ""),
    );
    let mut child = Command::new(BIN)
        .arg("run")
        .arg(&suite)
        .arg("--results")
        .arg(lab.dir.join("results"))
        .current_dir(&lab.dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until a level is under way: the first results.json exists and a server runs.
    let deadline = Instant::now() + Duration::from_secs(20);
    let server_pid = loop {
        assert!(Instant::now() < deadline, "no server started");
        if let Some(pid) = serve_pids(&lab.dir).first() {
            break *pid;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    std::thread::sleep(Duration::from_secs(2));
    // SAFETY: kill(2) on the pid of the child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let waited = Instant::now();
    let status = child.wait().unwrap();
    assert!(waited.elapsed() < Duration::from_secs(15), "stops promptly");
    assert_eq!(status.code(), Some(1));
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !Path::new(&format!("/proc/{server_pid}")).exists(),
        "the server it started is gone"
    );
    let (_, r) = lab.results();
    assert_eq!(r["interrupted"], true);
    assert_eq!(r["complete"], false);
}

/// Pids of `barrage serve` processes started from this lab's directory.
fn serve_pids(lab: &Path) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let cwd = std::fs::read_link(format!("/proc/{pid}/cwd")).unwrap_or_default();
        let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
        if cmd.contains(" serve ") && cwd.starts_with(lab) {
            pids.push(pid);
        }
    }
    pids
}

/// `{tls_cert}`/`{tls_key}` start a TLS-only server, `{backend_port}` a
/// backend behind a forwarder; readiness is checked in the protocol each
/// serves (h2 over TLS, h2c), not in HTTP/1.1.
#[test]
fn tls_and_backend_built_ins_and_readiness_in_the_served_protocol() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let lab = Lab::new("builtins");
    let suite = lab.suite(
        "builtins",
        r#"
duration = "1s"
warmup = "0s"
repeats = 1
[load]
concurrency = [2]
[[server]]
name = "tls-only"
[[server]]
name = "h2c-behind"
[[scenario]]
name = "h2"
path = "/hello"
protocol = "h2"
streams = 4
window_bits = 30
connection_window_bits = 30
[[scenario]]
name = "h2c"
path = "/hello"
protocol = "h2c"
"#,
    );
    let out = lab.run(&suite, &[]);
    let (_, results) = lab.results();
    let servers = results["servers"].as_array().unwrap();
    assert!(
        servers.iter().all(|s| s["status"] == "ok"),
        "{servers:#?}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let runs = results["runs"].as_array().unwrap();
    let ran: Vec<(&str, &str)> = runs
        .iter()
        .filter(|r| r["stats"]["responses"].as_u64() > Some(0) && r["error"].is_null())
        .map(|r| {
            (
                r["server"].as_str().unwrap(),
                r["scenario"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        ran,
        [("tls-only", "h2"), ("h2c-behind", "h2c")],
        "{runs:#?}"
    );
    let command = runs[0]["command"].as_str().unwrap();
    assert!(command.contains("-w 30 -W 30"), "{command}");
    let probes = results["probes"].as_array().unwrap();
    let invalid: Vec<_> = probes.iter().filter(|p| !p["invalid"].is_null()).collect();
    // Each server serves one of the two scenarios' protocols: the other is
    // skipped for it, with the reason.
    assert_eq!(invalid.len(), 2, "{probes:#?}");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn suite_file_errors_name_the_line_and_the_key() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let lab = Lab::new("errors");
    let bad = lab.suite(
        "bad",
        &QUICK.replace("protocol = \"h1\"", "protocol = \"quic\""),
    );
    let out = lab.run(&bad, &["--dry-run"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    let line_no = QUICK
        .lines()
        .position(|l| l.contains("protocol = \"h1\""))
        .unwrap()
        + 1;
    assert!(
        lines[0].contains(&format!("bad.toml:{line_no}")),
        "{stderr}"
    );
    assert!(lines[0].contains("protocol"), "{stderr}");
    let dry = lab.run(&lab.suite("ok", QUICK), &["--dry-run", "--quick"]);
    assert_eq!(
        dry.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&dry.stderr)
    );
    assert!(!String::from_utf8_lossy(&dry.stdout).is_empty());
}

/// Two variants of one server, one four times slower per request than the
/// other: the capacity search ranks them, with each one's capacity near
/// what it can serve (1000/COST_MS a second), over two repeats.
const CAPACITY: &str = r#"
name = "capacity"
description = "a capacity search over two variants of known capacity"
driver = "barrage"
duration = "1s"
warmup = "500ms"
timeout = "2s"
repeats = 2
[cores]
server = [1]
client = [0]
[load]
rate = [50]
connections = 20
[[server]]
name = "paced"
[server.variants]
COST_MS = ["8", "2"]
[[scenario]]
name = "hello-capacity"
path = "/hello"
search = { slo = "p99<=100ms", errors = "0.1%", min = 20, max = 1000, precision = "5%" }
"#;

#[test]
fn a_capacity_search_ranks_the_servers_and_writes_the_capacity_table() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let lab = Lab::new("capacity");
    let suite = lab.suite("capacity", CAPACITY);
    let out = lab.run(&suite, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let (dir, r) = lab.results();
    let runs = r["runs"].as_array().unwrap();
    assert_eq!(
        runs.len(),
        4,
        "one search per variant per repeat: {runs:#?}"
    );
    let capacity = |cost: &str| -> Vec<f64> {
        runs.iter()
            .filter(|x| {
                x["variant"]
                    .as_str()
                    .unwrap()
                    .contains(&format!("COST_MS={cost}"))
            })
            .map(|x| {
                assert!(x["error"].is_null(), "{x:#}");
                let search = &x["search"];
                assert_eq!(search["schema"], "barrage.search/1");
                assert_eq!(search["outcome"]["result"], "capacity", "{search:#}");
                search["outcome"]["rate"].as_f64().unwrap()
            })
            .collect()
    };
    let (slow, fast) = (capacity("8"), capacity("2"));
    assert_eq!((slow.len(), fast.len()), (2, 2));
    // At most 125/s and 500/s: the waits bound them from above. From
    // below, python's own time per request takes some, and more on a busy
    // machine (CI's two cores run other tests beside it), so the floor is
    // relative: the cheaper variant serves well above the dearer one (4× on
    // an idle machine; 2.2× even if each request spent 3 ms more in python).
    for c in &slow {
        assert!((20.0..=131.0).contains(c), "COST_MS=8: {slow:?}");
    }
    for c in &fast {
        assert!((20.0..=525.0).contains(c), "COST_MS=2: {fast:?}");
    }
    let median = |v: &[f64]| (v[0] + v[1]) / 2.0;
    assert!(
        median(&fast) >= 1.8 * median(&slow),
        "COST_MS=2 {fast:?} against COST_MS=8 {slow:?}"
    );
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    let table = summary
        .split("## Capacity: hello-capacity")
        .nth(1)
        .unwrap_or_else(|| panic!("no capacity table: {summary}"));
    let first = table.find("COST_MS=2").unwrap();
    let second = table.find("COST_MS=8").unwrap();
    assert!(first < second, "ranked: {table}");
    assert!(table.contains("| 1 | paced COST_MS=2 |"), "{table}");
    // The report: its capacity table with the median's interval, and the
    // two capacity charts with each variant's knee.
    let report = Command::new(BIN).arg("report").arg(&dir).output().unwrap();
    assert!(
        report.status.success(),
        "{}",
        String::from_utf8_lossy(&report.stderr)
    );
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("## Capacity: hello-capacity"), "{md}");
    assert!(
        md.contains("(50%)"),
        "two repeats: the extremes, 50% confidence: {md}"
    );
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    for id in [
        "capacity-hello-capacity-offered",
        "capacity-hello-capacity-p99",
    ] {
        assert!(html.contains(id), "no chart {id}");
    }
    assert!(html.contains("paced COST_MS=2 capacity"), "no knee");
    // compare: the capacities, one row per variant, two repeats a side.
    let compare = Command::new(BIN)
        .arg("compare")
        .arg(&dir)
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&compare.stdout);
    assert!(
        compare.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&compare.stderr)
    );
    let table = text
        .split("capacity: the highest rate within the objective")
        .nth(1)
        .unwrap_or_else(|| panic!("no capacity table: {text}"));
    for row in [
        "paced COST_MS=2 / hello-capacity / capacity",
        "paced COST_MS=8 / hello-capacity / capacity",
    ] {
        assert!(table.contains(row), "{row}: {table}");
    }
}

/// `suites/websocket.toml --quick` on barrage serve alone, its levels only
/// (`--levels 1`: no search): the echoes load, the results keep the
/// scenario's WebSocket keys, and summary.md and report.md count messages
/// and round trips. Then a server whose manifest does not declare ws: the
/// scenario is skipped with the reason, and the report says so.
#[test]
fn the_websocket_suite_runs_quick_and_a_server_without_ws_is_skipped() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let lab = Lab::new("ws");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(BIN)
        .arg("run")
        .arg(repo.join("suites/websocket.toml"))
        .args(["--quick", "--only", "barrage-target", "--levels", "1"])
        .arg("--results")
        .arg(lab.dir.join("results"))
        .current_dir(&repo)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (dir, r) = lab.results();
    let scenarios = r["suite"]["scenarios"].as_array().unwrap();
    assert_eq!(
        scenarios[1]["ws"],
        serde_json::json!({"mode": "echo", "message_bytes": 4096, "binary": true, "in_flight": 1})
    );
    let runs = r["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2, "{runs:#?}");
    for x in runs {
        assert!(x["error"].is_null(), "{x:#?}");
        assert!(x["stats"]["responses"].as_u64().unwrap() > 0, "{x:#?}");
        assert_eq!(x["report"]["spec"]["protocol"], "ws");
        assert!(x["report"]["ws"]["upgraded"].as_u64().unwrap() >= 100);
    }
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    let section = summary
        .split("\n## echo-4k (barrage)\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{summary}"));
    for table in ["### Median messages/s\n", "### Median p99.9 round trip\n"] {
        assert!(section.contains(table), "{table}: {summary}");
    }
    let report = Command::new(BIN).arg("report").arg(&dir).output().unwrap();
    assert!(report.status.success(), "{report:?}");
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("### Median p50 round trip"), "{md}");
    assert!(!md.contains("Errors / timeouts / non-2xx"), "{md}");

    // barrage serve without ws in its manifest: skipped, said so.
    let lab = Lab::new("ws-skip");
    let suite = lab.suite(
        "ws",
        "name = \"ws\"\nrepeats = 1\n[load]\nconcurrency = [4]\n[[server]]\nname = \"target\"\n[[scenario]]\nname = \"echo\"\nprotocol = \"ws\"\npath = \"/ws\"\n",
    );
    let out = lab.run(&suite, &["--quick"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (dir, r) = lab.results();
    assert_eq!(
        r["probes"][0]["invalid"], "target does not serve ws",
        "{r:#}"
    );
    assert_eq!(r["runs"].as_array().unwrap().len(), 0);
    let report = Command::new(BIN).arg("report").arg(&dir).output().unwrap();
    assert!(report.status.success(), "{report:?}");
    for file in ["report.md", "report.html", "summary.md"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.contains("target does not serve ws"), "{file}: {text}");
    }
}
