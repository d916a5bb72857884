//! The probes' TLS client: the engine's (ring, TLS 1.3 and 1.2) with no certificate
//! verification (servers under test present self-signed certificates); the
//! handshake signatures are still checked, so the peer holds the key of the
//! certificate it shows.

use std::sync::Arc;

use barrage_engine::TlsOptions;
use rustls::pki_types::ServerName;
use rustls::ClientConfig;

/// A client configuration offering exactly one ALPN protocol, with no
/// certificate verification (the engine's `--insecure` configuration).
pub(super) fn config(alpn: &[u8]) -> Result<ClientConfig, String> {
    let opts = TlsOptions {
        insecure: true,
        ..TlsOptions::default()
    };
    let config = barrage_engine::tls_client_config(&opts, &[alpn]).map_err(|e| e.message)?;
    Ok(Arc::unwrap_or_clone(config))
}

/// The server name to send: a DNS name or an IP address (`[::1]` unbracketed).
pub(super) fn server_name(host: &str) -> Result<ServerName<'static>, String> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    ServerName::try_from(bare.to_string())
        .map_err(|e| format!("{host} is not a TLS server name: {e}"))
}
