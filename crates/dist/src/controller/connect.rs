//! Reaching the agents: the hosts `--agents` names, barrage put on each,
//! the agents started and greeted, their clocks estimated. Nothing here
//! runs load.

use std::path::Path;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use super::{Agent, Calls, Controller, CLOCK_SAMPLES};
use crate::clock::{self, Estimate, Sample};
use crate::host::{parse_agents, Host, Inventory, SshOptions};
use crate::install::{self, Found};
use crate::link::{close_master, Incoming, Link};
use crate::proto::{unix_us_now, Event, Request, PROTOCOL};

/// How long the agents have to say hello once started.
const HELLO_LIMIT: Duration = Duration::from_secs(30);

/// The agents a list names (`--agents a,b` with `--hosts FILE`): their
/// hosts, and the inventory that named them.
#[derive(Debug, Clone)]
pub struct AgentList {
    pub hosts: Vec<Host>,
    pub inventory: Option<Inventory>,
}

impl AgentList {
    /// Reads the inventory (when given) and resolves `list`: inventory
    /// names or addresses (`local`, `ssh://…`). An error is one line
    /// naming the flag or the file.
    pub fn resolve(list: &str, inventory: Option<&Path>) -> Result<AgentList, String> {
        let inventory = match inventory {
            Some(p) => Some(Inventory::load(p).map_err(|e| format!("--hosts {e}"))?),
            None => None,
        };
        let hosts = parse_agents(list, inventory.as_ref())?;
        Ok(AgentList { hosts, inventory })
    }

    /// How `ssh` reaches them: the inventory's options, or the config
    /// `barrage net up` wrote for its namespace hosts.
    pub fn ssh(&self) -> Result<SshOptions, String> {
        match &self.inventory {
            Some(inv) => crate::netns::ssh_options(inv),
            None => Ok(SshOptions::default()),
        }
    }
}

impl Controller {
    /// Reaches every host (in parallel), puts this barrage there when
    /// needed, starts the agents, checks they speak this protocol, and
    /// estimates their clocks. An error is one line naming the host.
    pub fn connect(
        hosts: &[Host],
        ssh: &SshOptions,
        log: &mut dyn FnMut(&str),
    ) -> Result<Controller, String> {
        Controller::try_connect(hosts, ssh, log).inspect_err(|_| {
            // No master connection outlives a failed start.
            for h in hosts {
                close_master(&h.address, ssh);
            }
        })
    }

    fn try_connect(
        hosts: &[Host],
        ssh: &SshOptions,
        log: &mut dyn FnMut(&str),
    ) -> Result<Controller, String> {
        if hosts.is_empty() {
            return Err("no agent host given".into());
        }
        let binaries = install_all(hosts, ssh, log)?;
        let (tx, rx) = mpsc::channel();
        let mut links = Vec::new();
        for (i, (host, (path, _))) in hosts.iter().zip(&binaries).enumerate() {
            let mut link = Link::open(host, path, ssh, i, tx.clone())?;
            link.send(&Request::Hello);
            links.push(link);
        }
        drop(tx);
        let hellos = await_hellos(hosts, &rx)?;
        let mut agents: Vec<Agent> = links
            .into_iter()
            .zip(binaries)
            .zip(hellos)
            .map(|((link, (binary, found)), (hostname, cores))| Agent {
                host: link.host.clone(),
                link,
                clock: Estimate::default(),
                hostname,
                cores,
                binary,
                found,
            })
            .collect();
        for (i, agent) in agents.iter_mut().enumerate() {
            agent.clock = sync_clock(&mut agent.link, i, &rx)
                .map_err(|e| format!("host {}: {e}", agent.host.name))?;
        }
        Ok(Controller {
            agents,
            rx,
            ssh: ssh.clone(),
            calls: Calls::default(),
        })
    }
}

/// Makes sure this barrage runs on every host (in parallel), saying what
/// was copied; each host's binary and how it got there.
fn install_all(
    hosts: &[Host],
    ssh: &SshOptions,
    log: &mut dyn FnMut(&str),
) -> Result<Vec<(String, Found)>, String> {
    let installs: Vec<Result<(String, Found), String>> = std::thread::scope(|s| {
        let handles: Vec<_> = hosts
            .iter()
            .map(|h| s.spawn(move || install::ensure(h, ssh)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("the install check panicked".into()))
            })
            .collect()
    });
    let mut binaries = Vec::new();
    for (host, r) in hosts.iter().zip(installs) {
        let (path, found) = r?;
        match &found {
            Found::Copied { bytes } => log(&format!(
                "host {}: copied barrage ({:.1} MB, sha256 checked) to {path}",
                host.name,
                *bytes as f64 / 1e6
            )),
            Found::Cached | Found::OnPath => log(&format!("host {}: using {path}", host.name)),
            Found::Local => {}
        }
        binaries.push((path, found));
    }
    Ok(binaries)
}

