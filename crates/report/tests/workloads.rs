//! The servers × workloads tables on real results (tests/fixtures/complete)
//! made into a workload suite: hello is json, static-4k is static; one
//! variant failed a static check (it never started in the fixture), nginx does not implement json. Markdown
//! and workloads.csv against golden files (`UPDATE_GOLDEN=1 cargo test -p
//! barrage-report --test workloads` rewrites them); the tables open the
//! report and the HTML.

use std::path::{Path, PathBuf};

use barrage_model::results::{ValidationFailure, ValidationOutcome, ValidationRecord};
use barrage_model::Workload;
use barrage_report::{html, model, tables};

fn golden(name: &str, actual: &str) {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; create it with UPDATE_GOLDEN=1", path.display()));
    for (i, (w, a)) in want.lines().zip(actual.lines()).enumerate() {
        assert_eq!(
            w,
            a,
            "{} line {} (UPDATE_GOLDEN=1 if intended)",
            path.display(),
            i + 1
        );
    }
    assert_eq!(
        want,
        actual,
        "{} (UPDATE_GOLDEN=1 if intended)",
        path.display()
    );
}

pub(crate) fn workload_results() -> barrage_model::Results {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/complete");
    let mut r = model::load_results(&dir).unwrap();
    for s in &mut r.suite.scenarios {
        s.workload = Some(if s.name == "hello" {
            Workload::Json
        } else {
            Workload::StaticSet
        });
    }
    let broken = "barrage-target broken";
    // What validation kept from load: nginx on json (the broken variant
    // never started).
    r.runs
        .retain(|x| !(x.variant == "nginx" && x.scenario == "hello"));
    let passed = ValidationOutcome::Passed { checks: 4 };
    let mut validations = Vec::new();
    for v in [
        "barrage-target THREADS=1",
        "barrage-target THREADS=2",
        "nginx",
        broken,
    ] {
        for w in ["json", "static"] {
            let outcome = match (v, w) {
                ("nginx", "json") => ValidationOutcome::NotImplemented,
                (b, "static") if b == broken => ValidationOutcome::Failed(ValidationFailure {
                    check: "static: /static/app.css".into(),
                    reason: "Content-Type text/plain, expected text/css".into(),
                    request:
                        "GET /static/app.css HTTP/1.1\\r\\nAccept-Encoding: br;q=1, gzip;q=0.8"
                            .into(),
                    response: "HTTP/1.1 200 OK\\r\\nContent-Type: text/plain".into(),
                }),
                _ => passed.clone(),
            };
            validations.push(ValidationRecord {
                server: v.into(),
                workload: Workload::from_name(w).unwrap(),
                outcome,
            });
        }
    }
    r.validations = validations;
    r
}

#[test]
fn golden_workload_tables() {
    let r = workload_results();
    let mut blocks = tables::document(&r);
    // The section alone: from its heading to the next heading of level 2.
    let start = blocks
        .iter()
        .position(|b| matches!(b, tables::Block::Heading { id, .. } if id == "workloads"))
        .expect("a servers × workloads section");
    let end = blocks[start + 1..]
        .iter()
        .position(|b| matches!(b, tables::Block::Heading { level: 2, .. }))
        .map_or(blocks.len(), |e| start + 1 + e);
    let section: Vec<tables::Block> = blocks.drain(start..end).collect();
    golden("workloads.md", &tables::render_markdown(&section));
    golden("workloads.csv", &tables::workloads_csv(&r));
}

#[test]
fn the_workload_tables_open_the_report_and_the_html() {
    let r = workload_results();
    let md = tables::markdown(&r);
    let at = |what: &str| {
        md.find(what)
            .unwrap_or_else(|| panic!("no {what:?} in:\n{md}"))
    };
    assert!(at("## Servers × workloads") < at("## Ranking"));
    assert!(md.contains("not implemented"));
    assert!(md.contains("failed validation: static: /static/app.css"));
    let page = html::results_html(&r, &[]);
    let workloads = page
        .find("id=\"workloads\"")
        .expect("the section in the HTML");
    assert!(workloads < page.find("id=\"ranking\"").unwrap());
    assert!(page.contains("failed validation: static: /static/app.css"));
    // Suites without workloads have neither the section nor workloads.csv.
    let plain =
        model::load_results(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/complete"))
            .unwrap();
    assert!(!tables::markdown(&plain).contains("Servers × workloads"));
    assert_eq!(tables::workloads_csv(&plain), "");
}
