//! `barrage load --mix FILE` end to end: a bad file is one line naming
//! file:line (exit 2); a good one runs against the reference server and
//! its per-template results are in the summary and the JSON.

use crate::cli_support;
use crate::common;
use cli_support::{barrage, target, u64_at};
use common::{serial, TempDir};

#[test]
fn a_bad_mix_file_is_one_line_with_its_line() {
    let dir = TempDir::new("mix-bad");
    let file = dir.path("bad.toml");
    std::fs::write(
        &file,
        "[[request]]\npath = \"/hello\"\n\n[[request]]\npath = \"/x?{rand 3..1}\"\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let run = barrage(&["load", "-n", "5", "--mix", file, "http://127.0.0.1:1/"]);
    let line = run.usage_error(&file);
    assert!(line.starts_with(&format!("--mix {file}:5: ")), "{line}");
    let run = barrage(&[
        "load",
        "-n",
        "5",
        "--mix",
        file,
        "--urls",
        file,
        "http://127.0.0.1:1/",
    ]);
    assert_eq!(run.code, Some(2), "{run:?}");
}

#[test]
fn a_mix_reports_each_template() {
    let _serial = serial();
    let t = target();
    let dir = TempDir::new("mix-good");
    let file = dir.path("mix.toml");
    std::fs::write(
        &file,
        "[[request]]\nname = \"hello\"\npath = \"/hello?a={rand 0..9}\"\nweight = 3\n\n[[request]]\npath = \"/nope/{seq}\"\n",
    )
    .unwrap();
    let url = format!("http://{}/ignored", t.local_addr());
    let args = [
        "load",
        "-t1",
        "-c1",
        "-n",
        "400",
        "--mix",
        file.to_str().unwrap(),
        &url,
    ];
    let run = barrage(&[&args[..], &["--json", "-"]].concat());
    assert_eq!(run.code, Some(0), "{run:?}");
    let v = run.json();
    assert_eq!(u64_at(&v, "/templates/0/responses"), 300, "{v}");
    assert_eq!(u64_at(&v, "/templates/1/responses"), 100);
    assert_eq!(v.pointer("/templates/1/name").unwrap(), "GET /nope/{seq}");
    assert_eq!(u64_at(&v, "/templates/0/status_counts/200"), 300);
    assert_eq!(u64_at(&v, "/templates/1/status_counts/404"), 100);
    let run = barrage(&args);
    assert!(run.stdout.contains("Templates"), "{}", run.stdout);
    assert!(run.stdout.contains("404: 100"), "{}", run.stdout);
}

#[test]
fn the_capacity_search_takes_a_mix() {
    let _serial = serial();
    let server =
        barrage_testkit::TestServer::start(barrage_testkit::Behavior::Capacity { per_second: 800 });
    let dir = TempDir::new("mix-search");
    let file = dir.path("mix.toml");
    std::fs::write(
        &file,
        "[[request]]\npath = \"/a?x={rand 1..100}\"\nweight = 2\n\n[[request]]\nmethod = \"POST\"\npath = \"/b\"\nbody = \"{seq}\"\n",
    )
    .unwrap();
    let url = server.url("/");
    let run = barrage(&[
        "load",
        "--find-max",
        "--json",
        "-",
        "-q",
        "--slo",
        "p99<=20ms,errors<=0.1%",
        "-c",
        "100",
        "--max-connections",
        "300",
        "-d",
        "2s",
        "--warmup",
        "500ms",
        "--min-rate",
        "100",
        "--max-rate",
        "100000",
        "--mix",
        file.to_str().unwrap(),
        &url,
    ]);
    // The machine may be too busy for a capacity here (client-bound, exit 1):
    // what is checked is that the search ran its steps with the mix.
    assert_ne!(run.code, Some(2), "{run:?}");
    let v = run.json();
    let steps = v["steps"].as_array().unwrap();
    assert!(!steps.is_empty(), "{v:#}");
    assert!(steps[0]["requests_sent"].as_u64().unwrap() > 0, "{v:#}");
    assert_eq!(steps[0]["errors"], 0, "{v:#}");
}
