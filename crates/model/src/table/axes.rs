//! The rows and columns every table shares: server variants, scenarios and
//! drivers in the suite's order, and the names the reports give them. The
//! tables import this; it imports none of them.

use std::path::Path;

use crate::results::Results;
use crate::suite::Scenario;

/// `runs` by server variant, in the suite's order of variants; a variant
/// without runs among them is left out.
pub(super) fn by_variant<'a>(
    r: &Results,
    runs: &[&'a crate::results::RunRecord],
) -> Vec<(String, Vec<&'a crate::results::RunRecord>)> {
    variants(r)
        .into_iter()
        .filter_map(|row| {
            let mine: Vec<_> = runs
                .iter()
                .copied()
                .filter(|x| row_name(&x.server, &x.variant) == row)
                .collect();
            (!mine.is_empty()).then_some((row, mine))
        })
        .collect()
}

/// What the reports call a server variant: its label, or the server's name
/// when the variant has no label of its own.
pub fn row_name(server: &str, variant: &str) -> String {
    if variant.is_empty() {
        server.to_string()
    } else {
        variant.to_string()
    }
}

/// The suite's name: `suite.name`, else the suite file's stem.
pub fn suite_name(r: &Results) -> String {
    if !r.suite.name.is_empty() {
        return r.suite.name.clone();
    }
    Path::new(&r.suite_file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| r.suite_file.clone())
}

/// A scenario's request in one line (`GET /hello over h1`).
pub fn scenario_line(s: &Scenario) -> String {
    if let Some(ws) = s.ws_line() {
        // `WebSocket /ws over ws: echo of 64-byte text messages, …`
        return format!("WebSocket {} over {}: {ws}", s.path, s.protocol);
    }
    if let Some(g) = &s.grpc {
        // `gRPC over grpcs: barrage.bench.v1.Bench/Echo, 10 calls in flight per connection`
        return format!("gRPC over {}: {}", s.protocol, g.line());
    }
    let mut line = format!("{} {} over {}", s.method, s.path, s.protocol);
    if s.protocol.multiplexed() && s.streams > 1 {
        line.push_str(&format!(", {} streams per connection", s.streams));
    }
    if !s.keepalive {
        line.push_str(", a connection per request");
    }
    if s.http10 {
        line.push_str(", HTTP/1.0");
    }
    line
}

/// Labels of the suite's server variants, in the file's order.
fn suite_variants(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for entry in &r.suite.servers {
        for v in &entry.variants {
            push_new(&mut out, v.label.clone());
        }
    }
    out
}

pub(super) fn suite_scenarios(r: &Results) -> Vec<String> {
    r.suite.scenarios.iter().map(|s| s.name.clone()).collect()
}

pub(super) fn suite_drivers(r: &Results) -> Vec<String> {
    let mut out = Vec::new();
    for d in &r.suite.drivers {
        push_new(&mut out, d.name().to_string());
    }
    if out.is_empty() {
        out.push(r.suite.driver.name().to_string());
    }
    out
}

fn push_new(v: &mut Vec<String>, s: String) {
    if !v.contains(&s) {
        v.push(s);
    }
}

/// `known` first (in its order, those that occur), then the others in the
/// order they occur.
pub(super) fn ordered(
    known: Vec<String>,
    occurring: impl IntoIterator<Item = String>,
) -> Vec<String> {
    let occurring: Vec<String> = {
        let mut v = Vec::new();
        for s in occurring {
            push_new(&mut v, s);
        }
        v
    };
    let mut out: Vec<String> = known
        .into_iter()
        .filter(|k| occurring.contains(k))
        .collect();
    for s in occurring {
        push_new(&mut out, s);
    }
    out
}

/// Every server variant the results name (runs, starts, probes), in the
/// suite's order.
pub fn variants(r: &Results) -> Vec<String> {
    let occurring = r
        .servers
        .iter()
        .map(|s| row_name(&s.server, &s.variant))
        .chain(r.probes.iter().map(|p| row_name(&p.server, &p.variant)))
        .chain(r.runs.iter().map(|x| row_name(&x.server, &x.variant)));
    ordered(suite_variants(r), occurring)
}

/// Lowercase letters, digits and single '-' from any text.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// Whether the run measured everything it planned, in words.
pub fn state(r: &Results) -> &'static str {
    match (r.complete, r.interrupted) {
        (true, _) => "complete",
        (false, true) => "PARTIAL: the run was interrupted",
        (false, false) => "PARTIAL: the run did not finish",
    }
}
