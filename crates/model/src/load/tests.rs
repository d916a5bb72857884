use super::*;
use hdrhistogram::Histogram;

use crate::histogram;

fn hist(values: impl IntoIterator<Item = u64>) -> Histogram<u64> {
    let mut h = histogram::empty();
    for v in values {
        h.record(v).unwrap();
    }
    h
}

/// A report of `latencies`, as the engine would write it for a closed
/// loop of `connections` over `elapsed_s`.
fn report(latencies: &[u64], connections: usize, elapsed_s: f64) -> RunReport {
    let latency = hist(latencies.iter().copied());
    let connect = hist((0..connections as u64).map(|c| 50 + c));
    let n = latencies.len() as u64;
    RunReport {
        schema: SCHEMA.into(),
        barrage_version: "0.1.0".into(),
        target: TargetReport {
            url: "http://127.0.0.1:1/hello".into(),
            address: "127.0.0.1:1".into(),
        },
        spec: SpecSummary {
            model: ModelKind::Closed,
            wire: WireSummary {
                protocol: crate::Protocol::Http1,
                scheme: Scheme::Http,
                http10: false,
            },
            streams: None,
            window_bits: None,
            connection_window_bits: None,
            keepalive: true,
            threads: 1,
            connections,
            max_connections: None,
            pipeline: Some(1),
            rate_per_s: None,
            schedule: None,
            arrival: None,
            send_window_us: None,
            conn_rate_per_s: None,
            calls_per_session: None,
            sessions: None,
            duration_s: Some(elapsed_s),
            requests: None,
            warmup_s: 0.0,
            timeout_s: 5.0,
            request_count: 1,
            ws: None,
            grpc: None,
            io: IoKind::Epoll,
        },
        stop_reason: StopReason::Duration,
        script_error: None,
        measured_from_unix_ms: None,
        totals: Totals {
            elapsed_s,
            requests_sent: n,
            responses: n,
            responses_per_s: n as f64 / elapsed_s,
            bytes_read: n * 100,
            bytes_read_per_s: (n * 100) as f64 / elapsed_s,
            bytes_written: n * 40,
            ..Totals::default()
        },
        latency_us: LatencyStats::from_histogram(&latency),
        connect_us: LatencyStats::from_histogram(&connect),
        connections: ConnectionStats {
            opened: connections as u64,
            peak_open: connections,
        },
        tls: None,
        h2: None,
        h3: None,
        ws: None,
        grpc: None,
        open_loop: None,
        sessions: None,
        status_counts: [("200".to_string(), n)].into(),
        errors: BTreeMap::new(),
        series: vec![Second {
            t_s: 0,
            responses: n,
            p50_us: latency.value_at_quantile(0.5),
            p99_us: latency.value_at_quantile(0.99),
            max_us: latency.max(),
            ..Second::default()
        }],
        histograms: Histograms {
            latency_us: latency,
            connect_us: connect,
            ..Histograms::default()
        },
        stages: Vec::new(),
        templates: Vec::new(),
        agents: None,
        client_bound: None,
        checks: Vec::new(),
    }
}

#[test]
fn stats_of_a_histogram() {
    let s = LatencyStats::from_histogram(&hist(1..=1000));
    assert_eq!((s.count, s.min, s.max), (1000, 1, 1000));
    assert_eq!((s.p50, s.p99), (500, 990));
    assert!((s.mean - 500.5).abs() < 0.01);
    assert_eq!(s.spectrum.last().unwrap().0, 100.0);
    assert_eq!(LatencyStats::from_histogram(&histogram::empty()).count, 0);
}

#[test]
fn json_round_trip_is_exact() {
    let r = report(&[100, 200, 300, 5000], 2, 1.0);
    let text = r.to_json();
    let back = RunReport::from_json(&text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.to_json(), text);
    // No open loop: no send-delay histogram in the file.
    assert!(!text.contains("send_delay_us"));
}

#[test]
fn merge_is_the_report_of_all_the_samples() {
    let (a_lat, b_lat): (Vec<u64>, Vec<u64>) = (
        (1..=900).map(|v| v * 10).collect(),
        (1..=100).map(|v| v * 1000).collect(),
    );
    let mut a = report(&a_lat, 4, 2.0);
    let b = report(&b_lat, 2, 1.5);
    a.errors.insert(
        "timeout".into(),
        ErrorCount {
            count: 0,
            first: None,
        },
    );
    let mut b = b;
    b.errors.insert(
        "timeout".into(),
        ErrorCount {
            count: 3,
            first: Some("timed out".into()),
        },
    );
    b.totals.errors = 3;
    a.merge(&b);
    let all: Vec<u64> = a_lat.iter().chain(&b_lat).copied().collect();
    let whole = report(&all, 6, 2.0);
    // Every distribution is the one of all samples together.
    assert_eq!(a.latency_us, whole.latency_us);
    assert_eq!(a.histograms.latency_us, whole.histograms.latency_us);
    assert_eq!(a.connect_us.count, 6);
    assert_eq!(a.totals.responses, 1000);
    assert_eq!(a.totals.elapsed_s, 2.0, "the longer phase");
    assert_eq!(a.totals.responses_per_s, 500.0);
    assert_eq!(a.totals.errors, 3);
    assert_eq!(a.errors["timeout"].count, 3);
    assert_eq!(a.errors["timeout"].first.as_deref(), Some("timed out"));
    assert_eq!(a.status_counts["200"], 1000);
    assert_eq!(a.spec.connections, 6);
    assert_eq!(a.connections.opened, 6);
    assert_eq!(a.series.len(), 1);
    assert_eq!(a.series[0].responses, 1000);
    assert_eq!(a.series[0].max_us, hist([100_000]).max());
}

