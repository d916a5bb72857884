//! wrk's output as the lab reads it: stdout, NUL, stderr.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    barrage_lab::fuzz::tool_output(barrage_lab::suite::Driver::Wrk, data);
});
