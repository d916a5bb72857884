//! The printers' tests: ghz's layouts, number for number.

use barrage_engine::{ErrorCount, RunReport};

use super::*;

fn histogram(values_us: &[u64]) -> Histogram<u64> {
    let mut h = Histogram::<u64>::new(3).unwrap();
    for v in values_us {
        h.record(*v).unwrap();
    }
    h
}

fn report() -> GhzReport {
    let h = histogram(&[100, 200, 200, 300, 1100]);
    GhzReport {
        date: "2026-11-28T02:00:00Z".into(),
        name: None,
        end_reason: "normal",
        options: serde_json::json!({"call": "p.S/M"}),
        count: 6,
        total: 1_234_567_890,
        average: 483_333,
        fastest: 100_000,
        slowest: 1_100_000,
        rps: 4.86,
        error_dist: [("rpc error: code = Unavailable desc = down".to_string(), 1)].into(),
        status_dist: [("OK".to_string(), 5), ("Unavailable".to_string(), 1)].into(),
        latency_distribution: percentiles(&h),
        histogram: buckets(&h),
    }
}

#[test]
fn units_as_ghz() {
    assert_eq!(nano_unit(9_999), "9999 ns");
    assert_eq!(nano_unit(10_000), "0.01 ms");
    assert_eq!(nano_unit(1_234_567), "1.23 ms");
    assert_eq!(nano_unit(999_990_000), "999.99 ms");
    assert_eq!(nano_unit(1_234_567_890), "1.23 s");
    assert_eq!(go_code_name(0), "OK");
    assert_eq!(go_code_name(14), "Unavailable");
    assert_eq!(go_code_name(4), "DeadlineExceeded");
    assert_eq!(go_code_name(99), "Unknown");
}

#[test]
fn histogram_and_percentiles() {
    let h = histogram(&[100, 200, 200, 300, 1100]);
    let b = buckets(&h).unwrap();
    assert_eq!(b.len(), 11);
    assert_eq!((b[0].mark, b[0].count), (0.0001, 1));
    assert_eq!(b[1].count, 2, "0.2 ms: the two at 200 us");
    assert_eq!(b[2].count, 1);
    assert_eq!((b[10].mark, b[10].count), (0.0011, 1));
    assert_eq!(b.iter().map(|b| b.count).sum::<u64>(), 5);
    assert_eq!(b[1].frequency, 0.4);
    let p = percentiles(&h).unwrap();
    let got: Vec<(u32, u64)> = p.iter().map(|p| (p.percentage, p.latency)).collect();
    assert_eq!(
        got,
        [
            (10, 100_000),
            (25, 200_000),
            (50, 200_000),
            (75, 300_000),
            (90, 1_100_000),
            (95, 1_100_000),
            (99, 1_100_000)
        ]
    );
    assert_eq!(buckets(&histogram(&[])), None);
    assert_eq!(percentiles(&histogram(&[])), None);
}

#[test]
fn summary_layout() {
    let text = summary(&report());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "");
    assert_eq!(lines[1], "Summary:");
    assert_eq!(lines[2], "  Count:\t6");
    assert_eq!(lines[3], "  Total:\t1.23 s");
    assert_eq!(lines[4], "  Slowest:\t1.10 ms");
    assert_eq!(lines[5], "  Fastest:\t0.10 ms");
    assert_eq!(lines[6], "  Average:\t0.48 ms");
    assert_eq!(lines[7], "  Requests/sec:\t4.86");
    assert_eq!(lines[8], "");
    assert_eq!(lines[9], "Response time histogram:");
    assert_eq!(lines[10], "  0.100 [1] |∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎");
    assert_eq!(
        lines[11],
        "  0.200 [2] |∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎"
    );
    assert_eq!(lines[13], "  0.400 [0] |");
    assert_eq!(lines[20], "  1.100 [1] |∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎∎");
    assert_eq!(lines[21], "");
    assert_eq!(lines[22], "Latency distribution:");
    assert_eq!(lines[23], "  10 % in 0.10 ms ");
    assert_eq!(lines[29], "  99 % in 1.10 ms ");
    assert_eq!(lines[30], "");
    assert_eq!(lines[31], "Status code distribution:");
    assert_eq!(lines[32], "  [OK]            5 responses   ");
    assert_eq!(lines[33], "  [Unavailable]   1 responses   ");
    assert_eq!(lines[34], "");
    assert_eq!(lines[35], "Error distribution:");
    assert_eq!(
        lines[36],
        "  [1]   rpc error: code = Unavailable desc = down   "
    );
    assert_eq!((lines.len(), lines[37]), (38, ""));
    assert!(text.ends_with("   \n\n"));
    // A name; no errors: no error block.
    let mut r = report();
    r.name = Some("run1".into());
    r.error_dist.clear();
    let text = summary(&r);
    assert!(
        text.starts_with("\nSummary:\n  Name:\t\trun1\n  Count:\t6\n"),
        "{text}"
    );
    assert!(text.ends_with("responses   \n\n\n"), "{text:?}");
    assert!(!text.contains("Error distribution"));
}

