//! The plan's tests: ghz's command lines as barrage's load.

use std::ffi::OsString;

use barrage_engine::{GrpcShape, GrpcUnit, Scheme};

use super::super::args::{parse, Command};
use super::*;

struct Fake;

impl Inputs for Fake {
    fn file(&mut self, path: &str) -> Result<String, String> {
        match path {
            "data.json" => Ok("{\"payload\":\"aGk=\"}".into()),
            "md.json" => Ok("{\"X-Token\":\"t\"}".into()),
            _ => Err(format!("open {path}: no such file or directory")),
        }
    }
    fn stdin(&mut self) -> String {
        "[{\"seq\":1},{\"seq\":2}]".into()
    }
}

fn resolve(o: &Options, data: &str) -> Result<GrpcOptions, String> {
    Ok(GrpcOptions {
        call: o
            .call
            .clone()
            .unwrap_or_default()
            .replace("Bench.", "Bench/"),
        shape: GrpcShape::Unary,
        descriptor_set: vec![1, 2],
        data: data.to_string(),
        stream_messages: (o.stream_call_count > 0).then_some(o.stream_call_count),
        unit: GrpcUnit::Call,
    })
}

fn plan(line: &str) -> Result<Plan, String> {
    let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
    let Command::Run(o) = parse(&args)? else {
        panic!("not a run")
    };
    build(&o, 2, &mut Fake, &resolve)
}

const CALL: &str = "--proto bench.proto --call barrage.bench.v1.Bench/Echo";

