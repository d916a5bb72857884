//! The workload form of a scenario (`workload = "json"`), its errors, and
//! suites/workloads.toml with its `--quick` plan.

use super::*;

/// `text` as a suite in the repository's suites/, where the mix files are
/// found above it.
fn in_repo(text: &str) -> Result<Suite, FormatError> {
    super::super::parse(text, &repo().join("suites/t.toml"))
}

fn in_repo_error(text: &str) -> String {
    match in_repo(text) {
        Ok(_) => panic!("no error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

const BASE: &str =
    "name = \"t\"\n[load]\nconcurrency = [10]\n[[server]]\nname = \"a\"\n[[scenario]]\n";

#[test]
fn a_workload_scenario_takes_its_name_path_and_mix_from_the_workload() {
    let suite = in_repo(&format!("{BASE}workload = \"json\"\n[[scenario]]\nworkload = \"upload\"\nname = \"up\"\n[[scenario]]\nworkload = \"plaintext\"\nprotocol = \"https\"\n")).unwrap();
    let json = suite.scenario("json");
    assert_eq!(json.workload.map(|w| w.name()), Some("json"));
    assert_eq!(
        (json.path.as_str(), json.method.as_str(), json.protocol),
        ("/json", "GET", Wire::H1)
    );
    assert_eq!(json.mix, None, "one plain GET needs no mix");
    let up = suite.scenario("up");
    assert_eq!((up.path.as_str(), up.method.as_str()), ("/upload", "POST"));
    let mix = up.mix.as_deref().unwrap();
    assert!(mix.ends_with("/data/workloads/mix/upload.toml"), "{mix}");
    assert!(
        Path::new(mix).is_absolute() && Path::new(mix).is_file(),
        "{mix}"
    );
    let plain = suite.scenario("plaintext");
    assert_eq!((plain.protocol, plain.mix.as_deref()), (Wire::HTTPS, None));
}

#[test]
fn workload_errors_are_one_line_at_their_key() {
    let table: &[(String, &str)] = &[
        (format!("{BASE}workload = \"jsonn\"\n"), "workload: unknown workload \"jsonn\"; expected one of baseline, plaintext, json, json-processing, compression, upload, static, noisy"),
        (format!("{BASE}workload = \"json\"\npath = \"/json\"\n"), "path: path with workload \"json\"; expected no path: a workload scenario sends the workload's requests (docs/workloads.md)"),
        (format!("{BASE}workload = \"upload\"\nmethod = \"PUT\"\n"), "method: method with workload \"upload\"; expected no method"),
        (format!("{BASE}workload = \"noisy\"\nprotocol = \"h2c\"\n"), "protocol: workload noisy over h2c; expected h1 or https"),
        (format!("{BASE}workload = \"plaintext\"\nprotocol = \"h3\"\n"), "protocol: workload plaintext over h3; expected h1 or https"),
        (format!("{BASE}workload = \"static\"\n").replace("name = \"t\"\n", "name = \"t\"\ndriver = \"wrk\"\n"), "scenario[0]: driver wrk cannot run scenario \"static\" at c=10: wrk cannot send workload static: its load is a mix of requests (barrage load --mix); use driver barrage"),
    ];
    for (text, want) in table {
        let e = in_repo_error(text);
        assert!(e.contains(want), "{e}\nwant: {want}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // json goes by URL: every tool that speaks h1 sends it.
    let wrk = format!("{BASE}workload = \"json\"\n")
        .replace("name = \"t\"\n", "name = \"t\"\ndriver = \"wrk\"\n");
    in_repo(&wrk).unwrap();
}

#[test]
fn a_workload_that_needs_a_mix_needs_a_checkout_above_the_suite() {
    let e = error(&format!("{BASE}workload = \"baseline\"\n"));
    assert!(
        e.contains("scenario[0].workload: no data/workloads/mix/baseline.toml in ")
            && e.ends_with("expected a suite inside a checkout of barrage, whose data/workloads/mix holds each workload's mix"),
        "{e}"
    );
    // json needs none: such a suite may be anywhere.
    parse(&format!("{BASE}workload = \"json\"\n")).unwrap();
}

#[test]
fn quick_searches_false_leaves_the_searches_out() {
    let text = format!("{BASE}workload = \"json\"\n[[scenario]]\nworkload = \"json\"\nname = \"json-capacity\"\nsearch = {{ slo = \"p99<=10ms\" }}\n");
    let with = in_repo(&text).unwrap();
    let quick = text.replace("[load]", "[quick]\nsearches = false\n[load]");
    let without = in_repo(&quick).unwrap();
    assert!(!without.quick.searches && with.quick.searches);
    assert_eq!(
        Plan::of(&with, true, None).runs.len(),
        2,
        "{}",
        Plan::of(&with, true, None)
    );
    let plan = Plan::of(&without, true, None);
    assert_eq!(plan.runs.len(), 1);
    assert_eq!(plan.runs[0].scenario, "json");
    // The full plan keeps them; the suite as run with --quick has none.
    assert_eq!(
        Plan::of(&without, false, None).runs.len(),
        2 * 3,
        "3 repeats"
    );
    let effective = without.effective(true, None);
    assert_eq!(effective.scenarios.len(), 1);
    assert_eq!(Plan::of(&effective, false, None).runs, plan.runs);
    // Not when every scenario is a search.
    let only = format!("{BASE}workload = \"json\"\nsearch = {{ slo = \"p99<=10ms\" }}\n")
        .replace("[load]", "[quick]\nsearches = false\n[load]");
    let e = in_repo_error(&only);
    assert!(
        e.contains("quick.searches: every scenario is a capacity search"),
        "{e}"
    );
}

/// suites/workloads.toml: every workload at the levels and as a search,
/// 16,384 connections for all but the two Python servers, and a --quick
/// plan of one level, no search, one server per stack, under ten minutes
/// by its own estimate (the client's ceilings and the warm-ups counted).
#[test]
fn the_workloads_suite_quick_plan_is_under_ten_minutes() {
    let suite = crate::suite::load(&repo().join("suites/workloads.toml")).unwrap();
    let workloads: Vec<&str> = suite
        .scenarios
        .iter()
        .filter(|s| s.search.is_none() && s.efficiency.is_none())
        .map(|s| s.workload.unwrap().name())
        .collect();
    // The database workloads have their own suite (suites/database.toml).
    // Echo joins when the catalogue serves it: with barrage-target alone
    // declaring it, its column would leave every other server unranked.
    let all: Vec<&str> = barrage_contract::Workload::ALL
        .iter()
        .filter(|w| !w.needs_database() && **w != barrage_contract::Workload::Echo)
        .map(|w| w.name())
        .collect();
    assert_eq!(workloads, all);
    // Each workload at the levels and as a search, and the baseline's
    // efficiency at 2,000/s.
    assert_eq!(suite.scenarios.len(), 2 * all.len() + 1);
    assert_eq!(suite.servers.len(), 12);
    let full = Plan::of(&suite, false, None);
    let levels = 10 * 8 * 3 + 2 * 8 * 2;
    let searches = 12 * 8;
    let efficiency = 12;
    assert_eq!(
        full.runs.len(),
        (levels + searches + efficiency) * 3,
        "3 repeats"
    );
    // --quick: one server per stack, each every workload once and the
    // efficiency level.
    let quick = Plan::of(&suite, true, None);
    assert_eq!(quick.runs.len(), 7 * 8 + 7, "{quick}");
    assert!(quick.runs.iter().all(|r| r.level == Level::Connections(512)
        || r.level
            == Level::Rate {
                rate: 2000.0,
                connections: 100
            }));
    assert!(quick.estimate < Duration::from_secs(10 * 60), "{quick}");
    // What --dry-run --quick prints is what runs.
    assert_eq!(
        Plan::of(&suite.effective(true, None), false, None).runs,
        quick.runs
    );
}

/// A scenario's own mix (`mix = "FILE"`, relative to the suite), barrage's
/// alone, and its errors.
#[test]
fn a_scenario_may_send_its_own_mix() {
    let suite = in_repo(&format!(
        "{BASE}name = \"api\"\npath = \"/hello\"\nmix = \"../data/workloads/mix/baseline.toml\"\n"
    ))
    .unwrap();
    let api = suite.scenario("api");
    let mix = api.mix.as_deref().unwrap();
    assert!(
        Path::new(mix).is_absolute() && mix.ends_with("baseline.toml"),
        "{mix}"
    );
    assert_eq!(api.workload, None);
    let table: &[(String, &str)] = &[
        (format!("{BASE}path = \"/hello\"\nmix = \"no-such.toml\"\n"), "mix: cannot read"),
        (format!("{BASE}path = \"/hello\"\nmethod = \"POST\"\nmix = \"../data/workloads/mix/baseline.toml\"\n"), "mix: a mix beside a method or a script"),
        (format!("{BASE}workload = \"json\"\nmix = \"../data/workloads/mix/baseline.toml\"\n"), "mix: a mix beside a workload"),
        (format!("{BASE}name = \"m\"\npath = \"/hello\"\nmix = \"../data/workloads/mix/baseline.toml\"\n").replace("name = \"t\"\n", "name = \"t\"\ndriver = \"wrk\"\n"), "wrk cannot send a mix of requests"),
    ];
    for (text, want) in table {
        let e = in_repo_error(text);
        assert!(e.contains(want), "{e}\nwant: {want}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}
