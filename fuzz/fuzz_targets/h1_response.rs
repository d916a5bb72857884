//! Arbitrary bytes as HTTP/1.1 responses to three pipelined requests.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::session::h1::fuzz_response_bytes(data);
});
