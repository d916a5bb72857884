use std::path::PathBuf;

use super::*;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn vars(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn substitute_table() {
    let v = vars(&[("port", "8080"), ("addr", "127.0.0.1:8080"), ("W", "2")]);
    let ok = [
        ("", ""),
        ("plain", "plain"),
        ("{port}", "8080"),
        ("--listen={addr}", "--listen=127.0.0.1:8080"),
        ("{W}{W}", "22"),
        (
            "events {{ worker_connections 10; }}",
            "events { worker_connections 10; }",
        ),
        ("{{port}}", "{port}"),
        ("{{{port}}}", "{8080}"),
        ("}}{{", "}{"),
        ("héllo {W} wörld", "héllo 2 wörld"),
    ];
    for (template, want) in ok {
        assert_eq!(substitute(template, &v).as_deref(), Ok(want), "{template}");
    }
    let bad = [
        ("{nope}", "unknown variable {nope}; known: W, addr, port"),
        (
            "events { x }",
            "a lone { in \"{ x }\"; write {{ for a literal brace, or {NAME} for a variable",
        ),
        ("a } b", "a lone } in \"} b\"; write }} for a literal brace"),
        (
            "{port",
            "a lone { in \"{port\"; write {{ for a literal brace, or {NAME} for a variable",
        ),
        (
            "{}",
            "a lone { in \"{}\"; write {{ for a literal brace, or {NAME} for a variable",
        ),
        (
            "{1x}",
            "a lone { in \"{1x}\"; write {{ for a literal brace, or {NAME} for a variable",
        ),
    ];
    for (template, want) in bad {
        assert_eq!(substitute(template, &v).unwrap_err(), want, "{template}");
    }
    assert_eq!(placeholders("{a} {{b}} {c}").unwrap(), ["a", "c"]);
}

#[test]
fn the_committed_manifests_load() {
    let servers = repo().join("servers");
    let target = ServerSpec::find(&servers, "barrage-target").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        target.protocols,
        [
            Wire::H1,
            Wire::H2C,
            Wire::HTTPS,
            Wire::H2,
            Wire::H3,
            Wire::WS,
            Wire::WSS,
            Wire::GRPC,
            Wire::GRPCS
        ]
    );
    assert!(target.endpoints.iter().any(|e| e == "/ws"));
    assert_eq!(target.vars, vars(&[("THREADS", "1")]));
    assert!(target.dir.is_absolute());
    assert_eq!(target.requires.binaries, ["barrage"]);
    let nginx = ServerSpec::find(&servers, "nginx").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(nginx.endpoints, ["/hello", "/static/6b", "/static/4k"]);
    assert_eq!(nginx.ready.check, ReadyCheck::HttpPath("/hello".into()));
    // Every committed manifest parses (the contract test starts them).
    let names = ServerSpec::names(&servers);
    for name in &names {
        ServerSpec::find(&servers, name).unwrap_or_else(|e| panic!("{e}"));
    }
    for name in [
        "go-http",
        "h2o",
        "nghttpd",
        "nginx-module",
        "misultin",
        "caddy",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    // The servers of HTTP/3 (suites/h3.toml).
    let caddy = ServerSpec::find(&servers, "caddy").unwrap();
    assert!(caddy.protocols.contains(&Wire::H3));
    assert_eq!(caddy.vars, vars(&[("THREADS", "1")]));
    let e = ServerSpec::find(&servers, "lighttpd")
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with(&format!(
            "/lighttpd/server.toml: no server \"lighttpd\"; expected one of {}",
            names.join(", ")
        )),
        "{e}"
    );
}

