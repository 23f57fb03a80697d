#!/usr/bin/env python3
"""Perft counts under the inventor's rule that a Pawn drop may not checkmate (uchifuzume).

pyffish lists such a drop as a legal move (its game_result then scores the game as lost
for the dropper). Shogi's rules make it illegal, as fairyrules does. This script counts
with pyffish's move generator and leaves out every `P@` drop that gives check and leaves
the opponent no legal move; every other move is pyffish's.

    python3 scripts/reference/uchifuzume_perft.py VARIANT DEPTH "MOVES FROM THE START"
"""
import sys

import pyffish as sf


def legal(variant, start, moves):
    """pyffish's legal moves without the mating Pawn drops."""
    out = []
    for m in sf.legal_moves(variant, start, moves):
        if m.startswith("P@") and sf.gives_check(variant, start, moves + [m]):
            if not sf.legal_moves(variant, start, moves + [m]):
                continue
        out.append(m)
    return out


def perft(variant, start, moves, depth):
    ms = legal(variant, start, moves)
    if depth == 1:
        return len(ms)
    return sum(perft(variant, start, moves + [m], depth - 1) for m in ms)


if __name__ == "__main__":
    variant, depth, line = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()
    start = sf.start_fen(variant)
    for d in range(1, depth + 1):
        print(f"perft {d} {perft(variant, start, line, d)}")
