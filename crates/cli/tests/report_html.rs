//! `barrage report` and `barrage load --html` end to end, and their HTML in
//! a real browser: headless Chromium loads each page (report.html, a load
//! run's page, a capacity search's page), must log no console error, must
//! take a screenshot (kept in target/tmp/ as an artifact) and must have
//! every chart's `<svg>` in its DOM; then a copy of the page with a probe
//! script appended must find the charts interactive (hover and focus show
//! a point's value, the legend hides and shows series, by mouse and
//! keyboard) and the page fetching nothing.
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
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
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
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
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

/// `barrage load -q -t1 -c2 FLAGS --html DIR/FILE` against the reference
/// server, in process: the page.
fn load_html(dir: &Path, file: &str, flags: &[&str]) -> PathBuf {
    let target = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    })
    .expect("start the reference server");
    let page = dir.join(file);
    let url = format!("http://{}/hello", target.local_addr());
    let mut args = vec!["load", "-q", "-t1", "-c2"];
    args.extend_from_slice(flags);
    args.extend(["--html", page.to_str().unwrap(), &url]);
    let out = barrage(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    page
}

fn load_page(dir: &Path) -> PathBuf {
    load_html(dir, "load.html", &["-d2s"])
}

#[test]
fn load_writes_its_html() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
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

