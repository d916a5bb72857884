//! Weighted request mixes: several request templates, each sent its
//! weight's share of the time, with placeholders filled at send time.
//!
//! This module owns the mix as data ([`Mix`], [`MixEntry`], what a
//! `LoadSpec` carries and an agent receives), its checks, and, beside it,
//! the placeholder text ([`text`]), the wire forms built once per run and
//! written per send without allocating ([`wire`]), the choice of the next
//! template ([`pick`]) and each template's tally ([`tally`]). It reads no
//! file: `barrage load --mix FILE` parses the TOML and builds a [`Mix`].
//!
//! Choice: a smooth weighted round robin per worker (nginx's), so the
//! weights hold exactly over every cycle of `sum of weights` requests of a
//! worker, with the templates interleaved rather than sent in runs.
//!
//! Placeholders: `{rand LO..HI}` (an integer drawn uniformly from LO to HI
//! inclusive, from a per-worker xorshift generator) and `{seq}` (a number
//! that increases per request over the whole process: one shared counter),
//! in the path, header values and a text body.

pub(crate) mod pick;
pub(crate) mod tally;
pub mod text;
pub(crate) mod wire;

use serde::{Deserialize, Serialize};

use crate::request::RequestTemplate;
use crate::spec::{Field, Protocol, Scheme, SpecError};

pub use text::Pieces;

/// A weighted set of requests to send instead of one (or `--urls` in turn).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mix {
    pub entries: Vec<MixEntry>,
}

/// One template of a mix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MixEntry {
    /// How reports name it.
    pub name: String,
    /// Sent `weight / sum of weights` of the time; at least 1.
    pub weight: u32,
    pub send: MixSend,
    /// HTTP/1: sent as the last request of its connection (with
    /// `Connection: close`); the connection is replaced after it.
    /// HTTP/2 and HTTP/3 ignore it.
    pub close: bool,
}

/// What a mix entry sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MixSend {
    /// A request: placeholders may be in its path and header values, and
    /// in its body when `body_placeholders` (a text body; not `@FILE` or
    /// random bytes).
    Http {
        request: RequestTemplate,
        body_placeholders: bool,
        /// HTTP/1: the body goes with `Transfer-Encoding: chunked` (one
        /// chunk, then the last); HTTP/2 and HTTP/3 frame bodies their own way.
        chunked: bool,
    },
    /// HTTP/1 only: these bytes verbatim, on a connection that then shuts
    /// its write side and reads the answer (a status, or the close).
    Raw(Vec<u8>),
}

impl MixEntry {
    /// Whether this entry is raw bytes.
    pub fn is_raw(&self) -> bool {
        matches!(self.send, MixSend::Raw(_))
    }
}

impl Mix {
    /// Whether the mix can run over `protocol` and `scheme` with `pipeline`
    /// requests in flight per HTTP/1 connection. Placeholders are checked
    /// by parsing them; a template is checked as sent with each
    /// placeholder at its lowest value.
    pub fn validate(
        &self,
        protocol: Protocol,
        scheme: Scheme,
        pipeline: usize,
    ) -> Result<(), SpecError> {
        let err = |m: String| Err(SpecError::new(Field::Requests, m));
        if self.entries.is_empty() {
            return err("the mix has no request".into());
        }
        if self.entries.len() > usize::from(u16::MAX) {
            return err(format!(
                "the mix has {} requests; at most {}",
                self.entries.len(),
                u16::MAX
            ));
        }
        for e in &self.entries {
            let at = |m: String| {
                SpecError::new(Field::Requests, format!("mix request {:?}: {m}", e.name))
            };
            if e.weight == 0 {
                return Err(at("weight must be at least 1".into()));
            }
            match &e.send {
                MixSend::Raw(bytes) => {
                    if protocol != Protocol::Http1 || scheme != Scheme::Http {
                        return Err(at("raw bytes are sent over plain HTTP/1 only (an http:// URL without --h2c/--h3)".into()));
                    }
                    if bytes.is_empty() {
                        return Err(at("raw bytes are empty".into()));
                    }
                }
                MixSend::Http {
                    request,
                    body_placeholders,
                    ..
                } => {
                    sample(request, *body_placeholders)
                        .map_err(at)?
                        .validate(protocol)
                        .map_err(|e| at(e.message))?;
                }
            }
            if (e.close || e.is_raw()) && pipeline > 1 && protocol == Protocol::Http1 {
                return Err(at(
                    "raw and close requests end their connection: they need --pipeline 1".into(),
                ));
            }
        }
        Ok(())
    }

    /// The longest body any entry sends (placeholders at their widest).
    pub fn max_body(&self) -> usize {
        self.entries
            .iter()
            .map(|e| match &e.send {
                MixSend::Http {
                    request,
                    body_placeholders: true,
                    ..
                } => Pieces::parse(&request.body).map_or(request.body.len(), |p| p.max_len()),
                MixSend::Http { request, .. } => request.body.len(),
                MixSend::Raw(b) => b.len(),
            })
            .max()
            .unwrap_or(0)
    }
}

/// `request` with each placeholder replaced by its lowest value (what
/// the checks of a plain request can read), or what is wrong with one.
fn sample(request: &RequestTemplate, body_placeholders: bool) -> Result<RequestTemplate, String> {
    let fill = |s: &str| -> Result<String, String> {
        let p = Pieces::parse(s.as_bytes())?;
        Ok(String::from_utf8_lossy(&p.lowest()).into_owned())
    };
    let mut out = request.clone();
    out.path = fill(&request.path)?;
    for (_, v) in &mut out.headers {
        *v = fill(v)?;
    }
    if body_placeholders {
        out.body = Pieces::parse(&request.body)?.lowest();
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
