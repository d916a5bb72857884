//! A level that needs more file descriptors than the process may hold is
//! refused before any connect, in one line that names the limit, the
//! number needed and what to do.

use std::os::unix::process::CommandExt;
use std::process::Command;

use barrage_testkit::closed_port;

#[test]
fn connections_over_the_open_files_limit_are_refused_in_one_line() {
    let url = format!("http://127.0.0.1:{}/", closed_port());
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_barrage"));
    cmd.args(["load", "-t1", "-c", "200", "-d", "1s", &url]);
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        cmd.pre_exec(|| {
            let low = libc::rlimit {
                rlim_cur: 128,
                rlim_max: 128,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &low) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().expect("run barrage");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    for part in [
        "200 connections need 264 file descriptors",
        "RLIMIT_NOFILE) of 128",
        "at most 64 connections fit",
        "barrage load --agents",
    ] {
        assert!(lines[0].contains(part), "{part:?} not in {stderr}");
    }
    // Refused before the load: no connect was tried.
    assert!(!stderr.contains("connect to"), "{stderr}");
}
