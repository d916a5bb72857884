//! `run_until_signal` returns cleanly on SIGTERM. The signal goes to this
//! test's own thread, not to the process: the crate's tests share one
//! binary, and a signal delivered to a thread blocked in a socket read with
//! a timeout ends that read with EINTR (signal(7)), even under SA_RESTART;
//! `kill -TERM PID` failed the WebSocket tests now and then so.

#![cfg(unix)]

use crate::common;

use std::net::TcpStream;
use std::time::{Duration, Instant};

use barrage_target::{run_until_signal, TargetConfig};

#[test]
fn run_until_signal_stops_on_sigterm() {
    // Keep a SIGTERM handler installed for the whole process, so a signal
    // that races with run_until_signal's own setup cannot kill the test.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let _guard = rt
        .block_on(async {
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        })
        .unwrap();

    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let server = std::thread::spawn(move || {
        run_until_signal(TargetConfig {
            listen: addr,
            threads: 1,
            tls: None,
            h3: false,
        })
    });

    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(addr).is_err() {
        assert!(Instant::now() < deadline, "server never came up");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(common::get(addr, "/hello").status, 200);

    // SAFETY: pthread_kill on the calling thread with a signal whose
    // handler (tokio's, installed above) is async-signal-safe.
    let sent = unsafe { libc::pthread_kill(libc::pthread_self(), libc::SIGTERM) };
    assert_eq!(sent, 0, "pthread_kill");

    server.join().unwrap().expect("clean shutdown");
    assert!(TcpStream::connect(addr).is_err(), "port still open");
}
