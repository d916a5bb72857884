//! summary.md (`barrage_report::summary`, which `barrage run` writes): a
//! selection of the report's parts, the same blocks written as report.md
//! is, that keeps what a run's summary says (the state, the machine, the
//! warnings, the servers left out, the rankings, the side-by-side and
//! per-scenario tables, the capacities, what was not measured, the probes'
//! bytes, the hosts). `UPDATE_GOLDEN=1` rewrites tests/golden/summary.md.

use barrage_report::tables::{self, Block, Part};

use crate::report::{golden, results};
use crate::workloads::workload_results;

#[test]
fn golden_summary() {
    golden("summary.md", &barrage_report::summary(&results("complete")));
    golden(
        "summary-interrupted.md",
        &barrage_report::summary(&results("interrupted")),
    );
}

/// Every block of the summary is the report's, in the report's order,
/// but for the title and the line on what the report adds.
#[test]
fn the_summary_is_a_selection_of_the_reports_blocks() {
    for fixture in ["complete", "interrupted", "compare-run"] {
        let r = results(fixture);
        let report = tables::document(&r);
        let summary = tables::summary_document(&r);
        let mut rest = report.iter();
        let mut own = Vec::new();
        for b in &summary {
            let at = rest.clone().position(|x| x == b);
            match at {
                Some(i) => {
                    rest.nth(i);
                }
                None => own.push(b),
            }
        }
        assert_eq!(own.len(), if r.complete { 2 } else { 3 }, "{own:#?}");
        assert!(
            matches!(own[0], Block::Heading { level: 1, text, .. } if text.starts_with("barrage summary: "))
        );
        assert!(!summary.contains(&Block::Charts(None)));
        assert_eq!(
            barrage_report::summary(&r),
            tables::render_markdown(&summary)
        );
    }
    // The report's in-depth parts are left out: here the client's ceiling.
    let mut r = results("complete");
    r.ceilings = vec![serde_json::from_str(
        r#"{"shape": {"scenario": "hello", "driver": "barrage", "open": false, "connections": 100}, "responder": "barrage-responder", "rate_per_s": 166265.0, "client_limited": true, "command": "barrage load"}"#,
    )
    .unwrap()];
    assert!(tables::markdown(&r).contains("\n## The client's ceiling\n"));
    assert!(!barrage_report::summary(&r).contains("ceiling\n"));
    let left_out: Vec<Part> = Part::ALL.into_iter().filter(|p| !p.in_summary()).collect();
    assert_eq!(
        left_out,
        [
            Part::Ceilings,
            Part::Database,
            Part::Efficiency,
            Part::Charts
        ]
    );
}

/// What summary.md said before it was rendered from the report's blocks is
/// still there, in the report's words.
#[test]
fn the_summary_keeps_the_runs_facts() {
    let mut r = results("complete");
    r.warnings = vec!["the client shares a core with the server".into()];
    r.suite.quick.left_out = vec!["nginx-module".into()];
    r.probes[0].invalid = Some("nginx does not serve ws".into());
    r.probes[1].result.as_mut().unwrap().deviations = vec!["no date header".into()];
    let s = barrage_report::summary(&r);
    let e = &r.environment;
    for want in [
        "# barrage summary: report-fixture\n".to_string(),
        format!("- Suite file: `{}`", r.suite_file),
        format!("- Started {}, finished", r.started_at),
        ": complete\n".into(),
        format!("| kernel | {} |", e.kernel),
        format!("| CPU | {} |", e.cpu_model),
        format!("| cores | {} |", e.cores),
        "## Warnings\n\n- the client shares a core with the server\n".into(),
        "Left out of --quick (the suite's \\[quick\\] servers): nginx-module; `barrage run crates/report/tests/fixtures/suite.toml --quick --only NAME` runs one of them".into(),
        "## Servers not measured\n\n- **barrage-target broken** (repeat 1): failed\n".into(),
        "invalid digit found in string".into(),
        "skipped: nginx does not serve ws".into(),
        "deviations: no date header".into(),
        "| barrage-target THREADS=1 | hello | 200 | HTTP/1.1 | content-length | 125 | 12 |".into(),
        "`*` marks a client-bound level".into(),
    ] {
        assert!(s.contains(&want), "no {want:?} in:\n{s}");
    }
    // Ranking first, then the side-by-side tables, then each scenario's.
    let at = |what: &str| s.find(what).unwrap_or_else(|| panic!("no {what:?}:\n{s}"));
    assert!(at("\n## Ranking\n") < at("\n## Side by side\n"));
    assert!(at("\n## Side by side\n") < at("\n### hello and 4 KiB (barrage)\n"));
    assert!(at("\n### hello and 4 KiB (barrage)\n") < at("\n## hello (barrage)\n"));
    for metric in [
        "Median responses/s",
        "Median p99 latency",
        "Median client CPU per response",
    ] {
        let heading = format!("\n#### {metric}\n");
        assert!(
            s[..at("\n## hello (barrage)\n")].contains(&heading),
            "{heading}"
        );
        assert!(s.contains(&format!("\n### {metric}\n")), "{metric}");
    }
    assert!(s.contains(
        "| server | c=4 4k | c=4 hello | c=16 4k | c=16 hello |\n|---|--:|--:|--:|--:|\n| barrage-target THREADS=1 | 82,716 | 83,558* | 80,417* | 90,584* |\n"
    ));
    // Who came first: best first, with the repeats' spread and the marks.
    assert!(s.contains(
        "**hello (barrage)** at `c=16`, the highest level with numbers for every server:\n\n| rank | server | responses/s | repeats: lowest–highest |\n|--:|---|--:|--:|\n| 1 | barrage-target THREADS=1 | 90,584* | 78,770–102,398 (2 repeats) |\n"
    ), "{s}");
    // A run without tables of several scenarios has none.
    assert!(!barrage_report::summary(&results("compare-run")).contains("Side by side"));
}

/// A workload suite's summary opens with the servers × workloads tables:
/// medians with the repeats' spread, "not implemented", "failed
/// validation: CHECK", and the composite.
#[test]
fn the_summary_opens_with_the_servers_by_workloads_tables() {
    let s = barrage_report::summary(&workload_results());
    let at = s.find("\n## Servers × workloads\n").expect("the section");
    assert!(at < s.find("\n## Ranking\n").unwrap(), "{s}");
    for want in [
        "### At c=4 (barrage)\n\n| server | hello (json) | static-4k (static) |\n|---|--:|--:|\n| barrage-target THREADS=1 | 83,558 (80,168–86,947)* | 82,716 (73,389–92,043) |\n",
        "| nginx | not implemented | 37,436 (35,117–39,755) |\n",
        "| barrage-target broken | – | failed validation: static: /static/app.css |\n",
        "**Composite at c=4** over hello, static-4k (the most a server can score is 2):",
        "| 1 | barrage-target THREADS=1 | 1.976 |\n| 2 | barrage-target THREADS=2 | 1.730 |\n",
        "- nginx: no valid number for hello\n- barrage-target broken: no valid number for hello, static-4k\n",
    ] {
        assert!(s.contains(want), "no {want:?} in:\n{s}");
    }
    assert!(!barrage_report::summary(&results("complete")).contains("Servers × workloads"));
}
