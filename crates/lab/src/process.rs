//! The lifecycle of a server under test: start in its own process group
//! pinned to its cores, readiness, stop (SIGTERM, then SIGKILL after a grace
//! period), and a registry of every group started so that Ctrl-C leaves none
//! behind. Before a start: requirements, build and version (prepare.rs);
//! the process tree and CPU affinity (tree.rs).
//!
//! Linux only: it reads /proc and calls sched_setaffinity. It owns no
//! measurement (monitor.rs) and no decision about what to run (the runner).

mod prepare;
mod tree;

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::manifest::{substitute, Ready, ReadyCheck, ServerSpec};
use crate::suite::{Scenario, Variant, Wire};

pub use prepare::{build, check_requires, version, BuildOutcome};
pub use tree::{cpu_affinity, tree_pids};
use tree::{cpu_set, group_members, set_affinity};
pub(crate) use tree::{read_stat, tree_pids_by_children};

/// Lines of a server's log quoted in error messages.
const LOG_TAIL_LINES: usize = 20;
/// How long a group has to disappear after SIGKILL before we stop waiting.
const KILL_WAIT: Duration = Duration::from_secs(5);
/// Polling period while waiting for processes to exit or a port to answer.
const POLL: Duration = Duration::from_millis(20);

/// Everything needed to start one variant of one server.
pub struct StartConfig<'a> {
    pub spec: &'a ServerSpec,
    pub variant: &'a Variant,
    /// Address to listen on (`{host}`); the lab always passes 127.0.0.1.
    pub host: &'a str,
    pub port: u16,
    pub tls_port: u16,
    /// A third free port (`{backend_port}`), for a backend the server starts
    /// itself (a proxy's upstream).
    pub backend_port: u16,
    /// Cores the whole process tree is pinned to (empty: not pinned).
    pub cores: &'a [usize],
    /// A fresh directory for this start (`{run_dir}`): `start.files` go here.
    pub run_dir: &'a Path,
    /// stdout and stderr are appended to this file.
    pub log: &'a Path,
    /// The running barrage binary (`{barrage}`).
    pub barrage: &'a Path,
    /// The group leader gets SIGKILL when the thread that started it ends
    /// (PR_SET_PDEATHSIG): an agent starts servers from a thread that lives
    /// as long as it does, so a killed agent leaves no server behind.
    pub die_with_starter: bool,
}

/// How a stopped server ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stopped {
    /// The group leader's exit code, when it exited by itself.
    pub exit: Option<i32>,
    /// The signal that ended the group leader, when one did.
    pub signal: Option<i32>,
    /// SIGTERM was not enough: the group was sent SIGKILL after the grace period.
    pub killed: bool,
}

/// The state of the group leader, as last observed.
#[derive(Debug, Clone, Copy)]
enum Leader {
    Running,
    Exited(ExitStatus),
    /// Reaped by someone else: its status is unknown.
    Lost,
}

/// A started server: the leader of its own process group.
pub struct ServerProcess {
    name: String,
    child: Child,
    leader: Leader,
    host: String,
    /// Where readiness is checked, and how: the manifest's first protocol
    /// of h1, h2c, https, h2, h3 on its port.
    ready_protocol: Wire,
    ready_port: u16,
    ready: Ready,
    log: PathBuf,
    cores: Vec<usize>,
    /// `stop` ran: nothing is left for Drop to do.
    finished: bool,
}

/// Process groups started and not yet stopped: what `kill_all_started` kills.
static STARTED: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn started() -> MutexGuard<'static, Vec<u32>> {
    STARTED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn register(pgid: u32) {
    started().push(pgid);
}

fn unregister(pgid: u32) {
    started().retain(|&p| p != pgid);
}

/// Adds a process group started elsewhere in the lab (a service's
/// postmaster) to what [`kill_all_started`] kills.
pub(crate) fn register_group(pgid: u32) {
    register(pgid);
}

/// Takes it out again once it has been stopped.
pub(crate) fn unregister_group(pgid: u32) {
    unregister(pgid);
}