/// What the probe does in a copy of a page, after the page's own script:
/// hovers the first point of the first chart and reads the tooltip; moves
/// the pointer next to it; focuses the first chart's tab stop and moves
/// along its series with the arrow keys; clicks the first legend entry
/// twice, then presses Enter and Space on it; clicks a series that has a
/// companion (`NAME errors`, `NAME capacity`) twice, then the companion;
/// counts the resources the page loaded; then tries to load an image from
/// the network, which the page's policy must refuse. It writes what it saw
/// as JSON into `<pre id="test-result">`.
const PROBE: &str = r#"
(function () {
  "use strict";
  var r = { errors: [], violations: [] };
  window.addEventListener("error", function (e) {
    r.errors.push(String(e.message));
  });
  document.addEventListener("securitypolicyviolation", function (e) {
    r.violations.push(e.effectiveDirective + " " + e.blockedURI);
  });
  function shown(el) {
    return getComputedStyle(el).display !== "none";
  }
  function named(svg, selector, name) {
    return Array.prototype.find.call(svg.querySelectorAll(selector), function (el) {
      return el.getAttribute("data-series") === name;
    });
  }
  function click(el) {
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  function key(el, k) {
    el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  }
  function away() {
    document.body.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
  }
  // Headless Chromium without window focus moves document.activeElement
  // on focus() but sends no focus events (it did so in one CI run): the
  // events the browser would send, sent by hand, so that the page's own
  // focusin/focusout handlers are what is tested.
  function focused(from, to) {
    if (document.hasFocus()) {
      return;
    }
    if (from) {
      from.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: to }));
    }
    to.dispatchEvent(new FocusEvent("focusin", { bubbles: true, relatedTarget: from }));
  }
  try {
    var tip = document.querySelector(".chart-tip");
    var point = document.querySelector("figure svg .series [data-value]");
    r.hover = {
      series: point.closest(".series").getAttribute("data-series"),
      x: point.getAttribute("data-x"),
      value: point.getAttribute("data-value")
    };
    point.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    r.hover.tip = tip.textContent;
    r.hover.shown = !tip.hidden && shown(tip);
    r.hover.label = point.getAttribute("aria-label");
    r.hover.titles_left = point.querySelectorAll("title").length;
    away();
    r.hover.hidden_after = tip.hidden;

    var box = point.getBoundingClientRect();
    var px = (box.left + box.right) / 2 + 5, py = (box.top + box.bottom) / 2 + 3;
    point.closest("svg").dispatchEvent(new PointerEvent("pointermove", {
      bubbles: true,
      clientX: px,
      clientY: py
    }));
    // The tips of every point within 10 px of the pointer: where points
    // overlap (p0 and p10 at the same latency), any of them is right.
    var near = [];
    point.closest("svg").querySelectorAll(".series [data-value]").forEach(function (p) {
      var b = p.getBoundingClientRect();
      var dx = (b.left + b.right) / 2 - px, dy = (b.top + b.bottom) / 2 - py;
      if (dx * dx + dy * dy <= 100) {
        near.push(p.closest(".series").getAttribute("data-series") +
          p.getAttribute("data-x") + p.getAttribute("data-value"));
      }
    });
    r.near = { shown: !tip.hidden, tip: tip.textContent, candidates: near };
    away();

    var stops = document.querySelectorAll("figure svg [data-value][tabindex='0']");
    r.keys = { charts: document.querySelectorAll("figure svg").length, stops: stops.length };
    var first = stops[0];
    first.focus();
    focused(null, first);
    r.keys.focus_tip = !tip.hidden && tip.textContent.indexOf(first.getAttribute("data-value")) !== -1;
    key(first, "ArrowRight");
    var second = document.activeElement;
    if (second !== first) {
      focused(first, second);
    }
    r.keys.moved = second !== first && second.hasAttribute("data-value");
    r.keys.moved_tip = tip.textContent.indexOf(second.getAttribute("data-value")) !== -1;
    r.keys.roving = first.getAttribute("tabindex") + " " + second.getAttribute("tabindex");
    key(second, "Escape");
    r.keys.escape_hides = tip.hidden;
    second.blur();

    var entry = document.querySelector("figure svg .legend-entry");
    var svg = entry.closest("svg");
    var name = entry.getAttribute("data-series");
    var line = named(svg, ".series", name);
    var label = named(svg, ".end-labels text", name);
    r.legend = { name: name, role: entry.getAttribute("role"), tab: entry.tabIndex };
    click(entry);
    r.legend.hidden = !shown(line) && (!label || !shown(label));
    r.legend.pressed = entry.getAttribute("aria-pressed");
    r.legend.opacity = getComputedStyle(entry).opacity;
    click(entry);
    r.legend.shown_again = shown(line) && (!label || shown(label));
    r.legend.pressed_again = entry.getAttribute("aria-pressed");
    entry.focus();
    key(entry, "Enter");
    r.legend.enter_hides = !shown(line);
    key(entry, " ");
    r.legend.space_shows = shown(line);

    var child = document.querySelector("figure svg .legend-entry[data-of]");
    if (child) {
      var svg2 = child.closest("svg");
      var parent = named(svg2, ".legend-entry", child.getAttribute("data-of"));
      var g = named(svg2, ".series", child.getAttribute("data-series"));
      click(parent);
      r.companion = {
        name: child.getAttribute("data-series"),
        hidden: !shown(g),
        pressed: child.getAttribute("aria-pressed")
      };
      click(parent);
      r.companion.shown_again = shown(g);
      click(child);
      r.companion.alone = !shown(g) && shown(named(svg2, ".series", parent.getAttribute("data-series")));
      click(child);
    }
  } catch (e) {
    r.errors.push(String((e && e.stack) || e));
  }
  setTimeout(function () {
    r.resources = performance.getEntriesByType("resource").length;
    new Image().src = "http://127.0.0.1:9/probe.png";
    setTimeout(function () {
      var pre = document.createElement("pre");
      pre.id = "test-result";
      pre.textContent = JSON.stringify(r);
      document.body.appendChild(pre);
    }, 200);
  }, 200);
})();
"#;

