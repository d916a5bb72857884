//! A load generator's process on a host: started pinned to the client
//! cores, its stdout and stderr read as it runs (the `barrage-progress`
//! lines taken out for the live line), its warm-up CPU left out, killed
//! past its time or at once when the run stops, its CPU read from wait4.
//!
//! Used by the agent ([`crate::host::Agent`]) on every host, this one
//! included. It knows nothing of suites, levels or hosts.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::{monitor, process};

/// What the thread reading a tool's stderr calls with each progress line.
pub type OnProgress = Box<dyn Fn(&str) + Send>;

/// The marker of the lines `barrage load --progress-lines` writes to stderr
/// once a second; they are the live line's, not the run's output.
pub const PROGRESS_MARK: &str = "barrage-progress ";

/// Extra time a load generator gets past its planned duration before it is killed.
pub const DRIVER_SLACK: Duration = Duration::from_secs(30);

/// What [`run_tool`] saw.
pub(crate) struct ToolRun {
    pub stdout: String,
    pub stderr: String,
    /// The measured window (after the warm-up).
    pub elapsed: Duration,
    /// User and system CPU seconds of the measured window.
    pub cpu: (f64, f64),
}

/// Runs a load generator pinned to `cores` and waits for it, killing it
/// `DRIVER_SLACK` past `planned`, or at once when `stop` is set. With a
/// `warmup`, `at_warm` runs when it is over and the tool's CPU until then
/// is not counted. `started` gets its pid.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_tool(
    program: &Path,
    args: &[String],
    cores: &[usize],
    planned: Duration,
    warmup: Option<Duration>,
    stop: &AtomicBool,
    live: Option<OnProgress>,
    started: &mut dyn FnMut(u32),
    at_warm: &mut dyn FnMut(),
) -> Result<ToolRun, String> {
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    process::pin_command(&mut cmd, cores)?;
    // SAFETY: the hook runs in the child between fork and exec and only
    // makes the prctl system call. The tool gets SIGKILL when the thread
    // that started it ends: a lab or agent killed outright leaves no load
    // running (this thread waits for the tool, so it ends only then).
    unsafe {
        cmd.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    };
    let began = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    started(child.id());
    let out = drain(&mut child, live);
    let deadline = began + planned + DRIVER_SLACK;
    let mut warm_cpu = (0.0, 0.0);
    if let Some(warmup) = warmup {
        // Not child.try_wait(): it would reap a generator that ends in
        // its warm-up, and wait_with_usage would lose its status and CPU.
        monitor::sleep_while_running(&child, began + warmup, stop)
            .map_err(|e| format!("waiting for {}: {e}", program.display()))?;
        warm_cpu = monitor::process_cpu(child.id()).unwrap_or((0.0, 0.0));
        at_warm();
    }
    let measured_from = Instant::now();
    let waited = monitor::wait_with_usage(&mut child, deadline, stop)
        .map_err(|e| format!("waiting for {}: {e}", program.display()))?;
    let (status, usage, overdue) = (waited.status, waited.usage, waited.overdue);
    let elapsed = measured_from.elapsed();
    let (stdout, stderr) = out.join().unwrap_or_default();
    if overdue {
        let last = stdout.lines().last().unwrap_or("").trim().to_string();
        return Err(format!(
            "{} was still running {}s after its planned end and was killed, without a summary (its last line: {last:?})",
            program.display(),
            DRIVER_SLACK.as_secs()
        ));
    }
    if !status.success() && stdout.trim().is_empty() {
        let last = stderr.lines().last().unwrap_or("").to_string();
        return Err(format!(
            "{} exited with {status}: {last}",
            program.display()
        ));
    }
    Ok(ToolRun {
        stdout,
        stderr,
        elapsed,
        cpu: (usage.user_s - warm_cpu.0, usage.sys_s - warm_cpu.1),
    })
}

/// Reads a child's stdout and stderr in threads (so a chatty tool never
/// blocks). stderr's [`PROGRESS_MARK`] lines go to `live` as they come, and
/// not into the text returned.
fn drain(child: &mut Child, live: Option<OnProgress>) -> std::thread::JoinHandle<(String, String)> {
    use std::io::{BufRead, Read};
    let mut out = child.stdout.take();
    let err = child.stderr.take();
    std::thread::spawn(move || {
        let e = std::thread::spawn(move || {
            let mut s = String::new();
            let Some(err) = err else {
                return s;
            };
            let mut reader = std::io::BufReader::new(err);
            let mut line = Vec::new();
            while matches!(reader.read_until(b'\n', &mut line), Ok(n) if n > 0) {
                let text = String::from_utf8_lossy(&line);
                if text.starts_with(PROGRESS_MARK) {
                    if let Some(live) = &live {
                        live(text.trim_end());
                    }
                } else {
                    s.push_str(&text);
                }
                line.clear();
            }
            s
        });
        let mut s = String::new();
        if let Some(out) = out.as_mut() {
            let _ = out.read_to_string(&mut s);
        }
        (s, e.join().unwrap_or_default())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// The driver's stderr: its progress lines go to the live line as they
    /// come, everything else stays its stderr.
    #[test]
    fn progress_lines_are_taken_out_of_stderr() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let into = Arc::clone(&seen);
        let live: OnProgress = Box::new(move |l| into.lock().unwrap().push(l.to_string()));
        let script = "echo out; echo 'barrage-progress rps=1' >&2; echo 'an error' >&2; \
                      echo 'barrage-progress rps=2' >&2";
        let ran = run_tool(
            Path::new("/bin/sh"),
            &["-c".into(), script.into()],
            &[],
            Duration::from_secs(5),
            None,
            &AtomicBool::new(false),
            Some(live),
            &mut |_| {},
            &mut || {},
        )
        .unwrap();
        assert_eq!(ran.stdout, "out\n");
        assert_eq!(ran.stderr, "an error\n");
        assert_eq!(
            *seen.lock().unwrap(),
            ["barrage-progress rps=1", "barrage-progress rps=2"]
        );
    }
}
