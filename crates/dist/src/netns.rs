//! Network-namespace hosts (below).

use crate::host::{Inventory, SshOptions};

/// Where a namespace lab keeps its keys, ssh config and state.
pub fn state_dir(lab: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(format!("/run/barrage/net/{lab}"))
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
