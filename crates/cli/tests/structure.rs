//! The workspace's shape, checked: the rules of docs/architecture.md that a
//! compiler does not enforce. Each test reads the sources; none builds or
//! runs anything.
//!
//! - no `.rs` file over 800 lines, and no production function over 100;
//! - the engine's worker never names a protocol's session;
//! - the lab does not depend on the server under test (barrage-target);
//! - every test file is compiled: a module of its crate's one test binary;
//! - the cli's load/agents/find_max modules and the lab's runner/remote do
//!   not import each other in a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 800;
const MAX_FN_LINES: usize = 100;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, skipping build output.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != "corpus" && name != "artifacts" {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn workspace_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root().join("crates"), &mut files);
    rust_files(&root().join("fuzz"), &mut files);
    rust_files(&root().join("bench"), &mut files);
    files.sort();
    files
}

fn shown(path: &Path) -> String {
    let root = root().canonicalize().unwrap();
    let path = path.canonicalize().unwrap();
    path.strip_prefix(&root)
        .unwrap_or(&path)
        .display()
        .to_string()
}

#[test]
fn no_source_file_is_over_800_lines() {
    let long: Vec<String> = workspace_files()
        .iter()
        .filter_map(|p| {
            let n = fs::read_to_string(p).unwrap().lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{} ({n} lines)", shown(p)))
        })
        .collect();
    assert!(
        long.is_empty(),
        "split these along their concepts (at most {MAX_FILE_LINES} lines a file): {long:#?}"
    );
}

/// A line with string and char literals and `//` comments blanked, so that
/// braces inside them are not counted.
fn code_of(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                out.push_str("\"\"");
            }
            // A char literal ('{', '\''), not a lifetime ('a).
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                let literal = rest.starts_with('\\')
                    || rest.chars().nth(1) == Some('\'')
                    || (rest.starts_with('\\') && rest.contains('\''));
                if literal {
                    let mut escaped = false;
                    for c in chars.by_ref() {
                        if escaped {
                            escaped = false;
                        } else if c == '\\' {
                            escaped = true;
                        } else if c == '\'' {
                            break;
                        }
                    }
                    out.push_str("''");
                } else {
                    out.push('\'');
                }
            }
            '/' if chars.peek() == Some(&'/') => break,
            c => out.push(c),
        }
    }
    out
}

/// The name of the function a line opens, if it opens one.
fn fn_name(code: &str) -> Option<&str> {
    let mut words = code.split_whitespace().peekable();
    while let Some(w) = words.next() {
        match w {
            "pub" | "const" | "async" | "unsafe" | "extern" | "\"\"" | "default" => continue,
            w if w.starts_with("pub(") => continue,
            "fn" => {
                let name = words.next()?;
                let end = name
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(name.len());
                return Some(&name[..end]);
            }
            _ => return None,
        }
    }
    None
}

/// Production functions (outside `#[cfg(test)]` modules and test files)
/// and their length in lines, from the `fn` line to its closing brace.
fn long_functions(name: &str, text: &str) -> Vec<String> {
    let lines: Vec<String> = text.lines().map(code_of).collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_start().starts_with("#[cfg(test)]") {
            // The rest is the test module (by this workspace's convention, last).
            break;
        }
        if let Some(f) = fn_name(&lines[i]) {
            let (mut depth, mut opened, mut j) = (0i64, false, i);
            while j < lines.len() {
                for c in lines[j].chars() {
                    match c {
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth -= 1,
                        _ => {}
                    }
                }
                if (opened && depth <= 0) || (!opened && lines[j].trim_end().ends_with(';')) {
                    break;
                }
                j += 1;
            }
            let n = j - i + 1;
            if opened && n > MAX_FN_LINES {
                found.push(format!("{name}:{} fn {f} ({n} lines)", i + 1));
            }
        }
        i += 1;
    }
    found
}

fn is_test_file(path: &Path) -> bool {
    let s = path.to_string_lossy();
    s.contains("/tests/")
        || s.ends_with("/tests.rs")
        || s.contains("/fuzz/")
        || s.contains("/bench/")
}

/// The files of `tests/` that `tests/main.rs` does not declare, for a
/// crate whose integration tests are one binary (`autotests = false`).
fn undeclared_test_files(tests: &Path) -> Vec<String> {
    let main = fs::read_to_string(tests.join("main.rs")).unwrap_or_default();
    let declared: BTreeSet<&str> = main
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    let mut missing = Vec::new();
    for entry in fs::read_dir(tests).into_iter().flatten().flatten() {
        let path = entry.path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let module = path.extension().is_some_and(|e| e == "rs") && stem != "main";
        let helper = path.join("mod.rs").is_file();
        if (module || helper) && !declared.contains(stem) {
            missing.push(shown(&path));
        }
    }
    missing.sort();
    missing
}

#[test]
fn every_test_file_is_in_its_crates_test_binary() {
    let mut missing = Vec::new();
    for entry in fs::read_dir(root().join("crates")).unwrap().flatten() {
        let manifest = fs::read_to_string(entry.path().join("Cargo.toml")).unwrap_or_default();
        let tests = entry.path().join("tests");
        if !tests.is_dir() {
            continue;
        }
        if manifest.contains("autotests = false") {
            missing.extend(undeclared_test_files(&tests));
        } else {
            // A crate of one test file needs no main.rs; a second file means
            // a second binary to link.
            let files = fs::read_dir(&tests).unwrap().flatten();
            let n = files
                .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
                .count();
            assert!(n <= 1, "{}: {n} test binaries: declare them as modules of tests/main.rs with autotests = false", shown(&tests));
        }
    }
    assert!(
        missing.is_empty(),
        "never compiled (not a module of its crate's tests/main.rs): {missing:#?}"
    );
}

