#![no_main]
//! cargo-fuzz target `program`: the body is shared with the stable smoke run
//! (`tests/fuzz_smoke.rs`) in `fuzz/targets/mod.rs`.

#[path = "../targets/mod.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::program(data));
