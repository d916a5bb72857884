//! The engine against nginx, counting requests in nginx's access log.
//!
//! Runs when `BARRAGE_NGINX` names the nginx binary (CI sets it). Without it
//! the test is skipped with a note, unless `CI` is set: CI must run it.

mod common;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use barrage_engine::{Arrival, Model, Reuse, RunReport};

use common::{check_invariants, closed, run, serial, spec};

/// A running nginx with its own prefix directory; killed and removed on drop.
struct Nginx {
    child: Child,
    dir: PathBuf,
    addr: SocketAddr,
}

impl Nginx {
    fn start(bin: &str) -> Nginx {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir =
            std::env::temp_dir().join(format!("barrage-nginx-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create the nginx prefix");
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port");
        let d = dir.display();
        let conf = format!(
            "# barrage's nginx test server
daemon off;
master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;

events {{
    worker_connections 1024;
}}

http {{
    access_log {d}/access.log;
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    keepalive_requests 1000000;
    keepalive_timeout 60s;

    server {{
        listen {addr};

        location /hello {{
            return 200 \"Hello World\\n\";
        }}
    }}
}}
"
        );
        let conf_path = dir.join("nginx.conf");
        std::fs::write(&conf_path, conf).expect("write nginx.conf");
        let child = Command::new(bin)
            .arg("-p")
            .arg(&dir)
            .arg("-e")
            .arg(dir.join("error.log"))
            .arg("-c")
            .arg(&conf_path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run nginx at {bin}: {e}"));
        let mut nginx = Nginx { child, dir, addr };
        let up = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(addr).is_err() {
            if let Ok(Some(status)) = nginx.child.try_wait() {
                panic!(
                    "nginx exited ({status}) before listening on {addr}; error log:\n{}",
                    std::fs::read_to_string(nginx.dir.join("error.log")).unwrap_or_default()
                );
            }
            assert!(Instant::now() < up, "nginx never listened on {addr}");
            std::thread::sleep(Duration::from_millis(20));
        }
        nginx
    }

    fn url(&self) -> String {
        format!("http://{}/hello", self.addr)
    }

    fn access_log(&self) -> PathBuf {
        self.dir.join("access.log")
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
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
fn nginx_counts_every_request() {
    let Some(bin) = std::env::var_os("BARRAGE_NGINX") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but BARRAGE_NGINX is not: CI must run the nginx tests"
        );
        eprintln!("note: BARRAGE_NGINX is not set: skipping the nginx tests");
        return;
    };
    let bin = bin.into_string().expect("BARRAGE_NGINX is UTF-8");
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
            conn_rate_per_s: 100.0,
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
