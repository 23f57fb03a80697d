"""What `tree_vs.py` and `depth_at_time.py` share: the positions they compare engines on and
the two engines. Needs python-chess."""
import chess
import chess.engine
import chess.pgn


def sample_fens(path):
    """Plies 16, 26, 36, 46 of every eighth game of the PGN at `path` (the games' own moves),
    as FENs; positions where the game is already over are left out."""
    fens = []
    number = 0
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            number += 1
            if number % 8 != 1:
                continue
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if 16 <= ply <= 46 and (ply - 16) % 10 == 0 and not board.is_game_over():
                    fens.append(board.fen())
                board.push(move)
    return fens


def start_engines(ours_cmd, other_cmd):
    """fairyrules (`OURS uci`) and the other UCI engine, in that order. Quit both when done:
    a script that does not hangs at exit."""
    return [
        chess.engine.SimpleEngine.popen_uci([ours_cmd, "uci"]),
        chess.engine.SimpleEngine.popen_uci(other_cmd),
    ]
