//! The engine against nginx, counting requests in nginx's access log.
//!
//! `#[ignore = "needs nginx"]`: scripts/test.sh sets `BARRAGE_NGINX` to the
//! nginx binary and runs it with `--include-ignored`; without the variable
//! it fails, never skips.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use barrage_engine::{Arrival, IoKind, Model, Reuse, RunReport};

use common::external::{binary, free_addr, Fixture, Server};
use common::{check_invariants, closed, run, serial, spec};

/// A running nginx with its own prefix directory (a [`Fixture`]); killed
/// and removed on drop.
struct Nginx {
    server: Server,
    fixture: Fixture,
}

impl Nginx {
    fn start(bin: &str) -> Nginx {
        let fixture = Fixture::new("nginx");
        let addr = free_addr();
        let http = format!("access_log {}/access.log;", fixture.dir.display());
        let server = format!(
            "listen {addr};
        location /hello {{
            return 200 \"Hello World\\n\";
        }}"
        );
        let server = Server::nginx_with(bin, &fixture, &http, &server, addr, addr);
        Nginx { server, fixture }
    }

    fn url(&self) -> String {
        self.server.url(false, "/hello")
    }

    fn access_log(&self) -> PathBuf {
        self.fixture.dir.join("access.log")
    }
}

fn log_lines(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|text| text.lines().count())
        .unwrap_or(0)
}

/// The access log's line count once it reaches `want` (nginx logs a request
/// just after sending its response, so the last lines may lag the client a
/// little), or after 5 s.
fn settled_log_lines(path: &Path, want: usize) -> usize {
    let deadline = Instant::now() + Duration::from_secs(5);
    while log_lines(path) < want && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    log_lines(path)
}

/// Lines of 200 responses to `GET /hello` (the combined format has the request and status).
fn hello_200_lines(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("\"GET /hello HTTP/1.1\" 200 "))
        .count()
}

fn clean(r: &RunReport, responses: u64) {
    check_invariants(r);
    assert_eq!(r.totals.errors, 0, "{:?}", r.errors);
    assert_eq!(r.totals.responses, responses);
    assert_eq!(r.status_counts.get("200"), Some(&responses));
}

#[test]
#[ignore = "needs nginx (scripts/test.sh runs it)"]
fn nginx_counts_every_request() {
    let bin = binary("BARRAGE_NGINX", "nginx");
    let _serial = serial();
    let nginx = Nginx::start(&bin);
    let log = nginx.access_log();

    let mut keepalive = spec(&nginx.url(), closed(10));
    keepalive.max_requests = Some(3000);
    let r = run(&keepalive);
    clean(&r, 3000);
    assert_eq!(r.connections.opened, 10);
    assert_eq!(
        settled_log_lines(&log, 3000),
        3000,
        "one access-log line per request"
    );
    assert_eq!(hello_200_lines(&log), 3000);

    let mut close = spec(&nginx.url(), closed(10));
    close.reuse = Reuse::Close;
    close.max_requests = Some(500);
    let r = run(&close);
    clean(&r, 500);
    assert_eq!(r.connections.opened, 500);
    assert_eq!(settled_log_lines(&log, 3500), 3500);

    let sessions = spec(
        &nginx.url(),
        Model::Sessions {
            conn_rate: barrage_engine::Schedule::constant(100.0),
            arrival: Arrival::Uniform,
            calls: 5,
            sessions: 20,
        },
    );
    let r = run(&sessions);
    clean(&r, 100);
    let x = r.sessions.as_ref().expect("session stats");
    assert_eq!((x.started, x.completed, x.failed), (20, 20, 0));
    assert_eq!(r.connections.opened, 20);
    assert_eq!(settled_log_lines(&log, 3600), 3600);
    assert_eq!(hello_200_lines(&log), 3600);
}

#[test]
#[ignore = "needs nginx (scripts/test.sh runs it)"]
fn nginx_over_io_uring_counts_every_request() {
    let bin = binary("BARRAGE_NGINX", "nginx");
    let _serial = serial();
    if let Some(why) = barrage_engine::io_uring_unavailable() {
        eprintln!("io_uring unavailable here ({why}): skipped");
        return;
    }
    let nginx = Nginx::start(&bin);
    let log = nginx.access_log();

    let mut keepalive = spec(&nginx.url(), closed(10));
    keepalive.io = IoKind::IoUring;
    keepalive.max_requests = Some(3000);
    let r = run(&keepalive);
    clean(&r, 3000);
    assert_eq!(r.spec.io, IoKind::IoUring);
    assert_eq!(r.connections.opened, 10);
    assert_eq!(settled_log_lines(&log, 3000), 3000);

    let mut close = keepalive.clone();
    close.reuse = Reuse::Close;
    close.max_requests = Some(500);
    let r = run(&close);
    clean(&r, 500);
    assert_eq!(r.spec.io, IoKind::IoUring);
    assert_eq!(r.connections.opened, 500);
    assert_eq!(settled_log_lines(&log, 3500), 3500);
    assert_eq!(hello_200_lines(&log), 3500);
}