/// Pins what `cmd` starts to `cores` before it runs (as `taskset -c`); no
/// cores, no pinning. For the load generators (the servers pin themselves in
/// [`ServerProcess::start`]).
pub fn pin_command(cmd: &mut Command, cores: &[usize]) -> Result<(), String> {
    if cores.is_empty() {
        return Ok(());
    }
    let set = cpu_set(cores)?;
    // SAFETY: the hook runs in the child between fork and exec; it only makes
    // the sched_setaffinity system call on a set built beforehand.
    unsafe { cmd.pre_exec(move || set_affinity(0, &set)) };
    Ok(())
}

/// SIGKILLs every process group started here (servers, builds, version
/// commands) that has not been stopped yet, and every service's cluster
/// with what it leaves (shared memory, sockets: `service::kill_all_started`).
/// For the Ctrl-C path: call it from the thread that handles the signal,
/// not from inside a signal handler (it takes a lock).
pub fn kill_all_started() {
    crate::service::kill_all_started();
    for &pgid in started().iter() {
        signal_group(pgid, libc::SIGKILL);
    }
}

impl ServerProcess {
    /// Writes `start.files` into the run directory, then spawns the start
    /// command in its own process group, pinned to `cores` before exec (so
    /// everything it starts inherits the pinning, as with taskset).
    pub fn start(cfg: &StartConfig) -> Result<ServerProcess, String> {
        let spec = cfg.spec;
        fs::create_dir_all(cfg.run_dir).map_err(|e| {
            format!(
                "{}: cannot create {}: {e}",
                spec.name,
                cfg.run_dir.display()
            )
        })?;
        let (cert, key) = write_certificate(cfg.run_dir)
            .map_err(|e| format!("{}: TLS certificate: {e}", spec.name))?;
        let vars = start_vars(cfg, &cert, &key);
        let sub = |key: &str, template: &str| {
            substitute(template, &vars).map_err(|e| format!("{}: start.{key}: {e}", spec.name))
        };
        for (name, template) in &spec.start.files {
            write_run_file(cfg.run_dir, name, &sub("files", template)?)
                .map_err(|e| format!("{}: start.files.{name}: {e}", spec.name))?;
        }
        let argv = spec
            .start
            .command
            .iter()
            .map(|a| sub("command", a))
            .collect::<Result<Vec<_>, _>>()?;
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| format!("{}: start.command is empty", spec.name))?;
        let cwd = match &spec.start.cwd {
            Some(cwd) => spec.dir.join(sub("cwd", cwd)?),
            None => spec.dir.clone(),
        };
        let mut cmd = Command::new(program);
        cmd.args(args)
            .current_dir(&cwd)
            .envs(&cfg.spec.variables(cfg.variant));
        // The suite's database (the runner puts its URL among the
        // variant's variables when the suite has a service).
        if !vars["database_url"].is_empty() {
            cmd.env("DATABASE_URL", &vars["database_url"]);
        }
        if !vars["database_pool"].is_empty() {
            cmd.env("DATABASE_POOL", &vars["database_pool"]);
        }
        for (key, value) in &spec.start.env {
            cmd.env(key, sub("env", value)?);
        }
        let (stdout, stderr) = log_outputs(cfg.log)
            .map_err(|e| format!("{}: log {}: {e}", spec.name, cfg.log.display()))?;
        cmd.stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .process_group(0);
        pin_command(&mut cmd, cfg.cores)?;
        if cfg.die_with_starter {
            // SAFETY: the hook runs in the child between fork and exec and
            // only makes the prctl system call.
            unsafe {
                cmd.pre_exec(|| {
                    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                        return Err(io::Error::last_os_error());
                    }
                    Ok(())
                })
            };
        }
        let child = cmd.spawn().map_err(|e| {
            format!(
                "{}: cannot start {program:?} in {}: {e}",
                spec.name,
                cwd.display()
            )
        })?;
        register(child.id());
        let ready_protocol = ready_protocol(&spec.protocols);
        let ready_port = if ready_protocol.is_tls() {
            cfg.tls_port
        } else {
            cfg.port
        };
        Ok(ServerProcess {
            name: spec.name.clone(),
            child,
            leader: Leader::Running,
            host: cfg.host.to_string(),
            ready_protocol,
            ready_port,
            ready: spec.ready.clone(),
            log: cfg.log.to_path_buf(),
            cores: cfg.cores.to_vec(),
            finished: false,
        })
    }

    /// Waits until the server accepts a TCP connection and (unless
    /// `[ready] tcp = true`) answers a GET of `ready.http_path` with a
    /// status below 500, before `ready.deadline` (or
    /// `timeout_override`). Returns how long that took. Fails as soon as the
    /// process exits; every error quotes the end of its log.
    pub fn wait_ready(&mut self, timeout_override: Option<Duration>) -> Result<Duration, String> {
        let began = Instant::now();
        let limit = timeout_override.unwrap_or(self.ready.deadline);
        let deadline = began + limit;
        let mut last_error;
        loop {
            if let Some(how) = self.exit_description() {
                return Err(format!(
                    "{} {how} before it was ready{}",
                    self.name,
                    self.quoted_log()
                ));
            }
            let attempt = match (&self.ready.check, self.ready_protocol) {
                (ReadyCheck::Tcp, _) => tcp_ready(&self.host, self.ready_port, deadline),
                (ReadyCheck::HttpPath(path), Wire::H1) => {
                    http_ready(&self.host, self.ready_port, path, deadline)
                }
                (ReadyCheck::HttpPath(path), protocol) => {
                    probe_ready(protocol, &self.host, self.ready_port, path, deadline)
                }
            };
            match attempt {
                Ok(()) => return Ok(began.elapsed()),
                Err(e) => last_error = e,
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(format!(
                    "{} not ready after {limit:?} (last attempt: {last_error}){}",
                    self.name,
                    self.quoted_log()
                ));
            }
            thread::sleep((deadline - now).min(POLL));
        }
    }

    /// The group leader's pid, which is also the process group id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The group leader has not exited.
    pub fn alive(&mut self) -> bool {
        matches!(self.poll_leader(), Leader::Running)
    }

    /// Re-applies the pinning to every thread of every process in the tree
    /// (a server may have changed its own affinity). Returns the threads
    /// pinned; 0 when the server is not pinned.
    pub fn pin_tree(&self) -> io::Result<usize> {
        if self.cores.is_empty() {
            return Ok(0);
        }
        let set = cpu_set(&self.cores).map_err(io::Error::other)?;
        let mut pinned = 0;
        for pid in tree_pids(self.pid()) {
            let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
                continue;
            };
            for tid in tasks.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok()) {
                match set_affinity(tid, &set) {
                    Ok(()) => pinned += 1,
                    // The thread exited between the listing and the call.
                    Err(e) if e.raw_os_error() == Some(libc::ESRCH) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(pinned)
    }

    /// SIGTERM to the group; if anything of it is left after `grace`, SIGKILL
    /// to the group. Reaps the leader.
    pub fn stop(mut self, grace: Duration) -> Stopped {
        let pgid = self.pid();
        signal_group(pgid, libc::SIGTERM);
        let killed = !self.wait_group_gone(Instant::now() + grace);
        if killed {
            signal_group(pgid, libc::SIGKILL);
            self.wait_group_gone(Instant::now() + KILL_WAIT);
        }
        self.finish();
        let status = match self.leader {
            Leader::Exited(status) => Some(status),
            Leader::Running | Leader::Lost => None,
        };
        Stopped {
            exit: status.and_then(|s| s.code()),
            signal: status.and_then(|s| s.signal()),
            killed,
        }
    }

    /// The last `lines` lines of the server's log.
    pub fn log_tail(&self, lines: usize) -> String {
        tail(&self.log, lines)
    }

    fn poll_leader(&mut self) -> Leader {
        if let Leader::Running = self.leader {
            self.leader = match self.child.try_wait() {
                Ok(None) => Leader::Running,
                Ok(Some(status)) => Leader::Exited(status),
                Err(_) => Leader::Lost,
            };
        }
        self.leader
    }

    /// "exited (exit status: 3)" when the leader is gone, None while it runs.
    fn exit_description(&mut self) -> Option<String> {
        match self.poll_leader() {
            Leader::Running => None,
            Leader::Exited(status) => Some(format!("exited ({status})")),
            Leader::Lost => Some("exited".to_string()),
        }
    }

    /// Reaps the leader while waiting until no live process is left in the
    /// group; false if some still is at `deadline`.
    fn wait_group_gone(&mut self, deadline: Instant) -> bool {
        loop {
            let leader_running = matches!(self.poll_leader(), Leader::Running);
            if !leader_running && group_members(self.pid()).is_empty() {
                return true;
            }
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            thread::sleep((deadline - now).min(POLL));
        }
    }

    fn finish(&mut self) {
        unregister(self.pid());
        self.finished = true;
    }

    fn quoted_log(&self) -> String {
        quote_log(&self.log)
    }
}

