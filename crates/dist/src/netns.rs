//! A lab of hosts inside one machine: network namespaces joined by veth
//! pairs to a bridge, addressed from 198.18.0.0/15 (the range RFC 2544
//! reserves for benchmark networks), each with its own sshd so that the
//! controller reaches them exactly as it reaches real machines.
//!
//! `up` builds what an inventory's `kind = "netns"` hosts describe: the
//! bridge `brg-LAB` (198.18.0.1/24, this machine's side), a namespace
//! `barrage-LAB-HOST` per host with `eth0` at its address, the host's
//! sysctls written inside its namespace only (`net.*`: somaxconn,
//! ip_local_port_range, tcp_tw_reuse, tcp_fin_timeout… never the
//! machine's), an optional link rate (tbf on both ends of its veth), and
//! an sshd listening on its address with a key made for the lab. `down`
//! ends every process in the namespaces and removes them, the bridge and
//! the veths. Keys, the ssh config and the known_hosts file live in
//! /run/barrage/net/LAB.
//!
//! It drives iproute2's `ip` and `tc`, `ssh-keygen` and `sshd` as a person
//! would: the commands are the documented interface, and a failure is
//! their own message.

use std::fmt::Write as _;
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::host::{Inventory, NetnsHost, SshOptions};

/// Where a namespace lab keeps its keys, ssh config and state.
pub fn state_dir(lab: &str) -> PathBuf {
    PathBuf::from(format!("/run/barrage/net/{lab}"))
}

/// The ssh options for an inventory's hosts: its own, or, for namespace
/// hosts, the config `barrage net up` wrote.
pub fn ssh_options(inv: &Inventory) -> Result<SshOptions, String> {
    let mut o = inv.ssh.clone();
    if o.config.is_none() && !inv.netns.is_empty() {
        let cfg = state_dir(&inv.lab).join("ssh_config");
        if !cfg.exists() {
            return Err(format!(
                "{}: its namespace hosts are not up: run `barrage net up {}` first",
                inv.path.display(),
                inv.path.display()
            ));
        }
        o.config = Some(cfg);
    }
    Ok(o)
}

/// The namespace of host `name` in lab `lab`.
pub fn namespace(lab: &str, name: &str) -> String {
    format!("barrage-{lab}-{name}")
}

/// The lab's bridge.
pub fn bridge(lab: &str) -> String {
    format!("brg-{lab}")
}

fn veth(lab: &str, i: usize) -> String {
    format!("bv-{lab}-{i}")
}

/// The bridge's address: this machine's side of the lab.
pub const BRIDGE_IP: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 1);