#[test]
fn merge_of_open_loops_adds_rates_and_send_delays() {
    let open = |rate: f64, delays: &[u64]| {
        let mut r = report(&[100; 10], 1, 1.0);
        r.spec.model = ModelKind::Open;
        r.spec.rate_per_s = Some(rate);
        let h = hist(delays.iter().copied());
        r.open_loop = Some(OpenLoopStats {
            target_rate_per_s: rate,
            achieved_rate_per_s: 10.0,
            late_sends: delays.iter().filter(|&&d| d > 1000).count() as u64,
            late_threshold_us: 1000,
            unsent: 1,
            send_delay_us: LatencyStats::from_histogram(&h),
            client_delay_us: LatencyStats::from_histogram(&h),
            waited_for_connection: 2,
        });
        r.histograms.send_delay_us = Some(h.clone());
        r.histograms.client_delay_us = Some(h);
        r
    };
    let mut a = open(10.0, &[5, 10, 2000]);
    a.merge(&open(20.0, &[7, 3000, 4000]));
    let o = a.open_loop.as_ref().unwrap();
    assert_eq!(o.target_rate_per_s, 30.0);
    assert_eq!(o.achieved_rate_per_s, 20.0);
    assert_eq!((o.late_sends, o.unsent), (3, 2));
    assert_eq!(o.send_delay_us.count, 6);
    assert_eq!(o.send_delay_us.max, hist([4000]).max());
    assert_eq!(o.client_delay_us.count, 6);
    assert_eq!(o.waited_for_connection, 4);
    assert_eq!(a.spec.rate_per_s, Some(30.0));
    let back = RunReport::from_json(&a.to_json()).unwrap();
    assert_eq!(back, a, "the send-delay histogram round-trips");
}

#[test]
fn merge_aligns_seconds_by_wall_clock_and_names_other_plans() {
    let mut a = report(&[100, 200], 2, 2.0);
    let mut b = report(&[300], 1, 2.0);
    a.measured_from_unix_ms = Some(1_000_400);
    b.measured_from_unix_ms = Some(1_001_500); // began 1.1 s later
    assert_eq!(a.plan_difference(&b), None, "connections may differ");
    a.merge(&b);
    let seconds: Vec<(u32, u64)> = a.series.iter().map(|s| (s.t_s, s.responses)).collect();
    assert_eq!(seconds, [(0, 2), (1, 1)]);
    assert_eq!(a.measured_from_unix_ms, Some(1_000_400));
    // Without the wall clock, seconds of the same number are added.
    let mut c = report(&[100], 1, 2.0);
    c.merge(&report(&[200], 1, 2.0));
    assert_eq!(c.series.len(), 1);
    assert_eq!(c.series[0].responses, 2);

    let mut other = report(&[100], 1, 2.0);
    other.spec.wire = WireSummary {
        protocol: crate::Protocol::H2,
        scheme: Scheme::Https,
        http10: false,
    };
    assert_eq!(
        c.plan_difference(&other).as_deref(),
        Some("spec.protocol differs: HTTP/1.1 against h2")
    );
    other = report(&[100], 1, 3.0);
    assert_eq!(
        c.plan_difference(&other).as_deref(),
        Some("spec.duration_s differs: 2.0 against 3.0")
    );
}

#[test]
fn unknown_schema_names_the_writer() {
    let text = report(&[1], 1, 1.0)
        .to_json()
        .replace(SCHEMA, "barrage.load/9");
    let e = RunReport::from_json(&text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "written by a barrage with schema \"barrage.load/9\", which this version does not read; \
         expected a `barrage load --json` report (schema barrage.load/1)"
    );
}

fn template(name: &str, latencies: &[u64], status: &str) -> TemplateReport {
    let h = hist(latencies.iter().copied());
    let n = latencies.len() as u64;
    TemplateReport {
        name: name.into(),
        weight: 1,
        requests_sent: n,
        responses: n,
        responses_not_2xx_3xx: 0,
        closed_without_answer: 0,
        errors: 0,
        status_counts: [(status.to_string(), n)].into(),
        latency_us: LatencyStats::from_histogram(&h),
        histogram_us: h,
    }
}