/// Every agent's hello (its hostname and cores), checked to be this
/// barrage speaking this protocol.
fn await_hellos(
    hosts: &[Host],
    rx: &Receiver<(usize, Incoming)>,
) -> Result<Vec<(String, usize)>, String> {
    let mut hellos: Vec<Option<(String, usize)>> = vec![None; hosts.len()];
    let deadline = Instant::now() + HELLO_LIMIT;
    while hellos.iter().any(Option::is_none) {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok((i, msg)) = rx.recv_timeout(left) else {
            let i = hellos.iter().position(Option::is_none).unwrap_or(0);
            return Err(format!(
                "host {}: the agent did not answer within 30 s",
                hosts[i].name
            ));
        };
        match msg {
            Incoming::Event(Event::Hello {
                protocol,
                version,
                hostname,
                cores,
                ..
            }) => {
                if protocol != PROTOCOL || version != env!("CARGO_PKG_VERSION") {
                    return Err(format!(
                        "host {}: its agent is barrage {version} (protocol {protocol}), this is {} (protocol {PROTOCOL}): remove the other barrage from its PATH",
                        hosts[i].name,
                        env!("CARGO_PKG_VERSION")
                    ));
                }
                hellos[i] = Some((hostname, cores));
            }
            Incoming::Closed(stderr) => {
                return Err(install::unreachable_line(&hosts[i], &stderr));
            }
            _ => {}
        }
    }
    Ok(hellos.into_iter().flatten().collect())
}

fn sync_clock(
    link: &mut Link,
    me: usize,
    rx: &Receiver<(usize, Incoming)>,
) -> Result<Estimate, String> {
    let mut samples = Vec::new();
    for id in 0..CLOCK_SAMPLES {
        let sent_us = unix_us_now();
        if !link.send(&Request::Clock { id }) {
            return Err("the agent's channel closed during the clock check".into());
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok((i, Incoming::Event(Event::Clock { id: got, unix_us })))
                    if i == me && got == id =>
                {
                    samples.push(Sample {
                        sent_us,
                        agent_us: unix_us,
                        received_us: unix_us_now(),
                    });
                    break;
                }
                Ok((i, Incoming::Closed(why))) if i == me => {
                    return Err(format!(
                        "the agent's channel closed during the clock check: {why}"
                    ))
                }
                Ok(_) => {}
                Err(_) => return Err("no answer to a clock check within 10 s".into()),
            }
        }
    }
    clock::best(&samples).ok_or_else(|| "no clock sample".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::Address;

    #[test]
    fn an_agent_list_names_inventory_hosts_and_addresses() {
        let dir = std::env::temp_dir().join(format!("barrage-agent-list-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("lab.toml");
        std::fs::write(
            &file,
            "ssh_options = [\"-o\", \"Compression=no\"]\n[hosts.c1]\naddress = \"ssh://bench@10.0.0.2\"\ncores = \"0-1\"\n",
        )
        .unwrap();
        let list = AgentList::resolve("c1,local", Some(&file)).unwrap();
        assert_eq!(list.hosts.len(), 2);
        assert_eq!(list.hosts[0].name, "c1");
        assert_eq!(list.hosts[0].cores, Some(vec![0, 1]));
        assert_eq!(list.hosts[1].address, Address::Local);
        assert_eq!(list.ssh().unwrap().options, ["-o", "Compression=no"]);

        let bare = AgentList::resolve("ssh://a,local", None).unwrap();
        assert_eq!(bare.ssh().unwrap(), SshOptions::default());
        let e = AgentList::resolve("c1", None).unwrap_err();
        assert!(e.contains("no --hosts inventory names it"), "{e}");
        let e = AgentList::resolve("c9", Some(&file)).unwrap_err();
        assert!(e.contains("no host \"c9\" (there are: c1)"), "{e}");
        let e = AgentList::resolve("c1", Some(&dir.join("missing.toml"))).unwrap_err();
        assert!(
            e.starts_with("--hosts ") && e.contains("cannot read"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
