//! A server manifest (servers/*/server.toml) as arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_lab::fuzz::manifest_toml(data);
});
