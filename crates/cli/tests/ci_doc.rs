//! docs/ci.md, run as written: each block it marks `<!-- file: PATH -->`
//! is written into a scratch repository, and its job script `bench/ci.sh`
//! runs there four times with the barrage under test on PATH: a first
//! run of main (no baseline, kept), a pull request's run gated against it,
//! a run whose check cannot be met (kept, trimming the history to one
//! run), and one whose server cannot start (exit 1, not kept). The GitHub Actions workflow cannot run here: it is parsed, and
//! its steps must call the script as the test does and hand on the files
//! the script writes.

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use yaml_rust2::{Yaml, YamlLoader};

use crate::common::{TempDir, BIN};

/// No run of the job should take nearly this long (five 4-second repeats).
const JOB_DEADLINE: Duration = Duration::from_secs(240);

fn doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/ci.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The blocks marked `<!-- file: PATH -->`: (PATH, the fenced block's text).
fn files(doc: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(path) = line
            .strip_prefix("<!-- file: ")
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            continue;
        };
        let fence = lines.next().unwrap_or_default();
        assert!(
            fence.starts_with("```"),
            "docs/ci.md: the line after `{line}` must open a fenced block, not {fence:?}"
        );
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        out.push((path.to_string(), body.join("\n") + "\n"));
    }
    out
}

/// What one run of the job did.
struct Job {
    code: Option<i32>,
    log: String,
    out: PathBuf,
}

impl Job {
    fn file(&self, name: &str) -> String {
        let path = self.out.join(name);
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}\njob's output:\n{}", path.display(), self.log))
    }

    /// The run's results.json: the one `ci-*` directory under results/.
    fn results(&self) -> serde_json::Value {
        let runs: Vec<PathBuf> = std::fs::read_dir(self.out.join("results"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("ci-"))
            .collect();
        assert_eq!(runs.len(), 1, "{runs:?}\n{}", self.log);
        serde_json::from_str(&std::fs::read_to_string(runs[0].join("results.json")).unwrap())
            .unwrap()
    }

    /// Whether some level failed its check, by results.json.
    fn a_check_failed(&self) -> bool {
        let results = self.results();
        let runs = results["runs"].as_array().expect("runs");
        assert!(!runs.is_empty(), "{}", self.log);
        let mut checked = 0;
        let mut failed = false;
        for run in runs {
            let checks = run["checks"].as_array().expect("every level is checked");
            assert_eq!(checks.len(), 3, "the suite's three thresholds: {run}");
            checked += 1;
            failed |= checks.iter().any(|c| c["pass"] == false);
        }
        assert_eq!(checked, 5, "five repeats of one level: {}", self.log);
        failed
    }
}

