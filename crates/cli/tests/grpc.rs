//! gRPC end to end, in one test binary (CI's test run is near its cap, so
//! every gRPC test of the CLI lives here, in the modules below):
//! - `load`: `barrage load --grpc` against `barrage serve --grpc`, every
//!   call shape, the open loop, and bad input refused before any connection;
//! - `testkit`: against the testkit's misbehaving gRPC servers, each counted
//!   under its kind with the run ending on time;
//! - `ghz`: `barrage ghz` beside ghz itself on the same server;
//! - `suite`: `barrage run suites/grpc.toml --quick`.

#[path = "grpc/load.rs"]
mod load;

#[path = "grpc/testkit.rs"]
mod testkit;

#[path = "grpc/ghz.rs"]
mod ghz;

#[path = "grpc/suite.rs"]
mod suite;
