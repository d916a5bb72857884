//! The database part of a report on real results (tests/fixtures/complete)
//! made into a database suite: hello is db, served by a PostgreSQL
//! service; barrage-target's levels did their queries, nginx's did a tenth
//! of them (a cache). The servers × workloads cells show the queries per
//! request beside the figure, nginx's are marked invalid with the
//! figures, the pools and the service's start are listed.

use std::path::Path;

use barrage_model::results::{ProofOfWork, ServiceRecord, WorkDone};
use barrage_model::suite::Service;
use barrage_report::{model, tables};

fn database_results() -> barrage_model::Results {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/complete");
    let mut r = model::load_results(&dir).unwrap();
    r.suite.scenarios.retain(|s| s.name == "hello");
    r.suite.scenarios[0].workload = Some(barrage_model::Workload::Db);
    r.runs.retain(|x| x.scenario == "hello");
    r.suite.services = vec![Service::postgres()];
    r.services = vec![ServiceRecord {
        name: "postgres".into(),
        kind: "postgres".into(),
        host: None,
        version: Some("PostgreSQL 15.8".into()),
        url: "postgres://benchmarkdbuser:***@127.0.0.1:5432/hello_world".into(),
        pinned_cpus: None,
        settings: Default::default(),
        cached: false,
        ready_ms: 4200,
        load_ms: Some(2100),
        check: "world 10000 rows, fortune 12, items 100000".into(),
        error: None,
    }];
    for s in &mut r.servers {
        s.database_pool = (s.server == "barrage-target").then_some(16);
    }
    for x in &mut r.runs {
        let responses = x.stats.as_ref().map_or(0, |s| s.responses);
        let cached = x.server == "nginx";
        let reads = if cached { responses / 10 } else { responses };
        let done = WorkDone {
            world_reads: reads,
            world_rows_read: reads,
            ..WorkDone::default()
        };
        let requests = responses;
        x.proof = Some(ProofOfWork {
            requests,
            done,
            queries_per_request: reads as f64 / requests.max(1) as f64,
            rows_per_request: reads as f64 / requests.max(1) as f64,
            required_queries: 1,
            required_rows_written: 0,
            invalid: cached.then(|| {
                format!("{reads} reads of world for {requests} successful responses: 0.10 per request, 1 required")
            }),
        });
    }
    r
}

#[test]
fn queries_per_request_pools_and_invalid_proofs_are_shown() {
    let r = database_results();
    let md = tables::markdown(&r);
    assert!(md.contains(" (1.0 q/req)"), "{md}");
    assert!(md.contains(" (0.1 q/req)"), "{md}");
    assert!(md.contains("## Database"), "{md}");
    assert!(
        md.contains("barrage-target THREADS=1**: a pool of 16 connections"),
        "{md}"
    );
    assert!(
        md.contains("nginx**: no \\[database\\] pool in its manifest"),
        "{md}"
    );
    assert!(md.contains("PostgreSQL 15.8"), "{md}");
    assert!(md.contains("loaded in 2.1 s"), "{md}");
    assert!(
        md.contains("- **nginx**, hello (barrage) at c=4, repeat 1: 7016 reads of world for 70164 successful responses: 0.10 per request, 1 required"),
        "{md}"
    );
    // nginx's cells are marked invalid, barrage-target's are not.
    let csv = tables::workloads_csv(&r);
    let rows: Vec<&str> = csv.lines().filter(|l| l.contains(",hello,db,")).collect();
    assert!(!rows.is_empty(), "{csv}");
    for row in rows {
        let fields: Vec<&str> = row.split(',').collect();
        if fields[6] == "not_run" {
            continue;
        }
        let marks = fields[12];
        let q: f64 = fields[14].parse().unwrap();
        match fields[3] {
            "nginx" => assert!(marks.contains('!') && (q - 0.1).abs() < 0.01, "{row}"),
            _ => assert!(!marks.contains('!') && (q - 1.0).abs() < 1e-9, "{row}"),
        }
    }
    // A suite without services has no database part.
    let plain =
        model::load_results(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/complete"))
            .unwrap();
    assert!(!tables::markdown(&plain).contains("## Database"));
}
