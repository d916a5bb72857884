use super::*;
use crate::results::{Results, RunRecord};
use crate::suite::Scenario;
use barrage_contract::Workload;

#[test]
fn medians() {
    assert_eq!(median(&[]), None);
    assert_eq!(median(&[3.0]), Some(3.0));
    assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
}

#[test]
fn row_names() {
    assert_eq!(row_name("nginx", ""), "nginx");
    assert_eq!(row_name("nginx", "nginx WORKERS=2"), "nginx WORKERS=2");
}

use std::collections::BTreeMap;
use std::time::Duration;

use crate::results::{ClientUsage, Environment, LevelStats, MonitorReport, SCHEMA};
use crate::suite::{
    Cores, Driver, Level, Load, Quick, SearchSpec, ServerEntry, Suite, SuiteTable, Variant, Wire,
};

/// One repeat of `variant` in `scenario` at level `level` (c=10, c=100)
/// with `driver`, at `rate` responses/s, as results.json has it.
fn run(variant: &str, scenario: &str, driver: &str, level: usize, rate: f64) -> RunRecord {
    let stats = LevelStats {
        responses: rate as u64,
        responses_per_s: rate,
        elapsed_s: 1.0,
        ..LevelStats::default()
    };
    let json = serde_json::json!({
        "repeat": 0, "server": variant, "variant": variant,
        "scenario": scenario, "driver": driver,
        "level_index": level, "level": Level::Connections([10, 100][level]),
        "command": "", "started_at": "", "stats": stats, "client_bound": false,
        "client": ClientUsage::default(), "server_usage": MonitorReport::default(),
        "time_wait_before": 0, "time_wait_after": 0,
    });
    serde_json::from_value(json).unwrap()
}

/// Servers x and y, scenarios h1, h2 and h3, drivers wrk then barrage,
/// levels c=10 and c=100; `tables` as given.
fn results(runs: Vec<RunRecord>, tables: Vec<SuiteTable>) -> Results {
    let entry = |name: &str| ServerEntry {
        server: name.into(),
        variants: vec![Variant {
            label: name.into(),
            vars: BTreeMap::new(),
            cores: None,
        }],
        levels: None,
    };
    let scenario = |name: &str| Scenario {
        name: name.into(),
        ..Scenario::get(Wire::H1, "/hello")
    };
    let second = Duration::from_secs(1);
    Results {
        validations: Vec::new(),
        services: Vec::new(),
        schema: SCHEMA.into(),
        suite_file: "suites/t.toml".into(),
        suite: Suite {
            name: "t".into(),
            description: String::new(),
            servers: vec![entry("x"), entry("y")],
            scenarios: vec![scenario("h1"), scenario("h2"), scenario("h3")],
            load: Load::Concurrency(vec![10, 100]),
            driver: Driver::Wrk,
            duration: second,
            warmup: second,
            timeout: second,
            repeats: 1,
            cores: Cores::default(),
            quick: Quick {
                duration: second,
                warmup: second,
                levels: None,
                searches: true,
                servers: None,
                left_out: Vec::new(),
            },
            session_window: None,
            drivers: vec![Driver::Wrk, Driver::Barrage],
            hosts: None,
            tables,
            services: Vec::new(),
        },
        quick: false,
        only: None,
        label: None,
        started_at: String::new(),
        finished_at: None,
        complete: true,
        interrupted: false,
        environment: Environment {
            captured_at: String::new(),
            hostname: String::new(),
            kernel: String::new(),
            cpu_model: String::new(),
            cores: 2,
            memory_bytes: 0,
            sysctls: BTreeMap::new(),
            open_files_soft: 0,
            open_files_hard: 0,
            barrage_version: String::new(),
            git_commit: None,
            server_versions: BTreeMap::new(),
        },
        warnings: Vec::new(),
        servers: Vec::new(),
        probes: Vec::new(),
        runs,
        hosts: Vec::new(),
        ceilings: Vec::new(),
    }
}

fn table(title: &str, scenarios: &[&str], columns: &[&str]) -> SuiteTable {
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    SuiteTable {
        title: title.into(),
        scenarios: strings(scenarios),
        columns: strings(columns),
    }
}

