//! Each rule on a small workspace that breaks it: a check that cannot see
//! a breach would pass on this workspace too.

use std::fs;
use std::path::{Path, PathBuf};

use barrage_structure::{circles, long_files, long_functions, MAX_FILE_LINES, MAX_FN_LINES};

use crate::workspace::undeclared_test_files;

/// A folder of its own under the system's temporary one, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("barrage-structure-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn write(&self, path: &str, text: &str) -> &Scratch {
        let path = self.0.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
        self
    }

    fn root(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn long_fn(name: &str) -> String {
    let body = "    let x = 1;\n".repeat(MAX_FN_LINES);
    format!("pub(crate) fn {name}() {{\n{body}}}\n")
}

/// A crate named `target` (like crates/target), with a long function after
/// its test module, a long test function and build output of its own.
fn crate_named_target(ws: &Scratch) {
    ws.write("crates/target/Cargo.toml", "[package]\nname = \"t\"\n")
        .write(
            "crates/target/src/lib.rs",
            &format!(
                "mod ok;\n#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod inline {{\n{}}}\n{}",
                long_fn("long_test"),
                long_fn("after_the_tests")
            ),
        )
        .write(
            "crates/target/src/ok.rs",
            "fn short() { let _ = \"{{{\"; }\n",
        )
        .write("crates/target/src/tests.rs", &long_fn("in_a_test_file"))
        .write(
            "crates/target/target/CACHEDIR.TAG",
            "Signature: 8a477f597d28d172789f06886806bc55\n",
        )
        .write(
            "crates/target/target/debug/build/out.rs",
            &long_fn("generated"),
        );
}

#[test]
fn the_function_rule_reads_every_crate_and_every_function_but_tests() {
    let ws = Scratch::new("functions");
    crate_named_target(&ws);
    let long = long_functions(ws.root());
    assert_eq!(long.len(), 1, "{long:#?}");
    assert!(
        long[0].starts_with("crates/target/src/lib.rs:"),
        "{long:#?}"
    );
    assert!(long[0].contains("fn after_the_tests"), "{long:#?}");
}

#[test]
fn the_file_rule_reads_every_crate_and_skips_build_output() {
    let ws = Scratch::new("files");
    crate_named_target(&ws);
    ws.write(
        "crates/target/src/big.rs",
        &"// a line\n".repeat(MAX_FILE_LINES + 1),
    )
    .write(
        "crates/target/target/debug/big.rs",
        &"// a line\n".repeat(MAX_FILE_LINES + 1),
    );
    let long = long_files(ws.root());
    assert_eq!(
        long,
        [format!(
            "crates/target/src/big.rs ({} lines)",
            MAX_FILE_LINES + 1
        )]
    );
}

#[test]
fn the_circle_rule_finds_three_files_and_allows_a_parent_and_its_child() {
    let ws = Scratch::new("circles");
    ws.write("crates/a/Cargo.toml", "[package]\nname = \"a\"\n")
        .write(
            "crates/a/src/lib.rs",
            "mod spec;\nmod wire;\nmod codec;\npub mod session;\npub use codec::Codec;\n#[cfg(test)]\nmod tests { use crate::spec::*; }\n",
        )
        // spec -> wire (a path in code), wire -> codec (through the
        // crate root's re-export), codec -> spec (a grouped use); session
        // and its child h1 name each other, which is allowed.
        .write("crates/a/src/spec.rs", "pub struct Spec;\nfn f() { crate::wire::encode(); }\n")
        .write("crates/a/src/wire.rs", "use crate::Codec;\npub fn encode() {}\n")
        .write(
            "crates/a/src/codec.rs",
            "use crate::{spec::Spec, session::h1::H1};\npub struct Codec;\n",
        )
        .write("crates/a/src/session/mod.rs", "mod h1;\npub use h1::H1;\npub struct Session;\n")
        .write("crates/a/src/session/h1.rs", "use super::Session;\npub struct H1;\n");
    let found = circles(ws.root());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].starts_with("crates/a: "), "{found:#?}");
    assert_eq!(found[0].matches(" -> ").count(), 3, "{found:#?}");
    for file in ["spec.rs", "wire.rs", "codec.rs"] {
        assert!(found[0].contains(file), "{file}: {found:#?}");
    }
    assert!(
        !found[0].contains("session/"),
        "a parent and its child: {found:#?}"
    );

    // A parent that re-exports its children (a facade) does not depend on
    // them for it: its child naming a sibling and the parent is no ring.
    ws.write(
        "crates/a/src/session/mod.rs",
        "mod h1;\nmod h2;\npub use h1::H1;\npub use self::h2::H2;\npub struct Session;\n",
    )
    .write(
        "crates/a/src/session/h2.rs",
        "use super::{Session, H1};\npub struct H2;\n",
    );
    assert_eq!(circles(ws.root()).len(), 1, "{:#?}", circles(ws.root()));

    // Break the ring: the spec no longer names the wire.
    ws.write("crates/a/src/spec.rs", "pub struct Spec;\n");
    assert_eq!(circles(ws.root()), Vec::<String>::new());
}

#[test]
fn the_declared_file_check_sees_an_undeclared_file() {
    let ws = Scratch::new("declared");
    ws.write("common/mod.rs", "")
        .write("main.rs", "mod common;\nmod a;\n")
        .write("a.rs", "")
        .write("b.rs", "");
    let missing = undeclared_test_files(ws.root(), ws.root());
    assert_eq!(missing, ["b.rs"]);
}
