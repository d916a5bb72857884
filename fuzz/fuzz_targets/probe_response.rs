//! Arbitrary bytes as the server's answer to a probe (lab, ab dialect):
//! the first byte says HEAD or not, the second the size of each read.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::http1::fuzz_response(data);
});
