//! A scenario's capacity search, and its check.

use super::*;

#[test]
fn a_search_joins_its_objectives_and_takes_the_loads_connections() {
    let s = parse(&with_search(
        r#"{ slo = "p99<=10ms", errors = "0.1%", min = 100, max = 50000 }"#,
    ))
    .unwrap();
    let spec = s.scenario("cap").search.clone().unwrap();
    assert_eq!(spec.slo, "p99<=10ms,errors<=0.1%");
    assert_eq!((spec.min, spec.max), (100.0, 50000.0));
    assert_eq!((spec.precision, spec.max_steps), (0.02, 20));
    // The most of the concurrency sweep.
    assert_eq!(spec.connections, 100);
    // One search per server start, on barrage, whatever the drivers; the
    // other scenario keeps its levels.
    let plan = Plan::of(&s, false, None);
    let searches: Vec<&PlannedRun> = plan.runs.iter().filter(|r| r.level.is_search()).collect();
    assert_eq!(searches.len(), s.repeats as usize);
    assert!(searches.iter().all(|r| r.driver == Driver::Barrage));
    assert_eq!(plan.runs.len(), s.repeats as usize * 3);
    assert_eq!(
        searches[0].level.to_string(),
        "search p99<=10ms,errors<=0.1%"
    );
    // --levels leaves searches out.
    let levels = s.with_levels(&[0]).unwrap();
    assert!(levels.scenarios.iter().all(|sc| sc.search.is_none()));
    // A session load searches the session rate with its calls.
    let sessions = with_search(r#"{ errors = "0%" }"#).replace(
        "concurrency = [10, 100]",
        "session_rate = [10]\ncalls = 4\nsessions = 100",
    );
    let s = parse(&sessions).unwrap();
    let plan = Plan::of(&s, false, None);
    let search = plan.runs.iter().find(|r| r.level.is_search()).unwrap();
    assert!(matches!(search.level, Level::Search { calls: Some(4), .. }));
}

#[test]
fn search_errors_name_the_key() {
    for (search, says) in [
        (
            "{ min = 10 }",
            "scenario[1].search: a search without an objective",
        ),
        (
            r#"{ slo = "p99=1ms" }"#,
            "search.slo: \"p99=1ms\": no \"<=\"",
        ),
        (
            r#"{ slo = "p99<=1ms,errors<=1%", errors = "1%" }"#,
            "search.errors: errors given twice",
        ),
        (
            r#"{ errors = "lots" }"#,
            "search.errors: \"lots\" is not a share",
        ),
        (
            r#"{ errors = "0%", min = 100, max = 10 }"#,
            "search.max: max 10 is below min 100",
        ),
        (
            r#"{ errors = "0%", min = -1 }"#,
            "search.min: -1 is not a rate above zero",
        ),
        (
            r#"{ errors = "0%", precision = "2" }"#,
            "search.precision: \"2\" is not a share",
        ),
        (
            r#"{ errors = "0%", max_steps = 1 }"#,
            "search.max_steps: 1 steps",
        ),
        (
            r#"{ errors = "0%", speed = 1 }"#,
            "search.speed: unknown key",
        ),
    ] {
        let e = error(&with_search(search));
        assert!(e.contains(says), "{search}: {e}");
    }
}

/// A scenario's efficiency at a fixed rate: one open-loop level per
/// server start, on barrage, at the rate over the suite's connections.
#[test]
fn efficiency_is_one_open_loop_level_per_server_start() {
    let text = format!(
        "{VALID}[[scenario]]\nname = \"eff\"\npath = \"/hello\"\nefficiency = {{ rate = 2000 }}\n"
    );
    let s = parse(&text).unwrap();
    let spec = s.scenario("eff").efficiency.unwrap();
    assert_eq!((spec.rate, spec.connections), (2000.0, 100));
    let plan = Plan::of(&s, false, None);
    let fixed: Vec<&PlannedRun> = plan.runs.iter().filter(|r| r.scenario == "eff").collect();
    assert_eq!(fixed.len(), s.repeats as usize);
    assert!(fixed.iter().all(|r| r.driver == Driver::Barrage
        && r.level
            == Level::Rate {
                rate: 2000.0,
                connections: 100
            }));
    // --quick keeps it; --levels leaves it out, as it does searches.
    let quick = Plan::of(&s.effective(true, None), false, None);
    assert!(quick.runs.iter().any(|r| r.scenario == "eff"));
    let levels = s.with_levels(&[0]).unwrap();
    assert!(levels.scenarios.iter().all(|sc| sc.efficiency.is_none()));
    for (value, says) in [
        ("{ connections = 10 }", "efficiency.rate: missing"),
        (
            "{ rate = 0 }",
            "efficiency.rate: 0 is not a rate above zero",
        ),
        ("{ rate = 10, speed = 1 }", "efficiency.speed: unknown key"),
    ] {
        let e = error(&format!(
            "{VALID}[[scenario]]\nname = \"eff\"\npath = \"/hello\"\nefficiency = {value}\n"
        ));
        assert!(e.contains(says), "{value}: {e}");
    }
    let both = format!(
        "{VALID}[[scenario]]\nname = \"eff\"\npath = \"/hello\"\nefficiency = {{ rate = 10 }}\nsearch = {{ errors = \"0%\" }}\n"
    );
    assert!(
        error(&both).contains("efficiency beside a capacity search"),
        "{}",
        error(&both)
    );
}

#[test]
fn a_scenarios_check_reads_as_load_check_reads_it() {
    let with_check = |check: &str| {
        edit(
            "path = \"/hello\"\n",
            &format!("path = \"/hello\"\ncheck = {check:?}\n"),
        )
    };
    let s = parse(&with_check("p99<=10ms, rate>=1000")).unwrap();
    let check = s.scenario("hello").check.as_ref().unwrap();
    assert_eq!(check.to_string(), "p99<=10ms,rate>=1000");
    let e = error(&with_check("rate<=5"));
    assert!(
        e.contains("scenario[0].check: \"rate<=5\": rate takes >="),
        "{e}"
    );
    // A search's objective takes no rate: the capacity is the check's.
    let e = error(&with_search(r#"{ slo = "p99<=1ms,rate>=5" }"#));
    assert!(
        e.contains("search.slo") && e.contains("--check 'rate>=5'"),
        "{e}"
    );
}
