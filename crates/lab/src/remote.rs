//! The lab on other hosts: what `barrage agent` does for a lab run there,
//! and the controller's side of it.
//!
//! The agent protocol (barrage-dist) carries the lab's requests as `call`s;
//! [`Call`] is their content (`{"lab": "start", ...}`), one per step the
//! runner takes on a host: prepare a server (requirements, build, version),
//! start it pinned and wait until it is ready, sample its process tree,
//! stop it, read a file (its log), probe a URL, run a load generator pinned
//! to the host's cores and return its output and CPU, and describe the
//! host. [`Agent`] answers them on the host, with the same code the lab
//! runs locally (process.rs, monitor.rs, probe.rs, env.rs); [`Hosts`] sends
//! them.
//!
//! No remote process outlives its controller: when the agent's channel
//! closes, [`Agent::shutdown`] kills every server group and every tool it
//! started before the agent exits.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use barrage_dist::controller::{CallId, Controller};
use barrage_dist::host::{Address, Host, Inventory, SshOptions};
use barrage_model::results::Environment;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::manifest::ServerSpec;
use crate::monitor::Monitor;
use crate::process::{self, BuildOutcome, ServerProcess, StartConfig, Stopped};
use crate::suite::{Scenario, Variant};

/// Stands for the agent's own barrage binary in [`Call::Exec`]'s program
/// and in manifest variables: the controller does not know its path there.
pub const BARRAGE: &str = "{barrage}";

/// One lab request to an agent.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "lab", rename_all = "snake_case")]
pub enum Call {
    /// The host's kernel, CPU, memory, sysctls and limits ([`Environment`]).
    Environment { root: PathBuf },
    /// Requirements, build (cached in `cache`) and version of a manifest
    /// of `servers_dir`, the build's output appended to `log`.
    Prepare {
        servers_dir: PathBuf,
        server: String,
        vars: BTreeMap<String, String>,
        cache: PathBuf,
        log: PathBuf,
    },
    /// Start a variant on free ports of `host`, pinned to `cores`, and wait
    /// until it is ready ([`Started`]).
    Start {
        servers_dir: PathBuf,
        server: String,
        variant: Variant,
        host: String,
        cores: Vec<usize>,
        run_dir: PathBuf,
        log: PathBuf,
    },
    /// Whether started server `id` is still running.
    Alive { id: u64 },
    /// The last `lines` lines of server `id`'s log.
    LogTail { id: u64, lines: usize },
    /// Start sampling server `id`'s process tree (every 100 ms).
    MonitorStart { id: u64 },
    /// Stop sampling it and return the samples ([`MonitorReport`]).
    MonitorStop { id: u64 },
    /// SIGTERM the server's group, SIGKILL after `grace_ms` ([`Stopped`]).
    Stop { id: u64, grace_ms: u64 },
    /// A file's text (a log).
    Read { path: PathBuf },
    /// Sockets in TIME_WAIT on the host.
    TimeWait,
    /// Remove a run's scratch directory (only one under `results/.remote/`).
    Clean { path: PathBuf },
    /// Kill the tools running there now (another client host failed).
    Cancel,
    /// Probe `scenario` at `host:port` once ([`ProbeResult`]).
    Probe {
        scenario: Box<Scenario>,
        host: String,
        port: u16,
        timeout_ms: u64,
    },
    /// Run a load generator pinned to `cores` ([`Executed`]); past
    /// `limit_ms` it is killed. Its CPU of the first `warmup_ms` is not
    /// counted. With `read_back`, that file's text comes back too (and is
    /// removed).
    Exec {
        program: String,
        args: Vec<String>,
        cores: Vec<usize>,
        limit_ms: u64,
        warmup_ms: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        read_back: Option<PathBuf>,
    },
}

/// [`Call::Prepare`]'s answer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Prepared {
    /// Why the server cannot run on that host (a missing requirement).
    pub unavailable: Option<String>,
    pub version: Option<String>,
}

/// [`Call::Start`]'s answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Started {
    pub id: u64,
    pub port: u16,
    pub tls_port: u16,
    pub backend_port: u16,
    pub ready_ms: u64,
    pub pinned_cpus: Option<Vec<usize>>,
}

/// [`Call::Exec`]'s answer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Executed {
    pub stdout: String,
    pub stderr: String,
    /// The measured window (after the warm-up), seconds.
    pub elapsed_s: f64,
    /// CPU of the measured window.
    pub user_s: f64,
    pub sys_s: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

// ---------------------------------------------------------------------------
// The agent's side.

