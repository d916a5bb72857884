//! `[[service]]`s, a scenario's `queries = N`, their errors, the plan's
//! service line, and suites/database.toml with its `--quick` plan.

use super::*;

const BASE: &str = "name = \"t\"\n[load]\nconcurrency = [10]\n[[server]]\nname = \"a\"\n";

fn with(rest: &str) -> Result<Suite, FormatError> {
    super::super::parse(&format!("{BASE}{rest}"), &repo().join("suites/t.toml"))
}

fn with_error(rest: &str) -> String {
    match with(rest) {
        Ok(_) => panic!("no error for:\n{rest}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_service_takes_its_kind_name_host_cores_and_settings() {
    let suite = with("[[service]]\nkind = \"postgres\"\nhost = \"db\"\ncores = [2]\nsettings = { max_connections = 600, \"work_mem\" = \"8MB\" }\n[[scenario]]\nworkload = \"db\"\n[[scenario]]\nworkload = \"queries\"\nqueries = 5\n[[scenario]]\nworkload = \"updates\"\n").unwrap();
    let s = &suite.services[0];
    assert_eq!(
        (s.name.as_str(), s.host.as_deref()),
        ("postgres", Some("db"))
    );
    assert_eq!(s.cores, Some(vec![2]));
    assert_eq!(s.settings["max_connections"], "600");
    assert_eq!(s.settings["work_mem"], "8MB");
    let q = suite.scenario("queries-5");
    assert_eq!(
        (q.path.as_str(), q.queries),
        ("/queries?queries=5", Some(5))
    );
    let u = suite.scenario("updates");
    assert_eq!(
        (u.path.as_str(), u.queries),
        ("/updates?queries=20", Some(20)),
        "TechEmpower's largest N by default"
    );
    assert_eq!(suite.scenario("db").queries, None);
    let plan = Plan::of(&suite, false, None).to_string();
    assert!(
        plan.contains("service postgres: postgres, on host db, cores 2, max_connections=600 work_mem=8MB; started before the first server"),
        "{plan}"
    );
}

#[test]
fn service_and_queries_errors_are_one_line_at_their_key() {
    let pg = "[[service]]\nkind = \"postgres\"\n";
    let table: &[(String, &str)] = &[
        ("[[scenario]]\nworkload = \"db\"\n".into(), "scenario[0].workload: workload db needs a database and the suite has no service; expected a [[service]] kind = \"postgres\""),
        (format!("{pg}[[scenario]]\nworkload = \"queries\"\nqueries = 0\n"), "scenario[0].queries: 0 is out of range; expected a count of queries per request from 1 to 500"),
        (format!("{pg}[[scenario]]\nworkload = \"queries\"\nqueries = 501\n"), "scenario[0].queries: 501 is out of range"),
        (format!("{pg}[[scenario]]\nworkload = \"db\"\nqueries = 5\n"), "scenario[0].queries: queries with workload db; expected queries = N only with workload = \"queries\" or \"updates\""),
        (format!("{pg}[[scenario]]\nname = \"h\"\npath = \"/hello\"\nqueries = 5\n"), "scenario[0].queries: queries without a workload"),
        ("[[service]]\nkind = \"mysql\"\n[[scenario]]\nname = \"h\"\npath = \"/hello\"\n".into(), "service[0].kind: unknown service kind \"mysql\"; expected \"postgres\""),
        ("[[service]]\nname = \"pg\"\n[[scenario]]\nname = \"h\"\npath = \"/hello\"\n".into(), "service[0].kind: missing"),
        (format!("{pg}{pg}[[scenario]]\nname = \"h\"\npath = \"/hello\"\n"), "service[1].name: service \"postgres\" is defined twice"),
        (format!("{pg}cores = []\n[[scenario]]\nname = \"h\"\npath = \"/hello\"\n"), "service[0].cores: empty"),
        (format!("{pg}settings = {{ \"bad key\" = 1 }}\n[[scenario]]\nname = \"h\"\npath = \"/hello\"\n"), "service[0].settings.\"bad key\": invalid setting bad key = \"1\""),
        (format!("{pg}port = 5432\n[[scenario]]\nname = \"h\"\npath = \"/hello\"\n"), "port: unknown key"),
    ];
    for (rest, want) in table {
        let e = with_error(rest);
        assert!(e.contains(want), "{e}\nwant: {want}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}

/// suites/database.toml: every database workload, queries and updates at
/// TechEmpower's 1, 5, 10, 15 and 20, two connection counts, a capacity
/// search on db and fortunes, the six servers; --quick under ten minutes
/// by the plan's own estimate (the service's start counted).
#[test]
fn the_database_suite_quick_plan_is_under_ten_minutes() {
    let suite = crate::suite::load(&repo().join("suites/database.toml")).unwrap();
    assert_eq!(suite.services.len(), 1);
    let servers: Vec<&str> = suite.servers.iter().map(|s| s.server.as_str()).collect();
    assert_eq!(
        servers,
        [
            "barrage-target",
            "go-http",
            "fastify",
            "fastapi",
            "actix",
            "vertx"
        ]
    );
    let levels: Vec<(&str, Option<usize>)> = suite
        .scenarios
        .iter()
        .filter(|s| s.search.is_none())
        .map(|s| (s.workload.unwrap().name(), s.queries))
        .collect();
    let n = [1, 5, 10, 15, 20].map(Some);
    let mut want = vec![("db", None)];
    want.extend(n.map(|n| ("queries", n)));
    want.push(("fortunes", None));
    want.extend(n.map(|n| ("updates", n)));
    want.push(("items", None));
    assert_eq!(levels, want);
    let searched: Vec<&str> = suite
        .scenarios
        .iter()
        .filter(|s| s.search.is_some())
        .map(|s| s.workload.unwrap().name())
        .collect();
    assert_eq!(searched, ["db", "fortunes"]);
    assert_eq!(suite.load.levels(), 2);
    let quick = Plan::of(&suite, true, None);
    assert_eq!(quick.runs.len(), 6 * 13, "{quick}");
    assert!(quick.estimate < Duration::from_secs(10 * 60), "{quick}");
    assert_eq!(
        Plan::of(&suite.effective(true, None), false, None).runs,
        quick.runs
    );
}
