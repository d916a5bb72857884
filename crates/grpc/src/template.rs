//! Call-data templates in the request JSON (ghz's call data):
//! `{{.RequestNumber}}`, `{{.WorkerID}}`, `{{.TimestampUnix}}`,
//! `{{.TimestampUnixMilli}}`, `{{.TimestampUnixNano}}`, `{{.UUID}}` (one
//! per call), `{{newUUID}}` (one per use), `{{randomInt MIN MAX}}` (MIN
//! included, MAX not, as ghz) and `{{randomString N}}`; and the method's
//! names, constant for a run (`{{.FullyQualifiedName}}`, `{{.MethodName}}`,
//! `{{.ServiceName}}`, `{{.InputName}}`, `{{.OutputName}}`,
//! `{{.IsClientStreaming}}`, `{{.IsServerStreaming}}`).
//!
//! A template is split once into text and slots ([`Template`]); a call
//! only writes the slots' values between the pieces of text.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::requests::CallData;
use crate::{fail, SetupError};

/// A value drawn per call (or per use).
#[derive(Debug, Clone, PartialEq)]
enum Slot {
    RequestNumber,
    WorkerId,
    TimestampUnix,
    TimestampUnixMilli,
    TimestampUnixNano,
    /// The call's UUID: the same for every use within one call.
    CallUuid,
    /// A fresh UUID at each use.
    NewUuid,
    /// Uniform in `min..max`.
    RandomInt {
        min: i64,
        max: i64,
    },
    /// `len` letters and digits.
    RandomString {
        len: usize,
    },
}

#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Slot(Slot),
}

/// JSON text with slots, split once.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Template {
    pieces: Vec<Piece>,
}

/// What a message's JSON text is once its templates are read.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Parsed {
    /// No per-call slot (constants are already written in).
    Fixed(String),
    Templated(Template),
}

/// The names a run's constant templates stand for.
pub(crate) struct Constants {
    pub fully_qualified_name: String,
    pub method_name: String,
    pub service_name: String,
    pub input_name: String,
    pub output_name: String,
    pub is_client_streaming: bool,
    pub is_server_streaming: bool,
}

const KNOWN: &str = "{{.RequestNumber}}, {{.WorkerID}}, {{.TimestampUnix}}, \
{{.TimestampUnixMilli}}, {{.TimestampUnixNano}}, {{.UUID}}, {{newUUID}}, \
{{randomInt MIN MAX}}, {{randomString N}}, {{.FullyQualifiedName}}, {{.MethodName}}, \
{{.ServiceName}}, {{.InputName}}, {{.OutputName}}, {{.IsClientStreaming}}, \
{{.IsServerStreaming}}";

impl Parsed {
    /// Splits `text` at its `{{ ... }}` templates; an unknown template or a
    /// `{{` left open is refused.
    pub(crate) fn parse(text: &str, constants: &Constants) -> Result<Parsed, SetupError> {
        let mut pieces: Vec<Piece> = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(open) = rest.find("{{") {
            literal.push_str(&rest[..open]);
            let Some(close) = rest[open..].find("}}") else {
                return fail(format!(
                    "--data: a template opened with {{{{ is not closed with }}}} (near {:?})",
                    clip(&rest[open..])
                ));
            };
            let inner = &rest[open + 2..open + close];
            match read_action(inner, constants)? {
                Action::Text(value) => literal.push_str(&value),
                Action::Slot(slot) => {
                    if !literal.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut literal)));
                    }
                    pieces.push(Piece::Slot(slot));
                }
            }
            rest = &rest[open + close + 2..];
        }
        literal.push_str(rest);
        if pieces.is_empty() {
            return Ok(Parsed::Fixed(literal));
        }
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Ok(Parsed::Templated(Template { pieces }))
    }
}

impl Template {
    /// Writes the text with this call's values in its slots into `out`.
    /// `uuid_seed` makes the call's UUID differ between runs.
    pub(crate) fn render(&self, call: &CallData, uuid_seed: u64, out: &mut String) {
        use std::fmt::Write;
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Slot(slot) => {
                    let _ = match slot {
                        Slot::RequestNumber => write!(out, "{}", call.request_number),
                        Slot::WorkerId => write!(out, "{}", call.worker_id),
                        Slot::TimestampUnix => write!(out, "{}", since_epoch().as_secs()),
                        Slot::TimestampUnixMilli => write!(out, "{}", since_epoch().as_millis()),
                        Slot::TimestampUnixNano => write!(out, "{}", since_epoch().as_nanos()),
                        Slot::CallUuid => write_uuid(out, call_uuid(call, uuid_seed)),
                        Slot::NewUuid => write_uuid(out, (fastrand::u64(..), fastrand::u64(..))),
                        Slot::RandomInt { min, max } => {
                            write!(out, "{}", fastrand::i64(*min..*max))
                        }
                        Slot::RandomString { len } => {
                            out.extend((0..*len).map(|_| fastrand::alphanumeric()));
                            Ok(())
                        }
                    };
                }
            }
        }
    }
}

