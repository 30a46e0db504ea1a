#!/usr/bin/env bash
# The coordinator's overhead through Ray (docs/scale.md): the same tic-tac-toe
# match (depth 1, so the games themselves cost next to nothing) played locally on
# one thread and through the Ray cluster at ADDRESS with one task for all games
# and with one task per game; prints the wall times.
# Usage: bash cluster/tools/overhead.sh ADDRESS PYTHON [GAMES]
set -euo pipefail
address=$1
python=$2
games=${3:-200}
microply=${MICROPLY:-target/release/microply}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
seconds() { # NAME GAMES ARGS...: the wall time of one match of GAMES games
    local name=$1 n=$2 start end
    shift 2
    start=$(date +%s.%N)
    "$microply" match name=A,depth=1 name=B,depth=1 --game tictactoe --games "$n" \
        --out "$out/$name" "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$name $(echo "$end - $start" | bc)"
}
ray=(--executor ray --ray-address "$address" --ray-python "$python")
seconds local-2-games 2 --concurrency 1
seconds local "$games" --concurrency 1
seconds ray-1-task-2-games 2 "${ray[@]}" --ray-chunk 2
seconds ray-1-task "$games" "${ray[@]}" --ray-chunk "$games"
seconds ray-task-per-game "$games" "${ray[@]}" --ray-chunk 1
