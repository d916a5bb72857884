//! The suites of the repository and of the docs parse; the seeds are quick.

use super::*;

/// `suites/websocket.toml`: the five servers, 64 B text and 4 KiB binary
/// echoes side by side, and a search of the message rate.
#[test]
fn the_websocket_suite_loads() {
    let ws = crate::suite::load(&repo().join("suites/websocket.toml")).unwrap();
    let servers: Vec<&str> = ws.servers.iter().map(|s| s.server.as_str()).collect();
    assert_eq!(
        servers,
        ["barrage-target", "go-http", "node-http", "netty", "tornado"]
    );
    assert_eq!(ws.load, Load::Concurrency(vec![16, 100, 256]));
    let echoes: Vec<(&str, usize, bool)> = ws
        .scenarios
        .iter()
        .map(|s| {
            let w = s.ws.as_ref().unwrap();
            assert_eq!((s.protocol, s.path.as_str()), (Wire::WS, "/ws"));
            (s.name.as_str(), w.message_bytes, w.binary)
        })
        .collect();
    assert_eq!(
        echoes,
        [
            ("echo-64", 64, false),
            ("echo-4k", 4096, true),
            ("echo-64-capacity", 64, false)
        ]
    );
    assert!(ws.scenario("echo-64-capacity").search.is_some());
    assert_eq!(ws.tables[0].scenarios, ["echo-64", "echo-4k"]);
}

#[test]
fn the_committed_suites_load() {
    for name in ["builtin-quick", "loadgen-efficiency"] {
        let path = repo().join("suites").join(format!("{name}.toml"));
        let suite = crate::suite::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(suite.name, name);
    }
    let quick = crate::suite::load(&repo().join("suites/builtin-quick.toml")).unwrap();
    let labels: Vec<&str> = quick.servers[0]
        .variants
        .iter()
        .map(|v| v.label.as_str())
        .collect();
    assert_eq!(
        labels,
        ["barrage-target THREADS=1", "barrage-target THREADS=2"]
    );
    assert_eq!(quick.scenario("static-6b").protocol, Wire::H2C);
    assert_eq!(quick.scenario("static-6b").streams, 10);
    assert_eq!(quick.quick.duration, Duration::from_secs(1));
    let loadgen = crate::suite::load(&repo().join("suites/loadgen-efficiency.toml")).unwrap();
    assert_eq!(
        loadgen.drivers,
        [Driver::Barrage, Driver::Wrk, Driver::H2load, Driver::Ab]
    );
    assert_eq!(loadgen.driver, Driver::Barrage);
    assert_eq!(loadgen.load, Load::Concurrency(vec![10, 100]));
    // HTTP/1.1, h2 and h3 over TLS side by side, 100 streams for h2 and h3.
    let h3 = crate::suite::load(&repo().join("suites/h3.toml")).unwrap();
    let servers: Vec<&str> = h3.servers.iter().map(|s| s.server.as_str()).collect();
    assert_eq!(servers, ["caddy", "barrage-target"]);
    assert_eq!(h3.drivers, [Driver::Barrage]);
    let scenarios: Vec<(&str, &str, Wire, usize)> = h3
        .scenarios
        .iter()
        .map(|s| (s.name.as_str(), s.path.as_str(), s.protocol, s.streams))
        .collect();
    let (six, four) = ("/static/6b", "/static/4k");
    assert_eq!(
        scenarios,
        [
            ("6b-h1", six, Wire::HTTPS, 1),
            ("6b-h2", six, Wire::H2, 100),
            ("6b-h3", six, Wire::H3, 100),
            ("4k-h1", four, Wire::HTTPS, 1),
            ("4k-h2", four, Wire::H2, 100),
            ("4k-h3", four, Wire::H3, 100),
        ]
    );
    // The three protocols of one size side by side.
    let tables: Vec<(&str, &[String], &[String])> = h3
        .tables
        .iter()
        .map(|t| (t.title.as_str(), &t.scenarios[..], &t.columns[..]))
        .collect();
    assert_eq!(
        tables,
        [
            (
                "6 B over TLS: HTTP/1.1, HTTP/2, HTTP/3",
                &["6b-h1", "6b-h2", "6b-h3"].map(String::from)[..],
                &["h1", "h2", "h3"].map(String::from)[..]
            ),
            (
                "4 KiB over TLS: HTTP/1.1, HTTP/2, HTTP/3",
                &["4k-h1", "4k-h2", "4k-h3"].map(String::from)[..],
                &["h1", "h2", "h3"].map(String::from)[..]
            ),
        ]
    );
    let quick = Plan::of(&h3, true, None);
    assert_eq!(quick.runs.len(), 2 * 6 * 2);
    // Its estimate counts the client's ceilings (12 shapes) and a warm-up
    // until steady per request and server: about 2 min 9 s, where the run
    // took 2 min 3 s here (2026-12-07).
    assert!(quick.estimate < Duration::from_secs(3 * 60), "{quick}");
}

/// The suites of docs/suites.md (the seeds, the full example) parse, and
/// its dry-run output is what `plan` prints.
#[test]
fn the_suites_of_the_docs_parse() {
    let docs = std::fs::read_to_string(repo().join("docs/suites.md")).unwrap();
    let quick = crate::suite::load(&repo().join("suites/builtin-quick.toml")).unwrap();
    let dry_run = Plan::of(&quick, true, None).to_string();
    assert!(docs.contains(&dry_run), "docs/suites.md lacks:\n{dry_run}");
    let mut found = 0;
    for block in docs.split("```toml\n").skip(1) {
        let text = &block[..block.find("```").unwrap()];
        if text.contains("[[scenario]]") {
            parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            found += 1;
        }
    }
    assert!(found >= 2, "{found} suites in docs/suites.md");
}

/// Every committed suite parses, names servers that have manifests, and
/// the seed suites' --quick plans fit in 5 minutes (their estimate).
#[test]
fn the_committed_suites_parse_and_the_seeds_are_quick() {
    let servers = repo().join("servers");
    let mut seeds = 0;
    for entry in std::fs::read_dir(repo().join("suites")).unwrap() {
        let path = entry.unwrap().path();
        let suite = crate::suite::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for server in &suite.servers {
            crate::manifest::ServerSpec::find(&servers, &server.server)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        if suite.name.starts_with("seed-") {
            seeds += 1;
            let quick = Plan::of(&suite.effective(true, None), false, None);
            // What --dry-run --quick prints is what runs.
            let levels = |p: &Plan| p.runs.iter().map(|r| r.level.clone()).collect::<Vec<_>>();
            assert_eq!(levels(&quick), levels(&Plan::of(&suite, true, None)));
            assert!(
                quick.estimate < Duration::from_secs(5 * 60),
                "{}: --quick takes about {:?}",
                suite.name,
                quick.estimate
            );
        }
    }
    // The four seeds, seed 000 also from three client hosts.
    assert_eq!(seeds, 5);
}
