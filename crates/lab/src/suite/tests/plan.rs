//! The plan of runs: its order, `--quick`, `--levels` and an entry's levels.

use super::*;

fn three_servers() -> Suite {
    let text = r#"
drivers = ["barrage", "wrk"]
repeats = 3
duration = "10s"
warmup = "2s"
[load]
concurrency = [1, 2, 3]
[[server]]
name = "a"
[[server]]
name = "b"
variants = { N = ["1", "2"] }
[[scenario]]
name = "s1"
path = "/hello"
[[scenario]]
name = "s2"
path = "/static/4k"
"#;
    parse(text).unwrap()
}

#[test]
fn the_plan_alternates_server_and_driver_order_between_repeats() {
    let plan = Plan::of(&three_servers(), false, None);
    assert_eq!(plan.runs.len(), 3 * 3 * 2 * 3 * 2);
    // One start per variant per repeat, all its runs together.
    let starts: Vec<(u32, &str)> = plan
        .starts()
        .map(|g| (g[0].repeat, g[0].variant.label.as_str()))
        .collect();
    assert_eq!(
        starts,
        [
            (0, "a"),
            (0, "b N=1"),
            (0, "b N=2"),
            (1, "b N=2"),
            (1, "b N=1"),
            (1, "a"),
            (2, "a"),
            (2, "b N=1"),
            (2, "b N=2"),
        ]
    );
    // Within a start: scenario, then level, then driver.
    let first: Vec<(&str, usize, Driver)> = plan
        .starts()
        .next()
        .unwrap()
        .iter()
        .map(|r| (r.scenario.as_str(), r.level_index, r.driver))
        .collect();
    assert_eq!(
        &first[..4],
        [
            ("s1", 0, Driver::Barrage),
            ("s1", 0, Driver::Wrk),
            ("s1", 1, Driver::Barrage),
            ("s1", 1, Driver::Wrk)
        ]
    );
    assert_eq!(first[6], ("s2", 0, Driver::Barrage));
    let second = plan.starts().nth(3).unwrap();
    assert_eq!(
        (second[0].driver, second[1].driver),
        (Driver::Wrk, Driver::Barrage)
    );
    assert_eq!(second[0].server, "b");
    // First the client's ceilings: 12 closed-loop shapes (2 scenarios × 3
    // levels × 2 drivers) of 2 s + 5 s (a ceiling's window is at most
    // 5 s), one responder start of 3 s (both are plain GETs). Then 108
    // runs of 2 s + 10 s, 9 starts of 3 s, each warming its 2 requests
    // until steady (4 s each).
    assert_eq!(plan.ceilings, 12);
    assert_eq!(plan.warmups, 9 * 2);
    assert_eq!(
        plan.estimate,
        Duration::from_secs(12 * 7 + 3 + 108 * 12 + 9 * 3 + 18 * 4)
    );
}

#[test]
fn quick_and_only_cut_the_plan() {
    let suite = three_servers();
    let plan = Plan::of(&suite, true, Some("b"));
    let got: Vec<(u32, &str, &str, usize)> = plan
        .runs
        .iter()
        .map(|r| {
            (
                r.repeat,
                r.variant.label.as_str(),
                r.scenario.as_str(),
                r.level_index,
            )
        })
        .collect();
    assert_eq!(got.len(), 2 * 2 * 2 * 2);
    assert!(got
        .iter()
        .all(|&(repeat, _, _, level)| repeat == 0 && (level == 0 || level == 2)));
    assert_eq!(
        (plan.warmup, plan.duration),
        (Duration::from_secs(1), Duration::from_secs(2))
    );
    assert_eq!(
        Plan::of(&suite, false, Some("b N=2")).runs.len(),
        3 * 2 * 3 * 2
    );
    assert!(Plan::of(&suite, false, Some("c")).runs.is_empty());
    // effective(true) plans the same runs, with levels counted in the cut list.
    let eff = Plan::of(&suite.effective(true, Some("b")), false, Some("b"));
    let strip = |p: &Plan| -> Vec<(String, Level, Driver)> {
        p.runs
            .iter()
            .map(|r| (r.variant.label.clone(), r.level.clone(), r.driver))
            .collect()
    };
    assert_eq!(strip(&eff), strip(&plan));
    assert_eq!(eff.estimate, plan.estimate);
}

