//! Helpers shared by the engine's integration tests.
//!
//! Every load test takes [`serial`] first: the machine may have only two
//! cores, and load tests that run at the same time disturb each other's
//! timing (open-loop rates, latency percentiles, stop times).

#![allow(dead_code)]

use std::sync::RwLockWriteGuard;
use std::time::Duration;

use barrage_engine::{LoadSpec, Model, NoObserver, Reuse, RunReport};
use barrage_target::{Target, TargetConfig};

pub mod external;

/// One load test at a time in this test binary (`barrage_testkit::turn`).
pub fn serial() -> RwLockWriteGuard<'static, ()> {
    barrage_testkit::turn::exclusive()
}

/// The reference server on a free port of 127.0.0.1, one runtime thread.
pub fn target() -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    })
    .expect("start the reference server")
}

/// `http://ADDR/hello` on a target.
pub fn hello(t: &Target) -> String {
    format!("http://{}/hello", t.local_addr())
}

/// A spec with test-sized defaults: one thread, keep-alive, a 5 s timeout,
/// neither duration nor budget (each test sets one).
pub fn spec(url: &str, model: Model) -> LoadSpec {
    let mut s = LoadSpec::from_url(url).expect("valid URL");
    s.model = model;
    s.reuse = Reuse::KeepAlive;
    s.threads = 1;
    s.duration = None;
    s.max_requests = None;
    s.timeout = Duration::from_secs(5);
    s
}

/// A closed loop of `connections`, no pipelining.
pub fn closed(connections: usize) -> Model {
    Model::Closed {
        connections,
        pipeline: 1,
    }
}

pub fn run(spec: &LoadSpec) -> RunReport {
    barrage_engine::run(spec, &mut NoObserver).expect("the spec is valid")
}

/// The count of errors of `kind`.
pub fn errors(r: &RunReport, kind: &str) -> u64 {
    r.errors.get(kind).map_or(0, |e| e.count)
}

/// The error kinds with a non-zero count, e.g. `["read", "reset"]`.
pub fn error_kinds(r: &RunReport) -> Vec<&str> {
    r.errors
        .iter()
        .filter(|(_, e)| e.count > 0)
        .map(|(k, _)| k.as_str())
        .collect()
}

/// Checks what every report must satisfy, whatever the load.
pub fn check_invariants(r: &RunReport) {
    let t = &r.totals;
    // A WebSocket subscription's messages are pushed, never asked for.
    let pushed = r
        .spec
        .ws
        .as_ref()
        .is_some_and(|w| w.mode == barrage_engine::WsMode::Subscribe);
    assert!(pushed || t.responses <= t.requests_sent, "{t:?}");
    assert!(t.responses_not_2xx_3xx <= t.responses, "{t:?}");
    assert_eq!(
        t.errors,
        r.errors.values().map(|e| e.count).sum::<u64>(),
        "totals.errors is the sum of errors.*.count"
    );
    for (kind, e) in &r.errors {
        assert_eq!(
            e.count > 0,
            e.first.is_some(),
            "errors[{kind}]: a count needs its first message and only a count has one: {e:?}"
        );
    }
    assert_eq!(r.latency_us.count, t.responses, "one latency per response");
    // WebSocket messages and a bidi gRPC stream's messages are responses without a status.
    let messages = r.ws.is_some()
        || r.spec
            .grpc
            .as_ref()
            .is_some_and(|g| g.unit == barrage_engine::GrpcUnit::Message);
    let with_status = if messages { 0 } else { t.responses };
    assert_eq!(
        r.status_counts.values().sum::<u64>(),
        with_status,
        "status_counts add up to the responses"
    );
    assert_eq!(
        r.series.iter().map(|s| s.responses).sum::<u64>(),
        t.responses,
        "the series adds up to the totals"
    );
    assert_eq!(
        r.series.iter().map(|s| s.errors).sum::<u64>(),
        t.errors,
        "the series' errors add up to the totals"
    );
}

/// A TLS server's configuration with a new self-signed certificate for
/// localhost (ring's provider, its default versions), with no ALPN.
pub fn self_signed_tls() -> rustls::ServerConfig {
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".into()]).unwrap();
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(cert.key_pair.serialize_der().into());
    rustls::ServerConfig::builder_with_provider(std::sync::Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(vec![cert.cert.der().clone()], key)
    .unwrap()
}