/// Runs [`PROBE`] in a copy of `page` (the page's policy lets it run by a
/// nonce, next to the page's own script's hash): what it wrote.
fn probe(browser: &Path, page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let policy = "script-src 'sha256-";
    assert_eq!(html.matches(policy).count(), 1, "the page's script policy");
    assert_eq!(html.matches("</body>").count(), 1);
    let html = html
        .replacen(policy, "script-src 'nonce-probe' 'sha256-", 1)
        .replacen(
            "</body>",
            &format!("<script nonce=\"probe\">{PROBE}</script>\n</body>"),
            1,
        );
    let work = page.parent().unwrap();
    let copy = work.join("probe.html");
    std::fs::write(&copy, html).unwrap();
    let (dom, log) = run_chromium(
        browser,
        &copy,
        &work.join("profile-probe"),
        &["--dump-dom".into(), "--virtual-time-budget=5000".into()],
    );
    let start = "<pre id=\"test-result\">";
    let at = dom
        .find(start)
        .unwrap_or_else(|| panic!("no probe result; chromium said:\n{log}"))
        + start.len();
    let json = dom[at..][..dom[at..].find("</pre>").unwrap()]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// The charts of `page` are interactive in Chromium and the page fetches
/// nothing; with `companion`, a series' companion (`NAME capacity`) goes
/// and comes with it.
fn check_interactive(browser: &Path, page: &Path, companion: bool) {
    let r = probe(browser, page);
    let at = format!("{}: {r:#}", page.display());
    let s = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
    assert_eq!(r["errors"], serde_json::json!([]), "{at}");
    // Hover: the tooltip has the point's series, x and exact value, and the
    // point's title became its label (no second, native tooltip).
    let hover = &r["hover"];
    let (series, x, value) = (s(&hover["series"]), s(&hover["x"]), s(&hover["value"]));
    assert!(!value.is_empty(), "{at}");
    assert_eq!(s(&hover["tip"]), format!("{series}{x}{value}"), "{at}");
    assert_eq!(hover["shown"], true, "{at}");
    assert_eq!(
        s(&hover["label"]),
        format!("{series}, {x}: {value}"),
        "{at}"
    );
    assert_eq!(hover["titles_left"], 0, "{at}");
    assert_eq!(hover["hidden_after"], true, "{at}");
    assert_eq!(r["near"]["shown"], true, "{at}");
    // Near the point, its tip (or that of a point drawn within 10 px).
    let candidates = r["near"]["candidates"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(candidates.contains(&hover["tip"]), "{at}");
    assert!(candidates.contains(&r["near"]["tip"]), "{at}");
    // Keyboard: a tab stop per chart, the arrows move it along a series.
    let keys = &r["keys"];
    assert_eq!(keys["stops"], keys["charts"], "{at}");
    for k in ["focus_tip", "moved", "moved_tip", "escape_hides"] {
        assert_eq!(keys[k], true, "{k}: {at}");
    }
    assert_eq!(keys["roving"], "-1 0", "{at}");
    // The legend: click, click; Enter, Space.
    let legend = &r["legend"];
    assert_eq!(legend["role"], "button", "{at}");
    assert_eq!(legend["tab"], 0, "{at}");
    for k in ["hidden", "shown_again", "enter_hides", "space_shows"] {
        assert_eq!(legend[k], true, "{k}: {at}");
    }
    assert_eq!(legend["pressed"], "false", "{at}");
    assert_eq!(legend["pressed_again"], "true", "{at}");
    assert_eq!(legend["opacity"], "0.4", "dimmed: {at}");
    if companion {
        let c = &r["companion"];
        assert!(s(&c["name"]).ends_with(" capacity"), "{at}");
        for k in ["hidden", "shown_again", "alone"] {
            assert_eq!(c[k], true, "{k}: {at}");
        }
        assert_eq!(c["pressed"], "false", "{at}");
    }
    // Nothing fetched; the policy refuses what the probe tried.
    assert_eq!(r["resources"], 0, "{at}");
    assert_eq!(
        r["violations"],
        serde_json::json!(["img-src http://127.0.0.1:9/probe.png"]),
        "{at}"
    );
}

/// A capacity search's page (`barrage load --find-max --html`): a short
/// search (three steps of 300 ms) against the reference server.
fn search_page(dir: &Path) -> PathBuf {
    let flags = [
        "--find-max",
        "--slo",
        "p99<=1s",
        "--min-rate",
        "20",
        "--max-rate",
        "200",
        "--max-steps",
        "3",
        "-d",
        "300ms",
        "--warmup",
        "0s",
    ];
    load_html(dir, "search.html", &flags)
}

#[test]
#[ignore = "needs chromium (scripts/test.sh runs it)"]
fn pages_render_in_chromium() {
    let _turn = crate::common::shared(); // beside other shared tests, never a measuring one
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
    check_interactive(&browser, &dir.join("report.html"), false);

    let dir = tmp("chromium-load");
    let page = load_page(&dir);
    let ids: Vec<String> = ["latency-spectrum", "throughput", "latency-series"]
        .map(String::from)
        .to_vec();
    check_in_browser(&browser, &page, &ids, "load-html.png");
    check_interactive(&browser, &page, false);

    let dir = tmp("chromium-search");
    let page = search_page(&dir);
    let ids: Vec<String> = ["search-offered", "search-p99"].map(String::from).to_vec();
    check_in_browser(&browser, &page, &ids, "search-html.png");
    check_interactive(&browser, &page, true);
}