#[test]
fn the_declared_file_check_sees_an_undeclared_file() {
    let dir = std::env::temp_dir().join(format!("barrage-structure-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("common")).unwrap();
    fs::write(dir.join("common/mod.rs"), "").unwrap();
    fs::write(dir.join("main.rs"), "mod common;\nmod a;\n").unwrap();
    fs::write(dir.join("a.rs"), "").unwrap();
    fs::write(dir.join("b.rs"), "").unwrap();
    let missing = undeclared_test_files(&dir);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert!(missing[0].ends_with("b.rs"), "{missing:?}");
}

#[test]
fn no_production_function_is_over_100_lines() {
    let long: Vec<String> = workspace_files()
        .iter()
        .filter(|p| !is_test_file(p))
        .flat_map(|p| long_functions(&shown(p), &fs::read_to_string(p).unwrap()))
        .collect();
    assert!(
        long.is_empty(),
        "name the steps of these (at most {MAX_FN_LINES} lines a function): {long:#?}"
    );
}

#[test]
fn the_function_counter_sees_a_long_function_and_skips_tests() {
    let body = "    let x = 1;\n".repeat(MAX_FN_LINES);
    let long = format!("pub(crate) fn long() {{\n{body}}}\nfn short() {{ '{{'; }}\n");
    let found = long_functions("case.rs", &long);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("fn long"), "{found:?}");
    let tested = format!("fn short() {{}}\n#[cfg(test)]\nmod tests {{\n{long}}}\n");
    assert!(long_functions("case.rs", &tested).is_empty());
    let braces_in_strings = format!("fn s() {{\n    let _ = \"{{{{{{\";\n}}\n{long}");
    assert_eq!(long_functions("case.rs", &braces_in_strings).len(), 1);
}

#[test]
fn the_worker_never_names_a_protocols_session() {
    let mut files = Vec::new();
    rust_files(&root().join("crates/engine/src/worker"), &mut files);
    assert!(!files.is_empty(), "crates/engine/src/worker has no sources");
    let named: Vec<String> = files
        .iter()
        .flat_map(|p| {
            let text = fs::read_to_string(p).unwrap();
            text.lines()
                .enumerate()
                .filter(|(_, l)| l.contains("Session::"))
                .map(|(i, l)| format!("{}:{}: {}", shown(p), i + 1, l.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        named.is_empty(),
        "the worker drives every protocol through the session interface; move these into crates/engine/src/session: {named:#?}"
    );
}

#[test]
fn the_lab_does_not_depend_on_the_server() {
    let manifest = fs::read_to_string(root().join("crates/lab/Cargo.toml")).unwrap();
    let deps = manifest
        .split("\n[")
        .find(|s| s.starts_with("dependencies]"))
        .expect("crates/lab/Cargo.toml has a [dependencies] table");
    assert!(
        !deps.contains("barrage-target"),
        "the lab reads the endpoint contract from its own crate, not from the server"
    );
}

/// Which of `modules` (files `src/NAME.rs` and `src/NAME/`) each one names
/// through `crate::OTHER` or `use crate::{..OTHER..}`.
fn imports(src: &Path, modules: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for &m in modules {
        let mut files = Vec::new();
        let file = src.join(format!("{m}.rs"));
        if file.exists() {
            files.push(file);
        }
        rust_files(&src.join(m), &mut files);
        let text: String = files
            .iter()
            .map(|f| fs::read_to_string(f).unwrap())
            .collect::<Vec<_>>()
            .join("\n");
        let text: String = text.split_whitespace().collect();
        let used = modules
            .iter()
            .filter(|&&other| other != m)
            .filter(|&&other| {
                text.contains(&format!("crate::{other}::"))
                    || text.contains(&format!("crate::{other};"))
                    || text.match_indices("usecrate::{").any(|(at, _)| {
                        let list = &text[at..];
                        let list = &list[..list.find('}').unwrap_or(list.len())];
                        list.split(['{', ',', ':'])
                            .any(|item| item == other || item.starts_with(&format!("{other}::")))
                    })
            })
            .map(|s| s.to_string())
            .collect();
        graph.insert(m.to_string(), used);
    }
    graph
}

/// A circle in `graph`, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut c = path[at..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if !done.insert(node.to_string()) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_circle_finder_finds_circles() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    assert!(circle(&graph(&[("a", "b"), ("b", "c")])).is_none());
    assert!(circle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])).is_some());
    assert!(circle(&graph(&[("a", "b"), ("a", "c"), ("c", "b")])).is_none());
}

#[test]
fn orchestration_modules_import_no_circle() {
    let cli = imports(
        &root().join("crates/cli/src"),
        &["load", "agents", "find_max"],
    );
    assert_eq!(circle(&cli), None, "cli modules import each other: {cli:?}");
    let lab = imports(&root().join("crates/lab/src"), &["runner", "remote"]);
    assert_eq!(circle(&lab), None, "lab modules import each other: {lab:?}");
}
