//! Arbitrary bytes as the HPACK block of a response's HEADERS frame.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::session::h2::fuzz_header_block(data);
});
