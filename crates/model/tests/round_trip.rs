//! Every JSON file barrage wrote that the repository keeps (the engine's
//! reports in the lab's fixtures, the lab's results.json in the report's)
//! reads into the model's types and writes back to the same JSON; a field
//! removed is a load error that names it, never a zero.

use std::path::{Path, PathBuf};

use barrage_model::{LoadError, Results, RunReport};
use serde_json::Value;

fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(rel: &str) -> String {
    let path = crates().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The JSON files of `dir` (relative to crates/) whose schema starts with `prefix`.
fn files(dir: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![crates().join(dir)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).unwrap();
                let v: Value = serde_json::from_str(&text).unwrap();
                if v["schema"].as_str().is_some_and(|s| s.starts_with(prefix)) {
                    out.push(path.strip_prefix(crates()).unwrap().display().to_string());
                }
            }
        }
    }
    out.sort();
    out
}

/// Reads, writes back, and compares as JSON values (the fixtures' own
/// indentation differs from what barrage writes).
fn round_trip<T>(rel: &str, read_as: fn(&str) -> Result<T, LoadError>, write: fn(&T) -> String) {
    let text = read(rel);
    let typed = read_as(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let original: Value = serde_json::from_str(&text).unwrap();
    let again: Value = serde_json::from_str(&write(&typed)).unwrap();
    assert_eq!(
        again, original,
        "{rel} changed on the way through the types"
    );
}

#[test]
fn engine_reports_round_trip() {
    let found = files("lab/tests/fixtures", "barrage.load/");
    let found = [found, files("report/tests/fixtures", "barrage.load/")].concat();
    assert!(found.len() >= 7, "{found:?}");
    for rel in &found {
        round_trip(rel, RunReport::from_json, RunReport::to_json);
    }
}

#[test]
fn results_files_round_trip() {
    let found = files("report/tests/fixtures", "barrage.run/");
    assert!(found.len() >= 5, "{found:?}");
    for rel in &found {
        round_trip(rel, Results::from_json, Results::to_json);
    }
}

#[test]
fn a_removed_field_is_an_error_that_names_it() {
    let mut v: Value =
        serde_json::from_str(&read("report/tests/fixtures/complete/results.json")).unwrap();
    let stats = v["runs"][3]["stats"].as_object_mut().unwrap();
    assert!(stats.remove("responses_per_s").is_some());
    let e = Results::from_json(&v.to_string()).unwrap_err();
    assert_eq!(
        e,
        LoadError::Field {
            path: "runs[3].stats".into(),
            message: "missing field `responses_per_s`".into()
        }
    );
    // The same in a report inside the results.
    let mut v: Value =
        serde_json::from_str(&read("report/tests/fixtures/complete/results.json")).unwrap();
    let report = v["runs"][0]["report"].as_object_mut().unwrap();
    report["totals"]
        .as_object_mut()
        .unwrap()
        .remove("responses");
    let e = Results::from_json(&v.to_string()).unwrap_err().to_string();
    assert!(
        e.contains("at `runs[0].report.totals`: missing field `responses`"),
        "{e}"
    );
}

#[test]
fn a_renamed_field_is_an_error_not_a_zero() {
    let text = read("lab/tests/fixtures/barrage_closed.json").replace("\"p99\"", "\"p_99\"");
    let e = RunReport::from_json(&text).unwrap_err().to_string();
    assert!(e.contains("missing field `p99`"), "{e}");
}

#[test]
fn a_file_of_another_version_says_so() {
    let text = read("report/tests/fixtures/complete/results.json").replacen(
        "\"barrage.run/1\"",
        "\"barrage.run/7\"",
        1,
    );
    let e = Results::from_json(&text).unwrap_err();
    assert!(
        matches!(&e, LoadError::Schema { found, .. } if found == "barrage.run/7"),
        "{e}"
    );
    assert!(e
        .to_string()
        .starts_with("written by a barrage with schema \"barrage.run/7\""));
}

/// `suite.tables` (`[[table]]`) came after `barrage.run/1`: results written
/// before it load with no tables and write none back; with tables, they
/// read as written.
#[test]
fn results_without_tables_still_load() {
    let text = read("report/tests/fixtures/complete/results.json");
    let with = Results::from_json(&text).unwrap();
    assert_eq!(with.suite.tables.len(), 1);
    assert_eq!(with.suite.tables[0].scenarios, ["static-4k", "hello"]);
    assert_eq!(with.suite.tables[0].columns, ["4k", "hello"]);
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let suite = v["suite"].as_object_mut().unwrap();
    assert!(suite.remove("tables").is_some());
    let without = Results::from_json(&v.to_string()).unwrap();
    assert!(without.suite.tables.is_empty());
    let again: Value = serde_json::from_str(&without.to_json()).unwrap();
    assert_eq!(again, v, "a results.json without tables gained some");
    // A table's fields are all required (the lab writes the defaults).
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let table = v["suite"]["tables"][0].as_object_mut().unwrap();
    assert!(table.remove("columns").is_some());
    let e = Results::from_json(&v.to_string()).unwrap_err().to_string();
    assert!(
        e.contains("at `suite.tables[0]`: missing field `columns`"),
        "{e}"
    );
}

/// A scenario's `script` came after `barrage.run/1` too: results without
/// one (every fixture) read as none and write none back; with one, it
/// reads and writes as written (its `args` left out when there are none).
#[test]
fn a_scenarios_script_reads_back_and_older_results_have_none() {
    let text = read("report/tests/fixtures/complete/results.json");
    let without = Results::from_json(&text).unwrap();
    assert!(without.suite.scenarios.iter().all(|s| s.script.is_none()));
    for script in [
        serde_json::json!({ "path": "/lab/suites/scripts/pipeline.lua", "args": ["16", "-v"] }),
        serde_json::json!({ "path": "/lab/post.lua" }),
    ] {
        let mut v: Value = serde_json::from_str(&text).unwrap();
        v["suite"]["scenarios"][0]["script"] = script.clone();
        let with = Results::from_json(&v.to_string()).unwrap();
        let got = with.suite.scenarios[0].script.as_ref().unwrap();
        assert_eq!(got.path, script["path"].as_str().unwrap());
        let args: Vec<&str> = script["args"]
            .as_array()
            .map(|a| a.iter().map(|w| w.as_str().unwrap()).collect())
            .unwrap_or_default();
        assert_eq!(got.args, args);
        let again: Value = serde_json::from_str(&with.to_json()).unwrap();
        assert_eq!(again, v, "a scenario's script changed on the way through");
    }
}
