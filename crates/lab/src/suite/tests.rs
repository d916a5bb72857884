use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use super::*;

/// A valid suite: each error case below changes one thing in it.
const VALID: &str = r#"name = "t"
driver = "barrage"
duration = "10s"
[load]
concurrency = [10, 100]
[[server]]
name = "a"
[[scenario]]
name = "hello"
path = "/hello"
"#;

fn parse(text: &str) -> Result<Suite, FormatError> {
    super::parse(text, Path::new("suites/t.toml"))
}

fn error(text: &str) -> String {
    match parse(text) {
        Ok(_) => panic!("no error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_valid_base_parses_with_its_defaults() {
    let s = parse(VALID).unwrap();
    assert_eq!(s.name, "t");
    assert_eq!(s.driver, Driver::Barrage);
    assert_eq!(s.drivers, vec![Driver::Barrage]);
    assert_eq!(s.duration, Duration::from_secs(10));
    assert_eq!(s.warmup, Duration::from_secs(2));
    assert_eq!(s.repeats, 3);
    assert_eq!(
        s.cores,
        Cores {
            server: vec![],
            client: vec![]
        }
    );
    assert_eq!(s.load, Load::Concurrency(vec![10, 100]));
    assert_eq!(
        s.quick,
        Quick {
            duration: Duration::from_secs(2),
            warmup: Duration::from_secs(1),
            levels: None
        }
    );
    let hello = s.scenario("hello");
    assert_eq!(
        (
            hello.protocol,
            hello.method.as_str(),
            hello.keepalive,
            hello.http10,
            hello.streams
        ),
        (Protocol::H1, "GET", true, false, 1)
    );
    assert_eq!(s.servers[0].variants[0].label, "a");
}

#[test]
fn errors_name_file_line_and_key() {
    let table: &[(&str, &str)] = &[
        // TOML syntax: the parser's words, the key on that line.
        (
            "name = \"t\"\nrepeats = = 3\n",
            "suites/t.toml:2: repeats: invalid string; expected `\"`, `'`",
        ),
        (
            "name = \"t\"\nname = \"u\"\n",
            "suites/t.toml:2: name: duplicate key `name` in document root",
        ),
        // Keys the format does not have.
        (
            "colour = \"red\"\n",
            "suites/t.toml:1: colour: unknown key; expected one of name, description, driver, drivers, \
             duration, warmup, timeout, repeats, cores, load, quick, server, scenario, table, server_host, client_hosts, inventory",
        ),
        (
            "[[scenario]]\nname = \"a\"\npath = \"/hello\"\n[[scenario]]\nname = \"b\"\nprotcol = \"h1\"\n",
            "suites/t.toml:6: scenario[1].protcol: unknown key; expected one of name, path, protocol, \
             method, headers, keepalive, http10, streams, window_bits, connection_window_bits, search, script, script_args",
        ),
        // Types.
        ("repeats = \"3\"\n", "suites/t.toml:1: repeats: invalid type: string \"3\"; expected an integer"),
        (
            "[load]\nconcurrency = 10\n",
            "suites/t.toml:2: load.concurrency: invalid type: integer 10; expected an array",
        ),
        (
            "[[scenario]]\nname = \"a\"\nkeepalive = \"yes\"\n",
            "suites/t.toml:3: scenario[0].keepalive: invalid type: string \"yes\"; expected a boolean",
        ),
        (
            "[cores]\nserver = \"3-1\"\n",
            "suites/t.toml:2: cores.server: invalid cpu list \"3-1\"; expected core numbers: an array such as \
             [0, 1], a cpu list such as \"1-3,5\", or \"all\"",
        ),
    ];
    for (text, want) in table {
        assert_eq!(&error(text), want, "{text}");
    }
}

/// `VALID` with `old` replaced by `new` (which must be there).
fn edit(old: &str, new: &str) -> String {
    assert!(VALID.contains(old), "{old:?} is not in VALID");
    VALID.replacen(old, new, 1)
}

#[test]
fn validation_errors_name_file_line_and_key() {
    let table: &[(String, &str)] = &[
        (edit("duration = \"10s\"", "duration = \"10\""), "suites/t.toml:3: duration: \"10\" is not a duration; expected a number with a unit, such as \"10s\", \"500ms\" or \"1m 30s\""),
        (edit("duration = \"10s\"", "duration = \"0s\""), "suites/t.toml:3: duration: zero; expected a duration above zero, such as \"10s\""),
        (edit("duration = \"10s\"", "warmup = \"soon\""), "suites/t.toml:3: warmup: \"soon\" is not a duration; expected a number with a unit, such as \"10s\", \"500ms\" or \"1m 30s\""),
        (edit("duration = \"10s\"", "repeats = 0"), "suites/t.toml:3: repeats: 0 is not above zero; expected a number of repeats of 1 or more"),
        (edit("name = \"t\"", "name = \"my suite\""), "suites/t.toml:1: name: invalid suite name \"my suite\"; expected letters, digits, '-', '_' and '.' only"),
        // Drivers.
        (edit("driver = \"barrage\"", "driver = \"jmeter\""), "suites/t.toml:2: driver: unknown driver \"jmeter\"; expected one of barrage, wrk, h2load, ab, httperf"),
        (edit("driver = \"barrage\"", "drivers = [\"wrk\",\n  \"siege\"]"), "suites/t.toml:3: drivers[1]: unknown driver \"siege\"; expected one of barrage, wrk, h2load, ab, httperf"),
        (edit("driver = \"barrage\"", "drivers = []"), "suites/t.toml:2: drivers: empty; expected at least one driver"),
        (edit("driver = \"barrage\"", "drivers = [\"ab\", \"ab\"]"), "suites/t.toml:2: drivers[1]: driver ab is listed twice; expected each driver once"),
        (edit("driver = \"barrage\"", "driver = \"ab\"\ndrivers = [\"wrk\"]"), "suites/t.toml:3: drivers: both driver and drivers are given; expected one of them: driver = \"wrk\", or drivers = [\"barrage\", \"wrk\"]"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h2c\"").replace("\"barrage\"", "\"wrk\""), "suites/t.toml:11: scenario[0].protocol: driver wrk cannot send h2c; expected h1 or https with wrk, or a driver that speaks h2c: barrage, h2load"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"https\"").replace("driver = \"barrage\"", "drivers = [\"barrage\", \"httperf\"]"), "suites/t.toml:2: drivers[1]: httperf cannot run a concurrency load; expected a driver that can: barrage, wrk, h2load, ab"),
        // HTTP/3 is barrage's alone (Debian's h2load has no QUIC).
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h3\"").replace("\"barrage\"", "\"h2load\""), "suites/t.toml:11: scenario[0].protocol: driver h2load cannot send h3; expected h1 or h2c or h2 or https with h2load, or a driver that speaks h3: barrage"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h3\"").replace("\"barrage\"", "\"ab\""), "suites/t.toml:11: scenario[0].protocol: driver ab cannot send h3; expected h1 or https with ab, or a driver that speaks h3: barrage"),
        (edit("concurrency = [10, 100]", "rate = [100]\nconnections = 10").replace("\"barrage\"", "\"wrk\""), "suites/t.toml:2: driver: wrk cannot run a rate load; expected a driver that can: barrage"),
        // Load.
        (edit("concurrency = [10, 100]", "concurrency = []"), "suites/t.toml:5: load.concurrency: empty; expected at least one: connection counts, such as [10, 100, 1000]"),
        (edit("concurrency = [10, 100]", "concurrency = [\n  10,\n  0,\n]"), "suites/t.toml:7: load.concurrency[1]: 0 is not above zero; expected a number of connections of 1 or more"),
        (edit("concurrency = [10, 100]", "rate = [100, -5]\nconnections = 10"), "suites/t.toml:5: load.rate[1]: -5 is not above zero; expected a rate per second above zero"),
        (edit("concurrency = [10, 100]", "rate = [100]"), "suites/t.toml:4: load.connections: missing; expected the number of connections the rate is sent over, such as connections = 100"),
        (edit("concurrency = [10, 100]", "concurrency = [10]\nrate = [100]"), "suites/t.toml:4: load: more than one kind of load; expected one of concurrency = [...], rate = [...] (with connections), or session_rate = [...] (with calls and sessions)"),
        (edit("concurrency = [10, 100]", "concurrency = [10]\ncalls = 3"), "suites/t.toml:6: load.calls: calls does not apply here; expected calls only with session_rate"),
        (edit("concurrency = [10, 100]", "session_rate = [10]\ncalls = 3"), "suites/t.toml:4: load.sessions: missing; expected the sessions each level starts, such as sessions = 5000"),
        (edit("[load]\nconcurrency = [10, 100]\n", ""), "suites/t.toml: load: missing; expected a [load] table with one of concurrency = [...], rate = [...] (with connections), or session_rate = [...] (with calls and sessions)"),
        // Quick.
        (edit("[load]", "[quick]\nlevels = [0, 2]\n[load]"), "suites/t.toml:5: quick.levels[1]: no level 2 (concurrency has 2, counted from 0); expected an index from 0 to 1"),
        (edit("[load]", "[quick]\nlevels = [1, 0]\n[load]"), "suites/t.toml:5: quick.levels[1]: level 0 out of order; expected indices in increasing order, each once"),
        (edit("[load]", "[quick]\nduration = \"0ms\"\n[load]"), "suites/t.toml:5: quick.duration: zero; expected a duration above zero, such as \"10s\""),
        // Servers and variants.
        (edit("[[server]]\nname = \"a\"\n", ""), "suites/t.toml: server: no server; expected at least one [[server]] with a name"),
        (edit("name = \"a\"", "label = \"A\""), "suites/t.toml:6: server[0].name: missing; expected the server's name: servers/NAME/server.toml"),
        (edit("name = \"a\"", "name = \"a\"\n[server.variants]\nport = [\"1\"]"), "suites/t.toml:9: server[0].variants.port: \"port\" is reserved; expected a name other than host, port, addr, tls_port, backend_port, tls_cert, tls_key, dir, run_dir, barrage and cores (cores vary only in variants)"),
        (edit("name = \"a\"", "name = \"a\"\nvariants = { THREADS = [] }"), "suites/t.toml:8: server[0].variants.THREADS: empty; expected at least one: values, such as [\"1\", \"2\"]"),
        (edit("name = \"a\"", "name = \"a\"\nvariants = { THREADS = [\"1\", \"1\"] }"), "suites/t.toml:8: server[0].variants.THREADS[1]: \"1\" is listed twice; expected each value once"),
        (edit("name = \"a\"", "name = \"a\"\nvars = { N = \"1\" }\nvariants = { N = [\"2\"] }"), "suites/t.toml:9: server[0].variants.N: N is in both vars and variants; expected one of them"),
        (edit("name = \"a\"", "name = \"a\"\nvars = { \"A.B\" = \"1\" }"), "suites/t.toml:8: server[0].vars.\"A.B\": invalid variable name \"A.B\"; expected letters, digits and '_', not starting with a digit, such as GOMAXPROCS"),
        (edit("name = \"a\"", "name = \"a\"\ncores = [1]\nvariants = { cores = [\"1\", \"all\"] }"), "suites/t.toml:9: server[0].variants.cores: cores given twice (cores and variants.cores); expected one of them"),
        (edit("name = \"a\"", "name = \"a\"\nvariants = { cores = [\"1\", \"x\"] }"), "suites/t.toml:8: server[0].variants.cores[1]: invalid cpu list \"x\"; expected core numbers: an array such as [0, 1], a cpu list such as \"1-3,5\", or \"all\""),
        (edit("name = \"a\"", "name = \"a\"\n[[server]]\nname = \"a\""), "suites/t.toml:8: server[1].label: \"a\" names two server variants; expected a different label for each entry of the same server"),
        // Scenarios.
        (edit("[[scenario]]\nname = \"hello\"\npath = \"/hello\"\n", ""), "suites/t.toml: scenario: no scenario; expected at least one [[scenario]] with a name and a path"),
        (edit("path = \"/hello\"", ""), "suites/t.toml:8: scenario[0].path: missing; expected the request's path, such as \"/hello\""),
        (edit("path = \"/hello\"", "path = \"/index.html\""), "suites/t.toml:10: scenario[0].path: /index.html is not an endpoint of the contract; expected a contract endpoint (/hello, /xml, /static/6b, /static/4k, /delay, /bytes), with a query if wanted"),
        (edit("path = \"/hello\"", "path = \"hello\""), "suites/t.toml:10: scenario[0].path: invalid path \"hello\"; expected a contract endpoint (/hello, /xml, /static/6b, /static/4k, /delay, /bytes), with a query if wanted"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"quic\""), "suites/t.toml:11: scenario[0].protocol: unknown protocol \"quic\"; expected one of h1, h2c, h2, https, h3"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nmethod = \"GE T\""), "suites/t.toml:11: scenario[0].method: invalid method \"GE T\"; expected an HTTP token such as GET or HEAD"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nheaders = [\"Accept: */*\", \"X-Token\"]"), "suites/t.toml:11: scenario[0].headers[1]: \"X-Token\" has no colon; expected \"Name: value\", such as \"Accept: */*\""),
        (edit("path = \"/hello\"", "path = \"/hello\"\nheaders = [\"X Y: 1\"]"), "suites/t.toml:11: scenario[0].headers[0]: header name \"X Y\" is not a token (letters, digits and !#$%&'*+-.^_`|~, no spaces or colons); expected \"Name: value\", such as \"Accept: */*\""),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h2c\"\nheaders = [\"Connection: close\"]"), "suites/t.toml:12: scenario[0].headers[0]: header \"Connection\": HTTP/2 forbids connection-specific headers (Connection, Keep-Alive, Proxy-Connection, Transfer-Encoding, Upgrade, TE other than \"trailers\"); expected a header HTTP/2 allows"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nstreams = 10"), "suites/t.toml:11: scenario[0].streams: 10 streams over h1; expected streams above 1 only with h2c, h2 or h3 (HTTP/1 sends one request at a time)"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h2c\"\nkeepalive = false"), "suites/t.toml:12: scenario[0].keepalive: keepalive does not apply to h2c; expected keepalive only with h1 or https"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h3\"\nheaders = [\"Upgrade: x\"]"), "suites/t.toml:12: scenario[0].headers[0]: header \"Upgrade\": HTTP/2 forbids connection-specific headers (Connection, Keep-Alive, Proxy-Connection, Transfer-Encoding, Upgrade, TE other than \"trailers\"); expected a header HTTP/3 allows"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h3\"\nhttp10 = true"), "suites/t.toml:12: scenario[0].http10: http10 does not apply to h3; expected http10 only with h1 or https"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h3\"\nwindow_bits = 16"), "suites/t.toml:12: scenario[0].window_bits: window_bits does not apply to h3; expected window_bits only with h2c or h2"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nwindow_bits = 30"), "suites/t.toml:11: scenario[0].window_bits: window_bits does not apply to h1; expected window_bits only with h2c or h2"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"h2\"\nconnection_window_bits = 31"), "suites/t.toml:12: scenario[0].connection_window_bits: 31 is out of range; expected an exponent from 1 to 30: the window is 2^N-1 bytes (h2load -w/-W; 30 turns flow control off in practice)"),
        (edit("[load]", "timeout = \"0s\"\n[load]"), "suites/t.toml:4: timeout: zero; expected a duration above zero, such as \"10s\""),
        (edit("path = \"/hello\"", "path = \"/hello\"\nstreams = 0"), "suites/t.toml:11: scenario[0].streams: 0 is not above zero; expected streams per connection, 1 or more"),
        (format!("{VALID}[[scenario]]\nname = \"hello\"\npath = \"/xml\"\n"), "suites/t.toml:12: scenario[1].name: scenario \"hello\" is defined twice; expected a different name for each scenario"),
    ];
    for (text, want) in table {
        assert_eq!(&error(text), want, "{text}");
    }
}

