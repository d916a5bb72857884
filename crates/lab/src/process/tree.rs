//! The process tree of a server, read from /proc, and CPU affinity: who
//! belongs to a server, and which cores each of its threads may run on.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io;
use std::path::Path;
use std::sync::OnceLock;

/// The fields of /proc/PID/stat that the lab reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ProcStat {
    pub pid: u32,
    pub state: char,
    pub ppid: u32,
    pub pgrp: u32,
    pub utime_ticks: u64,
    pub stime_ticks: u64,
    pub threads: u64,
    /// Start time after boot, in clock ticks: with `pid`, identifies the process.
    pub start_ticks: u64,
}

/// Parses /proc/PID/stat. The command name (field 2) may hold spaces and
/// parentheses, so the fields are counted from the last `)`.
pub(crate) fn parse_stat(text: &str) -> Option<ProcStat> {
    let open = text.find('(')?;
    let close = text.rfind(')')?;
    let pid = text[..open].trim().parse().ok()?;
    let fields: Vec<&str> = text.get(close + 1..)?.split_whitespace().collect();
    // fields[0] is field 3 of proc(5).
    let field = |n: usize| fields.get(n - 3).copied();
    let number = |n: usize| field(n)?.parse::<u64>().ok();
    Some(ProcStat {
        pid,
        state: field(3)?.chars().next()?,
        ppid: number(4)? as u32,
        pgrp: number(5)? as u32,
        utime_ticks: number(14)?,
        stime_ticks: number(15)?,
        threads: number(20)?,
        start_ticks: number(22)?,
    })
}

pub(crate) fn read_stat(pid: u32) -> Option<ProcStat> {
    parse_stat(&fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// Every process's stat, read from /proc.
pub(crate) fn all_stats() -> Vec<ProcStat> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(read_stat)
        .collect()
}

/// `root` and all its descendants (from the parent pid in /proc/*/stat),
/// parents before children. `root` is listed even if it no longer exists.
pub fn tree_pids(root: u32) -> Vec<u32> {
    descendants(root, all_stats().iter().map(|s| (s.pid, s.ppid)))
}

/// `tree_pids`, cheaper where the kernel has /proc/PID/task/TID/children
/// (CONFIG_PROC_CHILDREN): it reads only the tree's own files instead of
/// every process's, which matters when sampling 10 times a second while a
/// benchmark runs.
pub(crate) fn tree_pids_by_children(root: u32) -> Vec<u32> {
    static SUPPORTED: OnceLock<bool> = OnceLock::new();
    if !*SUPPORTED.get_or_init(|| Path::new("/proc/thread-self/children").exists()) {
        return tree_pids(root);
    }
    let mut tree = vec![root];
    let mut seen: HashSet<u32> = tree.iter().copied().collect();
    let mut next = 0;
    while next < tree.len() {
        let pid = tree[next];
        next += 1;
        // A process that has exited has no task directory: it has no children to list.
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for tid in tasks.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok()) {
            let children =
                fs::read_to_string(format!("/proc/{pid}/task/{tid}/children")).unwrap_or_default();
            for child in children
                .split_whitespace()
                .filter_map(|c| c.parse::<u32>().ok())
            {
                // `seen` guards against a pid reused while we walk.
                if seen.insert(child) {
                    tree.push(child);
                }
            }
        }
    }
    tree
}

/// `root` and everything below it in a list of `(pid, ppid)` pairs.
fn descendants(root: u32, pairs: impl IntoIterator<Item = (u32, u32)>) -> Vec<u32> {
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for (pid, ppid) in pairs {
        children.entry(ppid).or_default().push(pid);
    }
    let mut tree = vec![root];
    let mut next = 0;
    while next < tree.len() {
        if let Some(kids) = children.remove(&tree[next]) {
            tree.extend(kids);
        }
        next += 1;
    }
    tree
}

/// Live (not zombie) members of process group `pgid`.
pub(super) fn group_members(pgid: u32) -> Vec<u32> {
    all_stats()
        .into_iter()
        .filter(|s| s.pgrp == pgid && s.state != 'Z')
        .map(|s| s.pid)
        .collect()
}

/// The cores a process may run on (`Cpus_allowed_list` of /proc/PID/status).
pub fn cpu_affinity(pid: u32) -> io::Result<Vec<usize>> {
    let status = fs::read_to_string(format!("/proc/{pid}/status"))?;
    let list = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .ok_or_else(|| io::Error::other(format!("no Cpus_allowed_list in /proc/{pid}/status")))?;
    parse_cpu_list(list).ok_or_else(|| io::Error::other(format!("bad Cpus_allowed_list {list:?}")))
}

