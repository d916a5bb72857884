//! What every driver's command line is made of: the URL it is pointed at
//! (scheme by protocol, an IPv6 host in brackets, the scenario's path) and
//! numbers as the tools read them. Every driver imports this; it imports
//! none of them.

use crate::suite::Scenario;

/// `http://host:port/path`, `https://` for the TLS protocols (`ws://` and
/// `wss://` for WebSocket); an IPv6 host
/// gets its brackets.
pub(super) fn url(scenario: &Scenario, host: &str, port: u16) -> String {
    let scheme = match (scenario.protocol.is_ws(), scenario.protocol.is_tls()) {
        (true, true) => "wss",
        (true, false) => "ws",
        (false, true) => "https",
        (false, false) => "http",
    };
    format!("{scheme}://{}:{port}{}", url_host(host), path(scenario))
}

pub(super) fn url_host(host: &str) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_string()
    }
}

/// The scenario's path and query, with a leading `/` (ab needs one).
pub(super) fn path(scenario: &Scenario) -> String {
    if scenario.path.starts_with('/') {
        scenario.path.clone()
    } else {
        format!("/{}", scenario.path)
    }
}

/// A rate without a useless `.0`: `100`, `2.5`.
pub(super) fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}
