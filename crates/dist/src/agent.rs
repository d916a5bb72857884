//! `barrage agent`: runs load for a controller, speaking [`crate::proto`]
//! on standard input and output.
//!
//! When standard input closes (the controller ended, its SSH connection
//! dropped, the pod's stream closed), the agent exits at once: its load
//! threads die with it, so no load outlives its controller.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use barrage_engine::{LoadSpec, Observer, Window};

use crate::proto::{line, unix_us_now, Event, Request, PROTOCOL};

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// What an agent does beside load: the answers to [`Request::Call`]. The
/// lab's (servers, monitors, tools, probes on this host) is wired in by
/// `barrage agent`; this crate knows nothing of it.
pub trait Extension: Send + Sync {
    /// Does one call (in a thread of its own) and returns its answer.
    fn call(&self, call: serde_json::Value) -> Result<serde_json::Value, String>;
    /// The controller is gone: end everything the calls started, now.
    fn shutdown(&self);
}

fn say(out: &Out, ev: &Event) {
    if let Ok(mut w) = out.lock() {
        let _ = w.write_all(line(ev).as_bytes());
        let _ = w.flush();
    }
}

/// Serves one controller until its input ends; returns the exit status.
pub fn serve(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) -> i32 {
    serve_with(input, output, None)
}

/// [`serve`], answering calls with `extension` (without one, every call is
/// answered with an error).
pub fn serve_with(
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
    extension: Option<Arc<dyn Extension>>,
) -> i32 {
    let requests = read_requests(input);
    let mut agent = Serving {
        out: Arc::new(Mutex::new(Box::new(output))),
        extension,
        prepared: None,
        running: None,
    };
    loop {
        let Ok(Some(msg)) = requests.recv() else {
            // The channel closed: end everything now.
            agent.end();
            return 0;
        };
        if agent
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            agent.running = None;
        }
        match msg {
            Ok(req) => agent.handle(req),
            Err(e) => agent.error(format!("not a request: {e}")),
        }
    }
}

/// The controller's requests, one a line, read in a thread of their own;
/// None when the input ends.
fn read_requests(
    input: impl BufRead + Send + 'static,
) -> mpsc::Receiver<Option<Result<Request, String>>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in input.lines() {
            let Ok(l) = l else { break };
            if l.trim().is_empty() {
                continue;
            }
            let msg = serde_json::from_str::<Request>(&l).map_err(|e| format!("{e}: {l}"));
            if tx.send(Some(msg)).is_err() {
                return;
            }
        }
        let _ = tx.send(None);
    });
    rx
}

/// An agent serving its controller: the part it prepared, the run under way.
struct Serving {
    out: Out,
    extension: Option<Arc<dyn Extension>>,
    prepared: Option<LoadSpec>,
    running: Option<Running>,
}

/// The run under way: how to stop it, whether it has said its last word
/// (its result or error), and its thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before the run's last event is written: a controller that
    /// read that event may prepare the next run while the thread is still
    /// dropping what it held (a loaded machine can deschedule it there).
    reported: Arc<AtomicBool>,
    handle: std::thread::JoinHandle<()>,
}

impl Serving {
    fn handle(&mut self, req: Request) {
        match req {
            Request::Hello => say(&self.out, &hello()),
            Request::Clock { id } => say(
                &self.out,
                &Event::Clock {
                    id,
                    unix_us: unix_us_now(),
                },
            ),
            Request::Prepare {
                spec,
                ca_pem,
                cores,
                threads,
            } => {
                if let Some(running) = self.running.take() {
                    if !running.reported.load(Ordering::SeqCst) {
                        self.running = Some(running);
                        return self.error("a run is under way: stop it first".into());
                    }
                    // It has reported: only its clean-up is left.
                    let _ = running.handle.join();
                }
                match prepare(*spec, ca_pem, cores, threads) {
                    Ok(spec) => {
                        self.prepared = Some(spec);
                        say(&self.out, &Event::Ready);
                    }
                    Err(message) => self.error(message),
                }
            }
            Request::Start { at_unix_us } => {
                let Some(spec) = self.prepared.take() else {
                    return self.error("start before prepare".into());
                };
                let stop = Arc::new(AtomicBool::new(false));
                let reported = Arc::new(AtomicBool::new(false));
                let (stop2, reported2, out2) = (stop.clone(), reported.clone(), self.out.clone());
                let handle =
                    std::thread::spawn(move || run(spec, at_unix_us, stop2, reported2, out2));
                self.running = Some(Running {
                    stop,
                    reported,
                    handle,
                });
            }
            Request::Stop => self.stop(),
            Request::Call { id, call } => self.call(id, call),
        }
    }

