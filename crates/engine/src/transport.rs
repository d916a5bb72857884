//! Byte-stream transports: the bytes under an HTTP/1 or HTTP/2 session,
//! plain TCP or TLS over TCP. The choice is independent of the protocol:
//! ALPN, read from the transport after the handshake, picks the session
//! (`session::for_alpn`). QUIC, the datagram transport, is `quic.rs`; a
//! [`crate::link::Link`] pairs either with its session.
//!
//! `Uring` is plain TCP driven through the worker's io_uring
//! ([`crate::uring`]): its reads return what the ring received, its writes
//! queue a send.
//!
//! All are non-blocking. A read returns `WouldBlock` once the socket is
//! drained (for TLS: once the socket is drained *and* no decrypted bytes are
//! left), so the edge-triggered loop above never misses an event.

use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::sync::Arc;

use mio::net::TcpStream;
use rustls::pki_types::ServerName;
use rustls::{ClientConfig, ClientConnection, HandshakeKind};

use crate::uring::UringStream;

/// Why a transport operation failed.
#[derive(Debug)]
pub(crate) enum TransportError {
    Io(io::Error),
    /// The TLS layer failed; `certificate` when the server's certificate was rejected.
    Tls {
        message: String,
        certificate: bool,
    },
}

pub(crate) enum Transport {
    Plain(TcpStream),
    Tls(Box<Tls>),
    Uring(Box<UringStream>),
}

pub(crate) struct Tls {
    tcp: TcpStream,
    conn: ClientConnection,
    /// The peer closed the TCP connection.
    eof: bool,
}

/// What the handshake settled, for the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TlsSummary {
    pub version: String,
    /// `None` over QUIC (quinn does not tell it).
    pub cipher: Option<String>,
    /// The protocol ALPN chose; `None` when the server chose none.
    pub alpn: Option<String>,
    pub resumed: bool,
}

impl Transport {
    pub fn tls(
        tcp: TcpStream,
        config: &Arc<ClientConfig>,
        name: ServerName<'static>,
    ) -> Result<Transport, TransportError> {
        let mut conn = ClientConnection::new(config.clone(), name).map_err(tls_error)?;
        // Requests are bounded by what the schedule keeps in flight; no second limit here.
        conn.set_buffer_limit(None);
        Ok(Transport::Tls(Box::new(Tls {
            tcp,
            conn,
            eof: false,
        })))
    }

    pub fn tcp(&mut self) -> &mut TcpStream {
        match self {
            Transport::Plain(tcp) => tcp,
            Transport::Tls(t) => &mut t.tcp,
            Transport::Uring(u) => u.tcp(),
        }
    }

    pub fn is_tls(&self) -> bool {
        matches!(self, Transport::Tls(_))
    }