/// What one agent started, so that calls can find it and shutdown can end it.
#[derive(Default)]
pub struct Agent {
    servers: Mutex<BTreeMap<u64, Server>>,
    next: Mutex<u64>,
    /// Set on shutdown: running tools are killed.
    stop: AtomicBool,
    /// Pids of running tools.
    tools: Mutex<Vec<u32>>,
    /// The thread that starts servers ([`Agent::start_on_spawner`]).
    spawner: Mutex<Option<std::sync::mpsc::Sender<Job>>>,
}

type Job = Box<dyn FnOnce() + Send>;

/// A [`StartConfig`] that owns its parts (to cross to the spawner thread).
struct OwnedStart {
    spec: ServerSpec,
    variant: Variant,
    host: String,
    ports: [u16; 3],
    cores: Vec<usize>,
    run_dir: PathBuf,
    log: PathBuf,
    barrage: PathBuf,
}

impl OwnedStart {
    fn of(c: &StartConfig) -> OwnedStart {
        OwnedStart {
            spec: c.spec.clone(),
            variant: c.variant.clone(),
            host: c.host.to_string(),
            ports: [c.port, c.tls_port, c.backend_port],
            cores: c.cores.to_vec(),
            run_dir: c.run_dir.to_path_buf(),
            log: c.log.to_path_buf(),
            barrage: c.barrage.to_path_buf(),
        }
    }

    fn start(&self) -> Result<ServerProcess, String> {
        ServerProcess::start(&StartConfig {
            spec: &self.spec,
            variant: &self.variant,
            host: &self.host,
            port: self.ports[0],
            tls_port: self.ports[1],
            backend_port: self.ports[2],
            cores: &self.cores,
            run_dir: &self.run_dir,
            log: &self.log,
            barrage: &self.barrage,
            die_with_starter: true,
        })
    }
}

struct Server {
    process: ServerProcess,
    monitor: Option<Monitor>,
}

const STOP_GRACE_LIMIT: Duration = Duration::from_secs(30);

impl Agent {
    pub fn new() -> Agent {
        Agent::default()
    }

    /// Does one call; the answer is its result as JSON.
    pub fn call(&self, call: Value) -> Result<Value, String> {
        let call: Call =
            serde_json::from_value(call).map_err(|e| format!("not a lab call: {e}"))?;
        match call {
            Call::Environment { root } => {
                crate::env::raise_open_files();
                let env: Environment = crate::env::capture(&root);
                json(Ok(env))
            }
            Call::Prepare {
                servers_dir,
                server,
                vars,
                cache,
                log,
            } => json(prepare(&servers_dir, &server, vars, &cache, &log)),
            Call::Start {
                servers_dir,
                server,
                variant,
                host,
                cores,
                run_dir,
                log,
            } => {
                let spec = ServerSpec::find(&servers_dir, &server).map_err(|e| e.to_string())?;
                let [port, tls_port, backend_port] = crate::runner::free_ports(&host);
                let barrage = own_binary()?;
                let cfg = StartConfig {
                    spec: &spec,
                    variant: &variant,
                    host: &host,
                    port,
                    tls_port,
                    backend_port,
                    cores: &cores,
                    run_dir: &run_dir,
                    log: &log,
                    barrage: &barrage,
                    die_with_starter: true,
                };
                let mut server = self.start_on_spawner(&cfg)?;
                let ready = server.wait_ready(None)?;
                let _ = server.pin_tree();
                let pinned_cpus = process::cpu_affinity(server.pid()).ok();
                let id = {
                    let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
                    *next += 1;
                    *next
                };
                self.servers().insert(
                    id,
                    Server {
                        process: server,
                        monitor: None,
                    },
                );
                json(Ok(Started {
                    id,
                    port,
                    tls_port,
                    backend_port,
                    ready_ms: ready.as_millis() as u64,
                    pinned_cpus,
                }))
            }
            Call::Alive { id } => json(self.with(id, |s| Ok(s.process.alive()))),
            Call::LogTail { id, lines } => json(self.with(id, |s| Ok(s.process.log_tail(lines)))),
            Call::MonitorStart { id } => json(self.with(id, |s| {
                s.monitor = Some(Monitor::start(s.process.pid(), Duration::from_millis(100)));
                Ok(())
            })),
            Call::MonitorStop { id } => json(self.with(id, |s| {
                Ok(s.monitor.take().map(Monitor::stop).unwrap_or_default())
            })),
            Call::Stop { id, grace_ms } => {
                let server = self
                    .servers()
                    .remove(&id)
                    .ok_or_else(|| format!("no server {id} was started here"))?;
                let grace = Duration::from_millis(grace_ms).min(STOP_GRACE_LIMIT);
                json(Ok(server.process.stop(grace)))
            }
            Call::Read { path } => json(
                std::fs::read(&path)
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
                    .map_err(|e| format!("cannot read {}: {e}", path.display())),
            ),
            Call::TimeWait => json(Ok(crate::monitor::time_wait_sockets())),
            Call::Cancel => {
                self.kill_tools();
                json(Ok(()))
            }
            Call::Clean { path } => {
                let scratch = path
                    .parent()
                    .is_some_and(|p| p.ends_with("results/.remote"));
                if !scratch {
                    return Err(format!(
                        "{} is not a run's scratch directory",
                        path.display()
                    ));
                }
                json(std::fs::remove_dir_all(&path).or_else(|e| match e.kind() {
                    std::io::ErrorKind::NotFound => Ok(()),
                    _ => Err(format!("cannot remove {}: {e}", path.display())),
                }))
            }
            Call::Probe {
                scenario,
                host,
                port,
                timeout_ms,
            } => json(crate::probe::probe(
                &scenario,
                &host,
                port,
                Duration::from_millis(timeout_ms),
            )),
            Call::Exec {
                program,
                args,
                cores,
                limit_ms,
                warmup_ms,
                read_back,
            } => json(self.exec(program, args, &cores, limit_ms, warmup_ms, read_back)),
        }
    }

