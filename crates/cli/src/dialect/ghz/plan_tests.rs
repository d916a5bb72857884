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
        matches!(p.spec.model, Model::Open { ref rate, connections: 1, .. } if rate.constant_per_s() == Some(300.0))
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

/// The plan's rate schedule, as `-R` would write it, and the run's length.
fn schedule(line: &str) -> (String, Option<Duration>) {
    let p = plan(&format!("{CALL} --insecure {line} 127.0.0.1:1")).unwrap();
    let Model::Open { rate, .. } = &p.spec.model else {
        panic!("not open loop: {:?}", p.spec.model)
    };
    p.spec.validate().unwrap();
    (rate.to_string(), p.spec.duration)
}

#[test]
fn a_step_schedule_is_levels_then_the_end_rate() {
    let secs = |s| Some(Duration::from_secs(s));
    // 10, 20, 30, 40 for 500 ms each; then 45 until -n is spent.
    assert_eq!(
        schedule("-n 900 --load-schedule step --load-start 10 --load-end 45 --load-step 10 --load-step-duration 500ms"),
        ("10:500ms,20:500ms,30:500ms,40:500ms,45".into(), None)
    );
    // Down: 50, 30, 10; then 5.
    assert_eq!(
        schedule("--load-schedule step --load-start 50 --load-end 5 --load-step=-20 --load-step-duration 1s"),
        ("50:1s,30:1s,10:1s,5".into(), None)
    );
    // --load-max-duration ends the steps (the end rate: where they got to).
    assert_eq!(
        schedule("--load-schedule step --load-start 10 --load-step 5 --load-step-duration 400ms --load-max-duration 1s"),
        ("10:400ms,15:400ms,20:200ms,20".into(), None)
    );
    // No end: the steps go on as far as the budget reaches: -n 200 calls
    // (1 + 2 + … + 20 = 210), or -z 5s.
    let (steps, length) = schedule(
        "--load-schedule step --load-start 1 --load-end 0 --load-step 1 --load-step-duration 1s",
    );
    assert_eq!(steps.split(',').count(), 20, "{steps}");
    assert!(steps.starts_with("1:1s,2:1s,") && steps.ends_with(",20:1s"));
    assert_eq!(length, secs(20));
    assert_eq!(
        schedule(
            "-z 4500ms --load-schedule step --load-start 1 --load-step 1 --load-step-duration 1s"
        ),
        (
            "1:1s,2:1s,3:1s,4:1s,5:500ms".into(),
            Some(Duration::from_millis(4500))
        )
    );
    // Steps that end before -z: the rest of -z at the end rate.
    assert_eq!(
        schedule("-z 10s --load-schedule step --load-start 10 --load-end 20 --load-step 10 --load-step-duration 2s"),
        ("10:2s,20:2s,20".into(), secs(10))
    );
    let e = plan(&format!(
        "{CALL} --insecure -z 2000s --load-schedule step --load-start 1 --load-step 1 --load-step-duration 1s 127.0.0.1:1"
    ))
    .unwrap_err();
    assert!(
        e.starts_with("--load-schedule: more than 1000 steps"),
        "{e}"
    );
}

#[test]
fn a_line_is_steps_of_a_second() {
    assert_eq!(
        schedule("--load-schedule line --load-start 5 --load-end 8 --load-step 2"),
        ("5:1s,7:1s,8".into(), None)
    );
    // Falling to zero ends the schedule, and the run with it.
    assert_eq!(
        schedule("--load-schedule line --load-start 2 --load-step=-1"),
        ("2:1s,1:1s".into(), Some(Duration::from_secs(2)))
    );
}
