//! The rules, on this workspace.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use barrage_structure::{
    circles, long_files, long_functions, shown, MAX_CIRCLE_FILES, MAX_FILE_LINES, MAX_FN_LINES,
};

/// The workspace these tests read: the one `cargo test` runs them in
/// (cargo sets `CARGO_MANIFEST_DIR` for the test process too), else the
/// one the binary was built from. The first matters when a target
/// directory is copied to another checkout: cargo may find the copied
/// binary fresh, and the checks must still read the tree they are run in.
fn root() -> PathBuf {
    let crate_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    crate_dir.join("../..").canonicalize().unwrap()
}

#[test]
fn no_source_file_is_over_800_lines() {
    let long = long_files(&root());
    assert!(
        long.is_empty(),
        "split these along their concepts (at most {MAX_FILE_LINES} lines a file): {long:#?}"
    );
}

#[test]
fn no_production_function_is_over_100_lines() {
    let long = long_functions(&root());
    assert!(
        long.is_empty(),
        "name the steps of these (at most {MAX_FN_LINES} lines a function): {long:#?}"
    );
}

#[test]
fn no_crate_imports_in_a_circle_of_more_than_two_files() {
    let found = circles(&root());
    assert!(
        found.is_empty(),
        "rings of imports through more than {MAX_CIRCLE_FILES} files (move what they share into a file below them that imports neither, docs/architecture.md):\n  {}",
        found.join("\n  ")
    );
}

/// The files of `tests/` that `tests/main.rs` does not declare, for a
/// crate whose integration tests are one binary (`autotests = false`).
pub fn undeclared_test_files(root: &Path, tests: &Path) -> Vec<String> {
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
            missing.push(shown(root, &path));
        }
    }
    missing.sort();
    missing
}

#[test]
fn every_test_file_is_in_its_crates_test_binary() {
    let root = root();
    let mut missing = Vec::new();
    for entry in fs::read_dir(root.join("crates")).unwrap().flatten() {
        let manifest = fs::read_to_string(entry.path().join("Cargo.toml")).unwrap_or_default();
        let tests = entry.path().join("tests");
        if !tests.is_dir() {
            continue;
        }
        if manifest.contains("autotests = false") {
            missing.extend(undeclared_test_files(&root, &tests));
        } else {
            // A crate of one test file needs no main.rs; a second file means
            // a second binary to link.
            let files = fs::read_dir(&tests).unwrap().flatten();
            let n = files
                .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
                .count();
            assert!(
                n <= 1,
                "{}: {n} test binaries: declare them as modules of tests/main.rs with autotests = false",
                shown(&root, &tests)
            );
        }
    }
    assert!(
        missing.is_empty(),
        "never compiled (not a module of its crate's tests/main.rs): {missing:#?}"
    );
}

#[test]
fn the_worker_never_names_a_protocols_session() {
    let root = root();
    let files = barrage_structure::workspace_files(&root);
    let worker: Vec<&PathBuf> = files
        .iter()
        .filter(|p| shown(&root, p).starts_with("crates/engine/src/worker/"))
        .collect();
    assert!(
        !worker.is_empty(),
        "crates/engine/src/worker has no sources"
    );
    let named: Vec<String> = worker
        .iter()
        .flat_map(|p| {
            let text = fs::read_to_string(p).unwrap();
            text.lines()
                .enumerate()
                .filter(|(_, l)| l.contains("Session::"))
                .map(|(i, l)| format!("{}:{}: {}", shown(&root, p), i + 1, l.trim()))
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

#[test]
fn the_engines_input_is_data_that_imports_no_io_and_no_encoder() {
    // docs/architecture.md: LoadSpec, the request templates, the mix and
    // the TLS options can be read on their own.
    let engine = barrage_structure::modules::Crate::load(&root().join("crates/engine")).unwrap();
    let src = root().join("crates/engine/src");
    let name = |i: usize| shown(&src, &engine.files[i].path);
    let graph = engine.imports();
    let start = engine
        .files
        .iter()
        .position(|f| f.path.ends_with("src/spec.rs"))
        .expect("crates/engine/src/spec.rs");
    let (mut seen, mut todo) = (BTreeSet::from([start]), vec![start]);
    while let Some(f) = todo.pop() {
        for &t in graph.get(&f).into_iter().flatten() {
            if seen.insert(t) {
                todo.push(t);
            }
        }
    }
    let io = [
        "session/",
        "worker/",
        "uring/",
        "transport.rs",
        "tls.rs",
        "quic.rs",
        "link.rs",
        "wire.rs",
        "coordinator.rs",
        "recorder.rs",
    ];
    let reached: Vec<String> = seen
        .iter()
        .map(|&i| name(i))
        .filter(|n| io.iter().any(|p| n.starts_with(p)))
        .collect();
    assert!(
        reached.is_empty(),
        "spec.rs reaches what does I/O or encodes bytes: {reached:?} (all it reaches: {:?})",
        seen.iter().map(|&i| name(i)).collect::<Vec<_>>()
    );
}
