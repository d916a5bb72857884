//! What a PostgreSQL cluster leaves on the host when it does not shut
//! down by itself (a SIGKILL, Ctrl-C, a crash), and its removal: its
//! processes (every backend has the data directory as its working
//! directory, even once orphaned), its System V segment (named in
//! `postmaster.pid`), its POSIX segments (`/dev/shm/PostgreSQL.*`, seen
//! mapped by its processes), its socket files and its directory.
//!
//! Every running cluster is registered here, so that
//! [`kill_all_started`] (the lab's Ctrl-C path, through
//! `process::kill_all_started`) leaves none behind.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// How long killed processes have to disappear.
const KILL_WAIT: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(20);

/// One cluster's places on the host.
#[derive(Debug, Clone)]
pub struct Leftovers {
    pub postmaster: u32,
    /// The data directory (the backends' working directory).
    pub data: PathBuf,
    pub socket_dir: PathBuf,
    pub port: u16,
    /// The directory holding both, removed at the end.
    pub base: PathBuf,
    /// POSIX segments seen mapped by the cluster's processes.
    pub segments: BTreeSet<PathBuf>,
}

static LIVE: Mutex<BTreeMap<u32, Leftovers>> = Mutex::new(BTreeMap::new());

fn live() -> MutexGuard<'static, BTreeMap<u32, Leftovers>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn register(l: Leftovers) {
    live().insert(l.postmaster, l);
}

/// Adds the POSIX segments the cluster's processes map now.
pub fn note_segments(postmaster: u32) {
    let Some(data) = live().get(&postmaster).map(|l| l.data.clone()) else {
        return;
    };
    let found = mapped_segments(&cluster_pids(&data, postmaster));
    if let Some(l) = live().get_mut(&postmaster) {
        l.segments.extend(found);
    }
}

/// Takes the cluster out of the registry, with what was learnt of it.
pub fn unregister(postmaster: u32) -> Option<Leftovers> {
    live().remove(&postmaster)
}

/// Kills every registered cluster and removes what it leaves (Ctrl-C).
pub fn kill_all_started() {
    let all: Vec<Leftovers> = std::mem::take(&mut *live()).into_values().collect();
    for l in all {
        kill_and_clean(&l);
        let _ = fs::remove_dir_all(&l.base);
    }
}

/// SIGKILLs every process of the cluster, waits until they are gone, then
/// removes its shared memory and socket files. True when no process was
/// left to kill.
pub fn kill_and_clean(l: &Leftovers) -> bool {
    let pids = cluster_pids(&l.data, l.postmaster);
    let mut segments = l.segments.clone();
    segments.extend(mapped_segments(&pids));
    let sysv = sysv_segment(&l.data);
    for &pid in &pids {
        // SAFETY: kill has no memory-safety preconditions; pid > 1.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
    }
    let deadline = Instant::now() + KILL_WAIT;
    while !cluster_pids(&l.data, l.postmaster).is_empty() && Instant::now() < deadline {
        thread::sleep(POLL);
    }
    if let Some((key, id)) = sysv {
        remove_sysv(key, id);
    }
    for segment in segments {
        let _ = fs::remove_file(segment);
    }
    remove_sockets(l);
    pids.is_empty()
}

/// The socket file of the cluster and its lock file.
pub fn remove_sockets(l: &Leftovers) {
    for name in [
        format!(".s.PGSQL.{}", l.port),
        format!(".s.PGSQL.{}.lock", l.port),
    ] {
        let _ = fs::remove_file(l.socket_dir.join(name));
    }
}

/// Live processes of the cluster: the postmaster, and every process whose
/// working directory is the data directory (backends chdir there).
pub fn cluster_pids(data: &Path, postmaster: u32) -> Vec<u32> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut pids: Vec<u32> = entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            pid == postmaster
                || fs::read_link(format!("/proc/{pid}/cwd")).is_ok_and(|cwd| cwd == data)
        })
        .filter(|&pid| running(pid))
        .collect();
    pids.sort_unstable();
    pids
}

/// Exists and is not a zombie.
fn running(pid: u32) -> bool {
    pid > 1 && crate::process::read_stat(pid).is_some_and(|s| s.state != 'Z')
}

/// `/dev/shm/PostgreSQL.*` mapped by any of `pids`.
fn mapped_segments(pids: &[u32]) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    for pid in pids {
        let Ok(maps) = fs::read_to_string(format!("/proc/{pid}/maps")) else {
            continue;
        };
        found.extend(segments_in_maps(&maps));
    }
    found
}

fn segments_in_maps(maps: &str) -> BTreeSet<PathBuf> {
    maps.lines()
        .filter_map(|line| line.find("/dev/shm/PostgreSQL.").map(|i| &line[i..]))
        .map(|path| PathBuf::from(path.trim_end_matches(" (deleted)")))
        .collect()
}

/// The System V segment's key and id, line 7 of `postmaster.pid`.
fn sysv_segment(data: &Path) -> Option<(i64, i32)> {
    let text = fs::read_to_string(data.join("postmaster.pid")).ok()?;
    parse_sysv_line(text.lines().nth(6)?)
}

fn parse_sysv_line(line: &str) -> Option<(i64, i32)> {
    let mut words = line.split_whitespace();
    let key = words.next()?.parse().ok()?;
    let id = words.next()?.parse().ok()?;
    Some((key, id))
}

/// Removes segment `id` if it still has `key` (an id may be reused).
fn remove_sysv(key: i64, id: i32) {
    // SAFETY: shmid_ds is plain data; zeroed is a valid value.
    let mut ds: libc::shmid_ds = unsafe { std::mem::zeroed() };
    // SAFETY: ds is a valid shmid_ds for IPC_STAT to fill.
    if unsafe { libc::shmctl(id, libc::IPC_STAT, &mut ds) } != 0 {
        return;
    }
    if i64::from(ds.shm_perm.__key) == key {
        // SAFETY: IPC_RMID takes no buffer.
        unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_read_from_maps() {
        let maps = "7f00-7f10 rw-s 00000000 00:1a 12 /dev/shm/PostgreSQL.1640387316\n\
                    7f20-7f30 rw-s 00000000 00:01 48 /SYSV009c4065 (deleted)\n\
                    7f40-7f50 rw-s 00000000 00:1a 13 /dev/shm/PostgreSQL.71145172 (deleted)\n";
        let found: Vec<PathBuf> = segments_in_maps(maps).into_iter().collect();
        assert_eq!(
            found,
            [
                PathBuf::from("/dev/shm/PostgreSQL.1640387316"),
                PathBuf::from("/dev/shm/PostgreSQL.71145172")
            ]
        );
    }

    #[test]
    fn the_sysv_line_of_postmaster_pid() {
        assert_eq!(parse_sysv_line(" 10240101        48"), Some((10240101, 48)));
        assert_eq!(parse_sysv_line("ready"), None);
    }
}
