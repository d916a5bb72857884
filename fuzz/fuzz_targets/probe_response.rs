//! Arbitrary bytes as the server's answer to a probe (lab, ab dialect),
//! through `http1::exchange`'s blocking loop around the parser that
//! `h1_response` covers: the first byte says HEAD or not, the second the
//! size of each read; reading in those pieces must give what one read of
//! all the bytes gives.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::http1::fuzz_response(data);
});
