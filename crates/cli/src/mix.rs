//! `--mix FILE`: the request-mix file (TOML, `[[request]]` tables; the
//! format is in docs/load.md, "Request mixes") read into the engine's
//! [`Mix`]. Every mistake is one line naming the file and line, and what to
//! write instead. `body = "@FILE"` is read relative to the mix file;
//! `body_random` and `raw_random` bytes are made here, once per run (so
//! agents of a split run send the same bytes).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use barrage_engine::mix::{Mix, MixEntry, MixSend, Pieces};
use barrage_engine::{Protocol, RequestTemplate, Scheme};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MixFile {
    request: Option<Vec<Spanned<Entry>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: Option<Spanned<String>>,
    method: Option<Spanned<String>>,
    path: Option<Spanned<String>>,
    headers: Option<Spanned<BTreeMap<String, String>>>,
    body: Option<Spanned<String>>,
    body_random: Option<Spanned<u32>>,
    chunked: Option<Spanned<bool>>,
    weight: Option<Spanned<i64>>,
    raw: Option<Spanned<String>>,
    raw_random: Option<Spanned<u32>>,
    close: Option<Spanned<bool>>,
}

/// A mix read from a file, and the line each entry starts on.
pub struct MixFileRead {
    pub mix: Mix,
    lines: Vec<usize>,
    file: String,
}

/// Reads `path`; `headers` (from `-H`) go on every HTTP entry that does not
/// set the same header itself.
pub fn read(path: &Path, headers: &[(String, String)]) -> Result<MixFileRead, String> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--mix {file}: cannot read the file: {e}"))?;
    let at = |span: std::ops::Range<usize>, msg: String| {
        format!("--mix {file}:{}: {msg}", line_of(&text, span.start))
    };
    let parsed: MixFile = toml::from_str(&text).map_err(|e| {
        let line = e.span().map_or(1, |s| line_of(&text, s.start));
        format!("--mix {file}:{line}: {}", one_line(e.message()))
    })?;
    let Some(entries) = parsed.request.filter(|r| !r.is_empty()) else {
        return Err(format!(
            "--mix {file}:1: no [[request]] table; write at least one, e.g. [[request]] path = \"/\""
        ));
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut mix = Mix {
        entries: Vec::new(),
    };
    let mut lines = Vec::new();
    let mut names = BTreeSet::new();
    for e in entries {
        let span = e.span();
        let line = line_of(&text, span.start);
        let named = e.get_ref().name.is_some();
        let mut entry = build(e.into_inner(), dir, headers)
            .map_err(|(s, m)| at(s.unwrap_or(span.clone()), m))?;
        if !named && names.contains(&entry.name) {
            // Default names alike (one path, other queries): the line tells them apart.
            entry.name = format!("{} (line {line})", entry.name);
        }
        if !names.insert(entry.name.clone()) {
            return Err(at(
                span,
                format!(
                    "two requests are named {:?}; give each its own name = \"…\"",
                    entry.name
                ),
            ));
        }
        Mix {
            entries: vec![entry.clone()],
        }
        .validate(Protocol::Http1, Scheme::Http, 1)
        .map_err(|e| at(span.clone(), e.message))?;
        mix.entries.push(entry);
        lines.push(line);
    }
    Ok(MixFileRead { mix, lines, file })
}

impl MixFileRead {
    /// Checks the mix for the run's protocol, scheme and pipeline depth;
    /// an error names the entry's line.
    pub fn check(&self, protocol: Protocol, scheme: Scheme, pipeline: usize) -> Result<(), String> {
        for (e, line) in self.mix.entries.iter().zip(&self.lines) {
            Mix {
                entries: vec![e.clone()],
            }
            .validate(protocol, scheme, pipeline)
            .map_err(|err| format!("--mix {}:{line}: {}", self.file, err.message))?;
        }
        Ok(())
    }
}

type Failure = (Option<std::ops::Range<usize>>, String);

fn fail<T>(span: std::ops::Range<usize>, msg: impl Into<String>) -> Result<T, Failure> {
    Err((Some(span), msg.into()))
}

