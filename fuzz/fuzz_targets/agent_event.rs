//! A line an agent sends to the controller, as arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_dist::fuzz::agent_event(data);
});
