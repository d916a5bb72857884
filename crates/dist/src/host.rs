//! Hosts and the inventory that names them.
//!
//! A host is `local` (this machine, a child process) or
//! `ssh://[user@]host[:port]` (reached with the system's `ssh`, so the
//! user's ~/.ssh/config, keys and known_hosts apply). An inventory file
//! (`--hosts FILE`, TOML) names hosts, so a suite that says `server_host =
//! "server"` and `client_hosts = ["c1", "c2"]` runs unchanged on another
//! lab. Hosts of `kind = "netns"` are network namespaces of this machine,
//! made by [`crate::netns`] and reached over SSH too.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::Deserialize;

/// How a host is reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// This machine: the agent is a child process.
    Local,
    /// Over OpenSSH.
    Ssh {
        user: Option<String>,
        host: String,
        port: Option<u16>,
    },
}

impl FromStr for Address {
    type Err = String;
    fn from_str(s: &str) -> Result<Address, String> {
        let s = s.trim();
        if s == "local" {
            return Ok(Address::Local);
        }
        let hint = "expected local or ssh://[user@]host[:port]";
        if !s.starts_with("ssh://") {
            return Err(format!("host {s:?}: {hint}"));
        }
        let url = url::Url::parse(s).map_err(|e| format!("host {s:?}: {e}; {hint}"))?;
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| format!("host {s:?} names no host; {hint}"))?;
        if !matches!(url.path(), "" | "/") || url.query().is_some() || url.password().is_some() {
            return Err(format!(
                "host {s:?}: only a user, a host and a port go in an ssh:// address (keys and options go in ~/.ssh/config or the inventory's ssh_config)"
            ));
        }
        Ok(Address::Ssh {
            user: Some(url.username().to_string()).filter(|u| !u.is_empty()),
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
            port: url.port(),
        })
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::Local => f.write_str("local"),
            Address::Ssh { user, host, port } => {
                f.write_str("ssh://")?;
                if let Some(u) = user {
                    write!(f, "{u}@")?;
                }
                if host.contains(':') {
                    write!(f, "[{host}]")?;
                } else {
                    f.write_str(host)?;
                }
                if let Some(p) = port {
                    write!(f, ":{p}")?;
                }
                Ok(())
            }
        }
    }
}

/// A host barrage may use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Host {
    /// The inventory's name for it (or the address, given bare).
    pub name: String,
    pub address: Address,
    /// The cores barrage may use there; none: all of them.
    pub cores: Option<Vec<usize>>,
}

impl Host {
    /// A host given by address alone (`--agents ssh://a,ssh://b`).
    pub fn bare(address: Address) -> Host {
        Host {
            name: address.to_string(),
            address,
            cores: None,
        }
    }
}

/// How `ssh` is invoked for every host of an inventory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SshOptions {
    /// `ssh -F FILE`: a config file other than ~/.ssh/config.
    pub config: Option<PathBuf>,
    /// More arguments for every `ssh` (e.g. `["-o", "Compression=no"]`).
    pub options: Vec<String>,
}

/// One namespace host's network settings ([`crate::netns`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetnsHost {
    pub name: String,
    /// Its address on the lab's bridge (198.18.0.0/15).
    pub ip: std::net::Ipv4Addr,
    pub cores: Option<Vec<usize>>,
    /// tbf rate of its link, e.g. `1gbit`.
    pub rate: Option<String>,
    /// Applied inside its namespace only.
    pub sysctls: BTreeMap<String, String>,
}

