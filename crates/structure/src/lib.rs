//! The workspace's shape, checked: the rules of docs/architecture.md that a
//! compiler does not enforce, read from the sources of every crate (none is
//! built or run):
//!
//! - no `.rs` file over 800 lines ([`long_files`]);
//! - no production function over 100 lines, wherever it sits in its file
//!   ([`long_functions`]); what `#[cfg(test)]` or `#[test]` marks is a test;
//! - no circle of imports through more than two files of one crate
//!   ([`circles`]): a parent and its child may name each other, three files
//!   that import each other in a ring are one concept spread thin or two
//!   concepts tangled.
//!
//! Each check takes a workspace root, so its tests run it on a small
//! workspace that breaks the rule (tests/fixtures.rs) as well as on this
//! one (tests/workspace.rs).

pub mod lex;
pub mod modules;
pub mod scan;

use std::fs;
use std::path::{Path, PathBuf};

use modules::Crate;

pub const MAX_FILE_LINES: usize = 800;
pub const MAX_FN_LINES: usize = 100;

/// A circle is a strongly connected set of more files than this.
pub const MAX_CIRCLE_FILES: usize = 2;

/// Cargo's build output: a directory it tagged (`CACHEDIR.TAG`), whatever
/// its name. A source directory named `target` (crates/target) is read.
fn is_build_output(dir: &Path) -> bool {
    dir.join("CACHEDIR.TAG").is_file() || dir.join(".rustc_info.json").is_file()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            // cargo fuzz's inputs and findings hold no Rust.
            let data = name == "corpus" || name == "artifacts" || name == "node_modules";
            if !data && !is_build_output(&path) {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `.rs` file of the workspace: crates/, fuzz/ and bench/.
pub fn workspace_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["crates", "fuzz", "bench"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    files
}

/// Every crate under `root/crates`.
pub fn crates(root: &Path) -> Vec<Crate> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs.iter().filter_map(|d| Crate::load(d)).collect()
}

pub fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Files over [`MAX_FILE_LINES`], as `path (N lines)`.
pub fn long_files(root: &Path) -> Vec<String> {
    workspace_files(root)
        .iter()
        .filter_map(|p| {
            let n = fs::read_to_string(p).ok()?.lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{} ({n} lines)", shown(root, p)))
        })
        .collect()
}

/// A test's file: under a `tests/`, fuzz/ or bench/ folder, or a module its
/// crate declares under `#[cfg(test)]`.
fn test_files(root: &Path) -> Vec<PathBuf> {
    let mut tests: Vec<PathBuf> = crates(root)
        .into_iter()
        .flat_map(|c| c.files.into_iter().filter(|f| f.test).map(|f| f.path))
        .collect();
    tests.sort();
    tests
}

/// Production functions over [`MAX_FN_LINES`], as `path:line fn name (N lines)`.
pub fn long_functions(root: &Path) -> Vec<String> {
    let tests = test_files(root);
    workspace_files(root)
        .iter()
        .filter(|p| {
            let s = shown(root, p);
            let in_tests = s.split('/').any(|c| c == "tests")
                || s.starts_with("fuzz/")
                || s.starts_with("bench/");
            !in_tests && tests.binary_search(p).is_err()
        })
        .flat_map(|p| {
            let text = fs::read_to_string(p).unwrap_or_default();
            scan::scan(&text)
                .functions
                .into_iter()
                .filter(|f| f.lines > MAX_FN_LINES)
                .map(|f| {
                    format!(
                        "{}:{} fn {} ({} lines)",
                        shown(root, p),
                        f.line,
                        f.name,
                        f.lines
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Each crate's rings of imports through more than [`MAX_CIRCLE_FILES`]
/// files, as `crate: a.rs -> b.rs -> c.rs -> a.rs` (paths from its src/).
pub fn circles(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for krate in crates(root) {
        let name = |i: usize| shown(&krate.dir.join("src"), &krate.files[i].path);
        for ring in modules::rings(&krate.imports()) {
            let mut names: Vec<String> = ring.iter().map(|&i| name(i)).collect();
            names.push(names[0].clone());
            out.push(format!(
                "{}: {}",
                shown(root, &krate.dir),
                names.join(" -> ")
            ));
        }
    }
    out
}
