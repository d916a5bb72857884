//! A channel to an agent: a child process (`barrage agent` here, or `ssh`
//! running it there) whose standard input and output carry the protocol.
//!
//! `ssh` runs with BatchMode (a host that wants a password or an unknown
//! host key fails at once instead of prompting), ControlMaster
//! multiplexing (one TCP connection and one authentication per host for
//! the checks, the copy and the agent), and keep-alives, so a host that
//! vanishes closes its channel within seconds. Everything else (user,
//! keys, known hosts, jump hosts) comes from the user's ssh config, or the
//! inventory's `ssh_config`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use crate::host::{Address, Host, SshOptions};
use crate::proto::{line, Event, Request};

/// What a link's reader thread reports.
#[derive(Debug)]
pub enum Incoming {
    Event(Event),
    /// A line that is not the protocol (a shell's greeting, a crash).
    Noise(String),
    /// The channel closed; the last lines the process wrote on stderr.
    Closed(String),
}

/// The directory of ControlMaster sockets (short: a socket path has a
/// length limit of about 100 bytes).
fn control_dir() -> std::path::PathBuf {
    let uid = unsafe { libc::getuid() };
    std::path::PathBuf::from(format!("/tmp/barrage-ssh-{uid}"))
}

/// `ssh` with barrage's options for `host`, ready for a remote command.
pub fn ssh(host: &Address, opts: &SshOptions) -> Command {
    let Address::Ssh { user, host, port } = host else {
        panic!("ssh() is for ssh:// hosts");
    };
    let dir = control_dir();
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o700));
    let mut cmd = Command::new("ssh");
    if let Some(config) = &opts.config {
        cmd.arg("-F").arg(config);
    }
    cmd.args([
        "-T",
        "-o",
        "BatchMode=yes",
        "-o",
        "ConnectTimeout=10",
        "-o",
        "ServerAliveInterval=2",
        "-o",
        "ServerAliveCountMax=3",
        "-o",
        "ControlMaster=auto",
        "-o",
        "ControlPersist=60",
        "-o",
    ]);
    cmd.arg(format!("ControlPath={}/%C", dir.display()));
    cmd.args(&opts.options);
    if let Some(u) = user {
        cmd.arg("-l").arg(u);
    }
    if let Some(p) = port {
        cmd.arg("-p").arg(p.to_string());
    }
    cmd.arg("--").arg(host);
    cmd
}

/// Ends the ControlMaster connection to `host`, if one is open (`ssh -O exit`).
pub fn close_master(host: &Address, opts: &SshOptions) {
    if let Address::Ssh { .. } = host {
        let cmd = ssh(host, opts);
        // `-O exit` goes before the host.
        let args: Vec<_> = cmd.get_args().map(|a| a.to_owned()).collect();
        let dash = args.iter().position(|a| a == "--").unwrap_or(args.len());
        let mut c = Command::new("ssh");
        c.args(&args[..dash])
            .arg("-O")
            .arg("exit")
            .args(&args[dash..]);
        let _ = c
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

/// Starts `cmd` with its three standard streams piped; an error names the host.
pub fn spawn_piped(cmd: &mut Command, host: &Host) -> Result<Child, String> {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            let hint = if cmd.get_program() == "ssh" {
                " (install OpenSSH's client)"
            } else {
                ""
            };
            format!(
                "host {}: cannot start {:?}: {e}{hint}",
                host.name,
                cmd.get_program()
            )
        })
}

/// A quoted word for a remote POSIX shell.
pub fn sh_quote(s: &str) -> String {
    if !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:@%+,".contains(&b))
    {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// An open channel to one agent.
pub struct Link {
    pub host: Host,
    child: Child,
    stdin: Option<ChildStdin>,
}

impl Link {
    /// Starts the agent on `host` (`barrage_path` is the binary there) and
    /// forwards what it says, tagged `index`, to `tx`.
    pub fn open(
        host: &Host,
        barrage_path: &str,
        opts: &SshOptions,
        index: usize,
        tx: Sender<(usize, Incoming)>,
    ) -> Result<Link, String> {
        let mut cmd = match &host.address {
            Address::Local => {
                let mut c = Command::new(barrage_path);
                c.arg("agent");
                c
            }
            addr => {
                let mut c = ssh(addr, opts);
                // exec: the agent replaces the remote shell, so when the
                // channel closes nothing is left between sshd and it.
                c.arg(format!("exec {} agent", sh_quote(barrage_path)));
                c
            }
        };
        let mut child = spawn_piped(&mut cmd, host)?;
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let tail = Arc::new(Mutex::new(String::new()));
        let tail_w = tail.clone();
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = BufReader::new(stderr).read_to_string(&mut s);
            *tail_w.lock().unwrap() = s;
        });
        std::thread::spawn(move || {
            let reader = BufReader::new(stdout);
            for l in reader.lines() {
                let Ok(l) = l else { break };
                let msg = match serde_json::from_str::<Event>(&l) {
                    Ok(ev) => Incoming::Event(ev),
                    Err(_) => Incoming::Noise(l),
                };
                if tx.send((index, msg)).is_err() {
                    return;
                }
            }
            // Give the stderr reader a moment to see the end too.
            for _ in 0..50 {
                if Arc::strong_count(&tail) == 1 {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            let text = tail.lock().map(|t| t.clone()).unwrap_or_default();
            let _ = tx.send((index, Incoming::Closed(last_lines(&text))));
        });
        Ok(Link {
            host: host.clone(),
            stdin: child.stdin.take(),
            child,
        })
    }

    /// Sends one request; false when the channel is gone.
    pub fn send(&mut self, req: &Request) -> bool {
        match &mut self.stdin {
            Some(w) => w
                .write_all(line(req).as_bytes())
                .and_then(|_| w.flush())
                .is_ok(),
            None => false,
        }
    }

    /// Closes the agent's standard input: it ends its load and exits.
    pub fn close(&mut self) {
        self.stdin = None;
    }
}

/// Dropping a link closes its channel (the agent ends its load and exits)
/// and waits for the process a bounded time (2 s), then kills it.
impl Drop for Link {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            for _ in 0..100 {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The last few non-empty lines of `s`, joined with "; ".
pub fn last_lines(s: &str) -> String {
    let lines: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let from = lines.len().saturating_sub(3);
    lines[from..].join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(sh_quote("/opt/barrage"), "/opt/barrage");
        assert_eq!(sh_quote("a b"), "'a b'");
        assert_eq!(sh_quote("it's"), "'it'\\''s'");
        assert_eq!(sh_quote(""), "''");
    }

    #[test]
    fn ssh_arguments() {
        let addr: Address = "ssh://bench@h:2222".parse().unwrap();
        let opts = SshOptions {
            config: Some("/lab/cfg".into()),
            options: vec!["-o".into(), "Compression=no".into()],
        };
        let cmd = ssh(&addr, &opts);
        let args: Vec<String> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let s = args.join(" ");
        assert!(s.starts_with("-F /lab/cfg -T -o BatchMode=yes"), "{s}");
        assert!(s.contains("ControlMaster=auto"), "{s}");
        assert!(
            s.ends_with("-o Compression=no -l bench -p 2222 -- h"),
            "{s}"
        );
    }
}
