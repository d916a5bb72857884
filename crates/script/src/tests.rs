//! The API as scripts use it: no server, except for wrk.connect.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use barrage_engine::script::{ScriptResponse, Scripting, WorkerScript};
use barrage_engine::{RequestTemplate, Target};
use barrage_model::RunReport;
use mlua::{FromLua, Value};

use super::*;

/// A port where nothing listens: wrk.resolve finds no usable address
/// quickly (connection refused).
fn closed_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn target_on(port: u16) -> Target {
    Target::parse(&format!("http://127.0.0.1:{port}/path?q=1"))
        .unwrap()
        .0
}

fn source(text: &str, args: &[&str]) -> ScriptSource {
    ScriptSource {
        path: PathBuf::from("t/x.lua"),
        text: text.to_string(),
        args: args.iter().map(|a| a.to_string()).collect(),
    }
}

fn load_with(text: &str, args: &[&str], limits: Limits) -> Result<(Script, Target), String> {
    let target = target_on(closed_port());
    Script::load(&source(text, args), &target, &[], limits).map(|s| (s, target))
}

fn load(text: &str) -> (Script, Target) {
    load_with(text, &[], Limits::default()).unwrap()
}

/// A value of the main state, by evaluating `expr` there.
fn main_eval<T: FromLua>(script: &Script, expr: &str) -> T {
    script
        .main
        .lua
        .load(format!("return {expr}"))
        .eval()
        .unwrap()
}

fn requests(w: &mut dyn WorkerScript, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            let mut out = Vec::new();
            w.request(&mut out).unwrap();
            String::from_utf8(out).unwrap()
        })
        .collect()
}

fn response(w: &mut dyn WorkerScript, status: u16) {
    let headers = vec![(b"X-A".to_vec(), b"1".to_vec())];
    w.response(ScriptResponse {
        status,
        headers: &headers,
        body: b"hello",
    })
    .unwrap();
}

#[test]
fn settings_only_script_gives_a_template() {
    let (script, target) = load(
        r#"
        wrk.method = "POST"
        wrk.body   = "foo=bar"
        wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
        function done() end
        "#,
    );
    let t = script.settings_only().unwrap().expect("settings only");
    assert_eq!(t.method, "POST");
    assert_eq!(t.path, "/path?q=1");
    assert_eq!(t.body, b"foo=bar");
    let mut headers = t.headers.clone();
    headers.sort();
    assert_eq!(
        headers,
        vec![
            ("Content-Length".to_string(), "7".to_string()),
            (
                "Content-Type".to_string(),
                "application/x-www-form-urlencoded".to_string()
            ),
        ]
    );
    // The Host wrk would send is the target's authority: left to the engine.
    assert_eq!(
        target.authority,
        format!("127.0.0.1:{}", target.addr.port())
    );
    assert!(script.has_done());
    // The main state's wrk table is as the script left it.
    assert!(main_eval::<Value>(&script, "wrk.headers.Host").is_nil());

    let (hooks, _) = load("request = function() return wrk.format() end");
    assert_eq!(hooks.settings_only().unwrap(), None);
    assert!(!hooks.has_done());
    let (plain, _) = load("");
    assert_eq!(
        plain.settings_only().unwrap(),
        Some(RequestTemplate::get("/path?q=1"))
    );
}

#[test]
fn header_flags_and_another_host_are_kept() {
    let target = target_on(closed_port());
    let headers = vec![
        ("Host".to_string(), "example.com".to_string()),
        ("X-A".to_string(), "1".to_string()),
        ("X-A".to_string(), "2".to_string()),
    ];
    let script = Script::load(&source("", &[]), &target, &headers, Limits::default()).unwrap();
    let mut t = script.settings_only().unwrap().unwrap();
    t.headers.sort();
    assert_eq!(
        t.headers,
        vec![
            ("Host".to_string(), "example.com".to_string()),
            ("X-A".to_string(), "2".to_string()),
        ]
    );
}

