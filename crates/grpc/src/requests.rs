//! [`Requests`]: the request messages of a run, read from the `--data`
//! JSON and checked against the method's input message before any
//! connection. Fixed messages are encoded once; a templated one keeps its
//! split template and is rendered, parsed and encoded per call.

use prost::Message as _;
use prost_reflect::{DynamicMessage, MessageDescriptor};
use serde_json::Value;

use crate::method::Method;
use crate::template::{quote_bare_templates, Constants, Parsed, Template};
use crate::{fail, SetupError};

thread_local! {
    /// A templated message's JSON, rendered for one call.
    static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The request messages of a run; `Send + Sync`, shared in an `Arc`.
#[derive(Debug)]
pub struct Requests {
    messages: Vec<Request>,
    /// Makes `{{.UUID}}` differ between runs.
    uuid_seed: u64,
}

/// What a call's template values are drawn from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallData {
    /// The worker (thread) making the call: `{{.WorkerID}}`.
    pub worker_id: u64,
    /// The call's number in the run: `{{.RequestNumber}}`.
    pub request_number: u64,
}

#[derive(Debug)]
enum Request {
    /// Encoded once.
    Fixed(Vec<u8>),
    Templated {
        template: Template,
        input: MessageDescriptor,
        /// The trial render's encoding, sent should a later render not
        /// parse (it cannot, for the templates there are; kept for safety).
        trial: Vec<u8>,
    },
}

impl Requests {
    pub(crate) fn parse(method: &Method, data_json: &str) -> Result<Requests, SetupError> {
        let items = items(method, data_json)?;
        let constants = constants(method);
        let input = method.descriptor().input();
        let uuid_seed = fastrand::u64(..);
        let mut messages = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let text = item.to_string();
            let at = |error: SetupError| at_message(&items, index, error);
            let request = match Parsed::parse(&text, &constants)? {
                Parsed::Fixed(text) => Request::Fixed(encode(&input, &text).map_err(at)?),
                Parsed::Templated(template) => {
                    let mut trial = String::new();
                    template.render(&CallData::default(), uuid_seed, &mut trial);
                    let trial = encode(&input, &trial).map_err(|e| {
                        at(SetupError(format!(
                            "{} (templates rendered as for call 0)",
                            e.0
                        )))
                    })?;
                    Request::Templated {
                        template,
                        input: input.clone(),
                        trial,
                    }
                }
            };
            messages.push(request);
        }
        Ok(Requests {
            messages,
            uuid_seed,
        })
    }

    /// Messages in the data (1 for an object).
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Never: the data holds at least one message.
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// Whether any message holds a per-call template.
    pub fn is_templated(&self) -> bool {
        self.messages
            .iter()
            .any(|m| matches!(m, Request::Templated { .. }))
    }

    /// Encoded message `i` (no 5-byte prefix; `i` taken modulo
    /// [`Requests::len`], as a stream sends the data's messages in turn)
    /// when it holds no template.
    pub fn fixed(&self, i: usize) -> Option<&[u8]> {
        match &self.messages[i % self.messages.len()] {
            Request::Fixed(bytes) => Some(bytes),
            Request::Templated { .. } => None,
        }
    }

    /// Appends encoded message `i` (no prefix; `i` modulo
    /// [`Requests::len`]) for this call, fixed or templated.
    pub fn render(&self, i: usize, call: &CallData, out: &mut Vec<u8>) {
        match &self.messages[i % self.messages.len()] {
            Request::Fixed(bytes) => out.extend_from_slice(bytes),
            Request::Templated {
                template,
                input,
                trial,
            } => TEXT.with(|text| {
                // The rendered JSON goes into this thread's buffer, kept
                // between calls: only the message itself is built anew.
                let mut text = text.borrow_mut();
                text.clear();
                template.render(call, self.uuid_seed, &mut text);
                let mut deserializer = serde_json::Deserializer::from_str(&text);
                match DynamicMessage::deserialize(input.clone(), &mut deserializer) {
                    Ok(message) => message.encode_raw(out),
                    Err(_) => out.extend_from_slice(trial),
                }
            }),
        }
    }
}

/// The JSON messages of `data_json`: an object, or an array of objects
/// when the method takes a client stream.
fn items(method: &Method, data_json: &str) -> Result<Vec<Value>, SetupError> {
    let text = match data_json.trim() {
        "" => "{}".to_owned(),
        text => quote_bare_templates(text),
    };
    let value: Value = match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(error) => return fail(format!("--data is not JSON: {error}")),
    };
    let items = match value {
        Value::Object(_) => vec![value],
        Value::Array(items) if !method.client_streams() => {
            return fail(format!(
                "--data is an array ({} messages), but {} is {}: it takes one request message (give an object)",
                items.len(),
                method.call(),
                method.shape().name().replace('_', " ")
            ))
        }
        Value::Array(items) if items.is_empty() => {
            return fail("--data is an empty array: give at least one message")
        }
        Value::Array(items) => items,
        other => {
            return fail(format!(
                "--data must be a JSON object (or an array of objects for a client stream), not {other}"
            ))
        }
    };
    if let Some((i, item)) = items.iter().enumerate().find(|(_, v)| !v.is_object()) {
        return fail(format!("--data message {i} is not a JSON object: {item}"));
    }
    Ok(items)
}

/// `error` of message `index`, naming the index when there are several.
fn at_message(items: &[Value], index: usize, error: SetupError) -> SetupError {
    if items.len() > 1 {
        SetupError(format!("--data message {index}: {}", error.0))
    } else {
        SetupError(format!("--data: {}", error.0))
    }
}

/// `text` as a message of type `input`, encoded; an error names the field.
fn encode(input: &MessageDescriptor, text: &str) -> Result<Vec<u8>, SetupError> {
    let mut track = serde_path_to_error::Track::new();
    let mut json = serde_json::Deserializer::from_str(text);
    let tracked = serde_path_to_error::Deserializer::new(&mut json, &mut track);
    match DynamicMessage::deserialize(input.clone(), tracked) {
        Ok(message) => Ok(message.encode_to_vec()),
        Err(error) => {
            let path = track.path().to_string();
            let error = without_position(&error);
            if path == "." || path.is_empty() {
                fail(format!("does not fit {}: {error}", input.full_name()))
            } else {
                fail(format!("field {path} of {}: {error}", input.full_name()))
            }
        }
    }
}

/// serde_json's message without its ` at line 1 column 9`: the position
/// is in the re-serialised message, not in the text the user gave.
fn without_position(error: &serde_json::Error) -> String {
    let text = crate::one_line(&error.to_string());
    match text.rfind(" at line ") {
        Some(at) if error.line() > 0 => text[..at].to_owned(),
        _ => text,
    }
}

fn constants(method: &Method) -> Constants {
    let d = method.descriptor();
    Constants {
        fully_qualified_name: d.full_name().to_owned(),
        method_name: d.name().to_owned(),
        service_name: d.parent_service().full_name().to_owned(),
        input_name: d.input().full_name().to_owned(),
        output_name: d.output().full_name().to_owned(),
        is_client_streaming: d.is_client_streaming(),
        is_server_streaming: d.is_server_streaming(),
    }
}
