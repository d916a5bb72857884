//! `barrage serve`: the built-in reference server.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use barrage_target::{Database, DatabaseConfig, Services, Target, TargetConfig, TlsSetup};

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("tls_source").args(["tls", "cert"])))]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Serve HTTPS (HTTP/1.1 and h2 by ALPN) with a certificate generated at
    /// start for localhost, 127.0.0.1 and ::1.
    #[arg(long, conflicts_with_all = ["cert", "key"])]
    tls: bool,
    /// Serve HTTPS with this PEM certificate chain (leaf first); needs --key.
    #[arg(long, value_name = "FILE", requires = "key")]
    cert: Option<PathBuf>,
    /// The PEM private key of --cert (PKCS#8, RSA or SEC1).
    #[arg(long, value_name = "FILE", requires = "cert")]
    key: Option<PathBuf>,
    /// Write the certificate in use as PEM to FILE, for a client's --cacert;
    /// needs --tls or --cert.
    #[arg(long, value_name = "FILE", requires = "tls_source")]
    cert_out: Option<PathBuf>,
    /// Serve HTTP/3 too (QUIC, ALPN h3) on UDP at the same address and port,
    /// with the same certificate; HTTP/1.1 and h2 responses then carry
    /// `Alt-Svc: h3=":PORT"; ma=86400`. One QUIC endpoint per worker thread,
    /// sharing the port (SO_REUSEPORT). Accepts 0-RTT from clients that
    /// resume, and answers it at once. Needs --tls or --cert.
    #[arg(long, requires = "tls_source")]
    h3: bool,
    /// Serve HTTPS (and HTTP/3 with --h3) at ADDR while --listen stays plain
    /// HTTP/1.1 and h2c: both from this one process, each with --threads
    /// workers. Needs --tls or --cert.
    #[arg(long, value_name = "ADDR", requires = "tls_source")]
    tls_listen: Option<SocketAddr>,
    /// The PostgreSQL of the database workloads (/db, /queries, /fortunes,
    /// /updates, /items), e.g.
    /// postgres://benchmarkdbuser:benchmarkdbpass@127.0.0.1:5432/hello_world.
    /// One connection is made at start: a database refusing connections is
    /// tried for 5 s, then barrage serve exits 1 saying why. Default: the
    /// environment's DATABASE_URL; without either, those endpoints answer 503.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Connections in the database pool (with --tls-listen, both listeners
    /// share it). Default: the environment's DATABASE_POOL,
    /// else 16.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    database_pool: Option<u32>,
    /// Serve gRPC too: the Bench service of the repository's
    /// proto/bench.proto (package barrage.bench.v1: Echo, Stream, Sum, Chat)
    /// over tonic, to HTTP/2 requests with content-type application/grpc —
    /// h2c (prior knowledge) on --listen beside HTTP/1.1, and h2 by ALPN on
    /// the TLS port. Stream takes count <= 1000000 and size <= 4 MiB
    /// (INVALID_ARGUMENT past them).
    #[arg(long)]
    grpc: bool,
    /// Answer HTTP/1.1 on --listen from memory, one thread: each distinct
    /// request is asked of this server once (on a loopback port of its
    /// own), and its response is kept and sent again for every identical
    /// request. What the lab measures the client's ceiling against: it
    /// costs next to nothing per response. Plain HTTP/1.1 only.
    #[arg(long, conflicts_with_all = ["tls", "cert", "tls_listen", "h3", "grpc"])]
    precomputed: bool,
}

impl ServeArgs {
    /// The pool of --database and --database-pool (or their environment
    /// variables), not connected yet.
    fn database(&self) -> Result<Option<Database>, String> {
        let url = match &self.database {
            Some(url) => url.clone(),
            None => match std::env::var("DATABASE_URL") {
                Ok(url) if !url.trim().is_empty() => url,
                _ => return Ok(None),
            },
        };
        let pool = match (self.database_pool, std::env::var("DATABASE_POOL")) {
            (Some(n), _) => n as usize,
            (None, Ok(text)) => match text.trim().parse::<usize>() {
                Ok(n) if (1..=10_000).contains(&n) => n,
                _ => {
                    return Err(format!(
                        "DATABASE_POOL={text:?} is not a pool size; give 1 to 10000 connections"
                    ))
                }
            },
            (None, Err(_)) => DEFAULT_POOL,
        };
        let database = Database::new(&DatabaseConfig { url, pool }).map_err(|e| {
            format!("{e}; --database takes postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        })?;
        Ok(Some(database))
    }

    fn tls(&self) -> Option<TlsSetup> {
        match (&self.cert, &self.key) {
            (Some(cert), Some(key)) => Some(TlsSetup::Files {
                cert: cert.clone(),
                key: key.clone(),
            }),
            _ if self.tls => Some(TlsSetup::SelfSigned),
            _ => None,
        }
    }
}

/// `--precomputed`: this server on a free loopback port, and the
/// precomputed responder in front of it on --listen.
fn precomputed(args: &ServeArgs, database: Option<Database>) -> ExitCode {
    let origin = TargetConfig {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        threads: 1,
        tls: None,
        h3: false,
    };
    let services = Services {
        database,
        grpc: false,
    };
    let target = match Target::start_with(origin, services) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("barrage serve: error: {e}");
            return ExitCode::from(crate::exit::EXIT_FAILED);
        }
    };
    eprintln!(
        "barrage serve: listening on http://{} (precomputed, from {}); Ctrl-C stops",
        args.listen,
        target.local_addr()
    );
    match barrage_target::precomputed::serve(args.listen, target.local_addr()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("barrage serve: error: --listen {}: {e}", args.listen);
            ExitCode::from(crate::exit::EXIT_FAILED)
        }
    }
}