    fn error(&self, message: String) {
        say(&self.out, &Event::Error { message });
    }

    fn stop(&self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Answers a call in a thread of its own.
    fn call(&self, id: u64, call: serde_json::Value) {
        let (ext, out) = (self.extension.clone(), self.out.clone());
        std::thread::spawn(move || {
            let answer = match ext {
                Some(ext) => ext.call(call),
                None => Err("this agent takes no calls".into()),
            };
            let (ok, err) = match answer {
                Ok(v) => (Some(v), None),
                Err(e) => (None, Some(e)),
            };
            say(&out, &Event::Reply { id, ok, err });
        });
    }

    /// The controller is gone: the run stops and the extension ends.
    fn end(&self) {
        self.stop();
        if let Some(ext) = &self.extension {
            ext.shutdown();
        }
    }
}

fn hello() -> Event {
    let mut name = [0u8; 256];
    let hostname = unsafe {
        if libc::gethostname(name.as_mut_ptr().cast(), name.len()) == 0 {
            let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
            String::from_utf8_lossy(&name[..end]).into_owned()
        } else {
            String::new()
        }
    };
    Event::Hello {
        protocol: PROTOCOL,
        version: env!("CARGO_PKG_VERSION").to_string(),
        hostname,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        arch: std::env::consts::ARCH.to_string(),
    }
}

fn prepare(
    mut spec: LoadSpec,
    ca_pem: Option<String>,
    cores: Option<Vec<usize>>,
    threads: Option<usize>,
) -> Result<LoadSpec, String> {
    if let Some(cores) = &cores {
        pin(cores)?;
    }
    spec.threads = match threads {
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if let Some(pem) = ca_pem {
        let dir = std::env::temp_dir().join(format!("barrage-agent-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot write the CA file: {e}"))?;
        let path = dir.join("ca.pem");
        std::fs::write(&path, pem).map_err(|e| format!("cannot write the CA file: {e}"))?;
        spec.tls.ca_file = Some(path);
    }
    spec.validate().map_err(|e| e.to_string())?;
    Ok(spec)
}

/// Pins this thread (and so every thread it starts after) to `cores`.
fn pin(cores: &[usize]) -> Result<(), String> {
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        for &c in cores {
            if c >= libc::CPU_SETSIZE as usize {
                return Err(format!("core {c} is out of range"));
            }
            libc::CPU_SET(c, &mut set);
        }
        if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
            return Err(format!(
                "cannot pin to cores {cores:?}: {}",
                std::io::Error::last_os_error()
            ));
        }
    }
    Ok(())
}

/// CPU this process used so far (user + system), seconds.
pub use barrage_engine::search::process_cpu_seconds as cpu_seconds;

fn run(
    spec: LoadSpec,
    at_unix_us: u64,
    stop: Arc<AtomicBool>,
    reported: Arc<AtomicBool>,
    out: Out,
) {
    // Sleep to the start instant, coarsely then finely, watching `stop`.
    loop {
        let now = unix_us_now();
        if now >= at_unix_us || stop.load(Ordering::SeqCst) {
            break;
        }
        let left = at_unix_us - now;
        std::thread::sleep(Duration::from_micros(if left > 20_000 {
            left - 10_000
        } else {
            left.min(200)
        }));
    }
    let cpu0 = cpu_seconds();
    let mut watcher = Watcher { out: out.clone() };
    let ev = match barrage_engine::run_until(&spec, &mut watcher, stop) {
        Ok(report) => Event::Result {
            report: Box::new(report),
            cpu_s: cpu_seconds() - cpu0,
        },
        Err(e) => Event::Error {
            message: e.to_string(),
        },
    };
    reported.store(true, Ordering::SeqCst);
    say(&out, &ev);
}

