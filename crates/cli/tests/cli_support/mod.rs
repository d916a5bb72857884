//! Helpers of the `barrage` binary's end-to-end tests (cli.rs,
//! cli_errors.rs, serve.rs): the reference server in this process, a run
//! of `barrage` and what it printed; synthetic results directories
//! (`results`: gates.rs, history.rs). Each test file uses some of them.

#![allow(dead_code)]

pub mod results;

use std::io::Read;
use std::net::SocketAddr;
use std::process::Child;

use barrage_target::{Target, TargetConfig};
use serde_json::Value;

use crate::common::{run, Run, BIN};

pub fn target() -> Target {
    start_target(None)
}

/// The reference server over TLS, with a self-signed certificate.
pub fn tls_target() -> Target {
    start_target(Some(barrage_target::TlsSetup::SelfSigned))
}

pub fn start_target(tls: Option<barrage_target::TlsSetup>) -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls,
        h3: false,
    })
    .expect("start the reference server")
}

pub fn url(addr: SocketAddr, path: &str) -> String {
    format!("http://{addr}{path}")
}

impl Run {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }

    /// The one line of a usage error (exit 2, nothing on stdout), after
    /// `barrage: error: `.
    pub fn usage_error(&self, what: &dyn std::fmt::Debug) -> &str {
        assert_eq!(self.code, Some(2), "{what:?}: {self:?}");
        assert!(
            self.stdout.is_empty(),
            "{what:?}: nothing on stdout: {self:?}"
        );
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{what:?}: one line on stderr: {self:?}");
        lines[0]
            .strip_prefix("barrage: error: ")
            .unwrap_or_else(|| panic!("{what:?}: {self:?}"))
    }
}

/// Runs `barrage ARGS`, killing it if it outlives the deadline.
pub fn barrage(args: &[&str]) -> Run {
    run(BIN, args)
}

/// All a child wrote to stderr (it must have ended or be ending).
pub fn take_stderr(child: &mut Child) -> String {
    let mut text = String::new();
    child
        .stderr
        .take()
        .expect("stderr was piped")
        .read_to_string(&mut text)
        .expect("read stderr");
    text
}

pub fn u64_at(v: &Value, pointer: &str) -> u64 {
    v.pointer(pointer)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("no number at {pointer}"))
}
