//! barrage across hosts.
//!
//! barrage is its own agent: the controller reaches each host over the
//! system's OpenSSH (or starts a local child), makes sure the same barrage
//! binary runs there ([`install`]), and talks to `barrage agent` over the
//! channel's standard input and output in line-delimited JSON ([`proto`]).
//! It estimates every host's clock offset from round trips ([`clock`]),
//! gives every agent the same start instant in its own clock, and merges
//! their reports exactly ([`controller`]). [`netns`] builds a lab of hosts
//! inside one machine (network namespaces, each with its own sshd);
//! [`k8s`] writes the manifests that run agents as a Kubernetes Indexed Job,
//! and [`image`] the container image those pods run.
//!
//! The controller is library code, and prints nothing: `barrage load
//! --agents` calls [`controller::Controller::run`], a capacity search across
//! hosts runs each step through [`controller::Controller::search_step`]
//! (the search itself is `barrage_engine::search`, which only needs a step
//! function), and the lab carries its calls over the same agents. The
//! command line keeps the flags, the terminal and the exit codes.
//!
//! No cluster manager: hosts are named in an inventory ([`host`]), reached
//! as the user reaches them (their ~/.ssh/config, keys and known_hosts).

pub mod agent;
pub mod clock;
pub mod controller;
pub mod host;
pub mod image;
pub mod install;
pub mod k8s;
pub mod link;
pub mod netns;
pub mod proto;

/// Entry points for the fuzz targets in fuzz/ (cargo-fuzz, nightly): each
/// takes arbitrary bytes and must return, never panic.
pub mod fuzz {
    use std::path::Path;

    /// An inventory file's text (`--hosts FILE`).
    pub fn inventory_toml(data: &[u8]) {
        let _ =
            crate::host::Inventory::parse(&String::from_utf8_lossy(data), Path::new("fuzz.toml"));
    }

    /// A line an agent sends (what the controller reads from a host).
    pub fn agent_event(data: &[u8]) {
        let _ = serde_json::from_slice::<crate::proto::Event>(data);
    }

    #[cfg(test)]
    mod tests {
        use barrage_testkit::mutate::{run_mutations, Rng};

        #[test]
        fn inventories_and_agent_lines_never_panic() {
            let mut rng = Rng(0x51_7cc1_b727_220a);
            let docs = std::fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/distributed.md"),
            )
            .unwrap();
            // Every TOML block of docs/distributed.md is a valid inventory
            // (but the suite keys of the lab across hosts).
            let blocks: Vec<&str> = docs
                .split("```toml\n")
                .skip(1)
                .filter_map(|b| b.split("```").next())
                .filter(|b| !b.contains("client_hosts"))
                .collect();
            assert!(blocks.len() >= 2);
            for b in &blocks {
                let inv = crate::host::Inventory::parse(b, Path::new("/labs/lab.toml"));
                assert!(inv.is_ok(), "{b}: {:?}", inv.err());
                run_mutations(b.as_bytes(), 300, &mut rng, super::inventory_toml);
            }
            let many: String = (0..300)
                .map(|i| format!("[hosts.h{i}]\nkind = \"netns\"\n"))
                .collect();
            let e = crate::host::Inventory::parse(&many, Path::new("x.toml")).unwrap_err();
            assert!(e.contains("198.18.0."), "{e}");
            for line in [
                r#"{"ev":"hello","protocol":2,"version":"0.1.0","hostname":"h","cores":2,"arch":"x86_64"}"#,
                r#"{"ev":"window","index":3,"warmup":false,"seconds":4.0,"responses":10,"errors":0,"p99_us":120}"#,
                r#"{"ev":"clock","id":1,"unix_us":1800000000000000}"#,
            ] {
                run_mutations(line.as_bytes(), 300, &mut rng, super::agent_event);
            }
        }

        use std::path::Path;
    }
}
