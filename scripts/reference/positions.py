"""The variants and positions the reference data covers.

Each entry: file (name of tests/data/reference/<file>.ref), variant (pyffish name),
optional start (a FEN other than pyffish.start_fen), chess960 (pass chess960=True to
pyffish), config (text for pyffish.load_variant_config), comments (lines copied into
the data file), positions: (label, space-separated moves from the start[, note]).

Lines labelled ply<N>-<features> were found by find_lines.py (biased random games,
greedy cover of the features: captures, promotion, castle / castle-both, ep,
in_check, drops, gating, pass); the rest were found with find_lines.find_game_end
or scripted by hand, as their notes say.
"""
from auto_part1 import AUTO as AUTO1

AUTO = {}
AUTO.update(AUTO1)
try:
    from auto_part2 import AUTO as AUTO2
    AUTO.update(AUTO2)
except ImportError:
    pass
try:
    from auto_part3 import AUTO as AUTO3
    AUTO.update(AUTO3)
except ImportError:
    pass


def v(variant, extra=(), file=None, **kw):
    """An entry with the automatically found lines of `variant` plus `extra`."""
    return dict(file=file or variant, variant=variant, positions=list(AUTO.get(variant, [])) + list(extra), **kw)


# --- Lines found with find_lines.find_game_end (a position where some legal move
# --- ends the game) and the decided position after that move.
KOTH = ("f2f3 f7f6 d2d3 b7b5 b2b3 c7c5 c1f4 d7d6 a2a3 c5c4 e2e4 a7a6 f1e2 b5b4 g2g4 f6f5 d3c4 a8a7 c2c3 "
        "a6a5 c4c5 a7d7 e1d2 d6d5 d2c1 h7h6 c3b4 f5e4 b4a5 e4e3 c1c2 h6h5 c2d3 h8h7")
CHECK3 = ("g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6 a2a3 g6g5 f2f4 d7d6 g1f3 d6d5 f4g5 a7a5 f3e5 h8h7 d2d3 "
          "a5a4 e3e4 d8a5 e1e2 f7f6 c4d5 h6g5 e5c6 b8d7 b1c3 c5c4 e2f2 b7b5 d1h5 h7f7 h2h3 a4b3 c6e5 b3c2 "
          "d3c4 b5b4 d5f7 e8e7")
CHECK5 = ("g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6 a2a3 g6g5 f2f4 d7d6 g1f3 d6d5 f4g5 a7a5 f3e5 h8h7 d2d3 "
          "a5a4 e3e4 d8a5 e1e2 f7f6 c4d5 h6g5 e5c6 b8d7 b1c3 c5c4 e2f2 b7b5 d1h5 h7f7 h2h3 a4b3 c6e5 b3c2 "
          "d3c4 b5b4 d5f7 e8e7 f2f1 b4a3 h5g5 d7b8 c3b1 c8b7 f7h5 c2b1r e5f7 b1b4 h5e2 e7f7 g5e5 a5e5 c1d2 "
          "e5g3 d2e3 b7e4 e3c5 b4b3 c5d6 f8h6 d6c5 e4h1 a1d1 a3a2 e2d3 a2a1q c5a3 g3h4 a3b4 h4g4 d3b1 a1b2 "
          "d1d2 a8a6 d2b2 h1c6 b2b3 g4e6 b1h7 c6e4 b4c5 e6e8 c5b6 a6b6 h7g8 f7g8 f1e2 h6g5 e2f2 b6b5 b3a3 "
          "e4a8 a3f3 e8e3 f2f1 e3c5 f3f6 g8h8 c4b5 c5f8 f6f8 h8g7")
RACE = "h2g3 a2b3 h1h4 c2e4 g3f4 b3a4 f4g5 a4b5 f2c5 b5c6 g5h6 c6b7 h6g7 d1e3"
RACE_FAR = ("f2g3 c2d3 h2h3 b2b3 e1f3 b3c3 g2h2 b1b2 h3h4 a2b3 h4h3 d3a6 g3h4 d2c4 h2g2 c1f4 g2g5 c3e3 h3g4 "
            "b3b4 f1h3 e3e5 g5g8 b4a5 g8c8 a5a4 g1g2 b2e2 g2h2 a4b5 c8h8 b5b6 h8f8 e5e7 f3g1 e2e1 h2f2 f4g5 "
            "g4h5 d1b2 f8f3 e1e2 f3f8 e2e1 f8d8 e1e4 f2f1 b6c5 h5g5 e4d4 f1e1 e7e2 e1e2 a1e1 d8b8 d4d8 e2d2 "
            "d8c8 d2f2 a6b5 f2f6 c8d8 f6e6 d8d4 e6e7 b5a4 b8d8 b2d1 h4f2 c4a3 g5f6 e1e3 f6g7 c5c4")
