#!/usr/bin/env python3
"""The depth each engine reaches in a fixed time, fairyrules against another UCI engine,
from the same positions (chess), taken from a `match` PGN.

    scripts/engine/depth_at_time.py match.pgn [SECONDS] [OURS] [OTHER]

Positions: plies 16, 26, 36, 46 of every eighth game (as `tree_vs.py`). Each search starts
a new game (no table carried over). Prints each position's (depth, seldepth) for both and
the averages. Defaults: 0.1 s, target/release/fairyrules (with `Move Overhead` 0, so both
search the whole time), /usr/games/fairy-stockfish. Needs python-chess.
"""
import sys

import chess.engine

from sample import fresh_analyses, sample_fens, start_engines

seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
ours_cmd = sys.argv[3] if len(sys.argv) > 3 else "target/release/fairyrules"
other_cmd = sys.argv[4] if len(sys.argv) > 4 else "/usr/games/fairy-stockfish"

fens = sample_fens(sys.argv[1])
engines = start_engines(ours_cmd, other_cmd)
engines[0].configure({"Move Overhead": 0})
totals = [[0, 0], [0, 0]]
try:
    for fen in fens:
        row = []
        infos = fresh_analyses(engines, fen, chess.engine.Limit(time=seconds))
        for i, info in enumerate(infos):
            depth, seldepth = info.get("depth", 0), info.get("seldepth", 0)
            totals[i][0] += depth
            totals[i][1] += seldepth
            row.append(f"{depth}/{seldepth}")
        print(" ".join(row), fen, flush=True)
finally:
    for engine in engines:
        engine.quit()
n = max(len(fens), 1)
print(
    f"{len(fens)} positions, {seconds} s: ours depth {totals[0][0] / n:.1f} "
    f"seldepth {totals[0][1] / n:.1f}; other depth {totals[1][0] / n:.1f} "
    f"seldepth {totals[1][1] / n:.1f}"
)
