#!/usr/bin/env bash
# Cargo runner: boots an ELF on QEMU's mps2-an386. Stdin/stdout are UART0 (the
# engine protocol); the defmt log (UART1) goes to $MICROPLY_DEFMT_LOG (default
# target/defmt.log next to the ELF's profile directory). Exits with the firmware's
# status (semihosting), or 124 after $MICROPLY_QEMU_TIMEOUT seconds (default 60).
set -euo pipefail
elf="$1"
shift
here="$(cd "$(dirname "$0")" && pwd)"
qemu="${MICROPLY_QEMU:-$here/../../.tools/bin/qemu-system-arm}"
[ -x "$qemu" ] || qemu="$(bash "$here/install-qemu.sh")"
log="${MICROPLY_DEFMT_LOG:-$(dirname "$elf")/defmt.log}"
exec timeout "${MICROPLY_QEMU_TIMEOUT:-60}" "$qemu" \
    -machine mps2-an386 -cpu cortex-m4 \
    -display none -monitor none -nodefaults -nic none \
    -serial stdio -serial "file:$log" \
    -semihosting-config enable=on,target=native \
    -kernel "$elf" "$@"