/// Connections in the database pool without --database-pool or DATABASE_POOL.
const DEFAULT_POOL: usize = 16;

pub fn main(args: ServeArgs) -> ExitCode {
    let database = match args.database() {
        Ok(database) => database,
        Err(msg) => return crate::exit::usage_error(msg),
    };
    if args.precomputed {
        return precomputed(&args, database);
    }
    let tls = args.tls();
    let from_files = matches!(tls, Some(TlsSetup::Files { .. }));
    let cfg = TargetConfig {
        listen: args.tls_listen.unwrap_or(args.listen),
        threads: args.threads,
        tls,
        h3: args.h3,
    };
    // With --tls-listen, --listen is a second, plain server of its own.
    let plain_cfg = args.tls_listen.map(|_| TargetConfig {
        listen: args.listen,
        threads: args.threads,
        tls: None,
        h3: false,
    });
    let mut plain = None;
    let mut cert_out_error = None;
    let services = Services {
        database: database.clone(),
        grpc: args.grpc,
    };
    let result = barrage_target::run_until_signal_with(cfg, services.clone(), |target| {
        if let Some(path) = &args.cert_out {
            if let Err(e) = write_certificate(target, path) {
                cert_out_error = Some(format!(
                    "cannot write the certificate to {}: {e}; give --cert-out a writable path",
                    path.display()
                ));
                return Err(e);
            }
        }
        let mut on = listening_on(target, args.h3);
        if let Some(plain_cfg) = plain_cfg {
            let started = Target::start_with(plain_cfg, services)?;
            on = format!("{} and {on}", listening_on(&started, false));
            plain = Some(started);
        }
        let db = match &database {
            Some(database) => format!("; database {database}"),
            None => String::new(),
        };
        let grpc = if args.grpc {
            "; gRPC barrage.bench.v1.Bench on h2"
        } else {
            ""
        };
        eprintln!("barrage serve: listening on {on}{db}{grpc}; Ctrl-C stops");
        Ok(())
    });
    if let Some(plain) = plain {
        plain.shutdown();
    }
    if let Some(msg) = cert_out_error {
        return crate::exit::usage_error(msg);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The target reports every problem with the PEM files this way.
        Err(e) if from_files && e.kind() == io::ErrorKind::InvalidInput => {
            crate::exit::usage_error(format!(
                "{e}; --cert and --key take PEM files (or use --tls for a self-signed certificate)"
            ))
        }
        Err(e) => {
            eprintln!("barrage: error: {e}");
            ExitCode::from(crate::exit::EXIT_FAILED)
        }
    }
}

/// `https://ADDR (HTTP/1.1 and h2 by ALPN)`, with `; HTTP/3 on UDP` for
/// --h3, or `http://ADDR (HTTP/1.1 and h2c)`.
fn listening_on(target: &Target, h3: bool) -> String {
    let addr = target.local_addr();
    if target.certificate_pem().is_some() && h3 {
        format!("https://{addr} (HTTP/1.1 and h2 by ALPN over TCP; HTTP/3 over UDP)")
    } else if target.certificate_pem().is_some() {
        format!("https://{addr} (HTTP/1.1 and h2 by ALPN)")
    } else {
        format!("http://{addr} (HTTP/1.1 and h2c)")
    }
}

fn write_certificate(target: &Target, path: &Path) -> io::Result<()> {
    let pem = target
        .certificate_pem()
        .ok_or_else(|| io::Error::other("the server has no certificate"))?;
    std::fs::write(path, pem)
}
