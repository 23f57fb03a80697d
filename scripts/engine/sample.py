"""What the scripts comparing fairyrules with another engine share: the positions they
compare on, the two engines and a search of each from a fresh game. Needs python-chess."""
import chess
import chess.engine
import chess.pgn


def sample_fens(path, every=8, plies=(16, 26, 36, 46)):
    """The positions after `plies` of every `every`th game of the PGN at `path` (the games'
    own moves; by default plies 16, 26, 36, 46 of every eighth game), as FENs; positions
    where the game is already over are left out."""
    fens = []
    number = 0
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            number += 1
            if number % every != 1 % every:
                continue
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if ply in plies and not board.is_game_over():
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


def quiet_fens(paths):
    """Every quiet position of the PGNs at `paths` (after ply 8, not in check, not right after
    a capture, the game not over), as FENs in game order (for `eval_compare.py` and
    `eval_terms.py`)."""
    fens = []
    for path in paths:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                board = game.board()
                for move in game.mainline_moves():
                    capture = board.is_capture(move)
                    board.push(move)
                    if board.ply() > 8 and not capture and not board.is_check() \
                            and not board.is_game_over():
                        fens.append(board.fen())
    return fens


def fresh_analyses(engines, fen, limit):
    """Each engine's search of `fen` within `limit`, each from a new game (python-chess sends
    `ucinewgame`: no table left from the previous position)."""
    return [engine.analyse(chess.Board(fen), limit, game=object()) for engine in engines]
