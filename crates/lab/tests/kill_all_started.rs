//! `kill_all_started` kills every group this process started. It has its
//! own test binary: run beside other tests, it would kill their servers.

use std::collections::BTreeMap;
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use barrage_lab::manifest::{Ready, ReadyCheck, Requires, ServerSpec, Start};
use barrage_lab::process::{kill_all_started, tree_pids, ServerProcess, StartConfig};
use barrage_lab::suite::Variant;

fn spec(dir: &Path) -> ServerSpec {
    ServerSpec {
        database_pool: None,
        warmup: Default::default(),
        vars: BTreeMap::new(),
        name: "sleeper".to_string(),
        description: String::new(),
        dir: dir.to_path_buf(),
        build: None,
        start: Start {
            command: vec![
                "sh".to_string(),
                "-c".to_string(),
                "sleep 100 & wait".to_string(),
            ],
            env: BTreeMap::new(),
            cwd: None,
            files: BTreeMap::new(),
        },
        ready: Ready {
            check: ReadyCheck::HttpPath("/".to_string()),
            deadline: Duration::from_secs(1),
        },
        version: None,
        endpoints: Vec::new(),
        protocols: Vec::new(),
        workloads: Vec::new(),
        requires: Requires::default(),
        unavailable: None,
        missing_headers: Vec::new(),
    }
}

#[test]
fn kill_all_started_kills_every_group() {
    let dir = std::env::temp_dir().join(format!("barrage-lab-kill-all-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = spec(&dir);
    let variant = Variant {
        cores: None,
        label: "v".to_string(),
        vars: BTreeMap::new(),
    };
    let mut servers: Vec<ServerProcess> = (0..2)
        .map(|i| {
            ServerProcess::start(&StartConfig {
                spec: &spec,
                variant: &variant,
                host: "127.0.0.1",
                port: 1,
                tls_port: 0,
                backend_port: 0,
                cores: &[],
                run_dir: &dir.join(format!("run{i}")),
                log: &dir.join(format!("server{i}.log")),
                barrage: Path::new("/bin/true"),
                die_with_starter: false,
            })
            .unwrap()
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(5);
    while servers.iter().any(|s| tree_pids(s.pid()).len() < 2) && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }

    kill_all_started();

    let deadline = Instant::now() + Duration::from_secs(5);
    while servers.iter_mut().any(|s| s.alive()) && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    for server in servers {
        let stopped = server.stop(Duration::from_secs(1));
        assert_eq!(stopped.signal, Some(libc::SIGKILL), "{stopped:?}");
        assert!(!stopped.killed, "the group was already gone: {stopped:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
