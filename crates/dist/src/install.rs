//! Making sure the same barrage runs on a host.
//!
//! The controller asks the host for a cached copy of its own binary (by
//! SHA-256) or a `barrage` on PATH of the same version; when there is
//! neither, it copies itself over the SSH channel to
//! `~/.cache/barrage/bin/barrage-SHA` (written to a temporary name, its
//! SHA-256 checked there, then renamed) and runs `--version` to see that it
//! runs. A binary that cannot run there (another architecture, an older
//! libc) is one error line saying so and what to do.

use std::io::{Read, Write};

use sha2::{Digest, Sha256};

use crate::host::{Address, Host, SshOptions};
use crate::link::{last_lines, sh_quote, ssh};

/// This binary's `--version` line.
pub fn our_version() -> String {
    format!("barrage {}", env!("CARGO_PKG_VERSION"))
}

/// SHA-256 of a file, hex.
pub fn sha256_file(path: &std::path::Path) -> std::io::Result<String> {
    let mut f = std::fs::File::open(path)?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// This binary's SHA-256, computed once however many hosts ask.
fn own_sha256(exe: &std::path::Path) -> Result<String, String> {
    static SHA: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    SHA.get_or_init(|| {
        sha256_file(exe).map_err(|e| format!("cannot read {} to copy it: {e}", exe.display()))
    })
    .clone()
}

/// How the binary got there (for the log line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// This machine: the running binary.
    Local,
    /// A copy of this very binary was already cached there.
    Cached,
    /// `barrage` on the host's PATH, of this version.
    OnPath,
    /// Copied now.
    Copied { bytes: u64 },
}

/// Copies kept in a host's cache: a new one removes the oldest beyond these
/// (each is the whole binary; a developer's builds would pile up).
const KEEP_COPIES: usize = 4;

/// The path of a barrage on `host` that is this version, copying this
/// binary there when needed.
pub fn ensure(host: &Host, opts: &SshOptions) -> Result<(String, Found), String> {
    let exe = std::env::current_exe()
        .map_err(|e| format!("cannot find this barrage binary to copy: {e}"))?;
    if host.address == Address::Local {
        return Ok((exe.to_string_lossy().into_owned(), Found::Local));
    }
    let sha = own_sha256(&exe)?;
    let name = format!("barrage-{}", &sha[..16]);
    let want = our_version();
    // One round trip: the cached copy, else barrage on PATH, and the machine.
    let probe = format!(
        r#"c="$HOME/.cache/barrage/bin/{name}"; if [ -x "$c" ]; then echo "cached $c"; fi; b=$(command -v barrage 2>/dev/null) && echo "path $b $("$b" --version 2>/dev/null | head -n1)"; echo "uname $(uname -sm)""#
    );
    let out = run(host, opts, &probe, None)?;
    let mut uname = String::new();
    for l in out.lines() {
        if let Some(p) = l.strip_prefix("cached ") {
            return Ok((p.to_string(), Found::Cached));
        }
        if let Some(rest) = l.strip_prefix("path ") {
            if let Some((path, version)) = rest.split_once(' ') {
                if version.trim() == want {
                    return Ok((path.to_string(), Found::OnPath));
                }
            }
        }
        if let Some(u) = l.strip_prefix("uname ") {
            uname = u.to_string();
        }
    }
    let ours = format!("Linux {}", std::env::consts::ARCH);
    if !uname.is_empty() && uname != ours {
        return Err(format!(
            "host {}: it is {uname} and this barrage is built for {ours}: build barrage there (scripts/main.sh) and put it on PATH as `barrage`",
            host.name
        ));
    }
    let bytes = std::fs::read(&exe).map_err(|e| format!("cannot read {}: {e}", exe.display()))?;
    let copy = format!(
        r#"set -e; d="$HOME/.cache/barrage/bin"; mkdir -p "$d"; t="$d/.{name}.$$"; trap 'rm -f "$t"' EXIT; cat > "$t"; s=$(sha256sum "$t" | cut -d' ' -f1); if [ "$s" != {sha} ]; then echo "sha256 $s"; exit 3; fi; chmod 755 "$t"; mv "$t" "$d/{name}"; trap - EXIT; ls -t "$d"/barrage-* 2>/dev/null | tail -n +{keep} | xargs -r rm -f --; if v=$("$d/{name}" --version 2>&1); then echo "ok $d/{name} $v"; else echo "cannot-run $(echo "$v" | head -n1); ldd: $(ldd --version 2>&1 | head -n1)"; fi"#,
        sha = sh_quote(&sha),
        keep = KEEP_COPIES + 1
    );
    let out = run(host, opts, &copy, Some(&bytes))?;
    for l in out.lines() {
        if let Some(rest) = l.strip_prefix("ok ") {
            let (path, version) = rest.split_once(' ').unwrap_or((rest, ""));
            if version.trim() != want {
                return Err(format!(
                    "host {}: the copied binary says {version:?}, not {want:?}",
                    host.name
                ));
            }
            return Ok((
                path.to_string(),
                Found::Copied {
                    bytes: bytes.len() as u64,
                },
            ));
        }
        if let Some(why) = l.strip_prefix("cannot-run ") {
            return Err(format!(
                "host {}: the copied barrage cannot run there ({why}): build barrage on that host (scripts/main.sh) and put it on PATH as `barrage`",
                host.name
            ));
        }
        if let Some(s) = l.strip_prefix("sha256 ") {
            return Err(format!(
                "host {}: the copy arrived damaged (sha256 {s}, expected {sha}); try again",
                host.name
            ));
        }
    }
    Err(format!(
        "host {}: copying barrage there said nothing useful: {}",
        host.name,
        last_lines(&out)
    ))
}

/// Runs `script` on `host` with `input` on its standard input; its standard
/// output, or an error line naming the host and what ssh said.
pub fn run(
    host: &Host,
    opts: &SshOptions,
    script: &str,
    input: Option<&[u8]>,
) -> Result<String, String> {
    let mut cmd = ssh(&host.address, opts);
    cmd.arg(format!("sh -c {}", sh_quote(script)));
    let mut child = crate::link::spawn_piped(&mut cmd, host)?;
    let mut stdin = child.stdin.take().expect("piped");
    let data = input.map(<[u8]>::to_vec);
    let writer = std::thread::spawn(move || {
        if let Some(d) = data {
            let _ = stdin.write_all(&d);
        }
    });
    let out = child
        .wait_with_output()
        .map_err(|e| format!("host {}: ssh: {e}", host.name))?;
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.code() == Some(255) {
        return Err(unreachable_line(
            host,
            &String::from_utf8_lossy(&out.stderr),
        ));
    }
    Ok(stdout)
}

/// One line for a host ssh could not reach or log in to, with the fix.
pub fn unreachable_line(host: &Host, stderr: &str) -> String {
    let said = last_lines(stderr);
    let fix = if said.contains("Permission denied") {
        "add your key to its authorized_keys (ssh-copy-id), or name the key in ~/.ssh/config or the inventory's ssh_config"
    } else if said.contains("Host key verification failed") || said.contains("No ED25519 host key")
    {
        "add its host key to known_hosts (ssh once by hand, or ssh-keyscan)"
    } else if said.contains("Could not resolve") {
        "check the host's name, or give its address"
    } else {
        "check that it is up and that `ssh` reaches it without a password (BatchMode)"
    };
    format!(
        "host {} ({}) unreachable: {}: {fix}",
        host.name,
        host.address,
        if said.is_empty() {
            "ssh failed"
        } else {
            said.as_str()
        }
    )
}