ATOMIC = "g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6"
ATOMIC_KINGS = "e2e3 g8f6 f1a6 d7d6 e1e2 f6h5 e2e1 e8d7 e1e2 d7c6 a2a4 e7e5 e2d3 d6d5 b2b3 c6c5 d1f1 d8d6 c1b2 c5d4"
EXTINCTION = ("g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6 a2a3 g6g5 f2f4 d7d6 g1f3 d6d5 f4g5 a7a5 f3e5 d8g5 "
              "d2d3 a5a4 e3e4 g5e5 e1g1 b7b5 f1f6 b5c4 e4d5 c8g4 d3c4")
THREEKINGS = "g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1b5 f7f6 a2a3 e5e4 h2h4 b7b6 b5d3 f6f5 c2c4 h7h6 d3f1 d8f6 d2d3"
KINGLET = ("g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6 a2a3 g6g5 f2f4 d7d6 g1f3 d6d5 f4g5 a7a5 f3e5 d8g5 d2d3 "
           "a5a4 e3e4 g5e5 e1g1 b7b5 f1f6 b5c4 e4d5 c8g4 d3c4 h6h5 g1f2 a4b3 f2g1 e5d6 c2c3 g4f3 f6f4 f3d1 "
           "g3g4 b3b2 f4f1 b2a1k g1h1 h5g4 f1f7 a8a7 a3a4 e8f7 b1a3 f8g7 h2h4 g4h3 c1b2 f7f6 b2c1 a1a2 a3c2 "
           "d6e5 c2e1 d1f3 c1b2 h8h6 e1f3 a7f7 f3e5 b8d7 b2c1 h3h2 d5d6 d7b8 e5f7 f6e7 d6e7 a2b2 e7e8k h6e6 "
           "h1h2 e6a6 h2g1 g7c3 e8d8 b2c1 f7h8 c3a1 h8f7 c1c2 f7g5 a6f6 g5e6 f6f3")
CODRUS = ("g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6 c4f7 e8f7 a2a4 b7b6 b1a3 b6b5 a3b5 a7a6 g1e2 a6b5 a4b5 "
          "a8a1 f2f3 a1c1 e2c1 g6g5 e1f2 d7d6 c2c4 c8g4 f3g4 e5e4 f2g2 h6h5 g4h5 h8h5 d1h5 g8h6")
ANTI = ("c2c3 f7f6 f2f4 g7g6 g2g4 d7d5 g1f3 c8g4 f3d4 g4e2 f1e2 e7e6 d4e6 d8d6 e6c7 d6f4 c7d5 f4d2 c1d2 "
        "a7a6 d5f6 g8f6 e2a6 b8a6 d2h6 f8h6 d1d8 e8d8 b2b3 f6g4 e1e2 g4h2 h1h2 a6c7 h2h6 a8a2 h6h7 a2e2 "
        "h7h8 d8c8 h8c8 c7b5 c8d8 b5c3 b1c3 e2a2 c3a2 b7b6 a2c3 g6g5 a1a7 b6b5 c3b5 g5g4 a7a2 g4g3")
GIVEAWAY = ("g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6 c4f7 e8f7 a2a4 b7b6 b1a3 b6b5 a3b5 a7a6 g1e2 a6b5 a4b5 "
            "a8a1 f2f3 a1c1 e2c1 g6g5 e1f2 d7d6 c2c4 c8g4 f3g4 e5e4 f2g2 h6h5 g4h5 h8h5 d1h5 g8h6 h5h6 f8h6 "
            "h2h3 g5g4 h3g4 h6e3 d2e3 b8c6 b5c6 d8e7 g4g5 e7g5 h1f1 g5g3 g2g3 f7e7 f1g1 e7f8 g3h2 f8g8 g1g8 "
            "d6d5 c4d5 c5c4")
