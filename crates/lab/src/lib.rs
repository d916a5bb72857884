//! barrage's lab: `barrage run SUITE`.
//!
//! Owns suites and server manifests (the file formats, docs/suites.md), the
//! lifecycle of servers under test (process groups, CPU pinning, readiness,
//! stopping), probes of each scenario's response before load, monitors of the
//! server's and the client's resources, the environment record, the drivers
//! (barrage's own engine and the external tools wrk, h2load, ab, httperf) and
//! the result store. It draws no charts (crates/report does).

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
pub mod store;
pub mod suite;
pub mod tool;
