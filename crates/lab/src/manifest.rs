//! Server manifests (`servers/NAME/server.toml`): how to build, start, know
//! ready, and ask the version of one server under test, what it serves and
//! what it needs. The format is documented in docs/suites.md.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;

use crate::suite::Protocol;

/// A parsed manifest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerSpec {
    pub name: String,
    pub description: String,
    /// The manifest's directory (`{dir}` in commands).
    pub dir: PathBuf,
    /// Run once before the first start, again only when `build.sources` changed.
    pub build: Option<Build>,
    pub start: Start,
    pub ready: Ready,
    /// A command whose first output line is the version.
    pub version: Option<Vec<String>>,
    /// Contract endpoints served: `/hello`, `/xml`, `/static/6b`, `/static/4k`.
    pub endpoints: Vec<String>,
    pub protocols: Vec<Protocol>,
    pub requires: Requires,
    /// Set when the server cannot be obtained here: why, and how to add it.
    pub unavailable: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Build {
    pub command: Vec<String>,
    /// Files (relative to the manifest's directory) whose contents decide whether to rebuild.
    pub sources: Vec<String>,
}

/// How to start it. In `command`, `args` and `env` values, `{host}`, `{port}`,
/// `{addr}` (`host:port`), `{tls_port}`, `{dir}`, `{run_dir}` (a fresh
/// directory for this start: configs, logs) and every variant variable are substituted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Start {
    pub command: Vec<String>,
    pub env: BTreeMap<String, String>,
    /// Working directory (default: the manifest's directory).
    pub cwd: Option<String>,
    /// Files written into `{run_dir}` before the start: name -> template (same substitutions).
    pub files: BTreeMap<String, String>,
}

/// Ready when a TCP connect succeeds, then `http_path` answers (any status below 500), before `deadline`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ready {
    pub http_path: String,
    pub deadline: Duration,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Requires {
    /// Binaries looked up on PATH (and /usr/sbin).
    pub binaries: Vec<String>,
    /// Debian packages that provide them (for the message).
    pub packages: Vec<String>,
}
