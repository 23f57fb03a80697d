#!/usr/bin/env python3
"""What each engine does with a fixed time a move in real games (chess): fairyrules against
another UCI engine, colours alternating, each game from four random plies; every move's
nodes, depth and time as each engine reports them, summed up by phase of the game.

    scripts/engine/nodes_in_games.py [GAMES] [SECONDS] [OURS] [OTHER] [--seed S]

Unlike `depth_at_time.py` (fresh positions, no table carried over), the engines keep their
tables from move to move, as in a match. Defaults: 12 games, 0.1 s, target/release/fairyrules
(with `Move Overhead` 0), /usr/games/fairy-stockfish, seed 5. Prints each game's result and,
per engine and phase (plies 0-39, 40-79, 80 on), the moves, the median and mean nodes, the
mean depth and the mean time reported. Needs python-chess.
"""
import argparse
import random
import statistics

import chess
import chess.engine

from sample import start_engines

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("games", nargs="?", type=int, default=12)
parser.add_argument("seconds", nargs="?", type=float, default=0.1)
parser.add_argument("ours", nargs="?", default="target/release/fairyrules")
parser.add_argument("other", nargs="?", default="/usr/games/fairy-stockfish")
parser.add_argument("--seed", type=int, default=5)
args = parser.parse_args()

rng = random.Random(args.seed)
moves = []  # (engine, ply, nodes, depth, time)
score = 0.0
for game in range(args.games):
    board = chess.Board()
    for _ in range(4):
        board.push(rng.choice(list(board.legal_moves)))
    ours, other = start_engines(args.ours, args.other)
    ours.configure({"Move Overhead": 0})
    ours_white = game % 2 == 0
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < 400:
            name = "ours" if (board.turn == chess.WHITE) == ours_white else "other"
            engine = ours if name == "ours" else other
            played = engine.play(board, chess.engine.Limit(time=args.seconds),
                                 info=chess.engine.INFO_BASIC)
            info = played.info
            moves.append((name, board.ply(), info.get("nodes", 0), info.get("depth", 0),
                          info.get("time", 0.0)))
            board.push(played.move)
    finally:
        ours.quit()
        other.quit()
    result = board.result(claim_draw=True)
    points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    score += points if ours_white else 1 - points
    print(f"game {game + 1}: {result} (fairyrules {'White' if ours_white else 'Black'})",
          flush=True)

print(f"fairyrules scored {score}/{args.games}")
for name in ("ours", "other"):
    for low, high, phase in ((0, 40, "0-39"), (40, 80, "40-79"), (80, None, "80 on")):
        rows = [m for m in moves if m[0] == name and low <= m[1] and (high is None or m[1] < high)]
        if not rows:
            continue
        print(f"{name:5} plies {phase}: {len(rows)} moves, "
              f"nodes median {statistics.median(r[2] for r in rows):.0f} "
              f"mean {statistics.mean(r[2] for r in rows):.0f}, "
              f"depth {statistics.mean(r[3] for r in rows):.1f}, "
              f"time {statistics.mean(r[4] for r in rows):.3f} s")
