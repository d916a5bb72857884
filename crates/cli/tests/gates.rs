//! `barrage compare --fail-on` end to end, on synthetic results
//! directories: a significant change past its limit exits 3 and says why
//! (text, Markdown, JUnit parsed back); a change past the limit that is
//! not significant, and a significant one within it, exit 0; bad gates are
//! one line and exit 2.

use roxmltree::Document;

use crate::cli_support::barrage;
use crate::cli_support::results::{fixtures, line, results, s, write, Variant};
use crate::common::TempDir;

/// Five repeats around 30,000 responses/s, and p99s around 1 ms that the
/// other side shares (so no p99 gate fires).
const A: [f64; 5] = [30_000.0, 30_400.0, 29_700.0, 30_100.0, 29_900.0];
const P99: [f64; 5] = [1000.0, 1010.0, 990.0, 1005.0, 995.0];
const P99_B: [f64; 5] = [1003.0, 993.0, 1008.0, 998.0, 1001.0];
/// -10%, every repeat below every repeat of A: p = 2/252.
const DROP: [f64; 5] = [27_000.0, 27_360.0, 26_730.0, 27_090.0, 26_910.0];
/// -3%, every repeat below A's: significant, within a 5% gate.
const SLIGHT: [f64; 5] = [29_100.0, 29_200.0, 28_950.0, 29_050.0, 29_000.0];
/// About -8% by the estimate, but overlapping A: not significant.
const NOISY: [f64; 5] = [21_000.0, 33_000.0, 27_600.0, 30_600.0, 25_500.0];
/// A's spread, shifted: no change.
const SAME: [f64; 5] = [30_050.0, 29_950.0, 30_300.0, 29_800.0, 30_150.0];

const GATES: &str = "rate<-5%,p99>+10%,errors>+1%";
const KEY: &str = "barrage-target / hello / barrage / c=4";

/// A (labelled base) and B (head) of three variants each: in B,
/// barrage-target's repeats are `rates`, steady's A's shifted a little,
/// and flaky's the same with `flaky_errors` (% of requests; none: no
/// errors).
fn pair(root: &TempDir, rates: &[f64], flaky_errors: &[f64]) -> (String, String) {
    let a = vec![
        Variant::new("barrage-target", &A, &P99),
        Variant::new("steady", &A, &P99),
        Variant::new("flaky", &A, &P99),
    ];
    let b = vec![
        Variant::new("barrage-target", rates, &P99_B),
        Variant::new("steady", &SAME, &P99_B),
        Variant {
            errors_pct: flaky_errors,
            ..Variant::new("flaky", &SAME, &P99_B)
        },
    ];
    let a = write(
        root,
        "a",
        &results(&a, Some("base"), "2026-11-22T15:00:00Z"),
    );
    let b = write(
        root,
        "b",
        &results(&b, Some("head"), "2026-11-22T16:00:00Z"),
    );
    (s(&a).to_string(), s(&b).to_string())
}

#[test]
fn a_significant_change_past_its_limit_exits_3_and_says_why() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let root = TempDir::new("gates-fail");
    let (a, b) = pair(&root, &DROP, &[3.0, 3.2, 2.9, 3.1, 3.05]);
    let junit = root.file("gates.xml");
    let run = barrage(&["compare", "--fail-on", GATES, "--junit", &junit, &a, &b]);
    assert_eq!(run.code, Some(3), "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
    let out = &run.stdout;
    assert!(
        out.contains(&format!(
            "gates {GATES} at alpha 0.05: FAILED, 2 significant changes past their limits (9 rows tested)"
        )),
        "{run:?}"
    );
    assert!(
        out.contains(&format!(
            "  FAIL {KEY}: rate 30000 → 27000, -10.0% (95% CI ["
        )) && out.contains("p=0.008): past rate<-5%"),
        "{run:?}"
    );
    assert!(
        out.contains(
            "  FAIL flaky / hello / barrage / c=4: errors 0.00% → 3.05%, +3.05 pp (95% CI ["
        ) && out.contains("past errors>+1%"),
        "{run:?}"
    );
    // The tables of the gated figures are printed too.
    assert!(
        out.contains("errors: failed requests, % of requests"),
        "{run:?}"
    );

    // JUnit: one test case per row, the failing ones saying why.
    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = Document::parse(&xml).unwrap_or_else(|e| panic!("{e}:\n{xml}"));
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(suite.attribute("tests"), Some("3"), "{xml}");
    assert_eq!(suite.attribute("failures"), Some("2"), "{xml}");
    let cases: Vec<_> = suite
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let names: Vec<&str> = cases.iter().filter_map(|c| c.attribute("name")).collect();
    assert_eq!(
        names,
        [
            KEY,
            "steady / hello / barrage / c=4",
            "flaky / hello / barrage / c=4"
        ]
    );
    let failure = |i: usize| {
        cases[i]
            .children()
            .find(|n| n.has_tag_name("failure"))
            .and_then(|f| f.attribute("message"))
    };
    assert!(
        failure(0).is_some_and(
            |m| m.starts_with("rate 30000 → 27000, -10.0%") && m.ends_with("past rate<-5%")
        ),
        "{xml}"
    );
    assert_eq!(failure(1), None, "{xml}");
    assert!(
        failure(2).is_some_and(|m| m.contains("past errors>+1%")),
        "{xml}"
    );
    let steady_out = cases[1]
        .children()
        .find(|n| n.has_tag_name("system-out"))
        .and_then(|n| n.text())
        .unwrap();
    assert!(steady_out.contains("rate 30000 → 30050"), "{steady_out}");
    assert!(steady_out.contains("within the gates"), "{steady_out}");

    // Markdown for a pull request: the verdict first, failing rows marked.
    let run = barrage(&[
        "compare",
        "--fail-on",
        GATES,
        "--format",
        "markdown",
        &a,
        &b,
    ]);
    assert_eq!(run.code, Some(3), "{run:?}");
    let md = &run.stdout;
    assert!(
        md.starts_with("### ❌ barrage compare: gates rate\\<-5%,p99\\>+10%,errors\\>+1% at alpha 0.05: FAILED"),
        "{md}"
    );
    assert!(
        md.contains(&format!("- **FAIL** `{KEY}`: rate 30000 → 27000, -10.0%")),
        "{md}"
    );
    let row = line(md, &format!("| ❌ fail | {KEY} |"));
    assert!(row.contains("| -10.0% |"), "{row}");
    line(md, "| ok | steady / hello / barrage / c=4 |");
}

