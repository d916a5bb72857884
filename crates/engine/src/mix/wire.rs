//! A mix's wire forms, built once per run, and the send of one entry.
//!
//! An entry without placeholders is an ordinary [`WireRequest`], sent as a
//! plain run sends its request. An entry with placeholders keeps its
//! HTTP/1 head, its body and (for HTTP/2 and HTTP/3) each field value as
//! [`Pieces`]; a send draws the values, computes the body's length, and
//! writes the pieces into the worker's scratch buffer (HTTP/1, HTTP/2) or
//! an arena the worker keeps (HTTP/3's frames, HTTP/2's field values):
//! buffers that keep their capacity, so a send allocates nothing.
//! HTTP/2 sends a field with placeholders as a literal not indexed (its
//! value changes every time: indexing would fill the table for nothing).

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use super::pick::{Picker, Values};
use super::tally::TemplateTally;
use super::text::Pieces;
use super::{Mix, MixSend};
use crate::request::RequestTemplate;
use crate::session::h2::H2Request;
use crate::session::h3::H3Request;
use crate::session::{Inflight, ProtocolSession, RequestForm, Session};
use crate::spec::{Protocol, Reuse, Scheme};
use crate::wire::WireRequest;

/// A mix ready to send, shared by the workers.
#[derive(Debug)]
pub(crate) struct CompiledMix {
    pub entries: Vec<Compiled>,
    pub weights: Vec<u32>,
    /// `{seq}`: one counter for the process.
    pub seq: Arc<AtomicU64>,
    /// `{rand}`: the run's seed (from the clock), which each worker mixes
    /// with its number, so workers, processes and agents draw apart.
    seed: u64,
    /// The most placeholders in one entry.
    max_slots: usize,
}

/// One entry ready to send.
#[derive(Debug)]
pub(crate) struct Compiled {
    /// Raw bytes: the connection shuts its write side after them, and a
    /// close without an answer is the expected outcome, not an error.
    pub raw: bool,
    /// HTTP/1: the last request of its connection.
    pub last_on_connection: bool,
    form: Form,
}

#[derive(Debug)]
enum Form {
    /// No placeholders.
    Fixed(WireRequest),
    /// Placeholders: rendered per send.
    Slotted(Box<Slotted>),
}

#[derive(Debug)]
struct Slotted {
    /// HTTP/1: the head up to (without) the blank line and any framing header.
    h1_head: Pieces,
    body: Pieces,
    framing: Framing,
    /// HTTP/2 and HTTP/3: lower-case names and their values, without
    /// `content-length` (added from the filled body).
    fields: Vec<(Box<[u8]>, Pieces)>,
    /// Whether the HTTP/2 and HTTP/3 forms say the body's length.
    body_length: bool,
    head: bool,
}

/// How an HTTP/1 body is framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    /// `Content-Length` from the filled body.
    Length,
    /// `Transfer-Encoding: chunked`: one chunk, then the last.
    Chunked,
    /// No body, or the template's own `Content-Length` header.
    AsIs,
}

/// Builds every entry's wire forms for `protocol`.
pub(crate) fn compile(
    mix: &Mix,
    authority: &str,
    reuse: Reuse,
    scheme: Scheme,
    protocol: Protocol,
) -> CompiledMix {
    let entries: Vec<Compiled> = mix
        .entries
        .iter()
        .map(|e| {
            let h1 = protocol == Protocol::Http1;
            match &e.send {
                MixSend::Raw(bytes) => Compiled {
                    raw: true,
                    last_on_connection: true,
                    form: Form::Fixed(raw_request(bytes)),
                },
                MixSend::Http {
                    request,
                    body_placeholders,
                    chunked,
                } => {
                    let s = slotted(
                        request,
                        *body_placeholders,
                        *chunked && h1,
                        e.close && h1,
                        authority,
                        reuse,
                        scheme,
                    );
                    Compiled {
                        raw: false,
                        last_on_connection: e.close && h1,
                        form: if s.has_slots() {
                            Form::Slotted(Box::new(s))
                        } else {
                            Form::Fixed(s.fixed())
                        },
                    }
                }
            }
        })
        .collect();
    let max_slots = entries
        .iter()
        .map(|c| match &c.form {
            Form::Slotted(s) => s.slots(),
            Form::Fixed(_) => 0,
        })
        .max()
        .unwrap_or(0);
    CompiledMix {
        weights: mix.entries.iter().map(|e| e.weight).collect(),
        entries,
        seq: Arc::new(AtomicU64::new(0)),
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id()) << 32,
        max_slots,
    }
}

