#!/usr/bin/env bash
# Builds the browser engine into web/www/engine.wasm (committed, so the host's
# `microply web` and the static page need no wasm toolchain). Reproducible: the
# check in tests/run-all.sh rebuilds it and requires the committed file unchanged.
# Needs the target once: rustup target add wasm32-unknown-unknown
set -euo pipefail
cd "$(dirname "$0")/.."
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "web/build.sh: the wasm32-unknown-unknown target is missing;" \
        "run: rustup target add wasm32-unknown-unknown" >&2
    exit 1
fi
# Paths of this checkout must not leak into the module (it would differ per machine).
RUSTFLAGS="--remap-path-prefix=$PWD=/microply --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo" \
    cargo build --quiet -p microply-web --lib --target wasm32-unknown-unknown --profile wasm
cp target/wasm32-unknown-unknown/wasm/microply_web.wasm web/www/engine.wasm
echo "web/www/engine.wasm: $(wc -c <web/www/engine.wasm) bytes"