    /// Starts a server from the spawner thread, which lives as long as the
    /// agent: with `die_with_starter`, the server's leader dies with the
    /// agent even when the agent is killed outright.
    fn start_on_spawner(&self, cfg: &StartConfig) -> Result<ServerProcess, String> {
        let mut spawner = self.spawner.lock().unwrap_or_else(|e| e.into_inner());
        let jobs = spawner.get_or_insert_with(|| {
            let (tx, rx) = std::sync::mpsc::channel::<Job>();
            std::thread::spawn(move || {
                for job in rx {
                    job();
                }
                // Never ends before the agent: a server's leader is tied to it.
                loop {
                    std::thread::park();
                }
            });
            tx
        });
        let (tx, rx) = std::sync::mpsc::channel();
        // The config borrows; the spawner thread needs owned values.
        let owned = OwnedStart::of(cfg);
        jobs.send(Box::new(move || {
            let _ = tx.send(owned.start());
        }))
        .map_err(|_| "the agent's spawner thread is gone".to_string())?;
        drop(spawner);
        rx.recv()
            .map_err(|_| "the agent's spawner thread is gone".to_string())?
    }

    fn servers(&self) -> std::sync::MutexGuard<'_, BTreeMap<u64, Server>> {
        self.servers.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn with<T>(
        &self,
        id: u64,
        f: impl FnOnce(&mut Server) -> Result<T, String>,
    ) -> Result<T, String> {
        let mut servers = self.servers();
        let s = servers
            .get_mut(&id)
            .ok_or_else(|| format!("no server {id} was started here"))?;
        f(s)
    }

    fn exec(
        &self,
        program: String,
        args: Vec<String>,
        cores: &[usize],
        limit_ms: u64,
        warmup_ms: u64,
        read_back: Option<PathBuf>,
    ) -> Result<Executed, String> {
        let program = if program == BARRAGE {
            own_binary()?
        } else {
            PathBuf::from(program)
        };
        let warmup = Duration::from_millis(warmup_ms);
        let planned = Duration::from_millis(limit_ms).saturating_sub(crate::runner::DRIVER_SLACK);
        let tools = &self.tools;
        let ran = crate::runner::run_tool(
            &program,
            &args,
            cores,
            planned,
            Some(warmup),
            &self.stop,
            None,
            &mut |pid| tools.lock().unwrap_or_else(|e| e.into_inner()).push(pid),
            &mut || {},
        );
        if let Ok(mut t) = self.tools.lock() {
            t.clear();
        }
        let ran = ran?;
        let file = match read_back {
            Some(path) => {
                let text = std::fs::read_to_string(&path).ok();
                let _ = std::fs::remove_file(&path);
                text
            }
            None => None,
        };
        Ok(Executed {
            stdout: ran.stdout,
            stderr: ran.stderr,
            elapsed_s: ran.elapsed.as_secs_f64(),
            user_s: ran.cpu.0,
            sys_s: ran.cpu.1,
            file,
        })
    }

