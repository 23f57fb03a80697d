#!/usr/bin/env python3
"""Two engines' move losses on the same positions, compared position by position.

    scripts/engine/paired_losses.py A B

A and B are files written by `move_quality.py --losses` (one line per position: loss in
centipawns, the move chosen, the position). Prints the mean loss of each, the mean of B's
loss minus A's with its standard error (negative: B chose better), and on how many positions
the two chose different moves. A paired difference is far less noisy than two means apart:
most positions get the same move from both.
"""
import math
import sys


def load(path):
    rows = {}
    with open(path) as f:
        for line in f:
            parts = line.split(" ", 2)
            if len(parts) == 3:
                rows[parts[2].strip()] = (int(parts[0]), parts[1])
    return rows


a, b = load(sys.argv[1]), load(sys.argv[2])
shared = [fen for fen in a if fen in b]
if not shared:
    sys.exit("no positions in common")
diffs = [b[fen][0] - a[fen][0] for fen in shared]
n = len(diffs)
mean = sum(diffs) / n
var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
changed = sum(a[fen][1] != b[fen][1] for fen in shared)
print(f"{n} positions: A {sum(a[f][0] for f in shared) / n:.1f} cp, "
      f"B {sum(b[f][0] for f in shared) / n:.1f} cp; B - A {mean:+.1f} ± {math.sqrt(var / n):.1f} "
      f"cp; {changed} different moves")
