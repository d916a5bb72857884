//! Helpers shared by the cli's integration tests: temp directories, free
//! ports, server processes killed on drop (`barrage serve`, nginx), external
//! tools required by the `#[ignore = "needs …"]` tests (a failure that says
//! what to install when one is missing), and commands run with a deadline.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Read;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_barrage");
/// No command of these tests should take nearly this long.
pub const DEADLINE: Duration = Duration::from_secs(90);
/// How long a server may take to listen.
const READY: Duration = Duration::from_secs(20);

/// A test's exclusive turn on the machine.
pub type Turn = RwLockWriteGuard<'static, ()>;

/// One load at a time: the machine may have two cores only. Every test in
/// this binary that measures takes it (`barrage_testkit::turn`).
pub fn serial() -> Turn {
    barrage_testkit::turn::exclusive()
}

/// A turn beside other `shared` tests (servers and loads written to overlap
/// one another), never beside a `serial` one.
pub fn shared() -> RwLockReadGuard<'static, ()> {
    barrage_testkit::turn::shared()
}

/// A fresh directory, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir = std::env::temp_dir().join(format!(
            "barrage-{}-{tag}-{}-{nanos}-{}",
            env!("CARGO_CRATE_NAME"),
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create a temp dir");
        TempDir(dir)
    }

    pub fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }

    /// [`TempDir::path`] as a string.
    pub fn file(&self, file: &str) -> String {
        self.path(file).to_str().expect("UTF-8 path").to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn free_addr() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
}

/// What a finished command printed.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub took: Duration,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?} after {:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.took, self.stdout, self.stderr
        )
    }
}

/// Runs `program ARGS`, killing it if it outlives [`DEADLINE`].
pub fn run<S: AsRef<OsStr>>(program: impl AsRef<OsStr>, args: &[S]) -> Run {
    let program = program.as_ref();
    let shown: Vec<&OsStr> = args.iter().map(AsRef::as_ref).collect();
    let began = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program:?}: {e}"));
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out: Output = match rx.recv_timeout(DEADLINE) {
        Ok(out) => out.expect("wait for the child"),
        Err(_) => {
            // SAFETY: kill(2) on the pid of the child this test started.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
            panic!("{program:?} {shown:?} still running after {DEADLINE:?}");
        }
    };
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        took: began.elapsed(),
    }
}

/// `barrage SUBCOMMAND ARGS`, as [`run`].
pub fn barrage<S: AsRef<OsStr>>(subcommand: &str, args: &[S]) -> Run {
    let mut all = vec![subcommand.as_ref()];
    all.extend(args.iter().map(AsRef::as_ref));
    run(BIN, &all)
}

/// `tool` on PATH.
pub fn on_path(tool: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(tool))
        .find(|p| p.is_file())
}

/// The nginx named by `BARRAGE_NGINX`, for the tests marked
/// `#[ignore = "needs nginx…"]` (scripts/test.sh sets it and runs them).
pub fn nginx_binary() -> String {
    match std::env::var("BARRAGE_NGINX") {
        Ok(bin) if !bin.is_empty() => bin,
        _ => panic!(
            "needs nginx: BARRAGE_NGINX is not set (scripts/test.sh finds nginx and sets it)"
        ),
    }
}

/// A tool an ignored (`needs …`) test cannot do without: its path, or a
/// failure that says what to install.
pub fn require(tool: &str) -> PathBuf {
    on_path(tool)
        .unwrap_or_else(|| panic!("needs {tool}: not on PATH (scripts/setup.sh installs it)"))
}

/// A server process, killed on drop; its output goes to a log shown if it
/// exits or never listens.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    what: String,
    logs: TempDir,
}

impl Server {
    /// Starts `cmd` and waits until it listens on `addr`.
    pub fn spawn(mut cmd: Command, addr: SocketAddr) -> Server {
        let logs = TempDir::new("server");
        let log = std::fs::File::create(logs.path("server.log")).expect("a server log");
        let what = format!("{cmd:?}");
        let child = cmd
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
        let mut server = Server {
            child,
            addr,
            what,
            logs,
        };
        server.wait_for(addr);
        server
    }

