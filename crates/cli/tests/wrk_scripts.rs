//! wrk's Lua scripts under `barrage wrk -s` and `barrage load --script`.
//!
//! The scripts in tests/scripts/ are equivalents of wrk's documented
//! examples (a POST body, a path list in request(), per-thread state with
//! setup() and thread:get/set, response() counting, a done() report, a
//! 16-deep pipeline, a delay). Each runs under the real wrk and under the
//! dialect against nginx, whose access log says what each client sent:
//! methods, paths, body lengths and pipelining. done()'s output has the
//! same lines from both. Hostile scripts fail in one line.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::common;
use common::{nginx_binary, require, run, serial, Run, Server, TempDir, BIN};

fn script(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts")
        .join(name);
    p.display().to_string()
}

/// One line of nginx's access log: what one request was.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Seen {
    method: String,
    uri: String,
    /// The Content-Length header, "-" without one.
    length: String,
    /// nginx's `$pipe`: "p" when the request came pipelined behind another.
    pipelined: bool,
}

/// nginx: `/` and a few paths answer 200 "ok\n", `/missing` 404; every
/// request is logged as `method uri content-length pipe`.
fn nginx(dir: &TempDir) -> (Server, PathBuf) {
    let bin = nginx_binary();
    let addr = common::free_addr();
    let log = dir.path("access.log");
    let http = format!(
        "    log_format probe '$request_method $request_uri $content_length $pipe';
    access_log {} probe;
    keepalive_timeout 60s;
    default_type text/plain;
    server {{
        listen {addr};
        location / {{
            return 200 \"ok\\n\";
        }}
        location /missing {{
            return 404 \"no\\n\";
        }}
    }}",
        log.display()
    );
    (Server::nginx(&bin, &dir.0, addr, &http), log)
}

/// Empties the access log (nginx appends, so the next line lands at 0).
fn clear(log: &Path) {
    std::fs::OpenOptions::new()
        .write(true)
        .open(log)
        .and_then(|f| f.set_len(0))
        .expect("truncate the access log");
}

fn seen(log: &Path) -> Vec<Seen> {
    let text = std::fs::read_to_string(log).expect("the access log");
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 4, "access log line {l:?}");
            Seen {
                method: f[0].into(),
                uri: f[1].into(),
                length: f[2].into(),
                pipelined: f[3] == "p",
            }
        })
        .collect()
}

/// Runs `args` with the real wrk and with the dialect, each against a
/// cleared log: what nginx saw from each, and each run.
fn both(log: &Path, args: &[&str]) -> [(Vec<Seen>, Run); 2] {
    let mut out = Vec::new();
    for (tool, all) in [("wrk", args.to_vec()), (BIN, [&["wrk"][..], args].concat())] {
        clear(log);
        let r = run(tool, &all);
        assert_eq!(r.code, Some(0), "{tool} {all:?}: {r:?}");
        // nginx writes each line when the request ends; the last ones may
        // trail the client's exit by a moment.
        std::thread::sleep(Duration::from_millis(200));
        out.push((seen(log), r));
    }
    let b = out.pop().unwrap();
    let a = out.pop().unwrap();
    [a, b]
}