impl Drop for ServerProcess {
    /// Kills the group if `stop` was not called (an error path, Ctrl-C).
    fn drop(&mut self) {
        if !self.finished {
            signal_group(self.pid(), libc::SIGKILL);
            self.wait_group_gone(Instant::now() + KILL_WAIT);
            self.finish();
        }
    }
}

/// The protocol readiness is checked with: plain HTTP/1.1 when the server
/// speaks it, else h2c, https, h2, h3 (an h2c-only listener does not answer
/// an HTTP/1.1 request).
fn ready_protocol(served: &[Wire]) -> Wire {
    [
        Wire::H1,
        Wire::H2C,
        Wire::HTTPS,
        Wire::H2,
        Wire::H3,
        Wire::GRPC,
        Wire::GRPCS,
    ]
    .into_iter()
    .find(|p| served.contains(p))
    .unwrap_or(Wire::H1)
}

/// One readiness attempt over h2c, TLS or QUIC: the probe's client, any
/// status below 500.
fn probe_ready(
    protocol: Wire,
    host: &str,
    port: u16,
    path: &str,
    deadline: Instant,
) -> Result<(), String> {
    let timeout = remaining(deadline.max(Instant::now() + Duration::from_millis(500)))
        .min(Duration::from_secs(2));
    let scenario = Scenario::get(protocol, path);
    let result = crate::probe::probe(&scenario, host, port, timeout)?;
    match result.status {
        s if s < 500 => Ok(()),
        s => Err(format!("GET {path} over {}: status {s}", protocol.name())),
    }
}

