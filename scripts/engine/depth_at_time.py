#!/usr/bin/env python3
"""The depth each engine reaches in a fixed time or a fixed number of nodes, fairyrules
against another UCI engine, from the same positions (chess), taken from a `match` PGN.

    scripts/engine/depth_at_time.py match.pgn [LIMIT] [OURS] [OTHER]

LIMIT is seconds (`0.1`, the default) or node counts (`nodes=20000,40000,80000`: how the
depth grows as the nodes double). Positions: plies 16, 26, 36, 46 of every eighth game (as
`tree_vs.py`). Each search starts a new game (no table carried over). Prints each
position's (depth, seldepth) for both and the averages for each limit. Defaults: 0.1 s,
target/release/fairyrules (with `Move Overhead` 0, so both search the whole time),
/usr/games/fairy-stockfish. Needs python-chess.
"""
import sys

import chess.engine

from sample import fresh_analyses, sample_fens, start_engines

limit_arg = sys.argv[2] if len(sys.argv) > 2 else "0.1"
ours_cmd = sys.argv[3] if len(sys.argv) > 3 else "target/release/fairyrules"
other_cmd = sys.argv[4] if len(sys.argv) > 4 else "/usr/games/fairy-stockfish"

try:
    if limit_arg.startswith("nodes="):
        limits = [(f"{n} nodes", chess.engine.Limit(nodes=int(n)))
                  for n in limit_arg[len("nodes="):].split(",")]
    else:
        limits = [(f"{limit_arg} s", chess.engine.Limit(time=float(limit_arg)))]
except ValueError:
    sys.exit(f"depth_at_time.py: LIMIT is seconds or nodes=N[,N...] (got {limit_arg!r})")

fens = sample_fens(sys.argv[1])
engines = start_engines(ours_cmd, other_cmd)
engines[0].configure({"Move Overhead": 0})
n = max(len(fens), 1)
try:
    for name, limit in limits:
        totals = [[0, 0], [0, 0]]
        for fen in fens:
            row = []
            for i, info in enumerate(fresh_analyses(engines, fen, limit)):
                depth, seldepth = info.get("depth", 0), info.get("seldepth", 0)
                totals[i][0] += depth
                totals[i][1] += seldepth
                row.append(f"{depth}/{seldepth}")
            print(name, " ".join(row), fen, flush=True)
        print(
            f"{len(fens)} positions, {name}: ours depth {totals[0][0] / n:.1f} "
            f"seldepth {totals[0][1] / n:.1f}; other depth {totals[1][0] / n:.1f} "
            f"seldepth {totals[1][1] / n:.1f}",
            flush=True,
        )
finally:
    for engine in engines:
        engine.quit()
