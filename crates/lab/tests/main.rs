//! The lab's integration tests, one binary: a module per file, so the
//! workspace links a test binary per crate instead of one per file (`cargo
//! test -p CRATE --test integration FILE::` runs one file's tests). None of
//! them measures a load, so they run side by side (libtest's thread per
//! core); the structure test `every_test_file_is_in_its_crates_test_binary`
//! checks each file is declared here.

mod driver_tools;
mod kill_all_started;
mod monitor;
mod probe;
mod process;
mod service;
mod validate;
mod validate_database;