/// Parses a kernel CPU list such as `0-3,8,10-11`.
fn parse_cpu_list(list: &str) -> Option<Vec<usize>> {
    let mut cores = Vec::new();
    for part in list.trim().split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((first, last)) => {
                cores.extend(first.parse::<usize>().ok()?..=last.parse::<usize>().ok()?)
            }
            None => cores.push(part.parse().ok()?),
        }
    }
    Some(cores)
}

pub(super) fn cpu_set(cores: &[usize]) -> Result<libc::cpu_set_t, String> {
    // SAFETY: cpu_set_t is a plain bit array; all zeroes is the empty set.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for &core in cores {
        if core >= libc::CPU_SETSIZE as usize {
            return Err(format!(
                "core {core} is beyond the {} cores a CPU set can name",
                libc::CPU_SETSIZE
            ));
        }
        // SAFETY: `core` is below CPU_SETSIZE, inside the set.
        unsafe { libc::CPU_SET(core, &mut set) };
    }
    Ok(set)
}

/// sched_setaffinity for one thread (`tid` 0: the calling thread).
pub(super) fn set_affinity(tid: u32, set: &libc::cpu_set_t) -> io::Result<()> {
    // SAFETY: `set` is a valid cpu_set_t of the size passed.
    let rc = unsafe {
        libc::sched_setaffinity(
            tid as libc::pid_t,
            std::mem::size_of::<libc::cpu_set_t>(),
            set,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;
    use std::thread;
    use std::time::{Duration, Instant};

    #[test]
    fn parse_stat_with_spaces_and_parens_in_the_name() {
        let text = "4242 (my (odd) server) S 1 4242 4242 0 -1 4194560 100 0 0 0 \
                    17 5 0 0 20 0 3 0 123456 1000000 250 18446744073709551615";
        let stat = parse_stat(text).unwrap();
        assert_eq!(
            stat,
            ProcStat {
                pid: 4242,
                state: 'S',
                ppid: 1,
                pgrp: 4242,
                utime_ticks: 17,
                stime_ticks: 5,
                threads: 3,
                start_ticks: 123456
            }
        );
        assert_eq!(parse_stat("12 (x) S 1"), None);
    }

    #[test]
    fn parse_cpu_list_table() {
        let cases = [
            ("0", Some(vec![0])),
            ("0-3", Some(vec![0, 1, 2, 3])),
            ("0-1,4,6-7\n", Some(vec![0, 1, 4, 6, 7])),
            ("", Some(vec![])),
            ("a", None),
            ("1-x", None),
        ];
        for (list, want) in cases {
            assert_eq!(parse_cpu_list(list), want, "{list:?}");
        }
    }

    #[test]
    fn descendants_follow_parents() {
        let pairs = [
            (1, 0),
            (10, 1),
            (11, 10),
            (12, 10),
            (13, 12),
            (20, 1),
            (21, 20),
        ];
        assert_eq!(descendants(10, pairs), vec![10, 11, 12, 13]);
        assert_eq!(descendants(13, pairs), vec![13]);
        assert_eq!(descendants(99, pairs), vec![99]);
    }

    #[test]
    fn both_tree_walks_find_the_same_tree() {
        let mut child = Command::new("sh")
            .args(["-c", "(sleep 5; true) & sleep 5 & wait"])
            .spawn()
            .unwrap();
        let root = child.id();
        let deadline = Instant::now() + Duration::from_secs(5);
        let sorted = |mut pids: Vec<u32>| {
            pids.sort_unstable();
            pids
        };
        let mut same = false;
        while !same && Instant::now() < deadline {
            let (by_stat, by_children) =
                (sorted(tree_pids(root)), sorted(tree_pids_by_children(root)));
            same = by_stat.len() == 4 && by_stat == by_children;
            thread::sleep(Duration::from_millis(10));
        }
        for pid in tree_pids(root).into_iter().rev() {
            // SAFETY: kill has no memory-safety preconditions.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
        }
        child.wait().unwrap();
        assert!(
            same,
            "{:?} vs {:?}",
            tree_pids(root),
            tree_pids_by_children(root)
        );
    }

    #[test]
    fn cpu_affinity_of_this_process_is_not_empty() {
        assert!(!cpu_affinity(std::process::id()).unwrap().is_empty());
    }
}
