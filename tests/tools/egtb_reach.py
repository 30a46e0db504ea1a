#!/usr/bin/env python3
"""How often a match's games reach an endgame table, and whether they end as it says.

Usage: egtb_reach.py MICROPLY RESULTS_CSV EGTB_DIR PIECES

For each game of a `microply match` / `tournament` results.csv (checkers, played from
the start position), replays its moves through `MICROPLY engine`, finds the first
position with at most PIECES pieces and both sides still on the board, probes it with
`MICROPLY egtb probe`, and prints the game's result next to the table's value (for
the side to move there). The last line counts the games that reached such a position
and those whose result differs from the table's value. Used for docs/egtb.md
("Firmware") and docs/firmware-eval.md.
"""
import csv
import subprocess
import sys


def pieces(fen):
    """Pieces of both sides in a PDN FEN `B:W18,K27:B9,K14` (0 for a side without)."""
    _, white, black = fen.split(":")
    return [len([s for s in part[1:].split(",") if s]) for part in (white, black)]


def replay(microply, moves):
    """The FEN before every move and after the last."""
    commands = "game checkers\nfen\n" + "".join(f"play {m}\nfen\n" for m in moves) + "quit\n"
    out = subprocess.run([microply, "engine"], input=commands, capture_output=True,
                         text=True, check=True).stdout
    return [line[4:] for line in out.splitlines() if line.startswith("fen ")]


def main():
    microply, results, tables, most = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    reached = differ = 0
    for row in csv.DictReader(open(results, encoding="utf-8")):
        fens = replay(microply, row["moves"].split())
        hit = next(((ply, f) for ply, f in enumerate(fens)
                    if sum(pieces(f)) <= most and min(pieces(f)) > 0), None)
        head = f"game {row['game']} {row['first']}-{row['second']} {row['result']} ({row['reason']})"
        if hit is None:
            print(f"{head}: never {most} pieces or fewer")
            continue
        ply, fen = hit
        value = subprocess.run([microply, "egtb", "probe", "--dir", tables, "--fen", fen],
                               capture_output=True, text=True, check=True).stdout.split()[0]
        mover_is_first = fen.startswith("B")
        expected = {"win": "1-0" if mover_is_first else "0-1",
                    "loss": "0-1" if mover_is_first else "1-0",
                    "draw": "1/2-1/2"}[value]
        reached += 1
        differ += expected != row["result"]
        print(f"{head}: ply {ply} {fen} is a {value} for the side to move, so {expected}")
    print(f"{reached} games reached {most} pieces or fewer; {differ} ended otherwise than the table says")


if __name__ == "__main__":
    main()
