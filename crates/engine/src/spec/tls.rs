//! How `https://` connections are made, as the spec says it: plain data.
//! The TLS set-up (crate::tls) reads it; this file imports none of it.

use std::path::PathBuf;

/// How `https://` connections are made.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TlsOptions {
    /// Skip certificate verification (`--insecure`).
    pub insecure: bool,
    /// Trust the certificates in this PEM file instead of the system's roots.
    pub ca_file: Option<PathBuf>,
    /// Resume TLS sessions across reconnects (tickets or ids).
    pub resume: bool,
    /// The name sent as SNI and checked against the certificate; default: the URL's host.
    pub server_name: Option<String>,
}