/// The cells of a grid as the medians of responses/s with their marks
/// (`-` for an empty cell).
fn texts(grid: &Grid) -> Vec<(String, Vec<String>)> {
    grid.rows
        .iter()
        .map(|(row, cells)| {
            let cells = cells.iter().map(|c| match c.median(Metric::ResponsesPerS) {
                _ if c.is_empty() => "-".to_string(),
                Some(m) => format!("{m}{}", c.marks()),
                None => format!("none{}", c.marks()),
            });
            (row.clone(), cells.collect())
        })
        .collect()
}

#[test]
fn side_by_side_columns_go_by_level_then_by_the_tables_scenarios() {
    let mut runs = Vec::new();
    for (v, base) in [("y", 100.0), ("x", 200.0)] {
        for (s, add) in [("h1", 1.0), ("h2", 2.0), ("h3", 3.0)] {
            for level in [1, 0] {
                runs.push(run(v, s, "wrk", level, base + add + 10.0 * level as f64));
            }
        }
    }
    let r = results(runs, vec![table("T", &["h3", "h1"], &["three", "one"])]);
    let tables = side_by_side(&r);
    assert_eq!(tables.len(), 1);
    let t = &tables[0];
    assert_eq!((t.title.as_str(), t.driver.as_str()), ("T", "wrk"));
    assert_eq!((t.number, t.id()), (1, "side-by-side-1".to_string()));
    let grid = t.grid();
    assert_eq!(
        grid.columns,
        ["c=10 three", "c=10 one", "c=100 three", "c=100 one"]
    );
    // Rows in the suite's order, whatever the order of the runs.
    assert_eq!(
        texts(&grid),
        [
            ("x".to_string(), vec!["203", "201", "213", "211"]),
            ("y".to_string(), vec!["103", "101", "113", "111"]),
        ]
        .map(|(row, cells)| (row, cells.iter().map(|c| c.to_string()).collect()))
    );
    // A group's grid: a column per level.
    let g = &groups(&r)[0];
    assert_eq!(g.grid().columns, ["c=10", "c=100"]);
    assert_eq!(texts(&g.grid())[0].1, ["201", "211"]);
}

#[test]
fn side_by_side_cells_are_empty_where_nothing_ran_and_keep_their_marks() {
    let mut bound = run("x", "h1", "barrage", 0, 500.0);
    bound.client_bound = true;
    let mut failed = run("x", "h2", "barrage", 1, 0.0);
    failed.stats = None;
    failed.error = Some("the server died".into());
    let mut errors = run("y", "h2", "barrage", 0, 300.0);
    errors.stats.as_mut().unwrap().errors = Some(3);
    let mut repeat = run("y", "h2", "barrage", 0, 100.0);
    repeat.repeat = 1;
    let mut search = run("y", "h1", "barrage", 0, 9.0);
    search.level = Level::Search {
        spec: SearchSpec {
            slo: "p99<=10ms".into(),
            min: 1.0,
            max: 10.0,
            precision: 0.02,
            max_steps: 20,
            connections: 10,
        },
        calls: None,
    };
    let runs = vec![
        bound,
        failed,
        errors,
        repeat,
        run("y", "h1", "barrage", 1, 50.0),
        // Another table's scenario, and a capacity search: not here.
        run("x", "h3", "barrage", 0, 1.0),
        search,
    ];
    let r = results(runs, vec![table("h1 and h2", &["h1", "h2"], &["h1", "h2"])]);
    let t = &side_by_side(&r)[0];
    // wrk, the suite's first driver, ran none of them: barrage's.
    assert_eq!(t.driver, "barrage");
    assert_eq!(
        texts(&t.grid()),
        [
            ("x".to_string(), vec!["500*", "-", "-", "none!"]),
            // The median of two repeats, marked for the errors.
            ("y".to_string(), vec!["-", "200!", "50", "-"]),
        ]
        .map(|(row, cells)| (row, cells.iter().map(|c| c.to_string()).collect()))
    );
    let y_h2 = t.cell("y", &t.columns[1]);
    assert_eq!(
        y_h2.runs.iter().map(|x| x.repeat).collect::<Vec<_>>(),
        [0, 1]
    );
    assert_eq!(y_h2.invalid_reasons(), ["3 errors"]);
}