#[test]
fn format_is_byte_exact() {
    let (script, _) = load(
        r#"
        with_body = wrk.format("POST", "/p", {}, "abc")
        one_header = wrk.format("GET", "/x", { ["X-A"] = "1" })
        local h = { ["Content-Length"] = "99" }
        no_body = wrk.format("PUT", "/y", h)
        removed = h["Content-Length"] == nil
        "#,
    );
    let text = |g: &str| main_eval::<String>(&script, g);
    assert_eq!(
        text("with_body"),
        "POST /p HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"
    );
    assert_eq!(text("one_header"), "GET /x HTTP/1.1\r\nX-A: 1\r\n\r\n");
    assert_eq!(text("no_body"), "PUT /y HTTP/1.1\r\n\r\n");
    assert!(main_eval::<bool>(&script, "removed"));
    // The wrk table as wrk fills it from the URL.
    assert_eq!(text("wrk.scheme"), "http");
    assert_eq!(text("wrk.host"), "127.0.0.1");
    assert_eq!(text("wrk.path"), "/path?q=1");
    assert_eq!(text("wrk.method"), "GET");
    assert!(main_eval::<bool>(&script, "type(wrk.port) == 'string'"));
}

#[test]
fn setup_passes_values_and_init_sees_args() {
    let mut script = load_with(
        r#"
        local counter = 1
        threads = {}
        function setup(thread)
            thread:set("id", counter)
            thread:set("conf", { name = "n", list = { 1, 2 } })
            table.insert(threads, thread)
            counter = counter + 1
        end
        function init(args)
            url, first, second = args[0], args[1], args[2]
            doubled = id * 2
            host = wrk.headers["Host"]
            conf_name = conf.name .. #conf.list
        end
        "#,
        &["one", "two"],
        Limits::default(),
    )
    .unwrap()
    .0;
    let url = script.target.url.clone();
    let authority = script.target.authority.clone();
    let _w1 = script.worker(0, 2).unwrap();
    let _w2 = script.worker(1, 2).unwrap();
    let get = |i: usize, name: &str| -> String {
        main_eval(&script, &format!("threads[{i}]:get({name:?})"))
    };
    let number = |i: usize, name: &str| -> f64 {
        main_eval(&script, &format!("threads[{i}]:get({name:?})"))
    };
    assert_eq!(number(1, "id"), 1.0);
    assert_eq!(number(2, "id"), 2.0);
    assert_eq!(number(2, "doubled"), 4.0);
    assert_eq!(get(1, "url"), url);
    assert_eq!(get(1, "first"), "one");
    assert_eq!(get(1, "second"), "two");
    assert_eq!(get(1, "host"), authority);
    assert_eq!(get(1, "conf_name"), "n2");
}

#[test]
fn thread_addr_and_connect() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let open = listener.local_addr().unwrap();
    let closed = closed_port();
    let text = format!(
        r#"
        local open = wrk.lookup("127.0.0.1", {port})
        local closed = wrk.lookup("127.0.0.1", "{closed}")
        can_open = wrk.connect(open[1])
        can_closed = wrk.connect(closed[1])
        shown = tostring(open[1])
        http = tostring(wrk.lookup("127.0.0.1", "http")[1])
        v6 = tostring(wrk.lookup("::1", 8080)[1])
        threads = {{}}
        function setup(thread)
            table.insert(threads, thread)
            first = tostring(thread.addr)
            thread.addr = open[1]
        end
        function init() mine = tostring(wrk.thread.addr) end
        "#,
        port = open.port()
    );
    let (mut script, target) = load(&text);
    assert!(main_eval::<bool>(&script, "can_open"));
    assert!(!main_eval::<bool>(&script, "can_closed"));
    assert_eq!(main_eval::<String>(&script, "shown"), open.to_string());
    assert_eq!(main_eval::<String>(&script, "http"), "127.0.0.1:80");
    assert_eq!(main_eval::<String>(&script, "v6"), "[::1]:8080");
    let w = script.worker(0, 1).unwrap();
    // Nothing listens on the target: wrk.addrs is the target's address.
    assert_eq!(
        main_eval::<String>(&script, "first"),
        target.addr.to_string()
    );
    assert_eq!(w.addr(), Some(open));
    assert_eq!(
        main_eval::<String>(&script, "threads[1]:get('mine')"),
        open.to_string()
    );

    let (mut plain, _) = load("");
    assert_eq!(plain.worker(0, 1).unwrap().addr(), None);
}