/// A parsed inventory.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Inventory {
    /// Where it was read from (for messages).
    pub path: PathBuf,
    pub ssh: SshOptions,
    /// The checkout's path on remote hosts (`--remote-root`); none: the same path as here.
    pub remote_root: Option<PathBuf>,
    pub hosts: Vec<Host>,
    /// Namespace hosts to create before use (empty when there are none).
    pub netns: Vec<NetnsHost>,
    /// The namespace lab's short name (interface and namespace prefix).
    pub lab: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInventory {
    ssh_config: Option<PathBuf>,
    #[serde(default)]
    ssh_options: Vec<String>,
    remote_root: Option<PathBuf>,
    /// Defaults for namespace hosts.
    #[serde(default)]
    net: RawNet,
    #[serde(default)]
    hosts: BTreeMap<String, RawHost>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawNet {
    /// The lab's name: namespaces are `barrage-LAB-HOST`.
    name: Option<String>,
    rate: Option<String>,
    #[serde(default)]
    sysctls: BTreeMap<String, toml::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHost {
    #[serde(default)]
    kind: Kind,
    address: Option<String>,
    cores: Option<Cores>,
    rate: Option<String>,
    #[serde(default)]
    sysctls: BTreeMap<String, toml::Value>,
}

#[derive(Debug, Deserialize, Default, PartialEq, Eq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Kind {
    #[default]
    Ssh,
    Local,
    Netns,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Cores {
    List(Vec<usize>),
    Text(String),
}

/// `0-3,6` → [0, 1, 2, 3, 6].
pub fn parse_cpu_list(s: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("cores {s:?}: expected a list such as 0-3,6");
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (
                    a.trim().parse().map_err(|_| bad())?,
                    b.trim().parse().map_err(|_| bad())?,
                );
                if a > b {
                    return Err(bad());
                }
                out.extend(a..=b);
            }
            None => out.push(part.parse().map_err(|_| bad())?),
        }
    }
    if out.is_empty() {
        return Err(format!("cores {s:?}: no core listed"));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

fn sysctl_value(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The first address of namespace hosts: 198.18.0.1 is the bridge (this
/// machine's side), hosts follow from .10 in the inventory's order.
pub const NETNS_FIRST: [u8; 4] = [198, 18, 0, 10];

impl Inventory {
    /// Reads an inventory file; an error names the file and what is wrong.
    pub fn load(path: &Path) -> Result<Inventory, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read the inventory: {e}", path.display()))?;
        Inventory::parse(&text, path)
    }

    /// Parses an inventory's text; `path` is where it was read from (for
    /// messages, the lab's default name and relative ssh_config paths).
    pub fn parse(text: &str, path: &Path) -> Result<Inventory, String> {
        let at = path.display();
        let raw: RawInventory =
            toml::from_str(text).map_err(|e| format!("{at}: {}", one_line(&e.to_string())))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let relative = |p: PathBuf| if p.is_absolute() { p } else { dir.join(p) };
        let lab = lab_name(raw.net.name.as_deref(), path)?;
        let mut inv = Inventory {
            path: path.to_path_buf(),
            ssh: SshOptions {
                config: raw.ssh_config.map(relative),
                options: raw.ssh_options,
            },
            remote_root: raw.remote_root,
            hosts: Vec::new(),
            netns: Vec::new(),
            lab,
        };
        if raw.hosts.is_empty() {
            return Err(format!(
                "{at}: no host: add [hosts.NAME] tables with address = \"ssh://…\" or kind = \"netns\""
            ));
        }
        let mut next_ip = NETNS_FIRST;
        for (name, mut h) in raw.hosts {
            let here = format!("{at}: hosts.{name}");
            if name.is_empty()
                || name.len() > 20
                || !name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            {
                return Err(format!(
                    "{here}: a host's name is up to 20 letters, digits, '-' or '_'"
                ));
            }
            let cores = cores(h.cores.take(), &here)?;
            let address = if h.kind == Kind::Netns {
                let netns = netns_host(&name, &h, &raw.net, cores.clone(), &mut next_ip, &here)?;
                inv.netns.push(netns);
                Address::Ssh {
                    user: Some("root".into()),
                    host: name.clone(),
                    port: None,
                }
            } else {
                address(&h, &here)?
            };
            inv.hosts.push(Host {
                name,
                address,
                cores,
            });
        }
        let mut seen = std::collections::BTreeSet::new();
        for n in &inv.netns {
            if !seen.insert(n.ip) {
                return Err(format!(
                    "{at}: two namespace hosts have the address {}",
                    n.ip
                ));
            }
        }
        Ok(inv)
    }

    /// The host called `name`; an error lists the names there are.
    pub fn host(&self, name: &str) -> Result<&Host, String> {
        self.hosts.iter().find(|h| h.name == name).ok_or_else(|| {
            let names: Vec<&str> = self.hosts.iter().map(|h| h.name.as_str()).collect();
            format!(
                "{}: no host {name:?} (there are: {})",
                self.path.display(),
                names.join(", ")
            )
        })
    }
}

/// The lab's name: `net.name`, or the inventory file's stem.
fn lab_name(given: Option<&str>, path: &Path) -> Result<String, String> {
    let lab = given.map(str::to_string).unwrap_or_else(|| {
        path.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("lab")
            .to_string()
    });
    if lab.is_empty()
        || lab.len() > 6
        || !lab
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        return Err(format!(
            "{}: lab name {lab:?} (net.name, or the file's name): 1 to 6 lowercase letters or digits, as it goes into interface names",
            path.display()
        ));
    }
    Ok(lab)
}

/// A host's `cores`, sorted; none: all of them.
fn cores(given: Option<Cores>, here: &str) -> Result<Option<Vec<usize>>, String> {
    Ok(match given {
        None => None,
        Some(Cores::List(v)) if v.is_empty() => {
            return Err(format!("{here}: cores is empty; leave it out to use all"))
        }
        Some(Cores::List(mut v)) => {
            v.sort_unstable();
            v.dedup();
            Some(v)
        }
        Some(Cores::Text(s)) => Some(parse_cpu_list(&s).map_err(|e| format!("{here}: {e}"))?),
    })
}

/// A namespace host's settings: its address (the next free one unless
/// given), its link's rate and its sysctls (the lab's, then its own).
fn netns_host(
    name: &str,
    h: &RawHost,
    net: &RawNet,
    cores: Option<Vec<usize>>,
    next_ip: &mut [u8; 4],
    here: &str,
) -> Result<NetnsHost, String> {
    let ip = match h.address.as_deref() {
        None => {
            let ip = std::net::Ipv4Addr::from(*next_ip);
            next_ip[3] = next_ip[3].saturating_add(1);
            ip
        }
        Some(a) => a.parse().map_err(|_| {
            format!("{here}: address {a:?}: a namespace host's address is an IPv4 address in 198.18.0.0/24")
        })?,
    };
    let o = ip.octets();
    if o[..3] != [198, 18, 0] || o[3] < 2 || o[3] == 255 {
        return Err(format!(
            "{here}: address {ip}: namespace hosts live in 198.18.0.2-254 (RFC 2544's benchmark range; .1 is the bridge)"
        ));
    }
    let mut sysctls: BTreeMap<String, String> = net
        .sysctls
        .iter()
        .map(|(k, v)| (k.clone(), sysctl_value(v)))
        .collect();
    sysctls.extend(h.sysctls.iter().map(|(k, v)| (k.clone(), sysctl_value(v))));
    if let Some(key) = sysctls.keys().find(|k| !k.starts_with("net.")) {
        return Err(format!(
            "{here}: sysctl {key}: only net.* settings belong to a namespace; others would change the whole machine"
        ));
    }
    Ok(NetnsHost {
        name: name.to_string(),
        ip,
        cores,
        rate: h.rate.clone().or_else(|| net.rate.clone()),
        sysctls,
    })
}

/// The address of a host that is not a namespace: `local` or `ssh://…`.
fn address(h: &RawHost, here: &str) -> Result<Address, String> {
    if h.rate.is_some() || !h.sysctls.is_empty() {
        return Err(format!(
            "{here}: rate and sysctls apply to kind = \"netns\" hosts only"
        ));
    }
    match (h.kind, h.address.as_deref()) {
        (Kind::Local, None) => Ok(Address::Local),
        (Kind::Local, Some(a)) => Err(format!(
            "{here}: kind = \"local\" takes no address (got {a:?})"
        )),
        (_, None) => Err(format!(
            "{here}: no address: give address = \"ssh://[user@]host[:port]\" or \"local\", or kind = \"netns\""
        )),
        (_, Some(a)) => a.parse().map_err(|e| format!("{here}: {e}")),
    }
}

/// A TOML error's first line (its position and message).
fn one_line(s: &str) -> String {
    let mut lines = s.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next().unwrap_or("").trim().to_string();
    let last = s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.starts_with("TOML parse error") && last.trim() != first {
        format!(
            "{}: {}",
            first.trim_start_matches("TOML parse error "),
            last.trim()
        )
    } else {
        first
    }
}

/// `--agents a,b,c`: inventory names (with `--hosts`) or addresses.
pub fn parse_agents(list: &str, inventory: Option<&Inventory>) -> Result<Vec<Host>, String> {
    let mut hosts = Vec::new();
    for item in list.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(format!("--agents {list:?}: an empty entry"));
        }
        let host = if item == "local" || item.starts_with("ssh://") {
            Host::bare(item.parse()?)
        } else {
            match inventory {
                Some(inv) => inv.host(item)?.clone(),
                None => {
                    return Err(format!(
                        "--agents: {item:?} is not an address (local, ssh://[user@]host[:port]) and no --hosts inventory names it"
                    ))
                }
            }
        };
        hosts.push(host);
    }
    Ok(hosts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!("local".parse::<Address>(), Ok(Address::Local));
        let a: Address = "ssh://bench@10.0.0.2:2222".parse().unwrap();
        assert_eq!(
            a,
            Address::Ssh {
                user: Some("bench".into()),
                host: "10.0.0.2".into(),
                port: Some(2222)
            }
        );
        assert_eq!(a.to_string(), "ssh://bench@10.0.0.2:2222");
        let v6: Address = "ssh://[::1]".parse().unwrap();
        assert_eq!(v6.to_string(), "ssh://[::1]");
        for bad in [
            "10.0.0.2",
            "ssh://",
            "ssh://h/path",
            "ssh://u:pw@h",
            "http://h",
        ] {
            let e = bad.parse::<Address>().unwrap_err();
            assert!(e.contains(bad), "{e}");
        }
    }

    #[test]
    fn cpu_lists() {
        assert_eq!(parse_cpu_list("0-2,5"), Ok(vec![0, 1, 2, 5]));
        assert_eq!(parse_cpu_list("1"), Ok(vec![1]));
        assert!(parse_cpu_list("2-1").is_err());
        assert!(parse_cpu_list("").is_err());
        assert!(parse_cpu_list("a").is_err());
    }

    const LAB: &str = r#"
