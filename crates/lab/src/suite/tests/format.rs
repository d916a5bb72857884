//! Reading a suite: the defaults of a valid one, and every error naming its file, line and key.

use std::path::Path;

use super::*;

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
            levels: None,
            searches: true,
            servers: None,
            left_out: Vec::new(),
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
        (Wire::H1, "GET", true, false, 1)
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
             duration, warmup, timeout, repeats, cores, load, quick, server, scenario, table, service, server_host, client_hosts, inventory",
        ),
        (
            "[[scenario]]\nname = \"a\"\npath = \"/hello\"\n[[scenario]]\nname = \"b\"\nprotcol = \"h1\"\n",
            "suites/t.toml:6: scenario[1].protcol: unknown key; expected one of name, path, protocol, \
             method, headers, keepalive, http10, streams, window_bits, connection_window_bits, search, efficiency, script, script_args, workload, mix, queries, message_bytes, binary, in_flight, subscribe, call, data, proto, unit, stream_messages, rate, check",
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
        (edit("name = \"a\"", "name = \"a\"\n[server.variants]\nport = [\"1\"]"), "suites/t.toml:9: server[0].variants.port: \"port\" is reserved; expected a name other than host, port, addr, tls_port, backend_port, tls_cert, tls_key, dir, run_dir, barrage, database_url, database_pool and cores (cores vary only in variants)"),
        (edit("name = \"a\"", "name = \"a\"\nvariants = { THREADS = [] }"), "suites/t.toml:8: server[0].variants.THREADS: empty; expected at least one: values, such as [\"1\", \"2\"]"),
        (edit("name = \"a\"", "name = \"a\"\nvariants = { THREADS = [\"1\", \"1\"] }"), "suites/t.toml:8: server[0].variants.THREADS[1]: \"1\" is listed twice; expected each value once"),
        (edit("name = \"a\"", "name = \"a\"\nvars = { N = \"1\" }\nvariants = { N = [\"2\"] }"), "suites/t.toml:9: server[0].variants.N: N is in both vars and variants; expected one of them"),
        (edit("name = \"a\"", "name = \"a\"\nvars = { \"A.B\" = \"1\" }"), "suites/t.toml:8: server[0].vars.\"A.B\": invalid variable name \"A.B\"; expected letters, digits and '_', not starting with a digit, such as GOMAXPROCS"),
        (edit("name = \"a\"", "name = \"a\"\ncores = [1]\nvariants = { cores = [\"1\", \"all\"] }"), "suites/t.toml:9: server[0].variants.cores: cores given twice (cores and variants.cores); expected one of them"),
        (edit("name = \"a\"", "name = \"a\"\nvariants = { cores = [\"1\", \"x\"] }"), "suites/t.toml:8: server[0].variants.cores[1]: invalid cpu list \"x\"; expected core numbers: an array such as [0, 1], a cpu list such as \"1-3,5\", or \"all\""),
        (edit("name = \"a\"", "name = \"a\"\n[[server]]\nname = \"a\""), "suites/t.toml:8: server[1].label: \"a\" names two server variants; expected a different label for each entry of the same server"),
        // Scenarios.
        (edit("[[scenario]]\nname = \"hello\"\npath = \"/hello\"\n", ""), "suites/t.toml: scenario: no scenario; expected at least one [[scenario]] with a name and a path"),
        (edit("path = \"/hello\"", ""), "suites/t.toml:8: scenario[0].path: missing; expected the request's path, such as \"/hello\", or a workload = \"json\""),
        (edit("path = \"/hello\"", "path = \"/index.html\""), "suites/t.toml:10: scenario[0].path: /index.html is not an endpoint of the contract; expected a contract endpoint (/hello, /xml, /static/6b, /static/4k, /delay, /bytes), with a query if wanted"),
        (edit("path = \"/hello\"", "path = \"hello\""), "suites/t.toml:10: scenario[0].path: invalid path \"hello\"; expected a contract endpoint (/hello, /xml, /static/6b, /static/4k, /delay, /bytes), with a query if wanted"),
        (edit("path = \"/hello\"", "path = \"/hello\"\nprotocol = \"quic\""), "suites/t.toml:11: scenario[0].protocol: unknown protocol \"quic\"; expected one of h1, h2c, h2, https, h3, ws, wss, grpc, grpcs"),
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
    let e = crate::suite::load(Path::new("/nonexistent/x.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("/nonexistent/x.toml: cannot read: ")
            && e.ends_with("; expected a readable suite file (TOML, UTF-8)"),
        "{e}"
    );
}