#[test]
fn request_cycles_through_paths() {
    let (mut script, target) = load(
        r#"
        local paths = { "/a", "/b", "/c" }
        local i = 0
        request = function()
            i = i % #paths + 1
            return wrk.format(nil, paths[i])
        end
        "#,
    );
    let mut w = script.worker(0, 1).unwrap();
    assert_eq!(w.fixed_request(), None);
    assert!(!w.wants_responses());
    assert!(!w.has_delay());
    let got = requests(w.as_mut(), 4);
    let firsts: Vec<&str> = got.iter().map(|r| r.lines().next().unwrap()).collect();
    assert_eq!(
        firsts,
        [
            "GET /a HTTP/1.1",
            "GET /b HTTP/1.1",
            "GET /c HTTP/1.1",
            "GET /a HTTP/1.1"
        ]
    );
    assert!(got[0].contains(&format!("\r\nHost: {}\r\n", target.authority)));
    assert!(got[0].ends_with("\r\n\r\n"));
}

#[test]
fn static_script_has_a_fixed_request() {
    let (mut script, target) = load(r#"wrk.headers["X-A"] = "1""#);
    let mut w = script.worker(0, 1).unwrap();
    let fixed = String::from_utf8(w.fixed_request().unwrap()).unwrap();
    assert!(fixed.starts_with("GET /path?q=1 HTTP/1.1\r\n"));
    assert!(fixed.contains(&format!("Host: {}\r\n", target.authority)));
    assert!(fixed.contains("X-A: 1\r\n"));
    // request() falls back to wrk.request, as in wrk.
    assert_eq!(requests(w.as_mut(), 1)[0], fixed);
}

#[test]
fn pipeline_returns_three_requests() {
    let (mut script, _) = load(
        r#"
        init = function(args)
            local r = {}
            r[1] = wrk.format(nil, "/?foo")
            r[2] = wrk.format(nil, "/?bar")
            r[3] = wrk.format(nil, "/?baz")
            req = table.concat(r)
        end
        request = function() return req end
        "#,
    );
    let mut w = script.worker(0, 1).unwrap();
    let all = requests(w.as_mut(), 1).remove(0);
    let starts: Vec<&str> = all.lines().filter(|l| l.starts_with("GET ")).collect();
    assert_eq!(
        starts,
        [
            "GET /?foo HTTP/1.1",
            "GET /?bar HTTP/1.1",
            "GET /?baz HTTP/1.1"
        ]
    );
    assert_eq!(all.matches("\r\n\r\n").count(), 3);
}

#[test]
fn response_counts_statuses() {
    let (mut script, _) = load(
        r#"
        threads = {}
        function setup(thread) table.insert(threads, thread) end
        counts = {}
        function response(status, headers, body)
            counts[status] = (counts[status] or 0) + 1
            last = headers["X-A"] .. ":" .. body
        end
        "#,
    );
    let mut w = script.worker(0, 1).unwrap();
    assert!(w.wants_responses());
    for status in [200, 200, 404, 200] {
        response(w.as_mut(), status);
    }
    drop(w); // the worker ended; its state lives on for done()
    assert_eq!(
        main_eval::<f64>(&script, "threads[1]:get('counts')[200]"),
        3.0
    );
    assert_eq!(
        main_eval::<f64>(&script, "threads[1]:get('counts')[404]"),
        1.0
    );
    assert_eq!(
        main_eval::<String>(&script, "threads[1]:get('last')"),
        "1:hello"
    );
}

#[test]
fn delay_in_milliseconds() {
    let (mut script, _) = load("function delay() return 12.5 end");
    let mut w = script.worker(0, 1).unwrap();
    assert!(w.has_delay());
    assert_eq!(w.delay().unwrap(), Duration::from_micros(12_500));

    let (mut bad, _) = load("function delay() return 'soon' end");
    let e = bad.worker(0, 1).unwrap().delay().unwrap_err();
    assert!(e.contains("delay() returned a string"), "{e}");
}

#[test]
fn stop_from_response() {
    let (mut script, _) = load(
        r#"
        local n = 0
        function response()
            n = n + 1
            if n == 3 then wrk.thread:stop() end
        end
        "#,
    );
    let mut w = script.worker(0, 1).unwrap();
    response(w.as_mut(), 200);
    response(w.as_mut(), 200);
    assert!(!w.stopped());
    response(w.as_mut(), 200);
    assert!(w.stopped());
}

fn fixture() -> RunReport {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../lab/tests/fixtures/barrage_open.json"
    );
    RunReport::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn done_sees_the_report() {
    let report = fixture();
    let (script, _) = load(
        r#"
        function done(summary, latency, requests)
            s = summary
            p99 = latency:percentile(99)
            p50 = latency:percentile(50.0)
            distinct = #latency
            first_value, first_count = latency(1)
            lmin, lmax, lmean, lstdev = latency.min, latency.max, latency.mean, latency.stdev
            rmean = requests.mean
            rcount = #requests
        end
        "#,
    );
    script.done(&report, 2).unwrap();
    let n = |e: &str| main_eval::<f64>(&script, e);
    let h = &report.histograms.latency_us;
    assert_eq!(n("s.requests"), report.totals.responses as f64);
    assert_eq!(n("s.bytes"), report.totals.bytes_read as f64);
    assert_eq!(n("s.duration"), (report.totals.elapsed_s * 1e6).round());
    // Every response of this fixture is a 404.
    assert_eq!(n("s.errors.status"), report.totals.responses as f64);
    assert_eq!(n("s.errors.connect"), 0.0);
    assert_eq!(n("s.errors.read"), 0.0);
    assert_eq!(n("p99"), h.value_at_quantile(0.99) as f64);
    assert_eq!(n("p50"), h.value_at_quantile(0.5) as f64);
    let recorded: Vec<_> = h.iter_recorded().collect();
    assert_eq!(n("distinct"), recorded.len() as f64);
    assert!(recorded.len() > 1);
    assert_eq!(n("first_value"), recorded[0].value_iterated_to() as f64);
    assert_eq!(n("first_count"), recorded[0].count_at_value() as f64);
    assert_eq!(n("lmin"), h.min() as f64);
    assert_eq!(n("lmax"), h.max() as f64);
    assert_eq!(n("lmean"), h.mean());
    assert_eq!(n("lstdev"), h.stdev());
    let per_thread: f64 = report
        .series
        .iter()
        .map(|s| (s.responses as f64 / 2.0).round())
        .sum::<f64>()
        / report.series.len() as f64;
    assert!((n("rmean") - per_thread).abs() < 1.0, "{}", n("rmean"));
    assert!(n("rcount") >= 1.0);
}

#[test]
fn done_reads_threads_after_the_run() {
    let (mut script, _) = load(
        r#"
        local threads = {}
        function setup(t) table.insert(threads, t) end
        function init() made = 0 end
        function request() made = made + 1; return wrk.request() end
        function done() total = 0; for _, t in ipairs(threads) do total = total + t:get("made") end end
        "#,
    );
    let mut a = script.worker(0, 2).unwrap();
    let mut b = script.worker(1, 2).unwrap();
    requests(a.as_mut(), 3);
    requests(b.as_mut(), 2);
    drop((a, b));
    script.done(&fixture(), 2).unwrap();
    assert_eq!(main_eval::<f64>(&script, "total"), 5.0);
}

// Hostile scripts: each error is one line naming the file and line.

fn one_line_at(e: &str, at: &str) {
    assert!(!e.contains('\n'), "more than one line: {e}");
    assert!(e.starts_with(at), "{e:?} does not start with {at:?}");
    assert!(!e.contains("runtime error"), "{e}");
}

#[test]
fn syntax_error_is_one_line() {
    let e = load_with(
        "local x = 1\nlocal y = 2\nfoo bar\n",
        &[],
        Limits::default(),
    )
    .err()
    .unwrap();
    one_line_at(&e, "t/x.lua:3:");
    assert!(e.contains("near"), "{e}");
}

#[test]
fn runtime_error_in_request_is_one_line() {
    let (mut script, _) = load("function request()\n  local t = nil\n  return t.x\nend\n");
    let mut w = script.worker(0, 1).unwrap();
    let e = w.request(&mut Vec::new()).unwrap_err();
    one_line_at(&e, "t/x.lua:3:");
    assert!(e.contains("attempt to index"), "{e}");
    // An error in the top level of a thread's state, too.
    let e = load_with("error('boom')", &[], Limits::default())
        .err()
        .unwrap();
    one_line_at(&e, "t/x.lua:1: boom");
}

/// `f`'s result, or a failed test when it has not returned after `limit`
/// (a hang fails instead of hanging the test run).
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .expect("script code was not stopped within its limit (or panicked)")
}