fn raw_request(bytes: &[u8]) -> WireRequest {
    let h2 = H2Request {
        headers: Vec::new(),
        body: Box::default(),
    };
    WireRequest {
        bytes: bytes.into(),
        h3: H3Request::new(&[], &[]),
        h2,
        head: false,
    }
}

fn slotted(
    request: &RequestTemplate,
    body_placeholders: bool,
    chunked: bool,
    close: bool,
    authority: &str,
    reuse: Reuse,
    scheme: Scheme,
) -> Slotted {
    let has = |name: &str| {
        request
            .headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    let mut bare = RequestTemplate {
        body: Vec::new(),
        ..request.clone()
    };
    if close && !has("connection") {
        bare.headers.push(("Connection".into(), "close".into()));
    }
    let mut head = bare.to_h1(authority, reuse);
    head.truncate(head.len() - 2); // the blank line: framing goes before it
    let body = if body_placeholders {
        Pieces::parse(&request.body).unwrap_or_default()
    } else {
        Pieces::parse_literal(&request.body)
    };
    let framing = match (chunked, request.body.is_empty() || has("content-length")) {
        (true, _) => Framing::Chunked,
        (false, false) => Framing::Length,
        (false, true) => Framing::AsIs,
    };
    let h2 = bare.to_h2(authority, scheme);
    let fields = h2
        .headers
        .into_iter()
        .map(|(n, v)| (n, Pieces::parse(&v).unwrap_or_default()))
        .collect();
    Slotted {
        h1_head: Pieces::parse(&head).unwrap_or_default(),
        body_length: !request.body.is_empty() && !has("content-length"),
        body,
        framing,
        fields,
        head: request.is_head(),
    }
}

impl Slotted {
    fn slots(&self) -> usize {
        let fields: usize = self.fields.iter().map(|(_, v)| v.slots()).sum();
        self.h1_head.slots().max(fields) + self.body.slots()
    }

    fn has_slots(&self) -> bool {
        self.slots() > 0
    }

    /// The entry without placeholders as a plain request.
    fn fixed(&self) -> WireRequest {
        let mut bytes = Vec::new();
        self.write_h1(&[], &mut bytes);
        let mut headers: Vec<crate::session::h2::hpack::Field> = self
            .fields
            .iter()
            .map(|(n, v)| (n.clone(), v.lowest().into()))
            .collect();
        let body = self.body.lowest();
        if self.body_length {
            headers.push((
                b"content-length"[..].into(),
                body.len().to_string().into_bytes().into(),
            ));
        }
        let h2 = H2Request {
            headers,
            body: body.into(),
        };
        WireRequest {
            bytes: bytes.into(),
            h3: H3Request::new(&h2.headers, &h2.body),
            h2,
            head: self.head,
        }
    }

    /// HTTP/1: the head, framing and body filled with `values` (the head's, then the body's).
    fn write_h1(&self, values: &[i64], out: &mut Vec<u8>) {
        let (head, body) = values.split_at(self.h1_head.slots().min(values.len()));
        self.h1_head.write(head, out);
        let len = self.body.len(body);
        let mut n = itoa::Buffer::new();
        match self.framing {
            Framing::Length => {
                out.extend_from_slice(b"Content-Length: ");
                out.extend_from_slice(n.format(len).as_bytes());
                out.extend_from_slice(b"\r\n\r\n");
                self.body.write(body, out);
            }
            Framing::AsIs => {
                out.extend_from_slice(b"\r\n");
                self.body.write(body, out);
            }
            Framing::Chunked => {
                out.extend_from_slice(b"Transfer-Encoding: chunked\r\n\r\n");
                if len > 0 {
                    put_hex(out, len);
                    out.extend_from_slice(b"\r\n");
                    self.body.write(body, out);
                    out.extend_from_slice(b"\r\n");
                }
                out.extend_from_slice(b"0\r\n\r\n");
            }
        }
    }
}

fn put_hex(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 16];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b"0123456789abcdef"[n & 15];
        n >>= 4;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// A worker's side of a mix: its choice, its values, its tallies, and
/// the buffers a send fills (kept, so a send allocates nothing).
#[derive(Debug)]
pub(crate) struct MixSender {
    picker: Picker,
    values: Values,
    drawn: Vec<i64>,
    /// HTTP/2 and HTTP/3: filled field values and body; HTTP/3's frames.
    arena: Vec<u8>,
    spans: Vec<(usize, usize)>,
    frames: Vec<u8>,
    /// Per template, in the mix's order.
    pub tallies: Vec<TemplateTally>,
}

impl MixSender {
    pub fn new(mix: &CompiledMix, worker: usize) -> MixSender {
        MixSender {
            picker: Picker::new(mix.weights.iter().copied()),
            values: Values::new(mix.seed ^ worker as u64, Arc::clone(&mix.seq)),
            drawn: Vec::with_capacity(mix.max_slots),
            arena: Vec::with_capacity(1024),
            spans: Vec::with_capacity(16),
            frames: Vec::with_capacity(1024),
            tallies: mix.entries.iter().map(|_| TemplateTally::new()).collect(),
        }
    }

    /// The next entry to send.
    #[inline]
    pub fn pick(&mut self) -> usize {
        self.picker.next()
    }

    /// Whether entry `c`'s response has no body.
    pub fn head(c: &Compiled) -> bool {
        match &c.form {
            Form::Fixed(w) => w.head,
            Form::Slotted(s) => s.head,
        }
    }

    /// Starts entry `c` on `session`: its bytes for a byte stream go to `out`.
    #[inline]
    pub fn submit(
        &mut self,
        c: &Compiled,
        session: &mut Session,
        inflight: Inflight,
        out: &mut Vec<u8>,
    ) {
        let s = match &c.form {
            Form::Fixed(w) => return session.submit(w, inflight, out),
            Form::Slotted(s) => s,
        };
        self.values.begin();
        self.drawn.clear();
        match session.request_form() {
            RequestForm::Text => {
                s.h1_head.draw(&mut self.values, &mut self.drawn);
                s.body.draw(&mut self.values, &mut self.drawn);
                s.write_h1(&self.drawn, out);
                session.submit_h1_batch(&[], std::iter::once(inflight), out);
            }
            RequestForm::Messages => {
                unreachable!("a WebSocket or gRPC run has no mix (checked before the run)")
            }
            RequestForm::Fields => {
                self.fill_fields(s);
                let (arena, spans) = (&self.arena, &self.spans);
                let body = spans.last().map_or(&[][..], |&(a, b)| &arena[a..b]);
                let fields = s
                    .fields
                    .iter()
                    .zip(spans)
                    .map(|((n, v), &(a, b))| (&n[..], &arena[a..b], !v.has_slots()));
                let length = s
                    .body_length
                    .then(|| &arena[spans[spans.len() - 2].0..spans[spans.len() - 2].1]);
                let length = length.map(|l| (&b"content-length"[..], l, false));
                session.submit_fields(fields.chain(length), body, inflight, out, &mut self.frames);
            }
        }
    }

    /// Fills each field value, then (if said) the body's length, then the
    /// body into the arena: `spans` says where each is.
    fn fill_fields(&mut self, s: &Slotted) {
        self.arena.clear();
        self.spans.clear();
        for (_, v) in &s.fields {
            self.drawn.clear();
            v.draw(&mut self.values, &mut self.drawn);
            let at = self.arena.len();
            v.write(&self.drawn, &mut self.arena);
            self.spans.push((at, self.arena.len()));
        }
        self.drawn.clear();
        s.body.draw(&mut self.values, &mut self.drawn);
        if s.body_length {
            let at = self.arena.len();
            let len = s.body.len(&self.drawn);
            self.arena
                .extend_from_slice(itoa::Buffer::new().format(len).as_bytes());
            self.spans.push((at, self.arena.len()));
        }
        let at = self.arena.len();
        s.body.write(&self.drawn, &mut self.arena);
        self.spans.push((at, self.arena.len()));
    }
}