/// One `[[request]]` table as an entry of the mix.
fn build(e: Entry, dir: &Path, extra: &[(String, String)]) -> Result<MixEntry, Failure> {
    let weight = match &e.weight {
        None => 1,
        Some(w) => match u32::try_from(*w.get_ref()) {
            Ok(v) if v > 0 => v,
            _ => {
                return fail(
                    w.span(),
                    format!(
                        "weight = {} must be a positive integer (1 to {})",
                        w.get_ref(),
                        u32::MAX
                    ),
                )
            }
        },
    };
    let close = e.close.as_ref().is_some_and(|c| *c.get_ref());
    let name = e.name.as_ref().map(|n| n.get_ref().clone());
    if let Some(raw) = raw_bytes(&e)? {
        let name = name.unwrap_or_else(|| default_raw_name(&e, &raw));
        return Ok(MixEntry {
            name,
            weight,
            send: MixSend::Raw(raw),
            close,
        });
    }
    let Some(path) = &e.path else {
        return Err((
            None,
            "the request has no path; write path = \"/…\" (or raw = \"…\" for raw bytes)".into(),
        ));
    };
    if !path.get_ref().starts_with('/') {
        return fail(path.span(), format!("path = {:?} must start with /; the URL on the command line gives the scheme, host and port", path.get_ref()));
    }
    check_text(path)?;
    let method = e
        .method
        .as_ref()
        .map_or("GET".to_string(), |m| m.get_ref().clone());
    let mut headers: Vec<(String, String)> = Vec::new();
    if let Some(h) = &e.headers {
        for (n, v) in h.get_ref() {
            Pieces::parse(v.as_bytes())
                .map_err(|m| (Some(h.span()), format!("header {n:?}: {m}")))?;
            headers.push((n.clone(), v.clone()));
        }
    }
    for (n, v) in extra {
        if !headers.iter().any(|(h, _)| h.eq_ignore_ascii_case(n)) {
            headers.push((n.clone(), v.clone()));
        }
    }
    let (body, body_placeholders) = body(&e, dir)?;
    let name = name.unwrap_or_else(|| {
        let bare = path.get_ref().split('?').next().unwrap_or("/");
        format!("{method} {bare}")
    });
    let request = RequestTemplate {
        method,
        path: path.get_ref().clone(),
        headers,
        body,
    };
    let chunked = e.chunked.as_ref().is_some_and(|c| *c.get_ref());
    Ok(MixEntry {
        name,
        weight,
        send: MixSend::Http {
            request,
            body_placeholders,
            chunked,
        },
        close,
    })
}

/// The raw bytes of a `raw` or `raw_random` entry (`None` for a request),
/// refusing the keys of a request beside them.
fn raw_bytes(e: &Entry) -> Result<Option<Vec<u8>>, Failure> {
    let raw = match (&e.raw, &e.raw_random) {
        (Some(r), Some(_)) => return fail(r.span(), "raw and raw_random together: give one"),
        (Some(r), None) => (r.span(), r.get_ref().as_bytes().to_vec()),
        (None, Some(n)) if *n.get_ref() == 0 => {
            return fail(
                n.span(),
                "raw_random = 0: give a number of bytes, at least 1",
            )
        }
        (None, Some(n)) => (n.span(), random_bytes(*n.get_ref() as usize)),
        (None, None) => return Ok(None),
    };
    let request_keys = [
        e.method.as_ref().map(|_| "method"),
        e.path.as_ref().map(|_| "path"),
        e.headers.as_ref().map(|_| "headers"),
        e.body.as_ref().map(|_| "body"),
        e.body_random.as_ref().map(|_| "body_random"),
        e.chunked.as_ref().map(|_| "chunked"),
    ];
    if let Some(key) = request_keys.into_iter().flatten().next() {
        return fail(raw.0, format!("a raw request is sent verbatim: {key} does not apply; write the whole request in raw = \"…\""));
    }
    Ok(Some(raw.1))
}

fn default_raw_name(e: &Entry, raw: &[u8]) -> String {
    if e.raw_random.is_some() {
        return format!("raw {} random bytes", raw.len());
    }
    let first = raw
        .split(|&b| b == b'\r' || b == b'\n')
        .next()
        .unwrap_or(raw);
    format!(
        "raw {}",
        String::from_utf8_lossy(&first[..first.len().min(40)])
    )
}

/// The body and whether it may hold placeholders (a text body only).
fn body(e: &Entry, dir: &Path) -> Result<(Vec<u8>, bool), Failure> {
    match (&e.body, &e.body_random) {
        (Some(b), Some(_)) => fail(b.span(), "body and body_random together: give one"),
        (None, Some(n)) => Ok((random_bytes(*n.get_ref() as usize), false)),
        (None, None) => Ok((Vec::new(), false)),
        (Some(b), None) => match b.get_ref().strip_prefix('@') {
            Some(file) => {
                let full = dir.join(file);
                let bytes = std::fs::read(&full).map_err(|err| {
                    (Some(b.span()), format!("body = \"@{file}\": cannot read {}: {err} (the path is relative to the mix file)", full.display()))
                })?;
                Ok((bytes, false))
            }
            None => {
                check_text(b)?;
                Ok((b.get_ref().as_bytes().to_vec(), true))
            }
        },
    }
}

fn check_text(s: &Spanned<String>) -> Result<(), Failure> {
    Pieces::parse(s.get_ref().as_bytes())
        .map(drop)
        .map_err(|m| (Some(s.span()), m))
}

/// `n` bytes from a generator seeded by the clock and the process (made
/// once per run).
fn random_bytes(n: usize) -> Vec<u8> {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    let mut x = h.finish() | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn one_line(msg: &str) -> String {
    msg.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
