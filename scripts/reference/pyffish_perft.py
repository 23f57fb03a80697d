#!/usr/bin/env python3
"""Reference perft counts from pyffish (Fairy-Stockfish as a Python module).

For every variant listed in positions.py this writes tests/data/reference/<file>.ref:
the start position and positions reached by move lines from it, each with perft
counts and the sorted depth-1 move list (format described in
tests/data/reference/NOTES.md).

Perft here is plain recursion over pyffish.legal_moves(variant, start, line + path):
the move list always runs from the start position, so pyffish sees the full
history (repetition counts, check counters, holdings, promoted flags, counting
rules) exactly as in a game, and a position where pyffish's legal_moves is empty
(mate, stalemate, or a game already decided by a variant rule) counts 0 below it.
As a cross-check, depths up to 3 are recomputed from the `fen` line alone
(pyffish.get_fen of the position); any difference is written as a comment.

Each pyffish call costs about 1 ms (the module re-initialises its piece tables per
call), so depth 4 is only computed when the estimate p3*p3/p2 is below --max4
(default 3,000,000) and --depth4 is given; counts already in a .ref file for the
same variant/line/fen are reused.

    python3 scripts/reference/pyffish_perft.py [--only a,b] [--depth4] [--max4 N]
"""
import argparse
import datetime
import os
import sys
import time

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from positions import VARIANTS  # noqa: E402
from pyffish_tools import classify, parse_board  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "tests", "data", "reference")


def perft(variant, start, moves, depth, chess960):
    """Leaf count at `depth` below start+moves, counting bulk at depth 1."""
    legal = sf.legal_moves(variant, start, moves, chess960)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, start, moves + [m], depth - 1, chess960) for m in legal)


def read_existing(path):
    """{(moves, fen): {depth: count}} from an existing .ref file."""
    known = {}
    if not os.path.exists(path):
        return known
    moves = fen = None
    for raw in open(path):
        if raw.startswith("# fen check:") and moves is not None:
            known[(moves, fen)]["fen check"] = raw[len("# fen check:"):].strip()
        line = raw.split("#")[0].strip()
        if not line:
            continue
        key, _, rest = line.partition(" ")
        if key == "moves":
            moves = rest.strip()
        elif key == "fen":
            fen = rest.strip()
            known.setdefault((moves, fen), {})
        elif key == "perft":
            d, n = rest.split()
            known[(moves, fen)][int(d)] = int(n)
    return known


def special_moves(variant, fen, legal, chess960):
    """A comment listing the moves of the root position that exercise a rule."""
    board = parse_board(fen)[0]
    groups = {}
    for m in sorted(legal):
        for t in classify(variant, fen, m, board, chess960):
            if t in ("castle", "promotion", "ep", "gating", "pass", "nonpromotion_choice", "capture_promoted"):
                groups.setdefault(t, []).append(m)
            elif t == "capture":
                groups.setdefault("capture", []).append(m)
            elif t == "drop":
                groups.setdefault("drop", []).append(m)
    out = []
    for t in ("castle", "ep", "promotion", "nonpromotion_choice", "gating", "pass", "capture_promoted", "capture"):
        if t in groups:
            out.append(f"{t}: {' '.join(groups[t])}")
    if "drop" in groups:
        kinds = sorted({m.split('@')[0] for m in groups["drop"]})
        out.append(f"drops: {len(groups['drop'])} ({' '.join(k + '@' for k in kinds)})")
        pawn = next((k for k in kinds if k.upper() == "P"), None)
        if pawn:
            # files with an empty square but no pawn drop at all (nifu in shogi games)
            _, files, _, _ = parse_board(fen)
            empty_files = {chr(97 + f) for f in range(files)
                           if any(f"{chr(97 + f)}{r}" not in board for r in range(1, parse_board(fen)[2] + 1))}
            drop_files = {m.split("@")[1][0] for m in groups["drop"] if m.startswith(pawn + "@")}
            if empty_files - drop_files:
                out.append(f"no {pawn}@ drop on files: {' '.join(sorted(empty_files - drop_files))}")
    return out