    /// Ends every tool and server this agent started (SIGKILL), now.
    pub fn shutdown(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.kill_tools();
        process::kill_all_started();
    }

    /// SIGKILLs the running tools (their calls answer with what they got).
    fn kill_tools(&self) {
        for &pid in self.tools.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            // SAFETY: kill has no memory-safety preconditions; the pid is a
            // child not yet reaped (its call removes it once waited for).
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
        }
    }
}

impl barrage_dist::agent::Extension for Agent {
    fn call(&self, call: Value) -> Result<Value, String> {
        Agent::call(self, call)
    }
    fn shutdown(&self) {
        Agent::shutdown(self)
    }
}

fn json<T: Serialize>(v: Result<T, String>) -> Result<Value, String> {
    v.and_then(|v| to_value(&v))
}

fn to_value<T: Serialize>(v: &T) -> Result<Value, String> {
    serde_json::to_value(v).map_err(|e| format!("cannot encode the answer: {e}"))
}

fn own_binary() -> Result<PathBuf, String> {
    std::env::current_exe().map_err(|e| format!("cannot find this barrage binary: {e}"))
}

fn prepare(
    servers_dir: &Path,
    server: &str,
    mut vars: BTreeMap<String, String>,
    cache: &Path,
    log: &Path,
) -> Result<Prepared, String> {
    let spec = ServerSpec::find(servers_dir, server).map_err(|e| e.to_string())?;
    let barrage = own_binary()?;
    vars.insert("barrage".into(), barrage.display().to_string());
    if let Some(why) = &spec.unavailable {
        return Ok(Prepared {
            unavailable: Some(why.clone()),
            version: None,
        });
    }
    if let Err(e) = process::check_requires(&spec, &barrage) {
        return Ok(Prepared {
            unavailable: Some(e),
            version: None,
        });
    }
    if let Some(dir) = log.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _: BuildOutcome = process::build(&spec, &vars, cache, log)?;
    Ok(Prepared {
        unavailable: None,
        version: process::version(&spec, &vars),
    })
}

// ---------------------------------------------------------------------------
// The controller's side.

/// Where a lab run's server and load go, as `barrage run --hosts` was told.
#[derive(Debug, Clone)]
pub struct Layout {
    pub inventory: Inventory,
    /// SSH options for the inventory (a namespace lab's own config included).
    pub ssh: SshOptions,
    pub server: String,
    pub clients: Vec<String>,
    /// The checkout on the hosts (`--remote-root`; default: the same path
    /// as here).
    pub remote_root: PathBuf,
}

/// The hosts of a lab run, connected.
pub struct Hosts {
    pub layout: Layout,
    pub ctl: Controller,
    /// Agent index of the server host, and of each client host.
    pub server: usize,
    pub clients: Vec<usize>,
    /// The address the server listens on and the clients send to.
    pub server_address: String,
    /// Per-run scratch directory on the hosts (logs, build cache, JSON).
    pub work: PathBuf,
}

/// How long a lab call other than a load run may take (a build can be long).
pub const CALL_LIMIT: Duration = Duration::from_secs(900);

impl Hosts {
    /// Reaches the server host and the client hosts (barrage installed there
    /// when needed, clocks estimated). One line naming the host on failure.
    pub fn connect(
        layout: Layout,
        stamp: &str,
        log: &mut dyn FnMut(&str),
    ) -> Result<Hosts, String> {
        let mut names: Vec<String> = vec![layout.server.clone()];
        for c in &layout.clients {
            if !names.contains(c) {
                names.push(c.clone());
            }
        }
        let hosts: Vec<Host> = names
            .iter()
            .map(|n| layout.inventory.host(n).cloned())
            .collect::<Result<_, _>>()?;
        let server_address = server_address(&layout.inventory, &hosts[0]);
        if server_address.starts_with("127.")
            && hosts[1..].iter().any(|h| h.address != Address::Local)
        {
            return Err(format!(
                "hosts: the server host {} is this machine and listens on 127.0.0.1, which the client hosts cannot reach: put the server on a host of the inventory",
                hosts[0].name
            ));
        }
        let ctl = Controller::connect(&hosts, &layout.ssh, log)?;
        let clients = layout
            .clients
            .iter()
            .map(|c| names.iter().position(|n| n == c).unwrap_or(0))
            .collect();
        let work = layout
            .remote_root
            .join("results")
            .join(".remote")
            .join(stamp);
        Ok(Hosts {
            layout,
            ctl,
            server: 0,
            clients,
            server_address,
            work,
        })
    }