fn sh(cmd: &mut Command) -> Result<String, String> {
    let shown = format!(
        "{} {}",
        cmd.get_program().to_string_lossy(),
        cmd.get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{shown}: cannot run: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "{shown}: {}",
            crate::link::last_lines(&err).trim_end()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn ip(args: &[&str]) -> Result<String, String> {
    sh(Command::new("ip").args(args))
}

fn in_ns(ns: &str, args: &[&str]) -> Result<String, String> {
    sh(Command::new("ip").args(["netns", "exec", ns]).args(args))
}

/// The sshd binary (Debian's openssh-server).
fn sshd() -> Result<&'static str, String> {
    ["/usr/sbin/sshd", "/usr/bin/sshd"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .ok_or_else(|| {
            "namespace hosts run their own sshd and there is none: install openssh-server (scripts/setup.sh does)".into()
        })
}

/// Builds the lab; on any failure what was built is removed again.
pub fn up(inv: &Inventory, log: &mut dyn FnMut(&str)) -> Result<(), String> {
    if inv.netns.is_empty() {
        return Err(format!(
            "{}: no kind = \"netns\" host to create",
            inv.path.display()
        ));
    }
    if unsafe { libc::geteuid() } != 0 {
        return Err(
            "namespace hosts need root (network namespaces, veths, a bridge): run as root".into(),
        );
    }
    let sshd = sshd()?;
    // A lab left by a killed run is removed first.
    down(
        &inv.lab,
        &inv.netns.iter().map(|h| h.name.clone()).collect::<Vec<_>>(),
    )?;
    let result = build(inv, sshd, log);
    if result.is_err() {
        let _ = down(
            &inv.lab,
            &inv.netns.iter().map(|h| h.name.clone()).collect::<Vec<_>>(),
        );
    }
    result
}

fn build(inv: &Inventory, sshd: &str, log: &mut dyn FnMut(&str)) -> Result<(), String> {
    let lab = &inv.lab;
    let dir = state_dir(lab);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::create_dir_all("/run/sshd").map_err(|e| format!("/run/sshd: {e}"))?;
    let key = dir.join("id_ed25519");
    let host_key = dir.join("ssh_host_ed25519_key");
    for (path, comment) in [(&key, "barrage-lab"), (&host_key, "barrage-lab-host")] {
        sh(Command::new("ssh-keygen")
            .args(["-q", "-t", "ed25519", "-N", "", "-C", comment, "-f"])
            .arg(path))?;
    }
    let read =
        |p: PathBuf| std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()));
    let client_pub = read(dir.join("id_ed25519.pub"))?;
    let host_pub = read(dir.join("ssh_host_ed25519_key.pub"))?;
    let authorized = dir.join("authorized_keys");
    std::fs::write(&authorized, &client_pub).map_err(|e| e.to_string())?;
    let br = bridge(lab);
    ip(&["link", "add", &br, "type", "bridge"])?;
    ip(&["addr", "add", &format!("{BRIDGE_IP}/24"), "dev", &br])?;
    ip(&["link", "set", &br, "up"])?;
    let mut known = String::new();
    let mut config = String::new();
    for (i, h) in inv.netns.iter().enumerate() {
        host_up(inv, i, h, &dir, sshd)?;
        let host_key_text = host_pub
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(known, "{},{} {host_key_text}", h.name, h.ip);
        let _ = writeln!(
            config,
            "Host {name}\n  HostName {ip}\n  User root\n  IdentityFile {key}\n  IdentitiesOnly yes\n  UserKnownHostsFile {known}\n  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  HostKeyAlias {name}\n",
            name = h.name,
            ip = h.ip,
            key = key.display(),
            known = dir.join("known_hosts").display()
        );
        log(&format!(
            "host {}: namespace {} at {}{}{}",
            h.name,
            namespace(lab, &h.name),
            h.ip,
            h.rate
                .as_ref()
                .map_or(String::new(), |r| format!(", link {r}")),
            if h.sysctls.is_empty() {
                String::new()
            } else {
                format!(", {} sysctls", h.sysctls.len())
            }
        ));
    }
    std::fs::write(dir.join("known_hosts"), known).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("ssh_config"), config).map_err(|e| e.to_string())?;
    // Each sshd answers before the lab is called up.
    for h in &inv.netns {
        wait_for_port(SocketAddr::from((h.ip, 22)), Duration::from_secs(10))
            .map_err(|e| format!("host {}: its sshd: {e}", h.name))?;
    }
    Ok(())
}

fn host_up(inv: &Inventory, i: usize, h: &NetnsHost, dir: &Path, sshd: &str) -> Result<(), String> {
    let lab = &inv.lab;
    let ns = namespace(lab, &h.name);
    let v = veth(lab, i);
    ip(&["netns", "add", &ns])?;
    ip(&[
        "link", "add", &v, "type", "veth", "peer", "name", "eth0", "netns", &ns,
    ])?;
    ip(&["link", "set", &v, "master", &bridge(lab), "up"])?;
    in_ns(
        &ns,
        &["ip", "addr", "add", &format!("{}/24", h.ip), "dev", "eth0"],
    )?;
    in_ns(&ns, &["ip", "link", "set", "eth0", "up"])?;
    in_ns(&ns, &["ip", "link", "set", "lo", "up"])?;
    if let Some(rate) = &h.rate {
        // Both directions: the namespace's egress on eth0, its ingress as
        // the bridge side's egress.
        let tbf = [
            "root", "tbf", "rate", rate, "burst", "256kb", "latency", "50ms",
        ];
        in_ns(
            &ns,
            &[&["tc", "qdisc", "add", "dev", "eth0"][..], &tbf].concat(),
        )
        .map_err(|e| format!("host {}: rate {rate:?}: {e}", h.name))?;
        sh(Command::new("tc")
            .args(["qdisc", "add", "dev", &v])
            .args(tbf))
        .map_err(|e| format!("host {}: rate {rate:?}: {e}", h.name))?;
    }
    for (k, val) in &h.sysctls {
        let path = format!("/proc/sys/{}", k.replace('.', "/"));
        in_ns(
            &ns,
            &["sh", "-c", &format!("echo \"$1\" > {path}"), "sh", val],
        )
        .map_err(|e| format!("host {}: sysctl {k} = {val}: {e}", h.name))?;
    }
    let pid = dir.join(format!("sshd-{}.pid", h.name));
    in_ns(
        &ns,
        &[
            sshd,
            "-f",
            "/dev/null",
            "-o",
            &format!("ListenAddress={}", h.ip),
            "-o",
            &format!("HostKey={}", dir.join("ssh_host_ed25519_key").display()),
            "-o",
            &format!(
                "AuthorizedKeysFile={}",
                dir.join("authorized_keys").display()
            ),
            "-o",
            &format!("PidFile={}", pid.display()),
            "-o",
            "PermitRootLogin=prohibit-password",
            "-o",
            "PasswordAuthentication=no",
            "-o",
            "KbdInteractiveAuthentication=no",
            "-o",
            "UsePAM=no",
            "-o",
            "StrictModes=no",
            "-o",
            "MaxSessions=64",
            "-o",
            "MaxStartups=64",
        ],
    )
    .map_err(|e| format!("host {}: starting sshd: {e}", h.name))?;
    Ok(())
}

