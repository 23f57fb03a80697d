"""Helpers shared by the pyffish reference-data scripts: FEN board parsing,
move parsing and move classification (capture / promotion / castling / drop /
en passant), all derived from pyffish output only."""
import re

import pyffish as sf

SQ = r"[a-z](?:\d+)"
MOVE_RE = re.compile(rf"^(?:(?P<dp>\+?[A-Za-z])@(?P<dto>{SQ})|(?P<frm>{SQ})(?P<to>{SQ}))(?P<suffix>.*)$")


def parse_board(fen):
    """Return (board dict square->piece string, files, ranks, holdings string).
    Piece strings keep a leading '+' (promoted, shogi style) and trailing '~'."""
    field = fen.split()[0]
    holdings = ""
    m = re.match(r"^([^\[]*)\[([^\]]*)\]$", field)
    if m:
        field, holdings = m.group(1), m.group(2)
    rows = field.split("/")
    # Some variants write holdings as an extra '/'-separated rank (crazyhouse style);
    # pyffish uses brackets, so rows are ranks only.
    ranks = len(rows)
    board = {}
    files = 0
    for i, row in enumerate(rows):
        r = ranks - i
        f = 0
        for tok in re.findall(r"\d+|\+?[A-Za-z*]~?", row):
            if tok.isdigit():
                f += int(tok)
            else:
                board[f"{chr(97 + f)}{r}"] = tok
                f += 1
        files = max(files, f)
    return board, files, ranks, holdings


def parse_move(move):
    m = MOVE_RE.match(move)
    if not m:
        return None
    if m.group("dp"):
        return {"drop": m.group("dp"), "frm": None, "to": m.group("dto"), "suffix": m.group("suffix")}
    return {"drop": None, "frm": m.group("frm"), "to": m.group("to"), "suffix": m.group("suffix")}


def base(piece):
    return piece.strip("+~") if piece else ""


def is_white(piece):
    return base(piece).isupper()


def classify(variant, fen, move, board=None, chess960=False):
    """Tags for one legal move in the position `fen`."""
    board = board if board is not None else parse_board(fen)[0]
    pm = parse_move(move)
    tags = set()
    if pm is None:
        return {"other"}
    if pm["drop"]:
        tags.add("drop")
        tags.add("drop_" + pm["drop"].lower())
        return tags
    mover = board.get(pm["frm"], "")
    target = board.get(pm["to"])
    if pm["frm"] == pm["to"] and not pm["suffix"]:
        tags.add("pass")
        return tags
    if target and target != "*" and pm["frm"] != pm["to"]:
        if is_white(target) != is_white(mover):
            tags.add("capture")
            if target.startswith("+") or target.endswith("~"):
                tags.add("capture_promoted")
    if base(mover).lower() == "k" and pm["frm"][1:] == pm["to"][1:]:
        df = abs(ord(pm["frm"][0]) - ord(pm["to"][0]))
        own_rook = target and is_white(target) == is_white(mover)
        if df >= 2 or own_rook:
            tags.add("castle")
            tags.add("castle_k" if pm["to"][0] > pm["frm"][0] else "castle_q")
    if base(mover).lower() == "r" and target and base(target).lower() == "k" and is_white(target) == is_white(mover):
        tags.add("castle")  # seirawan: rook-square gating castling h1e1h
        tags.add("castle_k" if pm["frm"][0] > pm["to"][0] else "castle_q")
    suf = pm["suffix"]
    if suf:
        if suf in ("+", "-"):
            tags.add("promotion" if suf == "+" else "nonpromotion_choice")
        elif base(mover).lower() == "p" and "castle" not in tags and variant not in ("seirawan", "shouse"):
            tags.add("promotion")
        elif variant in ("seirawan", "shouse"):
            if base(mover).lower() == "p" and pm["to"][1:] in ("1", "8"):
                tags.add("promotion")
            else:
                tags.add("gating")
        else:
            tags.add("promotion")
    if base(mover).lower() == "p" and not target and ep_field(fen):
        # pawn move to an empty square while an en passant square is set:
        # pyffish.is_capture tells an en passant capture from a plain move.
        if sf.is_capture(variant, fen, [], move, chess960):
            tags.add("ep")
            tags.add("capture")
    if variant in XIANGQI_LIKE:
        same_rank = pm["frm"][1:] == pm["to"][1:]
        same_file = pm["frm"][0] == pm["to"][0]
        kind = base(mover).lower()
        if kind == "p" and same_rank:
            tags.add("pawn_sideways")
        if kind in ("r", "c", "p") and not same_rank and not same_file:
            tags.add("palace_diagonal")
        if kind == "c" and "capture" in tags:
            tags.add("cannon_capture")
    if base(mover).lower() == "p":
        tags.add("pawn")
    elif "castle" not in tags:
        if base(mover).lower() in ("k", "r"):
            tags.add("kr_move")
        elif pm["frm"][1:] in ("1", str(parse_board(fen)[2])):
            tags.add("develop")
    return tags


XIANGQI_LIKE = ("xiangqi", "minixiangqi", "janggi", "janggicasual", "janggimodern", "janggitraditional",
                "manchu", "supply")


def kings_on_file(board):
    """'kings_facing' if the two kings share a file with nothing between,
    'kings_one_between' if exactly one piece stands between them, else None."""
    wk = [s for s, p in board.items() if base(p) == "K"]
    bk = [s for s, p in board.items() if base(p) == "k"]
    if len(wk) != 1 or len(bk) != 1 or wk[0][0] != bk[0][0]:
        return None
    lo, hi = sorted((int(wk[0][1:]), int(bk[0][1:])))
    between = sum(1 for r in range(lo + 1, hi) if board.get(f"{wk[0][0]}{r}"))
    return {0: "kings_facing", 1: "kings_one_between"}.get(between)


def ep_field(fen):
    """True when one of the FEN fields after the side to move is a square."""
    return any(re.match(r"^([a-z]\d+)+$", f) for f in fen.split()[2:4])