/// What one `{{ ... }}` stands for.
enum Action {
    Text(String),
    Slot(Slot),
}

/// Reads the inside of one template.
fn read_action(inner: &str, constants: &Constants) -> Result<Action, SetupError> {
    let words: Vec<&str> = inner.split_whitespace().collect();
    let slot = match words.as_slice() {
        [".RequestNumber"] => Slot::RequestNumber,
        [".WorkerID"] => Slot::WorkerId,
        [".TimestampUnix"] => Slot::TimestampUnix,
        [".TimestampUnixMilli"] => Slot::TimestampUnixMilli,
        [".TimestampUnixNano"] => Slot::TimestampUnixNano,
        [".UUID"] => Slot::CallUuid,
        ["newUUID"] => Slot::NewUuid,
        ["randomInt", min, max] => random_int(min, max)?,
        ["randomString", len] => match len.parse::<usize>() {
            Ok(len) => Slot::RandomString { len },
            Err(_) => {
                return fail(format!(
                    "--data: {{{{randomString {len}}}}}: the length must be a whole number ≥ 0"
                ))
            }
        },
        _ => return constant(inner, &words, constants).map(Action::Text),
    };
    Ok(Action::Slot(slot))
}

fn random_int(min: &str, max: &str) -> Result<Slot, SetupError> {
    match (min.parse::<i64>(), max.parse::<i64>()) {
        (Ok(min), Ok(max)) if min < max => Ok(Slot::RandomInt { min, max }),
        _ => fail(format!(
            "--data: {{{{randomInt {min} {max}}}}}: expected two integers MIN < MAX (MIN included, MAX not)"
        )),
    }
}

/// A template whose value is the same for the whole run.
fn constant(inner: &str, words: &[&str], c: &Constants) -> Result<String, SetupError> {
    let value = match words {
        [".FullyQualifiedName"] => c.fully_qualified_name.clone(),
        [".MethodName"] => c.method_name.clone(),
        [".ServiceName"] => c.service_name.clone(),
        [".InputName"] => c.input_name.clone(),
        [".OutputName"] => c.output_name.clone(),
        [".IsClientStreaming"] => c.is_client_streaming.to_string(),
        [".IsServerStreaming"] => c.is_server_streaming.to_string(),
        _ => {
            return fail(format!(
                "--data: unknown template {{{{{}}}}}; known: {KNOWN}",
                inner.trim()
            ))
        }
    };
    Ok(value)
}

/// `text` outside JSON strings with each bare `{{ ... }}` put in quotes, so
/// that `{"seq": {{.RequestNumber}}}` (ghz's form) parses as JSON; protobuf
/// JSON takes numbers and booleans as strings.
pub(crate) fn quote_bare_templates(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut in_string = false;
    let mut escaped = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if !in_string && rest.starts_with("{{") {
            if let Some(close) = rest.find("}}") {
                out.push('"');
                out.push_str(&rest[..close + 2]);
                out.push('"');
                rest = &rest[close + 2..];
                continue;
            }
        }
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

fn since_epoch() -> std::time::Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// The call's 128 UUID bits, a mix of the seed, the worker and the request
/// number: the same for one call, different between calls.
fn call_uuid(call: &CallData, seed: u64) -> (u64, u64) {
    let high = mix(seed ^ call.worker_id.rotate_left(32) ^ mix(call.request_number));
    (high, mix(high ^ call.request_number))
}

/// splitmix64's finaliser.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A version 4 (random) UUID in its 8-4-4-4-12 form.
fn write_uuid(out: &mut String, (high, low): (u64, u64)) -> std::fmt::Result {
    use std::fmt::Write;
    let high = (high & !0xF000) | 0x4000;
    let low = (low & !(0xC000 << 48)) | (0x8000 << 48);
    write!(
        out,
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        high >> 32,
        (high >> 16) & 0xFFFF,
        high & 0xFFFF,
        low >> 48,
        low & 0xFFFF_FFFF_FFFF
    )
}

fn clip(text: &str) -> &str {
    match text.char_indices().nth(24) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}
