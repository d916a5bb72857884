//! Arbitrary bytes as HTTP/1.1 responses to three pipelined requests (the
//! second a HEAD), read by the one HTTP/1 response parser through the load's
//! session: the first byte says how many of the next bytes are the sizes of
//! the pieces the rest is cut into. The stream is read whole and cut, each
//! keeping responses and not, and all four must read the same responses.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::session::h1::fuzz_response_bytes(data);
});
