//! What happens before a server starts: its requirements checked, its
//! build run (cached by a digest of its sources), its version asked.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::{log_outputs, quote_log, register, remaining, signal_group, unregister, POLL};
use crate::manifest::{substitute, ServerSpec};

/// A build that runs longer than this is killed and reported as failed.
const BUILD_DEADLINE: Duration = Duration::from_secs(30 * 60);
/// The version command's time limit.
const VERSION_DEADLINE: Duration = Duration::from_secs(5);

/// What `build` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BuildOutcome {
    /// The sources (and command) are unchanged since the last successful build.
    Cached,
    Built {
        took: Duration,
    },
    /// The manifest has no build step.
    NoBuild,
}

/// Every binary the server requires is installed: on PATH or in /usr/sbin
/// (`barrage` is the running barrage; a name with a `/` is a path, relative
/// to the manifest's directory). The error names the server, what is
/// missing and the packages that provide it.
pub fn check_requires(spec: &ServerSpec, barrage: &Path) -> Result<(), String> {
    let missing: Vec<&str> = spec
        .requires
        .binaries
        .iter()
        .filter(|name| !binary_found(name, &spec.dir, barrage))
        .map(String::as_str)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let install = if spec.requires.packages.is_empty() {
        "its manifest names no package that provides it".to_string()
    } else {
        format!(
            "install: sudo apt-get install {}",
            spec.requires.packages.join(" ")
        )
    };
    Err(format!(
        "{}: {} not found on PATH or in /usr/sbin; {install}",
        spec.name,
        missing.join(", ")
    ))
}

