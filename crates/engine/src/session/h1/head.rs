//! A response head, parsed with httparse, and what it says about the body
//! and the connection: RFC 9112's framing rules (§6.3) live here and only
//! here. It must not read bytes beyond the head nor keep anything unless
//! asked (the load keeps nothing).

use std::mem::MaybeUninit;

use crate::session::ProtocolError;

/// Longest response head accepted (status line, fields, blank line).
pub const MAX_HEAD: usize = 64 * 1024;
/// Most header lines parsed (httparse's buffer is left uninitialised, so a
/// roomy limit costs nothing per response).
pub const MAX_HEADERS: usize = 128;

/// How the head says its body is delimited, whether or not a body follows
/// (a `HEAD` response announces the framing its `GET` would have).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// A `Content-Length` header, and no `Transfer-Encoding`.
    ContentLength,
    /// `Transfer-Encoding` whose last coding is `chunked`.
    Chunked,
    /// Read until the server closed the connection: neither header, or a
    /// `Transfer-Encoding` whose last coding is not `chunked`.
    Close,
}

/// What follows the head on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// Nothing: a response to `HEAD`, a 204 or a 304 (RFC 9112 §6.3 rule 1).
    None,
    /// This many bytes.
    Length(u64),
    /// Chunks, up to the last one and its trailers.
    Chunked,
    /// Everything up to the server's close.
    UntilClose,
}

/// A final response's head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Head {
    pub status: u16,
    /// The minor version: `HTTP/1.0` or `HTTP/1.1`.
    pub minor_version: u8,
    /// Bytes of the head on the wire: status line, fields and blank line.
    pub head_bytes: usize,
    /// How the head says its body is delimited.
    pub framing: Framing,
    /// What follows on the wire (nothing when the response has no body).
    pub body: Body,
    /// The connection ends after this response: `Connection: close`,
    /// HTTP/1.0 without keep-alive, or a body delimited by the close.
    pub closes: bool,
}

impl Head {
    /// Before any head was read.
    pub(super) const NONE: Head = Head {
        status: 0,
        minor_version: 1,
        head_bytes: 0,
        framing: Framing::Close,
        body: Body::None,
        closes: false,
    };

    /// An interim `1xx` response: skipped, the final one follows.
    pub fn is_interim(&self) -> bool {
        (100..200).contains(&self.status)
    }
}

/// A response's head fields and body, kept when asked.
#[derive(Debug, Default)]
pub(super) struct Kept {
    pub(super) reason: Vec<u8>,
    pub(super) headers: Vec<(Vec<u8>, Vec<u8>)>,
    pub(super) body: Vec<u8>,
}

impl Kept {
    /// Keeps a new head's reason and fields, and empties the body.
    fn start(&mut self, r: &httparse::Response) {
        self.reason.clear();
        self.reason
            .extend_from_slice(r.reason.unwrap_or("").as_bytes());
        self.headers.clear();
        let fields = r.headers.iter();
        self.headers
            .extend(fields.map(|h| (h.name.as_bytes().to_vec(), h.value.to_vec())));
        self.body.clear();
    }
}

