//! The agent: answers the lab's calls ([`Call`]) on one host, with the
//! lab's own code for servers (process.rs), samples (monitor.rs), probes
//! (probe.rs), the environment (env.rs) and load generators (tool.rs).
//! It runs in `barrage agent` on another host, and in the lab's own
//! process for this machine: the same handlers either way.
//!
//! It keeps what it started (servers and services by id, running tools)
//! and nothing else; it knows nothing of suites, levels or results. No
//! process it started outlives it: [`Agent::shutdown`] kills every server
//! group, every service's cluster and every tool (a channel's agent calls
//! it when its controller goes).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use barrage_model::results::Environment;
use serde::Serialize;
use serde_json::Value;

use super::{Call, Executed, Prepared, ServiceStarted, Started, BARRAGE};
use crate::manifest::ServerSpec;
use crate::monitor::Monitor;
use crate::process::{self, BuildOutcome, ServerProcess, StartConfig, Stopped};
use crate::service::{self, Postgres, StartRequest};
use crate::suite::Variant;
use crate::tool::{run_tool, OnProgress, DRIVER_SLACK};

/// What one agent started, so that calls can find it and shutdown can end it.
#[derive(Default)]
pub struct Agent {
    servers: Mutex<BTreeMap<u64, Server>>,
    next: Mutex<u64>,
    /// Set on shutdown (or, in this process, when the run stops): running
    /// tools are killed.
    stop: Arc<AtomicBool>,
    /// Pids of running tools.
    tools: Mutex<Vec<u32>>,
    /// The last progress line of the running tool ([`Call::Progress`]).
    progress: Arc<Mutex<Option<String>>>,
    /// The barrage binary `{barrage}` stands for; none: this executable.
    barrage: Option<PathBuf>,
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

/// A server under test or a service, under its id.
struct Server {
    process: Running,
    monitor: Option<Monitor>,
}

enum Running {
    Server(ServerProcess),
    Postgres(Box<Postgres>),
}

impl Running {
    fn pid(&self) -> u32 {
        match self {
            Running::Server(p) => p.pid(),
            Running::Postgres(p) => p.pid(),
        }
    }

    fn alive(&mut self) -> bool {
        match self {
            Running::Server(p) => p.alive(),
            Running::Postgres(p) => p.alive(),
        }
    }

    fn log_tail(&self, lines: usize) -> String {
        match self {
            Running::Server(p) => p.log_tail(lines),
            Running::Postgres(p) => p.log_tail(lines),
        }
    }

    /// A server: SIGTERM, SIGKILL after `grace`. PostgreSQL: a fast
    /// shutdown (SIGINT to the postmaster), SIGKILL only after `grace`
    /// (at least [`service::MIN_GRACE`]), its directory removed.
    fn stop(self, grace: Duration) -> Stopped {
        match self {
            Running::Server(p) => p.stop(grace),
            Running::Postgres(p) => p.stop(grace),
        }
    }

    fn postgres(&mut self, id: u64) -> Result<&mut Postgres, String> {
        match self {
            Running::Postgres(p) => Ok(p),
            Running::Server(_) => Err(format!("{id} is a server, not a service")),
        }
    }
}

const STOP_GRACE_LIMIT: Duration = Duration::from_secs(30);

impl Agent {
    pub fn new() -> Agent {
        Agent::default()
    }

    /// The agent of this machine in the lab's own process: `barrage` is
    /// the binary `{barrage}` stands for, and `stop` (the run's) kills its
    /// running tools as soon as it is set.
    pub fn in_process(barrage: PathBuf, stop: Arc<AtomicBool>) -> Agent {
        Agent {
            stop,
            barrage: Some(barrage),
            ..Agent::default()
        }
    }

    /// Does one call; the answer is its result as JSON.
    pub fn call(&self, call: Value) -> Result<Value, String> {
        let call: Call =
            serde_json::from_value(call).map_err(|e| format!("not a lab call: {e}"))?;
        match call {
            Call::Prepare {
                servers_dir,
                server,
                vars,
                cache,
                log,
            } => json(self.prepare(&servers_dir, &server, vars, &cache, &log)),
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
                let start = OwnedStart {
                    spec,
                    variant,
                    host,
                    ports: [0; 3],
                    cores,
                    run_dir,
                    log,
                    barrage: self.binary()?,
                };
                json(self.start(start))
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
            Call::Exec {
                program,
                args,
                cores,
                limit_ms,
                warmup_ms,
                read_back,
            } => json(self.exec(program, args, &cores, limit_ms, warmup_ms, read_back)),
            Call::ServiceStart {
                service,
                max_connections,
                host,
                cores,
                data_dir,
                run_dir,
                cache,
                log,
            } => json(self.start_service(&StartRequest {
                service: &service,
                max_connections,
                host: &host,
                cores: &cores,
                data_dir: &data_dir,
                run_dir: &run_dir,
                cache: &cache,
                log: &log,
            })),
            Call::ServiceReset { id } => json(self.with(id, |s| s.process.postgres(id)?.reset())),
            Call::ServiceWork { id } => json(self.with(id, |s| s.process.postgres(id)?.work())),
            other => host_call(other, self),
        }
    }

    /// Starts a server on free ports, waits until it is ready, pins its
    /// tree, and keeps it under a new id.
    fn start(&self, mut start: OwnedStart) -> Result<Started, String> {
        start.ports = process::free_ports(&start.host);
        let [port, tls_port, backend_port] = start.ports;
        let mut server = self.start_on_spawner(start)?;
        let ready = server.wait_ready(None)?;
        let _ = server.pin_tree();
        let pinned_cpus = process::cpu_affinity(server.pid()).ok();
        let id = self.keep(Running::Server(server));
        Ok(Started {
            id,
            port,
            tls_port,
            backend_port,
            ready_ms: ready.as_millis() as u64,
            pinned_cpus,
        })
    }