ssh_config = "lab_ssh_config"
[net]
rate = "1gbit"
sysctls = { "net.core.somaxconn" = 4096 }
[hosts.server]
kind = "netns"
cores = [1]
[hosts.c1]
kind = "netns"
cores = "0"
sysctls = { "net.ipv4.tcp_tw_reuse" = "1" }
[hosts.far]
address = "ssh://bench@10.1.1.1"
[hosts.me]
kind = "local"
"#;

    #[test]
    fn an_inventory() {
        let inv = Inventory::parse(LAB, Path::new("/labs/two.toml")).unwrap();
        assert_eq!(inv.lab, "two");
        assert_eq!(inv.ssh.config, Some(PathBuf::from("/labs/lab_ssh_config")));
        let names: Vec<&str> = inv.hosts.iter().map(|h| h.name.as_str()).collect();
        assert_eq!(names, ["c1", "far", "me", "server"]);
        assert_eq!(inv.host("me").unwrap().address, Address::Local);
        assert_eq!(inv.host("server").unwrap().cores, Some(vec![1]));
        assert_eq!(inv.host("c1").unwrap().address.to_string(), "ssh://root@c1");
        let c1 = &inv.netns[0];
        assert_eq!(
            (c1.name.as_str(), c1.ip.to_string()),
            ("c1", "198.18.0.10".into())
        );
        assert_eq!(c1.rate.as_deref(), Some("1gbit"));
        assert_eq!(c1.sysctls["net.core.somaxconn"], "4096");
        assert_eq!(c1.sysctls["net.ipv4.tcp_tw_reuse"], "1");
        assert_eq!(inv.netns[1].ip.to_string(), "198.18.0.11");
        let e = inv.host("nope").unwrap_err();
        assert!(e.contains("c1, far, me, server"), "{e}");
        let hosts = parse_agents("c1,ssh://x", Some(&inv)).unwrap();
        assert_eq!(hosts[1].name, "ssh://x");
        assert!(parse_agents("c1", None).unwrap_err().contains("--hosts"));
    }

    #[test]
    fn inventory_errors_name_the_file_and_the_host() {
        let p = Path::new("lab.toml");
        for (text, says) in [
            ("", "no host"),
            (
                "[hosts.a]\nkind = \"netns\"\naddress = \"10.0.0.1\"",
                "hosts.a: address 10.0.0.1",
            ),
            (
                "[hosts.a]\nkind = \"netns\"\nsysctls = { \"kernel.pid_max\" = 1 }",
                "only net.*",
            ),
            (
                "[hosts.a]\naddress = \"ssh://h\"\nrate = \"1gbit\"",
                "kind = \"netns\" hosts only",
            ),
            ("[hosts.a]\n", "hosts.a: no address"),
            ("[hosts.a]\naddress = \"h\"", "expected local or ssh://"),
            (
                "[hosts.a]\naddress = \"local\"\ncores = []",
                "cores is empty",
            ),
            ("[hosts.a]\naddress = \"local\"\nport = 1", "unknown field"),
            ("[hosts.\"a b\"]\naddress = \"local\"", "a host's name"),
        ] {
            let e = Inventory::parse(text, p).unwrap_err();
            assert!(
                e.starts_with("lab.toml: ") && e.contains(says),
                "{text:?}: {e}"
            );
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
