//! TLS client set-up: rustls with the ring provider, TLS 1.2 and 1.3,
//! certificates checked against the system's roots (or `--cacert`), ALPN
//! offering what the spec asks for, and session resumption on request.

use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::Resumption;
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};

use crate::spec::{Field, SpecError};

pub use crate::spec::TlsOptions;

/// The ALPN protocol ids.
pub const ALPN_H2: &[u8] = b"h2";
pub const ALPN_HTTP11: &[u8] = b"http/1.1";

/// Builds the client configuration shared by every connection of a run
/// (also what the lab's probes use, with `insecure`).
pub fn client_config(opts: &TlsOptions, alpn: &[&[u8]]) -> Result<Arc<ClientConfig>, SpecError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_protocol_versions(rustls::ALL_VERSIONS)
        .map_err(|e| SpecError::new(Field::Resources, format!("TLS set-up failed: {e}")))?;
    let mut config = if opts.insecure {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(NoVerification(provider)))
            .with_no_client_auth()
    } else {
        builder
            .with_root_certificates(roots(opts)?)
            .with_no_client_auth()
    };
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    config.resumption = if opts.resume {
        Resumption::in_memory_sessions(4096)
    } else {
        Resumption::disabled()
    };
    Ok(Arc::new(config))
}

/// The server name QUIC's handshake checks (quinn takes it as text).
pub(crate) fn quic_server_name(opts: &TlsOptions, host: &str) -> Result<String, SpecError> {
    let name = server_name(opts, host)?;
    Ok(match name {
        ServerName::DnsName(d) => d.as_ref().to_string(),
        ServerName::IpAddress(ip) => std::net::IpAddr::from(ip).to_string(),
        _ => opts.server_name.clone().unwrap_or_else(|| host.to_string()),
    })
}

/// The server name for SNI and verification.
pub(crate) fn server_name(opts: &TlsOptions, host: &str) -> Result<ServerName<'static>, SpecError> {
    let name = opts.server_name.as_deref().unwrap_or(host);
    let bare = name.trim_start_matches('[').trim_end_matches(']');
    ServerName::try_from(bare.to_string()).map_err(|e| {
        SpecError::new(
            Field::ServerName,
            format!("invalid TLS server name {name:?}: {e}"),
        )
    })
}

fn roots(opts: &TlsOptions) -> Result<RootCertStore, SpecError> {
    let mut store = RootCertStore::empty();
    if let Some(path) = &opts.ca_file {
        let shown = path.display();
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
            .map_err(|e| {
                SpecError::new(
                    Field::CaFile,
                    format!("CA file {shown}: cannot read it: {e}"),
                )
            })?
            .collect::<Result<_, _>>()
            .map_err(|e| {
                SpecError::new(
                    Field::CaFile,
                    format!("CA file {shown}: not a PEM certificate file: {e}"),
                )
            })?;
        if certs.is_empty() {
            return Err(SpecError::new(
                Field::CaFile,
                format!(
                "CA file {shown}: no certificate in it (expected PEM \"BEGIN CERTIFICATE\" blocks)"
            ),
            ));
        }
        for cert in certs {
            store.add(cert).map_err(|e| {
                SpecError::new(
                    Field::CaFile,
                    format!("CA file {shown}: unusable certificate: {e}"),
                )
            })?;
        }
        return Ok(store);
    }
    let found = rustls_native_certs::load_native_certs();
    for cert in found.certs {
        let _ = store.add(cert);
    }
    Ok(store)
}

/// `--insecure`: any certificate is accepted; signatures are still checked
/// so that the handshake itself is real.
#[derive(Debug)]
struct NoVerification(Arc<CryptoProvider>);

impl ServerCertVerifier for NoVerification {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// One line for a failed handshake; certificate problems say how to get past them.
pub(crate) fn describe(e: &rustls::Error) -> (String, bool) {
    match e {
        rustls::Error::InvalidCertificate(why) => {
            use rustls::CertificateError as C;
            let why = match why {
                C::UnknownIssuer => "not signed by a trusted CA".to_string(),
                C::NotValidForName | C::NotValidForNameContext { .. } => {
                    "not valid for the server name (tls.server_name)".to_string()
                }
                C::Expired | C::ExpiredContext { .. } => "expired".to_string(),
                other => format!("{other:?}"),
            };
            (
                format!(
                    "TLS: the server's certificate was rejected: {why}; \
                     trust its CA (tls.ca_file) or skip verification (tls.insecure)"
                ),
                true,
            )
        }
        other => (format!("TLS: {other}"), false),
    }
}