/// Parses the head at the start of `buf`: `None` while incomplete. A
/// `head_only` response (to a `HEAD`) has no body whatever its head says.
/// `kept` gets the reason and fields (its body emptied).
pub(super) fn parse(
    buf: &[u8],
    head_only: bool,
    kept: Option<&mut Kept>,
) -> Result<Option<Head>, ProtocolError> {
    starts_as_http1(buf)?;
    let mut fields = [MaybeUninit::<httparse::Header>::uninit(); MAX_HEADERS];
    let mut r = httparse::Response::new(&mut []);
    let config = httparse::ParserConfig::default();
    let head_bytes = match config.parse_response_with_uninit_headers(&mut r, buf, &mut fields) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        // The status line is judged whole, so that the message shows it.
        Err(_) if !buf.contains(&b'\n') => return Ok(None),
        Err(e) => return Err(refused(e, &r, buf)),
    };
    if head_bytes > MAX_HEAD {
        return Err(too_long());
    }
    let status = r.code.unwrap_or(0);
    if let Some(kept) = kept {
        kept.start(&r);
    }
    if status == 101 {
        return Err(ProtocolError("unexpected 101 Switching Protocols".into()));
    }
    let minor_version = r.version.unwrap_or(1);
    let fields = Fields::read(r.headers);
    let no_body = head_only || status == 204 || status == 304 || (100..200).contains(&status);
    let (framing, body) = fields.framing(no_body)?;
    let http10 = minor_version == 0;
    // RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding is faulty;
    // the connection is closed after it.
    let closes = fields.close
        || (http10 && !fields.keep_alive)
        || (http10 && fields.coding.is_some())
        || body == Body::UntilClose;
    Ok(Some(Head {
        status,
        minor_version,
        head_bytes,
        framing,
        body,
        closes,
    }))
}

/// A head of any status, `101` included (a WebSocket upgrade's answer):
/// its status, reason and size, each field handed to `field`; `None` while
/// incomplete. Its framing is not judged: the caller reads no body.
pub(crate) fn parse_any(
    buf: &[u8],
    field: &mut dyn FnMut(&str, &[u8]),
) -> Result<Option<(u16, String, usize)>, ProtocolError> {
    starts_as_http1(buf)?;
    let mut fields = [MaybeUninit::<httparse::Header>::uninit(); MAX_HEADERS];
    let mut r = httparse::Response::new(&mut []);
    let config = httparse::ParserConfig::default();
    let head_bytes = match config.parse_response_with_uninit_headers(&mut r, buf, &mut fields) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) if buf.len() > MAX_HEAD => return Err(too_long()),
        Ok(httparse::Status::Partial) => return Ok(None),
        // A status line is judged whole, but not one longer than a head may be.
        Err(_) if !buf.contains(&b'\n') && buf.len() <= MAX_HEAD => return Ok(None),
        Err(_) if !buf.contains(&b'\n') => return Err(too_long()),
        Err(e) => return Err(refused(e, &r, buf)),
    };
    for h in r.headers.iter() {
        field(h.name, h.value);
    }
    let reason = r.reason.unwrap_or("").to_string();
    Ok(Some((r.code.unwrap_or(0), reason, head_bytes)))
}

/// What the fields say about framing and the connection.
#[derive(Default)]
struct Fields {
    /// `Content-Length`: its value, or why it cannot be used.
    length: Option<Result<u64, ProtocolError>>,
    /// The last transfer coding named (all `Transfer-Encoding` fields make
    /// one list): `chunked` or not.
    coding: Option<Coding>,
    close: bool,
    keep_alive: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Coding {
    Chunked,
    Other,
}

impl Fields {
    fn read(headers: &[httparse::Header]) -> Fields {
        let mut f = Fields::default();
        for h in headers {
            if h.name.eq_ignore_ascii_case("content-length") {
                f.add_length(h.value);
            } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
                if let Some(last) = list(h.value).last() {
                    let chunked = last.eq_ignore_ascii_case(b"chunked");
                    f.coding = Some(if chunked {
                        Coding::Chunked
                    } else {
                        Coding::Other
                    });
                }
            } else if h.name.eq_ignore_ascii_case("connection") {
                for token in list(h.value) {
                    f.close |= token.eq_ignore_ascii_case(b"close");
                    f.keep_alive |= token.eq_ignore_ascii_case(b"keep-alive");
                }
            }
        }
        f
    }

    /// One `Content-Length` field. The same value repeated, in one field as
    /// a list (`5, 5`) or in several fields, is that value (RFC 9110 §8.6
    /// allows either); different values are an error that sticks.
    fn add_length(&mut self, value: &[u8]) {
        for item in value.split(|&b| b == b',') {
            self.length = match (self.length.take(), parse_length(item)) {
                (Some(Err(e)), _) | (_, Err(e)) => Some(Err(e)),
                (Some(Ok(m)), Ok(n)) if m != n => Some(Err(ProtocolError(
                    "conflicting Content-Length headers".into(),
                ))),
                (_, Ok(n)) => Some(Ok(n)),
            };
        }
    }