#[test]
fn levels_display_and_sessions_last_as_long_as_they_take() {
    let table = [
        (Level::Connections(100), "c=100"),
        (
            Level::Rate {
                rate: 200.0,
                connections: 10,
            },
            "rate=200/s",
        ),
        (
            Level::Rate {
                rate: 12.5,
                connections: 10,
            },
            "rate=12.5/s",
        ),
        (
            Level::Sessions {
                rate: 100.0,
                calls: 10,
                sessions: 5000,
            },
            "sessions 100/s x10",
        ),
    ];
    for (level, want) in table {
        assert_eq!(level.to_string(), want);
    }
    let sessions = Level::Sessions {
        rate: 100.0,
        calls: 10,
        sessions: 5000,
    };
    assert_eq!(
        sessions.window(Duration::from_secs(10)),
        Duration::from_secs(50)
    );
    assert_eq!(
        Level::Connections(1).window(Duration::from_secs(10)),
        Duration::from_secs(10)
    );
    let json = serde_json::to_string(&sessions).unwrap();
    assert_eq!(
        json,
        r#"{"Sessions":{"rate":100.0,"calls":10,"sessions":5000}}"#
    );
    assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), sessions);
    // --quick starts only the sessions that fit the quick window.
    let text = edit(
        "concurrency = [10, 100]",
        "session_rate = [100, 1200]\ncalls = 10\nsessions = 5000",
    )
    .replace("\"barrage\"", "\"httperf\"");
    let plan = Plan::of(&parse(&text).unwrap(), true, None);
    let sessions: Vec<u64> = plan
        .runs
        .iter()
        .map(|r| match r.level {
            Level::Sessions { sessions, .. } => sessions,
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(sessions, [200, 2400]);
}

#[test]
fn the_plan_prints_as_a_table() {
    let suite = parse(&edit(
        "name = \"a\"",
        "name = \"a\"\nvariants = { N = [\"1\", \"2\"] }",
    ))
    .unwrap();
    let text = Plan::of(&suite, true, None).to_string();
    let want = "\
suite t (quick): 4 runs in 2 server starts (1 repeat), about 35s
each run: 1s warm-up, then 2s measured; 3s per server start
before the first server: the client's ceiling of 2 shapes of load, 2s measured each (an open loop's twice)
each start warms each of its requests until steady: 2 warm-ups, about 4s each
  repeat  server  scenario  level  driver   measured
  1/1     a N=1   hello     c=10   barrage  2s
  1/1     a N=1   hello     c=100  barrage  2s
  1/1     a N=2   hello     c=10   barrage  2s
  1/1     a N=2   hello     c=100  barrage  2s
";
    assert_eq!(text, want);
    let json = serde_json::to_value(Plan::of(&suite, true, None)).unwrap();
    assert_eq!(
        json["runs"][0]["level"],
        serde_json::json!({"Connections": 10})
    );
    assert_eq!(json["runs"][0]["driver"], "barrage");
}

#[test]
fn an_entry_runs_only_its_levels() {
    let text = VALID.replace("[10, 100]", "[10, 100, 1000]").replace(
        "name = \"a\"\n",
        "name = \"a\"\nlevels = [0, 2]\n[[server]]\nname = \"b\"\nlevels = [1]\n",
    );
    let suite = parse(&text).unwrap();
    let levels = |p: &Plan, server: &str| -> Vec<String> {
        p.runs
            .iter()
            .filter(|r| r.server == server)
            .map(|r| r.level.to_string())
            .collect()
    };
    let full = Plan::of(&suite, false, None);
    assert_eq!(levels(&full, "a")[..2], ["c=10", "c=1000"]);
    assert_eq!(levels(&full, "b")[..1], ["c=100"]);
    // --quick keeps the first and the last level: b has neither.
    let quick = Plan::of(&suite.effective(true, None), false, None);
    assert_eq!(levels(&quick, "a"), ["c=10", "c=1000"]);
    assert!(levels(&quick, "b").is_empty());
    let error = parse(&text.replace("levels = [1]", "levels = [3]")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "suites/t.toml:11: server[1].levels[0]: no level 3 (concurrency has 3, counted from 0); expected an index from 0 to 2"
    );
}

#[test]
fn levels_keep_those_levels_and_quick_keeps_them_all() {
    let suite = parse(&VALID.replace("[10, 100]", "[10, 100, 1000, 5000]")).unwrap();
    let two = suite.with_levels(&[3, 1]).unwrap();
    assert_eq!(two.load, Load::Concurrency(vec![100, 5000]));
    assert_eq!(
        two.effective(true, None).load,
        Load::Concurrency(vec![100, 5000])
    );
    assert_eq!(
        suite.with_levels(&[4]).unwrap_err(),
        "--levels: no level 4 (the suite has 4, counted from 0); expected indices from 0 to 3"
    );
    assert!(suite.with_levels(&[]).is_err());
}

#[test]
fn quick_servers_leave_the_others_out_and_only_brings_one_back() {
    let text = r#"
[load]
concurrency = [1]
[quick]
servers = ["a", "b N=2"]
[[server]]
name = "a"
[[server]]
name = "b"
variants = { N = ["1", "2"] }
[[server]]
name = "c"
[[scenario]]
name = "s1"
path = "/hello"
"#;
    let suite = parse(text).unwrap();
    let labels =
        |p: &Plan| -> Vec<String> { p.starts().map(|g| g[0].variant.label.clone()).collect() };
    // The full plan runs every server; --quick those of [quick] servers,
    // by name (a) or label (b N=2), and names the others.
    assert_eq!(labels(&Plan::of(&suite, false, None)).len(), 4 * 3);
    let quick = suite.effective(true, None);
    assert_eq!(labels(&Plan::of(&quick, false, None)), ["a", "b N=2"]);
    assert_eq!(quick.quick.left_out, ["b N=1", "c"]);
    assert_eq!(
        labels(&Plan::of(&suite, true, None)),
        labels(&Plan::of(&quick, false, None))
    );
    // --only runs the server it names, left out of --quick or not.
    let only = suite.effective(true, Some("c"));
    assert_eq!(labels(&Plan::of(&only, false, Some("c"))), ["c"]);
    assert!(only.quick.left_out.is_empty());
    assert_eq!(labels(&Plan::of(&suite, true, Some("c"))), ["c"]);
    // The suite file's names are checked.
    assert_eq!(
        error(&text.replace(r#""b N=2""#, r#""d""#)),
        "suites/t.toml:5: quick.servers[1]: no server \"d\" in the suite; expected a name or label of one of the suite's [[server]] entries"
    );
    assert!(
        error(&text.replace(r#"["a", "b N=2"]"#, "[]")).contains("an empty list runs no server")
    );
}
