//! `barrage load --html`'s page of one run, from a report in
//! tests/fixtures: its sections and charts for a closed loop, a run on a
//! schedule of stages, WebSocket and gRPC runs.

use barrage_report::{load_page, model};

use crate::report::{check_self_contained, fixtures};

#[test]
fn load_page() {
    let text = std::fs::read_to_string(fixtures().join("load.json")).unwrap();
    let report = barrage_model::RunReport::from_json(&text).unwrap();
    let page = load_page::load_html(&report);
    check_self_contained(&page);
    assert_eq!(page, load_page::load_html(&report), "not deterministic");
    let charts = load_page::load_charts(&report);
    let ids: Vec<&str> = charts.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["latency-spectrum", "throughput", "latency-series"]);
    for c in &charts {
        assert!(page.contains(&format!("<figure id=\"{}\"", c.id)));
    }
    // The spectrum leaves out 100% (infinitely far on the nines axis).
    assert!(charts[0].series[0].points.iter().all(|p| p.0 < 100.0));
    // A -d3s run: seconds 0, 1 and 2 whole, the partial fourth left out.
    assert_eq!(charts[1].series[0].points.len(), 3);
    let responses = report.totals.responses;
    assert!(page.contains(&model::group_digits(responses)));
    for needle in [
        "Throughput",
        "Latency",
        "p99.99",
        "Status codes",
        "No errors.",
        "http://127.0.0.1:18911/hello",
    ] {
        assert!(page.contains(needle), "no {needle:?}");
    }
    assert!(!page.contains("HTTP/3"), "no h3 object, no section");

    // An HTTP/3 run: its object as a section of its own.
    let mut h3 = report.clone();
    h3.h3 = Some(barrage_model::load::H3Report {
        connections: 100,
        zero_rtt_accepted: 97,
        zero_rtt_requests: 485,
        ..Default::default()
    });
    let page = load_page::load_html(&h3);
    check_self_contained(&page);
    let at = page.find(">HTTP/3<").expect("an HTTP/3 heading");
    let section = &page[at..];
    for needle in ["zero_rtt_accepted", ">97<", ">485<", "streams_reset"] {
        assert!(
            section.contains(needle),
            "no {needle:?} in the HTTP/3 section"
        );
    }
}

/// A run on a schedule of stages: its rate in the plan's words, a table of
/// stages, and the scheduled and offered seconds in the throughput chart.
#[test]
fn load_page_of_a_scheduled_run() {
    use barrage_model::load::{ModelKind, Schedule, StageReport};
    let text = std::fs::read_to_string(fixtures().join("load.json")).unwrap();
    let mut r = barrage_model::RunReport::from_json(&text).unwrap();
    let stages: Schedule = "1000:1s,1000..20000:2s".parse().unwrap();
    r.spec.model = ModelKind::Open;
    r.spec.rate_per_s = Some(7000.0);
    r.spec.schedule = Some(stages.clone());
    for (s, want) in r.series.iter_mut().zip([1000.0, 5750.0, 15250.0]) {
        s.scheduled = Some(want);
        s.offered = Some(want as u64);
    }
    r.stages = stages
        .stages()
        .iter()
        .zip([(0.0, 1.0, 1000.0, 6997), (1.0, 2.0, 21000.0, 22174)])
        .map(|(stage, (start_s, measured_s, scheduled, responses))| {
            let mut st = StageReport {
                stage: *stage,
                start_s,
                measured_s,
                scheduled,
                offered: scheduled as u64,
                offered_per_s: 0.0,
                responses,
                responses_per_s: 0.0,
                errors: 0,
                p50_us: 544,
                p99_us: 2325,
                max_us: 5703,
            };
            st.rates();
            st
        })
        .collect();
    let page = load_page::load_html(&r);
    check_self_contained(&page);
    for needle in [
        "on stages 1000:1s,1000..20000:2s per second, 7,000/s on average",
        ">Stages<",
        "1,000 → 20,000",
        "1–3 s",
        "21,000",
        "10500.0",
        "11087.0",
    ] {
        assert!(page.contains(needle), "no {needle:?}");
    }
    let charts = load_page::load_charts(&r);
    let names: Vec<&str> = charts[1].series.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["responses/s", "scheduled/s", "offered/s"]);
    assert_eq!(charts[1].series[1].points[2], (2.0, 15250.0));
}

