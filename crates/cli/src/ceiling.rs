//! The client's ceiling for `barrage load --find-max` (`--client-ceiling`,
//! docs/load.md "The client's ceiling"): what this client reaches with the
//! steps' connections and request against a responder that costs next to
//! nothing, so that no step at the client's own limit is taken for the
//! server's.
//!
//! - `RATE`: given (the lab measures it in the same sitting and passes it);
//! - `auto` (the default): against a target on this machine over plain
//!   HTTP/1.1 or h2c, barrage measures it before the first step: `barrage
//!   serve --precomputed` (HTTP/1.1 from memory; plain `barrage serve` for
//!   h2c), one thread, on the cores this process is not pinned to when
//!   there are any, answers the same requests, first in a closed loop,
//!   then in an open loop asked for half as much again, whose sent rate is
//!   the ceiling. Elsewhere it is not known, and the header says which
//!   rule the steps are judged by;
//! - `off`: not used.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use barrage_engine::search::ClientCeiling;
use barrage_engine::{LoadSpec, Model, Protocol, Scheme};

/// `--client-ceiling`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CeilingArg {
    Auto,
    Off,
    Rate(f64),
}

/// Parses `--client-ceiling`: `auto`, `off` or a rate per second.
pub fn parse(s: &str) -> Result<CeilingArg, String> {
    match s {
        "auto" => Ok(CeilingArg::Auto),
        "off" => Ok(CeilingArg::Off),
        n => n
            .parse::<f64>()
            .ok()
            .filter(|r| r.is_finite() && *r > 0.0)
            .map(CeilingArg::Rate)
            .ok_or_else(|| {
                format!("{s:?}: expected auto, off or a rate per second above zero, e.g. 80000")
            }),
    }
}

/// Each measuring run's window, after a quarter second of warm-up.
const WINDOW: Duration = Duration::from_secs(1);
/// The open loop is asked for this much more than the closed loop reached.
const OVER: f64 = 1.5;

/// The ceiling for the search whose steps are `base` (open loop), and a
/// line saying how it was had, or why there is none.
pub fn for_search(arg: CeilingArg, base: &LoadSpec) -> (Option<ClientCeiling>, String) {
    match arg {
        CeilingArg::Off => (
            None,
            "client's ceiling: off (--client-ceiling off); client-bound by its CPU, send delay and offer".into(),
        ),
        CeilingArg::Rate(r) => (
            Some(ClientCeiling {
                rate_per_s: r,
                how: "given with --client-ceiling".into(),
            }),
            format!("client's ceiling: {r:.0}/s (given); a step at 90% of it or more is the client's"),
        ),
        CeilingArg::Auto => match measure(base) {
            Ok(c) => {
                let line = format!(
                    "client's ceiling: {:.0}/s, {}; a step at 90% of it or more is the client's",
                    c.rate_per_s, c.how
                );
                (Some(c), line)
            }
            Err(why) => (
                None,
                format!("client's ceiling: not measured ({why}); client-bound by its CPU, send delay and offer"),
            ),
        },
    }
}

/// Measures the ceiling against a `barrage serve` started for it.
fn measure(base: &LoadSpec) -> Result<ClientCeiling, String> {
    if !base.target.addr.ip().is_loopback() {
        return Err("the target is not on this machine's loopback".into());
    }
    let plain = base.target.scheme == Scheme::Http;
    if !plain || !matches!(base.protocol, Protocol::Http1 | Protocol::H2) {
        return Err("auto measures plain HTTP/1.1 and h2c; give --client-ceiling RATE".into());
    }
    let Model::Open { connections, .. } = base.model else {
        return Err("sessions are measured by their connections, not a ceiling".into());
    };
    let (cores, pinned) = responder_cores();
    let responder = Responder::start(&cores, base.protocol == Protocol::Http1)?;
    let mut spec = base.clone();
    spec.target.addr = responder.addr;
    spec.warmup = Duration::from_millis(250);
    spec.duration = Some(WINDOW);
    spec.max_requests = None;
    spec.model = Model::Closed {
        connections,
        pipeline: 1,
    };
    let closed = barrage_engine::run(&spec, &mut barrage_engine::NoObserver)
        .map_err(|e| format!("its closed loop could not run: {e}"))?;
    let closed_rate = closed.totals.responses_per_s;
    if closed_rate <= 0.0 {
        return Err("the responder answered nothing".into());
    }
    spec.model = Model::Open {
        rate: barrage_engine::Schedule::constant(closed_rate * OVER),
        arrival: barrage_engine::Arrival::Uniform,
        connections,
        max_connections: connections,
    };
    let open = barrage_engine::run(&spec, &mut barrage_engine::NoObserver)
        .map_err(|e| format!("its open loop could not run: {e}"))?;
    drop(responder);
    let t = &open.totals;
    let sent = if t.elapsed_s > 0.0 {
        t.requests_sent as f64 / t.elapsed_s
    } else {
        0.0
    };
    let what = match base.protocol {
        Protocol::Http1 => "barrage serve --precomputed",
        _ => "barrage serve",
    };
    let where_ = match pinned {
        true => format!("{what} on core(s) {}", join(&cores)),
        false => format!("{what} sharing the client's cores"),
    };
    Ok(ClientCeiling {
        rate_per_s: sent.min(closed_rate),
        how: format!(
            "measured against {where_} ({connections} connections: closed loop {closed_rate:.0}/s, open loop sent {sent:.0}/s)"
        ),
    })
}