LOSERS = ("g2g3 g7g6 e2e3 c7c5 b2b3 e7e5 f1c4 h7h6 c4f7 e8f7 a2a4 b7b6 b1a3 b6b5 a3b5 a7a6 g1e2 a6b5 a4b5 "
          "a8a1 f2f3 a1c1 e2c1 g6g5 e1f2 d7d6 c2c4 c8g4 f3g4 e5e4 f2e2 h6h5 g4h5 h8h5 d2d3 h5h2 h1h2 e4d3 "
          "c1d3 g5g4 d3c5 d6c5 d1d8 b8c6 b5c6 f8d6 d8g8 f7g8 h2h3 g4h3 g3g4 d6b8 g4g5 g8h8 e2d2 h8h7 e3e4 "
          "b8c7 g5g6 h7g6 d2e1 c7d6 e1d1 d6c7 d1c1 c7h2 c1b2 h2g1 b3b4 c5b4 c6c7 g6h6 c7c8q h6g7 c8h3 g1b6 "
          "h3c8 b6c5 c8c5 b4b3")
HORDE = ("f5f6 e7f6 g5f6 f8c5 h4h5 g8f6 d4c5 f6e4 f3e4 d8f6 h5h6 f6g5 f4g5 b8a6 b5a6 g7h6 g5h6 b7a6 c5c6 "
         "f7f5 g4f5 d7d6 c4c5 d6c5 b4c5 c8f5 e4f5 a8d8 f2f4 d8d3")


def ends(name, line, move, what):
    """The position before a game-ending move and the decided position after it."""
    return [(f"{name}-in-1", line, f"{move} {what}"),
            (f"{name}-decided", line + " " + move, f"after {move}: the game is decided ({what})")]


VARIANTS = [
    # ---- Part 1: FIDE chess family and Capablanca family
    v("chess"),
    v("capablanca"), v("gothic"), v("embassy"), v("janus"), v("modern"), v("chancellor"),
    v("shako"), v("courier"), v("almost"), v("amazon"), v("nightrider"),
    v("grasshopper"),
    v("berolina", [("en-passant", "h2g3 h7f5 h1h6 f5e4 f2d4",
                    "f2d4 passed e3: black's e4e3 captures en passant (FEN ep field 'e3d4')")]),
    v("torpedo"), v("pawnsideways"), v("chigorin"),
    v("coregal"), v("newzealand"), v("legan"), v("hoppelpoppel"),
    v("centaur"), v("sortofalmost"), v("perfect"), v("nocastle"), v("georgian"), v("pawnback"),
    v("raazuvaa"), v("paradigm"), v("armageddon"), v("misere"), v("spartan"), v("opulent"),
    v("tencubed"), v("wolf"), v("gardner"), v("losalamos"), v("petrified"),
    # ---- Part 1: historical
    v("shatranj"), v("chaturanga"), v("makruk"), v("makpong"), v("cambodian"), v("asean"),
    v("karouk"), v("ai-wok"), v("shatar"),
    # ---- Part 1: rule families
    v("giveaway", ends("stalemate", GIVEAWAY, "b3c4", "leaves black without moves: stalemate")),
    v("antichess", ends("stalemate", ANTI, "a2g2", "stalemates black, who still has a pawn")),
    v("suicide", ends("stalemate", ANTI, "a2g2", "stalemates black, who still has a pawn")),
    v("losers", ends("win", LOSERS, "b2b3", "leaves black without moves")),
    v("codrus", ends("win", CODRUS, "h5f7", "ends the game")),
    v("3check", ends("third-check", CHECK3, "c3d5", "gives white's third check (white has given 2: FEN 1+2)")),
    v("5check", ends("fifth-check", CHECK5, "f8f7", "gives white's fifth check (FEN 1+3)")),
    v("racingkings", [
        ("king-one-step-from-rank8", RACE, "g7h8 puts the white king on rank 8; black's king b7 can answer"),
        ("white-reached-black-may-follow", RACE + " g7h8",
         "white king on h8, black king on b7 can still reach rank 8: pyffish returns all black moves"),
        ("both-reached", RACE + " g7h8 b7b8", "both kings on rank 8: draw, no legal moves"),
        ("white-reached-black-did-not", RACE + " g7h8 b7c7", "black did not reach rank 8: white wins, no legal moves"),
    ] + ends("goal", RACE_FAR, "g7h8", "puts the white king on rank 8 with the black king far away")),
    v("horde", [("first-rank-double-step", HORDE, "f1f3: a white pawn on rank 1 may step two squares")]),
    v("threekings", ends("king-capture", THREEKINGS, "f6a1", "captures one of white's three kings")),
    v("extinction", ends("extinction", EXTINCTION, "g4d1", "captures white's only queen")),
    v("kinglet", ends("extinction", KINGLET, "e6c5", "captures black's last pawn")),
    v("kingofthehill", ends("centre", KOTH, "d3d4", "puts the white king on d4")),
    v("atomic", [("kings-adjacent", ATOMIC_KINGS, "kings d3 and d4 touch: no checks between them")]
      + ends("explosion", ATOMIC, "c4f7", "explodes the black king on e8")),
    v("atomar"), v("nocheckatomic"),
    v("knightmate"),
]

