//! How the end of a QUIC connection is reported: the error kind and the
//! message the report counts. Reads nothing from the connection itself.

use quinn_proto::ConnectionError;

use super::code::{self, code_name};
use crate::recorder::ErrorKind;

/// The connection ended; `kind` and `message` are what the report counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lost {
    pub kind: ErrorKind,
    pub message: String,
}

/// The report's error kind and message for a lost connection.
pub fn lost(reason: &ConnectionError, handshake: bool) -> Lost {
    let (kind, message) = match reason {
        ConnectionError::TimedOut if handshake => (
            ErrorKind::Tls,
            "QUIC handshake: no answer before the idle timeout".to_string(),
        ),
        ConnectionError::TimedOut => (ErrorKind::Timeout, "QUIC idle timeout".to_string()),
        ConnectionError::Reset => (ErrorKind::Reset, "QUIC stateless reset".to_string()),
        ConnectionError::ApplicationClosed(close) => (
            ErrorKind::Protocol,
            format!(
                "the server closed the connection: {}{}",
                code_name(close.error_code.into_inner()),
                reason_text(&close.reason)
            ),
        ),
        ConnectionError::ConnectionClosed(close) if handshake => (
            ErrorKind::Tls,
            format!("QUIC handshake: the server closed the connection: {close}"),
        ),
        ConnectionError::ConnectionClosed(close) => (
            ErrorKind::Protocol,
            format!("the server closed the QUIC connection: {close}"),
        ),
        ConnectionError::TransportError(e) if handshake => {
            (ErrorKind::Tls, format!("QUIC handshake: {e}"))
        }
        ConnectionError::TransportError(e) => (ErrorKind::Protocol, format!("QUIC: {e}")),
        ConnectionError::VersionMismatch => (
            ErrorKind::Tls,
            "QUIC handshake: the server speaks no QUIC version barrage knows".to_string(),
        ),
        ConnectionError::LocallyClosed => (ErrorKind::Protocol, "closed by barrage".to_string()),
        ConnectionError::CidsExhausted => (
            ErrorKind::Connect,
            "QUIC: connection ids exhausted".to_string(),
        ),
    };
    Lost { kind, message }
}

fn reason_text(reason: &[u8]) -> String {
    if reason.is_empty() {
        return String::new();
    }
    format!(" ({})", String::from_utf8_lossy(reason))
}

/// Whether a lost connection is the server's clean close with nothing in flight.
pub fn is_clean_close(reason: &ConnectionError) -> bool {
    matches!(reason, ConnectionError::ApplicationClosed(c) if c.error_code.into_inner() == code::NO_ERROR)
}
