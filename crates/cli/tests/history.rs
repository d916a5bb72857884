//! `barrage history` end to end, on three synthetic results directories
//! given out of order: the runs in the order they started, named by their
//! labels (or the commit), each cell a median with its interval, and the
//! one change past a gate and significant flagged, in the Markdown and in
//! the HTML page's chart (parsed back).

use roxmltree::Document;

use crate::cli_support::barrage;
use crate::cli_support::results::{fixtures, line, results, s, write, Variant};
use crate::common::TempDir;

const V1: [f64; 5] = [30_000.0, 30_400.0, 29_700.0, 30_100.0, 29_900.0];
/// v1's spread, reordered: no change.
const V2: [f64; 5] = [30_050.0, 29_950.0, 30_300.0, 29_800.0, 30_150.0];
/// -10% from v2, every repeat below: the flagged change.
const V3: [f64; 5] = [27_000.0, 27_360.0, 26_730.0, 27_090.0, 26_910.0];
const P99: [f64; 5] = [1000.0, 1010.0, 990.0, 1005.0, 995.0];

const KEY: &str = "barrage-target / hello / barrage / c=4";

/// Three runs, written newest first; the second has no label (its commit
/// names it).
fn three(root: &TempDir) -> [String; 3] {
    let run = |rates: &'static [f64]| vec![Variant::new("barrage-target", rates, &P99)];
    let v3 = write(
        root,
        "r3",
        &results(&run(&V3), Some("v3"), "2026-11-24T10:00:00Z"),
    );
    let v1 = write(
        root,
        "r1",
        &results(&run(&V1), Some("v1"), "2026-11-22T10:00:00Z"),
    );
    let v2 = write(
        root,
        "r2",
        &results(&run(&V2), None, "2026-11-23T10:00:00Z"),
    );
    [v3, v1, v2].map(|p| s(&p).to_string())
}

#[test]
fn three_runs_in_date_order_with_the_drop_flagged() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let root = TempDir::new("history");
    let [r3, r1, r2] = three(&root);
    let html = root.file("history.html");
    let run = barrage(&["history", "--html", &html, &r3, &r1, &r2]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let md = &run.stdout;
    // The fixture's commit names the run without a label.
    let commit = "ce92aecf7982-dirty";
    assert!(md.starts_with("# barrage history: tiny\n"), "{md}");
    assert!(md.contains("3 runs of suite tiny, oldest first."), "{md}");
    assert!(
        md.contains(&format!("|  | v1 | {commit} | v3 |")),
        "runs in the order they started: {md}"
    );
    let row = line(md, &format!("| {KEY} | 30000 \\["));
    // Five repeats: the interval is the least to the greatest.
    assert!(row.contains("| 30000 \\[29700, 30400\\] |"), "{row}");
    assert!(
        row.contains("| 27000 \\[26730, 27360\\] ⚠ -10.1% |"),
        "{row}"
    );
    assert_eq!(row.matches('⚠').count(), 1, "only the drop: {row}");
    assert!(
        md.contains(&format!(
            "- `{KEY}`, {commit} → v3: rate 30050 → 27000, -10.1% (95% CI"
        )) && md.contains("p=0.008): past rate\\<-5%"),
        "{md}"
    );
    // The p99s did not move: nothing flagged there.
    assert_eq!(md.matches('⚠').count(), 2, "the cell and the legend: {md}");

    let page = std::fs::read_to_string(&html).unwrap();
    // Well-formed XML but for its doctype.
    let xml = page.trim_start_matches("<!DOCTYPE html>\n");
    let doc = Document::parse(xml).unwrap_or_else(|e| panic!("{e}"));
    let figure = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("history-rate-hello-barrage-c-4"))
        .unwrap_or_else(|| panic!("no rate chart in {page}"));
    let flags: Vec<_> = figure
        .descendants()
        .filter(|n| n.attribute("class") == Some("flag"))
        .collect();
    assert_eq!(flags.len(), 1, "{page}");
    let note = flags[0]
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|t| t.text())
        .unwrap();
    assert!(
        note.contains(&format!("{commit} → v3: rate 30050 → 27000")),
        "{note}"
    );
    let whiskers = figure
        .descendants()
        .filter(|n| n.attribute("class") == Some("intervals"))
        .flat_map(|g| g.children().filter(|c| c.has_tag_name("path")))
        .count();
    assert_eq!(whiskers, 3, "one interval a run: {page}");
    let ticks: Vec<&str> = figure
        .descendants()
        .filter(|n| n.attribute("class") == Some("x-ticks"))
        .flat_map(|g| g.children().filter(|t| t.has_tag_name("text")))
        .filter_map(|t| t.text())
        .collect();
    assert_eq!(ticks, ["v1", commit, "v3"], "{page}");
}

#[test]
fn runs_as_given_stricter_gates_and_bad_input() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let root = TempDir::new("history-order");
    let [r3, r1, r2] = three(&root);
    let run = barrage(&["history", "--in-order", &r3, &r1, &r2]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let md = &run.stdout;
    assert!(md.contains("|  | v3 | v1 | ce92aecf7982-dirty |"), "{md}");
    // v3 → v1 is a rise: the default gates flag drops of rate only.
    assert!(
        md.contains("None: no change between runs fails the gates"),
        "{md}"
    );
    assert!(!md.contains("| 30000 \\[29700, 30400\\] ⚠"), "{md}");
    // --figures chooses the figures; the gates' are added.
    let run = barrage(&[
        "history",
        "--figures",
        "p50",
        "--fail-on",
        "rate<-5%",
        &r1,
        &r2,
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let titles: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("## "))
        .collect();
    assert_eq!(
        titles,
        [
            "## Runs",
            "## Flagged changes",
            "## responses/s (higher is better)",
            "## p50 latency (lower is better)"
        ],
        "{run:?}"
    );
    // A gate on rises flags it.
    let run = barrage(&[
        "history",
        "--in-order",
        "--fail-on",
        "rate>+5%",
        &r3,
        &r1,
        &r2,
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.stdout.contains("| 30000 \\[29700, 30400\\] ⚠ +11."),
        "{run:?}"
    );

    let load = fixtures().join("compare-load-a.json");
    let run = barrage(&["history", &r1, s(&load)]);
    let err = run.usage_error(&"a load file");
    assert!(
        err.contains("history reads results directories of `barrage run`"),
        "{err}"
    );
    let run = barrage(&["history", "--figures", "rate,tput", &r1]);
    let err = run.usage_error(&"--figures");
    assert!(err.contains("unknown figure \"tput\""), "{err}");
    let run = barrage(&["history", "--fail-on", "rate<5%", &r1]);
    let err = run.usage_error(&"--fail-on");
    assert!(err.contains("give the limit's sign"), "{err}");
    // What names a run: one line of text.
    for (label, says) in [("", "an empty label"), ("a\nb", "one line of text")] {
        let run = barrage(&["run", "--label", label, "--dry-run", "no-such-suite.toml"]);
        let err = run.usage_error(&label);
        assert!(err.contains("--label") && err.contains(says), "{err}");
    }
}
