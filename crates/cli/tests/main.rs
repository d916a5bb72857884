//! The cli's integration tests, one binary: a module per file, so the
//! workspace links a test binary per crate instead of one per file (`cargo
//! test -p CRATE --test integration FILE::` runs one file's tests). Tests
//! that measure take an exclusive turn and tests that start servers beside
//! each other a shared one (`barrage_testkit::turn`); crates/structure's
//! `every_test_file_is_in_its_crates_test_binary` checks each file is
//! declared here.

mod cli_support;
mod common;

mod agents_local;
mod check;
mod ci_doc;
mod cli;
mod cli_errors;
mod compare;
mod contract;
mod database;
mod dialect_ab;
mod dialect_h2load;
mod dialect_httperf;
mod dialect_wrk;
mod distributed;
mod fd_limit;
mod find_max;
mod gates;
mod grpc;
mod history;
mod hostile;
mod k8s;
mod k8s_image;
mod lab;
mod lab_hosts;
mod live_view;
mod metrics;
mod mix;
mod report_html;
mod schedule;
mod seeds;
mod serve;
mod starved_client;
mod suite_h3;
mod verify;
mod wrk_scripts;
mod ws;
