//! Resource monitors for a measured window: the server's process tree
//! sampled from /proc in a background thread (CPU, RSS, threads, context
//! switches), the client's own CPU from wait4, and sockets in TIME_WAIT.
//!
//! Linux only. It measures and reports; it decides nothing except whether a
//! level was client-bound (`client_bound`).

use std::collections::HashMap;
use std::fs;
use std::hash::Hash;
use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use barrage_model::client_bound::ClientLoad;
pub use barrage_model::results::{ListenQueue, MonitorReport, Sample};

use crate::process::{read_stat, tree_pids_by_children};

/// Samples a process tree every interval until stopped.
pub struct Monitor {
    stop: mpsc::Sender<()>,
    thread: JoinHandle<MonitorReport>,
}

impl Monitor {
    /// Takes a first sample now (the baseline), then one every `every`.
    pub fn start(root: u32, every: Duration) -> Monitor {
        let every = every.max(Duration::from_millis(1));
        let (stop, stopped) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("barrage-monitor".to_string())
            .spawn(move || sample_until_stopped(root, every, stopped))
            .expect("spawn the monitor thread");
        Monitor { stop, thread }
    }

    /// Takes a last sample and returns the report.
    pub fn stop(self) -> MonitorReport {
        let _ = self.stop.send(());
        self.thread.join().unwrap_or_default()
    }
}

