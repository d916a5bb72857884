//! Validation before load, both ways: the testkit's workload server passes
//! every workload's checks when correct, and each rule it breaks fails the
//! check that is there for it, named.

use std::time::Duration;

use barrage_contract::Workload;
use barrage_lab::validate::{run_checks, validate, Target};
use barrage_model::results::ValidationOutcome;
use barrage_testkit::workloads::{Break, WorkloadServer};

fn outcome(server: &WorkloadServer, w: Workload) -> ValidationOutcome {
    let addr = server.addr();
    validate(w, &Target::new(&addr.ip().to_string(), addr.port()), 42)
}

#[test]
fn a_correct_server_passes_every_workload() {
    let server = WorkloadServer::start(Break::Nothing);
    // The database workloads: tests/validate_database.rs, with a PostgreSQL.
    for w in Workload::ALL.into_iter().filter(|w| !w.needs_database()) {
        match outcome(&server, w) {
            ValidationOutcome::Passed { checks } => assert!(checks > 0, "{w}"),
            other => panic!("{w}: {other:?}"),
        }
    }
}

#[test]
fn each_broken_rule_fails_its_check_by_name() {
    use Workload::*;
    let table: &[(Break, Workload, &str, &str)] = &[
        (Break::WrongSum, Baseline, "baseline: GET", "want"),
        (
            Break::NoChunked,
            Baseline,
            "baseline: POST chunked",
            "status 400",
        ),
        (
            Break::OneRead,
            Baseline,
            "baseline: request in fragments",
            "status 400",
        ),
        (
            Break::MissingIsZero,
            Baseline,
            "baseline: missing parameter gives 400",
            "want 400",
        ),
        (
            Break::NoDate,
            Plaintext,
            "plaintext: body and headers",
            "no date header",
        ),
        (
            Break::WrongContentType,
            Plaintext,
            "plaintext: body and headers",
            "Content-Type",
        ),
        (
            Break::NoPipelining,
            Plaintext,
            "plaintext: 16 pipelined requests",
            "after 1 of 16",
        ),
        (
            Break::WrongContentType,
            Json,
            "json: object and Content-Type",
            "text/html",
        ),
        (
            Break::ExtraKey,
            Json,
            "json: object and Content-Type",
            "\"extra\"",
        ),
        (
            Break::WrongTotal,
            JsonProcessing,
            "json-processing: /json/",
            ".items[0].total",
        ),
        (
            Break::NeverCompress,
            Compression,
            "compression: /json/50",
            "no Content-Encoding",
        ),
        (
            Break::AlwaysCompress,
            Compression,
            "without Accept-Encoding",
            "Content-Encoding",
        ),
        (
            Break::EchoContentLength,
            Upload,
            "upload: 100000 bytes chunked",
            "want 100000",
        ),
        (
            Break::EchoFlipsByte,
            Echo,
            "echo: 17 bytes",
            "differs from the request's at byte 8 of 17: ",
        ),
        (
            Break::EchoPreviousBody,
            Echo,
            "echo: two bodies of 50000 bytes on one connection",
            "differs from the request's at byte",
        ),
        (
            Break::StaticOctetStream,
            StaticSet,
            "static: /static/index.html",
            "want text/html",
        ),
        (
            Break::TruncatedFile,
            StaticSet,
            "static: /static/index.html",
            "bytes after decoding",
        ),
        (
            Break::MissingIs200,
            StaticSet,
            "static: missing file gives 404",
            "want 404",
        ),
        (
            Break::ServerErrorOnNoise,
            Noisy,
            "noisy: bad method GETT",
            "status 500",
        ),
        (
            Break::DiesOnGarbage,
            Noisy,
            "noisy: baseline after the noise",
            "the connection", // closed, or reset: the server stopped answering
        ),
    ];
    for &(broken, w, check, why) in table {
        let server = WorkloadServer::start(broken);
        let ValidationOutcome::Failed(f) = outcome(&server, w) else {
            panic!("{broken:?} passed {w}");
        };
        assert!(
            f.check.contains(check),
            "{broken:?}: failed {:?}, want {check:?}",
            f.check
        );
        assert!(f.reason.contains(why), "{broken:?}: {}", f.reason);
        assert!(
            !f.request.is_empty() && !f.response.is_empty(),
            "{broken:?}: {f:?}"
        );
        assert!(
            f.request.len() < 400 && f.response.len() < 400,
            "{broken:?}: {f:?}"
        );
    }
}

#[test]
fn the_date_must_change() {
    let server = WorkloadServer::start(Break::StaticDate);
    let ValidationOutcome::Failed(f) = outcome(&server, Workload::Plaintext) else {
        panic!("a static Date passed");
    };
    assert_eq!(f.check, "plaintext: Date changes over 3 s");
    assert!(f.response.contains("Date: "), "{}", f.response);
}

#[test]
fn every_check_is_reported_and_a_dead_port_fails_the_first() {
    let server = WorkloadServer::start(Break::WrongSum);
    let addr = server.addr();
    let mut seen = Vec::new();
    let all = run_checks(
        Workload::Baseline,
        &Target::new("127.0.0.1", addr.port()),
        1,
        false,
        &mut |o| seen.push(o.name.clone()),
    );
    assert_eq!(seen.len(), all.len());
    assert!(all.len() >= 6);
    let failed = all.iter().filter(|o| o.result.is_err()).count();
    assert_eq!(failed, all.len() - 1, "all but the 400 check fail");
    let port = barrage_testkit::closed_port();
    let target = Target {
        timeout: Duration::from_secs(1),
        ..Target::new("127.0.0.1", port)
    };
    let dead = validate(Workload::Json, &target, 1);
    let ValidationOutcome::Failed(f) = dead else {
        panic!("{dead:?}")
    };
    assert!(f.reason.contains("cannot connect"), "{}", f.reason);
}

/// A response with an empty body (`Content-Length: 0`) is complete at its
/// head: the reader must not wait for bytes that never come (actix and
/// Vert.x answer `GETT` so).
#[test]
fn an_empty_body_completes_at_its_head() {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (mut conn, _) = listener.accept().unwrap();
        let mut buf = [0u8; 4096];
        let mut got = Vec::new();
        while !got.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = conn.read(&mut buf).unwrap();
            assert!(n > 0, "the request ended early");
            got.extend_from_slice(&buf[..n]);
        }
        let head = "HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\nallow: GET\r\n\r\n";
        conn.write_all(head.as_bytes()).unwrap();
        // Keep the connection open: only Content-Length ends the response.
        let _ = conn.read(&mut buf);
    });
    let outcomes = run_checks(
        Workload::Noisy,
        &Target::new("127.0.0.1", port),
        1,
        true,
        &mut |_| {},
    );
    let first = &outcomes[0];
    assert_eq!(first.name, "noisy: bad method GETT");
    assert!(first.result.is_ok(), "{:?}", first.result);
    drop(outcomes);
    server.join().unwrap();
}
