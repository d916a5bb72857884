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
//! [`k8s`] writes the manifests that run agents as a Kubernetes Indexed Job.
//!
//! No cluster manager: hosts are named in an inventory ([`host`]), reached
//! as the user reaches them (their ~/.ssh/config, keys and known_hosts).

pub mod agent;
pub mod clock;
pub mod controller;
pub mod host;
pub mod install;
pub mod k8s;
pub mod link;
pub mod netns;
pub mod proto;
