#!/usr/bin/env python3
"""Where fairyrules lost its games: Fairy-Stockfish's evaluation along each game of a chess
`match` PGN, and the moves of fairyrules that lost the most.

    scripts/engine/blunders.py match.pgn [DEPTH] [GAMES] [ENGINE]

For each game: the evaluation (Fairy-Stockfish at DEPTH, default 12, for fairyrules, in
centipawns) before each of fairyrules's moves, then the three moves that lost most while the
game was not yet lost. Needs python-chess and a UCI engine (default
/usr/games/fairy-stockfish).
"""
import sys

import chess
import chess.engine
import chess.pgn

pgn = open(sys.argv[1])
depth = int(sys.argv[2]) if len(sys.argv) > 2 else 12
max_games = int(sys.argv[3]) if len(sys.argv) > 3 else 5
engine = chess.engine.SimpleEngine.popen_uci(
    sys.argv[4] if len(sys.argv) > 4 else "/usr/games/fairy-stockfish")
limit = chess.engine.Limit(depth=depth)
for number in range(1, max_games + 1):
    game = chess.pgn.read_game(pgn)
    if game is None:
        break
    ours = chess.WHITE if game.headers["White"].startswith("fairyrules") else chess.BLACK
    board = game.board()
    moves = []
    for node in game.mainline():
        if board.turn == ours and board.ply() >= 4:
            info = engine.analyse(board, limit)
            before = info["score"].pov(ours).score(mate_score=10000)
            best = info.get("pv", [None])[0]
            board.push(node.move)
            after = engine.analyse(board, limit)["score"].pov(ours).score(mate_score=10000)
            board.pop()
            moves.append((board.ply(), before, after, node.move.uci(),
                          best.uci() if best else "-", board.fen()))
        board.push(node.move)
    side = "White" if ours == chess.WHITE else "Black"
    print(f"game {number}: fairyrules {side}, {game.headers['Result']}")
    print("  evaluation:", " ".join(f"{ply}:{before}" for ply, before, *_ in moves))
    worst = sorted((m for m in moves if m[1] > -250), key=lambda m: m[2] - m[1])[:3]
    for ply, before, after, played, best, fen in worst:
        print(f"  ply {ply}: {played} ({before} -> {after}), best {best}  {fen}")
engine.quit()
