//! Arbitrary bytes as a server's WebSocket frames (RFC 6455): fragments,
//! control frames between them, 16- and 64-bit lengths, masks, reserved
//! bits, text that is not UTF-8. Any input must end in messages, an error
//! or a wait for more bytes — never a panic, a hang or a large allocation —
//! and read alike whole or cut into pieces.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::session::ws::frame::fuzz_frames(data);
});
