#!/usr/bin/env python3
"""Summarise tests/data/reference/*.ref: a notation table (for NOTES.md) or,
with --counts, the positions and perft counts of every file."""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pyffish_tools import parse_board  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "reference")


def files():
    return sorted(glob.glob(os.path.join(OUT, "*.ref")))


def notation_table():
    print("| file | pyffish variant | board | piece letters | castling moves seen | promotion suffixes seen"
          " | drop kinds seen | e.p. seen |")
    print("|---|---|---|---|---|---|---|---|")
    for path in files():
        txt = open(path).read()
        name = os.path.basename(path)[:-4]
        var = re.search(r"^variant (.*)$", txt, re.M).group(1)
        start = re.search(r"^start (.*)$", txt, re.M).group(1)
        board, nfiles, nranks, hold = parse_board(start)
        letters = "".join(sorted({p.strip("+~").lower() for p in board.values() if p != "*"}
                                 | {c.lower() for c in hold if c.isalpha()}))
        castles, promos, eps, drops = set(), set(), set(), set()
        for m in re.findall(r"^# castle: (.*)$", txt, re.M):
            castles |= set(m.split())
        for m in re.findall(r"^# promotion: (.*)$", txt, re.M):
            promos |= set(m.split())
        for m in re.findall(r"^# ep: (.*)$", txt, re.M):
            eps |= set(m.split())
        for m in re.findall(r"^# drops: \d+ \((.*)\)$", txt, re.M):
            drops |= set(m.split())
        suffixes = sorted({re.sub(r"^[a-z]\d+[a-z]\d+", "", p) for p in promos})
        print(f"| {name} | {var} | {nfiles}x{nranks} | {letters} | {' '.join(sorted(castles)[:4]) or '-'} |"
              f" {','.join(suffixes) or '-'} | {' '.join(sorted(drops)) or '-'} | {' '.join(sorted(eps)[:2]) or '-'} |")


def counts():
    for path in files():
        txt = open(path).read()
        print(os.path.basename(path)[:-4])
        for blk in txt.split("\nposition ")[1:]:
            label = blk.split("\n", 1)[0]
            c = re.findall(r"^perft (\d+) (\d+)$", blk, re.M)
            print(f"  {label}: " + " ".join(f"{d}:{n}" for d, n in c))


if __name__ == "__main__":
    counts() if "--counts" in sys.argv else notation_table()
