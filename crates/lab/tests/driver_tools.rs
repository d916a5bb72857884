//! Each driver's invocation run for real, briefly, against the built-in
//! target on 127.0.0.1, and its output parsed: the command lines are ones the
//! installed tools accept. The test is `#[ignore = "needs …"]`: a tool that
//! is not installed fails it; barrage is looked for in `BARRAGE_BIN` and the
//! target directories.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use barrage_lab::driver::{LevelStats, LoadRun, Tool};
use barrage_lab::suite::{Driver, Level, Scenario, Wire};
use barrage_target::{Target, TargetConfig, TlsSetup};

fn scenario(protocol: Wire, path: &str) -> Scenario {
    Scenario {
        streams: 4,
        ..Scenario::get(protocol, path)
    }
}

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file()))
}

/// A built `barrage` binary, if there is one: the one of this test's own
/// profile (`target/PROFILE/barrage` beside `target/PROFILE/deps/`, as
/// `cargo test --workspace` builds it), else a release or debug one.
fn barrage_bin() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("BARRAGE_BIN") {
        return Some(PathBuf::from(bin));
    }
    let own = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("barrage")));
    if let Some(own) = own.filter(|p| p.is_file()) {
        return Some(own);
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut dirs = vec![workspace.join("target")];
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        dirs.insert(0, PathBuf::from(dir));
    }
    dirs.iter()
        .flat_map(|d| [d.join("release/barrage"), d.join("debug/barrage")])
        .find(|p| p.is_file())
}

/// Runs the driver's invocation (killed if it outlives `limit`) and parses it.
fn run(driver: Driver, load: &LoadRun, limit: Duration) -> LevelStats {
    let barrage = match driver {
        Driver::Barrage => barrage_bin().unwrap_or_else(|| {
            panic!("needs a built barrage binary: none in the target directories (cargo build, or set BARRAGE_BIN)")
        }),
        _ if !on_path(driver.name()) => panic!(
            "needs {}: not on PATH (scripts/setup.sh installs it)",
            driver.name()
        ),
        _ => PathBuf::from("barrage"),
    };
    let dir = std::env::temp_dir().join(format!("barrage-lab-driver-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json_out = dir.join(format!("{}.json", driver.name()));
    let inv = driver.invocation(load, &barrage, &json_out).unwrap();
    let started = Instant::now();
    let mut child = Command::new(&inv.program)
        .args(&inv.args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", inv.display));
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("{} ran past {limit:?}", inv.display);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let parsed = driver
        .parse(&stdout, &stderr, &json_out, started.elapsed())
        .unwrap_or_else(|e| panic!("{}: {e}\n{stdout}", inv.display));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(parsed.report.is_some(), driver == Driver::Barrage);
    parsed.stats
}

fn load<'a>(scenario: &'a Scenario, port: u16, level: &'a Level) -> LoadRun<'a> {
    LoadRun {
        scenario,
        host: "127.0.0.1",
        port,
        level,
        duration: Duration::from_secs(1),
        warmup: Duration::from_millis(500),
        threads: 1,
        timeout: Duration::from_secs(2),
    }
}

#[test]
#[ignore = "needs wrk, h2load, ab, httperf and a built barrage (scripts/test.sh runs it)"]
fn every_tool_runs_and_parses() {
    let plain = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    })
    .unwrap();
    let tls = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: Some(TlsSetup::SelfSigned),
        h3: false,
    })
    .unwrap();
    let (port, tls_port) = (plain.local_addr().port(), tls.local_addr().port());
    let h1 = scenario(Wire::H1, "/hello");
    let h2c = scenario(Wire::H2C, "/static/6b");
    let h2 = scenario(Wire::H2, "/static/4k");
    let https = scenario(Wire::HTTPS, "/hello");
    let mut h10 = scenario(Wire::H1, "/xml?value=benchmarks");
    h10.http10 = true;
    let closed = Level::Connections(4);
    let rate = Level::Rate {
        rate: 200.0,
        connections: 4,
    };
    let sessions = Level::Sessions {
        rate: 50.0,
        calls: 2,
        sessions: 25,
    };
    let limit = Duration::from_secs(20);
    let cases: Vec<(Driver, LoadRun)> = vec![
        (Driver::Barrage, load(&h1, port, &closed)),
        (Driver::Barrage, load(&h2, tls_port, &closed)),
        (Driver::Barrage, load(&h1, port, &rate)),
        (Driver::Barrage, load(&h10, port, &sessions)),
        (Driver::Wrk, load(&h1, port, &closed)),
        (Driver::Wrk, load(&https, tls_port, &closed)),
        (Driver::H2load, load(&h2c, port, &closed)),
        (Driver::H2load, load(&h2, tls_port, &closed)),
        (Driver::H2load, load(&h1, port, &closed)),
        (Driver::Ab, load(&h10, port, &closed)),
        (Driver::Httperf, load(&h1, port, &sessions)),
    ];
    for (driver, run_spec) in cases {
        let what = format!(
            "{} {:?} {:?}",
            driver.name(),
            run_spec.scenario.protocol,
            run_spec.level
        );
        let stats = run(driver, &run_spec, limit);
        assert!(stats.responses > 0, "{what}: {stats:?}");
        assert!(
            stats.elapsed_s > 0.0 && stats.responses_per_s > 0.0,
            "{what}: {stats:?}"
        );
        assert_eq!(stats.errors, Some(0), "{what}: {stats:?}");
        assert_eq!(stats.non_2xx, Some(0), "{what}: {stats:?}");
        assert!(stats.latency_mean_us.is_some(), "{what}: {stats:?}");
    }
    plain.shutdown();
    tls.shutdown();
}
