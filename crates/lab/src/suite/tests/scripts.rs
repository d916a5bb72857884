//! A scenario's wrk script: found from the suite's directory, run by wrk and barrage only.

use std::path::{Path, PathBuf};

use super::*;

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
    let parse_at = |text: &str| crate::suite::parse(text, &file);
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
    let s =
        crate::suite::parse(&with_script("script = \"scripts/pipeline.lua\""), &relative).unwrap();
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
    let ok = crate::suite::parse(
        &text.replace("driver = \"barrage\"", "drivers = [\"barrage\", \"wrk\"]"),
        &file,
    )
    .unwrap();
    assert_eq!(ok.drivers, [Driver::Barrage, Driver::Wrk]);
    for driver in ["ab", "h2load"] {
        let e = crate::suite::parse(
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
    let e = crate::suite::parse(&sessions, &file)
        .unwrap_err()
        .to_string();
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
    let s = crate::suite::parse(&search, &file).unwrap();
    assert!(s.scenario("cap").script.is_none());
}