#[test]
fn past_the_limit_but_not_significant_passes() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let root = TempDir::new("gates-noise");
    let (a, b) = pair(&root, &NOISY, &[]);
    let run = barrage(&["compare", "--fail-on", "rate<-5%", &a, &b]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.stdout.contains(
            "gates rate<-5% at alpha 0.05: passed, no significant change past a limit (3 rows tested)"
        ),
        "{run:?}"
    );
    assert!(
        run.stdout.contains(&format!(
            "  past rate<-5% but not significant: {KEY}: rate 30000 → 27600,"
        )),
        "{run:?}"
    );
    let run = barrage(&[
        "compare",
        "--fail-on",
        "rate<-5%",
        "--format",
        "markdown",
        &a,
        &b,
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.stdout
            .starts_with("### ✅ barrage compare: gates rate\\<-5%"),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains(&format!("| ⚠️ not significant | {KEY} |")),
        "{run:?}"
    );
}

#[test]
fn a_significant_change_within_the_limit_passes() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let root = TempDir::new("gates-within");
    let (a, b) = pair(&root, &SLIGHT, &[]);
    let run = barrage(&["compare", "--fail-on", "rate<-5%,p99>+10%", &a, &b]);
    assert_eq!(run.code, Some(0), "{run:?}");
    // Significant: the table prints the change, not "~".
    let row = line(&run.stdout, KEY);
    assert!(row.contains("-3.") && row.contains("0.008"), "{row}");
    assert!(run
        .stdout
        .contains("passed, no significant change past a limit (6 rows tested)"));
    assert!(!run.stdout.contains("not significant:"), "{run:?}");
    // A stricter gate fails on it.
    let run = barrage(&["compare", "--fail-on", "rate<-2%", &a, &b]);
    assert_eq!(run.code, Some(3), "{run:?}");
}

#[test]
fn bad_gates_are_one_line_and_exit_2() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let root = TempDir::new("gates-bad");
    let v = vec![Variant::new("barrage-target", &A, &P99)];
    let a = write(&root, "a", &results(&v, None, "2026-11-22T15:00:00Z"));
    let a = s(&a);
    let cases: [(&[&str], &str); 5] = [
        (
            &["--fail-on", "rate<5%"],
            "--fail-on \"rate<5%\": give the limit's sign: <-5% fails on a drop of more than 5%",
        ),
        (
            &["--fail-on", "tput<-5%"],
            "--fail-on \"tput<-5%\": unknown figure \"tput\"",
        ),
        (
            &["--fail-on", "p99>10ms"],
            "--fail-on \"p99>10ms\": the limit is a change in % of A's median",
        ),
        (&["--fail-on", ""], "--fail-on \"\": no gate"),
        (&["--junit", "x.xml"], "--fail-on <GATES>"),
    ];
    for (flags, want) in cases {
        let mut args = vec!["compare"];
        args.extend(flags);
        args.extend([a, a]);
        let run = barrage(&args);
        let err = run.usage_error(&flags);
        assert!(err.contains(want), "{flags:?}: {err}");
    }
    // Load files keep no p90: a gate on it could never fail.
    let f = fixtures();
    let (la, lb) = (f.join("compare-load-a.json"), f.join("compare-load-b.json"));
    let run = barrage(&["compare", "--fail-on", "p90>+10%", s(&la), s(&lb)]);
    let err = run.usage_error(&"p90 of load files");
    assert!(
        err.starts_with("--fail-on p90>+10%: neither A nor B has p90"),
        "{err}"
    );
}