#[test]
fn rankings_go_by_the_highest_level_every_row_ran() {
    let mut again = run("y", "h1", "wrk", 1, 900.0);
    again.repeat = 1;
    let runs = vec![
        run("x", "h1", "wrk", 0, 100.0),
        run("x", "h1", "wrk", 1, 300.0),
        run("y", "h1", "wrk", 0, 200.0),
        run("y", "h1", "wrk", 1, 500.0),
        again,
    ];
    let r = results(runs, Vec::new());
    let g = &groups(&r)[0];
    let ranked = g.ranking(Metric::ResponsesPerS, false).unwrap();
    assert_eq!((ranked.level.as_str(), ranked.every_row), ("c=100", true));
    let order: Vec<&str> = ranked.rows.iter().map(|(row, _)| row.as_str()).collect();
    assert_eq!(order, ["y", "x"]);
    // The median of 500 and 900, and the spread over the repeats.
    let y = &ranked.rows[0].1;
    assert_eq!(y.median(Metric::ResponsesPerS), Some(700.0));
    assert_eq!(y.values(Metric::ResponsesPerS), [500.0, 900.0]);
    assert_eq!(y.range(Metric::ResponsesPerS), Some((500.0, 900.0)));
    let low = g.ranking(Metric::ResponsesPerS, true).unwrap();
    assert_eq!(low.rows[0].0, "x");

    // x did not reach c=100: ranked at c=10, where both ran.
    let runs = vec![
        run("x", "h1", "wrk", 0, 100.0),
        run("y", "h1", "wrk", 0, 200.0),
        run("y", "h1", "wrk", 1, 500.0),
    ];
    let r = results(runs, Vec::new());
    let ranked = groups(&r)[0].ranking(Metric::ResponsesPerS, false).unwrap();
    assert_eq!((ranked.level.as_str(), ranked.every_row), ("c=10", true));
    // Without a level they all ran: the highest where the most did,
    // the others last.
    let mut failed = run("x", "h1", "wrk", 0, 0.0);
    failed.stats = None;
    let runs = vec![
        failed,
        run("y", "h1", "wrk", 0, 200.0),
        run("x", "h1", "wrk", 1, 50.0),
    ];
    let r = results(runs, Vec::new());
    let ranked = groups(&r)[0].ranking(Metric::ResponsesPerS, false).unwrap();
    assert_eq!((ranked.level.as_str(), ranked.every_row), ("c=100", false));
    let order: Vec<&str> = ranked.rows.iter().map(|(row, _)| row.as_str()).collect();
    assert_eq!(order, ["x", "y"]);
    assert!(ranked.rows[1].1.is_empty());
}

#[test]
fn rank_by_is_stable_and_puts_missing_values_last() {
    let mut v = vec![
        ("a", None),
        ("b", Some(2.0)),
        ("c", Some(3.0)),
        ("d", Some(2.0)),
    ];
    rank_by(&mut v, false, |x| x.1);
    assert_eq!(v.iter().map(|x| x.0).collect::<String>(), "cbda");
    rank_by(&mut v, true, |x| x.1);
    assert_eq!(v.iter().map(|x| x.0).collect::<String>(), "bdca");
    assert_eq!(min_max(&[3.0, 1.0, 2.0]), Some((1.0, 3.0)));
    assert_eq!(min_max(&[]), None);
}

#[test]
fn side_by_side_tables_without_runs_are_left_out_and_keep_their_number() {
    let runs = vec![run("x", "h2", "wrk", 0, 1.0), run("x", "h3", "wrk", 0, 2.0)];
    let r = results(
        runs,
        vec![
            table("none yet", &["h1", "h1"], &["a", "b"]),
            table("h2 and h3", &["h2", "h3"], &["h2", "h3"]),
        ],
    );
    let tables = side_by_side(&r);
    assert_eq!(tables.len(), 1);
    assert_eq!(
        (tables[0].number, tables[0].title.as_str()),
        (2, "h2 and h3")
    );
    // Only the levels the runs reached.
    assert_eq!(tables[0].grid().columns, ["c=10 h2", "c=10 h3"]);
    // No tables, no side-by-side tables.
    assert!(side_by_side(&results(Vec::new(), Vec::new())).is_empty());
}

