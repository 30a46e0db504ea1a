#!/usr/bin/env bash
# The Ray executor end to end on a one-machine cluster (docs/scale.md): installs Ray
# into .venv-ray when missing, runs the package's unit tests, starts `ray start
# --head` on localhost with a temporary directory and fixed ports, and checks that
#   - a tournament and a short GA (microply train) through Ray write the same
#     files as the local executor,
#   - killing a Ray worker mid-run still gives the same files (Ray retries),
#   - a chunk that keeps failing fails the run, and --resume then completes it,
#   - a dead address and a Python without Ray are clear errors.
# Everything it starts is stopped on exit, by process id.
# Usage: bash cluster/ci.sh [MICROPLY_BINARY]   (default: builds target/release/microply)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

venv=$root/.venv-ray
ray_version=2.60.0
step() { printf '\n-- %s\n' "$*"; }
passed=0
pass() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAILED: $*" >&2; echo "$passed passed, 1 failed"; exit 1; }

step "Ray $ray_version in $venv"
if ! "$venv/bin/python" -c "import ray" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "ray==$ray_version"
fi
python=$venv/bin/python

step "the package's unit tests"
if unit=$(cd cluster && "$python" -m unittest discover -s tests -t . 2>&1); then
    ran=$(grep -Eo '^Ran [0-9]+' <<<"$unit" | grep -Eo '[0-9]+')
    echo "ok: $ran unit tests"
    passed=$((passed + ran))
else
    echo "$unit"
    fail "the package's unit tests"
fi

if [ $# -ge 1 ]; then
    microply=$1
else
    cargo build --release --quiet -p microply-host
    microply=$root/target/release/microply
fi

# A short socket path: Ray's sockets live under the temporary directory.
tmp=$(mktemp -d /tmp/mray.XXXXXX)
head_pid=
run_pid=
cleanup() {
    if [ -n "$run_pid" ]; then
        kill "$run_pid" 2>/dev/null || true
        wait "$run_pid" 2>/dev/null || true
    fi
    if [ -n "$head_pid" ]; then
        kill "$head_pid" 2>/dev/null || true
        wait "$head_pid" 2>/dev/null || true
    fi
    # Whatever Ray left of this cluster: its daemons name the temporary folder
    # (its workers end with their raylet).
    local left
    for _ in $(seq 20); do
        left=$(pgrep -f -- "$tmp" || true)
        [ -z "$left" ] && break
        # shellcheck disable=SC2086
        kill -9 $left 2>/dev/null || true
        sleep 0.5
    done
    rm -rf "$tmp"
}
trap cleanup EXIT

# The workers run a copy under the temporary folder, so this run's play-batch
# processes (and their Ray workers) are found by that path.
mkdir -p "$tmp/bin" "$tmp/runs"
cp "$microply" "$tmp/bin/microply"
microply=$tmp/bin/microply
# A microply that fails every chunk holding game 5 (a chunk that keeps failing).
cat >"$tmp/bin/fails-on-game-5" <<SCRIPT
#!/bin/sh
input=\$(cat)
case "\$input" in *'"index":5,'*) echo "error: game 5 refused on purpose" >&2; exit 1;; esac
printf '%s\n' "\$input" | exec "$microply" "\$@"
SCRIPT
chmod +x "$tmp/bin/fails-on-game-5"

port=26379
address=127.0.0.1:$port
step "ray start --head at $address (temporary directory $tmp)"
"$venv/bin/ray" start --head --block --node-ip-address=127.0.0.1 --port=$port \
    --temp-dir="$tmp/ray" --num-cpus=2 --include-dashboard=false --disable-usage-stats \
    --node-manager-port=26380 --object-manager-port=26381 \
    --min-worker-port=26400 --max-worker-port=26499 \
    --dashboard-agent-listen-port=26383 --dashboard-agent-grpc-port=26384 \
    --metrics-export-port=26385 --runtime-env-agent-port=26386 --dashboard-port=26387 \
    >"$tmp/ray-start.log" 2>&1 &
head_pid=$!
for _ in $(seq 120); do
    grep -q "Ray runtime started" "$tmp/ray-start.log" && break
    kill -0 "$head_pid" 2>/dev/null || { cat "$tmp/ray-start.log"; fail "ray start"; }
    sleep 0.5
done
grep -q "Ray runtime started" "$tmp/ray-start.log" || fail "the cluster did not start in 60 s"

# A short checkers round robin: 4 players, 12 games of up to 80 plies.
tournament() { # DIR [ARGS...]
    local dir=$1
    shift
    "$microply" tournament --game checkers --random-plies 4 --max-plies 80 --seed 7 \
        --player name=d1,depth=1,table=4096 --player name=d2,depth=2,table=4096 \
        --player name=d3,depth=3,table=4096 --player name=n200,nodes=200,algo=pvs,table=4096 \
        --out "$dir" "$@" >"$dir.log" 2>&1
}
ray_args=(--executor ray --ray-address "$address" --ray-python "$python")
same() { # DIR: its files (the journal's finish order and times aside) equal the local run's
    diff -r -x games.jsonl "$tmp/runs/local" "$1" >/dev/null
}

step "the local executor"
tournament "$tmp/runs/local" --concurrency 2 || { cat "$tmp/runs/local.log"; fail "local run"; }

