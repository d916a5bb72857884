//! The lab's monitors: the CPU and memory of a process tree sampled while
//! it runs (`Monitor`), and a tool waited for with its CPU
//! (`wait_with_usage`), on real busy children.

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use barrage_lab::monitor::{sleep_while_running, wait_with_usage, Monitor};
use barrage_lab::process::tree_pids;

/// One busy loop at a time in this binary: two would share the cores and
/// each would see half the CPU it expects.
/// The process exists and is not a zombie.
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            Some(
                stat[stat.rfind(')')? + 1..]
                    .trim_start()
                    .starts_with(|c| c != 'Z'),
            )
        })
        .unwrap_or(false)
}

fn busy_loop_turn() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[test]
fn monitor_sees_the_cpu_and_memory_of_a_busy_child() {
    let _turn = busy_loop_turn();
    let mut child = Command::new("sh")
        .args(["-c", "while :; do :; done"])
        .spawn()
        .unwrap();
    let monitor = Monitor::start(child.id(), Duration::from_millis(100));
    // Until the loop has had 0.35 s of CPU (on a busy machine that takes
    // longer than 0.35 s), and at least 600 ms of samples.
    let began = Instant::now();
    let used =
        || barrage_lab::monitor::process_cpu(child.id()).map_or(0.0, |(user, sys)| user + sys);
    while (used() < 0.35 || began.elapsed() < Duration::from_millis(600))
        && began.elapsed() < Duration::from_secs(10)
    {
        thread::sleep(Duration::from_millis(50));
    }
    thread::sleep(Duration::from_millis(150));
    let report = monitor.stop();
    child.kill().unwrap();
    child.wait().unwrap();
    let cpu = report.cpu_user_s + report.cpu_sys_s;
    assert!(cpu > 0.3, "{report:?}");
    assert!(
        report.max_rss_bytes > 0 && report.max_threads >= 1,
        "{report:?}"
    );
    assert_eq!(report.interval_ms, 100);
    assert!(report.samples.len() >= 6, "{}", report.samples.len());
    assert!(report
        .samples
        .windows(2)
        .all(|w| w[0].t_ms <= w[1].t_ms && w[0].cpu_user_s <= w[1].cpu_user_s));
    assert_eq!(report.samples[0].cpu_user_s, 0.0);
    assert!(
        report.samples.iter().all(|s| s.processes == 1),
        "{:?}",
        report.samples
    );
}

#[test]
fn monitor_keeps_the_cpu_of_a_process_that_exited() {
    let _turn = busy_loop_turn();
    // A fixed amount of work in a grandchild (a few tenths of a second of CPU), which
    // then exits while its parent lives on.
    let script = "sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'; exec sleep 100";
    let mut child = Command::new("sh").args(["-c", script]).spawn().unwrap();
    let monitor = Monitor::start(child.id(), Duration::from_millis(50));
    let began = Instant::now();
    thread::sleep(Duration::from_millis(200));
    while tree_pids(child.id()).len() > 1 && began.elapsed() < Duration::from_secs(10) {
        thread::sleep(Duration::from_millis(50));
    }
    thread::sleep(Duration::from_millis(200));
    let report = monitor.stop();
    child.kill().unwrap();
    child.wait().unwrap();
    // What the tree had used while the busy loop lived is still counted
    // after it exited (however fast the machine ran the loop).
    let peak = report
        .samples
        .iter()
        .filter(|s| s.processes >= 2)
        .map(|s| s.cpu_user_s + s.cpu_sys_s)
        .fold(0.0, f64::max);
    assert!(peak > 0.05, "the busy loop was never seen busy: {report:?}");
    assert!(report.cpu_user_s + report.cpu_sys_s >= peak, "{report:?}");
    assert_eq!(report.samples.last().unwrap().processes, 1);
}

#[test]
fn wait_with_usage_reports_the_cpu_of_a_busy_child() {
    let _turn = busy_loop_turn();
    // A fixed amount of work, not of time: a loaded machine gives a
    // time-bound loop less CPU.
    let mut child = Command::new("sh")
        .args([
            "-c",
            "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done; exit 3",
        ])
        .spawn()
        .unwrap();
    let never = Instant::now() + Duration::from_secs(600);
    let waited = wait_with_usage(&mut child, never, &AtomicBool::new(false)).unwrap();
    assert_eq!(waited.status.code(), Some(3));
    assert!(!waited.overdue);
    let usage = waited.usage;
    assert!(usage.user_s + usage.sys_s > 0.1, "{usage:?}");
    assert!(usage.max_rss_kib > 0);
}

#[test]
fn wait_with_usage_kills_a_child_past_its_deadline_or_on_stop() {
    let go_on = AtomicBool::new(false);
    let mut child = Command::new("sh").args(["-c", "exit 7"]).spawn().unwrap();
    let waited = wait_with_usage(&mut child, Instant::now() + Duration::from_secs(30), &go_on);
    let waited = waited.unwrap();
    assert_eq!((waited.status.code(), waited.overdue), (Some(7), false));

    let mut child = Command::new("sleep").arg("100").spawn().unwrap();
    let pid = child.id();
    let began = Instant::now();
    let waited = wait_with_usage(
        &mut child,
        Instant::now() + Duration::from_millis(200),
        &go_on,
    );
    let waited = waited.unwrap();
    assert!(waited.overdue, "killed at its deadline");
    assert_eq!(waited.status.signal(), Some(libc::SIGKILL));
    // Far below the sleep's 100 s: it was killed, not waited out.
    assert!(began.elapsed() < Duration::from_secs(30));
    assert!(
        !Path::new(&format!("/proc/{pid}")).exists() || !running(pid),
        "not reaped"
    );

    // A set stop flag kills at once; that is not overdue.
    let mut child = Command::new("sleep").arg("100").spawn().unwrap();
    let later = Instant::now() + Duration::from_secs(300);
    let waited = wait_with_usage(&mut child, later, &AtomicBool::new(true)).unwrap();
    assert!(!waited.overdue);
    assert_eq!(waited.status.signal(), Some(libc::SIGKILL));
}

/// The runner's warm-up wait: a load generator that ends inside its
/// warm-up is noticed at once and left unreaped, so the wait after it still
/// reads its exit status and CPU (a reaping wait made that one fail).
#[test]
fn a_child_that_ends_in_the_warm_up_is_still_waited_with_usage() {
    let go_on = AtomicBool::new(false);
    let mut child = Command::new("sh").args(["-c", "exit 5"]).spawn().unwrap();
    let warm_up_end = Instant::now() + Duration::from_secs(300);
    assert!(sleep_while_running(&child, warm_up_end, &go_on).unwrap());
    // Noticed long before the end of the warm-up; it is still unreaped.
    assert!(Instant::now() < warm_up_end - Duration::from_secs(200));
    let never = Instant::now() + Duration::from_secs(600);
    let waited = wait_with_usage(&mut child, never, &go_on).unwrap();
    assert_eq!((waited.status.code(), waited.overdue), (Some(5), false));

    // A child still running at the end of the warm-up, or when stopped.
    let mut child = Command::new("sleep").arg("100").spawn().unwrap();
    let soon = Instant::now() + Duration::from_millis(50);
    assert!(!sleep_while_running(&child, soon, &go_on).unwrap());
    assert!(!sleep_while_running(&child, warm_up_end, &AtomicBool::new(true)).unwrap());
    let waited = wait_with_usage(&mut child, never, &AtomicBool::new(true)).unwrap();
    assert_eq!(waited.status.signal(), Some(libc::SIGKILL));
}
