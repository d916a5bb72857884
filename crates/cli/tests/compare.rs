//! `barrage compare A B` end to end: the built binary on two synthetic
//! results directories, on two `barrage load --json` files (recorded ones,
//! and two made here against the reference server), and on bad input.

use std::path::{Path, PathBuf};
use std::process::Command;

use barrage_target::{Target, TargetConfig};
use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_barrage");

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

fn barrage(args: &[&str]) -> Run {
    let out = Command::new(BIN).args(args).output().expect("run barrage");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../report/tests/fixtures")
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

fn temp_dir(name: &str) -> Scratch {
    let dir =
        std::env::temp_dir().join(format!("barrage-cli-compare-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A results directory: the recorded tiny suite's results.json (one
/// server, /hello, driver barrage, c=4) with one run per given rate.
fn results_dir(name: &str, rates: &[f64]) -> Scratch {
    let text = std::fs::read_to_string(fixtures().join("compare-run/results.json")).unwrap();
    let mut r: Value = serde_json::from_str(&text).unwrap();
    let template = r["runs"][0].clone();
    let runs: Vec<Value> = rates
        .iter()
        .enumerate()
        .map(|(i, rate)| {
            let mut x = template.clone();
            x["repeat"] = json!(i);
            x["stats"]["responses_per_s"] = json!(rate);
            x["stats"]["latency_p99_us"] = json!(1000.0 + (i % 3) as f64);
            x
        })
        .collect();
    r["runs"] = Value::Array(runs);
    let dir = temp_dir(name);
    std::fs::write(
        dir.join("results.json"),
        serde_json::to_string_pretty(&r).unwrap(),
    )
    .unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn two_results_directories() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let a = results_dir("a", &[30_000.0, 30_400.0, 29_700.0, 30_100.0, 29_900.0]);
    let b = results_dir("b", &[33_000.0, 33_300.0, 32_800.0, 33_200.0, 32_900.0]);
    let run = barrage(&["compare", s(&a), s(&b)]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
    let out = &run.stdout;
    assert!(out.contains("Samples: one per repeat"), "{run:?}");
    let rate = out
        .lines()
        .find(|l| l.starts_with("barrage-target / hello / barrage / c=4"))
        .unwrap();
    // 5 vs 5, all of B above all of A: exact p = 2/252.
    assert!(
        rate.contains("+10.0%") && rate.contains("0.008") && rate.contains("5+5"),
        "{rate}"
    );
    // Same p99s on both sides: no change.
    let p99 = out
        .lines()
        .filter(|l| l.starts_with("barrage-target / hello / barrage / c=4"))
        .nth(1)
        .unwrap();
    assert!(p99.contains(" ~ ") && p99.contains("1.000"), "{p99}");

    // Three repeats a side: said plainly, exit 0.
    let a3 = results_dir("a3", &[30_000.0, 30_400.0, 29_700.0]);
    let b3 = results_dir("b3", &[33_000.0, 33_300.0, 32_800.0]);
    let run = barrage(&["compare", s(&a3), s(&b3)]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.stdout
            .contains("too few repeats: 3 vs 3 cannot reach p<0.05; rerun with repeats ≥ 4"),
        "{run:?}"
    );
    // At --alpha 0.2, 3 vs 3 is enough (the smallest p is 0.1).
    let run = barrage(&["compare", "--alpha", "0.2", s(&a3), s(&b3)]);
    assert!(
        run.stdout.contains("80% CI") && run.stdout.contains("+10."),
        "{run:?}"
    );
}

#[test]
fn two_recorded_load_files() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let f = fixtures();
    let (a, b) = (f.join("compare-load-a.json"), f.join("compare-load-b.json"));
    let run = barrage(&["compare", s(&a), s(&b)]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("per-second values"), "{run:?}");
    assert!(
        run.stdout
            .contains("http://127.0.0.1:18391/hello [HTTP/1.1, closed c=4]"),
        "{run:?}"
    );
}

#[test]
fn two_fresh_load_files() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let target = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    })
    .expect("start the reference server");
    let dir = temp_dir("load");
    let url = format!("http://{}/hello", target.local_addr());
    let mut files = Vec::new();
    for name in ["a.json", "b.json"] {
        let file = dir.join(name);
        let run = barrage(&["load", "-q", "-t1", "-c2", "-d2s", "--json", s(&file), &url]);
        assert_eq!(run.code, Some(0), "{run:?}");
        files.push(file);
    }
    let run = barrage(&["compare", s(&files[0]), s(&files[1])]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains("2 whole seconds"), "{run:?}");
    // Two seconds a side can never be significant, and it says so.
    assert!(
        run.stdout
            .contains("too few samples: 2 vs 2 seconds cannot reach p<0.05; run longer (-d ≥ 4s)"),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains(&format!("{url} [HTTP/1.1, closed c=2]")),
        "{run:?}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let good = results_dir("good", &[1.0, 2.0, 3.0, 4.0]);
    let missing = temp_dir("missing").join("nothing-here");
    let run = barrage(&["compare", s(&good), s(&missing)]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert_eq!(run.stderr.lines().count(), 1, "{run:?}");
    assert!(
        run.stderr.starts_with("barrage: error: B: ")
            && run
                .stderr
                .contains("nothing-here: no such file or directory")
            && run.stderr.contains("barrage load --json"),
        "{run:?}"
    );
    assert!(run.stdout.is_empty());

    let junk_dir = temp_dir("junk");
    let junk = junk_dir.join("junk.json");
    std::fs::write(&junk, "not json").unwrap();
    let run = barrage(&["compare", s(&junk), s(&good)]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.stderr.contains("junk.json: not JSON"), "{run:?}");

    let load = fixtures().join("compare-load-a.json");
    let run = barrage(&["compare", s(&good), s(&load)]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr
            .contains("compare two results directories or two"),
        "{run:?}"
    );

    let run = barrage(&["compare", "--alpha", "1.5", s(&good), s(&good)]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.stderr.contains("--alpha 1.5"), "{run:?}");
}