    /// Starts a service (its data loaded and checked) and keeps it under a
    /// new id, its postmaster spawned from the spawner thread.
    fn start_service(&self, req: &StartRequest) -> Result<ServiceStarted, String> {
        let spawn = |cmd: std::process::Command| {
            let mut cmd = cmd;
            self.on_spawner(move || cmd.spawn())
                .map_err(std::io::Error::other)?
        };
        let (pg, mut started) = service::start(req, &spawn)?;
        started.id = self.keep(Running::Postgres(Box::new(pg)));
        Ok(started)
    }

    /// Keeps a started server or service under a new id.
    fn keep(&self, process: Running) -> u64 {
        let id = {
            let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
            *next += 1;
            *next
        };
        self.servers().insert(
            id,
            Server {
                process,
                monitor: None,
            },
        );
        id
    }

    /// Starts a server from the spawner thread, which lives as long as the
    /// agent: with `die_with_starter`, the server's leader dies with the
    /// agent even when the agent is killed outright.
    fn start_on_spawner(&self, owned: OwnedStart) -> Result<ServerProcess, String> {
        self.on_spawner(move || owned.start())?
    }

    /// Runs `job` on the spawner thread and returns its result.
    fn on_spawner<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, String> {
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
        jobs.send(Box::new(move || {
            let _ = tx.send(job());
        }))
        .map_err(|_| "the agent's spawner thread is gone".to_string())?;
        drop(spawner);
        rx.recv()
            .map_err(|_| "the agent's spawner thread is gone".to_string())
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
            self.binary()?
        } else {
            PathBuf::from(program)
        };
        let warmup = Duration::from_millis(warmup_ms);
        let planned = Duration::from_millis(limit_ms).saturating_sub(DRIVER_SLACK);
        let tools = &self.tools;
        // A line of an earlier tool is not this one's.
        *self.progress.lock().unwrap_or_else(|e| e.into_inner()) = None;
        let latest = self.progress.clone();
        let live: OnProgress = Box::new(move |line: &str| {
            *latest.lock().unwrap_or_else(|e| e.into_inner()) = Some(line.to_string());
        });
        let ran = run_tool(
            &program,
            &args,
            cores,
            planned,
            Some(warmup),
            &self.stop,
            Some(live),
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

    /// Ends every tool, server and service this agent started (SIGKILL),
    /// now; a service's shared memory and sockets go too.
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

/// The calls about the host rather than a server or a tool.
fn host_call(call: Call, agent: &Agent) -> Result<Value, String> {
    match call {
        Call::Environment { root } => {
            crate::env::raise_open_files();
            let env: Environment = crate::env::capture(&root);
            json(Ok(env))
        }
        Call::Read { path } => json(
            std::fs::read(&path)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .map_err(|e| format!("cannot read {}: {e}", path.display())),
        ),
        Call::TimeWait => json(Ok(crate::monitor::time_wait_sockets())),
        Call::ListenQueue => json(Ok(crate::monitor::listen_queue())),
        Call::Cancel => {
            agent.kill_tools();
            json(Ok(()))
        }
        Call::Progress => json(Ok(agent
            .progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take())),
        Call::Clean { path } => json(clean(&path)),
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
        Call::Validate {
            workload,
            host,
            port,
            timeout_ms,
            seed,
            database,
        } => {
            let target = crate::validate::Target {
                host: &host,
                port,
                timeout: Duration::from_millis(timeout_ms),
                database: database.as_deref(),
            };
            json(Ok(crate::validate::validate(workload, &target, seed)))
        }
        other => Err(format!("not a host call: {other:?}")),
    }
}

/// Removes a run's scratch directory (only one under `results/.remote/`).
fn clean(path: &Path) -> Result<(), String> {
    let scratch = path
        .parent()
        .is_some_and(|p| p.ends_with("results/.remote"));
    if !scratch {
        return Err(format!(
            "{} is not a run's scratch directory",
            path.display()
        ));
    }
    std::fs::remove_dir_all(path).or_else(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Ok(()),
        _ => Err(format!("cannot remove {}: {e}", path.display())),
    })
}

impl Agent {
    /// The binary `{barrage}` stands for.
    fn binary(&self) -> Result<PathBuf, String> {
        match &self.barrage {
            Some(b) => Ok(b.clone()),
            None => {
                std::env::current_exe().map_err(|e| format!("cannot find this barrage binary: {e}"))
            }
        }
    }

    /// Requirements, build and version of a manifest.
    fn prepare(
        &self,
        servers_dir: &Path,
        server: &str,
        mut vars: BTreeMap<String, String>,
        cache: &Path,
        log: &Path,
    ) -> Result<Prepared, String> {
        let spec = ServerSpec::find(servers_dir, server).map_err(|e| e.to_string())?;
        let barrage = self.binary()?;
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

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

    /// The live line across hosts: the tool's last progress line, once.
    #[test]
    fn progress_answers_the_last_progress_line_once() {
        let agent = Agent::new();
        let script = "echo 'barrage-progress rps=1' >&2; echo 'barrage-progress rps=2' >&2";
        let exec = Call::Exec {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            cores: vec![],
            limit_ms: 60_000,
            warmup_ms: 0,
            read_back: None,
        };
        let e: Executed = serde_json::from_value(call(&agent, exec).unwrap()).unwrap();
        assert_eq!(e.stderr, "", "progress lines are not the tool's stderr");
        let line = call(&agent, Call::Progress).unwrap();
        assert_eq!(line, serde_json::json!("barrage-progress rps=2"));
        assert_eq!(call(&agent, Call::Progress).unwrap(), Value::Null);
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