step "the Ray executor gives the same files"
tournament "$tmp/runs/ray" "${ray_args[@]}" || { cat "$tmp/runs/ray.log"; fail "Ray run"; }
same "$tmp/runs/ray" && pass "Ray run equals local" || fail "the Ray run differs from the local one"

step "a Ray worker killed mid-run: Ray retries its chunk, the files are the same"
# The games are short, so a run may end before a worker is caught running one: try
# again (up to three runs) until a worker was killed mid-task.
victim=
for attempt in 1 2 3; do
    killed="$tmp/runs/killed$attempt"
    tournament "$killed" "${ray_args[@]}" --ray-chunk 1 &
    run_pid=$!
    for _ in $(seq 3000); do
        batch=$(pgrep -f -- "$microply play-batch" | head -n 1 || true)
        if [ -n "$batch" ]; then
            victim=$(ps -o ppid= -p "$batch" 2>/dev/null | tr -d ' ' || true)
        else
            # A worker running the task before its play-batch has started.
            victim=$(pgrep -f -- '^ray::play_chunk' | head -n 1 || true)
            batch="(not yet started)"
        fi
        [ -n "$victim" ] && kill -9 "$victim" 2>/dev/null && break
        victim=
        kill -0 "$run_pid" 2>/dev/null || break
        sleep 0.01
    done
    status=0
    wait "$run_pid" || status=$?
    run_pid=
    [ "$status" -eq 0 ] || { cat "$killed.log"; fail "the run with a killed worker"; }
    [ -n "$victim" ] && break
done
[ -n "$victim" ] || fail "no Ray worker was running a chunk to kill (3 runs)"
echo "killed Ray worker $victim (running play-batch $batch)"
same "$killed" && pass "killed-worker run equals local" ||
    fail "the run with a killed worker differs from the local one"

step "a short GA (microply train) through Ray gives the same files as locally"
cat >"$tmp/ga.toml" <<'TOML'
game = "dots"
options = "rows=3 cols=3"
population = 4
generations = 2
seed = 5
[[stage]]
from = 0
depth = 1
sparring_depth = 1
sparring = "hand-set"
[[stage]]
from = 1
depth = 2
sparring_depth = 2
sparring = "current-best"
TOML
"$microply" train "$tmp/ga.toml" --out "$tmp/runs/ga-local" --concurrency 2 \
    >"$tmp/runs/ga-local.log" 2>&1 || { cat "$tmp/runs/ga-local.log"; fail "local GA"; }
"$microply" train "$tmp/ga.toml" --out "$tmp/runs/ga-ray" "${ray_args[@]}" \
    >"$tmp/runs/ga-ray.log" 2>&1 || { cat "$tmp/runs/ga-ray.log"; fail "Ray GA"; }
diff -r "$tmp/runs/ga-local" "$tmp/runs/ga-ray" >/dev/null && pass "Ray GA equals local" ||
    fail "the GA through Ray differs from the local one"

step "a chunk that keeps failing fails the run; --resume completes it"
if tournament "$tmp/runs/failing" "${ray_args[@]}" --ray-chunk 1 --ray-retries 1 \
    --ray-binary "$tmp/bin/fails-on-game-5"; then
    fail "a run whose chunk keeps failing succeeded"
fi
grep -q "a Ray task failed after its retries: .*games 5..5 .*game 5 refused on purpose" \
    "$tmp/runs/failing.log" || { cat "$tmp/runs/failing.log"; fail "the error does not name the chunk"; }
saved=$(wc -l <"$tmp/runs/failing/games.jsonl")
echo "the failed run saved $saved games"
"$microply" tournament --resume "$tmp/runs/failing" "${ray_args[@]}" >"$tmp/runs/resume.log" 2>&1 ||
    { cat "$tmp/runs/resume.log"; fail "--resume"; }
same "$tmp/runs/failing" && pass "failed then resumed run equals local" ||
    fail "the resumed run differs from the local one"

step "clear errors: a dead address, a Python without Ray"
closed=$("$python" -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
if "$microply" match name=A,depth=1 name=B,depth=1 --game tictactoe --games 2 \
    --out "$tmp/runs/dead" --executor ray --ray-address "127.0.0.1:$closed" \
    --ray-python "$python" 2>"$tmp/runs/dead.log"; then
    fail "a dead address was accepted"
fi
grep -q "no Ray cluster answers at 127.0.0.1:$closed" "$tmp/runs/dead.log" ||
    { cat "$tmp/runs/dead.log"; fail "the dead address error"; }
pass "a dead address is named"
if python3 -c "import ray" 2>/dev/null; then
    echo "skipped: the system python3 has Ray"
else
    if "$microply" match name=A,depth=1 name=B,depth=1 --game tictactoe --games 2 \
        --out "$tmp/runs/noray" --executor ray --ray-address "$address" \
        --ray-python python3 2>"$tmp/runs/noray.log"; then
        fail "a Python without Ray was accepted"
    fi
    grep -q "Ray is not installed for python3" "$tmp/runs/noray.log" ||
        { cat "$tmp/runs/noray.log"; fail "the missing Ray error"; }
    pass "a missing Ray is named"
fi

echo "$passed passed, 0 failed"
