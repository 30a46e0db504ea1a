#!/usr/bin/env bash
# Cargo runner: boots an ELF on QEMU's mps2-an386. Stdin/stdout are UART0 (the
# engine protocol); the defmt log (UART1) goes to $MICROPLY_DEFMT_LOG (default
# target/defmt.log next to the ELF's profile directory). Exits with the firmware's
# status (semihosting), or 124 after $MICROPLY_QEMU_TIMEOUT seconds (default 60,
# or an hour when typing at a terminal).
set -euo pipefail
elf="$1"
shift
here="$(cd "$(dirname "$0")" && pwd)"
qemu="${MICROPLY_QEMU:-$here/../../.tools/bin/qemu-system-arm}"
[ -x "$qemu" ] || qemu="$(bash "$here/install-qemu.sh")"
log="${MICROPLY_DEFMT_LOG:-$(dirname "$elf")/defmt.log}"
qemu_args=(
    -machine mps2-an386 -cpu cortex-m4
    -display none -monitor none -nodefaults -nic none
    -serial stdio -serial "file:$log"
    -semihosting-config enable=on,target=native
    -kernel "$elf" "$@"
)
if [ -t 0 ]; then
    # A terminal: QEMU would switch it to raw mode, where Enter sends \r and the
    # firmware never sees a line end. Feeding it through a pipe keeps it cooked.
    # Its output goes through a pipe too: QEMU makes its stdio non-blocking, which
    # on the shared terminal would break the reading `cat`.
    # The status is QEMU's (the first `cat` ends on the next line typed after quit).
    set +e +o pipefail
    cat | timeout "${MICROPLY_QEMU_TIMEOUT:-3600}" "$qemu" "${qemu_args[@]}" 2>&1 | cat
    exit "${PIPESTATUS[1]}"
else
    exec timeout "${MICROPLY_QEMU_TIMEOUT:-60}" "$qemu" "${qemu_args[@]}"
fi