fn short() -> Limits {
    Limits {
        load: Duration::from_millis(200),
        call: Duration::from_millis(200),
        ..Limits::default()
    }
}

#[test]
fn endless_init_is_stopped() {
    let (mut script, _) = load_with("function init() while true do end end", &[], short()).unwrap();
    let e = within(Duration::from_secs(2), move || {
        script.worker(0, 1).err().unwrap()
    });
    one_line_at(&e, "t/x.lua:1:");
    assert!(
        e.contains("init() ran for more than 200ms (the limit for a script's set-up step)"),
        "{e}"
    );
}

#[test]
fn endless_top_level_and_caught_errors_are_stopped() {
    let fails = |text: &'static str| {
        within(Duration::from_secs(2), move || {
            load_with(text, &[], short()).err().unwrap()
        })
    };
    let e = fails("while true do end");
    assert!(e.contains("top level ran for more than 200ms"), "{e}");
    // pcall catching the limit's error inside a loop does not escape it,
    // nor does a coroutine.
    let e = fails("while true do pcall(function() while true do end end) end");
    assert!(e.contains("ran for more than 200ms"), "{e}");
    let e = fails("coroutine.wrap(function() while true do end end)()");
    assert!(e.contains("ran for more than 200ms"), "{e}");
}

#[test]
fn endless_request_is_stopped() {
    let (mut script, _) = load_with(
        "local n = 0\nfunction request()\n  n = n + 1\n  if n == 3 then while true do end end\n  return wrk.request()\nend",
        &[],
        short(),
    )
    .unwrap();
    let mut w = script.worker(0, 1).unwrap();
    // Calls well apart in time, each short, are not one long call.
    requests(w.as_mut(), 1);
    std::thread::sleep(Duration::from_millis(300));
    requests(w.as_mut(), 1);
    let e = within(Duration::from_secs(2), move || {
        w.request(&mut Vec::new()).unwrap_err()
    });
    one_line_at(&e, "t/x.lua:4:");
    assert!(
        e.contains("request() ran for more than 200ms (the limit for one call)"),
        "{e}"
    );
}