/// The monitor thread. It ends when told to stop or when the Monitor is
/// dropped (the channel disconnects).
fn sample_until_stopped(root: u32, every: Duration, stopped: mpsc::Receiver<()>) -> MonitorReport {
    let units = Units::of_this_system();
    let began = Instant::now();
    let mut account = TreeAccount::default();
    let mut samples = Vec::new();
    // Samples are due at began + k × every, not every `every` after the
    // previous one finished: the time a sample takes does not shift the next.
    let mut due = began;
    loop {
        samples.push(account.observe(began.elapsed(), &read_tree(root), &units));
        due += every;
        let now = Instant::now();
        while due < now {
            due += every;
        }
        match stopped.recv_timeout(due - now) {
            Err(RecvTimeoutError::Timeout) => continue,
            Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    samples.push(account.observe(began.elapsed(), &read_tree(root), &units));
    report(every, samples)
}

fn report(every: Duration, samples: Vec<Sample>) -> MonitorReport {
    let last = samples.last().cloned().unwrap_or_default();
    MonitorReport {
        interval_ms: every.as_millis() as u64,
        cpu_user_s: last.cpu_user_s,
        cpu_sys_s: last.cpu_sys_s,
        max_rss_bytes: samples.iter().map(|s| s.rss_bytes).max().unwrap_or(0),
        max_threads: samples.iter().map(|s| s.threads).max().unwrap_or(0),
        voluntary_switches: last.voluntary_switches,
        involuntary_switches: last.involuntary_switches,
        samples,
    }
}

/// Clock ticks per second (utime, stime) and bytes per page (statm).
struct Units {
    ticks_per_s: f64,
    page_bytes: u64,
}

impl Units {
    fn of_this_system() -> Units {
        // SAFETY: sysconf only reads system constants.
        let (ticks, page) = unsafe {
            (
                libc::sysconf(libc::_SC_CLK_TCK),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        Units {
            ticks_per_s: if ticks > 0 { ticks as f64 } else { 100.0 },
            page_bytes: page.max(1) as u64,
        }
    }
}

/// A process: its pid and start time (a reused pid is another process).
type ProcessKey = (u32, u64);
/// A thread of a process.
type ThreadKey = (u32, u64, u32);

/// What one pass over the tree read.
#[derive(Debug, Default)]
struct TreeReading {
    /// User and system CPU ticks of each process (its exited threads included).
    cpu_ticks: Vec<(ProcessKey, [u64; 2])>,
    /// Voluntary and involuntary switches of each thread (/proc/PID/status
    /// shows only the main thread's, so each thread is read).
    switches: Vec<(ThreadKey, [u64; 2])>,
    rss_pages: u64,
    threads: u64,
    processes: u32,
}

fn read_tree(root: u32) -> TreeReading {
    let mut reading = TreeReading::default();
    for pid in tree_pids_by_children(root) {
        // A process can exit at any point of this pass: whatever of it could
        // not be read is skipped, its earlier values stay in the account.
        let Some(stat) = read_stat(pid) else { continue };
        if stat.state == 'Z' {
            continue;
        }
        let key = (pid, stat.start_ticks);
        reading
            .cpu_ticks
            .push((key, [stat.utime_ticks, stat.stime_ticks]));
        reading.threads += stat.threads;
        reading.processes += 1;
        reading.rss_pages += fs::read_to_string(format!("/proc/{pid}/statm"))
            .ok()
            .and_then(|statm| statm.split_whitespace().nth(1)?.parse().ok())
            .unwrap_or(0);
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for tid in tasks.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok()) {
            if let Ok(status) = fs::read_to_string(format!("/proc/{pid}/task/{tid}/status")) {
                reading
                    .switches
                    .push(((pid, stat.start_ticks, tid), parse_switches(&status)));
            }
        }
    }
    reading
}

/// `voluntary_ctxt_switches` and `nonvoluntary_ctxt_switches` of a status file.
fn parse_switches(status: &str) -> [u64; 2] {
    let value = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    };
    [
        value("voluntary_ctxt_switches"),
        value("nonvoluntary_ctxt_switches"),
    ]
}

/// Turns readings into samples: CPU and switches as deltas since the first reading.
#[derive(Default)]
struct TreeAccount {
    cpu_ticks: Deltas<ProcessKey>,
    switches: Deltas<ThreadKey>,
}

impl TreeAccount {
    fn observe(&mut self, at: Duration, reading: &TreeReading, units: &Units) -> Sample {
        let [user, sys] = self.cpu_ticks.observe(&reading.cpu_ticks);
        let [voluntary, involuntary] = self.switches.observe(&reading.switches);
        Sample {
            t_ms: at.as_millis() as u64,
            cpu_user_s: user as f64 / units.ticks_per_s,
            cpu_sys_s: sys as f64 / units.ticks_per_s,
            rss_bytes: reading.rss_pages * units.page_bytes,
            threads: reading.threads,
            voluntary_switches: voluntary,
            involuntary_switches: involuntary,
            processes: reading.processes,
        }
    }
}

/// Cumulative counters of many keys (processes, threads) that come and go.
struct Deltas<K> {
    /// Values at the first reading: the window's start.
    base: HashMap<K, [u64; 2]>,
    /// Last values seen of every key ever seen, gone ones included.
    last: HashMap<K, [u64; 2]>,
    first_done: bool,
}

impl<K> Default for Deltas<K> {
    fn default() -> Self {
        Deltas {
            base: HashMap::new(),
            last: HashMap::new(),
            first_done: false,
        }
    }
}

impl<K: Hash + Eq + Copy> Deltas<K> {
    /// Feeds the values of the live keys; returns, summed over every key ever
    /// seen, last value − value at the first reading. A key that appears
    /// later started inside the window, so all of its count is in it.
    fn observe(&mut self, reading: &[(K, [u64; 2])]) -> [u64; 2] {
        for &(key, values) in reading {
            if !self.first_done {
                self.base.insert(key, values);
            }
            self.last.insert(key, values);
        }
        self.first_done = true;
        let mut total = [0u64; 2];
        for (key, last) in &self.last {
            let base = self.base.get(key).copied().unwrap_or_default();
            for ((sum, now), then) in total.iter_mut().zip(last).zip(base) {
                *sum += now.saturating_sub(then);
            }
        }
        total
    }
}

/// TCP sockets (IPv4 and IPv6) in TIME_WAIT, from /proc/net/tcp and tcp6.
pub fn time_wait_sockets() -> u64 {
    ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|path| fs::read_to_string(path).ok())
        .map(|text| count_time_wait(&text))
        .sum()
}

/// Rows of a /proc/net/tcp table whose state (`st`, the 4th column) is 06, TIME_WAIT.
fn count_time_wait(table: &str) -> u64 {
    table
        .lines()
        .skip(1)
        .filter(|row| row.split_whitespace().nth(3) == Some("06"))
        .count() as u64
}

/// This host's listen-queue counters now (`None` where /proc/net/netstat
/// cannot be read), with net.core.somaxconn.
pub fn listen_queue() -> Option<ListenQueue> {
    let mut counters = parse_netstat(&fs::read_to_string("/proc/net/netstat").ok()?)?;
    counters.somaxconn = fs::read_to_string("/proc/sys/net/core/somaxconn")
        .ok()
        .and_then(|s| s.trim().parse().ok());
    Some(counters)
}

/// `ListenOverflows` and `ListenDrops` of the `TcpExt:` lines of a
/// /proc/net/netstat text (a line of names, then a line of values).
pub fn parse_netstat(text: &str) -> Option<ListenQueue> {
    let mut tcp_ext = text.lines().filter(|l| l.starts_with("TcpExt:"));
    let (names, values) = (tcp_ext.next()?, tcp_ext.next()?);
    let value = |name: &str| {
        let at = names.split_whitespace().position(|n| n == name)?;
        values.split_whitespace().nth(at)?.parse::<u64>().ok()
    };
    Some(ListenQueue {
        overflows: value("ListenOverflows")?,
        drops: value("ListenDrops")?,
        somaxconn: None,
    })
}

/// The warning for a level during which the server host's accept queues
/// overflowed (`None` if they did not).
pub fn listen_overflow_warning(during: &ListenQueue, level: &str) -> Option<String> {
    if during.overflows == 0 {
        return None;
    }
    let somaxconn = during
        .somaxconn
        .map_or(String::new(), |n| format!(" ({n} on that host)"));
    Some(format!(
        "the server's accept queue overflowed {} times during {level} (ListenOverflows on its \
         host; SYNs dropped and retried after 1 s or more, which the connect times include): \
         raise its listen backlog and net.core.somaxconn{somaxconn}",
        during.overflows
    ))
}

/// A child's own resources, from wait4 (its waited-for children included).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ChildUsage {
    pub user_s: f64,
    pub sys_s: f64,
    pub max_rss_kib: u64,
}

