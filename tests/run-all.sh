#!/usr/bin/env bash
# The one command that checks everything: installs what is missing, then runs
# fmt, clippy, docs, every test (the deep ones too, optimized), the embedded builds, the
# firmware under QEMU and the browser's wasm engine under Node cross-checked against
# the host engine, and the web page end to end in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every test runner's output also goes to this log, summed up at the end.
log=$(mktemp)

# Each step's wall time goes to this file, printed at the end: CI must stay under 45
# minutes, and this says where they go.
times=$(mktemp)
started=$SECONDS
step_name=
step_start=$SECONDS
step_end() { [ -z "$step_name" ] || printf '%5d s  %s\n' $((SECONDS - step_start)) "$step_name" >>"$times"; }
step() {
    step_end
    step_name=$*
    step_start=$SECONDS
    printf '\n== %s  (at %d s)\n' "$*" $((SECONDS - started))
}
# Also when a step fails: the times up to it.
report_times() {
    step_end
    step_name=
    echo "wall time by step, longest first ($((SECONDS - started)) s in all):"
    sort -rn "$times"
}
trap 'report_times; rm -f "$log" "$times"' EXIT

step "toolchain"
for component in clippy rustfmt; do
    rustup component list --installed | grep -q "^$component" || rustup component add "$component"
done

# Rust targets, flip-link and QEMU (unpacked into .tools/, see the script).
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# No default checkers endgame tables (docs/egtb.md): the pinned games stay the same on a
# machine where `microply egtb generate` has written some.
export MICROPLY_EGTB=""
# Disk: a CI machine may have little of it (one run ran out during the firmware build).
# No incremental caches and line tables only in the debug builds; clippy's and the
# docs' debug build is removed once they have run (everything later builds with `ci`).
export CARGO_INCREMENTAL=0
export CARGO_PROFILE_DEV_DEBUG=line-tables-only
export CARGO_PROFILE_TEST_DEBUG=line-tables-only
disk() { echo "disk: $(du -sh target 2>/dev/null | cut -f1) in target/, $(df -h --output=avail . | tail -1 | tr -d ' ') free"; }
bash firmware/tools/install.sh

step "fmt"
cargo fmt --all --check

step "clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "docs"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

step "core and the device UI for Cortex-M (no_std, no alloc): M4F and M0 (no FPU, no divide)"
cargo build -p microply-core -p microply-ui --target thumbv7em-none-eabihf --release
cargo build -p microply-core -p microply-ui --target thumbv6m-none-eabi --release

# Clippy's and the docs' build is not needed again.
rm -rf target/debug

# Everything from here on is built once, with the `ci` profile (Cargo.toml: optimized,
# overflow checks and debug assertions on, no LTO): every test, the deep ones that the
# normal run skips, and the `microply` the later steps run.
step "tests, with the #[ignore]d deep ones and a seeded fuzz run of every text reader (docs/fuzzing.md)"
MICROPLY_FUZZ_CASES=2000 cargo test --workspace --profile ci -- --include-ignored 2>&1 | tee -a "$log"
cargo build --profile ci -p microply-host
microply=target/ci/microply

disk

step "firmware: fmt, clippy, docs (its own workspace)"
(
    cd firmware
    cargo fmt --check
    cargo clippy --release -- -D warnings
    cargo clippy --release --no-default-features --features nucleo-f411 \
        --target-dir target/nucleo-f411 -- -D warnings
    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
)

step "firmware: build for QEMU mps2-an386 and Nucleo-F411RE (link enforces the memory budget)"
(
    cd firmware
    cargo build --release
    cargo nucleo-build
)
elf=firmware/target/thumbv7em-none-eabihf/release/engine

step "firmware: a stack overflow, a panic and a bad access each end the run loudly"
expect_fatal() { # MODE MESSAGE: the run must print MESSAGE and exit with status 1
    local output status
    set +e
    output="$(echo "$1" | (cd firmware && MICROPLY_QEMU_TIMEOUT=30 tools/qemu-run.sh \
        target/thumbv7em-none-eabihf/release/fault-test 2>/dev/null))"
    status=$?
    set -e
    echo "$1: ${output//$'\n'/ }"
    if [ "$status" -ne 1 ] || ! grep -q "$2" <<<"$output"; then
        echo "expected exit status 1 and '$2', got status $status" >&2
        exit 1
    fi
}
expect_fatal overflow "fatal: HardFault: stack overflow"
expect_fatal panic "fatal: panic: panicked at"
expect_fatal fault "fatal: HardFault at pc="

