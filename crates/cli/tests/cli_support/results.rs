//! Synthetic results directories for `barrage compare` and `barrage
//! history`: the recorded results.json of a tiny suite
//! (crates/report/tests/fixtures/compare-run: barrage-target, /hello,
//! driver barrage, c=4) with its runs replaced by one per repeat of each
//! server variant, carrying the numbers a test chooses. Built in the test,
//! so the tests are fast and their numbers known.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::common::TempDir;

/// One server variant's repeats: their responses/s and p99 (µs), and the
/// share of requests that failed (%, 0 for none).
pub struct Variant<'a> {
    pub name: &'a str,
    pub rates: &'a [f64],
    pub p99s: &'a [f64],
    pub errors_pct: &'a [f64],
}

impl<'a> Variant<'a> {
    /// A variant without errors.
    pub fn new(name: &'a str, rates: &'a [f64], p99s: &'a [f64]) -> Variant<'a> {
        Variant {
            name,
            rates,
            p99s,
            errors_pct: &[],
        }
    }
}

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../report/tests/fixtures")
}

/// The results.json of `variants`, started at `started_at`, labelled
/// `label` (none: no label).
pub fn results(variants: &[Variant<'_>], label: Option<&str>, started_at: &str) -> Value {
    let text = std::fs::read_to_string(fixtures().join("compare-run/results.json")).unwrap();
    let mut r: Value = serde_json::from_str(&text).unwrap();
    let template = r["runs"][0].clone();
    let mut runs = Vec::new();
    let mut labels = Vec::new();
    for v in variants {
        labels.push(json!({ "label": v.name, "cores": null, "vars": {} }));
        for (i, rate) in v.rates.iter().enumerate() {
            let mut x = template.clone();
            x["repeat"] = json!(i);
            x["variant"] = json!(v.name);
            let responses = (rate * 10.0).round() as u64;
            let stats = &mut x["stats"];
            stats["responses_per_s"] = json!(rate);
            stats["responses"] = json!(responses);
            stats["elapsed_s"] = json!(10.0);
            stats["latency_p99_us"] = json!(v.p99s[i]);
            let pct = v.errors_pct.get(i).copied().unwrap_or(0.0);
            // errors / (responses + errors) = pct / 100.
            let errors = (responses as f64 * pct / (100.0 - pct)).round() as u64;
            stats["errors"] = json!(errors);
            stats["requests_sent"] = json!(responses + errors);
            runs.push(x);
        }
    }
    r["runs"] = Value::Array(runs);
    r["suite"]["servers"] = json!([{ "server": "barrage-target", "variants": labels }]);
    r["started_at"] = json!(started_at);
    if let Some(label) = label {
        r["label"] = json!(label);
    }
    r
}

/// `results` written as `NAME/results.json` under `root`; the directory.
pub fn write(root: &TempDir, name: &str, results: &Value) -> PathBuf {
    let dir = root.path(name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("results.json"),
        serde_json::to_string_pretty(results).unwrap(),
    )
    .unwrap();
    dir
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The first line of `text` that starts with `prefix` (a table's row).
pub fn line<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting {prefix:?} in:\n{text}"))
}