fn binary_found(name: &str, dir: &Path, barrage: &Path) -> bool {
    if name == "barrage" {
        return is_executable(barrage);
    }
    if name.contains('/') {
        return is_executable(&dir.join(name));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin")])
        .any(|d| is_executable(&d.join(name)))
}

fn is_executable(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs `build.command` in the manifest's directory, output appended to
/// `log`, unless `cache_dir` holds a stamp with the digest of the command and
/// of the contents of `build.sources` from the last successful build.
/// `vars` are substituted into the command (`{dir}` is added when missing).
/// When the build writes `{dir}/build/` (the catalogue's convention), a
/// marker with the digest goes there too, and a build whose `build/` was
/// deleted runs again; other outputs are not watched.
pub fn build(
    spec: &ServerSpec,
    vars: &BTreeMap<String, String>,
    cache_dir: &Path,
    log: &Path,
) -> Result<BuildOutcome, String> {
    let Some(build) = &spec.build else {
        return Ok(BuildOutcome::NoBuild);
    };
    let argv = substitute_all(&build.command, &with_dir(spec, vars))
        .map_err(|e| format!("{}: build.command: {e}", spec.name))?;
    let digest = sources_digest(&spec.dir, &build.sources, &argv)
        .map_err(|e| format!("{}: {e}", spec.name))?;
    let stamp = cache_dir.join(format!("{}.build-stamp", spec.name.replace('/', "_")));
    let marker = spec.dir.join(BUILD_DIR).join(BUILD_MARKER);
    let has = |path: &Path| fs::read_to_string(path).is_ok_and(|s| s.trim() == digest);
    match fs::read_to_string(&stamp) {
        Ok(s) if s.trim() == digest => return Ok(BuildOutcome::Cached),
        Ok(s) if s.trim() == format!("{digest} {BUILD_DIR}") && has(&marker) => {
            return Ok(BuildOutcome::Cached)
        }
        _ => {}
    }
    let began = Instant::now();
    run_build(spec, &argv, log)?;
    let took = began.elapsed();
    let mut stamped = digest.clone();
    if marker.parent().is_some_and(Path::is_dir) && fs::write(&marker, &digest).is_ok() {
        stamped = format!("{digest} {BUILD_DIR}");
    }
    fs::create_dir_all(cache_dir)
        .and_then(|()| fs::write(&stamp, format!("{stamped}\n")))
        .map_err(|e| {
            format!(
                "{}: built, but cannot write {}: {e}",
                spec.name,
                stamp.display()
            )
        })?;
    Ok(BuildOutcome::Built { took })
}

/// Where a catalogue server's build writes (servers/NAME/build/).
const BUILD_DIR: &str = "build";
/// The digest of the build that wrote `build/`, inside it.
const BUILD_MARKER: &str = ".barrage-build";

fn run_build(spec: &ServerSpec, argv: &[String], log: &Path) -> Result<(), String> {
    let fail = |what: String| format!("{}: build {what}{}", spec.name, quote_log(log));
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| format!("{}: build.command is empty", spec.name))?;
    let (mut stdout, stderr) =
        log_outputs(log).map_err(|e| format!("{}: log {}: {e}", spec.name, log.display()))?;
    // A header, so that the log says which output is the build's.
    let _ = writeln!(
        stdout,
        "# barrage: building {} in {}: {argv:?}",
        spec.name,
        spec.dir.display()
    );
    let mut child = Command::new(program)
        .args(args)
        .current_dir(&spec.dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .process_group(0)
        .spawn()
        .map_err(|e| format!("{}: cannot run build command {program:?}: {e}", spec.name))?;
    let pgid = child.id();
    register(pgid);
    let status = wait_until(&mut child, Instant::now() + BUILD_DEADLINE);
    unregister(pgid);
    match status {
        Ok(Some(status)) if status.success() => Ok(()),
        Ok(Some(status)) => Err(fail(format!("failed ({status})"))),
        Ok(None) => Err(fail(format!(
            "took longer than {BUILD_DEADLINE:?} and was killed"
        ))),
        Err(e) => Err(fail(format!("could not be waited for: {e}"))),
    }
}

/// SHA-256 of the command and of each source's path and contents (a
/// directory: every file under it, in name order), as hex.
fn sources_digest(dir: &Path, sources: &[String], argv: &[String]) -> Result<String, String> {
    let mut hasher = Sha256::new();
    let mut field = |bytes: &[u8]| {
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    };
    for arg in argv {
        field(arg.as_bytes());
    }
    for source in sources {
        let mut files = Vec::new();
        collect_files(&dir.join(source), &mut files)
            .map_err(|e| format!("build source {source} in {}: {e}", dir.display()))?;
        for (path, contents) in files {
            field(path.to_string_lossy().as_bytes());
            field(&contents);
        }
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Files under `path` with their contents; a symbolic link counts by its target's name.
fn collect_files(path: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) -> io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    if meta.file_type().is_symlink() {
        out.push((
            path.to_path_buf(),
            fs::read_link(path)?
                .to_string_lossy()
                .into_owned()
                .into_bytes(),
        ));
    } else if meta.is_dir() {
        let mut entries: Vec<PathBuf> = fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for entry in entries {
            collect_files(&entry, out)?;
        }
    } else {
        out.push((path.to_path_buf(), fs::read(path)?));
    }
    Ok(())
}

/// The server's version: the first non-empty line of what `spec.version`
/// prints (stdout, then stderr), within 5 s. `vars` as for `build`.
pub fn version(spec: &ServerSpec, vars: &BTreeMap<String, String>) -> Option<String> {
    version_within(spec, vars, VERSION_DEADLINE)
}

fn version_within(
    spec: &ServerSpec,
    vars: &BTreeMap<String, String>,
    limit: Duration,
) -> Option<String> {
    let argv = substitute_all(spec.version.as_ref()?, &with_dir(spec, vars)).ok()?;
    let (program, args) = argv.split_first()?;
    let mut child = Command::new(program)
        .args(args)
        .current_dir(&spec.dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .ok()?;
    let pgid = child.id();
    register(pgid);
    let stdout = read_in_background(child.stdout.take());
    let stderr = read_in_background(child.stderr.take());
    let deadline = Instant::now() + limit;
    let exited = matches!(wait_until(&mut child, deadline), Ok(Some(_)));
    unregister(pgid);
    if !exited {
        return None;
    }
    // The output is complete once the command exits, unless something it
    // started still holds the pipe: wait a little, not forever.
    let grace = remaining(deadline).max(Duration::from_millis(200));
    let mut output = stdout.recv_timeout(grace).unwrap_or_default();
    output.push(b'\n');
    output.extend(stderr.recv_timeout(grace).unwrap_or_default());
    first_line(&String::from_utf8_lossy(&output))
}

fn read_in_background(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    if let Some(pipe) = pipe {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.take(64 * 1024).read_to_end(&mut bytes);
            let _ = tx.send(bytes);
        });
    }
    rx
}

fn first_line(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(str::to_string)
}

/// Waits for `child` until `deadline`; past it, SIGKILLs its process group
/// (it must lead one) and returns None.
fn wait_until(child: &mut Child, deadline: Instant) -> io::Result<Option<ExitStatus>> {
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        let now = Instant::now();
        if now >= deadline {
            signal_group(child.id(), libc::SIGKILL);
            child.wait()?;
            return Ok(None);
        }
        thread::sleep((deadline - now).min(POLL));
    }
}

fn substitute_all(
    templates: &[String],
    vars: &BTreeMap<String, String>,
) -> Result<Vec<String>, String> {
    templates.iter().map(|t| substitute(t, vars)).collect()
}

/// The caller's variables with `{dir}` added when missing.
fn with_dir(spec: &ServerSpec, vars: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut vars = vars.clone();
    vars.entry("dir".to_string())
        .or_insert_with(|| spec.dir.to_string_lossy().into_owned());
    vars
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::{Ready, ReadyCheck, Start};

    #[test]
    fn first_line_skips_blank_lines() {
        assert_eq!(
            first_line("\n  \nnginx version: nginx/1.24.0\nmore"),
            Some("nginx version: nginx/1.24.0".into())
        );
        assert_eq!(first_line(" \n"), None);
    }

    #[test]
    fn version_gives_up_after_its_time_limit() {
        let spec = ServerSpec {
            database_pool: None,
            warmup: Default::default(),
            vars: BTreeMap::new(),
            name: "slow".into(),
            description: String::new(),
            dir: std::env::temp_dir(),
            build: None,
            start: Start {
                command: vec!["true".into()],
                env: BTreeMap::new(),
                cwd: None,
                files: BTreeMap::new(),
            },
            ready: Ready {
                check: ReadyCheck::HttpPath("/".into()),
                deadline: Duration::from_secs(1),
            },
            version: Some(vec![
                "sh".into(),
                "-c".into(),
                "echo 1.0; exec sleep 100".into(),
            ]),
            endpoints: Vec::new(),
            protocols: Vec::new(),
            workloads: Vec::new(),
            requires: Default::default(),
            unavailable: None,
            missing_headers: Vec::new(),
        };
        let began = Instant::now();
        assert_eq!(
            version_within(&spec, &BTreeMap::new(), Duration::from_millis(200)),
            None
        );
        assert!(began.elapsed() < Duration::from_secs(2));
    }
}