/// How a waited-for child ended.
#[derive(Debug, Clone, Copy)]
pub struct Waited {
    pub status: ExitStatus,
    /// Its CPU and memory, from wait4 (its waited-for children included).
    pub usage: ChildUsage,
    /// It outlived its deadline and was killed.
    pub overdue: bool,
}

/// Waits for `child` with wait4 and returns its status and resource usage
/// (the load generator's CPU). Past `deadline`, or as soon as `stop` is
/// set, the child is killed (SIGKILL) and then reaped. The child is reaped
/// here: do not wait for it again through `Child`.
pub fn wait_with_usage(
    child: &mut Child,
    deadline: Instant,
    stop: &AtomicBool,
) -> io::Result<Waited> {
    let pid = child.id();
    let mut overdue = false;
    loop {
        if let Some((status, usage)) = wait4(pid, libc::WNOHANG)? {
            return Ok(Waited {
                status,
                usage,
                overdue,
            });
        }
        let now = Instant::now();
        let late = now >= deadline;
        if stop.load(Ordering::Relaxed) || late {
            overdue |= late;
            // SAFETY: kill has no memory-safety preconditions; `pid` is our
            // unreaped child, so it cannot be another process.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
            let (status, usage) = wait4(pid, 0)?
                .ok_or_else(|| io::Error::other("wait4 returned without a status"))?;
            return Ok(Waited {
                status,
                usage,
                overdue,
            });
        }
        thread::sleep((deadline - now).min(Duration::from_millis(20)));
    }
}

/// Sleeps until `until`, or until `child` has exited or `stop` is set,
/// whichever comes first, without reaping it (waitid with WNOWAIT): a
/// later `wait_with_usage` still gets its status and resource usage. True
/// when it has exited. Unlike `Child::try_wait`, which reaps.
pub fn sleep_while_running(child: &Child, until: Instant, stop: &AtomicBool) -> io::Result<bool> {
    loop {
        if exited(child.id())? {
            return Ok(true);
        }
        let now = Instant::now();
        if now >= until || stop.load(Ordering::Relaxed) {
            return Ok(false);
        }
        thread::sleep((until - now).min(Duration::from_millis(20)));
    }
}

