//! `barrage compare --junit FILE`: the gates' verdict as JUnit XML, the
//! report format CI systems read (Jenkins, GitLab, GitHub Actions'
//! reporters). One `<testcase>` per row (server variant × scenario ×
//! driver × level, or a capacity search, or the load run) of the gated
//! metrics: a `<failure>` saying why when one of its changes fails a gate,
//! `<skipped>` when none of its metrics could be tested (too few samples,
//! one side only), and its metrics' lines in `<system-out>` either way.
//! Text is escaped ([`crate::html::escape`]), so the file is well-formed
//! XML whatever the server and scenario names hold.

use std::fmt::Write as _;

use super::{Gates, Outcome, Verdict};
use crate::compare::{Comparison, RowKey};
use crate::html::escape;

/// The JUnit XML document of the gates' verdict on `cmp`.
pub fn junit(gates: &Gates, v: &Verdict<'_>, cmp: &Comparison) -> String {
    let cases = cases(gates, v, cmp);
    let failures = cases.iter().filter(|c| c.failed()).count();
    let skipped = cases.iter().filter(|c| c.skipped()).count();
    let suite = cmp.suite.as_deref().unwrap_or("barrage load");
    let name = format!("barrage compare: {suite}");
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let counts = format!(
        "tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\"",
        cases.len()
    );
    let _ = writeln!(s, "<testsuites name=\"{}\" {counts}>", escape(&name));
    let _ = writeln!(s, "<testsuite name=\"{}\" {counts}>", escape(&name));
    s.push_str("<properties>\n");
    let alpha = cmp.alpha.to_string();
    let properties = [
        ("a", cmp.inputs[0].as_str()),
        ("b", cmp.inputs[1].as_str()),
        ("gates", &gates.to_string()),
        ("alpha", &alpha),
    ];
    for (key, value) in properties {
        let _ = writeln!(s, "<property name=\"{key}\" value=\"{}\"/>", escape(value));
    }
    s.push_str("</properties>\n");
    for case in &cases {
        case.write(&mut s, suite);
    }
    s.push_str("</testsuite>\n</testsuites>\n");
    s
}

/// One row's test case: each gated metric's outcome and line.
struct Case<'c> {
    key: &'c RowKey,
    lines: Vec<(Outcome, String)>,
}

impl Case<'_> {
    fn failed(&self) -> bool {
        self.lines.iter().any(|l| l.0 == Outcome::Failed)
    }

    /// Nothing of it could be tested.
    fn skipped(&self) -> bool {
        self.lines.iter().all(|l| l.0 == Outcome::Untested)
    }

    fn write(&self, s: &mut String, suite: &str) {
        let _ = writeln!(
            s,
            "<testcase classname=\"{}\" name=\"{}\">",
            escape(suite),
            escape(&self.key.to_string())
        );
        let failing: Vec<&str> = self
            .lines
            .iter()
            .filter(|l| l.0 == Outcome::Failed)
            .map(|l| l.1.as_str())
            .collect();
        if let Some(first) = failing.first() {
            let _ = writeln!(
                s,
                "<failure type=\"gate\" message=\"{}\">{}</failure>",
                escape(first),
                escape(&failing.join("\n"))
            );
        } else if self.skipped() {
            let why: Vec<&str> = self.lines.iter().map(|l| l.1.as_str()).collect();
            let _ = writeln!(s, "<skipped message=\"{}\"/>", escape(&why.join("; ")));
        }
        let all: Vec<&str> = self.lines.iter().map(|l| l.1.as_str()).collect();
        let _ = writeln!(s, "<system-out>{}</system-out>", escape(&all.join("\n")));
        s.push_str("</testcase>\n");
    }
}

/// The cases, in the order the rows first appear in the gated metrics'
/// tables.
fn cases<'c>(gates: &Gates, v: &Verdict<'_>, cmp: &'c Comparison) -> Vec<Case<'c>> {
    let mut cases: Vec<Case<'c>> = Vec::new();
    for metric in gates.metrics() {
        for change in cmp.of(metric) {
            let line = Outcome::of(v, change, cmp);
            match cases.iter_mut().find(|c| *c.key == change.key) {
                Some(case) => case.lines.push(line),
                None => cases.push(Case {
                    key: &change.key,
                    lines: vec![line],
                }),
            }
        }
    }
    cases
}