/// A self-signed certificate for 127.0.0.1, ::1 and localhost with its
/// key, as PEM files in the run directory (`{tls_cert}`, `{tls_key}`).
fn write_certificate(run_dir: &Path) -> Result<(PathBuf, PathBuf), String> {
    let names = ["127.0.0.1", "::1", "localhost"].map(String::from).to_vec();
    let generated = rcgen::generate_simple_self_signed(names).map_err(|e| e.to_string())?;
    let cert = run_dir.join("tls-cert.pem");
    let key = run_dir.join("tls-key.pem");
    fs::write(&cert, generated.cert.pem()).map_err(|e| format!("{}: {e}", cert.display()))?;
    fs::write(&key, generated.key_pair.serialize_pem())
        .map_err(|e| format!("{}: {e}", key.display()))?;
    Ok((cert, key))
}

/// The variables of a start: the built-ins over the variant's over the manifest's defaults.
fn start_vars(cfg: &StartConfig, cert: &Path, key: &Path) -> BTreeMap<String, String> {
    let mut vars = cfg.spec.variables(cfg.variant);
    let builtins = [
        ("host", cfg.host.to_string()),
        ("port", cfg.port.to_string()),
        ("addr", host_port(cfg.host, cfg.port)),
        ("tls_port", cfg.tls_port.to_string()),
        ("backend_port", cfg.backend_port.to_string()),
        ("tls_cert", cert.to_string_lossy().into_owned()),
        ("tls_key", key.to_string_lossy().into_owned()),
        ("dir", cfg.spec.dir.to_string_lossy().into_owned()),
        ("run_dir", cfg.run_dir.to_string_lossy().into_owned()),
        ("barrage", cfg.barrage.to_string_lossy().into_owned()),
    ];
    for (name, value) in builtins {
        vars.insert(name.to_string(), value);
    }
    // `{database_url}`: the runner's (the suite's service), else none.
    vars.entry("database_url".into()).or_default();
    let pool = cfg.spec.database_pool.map(|p| p.to_string());
    vars.insert("database_pool".into(), pool.unwrap_or_default());
    vars
}