    /// Waits until the server listens on `addr` too.
    pub fn wait_for(&mut self, addr: SocketAddr) {
        let until = Instant::now() + READY;
        while TcpStream::connect(addr).is_err() {
            let log = || std::fs::read_to_string(self.logs.path("server.log")).unwrap_or_default();
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "{} exited ({status}) before listening on {addr}: {}",
                    self.what,
                    log()
                );
            }
            assert!(
                Instant::now() < until,
                "{} never listened on {addr}: {}",
                self.what,
                log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// `barrage serve`, one thread, on a free port; HTTPS with a
    /// self-signed certificate with `tls`.
    pub fn barrage(tls: bool) -> Server {
        let addr = free_addr();
        let mut cmd = Command::new(BIN);
        cmd.args(["serve", "--listen", &addr.to_string(), "--threads", "1"]);
        if tls {
            cmd.arg("--tls");
        }
        Server::spawn(cmd, addr)
    }

    /// nginx (`bin`), one worker, its files in `dir`: the `http` block holds
    /// the temp paths, `keepalive_requests 1000000` and then `http` (which
    /// sets `access_log` and the servers, one listening on `addr`).
    pub fn nginx(bin: &str, dir: &Path, addr: SocketAddr, http: &str) -> Server {
        let d = dir.display();
        let conf = format!(
            "daemon off;
master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    keepalive_requests 1000000;
{http}
}}
"
        );
        let path = dir.join("nginx.conf");
        std::fs::write(&path, conf).expect("write nginx.conf");
        let mut cmd = Command::new(bin);
        cmd.arg("-p")
            .arg(dir)
            .arg("-e")
            .arg(dir.join("error.log"))
            .arg("-c")
            .arg(&path);
        Server::spawn(cmd, addr)
    }

    /// `http://ADDR/PATH`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `command` (a `barrage run`) with its output in `log`: SIGINT (so
/// the lab stops its servers) if it outlives `deadline`, a kill 10 s later,
/// and the test fails naming `what`, with the log.
pub fn run_logged(command: &mut Command, log: &Path, deadline: Duration, what: &str) -> ExitStatus {
    let out = std::fs::File::create(log).unwrap();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .expect("run barrage run");
    let began = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if began.elapsed() > deadline {
            // SAFETY: kill(2) on the pid of the child this test started.
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
            std::thread::sleep(Duration::from_secs(10));
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{what} still running after {deadline:?}:\n{}",
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The one results directory under `root` (beside the lab's build cache)
/// and its results.json.
pub fn one_results(root: &Path) -> (PathBuf, serde_json::Value) {
    let dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.ends_with(".build-cache"))
        .collect();
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    let text = std::fs::read_to_string(dirs[0].join("results.json")).unwrap();
    (dirs[0].clone(), serde_json::from_str(&text).unwrap())
}

/// What a finished `barrage load` printed, and its peak resident memory.
pub struct Finished {
    pub run: Run,
    pub max_rss_kib: u64,
}

/// `barrage load ARGS`, killed (and the test failed) if it outlives `deadline`.
pub fn load_measured(args: &[&str], deadline: Duration) -> Finished {
    measured("load", args, deadline)
}

/// `barrage SUBCOMMAND ARGS`, its peak memory sampled; killed (and the test failed) if it
/// outlives `deadline`.
// The child is reaped by wait4(2), so that it can be sampled to its end; `Child::wait` cannot.
#[allow(clippy::zombie_processes)]
pub fn measured(subcommand: &str, args: &[&str], deadline: Duration) -> Finished {
    let began = Instant::now();
    let mut child = Command::new(BIN)
        .arg(subcommand)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run barrage");
    let pid = child.id() as libc::pid_t;
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let (status, max_rss_kib, overran) = wait_with_deadline(pid, began + deadline);
    let run = Run {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        took: began.elapsed(),
    };
    assert!(
        !overran,
        "barrage {subcommand} {args:?} ran past {deadline:?}: {run:?}"
    );
    assert!(!run.stderr.contains("panicked"), "{args:?}: {run:?}");
    Finished { run, max_rss_kib }
}

/// Waits for `pid` until `until`, killing it then; its wait status, its peak resident memory
/// (KiB) and whether it had to be killed.
///
/// The peak is the child's own `VmHWM` from /proc, sampled every 10 ms while it runs (the
/// high-water mark only grows, so the last sample is the peak but for its last 10 ms). wait4's
/// `ru_maxrss` is not it: exec records the forking process's resident set in the child's
/// maximum, so it counts this test process. Only a child too quick to be sampled falls back
/// to it (an overestimate).
fn wait_with_deadline(pid: libc::pid_t, until: Instant) -> (libc::c_int, u64, bool) {
    let mut overran = false;
    let mut hwm_kib = None;
    loop {
        if let Some(kib) = vm_hwm_kib(pid) {
            hwm_kib = Some(kib);
        }
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value of the plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if overran { 0 } else { libc::WNOHANG };
        // SAFETY: wait4 on the pid of the child this test started, with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            return (status, hwm_kib.unwrap_or(usage.ru_maxrss as u64), overran);
        }
        assert!(r == 0, "wait4: {}", std::io::Error::last_os_error());
        if Instant::now() >= until {
            // SAFETY: kill(2) on the pid of the child this test started (not yet reaped).
            unsafe { libc::kill(pid, libc::SIGKILL) };
            overran = true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `VmHWM:` of /proc/PID/status (KiB): the process's peak resident memory so far.
fn vm_hwm_kib(pid: libc::pid_t) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
