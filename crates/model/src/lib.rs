//! barrage's shared model: one type per concept, for every crate.
//!
//! The engine produces a [`load::RunReport`]; the lab runs suites
//! ([`suite::Suite`]) and records [`results::Results`]; the reports read
//! both and lay them out through one tabulation ([`table`]). Each of those
//! crates depends on this one and on none of the others for types (as
//! ripgrep's searcher and printer share `grep-matcher`), so a renamed field
//! is a compile error everywhere, and a file missing a field fails to load
//! with the field's path instead of reading as zero.
//!
//! Serialisation happens at the edge: histograms are `Histogram` values in
//! memory and base64 text only in the JSON ([`histogram`]).
//!
//! This crate owns types, their JSON form and pure arithmetic on them
//! (merging, medians, tables). It runs nothing, reads no file and prints
//! nothing.

pub mod check;
pub mod client_bound;
pub mod histogram;
mod json;
pub mod limit;
pub mod load;
mod protocol;
pub mod results;
pub mod search;
pub mod suite;
pub mod table;
pub mod warmup;

/// The contract's workloads, as scenarios, validations and tables name them.
pub use barrage_contract::Workload;
use json::from_json;
pub use json::LoadError;
pub use load::RunReport;
pub use protocol::Protocol;
pub use results::Results;
