//! `barrage load -R STAGES` and `--conn-rate STAGES` end to end, against
//! `barrage serve` on loopback: the JSON's seconds offer what the schedule
//! asks for, second by second (the pacer's count by intended second, so
//! exact to a request however loaded the machine), its stages are in the
//! JSON and the summary, and a schedule that cannot run is one line.

use serde_json::Value;

use crate::cli_support;
use crate::common;
use cli_support::{barrage, u64_at};
use common::{serial, Run, Server};

fn f64_at(v: &Value, pointer: &str) -> f64 {
    v.pointer(pointer)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("no number at {pointer}"))
}

/// The first `n` seconds' (scheduled, offered) of a report.
fn seconds(v: &Value, n: usize) -> Vec<(f64, u64)> {
    (0..n)
        .map(|i| {
            (
                f64_at(v, &format!("/series/{i}/scheduled")),
                u64_at(v, &format!("/series/{i}/offered")),
            )
        })
        .collect()
}

/// `barrage load ARGS --json - URL` against `barrage serve`: what it
/// printed and its report.
fn load_serve(args: &[&str]) -> (Run, Value) {
    let server = Server::barrage(false);
    let u = server.url("/hello");
    let mut all = vec!["load"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", "-", &u]);
    let r = barrage(&all);
    assert_eq!(r.code, Some(0), "{r:?}");
    let v = r.json();
    (r, v)
}

#[test]
fn a_ramp_is_offered_second_by_second_against_barrage_serve() {
    let _serial = serial();
    // 200/s for 1 s, then 200 → 1000/s over 2 s: small rates, so that a
    // loaded two-core machine keeps up; no -d, the stages are the length.
    let (r, v) = load_serve(&[
        "-t1",
        "-c4",
        "--max-connections",
        "32",
        "-R",
        "200:1s,200..1000:2s",
    ]);
    assert_eq!(v["stop_reason"], "duration");
    assert_eq!(f64_at(&v, "/spec/duration_s"), 3.0);
    assert_eq!(v["spec"]["schedule"].as_array().map(Vec::len), Some(2));
    assert_eq!(f64_at(&v, "/spec/schedule/1/to_per_s"), 1000.0);
    let unsent = u64_at(&v, "/open_loop/unsent") as f64;
    let got = seconds(&v, 3);
    let scheduled: Vec<f64> = got.iter().map(|g| g.0).collect();
    assert_eq!(scheduled, [200.0, 400.0, 800.0]);
    for (i, (want, offered)) in got.iter().enumerate() {
        // Uniform arrivals: the schedule to one request (less what never
        // found a connection); achieved (responses) is not held to it.
        let off = (*offered as f64 - want).abs();
        assert!(
            off <= 1.0 + unsent,
            "second {i}: offered {offered}, scheduled {want}: {r:?}"
        );
    }
    let sent: u64 = got.iter().map(|g| g.1).sum();
    assert_eq!(sent, u64_at(&v, "/totals/requests_sent"));
    assert!(u64_at(&v, "/totals/responses") > 0);
    // The stages: what each asked for and was offered.
    let stages = v["stages"].as_array().expect("stages");
    assert_eq!(stages.len(), 2);
    assert_eq!(f64_at(&v, "/stages/1/start_s"), 1.0);
    assert_eq!(f64_at(&v, "/stages/1/measured_s"), 2.0);
    assert_eq!(f64_at(&v, "/stages/1/scheduled"), 1200.0);
    let ramp = f64_at(&v, "/stages/1/offered_per_s");
    assert!((ramp - 600.0).abs() <= 1.0 + unsent, "{ramp}");
    for needle in [
        "on stages 200:1s,200..1000:2s per second",
        "Stages      requests by the second they were due",
        "200 → 1,000",
        "1–3s",
    ] {
        assert!(
            r.stderr.contains(needle),
            "no {needle:?} in the summary: {r:?}"
        );
    }
}

#[test]
fn sessions_arrive_on_stages_and_end_with_them() {
    let _serial = serial();
    let (_, v) = load_serve(&[
        "--conn-rate",
        "20..60:1s,0:1s",
        "--calls",
        "2",
        "--num-conns",
        "1000",
    ]);
    assert_eq!(v["stop_reason"], "duration");
    assert_eq!(u64_at(&v, "/sessions/started"), 40);
    assert_eq!(seconds(&v, 2), [(40.0, 40), (0.0, 0)]);
    assert_eq!(f64_at(&v, "/spec/conn_rate_per_s"), 20.0);
    assert_eq!(u64_at(&v, "/stages/0/offered"), 40);
}

#[test]
fn a_schedule_that_cannot_run_is_one_line() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["-R", "200:1s,400:1s", "-d", "5s"],
            "-d: the run lasts 5s but the request rate's schedule (200:1s,400:1s) lasts 2s",
        ),
        (&["-R", "100:1s,200"], "-R: the last stage has no duration"),
        (
            &["-R", "100:1s,200", "-d", "1s"],
            "-d: the run lasts 1s, no longer than the stages",
        ),
        (&["-R", "100..200"], "a ramp needs a duration"),
        (
            &["-R", "100,200:1s"],
            "stage 1 (100): only the last stage may leave out its duration",
        ),
        (
            &[
                "--conn-rate",
                "1:1s,x:1s",
                "--calls",
                "1",
                "--num-conns",
                "5",
            ],
            "stage 2 (\"x:1s\"): \"x\" is not a rate",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["load", "--timeout", "1s"];
        all.extend_from_slice(args);
        all.push("http://127.0.0.1:9/");
        let r = barrage(&all);
        let line = r.usage_error(&args);
        assert!(line.contains(says), "{args:?} should say {says:?}: {line}");
    }
}
