#!/usr/bin/env python3
"""Compare fairyrules's static evaluation with Fairy-Stockfish's on positions of chess games.

    scripts/engine/eval_compare.py [--fairyrules PATH] [--engine PATH] GAMES.pgn...

Takes up to 400 quiet positions (not in check, not right after a capture, after ply 8) from
the games, asks both engines' UCI `eval` and prints the correlation and slope, over all
positions and over the balanced ones (|Fairy-Stockfish| < 3 pawns), and the positions where
they differ most. Needs python-chess.
"""
import random
import re
import statistics
import subprocess
import sys

from sample import quiet_fens

args = sys.argv[1:]
ours_path, engine_path = "target/release/fairyrules", "/usr/games/fairy-stockfish"
while args and args[0].startswith("--"):
    option, value, args = args[0], args[1], args[2:]
    if option == "--fairyrules":
        ours_path = value
    else:
        engine_path = value
fens = quiet_fens(args)
random.seed(1)
random.shuffle(fens)
fens = fens[:400]


def evaluations(command, setup, pattern):
    text = "uci\n" + setup + "isready\n" + "".join(
        f"position fen {fen}\neval\nisready\n" for fen in fens) + "quit\n"
    out = subprocess.run(command, input=text, capture_output=True, text=True).stdout
    values = []
    for chunk in out.split("readyok")[1:]:
        found = re.search(pattern, chunk)
        values.append(float(found.group(1)) if found else None)
    return values


theirs = evaluations([engine_path], "", r"Total evaluation: ([-0-9.]+)")
ours = evaluations([ours_path, "uci"], "setoption name UCI_Variant value chess\n",
                   r"static evaluation ([-0-9]+) cp")
pairs = [(t * 100, o, f) for t, o, f in zip(theirs, ours, fens) if t is not None and o is not None]
for label, chosen in [("all", pairs), ("balanced", [p for p in pairs if abs(p[0]) < 300])]:
    xs, ys = [p[0] for p in chosen], [p[1] for p in chosen]
    slope = statistics.covariance(xs, ys) / statistics.variance(xs)
    print(f"{label}: {len(chosen)} positions, correlation {statistics.correlation(xs, ys):.3f}, "
          f"slope {slope:.3f}")
for t, o, fen in sorted(pairs, key=lambda p: -abs(p[0] - p[1]))[:10]:
    print(f"  Fairy-Stockfish {t:7.0f}  fairyrules {o:7.0f}  {fen}")