fn wait_for_port(addr: SocketAddr, limit: Duration) -> Result<(), String> {
    let deadline = Instant::now() + limit;
    loop {
        match TcpStream::connect_timeout(&addr, Duration::from_millis(200)) {
            Ok(_) => return Ok(()),
            Err(e) if Instant::now() >= deadline => {
                return Err(format!("{addr} did not answer within {limit:?}: {e}"))
            }
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// Every namespace of lab `lab` that exists now.
pub fn namespaces(lab: &str) -> Vec<String> {
    let prefix = format!("barrage-{lab}-");
    ip(&["netns", "list"])
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| n.starts_with(&prefix))
        .map(str::to_string)
        .collect()
}

/// Every barrage lab with a namespace or a bridge now.
pub fn labs() -> Vec<String> {
    let mut labs: Vec<String> = ip(&["netns", "list"])
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter_map(|n| n.strip_prefix("barrage-"))
        .filter_map(|rest| rest.split_once('-').map(|(lab, _)| lab.to_string()))
        .collect();
    labs.extend(
        ip(&["-o", "link", "show", "type", "bridge"])
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.split(": ").nth(1))
            .filter_map(|n| n.strip_prefix("brg-"))
            .map(|n| n.split('@').next().unwrap_or(n).to_string()),
    );
    labs.sort();
    labs.dedup();
    labs
}

/// Removes lab `lab`: every process in its namespaces ends (TERM, then
/// KILL), then the namespaces, the veths, the bridge and the state go.
/// `hosts` are the host names (for their ssh master connections).
pub fn down(lab: &str, hosts: &[String]) -> Result<(), String> {
    let dir = state_dir(lab);
    let cfg = dir.join("ssh_config");
    if cfg.exists() {
        let opts = SshOptions {
            config: Some(cfg),
            options: Vec::new(),
        };
        for h in hosts {
            crate::link::close_master(
                &crate::host::Address::Ssh {
                    user: Some("root".into()),
                    host: h.clone(),
                    port: None,
                },
                &opts,
            );
        }
    }
    let spaces = namespaces(lab);
    for signal in [libc::SIGTERM, libc::SIGKILL] {
        let mut any = false;
        for ns in &spaces {
            for pid in ip(&["netns", "pids", ns]).unwrap_or_default().lines() {
                if let Ok(pid) = pid.trim().parse::<i32>() {
                    any = true;
                    unsafe { libc::kill(pid, signal) };
                }
            }
        }
        if !any {
            break;
        }
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline
            && spaces.iter().any(|ns| {
                !ip(&["netns", "pids", ns])
                    .unwrap_or_default()
                    .trim()
                    .is_empty()
            })
        {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let mut errors = Vec::new();
    for ns in &spaces {
        if let Err(e) = ip(&["netns", "del", ns]) {
            errors.push(e);
        }
    }
    let br = bridge(lab);
    if ip(&["link", "show", &br]).is_ok() {
        if let Err(e) = ip(&["link", "del", &br]) {
            errors.push(e);
        }
    }
    // Veths die with their namespace; one left over (a half-built lab) goes too.
    let prefix = format!("bv-{lab}-");
    for l in ip(&["-o", "link", "show"]).unwrap_or_default().lines() {
        if let Some(name) = l
            .split(": ")
            .nth(1)
            .map(|n| n.split('@').next().unwrap_or(n))
        {
            if name.starts_with(&prefix) {
                let _ = ip(&["link", "del", name]);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

/// Removes every barrage lab on this machine.
pub fn down_all() -> Result<Vec<String>, String> {
    let labs = labs();
    for lab in &labs {
        down(lab, &[])?;
    }
    Ok(labs)
}

/// Brings a lab up for as long as it lives; dropping it (any exit of the
/// scope, a panic included) takes the lab down.
pub struct Lab {
    lab: String,
    hosts: Vec<String>,
}

impl Lab {
    pub fn up(inv: &Inventory, log: &mut dyn FnMut(&str)) -> Result<Lab, String> {
        up(inv, log)?;
        Ok(Lab {
            lab: inv.lab.clone(),
            hosts: inv.netns.iter().map(|h| h.name.clone()).collect(),
        })
    }
}

impl Drop for Lab {
    fn drop(&mut self) {
        let _ = down(&self.lab, &self.hosts);
    }
}
