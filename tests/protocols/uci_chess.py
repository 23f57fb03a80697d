#!/usr/bin/env python3
"""python-chess (PyPI `chess`) as the UCI client of `fairyrules uci`, in FIDE chess:
the handshake and options, 30 plies played by the engine (fixed time per move, then
clocks), an analysis to depth 6 with two lines, an infinite search stopped, and a
finished game. python-chess checks every move it receives against its own rules; any
warning or error it logs fails the script.

Usage: uci_chess.py FAIRYRULES_BINARY VARIANTS_DIR"""

import time

import chess
import chess.engine

from client_checks import check, engine_command, watch_python_chess


def play_plies(engine, board, plies, limit):
    for _ in range(plies):
        if board.is_game_over():
            board.reset()
        result = engine.play(board, limit)
        check(result.move in board.legal_moves, f"illegal bestmove {result.move} in {board.fen()}")
        if result.ponder is not None:
            after = board.copy()
            after.push(result.move)
            check(result.ponder in after.legal_moves, f"illegal ponder move {result.ponder}")
        board.push(result.move)


def main():
    complaints = watch_python_chess()
    with chess.engine.SimpleEngine.popen_uci(engine_command("uci"), timeout=30) as engine:
        check(engine.id.get("name", "").startswith("fairyrules"), f"id name: {engine.id}")
        variant = engine.options["UCI_Variant"]
        check(variant.default == "chess", f"default variant {variant.default}")
        check({"chess", "capablanca"} <= set(variant.var), f"variants {variant.var}")
        for name in ["Hash", "Threads", "MultiPV", "VariantPath", "Ponder", "Move Overhead"]:
            check(name in engine.options, f"option {name} missing")
        engine.configure({"Hash": 32})

        # 30 plies: 20 at 50 ms a move, 10 on a clock with increment.
        board = chess.Board()
        play_plies(engine, board, 20, chess.engine.Limit(time=0.05))
        play_plies(
            engine,
            board,
            10,
            chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05),
        )
        check(len(board.move_stack) >= 30 or board.is_game_over(), "30 plies played")

        # Analysis to depth 6, two lines.
        infos = engine.analyse(board, chess.engine.Limit(depth=6), multipv=2)
        check(len(infos) >= 1, "an analysis line")
        best = infos[0]
        check(best.get("depth", 0) >= 6, f"depth {best.get('depth')}")
        check("score" in best and best.get("pv"), f"score and pv: {best}")
        check(best["pv"][0] in board.legal_moves, "the line starts with a legal move")

        # An infinite search, stopped after a few iterations.
        with engine.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 3:
                    break
        stopped_at = time.monotonic()
        best_move = analysis.wait()
        delay = time.monotonic() - stopped_at
        check(best_move.move in board.legal_moves, f"bestmove after stop: {best_move}")
        print(f"stop answered after {delay * 1000:.0f} ms")

        # A mated side has no move: python-chess sees `bestmove (none)`.
        mated = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
        check(mated.is_checkmate(), "the position is mate")
        result = engine.play(mated, chess.engine.Limit(time=0.05))
        check(result.move is None, f"a move in a mate: {result.move}")

    check(not complaints.records, f"python-chess complained: {complaints.records}")
    print(f"uci: {len(board.move_stack)} plies, analysis to depth {best['depth']}: ok")


if __name__ == "__main__":
    main()
