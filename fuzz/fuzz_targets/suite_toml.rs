//! A suite file (suites/*.toml) as arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_lab::fuzz::suite_toml(data);
});