/// A WebSocket run's page: messages and round trips, its `ws` section and
/// the upgrade's times, no status codes (messages have none).
#[test]
fn load_page_of_a_websocket_run() {
    let text = std::fs::read_to_string(fixtures().join("load.json")).unwrap();
    let mut ws = barrage_model::RunReport::from_json(&text).unwrap();
    ws.spec.wire.protocol = barrage_model::Protocol::Ws;
    ws.ws = Some(barrage_model::load::WsReport {
        upgraded: 100,
        upgrade_us: ws.latency_us.clone(),
        messages_sent: 12_345,
        close_codes: [("1000".to_string(), 100)].into(),
        ..Default::default()
    });
    let page = load_page::load_html(&ws);
    check_self_contained(&page);
    for needle in [
        "messages/s",
        "messages sent",
        "round trip",
        "WebSocket upgrade",
        ">WebSocket<",
        "12,345",
        "1000: 100",
    ] {
        assert!(page.contains(needle), "no {needle:?}");
    }
    assert!(!page.contains("Status codes"));
    assert!(!page.contains("requests sent"));
    let titles: Vec<String> = load_page::load_charts(&ws)
        .into_iter()
        .map(|c| c.title)
        .collect();
    assert_eq!(
        titles,
        [
            "Round trip by percentile",
            "Messages per second",
            "Round trip per second"
        ]
    );
}

/// A gRPC run's page: calls/s and latency per call, its `grpc` section
/// with the calls by grpc-status (the failed ones with their first
/// message), the per-call and per-message rows.
#[test]
fn load_page_of_a_grpc_run() {
    use barrage_model::load::{GrpcReport, GrpcShape, GrpcSpecSummary, GrpcStatusCount, GrpcUnit};
    let text = std::fs::read_to_string(fixtures().join("load.json")).unwrap();
    let mut g = barrage_model::RunReport::from_json(&text).unwrap();
    g.spec.wire.protocol = barrage_model::Protocol::Grpc;
    g.spec.grpc = Some(GrpcSpecSummary {
        call: "barrage.bench.v1.Bench/Echo".into(),
        shape: GrpcShape::Unary,
        unit: GrpcUnit::Call,
        request_bytes: 7,
        messages_per_call: 1,
        in_flight: 10,
    });
    let status = |name: &str, count, first: Option<&str>| GrpcStatusCount {
        name: name.into(),
        count,
        first_message: first.map(String::from),
    };
    g.grpc = Some(GrpcReport {
        calls_started: 12_400,
        calls_ended: 12_345,
        status: [
            ("0".to_string(), status("OK", 12_300, None)),
            (
                "14".to_string(),
                status("UNAVAILABLE", 45, Some("going away")),
            ),
        ]
        .into(),
        call_us: g.latency_us.clone(),
        ..Default::default()
    });
    let page = load_page::load_html(&g);
    check_self_contained(&page);
    for needle in [
        "calls/s",
        "calls started",
        "barrage.bench.v1.Bench/Echo (unary), 10 calls in flight per connection",
        ">gRPC<",
        "gRPC call",
        "calls failed (grpc-status not OK)",
        "14 UNAVAILABLE",
        "going away",
        "12,300",
    ] {
        assert!(page.contains(needle), "no {needle:?}");
    }
    assert!(!page.contains("requests sent"));
    let titles: Vec<String> = load_page::load_charts(&g)
        .into_iter()
        .map(|c| c.title)
        .collect();
    assert!(
        titles.contains(&"Calls per second".to_string()),
        "{titles:?}"
    );
}
