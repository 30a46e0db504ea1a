#!/usr/bin/env python3
"""ProbCut's calibration (docs/search.md, "ProbCut"): how far a search to depth d
and one to d - R disagree, over positions of real games.

For every second game of a match journal (games.jsonl of `microply match --out DIR`)
it takes the positions after 12, 24, 36, 48 and 60 plies, asks `microply engine`
for `go depth 11` (exact PVS, the default evaluator) and reads each iteration's
score. For R = 2..5 and d = 6..11 it fits score(d) = a * score(d - R) + b and prints
the residual's standard deviation (sigma, in men) and that of the plain difference.
Scores of 5 men or more (won positions) are left out.

    python3 tests/tools/probcut_calibration.py runs/g8-egtb4-vs-baseline-2/games.jsonl \
        target/release/microply
"""
import json
import statistics
import subprocess
import sys


def main(games_path, engine):
    games = [json.loads(line) for line in open(games_path)]
    lines = ["game checkers"]
    for game in games[:400:2]:
        for plies in (12, 24, 36, 48, 60):
            if plies < len(game["moves"]):
                lines.append("position start moves " + " ".join(game["moves"][:plies]))
                lines.append("go depth 11")
    lines.append("quit")
    out = subprocess.run([engine, "engine"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    searches, scores = [], {}
    for line in out.splitlines():
        if line.startswith("info depth="):
            fields = dict(f.split("=", 1) for f in line.split()[1:] if "=" in f)
            try:
                scores[int(fields["depth"])] = float(fields["score"])
            except ValueError:
                pass  # a proven score (win/loss in N)
        elif line.startswith("bestmove"):
            searches.append(scores)
            scores = {}
    print(f"{len(searches)} positions")
    for r in (2, 3, 4, 5):
        for d in range(6, 12):
            pairs = [(s[d - r], s[d]) for s in searches
                     if d in s and d - r in s and abs(s[d]) < 5 and abs(s[d - r]) < 5]
            if len(pairs) < 20:
                continue
            x = [a for a, _ in pairs]
            y = [b for _, b in pairs]
            mx, my = statistics.mean(x), statistics.mean(y)
            slope = sum((a - mx) * (b - my) for a, b in pairs) / sum((a - mx) ** 2 for a in x)
            intercept = my - slope * mx
            sigma = statistics.pstdev([b - (slope * a + intercept) for a, b in pairs])
            diff = statistics.pstdev([b - a for a, b in pairs])
            print(f"R={r} d={d} n={len(pairs)} a={slope:.3f} b={intercept:.3f} "
                  f"sigma={sigma:.3f} sd_diff={diff:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
