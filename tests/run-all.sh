#!/usr/bin/env bash
# The one command that checks everything: installs what is missing, then runs
# fmt, clippy, docs, every test (deep perft in release) and the embedded builds.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every test runner's output also goes to this log, summed up at the end.
log=$(mktemp)
trap 'rm -f "$log"' EXIT

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
cargo test --workspace 2>&1 | tee -a "$log"

step "deep tests (release, #[ignore]d in the normal run)"
cargo test --workspace --release -- --ignored 2>&1 | tee -a "$log"

step "summary"
# Sums the `test result:` lines and the plain `N passed, N failed` lines.
awk '/^test result:/ { p += $4; f += $6 } /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
     END { printf "%d passed, %d failed\n", p, f; exit (f > 0) }' "$log"
