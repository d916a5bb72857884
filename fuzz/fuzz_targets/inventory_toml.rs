//! An inventory file (`barrage load --hosts FILE`) as arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_dist::fuzz::inventory_toml(data);
});
