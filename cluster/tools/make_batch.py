"""Writes a batch of job lines (docs/scale.md) for measuring: GAMES games of
FIRST against SECOND from the start position, colours alternating, as the
trainers play them.

    python3 cluster/tools/make_batch.py --game dots --options "rows=5 cols=5" \
        --first name=a,depth=7 --second name=b,depth=10 --games 4 > batch.jsonl
    microply play-batch --input batch.jsonl --concurrency 1

Players are `name=..,algo=..,depth=..,nodes=..,table=..,evaluator=..` (the subset
of tournament player specs that needs no files)."""

import argparse
import json
import sys

NUMBERS = {"depth", "nodes", "table", "movetime"}


def player(spec):
    """A player spec as an Entrant's JSON (no setup lines beyond the evaluator)."""
    config = {"algo": "sss", "table": 65536}
    for pair in spec.split(","):
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"'{pair}' in '{spec}' is not key=value")
        config[key] = int(value) if key in NUMBERS else value
    if "name" not in config:
        raise SystemExit(f"'{spec}' has no name")
    setup = [f"evaluator {config['evaluator']}"] if "evaluator" in config else []
    return {"config": config, "setup": setup, "base": "."}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--options", default="")
    parser.add_argument("--first", required=True)
    parser.add_argument("--second", required=True)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    rules = {"game": args.game, "options": args.options, "max_plies": args.max_plies,
             "move_timeout_ms": 3_600_000}
    a, b = player(args.first), player(args.second)
    for index in range(args.games):
        first, second = (a, b) if index % 2 == 0 else (b, a)
        spec = {"index": index, "round": 1, "first": index % 2, "second": 1 - index % 2,
                "opening": {"moves": []}}
        job = {"spec": spec, "rules": rules, "players": [first, second]}
        sys.stdout.write(json.dumps(job, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