#[test]
fn templates_merge_by_name_and_round_trip() {
    let mut a = report(&[100, 200, 300], 1, 1.0);
    a.templates = vec![
        template("get", &[100, 200], "200"),
        template("post", &[300], "201"),
    ];
    let mut b = report(&[400, 500], 1, 1.0);
    b.templates = vec![
        template("get", &[400], "200"),
        template("post", &[500], "400"),
    ];
    let text = a.to_json();
    assert!(text.contains("\"templates\""));
    assert_eq!(RunReport::from_json(&text).unwrap(), a);
    a.merge(&b);
    assert_eq!(a.templates.len(), 2);
    let get = &a.templates[0];
    assert_eq!((get.responses, get.latency_us.max), (3, 400));
    let post = &a.templates[1];
    assert_eq!(post.status_counts.get("400"), Some(&1));
    assert_eq!(post.status_counts.get("201"), Some(&1));
    let summed: u64 = a.templates.iter().map(|t| t.responses).sum();
    assert_eq!(summed, a.totals.responses);
    // One template: no section in the JSON.
    assert!(!report(&[1], 1, 1.0).to_json().contains("templates"));
}

#[test]
fn io_reads_as_epoll_in_older_reports_and_merges_to_what_all_ran() {
    let mut r = report(&[100, 200], 2, 1.0);
    let json = serde_json::to_value(&r).unwrap();
    assert!(json["spec"].get("io").is_none(), "epoll is left out");
    let old: RunReport = serde_json::from_value(json).unwrap();
    assert_eq!(old.spec.io, IoKind::Epoll);
    r.spec.io = IoKind::IoUring;
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["spec"]["io"], "io_uring");
    let mut both = r.clone();
    both.merge(&r);
    assert_eq!(both.spec.io, IoKind::IoUring, "every part ran on io_uring");
    both.merge(&old);
    assert_eq!(both.spec.io, IoKind::Epoll, "one part ran on epoll");
}

/// Part `part` of a plan run at `100:1s,100..300:1s` split in two.
fn scheduled_part(offered: [u64; 2]) -> RunReport {
    let whole: Schedule = "100:1s,100..300:1s".parse().unwrap();
    let mut r = report(&[100, 200], 1, 2.0);
    r.spec.model = ModelKind::Open;
    r.spec.schedule = Some(whole.scaled(0.5));
    r.series = (0..2u32)
        .map(|t| Second {
            t_s: t,
            scheduled: Some([50.0, 100.0][t as usize]),
            offered: Some(offered[t as usize]),
            responses: offered[t as usize],
            p99_us: 100 * u64::from(t + 1),
            ..Second::default()
        })
        .collect();
    r.stages = whole
        .scaled(0.5)
        .stages()
        .iter()
        .enumerate()
        .map(|(i, stage)| {
            let mut s = StageReport {
                stage: *stage,
                start_s: i as f64,
                measured_s: 1.0,
                scheduled: [50.0, 100.0][i],
                offered: offered[i],
                offered_per_s: 0.0,
                responses: offered[i],
                responses_per_s: 0.0,
                errors: 0,
                p50_us: 10,
                p99_us: 100 * (i as u64 + 1),
                max_us: 500,
            };
            s.rates();
            s
        })
        .collect();
    r
}

#[test]
fn a_scheduled_plan_merges_into_the_whole_schedule() {
    let mut a = scheduled_part([50, 100]);
    let b = scheduled_part([49, 101]);
    a.merge(&b);
    let whole: Schedule = "100:1s,100..300:1s".parse().unwrap();
    assert_eq!(a.spec.schedule, Some(whole.clone()));
    let seconds: Vec<(Option<f64>, Option<u64>)> =
        a.series.iter().map(|s| (s.scheduled, s.offered)).collect();
    assert_eq!(
        seconds,
        vec![(Some(100.0), Some(99)), (Some(200.0), Some(201))]
    );
    assert_eq!(a.stages.len(), 2);
    let ramp = &a.stages[1];
    assert_eq!(ramp.stage, whole.stages()[1]);
    assert_eq!(
        (ramp.scheduled, ramp.offered, ramp.offered_per_s),
        (200.0, 201, 201.0)
    );
    assert_eq!(
        (ramp.measured_s, ramp.responses_per_s, ramp.p99_us),
        (1.0, 201.0, 200)
    );
    // The JSON keeps the stages, flat, and reads back.
    let text = a.to_json();
    assert!(text.contains(r#""duration_s": 1.0"#), "{text}");
    assert_eq!(RunReport::from_json(&text).unwrap(), a);
}
