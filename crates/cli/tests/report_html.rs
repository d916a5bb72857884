//! `barrage report` and `barrage load --html` end to end, and their HTML in
//! a real browser: headless Chromium loads each page, must log no console
//! error, must take a screenshot (kept in target/tmp/ as an artifact) and
//! must have every chart's `<svg>` in its DOM.
//!
//! The browser test is `#[ignore = "needs chromium"]`: a plain `cargo test`
//! lists it as ignored; scripts/test.sh runs it with `--include-ignored`,
//! where a missing Chromium fails it (scripts/setup.sh installs the
//! `chromium` package; `BARRAGE_CHROMIUM` names another browser).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use barrage_target::{Target, TargetConfig};

const BIN: &str = env!("CARGO_BIN_EXE_barrage");
/// Chromium is killed after this long.
const BROWSER_DEADLINE: Duration = Duration::from_secs(60);

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../report/tests/fixtures")
        .join(name)
}

fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("report-html")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of a fixture's results directory.
fn results_dir(fixture_name: &str, test: &str) -> PathBuf {
    let dir = tmp(test);
    std::fs::copy(
        fixture(fixture_name).join("results.json"),
        dir.join("results.json"),
    )
    .unwrap();
    dir
}

fn barrage(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run barrage")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn report_writes_every_file_html_last() {
    let dir = results_dir("interrupted", "cli-report");
    let out = barrage(&["report", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].ends_with("report.md"), "{stdout}");
    assert!(lines[1].ends_with("report.csv"), "{stdout}");
    assert!(lines.last().unwrap().ends_with("report.html"), "{stdout}");
    for l in &lines {
        assert!(Path::new(l).is_file(), "{l} not written");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("PARTIAL: the run was interrupted"));
}

#[test]
fn report_of_a_bad_directory_is_one_line_exit_2() {
    let missing = tmp("cli-missing").join("nothing-here");
    let out = barrage(&["report", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("barrage: error: ") && err.contains("nothing-here"),
        "{err}"
    );

    let empty = tmp("cli-empty");
    let out = barrage(&["report", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("results.json: cannot read"), "{err}");
    assert!(out.stdout.is_empty());
}

fn load_page(dir: &Path) -> PathBuf {
    let target = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    })
    .expect("start the reference server");
    let page = dir.join("load.html");
    let url = format!("http://{}/hello", target.local_addr());
    let out = barrage(&[
        "load",
        "-q",
        "-t1",
        "-c2",
        "-d2s",
        "--html",
        page.to_str().unwrap(),
        &url,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    page
}

#[test]
fn load_writes_its_html() {
    let dir = tmp("cli-load");
    let page = load_page(&dir);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for id in ["latency-spectrum", "throughput", "latency-series"] {
        assert!(
            html.contains(&format!("<figure id=\"{id}\"")),
            "no chart {id}"
        );
    }
    assert!(html.contains("responses/s") && html.contains("p99.99"));
    assert!(!html.contains(" src=\"http") && !html.contains(" href=\"http"));

    let out = barrage(&[
        "load",
        "-q",
        "-d1s",
        "--timeout",
        "1s",
        "--html",
        "/nonexistent-dir/x.html",
        "http://127.0.0.1:9/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("writing HTML to /nonexistent-dir/x.html"),
        "{}",
        text(&out.stderr)
    );
}

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("BARRAGE_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome", "chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Runs Chromium headless on `page` with `extra` flags; kills it after
/// [`BROWSER_DEADLINE`]. Returns (stdout, stderr).
fn run_chromium(browser: &Path, page: &Path, profile: &Path, extra: &[String]) -> (String, String) {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out_pipe.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err_pipe.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > BROWSER_DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "chromium did not finish {} within {BROWSER_DEADLINE:?}",
                page.display()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    (text(&out.join().unwrap()), text(&err.join().unwrap()))
}

/// Loads `page`: no console error, a screenshot, and `figures` charts with
/// their `<svg>` in the DOM.
fn check_in_browser(browser: &Path, page: &Path, figures: &[String], artifact: &str) {
    let work = page.parent().unwrap();
    let shot = work.join("screenshot.png");
    let _ = std::fs::remove_file(&shot);
    let (_, log) = run_chromium(
        browser,
        page,
        &work.join("profile-shot"),
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=1280,2000".into(),
        ],
    );
    let console: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("CONSOLE") || l.contains("Uncaught"))
        .collect();
    assert!(
        console.is_empty(),
        "console messages:\n{}",
        console.join("\n")
    );
    let png = std::fs::read(&shot).unwrap_or_else(|e| {
        panic!(
            "no screenshot {} ({e}); chromium said:\n{log}",
            shot.display()
        )
    });
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join(artifact);
    std::fs::copy(&shot, &kept).unwrap();
    println!("screenshot of {}: {}", page.display(), kept.display());

    let (dom, log) = run_chromium(
        browser,
        page,
        &work.join("profile-dom"),
        &["--dump-dom".into()],
    );
    assert!(dom.contains("</html>"), "no DOM; chromium said:\n{log}");
    assert_eq!(
        dom.matches("<svg").count(),
        figures.len(),
        "the DOM's <svg> elements"
    );
    for id in figures {
        let at = dom
            .find(&format!("<figure id=\"{id}\""))
            .unwrap_or_else(|| panic!("no figure {id} in the DOM"));
        let next = dom[at..].find("</figure>").unwrap() + at;
        assert!(dom[at..next].contains("<svg"), "figure {id} has no <svg>");
    }
}

#[test]
#[ignore = "needs chromium (scripts/test.sh runs it)"]
fn pages_render_in_chromium() {
    let Some(browser) = chromium() else {
        panic!("needs chromium: not found (scripts/setup.sh installs the chromium package; or set BARRAGE_CHROMIUM)");
    };

    let dir = results_dir("complete", "chromium-report");
    let out = barrage(&["report", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let results = barrage_report::model::load_results(&dir).unwrap();
    let ids: Vec<String> = barrage_report::chart::charts_for(&results)
        .into_iter()
        .map(|c| c.id)
        .collect();
    check_in_browser(&browser, &dir.join("report.html"), &ids, "report-html.png");

    let dir = tmp("chromium-load");
    let page = load_page(&dir);
    let ids: Vec<String> = ["latency-spectrum", "throughput", "latency-series"]
        .map(String::from)
        .to_vec();
    check_in_browser(&browser, &page, &ids, "load-html.png");
}