/// Whether our child `pid` has exited, leaving it waitable.
fn exited(pid: u32) -> io::Result<bool> {
    loop {
        // SAFETY: siginfo_t is plain data; all zeroes is a valid value (and
        // si_pid stays 0 when WNOHANG finds no change).
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let options = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        // SAFETY: `info` is a live local of the type waitid fills.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, options) };
        if rc == 0 {
            // SAFETY: waitid filled `info` for a child (or left it zeroed).
            return Ok(unsafe { info.si_pid() } != 0);
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// The user and system CPU seconds one process (all its threads) has used so
/// far, from /proc/PID/stat; None once it is gone.
pub fn process_cpu(pid: u32) -> Option<(f64, f64)> {
    let stat = read_stat(pid)?;
    let units = Units::of_this_system();
    Some((
        stat.utime_ticks as f64 / units.ticks_per_s,
        stat.stime_ticks as f64 / units.ticks_per_s,
    ))
}

/// wait4 on one pid; None when WNOHANG and it is still running.
fn wait4(pid: u32, options: libc::c_int) -> io::Result<Option<(ExitStatus, ChildUsage)>> {
    let mut status = 0;
    // SAFETY: rusage is plain data; all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: both pointers are to live locals of the right types.
        let rc = unsafe { libc::wait4(pid as libc::pid_t, &mut status, options, &mut usage) };
        if rc == 0 {
            return Ok(None);
        }
        if rc > 0 {
            return Ok(Some((ExitStatus::from_raw(status), child_usage(&usage))));
        }
        let error = io::Error::last_os_error();
        // Interrupted by a signal: wait again.
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

fn child_usage(usage: &libc::rusage) -> ChildUsage {
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    ChildUsage {
        user_s: seconds(usage.ru_utime),
        sys_s: seconds(usage.ru_stime),
        // Linux reports ru_maxrss in KiB.
        max_rss_kib: usage.ru_maxrss.max(0) as u64,
    }
}

/// The client's CPU over `elapsed` as a share of its `cores` (`cpu_s`: its
/// user + system seconds in that window). None for no cores or no time.
pub fn cpu_share(cpu_s: f64, elapsed: Duration, cores: usize) -> Option<f64> {
    let available_s = elapsed.as_secs_f64() * cores as f64;
    (available_s > 0.0).then(|| cpu_s / available_s)
}

/// The client used at least 90% of its `cores` over `elapsed` (`cpu_s`:
/// its user + system seconds in that window): by CPU alone, client-bound
/// (the rule's `Reason::Cpu`; the lab's levels apply the whole rule,
/// `barrage_model::client_bound`). False for no cores or no time.
pub fn client_bound(cpu_s: f64, elapsed: Duration, cores: usize) -> bool {
    ClientLoad {
        cpu_share: cpu_share(cpu_s, elapsed, cores),
        wait_share: None,
    }
    .saturated()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_time_wait_of_a_proc_net_tcp_table() {
        let table = "\
  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 12345 1 0000000000000000 100 0 0 10 0
   1: 0100007F:1F90 0100007F:D3C2 06 00000000:00000000 03:00000F8E 00000000     0        0 0 3 0000000000000000
   2: 0100007F:D3C4 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 23456 1 0000000000000000 20 4 30 10 -1
   3: 0100007F:1F90 0100007F:D3C6 06 00000000:00000000 03:00000F8E 00000000     0        0 0 3 0000000000000000
";
        assert_eq!(count_time_wait(table), 2);
        assert_eq!(count_time_wait(""), 0);
        // The header's 4th column is "st", not a state.
        assert_eq!(count_time_wait(table.lines().next().unwrap()), 0);
    }

    /// Two TcpExt lines as Linux 6.x writes them (shortened), after the
    /// IpExt ones that must not be read.
    const NETSTAT: &str = "\
TcpExt: SyncookiesSent SyncookiesRecv SyncookiesFailed EmbryonicRsts PruneCalled DelayedACKLost ListenOverflows ListenDrops TCPHPHits
TcpExt: 97 148 0 13 10 40421 11033 11034 200735297
IpExt: InNoRoutes InTruncatedPkts ListenOverflows
IpExt: 0 0 5
";

    #[test]
    fn parse_netstat_reads_the_tcp_ext_counters() {
        let q = parse_netstat(NETSTAT).unwrap();
        assert_eq!((q.overflows, q.drops), (11033, 11034));
        assert_eq!(parse_netstat("IpExt: A\nIpExt: 1\n"), None);
        assert_eq!(parse_netstat("TcpExt: ListenOverflows\n"), None);
        let later = ListenQueue {
            overflows: 11040,
            drops: 11041,
            somaxconn: Some(4096),
        };
        let during = later.since(&q);
        assert_eq!((during.overflows, during.drops), (7, 7));
        let line = listen_overflow_warning(&during, "16384 connections").unwrap();
        assert!(
            line.contains("overflowed 7 times during 16384 connections"),
            "{line}"
        );
        assert!(line.contains("(4096 on that host)"), "{line}");
        assert_eq!(listen_overflow_warning(&ListenQueue::default(), "x"), None);
    }

    #[test]
    fn listen_queue_reads_proc() {
        let q = listen_queue().expect("/proc/net/netstat is readable here");
        assert!(q.drops >= q.overflows);
    }

    #[test]
    fn time_wait_sockets_reads_proc() {
        // Whatever the count, reading the real tables works.
        let _ = time_wait_sockets();
        assert!(fs::read_to_string("/proc/net/tcp")
            .unwrap()
            .starts_with("  sl"));
    }

    #[test]
    fn parse_switches_of_a_status_file() {
        let status =
            "Name:\tnginx\nvoluntary_ctxt_switches:\t150\nnonvoluntary_ctxt_switches:\t7\n";
        assert_eq!(parse_switches(status), [150, 7]);
        assert_eq!(parse_switches("Name:\tx\n"), [0, 0]);
    }

    #[test]
    fn deltas_keep_the_last_values_of_keys_that_go() {
        let mut d = Deltas::default();
        // The window starts: a has used 100 already, b 5.
        assert_eq!(d.observe(&[("a", [100, 10]), ("b", [5, 0])]), [0, 0]);
        // c starts inside the window: all of it counts.
        assert_eq!(
            d.observe(&[("a", [150, 12]), ("b", [6, 1]), ("c", [20, 2])]),
            [71, 5]
        );
        // b and c exit: their last values stay.
        assert_eq!(d.observe(&[("a", [160, 12])]), [81, 5]);
        // Nothing left.
        assert_eq!(d.observe(&[]), [81, 5]);
    }

    #[test]
    fn tree_account_makes_samples() {
        let units = Units {
            ticks_per_s: 100.0,
            page_bytes: 4096,
        };
        let mut account = TreeAccount::default();
        let mut reading = TreeReading {
            cpu_ticks: vec![((1, 7), [300, 100])],
            switches: vec![((1, 7, 1), [10, 1]), ((1, 7, 2), [20, 2])],
            rss_pages: 10,
            threads: 2,
            processes: 1,
        };
        let first = account.observe(Duration::ZERO, &reading, &units);
        assert_eq!(
            (first.cpu_user_s, first.voluntary_switches, first.rss_bytes),
            (0.0, 0, 40960)
        );
        reading.cpu_ticks = vec![((1, 7), [350, 120])];
        reading.switches = vec![((1, 7, 1), [15, 1])];
        let second = account.observe(Duration::from_millis(100), &reading, &units);
        assert_eq!(second.t_ms, 100);
        assert!((second.cpu_user_s - 0.5).abs() < 1e-9);
        assert!((second.cpu_sys_s - 0.2).abs() < 1e-9);
        assert_eq!(
            (second.voluntary_switches, second.involuntary_switches),
            (5, 0)
        );
    }

    #[test]
    fn report_totals_come_from_the_samples() {
        let sample = |t_ms, user, rss, threads| Sample {
            t_ms,
            cpu_user_s: user,
            rss_bytes: rss,
            threads,
            voluntary_switches: t_ms,
            ..Sample::default()
        };
        let r = report(
            Duration::from_millis(100),
            vec![
                sample(0, 0.0, 10, 4),
                sample(100, 0.1, 30, 2),
                sample(150, 0.2, 20, 3),
            ],
        );
        assert_eq!(r.interval_ms, 100);
        assert_eq!(
            (
                r.cpu_user_s,
                r.max_rss_bytes,
                r.max_threads,
                r.voluntary_switches
            ),
            (0.2, 30, 4, 150)
        );
        assert_eq!(r.samples.len(), 3);
    }

    #[test]
    fn client_bound_table() {
        let usage = |user_s: f64, sys_s: f64| user_s + sys_s;
        let s = Duration::from_secs;
        let cases = [
            (usage(0.9, 0.0), s(1), 1, true),
            (usage(0.5, 0.4), s(1), 1, true),
            (usage(0.89, 0.0), s(1), 1, false),
            (usage(3.0, 0.7), s(2), 2, true),
            (usage(3.0, 0.5), s(2), 2, false),
            (usage(1.0, 0.0), Duration::ZERO, 1, false),
            (usage(1.0, 0.0), s(1), 0, false),
        ];
        for (u, elapsed, cores, want) in cases {
            assert_eq!(
                client_bound(u, elapsed, cores),
                want,
                "{u:?} {elapsed:?} {cores}"
            );
        }
    }
}