/// `host:port`, with an IPv6 host in brackets.
fn host_port(host: &str, port: u16) -> String {
    if host.contains(':') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

fn write_run_file(run_dir: &Path, name: &str, contents: &str) -> io::Result<()> {
    let relative = Path::new(name);
    let escapes = relative
        .components()
        .any(|c| !matches!(c, std::path::Component::Normal(_)));
    if escapes {
        return Err(io::Error::other(
            "the name must be a relative path inside the run directory",
        ));
    }
    let path = run_dir.join(relative);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, contents)
}

/// The same log file, opened for appending, as stdout and stderr.
fn log_outputs(log: &Path) -> io::Result<(File, File)> {
    if let Some(parent) = log.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    let file = OpenOptions::new().create(true).append(true).open(log)?;
    Ok((file.try_clone()?, file))
}

/// One probe: connect, GET `path` with `Connection: close`, read the status line.
/// One readiness attempt of `[ready] tcp = true`: a TCP connect succeeds.
fn tcp_ready(host: &str, port: u16, deadline: Instant) -> Result<(), String> {
    let deadline = deadline.max(Instant::now() + Duration::from_millis(500));
    connect(host, port, deadline).map(drop)
}

/// A TCP connection to one of `host`'s addresses, each tried for at most a
/// second.
fn connect(host: &str, port: u16, deadline: Instant) -> Result<TcpStream, String> {
    let addrs = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("resolve {host}: {e}"))?;
    let mut last_error = format!("{host} resolves to no address");
    for addr in addrs {
        let timeout = remaining(deadline).min(Duration::from_secs(1));
        match TcpStream::connect_timeout(&addr, timeout) {
            Ok(stream) => return Ok(stream),
            Err(e) => last_error = format!("connect {addr}: {e}"),
        }
    }
    Err(last_error)
}

fn http_ready(host: &str, port: u16, path: &str, deadline: Instant) -> Result<(), String> {
    // An attempt begun just before the deadline still gets time to finish:
    // otherwise the last error would be a timeout whatever the server said.
    let deadline = deadline.max(Instant::now() + Duration::from_millis(500));
    let stream = connect(host, port, deadline)?;
    http_status(stream, &host_port(host, port), path, deadline)
}

fn http_status(
    mut stream: TcpStream,
    authority: &str,
    path: &str,
    deadline: Instant,
) -> Result<(), String> {
    let timeout = remaining(deadline).min(Duration::from_secs(2));
    let io_error = |e: io::Error| format!("GET {path}: {e}");
    stream.set_read_timeout(Some(timeout)).map_err(io_error)?;
    stream.set_write_timeout(Some(timeout)).map_err(io_error)?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nUser-Agent: barrage-lab\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).map_err(io_error)?;
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    while !head.windows(2).any(|w| w == b"\r\n") && head.len() < 4096 && Instant::now() < deadline {
        match stream.read(&mut buf).map_err(io_error)? {
            0 => break,
            n => head.extend_from_slice(&buf[..n]),
        }
    }
    match parse_status_line(&head) {
        Some(status) if status < 500 => Ok(()),
        Some(status) => Err(format!("GET {path} answered {status}")),
        None => Err(format!(
            "GET {path}: no HTTP status line in {:?}",
            String::from_utf8_lossy(&head)
        )),
    }
}

