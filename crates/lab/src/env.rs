//! The environment of a run, recorded once: machine, kernel, the sysctls and
//! limits that decide whether a load is possible at all, versions. `check`
//! turns a limit too low for the planned load into a warning that says the fix.
//!
//! Linux only (it reads /proc). It measures nothing during load (monitor.rs).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

pub use barrage_model::results::Environment;

/// The sysctls recorded, as named by `sysctl`.
const SYSCTLS: [&str; 5] = [
    "net.core.somaxconn",
    "net.ipv4.tcp_max_syn_backlog",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.tcp_tw_reuse",
    "fs.file-max",
];

/// How long a closed connection's port stays in TIME_WAIT on Linux (TCP_TIMEWAIT_LEN).
const TIME_WAIT_S: f64 = 60.0;

/// Reads the environment now; `repo` is the checkout barrage runs from.
pub fn capture(repo: &Path) -> Environment {
    let (open_files_soft, open_files_hard) = open_files_limit();
    Environment {
        captured_at: rfc3339_utc(SystemTime::now()),
        hostname: read_trimmed("/proc/sys/kernel/hostname")
            .unwrap_or_else(|| "unknown".to_string()),
        kernel: kernel(),
        cpu_model: fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| cpu_model(&text))
            .unwrap_or_else(|| "unknown".to_string()),
        cores: online_cores(),
        memory_bytes: fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| mem_total_bytes(&text))
            .unwrap_or(0),
        sysctls: SYSCTLS
            .iter()
            .filter_map(|name| Some((name.to_string(), read_sysctl(name)?)))
            .collect(),
        open_files_soft,
        open_files_hard,
        barrage_version: env!("CARGO_PKG_VERSION").to_string(),
        git_commit: git_commit(repo),
        server_versions: BTreeMap::new(),
    }
}

/// What a planned run will ask of the machine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Needs {
    /// The most connections open at once.
    pub connections: usize,
    /// New connections per second of non-keep-alive load.
    pub new_connections_per_s: f64,
}

