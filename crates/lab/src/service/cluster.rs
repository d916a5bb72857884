//! A PostgreSQL cluster on disk, before it runs: where the binaries are,
//! the user it runs as, `initdb`, `pg_hba.conf`, and the settings its
//! postmaster is given. Nothing here starts a server (postgres.rs does).

use std::collections::BTreeMap;
use std::ffi::CString;
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use barrage_contract::database::{DATABASE_NAME, DATABASE_USER};

/// Where Debian's PostgreSQL 15 puts its binaries.
pub const DEFAULT_BIN: &str = "/usr/lib/postgresql/15/bin";
/// Overrides [`DEFAULT_BIN`].
pub const BIN_ENV: &str = "BARRAGE_PG_BIN";
/// The superuser the lab's own connections use (over the Unix socket only).
pub const SUPERUSER: &str = "postgres";

/// Settings the lab chooses itself: a suite cannot give them.
const LAB_SETTINGS: [&str; 6] = [
    "port",
    "listen_addresses",
    "unix_socket_directories",
    "data_directory",
    "hba_file",
    "config_file",
];

/// The newest `/usr/lib/postgresql/N/bin` with a `postgres` in it.
fn newest_installed() -> Option<PathBuf> {
    std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let major: u32 = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("postgres").is_file().then_some((major, bin))
        })
        .max_by_key(|(major, _)| *major)
        .map(|(_, bin)| bin)
}

/// The PostgreSQL binaries the lab runs (`postgres`, `initdb`, `psql`).
#[derive(Debug, Clone)]
pub struct Binaries {
    pub dir: PathBuf,
}

impl Binaries {
    /// `BARRAGE_PG_BIN`, else Debian's directory; an error says what to install.
    /// `BARRAGE_PG_BIN`, else [`DEFAULT_BIN`] (Debian 12's 15), else the
    /// newest `/usr/lib/postgresql/N/bin` (another distribution's version).
    pub fn find() -> Result<Binaries, String> {
        let dir = std::env::var_os(BIN_ENV)
            .map(PathBuf::from)
            .unwrap_or_else(|| match Path::new(DEFAULT_BIN).is_dir() {
                true => PathBuf::from(DEFAULT_BIN),
                false => newest_installed().unwrap_or_else(|| PathBuf::from(DEFAULT_BIN)),
            });
        for tool in ["postgres", "initdb", "psql"] {
            if !dir.join(tool).is_file() {
                return Err(format!(
                    "PostgreSQL is not installed: no {tool} in {} (install the Debian \
                     packages postgresql and postgresql-contrib, as scripts/setup.sh does, \
                     or set {BIN_ENV} to the directory of its binaries)",
                    dir.display()
                ));
            }
        }
        Ok(Binaries { dir })
    }