/// The status code of `HTTP/1.x NNN reason`.
fn parse_status_line(head: &[u8]) -> Option<u16> {
    let line = head.split(|&b| b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let mut parts = line.split_whitespace();
    if !parts.next()?.starts_with("HTTP/") {
        return None;
    }
    let code = parts.next()?;
    if code.len() != 3 {
        return None;
    }
    code.parse().ok()
}

/// Time left before `deadline`, never zero (socket timeouts refuse zero).
fn remaining(deadline: Instant) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1))
}

/// Sends `signal` to process group `pgid`; false if it has no member.
fn signal_group(pgid: u32, signal: i32) -> bool {
    // Group 0 or 1 would be our own group or init's: never a server.
    if pgid <= 1 {
        return false;
    }
    // SAFETY: killpg has no memory-safety preconditions.
    unsafe { libc::killpg(pgid as libc::pid_t, signal) == 0 }
}

/// The last `lines` lines of a file (read from its last 64 KiB).
pub fn tail(path: &Path, lines: usize) -> String {
    const WINDOW: u64 = 64 * 1024;
    let read = || -> io::Result<String> {
        let mut file = File::open(path)?;
        let len = file.metadata()?.len();
        file.seek(SeekFrom::Start(len.saturating_sub(WINDOW)))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    };
    match read() {
        Ok(text) => last_lines(&text, lines),
        Err(e) => format!("(cannot read {}: {e})", path.display()),
    }
}

fn last_lines(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// The end of a log, ready to append to an error message.
fn quote_log(log: &Path) -> String {
    let tail = tail(log, LOG_TAIL_LINES);
    if tail.trim().is_empty() {
        format!("; its log {} is empty", log.display())
    } else {
        format!("; last lines of {}:\n{tail}", log.display())
    }
}

/// `N` different free ports of `host`: all are held open until all are
/// chosen, so no two are the same.
pub fn free_ports<const N: usize>(host: &str) -> [u16; N] {
    // Each port is free over TCP and over UDP (HTTP/3 is served on the UDP
    // port of `{tls_port}`'s number); all are held until all are chosen.
    let mut held = Vec::new();
    for _ in 0..N * 20 {
        if held.len() == N {
            break;
        }
        let Ok(tcp) = std::net::TcpListener::bind((host, 0)) else {
            break;
        };
        let Ok(port) = tcp.local_addr().map(|a| a.port()) else {
            break;
        };
        if let Ok(udp) = std::net::UdpSocket::bind((host, port)) {
            held.push((port, tcp, udp));
        }
    }
    std::array::from_fn(|i| held.get(i).map_or(0, |h| h.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_status_line_table() {
        let cases: [(&[u8], Option<u16>); 7] = [
            (b"HTTP/1.1 200 OK\r\n", Some(200)),
            (b"HTTP/1.0 404 Not Found\r\nServer: x\r\n", Some(404)),
            (b"HTTP/1.1 503\r\n", Some(503)),
            (b"HTTP/1.1 20", None),
            (b"SSH-2.0-OpenSSH\r\n", None),
            (b"", None),
            (b"HTTP/1.1 abc OK\r\n", None),
        ];
        for (head, want) in cases {
            assert_eq!(
                parse_status_line(head),
                want,
                "{:?}",
                String::from_utf8_lossy(head)
            );
        }
    }

    #[test]
    fn last_lines_table() {
        assert_eq!(last_lines("a\nb\nc\n", 2), "b\nc");
        assert_eq!(last_lines("a\nb", 5), "a\nb");
        assert_eq!(last_lines("", 3), "");
    }

    #[test]
    fn host_port_brackets_ipv6() {
        assert_eq!(host_port("127.0.0.1", 80), "127.0.0.1:80");
        assert_eq!(host_port("::1", 80), "[::1]:80");
    }
}
