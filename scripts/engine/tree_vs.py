#!/usr/bin/env python3
"""The search tree to a fixed depth, fairyrules against another UCI engine: nodes each
reports for `go depth DEPTH` from the same positions (chess), taken from a `match` PGN.

    scripts/engine/tree_vs.py match.pgn [DEPTH] [OURS] [OTHER]

Positions: plies 16, 26, 36, 46 of every eighth game (the games' own moves). Prints each
position's two node counts and the totals with their ratio (above 1: our tree is larger).
Defaults: depth 10, target/release/fairyrules, /usr/games/fairy-stockfish. Needs
python-chess. A ratio measured with it led to the late-move reductions of stop 27.
"""
import sys

import chess.engine

from sample import fresh_analyses, sample_fens, start_engines

depth = int(sys.argv[2]) if len(sys.argv) > 2 else 10
ours_cmd = sys.argv[3] if len(sys.argv) > 3 else "target/release/fairyrules"
other_cmd = sys.argv[4] if len(sys.argv) > 4 else "/usr/games/fairy-stockfish"

fens = sample_fens(sys.argv[1])
engines = start_engines(ours_cmd, other_cmd)
totals = [0, 0]
try:
    for fen in fens:
        counts = [info.get("nodes", 0)
                  for info in fresh_analyses(engines, fen, chess.engine.Limit(depth=depth))]
        for i, count in enumerate(counts):
            totals[i] += count
        print(counts[0], counts[1], fen, flush=True)
finally:
    for engine in engines:
        engine.quit()
ratio = totals[0] / max(1, totals[1])
print(f"{len(fens)} positions, depth {depth}: ours {totals[0]}, other {totals[1]}, ratio {ratio:.2f}")