    pub fn tool(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// `postgres --version`'s line, e.g.
    /// `postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)`.
    pub fn version(&self) -> Result<String, String> {
        let program = self.tool("postgres");
        let out = Command::new(&program)
            .arg("--version")
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
        let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if !out.status.success() || text.is_empty() {
            return Err(format!(
                "{} --version failed ({}): {}",
                program.display(),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        Ok(text)
    }
}

/// `PostgreSQL 15.18` from `postgres (PostgreSQL) 15.18 (Debian ...)`; the
/// whole line when it has another shape.
pub fn short_version(line: &str) -> String {
    match line.split_once("(PostgreSQL) ") {
        Some((_, rest)) => {
            let number = rest.split_whitespace().next().unwrap_or_default();
            format!("PostgreSQL {number}")
        }
        None => line.to_string(),
    }
}

/// The user and group PostgreSQL runs as: `postgres` when the lab is root
/// (PostgreSQL refuses to run as root), else the lab's own (none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunAs {
    pub uid: u32,
    pub gid: u32,
}

impl RunAs {
    pub fn for_this_process() -> Result<Option<RunAs>, String> {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return Ok(None);
        }
        user(SUPERUSER).map(Some).ok_or_else(|| {
            "PostgreSQL refuses to run as root and this host has no user postgres \
             (install the Debian package postgresql, which creates it)"
                .to_string()
        })
    }

    /// The user can enter `dir` (every directory above it lets it pass).
    pub fn can_reach(&self, dir: &Path) -> bool {
        dir.ancestors().all(|a| match fs::metadata(a) {
            Ok(m) if m.uid() == self.uid => m.mode() & 0o100 != 0,
            Ok(m) if m.gid() == self.gid => m.mode() & 0o010 != 0,
            Ok(m) => m.mode() & 0o001 != 0,
            Err(_) => false,
        })
    }
}

/// The uid and gid of user `name` (getpwnam_r).
fn user(name: &str) -> Option<RunAs> {
    let name = CString::new(name).ok()?;
    let mut buf = vec![0 as libc::c_char; 16 * 1024];
    // SAFETY: passwd is plain data; zeroed is a valid value for it.
    let mut pwd: libc::passwd = unsafe { std::mem::zeroed() };
    let mut found: *mut libc::passwd = std::ptr::null_mut();
    // SAFETY: every pointer is valid for the call, buf's length is passed.
    let rc = unsafe {
        libc::getpwnam_r(
            name.as_ptr(),
            &mut pwd,
            buf.as_mut_ptr(),
            buf.len(),
            &mut found,
        )
    };
    if rc != 0 || found.is_null() {
        return None;
    }
    Some(RunAs {
        uid: pwd.pw_uid,
        gid: pwd.pw_gid,
    })
}

/// A command run as `run_as` (if any) in `cwd`, with a plain environment
/// (messages in English: the lab quotes them).
pub fn command(program: &Path, run_as: Option<RunAs>, cwd: &Path) -> Command {
    let mut cmd = Command::new(program);
    cmd.current_dir(cwd)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LC_ALL", "C")
        .stdin(Stdio::null());
    if let Some(user) = run_as {
        cmd.uid(user.uid).gid(user.gid);
    }
    cmd
}

/// Gives `path` to the user (and mode `mode`).
pub fn hand_over(path: &Path, run_as: Option<RunAs>, mode: u32) -> Result<(), String> {
    if let Some(user) = run_as {
        std::os::unix::fs::chown(path, Some(user.uid), Some(user.gid))
            .map_err(|e| format!("cannot give {} to user postgres: {e}", path.display()))?;
    }
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
        .map_err(|e| format!("cannot set the mode of {}: {e}", path.display()))
}

/// `initdb` of a new cluster in `data` (UTF-8, C locale, superuser
/// `postgres`), its output appended to `log`.
pub fn initdb(
    bin: &Binaries,
    run_as: Option<RunAs>,
    data: &Path,
    log: &Path,
) -> Result<(), String> {
    let cwd = data.parent().unwrap_or(Path::new("/"));
    let (out, err) = log_files(log)?;
    let status = command(&bin.tool("initdb"), run_as, cwd)
        .arg("-D")
        .arg(data)
        .args(["-U", SUPERUSER, "-E", "UTF8", "--locale=C", "--no-sync"])
        .args(["--auth-local=trust", "--auth-host=scram-sha-256"])
        .stdout(out)
        .stderr(err)
        .status()
        .map_err(|e| format!("cannot run initdb: {e}"))?;
    if !status.success() {
        return Err(format!(
            "initdb failed ({status}): {}",
            super::log::log_line(log, 0).unwrap_or_else(|| "its log is empty".into())
        ));
    }
    Ok(())
}

/// stdout and stderr appending to `log`.
pub fn log_files(log: &Path) -> Result<(fs::File, fs::File), String> {
    if let Some(dir) = log.parent().filter(|p| !p.as_os_str().is_empty()) {
        let _ = fs::create_dir_all(dir);
    }
    let file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .map_err(|e| format!("cannot open the log {}: {e}", log.display()))?;
    let copy = file
        .try_clone()
        .map_err(|e| format!("log {}: {e}", log.display()))?;
    Ok((copy, file))
}

/// `pg_hba.conf`: the superuser over the Unix socket only (trust, the lab's
/// own connections); `benchmarkdbuser` over TCP with its password from
/// loopback, the lab's namespaces (198.18.0.0/15) and, when the service
/// listens on another address, the networks of this host (a server on
/// another host of the lab).
pub fn hba(listen: &str) -> String {
    let mut nets = vec!["127.0.0.0/8", "::1/128", "198.18.0.0/15"];
    if !is_local(listen) {
        nets.push("samenet");
    }
    let mut text = String::from(
        "# Written by barrage's lab (crates/lab/src/service/cluster.rs).\n\
         # TYPE  DATABASE  USER  ADDRESS  METHOD\n",
    );
    text.push_str(&format!("local all {SUPERUSER} trust\n"));
    text.push_str(&format!("local {DATABASE_NAME} {DATABASE_USER} trust\n"));
    for net in nets {
        text.push_str(&format!(
            "host {DATABASE_NAME} {DATABASE_USER} {net} scram-sha-256\n"
        ));
    }
    text
}

/// Loopback or the lab's namespace range.
fn is_local(addr: &str) -> bool {
    match addr.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(v4)) => {
            v4.is_loopback() || (v4.octets()[0] == 198 && (v4.octets()[1] & 0xfe) == 18)
        }
        Ok(std::net::IpAddr::V6(v6)) => v6.is_loopback(),
        Err(_) => addr == "localhost",
    }
}