/// Limits too low for `needs`, each a warning that says how to fix it.
pub fn check(env: &Environment, needs: &Needs) -> Vec<String> {
    [
        open_files_warning(env, needs),
        port_range_warning(env, needs),
        somaxconn_warning(env, needs),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Each connection is a file descriptor in the client and one in the server
/// (which inherits the limit); both need some more for themselves.
fn open_files_warning(env: &Environment, needs: &Needs) -> Option<String> {
    let needed = (needs.connections + needs.connections / 10 + 64) as u64;
    if env.open_files_soft >= needed {
        return None;
    }
    let suggested = needed.div_ceil(1024) * 1024;
    let hard = if env.open_files_hard < suggested {
        format!(
            " (above the hard limit {}: raise that as root, e.g. in /etc/security/limits.conf)",
            env.open_files_hard
        )
    } else {
        String::new()
    };
    Some(format!(
        "open files: the limit is {}, below the {needed} that {} connections need; raise it: ulimit -n {suggested}{hard}",
        env.open_files_soft, needs.connections
    ))
}

/// Every non-keep-alive connection leaves a port in TIME_WAIT for 60 s.
/// `tcp_tw_reuse` 1 reuses them; 2 does so on loopback only, which is where
/// the lab's servers listen.
fn port_range_warning(env: &Environment, needs: &Needs) -> Option<String> {
    let needed = (needs.new_connections_per_s * TIME_WAIT_S).ceil() as u64;
    let range = env.sysctls.get("net.ipv4.ip_local_port_range")?;
    let (low, high) = parse_port_range(range)?;
    let ports = high.saturating_sub(low) + 1;
    let reuse = env.sysctls.get("net.ipv4.tcp_tw_reuse").map(String::as_str);
    if needed <= ports || matches!(reuse, Some("1" | "2")) {
        return None;
    }
    Some(format!(
        "local ports: {} new connections/s stay in TIME_WAIT for 60 s and need {needed} ports, but \
         net.ipv4.ip_local_port_range ({low}-{high}) has {ports}; widen it: \
         sudo sysctl -w net.ipv4.ip_local_port_range=\"1024 65535\", or enable sudo sysctl -w net.ipv4.tcp_tw_reuse=1",
        needs.new_connections_per_s
    ))
}

/// Connections opened at once beyond the accept queue are dropped and retried after a second.
fn somaxconn_warning(env: &Environment, needs: &Needs) -> Option<String> {
    let somaxconn: usize = env.sysctls.get("net.core.somaxconn")?.parse().ok()?;
    if somaxconn >= needs.connections {
        return None;
    }
    Some(format!(
        "accept queue: net.core.somaxconn is {somaxconn}, below the {} connections opened at once; \
         raise it: sudo sysctl -w net.core.somaxconn={}",
        needs.connections,
        needs.connections.next_power_of_two()
    ))
}

/// `32768\t60999` -> (32768, 60999).
fn parse_port_range(text: &str) -> Option<(u64, u64)> {
    let mut parts = text.split_whitespace().map(|p| p.parse::<u64>().ok());
    let (low, high) = (parts.next()??, parts.next()??);
    (low <= high).then_some((low, high))
}

fn read_trimmed(path: &str) -> Option<String> {
    fs::read_to_string(path).ok().map(|s| s.trim().to_string())
}

/// A sysctl's value with its whitespace collapsed to single spaces.
fn read_sysctl(name: &str) -> Option<String> {
    let value = read_trimmed(&format!("/proc/sys/{}", name.replace('.', "/")))?;
    Some(value.split_whitespace().collect::<Vec<_>>().join(" "))
}

fn kernel() -> String {
    let os = read_trimmed("/proc/sys/kernel/ostype").unwrap_or_else(|| "Linux".to_string());
    let release =
        read_trimmed("/proc/sys/kernel/osrelease").unwrap_or_else(|| "unknown".to_string());
    format!("{os} {release} ({})", std::env::consts::ARCH)
}

/// The CPU's name in /proc/cpuinfo (`model name` on x86, `Model` or
/// `Hardware` on some ARM machines).
fn cpu_model(cpuinfo: &str) -> Option<String> {
    ["model name", "Model", "Hardware", "cpu model"]
        .iter()
        .find_map(|key| {
            cpuinfo.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                (name.trim() == *key && !value.trim().is_empty()).then(|| value.trim().to_string())
            })
        })
}

/// `MemTotal:  16303412 kB` of /proc/meminfo, in bytes.
fn mem_total_bytes(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find_map(|l| l.strip_prefix("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().next()?.parse().ok()?;
    Some(kib * 1024)
}

fn online_cores() -> usize {
    // SAFETY: sysconf only reads a system constant.
    let online = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    if online > 0 {
        online as usize
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The open-files limit the lab gives the servers and load generators it
/// starts (they inherit it), as the seeds' `ulimit -n` did: a million where
/// the lab may raise the hard limit (root), else the hard limit.
const LAB_OPEN_FILES: u64 = 1 << 20;

/// Raises this process's RLIMIT_NOFILE (inherited by everything the lab
/// starts): both limits to `LAB_OPEN_FILES` (capped by fs.nr_open) when
/// allowed, else the soft limit to the hard one. Returns the soft limit now.
pub fn raise_open_files() -> u64 {
    let nr_open = fs::read_to_string("/proc/sys/fs/nr_open")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(LAB_OPEN_FILES);
    let want = LAB_OPEN_FILES.min(nr_open);
    let (soft, hard) = open_files_limit();
    let set = |soft: u64, hard: u64| {
        let limit = libc::rlimit {
            rlim_cur: soft as libc::rlim_t,
            rlim_max: hard as libc::rlim_t,
        };
        // SAFETY: setrlimit reads the struct we own.
        unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 }
    };
    if soft < want && (hard >= want || !set(want, want)) && soft < hard {
        set(hard.min(want.max(soft)), hard);
    }
    open_files_limit().0
}

/// The soft and hard RLIMIT_NOFILE; unlimited is u64::MAX.
fn open_files_limit() -> (u64, u64) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a valid rlimit to write into.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return (0, 0);
    }
    // rlim_t is 32 bits wide on some 32-bit targets.
    #[allow(clippy::useless_conversion)]
    let value = |v: libc::rlim_t| {
        if v == libc::RLIM_INFINITY {
            u64::MAX
        } else {
            u64::from(v)
        }
    };
    (value(limit.rlim_cur), value(limit.rlim_max))
}

fn git_commit(repo: &Path) -> Option<String> {
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(args)
            .env("GIT_OPTIONAL_LOCKS", "0")
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "HEAD"]).filter(|c| !c.is_empty())?;
    let dirty =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    Some(if dirty {
        format!("{commit}-dirty")
    } else {
        commit
    })
}

