//! Real servers started by the tests: h2o, nghttpd, nginx and Caddy, each on
//! free ports of 127.0.0.1, with a document root holding the contract's
//! static files and a certificate made for the run. Each is found through an
//! environment variable (`BARRAGE_H2O`, `BARRAGE_NGHTTPD`, `BARRAGE_NGINX`,
//! `BARRAGE_CADDY`, set by scripts/test.sh). The tests that use them are
//! `#[ignore = "needs …"]` and fail when the variable is missing.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The body of `/static/4k`: 4,096 bytes.
pub const STATIC_4K_LEN: usize = 4096;

/// A directory for one test: `root/static/{6b,4k}`, `cert.pem`, `key.pem`
/// (for `localhost` and 127.0.0.1). Removed on drop.
pub struct Fixture {
    pub dir: PathBuf,
}

impl Fixture {
    pub fn new(tag: &str) -> Fixture {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir =
            std::env::temp_dir().join(format!("barrage-{tag}-{}-{nanos}", std::process::id()));
        let stat = dir.join("root/static");
        std::fs::create_dir_all(&stat).expect("create the document root");
        std::fs::write(stat.join("6b"), b"hello\n").unwrap();
        std::fs::write(stat.join("4k"), vec![b'x'; STATIC_4K_LEN]).unwrap();
        let cert = rcgen::generate_simple_self_signed(vec!["localhost".into(), "127.0.0.1".into()])
            .expect("make a certificate");
        std::fs::write(dir.join("cert.pem"), cert.cert.pem()).unwrap();
        std::fs::write(dir.join("key.pem"), cert.key_pair.serialize_pem()).unwrap();
        Fixture { dir }
    }

    pub fn root(&self) -> PathBuf {
        self.dir.join("root")
    }

    pub fn cert(&self) -> PathBuf {
        self.dir.join("cert.pem")
    }