#[test]
fn json_has_ghzs_keys_in_ghzs_order() {
    let text = json(&report(), false);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut expected = [
        "date",
        "endReason",
        "options",
        "count",
        "total",
        "average",
        "fastest",
        "slowest",
        "rps",
        "errorDistribution",
        "statusCodeDistribution",
        "latencyDistribution",
        "histogram",
    ];
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    expected.sort_unstable();
    assert_eq!(sorted, expected);
    assert!(text.starts_with("{\"date\":\"2026-11-28T02:00:00Z\",\"endReason\":\"normal\","));
    assert_eq!(v["total"], 1_234_567_890u64);
    assert_eq!(v["latencyDistribution"][0]["percentage"], 10);
    assert_eq!(v["latencyDistribution"][0]["latency"], 100_000);
    assert_eq!(v["histogram"][1]["count"], 2);
    assert_eq!(v["statusCodeDistribution"]["OK"], 5);
    let pretty = json(&report(), true);
    assert!(pretty.starts_with("{\n  \"date\": "));
}

#[test]
fn csv_rows_from_the_histogram() {
    let h = histogram(&[100, 200, 200]);
    let failed = [(
        "Unavailable".to_string(),
        "rpc error: code = Unavailable desc = a, b".to_string(),
        2,
    )];
    assert_eq!(
        csv(&h, &failed),
        "\nduration (ms),status,error\n0.10,OK,\n0.20,OK,\n0.20,OK,\n,Unavailable,\"rpc error: code = Unavailable desc = a, b\"\n,Unavailable,\"rpc error: code = Unavailable desc = a, b\"\n"
    );
}

#[test]
fn statuses_and_errors_from_barrages_report() {
    let text = include_str!("../../../../lab/tests/fixtures/barrage_open.json");
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["grpc"] = serde_json::json!({
        "calls_started": 7, "calls_ended": 7,
        "status": {
            "0": {"name": "OK", "count": 5},
            "14": {"name": "UNAVAILABLE", "count": 2, "first_message": "down"}
        },
        "messages_sent": 7, "messages_received": 5,
        "payload_bytes_sent": 0, "payload_bytes_received": 0,
        "call_us": v["latency_us"].clone(), "message_us": v["latency_us"].clone()
    });
    let mut r = RunReport::from_json(&v.to_string()).unwrap();
    r.errors.clear();
    let e = |count, first: &str| ErrorCount {
        count,
        first: Some(first.into()),
    };
    r.errors
        .insert("grpc_status".into(), e(2, "UNAVAILABLE: down"));
    r.errors.insert("timeout".into(), e(1, "no answer in 20s"));
    r.errors
        .insert("not_grpc".into(), e(3, "HTTP 404 without grpc-status"));
    let (status, errors) = distributions(&r);
    let s: Vec<(&str, u64)> = status.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(s, [("DeadlineExceeded", 1), ("OK", 5), ("Unavailable", 5)]);
    assert_eq!(errors["rpc error: code = Unavailable desc = down"], 2);
    assert_eq!(
        errors["rpc error: code = DeadlineExceeded desc = timeout: no answer in 20s"],
        1
    );
    assert_eq!(
        errors["rpc error: code = Unavailable desc = not_grpc: HTTP 404 without grpc-status"],
        3
    );
}
