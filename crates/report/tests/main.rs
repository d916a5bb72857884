//! The reports' integration tests, one binary: a module per file, so the
//! workspace links a test binary per crate instead of one per file (`cargo
//! test -p CRATE --test integration FILE::` runs one file's tests). None of
//! them measures a load, so they run side by side (libtest's thread per
//! core); the structure test `every_test_file_is_in_its_crates_test_binary`
//! checks each file is declared here.

mod chart_homes;
mod charts;
mod checks;
mod compare;
mod database;
mod interactive;
mod load_page;
mod many_series;
mod report;
mod summary;
mod workloads;
