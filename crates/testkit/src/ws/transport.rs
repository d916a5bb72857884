//! What a WebSocket test connection reads and writes through: the TCP socket itself, or TLS
//! (rustls) over it for `wss://`. One blocking socket with a read timeout either way, so the
//! session loop can push on a schedule and notice a stop between reads.
//!
//! It must not know about frames or HTTP.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::{CertificateDer, PrivatePkcs8KeyDer};
use rustls::{ServerConfig, ServerConnection, StreamOwned};

/// Plain TCP, or TLS over it.
pub(crate) enum Transport {
    Plain(TcpStream),
    Tls(Box<StreamOwned<ServerConnection, TcpStream>>),
}

impl Transport {
    /// Wraps `tcp`, in TLS with `tls` when given (the handshake happens on the first reads).
    pub(crate) fn new(tcp: TcpStream, tls: Option<&Arc<ServerConfig>>) -> io::Result<Transport> {
        Ok(match tls {
            None => Transport::Plain(tcp),
            Some(config) => {
                let conn = ServerConnection::new(Arc::clone(config))
                    .map_err(|e| io::Error::other(format!("TLS: {e}")))?;
                Transport::Tls(Box::new(StreamOwned::new(conn, tcp)))
            }
        })
    }

    fn tcp(&self) -> &TcpStream {
        match self {
            Transport::Plain(s) => s,
            Transport::Tls(s) => &s.sock,
        }
    }

    pub(crate) fn set_read_timeout(&self, timeout: Duration) {
        let _ = self
            .tcp()
            .set_read_timeout(Some(timeout.max(Duration::from_millis(1))));
    }

    /// Ends our side: TLS's close_notify first, then the TCP FIN.
    pub(crate) fn shutdown_write(&mut self) -> io::Result<()> {
        if let Transport::Tls(s) = self {
            s.conn.send_close_notify();
            let _ = s.flush();
        }
        self.tcp().shutdown(Shutdown::Write)
    }

    /// Ends the TCP connection both ways at once, without TLS's goodbye.
    pub(crate) fn shutdown_both(&self) {
        let _ = self.tcp().shutdown(Shutdown::Both);
    }
}

impl Read for Transport {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Transport::Plain(s) => s.read(buf),
            Transport::Tls(s) => s.read(buf),
        }
    }
}

impl Write for Transport {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Transport::Plain(s) => s.write(buf),
            Transport::Tls(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Transport::Plain(s) => s.flush(),
            Transport::Tls(s) => s.flush(),
        }
    }
}

/// A TLS configuration (TLS 1.3 and 1.2, no ALPN: whatever the client offers, it speaks
/// HTTP/1.1) for a fresh self-signed certificate
/// for `localhost` and `127.0.0.1`; returns it and the certificate's PEM.
pub(crate) fn self_signed() -> (Arc<ServerConfig>, String) {
    let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
    let certified = rcgen::generate_simple_self_signed(names)
        .unwrap_or_else(|e| panic!("testkit-ws: cannot generate a certificate: {e}"));
    let key = PrivatePkcs8KeyDer::from(certified.key_pair.serialize_der());
    let chain: Vec<CertificateDer<'static>> = vec![certified.cert.der().clone()];
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(|b| b.with_no_client_auth().with_single_cert(chain, key.into()))
        .unwrap_or_else(|e| panic!("testkit-ws: TLS configuration: {e}"));
    (Arc::new(config), certified.cert.pem())
}
