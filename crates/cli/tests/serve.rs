//! `barrage serve` end to end: loaded and stopped by SIGTERM, its TLS
//! certificate, and plain and TLS listeners from one process.

use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::cli_support;
use crate::common;
use cli_support::{barrage, take_stderr, u64_at, url};
use common::{serial, TempDir, BIN};

/// Kills the child on drop (a failed assertion must not leave a server running).
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

#[test]
fn serve_then_load_then_sigterm() {
    let _serial = serial();
    let addr = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let listen = addr.to_string();
    let mut server = KillOnDrop(
        Command::new(BIN)
            .args(["serve", "--listen", &listen, "--threads", "1"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run barrage serve"),
    );
    let up = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(addr).is_err() {
        assert!(
            Instant::now() < up,
            "barrage serve never listened on {addr}"
        );
        assert!(
            matches!(server.0.try_wait(), Ok(None)),
            "barrage serve exited"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let r = barrage(&[
        "load",
        "-t1",
        "-c2",
        "-n",
        "100",
        "--timeout",
        "5s",
        "--json",
        "-",
        &url(addr, "/hello"),
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(u64_at(&r.json(), "/totals/responses"), 100);

    // SAFETY: kill(2) on the pid of the child this test started.
    let sent = unsafe { libc::kill(server.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let stop = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.0.try_wait().expect("wait for barrage serve") {
            break status;
        }
        assert!(Instant::now() < stop, "barrage serve ignored SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        status.success(),
        "barrage serve exits cleanly on SIGTERM: {status:?}"
    );
    let stderr = take_stderr(&mut server.0);
    assert!(
        stderr.contains(&listen),
        "it says where it listens: {stderr}"
    );
}

#[test]
fn serve_with_missing_cert_is_one_line_and_exit_2() {
    let r = barrage(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--cert",
        "/nonexistent",
        "--key",
        "/nonexistent",
    ]);
    let line = r.usage_error(&"--cert /nonexistent");
    assert!(
        line.starts_with("cannot read certificate file /nonexistent: "),
        "{r:?}"
    );
    assert!(line.contains("--cert and --key take PEM files"), "{r:?}");
}

#[test]
fn serve_tls_writes_its_certificate() {
    let _serial = serial();
    let dir = TempDir::new("serve-tls");
    let cert_out = dir.file("ca.pem");
    let addr = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let listen = addr.to_string();
    let mut server = KillOnDrop(
        Command::new(BIN)
            .args(["serve", "--tls", "--listen", &listen, "--threads", "1"])
            .args(["--cert-out", &cert_out])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run barrage serve --tls"),
    );
    // The certificate is written before the start line, once the port listens.
    let up = Instant::now() + Duration::from_secs(10);
    let pem = loop {
        if let Ok(pem) = std::fs::read_to_string(&cert_out) {
            if pem.ends_with("-----END CERTIFICATE-----\n") {
                break pem;
            }
        }
        assert!(Instant::now() < up, "no certificate in {cert_out}");
        assert!(
            matches!(server.0.try_wait(), Ok(None)),
            "barrage serve exited"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----\n"), "{pem}");
    TcpStream::connect(addr).expect("it listens");

    // SAFETY: kill(2) on the pid of the child this test started.
    let sent = unsafe { libc::kill(server.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let stderr = take_stderr(&mut server.0);
    let status = server.0.wait().expect("wait for barrage serve");
    assert!(status.success(), "{status:?}: {stderr}");
    assert!(
        stderr.contains(&format!("https://{listen} (HTTP/1.1 and h2 by ALPN)")),
        "{stderr}"
    );
}

/// `--tls-listen`: one process serves plain HTTP/1.1 and h2c on --listen,
/// and HTTPS with HTTP/3 on the other address (the lab's barrage-target).
#[test]
fn serve_plain_and_tls_listeners_from_one_process() {
    let _serial = serial();
    let (plain, tls) = {
        let a = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let b = TcpListener::bind("127.0.0.1:0").expect("a free port");
        (a.local_addr().unwrap(), b.local_addr().unwrap())
    };
    let mut server = KillOnDrop(
        Command::new(BIN)
            .args(["serve", "--listen", &plain.to_string(), "--threads", "1"])
            .args(["--tls-listen", &tls.to_string(), "--tls", "--h3"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run barrage serve --tls-listen"),
    );
    let up = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(plain).is_err() || TcpStream::connect(tls).is_err() {
        assert!(Instant::now() < up, "barrage serve never listened");
        assert!(
            matches!(server.0.try_wait(), Ok(None)),
            "barrage serve exited"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let https = format!("https://{tls}/hello");
    let loads: [&[&str]; 3] = [
        &["--h2c", &url(plain, "/hello")],
        &["--h2", "-k", &https],
        &["--h3", "-k", &https],
    ];
    for flags in loads {
        let mut args = vec!["load", "-t1", "-c1", "-n", "20", "--timeout", "5s"];
        args.extend(["--json", "-"]);
        args.extend(flags);
        let r = barrage(&args);
        assert_eq!(r.code, Some(0), "{flags:?}: {r:?}");
        assert_eq!(u64_at(&r.json(), "/totals/responses"), 20, "{flags:?}");
    }
    // SAFETY: kill(2) on the pid of the child this test started.
    let sent = unsafe { libc::kill(server.0.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let stderr = take_stderr(&mut server.0);
    let status = server.0.wait().expect("wait for barrage serve");
    assert!(status.success(), "{status:?}: {stderr}");
    let says = format!(
        "listening on http://{plain} (HTTP/1.1 and h2c) and https://{tls} (HTTP/1.1 and h2 by ALPN over TCP; HTTP/3 over UDP)"
    );
    assert!(stderr.contains(&says), "{stderr}");
}

#[test]
fn serve_with_a_bad_database_setting_is_one_line_and_exit_2() {
    let r = barrage(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--database",
        "postgres://u:secret@h:notaport/db",
    ]);
    let line = r.usage_error(&"--database with a bad port");
    assert!(
        line.starts_with("bad database URL postgres://u:***@h:notaport/db: "),
        "{r:?}"
    );
    assert!(line.contains("--database takes postgres://"), "{r:?}");
    // The environment's pool size is checked as the flag is.
    let out = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("DATABASE_URL", "postgres://u@127.0.0.1:1/db")
        .env("DATABASE_POOL", "0")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        "barrage: error: DATABASE_POOL=\"0\" is not a pool size; give 1 to 10000 connections"
    );
}