#[test]
fn build_sources_reach_siblings_and_the_shared_lib() {
    let spec = parse(&format!(
        "{VALID}[build]\ncommand = [\"make\"]\nsources = [\"main.c\", \"../go-http/contract\", \"../lib/node-deps.sh\"]\n"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        spec.build.unwrap().sources,
        ["main.c", "../go-http/contract", "../lib/node-deps.sh"]
    );
}

/// Every committed manifest's build sources exist (a misspelt
/// "../lib/python-venv.sh" would make every build of that server fail).
#[test]
fn the_committed_build_sources_exist() {
    let servers = repo().join("servers");
    let mut shared = 0;
    for name in ServerSpec::names(&servers) {
        let spec = ServerSpec::find(&servers, &name).unwrap_or_else(|e| panic!("{e}"));
        for source in spec.build.iter().flat_map(|b| &b.sources) {
            let path = spec.dir.join(source);
            assert!(
                path.exists(),
                "servers/{name}: build source {source} is missing"
            );
            shared += usize::from(source.starts_with("../lib/"));
        }
    }
    assert!(
        shared >= 6,
        "the Python and Node servers list servers/lib/'s scripts"
    );
}

#[test]
fn the_nginx_config_substitutes_into_a_config_with_braces() {
    let nginx = ServerSpec::find(&repo().join("servers"), "nginx").unwrap();
    let mut v = nginx.variables(&Variant {
        label: "nginx WORKERS=4".into(),
        vars: vars(&[("WORKERS", "4")]),
        cores: None,
    });
    for (k, val) in [
        ("host", "127.0.0.1"),
        ("port", "1"),
        ("addr", "127.0.0.1:1"),
        ("tls_port", "2"),
    ] {
        v.insert(k.into(), val.into());
    }
    v.insert("dir".into(), nginx.dir.display().to_string());
    v.insert("run_dir".into(), "/tmp/run".into());
    v.insert("barrage".into(), "/bin/barrage".into());
    let conf = substitute(&nginx.start.files["nginx.conf"], &v).unwrap();
    assert!(conf.contains("worker_processes 4;\n"), "{conf}");
    assert!(conf.contains("events {\n"), "{conf}");
    assert!(conf.contains("listen 127.0.0.1:1 reuseport"), "{conf}");
    assert!(
        conf.contains(&format!("root {}/docroot;", nginx.dir.display())),
        "{conf}"
    );
}

/// The files nginx serves are the contract's bodies (make-docroot.sh).
#[test]
fn nginx_docroot_matches_the_contract() {
    use barrage_contract::{STATIC_4K, STATIC_6B};
    let docroot = repo().join("servers/nginx/docroot/static");
    assert_eq!(std::fs::read(docroot.join("6b")).unwrap(), STATIC_6B);
    assert_eq!(std::fs::read(docroot.join("4k")).unwrap(), STATIC_4K);
}

#[test]
fn variables_and_serves() {
    let spec = ServerSpec::find(&repo().join("servers"), "nginx").unwrap();
    let variant = Variant {
        label: "nginx GOMAXPROCS=2".into(),
        vars: vars(&[("GOMAXPROCS", "2")]),
        cores: None,
    };
    assert_eq!(
        spec.variables(&variant),
        vars(&[("GOMAXPROCS", "2"), ("HELLO", "return"), ("WORKERS", "1")])
    );
    let scenario = |path: &str, protocol| Scenario {
        name: "s".into(),
        ..Scenario::get(protocol, path)
    };
    assert_eq!(spec.serves(&scenario("/hello?x=1", Wire::H1)), Ok(()));
    assert_eq!(
        spec.serves(&scenario("/xml?value=a", Wire::H1)),
        Err("nginx does not serve /xml (it serves /hello, /static/6b, /static/4k)".into())
    );
    assert_eq!(
        spec.serves(&scenario("/hello", Wire::H2C)),
        Err("nginx does not serve h2c (it serves h1)".into())
    );
}

const VALID: &str = r#"name = "srv"
endpoints = ["/hello"]
protocols = ["h1"]
[vars]
N = "1"
[start]
command = ["srv", "--port", "{port}", "-n", "{N}"]
"#;

fn parse(text: &str) -> Result<ServerSpec, FormatError> {
    ServerSpec::parse(text, Path::new("servers/srv/server.toml"))
}

fn edit(old: &str, new: &str) -> String {
    assert!(VALID.contains(old), "{old:?} is not in VALID");
    VALID.replacen(old, new, 1)
}

#[test]
fn the_valid_base_parses_with_its_defaults() {
    let spec = parse(VALID).unwrap();
    assert_eq!(spec.dir, Path::new("servers/srv"));
    assert_eq!(
        spec.ready,
        Ready {
            check: ReadyCheck::HttpPath("/hello".into()),
            deadline: Duration::from_secs(10)
        }
    );
    assert_eq!(
        (spec.build, spec.version, spec.unavailable),
        (None, None, None)
    );
    assert_eq!(spec.start.cwd, None);
    assert!(spec.workloads.is_empty());
    let declared = parse(&edit(
        "protocols = [\"h1\"]",
        "protocols = [\"h1\"]\nworkloads = [\"static\", \"json\"]",
    ))
    .unwrap();
    assert_eq!(
        declared.workloads,
        [
            barrage_contract::Workload::StaticSet,
            barrage_contract::Workload::Json
        ]
    );
    let unnamed = parse(&edit("name = \"srv\"\n", "")).unwrap();
    assert_eq!(unnamed.name, "srv");
    let unavailable = "name = \"srv\"\nendpoints = [\"/hello\"]\nprotocols = [\"h1\"]\nunavailable = \"not packaged; build it from source\"\n";
    assert!(parse(unavailable).unwrap().start.command.is_empty());
}

#[test]
fn errors_name_file_line_and_key() {
    let table: &[(String, &str)] = &[
        (edit("name = \"srv\"", "name = \"other\""), "servers/srv/server.toml:1: name: \"other\" differs from the manifest's directory \"srv\"; expected the directory's name: servers/NAME/server.toml"),
        (edit("name = \"srv\"", "name = \"srv\"\nport = 80"), "servers/srv/server.toml:2: port: unknown key; expected one of name, description, endpoints, protocols, workloads, unavailable, missing_headers, vars, requires, build, start, ready, version, database, warmup"),
        (edit("endpoints = [\"/hello\"]", "endpoints = [\"/hello\", \"/\"]"), "servers/srv/server.toml:2: endpoints[1]: \"/\" is not an endpoint of the contract; expected contract endpoints: /hello, /xml, /static/6b, /static/4k, /delay, /bytes, /ws"),
        (edit("name = \"srv\"", "name = \"srv\"\nmissing_headers = [\"server\"]"), "servers/srv/server.toml:2: missing_headers[0]: \"server\" is not a header the contract requires; expected some of date, content-type"),
        (edit("endpoints = [\"/hello\"]", "endpoints = []"), "servers/srv/server.toml:2: endpoints: no endpoint; expected at least one of the contract endpoints: /hello, /xml, /static/6b, /static/4k, /delay, /bytes, /ws"),
        (edit("protocols = [\"h1\"]", "protocols = [\"h1\", \"quic\"]"), "servers/srv/server.toml:3: protocols[1]: unknown protocol \"quic\"; expected one of h1, h2c, h2, https, h3, ws, wss, grpc, grpcs"),
        (edit("protocols = [\"h1\"]", "protocols = [\"h1\"]\nworkloads = [\"json\", \"xml\"]"), "servers/srv/server.toml:4: workloads[1]: unknown workload \"xml\"; expected one of baseline, plaintext, json, json-processing, compression, upload, static, noisy, db, queries, fortunes, updates, items, echo"),
        (edit("protocols = [\"h1\"]", "protocols = [\"h1\"]\nworkloads = [\"json\", \"json\"]"), "servers/srv/server.toml:4: workloads[1]: json is listed twice; expected each workload once"),
        (edit("N = \"1\"", "port = \"1\""), "servers/srv/server.toml:5: vars.port: invalid variable name \"port\"; expected letters, digits and '_', not one of the built-ins host, port, addr, tls_port, backend_port, tls_cert, tls_key, dir, run_dir, barrage, database_url, database_pool"),
        (edit("[start]\ncommand = [\"srv\", \"--port\", \"{port}\", \"-n\", \"{N}\"]\n", ""), "servers/srv/server.toml: start: missing; expected a [start] table with the command that starts the server"),
        (edit("command = [\"srv\", \"--port\", \"{port}\", \"-n\", \"{N}\"]", "command = []"), "servers/srv/server.toml:7: start.command: empty; expected the command and its arguments, such as [\"{barrage}\", \"serve\", \"--listen\", \"{addr}\"]"),
        (edit("\"{N}\"]", "\"{M}\"]"), "servers/srv/server.toml:7: start.command[4]: unknown variable {M}; expected a variable among host, port, addr, tls_port, backend_port, tls_cert, tls_key, dir, run_dir, barrage, database_url, database_pool, N, or {{ and }} for literal braces; add a default under [vars] for a new one"),
        (format!("{VALID}env = {{ X = \"{{nope}}\" }}\n"), "servers/srv/server.toml:8: start.env.X: unknown variable {nope}; expected a variable among host, port, addr, tls_port, backend_port, tls_cert, tls_key, dir, run_dir, barrage, database_url, database_pool, N, or {{ and }} for literal braces; add a default under [vars] for a new one"),
        (format!("{VALID}[start.files]\n\"a.conf\" = '''\nevents {{\n}}\n'''\n"), "servers/srv/server.toml:9: start.files.\"a.conf\": a lone { in \"{\\n}\\n\"; expected a variable among host, port, addr, tls_port, backend_port, tls_cert, tls_key, dir, run_dir, barrage, database_url, database_pool, N, or {{ and }} for literal braces; add a default under [vars] for a new one"),
        (format!("{VALID}[start.files]\n\"../x\" = \"\"\n"), "servers/srv/server.toml:9: start.files.\"../x\": \"../x\" is not a file name inside {run_dir}; expected a relative path without '..', such as \"nginx.conf\""),
        (format!("{VALID}[build]\ncommand = [\"make\", \"{{port}}\"]\n"), "servers/srv/server.toml:9: build.command[1]: unknown variable {port}; expected a variable among dir, barrage, N, or {{ and }} for literal braces; add a default under [vars] for a new one"),
        (format!("{VALID}[build]\ncommand = [\"make\"]\nsources = [\"/etc/passwd\"]\n"), "servers/srv/server.toml:10: build.sources[0]: \"/etc/passwd\" is not inside the manifest's directory or a sibling server's; expected a path relative to the manifest's directory (or ../OTHER/... for a sibling server's sources), without other '..'"),
        (format!("{VALID}[build]\ncommand = [\"make\"]\nsources = [\"../go/main.go\", \"../../x/y\"]\n"), "servers/srv/server.toml:10: build.sources[1]: \"../../x/y\" is not inside the manifest's directory or a sibling server's; expected a path relative to the manifest's directory (or ../OTHER/... for a sibling server's sources), without other '..'"),
        (format!("{VALID}[ready]\ndeadline = \"forever\"\n"), "servers/srv/server.toml:9: ready.deadline: \"forever\" is not a duration; expected a number with a unit, such as \"10s\", \"500ms\" or \"1m 30s\""),
        (format!("{VALID}[ready]\nhttp_path = \"hello\"\n"), "servers/srv/server.toml:9: ready.http_path: invalid path \"hello\"; expected a path starting with '/', such as \"/hello\""),
        (format!("{VALID}[ready]\nhttp_path = \"/hello\"\ntcp = true\n"), "servers/srv/server.toml:10: ready.tcp: tcp = true beside http_path; expected either http_path (a GET must answer) or tcp = true (a connect is enough)"),
        (edit("protocols = [\"h1\"]", "protocols = [\"grpc\"]\n[ready]\nhttp_path = \"/hello\""), "servers/srv/server.toml:5: ready.http_path: an http_path for a server that speaks only gRPC; expected tcp = true: ready when its port accepts a connection"),
        (format!("{VALID}[version]\n"), "servers/srv/server.toml:8: version.command: missing; expected the command that prints the version, such as [\"nginx\", \"-v\"]"),
        (format!("{VALID}[requires]\nbinaries = \"srv\"\n"), "servers/srv/server.toml:9: requires.binaries: invalid type: string \"srv\"; expected an array"),
    ];
    for (text, want) in table {
        let got = parse(text).map(|_| ()).unwrap_err().to_string();
        assert_eq!(&got, want, "{text}");
    }
}

/// A gRPC server serves no endpoint of the contract and is ready when
/// its port accepts a connection; an HTTP server may ask for that too.
#[test]
fn ready_tcp_and_grpc_servers_without_endpoints() {
    let grpc = edit("endpoints = [\"/hello\"]", "endpoints = []");
    let grpc = grpc.replace("protocols = [\"h1\"]", "protocols = [\"grpc\", \"grpcs\"]");
    let spec = parse(&grpc).unwrap();
    assert!(spec.endpoints.is_empty());
    assert_eq!(spec.protocols, vec![Wire::GRPC, Wire::GRPCS]);
    assert_eq!(spec.ready.check, ReadyCheck::Tcp);
    let told = parse(&format!("{grpc}[ready]\ntcp = true\ndeadline = \"30s\"\n")).unwrap();
    assert_eq!(told.ready.check, ReadyCheck::Tcp);
    assert_eq!(told.ready.deadline, Duration::from_secs(30));
    let http = parse(&format!("{VALID}[ready]\ntcp = true\n")).unwrap();
    assert_eq!(http.ready.check, ReadyCheck::Tcp);
    // HTTP beside gRPC still needs an endpoint.
    let mixed = grpc.replace("[\"grpc\", \"grpcs\"]", "[\"h1\", \"grpc\"]");
    let error = parse(&mixed).unwrap_err().to_string();
    assert!(error.contains("endpoints: no endpoint"), "{error}");
}

/// The manifests of docs/suites.md parse (each as servers/NAME/server.toml).
#[test]
fn the_manifests_of_the_docs_parse() {
    let docs = std::fs::read_to_string(repo().join("docs/suites.md")).unwrap();
    let mut found = 0;
    for block in docs.split("```toml\n").skip(1) {
        let text = &block[..block.find("```").unwrap()];
        if !text.contains("endpoints = ") {
            continue;
        }
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .unwrap()
            .trim_matches('"');
        let path = PathBuf::from(format!("servers/{name}/server.toml"));
        ServerSpec::parse(text, &path).unwrap_or_else(|e| panic!("{e}\n{text}"));
        found += 1;
    }
    assert!(found >= 4, "{found} manifests in docs/suites.md");
}

#[test]
fn a_database_pool_is_read_and_its_variables_are_built_in() {
    assert_eq!(parse(VALID).unwrap().database_pool, None);
    let text = format!(
        "{}\n[database]\npool = 24\n",
        edit(
            "\"-n\", \"{N}\"]",
            "\"-n\", \"{N}\", \"{database_url}\", \"{database_pool}\"]"
        )
    );
    assert_eq!(parse(&text).unwrap().database_pool, Some(24));
    for (pool, want) in [
        ("pool = 0", "database.pool: 0 is out of range; expected the connections of the server's database pool, 1 to 10000"),
        ("", "database.pool: missing"),
        ("size = 4", "database.size: unknown key; expected pool"),
    ] {
        let e = parse(&format!("{VALID}[database]\n{pool}\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{e}\nwant: {want}");
    }
}

/// `[warmup]`: a JIT runtime asks for a minimum and may raise the cap;
/// without it the lab's defaults; a bad duration names its key.
#[test]
fn warmup_asks_for_a_minimum_and_a_cap() {
    let plain = parse(VALID).unwrap();
    assert_eq!(plain.warmup, barrage_model::warmup::WarmupPlan::default());
    let jvm = parse(&format!("{VALID}[warmup]\nmin = \"5s\"\ncap = \"1m\"\n")).unwrap();
    assert_eq!(jvm.warmup.min, std::time::Duration::from_secs(5));
    assert_eq!(jvm.warmup.cap, std::time::Duration::from_secs(60));
    let e = parse(&format!("{VALID}[warmup]\nmin = \"soon\"\n"))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("warmup.min") && e.contains("not a duration"),
        "{e}"
    );
    let e = parse(&format!("{VALID}[warmup]\nmax = \"5s\"\n"))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("warmup.max: unknown key"), "{e}");
}

/// Every JVM server of the catalogue asks for 5 s at least.
#[test]
fn the_catalogues_jvm_servers_ask_for_a_longer_warmup() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../servers");
    for name in ["netty", "mina", "vertx", "grpc-java"] {
        let spec = ServerSpec::find(&dir, name).unwrap();
        assert_eq!(spec.warmup.min, std::time::Duration::from_secs(5), "{name}");
    }
}
