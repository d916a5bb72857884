//! `barrage load --agents local,…` and `--part`: the split, the merge and
//! the error lines, with agents as local child processes (the SSH path is
//! in distributed.rs, which needs root for its namespaces).

use crate::common;

use barrage_target::{Target, TargetConfig};
use common::*;
use serde_json::Value;

fn target() -> Target {
    Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
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

/// A stand-in for `ssh` on PATH: it skips the options, and runs the remote
/// command here with `sh -c` (host `down` refuses the connection; host
/// `arm` has a `uname` that says s390x). HOME is the test's, so the
/// binary cache starts empty.
struct FakeSsh {
    dir: TempDir,
}

impl FakeSsh {
    fn new() -> FakeSsh {
        let dir = TempDir::new("fake-ssh");
        for sub in ["bin", "arm", "home"] {
            std::fs::create_dir_all(dir.path(sub)).unwrap();
        }
        let script = r#"#!/bin/sh
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  [ "$1" = "-O" ] && exit 0
  shift
done
shift; host=$1; shift
if [ "$host" = down ]; then echo "ssh: connect to host down port 22: Connection refused" >&2; exit 255; fi
if [ "$host" = arm ]; then PATH="$FAKE_ARM:$PATH"; export PATH; fi
exec sh -c "$*"
"#;
        let uname = "#!/bin/sh\necho Linux s390x\n";
        for (path, text) in [
            (dir.path("bin/ssh"), script),
            (dir.path("arm/uname"), uname),
        ] {
            std::fs::write(&path, text).unwrap();
            std::process::Command::new("chmod")
                .arg("755")
                .arg(&path)
                .status()
                .unwrap();
        }
        FakeSsh { dir }
    }

    fn load(&self, args: &[&str]) -> Run {
        let path = format!(
            "{}:{}",
            self.dir.file("bin"),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = std::process::Command::new(BIN)
            .arg("load")
            .args(args)
            .env("PATH", path)
            .env("HOME", self.dir.path("home"))
            .env("FAKE_ARM", self.dir.path("arm"))
            .output()
            .unwrap();
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            took: std::time::Duration::ZERO,
        }
    }
}

#[test]
fn over_ssh_the_binary_is_copied_once_checked_and_run() {
    let _serial = serial();
    let t = target();
    let url = format!("http://{}/hello", t.local_addr());
    let ssh = FakeSsh::new();
    let r = ssh.load(&[
        "--agents",
        "ssh://one,ssh://bench@two:2222",
        "-c",
        "2",
        "-n",
        "500",
        "-t",
        "1",
        &url,
    ]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let cache = ssh.dir.path("home/.cache/barrage/bin");
    assert_eq!(r.stderr.matches("sha256 checked) to ").count(), 2, "{r:?}");
    assert!(r.stderr.contains(cache.to_str().unwrap()), "{r:?}");
    assert_eq!(t.responses(), 500);
    assert!(r.stdout.contains("ssh://bench@two:2222"), "{r:?}");
    // The copy is whole (same bytes) and only there under its hash name.
    let copies: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert_eq!(
        std::fs::read(&copies[0]).unwrap(),
        std::fs::read(BIN).unwrap()
    );
    // The next run finds it.
    let r = ssh.load(&["--agents", "ssh://one", "-c", "1", "-n", "10", &url]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stderr.contains("host ssh://one: using "), "{r:?}");
}

#[test]
fn over_ssh_a_host_that_cannot_run_it_or_be_reached_is_one_line() {
    let t = target();
    let url = format!("http://{}/hello", t.local_addr());
    let ssh = FakeSsh::new();
    let arm = format!(
        "host ssh://arm: it is Linux s390x and this barrage is built for Linux {}: build barrage there",
        std::env::consts::ARCH
    );
    for (host, says) in [
        ("ssh://arm", arm.as_str()),
        ("ssh://down", "host ssh://down (ssh://down) unreachable: ssh: connect to host down port 22: Connection refused: check that it is up"),
    ] {
        let r = ssh.load(&["--agents", host, "-c", "1", "-d", "1s", &url]);
        assert_eq!(r.code, Some(1), "{r:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
        assert!(r.stderr.contains(says), "{r:?}");
    }
    assert_eq!(t.responses(), 0);
}
