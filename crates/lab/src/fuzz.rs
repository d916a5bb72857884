//! Entry points for the fuzz targets in fuzz/ (cargo-fuzz, nightly): each
//! takes arbitrary bytes and must return, never panic. The tests below run
//! the same entry points on stable, on mutations of real inputs, so
//! `cargo test` exercises them too.

use std::path::Path;
use std::time::Duration;

use crate::driver::Tool;
use crate::manifest::ServerSpec;
use crate::suite::Driver;

/// A suite file's text (`suites/*.toml`).
pub fn suite_toml(data: &[u8]) {
    let _ = crate::suite::parse(&String::from_utf8_lossy(data), Path::new("fuzz.toml"));
}

/// A server manifest's text (`servers/*/server.toml`).
pub fn manifest_toml(data: &[u8]) {
    let _ = ServerSpec::parse(
        &String::from_utf8_lossy(data),
        Path::new("fuzz/server.toml"),
    );
}

/// An external tool's output as the lab reads it: standard output, a NUL
/// byte, standard error (no NUL: all of it is standard output).
pub fn tool_output(driver: Driver, data: &[u8]) {
    let (stdout, stderr) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let no_json = Path::new("/nonexistent/barrage-fuzz.json");
    let _ = driver.parse(
        &String::from_utf8_lossy(stdout),
        &String::from_utf8_lossy(stderr),
        no_json,
        Duration::from_secs(1),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use barrage_testkit::mutate::{run_mutations, Rng};
    use std::path::PathBuf;

    fn repo() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    fn paths(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
        let mut out: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| keep(p))
            .collect();
        out.sort();
        out
    }

    fn files(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<(PathBuf, Vec<u8>)> {
        paths(dir, keep)
            .into_iter()
            .map(|p| {
                let bytes = std::fs::read(&p).unwrap();
                (p, bytes)
            })
            .collect()
    }

    #[test]
    fn suites_and_manifests_never_panic() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let suites = files(&repo().join("suites"), |p| {
            p.extension().is_some_and(|e| e == "toml")
        });
        assert!(suites.len() >= 5, "the repository's suites");
        for (path, text) in &suites {
            let valid = crate::suite::parse(&String::from_utf8_lossy(text), path);
            assert!(valid.is_ok(), "{}: {:?}", path.display(), valid.err());
            run_mutations(text, 400, &mut rng, suite_toml);
        }
        let servers = repo().join("servers");
        let manifests: Vec<_> = paths(&servers, |p| p.join("server.toml").is_file())
            .into_iter()
            .map(|dir| dir.join("server.toml"))
            .collect();
        assert!(manifests.len() >= 10, "the catalogue's manifests");
        for path in &manifests {
            let text = std::fs::read(path).unwrap();
            let valid = ServerSpec::parse(&String::from_utf8_lossy(&text), path);
            assert!(valid.is_ok(), "{}: {:?}", path.display(), valid.err());
            run_mutations(&text, 200, &mut rng, manifest_toml);
        }
    }

    #[test]
    fn tool_outputs_never_panic() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let fixtures = repo().join("crates/lab/tests/fixtures");
        // The fixtures without a summary to read (ab stops before printing
        // one); every other fixture must still parse.
        let unreadable = ["ab_refused", "ab_timeout", "wrk_refused"];
        for driver in [Driver::Wrk, Driver::Ab, Driver::H2load, Driver::Httperf] {
            let name = driver.name();
            // One input per fixture: its .stdout and .stderr, either may be absent.
            let mut stems: Vec<PathBuf> = paths(&fixtures, |p| {
                let file = p.file_name().unwrap().to_string_lossy();
                file.starts_with(&format!("{name}_"))
                    && (file.ends_with(".stdout") || file.ends_with(".stderr"))
            })
            .into_iter()
            .map(|p| p.with_extension(""))
            .collect();
            stems.dedup();
            assert!(stems.len() >= 4, "{name} fixtures: {stems:?}");
            for stem in stems {
                let read = |ext| std::fs::read(stem.with_extension(ext)).unwrap_or_default();
                let (stdout, stderr) = (read("stdout"), read("stderr"));
                let parsed = driver.parse(
                    &String::from_utf8_lossy(&stdout),
                    &String::from_utf8_lossy(&stderr),
                    Path::new("/nonexistent"),
                    Duration::from_secs(1),
                );
                let file = stem.file_name().unwrap().to_string_lossy();
                let readable = !unreadable.contains(&&*file);
                assert_eq!(parsed.is_ok(), readable, "{}: {parsed:?}", stem.display());
                let mut input = stdout;
                input.push(0);
                input.extend_from_slice(&stderr);
                run_mutations(&input, 1_000, &mut rng, |data| tool_output(driver, data));
            }
        }
    }
}
