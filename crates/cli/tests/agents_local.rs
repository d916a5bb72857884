//! `barrage load --agents local,…` and `--part`: the split, the merge and
//! the error lines, with agents as local child processes (the SSH path is
//! in distributed.rs, which needs root for its namespaces).

mod common;

use barrage_target::{Target, TargetConfig};
use common::*;
use serde_json::Value;

fn target() -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
    })
    .expect("the reference server")
}

fn read(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn two_local_agents_merge_to_what_the_server_answered() {
    let _serial = serial();
    let t = target();
    let url = format!("http://{}/hello", t.local_addr());
    let dir = TempDir::new("agents");
    let (out, parts) = (dir.file("m.json"), dir.file("parts"));
    let r = barrage(
        "load",
        &[
            "--agents",
            "local,local",
            "-c",
            "4",
            "-n",
            "3001",
            "-t",
            "1",
            "--json",
            &out,
            "--json-parts",
            &parts,
            &url,
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("Agents      2 hosts"), "{r:?}");
    let m = read(&out);
    assert_eq!(m["totals"]["responses"].as_u64(), Some(3001));
    assert_eq!(t.responses(), 3001);
    assert_eq!(m["spec"]["connections"].as_u64(), Some(4));
    assert_eq!(m["spec"]["requests"].as_u64(), Some(3001));
    let hosts = m["agents"]["hosts"].as_array().unwrap();
    let counts: Vec<u64> = hosts
        .iter()
        .map(|h| h["responses"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [1501, 1500], "the first part takes the remainder");
    let again = dir.file("again.json");
    let r = barrage(
        "merge",
        &[
            &format!("{parts}/part-0.json"),
            &format!("{parts}/part-1.json"),
            "--json",
            &again,
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let again = read(&again);
    for key in [
        "totals",
        "latency_us",
        "histograms",
        "status_counts",
        "spec",
    ] {
        assert_eq!(again[key], m[key], "{key}");
    }
}

#[test]
fn what_cannot_be_split_is_one_line_and_exit_2() {
    let t = target();
    let url = format!("http://{}/hello", t.local_addr());
    for (args, says) in [
        (
            &["--agents", "local,local", "-c", "1", "-d", "1s"][..],
            "2 agents but the plan has only 1",
        ),
        (
            &["--agents", "local", "--hdr-log", "x", "-d", "1s"][..],
            "--hdr-log with --agents",
        ),
        (
            &["--agents", "c1", "-d", "1s"][..],
            "no --hosts inventory names it",
        ),
        (
            &["--agents", "ssh://u:pw@h", "-d", "1s"][..],
            "only a user, a host and a port",
        ),
        (
            &["--part", "2/2", "-d", "1s"][..],
            "expected I/N with 0 <= I < N",
        ),
        (
            &["--part", "1/20", "-c", "4", "-d", "1s"][..],
            "--part 1/20: the plan has only 4",
        ),
        (
            &["--start-at", "soon", "-d", "1s"][..],
            "expected Unix seconds",
        ),
    ] {
        let mut all = args.to_vec();
        all.push(&url);
        let r = barrage("load", &all);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
        assert!(r.stderr.contains(says), "{args:?}: {r:?}");
    }
    assert_eq!(t.responses(), 0, "nothing was sent");
}

#[test]
fn hosts_inventory_errors_name_the_file() {
    let dir = TempDir::new("inv");
    let inv = dir.file("lab.toml");
    std::fs::write(&inv, "[hosts.a]\naddress = \"nope\"\n").unwrap();
    let r = barrage(
        "load",
        &[
            "--hosts",
            &inv,
            "--agents",
            "a",
            "-d",
            "1s",
            "http://127.0.0.1:1/",
        ],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr
            .contains("lab.toml: hosts.a: host \"nope\": expected local or ssh://"),
        "{r:?}"
    );
}
