//! `barrage net up FILE` / `barrage net down FILE|--all`: a lab of
//! namespace hosts inside this machine (barrage-dist's netns).

use std::path::PathBuf;
use std::process::ExitCode;

use barrage_dist::host::Inventory;
use barrage_dist::netns;

use crate::exit::{usage_error, EXIT_FAILED};

#[derive(Debug, clap::Args)]
pub struct NetArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Create the inventory's kind = "netns" hosts: namespaces on a bridge in 198.18.0.0/24,
    /// link rates, sysctls, an sshd in each. Then use them with --hosts FILE.
    Up {
        /// The inventory (TOML).
        file: PathBuf,
    },
    /// Remove a lab: every process in its namespaces, the namespaces, veths and bridge.
    Down {
        /// The inventory it was made from.
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        file: Option<PathBuf>,
        /// Remove every barrage lab on this machine.
        #[arg(long)]
        all: bool,
    },
}

pub fn main(args: NetArgs) -> ExitCode {
    match args.action {
        Action::Up { file } => {
            let inv = match Inventory::load(&file) {
                Ok(inv) => inv,
                Err(e) => return usage_error(e),
            };
            let mut log = |l: &str| eprintln!("barrage: {l}");
            match netns::up(&inv, &mut log) {
                Ok(()) => {
                    println!(
                        "lab {} is up: use it with --hosts {} (ssh config {}); remove it with barrage net down {}",
                        inv.lab,
                        file.display(),
                        netns::state_dir(&inv.lab).join("ssh_config").display(),
                        file.display()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("barrage: error: net up {}: {e}", file.display());
                    ExitCode::from(EXIT_FAILED)
                }
            }
        }
        Action::Down {
            file: Some(file), ..
        } => {
            let inv = match Inventory::load(&file) {
                Ok(inv) => inv,
                Err(e) => return usage_error(e),
            };
            let names: Vec<String> = inv.netns.iter().map(|h| h.name.clone()).collect();
            match netns::down(&inv.lab, &names) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("barrage: error: net down {}: {e}", file.display());
                    ExitCode::from(EXIT_FAILED)
                }
            }
        }
        Action::Down { file: None, .. } => match netns::down_all() {
            Ok(labs) => {
                if !labs.is_empty() {
                    eprintln!("barrage: removed {}", labs.join(", "));
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("barrage: error: net down --all: {e}");
                ExitCode::from(EXIT_FAILED)
            }
        },
    }
}