    /// One call and its answer, decoded.
    pub fn ask<T: for<'de> Deserialize<'de>>(
        &mut self,
        host: usize,
        call: &Call,
        limit: Duration,
        stop: &AtomicBool,
    ) -> Result<T, String> {
        let v = self.ctl.ask(host, to_value(call)?, limit, stop)?;
        serde_json::from_value(v).map_err(|e| {
            format!(
                "host {}: an answer this barrage cannot read: {e}",
                self.name(host)
            )
        })
    }

    /// The same call to several hosts at once; answers in their order.
    /// `meanwhile` runs once the calls are sent. When one host fails (or
    /// the server host's channel closes), the others' tools are killed at
    /// once ([`Call::Cancel`]) and their answers are errors saying so; the
    /// failure is the second value.
    pub fn ask_all<T: for<'de> Deserialize<'de>>(
        &mut self,
        calls: Vec<(usize, Call)>,
        limit: Duration,
        stop: &AtomicBool,
        meanwhile: impl FnOnce(&mut Hosts),
    ) -> (Vec<Result<T, String>>, Option<String>) {
        let mut pending: Vec<Option<CallId>> = Vec::new();
        let mut answers: Vec<Option<Result<T, String>>> = Vec::new();
        let hosts: Vec<usize> = calls.iter().map(|(h, _)| *h).collect();
        for (h, c) in &calls {
            match to_value(c) {
                Ok(v) => {
                    pending.push(Some(self.ctl.call(*h, v)));
                    answers.push(None);
                }
                Err(e) => {
                    pending.push(None);
                    answers.push(Some(Err(e)));
                }
            }
        }
        meanwhile(self);
        let deadline = Instant::now() + limit;
        let mut failed: Option<(usize, String)> = None;
        while pending.iter().any(Option::is_some) {
            if failed.is_none() {
                if let Some(why) = self.ctl.closed(self.server) {
                    let name = self.name(self.server).to_string();
                    failed = Some((
                        usize::MAX,
                        format!("host {name}: the agent's channel closed: {why}"),
                    ));
                }
            }
            let late = Instant::now() >= deadline;
            let stopping = stop.load(Ordering::Relaxed);
            for (k, slot) in pending.iter_mut().enumerate() {
                let Some(id) = *slot else { continue };
                let answer = if late || stopping {
                    self.ctl.forget(id);
                    Some(Err(format!(
                        "host {}: {}",
                        self.name(hosts[k]),
                        if stopping {
                            "interrupted"
                        } else {
                            "no answer in time"
                        }
                    )))
                } else {
                    self.ctl
                        .poll(id, Instant::now() + Duration::from_millis(10))
                        .map(|a| {
                            a.and_then(|v| {
                                serde_json::from_value(v).map_err(|e| {
                                    format!(
                                        "host {}: an answer this barrage cannot read: {e}",
                                        self.name(hosts[k])
                                    )
                                })
                            })
                        })
                };
                if let Some(a) = answer {
                    if let (Err(e), None, false) = (&a, &failed, stopping) {
                        failed = Some((k, e.clone()));
                    }
                    answers[k] = Some(a);
                    *slot = None;
                }
            }
            if let Some((f, _)) = &failed {
                // One host failed: end the others' load now.
                let culprit = match *f {
                    usize::MAX => self.name(self.server).to_string(),
                    f => self.name(hosts[f]).to_string(),
                };
                let rest: Vec<(usize, CallId)> = pending
                    .iter_mut()
                    .enumerate()
                    .filter_map(|(k, slot)| slot.take().map(|id| (k, id)))
                    .collect();
                for (k, id) in rest {
                    self.ctl.forget(id);
                    let _ = self
                        .ctl
                        .call(hosts[k], to_value(&Call::Cancel).unwrap_or_default());
                    answers[k] = Some(Err(format!(
                        "host {}: stopped because host {culprit} failed",
                        self.name(hosts[k]),
                    )));
                }
            }
        }
        (
            answers
                .into_iter()
                .map(|a| a.unwrap_or_else(|| Err("no answer".into())))
                .collect(),
            failed.map(|(_, e)| e),
        )
    }

    pub fn name(&self, host: usize) -> &str {
        &self.ctl.agents[host].host.name
    }

    /// The cores of a host from the inventory, when it names them.
    pub fn cores(&self, host: usize) -> Option<Vec<usize>> {
        self.ctl.agents[host].host.cores.clone()
    }