    /// The framing announced and the body that follows (RFC 9112 §6.3, in
    /// its order: no body; Transfer-Encoding over Content-Length, chunked
    /// only as the last coding, else until the close; Content-Length, whose
    /// invalid or conflicting values are an error; else until the close).
    fn framing(&self, no_body: bool) -> Result<(Framing, Body), ProtocolError> {
        let (framing, body) = match (self.coding, &self.length) {
            (Some(Coding::Chunked), _) => (Framing::Chunked, Body::Chunked),
            (Some(Coding::Other), _) => (Framing::Close, Body::UntilClose),
            (None, Some(Ok(n))) => (Framing::ContentLength, Body::Length(*n)),
            (None, Some(Err(_))) if no_body => (Framing::ContentLength, Body::None),
            (None, Some(Err(e))) => return Err(e.clone()),
            (None, None) => (Framing::Close, Body::UntilClose),
        };
        Ok((framing, if no_body { Body::None } else { body }))
    }
}

/// The elements of a comma-separated field value, trimmed, empty ones
/// left out (RFC 9110 §5.6.1).
fn list(value: &[u8]) -> impl Iterator<Item = &[u8]> {
    value
        .split(|&b| b == b',')
        .map(<[u8]>::trim_ascii)
        .filter(|item| !item.is_empty())
}

fn parse_length(value: &[u8]) -> Result<u64, ProtocolError> {
    let digits = value.trim_ascii();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(ProtocolError(format!(
            "invalid Content-Length: {}",
            excerpt(value)
        )));
    }
    let text = std::str::from_utf8(digits).unwrap_or("");
    text.parse()
        .map_err(|_| ProtocolError(format!("Content-Length too large: {text}")))
}

/// Refuses at once bytes that cannot begin an HTTP/1 status line (empty
/// lines before it are skipped, as httparse skips them).
fn starts_as_http1(buf: &[u8]) -> Result<(), ProtocolError> {
    let start = buf.iter().position(|&b| b != b'\r' && b != b'\n');
    let rest = &buf[start.unwrap_or(buf.len())..];
    if b"HTTP/".starts_with(&rest[..rest.len().min(5)]) {
        return Ok(());
    }
    Err(ProtocolError(format!(
        "not an HTTP/1 response: it starts {}",
        excerpt(rest)
    )))
}

/// The error for a head httparse refused, naming the part at fault.
fn refused(e: httparse::Error, r: &httparse::Response, buf: &[u8]) -> ProtocolError {
    let line = || {
        let end = buf.iter().position(|&b| b == b'\n').unwrap_or(buf.len());
        let line = String::from_utf8_lossy(&buf[..end]);
        format!("{:?}", line.trim_end_matches('\r'))
    };
    ProtocolError(match e {
        httparse::Error::Version => format!("not an HTTP/1 response: status line {}", line()),
        httparse::Error::Status | httparse::Error::Token if r.reason.is_none() => {
            format!("malformed status line {}", line())
        }
        httparse::Error::TooManyHeaders => format!("more than {MAX_HEADERS} header lines"),
        e => format!("malformed response head ({e}): {}", excerpt(buf)),
    })
}

pub(super) fn too_long() -> ProtocolError {
    ProtocolError(format!("response head longer than {MAX_HEAD} bytes"))
}

/// The first bytes of `data`, printable, for an error message.
pub(crate) fn excerpt(data: &[u8]) -> String {
    let cut = &data[..data.len().min(40)];
    let text: String = cut.escape_ascii().to_string();
    if data.len() > 40 {
        format!("\"{text}…\"")
    } else {
        format!("\"{text}\"")
    }
}
