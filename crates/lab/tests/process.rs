//! The lifecycle of real processes: start, readiness, pinning, stop, Drop,
//! builds and versions (the monitors: tests/monitor.rs). Every server binds
//! 127.0.0.1; every wait has a deadline.

use std::collections::BTreeMap;
use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use barrage_lab::manifest::{Build, Ready, ReadyCheck, Requires, ServerSpec, Start};
use barrage_lab::process::{
    build, check_requires, cpu_affinity, tree_pids, version, BuildOutcome, ServerProcess,
    StartConfig,
};
use barrage_lab::suite::Variant;

/// A directory under the system's temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("barrage-lab-{}-{name}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn spec(dir: &Path, command: &[&str]) -> ServerSpec {
    ServerSpec {
        database_pool: None,
        warmup: Default::default(),
        vars: BTreeMap::new(),
        name: "test-server".to_string(),
        description: String::new(),
        dir: dir.to_path_buf(),
        build: None,
        start: Start {
            command: strings(command),
            env: BTreeMap::new(),
            cwd: None,
            files: BTreeMap::new(),
        },
        ready: Ready {
            check: ReadyCheck::HttpPath("/".to_string()),
            deadline: Duration::from_secs(10),
        },
        version: None,
        endpoints: Vec::new(),
        protocols: Vec::new(),
        workloads: Vec::new(),
        requires: Requires::default(),
        unavailable: None,
        missing_headers: Vec::new(),
    }
}