/// `bash bench/ci.sh OUT history` in `repo`, its own process group (killed
/// whole past the deadline), barrage first on PATH.
fn job(repo: &Path, out: &str, env: &[(&str, &str)]) -> Job {
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let log_path = repo.join(format!("{out}.log"));
    let log = std::fs::File::create(&log_path).unwrap();
    let mut child = Command::new("bash")
        .args(["bench/ci.sh", out, "history"])
        .current_dir(repo)
        .env("PATH", path)
        .env_remove("LABEL")
        .env_remove("KEEP")
        .env_remove("GATES")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .process_group(0)
        .spawn()
        .expect("run bash bench/ci.sh");
    let began = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if began.elapsed() > JOB_DEADLINE {
            let group = child.id() as libc::pid_t;
            // SAFETY: killpg(2) on the group of the script this test started;
            // SIGINT first, so the lab stops its servers.
            unsafe { libc::killpg(group, libc::SIGINT) };
            std::thread::sleep(Duration::from_secs(10));
            // SAFETY: as above.
            unsafe { libc::killpg(group, libc::SIGKILL) };
            let _ = child.wait();
            panic!(
                "bench/ci.sh {out} still running after {JOB_DEADLINE:?}:\n{}",
                std::fs::read_to_string(&log_path).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    Job {
        code: status.code(),
        log: std::fs::read_to_string(&log_path).unwrap(),
        out: repo.join(out),
    }
}

fn kept(repo: &Path) -> Vec<String> {
    let mut dirs: Vec<String> = std::fs::read_dir(repo.join("history"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    dirs.sort();
    dirs
}

fn key<'a>(yaml: &'a Yaml, name: &str) -> &'a Yaml {
    &yaml[name]
}

/// The workflow's steps, checked against what the test runs of the script.
fn check_workflow(text: &str) {
    let docs = YamlLoader::load_from_str(text).expect("the workflow is YAML");
    let flow = &docs[0];
    // `on` is a plain key in YAML 1.2 (yaml-rust2), not a boolean.
    let on = key(flow, "on");
    assert!(
        key(on, "push")["branches"]
            .as_vec()
            .is_some_and(|b| b.iter().any(|b| b.as_str() == Some("main"))),
        "runs on pushes to main: {on:?}"
    );
    assert!(
        !key(on, "pull_request").is_badvalue(),
        "and on pull requests"
    );
    let steps = key(flow, "jobs")["bench"]["steps"]
        .as_vec()
        .expect("jobs.bench.steps");
    let step = |pred: &dyn Fn(&Yaml) -> bool, what: &str| -> Yaml {
        steps
            .iter()
            .find(|s| pred(s))
            .unwrap_or_else(|| panic!("no step {what} in the workflow"))
            .clone()
    };
    let run_is = |s: &Yaml, text: &str| s["run"].as_str().is_some_and(|r| r.contains(text));
    let uses = |s: &Yaml, action: &str| s["uses"].as_str().is_some_and(|u| u.starts_with(action));

    let install = step(
        &|s| run_is(s, "cargo install --locked"),
        "installing barrage",
    );
    assert!(
        install["run"].as_str().unwrap().contains(" barrage"),
        "{install:?}"
    );
    let bench = step(&|s| run_is(s, "bench/ci.sh"), "running bench/ci.sh");
    assert_eq!(
        bench["run"].as_str(),
        Some("bench/ci.sh bench-out bench-history"),
        "the test runs the script with an output and a history directory"
    );
    let env = &bench["env"];
    assert!(env["LABEL"].as_str().is_some(), "a label per run: {env:?}");
    assert!(
        env["KEEP"]
            .as_str()
            .is_some_and(|k| k.contains("refs/heads/main")),
        "KEEP=1 on main only: {env:?}"
    );
    let restore = step(
        &|s| uses(s, "actions/cache/restore@"),
        "restoring the history",
    );
    let save = step(&|s| uses(s, "actions/cache/save@"), "saving the history");
    for s in [&restore, &save] {
        assert_eq!(s["with"]["path"].as_str(), Some("bench-history"), "{s:?}");
    }
    assert!(
        save["if"]
            .as_str()
            .is_some_and(|c| c.contains("refs/heads/main") && c.contains("always()")),
        "the history is saved from main, a failed gate included: {save:?}"
    );
    let position = |wanted: &Yaml| steps.iter().position(|s| s == wanted).unwrap();
    assert!(position(&restore) < position(&bench) && position(&bench) < position(&save));
    let summary = step(
        &|s| run_is(s, "GITHUB_STEP_SUMMARY"),
        "writing the job summary",
    );
    assert!(run_is(&summary, "bench-out/comment.md"), "{summary:?}");
    let upload = step(
        &|s| uses(s, "actions/upload-artifact@"),
        "uploading bench-out",
    );
    assert_eq!(upload["with"]["path"].as_str(), Some("bench-out"));
    for s in [&summary, &upload] {
        assert_eq!(
            s["if"].as_str(),
            Some("always()"),
            "after a failure too: {s:?}"
        );
    }
}

#[test]
fn the_ci_page_runs_as_written() {
    let _turn = crate::common::shared(); // a suite's levels beside other shared tests
    let doc = doc();
    let files = files(&doc);
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        names,
        [
            "bench/ci.toml",
            "bench/servers/app/server.toml",
            "bench/ci.sh",
            ".github/workflows/bench.yml"
        ]
    );
    let repo = TempDir::new("ci-doc");
    for (path, text) in &files {
        let to = repo.0.join(path);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(&to, text).unwrap();
    }
    let script = repo.0.join("bench/ci.sh");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    check_workflow(&files[3].1);

    // A first run of main: no baseline, so no gate; kept.
    let base = job(&repo.0, "out-base", &[("LABEL", "base"), ("KEEP", "1")]);
    let failed = base.a_check_failed();
    assert_eq!(
        base.code,
        Some(if failed { 3 } else { 0 }),
        "exit 3 exactly when a check failed:\n{}",
        base.log
    );
    let comment = base.file("comment.md");
    assert!(comment.starts_with("## barrage: base\n"), "{comment}");
    assert!(comment.contains("No baseline yet"), "{comment}");
    assert!(
        !base.out.join("gate.xml").exists(),
        "no gate without a baseline"
    );
    assert!(
        base.file("summary.md").contains("Checks"),
        "{}",
        base.file("summary.md")
    );
    assert_eq!(base.results()["label"], "base");
    let history = kept(&repo.0);
    assert!(
        history.len() == 1 && history[0].ends_with("-base"),
        "{history:?}"
    );
    assert!(
        base.file("history.md").contains("| base |"),
        "{}",
        base.file("history.md")
    );

    // A pull request's run: gated against the kept one, not kept itself.
    let head = job(&repo.0, "out-head", &[("LABEL", "head")]);
    let comment = head.file("comment.md");
    // Markdown escapes the gates' `<` and `>`.
    assert!(
        comment.contains(r"barrage compare: gates rate\<-5%,p99\>+10% at alpha 0.05"),
        "{comment}"
    );
    let junit = head.file("gate.xml");
    let xml = roxmltree::Document::parse(&junit).expect("gate.xml is XML");
    let cases: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 1, "one server × scenario × level: {junit}");
    assert_eq!(
        cases[0].attribute("name"),
        Some("app / hello / barrage / c=16"),
        "{junit}"
    );
    let gate_failed = cases[0].children().any(|n| n.has_tag_name("failure"));
    assert_eq!(
        comment.contains("FAILED"),
        gate_failed,
        "comment.md and gate.xml agree:\n{comment}\n{junit}"
    );
    let check_failed = head.a_check_failed();
    assert_eq!(
        head.code,
        Some(if gate_failed || check_failed { 3 } else { 0 }),
        "exit 3 exactly when the gate or a check failed:\n{}",
        head.log
    );
    assert_eq!(kept(&repo.0), history, "a pull request's run is not kept");
    let md = head.file("history.md");
    assert!(
        md.contains("| base | head |"),
        "main's run, then this one: {md}"
    );
    let page = head.file("history.html");
    assert!(page.contains("<svg"), "the page draws its charts");

    // A check that cannot be met: exit 3, everything written, and kept
    // (KEEP_RUNS=1 keeps only it).
    let suite = repo.0.join("bench/ci.toml");
    let text = std::fs::read_to_string(&suite).unwrap();
    let impossible = text.replace("rate>=1000\"", "rate>=1000000000\"");
    assert_ne!(impossible, text, "the suite's rate threshold");
    std::fs::write(
        &suite,
        impossible.replace("duration = \"3s\"", "duration = \"1s\""),
    )
    .unwrap();
    let fail = job(
        &repo.0,
        "out-fail",
        &[("LABEL", "fail"), ("KEEP", "1"), ("KEEP_RUNS", "1")],
    );
    assert_eq!(fail.code, Some(3), "{}", fail.log);
    assert!(fail.a_check_failed());
    assert!(fail.log.contains("ci: failed: a check"), "{}", fail.log);
    let comment = fail.file("comment.md");
    assert!(comment.contains("**A check failed**"), "{comment}");
    assert!(
        comment.contains("barrage compare: gates"),
        "gated against base too: {comment}"
    );
    assert!(
        fail.file("summary.md").contains("FAIL"),
        "{}",
        fail.file("summary.md")
    );
    let history = kept(&repo.0);
    assert!(
        history.len() == 1 && history[0].ends_with("-fail"),
        "kept, and trimmed to KEEP_RUNS: {history:?}"
    );

    // A server that cannot start: the run's own exit (1), a comment that
    // says so, and nothing kept.
    let manifest = repo.0.join("bench/servers/app/server.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let start = r#"command = ["{barrage}", "serve", "#;
    assert!(text.contains(start), "{text}");
    std::fs::write(
        &manifest,
        text.replace(start, r#"command = ["{barrage}", "no-such-command", "#),
    )
    .unwrap();
    let broken = job(&repo.0, "out-broken", &[("LABEL", "broken"), ("KEEP", "1")]);
    assert_eq!(broken.code, Some(1), "{}", broken.log);
    assert!(
        broken.log.contains("ci: barrage run failed (exit 1)"),
        "{}",
        broken.log
    );
    let comment = broken.file("comment.md");
    assert!(comment.contains("**The run failed** (exit 1)"), "{comment}");
    assert_eq!(kept(&repo.0), history, "a failed run is not kept");
}
