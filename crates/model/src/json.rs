//! Reading the model's JSON files: the schema checked first, then each
//! field, and one error that says which. Every type's `from_json` comes
//! here; this file imports none of them.

use std::fmt;

use serde::de::DeserializeOwned;

/// Why a JSON file could not be read as one of the model's types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON at all.
    Syntax(String),
    /// JSON without a `"schema"` field: not a file barrage wrote.
    NoSchema { expected: String },
    /// Written by a barrage whose schema this version does not read.
    Schema { found: String, expected: String },
    /// The schema is right but a field is missing or of the wrong type.
    Field { path: String, message: String },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Syntax(e) => write!(f, "not valid JSON: {e}"),
            LoadError::NoSchema { expected } => {
                write!(f, "no \"schema\" field; expected {expected}")
            }
            LoadError::Schema { found, expected } => write!(
                f,
                "written by a barrage with schema {found:?}, which this version does not read; expected {expected}"
            ),
            LoadError::Field { path, message } if path == "." => {
                write!(f, "not a valid file of its schema: {message}")
            }
            LoadError::Field { path, message } => {
                write!(f, "not a valid file of its schema: at `{path}`: {message}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Reads `text` as a `T` whose `"schema"` must be one of `schemas`;
/// `what` names the file kind in errors.
pub(crate) fn from_json<T: DeserializeOwned>(
    text: &str,
    schemas: &[&str],
    what: &str,
) -> Result<T, LoadError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| LoadError::Syntax(e.to_string()))?;
    let expected = || format!("{what} (schema {})", schemas.join(" or "));
    match value.get("schema").and_then(|s| s.as_str()) {
        Some(s) if schemas.contains(&s) => {}
        Some(found) => {
            return Err(LoadError::Schema {
                found: found.to_string(),
                expected: expected(),
            })
        }
        None => {
            return Err(LoadError::NoSchema {
                expected: expected(),
            })
        }
    }
    serde_path_to_error::deserialize(value).map_err(|e| LoadError::Field {
        path: e.path().to_string(),
        message: one_line(&e.inner().to_string()),
    })
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
