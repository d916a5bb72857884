//! `barrage serve`: the built-in reference server.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use barrage_target::{Target, TargetConfig, TlsSetup};

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
}

impl ServeArgs {
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

pub fn main(args: ServeArgs) -> ExitCode {
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
    let result = barrage_target::run_until_signal_with(cfg, |target| {
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
            let started = Target::start(plain_cfg)?;
            on = format!("{} and {on}", listening_on(&started, false));
            plain = Some(started);
        }
        eprintln!("barrage serve: listening on {on}; Ctrl-C stops");
        Ok(())
    });
    if let Some(plain) = plain {
        plain.shutdown();
    }
    if let Some(msg) = cert_out_error {
        return crate::usage_error(msg);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The target reports every problem with the PEM files this way.
        Err(e) if from_files && e.kind() == io::ErrorKind::InvalidInput => {
            crate::usage_error(format!(
                "{e}; --cert and --key take PEM files (or use --tls for a self-signed certificate)"
            ))
        }
        Err(e) => {
            eprintln!("barrage: error: {e}");
            ExitCode::from(crate::EXIT_FAILED)
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
