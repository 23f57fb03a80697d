#!/usr/bin/env python3
"""How good the moves of a fixed-depth (or fixed-node) search are: each engine searches the
same chess positions to DEPTH, or for N nodes with `--nodes N` (a fresh game each, hash
cleared), and every move it chooses (its `bestmove`) is scored
by a deep Fairy-Stockfish search (the oracle, depth 15): the loss is the oracle's score of
its own best move minus its score of the chosen one (0 to 1000 cp). Prints, per engine, the
mean loss, how many moves lost 100 cp or more, and the nodes per search — the quality a
search buys with its nodes, which a match at a fixed depth measures only slowly.

    scripts/engine/move_quality.py DEPTH ENGINE [ENGINE ...] --pgn FILE [--pgn FILE ...]
        [--positions N] [--cache FILE] [--nodes N]

ENGINE is a UCI command line (`target/release/fairyrules uci`, `/usr/games/fairy-stockfish`;
`env NAME=VALUE ...` in front sets its environment). Positions: plies 14, 22, 30, 38, 46
of every other game of the PGNs, the first N (default 300). `--cache FILE` keeps the
oracle's scores between runs (JSON); `--losses FILE` keeps each move's loss.
Needs python-chess and Fairy-Stockfish. Stop 31 used
it to find that our depth-10 search gains less over depth 8 than Fairy-Stockfish's does;
stop 32 with `--nodes` to compare the searches at equal nodes (DEPTH is then ignored).
"""
import argparse
import json
import os
import shlex

import chess
import chess.engine

from sample import sample_fens

ORACLE = "/usr/games/fairy-stockfish"
ORACLE_DEPTH = 15

parser = argparse.ArgumentParser()
parser.add_argument("depth", type=int)
parser.add_argument("engines", nargs="+")
parser.add_argument("--pgn", action="append", required=True)
parser.add_argument("--positions", type=int, default=300)
parser.add_argument("--cache")
parser.add_argument("--nodes", type=int, help="search N nodes instead of to DEPTH")
parser.add_argument("--losses", help="write each engine's loss per position to FILE.N "
                    "(N: the engine's place on the command line), to compare two engines "
                    "position by position with `paired_losses.py`")
args = parser.parse_args()

fens = [fen for path in args.pgn
        for fen in sample_fens(path, every=2, plies=(14, 22, 30, 38, 46))][:args.positions]
cache = {}
if args.cache and os.path.exists(args.cache):
    with open(args.cache) as f:
        cache = json.load(f)
oracle = chess.engine.SimpleEngine.popen_uci(ORACLE)


def oracle_best(fen):
    """The oracle's best move."""
    key = fen + "|best"
    if key not in cache:
        info = oracle.analyse(chess.Board(fen), chess.engine.Limit(depth=ORACLE_DEPTH))
        cache[key] = info["pv"][0].uci()
    return cache[key]


def oracle_after(fen, move):
    """The oracle's score of `move`, for the side making it."""
    key = fen + "|" + move
    if key not in cache:
        board = chess.Board(fen)
        side = board.turn
        board.push_uci(move)
        if board.is_game_over():
            cache[key] = 0 if board.result() == "1/2-1/2" else 10000
        else:
            info = oracle.analyse(board, chess.engine.Limit(depth=ORACLE_DEPTH))
            cache[key] = info["score"].pov(side).score(mate_score=10000)
    return cache[key]


try:
    for place, command in enumerate(args.engines, 1):
        words = shlex.split(command)
        env = dict(os.environ)
        if words and words[0] == "env":
            words = words[1:]
        while words and "=" in words[0] and words[0].split("=", 1)[0].isidentifier():
            name, value = words.pop(0).split("=", 1)
            env[name] = value
        engine = chess.engine.SimpleEngine.popen_uci(words, env=env)
        loss = nodes = big = 0
        losses = []
        try:
            for fen in fens:
                if "Clear Hash" in engine.options:
                    engine.configure({"Clear Hash": None})
                limit = (chess.engine.Limit(nodes=args.nodes) if args.nodes
                         else chess.engine.Limit(depth=args.depth))
                played = engine.play(chess.Board(fen), limit, game=object(),
                                     info=chess.engine.INFO_BASIC)
                move = played.move.uci()
                nodes += played.info.get("nodes", 0)
                lost = oracle_after(fen, oracle_best(fen)) - oracle_after(fen, move)
                lost = max(0, min(lost, 1000))
                loss += lost
                losses.append(f"{lost} {move} {fen}")
                big += lost >= 100
        finally:
            engine.quit()
        if args.losses:
            with open(f"{args.losses}.{place}", "w") as f:
                f.write("\n".join(losses) + "\n")
        n = max(len(fens), 1)
        budget = f"{args.nodes} nodes" if args.nodes else f"depth {args.depth}"
        print(f"{command}: {len(fens)} positions, {budget}: mean loss {loss / n:.1f} cp, "
              f"{big} moves losing 100 cp or more, {nodes // n} nodes a search", flush=True)
finally:
    oracle.quit()
    if args.cache:
        with open(args.cache, "w") as f:
            json.dump(cache, f)
