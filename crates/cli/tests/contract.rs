//! The catalogue's contract test: every server of `servers/` that can be had
//! here is built and started through the lab, and every endpoint its
//! manifest declares is probed over every protocol it declares; status,
//! headers and body are checked against the endpoint contract
//! (`crates/contract/src/lib.rs`), a gRPC server's four methods of
//! proto/bench.proto are called over grpc and grpcs, and every workload it
//! declares is validated as the lab validates it before load
//! (docs/workloads.md), the database workloads on a PostgreSQL the test
//! starts through the lab's own service call (as `barrage run` does for a
//! suite's `[[service]]`).
//!
//! A manifest marked `unavailable` is listed and not started. The test is
//! `#[ignore = "needs …"]`: scripts/setup.sh installs everything the
//! manifests say is obtainable and scripts/test.sh runs it, so a server
//! whose requirements are missing fails it (a set-up bug), never a skip.

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use barrage_engine::Protocol;
use barrage_lab::host::{Agent, Call, ServiceStarted};
use barrage_lab::manifest::ServerSpec;
use barrage_lab::probe::probe;
use barrage_lab::process::{build, check_requires, ServerProcess, StartConfig};
use barrage_lab::suite::{GrpcScenario, Scenario, Service, Variant};
use barrage_lab::validate::{validate, Target, ValidationOutcome};

const BIN: &str = env!("CARGO_BIN_EXE_barrage");
const PROBE_TIMEOUT: Duration = Duration::from_secs(5);
const STOP_GRACE: Duration = Duration::from_secs(5);

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The requests sent for one declared endpoint: the plain one, and for
/// `/xml` the missing value and a value that needs decoding and escaping.
fn paths(endpoint: &str) -> Vec<&'static str> {
    match endpoint {
        "/hello" => vec!["/hello"],
        "/xml" => vec!["/xml?value=benchmarks", "/xml", "/xml?value=a%3Cb%26c+d"],
        "/static/6b" => vec!["/static/6b"],
        "/static/4k" => vec!["/static/4k"],
        "/delay" => vec!["/delay?ms=1"],
        "/bytes" => vec!["/bytes?n=100"],
        "/ws" => vec!["/ws"],
        other => panic!("no probe for endpoint {other}"),
    }
}