    /// The manifests on the server host.
    pub fn servers_dir(&self, local: &Path, repo: &Path) -> PathBuf {
        match local.strip_prefix(repo) {
            Ok(rel) => self.layout.remote_root.join(rel),
            Err(_) => local.to_path_buf(),
        }
    }

    /// Removes the run's scratch directory on every host, then ends every
    /// agent (their servers and tools with them).
    pub fn close(mut self) {
        let never = AtomicBool::new(false);
        for i in 0..self.ctl.agents.len() {
            let call = Call::Clean {
                path: self.work.clone(),
            };
            let _ = self.ask::<()>(i, &call, Duration::from_secs(10), &never);
        }
        self.ctl.close();
    }
}

/// The address clients send to: a namespace host's IP, an SSH host's name,
/// 127.0.0.1 for this machine.
fn server_address(inv: &Inventory, host: &Host) -> String {
    if let Some(ns) = inv.netns.iter().find(|n| n.name == host.name) {
        return ns.ip.to_string();
    }
    match &host.address {
        Address::Local => "127.0.0.1".into(),
        Address::Ssh { host, .. } => host.clone(),
    }
}

/// What arrives with a [`Stopped`] (re-exported for the runner's record).
pub type StopAnswer = Stopped;

#[cfg(test)]
mod tests {
    use super::*;

    fn call(agent: &Agent, c: Call) -> Result<Value, String> {
        agent.call(serde_json::to_value(c).unwrap())
    }

    #[test]
    fn exec_runs_a_tool_and_reads_its_file_back() {
        let agent = Agent::new();
        let dir = std::env::temp_dir().join(format!("barrage-remote-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("out.json");
        let v = call(
            &agent,
            Call::Exec {
                program: "sh".into(),
                args: vec![
                    "-c".into(),
                    format!(
                        "echo hello; echo oops >&2; echo '{{}}' > {}",
                        file.display()
                    ),
                ],
                cores: vec![],
                limit_ms: 60_000,
                warmup_ms: 0,
                read_back: Some(file.clone()),
            },
        )
        .unwrap();
        let e: Executed = serde_json::from_value(v).unwrap();
        assert_eq!(e.stdout, "hello\n");
        assert_eq!(e.stderr, "oops\n");
        assert_eq!(e.file.as_deref(), Some("{}\n"));
        assert!(!file.exists(), "read back, then removed");
        // A tool that fails without output is an error naming it.
        let err = call(
            &agent,
            Call::Exec {
                program: "sh".into(),
                args: vec!["-c".into(), "echo broken >&2; exit 3".into()],
                cores: vec![],
                limit_ms: 60_000,
                warmup_ms: 0,
                read_back: None,
            },
        )
        .unwrap_err();
        assert!(err.contains("sh exited") && err.contains("broken"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn cancel_ends_a_running_tool_and_clean_only_removes_scratch() {
        let agent = std::sync::Arc::new(Agent::new());
        let a = agent.clone();
        let began = Instant::now();
        let running = std::thread::spawn(move || {
            call(
                &a,
                Call::Exec {
                    program: "sh".into(),
                    args: vec!["-c".into(), "echo started; exec sleep 30".into()],
                    cores: vec![],
                    limit_ms: 60_000,
                    warmup_ms: 0,
                    read_back: None,
                },
            )
        });
        while agent.tools.lock().unwrap().is_empty() {
            std::thread::sleep(Duration::from_millis(10));
        }
        call(&agent, Call::Cancel).unwrap();
        let _ = running.join().unwrap();
        assert!(began.elapsed() < Duration::from_secs(20));
        let root = std::env::temp_dir().join(format!("barrage-clean-{}", std::process::id()));
        let scratch = root.join("results/.remote/20260101T000000Z");
        std::fs::create_dir_all(scratch.join("logs")).unwrap();
        let e = call(&agent, Call::Clean { path: root.clone() }).unwrap_err();
        assert!(e.contains("not a run's scratch directory"), "{e}");
        call(
            &agent,
            Call::Clean {
                path: scratch.clone(),
            },
        )
        .unwrap();
        assert!(!scratch.exists() && root.exists());
        let _ = std::fs::remove_dir_all(&root);
        // Calls about servers that were never started say so.
        let e = call(&agent, Call::Alive { id: 9 }).unwrap_err();
        assert!(e.contains("no server 9"), "{e}");
        let e = agent
            .call(serde_json::json!({ "lab": "dance" }))
            .unwrap_err();
        assert!(e.contains("not a lab call"), "{e}");
    }
}