fn variant(vars: &[(&str, &str)]) -> Variant {
    Variant {
        cores: None,
        label: "test".to_string(),
        vars: vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

fn start(spec: &ServerSpec, variant: &Variant, port: u16, cores: &[usize]) -> ServerProcess {
    try_start(spec, variant, port, cores).unwrap()
}

fn try_start(
    spec: &ServerSpec,
    variant: &Variant,
    port: u16,
    cores: &[usize],
) -> Result<ServerProcess, String> {
    ServerProcess::start(&StartConfig {
        spec,
        variant,
        host: "127.0.0.1",
        port,
        tls_port: 0,
        backend_port: 0,
        cores,
        run_dir: &spec.dir.join("run"),
        log: &spec.dir.join("server.log"),
        barrage: Path::new("/bin/true"),
        die_with_starter: false,
    })
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The process exists and is not a zombie.
fn running(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            Some(
                stat[stat.rfind(')')? + 1..]
                    .trim_start()
                    .starts_with(|c| c != 'Z'),
            )
        })
        .unwrap_or(false)
}

fn comm(pid: u32) -> String {
    fs::read_to_string(format!("/proc/{pid}/comm"))
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// Polls `done` every 10 ms until it holds or `limit` passes.
fn eventually(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if done() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn ready_works_against_a_python_http_server() {
    let dir = TempDir::new("ready");
    fs::write(dir.path().join("index.html"), "hello").unwrap();
    let spec = spec(
        dir.path(),
        &["python3", "-m", "http.server", "--bind", "{host}", "{port}"],
    );
    let mut server = start(&spec, &variant(&[]), free_port(), &[]);
    let took = server.wait_ready(None).unwrap_or_else(|e| panic!("{e}"));
    assert!(took < Duration::from_secs(10));
    assert!(server.alive());
    let stopped = server.stop(Duration::from_secs(5));
    assert!(!stopped.killed, "{stopped:?}");
    assert_eq!(stopped.signal, Some(libc::SIGTERM), "{stopped:?}");
    assert_eq!(
        serde_json::to_string(&stopped).unwrap(),
        r#"{"exit":null,"signal":15,"killed":false}"#
    );
}

#[test]
fn ready_fails_with_the_log_tail_when_the_server_exits() {
    let dir = TempDir::new("exits");
    let spec = spec(
        dir.path(),
        &[
            "sh",
            "-c",
            "echo starting; echo 'cannot bind: marker-42' >&2; exit 3",
        ],
    );
    let mut server = start(&spec, &variant(&[]), free_port(), &[]);
    let began = Instant::now();
    let error = server.wait_ready(None).unwrap_err();
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "it waited for the deadline"
    );
    assert!(error.contains("test-server exited"), "{error}");
    assert!(error.contains("exit status: 3"), "{error}");
    assert!(
        error.contains("starting\ncannot bind: marker-42"),
        "{error}"
    );
    assert!(!server.alive());
    assert_eq!(server.log_tail(1), "cannot bind: marker-42");
    assert_eq!(server.stop(Duration::from_secs(1)).exit, Some(3));
}

#[test]
fn ready_fails_at_the_deadline_when_nothing_listens() {
    let dir = TempDir::new("deadline");
    let spec = spec(
        dir.path(),
        &["sh", "-c", "echo waiting-for-nothing; exec sleep 100"],
    );
    let mut server = start(&spec, &variant(&[]), free_port(), &[]);
    let began = Instant::now();
    let error = server
        .wait_ready(Some(Duration::from_millis(300)))
        .unwrap_err();
    let took = began.elapsed();
    assert!(
        took >= Duration::from_millis(300) && took < Duration::from_secs(3),
        "{took:?}"
    );
    assert!(error.contains("not ready after 300ms"), "{error}");
    assert!(error.contains("connect 127.0.0.1:"), "{error}");
    assert!(error.contains("waiting-for-nothing"), "{error}");
}

#[test]
fn ready_needs_a_status_below_500() {
    let dir = TempDir::new("503");
    let mut spec = spec(
        dir.path(),
        &["python3", "{run_dir}/serve.py", "{host}", "{port}"],
    );
    let script = "\
import http.server, sys
class Unavailable(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(503)
        self.send_header('Content-Length', '0')
        self.end_headers()
http.server.HTTPServer((sys.argv[1], int(sys.argv[2])), Unavailable).serve_forever()
";
    spec.start
        .files
        .insert("serve.py".to_string(), script.to_string());
    let mut server = start(&spec, &variant(&[]), free_port(), &[]);
    let error = server.wait_ready(Some(Duration::from_secs(3))).unwrap_err();
    assert!(error.contains("GET / answered 503"), "{error}");
    // `[ready] tcp = true`: the connect alone makes it ready.
    spec.ready.check = ReadyCheck::Tcp;
    let mut server = start(&spec, &variant(&[]), free_port(), &[]);
    server
        .wait_ready(Some(Duration::from_secs(10)))
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn start_substitutes_variables_and_writes_files() {
    let dir = TempDir::new("substitute");
    let mut spec = spec(
        dir.path(),
        &[
            "sh",
            "-c",
            "echo \"$GOMAXPROCS $GREETING $(pwd)\" > out.txt; exec sleep 100",
            "{barrage}",
        ],
    );
    spec.start
        .env
        .insert("GREETING".to_string(), "hi-{port}-{GOMAXPROCS}".to_string());
    spec.start.cwd = Some("{run_dir}".to_string());
    spec.start.files.insert(
        "conf/app.conf".to_string(),
        "listen {addr}; root {dir}; {{literal}}".to_string(),
    );
    let port = free_port();
    let server = start(&spec, &variant(&[("GOMAXPROCS", "3")]), port, &[]);
    let run = dir.path().join("run");
    let conf = fs::read_to_string(run.join("conf/app.conf")).unwrap();
    assert_eq!(
        conf,
        format!(
            "listen 127.0.0.1:{port}; root {}; {{literal}}",
            dir.path().display()
        )
    );
    let out = run.join("out.txt");
    assert!(eventually(Duration::from_secs(5), || fs::read_to_string(
        &out
    )
    .is_ok_and(|s| s.ends_with('\n'))));
    assert_eq!(
        fs::read_to_string(&out).unwrap().trim(),
        format!("3 hi-{port}-3 {}", run.display())
    );
    server.stop(Duration::from_secs(1));
}

#[test]
fn start_reports_an_unknown_variable_and_a_missing_program() {
    let dir = TempDir::new("bad-start");
    let error = try_start(
        &spec(dir.path(), &["sleep", "{nope}"]),
        &variant(&[]),
        1,
        &[],
    )
    .err()
    .unwrap();
    assert!(
        error.contains("test-server: start.command") && error.contains("{nope}"),
        "{error}"
    );
    let error = try_start(
        &spec(dir.path(), &["no-such-binary-x7"]),
        &variant(&[]),
        1,
        &[],
    )
    .err()
    .unwrap();
    assert!(
        error.contains("cannot start \"no-such-binary-x7\""),
        "{error}"
    );
}

#[test]
fn pinning_reaches_the_process_and_its_children() {
    let dir = TempDir::new("pin");
    let spec = spec(dir.path(), &["sh", "-c", "sleep 100 & wait"]);
    let server = start(&spec, &variant(&[]), free_port(), &[0]);
    let root = server.pid();
    assert!(
        eventually(Duration::from_secs(5), || tree_pids(root).len() == 2),
        "{:?}",
        tree_pids(root)
    );
    let child = tree_pids(root)[1];
    assert_eq!(cpu_affinity(root).unwrap(), vec![0]);
    assert_eq!(cpu_affinity(child).unwrap(), vec![0]);

    // A process that widens its own affinity is pinned again by pin_tree.
    let all_cores = cpu_affinity(std::process::id()).unwrap();
    if all_cores.len() > 1 {
        // SAFETY: a zeroed cpu_set_t is the empty set; CPU_SET indexes are below CPU_SETSIZE.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        for &core in &all_cores {
            unsafe { libc::CPU_SET(core, &mut set) };
        }
        // SAFETY: `set` is a valid cpu_set_t of the size passed.
        let rc = unsafe {
            libc::sched_setaffinity(child as i32, std::mem::size_of::<libc::cpu_set_t>(), &set)
        };
        assert_eq!(rc, 0);
        assert_eq!(cpu_affinity(child).unwrap(), all_cores);
    }
    assert_eq!(server.pin_tree().unwrap(), 2);
    assert_eq!(cpu_affinity(child).unwrap(), vec![0]);
    server.stop(Duration::from_secs(2));
}

#[test]
fn unpinned_servers_keep_our_affinity() {
    let dir = TempDir::new("unpinned");
    let server = start(
        &spec(dir.path(), &["sleep", "100"]),
        &variant(&[]),
        free_port(),
        &[],
    );
    assert_eq!(
        cpu_affinity(server.pid()).unwrap(),
        cpu_affinity(std::process::id()).unwrap()
    );
    assert_eq!(server.pin_tree().unwrap(), 0);
}

#[test]
fn stop_sends_sigterm_to_the_group() {
    let dir = TempDir::new("stop");
    let server = start(
        &spec(dir.path(), &["sh", "-c", "sleep 100 & wait"]),
        &variant(&[]),
        free_port(),
        &[],
    );
    let root = server.pid();
    assert!(eventually(Duration::from_secs(5), || tree_pids(root).len() == 2));
    let tree = tree_pids(root);
    let began = Instant::now();
    let stopped = server.stop(Duration::from_secs(5));
    assert!(began.elapsed() < Duration::from_secs(3));
    assert!(!stopped.killed);
    assert_eq!((stopped.exit, stopped.signal), (None, Some(libc::SIGTERM)));
    assert!(
        tree.iter().all(|&pid| !running(pid)),
        "{tree:?} left behind"
    );
}

#[test]
fn stop_kills_a_server_that_ignores_sigterm_after_the_grace_period() {
    let dir = TempDir::new("ignore-term");
    let spec = spec(dir.path(), &["sh", "-c", "trap '' TERM; sleep 100 & wait"]);
    let server = start(&spec, &variant(&[]), free_port(), &[]);
    let root = server.pid();
    assert!(eventually(Duration::from_secs(5), || tree_pids(root).len() == 2));
    let tree = tree_pids(root);
    let began = Instant::now();
    let stopped = server.stop(Duration::from_millis(300));
    let took = began.elapsed();
    assert!(
        took >= Duration::from_millis(300) && took < Duration::from_secs(3),
        "{took:?}"
    );
    assert!(stopped.killed);
    assert_eq!(stopped.signal, Some(libc::SIGKILL));
    assert!(
        tree.iter().all(|&pid| !running(pid)),
        "{tree:?} left behind"
    );
}

#[test]
fn drop_kills_the_group() {
    let dir = TempDir::new("drop");
    let server = start(
        &spec(dir.path(), &["sh", "-c", "sleep 100 & wait"]),
        &variant(&[]),
        free_port(),
        &[],
    );
    let root = server.pid();
    assert!(eventually(Duration::from_secs(5), || tree_pids(root).len() == 2));
    let tree = tree_pids(root);
    drop(server);
    assert!(
        tree.iter().all(|&pid| !running(pid)),
        "{tree:?} left behind"
    );
}

#[test]
fn tree_pids_finds_a_grandchild() {
    let dir = TempDir::new("tree");
    let server = start(
        &spec(dir.path(), &["sh", "-c", "(sleep 100; true) & wait"]),
        &variant(&[]),
        free_port(),
        &[],
    );
    let root = server.pid();
    let grandchild = || {
        tree_pids(root)
            .into_iter()
            .skip(2)
            .find(|&pid| comm(pid) == "sleep")
    };
    assert!(
        eventually(Duration::from_secs(5), || grandchild().is_some()),
        "{:?}",
        tree_pids(root)
    );
    let tree = tree_pids(root);
    assert_eq!(tree.len(), 3, "{tree:?}");
    assert_eq!(tree[0], root);
    assert!(tree_pids(tree[1]).contains(&tree[2]));
    server.stop(Duration::from_secs(2));
}

#[test]
fn build_is_cached_until_a_source_changes() {
    let dir = TempDir::new("build");
    fs::write(dir.path().join("main.c"), "v1").unwrap();
    fs::create_dir_all(dir.path().join("src/deep")).unwrap();
    fs::write(dir.path().join("src/deep/a.c"), "a").unwrap();
    let mut spec = spec(dir.path(), &["true"]);
    spec.build = Some(Build {
        command: strings(&[
            "sh",
            "-c",
            "echo built >> {dir}/count.txt; echo compiling {GOOS}",
        ]),
        sources: strings(&["main.c", "src"]),
    });
    let vars: BTreeMap<String, String> = [("GOOS".to_string(), "linux".to_string())].into();
    let cache = dir.path().join("cache");
    let log = dir.path().join("logs/build.log");
    let builds = || {
        fs::read_to_string(dir.path().join("count.txt"))
            .unwrap_or_default()
            .lines()
            .count()
    };
    let run = || build(&spec, &vars, &cache, &log).unwrap_or_else(|e| panic!("{e}"));

    assert!(matches!(run(), BuildOutcome::Built { .. }));
    assert_eq!(run(), BuildOutcome::Cached);
    assert_eq!(builds(), 1);
    assert!(fs::read_to_string(&log)
        .unwrap()
        .contains("compiling linux"));

    fs::write(dir.path().join("main.c"), "v2").unwrap();
    assert!(matches!(run(), BuildOutcome::Built { .. }));
    assert_eq!(run(), BuildOutcome::Cached);
    fs::write(dir.path().join("src/deep/b.c"), "b").unwrap();
    assert!(matches!(run(), BuildOutcome::Built { .. }));
    assert_eq!(run(), BuildOutcome::Cached);
    assert_eq!(builds(), 3);

    // A different command is a different build.
    let mut other = vars.clone();
    other.insert("GOOS".to_string(), "plan9".to_string());
    assert!(matches!(
        build(&spec, &other, &cache, &log),
        Ok(BuildOutcome::Built { .. })
    ));

    spec.build = None;
    assert_eq!(build(&spec, &vars, &cache, &log), Ok(BuildOutcome::NoBuild));
}

/// A build that writes build/ runs again once build/ is deleted.
#[test]
fn deleting_build_dir_rebuilds() {
    let dir = TempDir::new("build-dir");
    fs::write(dir.path().join("main.c"), "v1").unwrap();
    let mut spec = spec(dir.path(), &["true"]);
    spec.build = Some(Build {
        command: strings(&[
            "sh",
            "-c",
            "mkdir -p {dir}/build && echo x >> {dir}/count.txt",
        ]),
        sources: strings(&["main.c"]),
    });
    let vars = BTreeMap::new();
    let cache = dir.path().join("cache");
    let log = dir.path().join("build.log");
    let run = || build(&spec, &vars, &cache, &log).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(run(), BuildOutcome::Built { .. }));
    assert_eq!(run(), BuildOutcome::Cached);
    fs::remove_dir_all(dir.path().join("build")).unwrap();
    assert!(matches!(run(), BuildOutcome::Built { .. }));
    assert_eq!(run(), BuildOutcome::Cached);
    let count = fs::read_to_string(dir.path().join("count.txt")).unwrap();
    assert_eq!(count.lines().count(), 2);
}

#[test]
fn build_failures_quote_the_log() {
    let dir = TempDir::new("build-fails");
    fs::write(dir.path().join("main.c"), "v1").unwrap();
    let mut spec = spec(dir.path(), &["true"]);
    spec.build = Some(Build {
        command: strings(&["sh", "-c", "echo 'main.c:1: error: marker-77' >&2; exit 2"]),
        sources: strings(&["main.c"]),
    });
    let cache = dir.path().join("cache");
    let log = dir.path().join("build.log");
    let error = build(&spec, &BTreeMap::new(), &cache, &log).unwrap_err();
    assert!(
        error.contains("test-server: build failed (exit status: 2)"),
        "{error}"
    );
    assert!(error.contains("main.c:1: error: marker-77"), "{error}");
    // A failed build is not cached.
    assert!(build(&spec, &BTreeMap::new(), &cache, &log).is_err());

    spec.build.as_mut().unwrap().sources = strings(&["missing.c"]);
    let error = build(&spec, &BTreeMap::new(), &cache, &log).unwrap_err();
    assert!(error.contains("build source missing.c"), "{error}");
}

#[test]
fn version_is_the_first_line_printed() {
    let dir = TempDir::new("version");
    let mut spec = spec(dir.path(), &["true"]);
    let vars = BTreeMap::new();
    assert_eq!(version(&spec, &vars), None);
    spec.version = Some(strings(&[
        "sh",
        "-c",
        "echo; echo '  srv 1.2.3 '; echo more",
    ]));
    assert_eq!(version(&spec, &vars).as_deref(), Some("srv 1.2.3"));
    // nginx -v prints to stderr.
    spec.version = Some(strings(&[
        "sh",
        "-c",
        "echo 'nginx version: nginx/1.24.0' >&2",
    ]));
    assert_eq!(
        version(&spec, &vars).as_deref(),
        Some("nginx version: nginx/1.24.0")
    );
    spec.version = Some(strings(&["sh", "-c", "echo {dir}"]));
    assert_eq!(
        version(&spec, &vars),
        Some(dir.path().display().to_string())
    );
    spec.version = Some(strings(&["no-such-binary-x7", "--version"]));
    assert_eq!(version(&spec, &vars), None);
}

#[test]
fn check_requires_names_what_is_missing() {
    let dir = TempDir::new("requires");
    let mut spec = spec(dir.path(), &["true"]);
    let barrage = Path::new("/bin/sh");
    spec.requires = Requires {
        binaries: strings(&["sh", "barrage"]),
        packages: Vec::new(),
    };
    assert_eq!(check_requires(&spec, barrage), Ok(()));
    let error = check_requires(&spec, Path::new("/nonexistent/barrage")).unwrap_err();
    assert!(error.contains("test-server: barrage not found"), "{error}");

    spec.requires = Requires {
        binaries: strings(&["sh", "no-such-server-x7", "h2o-x7"]),
        packages: strings(&["nginx", "h2o"]),
    };
    let error = check_requires(&spec, barrage).unwrap_err();
    assert!(
        error.starts_with("test-server: no-such-server-x7, h2o-x7 not found"),
        "{error}"
    );
    assert!(
        error.ends_with("install: sudo apt-get install nginx h2o"),
        "{error}"
    );
}

/// The suite's database reaches the server: `DATABASE_URL` and
/// `DATABASE_POOL` in its environment and `{database_url}`,
/// `{database_pool}` in its templates; without a service, neither
/// variable is set and the templates are empty.
#[test]
fn the_database_url_and_pool_reach_the_server() {
    let dir = TempDir::new("database");
    let line = "echo \"env=$DATABASE_URL|${{DATABASE_POOL-unset}} vars={database_url}|{database_pool}\"; exit 3";
    let mut spec = spec(dir.path(), &["sh", "-c", line]);
    spec.database_pool = Some(12);
    let url = "postgres://benchmarkdbuser:benchmarkdbpass@127.0.0.1:5432/hello_world";
    let with = variant(&[("database_url", url)]);
    let mut server = start(&spec, &with, free_port(), &[]);
    let error = server.wait_ready(None).unwrap_err();
    assert!(
        error.contains(&format!("env={url}|12 vars={url}|12")),
        "{error}"
    );
    server.stop(Duration::from_secs(1));
    spec.database_pool = None;
    let mut server = start(&spec, &variant(&[]), free_port(), &[]);
    let error = server.wait_ready(None).unwrap_err();
    assert!(error.contains("env=|unset vars=|"), "{error}");
    server.stop(Duration::from_secs(1));
}