fn join(cores: &[usize]) -> String {
    cores
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The online cores this process may not run on (the responder's), and
/// whether there are any; else every core (shared).
fn responder_cores() -> (Vec<usize>, bool) {
    let online = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all: Vec<usize> = (0..num_cpus_online().max(online)).collect();
    let ours = own_affinity();
    let others: Vec<usize> = all.iter().copied().filter(|c| !ours.contains(c)).collect();
    match others.is_empty() {
        true => (all, false),
        false => (others, true),
    }
}

fn num_cpus_online() -> usize {
    // SAFETY: sysconf has no preconditions.
    let n = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    usize::try_from(n).unwrap_or(1)
}

fn own_affinity() -> Vec<usize> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set, filled by the call.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
            return Vec::new();
        }
        (0..libc::CPU_SETSIZE as usize)
            .filter(|&c| libc::CPU_ISSET(c, &set))
            .collect()
    }
}

/// `barrage serve` as a child, pinned to `cores`; killed when dropped.
struct Responder {
    child: Child,
    addr: SocketAddr,
}

impl Responder {
    /// `precomputed`: `barrage serve --precomputed` (HTTP/1.1 from memory).
    fn start(cores: &[usize], precomputed: bool) -> Result<Responder, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find barrage: {e}"))?;
        // A free port of the loopback, handed to the responder.
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let mut cmd = Command::new(exe);
        cmd.args(["serve", "--listen", &addr.to_string(), "--threads", "1"])
            .args(precomputed.then_some("--precomputed"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let cores = cores.to_vec();
        // SAFETY: between fork and exec only async-signal-safe calls:
        // CPU_ZERO/CPU_SET on a stack value and sched_setaffinity.
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(move || {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                libc::CPU_ZERO(&mut set);
                for &c in &cores {
                    libc::CPU_SET(c, &mut set);
                }
                libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
                Ok(())
            });
        }
        let child = cmd
            .spawn()
            .map_err(|e| format!("cannot start barrage serve: {e}"))?;
        let responder = Responder { child, addr };
        let deadline = Instant::now() + Duration::from_secs(5);
        while TcpStream::connect_timeout(&addr, Duration::from_millis(100)).is_err() {
            if Instant::now() > deadline {
                return Err("barrage serve did not listen within 5 s".into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(responder)
    }
}

impl Drop for Responder {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_takes_auto_off_or_a_rate() {
        assert_eq!(parse("auto"), Ok(CeilingArg::Auto));
        assert_eq!(parse("off"), Ok(CeilingArg::Off));
        assert_eq!(parse("80000"), Ok(CeilingArg::Rate(80_000.0)));
        for bad in ["0", "-5", "fast", "inf"] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains("expected auto, off or a rate"), "{e}");
        }
    }

    #[test]
    fn a_target_elsewhere_has_no_measured_ceiling_and_says_which_rule() {
        let mut spec = LoadSpec::from_url("http://198.18.0.2:8080/").unwrap();
        spec.model = Model::Open {
            rate: barrage_engine::Schedule::constant(10.0),
            arrival: barrage_engine::Arrival::Uniform,
            connections: 10,
            max_connections: 10,
        };
        let (c, line) = for_search(CeilingArg::Auto, &spec);
        assert!(c.is_none());
        assert!(
            line.contains("not on this machine") && line.contains("CPU, send delay and offer"),
            "{line}"
        );
        let (c, line) = for_search(CeilingArg::Rate(5000.0), &spec);
        assert_eq!(c.unwrap().rate_per_s, 5000.0);
        assert!(line.contains("5000/s (given)"), "{line}");
    }
}
