//! `barrage verify`: one line per check, exit 0 when all pass, 1 when any
//! fails, 2 on bad input; against a URL (the testkit's workload server,
//! correct or broken) and a catalogue server started as the lab starts it.

use std::process::{Command, Output};

use barrage_testkit::workloads::{Break, WorkloadServer};

const BIN: &str = env!("CARGO_BIN_EXE_barrage");

fn verify(args: &[&str]) -> (Output, String) {
    let out = Command::new(BIN)
        .arg("verify")
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("run barrage");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, stdout)
}

#[test]
fn a_correct_server_passes_and_each_check_has_its_line() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let server = WorkloadServer::start(Break::Nothing);
    let url = server.url("/");
    let (out, stdout) = verify(&[&url, "--workload", "json,baseline", "--seed", "5"]);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("pass  json: object and Content-Type\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("pass  baseline: POST chunked\n"),
        "{stdout}"
    );
    assert!(stdout.contains("(seed 5)"), "{stdout}");
    assert!(stdout.ends_with("7 checks, 0 failed\n"), "{stdout}");
}

#[test]
fn a_broken_rule_fails_its_check_by_name_with_exit_1() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let server = WorkloadServer::start(Break::EchoContentLength);
    let (out, stdout) = verify(&[&server.url("/"), "--workload", "upload"]);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("FAIL  upload: 100000 bytes chunked: body \"0\", want 100000\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("      request:  POST /upload HTTP/1.1\\r\\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("      response: HTTP/1.1 200 OK\\r\\n"),
        "{stdout}"
    );
    assert!(stdout.contains("pass  upload: 17 bytes\n"), "{stdout}");
}

#[test]
fn a_database_check_without_a_database_says_so() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let server = WorkloadServer::start(Break::Nothing);
    let (out, stdout) = verify(&[&server.url("/"), "--workload", "updates,fortunes"]);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "FAIL  updates: /updates?queries=20 writes its rows: no database to check against: "
        ),
        "{stdout}"
    );
    // The fortunes page is compared with the contract's rows: no database read.
    assert!(
        stdout.contains("FAIL  fortunes: the table, sorted and escaped: status 404"),
        "{stdout}"
    );
    // A URL alone is checked on the workloads that need no database.
    let (_, stdout) = verify(&[&server.url("/"), "--seed", "3"]);
    assert!(
        !stdout.contains("db:") && stdout.contains("pass  json"),
        "{stdout}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    for (args, want) in [
        (
            &["http://127.0.0.1:1/", "--workload", "xml"][..],
            "--workload xml: unknown workload; expected one of baseline, plaintext",
        ),
        (&["https://127.0.0.1:1/"][..], "give an http:// URL"),
        (
            &["http://127.0.0.1:1/", "--database", "mysql://u:secret@h/db"][..],
            "--database mysql://u:***@h/db: not a postgres:// URL",
        ),
        (
            &["no-such-server", "--servers", "/nonexistent"][..],
            "no server \"no-such-server\"",
        ),
    ] {
        let (out, _) = verify(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(want), "{args:?}: {stderr}");
    }
}

#[test]
fn a_catalogue_server_is_started_checked_and_stopped() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let dir = std::env::temp_dir().join(format!("barrage-verify-test-{}", std::process::id()));
    let srv = dir.join("srv");
    std::fs::create_dir_all(&srv).unwrap();
    std::fs::write(
        srv.join("server.toml"),
        "name = \"srv\"\nendpoints = [\"/hello\"]\nprotocols = [\"h1\"]\nworkloads = [\"json\"]\n[start]\ncommand = [\"{barrage}\", \"serve\", \"--listen\", \"{addr}\"]\n",
    )
    .unwrap();
    let servers = dir.to_str().unwrap();
    let (out, stdout) = verify(&["srv", "--servers", servers, "--workload", "json,upload"]);
    // Whether `barrage serve` implements json decides pass or fail; the
    // lifecycle is what is tested here.
    assert!(matches!(out.status.code(), Some(1)), "{stdout}");
    assert!(stdout.contains("FAIL  upload: not implemented"), "{stdout}");
    assert!(stdout.contains("verify srv at 127.0.0.1:"), "{stdout}");
    assert!(stdout.contains("json: object and Content-Type"), "{stdout}");
    assert!(stdout.contains("1 checks, "), "{stdout}");
    let (out, _) = verify(&["srv", "--servers", servers, "--workload", "upload"]);
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `barrage serve`, started from its manifest (servers/barrage-target) as
/// the lab starts it, passes every workload that needs no database.
#[test]
fn barrage_serve_passes_every_workload_without_a_database() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
    let servers = concat!(env!("CARGO_MANIFEST_DIR"), "/../../servers");
    let workloads: Vec<&str> = barrage_lab::validate::Workload::ALL
        .iter()
        .filter(|w| !w.needs_database())
        .map(|w| w.name())
        .collect();
    let list = workloads.join(",");
    let (out, stdout) = verify(&["barrage-target", "--servers", servers, "--workload", &list]);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("verify barrage-target at 127.0.0.1:"),
        "{stdout}"
    );
    for w in &workloads {
        assert!(stdout.contains(&format!("pass  {w}: ")), "{w}: {stdout}");
    }
    for check in [
        "echo: 1000000 bytes",
        "echo: 100000 bytes chunked",
        "echo: two bodies of 50000 bytes on one connection",
    ] {
        assert!(stdout.contains(&format!("pass  {check}\n")), "{stdout}");
    }
    assert!(stdout.ends_with(" 0 failed\n"), "{stdout}");
}
