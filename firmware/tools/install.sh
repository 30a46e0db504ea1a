#!/usr/bin/env bash
# Installs what building and running the firmware needs, when missing: the Rust
# targets, flip-link (from crates.io) and QEMU (install-qemu.sh). Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

for target in thumbv7em-none-eabihf thumbv6m-none-eabi; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
done

if ! command -v flip-link >/dev/null; then
    cargo install flip-link --locked
fi

bash "$here/install-qemu.sh" >/dev/null
echo "firmware tools: $(command -v flip-link), $("$here/../../.tools/bin/qemu-system-arm" --version | head -1)"