# ---- Part 2
# A custom variant with holes: chess with wall squares ('*') on c4, f4, c5 and f5.
HOLEY_CONFIG = """
[holeychess:chess]
startFen = rnbqkbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
"""

# Chess960 starting arrays (besides pyffish.start_fen('fischerandom'), the standard one),
# as pyffish normalises them (Shredder-FEN castling letters).
CHESS960_ARRAYS = {
    "rkrnnqbb": "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
    "bbqnnrkr": "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "qnbrkbrn": "qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w GDgd - 0 1",
    "rnkrbbqn": "rnkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/RNKRBBQN w DAda - 0 1",
    "nrbkqbrn": "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
}

GRAND_BLOCKED = ("c3c5 i8i7 d2c1 d8d6 i3i5 d6c5 a3a5 h9j7 g2i1 a8a7 h3h5 h8h7 i2g1 a10a9 d3d4 i7i6 h5i6 "
                 "d9e10 c2h7 e10g10 j3j4 c5d4 g1i2 d4e3 b3b5 f9g7 j1j3 g8h7 i6h7 g9f7 c1c5 f7h8 b2c4 e9d9 c5c7 "
                 "e3f2 b5b6")
GRAND_ONLY_QUEEN = ("j3j5 a10c10 j1d1 f9g7 i2j4 g7d7 a3a4 h8h6 f2f1 c10g10 g2i1 c8c7 c3c5 i8i7 e3e5 h9i10 b3b4 "
                    "f8f7 b4b5 d7b6 d1b1 a8a7 d2e3 f7f6 c5b6 i7i6 d3d4 d9e10 b6b7 e8e7 e2d2 g9j6 g3g5 e9e8 g5f6 "
                    "i10h9 e5e6 j6i8 h2g3 e8f9 i1g2 g8g6 j5i6 c7c6 b5b6 g6g5 b6a7 h9e6 f3f4 e6i10 f4g5 b8a7 g2h1 "
                    "e7f6 g5h6 g10g4 e3f4 f6f5 d2d1 c6c5 f4g4 i8h6 h3h4 h6f4 d4c5 e10e6 i3i4 d8d7 c5c6 f4a9 b7b8 "
                    "e6f6 f1f3 a9b10 b8c9 f5g4")
GRAND_OPTIONAL = ("j1h1 a10e10 c3c5 h8h7 g3g5 b8b6 a1d1 j8j7 h3h5 b6c5 g2h3 e8e6 h5h6 d9j3 h2c7 a8a6 h3e6 "
                  "f9h10 e6g7 g9j6 d3d5 j3i2 g7h9 i2g2 c2h7 g8g7 b2a4 e10b10 h9f10 e9d10 c7f4 j6g9 i3i5 g9f7 "
                  "h7j5 c5c4 h1e1")
JANGGI_BIKJANG = "e4d4 e7d7"


def janggi(name, **kw):
    return v(name, [
        ("bikjang", JANGGI_BIKJANG, "e-file pawns moved aside: the kings face each other (bikjang), white to move"),
        ("bikjang-white-passed", JANGGI_BIKJANG + " e2e2", "white answered the bikjang with a pass (e2e2)"),
    ], **kw)


