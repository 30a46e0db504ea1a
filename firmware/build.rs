//! Puts the selected board's `memory.x` (and the shared `budget.x`) on the linker's
//! search path, where `cortex-m-rt`'s `link.x` includes it.

use std::path::PathBuf;
use std::{env, fs};

fn main() {
    let board = match (
        env::var_os("CARGO_FEATURE_MPS2_AN386").is_some(),
        env::var_os("CARGO_FEATURE_NUCLEO_F411").is_some(),
    ) {
        (true, false) => "mps2-an386",
        (false, true) => "nucleo-f411",
        _ => panic!("enable exactly one board feature: mps2-an386 (default) or nucleo-f411"),
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let memory = format!("memory/{board}.x");
    fs::copy(&memory, out.join("memory.x")).expect("copy memory.x");
    fs::copy("memory/budget.x", out.join("budget.x")).expect("copy budget.x");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed={memory}");
    println!("cargo:rerun-if-changed=memory/budget.x");
}
