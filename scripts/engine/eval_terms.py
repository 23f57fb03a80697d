#!/usr/bin/env python3
"""Which of Fairy-Stockfish's evaluation terms fairyrules's static evaluation misses.

    scripts/engine/eval_terms.py [--fairyrules PATH] [--engine PATH] [--count N] [--max CP]
                                 GAMES.pgn...

Takes up to N (default 2000) quiet chess positions of the games (not in check, not right
after a capture, after ply 8), keeps those Fairy-Stockfish puts within CP (default 600)
centipawns of equality (beyond, specialised endgame evaluations and the race to mate dominate),
asks Fairy-Stockfish's UCI `eval` for its term table and
fairyrules's `eval` for its total, and fits fairyrules's evaluation as a linear combination
of Fairy-Stockfish's terms (each term blended from its middle-game and endgame columns by
Stockfish's game phase, in centipawns, White's view; its "Material" split into piece values
and piece-square tables), least squares with a constant.

A coefficient near 1 says fairyrules scores what that term scores at the same scale; near 0
that it misses it; above 1 that it overdoes it. The spread column (the term's standard
deviation × |1 − coefficient|) estimates how many centipawns of disagreement the term
accounts for: the largest are where the evaluation is worth working on. Needs python-chess.
"""
import math
import random
import re
import statistics
import subprocess
import sys

import chess

from sample import quiet_fens

args = sys.argv[1:]
ours_path, engine_path = "target/release/fairyrules", "/usr/games/fairy-stockfish"
count, limit = 2000, 600
while args and args[0].startswith("--"):
    option, value, args = args[0], args[1], args[2:]
    if option == "--fairyrules":
        ours_path = value
    elif option == "--count":
        count = int(value)
    elif option == "--max":
        limit = int(value)
    else:
        engine_path = value

fens = quiet_fens(args)
random.seed(1)
fens = list(dict.fromkeys(fens))
random.shuffle(fens)
fens = fens[:count]

# Stockfish 11's middle-game piece values and phase limits (types.h, evaluate.cpp), and its
# piece values (middle game, endgame; its trace prints in units of the endgame pawn, 213).
NPM = {chess.KNIGHT: 781, chess.BISHOP: 825, chess.ROOK: 1276, chess.QUEEN: 2538}
VALUES = {chess.PAWN: (128, 213), chess.KNIGHT: (781, 854), chess.BISHOP: (825, 915),
          chess.ROOK: (1276, 1380), chess.QUEEN: (2538, 2682)}
MIDGAME_LIMIT, ENDGAME_LIMIT = 15258, 3915


def phase(fen):
    """Stockfish's game phase, 0 (endgame) to 128 (middle game)."""
    board = chess.Board(fen)
    npm = sum(NPM.get(p.piece_type, 0) for p in board.piece_map().values())
    npm = max(ENDGAME_LIMIT, min(npm, MIDGAME_LIMIT))
    return (npm - ENDGAME_LIMIT) * 128 // (MIDGAME_LIMIT - ENDGAME_LIMIT)


def run(command, setup):
    text = "uci\n" + setup + "isready\n" + "".join(
        f"position fen {fen}\neval\nisready\n" for fen in fens) + "quit\n"
    out = subprocess.run(command, input=text, capture_output=True, text=True).stdout
    return out.split("readyok")[1:]


ROW = re.compile(r"^\s*([A-Za-z][A-Za-z ]*?)\s*\|.*\|\s*([-0-9.]+)\s+([-0-9.]+)\s*$", re.M)
terms, rows = [], []
for fen, chunk, mine in zip(
        fens, run([engine_path], ""),
        run([ours_path, "uci"], "setoption name UCI_Variant value chess\n")):
    total = re.search(r"Total evaluation: ([-0-9.]+)", chunk)
    ours = re.search(r"static evaluation ([-0-9]+) cp", mine)
    if not total or not ours or abs(float(total.group(1)) * 100) > limit:
        continue
    ph = phase(fen)
    values = {}
    for name, mg, eg in ROW.findall(chunk):
        if name != "Total":
            values[name] = (float(mg) * ph + float(eg) * (128 - ph)) / 128 * 100
    # Fairy-Stockfish's "Material" is material and piece-square tables: split them.
    board = chess.Board(fen)
    material = 0.0
    for piece in board.piece_map().values():
        if piece.piece_type in VALUES:
            mg, eg = VALUES[piece.piece_type]
            sign = 1 if piece.color == chess.WHITE else -1
            material += sign * (mg * ph + eg * (128 - ph)) / 128 / 213 * 100
    values["PSQT"] = values.get("Material", 0.0) - material
    values["Material"] = material
    if not terms:
        terms = list(values)
    rows.append(([values.get(t, 0.0) for t in terms], float(total.group(1)) * 100,
                 float(ours.group(1))))


def fit(xs, ys):
    """Least squares y ≈ c + Σ b·x (normal equations, Gaussian elimination)."""
    k = len(xs[0]) + 1
    a = [[0.0] * (k + 1) for _ in range(k)]
    for x, y in zip(xs, ys):
        v = [1.0] + x
        for i in range(k):
            for j in range(k):
                a[i][j] += v[i] * v[j]
            a[i][k] += v[i] * y
    for i in range(k):
        a[i][i] += 1e-6
    for i in range(k):
        p = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[p] = a[p], a[i]
        for r in range(k):
            if r != i and a[i][i]:
                f = a[r][i] / a[i][i]
                for c in range(i, k + 1):
                    a[r][c] -= f * a[i][c]
    return [a[i][k] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


xs = [r[0] for r in rows]
theirs = [r[1] for r in rows]
ours = [r[2] for r in rows]
print(f"{len(rows)} positions; correlation of the totals "
      f"{statistics.correlation(theirs, ours):.3f}")
for label, ys in [("fairyrules", ours), ("Fairy-Stockfish (check)", theirs)]:
    coef = fit(xs, ys)
    pred = [coef[0] + sum(b * x for b, x in zip(coef[1:], row)) for row in xs]
    resid = statistics.pstdev([y - p for y, p in zip(ys, pred)])
    print(f"\n{label} ≈ {coef[0]:.0f} + Σ b·term   (residual sd {resid:.0f} cp)")
    print(f"  {'term':<12} {'b':>6} {'term sd':>8} {'spread':>7}")
    for t, b, col in sorted(zip(terms, coef[1:], zip(*xs)),
                            key=lambda e: -statistics.pstdev(e[2]) * abs(1 - e[1])):
        sd = statistics.pstdev(col)
        print(f"  {t:<12} {b:6.2f} {sd:8.0f} {sd * abs(1 - b):7.0f}")
    if math.isnan(resid):
        break
