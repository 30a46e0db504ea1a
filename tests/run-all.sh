#!/usr/bin/env bash
# The one command that checks everything: installs what is missing, then runs
# fmt, clippy, docs, every test (deep perft in release) and the embedded builds.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "toolchain"
for target in thumbv7em-none-eabihf; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
done
for component in clippy rustfmt; do
    rustup component list --installed | grep -q "^$component" || rustup component add "$component"
done

step "fmt"
cargo fmt --all --check

step "clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "docs"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

step "core for Cortex-M (no_std, no alloc)"
cargo build -p microply-core --target thumbv7em-none-eabihf --release

step "tests"
cargo test --workspace

step "deep tests (release, #[ignore]d in the normal run)"
cargo test --workspace --release -- --ignored
