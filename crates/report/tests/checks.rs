//! The checks a suite's scenarios judged (`runs[].checks`): the overview's
//! line and the Checks section, in summary.md, report.md and report.html;
//! nothing of them for results without a check (the golden files).

use barrage_model::check::{Check, Figures};
use barrage_report::{html, tables};

use crate::report::results;

/// The "complete" fixture with `check` judged on every level that has
/// statistics: `rate>=1` holds everywhere, `p99<=1us` nowhere.
fn checked() -> barrage_model::Results {
    let mut r = results("complete");
    let check: Check = "rate>=1,p99<=1us".parse().unwrap();
    for run in &mut r.runs {
        if let Some(stats) = &run.stats {
            run.checks = check.judge(&Figures::of_level(stats));
        }
    }
    r
}

#[test]
fn a_failed_check_is_in_the_overview_and_a_section_of_its_own() {
    let r = checked();
    let judged = r.runs.iter().filter(|x| !x.checks.is_empty()).count();
    assert!(judged > 1, "the fixture has levels with statistics");
    for md in [barrage_report::summary(&r), tables::markdown(&r)] {
        let overview =
            format!("- Checks: **{judged} of {judged} levels checked failed (see Checks)**");
        assert!(md.contains(&overview), "{md}");
        let section = &md[md.find("\n## Checks\n").expect("a Checks section")..];
        let section = &section[..section[1..].find("\n## ").unwrap_or(section.len())];
        let rows: Vec<&str> = section
            .lines()
            .filter(|l| l.starts_with("| ") && l.contains(" FAIL "))
            .collect();
        assert_eq!(rows.len(), judged, "a row per level: {section}");
        assert!(
            rows.iter()
                .all(|l| l.contains("pass rate\\>=1: ") && l.contains("FAIL p99\\<=1us: ")),
            "{section}"
        );
    }
    let page = html::results_html(&r, &[]);
    let table = &page[page
        .find("<table id=\"t-checks\">")
        .expect("a checks table")..];
    let table = &table[..table.find("</table>").unwrap()];
    assert_eq!(
        table.matches("<td class=\"invalid\">FAIL</td>").count(),
        judged,
        "{table}"
    );
}

#[test]
fn levels_that_met_their_check_say_so_and_results_without_one_say_nothing() {
    let mut r = checked();
    for run in &mut r.runs {
        run.checks.retain(|c| c.pass);
    }
    let judged = r.runs.iter().filter(|x| !x.checks.is_empty()).count();
    let md = tables::markdown(&r);
    assert!(
        md.contains(&format!(
            "- Checks: every level met its check ({judged} levels)"
        )),
        "{md}"
    );
    assert!(!md.contains(" FAIL "), "{md}");
    let plain = tables::markdown(&results("complete"));
    assert!(!plain.contains("Checks"), "{plain}");
}