#[test]
fn unary_over_h2c_with_workers_over_connections() {
    let p = plan(&format!("{CALL} --insecure -n 2000 -c 10 127.0.0.1:50051")).unwrap();
    let s = &p.spec;
    assert_eq!(s.protocol, Protocol::Grpc);
    assert_eq!(s.target.scheme, Scheme::Http);
    assert_eq!(s.target.addr, "127.0.0.1:50051".parse().unwrap());
    assert_eq!(
        s.model,
        Model::Closed {
            connections: 1,
            pipeline: 1
        }
    );
    assert_eq!(s.h2.streams, 10);
    assert_eq!((s.max_requests, s.duration), (Some(2000), None));
    assert_eq!(s.requests[0].path, "/barrage.bench.v1.Bench/Echo");
    assert_eq!(s.requests[0].method, "POST");
    assert_eq!(s.grpc.data, "{}");
    assert_eq!(s.timeout, Duration::from_secs(20));
    assert_eq!(s.threads, 1, "no more threads than connections");
    assert!(p.notes.is_empty());
    // 100 × 10 as ghz spells it: -c 1000 over 100 connections.
    let p = plan(&format!(
        "{CALL} --insecure -c 1000 --connections 100 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(
        p.spec.model,
        Model::Closed {
            connections: 100,
            pipeline: 1
        }
    );
    assert_eq!(p.spec.h2.streams, 10);
    assert_eq!(p.spec.threads, 2, "every core by default");
    assert_eq!(p.budget.calls, Some(200), "ghz's default -n");
    // Uneven: rounded up, and said.
    let p = plan(&format!(
        "{CALL} --insecure -c 10 --connections 3 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(p.spec.h2.streams, 4);
    assert!(p.notes[0].contains("4 calls in flight on each connection (12 in all)"));
}

#[test]
fn tls_unless_insecure() {
    let p = plan(&format!(
        "{CALL} --skipTLS --cname srv --cacert ca.pem localhost:8443"
    ))
    .unwrap();
    assert_eq!(p.spec.target.scheme, Scheme::Https);
    assert!(p.spec.tls.insecure);
    assert_eq!(p.spec.tls.server_name.as_deref(), Some("srv"));
    assert_eq!(p.spec.tls.ca_file, Some("ca.pem".into()));
    let p = plan(&format!("{CALL} localhost:8443")).unwrap();
    assert!(!p.spec.tls.insecure, "ghz verifies certificates by default");
}

#[test]
fn data_and_metadata() {
    let p = plan(&format!(
        "{CALL} --insecure -d {{\"payload\":\"eA==\"}} 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(p.spec.grpc.data, "{\"payload\":\"eA==\"}");
    let p = plan(&format!("{CALL} --insecure -D data.json 127.0.0.1:1")).unwrap();
    assert_eq!(p.data, "{\"payload\":\"aGk=\"}");
    let p = plan(&format!("{CALL} --insecure -d @data.json 127.0.0.1:1")).unwrap();
    assert_eq!(p.data, "{\"payload\":\"aGk=\"}");
    let p = plan(&format!(
        "{CALL} --insecure -d @ --stream-call-count 5 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(p.data, "[{\"seq\":1},{\"seq\":2}]");
    assert_eq!(p.spec.grpc.stream_messages, Some(5));
    let p = plan(&format!(
        "{CALL} --insecure -m {{\"X-Id\":\"7\"}} 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(
        p.spec.requests[0].headers,
        [("x-id".to_string(), "7".to_string())]
    );
    let p = plan(&format!("{CALL} --insecure -M md.json 127.0.0.1:1")).unwrap();
    assert_eq!(
        p.spec.requests[0].headers,
        [("x-token".to_string(), "t".to_string())]
    );
    let e = plan(&format!("{CALL} --insecure -d {{bad 127.0.0.1:1")).unwrap_err();
    assert!(e.starts_with("error unmarshaling data '{bad': "), "{e}");
    let e = plan(&format!("{CALL} --insecure -m [1] 127.0.0.1:1")).unwrap_err();
    assert!(e.starts_with("error unmarshaling metadata '[1]': "), "{e}");
    let e = plan(&format!("{CALL} --insecure -D nope.json 127.0.0.1:1")).unwrap_err();
    assert!(e.contains("nope.json"), "{e}");
}

#[test]
fn budgets() {
    let p = plan(&format!("{CALL} --insecure -z 2s -n 5 127.0.0.1:1")).unwrap();
    assert_eq!(
        p.budget,
        Budget {
            calls: None,
            time: Some(Duration::from_secs(2))
        }
    );
    assert_eq!(
        (p.spec.duration, p.spec.max_requests),
        (Some(Duration::from_secs(2)), None)
    );
    let p = plan(&format!("{CALL} --insecure -x 2s -n 5 127.0.0.1:1")).unwrap();
    assert_eq!(
        p.budget,
        Budget {
            calls: Some(5),
            time: Some(Duration::from_secs(2))
        }
    );
    let p = plan(&format!("{CALL} --insecure -t 0 127.0.0.1:1")).unwrap();
    assert_eq!(p.spec.timeout, Duration::from_secs(3600));
    let p = plan(&format!("{CALL} --insecure --rps 300 -c 4 127.0.0.1:1")).unwrap();
    assert!(
        matches!(p.spec.model, Model::Open { rate_per_s, connections: 1, .. } if rate_per_s == 300.0)
    );
}

#[test]
fn ghzs_checks() {
    let e = |line: &str| plan(line).unwrap_err();
    assert_eq!(
        e(&format!(
            "{CALL} --insecure -c 2 --connections 3 127.0.0.1:1"
        )),
        "number of connections cannot be greater than concurrency"
    );
    assert_eq!(e(&format!("{CALL} --insecure")), "host required");
    assert_eq!(e("--proto b.proto --insecure 127.0.0.1:1"), "call required");
    assert!(e(&format!("{CALL} http://h:1")).contains("host:port"));
    assert!(e(&format!("{CALL} --insecure -n 0 127.0.0.1:1")).starts_with("-n:"));
    let sched = |rest: &str| {
        plan(&format!(
            "{CALL} --insecure --load-schedule {rest} 127.0.0.1:1"
        ))
    };
    assert_eq!(
        sched("step --load-start 5 --load-end 5").unwrap_err(),
        "load start cannot equal load end"
    );
    assert_eq!(
        sched("step --load-start 5 --load-end 9").unwrap_err(),
        "invalid load step"
    );
    assert_eq!(
        sched("step --load-start 5 --load-end 9 --load-step 1").unwrap_err(),
        "invalid load step duration"
    );
    assert!(sched("line --load-end 9 --load-step 1")
        .unwrap_err()
        .starts_with("--load-start:"));
}

fn steps(p: &Plan) -> &Steps {
    match &p.rates {
        Rates::Steps(s) => s,
        other => panic!("not steps: {other:?}"),
    }
}

fn levels(s: &Steps, n: u32) -> Vec<(f64, Option<u64>)> {
    (0..n)
        .map_while(|k| s.level(k))
        .map(|l| (l.rate_per_s, l.duration.map(|d| d.as_millis() as u64)))
        .collect()
}

#[test]
fn a_step_schedule_is_levels_then_the_end_rate() {
    let p = plan(&format!(
        "{CALL} --insecure -n 900 --load-schedule step --load-start 10 --load-end 45 --load-step 10 --load-step-duration 500ms 127.0.0.1:1"
    ))
    .unwrap();
    assert!(matches!(p.spec.model, Model::Open { rate_per_s, .. } if rate_per_s == 10.0));
    // 10, 20, 30, 40 for 500 ms each; then 45 until -n is spent.
    assert_eq!(
        levels(steps(&p), 6),
        [
            (10.0, Some(500)),
            (20.0, Some(500)),
            (30.0, Some(500)),
            (40.0, Some(500)),
            (45.0, None),
            (45.0, None)
        ]
    );
    // Down: 50, 30, 10; then 5.
    let p = plan(&format!(
        "{CALL} --insecure --load-schedule step --load-start 50 --load-end 5 --load-step=-20 --load-step-duration 1s 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(
        levels(steps(&p), 4),
        [
            (50.0, Some(1000)),
            (30.0, Some(1000)),
            (10.0, Some(1000)),
            (5.0, None)
        ]
    );
    // --load-max-duration ends the steps (the end rate: where they got to).
    let p = plan(&format!(
        "{CALL} --insecure --load-schedule step --load-start 10 --load-step 5 --load-step-duration 400ms --load-max-duration 1s 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(
        levels(steps(&p), 5),
        [
            (10.0, Some(400)),
            (15.0, Some(400)),
            (20.0, Some(200)),
            (20.0, None),
            (20.0, None)
        ]
    );
    // No end: the steps go on.
    let p = plan(&format!(
        "{CALL} --insecure --load-schedule step --load-start 1 --load-end 0 --load-step 1 --load-step-duration 1s 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(
        levels(steps(&p), 3),
        [(1.0, Some(1000)), (2.0, Some(1000)), (3.0, Some(1000))]
    );
}

#[test]
fn a_line_is_steps_of_a_second() {
    let p = plan(&format!(
        "{CALL} --insecure --load-schedule line --load-start 5 --load-end 8 --load-step 2 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(steps(&p).step_duration, Duration::from_secs(1));
    assert_eq!(
        levels(steps(&p), 4),
        [
            (5.0, Some(1000)),
            (7.0, Some(1000)),
            (8.0, None),
            (8.0, None)
        ]
    );
    // Falling to zero ends the schedule.
    let p = plan(&format!(
        "{CALL} --insecure --load-schedule line --load-start 2 --load-step=-1 127.0.0.1:1"
    ))
    .unwrap();
    assert_eq!(levels(steps(&p), 5), [(2.0, Some(1000)), (1.0, Some(1000))]);
}