/// The calls probed over grpc and grpcs: each method of proto/bench.proto's
/// `Bench` once, with its request message(s) as JSON (the lab's gRPC probe
/// checks the status, that the replies decode, and Echo's and Chat's
/// echoes).
const GRPC_CALLS: [(&str, &str); 4] = [
    ("Echo", r#"{"payload":"aGVsbG8=","seq":"7"}"#),
    ("Stream", r#"{"count":3,"size":16}"#),
    ("Sum", r#"[{"value":1},{"value":2},{"value":39}]"#),
    (
        "Chat",
        r#"[{"payload":"aGk=","seq":"1"},{"payload":"aG8=","seq":"2"}]"#,
    ),
];

/// Every scenario probed for a server: each path over each protocol, and
/// HTTP/1.0 without keep-alive (ab's request) over h1 and https. The
/// WebSocket echo (`/ws`) goes over ws and wss only, and they carry nothing
/// else; grpc and grpcs carry the Bench service's four methods.
fn scenarios(spec: &ServerSpec) -> Vec<Scenario> {
    let mut out = Vec::new();
    let proto = repo().join("proto/bench.proto");
    for protocol in &spec.protocols {
        if protocol.is_grpc() {
            for (method, data) in GRPC_CALLS {
                let grpc = GrpcScenario {
                    call: format!("barrage.bench.v1.Bench/{method}"),
                    data: data.to_string(),
                    ..GrpcScenario::echo(&proto.to_string_lossy())
                };
                // As a suite's gRPC scenario: a POST of /package.Service/Method.
                let path = grpc.path();
                out.push(Scenario {
                    name: format!("Bench/{method}"),
                    method: "POST".into(),
                    grpc: Some(grpc),
                    ..Scenario::get(*protocol, &path)
                });
            }
            continue;
        }
        for endpoint in &spec.endpoints {
            if protocol.is_ws() != (endpoint == "/ws") {
                continue;
            }
            for path in paths(endpoint) {
                let scenario = Scenario::get(*protocol, path);
                if protocol.protocol == Protocol::Http1 {
                    out.push(Scenario {
                        name: format!("{path} HTTP/1.0"),
                        http10: true,
                        keepalive: false,
                        ..scenario.clone()
                    });
                }
                out.push(scenario);
            }
        }
    }
    out
}

fn free_ports() -> [u16; 3] {
    let listeners: Vec<TcpListener> = (0..3)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    std::array::from_fn(|i| listeners[i].local_addr().unwrap().port())
}

enum Outcome {
    Unavailable(String),
    /// Probes sent, workloads validated.
    Checked(usize, usize),
}

/// The lab's PostgreSQL with the database workloads' data, started by the
/// agent's service call; stopped on drop.
struct Postgres {
    agent: Agent,
    started: ServiceStarted,
}

impl Postgres {
    fn start(work: &Path) -> Postgres {
        let agent = Agent::new();
        let call = Call::ServiceStart {
            service: Service::postgres(),
            max_connections: 200,
            host: "127.0.0.1".into(),
            cores: Vec::new(),
            data_dir: repo().join("data"),
            run_dir: work.join("postgres"),
            cache: Path::new(env!("CARGO_TARGET_TMPDIR")).join("postgres-cache"),
            log: work.join("postgres.log"),
        };
        let answer = agent
            .call(serde_json::to_value(&call).unwrap())
            .unwrap_or_else(|e| panic!("PostgreSQL (scripts/setup.sh installs it): {e}"));
        let started = serde_json::from_value(answer).unwrap();
        Postgres { agent, started }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let stop = Call::Stop {
            id: self.started.id,
            grace_ms: 10_000,
        };
        let _ = self.agent.call(serde_json::to_value(&stop).unwrap());
    }
}

/// Builds, starts, probes and stops one server; `Err` lists what failed.
fn check_server(spec: &ServerSpec, work: &Path, database: &str) -> Result<Outcome, Vec<String>> {
    let name = &spec.name;
    if let Some(why) = &spec.unavailable {
        return Ok(Outcome::Unavailable(why.clone()));
    }
    let barrage = Path::new(BIN);
    if let Err(missing) = check_requires(spec, barrage) {
        return Err(vec![format!(
            "{name}: {missing} (scripts/setup.sh installs it)"
        )]);
    }
    // The database reaches the server as a run's service URL does:
    // `{database_url}` and DATABASE_URL.
    let variant = Variant {
        label: name.clone(),
        vars: BTreeMap::from([("database_url".to_string(), database.to_string())]),
        cores: None,
    };
    let mut vars = spec.variables(&variant);
    vars.insert("barrage".into(), BIN.into());
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("contract-build-cache");
    let log = work.join(format!("{name}.log"));
    build(spec, &vars, &cache, &log).map_err(|e| vec![e])?;
    let [port, tls_port, backend_port] = free_ports();
    let run_dir = work.join(name);
    let mut server = ServerProcess::start(&StartConfig {
        spec,
        variant: &variant,
        host: "127.0.0.1",
        port,
        tls_port,
        backend_port,
        cores: &[],
        run_dir: &run_dir,
        log: &log,
        barrage,
        die_with_starter: false,
    })
    .map_err(|e| vec![e])?;
    server.wait_ready(None).map_err(|e| vec![e])?;
    let mut failures = Vec::new();
    let scenarios = scenarios(spec);
    for scenario in &scenarios {
        let port = if scenario.protocol.is_tls() {
            tls_port
        } else {
            port
        };
        let what = format!("{name}: {} over {}", scenario.name, scenario.protocol);
        let result = probe(scenario, "127.0.0.1", port, PROBE_TIMEOUT).map(|mut r| {
            r.excuse_missing_headers(&spec.missing_headers);
            r
        });
        match result {
            Ok(result) if result.problems.is_empty() => {}
            Ok(result) => failures.push(format!("{what}: {}", result.problems.join("; "))),
            Err(e) => failures.push(format!("{what}: no response: {e}")),
        }
    }
    // The database workloads' checks read the server's database.
    let target = Target {
        database: Some(database),
        ..Target::new("127.0.0.1", port)
    };
    for &workload in &spec.workloads {
        let seed = 27 + workload as u64;
        if let ValidationOutcome::Failed(f) = validate(workload, &target, seed) {
            failures.push(format!(
                "{name}: workload {workload}: {}: {} (request {}; response {})",
                f.check, f.reason, f.request, f.response
            ));
        }
    }
    if !server.alive() {
        failures.push(format!("{name}: exited during the probes{}", tail(&log)));
    }
    server.stop(STOP_GRACE);
    if failures.is_empty() {
        Ok(Outcome::Checked(scenarios.len(), spec.workloads.len()))
    } else {
        Err(failures)
    }
}

fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    format!("\n{}", lines[lines.len().saturating_sub(10)..].join("\n"))
}

#[test]
#[ignore = "needs the catalogue's servers (scripts/setup.sh installs them, scripts/test.sh runs it)"]
fn every_obtainable_server_serves_the_contract() {
    let _turn = crate::common::serial(); // alone: it starts every catalogue server against start-up deadlines
    let servers = repo().join("servers");
    let work =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("contract-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let names = ServerSpec::names(&servers);
    assert!(names.len() > 10, "the catalogue: {names:?}");
    let postgres = Postgres::start(&work);
    let database = postgres.started.url.clone();
    let mut failures = Vec::new();
    let mut checked = 0;
    for name in &names {
        let began = Instant::now();
        let spec = ServerSpec::find(&servers, name).unwrap_or_else(|e| panic!("{e}"));
        let line = match check_server(&spec, &work, &database) {
            Ok(Outcome::Unavailable(why)) => format!("unavailable  {why}"),
            Ok(Outcome::Checked(n, w)) => {
                checked += 1;
                format!("ok           {n} probes, {w} workloads")
            }
            Err(e) => {
                let line = format!("FAILED       {}", e[0]);
                failures.extend(e);
                line
            }
        };
        eprintln!("{name:<24} {:>5.1}s  {line}", began.elapsed().as_secs_f64());
    }
    assert!(
        failures.is_empty(),
        "{} of {} servers' probes failed:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
    assert!(checked > 0, "no server could be checked");
    drop(postgres);
    let _ = std::fs::remove_dir_all(&work);
}
