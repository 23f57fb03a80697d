#!/usr/bin/env python3
"""python-chess (PyPI `chess`) as the XBoard (CECP) client of `fairyrules xboard`, in FIDE
chess: the handshake, 30 plies played by the engine (fixed time per move, then a clock),
an analysis to depth 6 (analyze mode, left with `.` and `exit`), an analysis without limit
stopped, and a finished game. python-chess checks every move it receives against its own
rules; any warning or error it logs fails the script (except the `stat01` status line,
which python-chess does not read).

Usage: xboard_chess.py FAIRYRULES_BINARY VARIANTS_DIR"""

import chess
import chess.engine

from client_checks import check, engine_command, watch_python_chess


def play_plies(engine, board, plies, limit):
    for _ in range(plies):
        if board.is_game_over():
            board.reset()
        result = engine.play(board, limit, info=chess.engine.INFO_ALL)
        check(result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}")
        pv = result.info.get("pv")
        if pv:
            check(pv[0] == result.move, f"last line {pv} does not start with {result.move}")
        board.push(result.move)


def main():
    complaints = watch_python_chess(allowed_prefixes=["stat01:"])
    with chess.engine.SimpleEngine.popen_xboard(engine_command("xboard"), timeout=30) as engine:
        check(engine.id.get("name", "").startswith("fairyrules"), f"myname: {engine.id}")
        variants = str(engine.protocol.features.get("variants", "")).split(",")
        check({"normal", "chess", "capablanca"} <= set(variants), f"variants {variants}")
        check(engine.protocol.features.get("analyze") == 1, "feature analyze=1")

        board = chess.Board()
        play_plies(engine, board, 20, chess.engine.Limit(time=0.05))
        play_plies(engine, board, 10, chess.engine.Limit(white_clock=3, black_clock=3))
        check(len(board.move_stack) >= 30 or board.is_game_over(), "30 plies played")

        info = engine.analyse(board, chess.engine.Limit(depth=6))
        check(info.get("depth", 0) >= 6, f"depth {info.get('depth')}")
        check("score" in info and info.get("pv"), f"score and pv: {info}")
        check(info["pv"][0] in board.legal_moves, "the line starts with a legal move")

        with engine.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 3:
                    break
        best = analysis.wait()
        check(best.move in board.legal_moves, f"best move of the analysis: {best}")

        # The engine is asked to move in a finished game: it answers with the result.
        mated = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
        try:
            result = engine.play(mated, chess.engine.Limit(time=0.05))
            check(result.move is None, f"a move in a mate: {result.move}")
        except chess.engine.EngineError as e:
            raise AssertionError(f"go in a finished game: {e}")

    check(not complaints.records, f"python-chess complained: {complaints.records}")
    print(f"xboard: {len(board.move_stack)} plies, analysis to depth 6: ok")


if __name__ == "__main__":
    main()
