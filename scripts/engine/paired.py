#!/usr/bin/env python3
"""Compare two matches game by game: `paired.py A.pgn B.pgn [NAME]`.

Two `fairyrules match` runs with the same seed play the same openings, but games finish in
a different order, so their Round tags do not line up. This pairs the games of A and B by
what makes them comparable (the Opening tag and the colour our engine had) and reports our
points in each on the pairs both played, with the difference's standard error from the
paired differences: the openings' luck is the same on both sides and drops out. (A few
openings differ between two runs of different builds with the same seed: an opening is kept
only when the built-in engine's short search finds it balanced, and two builds judge a few
differently. Give the second run `--openings-from` the first run's game file, or run both
with one binary and the difference as an engine switch, and every game pairs.)

Our engine is the player whose name contains NAME (default `fairyrules`); in a match of
two fairyrules engines, pass `fairyrules (1)`.
"""
import math
import re
import sys

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def tag(game, name):
    m = re.search(r'\[%s "([^"]*)"\]' % name, game)
    return m.group(1) if m else None


def load(path, ours):
    """Our points by (opening, our colour); a repeated key keeps a count suffix."""
    games = {}
    for g in open(path).read().split("[Event ")[1:]:
        white, black, result = tag(g, "White"), tag(g, "Black"), tag(g, "Result")
        opening = tag(g, "Opening")
        if result not in POINTS or opening is None or white is None or black is None:
            continue
        if ours in white:
            colour, points = "white", POINTS[result]
        elif ours in black:
            colour, points = "black", 1.0 - POINTS[result]
        else:
            continue
        key = (opening, colour)
        n = 0
        while (key, n) in games:
            n += 1
        games[(key, n)] = points
    return games


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    ours = sys.argv[3] if len(sys.argv) == 4 else "fairyrules"
    a, b = load(sys.argv[1], ours), load(sys.argv[2], ours)
    common = sorted(set(a) & set(b))
    if not common:
        sys.exit("no game of one file has a partner (same opening and colour) in the other")
    diffs = [a[k] - b[k] for k in common]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    se = math.sqrt(var / n) * n
    print(f"{len(a)} games in {sys.argv[1]}, {len(b)} in {sys.argv[2]}, {n} paired")
    print(f"on the paired games: {sum(a[k] for k in common):.1f} against {sum(b[k] for k in common):.1f}")
    print(f"difference {mean * n:+.1f} points, standard error {se:.1f} ({mean * n / se if se else 0:+.2f} SE)")


if __name__ == "__main__":
    main()
