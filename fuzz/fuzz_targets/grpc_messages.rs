//! Arbitrary bytes as a gRPC stream's DATA: length-prefixed messages with
//! any flag byte and length, cut into frames where the input says. Any
//! input must end in messages, a framing error or a wait for more bytes —
//! never a panic, a hang or a large allocation.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_engine::session::grpc::fuzz_messages(data);
});