#[test]
fn a_file_that_cannot_be_read_is_named() {
    let e = super::load(Path::new("/nonexistent/x.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("/nonexistent/x.toml: cannot read: ")
            && e.ends_with("; expected a readable suite file (TOML, UTF-8)"),
        "{e}"
    );
}

#[test]
fn the_committed_suites_load() {
    for name in ["builtin-quick", "loadgen-efficiency"] {
        let path = repo().join("suites").join(format!("{name}.toml"));
        let suite = super::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(suite.name, name);
    }
    let quick = super::load(&repo().join("suites/builtin-quick.toml")).unwrap();
    let labels: Vec<&str> = quick.servers[0]
        .variants
        .iter()
        .map(|v| v.label.as_str())
        .collect();
    assert_eq!(
        labels,
        ["barrage-target THREADS=1", "barrage-target THREADS=2"]
    );
    assert_eq!(quick.scenario("static-6b").protocol, Protocol::H2c);
    assert_eq!(quick.scenario("static-6b").streams, 10);
    assert_eq!(quick.quick.duration, Duration::from_secs(1));
    let loadgen = super::load(&repo().join("suites/loadgen-efficiency.toml")).unwrap();
    assert_eq!(
        loadgen.drivers,
        [Driver::Barrage, Driver::Wrk, Driver::H2load, Driver::Ab]
    );
    assert_eq!(loadgen.driver, Driver::Barrage);
    assert_eq!(loadgen.load, Load::Concurrency(vec![10, 100]));
    // HTTP/1.1, h2 and h3 over TLS side by side, 100 streams for h2 and h3.
    let h3 = super::load(&repo().join("suites/h3.toml")).unwrap();
    let servers: Vec<&str> = h3.servers.iter().map(|s| s.server.as_str()).collect();
    assert_eq!(servers, ["caddy", "barrage-target"]);
    assert_eq!(h3.drivers, [Driver::Barrage]);
    let scenarios: Vec<(&str, &str, Protocol, usize)> = h3
        .scenarios
        .iter()
        .map(|s| (s.name.as_str(), s.path.as_str(), s.protocol, s.streams))
        .collect();
    let (six, four) = ("/static/6b", "/static/4k");
    assert_eq!(
        scenarios,
        [
            ("6b-h1", six, Protocol::Https, 1),
            ("6b-h2", six, Protocol::H2, 100),
            ("6b-h3", six, Protocol::H3, 100),
            ("4k-h1", four, Protocol::Https, 1),
            ("4k-h2", four, Protocol::H2, 100),
            ("4k-h3", four, Protocol::H3, 100),
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
    assert!(quick.estimate < Duration::from_secs(2 * 60), "{quick}");
}

#[test]
fn variants_expand_to_every_combination_in_file_order() {
    let text = edit(
        "name = \"a\"",
        "name = \"a\"\nlabel = \"A\"\nvars = { FIXED = \"x\" }\n[server.variants]\nTHREADS = [1, 2]\ncores = [\"1\", \"all\"]\nMODE = \"fast\"",
    );
    let s = parse(&text).unwrap();
    let got: Vec<(&str, Option<&[usize]>)> = s.servers[0]
        .variants
        .iter()
        .map(|v| (v.label.as_str(), v.cores.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            ("A THREADS=1 cores=1 MODE=fast", Some(&[1][..])),
            ("A THREADS=1 cores=all MODE=fast", Some(&[][..])),
            ("A THREADS=2 cores=1 MODE=fast", Some(&[1][..])),
            ("A THREADS=2 cores=all MODE=fast", Some(&[][..])),
        ]
    );
    let vars = &s.servers[0].variants[2].vars;
    let want: BTreeMap<String, String> = [("FIXED", "x"), ("MODE", "fast"), ("THREADS", "2")]
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .into();
    assert_eq!(vars, &want);
    // Entry-level cores hold for every variant; the suite's are the default.
    let text = edit(
        "name = \"a\"",
        "name = \"a\"\ncores = \"2-3\"\n[[server]]\nname = \"b\"",
    )
    .replace("[load]", "[cores]\nserver = [1]\nclient = \"0\"\n[load]");
    let s = parse(&text).unwrap();
    let (a, b) = (&s.servers[0].variants[0], &s.servers[1].variants[0]);
    assert_eq!(
        (s.server_cores(a), s.server_cores(b)),
        (&[2, 3][..], &[1][..])
    );
    assert_eq!(s.cores.client, [0]);
}

/// The suites of docs/suites.md (the seeds, the full example) parse, and
/// its dry-run output is what `plan` prints.
#[test]
fn the_suites_of_the_docs_parse() {
    let docs = std::fs::read_to_string(repo().join("docs/suites.md")).unwrap();
    let quick = super::load(&repo().join("suites/builtin-quick.toml")).unwrap();
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
        let suite = super::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for server in &suite.servers {
            crate::manifest::ServerSpec::find(&servers, &server.server)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        if suite.name.starts_with("seed-") {
            seeds += 1;
            let quick = Plan::of(&suite.effective(true), false, None);
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

fn three_servers() -> Suite {
    let text = r#"
drivers = ["barrage", "wrk"]
repeats = 3
duration = "10s"
warmup = "2s"
[load]
concurrency = [1, 2, 3]
[[server]]
name = "a"
[[server]]
name = "b"
variants = { N = ["1", "2"] }
[[scenario]]
name = "s1"
path = "/hello"
[[scenario]]
name = "s2"
path = "/static/4k"
"#;
    parse(text).unwrap()
}

#[test]
fn the_plan_alternates_server_and_driver_order_between_repeats() {
    let plan = Plan::of(&three_servers(), false, None);
    assert_eq!(plan.runs.len(), 3 * 3 * 2 * 3 * 2);
    // One start per variant per repeat, all its runs together.
    let starts: Vec<(u32, &str)> = plan
        .starts()
        .map(|g| (g[0].repeat, g[0].variant.label.as_str()))
        .collect();
    assert_eq!(
        starts,
        [
            (0, "a"),
            (0, "b N=1"),
            (0, "b N=2"),
            (1, "b N=2"),
            (1, "b N=1"),
            (1, "a"),
            (2, "a"),
            (2, "b N=1"),
            (2, "b N=2"),
        ]
    );
    // Within a start: scenario, then level, then driver.
    let first: Vec<(&str, usize, Driver)> = plan
        .starts()
        .next()
        .unwrap()
        .iter()
        .map(|r| (r.scenario.as_str(), r.level_index, r.driver))
        .collect();
    assert_eq!(
        &first[..4],
        [
            ("s1", 0, Driver::Barrage),
            ("s1", 0, Driver::Wrk),
            ("s1", 1, Driver::Barrage),
            ("s1", 1, Driver::Wrk)
        ]
    );
    assert_eq!(first[6], ("s2", 0, Driver::Barrage));
    let second = plan.starts().nth(3).unwrap();
    assert_eq!(
        (second[0].driver, second[1].driver),
        (Driver::Wrk, Driver::Barrage)
    );
    assert_eq!(second[0].server, "b");
    // 108 runs of 2 s + 10 s, 9 starts of 3 s.
    assert_eq!(plan.estimate, Duration::from_secs(108 * 12 + 9 * 3));
}

#[test]
fn quick_and_only_cut_the_plan() {
    let suite = three_servers();
    let plan = Plan::of(&suite, true, Some("b"));
    let got: Vec<(u32, &str, &str, usize)> = plan
        .runs
        .iter()
        .map(|r| {
            (
                r.repeat,
                r.variant.label.as_str(),
                r.scenario.as_str(),
                r.level_index,
            )
        })
        .collect();
    assert_eq!(got.len(), 2 * 2 * 2 * 2);
    assert!(got
        .iter()
        .all(|&(repeat, _, _, level)| repeat == 0 && (level == 0 || level == 2)));
    assert_eq!(
        (plan.warmup, plan.duration),
        (Duration::from_secs(1), Duration::from_secs(2))
    );
    assert_eq!(
        Plan::of(&suite, false, Some("b N=2")).runs.len(),
        3 * 2 * 3 * 2
    );
    assert!(Plan::of(&suite, false, Some("c")).runs.is_empty());
    // effective(true) plans the same runs, with levels counted in the cut list.
    let eff = Plan::of(&suite.effective(true), false, Some("b"));
    let strip = |p: &Plan| -> Vec<(String, Level, Driver)> {
        p.runs
            .iter()
            .map(|r| (r.variant.label.clone(), r.level.clone(), r.driver))
            .collect()
    };
    assert_eq!(strip(&eff), strip(&plan));
    assert_eq!(eff.estimate, plan.estimate);
}

#[test]
fn levels_display_and_sessions_last_as_long_as_they_take() {
    let table = [
        (Level::Connections(100), "c=100"),
        (
            Level::Rate {
                rate: 200.0,
                connections: 10,
            },
            "rate=200/s",
        ),
        (
            Level::Rate {
                rate: 12.5,
                connections: 10,
            },
            "rate=12.5/s",
        ),
        (
            Level::Sessions {
                rate: 100.0,
                calls: 10,
                sessions: 5000,
            },
            "sessions 100/s x10",
        ),
    ];
    for (level, want) in table {
        assert_eq!(level.to_string(), want);
    }
    let sessions = Level::Sessions {
        rate: 100.0,
        calls: 10,
        sessions: 5000,
    };
    assert_eq!(
        sessions.window(Duration::from_secs(10)),
        Duration::from_secs(50)
    );
    assert_eq!(
        Level::Connections(1).window(Duration::from_secs(10)),
        Duration::from_secs(10)
    );
    let json = serde_json::to_string(&sessions).unwrap();
    assert_eq!(
        json,
        r#"{"Sessions":{"rate":100.0,"calls":10,"sessions":5000}}"#
    );
    assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), sessions);
    // --quick starts only the sessions that fit the quick window.
    let text = edit(
        "concurrency = [10, 100]",
        "session_rate = [100, 1200]\ncalls = 10\nsessions = 5000",
    )
    .replace("\"barrage\"", "\"httperf\"");
    let plan = Plan::of(&parse(&text).unwrap(), true, None);
    let sessions: Vec<u64> = plan
        .runs
        .iter()
        .map(|r| match r.level {
            Level::Sessions { sessions, .. } => sessions,
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(sessions, [200, 2400]);
}

#[test]
fn the_plan_prints_as_a_table() {
    let suite = parse(&edit(
        "name = \"a\"",
        "name = \"a\"\nvariants = { N = [\"1\", \"2\"] }",
    ))
    .unwrap();
    let text = Plan::of(&suite, true, None).to_string();
    let want = "\
suite t (quick): 4 runs in 2 server starts (1 repeat), about 18s
each run: 1s warm-up, then 2s measured; 3s per server start
  repeat  server  scenario  level  driver   measured
  1/1     a N=1   hello     c=10   barrage  2s
  1/1     a N=1   hello     c=100  barrage  2s
  1/1     a N=2   hello     c=10   barrage  2s
  1/1     a N=2   hello     c=100  barrage  2s
";
    assert_eq!(text, want);
    let json = serde_json::to_value(Plan::of(&suite, true, None)).unwrap();
    assert_eq!(
        json["runs"][0]["level"],
        serde_json::json!({"Connections": 10})
    );
    assert_eq!(json["runs"][0]["driver"], "barrage");
}

#[test]
fn an_entry_runs_only_its_levels() {
    let text = VALID.replace("[10, 100]", "[10, 100, 1000]").replace(
        "name = \"a\"\n",
        "name = \"a\"\nlevels = [0, 2]\n[[server]]\nname = \"b\"\nlevels = [1]\n",
    );
    let suite = parse(&text).unwrap();
    let levels = |p: &Plan, server: &str| -> Vec<String> {
        p.runs
            .iter()
            .filter(|r| r.server == server)
            .map(|r| r.level.to_string())
            .collect()
    };
    let full = Plan::of(&suite, false, None);
    assert_eq!(levels(&full, "a")[..2], ["c=10", "c=1000"]);
    assert_eq!(levels(&full, "b")[..1], ["c=100"]);
    // --quick keeps the first and the last level: b has neither.
    let quick = Plan::of(&suite.effective(true), false, None);
    assert_eq!(levels(&quick, "a"), ["c=10", "c=1000"]);
    assert!(levels(&quick, "b").is_empty());
    let error = parse(&text.replace("levels = [1]", "levels = [3]")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "suites/t.toml:11: server[1].levels[0]: no level 3 (concurrency has 3, counted from 0); expected an index from 0 to 2"
    );
}

#[test]
fn levels_keep_those_levels_and_quick_keeps_them_all() {
    let suite = parse(&VALID.replace("[10, 100]", "[10, 100, 1000, 5000]")).unwrap();
    let two = suite.with_levels(&[3, 1]).unwrap();
    assert_eq!(two.load, Load::Concurrency(vec![100, 5000]));
    assert_eq!(two.effective(true).load, Load::Concurrency(vec![100, 5000]));
    assert_eq!(
        suite.with_levels(&[4]).unwrap_err(),
        "--levels: no level 4 (the suite has 4, counted from 0); expected indices from 0 to 3"
    );
    assert!(suite.with_levels(&[]).is_err());
}

#[test]
fn hosts_are_both_or_neither_and_named_once() {
    let s = parse(&format!(
        "server_host = \"srv\"\nclient_hosts = [\"c1\", \"c2\"]\ninventory = \"../labs/x.toml\"\n{VALID}"
    ))
    .unwrap();
    let h = s.hosts.unwrap();
    assert_eq!(
        (h.server.as_str(), h.clients, h.inventory.as_deref()),
        (
            "srv",
            vec!["c1".to_string(), "c2".into()],
            Some("../labs/x.toml")
        )
    );
    assert!(parse(VALID).unwrap().hosts.is_none());
    let e = error(&format!("server_host = \"srv\"\n{VALID}"));
    assert!(e.contains("server_host without client_hosts"), "{e}");
    let e = error(&format!("client_hosts = [\"c1\"]\n{VALID}"));
    assert!(e.contains("client_hosts without server_host"), "{e}");
    let e = error(&format!(
        "server_host = \"srv\"\nclient_hosts = [\"c1\", \"c1\"]\n{VALID}"
    ));
    assert!(
        e.contains("client_hosts[1]") && e.contains("named twice"),
        "{e}"
    );
    let e = error(&format!(
        "server_host = \"srv\"\nclient_hosts = []\n{VALID}"
    ));
    assert!(e.contains("no client host"), "{e}");
    let e = error(&format!("inventory = \"x.toml\"\n{VALID}"));
    assert!(e.contains("inventory without server_host"), "{e}");
}

/// `VALID` with a second scenario searching with `search`.
fn with_search(search: &str) -> String {
    format!("{VALID}[[scenario]]\nname = \"cap\"\npath = \"/hello\"\nsearch = {search}\n")
}

#[test]
fn a_search_joins_its_objectives_and_takes_the_loads_connections() {
    let s = parse(&with_search(
        r#"{ slo = "p99<=10ms", errors = "0.1%", min = 100, max = 50000 }"#,
    ))
    .unwrap();
    let spec = s.scenario("cap").search.clone().unwrap();
    assert_eq!(spec.slo, "p99<=10ms,errors<=0.1%");
    assert_eq!((spec.min, spec.max), (100.0, 50000.0));
    assert_eq!((spec.precision, spec.max_steps), (0.02, 20));
    // The most of the concurrency sweep.
    assert_eq!(spec.connections, 100);
    // One search per server start, on barrage, whatever the drivers; the
    // other scenario keeps its levels.
    let plan = Plan::of(&s, false, None);
    let searches: Vec<&PlannedRun> = plan.runs.iter().filter(|r| r.level.is_search()).collect();
    assert_eq!(searches.len(), s.repeats as usize);
    assert!(searches.iter().all(|r| r.driver == Driver::Barrage));
    assert_eq!(plan.runs.len(), s.repeats as usize * 3);
    assert_eq!(
        searches[0].level.to_string(),
        "search p99<=10ms,errors<=0.1%"
    );
    // --levels leaves searches out.
    let levels = s.with_levels(&[0]).unwrap();
    assert!(levels.scenarios.iter().all(|sc| sc.search.is_none()));
    // A session load searches the session rate with its calls.
    let sessions = with_search(r#"{ errors = "0%" }"#).replace(
        "concurrency = [10, 100]",
        "session_rate = [10]\ncalls = 4\nsessions = 100",
    );
    let s = parse(&sessions).unwrap();
    let plan = Plan::of(&s, false, None);
    let search = plan.runs.iter().find(|r| r.level.is_search()).unwrap();
    assert!(matches!(search.level, Level::Search { calls: Some(4), .. }));
}

#[test]
fn search_errors_name_the_key() {
    for (search, says) in [
        (
            "{ min = 10 }",
            "scenario[1].search: a search without an objective",
        ),
        (
            r#"{ slo = "p99=1ms" }"#,
            "search.slo: \"p99=1ms\": no \"<=\"",
        ),
        (
            r#"{ slo = "p99<=1ms,errors<=1%", errors = "1%" }"#,
            "search.errors: errors given twice",
        ),
        (
            r#"{ errors = "lots" }"#,
            "search.errors: \"lots\" is not a share",
        ),
        (
            r#"{ errors = "0%", min = 100, max = 10 }"#,
            "search.max: max 10 is below min 100",
        ),
        (
            r#"{ errors = "0%", min = -1 }"#,
            "search.min: -1 is not a rate above zero",
        ),
        (
            r#"{ errors = "0%", precision = "2" }"#,
            "search.precision: \"2\" is not a share",
        ),
        (
            r#"{ errors = "0%", max_steps = 1 }"#,
            "search.max_steps: 1 steps",
        ),
        (
            r#"{ errors = "0%", speed = 1 }"#,
            "search.speed: unknown key",
        ),
    ] {
        let e = error(&with_search(search));
        assert!(e.contains(says), "{search}: {e}");
    }
}

/// `VALID` with a second scenario and `table` appended.
fn with_table(table: &str) -> String {
    format!("{VALID}[[scenario]]\nname = \"xml\"\npath = \"/xml\"\n[[table]]\n{table}")
}

#[test]
fn tables_put_scenarios_side_by_side_with_their_defaults() {
    let s = parse(&with_table("scenarios = [\"xml\", \"hello\"]\n")).unwrap();
    assert_eq!(
        s.tables,
        [SuiteTable {
            title: "xml, hello".into(),
            scenarios: vec!["xml".into(), "hello".into()],
            columns: vec!["xml".into(), "hello".into()],
        }]
    );
    let text = with_table(
        "title = \"XML and hello\"\nscenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\", \"x\"]\n[[table]]\nscenarios = [\"xml\", \"hello\"]\n",
    );
    let s = parse(&text).unwrap();
    assert_eq!(s.tables.len(), 2);
    assert_eq!(s.tables[0].title, "XML and hello");
    assert_eq!(s.tables[0].columns, ["h", "x"]);
    assert_eq!(s.tables[1].title, "xml, hello");
    // --quick and --levels keep them; a suite without any has none.
    assert_eq!(s.effective(true).tables, s.tables);
    assert_eq!(s.with_levels(&[1]).unwrap().tables, s.tables);
    assert!(parse(VALID).unwrap().tables.is_empty());
}

#[test]
fn table_errors_name_file_line_and_key() {
    // The table starts at line 14 (`[[table]]`), its keys from line 15.
    let table: &[(String, &str)] = &[
        (with_table("scenarios = [\"hello\", \"xml\", \"json\"]\n"), "suites/t.toml:15: table[0].scenarios[2]: unknown scenario \"json\"; expected one of hello, xml"),
        (with_table("scenarios = [\n  \"hello\",\n  \"jsn\",\n]\n"), "suites/t.toml:17: table[0].scenarios[1]: unknown scenario \"jsn\"; expected one of hello, xml"),
        (with_table("scenarios = [\"hello\"]\n"), "suites/t.toml:15: table[0].scenarios: only one scenario; expected the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]"),
        (with_table("scenarios = []\n"), "suites/t.toml:15: table[0].scenarios: no scenario; expected the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]"),
        (with_table("title = \"x\"\n"), "suites/t.toml:14: table[0].scenarios: missing; expected the names of two or more scenarios to put side by side, such as [\"6b-h1\", \"6b-h2\"]"),
        (with_table("scenarios = [\"hello\", \"hello\"]\n"), "suites/t.toml:15: table[0].scenarios[1]: scenario \"hello\" is listed twice; expected each scenario once"),
        (with_table("scenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\"]\n"), "suites/t.toml:16: table[0].columns: 1 labels for 2 scenarios; expected one label per scenario, in the order of scenarios"),
        (with_table("scenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\", \"h\"]\n"), "suites/t.toml:16: table[0].columns[1]: label \"h\" is listed twice; expected each label once"),
        (with_table("scenarios = [\"hello\", \"xml\"]\ncolumns = [\"h\", \" \"]\n"), "suites/t.toml:16: table[0].columns[1]: an empty label; expected a short label such as \"h2\""),
        (with_table("title = \"\"\nscenarios = [\"hello\", \"xml\"]\n"), "suites/t.toml:15: table[0].title: an empty title; expected a title, or no title for the scenarios' names"),
        (with_table("scenarios = [\"hello\", \"xml\"]\nlabel = \"x\"\n"), "suites/t.toml:16: table[0].label: unknown key; expected one of title, scenarios, columns"),
        (with_table("scenarios = \"hello\"\n"), "suites/t.toml:15: table[0].scenarios: invalid type: string \"hello\"; expected an array"),
        (with_table("scenarios = [\"hello\", \"xml\"]\n[[table]]\nscenarios = [\"xml\", \"x\"]\n"), "suites/t.toml:17: table[1].scenarios[1]: unknown scenario \"x\"; expected one of hello, xml"),
    ];
    for (text, want) in table {
        assert_eq!(&error(text), want, "{text}");
    }
    // A capacity search has no levels to put side by side.
    let text = format!(
        "{}[[table]]\nscenarios = [\"hello\", \"cap\"]\n",
        with_search(r#"{ errors = "0%" }"#)
    );
    assert_eq!(
        error(&text),
        "suites/t.toml:16: table[0].scenarios[1]: scenario \"cap\" is a capacity search, which has no levels; expected one of hello"
    );
}

/// A directory of its own under the temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("barrage-lab-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `VALID`'s scenario with `keys` added (on line 11, after its path).
fn with_script(keys: &str) -> String {
    edit("path = \"/hello\"", &format!("path = \"/hello\"\n{keys}"))
}

#[test]
fn a_script_is_found_from_the_suites_directory_and_made_absolute() {
    let tmp = TempDir::new("script");
    let dir = tmp.0.join("suites");
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(dir.join("scripts/pipeline.lua"), "wrk.method = \"GET\"\n").unwrap();
    std::fs::write(tmp.0.join("shared.lua"), "").unwrap();
    let file = dir.join("t.toml");
    let parse_at = |text: &str| super::parse(text, &file);
    let canonical = |p: PathBuf| std::fs::canonicalize(p).unwrap().display().to_string();

    let s = parse_at(&with_script(
        "script = \"scripts/pipeline.lua\"\nscript_args = [\"16\", \"-v\"]",
    ))
    .unwrap();
    let script = s.scenario("hello").script.clone().unwrap();
    assert!(Path::new(&script.path).is_absolute(), "{}", script.path);
    assert_eq!(
        script,
        ScriptRef {
            path: canonical(dir.join("scripts/pipeline.lua")),
            args: vec!["16".into(), "-v".into()],
        }
    );
    // Without args; `..` and `./` resolved; wrk runs scripts too.
    let s =
        parse_at(&with_script("script = \"./../shared.lua\"").replace("\"barrage\"", "\"wrk\""))
            .unwrap();
    assert_eq!(
        s.scenario("hello").script,
        Some(ScriptRef {
            path: canonical(tmp.0.join("shared.lua")),
            args: vec![],
        })
    );
    // A relative suite path starts from the current directory, as the
    // suite itself was read.
    let cwd = std::env::current_dir().unwrap();
    let relative = pathdiff(&dir, &cwd).join("t.toml");
    let s = super::parse(&with_script("script = \"scripts/pipeline.lua\""), &relative).unwrap();
    assert_eq!(
        s.scenario("hello").script.as_ref().unwrap().path,
        canonical(dir.join("scripts/pipeline.lua"))
    );
    // No script: none recorded, none written to results.json.
    let plain = parse_at(VALID).unwrap();
    assert_eq!(plain.scenario("hello").script, None);
    let json = serde_json::to_string(plain.scenario("hello")).unwrap();
    assert!(!json.contains("script"), "{json}");

    // Errors name the file, the line and the key.
    let f = file.display();
    let expected = "expected a wrk Lua script, relative to the suite file's directory, such as \"scripts/pipeline.lua\"";
    let cases = [
        (
            with_script("script = \"scripts/none.lua\""),
            format!(
                "{f}:11: scenario[0].script: no file {}; {expected}",
                dir.join("scripts/none.lua").display()
            ),
        ),
        (
            with_script("script = \"scripts\""),
            format!(
                "{f}:11: scenario[0].script: {} is not a file; {expected}",
                canonical(dir.join("scripts"))
            ),
        ),
        (
            with_script("script = \"\""),
            format!("{f}:11: scenario[0].script: empty; {expected}"),
        ),
        (
            with_script("script_args = [\"16\"]"),
            format!("{f}:11: scenario[0].script_args: script_args without a script; expected script = \"FILE\" with them, or no script_args"),
        ),
        (
            with_script("script_args = 16"),
            format!("{f}:11: scenario[0].script_args: invalid type: integer 16; expected an array"),
        ),
        (
            with_script("method = \"POST\"\nscript = \"scripts/pipeline.lua\""),
            format!("{f}:11: scenario[0].method: method POST with a script; expected the method set in the script (wrk.method = \"POST\"), as wrk takes it; no method key"),
        ),
        (
            with_script("script = \"scripts/pipeline.lua\"\nsearch = { errors = \"0%\" }"),
            format!("{f}:11: scenario[0].script: a script with a capacity search; expected no script in a search: barrage load --find-max takes only scripts that set the request, and the lab does not read the script"),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(parse_at(&text).unwrap_err().to_string(), want, "{text}");
    }
}

/// `to`'s path from `from` (both absolute, `to` not a prefix of `from`).
fn pathdiff(to: &Path, from: &Path) -> PathBuf {
    let to: Vec<_> = to.components().collect();
    let from: Vec<_> = from.components().collect();
    let common = to.iter().zip(&from).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for c in &to[common..] {
        out.push(c);
    }
    out
}

#[test]
fn only_wrk_and_barrage_run_scripts() {
    let tmp = TempDir::new("script-drivers");
    std::fs::write(tmp.0.join("p.lua"), "").unwrap();
    let file = tmp.0.join("t.toml");
    let text = with_script("script = \"p.lua\"");
    let ok = super::parse(
        &text.replace("driver = \"barrage\"", "drivers = [\"barrage\", \"wrk\"]"),
        &file,
    )
    .unwrap();
    assert_eq!(ok.drivers, [Driver::Barrage, Driver::Wrk]);
    for driver in ["ab", "h2load"] {
        let e = super::parse(
            &text.replace(
                "driver = \"barrage\"",
                &format!("drivers = [\"wrk\", \"{driver}\"]"),
            ),
            &file,
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            format!(
                "{}:11: scenario[0].script: driver {driver} cannot run scenario \"hello\", which has a script: \
                 only wrk and barrage run wrk scripts; expected drivers wrk and barrage only, or the scenario without a script",
                file.display()
            )
        );
    }
    // httperf runs sessions only: with a session load, the script is what it refuses.
    let sessions = text
        .replace("driver = \"barrage\"", "driver = \"httperf\"")
        .replace(
            "concurrency = [10, 100]",
            "session_rate = [10]\nsessions = 100",
        );
    let e = super::parse(&sessions, &file).unwrap_err().to_string();
    assert!(
        e.contains(
            "scenario[0].script: driver httperf cannot run scenario \"hello\", which has a script"
        ),
        "{e}"
    );
    // A search in the same suite runs on barrage: the other scenario's
    // script is no problem for it.
    let search = format!(
        "{text}[[scenario]]\nname = \"cap\"\npath = \"/hello\"\nsearch = {{ errors = \"0%\" }}\n"
    );
    let s = super::parse(&search, &file).unwrap();
    assert!(s.scenario("cap").script.is_none());
}