/// The settings a postmaster runs with: TechEmpower's (`synchronous_commit
/// off`, `pg_stat_statements` loaded, `shared_buffers` 256MB, fsync on), on
/// `listen`, `max_connections` from the call; the suite's `service.settings`
/// over them. `shared_preload_libraries` always includes
/// `pg_stat_statements` (the proof of work reads it).
pub fn settings(
    suite: &BTreeMap<String, String>,
    max_connections: u32,
    listen: &str,
) -> Result<BTreeMap<String, String>, String> {
    let mut all: BTreeMap<String, String> = [
        ("listen_addresses", listen.to_string()),
        ("max_connections", max_connections.to_string()),
        ("shared_buffers", "256MB".to_string()),
        ("synchronous_commit", "off".to_string()),
        ("shared_preload_libraries", "pg_stat_statements".to_string()),
        ("pg_stat_statements.track", "top".to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    for (name, value) in suite {
        if LAB_SETTINGS.contains(&name.as_str()) {
            return Err(format!(
                "service setting {name}: the lab sets it (a free port, the given host and a \
                 directory of the run)"
            ));
        }
        all.insert(name.clone(), value.clone());
    }
    let preload = all.entry("shared_preload_libraries".into()).or_default();
    let has_statements = preload
        .split(',')
        .any(|l| l.trim().trim_matches('\'') == "pg_stat_statements");
    if !has_statements {
        if preload.trim().is_empty() {
            *preload = "pg_stat_statements".into();
        } else {
            preload.push_str(",pg_stat_statements");
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_version_takes_the_number() {
        let line = "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)";
        assert_eq!(short_version(line), "PostgreSQL 15.18");
        assert_eq!(short_version("something else"), "something else");
    }

    #[test]
    fn settings_take_the_suites_over_the_labs() {
        let none = BTreeMap::new();
        let s = settings(&none, 300, "127.0.0.1").unwrap();
        assert_eq!(s["max_connections"], "300");
        assert_eq!(s["synchronous_commit"], "off");
        assert_eq!(s["listen_addresses"], "127.0.0.1");
        let suite: BTreeMap<String, String> = [
            ("max_connections", "512"),
            ("shared_preload_libraries", "auto_explain"),
            ("work_mem", "64MB"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let s = settings(&suite, 300, "127.0.0.1").unwrap();
        assert_eq!(s["max_connections"], "512");
        assert_eq!(s["work_mem"], "64MB");
        assert_eq!(
            s["shared_preload_libraries"],
            "auto_explain,pg_stat_statements"
        );
        let port: BTreeMap<String, String> = [("port".to_string(), "5432".to_string())].into();
        let e = settings(&port, 300, "127.0.0.1").unwrap_err();
        assert!(e.contains("port") && e.contains("lab sets it"), "{e}");
    }

    #[test]
    fn hba_lets_the_superuser_in_by_socket_only() {
        let text = hba("127.0.0.1");
        assert!(text.contains("local all postgres trust"));
        assert!(!text.contains("host all postgres"));
        assert!(text.contains("host hello_world benchmarkdbuser 127.0.0.0/8 scram-sha-256"));
        assert!(text.contains("198.18.0.0/15"));
        assert!(!text.contains("samenet"));
        assert!(hba("10.0.0.5").contains("samenet"));
        assert!(!hba("198.19.1.2").contains("samenet"));
    }
}
