//! TLS for the reference server: where the certificate comes from
//! ([`TlsSetup`]), loading it, and the rustls server configuration.
//!
//! The server offers ALPN `h2` and `http/1.1` over TLS 1.3 and 1.2 with the
//! ring provider, named explicitly so the process-wide default provider does
//! not matter. Which HTTP version a connection then speaks is the server's
//! business ([`Alpn`]); this module only hands out the acceptor. With HTTP/3
//! it also builds the QUIC side's configuration from the same certificate:
//! TLS 1.3 only (as QUIC requires), ALPN `h3`.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use quinn::crypto::rustls::QuicServerConfig;
use rustls::crypto::ring;
use rustls::version::{TLS12, TLS13};
use rustls::ServerConfig;
use rustls_pki_types::pem::{Error as PemError, PemObject};
use rustls_pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::TlsAcceptor;

/// Host names and addresses the self-signed certificate is valid for.
const SELF_SIGNED_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "::1"];
/// ALPN protocol ids, in the server's order of preference.
const ALPN_H2: &[u8] = b"h2";
const ALPN_HTTP11: &[u8] = b"http/1.1";
/// The ALPN id of HTTP/3, the only one offered over QUIC.
pub(crate) const ALPN_H3: &[u8] = b"h3";

/// Where the certificate of a TLS [`Target`](crate::Target) comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TlsSetup {
    /// A certificate generated at start for `localhost`, `127.0.0.1` and
    /// `::1`, signed by its own key. Clients trust it through
    /// [`Target::certificate_pem`](crate::Target::certificate_pem).
    SelfSigned,
    /// A certificate chain and its private key, both PEM files.
    Files {
        /// The certificate chain, leaf first (`CERTIFICATE` blocks).
        cert: PathBuf,
        /// The private key: PKCS#8 (`PRIVATE KEY`), RSA (`RSA PRIVATE KEY`)
        /// or SEC1 (`EC PRIVATE KEY`); the first one in the file is used.
        key: PathBuf,
    },
}

/// The HTTP version a TLS handshake settled on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Alpn {
    /// The client offered `h2`.
    H2,
    /// The client chose `http/1.1` or sent no ALPN at all.
    Http1,
}

impl Alpn {
    pub(crate) fn of(protocol: Option<&[u8]>) -> Alpn {
        match protocol {
            Some(ALPN_H2) => Alpn::H2,
            _ => Alpn::Http1,
        }
    }
}

/// Loaded TLS material, ready to accept connections.
pub(crate) struct Tls {
    pub(crate) acceptor: TlsAcceptor,
    /// The certificate chain in use, as PEM.
    pub(crate) certificate_pem: String,
    /// The QUIC crypto configuration (HTTP/3), when asked for.
    pub(crate) quic: Option<Arc<QuicServerConfig>>,
}

impl Tls {
    /// Generates or reads the certificate and builds the server config,
    /// and with `h3` the QUIC one from the same certificate.
    ///
    /// Every error about the files (unreadable, not PEM, no certificate or
    /// key in them, key not matching the certificate) has kind
    /// [`io::ErrorKind::InvalidInput`] and names the file.
    pub(crate) fn load(setup: &TlsSetup, h3: bool) -> io::Result<Tls> {
        let (chain, key) = match setup {
            TlsSetup::SelfSigned => self_signed()?,
            TlsSetup::Files { cert, key } => (read_chain(cert)?, read_key(key)?),
        };
        let certificate_pem = to_pem(&chain);
        let not_usable = |e: rustls::Error| match setup {
            TlsSetup::Files { cert, key } => invalid_input(format!(
                "certificate {} and key {} do not work together: {e}",
                cert.display(),
                key.display()
            )),
            TlsSetup::SelfSigned => io::Error::other(format!("self-signed certificate: {e}")),
        };
        let quic = if h3 {
            let config = quic_config(chain.clone(), key.clone_key()).map_err(not_usable)?;
            let config = QuicServerConfig::try_from(Arc::new(config))
                .map_err(|e| io::Error::other(format!("QUIC: {e}")))?;
            Some(Arc::new(config))
        } else {
            None
        };
        let config = server_config(chain, key).map_err(not_usable)?;
        Ok(Tls {
            acceptor: TlsAcceptor::from(Arc::new(config)),
            certificate_pem,
            quic,
        })
    }
}

type Material = (Vec<CertificateDer<'static>>, PrivateKeyDer<'static>);