    pub fn key(&self) -> PathBuf {
        self.dir.join("key.pem")
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The binary named by `var`, for a test marked `#[ignore = "needs …"]`
/// (scripts/test.sh sets the variables and runs those tests).
pub fn binary(var: &str, what: &str) -> String {
    match std::env::var(var) {
        Ok(bin) if !bin.is_empty() => bin,
        _ => panic!("needs {what}: {var} is not set (scripts/test.sh finds {what} and sets it)"),
    }
}

pub fn free_addr() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
}

/// Two different free ports: both listeners are held while the second is
/// picked (two `free_addr` calls once returned the same port).
pub fn two_free_addrs() -> (SocketAddr, SocketAddr) {
    let a = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let b = TcpListener::bind("127.0.0.1:0").expect("a free port");
    (a.local_addr().unwrap(), b.local_addr().unwrap())
}

/// A server process, killed on drop; `plain` and `tls` are its listening addresses.
pub struct Server {
    child: Child,
    pub plain: SocketAddr,
    pub tls: SocketAddr,
}

impl Server {
    /// Starts `cmd` and waits until every address accepts connections.
    fn spawn(mut cmd: Command, plain: SocketAddr, tls: SocketAddr, log: &Path) -> Server {
        let out = std::fs::File::create(log).expect("create the server log");
        let err = out.try_clone().unwrap();
        let child = cmd
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
        let mut server = Server { child, plain, tls };
        let up = Instant::now() + Duration::from_secs(10);
        for addr in [plain, tls] {
            while TcpStream::connect(addr).is_err() {
                if let Ok(Some(status)) = server.child.try_wait() {
                    panic!(
                        "{cmd:?} exited ({status}) before listening on {addr}; its log:\n{}",
                        std::fs::read_to_string(log).unwrap_or_default()
                    );
                }
                assert!(Instant::now() < up, "{cmd:?} never listened on {addr}");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        server
    }

    pub fn url(&self, tls: bool, path: &str) -> String {
        match tls {
            false => format!("http://{}{path}", self.plain),
            true => format!("https://{}{path}", self.tls),
        }
    }

    /// h2o: HTTP/1.1 and h2c on `plain`, HTTP/1.1 and h2 (ALPN) on `tls`, one thread.
    pub fn h2o(bin: &str, f: &Fixture) -> Server {
        let (plain, tls) = two_free_addrs();
        // As root h2o would switch to `nobody`, who cannot read the key.
        let user = if euid_is_root() { "user: root\n" } else { "" };
        let conf = format!(
            "{user}num-threads: 1
http2-max-concurrent-requests-per-connection: 100
access-log: /dev/null
listen:
  host: 127.0.0.1
  port: {}
listen:
  host: 127.0.0.1
  port: {}
  ssl:
    certificate-file: {}
    key-file: {}
    ocsp-update-interval: 0
hosts:
  default:
    paths:
      /:
        file.dir: {}
",
            plain.port(),
            tls.port(),
            f.cert().display(),
            f.key().display(),
            f.root().display()
        );
        let path = f.dir.join("h2o.conf");
        std::fs::write(&path, conf).unwrap();
        let mut cmd = Command::new(bin);
        cmd.arg("-c").arg(&path);
        Server::spawn(cmd, plain, tls, &f.dir.join("h2o.log"))
    }

    /// nghttpd: two processes would be needed for h2c and TLS; `tls` says which.
    pub fn nghttpd(bin: &str, f: &Fixture, tls: bool) -> Server {
        let addr = free_addr();
        let mut cmd = Command::new(bin);
        cmd.arg("-d").arg(f.root()).arg("--address=127.0.0.1");
        if tls {
            cmd.arg(addr.port().to_string()).arg(f.key()).arg(f.cert());
        } else {
            cmd.arg("--no-tls").arg(addr.port().to_string());
        }
        Server::spawn(cmd, addr, addr, &f.dir.join("nghttpd.log"))
    }

    /// Caddy: HTTP/1.1 and h2c on `plain`; HTTP/1.1 and h2 by ALPN on `tls`,
    /// and HTTP/3 on the same port over UDP; static files from the fixture.
    pub fn caddy(bin: &str, f: &Fixture) -> Server {
        let (plain, tls) = two_free_addrs();
        let conf = format!(
            "{{
\tadmin off
\tauto_https off
\tservers {{
\t\tprotocols h1 h2 h2c h3
\t}}
}}
http://127.0.0.1:{plain_port} {{
\tbind 127.0.0.1
\troot * {root}
\tfile_server
}}
https://localhost:{tls_port}, https://127.0.0.1:{tls_port} {{
\tbind 127.0.0.1
\ttls {cert} {key}
\troot * {root}
\tfile_server
}}
",
            plain_port = plain.port(),
            tls_port = tls.port(),
            cert = f.cert().display(),
            key = f.key().display(),
            root = f.root().display()
        );
        let path = f.dir.join("Caddyfile");
        std::fs::write(&path, conf).unwrap();
        let mut cmd = Command::new(bin);
        cmd.arg("run")
            .arg("--config")
            .arg(&path)
            .arg("--adapter")
            .arg("caddyfile")
            .env("HOME", &f.dir)
            .env("XDG_DATA_HOME", f.dir.join("data"))
            .env("XDG_CONFIG_HOME", f.dir.join("config"));
        let server = Server::spawn(cmd, plain, tls, &f.dir.join("caddy.log"));
        wait_for_udp(tls);
        server
    }

    /// nginx: HTTP/1.1 on `plain`, HTTP/1.1 and (with `h2`) h2 by ALPN over
    /// TLS on `tls`, with the TLS versions in `protocols` (`ssl_protocols`).
    pub fn nginx(bin: &str, f: &Fixture, protocols: &str, h2: bool) -> Server {
        let (plain, tls) = two_free_addrs();
        let server = format!(
            "listen {plain};
        listen {tls} ssl{http2};
        ssl_protocols {protocols};
        ssl_certificate {cert};
        ssl_certificate_key {key};
        root {root};",
            http2 = if h2 { " http2" } else { "" },
            cert = f.cert().display(),
            key = f.key().display(),
            root = f.root().display()
        );
        Server::nginx_with(bin, f, "access_log off;", &server, plain, tls)
    }

    /// nginx, one worker, its prefix in the fixture's directory, with these
    /// `http` directives and one `server` block's body.
    pub fn nginx_with(
        bin: &str,
        f: &Fixture,
        http: &str,
        server: &str,
        plain: SocketAddr,
        tls: SocketAddr,
    ) -> Server {
        let d = f.dir.display();
        let conf = format!(
            "daemon off;
master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    {http}
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    server {{
        {server}
    }}
}}
"
        );
        let path = f.dir.join("nginx.conf");
        std::fs::write(&path, conf).unwrap();
        let mut cmd = Command::new(bin);
        cmd.arg("-p")
            .arg(&f.dir)
            .arg("-e")
            .arg(f.dir.join("error.log"))
            .arg("-c")
            .arg(&path);
        Server::spawn(cmd, plain, tls, &f.dir.join("nginx.log"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until a UDP socket is bound to `addr` (an HTTP/3 listener comes
/// up after the TCP one), as /proc/net/udp shows it.
pub fn wait_for_udp(addr: SocketAddr) {
    let want = format!(":{:04X} ", addr.port());
    let up = Instant::now() + Duration::from_secs(10);
    loop {
        let table = std::fs::read_to_string("/proc/net/udp").unwrap_or_default()
            + &std::fs::read_to_string("/proc/net/udp6").unwrap_or_default();
        if table.lines().any(|l| {
            l.split_whitespace()
                .nth(1)
                .is_some_and(|local| format!("{local} ").ends_with(&want))
        }) {
            return;
        }
        assert!(Instant::now() < up, "nothing listened on UDP {addr}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn euid_is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}