step "firmware: stop and isready reach a running perft and go on the UART"
interrupted="$(printf 'game checkers\nperft 50\nisready\nstop\ngo depth 64\nisready\nstop\nfen\nquit\n' |
    (cd firmware && MICROPLY_QEMU_TIMEOUT=120 tools/qemu-run.sh \
        target/thumbv7em-none-eabihf/release/engine 2>/dev/null))"
echo "${interrupted//$'\n'/ | }"
# perft 50 and go depth 64 never end by themselves: only stop can end them.
expected='^ok readyok error stopped (info [^|]* )*readyok (info [^|]* )*bestmove [0-9x-]+ ok fen B:[^ ]+ ok ok$'
if ! grep -Eq "$expected" <<<"$(tr '\n' ' ' <<<"$interrupted" | sed 's/ $//')"; then
    echo "the firmware did not stop as expected" >&2
    exit 1
fi

step "firmware: the standalone device under QEMU: a game of each kind by scripted presses, frames vs the references"
# Every frame must equal the host's rendering of the same script, and the marked
# frames the committed PNGs (a difference is drawn into target/device-frames/).
# back.txt: back pressed while the engine searches (Expert, 2 s) makes it move now.
for game in tictactoe checkers dots3 amazons6 back; do
    timeout 300 "$microply" device "firmware/docs/device/$game.txt" \
        --firmware firmware/target/thumbv7em-none-eabihf/release/device \
        --check "firmware/docs/device/$game" --out "target/device-frames/$game" 2>&1 | tee -a "$log"
done

step "firmware: cross-check against the host engine under QEMU, with the firmware report"
timeout 1200 "$microply" \
    crosscheck --firmware "$elf" --report 2>&1 | tee -a "$log"

step "firmware as a tournament player: same games move for move as the host (loaded weights, expert, patterns)"
fw_match() { # DIR SPEC: a 4-game checkers match of A against B = SPEC
    rm -rf "$1"
    "$microply" match name=A,depth=3,table=2048 "$2" \
        --game checkers --games 4 --max-plies 60 --out "$1" >/dev/null 2>&1
}
fw_same_games() { # NAME SPEC: B = SPEC on the host, then on the firmware
    fw_match "target/fw-match-$1-host" "$2"
    fw_match "target/fw-match-$1-firmware" "$2,firmware=$PWD/$elf"
    if cmp "target/fw-match-$1-host/results.csv" "target/fw-match-$1-firmware/results.csv"; then
        echo "1 passed, 0 failed"
    else
        echo "0 passed, 1 failed"
    fi | tee -a "$log"
}
fw_same_games weights "name=B,depth=3,table=2048,evaluator=baseline,weights=1;1.25;0.2;0.1;0.05"
fw_same_games expert "name=B,depth=3,table=2048,evaluator=expert"
fw_same_games patterns "name=B,depth=3,table=2048,evaluator=patterns"

step "firmware: checkers with each evaluator, host vs firmware (docs/firmware-eval.md)"
timeout 600 "$microply" crosscheck --firmware "$elf" \
    --suite tests/data/firmware-eval/baseline.txt --suite tests/data/firmware-eval/expert.txt --suite tests/data/firmware-eval/patterns.txt 2>&1 | tee -a "$log"

step "Ray executor: a one-machine cluster, tournaments equal to local runs, a killed worker (docs/scale.md)"
timeout 900 bash cluster/ci.sh "$PWD/$microply" 2>&1 | tee -a "$log"

step "browser: the committed wasm engine is what web/build.sh builds from this source"
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
bash web/build.sh
git diff --exit-code --stat -- web/www/engine.wasm ||
    { echo "web/www/engine.wasm is stale: commit the file web/build.sh just built" >&2; exit 1; }

step "browser: Node and Debian's Chromium (installed when missing)"
command -v node >/dev/null || { apt-get update && apt-get install -y nodejs npm; }
[ -x /usr/bin/chromium ] || { apt-get update && apt-get install -y chromium chromium-driver; }
(cd web && npm ci --no-audit --no-fund --silent)

step "browser: the wasm engine under Node cross-checked against the host engine"
timeout 900 "$microply" \
    crosscheck --engine "node web/node/engine.mjs" 2>&1 | tee -a "$log"

step "browser: the page end to end in headless Chromium against microply web"
timeout 600 node web/e2e/run.mjs "$microply" target/web-e2e 2>&1 | tee -a "$log"

disk

step "summary"
# Sums the `test result:` lines and the plain `N passed, N failed` lines.
awk '/^test result:/ { p += $4; f += $6 } /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
     /^crosscheck: [0-9]+ passed, [0-9]+ failed$/ { p += $2; f += $4 }
     END { printf "%d passed, %d failed\n", p, f; exit (f > 0) }' "$log"