/// `time` as RFC 3339 in UTC, to the second: `2023-11-14T22:13:20Z`.
/// Times before 1970 are written as the epoch.
pub fn rfc3339_utc(time: SystemTime) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, of_day) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
}

/// Days since 1970-01-01 -> (year, month, day) in the proleptic Gregorian
/// calendar (Howard Hinnant's `civil_from_days`: eras of 400 years, each
/// counted from 1 March so that the leap day ends the year).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn rfc3339_utc_table() {
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (59, "1970-01-01T00:00:59Z"),
            (86_399, "1970-01-01T23:59:59Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (1_700_000_000, "2023-11-14T22:13:20Z"),
            (1_709_251_199, "2024-02-29T23:59:59Z"),
            (1_709_251_200, "2024-03-01T00:00:00Z"),
            (4_102_444_799, "2099-12-31T23:59:59Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ];
        for (seconds, want) in cases {
            assert_eq!(
                rfc3339_utc(UNIX_EPOCH + Duration::from_secs(seconds)),
                want,
                "{seconds}"
            );
        }
        assert_eq!(
            rfc3339_utc(UNIX_EPOCH - Duration::from_secs(5)),
            "1970-01-01T00:00:00Z"
        );
    }

    #[test]
    fn civil_from_days_round_trips_month_ends() {
        // Every day from 1970 to 2100 follows the previous one.
        let mut previous = civil_from_days(0);
        for days in 1..47_482 {
            let (y, m, d) = civil_from_days(days);
            let (py, pm, pd) = previous;
            let next_day = (y, m, d) == (py, pm, pd + 1);
            let next_month = (y, m, d) == (py, pm + 1, 1);
            let next_year = (y, m, d) == (py + 1, 1, 1) && (pm, pd) == (12, 31);
            assert!(
                next_day || next_month || next_year,
                "{previous:?} -> {:?}",
                (y, m, d)
            );
            previous = (y, m, d);
        }
        assert_eq!(previous, (2099, 12, 31));
    }

    #[test]
    fn parsers_of_proc_files() {
        assert_eq!(
            mem_total_bytes("MemTotal:       16303412 kB\nMemFree: 1 kB\n"),
            Some(16_303_412 * 1024)
        );
        assert_eq!(mem_total_bytes("MemFree: 1 kB\n"), None);
        let cpuinfo = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n";
        assert_eq!(
            cpu_model(cpuinfo).as_deref(),
            Some("Intel(R) Xeon(R) CPU @ 2.20GHz")
        );
        assert_eq!(
            cpu_model("processor : 0\nModel : Raspberry Pi 4\n").as_deref(),
            Some("Raspberry Pi 4")
        );
        assert_eq!(cpu_model("processor : 0\n"), None);
        assert_eq!(parse_port_range("32768\t60999"), Some((32768, 60999)));
        assert_eq!(parse_port_range("1024 65535"), Some((1024, 65535)));
        assert_eq!(parse_port_range("9 1"), None);
        assert_eq!(parse_port_range("x"), None);
    }

    #[test]
    fn capture_reads_this_machine() {
        let env = capture(Path::new(env!("CARGO_MANIFEST_DIR")));
        assert!(env.kernel.starts_with("Linux "), "{}", env.kernel);
        assert!(env.cores >= 1);
        assert!(env.memory_bytes > 0);
        assert!(env.open_files_soft > 0 && env.open_files_soft <= env.open_files_hard);
        assert!(
            env.sysctls.contains_key("net.core.somaxconn"),
            "{:?}",
            env.sysctls
        );
        assert_eq!(env.captured_at.len(), "2024-01-01T00:00:00Z".len());
        assert!(env.captured_at.ends_with('Z'));
        assert!(!env.hostname.is_empty());
        assert_eq!(env.barrage_version, env!("CARGO_PKG_VERSION"));
        // Round-trips as JSON (results.json holds it).
        let json = serde_json::to_string(&env).unwrap();
        let back: Environment = serde_json::from_str(&json).unwrap();
        assert_eq!(back.kernel, env.kernel);
    }

    fn environment(soft: u64, hard: u64, sysctls: &[(&str, &str)]) -> Environment {
        Environment {
            captured_at: "2024-01-01T00:00:00Z".into(),
            hostname: "h".into(),
            kernel: "Linux 6.1".into(),
            cpu_model: "cpu".into(),
            cores: 4,
            memory_bytes: 1 << 30,
            sysctls: sysctls
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            open_files_soft: soft,
            open_files_hard: hard,
            barrage_version: "0.1.0".into(),
            git_commit: None,
            server_versions: BTreeMap::new(),
        }
    }

    #[test]
    fn check_table() {
        let roomy = [
            ("net.core.somaxconn", "4096"),
            ("net.ipv4.ip_local_port_range", "32768 60999"),
            ("net.ipv4.tcp_tw_reuse", "0"),
        ];
        let needs = |connections, rate| Needs {
            connections,
            new_connections_per_s: rate,
        };
        // (environment, needs, the fragments each warning must contain, in order)
        let cases: Vec<(Environment, Needs, Vec<&str>)> = vec![
            (environment(65536, 65536, &roomy), needs(1000, 0.0), vec![]),
            (
                environment(1024, 524288, &roomy),
                needs(1000, 0.0),
                vec!["ulimit -n 2048"],
            ),
            (
                environment(1024, 1024, &roomy),
                needs(1000, 0.0),
                vec!["ulimit -n 2048 (above the hard limit 1024"],
            ),
            (
                environment(1 << 20, 1 << 20, &roomy),
                needs(10_000, 0.0),
                vec!["net.core.somaxconn=16384"],
            ),
            // 28232 ports in the range: 400/s needs 24000, 500/s needs 30000.
            (environment(65536, 65536, &roomy), needs(100, 400.0), vec![]),
            (
                environment(65536, 65536, &roomy),
                needs(100, 500.0),
                vec!["need 30000 ports"],
            ),
            (
                environment(
                    65536,
                    65536,
                    &[
                        ("net.ipv4.ip_local_port_range", "32768 60999"),
                        ("net.ipv4.tcp_tw_reuse", "1"),
                    ],
                ),
                needs(100, 500.0),
                vec![],
            ),
            (
                environment(
                    65536,
                    65536,
                    &[
                        ("net.ipv4.ip_local_port_range", "32768 60999"),
                        ("net.ipv4.tcp_tw_reuse", "2"),
                    ],
                ),
                needs(100, 500.0),
                vec![],
            ),
            // Sysctls that could not be read are not guessed at.
            (environment(65536, 65536, &[]), needs(10_000, 1e6), vec![]),
            (
                environment(256, 256, &roomy),
                needs(5000, 1000.0),
                vec!["ulimit -n", "ip_local_port_range", "somaxconn"],
            ),
        ];
        for (env, needs, want) in cases {
            let warnings = check(&env, &needs);
            assert_eq!(warnings.len(), want.len(), "{needs:?}: {warnings:#?}");
            for (warning, fragment) in warnings.iter().zip(&want) {
                assert!(warning.contains(fragment), "{warning:?} lacks {fragment:?}");
            }
        }
        // The port warning offers both fixes.
        let warning = &check(&environment(65536, 65536, &roomy), &needs(100, 500.0))[0];
        assert!(
            warning.contains("ip_local_port_range=\"1024 65535\"")
                && warning.contains("tcp_tw_reuse=1")
        );
    }
}