fn self_signed() -> io::Result<Material> {
    let names = SELF_SIGNED_NAMES.map(String::from).to_vec();
    let generated = rcgen::generate_simple_self_signed(names)
        .map_err(|e| io::Error::other(format!("cannot generate a certificate: {e}")))?;
    let key = PrivatePkcs8KeyDer::from(generated.key_pair.serialize_der());
    Ok((vec![generated.cert.der().clone()], key.into()))
}

fn server_config(
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
) -> Result<ServerConfig, rustls::Error> {
    let mut config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_protocol_versions(&[&TLS13, &TLS12])?
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    config.alpn_protocols = vec![ALPN_H2.to_vec(), ALPN_HTTP11.to_vec()];
    Ok(config)
}

/// Sessions a server keeps for resumption (rustls' default is 256, few for
/// a load test that reconnects: a ticket must still be here when it comes back).
const QUIC_SESSIONS: usize = 16 * 1024;

/// The rustls side of HTTP/3: TLS 1.3 only, ALPN `h3`, and 0-RTT accepted
/// from a client that resumes (QUIC allows no early-data limit but none).
/// Replayed 0-RTT requests are answered like any other: this is a benchmark
/// target, whose endpoints change nothing.
fn quic_config(
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
) -> Result<ServerConfig, rustls::Error> {
    let mut config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_protocol_versions(&[&TLS13])?
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    config.alpn_protocols = vec![ALPN_H3.to_vec()];
    config.max_early_data_size = u32::MAX;
    config.session_storage = rustls::server::ServerSessionMemoryCache::new(QUIC_SESSIONS);
    Ok(config)
}

fn read_chain(path: &Path) -> io::Result<Vec<CertificateDer<'static>>> {
    let chain = CertificateDer::pem_file_iter(path)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| pem_error("certificate", path, e))?;
    if chain.is_empty() {
        return Err(pem_error("certificate", path, PemError::NoItemsFound));
    }
    Ok(chain)
}

fn read_key(path: &Path) -> io::Result<PrivateKeyDer<'static>> {
    PrivateKeyDer::from_pem_file(path).map_err(|e| pem_error("key", path, e))
}

/// One line saying which file is wrong and how.
fn pem_error(what: &str, path: &Path, e: PemError) -> io::Error {
    let path = path.display();
    invalid_input(match e {
        PemError::Io(e) => format!("cannot read {what} file {path}: {e}"),
        PemError::NoItemsFound if what == "key" => format!(
            "no private key in {path} (expected a PEM PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block)"
        ),
        PemError::NoItemsFound => {
            format!("no certificate in {path} (expected PEM CERTIFICATE blocks)")
        }
        e => format!("{what} file {path} is not valid PEM: {e}"),
    })
}

fn invalid_input(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, msg)
}

/// The chain as PEM `CERTIFICATE` blocks with `\n` line ends.
fn to_pem(chain: &[CertificateDer<'_>]) -> String {
    let blocks: Vec<pem::Pem> = chain
        .iter()
        .map(|cert| pem::Pem::new("CERTIFICATE", cert.to_vec()))
        .collect();
    let config = pem::EncodeConfig::new().set_line_ending(pem::LineEnding::LF);
    pem::encode_many_config(&blocks, config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alpn_picks_h2_only_when_offered() {
        assert_eq!(Alpn::of(Some(b"h2")), Alpn::H2);
        assert_eq!(Alpn::of(Some(b"http/1.1")), Alpn::Http1);
        assert_eq!(Alpn::of(None), Alpn::Http1);
    }

    #[test]
    fn self_signed_pem_round_trips() {
        let tls = Tls::load(&TlsSetup::SelfSigned, false).unwrap();
        assert!(tls
            .certificate_pem
            .starts_with("-----BEGIN CERTIFICATE-----\n"));
        let certs: Vec<_> = CertificateDer::pem_slice_iter(tls.certificate_pem.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(certs.len(), 1);
        assert!(tls.quic.is_none());
    }

    #[test]
    fn h3_builds_the_quic_config_too() {
        let tls = Tls::load(&TlsSetup::SelfSigned, true).unwrap();
        assert!(tls.quic.is_some());
    }

    #[test]
    fn missing_files_are_invalid_input_naming_the_file() {
        let setup = TlsSetup::Files {
            cert: "/nonexistent/cert.pem".into(),
            key: "/nonexistent/key.pem".into(),
        };
        let err = Tls::load(&setup, true).err().expect("load fails");
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        let msg = err.to_string();
        assert!(
            msg.starts_with("cannot read certificate file /nonexistent/cert.pem: "),
            "{msg}"
        );
    }
}
