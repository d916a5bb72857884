//! `barrage compare` on synthetic results: a known shift is found (change
//! and CI near it), no shift prints "~", too few repeats are said plainly,
//! rows only on one side are listed, suites that differ are warned about,
//! `barrage load` files compare per-second samples, and bad input names
//! the file.
//!
//! The synthetic results are the real results.json of a tiny suite
//! (fixtures/compare-run: barrage-target, /hello, driver barrage, c=4, five
//! repeats of 1 s) with its runs replaced by copies carrying chosen numbers.

use std::path::{Path, PathBuf};

use barrage_report::compare::{self, Input, Options};
use barrage_report::stats;
use serde_json::{json, Value};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn base() -> Value {
    let text = std::fs::read_to_string(fixtures().join("compare-run/results.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// One run per (variant, rate, p99): repeat = its index among its variant's.
fn results(suite: &str, rows: &[(&str, &[f64], &[f64])]) -> Value {
    let mut r = base();
    let template = r["runs"][0].clone();
    let mut runs = Vec::new();
    let mut variants = Vec::new();
    for (variant, rates, p99s) in rows {
        variants.push(json!({ "label": variant, "cores": null, "vars": {} }));
        for (i, rate) in rates.iter().enumerate() {
            let mut x = template.clone();
            x["repeat"] = json!(i);
            x["variant"] = json!(variant);
            x["stats"]["responses_per_s"] = json!(rate);
            x["stats"]["latency_p99_us"] = json!(p99s[i]);
            runs.push(x);
        }
    }
    r["runs"] = Value::Array(runs);
    r["suite"]["name"] = json!(suite);
    r["suite"]["servers"] = json!([{ "server": "barrage-target", "variants": variants }]);
    r
}

/// A scratch directory, removed when dropped (a test leaves nothing in /tmp).
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `results.json` into a fresh directory and returns the directory.
fn write_dir(name: &str, r: &Value) -> Scratch {
    let dir = std::env::temp_dir().join(format!("barrage-compare-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("results.json"),
        serde_json::to_string_pretty(r).unwrap(),
    )
    .unwrap();
    Scratch(dir)
}

fn run_compare(name: &str, a: &Value, b: &Value) -> String {
    let a = compare::load(&write_dir(&format!("{name}-a"), a)).unwrap();
    let b = compare::load(&write_dir(&format!("{name}-b"), b)).unwrap();
    compare::compare(&a, &b, &Options::default()).unwrap()
}

const RATE: &str = "responses/s (higher is better)";
const P99: &str = "p99 latency (lower is better)";

/// The first line of the table titled `title` whose row starts with `key`.
fn row<'a>(out: &'a str, title: &str, key: &str) -> &'a str {
    let start = out
        .find(title)
        .unwrap_or_else(|| panic!("no {title} in\n{out}"));
    out[start..]
        .lines()
        .find(|l| l.starts_with(key))
        .unwrap_or_else(|| panic!("no row {key} under {title} in\n{out}"))
}

/// The numbers (as written, with %) in a row, in order.
fn percents(line: &str) -> Vec<f64> {
    line.split(|c: char| c.is_whitespace() || c == '[' || c == ']' || c == ',')
        .filter_map(|w| w.strip_suffix('%'))
        .filter_map(|w| w.parse().ok())
        .collect()
}

// Eight repeats around 10,000 responses/s with ±3% of noise; B is A
// shifted by +10% (1,000/s) with its noise in another order.
const A8: [f64; 8] = [
    10_000.0, 10_210.0, 9_790.0, 10_120.0, 9_880.0, 10_300.0, 9_700.0, 10_050.0,
];
const B8: [f64; 8] = [
    11_120.0, 10_880.0, 11_050.0, 11_300.0, 10_700.0, 11_000.0, 11_210.0, 10_790.0,
];
const P99_A8: [f64; 8] = [900.0, 910.0, 905.0, 880.0, 920.0, 895.0, 915.0, 890.0];
const P99_B8: [f64; 8] = [912.0, 887.0, 903.0, 897.0, 918.0, 884.0, 908.0, 893.0];

#[test]
fn a_known_shift_is_found() {
    let a = results("s", &[("srv", &A8, &P99_A8)]);
    let b = results("s", &[("srv", &B8, &P99_B8)]);
    let out = run_compare("shift", &a, &b);
    let line = row(&out, RATE, "srv / hello / barrage / c=4");
    let p = percents(line);
    // Spreads of A and B, then the change and its interval.
    assert_eq!(p.len(), 5, "{line}");
    let (change, lo, hi) = (p[2], p[3], p[4]);
    assert!((change - 10.0).abs() < 1.0, "change {change}%: {line}");
    assert!(lo < 10.0 && 10.0 < hi && lo > 5.0 && hi < 15.0, "{line}");
    assert!(
        line.contains("<0.001"),
        "8 vs 8 all apart: p = 0.00016: {line}"
    );
    assert!(line.contains("8+8"));
    assert!(!line.contains('~'));
    // The p99s are the same distribution: "~", and the CI spans 0.
    let line = row(&out, P99, "srv / hello / barrage / c=4");
    assert!(line.contains(" ~ "), "{line}");
    let p = percents(line);
    assert!(p[p.len() - 2] < 0.0 && p[p.len() - 1] > 0.0, "{line}");
    // The same through the library's numbers.
    let s = stats::hodges_lehmann(&A8, &B8, 0.05).unwrap();
    let (lo, hi) = s.interval.unwrap();
    assert!((s.estimate - 1000.0).abs() < 100.0 && lo < 1000.0 && 1000.0 < hi);
    let t = stats::mann_whitney(&A8, &B8).unwrap();
    assert!(t.exact && t.p < 0.001, "{t:?}");
}

#[test]
fn no_shift_prints_tilde_and_p() {
    let b: Vec<f64> = A8.iter().rev().map(|v| v + 15.0).collect();
    let a = results("s", &[("srv", &A8, &P99_A8)]);
    let b = results("s", &[("srv", &b, &P99_B8)]);
    let out = run_compare("none", &a, &b);
    let line = row(&out, RATE, "srv /");
    assert!(line.contains(" ~ "), "{line}");
    let words: Vec<&str> = line.split_whitespace().collect();
    let p: f64 = words[words.len() - 2].parse().unwrap();
    assert!(p > 0.5, "{line}");
    assert!(!line.contains("too few"));
}

#[test]
fn too_few_repeats_are_said_plainly() {
    // Completely apart, but 3 vs 3 cannot go below p = 0.1.
    let a = results("s", &[("srv", &[100.0, 101.0, 102.0], &[5.0, 5.1, 5.2])]);
    let b = results("s", &[("srv", &[200.0, 201.0, 202.0], &[9.0, 9.1, 9.2])]);
    let out = run_compare("few", &a, &b);
    for title in [RATE, P99] {
        let line = row(&out, title, "srv /");
        assert!(
            line.contains("too few repeats: 3 vs 3 cannot reach p<0.05; rerun with repeats ≥ 4"),
            "{line}"
        );
        assert!(line.contains("0.100"), "p is still printed: {line}");
        assert!(!line.contains('~'), "{line}");
    }
    // 4 vs 4 can: the same shift is significant.
    let a = results(
        "s",
        &[("srv", &[100.0, 101.0, 102.0, 99.0], &[5.0, 5.1, 5.2, 5.3])],
    );
    let b = results(
        "s",
        &[("srv", &[200.0, 201.0, 202.0, 199.0], &[9.0, 9.1, 9.2, 9.3])],
    );
    let out = run_compare("four", &a, &b);
    let line = row(&out, RATE, "srv /");
    assert!(line.contains("0.029") && line.contains("+99.5%"), "{line}");
    // --alpha 0.01 needs 5.
    let out = compare::compare(
        &compare::load(&write_dir("four-a2", &a)).unwrap(),
        &compare::load(&write_dir("four-b2", &b)).unwrap(),
        &Options { alpha: 0.01 },
    )
    .unwrap();
    assert!(out.contains("99% CI"), "{out}");
    assert!(
        out.contains("too few repeats: 4 vs 4 cannot reach p<0.01; rerun with repeats ≥ 5"),
        "{out}"
    );
}

#[test]
fn rows_only_on_one_side_and_suite_order() {
    // Suite order: zeta before alpha (not alphabetical).
    let a = results(
        "s",
        &[
            ("zeta", &A8, &P99_A8),
            ("alpha", &A8, &P99_A8),
            ("gone", &A8, &P99_A8),
        ],
    );
    let b = results(
        "t",
        &[
            ("zeta", &A8, &P99_A8),
            ("alpha", &B8, &P99_B8),
            ("new", &B8, &P99_B8),
        ],
    );
    let out = run_compare("only", &a, &b);
    assert!(
        out.contains("warning: A is suite \"s\" and B is suite \"t\""),
        "{out}"
    );
    let table: Vec<&str> = out[out.find(RATE).unwrap()..out.find(P99).unwrap()]
        .lines()
        .filter(|l| l.contains(" / hello /"))
        .collect();
    let names: Vec<&str> = table
        .iter()
        .map(|l| l.split(" / ").next().unwrap())
        .collect();
    assert_eq!(names, ["zeta", "alpha", "gone", "new"], "{out}");
    assert!(table[2].ends_with("only in A"), "{}", table[2]);
    assert!(table[3].ends_with("only in B"), "{}", table[3]);
    assert!(
        table[0].contains(" ~ ") && table[1].contains("+10."),
        "{out}"
    );
    // Deterministic: the same inputs give the same bytes.
    assert_eq!(out, run_compare("only", &a, &b));
}

#[test]
fn failed_levels_give_no_samples() {
    let a = results("s", &[("srv", &A8, &P99_A8)]);
    let mut b = results("s", &[("srv", &B8, &P99_B8)]);
    for x in b["runs"].as_array_mut().unwrap() {
        x["stats"] = Value::Null;
        x["error"] = json!("the server died");
    }
    let out = run_compare("failed", &a, &b);
    let line = row(&out, RATE, "srv /");
    assert!(line.contains("no samples in B"), "{line}");
}

#[test]
fn load_files_compare_per_second_samples() {
    let f = fixtures();
    let a = compare::load(&f.join("compare-load-a.json")).unwrap();
    let b = compare::load(&f.join("compare-load-b.json")).unwrap();
    let out = compare::compare(&a, &b, &Options::default()).unwrap();
    assert!(out.contains("per-second values"), "{out}");
    assert!(out.contains("not independent repeats"), "{out}");
    let key = "http://127.0.0.1:18391/hello [HTTP/1.1, closed c=4]";
    // 5 s measured: 5 whole seconds (the sixth entry holds the stragglers).
    let line = row(&out, RATE, key);
    assert!(line.contains("5+5"), "{line}");
    // The medians of the per-second responses of each file.
    assert!(line.contains("48642") && line.contains("42319"), "{line}");
    let line = row(&out, P99, key);
    assert!(line.contains("143 µs") && line.contains("0.008"), "{line}");
    if let Input::Load(l) = &a {
        assert_eq!(
            compare::seconds(&l.report, barrage_model::table::Metric::ResponsesPerS).len(),
            5
        );
    } else {
        panic!("a load file");
    }
}

#[test]
fn bad_input_names_the_file() {
    let f = fixtures();
    let mut errors = Vec::new();
    let mut err = |p: &Path| {
        let e = compare::load(p).unwrap_err();
        errors.push(e.clone());
        e
    };
    let e = err(&f.join("no-such-dir"));
    assert!(e.contains("no-such-dir: no such file or directory"), "{e}");
    let e = err(&f);
    assert!(e.contains("no results.json in this directory"), "{e}");
    let e = err(&f.join("suite.toml"));
    assert!(e.contains("suite.toml: not JSON"), "{e}");
    let e = err(&write_dir("schema", &json!({ "schema": "other/1" })));
    assert!(
        e.contains("results.json: schema \"other/1\" is neither"),
        "{e}"
    );
    let e = err(&write_dir("fields", &json!({ "schema": "barrage.run/1" })));
    assert!(
        e.contains("not a valid file of its schema: missing field"),
        "{e}"
    );
    for e in &errors {
        assert!(!e.contains('\n'), "one line: {e}");
        assert!(e.contains("barrage load --json"), "says what to give: {e}");
    }
    // A results directory against a load file.
    let a = compare::load(&f.join("compare-run")).unwrap();
    let b = compare::load(&f.join("compare-load-a.json")).unwrap();
    let e = compare::compare(&a, &b, &Options::default()).unwrap_err();
    assert!(e.contains("compare two results directories or two"), "{e}");
}

/// Two results of a WebSocket scenario: the same verdicts, on messages/s
/// and the round trip; a mixed pair keeps HTTP's words.
#[test]
fn websocket_results_compare_on_messages_and_round_trips() {
    let ws = |mut r: Value| {
        let scenario = &mut r["suite"]["scenarios"][0];
        scenario["protocol"] = json!("ws");
        scenario["path"] = json!("/ws");
        scenario["ws"] =
            json!({"mode": "echo", "message_bytes": 64, "binary": false, "in_flight": 1});
        r
    };
    let a = ws(results("s", &[("srv", &A8, &P99_A8)]));
    let b = ws(results("s", &[("srv", &B8, &P99_B8)]));
    let out = run_compare("ws", &a, &b);
    assert!(
        out.contains("each level's messages/s and p99 round trip"),
        "{out}"
    );
    let line = row(
        &out,
        "messages/s (higher is better)",
        "srv / hello / barrage / c=4",
    );
    let change = percents(line)[2];
    assert!((change - 10.0).abs() < 1.0, "change {change}%: {line}");
    let line = row(&out, "p99 round trip (lower is better)", "srv / hello");
    assert!(line.contains(" ~ "), "{line}");
    assert!(!out.contains(RATE) && !out.contains(P99), "{out}");
    let http = results("s", &[("srv", &B8, &P99_B8)]);
    let out = run_compare("ws-mixed", &a, &http);
    assert!(out.contains(RATE) && out.contains(P99), "{out}");
}

/// Two results of a gRPC scenario counting calls: the verdicts on calls/s
/// and the p99 latency per call.
#[test]
fn grpc_results_compare_on_calls() {
    let grpc = |mut r: Value| {
        let scenario = &mut r["suite"]["scenarios"][0];
        scenario["protocol"] = json!("grpc");
        scenario["path"] = json!("/barrage.bench.v1.Bench/Echo");
        scenario["grpc"] = json!({
            "call": "barrage.bench.v1.Bench/Echo",
            "data": "{}",
            "proto": "/repo/proto/bench.proto",
            "unit": "call",
            "in_flight": 10
        });
        r
    };
    let a = grpc(results("s", &[("srv", &A8, &P99_A8)]));
    let b = grpc(results("s", &[("srv", &B8, &P99_B8)]));
    let out = run_compare("grpc", &a, &b);
    assert!(
        out.contains("each level's calls/s and p99 latency per call"),
        "{out}"
    );
    let line = row(
        &out,
        "calls/s (higher is better)",
        "srv / hello / barrage / c=4",
    );
    let change = percents(line)[2];
    assert!((change - 10.0).abs() < 1.0, "change {change}%: {line}");
    assert!(!out.contains(RATE) && !out.contains(P99), "{out}");
}