def process(spec, args):
    variant = spec["variant"]
    chess960 = spec.get("chess960", False)
    if spec.get("config"):
        sf.load_variant_config(spec["config"])
    start = spec.get("start") or sf.start_fen(variant)
    path = os.path.join(OUT, spec["file"] + ".ref")
    known = read_existing(path)
    lines = [
        f"# how it was made: pyffish {'.'.join(map(str, sf.version()))} ({sf.info()}),"
        f" variant '{variant}', {datetime.date.today().isoformat()},"
        f" scripts/reference/pyffish_perft.py",
    ]
    if chess960:
        lines.append("# pyffish calls made with chess960=True (castling written king-takes-rook, Shredder-FEN)")
    for c in spec.get("comments", []):
        lines.append("# " + c)
    if spec.get("config"):
        lines.append("# variant configuration loaded with pyffish.load_variant_config:")
        lines += ["#   " + c for c in spec["config"].strip().splitlines()]
    lines += [f"variant {variant}", f"start {start}", ""]
    positions = [("start", "-", None)] + [tuple(p) + (None,) * (3 - len(p)) for p in spec["positions"]]
    for label, moves_text, note in positions:
        moves = [] if moves_text == "-" else moves_text.split()
        t0 = time.time()
        fen = sf.get_fen(variant, start, moves, chess960)
        legal = sf.legal_moves(variant, start, moves, chess960)
        counts = dict(known.get((moves_text, fen), {}))
        fen_check = counts.pop("fen check", None)
        for d in (1, 2, 3):
            if d not in counts:
                counts[d] = perft(variant, start, moves, d, chess960)
        if args.depth4 and 4 not in counts and counts[2]:
            estimate = counts[3] * counts[3] / counts[2]
            if estimate <= args.max4:
                counts[4] = perft(variant, start, moves, 4, chess960)
        # cross-check: the same counts from the FEN alone
        if fen_check is None and not args.no_fen_check:
            mismatch = []
            for d in (1, 2, 3):
                n = perft(variant, fen, [], d, chess960)
                if n != counts[d]:
                    mismatch.append(f"perft {d} {n}")
            if mismatch:
                fen_check = "WARNING: from the fen line alone (no move history) pyffish gives " + ", ".join(mismatch)
            else:
                fen_check = "perft 1-3 from the fen line alone agree"
        lines.append(f"position {label}")
        if note:
            lines.append(f"# {note}")
        lines.append(f"moves {moves_text}")
        lines.append(f"fen {fen}")
        if not legal:
            result = sf.game_result(variant, start, moves, chess960)
            lines.append(f"# no legal moves: pyffish game_result = {result}")
        if sf.gives_check(variant, start, moves, chess960):
            lines.append("# side to move is in check")
        for s in special_moves(variant, fen, legal, chess960):
            lines.append("# " + s)
        if fen_check:
            lines.append("# fen check: " + fen_check)
        for d in sorted(counts):
            lines.append(f"perft {d} {counts[d]}")
        lines.append("divide1 " + " ".join(sorted(legal)))
        lines.append("")
        print(f"  {spec['file']}/{label}: {dict(sorted(counts.items()))} ({time.time() - t0:.1f}s)", flush=True)
    os.makedirs(OUT, exist_ok=True)
    with open(path, "w") as fh:
        fh.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="comma-separated file names (default: all)")
    ap.add_argument("--depth4", action="store_true", help="also compute depth 4 where cheap")
    ap.add_argument("--max4", type=int, default=3_000_000, help="largest estimated depth-4 count to compute")
    ap.add_argument("--no-fen-check", action="store_true", help="skip the perft-from-fen cross-check")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    for spec in VARIANTS:
        if only and spec["file"] not in only:
            continue
        print(spec["file"], flush=True)
        process(spec, args)


if __name__ == "__main__":
    main()