/// done()'s lines with every number replaced: the fields, not the figures.
fn shape(stdout: &str, from: &str) -> Vec<String> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with(from))
        .map(|l| {
            l.split(' ')
                .map(|w| {
                    let bare = w.trim_end_matches([',', ':']);
                    if bare.parse::<f64>().is_ok() {
                        "N"
                    } else {
                        w
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn distinct(s: &[Seen]) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = s
        .iter()
        .map(|x| (x.method.clone(), x.uri.clone(), x.length.clone()))
        .collect();
    v.sort();
    v.dedup();
    v
}

#[test]
#[ignore = "needs nginx and wrk (scripts/test.sh runs it)"]
fn the_requests_nginx_sees_match_the_real_wrk() {
    require("wrk");
    let _serial = serial();
    let dir = TempDir::new("wrk-scripts");
    let (server, log) = nginx(&dir);
    let url = server.url("/");
    let one = ["-t1", "-c1", "-d1s"];

    // A POST body and a header set at the top level.
    let post = script("post.lua");
    let [(a, ra), (b, rb)] = both(&log, &[&one[..], &["-s", &post, &url]].concat());
    let want = vec![("POST".to_string(), "/".to_string(), "24".to_string())];
    assert_eq!(distinct(&a), want, "{ra:?}");
    assert_eq!(distinct(&b), want, "{rb:?}");

    // A path list in request(): the same paths in the same order.
    let paths = script("paths.lua");
    let [(a, ra), (b, rb)] = both(&log, &[&one[..], &["-s", &paths, &url]].concat());
    assert!(a.len() >= 8 && b.len() >= 8, "{ra:?}\n{rb:?}");
    assert_eq!(a[..8], b[..8]);
    assert_eq!(distinct(&a), distinct(&b));
    assert_eq!(distinct(&b).len(), 4, "{b:?}");
    assert!(!b.iter().any(|s| s.pipelined));

    // 16 requests per write: 15 of each 16 come behind another.
    let pipeline = script("pipeline.lua");
    let [(a, ra), (b, rb)] = both(&log, &[&one[..], &["-s", &pipeline, &url, "16"]].concat());
    for (seen, r) in [(&a, &ra), (&b, &rb)] {
        assert!(seen.len() >= 160, "{r:?}");
        assert!(seen.iter().all(|s| s.uri == "/plaintext"), "{r:?}");
        let share = seen.iter().filter(|s| s.pipelined).count() as f64 / seen.len() as f64;
        assert!(
            (0.9..=0.95).contains(&share),
            "pipelined share {share}: {r:?}"
        );
    }

    // A 100 ms delay() between a connection's requests: about ten a second.
    let dir2 = TempDir::new("delay");
    let delay = dir2.file("delay.lua");
    std::fs::write(&delay, "function delay() return 100 end\n").unwrap();
    let [(a, ra), (b, rb)] = both(&log, &[&one[..], &["-s", &delay, &url]].concat());
    for (seen, r) in [(&a, &ra), (&b, &rb)] {
        assert!(
            (7..=12).contains(&seen.len()),
            "{} requests: {r:?}",
            seen.len()
        );
    }

    // Per-thread state, response() and done(): the same report lines.
    let threads = script("threads.lua");
    let two = ["-t2", "-c2", "-d1s"];
    let [(_, ra), (_, rb)] = both(&log, &[&two[..], &["-s", &threads, &url]].concat());
    let (sa, sb) = (shape(&ra.stdout, "thread "), shape(&rb.stdout, "thread "));
    assert_eq!(sa, ["thread N N requests, N ok, N other"; 2], "{ra:?}");
    assert_eq!(sa, sb, "{rb:?}");
    for line in rb.stdout.lines().filter(|l| l.starts_with("thread ")) {
        let n: Vec<u64> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        let (requests, ok, other) = (n[1], n[2], n[3]);
        assert!(ok > 100 && other == 0, "{line}");
        assert!(
            requests - ok <= 1,
            "at most one request in flight at the end: {line}"
        );
    }

    // A done() report: the same fields, and the figures are barrage's own.
    let report = script("report.lua");
    let json = dir.file("report.json");
    clear(&log);
    let rb = run(
        BIN,
        &[
            "wrk",
            "-t1",
            "-c2",
            "-d1s",
            "-s",
            &report,
            &url,
            "--barrage-json",
            &json,
        ],
    );
    assert_eq!(rb.code, Some(0), "{rb:?}");
    let ra = run("wrk", &["-t1", "-c2", "-d1s", "-s", &report, &url]);
    assert_eq!(
        shape(&ra.stdout, "requests "),
        shape(&rb.stdout, "requests "),
        "{ra:?}\n{rb:?}"
    );
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let line = |key: &str| -> String {
        rb.stdout
            .lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("no {key:?} line: {rb:?}"))
            .to_string()
    };
    assert_eq!(
        line("requests "),
        format!("requests {}", j["totals"]["responses"])
    );
    assert_eq!(
        line("latency p99 "),
        format!("latency p99 {}", j["latency_us"]["p99"])
    );
    assert_eq!(
        line("bytes "),
        format!("bytes {}", j["totals"]["bytes_read"])
    );
}

/// `barrage serve` for the runs that need no nginx.
fn serve() -> Server {
    Server::barrage(false)
}

fn write(dir: &TempDir, name: &str, text: &str) -> String {
    let path = dir.file(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn load_time_errors_are_one_line_before_any_connection() {
    let dir = TempDir::new("hostile");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let cases = [
        ("syntax.lua", "wrk.method = \n", "syntax.lua:"),
        (
            "setup.lua",
            "function setup(t)\n  t:set('f', print)\nend\n",
            "function",
        ),
        (
            "loop.lua",
            "function init(args)\n  while true do end\nend\n",
            "init()",
        ),
        // request() is called once before the run, as wrk does.
        ("number.lua", "function request() return 42 end\n", "number"),
        ("table.lua", "function request() return {} end\n", "table"),
        (
            "junk.lua",
            "function request() return 'hello' end\n",
            "HTTP/1",
        ),
        ("missing.lua", "", "cannot read"),
    ];
    for (name, text, says) in cases {
        let path = if name == "missing.lua" {
            dir.file("not-there.lua")
        } else {
            write(&dir, name, text)
        };
        for (tool, args) in [
            ("wrk", vec!["-d1s", "-s", &path, &url]),
            ("load", vec!["-d1s", "--script", &path, &url]),
        ] {
            let r = common::barrage(tool, &args);
            assert_eq!(r.code, Some(2), "{name} {tool}: {r:?}");
            assert_eq!(r.stderr.lines().count(), 1, "{name} {tool}: {r:?}");
            assert!(r.stderr.contains(says), "{name} {tool}: {r:?}");
            assert!(r.took < Duration::from_secs(20), "{name} {tool}: {r:?}");
        }
    }
    std::thread::sleep(Duration::from_millis(100));
    assert!(listener.accept().is_err(), "a failing script connected");
}

/// A run stopped by its script: exit 1, one error line, the results kept.
fn stopped_by(dir: &TempDir, name: &str, text: &str) -> (Run, Value) {
    let server = serve();
    let path = write(dir, name, text);
    let json = dir.file(&format!("{name}.json"));
    let url = server.url("/hello");
    let r = common::barrage(
        "load",
        &["-c1", "-d10s", "--json", &json, "--script", &path, &url],
    );
    assert_eq!(r.code, Some(1), "{r:?}");
    let errors: Vec<&str> = r.stderr.lines().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{r:?}");
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(j["stop_reason"], "script", "{r:?}");
    assert!(r.took < Duration::from_secs(8), "{r:?}");
    (r, j)
}

#[test]
fn a_failing_hook_stops_the_run_and_keeps_the_results() {
    let dir = TempDir::new("runtime");
    let (r, j) = stopped_by(
        &dir,
        "boom.lua",
        "local n = 0\nfunction request()\n  n = n + 1\n  if n > 200 then error('boom') end\n  return wrk.format()\nend\n",
    );
    let e = j["script_error"].as_str().unwrap();
    assert!(e.contains("boom.lua:4: boom"), "{e}");
    assert!(r.stderr.contains("boom.lua:4: boom"), "{r:?}");
    assert!(j["totals"]["responses"].as_u64().unwrap() >= 190, "{j}");

    let (_, j) = stopped_by(
        &dir,
        "spin.lua",
        "local n = 0\nfunction request()\n  n = n + 1\n  while n > 5 do end\n  return wrk.format()\nend\n",
    );
    let e = j["script_error"].as_str().unwrap();
    assert!(e.contains("request()") && e.contains("1s"), "{e}");
}

#[test]
fn load_script_runs_open_loop_at_the_intended_times() {
    let _serial = serial();
    let server = serve();
    let dir = TempDir::new("open");
    let json = dir.file("open.json");
    let url = server.url("/hello");
    let paths = write(
        &dir,
        "paths.lua",
        "local p = { '/hello', '/hello?x=1' }\nlocal i = 0\nfunction request()\n  i = i % 2 + 1\n  return wrk.format(nil, p[i])\nend\n",
    );
    let r = common::barrage(
        "load",
        &[
            "-R", "200", "-d2s", "-c4", "--json", &json, "--script", &paths, &url,
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let sent = j["totals"]["requests_sent"].as_u64().unwrap();
    assert!((390..=401).contains(&sent), "{sent} sent at 200/s for 2s");
    assert_eq!(j["totals"]["responses"].as_u64().unwrap(), sent);
    assert_eq!(j["open_loop"]["unsent"], 0);

    // delay() belongs to a closed loop: refused before any connection.
    let delay = write(&dir, "delay.lua", "function delay() return 1 end\n");
    let r = common::barrage("load", &["-R", "10", "-d1s", "--script", &delay, &url]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("delay()"), "{r:?}");
}

#[test]
fn a_settings_only_script_runs_over_http2_too() {
    let _serial = serial();
    let server = serve();
    let dir = TempDir::new("h2");
    let json = dir.file("h2.json");
    let url = server.url("/hello");
    let post = script("post.lua");
    let r = common::barrage(
        "load",
        &[
            "--h2c", "-c2", "-d1s", "--json", &json, "--script", &post, &url,
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert!(j["totals"]["responses"].as_u64().unwrap() > 100, "{j}");
    // A script with hooks makes HTTP/1 requests: refused over HTTP/2.
    let paths = script("paths.lua");
    let r = common::barrage("load", &["--h2c", "-d1s", "--script", &paths, &url]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("HTTP/1"), "{r:?}");
}

#[test]
fn find_max_and_json_to_stdout_with_a_script() {
    let _serial = serial();
    let server = serve();
    let url = server.url("/hello");
    // A settings-only script is every step's request.
    let post = script("post.lua");
    let args = [
        "--find-max",
        "--slo",
        "p99<=500ms",
        "--min-rate",
        "50",
        "--max-rate",
        "100",
        "-d1s",
        "--warmup",
        "200ms",
        "--script",
        &post,
        &url,
    ];
    let r = common::barrage("load", &args);
    assert_eq!(r.code, Some(0), "{r:?}");
    // Hooks would run anew in each step: refused before anything runs.
    let paths = script("paths.lua");
    let r = common::barrage(
        "load",
        &[
            "--find-max",
            "--slo",
            "p99<=500ms",
            "--script",
            &paths,
            &url,
        ],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr
            .contains("--find-max takes a script that only sets the request"),
        "{r:?}"
    );
    // With the JSON on standard output, done()'s lines go to standard error.
    let report = script("report.lua");
    let r = common::barrage(
        "load",
        &[
            "-c1", "-d1s", "-q", "--json", "-", "--script", &report, &url,
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let j: Value = serde_json::from_str(&r.stdout).expect("only the JSON on stdout");
    let requests = format!("requests {}", j["totals"]["responses"]);
    assert!(r.stderr.lines().any(|l| l == requests), "{r:?}");
}
