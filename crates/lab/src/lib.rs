//! barrage's lab: `barrage run SUITE`.
//!
//! Owns suites and server manifests (the file formats, docs/suites.md), the
//! lifecycle of servers under test (process groups, CPU pinning, readiness,
//! stopping), probes of each scenario's response before load, monitors of the
//! server's and the client's resources, the environment record, the drivers
//! (barrage's own engine and the external tools wrk, h2load, ab, httperf) and
//! the result store. It draws no charts and writes no tables (crates/report
//! does: summary.md is rendered by the function the caller passes in
//! [`runner::RunOptions::summary`]).
//!
//! One execution path: a suite on this machine and a suite across hosts run
//! the same [`runner`] code. Every step on a host (build, start, sample and
//! stop a server; probe; run a load generator) is a [`host::Call`], which
//! one [`host::Agent`] answers on every host: in the lab's own process for
//! this machine, in `barrage agent` elsewhere. Where things go:
//!
//! - a new kind of host (a way to reach one): a `Reach` in `host/set.rs`;
//!   the runner does not change.
//! - a service a suite starts (a server under test, a database): its steps
//!   as calls in `host.rs`, answered in `host/agent.rs` with the lifecycle
//!   code of `process.rs`, and asked for by the runner in `runner/group.rs`
//!   (the start, the stop, the liveness check); it then runs on every host.
//! - a new driver (external tool): `driver/NAME.rs` and [`driver::Tool`];
//!   its process is run by `tool.rs` on whichever host.
//! - what a level's record holds from several client hosts: `runner/merge.rs`.

pub mod driver;
pub mod env;
pub mod fuzz;
pub mod host;
pub mod manifest;
pub mod monitor;
pub mod probe;
pub mod process;
pub mod remote;
pub mod runner;
pub mod service;
pub mod store;
pub mod suite;
pub mod tool;
pub mod validate;
