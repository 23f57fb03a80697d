#!/usr/bin/env python3
"""Compare the legal moves of fairyrules and pyffish along random games.

For each variant, plays GAMES random games of at most PLIES plies from the start with
pyffish's moves, and at every ply compares the sorted legal-move lists of pyffish and of
`fairyrules moves FILE --moves ...` (the release binary). Known convention differences are
mapped: pyffish lists a mating Pawn drop in the Shogi family (uchifuzume), which the rules of
Shogi forbid; such drops are taken out of pyffish's list before comparing. A promotion that
offers a single piece is written without its letter by fairyrules (`e5d6` for pyffish's
`e5d6m`), and a move that turns a piece back to its unmarked face without pyffish's `-`;
pyffish's texts are mapped so before comparing.

    python3 scripts/reference/random_games_compare.py VARIANT FILE [GAMES] [PLIES] [SEED]
"""
import random
import subprocess
import sys

import pyffish as sf

BIN = "target/release/fairyrules"


def ours(file, moves):
    out = subprocess.run([BIN, "moves", file, "--moves", *moves] if moves else [BIN, "moves", file],
                         capture_output=True, text=True)
    return sorted(l for l in out.stdout.split() if l)


def theirs(variant, start, moves, shogi_family):
    legal = sf.legal_moves(variant, start, moves)
    if shogi_family:
        legal = [m for m in legal
                 if not (m.startswith("P@") and sf.gives_check(variant, start, moves + [m])
                         and not sf.legal_moves(variant, start, moves + [m]))]
    return sorted(legal)


def single_choice(pyffish_moves, ours):
    """pyffish's moves with the letter of a single-choice promotion dropped where fairyrules
    writes the move without it."""
    texts = {}
    for m in pyffish_moves:
        # A move that turns a `+` piece back: `a1a2-` is `a1a2` in fairyrules.
        if m.endswith("-") and m[:-1] in ours:
            texts[m] = m[:-1]
            continue
        base = m[:-1] if m[-1:].isalpha() and m[-1:].islower() else None
        if base and m not in ours and base in ours:
            siblings = [x for x in pyffish_moves if x[:-1] == base and x[-1:].isalpha()]
            if len(siblings) == 1:
                texts[m] = base
    return [texts.get(m, m) for m in pyffish_moves]


def main():
    variant, file = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    plies = int(sys.argv[4]) if len(sys.argv) > 4 else 120
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    shogi_family = "shogi" in variant or variant == "judkins"
    start = sf.start_fen(variant)
    compared = 0
    for g in range(games):
        moves = []
        for _ in range(plies):
            raw = theirs(variant, start, moves, shogi_family)
            b = ours(file, moves)
            a = sorted(single_choice(raw, set(b)))
            compared += 1
            if a != b:
                print(f"DIFFERENCE {variant} game {g} after {' '.join(moves)}")
                print("  pyffish only:", sorted(set(a) - set(b)))
                print("  fairyrules only:", sorted(set(b) - set(a)))
                print(f"compared {compared} positions")
                return 1
            if not a:
                break
            moves.append(rng.choice(raw))
    print(f"{variant}: {compared} positions in {games} random games agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
