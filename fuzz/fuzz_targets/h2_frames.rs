//! Arbitrary bytes as a server's side of an HTTP/2 connection: frames,
//! HPACK blocks, flow control. Any input must end in a response, an error
//! or a wait for more bytes — never a panic or a hang.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::session::h2::fuzz_server_bytes(data);
});