VARIANTS += [
    v("xiangqi"), v("minixiangqi"),
    janggi("janggi"), janggi("janggicasual"), janggi("janggimodern"), janggi("janggitraditional"),
    v("manchu"),
    v("grand", [
        ("promotion-blocked", GRAND_BLOCKED,
         "black pawn f2 cannot move to f1: black has lost no piece to promote to"),
        ("promotion-only-queen", GRAND_ONLY_QUEEN, "c9c10 must promote, and only to a queen (white's only lost piece)"),
        ("promotion-optional-one-piece", GRAND_OPTIONAL,
         "black c4c3 may stay a pawn or promote, only to a bishop (black's only lost piece)"),
    ]),
    dict(file="chess960", variant="fischerandom", chess960=True,
         positions=list(AUTO["fischerandom"]),
         comments=["chess960 with the standard array (pyffish.start_fen('fischerandom'))"]),
    dict(file="chess960-rkrnnqbb", variant="fischerandom", chess960=True, start=CHESS960_ARRAYS["rkrnnqbb"],
         positions=list(AUTO["fischerandom=" + CHESS960_ARRAYS["rkrnnqbb"]]) + [
             ("queenside-castle", "a2a3 c7c6 d2d4 e8d6 f2f3 b7b6 d4d5 d8e6 f3f4 c8c7 g1e3",
              "black castles queenside b8a8 (king b8-c8, rook a8-d8) after the c8 rook left")]),
    dict(file="chess960-bbqnnrkr", variant="fischerandom", chess960=True, start=CHESS960_ARRAYS["bbqnnrkr"],
         positions=list(AUTO["fischerandom=" + CHESS960_ARRAYS["bbqnnrkr"]]) + [
             ("kingside-castle-king-stays", "d1e3 e8d6 f2f3 f8e8 g2g3",
              "black castles kingside g8h8: the king stays on g8, rook h8-f8")]),
    dict(file="chess960-qnbrkbrn", variant="fischerandom", chess960=True, start=CHESS960_ARRAYS["qnbrkbrn"],
         positions=list(AUTO["fischerandom=" + CHESS960_ARRAYS["qnbrkbrn"]])),
    dict(file="chess960-rnkrbbqn", variant="fischerandom", chess960=True, start=CHESS960_ARRAYS["rnkrbbqn"],
         positions=list(AUTO["fischerandom=" + CHESS960_ARRAYS["rnkrbbqn"]]) + [
             ("queenside-castle-king-stays",
              "b1c3 b8c6 e2e4 g7g6 a2a3 f8h6 c3a2 a8b8 g2g4 b8a8 g1g3 g8g7 f1a6 b7a6 h2h4 h6g5 a3a4 g5d2 d1d2 h7h6",
              "white castles queenside c1a1: the king stays on c1, rook a1-d1")]),
    dict(file="chess960-nrbkqbrn", variant="fischerandom", chess960=True, start=CHESS960_ARRAYS["nrbkqbrn"],
         positions=list(AUTO["fischerandom=" + CHESS960_ARRAYS["nrbkqbrn"]])),
    v("holeychess", config=HOLEY_CONFIG,
      comments=["custom variant: chess with holes (wall squares '*' on c4, f4, c5, f5); no piece may enter,",
                "stop on or pass through a hole (sliders are blocked, knights jump over them)"]),
    v("troitzky"), v("gustav3"), v("omicron"),
]

