//! `--check` (issue 47): a run that meets its thresholds exits 0, one that
//! fails them exits 3 after its report, with each threshold's figure in
//! the JSON and the summary; a capacity search is checked on its answer,
//! a run over agents on the merged report; a suite's `check` marks each
//! level and makes `barrage run` exit 3. The thresholds are ones no
//! machine can miss or meet by its speed (`rate>=1`, `rate>=100000000`,
//! `p99<=1us`), so that nothing here is a timed assertion.

use serde_json::Value;

use crate::cli_support::{barrage, target, url};
use crate::common::{serial, shared, Run, TempDir};
use crate::lab::Lab;

/// Exit 3: the run ended, its report was written, and a check failed.
const EXIT_CHECK: i32 = 3;

fn read(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

/// The checks of a JSON report as `(check, measured, pass)`.
fn checks(report: &Value) -> Vec<(String, Option<f64>, bool)> {
    report["checks"]
        .as_array()
        .unwrap_or_else(|| panic!("no checks: {report}"))
        .iter()
        .map(|c| {
            (
                c["check"].as_str().unwrap().to_string(),
                c["measured"].as_f64(),
                c["pass"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// `barrage load ARGS --json FILE --html FILE --check CHECK` against
/// `barrage serve`: what it printed, its JSON report and its HTML page.
fn load(args: &[&str], check: &str) -> (Run, Value, String) {
    let t = target();
    let dir = TempDir::new("check");
    let (json, html) = (dir.file("run.json"), dir.file("run.html"));
    let mut all = vec!["load", "-t", "1", "--no-tui"];
    all.extend(args);
    let target_url = url(t.local_addr(), "/hello");
    all.extend([
        "--json",
        &json,
        "--html",
        &html,
        "--check",
        check,
        &target_url,
    ]);
    let r = barrage(&all);
    let page = std::fs::read_to_string(&html).unwrap_or_default();
    let report = match r.code {
        Some(0) | Some(EXIT_CHECK) => read(&json),
        _ => Value::Null,
    };
    (r, report, page)
}

#[test]
fn a_run_that_meets_its_check_exits_0_with_each_figure() {
    let _turn = shared();
    let (r, json, _) = load(&["-c", "2", "-n", "300"], "errors<=100%, rate>=1, p99<=60s");
    assert_eq!(r.code, Some(0), "{r:?}");
    let judged = checks(&json);
    let names: Vec<&str> = judged.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(names, ["errors<=100%", "rate>=1", "p99<=60s"], "{json:#}");
    assert!(judged.iter().all(|c| c.2), "{judged:?}");
    assert_eq!(judged[0].1, Some(0.0), "no errors against barrage serve");
    let rate = json["totals"]["responses_per_s"].as_f64().unwrap();
    assert_eq!(judged[1].1, Some(rate), "rate is responses/s");
    assert_eq!(
        judged[2].1,
        json["latency_us"]["p99"].as_f64(),
        "p99 is the report's"
    );
    assert_eq!(json["checks"][2]["unit"], "us");
    // The summary has a line per check.
    assert!(r.stdout.contains("  Checks\n"), "{}", r.stdout);
    assert!(
        r.stdout.contains("pass  rate>=1 (measured "),
        "{}",
        r.stdout
    );
}

#[test]
fn a_run_that_fails_its_check_exits_3_after_its_report() {
    let _turn = shared();
    let check = "rate>=100000000,errors<=100%,p99<=1us";
    let (r, report, page) = load(&["-c", "2", "-n", "300"], check);
    assert_eq!(r.code, Some(EXIT_CHECK), "{r:?}");
    assert_eq!(report["totals"]["responses"], 300, "the run ran whole");
    let judged = checks(&report);
    let rate = report["totals"]["responses_per_s"].as_f64().unwrap();
    assert_eq!(judged[0], ("rate>=100000000".into(), Some(rate), false));
    assert!(judged[1].2, "errors<=100% holds: {judged:?}");
    assert_eq!(judged[2].0, "p99<=1us");
    assert!(!judged[2].2 && judged[2].1.unwrap() > 1.0, "{judged:?}");
    // The summary, on stdout, says which failed and by what figure.
    assert!(
        r.stdout.contains("FAIL  rate>=100000000 (measured "),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("pass  errors<=100% (measured 0%)"));
    // So does the HTML page, in a table of its own.
    let table = &page[page
        .find("<table id=\"t-checks\">")
        .expect("a checks table")..];
    let table = &table[..table.find("</table>").unwrap()];
    assert!(
        table.contains("<th scope=\"row\">p99&lt;=1us</th>") && table.contains(">FAIL<"),
        "{table}"
    );
    // -q: no summary, the failures on stderr.
    let (r, _, _) = load(&["-q", "-c", "1", "-n", "50"], "rate>=1,p99<=1us");
    assert_eq!(r.code, Some(EXIT_CHECK), "{r:?}");
    assert!(r.stdout.is_empty(), "{r:?}");
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{r:?}");
    assert!(lines[0].starts_with("barrage: check FAIL  p99<=1us (measured "));
}

#[test]
fn a_run_that_got_no_answer_exits_1_whatever_its_check() {
    let _turn = shared();
    let closed = url(
        std::net::SocketAddr::from(([127, 0, 0, 1], barrage_testkit::closed_port())),
        "/",
    );
    let r = barrage(&[
        "load",
        "-q",
        "-c",
        "1",
        "-d",
        "1s",
        "--timeout",
        "1s",
        "--check",
        "errors<=100%",
        &closed,
    ]);
    assert_eq!(r.code, Some(1), "{r:?}");
}

#[test]
fn a_bad_check_is_one_line_and_exit_2() {
    let dead = "http://127.0.0.1:9/";
    for (args, says) in [
        (vec!["--check", "rate<=9500"], "rate takes >="),
        (vec!["--check", "p99"], "no \"<=\" or \">=\""),
        (vec!["--check", "p42<=1ms"], "unknown figure \"p42\""),
        (vec!["--check", "latency<=1ms"], "unknown figure"),
        (vec!["--check", "errors<=3"], "a share"),
        (vec!["--check", "p99<10ms"], "inclusive"),
        (vec!["--check", "p99>=10ms"], "p99 takes <="),
        (vec!["--check", "rate>=many"], "not a rate"),
        (vec!["--check", ""], "empty"),
        (
            vec!["--find-max", "--slo", "p99<=10ms,rate>=9500"],
            "--check 'rate>=9500'",
        ),
        (
            vec!["--part", "0/2", "-c", "2", "--check", "rate>=1"],
            "check the merged run (barrage merge --check",
        ),
    ] {
        let mut all = vec!["load", "-d", "1s"];
        all.extend(&args);
        all.push(dead);
        let r = barrage(&all);
        let line = r.usage_error(&args);
        assert!(line.contains(says), "{args:?}: {line}");
    }
}

#[test]
fn a_search_is_checked_on_its_answer() {
    let _turn = serial();
    let t = target();
    let dir = TempDir::new("check-search");
    // At most 40/s: every step of this search passes on a machine not
    // starved, and max-rate ends it with an answer of 40/s.
    let search = |check: &str, json: &str| {
        barrage(&[
            "load",
            "--find-max",
            "--slo",
            "p99<=5s",
            "--min-rate",
            "20",
            "--max-rate",
            "40",
            "-d",
            "1s",
            "--warmup",
            "200ms",
            "-c",
            "4",
            "-t",
            "1",
            "--client-ceiling",
            "off",
            "--json",
            json,
            "--check",
            check,
            &url(t.local_addr(), "/hello"),
        ])
    };
    let failed = dir.file("failed.json");
    let r = search("rate>=100000000,p99<=10s", &failed);
    assert_eq!(r.code, Some(EXIT_CHECK), "{r:?}");
    let report = read(&failed);
    // 40/s, unless the machine was too busy for that: the answer all the same.
    let answer = report["outcome"]["rate"].as_f64().unwrap();
    assert!(answer > 0.0 && answer <= 40.0, "{report:#}");
    let judged = checks(&report);
    assert_eq!(judged[0], ("rate>=100000000".into(), Some(answer), false));
    assert!(judged[1].2, "{judged:?}");
    let answered_by = |s: &&Value| s["offered_per_s"] == answer && s["verdict"]["pass"] == true;
    let steps = report["steps"].as_array().unwrap();
    assert!(
        steps
            .iter()
            .filter(answered_by)
            .any(|s| s["p99_us"].as_f64() == judged[1].1),
        "the p99 of the answer's step: {judged:?}"
    );
    assert!(
        r.stdout.contains("check FAIL  rate>=100000000 (measured "),
        "{}",
        r.stdout
    );
    let passed = dir.file("passed.json");
    let r = search("rate>=1,p90<=10s", &passed);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(checks(&read(&passed)).iter().all(|c| c.2));
}

#[test]
fn a_run_over_agents_is_checked_on_the_merged_report() {
    let _turn = shared();
    let agents = ["--agents", "local,local", "-c", "2", "-n", "400", "-q"];
    let (r, report, _) = load(&agents, "rate>=1,rate>=100000000");
    assert_eq!(r.code, Some(EXIT_CHECK), "{r:?}");
    assert_eq!(report["totals"]["responses"], 400, "both agents merged");
    let rate = report["totals"]["responses_per_s"].as_f64();
    let judged = checks(&report);
    assert_eq!(judged[0], ("rate>=1".into(), rate, true));
    assert_eq!(judged[1], ("rate>=100000000".into(), rate, false));
}

#[test]
fn parts_are_checked_when_merged() {
    let _turn = shared();
    let t = target();
    let dir = TempDir::new("check-parts");
    let target_url = url(t.local_addr(), "/hello");
    let parts: Vec<String> = (0..2)
        .map(|i| dir.file(&format!("part-{i}.json")))
        .collect();
    for (i, part) in parts.iter().enumerate() {
        let index = format!("{i}/2");
        let r = barrage(&[
            "load",
            "--part",
            &index,
            "-c",
            "2",
            "-n",
            "200",
            "-q",
            "--json",
            part,
            &target_url,
        ]);
        assert_eq!(r.code, Some(0), "{r:?}");
        assert!(read(part).get("checks").is_none(), "a part is not checked");
    }
    let merged = dir.file("merged.json");
    let r = barrage(&[
        "merge",
        &parts[0],
        &parts[1],
        "--json",
        &merged,
        "--check",
        "rate>=1,rate>=100000000",
    ]);
    assert_eq!(r.code, Some(EXIT_CHECK), "{r:?}");
    let report = read(&merged);
    assert_eq!(report["totals"]["responses"], 200);
    let rate = report["totals"]["responses_per_s"].as_f64();
    assert_eq!(
        checks(&report),
        [
            ("rate>=1".into(), rate, true),
            ("rate>=100000000".into(), rate, false)
        ]
    );
    assert!(r.stdout.contains("FAIL  rate>=100000000"), "{}", r.stdout);
    let r = barrage(&["merge", &parts[0], &parts[1], "--check", "rate>=1"]);
    assert_eq!(r.code, Some(0), "{r:?}");
}

const SUITE: &str = r#"
name = "checked"
driver = "barrage"
duration = "1s"
warmup = "0s"
repeats = 1
[cores]
server = [1]
client = [0]
[load]
concurrency = [2]
[[server]]
name = "target"
[[scenario]]
name = "hello-fails"
path = "/hello"
check = "errors<=100%,p99<=1us"
[[scenario]]
name = "hello-passes"
path = "/hello"
check = "errors<=100%,rate>=1"
[[scenario]]
name = "hello-unchecked"
path = "/hello"
"#;

#[test]
fn a_suite_marks_the_level_that_failed_its_check_and_exits_3() {
    let _turn = shared();
    let lab = Lab::new("check");
    let suite = lab.suite("checked", SUITE);
    let out = lab.run(&suite, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(EXIT_CHECK), "{stderr}");
    assert!(
        stderr.contains("1 level(s) failed their scenario's check"),
        "{stderr}"
    );
    let (dir, r) = lab.results();
    assert_eq!(r["complete"], true, "everything was written first");
    let run = |scenario: &str| {
        r["runs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["scenario"] == scenario)
            .unwrap_or_else(|| panic!("no run of {scenario}"))
            .clone()
    };
    let failed = checks(&run("hello-fails"));
    assert_eq!(failed[0].0, "errors<=100%");
    assert!(failed[0].2);
    assert!(!failed[1].2 && failed[1].1.unwrap() > 1.0, "{failed:?}");
    let passed = run("hello-passes");
    let rate = passed["stats"]["responses_per_s"].as_f64();
    assert_eq!(checks(&passed)[1], ("rate>=1".into(), rate, true));
    assert!(run("hello-unchecked").get("checks").is_none());
    assert_eq!(
        r["suite"]["scenarios"][0]["check"], "errors<=100%,p99<=1us",
        "the suite as run keeps the check"
    );
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        summary.contains("Checks: **1 of 2 levels checked failed (see Checks)**"),
        "{summary}"
    );
    let section = &summary[summary.find("## Checks").expect("a checks section")..];
    let row = section
        .lines()
        .find(|l| l.contains("hello-fails"))
        .unwrap_or_else(|| panic!("{section}"));
    // Markdown escapes the `<`.
    assert!(
        row.contains("| FAIL |") && row.contains("FAIL p99\\<=1us: "),
        "{row}"
    );
    let row = section
        .lines()
        .find(|l| l.contains("hello-passes"))
        .unwrap();
    assert!(row.contains("| pass |"), "{row}");
}

#[test]
fn a_suites_bad_check_is_one_line_and_exit_2() {
    let lab = Lab::new("check-bad");
    let suite = lab.suite(
        "bad",
        &SUITE.replace("errors<=100%,rate>=1", "errors<=100%,rate<=1"),
    );
    let out = lab.run(&suite, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("scenario[1].check") && stderr.contains("rate takes >="),
        "{stderr}"
    );
}
