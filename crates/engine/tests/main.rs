//! The engine's integration tests, one binary: a module per file, so the
//! workspace links a test binary per crate instead of one per file (`cargo
//! test -p CRATE --test integration FILE::` runs one file's tests). Tests
//! that measure take an exclusive turn and tests that start servers beside
//! each other a shared one (`barrage_testkit::turn`); the structure test
//! `every_test_file_is_in_its_crates_test_binary` checks each file is
//! declared here.

mod common;

mod faults;
mod h3;
mod load;
mod many_conns;
mod mix;
mod nginx;
mod protocols;
mod schedule;
mod script;
mod uring;