/// Results with workload scenarios: h1 is json, h2 is noisy, h3 is upload;
/// x passed everything, y does not implement upload and failed noisy.
fn workload_results(runs: Vec<RunRecord>) -> Results {
    use crate::results::{ValidationFailure, ValidationOutcome, ValidationRecord};
    let mut r = results(runs, Vec::new());
    for (s, w) in
        r.suite
            .scenarios
            .iter_mut()
            .zip([Workload::Json, Workload::Noisy, Workload::Upload])
    {
        s.workload = Some(w);
    }
    let record = |server: &str, workload: &str, outcome| ValidationRecord {
        server: server.into(),
        workload: Workload::from_name(workload).unwrap(),
        outcome,
    };
    let passed = || ValidationOutcome::Passed { checks: 3 };
    r.validations = vec![
        record("x", "json", passed()),
        record("x", "noisy", passed()),
        record("x", "upload", passed()),
        record("y", "json", passed()),
        record(
            "y",
            "noisy",
            ValidationOutcome::Failed(ValidationFailure {
                check: "noisy: GETT".into(),
                reason: "answered 500".into(),
                request: "GETT / HTTP/1.1".into(),
                response: "HTTP/1.1 500".into(),
            }),
        ),
        record("y", "upload", ValidationOutcome::NotImplemented),
    ];
    r
}

#[test]
fn the_workload_matrix_has_a_table_per_level_and_a_cell_per_outcome() {
    let mut noisy = run("x", "h2", "barrage", 0, 50.0);
    noisy.stats.as_mut().unwrap().non_2xx = Some(25);
    let runs = vec![
        run("x", "h1", "barrage", 0, 100.0),
        run("y", "h1", "barrage", 0, 300.0),
        noisy,
        run("x", "h3", "barrage", 0, 10.0),
        run("x", "h1", "barrage", 1, 120.0),
    ];
    let r = workload_results(runs);
    let tables = workload_matrices(&r);
    let levels: Vec<&str> = tables.iter().map(|t| t.level.as_str()).collect();
    assert_eq!(levels, ["c=10", "c=100"]);
    let t = &tables[0];
    assert_eq!(t.driver, "barrage");
    let cols: Vec<(&str, &str)> = t
        .columns
        .iter()
        .map(|c| (c.scenario.as_str(), c.workload.name()))
        .collect();
    assert_eq!(cols, [("h1", "json"), ("h2", "noisy"), ("h3", "upload")]);
    let shown = |cell: &MatrixCell, w: Workload| match cell {
        MatrixCell::Measured(c) => format!(
            "{}{}",
            c.median(Metric::ResponsesPerS).unwrap(),
            workload_marks(c, w)
        ),
        MatrixCell::NotImplemented => "not implemented".into(),
        MatrixCell::FailedValidation(f) => format!("failed: {}", f.check),
        MatrixCell::NotRun => "-".into(),
    };
    let grid: Vec<(String, Vec<String>)> = t
        .rows
        .iter()
        .map(|(row, cells)| {
            let cells = cells
                .iter()
                .zip(&t.columns)
                .map(|(c, col)| shown(c, col.workload));
            (row.clone(), cells.collect())
        })
        .collect();
    // Noisy's 4xx are its noise: no `!` for them.
    assert_eq!(
        grid,
        [
            (
                "x".to_string(),
                vec!["100".into(), "50".into(), "10".into()]
            ),
            (
                "y".to_string(),
                vec![
                    "300".into(),
                    "failed: noisy: GETT".into(),
                    "not implemented".into()
                ]
            ),
        ]
    );
    // At c=100 x ran json alone, and the validations stand.
    let t1 = &tables[1];
    assert!(matches!(t1.rows[0].1[1], MatrixCell::NotRun));
    assert!(matches!(t1.rows[1].1[2], MatrixCell::NotImplemented));
    // y lacks noisy and upload: only x would be ranked, which is no ranking.
    assert_eq!(t.composite(), None);
}