#[test]
fn request_must_return_a_string() {
    for (ret, says) in [
        ("42", "returned a number,"),
        ("{}", "returned a table,"),
        ("nil", "returned nil,"),
    ] {
        let (mut script, _) = load(&format!("function request() return {ret} end"));
        let e = script
            .worker(0, 1)
            .unwrap()
            .request(&mut Vec::new())
            .unwrap_err();
        assert!(e.contains(says), "{e}");
        assert!(e.contains("not a string of request bytes"), "{e}");
        one_line_at(&e, "t/x.lua:1:");
    }
}

#[test]
fn only_plain_values_cross_states() {
    let (mut script, _) = load("function setup(t) t:set('f', function() end) end");
    let e = script.worker(0, 1).err().unwrap();
    one_line_at(&e, "t/x.lua:1:");
    assert!(e.contains("cannot transfer a function"), "{e}");

    let (mut script, _) = load("function setup(t) local c = {}; c.c = c; t:set('c', c) end");
    let e = script.worker(0, 1).err().unwrap();
    assert!(e.contains("nested"), "{e}");
}

#[test]
fn unreadable_script_is_named() {
    let e = ScriptSource::read(Path::new("/nonexistent/x.lua"), vec![]).unwrap_err();
    assert!(
        e.starts_with("cannot read script /nonexistent/x.lua: "),
        "{e}"
    );
}

/// Not a timed assertion: prints the cost of one request() call.
/// `cargo test -p barrage-script --release -- --ignored --nocapture request_call_cost`
#[test]
#[ignore]
fn request_call_cost() {
    let (mut script, _) = load("local r = wrk.format() request = function() return r end");
    let mut w = script.worker(0, 1).unwrap();
    let mut out = Vec::with_capacity(1024);
    const N: u32 = 1_000_000;
    let started = Instant::now();
    for _ in 0..N {
        out.clear();
        w.request(&mut out).unwrap();
    }
    let per = started.elapsed() / N;
    println!(
        "request(): {} ns per call ({} bytes)",
        per.as_nanos(),
        out.len()
    );
}
