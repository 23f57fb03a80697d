#!/usr/bin/env python3
"""Quiet chess positions of `match` PGN files, one FEN a line, each position once, for
`scripts/label_positions.py` and then `examples/train_net.rs`:

    scripts/engine/quiet_positions.py A.pgn [B.pgn ...] > positions.fens

Every position from the eighth ply on that is not in check and was not reached by a capture,
adjudicated games included (unlike `tune --dump`, which needs the games' results), in game
order (so that `train_net --hold-out-last` holds out whole games). Needs python-chess.
"""
import sys

import chess.pgn

seen = set()
for name in sys.argv[1:]:
    with open(name) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            if game.headers.get("Variant", "Chess") != "Chess":
                break
            board = game.board()
            for ply, move in enumerate(game.mainline_moves(), start=1):
                capture = board.is_capture(move)
                board.push(move)
                if ply < 8 or capture or board.is_check():
                    continue
                fen = board.fen()
                key = " ".join(fen.split()[:4])
                if key not in seen:
                    seen.add(key)
                    print(fen)