struct Watcher {
    out: Out,
}

impl Observer for Watcher {
    fn on_start(&mut self, measure_start: Instant) {
        let (now, wall_now) = (Instant::now(), SystemTime::now());
        let wall = if measure_start >= now {
            wall_now.checked_add(measure_start - now)
        } else {
            wall_now.checked_sub(now - measure_start)
        };
        let us = wall
            .and_then(|w| w.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_micros() as u64);
        say(
            &self.out,
            &Event::Started {
                measured_from_unix_us: us,
            },
        );
    }

    fn on_window(&mut self, w: &Window) {
        let h = &w.latency_us;
        say(
            &self.out,
            &Event::Window {
                index: w.index,
                warmup: w.warmup,
                seconds: w.elapsed.as_secs_f64(),
                responses: w.counters.responses,
                errors: w.counters.errors_total(),
                p99_us: if h.is_empty() {
                    0
                } else {
                    h.value_at_quantile(0.99)
                },
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader, Write};
    use std::os::unix::net::UnixStream;

    use barrage_engine::Model;
    use barrage_testkit::{Behavior, TestServer};

    /// An agent served in a thread over a socket pair: (its input, its output, its exit).
    fn agent() -> (
        UnixStream,
        BufReader<UnixStream>,
        std::thread::JoinHandle<i32>,
    ) {
        let (ours_in, theirs_in) = UnixStream::pair().unwrap();
        let (ours_out, theirs_out) = UnixStream::pair().unwrap();
        let h = std::thread::spawn(move || serve(BufReader::new(theirs_in), theirs_out));
        (ours_in, BufReader::new(ours_out), h)
    }

    fn send(w: &mut UnixStream, r: &Request) {
        w.write_all(line(r).as_bytes()).unwrap();
    }

    fn next(r: &mut BufReader<UnixStream>) -> Event {
        let mut l = String::new();
        assert!(
            r.read_line(&mut l).unwrap() > 0,
            "the agent closed its output"
        );
        serde_json::from_str(&l).unwrap_or_else(|e| panic!("{e}: {l}"))
    }

    struct Echo {
        shut: Arc<AtomicBool>,
    }

    impl Extension for Echo {
        fn call(&self, call: serde_json::Value) -> Result<serde_json::Value, String> {
            match call["say"].as_str() {
                Some("no") => Err("refused".into()),
                _ => Ok(serde_json::json!({ "echo": call })),
            }
        }
        fn shutdown(&self) {
            self.shut.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn calls_are_answered_by_the_extension_and_shutdown_runs_on_close() {
        // Without an extension: an error reply, same id.
        let (mut input, mut output, done) = agent();
        let call = |id| Request::Call {
            id,
            call: serde_json::json!({ "say": "hi" }),
        };
        send(&mut input, &call(3));
        match next(&mut output) {
            Event::Reply {
                id: 3,
                ok: None,
                err: Some(e),
            } => assert!(e.contains("no calls"), "{e}"),
            other => panic!("{other:?}"),
        }
        drop(input);
        assert_eq!(done.join().unwrap(), 0);
        // With one: its answer or its error; closing the channel shuts it down.
        let shut = Arc::new(AtomicBool::new(false));
        let (ours_in, theirs_in) = UnixStream::pair().unwrap();
        let (ours_out, theirs_out) = UnixStream::pair().unwrap();
        let ext: Arc<dyn Extension> = Arc::new(Echo { shut: shut.clone() });
        let h = std::thread::spawn(move || {
            serve_with(BufReader::new(theirs_in), theirs_out, Some(ext))
        });
        let (mut input, mut output) = (ours_in, BufReader::new(ours_out));
        send(&mut input, &call(5));
        match next(&mut output) {
            Event::Reply {
                id: 5,
                ok: Some(v),
                err: None,
            } => assert_eq!(v["echo"]["say"], "hi"),
            other => panic!("{other:?}"),
        }
        send(
            &mut input,
            &Request::Call {
                id: 6,
                call: serde_json::json!({ "say": "no" }),
            },
        );
        match next(&mut output) {
            Event::Reply {
                id: 6,
                ok: None,
                err: Some(e),
            } => assert_eq!(e, "refused"),
            other => panic!("{other:?}"),
        }
        assert!(!shut.load(Ordering::SeqCst));
        drop(input);
        assert_eq!(h.join().unwrap(), 0);
        assert!(
            shut.load(Ordering::SeqCst),
            "closing the channel shuts the extension down"
        );
    }

    #[test]
    fn a_session_hello_clock_prepare_start_result() {
        let server = TestServer::start(Behavior::Good { body: b"hi" });
        let (mut input, mut output, done) = agent();
        send(&mut input, &Request::Hello);
        match next(&mut output) {
            Event::Hello {
                protocol, version, ..
            } => {
                assert_eq!(
                    (protocol, version.as_str()),
                    (PROTOCOL, env!("CARGO_PKG_VERSION"))
                )
            }
            other => panic!("{other:?}"),
        }
        let before = unix_us_now();
        send(&mut input, &Request::Clock { id: 7 });
        match next(&mut output) {
            Event::Clock { id, unix_us } => {
                assert_eq!(id, 7);
                assert!(unix_us >= before && unix_us <= unix_us_now());
            }
            other => panic!("{other:?}"),
        }
        // A spec that cannot run is refused at prepare, with the engine's words.
        let mut spec = LoadSpec::from_url(&format!("http://{}/", server.addr())).unwrap();
        let mut bad = spec.clone();
        bad.requests.clear();
        send(
            &mut input,
            &Request::Prepare {
                spec: Box::new(bad),
                ca_pem: None,
                cores: None,
                threads: None,
            },
        );
        match next(&mut output) {
            Event::Error { message } => assert!(message.contains("no request"), "{message}"),
            other => panic!("{other:?}"),
        }
        send(&mut input, &Request::Start { at_unix_us: 0 });
        assert!(
            matches!(next(&mut output), Event::Error { .. }),
            "start before prepare"
        );
        spec.model = Model::Closed {
            connections: 2,
            pipeline: 1,
        };
        spec.duration = None;
        spec.max_requests = Some(200);
        send(
            &mut input,
            &Request::Prepare {
                spec: Box::new(spec),
                ca_pem: None,
                cores: Some(vec![0]),
                threads: Some(1),
            },
        );
        assert!(matches!(next(&mut output), Event::Ready));
        let at = unix_us_now() + 50_000;
        send(&mut input, &Request::Start { at_unix_us: at });
        let started = match next(&mut output) {
            Event::Started {
                measured_from_unix_us,
            } => measured_from_unix_us,
            other => panic!("{other:?}"),
        };
        assert!(started >= at, "started {started} before the instant {at}");
        let report = loop {
            match next(&mut output) {
                Event::Window { .. } => {}
                Event::Result { report, cpu_s } => {
                    assert!(cpu_s > 0.0);
                    break report;
                }
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(report.totals.responses, 200);
        assert_eq!(server.responses(), 200);
        assert_eq!(report.spec.threads, 1);
        // Its input closed: the agent returns at once.
        drop(input);
        assert_eq!(done.join().unwrap(), 0);
    }

    #[test]
    fn closing_the_channel_mid_run_ends_the_agent_at_once() {
        let server = TestServer::start(Behavior::Good { body: b"hi" });
        let (mut input, mut output, done) = agent();
        let mut spec = LoadSpec::from_url(&format!("http://{}/", server.addr())).unwrap();
        spec.duration = Some(Duration::from_secs(60));
        spec.threads = 1;
        send(
            &mut input,
            &Request::Prepare {
                spec: Box::new(spec),
                ca_pem: None,
                cores: None,
                threads: Some(1),
            },
        );
        assert!(matches!(next(&mut output), Event::Ready));
        send(&mut input, &Request::Start { at_unix_us: 0 });
        assert!(matches!(next(&mut output), Event::Started { .. }));
        drop(input);
        let began = Instant::now();
        assert_eq!(done.join().unwrap(), 0);
        // serve() returned without waiting for the minute-long run (the
        // binary's main then exits, taking the load threads with it).
        assert!(began.elapsed() < Duration::from_secs(30));
    }
}
