//! The suite's tests: shared fixtures here, one module per subject.

use std::path::{Path, PathBuf};

use super::*;

mod committed;
mod format;
mod grpc;
mod plan;
mod scripts;
mod search;
mod servers;
mod services;
mod tables;
mod workloads;
mod ws;

/// A valid suite: each error case below changes one thing in it.
const VALID: &str = r#"name = "t"
driver = "barrage"
duration = "10s"
[load]
concurrency = [10, 100]
[[server]]
name = "a"
[[scenario]]
name = "hello"
path = "/hello"
"#;

fn parse(text: &str) -> Result<Suite, FormatError> {
    super::parse(text, Path::new("suites/t.toml"))
}

fn error(text: &str) -> String {
    match parse(text) {
        Ok(_) => panic!("no error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `VALID` with `old` replaced by `new` (which must be there).
fn edit(old: &str, new: &str) -> String {
    assert!(VALID.contains(old), "{old:?} is not in VALID");
    VALID.replacen(old, new, 1)
}

/// `VALID` with a second scenario searching with `search`.
fn with_search(search: &str) -> String {
    format!("{VALID}[[scenario]]\nname = \"cap\"\npath = \"/hello\"\nsearch = {search}\n")
}