    /// Moves the TLS handshake on; true once it is complete (at once for plain TCP).
    pub fn handshake(&mut self) -> Result<bool, TransportError> {
        let Transport::Tls(t) = self else {
            return Ok(true);
        };
        loop {
            t.flush()?;
            if !t.conn.is_handshaking() {
                return Ok(true);
            }
            if !t.conn.wants_read() {
                return Ok(false); // records wait for a writable socket
            }
            match t.conn.read_tls(&mut t.tcp) {
                Ok(0) => {
                    return Err(TransportError::Io(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the server closed the connection during the TLS handshake",
                    )))
                }
                Ok(_) => t.process()?,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(false),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(TransportError::Io(e)),
            }
        }
    }

    /// Reads application bytes: `Ok(0)` at the end of the stream,
    /// `WouldBlock` when there is nothing more for now.
    pub fn read(&mut self, buf: &mut [u8]) -> Result<usize, TransportError> {
        match self {
            Transport::Plain(tcp) => loop {
                match tcp.read(buf) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => return other.map_err(TransportError::Io),
                }
            },
            Transport::Tls(t) => t.read(buf),
            Transport::Uring(u) => u.read(buf).map_err(TransportError::Io),
        }
    }

    /// [`read`](Self::read) with the kernel's receive stamp of the bytes
    /// (plain TCP whose stamps were asked for; TLS and io_uring reads have none).
    pub fn read_stamped(
        &mut self,
        buf: &mut [u8],
    ) -> Result<(usize, Option<std::time::Duration>), TransportError> {
        match self {
            Transport::Plain(tcp) => {
                crate::stamp::recv(tcp.as_raw_fd(), buf).map_err(TransportError::Io)
            }
            Transport::Tls(_) | Transport::Uring(_) => self.read(buf).map(|n| (n, None)),
        }
    }

    /// Writes application bytes; returns how many the transport took (TLS
    /// takes all and sends what the socket accepts; the rest waits in
    /// [`pending`](Self::pending)).
    pub fn write(&mut self, data: &[u8]) -> Result<usize, TransportError> {
        match self {
            Transport::Plain(tcp) => loop {
                match tcp.write(data) {
                    Ok(n) => return Ok(n),
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(0),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(TransportError::Io(e)),
                }
            },
            Transport::Tls(t) => {
                t.conn
                    .writer()
                    .write_all(data)
                    .map_err(TransportError::Io)?;
                t.flush()?;
                Ok(data.len())
            }
            Transport::Uring(u) => {
                if u.write(data) {
                    crate::uring::note_send(u.key, u.generation);
                }
                Ok(data.len())
            }
        }
    }

    /// Encrypted bytes waiting for a writable socket (TLS), or a failed
    /// send to report (io_uring).
    pub fn pending(&self) -> bool {
        match self {
            Transport::Plain(_) => false,
            Transport::Tls(t) => t.conn.wants_write(),
            Transport::Uring(u) => u.failed(),
        }
    }

    /// Sends encrypted bytes that waited.
    pub fn flush(&mut self) -> Result<(), TransportError> {
        match self {
            Transport::Plain(_) => Ok(()),
            Transport::Tls(t) => t.flush(),
            Transport::Uring(u) => u.flush().map_err(TransportError::Io),
        }
    }

    pub fn tls_summary(&self) -> Option<TlsSummary> {
        let Transport::Tls(t) = self else {
            return None;
        };
        let c = &t.conn;
        Some(TlsSummary {
            version: c
                .protocol_version()
                .and_then(|v| v.as_str())
                .unwrap_or("?")
                .replace('_', "."),
            cipher: Some(
                c.negotiated_cipher_suite()
                    .and_then(|s| s.suite().as_str())
                    .unwrap_or("?")
                    .to_string(),
            ),
            alpn: c
                .alpn_protocol()
                .map(|p| String::from_utf8_lossy(p).into_owned()),
            resumed: c.handshake_kind() == Some(HandshakeKind::Resumed),
        })
    }

    /// The protocol ALPN chose, if any.
    pub fn alpn(&self) -> Option<&[u8]> {
        match self {
            Transport::Plain(_) | Transport::Uring(_) => None,
            Transport::Tls(t) => t.conn.alpn_protocol(),
        }
    }
}

impl Tls {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, TransportError> {
        loop {
            match self.conn.reader().read(buf) {
                Ok(n) => return Ok(n), // 0: close_notify
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                // Closed without close_notify: the end, as for plain TCP.
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(0),
                Err(e) => return Err(TransportError::Io(e)),
            }
            if self.eof {
                return Ok(0);
            }
            match self.conn.read_tls(&mut self.tcp) {
                Ok(0) => self.eof = true,
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(TransportError::Io(e)), // WouldBlock included
            }
            self.process()?;
            if self.conn.wants_write() {
                self.flush()?;
            }
        }
    }

    fn process(&mut self) -> Result<(), TransportError> {
        if let Err(e) = self.conn.process_new_packets() {
            // Send the alert that says why, if the socket takes it.
            let _ = self.conn.write_tls(&mut self.tcp);
            return Err(tls_error(e));
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), TransportError> {
        while self.conn.wants_write() {
            match self.conn.write_tls(&mut self.tcp) {
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(TransportError::Io(e)),
            }
        }
        Ok(())
    }
}

fn tls_error(e: rustls::Error) -> TransportError {
    let (message, certificate) = crate::tls::describe(&e);
    TransportError::Tls {
        message,
        certificate,
    }
}
