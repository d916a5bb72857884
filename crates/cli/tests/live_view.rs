//! The live view of `barrage load` in a real terminal: tmux runs it, its
//! pane is captured and read. The panels and their numbers appear and move
//! second by second; `q` ends the run early with its results written; with
//! `--no-tui` the one progress line comes instead.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;
use common::{require, serial, Server, TempDir, BIN};

/// A detached tmux session of 120 × 35 running `command`, killed on drop.
struct Tmux {
    tmux: std::path::PathBuf,
    name: String,
}

impl Tmux {
    fn start(command: &str) -> Tmux {
        let tmux = require("tmux");
        let name = format!("barrage-live-{}", std::process::id());
        let _ = Command::new(&tmux)
            .args(["kill-session", "-t", &name])
            .status();
        let ok = Command::new(&tmux)
            .args(["new-session", "-d", "-s", &name, "-x", "120", "-y", "35"])
            .arg(format!("{command}; echo EXIT=$?; sleep 60"))
            .env("TERM", "xterm-256color")
            .status()
            .unwrap()
            .success();
        assert!(ok, "tmux new-session");
        Tmux { tmux, name }
    }

    fn capture(&self) -> String {
        let out = Command::new(&self.tmux)
            .args(["capture-pane", "-p", "-t", &self.name])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &str) {
        let ok = Command::new(&self.tmux)
            .args(["send-keys", "-t", &self.name, keys])
            .status()
            .unwrap()
            .success();
        assert!(ok, "tmux send-keys");
    }