# ---- Part 3
# Minishogi, scripted: white takes black's e-pawn (pawn in hand) and black walls its
# own king in (rook d5, silver d4); P@e4 is then a pawn-drop mate (uchifuzume).
MINISHOGI_UCHIFUZUME = "c1d2 e4e3 d2e3 c5d4 a1b2 d5c4 b2a1 b5a4 a1b2 a5d5"
# Shogi, from a random game: black's P@i4 mates the white king on i3 (found by search).
SHOGI_UCHIFUZUME = (
    "c1d2 b8e8 c3c4 e8f8 b2d4 b7b6 f1e2 d9d8 h3h4 b6b5 d4g7+ c9b8 d3d4 h8g7 g1g2 B@g8 d1c2 d8c8 c2d3 "
    "g7e5 b3b4 b5b4 P@b5 P@g5 e1d1 e5g3 a1a2 b4b3 c4c5 g3h4 a3a4 h4i3 d3e4 c8d8 i1i3 g5g4 B@b7 e7e6 e2f2 "
    "d8c8 d2d3 e6e5 i3i5 e5e4 b7c8 e4e3 G@c3 f8c8 h2h5 B@c9 h5h7+ P@h4 f2e3 i7i6 d1e2 g9h8 h1i3 h8h7 P@g5 "
    "c7c6 c3b3 P@e7 b3b2 R@b7 P@h8 b7c7 d3c2 c6c5 P@c6 P@b7 g5g6 c5c4 a4a5 b7b6 c2c3 f9g9 e3e4 e9d8 i5i6 "
    "G@f8 g2h1 c4c3 e2d1 S@h6 i6i9+ P@i8 P@i2 g9h8 g6g7+ h6g7 b2c3 c7c6 P@c2 d8c7 e4f4 g8f9 d4d5 c6c5 L@e4 "
    "c5c3+ e4e5 h7g6 d1e1 h4h3 b5b6 c8e8 c2c3 h3h2+ P@g2 e7e6 h1h2 P@h3 f4e4 c7c8 f3f4 c8d9 P@e3 e6e5 e1f2 "
    "P@b2 a2a3 e5e4 h2g3 g4g3 b6b7 G@d1 R@a8 f8g8 a8a7 g3g2 e3e4 b8a7 i9i8 L@i5 i8i7 c9d8 f2g2 S@h7 g2f3 "
    "h8i7 f3e2 P@c6 P@h8 P@a8 P@g2 d8c9 d5d6 L@f6 e2e3 G@c4 d6d7 R@g9 h8h9+ P@e9 N@g4 i5i3 P@h1 c4b3 e4e5 "
    "N@b4 e3f3 e8e5 f3g3 P@d6 P@e4 f9d7 g3h3 e5e4 h3i3 b3c3 a3a4 e4f4 P@e6 d1d2 i3i4 P@h6 h9g9 d7e6 L@b5 "
    "e6b3 P@e7 b3a2+ R@a6 a2c4 g9g8 b4a2+ G@i6 g6g5 i6h7 g7f8 S@b6 c4d5 e7e8+ d9c8 a6a7 c9a7 e8e9 d5g2 i4i3")
# Shogi, from a random game: black holds a pawn; files with a black pawn admit no pawn drop (nifu).
SHOGI_NIFU = ("f1f2 d9d8 f3f4 b7b6 f4f5 e7e6 f2e2 a7a6 g3g4 a9a8 e1f1 i7i6 b3b4 d8e8 i1i2 g9g8 f1e1 e9d9 e2f2 "
              "f9g9 h3h4 e8e7 e1f1 b9a7 h4h5 b8d8 g4g5 i9i7 f1e1 d9e9 g5g6 g9f9 i3i4 e7e8 g6g7+ h8g7 P@g3")
CRAZYHOUSE_FULL_HANDS = ("h2h3 g8f6 b1c3 e7e6 c3d5 f6d5 a2a3 N@g5 f2f3 d5f4 h3h4 g5f3 e2f3 f8c5 d1e2 c5g1 e2e6 "
                         "f4e6 P@a6 b7a6 f1b5 g1h2 f3f4 Q@c6 a1b1 a6b5 h1h2 c6c2 f4f5 e6g5 h4g5 h7h6 h2h6 c2b2 "
                         "c1b2 B@c1 f5f6 g7f6 N@b3 f6g5 b2h8 c1a3")

VARIANTS += [
    v("crazyhouse", [("full-hands", CRAZYHOUSE_FULL_HANDS, "white holds Q R B N P: 254 legal moves")]),
    v("shogi", [
        ("pawn-in-hand-nifu", SHOGI_NIFU, "black has a pawn in hand; no pawn drop on files holding a black pawn"),
        ("pawn-drop-mate-available", SHOGI_UCHIFUZUME,
         "black's P@i4 mates (uchifuzume): pyffish lists it as legal (game_result then scores it as a loss"
         " for the dropper, +32000 for the mated side)"),
        ("pawn-drop-mate-played", SHOGI_UCHIFUZUME + " P@i4", "after the pawn-drop mate: no legal moves"),
    ]),
    v("minishogi", [
        ("pawn-drop-mate-available", MINISHOGI_UCHIFUZUME,
         "white's P@e4 mates (uchifuzume): pyffish lists it as legal (game_result then scores it as a loss"
         " for the dropper)"),
        ("pawn-drop-mate-played", MINISHOGI_UCHIFUZUME + " P@e4", "after the pawn-drop mate: no legal moves"),
    ]),
    v("kyotoshogi"), v("judkins"), v("seirawan"), v("placement"), v("sittuyin"),
]