#[test]
fn the_composite_ranks_complete_rows_over_the_workloads_they_share() {
    let runs = vec![
        run("x", "h1", "barrage", 0, 100.0),
        run("y", "h1", "barrage", 0, 300.0),
        run("x", "h2", "barrage", 0, 50.0),
        run("y", "h2", "barrage", 0, 25.0),
    ];
    let mut r = workload_results(runs);
    // y passes noisy here; nobody ran upload (not implemented by y, not
    // reached for x): the ranking is over json and noisy.
    r.validations[4].outcome = crate::results::ValidationOutcome::Passed { checks: 5 };
    let t = &workload_matrices(&r)[0];
    let c = t.composite().unwrap();
    assert_eq!(c.workloads, ["h1", "h2"]);
    // x: 100/300 + 50/50 = 1.333; y: 300/300 + 25/50 = 1.5.
    let ranked: Vec<(&str, String)> = c
        .ranked
        .iter()
        .map(|(s, v)| (s.as_str(), format!("{v:.3}")))
        .collect();
    assert_eq!(
        ranked,
        [("y", "1.500".to_string()), ("x", "1.333".to_string())]
    );
    assert!(c.unranked.is_empty());
    // A suite without workload scenarios has no matrix.
    assert!(workload_matrices(&results(Vec::new(), Vec::new())).is_empty());
}

#[test]
fn a_client_bound_cell_names_its_reasons() {
    use crate::client_bound::Reason;
    let quiet = run("x", "h1", "barrage", 0, 500.0);
    let mut starved = run("x", "h1", "barrage", 0, 400.0);
    starved.repeat = 1;
    starved.client_bound = true;
    starved.client_bound_reasons = vec![Reason::SendDelay, Reason::Cpu];
    let mut old = run("x", "h1", "barrage", 0, 300.0);
    old.repeat = 2;
    old.client_bound = true;
    let cell = Cell {
        runs: vec![&quiet, &starved, &old],
    };
    assert_eq!(
        cell.client_bound_note().as_deref(),
        Some("client-bound: cpu, send_delay")
    );
    let cell = Cell { runs: vec![&old] };
    assert_eq!(cell.client_bound_note().as_deref(), Some("client-bound"));
    let cell = Cell { runs: vec![&quiet] };
    assert_eq!(cell.client_bound_note(), None);
}

/// Efficiency at a fixed rate: servers ranked by CPU per response, lowest
/// first; a repeat at the client's ceiling or short of its rate ranks
/// nothing and says why.
#[test]
fn efficiency_ranks_by_server_cpu_per_response() {
    use crate::limit::{Limit, LimitKind};
    use crate::results::Sample;
    use crate::suite::EfficiencySpec;
    let at = |variant: &str, cpu_s: f64, kind: LimitKind| {
        let mut x = run(variant, "h2", "barrage", 0, 2000.0);
        x.level = Level::Rate {
            rate: 2000.0,
            connections: 100,
        };
        x.server_usage.samples = vec![Sample::default()];
        x.server_usage.cpu_user_s = cpu_s;
        x.limit = Some(Limit {
            kind,
            why: String::new(),
        });
        x
    };
    let mut r = results(
        vec![
            at("x", 0.020, LimitKind::Nothing),
            at("y", 0.010, LimitKind::Nothing),
            at("y", 0.012, LimitKind::Nothing),
            at("x", 0.001, LimitKind::Client),
        ],
        Vec::new(),
    );
    r.suite.scenarios[1].efficiency = Some(EfficiencySpec {
        rate: 2000.0,
        connections: 100,
    });
    let tables = efficiencies(&r);
    assert_eq!(tables.len(), 1);
    let (scenario, rate, rows) = &tables[0];
    assert_eq!((scenario.as_str(), *rate), ("h2", 2000.0));
    // y spends 5.5 µs a response (median of 5 and 6), x 10: y first. x's
    // repeat at the client's limit is left out.
    assert_eq!(rows[0].row, "y");
    assert!((rows[0].median().unwrap() - 5.5).abs() < 1e-9);
    assert_eq!(rows[1].row, "x");
    assert_eq!(rows[1].cpu_per_response_us(), [10.0]);
    assert_eq!(rows[1].excluded(), ["client"]);
}