    /// The pane once `pred` holds for it, within `limit`.
    fn wait_for(&self, limit: Duration, pred: impl Fn(&str) -> bool) -> String {
        let began = Instant::now();
        loop {
            let pane = self.capture();
            if pred(&pane) {
                return pane;
            }
            assert!(began.elapsed() < limit, "not within {limit:?}:\n{pane}");
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new(&self.tmux)
            .args(["kill-session", "-t", &self.name])
            .status();
    }
}

/// The number before `/s last second` in the pane (the latest second's rate).
fn rate(pane: &str) -> Option<u64> {
    let line = pane.lines().find(|l| l.contains("/s last second"))?;
    let before = line.split("/s last second").next()?;
    let digits: String = before
        .rsplit(|c: char| !(c.is_ascii_digit() || c == ','))
        .next()?
        .replace(',', "");
    digits.parse().ok()
}

/// The total after `mean …/s` (responses so far).
fn total(pane: &str) -> Option<u64> {
    let line = pane.lines().find(|l| l.contains(" responses "))?;
    let at = line.find("/s   ")?;
    let rest = &line[at + 5..];
    rest.split_whitespace()
        .next()?
        .replace(',', "")
        .parse()
        .ok()
}

fn report(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
#[ignore = "needs tmux (scripts/setup.sh installs it; scripts/test.sh runs this)"]
fn the_live_view_shows_the_run_and_q_stops_it_with_results_written() {
    let _turn = serial();
    let server = Server::barrage(false);
    let dir = TempDir::new("live");
    let json = dir.path("run.json");
    let url = format!("http://{}/hello", server.addr);
    let tmux = Tmux::start(&format!(
        "{BIN} load -c4 -t1 -d30s --json {} {url}",
        json.display()
    ));
    // The panels, with the first second's numbers in them.
    let first = tmux.wait_for(Duration::from_secs(10), |p| {
        rate(p).is_some_and(|r| r > 0) && total(p).is_some_and(|t| t > 0)
    });
    for panel in [
        "barrage load  http://",
        " Time ",
        " Responses/s ",
        " Latency ",
        "last second",
        "whole run",
        "p99.9",
        " Status ",
        "2xx",
        " Errors (first message) ",
        " Connections ",
        "open now   4",
        "of 30s",
        "q, Esc or Ctrl-C: stop the run",
    ] {
        assert!(first.contains(panel), "no {panel:?} in:\n{first}");
    }
    // It moves: a later second has more responses in total.
    let t0 = total(&first).unwrap();
    let later = tmux.wait_for(Duration::from_secs(5), |p| total(p).is_some_and(|t| t > t0));
    assert!(later.contains("s left"), "{later}");
    // q: the run stops early, the terminal comes back with the summary, the
    // JSON is written.
    tmux.keys("q");
    let done = tmux.wait_for(Duration::from_secs(15), |p| p.contains("EXIT="));
    assert!(done.contains("EXIT=0"), "{done}");
    assert!(done.contains("interrupted"), "{done}");
    assert!(done.contains("Responses"), "{done}");
    assert!(!done.contains(" Latency ─"), "the view is gone:\n{done}");
    let r = report(&json);
    assert_eq!(r["stop_reason"], "interrupted");
    assert!(r["totals"]["responses"].as_u64().unwrap() >= t0);
    assert!(r["totals"]["elapsed_s"].as_f64().unwrap() < 20.0);
}

/// `--agents`: the same view, a row per agent in place of the latency
/// panel (agents send counts and a p99 a second, not histograms).
#[test]
#[ignore = "needs tmux (scripts/setup.sh installs it; scripts/test.sh runs this)"]
fn agents_get_a_row_each() {
    let _turn = serial();
    let server = Server::barrage(false);
    let url = format!("http://{}/hello", server.addr);
    let tmux = Tmux::start(&format!(
        "{BIN} load --agents local,local -c4 -t1 -d4s {url}"
    ));
    let pane = tmux.wait_for(Duration::from_secs(15), |p| {
        p.contains(" Agents (last second) ") && rate(p).is_some_and(|r| r > 0)
    });
    let rows = pane
        .lines()
        .filter(|l| l.contains("│local ") && l.contains("/s"))
        .count();
    assert_eq!(rows, 2, "{pane}");
    assert!(pane.contains("from 2 agents"), "{pane}");
    let done = tmux.wait_for(Duration::from_secs(20), |p| p.contains("EXIT="));
    assert!(done.contains("EXIT=0") && done.contains("Agents"), "{done}");
}

/// The wrk dialect's native run: wrk's header, the view while it runs, then
/// wrk's results on the terminal given back.
#[test]
#[ignore = "needs tmux (scripts/setup.sh installs it; scripts/test.sh runs this)"]
fn the_wrk_dialect_shows_the_view_between_its_header_and_results() {
    let _turn = serial();
    let server = Server::barrage(false);
    let url = format!("http://{}/hello", server.addr);
    let tmux = Tmux::start(&format!("{BIN} wrk -t1 -c4 -d3s {url}"));
    let view = tmux.wait_for(Duration::from_secs(10), |p| {
        p.contains(" Latency ") && rate(p).is_some_and(|r| r > 0)
    });
    assert!(view.contains("wrk dialect: "), "{view}");
    let done = tmux.wait_for(Duration::from_secs(15), |p| p.contains("EXIT="));
    assert!(done.contains("EXIT=0"), "{done}");
    assert!(done.contains("Running 3s test @ "), "{done}");
    assert!(done.contains("Requests/sec:"), "{done}");
    assert!(!done.contains(" Latency ─"), "the view is gone:\n{done}");
}

#[test]
#[ignore = "needs tmux (scripts/setup.sh installs it; scripts/test.sh runs this)"]
fn no_tui_keeps_the_progress_line() {
    let _turn = serial();
    let server = Server::barrage(false);
    let url = format!("http://{}/hello", server.addr);
    let tmux = Tmux::start(&format!("{BIN} load -c2 -t1 -d3s --no-tui {url}"));
    let line = tmux.wait_for(Duration::from_secs(10), |p| p.contains("responses/s   p99"));
    assert!(!line.contains(" Latency "), "{line}");
    let done = tmux.wait_for(Duration::from_secs(15), |p| p.contains("EXIT="));
    assert!(
        done.contains("EXIT=0") && done.contains("Responses"),
        "{done}"
    );
}
