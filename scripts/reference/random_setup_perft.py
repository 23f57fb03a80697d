#!/usr/bin/env python3
"""Perft counts from pyffish for start arrays of a shuffled-setup variant (Chess960-like,
castling written king-takes-rook), written as a fairyrules perft file.

The arrays are drawn by `fairyrules setup FILE --seed S`; each is also checked with its
back-rank pieces other than King, Queen and Rooks removed, so that castling is possible at
once. Counts are plain recursion over pyffish.legal_moves (chess960=True).

    python3 scripts/reference/random_setup_perft.py caparandom variants/capablanca-random.toml \\
        --seeds 1 2 3 --depth 3 -o tests/data/perft/capablanca-random.perft
"""
import argparse
import datetime
import re
import subprocess

import pyffish as sf


def perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves, True)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


def keep_castling_pieces(fen):
    """The same position with only Kings, Queens and Rooks left on the back ranks."""
    parts = fen.split(" ")
    rows = parts[0].split("/")
    expand = lambda r: re.sub(r"\d+", lambda m: "." * int(m.group()), r)
    compress = lambda r: re.sub(r"\.+", lambda m: str(len(m.group())), r)
    keep = lambda r: compress("".join(c if c in "KkQqRr." else "." for c in expand(r)))
    rows[0], rows[-1] = keep(rows[0]), keep(rows[-1])
    return " ".join(["/".join(rows)] + parts[1:])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", help="pyffish variant name")
    ap.add_argument("toml", help="the fairyrules variant file")
    ap.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3])
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--binary", default="target/release/fairyrules")
    ap.add_argument("-o", "--out", required=True)
    args = ap.parse_args()
    v = ".".join(str(x) for x in sf.version())
    lines = [
        f"# {args.toml}: perft counts from pyffish {v} (variant '{args.variant}', chess960=True),",
        f"# made by scripts/reference/random_setup_perft.py on {datetime.date.today()}.",
        "# Arrays drawn by `fairyrules setup --seed S`; each also with only Kings, Queens and",
        "# Rooks on the back ranks, where castling is possible at once.",
        "",
        f"variant {args.toml.split('/')[-1]}",
    ]
    for seed in args.seeds:
        fen = subprocess.run([args.binary, "setup", args.toml, "--seed", str(seed)],
                             capture_output=True, text=True, check=True).stdout.strip()
        for label, f in [(f"seed-{seed}", fen), (f"seed-{seed}-open", keep_castling_pieces(fen))]:
            lines += ["", f"position {label}", f"fen {f}"]
            castles = [m for m in sf.legal_moves(args.variant, f, [], True)
                       if f.split(" ")[0] and m[:2] != m[2:4] and is_castle(f, m)]
            if castles:
                lines.append(f"# castle: {' '.join(sorted(castles))}")
            for d in range(1, args.depth + 1):
                lines.append(f"perft {d} {perft(args.variant, f, [], d)}")
    with open(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")
    print("wrote", args.out)


def is_castle(fen, move):
    """King takes own rook (Chess960 notation)."""
    board = {}
    rows = fen.split(" ")[0].split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - i
        f = 0
        for tok in re.findall(r"\d+|.", row):
            if tok.isdigit():
                f += int(tok)
            else:
                board[(f, rank)] = tok
                f += 1
    m = re.match(r"([a-z])(\d+)([a-z])(\d+)", move)
    a = (ord(m.group(1)) - 97, int(m.group(2)))
    b = (ord(m.group(3)) - 97, int(m.group(4)))
    p, q = board.get(a), board.get(b)
    return p is not None and q is not None and p in "Kk" and q in "Rr" and p.isupper() == q.isupper()


if __name__ == "__main__":
    main()
